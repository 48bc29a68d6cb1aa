"""Hidden-information analysis: perfect-information Monte Carlo from the mover's seat.

1. Sample deals consistent with everything the player to move knows
   (:func:`tutor.counting.assignment.sample_deals`: the cards seen and the hand sizes), each in
   proportion to how likely the plays seen make it (readings of passed-up sweeps and
   settebello captures, and tells, weighed as evidence: :mod:`tutor.counting.trust`).
2. In each sample, value every legal move: exactly with :mod:`tutor.search.solver` when few enough
   plays are left, otherwise by playing the hand on with the rule-based player until few enough
   plays are left and solving the rest exactly.
3. Average each move's values over the samples, with a 95% confidence interval.

Samples are drawn in the parent process from the seed and valued by worker processes, each
with its own seeded generator, and only the longest run of completed samples from the first one
counts: the result for a seed and a number of samples is the same with any number of workers.
A time limit or Ctrl-C stops early and keeps what was computed. ``docs/solver.md`` discusses
the method's known weaknesses (strategy fusion, and moves that look safe only because every
sample knows the cards).

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> hands = [["7D", "4C", "RB"], ["3B", "6S", "AB"]]
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", hands)
>>> a = analyse(s, samples=8, seed=1)
>>> a.best.text(), a.samples, a.exact
('7D x 2C 5S', 8, False)
"""

from __future__ import annotations

import atexit
import functools
import itertools
import math
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from tutor.counting.assignment import iter_deals
from tutor.counting.defaults import TRUST_DEFAULT
from tutor.game.budget import entries_within
from tutor.game.cards import Style
from tutor.game.errors import TutorError
from tutor.game.i18n import _, bounds, ngettext, number
from tutor.game.interrupts import interrupts_held
from tutor.game.scoring import score_captures
from tutor.game.state import GameState, Move
from tutor.search.defaults import DEFAULT_EXACT_PLIES, SAMPLES_MAX
from tutor.search.players import Player
from tutor.search.playmodel import iter_read_deals
from tutor.search.solver import solver_for
from tutor.search.tuned import playout_policy

__all__ = [
    "AnalysisError",
    "Progress",
    "Deals",
    "read_deals",
    "KeptDeals",
    "shared_deals",
    "facts_deals",
    "Interval",
    "interval",
    "interval_of_sums",
    "share_interval",
    "t_975",
    "Z_975",
    "Valuation",
    "MoveEstimate",
    "Analysis",
    "analyse",
    "exact_analysis",
    "sample_valuation",
    "run_parallel",
    "exact_values",
    "sample_end",
    "best_play_to_end",
    "DEFAULT_EXACT_PLIES",
]

Progress = Callable[[int, int], None]
Deals = Callable[[GameState, int, random.Random], Iterator[GameState]]
"""A source of deals for the mover: ``deals(state, seat, rng)`` draws, one at a time and
without end, full-information states consistent with what ``seat`` sees of ``state``, from
``rng`` alone: :func:`read_deals` (the play model, the default), :func:`shared_deals` (the
counting layer's sampler, its readings weighed as it weighs them: today's search) or
:func:`facts_deals`."""

read_deals = iter_read_deals
"""Deals weighed by the play model of :mod:`tutor.search.playmodel` (every play seen is
evidence): the analysis's default."""


class KeptDeals:
    """A source of deals (:data:`Deals`) that keeps what it drew: an analysis that goes on in
    rounds (``first``) replays the deals earlier rounds drew instead of drawing and weighing
    them again to skip them, with the very same deals. One per position and seed: the first
    call's ``state``, ``seat`` and ``rng`` make the one stream every call goes on with."""

    def __init__(self, deals: Deals | None = None, trust: float = TRUST_DEFAULT) -> None:
        self._make = deals or functools.partial(read_deals, trust=trust)
        self._source: Iterator[GameState] | None = None
        self._drawn: list[GameState] = []

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> Iterator[GameState]:
        if self._source is None:
            self._source = self._make(state, seat, rng)
        return self._replay(self._source)

    def worlds(self, n: int | None = None) -> tuple[GameState, ...]:
        """The first ``n`` deals drawn so far (all of them by default), in the order drawn, as
        full-information states: sample ``j`` of an analysis is ``worlds()[j]``."""
        return tuple(self._drawn[:n])

    def hands(self, n: int | None = None) -> tuple[tuple[int, ...], ...]:
        """The hands (card masks by seat) of the first ``n`` deals drawn so far (all of them by
        default), in the order drawn: those an analysis of ``n`` samples valued."""
        return tuple(tuple(w.hands) for w in self._drawn[:n])

    def _replay(self, source: Iterator[GameState]) -> Iterator[GameState]:
        k = 0
        while True:
            if k == len(self._drawn):
                world = next(source, None)
                if world is None:
                    return
                self._drawn.append(world)
            yield self._drawn[k]
            k += 1


def shared_deals(state: GameState, seat: int, rng: random.Random) -> Iterator[GameState]:
    """Deals from the counting layer's sampler, its readings weighed as evidence
    (``search-classic``)."""
    return iter_deals(state, seat, rng)


def facts_deals(state: GameState, seat: int, rng: random.Random) -> Iterator[GameState]:
    """Deals on the facts alone: every deal that fits the cards seen weighs the same."""
    return iter_deals(state, seat, rng, use_inferences=False)


PLAYOUT_EXACT_PLIES = 8
"""A playout hands over to the exact solver at this many plays left."""

Z_975 = 1.96
"""The normal distribution's 97.5% quantile (standard statistical tables): the half-width of a
95% interval in standard errors, for large samples."""
Z_975_EXACT = 1.959963984540054
"""The same quantile to double precision, for :func:`t_975`'s expansion."""

_z = Z_975_EXACT
_T_975_TERMS = (
    (_z**3 + _z) / 4,
    (5 * _z**5 + 16 * _z**3 + 3 * _z) / 96,
    (3 * _z**7 + 19 * _z**5 + 17 * _z**3 - 15 * _z) / 384,
    (79 * _z**9 + 776 * _z**7 + 1482 * _z**5 - 1920 * _z**3 - 945 * _z) / 92160,
)
"""The Cornish-Fisher expansion's coefficients of 1/df, 1/df², 1/df³ and 1/df⁴ for t's 97.5%
quantile (Abramowitz and Stegun 26.7.5), worked out once."""
del _z

# Two-sided 97.5% quantiles of Student's t for 1-30 degrees of freedom (standard statistical
# tables); beyond 30, t_975 works them out by the Cornish-Fisher expansion above.
T_975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


class AnalysisError(TutorError):
    """A position the analyser cannot take (e.g. the mover's own hand is not known)."""


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% confidence interval over ``n`` values."""

    mean: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float | int | None]:
        """The mean, the bounds (rounded; null when infinite) and ``n``; no mean over no values."""

        def r(x: float) -> float | None:
            return round(x, 4) if math.isfinite(x) else None

        # no values: no mean either (the 0.0 kept for arithmetic is not a measurement)
        mean = r(self.mean) if self.n else None
        return {"mean": mean, "low": r(self.low), "high": r(self.high), "n": self.n}

    def text(self, digits: int = 2, signed: bool = True) -> str:
        """The mean and the interval, decimals as the language writes them; "-" over no
        values (as the JSON's null: the 0.0 kept for arithmetic is no measurement).

        >>> interval([]).text()
        '-'
        """
        if not self.n:
            return "-"
        spec = ("+" if signed else "") + f".{digits}f"
        return f"{number(self.mean, spec)} {bounds(self.low, self.high, spec)}"


def t_975(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (at least 1).

    Beyond the table, the Cornish-Fisher expansion of t about the normal quantile (Abramowitz
    and Stegun 26.7.5; within 0.0001 of the tables from 30 degrees of freedom): 1.96 for
    every larger sample made the intervals of 31 to a few hundred values a little too short,
    and their width jump at 31 (simulate audit, stop 55).

    >>> t_975(1), t_975(30), round(t_975(59), 3), round(t_975(1000), 3)
    (12.706, 2.042, 2.001, 1.962)
    """
    if df <= len(T_975):
        return T_975[df - 1]
    return Z_975_EXACT + sum(g / df ** (k + 1) for k, g in enumerate(_T_975_TERMS))


def interval(values: Sequence[float]) -> Interval:
    """Mean and 95% interval: Student's t, corrected for the skew of the values (one value:
    unbounded). Not for values symmetric by design, such as the paired differences of two
    players, whose sample skew is noise (the correction moved the interval off zero in 14% of
    self-play runs of scopa; simulate audit, stop 55): ``simulate`` has its own interval.

    A hand's points from a position are lopsided: most deals give the same few points and a
    rare one many more. Over a few dozen such values the symmetric t interval is too short on
    the side of the rare values and missed the mean in 8% of runs, not 5% (docs/solver.md,
    "How sure the intervals are"); Hall's transformation of t (Hall 1992, "On the removal of
    skewness by transformation", JRSS B 54) stretches the interval toward the long tail.
    Values that never vary have an interval of no width: equal moves give equal values.

    >>> interval([1.0, 2.0, 3.0]).text()
    '+2.00 [-0.48, +4.48]'
    >>> interval([0.0] * 9 + [3.0]).text()  # a rare high value: the top end reaches further
    '+0.30 [-0.16, +2.67]'
    """
    n = len(values)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf, 0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    third = sum((x - mean) ** 3 for x in values) / n
    return _interval(n, mean, var, third)


def share_interval(k: int, n: int) -> tuple[float, float]:
    """The 95% interval of a share of ``k`` in ``n`` (Wilson's score interval: it never leaves
    0 to 1, and 0 of 5 is not a certain 0%); (0, 1) for none.

    >>> [round(x, 3) for x in share_interval(5, 6)]
    [0.436, 0.97]
    """
    if n <= 0:
        return 0.0, 1.0
    z = Z_975
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def interval_of_sums(n: int, total: float, squares: float) -> Interval:
    """A mean and its symmetric 95% interval (Student's t) from the count, sum and sum of
    squares of the values, for a search that keeps running sums rather than the values (its
    values come from a tree's own choices, not from independent deals, so the interval is a
    guide to how much it looked, not a calibrated one).

    >>> interval_of_sums(3, 6.0, 14.0).text()
    '+2.00 [-0.48, +4.48]'
    """
    if n == 0:
        return Interval(0.0, -math.inf, math.inf, 0)
    mean = total / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    return _interval(n, mean, var, 0.0)


def _interval(n: int, mean: float, var: float, third: float) -> Interval:
    """The 95% interval of a mean of ``n`` values of variance ``var`` and third central moment
    ``third`` (0: the symmetric t interval)."""
    q = t_975(n - 1)
    se = math.sqrt(var / n)
    if var <= 0.0 or third == 0.0:
        return Interval(mean, mean - q * se, mean + q * se, n)
    # Hall's g(t) = t + a t^2 + a^2 t^3 / 3 + b with a = skew / (3 sqrt n), b = skew / (6 sqrt n)
    # is increasing in t; the interval is where -q <= g(t) <= q, t = (mean - mu) / se.
    skew = third / var**1.5
    a = skew / (3.0 * math.sqrt(n))
    b = a / 2.0

    def t_of(g: float) -> float:
        y = g - b
        if abs(a) < 1e-6:  # nearly symmetric: the series, where the cube root would cancel
            return y - a * y * y
        cube = 1.0 + 3.0 * a * y
        return (math.copysign(abs(cube) ** (1.0 / 3.0), cube) - 1.0) / a

    return Interval(mean, mean - t_of(q) * se, mean - t_of(-q) * se, n)


@dataclass(frozen=True)
class Valuation:
    """How a move's value was obtained.

    ``exact``: one full-information solve of the position (``low == high`` once proven;
    bounds when the search stopped early). ``sampled``: the mean over sampled deals, each
    solved exactly from the move on. ``playout``: the mean over sampled deals, each played on
    by the play-out policy until ``exact_from`` plays were left, then solved exactly.
    ``ismcts``: the mean over the iterations of an information-set tree search
    (:mod:`tutor.search.ismcts`) that tried the move, each deal played on by the tree and the
    play-out policy until ``exact_from`` plays were left, then solved exactly.

    >>> Valuation("playout", 8).text()
    'play-outs to 8 plays left, then exact'
    """

    kind: str
    exact_from: int | None = None
    """``playout`` and ``ismcts``: the plays left when the exact solver took over."""

    def text(self) -> str:
        """How the value was obtained, in words, in the language of the run."""
        if self.kind == "playout":
            return ngettext(
                "play-outs to {n} play left, then exact",
                "play-outs to {n} plays left, then exact",
                self.exact_from or 0,
            ).format(n=self.exact_from)
        if self.kind == "ismcts":
            return ngettext(
                "a tree search over the deals, play-outs to {n} play left",
                "a tree search over the deals, play-outs to {n} plays left",
                self.exact_from or 0,
            ).format(n=self.exact_from)
        if self.kind == "sampled":
            return _("exact in every sampled deal")
        return _("exact")


EXACT = Valuation("exact")
"""The valuation of a full-information solve."""


@dataclass(frozen=True)
class MoveEstimate:
    """A move's value for the side to move: the mean over samples and its 95% interval
    (exact solves: ``low == high == value``), and how it was obtained."""

    move: Move
    value: float
    low: float
    high: float
    n: int
    how: Valuation = EXACT

    @property
    def known(self) -> bool:
        """Whether there is a value to show: a sample was valued, or an exact search proved it
        (a search stopped early knows only the bounds)."""
        return self.n > 0 and (self.how.kind != "exact" or self.low == self.high)

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The move, its value and its bounds (null when infinite; whole numbers as such)."""

        def r(x: float) -> float | int | None:
            if not math.isfinite(x):
                return None
            return int(x) if x == int(x) else round(x, 4)

        return {"move": self.move.text(style), "value": r(self.value), "low": r(self.low),
                "high": r(self.high)}  # fmt: skip


@dataclass
class Analysis:
    """Every legal move of the player to move with its value, best first."""

    to_move: int
    exact: bool
    method: str
    """``exact`` (full-information solve) or ``sampling``."""
    moves: list[MoveEstimate]
    pv: list[Move]
    samples: int = 0
    requested: int = 0
    interrupted: bool = False
    timed_out: bool = False
    elapsed: float = 0.0
    seed: int | None = None
    nodes: int = 0
    values: list[list[float]] = field(default_factory=list, repr=False)
    """Per sample, the value of each move in ``order`` (for paired comparisons)."""
    order: list[Move] = field(default_factory=list, repr=False)

    def paired(self, a: Move, b: Move) -> tuple[float, float]:
        """Mean and standard error of ``a``'s value minus ``b``'s over the same samples."""
        d = self._differences(a, b)
        n = len(d)
        if n < 2:
            return (d[0] if d else 0.0), math.inf
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return mean, math.sqrt(var / n)

    @property
    def best(self) -> Move | None:
        """The best move, or None when nothing says which it is (no sample finished, or an
        exact search stopped before it proved one move at least as good as every other)."""
        return self.pv[0] if self.pv else None

    def lead(self) -> tuple[Move, Interval] | None:
        """The sampled best move's lead over the runner-up, paired over the same samples
        (None for an exact search, or fewer than two moves or samples): a lead whose interval
        reaches 0 is not settled, however the means rank."""
        best = self.best
        if self.method != "sampling" or best is None or len(self.values) < 2:
            return None
        runner = next((m.move for m in self.moves if m.move != best), None)
        if runner is None or best not in self.order or runner not in self.order:
            return None
        return runner, interval(self._differences(best, runner))

    def _differences(self, a: Move, b: Move) -> list[float]:
        """``a``'s value minus ``b``'s in each sample."""
        i, j = self.order.index(a), self.order.index(b)
        return [v[i] - v[j] for v in self.values]

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The seat to move, every move's value (null where only bounds are proven), the best
        move and line, the method, the samples valued and whether the run was stopped."""
        moves = [m.to_json(style) for m in self.moves]
        for m, data in zip(self.moves, moves, strict=True):
            if not m.known:
                data["value"] = None  # not known: only the bounds (if any) are
        return {
            "to_move": self.to_move,
            "exact": self.exact,
            "method": self.method,
            "moves": moves,
            "best": self.best.text(style) if self.best is not None else None,
            "pv": [m.text(style) for m in self.pv],
            "samples": self.samples,
            "interrupted": self.interrupted,
            "timed_out": self.timed_out,
        }


# -- running work across processes --------------------------------------------------------------


ORPHAN_POLL_SECONDS = 0.5
"""How often a worker process checks that the tutor that started it is still alive."""


def _exit_when_orphaned(parent: int) -> None:
    while True:
        time.sleep(ORPHAN_POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker(parent: int) -> None:
    """Set up a worker process: Ctrl-C is the tutor's to handle (it cancels the work and stops
    the pool), and a worker whose tutor died without stopping it (killed with SIGKILL, say)
    exits within a second instead of waiting on its queue for ever. ``parent`` is the tutor's
    process id as the tutor gave it: a worker that starts after the tutor died would find
    another parent already, and take it for its tutor."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a kill ends a worker, whatever the tutor made of it when it forked: under tutor play a
    # SIGTERM raised the tutor's own "ended" in the worker, which printed a traceback and
    # outlived its pool, and the tutor hung at exit waiting for it (audit, stop 48)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    threading.Thread(
        target=_exit_when_orphaned, args=(parent,), name="orphan-watch", daemon=True
    ).start()


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        pool = ProcessPoolExecutor(
            max_workers=workers, initializer=_start_worker, initargs=(os.getpid(),)
        )
        _POOLS[workers] = pool
    return pool


def _drop_pool(workers: int) -> None:
    """Stop a pool at once (Ctrl-C, an error): its workers are killed, and its manager thread
    is waited for, which their deaths end at once: left running, it could close its wake-up
    pipe while the interpreter's exit hook wrote to it ("Exception ignored ... Bad file
    descriptor" after a Ctrl-C in tutor play, about one run in five)."""
    pool = _POOLS.pop(workers, None)
    if pool is not None:
        # whole, or the exit waits for ever: a second Ctrl-C that cut the wait short left a
        # pool half shut down that the exit could not see to stop (audit, stop 48); it takes
        # effect once the pool is down
        with interrupts_held():
            procs = list(getattr(pool, "_processes", {}).values())
            for proc in procs:
                proc.terminate()
            # one that outlives SIGTERM (a handler it inherited) is killed: after a second
            # in all, not a second each (eight such workers held the Ctrl-C for eight)
            deadline = time.monotonic() + 1.0
            for proc in procs:
                proc.join(timeout=max(0.0, deadline - time.monotonic()))
            for proc in procs:
                if proc.is_alive():
                    proc.kill()
            pool.shutdown(wait=True, cancel_futures=True)


@atexit.register
def _close_pools() -> None:
    for workers in list(_POOLS):
        pool = _POOLS.pop(workers)
        pool.shutdown(wait=False, cancel_futures=True)


def run_parallel(
    func: Callable[..., Any],
    args: Iterable[tuple[Any, ...]],
    workers: int | None = 1,
    progress: Progress | None = None,
    deadline: float | None = None,
    total: int | None = None,
    in_order: Callable[[Any], None] | None = None,
) -> tuple[list[Any], str | None]:
    """Run ``func(*a)`` for each ``a`` in ``workers`` processes (1: in this one; None: one
    per core). ``in_order(result)`` is called with each result as soon as every result before
    it is in too: the same results in the same order as the prefix returned, handed over as
    they come (``simulate --records`` writes each deal so, and a kill keeps them).

    Returns the results of the longest completed prefix of ``args``, so that the answer does
    not depend on the number of workers, and why it stopped early: None, ``"time"`` (past
    ``deadline``, a :func:`time.perf_counter` value) or ``"interrupt"`` (Ctrl-C). ``args`` may
    be a lazy iterable of ``total`` items: it is consumed only as work is handed out, so a
    deadline also bounds the time spent preparing the arguments.
    """
    if workers is None:
        workers = os.cpu_count() or 1
    if total is None:
        args = list(args)
        total = len(args)
    results: dict[int, Any] = {}  # by position in ``args`` (not a list: ``total`` may be huge)
    # islice takes no stop beyond sys.maxsize: a run that long ends only by Ctrl-C all the same
    # (input audit, stop 54: simulate -n 99999999999999999999 was an internal error)
    handed = min(total, sys.maxsize)
    finished = 0
    stop: str | None = None
    if progress and total:  # the bar from the start, not once the first piece is done (stop 48)
        try:
            progress(0, total)
        except KeyboardInterrupt:
            return [], "interrupt"

    def prefix() -> list[Any]:
        out = []
        for k in range(total):
            if k not in results:
                break
            out.append(results[k])
        return out

    handed_over = 0  # results given to in_order: the prefix so far

    def hand_over() -> None:
        nonlocal handed_over
        if in_order is None:
            return
        while handed_over in results:
            in_order(results[handed_over])
            handed_over += 1

    if workers <= 1:
        try:
            for k, a in enumerate(itertools.islice(args, handed)):
                if deadline is not None and time.perf_counter() > deadline:
                    stop = "time"
                    break
                results[k] = func(*a)
                finished += 1
                hand_over()
                if progress:
                    progress(finished, total)
        except KeyboardInterrupt:
            stop = "interrupt"
        return prefix(), stop
    pool = _pool(workers)
    futures: dict[Future[Any], int] = {}
    try:
        # keep a bounded queue so that a deadline stops promptly
        queue = enumerate(itertools.islice(args, handed))
        more = True
        pending: set[Future[Any]] = set()
        while more or pending:
            while more and len(pending) < 2 * workers:
                if deadline is not None and time.perf_counter() > deadline:
                    break
                nxt = next(queue, None)
                if nxt is None:
                    more = False
                    break
                k, a = nxt
                # held while the pool starts a worker (submit forks): a Ctrl-C during the
                # fork was lost ("Exception ignored" in the fork's handlers, the run went on)
                with interrupts_held(ctrl_c_only=True):
                    f = pool.submit(func, *a)
                futures[f] = k
                pending.add(f)
            if not pending and more:  # the deadline passed while preparing work
                stop = "time"
                break
            timeout = None if deadline is None else max(0.0, deadline - time.perf_counter())
            if timeout is not None:  # a limit of centuries: the longest wait the clock can take
                timeout = min(timeout, threading.TIMEOUT_MAX)
            ready, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            for f in ready:
                k = futures[f]
                results[k] = f.result()
                finished += 1
                if progress:
                    progress(finished, total)
            hand_over()
            if deadline is not None and time.perf_counter() > deadline and (more or pending):
                stop = "time"
                for f in pending:
                    f.cancel()
                break
    except KeyboardInterrupt:
        stop = "interrupt"
        _drop_pool(workers)
    except BaseException:
        _drop_pool(workers)
        raise
    return prefix(), stop


# -- valuing one sample -------------------------------------------------------------------------


def _side_value(state: GameState, value: int, mover_side: int) -> int:
    """A solver value (for the side to move in ``state``) seen from ``mover_side``."""
    return value if state.turn % state.rules.sides == mover_side else -value


def _play_on(world: GameState, policy: Player, rng: random.Random, exact_plies: int) -> None:
    """The play-out of a sample: ``policy`` plays ``world`` on (in place) until the hand ends
    or ``exact_plies`` plays are left for the solver (:func:`_finish` values the rest,
    :func:`sample_end` plays it)."""
    while not world.is_over() and world.plays_left() > exact_plies:
        world.push(policy.choose(world, rng))


def _policy(world: GameState, playout: Player | None) -> Player:
    """The play-out player: ``playout``, or the ruleset's tuned rule-based player."""
    return playout if playout is not None else playout_policy(world.rules.name)


def _finish(world: GameState, mover_side: int, policy: Player, rng: random.Random,
            exact_plies: int) -> float:  # fmt: skip
    """Play ``world`` on with ``policy`` until ``exact_plies`` plays are left, then solve."""
    _play_on(world, policy, rng, exact_plies)
    if world.is_over():
        pts = score_captures(world.rules, world.captured, world.scope).points()
        return pts[mover_side] - pts[1 - mover_side]
    return _side_value(world, solver_for(world.rules).value(world), mover_side)


_SOLVED: dict[tuple[Any, ...], tuple[float, ...]] = {}
"""Exact values already found in this process, by deal and moves: a weighted sampler draws
the likely deals again and again, and an exact solve always gives the same answer."""
SOLVED_BYTES = 800
"""The bytes an entry of :data:`_SOLVED` takes, its key included (about 670 on a review,
780 on random positions; stop 60)."""
_SOLVED_LIMIT = entries_within(SOLVED_BYTES)


def exact_values(world: GameState, moves: Sequence[Move]) -> list[float]:
    """The exact value of each of ``moves`` in the full-information ``world``, for the side to
    move (remembered: the same deal is solved once per process)."""
    key = (world.rules, world.key(), tuple(map(tuple, world.deals[world.deal_index :])),
           tuple(moves))  # fmt: skip
    hit = _SOLVED.get(key)
    if hit is None:
        sol = solver_for(world.rules).solve(world, pv=False, moves=list(moves))
        got = {m.move: float(m.value) for m in sol.moves}
        hit = tuple(got[m] for m in moves)
        if len(_SOLVED) >= _SOLVED_LIMIT:
            _SOLVED.clear()
        _SOLVED[key] = hit
    return list(hit)


def value_sample(
    world: GameState,
    moves: Sequence[Move],
    seed: str,
    exact_plies: int = DEFAULT_EXACT_PLIES,
    playout_exact_plies: int = PLAYOUT_EXACT_PLIES,
    playout: Player | None = None,
) -> list[float]:
    """The value of each of ``moves`` in one full-information sample, for the side to move.

    ``playout`` plays the hand on until the exact solver takes over (default: the rule-based
    player, without its exact counting, which the solver does better, with the weights tuned
    for the ruleset by self-play if it has any: :func:`tutor.search.tuned.playout_policy`).
    """
    mover_side = world.turn % world.rules.sides
    if world.plays_left() <= exact_plies:
        return exact_values(world, moves)
    policy = _policy(world, playout)
    out = []
    for move in moves:
        # the same generator for every move: common random numbers sharpen the comparison
        w = world.copy()
        w.push(move)
        out.append(_finish(w, mover_side, policy, random.Random(seed), playout_exact_plies))
    return out


def sample_end(
    world: GameState,
    move: Move,
    seed: str,
    exact_plies: int = DEFAULT_EXACT_PLIES,
    playout_exact_plies: int = PLAYOUT_EXACT_PLIES,
    playout: Player | None = None,
) -> GameState:
    """The end of the hand in one full-information sample after ``move``, played as
    :func:`value_sample` values it with the same ``seed``: the rule-based play-out, then a
    line of best play to the last card. Its score's margin for the mover's side is the
    move's value in that sample, so the score says where that value comes from."""
    w = world.copy()
    w.push(move)
    if world.plays_left() > exact_plies:
        _play_on(w, _policy(world, playout), random.Random(seed), playout_exact_plies)
    return best_play_to_end(w)


def best_play_to_end(world: GameState) -> GameState:
    """``world`` (changed in place) played to the end of the hand along a line of best play
    for both sides (the exact solver's), and returned."""
    while not world.is_over():
        line = solver_for(world.rules).line(world)
        if not line:
            raise AnalysisError("the solver gave no line to play on")
        for m in line:
            world.push(m)
    return world


def _value_batch(
    worlds: Sequence[GameState],
    moves: Sequence[Move],
    seeds: Sequence[str],
    exact_plies: int,
    playout_exact_plies: int,
    playout: Player | None,
) -> list[list[float]]:
    return [
        value_sample(w, moves, s, exact_plies, playout_exact_plies, playout)
        for w, s in zip(worlds, seeds, strict=True)
    ]


def sample_valuation(
    state: GameState,
    exact_plies: int = DEFAULT_EXACT_PLIES,
    playout_exact_plies: int = PLAYOUT_EXACT_PLIES,
) -> Valuation:
    """How :func:`value_sample` values a move of ``state`` in each sampled deal."""
    left = state.plays_left()
    if left <= exact_plies or left - 1 <= playout_exact_plies:
        return Valuation("sampled")
    return Valuation("playout", playout_exact_plies)


# -- the analyser -------------------------------------------------------------------------------


def exact_analysis(
    state: GameState, time_limit: float | None = None, max_nodes: int | None = None
) -> Analysis:
    """The exact solver's answer as an :class:`Analysis` (inexact bounds past a limit)."""
    start = time.perf_counter()
    sol = solver_for(state.rules).solve(
        state, time_limit=time_limit, max_nodes=max_nodes, keep_on_interrupt=True
    )
    moves = [
        MoveEstimate(m.move, float(m.value), float(m.low), float(m.high), 1) for m in sol.moves
    ]
    pv = sol.pv
    if not sol.exact:
        # stopped early: a best move only if its proven floor reaches every other's ceiling
        top = max(moves, key=lambda m: m.low, default=None)
        if top is not None and all(top.low >= m.high for m in moves if m is not top):
            pv = [top.move]
        else:
            pv = []
    return Analysis(
        to_move=state.turn,
        exact=sol.exact,
        method="exact",
        moves=moves,
        pv=pv,
        timed_out=not sol.exact and not sol.interrupted,
        interrupted=sol.interrupted,
        elapsed=time.perf_counter() - start,
        nodes=sol.nodes,
    )


def analyse(
    state: GameState,
    *,
    samples: int = 200,
    time_limit: float | None = None,
    seed: int = 0,
    workers: int | None = 1,
    viewer: int | None = None,
    exact_plies: int = DEFAULT_EXACT_PLIES,
    playout_exact_plies: int = PLAYOUT_EXACT_PLIES,
    playout: Player | None = None,
    use_inferences: bool = True,
    trust: float = TRUST_DEFAULT,
    deals: Deals | None = None,
    moves: Sequence[Move] | None = None,
    batch: int = 1,
    progress: Progress | None = None,
    first: int = 0,
) -> Analysis:
    """Value every legal move of the player to move by perfect-information Monte Carlo.

    ``state`` may hide other hands (unknown cards) or show them: the analyser looks from the
    mover's seat either way. ``moves`` restricts the moves valued (default: all legal moves).
    ``deals`` is where the deals come from (default: :func:`read_deals`, the play model with
    ``trust`` as its prior; ``use_inferences=False``: :func:`facts_deals`). ``first``
    continues an earlier analysis of the same position and seed: the samples valued are
    numbers ``first`` to ``first + samples - 1`` of the seed's sequence, the very deals (and
    play-out seeds) a single analysis of ``first + samples`` would value last, so sampling can
    go on in rounds and stay reproducible (the review samples adaptively this way).
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    seat = state.turn if viewer is None else viewer
    if seat != state.turn:
        raise AnalysisError(
            _("the analyser looks from the seat to move ({turn}), not {seat}").format(
                turn=state.turn, seat=seat
            )
        )
    if state.is_over():
        raise AnalysisError(_("the hand is over: there is no move to analyse"))
    if state.unknown[seat]:
        raise AnalysisError(
            _(
                "the hand of the player to move (seat {seat}) is not fully known: "
                "the analyser needs it"
            ).format(seat=seat)
        )
    if state.rules.sides != 2:
        raise AnalysisError(
            _("the analyser handles two sides only, not {n}").format(n=state.rules.sides)
        )
    if not 1 <= samples <= SAMPLES_MAX:
        raise AnalysisError(
            _("samples must be 1 to {most}, not {n}").format(most=SAMPLES_MAX, n=samples)
        )
    legal = state.legal_moves()
    chosen = list(legal) if moves is None else [m for m in legal if m in set(moves)]
    how = sample_valuation(state, exact_plies, playout_exact_plies)
    if len(chosen) <= 1 and moves is None:
        only = [MoveEstimate(m, 0.0, -math.inf, math.inf, 0, how) for m in chosen]
        return Analysis(state.turn, False, "sampling", only, chosen[:1], requested=samples,
                        elapsed=time.perf_counter() - start, seed=seed)  # fmt: skip
    rng = random.Random(seed)
    # deals are drawn lazily, in order, as work is handed out: the same deals for a seed
    # whatever the number of workers, and a time limit is not spent drawing unused ones
    if deals is None:
        deals = functools.partial(read_deals, trust=trust) if use_inferences else facts_deals
    worlds = deals(state, seat, rng)
    if first:
        worlds = itertools.islice(worlds, first, None)
    size = max(1, batch)
    args = (
        (list(itertools.islice(worlds, min(size, samples - k))), chosen,
         [f"{seed}:{j}" for j in range(first + k, first + min(k + size, samples))], exact_plies,
         playout_exact_plies, playout)
        for k in range(0, samples, size)
    )  # fmt: skip
    n_batches = -(-samples // size)
    prog = None
    if progress is not None:

        def prog(done: int, total: int) -> None:
            progress(min(done * size, samples), samples)

    batches, stop = run_parallel(_value_batch, args, workers, prog, deadline, total=n_batches)
    values = [v for b in batches for v in b]
    per_move = [interval([vals[j] for vals in values]) for j in range(len(chosen))]
    estimates = [
        MoveEstimate(m, iv.mean, iv.low, iv.high, iv.n, how)
        for m, iv in zip(chosen, per_move, strict=True)
    ]
    estimates.sort(key=lambda e: -e.value)
    return Analysis(
        to_move=state.turn,
        exact=False,
        method="sampling",
        moves=estimates,
        pv=[estimates[0].move] if estimates and values else [],
        samples=len(values),
        requested=samples,
        interrupted=stop == "interrupt",
        timed_out=stop == "time",
        elapsed=time.perf_counter() - start,
        seed=seed,
        values=values,
        order=chosen,
    )
