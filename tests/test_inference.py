"""Inference of holdings: readings of behaviour, flow propagation, exact probabilities, sampling."""

from __future__ import annotations

import random
from collections import Counter
from math import comb
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import endgame, play

from tutor.counting.assignment import AssignmentModel, sample_deals
from tutor.counting.inference import ValueCell, count_view, hand_view, infer
from tutor.counting.readings import SCOPA_CONFIDENCE, SETTEBELLO_CONFIDENCE, find_exclusions
from tutor.counting.tracker import (
    STOCK,
    CountingError,
    LastCardKnown,
    OneOfEachOdd,
    viewer_state,
)
from tutor.game.captures import VALUE_OF
from tutor.game.cards import FULL_DECK, SETTEBELLO, indexes_of, mask_of, parse_card, parse_cards
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move
from tutor.records.recordfile import load_path

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

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
    assert inf.holdings[1][qs].status == "must"
    assert inf.holdings[1][qs].basis == "inference"
    assert inf.holdings[1][qs].probability == 1.0
    assert inf.holdings[0][qs].status == inf.holdings[2][qs].status == "cannot"
    [d] = [d for d in inf.deductions if d.card == qs and d.status == "must"]
    assert d.holder == 1 and d.basis == "inference"
    assert d.text.startswith("North must hold QS (the last 9 unseen): ")
    assert len(d.reasons) == 2
    assert "at play 1 West could have swept the table (4D 5C = 9) with a 9" in d.reasons[0]
    assert "at play 3 East could have swept the table (4D 5C = 9) with a 9" in d.reasons[1]
    assert all(f"inference, {round(SCOPA_CONFIDENCE * 100)}%" in r for r in d.reasons)
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
    assert inf.holdings[1][card("KD")].status == "cannot"
    assert inf.holdings[1][card("KD")].basis == "inference"
    assert inf.holdings[STOCK][card("KD")].status == "must"
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


def test_readings_that_cannot_all_hold_are_dropped(scopa: Ruleset) -> None:
    # seat 1 passes a sweep with a 9 while holding the last 9: the facts win
    s = endgame(scopa, "4D 5C 2H", ["2S JD", "QS 3S 7H"])
    play(s, "2S x 2H", "3S")
    inf = infer(viewer_state(s, 0), 0)
    [ex] = inf.exclusions
    assert ex.dropped and "cannot hold together" in ex.dropped
    assert inf.active == []
    assert inf.holdings[1][card("QS")].status == "must"
    assert inf.holdings[1][card("QS")].basis == "fact"


def test_passed_up_settebello(scopone: Ruleset) -> None:
    s = endgame(scopone, "7D AS 5C", ["3C 4C", "2H 5H", "6S 6C", "KD KH"])
    play(s, "3C")  # 7 (single) or 8 (7+1) could have taken the settebello
    [ex] = find_exclusions(viewer_state(s, 3))
    assert (ex.kind, ex.seat, ex.values, ex.confidence) == (
        "settebello",
        0,
        (7, 8),
        SETTEBELLO_CONFIDENCE,
    )
    assert "could have taken the settebello with a 7 or an 8" in ex.text(NAMES, "french")


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
    assert [(e.seat, e.values) for e in inf.active] == [(0, (5,)), (1, (8,))]
    assert statuses[(0, card("5C"))] == "cannot"
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
)
def test_classification_and_probabilities_match_brute_force(name: str, seed: int) -> None:
    rules = load_ruleset(name)
    rng = random.Random(seed)
    s = GameState.random(rules, rng)
    viewer = seed % rules.players
    while viewer_state(s, viewer).unplaced().bit_count() > 8:
        s.push(greedy_move(s, rng))
    while not s.is_over():
        view = viewer_state(s, viewer)
        inf = infer(view, viewer)
        model = inf.model
        total, per_card, per_value = _brute(model)
        assert model.total() == total
        for gi, grp in enumerate(model.groups):
            for c in grp.cards:
                for j, h in enumerate(model.holders):
                    n = per_card[(c, j)]
                    expect = "must" if n == total else "cannot" if n == 0 else "may"
                    assert model.status(gi, j) == expect
                    assert _feasible(model, c, j, force=True) == (expect != "cannot")
                    assert _feasible(model, c, j, force=False) == (expect != "must")
                    if h >= 0 and h != viewer:
                        assert inf.probability(h, c) == pytest.approx(n / total)
        for j, h in enumerate(model.holders):
            if h >= 0 and h != viewer:
                for v in range(1, 11):
                    assert inf.probability_any(h, v) == pytest.approx(per_value[(j, v)] / total)
        s.push(greedy_move(s, rng))


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
    samples = sample_deals(two_passes, 3, 200, rng)
    qs = card("QS")
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
        assert d.hands[1] >> qs & 1  # the readings put the last 9 with North
        assert not d.unplaced()
        while not d.is_over():  # every sample plays out
            d.push(d.legal_moves()[0])
    loose = sample_deals(two_passes, 3, 200, rng, use_inferences=False)
    assert any(not d.hands[1] >> qs & 1 for d in loose)


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
    assert j["holdings"]["North"]["QS"] == {
        "status": "must",
        "probability": 1.0,
        "basis": "inference",
    }
    assert j["holdings"]["West"]["QS"]["status"] == "cannot"
    assert j["holdings"]["West"]["2C"]["basis"] is None
    assert j["sweep"]["value"] == 9 and j["sweep"]["next"] == "West"
    assert j["sweep"]["probability"] == 0.0  # West holds no 9 by the reading
    assert j["sweep"]["probability_facts"] == pytest.approx(1 / 3)
    assert j["deductions"][0]["player"] == "North" and j["deductions"][0]["card"] == "QS"
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


# -- what the tracker's table shows, computed here rather than by the renderer -----------------


def test_value_cells_agree_with_the_holdings() -> None:
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    view = count_view(record.state_at(20), 0, record.players, record.style)
    inf = view.inference
    assert inf.players_in_doubt == [s for s in inf.holdings if s != STOCK] != []
    for seat in inf.players_in_doubt:
        row = inf.holdings[seat]
        for v in range(1, 11):
            cell = inf.value_cell(seat, v)
            statuses = {h.status for c, h in row.items() if VALUE_OF[c] == v}
            if not statuses:
                assert cell == ValueCell("none", None, False)
            elif "must" in statuses:
                assert cell.status == "must"
            elif statuses == {"cannot"}:
                assert cell.status == "cannot"
            else:
                assert cell.status == "may" and cell.probability == inf.probability_any(seat, v)
    active = {id(a) for a in inf.active}
    assert inf.readings_in_force == [
        e for e in inf.exclusions if e.dropped is None and id(e) in active
    ]
    assert inf.readings_given_up == [e for e in inf.exclusions if e.dropped is not None]


def test_cards_to_deal_in_scopa() -> None:
    record = load_path(EXAMPLES / "seed003-scopa.yaml")[0]
    inf = count_view(record.state_at(10), 1, record.players, record.style).inference
    assert inf.stock == inf.capacity[STOCK] > 0
    expected = sum(inf.to_deal(v) or 0.0 for v in range(1, 11))
    assert expected == pytest.approx(inf.stock)
    last = count_view(record.state_at(31), 1, record.players, record.style).inference
    assert last.stock is None and last.to_deal(7) is None


def test_hand_view_gives_the_json_of_track() -> None:
    record = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    hv = hand_view(record, 1, 12)
    data = hv.to_json()
    assert list(data)[:5] == ["file", "hand", "player", "at", "total_plays"]
    assert data["file"] == record.path and data["player"] == "West" and data["at"] == 12
    assert data["total_plays"] == 36
    assert {k: v for k, v in data.items() if k not in list(data)[:5]} == hv.view.to_json(
        record.style
    )
    assert hand_view(record, 1).at == 36
