"""Hand and match scores: cards, denari, settebello, primiera, scope and bonuses.

A category's point goes to the one side with strictly more; a tie gives it to nobody.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.cards import parse_cards, mask_of
>>> rules = load_ruleset("scopone-scientifico")
>>> a = mask_of(parse_cards("7C 7B 7D 6S"))          # seed 000: 21+21+21+18
>>> b = mask_of(parse_cards("7S 6B 6C 6D"))          # the best the others can have
>>> s = score_captures(rules, [a, b], [0, 0])
>>> s.sides[0].primiera, s.sides[1].primiera, s.sides[0].points["primiera"]
(81, 75, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tutor.game.cards import (
    CARDS,
    DENARI_MASK,
    RE_BELLO_BIT,
    SETTEBELLO_BIT,
    SUIT_MASK,
    Card,
    Style,
    format_card,
)
from tutor.game.errors import TutorError
from tutor.game.i18n import N_, _, ngettext
from tutor.game.rules import Ruleset

if TYPE_CHECKING:  # for the hint alone: scoring works on piles and needs no state
    from tutor.game.state import GameState

__all__ = [
    "CATEGORIES",
    "CATEGORY_NAMES",
    "category_name",
    "SideScore",
    "HandScore",
    "MatchScore",
    "ScoreError",
    "score_captures",
    "score_state",
    "best_primiera",
    "immediate_gain",
]

CATEGORIES = ("cards", "denari", "settebello", "primiera", "scope", "re_bello", "napola")
CATEGORY_NAMES = {
    "cards": N_("cards"),
    "denari": N_("denari"),
    "settebello": N_("settebello"),
    "primiera": N_("primiera"),
    "scope": N_("scope"),
    "re_bello": N_("re bello"),
    "napola": N_("napola"),
}
"""Each category in words (translated where shown: :func:`category_name`)."""


def immediate_gain(
    rules: Ruleset, table: int, card: int, capture: int, last_play: bool
) -> tuple[int, int, int, int, int]:
    """What a play gains at once, for ordering plays: scopa, the cards worth a point alone (the
    settebello, and the re bello where the ruleset scores it), denari, cards; a lay
    gains nothing and is ranked by the card least worth giving away (a figure before a seven,
    any card before a denaro).

    It is the greedy player's whole judgement and the yardstick by which the tracker tells a
    player who always takes the most (``tutor/counting/style.py``) from one who does not.

    >>> from tutor.game.rules import load_ruleset
    >>> from tutor.game.cards import parse_card, parse_cards, mask_of
    >>> rules = load_ruleset("scopa")
    >>> table = mask_of(parse_cards("7D 2C"))
    >>> immediate_gain(rules, table, parse_card("7S").index, parse_card("7D").bit, False)
    (0, 1, 1, 2, 0)
    >>> immediate_gain(rules, table, parse_card("RB").index, 0, False)
    (0, 0, 0, 0, -10)
    """
    if not capture:
        worth = rules.primiera_values[CARDS[card].value] + (10 if 1 << card & DENARI_MASK else 0)
        return (0, 0, 0, 0, -worth)
    got = capture | 1 << card
    sweep = capture == table and not (last_play and not rules.last_play_scopa)
    # the cards worth a point alone: the settebello, and the re bello where it scores
    alone = SETTEBELLO_BIT | (RE_BELLO_BIT if rules.re_bello else 0)
    return (
        1 if sweep else 0,
        (got & alone).bit_count(),
        (got & DENARI_MASK).bit_count(),
        got.bit_count(),
        0,
    )


def category_name(category: str) -> str:
    """A category of the score in words, in the language of the run."""
    return _(CATEGORY_NAMES[category])


_PRIMIERA_TABLES: dict[tuple[int, ...], list[tuple[int, int]]] = {}


def primiera_table(rules: Ruleset) -> list[tuple[int, int]]:
    """For each 10-bit set of one suit's values: (best primiera points, that card's value or 0)."""
    values = rules.primiera_values
    key = tuple(values[v] for v in range(1, 11))
    table = _PRIMIERA_TABLES.get(key)
    if table is None:
        table = []
        for bits in range(1024):
            best = (0, 0)
            for v in range(1, 11):
                if bits >> (v - 1) & 1 and (best[1] == 0 or values[v] > best[0]):
                    best = (values[v], v)
            table.append(best)
        _PRIMIERA_TABLES[key] = table
    return table


def best_primiera(mask: int, rules: Ruleset) -> tuple[int, list[Card | None]]:
    """The primiera total of a pile and the card counted in each suit (None if missing)."""
    table = primiera_table(rules)
    total = 0
    best: list[Card | None] = []
    for suit in range(4):
        points, value = table[(mask >> (10 * suit)) & SUIT_MASK]
        best.append(CARDS[suit * 10 + value - 1] if value else None)
        total += points
    return total, best


def hand_points(rules: Ruleset, captured: Sequence[int], scope: Sequence[int]) -> list[int]:
    """Each side's points for a finished hand: the totals of :func:`score_captures`, fast.

    For simulations and playouts, which need the points and none of the breakdown.
    """
    pts = list(scope)
    for winner in category_winners(rules, captured).values():
        if winner >= 0:
            pts[winner] += 1
    if rules.napola:
        for i, c in enumerate(captured):
            pts[i] += napola_points(c)
    return pts


def napola_points(mask: int) -> int:
    """Ace, 2 and 3 of denari score 3, plus 1 per further denaro in sequence."""
    bits = mask & DENARI_MASK
    if bits & 0b111 != 0b111:
        return 0
    n = 3
    while n < 10 and bits >> n & 1:
        n += 1
    return n


def napola_cards(points: int) -> tuple[Card, ...]:
    """The run of denari a napola of ``points`` (:func:`napola_points`) is made of: the ace
    up to the ``points``-th denaro (none for 0); the denari are the deck's first ten cards.

    >>> [c.index for c in napola_cards(4)], napola_cards(0)
    ([0, 1, 2, 3], ())
    """
    return tuple(CARDS[:points])


@dataclass
class SideScore:
    """One side's score for a hand."""

    side: int
    players: list[str]
    cards: int
    denari: int
    settebello: bool
    primiera: int
    primiera_cards: list[Card | None]
    scope: int
    re_bello: bool = False
    napola: int = 0
    points: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """The side's points for the hand: the sum of its categories, scope included."""
        return sum(self.points.values())

    @property
    def complete_suits(self) -> bool:
        """Whether the pile holds a card of every suit, which the primiera may need (see the
        ruleset's ``primiera_missing_suit``)."""
        return all(c is not None for c in self.primiera_cards)

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """Every count of the side, its primiera cards, the points by category and the total."""
        return {
            "side": self.side,
            "players": self.players,
            "cards": self.cards,
            "denari": self.denari,
            "settebello": self.settebello,
            "primiera": self.primiera,
            "primiera_cards": [
                None if c is None else format_card(c, style) for c in self.primiera_cards
            ],
            "scope": self.scope,
            "re_bello": self.re_bello,
            "napola": self.napola,
            "breakdown": dict(self.points),
            "points": self.total,
        }


@dataclass
class HandScore:
    """The score of one hand for every side."""

    sides: list[SideScore]

    def points(self) -> list[int]:
        """Each side's points for the hand, in side order."""
        return [s.total for s in self.sides]

    def margins(self, side: int) -> dict[str, int]:
        """For each category of the score, ``side``'s points minus the other sides': the
        categories of the margin a move's value counts (they add up to the margin).

        >>> from tutor.game.rules import load_ruleset
        >>> from tutor.game.cards import mask_of, parse_cards
        >>> ours = mask_of(parse_cards("7D 7C 7S 7B 6D"))
        >>> score = score_captures(load_ruleset("scopa"), [ours, 0], [1, 2])
        >>> score.margins(0)
        {'cards': 1, 'denari': 1, 'settebello': 1, 'primiera': 1, 'scope': -1}
        """
        return {
            cat: self.sides[side].points[cat]
            - sum(s.points[cat] for s in self.sides if s.side != side)
            for cat in self.sides[side].points
        }

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """Every side's score, as :meth:`SideScore.to_json` gives it."""
        return {"sides": [s.to_json(style) for s in self.sides]}


def _award(values: Sequence[int | float], eligible: Sequence[bool] | None = None) -> int:
    """The side that strictly leads, or -1 on a tie (or when no side is eligible)."""
    idx = [i for i in range(len(values)) if eligible is None or eligible[i]]
    if not idx:
        return -1
    top = max(values[i] for i in idx)
    winners = [i for i in idx if values[i] == top]
    return winners[0] if len(winners) == 1 else -1


def category_winners(rules: Ruleset, captured: Sequence[int]) -> dict[str, int]:
    """The side that wins each one-point category of the ruleset (-1: nobody), from the piles.

    The one place that decides the cards, denari, settebello, primiera and re bello points.
    """
    table = primiera_table(rules)
    primiera: list[int] = []
    complete: list[bool] = []
    for pile in captured:
        total = 0
        full = True
        for suit in range(4):
            points, value = table[(pile >> (10 * suit)) & SUIT_MASK]
            total += points
            full = full and value > 0
        primiera.append(total)
        complete.append(full)
    winners = {
        "cards": _award([c.bit_count() for c in captured]),
        "denari": _award([(c & DENARI_MASK).bit_count() for c in captured]),
        "settebello": _award([1 if c & SETTEBELLO_BIT else 0 for c in captured]),
        # "loses": a side lacking a suit cannot win; "zero": the missing suit counts 0
        "primiera": _award(primiera, complete if rules.primiera_missing_suit == "loses" else None),
    }
    if rules.re_bello:
        winners["re_bello"] = _award([1 if c & RE_BELLO_BIT else 0 for c in captured])
    return winners


def score_captures(
    rules: Ruleset,
    captured: Sequence[int],
    scope: Sequence[int],
    side_names: Sequence[list[str]] | None = None,
) -> HandScore:
    """Score a finished hand from each side's captured pile (masks) and scope."""
    names = side_names or [
        [_("seat {seat}").format(seat=s) for s in rules.seats_of(i)] for i in range(rules.sides)
    ]
    sides: list[SideScore] = []
    for i, pile in enumerate(captured):
        total, best = best_primiera(pile, rules)
        sides.append(
            SideScore(
                side=i,
                players=list(names[i]),
                cards=pile.bit_count(),
                denari=(pile & DENARI_MASK).bit_count(),
                settebello=bool(pile & SETTEBELLO_BIT),
                primiera=total,
                primiera_cards=best,
                scope=scope[i],
                re_bello=rules.re_bello and bool(pile & RE_BELLO_BIT),
                napola=napola_points(pile) if rules.napola else 0,
            )
        )
    awards = category_winners(rules, captured)
    for i, s in enumerate(sides):
        for cat in ("cards", "denari", "settebello", "primiera"):
            s.points[cat] = 1 if awards[cat] == i else 0
        s.points["scope"] = s.scope
        if rules.re_bello:
            s.points["re_bello"] = 1 if awards["re_bello"] == i else 0
        if rules.napola:
            s.points["napola"] = s.napola
    return HandScore(sides)


def score_state(state: GameState, side_names: Sequence[list[str]] | None = None) -> HandScore:
    """Score the captures and scope of a :class:`~tutor.game.state.GameState` as they stand."""
    return score_captures(state.rules, state.captured, state.scope, side_names)


class ScoreError(TutorError):
    """A match score asked to take a hand it cannot: the match is over, or the points do not
    fit its sides."""


@dataclass
class MatchScore:
    """Running totals over the hands of a match, with the ruleset's target and tie rule."""

    rules: Ruleset
    totals: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    winner: int | None = None
    """The winning side, once decided."""

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * self.rules.sides

    def add(self, points: Sequence[int]) -> int | None:
        """Add one hand's points; return the winning side if the match is now decided.

        :class:`ScoreError`, the score left as it was, when the match is over or the points
        are not one per side."""
        if self.winner is not None:
            raise ScoreError(_("the match is already over: no hand can be added"))
        points = list(points)
        if len(points) != len(self.totals):
            raise ScoreError(
                ngettext(
                    "a hand scores one number per side: {n} side, {given} given",
                    "a hand scores one number per side: {n} sides, {given} given",
                    len(self.totals),
                ).format(n=len(self.totals), given=len(points))
            )
        target = self.rules.target
        before = sum(1 for t in self.totals if t >= target)
        self.hands.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        reached = [i for i, t in enumerate(self.totals) if t >= target]
        if len(reached) == 1:
            self.winner = reached[0]
        elif reached:
            top = max(self.totals)
            leaders = [i for i, t in enumerate(self.totals) if t == top]
            just_together = before < 2
            if len(leaders) == 1 and (self.rules.tie_rule == "higher-wins" or not just_together):
                self.winner = leaders[0]
        return self.winner

    @property
    def over(self) -> bool:
        """Whether the match is decided, so that no hand can be added."""
        return self.winner is not None

    def running_totals(self) -> list[list[int]]:
        """Each side's total after each hand."""
        out: list[list[int]] = []
        running = [0] * len(self.totals)
        for points in self.hands:
            running = [t + p for t, p in zip(running, points, strict=True)]
            out.append(running)
        return out

    @property
    def leaders(self) -> list[int]:
        """The sides with the highest total (several when level)."""
        top = max(self.totals)
        return [i for i, t in enumerate(self.totals) if t == top]

    def to_json(self) -> dict[str, Any]:
        """The target, each hand's points, the totals and the winner (None while undecided)."""
        return {
            "target": self.rules.target,
            "hands": self.hands,
            "totals": self.totals,
            "winner": self.winner,
        }


def denari_of(mask: int) -> int:
    """The number of denari in ``mask``, a pile or a hand."""
    return (mask & DENARI_MASK).bit_count()
