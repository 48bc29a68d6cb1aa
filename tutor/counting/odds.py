"""The odds on the facts alone: how likely a hand is to hold some card of a value.

When nothing but the cards seen and the hand sizes is known, every way to deal the unseen cards
is equally likely, so the chance that a hand of ``k`` unknown cards holds at least one of the
``u`` unseen cards of a value, among ``n`` unseen cards, is hypergeometric:
``1 - C(n - u, k) / C(n, k)``. The tracker's sweep risk, the inference's "facts only" figures
and the rule-based player's guesses all use this one formula;
:mod:`tutor.counting.inference` refines it with the behavioural readings.

>>> round(hypergeometric_any(27, 3, 9), 4)
0.721
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

from tutor.game.cards import VALUE_MASKS
from tutor.game.i18n import _, is_you
from tutor.game.state import GameState

__all__ = [
    "hypergeometric_any",
    "hypergeometric_counts",
    "chance_of_value",
    "chance_of_values",
    "chance_of_card",
    "percent",
    "odds_holds_one",
]


def hypergeometric_any(pool: int, of_value: int, drawn: int) -> float:
    """P(at least one of ``of_value`` special cards among ``drawn`` taken from ``pool``).

    >>> hypergeometric_any(10, 0, 3), hypergeometric_any(10, 2, 0), hypergeometric_any(3, 1, 5)
    (0.0, 0.0, 1.0)
    """
    if drawn <= 0 or of_value <= 0:
        return 0.0
    if drawn > pool:
        return 1.0
    return 1.0 - comb(pool - of_value, drawn) / comb(pool, drawn)


def hypergeometric_counts(pool: int, of_value: int, drawn: int) -> tuple[float, ...]:
    """P(exactly n of ``of_value`` special cards among ``drawn`` taken from ``pool``), n = 0...

    >>> [round(p, 3) for p in hypergeometric_counts(10, 2, 3)]
    [0.467, 0.467, 0.067]
    """
    if drawn <= 0 or of_value <= 0 or pool <= 0:
        return (1.0,)
    drawn = min(drawn, pool)
    total = comb(pool, drawn)
    return tuple(
        comb(of_value, n) * comb(pool - of_value, drawn - n) / total
        for n in range(min(of_value, drawn) + 1)
    )


def chance_of_value(state: GameState, seat: int, value: int) -> float:
    """P(``seat`` holds at least one card of ``value``) on the facts ``state`` knows.

    A known card of the value in the hand makes it certain; otherwise the seat's unknown
    cards are drawn from the cards nobody has placed (:meth:`GameState.unplaced`).
    """
    return _chance_of_any(state, seat, VALUE_MASKS[value])


def chance_of_values(state: GameState, seat: int, values: Iterable[int]) -> float:
    """P(``seat`` holds at least one card of any of ``values``) on the facts ``state`` knows
    (:func:`chance_of_value` for several values: a 7 or an 8 that would take the settebello)."""
    wanted = 0
    for value in values:
        wanted |= VALUE_MASKS[value]
    return _chance_of_any(state, seat, wanted)


def _chance_of_any(state: GameState, seat: int, wanted: int) -> float:
    """P(``seat`` holds at least one of the cards of the mask ``wanted``), on the facts."""
    if state.hands[seat] & wanted:
        return 1.0
    pool = state.unplaced()
    return hypergeometric_any(pool.bit_count(), (pool & wanted).bit_count(), state.unknown[seat])


def chance_of_card(state: GameState, seat: int, card: int) -> float:
    """P(``seat`` holds ``card``) on the facts ``state`` knows: every unplaced card is equally
    likely to be any of the unknown cards of any hand or deal, so ``unknown / unplaced``.

    >>> from tutor.game.rules import load_ruleset
    >>> from tutor.counting.tracker import viewer_state
    >>> view = viewer_state(GameState.random(load_ruleset("scopone-scientifico"), 1), 3)
    >>> card = (view.unplaced() & -view.unplaced()).bit_length() - 1  # some unseen card
    >>> chance_of_card(view, 0, card), chance_of_card(view, 3, card)
    (0.3333333333333333, 0.0)
    """
    if state.hands[seat] >> card & 1:
        return 1.0
    pool = state.unplaced()
    if not pool >> card & 1 or not pool:
        return 0.0
    return state.unknown[seat] / pool.bit_count()


SHORT_OF_CERTAIN = 1e-6
"""How near 0 or 1 a chance that readings of behaviour weighed may come, where the facts leave
it open: a reading is never a certainty (docs/tracker.md), and a float can round a tiny
chance off (1 - 10^-18 is 1), which the board would show as 0% or 100% and the JSON as 0 or 1.
Chosen as the JSON's last decimal, so that it rounds to neither."""


def short_of_certain(p: float) -> float:
    """``p``, a chance the facts leave open, kept :data:`SHORT_OF_CERTAIN` away from 0 and 1.

    >>> short_of_certain(4e-18), short_of_certain(1.0), short_of_certain(0.3)
    (1e-06, 0.999999, 0.3)
    """
    return min(max(p, SHORT_OF_CERTAIN), 1.0 - SHORT_OF_CERTAIN)


def percent(p: float) -> str:
    """A probability as a whole percentage that never shows an uncertain one as certain:
    0% and 100% only for 0 and 1 exactly, ``<1%`` and ``>99%`` near them.

    >>> percent(0.0), percent(0.004), percent(0.5), percent(0.996), percent(1.0)
    ('0%', '<1%', '50%', '>99%', '100%')
    >>> percent(0.005), percent(0.995)  # halves round to even: 0 and 100 all the same
    ('<1%', '>99%')
    """
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    whole = round(100 * p)
    if whole <= 0:
        return "<1%"
    if whole >= 100:
        return ">99%"
    return f"{whole}%"


def odds_holds_one(name: str, odds: str, p: float) -> str:
    """``the odds that West holds one: 56%``, or ``the odds that you hold one: 56%`` when the
    player is the person themselves (``You``, as ``tutor play`` and seed 003 name them). When
    ``p``, the chance itself, is 0 or 1, only the count can have made it so (a reading never
    does: :func:`short_of_certain`), and it is said as the fact it is: "the odds ... 100%" read
    as a guess (review audit, stop 54).

    >>> odds_holds_one("West", "56%", 0.56)
    'the odds that West holds one: 56%'
    >>> odds_holds_one("West", "100%", 1.0), odds_holds_one("You", "0%", 0.0)
    ('West holds one for certain, by the count', 'you hold none, by the count')
    """
    you = is_you(name)
    if p >= 1.0:
        if you:
            return _("you hold one for certain, by the count")
        return _("{name} holds one for certain, by the count").format(name=name)
    if p <= 0.0:
        if you:
            return _("you hold none, by the count")
        return _("{name} holds none, by the count").format(name=name)
    if you:
        return _("the odds that you hold one: {p}").format(p=odds)
    return _("the odds that {name} holds one: {p}").format(name=name, p=odds)
