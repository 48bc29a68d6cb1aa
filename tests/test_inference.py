"""Inference of holdings: readings of behaviour, flow propagation, exact probabilities, sampling."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import endgame, play, weighed_by_hand

from tutor.counting.assignment import AssignmentModel, sample_deals
from tutor.counting.inference import count_view, infer
from tutor.counting.odds import percent
from tutor.counting.readings import find_exclusions
from tutor.counting.tracker import (
    STOCK,
    CountingError,
    LastCardKnown,
    OneOfEachOdd,
    viewer_state,
)
from tutor.counting.trust import TRUST_DEFAULT
from tutor.game.captures import VALUE_OF
from tutor.game.cards import FULL_DECK, SETTEBELLO, indexes_of, mask_of, parse_card, parse_cards
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move

NAMES = ["West", "North", "East", "South"]


def card(text: str) -> int:
    return parse_card(text, "french").index


def greedy_move(state: GameState, rng: random.Random) -> Move:
    """Always take an available scopa, else the settebello, else any legal play."""
    moves = state.legal_moves()
    if not state.is_last_play() or state.rules.last_play_scopa:
        sweeps = [m for m in moves if m.capture and m.capture == state.table]
        if sweeps:
            return rng.choice(sweeps)
    takes = [m for m in moves if m.capture & SETTEBELLO.bit]
    return rng.choice(takes or moves)


# -- behavioural exclusions -------------------------------------------------------------------


@pytest.fixture
def two_passes(scopone: Ruleset) -> GameState:
    """West and East each face 4 + 5 = 9 and do not sweep; North holds the last unseen 9."""
    s = endgame(scopone, "4D 5C", ["3S 6H 2C", "QS 3C JH", "6S 7C AH", "6C KD KH"])
    play(s, "3S", "3C x 3S", "6S", "6C x 6S")
    return s


def test_passed_up_sweeps_force_the_last_nine(two_passes: GameState) -> None:
    view = viewer_state(two_passes, 3)
    inf = infer(view, 3, NAMES, style="french")
    assert [(e.kind, e.seat, e.values, e.play) for e in inf.active] == [
        ("scopa", 0, (9,), 1),
        ("scopa", 2, (9,), 3),
    ]
    qs = card("QS")
    # Six unseen cards, two each; the readings weigh every deal that gives West (or East) the
    # one 9 by their carelessness ε. Without tells, P(North holds QS) = 1 / (1 + ε_W + ε_E);
    # two tells weigh in too: North left East a table a 9 sweeps (so probably holds the 9),
    # and East laid 6S (so probably holds the other 6, 6H, and has less room for the 9).
    e_west, e_east = (inf.reliability[s].epsilon("scopa") for s in (0, 2))
    assert 0 < e_west < 2 * (1 - TRUST_DEFAULT) and e_west == e_east
    assert [(t.kind, t.seat, t.values) for t in inf.tells] == [
        ("sweepable", 1, (9,)),
        ("doubles", 2, (6,)),
    ]
    by_card, by_value = weighed_by_hand(inf)
    p = by_card[(1, qs)]
    assert 1 / 3 < 1 / (1 + e_west + e_east) < p < 1
    north = inf.holdings[1][qs]
    assert (north.status, north.basis, north.reading) == ("may", None, "must")
    assert north.probability == pytest.approx(p)
    assert inf.probability(0, qs) == pytest.approx(by_card[(0, qs)])
    assert inf.probability(2, card("6H")) == pytest.approx(by_card[(2, card("6H"))])
    assert by_card[(2, card("6H"))] > 1 / 3
    assert inf.holdings[0][qs].reading == inf.holdings[2][qs].reading == "cannot"
    [d] = [d for d in inf.deductions if d.card == qs and d.status == "must"]
    assert d.holder == 1 and d.basis == "inference" and d.confidence == pytest.approx(p)
    head = f"North holds QS (the last 9 unseen): {percent(p)}, from two readings: "
    assert d.text.startswith(head)
    assert len(d.reasons) == 2 and len(d.readings) == 2
    assert "at play 1 West could have swept the table (4D 5C = 9) with a 9" in d.reasons[0]
    assert "at play 3 East could have swept the table (4D 5C = 9) with a 9" in d.reasons[1]
    # each reading's own confidence: P(West holds no 9)
    west_none = 1 - by_value[(0, 9)] if (0, 9) in by_value else 1.0
    assert f"(inference, {percent(west_none)})" in d.reasons[0]
    assert inf.standing[0].confidence == pytest.approx(west_none)
    # without the readings nothing is certain: the facts alone give a hypergeometric 2/6
    facts = infer(view, 3, NAMES, use_inferences=False)
    assert facts.holdings[1][qs].status == "may"
    assert facts.probability(1, qs) == pytest.approx(2 / 6)


def test_a_sweep_on_the_last_play_proves_nothing(scopa: Ruleset) -> None:
    s = endgame(scopa, "4D 5C", ["AS", "2S"])
    play(s, "AS")
    play(s, "2S")  # the last play: 2+4+5+1 = 12 anyway; nothing read
    assert find_exclusions(s) == []
    s = endgame(scopa, "4D 5C", ["AS 2D", "2S 3H"])
    play(s, "2D")  # the table 2+4+5 = 11: nothing to sweep
    play(s, "3H")  # 2+3+4+5 = 14
    play(s, "AS")
    assert find_exclusions(viewer_state(s, 0)) == []


def test_exclusion_covers_only_the_holding_of_that_moment(scopa: Ruleset) -> None:
    def m(text: str) -> int:
        return mask_of(parse_cards(text, "french"))

    s = GameState(
        scopa,
        m("4D 5C"),
        [[(m("AS 2D KH"), 0), (m("3S 6H 2C"), 0)], [(m("QS JD JH"), 0), (m("QH 7C KD"), 0)]],
    )
    s.captured[0] = FULL_DECK & ~s.seen()
    play(s, "AS")  # 1 + 4 + 5 = 10: seat 1 could sweep with a king
    play(s, "3S")  # and does not: no king among their first three cards
    inf = infer(viewer_state(s, 0), 0)
    assert [(e.seat, e.values) for e in inf.active] == [(1, (10,))]
    assert inf.holdings[1][card("KD")].reading == "cannot"
    assert inf.holdings[STOCK][card("KD")].reading == "must"
    assert inf.probability(1, card("KD")) < 0.1 < 0.9 < inf.probability(STOCK, card("KD"))
    play(s, "2D", "6H x AS 5C", "KH", "2C x 2D")  # seat 1 is then dealt QH 7C KD
    inf = infer(viewer_state(s, 0), 0)
    assert inf.active == []
    assert inf.to_json()["inferences"][0]["status"] == "expired"
    assert inf.holdings[1][card("KD")].status == "must"


def test_contradicted_reading_is_dropped_and_said(scopone: Ruleset) -> None:
    s = endgame(scopone, "4D 5C", ["3S QS 2C", "AS 3C JH", "6S 7C AH", "6C KD KH"])
    play(s, "3S", "3C x 3S", "6S", "6C x 6S")  # West passes the sweep while holding the QS
    play(s, "QS x 4D 5C")
    inf = infer(viewer_state(s, 3), 3, NAMES, style="french")
    west = [e for e in inf.exclusions if e.seat == 0]
    assert len(west) == 1 and west[0].dropped
    assert west[0].dropped_text(NAMES, "french") == "at play 5 West played QS, so did hold a 9 then"
    assert all(e.seat != 0 for e in inf.active)
    assert inf.to_json()["inferences"][0]["status"] == "dropped"


def test_a_reading_the_cards_seen_prove_wrong_is_dropped(scopa: Ruleset) -> None:
    # seat 1 passes a sweep with a 9 while holding the last 9: the facts win
    s = endgame(scopa, "4D 5C 2H", ["2S JD", "QS 3S 7H"])
    play(s, "2S x 2H", "3S")
    inf = infer(viewer_state(s, 0), 0)
    [ex] = inf.exclusions
    assert ex.dropped and "the cards seen prove it wrong" in ex.dropped
    assert inf.active == [] == inf.standing
    assert inf.holdings[1][card("QS")].status == "must"
    assert inf.holdings[1][card("QS")].basis == "fact"
    assert inf.reliability[1].careless == 1  # and the player is trusted less for it


def test_readings_that_cannot_all_hold_together_still_weigh(scopone: Ruleset) -> None:
    # North and East each pass up a sweep with a king; KS and 2H are unseen, one card each:
    # one of them was careless. No reading is dropped; the deals weigh them both.
    s = endgame(scopone, "3S 3H", ["7C 6S 4H", "2D KS 2S", "AH 3C 2H", "5D 4D 2C"])
    play(s, "4H", "2D", "3C x 3S", "4D x 4H", "7C", "2S x 2D", "AH", "5D", "6S x AH 5D")
    inf = infer(viewer_state(s, 3), 3, NAMES, style="french")
    assert [(e.seat, e.values) for e in inf.standing] == [(1, (10,)), (2, (10,))]
    assert not any(e.dropped for e in inf.standing)
    assert len(inf.active) == 1  # the deductions take as many as fit together
    by_card, _ = weighed_by_hand(inf)
    ks = card("KS")
    assert inf.probability(1, ks) == pytest.approx(by_card[(1, ks)])
    assert inf.probability(1, ks) + inf.probability(2, ks) == pytest.approx(1)
    # the deductions keep the likelier reading, and say how likely what follows is
    assert inf.active == [max(inf.standing, key=lambda e: e.confidence or 0)]
    for d in inf.deductions:
        if d.basis == "inference":
            p = inf.probability(d.holder, d.card)
            assert d.confidence == pytest.approx(p if d.status == "must" else 1 - p)
            assert d.confidence > 0.5


def test_passed_up_settebello(scopone: Ruleset) -> None:
    s = endgame(scopone, "7D AS 5C", ["3C 4C", "2H 7H", "6S 8C", "KD KH"])
    play(s, "3C")  # 7 (single) or 8 (7+1) could have taken the settebello
    [ex] = find_exclusions(viewer_state(s, 3))
    assert (ex.kind, ex.seat, ex.values) == ("settebello", 0, (7, 8))
    assert "could have taken the settebello with a 7 or an 8" in ex.text(NAMES, "french")
    inf = infer(viewer_state(s, 3), 3, NAMES)
    [ex] = inf.standing
    rel = inf.reliability[0]
    # a careful player can leave the settebello on purpose: a weaker reading than a scopa's
    assert rel.epsilon("settebello") > rel.epsilon("scopa")
    _, by_value = weighed_by_hand(inf)
    none = 1 - by_value.get((0, 7), 0.0) - by_value.get((0, 8), 0.0)  # West holds one card
    assert ex.confidence == pytest.approx(none)


def test_taking_another_seven_is_no_reading_about_sevens(scopone: Ruleset) -> None:
    s = endgame(scopone, "7D 7S KC", ["7C 4C", "2H 5H", "6S 6C", "KD KH"])
    play(s, "7C x 7S")
    assert find_exclusions(viewer_state(s, 3)) == []


# -- facts: parity and the rule of 220 ---------------------------------------------------------


def test_last_card_forced_by_220_and_parity_is_a_fact(scopa: Ruleset) -> None:
    s = endgame(scopa, "KH", ["3D 4S", "QS 6C"])
    play(s, "4S", "6C", "3D")
    inf = infer(viewer_state(s, 0), 0, ["You", "Ada"], style="french")
    [d] = inf.deductions
    assert (d.status, d.holder, d.card, d.basis) == ("must", 1, card("QS"), "fact")
    assert d.reasons[0] == "Ada is the only player whose cards you have not seen (fact)"
    assert any("Rule of 220: the one card still unseen is worth 9" in r for r in d.reasons)
    assert any("Rule of 48" in r and "exactly one card, a 9" in r for r in d.reasons)
    # the deduction refers to the board's facts themselves, and words them from their numbers
    assert d.facts == (LastCardKnown(card("QS"), 9), OneOfEachOdd(1, (9,)))
    assert [f.text(inf.names, "french").rstrip(".") for f in d.facts] == d.reasons[-2:]


def test_last_round_parity_and_readings_place_every_card(scopone: Ruleset) -> None:
    # A round before the last: West faces 1 + 4 = 5 without a 5, North faces 8 without an 8.
    s = endgame(scopone, "AD 4C", ["3H 2D", "6S 5C", "AS 7S", "KD 3D"])
    play(s, "3H", "6S", "AS x AD", "3D x 3H")
    # Last round: the others hold one each of the odd values 2, 5, 7; West not the 5.
    inf = infer(viewer_state(s, 3), 3, NAMES, style="french")
    statuses = {
        (h, c): inf.holdings[h][c].status for h in (0, 1, 2) for c in indexes_of(inf.unseen)
    }
    # North's reading (no 8) is moot: every 8 has been seen
    assert [(e.seat, e.values) for e in inf.active] == [(0, (5,))]
    assert statuses[(0, card("5C"))] == "may"  # no fact keeps it from West...
    assert inf.holdings[0][card("5C")].reading == "cannot"  # ...but the reading does
    assert sorted(inf.capacity.values()) == [1, 1, 1]
    board_notes = count_view(s, 3, NAMES, "french").board.notes
    assert any("exactly one each of 2, 5, 7" in n for n in board_notes)


# -- propagation agrees with brute force ---------------------------------------------------------


def _brute(
    model: AssignmentModel,
) -> tuple[int, Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    """Every assignment: (count, per (card, holder), per (holder, value) at least one)."""
    cards = [c for g in model.groups for c in g.cards]
    allowed = {c: g.allowed for g in model.groups for c in g.cards}
    caps = list(model.caps)
    per_card: Counter[tuple[int, int]] = Counter()
    per_value: Counter[tuple[int, int]] = Counter()
    hold: list[list[int]] = [[] for _ in caps]
    total = 0

    def rec(i: int) -> None:
        nonlocal total
        if i == len(cards):
            total += 1
            for j, cs in enumerate(hold):
                for c in cs:
                    per_card[(c, j)] += 1
                for v in {VALUE_OF[c] for c in cs}:
                    per_value[(j, v)] += 1
            return
        for j in range(len(caps)):
            if caps[j] and allowed[cards[i]] >> j & 1:
                caps[j] -= 1
                hold[j].append(cards[i])
                rec(i + 1)
                hold[j].pop()
                caps[j] += 1

    rec(0)
    return total, per_card, per_value


def _feasible(model: AssignmentModel, card_: int, j: int, force: bool) -> bool:
    """Max flow with (card, holder j) forced or removed, card by card (no grouping)."""
    g = nx.DiGraph()
    for grp in model.groups:
        for c in grp.cards:
            g.add_edge("s", c, capacity=1)
            for k in range(len(model.caps)):
                if grp.allowed >> k & 1 and not (c == card_ and (k != j if force else k == j)):
                    g.add_edge(c, ("h", k), capacity=1)
    for k, cap in enumerate(model.caps):
        g.add_edge(("h", k), "t", capacity=cap)
    return nx.maximum_flow_value(g, "s", "t") == model.n_cards


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(["scopone-scientifico", "scopa", "scopone-16"]),
    seed=st.integers(0, 10**6),
    careless=st.booleans(),
)
def test_classification_and_probabilities_match_brute_force(
    name: str, seed: int, careless: bool
) -> None:
    """must/may/cannot (on the facts, and with the readings taken as certain) against every
    assignment; the weighed probabilities against every deal weighed by hand."""
    rules = load_ruleset(name)
    rng = random.Random(seed)
    s = GameState.random(rules, rng)
    viewer = seed % rules.players

    def move() -> Move:
        return rng.choice(s.legal_moves()) if careless else greedy_move(s, rng)

    while viewer_state(s, viewer).unplaced().bit_count() > 8:
        s.push(move())
    while not s.is_over():
        view = viewer_state(s, viewer)
        inf = infer(view, viewer)
        for model in (inf.fact_model, inf.model):
            total, per_card, _ = _brute(model)
            for gi, grp in enumerate(model.groups):
                for c in grp.cards:
                    for j in range(len(model.holders)):
                        n = per_card[(c, j)]
                        expect = "must" if n == total else "cannot" if n == 0 else "may"
                        assert model.status(gi, j) == expect
                        assert _feasible(model, c, j, force=True) == (expect != "cannot")
                        assert _feasible(model, c, j, force=False) == (expect != "must")
        by_card, by_value = weighed_by_hand(inf)
        for h in inf.capacity:
            if h >= 0:
                for c in indexes_of(view.unplaced()):
                    assert inf.probability(h, c) == pytest.approx(by_card.get((h, c), 0.0))
                for v in range(1, 11):
                    expect = by_value.get((h, v), 0.0)
                    assert inf.probability_any(h, v) == pytest.approx(expect)
        s.push(move())


# -- soundness over whole hands ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(["scopone-scientifico", "scopa", "scopone-16"]),
    seed=st.integers(0, 10**6),
)
def test_soundness_over_whole_hands(name: str, seed: int) -> None:
    """Players always take a scopa (and the settebello); the tracker sees one seat only."""
    rules = load_ruleset(name)
    rng = random.Random(seed)
    s = GameState.random(rules, rng)
    viewer = rng.randrange(rules.players)
    while not s.is_over():
        a = count_view(s, viewer)
        inf = a.inference
        stock = 0
        for deal in s.deals[s.deal_index :]:
            for known, _ in deal:
                stock |= known
        for h, row in inf.holdings.items():
            truth = stock if h == STOCK else s.hands[h]
            for c, hold in row.items():
                if hold.status == "must":
                    assert truth >> c & 1, (h, c, hold)
                if hold.status == "cannot":
                    assert not truth >> c & 1, (h, c, hold)
            size = s.hand_size(h) if h != STOCK else stock.bit_count()
            assert sum(x.probability for x in row.values()) == pytest.approx(size)
        for d in inf.deductions:
            truth = stock if d.holder == STOCK else s.hands[d.holder]
            assert bool(truth >> d.card & 1) == (d.status == "must")
        p = a.sweep_probability
        assert p is None or 0.0 <= p <= 1.0
        s.push(greedy_move(s, rng))


# -- hypergeometric values with no exclusions ------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(["scopone-scientifico", "scopa", "scopone-classico"]),
    seed=st.integers(0, 10**6),
    cut=st.floats(0, 0.95),
)
def test_no_exclusions_gives_hypergeometric_values(name: str, seed: int, cut: float) -> None:
    rules = load_ruleset(name)
    rng = random.Random(seed)
    s = GameState.random(rules, rng)
    for _ in range(int(cut * rules.plays_per_hand)):
        s.push(rng.choice(s.legal_moves()))
    viewer = seed % rules.players
    view = viewer_state(s, viewer)
    inf = infer(view, viewer, use_inferences=False)
    pool = view.unplaced()
    n = pool.bit_count()
    for seat in range(rules.players):
        if seat == viewer:
            continue
        k = view.unknown[seat]
        for c in indexes_of(pool):
            assert inf.probability(seat, c) == pytest.approx(k / n)
        for v in range(1, 11):
            u = sum(1 for c in indexes_of(pool) if VALUE_OF[c] == v)
            assert inf.probability_any(seat, v) == pytest.approx(1 - comb(n - u, k) / comb(n, k))


# -- sampling consistent deals ---------------------------------------------------------------


def test_sample_deals_are_complete_and_consistent(two_passes: GameState) -> None:
    rng = random.Random(7)
    samples = sample_deals(two_passes, 3, 400, rng)
    qs = card("QS")
    north = sum(1 for d in samples if d.hands[1] >> qs & 1)
    p = infer(viewer_state(two_passes, 3), 3).probability(1, qs)  # about 93%
    assert north / 400 == pytest.approx(p, abs=0.04)  # the readings put the last 9 with North
    assert north < 400  # mostly: a reading is no certainty
    again = sample_deals(two_passes, 3, 30, random.Random(7))
    assert [d.hands for d in again] == [d.hands for d in samples[:30]]  # the seed decides
    for d in samples:
        assert not any(d.unknown) and d.stack == []
        assert d.hands[3] == two_passes.hands[3]
        assert (d.table, d.captured, d.scope, d.turn, d.last_capturer) == (
            two_passes.table,
            two_passes.captured,
            two_passes.scope,
            two_passes.turn,
            two_passes.last_capturer,
        )
        assert [d.hand_size(p) for p in range(4)] == [two_passes.hand_size(p) for p in range(4)]
        assert not d.unplaced()
        while not d.is_over():  # every sample plays out
            d.push(d.legal_moves()[0])
    loose = sample_deals(two_passes, 3, 400, rng, use_inferences=False)
    assert sum(1 for d in loose if d.hands[1] >> qs & 1) / 400 == pytest.approx(1 / 3, abs=0.07)


def test_sample_deals_frequencies_match_exact_probabilities(scopone: Ruleset) -> None:
    rng = random.Random(11)
    s = GameState.random(scopone, rng)
    while not find_exclusions(viewer_state(s, 3)) or s.in_hands > 20:
        s.push(greedy_move(s, rng))
        if s.is_over():
            s = GameState.random(scopone, rng)
    inf = infer(viewer_state(s, 3), 3)
    n = 3000
    counts: Counter[tuple[int, int]] = Counter()
    for d in sample_deals(s, 3, n, random.Random(3)):
        for seat in range(3):
            for c in indexes_of(d.hands[seat] & inf.unseen):
                counts[(seat, c)] += 1
    for seat in range(3):
        for c in indexes_of(inf.unseen):
            assert counts[(seat, c)] / n == pytest.approx(inf.probability(seat, c), abs=0.04)


def test_sample_deals_fill_the_scopa_stock(scopa: Ruleset) -> None:
    rng = random.Random(4)
    s = GameState.random(scopa, rng)
    for _ in range(5):
        s.push(greedy_move(s, rng))
    [d] = sample_deals(s, 0, 1, rng)
    assert d.deal_index == s.deal_index < len(d.deals)
    assert not any(u for deal in d.deals[d.deal_index :] for _, u in deal)
    placed = d.seen()
    assert placed == FULL_DECK
    while not d.is_over():
        d.push(d.legal_moves()[0])


# -- the analysis as JSON --------------------------------------------------------------------


def test_analysis_json(two_passes: GameState) -> None:
    j = count_view(two_passes, 3, NAMES, "french").to_json()
    assert set(j) >= {
        "unmatched",
        "unseen",
        "holdings",
        "deductions",
        "sweep",
        "inferences",
        "method",
    }
    assert sorted(j["unseen"]) == sorted(["2C", "6H", "QS", "JH", "7C", "AH"])
    assert set(j["holdings"]) == {"West", "North", "East"}
    p = j["holdings"]["North"]["QS"]["probability"]
    assert j["holdings"]["North"]["QS"] == {
        "status": "may",  # on the facts
        "probability": p,
        "basis": None,
        "reading": "must",  # what the readings, taken as certain, would say
    }
    assert 0.8 < p < 1
    assert j["holdings"]["West"]["QS"]["reading"] == "cannot"
    assert j["holdings"]["West"]["2C"]["basis"] is None
    assert j["sweep"]["value"] == 9 and j["sweep"]["next"] == "West"
    assert 0 < j["sweep"]["probability"] < 0.15  # West probably holds no 9, by the reading
    assert j["sweep"]["probability_facts"] == pytest.approx(1 / 3)
    [d] = j["deductions"]
    assert (d["player"], d["card"], d["basis"], d["confidence"]) == ("North", "QS", "inference", p)
    assert [r["status"] for r in j["inferences"]] == ["active", "active"]
    assert all(0.8 < r["confidence"] < 1 for r in j["inferences"])
    assert [t["player"] for t in j["trust"]["players"]] == ["West", "North", "East"]
    assert j["trust"]["prior"] == TRUST_DEFAULT
    assert [t["kind"] for t in j["tells"]] == ["sweepable", "doubles"]
    assert j["method"].startswith("exact count over")


def test_positions_that_do_not_hold_together_are_tutor_errors(scopa: Ruleset) -> None:
    s = endgame(scopa, "KH", ["3D 4S", "QS 6C"])
    with pytest.raises(CountingError, match="no seat 2"):
        viewer_state(s, 2)
    # seat 1 holds two unknown cards, but only one card is unplaced
    bad = GameState(scopa, FULL_DECK & ~mask_of(parse_cards("3D 4S", "french")) & ~1, [])
    bad.hands[0] = mask_of(parse_cards("3D 4S", "french"))
    bad.unknown[1] = 2
    with pytest.raises(CountingError, match="inconsistent"):
        infer(bad, 0)
    assert issubclass(CountingError, TutorError)
