"""The game state: a mutable table with push/pop, legal moves and move errors.

Seats are numbered in playing order from the leader (seat 0); the dealer is the last seat.
Hands are bit masks of known cards plus a count of cards not known to whoever built the state
(a hand record may give only some hands); a full-information state has no unknown cards.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.cards import parse_cards, mask_of
>>> rules = load_ruleset("scopa")
>>> s = GameState.from_cards(rules, "2C 4H 5S 9D", [["7D", "7H", "1S"], ["3H", "10C", "8D"]],
...                          style="french")
>>> [s.format_move(m, "french") for m in s.legal_moves()]
['7D x 2C 5S', '7H x 2C 5S', 'AS']
>>> s.push(s.parse_move("7D x 2C 5S", "french"))
>>> s.format_table("french"), s.turn
('4H QD', 1)
>>> s.pop().card == parse_cards("7D")[0].index
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tutor.game.captures import VALUE_OF, CaptureOption, capture_table, explain_card
from tutor.game.cards import (
    CARDS,
    FULL_DECK,
    NotationError,
    Style,
    format_card,
    format_cards,
    indexes_of,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset

__all__ = [
    "Move",
    "MoveError",
    "InvalidMoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "PlayResult",
    "GameState",
    "random_deal",
]

KING_MASK = mask_of(c for c in CARDS if c.value == 10)
_tuple_new = tuple.__new__


class Move(NamedTuple):
    """A play: the card index and the mask of table cards it captures (0: laid)."""

    card: int
    capture: int = 0

    def text(self, style: Style | str | None = None) -> str:
        """``7D x 2C 5S`` or ``3H``; :meth:`GameState.parse_move` reads it back."""
        head = format_card(self.card, style)
        if not self.capture:
            return head
        return f"{head} x {format_cards(self.capture, style)}"


class MoveError(TutorError):
    """A play that cannot be made; ``choices`` lists the legal alternatives."""

    def __init__(self, message: str, choices: Sequence[str] = ()) -> None:
        full = message
        if choices:
            full += "; legal: " + ", ".join(choices)
        super().__init__(full)
        self.reason = message
        self.choices = list(choices)


class InvalidMoveError(MoveError):
    """The play is not well formed: no such card, or an unreadable capture."""


class IllegalMoveError(MoveError):
    """A well-formed play the rules forbid: wrong hand or turn, or a forbidden capture."""


class AmbiguousMoveError(MoveError):
    """Several legal captures and none was given."""


class PlayResult(NamedTuple):
    """What a push did, kept on the stack so that pop can undo it."""

    seat: int
    card: int
    capture: int
    scopa: bool
    learned: bool
    """The card was one of the seat's unknown cards."""
    last_capturer: int
    """The last capturer before this play (for undo)."""
    dealt: bool
    """A new deal followed this play."""
    leftover: int
    """Cards given to the last capturer because the hand ended."""
    leftover_seat: int


class GameState:
    """A hand in progress. ``push`` assumes a legal move; ``play`` checks it first."""

    __slots__ = (
        "rules",
        "hands",
        "unknown",
        "table",
        "captured",
        "scope",
        "turn",
        "last_capturer",
        "deals",
        "deal_index",
        "in_hands",
        "stack",
        "_prec",
        "_players",
        "_sides",
    )

    def __init__(
        self,
        rules: Ruleset,
        table: int,
        deals: Sequence[Sequence[tuple[int, int]]],
    ) -> None:
        """``deals[d][seat]`` is (known cards mask, number of unknown cards) of each deal."""
        self.rules = rules
        p = rules.players
        self._players = p
        self._sides = rules.sides
        self._prec = rules.capture_precedence
        self.table = table
        self.hands = [0] * p
        self.unknown = [0] * p
        self.captured = [0] * rules.sides
        self.scope = [0] * rules.sides
        self.turn = 0
        self.last_capturer = -1
        self.deals = [list(d) for d in deals]
        self.deal_index = 0
        self.in_hands = 0
        self.stack: list[PlayResult] = []
        if self.deals:
            self._deal()

    # -- construction -----------------------------------------------------------------

    @classmethod
    def from_cards(
        cls,
        rules: Ruleset,
        table: str | Iterable[str],
        hands: Sequence[Sequence[str] | str],
        style: Style | str | None = None,
    ) -> GameState:
        """A one-deal full-information state from card texts (handy in tests and puzzles)."""
        t = mask_of(parse_cards(table, style))
        deal = []
        for h in hands:
            cards = parse_cards(h, style)
            deal.append((mask_of(cards), 0))
        return cls(rules, t, [deal])

    @classmethod
    def random(cls, rules: Ruleset, rng: random.Random | int | None = None) -> GameState:
        """A full-information state from a random deal (honouring the redeal rule)."""
        table, deals = random_deal(rules, rng)
        return cls(rules, table, [[(m, 0) for m in d] for d in deals])

    def copy(self) -> GameState:
        """An independent copy without the undo stack."""
        new = object.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.unknown = list(self.unknown)
        new.captured = list(self.captured)
        new.scope = list(self.scope)
        new.deals = [list(d) for d in self.deals]
        new.stack = []
        return new

    def _deal(self) -> None:
        deal = self.deals[self.deal_index]
        self.deal_index += 1
        n = 0
        for seat, (known, unknown) in enumerate(deal):
            self.hands[seat] |= known
            self.unknown[seat] += unknown
            n += known.bit_count() + unknown
        self.in_hands += n

    def _undeal(self) -> None:
        self.deal_index -= 1
        deal = self.deals[self.deal_index]
        n = 0
        for seat, (known, unknown) in enumerate(deal):
            self.hands[seat] &= ~known
            self.unknown[seat] -= unknown
            n += known.bit_count() + unknown
        self.in_hands -= n

    # -- queries ------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return seat % self._sides

    @property
    def side_to_move(self) -> int:
        return self.turn % self._sides

    @property
    def ply(self) -> int:
        return len(self.stack)

    def is_over(self) -> bool:
        """No cards left in any hand and no deal to come."""
        return self.in_hands == 0 and self.deal_index >= len(self.deals)

    def is_last_play(self) -> bool:
        """The next play is the last of the hand."""
        return self.in_hands == 1 and self.deal_index >= len(self.deals)

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].bit_count() + self.unknown[seat]

    def seen(self) -> int:
        """Every card whose place is known: hands' known cards, table, captured."""
        m = self.table
        for h in self.hands:
            m |= h
        for c in self.captured:
            m |= c
        for d in self.deals[self.deal_index :]:
            for known, _ in d:
                m |= known
        return m

    def unplaced(self) -> int:
        """Cards not placed anywhere yet: they are among the unknown cards of hands or deals."""
        return FULL_DECK & ~self.seen()

    def legal_moves(self) -> list[Move]:
        """Every legal (card, capture) of the player to move, from their known cards."""
        caps = capture_table(self.table, self._prec)
        forced = self.rules.forced_capture
        moves: list[Move] = []
        add = moves.append
        new = _tuple_new
        h = self.hands[self.turn]
        while h:
            low = h & -h
            i = low.bit_length() - 1
            h ^= low
            opts = caps[VALUE_OF[i]]
            if opts:
                for m in opts:
                    add(new(Move, (i, m)))
                if not forced:
                    add(new(Move, (i, 0)))
            else:
                add(new(Move, (i, 0)))
        return moves

    def legal_moves_for(self, card: int) -> list[Move]:
        """The legal plays of one card on the current table (whoever holds it)."""
        opts = capture_table(self.table, self._prec)[VALUE_OF[card]]
        moves = [Move(card, m) for m in opts]
        if not opts or not self.rules.forced_capture:
            moves.append(Move(card, 0))
        return moves

    def explain(self, card: int, style: Style | str | None = None) -> list[CaptureOption]:
        """Every way ``card`` could be played here, with the rule that allows or forbids it."""
        return explain_card(self.table, card, self.rules, style)

    # -- playing ------------------------------------------------------------------------

    def push(self, move: Move | tuple[int, int]) -> None:
        """Play a move assumed legal (see :meth:`check` and :meth:`play`)."""
        card, capture = move
        seat = self.turn
        bit = 1 << card
        hand = self.hands[seat]
        if hand & bit:
            self.hands[seat] = hand ^ bit
            learned = False
        else:
            self.unknown[seat] -= 1
            learned = True
        self.in_hands -= 1
        prev_lc = self.last_capturer
        last = self.in_hands == 0 and self.deal_index >= len(self.deals)
        scopa = False
        if capture:
            self.table ^= capture
            side = seat % self._sides
            self.captured[side] |= capture | bit
            self.last_capturer = seat
            if not self.table and (not last or self.rules.last_play_scopa):
                scopa = True
                self.scope[side] += 1
        else:
            self.table |= bit
        self.turn = (seat + 1) % self._players
        dealt = False
        leftover = 0
        leftover_seat = -1
        if self.in_hands == 0:
            if self.deal_index < len(self.deals):
                self._deal()
                dealt = True
            elif self.table and self.last_capturer >= 0 and self.rules.leftovers_to_last_capturer:
                leftover = self.table
                leftover_seat = self.last_capturer
                self.captured[leftover_seat % self._sides] |= leftover
                self.table = 0
        self.stack.append(
            PlayResult(seat, card, capture, scopa, learned, prev_lc, dealt, leftover, leftover_seat)
        )

    def pop(self) -> Move:
        """Undo the last play and return it."""
        r = self.stack.pop()
        if r.leftover:
            self.captured[r.leftover_seat % self._sides] &= ~r.leftover
            self.table = r.leftover
        if r.dealt:
            self._undeal()
        self.turn = r.seat
        bit = 1 << r.card
        if r.capture:
            side = r.seat % self._sides
            self.captured[side] &= ~(r.capture | bit)
            self.table |= r.capture
            if r.scopa:
                self.scope[side] -= 1
        else:
            self.table &= ~bit
        self.last_capturer = r.last_capturer
        if r.learned:
            self.unknown[r.seat] += 1
        else:
            self.hands[r.seat] |= bit
        self.in_hands += 1
        return Move(r.card, r.capture)

    def check(self, move: Move, seat: int | None = None, style: Style | str | None = None) -> None:
        """Raise the right :class:`MoveError` if ``move`` is not legal now (for ``seat``).

        Cards in the message are written in ``style``, the notation the player used.
        """
        card, capture = move
        if not (0 <= card < 40):
            raise InvalidMoveError(f"no card with index {card}")
        who = self.turn if seat is None else seat
        if who != self.turn:
            raise IllegalMoveError(f"it is seat {self.turn}'s turn, not seat {who}'s")
        if self.is_over():
            raise IllegalMoveError("the hand is over: no play is left")
        bit = 1 << card
        if not self.hands[who] & bit:
            if self.unknown[who] == 0:
                raise IllegalMoveError(
                    f"{format_card(card, style)} is not in the hand of the player to move"
                )
            if self.seen() & bit:
                raise IllegalMoveError(
                    f"{format_card(card, style)} cannot be in the hand of the player to move: "
                    + self.where_is(card)
                )
        if capture & ~self.table:
            absent = capture & ~self.table
            verb = "is" if absent.bit_count() == 1 else "are"
            raise IllegalMoveError(f"{format_cards(absent, style)} {verb} not on the table")
        legal = self.legal_moves_for(card)
        if Move(card, capture) not in legal:
            reason = next(
                (o.reason for o in self.explain(card, style) if o.capture == capture),
                None,
            )
            if reason is None:
                total = sum(VALUE_OF[i] for i in indexes_of(capture))
                reason = (
                    f"{format_cards(capture, style)} add up to {total}, not "
                    f"{VALUE_OF[card]}: a card takes one equal card or cards that sum to it"
                )
            raise IllegalMoveError(reason, [m.text(style) for m in legal])

    def where_is(self, card: int) -> str:
        """Where a seen card is, in words."""
        bit = 1 << card
        if self.table & bit:
            return "it is on the table"
        for side, m in enumerate(self.captured):
            if m & bit:
                return f"it was already captured (by side {side})"
        for seat, h in enumerate(self.hands):
            if h & bit:
                return f"it is in seat {seat}'s hand"
        for d in self.deals[self.deal_index :]:
            for seat, (known, _) in enumerate(d):
                if known & bit:
                    return f"it is dealt to seat {seat} later"
        return "it has been seen"

    def play(self, move: Move, style: Style | str | None = None) -> PlayResult:
        """Check and push a move; return what happened."""
        self.check(move, style=style)
        self.push(move)
        return self.stack[-1]

    def parse_move(self, text: str, style: Style | str | None = None) -> Move:
        """Read ``7D x 2C 5S`` (or ``3H``) in the context of this state.

        A bare card means laying it, or its single legal capture; several legal captures
        and none given raise :class:`AmbiguousMoveError`.
        """
        raw = text.strip()
        parts = raw.replace("X", "x").split("x", 1) if "x" in raw.lower() else [raw]
        try:
            card = parse_card(parts[0], style).index
            if len(parts) == 1:
                captured = None
            else:
                taken = parse_cards(parts[1], style)
                if not taken:
                    raise NotationError(f"{raw!r}: nothing named after 'x'")
                if len(set(taken)) != len(taken):
                    raise NotationError(f"{raw!r}: a card is named twice in the capture")
                captured = mask_of(taken)
        except NotationError as exc:
            raise InvalidMoveError(str(exc)) from None
        if captured is not None:
            return Move(card, captured)
        legal = self.legal_moves_for(card)
        if len(legal) == 1:
            return legal[0]
        caps = [m for m in legal if m.capture]
        if len(caps) > 1:
            raise AmbiguousMoveError(
                f"{format_card(card, style)} can capture in {len(caps)} ways; say which",
                [m.text(style) for m in legal],
            )
        return Move(card, 0)

    def format_move(self, move: Move, style: Style | str | None = None) -> str:
        return move.text(style)

    def format_table(self, style: Style | str | None = None) -> str:
        return format_cards(self.table, style)

    def key(self) -> tuple[int, ...]:
        """A compact key of the position (for transposition tables and equality tests)."""
        return (
            self.table,
            self.turn,
            self.last_capturer,
            self.deal_index,
            *self.hands,
            *self.unknown,
            *self.captured,
            *self.scope,
        )

    def __repr__(self) -> str:
        return (
            f"<GameState {self.rules.name} ply={self.ply} turn={self.turn} "
            f"table=[{self.format_table()}]>"
        )


def random_deal(
    rules: Ruleset, rng: random.Random | int | None = None
) -> tuple[int, list[list[int]]]:
    """Shuffle and deal: the table mask and, per deal, each seat's hand mask.

    Redeals while the opening table holds ``rules.redeal_kings`` kings or more.
    """
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    deck = list(range(40))
    p, h, t = rules.players, rules.hand_size, rules.table_cards
    while True:
        r.shuffle(deck)
        table = 0
        for i in deck[:t]:
            table |= 1 << i
        if not rules.redeal_kings or (table & KING_MASK).bit_count() < rules.redeal_kings:
            break
    deals: list[list[int]] = []
    pos = t
    for _ in range(rules.deals_per_hand):
        deal = []
        for _seat in range(p):
            m = 0
            for i in deck[pos : pos + h]:
                m |= 1 << i
            pos += h
            deal.append(m)
        deals.append(deal)
    return table, deals
