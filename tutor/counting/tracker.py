"""The rule-of-48 tracker: what one player can count from their own seat.

A strong player keeps in their head, per value, how many cards have been captured (matched when
even, unmatched when odd), which cards are still unseen, the list of *sparigli* (captures by sum,
which flip the parity of every value involved), the rule of 220 and the even total, and whether
the table can be swept by one card. :func:`track` computes exactly that from a
:class:`~tutor.game.state.GameState` seen from one seat; :func:`viewer_state` builds that view
from a
full-information state (or a hand record) by hiding every card the viewer has not seen.

Seed 004's example: an 8 taking 6+2 leaves 2, 6 and 8 unmatched.

>>> from tutor.game.rules import load_ruleset
>>> s = GameState.from_cards(load_ruleset("scopa"), "6C 2S 9D 4B",
...                          [["8D", "AC", "3S"], ["RD", "5C", "7S"]])
>>> s.push(s.parse_move("8D x 6C 2S"))
>>> board = track(s, viewer=0)
>>> board.unmatched
(2, 6, 8)
>>> board.sparigli[0].flipped
(2, 6, 8)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tutor.counting.odds import chance_of_value, hypergeometric_any
from tutor.game.captures import VALUE_OF, sweep_value, table_sum
from tutor.game.cards import Style, a_number, format_card, format_cards, get_style, indexes_of
from tutor.game.errors import TutorError
from tutor.game.i18n import _, ngettext
from tutor.game.state import GameState, seat_problem
from tutor.records.record import HandRecord, shown_name

__all__ = [
    "DECK_TOTAL",
    "STOCK",
    "OUT",
    "CountingError",
    "check_seat",
    "check_viewer",
    "ValueCount",
    "Spariglio",
    "SweepRisk",
    "HistoryStep",
    "Fact",
    "UnseenTotal",
    "LastCardKnown",
    "LastCardsTotal",
    "EvenTotal",
    "OddValues",
    "OneOfEachOdd",
    "Board",
    "history",
    "holders_of",
    "viewer_state",
    "viewer_state_from_record",
    "flipped_values",
    "track",
    "seat_names",
    "value_word",
    "a_value",
]

DECK_TOTAL = 220
"""The 40 values add up to 4 x (1 + 2 + ... + 10) = 220 (the "rule of 220", domain.md)."""


STOCK = -1
"""The holder "cards still to be dealt" (scopa's later deals), beside the seats 0, 1, ..."""
OUT = -2
"""The holder "cards not in play" (a puzzle position that deals fewer than 40 cards)."""


class CountingError(TutorError):
    """A position the counting cannot read: no such seat, or cards that do not fit the hands."""


def value_word(value: int, style: Style | str | None = None) -> str:
    """A value in words for messages, in the language of the run: ``ace`` for 1, the digits
    otherwise; with a ``style``, a figure by its name in that deck with its value (``re (10)``,
    ``queen (9)``), as every sentence that knows the deck says it.

    >>> value_word(1), value_word(10), value_word(10, "italian"), value_word(7, "french")
    ('ace', '10', 're (10)', '7')
    >>> a_value(1), a_value(8), a_value(9), a_value(9, "french")
    ('an ace', 'an 8', 'a 9', 'a queen (9)')
    """
    if style is not None:
        return get_style(style).value_name(value)
    return _("ace") if value == 1 else str(value)


def a_value(value: int, style: Style | str | None = None) -> str:
    """The value with its article, in the language of the run: ``an ace``, ``an 8``, ``a 9``
    (``un asso``, ``un 8``, ``un 9``); with a ``style``, a figure by its name in that deck
    (``un re (10)``, ``una donna (9)``)."""
    return a_number(value) if style is None else get_style(style).a_value_name(value)


def values_text(values: Iterable[int], style: Style | str | None = None) -> str:
    """Values as the deck writes them, the same letters as the board's columns (``none`` if
    there are none).

    >>> values_text([1, 8, 10], "italian"), values_text([9], "french"), values_text([])
    ('A, F, R', 'Q', 'none')
    """
    st = get_style(style)
    return ", ".join(st.rank_text(v) for v in values) or _("none")


def seat_names(n: int, names: Sequence[str] | None = None) -> list[str]:
    """The players' names, or ``seat 0``, ``seat 1``... when none are given."""
    if names is not None and len(names) == n:
        return list(names)
    return [_("seat {seat}").format(seat=i) for i in range(n)]


def flipped_values(card: int, capture: int) -> tuple[int, ...]:
    """The values whose captured count changes parity when ``card`` takes ``capture``.

    A capture by a twin (6 takes 6) flips nothing; a capture by sum flips every value that
    appears an odd number of times among the played card and the cards taken.

    >>> from tutor.game.cards import parse_card, parse_cards, mask_of
    >>> flipped_values(parse_card("8D").index, mask_of(parse_cards("6C 2S")))
    (2, 6, 8)
    >>> flipped_values(parse_card("8D").index, mask_of(parse_cards("4C 4S")))
    (8,)
    >>> flipped_values(parse_card("6D").index, mask_of(parse_cards("6S")))
    ()
    """
    odd = [False] * 11
    odd[VALUE_OF[card]] = True
    for i in indexes_of(capture):
        odd[VALUE_OF[i]] = not odd[VALUE_OF[i]]
    return tuple(v for v in range(1, 11) if odd[v])


@dataclass(frozen=True)
class HistoryStep:
    """One play as it was made: the position before it and what it did."""

    number: int
    """1-based play number in the hand."""
    seat: int
    card: int
    capture: int
    table_before: int
    deal_index: int
    """``GameState.deal_index`` before the play (the holding the player had came from it)."""
    unknown_before: int
    """How many of the mover's cards the viewer did not know before the play."""
    last_play: bool
    """The play was the last of the hand (a sweep then is no scopa)."""
    sweep: int | None
    """The value that could have swept the table before the play (None: none)."""
    scopa: bool
    leftover: int
    learned: bool
    """The card was one the viewer did not know the mover held."""
    unplaced: int = 0
    """The cards the viewer had not placed anywhere after the play (a mask)."""
    known: int = 0
    """The cards the viewer knew to be in hands after the play (their own, mostly)."""


def history(state: GameState) -> list[HistoryStep]:
    """The plays on ``state``'s stack, each with the position just before it."""
    work, moves = state.rewound()
    steps: list[HistoryStep] = []
    for n, move in enumerate(moves, start=1):
        seat = work.turn
        before = work.table
        deal_index = work.deal_index
        unknown = work.unknown[seat]
        last = work.is_last_play()
        sweep = sweep_value(work.table, work.rules.capture_precedence)
        work.push(move)
        r = work.stack[-1]
        steps.append(
            HistoryStep(
                n,
                seat,
                move.card,
                move.capture,
                before,
                deal_index,
                unknown,
                last,
                sweep,
                r.scopa,
                r.leftover,
                r.learned,
                work.unplaced(),
                _known_hands(work),
            )
        )
    return steps


def _known_hands(state: GameState) -> int:
    m = 0
    for h in state.hands:
        m |= h
    return m


def holders_of(state: GameState) -> tuple[list[int], list[int]]:
    """The holders of unseen cards (seats, then STOCK and OUT) and how many each takes."""
    holders: list[int] = []
    caps: list[int] = []
    for seat in range(state.rules.players):
        if state.unknown[seat]:
            holders.append(seat)
            caps.append(state.unknown[seat])
    stock = state.unknown_to_deal()
    if stock:
        holders.append(STOCK)
        caps.append(stock)
    excess = state.unplaced().bit_count() - sum(caps)
    if excess < 0:
        raise CountingError(
            _("the position is inconsistent: more unknown cards in hands than cards unplaced")
        )
    if excess:
        holders.append(OUT)
        caps.append(excess)
    return holders, caps


def _hide_deals(
    deals: list[list[tuple[int, int]]], viewer: int, dealt: int
) -> list[list[tuple[int, int]]]:
    out = []
    for d, deal in enumerate(deals):
        row = []
        for seat, (known, unknown) in enumerate(deal):
            if seat == viewer and d < dealt:
                row.append((known, unknown))
            else:
                row.append((0, known.bit_count() + unknown))
        out.append(row)
    return out


def check_seat(players: int, seat: int) -> None:
    """CountingError unless ``seat`` is a seat of a game of ``players`` (0 to players - 1; -1 is
    no seat, whatever Python's lists would make of it)."""
    problem = seat_problem(players, seat)
    if problem is not None:
        raise CountingError(problem)


def check_viewer(state: GameState, viewer: int) -> None:
    """CountingError unless ``viewer`` is a seat of the game (:func:`check_seat`)."""
    check_seat(state.rules.players, viewer)


def viewer_state(state: GameState, viewer: int) -> GameState:
    """The same position as the viewer at seat ``viewer`` knows it, with the same history.

    Every card of another player that has not been played becomes unknown, and so do the cards
    still to be dealt (the viewer's included); the moves on ``state``'s stack are pushed again,
    so the returned state's stack is the history the viewer watched.
    """
    check_viewer(state, viewer)
    work, moves = state.rewound()
    # ``work`` is now the first position the state knows about.
    for seat in range(work.rules.players):
        if seat != viewer:
            work.unknown[seat] += work.hands[seat].bit_count()
            work.hands[seat] = 0
    work.deals = _hide_deals(work.deals, viewer, state.deal_index)
    for move in moves:
        work.push(move)
    return work


def viewer_state_from_record(
    record: HandRecord, viewer: int | str, n: int | None = None
) -> GameState:
    """The position after the first ``n`` plays of ``record`` (all when None) from one seat."""
    seat = record.seat_of(viewer) if isinstance(viewer, str) else viewer
    plays = len(record.plays) if n is None else n
    return viewer_state(record.state_at(plays), seat)


@dataclass(frozen=True)
class ValueCount:
    """The count of one value from the viewer's seat."""

    value: int
    captured: int
    table: int
    mine: int
    unseen: int

    @property
    def matched(self) -> bool:
        """An even number captured (the capturing card included)."""
        return self.captured % 2 == 0


@dataclass(frozen=True)
class Spariglio:
    """A capture by sum: it flips the parity of the values in ``flipped``."""

    number: int
    seat: int
    card: int
    taken: int
    flipped: tuple[int, ...]
    unmatched: tuple[int, ...]
    """The unmatched values just after this capture."""

    def text(self, style: Style | str | None = None, names: Sequence[str] | None = None) -> str:
        # as the run's language names the seat (live said "You" where its board says "Tu")
        """The capture by sum in words: who, what it took, the values it flipped and the
        values unmatched after it."""
        who = shown_name(seat_names(max(self.seat + 1, len(names or ())), names)[self.seat])
        parts = "+".join(
            str(VALUE_OF[i]) for i in sorted(indexes_of(self.taken), key=VALUE_OF.__getitem__)
        )
        return _(
            "play {play}, {player}: {card} x {taken} ({parts}={value}) flips {flipped}; "
            "unmatched now: {unmatched}"
        ).format(
            play=self.number,
            player=who,
            card=format_card(self.card, style),
            taken=format_cards(self.taken, style),
            parts=parts,
            value=VALUE_OF[self.card],
            flipped=values_text(self.flipped, style),
            unmatched=values_text(self.unmatched, style),
        )


@dataclass(frozen=True)
class SweepRisk:
    """Can one card sweep the table as it stands, and how likely is the next player to hold it."""

    sum: int
    value: int | None
    unseen: int
    """Unseen cards of ``value`` (0 when no single card sweeps)."""
    next_seat: int
    probability: float | None
    """P(the next player to move holds a card of ``value``); None when nothing sweeps."""
    scopa: bool
    """Whether such a sweep would score a scopa (not on the last play of the hand)."""
    method: str = "hypergeometric (cards seen only)"

    def to_json(self) -> dict[str, Any]:
        """The table's sum, the value that sweeps it, its unseen cards, the next seat, the
        chance that seat holds one and whether the sweep would be a scopa."""
        return {
            "sum": self.sum,
            "value": self.value,
            "unseen": self.unseen,
            "next": self.next_seat,
            "probability": None if self.probability is None else round(self.probability, 6),
            "scopa": self.scopa,
        }


@dataclass(frozen=True)
class Fact:
    """A certainty read off the board, kept as numbers; :meth:`text` puts it in words.

    The deductions refer to these objects (by their class and fields), never to their words.
    """

    kind: ClassVar[str] = "fact"

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The fact in words, in the language of the run (each kind of fact words its own)."""
        raise NotImplementedError


def _where(stock: bool, own: bool = False) -> str:
    """Where the unseen cards are: the other hands (and yours, when the record does not give
    your cards), and the stock."""
    if own:
        return (
            _("your hand, the other hands and the stock")
            if stock
            else _("your hand and the other hands")
        )
    return _("the other hands and the stock") if stock else _("the other hands")


@dataclass(frozen=True)
class UnseenTotal(Fact):
    """Rule of 220: the unseen cards add up to 220 less the cards seen."""

    kind: ClassVar[str] = "rule-220"
    seen: int
    unseen: int
    cards: int
    """How many cards are unseen."""
    stock: bool
    """Some of them are still to be dealt."""
    own: bool = False
    """The viewer's own cards are unknown (a record that does not give them): some are theirs."""

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The rule of 220 in words: what the cards seen add up to, and so the unseen ones."""
        return ngettext(
            "Rule of 220: the cards you have seen add up to {seen}, so the {n} unseen card "
            "({where}) adds up to {unseen}.",
            "Rule of 220: the cards you have seen add up to {seen}, so the {n} unseen cards "
            "({where}) add up to {unseen}.",
            self.cards,
        ).format(
            seen=self.seen, n=self.cards, where=_where(self.stock, self.own), unseen=self.unseen
        )


@dataclass(frozen=True)
class LastCardKnown(Fact):
    """Rule of 220 with one card unseen and none to deal: its worth names it."""

    kind: ClassVar[str] = "rule-220-last-card"
    card: int
    worth: int

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The rule of 220 in words, with one card unseen: its worth names it."""
        return _(
            "Rule of 220: the one card still unseen is worth {worth}: it can only be {card}."
        ).format(worth=self.worth, card=format_card(self.card, style))


@dataclass(frozen=True)
class LastCardsTotal(Fact):
    """Rule of 220 in the last round: the last cards not seen add up to ``total``: the other
    players', and the viewer's own when the record does not give them."""

    kind: ClassVar[str] = "rule-220-last-round"
    seats: tuple[int, ...]
    total: int

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The rule of 220 in the last round, in words: what the last cards of those players add
        up to."""
        return _("Rule of 220: the last cards of {players} add up to {total}.").format(
            players=", ".join(names[s] for s in self.seats), total=self.total
        )


@dataclass(frozen=True)
class EvenTotal(Fact):
    """Table, own hand and unseen cards add up to an even number (220 less the captures)."""

    kind: ClassVar[str] = "even-total"
    table: int
    mine: int
    unseen: int
    total: int

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The even total in words; an odd total says something was miscounted."""
        text = (
            _(
                "Even total: table {table} + your hand {mine} + unseen {unseen} = {total}, "
                "even, as it must be."
            )
            if self.total % 2 == 0
            else _(
                "Even total: table {table} + your hand {mine} + unseen {unseen} = {total}, "
                "odd: something was miscounted."
            )
        )
        return text.format(table=self.table, mine=self.mine, unseen=self.unseen, total=self.total)


@dataclass(frozen=True)
class OddValues(Fact):
    """Rule of 48: the values still out an odd number of times."""

    kind: ClassVar[str] = "rule-48-odd"
    values: tuple[int, ...]

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The rule of 48 in words: the values still out an odd number of times."""
        # beside "Unmatched (captured an odd number of times): 2, 3, 4, 7, F, R", a second odd
        # list read as a contradiction (new-user audit, stop 57): this one counts the unseen
        # cards (the board's unseen row) and says so, with the step from one list to the
        # other, the four places of a value's cards (track audit, stop 57)
        if not self.values:
            return _(
                "Rule of 48: the unseen cards hold an even number of every value (each value's "
                "4 cards are captured, on the table, in your hand or unseen; the unmatched "
                "values count the captures alone)."
            )
        # one value: "at least one", not "one of each" (coach audit, stop 57)
        return ngettext(
            "Rule of 48: the unseen cards hold an odd number of {values}, so at least one "
            "(each value's 4 cards are captured, on the table, in your hand or unseen; the "
            "unmatched values count the captures alone).",
            "Rule of 48: the unseen cards hold an odd number of {values}, so at least one of "
            "each (each value's 4 cards are captured, on the table, in your hand or unseen; "
            "the unmatched values count the captures alone).",
            len(self.values),
        ).format(values=values_text(self.values, style))


@dataclass(frozen=True)
class OneOfEachOdd(Fact):
    """Rule of 48 with nothing to deal: as many cards out as odd values, so one of each."""

    kind: ClassVar[str] = "rule-48-one-each"
    cards: int
    values: tuple[int, ...]
    own: bool = False
    """The viewer's own cards are unknown: the unseen cards include theirs, so the fact is
    about the unseen cards, not the other hands."""

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The rule of 48 in words: the cards still out are one of each odd value."""
        n, odd = self.cards, self.values
        out = ngettext("{n} card is still out", "{n} cards are still out", n).format(n=n)
        odd_n = ngettext("{n} value is odd", "{n} values are odd", len(odd)).format(n=len(odd))
        held = (
            _("one card, {value}").format(value=a_value(odd[0], style))
            if len(odd) == 1
            else _("one each of {values}").format(values=values_text(odd, style))
        )
        text = (
            _(
                "Rule of 48: {cards_out} and {odd_values}, so the unseen cards, yours among "
                "them, are exactly {held}."
            )
            if self.own
            else _(
                "Rule of 48: {cards_out} and {odd_values}, so the other hands hold exactly {held}."
            )
        )
        return text.format(cards_out=out, odd_values=odd_n, held=held)


@dataclass
class Board:
    """Everything the rule-of-48 tracker shows after a play, from one seat."""

    viewer: int
    names: list[str]
    plays: int
    counts: tuple[ValueCount, ...]
    """Index 0 is value 1."""
    mine: int
    table: int
    unseen: int
    """Mask of every card the viewer has not seen: other hands and the stock."""
    in_other_hands: int
    """How many unseen cards are in other players' hands (the rest are still to be dealt)."""
    stock: int
    """Cards still to be dealt: counted, not known."""
    sparigli: list[Spariglio]
    seen_sum: int
    unseen_sum: int
    last_round: bool
    sweep: SweepRisk
    notes: list[str] = field(default_factory=list)
    """The rule of 220, the even total and the parity reading, in words (from ``facts``)."""
    facts: list[Fact] = field(default_factory=list)
    last_capture: tuple[int, int] | None = None
    """(play number, seat) of the last capture so far, None before the first: whoever it is
    at the end takes the cards left on the table (track audit, stop 57: nothing said it)."""

    @property
    def unmatched(self) -> tuple[int, ...]:
        """The values captured an odd number of times so far (the rule of 48)."""
        return tuple(c.value for c in self.counts if not c.matched)

    @property
    def even_total(self) -> tuple[int, int, int, int]:
        """(table, your hand, unseen, their total): the total must be even."""
        t = table_sum(self.table)
        m = table_sum(self.mine)
        return t, m, self.unseen_sum, t + m + self.unseen_sum

    def odd_out(self) -> tuple[int, ...]:
        """Values of which an odd number of cards are still out (unseen).

        By the rule of 48, 4 = captured + table + hands, so this is the parity of captured +
        table + your hand.
        """
        return tuple(c.value for c in self.counts if c.unseen % 2)

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The board of ``tutor track --json``: each value's count, the unmatched values, the
        unseen cards, the sparigli, the rule of 220, the even total, the sweep risk and the
        notes."""
        t, m, u, total = self.even_total
        return {
            "viewer": self.names[self.viewer],
            "plays": self.plays,
            "values": [
                {
                    "value": c.value,
                    "captured": c.captured,
                    "matched": c.matched,
                    "table": c.table,
                    "mine": c.mine,
                    "unseen": c.unseen,
                }
                for c in self.counts
            ],
            "unmatched": list(self.unmatched),
            "unseen": format_cards(self.unseen, style).split(),
            "in_other_hands": self.in_other_hands,
            "stock": self.stock,
            "sparigli": [
                {
                    "play": s.number,
                    "player": self.names[s.seat],
                    "card": format_card(s.card, style),
                    "taken": format_cards(s.taken, style).split(),
                    "flipped": list(s.flipped),
                    "unmatched": list(s.unmatched),
                }
                for s in self.sparigli
            ],
            "rule_220": {
                "seen": self.seen_sum,
                "unseen": self.unseen_sum,
                "last_round": self.last_round,
            },
            "even_total": {
                "table": t,
                "mine": m,
                "unseen": u,
                "total": total,
                "even": total % 2 == 0,
            },
            "sweep": self.sweep.to_json(),
            "notes": list(self.notes),
            "last_capture": None
            if self.last_capture is None
            else {"play": self.last_capture[0], "player": self.names[self.last_capture[1]]},
        }


def _value_counts(mask: int) -> list[int]:
    counts = [0] * 11
    for i in indexes_of(mask):
        counts[VALUE_OF[i]] += 1
    return counts


def track(
    state: GameState,
    viewer: int,
    names: Sequence[str] | None = None,
    style: Style | str | None = None,
) -> Board:
    """The tracker's board for ``viewer`` in ``state`` (the viewer's own view, or a state that
    knows more: the board is the same).

    Only the viewer's hand, the table and the captured cards count as seen, whatever else
    ``state`` knows. The sweep probability here uses hard facts only (cards seen, hand sizes);
    :mod:`tutor.counting.inference` refines it with behavioural exclusions.
    """
    check_viewer(state, viewer)
    rules = state.rules
    who = seat_names(rules.players, names)
    captured = state.captured_cards()
    mine = state.hands[viewer]
    unseen = state.unseen_by(viewer)
    cap_n, tab_n, mine_n, un_n = (
        _value_counts(captured),
        _value_counts(state.table),
        _value_counts(mine),
        _value_counts(unseen),
    )
    counts = tuple(ValueCount(v, cap_n[v], tab_n[v], mine_n[v], un_n[v]) for v in range(1, 11))
    stock = state.to_deal()
    in_other = unseen.bit_count() - stock
    # Sparigli: the captures by sum, with the parity after each.
    sparigli: list[Spariglio] = []
    parity = [0] * 11
    last_capture = None
    for step in history(state):
        if step.capture:
            last_capture = (step.number, step.seat)
            flipped = flipped_values(step.card, step.capture)
            for v in flipped:
                parity[v] ^= 1
            if step.capture.bit_count() > 1:  # a capture by sum (a single card is a twin)
                unmatched = tuple(v for v in range(1, 11) if parity[v])
                sparigli.append(
                    Spariglio(step.number, step.seat, step.card, step.capture, flipped, unmatched)
                )
        if step.leftover:
            for i in indexes_of(step.leftover):
                parity[VALUE_OF[i]] ^= 1
    unseen_sum = table_sum(unseen)
    seen_sum = DECK_TOTAL - unseen_sum
    hand_sizes = [state.hand_size(s) for s in range(rules.players)]
    last_round = stock == 0 and max(hand_sizes) <= 1 and not state.is_over()
    # Sweep risk for the next player to move, on what the viewer knows: a state that knows
    # other hands (a whole record) would otherwise give a chance the viewer cannot have (API
    # audit, stop 55: 1.0 from the full state against 0.375 from the viewer's seat)
    value = sweep_value(state.table, rules.capture_precedence)
    nxt = state.turn
    if value is None:
        sweep = SweepRisk(table_sum(state.table), None, 0, nxt, None, False)
    else:
        sweep = SweepRisk(
            table_sum(state.table),
            value,
            un_n[value],
            nxt,
            0.0
            if state.is_over()
            # the viewer's own hand as it knows it; another's drawn from the cards it has
            # not seen, whatever else ``state`` knows
            else chance_of_value(state, viewer, value)
            if nxt == viewer
            else hypergeometric_any(unseen.bit_count(), un_n[value], hand_sizes[nxt]),
            state.sweep_scores(),
        )
    board = Board(
        viewer,
        who,
        len(state.stack),
        counts,
        mine,
        state.table,
        unseen,
        in_other,
        stock,
        sparigli,
        seen_sum,
        unseen_sum,
        last_round,
        sweep,
        last_capture=last_capture,
    )
    board.facts = _facts(board, hand_sizes, state.unknown[viewer] > 0)
    board.notes = [f.text(board.names, style) for f in board.facts]
    return board


def _facts(board: Board, hand_sizes: list[int], own: bool = False) -> list[Fact]:
    """The rule of 220, the even total and the rule-of-48 parity reading.

    ``own``: the viewer's cards are unknown (a record that does not give them), so they are
    among the unseen cards and the facts about the unseen cards name the viewer's hand too.
    """
    facts: list[Fact] = []
    viewer = board.viewer
    hidden = tuple(s for s in range(len(hand_sizes)) if (s != viewer or own) and hand_sizes[s])
    n_unseen = board.unseen.bit_count()
    facts.append(UnseenTotal(board.seen_sum, board.unseen_sum, n_unseen, board.stock > 0, own))
    if board.stock == 0 and n_unseen == 1:
        (card,) = indexes_of(board.unseen)
        facts.append(LastCardKnown(card, board.unseen_sum))
    elif board.stock == 0 and len(hidden) > 1 and board.last_round:
        facts.append(LastCardsTotal(hidden, board.unseen_sum))
    facts.append(EvenTotal(*board.even_total))
    odd = board.odd_out()
    if n_unseen:
        facts.append(OddValues(odd))
        if odd and len(odd) == n_unseen and board.stock == 0:
            facts.append(OneOfEachOdd(n_unseen, odd, own))
    return facts
