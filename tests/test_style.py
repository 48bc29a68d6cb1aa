"""The style of play read from the hand: departures from the immediate gain, and the styles'
posterior that sets the tells' priors."""

from __future__ import annotations

import functools
import math
import random

import pytest
from helpers import endgame, play
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.counting.style import (
    CARRY_RETURN,
    GAIN_KINDS,
    STYLE_PRIOR,
    STYLES,
    best_gain,
    carry_styles,
    departures,
    gain_terms,
    parse_stated_style,
    passed_gains,
    play_evidence,
    stated_style,
    style_posterior,
)
from tutor.counting.tells import FAMILIES, learn_tells
from tutor.counting.tracker import history, viewer_state
from tutor.counting.trust import weigh_readings
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.scoring import immediate_gain
from tutor.game.state import GameState, moves_of, random_deal
from tutor.search.roster import make_player
from tutor.search.simulate import move_seed, play_hand


def test_a_smaller_capture_than_a_card_held_is_a_departure(scopone: Ruleset) -> None:
    s = endgame(scopone, "3D 4C", ["3S 7S", "5S QC", "6S JC", "6C KD"])
    play(s, "3S x 3D")  # West takes one card, holding 7S that sweeps 3D 4C
    assert departures(history(s), scopone) == {0: (0, 0)}  # 7S not played yet: unknown
    play(s, "QC", "JC", "KD")
    play(s, "7S")  # now it is known West held 7S at play 1
    record = departures(history(s), scopone)
    assert record[0] == (1, 1)
    assert record[1] == record[2] == record[3] == (0, 0)


def test_the_better_capture_is_no_departure(scopone: Ruleset) -> None:
    s = endgame(scopone, "3D 4C", ["3S 7S", "5S QC", "6S JC", "6C KD"])
    play(s, "7S x 3D 4C", "QC", "JC", "KD", "3S")
    assert departures(history(s), scopone)[0] == (1, 0)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), name=st.sampled_from(["scopone-scientifico", "scopa"]))
def test_a_greedy_player_never_departs(seed: int, name: str) -> None:
    from tutor.game.rules import load_ruleset

    rules = load_ruleset(name)
    sides = [make_player("greedy") for _ in range(rules.sides)]
    table, deals = random_deal(rules, random.Random(seed))
    final = play_hand(rules, table, deals, sides, lambda ply: move_seed(seed, 0, "t", ply))
    record = departures(history(final), rules)
    assert all(d == 0 for _, d in record.values())
    assert sum(n for n, _ in record.values()) > 0
    if name == "scopone-scientifico":  # nine cards each from one deal: 36 pairs a player
        assert all(n == 36 for n, _ in record.values())


def test_the_posterior_follows_the_plays() -> None:
    names = [st.name for st in STYLES]
    grabbing = (20, {"grabber": -5.0, "careful": -12.0, "careless": -30.0})
    random_ = (20, {"grabber": -60.0, "careful": -45.0, "careless": -40.0})
    never = style_posterior({1: grabbing}, viewer=0, seats=(1,))[1]
    often = style_posterior({1: random_}, viewer=0, seats=(1,))[1]
    assert never["grabber"] > 0.95 and often["careless"] > 0.95
    assert sum(never.values()) == pytest.approx(1) and set(never) == set(names)
    # the viewer's own plays say nothing of the others; the rest of the table does
    alone = style_posterior({0: grabbing}, viewer=0, seats=(0, 1))[1]
    assert alone["grabber"] == pytest.approx(1 / 3)
    table = style_posterior({2: grabbing}, viewer=0, seats=(1, 2))[1]
    assert table["grabber"] > 0.5


def test_a_play_below_the_gain_is_evidence_against_a_grabber(scopone: Ruleset) -> None:
    s = endgame(scopone, "3D 4C", ["3S 7S 2S", "5S QC 2C", "6S JC 2H", "6C KD 2D"])
    play(s, "3S x 3D")  # 7S (if held) would have swept 3D 4C
    before = play_evidence(history(viewer_state(s, 3)), viewer_state(s, 3), 3)[0][1]
    # while 7S is unseen, P(no sweeping card among West's cards) < 1 weighs against a grabber
    assert before["grabber"] < 0 and before["careless"] == pytest.approx(-math.log(3))
    play(s, "QC", "JC", "KD", "7S")  # now West is known to have held 7S at play 1
    view = viewer_state(s, 3)
    _, after = play_evidence(history(view), view, 3)[0]
    assert after["grabber"] < before["grabber"] and after["grabber"] < after["careful"] - 1
    west = style_posterior(play_evidence(history(view), view, 3), 3, range(4))[0]
    assert west["grabber"] < 0.1


def test_passed_up_gains_are_counted_by_kind_and_weighed_by_style(scopone: Ruleset) -> None:
    s = endgame(scopone, "5C 7S", ["KD 2S 3S", "5S QC 2C", "6S JC 2H", "6C 4D 2D"])
    play(s, "KD")  # West lays a denaro king: a 5 would have taken 5C, a 2 been cheaper to lay
    view = viewer_state(s, 3)
    passed = passed_gains(history(view), view, 3)
    assert set(passed) == {0}
    assert passed[0][5] == (0, 0, 1, 0)  # a capture passed up
    assert passed[0][2] == passed[0][3] == (0, 0, 0, 1)  # a cheaper card to lay
    # a careful player's cheaper lays say nothing (the chitarrella player's data); the capture
    # passed up keeps its κ; a grabber's every passed-up gain is all but certain
    careful = gain_terms(passed, {0: {"careful": 1.0}})
    assert [(t.values, t.some) for t in careful] == [((5,), STYLES[1].passed_gain[2])]
    grabber = gain_terms(passed, {0: {"grabber": 1.0}})
    assert {t.values[0] for t in grabber} == set(passed[0])
    assert all(t.some == STYLES[0].passed_gain[0] for t in grabber)
    assert STYLES[1].passed_gain[3] == 1.0 > STYLES[1].passed_gain[2] > STYLES[1].passed_gain[0]
    assert all(len(style.passed_gain) == len(GAIN_KINDS) for style in STYLES)


def test_the_style_sets_the_tells_prior(scopone: Ruleset) -> None:
    view = viewer_state(GameState.random(scopone, 1), 3)
    grabber = {s: {"grabber": 1.0} for s in range(3)}
    careful = {s: {"careful": 1.0} for s in range(3)}
    low = learn_tells(view, 3, [], grabber)[0]
    high = learn_tells(view, 3, [], careful)[0]
    assert low["sweepable"] < 0 < high["sweepable"]
    assert high["doubles"] < low["doubles"]
    by_name = {s.name: s for s in STYLES}
    assert high["sweepable"] == pytest.approx(by_name["careful"].care, abs=0.5)
    assert len(FAMILIES["sweepable"].prior({"careful": 1.0})) == len(FAMILIES["sweepable"].grid)


def test_the_board_reports_each_players_style(scopone: Ruleset) -> None:
    s = endgame(scopone, "3D 4C", ["3S 7S", "5S QC", "6S JC", "6C KD"])
    play(s, "3S x 3D", "QC", "JC", "KD", "7S")
    weighing = weigh_readings(viewer_state(s, 3), 3)
    west = weighing.reliability[0].style
    assert west["grabber"] < 0.2 < west["careful"]


def test_a_style_known_before_the_hand_replaces_the_tables_prior() -> None:
    grabbing = (3, {"grabber": -1.0, "careful": -2.0, "careless": -3.0})
    plain = style_posterior({2: grabbing}, viewer=0, seats=(1, 2, 3))
    known = style_posterior({2: grabbing}, 0, (1, 2, 3), {1: stated_style("careless")})
    # West starts from what was stated, whatever the table shows
    assert plain[1]["grabber"] > plain[1]["careless"]
    assert known[1]["careless"] == pytest.approx(0.9)
    # the others' prior takes the stated player in as part of the table
    assert known[3]["careless"] > plain[3]["careless"]
    # the seat's own plays still move a stated style
    moved = style_posterior({1: grabbing}, 0, (1, 2, 3), {1: stated_style("careful")})[1]
    assert moved["grabber"] > 0.1 > 0.05 == stated_style("careful")["grabber"]


def test_stated_styles_parse_and_refuse_nonsense() -> None:
    assert parse_stated_style("West=grabber") == ("West", stated_style("grabber"))
    assert parse_stated_style(" North = Careful:0.6 ")[1]["careful"] == pytest.approx(0.6)
    # the library's own error (a TutorError), not a bare ValueError
    for bad in ("West", "=grabber", "West=", "West=grabby", "West=careful:x", "West=careful:0"):
        with pytest.raises(TutorError):
            parse_stated_style(bad)
    with pytest.raises(TutorError):
        stated_style("careful", 1.5)


def test_the_earlier_hands_of_a_match_carry_each_players_style(scopone: Ruleset) -> None:
    sides = [make_player("greedy") for _ in range(scopone.sides)]
    known: dict[int, dict[str, float]] = {}
    for hand in range(2):
        table, deals = random_deal(scopone, random.Random(hand))
        final = play_hand(scopone, table, deals, sides, functools.partial(move_seed, 5, hand, "m"))
        known = carry_styles(known, viewer_state(final, 0), 0)
        assert set(known) == {1, 2, 3}
        for prior in known.values():
            assert sum(prior.values()) == pytest.approx(1)
            # a hand of grabbing shows a grabber; some of it goes back to the neutral prior
            assert prior["grabber"] > 0.85
            assert min(prior.values()) >= CARRY_RETURN * min(STYLE_PRIOR.values()) - 1e-12
    # carried into the next hand, the style is known from its first play
    s = GameState.random(scopone, 9)
    first = weigh_readings(viewer_state(s, 0), 0, styles=known).reliability
    assert first[1].style["grabber"] > 0.85 and first[1].style_prior == known[1]
    assert weigh_readings(viewer_state(s, 0), 0).reliability[1].style_prior is None


def test_best_gain_is_the_best_legal_play_under_each_rulesets_precedence() -> None:
    # The cache is kept per ruleset: a table where the rules' precedence changes what a card
    # may take must get each ruleset's own answer, however the lookups interleave.
    free, fewest = load_ruleset("scopone-scientifico"), load_ruleset("scopone-16")
    rng = random.Random(3)
    differ = 0
    for _ in range(400):
        cards = rng.sample(range(40), 6)
        table, card = sum(1 << c for c in cards[:5]), cards[5]
        for rules in (free, fewest, free):
            expected = max(
                immediate_gain(rules, table, m.card, m.capture, False)
                for m in moves_of(1 << card, table, rules)
            )
            assert best_gain(rules, table, card) == expected
        differ += best_gain(free, table, card) != best_gain(fewest, table, card)
    assert differ  # the two precedences do disagree on some of these tables
