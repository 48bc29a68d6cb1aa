"""Benchmarks: the registry runs what it can and says what it skipped; the figures they give."""

from __future__ import annotations

import random

import pytest

from tutor import bench
from tutor.bench import bench_exact
from tutor.game.errors import TutorError
from tutor.game.rules import load_ruleset, ruleset_names


def test_run_all_skips_a_benchmark_that_cannot_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> bench.Figures:
        raise FileNotFoundError(2, "No such file or directory", "gone.yaml")

    def bad() -> bench.Figures:
        raise TutorError("gone.yaml:3: not a record")

    def broken() -> bench.Figures:
        raise ZeroDivisionError("a bug")

    registry = {"ok": lambda: {"seconds": 1.0}, "missing": missing, "bad": bad}
    monkeypatch.setattr(bench, "BENCHMARKS", registry)
    started: list[str] = []
    skipped: list[str] = []
    results = bench.run_all(starting=started.append, skipped=lambda n, e: skipped.append(n))
    assert started == ["ok", "missing", "bad"] and skipped == ["missing", "bad"]
    assert results["ok"] == {"seconds": 1.0}
    assert results["bad"] == {"skipped": "gone.yaml:3: not a record"}
    assert "gone.yaml" in results["missing"]["skipped"]
    registry["broken"] = broken
    with pytest.raises(ZeroDivisionError):  # a bug is not skipped
        bench.run_all()


def test_random_playouts_finish_every_hand() -> None:
    for name in ruleset_names():
        rules = load_ruleset(name)
        score = bench.play_random_hand(rules, random.Random(7))
        assert sum(s.cards for s in score.sides) == 40


def test_bench_exact_reports_the_figures() -> None:
    figures = bench_exact("scopa", 3, positions=3, seed=2)
    assert figures["positions"] == 3 and len(figures["runs"]) == 3
    assert 0 < figures["median_seconds"] <= figures["max_seconds"]
    assert figures["nodes_per_second"] > 0 and 0 <= figures["tt_hit_rate"] <= 1


def test_bench_play_times_replies_feedback_and_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.training.play
    from tutor.review.judge import Settings

    # the budget is the defaults' business; here only the figures' bookkeeping is tested
    monkeypatch.setattr(tutor.training.play, "FEEDBACK", Settings(samples=4, time=0.05,
                                                                  first_round=2))  # fmt: skip
    figures = bench.bench_play("scopa", games=1, workers=1, starts=1)
    assert figures["reply_count"] == figures["feedback_count"] == figures["turn_count"] == 18
    for name in ("reply", "feedback", "turn"):
        assert 0 <= figures[f"{name}_median_seconds"] <= figures[f"{name}_max_seconds"]
    assert len(figures["start_runs"]) == 1 and figures["start_median_seconds"] > 0
    with pytest.raises(bench.BenchError):
        bench.bench_play("scopa", games=0)


def test_endgame_regret_is_nought_for_the_true_deal_and_reproducible() -> None:
    """The sighted yardstick chooses a best move for the true deal every time, so its regret
    is nought at every position; a method that samples loses something somewhere, never less
    than nothing; and a seed gives the same figures again."""
    run = bench.bench_endgame("chitarrella,greedy", deals=2, seed=3, samples=6,
                              methods=("facts", "sighted"), plays_left=10)  # fmt: skip
    assert len(run.left) > 10 and max(run.left) <= 10
    assert run.regrets["sighted"] == [0.0] * len(run.left)
    assert min(run.regrets["facts"]) >= 0 and max(run.regrets["facts"]) > 0
    again = bench.bench_endgame("chitarrella,greedy", deals=2, seed=3, samples=6,
                                methods=("facts", "sighted"), plays_left=10)  # fmt: skip
    assert again.to_json() == run.to_json()
    with pytest.raises(bench.BenchError, match="unknown method 'oracle'"):
        bench.bench_endgame("chitarrella,greedy", deals=1, methods=("oracle",))
    with pytest.raises(bench.BenchError, match="name two players"):
        bench.bench_endgame("chitarrella", deals=1)


def test_endgame_regret_keeps_the_deals_done_when_interrupted() -> None:
    """Ctrl-C after the first deal: the figures of that deal, marked interrupted."""

    def stop_after_one(done: int, total: int) -> None:
        if done == 1:
            raise KeyboardInterrupt

    run = bench.bench_endgame("chitarrella,greedy", deals=3, samples=4, methods=("facts",),
                              progress=stop_after_one)  # fmt: skip
    assert run.interrupted and run.deals == 1
    whole = bench.bench_endgame("chitarrella,greedy", deals=1, samples=4, methods=("facts",))
    assert run.regrets == whole.regrets and run.left == whole.left
    assert run.to_json()["interrupted"] is True
