"""Inference of holdings: readings applied, flow propagation, exact probabilities, deductions."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import networkx as nx
import pytest
from helpers import (
    EXAMPLES,
    NAMES,
    card,
    endgame,
    every_deal,
    greedy_move,
    midgame,
    play,
    random_hand,
    weighed_by_hand,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.counting.assignment import AssignmentModel
from tutor.counting.inference import ValueCell, count_view, hand_view, infer
from tutor.counting.odds import percent
from tutor.counting.style import stated_style
from tutor.counting.tracker import STOCK, CountingError, LastCardKnown, OneOfEachOdd, viewer_state
from tutor.counting.trust import CARELESS_PASSES, GRABBER_PASSES, TRUST_DEFAULT
from tutor.game.captures import VALUE_OF
from tutor.game.cards import FRENCH, FULL_DECK, VALUE_MASKS, indexes_of, mask_of, parse_cards
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move
from tutor.records.recordfile import load_path
from tutor.render.terminal import plain_text
from tutor.render.tracker import holdings_table, tracker_view

# -- behavioural exclusions -------------------------------------------------------------------


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
    # no play says yet how careless they are: a third of the prior is the careless style
    assert 1 - TRUST_DEFAULT < min(e_west, e_east) <= max(e_west, e_east) < CARELESS_PASSES
    assert [(t.kind, t.seat, t.values) for t in inf.tells] == [
        ("sweepable", 1, (9,)),
        ("doubles", 2, (6,)),
    ]
    # and the plays that a value would have beaten at once: North's 3C x 3S, where a 9 would
    # have taken 4D 5C (three cards and a denaro), says North holds no 9 by κ (the style's and
    # the kind's: more denari; an 8 would have taken 3S 5C, more cards)
    assert inf.passed[1] == {7: (1, 0, 0, 0), 8: (0, 1, 0, 0), 9: (1, 0, 0, 0)}
    gains = inf.to_json()["passed_gains"]
    assert [(g["value"], g["plays"], g["kinds"]) for g in gains if g["player"] == "North"] == [
        (7, 1, {"denari": 1}),
        (8, 1, {"cards": 1}),
        (9, 1, {"denari": 1}),
    ]
    by_card, by_value = weighed_by_hand(inf)
    p = by_card[(1, qs)]
    assert 1 / 3 < p < 1
    north = inf.holdings[1][qs]
    assert (north.status, north.basis, north.reading) == ("may", None, "must")
    assert north.probability == pytest.approx(p)
    assert inf.probability(0, qs) == pytest.approx(by_card[(0, qs)])
    assert inf.probability(2, card("6H")) == pytest.approx(by_card[(2, card("6H"))])
    assert by_card[(2, card("6H"))] > 1 / 3
    assert inf.holdings[0][qs].reading == inf.holdings[2][qs].reading == "cannot"
    [d] = [d for d in inf.deductions if d.card == qs and d.status == "must"]
    assert d.holder == 1 and d.basis == "inference" and d.confidence == pytest.approx(p)
    head = (  # beside what the facts alone give
        f"North holds QS (the last queen (9) unseen): {percent(p)} (33% on the facts alone), "
        "from two readings: "
    )
    assert d.text.startswith(head)
    assert len(d.reasons) == 2 and len(d.readings) == 2
    assert "at play 1 West could have swept the table (4D 5C = 9) with a queen (9)" in d.reasons[0]
    assert "at play 3 East could have swept the table (4D 5C = 9) with a queen (9)" in d.reasons[1]
    # each reading's own confidence: P(West holds no 9)
    west_none = 1 - by_value[(0, 9)] if (0, 9) in by_value else 1.0
    assert f"(inference, {percent(west_none)})" in d.reasons[0]
    assert inf.standing[0].confidence == pytest.approx(west_none)
    # without the readings nothing is certain: the facts alone give a hypergeometric 2/6
    facts = infer(view, 3, NAMES, use_inferences=False)
    assert facts.holdings[1][qs].status == "may"
    assert facts.probability(1, qs) == pytest.approx(2 / 6)


def test_a_grabbers_passed_up_sweep_is_read_all_but_certain(two_passes: GameState) -> None:
    # the same two passes, West known as a grabber and East as careful: a grabber takes every
    # sweep it can, so West's reading keeps a deal giving West the 9 far less of its weight
    view = viewer_state(two_passes, 3)
    styles = {0: stated_style("grabber", 0.98), 2: stated_style("careful", 0.98)}
    inf = infer(view, 3, NAMES, style="french", styles=styles)
    west, east = inf.reliability[0], inf.reliability[2]
    assert west.grabber_style > 0.9 and east.grabber_style < 0.1
    e_west, e_east = west.epsilon("scopa"), east.epsilon("scopa")
    assert GRABBER_PASSES < e_west < (1 - TRUST_DEFAULT) / 4 < 1 - TRUST_DEFAULT < e_east
    # with every reading trusted fully, the style no longer moves ε
    full = infer(view, 3, NAMES, style="french", styles=styles, trust=1.0)
    assert full.reliability[0].grabber_style == 0.0


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
    assert inf.probability(1, card("KD")) < 0.2 < 0.8 < inf.probability(STOCK, card("KD"))
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
    assert (
        west[0].dropped_text(NAMES, "french")
        == "at play 5 West played QS, so did hold a queen (9) then"
    )
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


# -- facts: parity and the rule of 220 ---------------------------------------------------------


def test_last_card_forced_by_220_and_parity_is_a_fact(scopa: Ruleset) -> None:
    s = endgame(scopa, "KH", ["3D 4S", "QS 6C"])
    play(s, "4S", "6C", "3D")
    inf = infer(viewer_state(s, 0), 0, ["You", "Ada"], style="french")
    [d] = inf.deductions
    assert (d.status, d.holder, d.card, d.basis) == ("must", 1, card("QS"), "fact")
    assert d.reasons[0] == "Ada is the only player whose cards you have not seen (fact)"
    assert any("Rule of 220: the one card still unseen is worth 9" in r for r in d.reasons)
    assert any("Rule of 48" in r and "exactly one card, a queen (9)" in r for r in d.reasons)
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
    total = 0
    for deal in every_deal(caps, sum(1 << c for c in cards), allowed):
        total += 1
        for j, hand in enumerate(deal):
            for c in indexes_of(hand):
                per_card[(c, j)] += 1
            for v in {VALUE_OF[c] for c in indexes_of(hand)}:
                per_value[(j, v)] += 1
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


@settings(max_examples=15, deadline=None)
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


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(["scopone-scientifico", "scopa", "scopone-16"]),
    seed=st.integers(0, 10**6),
)
def test_soundness_over_whole_hands(name: str, seed: int) -> None:
    """Players always take a scopa (and the settebello); the tracker sees one seat only."""
    s, viewer, rng = random_hand(name, seed)
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
    assert 0.5 < p < 1  # by the readings, the tells and the passed-up gains
    assert j["holdings"]["West"]["QS"]["reading"] == "cannot"
    assert j["holdings"]["West"]["2C"]["basis"] is None
    assert j["sweep"]["value"] == 9 and j["sweep"]["next"] == "West"
    # West probably holds no 9, by the reading (weakened while no play shows how careful)
    assert 0 < j["sweep"]["probability"] < 0.25
    assert j["sweep"]["probability_facts"] == pytest.approx(1 / 3)
    [d] = j["deductions"]
    assert (d["player"], d["card"], d["basis"], d["confidence"]) == ("North", "QS", "inference", p)
    assert [r["status"] for r in j["inferences"]] == ["active", "active"]
    assert all(0.6 < r["confidence"] < 1 for r in j["inferences"])  # the plays look careless
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
    assert inf.readings_in_force == inf.standing
    assert all(e.dropped is None for e in inf.readings_in_force)
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
    assert list(data)[:6] == ["file", "hand", "player", "at", "total_plays", "deck"]
    assert data["file"] == record.path and data["player"] == "West" and data["at"] == 12
    assert data["total_plays"] == 36 and data["deck"] == "italian"
    assert {k: v for k, v in data.items() if k not in list(data)[:6]} == hv.view.to_json(
        record.style
    )
    assert hand_view(record, 1).at == 36


# -- deductions: the reasons they rest on, in words ------------------------------------------------


def hall_position(last: str) -> GameState:
    """North keeps ``last``; North passes up a sweep with a king, East one with a 5.

    West lays KC on an empty table and North, holding no king, lays 7S: so the two unseen
    kings KD and KH must be with West and East, one card each, and North's last card can
    only be ``last``. East's reading (no 5) plays no part in that.
    """
    s = endgame(
        load_ruleset("scopone-scientifico"),
        "AC 2C 3C 6C",
        ["6H KC KD", f"AS 7S {last}", "4H JH KH", "QS 2D 3S"],
    )
    for m in ["6H x 6C", "AS x AC", "4H", "QS x 2C 3C 4H", "KC", "7S", "JH"]:
        s.play(s.parse_move(m, "french"))
    return s


def test_a_must_names_only_the_readings_it_rests_on() -> None:
    """Bug: every other holder got its own reason, so East's irrelevant reading (no 5) was
    listed although the Hall set {West, East} already rules East out."""
    # readings trusted fully: the plays here look careless, and by default the must is unlikely
    inf = infer(viewer_state(hall_position("5S"), 3), 3, NAMES, style="french", trust=1.0)
    assert any(e.seat == 2 and e.values == (5,) for e in inf.active)  # the reading stands
    [d] = [d for d in inf.deductions if d.status == "must" and d.card == card("5S")]
    assert d.holder == 1 and d.basis == "inference"
    [north] = [e for e in inf.standing if e.seat == 1]  # no 6 is unseen: that one is moot
    assert d.reasons == [  # the step rests on North's reading, and says so (stop 49)
        "going by the readings, West and East hold 2 cards between them, and KD KH can only "
        "be with them",
        "at play 6 North could have swept the table (KC = 10) with a king (10) and did not, "
        f"so probably holds no king (10) (inference, {percent(north.confidence or 0)})",
    ]
    assert d.readings == (north,)
    assert "East could have swept" not in d.text


def test_the_last_ace_is_called_an_ace() -> None:
    """Bug: "(the last 1 unseen)" instead of "(the last ace unseen)"."""
    # trusting readings fully (the plays here look careless: by default the must is unlikely)
    inf = infer(viewer_state(hall_position("AD"), 3), 3, NAMES, style="french", trust=1.0)
    [d] = [d for d in inf.deductions if d.status == "must" and d.card == card("AD")]
    assert d.holder == 1
    # a deduction resting on a reading says so, with its probability: never a bare "must"
    p = percent(inf.probability(1, card("AD")))
    assert d.text.startswith(
        f"North holds AD (the last ace unseen): {p} (33% on the facts alone), from one reading: "
        "going by the readings, West and East hold 2"
    )
    assert 0.5 < d.confidence == inf.probability(1, card("AD")) < 1
    assert all("the last 1 unseen" not in x.text for x in inf.deductions)


def test_no_deduction_per_card_when_the_stock_holds_every_unseen_card() -> None:
    """Bug: with the other hand empty mid-deal, 30 lines "the stock must hold X" appeared."""
    [rec] = load_path(EXAMPLES / "seed003-scopa.yaml")
    a = count_view(rec.state_at(5), rec.seat_of("Ada"), rec.players, rec.style)
    inf = a.inference
    assert inf.capacity == {STOCK: 30}
    assert all(h.status == "must" and h.basis == "fact" for h in inf.holdings[STOCK].values())
    assert not [d for d in inf.deductions if d.holder == STOCK and d.basis == "fact"]


def test_consistent_deal_in_the_singular() -> None:
    s = endgame(load_ruleset("scopa"), "", ["QS", "AD"])
    assert infer(viewer_state(s, 1), 1).method == "exact count over 1 deal that fits the facts"


# -- facts and readings kept apart in the human table and the JSON ---------------------------------


def test_percentages_moved_by_readings_are_starred() -> None:
    """Bug: a percentage that only the readings made was shown like a fact."""
    s = hall_position("5S")
    s2 = s.copy()
    s2.stack = list(s.stack)
    s2.pop()  # before East's JH: West 1 card, North 1, East 2 unseen
    a = count_view(s2, 3, NAMES, "french")
    inf = a.inference
    assert inf.active
    for seat in (0, 1, 2):
        for v in range(1, 11):
            cell = inf.value_cell(seat, v)
            if cell.status != "may":
                continue
            p, pf = inf.probability_any(seat, v), inf.probability_any_facts(seat, v)
            assert cell.probability == p
            assert cell.reading == (percent(p) != percent(pf)), (seat, v, cell)
    # 4 unseen cards, North holds 1: 25% for the one 5 on the facts; the readings (East holds
    # no 5, North no 10) and the tells weigh the deals, every deal counting with its weight
    _, by_value = weighed_by_hand(inf)
    assert 0.25 < by_value[(1, 5)] < 1
    assert inf.value_cell(1, 5) == ValueCell("may", pytest.approx(by_value[(1, 5)]), True)
    table = plain_text(holdings_table(a, FRENCH))
    north = next(line for line in table.splitlines() if line.startswith("North"))
    assert north.split()[5] == percent(by_value[(1, 5)]) + "*"
    j = a.to_json("french")
    assert j["value_probability_facts"]["North"]["5"] == pytest.approx(0.25)
    assert j["value_probability"]["North"]["5"] == pytest.approx(by_value[(1, 5)])


def test_the_viewers_own_unknown_hand_keeps_its_chance_to_sweep() -> None:
    """A record without the viewer's cards: when the viewer moves next, their chance of
    holding the sweeping value is the count's, not nought (the inference reads the others)."""
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    west = record.players.index("West")
    view = hand_view(record, west, at=5, trust=0.0).view
    sweep = view.board.sweep
    assert sweep.next_seat == west and sweep.value == 1
    assert sweep.probability is not None and sweep.probability > 0.2
    assert view.sweep_probability == pytest.approx(sweep.probability)


def test_a_viewer_without_their_cards_reads_nothing_on_their_own_plays() -> None:
    """partial-view.yaml gives only South's cards: from West's seat no tell nor reading is
    made on West's plays, West's unknown cards are a row of the holdings, and every unseen
    card's probabilities sum to 1 over the rows."""
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    west = record.seat_of("West")
    for n in (20, 33):
        cv = count_view(record.state_at(n), west, record.players)
        inf = cv.inference
        assert all(t.seat != west for t in inf.tells)
        assert all(e.seat != west for e in inf.exclusions)
        assert west in inf.players_in_doubt
        for c in indexes_of(inf.unseen):
            assert sum(row[c].probability for row in inf.holdings.values()) == pytest.approx(1)
        data = cv.to_json()
        assert "West" in data["holdings"] and "West" in data["value_probability"]
        assert all(t["player"] != "West" for t in data["tells"])
        table = plain_text(holdings_table(cv, FRENCH))
        assert any(line.startswith("West") for line in table.splitlines())
    south = record.seat_of("South")
    assert south not in count_view(record.state_at(20), south, record.players).inference.holdings


def test_a_value_certain_by_counting_is_a_deduction(scopone: Ruleset) -> None:
    """Bug: three 2s out, South and West one card each, North two: North must hold a 2 (the
    board said 100%) but no deduction said so."""
    s = endgame(scopone, "", ["2D KH", "2S 5C", "2C 6H", "3D 4D"])
    play(s, "KH", "5C")
    cv = count_view(s, 3, ["South", "West", "North", "East"], "french")
    inf = cv.inference
    assert [(d.holder, d.value) for d in inf.value_deductions] == [(2, 2)]
    assert inf.value_cell(2, 2).status == "must" and inf.value_cell(0, 2).status == "may"
    data = cv.to_json()
    assert data["value_probability_facts"]["North"]["2"] == 1.0
    [vd] = data["value_deductions"]
    assert vd["player"] == "North" and vd["basis"] == "fact" and vd["cards"] == ["2D", "2S", "2C"]
    assert vd["text"].startswith("North must hold a 2 (2D 2S 2C)")
    assert "[certain] North must hold a 2" in plain_text(*tracker_view(cv, FRENCH))


@pytest.mark.parametrize("ruleset", ["scopone-scientifico", "scopa"])
def test_value_deductions_are_exactly_the_certain_values(ruleset: str) -> None:
    """A value deduction is made exactly when the facts alone make the value certain."""
    for seed in range(6):
        for plays in (20, 28, 31):
            full = midgame(ruleset, seed, plays)
            for viewer in range(full.rules.players):
                inf = count_view(full, viewer).inference
                said = {(d.holder, d.value) for d in inf.value_deductions}
                for d in inf.value_deductions:
                    assert full.hands[d.holder] & VALUE_MASKS[d.value]
                for seat in inf.players_in_doubt:
                    for v in range(1, 11):
                        row = inf.holdings[seat]
                        card_must = any(row[c].status == "must" for c in row if VALUE_OF[c] == v)
                        certain = inf.probability_any_facts(seat, v) == 1.0
                        known = bool(inf.state.hands[seat] & VALUE_MASKS[v])
                        assert ((seat, v) in said) == (certain and not card_must and not known)


def test_percentages_moved_by_passed_up_gains_alone_are_starred() -> None:
    """Found by QA: the star marked a figure moved by readings or tells, not one that only the
    passed-up gains moved (seed 003, play 15, from Ada's seat: You's 10 at 12%, 16% on the
    facts alone, shown without a star)."""
    from tutor.counting.tracker import viewer_state_from_record

    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    inf = infer(viewer_state_from_record(record, 1, 15), 1, record.players)
    assert not inf.standing and not inf.tells and any(inf.passed.values())
    moved = 0
    for v in range(1, 11):
        cell = inf.value_cell(0, v)
        if cell.status == "may":
            p, pf = inf.probability_any(0, v), inf.probability_any_facts(0, v)
            assert cell.reading == (percent(p) != percent(pf)), (v, cell)
            moved += cell.reading
    assert moved >= 1 and inf.value_cell(0, 10).reading


def test_an_inferred_deduction_gives_the_facts_figure_beside_its_own() -> None:
    """Found by QA: "the stock holds 7C: 96%, from one reading" read as if the reading had put
    the card there, while the facts alone gave 94%."""
    from tutor.counting.tracker import viewer_state_from_record

    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    inf = infer(viewer_state_from_record(record, 1, 9), 1, record.players)
    [first, *_rest] = [d for d in inf.deductions if d.basis == "inference"]
    facts = inf.probability_facts(first.holder, first.card)
    assert first.confidence is not None and facts < first.confidence < 1
    shown = f"{percent(first.confidence)} ({percent(facts)} on the facts alone), from one reading"
    assert shown in first.text, first.text
    assert first.to_json(record.players)["confidence_facts"] == pytest.approx(facts)  # scripts
    # the facts' figure is the share of the deals that fit the facts: the stock's places over
    # every place an unseen card may be
    stock_places, places = inf.capacity[STOCK], sum(inf.capacity.values())
    assert facts == pytest.approx(stock_places / places)


def test_a_reading_below_even_odds_is_not_worded_as_a_fact() -> None:
    """Bug (calibration audit): a reading the weighed deals gave 44% said 'so holds no 10
    (inference, 44%)', while the board beside it gave the player 56% of holding a 10. A reading
    is 'probably' at 50% or more and 'may' below, never a bare fact."""
    from tutor.counting.readings import Exclusion

    names = ["South", "West", "North", "East"]
    table = mask_of(parse_cards("KD", "french"))
    low = Exclusion("scopa", 0, (10,), 4, 0, table, confidence=0.44)
    high = Exclusion("scopa", 0, (10,), 4, 0, table, confidence=0.97)
    assert low.text(names, "french").endswith("so may hold no king (10) (inference, 44%)")
    assert high.text(names, "french").endswith("so probably holds no king (10) (inference, 97%)")
    assert "so holds no" not in low.text(names) + high.text(names)


@pytest.mark.parametrize(
    ("others", "places", "said"),
    [
        (0, 1, "W must hold an ace (AD AS): every unseen card is of that value (fact)."),
        (1, 2, "W must hold an ace (AD AS): only 1 unseen card is of another value, and W holds "
               "2 cards (fact)."),
        (2, 3, "W must hold an ace (AD AS): only 2 unseen cards are of other values, and W holds "
               "3 cards (fact)."),
    ],
)  # fmt: skip
def test_a_value_deduction_says_its_counts_in_good_grammar(
    others: int, places: int, said: str
) -> None:
    """Analysis audit (stop 49): "only 0 unseen cards are of other values, for the 1 cards W
    holds"; the zero case now says what it means, and each count takes its own number."""
    from tutor.counting.deductions import ValueDeduction

    d = ValueDeduction(1, 1, mask_of(parse_cards("AD AS")), places, others)
    assert d.text(["E", "W"], "italian") == said
