"""The assignment model's sampling: deals drawn in proportion to their weight, lazily."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import card, greedy_move, partial_state
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.counting.assignment import AssignmentModel, iter_deals, sample_deals
from tutor.counting.inference import infer
from tutor.counting.readings import find_exclusions
from tutor.counting.tracker import CountingError, viewer_state
from tutor.game.cards import FULL_DECK, indexes_of
from tutor.game.rules import Ruleset
from tutor.game.state import GameState


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


def test_iter_deals_draws_the_same_deals_as_sample_deals() -> None:
    state = partial_state()
    listed = sample_deals(state, state.turn, 6, random.Random(5))
    it = iter_deals(state, state.turn, random.Random(5))
    lazy = [next(it) for _ in range(6)]
    assert [w.key() for w in lazy] == [w.key() for w in listed]
    assert len({w.key() for w in lazy}) > 1  # they are real samples, not one deal repeated


def _every_assignment(allowed: dict[int, int], caps: list[int]) -> list[dict[int, int]]:
    """Every way to give each card one allowed holder, filling each holder exactly."""
    cards = sorted(allowed)
    found: list[dict[int, int]] = []
    left = list(caps)
    chosen: dict[int, int] = {}

    def place(i: int) -> None:
        if i == len(cards):
            if not any(left):
                found.append(dict(chosen))
            return
        for j, room in enumerate(left):
            if room and allowed[cards[i]] >> j & 1:
                left[j] -= 1
                chosen[cards[i]] = j
                place(i + 1)
                left[j] += 1
        chosen.pop(cards[i], None)

    place(0)
    return found


@settings(max_examples=300, deadline=None)
@given(
    masks=st.lists(st.integers(0, 15), min_size=0, max_size=7),
    caps=st.lists(st.integers(0, 3), min_size=1, max_size=4),
)
def test_hall_condition_agrees_with_every_assignment(masks: list[int], caps: list[int]) -> None:
    """Feasibility and must/may/cannot, by Hall's condition, against brute force: random
    constraints, feasible or not, with the places adding up to the cards or not."""
    holders = list(range(len(caps)))
    allowed = {c: m & ((1 << len(caps)) - 1) for c, m in enumerate(masks)}
    model = AssignmentModel(holders, caps, allowed)
    every = _every_assignment(allowed, caps)
    assert model.feasible() == bool(every)
    if not every:
        with pytest.raises(CountingError):
            model.status(0, 0)
        return
    for c, gi in model.group_of.items():
        for j in holders:
            held = sum(a[c] == j for a in every)
            expect = "must" if held == len(every) else "cannot" if held == 0 else "may"
            assert model.status(gi, j) == expect, (c, j)
