"""The review: classes and thresholds, exact where exact, planted mistakes, forced moves,
reproducibility, hands from the plays, the JSON, and the commands."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tutor.cli import app
from tutor.cli.core import EXIT_BAD_INPUT, EXIT_USAGE
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState, Move
from tutor.records.record import record_from_moves
from tutor.records.recordfile import load_path
from tutor.review.hands import known_hands, reveal_hands
from tutor.review.judge import (
    CLASSES,
    THRESHOLDS,
    JudgeError,
    Judgement,
    Settings,
    classify,
    judge,
)
from tutor.review.observations import Observation
from tutor.review.planted import plant_missed_scopa
from tutor.review.review import review_record, weigh
from tutor.search.analysis import MoveEstimate, analyse
from tutor.search.players import ChitarrellaPlayer, seat_view
from tutor.search.solver import solve

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SEED003 = str(EXAMPLES / "seed003-scopa.yaml")
runner = CliRunner()
PLAIN_ENV: dict[str, str | None] = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None}
FAST = Settings(samples=40, time=None, workers=1)
"""Small, untimed budgets: the tests stay quick and their answers do not depend on the machine."""


def run(*args: str) -> Result:
    return runner.invoke(app, list(args), env=PLAIN_ENV)


# -- classes ----------------------------------------------------------------------------------


def test_thresholds_table() -> None:
    assert [name for name, _ in THRESHOLDS] == list(CLASSES[1:])
    bounds = [low for _, low in THRESHOLDS]
    assert bounds == sorted(bounds) and bounds[0] == 0.0
    for (name, low), nxt in zip(THRESHOLDS, [*THRESHOLDS[1:], None], strict=True):
        assert classify(low) == name
        if nxt is not None:
            assert classify((low + nxt[1]) / 2) == name
            assert classify(nxt[1] - 1e-6) == name
    assert classify(7.0) == "blunder"


def test_the_docs_give_the_same_thresholds() -> None:
    text = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")
    for (name, low), nxt in zip(THRESHOLDS, [*THRESHOLDS[1:], None], strict=True):
        hi = f" {nxt[1]:g} " if nxt else " "
        assert f"| `{name}` | {low:g} |{hi}|" in text


# -- exact where exact is possible -------------------------------------------------------------


def random_scopa_record(seed: int) -> object:
    rules = load_ruleset("scopa")
    rng = random.Random(seed)
    state = GameState.random(rules, rng)
    table = state.table
    deals = [[known for known, _ in deal] for deal in state.deals]
    moves = []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        state.push(move)
        moves.append(move)
    return record_from_moves(rules, table, deals, moves)


def test_last_deal_of_scopa_is_judged_exactly() -> None:
    """Over 50 random hands, every decision of the last deal costs exactly the solver's
    difference, and its class follows the table."""
    checked = 0
    for seed in range(50):
        record = random_scopa_record(seed)
        last = range(31, 37)
        review = review_record(record, [0, 1], settings=FAST, plays=last)  # type: ignore[arg-type]
        assert [d.play for d in review.decisions] == list(last)
        for d in review.decisions:
            state = record.state_at(d.play - 1)  # type: ignore[attr-defined]
            values = {m.move: m.value for m in solve(state.copy()).moves}
            best = max(values.values())
            j = d.judgement
            assert j.cost == best - values[d.move] == j.low == j.high
            assert values[j.best] == best
            checked += 1
            if len(values) == 1:
                assert j.classification == "forced" and j.samples == 0
                continue
            assert j.exact and j.samples == 1
            if len(set(values.values())) == 1:
                assert j.classification == "forced"
            else:
                assert j.classification == classify(j.cost) and not j.uncertain
    assert checked == 300


# -- forced moves ---------------------------------------------------------------------------------


def test_one_legal_move_is_forced_with_no_cost() -> None:
    record = load_path(SEED003)[0]
    review = review_record(record, ["You", "Ada"], settings=FAST, plays=[5, 6, 11, 12])
    for d in review.decisions:
        state = record.state_at(d.play - 1)
        assert len(state.legal_moves()) == 1
        j = d.judgement
        assert j.classification == "forced"
        assert (j.cost, j.low, j.high, j.uncertain) == (0.0, 0.0, 0.0, False)


def test_judge_refuses_an_illegal_move_and_a_hidden_hand() -> None:
    state = load_path(SEED003)[0].state_at(0)
    with pytest.raises(JudgeError, match="not a legal move"):
        judge(state, Move(0, 0), FAST)  # AD is not in You's hand
    partial = load_path(EXAMPLES / "partial-view.yaml")[0].state_at(1)  # West to move
    with pytest.raises(JudgeError, match="not known"):
        judge(partial, Move(partial.unplaced().bit_length() - 1, 0), FAST)


# -- planted mistakes -------------------------------------------------------------------------


def test_planted_missed_scopas_are_flagged_and_mostly_costly() -> None:
    rules = load_ruleset("scopa")
    planted = []
    seed = 0
    while len(planted) < 8:
        p = plant_missed_scopa(rules, seed)
        seed += 1
        if p is not None:
            planted.append(p)
    severe = 0
    for p in planted:
        mover = p.record.state_at(p.play - 1).turn
        review = review_record(p.record, [mover], settings=FAST, plays=[p.play])
        (d,) = review.decisions
        codes = [o.code for o in d.observations]
        assert "missed-scopa" in codes
        severe += d.judgement.classification in ("mistake", "blunder")
    assert severe / len(planted) > 0.5  # the rate is reported by `tutor bench review --planted`


def test_a_planted_hand_replays_the_rest_with_the_players() -> None:
    p = plant_missed_scopa(load_ruleset("scopa"), 0)
    assert p is not None and p.record.is_finished()
    state = p.record.state_at(p.play - 1)
    assert p.played in state.legal_moves() and p.played not in p.sweeps
    # the plays after the plant are the rule-based player's own choices
    player = ChitarrellaPlayer()
    after = p.record.state_at(p.play)
    assert p.record.moves()[p.play] in after.legal_moves()
    assert player.scores(seat_view(after))  # a real position the player could choose in


# -- sampling: paired, adaptive, reproducible ----------------------------------------------------


def test_analysis_continues_in_rounds_with_the_same_samples() -> None:
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    state = record.state_at(24)
    whole = analyse(state, samples=12, seed=3)
    first = analyse(state, samples=5, seed=3)
    rest = analyse(state, samples=7, seed=3, first=5)
    assert first.values + rest.values == whole.values


def test_same_seed_same_review_with_any_number_of_workers() -> None:
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    plays = [5, 29]
    settings = Settings(samples=30, time=None, workers=1, seed=4)
    one = review_record(record, ["South"], settings=settings, plays=plays).to_json()
    two = review_record(
        record, ["South"], settings=Settings(samples=30, time=None, workers=2, seed=4), plays=plays
    ).to_json()
    assert one == two
    assert [d["play"] for d in one["decisions"]] == plays


def test_an_uncertain_class_is_the_milder_one() -> None:
    record = load_path(SEED003)[0]
    review = review_record(record, ["You"], settings=Settings(samples=20, time=None, workers=1))
    for d in review.decisions:
        j = d.judgement
        if j.classification == "forced":
            continue
        assert j.low <= j.cost <= j.high
        if j.uncertain:
            assert classify(j.low) != classify(j.high)
            assert j.classification == classify(j.low)
        else:
            assert j.classification == classify(j.low) == classify(j.high)


# -- hands from the plays ---------------------------------------------------------------------


def test_a_complete_record_reveals_every_hand() -> None:
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    assert not known_hands(record)
    full = reveal_hands(record)
    assert known_hands(full)
    assert full.moves() == record.moves()
    # any player can be reviewed, though the record gives only South's cards
    review = review_record(record, ["West"], settings=FAST, plays=[34])
    assert [d.player for d in review.decisions] == ["West"]


def test_a_record_that_stops_mid_hand_is_reviewed_up_to_its_last_play() -> None:
    record = load_path(SEED003)[0].cut(16)
    review = review_record(record, ["You", "Ada"], settings=FAST)
    assert [d.play for d in review.decisions] == list(range(1, 17))
    cut = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    cut.deals = [{"South": cut.deals[0]["South"]}]
    partial = cut.cut(6)
    review = review_record(partial, ["South", "West"], settings=Settings(samples=10, time=None))
    assert [d.play for d in review.decisions] == [1, 5]  # West's hand is not known yet
    assert [n for n, _ in review.skipped] == [2, 6]


# -- the JSON and the commands ----------------------------------------------------------------


def test_review_json_has_exactly_the_issues_keys() -> None:
    result = run("review", SEED003, "--as", "You", "--samples", "10", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"ruleset", "hand", "seed", "decisions", "summary"}
    assert data["ruleset"] == "scopa" and data["hand"] == 1 and data["seed"] == 0
    keys = {"play", "player", "move", "best", "cost", "low", "high", "class", "uncertain",
            "exact", "samples", "observations", "hindsight"}  # fmt: skip
    for d in data["decisions"]:
        assert set(d) == keys
        assert d["player"] == "You" and d["class"] in CLASSES
        assert d["hindsight"] is None
        for o in d["observations"]:
            assert set(o) == {"code", "text", "maxim"}
    assert [d["play"] for d in data["decisions"]] == list(range(1, 37, 2))
    assert data["decisions"][2]["move"] == "7H x 3H 4H"
    summary = data["summary"]["You"]
    assert set(summary) == {"counts", "points_lost", "accuracy"}
    assert set(summary["counts"]) == set(CLASSES) and sum(summary["counts"].values()) == 18
    assert math.isclose(summary["points_lost"], sum(d["cost"] for d in data["decisions"]),
                        abs_tol=1e-3)  # fmt: skip


def test_review_hindsight_is_labelled() -> None:
    result = run("review", SEED003, "--as", "You", "--samples", "10", "--workers", "1",
                 "--hindsight", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    shown = [d["hindsight"] for d in data["decisions"] if d["class"] != "forced"]
    assert shown and all(h and "hindsight" in h["label"] for h in shown)
    late = [d for d in data["decisions"] if d["play"] >= 31 and d["hindsight"]]
    assert all(d["hindsight"]["exact"] for d in late)


def test_review_text_lists_decisions_and_summary() -> None:
    result = run("review", SEED003, "--all", "--samples", "10", "--workers", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "took-scopa" in out and "Summary" in out and "accuracy" in out
    assert " 3  You  AS" in out


def test_explain_at_a_point_of_a_record() -> None:
    result = run("explain", SEED003, "--at", "2", "--samples", "10", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["player"] == "You" and data["play"] == 3
    by_move = {m["move"]: m for m in data["moves"]}
    take, lay = by_move["7H x 3H 4H"], by_move["AS"]
    assert take["leaves"] == ["QD"] and take["sweep"]["value"] == 9
    assert 0 < take["sweep"]["probability"] < 1
    assert "sweepable-table" in [o["code"] for o in take["observations"]]
    assert lay["sweep"] is None and "safe-table" in [o["code"] for o in lay["observations"]]
    assert take["flipped"] == [3, 4, 7] and lay["flipped"] == []
    text = run("explain", SEED003, "--at", "2", "--samples", "10", "--workers", "1").stdout
    assert "any 9 sweeps it" in text and "no single card sweeps it" in text


def test_the_capture_rule_explain_still_works() -> None:
    result = run("explain", "-r", "scopa", "-t", "2C 5S", "7D", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["card"] == "7D"
    assert run("explain", "7D").exit_code == EXIT_USAGE


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (("review", SEED003, "--as", "Bob"), EXIT_BAD_INPUT, "no such player"),
        (("review", SEED003, "--as", "You", "--all"), EXIT_USAGE, "--all"),
        (("review", "nowhere.yaml"), EXIT_BAD_INPUT, "nowhere.yaml"),
        (("explain", SEED003, "--at", "40"), EXIT_BAD_INPUT, "--at 40"),
        (("explain", SEED003, "--at", "36"), EXIT_BAD_INPUT, "the hand is over"),
        (("explain", SEED003, "--at", "2", "--as", "Ada"), EXIT_BAD_INPUT, "You's to make"),
    ],
)
def test_bad_input_gets_one_line(args: tuple[str, ...], code: int, fragment: str) -> None:
    result = run(*args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and fragment in result.stderr


def test_a_maxim_is_not_a_verdict() -> None:
    """Where a maxim and the analysis disagree, the review says both, with the numbers."""
    played, other = Move(6, 0), Move(16, 0)
    moves = (MoveEstimate(played, 1.0, 0.9, 1.1, 50), MoveEstimate(other, 0.6, 0.5, 0.7, 50))
    j = Judgement(played, played, 0.0, 0.0, 0.01, "best", False, False, 50, moves, "decided")
    seven = Observation("offers-seven", "7D leaves 7D.", "do-not-offer-sevens", probability=0.0)
    said = weigh(seven, j).text
    assert said.startswith("7D leaves 7D. The maxim says: do not leave a seven")
    assert "costs nothing" in said and "no opponent can hold a seven" in said
    sweep = Observation("sweepable-table", "t.", "keep-the-table-above-ten", move=other)
    assert "the analysis values 7C 0.40 lower" in weigh(sweep, j).text
    bad = replace(j, best=other, cost=0.7, low=0.6, high=0.8, classification="mistake")
    assert weigh(seven, bad) == seven  # the maxim and the analysis agree: nothing to add
    praise = Observation("took-scopa", "t.", "take-the-scopa", against=False)
    assert "the analysis finds 7C better by 0.70" in weigh(praise, bad).text
    assert weigh(praise, replace(bad, uncertain=True)) == praise  # no claim the samples lack


@pytest.mark.parametrize("command", [["review"], ["bench", "review"], ["explain"]])
def test_help_shows_an_example(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Example" in text and "tutor " + " ".join(command) in text
    if command == ["explain"]:
        assert "--at" in text
