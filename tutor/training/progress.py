"""What ``tutor stats`` shows: progress by theme, accuracy over time, and what is due.

>>> s = Stats(answered=3, correct=2, due=1)
>>> s.to_json()["accuracy"]
0.6667
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from tutor.training.store import DAY_SECONDS, ProgressStore, PuzzleInfo
from tutor.training.trainer import current_puzzles, infos_in_file, shipped_digests

__all__ = [
    "ThemeCount",
    "DayCount",
    "DueItem",
    "MissedItem",
    "MISSED_SHOWN",
    "DrillCount",
    "Stats",
    "progress_stats",
]

WEEK_DAYS = 7
"""The drill record's recent figures count the answers of this many days, up to now."""


@dataclass
class ThemeCount:
    """How many puzzles of a theme were answered, and how many of them right."""

    answered: int = 0
    correct: int = 0

    def to_json(self) -> dict[str, int]:
        return {"answered": self.answered, "correct": self.correct}


@dataclass(frozen=True)
class DayCount:
    """The answers of one day: how many, and how many right (``tutor stats``'s days)."""

    day: str
    """The local date, ``YYYY-MM-DD``."""
    answered: int
    correct: int


@dataclass(frozen=True)
class DueItem:
    """A puzzle in the Leitner boxes: its box and when it is next due (``tutor stats``)."""

    name: str
    title: str
    question: str
    box: int
    due: float
    shown_title: str
    """The title in the language of the run (the JSON keeps :attr:`title`, in English)."""
    file: str | None = None
    """The puzzle's file when it is not of the shipped collection: ``train`` asks it only when
    given that file or its folder with ``--puzzles`` (None: a shipped puzzle)."""


@dataclass(frozen=True)
class MissedItem:
    """A puzzle whose latest answer was wrong or skipped (``tutor stats``'s "Missed lately")."""

    name: str
    title: str
    shown_title: str
    answered_at: float
    skipped: bool


MISSED_SHOWN = 5
"""How many of the puzzles missed last ``tutor stats`` names, the latest first."""


@dataclass
class DrillCount:
    """The answers to one kind of question of one drill (``tutor drill 48``)."""

    drill: str
    question: str
    answered: int = 0
    correct: int = 0
    recent: int = 0
    """Answered in the last :data:`WEEK_DAYS` days."""
    recent_correct: int = 0
    last_answered: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "drill": self.drill,
            "question": self.question,
            "answered": self.answered,
            "correct": self.correct,
            "accuracy": round(self.correct / self.answered, 4) if self.answered else None,
            "last_answered": _iso(self.last_answered),
            "recent": {"days": WEEK_DAYS, "answered": self.recent, "correct": self.recent_correct},
        }


@dataclass
class Stats:
    """A player's progress from the database."""

    answered: int = 0
    correct: int = 0
    due: int = 0
    """Puzzles due for review now."""
    themes: dict[str, ThemeCount] = field(default_factory=dict)
    days: list[DayCount] = field(default_factory=list)
    due_now: list[DueItem] = field(default_factory=list)
    boxes: dict[int, int] = field(default_factory=dict)
    """How many puzzles sit in each Leitner box."""
    next_due: float | None = None
    """When the next review falls due (None: nothing scheduled)."""
    path: str = ""
    gone: int = 0
    """Puzzles answered in a version of their file that is no longer there (the file changed,
    or was removed): the trainer cannot ask them again, so they are neither due nor in a box;
    a changed puzzle is asked as a new one."""
    drills: list[DrillCount] = field(default_factory=list)
    """The drill record, by drill and kind of question (none: no drill answered)."""
    missed: list[MissedItem] = field(default_factory=list)
    """The puzzles whose latest answer was wrong or skipped, the latest first (at most
    :data:`MISSED_SHOWN`): what to look at again, before the schedule brings them back."""
    untried: int | None = None
    """How many of the puzzles ``tutor train`` has read were never answered (None: train has
    read none yet)."""
    known: int = 0
    """How many puzzles ``tutor train`` has read (its index, as the files are now)."""

    @property
    def puzzles(self) -> int:
        """How many puzzles were answered, of those the trainer can still ask (not :attr:`gone`):
        each has a box, however often it was answered."""
        return sum(self.boxes.values())

    @property
    def answered_puzzles(self) -> int:
        """How many puzzles were ever answered: :attr:`puzzles` and the :attr:`gone` ones,
        whose answers :attr:`answered` counts too (JSON: ``puzzles`` + ``gone``)."""
        return self.puzzles + self.gone

    def to_json(self) -> dict[str, Any]:
        return {
            "answered": self.answered,
            "puzzles": self.puzzles,
            "correct": self.correct,
            "accuracy": round(self.correct / self.answered, 4) if self.answered else None,
            "due": self.due,
            "themes": {t: c.to_json() for t, c in sorted(self.themes.items())},
            "days": [
                {"day": d.day, "answered": d.answered, "correct": d.correct} for d in self.days
            ],
            "due_now": [
                {"puzzle": d.name, "title": d.title, "question": d.question, "box": d.box,
                 "due": _iso(d.due), "file": d.file}
                for d in self.due_now
            ],
            "boxes": {str(b): n for b, n in sorted(self.boxes.items())},
            "next_due": None if self.next_due is None else _iso(self.next_due),
            "gone": self.gone,
            "database": self.path,
            "drills": [d.to_json() for d in self.drills],
            "missed_lately": [
                {"puzzle": m.name, "title": m.title, "answered": _iso(m.answered_at),
                 "skipped": m.skipped}
                for m in self.missed
            ],
            "untried": self.untried,
        }  # fmt: skip


def _iso(t: float) -> str:
    """``t`` as an RFC 3339 time in the local zone, ``2026-12-05T00:58:28+00:00`` (strftime's
    ``%z`` gives ``+0000``, which RFC 3339 and some parsers do not accept).

    >>> _iso(0.0)[-6] in "+-" and _iso(0.0)[-3] == ":"
    True
    """
    return datetime.fromtimestamp(t).astimezone().isoformat(timespec="seconds")


def progress_stats(store: ProgressStore, now: float | None = None) -> Stats:
    """Count the answers and the schedule of a progress database (checked first, as a
    session checks it: a column missing was refused by train and counted past by stats;
    store audit, stop 55)."""
    store.check()
    at = time.time() if now is None else now
    stats = Stats(path=str(store.path))
    days: dict[str, list[int]] = {}
    latest: dict[str, tuple[float, bool, bool]] = {}
    for a in store.answers():
        if a.answered_at >= latest.get(a.digest, (-1.0, True, False))[0]:
            latest[a.digest] = (a.answered_at, a.correct, a.skipped)
        stats.answered += 1
        stats.correct += a.correct
        for theme in a.themes:
            count = stats.themes.setdefault(theme, ThemeCount())
            count.answered += 1
            count.correct += a.correct
        day = time.strftime("%Y-%m-%d", time.localtime(a.answered_at))
        row = days.setdefault(day, [0, 0])
        row[0] += 1
        row[1] += a.correct
    stats.days = [DayCount(d, n, ok) for d, (n, ok) in sorted(days.items())]
    infos = store.puzzles()
    cached = current_puzzles(store)  # the index read once, as the files are now
    shipped = shipped_digests(cached)
    indexed = {info.digest: info for info in cached}
    indexed_paths = {i.path for i in indexed.values()}
    upcoming = []
    read: dict[str, dict[str, PuzzleInfo]] = {}  # puzzle files read for their titles
    for digest, s in store.schedule().items():
        info = infos.get(digest)
        if (
            digest not in indexed
            and info is not None
            and info.path
            and (info.path in indexed_paths or not Path(info.path).exists())
        ):  # the file the trainer last read no longer holds it: never asked again
            stats.gone += 1
            continue
        stats.boxes[s.box] = stats.boxes.get(s.box, 0) + 1
        if s.due <= at:
            stats.due += 1
            if info is not None:
                shown = _shown_title(info, indexed, read)
                own = info.path if info.path and digest not in shipped else None
                stats.due_now.append(
                    DueItem(info.name, info.title, info.question, s.box, s.due, shown, own)
                )
        else:
            upcoming.append(s.due)
    stats.due_now.sort(key=lambda d: (d.box, d.due, d.name))
    missed = sorted(
        ((t, d, skipped) for d, (t, ok, skipped) in latest.items() if not ok),
        key=lambda m: (-m[0], m[1]),
    )
    for t, digest, skipped in missed:
        info = infos.get(digest)
        if info is None:
            continue
        shown = _shown_title(info, indexed, read)
        stats.missed.append(MissedItem(info.name, info.title, shown, t, skipped))
        if len(stats.missed) == MISSED_SHOWN:
            break
    if indexed:
        answered = set(latest)
        stats.known = len(indexed)
        stats.untried = sum(1 for d in indexed if d not in answered)
    stats.next_due = min(upcoming) if upcoming else None
    stats.drills = drill_counts(store, at)
    return stats


def _shown_title(
    info: PuzzleInfo, indexed: dict[str, PuzzleInfo], read: dict[str, dict[str, PuzzleInfo]]
) -> str:
    """A puzzle's title in the language of the run: from train's index, else from its file
    (read once into ``read``), else the English title the store keeps (Italian audit, stop 59:
    a puzzle only ``puzzle try`` met was listed with its English title)."""
    known = indexed.get(info.digest)
    if known is None and info.path:
        if info.path not in read:
            read[info.path] = infos_in_file(info.path)
        known = read[info.path].get(info.digest)
    return (known or info).shown_title()


def drill_counts(store: ProgressStore, now: float) -> list[DrillCount]:
    """The drill record: each drill's answers by kind of question, with those of the last
    :data:`WEEK_DAYS` days before ``now``, in the order of the drills and the kinds."""
    counts: dict[tuple[str, str], DrillCount] = {}
    since = now - WEEK_DAYS * DAY_SECONDS
    for a in store.drill_answers():
        c = counts.setdefault((a.drill, a.question), DrillCount(a.drill, a.question))
        c.answered += 1
        c.correct += a.correct
        if a.answered_at >= since:
            c.recent += 1
            c.recent_correct += a.correct
        c.last_answered = max(c.last_answered, a.answered_at)
    return [counts[k] for k in sorted(counts)]
