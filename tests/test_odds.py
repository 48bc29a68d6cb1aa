"""The odds on the facts alone: the hypergeometric formula against a count of every deal."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.counting.odds import chance_of_value, hypergeometric_any
from tutor.counting.tracker import viewer_state
from tutor.game.cards import VALUE_MASKS
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState


@settings(max_examples=60, deadline=None)
@given(pool=st.integers(0, 12), special=st.integers(0, 12), drawn=st.integers(0, 12))
def test_hypergeometric_any_counts_the_hands(pool: int, special: int, drawn: int) -> None:
    special = min(special, pool)
    hands = list(combinations(range(pool), drawn)) if drawn <= pool else []
    if not hands:
        want = 0.0 if drawn <= 0 or special <= 0 else 1.0
    else:
        want = sum(1 for h in hands if any(c < special for c in h)) / len(hands)
    assert hypergeometric_any(pool, special, drawn) == pytest.approx(want)


@pytest.mark.parametrize("seed", range(4))
def test_chance_of_value_from_a_seat_view(seed: int) -> None:
    rules = load_ruleset("scopa")
    s = GameState.random(rules, seed)
    rng = random.Random(seed)
    for _ in range(3):
        s.push(rng.choice(s.legal_moves()))
    view = viewer_state(s, s.turn)
    other = 1 - s.turn
    pool = view.unplaced()
    for v in range(1, 11):
        got = chance_of_value(view, other, v)
        want = hypergeometric_any(
            pool.bit_count(), (pool & VALUE_MASKS[v]).bit_count(), view.unknown[other]
        )
        assert got == pytest.approx(want)
        mine = chance_of_value(view, s.turn, v)
        assert mine == (1.0 if view.hands[s.turn] & VALUE_MASKS[v] else 0.0)


def test_the_odds_that_you_hold_one_agree_with_you() -> None:
    """Found in the seed 003 review: 'the odds that You holds one: 16%'."""
    from tutor.counting.odds import odds_holds_one

    assert odds_holds_one("You", "16%", 0.16) == "the odds that you hold one: 16%"
    assert odds_holds_one("Ada", "16%", 0.16) == "the odds that Ada holds one: 16%"
