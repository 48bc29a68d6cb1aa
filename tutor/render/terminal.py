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

import io
import sys
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from tutor.counting.odds import percent
from tutor.counting.tracker import Board, values_text
from tutor.game.cards import CARDS, GLYPHS, RE_BELLO, SETTEBELLO, Card, Style, cards_of, format_card
from tutor.game.rules import Ruleset
from tutor.game.scoring import HandScore, MatchScore
from tutor.records.record import HandRecord
from tutor.records.replay import HandReplay
from tutor.render.safe import needs_showing, one_line, visible

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
    return _plain_console(file, PLAIN_WIDTH)


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
    """Whether the console shows glyphs and colours (a terminal without ``NO_COLOR``)."""
    return console.is_terminal and not console.no_color and console.color_system is not None


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
        for segment in console.render(self.renderable, options):
            if segment.control or not needs_showing(segment.text):
                yield segment
            else:
                yield Segment(visible(segment.text), segment.style)


def emit(console: Console, *renderables: RenderableType) -> None:
    """Print the renderables: styled on a fancy console, as :func:`plain_text` otherwise."""
    if is_fancy(console):
        for renderable in renderables:
            console.print(_Visible(renderable))
    else:
        console.file.write(plain_text(*renderables, width=console.width))
        console.file.flush()


def text_lines(text: str) -> list[RenderableType]:
    """Lines of prose that wrap at word boundaries to the console's width; a line indented
    with spaces keeps its indent on the lines it wraps onto (a trailing newline is dropped).

    >>> print(plain_text(*text_lines("Why:\\n  one two three four\\n"), width=12), end="")
    Why:
      one two
      three four
    """
    if text.endswith("\n"):
        text = text[:-1]
    out: list[RenderableType] = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        shown = Text(visible(body))
        out.append(Padding(shown, (0, 0, 0, indent)) if indent else shown)
    return out


# -- cards ------------------------------------------------------------------------------------


def card_text(card: Card | int, style: Style, rich: bool = False) -> Text:
    """One card: the deck's letters (``7D``), or with ``rich`` a coloured glyph (``7♦``)."""
    c = card if isinstance(card, Card) else CARDS[card]
    if not rich:
        return Text(format_card(c, style))
    return Text(style.rank_text(c.value) + GLYPHS[c.suit], style=SUIT_COLOURS[c.suit])


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
    """A table with the house look: light rules on a terminal, ASCII hyphens in plain text."""
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
    return table


# -- explain and rules ------------------------------------------------------------------------


def explain_table(explanation: Explanation, rich: bool = False) -> RenderableType:
    """Every way to play a card on a table (``tutor explain``), legal ones first."""
    card, table, style = explanation.card, explanation.table, explanation.style
    head = Text.assemble(
        card_text(card, style, rich),
        " on the table ",
        cards_text(table, style, rich),
        f" ({one_line(explanation.rules.name)}):",
    )
    if not table:
        head = Text.assemble(
            card_text(card, style, rich),
            f" on an empty table ({one_line(explanation.rules.name)}):",
        )
    out = new_table("", "play", "rule", rich=rich)
    for option in sorted(explanation.options, key=lambda o: not o.legal):
        verdict = Text("legal", style="green") if option.legal else Text("forbidden", style="red")
        reason = option.reason
        if explanation.sweeps(option):
            reason += " (sweeps the table)"
        play = move_text(card, option.capture, style, rich)
        if not option.capture:
            play = Text.assemble(play, " laid")
        out.add_row(verdict if rich else Text(verdict.plain), play, reason)
    return Group(head, out)


def rules_table(rulesets: Sequence[Ruleset], rich: bool = False) -> Table:
    """The shipped rulesets: name, players, cards per deal, target and description."""
    out = new_table("ruleset", "players", "deal", "target", "description", rich=rich)
    for rs in rulesets:
        deal = (
            f"{rs.hand_size} x {rs.deals_per_hand}" if rs.deals_per_hand > 1 else str(rs.hand_size)
        )
        out.add_row(
            one_line(rs.name), str(rs.players), deal, str(rs.target), one_line(rs.description)
        )
    return out


def ruleset_text(lines: Sequence[str], rich: bool = False) -> Text:
    """A ruleset in words (:func:`tutor.game.rules.describe_ruleset`), the first line as a title."""
    text = Text()
    for i, line in enumerate(lines):
        text.append(one_line(line), style="bold" if rich and i == 0 else "")
        if i < len(lines) - 1:
            text.append("\n" if i else "\n\n")
    return text


# -- scores -----------------------------------------------------------------------------------


def _side_name(players: Sequence[str]) -> str:
    return one_line(" & ".join(players))


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
    heads = [one_line(n) for n in names] if names else [_side_name(s.players) for s in score.sides]
    headers = ["category"]
    for name in heads:
        headers += [name, "pts"]
    out = new_table(*headers, rich=rich)
    for i, _ in enumerate(heads):
        out.columns[2 + 2 * i].justify = "right"

    def row(label: str, details: list[Text | str], category: str) -> None:
        cells: list[Text | str] = [label]
        for side, detail in zip(score.sides, details, strict=True):
            pts = side.points.get(category, 0)
            cells += [detail, str(pts) if pts else ""]
        out.add_row(*cells)

    sides = score.sides
    row("cards", [str(s.cards) for s in sides], "cards")
    row("denari", [str(s.denari) for s in sides], "denari")
    row(
        "settebello",
        [card_text(SETTEBELLO, style, rich) if s.settebello else Text("-") for s in sides],
        "settebello",
    )
    prim: list[Text | str] = []
    for s in sides:
        cells = Text(" ").join(
            card_text(c, style, rich) if c is not None else Text("-") for c in s.primiera_cards
        )
        line = Text.assemble(str(s.primiera), " = ", cells)
        if rules.primiera_missing_suit == "loses" and not s.complete_suits:
            line.append(" (a suit missing)")
        prim.append(line)
    row("primiera", prim, "primiera")
    row("scope", [str(s.scope) for s in sides], "scope")
    if rules.re_bello:
        king = RE_BELLO
        row(
            "re bello",
            [card_text(king, style, rich) if s.re_bello else Text("-") for s in sides],
            "re_bello",
        )
    if rules.napola:
        row("napola", [str(s.napola) if s.napola else "-" for s in sides], "napola")
    out.show_footer = True
    out.columns[0].footer = "total"
    for i, side in enumerate(sides):
        out.columns[2 + 2 * i].footer = Text(str(side.total), style="bold" if rich else "")
    return out


def match_table(match: MatchScore, names: Sequence[str], rich: bool = False) -> RenderableType:
    """Points of every hand with running totals, then the winner (or who leads)."""
    names = [one_line(n) for n in names]
    headers = ["hand"]
    for name in names:
        headers += [name, "total"]
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
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, match.totals, strict=True))
    totals += f"; target {match.rules.target}"
    if match.winner is not None:
        verdict = f"Winner: {names[match.winner]} ({totals})."
    else:
        leaders = match.leaders
        state = f"{names[leaders[0]]} leads" if len(leaders) == 1 else "level"
        verdict = f"No winner yet: {state} ({totals})."
    heading = Text(f"The match, to {match.rules.target}", style="bold" if rich else "")
    return Group(heading, out, Text(verdict, style="bold" if rich else ""))


def figures_table(results: dict[str, dict[str, Any]], rich: bool = False) -> Table:
    """Benchmark results: one row per figure (per-run lists left out)."""
    out = new_table("benchmark", "figure", "value", rich=rich)
    out.columns[2].justify = "right"
    for name, figures in results.items():
        first = True
        for key, value in figures.items():
            if isinstance(value, list):
                continue
            out.add_row(name if first else "", key, str(value))
            first = False
    return out


# -- replay ---------------------------------------------------------------------------------


def hand_title(record: HandRecord, number: int | None = None, rich: bool = False) -> Text:
    """The heading of a replayed hand: title, ruleset, seating, sides and the opening deal.

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
    deck = f"{one_line(record.ruleset.name)}, {style.name} deck"
    title = record.info.get("title")
    if title is None:
        head = f"Hand {number} of" if number is not None else "A hand of"
        text = Text()
        text.append(f"{head} {deck}", style=bold)
    else:
        if number is not None and not title.lower().startswith(f"hand {number}"):
            title = f"Hand {number}: {title}"
        text = Text()
        text.append(one_line(title), style=bold)
        text.append(f"\nRuleset {deck}.")
    for key in ("event", "date", "note"):
        if key in record.info:
            text.append(f"\n{key.capitalize()}: {one_line(record.info[key])}")
    players = [one_line(p) for p in record.players]
    text.append(f"\nPlaying order: {', '.join(players)}; {players[-1]} deals and plays last.")
    if record.ruleset.players > record.ruleset.sides:
        text.append("\nSides: " + " v ".join(one_line(t) for t in record.team_names()) + ".")
    text.append("\nTable: ")
    text.append_text(cards_text(record.table, style, rich))
    shown = False
    if record.deals:
        for name in record.players:
            known = record.deals[0].get(name)
            if known:
                text.append(f"\n{one_line(name)}: ")
                text.append_text(cards_text(sorted(known), style, rich))
                shown = True
    if shown and record.ruleset.deals_per_hand > 1:
        text.append(f"\n({record.ruleset.deals_per_hand} deals; the hands above are the first.)")
    return text


def _play_cells(hand: HandReplay, style: Style, rich: bool) -> tuple[list[str], list[list[Text]]]:
    """Header and cells of every play of a hand (the widths come from all of them)."""
    names = [one_line(t) for t in hand.record.team_names()]
    headers = ["#", "player", "plays", "takes", "", "table after", *names]
    has_notes = any(step.note for step in hand.steps)
    if has_notes:
        headers.append("note")
    rows: list[list[Text]] = []
    for step in hand.steps:
        mark = Text("")
        if step.scopa:
            mark = Text("SCOPA!", style="bold yellow") if rich else Text("SCOPA")
        row = [
            Text(str(step.number)),
            Text(one_line(step.player)),
            card_text(step.card, style, rich),
            cards_text(step.captured, style, rich, empty=""),
            mark,
            cards_text(step.table, style, rich),
            *(Text(f"{t.cards}/{t.denari}/{t.scope}") for t in step.tally),
        ]
        if has_notes:
            row.append(Text(visible(step.note or ""), style="italic" if rich else ""))
        rows.append(row)
    return headers, rows


NOTE_WIDTH = 44
"""Widest a note column gets before its text wraps."""
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
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell.cell_len)
    below: list[tuple[int, Text]] = []
    if "note" in headers:
        widths[-1] = min(widths[-1], NOTE_WIDTH)
        rest = sum(widths[:-1]) + COLUMN_GAP * (len(widths) - 1)
        if width is not None and width - rest < NOTE_MIN_WIDTH:
            below = [(n, row[-1]) for n, row in enumerate(rows) if row[-1].plain]
            for row in rows:
                row.pop()
            headers.pop()
            widths.pop()
    out = new_table(*headers, rich=rich)
    out.show_header = start == 0
    first_tally = headers.index("table after") + 1
    whole = start == 0 and stop is None
    for i, col in enumerate(out.columns):
        if headers[i] == "note":
            col.max_width = widths[i]
        elif not whole:
            col.min_width = col.max_width = widths[i]
            col.no_wrap = True
        if i == 0 or first_tally <= i < first_tally + len(hand.record.team_names()):
            col.justify = "right"
    if whole:
        out.caption = "Tally per side: cards/denari/scope captured so far."
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
    if not notes:
        return out
    if not whole:
        indent = widths[0] + COLUMN_GAP
        return Group(out, *(Padding(note, (0, 0, 0, indent)) for _, note in notes))
    heading = Text("Notes", style="bold" if rich else "")
    return Group(out, Text(""), heading, _notes_grid(hand, notes, rich))


def _notes_grid(hand: HandReplay, notes: Sequence[tuple[int, Text]], rich: bool) -> Table:
    """Notes of some plays (by index) as a grid: play number and player, then the note."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for n, note in notes:
        step = hand.steps[n]
        name = Text(one_line(step.player), style="bold" if rich else "")
        grid.add_row(f"{step.number}.", name, note)
    return grid


def hand_end(hand: HandReplay, record: HandRecord, rich: bool = False) -> list[RenderableType]:
    """What follows the plays: the leftover cards, then the score (or why there is none)."""
    style = record.style
    out: list[RenderableType] = []
    if hand.leftover is not None and hand.leftover.cards:
        out.append(
            Text.assemble(
                f"Leftover: {one_line(hand.leftover.player)} captured last and takes ",
                cards_text(sorted(hand.leftover.cards), style, rich),
                ".",
            )
        )
    if hand.score is None:
        out.append(
            Text(
                f"The record stops after {len(hand.steps)} of the "
                f"{record.ruleset.plays_per_hand} plays: no score yet."
            )
        )
        return out
    if out:
        out.append(Text(""))
    out.append(Text("Score of the hand", style="bold" if rich else ""))
    out.append(score_table(hand.score, record.ruleset, style, rich, record.team_names()))
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
    out = new_table("value", *(style.rank_text(v) for v in range(1, 11)), rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
        col.min_width = 4
    out.add_row("captured", *(str(c.captured) for c in board.counts))
    out.add_row(
        "parity",
        *(
            Text("even", style="green" if rich else "")
            if c.matched
            else Text("ODD", style=_odd_style(rich))
            for c in board.counts
        ),
    )
    out.add_row("on table", *(str(c.table) or "" for c in board.counts))
    out.add_row("yours", *(str(c.mine) for c in board.counts))
    out.add_row(
        "unseen",
        *(Text(str(c.unseen), style="bold" if rich and c.unseen else "") for c in board.counts),
    )
    return out


def _holding_cell(cell: ValueCell) -> Text:
    """must / no (facts alone) or a percentage for one player and value; * marks a percentage
    the readings of behaviour move."""
    if cell.status == "none":
        return Text("-")
    if cell.status == "must":
        return Text("must", style="bold green")
    if cell.status == "cannot":
        return Text("no")
    return Text(percent(cell.probability or 0.0) + ("*" if cell.reading else ""))


def holdings_table(analysis: CountView, style: Style, rich: bool = False) -> Table:
    """Other players x values: must, no (cannot) or P(holds at least one); * = a reading."""
    inf = analysis.inference
    out = new_table("", *(style.rank_text(v) for v in range(1, 11)), "cards", rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
    for seat in inf.players_in_doubt:
        cells = [_holding_cell(inf.value_cell(seat, v)) for v in range(1, 11)]
        out.add_row(one_line(inf.names[seat]), *cells, str(inf.capacity.get(seat, 0)))
    if inf.stock is not None:
        counts = [inf.to_deal(v) for v in range(1, 11)]
        cells = [Text("-" if n is None else f"{n:.1f}") for n in counts]
        out.add_row("to deal (how many)", *cells, str(inf.stock))
    return out


def _sweep_line(analysis: CountView, style: Style) -> Text:
    board = analysis.board
    sw = board.sweep
    if sw.value is None:
        if not sw.sum:
            return Text("Sweep risk: the table is empty.")
        return Text(
            f"Sweep risk: the table adds up to {sw.sum}, more than 10: no single card sweeps it."
        )
    who = one_line(board.names[sw.next_seat])
    p = analysis.sweep_probability
    facts = sw.probability
    text = (
        f"Sweep risk: the table adds up to {sw.sum}; one {style.value_name(sw.value)} sweeps it"
        + ("" if sw.scopa else " (no scopa on the last play)")
        + f"; {sw.unseen} unseen. "
    )
    if p is not None:
        text += f"P({who}, next to play, holds one) = {percent(p)}"
        if facts is not None and percent(facts) != percent(p):
            text += f" ({percent(facts)} on the cards seen alone)"
        text += "."
    return Text(text)


def _trust_line(analysis: CountView) -> Text:
    """How far each player's readings are believed: the prior and what the hand has shown."""
    inf = analysis.inference
    parts = []
    for seat, r in sorted(inf.reliability.items()):
        shown = []
        if r.careful:
            shown.append(f"took {r.careful}")
        if r.careless:
            shown.append(f"passed up {r.careless} while holding the card")
        seen = f" ({', '.join(shown)})" if shown else ""
        parts.append(f"{one_line(inf.names[seat])} {percent(1 - r.carelessness)}{seen}")
    return Text(
        f"Trust: a player holding a card that sweeps takes the sweep (prior {percent(inf.trust)}, "
        f"then what the hand shows): {'; '.join(parts)}."
    )


def tracker_view(
    analysis: CountView, style: Style, rich: bool = False, compact: bool = False
) -> list[RenderableType]:
    """The tracker's board and the inferences, as renderables (``compact``: for replay)."""
    board, inf = analysis.board, analysis.inference
    out: list[RenderableType] = [value_board(board, style, rich)]
    um = values_text(board.unmatched, style)
    n_unseen = board.unseen.bit_count()
    head = Text(f"Unmatched: {um}. Unseen ({n_unseen}")
    if board.stock:
        head.append(f": {board.in_other_hands} in other hands, {board.stock} still to deal")
    head.append("): ")
    head.append_text(cards_text(board.unseen, style, rich))
    out.append(head)
    out.append(_sweep_line(analysis, style))
    if not compact:
        if board.sparigli:
            lines = Text("Sparigli (captures by sum):")
            for sp in board.sparigli:
                lines.append("\n  " + one_line(sp.text(style, board.names)))
            out.append(lines)
        else:
            if any(c.captured for c in board.counts):
                out.append(Text("Sparigli: none yet: every capture so far was by a twin."))
            else:
                out.append(Text("Sparigli: none yet: nothing has been captured."))
        out.append(Text("\n".join(one_line(n) for n in board.notes)))
        if inf.holdings and inf.unseen:
            table = holdings_table(analysis, style, rich)
            table.title = "Who can hold what (* a reading of behaviour moves the figure)"
            out.append(table)
    readings = inf.readings_in_force
    dropped = inf.readings_given_up
    if readings:
        lines = Text("Readings (behaviour: evidence, not certain; the chance each is true now):")
        for e in readings:
            lines.append("\n  - " + one_line(e.text(inf.names, style)))
        out.append(lines)
    if inf.tells and not compact:
        lines = Text("Tells (plays a careful player makes mostly with such a card; weaker):")
        for t in inf.tells:
            lines.append("\n  - " + one_line(t.text(inf.names, style)))
        out.append(lines)
    if (readings or dropped or inf.tells) and inf.reliability and not compact:
        out.append(_trust_line(analysis))
    if dropped and not compact:
        lines = Text("Readings given up:")
        for e in dropped:
            why = f"{e.text(inf.names, style)}: {e.dropped_text(inf.names, style)}"
            lines.append(f"\n  - {one_line(why)}")
        out.append(lines)
    if inf.deductions:
        lines = Text("Deductions:")
        for d in inf.deductions:
            tag = "certain" if d.basis == "fact" else "inferred"
            lines.append(f"\n  - [{tag}] {one_line(d.text)}")
        out.append(lines)
    if not compact and inf.unseen:
        out.append(Text(f"Probabilities: {inf.method}.", style="dim" if rich else ""))
    return out


def hand_view_lines(hv: HandView, rich: bool = False) -> list[RenderableType]:
    """What a player can know at a point of a recorded hand (``tutor track``): a heading, the
    last play, then :func:`tracker_view`."""
    record = hv.record
    head = Text(
        f"{one_line(hv.player)}'s view after play {hv.at} of {len(record.plays)} "
        f"({one_line(record.ruleset.name)}).",
        style="bold" if rich else "",
    )
    parts: list[RenderableType] = [head]
    if hv.last_play is not None:
        parts.append(Text(f"Last play: {one_line(hv.last_player or '')}: {hv.last_play}"))
    return parts + tracker_view(hv.view, record.style, rich)


# -- solve ----------------------------------------------------------------------------------------


def evaluation_view(ev: Evaluation, style: Style, rich: bool = False) -> list[RenderableType]:
    """The values of every move (``tutor solve``): the position, the unit, the table of moves
    with values and intervals (or bounds), and the best line or move."""
    result = ev.analysis
    exact = result.method == "exact"
    player, side = one_line(ev.player), one_line(ev.side)
    mover = player if side == player else f"{player} ({side})"
    head = Text(f"After play {ev.at}: {mover} to move; table: ")
    head.append_text(cards_text(ev.table, style, rich))
    if exact:
        how = "exact" if result.exact else "not exact: bounds proven before the time limit"
        unit = f"points of the hand, {side} minus the others, best play ({how})"
    else:
        unit = (
            f"mean points of the hand, {side} minus the others, over {result.samples} sampled "
            f"deals (seed {result.seed}), with 95% intervals"
        )
    ways = {m.how.text() for m in result.moves}
    if not exact and len(ways) == 1:
        unit += f" (how: {ways.pop()})"
    headers = ["", "move", "value", "interval"] + (["how"] if len(ways) > 1 else [])
    table = new_table(*headers, rich=rich)
    table.columns[2].justify = "right"
    for i, m in enumerate(result.moves, start=1):
        if exact and m.known:
            value, span = f"{m.value:+g}", ""
        elif exact:
            value, span = "?", f"{m.low:+g} .. {m.high:+g}"
        elif not m.known:
            value, span = "?", ""
        else:
            value = f"{m.value:+.2f}"
            span = f"{m.low:+.2f} .. {m.high:+.2f}" if m.n > 1 else ""
        obtained = [m.how.text()] if len(ways) > 1 else []
        play = move_text(m.move.card, m.move.capture, style, rich)
        table.add_row(str(i), play, value, span, *obtained)
    out: list[RenderableType] = [head, Text(f"Values: {unit}."), table]
    for warning in ev.warnings():
        out.append(Text(f"Warning: {warning}.", style="bold yellow" if rich else ""))
    if result.pv:
        line = Text("Best line: " if exact else "Best move: ")
        for j, (player, mv) in enumerate(ev.line()):
            if j:
                line.append(", ")
            line.append(f"{one_line(player)} ")
            line.append_text(move_text(mv.card, mv.capture, style, rich))
        out.append(line)
    elif exact:
        out.append(Text("No move is proven best yet: the bounds overlap."))
    elif not result.samples:
        out.append(Text("No sample was valued, so no move is shown best."))
    return out


# -- simulate -------------------------------------------------------------------------------------


def simulation_view(result: SimulationResult, rich: bool = False) -> list[RenderableType]:
    """Two players on duplicate deals (``tutor simulate``): points, scope and win rates of
    each, then the difference per hand and what it says."""
    a, b = result.players
    kind = f"{result.matches} duplicate matches" if result.matches else f"{result.deals} deals"
    head = Text(
        f"{one_line(result.ruleset)}: {a} (A) against {b} (B), {kind} played twice with sides "
        f"exchanged ({result.hands} hands), seed {result.seed}"
    )
    table = new_table(
        "player", "points/hand [95%]", "scope/hand [95%]", "hands won", "matches won", rich=rich
    )
    for who in (0, 1):
        mw = result.match_win_rate(who)
        table.add_row(
            f"{'AB'[who]}: {result.players[who]}",
            result.points(who).text(signed=False),
            result.scope(who).text(signed=False),
            f"{100 * result.hand_win_rate(who):.1f}%",
            "-" if mw is None else f"{100 * mw:.1f}%",
        )
    diff = result.difference()
    stronger = result.stronger()
    if stronger == 0:
        verdict = f"{a} is stronger: the interval is above zero."
    elif stronger == 1:
        verdict = f"{b} is stronger: the interval is below zero."
    else:
        verdict = "No clear difference: the interval contains zero."
    line = Text(f"A - B per hand: {diff.text()} over {diff.n} duplicate pairs. {verdict}")
    out: list[RenderableType] = [head, table, line]
    if result.unfinished:
        games = len(result.match_winners)
        out.append(
            Text(
                f"{result.unfinished} of the {games} match games stopped unfinished after "
                f"{result.hand_limit} hands, short of the target of {result.target}: they count "
                "for neither player"
                + (
                    "; the match win rates are over the games that finished."
                    if result.unfinished < games
                    else ", so no match win rate can be given."
                ),
                style="bold yellow" if rich else "",
            )
        )
    return out


# -- bench calibration -------------------------------------------------------------------------


def calibration_view(result: dict[str, Any], rich: bool = False) -> list[RenderableType]:
    """``tutor bench calibration``: the stated odds against the real deals, by bins, beside
    the odds on the facts alone (``result`` is :meth:`tutor.bench.Calibration.to_json`)."""
    out: list[RenderableType] = [
        Text(
            f"{result['ruleset']}: {result['hands']} hands of {result['players']} play "
            f"(seed {result['seed']}, trust in readings {result['trust']}, "
            f"{'the play model' if result.get('model') == 'play' else 'the tracker'}'s odds), "
            f"{result['positions']} positions (a seat at a play)."
        )
    ]
    for key, what in (("card", "Per-card odds"), ("sweep", "Sweep odds")):
        stated, facts = result[key], result[f"{key}_facts"]
        table = new_table(
            "bin", "count", "stated", "observed", "facts: count", "observed", rich=rich
        )
        table.title = what
        for col in table.columns[1:]:
            col.justify = "right"
        by_bin = {row["bin"]: row for row in facts["bins"]}
        for row in stated["bins"]:
            base = by_bin.pop(row["bin"], None)
            table.add_row(
                row["bin"],
                str(row["count"]),
                f"{row['stated']:.3f}",
                f"{row['observed']:.3f}",
                str(base["count"]) if base else "",
                f"{base['observed']:.3f}" if base else "",
            )
        for label, base in by_bin.items():
            table.add_row(label, "", "", "", str(base["count"]), f"{base['observed']:.3f}")
        out.append(table)
        out.append(
            Text(
                f"{what}: {stated['n']} cases; Brier {stated['brier']:.4f} (facts alone "
                f"{facts['brier']:.4f}); mean stated {stated['mean_stated']:.3f}, observed "
                f"{stated['mean_observed']:.3f} (facts alone stated {facts['mean_stated']:.3f}); "
                f"worst bin of 200+ cases off by {stated['worst_gap_200']:.3f}."
            )
        )
    readings = ", ".join(
        f"{kind} {r['held']}/{r['standing']} true" for kind, r in result["readings"].items()
    )
    certain = result["certain_from_readings"]
    ms = result["tracker_ms"]
    out.append(
        Text(
            f"Standing readings: {readings or 'none'}. Stated 0 or 1 where the facts say "
            f"neither: {certain['count']} ({certain['wrong']} wrong). Tracker per seat and "
            f"play: median {ms['median']} ms, 99th percentile {ms['p99']} ms, worst {ms['max']} ms."
        )
    )
    return out
