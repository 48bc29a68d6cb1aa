"""Deductions: every *must* and *cannot* the viewer can reach, with the reasons it rests on.

A holding (:class:`Holding`) is what the inference concludes about one (holder, card) pair; a
deduction (:class:`Deduction`) is a must or cannot worth saying, with its reasons in words:
the certain facts of the board (:class:`~tutor.counting.tracker.Fact`, referred to by kind, never
by their words), the readings it leans on, and the cards that must fill a holder's places
(Hall's theorem on the assignment model). A deduction of the facts is certain; one that rests
on readings is what they would give if they all held, said with its probability ("North holds
QS: 94%, from two readings"), never as a bare must.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tutor.counting.assignment import AssignmentModel
from tutor.counting.odds import percent
from tutor.counting.readings import Exclusion
from tutor.counting.tracker import (
    STOCK,
    Fact,
    LastCardKnown,
    OneOfEachOdd,
    a_value,
    track,
    value_word,
)
from tutor.game.captures import VALUE_OF
from tutor.game.cards import VALUE_MASKS, Style, format_card, format_cards, indexes_of, mask_of
from tutor.game.i18n import _, all_of, ngettext, pgettext
from tutor.game.state import GameState

__all__ = [
    "Holding",
    "Deduction",
    "ValueDeduction",
    "Evidence",
    "find_deductions",
    "find_value_deductions",
]


@dataclass(frozen=True)
class Holding:
    """What is known about one (player, card) pair."""

    status: str
    """``must``, ``may`` or ``cannot``, on the facts alone."""
    probability: float
    """With the readings weighed in; 0 or 1 only when the facts say so."""
    basis: str | None
    """``fact`` for must/cannot; None for may."""
    reading: str | None = None
    """``must`` or ``cannot`` when the standing readings, taken as certain, would say so."""

    def to_json(self) -> dict[str, Any]:
        """The status, the probability, the basis and what the readings would say."""
        return {
            "status": self.status,
            "probability": round(self.probability, 6),
            "basis": self.basis,
            "reading": self.reading,
        }


@dataclass
class Deduction:
    """A must/cannot that follows from the facts and readings, with the reasons it rests on."""

    status: str
    holder: int
    card: int
    basis: str
    """``fact`` (certain) or ``inference`` (what the readings would give)."""
    reasons: list[str]
    text: str
    facts: tuple[Fact, ...] = ()
    """The board's certain facts it rests on (the reasons say them in words)."""
    confidence: float = 1.0
    """P(it is true), the readings weighed in: 1 for a fact, never 1 for a reading."""
    readings: tuple[Exclusion, ...] = ()
    """The readings it rests on."""
    confidence_facts: float = 1.0
    """P(it is true) on the facts alone, as if no reading were made (1 for a fact)."""

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        """The deduction with its holder by name (``stock`` for the stock), the card, its
        confidence with and without the readings, its reasons and its words."""
        return {
            "status": self.status,
            "player": "stock" if self.holder == STOCK else names[self.holder],
            "card": format_card(self.card, style),
            "basis": self.basis,
            "confidence": round(self.confidence, 6),
            "confidence_facts": round(self.confidence_facts, 6),
            "reasons": list(self.reasons),
            "text": self.text,
        }


@dataclass(frozen=True)
class ValueDeduction:
    """A value a player must hold by counting, though no one card of it is certain: the unseen
    cards of other values are too few to fill their hand (always a fact)."""

    holder: int
    value: int
    cards: int
    """The unseen cards of the value (a mask)."""
    places: int
    """How many unseen cards the holder has."""
    others: int
    """How many unseen cards are of other values: fewer than ``places``."""

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The deduction in words, with its count (audit, stop 49: "only 0 unseen cards are
        of other values, for the 1 cards W holds")."""
        player = names[self.holder]
        said = {
            "player": player,
            "a_value": a_value(self.value, style),
            "cards": format_cards(self.cards, style),
        }
        if not self.others:
            return _(
                "{player} must hold {a_value} ({cards}): every unseen card is of that value (fact)."
            ).format(**said)
        others = ngettext(
            "only {n} unseen card is of another value",
            "only {n} unseen cards are of other values",
            self.others,
        ).format(n=self.others)
        held = ngettext("{n} card", "{n} cards", self.places).format(n=self.places)
        return _(
            "{player} must hold {a_value} ({cards}): {others}, and {player} holds {held} (fact)."
        ).format(**said, others=others, held=held)

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        """The holder by name, the value and its unseen cards, and the words; always a fact,
        so its confidence is 1."""
        return {
            "player": names[self.holder],
            "value": self.value,
            "cards": format_cards(self.cards, style).split(),
            "basis": "fact",
            "confidence": 1.0,
            "text": self.text(names, style),
        }


def find_value_deductions(inf: Evidence) -> list[ValueDeduction]:
    """Every value a player must hold on the facts alone, when no card of it is a must.

    On the facts every unseen card can go to any holder with room, so a player with ``k``
    places holds no card of value v in some deal exactly when the unseen cards of other values
    number ``k`` or more: fewer, and they must hold one.
    """
    out: list[ValueDeduction] = []
    pool = inf.state.unplaced()
    total = pool.bit_count()
    for h, row in inf.holdings.items():
        places = inf.capacity.get(h, 0)
        if h < 0 or not places:
            continue
        for v in range(1, 11):
            cards = mask_of(c for c in indexes_of(pool) if VALUE_OF[c] == v)
            others = total - cards.bit_count()
            if not cards or others >= places or inf.state.hands[h] & VALUE_MASKS[v]:
                continue
            if any(row.get(c) and row[c].status == "must" for c in indexes_of(cards)):
                continue  # a card of it is certain: that deduction says it
            out.append(ValueDeduction(h, v, cards, places, others))
    return out


class Evidence(Protocol):
    """What the deductions read: the view, the holdings and the model they come from
    (:class:`tutor.counting.inference.Inference` is one)."""

    state: GameState
    viewer: int
    names: list[str]
    unseen: int
    capacity: dict[int, int]
    active: list[Exclusion]
    holdings: dict[int, dict[int, Holding]]
    model: AssignmentModel
    style: Style | str | None

    def probability_facts(self, holder: int, card: int) -> float:
        """P(``holder`` holds the unseen ``card``) on the facts alone, as if no reading were
        made."""


def _holder_name(inf: Evidence, h: int) -> str:
    if h < 0:
        return _("the stock") if h == STOCK else _("the cards out of play")
    return inf.names[h]


def _places(inf: Evidence, h: int, n: int) -> str:
    """The ``n`` places of holder ``h`` for unseen cards, in words: ``Ada's 2 cards``."""
    if h == STOCK:
        return ngettext("the {n} card of the stock", "the {n} cards of the stock", n).format(n=n)
    if h < 0:
        return ngettext("the {n} card out of play", "the {n} cards out of play", n).format(n=n)
    return ngettext("{player}'s {n} card", "{player}'s {n} cards", n).format(
        player=inf.names[h], n=n
    )


def _readings_phrase(n: int) -> str:
    """``from one reading``, ``from two readings``, in the language of the run."""
    if n == 0:
        return _("from no readings")
    words = (
        pgettext("readings", "one"),
        pgettext("readings", "two"),
        pgettext("readings", "three"),
        pgettext("readings", "four"),
        pgettext("readings", "five"),
        pgettext("readings", "six"),
        pgettext("readings", "seven"),
        pgettext("readings", "eight"),
        pgettext("readings", "nine"),
    )
    word = words[n - 1] if n <= len(words) else str(n)
    return ngettext("from {n} reading", "from {n} readings", n).format(n=word)


def find_deductions(inf: Evidence) -> list[Deduction]:
    """Every must of the facts, and every must or cannot the readings would give (with its
    probability, when the weighed readings make it more likely than not), with the reasons
    each rests on."""
    state = inf.state
    out: list[Deduction] = []
    facts: list[Fact] | None = None
    for h, row in inf.holdings.items():
        for c, hold in sorted(row.items()):
            if h >= 0 and state.hands[h] >> c & 1:
                continue
            if hold.status == "must":
                if h == STOCK:
                    # Every unseen card is still to be dealt: the board says so once, rather
                    # than one line per card.
                    continue
                used_readings: list[Exclusion] = []
                reasons = _must_reasons(inf, h, c, used_readings)
                if facts is None:
                    facts = track(state, inf.viewer, inf.names, inf.style).facts
                used = [f for f in facts if _rests_on(f, c)]
                reasons += [f.text(inf.names, inf.style).rstrip(".") for f in used]
                text = _("{holder} must hold {card}: {reasons}.").format(
                    holder=_holder_name(inf, h),
                    card=_card_phrase(inf, c),
                    reasons="; ".join(reasons),
                )
                out.append(Deduction("must", h, c, "fact", reasons, text, tuple(used)))
            elif hold.reading == "must" and hold.probability > 0.5:
                used_readings = []
                reasons = _must_reasons(inf, h, c, used_readings)
                template = _("{holder} holds {card}: {percent}, {readings}: {reasons}.")
                out.append(
                    _read(inf, "must", h, c, hold.probability, reasons, used_readings, template)
                )
            elif hold.reading == "cannot" and h in inf.capacity and hold.probability < 0.5:
                direct = [e for e in inf.active if e.seat == h and VALUE_OF[c] in e.values]
                if direct:
                    continue  # the reading itself, listed among the inferences
                used_readings = []
                reasons = _dedupe(_tight_reasons(inf, h, c, used_readings))
                template = _("{holder} does not hold {card}: {percent}, {readings}: {reasons}.")
                out.append(
                    _read(
                        inf, "cannot", h, c, 1 - hold.probability, reasons, used_readings, template
                    )
                )
    return out


def _read(
    inf: Evidence,
    kind: str,
    holder: int,
    card: int,
    confidence: float,
    reasons: list[str],
    readings: list[Exclusion],
    template: str,
) -> Deduction:
    """A deduction resting on readings of behaviour: its ``kind`` (must or cannot) with its
    combined confidence, worded by ``template`` (already in the language of the run)."""
    facts = inf.probability_facts(holder, card)
    facts = facts if kind == "must" else 1.0 - facts
    text = template.format(
        holder=_holder_name(inf, holder),
        card=_card_phrase(inf, card),
        # beside the facts' own figure: a reading that moved 94% to 96% is not what put it there
        percent=_("{percent} ({facts} on the facts alone)").format(
            percent=percent(confidence), facts=percent(facts)
        ),
        readings=_readings_phrase(len(readings)),
        reasons="; ".join(reasons),
    )
    return Deduction(
        kind,
        holder,
        card,
        "inference",
        reasons,
        text,
        confidence=confidence,
        readings=tuple(readings),
        confidence_facts=facts,
    )


def _rests_on(fact: Fact, card: int) -> bool:
    """Whether a board fact names ``card``'s holder: the one card left unseen is ``card``, or
    every unseen value is held exactly once."""
    if isinstance(fact, LastCardKnown):
        return fact.card == card
    if isinstance(fact, OneOfEachOdd):
        return VALUE_OF[card] in fact.values
    return False


def _card_phrase(inf: Evidence, c: int) -> str:
    v = VALUE_OF[c]
    same = [i for i in indexes_of(inf.unseen) if VALUE_OF[i] == v]
    text = format_card(c, inf.style)
    if same != [c]:
        return text
    return _("{card} (the last {value} unseen)").format(card=text, value=value_word(v, inf.style))


def _reading(inf: Evidence, seat: int, value: int) -> Exclusion | None:
    """The first standing reading that puts no card of ``value`` with ``seat``."""
    return next((e for e in inf.active if e.seat == seat and value in e.values), None)


def _tight(inf: Evidence, g: int, c: int) -> tuple[list[int], list[int]] | None:
    """Holders T (with g) whose places the cards S (without c) fill, S allowed only in T.

    When c cannot go to g although no reading forbids it, Hall's theorem guarantees such a
    set: the cards of S have nowhere else to go, so T has no room left for c.
    """
    model = inf.model
    pos = {h: j for j, h in enumerate(model.holders)}
    jg = pos.get(g)
    if jg is None:
        return None
    cards = [(x, grp.allowed) for grp in model.groups for x in grp.cards if x != c]
    n = len(model.holders)
    subsets = sorted((m for m in range(1, 1 << n) if m >> jg & 1), key=int.bit_count)
    for t in subsets:
        room = sum(model.caps[j] for j in range(n) if t >> j & 1)
        inside = [x for x, allowed in cards if not allowed & ~t]
        if len(inside) >= room:
            return [model.holders[j] for j in range(n) if t >> j & 1], inside
    return None


def _tight_reasons(inf: Evidence, g: int, c: int, used: list[Exclusion]) -> list[str]:
    """Why holder g has no room for card c: the cards that must fill its places (the readings
    named are added to ``used``)."""
    found = _tight(inf, g, c)
    if found is None:
        return [_("{holder} has no room left for it").format(holder=_holder_name(inf, g))]
    t, inside = found
    room = sum(inf.capacity.get(h, 0) for h in t)
    cards = format_cards(mask_of(inside), inf.style)
    readings = []
    for h in inf.capacity:
        if h in t:
            continue
        for v in sorted({VALUE_OF[x] for x in inside}):
            e = _reading(inf, h, v)
            if e is not None:
                readings.append(e.text(inf.names, inf.style))
                _use(used, e)
    # resting on readings, the step is theirs, not a fact (practice audit, stop 49: "East's
    # 1 card must be 6D, which nobody else can hold", where the facts let North hold it)
    if len(t) == 1:
        head = _("{places} must be {cards}, which nobody else can hold").format(
            places=_places(inf, g, room), cards=cards
        )
    else:
        head = ngettext(
            "{holders} hold {n} card between them, and {cards} can only be with them",
            "{holders} hold {n} cards between them, and {cards} can only be with them",
            room,
        ).format(holders=all_of([_holder_name(inf, h) for h in t]), n=room, cards=cards)
    if readings:
        head = _("going by the readings, {step}").format(step=head)
    return [head, *readings]


def _use(used: list[Exclusion], e: Exclusion) -> None:
    if not any(e is u for u in used):
        used.append(e)


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _must_reasons(inf: Evidence, h: int, c: int, used: list[Exclusion]) -> list[str]:
    """Why holder h must hold card c (the readings named are added to ``used``)."""
    reasons: list[str] = []
    others = [g for g in inf.capacity if g != h]
    # Holders no reading keeps from c: the cards that fill their places (Hall's theorem). One
    # such set of holders often covers others too, which then need no reason of their own.
    covered: set[int] = set()
    for g in others:
        if g in covered or (g >= 0 and _reading(inf, g, VALUE_OF[c]) is not None):
            continue
        found = _tight(inf, g, c)
        if found is not None:
            covered.update(found[0])
        reasons.extend(_tight_reasons(inf, g, c, used))
    for g in others:
        e = _reading(inf, g, VALUE_OF[c]) if g >= 0 and g not in covered else None
        if e is not None:
            reasons.append(e.text(inf.names, inf.style))
            _use(used, e)
    for s in range(inf.state.rules.players):
        if s in (h, inf.viewer) or s in inf.capacity:
            continue
        if inf.state.hand_size(s) == 0:
            reasons.append(_("{player} has no cards left (fact)").format(player=inf.names[s]))
        else:
            reasons.append(_("{player}'s cards are all known (fact)").format(player=inf.names[s]))
    if STOCK not in inf.capacity and inf.state.rules.deals_per_hand > 1 and h != STOCK:
        reasons.append(_("no cards are left to deal (fact)"))
    if h != STOCK and len(inf.capacity) == 1:
        reasons.insert(
            0,
            _("{player} is the only player whose cards you have not seen (fact)").format(
                player=inf.names[h]
            ),
        )
    return _dedupe(reasons)
