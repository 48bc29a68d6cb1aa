"""The trainer's progress on the terminal: by theme, accuracy over time as a bar chart, what is due.

>>> from tutor.training.progress import DayCount, Stats, ThemeCount
>>> s = Stats(4, 3, 1, {"sweep": ThemeCount(4, 3)}, [DayCount("2024-05-01", 4, 3)])
>>> print(plain_text(*stats_view(s, now=0.0)), end="")
Answered 4 puzzles, 3 right (75%). Due now: 1.
<BLANKLINE>
theme   answered   right   accuracy
-----------------------------------
sweep          4       3        75%
<BLANKLINE>
Accuracy by day:
  2024-05-01  ###############.....   3/4    75%
"""

from __future__ import annotations

import time

from rich.console import RenderableType
from rich.text import Text

from tutor.render.safe import one_line
from tutor.render.terminal import new_table, plain_text
from tutor.training.progress import Stats

__all__ = ["stats_view", "plain_text", "BAR_WIDTH", "CHART_DAYS"]

BAR_WIDTH = 20
"""Characters of a full bar in the accuracy chart."""
CHART_DAYS = 14
"""The accuracy chart shows this many of the latest days with answers."""


def _bar(fraction: float, rich: bool) -> Text:
    full = round(fraction * BAR_WIDTH)
    if rich:
        return Text.assemble(("█" * full, "green"), ("░" * (BAR_WIDTH - full), "dim"))
    return Text("#" * full + "." * (BAR_WIDTH - full))


def _when(t: float, now: float) -> str:
    days = (t - now) / 86400.0
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(t))
    if days < 1 / 24:
        return f"{stamp} (in {max(0.0, days * 1440):.0f} minutes)"
    if days < 1:
        return f"{stamp} (in {days * 24:.0f} hours)"
    return f"{stamp} (in {days:.0f} days)"


def stats_view(stats: Stats, rich: bool = False, now: float | None = None) -> list[RenderableType]:
    """Progress by theme, a chart of accuracy by day, and the puzzles due now."""
    at = time.time() if now is None else now
    bold = "bold" if rich else ""
    if not stats.answered:
        return [Text("No puzzle answered yet: start with tutor train.")]
    pct = f"{100 * stats.correct / stats.answered:.0f}%"
    out: list[RenderableType] = [
        Text(
            f"Answered {stats.answered} puzzle{'s' if stats.answered != 1 else ''}, "
            f"{stats.correct} right ({pct}). Due now: {stats.due}.",
            style=bold,
        ),
        Text(""),
    ]
    table = new_table("theme", "answered", "right", "accuracy", rich=rich)
    for col in table.columns[1:]:
        col.justify = "right"
    for theme, c in sorted(stats.themes.items()):
        acc = f"{100 * c.correct / c.answered:.0f}%" if c.answered else "-"
        table.add_row(theme, str(c.answered), str(c.correct), acc)
    out.append(table)
    out.append(Text(""))
    out.append(Text("Accuracy by day:", style=bold))
    for d in stats.days[-CHART_DAYS:]:
        frac = d.correct / d.answered if d.answered else 0.0
        line = Text(f"  {d.day}  ")
        line.append_text(_bar(frac, rich))
        line.append(f"  {d.correct:>2}/{d.answered:<2}  {100 * frac:>3.0f}%")
        out.append(line)
    if stats.due_now:
        out.append(Text(""))
        out.append(Text("Due now:", style=bold))
        for item in stats.due_now[:10]:
            out.append(Text(f"  {one_line(item.name)} ({item.question}, box {item.box}): "
                            f"{one_line(item.title)}"))  # fmt: skip
        if len(stats.due_now) > 10:
            out.append(Text(f"  ... and {len(stats.due_now) - 10} more"))
    if stats.next_due is not None:
        out.append(Text(f"Next review due: {_when(stats.next_due, at)}."))
    if stats.boxes:
        boxes = ", ".join(f"{b}: {n}" for b, n in sorted(stats.boxes.items()))
        out.append(Text(f"Leitner boxes (puzzles in each): {boxes}."))
    return out
