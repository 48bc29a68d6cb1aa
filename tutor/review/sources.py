"""Where a decision's cost comes from: the categories of the score it moves.

A move's value in one deal is the margin at the end of the hand (the mover's side's points
minus the others'), after the play the analysis plays on that deal: the rule-based play-out,
then a line of best play (:func:`tutor.search.analysis.sample_end`). The margin is a sum over
the categories of the score (cards, denari, settebello, primiera, scope, and re bello or napola
where the ruleset scores them), so the cost, the best move's value minus the played move's, is
one too: in each deal the verdict rests on, the best move's end and the played move's are
scored category by category, and the differences averaged over the deals. They add up to the
cost the review shows, exactly: it is the same mean over the same deals, split.

This says what a costly play gives away ("cards 0.31, denari 0.27, primiera 0.22; the move
played does better in scope 0.34") where no maxim names it, and lets a reader check a maxim's
reason against what the analysis found. Exact decisions use the one known deal and its lines of
best play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.counting.knowledge import known_world
from tutor.game.i18n import _, ngettext, number
from tutor.game.scoring import CATEGORIES, category_name, score_state
from tutor.game.state import GameState, Move
from tutor.review.judge import CLASSES, Judgement, Settings, classify
from tutor.search.analysis import best_play_to_end, run_parallel, sample_end
from tutor.search.players import seat_view

__all__ = [
    "CostSources",
    "cost_sources",
    "split_text",
    "shown_cents",
    "worth_splitting",
    "SOURCES_FROM",
]

SOURCES_FROM = "inaccuracy"
"""The mildest class whose cost the review splits by category: below it there is little to
split (a few hundredths of a point), and each split replays two moves on every deal."""


def worth_splitting(cost: float) -> bool:
    """Whether a cost is one the review splits by category, and a break of a maxim costly:
    an estimate of :data:`SOURCES_FROM` or more."""
    return CLASSES.index(classify(cost)) >= CLASSES.index(SOURCES_FROM)


@dataclass(frozen=True)
class CostSources:
    """A decision's cost split by category of the score (see the module docstring)."""

    categories: dict[str, float]
    """For each category the ruleset scores, the points of the margin the best move's lines
    win over the played move's there, on average: negative where the played move does better.
    They add up to the cost."""
    deals: int
    """How many deals the average is over (1 when exact)."""
    exact: bool
    cost: float | None = None
    """The decision's cost as the review has it, which the figures shown add up to (None: their
    own sum)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "categories": {c: round(x, 4) for c, x in self.categories.items()},
            "deals": self.deals,
            "exact": self.exact,
        }

    def text(self) -> str | None:
        """One sentence: the categories that cost, largest first, then those where the move
        played does better; None when every category rounds to nothing. The figures shown add
        up to the cost as the review shows it (:func:`shown_cents`)."""
        parts = split_text(self.categories, self.cost)
        if parts is None:
            return None
        if self.exact:
            return _("Where the cost comes from, on the lines of best play: {parts}.").format(
                parts=parts
            )
        return ngettext(
            "Where the cost comes from, on the {n} deal valued: {parts}.",
            "Where the cost comes from, averaged over the {n} deals valued: {parts}.",
            self.deals,
        ).format(n=self.deals, parts=parts)


def split_text(categories: dict[str, float], total: float | None, plays: int = 1) -> str | None:
    """The categories of a cost in words, largest first, then those where the move played
    (``plays`` moves, summed) does better: ``cards 0.31, denari 0.27; the move played does
    better in scope 0.34``; None when nothing costs (:func:`shown_cents` rounds them to
    ``total``)."""
    cents = shown_cents(categories, total)
    lost = sorted((c for c in cents if cents[c] > 0), key=lambda c: -cents[c])
    won = sorted((c for c in cents if cents[c] < 0), key=lambda c: cents[c])
    if not lost:
        return None
    parts = ", ".join(f"{category_name(c)} {number(cents[c] / 100)}" for c in lost)
    if not won:
        return parts
    better = ", ".join(f"{category_name(c)} {number(-cents[c] / 100)}" for c in won)
    # not "won back", which read as points the player recovered (consistency audit, stop 59)
    return ngettext(
        "{lost}; the move played does better in {won}",
        "{lost}; the moves played do better in {won}",
        plays,
    ).format(lost=parts, won=better)


def shown_cents(categories: dict[str, float], total: float | None = None) -> dict[str, int]:
    """Each category in hundredths of a point, rounded so that they add up to ``total`` (by
    default their sum) as the review writes it (two decimals): each rounded to the nearest,
    then the difference given to those the rounding moved most (play 21 of seed 003 read
    "cards 0.22, primiera 0.17, denari 0.11, scope 0.03" under a cost of 0.52: consistency
    audit, stop 59). The total is the cost as judged, not the sum of the parts, which floating
    point may put on the other side of a half (0.455 shown 0.46, its parts summed 0.4549...).

    >>> shown_cents({"cards": 0.334, "denari": 0.333, "primiera": 0.333})  # 0.33 * 3 is not 1.00
    {'cards': 34, 'denari': 33, 'primiera': 33}
    """
    whole = sum(categories.values()) if total is None else total
    total_cents = round(float(format(whole, ".2f")) * 100)
    cents = {c: round(x * 100) for c, x in categories.items()}
    missing = total_cents - sum(cents.values())
    step = 1 if missing > 0 else -1
    # those rounded furthest the other way first: the least change to any one figure
    order = sorted(categories, key=lambda c: step * (cents[c] - categories[c] * 100))
    for c in order[: abs(missing)]:
        cents[c] += step
    return cents


def _difference(best_end: GameState, played_end: GameState, side: int) -> dict[str, int]:
    """The best move's end's margin minus the played move's, category by category."""
    ours = score_state(best_end).margins(side)
    theirs = score_state(played_end).margins(side)
    return {c: ours[c] - theirs[c] for c in ours}


def _differences(
    worlds: Sequence[GameState],
    best: Move,
    move: Move,
    seeds: Sequence[str],
    exact_plies: int,
    side: int,
) -> list[dict[str, int]]:
    """:func:`_difference` in each of ``worlds`` (one task of :func:`run_parallel`)."""
    return [
        _difference(
            sample_end(w, best, seed, exact_plies), sample_end(w, move, seed, exact_plies), side
        )  # fmt: skip
        for w, seed in zip(worlds, seeds, strict=True)
    ]


def _mean(differences: Sequence[dict[str, int]]) -> dict[str, float]:
    n = max(1, len(differences))
    return {c: sum(d[c] for d in differences) / n for c in CATEGORIES if c in differences[0]}


def cost_sources(view: GameState, j: Judgement, settings: Settings) -> CostSources | None:
    """The cost of the decision ``j`` judged in ``view`` (with ``settings``, seeded as the
    judgement was), split by category; None when there is no cost to split (the played move
    was the best, or forced) or nothing the verdict rests on is kept."""
    if j.best == j.move or j.classification == "forced" or j.cost <= 0:
        return None
    view = seat_view(view)
    side = view.turn % view.rules.sides
    if j.exact:
        world = known_world(view)
        if world is None:
            return None
        ends = []
        for m in (j.best, j.move):
            w = world.copy()
            w.push(m)
            ends.append(best_play_to_end(w))
        return CostSources(_mean([_difference(ends[0], ends[1], side)]), 1, True, j.cost)
    run = j.sampled
    if run is None:
        return None
    worlds = run.deals.worlds(len(run.rows))
    both = [k for k, row in enumerate(run.rows) if j.best in row and j.move in row]
    if not both:
        return None
    size = -(-len(both) // (3 * max(1, settings.workers))) if settings.workers > 1 else len(both)
    tasks = [both[i : i + size] for i in range(0, len(both), size)]
    args = [
        ([worlds[k] for k in ks], j.best, j.move, [f"{run.settings.seed}:{k}" for k in ks],
         run.settings.exact_plies, side)
        for ks in tasks
    ]  # fmt: skip
    done, stop = run_parallel(_differences, args, settings.workers)
    if stop is not None:  # Ctrl-C: the review stops as it does while sampling
        raise KeyboardInterrupt
    differences = [d for batch in done for d in batch]
    return CostSources(_mean(differences), len(differences), False, j.cost)
