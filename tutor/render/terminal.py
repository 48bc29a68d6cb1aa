"""Human output: consoles, layout and cards as rich renderables, the base of every renderer.

Two looks, chosen per console: on a terminal, suit glyphs (♦ ♥ in red, ♠ ♣ in the default
colour) and boxed tables; when the output is a file or a pipe, or ``NO_COLOR`` is set, plain
text in the deck's own letters (``7D``, ``RB``) with ASCII rules, no trailing spaces and a fixed
width, so that it reads well in a log and stays stable for golden tests.

The functions here are pure: they take data and return rich renderables (or strings), so that
every command can reuse them. Only :func:`emit` writes.

Each concern draws its views in its own module on top of this one: the rules
(:mod:`tutor.render.rules`), score sheets (:mod:`tutor.render.scores`), a replayed hand
(:mod:`tutor.render.replay`), the tracker's board (:mod:`tutor.render.tracker`), solve
(:mod:`tutor.render.solve`), simulate (:mod:`tutor.render.simulate`) and the benchmarks
(:mod:`tutor.render.bench`).

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
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import IO

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from tutor.game.cards import CARDS, GLYPHS, Card, Style, cards_of, format_card
from tutor.game.i18n import euphony, number
from tutor.render.safe import TERM_LINE, needs_showing, visible, without_glyphs

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


# -- shared by the views ------------------------------------------------------------------------


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


def _number_or_dash(x: float | None, spec: str) -> str:
    """``x`` as the language writes it; ``-`` for a figure nothing measured (JSON null)."""
    return "-" if x is None else number(x, spec)
