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
