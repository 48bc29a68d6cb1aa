"""Regressions found by trying the solver, analyser and simulation as a user would (issue 4)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli import app
from tutor.counting.assignment import iter_deals, sample_deals
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.records.recordfile import load_path
from tutor.search import analysis as analysis_module
from tutor.search import solver as solver_module
from tutor.search.analysis import analyse, exact_analysis, run_parallel
from tutor.search.solver import Solver, random_position

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
runner = CliRunner()
PLAIN_ENV: dict[str, str | None] = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None}


def _partial_state(n: int = 20) -> GameState:
    return load_path(EXAMPLES / "partial-view.yaml")[0].state_at(n)


# -- a time limit must bound the time, however many samples are asked for ----------------------


def test_time_limit_is_not_spent_drawing_samples_that_are_never_used() -> None:
    # Before the fix every requested deal was drawn up front: a million samples took many seconds
    # (and gigabytes) before the first was valued, and the answer came back with none.
    state = _partial_state()
    start = time.perf_counter()
    result = analyse(state, samples=1_000_000, time_limit=0.4, seed=1, workers=1)
    assert time.perf_counter() - start < 3.0
    assert result.timed_out
    assert 0 < result.samples < 1_000_000


def test_iter_deals_draws_the_same_deals_as_sample_deals() -> None:
    state = _partial_state()
    listed = sample_deals(state, state.turn, 6, random.Random(5))
    it = iter_deals(state, state.turn, random.Random(5))
    lazy = [next(it) for _ in range(6)]
    assert [w.key() for w in lazy] == [w.key() for w in listed]
    assert len({w.key() for w in lazy}) > 1  # they are real samples, not one deal repeated


def test_lazy_sampling_is_still_independent_of_the_number_of_workers() -> None:
    state = _partial_state()
    one = analyse(state, samples=6, seed=4, workers=1, batch=2)
    two = analyse(state, samples=6, seed=4, workers=2, batch=2)
    assert one.values == two.values and len(one.values) == 6


def test_run_parallel_takes_a_lazy_iterable_and_stops_at_the_deadline() -> None:
    drawn: list[int] = []

    def args() -> Iterator[tuple[int]]:
        for k in range(10**9):
            drawn.append(k)
            yield (k,)

    deadline = time.perf_counter() + 0.2
    done, stop = run_parallel(_slow_square, args(), 1, None, deadline, total=10**9)
    assert stop == "time"
    assert done == [k * k for k in range(len(done))]
    assert len(drawn) <= len(done) + 1  # only what was handed out was drawn


def _slow_square(k: int) -> int:
    time.sleep(0.01)
    return k * k


# -- an exact search stopped early must not pretend to know values or the best move ------------


def _big_position() -> GameState:
    return load_path(EXAMPLES / "scopone-hand.yaml")[0].state_at(8)


def test_stopped_exact_search_has_no_best_move_when_bounds_overlap() -> None:
    result = exact_analysis(_big_position(), max_nodes=2000)
    assert not result.exact
    assert result.best is None and result.pv == []
    data = result.to_json()
    assert data["best"] is None and data["pv"] == []
    assert all(m["value"] is None for m in data["moves"] if m["low"] != m["high"])
    assert all(m["low"] < m["high"] for m in data["moves"])


def test_finished_exact_search_still_gives_values_and_best() -> None:
    state = load_path(EXAMPLES / "scopone-hand.yaml")[0].state_at(30)
    result = exact_analysis(state, max_nodes=10**7)
    assert result.exact and result.best is not None
    data = result.to_json()
    assert data["best"] == "7B x 3D 4D"
    assert [m["value"] for m in data["moves"]] == [1, -3]


def test_stopped_search_keeps_a_best_move_that_its_bounds_prove() -> None:
    # two moves, one proven at least +2 and the other at most 0: the first is best
    from tutor.search.solver import MoveValue, Solution

    state = load_path(EXAMPLES / "scopone-hand.yaml")[0].state_at(30)
    a, b = state.legal_moves()[:2]
    fake = Solution(
        to_move=state.turn, side=0, exact=False,
        moves=[MoveValue(a, 3, 2, 5), MoveValue(b, -1, -4, 0)], pv=[a], value=3, low=2, high=5,
    )  # fmt: skip

    class FakeSolver:
        def solve(self, *args: object, **kwargs: object) -> Solution:
            return fake

    orig = analysis_module.solver_for
    analysis_module.solver_for = lambda rules: FakeSolver()  # type: ignore[assignment,return-value]
    try:
        result = exact_analysis(state, max_nodes=1)
    finally:
        analysis_module.solver_for = orig
    assert result.best == a
    fake.moves = [MoveValue(a, 3, 1, 5), MoveValue(b, -1, -4, 2)]
    analysis_module.solver_for = lambda rules: FakeSolver()  # type: ignore[assignment,return-value]
    try:
        result = exact_analysis(state, max_nodes=1)
    finally:
        analysis_module.solver_for = orig
    assert result.best is None


def test_cli_stopped_exact_solve_says_no_move_is_proven() -> None:
    args = ["solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "8", "--time", "0.2"]
    res = runner.invoke(app, args, env=PLAIN_ENV)
    assert res.exit_code == 0, res.output
    assert "No move is proven best yet" in res.stdout
    assert "Best line" not in res.stdout
    assert "--samples K" in res.stderr and "mover's seat" in res.stderr
    res = runner.invoke(app, [*args, "--json"], env=PLAIN_ENV)
    data = json.loads(res.stdout)
    assert data["exact"] is False and data["best"] is None
    assert all(m["value"] is None for m in data["moves"])


def test_cli_sampling_with_no_sample_done_shows_no_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # a time limit too short for one sample: before, every move showed "+0.00" and a best move
    import tutor.search.analysis

    monkeypatch.setattr(tutor.search.analysis, "run_parallel", lambda *a, **k: ([], "time"))
    args = ["solve", str(EXAMPLES / "partial-view.yaml"), "--at", "20", "--samples", "50",
            "--time", "0.001", "--workers", "1"]  # fmt: skip
    res = runner.invoke(app, args, env=PLAIN_ENV)
    assert res.exit_code == 0, res.output
    assert "+0.00" not in res.stdout
    assert "No sample was valued" in res.stdout
    res = runner.invoke(app, [*args, "--json"], env=PLAIN_ENV)
    data = json.loads(res.stdout)
    assert data["samples"] == 0 and data["best"] is None
    assert all(m["value"] is None for m in data["moves"])


# -- Ctrl-C while the principal variation is being read keeps the exact values ----------------


def test_interrupt_during_the_principal_variation_keeps_the_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = load_ruleset("scopa")
    state = random_position(rules, random.Random(3), 3)
    plain = Solver(rules).solve(state)

    def interrupted(self: object, node: object, value: int) -> list[object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(solver_module._Run, "_pv", interrupted)
    sol = Solver(rules).solve(state, keep_on_interrupt=True)
    assert sol.interrupted
    assert [(m.move, m.value) for m in sol.moves] == [(m.move, m.value) for m in plain.moves]
    assert sol.pv == [plain.moves[0].move]
    with pytest.raises(KeyboardInterrupt):
        Solver(rules).solve(state)


# -- Ctrl-C must stop a whole run, not just the solver call that happened to receive it -------


def _interrupt_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def ctrl_c(self: object, node: object, guess: int, bounds: list[int]) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(solver_module._Run, "_mtdf", ctrl_c)


def test_solver_lets_ctrl_c_through_unless_asked_to_keep_the_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before, every solve swallowed Ctrl-C and returned bounds, so a player or a sampler that
    # called the solver went on as if nothing had happened: `tutor simulate -w 1` never stopped.
    state = random_position(load_ruleset("scopa"), random.Random(8), 3)
    _interrupt_the_search(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        Solver(state.rules).solve(state)
    kept = Solver(state.rules).solve(state, keep_on_interrupt=True)
    assert kept.interrupted and not kept.exact
    shown = exact_analysis(state)  # what `tutor solve --exact` uses: keeps what it has
    assert shown.interrupted


def test_in_process_simulation_stops_on_ctrl_c_inside_a_players_solve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutor.search.simulate import simulate

    _interrupt_the_search(monkeypatch)  # chitarrella counts the last rounds with the solver
    r = simulate("scopa", ["chitarrella", "greedy"], deals=5, seed=1, workers=1)
    assert r.interrupted
    assert r.deals == 0


def test_in_process_sampling_stops_on_ctrl_c_inside_a_solve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _partial_state(24)  # 12 plays left: every sample is solved exactly
    _interrupt_the_search(monkeypatch)
    a = analyse(state, samples=5, seed=1, workers=1)
    assert a.interrupted and a.samples == 0


def test_search_player_passes_ctrl_c_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.search.analysis
    from tutor.search.players import seat_view
    from tutor.search.searchplayer import SearchPlayer

    monkeypatch.setattr(tutor.search.analysis, "run_parallel", lambda *a, **k: ([], "interrupt"))
    state = GameState.random(load_ruleset("scopa"), random.Random(2))
    with pytest.raises(KeyboardInterrupt):
        SearchPlayer(budget=0.5).choose(seat_view(state), random.Random(0))


# -- simulation: points and scope per hand cannot have a negative interval ----------------------


def test_simulation_intervals_of_counts_never_go_below_zero() -> None:
    # random makes a scopa now and then: few nonzero values, so the plain t-interval dipped
    # below zero ("0.08 [-0.10, 0.27]"), which no count of scope can reach
    from tutor.search.simulate import simulate

    r = simulate("scopa", ["greedy", "random"], deals=4, seed=2)
    for who in (0, 1):
        for iv in (r.points(who), r.scope(who)):
            assert 0.0 <= iv.low <= iv.mean <= iv.high
    raw = [o.scope[1] for o in r.outcomes]
    assert min(raw) == 0  # the case the clip is for: some hands without a scopa
    data = r.to_json()
    assert all(p["scope_per_hand"]["low"] >= 0 for p in data["players"])
