"""The engine's speed: random playouts, record replay, the tracker, exact solves and the
search player.

>>> figures = bench_playouts("scopa", hands=3, repeat=1)
>>> figures["hands"], figures["repeat"], figures["hands_per_second"] > 0
(3, 1, True)
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from tutor.bench.common import DEFAULT_RECORD, BenchError, Figures, _hand_of, _median_of, register
from tutor.counting.inference import count_view
from tutor.game.captures import clear_cache
from tutor.game.i18n import _
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.scoring import HandScore, hand_points, score_state
from tutor.game.state import GameState
from tutor.records.recordfile import load_path
from tutor.records.replay import replay_match
from tutor.search.analysis import analyse
from tutor.search.players import seat_view
from tutor.search.searchplayer import SearchPlayer
from tutor.search.solver import Solver, random_position

__all__ = [
    "random_playout",
    "play_random_hand",
    "bench_playouts",
    "bench_replay",
    "bench_tracker",
    "bench_solve_scopone_4",
    "bench_solve_scopone_5",
    "bench_solve_scopa_last",
    "bench_search",
    "bench_search_move",
    "bench_exact",
]


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
