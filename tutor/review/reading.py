"""The reading check: whether a verdict rests on reading the players' plays.

The analysis weighs its deals by the play model (every play seen is evidence,
``docs/solver.md``); the tracker, whose odds the observations quote, reads fewer plays (passed-up
captures and tells, ``docs/tracker.md``). Both are evidence, not counts. When the very deals a
verdict was valued on all but settle where a card is (it lies with a player in 99% of them or
more, or in 1% or fewer, further from the tracker's odds than chance explains) while the
tracker and the cards seen leave it open (between 5% and 95%), the verdict rests on a reading
the tracker does not share. For a verdict a learner acts on (an inaccuracy or worse), the review
then judges the decision again on the tracker's deals; when that gives another verdict or
another best move, the review says both (a stop-44 audit found a 5.00-point blunder
[5.00, 5.06] that rested on the settebello being with one opponent in every deal, where the
tracker said 87%).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.counting.inference import infer
from tutor.counting.odds import percent
from tutor.game.cards import VALUE_MASKS, Style, format_card, indexes_of
from tutor.game.i18n import _, bounds, is_you, number
from tutor.game.state import GameState, Move
from tutor.review.judge import (
    Judgement,
    Settings,
    classify,
    costly,
    json_number,
    judge,
    value_moves,
    verdict_class,
)
from tutor.review.observations import Observation
from tutor.search.analysis import MoveEstimate
from tutor.search.evaluate import Evaluation, evaluate
from tutor.search.players import seat_view

__all__ = [
    "PINNED",
    "OPEN",
    "CHANCE",
    "SHOWN",
    "Pinned",
    "ReadingCheck",
    "pinned_cards",
    "check_reading",
    "ValuesReading",
    "check_values",
    "values_differ",
    "evaluate_checked",
    "cards_clause",
    "ODDS_APART",
    "deals_holding",
    "deals_share_sentence",
    "with_deals_share",
]

PINNED = 0.99
"""A card is settled by the reading when the play model puts it with a player in this share of
its deals or more (or in one minus it or fewer). Our own threshold, the audit's: a 1-in-100 case
that 200 deals would show about twice."""

OPEN = 0.05
"""...while the tracker's odds and the facts alone leave it between this and one minus it: a
card the count settles is a fact, and one both readings settle is no disagreement."""

CHANCE = 0.01
"""...and the deals' count is further from the tracker's odds than chance explains: were the
deals drawn on the tracker's odds, one count as far out would come at most this often (a
binomial tail). Our own threshold: without it a card the tracker gives 6% is missing from all
40 deals of a quick verdict one time in twelve, and the note would blame a reading for luck."""

SHOWN = 3
"""The most settled cards a note names (those the two readings disagree on most)."""

ODDS_APART = 0.15
"""An observation's odds (the tracker's) and the share of the verdict's deals that bear them
out differ enough to say both from this far apart, and beyond :data:`CHANCE`. Our own
threshold, from the review audit of stop 47: a sweep the text put at 41% sat in 81% of the
deals its blunder was valued on, and nothing said so; closer than this, the two readings
agree within what a note need not stop for."""


def with_deals_share(
    o: Observation, hands: Sequence[tuple[int, ...]], view: GameState, names: Sequence[str]
) -> Observation:
    """``o`` with a sentence on the share of the deals valued (``hands``: a verdict's
    :attr:`Judgement.hands`, or ``explain --at``'s; none when the values are exact) in which the
    player its odds are about holds such a card, when that share and the odds it quotes (the
    tracker's) are :data:`ODDS_APART` apart and beyond chance: the cost rests on the deals,
    which read every play as evidence, and the reader should see both. ``view``: the
    decision's (a player with no cards in it is dealt new ones after the move, none of the
    deals' cards, and is left out)."""
    if o.probability is None or o.holder is None:
        return o
    said = deals_share_sentence(o.holder, o.values, o.probability, hands, view, names)
    return o if said is None else replace(o, text=f"{o.text} {said}")


def deals_holding(hands: Sequence[tuple[int, ...]], seat: int, values: Sequence[int]) -> int:
    """In how many of the deals ``hands`` (card masks by seat) ``seat`` holds a card of
    ``values``."""
    mask = 0
    for v in values:
        mask |= VALUE_MASKS[v]
    return sum(1 for h in hands if h[seat] & mask)


def deals_share_sentence(
    holder: int,
    values: Sequence[int],
    probability: float,
    hands: Sequence[tuple[int, ...]],
    view: GameState,
    names: Sequence[str],
) -> str | None:
    """How many of the deals valued (``hands``: the card masks by seat of each) give
    ``holder`` a card of ``values``, in words, when that share and ``probability`` (the
    tracker's odds, which a text quotes) are :data:`ODDS_APART` apart and beyond chance; None
    otherwise (:func:`with_deals_share`, and ``explain --at``'s line on a table left)."""
    if not values or not hands or not view.hand_size(holder):
        return None
    drawn = len(hands)
    held = deals_holding(hands, holder, values)
    p = probability
    if abs(held / drawn - p) < ODDS_APART or not 0.0 < p < 1.0:
        return None
    if not _beyond_chance(held, drawn, p):
        return None
    name = names[holder]
    return (
        _(
            "You hold one in {held} of the {drawn} deals the analysis valued ({share}): the "
            "analysis reads every play as evidence, while the odds above read only the "
            "passed-up captures and the tells."
        )
        if is_you(name)
        else _(
            "{name} holds one in {held} of the {drawn} deals the analysis valued ({share}): the "
            "analysis reads every play as evidence, while the odds above read only the "
            "passed-up captures and the tells."
        )
    ).format(name=name, held=held, drawn=drawn, share=percent(held / drawn))


@dataclass(frozen=True)
class Pinned:
    """A card the play model settles and the tracker and the facts leave open: ``seat`` holds
    it in ``held`` of the ``drawn`` deals the verdict was valued on (their share is
    :attr:`deals`), and the odds that it does on the tracker's readings and on the facts
    alone."""

    seat: int
    card: int
    held: int
    drawn: int
    tracker: float
    facts: float

    @property
    def deals(self) -> float:
        """The share of the analysis's deals in which ``seat`` holds the card."""
        return self.held / self.drawn


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

    def text(self, names: Sequence[str], move: Move, style: Style | str | None = None) -> str:
        """The note on the verdict on ``move``, in the language of the run."""
        cards = cards_clause(self.pinned, names, style)
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

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        t = self.tracker
        return {
            "pinned": _pinned_json(self.pinned, names, style),
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


def cards_clause(
    pinned: tuple[Pinned, ...], names: Sequence[str], style: Style | str | None
) -> str:
    """Where the settled cards lie in the analysis's deals, on the tracker's odds and on the
    facts alone: the notes' shared clause."""
    holds = _(
        "{name} holds {card} in {held} of the {drawn} deals the analysis valued, {tracker} "
        "on the tracker's odds, {facts} on the facts alone"
    )
    hold = _(
        "you hold {card} in {held} of the {drawn} deals the analysis valued, {tracker} on "
        "the tracker's odds, {facts} on the facts alone"
    )
    return "; ".join(
        (hold if is_you(names[p.seat]) else holds).format(
            card=format_card(p.card, style),
            name=names[p.seat],
            held=p.held,
            drawn=p.drawn,
            tracker=percent(p.tracker),
            facts=percent(p.facts),
        )
        for p in pinned[:SHOWN]
    )


def _pinned_json(
    pinned: tuple[Pinned, ...], names: Sequence[str], style: Style | str | None
) -> list[dict[str, Any]]:
    return [
        {
            "player": names[p.seat],
            "card": format_card(p.card, style),
            "deals": json_number(p.deals),
            "deals_held": p.held,
            "deals_valued": p.drawn,
            "tracker": json_number(p.tracker),
            "facts": json_number(p.facts),
        }
        for p in pinned
    ]


@dataclass(frozen=True)
class ValuesReading:
    """Move values that rest on a reading (``tutor explain``, ``tutor solve``): the cards the
    reading settles, and the values on the tracker's deals (the same settings and seed), which
    make another move best, or move some value, by what the review would call an inaccuracy or
    more."""

    pinned: tuple[Pinned, ...]
    best: Move
    """The best move on the analysis's deals."""
    values: tuple[MoveEstimate, ...]
    """Every move's value on the tracker's deals, best first."""

    @property
    def gap(self) -> float:
        """What :attr:`best` gives up on the tracker's deals against their best move."""
        ours = next(v for v in self.values if v.move == self.best)
        return self.values[0].value - ours.value

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The note under the values, in the language of the run."""
        top = self.values[0]
        values = ", ".join(
            f"{v.move.text(style)} {number(v.value, '+.2f')}" for v in self.values[:6]
        )
        ours = next(v for v in self.values if v.move == self.best)
        if _clearly_better(top, ours):  # a chance flip is no other best move
            values += "; " + _("the best move would be {best} rather than {ours}").format(
                best=top.move.text(style), ours=self.best.text(style)
            )
        return _(
            "These values rest on the analysis's reading of the plays, which is evidence, not a "
            "count: {cards}. On the tracker's odds (those the notes quote), which read fewer "
            "plays, they would be: {values}. Neither reading is certain: the analysis's reads "
            "more plays and reads the computer players better; how well either reads people is "
            "not measured."
        ).format(cards=cards_clause(self.pinned, names, style), values=values)

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        return {
            "pinned": _pinned_json(self.pinned, names, style),
            "tracker": {
                "best": self.values[0].move.text(style),
                "gap": json_number(self.gap),
                "moves": [
                    {
                        "move": v.move.text(style),
                        "value": json_number(v.value),
                        "low": json_number(v.low),
                        "high": json_number(v.high),
                        "samples": v.n,
                    }
                    for v in self.values
                ],
            },
        }


def pinned_cards(
    view: GameState, hands: tuple[tuple[int, ...], ...], settings: Settings
) -> tuple[Pinned, ...]:
    """The cards that ``hands`` (those of the deals a sampled verdict or valuation rests on,
    :attr:`Judgement.hands`) settle and the tracker and the facts leave open, from the mover's
    seat of ``view`` (the mover's view), those the two readings differ on most first, each
    card once (with the player the readings differ on most)."""
    if not hands:
        return ()
    seat = view.turn
    inf = infer(view, seat, styles=settings.styles)
    drawn = len(hands)
    out = []
    for other in range(view.rules.players):
        if other == seat or not view.hand_size(other):
            continue
        for card in indexes_of(view.unseen_by(seat)):
            held = sum(1 for h in hands if h[other] >> card & 1)
            facts = inf.probability_facts(other, card)
            tracker = inf.probability(other, card)
            if not (OPEN < facts < 1 - OPEN and OPEN < tracker < 1 - OPEN):
                continue
            settled = held >= PINNED * drawn or held <= (1 - PINNED) * drawn
            if settled and _beyond_chance(held, drawn, tracker):
                out.append(Pinned(other, card, held, drawn, tracker, facts))
    out.sort(key=lambda p: -abs(p.deals - p.tracker))
    # a card settled with one player is settled away from the others: name it once
    once: dict[int, Pinned] = {}
    for p in out:
        once.setdefault(p.card, p)
    return tuple(once.values())


def _beyond_chance(held: int, drawn: int, p: float) -> bool:
    """Whether ``held`` of ``drawn`` deals is further from odds ``p`` than chance explains:
    were the deals drawn on ``p``, a count as far out on its side would come at most
    :data:`CHANCE` of the time.

    >>> _beyond_chance(40, 40, 0.94), _beyond_chance(40, 40, 0.45), _beyond_chance(0, 40, 0.06)
    (False, True, False)
    """
    if held / drawn > p:
        return _tail(drawn, held, p) <= CHANCE
    return _tail(drawn, drawn - held, 1 - p) <= CHANCE


def _tail(n: int, k: int, p: float) -> float:
    """The chance of ``k`` or more successes in ``n`` trials of chance ``p``.

    >>> round(_tail(40, 40, 0.94), 3), _tail(40, 40, 0.45) < 1e-13
    (0.084, True)
    """
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def check_reading(
    view: GameState, move: Move, j: Judgement, settings: Settings
) -> ReadingCheck | None:
    """The reading check of the verdict ``j`` on ``move`` in ``view`` (the mover's view,
    judged with ``settings``): None when the verdict is exact, milder than an inaccuracy, not
    settled by a reading, or the same on the tracker's deals."""
    if j.exact or j.classification == "forced" or settings.reading != "play":
        return None
    if not costly(j.cost):
        return None
    pinned = pinned_cards(view, j.hands, settings)
    if not pinned:
        return None
    check = ReadingCheck(pinned, judge(view, move, replace(settings, reading="tracker")))
    return check if check.changes(j) else None


def check_values(
    view: GameState,
    values: Sequence[MoveEstimate],
    hands: tuple[tuple[int, ...], ...],
    settings: Settings,
    revalue: Callable[[], Sequence[MoveEstimate]] | None = None,
) -> ValuesReading | None:
    """The reading check of sampled move values (``values``, best first, valued on the deals
    with ``hands`` in ``view``, the mover's view, with ``settings``): None unless the deals
    settle a card the tracker leaves open and, valued again on the tracker's deals, another
    move is best, or some move's value moves, by an inaccuracy or more and beyond the
    intervals (two samples of a few deals differ by chance). ``revalue``: how the caller values
    the moves again on the tracker's deals, when not as :func:`value_moves` does with
    ``settings`` (``puzzle check``, with its own seed and progress)."""
    known = [v for v in values if v.n]
    if settings.reading != "play" or not hands or len(known) < 2:
        return None
    pinned = pinned_cards(view, hands, settings)
    if not pinned:
        return None
    if revalue is not None:
        again = tuple(revalue())
    else:
        again = value_moves(view, replace(settings, reading="tracker")).values
    ranked = tuple(v for v in again if v.n)
    if not ranked or not any(v.move == known[0].move for v in ranked):
        return None
    check = ValuesReading(pinned, known[0].move, ranked)
    return check if values_differ(known, ranked) else None


def values_differ(before: Sequence[MoveEstimate], after: Sequence[MoveEstimate]) -> bool:
    """Whether the values ``after`` (best first, on other deals) make another move best than
    ``before`` does, or move some move's value, by an inaccuracy or more and beyond what the
    two samples' intervals allow."""
    known = {v.move: v for v in before if v.n}
    ranked = [v for v in after if v.n]
    if not known or not ranked:
        return False
    moved = any(
        v.move in known
        and costly(abs(v.value - known[v.move].value))
        and (v.low > known[v.move].high or v.high < known[v.move].low)
        for v in ranked
    )
    best = max(known.values(), key=lambda v: v.value).move
    ours = next((v for v in ranked if v.move == best), None)
    return moved or (ours is not None and _clearly_better(ranked[0], ours))


def _clearly_better(top: MoveEstimate, ours: MoveEstimate) -> bool:
    """Whether ``top`` is another move than ``ours`` and better by an inaccuracy or more,
    beyond both intervals (on the same deals)."""
    return top.move != ours.move and costly(top.value - ours.value) and top.low > ours.high


def evaluate_checked(
    state: GameState, method: str = "auto", **options: Any
) -> tuple[Evaluation, ValuesReading | None]:
    """``tutor solve``'s values (:func:`tutor.search.evaluate.evaluate` with ``options``), with
    the reading check of sampled values (:func:`check_values`, the same seed and number of
    deals) set on the evaluation when it speaks."""
    ev = evaluate(state, method, **options)
    a = ev.analysis
    if a.method == "exact" or not ev.hands or a.interrupted:
        return ev, None
    workers = options.get("workers", 1)
    settings = Settings(
        samples=max(2, a.samples), time=None, seed=options.get("seed", 0),
        workers=workers if workers is not None else os.cpu_count() or 1,
    )  # fmt: skip
    check = check_values(seat_view(state), a.moves, ev.hands, settings)
    ev.reading = check
    return ev, check
