"""The search player: a legal move in its budget, the best one at the end, Ctrl-C passed on."""

from __future__ import annotations

import random
import time

import pytest

import tutor.search.analysis
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.search.players import seat_view
from tutor.search.searchplayer import SearchPlayer
from tutor.search.solver import solve


def test_search_player_takes_a_legal_move_quickly() -> None:
    rules = load_ruleset("scopone-scientifico")
    state = GameState.random(rules, 12)
    player = SearchPlayer(budget=0.3, samples=20)

    start = time.perf_counter()
    choice = player.choose(seat_view(state), random.Random(0))
    assert time.perf_counter() - start < 3.0
    assert choice in state.legal_moves()


def test_search_player_finds_the_endgame_move() -> None:
    """In scopa's last deal the unseen cards are the opponent's: search plays a best move."""
    rules = load_ruleset("scopa")
    rng = random.Random(21)
    player = SearchPlayer(budget=5.0, samples=4)
    for _ in range(5):
        state = GameState.random(rules, rng)
        while state.deal_index < len(state.deals):
            state.push(rng.choice(state.legal_moves()))
        state = state.copy()
        values = {m.move: m.value for m in solve(state).moves}
        choice = player.choose(seat_view(state), random.Random(0))
        assert values[choice] == max(values.values())


def test_search_player_passes_ctrl_c_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tutor.search.analysis, "run_parallel", lambda *a, **k: ([], "interrupt"))
    state = GameState.random(load_ruleset("scopa"), random.Random(2))
    with pytest.raises(KeyboardInterrupt):
        SearchPlayer(budget=0.5).choose(seat_view(state), random.Random(0))
