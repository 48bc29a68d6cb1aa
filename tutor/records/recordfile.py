"""Hand record files: reading and writing the YAML text of :mod:`tutor.records.record`.

``loads``/``load``/``load_path`` read every hand of a file and validate them, reporting the
first problem as ``FILE:LINE: play N: what is wrong``; ``dumps``/``dump`` write the canonical
text, which reads back as the same records; ``save`` writes a file atomically. This is the only
module of the records layer that speaks YAML (``docs/records.md`` gives the format).

>>> text = '''
... ruleset: scopa
... deck: french
... players: [You, Ada]
... table: [2C, 4H, 5S, QD]
... deals:
...   - {You: [7D, 7H, AS], Ada: [3H, KC, JD]}
... plays:
...   - 7D x 2C 5S
...   - 3H
... '''
>>> [hand] = loads(text, "seed.yaml")
>>> [m.text("french") for m in hand.moves()]
['7D x 2C 5S', '3H']
>>> hand.state_at(2).format_table("french")
'3H 4H QD'
>>> loads(dumps([hand]))[0].plays == hand.plays
True
>>> try:
...     loads(text.replace("3H\\n", "5S\\n"), "seed.yaml")
... except RecordError as exc:
...     print(exc)
seed.yaml:10: play 2: Ada cannot play 5S: it was captured at play 1
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import IO, Any, AnyStr

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tutor.game.cards import (
    CARDS,
    ITALIAN,
    Card,
    NotationError,
    Style,
    format_card,
    get_style,
    other_deck_hint,
    parse_card,
    styles_shown,
)
from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import _, ngettext, unknown_key
from tutor.game.interrupts import interrupts_held
from tutor.game.rules import (
    Ruleset,
    RulesetError,
    compose_yaml,
    deepest_line,
    load_ruleset,
    names_file,
    yaml_error_text,
)
from tutor.game.state import parse_play
from tutor.game.textfile import (
    FileReadError,
    decode_utf8,
    file_exists,
    os_reason,
    read_stream,
    read_text,
)
from tutor.records.puzzle_key import dump_puzzle, read_puzzle, resolve_puzzle
from tutor.records.record import (
    INFO_KEYS,
    MAX_NAME,
    TRANSLATED_INFO,
    TRANSLATED_NOTES,
    GameInfo,
    HandRecord,
    PlayEntry,
    RecordError,
    Where,
    as_match,
    check_one_game,
    control_problem,
    player_named,
    validate_match,
)

__all__ = [
    "loads",
    "load",
    "load_path",
    "loads_json",
    "read_json_object",
    "record_from_json",
    "dumps",
    "dump",
    "dumps_json",
    "to_json",
    "save",
    "SaveError",
    "free_name",
    "save_atomically",
    "sync_folder",
    "save_or_rescue",
    "file_stamp",
    "FileStamp",
    "write_rescue",
    "remove_stale_temporaries",
    "save_problem",
    "ruleset_file",
    "ruleset_key",
    "written_to",
    "reads_as_ruleset",
]

_KEYS: tuple[str, ...] = (*INFO_KEYS, *TRANSLATED_INFO, "ruleset", "deck", "players", "dealer")
_KEYS += ("teams", "table")
# puzzle: the optional question (records.puzzle_key); game: how tutor play set the game up
_KEYS += ("deals", "plays", "puzzle", "game")
_CARD_KEYS = ("table", "deals", "plays", "puzzle")
"""The keys that give a record's cards: none of them is a ruleset's (:func:`reads_as_ruleset`)."""
_PLAY_KEYS = ("play", "note", *TRANSLATED_NOTES, "player")
_GAME_KEYS = ("seed", "computer", "hints")

SEED_DIGITS_MAX = 4300
"""The longest seed a record may hold: Python's default limit on reading a whole number
(``sys.get_int_max_str_digits``), which the command line's ``--seed`` has too."""
_NULL_TAG = "tag:yaml.org,2002:null"


# -- reading ----------------------------------------------------------------------------------


class _Reader:
    """Walks one composed YAML document, keeping each part's line for error messages."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, node: Node | None, message: str, play: int | None = None) -> RecordError:
        line = node.start_mark.line + 1 if node is not None else None
        return RecordError(self.path, line, play, message)

    @staticmethod
    def is_null(node: Node) -> bool:
        return isinstance(node, ScalarNode) and node.tag == _NULL_TAG

    @staticmethod
    def is_mapping(node: Node) -> bool:
        return isinstance(node, MappingNode)

    @staticmethod
    def is_sequence(node: Node) -> bool:
        return isinstance(node, SequenceNode)

    @staticmethod
    def line(node: Node) -> int:
        """The 1-based line a node starts on."""
        return int(node.start_mark.line) + 1

    def text(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode) or self.is_null(node):
            raise self.fail(node, _("{what} must be a text value").format(what=what))
        return str(node.value)

    def name(self, node: Node, what: str) -> str:
        """A player's name: text, the spaces around it dropped (" You" and "You " are You)."""
        name = self.text(node, what).strip()
        self.no_control(node, what, name)
        return name

    def no_control(self, node: Node, what: str, name: str) -> None:
        """Refuse a name with control characters as soon as it is read: the messages of the
        rest of the reading quote names as written."""
        # a team's name joins two players': the players' own length is checked with the seating
        control = control_problem(name, 2 * MAX_NAME)
        if control is not None:
            raise self.fail(node, f"{what}: {control}" if what else control)

    def mapping(
        self, node: Node, what: str, names: bool = False, players: Sequence[str] = ()
    ) -> list[tuple[str, Node, Node]]:
        """The keys and values of a mapping; ``what`` names it in the messages (empty for a
        play, whose number the message gives already). With ``names`` the keys are names, the
        spaces around them dropped before a key given twice is looked for ("You" and "You "
        are the same player); with ``players`` too, a key that names one of them in another
        case is that player's name (``south`` is South), and so given twice with it."""
        if not isinstance(node, MappingNode):
            raise self.fail(node, _("{what} must be a mapping of keys to values").format(what=what))
        head = f"{what}: " if what else ""
        out: list[tuple[str, Node, Node]] = []
        seen: dict[str, int] = {}
        for k, v in node.value:
            if not isinstance(k, ScalarNode):
                raise self.fail(k, head + _("keys must be plain text"))
            key = str(k.value).strip() if names else str(k.value)
            if names:
                self.no_control(k, what, key)
                key = (player_named(players, key) or key) if players else key
            if key in seen:
                raise self.fail(
                    k,
                    head
                    + _("key {key!r} is given twice (first on line {first})").format(
                        key=key, first=seen[key]
                    ),
                )
            seen[key] = k.start_mark.line + 1
            out.append((key, k, v))
        return out

    def sequence(self, node: Node, what: str) -> list[Node]:
        if self.is_null(node):
            return []
        if not isinstance(node, SequenceNode):
            raise self.fail(node, _("{what} must be a list").format(what=what))
        self.not_too_long(node, len(node.value), what)
        return list(node.value)

    def not_too_long(self, node: Node, n: int, what: str) -> None:
        """Refuse a list longer than the deck at once, rather than read it all first."""
        if n > len(CARDS):
            raise self.fail(
                node,
                _(
                    "{what} has {n} entries: no list in a hand record is longer than the "
                    "{cards} cards of the deck"
                ).format(what=what, n=n, cards=len(CARDS)),
            )

    def cards(
        self, node: Node, what: str, style: Style, lines: dict[Where, int], where: Where
    ) -> list[Card]:
        """A list of cards, or one text of cards separated by spaces."""
        lines[where] = node.start_mark.line + 1
        items: list[tuple[Node, str]]
        if isinstance(node, ScalarNode) and not self.is_null(node):
            items = [(node, t) for t in str(node.value).replace(",", " ").split()]
            self.not_too_long(node, len(items), what)
        else:
            items = [
                (n, self.text(n, _("a card in {what}").format(what=what)))
                for n in self.sequence(node, what)
            ]
        out = []
        for i, (n, t) in enumerate(items):
            lines[(*where, i)] = n.start_mark.line + 1
            try:
                out.append(parse_card(t, style))
            except NotationError as exc:
                raise self.fail(n, f"{what}: {exc}{_style_hint(t, style)}") from None
        return out

    def play(self, node: Node, n: int, style: Style) -> PlayEntry:
        try:
            return self._play(node, n, style)
        except RecordError as exc:
            if exc.play is None:
                raise RecordError(exc.path, exc.line, n, exc.message) from None
            raise

    def _play(self, node: Node, n: int, style: Style) -> PlayEntry:
        note = player = None
        player_line: int | None = None
        translations: dict[str, str] = {}
        if isinstance(node, MappingNode):
            items = self.mapping(node, "")
            keys = {k for k, _, _ in items}
            for key, knode, _item in items:
                if key not in _PLAY_KEYS:
                    raise self.fail(
                        knode,
                        unknown_key(key, _PLAY_KEYS, in_a_play=True),
                        n,
                    )
            if "play" not in keys:
                raise self.fail(node, _("a play written as a mapping needs a 'play' key"), n)
            values = {k: v for k, _, v in items}
            text_node = values["play"]
            if "note" in values and not self.is_null(values["note"]):
                note = self.text(values["note"], _("a play's note"))
            for key in TRANSLATED_NOTES:
                if key in values and not self.is_null(values[key]):
                    translations[key] = self.text(values[key], _("a play's note"))
            if "player" in values:
                player = self.name(values["player"], _("a play's player"))
                player_line = values["player"].start_mark.line + 1
        else:
            text_node = node
        if not isinstance(text_node, ScalarNode) or self.is_null(text_node):
            raise self.fail(text_node, _("a play must be text like '7D x 2C 5S' or '3H'"), n)
        raw = str(text_node.value).strip()
        # the line of the card, where a play over several lines is wrong (audit, stop 52)
        line = text_node.start_mark.line + 1
        try:
            written = parse_play(raw, style)
        except NotationError as exc:
            raise self.fail(text_node, f"{exc}{_style_hint(raw, style)}", n) from None
        entry = PlayEntry.from_play(written, style, note, player, line)
        entry.translations = translations
        entry.player_line = player_line
        return entry

    def game(self, node: Node, lines: dict[Where, int]) -> GameInfo:
        """The ``game`` mapping of a record kept by ``tutor play``."""
        items = self.mapping(node, "game")
        values = {}
        for key, knode, vnode in items:
            if key not in _GAME_KEYS:
                raise self.fail(
                    knode,
                    "game: " + unknown_key(key, _GAME_KEYS),
                )
            values[key] = vnode
        if "seed" not in values:
            raise self.fail(node, "game: " + _("the seed is missing"))
        seed_node = values["seed"]
        if not isinstance(seed_node, ScalarNode) or self.is_null(seed_node):
            raise self.fail(seed_node, "game: " + _("the seed must be a whole number"))
        seed_text = str(seed_node.value)
        digits = seed_text.strip().removeprefix("-").removeprefix("+")
        if digits.isascii() and digits.isdigit() and len(digits) > SEED_DIGITS_MAX:
            # Python reads no longer number (input audit, stop 54: "must be a whole number")
            raise self.fail(
                seed_node,
                "game: "
                + _("the seed must be a whole number of at most {n} digits").format(
                    n=SEED_DIGITS_MAX
                ),
            )
        try:
            seed = int(seed_text)
        except ValueError:
            raise self.fail(
                values["seed"],
                "game: "
                + _("the seed must be a whole number, not {text!r}").format(text=Shown(seed_text)),
            ) from None
        computer: dict[str, str] = {}
        if "computer" in values:
            lines[("game", "computer")] = values["computer"].start_mark.line + 1
        if "computer" in values and not self.is_null(values["computer"]):
            for key, knode, vnode in self.mapping(values["computer"], "game: computer", names=True):
                name = key.strip()
                lines[("game", "computer", name)] = knode.start_mark.line + 1
                computer[name] = self.text(
                    vnode, "game: " + _("the computer player of {name}").format(name=name)
                )
        hints = None
        if "hints" in values and not self.is_null(values["hints"]):
            hints = self.text(values["hints"], "game: hints")
            lines[("game", "hints")] = values["hints"].start_mark.line + 1
        return GameInfo(seed, computer, hints)

    def ruleset(self, node: Node) -> tuple[str, Ruleset]:
        name = self.text(node, "ruleset")
        try:
            target = ruleset_file(name, self.path)
            if target is not None:
                base = Path(self.path).parent if not self.path.startswith("<") else Path(".")
                if not file_exists(target):
                    if base.resolve() == Path.cwd():
                        missing = _("no ruleset file {name!r} next to the record")
                    else:
                        missing = _(
                            "no ruleset file {name!r} next to the record or in the current folder"
                        )
                    raise RulesetError(missing.format(name=name))
                return name, load_ruleset(str(target))
            return name, load_ruleset(name)
        except RulesetError as exc:
            raise self.fail(node, f"ruleset: {exc}") from None

    def document(self, root: Node) -> HandRecord:
        items = self.mapping(root, _("a hand record"))
        for key, knode, _item in items:
            if key not in _KEYS:
                raise self.fail(
                    knode,
                    unknown_key(key, _KEYS),
                )
        values = {k: v for k, _, v in items}
        lines: dict[Where, int] = {("doc",): root.start_mark.line + 1}
        for k, knode, _item in items:
            lines[(k,)] = knode.start_mark.line + 1
        for key in ("ruleset", "players"):
            if key not in values:
                raise self.fail(root, _("the record has no {key!r}").format(key=key))
        info = {
            k: self.text(values[k], k)
            for k in (*INFO_KEYS, *TRANSLATED_INFO)
            if k in values and not self.is_null(values[k])
        }
        ruleset_name, rs = self.ruleset(values["ruleset"])
        style = ITALIAN
        if "deck" in values:
            try:
                style = get_style(self.text(values["deck"], "deck"))
            except NotationError as exc:
                raise self.fail(values["deck"], f"deck: {exc}") from None
        players = []
        for i, n in enumerate(self.sequence(values["players"], "players")):
            players.append(self.name(n, _("a player's name")))
            lines[("players", i)] = n.start_mark.line + 1

        # a player named in another case is the player, as in the plays (format audit, stop 56)
        def player(name: str) -> str:
            return player_named(players, name) or name

        dealer = None
        if "dealer" in values and not self.is_null(values["dealer"]):
            dealer = player(self.name(values["dealer"], "dealer"))
        teams: dict[str, list[str]] = {}
        if "teams" in values and not self.is_null(values["teams"]):
            for team, knode, vnode in self.mapping(values["teams"], "teams", names=True):
                lines[("teams", team)] = knode.start_mark.line + 1
                teams[team] = [
                    player(self.name(n, _("a player of team {team}").format(team=team)))
                    for n in self.sequence(vnode, _("team {team}").format(team=team))
                ]
        table: list[Card] = []
        if "table" in values:
            table = self.cards(values["table"], "table", style, lines, ("table",))
        deals: list[dict[str, list[Card]]] = []
        if "deals" in values:
            for d, dnode in enumerate(self.sequence(values["deals"], "deals")):
                lines[("deal", d)] = dnode.start_mark.line + 1
                if self.is_null(dnode):
                    deals.append({})
                    continue
                deal: dict[str, list[Card]] = {}
                for key, knode, vnode in self.mapping(
                    dnode, _("deal {n}").format(n=d + 1), names=True, players=players
                ):
                    name = key.strip()
                    lines[("deal", d, name)] = knode.start_mark.line + 1
                    deal[name] = self.cards(
                        vnode,
                        _("deal {n}, {name}").format(n=d + 1, name=name),
                        style,
                        lines,
                        ("deal", d, name),
                    )
                    lines[("deal", d, name)] = knode.start_mark.line + 1
                deals.append(deal)
        plays = []
        if "plays" in values:
            for number, pnode in enumerate(self.sequence(values["plays"], "plays"), 1):
                plays.append(self.play(pnode, number, style))
        game = None
        if "game" in values and not self.is_null(values["game"]):
            game = self.game(values["game"], lines)
        record = HandRecord(
            rs, ruleset_name, style, players, dealer, teams, table, deals, plays, self.path, info
        )
        record.lines = lines
        record.game = game
        if "puzzle" in values and not self.is_null(values["puzzle"]):
            record._check_seating()  # the side names must be sound before a score is read
            record.puzzle = read_puzzle(self, values["puzzle"], style, record.team_names())
        return record


def ruleset_file(name: str, record: str | Path) -> Path | None:
    """The file a record's ``ruleset`` key names (None: a shipped ruleset's name), for a record
    read at ``record`` (``<...>``: not a file): next to the record when there is one, else from
    the current folder."""
    if not names_file(name):
        return None
    text = str(record)
    base = Path(text).parent if not text.startswith("<") else Path(".")
    candidate = base / name
    return candidate if file_exists(candidate) else Path(name)


def ruleset_key(name: str, read_at: str | Path, written_at: str | Path | None) -> str:
    """The ``ruleset`` key of a record read at ``read_at`` and written to ``written_at``: a
    ruleset file's path from the new file's folder (the one the reader looks in first), or
    absolute when ``written_at`` is None (a session keeps it so, whatever file it saves to).

    >>> ruleset_key("scopa", "a/hand.yaml", "b/hand.yaml")
    'scopa'
    >>> ruleset_key("mine.yaml", "games/hand.yaml", "games/old/hand.yaml")  # no such file
    '../../mine.yaml'
    """
    file = ruleset_file(name, read_at)
    if file is None:
        return name
    if written_at is None:
        return os.path.abspath(file)
    # the links followed as the reader's "folder/../file" will be (a folder reached by a link)
    start = os.path.realpath(Path(written_at).parent)
    return Path(os.path.relpath(os.path.realpath(file), start)).as_posix()


def reads_as_ruleset(text: str) -> bool:
    """Whether a file's ``text`` reads as a ruleset rather than a hand record: one mapping with
    a ``name`` and none of a record's cards (a folder of puzzles may hold the ruleset its
    puzzles name)."""
    try:
        docs = compose_yaml(text)
    except (yaml.YAMLError, RecursionError):
        return False
    if len(docs) != 1 or not isinstance(docs[0], MappingNode):
        return False
    keys = {str(k.value) for k, _v in docs[0].value if isinstance(k, ScalarNode)}
    return "name" in keys and not keys.intersection(_CARD_KEYS)


def written_to(record: HandRecord, path: str | Path) -> HandRecord:
    """``record`` as the file ``path`` holds it: a ruleset file (kept absolute by a session, or
    from the current folder) named from that file's folder (:func:`ruleset_key`)."""
    return replace(record, ruleset_name=ruleset_key(record.ruleset_name, "<session>", path))


def _style_hint(text: str, style: Style) -> str:
    """A hint when cards that are not cards in ``style`` all read as cards in another style.

    >>> _style_hint("QH x 4H", ITALIAN)
    "; they read as cards in french notation: is the record's 'deck' key missing or wrong?"
    >>> _style_hint("ZZ", ITALIAN)
    ''
    """
    return other_deck_hint(
        text,
        style,
        lambda n, fits: ngettext(
            "it reads as a card in {styles} notation: is the record's 'deck' key missing or wrong?",
            "they read as cards in {styles} notation: is the record's 'deck' key missing or wrong?",
            n,
        ).format(styles=styles_shown(fits)),
    )


def _hand_at(text: str, line: int | None) -> int | None:
    """Which hand of a file of several holds ``line`` (None for a file of one hand): the hands
    are YAML documents, each begun by a ``---`` after the first (or before it too).

    >>> _hand_at("a: 1\\n---\\nb: [\\n", 3), _hand_at("a: [\\n", 1)
    (2, None)
    """
    if line is None:
        return None
    lines = text.splitlines()
    starts = [k for k, s in enumerate(lines, 1) if s.startswith("---")]
    content = next((k for k, s in enumerate(lines, 1) if s.strip() and not s.startswith("#")), 1)
    separators = [k for k in starts if k > content]  # a --- before any content begins hand 1
    if not separators:
        return None
    return 1 + sum(1 for k in separators if k < line)


def _deal_order(r: HandRecord, deal: dict[str, Any]) -> list[str]:
    """A deal's players as the canonical forms write them: in playing order."""
    return [p for p in r.players if p in deal] + [p for p in deal if p not in r.players]


def _empty(node: Node) -> bool:
    """A YAML document with nothing in it (a ``---`` with only comments after it)."""
    return isinstance(node, ScalarNode) and node.tag.endswith(":null") and node.value == ""


def loads(text: str | bytes | bytearray, path: str = "<string>") -> list[HandRecord]:
    """Read every hand (YAML document) of a record file and validate them all; bytes are
    read as UTF-8, as :func:`load_path` reads a file (like ``json.loads``).

    >>> [r] = loads(b"ruleset: scopa\\nplayers: [Ada, Bea]\\ntable: [AD, 2C, 3S, 4B]\\n")
    >>> r.players
    ['Ada', 'Bea']
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = decode_utf8(bytes(text))
        except FileReadError as exc:
            raise RecordError(path, exc.line, None, str(exc)) from None
    try:
        roots = compose_yaml(text)
    except yaml.YAMLError as exc:
        line, problem = yaml_error_text(exc, text)
        raise RecordError(
            path,
            line,
            None,
            _("not valid YAML: {problem}").format(problem=problem),
            _hand_at(text, line),
        ) from None
    except RecursionError:
        line = deepest_line(text)
        raise RecordError(
            path, line, None, _("not valid YAML: nested too deeply"), _hand_at(text, line)
        ) from None
    while roots and _empty(roots[-1]):  # a --- ending the file starts no hand (nor one alone)
        roots.pop()
    reader = _Reader(path)
    match = len(roots) > 1
    records = []
    for number, root in enumerate(roots, 1):
        hand = number if match else None  # the errors of a match name the hand
        try:
            record = reader.document(root)
        except RecordError as exc:
            raise exc.in_hand(hand) from None
        except RecursionError:  # pragma: no cover - aliases nested beyond Python's stack
            raise RecordError(path, None, None, _("the YAML is nested too deeply"), hand) from None
        record.hand = hand
        record.validate()
        if record.puzzle is not None:
            record.puzzle = resolve_puzzle(
                record.puzzle, record.final_state(), record.players, record.style, record._raise_at
            )
        records.append(record)
    if not records:
        raise RecordError(path, None, None, _("the file holds no hand"))
    validate_match(records)
    as_match(records)
    return records


def load(fp: IO[AnyStr], path: str | None = None) -> list[HandRecord]:
    """Read a record file from an open stream, text or binary (UTF-8)."""
    name = path if path is not None else str(getattr(fp, "name", "<stream>"))
    try:
        text = read_stream(fp)
    except FileReadError as exc:
        raise RecordError(name, exc.line, None, str(exc)) from None
    return loads(text, name)


def load_path(path: str | Path) -> list[HandRecord]:
    """Read a record file by path (missing, unreadable or too large files, over
    :data:`~tutor.game.textfile.MAX_FILE_BYTES`, are RecordErrors too)."""
    name = str(path)
    try:
        text = read_text(Path(path))
    except FileReadError as exc:
        raise RecordError(name, exc.line, None, str(exc)) from None
    return loads(text, name)


# -- writing ----------------------------------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_' .()&+-]*")


def _printable(o: int) -> bool:
    return (
        0x20 <= o <= 0x7E
        or 0xA0 <= o <= 0xD7FF
        or 0xE000 <= o <= 0xFFFD
        or 0x10000 <= o <= 0x10FFFF
    ) and o not in (0xFEFF, 0x2028, 0x2029)


def _quote(s: str) -> str:
    """A YAML double-quoted scalar that reads back as exactly ``s``."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif _printable(o):
            out.append(ch)
        elif o <= 0xFF:
            out.append(f"\\x{o:02x}")
        elif o <= 0xFFFF:
            out.append(f"\\u{o:04x}")
        else:
            out.append(f"\\U{o:08x}")
    out.append('"')
    return "".join(out)


def _scalar(s: str) -> str:
    """``s`` plain when YAML reads it back as the same text, else double-quoted."""
    if _PLAIN.fullmatch(s) and not s.endswith(" ") and " #" not in s:
        try:
            if yaml.safe_load(s) == s:
                return s
        except yaml.YAMLError:
            pass
    return _quote(s)


def _card_list(cards: Iterable[Card], style: Style) -> str:
    return "[" + ", ".join(format_card(c, style) for c in cards) + "]"


def _check_named_ruleset(r: HandRecord) -> None:
    """Refuse to write a record whose ruleset is not the one its name reads back as (a ruleset
    built in Python under a shipped name): the file would silently mean another game."""
    name = r.ruleset_name
    if names_file(name):
        return  # a file, read back from where the record is: not checked here
    try:
        named: Ruleset | None = load_ruleset(name)
    except RulesetError:
        named = None
    if named != r.ruleset:
        raise RecordError(
            r.path,
            None,
            None,
            _(
                "the record's ruleset is not the ruleset {name!r}, which its file would name: "
                "write the ruleset to a YAML file and name that file"
            ).format(name=name),
        )


def _dump_one(r: HandRecord) -> str:
    _check_named_ruleset(r)
    st = r.style
    out = [f"{k}: {_quote(r.info[k])}" for k in (*INFO_KEYS, *TRANSLATED_INFO) if k in r.info]
    out.append(f"ruleset: {_scalar(r.ruleset_name)}")
    out.append(f"deck: {st.name}")
    out.append("players: [" + ", ".join(_scalar(p) for p in r.players) + "]")
    if r.dealer is not None:
        out.append(f"dealer: {_scalar(r.dealer)}")
    if r.teams:
        out.append("teams:")
        for team, members in r.teams.items():
            out.append(f"  {_scalar(team)}: [" + ", ".join(_scalar(p) for p in members) + "]")
    out.append(f"table: {_card_list(r.table, st)}")
    if r.deals:
        out.append("deals:")
        for deal in r.deals:
            pairs = [f"{_scalar(p)}: {_card_list(deal[p], st)}" for p in _deal_order(r, deal)]
            if len(pairs) <= 2:
                out.append("  - {" + ", ".join(pairs) + "}")
            else:
                out.extend(("  - " if i == 0 else "    ") + pair for i, pair in enumerate(pairs))
    if r.game is not None:
        out.append("game:")
        out.append(f"  seed: {r.game.seed}")
        if r.game.computer:
            pairs = [f"{_scalar(p)}: {_scalar(spec)}" for p, spec in r.game.computer.items()]
            out.append("  computer: {" + ", ".join(pairs) + "}")
        if r.game.hints is not None:
            out.append(f"  hints: {_quote(r.game.hints)}")
    if not r.plays:
        out.append("plays: []")
    else:
        out.append("plays:")
        for e in r.plays:
            text = e.written().text(st)
            if e.note is None and e.player is None and not e.translations:
                out.append(f"  - {text}")
                continue
            parts = [f"play: {text}"]
            if e.player is not None:
                parts.append(f"player: {_scalar(e.player)}")
            if e.note is not None:
                parts.append(f"note: {_quote(e.note)}")
            parts += [
                f"{k}: {_quote(e.translations[k])}" for k in TRANSLATED_NOTES if k in e.translations
            ]
            out.append("  - {" + ", ".join(parts) + "}")
    if r.puzzle is not None:
        out.append(dump_puzzle(r.puzzle, st, r.team_names(), _quote, _scalar))
    return "\n".join(out) + "\n"


def to_json(r: HandRecord) -> dict[str, Any]:
    """The record's own keys as a JSON object, in the canonical form :func:`dumps` writes
    (the ``position`` line of ``tutor engine``; :func:`loads_json` reads it back)."""
    st = r.style
    out: dict[str, Any] = {k: r.info[k] for k in (*INFO_KEYS, *TRANSLATED_INFO) if k in r.info}
    out["ruleset"] = r.ruleset_name
    out["deck"] = st.name
    out["players"] = list(r.players)
    if r.dealer is not None:
        out["dealer"] = r.dealer
    if r.teams:
        out["teams"] = {team: list(members) for team, members in r.teams.items()}
    out["table"] = [format_card(c, st) for c in r.table]
    if r.deals:
        out["deals"] = [
            {p: [format_card(c, st) for c in deal[p]] for p in _deal_order(r, deal)}
            for deal in r.deals
        ]
    plays: list[Any] = []
    for e in r.plays:
        text = e.written().text(st)
        if e.note is None and e.player is None and not e.translations:
            plays.append(text)
            continue
        entry: dict[str, str] = {"play": text}
        if e.player is not None:
            entry["player"] = e.player
        if e.note is not None:
            entry["note"] = e.note
        entry.update((k, e.translations[k]) for k in TRANSLATED_NOTES if k in e.translations)
        plays.append(entry)
    out["plays"] = plays
    if r.game is not None:
        game: dict[str, Any] = {"seed": r.game.seed}
        if r.game.computer:
            game["computer"] = dict(r.game.computer)
        if r.game.hints is not None:
            game["hints"] = r.game.hints
        out["game"] = game
    if r.puzzle is not None:
        # the mapping's canonical text, read back as plain data: one writer of the puzzle key
        text = dump_puzzle(r.puzzle, st, r.team_names(), _quote, _scalar)
        out["puzzle"] = yaml.safe_load(text)["puzzle"]
    return out


def dumps_json(record: HandRecord) -> str:
    """One hand as one line of JSON with the record's own keys (:func:`to_json`)."""
    return json.dumps(to_json(record), ensure_ascii=False)


def loads_json(text: str, path: str = "<json>") -> HandRecord:
    """One hand from a JSON object with the record's own keys, checked like a record file.

    JSON is read by the record reader itself (every JSON object is a YAML flow mapping), so
    the keys, the checks and the messages are those of :func:`loads`.

    >>> hand = loads_json('{"ruleset": "scopa", "deck": "french", "players": ["You", "Ada"], '
    ...                   '"table": ["2C", "4H", "5S", "QD"], "plays": ["7D x 2C 5S"]}')
    >>> hand.state_at(1).format_table("french"), dumps_json(hand) == dumps_json(
    ...     loads_json(dumps_json(hand)))
    ('4H QD', True)
    """
    return record_from_json(read_json_object(text, path), path)


def record_from_json(data: dict[str, Any], path: str = "<json>") -> HandRecord:
    """One hand from the object :func:`read_json_object` gave, checked like a record file."""
    try:
        text = _flow(data)
    except RecursionError:  # nested less deeply than json.loads refuses, more than _flow takes
        raise RecordError(path, None, None, _("not valid JSON: nested too deeply")) from None
    [record] = loads(text, path)
    return record


def _flow(value: Any) -> str:
    """A JSON value written back as one line of YAML flow, each number as the JSON text wrote
    it (so a text key holds ``1e400`` as a YAML file would, not ``Infinity``); the characters
    YAML refuses raw or reads as a line break are escaped, and YAML reads the escapes back as
    the same characters."""
    if isinstance(value, _Number):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return _YAML_RAW.sub(
        lambda m: f"\\u{ord(m.group()):04x}", json.dumps(value, ensure_ascii=False)
    )


def read_json_object(text: str, path: str = "<json>") -> dict[str, Any]:
    """The JSON object of a hand's keys, before the record's own checks: RecordError for text
    that is not JSON, nested too deeply, not an object, or that gives a key twice (which
    :func:`json.loads` alone would let the last one win).

    >>> read_json_object('{"plays": [], "plays": ["7D"]}', "position")
    Traceback (most recent call last):
    ...
    tutor.records.record.RecordError: position: key 'plays' is given twice
    """
    try:
        data = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_int=_Number,
            parse_float=_Number,
            parse_constant=_Number,
        )
    except _GivenTwice as twice:
        raise RecordError(
            path, None, None, _("key {key!r} is given twice").format(key=twice.key)
        ) from None
    except RecursionError:
        raise RecordError(path, None, None, _("not valid JSON: nested too deeply")) from None
    except ValueError as exc:  # the decoder's errors
        raise RecordError(
            path, None, None, _("not valid JSON: {problem}").format(problem=exc)
        ) from None
    if not isinstance(data, dict):
        raise RecordError(path, None, None, _("a hand must be a JSON object of the record's keys"))
    return data


_YAML_RAW = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
"""Characters a JSON string may hold raw but a YAML one may not (or reads as a line break)."""


class _Number(str):
    """A JSON number (or NaN, Infinity) kept as written: the record reader gives it the
    meaning YAML gives the same text."""


class _GivenTwice(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's keys, refused when one is given twice, as the YAML reader refuses it."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _GivenTwice(key)
        out[key] = value
    return out


def dumps(records: HandRecord | Sequence[HandRecord]) -> str:
    """The canonical text of a hand, or of some hands (a match), in each record's own
    notation (``---`` between): what :func:`loads` reads back as equal records.

    Nothing :func:`loads` would refuse is written: no hand at all, or hands of different
    games (rulesets, sides or teams), raise RecordError (API audit, stop 57: ``dumps([])``
    wrote an empty text, and two unrelated hands a file its own reader refused)."""
    if isinstance(records, HandRecord):
        records = [records]
    if not records:
        raise RecordError("<dumps>", None, None, _("no hand to write: a file holds one at least"))
    check_one_game(records)
    return "---\n".join(_dump_one(r) for r in records)


def dump(records: HandRecord | Sequence[HandRecord], fp: IO[str]) -> None:
    """Write the canonical text of a hand or some hands to ``fp`` (:func:`dumps`); not
    atomic, unlike :func:`save`."""
    fp.write(dumps(records))


def save(records: HandRecord | Sequence[HandRecord], path: str | Path) -> None:
    """Write the records to ``path`` atomically (see :func:`save_atomically`)."""
    save_atomically(path, dumps(records))


def save_problem(path: str | Path, example: str = "hand.yaml") -> str | None:
    """Why a file could not be saved at ``path`` (None: it can), to say so before any work
    that would be lost: the path is a folder (``example`` names a file to suggest in it), or
    its folder is missing or not writable.

    >>> save_problem("/")
    "it is a folder: give a file's name, e.g. /hand.yaml"
    >>> save_problem("/no/such/folder/hand.yaml")
    'the folder /no/such/folder does not exist'
    """
    path = Path(path)
    if "\0" in str(path):
        return _("a file name cannot hold a NUL character")
    path, in_place = _save_target(path)
    folder = path.parent
    try:
        if in_place:  # a device or a pipe is written in place: the folder may be /dev
            return None if os.access(path, os.W_OK) else _("it is not writable")
        if path.is_dir():
            return _("it is a folder: give a file's name, e.g. {example}").format(
                example=path / example
            )
        if not folder.exists():
            return _("the folder {folder} does not exist").format(folder=folder)
        if not folder.is_dir():
            return _("{folder} is not a folder").format(folder=folder)
        path.lstat()  # a name too long, a folder that cannot be searched: said now
        if not os.access(path, os.W_OK):  # a rename would replace it all the same
            return _("the file is read-only")
    except FileNotFoundError:
        pass  # the file is new
    except OSError as exc:  # is_dir() and exists() let ENAMETOOLONG, EACCES through
        return os_reason(exc)
    if not os.access(folder, os.W_OK | os.X_OK):
        return _("the folder {folder} is not writable").format(folder=folder)
    return None


def _save_target(path: Path) -> tuple[Path, str | None]:
    """Where a save to ``path`` writes, and how: ``None``, a file replaced whole (through a
    link, the file it points to: replacing the link would cut it); ``"w"``, written in place
    (a device or a pipe, ``/dev/null``: renaming a file over it would replace it); ``"a"``,
    added to (one of the process's open files, ``/dev/stdout``, which may be a pipe or a file
    a shell opened with ``>>``: never resolved)."""
    if _open_file_link(path):
        return path, "a"
    try:
        target = Path(os.path.realpath(path)) if path.is_symlink() else path
    except OSError:  # a name too long: said where the file is looked at
        return path, None
    try:
        mode = target.stat().st_mode
    except OSError:  # a new file
        return target, None
    return target, None if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else "w"


def _open_file_link(path: Path) -> bool:
    """Whether ``path`` reaches, by links, one of the process's open files (``/dev/stdout`` ->
    ``/proc/self/fd/1``)."""
    link = str(path)
    for _hop in range(40):
        if re.match(r"/(proc/[^/]+|dev)/fd/", link):
            return True
        try:
            target = os.readlink(link)
        except OSError:
            return False
        link = os.path.join(os.path.dirname(link), target)
    return False


def _temporary_prefix(path: Path) -> str:
    """The start of the names of the temporary files of a save to ``path``, the writer's
    process id included: ``.hand.yaml.1234.`` (then random letters and ``.tmp``)."""
    return f".{path.name}.{os.getpid()}."


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_stale_temporaries(path: str | Path) -> list[Path]:
    """Remove the temporary files that saves to ``path`` left when their process was killed
    mid-save (``kill -9``): those whose writer is no longer running. Returns them.

    A save in progress in another running process keeps its file; so do files of other names.
    """
    path = Path(path)
    folder = path.parent
    pattern = re.compile(re.escape(f".{path.name}.") + r"(\d+)\.[A-Za-z0-9_]+\.tmp")
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if found is None or _running(int(found.group(1))):
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


class SaveError(TutorError):
    """A file could not be written; the message names the file the user gave and why."""


def save_atomically(path: str | Path, text: str, *, new: bool = False) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: all or nothing.

    ``new``: the file must not exist (a session's first save): FileExistsError when it does,
    however late another process made it, rather than replacing what that process wrote.

    The one writer of files that a user must never lose half of (records saved as they are
    typed, answers, puzzles): a kill or a full disk leaves the old file whole. The temporary
    file is ``.NAME.PID.XXXXXXXX.tmp`` beside it; one left by a process killed mid-save is
    removed at the next save to the same file (:func:`remove_stale_temporaries`). A failure
    is a :class:`SaveError` naming ``path`` (never the temporary file).

    >>> try:
    ...     save_atomically("/no/such/folder/hand.yaml", "")
    ... except SaveError as exc:
    ...     print(exc)
    cannot write /no/such/folder/hand.yaml: the folder /no/such/folder does not exist
    """
    path = Path(path)
    problem = save_problem(path)
    if problem is not None:
        raise SaveError(_("cannot write {file}: {problem}").format(file=path, problem=problem))
    if new and os.path.lexists(path):  # a file, a link, a device: none is replaced
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    try:
        with interrupts_held():  # a Ctrl-C mid-save would keep the old file: the save ends first
            target, in_place = _save_target(path)
            if in_place:
                with open(target, in_place, encoding="utf-8") as fp:
                    fp.write(text)
            else:
                _write_atomically(target, text, new=new)
    except OSError as exc:
        if new and isinstance(exc, FileExistsError):  # made since the check (_publish_new)
            raise
        raise SaveError(
            _("cannot write {file}: {problem}").format(file=path, problem=os_reason(exc))
        ) from None


FileStamp = tuple[int, int, int, int]
"""What tells one version of a file from another: device, inode, size, modification time."""


def file_stamp(path: str | Path) -> FileStamp | None:
    """``path``'s :data:`FileStamp`, through links; None when it is no regular file (missing,
    a device, a pipe: written in place, with nothing of another session's to keep).

    >>> file_stamp("/no/such/file.yaml") is None, file_stamp("/dev/null") is None
    (True, True)
    """
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def save_or_rescue(
    path: Path,
    text: str | Callable[[Path], str],
    *,
    new: bool = False,
    unchanged_since: FileStamp | None = None,
) -> tuple[Path, str | None]:
    """Save ``text`` to ``path`` (:func:`save_atomically`) or, when that fails mid-session (the
    folder removed, the disk full), to a rescue file (:func:`write_rescue`), so that nothing
    typed is lost. ``text`` may be made for the file it goes to (``text(path)``: a record names
    its ruleset file from its own folder). Returns where the text went and, after a rescue, why
    ``path`` could not be written and where the text went instead. Only a failure of both
    raises.

    ``new``: a session's first save, which never replaces a file: one that another session
    made meanwhile (two started in the same second take the same default name) is kept, and
    the text goes to the first free name after it (:func:`free_name`), said as a problem.

    ``unchanged_since``: the :func:`file_stamp` the file had when this session last read or
    saved it. A file changed since (another session saving the same record) is kept, and the
    text goes to a free name likewise, so that neither session's plays are lost.
    """
    wanted = path
    if not new and unchanged_since is not None:
        now = file_stamp(path)
        if now is not None and now != unchanged_since:
            other = free_name(path)
            where, problem = save_or_rescue(other, text, new=True)
            if problem is None:
                problem = _(
                    "{file} changed since this session last read or saved it (another "
                    "session?): saving to {other} from now on, to keep both"
                ).format(file=path, other=where)
            return where, problem
    try:
        while True:
            try:
                save_atomically(path, text if isinstance(text, str) else text(path), new=new)
                break
            except FileExistsError:
                path = free_name(wanted)
    except SaveError as exc:
        try:
            rescue = write_rescue(f"{path.stem}-rescued-", ".yaml", text)
        except OSError as err:
            folder = tempfile.gettempdir()
            raise SaveError(
                _("cannot write {file}: {problem}").format(file=folder, problem=os_reason(err))
            ) from None
        return rescue, _("{problem}; saving to {rescue} instead from now on").format(
            problem=exc, rescue=rescue
        )
    if path != wanted:
        return path, _(
            "{file} exists (made by another session?): saving to {other}, to keep it"
        ).format(file=wanted, other=path)
    return path, None


def free_name(path: Path) -> Path:
    """``path`` when no file has that name, else the first free of ``NAME-2.yaml``,
    ``NAME-3.yaml``... in its folder.

    >>> free_name(Path("/no/such/folder/live-20261205-235452.yaml")).name
    'live-20261205-235452.yaml'
    """
    if not os.path.lexists(path):
        return path
    n = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
        n += 1


def write_rescue(prefix: str, suffix: str, text: str | Callable[[Path], str]) -> Path:
    """Write ``text`` (or ``text(path)``, made for the file) whole to a new file of the
    system's temporary folder, named ``prefix``, random letters and ``suffix`` and readable by
    its owner alone (the folder is shared); its path. The one writer of what the tutor could
    not save where it should (a session's record, answers a locked store would not take);
    OSError when that fails too, the file removed."""
    with interrupts_held():  # a Ctrl-C during the write would remove the file: it ends first
        fd, name = tempfile.mkstemp(prefix=prefix, suffix=suffix)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fp:
                fp.write(text if isinstance(text, str) else text(Path(name)))
                fp.flush()
                os.fsync(fp.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(name)
            raise
    return Path(name)


def sync_folder(folder: str | Path) -> None:
    """Make a name just given in ``folder`` (a rename, a link) survive a power cut: the file's
    own fsync keeps its bytes, not the folder's entry for it, so without this the last save
    could fall back to the one before it (kill audit, stop 57). Quietly nothing where folders
    cannot be opened or synced."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _publish_new(tmp: str, path: Path) -> None:
    """Give the written file ``tmp`` the name ``path`` unless a file has it: a hard link
    fails on an existing name (FileExistsError), where a rename would replace it; on a file
    system without links, a check just before the rename."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(tmp, path)
    else:
        os.unlink(tmp)


def _write_atomically(path: Path, text: str, new: bool = False) -> None:
    remove_stale_temporaries(path)
    fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); give the file the mode an ordinary new
        # file would have, or keep the mode of the file it replaces.
        try:
            mode = path.stat().st_mode & 0o777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())
        if new:
            _publish_new(tmp, path)
        else:
            os.replace(tmp, path)
        sync_folder(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
