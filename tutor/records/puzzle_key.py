"""The optional ``puzzle:`` mapping of a hand record: its keys, how it is read, checked, written.

A puzzle is a hand record cut at the moment of decision plus this mapping (``docs/puzzles.md``):
a title, themes, a difficulty, the question and its solution, and the explanation shown after the
answer. This module only reads and writes the mapping and checks that it is well formed and fits
the position (the moves are legal, the card and players exist). Whether the solution is *right*
is for :mod:`tutor.puzzles.check`, which asks the solver, the tracker and the engine.

The reader of :mod:`tutor.records.record` calls :func:`read_puzzle` on the YAML node (through a
small protocol, so this module does not depend on the record module) and :func:`resolve_puzzle`
once the plays are validated; the writer calls :func:`dump_puzzle`.

>>> spec = PuzzleSpec("Take it", "unmatched", ("rule-of-48",), 1, "Count the sums.", values=(2, 6))
>>> print(dump_puzzle(spec, "italian", ["North-South", "East-West"]))
puzzle:
  title: "Take it"
  question: unmatched
  themes: [rule-of-48]
  difficulty: 1
  solution: [2, 6]
  explanation: "Count the sums."
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NoReturn, Protocol

from tutor.game.cards import (
    Card,
    NotationError,
    Style,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from tutor.game.errors import Shown, names_text
from tutor.game.i18n import LANGUAGES, N_, _, local, typed_words, unknown_key
from tutor.game.state import GameState, Move, MoveError

__all__ = [
    "QUESTIONS",
    "THEMES",
    "PUZZLE_KEYS",
    "THEME_NAMES",
    "QUESTION_NAMES",
    "theme_name",
    "question_name",
    "PuzzleSpec",
    "read_puzzle",
    "resolve_puzzle",
    "dump_puzzle",
]

QUESTIONS = ("best-move", "unmatched", "holds", "legal-captures", "score")
"""The kinds of question a puzzle asks (issue 10; ``docs/puzzles.md`` explains each)."""

THEMES = (
    "sweep",
    "settebello",
    "rule-of-48",
    "spariglio",
    "endgame",
    "capture-rule",
    "primiera",
    "sevens",
    "last-capture",
    "denari",
    "reading",
)
"""The themes a puzzle may carry. A closed list, so that a typo cannot hide a puzzle from
``tutor train --theme``; ``docs/puzzles.md`` says what each means."""

THEME_NAMES = {
    "sweep": N_("sweep"),
    "settebello": N_("settebello"),
    "rule-of-48": N_("rule-of-48"),
    "spariglio": N_("spariglio"),
    "endgame": N_("endgame"),
    "capture-rule": N_("capture-rule"),
    "primiera": N_("primiera"),
    "sevens": N_("sevens"),
    "last-capture": N_("last-capture"),
    "denari": N_("denari"),
    "reading": N_("reading"),
}
"""Each theme as shown: the key itself in English, its words in other languages (files and
``--theme`` take the keys of :data:`THEMES`)."""

QUESTION_NAMES = {
    "best-move": N_("best-move"),
    "unmatched": N_("unmatched"),
    "unseen": N_("unseen"),  # the drill's second step of the rule of 48
    "holder": N_("holder"),  # the drill's: who holds a card
    "holds": N_("holds"),
    "legal-captures": N_("legal-captures"),
    "score": N_("score"),
}
"""Each kind of question as shown: the key in English, its words in other languages."""


def theme_of(text: str) -> str | None:
    """The theme key that ``text`` names: the key itself, or its name in any language of the
    tutor, in any case and with or without accents (None: no theme).

    >>> theme_of("rule-of-48"), theme_of("Regola del 48"), theme_of("nope")
    ('rule-of-48', 'rule-of-48', None)
    """
    typed = text.strip().lower()
    for key, name in THEME_NAMES.items():
        if typed == key or typed in typed_words((name,)):
            return key
    return None


def theme_name(theme: str) -> str:
    """A theme in the language of the run."""
    return _(THEME_NAMES[theme]) if theme in THEME_NAMES else theme


def question_name(question: str) -> str:
    """A kind of question in the language of the run."""
    return _(QUESTION_NAMES[question]) if question in QUESTION_NAMES else question


TRANSLATED_KEYS = ("title", "explanation")
"""The keys a puzzle may also give in another language, as ``KEY_LANG`` beside ``KEY``
(``explanation_it``): shown instead of ``KEY`` when the tutor speaks that language."""

PUZZLE_KEYS = (
    "title",
    *(f"title_{lang}" for lang in LANGUAGES if lang != "en"),
    "question",
    "seat",
    "card",
    "themes",
    "difficulty",
    "margin",
    "solution",
    "explanation",
    *(f"explanation_{lang}" for lang in LANGUAGES if lang != "en"),
)
"""The keys of the mapping, in the order they are written."""

_NEEDS_CARD = ("holds", "legal-captures")

Node = Any
"""A node of the composed YAML document, as the record reader hands it over (this module reads
it only through :class:`NodeReader`, so that YAML stays in the record reader)."""


class NodeReader(Protocol):
    """What :func:`read_puzzle` needs of the record reader: typed access with line errors."""

    def fail(self, node: Node | None, message: str, play: int | None = None) -> Exception:
        """The error to raise with ``message``: at ``node``'s line when there is a node, and
        for ``play`` when given."""

    def text(self, node: Node, what: str) -> str:
        """The node's text; an error unless it is a text value (``what`` names the value in
        the message)."""

    def mapping(self, node: Node, what: str) -> list[tuple[str, Node, Node]]:
        """Each key with its node and its value; an error unless the node is a mapping, or when a
        key is given twice."""

    def sequence(self, node: Node, what: str) -> list[Node]:
        """The items of a list, none for a null; an error unless the node is a list."""

    def is_null(self, node: Node) -> bool:
        """Whether the node is YAML's null (``~``, ``null`` or no value)."""

    def is_mapping(self, node: Node) -> bool:
        """Whether the node is a mapping."""

    def is_sequence(self, node: Node) -> bool:
        """Whether the node is a list."""

    def line(self, node: Node) -> int:
        """The 1-based line the node starts on."""


@dataclass(frozen=True)
class PuzzleSpec:
    """The ``puzzle:`` mapping as read: the question and its solution, typed.

    Only the solution field of the question's kind is filled: ``moves`` for ``best-move`` and
    ``legal-captures`` (captures given in full; a bare card in a best-move solution is resolved
    against the position), ``values`` for ``unmatched``, ``holder`` for ``holds`` and
    ``points`` (one per side, in side order) for ``score``.
    """

    title: str
    question: str
    themes: tuple[str, ...]
    difficulty: int
    explanation: str
    seat: str | None = None
    """Whose view the puzzle is set from; None means the player to move."""
    card: Card | None = None
    margin: float | None = None
    moves: tuple[Move, ...] = ()
    """Resolved by :func:`resolve_puzzle` from ``texts``."""
    values: tuple[int, ...] = ()
    holder: str | None = None
    points: tuple[int, ...] = ()
    texts: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """The solution's moves as written, read against the position by :func:`resolve_puzzle`."""
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """Source line of each key (``solution.N`` for the N-th solution item)."""
    translations: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    """The title and explanation in other languages: ``(("explanation_it", "..."), ...)``."""

    def line(self, key: str) -> int | None:
        """The source line of ``key``, else of the ``puzzle:`` mapping itself (None when
        neither is known)."""
        return self.lines.get(key, self.lines.get("puzzle"))

    def text(self, key: str) -> str:
        """The ``title`` or ``explanation`` in the language of the run: ``KEY_LANG`` when the
        puzzle gives it, else ``KEY``."""
        return local({key: getattr(self, key), **dict(self.translations)}, key) or ""


# -- reading ------------------------------------------------------------------------------------


def _int(reader: NodeReader, node: Node, what: str) -> int:
    """A whole number in ASCII digits (``int()`` alone also takes ``1_0`` and other scripts'
    digits); a list or a mapping is not a number either."""
    if reader.is_sequence(node) or reader.is_mapping(node) or reader.is_null(node):
        raise reader.fail(node, _("{what} must be a whole number").format(what=what))
    text = reader.text(node, what).strip()
    digits = text.removeprefix("-").removeprefix("+")
    shown = text if len(text) <= 40 else text[:39] + "…"
    if not (digits.isascii() and digits.isdigit()):
        raise reader.fail(
            node, _("{what} must be a whole number, not {text!r}").format(what=what, text=shown)
        )
    if len(digits) > 9:  # a whole number still, but no count or score of the game is so long
        raise reader.fail(
            node,
            _("{what} must be a whole number of at most 9 digits, not {text!r}").format(
                what=what, text=shown
            ),
        )
    return int(text)


def _items(reader: NodeReader, node: Node, what: str) -> list[Node]:
    """A list, or one scalar taken as a list of one."""
    if reader.is_sequence(node) or reader.is_null(node):
        return reader.sequence(node, what)
    return [node]


def read_puzzle(reader: NodeReader, node: Node, style: Style, sides: Sequence[str]) -> PuzzleSpec:
    """The ``puzzle:`` mapping at ``node``, checked key by key (errors name the line).

    ``sides`` are the record's side names, in side order, for a ``score`` solution.
    """
    items = reader.mapping(node, "puzzle")
    lines = {"puzzle": reader.line(node)}
    for key, knode, _item in items:
        lines[key] = reader.line(knode)
        if key not in PUZZLE_KEYS:
            raise reader.fail(
                knode,
                # title_it too: documented, so listed
                "puzzle: " + unknown_key(key, PUZZLE_KEYS),
            )
    values = {k: v for k, _, v in items}
    for key in ("title", "question", "themes", "difficulty", "solution", "explanation"):
        if key not in values:
            raise reader.fail(node, "puzzle: " + _("the {key!r} key is missing").format(key=key))

    def text(key: str) -> str:
        out = reader.text(values[key], f"puzzle: {key}").strip()
        if not out:
            raise reader.fail(values[key], f"puzzle: {key}: " + _("it is empty"))
        return out

    question = text("question")
    if question not in QUESTIONS:
        raise reader.fail(
            values["question"],
            "puzzle: "
            + _("unknown question {name!r} (questions: {names})").format(
                name=question, names=", ".join(QUESTIONS)
            ),
        )
    themes: list[str] = []
    for n in _items(reader, values["themes"], "puzzle: themes"):
        theme = reader.text(n, "puzzle: " + _("a theme")).strip()
        if theme not in THEMES:
            raise reader.fail(
                n,
                "puzzle: "
                + _("unknown theme {name!r} (themes: {names})").format(
                    name=theme, names=", ".join(THEMES)
                ),
            )
        if theme in themes:
            raise reader.fail(n, "puzzle: " + _("theme {name!r} is given twice").format(name=theme))
        themes.append(theme)
    if not themes:
        raise reader.fail(values["themes"], "puzzle: " + _("give at least one theme"))
    difficulty = _int(reader, values["difficulty"], "puzzle: difficulty")
    if not 1 <= difficulty <= 5:
        raise reader.fail(
            values["difficulty"],
            "puzzle: " + _("difficulty must be 1 to 5, not {n}").format(n=difficulty),
        )
    seat = text("seat") if "seat" in values and not reader.is_null(values["seat"]) else None
    card: Card | None = None
    if question in _NEEDS_CARD:
        if "card" not in values or reader.is_null(values["card"]):
            raise reader.fail(
                node,
                "puzzle: "
                + _("the {question} question needs a 'card' key").format(question=question),
            )
        try:
            card = parse_card(text("card"), style)
        except NotationError as exc:
            raise reader.fail(values["card"], f"puzzle: card: {exc}") from None
    elif "card" in values:
        raise reader.fail(
            values["card"],
            "puzzle: " + _("the {question} question takes no 'card'").format(question=question),
        )
    margin: float | None = None
    if "margin" in values and not reader.is_null(values["margin"]):
        if question != "best-move":
            raise reader.fail(
                values["margin"], "puzzle: " + _("only a best-move question has a margin")
            )
        raw = reader.text(values["margin"], "puzzle: margin").strip()
        try:
            margin = float(raw)
        except ValueError:
            margin = math.nan
        if not math.isfinite(margin) or margin <= 0:
            raise reader.fail(
                values["margin"],
                "puzzle: "
                + _("margin must be a positive number of points, not {text!r}").format(text=raw),
            )
    translations = tuple(
        (key, text(key))
        for key in PUZZLE_KEYS
        if key.partition("_")[0] in TRANSLATED_KEYS
        and key not in TRANSLATED_KEYS
        and key in values
        and not reader.is_null(values[key])
    )
    spec = PuzzleSpec(
        text("title"),
        question,
        tuple(themes),
        difficulty,
        text("explanation"),
        seat,
        card,
        margin,
        lines=lines,
        translations=translations,
    )
    return _read_solution(reader, values["solution"], spec, style, sides)


def _read_solution(
    reader: NodeReader, node: Node, spec: PuzzleSpec, style: Style, sides: Sequence[str]
) -> PuzzleSpec:
    kind = spec.question
    lines = spec.lines
    if reader.is_null(node):  # "solution:" left blank is not "none": that is written []
        if kind in ("unmatched", "legal-captures"):
            empty = _("it is empty: write [] if the answer is none")
        else:
            empty = _("it is empty")
        raise reader.fail(node, "puzzle: solution: " + empty)
    if kind == "score":
        if not reader.is_mapping(node):
            example = "{" + ", ".join(f"{s}: 0" for s in sides) + "}"
            raise reader.fail(
                node,
                "puzzle: "
                + _("a score solution maps each side to its points, like {example}").format(
                    example=example
                ),
            )
        points: dict[str, int] = {}
        for name, knode, vnode in reader.mapping(node, "puzzle: solution"):
            if name not in sides:
                raise reader.fail(
                    knode,
                    "puzzle: solution: "
                    + _("{name!r} is not a side (sides: {sides})").format(
                        name=name, sides=", ".join(sides)
                    ),
                )
            points[name] = _int(
                reader, vnode, "puzzle: solution: " + _("{name}'s points").format(name=name)
            )
            if points[name] < 0:
                raise reader.fail(vnode, "puzzle: solution: " + _("points cannot be negative"))
        missing = [s for s in sides if s not in points]
        if missing:
            raise reader.fail(
                node,
                "puzzle: solution: "
                + _("no points given for {sides}").format(sides=", ".join(missing)),
            )
        return replace(spec, points=tuple(points[s] for s in sides))
    items = _items(reader, node, "puzzle: solution")
    for i, n in enumerate(items):
        lines[f"solution.{i}"] = reader.line(n)
    if kind == "holds":
        if len(items) != 1:
            raise reader.fail(node, "puzzle: " + _("a holds solution names one player"))
        return replace(spec, holder=reader.text(items[0], "puzzle: solution").strip())
    if kind == "unmatched":
        vals: list[int] = []
        for n in items:  # numbers 1 to 10, or the deck's letters (A, F, C, R: as track writes)
            what = "puzzle: " + _("an unmatched value")
            scalar = not (reader.is_mapping(n) or reader.is_sequence(n) or reader.is_null(n))
            said = reader.text(n, what).strip() if scalar else ""
            named = style.value_of_word(said) if scalar else None
            if scalar and named is None and not said.lstrip("+-").isdigit():
                # input audit (stop 54): "must be a whole number", where letters are taken too
                raise reader.fail(
                    n,
                    "puzzle: "
                    + _(
                        "{text!r} is not a value: values are 1 to 10, or the letters A, {figures}"
                    ).format(text=Shown(said), figures=", ".join(style.figures)),
                )
            v = named or _int(reader, n, what)
            if not 1 <= v <= 10:
                raise reader.fail(
                    n, "puzzle: " + _("{n} is not a value (values are 1 to 10)").format(n=v)
                )
            if v in vals:
                raise reader.fail(n, "puzzle: " + _("value {n} is given twice").format(n=v))
            vals.append(v)
        return replace(spec, values=tuple(sorted(vals)))
    # best-move and legal-captures: plays in the record's notation, read against the position
    texts = tuple(reader.text(n, "puzzle: " + _("a move")).strip() for n in items)
    if kind == "best-move" and not texts:
        raise reader.fail(node, "puzzle: " + _("a best-move solution lists at least one move"))
    return replace(spec, texts=texts)


# -- checking against the position ----------------------------------------------------------------

Fail = Callable[[int | None, str], NoReturn]
"""Raises the record's error at a line: ``fail(line, message)``."""


def resolve_puzzle(
    spec: PuzzleSpec,
    state: GameState,
    players: Sequence[str],
    style: Style,
    fail: Fail,
) -> PuzzleSpec:
    """Check the puzzle against the position it is cut at; bare-card moves become full moves.

    ``state`` is the position after the record's last play.
    """
    if spec.seat is not None and spec.seat not in players:
        fail(
            spec.line("seat"),
            "puzzle: "
            + _("seat {name!r} is not a player ({names})").format(
                name=spec.seat, names=names_text(players)
            ),
        )
    over = state.is_over()
    if spec.question in ("best-move", "score") and over:
        fail(
            spec.line("question"),
            "puzzle: "
            + _("the hand is over: the {question} question needs a play left").format(
                question=spec.question
            ),
        )
    seat = state.turn if spec.seat is None else players.index(spec.seat)
    if spec.question == "best-move" and seat != state.turn:
        fail(
            spec.line("seat"),
            "puzzle: "
            + _("a best-move question is set from the seat to move ({mover}), not {seat}").format(
                mover=players[state.turn], seat=spec.seat
            ),
        )
    if spec.question == "best-move" and seat == state.turn and state.unknown[seat]:
        fail(
            spec.line("question"),
            "puzzle: "
            + _(
                "{name}'s hand is not given: a best-move question needs the cards of the "
                "player to move"
            ).format(name=players[seat]),
        )
    if spec.card is not None:
        bit = 1 << spec.card.index
        captured = 0
        for m in state.captured:
            captured |= m
        where = (
            _("on the table")
            if state.table & bit
            else _("already captured")
            if captured & bit
            else _("in {name}'s own hand").format(name=players[seat])
            if spec.question == "holds" and state.hands[seat] & bit
            else None
        )
        if where is not None:
            ask = (
                _("ask about a card the seat has not seen")
                if spec.question == "holds"
                else _("ask about a card that can still be played")
            )
            fail(
                spec.line("card"),
                "puzzle: "
                + _("card {card} is {where}: {ask}").format(
                    card=format_card(spec.card, style), where=where, ask=ask
                ),
            )
    if spec.question == "holds":
        assert spec.holder is not None
        if spec.holder not in players:
            fail(
                spec.line("solution.0"),
                "puzzle: solution: "
                + _("{name!r} is not a player ({names})").format(
                    name=spec.holder, names=names_text(players)
                ),
            )
        if players.index(spec.holder) == seat:
            fail(spec.line("solution.0"), "puzzle: solution: " + _("the seat knows its own cards"))
    if spec.question not in ("best-move", "legal-captures"):
        return spec
    moves: list[Move] = []
    for i, text in enumerate(spec.texts):
        line = spec.line(f"solution.{i}")
        if spec.question == "legal-captures":
            move = _capture_of(spec, text, style, line, fail, state.table)
        else:
            try:
                move = state.parse_move(text, style)
            except MoveError as exc:
                fail(line, f"puzzle: solution: {text!r}: {exc.reason}")
        if move in moves:
            fail(line, "puzzle: solution: " + _("{play} is listed twice").format(play=text))
        moves.append(move)
    return replace(spec, moves=tuple(moves))


def _capture_of(
    spec: PuzzleSpec, text: str, style: Style, line: int | None, fail: Fail, table: int
) -> Move:
    """A capture written in full (``7D x 3C 4S``) of the question's card: of cards on the
    ``table`` that match or add up to its value (which of those the rules allow is the
    question the puzzle asks, so that is left to ``tutor puzzle check``)."""
    assert spec.card is not None
    want = format_card(spec.card, style)
    head, sep, rest = text.replace("X", "x").partition("x")
    try:
        card = parse_card(head.strip(), style)
        taken = parse_cards(rest, style) if sep else []
    except NotationError as exc:
        fail(line, f"puzzle: solution: {exc}")
    if card != spec.card:
        fail(
            line,
            "puzzle: solution: "
            + _("{play!r} plays {card}, not {want}").format(
                play=text, card=format_card(card, style), want=want
            ),
        )
    if not taken:
        fail(
            line,
            "puzzle: solution: "
            + _(
                "write each capture in full, like '{want} x ...' (an empty list says the card "
                "captures nothing)"
            ).format(want=want),
        )
    if len(set(taken)) != len(taken):
        fail(line, "puzzle: solution: " + _("{play!r} names a card twice").format(play=text))
    mask = 0
    for c in taken:
        if not table >> c.index & 1:
            fail(
                line,
                "puzzle: solution: "
                + _("{play!r} takes {card}, which is not on the table ({table})").format(
                    play=text, card=format_card(c, style), table=format_cards(table, style)
                ),
            )
        mask |= 1 << c.index
    total = sum(c.value for c in taken)
    if total != card.value:
        fail(
            line,
            "puzzle: solution: "
            + _("{play!r}: the cards taken add up to {total}, not {value}").format(
                play=text, total=total, value=card.value
            ),
        )
    return Move(card.index, mask)


# -- writing ------------------------------------------------------------------------------------


def dump_puzzle(
    spec: PuzzleSpec,
    style: Style | str,
    sides: Sequence[str],
    quote: Callable[[str], str] | None = None,
    scalar: Callable[[str], str] | None = None,
) -> str:
    """The mapping in its canonical form (``quote``/``scalar`` are the record writer's)."""
    q = quote or (lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"')
    sc = scalar or (lambda s: s)
    translations = dict(spec.translations)
    out = ["puzzle:", f"  title: {q(spec.title)}"]
    out += [
        f"  {k}: {q(translations[k])}"
        for k in PUZZLE_KEYS
        if k.startswith("title_") and k in translations
    ]
    out.append(f"  question: {spec.question}")
    if spec.seat is not None:
        out.append(f"  seat: {sc(spec.seat)}")
    if spec.card is not None:
        out.append(f"  card: {format_card(spec.card, style)}")
    out.append(f"  themes: [{', '.join(spec.themes)}]")
    out.append(f"  difficulty: {spec.difficulty}")
    if spec.margin is not None:
        out.append(f"  margin: {spec.margin!r}")
    kind = spec.question
    if kind == "score":
        pairs = ", ".join(f"{sc(s)}: {p}" for s, p in zip(sides, spec.points, strict=True))
        out.append(f"  solution: {{{pairs}}}")
    elif kind == "holds":
        out.append(f"  solution: {sc(spec.holder or '')}")
    elif kind == "unmatched":
        out.append(f"  solution: [{', '.join(map(str, spec.values))}]")
    else:
        texts = [m.text(style) for m in spec.moves] if spec.moves else list(spec.texts)
        out.append(f"  solution: [{', '.join(texts)}]")
    out.append(f"  explanation: {q(spec.explanation)}")
    out += [
        f"  {k}: {q(translations[k])}"
        for k in PUZZLE_KEYS
        if k.startswith("explanation_") and k in translations
    ]
    return "\n".join(out)
