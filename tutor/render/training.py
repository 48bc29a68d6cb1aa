"""The trainer's progress on the terminal: by theme, accuracy over time as a bar chart, what is due.

>>> from tutor.training.progress import DayCount, Stats, ThemeCount
>>> s = Stats(4, 3, 1, {"sweep": ThemeCount(4, 3)}, [DayCount("2024-05-01", 4, 3)])
>>> s.boxes = {1: 1, 2: 2}  # three puzzles, one of them answered twice
>>> print(plain_text(*stats_view(s, now=0.0)), end="")
4 answers to 3 puzzles, 3 right (75%). Due now: 1.
<BLANKLINE>
theme   answered   right   accuracy
-----------------------------------
sweep          4       3        75%
<BLANKLINE>
Accuracy by day:
  2024-05-01  ###############.....   3/4    75%
Leitner boxes: 1 puzzle in box 1, 2 puzzles in box 2.
"""

from __future__ import annotations

import time

from rich.console import RenderableType
from rich.text import Text

from tutor.game.i18n import _, day_text, moment_text, ngettext, number
from tutor.records.puzzle_key import question_name, theme_name
from tutor.render.safe import one_line
from tutor.render.terminal import new_table, plain_text
from tutor.training.progress import WEEK_DAYS, Stats
from tutor.training.trainer import how_soon

__all__ = ["stats_view", "plain_text", "BAR_WIDTH", "CHART_DAYS"]

BAR_WIDTH = 20
"""Characters of a full bar in the accuracy chart."""
CHART_DAYS = 14
"""The accuracy chart shows this many of the latest days with answers."""


DAY_LINE_FIXED = 27
"""The characters of a day's line in the accuracy chart besides its bar: the date, the
count and the percentage, with their spaces."""


def _bar(fraction: float, rich: bool, width: int = BAR_WIDTH) -> Text:
    full = round(fraction * width)
    if rich:
        return Text.assemble(("█" * full, "green"), ("░" * (width - full), "dim"))
    return Text("#" * full + "." * (width - full))


def _when(t: float, now: float) -> str:
    """A due time and how soon it is: ``2026-12-07 12:10 (in 10 minutes)``, the words of
    :func:`tutor.training.trainer.how_soon`, as ``train`` says them."""
    return f"{moment_text(t)} ({how_soon(t - now)})"  # words only in how_soon: no message


def stats_view(
    stats: Stats, rich: bool = False, now: float | None = None, width: int = 80
) -> list[RenderableType]:
    """Progress by theme, a chart of accuracy by day (its bars as short as a terminal
    ``width`` wide needs: at 40 columns the percentage went to a line of its own; terminal
    audit, stop 57), and the puzzles due now."""
    bar_width = max(5, min(BAR_WIDTH, width - DAY_LINE_FIXED))
    at = time.time() if now is None else now
    bold = "bold" if rich else ""
    if not stats.answered:
        return [Text(_("No puzzle answered yet: start with tutor train.")), *_drills(stats, rich)]
    pct = number(stats.correct / stats.answered, ".0%")
    out: list[RenderableType] = [
        Text(
            # answers, not puzzles: a puzzle missed comes back and is answered again
            ngettext(
                "{n} answer to {puzzles}, {right} right ({pct}). Due now: {due}.",
                "{n} answers to {puzzles}, {right} right ({pct}). Due now: {due}.",
                stats.answered,
            ).format(
                n=stats.answered,
                # those no longer in their files too, whose answers the count holds (practice
                # audit, stop 49: "13 answers to 12 puzzles", one answer to each)
                puzzles=ngettext("{n} puzzle", "{n} puzzles", stats.answered_puzzles).format(
                    n=stats.answered_puzzles
                ),
                right=stats.correct,
                pct=pct,
                due=stats.due,
            ),
            style=bold,
        ),
        Text(""),
    ]
    table = new_table(_("theme"), _("answered"), _("right"), _("accuracy"), rich=rich)
    for col in table.columns[1:]:
        col.justify = "right"
    # in the order of the names shown, in the language of the run (practice audit, stop 49)
    for theme, c in sorted(stats.themes.items(), key=lambda tc: theme_name(tc[0]).casefold()):
        acc = number(c.correct / c.answered, ".0%") if c.answered else "-"
        table.add_row(theme_name(theme), str(c.answered), str(c.correct), acc)
    out.append(table)
    out.append(Text(""))
    out.append(Text(_("Accuracy by day:"), style=bold))
    for d in stats.days[-CHART_DAYS:]:
        frac = d.correct / d.answered if d.answered else 0.0
        line = Text(f"  {day_text(d.day)}  ")
        line.append_text(_bar(frac, rich, bar_width))
        line.append(f"  {d.correct:>2}/{d.answered:<2}  {number(frac, '.0%'):>4}")
        out.append(line)
    if stats.due_now:
        out.append(Text(""))
        out.append(Text(_("Due now:"), style=bold))
        for item in stats.due_now[:10]:
            due = _("{name} ({question}, box {box}): {title}").format(
                name=one_line(item.name),
                question=question_name(item.question),
                box=item.box,
                title=one_line(item.shown_title),
            )
            out.append(Text("  " + due))
            if item.file is not None:  # train passes it over unless given its file again
                out.append(
                    Text(
                        "    "
                        + _("from {file}: tutor train asks it with --puzzles {file}").format(
                            file=one_line(item.file)
                        )
                    )
                )
        if len(stats.due_now) > 10:
            out.append(
                Text(
                    "  "
                    + ngettext(
                        "... and {n} more", "... and {n} more", len(stats.due_now) - 10
                    ).format(n=len(stats.due_now) - 10)
                )
            )
    if stats.missed:
        # what to look at again before the schedule brings it back (stop 59: stats named the
        # puzzles due, never those just missed)
        out.append(Text(""))
        out.append(Text(_("Missed lately:"), style=bold))
        for m in stats.missed:
            said = _("skipped") if m.skipped else _("wrong")
            out.append(
                Text(
                    "  "
                    + _("{name}: {title} ({said}, {when})").format(
                        name=one_line(m.name),
                        title=one_line(m.shown_title),
                        said=said,
                        when=moment_text(m.answered_at),
                    )
                )
            )
    if stats.untried:
        out.append(
            Text(
                ngettext(
                    "Not tried yet: {n} of the {total} puzzles tutor train has read.",
                    "Not tried yet: {n} of the {total} puzzles tutor train has read.",
                    stats.untried,
                ).format(n=stats.untried, total=stats.known)
            )
        )
    if stats.gone:
        out.append(
            Text(
                ngettext(
                    # a file moved or renamed keeps its progress where train finds it again
                    # (store audit, stop 55: stats called such a puzzle gone)
                    "{n} puzzle answered before is no longer in its file (the file changed, "
                    "moved or went): a changed one comes back as new; one moved or renamed "
                    "keeps its progress when train reads it where it is now (--puzzles).",
                    "{n} puzzles answered before are no longer in their files (the files "
                    "changed, moved or went): changed ones come back as new; those moved or "
                    "renamed keep their progress when train reads them where they are now "
                    "(--puzzles).",
                    stats.gone,
                ).format(n=stats.gone)
            )
        )
    if stats.next_due is not None:
        out.append(Text(_("Next review due: {when}.").format(when=_when(stats.next_due, at))))
    if stats.boxes:
        # "1 puzzle in box 1, 2 in box 2", not "1: 1, 2: 2" (Italian audit, stop 55)
        boxes = ", ".join(
            ngettext("{n} puzzle in box {box}", "{n} puzzles in box {box}", n).format(n=n, box=b)
            for b, n in sorted(stats.boxes.items())
        )
        out.append(Text(_("Leitner boxes: {boxes}.").format(boxes=boxes)))
    return out + _drills(stats, rich)


def _drills(stats: Stats, rich: bool) -> list[RenderableType]:
    """The drill record (``tutor drill``), by drill and kind of question: nothing when no drill
    was answered."""
    if not stats.drills:
        return []
    table = new_table(
        _("drill"), _("question"), _("answered"), _("right"), _("accuracy"),
        _("last {n} days").format(n=WEEK_DAYS), rich=rich,
    )  # fmt: skip
    for col in table.columns[2:]:
        col.justify = "right"
    for d in stats.drills:
        recent = f"{d.recent_correct}/{d.recent}" if d.recent else "-"
        table.add_row(
            one_line(d.drill), one_line(question_name(d.question)), str(d.answered), str(d.correct),
            number(d.correct / d.answered, ".0%"), recent,
        )  # fmt: skip
    return [Text(""), Text(_("Drills:"), style="bold" if rich else ""), table]
