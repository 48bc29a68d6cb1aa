"""A player's habits over the decisions reviewed: where their points went, category by
category, and the maxims they broke, with what those plays cost.

Both read the review's own verdicts, over a hand or a whole match. The points by category add
up the splits of :mod:`tutor.review.sources` (decisions whose cost is an inaccuracy or more;
smaller costs are not split). A maxim broken is an observation that counts against the move
played. It is costly where the play cost an inaccuracy or more and the best move kept the
maxim: the maxim's lesson. A break the best move shares, or that cost less, is counted but not
as costly (a maxim is not a verdict). The points are those plays' whole costs: a play that
broke several maxims counts under each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tutor.game.scoring import CATEGORIES
from tutor.review.judge import Judgement
from tutor.review.observations import Observation
from tutor.review.sources import CostSources, worth_splitting

__all__ = ["BrokenMaxim", "Habits", "habits_of"]


class Decided(Protocol):
    """What :func:`habits_of` reads of a decision (a :class:`tutor.review.review.Decision`,
    which imports this module)."""

    @property
    def judgement(self) -> Judgement: ...
    @property
    def observations(self) -> tuple[Observation, ...]: ...
    @property
    def sources(self) -> CostSources | None: ...


@dataclass(frozen=True)
class BrokenMaxim:
    """How often a player's plays went against one observation's maxim, and what they cost."""

    code: str
    """The observation (``offers-seven``)."""
    maxim: str
    times: int
    costly: int
    """Of them, the plays whose cost is an inaccuracy or more (by the estimate) where the best
    move kept the maxim: those whose lesson the maxim is."""
    points: float
    """The costs of the costly ones, summed (a play may have cost for other reasons too)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "maxim": self.maxim,
            "times": self.times,
            "costly": self.costly,
            "points": round(self.points, 4),
        }


@dataclass(frozen=True)
class Habits:
    """One player's habits over their decisions reviewed (:func:`habits_of`)."""

    categories: dict[str, float]
    """The split costs summed by category (negative: where the plays did better)."""
    split: int
    """How many decisions' costs were split (those of an inaccuracy or more)."""
    cost: float
    """Those decisions' costs, summed: what the categories add up to."""
    broken: tuple[BrokenMaxim, ...]
    """The maxims broken, those that lost most first."""

    def to_json(self) -> dict[str, Any]:
        return {
            "points_by_category": {c: round(x, 4) for c, x in self.categories.items()},
            "split": self.split,
            "maxims_broken": [b.to_json() for b in self.broken],
        }


def habits_of(decisions: Sequence[Decided]) -> Habits:
    """The habits shown by ``decisions`` (one player's, of a hand or a match)."""
    sums: dict[str, float] = {}
    split = 0
    cost = 0.0
    for d in decisions:
        if d.sources is None:
            continue
        split += 1
        cost += d.judgement.cost
        for c, x in d.sources.categories.items():
            sums[c] = sums.get(c, 0.0) + x
    broken: dict[str, list[Any]] = {}
    for d in decisions:
        seen = set()
        for o in d.observations:
            if not o.against or o.code in seen:
                continue
            seen.add(o.code)
            row = broken.setdefault(o.code, [o.maxim, 0, 0, 0.0])
            row[1] += 1
            # costly only where keeping the maxim was the better play: the best move keeps
            # it (a break the best move shares, or the analysis prefers, is no lesson of the
            # maxim's; coach audit, stop 59)
            j = d.judgement
            if j.best in o.keeping and worth_splitting(j.cost):
                row[2] += 1
                row[3] += j.cost
    rows = [BrokenMaxim(code, m, n, k, pts) for code, (m, n, k, pts) in broken.items()]
    rows.sort(key=lambda b: (-b.points, -b.times, b.code))
    return Habits({c: sums[c] for c in CATEGORIES if c in sums}, split, cost, tuple(rows))
