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

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from tutor.counting.inference import count_view
from tutor.counting.odds import chance_of_card
from tutor.counting.trust import TRUST_DEFAULT
from tutor.game.captures import clear_cache
from tutor.game.cards import VALUE_MASKS, indexes_of
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.scoring import HandScore, hand_points, score_state
from tutor.game.state import GameState, random_deal
from tutor.records.recordfile import load_path
from tutor.records.replay import replay_match
from tutor.search.analysis import Progress, analyse, run_parallel
from tutor.search.players import seat_view
from tutor.search.roster import make_player
from tutor.search.searchplayer import SearchPlayer
from tutor.search.simulate import play_hand
from tutor.search.solver import Solver, random_position

__all__ = [
    "BenchError",
    "BENCHMARKS",
    "Figures",
    "register",
    "random_playout",
    "bench_playouts",
    "bench_replay",
    "bench_tracker",
    "Bins",
    "Calibration",
    "bench_calibration",
    "run_all",
    "DEFAULT_RECORD",
]

Figures = dict[str, Any]
"""A benchmark's result: figure name -> value (``runs`` holds the per-repeat figures)."""


class BenchError(TutorError):
    """A benchmark asked for with sizes it cannot run (fewer than one hand or repeat)."""


BENCHMARKS: dict[str, Callable[..., Figures]] = {}
"""Benchmark name -> function; ``tutor bench all`` calls each with its defaults."""

DEFAULT_RECORD = Path(str(resources.files("tutor.records") / "examples" / "scopone-hand.yaml"))
"""The record ``bench replay`` times when no file is given."""


def register(name: str) -> Callable[[Callable[..., Figures]], Callable[..., Figures]]:
    """Decorator adding a benchmark to :data:`BENCHMARKS` under ``name``."""

    def add(func: Callable[..., Figures]) -> Callable[..., Figures]:
        BENCHMARKS[name] = func
        return func

    return add


def _median_of(repeat: int, run: Callable[[], float]) -> tuple[float, list[float]]:
    if repeat < 1:
        raise BenchError(f"repeat must be at least 1, not {repeat}")
    runs = [run() for _ in range(repeat)]
    return statistics.median(runs), runs


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
        raise BenchError(f"hands must be at least 1, not {hands}")
    rules = load_ruleset(ruleset)

    seeds = iter(range(seed, seed + repeat))

    def run() -> float:
        rng = random.Random(next(seeds))
        clear_cache()
        start = time.perf_counter()
        for _ in range(hands):
            state = GameState.random(rules, rng)
            random_playout(state, rng)
            hand_points(rules, state.captured, state.scope)
        return hands / (time.perf_counter() - start)

    median, runs = _median_of(repeat, run)
    return {
        "ruleset": rules.name,
        "hands": hands,
        "repeat": repeat,
        "seed": seed,
        "hands_per_second": round(median, 1),
        "runs": [round(r, 1) for r in runs],
    }


@register("replay")
def bench_replay(path: str | Path = DEFAULT_RECORD, repeat: int = 5) -> Figures:
    """Seconds to load, validate, replay and score a hand record (the ``tutor replay`` work)."""

    def run() -> float:
        start = time.perf_counter()
        replay_match(load_path(path))
        return time.perf_counter() - start

    median, runs = _median_of(repeat, run)
    return {
        "file": str(path),
        "repeat": repeat,
        "seconds": round(median, 6),
        "runs": [round(r, 6) for r in runs],
    }


@register("tracker")
def bench_tracker(
    path: str | Path = DEFAULT_RECORD, player: str | None = None, repeat: int = 5
) -> Figures:
    """Seconds for the tracker and the inference after every play of a record, from one seat.

    The positions are built first (not timed); each run computes, for every play, the
    viewer's view, the rule-of-48 board and the inference (readings, flow network, exact
    probabilities). The issue's target: under 1 s for a whole scopone hand.
    """

    record = load_path(path)[0]
    name = player if player is not None else record.players[-1]
    seat = record.seat_of(name)
    states = [record.state_at(n) for n in range(1, len(record.plays) + 1)]

    def run() -> float:
        start = time.perf_counter()
        for state in states:
            count_view(state, seat, record.players, record.style)
        return time.perf_counter() - start

    median, runs = _median_of(repeat, run)
    return {
        "file": str(path),
        "player": name,
        "plays": len(states),
        "repeat": repeat,
        "seconds": round(median, 6),
        "ms_per_play": round(1000 * median / max(1, len(states)), 3),
        "runs": [round(r, 6) for r in runs],
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


def run_all(names: list[str] | None = None) -> dict[str, Figures]:
    """Run the named benchmarks (default: all registered) with their default sizes."""
    chosen = list(BENCHMARKS) if names is None else names
    return {name: BENCHMARKS[name]() for name in chosen}


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
    for _ in range(positions):
        state = GameState.random(rules, rng)
        start = time.perf_counter()
        player.choose(seat_view(state), rng)
        times.append(time.perf_counter() - start)
    times.sort()
    view = seat_view(GameState.random(rules, rng))
    probe = analyse(view, samples=10_000, time_limit=budget, workers=workers, seed=seed)
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
    for _ in range(positions):
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

CALIBRATION_PLAYERS = ("random", "greedy", "chitarrella")
"""The kinds of play ``bench calibration`` can deal: the computer players that need no search."""

BIN_LABELS = ("0", *(f"{k / 10:.1f}-{(k + 1) / 10:.1f}" for k in range(10)), "1")
"""Calibration bins: exactly 0, ten bins of width 0.1 (a probability strictly between 0 and
1), exactly 1."""


def _bin(p: float) -> int:
    if p <= 0.0:
        return 0
    if p >= 1.0:
        return len(BIN_LABELS) - 1
    return 1 + min(int(p * 10), 9)


@dataclass
class Bins:
    """Stated probabilities against outcomes: per bin the count, the sum stated and the
    number that came true, and the sum of squared errors (the Brier score's numerator)."""

    count: list[int] = field(default_factory=lambda: [0] * len(BIN_LABELS))
    stated: list[float] = field(default_factory=lambda: [0.0] * len(BIN_LABELS))
    observed: list[int] = field(default_factory=lambda: [0] * len(BIN_LABELS))
    squares: float = 0.0

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

    def worst_gap(self, min_count: int = 200) -> float:
        """The largest |mean stated - observed| over the bins holding ``min_count`` or more."""
        gaps = [
            abs(self.stated[k] - self.observed[k]) / self.count[k]
            for k in range(len(BIN_LABELS))
            if self.count[k] >= min_count
        ]
        return max(gaps, default=0.0)

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                "bin": BIN_LABELS[k],
                "count": self.count[k],
                "stated": round(self.stated[k] / self.count[k], 4),
                "observed": round(self.observed[k] / self.count[k], 4),
            }
            for k in range(len(BIN_LABELS))
            if self.count[k]
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "brier": round(self.brier, 5),
            "mean_stated": round(self.mean_stated, 4),
            "mean_observed": round(self.mean_observed, 4),
            "worst_gap_200": round(self.worst_gap(), 4),
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
    card: Bins = field(default_factory=Bins)
    card_facts: Bins = field(default_factory=Bins)
    sweep: Bins = field(default_factory=Bins)
    sweep_facts: Bins = field(default_factory=Bins)
    readings: dict[str, list[int]] = field(default_factory=dict)
    """Per kind of reading: [standing readings seen at the positions, how many were true]."""
    certain_from_readings: list[int] = field(default_factory=lambda: [0, 0])
    """[stated 0 or 1 where the facts say neither, how many of those were wrong]."""
    times_ms: list[float] = field(default_factory=list)
    """Milliseconds for the board and inference of one seat at one play."""
    positions: int = 0
    interrupted: bool = False

    def merge(self, other: Calibration) -> None:
        self.card.merge(other.card)
        self.card_facts.merge(other.card_facts)
        self.sweep.merge(other.sweep)
        self.sweep_facts.merge(other.sweep_facts)
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
            "positions": self.positions,
            "interrupted": self.interrupted,
            "card": self.card.to_json(),
            "card_facts": self.card_facts.to_json(),
            "sweep": self.sweep.to_json(),
            "sweep_facts": self.sweep_facts.to_json(),
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
    ruleset: str, players: str, seed: int, hand: int, trust: float = TRUST_DEFAULT
) -> Calibration:
    """Play one seeded hand and score the stated odds at every play, from every seat."""
    rules = load_ruleset(ruleset)
    specs = [s.strip() for s in players.split(",")]
    seats = [make_player(specs[seat % len(specs)]) for seat in range(rules.players)]
    table, deals = random_deal(rules, random.Random(f"{seed}:{hand}:cards"))
    final = play_hand(rules, table, deals, seats, random.Random(f"{seed}:{hand}:play"))
    out = Calibration(rules.name, players, 1, seed)
    state, moves = final.rewound()
    for move in [None, *moves]:
        if move is not None:
            state.push(move)
        if state.is_over():
            break
        _score_position(state, out, trust)
    return out


def _score_position(state: GameState, out: Calibration, trust: float = TRUST_DEFAULT) -> None:
    """Every seat's stated odds in ``state`` (full information) against its true hands."""
    for viewer in range(state.rules.players):
        start = time.perf_counter()
        view = count_view(state, viewer, trust=trust)
        out.times_ms.append(1000 * (time.perf_counter() - start))
        out.positions += 1
        inf = view.inference
        seen = inf.state
        pool = seen.unplaced()
        for seat in range(state.rules.players):
            if seat == viewer or not seen.unknown[seat]:
                continue
            for c in indexes_of(pool):
                truth = bool(state.hands[seat] >> c & 1)
                p = inf.probability(seat, c)
                f = chance_of_card(seen, seat, c)
                out.card.add(p, truth)
                out.card_facts.add(f, truth)
                _note_certain(out, p, f, truth)
        for ex in inf.active:
            held = not any(state.hands[ex.seat] & VALUE_MASKS[v] for v in ex.values)
            tally = out.readings.setdefault(ex.kind, [0, 0])
            tally[0] += 1
            tally[1] += held
        sweep = view.board.sweep
        nxt = sweep.next_seat
        p_sweep = view.sweep_probability
        if sweep.value is None or nxt == viewer or p_sweep is None or not seen.unknown[nxt]:
            continue
        truth = bool(state.hands[nxt] & VALUE_MASKS[sweep.value])
        f = sweep.probability if sweep.probability is not None else 0.0
        out.sweep.add(p_sweep, truth)
        out.sweep_facts.add(f, truth)
        _note_certain(out, p_sweep, f, truth)


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
) -> Calibration:
    """Play ``hands`` seeded hands and compare the stated per-card and sweep odds, at every
    play and from every seat, with the true deal (``docs/tracker.md`` gives the figures).

    ``players`` is one kind of play for every seat, or one per seat (``random,chitarrella``
    alternates them). The result is the same for any number of ``workers``.
    """
    if hands < 1:
        raise BenchError(f"hands must be at least 1, not {hands}")
    specs = [s.strip().lower() for s in players.split(",")]
    for spec in specs:
        if spec not in CALIBRATION_PLAYERS:
            raise BenchError(
                f"unknown players {spec!r}; choose from {', '.join(CALIBRATION_PLAYERS)}"
            )
    rules = load_ruleset(ruleset)
    spec = ",".join(specs)
    args = ((rules.name, spec, seed, h, trust) for h in range(hands))
    done, stop = run_parallel(_calibrate_hand, args, workers, progress, total=hands)
    out = Calibration(
        rules.name, spec, len(done), seed, trust=trust, interrupted=stop == "interrupt"
    )
    for part in done:
        out.merge(part)
    return out
