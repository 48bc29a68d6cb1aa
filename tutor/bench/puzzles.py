"""The puzzles' benchmarks: checking the shipped collection, mining new puzzles, and how
soon ``tutor puzzle try`` and ``tutor train`` show one."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from tutor.bench.common import Figures, _median_of, command_seconds, register
from tutor.puzzles.check import check_puzzle
from tutor.puzzles.format import load_collection
from tutor.puzzles.generate import generate

__all__ = [
    "bench_puzzle_check",
    "bench_puzzle_generate",
    "bench_puzzle_latency",
]


@register("puzzle-check")
def bench_puzzle_check(repeat: int = 3) -> Figures:
    """Seconds to check every shipped puzzle, as the test suite does (target: < 60 s).

    ``median_seconds`` is the median of the ``repeat`` runs' totals; ``slowest_puzzle`` and
    ``slowest_seconds`` the puzzle whose median over the same runs is the highest, and that
    median (a run cut by Ctrl-C counts in neither). The cold first run counts in both as one
    run of several, where the slowest was once the maximum over every run: most often the
    cold run's figure alone (bench audit, stop 57)."""
    names: list[str] = []
    per_run: list[list[float]] = []  # each finished run: every puzzle's seconds, in order

    def run() -> float:
        nonlocal names
        start = time.perf_counter()
        puzzles = load_collection()
        seconds = []
        for p in puzzles:
            c = check_puzzle(p)
            if not c.ok:
                raise ValueError(c.line())
            seconds.append(c.elapsed)
        total = time.perf_counter() - start
        names = [p.name for p in puzzles]
        per_run.append(seconds)
        return total

    m = _median_of(repeat, run)
    medians = [statistics.median(times) for times in zip(*per_run, strict=True)]
    slowest = max(zip(names, medians, strict=True), key=lambda nm: nm[1], default=("", 0.0))
    return {
        "puzzles": len(names),
        "median_seconds": round(m.value, 3),
        "slowest_puzzle": slowest[0],
        "slowest_seconds": round(slowest[1], 3),
        "runs": [round(r, 3) for r in m.runs],
        **m.cut(),
    }


@register("puzzle-generate")
def bench_puzzle_generate(
    ruleset: str = "scopone-scientifico", count: int = 10, seed: int = 1, workers: int = 2,
    repeat: int = 1,
) -> Figures:  # fmt: skip
    """Seconds to mine ``count`` puzzles from self-play on ``workers`` cores (target: < 120 s)."""
    hands = 0

    def run() -> float:
        nonlocal hands
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            report = generate(ruleset, count, seed, out, workers=workers)
            if report.interrupted:  # generate keeps what Ctrl-C left: no timing of it
                raise KeyboardInterrupt
            hands = report.hands
            return time.perf_counter() - start

    m = _median_of(repeat, run)
    return {
        "ruleset": ruleset,
        "puzzles": count,
        "workers": workers,
        "hands_dealt": hands,
        "median_seconds": round(m.value, 2),
        "runs": [round(r, 2) for r in m.runs],
        **m.cut(),
    }


@register("puzzle-latency")
def bench_puzzle_latency(repeat: int = 5, puzzle: str = "keep-the-table-above-ten") -> Figures:
    """Wall seconds, interpreter start included, until ``tutor puzzle try`` shows a puzzle and
    until ``tutor train`` shows its first (target: < 0.5 s each; median of ``repeat``)."""

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "progress.sqlite")
        train = ["train", "--db", db, "--count", "1"]
        command_seconds(
            train
        )  # the first session indexes the collection; later ones reuse the index
        tried = _median_of(repeat, lambda: command_seconds(["puzzle", "try", puzzle]))
        trained = None if tried.interrupted else _median_of(repeat, lambda: command_seconds(train))
    return {
        "try_median_seconds": round(tried.value, 3),
        "train_first_puzzle_median_seconds": None if trained is None else round(trained.value, 3),
        "try_runs": [round(r, 3) for r in tried.runs],
        "train_runs": [] if trained is None else [round(r, 3) for r in trained.runs],
        **(tried if trained is None else trained).cut(),  # cut short: the one Ctrl-C stopped
    }
