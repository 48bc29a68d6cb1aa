"""Text from files made safe to show: control characters become visible, never act.

A record, ruleset or puzzle is shared between people, so its titles, notes and names are
untrusted. On a terminal an escape sequence could clear the screen, retitle the window or plant
a hyperlink; in HTML or SVG markup could inject a script. Every renderer passes such text through
:func:`visible` (terminal) or :func:`markup` (HTML and SVG) before showing it.

>>> visible("Ada\\x1b]0;PWNED\\x07 wins")
'Ada^[]0;PWNED^G wins'
>>> visible("line one\\nline two"), visible("tab\\there")
('line one\\nline two', 'tab here')
>>> visible("\\u202eevil"), visible("del\\x7f"), visible("lone\\ud800")
('<U+202E>evil', 'del^?', 'lone<U+D800>')
>>> markup('<b title="x">Ada & Bea</b>\\x1b')
'&lt;b title=&quot;x&quot;&gt;Ada &amp; Bea&lt;/b&gt;^['
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from tutor.game.errors import code_point
from tutor.records.record import UNSAFE_TEXT as _UNSAFE

__all__ = [
    "TERM_LINE",
    "visible",
    "markup",
    "one_line",
    "needs_showing",
    "isolated",
    "fill",
    "fill_markup",
    "bdi",
]


TERM_LINE = re.compile(r"(\S+(?: \S+)*? {2,})(\S.*)")
"""A line of a list of terms and their meanings, its indent taken off: the term, two spaces
or more, and its meaning (``hint           the best play from your seat``). A narrow terminal
wraps the meaning under itself: the help's lists (:mod:`tutor.cli.language`) and a session's
(:func:`tutor.render.terminal.text_lines`) alike."""


def _show(match: re.Match[str]) -> str:
    ch = match.group()
    code = ord(ch)
    if ch == "\t":
        return " "
    if code < 0x20:
        return "^" + chr(code + 0x40)
    if code == 0x7F:
        return "^?"
    return code_point(ch)


def needs_showing(text: str) -> bool:
    """Whether ``text`` holds a character that :func:`visible` would change.

    >>> needs_showing("Ada & Bea"), needs_showing("Ada\\x1b[2J")
    (False, True)
    """
    return _UNSAFE.search(text) is not None


_LEGEND_GLYPH = re.compile(r"(?<=\b\w) [♦♥♠♣](?= )")
"""The glyph of a suit legend's entry: ``D ♦ denari``
(:meth:`~tutor.game.cards.Style.suit_legend`)."""


def without_glyphs(text: str) -> str:
    """``text`` with a suit legend's glyphs left out, for plain text, where cards show no glyph
    (output audit, stop 54: ``NO_COLOR`` still showed ``D ♦ denari``).

    >>> without_glyphs("the suits: D ♦ denari, C ♥ coppe; 3♥ stays")
    'the suits: D denari, C coppe; 3♥ stays'
    """
    return _LEGEND_GLYPH.sub("", text)


NAME_CELL_WIDTH = 16
"""The widest a name is written in a table's cell: names of 37 characters made each play of a
replay four lines at 80 columns, and of 500 (the most a record takes) left no room for the
cards (big-input audit, stop 54). The name is whole in the prose above the table."""


def cell_names(names: Iterable[str], width: int = NAME_CELL_WIDTH) -> dict[str, str]:
    """Each name as a table's cell shows it (:func:`one_line`): whole up to ``width``, else cut
    with ``…``, at the same length for all, longer where two would read the same.

    >>> cell_names(["Ada", "Giovanni Battista Rossi"], 12)
    {'Ada': 'Ada', 'Giovanni Battista Rossi': 'Giovanni Ba…'}
    >>> list(cell_names(["Player One Alpha", "Player One Beta"], 8).values())
    ['Player One A…', 'Player One B…']
    """
    shown = {n: one_line(n) for n in names}
    longest = max((len(t) for t in shown.values()), default=0)
    for w in range(max(width, 2), longest + 1):
        cut = {n: t if len(t) <= w else t[: w - 1] + "…" for n, t in shown.items()}
        if len(set(cut.values())) == len(set(shown.values())):
            return cut
    return shown


def visible(text: str) -> str:
    """``text`` with every control character shown in caret or ``<U+XXXX>`` form."""
    return _UNSAFE.sub(_show, text)


def one_line(text: str) -> str:
    """:func:`visible`, with line breaks shown as spaces (for table cells and titles)."""
    return visible(text.replace("\r\n", " ").replace("\n", " "))


def markup(text: str) -> str:
    """:func:`visible`, then escaped for HTML and SVG (quotes included)."""
    return html.escape(visible(text), quote=True)


def bdi(text: str) -> str:
    """Text from a file (a name, a title, a note), escaped and isolated from the sentence
    around it in a ``<bdi>`` element (HTML).

    >>> bdi("Ada & <b>")
    '<bdi>Ada &amp; &lt;b&gt;</bdi>'
    """
    return f"<bdi>{markup(text)}</bdi>"


FSI, PDI = "\u2068", "\u2069"
"""The first-strong isolate and its closing mark: what ``<bdi>`` does, for SVG text and for
attributes, where an element cannot go."""


def isolated(text: str) -> str:
    """:func:`markup`, between isolate marks: a right-to-left name keeps its place among the
    words around it (without them "(3)" after a Hebrew name is drawn on the name's left).

    >>> isolated("Ada & Bea") == "\u2068Ada &amp; Bea\u2069"
    True
    >>> isolated("\u2069evil") == "\u2068&lt;U+2069&gt;evil\u2069"  # a file's own marks show
    True
    """
    return FSI + markup(text) + PDI


_FIELD = re.compile(r"\{(\w+)\}")


def fill_markup(message: str, /, **fragments: str) -> str:
    """A sentence (translated) escaped, its ``{fields}`` filled with markup made by the caller
    (escaped already): the sentence's words are escaped, the fragments are not escaped twice.

    >>> fill_markup("{who} & co", who="<b>Ada</b>")
    '<b>Ada</b> &amp; co'
    """
    out = []
    pos = 0
    for found in _FIELD.finditer(message):
        out.append(markup(message[pos : found.start()]))
        out.append(fragments[found.group(1)])
        pos = found.end()
    out.append(markup(message[pos:]))
    return "".join(out)


def fill(message: str, /, **values: str | int) -> str:
    """A sentence (translated) escaped, its ``{fields}`` filled with text from anywhere: each
    text escaped and :func:`isolated`, each number as it is.

    >>> fill("{name} holds {n} cards", name="<i>", n=3) == "\u2068&lt;i&gt;\u2069 holds 3 cards"
    True
    """
    return fill_markup(
        message,
        **{k: isolated(v) if isinstance(v, str) else str(v) for k, v in values.items()},
    )
