"""Information-set tree search: it never reads a hidden card, finds known answers, reproduces."""

from __future__ import annotations

import random

import pytest
from helpers import midgame, reshuffle_hidden

from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.search.analysis import AnalysisError
from tutor.search.ismcts import ismcts
from tutor.search.players import seat_view
from tutor.search.solver import solve


def _summary(state: GameState) -> list[tuple[str, int, float]]:
    result = ismcts(state, iterations=40, seed=3)
    return [(m.move.text(), m.n, round(m.value, 9)) for m in result.moves]


@pytest.mark.parametrize(("ruleset", "plays"), [("scopone-scientifico", 9), ("scopa", 7)])
def test_the_answer_does_not_depend_on_the_hidden_hands(ruleset: str, plays: int) -> None:
    """The other players' cards dealt differently among them: the same search, move by move."""
    state = midgame(ruleset, 5, plays)
    other = reshuffle_hidden(state, random.Random(1))
    assert (other.hands, other.deals) != (state.hands, state.deals)  # the hidden cards moved
    assert _summary(state) == _summary(other) == _summary(seat_view(state))


def test_a_known_deal_gives_the_exact_best_move() -> None:
    """In scopa's last deal counting shows every card: each root move is solved exactly, and
    the most visited move is a best one."""
    rules = load_ruleset("scopa")
    rng = random.Random(8)
    for _ in range(4):
        state = GameState.random(rules, rng)
        while state.deal_index < len(state.deals):
            state.push(rng.choice(state.legal_moves()))
        values = {m.move: m.value for m in solve(state.copy()).moves}
        result = ismcts(state, iterations=80, seed=1)
        assert values[result.best] == max(values.values())
        for m in result.moves:
            if m.n:
                assert m.value == values[m.move]  # each visit solved the one possible deal


def test_trees_add_up_the_same_on_any_number_of_workers() -> None:
    state = midgame("scopone-scientifico", 2, 14)
    one = ismcts(state, iterations=24, trees=2, seed=4, workers=1)
    two = ismcts(state, iterations=24, trees=2, seed=4, workers=2)
    assert [(m.move, m.n, m.value) for m in one.moves] == [
        (m.move, m.n, m.value) for m in two.moves
    ]
    assert one.samples == 24


def test_a_finished_hand_is_refused() -> None:
    state = midgame("scopa", 1, 36)
    assert state.is_over()
    with pytest.raises(AnalysisError):
        ismcts(state, iterations=5)
