"""The reading check: whether a verdict rests on reading the players' plays.

The analysis weighs its deals by the play model (every play seen is evidence,
``docs/solver.md``); the tracker, whose odds the observations quote, reads fewer plays (passed-up
captures and tells, ``docs/tracker.md``). Both are evidence, not counts. When the play model all
but settles where a card is (in 99% of its deals or more, or in 1% or fewer) while the tracker
and the cards seen leave it open (between 5% and 95%), the verdict rests on a reading the
tracker does not share. For a verdict a learner acts on (an inaccuracy or worse), the review
then judges the decision again on the tracker's deals; when that gives another verdict or
another best move, the review says both (a stop-44 audit found a 5.00-point blunder
[5.00, 5.06] that rested on the settebello being with one opponent in every deal, where the
tracker said 87%).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from tutor.counting.inference import infer
from tutor.counting.odds import percent
from tutor.game.cards import Style, format_card, indexes_of
from tutor.game.i18n import _, bounds, is_you, number
from tutor.game.state import GameState, Move
from tutor.review.judge import Judgement, Settings, classify, json_number, judge, verdict_class
from tutor.search.playmodel import read_odds

__all__ = ["PINNED", "OPEN", "SHOWN", "Pinned", "ReadingCheck", "pinned_cards", "check_reading"]

PINNED = 0.99
"""A card is settled by the reading when the play model puts it with a player in this share of
its deals or more (or in one minus it or fewer). Our own threshold, the audit's: a 1-in-100 case
that 200 deals would show about twice."""

OPEN = 0.05
"""...while the tracker's odds and the facts alone leave it between this and one minus it: a
card the count settles is a fact, and one both readings settle is no disagreement."""

SHOWN = 3
"""The most settled cards a note names (those the two readings disagree on most)."""


@dataclass(frozen=True)
class Pinned:
    """A card the play model settles and the tracker and the facts leave open: the odds that
    ``seat`` holds it in the analysis's deals, on the tracker's readings, and on the facts
    alone."""

    seat: int
    card: int
    deals: float
    tracker: float
    facts: float


@dataclass(frozen=True)
class ReadingCheck:
    """A verdict that rests on a reading: the cards the reading settles, and the verdict on
    the tracker's deals (the same decision, settings and seed)."""

    pinned: tuple[Pinned, ...]
    tracker: Judgement

    def changes(self, j: Judgement) -> bool:
        """Whether the tracker's deals give another class to the cost's estimate, or another
        best move, than ``j`` (a wider or narrower interval alone is no other verdict)."""
        t = self.tracker
        return classify(t.cost) != classify(j.cost) or t.best != j.best

    def text(
        self, names: list[str] | tuple[str, ...], move: Move, style: Style | str | None = None
    ) -> str:
        """The note on the verdict on ``move``, in the language of the run."""
        holds = _(
            "{name} holds {card} in {deals} of the analysis's deals, {tracker} on the "
            "tracker's odds, {facts} on the facts alone"
        )
        hold = _(
            "you hold {card} in {deals} of the analysis's deals, {tracker} on the tracker's "
            "odds, {facts} on the facts alone"
        )
        cards = "; ".join(
            (hold if is_you(names[p.seat]) else holds).format(
                card=format_card(p.card, style),
                name=names[p.seat],
                deals=percent(p.deals),
                tracker=percent(p.tracker),
                facts=percent(p.facts),
            )
            for p in self.pinned[:SHOWN]
        )
        t = self.tracker
        cost = number(t.cost) if t.exact else f"{number(t.cost)} {bounds(t.low, t.high)}"
        best = t.best.text(style)
        if t.best == move:
            best = _("{move} (the move played)").format(move=best)
        return _(
            "This verdict rests on the analysis's reading of the plays, which is evidence, not a "
            "count: {cards}. On the tracker's odds (those the notes quote), which read fewer "
            "plays, the cost would be {cost} points ({cls}), best move {best}. Neither reading "
            "is certain: the analysis's reads more plays and reads the computer players better; "
            "how well either reads people is not measured."
        ).format(cards=cards, cls=verdict_class(t), cost=cost, best=best)

    def to_json(
        self, names: list[str] | tuple[str, ...], style: Style | str | None = None
    ) -> dict[str, Any]:
        t = self.tracker
        return {
            "pinned": [
                {
                    "player": names[p.seat],
                    "card": format_card(p.card, style),
                    "deals": json_number(p.deals),
                    "tracker": json_number(p.tracker),
                    "facts": json_number(p.facts),
                }
                for p in self.pinned
            ],
            "tracker": {
                "best": t.best.text(style),
                "cost": json_number(t.cost),
                "low": json_number(t.low),
                "high": json_number(t.high),
                "class": t.classification,
                "uncertain": t.uncertain,
                "samples": t.samples,
            },
        }


def pinned_cards(view: GameState, settings: Settings) -> tuple[Pinned, ...]:
    """The cards the play model settles and the tracker and the facts leave open, from the
    mover's seat of ``view`` (the mover's view), those the two readings differ on most first,
    each card once (with the player the readings differ on most)."""
    seat = view.turn
    odds = read_odds(view, seat, random.Random(f"{settings.seed}:reading"), styles=settings.styles)
    if not odds.hands:
        return ()
    inf = infer(view, seat, styles=settings.styles)
    out = []
    for other in range(view.rules.players):
        if other == seat or not view.hand_size(other):
            continue
        for card in indexes_of(view.unseen_by(seat)):
            deals = odds.probability(other, 1 << card)
            facts = inf.probability_facts(other, card)
            tracker = inf.probability(other, card)
            if deals is None or not (OPEN < facts < 1 - OPEN and OPEN < tracker < 1 - OPEN):
                continue
            if deals >= PINNED or deals <= 1 - PINNED:
                out.append(Pinned(other, card, deals, tracker, facts))
    out.sort(key=lambda p: -abs(p.deals - p.tracker))
    # a card settled with one player is settled away from the others: name it once
    once: dict[int, Pinned] = {}
    for p in out:
        once.setdefault(p.card, p)
    return tuple(once.values())


def check_reading(
    view: GameState, move: Move, j: Judgement, settings: Settings
) -> ReadingCheck | None:
    """The reading check of the verdict ``j`` on ``move`` in ``view`` (the mover's view,
    judged with ``settings``): None when the verdict is exact, milder than an inaccuracy, not
    settled by a reading, or the same on the tracker's deals."""
    if j.exact or j.classification == "forced" or settings.reading != "play":
        return None
    if classify(j.cost) in ("best", "good"):
        return None
    pinned = pinned_cards(view, settings)
    if not pinned:
        return None
    check = ReadingCheck(pinned, judge(view, move, replace(settings, reading="tracker")))
    return check if check.changes(j) else None
