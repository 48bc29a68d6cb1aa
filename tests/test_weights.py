"""Weighted deals: the exact counts and the sampler against brute force over every deal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest
from helpers import every_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.counting.tracker import CountingError
from tutor.counting.weights import Evidence, Term, WeightedModel
from tutor.game.captures import VALUE_OF
from tutor.game.cards import VALUE_MASKS


def _brute(
    holders: list[int], caps: list[int], pool: int, ev: Evidence
) -> tuple[float, list[tuple[list[int], float]]]:
    weighted = []
    for deal in every_deal(caps, pool):
        w = ev.weight({h: deal[j] for j, h in enumerate(holders)})
        weighted.append((deal, w))
    return sum(w for _, w in weighted), weighted


terms = st.builds(
    Term,
    seat=st.integers(0, 2),
    values=st.lists(st.integers(1, 4), min_size=1, max_size=3, unique=True).map(
        lambda vs: tuple(sorted(vs))
    ),
    some=st.sampled_from([0.0, 0.05, 0.5, 1.0, 2.0]),
    none=st.sampled_from([0.3, 1.0]),
) | st.builds(
    Term,
    seat=st.integers(0, 2),
    values=st.integers(1, 4).map(lambda v: (v,)),
    by_count=st.lists(st.sampled_from([0.0, 0.2, 1.0, 3.0]), min_size=1, max_size=5).map(tuple),
)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    terms=st.lists(terms, max_size=5),
    stock=st.booleans(),
)
def test_exact_weighted_counts_match_brute_force(seed: int, terms: list[Term], stock: bool) -> None:
    rng = random.Random(seed)
    # up to 8 cards of values 1-5 (so that several cards share a value) over 2-3 holders
    candidates = [c for c in range(40) if VALUE_OF[c] <= 5]
    cards = rng.sample(candidates, rng.randint(1, 8))
    pool = sum(1 << c for c in cards)
    holders = [0, 1, 2] if not stock else [0, 2, -1]
    cuts = sorted(rng.randint(0, len(cards)) for _ in range(len(holders) - 1))
    caps = [b - a for a, b in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    ev = Evidence(tuple(terms))
    total, weighted = _brute(holders, caps, pool, ev)
    model = WeightedModel(holders, caps, pool, ev)
    assert model.total() == pytest.approx(total)
    if total == 0:
        with pytest.raises(CountingError):
            model.probability(0, cards[0])
        return
    for j in range(len(holders)):
        for c in cards:
            held = sum(w for deal, w in weighted if deal[j] >> c & 1)
            assert model.probability(j, c) == pytest.approx(held / total), (j, c)
        for v in range(1, 6):
            none = sum(w for deal, w in weighted if not deal[j] & VALUE_MASKS[v])
            assert model.probability_none(j, [v]) == pytest.approx(none / total), (j, v)
        both = VALUE_MASKS[1] | VALUE_MASKS[3]
        none = sum(w for deal, w in weighted if not deal[j] & both)
        assert model.probability_none(j, [1, 3]) == pytest.approx(none / total)
    for t in terms:  # the sets the terms name are counted on the way
        if t.seat in holders:
            j = holders.index(t.seat)
            none = sum(w for deal, w in weighted if not deal[j] & t.mask)
            assert model.probability_none(j, t.values) == pytest.approx(none / total)


def _tally(model: WeightedModel, n: int, seed: int) -> Counter[tuple[int, ...]]:
    rng = random.Random(seed)
    out: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        parts = model.sample(rng)
        out[tuple(sum(1 << c for c in p) for p in parts)] += 1
    return out


def test_sampling_follows_the_weights_and_the_seed() -> None:
    pool = VALUE_MASKS[1] & 0b1111111111_1111111111 | VALUE_MASKS[2] | 1 << 4
    holders, caps = [0, 1, 2], [2, 2, pool.bit_count() - 4]
    ev = Evidence(
        (
            Term(0, (2,), 0.1, 1.0),
            Term(1, (1, 5), 0.3, 1.0),
            Term(2, (2,), 1.0, 0.5),
            Term(1, (2,), by_count=(1.0, 0.5, 2.0)),
        )
    )
    total, weighted = _brute(holders, caps, pool, ev)
    model = WeightedModel(holders, caps, pool, ev)
    n = 20_000
    tally = _tally(model, n, 5)
    assert _tally(model, 50, 9) == _tally(model, 50, 9)  # the same seed, the same deals
    expect = {tuple(deal): w / total for deal, w in weighted}
    assert set(tally) <= {k for k, p in expect.items() if p > 0}
    for deal, p in expect.items():
        assert tally[deal] / n == pytest.approx(p, abs=4 * (p * (1 - p) / n) ** 0.5 + 1e-3)


class _EvenThrees(Evidence):
    """A weight that does not factor into terms: deals where seat 0 holds an even number of
    3s keep a fifth of their weight (a stand-in for a model of play)."""

    def residual(self, hands: Mapping[int, int]) -> float:
        return 0.2 if (hands.get(0, 0) & VALUE_MASKS[3]).bit_count() % 2 == 0 else 1.0


def test_a_factor_by_count_is_for_one_value() -> None:
    with pytest.raises(ValueError, match="single value"):
        Term(0, (1, 2), by_count=(1.0, 0.5))


def test_a_residual_weight_is_sampled_by_rejection() -> None:
    pool = VALUE_MASKS[3] | VALUE_MASKS[4]
    holders, caps = [0, 1], [3, 5]
    ev = _EvenThrees((Term(1, (4,), 0.5, 1.0),))
    total, weighted = _brute(holders, caps, pool, ev)
    n = 12_000
    tally = _tally(WeightedModel(holders, caps, pool, ev), n, 2)
    for deal, w in weighted:
        p = w / total
        assert tally[tuple(deal)] / n == pytest.approx(p, abs=4 * (p * (1 - p) / n) ** 0.5 + 1e-3)
