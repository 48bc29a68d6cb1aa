"""The review as one self-contained HTML page (``tutor review --html OUT``).

Inline CSS and SVG only: no script, no font, no image, no network. For every play of the hand
the page shows the position before it (from the reviewed seat, drawn by
:mod:`tutor.render.svg`), the move and what it took, the class badge and the observations of a
reviewed decision, and the rule-of-48 board from the reviewed seat; a chart draws the running
expected points lost by each side. The layout is one column on a phone and two on a laptop.

Every text that comes from the record (title, names, notes, observation texts quoting names)
goes through :func:`tutor.render.safe.markup`; a name or a note stands in ``<bdi>`` (in HTML) or
between isolate marks (in a drawing, :func:`tutor.render.safe.isolated`), so that a
right-to-left name keeps its place in the sentence around it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence

from tutor.counting.tracker import track, values_text, viewer_state
from tutor.game.cards import Style, format_card, format_cards
from tutor.game.i18n import _, all_of, bounds, is_you, language, ngettext, number, pgettext
from tutor.game.scoring import category_name
from tutor.game.state import GameState, Move
from tutor.records.record import HandRecord
from tutor.records.replay import HandReplay, MatchReplay, replay_hand, replay_match
from tutor.render.replay import leftover_sentence
from tutor.render.review import (
    accuracy_bounds_text,
    broken_maxims_parts,
    class_count,
    costly_legend,
    files_reviewed,
    hands_reviewed,
    lost_text,
    observation_label,
    points_went_sentence,
)
from tutor.render.safe import bdi, fill, fill_markup, isolated, markup
from tutor.render.scores import ScoreCell, match_verdict, score_cells
from tutor.render.svg import cards_svg, position_svg, shorten, text_width
from tutor.review.habits import habits_of
from tutor.review.judge import (
    CLASSES,
    THRESHOLDS,
    class_name,
    class_range,
    classify,
)
from tutor.review.match import FilesReview
from tutor.review.observations import MAXIMS
from tutor.review.review import (
    Decision,
    PlayerSummary,
    Review,
    costliest,
    match_costliest,
    match_summary,
)

__all__ = [
    "review_page",
    "match_page",
    "files_page",
    "loss_chart_svg",
    "CLASS_COLOURS",
    "CSS",
    "html_page",
    "about",
    "scrolled",
    "score_section",
    "took_html",
    "record_note",
    "hand_result",
    "contents_nav",
    "match_result",
    "record_title",
    "hand_id",
    "hand_name",
    "notation_legend",
    "rule48_board",
]

CLASS_COLOURS = {
    "forced": "#5f6b7a",
    "best": "#137333",
    "good": "#00766a",
    "inaccuracy": "#8a6a00",
    "mistake": "#b45309",
    "blunder": "#c5221f",
}
"""The badge colour of each class: dark enough that its white text reaches WCAG AA's 4.5:1."""

SIDE_COLOURS = ("#2962ff", "#d81b60", "#00897b", "#8e24aa")
SIDE_DASHES = ("", "8 4", "2 3", "10 3 2 3")
"""Each side's line pattern in the chart (and a marker of its own): it reads without colour."""

CSS = """
:root { --ink: #1d2430; --muted: #5f6b7a; --line: #dde3ea; --bg: #f5f7fa; --card: #fff; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--bg); }
main { max-width: 1040px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.6rem; margin: 8px 0 4px; line-height: 1.25; }
h2 { font-size: 1.2rem; margin: 28px 0 10px; }
h2.summary { margin: 16px 0 10px; }
.hand { border-top: 3px solid #c7ced6; margin-top: 36px; }
.hand h3 { font-size: 1.1rem; margin: 24px 0 10px; }
.hand h3.summary { margin: 16px 0 10px; }
.file { border-top: 6px double #9aa5b1; margin-top: 48px; }
.file > h2 { font-size: 1.4rem; }
.file .hand h4 { font-size: 1.05rem; margin: 20px 0 10px; }
.file .hand h4.summary { margin: 16px 0 10px; }
ul.files { margin: 0; padding-left: 20px; }
ul.files > li { margin: 0 0 8px; }
ul.hands { margin: 0; padding-left: 20px; columns: 20em; }
ul.hands li { break-inside: avoid; }
h1, h2, h3, h4, h5, p, li, .who { overflow-wrap: anywhere; }
.meta, .note, .hint { color: var(--muted); font-size: .92rem; }
.panel { background: var(--card); border: 1px solid var(--line); border-radius: 12px;
  padding: 14px 16px; margin: 12px 0; }
.players { display: grid; gap: 12px; margin: 12px 0;
  grid-template-columns: repeat(auto-fit, minmax(min(340px, 100%), 1fr)); }
/* 340 px: a player's habits table fits the card (four at 230 px spilled out of theirs) */
.players .panel { margin: 0; }
.player h3, .player h4, .player h5 { margin: 0 0 6px; font-size: 1.05rem; }
.figure { font-size: 2rem; font-weight: 700; line-height: 1.1; }
.figure small { font-size: .9rem; font-weight: 400; color: var(--muted); }
.chips { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.chip { border-radius: 999px; padding: 1px 10px; font-size: .85rem; color: #fff;
  background: var(--class); }
.badge { display: inline-block; border-radius: 6px; padding: 1px 9px; color: #fff;
  white-space: nowrap;
  font-weight: 700; font-size: .9rem; letter-spacing: .02em; background: var(--class); }
.badge.uncertain { outline: 2px dashed rgba(0,0,0,.35); outline-offset: 1px;
  background-image: linear-gradient(90deg, var(--class) 35%, var(--class-high)); }
.chart svg { width: 100%; max-width: 520px; height: auto; display: block; margin: 0 auto; }
table { border-collapse: collapse; }
.legend td, .legend th { padding: 3px 10px 3px 0; text-align: left; font-size: .92rem; }
.play { background: var(--card); border: 1px solid var(--line); border-left: 6px solid #c7ced6;
  border-radius: 12px; margin: 14px 0; padding: 12px 14px; }
.play > header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; }
.play h3, .play h4, .play h5 { margin: 0; font-size: 1rem; font-weight: 400; }
.who { font-weight: 700; }
.move, .cards { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.move { white-space: nowrap; }  /* a move never splits between its card and what it took */
.cost { color: var(--muted); font-size: .92rem; }
.body { display: grid; gap: 12px 18px; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  grid-template-areas: "position facts" "position board"; grid-template-rows: auto 1fr;
  margin-top: 10px; }
.body > .position { grid-area: position; margin: 0; }
.facts { grid-area: facts; }
.facts > :last-child { margin-bottom: 0; }
.rule48 { grid-area: board; align-self: start; }
.position svg { width: 100%; height: auto; display: block; }
.took { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 0 0 8px; }
.took svg { height: 54px; width: auto; }
ul.obs { list-style: none; margin: 8px 0; padding: 0; }
ul.obs li { margin: 0 0 8px; padding-left: 10px; border-left: 3px solid #c7ced6; }
ul.obs li.praise { border-left-color: #137333; }
ul.obs li.against { border-left-color: #b45309; }
.code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85rem;
  background: #eef1f5; border-radius: 4px; padding: 0 5px; }
.maxim { color: var(--muted); font-size: .85rem; font-style: italic; }
.costliest { font-size: .9rem; margin: 8px 0 0; }
.habits { font-size: .9rem; margin: 6px 0 0; }
.habits-box { overflow-x: auto; margin: 6px 0 0; }
table.habits { margin: 0; width: 100%; }
table.habits th, table.habits td { padding: 2px 0 2px 8px; vertical-align: bottom; }
table.habits td { vertical-align: top; border-top: 1px solid #eef1f5; }
table.habits th:first-child, table.habits td:first-child { padding-left: 0; text-align: left; }
table.habits td:not(:first-child), table.habits th:not(:first-child) { text-align: right; }
table.habits th:not(:first-child) { max-width: 6em; }  /* a long heading wraps between words */
a.back, .costliest a, .decisions td a, nav.panel a { display: inline-block; min-height: 24px;
  min-width: 24px; padding: 2px 0; }  /* a tap target of 24 x 24 CSS px at least */
.decisions td a { padding: 2px 4px; margin-left: -4px; }
.index { overflow-x: auto; }
.index th, .index td { padding: 2px 10px 2px 0; text-align: left; font-size: .9rem;
  border-bottom: 1px solid #eef1f5; }
.index td.num { text-align: right; white-space: nowrap; }
.play > header a.back { margin-left: auto; font-size: .85rem; }
.notation b { font-family: ui-monospace, Menlo, Consolas, monospace; }
.subtitle { margin: -6px 0 8px; }
.stance { color: var(--muted); font-size: .85rem; }
.board { overflow-x: auto; }
.board table { font-size: .8rem; min-width: 100%; }
.board th, .board td { padding: 1px 3px; text-align: right; border-bottom: 1px solid #eef1f5;
  white-space: nowrap; }
.board th:first-child, .board td:first-child { text-align: left; color: var(--muted); }
.board td.odd { font-weight: 700; color: #9a5a00; }
.board-caption { font-size: .85rem; color: var(--muted); margin: 0 0 2px; }
.hindsight { font-size: .9rem; color: #4a3b8f; }
.sources { font-size: .9rem; }
.reading { font-size: .9rem; color: #6b4a00; }
@media (max-width: 1000px) {  /* two columns only where a rule-of-48 board fits one */
  main { padding: 8px; }
  .play { padding: 10px 8px; }
  h1 { font-size: 1.3rem; }
  .body { grid-template-columns: minmax(0, 1fr); grid-template-areas: "position" "facts" "board";
    grid-template-rows: none; }
  .figure { font-size: 1.6rem; }
}
@media (max-width: 560px) {  /* a phone: the rule-of-48 board's ten values fit the width */
  .board table { font-size: .68rem; }
  .board th, .board td { padding: 1px 1px; }
  /* the decisions as cards: the play, the player and the move on a line, then the class, the
     cost and the best move, each named (the table was 621 px wide in a box of 325) */
  .decisions thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); white-space: nowrap; }
  .decisions table, .decisions tbody { display: block; }
  .decisions tr { display: flex; flex-wrap: wrap; align-items: center; gap: 0 10px;
    padding: 4px 0; border-bottom: 1px solid #eef1f5; }
  .decisions td { padding: 0; border: 0; }
  .decisions tr::after { content: ""; flex-basis: 100%; order: 1; }  /* the break */
  .decisions td:nth-child(n+4) { order: 2; }
  .decisions td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
  .decisions td:empty { display: none; }
}
@media (max-width: 400px) {  /* a small phone: the board's ten values still fit the width */
  .play { padding: 10px 6px; }
  .board table { font-size: .62rem; }
  .board th, .board td { padding: 1px 0; }
  .board th:first-child, .board td:first-child { padding-right: 2px; }
}
@media print {
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  body { background: #fff; }
  .panel, .play, .legend tr, ul.obs li { break-inside: avoid; }
  h2, h3, h4, .play > header, .board-caption { break-after: avoid; }
  .hand, .file { break-before: page; }
  .file > .hand:first-of-type { break-before: avoid; }
  /* the board under the facts, beside the drawing, so that a page holds two or three plays */
  html, body { font-size: 10pt; }
  main { padding: 0; }
  .play { padding: 6px 10px; margin: 6px 0; }
  .took { margin: 0 0 4px; }
  .took svg { height: 40px; }
  .facts p { margin: 4px 0; }
  ul.obs { margin: 4px 0; }
  ul.obs li { margin: 0 0 4px; }
  .body { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); gap: 8px 12px;
    grid-template-areas: "position facts" "position board"; grid-template-rows: auto 1fr; }
  .board { overflow: visible; }
  .board table { width: 100%; min-width: 0; font-size: .78rem; }
  .board th, .board td { padding: 0 1px; white-space: normal; overflow-wrap: anywhere; }
  .badge, .chip { color: var(--ink); background: #fff; border: 2px solid var(--class); }
  .badge.uncertain { background-image: none; border-right-color: var(--class-high); }
}
"""


def _badge(cls: str, uncertain: bool = False, high: float = 0.0) -> str:
    """A class's badge; an uncertain one names the classes its interval spans (up to the class
    of ``high``, the interval's high end) and is dashed."""
    text = class_range(cls, high) if uncertain else class_name(cls)
    extra = " uncertain" if uncertain else ""
    colours = f"--class:{CLASS_COLOURS[cls]}"
    if uncertain:
        doubt = markup(_("uncertain: the interval straddles a threshold"))
        title = f' title="{doubt}"'
        # from the milder class's colour to the harsher's: a best–blunder read green alone,
        # and a page skimmed by colour passed it as fine (HTML audit, stop 48)
        colours += f";--class-high:{CLASS_COLOURS[classify(high)]}"
    else:
        title = ""
    return f'<span class="badge{extra}" style="{colours}"{title}>{markup(text)}</span>'


def _nice_step(top: float) -> float:
    raw = top / 4 if top > 0 else 0.25
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def _marker(side: int, x: float, y: float, colour: str) -> str:
    """A side's marker centred on (x, y): a circle, a square, a triangle or a diamond."""
    head = f'class="marker side-{side}" fill="{colour}"'
    shape = side % 4
    if shape == 0:
        return f'<circle {head} cx="{x:.1f}" cy="{y:.1f}" r="4.5"/>'
    if shape == 1:
        return f'<rect {head} x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8"/>'
    corners = (
        [(0, -5.5), (5, 3.5), (-5, 3.5)]
        if shape == 2
        else [(0, -5.5), (5.5, 0), (0, 5.5), (-5.5, 0)]
    )
    path = " L".join(f"{x + dx:.1f} {y + dy:.1f}" for dx, dy in corners)
    return f'<path {head} d="M{path} Z"/>'


def _side_labels(review: Review) -> list[str]:
    """Each side's name in the chart, or the players of it reviewed where only some were: the
    line is their points lost, not the side's ("North-South 2.45" for South's alone: HTML
    audit, stop 48)."""
    record = review.record
    reviewed = {record.players[s] for s in review.seats}
    out = []
    for name, members in zip(record.team_names(), record.side_names(), strict=True):
        judged = [p for p in members if p in reviewed]
        out.append(name if len(judged) == len(members) or not judged else all_of(judged))
    return out


MARKER_ROOM = 10.0
"""How far apart two end markers of the chart must be, in pixels, to be told apart."""


def _end_markers(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Where each line's end marker goes: at the line's end, or, when another marker is
    already there (sides that end with the same loss), moved left, at the height of its
    end, until both show.

    >>> _end_markers([(400.0, 50.0), (400.0, 52.0), (400.0, 120.0)])
    [(400.0, 50.0), (390.0, 52.0), (400.0, 120.0)]
    """
    placed: list[tuple[float, float]] = []
    for x, y in points:
        while any(abs(x - px) < MARKER_ROOM and abs(y - py) < MARKER_ROOM for px, py in placed):
            x -= MARKER_ROOM
        placed.append((x, y))
    return placed


def loss_chart_svg(review: Review) -> str:
    """The running expected points lost by each side reviewed over the hand, as a step chart
    (a side none of whose players was reviewed has no line: a flat 0 would read as perfect
    play)."""
    series = review.running_loss()
    shown_sides = sorted({s % review.rules.sides for s in review.seats})
    sides = len(shown_sides)
    names = _side_labels(review)
    n = len(series) - 1
    top = max([max(row) for row in series] + [0.0])
    step = _nice_step(top)
    ymax = max(step, math.ceil(top / step - 1e-9) * step)
    # the legend above the plot, one side a line, so that long names never run into each other
    W, right, bottom, ph, spacing = 440.0, 10.0, 38.0, 154.0, 20.0
    levels = [k * step for k in range(int(ymax / step + 1e-9) + 1)]
    # room for the widest figure of the axis: "0.025" was drawn from x = -9 (HTML audit)
    left = max(40.0, 10.0 + max(text_width(number(v, "g"), 15) for v in levels))
    topm = 18 + spacing * (sides - 1) + 18
    H = topm + ph + bottom
    pw = W - left - right

    def x(i: float) -> float:
        return left + pw * (i / max(1, n))

    def y(v: float) -> float:
        return topm + ph * (1 - v / ymax)

    parts = [f'<rect x="{left:g}" y="{topm:g}" width="{pw:g}" height="{ph:g}" fill="#fafbfc"/>']
    legend: list[str] = []
    for v in levels:
        parts.append(
            f'<line x1="{left:g}" x2="{W - right:g}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            'stroke="#e3e8ee"/>'
            f'<text x="{left - 6:g}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="15" '
            f'fill="#5f6b7a">{number(v, "g")}</text>'
        )
    tick = max(1, round(n / 6))
    for i in range(0, n + 1, tick):
        parts.append(
            f'<text x="{x(i):.1f}" y="{H - bottom + 17:g}" text-anchor="middle" font-size="15" '
            f'fill="#5f6b7a">{i}</text>'
        )
    parts.append(
        f'<text x="{left + pw / 2:g}" y="{H - 3:g}" text-anchor="middle" font-size="15" '
        'fill="#5f6b7a">' + markup(_("play")) + "</text>"
    )
    ends = _end_markers([(x(n), y(series[-1][side])) for side in shown_sides])
    for row_no, side in enumerate(shown_sides):
        pts = []
        prev = 0.0
        for i, row in enumerate(series):
            if i:
                pts.append(f"{x(i):.1f},{y(prev):.1f}")
            pts.append(f"{x(i):.1f},{y(row[side]):.1f}")
            prev = row[side]
        colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
        dash = SIDE_DASHES[side % len(SIDE_DASHES)]
        pattern = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{" ".join(pts)}" fill="none" stroke="{colour}" '
            f'stroke-width="2.5" stroke-linejoin="round"{pattern}/>'
            + _marker(side, *ends[row_no], colour)
        )
        ly = 18 + spacing * row_no
        value = f": {number(series[-1][side])}"
        room = W - right - (left + 38) - text_width(value, 15)
        shown = isolated(shorten(names[side], 15, room)) + markup(value)
        legend.append(
            f'<line x1="{left:g}" x2="{left + 30:g}" y1="{ly - 5:g}" y2="{ly - 5:g}" '
            f'stroke="{colour}" stroke-width="2.5"{pattern}/>'
            + _marker(side, left + 15, ly - 5, colour)
            + f'<text x="{left + 38:g}" y="{ly:g}" font-size="15" fill="#1d2430">'
            f"<title>{isolated(names[side])}{markup(value)}</title>{shown}</text>"
        )
    totals = markup(", ").join(
        fill_markup(
            _("{name} {points}"), name=isolated(names[side]), points=number(series[-1][side])
        )
        for side in shown_sides
    )
    # the accessible name says what the chart shows, the legend's final figures included
    label = fill_markup(
        _("Expected points lost by each side, play by play; at the end: {totals}")
        if review.rules.partners
        else _("Expected points lost by each player, play by play; at the end: {totals}"),
        totals=totals,
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W:g} {H:g}" role="img" '
        f'aria-label="{label}" font-family="system-ui, sans-serif"><title>{label}</title>'
        + "".join(parts)
        + f'<g class="legend">{"".join(legend)}</g></svg>'
    )


def _board(review: Review, play: int, viewer: int, pre: str = "") -> str:
    """The rule-of-48 board from ``viewer``'s seat before ``play`` (its ids begin with
    ``pre``, as every id of the hand does: :func:`match_page` shows several)."""
    state = review.state_before(play)
    return rule48_board(state, review.record.players, review.style, viewer, f"{pre}board-{play}")


def rule48_board(
    state: GameState, players: Sequence[str], style: Style, viewer: int, ident: str
) -> str:
    """The rule-of-48 board of ``state`` from ``viewer``'s seat, as a small table under a
    caption with the id ``ident``: the review's page before a play, the replay's seen from
    a seat (``tutor replay --as P --html``) after one."""
    board = track(viewer_state(state, viewer), viewer, players, style)
    head = "".join(f'<th scope="col">{markup(style.rank_text(v))}</th>' for v in range(1, 11))
    # a word that fits the board's narrow columns ("DISPARI" made Italian boards scroll at
    # laptop width), the whole word in a tooltip when it is cut
    short, whole = pgettext("the parity in a narrow column", "ODD"), _("ODD")
    odd = (
        markup(short) if short == whole else f'<abbr title="{markup(whole)}">{markup(short)}</abbr>'
    )

    rows = [
        (_("captured"), [str(c.captured) for c in board.counts], None),
        (
            _("parity"),
            [markup(_("even")) if c.matched else odd for c in board.counts],
            "parity",
        ),
        (_("on table"), [str(c.table) for c in board.counts], None),
        (_("yours"), [str(c.mine) for c in board.counts], None),
        (_("unseen"), [str(c.unseen) for c in board.counts], None),
    ]
    body = []
    for name, cells, kind in rows:
        tds = "".join(
            f'<td class="odd">{cell}</td>' if kind and cell == odd else f"<td>{cell}</td>"
            for cell in cells
        )
        body.append(f'<tr><th scope="row">{markup(name)}</th>{tds}</tr>')
    um = values_text(board.unmatched, style)
    viewer_name = players[viewer]
    if is_you(viewer_name):
        caption = ngettext(
            "Rule of 48 from your seat: unmatched (captured an odd number of times) {values}; "
            "{n} unseen",
            "Rule of 48 from your seat: unmatched (captured an odd number of times) {values}; "
            "{n} unseen",
            board.unseen.bit_count(),
        )
    else:
        caption = ngettext(
            "Rule of 48 from {name}'s seat: unmatched (captured an odd number of times) {values}; "
            "{n} unseen",
            "Rule of 48 from {name}'s seat: unmatched (captured an odd number of times) {values}; "
            "{n} unseen",
            board.unseen.bit_count(),
        )
    caption = fill_markup(
        caption,
        name=bdi(viewer_name),
        values=markup(um),
        n=str(board.unseen.bit_count()),
    )
    value = markup(_("value"))
    # The caption stands outside the board, which scrolls when the column is too narrow for it
    # (a phone): a scrolling board is a region named by the caption, which a keyboard reaches
    # (tabindex) so that it can scroll it, and a screen reader user knows what they scroll.
    region = scrolled(ident)
    return (
        f'<div class="rule48"><p class="board-caption" id="{ident}">{caption}</p>'
        f'<div class="board" {region}><table>'
        f'<tr><th scope="col">{value}</th>{head}</tr>' + "".join(body) + "</table></div></div>"
    )


def _names_isolated(text: str, names: Sequence[str]) -> str:
    """``text`` (made by the tutor, naming players) escaped, each name in it in ``<bdi>``: the
    sentence was formatted before it reached the page, so its names are found again here (a
    word that only looks like a name is isolated too, which changes nothing in how it reads;
    never the inside of an escape such as ``&amp;``)."""
    escaped = markup(text)
    shown = sorted({markup(n) for n in names if n}, key=len, reverse=True)
    if not shown:
        return escaped
    pattern = "|".join(re.escape(n) for n in shown)
    return re.sub(rf"(?<![\w&#])(?:{pattern})(?!\w)", lambda m: f"<bdi>{m.group()}</bdi>", escaped)


def _obs_list(d: Decision, names: Sequence[str]) -> str:
    items = []
    for o in d.observations:
        kind = "against" if o.against else "praise"
        maxim = MAXIMS[o.maxim]
        # the observation and the maxim in the page's words; their codes (the same in every
        # language, as in the JSON and docs/strategy.md) in a tooltip and a data attribute
        # the colour says it, and so do words: colour alone is no carrier (HTML audit, stop 48)
        stance = _("against a maxim") if o.against else _("as a maxim advises")
        items.append(
            f'<li class="{kind}" data-code="{markup(o.code)}" data-maxim="{markup(o.maxim)}">'
            f'<span class="code" title="{markup(o.code)}">{markup(observation_label(o.code))}'
            f'</span> <span class="stance">({markup(stance)})</span> '
            f"{_names_isolated(o.text, names)} "
            f'<span class="maxim" title="{markup(o.maxim)}">{markup(maxim.shown_title())}</span>'
            "</li>"
        )
    return f'<ul class="obs">{"".join(items)}</ul>' if items else ""


def _verdict(d: Decision, style: Style) -> str:
    j = d.judgement
    if j.classification == "forced":
        if len(j.moves) == 1:
            return '<p class="cost">' + markup(_("Forced: one legal move.")) + "</p>"
        return '<p class="cost">' + markup(_("Forced: every move is worth the same.")) + "</p>"
    if j.exact:
        how = _("exact (every card known by counting)")
    else:
        how = ngettext("{n} sampled deal", "{n} sampled deals", j.samples).format(n=j.samples)
    if j.stopped == "time":
        how = _("{how}, time budget spent").format(how=how)
    cost = j.cost_text()
    move = f'<span class="move">{markup(j.best.text(style))}</span>'
    if j.best == d.move:
        sentence = _("Cost {cost} points; the move played is the best; {how}.")
    else:
        sentence = _("Cost {cost} points; best: {move}; {how}.")
    filled = fill_markup(sentence, cost=markup(cost), move=move, how=markup(how))
    return f'<p class="cost">{filled}</p>'


def _hindsight(d: Decision, style: Style) -> str:
    h = d.hindsight
    if h is None:
        return ""
    cost = number(h.cost) if h.exact else f"{number(h.cost)} {bounds(h.low, h.high)}"
    label = h.label_text()
    sentence = fill_markup(
        _("{label}: best {move}, cost {cost}. Hindsight never changes the class."),
        label=f"<b>{markup(label[:1].upper() + label[1:])}</b>",
        move=f'<span class="move">{markup(h.best.text(style))}</span>',
        cost=markup(cost),
    )
    return f'<p class="hindsight">{sentence}</p>'


def _play(
    review: Review, n: int, decision: Decision | None, pre: str = "", lv: int = 2, place: str = ""
) -> str:
    """One play as an article whose heading is of level ``lv + 1``; ``place`` (text, such as
    "hand 2") names its hand on a page of several, in the name of its way back."""
    record = review.record
    style = record.style
    state = review.state_before(n)
    mover = state.turn
    move = record.moves()[n - 1]
    viewer = mover if mover in review.seats else review.seats[0]
    view = viewer_state(state, viewer)
    who = markup(record.players[mover])  # in <bdi class="who"> below
    entry = record.plays[n - 1]
    badge = ""
    border = "#c7ced6"
    if decision is not None:
        j = decision.judgement
        badge = _badge(j.classification, j.uncertain, j.high)
        border = CLASS_COLOURS[j.classification]
    seat = (
        _("Before play {n}, from your seat")
        if is_you(record.players[viewer])
        else _("Before play {n}, from {name}'s seat")
    )
    caption = fill(seat, n=n, name=record.players[viewer])
    facts = [took_html(move, style)]
    if decision is not None:
        facts.append(_verdict(decision, style))
        facts.append(_obs_list(decision, record.players))
        reading = decision.reading_text(style)
        if reading is not None:
            label = markup(_("reading:"))
            text = _names_isolated(reading, record.players)
            facts.append(f'<p class="reading"><b>{label}</b> {text}</p>')
        sources = None if decision.sources is None else decision.sources.text()
        if sources is not None:
            facts.append(f'<p class="sources">{markup(sources)}</p>')
        facts.append(_hindsight(decision, style))
    facts.append(record_note(entry.shown_note()))
    heading = fill_markup(
        _("Play {n}: {player} {move}"),
        n=str(n),
        player=f'<bdi class="who">{who}</bdi>',
        move=f'<span class="move">{markup(move.text(style))}</span>',
    )
    to_index = markup(_("all decisions"))  # out of the f-string: the extractor reads it
    # each way back named for its play: a screen reader's list of links held 36 "all decisions"
    if place:
        named = _("all decisions, back from {place}, play {n}").format(place=place, n=n)
    else:
        named = _("all decisions, back from play {n}").format(n=n)
    back = (
        f'<a class="back" href="#{pre}decisions" aria-label="{markup(named)}">{to_index}</a>'
        if review.decisions
        else ""
    )
    return (
        f'<article class="play" id="{pre}play-{n}" style="border-left-color:{border}"><header>'
        f"<h{lv + 1}>{heading}</h{lv + 1}>{badge}{back}</header>"
        f'<div class="body"><figure class="position">'
        f"{position_svg(view, viewer, record.players, style, caption_markup=caption)}</figure>"
        f'<div class="facts">{"".join(facts)}</div>{_board(review, n, viewer, pre)}</div></article>'
    )


def record_note(note: str | None) -> str:
    """The record's note on a play (user text: escaped, isolated), or nothing: the review's
    page and the replay's."""
    if not note:
        return ""
    return '<p class="note">' + fill_markup(_("Record's note: {note}"), note=bdi(note)) + "</p>"


def took_html(move: Move, style: Style, extra: str = "") -> str:
    """The card played and what it took (or that it was laid), drawn: a play on the review's
    page and the replay's; ``extra`` (markup) follows, such as a scopa's mark."""
    took = f"{cards_svg([move.card], style, width=36)}"
    if move.capture:
        takes = markup(_("takes"))
        took += f" <span>{takes}</span> {cards_svg(move.capture, style, width=36)}"
    else:
        took += " <span>" + markup(_("laid on the table")) + "</span>"
    return f'<div class="took">{took}{extra}</div>'


def _doubts(summary: PlayerSummary, cls: str) -> str:
    """A chip's tooltip saying how many of its decisions are uncertain, or nothing."""
    k = summary.uncertain.get(cls, 0)
    if not k:
        return ""
    said = ngettext(
        "{k} of them uncertain: the interval of the cost straddles a threshold",
        "{k} of them uncertain: the interval of the cost straddles a threshold",
        k,
    ).format(k=k)
    return f' title="{markup(said)}"'


def _summary(
    summaries: dict[str, PlayerSummary],
    worst: dict[str, str],
    lv: int = 2,
    decisions: Sequence[Decision] = (),
) -> str:
    """A card per player: accuracy, points lost, the classes, and ``worst[name]`` (links to
    their costliest decisions and their habits); under the cards, once, what the habits'
    tables count as costly (``decisions``: every one the cards sum)."""
    cards = []
    for name, s in summaries.items():
        acc = "\u2013" if s.accuracy is None else number(s.accuracy / 100, ".1%")
        acc_label = markup(" ".join(filter(None, (_("accuracy"), accuracy_bounds_text(s)))))
        chips = "".join(
            f'<span class="chip" style="--class:{CLASS_COLOURS[c]}"{_doubts(s, c)}>'
            f"{markup(class_name(c))} {class_count(s, c)}</span>"
            for c in CLASSES
            if s.counts[c]
        )
        lost = ngettext(
            "{points} expected points lost over {n} decision",
            "{points} expected points lost over {n} decisions",
            s.decisions,
        ).format(points=lost_text(s), n=s.decisions)
        cards.append(
            f'<div class="panel player"><h{lv + 1}>{bdi(name)}</h{lv + 1}>'
            f'<div class="figure">{acc} <small>{acc_label}</small></div>'
            f"<div>{markup(lost)}</div>"
            f'<div class="chips">{chips}</div>{worst.get(name, "")}</div>'
        )
    summary = markup(_("Summary"))
    legend = costly_legend(decisions)
    said = "" if legend is None else f'<p class="habits">{markup(legend)}</p>'
    return (
        f'<section><h{lv} class="summary">{summary}</h{lv}>'
        f'<div class="players">{"".join(cards)}</div>{said}</section>'
    )


def _decisions_of(reviews: Sequence[Review], players: Iterable[str]) -> list[Decision]:
    """Every decision of ``players`` over ``reviews``."""
    names = set(players)
    return [d for r in reviews for d in r.decisions if d.player in names]


def _costliest_links(mine: Sequence[tuple[str, str, Style, Decision]]) -> str:
    """A player's costliest decisions, each ``(anchor, label, notation, decision)`` a link to
    its play: where to look first, as the terminal's "Your costliest plays" line (the page had
    none: HTML audit, stop 48)."""
    if not mine:
        return ""
    links = markup("; ").join(
        f'<a href="#{anchor}">{markup(label)} '
        f'<span class="move">{markup(d.move.text(style))}</span></a> '
        + markup(d.judgement.cost_text())
        for anchor, label, style, d in mine
    )
    label = markup(ngettext("Costliest:", "Costliest:", len(mine)))  # Italian: one, or more
    return f'<p class="costliest"><b>{label}</b> {links}</p>'


def _habits_html(name: str, decisions: Sequence[Decision]) -> str:
    """A player's habits on the page, as the terminal gives them under the summary: where
    their points went, and the maxims their plays went against (:func:`habits_lines`)."""
    habits = habits_of(decisions)
    out = ""
    # the name left as a field, filled isolated (<bdi>): a right-to-left name must not turn
    # the sentence around it (render audit, stop 53)
    field = name if is_you(name) else "{player}"
    went = points_went_sentence(field, habits)
    if went is not None:
        out += f'<p class="habits">{fill_markup(went, player=bdi(name))}</p>'
    if habits.broken:
        heading, headers, rows = broken_maxims_parts(field, habits)
        named = fill_markup(heading, player=isolated(name))  # the box's name: no element
        heading = fill_markup(heading, player=bdi(name))
        head = "".join(f'<th scope="col">{markup(h)}</th>' for h in headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{markup(cell)}</td>" for cell in row) + "</tr>" for row in rows
        )
        out += (
            f'<p class="habits"><b>{heading}</b></p>'
            # inside the player's card: a box that scrolls where the card is too narrow still
            f'<div class="habits-box" role="region" aria-label="{named}" tabindex="0">'
            f'<table class="habits"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
            "</div>"
        )
    return out


def _hand_costliest(review: Review, pre: str) -> dict[str, str]:
    """Each reviewed player's costliest decisions of one hand, as links (:func:`_summary`)."""
    style = review.record.style
    return {
        name: _costliest_links(
            [
                (f"{pre}play-{d.play}", _("play {n}:").format(n=d.play), style, d)
                for d in costliest(review, name)
            ],  # fmt: skip
        )
        + _habits_html(name, [d for d in review.decisions if d.player == name])
        for name in review.players
    }


def _players_over(
    reviews: Sequence[Review], place: Callable[[Review, Decision], tuple[str, str]]
) -> dict[str, str]:
    """Under each player's figures over ``reviews`` (several hands: a match, several files),
    their costliest decisions as links, each placed by ``place`` (its anchor and its label),
    then their habits over them all (:func:`_summary`)."""
    return {
        name: _costliest_links(
            [(*place(r, d), r.record.style, d) for r, d in match_costliest(reviews, name)]
        )
        + _habits_html(name, [d for r in reviews for d in r.decisions if d.player == name])
        for name in match_summary(reviews)
    }


def scrolled(heading: str) -> str:
    """The attributes of a table's box that scrolls sideways when the page is narrow: a
    keyboard can reach it to scroll it, and a screen reader says what it holds (render audit,
    stop 53: the boards had them, the decisions and the score did not)."""
    return f'role="region" aria-labelledby="{heading}" tabindex="0"'


def _index(review: Review, pre: str = "", lv: int = 2) -> str:
    """Every decision judged on one line, each a link to its play: the page's table of
    contents (a review of 36 plays was some 20,000 pixels to scroll: HTML audit, stop 48)."""
    style = review.record.style
    names = (
        pgettext("the column of the play's number", "play"),  # not a second "giocata"
        _("player"),
        _("move"),
        _("class"),
        _("cost"),
        _("best"),
    )
    # on a phone each row is a card and its cost and best move say what they are (CSS)
    cost_label, best_label = markup(names[4]), markup(names[5])
    rows = []
    for d in review.decisions:
        j = d.judgement
        cost = j.cost_text()
        best = "" if j.best == d.move else markup(j.best.text(style))
        rows.append(
            f'<tr><td><a href="#{pre}play-{d.play}">{d.play}</a></td>'
            f'<td class="who">{bdi(d.player)}</td>'
            f'<td class="move">{markup(d.move.text(style))}</td>'
            f"<td>{_badge(j.classification, j.uncertain, j.high)}</td>"
            f'<td class="num" data-label="{cost_label}">{markup(cost)}</td>'
            f'<td class="move" data-label="{best_label}">{best}</td></tr>'
        )
    head = "".join(f'<th scope="col">{markup(h)}</th>' for h in names)
    title = markup(_("Decisions"))
    return (
        f'<section class="panel" id="{pre}decisions">'
        f'<h{lv} style="margin-top:0" id="{pre}decisions-title">{title}</h{lv}>'
        f'<div class="index decisions" {scrolled(f"{pre}decisions-title")}>'
        f"<table><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def score_section(hand: HandReplay, pre: str = "", lv: int = 2, leftovers: bool = True) -> str:
    """The hand's result as ``tutor replay`` gives it: the cards the last to capture took
    (unless ``leftovers`` is False: the replay's page says it on the last play, shown beside
    this), then each category's counts and points and the total (a player studying the hand
    had to run replay for it: HTML audit, stop 48); nothing for a hand the record leaves
    unfinished. The review's page and the replay's alike."""
    record = hand.record
    if hand.score is None:
        return ""
    style = record.style
    names = record.team_names()
    parts = []
    if leftovers and hand.leftover is not None and hand.leftover.cards:
        said = leftover_sentence(hand.leftover.player)
        left = format_cards(sorted(hand.leftover.cards), style)
        cards = f'<span class="cards">{markup(left)}</span>'  # a list: wraps between cards
        parts.append(
            '<p class="note">'
            + fill_markup(said, player=bdi(hand.leftover.player), cards=cards)
            + "</p>"
        )
    sides = hand.score.sides
    category, pts = markup(_("category")), markup(_("pts"))
    head = f'<th scope="col">{category}</th>' + "".join(
        f'<th scope="col" class="who">{bdi(n)}</th><th scope="col">{pts}</th>' for n in names
    )

    def drawn(cell: ScoreCell) -> str:
        before, cards, after = cell
        shown = " ".join("-" if c is None else format_card(c, style) for c in cards)
        return markup(before + shown + after)

    rows = []
    for key, entries in score_cells(hand.score, record.ruleset):  # as replay's table
        cells = "".join(
            f'<td>{drawn(entry)}</td><td class="num">{side.points.get(key, 0) or ""}</td>'
            for side, entry in zip(sides, entries, strict=True)
        )
        rows.append(f'<tr><th scope="row">{markup(category_name(key))}</th>{cells}</tr>')
    total = "".join(f'<td></td><td class="num"><b>{side.total}</b></td>' for side in sides)
    total_label = markup(_("total"))
    rows.append(f'<tr><th scope="row">{total_label}</th>{total}</tr>')
    title = markup(_("Score of the hand"))
    return (
        f'<section class="panel"><h{lv} style="margin-top:0" id="{pre}score-title">{title}</h{lv}>'
        f"{''.join(parts)}"
        f'<div class="index" {scrolled(f"{pre}score-title")}><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def _legend() -> str:
    forced = markup(_("one legal move, or every move equal"))
    rows = [f'<tr><th scope="row">{_badge("forced")}</th><td>{forced}</td></tr>']
    for (name, low), nxt in zip(THRESHOLDS, [*THRESHOLDS[1:], None], strict=True):
        if nxt:
            span = _("cost {low} to {high} points of the hand").format(
                low=number(low, "g"), high=number(nxt[1], "g")
            )
        else:
            span = _("cost {low} or more points of the hand").format(low=number(low, "g"))
        rows.append(f'<tr><th scope="row">{_badge(name)}</th><td>{markup(span)}</td></tr>')
    hint = _(
        "A dashed badge naming two classes (good–mistake) is uncertain: the 95% interval of the "
        "cost straddles a threshold, and spans those classes; the summary counts it under the "
        "milder, with ?."
    )
    return '<table class="legend">' + "".join(rows) + f'</table><p class="hint">{markup(hint)}</p>'


def _budget(review: Review) -> str:
    s = review.settings
    if s.time:
        return _("up to {n} sampled deals and {seconds} s per decision").format(
            n=s.samples, seconds=number(s.time, "g")
        )
    return _("up to {n} sampled deals per decision").format(n=s.samples)


def about(record: HandRecord) -> str:
    """The record's own words about the hand (where it was played, when, what to know of it):
    the review's page and the replay's."""
    return "".join(
        f'<p class="meta">{fill_markup(label, text=bdi(text))}</p>'
        for key, label in (
            ("event", _("Event: {text}")),
            ("date", _("Date: {text}")),
            ("note", _("Note: {text}")),
        )
        for text in [record.info_text(key)]
        if text
    )


def notation_legend(style: Style) -> str:
    """What the letters of a card and of a play mean in ``style`` (markup, a sentence: the
    review's page and the replay's): built from the style's own letters and names, so that
    ``RC x 2S FS`` reads in any deck."""

    def letter(text: str) -> str:
        return f"<b>{markup(text)}</b>"

    ace = markup(_("ace"))  # out of the f-string: the extractor reads it
    values = markup(", ").join(
        [f"{letter(style.rank_text(1))} {ace}"]
        + [f"{letter(style.rank_text(v))} {markup(style.value_name(v))}" for v in (8, 9, 10)]
    )
    suits = markup(", ").join(
        f"{letter(style.suits[i])} {markup(style.suit_name(i))}" for i in range(4)
    )
    said = _(
        "Cards ({deck} deck): the value, then the suit. Values: {values}, and 2 to 7 as "
        "digits; suits: {suits}. In a play, {x} parts the card played from the cards it takes."
    )
    filled = fill_markup(
        said, deck=markup(style.shown_name()), values=values, suits=suits, x=letter("x")
    )
    return f'<span class="notation">{filled}</span>'


def _notations(styles: Sequence[Style]) -> str:
    """The legend of each deck of ``styles`` (:func:`notation_legend`), each once."""
    shown = {style.name: style for style in styles}
    return "".join(f'<p class="meta">{notation_legend(s)}</p>' for s in shown.values())


def _chart(review: Review, lv: int = 2) -> str:
    cost_hint = _(
        "The cost of a decision is the best move's value minus the value of the move played, in "
        "points of the hand, judged only from what the mover could know."
    )
    lost = markup(_("Expected points lost"))
    return (
        f'<section class="panel chart"><h{lv} style="margin-top:0">{lost}</h{lv}>'
        f"{loss_chart_svg(review)}"
        f'<p class="hint">{markup(cost_hint)}</p></section>'
    )


def _classes() -> str:
    classes = markup(_("Classes"))
    return f'<section class="panel"><h2 style="margin-top:0">{classes}</h2>{_legend()}</section>'


def _plays(review: Review, pre: str, lv: int = 2, place: str = "") -> str:
    """Every play of the hand with its judgement, and the hand's score, under a heading of
    ``lv`` (``place``: the hand's name on a page of several, :func:`_play`)."""
    record = review.record
    by_play = {d.play: d for d in review.decisions}
    plays = "".join(
        _play(review, n, by_play.get(n), pre, lv, place) for n in range(1, len(record.plays) + 1)
    )
    skipped = "".join(
        '<p class="note">'
        + fill_markup(
            _("Play {n} not reviewed: {why}"), n=str(n), why=_names_isolated(why, record.players)
        )
        + "</p>"
        for n, why in review.skipped
    )
    interrupted = _interrupted_note() if review.interrupted else ""
    if not record.plays:  # a hand with no play: no empty heading (match audit, stop 55)
        return f"{skipped}{interrupted}"
    title = markup(_("Play by play"))
    score = score_section(replay_hand(record), pre, lv)
    return f"<h{lv}>{title}</h{lv}>{skipped}{interrupted}{plays}{score}"


def _interrupted_note() -> str:
    said = markup(_("Interrupted: the review stops at the last decision judged."))
    return f'<p class="note">{said}</p>'


def html_page(
    title: str,
    heading: str,
    meta: str,
    body: str,
    made_by: str | None = None,
    css: str = "",
    script: str = "",
) -> str:
    """A whole page: ``title`` (the window's, filled by :func:`fill`: text isolated, no
    element) and the others are markup; ``made_by`` (text) says what made it (the review by
    default); ``css`` adds to :data:`CSS`, and ``script`` (the replay's stepper) runs at the
    end of the body, once every element it works on is there."""
    if made_by is None:
        made_by = _(
            "Made by the Scopone tutor (tutor review). Maxims: {maxims}; method and thresholds: "
            "docs/review.md."
        ).format(maxims=_("docs/strategy.md"))
    ending = f"<script>{script}</script>" if script else ""
    meta_line = f'<p class="meta">{meta}</p>' if meta else ""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{CSS}{css}</style></head>"
        f"<body><main><h1>{heading}</h1>"
        f"{meta_line}{body}"
        f'<p class="hint">{markup(made_by)}</p>'
        f"</main>{ending}</body></html>\n"
    )


def record_title(record: HandRecord) -> str:
    """A hand's title (text): the record's own, or what it is: the review's pages and the
    replay's."""
    return record.info_text("title") or _("A hand of {ruleset}").format(ruleset=record.ruleset.name)


def _judged(review: Review, pre: str, lv: int) -> str:
    """A hand's summary per player, its decisions and its chart, under headings of ``lv``;
    as the terminal says it, no empty summary cards and no chart of one point when there is
    no decision."""
    if not review.decisions:
        nothing = markup(_("No decision to review."))
        return f'<p class="note">{nothing}</p>'
    return (
        f"{_summary(review.summary(), _hand_costliest(review, pre), lv, review.decisions)}"
        f"{_index(review, pre, lv)}{_chart(review, lv)}"
    )


def _meta(first: Review, rulesets: Sequence[str], reviewed: str, players: Sequence[str]) -> str:
    """The line under a page's heading: the ``rulesets``, what was ``reviewed``, the seed, the
    ``players`` reviewed and the budget of each decision (``first``'s, as every review's)."""
    shown = markup(", ").join(bdi(name) for name in players)
    return markup(" \u00b7 ").join(
        (
            markup(", ".join(dict.fromkeys(rulesets))),
            markup(reviewed),
            markup(_("seed {n}").format(n=first.seed)),
            fill_markup(_("reviewed: {players}"), players=shown),
            markup(_budget(first)),
        )
    )


def review_page(review: Review) -> str:
    """The whole report as one HTML document (a string)."""
    record = review.record
    title = record_title(review.record)
    meta = _meta(review, [record.ruleset.name], _("hand {n}").format(n=review.hand), review.players)
    judged = _judged(review, "", 2) + (_classes() if review.decisions else "")
    return html_page(
        fill(_("Review: {title}"), title=title),  # the window's title: text, no element
        fill_markup(_("Review: {title}"), title=bdi(title)),
        meta,
        f"{about(record)}{_notations([record.style])}{judged}{_plays(review, '')}",
    )


def hand_result(replay: MatchReplay, hand: int) -> str:
    """Hand ``hand``'s points by side, after its link in a match's contents, in the match's
    side order (the seats turn with the deal); a hand the record leaves unfinished says so."""
    if hand > len(replay.match.hands):  # only finished hands score
        return markup(": " + _("not played to the end"))
    points = replay.match.hands[hand - 1]
    names = replay.shown_sides()
    shown = markup(", ").join(f"{bdi(name)} {p}" for name, p in zip(names, points, strict=True))
    return f": {shown}"


def hand_id(hand: int, file: int | None = None) -> str:
    """The beginning of every id of a match's hand ``hand`` on :func:`match_page`, and of the
    hand of file ``file`` (1 = the first) on :func:`files_page`: ids unique on the page."""
    return f"h{hand}-" if file is None else f"f{file}-h{hand}-"


def hand_name(hand: int, hands: int) -> str:
    """A hand's heading on a page of several: "Hand 2 of 4", and "Hand 1" in a file of one
    ("of 1" said nothing)."""
    if hands == 1:
        return _("Hand {n}").format(n=hand)
    return _("Hand {n} of {hands}").format(n=hand, hands=hands)


def _hands(
    replay: MatchReplay, reviews: Sequence[Review], file: int | None, lv: int, back: str
) -> tuple[str, str]:
    """The hands of a match reviewed, as a page of several shows them: their lines in the
    page's list (each a link, the hand's points and how far Ctrl-C let its review go) and
    their sections, each under a heading of ``lv`` with a way back to the list
    (``#hands``, named ``back``, as every way back to it on the page), every id beginning as
    :func:`hand_id` says."""
    items = []
    sections = []
    back = markup(back)
    for r in reviews:
        pre = hand_id(r.hand, file)
        name = markup(hand_name(r.hand, len(replay.hands)))
        if file is None:
            place = _("hand {n}").format(n=r.hand)
        else:
            place = _("file {file}, hand {n}").format(file=file, n=r.hand)
        cut = ""
        if r.interrupted:  # the hand Ctrl-C cut short, said where it is listed and shown
            last = max((d.play for d in r.decisions), default=0)
            cut = markup(" " + _("(reviewed up to play {n})").format(n=last))
        items.append(f'<li><a href="#{pre}hand">{name}</a>{hand_result(replay, r.hand)}{cut}</li>')
        stopped = _interrupted_note() if r.interrupted else ""
        titled = bdi(record_title(r.record))
        sections.append(
            f'<section class="hand" id="{pre}hand"><h{lv}>{name}</h{lv}>'
            f'<p class="meta">{titled} \u00b7 <a class="back" href="#hands">{back}</a></p>'
            f"{stopped}{about(r.record)}{_judged(r, pre, lv + 1)}"
            f"{_plays(r, pre, lv + 1, place)}</section>"
        )
    return f'<ul class="hands">{"".join(items)}</ul>', "".join(sections)


def match_result(replay: MatchReplay) -> str:
    """Who won the match, or who leads, as the list of its hands ends: the review's page and
    the replay's."""
    verdict = markup(match_verdict(replay.match, replay.shown_sides()))
    return f'<p class="result"><b>{verdict}</b></p>'


def contents_nav(title: str, body: str) -> str:
    """The page's list of what it holds, ``#hands`` (each part links back to it), under
    ``title`` (text): the review's pages and the replay's."""
    return (
        f'<nav class="panel" id="hands" aria-labelledby="hands-title">'
        f'<h2 style="margin-top:0" id="hands-title">{markup(title)}</h2>{body}</nav>'
    )


def match_page(reviews: Sequence[Review], replay: MatchReplay) -> str:
    """A match's review as one HTML document (``tutor review --match --html``): the figures
    of each player over the hands reviewed, the hands with their points and the match's
    result (``replay``: the file's every hand, :func:`tutor.records.replay.replay_match`),
    then each hand as :func:`review_page` shows it, under its own heading with a way back to
    the list, every id beginning ``h<hand>-``."""
    first = reviews[0]
    event = first.record.info_text("event")
    if event:
        title = fill(_("Review of the match: {event}"), event=event)
        heading = fill_markup(_("Review of the match: {event}"), event=bdi(event))
    else:
        heading = title = markup(
            _("Review of a match of {ruleset}").format(ruleset=first.record.ruleset.name)
        )
    summaries = match_summary(reviews)
    meta = _meta(
        first, [first.record.ruleset.name], hands_reviewed(reviews, len(replay.hands)),
        list(summaries),
    )  # fmt: skip
    worst = _players_over(
        reviews,
        lambda r, d: (
            f"{hand_id(r.hand)}play-{d.play}",
            _("hand {hand}, play {n}:").format(hand=r.hand, n=d.play),
        ),
    )
    listed, sections = _hands(replay, reviews, None, 2, _("all hands"))
    contents = contents_nav(_("Hands"), listed + match_result(replay))
    interrupted = _interrupted_note() if reviews[-1].interrupted else ""
    return html_page(
        title,
        heading,
        meta,
        f"{_notations([r.record.style for r in reviews])}{interrupted}"
        f"{_summary(summaries, worst, 2, _decisions_of(reviews, summaries))}{contents}"
        f"{_classes()}{sections}",
    )


def _file_title(records: Sequence[HandRecord]) -> str:
    """A file's heading on :func:`files_page`: a match's event, a hand's title (or event), or
    what it holds."""
    first = records[0]
    if len(records) > 1:
        return first.info_text("event") or _("A match of {ruleset}").format(
            ruleset=first.ruleset.name
        )
    return (
        first.info_text("title")
        or first.info_text("event")
        or _("A hand of {ruleset}").format(ruleset=first.ruleset.name)
    )


def files_page(review: FilesReview) -> str:
    """A review of several files as one HTML document (``tutor review A.yaml B.yaml --html``):
    each player's figures, costliest plays (links to them) and habits over every hand
    reviewed, the files with their hands and results, then each file under its own heading
    with its hands as :func:`match_page` shows them, every id beginning ``f<file>-``."""
    reviews = review.reviews
    first = reviews[0]
    count = len(review.files)
    heading = markup(ngettext("Review of {n} file", "Review of {n} files", count).format(n=count))
    summaries = review.summary
    meta = _meta(first, [r.record.ruleset.name for r in reviews], files_reviewed(review),
                 list(summaries))  # fmt: skip
    placed = {id(r): (k, name) for k, (name, m) in enumerate(review.files, 1) for r in m.reviews}
    worst = _players_over(
        reviews,
        lambda r, d: (
            f"{hand_id(r.hand, placed[id(r)][0])}play-{d.play}",
            _("{file}, hand {hand}, play {n}:").format(
                file=placed[id(r)][1], hand=r.hand, n=d.play
            ),
        ),
    )
    listed = []
    sections = []
    # one name for every way back to the contents: "all files" and "all hands" led to it alike
    back_text = _("all files")
    back = markup(back_text)
    for k, (name, match) in enumerate(review.files, 1):
        replay = replay_match(match.records)
        hands, shown = _hands(replay, match.reviews, k, 3, back_text)
        verdict = ""
        if len(replay.hands) > 1:  # a match: who won it (one hand's points are its line's)
            verdict = match_result(replay)
        title = bdi(_file_title(match.records))
        # the file's name as given, under its title (a long path made a poor heading)
        file_name = fill_markup(_("file {name}"), name=bdi(name))
        listed.append(
            f'<li><a href="#f{k}-file">{title}</a> <span class="meta">({file_name})</span>'
            f"{hands}{verdict}</li>"
        )
        event = match.records[0].info_text("event")
        said = ""
        if event and len(replay.hands) == 1:  # a match's event is its heading
            said = " \u00b7 " + fill_markup(_("Event: {text}"), text=bdi(event))
        sections.append(
            f'<section class="file" id="f{k}-file"><h2>{title}</h2>'
            f'<p class="meta subtitle">{file_name}{said} \u00b7 '
            f'<a class="back" href="#hands">{back}</a></p>{verdict}{shown}</section>'
        )
    contents = contents_nav(_("Files"), f'<ul class="files">{"".join(listed)}</ul>')
    interrupted = _interrupted_note() if review.interrupted else ""
    return html_page(
        heading,
        heading,
        meta,
        f"{_notations([r.record.style for r in reviews])}{interrupted}"
        f"{_summary(summaries, worst, 2, _decisions_of(reviews, summaries))}{contents}"
        f"{_classes()}{''.join(sections)}",
    )
