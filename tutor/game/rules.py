"""Rulesets as data: loading and validating ``rulesets/*.yaml``.

Every rule that differs between the source documents or between regions is a field of
:class:`Ruleset`; the engine reads these fields and never branches on a ruleset's name.

>>> r = load_ruleset("scopone-scientifico")
>>> r.players, r.hand_size, r.table_cards, r.capture_precedence, r.target
(4, 9, 4, 'single-card', 11)
>>> r.deals_per_hand
1
>>> load_ruleset("scopa").deals_per_hand
6
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import LANGUAGES, N_, _, closest, local, ngettext
from tutor.game.textfile import FileReadError, read_text

__all__ = [
    "names_file",
    "deepest_line",
    "Ruleset",
    "RulesetError",
    "InvalidRulesetError",
    "UnknownRulesetError",
    "PrimieraScale",
    "PRIMIERA_VALUES",
    "RULESET_DIR",
    "load_ruleset",
    "loads_ruleset",
    "dumps_ruleset",
    "ruleset_to_dict",
    "ruleset_from_dict",
    "ruleset_names",
    "describe_ruleset",
    "capture_rule_text",
    "yaml_error_text",
    "compose_yaml",
]

RULESET_DIR = resources.files("tutor.game") / "rulesets"
"""The shipped rulesets: package data, found the same way in a checkout and in a wheel."""

# Primiera values of each card value, as every seed gives them (000, 001, 002, 003, 004):
# 7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, figures (8, 9, 10) = 10.
PRIMIERA_VALUES: dict[int, int] = {
    1: 16,
    2: 12,
    3: 13,
    4: 14,
    5: 15,
    6: 18,
    7: 21,
    8: 10,
    9: 10,
    10: 10,
}

CAPTURE_PRECEDENCES = ("single-card", "fewest-cards")
MISSING_SUIT_RULES = ("zero", "loses")
TIE_RULES = ("higher-wins", "play-on")


class RulesetError(TutorError):
    """A ruleset file that is missing, malformed, or has an unknown key or bad value."""


class InvalidRulesetError(RulesetError):
    """A :class:`Ruleset` built with a value no game can be played with (the key, and what is
    wrong with its value): a ruleset built in Python is held to what a file is."""

    def __init__(self, name: object, key: str, problem: str) -> None:
        super().__init__(
            _("ruleset {name!r}: key {key!r}: {problem}").format(
                name=Shown(name), key=Shown(key), problem=problem
            )
        )
        self.key = key
        self.problem = problem


class UnknownRulesetError(RulesetError):
    """A ruleset name that is neither shipped nor a file: the value of ``--ruleset`` typed
    wrong, a usage error on the command line (a bad ruleset *file* is bad input)."""

    option = "--ruleset"


class PrimieraScale(Mapping[int, int]):
    """The primiera points of each value 1-10: an immutable, hashable mapping.

    >>> s = PrimieraScale(PRIMIERA_VALUES)
    >>> s[7], len(s), hash(s) == hash(PrimieraScale(dict(PRIMIERA_VALUES)))
    (21, 10, True)
    """

    __slots__ = ("_points",)

    def __init__(self, points: Mapping[int, int]) -> None:
        self._points = tuple(int(points[v]) for v in range(1, 11))

    def __getitem__(self, value: int) -> int:
        if not isinstance(value, int) or not 1 <= value <= 10:
            raise KeyError(value)
        return self._points[value - 1]

    def __iter__(self) -> Iterator[int]:
        return iter(range(1, 11))

    def __len__(self) -> int:
        return 10

    def __hash__(self) -> int:
        return hash(self._points)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PrimieraScale):
            return self._points == other._points
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __repr__(self) -> str:
        return f"PrimieraScale({dict(self.items())!r})"


@dataclass(frozen=True)
class Ruleset:
    """One game's rules. See ``docs/rulesets.md`` for each field in words."""

    name: str
    description: str = ""
    players: int = 4
    sides: int = 2
    """Number of sides; seat i plays for side ``i % sides`` (partners sit opposite)."""
    hand_size: int = 9
    """Cards dealt to each player in one deal."""
    table_cards: int = 4
    capture_precedence: str = "single-card"
    forced_capture: bool = True
    last_play_scopa: bool = False
    """Whether a sweep with the very last card of the hand counts as a scopa."""
    leftovers_to_last_capturer: bool = True
    redeal_kings: int = 3
    """Redeal when this many kings or more are among the opening table cards (0: never)."""
    primiera_values: PrimieraScale = field(default_factory=lambda: PrimieraScale(PRIMIERA_VALUES))
    primiera_missing_suit: str = "loses"
    re_bello: bool = False
    napola: bool = False
    target: int = 11
    tie_rule: str = "higher-wins"
    """When several sides reach the target in one hand: ``higher-wins`` (equal: play on) or
    ``play-on`` (always play another hand until one side leads)."""
    source: str = ""
    translations: tuple[tuple[str, str], ...] = ()
    """The description and source in other languages, as the file gives them:
    ``(("description_it", "..."), ...)`` (see :meth:`text`)."""

    def __post_init__(self) -> None:
        # built in Python as a file is read: a value no game can be played with is refused
        # here, not deep in a deal (API audit, stop 55)
        values = self.primiera_values
        if not isinstance(values, PrimieraScale):
            # a plain mapping of value to points, as a file gives it, made the hashable scale
            if not (
                isinstance(values, Mapping)
                and set(values) == set(range(1, 11))
                and all(type(pts) is int for pts in values.values())
            ):
                raise InvalidRulesetError(
                    self.name, "primiera.values", _("must map each value 1-10 to points")
                )
            object.__setattr__(self, "primiera_values", PrimieraScale(values))
        # the translations in one order, the reader's: two rulesets that say the same thing
        # are equal however they were built (API audit, stop 57)
        pairs = self.translations
        if isinstance(pairs, (tuple, list)) and all(
            isinstance(p, (tuple, list)) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in pairs
        ):
            object.__setattr__(self, "translations", tuple(sorted(tuple(p) for p in pairs)))
        problem = _ruleset_problem(self)
        if problem is not None:
            raise InvalidRulesetError(self.name, *problem)

    def __hash__(self) -> int:
        # Rules key the hot caches (the best gain of a card on a table, for every play the
        # tracker reads): hashing every field at each lookup took about 6% of its time.
        # Equal rules have equal names, so this agrees with ``==``.
        return hash(self.name)

    def text(self, key: str) -> str:
        """``description`` or ``source`` in the language of the run, when the file gives it
        (``description_it``), else as written."""
        return local({key: getattr(self, key), **dict(self.translations)}, key) or ""

    @property
    def deals_per_hand(self) -> int:
        """How many deals a hand has: the cards left after the table, dealt ``hand_size`` to
        each player each time.

        >>> [load_ruleset(name).deals_per_hand for name in ("scopone-scientifico", "scopa")]
        [1, 6]
        """
        return (40 - self.table_cards) // (self.players * self.hand_size)

    @property
    def plays_per_hand(self) -> int:
        """How many plays a hand has: one for every card not on the opening table."""
        return 40 - self.table_cards

    @property
    def partners(self) -> bool:
        """Whether players sit in partnerships (scopone), so that a side's points are shared;
        in scopa each player is a side of one."""
        return self.players > self.sides

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (partners sit opposite: seats 0 and 2 are side 0 in
        scopone)."""
        return seat % self.sides

    def seats_of(self, side: int) -> list[int]:
        """The seats that play for ``side``, lowest first.

        >>> load_ruleset("scopone-scientifico").seats_of(1)
        [1, 3]
        """
        return [s for s in range(self.players) if s % self.sides == side]

    def primiera_value(self, value: int) -> int:
        """What a card of ``value`` counts towards the primiera on this ruleset's scale."""
        return self.primiera_values[value]

    def to_json(self) -> dict[str, Any]:
        """Every field, the derived counts and the rules in words (``tutor rules NAME``)."""
        data = asdict(self)
        del data["translations"]
        data["primiera_values"] = {str(k): v for k, v in self.primiera_values.items()}
        data["deals_per_hand"] = self.deals_per_hand
        data["plays_per_hand"] = self.plays_per_hand
        data["in_words"] = describe_ruleset(self)
        return data

    def summary_json(self) -> dict[str, str]:
        """The name and the description (one entry of ``tutor rules``)."""
        return {"name": self.name, "description": self.description}


_KEYS: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "description": str,
    "players": int,
    "sides": int,
    "hand_size": int,
    "table_cards": int,
    "capture_precedence": str,
    "forced_capture": bool,
    "last_play_scopa": bool,
    "leftovers_to_last_capturer": bool,
    "redeal_kings": int,
    "primiera": dict,
    "bonuses": dict,
    "target": int,
    "tie_rule": str,
    "source": str,
}
TRANSLATED_KEYS = ("description", "source")
"""Keys that a ruleset file may also give in another language, as ``KEY_LANG``
(``description_it``)."""
_TRANSLATIONS = {f"{k}_{lang}" for k in TRANSLATED_KEYS for lang in LANGUAGES if lang != "en"}
_KEYS.update(dict.fromkeys(_TRANSLATIONS, str))


_OPENS = (
    yaml.BlockMappingStartToken,
    yaml.BlockSequenceStartToken,
    yaml.FlowMappingStartToken,
    yaml.FlowSequenceStartToken,
)
_CLOSES = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)


def deepest_line(text: str) -> int | None:
    r"""The 1-based line where the YAML ``text`` is first nested deepest, for the message
    about a file nested too deeply for the parser (which cannot say where); None when the
    text cannot even be split into tokens. The tokens are read one by one, without the
    recursion that failed; the C scanner stops at a depth of its own, and its mark is then the
    line.

    >>> deepest_line("a: 1\nb: [[1], [[2]]]\nc: 3\n")
    2
    >>> deepest_line("a: 1\nb:\n  c:\n    - [1]\n")
    4
    """
    depth = deepest = 0
    line = None
    try:
        for token in yaml.scan(text, Loader=_LOADER):
            if isinstance(token, _OPENS):
                depth += 1
                if depth > deepest:
                    deepest, line = depth, token.start_mark.line + 1
            elif isinstance(token, _CLOSES):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        return exc.problem_mark.line + 1 if exc.problem_mark is not None else None
    except yaml.YAMLError:
        return None
    return line


def yaml_error_text(exc: yaml.YAMLError, text: str) -> tuple[int | None, str]:
    r"""The 1-based line of a YAML syntax error (None if unknown) and its problem on one line.

    >>> try:
    ...     yaml.safe_load("a: [1\nb: 2\n")
    ... except yaml.YAMLError as exc:
    ...     yaml_error_text(exc, "a: [1\nb: 2\n")
    (2, "expected ',' or ']', but got ':' (while parsing a flow sequence that starts on line 1)")
    >>> try:
    ...     yaml.safe_load("a: \x00")
    ... except yaml.YAMLError as exc:
    ...     yaml_error_text(exc, "a: \x00")
    (1, 'special characters are not allowed (found character #x0000)')
    """
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        problem = _yaml_words(exc.problem or exc.context or _("syntax error"))
        line = mark.line + 1 if mark is not None else None
        ctx = exc.context_mark
        if exc.problem and exc.context and ctx is not None and ctx.line + 1 != line:
            problem += " " + _("({context} that starts on line {line})").format(
                context=_yaml_words(exc.context), line=ctx.line + 1
            )
        if any(clue in (exc.problem or "") for clue in _INDENTATION_CLUES):
            problem += "; " + _("check this line's indentation against the lines above it")
        return line, " ".join(problem.split())
    if isinstance(exc, yaml.reader.ReaderError):
        line = text.count("\n", 0, exc.position) + 1
        char = exc.character
        if isinstance(char, int) and 0xDC80 <= char <= 0xDCFF:  # a byte surrogateescape kept
            return line, _(
                "the byte 0x{byte:02X} is not UTF-8 text: save the file as UTF-8"
            ).format(byte=char - 0xDC00)
        found = f"#x{char:04x}" if isinstance(char, int) else repr(char)
        return line, _("{reason} (found character {character})").format(
            reason=_yaml_words(exc.reason), character=found
        )
    return None, " ".join(str(exc).split())


_YAML_WORDS = (
    (re.compile(r"expected (.+), but found (.+)"), N_("expected {0}, but found {1}")),
    (re.compile(r"expected (.+), but got (.+)"), N_("expected {0}, but got {1}")),
    (re.compile(r"found character (.+) that cannot start any token"),
     N_("found character {0} that cannot start any token")),
    (re.compile(r"found undefined alias (.+)"), N_("found undefined alias {0}")),
    (re.compile(r"found unknown escape character (.+)"), N_("found unknown escape character {0}")),
)  # fmt: skip
"""PyYAML's most frequent problems with a part that varies (a token or a character, shown as
PyYAML writes it), read back from its English."""

_YAML_TOKENS = {
    "the node content": N_("a value"),
    "<stream end>": N_("the end of the text"),
    "<block end>": N_("the end of the block"),
    "<document start>": N_("the start of a document"),
    "<document end>": N_("the end of a document"),
    "<block mapping start>": N_("the start of a mapping"),
    "<block sequence start>": N_("the start of a list"),
}
"""PyYAML's names of the tokens it expected or found that are no text of the file (shown
as words; a character it quotes stays as it is: Italian audit, stop 55, "atteso the node
content, ma trovato '<stream end>'")."""


def _token_words(token: str) -> str:
    """A token PyYAML names in a problem, in words where it is one of :data:`_YAML_TOKENS`."""
    bare = token.strip("'")
    if bare in _YAML_TOKENS:
        return _(_YAML_TOKENS[bare])
    return token.replace(" or ", _(" or "))


_INDENTATION_CLUES = ("<block end>", "mapping values are not allowed", "expected key",
                      "'-' indicator")  # fmt: skip
"""Words of PyYAML's problems that a line indented wrongly most often causes."""

YAML_PROBLEMS = (
    N_("mapping values are not allowed here"),
    N_("could not find expected ':'"),
    N_("found unexpected end of stream"),
    N_("found unhashable key"),
    N_("did not find expected key"),
    N_("did not find expected node content"),
    N_("did not find expected ',' or ']'"),
    N_("did not find expected ',' or '}'"),
    N_("did not find expected '-' indicator"),
    N_("found a tab character where an indentation space is expected"),
    N_("found a tab character that violates indentation"),
    N_("special characters are not allowed"),
    N_("while scanning a simple key"),
    N_("while scanning a quoted scalar"),
    N_("while scanning a plain scalar"),
    N_("while parsing a block mapping"),
    N_("while parsing a block collection"),
    N_("while parsing a flow sequence"),
    N_("while parsing a flow mapping"),
    N_("while parsing a block node"),
    N_("while scanning an alias"),
    N_("while constructing a mapping"),
)
"""PyYAML's fixed problems and contexts most often met, as it words them: the catalogue has
them in the tutor's languages."""


def _yaml_words(problem: str) -> str:
    """A problem PyYAML found, in the language of the run where the catalogue has it
    (PyYAML words its errors in English)."""
    for pattern, msgid in _YAML_WORDS:
        found = pattern.fullmatch(problem)
        if found:
            # the varying parts are PyYAML's tokens: quoted characters, or names of its own
            return _(msgid).format(*(_token_words(g) for g in found.groups()))
    return _(problem)


_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (it reads in linear time, where the pure-Python
loader takes quadratic time over a long text: 9 s for a 4 MB note), else the pure-Python one."""

SAME_ERRORS_UP_TO = 256 * 1024
"""Up to this size a text libyaml refuses is read again by the pure-Python loader, so that
the error says what that loader says (the words users and tests know); larger texts keep
libyaml's words rather than wait for the slow loader."""


def compose_yaml(text: str) -> list[yaml.Node]:
    """Every document of ``text`` as a tree of nodes that keep their lines (empty documents
    left out), safely: no tag constructs anything. Raises yaml.YAMLError (see
    :func:`yaml_error_text`) or RecursionError.

    >>> [node.value[0][1].start_mark.line for node in compose_yaml("a: 1\\n---\\nb: 2\\n")]
    [0, 2]
    """
    loader = _LOADER
    if _SURROGATE.search(text):
        # text read with surrogateescape (a Latin-1 file in the C locale): the C parser fails
        # on it with UnicodeEncodeError, the pure one says where the character is
        loader = yaml.SafeLoader
    try:
        try:
            roots = [n for n in yaml.compose_all(text, Loader=loader) if n is not None]
        except yaml.YAMLError:
            if loader is yaml.SafeLoader or len(text) > SAME_ERRORS_UP_TO:
                raise
            roots = [n for n in yaml.compose_all(text, Loader=yaml.SafeLoader) if n is not None]
    except yaml.MarkedYAMLError as exc:
        breaks = _yaml_only_breaks(text)
        if breaks:
            exc.problem_mark = _editor_mark(exc.problem_mark, breaks)
            exc.context_mark = _editor_mark(exc.context_mark, breaks)
        raise
    breaks = _yaml_only_breaks(text)
    if breaks:
        for node in _nodes(roots):
            node.start_mark = _editor_mark(node.start_mark, breaks)
            node.end_mark = _editor_mark(node.end_mark, breaks)
    if "\\u" in text or "\\U" in text:
        # a character past U+FFFF written as two escapes ("\ud83c\udccf", as json.dumps
        # writes it): YAML keeps the two halves apart; they are one character
        for node in _nodes(roots):
            if isinstance(node, yaml.ScalarNode) and _SURROGATE.search(node.value):
                node.value = node.value.encode("utf-16-le", "surrogatepass").decode(
                    "utf-16-le", "surrogatepass"
                )
    return roots


_SURROGATE = re.compile("[\ud800-\udfff]")
_YAML_ONLY_BREAKS = "\x85\u2028\u2029"
"""Characters YAML reads as line breaks but editors, grep and wc do not (NEL and the Unicode
line and paragraph separators)."""


def _yaml_only_breaks(text: str) -> list[int]:
    """Where ``text`` holds a break of :data:`_YAML_ONLY_BREAKS` (none in almost every file)."""
    if not any(c in text for c in _YAML_ONLY_BREAKS):
        return []
    return [i for i, c in enumerate(text) if c in _YAML_ONLY_BREAKS]


def _editor_mark(mark: Any, breaks: list[int]) -> Any:
    """``mark`` with its line as an editor counts it: without the YAML-only breaks before it
    (a U+2028 in a quoted note put every later line number one off)."""
    if mark is None:
        return None
    line = mark.line - bisect.bisect_left(breaks, mark.index)
    return yaml.Mark(mark.name, mark.index, line, mark.column, None, 0)


def _nodes(roots: list[yaml.Node]) -> list[yaml.Node]:
    """Every node of the trees, each once."""
    out: list[yaml.Node] = []
    todo = list(roots)
    seen: set[int] = set()
    while todo:
        n = todo.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        out.append(n)
        todo.extend(_children(n))
    return out


_CONSTRUCTION_ERRORS = (ValueError, KeyError, TypeError, OverflowError, IndexError, AttributeError)
"""What PyYAML's constructors let through for a scalar its explicit tag cannot take: an empty
``!!int`` or ``!!float`` indexes an empty string (IndexError), an empty ``!!timestamp`` reads
a failed match (AttributeError) (fuzz audit, stop 57: both were internal errors, exit 70)."""


def _construct(node: yaml.Node) -> Any:
    r"""The Python value of a composed node (safe types only). A value its explicit tag cannot
    take (``!!float 3 2``, ``!!bool maybe``) is a yaml.YAMLError naming its line, where PyYAML
    lets the ValueError or KeyError of the conversion through.

    >>> _construct(compose_yaml("a: !!int 3\n")[0])
    {'a': 3}
    >>> try:
    ...     _construct(compose_yaml("a: 1\nb: !!float 3 2\n")[0])
    ... except yaml.YAMLError as exc:
    ...     yaml_error_text(exc, "")
    (2, "'3 2' cannot be read as !!float")
    >>> for text in ("a: !!int\n", "a: !!timestamp\n"):
    ...     try:
    ...         _construct(compose_yaml(text)[0])
    ...     except yaml.YAMLError as exc:
    ...         print(yaml_error_text(exc, ""))
    (1, "'' cannot be read as !!int")
    (1, "'' cannot be read as !!timestamp")
    """
    loader = _LOADER("")
    try:
        return loader.construct_document(node)
    except _CONSTRUCTION_ERRORS:
        bad = _unreadable_scalar(node)
        if bad is None:
            raise
        value = bad.value if len(bad.value) <= 40 else bad.value[:39] + "…"
        tag = bad.tag.replace("tag:yaml.org,2002:", "!!", 1)
        raise yaml.constructor.ConstructorError(
            None,
            None,
            _("{value!r} cannot be read as {tag}").format(value=value, tag=tag),
            bad.start_mark,
        ) from None
    finally:
        loader.dispose()


RULESET_VALUES_MAX = 10_000
"""The most values a ruleset file may expand to, its aliases repeated: a ruleset has a few
dozen, and a few lines of nested aliases can stand for billions (a "billion laughs" file,
which took 2 GB and never ended)."""


def _too_many_values(node: yaml.Node) -> yaml.Node | None:
    """The smallest node whose value, aliases expanded, holds more than
    :data:`RULESET_VALUES_MAX` values (the first in the file of those), or None; counted
    without expanding anything."""
    sizes: dict[int, int] = {}
    order: list[yaml.Node] = []
    todo: list[tuple[yaml.Node, bool]] = [(node, False)]
    while todo:  # children before parents, each node once
        n, done = todo.pop()
        if done:
            order.append(n)
            continue
        if id(n) in sizes:
            continue
        sizes[id(n)] = 0
        todo.append((n, True))
        todo.extend((c, False) for c in _children(n) if id(c) not in sizes)
    for n in order:
        sizes[id(n)] = 1 + sum(sizes[id(c)] for c in _children(n))
    big = [n for n in order if sizes[id(n)] > RULESET_VALUES_MAX]
    return min(big, key=lambda n: (sizes[id(n)], n.start_mark.index), default=None)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [c for pair in node.value for c in pair]
    return []


def _unreadable_scalar(node: yaml.Node) -> yaml.ScalarNode | None:
    """The first scalar of the tree (in file order) that its tag cannot construct."""
    todo: list[yaml.Node] = [node]
    seen: set[int] = set()
    bad: list[yaml.ScalarNode] = []
    while todo:
        n = todo.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if isinstance(n, yaml.ScalarNode):
            loader = _LOADER("")
            try:
                loader.construct_object(n)
            except (*_CONSTRUCTION_ERRORS, yaml.YAMLError):
                bad.append(n)
            finally:
                loader.dispose()
        elif isinstance(n, yaml.SequenceNode):
            todo.extend(n.value)
        elif isinstance(n, yaml.MappingNode):
            todo.extend(v for pair in n.value for v in pair)
    return min(bad, key=lambda n: n.start_mark.index, default=None)


_WORD_TAGS = ("tag:yaml.org,2002:null", "tag:yaml.org,2002:bool")


def _keys_as_written(node: yaml.Node | None, depth: int = 3) -> None:
    """Make the keys YAML would read as null or a truth value (``~``, ``yes``) plain text, so
    that a message about such a key quotes it as written, with its line, not as ``None``."""
    if depth and isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.tag in _WORD_TAGS:
                key.tag = "tag:yaml.org,2002:str"
            _keys_as_written(value, depth - 1)


def _duplicate_key(node: yaml.Node | None) -> tuple[str, int, int] | None:
    """The key given twice in a mapping of the tree that comes first in the file: (key, the
    line of its second use, the line of its first)."""
    found: list[tuple[str, int, int]] = []
    todo = [node]
    seen_nodes: set[int] = set()
    while todo:
        n = todo.pop()
        if n is None or id(n) in seen_nodes:
            continue
        seen_nodes.add(id(n))
        if isinstance(n, yaml.MappingNode):
            first: dict[str, int] = {}
            for key, value in n.value:
                if isinstance(key, yaml.ScalarNode):
                    line = key.start_mark.line + 1
                    if key.value in first:
                        found.append((str(key.value), line, first[key.value]))
                    else:
                        first[key.value] = line
                todo.append(value)
        elif isinstance(n, yaml.SequenceNode):
            todo.extend(n.value)
    return min(found, key=lambda f: f[1], default=None)


def _key_lines(node: yaml.Node | None, prefix: str = "", depth: int = 3) -> dict[str, int]:
    """The 1-based line of every key of a composed mapping, nested keys as ``a.b``."""
    lines: dict[str, int] = {}
    if depth and isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                name = f"{prefix}{key.value}"
                lines[name] = key.start_mark.line + 1
                lines.update(_key_lines(value, name + ".", depth - 1))
    return lines


def ruleset_from_dict(
    data: Any, where: str = "<ruleset>", lines: dict[str, int] | None = None
) -> Ruleset:
    """Validate a parsed ruleset mapping and build the :class:`Ruleset`.

    ``lines`` maps keys (nested ones as ``primiera.values``) to their line in the file, so that
    an error names the line as well as the key.
    """
    known_lines = lines or {}

    def _fail(where: str, key: str, msg: str) -> RulesetError:
        line = known_lines.get(key) or known_lines.get(key.rsplit(".", 1)[0])
        at = f"{where}:{line}" if line else where
        return RulesetError(
            _("{where}: key {key!r}: {problem}").format(where=at, key=Shown(key), problem=msg)
        )

    if not isinstance(data, dict):
        raise RulesetError(
            _("{where}: a ruleset must be a mapping of keys to values").format(where=where)
        )
    for key, value in data.items():
        if key not in _KEYS:
            known = [k for k in _KEYS if k not in _TRANSLATIONS]
            close = closest(str(key).lower(), known)
            said = (
                _("unknown key (did you mean {close!r}? known keys: {keys})")
                if close
                else _("unknown key (known keys: {keys})")
            )
            raise _fail(where, str(key), said.format(close=close, keys=", ".join(known)))
        problem = _type_problem(_KEYS[key], value)
        if problem is not None:
            raise _fail(where, key, problem)
    if "name" not in data:
        raise _fail(where, "name", _("missing"))
    kw: dict[str, Any] = {
        k: v for k, v in data.items() if k not in ("primiera", "bonuses") and k not in _TRANSLATIONS
    }
    kw["translations"] = tuple(sorted((k, v) for k, v in data.items() if k in _TRANSLATIONS))

    def check(cond: bool, key: str, msg: str) -> None:
        if not cond:
            raise _fail(where, key, msg)

    prim = data.get("primiera", {})
    for key in prim:
        check(key in ("values", "missing_suit"), f"primiera.{key}", _("unknown key"))
    if "values" in prim:
        vals = prim["values"]
        check(isinstance(vals, dict), "primiera.values", _("must map each value 1-10 to points"))
        for v in vals:  # audit (stop 49): an 11 was "must give points for every value 1-10"
            check(
                type(v) is int and 1 <= v <= 10,
                f"primiera.values.{v}",
                _("{value!r} is not a card value: the values are the numbers 1 to 10").format(
                    value=Shown(v)
                ),
            )
        missing = [str(v) for v in range(1, 11) if v not in vals]
        check(
            not missing,
            "primiera.values",
            _("must give points for every value 1-10: {values} missing").format(
                values=", ".join(missing)
            ),
        )
        for v, pts in vals.items():
            check(
                isinstance(pts, int) and not isinstance(pts, bool),
                f"primiera.values.{v}",
                _("must be a whole number of points, not {value!r}").format(value=Shown(pts)),
            )
            check(
                0 <= pts <= PRIMIERA_POINTS_MAX,  # a negative one too (input audit, stop 54)
                f"primiera.values.{v}",
                _range_problem(0, PRIMIERA_POINTS_MAX, pts),
            )
        kw["primiera_values"] = PrimieraScale(vals)
    if "missing_suit" in prim:
        ms = prim["missing_suit"]
        check(
            ms in MISSING_SUIT_RULES,
            "primiera.missing_suit",
            _one_of(MISSING_SUIT_RULES, ms),
        )
        kw["primiera_missing_suit"] = ms
    bonuses = data.get("bonuses", {})
    for key, value in bonuses.items():
        check(
            key in ("re_bello", "napola"),
            f"bonuses.{key}",
            _("unknown bonus (known: re_bello, napola)"),
        )
        check(
            isinstance(value, bool),
            f"bonuses.{key}",
            _("must be true or false, not {value!r}").format(value=Shown(value)),
        )
        kw[key] = value

    try:
        rs = Ruleset(**kw)
    except InvalidRulesetError as exc:
        raise _fail(where, exc.key, exc.problem) from None
    return rs


_FIELD_TYPES = {"int": int, "bool": bool, "str": str}
"""The plain types of :class:`Ruleset`'s fields, by their annotation."""


def _ruleset_problem(rs: Ruleset) -> tuple[str, str] | None:
    """The first key of ``rs`` whose value no game can be played with, and what is wrong
    with it; None when every value is good."""
    for f in fields(rs):
        kind = _FIELD_TYPES.get(str(f.type))
        problem = None if kind is None else _type_problem(kind, getattr(rs, f.name))
        if problem is not None:
            return f.name, problem
    for v, pts in rs.primiera_values.items():
        if not 0 <= pts <= PRIMIERA_POINTS_MAX:
            return f"primiera.values.{v}", _range_problem(0, PRIMIERA_POINTS_MAX, pts)
    if rs.primiera_missing_suit not in MISSING_SUIT_RULES:
        return "primiera.missing_suit", _one_of(MISSING_SUIT_RULES, rs.primiera_missing_suit)
    # the name stands in titles, messages and files: blank, it would name nothing
    if not rs.name.strip():
        return "name", _("must not be empty")
    if rs.players not in (2, 3, 4, 6):
        return "players", _("must be 2, 3, 4 or 6, not {value}").format(value=rs.players)
    if not (rs.sides >= 2 and rs.players % rs.sides == 0):
        return "sides", _(
            "must be at least 2 and divide the {players} players, not {value}"
        ).format(players=rs.players, value=rs.sides)
    if not 1 <= rs.hand_size <= 10:
        return "hand_size", _range_problem(1, 10, rs.hand_size)
    if not 0 <= rs.table_cards <= 10:
        return "table_cards", _range_problem(0, 10, rs.table_cards)
    if (40 - rs.table_cards) % (rs.players * rs.hand_size):
        return "hand_size", _(
            "{players} players x {cards} cards do not divide the {left} cards left after the table"
        ).format(players=rs.players, cards=rs.hand_size, left=40 - rs.table_cards)
    if rs.capture_precedence not in CAPTURE_PRECEDENCES:
        return "capture_precedence", _one_of(CAPTURE_PRECEDENCES, rs.capture_precedence)
    if not 0 <= rs.redeal_kings <= 4:
        return "redeal_kings", _range_problem(0, 4, rs.redeal_kings)
    if rs.target < 1:
        return "target", _("must be at least 1, not {value}").format(value=rs.target)
    if rs.tie_rule not in TIE_RULES:
        return "tie_rule", _one_of(TIE_RULES, rs.tie_rule)
    return None


def _type_problem(expected: type | tuple[type, ...], value: object) -> str | None:
    """What is wrong with ``value`` for a key that wants ``expected`` (a whole number is no
    truth value), in the record's words; None when it is of that type. A file's keys and a
    ruleset built in Python are held to it alike."""
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        return _("must be a whole number, not {value!r}").format(value=Shown(value))
    if isinstance(value, expected):
        return None
    problem = _TYPE_PROBLEMS.get(expected, N_("must be a {kind}, not {value!r}"))  # type: ignore[arg-type]
    kind = getattr(expected, "__name__", "value")
    return _(problem).format(kind=kind, value=Shown(value))


_TYPE_PROBLEMS = {
    str: N_("must be a text value, not {value!r}"),
    dict: N_("must be a mapping of keys to values, not {value!r}"),
    bool: N_("must be true or false, not {value!r}"),
}
"""The wrong type of a key's value, by the type the key wants (in the record's words)."""

PRIMIERA_POINTS_MAX = (1 << 15) - 1
"""The most primiera points a card may score: the exact solver packs each card's points in
15 bits (tutor/search/solver.py); the traditional scale's highest is 21."""


def _one_of(choices: tuple[str, ...], value: object) -> str:
    return _("must be one of {choices}, not {value!r}").format(
        choices=", ".join(choices), value=Shown(value)
    )


def _range_problem(low: int, high: int, value: int) -> str:
    return _("must be {low}-{high}, not {value}").format(low=low, high=high, value=value)


def ruleset_names() -> list[str]:
    """Names of the shipped rulesets."""
    return sorted(
        p.name[: -len(".yaml")] for p in RULESET_DIR.iterdir() if p.name.endswith(".yaml")
    )


_CACHE: dict[tuple[object, ...], Ruleset] = {}
"""Rulesets read so far: a shipped one by name, a file by its full path, time and size, so
that an edited file or the same relative path from another folder is read afresh."""


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder (False for a name no file can have)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _is_file(path: Path | Traversable) -> bool:
    """Whether ``path`` names something to read (a file, a device: read_text says what is
    wrong with it), not a folder; False for a name no file can have (too long, a NUL)."""
    try:
        if isinstance(path, Path):
            return path.exists() and not path.is_dir()
        return path.is_file()
    except (OSError, ValueError):
        return False


def names_file(name: str) -> bool:
    """Whether a ruleset key names a ruleset file (a ``.yaml`` name, or a path with a folder in
    it) rather than a shipped ruleset (``scopa``).

    >>> names_file("scopa"), names_file("house.yml"), names_file("rules/house")
    (False, True, True)
    """
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


def load_ruleset(name_or_path: str | Path) -> Ruleset:
    """A shipped ruleset by name, or a ruleset file by path."""
    key = str(name_or_path)
    given = Path(key)
    path: Path | Traversable = given
    cache: tuple[object, ...]
    if given.suffix in (".yaml", ".yml") and _is_file(given):
        try:
            stat = given.stat()
            cache = (str(given.resolve()), stat.st_mtime_ns, stat.st_size)
        except (OSError, ValueError):
            cache = (key,)  # read_text below says what is wrong
    elif ("shipped", key) in _CACHE:
        return _CACHE[("shipped", key)]
    else:
        shipped = RULESET_DIR / f"{key}.yaml"
        plain = "/" not in key and "\\" not in key and "\0" not in key and len(key) <= 100
        if plain and _is_file(shipped):
            path = shipped
            cache = ("shipped", key)
        else:
            unknown = (
                _("{name!r} is a folder, not a ruleset file; shipped rulesets: {names}")
                if not plain and _is_dir(given)
                else _(
                    "{name!r} is not a ruleset file (their names end in .yaml); shipped "
                    "rulesets: {names}"
                )
                if _is_file(given)  # /etc/passwd was "unknown ruleset" (engine audit, stop 53)
                else _("unknown ruleset file {name!r}; shipped rulesets: {names}")
                if given.suffix in (".yaml", ".yml")
                else _("unknown ruleset {name!r}; shipped rulesets: {names}")
            )
            raise UnknownRulesetError(
                unknown.format(name=Shown(key), names=", ".join(ruleset_names()))
            )
    if cache in _CACHE:
        return _CACHE[cache]
    try:
        text = read_text(path)
    except FileReadError as exc:
        raise RulesetError(f"{exc.where(path)}: {exc}") from None
    rs = loads_ruleset(text, str(path))
    _CACHE[cache] = rs
    return rs


def loads_ruleset(text: str, path: str = "<string>") -> Ruleset:
    """A ruleset from the text of a ruleset file (``path`` names it in the messages).

    >>> rs = loads_ruleset(dumps_ruleset(load_ruleset("scopa")))
    >>> rs == load_ruleset("scopa"), rs.target
    (True, 11)
    """
    try:
        documents = compose_yaml(text)
        if len(documents) > 1:
            line = documents[1].start_mark.line + 1
            raise RulesetError(
                f"{path}:{line}: " + _("a ruleset file holds one document, not several")
            )
        node = documents[0] if documents else None
        twice = _duplicate_key(node)
        if twice is not None:
            key, line, first = twice
            raise RulesetError(
                f"{path}:{line}: "
                + _("key {key!r} is given twice (first on line {first})").format(
                    key=key, first=first
                )
            )
        big = None if node is None else _too_many_values(node)
        if big is not None:
            raise RulesetError(
                f"{path}:{big.start_mark.line + 1}: "
                + _("its aliases repeat more than {n} values: a ruleset needs a few dozen").format(
                    n=RULESET_VALUES_MAX
                )
            )
        _keys_as_written(node)
        data = None if node is None else _construct(node)
    except yaml.YAMLError as exc:
        line, problem = yaml_error_text(exc, text)
        at = f"{path}:{line}" if line else str(path)
        raise RulesetError(
            f"{at}: " + _("not valid YAML: {problem}").format(problem=problem)
        ) from None
    except RecursionError:
        line = deepest_line(text)
        at = f"{path}:{line}" if line else str(path)
        raise RulesetError(f"{at}: " + _("not valid YAML: nested too deeply")) from None
    return ruleset_from_dict(data, path, _key_lines(node))


def ruleset_to_dict(rs: Ruleset) -> dict[str, Any]:
    """The keys of a ruleset file for ``rs``: what :func:`ruleset_from_dict` reads back as the
    same ruleset (unlike :meth:`Ruleset.to_json`, which adds the derived counts and words)."""
    data: dict[str, Any] = {
        "name": rs.name,
        "description": rs.description,
        "players": rs.players,
        "sides": rs.sides,
        "hand_size": rs.hand_size,
        "table_cards": rs.table_cards,
        "capture_precedence": rs.capture_precedence,
        "forced_capture": rs.forced_capture,
        "last_play_scopa": rs.last_play_scopa,
        "leftovers_to_last_capturer": rs.leftovers_to_last_capturer,
        "redeal_kings": rs.redeal_kings,
        "primiera": {
            "values": dict(rs.primiera_values.items()),
            "missing_suit": rs.primiera_missing_suit,
        },
        "bonuses": {"re_bello": rs.re_bello, "napola": rs.napola},
        "target": rs.target,
        "tie_rule": rs.tie_rule,
        "source": rs.source,
    }
    data.update(dict(rs.translations))
    return data


def dumps_ruleset(rs: Ruleset) -> str:
    """The text of a ruleset file for ``rs`` (every key written out), which
    :func:`loads_ruleset` reads back as an equal ruleset: a ruleset built in Python can be
    saved, and a record then names the file."""
    data = ruleset_to_dict(rs)
    # PyYAML writes U+0085, U+2028 and U+2029 raw when it may write Unicode, and reads them
    # back as line breaks (a space): such a text is written with every non-ASCII escaped.
    separators = any(
        isinstance(v, str) and any(c in v for c in "\x85\u2028\u2029") for v in data.values()
    )
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=not separators, width=1000)


def ruleset_differences(rs: Ruleset, other: Ruleset) -> str:
    """The rules in which ``rs`` differs from ``other``, as their keys say them: ``target 5,
    not 11``. Descriptions, sources and translations are words about the rules, not rules.

    >>> a = Ruleset("scopa", players=2, hand_size=3)
    >>> ruleset_differences(Ruleset("scopa", players=2, hand_size=3, target=5), a)
    'target 5, not 11'
    """
    words = {"description", "source", "translations"}
    out = []
    for f in fields(Ruleset):
        mine, theirs = getattr(rs, f.name), getattr(other, f.name)
        if f.name in words or mine == theirs:
            continue
        if isinstance(mine, bool | int | str):
            value, was = (str(v).lower() if isinstance(v, bool) else str(v) for v in (mine, theirs))
            out.append(_("{key} {value}, not {other}").format(key=f.name, value=value, other=was))
        else:  # the primiera's table: a value per rank
            out.append(_("other {key}").format(key=f.name))
    return "; ".join(out)


def sides_in_words(rs: Ruleset) -> str:
    """How the players of ``rs`` make sides, for a message that says why two are needed: "3
    partnerships of 2", or "3 players, each for themselves"."""
    if rs.partners:
        return _("{sides} partnerships of {size}").format(
            sides=rs.sides, size=rs.players // rs.sides
        )
    return _("{players} players, each for themselves").format(players=rs.players)


def capture_rule_text(rs: Ruleset) -> str:
    """Which captures a card may make where several are open, in words (``tutor rules``'s
    "Capture precedence" line, and a capture puzzle's, which the answer turns on)."""
    return {
        "single-card": _(
            "a single equal card must be taken instead of any sum; free choice among sums"
        ),
        "fewest-cards": _(
            "only the combinations with the fewest cards may be taken "
            "(so a single equal card first); free choice among those"
        ),
    }[rs.capture_precedence]


def describe_ruleset(rs: Ruleset) -> list[str]:
    """The ruleset in words, a line per rule, in the language of the run."""
    if rs.partners:
        teams = _("{players} players in {sides} partnerships (partners opposite)").format(
            players=rs.players, sides=rs.sides
        )
    else:
        teams = _("{players} players, each for themselves").format(players=rs.players)
    if rs.deals_per_hand == 1:
        deals = _("{cards} cards each in one deal").format(cards=rs.hand_size)
    else:
        deals = _("{cards} cards each per deal, {deals} deals per hand").format(
            cards=rs.hand_size, deals=rs.deals_per_hand
        )
    prec = capture_rule_text(rs)
    prim = ", ".join(f"{v}={p}" for v, p in sorted(rs.primiera_values.items()))
    missing = {
        "zero": _("a missing suit counts 0 and the totals are compared"),
        "loses": _("a side lacking a suit cannot win it (nobody scores it if both lack one)"),
    }[rs.primiera_missing_suit]
    lines = [
        f"{rs.name}: {rs.text('description')}".rstrip(": "),
        _("Players: {teams}; the player after the dealer leads.").format(teams=teams),
        ngettext(
            "Deal: {deals}; {n} card face up on the table.",
            "Deal: {deals}; {n} cards face up on the table.",
            rs.table_cards,
        ).format(deals=deals, n=rs.table_cards)
        if rs.table_cards
        else _("Deal: {deals}; no card on the table to start.").format(deals=deals),
        _("Capture precedence: {rule}.").format(rule=prec),
        _("Forced capture: a card that can capture must capture.")
        if rs.forced_capture
        else _("Capturing is optional: any card may be laid."),
        _("A sweep with the last card of the hand counts as a scopa.")
        if rs.last_play_scopa
        else _("A sweep with the last card of the hand is not a scopa."),
        _("Leftover table cards go to the last player who captured.")
        if rs.leftovers_to_last_capturer
        else _("Leftover table cards go to nobody."),
        _("Redeal when {n} or more kings are on the opening table.").format(n=rs.redeal_kings)
        if rs.redeal_kings
        else _("No redeal for kings on the table."),
        _("Primiera values: {values}; {missing}.").format(values=prim, missing=missing),
    ]
    bonuses = [
        b
        for b, on in (
            (_("re bello (king of denari, 1 point)"), rs.re_bello),
            (
                _("napola (ace-2-3 of denari 3 points, +1 per further denaro in sequence)"),
                rs.napola,
            ),
        )
        if on
    ]
    lines.append(
        _("Bonuses: {bonuses}.").format(bonuses="; ".join(bonuses) if bonuses else _("none"))
    )
    # two players without partners are players, not sides (ruleset audit, stop 57)
    if rs.tie_rule == "higher-wins":
        tie = _("the higher score wins; if equal, more hands are played")
    elif rs.partners:
        tie = _(
            "at least one more hand is always played, then the side ahead wins (more hands "
            "while the scores are equal)"
        )
    else:
        tie = _(
            "at least one more hand is always played, then the player ahead wins (more hands "
            "while the scores are equal)"
        )
    target = (
        _("Target: {target} points; if several sides reach it in one hand, {tie}.")
        if rs.partners
        else _("Target: {target} points; if several players reach it in one hand, {tie}.")
    )
    lines.append(target.format(target=rs.target, tie=tie))
    if rs.source:
        lines.append(_("Source: {source}").format(source=rs.text("source")))
    return lines
