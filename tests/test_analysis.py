"""Perfect-information Monte Carlo analysis, its statistics, and ``tutor solve``."""

from __future__ import annotations

import json
import math
import random
import statistics
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli import app
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.search.analysis import (
    AnalysisError,
    analyse,
    exact_analysis,
    interval,
    run_parallel,
    value_sample,
)
from tutor.search.solver import solve

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
runner = CliRunner()
PLAIN_ENV: dict[str, str | None] = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None}


def last_deal(seed: int) -> GameState:
    """Scopa after the last deal: the unseen cards are exactly the opponent's hand."""
    rules = load_ruleset("scopa")
    rng = random.Random(seed)
    state = GameState.random(rules, rng)
    while state.deal_index < len(state.deals):
        state.push(rng.choice(state.legal_moves()))
    return state


def test_interval_matches_the_textbook() -> None:
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
    iv = interval(values)
    half = 2.365 * statistics.stdev(values) / math.sqrt(8)  # t(7) = 2.365
    assert iv.mean == 5.0
    assert iv.low == pytest.approx(5.0 - half) and iv.high == pytest.approx(5.0 + half)
    big = interval([float(i % 7) for i in range(200)])
    assert big.high - big.mean == pytest.approx(
        1.96 * statistics.stdev([i % 7 for i in range(200)]) / math.sqrt(200)
    )
    assert interval([3.0]).low == -math.inf


def test_sampling_equals_the_exact_values_when_nothing_is_hidden() -> None:
    """With every unseen card in the one opponent's hand, each sample is the true deal."""
    for seed in range(4):
        state = last_deal(seed)
        exact = {m.move: m.value for m in solve(state.copy()).moves}
        a = analyse(state, samples=5, seed=seed)
        assert a.samples == 5
        for m in a.moves:
            assert m.value == exact[m.move]
            assert m.low == m.high == m.value
        assert exact[a.best] == max(exact.values())


def test_same_seed_same_answer_with_any_number_of_workers() -> None:
    rules = load_ruleset("scopone-scientifico")
    rng = random.Random(2)
    state = GameState.random(rules, rng)
    while state.plays_left() > 14:
        state.push(rng.choice(state.legal_moves()))
    one = analyse(state, samples=12, seed=9, workers=1)
    two = analyse(state, samples=12, seed=9, workers=2)
    assert [(m.move, m.value, m.low, m.high) for m in one.moves] == [
        (m.move, m.value, m.low, m.high) for m in two.moves
    ]
    other = analyse(state, samples=12, seed=10, workers=1)
    assert other.values != one.values  # other deals (their means can agree by chance)


def test_playouts_value_every_move_from_the_mover_side() -> None:
    """Early on, values come from playouts plus an exact finish; they are points differences."""
    rules = load_ruleset("scopone-scientifico")
    state = GameState.random(rules, 5)
    moves = state.legal_moves()
    values = value_sample(state.copy(), moves, "s", exact_plies=16, playout_exact_plies=8)
    assert len(values) == len(moves)
    assert all(v == int(v) and abs(v) <= 4 + 36 for v in values)


def test_time_limit_and_progress() -> None:
    rules = load_ruleset("scopone-scientifico")
    state = GameState.random(rules, 6)
    seen: list[tuple[int, int]] = []
    a = analyse(
        state, samples=500, time_limit=0.3, seed=1, progress=lambda d, t: seen.append((d, t))
    )
    assert a.timed_out and a.samples < 500
    assert [d for d, _ in seen] == list(range(1, len(seen) + 1))
    assert all(t == 500 for _, t in seen)
    assert a.samples == len(seen)


def test_interrupt_keeps_the_completed_prefix() -> None:
    calls = []

    def work(k: int) -> int:
        if k == 3:
            raise KeyboardInterrupt
        calls.append(k)
        return k * k

    done, stop = run_parallel(work, [(k,) for k in range(6)])
    assert done == [0, 1, 4] and stop == "interrupt"


def test_mover_hand_must_be_known() -> None:
    rules = load_ruleset("scopa")
    state = GameState(rules, 0, [[(0, 3), (0, 3)]])
    with pytest.raises(AnalysisError, match="not fully known"):
        analyse(state, samples=2)


def test_exact_analysis_reports_bounds_past_the_limit() -> None:
    rules = load_ruleset("scopone-scientifico")
    state = GameState.random(rules, 1)
    a = exact_analysis(state, max_nodes=2000)
    assert not a.exact and a.timed_out
    assert all(m.low <= m.value <= m.high for m in a.moves)


# -- tutor solve -----------------------------------------------------------------------------


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), env=PLAIN_ENV)


def test_cli_solve_exact_json() -> None:
    result = run("solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "28", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is True and data["method"] == "exact"
    assert set(data) >= {"to_move", "exact", "moves", "best", "pv"}
    assert data["best"] == data["moves"][0]["move"] == data["pv"][0]
    values = [m["value"] for m in data["moves"]]
    assert values == sorted(values, reverse=True)
    assert all(m["low"] == m["value"] == m["high"] for m in data["moves"])
    assert len(data["pv"]) == 36 - 28


def test_cli_solve_human_table() -> None:
    result = run("solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "30")
    assert result.exit_code == 0, result.output
    assert "to move" in result.stdout and "Best line:" in result.stdout
    assert "exact" in result.stdout


def test_cli_solve_samples_on_a_partial_record() -> None:
    args = ["solve", str(EXAMPLES / "partial-view.yaml"), "--at", "24", "--samples", "6"]
    first = run(*args, "--seed", "3", "--json", "--workers", "1")
    second = run(*args, "--seed", "3", "--json", "--workers", "2")
    assert first.exit_code == 0, first.output
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert a["exact"] is False and a["samples"] == 6
    assert a["moves"] == b["moves"]


def test_cli_solve_refuses_exact_on_hidden_hands() -> None:
    result = run("solve", str(EXAMPLES / "partial-view.yaml"), "--at", "24", "--exact")
    assert result.exit_code == 3
    assert "--samples" in result.stderr and "Traceback" not in result.output


def test_cli_solve_too_large_suggests_samples() -> None:
    result = run(
        "solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "0", "--time", "0.2", "--json"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["exact"] is False
    assert "--samples" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["--at", "99"], 3, "only 36 plays"),
        (["--at", "36"], 3, "hand is over"),
        (["--hand", "2"], 3, "1 hand"),
        (["--exact", "--samples", "3"], 2, "not both"),
    ],
)
def test_cli_solve_bad_input(args: list[str], code: int, fragment: str) -> None:
    result = run("solve", str(EXAMPLES / "scopone-hand.yaml"), *args)
    assert result.exit_code == code, result.output
    assert fragment in result.output
    assert "Traceback" not in result.output


def test_cli_bench_search_move() -> None:
    result = runner.invoke(
        app,
        ["bench", "search", "--positions", "1", "--budget", "0.2", "--workers", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["workers"] == 1 and data["budget_seconds"] == 0.2
    assert 0.2 <= data["median_seconds"] < 2.0  # the budget is spent, and not overrun
    assert isinstance(data["opening_samples_in_budget"], int)
