"""The search's play-out policy, tuned by self-play: weights for the chitarrella rules.

The analysis plays each sampled deal on with the rule-based player until the exact solver takes
over (:mod:`tutor.search.analysis`), so the better those play-outs play, the truer the values.
The rules keep their names and their maxims (the explanations still read them); only how much
each counts changes. The weights are data, one file per ruleset in ``tutor/search/playouts/``
with how they were found (:mod:`tutor.search.tuned` reads them), and :func:`tune_playouts` finds
them again:

- **fitness**: the points a hand by which the weighted rules beat the rules as the maxims give
  them (every rule counting once), both without card counting as in a play-out, over
  *duplicate* deals (each played twice, the sides exchanged, so the cards' luck cancels);
- **search**: an evolution strategy over the logarithms of the weights: each generation draws
  ``pairs`` directions, scores the weights a step ``sigma`` along each and the same step back on
  the same deals (antithetic pairs: the deals' luck cancels in the difference), and moves the
  weights along the differences, ``step`` at a time. Every draw comes from ``seed``, and the
  deals of generation ``g`` from ``1000 + g``: a run gives the same weights on any machine and
  any number of workers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.game.rules import load_ruleset
from tutor.search.analysis import Interval, interval, run_parallel
from tutor.search.players import RULE_NAMES, ChitarrellaPlayer, check_weights
from tutor.search.simulate import check_sides, play_deal
from tutor.search.tuned import DEFAULT_PLAYOUT

__all__ = [
    "SIGMA",
    "STEP",
    "DEAL_SEED_BASE",
    "Generation",
    "Tuning",
    "start_weights",
    "duel",
    "margin_against_maxims",
    "tune_playouts",
]

SIGMA = 0.35
"""The step, in the logarithm of a weight, at which each direction is scored."""
STEP = 0.25
"""How far a generation moves the logarithms along the scored differences."""
DEAL_SEED_BASE = 1000
"""Generation ``g`` plays the deals of seed ``DEAL_SEED_BASE + g``: fresh deals each time."""


def duel(ruleset: str, weights: Mapping[str, float], seed: int, deal: int) -> float:
    """Deal ``deal`` of seed ``seed`` played twice, the sides exchanged: the points a hand by
    which the weighted rules beat the maxims' rules (both without card counting)."""
    players = [ChitarrellaPlayer(count_limit=0, weights=weights), DEFAULT_PLAYOUT]
    outcomes = play_deal(load_ruleset(ruleset), players, seed, deal)
    return sum(o.points[0] - o.points[1] for o in outcomes) / 2


def margin_against_maxims(
    ruleset: str,
    weights: Mapping[str, float],
    seed: int,
    deals: int,
    workers: int = 1,
) -> Interval:
    """The weighted rules' margin over the maxims' rules, a hand, over ``deals`` duplicate
    deals of seed ``seed``, with its 95% interval."""
    args = [(ruleset, dict(weights), seed, d) for d in range(deals)]
    done, stop = run_parallel(duel, args, workers)
    if stop == "interrupt":
        raise KeyboardInterrupt
    return interval(done)


@dataclass(frozen=True)
class Generation:
    """One generation: the weights it ended with, and each pair's two margins."""

    index: int
    weights: dict[str, float]
    pairs: list[tuple[float, float]]

    def to_json(self) -> dict[str, Any]:
        """The generation's number, its weights and each pair's two margins, rounded."""
        return {
            "generation": self.index,
            "weights": {k: round(v, 3) for k, v in self.weights.items()},
            "pairs": [[round(a, 5), round(b, 5)] for a, b in self.pairs],
        }


@dataclass(frozen=True)
class Tuning:
    """A tuning run: where it started, every generation, and the weights it found."""

    ruleset: str
    seed: int
    deals: int
    start: dict[str, float]
    generations: list[Generation]
    interrupted: bool = False
    """Ctrl-C stopped the run: the generations done stand, and the run goes on from them
    (``--start`` the weights, ``--first`` the next generation)."""

    @property
    def weights(self) -> dict[str, float]:
        """The weights found: the last generation's, or the starting ones before any."""
        return self.generations[-1].weights if self.generations else dict(self.start)

    def to_json(self) -> dict[str, Any]:
        """The run (ruleset, seed, deals), the starting and found weights, every generation
        and whether Ctrl-C stopped it."""
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "deals": self.deals,
            "start": {k: round(v, 3) for k, v in self.start.items()},
            "weights": {k: round(v, 3) for k, v in self.weights.items()},
            "generations": [g.to_json() for g in self.generations],
            "interrupted": self.interrupted,
        }


WEIGHT_LOW, WEIGHT_HIGH = 0.001, 1000.0
"""The range a weight is tuned in: the search moves the logarithms, which stay between these
(a weight of 1e308 overflowed, and one below 0.0005 was written as 0.0, which --start
refuses)."""


def start_weights(start: Mapping[str, float]) -> dict[str, float]:
    """``start`` checked as a run's first weights: by rule name, each from
    :data:`WEIGHT_LOW` to :data:`WEIGHT_HIGH` (the search moves their logarithms); ValueError
    otherwise."""
    weights = check_weights(start)
    out = sorted(name for name, w in weights.items() if not WEIGHT_LOW <= w <= WEIGHT_HIGH)
    if out:
        raise ValueError(f"weights must be {WEIGHT_LOW} to {WEIGHT_HIGH}: {', '.join(out)}")
    return weights


def tune_playouts(
    ruleset: str = "scopone-scientifico",
    generations: int = 30,
    pairs: int = 6,
    deals: int = 400,
    seed: int = 12345,
    start: Mapping[str, float] | None = None,
    first: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Tuning:
    """Tune the rules' weights by self-play (module docstring), from ``start`` (every weight 1
    by default), numbering the generations from ``first`` (to go on from an earlier run)."""
    rules = load_ruleset(ruleset)
    check_sides(rules, ("chitarrella", "chitarrella"))  # a ruleset of three sides: said now
    begin = start_weights(start or {})
    rng = random.Random(seed)
    theta = [math.log(begin.get(n, 1.0)) for n in RULE_NAMES]
    begun = dict(zip(RULE_NAMES, (math.exp(t) for t in theta), strict=True))
    done: list[Generation] = []
    try:
        _generations(ruleset, first, generations, pairs, deals, workers, rng, theta, done,
                     progress)  # fmt: skip
    except KeyboardInterrupt:  # the generations done stand (audit, stop 48: all were lost)
        return Tuning(rules.name, seed, deals, begun, done, interrupted=True)
    return Tuning(rules.name, seed, deals, begun, done)


def _generations(
    ruleset: str,
    first: int,
    generations: int,
    pairs: int,
    deals: int,
    workers: int,
    rng: random.Random,
    theta: list[float],
    done: list[Generation],
    progress: Callable[[int, int], None] | None,
) -> None:
    """The generations of :func:`tune_playouts`, each appended to ``done`` as it ends."""
    for g in range(first, first + generations):
        deal_seed = DEAL_SEED_BASE + g
        directions = [[rng.gauss(0, 1) for _ in RULE_NAMES] for _ in range(pairs)]
        grads = [0.0] * len(RULE_NAMES)
        scored: list[tuple[float, float]] = []
        for e in directions:
            ahead = _weights(theta, e, SIGMA)
            back = _weights(theta, e, -SIGMA)
            fa = margin_against_maxims(ruleset, ahead, deal_seed, deals, workers).mean
            fb = margin_against_maxims(ruleset, back, deal_seed, deals, workers).mean
            scored.append((fa, fb))
            for i, x in enumerate(e):
                grads[i] += (fa - fb) * x
        low, high = math.log(WEIGHT_LOW), math.log(WEIGHT_HIGH)
        theta = [
            min(high, max(low, t + STEP * gr / (2 * pairs * SIGMA)))
            for t, gr in zip(theta, grads, strict=True)
        ]
        weights = {n: round(math.exp(t), 3) for n, t in zip(RULE_NAMES, theta, strict=True)}
        done.append(Generation(g, weights, scored))
        if progress is not None:
            progress(g - first + 1, generations)


def _weights(theta: Sequence[float], direction: Sequence[float], sigma: float) -> dict[str, float]:
    return {
        n: math.exp(t + sigma * x) for n, t, x in zip(RULE_NAMES, theta, direction, strict=True)
    }
