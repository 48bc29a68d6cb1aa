"""Judging one decision: the cost of the move played, its class, and how sure the tutor is.

The cost of a move is the value of the best move minus the value of the move played, in points
of the hand, from the mover's seat only (``docs/review.md``):

- when counting pins every card (:func:`tutor.counting.knowledge.known_world`: always in the
  last deal of two-player scopa), the exact solver values every legal move;
- otherwise the shared analyser (:func:`tutor.search.analysis.analyse`) values the moves on deals
  sampled from what the mover knows, every move on the same deals (paired samples), so that the
  difference between two moves is measured far more precisely than either value. Sampling goes
  in rounds (50, 100, 200 samples by default) and stops as soon as the cost's 95% interval
  lies within one class, when the cap is reached, or when the time budget is spent; moves that
  are clearly worse than the best are dropped after each round.

A class is given only when the interval supports it; an interval that still straddles a
threshold gets the milder class and ``uncertain``. The thresholds are :data:`THRESHOLDS`, the
one table the code and ``docs/review.md`` share.

>>> classify(0.0), classify(0.1), classify(0.3), classify(0.7), classify(1.0)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from tutor.counting.assignment import iter_deals
from tutor.counting.knowledge import known_world
from tutor.counting.style import StylePriors
from tutor.game.errors import TutorError
from tutor.game.i18n import N_, _, bounds, ngettext, number, pgettext
from tutor.game.rules import Ruleset
from tutor.game.state import GameState, Move
from tutor.review.defaults import DEFAULT_SAMPLES, DEFAULT_TIME, FIRST_ROUND
from tutor.search.analysis import (
    DEFAULT_EXACT_PLIES,
    Z_975,
    Analysis,
    Deals,
    Interval,
    KeptDeals,
    MoveEstimate,
    Progress,
    Valuation,
    analyse,
    exact_analysis,
    interval,
    read_deals,
    sample_valuation,
    value_sample,
)
from tutor.search.players import seat_view

__all__ = [
    "CLASSES",
    "CLASS_NAMES",
    "class_name",
    "THRESHOLDS",
    "DEFAULT_SAMPLES",
    "DEFAULT_TIME",
    "FIRST_ROUND",
    "EXACT_MAX_NODES",
    "JudgeError",
    "Settings",
    "Judgement",
    "Sampled",
    "Valued",
    "Hindsight",
    "classify",
    "cost_bounds",
    "cost_number",
    "judge",
    "value_moves",
    "hindsight",
    "json_number",
]

CLASSES = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")
"""Every class a decision can get, mildest first."""
CLASS_NAMES = {
    "forced": N_("forced"),
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
"""Each class as shown: its name in English (the JSON's word), in words in other languages."""


def class_name(classification: str) -> str:
    """A class in the language of the run."""
    return _(CLASS_NAMES[classification])


THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("best", 0.0),
    ("good", 0.05),
    ("inaccuracy", 0.2),
    ("mistake", 0.5),
    ("blunder", 1.0),
)
"""The class of a cost (points of the hand lost against the best move): the last class whose
lower bound the cost reaches. In the spirit of chess reviews: a twentieth of a point is noise, a
fifth of a point is a slip, half a point is a mistake, a whole point (a scopa, a category) is a
blunder. ``forced`` is given apart: one legal move, or every move equal in the exact solution
(sampled deals where every move scores the same only make the move ``best``, uncertain until
enough of them agree: :data:`UNSEEN_DIFFERENCE`)."""

EXACT_MAX_NODES = 5_000_000
"""Node budget of an exact solve (a node count, not a time, so that the review does not
depend on the machine); past it the decision is sampled instead."""
HINDSIGHT_MAX_NODES = 600_000
"""Node budget of a hindsight solve; past it hindsight is estimated by play-outs. 600,000,
not 2 million (stop 44): scopone with 20 plays left takes 260,000 to 560,000 nodes over eight
seeded deals, with 22 left most need more than 2 million, so the larger budget bought few
exact values for about 7 s lost on each decision it could not solve (docs/review.md,
section 4)."""
HINDSIGHT_PLAYOUTS = 64
"""Play-out seeds a hindsight estimate averages when the exact solve does not fit: 64, not
16 (stop 44), since 16 play-outs take about 0.12 s in scopone; the intervals narrow by half."""
_EPS = 1e-9


class JudgeError(TutorError):
    """A decision that cannot be judged (the move is not legal, the mover's hand is unknown)."""


def cost_bounds(low: float, high: float) -> str:
    """A cost's interval as :func:`~tutor.game.i18n.bounds` writes it, but for an end that two
    decimals would round onto a class threshold it does not reach (0.9958 as 1.00, the
    blunder line): that end gets the decimals it needs to stay off it, so that the interval
    never seems to reach a class its verdict leaves out (review audit, stop 47: "mistake 0.78
    [0.57, 1.00]").

    >>> cost_bounds(0.57, 0.9958), cost_bounds(0.5, 1.2), cost_bounds(0.1996, 0.4)
    ('[0.57, 0.996]', '[0.50, 1.20]', '[0.1996, 0.40]')
    """

    return bounds(low, high, _cost_spec(low), _cost_spec(high))


def cost_number(x: float) -> str:
    """An end of a cost's interval as :func:`cost_bounds` writes it, alone (for a note that a
    program reads back: the class it gives is the class it had).

    >>> cost_number(0.1996), cost_number(0.25)
    ('0.1996', '0.25')
    """
    return number(x, _cost_spec(x))


def _cost_spec(x: float) -> str:
    """Two decimals, or as many more as keep ``x`` off a class threshold it does not reach."""
    places = 2
    while places < 6 and any(round(x, places) == t != x for _name, t in THRESHOLDS if t):
        places += 1
    return f".{places}f"


def classify(cost: float) -> str:
    """The class of a cost in points (never ``forced``: that one is not about the cost)."""
    name = THRESHOLDS[0][0]
    for cls, low in THRESHOLDS:
        if cost >= low - _EPS:
            name = cls
    return name


def costly(cost: float) -> bool:
    """Whether a cost (or a gap between two values) is an inaccuracy or worse: the size the
    review speaks of, past ``best`` and ``good``."""
    return classify(cost) not in ("best", "good")


def class_range(milder: str, high: float) -> str:
    """``good–mistake``: the classes from ``milder`` to that of an interval's high end, how an
    uncertain verdict is shown (the milder class alone, ``good?``, read as a verdict on a move
    that may cost a point)."""
    return pgettext("the classes an interval spans", "{low}–{high}").format(
        low=class_name(milder), high=class_name(classify(high))
    )


def verdict_class(j: Judgement) -> str:
    """A verdict's class in words: the classes its interval spans when it is uncertain."""
    return class_range(j.classification, j.high) if j.uncertain else class_name(j.classification)


@dataclass(frozen=True)
class Settings:
    """How hard to look at each decision."""

    samples: int = DEFAULT_SAMPLES
    """The most deals one decision samples."""
    time: float | None = DEFAULT_TIME
    """Seconds of sampling per decision (None: no limit)."""
    seed: int = 0
    workers: int = 1
    first_round: int = FIRST_ROUND
    prune: bool = True
    """Drop moves clearly worse than the best after each round (they keep their estimate)."""
    exact_max_nodes: int = EXACT_MAX_NODES
    exact_plies: int = DEFAULT_EXACT_PLIES
    """A sampled deal is solved exactly from the move on when this many plays or fewer are left
    (otherwise played out first): fewer is quicker, for the feedback during a game."""
    styles: StylePriors | None = field(default=None, compare=False)
    """By seat, the players' styles of play known before the hand (stated, or from the earlier
    hands of a match): the play model's priors (:func:`tutor.search.playmodel.iter_read_deals`)."""
    reading: str = "play"
    """Which reading of the plays weighs the deals: ``play``, the play model (every play is
    evidence: the analysis's own), or ``tracker``, the tracker's readings (passed-up captures
    and tells: the odds ``tutor track`` shows), which the review's reading check compares with."""

    def deals(self) -> Deals | None:
        """Where the analysis draws its deals: the play model (or with ``reading`` ``tracker``,
        the tracker's readings), with the styles if known."""
        if self.reading == "tracker":
            return functools.partial(iter_deals, styles=self.styles)
        return None if not self.styles else functools.partial(read_deals, styles=self.styles)

    def __post_init__(self) -> None:
        if self.samples < 2:
            raise JudgeError(_("samples must be at least 2, not {n}").format(n=self.samples))
        if self.reading not in ("play", "tracker"):
            raise JudgeError(f"unknown reading {self.reading!r}: play or tracker")
        if self.time is not None and self.time <= 0:
            raise JudgeError(_("the time budget must be positive, not {n}").format(n=self.time))


@dataclass(frozen=True)
class Sampled:
    """What one sampling run of a position found: the deals it drew (kept, so that a later look
    goes on with the same ones) and each move's value on each. A judgement of a decision in the
    same position with the same settings goes on from it, so that the two agree: ``tutor
    play``'s feedback on a play after a ``hint`` sees at least the deals the hint saw (it
    used to judge on its first 25 alone and could call a play the hint valued as the best one's
    equal a blunder)."""

    settings: Settings
    """The settings the run sampled with (seeded for the decision)."""
    deals: KeptDeals
    rows: tuple[dict[Move, float], ...]

    def diff(self, a: Move, b: Move) -> Interval:
        """``a``'s value minus ``b``'s over the deals where both were valued, with its 95%
        interval: paired, so far narrower than the two values' own intervals suggest."""
        return _paired(self.rows, a, b)

    def fits(self, settings: Settings) -> bool:
        """Whether a look with ``settings`` would draw these very deals and value them alike."""
        a, b = self.settings, settings
        return (a.seed, a.exact_plies, a.reading, a.styles) == (
            b.seed, b.exact_plies, b.reading, b.styles
        )  # fmt: skip

    def covers(self, settings: Settings, moves: Sequence[Move]) -> bool:
        """Whether a look with ``settings`` at ``moves`` can go on from this run: it
        :meth:`fits` and valued each of ``moves`` on every deal."""
        return self.fits(settings) and all(m in r for r in self.rows for m in moves)


class Valued(NamedTuple):
    """Every legal move's value from the mover's seat (:func:`value_moves`)."""

    exact: bool
    samples: int
    values: tuple[MoveEstimate, ...]
    """Best first."""
    line: tuple[Move, ...]
    """The best line, when exact."""
    hands: tuple[tuple[int, ...], ...]
    """Sampled, the hands (card masks by seat) of the deals valued, as
    :attr:`Judgement.hands`; empty otherwise."""
    sampled: Sampled | None = None
    """Sampled, the run itself, for a judgement of the same decision to go on from."""
    interrupted: bool = False
    """Ctrl-C stopped the sampling, and the values are those of the deals valued by then
    (only when :func:`value_moves` was asked to keep them)."""


@dataclass(frozen=True)
class Judgement:
    """The verdict on one decision.

    ``cost`` is the best move's value minus the played move's, ``low``..``high`` its 95%
    interval (equal when exact); ``moves`` has every legal move's value, best first.
    ``stopped`` says what ended the sampling: ``decided`` (the interval lies in one class),
    ``samples`` (the cap), ``time`` (the budget), or ``exact``/``forced``.
    """

    move: Move
    best: Move
    cost: float
    low: float
    high: float
    classification: str
    uncertain: bool
    exact: bool
    samples: int
    moves: tuple[MoveEstimate, ...]
    stopped: str
    line: tuple[Move, ...] = ()
    """The best line when exact."""
    analysis: Analysis | None = field(default=None, repr=False, compare=False)
    """The exact solver's analysis, when the decision was solved exactly."""
    gaps: dict[Move, Interval] = field(default_factory=dict, repr=False, compare=False)
    """Sampled: each other move's value minus the played move's over the same deals, with its
    95% interval (paired, so narrower than the two moves' own intervals suggest)."""
    held_out: tuple[float, float] | None = None
    """Sampled: the cost measured without choosing on the same deals (:func:`held_out_cost`),
    and its standard error; None when exact or forced (then :attr:`cost` is exact)."""
    held_spread: tuple[float, float] | None = None
    """Sampled: :attr:`spread` measured the same way, and its standard error."""
    hands: tuple[tuple[int, ...], ...] = field(default=(), repr=False, compare=False)
    """Sampled: the hands (card masks by seat) of every deal the verdict rests on, in the
    order drawn, so that a check can say where the cards lay in them (:mod:`reading`)."""
    sampled: Sampled | None = field(default=None, repr=False, compare=False)
    """Sampled: the run itself, its deals and each deal's values, for a look at what the
    values are made of (:mod:`tutor.review.sources`). A review's decision does not keep it
    (:func:`tutor.review.review.review_decision`): the run holds its sampler, about a megabyte."""

    def value_of(self, move: Move) -> MoveEstimate | None:
        return next((m for m in self.moves if m.move == move), None)

    def cost_text(self) -> str:
        """The cost as the review writes it: alone when exact or forced (one legal move costs
        nothing, and "0.00 [0.00, 0.00]" beside the exact rows' "0.00" read as a measurement:
        render audit, stop 53), else with its interval (:func:`cost_bounds`), as
        ``0.60 [0.30, 1.12]``."""
        bounds = self.bounds_text()
        return f"{number(self.cost)} {bounds}" if bounds else number(self.cost)

    def bounds_text(self) -> str:
        """The cost's interval as :func:`cost_bounds` writes it, or nothing when the cost is
        exact or the decision forced (its cost stands alone: :meth:`cost_text`)."""
        if self.exact or self.classification == "forced":
            return ""
        return cost_bounds(self.low, self.high)

    @property
    def spread(self) -> float:
        """The best move's value minus the worst's: what the decision put at stake. Sampled,
        read from the paired differences (:attr:`gaps`): the cost, plus the played move's
        lead over the move it beats most on the deals both were valued on. A move dropped
        early was valued on fewer deals than the rest, and the bare difference of two means
        over different deals would carry those deals' luck (review audit, stop 47)."""
        if self.gaps and not self.exact:
            beaten = max((-g.mean for g in self.gaps.values() if g.n), default=0.0)
            return max(0.0, self.cost) + max(0.0, beaten)
        known = [m.value for m in self.moves if m.n]
        return max(known) - min(known) if known else 0.0

    @property
    def kept(self) -> float:
        """The played move's value minus the worst's (0..spread)."""
        known = [m.value for m in self.moves if m.n]
        if not known:
            return 0.0
        return min(self.spread, max(0.0, self.spread - self.cost))


@dataclass(frozen=True)
class Hindsight:
    """The full-information value of each move (every hand visible): hindsight, never used for
    the class. ``exact`` when solved; otherwise estimated by play-outs of the true deal."""

    best: Move
    cost: float
    low: float
    high: float
    exact: bool
    moves: tuple[MoveEstimate, ...]
    label: str = N_("hindsight (every hand visible)")
    """In English (the JSON's words); translated where it is shown (:meth:`label_text`)."""
    playouts: int | None = None
    """How many play-outs the estimate averages (None when solved exactly)."""

    def label_text(self) -> str:
        """The label in the language of the run, with the number of play-outs."""
        return _(self.label).format(n=self.playouts)

    def to_json(self, style: Any = None) -> dict[str, Any]:
        return {
            "label": self.label.format(n=self.playouts),
            "exact": self.exact,
            "playouts": self.playouts,
            "best": self.best.text(style),
            "cost": json_number(self.cost),
            "low": json_number(self.low),
            "high": json_number(self.high),
            "moves": [m.to_json(style) for m in self.moves],
        }


def json_number(x: float) -> float | None:
    """A value for JSON: rounded to 4 places; None for an unbounded one."""
    return round(x, 4) if math.isfinite(x) else None


def _forced(move: Move, legal: Sequence[Move], samples: int, exact: bool) -> Judgement:
    moves = tuple(MoveEstimate(m, 0.0, 0.0, 0.0, samples) for m in legal)
    return Judgement(move, move, 0.0, 0.0, 0.0, "forced", False, exact, samples, moves, "forced")


def _from_exact(move: Move, legal: Sequence[Move], a: Analysis) -> Judgement:
    values = {m.move: m.value for m in a.moves}
    best = max(legal, key=lambda m: (values[m], m == move))
    if len(set(values.values())) == 1:
        forced = _forced(move, legal, 1, True)
        return replace(forced, moves=tuple(a.moves), line=tuple(a.pv), analysis=a)
    cost = values[best] - values[move]
    return Judgement(move, best, cost, cost, cost, classify(cost), False, True, 1,
                     tuple(a.moves), "exact", tuple(a.pv), a)  # fmt: skip


class _Rows:
    """Per sampled deal, the value of each move valued in it (paired comparisons)."""

    def __init__(self) -> None:
        self.rows: list[dict[Move, float]] = []

    def add(self, a: Analysis) -> None:
        for vals in a.values:
            self.rows.append(dict(zip(a.order, vals, strict=True)))

    def of(self, m: Move) -> Interval:
        return interval([r[m] for r in self.rows if m in r])

    def diff(self, a: Move, b: Move) -> Interval:
        """``a``'s value minus ``b``'s, over the deals where both were valued."""
        return _paired(self.rows, a, b)


def _paired(rows: Sequence[dict[Move, float]], a: Move, b: Move) -> Interval:
    """``a``'s value minus ``b``'s over the rows (deals) where both were valued, with its 95%
    interval: the paired comparison of :class:`_Rows` and :class:`Sampled`."""
    return interval([r[a] - r[b] for r in rows if a in r and b in r])


def _go_on(settings: Settings, prior: Sampled | None) -> tuple[KeptDeals, _Rows]:
    """Where a sampling run draws its deals and what it has valued so far: ``prior``'s deals
    and rows, to go on from (a judgement or a second look after a hint), or fresh ones."""
    rows = _Rows()
    if prior is None:
        return KeptDeals(settings.deals()), rows
    rows.rows = list(prior.rows)
    return prior.deals, rows


def held_out_cost(rows: Sequence[dict[Move, float]], move: Move | None) -> tuple[float, float]:
    """The cost of ``move`` measured without choosing the best move on the same deals, and
    its standard error: the deals split in two (alternately), the best move chosen on each
    half and its lead over ``move`` valued on the other, the two averaged. With ``move``
    None, the lead over the worst move, chosen the same way: the points at stake.

    The cost proper picks the best of several noisy means, and that maximum leans high: over
    many decisions the leans add up (docs/review.md, "How sure the summary is"). A move chosen
    on other deals leans no way on these, and it is at best the true best, so this estimate
    leans low: the low end of a sum of costs is read from it. (0, 0) with too few deals to
    split: a cost is never below nothing.

    >>> a, b = Move(1), Move(2)
    >>> rows = [{a: 1.0, b: 0.0}, {a: 2.0, b: 0.0}, {a: 0.0, b: 0.0}, {a: 1.0, b: 0.0}]
    >>> [round(x, 3) for x in held_out_cost(rows, b)]  # a is chosen on each half
    [1.0, 0.354]
    >>> held_out_cost(rows[:3], b)  # too few deals to split
    (0.0, 0.0)
    """
    cost, stake = held_out_leads(rows, move)
    return cost if move is not None else stake


def held_out_leads(
    rows: Sequence[dict[Move, float]], move: Move | None
) -> tuple[tuple[float, float], tuple[float, float]]:
    """:func:`held_out_cost` of ``move`` and of None (the points at stake) in one pass over
    the deals: each half's means are what both choose on."""
    halves = (rows[0::2], rows[1::2])
    costs: list[list[float]] = []
    stakes: list[list[float]] = []
    for chosen_on, valued_on in ((halves[0], halves[1]), (halves[1], halves[0])):
        values: dict[Move, list[float]] = {}
        for r in chosen_on:
            for m, v in r.items():
                values.setdefault(m, []).append(v)
        if not values:
            continue
        means = {m: sum(v) / len(v) for m, v in values.items()}
        for leads, other in ((costs, move), (stakes, None)):
            # ties go to the played move when there is one: it then costs nothing
            best = max(means, key=lambda m: (means[m], m == other))
            if other is None:
                other = min(means, key=lambda m: (means[m], m == best))
            lead = [r[best] - r[other] for r in valued_on if best in r and other in r]
            if len(lead) >= 2:
                leads.append(lead)
    return _mean_of_halves(costs), _mean_of_halves(stakes)


def _mean_of_halves(leads: Sequence[Sequence[float]]) -> tuple[float, float]:
    """The mean of the two halves' mean leads and its standard error; (0, 0) unless both
    halves had two deals or more to value on."""
    if len(leads) < 2:
        return 0.0, 0.0
    estimate = sum(sum(x) / len(x) for x in leads) / 2
    var = 0.0
    for x in leads:
        mean = sum(x) / len(x)
        var += sum((v - mean) ** 2 for v in x) / (len(x) - 1) / len(x)
    return estimate, math.sqrt(var) / 2


def _held_out_floor(parts: Sequence[tuple[float, float]]) -> float:
    """The low end of a 95% interval of a sum of held-out estimates (value, standard error)."""
    return sum(e for e, _se in parts) - Z_975 * math.sqrt(sum(se * se for _e, se in parts))


def summed_cost_bounds(judgements: Sequence[Judgement]) -> tuple[float, float]:
    """The 95% interval of the sum of the decisions' costs (each decision samples deals of its
    own, so their errors are independent): the half-widths added in quadrature, as the normal
    approximation of a sum has it. The high end from each cost's own interval (its high end
    allows for the other moves, so it covers the true best); the low end from the held-out
    costs (:func:`held_out_cost`), since the costs themselves lean high and their leans add up.
    Never below zero; an unbounded cost leaves the high end unbounded."""
    total = sum(j.cost for j in judgements)
    above = math.sqrt(sum((j.high - j.cost) ** 2 for j in judgements))
    floor = _held_out_floor([j.held_out or (j.cost, 0.0) for j in judgements])
    return max(0.0, min(total, floor)), total + above


def stake_floor(judgements: Sequence[Judgement]) -> float:
    """The points at stake over some decisions (the sum of their :attr:`Judgement.spread`,
    which leans high as the costs do), read held out (:func:`held_out_cost` with no move), so
    that it leans low: what the accuracy's low end divides by. Never above the sum itself.
    (Its own 95% low end as well made the accuracy's interval half again as wide, and it held
    the reference in every run: docs/review.md, "How sure the summary is".)"""
    total = sum(j.spread for j in judgements)
    held = sum((j.held_spread or (j.spread, 0.0))[0] for j in judgements)
    return max(0.0, min(total, held))


UNSEEN_DIFFERENCE = 3.0
"""A difference between two moves that no sampled deal showed is not proven nil: by the rule of
three, at 95% it shows in at most 3/n of the deals, and each such deal is taken to be worth a
point (a scopa, a category). So the high end of a cost whose samples never differ is at least
this over n: 0.06 after 50 deals (best or good: uncertain), under 0.05 from 61 deals on."""


def _high(d: Interval) -> float:
    """The high end of a paired difference, never the bare mean when every sample agreed."""
    if d.n and d.high - d.low < _EPS:
        return d.high + UNSEEN_DIFFERENCE / d.n
    return d.high


def _assess(
    rows: _Rows,
    move: Move,
    legal: Sequence[Move],
    live: Sequence[Move],
    gaps: dict[Move, Interval] | None = None,
) -> tuple[Move, float, float, float]:
    """The best move and the cost with its interval, both from the moves still sampled
    (``live``: a move dropped was shown worse than one of them, and its interval from the few
    deals it was valued on would hold the high end open for good). The high end allows for a
    difference the samples never showed (:data:`UNSEEN_DIFFERENCE`).
    ``gaps``, when given, is filled with each other move's value minus the played move's
    (:attr:`Judgement.gaps`), the differences the cost is read from."""
    means = {m: rows.of(m).mean for m in live}
    best = max(live, key=lambda m: (means[m], m == move))
    diffs = {m: rows.diff(m, move) for m in legal if m != move}
    if gaps is not None:
        gaps.clear()
        gaps.update(diffs)
    if best == move:
        cost, low = 0.0, 0.0
    else:
        cost, low = diffs[best].mean, max(0.0, diffs[best].low)
    high = max((_high(d) for m, d in diffs.items() if m in live), default=0.0)
    return best, max(0.0, cost), low, max(high, cost)


def _estimates(rows: _Rows, legal: Sequence[Move], how: Valuation) -> tuple[MoveEstimate, ...]:
    out = []
    for m in legal:
        iv = rows.of(m)
        out.append(MoveEstimate(m, iv.mean, iv.low, iv.high, iv.n, how))
    out.sort(key=lambda e: -e.value)
    return tuple(out)


def _batch(samples: int, workers: int) -> int:
    """Samples per task: a few tasks per worker, so that little time goes to passing work."""
    return 1 if workers <= 1 else max(1, -(-samples // (3 * workers)))


def _exact_known(view: GameState, settings: Settings) -> Analysis | None:
    """The exact analysis when counting pins every card and the solve fits its node budget."""
    world = known_world(view)
    if world is None:
        return None
    a = exact_analysis(world, max_nodes=settings.exact_max_nodes)
    if a.interrupted:
        raise KeyboardInterrupt
    return a if a.exact else None


def judge(
    view: GameState, move: Move, settings: Settings | None = None, prior: Sampled | None = None
) -> Judgement:
    """Judge playing ``move`` in ``view`` from the mover's seat (see the module docstring).

    ``view`` may show more than the mover knew: it is reduced to the mover's view first.
    ``prior``: an earlier sampling run of this position (:attr:`Valued.sampled`); when it
    :meth:`~Sampled.fits` ``settings``, its deals are the first ones judged.
    """
    settings = settings or Settings()
    view = seat_view(view)
    if view.unknown[view.turn]:
        raise JudgeError(_("the mover's hand is not known, so the decision cannot be judged"))
    legal = view.legal_moves()
    if move not in legal:
        raise JudgeError(f"{move.text()} is not a legal move here")
    if len(legal) == 1:
        return _forced(move, legal, 0, False)
    exact = _exact_known(view, settings)
    if exact is not None:
        return _from_exact(move, legal, exact)
    usable = prior if prior is not None and prior.covers(settings, [move]) else None
    return _sample(view, move, legal, settings, usable)


def _sample(
    view: GameState, move: Move, legal: Sequence[Move], settings: Settings, prior: Sampled | None
) -> Judgement:
    start = time.perf_counter()
    live = list(legal)
    stopped = "samples"
    best, cost, low, high = move, 0.0, 0.0, math.inf
    gaps: dict[Move, Interval] = {}
    # each round goes on with the deals already drawn (first those of the prior run)
    deals, rows = _go_on(settings, prior)
    target = max(2, min(settings.first_round, settings.samples), len(rows.rows))
    while True:
        timed_out = False
        if len(rows.rows) < target:
            spent = time.perf_counter() - start
            # the first round always runs to its end: a verdict needs a few samples
            limit = None if settings.time is None or not rows.rows else settings.time - spent
            if limit is not None and limit <= 0:
                stopped = "time"
                break
            a = analyse(
                view,
                samples=target - len(rows.rows),
                time_limit=limit,
                seed=settings.seed,
                workers=settings.workers,
                moves=live,
                first=len(rows.rows),
                batch=_batch(target - len(rows.rows), settings.workers),
                exact_plies=settings.exact_plies,
                deals=deals,
            )
            if a.interrupted:
                raise KeyboardInterrupt
            rows.add(a)
            timed_out = a.timed_out
        # no "forced" from samples: deals where every move scores the same prove nothing of
        # the others; the interval's high end says how little a difference could be
        best, cost, low, high = _assess(rows, move, legal, live, gaps)
        if classify(low) == classify(high):
            stopped = "decided"
            break
        if timed_out:
            stopped = "time"
            break
        if len(rows.rows) >= settings.samples:
            stopped = "samples"
            break
        if settings.prune:
            live = [m for m in live if m == move or m == best or rows.diff(m, best).high >= 0]
        target = min(settings.samples, 2 * target)
    decided = classify(low) == classify(high)
    held_cost, held_stake = held_out_leads(rows.rows, move)
    estimates = _estimates(rows, legal, sample_valuation(view, settings.exact_plies))
    return Judgement(move, best, cost, low, high, classify(low), not decided, False,
                     len(rows.rows), estimates, stopped, gaps=gaps,
                     held_out=held_cost, held_spread=held_stake,
                     hands=deals.hands(len(rows.rows)),
                     sampled=Sampled(settings, deals, tuple(rows.rows)))  # fmt: skip


def value_moves(
    view: GameState,
    settings: Settings | None = None,
    prior: Sampled | None = None,
    progress: Progress | None = None,
    keep_interrupted: bool = False,
) -> Valued:
    """Every legal move's value from the mover's seat, best first. Exact when counting pins
    every card; otherwise one sampling run of ``settings.samples`` deals within
    ``settings.time``, and at least its first batch however long it takes: with several legal
    moves, every move is valued (``samples`` > 0).

    ``prior``: an earlier run of this position (:attr:`Valued.sampled`). When it
    :meth:`~Sampled.fits` ``settings`` and valued every legal move, this run goes on from its
    deals, up to ``settings.samples`` in all: ``tutor play``'s ``explain`` after a ``hint``
    values the plays on the hint's deals and more, so that the two agree (they used to sample
    apart and could rank the same plays differently).

    ``progress`` follows the deals valued. Ctrl-C raises KeyboardInterrupt, unless
    ``keep_interrupted`` and some deals were valued: then their values, marked
    :attr:`Valued.interrupted` (``tutor explain`` shows what it found, as ``solve`` does)."""
    settings = settings or Settings()
    view = seat_view(view)
    if view.unknown[view.turn]:
        raise JudgeError(_("the mover's hand is not known, so the moves cannot be valued"))
    legal = view.legal_moves()
    exact = _exact_known(view, settings) if len(legal) > 1 else None
    if exact is not None:
        return Valued(True, 1, tuple(exact.moves), tuple(exact.pv), ())
    if len(legal) == 1:
        return Valued(False, 0, (MoveEstimate(legal[0], 0.0, 0.0, 0.0, 0),), (), ())
    # a second look goes on with the deals drawn (KeptDeals), and from a prior run that fits
    usable = prior if prior is not None and prior.covers(settings, legal) else None
    deals, rows = _go_on(settings, usable)
    wanted = settings.samples - len(rows.rows)
    stopped = False
    if wanted > 0:
        stopped = _sample_moves(view, settings, deals, rows, wanted, progress, keep_interrupted)
    sampled = Sampled(settings, deals, tuple(rows.rows))
    n = len(rows.rows)
    how = sample_valuation(view, settings.exact_plies)
    return Valued(False, n, _estimates(rows, legal, how), (), deals.hands(n), sampled, stopped)


def _sample_moves(
    view: GameState,
    settings: Settings,
    deals: KeptDeals,
    rows: _Rows,
    wanted: int,
    progress: Progress | None,
    keep_interrupted: bool,
) -> bool:
    """Value every legal move over ``wanted`` more deals into ``rows``, within
    ``settings.time``: whether Ctrl-C stopped it (with values kept).

    With a time limit and no deals valued yet, a first round of ``settings.first_round``
    deals runs to its end, however long it takes (moves left unvalued would show as worth the
    same), in small tasks; the rest goes in tasks sized from the time that round took, so
    that they come back before the limit. Going on from earlier deals, all of it is within
    the limit, in small tasks. Tasks sized from the count alone (200 deals in
    tasks of 34 on 2 cores) took longer than ``tutor play``'s 1.5 s hint limit: none came
    back, and the hint waited for a fallback behind them, 6 s in all (speed audit, stop 57).
    """
    start = time.perf_counter()
    total = len(rows.rows) + wanted

    def run(n: int, limit: float | None, batch: int) -> Analysis | None:
        """``n`` more deals into ``rows``; None when Ctrl-C stopped them (values kept)."""
        offset = len(rows.rows)
        shown = _counted_on(progress, offset, total)
        a = analyse(view, samples=n, time_limit=limit, seed=settings.seed,
                    workers=settings.workers, batch=batch, exact_plies=settings.exact_plies,
                    deals=deals, first=offset, progress=shown)  # fmt: skip
        if a.interrupted and not (keep_interrupted and (a.samples or rows.rows)):
            raise KeyboardInterrupt
        rows.add(a)
        return None if a.interrupted else a

    if settings.time is None:
        return run(wanted, None, _batch(wanted, settings.workers)) is None
    opening = min(wanted, max(2, settings.first_round))
    small = _batch(opening, settings.workers)
    if rows.rows:  # going on from earlier deals: within the limit from the start, in small tasks
        return run(wanted, settings.time, small) is None
    first = run(opening, None, small)
    if first is None:
        return True
    spent = time.perf_counter() - start
    left = settings.time - spent
    if wanted <= first.samples or left <= 0:
        return False
    # the rest within the time left, in tasks of about a third of it on every worker
    per_deal = spent / max(1, first.samples)  # wall time, every worker busy
    fits = int(left / (3 * per_deal * max(1, settings.workers)))
    rest = wanted - first.samples
    return run(rest, left, max(1, min(_batch(rest, settings.workers), fits))) is None


def _counted_on(progress: Progress | None, before: int, total: int) -> Progress | None:
    """``progress`` for a run that goes on after ``before`` of ``total`` deals: one bar."""
    if progress is None:
        return None
    return lambda done, _n: progress(before + done, total)


def hindsight(full: GameState, move: Move, seed: int = 0) -> Hindsight:
    """The value of every legal move with every hand visible (``full`` must show them all).

    Solved exactly when the solve fits :data:`HINDSIGHT_MAX_NODES`; otherwise the mean of
    :data:`HINDSIGHT_PLAYOUTS` play-outs of the true deal (each solved exactly near the end).
    """
    legal = full.legal_moves()
    a = exact_analysis(full, max_nodes=HINDSIGHT_MAX_NODES)
    if a.interrupted:
        raise KeyboardInterrupt
    if a.exact:
        values = {m.move: m.value for m in a.moves}
        best = max(legal, key=lambda m: (values[m], m == move))
        cost = values[best] - values[move]
        return Hindsight(best, cost, cost, cost, True, tuple(a.moves))
    rows = _Rows()
    for k in range(HINDSIGHT_PLAYOUTS):
        vals = value_sample(full.copy(), legal, f"{seed}:hindsight:{k}")
        rows.rows.append(dict(zip(legal, vals, strict=True)))
    best, cost, low, high = _assess(rows, move, legal, legal)
    how = sample_valuation(full)
    return Hindsight(best, cost, low, high, False, _estimates(rows, legal, how),
                     N_("hindsight (every hand visible; estimated by {n} play-outs)"),
                     HINDSIGHT_PLAYOUTS)  # fmt: skip


def points_whose(player: str | None, rules: Ruleset) -> str:
    """Whose the points of the hand a value counts: the side's, where players have partners
    (``your side minus the others``), else the player's own (``yours minus the other
    player's``); ``player`` None is the person using the tutor (a name, as it is to be shown).

    >>> from tutor.game.rules import load_ruleset
    >>> points_whose("Ada", load_ruleset("scopa")), points_whose(None, load_ruleset("scopone-16"))
    ("Ada's minus the other player's", 'your side minus the others')
    """
    if rules.partners:
        if player is None:
            return _("your side minus the others")
        return _("{player}'s side minus the others").format(player=player)
    others = rules.sides - 1
    if player is None:
        return ngettext("yours minus the other player's", "yours minus the other players'", others)
    return ngettext(
        "{player}'s minus the other player's", "{player}'s minus the other players'", others
    ).format(player=player)
