"""What the person waits for at the table: ``tutor play``'s replies, feedback and start
(``bench play``), and what speaking Italian costs at start-up (``bench language``)."""

from __future__ import annotations

import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tutor.bench.common import BenchError, Figures, command_seconds, command_times, register
from tutor.game.i18n import _
from tutor.search.players import ChitarrellaPlayer
from tutor.training.play import DEFAULT_PLAYER, Feedback, Played, PlaySession

__all__ = [
    "bench_play",
    "bench_language",
    "LANGUAGE_ENV",
]


def _percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of some values, by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def _spread(name: str, values: list[float]) -> Figures:
    """Median, 90th percentile and maximum of some seconds, under ``name``."""
    if not values:
        return {f"{name}_count": 0}
    return {
        f"{name}_count": len(values),
        f"{name}_median_seconds": round(statistics.median(values), 3),
        f"{name}_p90_seconds": round(_percentile(values, 0.9), 3),
        f"{name}_max_seconds": round(max(values), 3),
    }


@register("play")
def bench_play(
    ruleset: str = "scopone-scientifico",
    games: int = 3,
    seed: int = 0,
    workers: int = 2,
    starts: int = 5,
    opponents: str | None = None,
) -> Figures:
    """Latency of ``tutor play`` at the default settings (issue 11's targets: the computer's
    reply and the tutor's feedback each under 1.5 s on 2 cores, the start under 0.5 s).

    Plays ``games`` seeded games (seeds ``seed``, ``seed + 1``, ...) in which the person plays
    as the chitarrella player would, and times every computer play (``reply``), the tutor's
    feedback on each of the person's plays (``feedback``), and the whole wait from the
    person's play to their next turn, the board drawn (``turn``: feedback, replies, board).
    ``starts`` times a ``tutor play`` process that deals, shows the first turn and stops
    (the input is empty): the median of the runs. ``opponents`` names the computer's
    opponents (default: chitarrella, like every other seat).
    """
    if games < 1 or starts < 0:
        raise BenchError(
            _("games must be at least 1 and starts not negative, not {games}, {starts}").format(
                games=games, starts=starts
            )
        )
    replies: list[float] = []
    feedback: list[float] = []
    turns: list[float] = []
    person = ChitarrellaPlayer()
    for k in range(games):
        session = PlaySession.new(ruleset, seed=seed + k, opponents=opponents, workers=workers)
        session.start()
        while session.phase() == "play":
            move = person.choose(session.turn().view, random.Random(k))
            start = time.perf_counter()
            events = session.enter(move.text(session.style))
            turns.append(time.perf_counter() - start)
            for e in events:
                if isinstance(e, Played) and not e.yours:
                    replies.append(e.seconds)
                elif isinstance(e, Feedback):
                    feedback.append(e.seconds)
    out: Figures = {"ruleset": ruleset, "games": games, "workers": workers,
                    "opponents": opponents or DEFAULT_PLAYER}  # fmt: skip
    out.update(_spread("reply", replies))
    out.update(_spread("feedback", feedback))
    out.update(_spread("turn", turns))
    if starts:
        _start_seconds(ruleset, seed)  # a first run writes the compiled bytecode
        runs = [_start_seconds(ruleset, seed) for _ in range(starts)]
        out["start_median_seconds"] = round(statistics.median(runs), 3)
        out["start_runs"] = [round(r, 3) for r in runs]
    return out


def _start_seconds(ruleset: str, seed: int) -> float:
    """Wall seconds of a ``tutor play`` process that deals, draws the first turn and stops."""
    with tempfile.TemporaryDirectory() as tmp:
        save = str(Path(tmp) / "game.yaml")
        return command_seconds(["play", "--ruleset", ruleset, "--seed", str(seed), "--save", save])


LANGUAGE_ENV = {
    "en": {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"},
    "it": {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "it_IT.UTF-8"},
}
"""The environment of an English and of an Italian user (``bench language``)."""

_CATALOGUE_LOAD = (
    "import time; from tutor.game import i18n; s = time.perf_counter(); "
    "i18n.set_language('it'); print(time.perf_counter() - s)"
)


@register("language")
def bench_language(repeat: int = 9) -> Figures:
    """What speaking Italian costs at start-up: the catalogue's loading in a fresh interpreter,
    and ``tutor --help`` and ``tutor rules`` started in English and in Italian (the help is
    translated as the run starts), in milliseconds of wall and of CPU time. The runs alternate
    between the languages, so that the machine's load falls on both alike, after one run of
    each that writes the compiled bytecode; the cost is the difference of the medians (the CPU
    time's is the steadier figure on a busy machine)."""
    loads = []
    for _i in range(repeat):
        out = subprocess.run([sys.executable, "-c", _CATALOGUE_LOAD], capture_output=True,
                             text=True, check=True)  # fmt: skip
        loads.append(float(out.stdout))
    figures: Figures = {
        "repeat": repeat,
        "catalogue_load_ms": round(1000 * statistics.median(loads), 2),
    }
    for name, args in (("help", ["--help"]), ("rules", ["rules"])):
        for lang in ("en", "it"):
            command_times(args, LANGUAGE_ENV[lang])  # the compiled bytecode written
        wall: dict[str, list[float]] = {"en": [], "it": []}
        cpu: dict[str, list[float]] = {"en": [], "it": []}
        for _i in range(repeat):
            for lang in ("en", "it"):
                w, c = command_times(args, LANGUAGE_ENV[lang])
                wall[lang].append(w)
                cpu[lang].append(c)
        for kind, times in (("", wall), ("_cpu", cpu)):
            en, it = (1000 * statistics.median(times[lang]) for lang in ("en", "it"))
            figures[f"{name}_en{kind}_ms"] = round(en, 1)
            figures[f"{name}_it{kind}_ms"] = round(it, 1)
            figures[f"{name}_italian_cost{kind}_ms"] = round(it - en, 1)
    return figures
