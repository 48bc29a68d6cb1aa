"""Benchmarks: random playouts, record replay, and a registry other modules add to.

Every benchmark is a function taking keyword arguments with defaults and returning a flat
dict of figures (numbers, strings, or a list of per-run numbers under ``runs``). Register one
with :func:`register` so that ``tutor bench all`` runs it with its default sizes.

Timings are the median of several repeats, since a single run is at the mercy of the machine.

>>> figures = bench_playouts("scopa", hands=3, repeat=1)
>>> figures["hands"], figures["repeat"], figures["hands_per_second"] > 0
(3, 1, True)
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from tutor.counting.defaults import STATED_SHARE, TRUST_DEFAULT
from tutor.counting.inference import count_view
from tutor.counting.odds import chance_of_card, chance_of_values
from tutor.counting.style import (
    STYLE_PRIOR,
    StylePriors,
    carry_styles,
    check_share,
    stated_style,
)
from tutor.game.captures import clear_cache
from tutor.game.cards import VALUE_MASKS, indexes_of
from tutor.game.errors import TutorError
from tutor.game.i18n import _, ngettext
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.scoring import HandScore, hand_points, score_state
from tutor.game.state import GameState, random_deal
from tutor.puzzles.check import check_puzzle
from tutor.puzzles.format import load_collection
from tutor.puzzles.generate import generate
from tutor.records.record import HandRecord
from tutor.records.recordfile import load_path
from tutor.records.replay import replay_match
from tutor.review.defaults import DEFAULT_SAMPLES, DEFAULT_TIME
from tutor.review.judge import CLASSES, Judgement, Settings, classify, json_number
from tutor.review.planted import plant_missed_scopa
from tutor.review.review import Review, review_record
from tutor.search.analysis import (
    Deals,
    Progress,
    analyse,
    exact_values,
    facts_deals,
    interval,
    read_deals,
    run_parallel,
    shared_deals,
    t_975,
)
from tutor.search.defaults import DEFAULT_EXACT_PLIES
from tutor.search.players import ChitarrellaPlayer, seat_view
from tutor.search.playmodel import ReadOdds, read_odds
from tutor.search.roster import PlayerError, make_player
from tutor.search.searchplayer import SearchPlayer
from tutor.search.simulate import check_sides, move_seed, play_game, play_hand
from tutor.search.solver import Solver, random_position
from tutor.training.play import DEFAULT_PLAYER, FEEDBACK, Feedback, Played, PlaySession

__all__ = [
    "BenchError",
    "BENCHMARKS",
    "Figures",
    "register",
    "random_playout",
    "bench_playouts",
    "bench_replay",
    "bench_tracker",
    "bench_review",
    "bench_planted",
    "bench_play",
    "bench_language",
    "Bins",
    "Calibration",
    "bench_calibration",
    "run_all",
    "DEFAULT_RECORD",
    "Verdict",
    "VerdictCoverage",
    "bench_verdicts",
    "verdict_holds",
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


def random_playout(state: GameState, rng: random.Random) -> None:
    """Play the hand to its end, each move drawn uniformly from the legal moves."""
    while not state.is_over():
        moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])


def play_random_hand(rules: Ruleset, rng: random.Random) -> HandScore:
    """Deal a random hand, play it out at random and score it."""
    state = GameState.random(rules, rng)
    random_playout(state, rng)
    return score_state(state)


@register("playouts")
def bench_playouts(
    ruleset: str = "scopone-scientifico", hands: int = 1000, repeat: int = 5, seed: int = 0
) -> Figures:
    """Hands per second dealt, played at random to the end and scored.

    Repeat k deals from seed ``seed + k`` with the capture-table cache cleared, so no repeat
    profits from tables an earlier one computed.
    """
    if hands < 1:
        raise BenchError(_("hands must be at least 1, not {n}").format(n=hands), "--hands")
    rules = load_ruleset(ruleset)

    seeds = iter(range(seed, seed + repeat))

    def run() -> float:
        rng = random.Random(next(seeds))
        clear_cache()
        start = time.perf_counter()
        for _i in range(hands):
            state = GameState.random(rules, rng)
            random_playout(state, rng)
            hand_points(rules, state.captured, state.scope)
        return hands / (time.perf_counter() - start)

    m = _median_of(repeat, run)
    return {
        "ruleset": rules.name,
        "hands": hands,
        "repeat": repeat,
        "seed": seed,
        "hands_per_second": round(m.value, 1),
        "runs": [round(r, 1) for r in m.runs],
        **m.cut(),
    }


@register("replay")
def bench_replay(path: str | Path = DEFAULT_RECORD, repeat: int = 5) -> Figures:
    """Seconds to load, validate, replay and score a hand record (the ``tutor replay`` work):
    ``median_seconds``, the median of ``repeat`` runs."""

    def run() -> float:
        start = time.perf_counter()
        replay_match(load_path(path))
        return time.perf_counter() - start

    m = _median_of(repeat, run)
    return {
        "file": str(path),
        "repeat": repeat,
        "median_seconds": round(m.value, 6),
        "runs": [round(r, 6) for r in m.runs],
        **m.cut(),
    }


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


@register("tracker")
def bench_tracker(
    path: str | Path = DEFAULT_RECORD, player: str | None = None, repeat: int = 5, hand: int = 1
) -> Figures:
    """Seconds for the tracker and the inference after every play of a record (hand ``hand``
    of a match file), from one seat: ``median_seconds``, the median of ``repeat`` runs, and
    ``ms_per_play`` from it.

    The positions are built first (not timed); each run computes, for every play, the
    viewer's view, the rule-of-48 board and the inference (readings, flow network, exact
    probabilities). The issue's target: under 1 s for a whole scopone hand.
    """

    record = _hand_of(path, hand)
    name = player if player is not None else record.players[-1]
    seat = record.seat_of(name)
    states = [record.state_at(n) for n in range(1, len(record.plays) + 1)]

    def run() -> float:
        start = time.perf_counter()
        for state in states:
            count_view(state, seat, record.players, record.style)
        return time.perf_counter() - start

    m = _median_of(repeat, run)
    return {
        "file": str(path),
        "hand": hand,
        "player": name,
        "plays": len(states),
        "repeat": repeat,
        "median_seconds": round(m.value, 6),
        "ms_per_play": round(1000 * m.value / max(1, len(states)), 3),
        "runs": [round(r, 6) for r in m.runs],
        **m.cut(),
    }


@register("solve-scopone-4")
def bench_solve_scopone_4(positions: int = 20, seed: int = 0) -> Figures:
    """Exact solve: scopone, 4 cards in each hand and 4 on the table (target: median < 1 s)."""

    return bench_exact("scopone-scientifico", 4, table=4, positions=positions, seed=seed)


@register("solve-scopone-5")
def bench_solve_scopone_5(positions: int = 20, seed: int = 0) -> Figures:
    """Exact solve: scopone, 5 cards in each hand (target: median < 10 s)."""

    return bench_exact("scopone-scientifico", 5, positions=positions, seed=seed)


@register("solve-scopa-last-deal")
def bench_solve_scopa_last(positions: int = 20, seed: int = 0) -> Figures:
    """Exact solve: the last deal of two-player scopa (target: median < 20 ms)."""

    return bench_exact("scopa", 3, positions=positions, seed=seed)


@register("search-move")
def bench_search(positions: int = 5, budget: float = 1.0, workers: int = 2) -> Figures:
    """The search player on a scopone opening move with 2 workers (target: < 2 s a move)."""

    return bench_search_move(positions=positions, budget=budget, workers=workers)


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


SEED003_RECORD = Path(str(resources.files("tutor.records") / "examples" / "seed003-scopa.yaml"))
"""The scopa hand ``bench review`` times (seed 003's worked example)."""


@register("review")
def bench_review(
    repeat: int = 3,
    workers: int = 2,
    samples: int = DEFAULT_SAMPLES,
    time_budget: float = DEFAULT_TIME,
    planted: int = 0,
    seed: int = 0,
) -> Figures:
    """Seconds for ``tutor review`` at the default settings (issue 9's targets: one scopone
    player under 30 s, every scopone player under 90 s, one scopa player under 10 s), the
    samples the defaults draw, and with ``planted`` N the planted-missed-scopa rates.
    """
    cases = (
        ("scopone_player", DEFAULT_RECORD, ["South"]),
        ("scopone_all", DEFAULT_RECORD, None),
        ("scopa_player", SEED003_RECORD, ["You"]),
    )
    settings = Settings(samples=samples, time=time_budget, seed=seed, workers=workers)
    out: Figures = {"repeat": repeat, "workers": workers, "samples_cap": samples,
                    "time_per_decision": time_budget}  # fmt: skip
    for name, path, players in cases:
        record = load_path(path)[0]
        chosen = list(record.players) if players is None else players
        times: list[float] = []
        drawn: list[int] = []
        timed_out = decisions = 0
        for _i in range(repeat):
            start = time.perf_counter()
            review = review_record(record, chosen, settings=settings)
            if review.interrupted:  # the review keeps what Ctrl-C left: no timing of it
                out["interrupted"] = True  # the cases and runs finished stand (audit, stop 53)
                break
            times.append(time.perf_counter() - start)
            sampled = [d.judgement for d in review.decisions if not d.judgement.exact]
            drawn = [j.samples for j in sampled if j.samples]
            timed_out = sum(1 for j in sampled if j.stopped == "time")
            decisions = len(review.decisions)
        if times:  # none when Ctrl-C cut the case's first run
            out[f"{name}_decisions"] = decisions
            out[f"{name}_median_seconds"] = round(statistics.median(times), 2)
            out[f"{name}_mean_samples"] = round(statistics.mean(drawn), 1) if drawn else 0
            out[f"{name}_time_stopped"] = timed_out
            out[f"{name}_runs"] = [round(t, 2) for t in times]
        if out.get("interrupted"):
            break
    if planted and not out.get("interrupted"):
        out.update(bench_planted("scopa", planted, settings))
    return out


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


def bench_planted(ruleset: str, hands: int, settings: Settings) -> Figures:
    """Review ``hands`` planted missed scopas of ``ruleset`` (only the planted play): how often
    ``missed-scopa`` is flagged and how often the play is classed a mistake or a blunder."""
    rules = load_ruleset(ruleset)
    counts: dict[str, int] = {}
    flagged = severe = found = 0
    seed = 0
    while found < hands:
        p = plant_missed_scopa(rules, seed)
        seed += 1
        if p is None:
            continue
        found += 1
        mover = p.record.players[p.record.state_at(p.play - 1).turn]
        review = review_record(p.record, [mover], settings=settings, plays=[p.play])
        if review.interrupted:
            raise KeyboardInterrupt
        (d,) = review.decisions
        cls = d.judgement.classification
        counts[cls] = counts.get(cls, 0) + 1
        flagged += any(o.code == "missed-scopa" for o in d.observations)
        severe += cls in ("mistake", "blunder")
    return {
        f"planted_{ruleset}": hands,
        f"planted_{ruleset}_flagged": round(flagged / hands, 3),
        f"planted_{ruleset}_mistake_or_blunder": round(severe / hands, 3),
        f"planted_{ruleset}_classes": ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
    }


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


def bench_search_move(
    ruleset: str = "scopone-scientifico",
    positions: int = 5,
    budget: float = 1.0,
    workers: int = 2,
    seed: int = 0,
) -> dict[str, Any]:
    """Seconds the ``search`` player takes for an opening move, and the samples it values."""

    rules = load_ruleset(ruleset)
    rng = random.Random(seed)
    player = SearchPlayer(budget=budget, workers=workers)
    times: list[float] = []
    for _i in range(positions):
        state = GameState.random(rules, rng)
        start = time.perf_counter()
        player.choose(seat_view(state), rng)
        times.append(time.perf_counter() - start)
    times.sort()
    view = seat_view(GameState.random(rules, rng))
    probe = analyse(view, samples=10_000, time_limit=budget, workers=workers, seed=seed)
    if probe.interrupted:  # the samples of a cut budget are no figure (audit, stop 48)
        raise KeyboardInterrupt
    return {
        "ruleset": rules.name,
        "positions": positions,
        "budget_seconds": budget,
        "workers": workers,
        "median_seconds": round(times[len(times) // 2], 3),
        "max_seconds": round(times[-1], 3),
        "opening_samples_in_budget": probe.samples,
        "runs": [round(t, 3) for t in times],
    }


def bench_exact(
    ruleset: str | Ruleset,
    cards_left: int,
    table: int | None = None,
    positions: int = 20,
    seed: int = 0,
) -> dict[str, Any]:
    """Time exact solves (every root move, with the PV) of random full-information positions.

    Returns the median and maximum seconds, the nodes per second and the transposition table's
    hit rate over all the solves.
    """
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    rng = random.Random(seed)
    times: list[float] = []
    nodes = probes = hits = 0
    for _i in range(positions):
        state = random_position(rules, rng, cards_left, table)
        solver = Solver(rules)
        start = time.perf_counter()
        sol = solver.solve(state)
        times.append(time.perf_counter() - start)
        nodes += sol.nodes
        probes += sol.tt_probes
        hits += sol.tt_hits
    times.sort()
    mid = len(times) // 2
    median = times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2
    total = sum(times)
    return {
        "ruleset": rules.name,
        "cards_left": cards_left,
        "table": "any" if table is None else table,
        "positions": positions,
        "seed": seed,
        "median_seconds": round(median, 4),
        "max_seconds": round(times[-1], 4),
        "nodes_per_second": round(nodes / total) if total else 0,
        "tt_hit_rate": round(hits / probes, 3) if probes else 0.0,
        "runs": [round(t, 4) for t in times],
    }


# -- calibration of the stated odds ----------------------------------------------------------

KIND_STYLE = {"random": "careless", "greedy": "grabber", "chitarrella": "careful"}
"""The style of play each computer player is (:data:`tutor.counting.style.STYLES` was measured
on them), for ``bench calibration --styles-stated``."""

MIXED = "mixed"
"""The kind of play whose every seat draws one of :data:`KIND_STYLE`'s for every hand."""

CALIBRATION_PLAYERS = (*KIND_STYLE, MIXED)
"""The kinds of play ``bench calibration`` can deal: the computer players that need no search,
and ``mixed``, each seat's kind drawn at random for every hand (:func:`seat_kinds`)."""


def seat_kinds(rules: Ruleset, specs: Sequence[str], seed: int, hand: int) -> list[str]:
    """Each seat's kind of play in hand ``hand``: one kind for every seat, or one per side; a
    ``mixed`` side's seats each draw random, greedy or chitarrella play, alike and from the
    seed, for every hand: the population of players the tracker's prior over styles describes
    (a third each, :data:`tutor.counting.style.STYLE_PRIOR`).

    >>> from tutor.game.rules import load_ruleset
    >>> seat_kinds(load_ruleset("scopone-scientifico"), ["random", "greedy"], 0, 0)
    ['random', 'greedy', 'random', 'greedy']
    >>> seat_kinds(load_ruleset("scopone-scientifico"), ["mixed"], 0, 1)
    ['random', 'chitarrella', 'chitarrella', 'chitarrella']
    """
    draw = random.Random(f"{seed}:{hand}:kinds")
    computer = list(KIND_STYLE)
    kinds = []
    for seat in range(rules.players):
        spec = specs[rules.side_of(seat) % len(specs)]
        kinds.append(draw.choice(computer) if spec == MIXED else spec)
    return kinds


CALIBRATION_MODELS = ("tracker", "play")
"""Whose odds ``bench calibration`` checks: the tracker's (readings weighed as evidence) or
the search's play model (:func:`tutor.search.playmodel.read_odds`, every play read)."""
PLAY_MODEL_PROPOSALS = 128
"""Deals weighed per seat and play when the play model's odds are checked (beyond the end of
the hand, where every deal is weighed)."""

BIN_LABELS = ("0", *(f"{k / 10:.1f}-{(k + 1) / 10:.1f}" for k in range(10)), "1")
"""Calibration bins: exactly 0, ten bins of width 0.1 (a probability strictly between 0 and
1), exactly 1."""


CALIBRATION_BAR = 0.08
"""The most a bin of 200 or more cases may be off (honest-odds issue, docs/tracker.md)."""


def _rounded(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [round(interval[0], 4), round(interval[1], 4)]


def _bin(p: float) -> int:
    if p <= 0.0:
        return 0
    if p >= 1.0:
        return len(BIN_LABELS) - 1
    return 1 + min(int(p * 10), 9)


def _gap_by_hands(
    used: Sequence[tuple[int, float, float]], chance: float
) -> tuple[float, float] | None:
    """The 95% interval of observed - stated over the cases of ``used`` (per hand: the count,
    the stated sum, the observed sum), hands as the independent units; None under two hands.

    The spread is the larger of the hands' own (cluster-robust) and what the outcomes would
    show by chance if the odds stated were right (``chance``: the sum of p(1 - p) over the
    cases): four cases from two hands that all went one way say little, however alike the
    two hands are. The quantile is Student's t over the hands less one. The interval keeps to
    what the gap can be, the share observed lying between 0 and 1 (JSON audit, stop 57: a bin
    of few hands had [-2.55, 1.78]).

    >>> _gap_by_hands([(1, 0.5, 1), (1, 0.5, 0)], 0.5)
    (-0.5, 0.5)
    """
    n = sum(c for c, _, _ in used)
    if n == 0 or len(used) < 2:
        return None
    gap = sum(o - s for _, s, o in used) / n
    spread = sum((o - s - gap * c) ** 2 for c, s, o in used)
    se = math.sqrt(max(len(used) / (len(used) - 1) * spread, chance)) / n
    q = t_975(len(used) - 1)
    stated = sum(s for _, s, _ in used) / n
    return max(-stated, gap - q * se), min(1.0 - stated, gap + q * se)


@dataclass
class Bins:
    """Stated probabilities against outcomes: per bin the count, the sum stated and the
    number that came true, and the sum of squared errors (the Brier score's numerator)."""

    count: list[int] = field(default_factory=lambda: [0] * len(BIN_LABELS))
    stated: list[float] = field(default_factory=lambda: [0.0] * len(BIN_LABELS))
    observed: list[int] = field(default_factory=lambda: [0] * len(BIN_LABELS))
    squares: float = 0.0
    hands: list[tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...]]] = field(
        default_factory=list
    )
    """Per hand merged in, its own (count, stated, observed) by bin: the positions of one hand
    hang together (one deal, seen from every seat), so the intervals count hands, not
    positions."""

    def add(self, p: float, outcome: bool) -> None:
        b = _bin(p)
        self.count[b] += 1
        self.stated[b] += p
        y = 1 if outcome else 0
        self.observed[b] += y
        self.squares += (p - y) ** 2

    def merge(self, other: Bins) -> None:
        for k in range(len(BIN_LABELS)):
            self.count[k] += other.count[k]
            self.stated[k] += other.stated[k]
            self.observed[k] += other.observed[k]
        self.squares += other.squares
        if other.hands:
            self.hands.extend(other.hands)
        elif other.n:
            self.hands.append((tuple(other.count), tuple(other.stated), tuple(other.observed)))

    @property
    def n(self) -> int:
        return sum(self.count)

    @property
    def brier(self) -> float:
        return self.squares / self.n if self.n else 0.0

    @property
    def mean_stated(self) -> float:
        return sum(self.stated) / self.n if self.n else 0.0

    @property
    def mean_observed(self) -> float:
        return sum(self.observed) / self.n if self.n else 0.0

    def worst_gap(self, min_count: int = 200) -> float | None:
        """The largest |mean stated - observed| over the bins holding ``min_count`` or more
        (None when no bin holds that many: there is nothing to judge, not a gap of 0)."""
        gaps = [
            abs(self.stated[k] - self.observed[k]) / self.count[k]
            for k in range(len(BIN_LABELS))
            if self.count[k] >= min_count
        ]
        return max(gaps, default=None)

    def gap_interval(self, k: int) -> tuple[float, float] | None:
        """A 95% interval for bin ``k``'s observed - stated, counting hands as the independent
        units (a cluster-robust standard error, Student's t over the hands less one: a bin
        seen in few hands is not "off for sure" on their say); None with fewer than two hands
        in the bin."""
        return _gap_by_hands(
            [(c[k], s[k], o[k]) for c, s, o in self.hands if c[k]], self._chance(k)
        )

    def mean_gap_interval(self) -> tuple[float, float] | None:
        """A 95% interval for mean observed - mean stated over every case, by hands as for a
        bin (:meth:`gap_interval`)."""
        return _gap_by_hands(
            [(sum(c), sum(s), sum(o)) for c, s, o in self.hands if sum(c)],
            sum(self._chance(k) for k in range(len(BIN_LABELS))),
        )

    def _chance(self, k: int) -> float:
        """About the sum of p(1 - p) over bin ``k``'s cases, from their mean (a little over
        the exact sum: within a bin the odds differ by at most its width)."""
        if not self.count[k]:
            return 0.0
        mean = self.stated[k] / self.count[k]
        return self.count[k] * mean * (1 - mean)

    def off_by_more_than(self, bar: float, min_count: int = 200) -> dict[str, list[str]]:
        """The bins of ``min_count`` or more whose gap is beyond ``bar`` for sure (the whole
        interval), and those where the interval straddles it (not settled by these hands); and
        the smaller bins whose gap is beyond ``bar`` for sure all the same, so that a bin that
        merely shrinks below ``min_count`` cannot pass unseen (``clearly_in_smaller_bins``)."""
        out: dict[str, list[str]] = {"clearly": [], "uncertain": [], "clearly_in_smaller_bins": []}
        for k in range(len(BIN_LABELS)):
            iv = self.gap_interval(k)
            if iv is None:
                continue
            lo, hi = iv
            sure = lo > bar or hi < -bar
            if self.count[k] < min_count:
                if sure:
                    out["clearly_in_smaller_bins"].append(BIN_LABELS[k])
            elif sure:
                out["clearly"].append(BIN_LABELS[k])
            elif hi > bar or lo < -bar:
                out["uncertain"].append(BIN_LABELS[k])
        return out

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for k in range(len(BIN_LABELS)):
            if not self.count[k]:
                continue
            row: dict[str, Any] = {
                "bin": BIN_LABELS[k],
                "count": self.count[k],
                "stated": round(self.stated[k] / self.count[k], 4),
                "observed": round(self.observed[k] / self.count[k], 4),
            }
            # null with fewer than two hands in the bin: the key is always there
            row["gap_interval"] = _rounded(self.gap_interval(k))
            out.append(row)
        return out

    def to_json(self) -> dict[str, Any]:
        measured = self.n > 0  # with no case, null rather than a made-up 0
        return {
            "n": self.n,
            "brier": round(self.brier, 5) if measured else None,
            "mean_stated": round(self.mean_stated, 4) if measured else None,
            "mean_observed": round(self.mean_observed, 4) if measured else None,
            "mean_gap_interval": _rounded(self.mean_gap_interval()),
            "worst_gap_200": None if (worst := self.worst_gap()) is None else round(worst, 4),
            "off_by_over_0.08": self.off_by_more_than(CALIBRATION_BAR),
            "bins": self.rows(),
        }


@dataclass
class Calibration:
    """What ``bench calibration`` measured: the tutor's stated odds against the true deals.

    ``card`` holds every (position, viewer, other player with unknown cards, unseen card):
    the stated P(player holds card); ``sweep`` every position where one card can sweep the
    table and the next player is another: the stated P(they hold that value). The ``_facts``
    twins hold the odds on the facts alone (the baseline).
    """

    ruleset: str
    players: str
    hands: int
    seed: int
    trust: float = TRUST_DEFAULT
    model: str = "tracker"
    """Whose odds were checked: ``tracker`` or ``play`` (:data:`CALIBRATION_MODELS`)."""
    earlier: int = 0
    """Hands the same players played before each scored one, their styles carried over."""
    stated: bool = False
    """Whether every player's true style was stated before the hand (as ``--style``)."""
    stated_share: float = STATED_SHARE
    """How sure each stated style was (``--style PLAYER=STYLE:SHARE``)."""
    card: Bins = field(default_factory=Bins)
    card_facts: Bins = field(default_factory=Bins)
    sweep: Bins = field(default_factory=Bins)
    sweep_facts: Bins = field(default_factory=Bins)
    reading: Bins = field(default_factory=Bins)
    """Every standing reading with a figure: its stated P(the player holds none of the
    values), against the deal; ``reading_facts``: that chance on the facts alone."""
    reading_facts: Bins = field(default_factory=Bins)
    tell: Bins = field(default_factory=Bins)
    """Every tell that weighs in with a figure: its stated P(the player holds one of the value
    now), against the deal; ``tell_facts``: that chance on the facts alone."""
    tell_facts: Bins = field(default_factory=Bins)
    style: Bins = field(default_factory=Bins)
    """Every other player's stated P(style) for each style, against the style their kind of
    play is (:data:`KIND_STYLE`); ``style_facts``: the prior before the hand."""
    style_facts: Bins = field(default_factory=Bins)
    readings: dict[str, list[int]] = field(default_factory=dict)
    """Per kind of reading: [standing readings seen at the positions, how many were true]
    (a reading stands from the play it is made until the cards seen prove it or make it moot)."""
    certain_from_readings: list[int] = field(default_factory=lambda: [0, 0])
    """[stated 0 or 1 where the facts say neither, how many of those were wrong]."""
    times_ms: list[float] = field(default_factory=list)
    """Milliseconds for the board and inference of one seat at one play."""
    positions: int = 0
    interrupted: bool = False

    SCORED = ("card", "sweep", "reading", "tell", "style")
    """The figures scored, each a :class:`Bins` with its ``_facts`` twin (the JSON's keys)."""

    def bins(self) -> dict[str, Bins]:
        """Every :class:`Bins` by its name: each of :data:`SCORED` and its twin."""
        return {k: getattr(self, k) for s in self.SCORED for k in (s, f"{s}_facts")}

    def merge(self, other: Calibration) -> None:
        theirs = other.bins()
        for name, ours in self.bins().items():
            ours.merge(theirs[name])
        for kind, (n, held) in other.readings.items():
            mine = self.readings.setdefault(kind, [0, 0])
            mine[0] += n
            mine[1] += held
        self.certain_from_readings[0] += other.certain_from_readings[0]
        self.certain_from_readings[1] += other.certain_from_readings[1]
        self.times_ms.extend(other.times_ms)
        self.positions += other.positions

    def to_json(self) -> dict[str, Any]:
        times = sorted(self.times_ms)
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "hands": self.hands,
            "seed": self.seed,
            "trust": self.trust,
            "model": self.model,
            "earlier_hands": self.earlier,
            "styles_stated": self.stated,
            "stated_share": self.stated_share if self.stated else None,
            "positions": self.positions,
            "interrupted": self.interrupted,
            **{name: b.to_json() for name, b in self.bins().items()},
            "readings": {
                kind: {"standing": n, "held": held, "rate": round(held / n, 4) if n else None}
                for kind, (n, held) in sorted(self.readings.items())
            },
            "certain_from_readings": {
                "count": self.certain_from_readings[0],
                "wrong": self.certain_from_readings[1],
            },
            "tracker_ms": {
                "median": round(statistics.median(times), 3) if times else None,
                "p99": round(times[int(0.99 * (len(times) - 1))], 3) if times else None,
                "max": round(times[-1], 3) if times else None,
            },
        }


def _calibrate_hand(
    rules: Ruleset,
    players: str,
    seed: int,
    hand: int,
    trust: float = TRUST_DEFAULT,
    model: str = "tracker",
    earlier: int = 0,
    stated: bool = False,
    share: float = STATED_SHARE,
) -> Calibration:
    """Play one seeded hand and score the stated odds at every play, from every seat; before
    it, ``earlier`` hands of the same players, whose styles every seat carries into it, and
    with ``stated`` every player's true style stated (:data:`KIND_STYLE`), at ``share``. The
    worker gets the ruleset itself: one read from a file has no name to load it by."""
    kinds = seat_kinds(rules, [s.strip() for s in players.split(",")], seed, hand)
    seats = [make_player(kind) for kind in kinds]
    # every seat knows the same of the others: a finished hand shows every play to all
    known: dict[int, dict[str, float]] = {}
    if stated:
        known = {s: stated_style(KIND_STYLE[kind], share) for s, kind in enumerate(kinds)}
    for j in range(earlier):
        table, deals = random_deal(rules, random.Random(f"{seed}:{hand}:earlier{j}:cards"))
        seeds = functools.partial(move_seed, seed, hand, f"earlier{j}")
        known = carry_styles(known, play_hand(rules, table, deals, seats, seeds), None)
    table, deals = random_deal(rules, random.Random(f"{seed}:{hand}:cards"))
    final = play_hand(
        rules, table, deals, seats, lambda ply: move_seed(seed, hand, "calibration", ply)
    )
    out = Calibration(
        rules.name, players, 1, seed, model=model, earlier=earlier, stated=stated,
        stated_share=share,
    )  # fmt: skip
    state, moves = final.rewound()
    for ply, move in enumerate([None, *moves]):
        if move is not None:
            state.push(move)
        if state.is_over():
            break
        _score_position(state, out, trust, f"{seed}:{hand}:{ply}", known, kinds)
    return out


def _score_position(
    state: GameState,
    out: Calibration,
    trust: float,
    where: str,
    styles: StylePriors | None,
    kinds: Sequence[str],
) -> None:
    """Every seat's stated odds in ``state`` (full information) against its true hands: the
    tracker's, or with ``out.model == "play"`` the play model's (seeded by ``where``);
    ``styles``: the players' styles known before the hand (each viewer's own is not read);
    ``kinds``: each seat's kind of play, to score the styles stated."""
    for viewer in range(state.rules.players):
        start = time.perf_counter()
        view = count_view(state, viewer, trust=trust, styles=styles)
        out.times_ms.append(1000 * (time.perf_counter() - start))
        read = None
        if out.model == "play":
            rng = random.Random(f"{where}:{viewer}")
            read = read_odds(state, viewer, rng, trust, PLAY_MODEL_PROPOSALS, styles)
        out.positions += 1
        inf = view.inference
        seen = inf.state
        pool = seen.unplaced()
        for seat in range(state.rules.players):
            if seat == viewer or not seen.unknown[seat]:
                continue
            for c in indexes_of(pool):
                truth = bool(state.hands[seat] >> c & 1)
                f = chance_of_card(seen, seat, c)
                p = inf.probability(seat, c) if read is None else _or(read, seat, 1 << c, f)
                out.card.add(p, truth)
                out.card_facts.add(f, truth)
                _note_certain(out, p, f, truth)
        for ex in inf.standing:  # every reading that weighs the deals
            held = not any(state.hands[ex.seat] & VALUE_MASKS[v] for v in ex.values)
            tally = out.readings.setdefault(ex.kind, [0, 0])
            tally[0] += 1
            tally[1] += held
            if ex.confidence is not None:  # the figure track shows: P(holds none)
                out.reading.add(ex.confidence, held)
                out.reading_facts.add(1 - chance_of_values(seen, ex.seat, ex.values), held)
        for seat, r in inf.reliability.items():  # the styles track shows
            if seat == viewer:
                continue
            own = KIND_STYLE[kinds[seat]]
            before = (styles or {}).get(seat, STYLE_PRIOR)
            for name, p in r.style.items():
                out.style.add(p, name == own)
                out.style_facts.add(before.get(name, 0.0), name == own)
        for t in inf.tells:  # the figure track shows: P(holds one of the value now)
            if t.confidence is None or not seen.unknown[t.seat]:
                continue
            holds = any(state.hands[t.seat] & VALUE_MASKS[v] for v in t.values)
            out.tell.add(t.confidence, holds)
            out.tell_facts.add(chance_of_values(seen, t.seat, t.values), holds)
        sweep = view.board.sweep
        nxt = sweep.next_seat
        p_sweep = view.sweep_probability
        if sweep.value is None or nxt == viewer or p_sweep is None or not seen.unknown[nxt]:
            continue
        truth = bool(state.hands[nxt] & VALUE_MASKS[sweep.value])
        f = sweep.probability if sweep.probability is not None else 0.0
        if read is not None:
            p_sweep = _or(read, nxt, VALUE_MASKS[sweep.value], f)
        out.sweep.add(p_sweep, truth)
        out.sweep_facts.add(f, truth)
        _note_certain(out, p_sweep, f, truth)


def _or(read: ReadOdds, seat: int, cards: int, facts: float) -> float:
    """The play model's chance that ``seat`` holds one of ``cards``; with no play read, the
    facts' (the model then weighs every deal alike)."""
    p = read.probability(seat, cards)
    return facts if p is None else p


def _note_certain(out: Calibration, p: float, facts: float, truth: bool) -> None:
    if p in (0.0, 1.0) and facts not in (0.0, 1.0):
        out.certain_from_readings[0] += 1
        out.certain_from_readings[1] += (p == 1.0) != truth


def bench_calibration(
    players: str = "chitarrella",
    hands: int = 200,
    seed: int = 0,
    ruleset: str = "scopone-scientifico",
    workers: int = 1,
    progress: Progress | None = None,
    trust: float = TRUST_DEFAULT,
    model: str = "tracker",
    earlier: int = 0,
    stated: bool = False,
    stated_share: float = STATED_SHARE,
) -> Calibration:
    """Play ``hands`` seeded hands and compare the stated per-card and sweep odds, at every
    play and from every seat, with the true deal (``docs/tracker.md`` gives the figures;
    ``model="play"``: the search's play model, ``docs/solver.md``). ``earlier``: before each
    hand the same players play that many, and every seat carries the styles of play they
    showed into it; ``stated``: every player's true style is stated before the hand, with the
    share ``stated_share`` (1: certain).

    ``players`` is one kind of play for every seat, or one per side (``random,chitarrella``:
    the leading side plays at random). The result is the same for any number of ``workers``.
    """
    if hands < 1:
        raise BenchError(_("hands must be at least 1, not {n}").format(n=hands), "--hands")
    specs = [s.strip().lower() for s in players.split(",")]
    for spec in specs:
        _one_of(spec, CALIBRATION_PLAYERS, _("unknown players {name!r}; choose from {names}"),
                "--players")  # fmt: skip
    _one_of(model, CALIBRATION_MODELS, _("unknown model {name!r}; choose from {names}"), "--model")
    rules = load_ruleset(ruleset)
    if len(specs) not in (1, rules.sides):  # a third kind on two sides was never seated
        raise BenchError(
            _("give one kind of play, or one per side ({n} for {ruleset}), not {players!r}").format(
                n=rules.sides, ruleset=rules.name, players=players
            ),
            "--players",
        )
    spec = ",".join(specs)
    if earlier < 0:
        raise BenchError(
            _("earlier hands must be at least 0, not {n}").format(n=earlier), "--earlier-hands"
        )
    try:
        check_share(stated_share)
    except ValueError as e:
        raise BenchError(str(e), "--stated-share") from None
    args = (
        (rules, spec, seed, h, trust, model, earlier, stated, stated_share) for h in range(hands)
    )
    done, stop = run_parallel(_calibrate_hand, args, workers, progress, total=hands)
    out = Calibration(
        rules.name, spec, len(done), seed, trust=trust, model=model, earlier=earlier,
        stated=stated, stated_share=stated_share, interrupted=stop == "interrupt",
    )  # fmt: skip
    for part in done:
        out.merge(part)
    return out


# -- the endgame's regret ------------------------------------------------------------------------

ENDGAME_METHODS: dict[str, Deals | None] = {
    "search": read_deals,
    "search-classic": shared_deals,
    "facts": facts_deals,
    "sighted": None,
}
"""Where each method of :func:`bench_endgame` draws its deals: the play model (``search``'s),
the tracker's readings (``search-classic``'s), the facts alone, or the true deal alone
(``sighted``: the yardstick, whose regret is nought by construction)."""


@dataclass
class EndgameRegret:
    """What choosing without seeing the hidden cards costs near the end of a hand.

    At every position of the games played where at most ``plays_left`` plays are left and the
    mover has a choice, each method chose the move of best mean over ``samples`` deals (as the
    ``search`` player does there), and its *regret* is what that move loses, in points of the
    hand, against the best move for the true deal (both valued exactly, every hand shown).
    ``regrets[method]`` holds one regret per position, in the order of ``left``.
    """

    ruleset: str
    players: str
    deals: int
    seed: int
    samples: int
    plays_left: int
    methods: list[str]
    left: list[int] = field(default_factory=list)
    regrets: dict[str, list[float]] = field(default_factory=dict)
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        base = self.methods[0]
        out: dict[str, Any] = {}
        for name in self.methods:
            values = self.regrets[name]
            by_left = {}
            for k in sorted(set(self.left), reverse=True):
                at = [v for v, n in zip(values, self.left, strict=True) if n == k]
                by_left[str(k)] = round(sum(at) / len(at), 4)
            entry: dict[str, Any] = {
                "regret": interval(values).to_json(),
                "by_plays_left": by_left,
                "positions_lost": sum(1 for v in values if v > 0),
            }
            if name != base:
                diffs = [a - b for a, b in zip(values, self.regrets[base], strict=True)]
                entry["minus_" + base] = interval(diffs).to_json()
            out[name] = entry
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "deals": self.deals,
            "games": 2 * self.deals,
            "seed": self.seed,
            "samples": self.samples,
            "plays_left": self.plays_left,
            "positions": len(self.left),
            "methods": out,
            "interrupted": self.interrupted,
        }


def _endgame_deal(
    rules: Ruleset, specs: Sequence[str], seed: int, deal: int, methods: Sequence[str],
    samples: int, plays_left: int,
) -> list[tuple[int, list[float]]]:  # fmt: skip
    """Both games of one deal, and the regret of each method at each of their endgame
    positions: ``(plays left, [regret by method])``."""
    out = []
    for game in (0, 1):
        final = play_game(rules, specs, seed, deal, swapped=bool(game))
        state, moves = final.rewound()
        for move in moves:
            legal = state.legal_moves()
            if state.plays_left() <= plays_left and len(legal) > 1:
                truth = exact_values(state, legal)
                best = max(truth)
                view = seat_view(state, state.turn)
                row = []
                for name in methods:
                    deals = ENDGAME_METHODS[name] or _only_the_deal(state)
                    a = analyse(
                        view, samples=samples, seed=move_seed(seed, deal, game, state.ply),
                        moves=legal, exact_plies=plays_left, deals=deals,
                    )  # fmt: skip
                    if a.interrupted:  # analyse keeps a Ctrl-C's samples: here it stops all
                        raise KeyboardInterrupt
                    chosen = a.best
                    row.append(best - truth[legal.index(chosen)] if chosen else 0.0)
                out.append((state.plays_left(), row))
            state.push(move)
    return out


def _only_the_deal(truth: GameState) -> Deals:
    """A source of deals that draws the true deal every time (the ``sighted`` yardstick)."""

    def deals(_view: GameState, _seat: int, _rng: random.Random) -> Iterator[GameState]:
        return (truth.copy() for _ in itertools.count())

    return deals


def bench_endgame(
    players: str = "search:0.3,search-classic:0.3",
    deals: int = 24,
    seed: int = 0,
    ruleset: str = "scopone-scientifico",
    methods: Sequence[str] = ("search", "search-classic", "facts"),
    samples: int = 400,
    plays_left: int = 12,
    workers: int = 1,
    progress: Progress | None = None,
) -> EndgameRegret:
    """Play ``deals`` seeded deals twice (sides exchanged) between ``players``, and measure at
    every position with at most ``plays_left`` plays left what each of ``methods`` loses by
    not seeing the hidden cards (:class:`EndgameRegret`; ``docs/strength.md``, "The endgame
    taken apart"). The methods' choices are exactly reproducible by seed; the games are too
    unless a player has a time budget (a ``search`` player's moves depend on the machine).
    """
    if deals < 1:
        raise BenchError(_("deals must be at least 1, not {n}").format(n=deals), "--deals")
    if samples < 1:
        raise BenchError(_("samples must be at least 1, not {n}").format(n=samples), "--samples")
    if not 1 <= plays_left <= DEFAULT_EXACT_PLIES:
        raise BenchError(
            _(
                "plays left must be 1 to {most}, not {n}: every sample is solved exactly, "
                "and earlier than that one solve takes too long"
            ).format(most=DEFAULT_EXACT_PLIES, n=plays_left),
            "--plays-left",
        )
    chosen = [m.strip().lower() for m in methods]
    for name in chosen:
        _one_of(name, ENDGAME_METHODS, _("unknown method {name!r}; choose from {names}"),
                "--methods")  # fmt: skip
    if not chosen:
        raise BenchError(_("name at least one method"), "--methods")
    twice = next((name for k, name in enumerate(chosen) if name in chosen[:k]), None)
    if twice is not None:  # up front: the run would end in a table that cannot be made
        raise BenchError(_("method {name!r} is named twice").format(name=twice), "--methods")
    rules = load_ruleset(ruleset)
    specs = [s.strip() for s in players.split(",")]
    if len(specs) != 2:
        raise BenchError(
            _("name two players, A,B, not {players!r}").format(players=players), "--players"
        )
    try:
        check_sides(rules, specs)  # a bad name or ruleset fails here, not in a worker
    except PlayerError as exc:
        raise BenchError(str(exc), "--players") from None
    args = ((rules, specs, seed, d, chosen, samples, plays_left) for d in range(deals))
    done, stop = run_parallel(_endgame_deal, args, workers, progress, total=deals)
    out = EndgameRegret(rules.name, players, len(done), seed, samples, plays_left, chosen,
                        interrupted=stop == "interrupt")  # fmt: skip
    out.regrets = {name: [] for name in chosen}
    for part in done:
        for left, row in part:
            out.left.append(left)
            for name, regret in zip(chosen, row, strict=True):
                out.regrets[name].append(regret)
    return out


# -- how true the review's verdicts are ----------------------------------------------------------

_CLOSE = 1e-9
"""Costs closer than this are equal (they are sums of floating-point values)."""
REFERENCE_SEED = 987_654
"""The seed of :func:`bench_verdicts`' reference review: far from the runs' seeds 0, 1, 2, ...,
so that no decision of the reference draws the deals of a run's."""


JUDGES: dict[str, Settings] = {"review": Settings(), "play": FEEDBACK}
"""The judges ``tutor bench verdicts`` checks: ``tutor review`` at its default settings, and
the quick look ``tutor play`` gives each of the person's plays (:data:`FEEDBACK`), here with
one process a run where ``tutor play`` uses every core (so each run samples fewer deals in
its time than the game would: the measure errs on the strict side)."""


@dataclass(frozen=True)
class Verdict:
    """One decision's verdict as a review gave it: the play, the player and the judgement,
    without the moves' values and gaps, which the comparison does not read (they would cross
    between processes for nothing)."""

    play: int
    player: str
    judgement: Judgement


@dataclass(frozen=True)
class SummaryBounds:
    """One player's points lost and accuracy, each with its 95% interval, as a review gave them."""

    points_lost: float
    points_lost_low: float
    points_lost_high: float
    accuracy: float | None
    accuracy_low: float | None
    accuracy_high: float | None


def _verdicts(review: Review) -> tuple[list[Verdict], dict[str, SummaryBounds]]:
    verdicts = [
        Verdict(d.play, d.player, replace(d.judgement, moves=(), gaps={}, analysis=None, line=()))
        for d in review.decisions
    ]
    summary = {}
    for name, s in review.summary().items():
        acc_low, acc_high = s.accuracy_bounds or (None, None)
        low, high = s.points_lost_bounds
        summary[name] = SummaryBounds(s.points_lost, low, high, s.accuracy, acc_low, acc_high)
    return verdicts, summary


def _review_run(
    record: HandRecord, hand: int, players: list[str] | None, settings: Settings
) -> tuple[list[Verdict], dict[str, SummaryBounds]]:
    """One run of :func:`bench_verdicts` (in a worker): ``record``, hand ``hand`` of its file,
    reviewed with ``settings`` (the record is passed, not read again from the file each run)."""
    review = review_record(record, players, settings=settings, hand=hand)
    if review.interrupted:
        raise KeyboardInterrupt
    return _verdicts(review)


def _side(value: float, low: float, high: float) -> str:
    """Where ``value`` lies against an interval: ``below`` it, ``above`` it, or ``held``."""
    if value < low - _CLOSE:
        return "below"
    return "above" if value > high + _CLOSE else "held"


def _class_order(classification: str) -> int:
    """A class's place from the mildest: ``best`` 1, ..., ``blunder`` 5 (``forced`` 0)."""
    return CLASSES.index(classification)


def verdict_holds(verdict: Judgement, reference: float) -> bool:
    """Whether a verdict is right about a reference cost: a certain class that the reference
    shares, or an uncertain one whose span of classes holds the reference's.

    >>> from tutor.game.state import Move
    >>> def verdict(low: float, high: float, cls: str, uncertain: bool) -> Judgement:
    ...     return Judgement(Move(1), Move(2), (low + high) / 2, low, high, cls, uncertain,
    ...                      False, 200, (), "samples")
    >>> v = verdict(0.21, 0.45, "inaccuracy", False)
    >>> verdict_holds(v, 0.25), verdict_holds(v, 0.15)
    (True, False)
    >>> u = verdict(0.1, 0.6, "good", True)  # good to mistake
    >>> verdict_holds(u, 0.55), verdict_holds(u, 1.2)
    (True, False)
    """
    got = _class_order(classify(reference))
    low = _class_order(verdict.classification)
    high = _class_order(classify(verdict.high)) if verdict.uncertain else low
    return low <= got <= high


@dataclass
class VerdictCoverage:
    """How often the review's verdicts hold against a reference review of the same hand.

    The reference values every move of every decision on ``reference_samples`` deals (one
    round, no move dropped, no time limit); each run is a review at the default settings with
    its own seed. For each sampled decision of each run: does its 95% interval hold the
    reference cost, and does its class (or, when uncertain, its span of classes) hold the
    reference's class? The reference has its own sampling error: a miss is counted *for sure*
    only when the reference's own interval lies wholly outside the run's (or outside the
    class). The players' summaries (points lost, accuracy) are checked the same way.
    """

    record: str
    hand: int
    ruleset: str
    players: list[str]
    seed: int
    reference_samples: int
    samples: int
    time_per_decision: float | None
    judge: str = "review"
    reference: list[Verdict] = field(default_factory=list)
    reference_summary: dict[str, SummaryBounds] = field(default_factory=dict)
    runs: list[tuple[list[Verdict], dict[str, SummaryBounds]]] = field(default_factory=list)
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        ref = {v.play: v for v in self.reference}
        # by play, how its cases went; the decisions' totals are the sums over the plays
        counts: dict[int, Counter[str]] = {}
        costs: dict[int, list[float]] = {}
        exact = 0
        lean: list[float] = []
        widths: list[float] = []
        for verdicts, _summary in self.runs:
            for verdict in verdicts:
                found = ref.get(verdict.play)
                v = verdict.judgement
                if found is None or v.classification == "forced":
                    continue
                r = found.judgement
                if v.exact:
                    exact += 1
                    continue
                c = counts.setdefault(verdict.play, Counter())
                c["runs"] += 1
                costs.setdefault(verdict.play, []).append(v.cost)
                lean.append(v.cost - r.cost)
                if math.isfinite(v.high):
                    widths.append(v.high - v.low)
                c[_side(r.cost, v.low, v.high)] += 1
                c["missed_for_sure"] += r.high < v.low - _CLOSE or r.low > v.high + _CLOSE
                right = verdict_holds(v, r.cost)
                if v.uncertain:
                    c["uncertain"] += 1
                    c["span_held"] += right
                    continue
                c["decided"] += 1
                if not right:
                    c["decided_wrong"] += 1
                    cls = _class_order(v.classification)
                    c["harsher"] += cls > _class_order(classify(r.cost))
                    # the reference's whole interval outside the class: wrong for sure
                    sure = (
                        _class_order(classify(r.high)) < cls or _class_order(classify(r.low)) > cls
                    )
                    c["wrong_for_sure"] += sure
        total: Counter[str] = sum(counts.values(), Counter())
        judged, decided, wrong = total["runs"], total["decided"], total["decided_wrong"]

        def share(k: int, n: int) -> float | None:
            return round(k / n, 4) if n else None

        by_play = []
        for play in sorted(counts):
            r, c = ref[play].judgement, counts[play]
            by_play.append({
                "play": play, "player": ref[play].player,
                "reference": {"cost": round(r.cost, 4), "low": round(r.low, 4),
                              "high": json_number(r.high), "class": classify(r.cost)},
                **{key: c[key] for key in ("runs", "held", "below", "above", "decided",
                                           "decided_wrong", "wrong_for_sure")},
                "held_share": share(c["held"], c["runs"]),
                "mean_cost": round(statistics.mean(costs[play]), 4),
            })  # fmt: skip
        summary = {}
        for name, r_s in self.reference_summary.items():
            mine = [s[name] for _v, s in self.runs if name in s]
            lost = [s.points_lost for s in mine]
            lost_sides = Counter(
                _side(r_s.points_lost, s.points_lost_low, s.points_lost_high) for s in mine
            )
            accuracy: list[float] = []
            acc_sides: Counter[str] = Counter()
            for s in mine:
                if s.accuracy is None or s.accuracy_low is None or s.accuracy_high is None:
                    continue
                accuracy.append(s.accuracy)
                if r_s.accuracy is not None:
                    acc_sides[_side(r_s.accuracy, s.accuracy_low, s.accuracy_high)] += 1
            summary[name] = {
                "points_lost_reference": round(r_s.points_lost, 4),
                "points_lost_mean": round(statistics.mean(lost), 4) if lost else None,
                "points_lost_held": share(lost_sides["held"], len(mine)),
                "points_lost_reference_below": lost_sides["below"],
                "points_lost_reference_above": lost_sides["above"],
                "accuracy_reference": None if r_s.accuracy is None else round(r_s.accuracy, 2),
                "accuracy_mean": round(statistics.mean(accuracy), 2) if accuracy else None,
                "accuracy_held": None
                if r_s.accuracy is None
                else share(acc_sides["held"], len(accuracy)),
                "accuracy_reference_below": acc_sides["below"],
                "accuracy_reference_above": acc_sides["above"],
            }
        return {
            "record": self.record,
            "hand": self.hand,
            "ruleset": self.ruleset,
            "players": self.players,
            "runs": len(self.runs),
            "seed": self.seed,
            "reference_samples": self.reference_samples,
            "reference_seed": REFERENCE_SEED,
            "judge": self.judge,
            "samples": self.samples,
            "time_per_decision": self.time_per_decision,
            "decisions": {
                "sampled": judged,
                "exact": exact,
                "interval_held": share(total["held"], judged),
                "reference_below": share(total["below"], judged),
                "reference_above": share(total["above"], judged),
                "missed_for_sure": total["missed_for_sure"],
                "decided": decided,
                "decided_right": share(decided - wrong, decided),
                "decided_wrong_for_sure": total["wrong_for_sure"],
                "decided_harsher": total["harsher"],
                "decided_milder": wrong - total["harsher"],
                "uncertain": total["uncertain"],
                "uncertain_span_held": share(total["span_held"], total["uncertain"]),
                "cost_lean": round(statistics.mean(lean), 4) if lean else None,
                "mean_width": round(statistics.mean(widths), 4) if widths else None,
            },
            "by_play": by_play,
            "summary": summary,
            "interrupted": self.interrupted,
        }


def bench_verdicts(
    path: str | Path = SEED003_RECORD,
    players: Sequence[str] | None = None,
    runs: int = 40,
    reference_samples: int = 3000,
    seed: int = 0,
    workers: int = 2,
    progress: Progress | None = None,
    hand: int = 1,
    styles: StylePriors | None = None,
    judge: str = "review",
) -> VerdictCoverage:
    """Review hand ``hand`` of ``path`` (``players``, default all) ``runs`` times with the
    ``judge``'s settings (:data:`JUDGES`: ``tutor review``'s, or the quick look ``tutor play``
    gives each of the person's plays), with the seeds ``seed``, ``seed + 1``, ..., and compare
    every verdict
    with a reference review that samples ``reference_samples`` deals a decision
    (:class:`VerdictCoverage`; ``docs/review.md``, "How we know the review is right").
    ``styles``, the players' styles known before the hand, go to both as they go to
    ``tutor review``. The reference is reviewed first, with ``workers`` processes; then the
    runs, one a process. Like any review, a run whose decisions stop on the time budget
    depends on the machine.
    """
    if runs < 1:
        raise BenchError(_("runs must be at least 1, not {n}").format(n=runs), "--runs")
    if judge not in JUDGES:
        raise BenchError(
            _("unknown judge {name!r}; choose from {names}").format(
                name=judge, names=", ".join(JUDGES)
            ),
            "--judge",
        )
    base = JUDGES[judge]
    if reference_samples < 2 * DEFAULT_SAMPLES:
        raise BenchError(
            _(
                "the reference must sample at least {least} deals a decision (twice the "
                "review's {samples}), not {n}"
            ).format(least=2 * DEFAULT_SAMPLES, samples=DEFAULT_SAMPLES, n=reference_samples),
            "--reference-samples",
        )
    if seed <= REFERENCE_SEED < seed + runs:  # a run would draw the reference's deals
        raise BenchError(
            _("the runs' seeds {first} to {last} take in the reference's {seed}").format(
                first=seed, last=seed + runs - 1, seed=REFERENCE_SEED
            ),
            "--seed",
        )
    record = _hand_of(path, hand)
    chosen = list(record.players) if not players else list(players)
    # one progress bar for both parts: the reference's decisions, then one step a run
    first = (lambda done, total: progress(done, total + runs)) if progress else None
    reference = review_record(record, chosen, progress=first, settings=Settings(
        samples=reference_samples, first_round=reference_samples, time=None, prune=False,
        seed=REFERENCE_SEED, workers=workers, styles=styles,
    ), hand=hand)  # fmt: skip
    names = [record.players[s] for s in reference.seats]
    out = VerdictCoverage(str(path), hand, record.ruleset.name, names, seed, reference_samples,
                          base.samples, base.time, judge)  # fmt: skip
    out.reference, out.reference_summary = _verdicts(reference)
    if reference.interrupted:
        out.interrupted = True
        return out
    args = [(record, hand, names, replace(base, seed=seed + k, styles=styles)) for k in range(runs)]
    steps = len(reference.decisions)
    then = (lambda done, total: progress(steps + done, steps + total)) if progress else None
    done, stop = run_parallel(_review_run, args, workers, then)
    out.runs = done
    out.interrupted = stop == "interrupt"
    return out
