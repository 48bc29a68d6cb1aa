"""Hand records: a hand (or a match of hands) as dealt and played, written as YAML.

A record names its ruleset, deck notation and players (in playing order), the opening table,
the cards of each deal that are known, and every play. Loading validates the whole file and
reports the first problem as ``FILE:LINE: play N: what is wrong``; see ``docs/records.md``.

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
>>> try:
...     loads(text.replace("3H\\n", "5S\\n"), "seed.yaml")
... except RecordError as exc:
...     print(exc)
seed.yaml:10: play 2: Ada cannot play 5S: it was captured at play 1
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NoReturn

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tutor.game.cards import (
    CARDS,
    ITALIAN,
    STYLES,
    Card,
    NotationError,
    Style,
    cards_of,
    format_card,
    format_cards,
    get_style,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, RulesetError, load_ruleset, yaml_error_text
from tutor.game.state import GameState, Move, MoveError
from tutor.records.puzzle_key import PuzzleSpec, dump_puzzle, read_puzzle, resolve_puzzle

__all__ = [
    "RecordError",
    "PlayEntry",
    "HandRecord",
    "parse_play",
    "loads",
    "load",
    "load_path",
    "dumps",
    "dump",
    "record_from_moves",
    "side_map",
    "INFO_KEYS",
]

INFO_KEYS = ("title", "event", "date", "note")
"""Free-text top-level keys, kept as written and written back."""
_KEYS: tuple[str, ...] = (
    *INFO_KEYS,
    "ruleset",
    "deck",
    "players",
    "dealer",
    "teams",
    "table",
    "deals",
    "plays",
)
_KEYS += ("puzzle",)  # the optional question of a puzzle (tutor.records.puzzle_key)
_PLAY_KEYS = ("play", "note", "player")
_NULL_TAG = "tag:yaml.org,2002:null"

Where = tuple[Any, ...]
"""A key into a record's line table, e.g. ``("table", 2)`` or ``("deal", 0, "Ada", 1)``."""


class RecordError(TutorError):
    """A hand record that cannot be read or does not hold together.

    ``str(e)`` is ``FILE:LINE: play N: what is wrong``; the line and play parts appear only
    when known.
    """

    def __init__(self, path: str, line: int | None, play: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.play = play
        self.message = message
        super().__init__(self.text())

    def text(self) -> str:
        where = self.path + (f":{self.line}" if self.line else "")
        if self.play is not None:
            where += f": play {self.play}"
        return f"{where}: {self.message}"

    def __str__(self) -> str:
        return self.text()

    def __reduce__(self) -> tuple[Any, ...]:  # pickled across worker processes
        return (RecordError, (self.path, self.line, self.play, self.message))


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
        return cls(_play_text(card, taken, style), card, taken, note, player, line)


def _play_text(card: Card, capture: Sequence[Card] | None, style: Style | str | None) -> str:
    head = format_card(card, style)
    if capture is None:
        return head
    return f"{head} x {' '.join(format_card(c, style) for c in capture)}"


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
    puzzle: PuzzleSpec | None = None
    """The optional ``puzzle:`` mapping (see :mod:`tutor.records.puzzle_key`); a cut drops it."""

    # -- seating --------------------------------------------------------------------------

    def seat_of(self, player: str) -> int:
        """The seat (0 leads) of a player; ValueError if unknown."""
        try:
            return self.players.index(player)
        except ValueError:
            raise ValueError(f"{player!r} is not one of the players") from None

    def side_names(self) -> list[list[str]]:
        """The players of each side: side i holds seats i, i + sides, ..."""
        return [
            [self.players[s] for s in self.ruleset.seats_of(i)] for i in range(self.ruleset.sides)
        ]

    def team_names(self) -> list[str]:
        """A name per side: the record's team name, or the players joined with '&'."""
        names = []
        for members in self.side_names():
            given = [t for t, ps in self.teams.items() if set(ps) == set(members)]
            names.append(given[0] if given else " & ".join(members))
        return names

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
        if not 0 <= n <= len(moves):
            raise ValueError(f"the record has {len(moves)} plays, not {n}")
        state = self.initial_state()
        for m in moves[:n]:
            state.push(m)
        return state

    def final_state(self) -> GameState:
        return self.state_at(len(self.plays))

    def is_finished(self) -> bool:
        """Every card of the hand has been played."""
        return len(self.plays) == self.ruleset.plays_per_hand

    def cut(self, n: int) -> HandRecord:
        """The same record with only its first ``n`` plays: a position to study or solve."""
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
        )

    # -- validation ---------------------------------------------------------------------------

    def _line(self, where: Where) -> int | None:
        key = where
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return self.lines.get(("doc",))

    def _fail(self, where: Where, message: str, play: int | None = None) -> RecordError:
        return RecordError(self.path, self._line(where), play, message)

    def _raise_at(self, line: int | None, message: str) -> NoReturn:
        raise RecordError(self.path, line, None, message)

    def _card(self, c: Card | int) -> str:
        return format_card(c, self.style)

    def _cards(self, cards: Iterable[Card] | int) -> str:
        return format_cards(cards, self.style) or "nothing"

    def validate(self) -> list[Move]:
        """Check seating, cards and every play; return the moves or raise RecordError."""
        self._check_seating()
        self._check_cards()
        return self._check_plays()

    def _check_seating(self) -> None:
        rs = self.ruleset
        names = ", ".join(self.players)
        for i, name in enumerate(self.players):
            if not name.strip():
                raise self._fail(("players", i), "a player's name is empty")
            if name in self.players[:i]:
                raise self._fail(("players", i), f"player {name!r} is listed twice")
        if len(self.players) != rs.players:
            raise self._fail(
                ("players",),
                f"the {rs.name} ruleset is for {rs.players} players, "
                f"but {len(self.players)} are listed ({names})",
            )
        if self.dealer is not None:
            if self.dealer not in self.players:
                raise self._fail(("dealer",), f"dealer {self.dealer!r} is not a player ({names})")
            if self.dealer != self.players[-1]:
                raise self._fail(
                    ("dealer",),
                    f"the dealer {self.dealer} must be listed last: players are listed in "
                    f"playing order, the first leads and the dealer plays last ({names})",
                )
        if not self.teams:
            return
        sides = [" & ".join(ps) for ps in self.side_names()]
        if len(self.teams) != rs.sides:
            raise self._fail(
                ("teams",), f"the {rs.name} ruleset has {rs.sides} sides, not {len(self.teams)}"
            )
        placed: dict[str, str] = {}
        for team, members in self.teams.items():
            for name in members:
                if name not in self.players:
                    raise self._fail(
                        ("teams", team), f"team {team}: {name!r} is not a player ({names})"
                    )
                if name in placed:
                    raise self._fail(
                        ("teams", team), f"team {team}: {name} is already in team {placed[name]}"
                    )
                placed[name] = team
        for team, members in self.teams.items():
            if not any(set(members) == set(ps) for ps in self.side_names()):
                raise self._fail(
                    ("teams", team),
                    f"team {team} ({', '.join(members) or 'nobody'}) does not match the seating: "
                    f"partners sit opposite, so the sides are {' and '.join(sides)}",
                )

    def _check_cards(self) -> None:
        rs = self.ruleset
        first: dict[Card, str] = {}

        def place(card: Card, where: Where, what: str) -> None:
            if card in first:
                raise self._fail(
                    where, f"{self._card(card)} appears twice: it is already {first[card]}"
                )
            line = self._line(where)
            first[card] = what + (f" (line {line})" if line else "")

        for i, c in enumerate(self.table):
            place(c, ("table", i), "on the table")
        if len(self.table) != rs.table_cards:
            raise self._fail(
                ("table",),
                f"the table must start with {rs.table_cards} cards in {rs.name}, "
                f"not {len(self.table)}",
            )
        kings = sum(1 for c in self.table if c.value == 10)
        if rs.redeal_kings and kings >= rs.redeal_kings:
            raise self._fail(
                ("table",),
                f"the opening table holds {kings} kings: the ruleset redeals when "
                f"{rs.redeal_kings} or more kings are on the table",
            )
        if len(self.deals) > rs.deals_per_hand:
            raise self._fail(
                ("deal", rs.deals_per_hand),
                f"the {rs.name} ruleset has {rs.deals_per_hand} deal(s) per hand, "
                f"but the record gives {len(self.deals)}",
            )
        for d, deal in enumerate(self.deals):
            for name, cards in deal.items():
                if name not in self.players:
                    raise self._fail(
                        ("deal", d, name),
                        f"deal {d + 1}: {name!r} is not a player ({', '.join(self.players)})",
                    )
                for i, c in enumerate(cards):
                    place(c, ("deal", d, name, i), f"dealt to {name} in deal {d + 1}")
                if len(cards) > rs.hand_size:
                    raise self._fail(
                        ("deal", d, name),
                        f"deal {d + 1}: {name} is given {len(cards)} cards, but each player "
                        f"gets {rs.hand_size} in {rs.name}",
                    )

    def _check_plays(self) -> list[Move]:
        state = self.initial_state()
        moves: list[Move] = []
        played_at: dict[int, int] = {}
        taken_at: dict[int, int] = {}
        for n, entry in enumerate(self.plays, 1):
            where: Where = ("play", n)
            if entry.line is not None:
                self.lines[where] = entry.line
            mover = self.players[state.turn]
            if state.is_over():
                raise self._fail(where, f"the hand is over after {n - 1} plays: no play is left", n)
            if entry.player is not None and entry.player != mover:
                if entry.player not in self.players:
                    raise self._fail(
                        where, f"{entry.player!r} is not a player ({', '.join(self.players)})", n
                    )
                raise self._fail(
                    where, f"wrong turn: it is {mover}'s turn, not {entry.player}'s", n
                )
            card = entry.card.index
            problem = self._holding_problem(state, card, played_at, taken_at)
            if problem:
                raise self._fail(where, f"{mover} cannot play {self._card(card)}: {problem}", n)
            move = self._move_of(state, entry, n)
            state.push(move)
            moves.append(move)
            played_at[card] = n
            for i in cards_of(move.capture):
                taken_at[i.index] = n
            if move.capture:
                taken_at[card] = n
        return moves

    def _holding_problem(
        self, state: GameState, card: int, played_at: dict[int, int], taken_at: dict[int, int]
    ) -> str | None:
        """Why the player to move cannot hold ``card`` (None if they can)."""
        seat = state.turn
        bit = 1 << card
        if state.hands[seat] & bit:
            return None
        if card in played_at:
            by = self.players[state.stack[played_at[card] - 1].seat]
            return f"it was already played by {by} at play {played_at[card]}"
        if state.table & bit:
            return "it is on the table"
        if card in taken_at:
            return f"it was captured at play {taken_at[card]}"
        for s, h in enumerate(state.hands):
            if h & bit:
                return f"it is in {self.players[s]}'s hand"
        for d in range(state.deal_index, len(state.deals)):
            for s, (known, _) in enumerate(state.deals[d]):
                if known & bit:
                    return f"it is dealt to {self.players[s]} in deal {d + 1}"
        if state.unknown[seat] == 0:
            return f"it is not in the hand, which is known ({self._cards(state.hands[seat])})"
        return None

    def _move_of(self, state: GameState, entry: PlayEntry, n: int) -> Move:
        """The move an entry means in this position, or the reason it is not legal."""
        where: Where = ("play", n)
        card = entry.card.index
        if entry.capture is None:
            try:
                return state.parse_move(self._card(card), self.style)
            except MoveError as exc:
                raise self._fail(where, str(exc), n) from None
        capture = mask_of(entry.capture)
        text = _play_text(entry.card, entry.capture, self.style)
        if len(set(entry.capture)) != len(entry.capture):
            raise self._fail(where, f"{text}: a card is named twice in the capture", n)
        missing = capture & ~state.table
        if missing:
            verb = "is" if missing.bit_count() == 1 else "are"
            raise self._fail(
                where,
                f"{text}: {self._cards(missing)} {verb} not on the table "
                f"(the table holds {self._cards(state.table)})",
                n,
            )
        legal = state.legal_moves_for(card)
        move = Move(card, capture)
        if move not in legal:
            reason = next(
                (o.reason for o in state.explain(card, self.style) if o.capture == capture), None
            )
            if reason is None:
                total = sum(c.value for c in entry.capture)
                reason = (
                    f"they add up to {total}, not {entry.card.value}: a card takes one equal "
                    "card or cards that add up to it"
                )
            choices = ", ".join(m.text(self.style) for m in legal)
            raise self._fail(where, f"{text} is not allowed: {reason}; legal: {choices}", n)
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
    out; otherwise a capture is written only when the card alone would be ambiguous.
    """
    st = get_style(style)
    names = list(players) if players is not None else [f"P{i + 1}" for i in range(rules.players)]
    table_cards = list(table) if not isinstance(table, int) else cards_of(table)
    deal_maps = [{names[s]: sorted(cards_of(m)) for s, m in enumerate(d) if m} for d in deals]
    record = HandRecord(
        rules,
        ruleset_name or rules.name,
        st,
        names,
        names[-1] if dealer else None,
        {},
        table_cards,
        deal_maps,
        [],
        path,
    )
    state = record.initial_state()
    notes = notes or {}
    for n, m in enumerate(moves, 1):
        card = CARDS[m.card]
        capture: list[Card] | None = cards_of(m.capture) if m.capture else None
        if capture is not None and not explicit:
            others = [x for x in state.legal_moves_for(m.card) if x.capture]
            if len(others) == 1:
                capture = None
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

    def text(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode) or self.is_null(node):
            raise self.fail(node, f"{what} must be a text value")
        return str(node.value)

    def mapping(self, node: Node, what: str) -> list[tuple[str, Node, Node]]:
        if not isinstance(node, MappingNode):
            raise self.fail(node, f"{what} must be a mapping of keys to values")
        out: list[tuple[str, Node, Node]] = []
        seen: set[str] = set()
        for k, v in node.value:
            if not isinstance(k, ScalarNode):
                raise self.fail(k, f"{what}: keys must be plain text")
            key = str(k.value)
            if key in seen:
                raise self.fail(k, f"{what}: key {key!r} is given twice")
            seen.add(key)
            out.append((key, k, v))
        return out

    def sequence(self, node: Node, what: str) -> list[Node]:
        if self.is_null(node):
            return []
        if not isinstance(node, SequenceNode):
            raise self.fail(node, f"{what} must be a list")
        return list(node.value)

    def cards(
        self, node: Node, what: str, style: Style, lines: dict[Where, int], where: Where
    ) -> list[Card]:
        """A list of cards, or one text of cards separated by spaces."""
        lines[where] = node.start_mark.line + 1
        items: list[tuple[Node, str]]
        if isinstance(node, ScalarNode) and not self.is_null(node):
            items = [(node, t) for t in str(node.value).replace(",", " ").split()]
        else:
            items = [(n, self.text(n, f"a card in {what}")) for n in self.sequence(node, what)]
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
        if isinstance(node, MappingNode):
            items = self.mapping(node, f"play {n}")
            keys = {k for k, _, _ in items}
            for key, knode, _ in items:
                if key not in _PLAY_KEYS:
                    raise self.fail(
                        knode,
                        f"unknown key {key!r} in a play (known keys: {', '.join(_PLAY_KEYS)})",
                        n,
                    )
            if "play" not in keys:
                raise self.fail(node, "a play written as a mapping needs a 'play' key", n)
            values = {k: v for k, _, v in items}
            text_node = values["play"]
            if "note" in values and not self.is_null(values["note"]):
                note = self.text(values["note"], "a play's note")
            if "player" in values:
                player = self.text(values["player"], "a play's player")
        else:
            text_node = node
        if not isinstance(text_node, ScalarNode) or self.is_null(text_node):
            raise self.fail(text_node, "a play must be text like '7D x 2C 5S' or '3H'", n)
        raw = str(text_node.value).strip()
        line = node.start_mark.line + 1
        try:
            card, capture = parse_play(raw, style)
        except NotationError as exc:
            raise self.fail(text_node, f"{exc}{_style_hint(raw, style)}", n) from None
        return PlayEntry.of(card, capture, style, note, player, line)

    def ruleset(self, node: Node) -> tuple[str, Ruleset]:
        name = self.text(node, "ruleset")
        try:
            if name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
                base = Path(self.path).parent if not self.path.startswith("<") else Path(".")
                candidate = base / name
                target = candidate if candidate.exists() else Path(name)
                if not target.exists():
                    places = "next to the record" + (
                        "" if base.resolve() == Path.cwd() else " or in the current folder"
                    )
                    raise RulesetError(f"no ruleset file {name!r} {places}")
                return name, load_ruleset(str(target.resolve()))
            return name, load_ruleset(name)
        except RulesetError as exc:
            raise self.fail(node, f"ruleset: {exc}") from None

    def document(self, root: Node) -> HandRecord:
        items = self.mapping(root, "a hand record")
        for key, knode, _ in items:
            if key not in _KEYS:
                raise self.fail(knode, f"unknown key {key!r} (known keys: {', '.join(_KEYS)})")
        values = {k: v for k, _, v in items}
        lines: dict[Where, int] = {("doc",): root.start_mark.line + 1}
        for k, knode, _ in items:
            lines[(k,)] = knode.start_mark.line + 1
        for key in ("ruleset", "players"):
            if key not in values:
                raise self.fail(root, f"the record has no {key!r}")
        info = {
            k: self.text(values[k], k)
            for k in INFO_KEYS
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
            players.append(self.text(n, "a player's name"))
            lines[("players", i)] = n.start_mark.line + 1
        dealer = None
        if "dealer" in values and not self.is_null(values["dealer"]):
            dealer = self.text(values["dealer"], "dealer")
        teams: dict[str, list[str]] = {}
        if "teams" in values and not self.is_null(values["teams"]):
            for team, knode, vnode in self.mapping(values["teams"], "teams"):
                lines[("teams", team)] = knode.start_mark.line + 1
                teams[team] = [
                    self.text(n, f"a player of team {team}")
                    for n in self.sequence(vnode, f"team {team}")
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
                for name, knode, vnode in self.mapping(dnode, f"deal {d + 1}"):
                    lines[("deal", d, name)] = knode.start_mark.line + 1
                    deal[name] = self.cards(
                        vnode, f"deal {d + 1}, {name}", style, lines, ("deal", d, name)
                    )
                    lines[("deal", d, name)] = knode.start_mark.line + 1
                deals.append(deal)
        plays = []
        if "plays" in values:
            for number, pnode in enumerate(self.sequence(values["plays"], "plays"), 1):
                plays.append(self.play(pnode, number, style))
        record = HandRecord(
            rs, ruleset_name, style, players, dealer, teams, table, deals, plays, self.path, info
        )
        record.lines = lines
        if "puzzle" in values and not self.is_null(values["puzzle"]):
            record._check_seating()  # the side names must be sound before a score is read
            record.puzzle = read_puzzle(self, values["puzzle"], style, record.team_names())
        return record


def _style_hint(text: str, style: Style) -> str:
    """A hint when cards that are not cards in ``style`` all read as cards in another style.

    >>> _style_hint("QH x 4H", ITALIAN)
    "; they read as cards in french notation: is the record's 'deck' key missing or wrong?"
    >>> _style_hint("ZZ", ITALIAN)
    ''
    """
    tokens = [t for t in text.replace(",", " ").split() if t.lower() != "x"]
    bad = []
    for token in tokens:
        try:
            parse_card(token, style)
        except NotationError:
            bad.append(token)
    if not bad:
        return ""
    fits = []
    for other in STYLES.values():
        try:
            for token in bad:
                parse_card(token, other)
        except NotationError:
            continue
        fits.append(other.name)
    if not fits:
        return ""
    what = "it reads as a card" if len(bad) == 1 else "they read as cards"
    return f"; {what} in {' or '.join(fits)} notation: is the record's 'deck' key missing or wrong?"


def parse_play(text: str, style: Style) -> tuple[Card, list[Card] | None]:
    """``7D x 2C 5S`` -> (7D, [2C, 5S]); ``3H`` -> (3H, None)."""
    parts = re.split(r"\s*[xX]\s+|\s+[xX]\s*", text, maxsplit=1)
    head = parts[0].strip()
    if not head:
        raise NotationError(f"{text!r}: no card before 'x'")
    if len(head.split()) > 1:
        raise NotationError(
            f"{text!r}: write one card, then 'x' and the cards it captures (like 7D x 2C 5S)"
        )
    card = parse_card(head, style)
    if len(parts) == 1:
        return card, None
    taken = parse_cards(parts[1], style)
    if not taken:
        raise NotationError(f"{text!r}: nothing named after 'x'")
    return card, sorted(taken)


def loads(text: str, path: str = "<string>") -> list[HandRecord]:
    """Read every hand (YAML document) of a record file and validate them all."""
    try:
        roots = [r for r in yaml.compose_all(text, Loader=yaml.SafeLoader) if r is not None]
    except yaml.YAMLError as exc:
        line, problem = yaml_error_text(exc, text)
        raise RecordError(path, line, None, f"not valid YAML: {problem}") from None
    except RecursionError:
        raise RecordError(path, None, None, "not valid YAML: nested too deeply") from None
    reader = _Reader(path)
    try:
        records = [reader.document(root) for root in roots]
    except RecursionError:  # pragma: no cover - aliases nested beyond Python's stack
        raise RecordError(path, None, None, "the YAML is nested too deeply") from None
    if not records:
        raise RecordError(path, None, None, "the file holds no hand")
    for r in records:
        r.validate()
        if r.puzzle is not None:
            r.puzzle = resolve_puzzle(r.puzzle, r.final_state(), r.players, r.style, r._raise_at)
    _check_match(records)
    return records


def _check_match(records: list[HandRecord]) -> None:
    """The hands of one file make a match: same ruleset and sides, played in turn."""
    from tutor.game.scoring import MatchScore, score_state

    first = records[0]
    match = MatchScore(first.ruleset)
    for k, r in enumerate(records[1:], 2):
        if r.ruleset != first.ruleset:
            raise r._fail(
                ("ruleset",),
                f"hand {k} is played with {r.ruleset.name}, but the file's first hand uses "
                f"{first.ruleset.name}: the hands of a file make one match",
            )
        if sorted(r.players) != sorted(first.players) or side_map(first, r) is None:
            raise r._fail(
                ("players",),
                f"hand {k}: the sides ({' | '.join(' & '.join(s) for s in r.side_names())}) "
                "differ from the first hand's "
                f"({' | '.join(' & '.join(s) for s in first.side_names())})",
            )
    for k, r in enumerate(records, 1):
        if match.over:
            raise r._fail(("doc",), f"hand {k}: the match was already over after hand {k - 1}")
        state = r.final_state()
        if not state.is_over():
            if k < len(records):
                raise r._fail(
                    ("doc",),
                    f"hand {k} stops after {len(r.plays)} of its "
                    f"{r.ruleset.plays_per_hand} plays, but another hand follows",
                )
            continue
        mapping = side_map(first, r) or list(range(r.ruleset.sides))
        pts = score_state(state).points()
        ordered = [0] * len(pts)
        for side, p in enumerate(pts):
            ordered[mapping[side]] = p
        match.add(ordered)


def load(fp: IO[str], path: str | None = None) -> list[HandRecord]:
    """Read a record file from an open text stream."""
    name = path if path is not None else str(getattr(fp, "name", "<stream>"))
    try:
        text = fp.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(name, None, None, f"cannot read: {exc}") from None
    return loads(text, name)


def load_path(path: str | Path) -> list[HandRecord]:
    """Read a record file by path (missing or unreadable files are RecordErrors too)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(name, None, None, "cannot read: the file is not UTF-8 text") from None
    except OSError as exc:
        raise RecordError(name, None, None, f"cannot read: {exc.strerror or exc}") from None
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


def _dump_one(r: HandRecord) -> str:
    st = r.style
    out = [f"{k}: {_quote(r.info[k])}" for k in INFO_KEYS if k in r.info]
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
            order = [p for p in r.players if p in deal] + [p for p in deal if p not in r.players]
            pairs = [f"{_scalar(p)}: {_card_list(deal[p], st)}" for p in order]
            if len(pairs) <= 2:
                out.append("  - {" + ", ".join(pairs) + "}")
            else:
                out.extend(("  - " if i == 0 else "    ") + pair for i, pair in enumerate(pairs))
    if not r.plays:
        out.append("plays: []")
    else:
        out.append("plays:")
        for e in r.plays:
            text = _play_text(e.card, e.capture, st)
            if e.note is None and e.player is None:
                out.append(f"  - {text}")
                continue
            parts = [f"play: {text}"]
            if e.player is not None:
                parts.append(f"player: {_scalar(e.player)}")
            if e.note is not None:
                parts.append(f"note: {_quote(e.note)}")
            out.append("  - {" + ", ".join(parts) + "}")
    if r.puzzle is not None:
        out.append(dump_puzzle(r.puzzle, st, r.team_names(), _quote, _scalar))
    return "\n".join(out) + "\n"


def dumps(records: Sequence[HandRecord]) -> str:
    """The canonical text of some hands, in each record's own notation (``---`` between)."""
    return "---\n".join(_dump_one(r) for r in records)


def dump(records: Sequence[HandRecord], fp: IO[str]) -> None:
    fp.write(dumps(records))
