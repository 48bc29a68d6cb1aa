"""Human output: cards, tables and score sheets as rich renderables.

Two looks, chosen per console: on a terminal, suit glyphs (♦ ♥ in red, ♠ ♣ in the default
colour) and boxed tables; when the output is a file or a pipe, or ``NO_COLOR`` is set, plain
text in the deck's own letters (``7D``, ``RB``) with ASCII rules, no trailing spaces and a fixed
width, so that it reads well in a log and stays stable for golden tests.

The functions here are pure: they take data and return rich renderables (or strings), so that
every command can reuse them. Only :func:`emit` writes.

>>> from tutor.game.cards import parse_card, ITALIAN
>>> str(card_text(parse_card("7D"), ITALIAN))
'7D'
>>> str(card_text(parse_card("7D"), ITALIAN, rich=True))
'7♦'
>>> str(cards_text([], ITALIAN))
'-'
"""

from __future__ import annotations

import functools
import io
import math
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from tutor.counting.odds import percent
from tutor.game.cards import (
    CARDS,
    DENARI_MASK,
    GLYPHS,
    RE_BELLO,
    SETTEBELLO,
    VALUE_MASKS,
    Card,
    Style,
    cards_of,
    format_card,
    format_cards,
)
from tutor.game.i18n import (
    N_,
    _,
    all_of,
    bounds,
    euphony,
    is_you,
    ngettext,
    number,
    pgettext,
)
from tutor.game.rules import Ruleset
from tutor.game.scoring import HandScore, MatchScore, category_name, napola_cards
from tutor.records.record import HandRecord, shown_name
from tutor.records.replay import HandReplay
from tutor.render.safe import (
    NAME_CELL_WIDTH,
    TERM_LINE,
    cell_names,
    needs_showing,
    one_line,
    visible,
    without_glyphs,
)

if TYPE_CHECKING:
    from tutor.counting.inference import CountView, HandView, ValueCell
    from tutor.counting.tracker import Board
    from tutor.game.captures import Explanation
    from tutor.game.scoring import HandScore, MatchScore
    from tutor.records.record import HandRecord
    from tutor.records.replay import HandReplay
    from tutor.search.evaluate import Evaluation
    from tutor.search.simulate import SimulationResult

__all__ = [
    "Indented",
    "Packed",
    "PLAIN_WIDTH",
    "SUIT_COLOURS",
    "make_console",
    "is_fancy",
    "plain_text",
    "emit",
    "text_lines",
    "card_text",
    "cards_text",
    "move_text",
    "new_table",
    "assemble_text",
    "explain_table",
    "rules_table",
    "ruleset_text",
    "score_table",
    "match_table",
    "figures_table",
    "plays_table",
    "hand_title",
    "hand_end",
    "tracker_board",
    "value_board",
    "holdings_table",
    "tracker_view",
    "hand_view_lines",
    "match_hand_lines",
    "evaluation_view",
    "simulation_view",
    "calibration_view",
]

PLAIN_WIDTH = 120
"""Width of plain output: a hand's table fits, with room for notes (which wrap)."""

SUIT_COLOURS = ("red", "red", "default", "default")
"""Colour of each suit's glyph on a terminal: denari/♦ and coppe/♥ red, the others plain."""

PLAIN_BOX = box.Box(
    "    \n"  # top
    "    \n"  # head
    " -- \n"  # head row
    "    \n"  # mid
    "    \n"  # row
    " -- \n"  # foot row
    "    \n"  # foot
    "    \n",  # bottom
    ascii=True,
)
"""rich's SIMPLE box drawn with ASCII hyphens: a rule under the header, nothing else."""


# -- consoles ---------------------------------------------------------------------------------


def make_console(stderr: bool = False) -> Console:
    """A console on stdout (or stderr): fancy on a colour terminal, plain otherwise.

    Built at call time, because the streams may have been replaced (tests, redirection).
    """
    file = sys.stderr if stderr else sys.stdout
    probe = Console(file=file)
    if probe.is_terminal and not probe.no_color:
        # No markup: text from a file such as "[link=...]" must show as written, never act.
        return Console(file=file, highlight=False, emoji=False, markup=False)
    # plain text: as wide as the terminal it goes to (NO_COLOR there), or as COLUMNS says when
    # set (English audit, stop 52: COLUMNS=80 into a pipe still gave 120), else a fixed width,
    # so that a file or a pipe gets the same lines on any machine
    columns = os.environ.get("COLUMNS", "")
    asked = columns.isascii() and columns.isdigit() and int(columns) > 0
    return _plain_console(file, probe.width if probe.is_terminal or asked else PLAIN_WIDTH)


def _plain_console(file: IO[str], width: int) -> Console:
    """A console that writes plain text: no colour, no markup, a fixed width."""
    return Console(
        file=file,
        width=width,
        no_color=True,
        color_system=None,
        force_terminal=False,
        highlight=False,
        emoji=False,
        markup=False,
    )


def is_fancy(console: Console) -> bool:
    """Whether the console shows glyphs and colours: a terminal without ``NO_COLOR`` whose
    encoding has the suit glyphs (one in ASCII or Latin-1 gets the plain letters)."""
    return (
        console.is_terminal
        and not console.no_color
        and console.color_system is not None
        and can_encode(console.file, "".join(GLYPHS) + "…─")
    )


def can_encode(stream: IO[str], text: str) -> bool:
    """Whether ``stream``'s encoding can write ``text`` (a stream without one takes anything).

    >>> can_encode(io.StringIO(), "♣")
    True
    """
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def plain_text(*renderables: RenderableType, width: int = PLAIN_WIDTH) -> str:
    """The renderables as plain text, each line stripped of trailing spaces.

    >>> plain_text(Text("a  "), "b")
    'a\\nb\\n'
    """
    buf = io.StringIO()
    console = _plain_console(buf, width)
    for renderable in renderables:
        console.print(_Visible(renderable))
    return "".join(line.rstrip() + "\n" for line in buf.getvalue().splitlines())


class _Visible:
    """A renderable drawn with the control characters of its text shown, never sent.

    The renderers pass text from files through :func:`tutor.render.safe.visible` themselves,
    so that the layout counts the characters shown; this is the guard behind them, should one
    of them let such text through: nothing the tutor prints can clear a screen or retitle a
    window.

    >>> plain_text(Text("Ada\\x1b[2J\\x1b]0;PWNED"))
    'Ada^[[2J^[]0;PWNED\\n'
    """

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # no blanks at the end of a line (rich keeps the space a line was wrapped at and pads
        # table cells): they would be copied, and re-wrapped by a narrowed window into an
        # extra blank line
        line: list[Segment] = []
        for segment in console.render(self.renderable, options):
            if segment.control:
                line.append(segment)
                continue
            text = visible(segment.text) if needs_showing(segment.text) else segment.text
            *ended, rest = text.split("\n")
            for piece in ended:
                if piece:
                    line.append(Segment(piece, segment.style))
                yield from _without_trailing_blanks(line)
                yield Segment("\n", segment.style)
                line = []
            if rest:
                line.append(Segment(rest, segment.style))
        yield from line


def _without_trailing_blanks(line: list[Segment]) -> list[Segment]:
    """A line's segments with the spaces at its end dropped."""
    while line and not line[-1].control and line[-1].text.endswith(" "):
        last = line.pop()
        if last.text.rstrip(" "):
            line.append(Segment(last.text.rstrip(" "), last.style))
            break
    return line


class Item:
    """One item of a list: ``mark`` (``- ``) ``indent`` columns in, its text wrapped to hang
    under its own first word, not at the margin.

    >>> plain_text(Item(Text("one two three")), width=10).splitlines()
    ['  - one', '    two', '    three']
    """

    def __init__(
        self, renderable: RenderableType, indent: int = 2, mark: str | Text = "- "
    ) -> None:
        self.renderable = renderable
        self.indent = indent
        self.mark = mark

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        mark = self.mark if isinstance(self.mark, Text) else Text(self.mark)
        pad = self.indent + mark.cell_len
        inner = options.update_width(max(1, options.max_width - pad))
        for k, line in enumerate(console.render_lines(self.renderable, inner, pad=False)):
            yield Segment(" " * self.indent)
            yield from mark.render(console) if k == 0 else [Segment(" " * mark.cell_len)]
            yield from _without_trailing_blanks(line)
            yield Segment.line()


class Indented(Item):
    """``renderable`` drawn ``indent`` columns in, wrapped to the width left, with no blanks
    after its lines (rich's ``Padding`` pads every line to the full width: trailing blanks when
    the text is copied, and an extra blank line under each once a narrowed window re-wraps):
    an :class:`Item` without a mark.

    >>> plain_text(Indented(Text("one two three"), 2), width=9).splitlines()
    ['  one two', '  three']
    """

    def __init__(self, renderable: RenderableType, indent: int) -> None:
        super().__init__(renderable, indent, "")


class Packed:
    """``head``, then ``items`` ``gap`` spaces apart, wrapped between items only: a line breaks
    inside an item only when the item is wider than a line by itself (so a card keeps its
    plays, ``AC (x AD | 3C)``, on one line). Later lines start ``indent`` columns in.

    >>> items = [Text("AC (x AD)"), Text("2C (x 2S)")]
    >>> plain_text(Packed(Text("Cards: "), items, gap=2), width=20).splitlines()
    ['Cards: AC (x AD)', '  2C (x 2S)']
    """

    def __init__(self, head: Text, items: Sequence[Text], gap: int = 3, indent: int = 2) -> None:
        self.head = head
        self.items = list(items)
        self.gap = gap
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = self.head.copy()
        fresh = True  # nothing but the head or the indent on the line yet
        for item in self.items:
            sep = "" if fresh else " " * self.gap
            if not fresh and line.cell_len + len(sep) + item.cell_len > width:
                yield line
                line, sep = Text(" " * self.indent), ""
            line.append(sep)
            line.append_text(item)
            fresh = False
        yield line


MAX_WIDTH = 200
"""The widest a renderable is drawn to keep its columns whole on a narrow terminal."""


def width_for(console: Console, renderable: RenderableType, width: int) -> int:
    """The width to draw ``renderable`` at: ``width``, or the least it needs (up to
    :data:`MAX_WIDTH`) when that is more, so that a narrow terminal wraps the lines rather
    than losing a column or cutting a cell short.

    >>> width_for(Console(), "short words", 40)
    40

    Prose (a :class:`~rich.text.Text`) folds a word longer than the line instead: a 500-letter
    name in a sentence drew it 200 columns wide (hostile-text audit, stop 55).

    >>> width_for(Console(), Text("N" * 300), 40)
    40
    """
    from rich.measure import Measurement

    if isinstance(renderable, Text):
        return width

    wide = console.options.update_width(MAX_WIDTH)
    measured = Measurement.get(console, wide, renderable)
    return max(width, min(measured.minimum, MAX_WIDTH))


def keep_words_whole(renderable: RenderableType) -> None:
    """Mark a table's columns of single words (numbers, one-word headers) as never wrapping.

    When a table is drawn narrower than it likes, rich shrinks the widest columns first,
    whatever their words need, and broke the summary's header into "inaccura" / "cy" on a
    terminal of 40 columns. Columns of prose still wrap, at their spaces. Tables inside a
    group count too (the replay's plays with their notes under them).
    """
    if isinstance(renderable, Group):
        for part in renderable.renderables:
            keep_words_whole(part)
        return
    if not isinstance(renderable, Table):
        return
    for column in renderable.columns:
        cells = [column.header, *column.cells]
        if all(isinstance(c, str | Text) and not str(c).split()[1:] for c in cells):
            column.no_wrap = True


TWO_SPACES = (0, 1, 0, 0)
"""A table's padding with two spaces between columns (a space after each, and the rule's)."""
ONE_SPACE = (0, 0, 0, 0)
"""A table's padding with the rule's one space alone between columns."""


class Narrowing:
    """A table, and another layout of the same figures drawn instead where the table's words
    alone need more than the width: the review's summary has a column per class (74 columns
    in English, 87 in Italian), and on a terminal of 60 its players become the columns
    instead. Resolved by :func:`emit`; elsewhere (a page, a file) the table is drawn."""

    def __init__(
        self,
        table: Table,
        narrow: RenderableType,
        padding: tuple[int, int, int, int] = TWO_SPACES,
    ) -> None:
        self.table = table
        self.narrow = narrow
        self.padding = padding
        """The closest the table's columns may come and it still be drawn."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table

    def choose(self, console: Console) -> RenderableType:
        """The table if its columns fit ``console`` with their words whole and two spaces
        between them (or its own :attr:`padding`), else the other layout: better than a table
        one space apart, the last resort of a table that has none (:func:`_fit_columns`)."""
        keep_words_whole(self.table)
        lows, _highs = _column_widths(console, self.table)
        gaps = _gaps(console, self.table, self.padding)
        fits = sum(lows) + gaps <= console.width
        return self.table if fits else self.narrow


def _column_widths(console: Console, table: Table) -> tuple[list[int], list[int]]:
    """Each column's least width (its longest word, or its whole width if it never wraps)
    and its whole width."""
    from rich.measure import Measurement

    wide = console.options.update_width(1_000_000)  # each column's whole width, uncapped
    lows, highs = [], []
    for column in table.columns:
        sizes = [Measurement.get(console, wide, cell) for cell in (column.header, *column.cells)]
        high = max(m.maximum for m in sizes)
        if column.max_width is not None:  # a column the table's maker bounded (a note)
            high = min(high, column.max_width)
        high = max(high, column.min_width or 0)  # or widened (the slices of replay --step)
        low = high if column.no_wrap else min(high, max(m.minimum for m in sizes))
        highs.append(high)
        lows.append(max(low, column.min_width or 0))
    return lows, highs


def _fit_columns(console: Console, table: Table) -> None:
    """Fix the widths of a table too wide for the console: its widest columns narrowed one
    cell at a time, never below their longest word, and, if that is not enough, two spaces
    between columns instead of three, then one (the counting board, 68 columns with two,
    fits 60 with one). Rich's own narrowing ignores the words: the play's summary, 82 columns
    wide on a terminal of 80, read "inaccu" over "racy" (stop 48). A table whose words alone
    need more than the console keeps them whole and goes beyond it (:func:`width_for`)."""
    lows, highs = _column_widths(console, table)
    gaps = _gaps(console, table)
    if sum(highs) + gaps <= console.width:
        return
    for padding in (TWO_SPACES, ONE_SPACE):
        if sum(lows) + gaps <= console.width:
            break
        table.padding = padding
        gaps = _gaps(console, table)
    widths = list(highs)
    excess = sum(widths) + gaps - console.width
    while excess > 0:
        room, _width, i = max(
            (w - low, w, i) for i, (w, low) in enumerate(zip(widths, lows, strict=True))
        )
        if room <= 0:
            break
        widths[i] -= 1
        excess -= 1
    for column, w in zip(table.columns, widths, strict=True):
        column.width = w


def _gaps(console: Console, table: Table, padding: tuple[int, int, int, int] | None = None) -> int:
    """The columns' padding and rules: a table's width beyond its cells' (with ``padding``
    instead of its own, if given)."""
    from rich.measure import Measurement

    pad = table.padding if padding is None else padding
    probe = Table(*("" for _ in table.columns), box=table.box, padding=pad,
                  show_edge=table.show_edge, pad_edge=table.pad_edge,
                  show_header=False)  # fmt: skip
    probe.add_row(*("" for _ in table.columns))
    for column in probe.columns:
        column.width = 1
    wide = console.options.update_width(1_000_000)
    return Measurement.get(console, wide, probe).maximum - len(table.columns)


def _parts(console: Console, renderable: RenderableType) -> Iterator[RenderableType]:
    """The pieces of a group, each drawn at its own width (:func:`emit`), with the layout of
    each :class:`Narrowing` that fits the console."""
    if isinstance(renderable, Group):
        for part in renderable.renderables:
            yield from _parts(console, part)
    elif isinstance(renderable, Narrowing):
        yield from _parts(console, renderable.choose(console))
    else:
        yield renderable


def emit(console: Console, *renderables: RenderableType) -> None:
    """Print the renderables: styled on a fancy console, as :func:`plain_text` otherwise;
    never narrower than their columns need (:func:`width_for`), and a column of single words
    never broken (:func:`keep_words_whole`).

    A group is drawn piece by piece: the prose under a table too wide for a narrow terminal
    still wraps at the terminal's width, not the table's (play audit, stop 47)."""
    renderables = tuple(part for item in renderables for part in _parts(console, item))
    for renderable in renderables:
        keep_words_whole(renderable)
        if isinstance(renderable, Table):
            _fit_columns(console, renderable)
    if is_fancy(console):
        for renderable in renderables:
            width = width_for(console, renderable, console.width)
            if width == console.width:
                console.print(_Visible(renderable))
                continue
            # rich's print never draws wider than the console: widen it for this renderable
            screen = console.width
            console.width = width
            try:
                console.print(_Visible(renderable), crop=False)
            finally:
                console.width = screen
    else:
        for renderable in renderables:
            width = width_for(console, renderable, console.width)
            console.file.write(plain_text(renderable, width=width))
        console.file.flush()


def text_lines(text: str, glyphs: bool = True, cards: Style | None = None) -> list[RenderableType]:
    """Lines of prose that wrap at word boundaries to the console's width; a line indented
    with spaces keeps its indent on the lines it wraps onto, and an indented term set off by
    two spaces or more wraps its meaning under the meaning (a trailing newline is dropped).
    ``glyphs`` False (plain text, where cards show no glyph): a suit legend's glyphs are left
    out, ``D denari`` (output audit, stop 54: ``NO_COLOR`` still showed ``D ♦ denari``).
    ``cards``, with ``glyphs``: the cards of that deck in the tutor's words are drawn as the
    boards draw them (:func:`glyph_cards`; the drill showed ``4D`` on a colour terminal).

    >>> print(plain_text(*text_lines("the suits: D ♦ denari, C ♥ coppe.", glyphs=False)), end="")
    the suits: D denari, C coppe.
    >>> from tutor.game.cards import ITALIAN
    >>> print(plain_text(*text_lines("  1. West: 6C x 6D", cards=ITALIAN)), end="")
      1. West: 6♥ x 6♦
    >>> print(plain_text(*text_lines("  1. West: 6C x 6D", glyphs=False, cards=ITALIAN)), end="")
      1. West: 6C x 6D

    >>> print(plain_text(*text_lines("Why:\\n  one two three four\\n"), width=12), end="")
    Why:
      one two
      three four
    >>> print(plain_text(*text_lines("  undo   take it back now"), width=18), end="")
      undo   take it
             back now
    >>> print(plain_text(*text_lines("  - KS x 4C 6D: not allowed"), width=20), end="")
      - KS x 4C 6D: not
        allowed
    """
    if text.endswith("\n"):
        text = text[:-1]
    if not glyphs:
        text = without_glyphs(text)

    def drawn(words: str) -> Text:
        return glyph_cards(words, cards, glyphs) if cards is not None else Text(words)

    out: list[RenderableType] = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        term = TERM_LINE.fullmatch(body) if indent else None
        if term is not None:
            out.append(Item(drawn(visible(term[2])), indent, visible(term[1])))
            continue
        if body.startswith("- "):  # an item of a list: its lines hang under its first word
            out.append(Item(drawn(visible(body[2:])), indent))
            continue
        shown = drawn(visible(body))
        out.append(Indented(shown, indent) if indent else shown)
    return out


# -- cards ------------------------------------------------------------------------------------


def card_text(card: Card | int, style: Style, rich: bool = False) -> Text:
    """One card: the deck's letters (``7D``), or with ``rich`` a coloured glyph (``7♦``)."""
    c = card if isinstance(card, Card) else CARDS[card]
    if not rich:
        return Text(format_card(c, style))
    return Text(style.rank_text(c.value) + GLYPHS[c.suit], style=SUIT_COLOURS[c.suit])


@functools.cache
def _card_words(style: Style) -> re.Pattern[str]:
    """A card written in ``style``'s letters as a word of its own (``7D``, not the ``7D`` of
    ``17DX``)."""
    ranks = "".join(re.escape(style.rank_text(v)) for v in range(1, 11))
    suits = "".join(re.escape(s) for s in style.suits)
    return re.compile(rf"(?<![\w\u2011-])([{ranks}])([{suits}])(?![\w\u2011-])")


def glyph_cards(text: Text | str, style: Style, rich: bool = True) -> Text:
    """The tutor's own words with every card drawn as the position beside them draws it:
    with ``rich``, ``Takes 7D`` becomes ``Takes 7♦``, the glyph coloured, the line as wide as
    before; else the text as it is. For the tutor's sentences, never a note from a file, where
    two such letters may be anything (a name in a sentence is drawn so only if it is spelt
    exactly as a card).

    >>> from tutor.game.cards import ITALIAN
    >>> glyph_cards("Takes 7D and AS; 17DX stays.", ITALIAN).plain
    'Takes 7♦ and A♠; 17DX stays.'
    """
    shown = text if isinstance(text, Text) else Text(text)
    if not rich:
        return shown
    plain = shown.plain
    found = list(_card_words(style).finditer(plain))
    if not found:
        return shown
    out = shown.copy()
    chars = list(plain)
    for m in found:
        suit = style.suits.index(m.group(2))
        chars[m.start(2)] = GLYPHS[suit]
        out.stylize(SUIT_COLOURS[suit], m.start(), m.end())
    out.plain = "".join(chars)
    return out


def prose(
    text: str,
    style: Style,
    rich: bool = False,
    indent: int = 0,
    text_style: str = "",
    hang: int | None = None,
) -> Packed:
    """The tutor's sentence ``text`` (made visible first by the caller) wrapped between words
    only, a play such as ``7D x 3C 4S`` kept whole on one line (a narrow terminal broke "7D x"
    from "3C", practice audit of stop 49), its cards drawn as :func:`glyph_cards` draws them;
    lines after the first ``indent`` columns in (or ``hang``: the first ``indent`` in, the
    others ``hang``, for an item of a list whose lines hang under its first word).

    >>> from tutor.game.cards import ITALIAN
    >>> plain_text(prose("Type a play like 7D x 3C 4S or 5B.", ITALIAN), width=22).splitlines()
    ['Type a play like', '7D x 3C 4S or 5B.']
    """
    card = _card_words(style).pattern
    play = re.compile(rf"{card}(?: x {card}(?: {card})*)?")
    items: list[Text] = []
    at = 0
    for m in play.finditer(text):
        if m.start() < at:
            continue  # inside the last item already
        # a play and what is glued to it ("(7D", "7D,") make one item
        start, end = m.start(), m.end()
        while start > at and not text[start - 1].isspace():
            start -= 1
        while end < len(text) and not text[end].isspace():
            end += 1
        items.extend(Text(w, style=text_style) for w in text[at:start].split())
        items.append(glyph_cards(Text(text[start:end], style=text_style), style, rich))
        at = end
    items.extend(Text(w, style=text_style) for w in text[at:].split())
    return Packed(Text(" " * indent), items, gap=1, indent=indent if hang is None else hang)


def cards_text(
    cards: Iterable[Card | int] | int,
    style: Style,
    rich: bool = False,
    sep: str = " ",
    empty: str = "-",
) -> Text:
    """Several cards in the order given (a mask: by value, then suit); ``empty`` if none.

    >>> from tutor.game.cards import mask_of, parse_cards, ITALIAN
    >>> str(cards_text(mask_of(parse_cards("7D AS 3C")), ITALIAN, sep="+"))
    'AS+3C+7D'
    """
    items = sorted(cards_of(cards)) if isinstance(cards, int) else list(cards)
    if not items:
        return Text(empty)
    return Text(sep).join(card_text(c, style, rich) for c in items)


def move_text(card: Card | int, capture: int, style: Style, rich: bool = False) -> Text:
    """A play in the notation of :meth:`tutor.game.state.Move.text`: ``7D x 2C 5S`` or ``3H``."""
    text = card_text(card, style, rich)
    if capture:
        text = Text.assemble(text, " x ", cards_text(capture, style, rich))
    return text


def new_table(*headers: str, rich: bool = False, title: str | None = None) -> Table:
    """A table with the house look: light rules on a terminal, ASCII hyphens in plain text;
    a cell too long for its column folds onto the next line, never shortened with "..."."""
    table = Table(
        *headers,
        box=box.SIMPLE if rich else PLAIN_BOX,
        title=title,
        title_justify="left",
        title_style="bold" if rich else None,
        header_style="bold" if rich else "",
        show_edge=False,
        pad_edge=False,
    )
    for column in table.columns:
        column.overflow = "fold"  # a word longer than its column breaks, never cut short
    return table


# -- explain and rules ------------------------------------------------------------------------


def ruleset_label(name: str) -> str:
    """A ruleset named in brackets after a heading: ``ruleset scopa``, since "(scopa)" alone
    read as a sweep made (first-hour audit, stop 55)."""
    return _("ruleset {name}").format(name=one_line(name))


def explain_table(explanation: Explanation, rich: bool = False) -> RenderableType:
    """Every way to play a card on a table (``tutor explain``), legal ones first."""
    card, table, style = explanation.card, explanation.table, explanation.style
    ruleset = ruleset_label(explanation.rules.name)
    if table:
        head = assemble_text(
            _("{card} on the table {table} ({ruleset}):"),
            card=card_text(card, style, rich),
            table=cards_text(table, style, rich),
            ruleset=ruleset,
        )
    else:
        head = assemble_text(
            _("{card} on an empty table ({ruleset}):"),
            card=card_text(card, style, rich),
            ruleset=ruleset,
        )
    out = new_table(_("verdict"), _("play"), _("rule"), rich=rich)
    for option in sorted(explanation.options, key=lambda o: not o.legal):
        if option.legal:
            verdict = Text(_("legal"), style="green")
        else:
            verdict = Text(_("forbidden"), style="red")
        reason = option.reason
        if explanation.sweeps(option):
            reason += " " + _("(sweeps the table)")
        play = move_text(card, option.capture, style, rich)
        if not option.capture:
            play = assemble_text(_("{play} laid"), play=play)
        # the rule's cards drawn as the play's are (new-user audit, stop 57: "C♣ x A♦ F♦"
        # beside "takes AD+FD")
        out.add_row(
            verdict if rich else Text(verdict.plain), play, glyph_cards(reason, style, rich)
        )
    return Group(head, out)


def assemble_text(message: str, **parts: Text | str) -> Text:
    """A translated ``message`` with its placeholders filled by text that may be styled
    (cards drawn with glyphs and colours), in the order the translation puts them."""
    out = Text()
    pos = 0
    for found in re.finditer(r"\{(\w+)\}", message):
        part = parts[found.group(1)]
        before = message[pos : found.start()]
        # the words before a filled-in part as the language wants them: "tocca ad Ada"
        first = (part.plain if isinstance(part, Text) else part)[:1]
        reworded = euphony(before + first)
        out.append(reworded[: len(reworded) - len(first)] if first else before)
        if isinstance(part, Text):
            out.append_text(part)
        else:
            out.append(part)
        pos = found.end()
    out.append(message[pos:])
    return out


def rules_table(rulesets: Sequence[Ruleset], rich: bool = False) -> Narrowing:
    """The shipped rulesets: name, players, cards per deal, target and description; where
    the description's column does not fit (72 columns in Italian on a terminal of 60), the
    descriptions go under the table, each under its ruleset's name."""
    heads = (_("ruleset"), _("players"), _("deal"), _("target"))
    out = new_table(*heads, _("description"), rich=rich)
    short = new_table(*heads, rich=rich)
    below: list[RenderableType] = []
    for rs in rulesets:
        deal = (
            f"{rs.hand_size} x {rs.deals_per_hand}" if rs.deals_per_hand > 1 else str(rs.hand_size)
        )
        row = (one_line(rs.name), str(rs.players), deal, str(rs.target))
        description = one_line(rs.text("description"))
        out.add_row(*row, description)
        short.add_row(*row)
        below += [Text(""), Text(row[0], style="bold" if rich else ""), Indented(description, 2)]
    # a description narrower than this ran to 11 lines a cell at 80 columns (width audit,
    # stop 54): there the descriptions go under the table too
    out.columns[-1].min_width = DESCRIPTION_WIDTH_MIN
    return Narrowing(out, Group(short, *below))


DESCRIPTION_WIDTH_MIN = 44
"""The least width of ``tutor rules``'s description column (a ruleset's description is a
sentence or two)."""


def ruleset_text(lines: Sequence[str], rich: bool = False) -> Text:
    """A ruleset in words (:func:`tutor.game.rules.describe_ruleset`), the first line as a title."""
    text = Text()
    for i, line in enumerate(lines):
        text.append(one_line(line), style="bold" if rich and i == 0 else "")
        if i < len(lines) - 1:
            text.append("\n" if i else "\n\n")
    return text


# -- scores -----------------------------------------------------------------------------------


def pile_text(side: str, cards: int, denari: int, scope: int, settebello: bool) -> str:
    """What a side has captured so far, in words: ``Ada 12 cards, 4 denari, 1 scopa``.

    >>> pile_text("Ada", 12, 4, 1, settebello=False)
    'Ada 12 cards, 4 denari, 1 scopa'
    >>> pile_text("North-South", 1, 1, 0, settebello=True)
    'North-South 1 card, 1 denaro, 0 scope, the settebello'
    """
    parts = {
        "side": side,
        "cards": ngettext("{n} card", "{n} cards", cards).format(n=cards),
        "denari": ngettext("{n} denaro", "{n} denari", denari).format(n=denari),
        "scope": ngettext("{n} scopa", "{n} scope", scope).format(n=scope),
    }
    if settebello:
        return _("{side} {cards}, {denari}, {scope}, the settebello").format(**parts)
    return _("{side} {cards}, {denari}, {scope}").format(**parts)


def position_lines(
    analysis: CountView, sides: Sequence[str], style: Style, rich: bool = False
) -> list[RenderableType]:
    """The cards on the table, the viewer's own and what each side has captured so far: what
    the board's counts by value leave out (``tutor live``, above its board: live audit, stop
    48: "is the settebello on the table?" had no answer there)."""
    state, viewer = analysis.inference.state, analysis.inference.viewer
    table = Text(_("Table:") + " ")
    table.append_text(cards_text(state.table, style, rich, empty=_("empty")))
    mine = Text(_("Your cards:") + " ")
    mine.append_text(cards_text(state.hands[viewer], style, rich, empty=_("none")))
    piles = [
        pile_text(
            one_line(sides[side]) if side < len(sides) else str(side + 1),
            won.bit_count(),
            (won & DENARI_MASK).bit_count(),
            state.scope[side],
            settebello=bool(won & SETTEBELLO.bit),
        )
        for side, won in enumerate(state.captured)
    ]
    return [table, mine, Text(_("Captured: {tallies}.").format(tallies="; ".join(piles)))]


def _side_name(players: Sequence[str]) -> str:
    return one_line(all_of(players))


ScoreCell = tuple[str, tuple[Card | None, ...], str]
"""One side's entry in a category of the score: words, cards (None: a suit with none), words."""


def score_cells(score: HandScore, rules: Ruleset) -> list[tuple[str, list[ScoreCell]]]:
    """Per category of the end-of-hand score the ruleset counts, each side's entry: the one
    home of what the score shows, drawn by :func:`score_table` and by the review page (whose
    own copy had lost the missing suit and the re bello)."""
    sides = score.sides

    def counts(values: list[int], blank: bool = False) -> list[ScoreCell]:
        return [("-" if blank and not v else str(v), (), "") for v in values]

    def holder(has: list[bool], card: Card) -> list[ScoreCell]:
        return [("", (card,), "") if h else ("-", (), "") for h in has]

    missing = rules.primiera_missing_suit == "loses"
    out = [
        ("cards", counts([s.cards for s in sides])),
        ("denari", counts([s.denari for s in sides])),
        ("settebello", holder([s.settebello for s in sides], SETTEBELLO)),
        (
            "primiera",
            [
                (
                    f"{s.primiera} = ",
                    tuple(s.primiera_cards),
                    " " + _("(a suit missing)") if missing and not s.complete_suits else "",
                )
                for s in sides
            ],  # fmt: skip
        ),
        ("scope", counts([s.scope for s in sides])),
    ]
    if rules.re_bello:
        out.append(("re_bello", holder([s.re_bello for s in sides], RE_BELLO)))
    if rules.napola:  # the run itself, as the re bello shows its card (record audit, stop 53)
        out.append(
            (
                "napola",
                [
                    (f"{s.napola} = ", napola_cards(s.napola), "") if s.napola else ("-", (), "")
                    for s in sides
                ],
            )
        )
    return out


def score_table(
    score: HandScore,
    rules: Ruleset,
    style: Style,
    rich: bool = False,
    names: Sequence[str] | None = None,
) -> Table:
    """The end-of-hand score: per category each side's count and points, then totals.

    The primiera row shows the card counted in each suit (denari, coppe, spade, bastoni
    order; ``-`` where a side has none) and the sum.
    """
    # a side's name whole up to two table cells' width: a 500-letter name drew the table 200
    # columns wide (hostile-text audit, stop 55)
    heads = (
        list(cell_names(names, 2 * NAME_CELL_WIDTH).values())
        if names
        else [_side_name(s.players) for s in score.sides]
    )
    headers = [_("category")]
    for name in heads:
        headers += [name, _("pts")]
    out = new_table(*headers, rich=rich)
    for i, _n in enumerate(heads):
        out.columns[2 + 2 * i].justify = "right"

    def drawn(cell: ScoreCell) -> Text:
        before, cards, after = cell
        shown = Text(" ").join(
            card_text(c, style, rich) if c is not None else Text("-") for c in cards
        )
        return Text.assemble(before, shown, after)

    for category, entries in score_cells(score, rules):
        row: list[Text | str] = [category_name(category)]
        for side, entry in zip(score.sides, entries, strict=True):
            pts = side.points.get(category, 0)
            row += [drawn(entry), str(pts) if pts else ""]
        out.add_row(*row)
    out.show_footer = True
    out.columns[0].footer = _("total")
    for i, side in enumerate(score.sides):
        out.columns[2 + 2 * i].footer = Text(str(side.total), style="bold" if rich else "")
    return out


def match_table(match: MatchScore, names: Sequence[str], rich: bool = False) -> RenderableType:
    """Points of every hand with running totals, then the winner (or who leads)."""
    names = [one_line(n) for n in names]
    headers = [_("hand")]
    for name in names:
        headers += [name, _("total")]
    out = new_table(*headers, rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
    for n, (points, running) in enumerate(
        zip(match.hands, match.running_totals(), strict=True), start=1
    ):
        cells = [str(n)]
        for p, t in zip(points, running, strict=True):
            cells += [str(p), str(t)]
        out.add_row(*cells)
    heading = Text(
        _("The match, to {n}").format(n=match.rules.target), style="bold" if rich else ""
    )
    verdict = match_verdict(match, names)
    return Group(heading, out, Text(verdict, style="bold" if rich else ""))


def match_verdict(match: MatchScore, names: Sequence[str]) -> str:
    """Who won the match, or who leads, with the totals and the target: ``Winner: Carla
    (Bruno 8, Carla 11; target 11).`` (``names`` as shown, one per side)."""
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, match.totals, strict=True))
    totals += "; " + _("target {n}").format(n=match.rules.target)
    if match.winner is not None:
        winner = names[match.winner]
        verdict = (
            _("You win the match ({totals}).")
            if is_you(winner)
            else _("Winner: {name} ({totals}).")
        ).format(name=winner, totals=totals)
    else:
        leaders = match.leaders
        if len(leaders) == 1:
            leader = names[leaders[0]]
            if is_you(leader):
                lead = _("No winner yet: you lead ({totals}).")
            elif match.rules.partners:  # a side of partners: they lead
                lead = _("No winner yet: {name} lead ({totals}).")
            else:
                lead = _("No winner yet: {name} leads ({totals}).")
            verdict = lead.format(name=leader, totals=totals)
        else:
            verdict = _("No winner yet: level ({totals}).").format(totals=totals)
    return verdict


def _names_hand(title: str, number: int) -> bool:
    """Whether a title starts by naming its hand ("Hand 2 of a match", or "Mano 2 ..." in a
    run in Italian), so that the heading does not name it twice ("Mano 1: Mano 1 di una
    partita": Italian audit, stop 48).

    >>> _names_hand("Hand 1 of a match to 11", 1), _names_hand("Hand 10", 1)
    (True, False)
    """
    first = _("Hand {n}: {title}").format(n=number, title="").split(":")[0]
    words = {f"hand {number}", first.strip().lower()}
    return any(re.match(rf"{re.escape(w)}\b", title.strip().lower()) for w in words)


def figures_table(results: dict[str, dict[str, Any]], rich: bool = False) -> Table:
    """Benchmark results: one row per figure (per-run lists left out)."""
    out = new_table(_("benchmark"), _("figure"), _("value"), rich=rich)
    out.columns[2].justify = "right"
    for name, figures in results.items():
        first = True
        for key, value in figures.items():
            if isinstance(value, list):
                continue
            out.add_row(name if first else "", key, _figure(value))
            first = False
    return out


def _number_or_dash(x: float | None, spec: str) -> str:
    """``x`` as the language writes it; ``-`` for a figure nothing measured (JSON null)."""
    return "-" if x is None else number(x, spec)


def _percent_or_dash(x: float | None) -> str:
    """An accuracy (0-100) as a percentage, as the review writes it (``81.8%``); ``-`` for
    none (JSON null).

    >>> _percent_or_dash(81.8), _percent_or_dash(None)
    ('81.8%', '-')
    """
    return "-" if x is None else number(x / 100, ".1%")


def _figure(value: Any) -> str:
    """A benchmark's figure as the language writes numbers (``0,152`` in Italian); its key
    stays the JSON's.

    >>> _figure(0.152), _figure(3), _figure(True), _figure("exact"), _figure(None)
    ('0.152', '3', 'True', 'exact', '-')
    """
    if value is None:  # nothing measured (JSON null)
        return "-"
    if isinstance(value, float):
        return number(value, "")
    return str(value)


# -- replay ---------------------------------------------------------------------------------


def hand_title(
    record: HandRecord, number: int | None = None, rich: bool = False, viewer: str | None = None
) -> Text:
    """The heading of a replayed hand: title, ruleset, seating, sides and the opening deal
    (``viewer``: only that player's hand, the others hidden, for ``replay --as``: a learner
    counting from a seat saw every hand first; track audit, stop 57).

    >>> from tutor.records.recordfile import loads
    >>> [r] = loads("ruleset: scopa\\nplayers: [A, B]\\ntable: 2C 4C 5S 9D\\ntitle: Practice")
    >>> print(hand_title(r, 2))
    Hand 2: Practice
    Ruleset scopa, italian deck.
    Playing order: A, B; B deals and plays last.
    Table: 2C 4C 5S CD
    """
    style = record.style
    bold = "bold" if rich else ""
    deck = {"ruleset": one_line(record.ruleset.name), "deck": style.shown_name()}
    title = record.info_text("title")
    if title is None:
        if number is not None:
            head = _("Hand {n} of {ruleset}, {deck} deck").format(n=number, **deck)
        else:
            head = _("A hand of {ruleset}, {deck} deck").format(**deck)
        text = Text()
        text.append(head, style=bold)
    else:
        if number is not None and not _names_hand(title, number):
            title = _("Hand {n}: {title}").format(n=number, title=title)
        text = Text()
        text.append(one_line(title), style=bold)
        text.append("\n" + _("Ruleset {ruleset}, {deck} deck.").format(**deck))
    for key, label in (("event", _("Event")), ("date", _("Date")), ("note", _("Note"))):
        if key in record.info:
            text.append(f"\n{label}: {one_line(record.info_text(key) or '')}")
    players = [one_line(p) for p in record.players]
    text.append(
        "\n"
        + (
            _("Playing order: {players}; you deal and play last.")
            if is_you(players[-1])
            else _("Playing order: {players}; {dealer} deals and plays last.")
        ).format(players=", ".join(players), dealer=players[-1])
    )
    if record.ruleset.partners:
        sides = _(" v ").join(one_line(t) for t in record.shown_team_names())
        text.append("\n" + _("Sides: {sides}.").format(sides=sides))
    text.append("\n" + _("Table:") + " ")
    text.append_text(cards_text(record.table, style, rich))
    shown = False
    hidden = False
    if record.deals:
        for name in record.players:
            known = record.deals[0].get(name)
            if known and viewer is not None and name != viewer:
                hidden = True
            elif known:
                text.append(f"\n{one_line(name)}: ")
                text.append_text(cards_text(sorted(known), style, rich))
                shown = True
    if hidden and viewer is not None:
        text.append(
            "\n"
            + (
                _("The other hands are hidden: this is your view.")
                if is_you(viewer)
                else _("The other hands are hidden: this is {player}'s view.").format(
                    player=one_line(viewer)
                )
            )
        )
    if shown and record.ruleset.deals_per_hand > 1:
        text.append(
            "\n"
            + _("({n} deals; the hands above are the first.)").format(
                n=record.ruleset.deals_per_hand
            )
        )
    return text


def _play_cells(hand: HandReplay, style: Style, rich: bool) -> tuple[list[str], list[list[Text]]]:
    """Header and cells of every play of a hand (the widths come from all of them)."""
    teams = cell_names(hand.record.shown_team_names())
    players = cell_names(hand.record.players)
    headers = ["#", _("player"), _("plays"), _("takes"), "", _("table after"), *teams.values()]
    has_notes = any(step.shown_note for step in hand.steps)
    if has_notes:
        headers.append(_("note"))
    rows: list[list[Text]] = []
    for step in hand.steps:
        mark = Text("")
        if step.scopa:
            mark = Text(_("SCOPA!"), style="bold yellow") if rich else Text(_("SCOPA"))
        row = [
            Text(str(step.number)),
            Text(players.get(step.player, one_line(step.player))),
            card_text(step.card, style, rich),
            cards_text(step.captured, style, rich, empty=""),
            mark,
            cards_text(step.table, style, rich),
            *(Text(f"{t.cards}/{t.denari}/{t.scope}") for t in step.tally),
        ]
        if has_notes:
            row.append(Text(visible(step.shown_note or ""), style="italic" if rich else ""))
        rows.append(row)
    return headers, rows


_FIRST_TALLY = 6
"""The column of the first side's tally in :func:`_play_cells` (after #, player, plays,
takes, the scopa mark and the table after the play)."""

NOTE_WIDTH = 44
"""Widest a note column gets before its text wraps, where the console's width is not known
(beyond it, as wide as the console leaves, up to :data:`NOTE_WIDTH_MAX`)."""
NOTE_WIDTH_MAX = 72
"""Widest a note column gets on a wide console: a longer line of prose reads less easily."""
NOTE_MIN_WIDTH = 28
"""Narrowest a note column may get; on a narrower console the notes go under the plays."""
COLUMN_GAP = 3
"""Spaces between two columns of a table (rich's padding either side of the separator)."""


def plays_table(
    hand: HandReplay,
    style: Style,
    rich: bool = False,
    start: int = 0,
    stop: int | None = None,
    width: int | None = None,
) -> RenderableType:
    """The plays ``start:stop`` of a hand: who, which card, what it took, scopa, table after,
    and each side's running cards/denari/scope.

    A whole hand is laid out to fit the console. A slice (``--step`` shows one play at a
    time) gets fixed column widths taken from the whole hand, so that the slices line up;
    the header shows with the first play only. The notes make the last column; when the
    console (``width``) leaves no room for it, each note is printed under the plays instead.
    """
    headers, rows = _play_cells(hand, style, rich)
    noted = len(headers) > _FIRST_TALLY + len(hand.record.team_names())
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell.cell_len)
    below: list[tuple[int, Text]] = []
    if noted:
        rest = sum(widths[:-1]) + COLUMN_GAP * (len(widths) - 1)
        # as wide as the console leaves, from NOTE_WIDTH to a line that still reads easily: at
        # 200 columns the notes wrapped at 44 beside 72 empty ones (width audit, stop 54)
        widest = NOTE_WIDTH if width is None else min(NOTE_WIDTH_MAX, max(NOTE_WIDTH, width - rest))
        widths[-1] = min(widths[-1], widest)
        if width is not None and width - rest < NOTE_MIN_WIDTH:
            below = [(n, row[-1]) for n, row in enumerate(rows) if row[-1].plain]
            for row in rows:
                row.pop()
            headers.pop()
            widths.pop()
            noted = False
    out = new_table(*headers, rich=rich)
    out.show_header = start == 0
    first_tally = _FIRST_TALLY
    whole = start == 0 and stop is None
    # the slice that ends the hand carries the caption, and one that opens a deal its gap, so
    # that --step shows what the whole table does (render audit, stop 57: both were dropped)
    last = stop is None or stop >= len(rows)
    opens_deal = (
        0 < start < len(hand.steps) and hand.steps[start].deal != hand.steps[start - 1].deal
    )
    for i, col in enumerate(out.columns):
        if noted and i == len(headers) - 1:
            col.max_width = widths[i]
        elif not whole:
            col.min_width = col.max_width = widths[i]
            col.no_wrap = True
        if i == 0 or first_tally <= i < first_tally + len(hand.record.team_names()):
            col.justify = "right"
    if last:
        rules = hand.record.ruleset
        out.caption = (
            _("Tally per side: cards/denari/scope captured so far.")
            if rules.partners
            else _("Tally per player: cards/denari/scope captured so far.")
        )
        out.caption_justify = "left"
        out.caption_style = "dim" if rich else ""
    previous_deal = hand.steps[start].deal if start < len(hand.steps) else 0
    for step, row in zip(hand.steps[start:stop], rows[start:stop], strict=True):
        if step.deal != previous_deal:
            out.add_section()
            previous_deal = step.deal
        out.add_row(*row)
    end = len(rows) if stop is None else stop
    notes = [(n, note) for n, note in below if start <= n < end]
    gap = [Text("")] if opens_deal else []
    if not notes:
        return Group(*gap, out) if gap else out
    if not whole:
        indent = widths[0] + COLUMN_GAP
        return Group(*gap, out, *(Indented(note, indent) for _, note in notes))
    heading = Text(_("Notes"), style="bold" if rich else "")
    return Group(out, Text(""), heading, _notes_list(hand, notes, rich))


def _notes_list(hand: HandReplay, notes: Sequence[tuple[int, Text]], rich: bool) -> Group:
    """Notes of some plays (by index): the play's number and player, then the note, its lines
    hanging under its first (a grid let a note holding a long word, such as a long name,
    squeeze the number and the name away: hostile-text audit, stop 55)."""
    names = cell_names(hand.record.players)
    numbers = max(len(f"{hand.steps[n].number}.") for n, _note in notes)
    shown = {n: names.get(hand.steps[n].player, one_line(hand.steps[n].player)) for n, _ in notes}
    width = max(cell_len(name) for name in shown.values())
    items = []
    for n, note in notes:
        mark = Text(f"{hand.steps[n].number}.".rjust(numbers) + " ")
        # a colon after the name: in plain text the bold was all that told it from the note
        # ("2. Ada Ada can take nothing": colour audit, stop 59)
        mark.append(shown[n] + ":", style="bold" if rich else "")
        mark.append(" " * (width - cell_len(shown[n]) + 1))
        items.append(Item(note, indent=0, mark=mark))
    return Group(*items)


def leftover_sentence(player: str) -> str:
    """The sentence for the cards left on the table at a hand's end, taken by ``player`` (who
    captured last), with its ``{player}`` and ``{cards}`` to fill: the terminal's and the
    page's alike."""
    if is_you(player):
        return _("Leftovers: you captured last and take {cards}.")
    return _("Leftovers: {player} captured last and takes {cards}.")


def hand_end(hand: HandReplay, record: HandRecord, rich: bool = False) -> list[RenderableType]:
    """What follows the plays: the leftover cards, then the score (or why there is none)."""
    style = record.style
    out: list[RenderableType] = []
    if hand.leftover is not None and hand.leftover.cards:
        out.append(
            assemble_text(
                leftover_sentence(hand.leftover.player),
                player=one_line(hand.leftover.player),
                cards=cards_text(sorted(hand.leftover.cards), style, rich),
            )
        )
    if hand.score is None:
        out.append(
            Text(
                _("The record stops after {n} of the {total} plays: no score yet.").format(
                    n=len(hand.steps), total=record.ruleset.plays_per_hand
                )
            )
        )
        return out
    if out:
        out.append(Text(""))
    out.append(Text(_("Score of the hand"), style="bold" if rich else ""))
    out.append(score_table(hand.score, record.ruleset, style, rich, record.shown_team_names()))
    return out


def tracker_board(analysis: CountView, style: Style, rich: bool = False) -> RenderableType:
    """What a player can know at a point of a replay (``tutor replay --as``): the compact
    form of :func:`tracker_view`."""
    return Group(*tracker_view(analysis, style, rich, compact=True))


# -- the rule-of-48 tracker (helper "tracker") ---------------------------------------------------
# The board of ``tutor track``, ``tutor live`` and ``tutor replay --as``: pure functions of an
# :class:`tutor.counting.inference.CountView`.


def _odd_style(rich: bool) -> str:
    return "bold yellow" if rich else ""


def value_board(board: Board, style: Style, rich: bool = False) -> Table:
    """The 10-column board: per value, captured, parity, on the table, yours, unseen."""
    out = new_table(_("value"), *(style.rank_text(v) for v in range(1, 11)), rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
        col.min_width = 4
    out.add_row(_("captured"), *(str(c.captured) for c in board.counts))
    out.add_row(
        _("parity"),
        *(
            Text(_("even"), style="green" if rich else "")
            if c.matched
            # the narrow column's word, as the HTML board's ("DISP." where "DISPARI" made the
            # Italian board 88 wide: play audit, stop 47)
            else Text(pgettext("the parity in a narrow column", "ODD"), style=_odd_style(rich))
            for c in board.counts
        ),
    )
    out.add_row(_("on table"), *(str(c.table) or "" for c in board.counts))
    out.add_row(_("yours"), *(str(c.mine) for c in board.counts))
    out.add_row(
        _("unseen"),
        *(Text(str(c.unseen), style="bold" if rich and c.unseen else "") for c in board.counts),
    )
    return out


def _holding_cell(cell: ValueCell, signs: bool = True) -> Text:
    """must / no (facts alone) or a percentage for one player and value (without its % sign
    unless ``signs``); * marks a percentage the readings of behaviour move."""
    if cell.status == "none":
        return Text("-")
    if cell.status == "must":
        return Text(_("must"), style="bold green")
    if cell.status == "cannot":
        return Text(_("no"))
    shown = percent(cell.probability or 0.0)
    return Text((shown if signs else shown.removesuffix("%")) + ("*" if cell.reading else ""))


def holdings_table(
    analysis: CountView, style: Style, rich: bool = False, signs: bool = True
) -> Table:
    """Other players x values: must, no (cannot) or P(holds at least one); * = a reading.
    Without ``signs`` the percentages lose their % (a terminal of 60 columns: the table is
    63 wide with them once readings star its cells)."""
    inf = analysis.inference
    out = new_table("", *(style.rank_text(v) for v in range(1, 11)), _("cards"), rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
    for seat in inf.players_in_doubt:
        cells = [_holding_cell(inf.value_cell(seat, v), signs) for v in range(1, 11)]
        out.add_row(one_line(inf.names[seat]), *cells, str(inf.capacity.get(seat, 0)))
    if inf.stock is not None:
        counts = [inf.to_deal(v) for v in range(1, 11)]
        cells = [Text(_number_or_dash(n, ".1f")) for n in counts]
        # short: a long label broke over 3 lines at 80 columns (width audit, stop 54)
        out.add_row(_("to deal (mean)"), *cells, str(inf.stock))
    return out


def _sweep_line(analysis: CountView, style: Style) -> Text:
    board = analysis.board
    sw = board.sweep
    if sw.value is None:
        if not sw.sum:
            return Text(_("Sweep risk: the table is empty."))
        return Text(
            _(
                "Sweep risk: the table adds up to {total}, more than 10: no single card sweeps it."
            ).format(total=sw.sum)
        )
    who = one_line(board.names[sw.next_seat])
    p = analysis.sweep_probability
    facts = sw.probability
    if sw.scopa:
        risk = _("Sweep risk: the table adds up to {total}; one {value} sweeps it; {n} unseen.")
    else:
        risk = _(
            "Sweep risk: the table adds up to {total}; one {value} sweeps it (no scopa on the "
            "last play); {n} unseen."
        )
    text = risk.format(total=sw.sum, value=style.value_name(sw.value), n=sw.unseen)
    state = analysis.inference.state
    if p is not None and not state.unknown[sw.next_seat] and not state.is_over():
        # a hand the viewer sees: what it holds is a fact, not odds
        held = state.hands[sw.next_seat] & VALUE_MASKS[sw.value]
        shown = format_cards(held, style)
        if sw.next_seat == analysis.inference.viewer:
            known = (
                _("You are next to play, and hold {cards}.")
                if held
                else _("You are next to play, and hold none.")
            )
        else:
            known = (
                _("{name}, next to play, holds {cards}.")
                if held
                else _("{name}, next to play, holds none.")
            )
        return Text(text + " " + known.format(name=who, cards=shown))
    if p is not None:
        if facts is not None and percent(facts) != percent(p):
            odds = _("P({name}, next to play, holds one) = {p} ({facts} on the cards seen alone).")
        else:
            odds = _("P({name}, next to play, holds one) = {p}.")
        text += " " + odds.format(name=who, p=percent(p), facts=percent(facts or 0.0))
        viewer, sides = analysis.inference.viewer, state.rules.sides
        if sw.next_seat != viewer and sw.next_seat % sides == viewer % sides:
            text += " " + _("{name} is a partner: a chance for the side, not a risk.").format(
                name=who
            )
    return Text(text)


STYLE_NAMES = {"grabber": N_("grabber"), "careful": N_("careful"), "careless": N_("careless")}
"""The styles of play in words (``docs/tracker.md``, tutor/counting/style.py)."""


def _style_line(analysis: CountView) -> Text | None:
    """What kind of player each one has shown: their plays against what the cards they showed
    later would have gained at once."""
    inf = analysis.inference
    shown = [r for _seat, r in sorted(inf.reliability.items()) if r.style]
    parts = []
    for r in shown:
        name, p = max(r.style.items(), key=lambda kv: kv[1])
        compared, departed = r.compared
        if compared:
            departures = ngettext(
                "{n} departure from the gain", "{n} departures from the gain", departed
            ).format(n=departed)
            comparisons = ngettext("{n} comparison", "{n} comparisons", compared).format(n=compared)
            # TRANSLATORS: "West careful 94% (1 departure from the gain in 4 comparisons)"
            said = _("{departures} in {comparisons}").format(
                departures=departures, comparisons=comparisons
            )
        else:  # found by a user: "(0 departures from the gain in 0 comparisons)"
            # and where the figure comes from (new-user audit, stop 52: "careless 60%" beside
            # "no play compared yet" read as a contradiction)
            said = _(
                "from the table and what their plays showed at once; none yet compared with the "
                "cards shown later"
            )
        part = _("{player} {style} {percent} ({said})").format(
            player=one_line(inf.names[r.seat]),
            style=_(STYLE_NAMES[name]),
            percent=percent(p),
            said=said,
        )
        if r.style_prior is not None:
            before, q = max(r.style_prior.items(), key=lambda kv: kv[1])
            part += " " + _("[{style} {percent} before the hand]").format(
                style=_(STYLE_NAMES[before]), percent=percent(q)
            )
        parts.append(part)
    if not parts:
        return None
    return Text(_("Style of play: {players}.").format(players="; ".join(parts)))


STRONG_GAIN = 0.6
"""The board lists a value's passed-up gains when a deal giving the player one keeps at most
this share of its weight (strong evidence); the weaker are counted, and the JSON has them."""
GAIN_SAYS_NOTHING = 0.995
"""A weight this near 1 is a gain of a kind that says nothing of how the player plays (a
careful player's cheaper lay): neither listed nor counted."""
GAIN_WORDS = {
    "denari": N_("more denari"),
    "cards": N_("more cards"),
    "capture": N_("a capture where a card was laid"),
    "cheaper_lay": N_("a card cheaper to lay"),
}
"""Each kind of passed-up gain in words (:data:`tutor.counting.style.GAIN_KINDS`)."""


def _passed_gain_items(analysis: CountView, style: Style) -> list[str]:
    """Each value a player passed up gains of that weighs on the odds, in words: the board's
    figures leaned on them and never said so (track audit, stop 57: "B1 18%*" beside a tell
    that B1 may hold a 7, the gain passed up that pulled it down shown in the JSON alone)."""
    from tutor.counting.tracker import a_value  # lazy: with the board only

    inf = analysis.inference
    items = []
    weaker = 0
    for g in inf.passed_gains():
        if g.weight > GAIN_SAYS_NOTHING:
            continue
        if g.weight > STRONG_GAIN:
            weaker += 1
            continue
        kinds = ", ".join(
            f"{word} ×{n}" if n > 1 else word
            for word, n in ((_(GAIN_WORDS[kind]), n) for kind, n in g.kinds().items())
        )
        items.append(
            ngettext(
                "{player} passed up {n} gain {value} would have made ({kinds}): a deal "
                "giving {player} one counts {weight} as much",
                "{player} passed up {n} gains {value} would have made ({kinds}): a deal "
                "giving {player} one counts {weight} as much",
                sum(g.counts),
            ).format(
                player=one_line(inf.names[g.seat]),
                value=a_value(g.value, style),
                kinds=kinds,
                n=sum(g.counts),
                weight=number(g.weight, ".2f"),
            )
        )
    if items and weaker:
        items.append(
            ngettext(
                "and {n} weaker one (tutor track --json lists every one)",
                "and {n} weaker ones (tutor track --json lists every one)",
                weaker,
            ).format(n=weaker)
        )
    return items


def _trust_line(analysis: CountView) -> Text:
    """How far each player's readings are believed: the prior and what the hand has shown."""
    from tutor.counting.trust import held_trust  # lazy: only a board with readings needs it

    inf = analysis.inference
    parts = []
    for seat, r in sorted(inf.reliability.items()):
        shown = []
        took, passed = r.careful - r.settebello[0], r.careless - r.settebello[1]
        if took:
            shown.append(ngettext("took {n} sweep", "took {n} sweeps", took).format(n=took))
        if r.settebello[0]:
            shown.append(_("took the settebello"))
        if passed:
            shown.append(
                ngettext(
                    "passed up {n} sweep while holding the card",
                    "passed up {n} sweeps while holding the cards",
                    passed,
                ).format(n=passed)
            )
        if r.settebello[1]:
            shown.append(_("passed up the settebello while holding a card that took it"))
        # the chance the model gives the player of taking a sweep they hold: their care and,
        # as far as their plays look careless or grabbing, what such players do
        name, trust = one_line(inf.names[seat]), percent(r.takes_sweep)
        if not shown and percent(r.takes_sweep) != percent(held_trust(inf.trust)):
            # no sweep taken or passed: the figure moved by the style their plays suggest
            # (track audit, stop 57: "then what the hand shows" read as evidence never seen)
            shown.append(_("from the style of play their moves suggest"))
        if shown:
            parts.append(
                _("{player} {percent} ({shown})").format(
                    player=name, percent=trust, shown=", ".join(shown)
                )
            )
        else:
            parts.append(_("{player} {percent}").format(player=name, percent=trust))
    return Text(
        _(
            "Trust: a player holding a card that sweeps takes the sweep (prior {prior}, then what "
            "the hand shows): {players}."
        ).format(prior=percent(held_trust(inf.trust)), players="; ".join(parts))
    )


def tracker_view(
    analysis: CountView, style: Style, rich: bool = False, compact: bool = False
) -> list[RenderableType]:
    """The tracker's board and the inferences, as renderables (``compact``: the short form
    beside a board, for replay and tutor play)."""
    from tutor.counting.tracker import values_text  # lazy: rules and replay start faster

    board, inf = analysis.board, analysis.inference
    out: list[RenderableType] = [value_board(board, style, rich)]
    um = values_text(board.unmatched, style)
    n_unseen = board.unseen.bit_count()
    # two facts, two lines (English audit, stop 52: the unseen cards ran on after the values)
    out.append(Text(_("Unmatched (captured an odd number of times): {values}.").format(values=um)))
    if board.stock:
        unseen = _("Unseen ({n}: {others} in other hands, {stock} still to deal): ").format(
            n=n_unseen, others=board.in_other_hands, stock=board.stock
        )
    else:
        unseen = _("Unseen ({n}): ").format(n=n_unseen)
    head = Text(unseen)
    head.append_text(cards_text(board.unseen, style, rich))
    out.append(head)
    out.append(_sweep_line(analysis, style))
    if board.last_capture is not None and not compact:
        number, seat = board.last_capture
        out.append(
            Text(
                # who takes the cards left at the end, if nobody captures again
                _("Last capture: {player}, at play {n}.").format(
                    player=one_line(board.names[seat]), n=number
                )
            )
        )

    def listed(head: str, items: Iterable[str]) -> Group:
        return Group(Text(head), *(Item(glyph_cards(one_line(i), style, rich)) for i in items))

    if compact and board.last_round and board.notes:
        # the last round's count, which settles who holds what, shown beside the board too
        # (track audit, stop 57: replay --as showed it only once a deduction at the last plays)
        out.append(Text("\n".join(one_line(n) for n in board.notes)))
    if not compact:
        if board.sparigli:
            out.append(
                listed(
                    _("Sparigli (captures by sum):"),
                    (sp.text(style, board.names) for sp in board.sparigli),
                )
            )
        else:
            if any(c.captured for c in board.counts):
                out.append(Text(_("Sparigli: none yet: every capture so far was by a twin.")))
            else:
                out.append(Text(_("Sparigli: none yet: nothing has been captured.")))
        out.append(Text("\n".join(one_line(n) for n in board.notes)))
        if inf.holdings and inf.unseen:
            table = holdings_table(analysis, style, rich)
            table.title = _("Who can hold what (* the plays read as behaviour move the figure)")
            narrow = holdings_table(analysis, style, rich, signs=False)
            narrow.title = _(
                "Who can hold what, in % (* the plays read as behaviour move the figure)"
            )
            out.append(Narrowing(table, narrow, ONE_SPACE))  # a grid of figures: one will do
    readings = inf.readings_in_force
    dropped = inf.readings_given_up
    if readings:
        out.append(
            listed(
                _("Readings (behaviour: evidence, not certain; the chance each is true now):"),
                (e.text(inf.names, style) for e in readings),
            )
        )
    if inf.tells and not compact:
        out.append(
            listed(
                _("Tells (plays a careful player makes mostly with such a card; weaker):"),
                (t.text(inf.names, style) for t in inf.tells),
            )
        )
    gains = [] if compact else _passed_gain_items(analysis, style)
    if gains:
        out.append(
            listed(
                _(
                    "Passed-up gains (a card of the value would have gained more than the play "
                    "made: evidence that the player holds none, not a count):"
                ),
                gains,
            )
        )
    if (readings or dropped or inf.tells) and inf.reliability and not compact:
        out.append(_trust_line(analysis))
        style_line = _style_line(analysis)
        if style_line is not None:
            out.append(style_line)
    if dropped and not compact:
        out.append(
            listed(
                _("Readings given up:"),
                (
                    f"{e.text(inf.names, style)}: {e.dropped_text(inf.names, style)}"
                    for e in dropped
                ),
            )
        )
    if inf.deductions or inf.value_deductions:
        certain, inferred = _("certain"), _("inferred")
        items = [f"[{certain if d.basis == 'fact' else inferred}] {d.text}" for d in inf.deductions]
        items += [f"[{certain}] {vd.text(inf.names, style)}" for vd in inf.value_deductions]
        out.append(listed(_("Deductions:"), items))
    if not compact and inf.unseen:
        out.append(
            Text(
                _("Probabilities: {method}.").format(method=inf.method), style="dim" if rich else ""
            )
        )
    return out


def match_hand_lines(record: HandRecord, rich: bool = False) -> list[RenderableType]:
    """ "Hand 2 of the match.", for a hand of a file that holds several (nothing otherwise):
    what a position is shown from must say which hand it belongs to."""
    if record.hand is None:
        return []
    return [Text(_("Hand {n} of the match.").format(n=record.hand), style="bold" if rich else "")]


def hand_view_lines(hv: HandView, rich: bool = False) -> list[RenderableType]:
    """What a player can know at a point of a recorded hand (``tutor track``): a heading, the
    last play, then :func:`tracker_view`."""
    record = hv.record
    heading = (
        _("Your view after play {n} of {total} ({ruleset}).")
        if is_you(hv.player)
        else _("{player}'s view after play {n} of {total} ({ruleset}).")
    )
    head = Text(
        heading.format(
            player=one_line(hv.player),
            n=hv.at,
            total=len(record.plays),
            ruleset=ruleset_label(record.ruleset.name),
        ),
        style="bold" if rich else "",
    )
    parts: list[RenderableType] = [*match_hand_lines(record, rich), head]
    if hv.last_play is not None:
        parts.append(
            Text(
                _("Last play: {player}: {play}").format(
                    player=one_line(hv.last_player or ""), play=hv.last_play
                )
            )
        )
    if hv.at == len(record.plays):
        # the hand over: the cards left go to the last capturer, and the count below has
        # them (track audit, stop 57: "unmatched now: 5, 6, 7" in the last play, "none" below)
        end = hv.view.inference.state  # the count's own position: no second replay
        last = end.stack[-1] if end.is_over() and end.stack else None
        if last is not None and last.leftover:
            taker = record.players[last.leftover_seat]
            parts.append(
                assemble_text(
                    leftover_sentence(taker),
                    player=one_line(taker),
                    cards=cards_text(last.leftover, record.style, rich),
                )
            )
    return parts + tracker_view(hv.view, record.style, rich)


# -- solve ----------------------------------------------------------------------------------------


def evaluation_view(ev: Evaluation, style: Style, rich: bool = False) -> list[RenderableType]:
    """The values of every move (``tutor solve``): the position, the unit, the table of moves
    with values and intervals (or bounds), and the best line or move."""
    from tutor.review.judge import points_whose  # lazy: rules and replay start faster

    result = ev.analysis
    exact = result.method == "exact"
    player, side = one_line(ev.player), one_line(ev.side)
    mover = player if side == player else f"{player} ({side})"
    if is_you(player):  # spoken to: "your turn", never "You to move" ("tocca a Tu")
        template = (
            _("After play {n}: your turn; table: {table}")
            if side == player
            else _("After play {n}: your turn ({side}); table: {table}")
        )
    else:
        template = _("After play {n}: {player} to move; table: {table}")
    head = assemble_text(
        template,
        n=str(ev.at),
        player=mover,
        side=side,
        table=cards_text(ev.table, style, rich),
    )
    # "Tu meno gli avversari" in scopa said whose with the wrong verb and one opponent too many
    # (Italian audit, stop 48): a side's points where players have partners, else one's own
    whose = points_whose(None if is_you(player) else player, ev.rules)
    if exact:
        if result.exact and ev.pinned:  # the record hides cards that counting finds
            how = _("exact, every card known by counting")
        elif result.exact:
            how = _("exact")
        elif result.interrupted:
            how = _("not exact: bounds proven before Ctrl-C")
        else:
            how = _("not exact: bounds proven before the time limit")
        unit = _("points of the hand, {whose}, best play ({how})").format(whose=whose, how=how)
    else:
        unit = ngettext(
            "mean points of the hand, {whose}, over {n} sampled deal (seed {seed}), with 95% "
            "intervals",
            "mean points of the hand, {whose}, over {n} sampled deals (seed {seed}), with 95% "
            "intervals",
            result.samples,
        ).format(whose=whose, n=result.samples, seed=result.seed)
    ways = {m.how.text() for m in result.moves}
    if not exact and len(ways) == 1:
        unit += " " + _("(how: {how})").format(how=ways.pop())
    if not exact and result.interrupted:  # on stdout too, not only in the note (audit, stop 53)
        unit += "; " + _("interrupted (Ctrl-C): the deals valued before it")
    headers = ["", _("move"), _("value"), _("interval")] + ([_("how")] if len(ways) > 1 else [])
    table = new_table(*headers, rich=rich)
    table.columns[2].justify = "right"
    for i, m in enumerate(result.moves, start=1):
        if exact and m.known:
            value, span = number(m.value, "+g"), ""
        elif exact:
            value, span = "?", f"{number(m.low, '+g')} .. {number(m.high, '+g')}"
        elif not m.known:
            value, span = "?", ""
        else:
            value = number(m.value, "+.2f")
            # a 95% interval, written as everywhere else (was "-2.12 .. -1.42")
            span = bounds(m.low, m.high, "+.2f") if m.n > 1 else ""
        obtained = [m.how.text()] if len(ways) > 1 else []
        play = move_text(m.move.card, m.move.capture, style, rich)
        table.add_row(str(i), play, value, span, *obtained)
    out: list[RenderableType] = [head, Text(_("Values: {unit}.").format(unit=unit)), table]
    # the bounds of a stopped exact search and an empty sample are said below in words of
    # their own
    for warning in ev.sampling_warnings():
        out.append(
            Text(
                _("Warning: {warning}.").format(warning=warning),
                style="bold yellow" if rich else "",
            )
        )
    if result.pv:
        lead = result.lead()
        if exact:
            label = _("Best line:")
        elif lead is not None and lead[1].low <= 0:
            # verdict audit, stop 57: "Best move: South AS" stood as a finding above the line
            # that said the samples could not tell it from 2D
            label = _("Best move, not settled:")
        else:
            label = _("Best move:")
        line = Text(label + " ")
        for j, (player, mv) in enumerate(ev.line()):
            if j:
                line.append(", ")
            line.append(f"{one_line(player)} ")
            line.append_text(move_text(mv.card, mv.capture, style, rich))
        out.append(line)
        if lead is not None:
            other, by = lead
            said = Text(_("Lead over") + " ")
            said.append_text(move_text(other.card, other.capture, style, rich))
            said.append(" " + _("on the same deals: {lead}").format(lead=by.text()))
            if by.low <= 0:
                said.append(", " + _("not settled: the samples cannot tell the two apart"))
            out.append(Text.assemble(said, "."))
    elif exact:
        out.append(Text(_("No move is proven best yet: the bounds overlap.")))
    elif not result.samples:
        out.append(Text(_("No sample was valued, so no move is shown best.")))
    if ev.reading is not None:
        out.append(reading_line(ev.reading.text(ev.names, style), rich, style))
    return out


def reading_line(text: str, rich: bool, style: Style) -> Text:
    """``reading: ...``: a reading check's note, its label in bold (its cards drawn as the
    deck ``style``'s glyphs with ``rich``)."""
    note = Text(_("reading:"), style="bold" if rich else "")
    note.append_text(glyph_cards(" " + visible(text), style, rich))
    return note


# -- simulate -------------------------------------------------------------------------------------


def _gapped(text: str, gap: str) -> str:
    """``4.95 [3.58, 6.41]`` with ``gap`` between the figure and its interval."""
    return text.replace(" ", gap, 1)


def _rate_text(rate: float | None, bounds95: tuple[float, float] | None, gap: str) -> str:
    """A win rate with its interval (:func:`_share_text`), ``gap`` between; ``-`` for none."""
    return "-" if rate is None else _gapped(_share_text(rate, bounds95), gap)


def _share_text(rate: float, bounds95: tuple[float, float] | None) -> str:
    """``45.0% [30%, 61%]``: a win rate with its 95% interval."""
    text = number(rate, ".1%")
    return text if bounds95 is None else f"{text} {bounds(*bounds95, '.0%')}"


def simulation_view(result: SimulationResult, rich: bool = False) -> list[RenderableType]:
    """Two players on duplicate deals (``tutor simulate``): points, scope and win rates of
    each, then the difference per hand and what it says."""
    a, b = result.players
    if result.matches:
        kind = ngettext("{n} duplicate match", "{n} duplicate matches", result.matches)
        kind = kind.format(n=result.matches)
    else:
        kind = ngettext("{n} deal", "{n} deals", result.deals).format(n=result.deals)
    # one or many: "giocata due volte" or "ognuna giocata due volte" (Italian audit, stop 52)
    head = Text(
        ngettext(
            "{ruleset}: {a} (A) against {b} (B), {what} played twice with sides exchanged "
            "({hands} hands), seed {seed}",
            "{ruleset}: {a} (A) against {b} (B), {what} played twice with sides exchanged "
            "({hands} hands), seed {seed}",
            result.matches or result.deals,
        ).format(
            ruleset=one_line(result.ruleset),
            a=a,
            b=b,
            what=kind,
            hands=result.hands,
            seed=result.seed,
        )
    )
    if result.interrupted:  # on stdout too, not only in the note (audit, stop 53)
        head.append("; " + _("interrupted (Ctrl-C): the ones finished before it"))
    # a figure and its interval are never broken ("4.95 [3.58," over "6.41]" at 80 columns:
    # width audit, stop 54); where they do not fit a row each, the players are the columns
    figures: list[tuple[str, Callable[[int, str], str]]] = [
        (_("points/hand [95%]"),
         lambda who, gap: _gapped(result.points(who).text(signed=False), gap)),
        (_("scope/hand [95%]"),
         lambda who, gap: _gapped(result.scope(who).text(signed=False), gap)),
        (_("hands won [95%]"), lambda who, gap: _rate_text(
            result.hand_win_rate(who), result.hand_win_interval(who), gap)),
    ]  # fmt: skip
    if result.matches:  # with --deals alone there is no match to win: no column of dashes
        figures.append((_("matches won [95%]"), lambda who, gap: _rate_text(
            result.match_win_rate(who), result.match_win_interval(who), gap)))  # fmt: skip
    names = [f"{'AB'[who]}: {result.players[who]}" for who in (0, 1)]
    table = new_table(_("player"), *(label for label, _f in figures), rich=rich)
    for who in (0, 1):
        table.add_row(names[who], *(f(who, " ") for _label, f in figures))
    narrow = new_table("", *names, rich=rich)
    for label, f in figures:
        narrow.add_row(label, *(f(who, "\n") for who in (0, 1)))
    for t in (table, narrow):
        for col in t.columns[1:]:
            col.no_wrap = True
    diff = result.difference()
    stronger = result.stronger()
    # a sentence starts with its letter, not a spec in lower case (English audit, stop 52)
    if stronger == 0:
        verdict = _("A ({name}) is stronger: the interval is above zero.").format(name=a)
    elif stronger == 1:
        verdict = _("B ({name}) is stronger: the interval is below zero.").format(name=b)
    elif diff.n == 0:  # interrupted before the first deal was done
        verdict = _("No duplicate pair was completed: nothing to compare.")
    elif not math.isfinite(diff.low) and diff.n == 1:
        verdict = _("One pair gives no interval: more pairs are needed to compare the players.")
    elif not math.isfinite(diff.low):  # every pair came out the same: no spread to measure
        verdict = _(
            "Every pair came out the same, which gives no interval: more pairs are needed to "
            "compare the players."
        )
    else:
        verdict = _("No clear difference: the interval contains zero.")
    line = Text(
        ngettext(
            "A - B per hand: {difference} over {n} duplicate pair. {verdict}",
            "A - B per hand: {difference} over {n} duplicate pairs. {verdict}",
            diff.n,
        ).format(difference=diff.text(), n=diff.n, verdict=verdict)
    )
    out: list[RenderableType] = [head, Narrowing(table, narrow), line]
    if result.unfinished:
        games = len(result.match_winners)
        if result.unfinished < games:
            unfinished = ngettext(
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: it counts for neither player; the match win rates "
                "are over the games that finished.",
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: they count for neither player; the match win rates "
                "are over the games that finished.",
                result.unfinished,
            )
        else:
            unfinished = ngettext(
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: it counts for neither player, so no match win rate "
                "can be given.",
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: they count for neither player, so no match win rate "
                "can be given.",
                result.unfinished,
            )
        out.append(
            Text(
                unfinished.format(
                    n=result.unfinished,
                    games=games,
                    limit=result.hand_limit,
                    target=result.target,
                ),
                style="bold yellow" if rich else "",
            )
        )
    return out


# -- bench calibration -------------------------------------------------------------------------


def _interval_text(interval: list[float] | None) -> str:
    if interval is None:
        return ""
    lo, hi = interval
    return bounds(lo, hi, "+.3f")


def _bin_label(label: str) -> str:
    """A calibration bin's label (``0.3-0.4``, ``0``, ``1``: the JSON's) as the language writes
    its numbers (``0,3-0,4``)."""
    return "-".join(number(float(x), ".1f") if "." in x else x for x in label.split("-"))


def endgame_view(result: dict[str, Any], rich: bool = False) -> list[RenderableType]:
    """``tutor bench endgame``: each method's regret per choice near the end of a hand,
    against the best move for the true deal (``result`` is
    :meth:`tutor.bench.EndgameRegret.to_json`)."""
    methods: dict[str, Any] = result["methods"]
    base = next(iter(methods))
    lefts = list(next(iter(methods.values()))["by_plays_left"]) if methods else []
    out: list[RenderableType] = [
        Text(
            ngettext(
                "{ruleset}: {n} deal of {players}, played twice (seed {seed}); {positions} "
                "choices with at most {left} plays left, {samples} deals each.",
                "{ruleset}: {n} deals of {players}, played twice (seed {seed}); {positions} "
                "choices with at most {left} plays left, {samples} deals each.",
                result["deals"],
            ).format(
                ruleset=result["ruleset"],
                n=result["deals"],
                players=result["players"],
                seed=result["seed"],
                positions=result["positions"],
                left=result["plays_left"],
                samples=result["samples"],
            )
        )
    ]
    table = new_table(
        _("method"),
        _("regret per choice, 95%"),
        _("choices lost"),
        _("minus {method}, 95%").format(method=base),
        *lefts,
        rich=rich,
    )
    table.title = _("Points lost against the best move for the true deal")
    for col in table.columns[1:]:
        col.justify = "right"
    for name, entry in methods.items():
        regret = entry["regret"]
        diff = entry.get("minus_" + base)
        table.add_row(
            name,
            _mean_and_interval(regret),
            str(entry["positions_lost"]),
            _mean_and_interval(diff, "+.3f") if diff else "",
            *(_number_or_dash(entry["by_plays_left"][k], ".2f") for k in lefts),
        )
    out.append(table)
    if lefts:  # no choice judged: no such columns
        out.append(Text(_("The last columns: the mean regret by plays left.")))
    return out


def _mean_and_interval(iv: dict[str, Any], spec: str = ".3f") -> str:
    if iv["low"] is None or iv["high"] is None:
        return _number_or_dash(iv["mean"], spec)
    return f"{number(iv['mean'], spec)} {_interval_text([iv['low'], iv['high']])}"


def _held_and_misses(summary: dict[str, Any], figure: str) -> str:
    """``93.8% (0 / 5)``: how often a summary figure's interval held the reference, and how
    many runs it missed below and above."""
    held = summary[f"{figure}_held"]
    if held is None:
        return "-"
    below, above = summary[f"{figure}_reference_below"], summary[f"{figure}_reference_above"]
    return f"{number(held, '.1%')} ({below} / {above})"


def verdicts_view(result: dict[str, Any], rich: bool = False) -> list[RenderableType]:
    """``tutor bench verdicts``: how often the review's verdicts hold against a reference
    review (``result`` is :meth:`tutor.bench.VerdictCoverage.to_json`)."""
    from tutor.review.judge import class_name  # lazy: rules and replay start faster

    d = result["decisions"]
    if result.get("judge") == "play":
        header = ngettext(
            "{record} ({ruleset}), {players}: {n} run of tutor play's quick verdicts (seeds from "
            "{seed}), against a reference of {samples} deals a decision.",
            "{record} ({ruleset}), {players}: {n} runs of tutor play's quick verdicts (seeds "
            "from {seed}), against a reference of {samples} deals a decision.",
            result["runs"],
        )
    else:
        header = ngettext(
            "{record} ({ruleset}), {players}: {n} review at the default settings (seeds from "
            "{seed}), against a reference of {samples} deals a decision.",
            "{record} ({ruleset}), {players}: {n} reviews at the default settings (seeds from "
            "{seed}), against a reference of {samples} deals a decision.",
            result["runs"],
        )
    out: list[RenderableType] = [
        Text(
            header.format(
                record=one_line(result["record"]),
                ruleset=one_line(result["ruleset"]),
                players=one_line(", ".join(shown_name(p) for p in result["players"])),
                n=result["runs"],
                seed=result["seed"],
                samples=result["reference_samples"],
            )
        )
    ]
    table = new_table(_("sampled decisions"), _("figure"), rich=rich)
    table.title = _("Decisions (a decision of one review is one case)")
    table.columns[1].justify = "right"
    for label, value in (
        (_("cases"), str(d["sampled"])),
        (_("95% interval holds the reference cost"), _number_or_dash(d["interval_held"], ".1%")),
        (_("reference below the low end"), _number_or_dash(d["reference_below"], ".1%")),
        (_("reference above the high end"), _number_or_dash(d["reference_above"], ".1%")),
        (_("missed for sure (the reference's own interval outside)"), str(d["missed_for_sure"])),
        (_("certain classes"), str(d["decided"])),
        (_("certain classes the reference shares"), _number_or_dash(d["decided_right"], ".1%")),
        (_("certain classes wrong for sure"), str(d["decided_wrong_for_sure"])),
        (_("certain classes harsher than the reference's"), str(d["decided_harsher"])),
        (_("certain classes milder than the reference's"), str(d["decided_milder"])),
        (_("uncertain classes"), str(d["uncertain"])),
        (
            _("uncertain spans that hold the reference's class"),
            _number_or_dash(d["uncertain_span_held"], ".1%"),
        ),
        (_("mean cost minus the reference's"), _number_or_dash(d["cost_lean"], "+.3f")),
        (_("mean width of the interval"), _number_or_dash(d["mean_width"], ".3f")),
    ):
        table.add_row(label, value)
    out.append(table)
    table = new_table(
        _("play"),
        _("player"),
        _("reference, 95%"),
        _("its class"),
        _("held"),
        _("below / above"),
        _("certain (wrong, for sure)"),
        _("mean cost"),
        rich=rich,
    )
    table.title = _("By decision")
    for col in table.columns:
        col.justify = "right"
    table.columns[1].justify = "left"
    for row in result["by_play"]:
        ref = row["reference"]
        table.add_row(
            str(row["play"]),
            Text(one_line(shown_name(row["player"]))),
            f"{number(ref['cost'], '.3f')} "
            + bounds(ref["low"], math.inf if ref["high"] is None else ref["high"]),
            class_name(ref["class"]),
            _("{k} of {n}").format(k=row["held"], n=row["runs"]),
            f"{row['below']} / {row['above']}",
            f"{row['decided']} ({row['decided_wrong']}, {row['wrong_for_sure']})",
            number(row["mean_cost"], ".3f"),
        )
    out.append(table)
    out.append(
        Text(
            _(
                "held: runs whose 95% interval holds the reference cost; below / above: runs "
                "where the reference lies below the low end or above the high end; certain: runs "
                "that gave a class without doubt, how many of them the reference does not share, "
                "and how many its own interval lies wholly outside."
            )
        )
    )
    table = new_table(
        _("player"),
        _("points lost: reference"),
        _("mean"),
        _("interval held"),
        _("accuracy: reference"),
        _("mean"),
        _("interval held"),
        rich=rich,
    )
    table.title = _("Summary")
    for col in table.columns[1:]:
        col.justify = "right"
    for name, s in result["summary"].items():
        table.add_row(
            Text(one_line(shown_name(name))),
            number(s["points_lost_reference"], ".3f"),
            _number_or_dash(s["points_lost_mean"], ".3f"),
            _held_and_misses(s, "points_lost"),
            _percent_or_dash(s["accuracy_reference"]),
            _percent_or_dash(s["accuracy_mean"]),
            _held_and_misses(s, "accuracy"),
        )
    out.append(table)
    out.append(
        Text(_("(below / above): runs where the reference lies below the interval or above it."))
    )
    return out


def calibration_view(result: dict[str, Any], rich: bool = False) -> list[RenderableType]:
    """``tutor bench calibration``: the stated odds against the real deals, by bins, beside
    the odds on the facts alone (``result`` is :meth:`tutor.bench.Calibration.to_json`)."""
    out: list[RenderableType] = [
        Text(
            ngettext(
                "{ruleset}: {n} hand of {players} play (seed {seed}, trust in readings {trust}, "
                "{odds}), {positions} positions (a seat at a play).",
                "{ruleset}: {n} hands of {players} play (seed {seed}, trust in readings {trust}, "
                "{odds}), {positions} positions (a seat at a play).",
                result["hands"],
            ).format(
                ruleset=result["ruleset"],
                n=result["hands"],
                players=result["players"],
                seed=result["seed"],
                trust=number(result["trust"], ""),
                odds=(
                    _("the play model's odds")
                    if result.get("model") == "play"
                    else _("the tracker's odds")
                ),
                positions=number(result["positions"], ",d"),
            )
        )
    ]
    for key, what in (
        ("card", _("Per-card odds")),
        ("sweep", _("Sweep odds")),
        ("reading", _("Readings (P the player holds none of the value)")),
        ("tell", _("Tells (P the player holds one of the value now)")),
        ("style", _("Styles of play (P the player plays in that style)")),
    ):
        stated, facts = result[key], result[f"{key}_facts"]
        table = new_table(
            _("bin"),
            _("count"),
            _("stated"),
            _("observed"),
            _("observed - stated, 95%"),
            _("facts: count"),
            _("observed"),
            rich=rich,
        )
        table.title = what
        for col in table.columns[1:]:
            col.justify = "right"
        by_bin = {row["bin"]: row for row in facts["bins"]}
        for row in stated["bins"]:
            base = by_bin.pop(row["bin"], None)
            table.add_row(
                (
                    number(row["bin"], "")
                    if isinstance(row["bin"], float)
                    else _bin_label(str(row["bin"]))
                ),
                number(row["count"], ",d"),
                number(row["stated"], ".3f"),
                number(row["observed"], ".3f"),
                _interval_text(row.get("gap_interval")),
                number(base["count"], ",d") if base else "",
                number(base["observed"], ".3f") if base else "",
            )
        for label, base in by_bin.items():
            table.add_row(
                _bin_label(str(label)),
                "",
                "",
                "",
                "",
                number(base["count"], ",d"),
                number(base["observed"], ".3f"),
            )
        out.append(table)
        out.append(
            Text(
                ngettext(
                    "{what}: {n} case; Brier {brier} (facts alone {facts_brier}); mean stated "
                    "{stated}, observed {observed} (observed - stated, 95%: {interval}; facts "
                    "alone stated {facts_stated}); {worst}.",
                    "{what}: {n} cases; Brier {brier} (facts alone {facts_brier}); mean stated "
                    "{stated}, observed {observed} (observed - stated, 95%: {interval}; facts "
                    "alone stated {facts_stated}); {worst}.",
                    stated["n"],
                ).format(
                    what=what,
                    n=number(stated["n"], ",d"),
                    brier=_number_or_dash(stated["brier"], ".4f"),
                    facts_brier=_number_or_dash(facts["brier"], ".4f"),
                    stated=_number_or_dash(stated["mean_stated"], ".3f"),
                    observed=_number_or_dash(stated["mean_observed"], ".3f"),
                    facts_stated=_number_or_dash(facts["mean_stated"], ".3f"),
                    interval=_interval_text(stated.get("mean_gap_interval")) or "-",
                    worst=(
                        _("no bin holds 200 cases")
                        if stated["worst_gap_200"] is None
                        else _("worst bin of 200+ cases off by {gap}").format(
                            gap=number(stated["worst_gap_200"], ".3f")
                        )
                    ),
                )
            )
        )
        off = stated.get("off_by_over_0.08")
        no_bin = pgettext("no bins (classes, in Italian: feminine)", "none")
        if off is not None:
            out.append(
                Text(
                    _(
                        "Bins of 200+ cases off by more than 0.08: for sure {clearly}; "
                        "not settled by these hands (the interval straddles 0.08) {uncertain}. "
                        "Smaller bins off by more than 0.08 for sure: {smaller}."
                    ).format(
                        clearly=", ".join(map(_bin_label, off["clearly"])) or no_bin,
                        uncertain=", ".join(map(_bin_label, off["uncertain"])) or no_bin,
                        smaller=", ".join(map(_bin_label, off.get("clearly_in_smaller_bins", [])))
                        or no_bin,
                    )
                )
            )
    readings = ", ".join(
        _("{kind} {held}/{standing} true").format(kind=kind, held=r["held"], standing=r["standing"])
        for kind, r in result["readings"].items()
    )
    certain = result["certain_from_readings"]
    ms = result["tracker_ms"]
    out.append(
        Text(
            _(
                "Standing readings: {readings}. Stated 0 or 1 where the facts say neither: "
                "{count} ({wrong} wrong). Tracker per seat and play: median {median} ms, 99th "
                "percentile {p99} ms, worst {worst} ms."
            ).format(
                readings=readings or _("none"),
                count=number(certain["count"], ",d"),
                wrong=number(certain["wrong"], ",d"),
                median=_number_or_dash(ms["median"], ""),
                p99=_number_or_dash(ms["p99"], ""),
                worst=_number_or_dash(ms["max"], ""),
            )
        )
    )
    return out
