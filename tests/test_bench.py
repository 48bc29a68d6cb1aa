"""The benchmark registry: ``run_all`` runs what it can and says what it skipped."""

from __future__ import annotations

import pytest

from tutor import bench
from tutor.game.errors import TutorError


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
