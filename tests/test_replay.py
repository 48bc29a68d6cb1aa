"""Replays of hand records: steps, tallies, leftovers, scores, matches and the JSON object.

The replay of ``docs/examples/seed003-scopa.yaml`` is kept as a golden file; regenerate it
with ``UPDATE_GOLDEN=1 pytest tests/test_replay.py`` after a deliberate change.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import EXAMPLES, ROOT, check_golden
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.game.cards import parse_cards
from tutor.game.rules import load_ruleset, ruleset_names
from tutor.game.state import GameState
from tutor.records.record import record_from_moves
from tutor.records.recordfile import load_path, loads
from tutor.records.replay import replay_hand, replay_match

SEED_REL = "docs/examples/seed003-scopa.yaml"


def seed_replay_json() -> dict:
    records = loads((ROOT / SEED_REL).read_text(encoding="utf-8"), SEED_REL)
    return replay_match(records).to_json()


def test_seed003_golden_json() -> None:
    got = json.dumps(seed_replay_json(), indent=2, ensure_ascii=False) + "\n"
    check_golden("seed003-scopa.json", got)


def test_json_keys() -> None:
    obj = seed_replay_json()
    for key in (
        "file",
        "ruleset",
        "deck",
        "players",
        "sides",
        "plays",
        "leftover",
        "score",
        "hands",
        "match",
    ):
        assert key in obj
    assert obj["file"] == SEED_REL and obj["ruleset"] == "scopa" and obj["deck"] == "french"
    assert obj["players"] == ["You", "Ada"] and obj["sides"] == ["You", "Ada"]
    play = obj["plays"][0]
    assert set(play) == {"number", "player", "card", "captured", "scopa", "table", "note", "tally"}
    assert play["tally"][0] == {"side": "You", "cards": 3, "denari": 1, "scope": 0}
    side = obj["score"]["sides"][0]
    for key in (
        "players",
        "cards",
        "denari",
        "settebello",
        "primiera",
        "primiera_cards",
        "scope",
        "points",
        "breakdown",
    ):
        assert key in side
    assert set(obj["match"]) >= {"target", "hands", "totals", "winner", "over"}
    assert len(obj["hands"]) == 1 and obj["hands"][0]["plays"] == obj["plays"]
    json.dumps(obj)  # plain JSON types only


def test_seed003_steps_scope_and_leftover() -> None:
    [hand] = load_path(EXAMPLES / "seed003-scopa.yaml")
    r = replay_hand(hand)
    assert [s.number for s in r.steps] == list(range(1, 37))
    assert [s.number for s in r.steps if s.scopa] == [5, 7]
    assert r.steps[3].captured == parse_cards("AS QD", "french")
    assert r.steps[3].table_text == "4H 3H"
    # leftovers: Ada captured last and takes the 4S
    assert r.leftover is not None and r.leftover.player == "Ada"
    assert r.leftover.cards == parse_cards("4S", "french")
    assert r.steps[-1].table == []
    last = r.steps[-1].tally
    assert r.score is not None
    assert [(t.cards, t.denari, t.scope) for t in last] == [
        (s.cards, s.denari, s.scope) for s in r.score.sides
    ]
    assert r.score.points() == [5, 1]
    obj = r.to_json()
    assert obj["leftover"] == {"player": "Ada", "cards": ["4S"]}
    assert obj["score"]["sides"][0]["points"] == 5
    assert obj["score"]["sides"][1]["breakdown"]["primiera"] == 1


def test_table_keeps_the_order_cards_were_laid() -> None:
    [hand] = loads(
        "ruleset: scopa\nplayers: [A, B]\ntable: [RD, 2C, 9S, 4B]\n"
        "deals: [{A: [3D, 5C, FB], B: [6S, 7S, AC]}]\nplays: [3D, 6S x 2C 4B, 5C]\n"
    )
    steps = replay_hand(hand).steps
    assert [s.table_text for s in steps] == ["RD 2C CS 4B 3D", "RD CS 3D", "RD CS 3D 5C"]
    assert steps[1].captured == parse_cards("2C 4B")


def test_scopa_match_json() -> None:
    records = load_path(EXAMPLES / "scopa-match.yaml")
    m = replay_match(records)
    obj = m.to_json()
    assert len(obj["hands"]) == len(records)
    assert obj["plays"] == obj["hands"][-1]["plays"]
    assert obj["players"] == records[-1].players
    match = obj["match"]
    assert match["over"] is True and match["target"] == 11
    assert len(match["hands"]) == len(records)
    assert [sum(col) for col in zip(*match["hands"], strict=True)] == match["totals"]
    winner = match["winner"]
    assert winner is not None and len(winner) == 1
    win_side = match["sides"].index(winner[0])
    assert match["totals"][win_side] >= 11 > min(match["totals"])


def test_unfinished_hand_has_no_score() -> None:
    [hand] = load_path(EXAMPLES / "seed003-scopa.yaml")
    m = replay_match([hand.cut(20)])
    obj = m.to_json()
    assert obj["score"] is None and obj["leftover"] is None and len(obj["plays"]) == 20
    assert obj["match"]["hands"] == [] and obj["match"]["totals"] == [0, 0]
    assert obj["match"]["winner"] is None and obj["match"]["over"] is False
    with pytest.raises(ValueError):
        replay_match([])


def test_scopone_sides_and_tally() -> None:
    [hand] = load_path(EXAMPLES / "scopone-hand.yaml")
    r = replay_hand(hand)
    assert [t.name for t in r.steps[0].tally] == ["North-South", "East-West"]
    assert sum(s.scopa for s in r.steps) >= 1
    assert r.score is not None and [s.players for s in r.score.sides] == [
        ["South", "North"],
        ["West", "East"],
    ]
    # the greedy sample hand has notes on its first plays
    assert r.steps[0].note and r.steps[2].note


@st.composite
def played_records(draw: st.DrawFn):
    rules = load_ruleset(draw(st.sampled_from(ruleset_names())))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = GameState.random(rules, rng)
    table, deals = state.table, [[k for k, _ in d] for d in state.deals]
    moves = []
    for _ in range(draw(st.integers(0, rules.plays_per_hand))):
        m = rng.choice(state.legal_moves())
        state.push(m)
        moves.append(m)
    return record_from_moves(rules, table, deals, moves)


@settings(max_examples=40, deadline=None)
@given(played_records())
def test_every_card_is_somewhere_after_each_play(rec) -> None:
    r = replay_hand(rec)
    rs = rec.ruleset
    for s in r.steps:
        in_piles = sum(t.cards for t in s.tally)
        played = s.number
        assert in_piles + len(s.table) == rs.table_cards + played
        assert len(set(s.table)) == len(s.table)
        assert sum(t.scope for t in s.tally) == sum(x.scopa for x in r.steps[: s.number])
    if len(rec.plays) == rs.plays_per_hand:
        assert r.score is not None and sum(t.cards for t in r.steps[-1].tally) == 40
    else:
        assert r.score is None


def test_each_side_of_a_score_is_named_as_the_seats_turn() -> None:
    """Bug (JSON sweep): a hand's score gave each side only as an index, into that hand's own
    ``sides``; in a match the seats turn, so side 0 was Bruno in one hand and Carla in the
    next, while the tallies and the match name the sides."""
    data = replay_match(load_path(EXAMPLES / "scopa-match.yaml")).to_json()
    seen = set()
    for hand, points in zip(data["hands"], data["match"]["hands"], strict=True):
        for entry in hand["score"]["sides"]:
            assert entry["name"] == hand["sides"][entry["side"]]
            assert entry["players"] == [entry["name"]]  # one player a side in scopa
            # the match's row gives the same points under the same name
            assert points[data["match"]["sides"].index(entry["name"])] == entry["points"]
            seen.add((entry["side"], entry["name"]))
    assert seen >= {(0, "Bruno"), (0, "Carla")}  # the index alone names two sides


def test_each_step_keeps_the_position_before_its_play() -> None:
    """The replay page shows the position each play was made from: the table before it and
    each hand as far as the record gives it (a partial record hides the others' cards)."""
    [hand] = load_path(EXAMPLES / "seed003-scopa.yaml")
    r = replay_hand(hand)
    first, seventh = r.steps[0], r.steps[6]
    assert first.table_before == list(hand.table) and first.hidden == [0, 0]
    assert first.hands == [sorted(parse_cards(c, "french")) for c in ("7D 7H AS", "3H KC JD")]
    assert seventh.table_before == parse_cards("JD", "french")  # after deal 1's last play
    assert seventh.hands[0] == sorted(parse_cards("JS 6D 2H", "french"))
    for before, after in zip(r.steps, r.steps[1:], strict=False):
        assert after.table_before == before.table
    [partial] = load_path(EXAMPLES / "partial-view.yaml")
    steps = replay_hand(partial).steps
    assert steps[0].hidden == [0, 9, 9, 9] and len(steps[0].hands[0]) == 9
    assert steps[1].hands[1] == [] and steps[1].hidden[1] == 9
