"""Trust in readings and tells, learned from the hand; no reading makes a probability 0 or 1."""

from __future__ import annotations

import random

import pytest
from helpers import BAD, endgame, play, random_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.counting.assignment import sample_deals
from tutor.counting.inference import count_view, infer
from tutor.counting.odds import chance_of_value
from tutor.counting.tells import FAMILIES, Tell, find_tells, learn_tells, standing_tells
from tutor.counting.tracker import viewer_state
from tutor.counting.trust import (
    PLAYER_STRENGTH,
    PRIOR_STRENGTH,
    SETTEBELLO_DELIBERATE,
    TRUST_DEFAULT,
    Reliability,
    posterior_carelessness,
    weigh_readings,
)
from tutor.game.cards import parse_card
from tutor.game.rules import Ruleset
from tutor.game.state import GameState
from tutor.search.analysis import analyse
from tutor.search.searchplayer import SearchPlayer

DATA = BAD.parent

NAMES = ["West", "North", "East", "South"]


def card(text: str) -> int:
    return parse_card(text, "french").index


# -- the carelessness of a player: exact posterior means -----------------------------------------


def test_the_prior_and_the_conjugate_events() -> None:
    a, b = 2 * 0.1, 2 * 0.9  # prior mean 0.1 worth 2 observations
    assert posterior_carelessness([], 0.1, 2) == pytest.approx(0.1)
    assert posterior_carelessness([("careless", 0)], 0.1, 2) == pytest.approx((a + 1) / (a + b + 1))
    assert posterior_carelessness([("careful", 0)] * 3, 0.1, 2) == pytest.approx(a / (a + b + 3))
    assert posterior_carelessness([], 1.0) == 1.0  # no trust at all: every reading is void


@pytest.mark.parametrize("q", [0.0, 0.3, 0.9])
def test_a_pending_reading_counts_by_its_chance_of_being_wrong(q: float) -> None:
    # E[η] under Beta(a, b) times (1 - q + q η): moments of the Beta distribution
    a, b = 2 * 0.1, 2 * 0.9
    m1, m2 = a / (a + b), a * (a + 1) / ((a + b) * (a + b + 1))
    expect = ((1 - q) * m1 + q * m2) / ((1 - q) + q * m1)
    assert posterior_carelessness([("pending", q)], 0.1, 2) == pytest.approx(expect)


def test_a_passed_up_settebello_says_less_than_a_passed_up_scopa() -> None:
    d = SETTEBELLO_DELIBERATE
    a, b = 2 * 0.1, 2 * 0.9
    m1, m2 = a / (a + b), a * (a + 1) / ((a + b) * (a + b + 1))
    # likelihood d + (1 - d) η
    expect = (d * m1 + (1 - d) * m2) / (d + (1 - d) * m1)
    got = posterior_carelessness([("careless-settebello", 0)], 0.1, 2)
    assert got == pytest.approx(expect)
    assert 0.1 < got < posterior_carelessness([("careless", 0)], 0.1, 2)
    rel = Reliability(0, 0, 0, 0, 0.2)
    assert rel.epsilon("scopa") == 0.2
    assert rel.epsilon("settebello") == pytest.approx(0.2 + 0.8 * d)


def test_the_hand_shows_who_is_careful(scopone: Ruleset) -> None:
    """West sweeps when they can; East passes up a sweep holding the 9 and shows it later."""
    s = endgame(scopone, "4D 5C", ["9S 2H 3H", "AS 6C 7C", "KH 9C 2C", "KD 3D 6D"])
    play(s, "9S x 4D 5C")  # West sweeps: careful
    play(s, "AS", "KH")  # North lays an ace (table 1); East lays KH (table 11)
    play(s, "KD x KH")  # South takes the king back: the table is AS (1)... sweepable by an ace
    inf = infer(viewer_state(s, 3), 3, NAMES)
    west = inf.reliability[0]
    assert west.careful == 1 and west.careless == 0
    # West has shown care: trusted more than the prior
    assert west.carelessness < 1 - TRUST_DEFAULT


def test_a_careless_player_is_trusted_less(scopone: Ruleset) -> None:
    s = endgame(scopone, "4D 5C", ["3S QS 2C", "AS 3C JH", "6S 7C AH", "6C JD KH"])
    play(s, "3S", "3C x 3S", "6S", "JD")  # West passes the sweep holding QS...
    play(s, "QS x 4D 5C")  # ...and shows it (no sweep now: 6S JD stay): careless
    inf = infer(viewer_state(s, 3), 3, NAMES, style="french")
    west = inf.reliability[0]
    assert (west.careful, west.careless) == (0, 1)
    prior = 1 - TRUST_DEFAULT
    a = PLAYER_STRENGTH * prior
    assert west.carelessness == pytest.approx((a + 1) / (PLAYER_STRENGTH + 1))
    # the others count too: a careless table makes everyone suspect
    table = posterior_carelessness([("careless", 0)], prior, PRIOR_STRENGTH)
    assert inf.reliability[1].carelessness == pytest.approx(table)
    assert table > prior


def test_trust_zero_reads_nothing(scopone: Ruleset) -> None:
    s = endgame(scopone, "4D 5C", ["3S 6H 2C", "QS 3C JH", "6S 7C AH", "6C KD KH"])
    play(s, "3S", "3C x 3S", "6S", "6C x 6S")
    view = viewer_state(s, 3)
    weighing = weigh_readings(view, 3, 0.0)
    assert weighing.exclusions == [] and weighing.tells == [] and weighing.evidence.terms == ()
    inf = infer(view, 3, NAMES, trust=0.0)
    assert inf.probability(1, card("QS")) == pytest.approx(1 / 3)
    assert inf.probability_any(0, 9) == pytest.approx(chance_of_value(view, 0, 9))
    # full trust is read as almost full: a reading is still no certainty
    near = infer(view, 3, NAMES, trust=1.0)
    assert 0.99 < near.probability(1, card("QS")) < 1


# -- tells -------------------------------------------------------------------------------------


def test_tells_are_read_confirmed_and_refuted(scopone: Ruleset) -> None:
    s = endgame(scopone, "KC", ["4S 4H 2C", "5S QC 3C", "6S 7C AH", "6C KD KH"])
    play(s, "4S")  # West lays a 4 (KC 4S = 14): may hold another 4
    view = viewer_state(s, 3)
    [t] = find_tells(view)
    assert (t.kind, t.seat, t.values, t.play) == ("doubles", 0, (4,), 1)
    assert sum(t.counts) == pytest.approx(1) and len(t.counts) == 2  # 4H is the one 4 unseen
    play(s, "5S", "6S", "6C x 6S", "4H x 4S")  # West shows the other 4
    tells = find_tells(viewer_state(s, 3))
    assert tells[0].confirmed
    # North laid 5S on KC 4S (= 19, no sweep); East laid 6S: South took it
    assert [(t.kind, t.seat) for t in tells] == [("doubles", 0), ("doubles", 1), ("doubles", 2)]
    standing = standing_tells(viewer_state(s, 3), tells)
    assert tells[0] not in standing


def test_a_sweepable_table_left_to_an_opponent_is_a_tell(scopone: Ruleset) -> None:
    s = endgame(scopone, "2D", ["5S 9H 2C", "3S QC 3C", "6S 7C AH", "6C KD KH"])
    play(s, "5S")  # laid, leaving 2 + 5 = 7: not read (measured: it does not pay)
    assert [t.kind for t in find_tells(viewer_state(s, 3))] == ["doubles"]
    s = endgame(scopone, "2D 3S", ["3H 9H 2C", "2S QC 3C", "2H 7C AH", "6C KD KH"])
    play(s, "3H x 3S")  # West leaves 2D for North: a 2 sweeps it
    [sweep] = find_tells(viewer_state(s, 3))
    assert (sweep.kind, sweep.seat, sweep.values) == ("sweepable", 0, (2,))
    # the risk West saw falls as West holds more of the 7s
    assert list(sweep.risk) == sorted(sweep.risk, reverse=True)
    # a careful player (c > 0) makes it likelier that West holds a 7 than the facts say
    family = FAMILIES["sweepable"]
    facts = 1 - sweep.counts[0]
    assert family.chance_held(0.0, sweep) == pytest.approx(facts)
    assert family.chance_held(5.0, sweep) > facts


def _tell(seat: int, confirmed: bool, refuted: bool) -> Tell:
    return Tell("doubles", seat, (4,), 1, 0, (0.6, 0.3, 0.1), confirmed=confirmed, refuted=refuted)


def test_tells_that_come_true_are_read_more_strongly(scopone: Ruleset) -> None:
    view = viewer_state(GameState.random(scopone, 1), 3)
    family = FAMILIES["doubles"]
    weights = family.prior()
    prior = sum(w * g for w, g in zip(weights, family.grid, strict=True)) / sum(weights)
    true = [_tell(0, True, False) for _ in range(4)]
    false = [_tell(1, False, True) for _ in range(4)]
    params = learn_tells(view, 3, [*true, *false])
    assert params[0]["doubles"] < prior < params[1]["doubles"]
    assert set(params) == {0, 1, 2}


# -- a reading never makes a probability 0 or 1 --------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(
    name=st.sampled_from(["scopone-scientifico", "scopa"]),
    seed=st.integers(0, 10**6),
    careless=st.booleans(),
)
def test_no_certainty_rests_on_a_reading(name: str, seed: int, careless: bool) -> None:
    s, viewer, rng = random_hand(name, seed)
    while not s.is_over():
        a = count_view(s, viewer)
        inf = a.inference
        facts = infer(inf.state, viewer, use_inferences=False)
        for h, row in inf.holdings.items():
            for c, hold in row.items():
                if hold.status == "may":
                    assert 0 < hold.probability < 1, (h, c, hold)
                else:
                    assert hold.basis == "fact"
                    assert hold.probability == facts.probability(h, c)
        for seat, values in inf.value_probability.items():
            for v, p in values.items():
                assert (p in (0.0, 1.0)) == (facts.probability_any(seat, v) in (0.0, 1.0))
        for d in inf.deductions:
            assert (d.confidence == 1.0) == (d.basis == "fact")
        p = a.sweep_probability
        pf = a.board.sweep.probability
        if p is not None and pf is not None and a.board.sweep.next_seat != viewer:
            assert (p in (0.0, 1.0)) == (pf in (0.0, 1.0))
        moves = s.legal_moves()
        s.push(rng.choice(moves) if careless else max(moves, key=lambda m: m.capture.bit_count()))


# -- the analysis and the search player draw weighted deals, the same for a seed ------------------


def test_weighted_analysis_and_search_player_repeat_by_seed(scopone: Ruleset) -> None:
    s = endgame(scopone, "4D 5C", ["3S 6H 2C JD", "QS 3C JH 4H", "6S 7C AH 5H", "6C KD KH 2D"])
    play(s, "3S", "3C x 3S", "6S", "6C x 6S")  # readings (no 9 for West, East) and tells
    assert weigh_readings(viewer_state(s, 0), 0).evidence.terms
    first = analyse(s, samples=10, seed=5)
    again = analyse(s, samples=10, seed=5)
    assert first.values == again.values and first.order == again.order
    # the deals drawn follow the seed
    deals = [d.hands for d in sample_deals(s, 0, 20, random.Random(4))]
    assert deals == [d.hands for d in sample_deals(s, 0, 20, random.Random(4))]
    assert deals != [d.hands for d in sample_deals(s, 0, 20, random.Random(5))]
    player = SearchPlayer(budget=60, samples=6, candidates=2)
    view = viewer_state(s, 0)
    assert player.choose(view, random.Random(2)) == player.choose(view, random.Random(2))


def test_readings_of_one_player_on_the_same_values_weigh_together() -> None:
    """Audit (stop 47): P4, read as a grabber, passed the same king sweep up four times while
    holding RC; the four readings each weighed a deal with a 10 by the style-averaged ε, so
    together by ε⁴ as if four independent proofs, and the tracker gave P4 a 10 at 1.3e-7. A
    player's style is the same at every pass: each style's chance of passing all four up,
    averaged over the styles, gives about 4e-4."""
    from tutor.records.recordfile import load_path

    [record] = load_path(DATA / "four-passes-of-one-sweep.yaml")
    state = record.state_at(20)
    inf = count_view(state, 1, record.players).inference
    p = inf.probability_any(3, 10)
    assert 1e-4 < p < 0.01, p
    readings = [ex for ex in inf.standing if ex.seat == 3 and ex.values == (10,)]
    assert len(readings) == 4
    rel = inf.reliability[3]
    assert rel.epsilon_together(["scopa"] * 4) > 100 * rel.epsilon("scopa") ** 4


def test_a_chance_the_readings_make_tiny_is_never_shown_as_certain() -> None:
    """Audit (stop 47): the readings made P2's 9 a chance of 4e-18, which the board showed as
    0%* and "P2 does not hold CC: 100%", and the JSON as 0 and 1 (1 - 4e-18 is 1 in a float):
    a reading is never a certainty."""
    import json

    from helpers import run

    path = str(DATA / "a-reading-near-certain.yaml")
    shown = run("track", path, "--at", "34", "--as", "P1")
    assert shown.exit_code == 0, shown.output
    assert "0%*" not in shown.stdout and "100%" not in shown.stdout
    assert "P2 does not hold CC (the last cavallo (9) unseen): >99%" in shown.stdout
    data = json.loads(run("track", path, "--at", "34", "--as", "P1", "--json").stdout)
    for row in data["holdings"].values():
        for held in row.values():
            if held["status"] == "may":
                assert 0 < held["probability"] < 1, held
    for d in data["deductions"] + data["inferences"] + data["tells"]:
        if d.get("basis") != "fact" and d.get("confidence") is not None:
            assert 0 < d["confidence"] < 1, d
