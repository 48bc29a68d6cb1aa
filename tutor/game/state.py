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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tutor.game.captures import VALUE_OF, CaptureOption, capture_table, explain_card
from tutor.game.cards import (
    FULL_DECK,
    KING_MASK,
    Card,
    NotationError,
    Style,
    capture_hint,
    format_card,
    format_cards,
    get_style,
    indexes_of,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import _, ngettext
from tutor.game.rules import Ruleset

__all__ = [
    "Move",
    "WrittenPlay",
    "parse_play",
    "CardPlace",
    "MoveError",
    "InvalidMoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "StateError",
    "seat_problem",
    "PlayResult",
    "GameState",
    "moves_of",
    "random_deal",
]

_tuple_new = tuple.__new__


class Move(NamedTuple):
    """A play: the card index and the mask of table cards it captures (0: laid).

    Its text is the record's notation, and reads back without a position
    (:meth:`from_text`; :meth:`GameState.parse_move` reads it in one, with the rules):

    >>> m = Move.from_text("7D x 2C 5S")
    >>> m, str(m), Move.from_text(str(m)) == m
    (Move.from_text('7D x 2C 5S'), '7D x 2C 5S', True)
    >>> Move.from_text("3C")  # a card alone is laid
    Move.from_text('3C')
    """

    card: int
    capture: int = 0

    def text(self, style: Style | str | None = None) -> str:
        """``7D x 2C 5S`` or ``3H``; :meth:`GameState.parse_move` reads it back."""
        head = format_card(self.card, style)
        if not self.capture:
            return head
        return f"{head} x {format_cards(self.capture, style)}"

    @classmethod
    def from_text(cls, text: str, style: Style | str | None = None) -> Move:
        """The move ``text`` writes, read without a position: a card alone is laid (in a
        position it may mean its one capture: :meth:`GameState.parse_move`).
        :class:`~tutor.game.cards.NotationError` says what is wrong with text that is not a
        play."""
        written = parse_play(text, style)
        return cls(written.card, written.capture or 0)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.from_text({self.text()!r})"


class WrittenPlay(NamedTuple):
    """A play as written, before any position gives it a meaning.

    ``capture`` is the mask of the cards named after ``x``, or None when the card is written
    alone (it is laid, or makes its one legal capture: :meth:`GameState.resolve` decides).
    """

    card: int
    capture: int | None = None

    def text(self, style: Style | str | None = None) -> str:
        """The canonical text: the captured cards by value, then suit; :func:`parse_play`
        reads it back."""
        return Move(self.card, self.capture or 0).text(style)


_X = re.compile(r"\s*[xX]\s+|\s+[xX]\s*")
"""The ``x`` between a card and its capture, with a space on at least one side (``1X`` is a
card written wrong, not a capture)."""
_SPACED_X = re.compile(r"\s+[xX]\s+")
"""An ``x`` standing alone: tried first, so that in ``7X x 2C`` the mistyped card is ``7X``."""


_SCOPA_WORDS = ("scopa",)


def parse_play(text: str, style: Style | str | None = None) -> WrittenPlay:
    """Read a play written as ``7D x 2C 5S`` (card, ``x``, the cards it takes) or ``3H``.

    The one reader of play text: hand records, ``tutor live`` and :meth:`GameState.parse_move`
    all use it. It checks the form only; :class:`~tutor.game.cards.NotationError` says what is
    wrong.

    >>> parse_play("7d X 2c 5s").text()
    '7D x 2C 5S'
    >>> parse_play("3H", "french")
    WrittenPlay(card=12, capture=None)
    >>> parse_play("7X x 2C")
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: '7X' is not a card: unknown suit 'X' in italian notation \
(suits: D ♦ denari, C ♥ coppe, S ♠ spade, B ♣ bastoni)
    >>> parse_play("7X 2C")  # not "'7' is not a card"
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: '7X' is not a card: unknown suit 'X' in italian notation \
(suits: D ♦ denari, C ♥ coppe, S ♠ spade, B ♣ bastoni)
    >>> parse_play("7D 2C")
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: '7D 2C': write one card, then 'x' and the cards it \
captures (like 7D x 2C 5S)
    >>> parse_play("7Dx2C 5S")
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: '7Dx2C 5S'; a capture has spaces around x: 7D x 2C 5S
    >>> parse_play("7D xy 2C")  # the word at fault named whole, not its tail 'y'
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: '7D xy 2C': 'xy' is neither 'x' nor a card
    >>> parse_play("7D x 2C 5S x 4C")
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: '7D x 2C 5S x 4C': one 'x' only: the card played, 'x', \
then every card it takes (like 7D x 2C 5S)
    """
    if not isinstance(text, str):  # None or a number where text is due: say so, not crash
        raise NotationError(
            _("{value!r} is not text: a play is written as text, like 7D x 2C 5S").format(
                value=Shown(text)
            )
        )
    # one space between words: the patterns then run in time linear in the text, however many
    # spaces a file puts between them (a long run made them quadratic)
    stripped = " ".join(text.split())
    text = stripped if len(stripped) <= 60 else stripped[:59] + "…"
    parts = (_SPACED_X if _SPACED_X.search(stripped) else _X).split(stripped, maxsplit=1)
    head = parts[0]
    if not head:
        raise NotationError(_("{text!r}: no card before 'x'").format(text=Shown(text)))
    if len(head.split()) > 1:
        # "7Dx2C 5S": a capture typed without spaces around x says how to write it
        hint = capture_hint(head.replace(" ", ""), get_style(style))
        if hint:
            raise NotationError(repr(Shown(text)) + hint)
        raise NotationError(
            _(
                "{text!r}: write one card, then 'x' and the cards it captures (like 7D x 2C 5S)"
            ).format(text=text)
        )
    try:
        card = parse_card(head, style).index
    except NotationError:
        glued = stripped.split()[0]
        if len(parts) > 1 and glued[-1] in "xX" and glued[:-1] == head:
            # "7X 2C": the x glued to a card with no suit is that card's suit, mistyped
            # (input audit, stop 54: it said only "'7' is not a card")
            parse_card(glued, style)
        raise
    if len(parts) == 1:
        return WrittenPlay(card)
    words = parts[1].split()
    if any(w.casefold() == "x" for w in words):  # "7D x 2C 5S x 4C" (record audit, stop 53)
        raise NotationError(
            _(
                "{text!r}: one 'x' only: the card played, 'x', then every card it takes "
                "(like 7D x 2C 5S)"
            ).format(text=Shown(text))
        )
    said = [w for w in words if w.strip("!.").casefold() in _SCOPA_WORDS]  # "scopa!" too
    if said:  # "5D x 5S scopa": the sweep shows from the play, and a word is no card
        play = f"{head} x {' '.join(w for w in words if w not in said)}"
        raise NotationError(
            _("{text!r}: a scopa shows from the play itself: write the play alone ({play})").format(
                text=Shown(text), play=play
            )
        )
    sep = (_SPACED_X if _SPACED_X.search(stripped) else _X).search(stripped)
    if sep is not None and not sep.group().endswith(" ") and parts[1].split():
        # "7D xy 2C": the x is glued to the next word; name that word, not its tail ('y')
        glued = sep.group().strip() + parts[1].split()[0]
        try:
            parse_cards(parts[1], style)
        except NotationError:
            raise NotationError(
                _("{text!r}: {word!r} is neither 'x' nor a card").format(
                    text=Shown(text), word=Shown(glued)
                )
            ) from None
    taken = parse_cards(parts[1], style)
    if not taken:
        raise NotationError(_("{text!r}: nothing named after 'x'").format(text=Shown(text)))
    if len(set(taken)) != len(taken):
        raise NotationError(
            _("{text!r}: a card is named twice in the capture").format(text=Shown(text))
        )
    return WrittenPlay(card, mask_of(taken))


@dataclass(frozen=True)
class CardPlace:
    """Where a card is, as far as a state knows, and how it got there.

    :meth:`GameState.place_of` finds it; :meth:`text` says it in words, for every message that
    explains why a card cannot be played or dealt.
    """

    kind: str
    """``table``, ``captured``, ``hand``, ``deal`` (a deal still to come) or ``unplaced``
    (nobody has placed it: an unknown hand or deal may hold it)."""
    seat: int = -1
    """For ``hand`` and ``deal``: the seat that holds it."""
    side: int = -1
    """For ``captured``: the side that took it."""
    deal: int = -1
    """For ``deal``: which deal (0 is the first) brings it."""
    played_at: int = 0
    """The play (1 is the first) that played it; 0 when it has not been played."""
    played_by: int = -1
    taken_at: int = 0
    """The play that captured it; 0 when it was not captured on the state's stack."""

    def text(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        """The place in words: seats by ``names`` (default ``seat N``); seat ``you`` is
        "your"."""

        def name(seat: int) -> str:
            return names[seat] if names else _("seat {seat}").format(seat=seat)

        if self.played_at:
            if self.played_by == you:
                return _("it was already played by you at play {n}").format(n=self.played_at)
            return _("it was already played by {name} at play {n}").format(
                name=name(self.played_by), n=self.played_at
            )
        if self.kind == "table":
            return _("it is on the table")
        if self.kind == "captured":
            if self.taken_at:
                return _("it was captured at play {n}").format(n=self.taken_at)
            return _("it was already captured (by side {side})").format(side=self.side)
        if self.kind == "hand":
            if self.seat == you:
                return _("it is in your hand")
            return _("it is in {name}'s hand").format(name=name(self.seat))
        if self.kind == "deal":
            if self.seat == you:
                return _("it is dealt to you in deal {n}").format(n=self.deal + 1)
            return _("it is dealt to {name} in deal {n}").format(
                name=name(self.seat), n=self.deal + 1
            )
        return _("nobody has seen it yet")


class MoveError(TutorError):
    """A play that cannot be made; ``choices`` lists the legal alternatives."""

    def __init__(self, message: str, choices: Sequence[str] = ()) -> None:
        full = message
        if choices:
            full = _("{reason}; legal: {choices}").format(
                reason=message, choices=", ".join(choices)
            )
        super().__init__(full)
        self.reason = message
        self.choices = list(choices)


class InvalidMoveError(MoveError):
    """The play is not well formed: no such card, or an unreadable capture."""


class IllegalMoveError(MoveError):
    """A well-formed play the rules forbid: wrong hand or turn, or a forbidden capture."""


class AmbiguousMoveError(MoveError):
    """Several legal captures and none was given."""


class StateError(TutorError):
    """A request the state cannot meet: nothing to undo, or a seat the game does not have."""


def seat_problem(players: int, seat: int) -> str | None:
    """Why ``seat`` is no seat of a game of ``players`` (0 to players - 1; -1 is none, whatever
    a list would make of it, and neither is the text ``'0'``), or None when it is one. Each
    layer raises its own error with it.

    >>> seat_problem(4, 3), seat_problem(2, -1)
    (None, 'no seat -1: the game has 2 players')
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        return ngettext(
            "no seat {seat}: the game has {n} player",
            "no seat {seat}: the game has {n} players",
            players,
        ).format(seat=Shown(seat), n=players)
    return None


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
        """A one-deal full-information state from card texts (handy in tests and puzzles).

        NotationError when a card is given twice or the hands do not match the players.
        """
        if len(hands) != rules.players:
            raise NotationError(
                _("{n} hands given for the {players} players of {ruleset}").format(
                    n=len(hands), players=rules.players, ruleset=rules.name
                )
            )
        placed: list[Card] = list(parse_cards(table, style))
        t = mask_of(placed)
        deal = []
        for h in hands:
            cards = parse_cards(h, style)
            placed.extend(cards)
            deal.append((mask_of(cards), 0))
        twice = sorted({c for c in placed if placed.count(c) > 1})
        if twice:
            raise NotationError(
                _("{cards}: given twice").format(
                    cards=" ".join(format_card(c, style) for c in twice)
                )
            )
        return cls(rules, t, [deal])

    @classmethod
    def random(cls, rules: Ruleset, rng: random.Random | int | None = None) -> GameState:
        """A full-information state from a random deal (honouring the redeal rule)."""
        table, deals = random_deal(rules, rng)
        return cls(rules, table, [[(m, 0) for m in d] for d in deals])

    def copy(self, with_stack: bool = False) -> GameState:
        """An independent copy; ``with_stack`` keeps the history, so that it can be popped."""
        new = object.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.unknown = list(self.unknown)
        new.captured = list(self.captured)
        new.scope = list(self.scope)
        new.deals = [list(d) for d in self.deals]
        new.stack = list(self.stack) if with_stack else []
        return new

    def rewound(self) -> tuple[GameState, list[Move]]:
        """A copy taken back to before the first play on the stack, and the plays in order.

        Pushing the plays on the copy gives this state back (with the same stack).
        """
        start = self.copy(with_stack=True)
        while start.stack:
            start.pop()
        return start, [Move(r.card, r.capture) for r in self.stack]

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
        """The side ``seat`` plays for (partners sit opposite)."""
        return seat % self._sides

    @property
    def side_to_move(self) -> int:
        """The side of the player to move."""
        return self.turn % self._sides

    @property
    def ply(self) -> int:
        """The number of plays on the stack: made on this state since it was built (a
        copy without its stack starts again from 0)."""
        return len(self.stack)

    def is_over(self) -> bool:
        """No cards left in any hand and no deal to come."""
        return self.in_hands == 0 and self.deal_index >= len(self.deals)

    def is_last_play(self) -> bool:
        """The next play is the last of the hand."""
        return self.in_hands == 1 and self.deal_index >= len(self.deals)

    def sweep_scores(self) -> bool:
        """Whether a sweep now would be a scopa: any play but the last of the hand, and the last
        too where the ruleset counts one there."""
        return not self.is_last_play() or self.rules.last_play_scopa

    def scores_scopa(self, move: Move) -> bool:
        """Whether ``move`` sweeps the table for a scopa: it takes every card there, when a sweep
        scores (:meth:`sweep_scores`; :meth:`push` says the same of the move played)."""
        return bool(move.capture) and move.capture == self.table and self.sweep_scores()

    def _check_seat(self, seat: int) -> None:
        """StateError unless ``seat`` is a seat of the game (:func:`seat_problem`)."""
        if type(seat) is int and 0 <= seat < self._players:  # the play-outs ask this often
            return
        problem = seat_problem(self._players, seat)
        if problem is not None:
            raise StateError(problem)

    @staticmethod
    def _check_card(card: int) -> None:
        """InvalidMoveError unless ``card`` is a card index, 0 to 39 (as :meth:`check` says)."""
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 40:
            raise InvalidMoveError(_("no card with index {index}").format(index=Shown(card)))

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds, known or not (StateError: no such seat)."""
        self._check_seat(seat)
        return self.hands[seat].bit_count() + self.unknown[seat]

    def to_deal(self) -> int:
        """How many cards are still to be dealt (the *stock*): a count every player knows."""
        return sum(known.bit_count() + unknown for d in self.deals[self.deal_index :]
                   for known, unknown in d)  # fmt: skip

    def unknown_to_deal(self) -> int:
        """How many of the cards still to be dealt this state does not know."""
        return sum(unknown for d in self.deals[self.deal_index :] for _, unknown in d)

    def plays_left(self) -> int:
        """Plays still to come in the hand: the cards in hands and those still to be dealt."""
        return self.in_hands + self.to_deal()

    def has_hidden_cards(self) -> bool:
        """Whether some card of a hand, now or in a deal to come, is unknown to this state."""
        return any(self.unknown) or self.unknown_to_deal() > 0

    def seen(self) -> int:
        """Every card whose place is known: hands' known cards, table, captured."""
        m = self.table
        for h in self.hands:
            m |= h
        for c in self.captured:
            m |= c
        for d in self.deals[self.deal_index :]:
            for known, _n in d:
                m |= known
        return m

    def captured_cards(self) -> int:
        """Every card captured so far, by either side."""
        m = 0
        for pile in self.captured:
            m |= pile
        return m

    def unseen_by(self, seat: int) -> int:
        """Cards ``seat`` has not seen, whatever this state knows: all but their own hand, the
        table and the captured piles (the others' hands and the cards still to be dealt)."""
        self._check_seat(seat)
        return FULL_DECK & ~(self.hands[seat] | self.table | self.captured_cards())

    def unplaced(self) -> int:
        """Cards not placed anywhere yet: they are among the unknown cards of hands or deals."""
        return FULL_DECK & ~self.seen()

    def legal_moves(self) -> list[Move]:
        """Every legal (card, capture) of the player to move, from their known cards."""
        return moves_of(self.hands[self.turn], self.table, self.rules)

    def legal_moves_for(self, card: int) -> list[Move]:
        """The legal plays of one card on the current table (whoever holds it)."""
        self._check_card(card)
        opts = capture_table(self.table, self._prec)[VALUE_OF[card]]
        moves = [Move(card, m) for m in opts]
        if not opts or not self.rules.forced_capture:
            moves.append(Move(card, 0))
        return moves

    def explain(self, card: int, style: Style | str | None = None) -> list[CaptureOption]:
        """Every way ``card`` could be played here, with the rule that allows or forbids it."""
        self._check_card(card)
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
        """Undo the last play and return it (:class:`StateError` when nothing was played)."""
        if not self.stack:
            raise StateError(_("no play to undo: nothing has been played on this state"))
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
        self._check_card(card)
        if capture < 0 or capture >> 40:
            raise InvalidMoveError(_("a capture names only cards 0 to 39"))
        who = self.turn if seat is None else seat
        if who != self.turn:
            raise IllegalMoveError(
                _("it is seat {turn}'s turn, not seat {seat}'s").format(turn=self.turn, seat=who)
            )
        if self.is_over():
            raise IllegalMoveError(_("the hand is over: no play is left"))
        if not self.hands[who] >> card & 1:
            if self.unknown[who] == 0:
                raise IllegalMoveError(
                    _("{card} is not in the hand of the player to move").format(
                        card=format_card(card, style)
                    )
                )
            place = self.place_of(card)
            if place.kind != "unplaced":
                raise IllegalMoveError(
                    _("{card} cannot be in the hand of the player to move: {where}").format(
                        card=format_card(card, style), where=place.text()
                    )
                )
        self.check_capture(move, style)

    def check_on_table(self, cards: int, style: Style | str | None = None) -> None:
        """Raise :class:`IllegalMoveError` naming those of ``cards`` (a mask) that are not on
        the table, and what the table holds."""
        absent = cards & ~self.table
        if not absent:
            return
        if not self.table:
            holds = _("the table holds nothing")
        else:
            holds = _("the table holds {cards}").format(cards=format_cards(self.table, style))
        raise IllegalMoveError(
            ngettext(
                "{cards} is not on the table ({holds})",
                "{cards} are not on the table ({holds})",
                absent.bit_count(),
            ).format(cards=format_cards(absent, style), holds=holds)
        )

    def check_capture(self, move: Move, style: Style | str | None = None) -> None:
        """Raise :class:`IllegalMoveError` unless the rules allow ``move``'s capture (or laying
        the card) on this table, whoever holds the card.

        The error lists the legal plays of the card as ``choices``, except when the capture
        names cards that are not on the table.
        """
        card, capture = move
        self.check_on_table(capture, style)
        legal = self.legal_moves_for(card)
        if Move(card, capture) not in legal:
            reason = next(
                (o.reason for o in self.explain(card, style) if o.capture == capture),
                None,
            )
            if reason is None:
                taken = list(indexes_of(capture))
                total = sum(VALUE_OF[i] for i in taken)
                # one card is worth, not "adds up to" (new-user audit, stop 57: 6B x FB said
                # "they add up to 8")
                # the cards named, not "it" (API audit, stop 59: "QS x 4H: it is worth 4"
                # read as the queen)
                reason = (
                    _(
                        "{cards} is worth {total}, not {value}: a card takes one equal card or "
                        "cards that add up to it"
                    )
                    if len(taken) == 1
                    else _(
                        "{cards} add up to {total}, not {value}: a card takes one equal card "
                        "or cards that add up to it"
                    )
                ).format(cards=format_cards(capture, style), total=total, value=VALUE_OF[card])
            raise IllegalMoveError(reason, [m.text(style) for m in legal])

    def place_of(self, card: int) -> CardPlace:
        """Where ``card`` is, and the plays that put it there (from the stack)."""
        bit = 1 << card
        played_at = taken_at = 0
        played_by = -1
        for n, r in enumerate(self.stack, 1):
            if r.card == card:
                played_at, played_by = n, r.seat
                if r.capture:
                    taken_at = n
            elif r.capture & bit:
                taken_at = n
        history = {"played_at": played_at, "played_by": played_by, "taken_at": taken_at}
        if self.table & bit:
            return CardPlace("table", **history)
        for side, m in enumerate(self.captured):
            if m & bit:
                return CardPlace("captured", side=side, **history)
        for seat, h in enumerate(self.hands):
            if h & bit:
                return CardPlace("hand", seat=seat, **history)
        for d in range(self.deal_index, len(self.deals)):
            for seat, (known, _n) in enumerate(self.deals[d]):
                if known & bit:
                    return CardPlace("deal", seat=seat, deal=d, **history)
        return CardPlace("unplaced", **history)

    def play(self, move: Move, style: Style | str | None = None) -> PlayResult:
        """Check and push a move; return what happened."""
        self.check(move, style=style)
        self.push(move)
        return self.stack[-1]

    def parse_move(self, text: str, style: Style | str | None = None) -> Move:
        """Read ``7D x 2C 5S`` (or ``3H``) as a legal move of this state, so that
        ``state.push(state.parse_move(text))`` is safe.

        A bare card means laying it, or its single legal capture. Text that is not a play
        raises :class:`InvalidMoveError`, several legal captures and none given
        :class:`AmbiguousMoveError`, a play the rules forbid here :class:`IllegalMoveError`
        (with :meth:`check`'s reason).

        >>> from tutor.game.rules import load_ruleset
        >>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", [["7D", "4C"], ["3B"]])
        >>> s.parse_move("7D").text()
        '7D x 2C 5S'
        >>> s.parse_move("7D x 2C")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tutor.game.state.IllegalMoveError: 2C is worth 2, not 7: a card takes one equal card or...
        """
        move = self.read_move(text, style)
        self.check(move, style=style)
        return move

    def read_move(self, text: str, style: Style | str | None = None) -> Move:
        """The move ``text`` means here, not yet checked for legality: for a caller that says
        itself why a play cannot be made (:meth:`parse_move` checks it too)."""
        try:
            written = parse_play(text, style)
        except NotationError as exc:
            raise InvalidMoveError(str(exc)) from None
        return self.resolve(written, style)

    def resolve(self, play: WrittenPlay, style: Style | str | None = None) -> Move:
        """The move a written play means here: a card written alone is laid, or makes its one
        legal capture (:class:`AmbiguousMoveError` when it has several). Where capturing is
        optional (``forced_capture: false``) a card alone is always laid. Legality is
        :meth:`check`'s business: a card the player to move cannot hold is read as laid, so
        that :meth:`check` says why it cannot be played."""
        card = play.card
        if play.capture is not None:
            return Move(card, play.capture)
        if not self.rules.forced_capture or not self._may_hold(card):
            return Move(card, 0)
        legal = self.legal_moves_for(card)
        if len(legal) == 1:
            return legal[0]
        caps = [m for m in legal if m.capture]
        if len(caps) > 1:
            raise AmbiguousMoveError(
                _("{card} can capture in {n} ways; say which").format(
                    card=format_card(card, style), n=len(caps)
                ),
                [m.text(style) for m in legal],
            )
        return Move(card, 0)

    def _may_hold(self, card: int) -> bool:
        """Whether the player to move may hold ``card``: in the hand, or among its unknown
        cards when nothing places it elsewhere."""
        if not 0 <= card < 40 or self.is_over():
            return False
        if self.hands[self.turn] >> card & 1:
            return True
        return self.unknown[self.turn] > 0 and self.place_of(card).kind == "unplaced"

    def format_move(self, move: Move, style: Style | str | None = None) -> str:
        """``move`` as text (``7D x 2C 5S``; :meth:`parse_move` reads it back)."""
        return move.text(style)

    def format_table(self, style: Style | str | None = None) -> str:
        """The cards on the table as space-separated text, by value, then suit."""
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

    def __eq__(self, other: object) -> bool:
        """The same position under the same rules: hands, table, piles, scope, turn and the
        deals to come. As python-chess's Board, the history is not compared (a copy without
        its stack equals the state), and the state is unhashable, being mutable."""
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.key() == other.key()
            and self.in_hands == other.in_hands
            and self.deals[self.deal_index :] == other.deals[other.deal_index :]
            and self.rules == other.rules
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<GameState {self.rules.name} ply={self.ply} turn={self.turn} "
            f"table=[{self.format_table()}]>"
        )


def moves_of(hand: int, table: int, rules: Ruleset) -> list[Move]:
    """Every legal (card, capture) of a player holding ``hand`` with ``table`` on the table."""
    caps = capture_table(table, rules.capture_precedence)
    forced = rules.forced_capture
    moves: list[Move] = []
    add = moves.append
    new = _tuple_new
    h = hand
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
    for _i in range(rules.deals_per_hand):
        deal = []
        for _seat in range(p):
            m = 0
            for i in deck[pos : pos + h]:
                m |= 1 << i
            pos += h
            deal.append(m)
        deals.append(deal)
    return table, deals
