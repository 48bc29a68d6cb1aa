"""A hand typed in as it is played: the logic behind ``tutor live`` (no terminal code here).

The player gives the ruleset, the players in playing order and their own seat; then, one line
at a time, the table, their own cards, and every play as it happens, in the notation of hand
records. After each accepted line the session is saved as a hand record (written to a temporary
file and renamed over the old one, so a kill never leaves half a file), and the tracker's board
can be shown. ``docs/tracker.md`` gives the protocol; in short:

========================  ===============================================================
line                      meaning
========================  ===============================================================
``2C 4H 5S QD``           the opening table (first line; ``table:`` in front is allowed)
``7D 7H AS``              your cards, when they are due (``deal 7D 7H AS`` also works);
                          in scopa you are asked again at each new deal
``7D x 2C 5S``            a play: the card, and the cards it takes after ``x``
``Ada: 3H``               a play with the player's name in front (checked against the turn)
``undo``                  take back the last entry (play, deal, or table)
``board``                 show the board again
``help``                  show this protocol
``quit``                  stop (everything is already saved)
========================  ===============================================================

Blank lines and lines starting with ``#`` are ignored.

>>> s = LiveSession.new("scopa", ["You", "Ada"], "You", "french")
>>> s.prompt()
'table (4 cards)'
>>> s.enter("2C 4H 5S QD").text, s.prompt()
('table: 2C 4H 5S QD', 'your cards (3)')
>>> s.enter("7D 7H AS").text, s.prompt()
('your cards: AS 7D 7H', 'play 1: You')
>>> s.enter("7D x 2C 5S").text
'play 1: You: 7D x 2C 5S'
>>> s.enter("Ada: 7H")
Traceback (most recent call last):
...
tutor.training.live.LiveError: play 2: Ada cannot play 7H: it is in your hand
>>> s.enter("undo").text
'undone: play 1 (7D x 2C 5S)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.counting.inference import CountView, count_view
from tutor.counting.trust import TRUST_DEFAULT
from tutor.game.cards import (
    CARDS,
    Card,
    NotationError,
    Style,
    cards_of,
    format_card,
    format_cards,
    get_style,
    parse_card_set,
    parse_cards,
)
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move, parse_play
from tutor.records.record import HandRecord, PlayEntry, RecordError, name_problem, player_named
from tutor.records.recordfile import load_path, save, save_problem

__all__ = [
    "run_lines",
    "LiveError",
    "LiveSession",
    "Entry",
    "LiveUpdate",
    "PROTOCOL",
    "protocol",
    "intro",
]

_COMMANDS = {"undo", "quit", "exit", "q", "help", "?", "board", "show"}


def _in_style(text: str, style: Style) -> str:
    """Example cards written in French notation, shown in ``style``'s."""
    return format_cards(parse_cards(text, "french"), style)


def protocol(style: Style | str | None = None, other: str = "Ada") -> str:
    """The lines ``tutor live`` accepts, with the example cards in ``style``'s notation and
    ``other`` as another player's name, so the examples can be typed as they are.

    >>> print(protocol("italian", "West").splitlines()[1])
      2B 4C 5S CD      the opening table (first)
    """
    st = get_style(style)
    mine = _in_style("7D 7H AS", st)
    rows = [
        (_in_style("2C 4H 5S QD", st), "the opening table (first)"),
        (mine, f"your cards when asked (also: deal {mine}); in scopa at every deal"),
        (
            f"{_in_style('7D', st)} x {_in_style('2C 5S', st)}",
            "a play: the card, then x and the cards it takes",
        ),
        (f"{other}: {_in_style('3H', st)}", "a play with the player's name in front"),
        ("undo", "take back the last entry"),
        ("board", "show the board again"),
        ("help", "show this help"),
        ("quit", "stop; the hand is saved after every entry"),
    ]
    return "Type one line at a time:\n" + "".join(f"  {a:<16} {b}\n" for a, b in rows)


PROTOCOL = protocol("french")
"""The protocol in French notation (``docs/tracker.md``)."""


def intro(style: Style | str | None = None) -> str:
    """A few words for the start of an interactive session, with examples in ``style``."""
    st = get_style(style)
    return (
        "Type the hand one line at a time, as the prompt asks:\n"
        f"  the opening table ({_in_style('2C 4H 5S QD', st)}), your cards "
        f"({_in_style('7D 7H AS', st)}), then each play\n"
        f"  ({_in_style('7D', st)} x {_in_style('2C 5S', st)}: the card, x, the cards it takes; "
        "a card alone is laid, or makes its only capture).\n"
        "undo takes back the last line, help shows every command, quit stops; each line is "
        "saved as soon as it is accepted."
    )


def run_lines(
    read: Callable[[], str | None],
    accept: Callable[[str], bool],
    warn: Callable[[str], None],
    going: Callable[[], bool],
    numbered: bool = False,
) -> str:
    """The loop of an interactive session (``tutor live``, ``tutor play``): feed each line
    ``read()`` gives to ``accept`` while ``going()``.

    Returns ``over`` when ``going()`` turns false, ``end`` when the input ends (``read()``
    gives None) and ``quit`` when ``accept`` returns False. A line ``accept`` refuses with a
    :class:`~tutor.game.errors.TutorError` is explained to ``warn`` (with its number when
    ``numbered``, for scripted input), and the session goes on.

    >>> lines = iter(["1", "x", "2", "quit", "3"])
    >>> seen = []
    >>> def accept(line):
    ...     if line == "x":
    ...         raise TutorError("not a number")
    ...     seen.append(line)
    ...     return line != "quit"
    >>> run_lines(lambda: next(lines, None), accept, print, lambda: True, numbered=True), seen
    line 2: not a number
    ('quit', ['1', '2', 'quit'])
    """
    lineno = 0
    while going():
        line = read()
        if line is None:
            return "end"
        lineno += 1
        try:
            if not accept(line):
                return "quit"
        except TutorError as exc:
            warn(f"line {lineno}: {exc}" if numbered else str(exc))
    return "over"


class LiveError(TutorError):
    """A line that cannot be accepted: the message says why; the session is unchanged."""


def _check_save_path(path: Path | str | None) -> None:
    """LiveError when the session could not be saved to ``path``: say so before it starts,
    not at the first line typed."""
    problem = None if path is None else save_problem(path)
    if problem is not None:
        raise LiveError(f"cannot save to {path}: {problem}")


@dataclass
class Entry:
    """What an accepted line did."""

    kind: str
    """``table``, ``deal``, ``play``, ``undo``, ``quit``, ``help`` or ``board``."""
    text: str
    """A one-line summary, e.g. ``play 3: Ada: 7D x 2C 5S``."""
    message: str = ""


@dataclass
class LiveUpdate:
    """Where the session is after an accepted line: the entry, the plays so far, what is due
    next, and the tracker's board once the viewer's cards are in (None before)."""

    entry: Entry
    plays: int
    next: str
    """The prompt for the next line, e.g. ``play 4: Ada``."""
    analysis: CountView | None
    style: Style

    def to_json(self) -> dict[str, Any]:
        """One line of ``tutor live --json``."""
        return {
            "entry": self.entry.kind,
            "text": self.entry.text,
            "message": self.entry.message,
            "plays": self.plays,
            "next": self.next,
            "analysis": None if self.analysis is None else self.analysis.to_json(self.style),
        }


@dataclass
class LiveSession:
    """A hand being typed in from one seat; every change goes through :meth:`enter`."""

    rules: Ruleset
    ruleset_name: str
    style: Style
    players: list[str]
    me: int
    save_path: Path | None = None
    table: list[Card] | None = None
    deals: list[dict[str, list[Card]]] = field(default_factory=list)
    plays: list[PlayEntry] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)
    entries: list[str] = field(default_factory=list)
    """The kind of each accepted entry, for undo: ``table``, ``deal:D`` or ``play``."""
    trust: float = TRUST_DEFAULT
    """The prior trust in readings of behaviour (``--trust-readings``)."""
    rejected: int = 0
    """Lines :meth:`run` could not accept (a script's typos: ``tutor live`` exits 1)."""
    _state: GameState | None = field(default=None, repr=False)

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        ruleset: str,
        players: list[str],
        me: str,
        style: Style | str | None = None,
        save_path: Path | str | None = None,
    ) -> LiveSession:
        """A fresh session; LiveError for a bad seating."""
        rules = load_ruleset(ruleset)
        names = [p.strip() for p in players]
        if len(names) != rules.players:
            raise LiveError(
                f"the {rules.name} ruleset is for {rules.players} players, "
                f"but {len(names)} are given ({', '.join(names)})"
            )
        for i in range(len(names)):
            problem = name_problem(names, i)
            if problem is not None:
                raise LiveError(f"{problem} ({', '.join(names)})")
        named = player_named(names, me)
        if named is None:
            raise LiveError(f"--as {me}: no such player (players: {', '.join(names)})")
        me = named
        _check_save_path(save_path)
        session = cls(
            rules,
            ruleset,
            get_style(style),
            names,
            names.index(me),
            Path(save_path) if save_path is not None else None,
        )
        session.info["note"] = f"typed in with tutor live, seen from {me}'s seat"
        if rules.table_cards == 0:
            session.table = []  # nothing to type: the first line is your cards
        return session

    @classmethod
    def resume(
        cls, path: Path | str, me: str | None = None, save_path: Path | str | None = None
    ) -> LiveSession:
        """Continue a session saved in ``path`` (a hand record); RecordError if it is bad."""
        records = load_path(str(path))
        if len(records) != 1:
            raise LiveError(f"{path}: holds {len(records)} hands; tutor live continues one hand")
        rec = records[0]
        if me is None:
            known = {p for d in rec.deals for p, cards in d.items() if cards}
            if len(known) != 1:
                raise LiveError(
                    f"{path}: say whose seat you are in with --as "
                    f"(players: {', '.join(rec.players)})"
                )
            me = known.pop()
        named = player_named(rec.players, me)
        if named is None:
            raise LiveError(f"--as {me}: no such player (players: {', '.join(rec.players)})")
        me = named
        _check_save_path(save_path)
        session = cls(
            rec.ruleset,
            rec.ruleset_name,
            rec.style,
            list(rec.players),
            rec.seat_of(me),
            Path(save_path if save_path is not None else path),
            list(rec.table),
            [dict(d) for d in rec.deals],
            [PlayEntry.of(e.card, e.capture, rec.style, e.note, e.player) for e in rec.plays],
            dict(rec.info),
        )
        session.entries = session._entry_order()
        return session

    def _entry_order(self) -> list[str]:
        """The entries in the order they were typed: each deal of the viewer's cards comes
        just before the first play made after it was dealt (validates the record)."""
        order = ["table"] if self.rules.table_cards else []
        rec = self.record()
        state = rec.initial_state()
        given = {d for d, deal in enumerate(self.deals) if deal.get(self.my_name)}
        moves = rec.moves()
        for i in range(len(moves) + 1):
            d = state.deal_index - 1
            if d in given and f"deal:{d}" not in order:
                order.append(f"deal:{d}")
            if i < len(moves):
                state.push(moves[i])
                order.append("play")
        return order

    # -- the record and the state -------------------------------------------------------------

    @property
    def my_name(self) -> str:
        return self.players[self.me]

    def record(self) -> HandRecord:
        """The session as a hand record (what is saved)."""
        path = str(self.save_path) if self.save_path else "<live>"
        return HandRecord(
            self.rules,
            self.ruleset_name,
            self.style,
            list(self.players),
            self.players[-1],
            {},
            list(self.table or []),
            [dict(d) for d in self.deals],
            list(self.plays),
            path,
            dict(self.info),
        )

    def state(self) -> GameState:
        """The position now, as the viewer knows it (with the history on the stack)."""
        if self._state is None:
            rec = self.record()
            state = rec.initial_state()
            for m in rec.moves():
                state.push(m)
            self._state = state
        return self._state

    def analysis(self) -> CountView:
        """The tracker's board and the inferences from the viewer's seat."""
        return count_view(self.state(), self.me, self.players, self.style, trust=self.trust)

    def save(self) -> None:
        if self.save_path is not None and self.table is not None:
            save([self.record()], self.save_path)

    # -- where we are ---------------------------------------------------------------------------

    def phase(self) -> str:
        """``table``, ``deal`` (the viewer's cards are due), ``play`` or ``over``."""
        if self.table is None:
            return "table"
        state = self.state()
        if state.unknown[self.me]:
            return "deal"
        if state.is_over():
            return "over"
        return "play"

    def prompt(self) -> str:
        phase = self.phase()
        if phase == "table":
            return f"table ({self.rules.table_cards} cards)"
        if phase == "deal":
            state = self.state()
            n = state.unknown[self.me]
            which = f"deal {state.deal_index}: " if state.deal_index > 1 else ""
            return f"{which}your cards ({n})"
        if phase == "over":
            return "the hand is over"
        state = self.state()
        return f"play {len(self.plays) + 1}: {self.players[state.turn]}"

    def update(self, entry: Entry) -> LiveUpdate:
        """The session after ``entry``: with the board when the viewer's cards are in."""
        on_board = self.phase() in ("play", "over")
        analysis = self.analysis() if on_board else None
        return LiveUpdate(entry, len(self.plays), self.prompt(), analysis, self.style)

    # -- a session driven line by line -----------------------------------------------------------

    def run(
        self,
        read: Callable[[], str | None],
        show: Callable[[LiveUpdate], None],
        say: Callable[[str], None],
        warn: Callable[[str], None],
        numbered: bool = False,
    ) -> str:
        """Read and apply lines until the hand is over (``over``), the input ends (``end``)
        or the player quits (``quit``), which is returned.

        ``read()`` gives the next line (None: the input is over). Each accepted line is
        echoed to ``say`` and its :class:`LiveUpdate` passed to ``show``; ``help`` goes to
        ``say``; a line that cannot be accepted is explained to ``warn`` (with its number
        when ``numbered``, for scripted input) and the session goes on.
        """

        def accept(line: str) -> bool:
            entry = self.enter(line)
            if entry.kind == "quit":
                return False
            if entry.kind == "blank":
                return True
            if entry.kind == "help":
                say(entry.message.rstrip())
            elif entry.kind == "board" and self.phase() not in ("play", "over"):
                warn(f"the board comes once your cards are in; next: {self.prompt()}")
            else:
                if entry.kind != "board":
                    say(entry.text + (f" ({entry.message})" if entry.message else ""))
                show(self.update(entry))
            return True

        def refused(message: str) -> None:
            self.rejected += 1
            warn(message)

        return run_lines(read, accept, refused, lambda: self.phase() != "over", numbered)

    # -- entering lines --------------------------------------------------------------------------

    def enter(self, line: str) -> Entry:
        """Apply one typed line; LiveError (session unchanged) if it cannot be accepted."""
        text = line.strip()
        if not text or text.startswith("#"):
            return Entry("blank", "")
        word = text.lower()
        if word in _COMMANDS:
            if word == "undo":
                return self.undo()
            if word in ("quit", "exit", "q"):
                return Entry("quit", "quit")
            if word in ("help", "?"):
                other = next((p for i, p in enumerate(self.players) if i != self.me), "Ada")
                return Entry("help", "help", protocol(self.style, other))
            return Entry("board", "board")
        phase = self.phase()
        head, _, rest = text.partition(" ")
        if head.lower().rstrip(":") in ("table", "deal", "hand", "cards"):
            if phase == "play" and head.lower().rstrip(":") == "deal":
                raise LiveError(
                    f"no deal is due: it is {self.players[self.state().turn]}'s turn to play"
                )
            text = rest
        if phase == "table":
            return self._enter_table(text)
        if phase == "deal":
            return self._enter_deal(text)
        if phase == "over":
            raise LiveError("the hand is over: type undo to take back the last play, or quit")
        return self._enter_play(text)

    def _cards(self, text: str, what: str) -> list[Card]:
        try:
            return parse_card_set(text, self.style, what)
        except NotationError as exc:
            raise LiveError(str(exc)) from None

    def _not_a_play(self, text: str, what: str) -> None:
        """LiveError when ``text`` looks like a play while ``what`` is due."""
        if ":" in text or " x " in f" {text.lower()} ":
            raise LiveError(f"{what} first: no play can be entered before that")

    def _enter_table(self, text: str) -> Entry:
        n = self.rules.table_cards
        self._not_a_play(text, f"the opening table ({n} cards) comes")
        cards = self._cards(text, "the table")
        if len(cards) != n:
            raise LiveError(
                f"the table starts with {n} cards in {self.rules.name}, not {len(cards)}"
            )
        kings = sum(1 for c in cards if c.value == 10)
        if self.rules.redeal_kings and kings >= self.rules.redeal_kings:
            raise LiveError(
                f"{kings} kings on the opening table: the ruleset redeals when there are "
                f"{self.rules.redeal_kings} or more"
            )
        self.table = cards
        self._changed("table")
        return Entry("table", "table: " + format_cards(cards, self.style))

    def _where(self, card: Card) -> str | None:
        """Why ``card`` cannot be one of the viewer's new cards (None if it can)."""
        place = self.state().place_of(card.index)
        return None if place.kind == "unplaced" else place.text(self.players, you=self.me)

    def _enter_deal(self, text: str) -> Entry:
        state = self.state()
        n = state.unknown[self.me]
        self._not_a_play(text, f"your {n} cards are due")
        cards = self._cards(text, "your cards")
        if len(cards) != n:
            raise LiveError(f"you are dealt {n} cards, not {len(cards)}")
        for c in cards:
            why = self._where(c)
            if why:
                raise LiveError(f"{format_card(c, self.style)} cannot be yours: {why}")
        d = state.deal_index - 1
        while len(self.deals) <= d:
            self.deals.append({})
        self.deals[d][self.my_name] = sorted(cards)
        self._changed(f"deal:{d}")
        return Entry("deal", f"your cards: {format_cards(sorted(cards), self.style)}")

    def _enter_play(self, text: str) -> Entry:
        state = self.state()
        mover = self.players[state.turn]
        number = len(self.plays) + 1
        who, colon, rest = text.partition(":")
        if colon:
            named = player_named(self.players, who)
            if named is None:
                raise LiveError(
                    f"play {number}: {who.strip()!r} is not a player ({', '.join(self.players)})"
                )
            if named != mover:
                whose = "your" if state.turn == self.me else f"{mover}'s"
                raise LiveError(f"play {number}: it is {whose} turn, not {named}'s")
            text = rest.strip()
        try:
            written = parse_play(text, self.style)
        except NotationError as exc:
            raise LiveError(f"play {number}: {exc}") from None
        card = CARDS[written.card]
        shown = format_card(card, self.style)
        if state.turn != self.me and state.hands[self.me] & card.bit:
            raise LiveError(f"play {number}: {mover} cannot play {shown}: it is in your hand")
        if state.turn == self.me and not state.hands[self.me] & card.bit:
            why = self._where(card)
            mine = format_cards(state.hands[self.me], self.style)
            raise LiveError(
                f"play {number}: it is your turn and you do not hold {shown}"
                + (f" ({why})" if why else "")
                + f"; your cards: {mine}"
            )
        entry = PlayEntry.from_play(written, self.style)
        candidate = self.record()
        candidate.plays.append(entry)
        try:
            moves = candidate.moves()
        except RecordError as exc:
            raise LiveError(f"play {number}: {exc.message}") from None
        move: Move = moves[-1]
        taken = cards_of(move.capture) if move.capture else None
        self.plays.append(PlayEntry.of(card, taken, self.style))
        self._changed("play")
        summary = f"play {number}: {mover}: {move.text(self.style)}"
        after = self.state()
        last = after.stack[-1]
        notes = []
        if last.scopa:
            notes.append("scopa!")
        if last.leftover:
            notes.append(
                f"the hand is over: {self.players[last.leftover_seat]} takes the cards left "
                f"({format_cards(last.leftover, self.style)})"
            )
        return Entry("play", summary, "; ".join(notes))

    def _changed(self, kind: str | None) -> None:
        if kind is not None:
            self.entries.append(kind)
        self._state = None
        self.save()

    def undo(self) -> Entry:
        """Take back the last entry: a play, the viewer's cards of a deal, or the table."""
        if not self.entries:
            raise LiveError("nothing to undo")
        kind = self.entries.pop()
        if kind == "play":
            entry = self.plays.pop()
            what = f"play {len(self.plays) + 1} ({entry.text})"
        elif kind.startswith("deal:"):
            d = int(kind.split(":")[1])
            self.deals[d].pop(self.my_name, None)
            while self.deals and not self.deals[-1]:
                self.deals.pop()
            what = "your cards"
        else:
            self.table = None
            what = "the table"
            if self.save_path is not None and self.save_path.exists():
                # Nothing is left to save: an empty record cannot be written.
                self.save_path.unlink()
        self._changed(None)
        return Entry("undo", f"undone: {what}")
