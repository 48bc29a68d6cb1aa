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

Blank lines and lines starting with ``#`` are ignored. The commands are read in every language
of the tutor (``annulla``, ``quadro``, ``aiuto``, ``esci``, ``distribuzione 7D 7H AS``), and
shown in the language of the run.

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

from tutor.counting.defaults import TRUST_DEFAULT
from tutor.counting.inference import CountView, count_view, match_styles
from tutor.counting.style import styles_by_seat
from tutor.game.cards import (
    CARDS,
    Card,
    NotationError,
    Style,
    cards_of,
    format_card,
    format_cards,
    get_style,
    other_deck_hint,
    parse_card_set,
    parse_cards,
    styles_shown,
)
from tutor.game.errors import TutorError
from tutor.game.i18n import (
    N_,
    _,
    asks_help,
    command,
    in_every_language,
    is_you,
    near_command,
    ngettext,
    quits,
    typed_command,
)
from tutor.game.interrupts import interrupts_held
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move, WrittenPlay, parse_play
from tutor.records.record import (
    GameInfo,
    HandRecord,
    PlayEntry,
    RecordError,
    as_match,
    control_problem,
    name_problem,
    next_seating,
    player_named,
    shown_name,
    validate_match,
)
from tutor.records.recordfile import (
    FileStamp,
    dumps,
    file_stamp,
    load_path,
    ruleset_key,
    save_or_rescue,
    save_problem,
    written_to,
)
from tutor.records.replay import HandReplay, replay_hand

__all__ = [
    "run_lines",
    "LiveError",
    "LiveSession",
    "Entry",
    "LiveUpdate",
    "PROTOCOL",
    "protocol",
    "intro",
    "deck_hint",
    "same_setting",
]


def _in_style(text: str, style: Style) -> str:
    """Example cards written in French notation, shown in ``style``'s."""
    return format_cards(parse_cards(text, "french"), style)


def protocol(style: Style | str | None = None, other: str = "Ada", table: bool = True) -> str:
    """The lines ``tutor live`` accepts, with the example cards in ``style``'s notation and
    ``other`` as another player's name, so the examples can be typed as they are; ``table``
    False for a ruleset that lays no opening table (scopone-classico).

    >>> print(protocol("italian", "West").splitlines()[1])
      2B 4C 5S CD        the opening table (first)
    """
    st = get_style(style)
    mine = _in_style("7D 7H AS", st)
    rows = [
        *([(_in_style("2C 4H 5S QD", st), _("the opening table (first)"))] if table else []),
        (
            mine,
            _("your cards when asked (also: {deal} {cards}); in scopa at every deal").format(
                deal=command("deal"), cards=mine
            ),
        ),
        (
            f"{_in_style('7D', st)} x {_in_style('2C 5S', st)}",
            _("a play: the card, then x and the cards it takes"),
        ),
        (f"{other}: {_in_style('3H', st)}", _("a play with the player's name in front")),
        (f"{_in_style('3H', st)} # ...", _("a play with a note, kept in the record")),
        (command("undo"), _("take back the last entry")),
        (
            f"{command('fix')} 12 {_in_style('7D', st)} x {_in_style('2C 5S', st)}",
            _("put right play 12, mistyped; the plays after it stand if they still can"),
        ),
        (command("deal"), _("after a hand's last play: the match's next hand, in the same file")),
        (command("board"), _("show the board again")),
        (command("help"), _("show this help")),
        (command("quit"), _("stop; the hand is saved after every entry")),
    ]
    return lines_help(rows, st, 16)


def split_note(text: str) -> tuple[str, str | None]:
    """A typed play and its note, the words after " #" (``7D x 2C 5S  # took the settebello``;
    None without one): the one way a session reads a note typed after a play.

    >>> split_note("7D x 2C 5S  # took the settebello"), split_note("7D")
    (('7D x 2C 5S ', 'took the settebello'), ('7D', None))
    """
    play, _hash, remark = text.partition(" #")
    return play, remark.strip() or None


def lines_help(rows: list[tuple[str, str]], style: Style, column: int) -> str:
    """The help of a session that reads typed lines (``live``, ``play``): each line (in a
    column ``column`` wide, or as wide as its longest line) and what it does, two spaces or
    more after it (a narrow terminal wraps what it does under itself:
    :func:`tutor.render.terminal.text_lines`), then how cards are typed in ``style``."""
    width = max(column - 1, *(len(line) for line, _what in rows))
    return (
        _("Type one line at a time:")
        + "\n"
        + "".join(f"  {line:<{width}}  {what}\n" for line, what in rows)
        + _("Cards are typed rank then suit; the suits: {legend}.").format(
            legend=style.suit_legend()
        )
        + "\n"
    )


PROTOCOL = protocol("french")
"""The protocol in French notation (``docs/tracker.md``)."""


def intro(style: Style | str | None = None, table: bool = True) -> str:
    """A few words for the start of an interactive session, with examples in ``style``;
    ``table`` False for a ruleset that lays no opening table (live audit, stop 48)."""
    st = get_style(style)
    if not table:
        return _(
            "Type the hand one line at a time, as the prompt asks:\n"
            "  your cards ({cards}), then each play\n"
            "  ({play}: the card, x, the cards it takes; a card alone is laid, or makes its "
            "only capture).\n"
            "undo takes back the last line, help shows every command, quit stops; each line "
            "is saved as soon as it is accepted."
        ).format(
            cards=_in_style("7D 7H AS", st),
            play=f"{_in_style('7D', st)} x {_in_style('2C 5S', st)}",
        )
    return _(
        "Type the hand one line at a time, as the prompt asks:\n"
        "  the opening table ({table}), your cards ({cards}), then each play\n"
        "  ({play}: the card, x, the cards it takes; a card alone is laid, or makes its only "
        "capture).\n"
        "undo takes back the last line, help shows every command, quit stops; each line is "
        "saved as soon as it is accepted."
    ).format(
        table=_in_style("2C 4H 5S QD", st),
        cards=_in_style("7D 7H AS", st),
        play=f"{_in_style('7D', st)} x {_in_style('2C 5S', st)}",
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
            warn(_("line {n}: {message}").format(n=lineno, message=exc) if numbered else str(exc))
    return "over"


def _kept_entry(entry: PlayEntry, style: Style | str | None) -> PlayEntry:
    """A resumed record's play in the session's canonical text, keeping its notes in every
    language (``note_it``): a resumed file is written back whole."""
    kept = PlayEntry.of(entry.card, entry.capture, style, entry.note, entry.player)
    kept.translations = dict(entry.translations)
    return kept


class LiveError(TutorError):
    """A line that cannot be accepted: the message says why; the session is unchanged."""


def _check_save_path(path: Path | str | None) -> None:
    """LiveError when the session could not be saved to ``path``: say so before it starts,
    not at the first line typed."""
    problem = None if path is None else save_problem(path)
    if problem is not None:
        raise LiveError(_("cannot save to {file}: {problem}").format(file=path, problem=problem))


@dataclass
class Entry:
    """What an accepted line did."""

    kind: str
    """``table``, ``deal``, ``play``, ``undo``, ``fix``, ``hand`` (the match's next hand begun),
    ``quit``, ``help`` or ``board``."""
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
    ending: HandReplay | None = None
    """The replayed hand once its last play is in (None before): its leftover and score."""
    viewer: str = ""
    """The name of the player whose seat the analysis is from."""
    file: str | None = None
    """Where the session is saved (None: not saved)."""
    hand: int = 1
    """Which hand of the file the session is typing (2 and on after ``deal`` starts the
    match's next hand), as ``tutor track --hand`` counts them."""

    def to_json(self) -> dict[str, Any]:
        """One line of ``tutor live --json``; the line of the hand's last play carries the
        leftover and the score as ``tutor replay --json`` gives them (null before). The
        analysis has the keys of ``tutor track --json`` (the hand so far: ``at`` and
        ``total_plays`` are both the plays made)."""
        end = None if self.ending is None else self.ending.to_json()
        analysis = None
        if self.analysis is not None:
            analysis = self.analysis.position_json(
                self.style,
                file=self.file,
                hand=self.hand,
                player=self.viewer,
                at=self.plays,
                total_plays=self.plays,
            )
        return {
            "entry": self.entry.kind,
            "text": self.entry.text,
            "message": self.entry.message,
            "plays": self.plays,
            "next": self.next,
            "analysis": analysis,
            "leftover": None if end is None else end["leftover"],
            "score": None if end is None else end["score"],
        }


def same_setting(option: str, value: str, rules: Ruleset, style: Style) -> bool:
    """Whether ``value`` of ``--ruleset`` or ``--deck`` names ``rules`` or ``style``, a resumed
    game's own (an unknown ruleset or deck names neither): ``live`` and ``play`` take the
    options a game began with again with ``--resume``, and refuse any other."""
    try:
        if option == "--ruleset":
            return load_ruleset(value) == rules
        return get_style(value) == style
    except TutorError:
        return False


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
    teams: dict[str, list[str]] = field(default_factory=dict)
    """The sides' names a resumed record gives (kept in every save)."""
    game: GameInfo | None = None
    """A resumed record's ``game`` key (kept in every save)."""
    fresh: bool = True
    """The save file is not made yet: the first save never replaces a file another program
    made meanwhile (:func:`tutor.records.recordfile.save_or_rescue`)."""
    made_file: bool = field(default=False, repr=False)
    """This session made its save file (so undoing the table may delete it again)."""
    stamp: FileStamp | None = field(default=None, repr=False)
    """The save file as this session last read or saved it (:func:`file_stamp`): a file
    another session changed since is kept, and the saves go to a free name beside it."""
    trust: float = TRUST_DEFAULT
    """The prior trust in readings of behaviour (``--trust-readings``)."""
    styles: dict[str, dict[str, float]] = field(default_factory=dict)
    """By player name, the styles of play known before the hand (``--style``, ``--earlier``;
    :data:`tutor.counting.style.StylePriors`)."""
    rejected: int = 0
    """Lines :meth:`run` could not accept (a script's typos: ``tutor live`` exits 1)."""
    notices: list[str] = field(default_factory=list)
    """What the user must hear that is not about a line (a save rescued elsewhere); :meth:`run`
    passes them to its ``warn``."""
    earlier: list[HandRecord] = field(default_factory=list)
    """The finished hands of the match before this one, in the same file (``deal`` at the end
    of a hand starts the next: live audit, stop 48)."""
    prior_styles: dict[str, dict[str, float]] | None = None
    """The styles known before the match's first hand (``--style``, ``--earlier``): those of
    a later hand carry on from them through :attr:`earlier` (None until first needed)."""
    shown_names: bool = False
    """The analysis names the seats the tutor names (the compass, You...) in the run's
    language, as ``tutor track`` shows them to a person; off, it names them as written, as
    the JSON keeps them."""
    _state: GameState | None = field(default=None, repr=False)

    def began_with(self, option: str, value: str) -> bool:
        """Whether ``value`` of ``--players``, ``--ruleset`` or ``--deck`` is what this hand
        was begun with (a resumed hand is played as its file says)."""
        if option == "--players":
            return [p.strip() for p in value.split(",")] == list(self.players)
        return same_setting(option, value, self.rules, self.style)

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
        for name in names:  # before any message lists the names as typed
            control = control_problem(name)
            if control is not None:
                raise LiveError(control)
        if len(names) != rules.players:
            raise LiveError(
                ngettext(
                    "the {ruleset} ruleset is for {players} players, but {n} is given ({names})",
                    "the {ruleset} ruleset is for {players} players, but {n} are given ({names})",
                    len(names),
                ).format(
                    ruleset=rules.name, players=rules.players, n=len(names), names=", ".join(names)
                )
            )
        for i in range(len(names)):
            problem = name_problem(names, i)
            if problem is not None:
                raise LiveError(f"{problem} ({', '.join(names)})")
        named = player_named(names, me)
        if named is None:
            raise LiveError(
                f"--as {me}: "
                + _("no such player (players: {players})").format(players=", ".join(names))
            )
        me = named
        _check_save_path(save_path)
        session = cls(
            rules,
            ruleset_key(ruleset, "<live>", None),  # a file: found wherever the hand is saved
            get_style(style),
            names,
            names.index(me),
            Path(save_path) if save_path is not None else None,
        )
        seen = (
            N_("typed in with tutor live, seen from your seat")
            if is_you(me)
            else N_("typed in with tutor live, seen from {player}'s seat")
        )
        session.info |= in_every_language("note", lambda: _(seen).format(player=me))
        if rules.table_cards == 0:
            # nothing to type: the first line is your cards; the seating is saved at once,
            # as it is with the table in the other rulesets
            session.table = []
            session.save()
        return session

    @classmethod
    def resume(
        cls, path: Path | str, me: str | None = None, save_path: Path | str | None = None
    ) -> LiveSession:
        """Continue a session saved in ``path`` (a hand record); RecordError if it is bad."""
        stamp = file_stamp(path)  # before the read: a change made meanwhile is seen
        records = load_path(str(path))
        validate_match(records)  # a match goes on with its last hand
        rec = records[-1]
        # the players whose cards the file gives, in any of its hands: the seat it was typed in
        known = {p for r in records for d in r.deals for p, cards in d.items() if cards}
        if me is None:
            if len(known) != 1:
                raise LiveError(
                    f"{path}: "
                    + _("say whose seat you are in with --as (players: {players})").format(
                        players=", ".join(rec.players)
                    )
                )
            me = known.pop()
        named = player_named(rec.players, me)
        if named is None:
            raise LiveError(
                f"--as {me}: "
                + _("no such player (players: {players})").format(players=", ".join(rec.players))
            )
        me = named
        if known and me not in known:
            # another seat would read the file's cards as another player's, and ask for its
            # own deal after some of it was played (practice audit, stop 51)
            raise LiveError(
                f"--as {me}: "
                + _(
                    "the file gives the cards of {players}, not {name}'s: a session goes on "
                    "from the seat it was typed in"
                ).format(players=", ".join(sorted(known)), name=me)
            )
        _check_save_path(save_path)
        session = cls(
            rec.ruleset,
            ruleset_key(rec.ruleset_name, path, None),  # kept absolute; saved from the file
            rec.style,
            list(rec.players),
            rec.seat_of(me),
            Path(save_path if save_path is not None else path),
            list(rec.table),
            [dict(d) for d in rec.deals],
            [_kept_entry(e, rec.style) for e in rec.plays],
            dict(rec.info),
            teams={name: list(members) for name, members in rec.teams.items()},
            game=rec.game,
            fresh=save_path is not None,  # another file: whatever it holds is kept
            stamp=stamp,
            earlier=list(records[:-1]),
        )
        session.entries = session._entry_order()
        if save_path is not None:
            # the hand goes on in another file: it holds the hand so far at once, so the
            # "saved to" of a session quit before its next line is true
            session.save()
        return session

    def _entry_order(self) -> list[str]:
        """The entries in the order they were typed: each deal of the viewer's cards comes
        just before the first play made after it was dealt (validates the record)."""
        order = ["hand"] if self.earlier else []
        order += ["table"] if self.rules.table_cards else []
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

    def seat_is_saved(self) -> bool:
        """Whether the saved file tells whose seat this is (its deals give one player's cards,
        the viewer's), so that ``--resume`` needs no ``--as``."""
        hands = [*self.earlier, self.record()]
        holders = {p for r in hands for d in r.deals for p, cards in d.items() if cards}
        return holders == {self.my_name}

    def record(self) -> HandRecord:
        """The session as a hand record (what is saved)."""
        path = str(self.save_path) if self.save_path else "<live>"
        return HandRecord(
            self.rules,
            self.ruleset_name,
            self.style,
            list(self.players),
            self.players[-1],
            dict(self.teams),
            list(self.table or []),
            [dict(d) for d in self.deals],
            list(self.plays),
            path,
            dict(self.info),
            game=self.game,
            hand=len(self.earlier) + 1 if self.earlier else None,
        )

    def hands(self) -> list[HandRecord]:
        """The match so far: the earlier hands, then this one once its table is in (what the
        file holds, each hand numbered and naming its sides as the first does)."""
        out = [*self.earlier, *([self.record()] if self.table is not None else [])]
        if len(out) > 1:
            as_match(out)
        return out

    def state(self) -> GameState:
        """The position now, as the viewer knows it (with the history on the stack)."""
        if self._state is None:
            rec = self.record()
            state = rec.initial_state()
            for m in rec.moves():
                state.push(m)
            self._state = state
        return self._state

    def has_board(self) -> bool:
        """Whether there is a board to show: once the viewer's cards are in, and between two
        deals of scopa too, where the last play of a deal is on the board before the next
        cards are typed (live audit, stop 48: an opponent's capture at the end of a deal
        stayed off the board until then)."""
        phase = self.phase()
        return phase in ("play", "over") or (phase == "deal" and bool(self.plays))

    def analysis(self) -> CountView:
        """The tracker's board and the inferences from the viewer's seat."""
        known = styles_by_seat(self.players, self.styles)
        names = self.record().shown().players if self.shown_names else self.players
        return count_view(self.state(), self.me, names, self.style, trust=self.trust, styles=known)

    def save(self) -> None:
        hands = self.hands()
        if self.save_path is not None and hands:
            # their ruleset file kept absolute: named from the file's folder
            with interrupts_held():  # a Ctrl-C comes once the file and save_path say the same
                self.save_path, problem = save_or_rescue(
                    self.save_path,
                    lambda path: dumps([written_to(record, path) for record in hands]),
                    new=self.fresh,
                    unchanged_since=self.stamp,
                )
                self.stamp = file_stamp(self.save_path)
                self.made_file = self.made_file or self.fresh
                self.fresh = False
            if problem is not None:
                self.notices.append(problem)

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
            return ngettext("table ({n} card)", "table ({n} cards)", self.rules.table_cards).format(
                n=self.rules.table_cards
            )
        if phase == "deal":
            state = self.state()
            n = state.unknown[self.me]
            if state.deal_index > 1:
                return _("deal {deal}: your cards ({n})").format(deal=state.deal_index, n=n)
            return _("your cards ({n})").format(n=n)
        if phase == "over":
            return _("the hand is over")
        state = self.state()
        return _("play {n}: {player}").format(
            n=len(self.plays) + 1, player=shown_name(self.players[state.turn])
        )

    def update(self, entry: Entry) -> LiveUpdate:
        """The session after ``entry``: with the board when the viewer's cards are in."""
        phase = self.phase()
        analysis = self.analysis() if self.has_board() else None
        ending = replay_hand(self.record()) if phase == "over" else None
        return LiveUpdate(
            entry,
            len(self.plays),
            self.prompt(),
            analysis,
            self.style,
            ending,
            viewer=self.players[self.me],
            file=None if self.save_path is None else str(self.save_path),
            hand=len(self.earlier) + 1,
        )

    # -- a session driven line by line -----------------------------------------------------------

    def run(
        self,
        read: Callable[[], str | None],
        show: Callable[[LiveUpdate], None],
        say: Callable[[str], None],
        warn: Callable[[str], None],
        numbered: bool = False,
    ) -> str:
        """Read and apply lines until the input ends or the player quits (``quit``); at the end
        of the input, ``over`` when the hand is over and ``end`` when it is not.

        Lines are read after the hand's last play too, so that ``undo`` can take it back (and
        ``quit`` or ``board`` answer); any other line is refused, as in the middle of the hand.

        ``read()`` gives the next line (None: the input is over). Each accepted line is
        echoed to ``say`` and its :class:`LiveUpdate` passed to ``show``; ``help`` goes to
        ``say``; a line that cannot be accepted is explained to ``warn`` (with its number
        when ``numbered``, for scripted input) and the session goes on.
        """

        def accept(line: str) -> bool:
            entry = self.enter(line)
            while self.notices:
                warn(self.notices.pop(0))
            if entry.kind == "quit":
                return False
            if entry.kind == "blank":
                return True
            if entry.kind == "help":
                say(entry.message.rstrip())
            elif entry.kind == "board" and not self.has_board():
                warn(
                    _("the board comes once your cards are in; next: {prompt}").format(
                        prompt=self.prompt()
                    )
                )
            else:
                if entry.kind != "board":
                    say(entry.text + (f" ({entry.message})" if entry.message else ""))
                show(self.update(entry))
            return True

        def refused(message: str) -> None:
            self.rejected += 1
            warn(message)

        how = run_lines(read, accept, refused, lambda: True, numbered)
        return "over" if how == "end" and self.phase() == "over" else how

    # -- entering lines --------------------------------------------------------------------------

    def enter(self, line: str) -> Entry:
        """Apply one typed line; LiveError (session unchanged) if it cannot be accepted."""
        text = line.strip()
        if not text or text.startswith("#"):
            return Entry("blank", "")
        word = text.lower()
        typed = typed_command(word)  # English or the run's language: undo, annulla
        if quits(word):
            return Entry("quit", "quit")
        if typed == "undo":
            return self.undo()
        if asks_help(word):
            other = next((p for i, p in enumerate(self.players) if i != self.me), "Ada")
            return Entry(
                "help", "help", protocol(self.style, other, table=self.rules.table_cards > 0)
            )
        if typed == "board" or word == "show":
            return Entry("board", "board")
        phase = self.phase()
        head, _sep, rest = text.partition(" ")
        named = head.lower().rstrip(":")
        # "Table: 3H" is a play where a player is named Table (live audit, stop 48)
        player = phase == "play" and head.endswith(":") and bool(player_named(self.players, named))
        head_command = None if player else typed_command(named)
        deal = head_command == "deal"
        table = head_command == "table"  # "table:" or "tavola:" in front
        if head_command == "fix":
            return self.fix(rest)
        if table or (named in ("hand", "cards") and not player) or deal:
            if table and phase in ("play", "deal"):
                raise LiveError(
                    _("the table was given at the start: type a play")
                    if phase == "play"
                    else _("the table was given at the start: type your cards")
                )
            if deal and phase == "table":  # "deal 2C" read as a table of one card (stop 48)
                n = self.rules.table_cards
                raise LiveError(
                    ngettext(
                        "no deal is due: the opening table ({n} card) comes first",
                        "no deal is due: the opening table ({n} cards) comes first",
                        n,
                    ).format(n=n)
                )
            if phase == "play" and not table:
                turn = self.state().turn
                raise LiveError(
                    _("no deal is due: it is your turn to play")
                    if turn == self.me
                    else _("no deal is due: it is {name}'s turn to play").format(
                        name=shown_name(self.players[turn])
                    )
                )
            text = rest
        if phase == "table":
            return self._enter_table(text)
        if phase == "deal":
            return self._enter_deal(text)
        if phase == "over":
            if (deal and not text.strip()) or word == "next":
                return self.next_hand()
            raise LiveError(self.over_message(self.match_over()))
        return self._enter_play(text)

    def match_over(self) -> bool:
        """Whether the hands so far win the match (the hand being typed the last of them)."""
        return validate_match([*self.earlier, self.record()]).over

    @staticmethod
    def over_message(match_over: bool) -> str:
        """What can be typed once the hand is over: the match's next hand, or, once the match
        is over too (``match_over``), only undo or quit."""
        if match_over:
            return _("the match is over: type undo to take back the last play, or quit")
        return _(
            "the hand is over: type {deal} for the next hand of the match, {undo} to take back "
            "the last play, or {quit}"
        ).format(deal=command("deal"), undo=command("undo"), quit=command("quit"))

    def _cards(self, text: str, what: str) -> list[Card]:
        try:
            return parse_card_set(text, self.style, what)
        except NotationError as exc:
            raise LiveError(_slip(str(exc) + deck_hint(text, self.style), text)) from None

    def _not_a_play(self, text: str, what: str) -> None:
        """LiveError when ``text`` looks like a play while ``what`` is due."""
        if ":" in text or " x " in f" {text.lower()} ":
            raise LiveError(_("{what} first: no play can be entered before that").format(what=what))

    def _enter_table(self, text: str) -> Entry:
        n = self.rules.table_cards
        self._not_a_play(
            text,
            ngettext(
                "the opening table ({n} card) comes", "the opening table ({n} cards) comes", n
            ).format(n=n),
        )
        cards = self._cards(text, _("the table"))
        if len(cards) != n:
            raise LiveError(
                ngettext(
                    "the table starts with {n} card in {ruleset}, not {given}",
                    "the table starts with {n} cards in {ruleset}, not {given}",
                    n,
                ).format(n=n, ruleset=self.rules.name, given=len(cards))
            )
        kings = sum(1 for c in cards if c.value == 10)
        if self.rules.redeal_kings and kings >= self.rules.redeal_kings:
            raise LiveError(
                _(
                    "{kings} kings on the opening table: the ruleset redeals when there are "
                    "{n} or more"
                ).format(kings=kings, n=self.rules.redeal_kings)
            )
        self.table = cards
        self._changed("table")
        return Entry("table", _("table: {cards}").format(cards=format_cards(cards, self.style)))

    def _where(self, card: Card) -> str | None:
        """Why ``card`` cannot be one of the viewer's new cards (None if it can)."""
        place = self.state().place_of(card.index)
        return None if place.kind == "unplaced" else place.text(self.players, you=self.me)

    def _enter_deal(self, text: str) -> Entry:
        state = self.state()
        n = state.unknown[self.me]
        self._not_a_play(
            text, ngettext("your {n} card is due", "your {n} cards are due", n).format(n=n)
        )
        cards = self._cards(text, _("your cards"))
        if len(cards) != n:
            raise LiveError(
                ngettext(
                    "you are dealt {n} card, not {given}", "you are dealt {n} cards, not {given}", n
                ).format(n=n, given=len(cards))
            )
        for c in cards:
            why = self._where(c)
            if why:
                raise LiveError(
                    _("{card} cannot be yours: {why}").format(
                        card=format_card(c, self.style), why=why
                    )
                )
        d = state.deal_index - 1
        while len(self.deals) <= d:
            self.deals.append({})
        self.deals[d][self.my_name] = sorted(cards)
        self._changed(f"deal:{d}")
        return Entry(
            "deal", _("your cards: {cards}").format(cards=format_cards(sorted(cards), self.style))
        )

    def _enter_play(self, text: str) -> Entry:
        number = len(self.plays) + 1
        state = self.state()
        mover = self.players[state.turn]
        written, note = self._read_play(text, number, state)
        move, entry = self._placed(number, written, note)
        self.plays.append(entry)
        self._changed("play")
        summary = _("play {n}: {player}: {move}").format(
            n=number, player=shown_name(mover), move=move.text(self.style)
        )
        after = self.state()
        last = after.stack[-1]
        notes = []
        if last.scopa:
            notes.append(_("scopa!"))
        if last.leftover:
            if last.leftover_seat == self.me:  # "You takes" (stop 50)
                over = _("the hand is over: you take the cards left ({cards})")
            else:
                over = _("the hand is over: {name} takes the cards left ({cards})")
            notes.append(
                over.format(
                    name=shown_name(self.players[last.leftover_seat]),
                    cards=format_cards(last.leftover, self.style),
                )
            )
        return Entry("play", summary, "; ".join(notes))

    def _read_play(
        self, text: str, number: int, state: GameState, fixing: bool = False
    ) -> tuple[WrittenPlay, str | None]:
        """The play typed as play ``number`` of the hand, made in ``state``, checked against
        whose play it is and the viewer's hand; and its note, the words after " #" ("7D x 2C
        5S  # took the settebello": kept in the record as a file's notes are, and shown escaped
        wherever they are shown). ``fixing``: the play is an earlier one put right (``fix``)."""
        text, note = split_note(text)
        mover = self.players[state.turn]
        who, colon, rest = text.partition(":")
        if colon:
            named = player_named(self.players, who)
            if named is None:
                raise LiveError(
                    _("play {n}: {name!r} is not a player ({names})").format(
                        n=number, name=who.strip(), names=", ".join(self.players)
                    )
                )
            if named != mover:
                if fixing:
                    turn = _("play {n} was {mover}'s, not {name}'s")
                elif state.turn == self.me:
                    turn = _("play {n}: it is your turn, not {name}'s")
                elif named == self.players[self.me]:
                    turn = _("play {n}: it is {mover}'s turn, not yours")
                else:
                    turn = _("play {n}: it is {mover}'s turn, not {name}'s")
                raise LiveError(turn.format(n=number, mover=mover, name=named))
            text = rest
            if not text.strip():
                raise LiveError(
                    _("play {n}: no card after {name!r}").format(n=number, name=who.strip() + ":")
                )
        text = text.strip()
        try:
            written = parse_play(text, self.style)
        except NotationError as exc:
            problem = _("play {n}: {problem}").format(n=number, problem=exc)
            raise LiveError(_slip(problem + deck_hint(text, self.style), text)) from None
        card = CARDS[written.card]
        shown = format_card(card, self.style)
        mine = state.hands[self.me]
        if state.turn != self.me and mine & card.bit:
            if fixing:
                problem = _("play {n}: {mover} cannot have played {card}: it was in your hand")
            else:
                problem = _("play {n}: {mover} cannot play {card}: it is in your hand")
            raise LiveError(problem.format(n=number, mover=shown_name(mover), card=shown))
        if state.turn == self.me and not mine & card.bit:
            why = None if fixing else self._where(card)
            if fixing:
                problem = _(
                    "play {n} was yours, and you did not hold {card}; your cards then: {mine}"
                )
            elif why:
                problem = _(
                    "play {n}: it is your turn and you do not hold {card} ({why}); your cards: "
                    "{mine}"
                )
            else:
                problem = _(
                    "play {n}: it is your turn and you do not hold {card}; your cards: {mine}"
                )
            said = problem.format(
                n=number, card=shown, why=why, mine=format_cards(mine, self.style)
            )
            taken = written.capture or 0
            # the cards the wrong way round, the one taken typed first (new-user audit, stop
            # 52: "CB x CS" for "CS x CB" got no hint): named when that play is legal
            swapped = Move(taken.bit_length() - 1, card.bit)
            if taken.bit_count() == 1 and swapped in state.legal_moves():
                said += "; " + _("did you mean {command}?").format(command=swapped.text(self.style))
            raise LiveError(said)
        return written, note

    def _placed(
        self, number: int, written: WrittenPlay, note: str | None
    ) -> tuple[Move, PlayEntry]:
        """``written`` as play ``number`` of the hand (the next one, or an earlier one put right,
        every play after it kept): the move it makes and its entry, the capture written out.
        LiveError if the hand no longer holds together; nothing is changed."""
        candidate = self.record()
        typed = PlayEntry.from_play(written, self.style)
        fixing = number <= len(candidate.plays)
        if fixing:
            candidate.plays[number - 1] = typed
        else:
            candidate.plays.append(typed)
        try:
            move = candidate.moves()[number - 1]
        except RecordError as exc:
            later = exc.play
            if fixing and later is not None and later != number:  # a later play no longer fits
                # named with its player, as typed: the message of the record says only its text
                mover = self.players[self.record().state_at(later - 1).turn]
                text = candidate.plays[later - 1].text
                problem = _(
                    "play {n} cannot be {play}: play {later} ({player}: {text}) would no longer "
                    "fit: {problem}"
                ).format(
                    n=number,
                    play=typed.text,
                    later=later,
                    player=shown_name(mover),
                    text=text,
                    problem=exc.message.removeprefix(f"{text}: "),
                )
            elif fixing:
                problem = _("play {n} cannot be {play}: {problem}").format(
                    n=number, play=typed.text, problem=exc.message
                )
            else:
                problem = _("play {n}: {problem}").format(n=number, problem=exc.message)
            raise LiveError(problem) from None
        taken = cards_of(move.capture) if move.capture else None
        return move, PlayEntry.of(CARDS[move.card], taken, self.style, note=note)

    def _changed(self, kind: str | None) -> None:
        if kind is not None:
            self.entries.append(kind)
        self._state = None
        self.save()

    def undo(self) -> Entry:
        """Take back the last entry: a play, the viewer's cards of a deal, or the table."""
        if not self.entries:
            raise LiveError(_("nothing to undo"))
        on_disk = self.save_path is not None and self.save_path.exists()
        if self.entries[-1] == "table" and on_disk and not self.made_file and not self.earlier:
            # the file was there before the session: deleting it would lose what it held (a
            # title, a game's key) besides the table
            raise LiveError(
                _(
                    "the table came with {file}: undo stops at it, so as not to delete the file "
                    "(start a new session for another table)"
                ).format(file=self.save_path)
            )
        kind = self.entries.pop()
        if kind == "hand":  # back to the end of the hand before
            self._back_to(self.earlier.pop())
            self._changed(None)
            return Entry("undo", _("undone: {what}").format(what=_("the new hand")))
        if kind == "play":
            entry = self.plays.pop()
            what = _("play {n} ({play})").format(n=len(self.plays) + 1, play=entry.text)
        elif kind.startswith("deal:"):
            d = int(kind.split(":")[1])
            self.deals[d].pop(self.my_name, None)
            while self.deals and not self.deals[-1]:
                self.deals.pop()
            what = _("your cards")
        else:
            self.table = None
            what = _("the table")
            if on_disk and self.save_path is not None and not self.earlier:
                # Nothing is left to save: an empty record cannot be written.
                self.save_path.unlink()
                self.fresh = True
        self._changed(None)
        return Entry("undo", _("undone: {what}").format(what=what))

    def fix(self, text: str) -> Entry:
        """``fix N PLAY``: play N of this hand as ``PLAY`` instead of what was typed, the plays
        after it kept if the hand still holds together with it (live audit, stop 48: a card
        mistyped ten plays back meant undoing ten plays and typing them again)."""
        number, _sep, written_text = text.strip().partition(" ")
        if not number.isdigit() or not written_text.strip():
            raise LiveError(
                _("write {fix} N PLAY: the play's number, then the play as it was made").format(
                    fix=command("fix")
                )
            )
        n = int(number)
        if not 1 <= n <= len(self.plays):
            raise LiveError(
                ngettext(
                    "there is no play {n}: {count} play so far",
                    "there is no play {n}: {count} plays so far",
                    len(self.plays),
                ).format(n=n, count=len(self.plays))
            )
        before = self.record().state_at(n - 1)
        mover = self.players[before.turn]
        old = self.plays[n - 1]
        written, note = self._read_play(written_text, n, before, fixing=True)
        move, entry = self._placed(n, written, note or old.note)
        self.plays[n - 1] = entry
        self._changed(None)
        return Entry(
            "fix",
            _("play {n}: {player}: {move} (was {old})").format(
                n=n, player=shown_name(mover), move=move.text(self.style), old=old.text
            ),
        )

    def next_hand(self) -> Entry:
        """Start the match's next hand in the same file: the deal passes to the right, so the
        leader of the hand just played deals (as ``tutor play`` and the match files do)."""
        if self.match_over():
            raise LiveError(self.over_message(True))
        done = self.record()
        me = self.my_name
        self.earlier.append(done)
        self.players = next_seating(self.players)
        self.me = self.players.index(me)
        self.table = [] if self.rules.table_cards == 0 else None
        self.deals, self.plays, self.entries = [], [], ["hand"]
        self.carry_styles()
        self._changed(None)
        dealer, leader = self.players[-1], self.players[0]
        if is_you(dealer):
            said = _("hand {n}: you deal, {leader} leads")
        elif is_you(leader):
            said = _("hand {n}: {dealer} deals, you lead")
        else:
            said = _("hand {n}: {dealer} deals, {leader} leads")
        return Entry(
            "hand",
            said.format(
                n=len(self.earlier) + 1, dealer=shown_name(dealer), leader=shown_name(leader)
            ),
        )

    def _back_to(self, rec: HandRecord) -> None:
        """This session at the end of ``rec``, a hand it had finished (undo of a new hand)."""
        me = self.my_name
        self.players = list(rec.players)
        self.me = rec.seat_of(me)
        self.table = list(rec.table)
        self.deals = [dict(d) for d in rec.deals]
        self.plays = list(rec.plays)
        self._state = None
        self.entries = self._entry_order()
        self.carry_styles()

    def read_earlier(self, earlier: Path) -> None:
        """Take the styles of play the earlier hands of the match in the file ``earlier`` have
        shown, by the session's names (the file's may differ in case), on top of those stated
        (:attr:`styles`); :class:`LiveError` for a file that is not this match's: the file this
        session saves to, another ruleset's, or one the viewer plays in none of the hands of."""
        if self.save_path is not None and earlier.resolve() == Path(self.save_path).resolve():
            raise LiveError(  # the hand being typed is no earlier hand: read twice
                _("{file} is the file this session saves to: give the file of the earlier hands")
                .format(file=earlier)
            )  # fmt: skip
        hands = load_path(str(earlier))
        if hands[0].ruleset != self.rules:
            raise LiveError(
                _("{file}: its hands are played with {theirs}, this one with {ours}: not one "
                  "match").format(file=earlier, theirs=hands[0].ruleset.name, ours=self.rules.name)
            )  # fmt: skip
        # the file's name for each of the session's players, in any case (as --as takes them)
        theirs = {p: player_named(hands[0].players, p) or p for p in self.players}
        me = self.players[self.me]
        if not any(theirs[me] in record.players for record in hands):
            raise LiveError(
                _("{file}: {player} plays in none of its hands").format(file=earlier, player=me)
            )
        stated = {theirs.get(p, p): prior for p, prior in self.styles.items()}
        found = match_styles(hands, theirs[me], stated)
        self.styles = {p: found[theirs[p]] for p in self.players if theirs[p] in found}

    def carry_styles(self) -> None:
        """The styles of play for this hand: those known before the match (:attr:`styles` as
        the session was set up), carried through its earlier hands as the viewer saw them."""
        if self.prior_styles is None:
            self.prior_styles = {k: dict(v) for k, v in self.styles.items()}
        self.styles = (
            match_styles(self.earlier, self.my_name, self.prior_styles)
            if self.earlier
            else {k: dict(v) for k, v in self.prior_styles.items()}
        )


LIVE_COMMANDS = ("board", "undo", "help", "quit", "fix")
"""The commands a ``live`` line can be (``deal`` and ``table`` go in front of cards)."""


def deck_hint(text: str, style: Style) -> str:
    """``; they read as cards in french notation, but this hand writes its cards in italian
    notation (chosen with --deck when the session starts)`` when the cards typed are cards of
    another deck's notation, else nothing: ``live`` and ``play`` alike (new-user audit, stop
    52: play said only "unknown suit 'H'", and neither said how to choose the notation)."""
    return other_deck_hint(
        text,
        style,
        lambda n, fits: ngettext(
            "it reads as a card in {styles} notation, but this hand writes its cards in "
            "{style} notation (chosen with --deck when the session starts)",
            "they read as cards in {styles} notation, but this hand writes its cards in "
            "{style} notation (chosen with --deck when the session starts)",
            n,
        ).format(styles=styles_shown(fits), style=style.shown_name()),
    )


def _slip(problem: str, text: str) -> str:
    """``problem``, and the command ``text`` was likely meant to be when it is a slip of one
    ("'hlep' is not a card: ...; did you mean help?", as ``tutor play`` says)."""
    meant = near_command(text, LIVE_COMMANDS)
    if meant is None:
        return problem
    return f"{problem}; " + _("did you mean {command}?").format(command=command(meant))
