"""Hand records: a hand (or a match of hands) as dealt and played, and its validation.

A record names its ruleset, deck notation and players (in playing order), the opening table,
the cards of each deal that are known, and every play. :meth:`HandRecord.validate` checks the
whole hand and reports the first problem as ``FILE:LINE: play N: what is wrong``. The YAML text
of records is read and written by :mod:`tutor.records.recordfile`; ``docs/records.md`` gives
the format.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState, Move
>>> rules = load_ruleset("scopa")
>>> s = GameState.from_cards(rules, "2C 4H 5S QD", [["7D", "7H", "AS"], ["3H", "KC", "JD"]],
...                          style="french")
>>> moves = [Move.from_text("7D x 2C 5S", "french"), Move.from_text("3H", "french")]
>>> hand = record_from_moves(rules, s.table, [s.hands], moves, players=["You", "Ada"],
...                          style="french")
>>> [e.text for e in hand.plays], hand.seat_of("ada")
(['7D x 2C 5S', '3H'], 1)
>>> hand.state_at(2).format_table("french")
'3H 4H QD'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NoReturn

from tutor.game.cards import (
    CARDS,
    Card,
    Style,
    cards_of,
    format_card,
    format_cards,
    get_style,
    mask_of,
)
from tutor.game.errors import Shown, TutorError, names_text
from tutor.game.i18n import (
    LANGUAGES,
    N_,
    _,
    all_of,
    is_you,
    local,
    ngettext,
    pgettext,
    typed_words,
    written_in_any_language,
)
from tutor.game.rules import Ruleset, ruleset_differences
from tutor.game.scoring import MatchScore, score_state
from tutor.game.state import GameState, IllegalMoveError, Move, MoveError, WrittenPlay
from tutor.records.puzzle_key import PuzzleSpec

__all__ = [
    "RecordError",
    "PlayEntry",
    "HandRecord",
    "record_from_moves",
    "side_map",
    "check_one_game",
    "validate_match",
    "as_match",
    "next_seating",
    "player_named",
    "name_key",
    "name_problem",
    "control_problem",
    "UNSAFE_TEXT",
    "INFO_KEYS",
    "TRANSLATED_INFO",
    "TRANSLATED_NOTES",
    "GameInfo",
    "HINT_MODES",
]

INFO_KEYS = ("title", "event", "date", "note")
"""Free-text top-level keys, kept as written and written back."""
TRANSLATED_INFO = tuple(f"{k}_{lang}" for k in ("title", "event", "note") for lang in LANGUAGES[1:])
"""The free-text keys a record may also give in another language (``title_it``): shown in
place of the key when the tutor speaks that language (``docs/records.md``)."""
TRANSLATED_NOTES = tuple(f"note_{lang}" for lang in LANGUAGES[1:])
"""A play's note in another language (``note_it``), beside its ``note``."""

Where = tuple[Any, ...]
"""A key into a record's line table, e.g. ``("table", 2)`` or ``("deal", 0, "Ada", 1)``."""


class RecordError(TutorError):
    """A hand record that cannot be read or does not hold together.

    ``str(e)`` is ``FILE:LINE: play N: what is wrong``, with ``hand H:`` before the play in
    a file of several hands (a match); the line, hand and play parts appear only when known.
    """

    def __init__(
        self,
        path: str,
        line: int | None,
        play: int | None,
        message: str,
        hand: int | None = None,
    ) -> None:
        self.path = path
        self.line = line
        self.play = play
        self.message = message
        self.hand = hand
        super().__init__(self.text())

    def text(self) -> str:
        """The message as ``str(e)`` gives it: the file, and the line, hand and play where
        known, then what is wrong."""
        where = self.path + (f":{self.line}" if self.line else "")
        if self.hand is not None:
            where += ": " + _("hand {n}").format(n=self.hand)
        if self.play is not None:
            where += ": " + _("play {n}").format(n=self.play)
        return f"{where}: {self.message}"

    def in_hand(self, hand: int | None) -> RecordError:
        """The same error, said of hand number ``hand`` of its file."""
        return RecordError(self.path, self.line, self.play, self.message, hand)

    def __str__(self) -> str:
        return self.text()

    def __reduce__(self) -> tuple[Any, ...]:  # pickled across worker processes
        return (RecordError, (self.path, self.line, self.play, self.message, self.hand))


@dataclass
class PlayEntry:
    """One play as the record gives it: a card and, when written, the cards it captures.

    ``capture is None`` means the record wrote the card alone: it is laid, or makes its one
    legal capture. ``text`` is the play in the record's notation.
    """

    text: str
    card: Card
    capture: list[Card] | None = None
    note: str | None = None
    player: str | None = None
    line: int | None = field(default=None, compare=False)
    """The line of the file where the play's card is written."""
    translations: dict[str, str] = field(default_factory=dict, compare=False)
    """The note in other languages, as the record gives them: ``{"note_it": "..."}``."""
    player_line: int | None = field(default=None, compare=False)
    """The line of the play's ``player`` key, when it has one: where a wrong turn is."""

    def shown_note(self) -> str | None:
        """The note in the language of the run (``note_it`` when given), else as written."""
        return local({"note": self.note or "", **self.translations}, "note") or None

    @classmethod
    def of(
        cls,
        card: Card,
        capture: Iterable[Card] | None = None,
        style: Style | str | None = None,
        note: str | None = None,
        player: str | None = None,
        line: int | None = None,
    ) -> PlayEntry:
        """An entry with its canonical text (capture sorted by value)."""
        taken = None if capture is None else sorted(capture)
        text = WrittenPlay(card.index, None if taken is None else mask_of(taken)).text(style)
        return cls(text, card, taken, note, player, line)

    @classmethod
    def from_play(
        cls,
        play: WrittenPlay,
        style: Style | str | None = None,
        note: str | None = None,
        player: str | None = None,
        line: int | None = None,
    ) -> PlayEntry:
        """The entry of a play as :func:`tutor.game.state.parse_play` read it."""
        taken = None if play.capture is None else cards_of(play.capture)
        return cls.of(CARDS[play.card], taken, style, note, player, line)

    def written(self) -> WrittenPlay:
        """The play as written: the card, and the captured cards when the record names them."""
        return WrittenPlay(self.card.index, None if self.capture is None else mask_of(self.capture))


_COMPASS = (N_("North"), N_("East"), N_("South"), N_("West"))
"""The seats named after the compass, as the shipped records, puzzles and drills name them:
each is understood in every language of the tutor, whichever the file or the run speaks."""

_SEATS = (*_COMPASS, N_("You"), N_("Right"), N_("Partner"), N_("Left"))
"""The names the tutor itself gives seats (the compass, and ``tutor play``'s You, Right,
Partner and Left), in whichever language a file writes them: shown in the run's."""


def shown_name(name: str) -> str:
    """A player's or side's name as the language of the run shows it: a seat the tutor names
    (the compass, You, Right, Partner, Left), written in any of its languages, in the run's
    (``Nord``, ``Tu``; ``You`` for a file's ``Tu``), a side of compass seats likewise
    (``Nord-Sud``), any other name as written. For what a person reads: files and answers
    keep the names as written (:func:`player_named` reads a seat in any language).

    >>> shown_name("North"), shown_name("North-South"), shown_name("Ada"), shown_name("Tu")
    ('North', 'North-South', 'Ada', 'You')
    >>> from tutor.game.i18n import speaking
    >>> with speaking("it"):
    ...     print(shown_name("North"), shown_name("East-West"), shown_name("You"))
    Nord Est-Ovest Tu
    """
    seats = written_in_any_language(_SEATS)  # "Tu", saved by an Italian game, is You
    if name in seats:
        return _(seats[name])
    compass = written_in_any_language(_COMPASS)
    parts = name.split("-")
    if len(parts) > 1 and all(part in compass for part in parts):
        return "-".join(_(compass[part]) for part in parts)
    return name


def player_named(players: Sequence[str], name: str, prefix: bool = False) -> str | None:
    """The player ``name`` means: the name as written, else the one name equal to it in any
    case, else the one compass seat it names in another language, else (with ``prefix``) the
    one name it starts, in any case; None when none fits.

    >>> player_named(["West", "North", "East", "South"], "north")
    'North'
    >>> player_named(["West", "North", "East", "South"], "Nord")
    'North'
    >>> player_named(["West", "North", "East", "South"], "we", prefix=True)
    'West'
    >>> player_named(["Ada", "ada"], "ADA") is None
    True
    >>> player_named(["You", "A\u200bda"], "Ada") == "A\u200bda"  # a zero-width space
    True
    """
    given = name.strip()
    if given in players:
        return given
    folded = given.casefold()
    if not folded:
        return None
    same = [p for p in players if p.casefold() == folded]
    if len(same) == 1:
        return same[0]
    key = name_key(given)  # "Ada" for a file's "A\u200bda": names that show alike are one
    keyed = [p for p in players if name_key(p) == key]
    if not same and len(keyed) == 1:
        return keyed[0]
    for seat in _SEATS:  # a seat the tutor names, in any language: "Nord", "Tu", "Destra"
        words = typed_words((seat,))
        if folded in words:
            alike = [p for p in players if p.casefold() in words]
            if len(alike) == 1:
                return alike[0]
    if prefix and not same:  # the start of a name as written or as the run shows it (Ov)
        starts = [
            p
            for p in players
            if p.casefold().startswith(folded) or shown_name(p).casefold().startswith(folded)
        ]
        if len(starts) == 1:
            return starts[0]
    return None


def name_key(name: str) -> str:
    """What two names must differ in: letters, not case, spaces, the form of a character
    (NFKC) or invisible ones (zero-width spaces and joiners, soft hyphens: category Cf)."""
    shown = unicodedata.normalize("NFKC", name)
    return "".join(
        c for c in shown if not c.isspace() and unicodedata.category(c) != "Cf"
    ).casefold()


UNSAFE_TEXT = re.compile(
    r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e"
    r"\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff\ufffe\uffff"
    r"\U0001d173-\U0001d17a\U000e0000-\U000e007f]"
)
"""The characters of a file's text that must never reach a terminal or markup as they are: C0
controls but the line break, DEL, C1 controls; the Unicode controls that reorder or hide text
(bidirectional overrides and isolates, the line and paragraph separators, and the invisible
ones: the zero-width space, word joiner and invisible operators, the byte-order mark, the
interlinear annotation marks, the musical formatting marks and the tag characters, which can
carry a hidden message; hostile-text audit, stop 55. The zero-width joiner and non-joiner stay:
scripts and emoji need them, and they hide nothing); and lone
surrogates, which a YAML escape ("\\ud800") can put in a string and no terminal or file can be
given in UTF-8; and U+FFFE and U+FFFF, which no XML file may hold (an SVG with one does not
open). Free text (titles, notes) may hold them and is shown made visible
(:mod:`tutor.render.safe`); a name may not (:func:`control_problem`)."""


MAX_NAME = 500
"""The longest name of a player or side: far more than any name needs (the layout tests draw
names of over 400), and under the 1,024
characters YAML allows a mapping key (a longer one, in a deal or a team, made a save file that
did not read back: found by a fuzzer, stop 48)."""


def control_problem(name: str, most: int = MAX_NAME) -> str | None:
    """Why ``name`` cannot name a player or a team (None: it can): it holds a line break or
    another of the :data:`UNSAFE_TEXT` characters, which no name needs, which would act on a
    terminal if the name were printed raw, and which every message naming a player would
    otherwise have to escape.

    >>> control_problem("Ada") is None, control_problem("Ada\\x1b[31m")
    (True, "a name cannot hold control or invisible characters: 'Ada\\\\x1b[31m'")
    """
    if "\n" in name or UNSAFE_TEXT.search(name):
        return _("a name cannot hold control or invisible characters: {name!r}").format(
            name=Shown(name)
        )
    if len(name) > most:  # YAML reads no longer mapping key: a save would not read back
        return _("a name is at most {most} characters: {name!r}").format(
            most=most, name=Shown(name)
        )
    return None


def name_problem(names: Sequence[str], index: int) -> str | None:
    """Why the name of player ``index`` cannot seat a game next to the names before it
    (None: it can): it is empty, or the same as an earlier one but for case, spaces or
    invisible characters, which would show alike and answer to the same name.

    >>> name_problem(["Ada", " ada "], 1)  # doctest: +ELLIPSIS
    "players 'Ada' and ' ada ' differ only in case, spaces or invisible characters: ..."
    >>> name_problem(["Ada", "Ada"], 1), name_problem(["Ada", "Bea"], 1), name_problem([" "], 0)
    ("player 'Ada' is listed twice", None, "a player's name is empty")
    """
    name = names[index]
    if not name_key(name):
        return _("a player's name is empty")
    control = control_problem(name)
    if control is not None:
        return control
    for earlier in names[:index]:
        if earlier == name:
            return _("player {name!r} is listed twice").format(name=name)
        if name_key(earlier) == name_key(name):
            return _(
                "players {earlier!r} and {name!r} differ only in case, spaces or invisible "
                "characters: give names that differ in letters"
            ).format(earlier=earlier, name=name)
    return None


HINT_MODES = ("ask", "on", "off")
"""``ask``: ``hint`` and ``explain`` answer when typed; ``on``: a hint before each of your
plays as well; ``off``: no hint and no explanation (the feedback after each play stays)."""


@dataclass(frozen=True)
class GameInfo:
    """How a game against the computer was set up (``tutor play``): what it needs to go on.

    ``computer`` maps each player the computer holds to its player (a name of
    :mod:`tutor.search.roster`, e.g. ``chitarrella`` or ``search:0.5``); the other players are
    people. ``seed`` deals every hand of the match and seeds the computer's moves, so a game
    resumed from its record goes on exactly as it would have. ``hints`` is the session's hint
    mode (``on``, ``off`` or ``ask``), kept as text.
    """

    seed: int
    computer: dict[str, str] = field(default_factory=dict)
    hints: str | None = None

    def __hash__(self) -> int:
        # a frozen value hashes as it compares, its mapping as sorted pairs (API audit, stop 55)
        return hash((self.seed, tuple(sorted(self.computer.items())), self.hints))

    def people(self, players: Sequence[str]) -> list[str]:
        """The players the computer does not hold, in playing order."""
        return [p for p in players if p not in self.computer]


@dataclass
class HandRecord:
    """One hand: ruleset, notation, players in playing order, table, deals and plays.

    ``deals[d]`` maps a player to the cards of deal ``d`` the record knows; missing players and
    missing cards are unknown, and are learnt when played. ``teams`` is empty unless the record
    names the sides. ``info`` keeps the free-text keys (title, event, date, note).
    """

    ruleset: Ruleset
    ruleset_name: str
    style: Style
    players: list[str]
    dealer: str | None = None
    teams: dict[str, list[str]] = field(default_factory=dict)
    table: list[Card] = field(default_factory=list)
    deals: list[dict[str, list[Card]]] = field(default_factory=list)
    plays: list[PlayEntry] = field(default_factory=list)
    path: str = field(default="<record>", compare=False)
    info: dict[str, str] = field(default_factory=dict)
    lines: dict[Where, int] = field(default_factory=dict, compare=False, repr=False)
    """Source line of each part (filled by :func:`loads`), used in error messages."""
    game: GameInfo | None = None
    """How ``tutor play`` set the game up (None for any other record)."""
    puzzle: PuzzleSpec | None = None
    """The optional ``puzzle:`` mapping (see :mod:`tutor.records.puzzle_key`); a cut drops it."""
    hand: int | None = field(default=None, compare=False, repr=False)
    """Which hand of its file the record is, when the file holds several (a match): error
    messages name it."""
    match_order: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """In a match, the players in the first hand's order: each side's members are named in it
    (:meth:`side_names`), so that a side keeps its name while the seats turn hand by hand
    ("You & Partner" in every hand, never "Partner & You"). Set by :func:`as_match`."""

    # -- seating --------------------------------------------------------------------------

    def __repr__(self) -> str:
        # short, for a notebook: the whole ruleset and every card made it 9,000 characters
        # (API audit, stop 59); dumps() gives the record in full
        return (
            f"<HandRecord {self.ruleset_name} {self.path!r} players={self.players} "
            f"plays={len(self.plays)}>"
        )

    def hand_key(self) -> tuple[object, ...]:
        """What makes two records the same hand, whatever their words (title, notes), notation
        or the hands they give (one record may give every hand, another one seat's: the plays
        show the rest): the rules, the players and dealer, the opening table and the plays.
        ``tutor review A B`` reviews a hand given twice once."""
        return (self.ruleset_name, tuple(self.players), self.dealer, tuple(self.table),
                tuple(self.moves()))  # fmt: skip

    def info_text(self, key: str) -> str | None:
        """A free-text key (``title``, ``event``, ``note``) in the language of the run:
        ``KEY_LANG`` when the record gives it, else ``KEY``; None when there is neither."""
        return local(self.info, key)

    def seats_about(self) -> list[int]:
        """The seats of the players the hand is about: those whose cards the record gives, or,
        in a game against the computer (``tutor play``), which knows every hand, the people;
        every seat when the record gives no cards. The review judges them, and a position is
        drawn from one of them, by default."""
        if self.game is not None and self.game.people(self.players):
            people = self.game.people(self.players)
            return [s for s, name in enumerate(self.players) if name in people]
        given = {name for deal in self.deals for name, cards in deal.items() if cards}
        seats = [s for s, name in enumerate(self.players) if name in given]
        return seats or list(range(self.ruleset.players))

    def seat_of(self, player: str) -> int:
        """The seat (0 leads) of a player, named as written or in any case when that is
        unique (:func:`player_named`); RecordError if no player fits."""
        name = player_named(self.players, player)
        if name is None:
            raise RecordError(
                self.path,
                None,
                None,
                _("{player!r} is not one of the players ({players})").format(
                    player=player, players=", ".join(self.players)
                ),
            )
        return self.players.index(name)

    def side_names(self) -> list[list[str]]:
        """The players of each side: side i holds seats i, i + sides, ... (in a match, named in
        the first hand's order: :attr:`match_order`)."""
        sides = [
            [self.players[s] for s in self.ruleset.seats_of(i)] for i in range(self.ruleset.sides)
        ]
        if set(self.match_order) == set(self.players):
            sides = [sorted(members, key=self.match_order.index) for members in sides]
        return sides

    def team_names(self, join: Callable[[list[str]], str] = " & ".join) -> list[str]:
        """A name per side: the record's team name, or the players joined by ``join``: with
        '&' by default, what files and the JSON keep."""
        names = []
        for members in self.side_names():
            given = [t for t, ps in self.teams.items() if set(ps) == set(members)]
            names.append(given[0] if given else join(members))
        return names

    def shown(self) -> HandRecord:
        """The record with the seats the tutor names (the compass, You, Right, Partner, Left)
        in the language of the run (``Nord``, ``Nord-Sud``, ``Tu``; ``You`` in English for a
        file's ``Tu``: :func:`shown_name`), for a command that only shows it: every sentence
        the tutor makes of it then names the players as the person reads them (a puzzle's seat
        and holder too). Itself when nothing changes, or when two names would read alike.
        Files and the JSON keep the names as written.

        >>> from tutor.records.recordfile import loads
        >>> [rec] = loads("ruleset: scopa\\nplayers: [North, Ada]\\ntable: [AD, 2C, 3S, 4B]")
        >>> from tutor.game.i18n import speaking
        >>> with speaking("it"):
        ...     print(rec.shown().players, rec.players)
        ['Nord', 'Ada'] ['North', 'Ada']
        """
        names = {p: shown_name(p) for p in [*self.players, *self.teams]}
        if all(k == v for k, v in names.items()):
            return self
        if len({name_key(v) for v in names.values()}) < len(names):
            return self
        return self._renamed(names)

    def seen_from(self, viewer: str) -> HandRecord:
        """The record for a person reading it from ``viewer``'s seat: a player named as the
        person themselves (You, Tu) who is not the viewer is named in quotes, so that the
        sentences about them read as about a player ("“Tu” deve avere QC", not "Tu deve avere
        QC": Italian audit, stop 48). Itself when no such player plays; not for files or JSON.

        >>> from tutor.records.recordfile import loads
        >>> [rec] = loads("ruleset: scopa\\nplayers: [You, Ada]\\ntable: [AD, 2C, 3S, 4B]")
        >>> rec.seen_from("Ada").players, rec.seen_from("You").players
        (['“You”', 'Ada'], ['You', 'Ada'])
        """
        quoted = pgettext("a player named You, seen from another player's seat", "“{name}”")
        names = {p: quoted.format(name=p) for p in self.players if is_you(p) and p != viewer}
        return self._renamed(names) if names else self

    def _renamed(self, names: Mapping[str, str]) -> HandRecord:
        """The record with players and sides renamed by ``names`` (the others as they are)."""

        def name(player: str | None) -> str | None:
            return None if player is None else names.get(player, player)

        return replace(
            self,
            players=[names.get(p, p) for p in self.players],
            dealer=name(self.dealer),
            teams={names.get(t, t): [names.get(p, p) for p in ps] for t, ps in self.teams.items()},
            deals=[{names.get(p, p): cards for p, cards in deal.items()} for deal in self.deals],
            plays=[replace(e, player=name(e.player)) for e in self.plays],
            lines={
                tuple(names.get(w, w) if isinstance(w, str) else w for w in where): n
                for where, n in self.lines.items()
            },
            game=None
            if self.game is None
            else replace(
                self.game, computer={names.get(p, p): c for p, c in self.game.computer.items()}
            ),
            match_order=tuple(names.get(p, p) for p in self.match_order),
            puzzle=None
            if self.puzzle is None
            else replace(self.puzzle, seat=name(self.puzzle.seat), holder=name(self.puzzle.holder)),
        )

    def shown_team_names(self) -> list[str]:
        """A name per side as a person reads it: the players joined in words (``You and
        Partner``, ``Tu e Compagno``) where the record names no team."""
        return self.team_names(all_of)

    # -- positions --------------------------------------------------------------------------

    def initial_state(self) -> GameState:
        """The position before the first play: the record's cards known, the rest unknown."""
        rs = self.ruleset
        deals: list[list[tuple[int, int]]] = []
        for d in range(rs.deals_per_hand):
            given = self.deals[d] if d < len(self.deals) else {}
            row = []
            for name in self.players:
                cards = given.get(name, [])
                row.append((mask_of(cards), rs.hand_size - len(cards)))
            deals.append(row)
        return GameState(rs, mask_of(self.table), deals)

    def moves(self) -> list[Move]:
        """The plays as engine moves, in order (validates the record; RecordError if bad)."""
        return self.validate()

    def state_at(self, n: int) -> GameState:
        """The position after the first ``n`` plays (pushed, so ``stack`` is the history)."""
        moves = self.moves()
        self._check_play_count(n)
        state = self.initial_state()
        for m in moves[:n]:
            state.push(m)
        return state

    def final_state(self) -> GameState:
        """The position after every play of the record (RecordError if a play is wrong)."""
        return self.state_at(len(self.plays))

    def is_finished(self) -> bool:
        """Every card of the hand has been played."""
        return len(self.plays) == self.ruleset.plays_per_hand

    def _check_play_count(self, n: int) -> None:
        """RecordError unless the record has at least ``n`` plays (0 <= n)."""
        if not 0 <= n <= len(self.plays):
            raise RecordError(
                self.path,
                None,
                None,
                ngettext(
                    "the record has {n} play, not {asked}",
                    "the record has {n} plays, not {asked}",
                    len(self.plays),
                ).format(n=len(self.plays), asked=n),
            )

    def cut(self, n: int) -> HandRecord:
        """The same record with only its first ``n`` plays: a position to study or solve
        (RecordError for a count it does not have, as :meth:`state_at`)."""
        self._check_play_count(n)
        return HandRecord(
            self.ruleset,
            self.ruleset_name,
            self.style,
            list(self.players),
            self.dealer,
            {k: list(v) for k, v in self.teams.items()},
            list(self.table),
            [{k: list(v) for k, v in d.items()} for d in self.deals],
            list(self.plays[:n]),
            self.path,
            dict(self.info),
            dict(self.lines),
            self.game,
            hand=self.hand,
        )

    # -- validation ---------------------------------------------------------------------------

    def line_of(self, *where: str) -> int | None:
        """The line of the file where the key at ``where`` is written (``"game", "computer",
        "Ada"``), or of the nearest key above it; None for a record not read from a file."""
        return self._line(where)

    def _line(self, where: Where) -> int | None:
        key = where
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return self.lines.get(("doc",))

    def _fail(self, where: Where, message: str, play: int | None = None) -> RecordError:
        return RecordError(self.path, self._line(where), play, message, self.hand)

    def _raise_at(self, line: int | None, message: str) -> NoReturn:
        raise RecordError(self.path, line, None, message, self.hand)

    def _card(self, c: Card | int) -> str:
        return format_card(c, self.style)

    def _cards(self, cards: Iterable[Card] | int) -> str:
        return format_cards(cards, self.style) or _("nothing")

    def validate(self) -> list[Move]:
        """Check seating, cards and every play; return the moves or raise RecordError."""
        self._check_seating()
        self._check_cards()
        return self._check_plays()

    def _check_seating(self) -> None:
        rs = self.ruleset
        names = names_text(self.players)
        for i in range(len(self.players)):
            problem = name_problem(self.players, i)
            if problem is not None:
                raise self._fail(("players", i), problem)
        if len(self.players) != rs.players:
            raise self._fail(
                ("players",),
                ngettext(
                    "the {ruleset} ruleset is for {players} players, but {n} is listed ({names})",
                    "the {ruleset} ruleset is for {players} players, but {n} are listed ({names})",
                    len(self.players),
                ).format(ruleset=rs.name, players=rs.players, n=len(self.players), names=names),
            )
        if self.game is not None:
            for name in self.game.computer:
                if name not in self.players:
                    raise self._fail(
                        ("game", "computer", name),
                        _("game: computer player {name!r} is not a player ({names})").format(
                            name=name, names=names
                        ),
                    )
        if self.dealer is not None:
            if self.dealer not in self.players:
                raise self._fail(
                    ("dealer",),
                    _("dealer {name!r} is not a player ({names})").format(
                        name=self.dealer, names=names
                    ),
                )
            if self.dealer != self.players[-1]:
                raise self._fail(
                    ("dealer",),
                    _(
                        "the dealer {name} must be listed last: players are listed in "
                        "playing order, the first leads and the dealer plays last ({names})"
                    ).format(name=self.dealer, names=names),
                )
        if not self.teams:
            return
        sides = [" & ".join(ps) for ps in self.side_names()]
        if len(self.teams) != rs.sides:
            raise self._fail(
                ("teams",),
                _("the {ruleset} ruleset has {sides} sides, not {n}").format(
                    ruleset=rs.name, sides=rs.sides, n=len(self.teams)
                ),
            )
        placed: dict[str, str] = {}
        for team, members in self.teams.items():
            if not name_key(team):  # "Sides:  v B." named no side
                raise self._fail(("teams", team), _("a team's name is empty"))
            control = control_problem(team, 2 * MAX_NAME)  # two players' names, joined
            if control is not None:
                raise self._fail(("teams", team), control)
            for name in members:
                if name not in self.players:
                    raise self._fail(
                        ("teams", team),
                        _("team {team}: {name!r} is not a player ({names})").format(
                            team=team, name=name, names=names
                        ),
                    )
                if name in placed:
                    raise self._fail(
                        ("teams", team),
                        _("team {team}: {name} is already in team {other}").format(
                            team=team, name=name, other=placed[name]
                        ),
                    )
                placed[name] = team
        for team, members in self.teams.items():
            if not any(set(members) == set(ps) for ps in self.side_names()):
                raise self._fail(
                    ("teams", team),
                    _(
                        "team {team} ({members}) does not match the seating: "
                        "partners sit opposite, so the sides are {sides}"
                    ).format(
                        team=team,
                        members=", ".join(members) or _("nobody"),
                        sides=_(" and ").join(sides),
                    ),
                )

    def _check_cards(self) -> None:
        rs = self.ruleset
        first: dict[Card, str] = {}

        def place(card: Card, where: Where, what: str) -> None:
            if card in first:
                raise self._fail(
                    where,
                    _("{card} appears twice: it is already {where}").format(
                        card=self._card(card), where=first[card]
                    ),
                )
            line = self._line(where)
            first[card] = _("{where} (line {line})").format(where=what, line=line) if line else what

        for i, c in enumerate(self.table):
            place(c, ("table", i), _("on the table"))
        if len(self.table) != rs.table_cards:
            raise self._fail(
                ("table",),
                ngettext(
                    "the table must start with {n} card in {ruleset}, not {given}",
                    "the table must start with {n} cards in {ruleset}, not {given}",
                    rs.table_cards,
                ).format(n=rs.table_cards, ruleset=rs.name, given=len(self.table)),
            )
        kings = sum(1 for c in self.table if c.value == 10)
        if rs.redeal_kings and kings >= rs.redeal_kings:
            raise self._fail(
                ("table",),
                _(
                    "the opening table holds {kings} kings: the ruleset redeals when "
                    "{n} or more kings are on the table"
                ).format(kings=kings, n=rs.redeal_kings),
            )
        if len(self.deals) > rs.deals_per_hand:
            raise self._fail(
                ("deal", rs.deals_per_hand),
                ngettext(
                    "the {ruleset} ruleset has {n} deal per hand, but the record gives {given}",
                    "the {ruleset} ruleset has {n} deals per hand, but the record gives {given}",
                    rs.deals_per_hand,
                ).format(ruleset=rs.name, n=rs.deals_per_hand, given=len(self.deals)),
            )
        for d, deal in enumerate(self.deals):
            for name, cards in deal.items():
                if name not in self.players:
                    raise self._fail(
                        ("deal", d, name),
                        _("deal {n}: {name!r} is not a player ({names})").format(
                            n=d + 1, name=name, names=names_text(self.players)
                        ),
                    )
                for i, c in enumerate(cards):
                    place(
                        c,
                        ("deal", d, name, i),
                        _("dealt to {name} in deal {n}").format(name=name, n=d + 1),
                    )
                if len(cards) > rs.hand_size:
                    raise self._fail(
                        ("deal", d, name),
                        ngettext(
                            "deal {d}: {name} is given {n} cards, but each player gets {size} "
                            "in {ruleset}",
                            "deal {d}: {name} is given {n} cards, but each player gets {size} "
                            "in {ruleset}",
                            len(cards),
                        ).format(
                            d=d + 1, name=name, n=len(cards), size=rs.hand_size, ruleset=rs.name
                        ),
                    )

    def short_hands(self) -> list[tuple[int, str, int]]:
        """(deal number, player, cards given) for each hand given short in a deal that names
        every player's cards: a record may leave out the cards it does not know, but one hand a
        card or two short among full ones is more likely a card left out by mistake."""
        size = self.ruleset.hand_size
        out = []
        for d, deal in enumerate(self.deals, 1):
            given = [len(deal.get(name, ())) for name in self.players]
            if min(given) == 0 or given.count(size) < len(given) - 1:
                continue
            out += [(d, name, n) for name, n in zip(self.players, given, strict=True) if n < size]
        return out

    def check_hint_mode(self) -> None:
        """Raise RecordError, naming the line, when the ``game`` key's hint mode is not one of
        :data:`HINT_MODES`: a game goes on only in a mode it knows (any other reader keeps the
        text as written)."""
        hints = self.game.hints if self.game is not None else None
        if hints is not None and hints not in HINT_MODES:
            raise self._fail(
                ("game", "hints"),
                "game: hints: "
                + _("{mode!r}: choose one of {modes}").format(
                    mode=hints, modes=", ".join(HINT_MODES)
                ),
            )

    def check_dealt_in_full(self) -> None:
        """Raise RecordError unless every deal gives every player a full hand: a game against
        the computer needs it, since the computer plays from the cards it was dealt (a record of
        a hand played at a table may leave the hands it does not know out)."""
        rs = self.ruleset
        why = _("a game against the computer deals every hand in full")
        if len(self.deals) < rs.deals_per_hand:
            raise self._fail(
                ("deals",),
                ngettext(
                    "the record gives {given} deal of the {n} of a hand in {ruleset}; {why}",
                    "the record gives {given} deals of the {n} of a hand in {ruleset}; {why}",
                    len(self.deals),
                ).format(given=len(self.deals), n=rs.deals_per_hand, ruleset=rs.name, why=why),
            )
        for d, deal in enumerate(self.deals):
            for name in self.players:
                given = len(deal.get(name, ()))
                if given == rs.hand_size:
                    continue
                if name not in deal:
                    message = _("deal {d}: no cards are given to {name}; {why}")
                elif is_you(name):
                    message = ngettext(
                        "deal {d}: you are given {n} card of {size}; {why}",
                        "deal {d}: you are given {n} cards of {size}; {why}",
                        given,
                    )
                else:
                    message = ngettext(
                        "deal {d}: {name} is given {n} card of {size}; {why}",
                        "deal {d}: {name} is given {n} cards of {size}; {why}",
                        given,
                    )
                where: Where = ("deal", d, name) if name in deal else ("deal", d)
                raise self._fail(
                    where,
                    message.format(d=d + 1, name=name, n=given, size=rs.hand_size, why=why),
                )

    def _check_plays(self) -> list[Move]:
        state = self.initial_state()
        moves: list[Move] = []
        for n, entry in enumerate(self.plays, 1):
            where: Where = ("play", n)
            if entry.line is not None:
                self.lines[where] = entry.line
            mover = self.players[state.turn]
            if state.is_over():
                raise self._fail(
                    where,
                    ngettext(
                        "the hand is over after {n} play: no play is left",
                        "the hand is over after {n} plays: no play is left",
                        n - 1,
                    ).format(n=n - 1),
                    n,
                )
            # a name in another case is the player's, as --as takes it (record audit, stop 53)
            named = None if entry.player is None else player_named(self.players, entry.player)
            if entry.player is not None and named != mover:
                if entry.player_line is not None:  # the name at fault, not the card
                    self.lines[where] = entry.player_line
                if named is None:
                    raise self._fail(
                        where,
                        _("{name!r} is not a player ({names})").format(
                            name=Shown(entry.player), names=names_text(self.players)
                        ),
                        n,
                    )
                if is_you(mover):
                    wrong = _("wrong turn: it is your turn, not {player}'s")
                elif is_you(named):
                    wrong = _("wrong turn: it is {mover}'s turn, not yours")
                else:
                    wrong = _("wrong turn: it is {mover}'s turn, not {player}'s")
                # the seats as the run names them ("tocca a Ovest"), as live and replay do
                shown = wrong.format(mover=shown_name(mover), player=shown_name(named))
                raise self._fail(where, shown, n)
            card = entry.card.index
            problem = self._holding_problem(state, card)
            if problem:
                raise self._fail(
                    where,
                    _("{player} cannot play {card}: {why}").format(
                        player=shown_name(mover), card=self._card(card), why=problem
                    ),
                    n,
                )
            move = self._move_of(state, entry, n)
            state.push(move)
            moves.append(move)
        return moves

    def _holding_problem(self, state: GameState, card: int) -> str | None:
        """Why the player to move cannot hold ``card`` (None if they can)."""
        seat = state.turn
        if state.hands[seat] >> card & 1:
            return None
        place = state.place_of(card)
        if place.kind != "unplaced":
            return place.text([shown_name(p) for p in self.players])
        if state.unknown[seat] == 0:
            return _("it is not in the hand, which is known ({cards})").format(
                cards=self._cards(state.hands[seat])
            )
        return None

    def _move_of(self, state: GameState, entry: PlayEntry, n: int) -> Move:
        """The move an entry means in this position, or the reason it is not legal."""
        where: Where = ("play", n)
        try:
            move = state.resolve(entry.written(), self.style)
        except MoveError as exc:
            raise self._fail(where, str(exc), n) from None
        if entry.capture is None:
            return move
        try:
            state.check_capture(move, self.style)
        except IllegalMoveError as exc:
            text = entry.written().text(self.style)
            if exc.choices:
                problem = _("{play} is not allowed: {why}").format(play=text, why=exc)
            else:
                problem = f"{text}: {exc}"
            raise self._fail(where, problem, n) from None
        return move


# -- building records from games ------------------------------------------------------------


def record_from_moves(
    rules: Ruleset,
    table: Sequence[Card] | int,
    deals: Sequence[Sequence[int]],
    moves: Sequence[Move],
    *,
    ruleset_name: str | None = None,
    players: Sequence[str] | None = None,
    style: Style | str | None = None,
    notes: dict[int, str] | None = None,
    explicit: bool = True,
    dealer: bool = True,
    path: str = "<record>",
) -> HandRecord:
    """A record of a game played from a deal (``deals[d][seat]`` are masks; 0 = unknown).

    ``notes`` maps play numbers (from 1) to notes. With ``explicit`` every capture is written
    out; otherwise a capture is written only when the card alone would not read back as it
    (several captures, or a ruleset where a card alone is laid). Players that would not seat
    the ruleset's game (too few or too many, a name twice) are a :class:`RecordError`.
    """
    st = get_style(style)
    names = list(players) if players is not None else [f"P{i + 1}" for i in range(rules.players)]
    table_cards = list(table) if not isinstance(table, int) else cards_of(table)
    record = HandRecord(
        rules,
        ruleset_name or rules.name,
        st,
        names,
        names[-1] if dealer and names else None,
        {},
        table_cards,
        [],
        [],
        path,
    )
    record._check_seating()  # the players a file would be refused for: RecordError, as there
    record.deals = [{names[s]: sorted(cards_of(m)) for s, m in enumerate(d) if m} for d in deals]
    state = record.initial_state()
    notes = notes or {}
    for n, m in enumerate(moves, 1):
        card = CARDS[m.card]
        capture: list[Card] | None = cards_of(m.capture) if m.capture else None
        if capture is not None and not explicit:
            try:
                bare = state.resolve(WrittenPlay(m.card))
            except MoveError:
                bare = None
            if bare == m:  # the card alone reads back as this very capture
                capture = None
        try:  # a move the hand does not allow: refused here, not when the file is read back
            state.check(m, style=st)  # (API audit, stop 55)
        except MoveError as exc:
            raise RecordError(path, None, n, str(exc)) from None
        record.plays.append(PlayEntry.of(card, capture, st, notes.get(n)))
        state.push(m)
    return record


def side_map(first: HandRecord, other: HandRecord) -> list[int] | None:
    """For each side of ``other``, the side of ``first`` with the same players (None: differ)."""
    mine = [frozenset(ps) for ps in first.side_names()]
    out = []
    for ps in other.side_names():
        key = frozenset(ps)
        if key not in mine:
            return None
        out.append(mine.index(key))
    return out


def _hand_error(record: HandRecord, k: int, where: Where, message: str) -> RecordError:
    """An error of hand number ``k`` of a match file."""
    return record._fail(where, message).in_hand(k)


def as_match(records: Sequence[HandRecord]) -> None:
    """Make hands one match: number them (1, 2, ... as a file read back numbers them; a single
    hand keeps no number) and have every hand name its sides as the first hand does
    (:attr:`match_order`, and the first hand's teams in a hand that names none)."""
    if not records:
        return
    first = records[0]
    for k, r in enumerate(records, 1):
        if len(records) > 1:
            r.hand = k
        r.match_order = tuple(first.players)
        if not r.teams and first.teams:
            r.teams = {name: list(members) for name, members in first.teams.items()}


def next_seating(players: Sequence[str]) -> list[str]:
    """The players of a match's next hand in playing order: the deal passes to the right, so
    the leader of the hand just played deals it (last in the order).

    >>> next_seating(["West", "North", "East", "South"])
    ['North', 'East', 'South', 'West']
    """
    return [*players[1:], *players[:1]]


def _teams(r: HandRecord) -> dict[str, frozenset[str]]:
    return {name: frozenset(members) for name, members in r.teams.items()}


def _teams_text(r: HandRecord) -> str:
    return "; ".join(f"{name}: {' & '.join(members)}" for name, members in r.teams.items())


def _game_key(r: HandRecord) -> tuple[int, tuple[tuple[str, str], ...]] | None:
    """What must be the same in every hand of a tutor play file (the hint mode may change)."""
    return None if r.game is None else (r.game.seed, tuple(sorted(r.game.computer.items())))


def check_one_game(records: Sequence[HandRecord]) -> None:
    """The hands are one game's: the same ruleset, sides and teams as the first hand (and
    game key), as a file of several hands must be; RecordError names the first that is not.
    :func:`~tutor.records.recordfile.dumps` checks it too, so that it never writes what
    :func:`~tutor.records.recordfile.loads` refuses (API audit, stop 57)."""
    if not records:
        raise ValueError("no hand: a match has at least one")
    first = records[0]
    for k, r in enumerate(records[1:], 2):
        if r.ruleset != first.ruleset:
            if r.ruleset.name == first.ruleset.name:
                # one name, two rulesets (a house file named as a shipped one): what differs,
                # not "played with scopa, but the first hand uses scopa" (practice audit)
                raise _hand_error(
                    r,
                    k,
                    ("ruleset",),
                    _(
                        "played with {key}, a ruleset named {name} as the first hand's is, but "
                        "not the same ({rules}): the hands of a file make one match"
                    ).format(
                        key=r.ruleset_name,
                        name=r.ruleset.name,
                        rules=ruleset_differences(r.ruleset, first.ruleset),
                    ),
                )
            raise _hand_error(
                r,
                k,
                ("ruleset",),
                _(
                    "played with {ruleset}, but the file's first hand uses {first}: the hands "
                    "of a file make one match"
                ).format(ruleset=r.ruleset.name, first=first.ruleset.name),
            )
        if sorted(r.players) != sorted(first.players) or side_map(first, r) is None:
            raise _hand_error(
                r,
                k,
                ("players",),
                _("the sides ({sides}) differ from the first hand's ({first})").format(
                    sides=" | ".join(" & ".join(s) for s in r.side_names()),
                    first=" | ".join(" & ".join(s) for s in first.side_names()),
                ),
            )
        if r.teams and _teams(r) != _teams(first):  # a name must mean one side all match long
            raise _hand_error(
                r,
                k,
                ("teams",),
                _("the teams ({teams}) differ from the first hand's ({first})").format(
                    teams=_teams_text(r), first=_teams_text(first) or _("none")
                ),
            )
        if _game_key(r) != _game_key(first):
            raise _hand_error(
                r,
                k,
                ("game",),
                _(
                    "its game key (how tutor play set the game up) differs from the first "
                    "hand's: the hands of a file make one game"
                ),
            )


def validate_match(records: Sequence[HandRecord]) -> MatchScore:
    """The hands of one file make a match: same ruleset and sides, played in turn; the match's
    score over its finished hands (each hand's points in the first hand's side order)."""
    check_one_game(records)
    first = records[0]
    match = MatchScore(first.ruleset)
    for k, r in enumerate(records, 1):
        if match.over:
            raise _hand_error(
                r,
                k,
                ("doc",),
                _("the match was already over after hand {n}").format(n=k - 1),
            )
        state = r.final_state()
        if not state.is_over():
            if k < len(records):
                raise _hand_error(
                    r,
                    k,
                    ("doc",),
                    _(
                        "the hand stops after {n} of its {total} plays, but another hand follows"
                    ).format(n=len(r.plays), total=r.ruleset.plays_per_hand),
                )
            continue
        mapping = side_map(first, r)
        assert mapping is not None  # the sides were checked above
        pts = score_state(state).points()
        ordered = [0] * len(pts)
        for side, p in enumerate(pts):
            ordered[mapping[side]] = p
        match.add(ordered)
    return match
