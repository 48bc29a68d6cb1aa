"""What every benchmark shares: the registry, the medians, the timing of a process, the runner.

Every benchmark is a function taking keyword arguments with defaults and returning a flat
dict of figures (numbers, strings, or a list of per-run numbers under ``runs``). Register one
with :func:`register` so that ``tutor bench all`` runs it with its default sizes
(:func:`run_all`).

Timings are the median of several repeats, since a single run is at the mercy of the machine
(:func:`_median_of`).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Collection
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from tutor.game.errors import TutorError
from tutor.game.i18n import _, ngettext
from tutor.records.record import HandRecord
from tutor.records.recordfile import load_path

__all__ = [
    "BenchError",
    "BENCHMARKS",
    "Figures",
    "register",
    "Median",
    "command_seconds",
    "command_times",
    "run_all",
    "DEFAULT_RECORD",
]


Figures = dict[str, Any]
"""A benchmark's result: figure name -> value (``runs`` holds the per-repeat figures)."""


class BenchError(TutorError):
    """A benchmark asked for with sizes it cannot run (fewer than one hand or repeat).

    ``option`` names the command-line option whose value is wrong, when one is: the command
    line then reports a usage error (exit 2) rather than bad input."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


BENCHMARKS: dict[str, Callable[..., Figures]] = {}
"""Benchmark name -> function; ``tutor bench all`` calls each with its defaults."""

DEFAULT_RECORD = Path(str(resources.files("tutor.records") / "examples" / "scopone-hand.yaml"))
"""The scopone example hand: what ``bench review`` reviews, and ``bench tracker`` times when
no file is given."""


def _one_of(value: str, choices: Collection[str], message: str, option: str) -> None:
    """A :class:`BenchError` for ``option`` unless ``value`` is one of ``choices``; ``message``
    names it as ``{name}`` and lists the choices as ``{names}``."""
    if value not in choices:
        raise BenchError(message.format(name=value, names=", ".join(choices)), option)


def register(name: str) -> Callable[[Callable[..., Figures]], Callable[..., Figures]]:
    """Decorator adding a benchmark to :data:`BENCHMARKS` under ``name``."""

    def add(func: Callable[..., Figures]) -> Callable[..., Figures]:
        BENCHMARKS[name] = func
        return func

    return add


class Median(NamedTuple):
    """The median of a benchmark's runs, the runs, and whether Ctrl-C cut them short."""

    value: float
    runs: list[float]
    interrupted: bool = False

    def cut(self) -> Figures:
        """``{"interrupted": true}`` when Ctrl-C cut the runs short, else nothing: a figure
        over fewer runs than asked says so."""
        return {"interrupted": True} if self.interrupted else {}


def _median_of(repeat: int, run: Callable[[], float]) -> Median:
    """The median of ``repeat`` runs; Ctrl-C after the first keeps those finished (audit, stop
    53: a single benchmark stopped after nine of ten runs printed nothing)."""
    if repeat < 1:
        raise BenchError(_("repeat must be at least 1, not {n}").format(n=repeat), "--repeat")
    runs: list[float] = []
    try:
        for _i in range(repeat):
            runs.append(run())
    except KeyboardInterrupt:
        if not runs:
            raise
        return Median(statistics.median(runs), runs, True)
    return Median(statistics.median(runs), runs)


def _hand_of(path: str | Path, hand: int) -> HandRecord:
    """Hand ``hand`` (from 1) of the record file ``path``; BenchError naming ``--hand`` when
    the file has fewer."""
    records = load_path(path)
    if not 1 <= hand <= len(records):
        raise BenchError(
            ngettext("the file has {n} hand", "the file has {n} hands", len(records)).format(
                n=len(records)
            ),
            "--hand",
        )
    return records[hand - 1]


def command_seconds(args: list[str], environ: dict[str, str] | None = None) -> float:
    """Wall seconds of a ``tutor ARGS`` process, interpreter start included, the input empty
    (``environ`` on top of this process's environment).

    The process may write compiled bytecode, as an installed tutor has it: with
    ``PYTHONDONTWRITEBYTECODE`` set, every module would be compiled again at every start.
    """
    return command_times(args, environ)[0]


def command_times(args: list[str], environ: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of a ``tutor ARGS`` process, as
    :func:`command_seconds` runs it. The CPU time is what the process itself spent: on a
    machine shared with other work it varies far less than the wall time."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(environ or {})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tutor", *args], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=env)  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def run_all(
    names: list[str] | None = None,
    starting: Callable[[str], None] | None = None,
    skipped: Callable[[str, Exception], None] | None = None,
) -> dict[str, Figures]:
    """Run the named benchmarks (default: all registered) with their default sizes.

    ``starting(name)`` is called before each. A benchmark that cannot run here (a file it
    reads is missing or bad: OSError or TutorError) is skipped, reported to
    ``skipped(name, error)`` and given the figures ``{"skipped": message}``; the others run.
    Ctrl-C stops the run: the benchmarks finished keep their figures, the one it cut is
    ``{"interrupted": True}`` (with the runs it finished, when it keeps them), and the rest
    are not run (nor listed).
    """
    chosen = list(BENCHMARKS) if names is None else names
    results: dict[str, Figures] = {}
    for name in chosen:
        if starting is not None:
            starting(name)
        try:
            results[name] = BENCHMARKS[name]()
        except KeyboardInterrupt:  # the figures done stand (engine audit, stop 51: all lost)
            results[name] = {"interrupted": True}
            break
        except (OSError, TutorError) as exc:
            if skipped is not None:
                skipped(name, exc)
            results[name] = {"skipped": str(exc)}
            continue
        if results[name].get("interrupted") is True:  # its runs finished kept: stop as well
            break  # (bench audit, stop 57: the next benchmarks ran and the exit was 0)
    return results
