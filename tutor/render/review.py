"""The review and the position explanation on a terminal (rich renderables or plain text).

Pure functions of a :class:`tutor.review.review.Review` or a
:class:`tutor.review.explain.PositionExplanation`; text from the record (names, titles, notes,
observation texts that quote names) passes through :func:`tutor.render.safe.visible`.
"""

from __future__ import annotations

import math

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from tutor.render.safe import one_line, visible
from tutor.render.terminal import cards_text, move_text, new_table
from tutor.review.explain import PositionExplanation
from tutor.review.judge import CLASSES, THRESHOLDS
from tutor.review.review import Decision, Review

__all__ = ["CLASS_COLOURS", "class_label", "review_view", "explanation_view", "thresholds_text"]

CLASS_COLOURS = {
    "forced": "dim",
    "best": "bold green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "bold dark_orange",
    "blunder": "bold red",
}
"""How each class looks on a terminal."""


def class_label(decision: Decision) -> str:
    """The class, with ``?`` when the interval left it uncertain."""
    j = decision.judgement
    return j.classification + ("?" if j.uncertain else "")


def _interval(low: float, high: float) -> str:
    if not math.isfinite(high):
        return f"[{low:.2f}, ?]"
    return f"[{low:.2f}, {high:.2f}]"


def _how(decision: Decision) -> str:
    j = decision.judgement
    if j.classification == "forced":
        if len(j.moves) == 1:
            return "one legal move"
        return "all moves equal" + (" (exact)" if j.exact else f" ({j.samples} samples)")
    if j.exact:
        return "exact"
    how = f"{j.samples} samples"
    if j.stopped == "time":
        how += ", time up"
    return how


def thresholds_text() -> str:
    """The classes by cost, in one line (the table of ``docs/review.md``)."""
    parts = []
    for (name, low), nxt in zip(THRESHOLDS, [*THRESHOLDS[1:], None], strict=True):
        parts.append(f"{name} {low:g}" + (f"-{nxt[1]:g}" if nxt else "+"))
    return ", ".join(parts)


def _decision_rows(review: Review, rich: bool) -> list[RenderableType]:
    style = review.style
    rows: list[list[Text]] = []
    for d in review.decisions:
        j = d.judgement
        label = Text(class_label(d), style=CLASS_COLOURS[j.classification] if rich else "")
        rows.append(
            [
                Text(str(d.play)),
                Text(one_line(d.player)),
                move_text(d.move.card, d.move.capture, style, rich),
                label,
                Text(f"{j.cost:.2f}"),
                Text(_interval(j.low, j.high)),
                Text.assemble("best: ", move_text(j.best.card, j.best.capture, style, rich)),
                Text(_how(d)),
            ]
        )
    widths = [max([len(r[i].plain) for r in rows] + [1]) for i in range(8)]
    out: list[RenderableType] = []
    for d, row in zip(review.decisions, rows, strict=True):
        line = Text(" " * (widths[0] - len(row[0].plain)))
        for i, cell in enumerate(row):
            line.append_text(cell)
            if i and i < len(row) - 1:
                line.append(" " * (widths[i] - len(cell.plain)))
            line.append("  " if i < len(row) - 1 else "")
        out.append(line)
        notes: list[RenderableType] = []
        for o in d.observations:
            t = Text()
            t.append(o.code, style="bold" if rich else "")
            t.append(f": {visible(o.text)} [{o.maxim}]")
            notes.append(t)
        if d.hindsight is not None:
            h = d.hindsight
            notes.append(
                Text(
                    f"{visible(h.label)}: best {h.best.text(style)}, cost {h.cost:.2f}"
                    + ("" if h.exact else f" {_interval(h.low, h.high)}"),
                    style="dim" if rich else "",
                )
            )
        if notes:
            out.append(Padding(Group(*notes), (0, 0, 0, widths[0] + 2)))
    return out


def _summary_table(review: Review, rich: bool) -> RenderableType:
    table = new_table("player", *CLASSES, "points lost", "accuracy", rich=rich)
    for col in table.columns[1:]:
        col.justify = "right"
    for name, s in review.summary().items():
        acc = "-" if s.accuracy is None else f"{s.accuracy:.1f}%"
        table.add_row(one_line(name), *(str(s.counts[c]) for c in CLASSES),
                      f"{s.points_lost:.2f}", acc)  # fmt: skip
    return table


def review_view(review: Review, rich: bool = False) -> list[RenderableType]:
    """The review: a heading, one line per decision with its observations, the summary."""
    record = review.record
    bold = "bold" if rich else ""
    title = record.info.get("title")
    head = Text(f"Review: {one_line(title)}" if title else "Review of a hand", style=bold)
    s = review.settings
    budget = f"up to {s.samples} samples" + (f" and {s.time:g} s" if s.time else "")
    intro = Text(
        f"{one_line(record.ruleset.name)}, hand {review.hand}, seed {review.seed}; reviewed: "
        f"{', '.join(one_line(p) for p in review.players)}.\n"
        f"Cost: the best move's value minus the played move's, in points of the hand, with its "
        f"95% interval; {budget} per decision. Classes by cost: {thresholds_text()}; "
        "? = uncertain (the interval straddles a threshold: the milder class is given)."
    )
    out: list[RenderableType] = [head, intro, Text("")]
    if review.decisions:
        out.extend(_decision_rows(review, rich))
    else:
        out.append(Text("No decision to review."))
    for play, why in review.skipped:
        out.append(Text(f"Play {play} not reviewed: {visible(why)}"))
    out.append(Text(""))
    out.append(Text("Summary", style=bold))
    out.append(_summary_table(review, rich))
    out.append(
        Text(
            "Points lost: the sum of the costs. Accuracy: the share of the points at stake that "
            "the player kept (docs/review.md).",
            style="dim" if rich else "",
        )
    )
    if review.interrupted:
        out.append(Text("Interrupted: the review stops at the last decision judged."))
    return out


def explanation_view(ex: PositionExplanation, rich: bool = False) -> list[RenderableType]:
    """Every legal move in plain words, best first."""
    record = ex.record
    style = record.style
    bold = "bold" if rich else ""
    rules = one_line(record.ruleset.name)
    head = Text(f"Play {ex.at + 1}: {one_line(ex.player)} to move ({rules}); table: ", style=bold)
    head.append_text(cards_text(ex.table, style, rich, empty="empty"))
    head.append("; hand: ")
    head.append_text(cards_text(ex.hand, style, rich))
    if ex.exact:
        unit = "exact values (every card is known by counting)"
    elif ex.samples:
        unit = f"mean over {ex.samples} sampled deals (seed {ex.seed}), with 95% intervals"
    else:
        unit = "one legal move: nothing to compare"
    out: list[RenderableType] = [
        head,
        Text(f"Values: points of the hand for {one_line(ex.player)}'s side, {unit}."),
    ]
    for i, m in enumerate(ex.moves, start=1):
        line = Text(f"{i}. ", style=bold)
        line.append_text(move_text(m.move.card, m.move.capture, style, rich))
        v = m.value
        if v is not None and v.n:
            if ex.exact:
                line.append(f"  {v.value:+g}")
            else:
                line.append(f"  {v.value:+.2f} [{v.low:+.2f}, {v.high:+.2f}]")
        sentences = m.sentences(style, ex.next_player)
        body: list[RenderableType] = [Text(visible(s)) for s in sentences]
        for o in m.observations:
            t = Text()
            t.append(o.code, style="bold" if rich else "")
            t.append(f": {visible(o.text)} [{o.maxim}]")
            body.append(t)
        out.append(Text(""))
        out.append(line)
        out.append(Padding(Group(*body), (0, 0, 0, 3)))
    return out
