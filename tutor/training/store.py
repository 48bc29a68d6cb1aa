"""The trainer's progress: an SQLite database that keeps every answer it is given.

The only module that talks to SQLite (an import-linter contract says so). Its guarantees, tested
in ``tests/test_store.py`` and described in ``docs/puzzles.md``:

- **One transaction per answer**, in WAL mode: an answer is on disk before the next puzzle is
  shown, so a killed session loses nothing already answered.
- **Two sessions at once** queue for the write lock (``BEGIN IMMEDIATE``); neither loses an
  answer, neither corrupts the file. A write that has to wait says so at once through the
  ``on_wait`` callback (the library prints nothing: the command line shows a line), and one
  still locked out after :data:`BUSY_SECONDS` (another session stuck, a database browser with a
  transaction open) gets :class:`StoreBusyError`, one line and exit 3, with nothing written.
  What the trainer could not save then it keeps and saves later, or writes to a rescue file
  (:meth:`tutor.training.trainer.Trainer.finish`).
- **A schema version** (``PRAGMA user_version``) and migrations from every older version, each in
  one transaction.
- **Never overwritten**: a new database is built under a temporary name and renamed into place;
  an existing file that is unreadable, corrupt, not ours or from a newer tutor gets
  :class:`StoreError` (one line, exit 3) saying how to move it aside, and is left as it is. So
  does damage found later, while reading or writing: any SQLite error (a table dropped, a page
  unreadable) and any value the tutor never writes (a time that is not a number, a box out of
  range), checked as each row is read back. A folder given as the database is refused as such,
  and so are a file the user may not read and one that cannot be written (a read-only file or
  folder), without the advice to move them aside, and so are a full or failing disk and a
  path that is no file (a device, a pipe). ``read_only`` stores (``tutor stats``) read such a
  file all the same, unless answers wait in its ``-wal`` file that they could not read.
- **Drill answers too**: each answer to a drill (``tutor drill 48``) is a row of its own
  (:meth:`ProgressStore.record_drill_answer`), kept as a puzzle's answer is kept, one
  transaction each; drills have no schedule.
- **Puzzles by content**: answers are keyed by the puzzle's digest (a hash of its position,
  question and solution), so a puzzle file that changed is a new puzzle, never confused with the
  old one.

Spaced repetition is a Leitner scheme (:func:`leitner`): a right answer moves a puzzle up a box
and waits longer; a miss sends it back to box 1, due again in ten minutes. A right answer ahead
of time (a puzzle not yet due, asked because nothing else was) keeps the puzzle in its box, due
as it was: else a few sessions in a row would push a puzzle to the top box within minutes.
"""

from __future__ import annotations

import functools
import glob
import math
import os
import shlex
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import astuple, dataclass, field, replace
from pathlib import Path
from typing import Any

from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import _, local, number
from tutor.game.textfile import os_reason
from tutor.records.recordfile import sync_folder

__all__ = [
    "SCHEMA_VERSION",
    "is_empty_file",
    "BOX_DAYS",
    "RETRY_MINUTES",
    "DAY_SECONDS",
    "StoreError",
    "StoreBusyError",
    "PuzzleInfo",
    "Schedule",
    "AnswerRow",
    "DrillRow",
    "ProgressStore",
    "default_path",
    "leitner",
    "FIRST_SCHEMA",
    "MIGRATIONS",
]

SCHEMA_VERSION = 3
"""The layout this tutor writes; older files are migrated, newer ones refused."""

BOX_DAYS = {2: 3.0, 3: 7.0, 4: 16.0, 5: 35.0}
"""Leitner boxes: days until a puzzle a right answer put in each box is due again (box 1 holds
the missed puzzles, see :data:`RETRY_MINUTES`; 5 is the top box)."""
RETRY_MINUTES = 10.0
"""A missed (or skipped) puzzle goes back to box 1 and is due again after this many minutes."""
BUSY_SECONDS = 30.0
"""How long a session waits for another one's write to finish before giving up."""
LEFTOVER_SECONDS = 600.0
"""A temporary file of a store being made, older than this, was left by a killed session."""
POLL_SECONDS = 0.25
"""While it waits for the write lock, a session asks SQLite again this often (so that Ctrl-C is
heard at once); a write whose first ask (which does not wait) finds the lock held says so
(``on_wait``) before it waits."""

DAY_SECONDS = 86400.0
"""Seconds in a day: a schedule's unit (:data:`BOX_DAYS`), and where "in 23 hours" becomes
"in 1 day" (:func:`tutor.training.trainer.how_soon`)."""
_MAGIC = b"SQLite format 3\x00"
_LAST_TIME = 253402300799.0
"""9999-12-31 23:59:59 UTC: a later (or negative) time in the database was never written by a
tutor, and could not be shown as a date."""

# The first layout the tutor wrote; every later one is reached through MIGRATIONS, so that a new
# database and a migrated one are built by the same statements.
FIRST_SCHEMA = """
CREATE TABLE puzzles (
    digest TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    path TEXT,
    title TEXT NOT NULL DEFAULT '',
    themes TEXT NOT NULL DEFAULT '',
    ruleset TEXT NOT NULL DEFAULT '',
    question TEXT NOT NULL DEFAULT '',
    first_seen REAL NOT NULL
);
CREATE TABLE answers (
    id INTEGER PRIMARY KEY,
    digest TEXT NOT NULL REFERENCES puzzles(digest),
    answered_at REAL NOT NULL,
    correct INTEGER NOT NULL,
    skipped INTEGER NOT NULL DEFAULT 0,
    answer TEXT
);
CREATE INDEX answers_by_puzzle ON answers(digest, answered_at)
"""
"""Schema version 1: the puzzles answered and every answer."""


def _script(conn: sqlite3.Connection, script: str) -> None:
    """Run statements one by one: ``executescript`` would commit the open transaction."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


class DamagedValue(ValueError):
    """A value the tutor never writes, read from ``table.column``."""

    def __init__(self, table: str, column: str, value: Any) -> None:
        super().__init__(table, column, value)
        self.table, self.column, self.value = table, column, value

    def why(self) -> str:
        shown = repr(self.value)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return _("the database is damaged ({table}.{column} holds {value})").format(
            table=self.table, column=self.column, value=shown
        )


def checked(table: str, column: str, value: Any, kind: str) -> Any:
    """``value`` read from ``table.column`` if it is of the ``kind`` the tutor writes there
    (``text``, ``text?`` for text or NULL, ``time``, ``flag``, ``box``, ``round`` for a
    question's number from 1, ``int?`` for a whole number or NULL), else
    :class:`DamagedValue`.

    >>> checked("answers", "answered_at", 1700000000, "time")
    1700000000.0
    >>> checked("answers", "correct", "yes", "flag")
    Traceback (most recent call last):
    ...
    tutor.training.store.DamagedValue: ('answers', 'correct', 'yes')
    """
    if kind == "time":
        ok = (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(value)
            and 0 <= value <= _LAST_TIME
        )
        if ok:
            return float(value)
    elif kind == "flag":
        ok = isinstance(value, int) and value in (0, 1)
    elif kind == "box":
        ok = isinstance(value, int) and 1 <= value <= max(BOX_DAYS)
    elif kind == "round":
        ok = isinstance(value, int) and value >= 1
    elif kind == "int?":
        ok = value is None or isinstance(value, int)
    else:
        if isinstance(value, bytes) and (text := _read_stored(value)) is not None:
            value = text
        ok = isinstance(value, str) or (kind == "text?" and value is None)
    if ok:
        return value
    raise DamagedValue(table, column, value)


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Add sessions, the file index and the schedule; rebuild the schedule from the answers."""
    _script(
        conn,
        """
        CREATE TABLE sessions (id INTEGER PRIMARY KEY, started_at REAL NOT NULL, pid INTEGER);
        ALTER TABLE answers ADD COLUMN session INTEGER REFERENCES sessions(id);
        CREATE TABLE schedule (
            digest TEXT PRIMARY KEY REFERENCES puzzles(digest),
            box INTEGER NOT NULL, due REAL NOT NULL, last REAL NOT NULL
        );
        CREATE TABLE files (
            path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
            entries TEXT NOT NULL
        );
        """,
    )
    answers: dict[str, list[tuple[float, bool]]] = {}
    for digest, at, correct in conn.execute(
        "SELECT digest, answered_at, correct FROM answers ORDER BY answered_at, id"
    ).fetchall():
        answers.setdefault(checked("answers", "digest", digest, "text"), []).append(
            (checked("answers", "answered_at", at, "time"),
             bool(checked("answers", "correct", correct, "flag")))
        )  # fmt: skip
    conn.executemany(
        "INSERT INTO schedule (digest, box, due, last) VALUES (?, ?, ?, ?)",
        [(d, *replayed(given)) for d, given in answers.items()],
    )


def _migrate_2_to_3(conn: sqlite3.Connection) -> None:
    """Add the drill answers (``tutor drill``), which were kept nowhere before: nothing to
    carry over."""
    _script(
        conn,
        """
        CREATE TABLE drill_answers (
            id INTEGER PRIMARY KEY,
            session INTEGER REFERENCES sessions(id),
            answered_at REAL NOT NULL,
            drill TEXT NOT NULL,
            question TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            seed INTEGER,
            round INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            skipped INTEGER NOT NULL DEFAULT 0,
            answer TEXT,
            expected TEXT
        );
        CREATE INDEX drill_answers_by_drill ON drill_answers(drill, question, answered_at)
        """,
    )


MIGRATIONS = {1: _migrate_1_to_2, 2: _migrate_2_to_3}
"""``MIGRATIONS[v]`` upgrades a version-``v`` database to ``v + 1``, its data included."""


@functools.cache
def _schema_columns() -> dict[str, tuple[str, ...]]:
    """The columns of every table of :data:`SCHEMA_VERSION`, as the statements that build a
    new database make them (in memory)."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(FIRST_SCHEMA)
        for version in range(1, SCHEMA_VERSION):
            MIGRATIONS[version](conn)
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: tuple(row[1] for row in conn.execute(f"PRAGMA table_info({t})")) for t in tables}
    finally:
        conn.close()


_PUZZLE_COLUMNS = ("digest", "name", "path", "title", "themes", "ruleset", "question")
"""The columns of ``puzzles`` that :meth:`ProgressStore.puzzles` reads, in its order."""
_TABLES = ("puzzles", "answers", "sessions", "schedule", "files", "drill_answers")
"""The tables of :data:`SCHEMA_VERSION`: a database without one of them is damaged."""
_TABLES_OF = {1: ("puzzles", "answers"), 2: _TABLES[:5], SCHEMA_VERSION: _TABLES}
"""The tables of each schema version, checked before the file is migrated or written."""
_READ_AS_IS = 2
"""The oldest schema a ``read_only`` store reads as it is, without migrating it: the later
versions only add tables (the drill answers of version 3), which then read as empty. An older
file (version 1, without a schedule) is migrated once, by a store that may write it."""


def _stored(text: str | None) -> str | bytes | None:
    """``text`` as SQLite can keep it. A file name read from a file system that is not UTF-8
    holds lone surrogates (Python's ``surrogateescape``), which SQLite's text cannot take; such
    text is kept as its bytes in the ``surrogatepass`` encoding, and :func:`_read_stored`
    gives it back unchanged."""
    if text is None:
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")
    return text


def _read_stored(value: bytes) -> str | None:
    """The text :func:`_stored` kept as bytes; None for bytes it would not have written (valid
    UTF-8 it keeps as text, or bytes that are no text at all): damage."""
    try:
        value.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return value.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return None
    return None


def replayed(answers: Iterable[tuple[float, bool]]) -> tuple[int, float, float]:
    """The box, due time and last answer's time that a puzzle's answers (time, right), oldest
    first, give it, each answer taken as it was given (:func:`leitner`): how a schedule is
    rebuilt from the answers (an upgrade, an imported answer among later ones).

    >>> replayed([(0.0, True), (60.0, True)])  # the second ahead of time: box 2 all the same
    (2, 259200.0, 60.0)
    """
    box, due, last = 0, 0.0, 0.0
    for at, correct in answers:
        box, due = leitner(box, correct, at, due)  # box 0: no due time yet, none kept
        last = at
    return box, due, last


def leitner(box: int, correct: bool, now: float, due: float | None = None) -> tuple[int, float]:
    """The new box and due time after an answer (``box`` 0: never answered before) to a puzzle
    due at ``due``: a right answer before then is ahead of time, and keeps the box and the due
    time (a wrong one still sends the puzzle back to box 1).

    >>> leitner(0, True, 0.0)
    (2, 259200.0)
    >>> leitner(4, False, 0.0)
    (1, 600.0)
    >>> leitner(5, True, 0.0)[0]
    5
    >>> leitner(3, True, 100.0, due=5000.0)
    (3, 5000.0)
    """
    if not correct:
        return 1, now + RETRY_MINUTES * 60.0
    if box >= 1 and due is not None and now < due:
        return box, due
    new = min(max(box, 1) + 1, max(BOX_DAYS))
    return new, now + BOX_DAYS[new] * DAY_SECONDS


class StoreError(TutorError):
    """A progress database the tutor cannot use; the file is left untouched."""


class StoreBusyError(StoreError):
    """Another session kept the write lock longer than the wait: nothing was written."""


def _code(exc: sqlite3.Error) -> int:
    """SQLite's extended result code of an error (0 when it has none)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code if isinstance(code, int) else 0


def _is_busy(exc: sqlite3.Error) -> bool:
    """SQLite refused because another connection holds a lock (SQLITE_BUSY or SQLITE_LOCKED)."""
    return _code(exc) & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _is_full(exc: sqlite3.Error) -> bool:
    """SQLite refused because the disk is full (SQLITE_FULL)."""
    return _code(exc) & 0xFF == sqlite3.SQLITE_FULL


def _is_access(exc: sqlite3.Error) -> bool:
    """SQLite refused for want of access, not because of the file's content: it is read-only
    (or its folder is, for the ``-wal`` and ``-shm`` files), or cannot be opened."""
    return _code(exc) & 0xFF in (
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PERM,
    )


def is_empty_file(path: Path) -> bool:
    """A regular file with nothing in it (``touch``): SQLite reads it as an empty database, and
    so does the tutor, rather than call it "not an SQLite file" (bad-input audit, stop 60)."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_size == 0


def default_path() -> Path:
    """``$XDG_DATA_HOME/scopone-tutor/progress.sqlite``, or under ``~/.local/share``."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "scopone-tutor" / "progress.sqlite"


@dataclass(frozen=True)
class PuzzleInfo:
    """What the store keeps about a puzzle: its digest and how to show and filter it."""

    digest: str
    name: str
    path: str
    title: str
    themes: tuple[str, ...]
    ruleset: str
    question: str
    difficulty: int = 1
    titles: dict[str, str] = field(default_factory=dict, compare=False)
    """The title in the other languages the puzzle file gives: ``{"title_it": "..."}``."""

    def shown_title(self) -> str:
        """The title in the language of the run."""
        return local({"title": self.title, **self.titles}, "title") or self.title


@dataclass(frozen=True)
class Schedule:
    """Where a puzzle stands in the Leitner boxes after an answer: its box, when it is due
    next and when it was last answered (times in seconds since the epoch)."""

    digest: str
    box: int
    due: float
    last: float
    kept: bool = field(default=False, compare=False)
    """Set by :meth:`ProgressStore.record_answer` for a right answer given ahead of time: the
    puzzle stayed in its box, due as it was (:func:`leitner`)."""


@dataclass(frozen=True)
class AnswerRow:
    """One answer as the store keeps it: which puzzle, when, right or not, skipped or not,
    and the puzzle's themes then (what ``tutor stats`` counts)."""

    digest: str
    answered_at: float
    correct: bool
    skipped: bool
    themes: tuple[str, ...]


DRILL_QUESTIONS = ("unmatched", "unseen", "holder")
"""The kinds of drill question an answer is kept for (``--question mixed`` asks them all)."""


@dataclass(frozen=True)
class DrillRow:
    """One answer to a drill question (``tutor drill 48``), as the store keeps it."""

    drill: str
    """The drill: ``48``."""
    question: str
    """The kind of question: ``unmatched``, ``unseen`` or ``holder``."""
    ruleset: str
    seed: int | None
    """The drill's seed (the same seed asks the same questions)."""
    round: int
    """The question's number in its drill, from 1."""
    answered_at: float
    correct: bool
    skipped: bool = False
    """Given up (``skip``, ``none`` where it names no answer): marked wrong."""
    answer: str | None = None
    """What was typed."""
    expected: str | None = None
    """The right answer, as the drill said it."""
    session: int | None = None


_DRILL_COLUMNS = (
    ("drill", "text"), ("question", "text"), ("ruleset", "text"), ("seed", "int?"),
    ("round", "round"), ("answered_at", "time"), ("correct", "flag"), ("skipped", "flag"),
    ("answer", "text?"), ("expected", "text?"), ("session", "int?"),
)  # fmt: skip
"""The columns of ``drill_answers`` that :meth:`ProgressStore.drill_answers` reads, in the
order of :class:`DrillRow`, with the kind of value each holds (:func:`checked`)."""


def _aside(path: Path) -> str:
    target = shlex.quote(str(path) + ".bad")
    return _("to start afresh, move it aside: mv {file} {target}").format(
        file=shlex.quote(str(path)), target=target
    )


class ProgressStore:
    """An open progress database (see the module docstring); use it as a context manager.

    ``busy_seconds`` is how long a write waits for another session's lock (default
    :data:`BUSY_SECONDS`); ``on_wait(seconds)`` is called when a write starts to wait, with the
    most it will wait, so that the caller can tell the user why nothing happens.

    ``read_only`` opens an existing file only to read it (``tutor stats``), so that a file or a
    folder the user may not write to can still be read; a file of schema 2 is read as it is
    (its drill answers, a table it does not have yet, are none), one of schema 1 is still
    migrated when it can be written.
    """

    def __init__(
        self,
        path: str | Path,
        busy_seconds: float | None = None,
        on_wait: Callable[[float], None] | None = None,
        read_only: bool = False,
    ) -> None:
        self.path = Path(path)
        self.busy_seconds = BUSY_SECONDS if busy_seconds is None else busy_seconds
        self.on_wait = on_wait
        self.read_only = read_only
        self.created = False  # whether this store made the file (see remove_if_unused)
        self._identity: tuple[int, int] | None = None  # the file opened: none checked till then
        self.schema = SCHEMA_VERSION
        """The file's schema as this store reads it: older only in a ``read_only`` store
        (:data:`_READ_AS_IS`), which reads the tables that version has."""
        if self.path.is_dir():
            raise StoreError(f"{self.path}: " + _("a folder, not a progress database file"))
        if not read_only:
            if not self.path.exists() or is_empty_file(self.path):
                # an empty file (made by touch) is an empty database to SQLite, and to us
                self._create()
            self._sweep_leftovers()  # what a session killed while it made the store left
        self.conn = self._open()
        self._identity = self._file_identity()

    # -- opening ------------------------------------------------------------------------------

    def _fail(self, why: str) -> StoreError:
        return StoreError(
            f"{self.path}: "
            + _("{why}. The file is left as it is; {aside}").format(
                why=why, aside=_aside(self.path)
            )
        )

    def _busy(self, seconds: float) -> StoreBusyError:
        """Locked after waiting ``seconds``; a write that did not wait (Ctrl-C: the session
        stops at once) says no "after 0 seconds"."""
        if seconds <= 0:
            why = _(
                "the progress database is in use by another session; try again when that "
                "session is over"
            )
        else:
            why = _(
                "the progress database is in use by another session (still locked after "
                "{seconds} seconds); try again when that session is over"
            ).format(seconds=number(seconds, "g"))
        return StoreBusyError(f"{self.path}: {why}")

    def _damaged(self, exc: sqlite3.Error) -> StoreError:
        return self._fail(_("the database is corrupt or unreadable ({detail})").format(detail=exc))

    def _cannot_write(self) -> StoreError:
        """The file is read-only: nothing is wrong with it, so no advice to move it aside."""
        return StoreError(
            f"{self.path}: " + _("the progress database is read-only: the tutor cannot save in it")
        )

    def _no_access(self, exc: sqlite3.Error) -> StoreError:
        """SQLite could not open or write the file or its ``-wal`` and ``-shm`` files for want of
        access (:func:`_is_access`): said as such, without the advice to move it aside."""
        if _code(exc) == sqlite3.SQLITE_READONLY_DIRECTORY:
            return StoreError(
                f"{self.path}: "
                + _("the folder of the progress database is read-only: the tutor cannot save in it")
            )
        if _code(exc) & 0xFF == sqlite3.SQLITE_READONLY:
            return self._cannot_write()
        return StoreError(f"{self.path}: " + _("cannot open: {reason}").format(reason=exc))

    def _sqlite_error(self, exc: sqlite3.Error) -> StoreError:
        """An SQLite error as a :class:`StoreError`: a lock held too long, no access, a full
        disk or a failing one (nothing wrong with the file: no advice to move it aside), or
        damage."""
        if _is_busy(exc):
            return self._busy(self.busy_seconds)
        if _is_access(exc):
            return self._no_access(exc)
        if _is_full(exc):
            return StoreError(f"{self.path}: " + _("the disk is full: the tutor cannot save in it"))
        if _code(exc) & 0xFF == sqlite3.SQLITE_IOERR:
            return StoreError(
                f"{self.path}: " + _("cannot read or write the file ({detail})").format(detail=exc)
            )
        return self._damaged(exc)

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """SQLite's errors as :class:`StoreError`: a lock held too long is
        :class:`StoreBusyError`; any other (a table dropped, a page unreadable) is damage."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.DatabaseError as exc:
            raise self._sqlite_error(exc) from None

    def _value(self, table: str, column: str, value: Any, kind: str) -> Any:
        """``value`` read from ``table.column`` (:func:`checked`), or damage."""
        try:
            return checked(table, column, value, kind)
        except DamagedValue as exc:
            raise self._fail(exc.why()) from None

    def _create(self) -> None:
        """Build an empty database under a temporary name, then rename it into place."""
        folder = self.path.parent
        try:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except (FileExistsError, NotADirectoryError):
                # a file, a pipe, a link to nowhere: whatever stands where a folder must be
                blocking = next(
                    (p for p in (folder, *folder.parents) if p.is_symlink() or p.exists()
                     and not p.is_dir()),
                    folder,
                )  # fmt: skip
                raise self._cannot_create(
                    _("{file} is not a folder").format(file=blocking)
                ) from None
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".new", dir=folder)
        except OSError as exc:
            raise self._cannot_create(os_reason(exc)) from None
        os.close(fd)
        try:
            conn = sqlite3.connect(tmp, isolation_level=None)
            try:
                conn.executescript(FIRST_SCHEMA)
                conn.execute("PRAGMA user_version = 1")
                self._migrate(conn)
                conn.execute("PRAGMA journal_mode = WAL")
            finally:
                conn.close()
            # link, not rename: if another session created the file meanwhile, keep theirs
            try:
                os.link(tmp, self.path)
                self.created = True
            except FileExistsError:
                if is_empty_file(self.path):  # an empty file stood there: ours replaces it
                    os.replace(tmp, self.path)
                    self.created = True
            except OSError:  # no hard links here: a rename, unless the file appeared meanwhile
                if not self.path.exists():
                    os.replace(tmp, self.path)
                    self.created = True
            sync_folder(self.path.parent)  # the new file's name survives a power cut too
        except sqlite3.Error as exc:
            raise self._cannot_create(
                _("the disk is full") if _is_full(exc) else str(exc)
            ) from None
        except OSError as exc:
            raise self._cannot_create(os_reason(exc)) from None
        finally:
            for leftover in (tmp, tmp + "-wal", tmp + "-shm", tmp + "-journal"):
                try:
                    os.unlink(leftover)
                except OSError:
                    pass

    def _sweep_leftovers(self) -> None:
        """Remove what an earlier session killed while it made this store left behind (its
        temporary file, and SQLite's files beside it), once old enough that no session can be
        making it still."""
        old = time.time() - LEFTOVER_SECONDS
        for leftover in self.path.parent.glob(f".{glob.escape(self.path.name)}.*.new*"):
            try:
                if leftover.is_file() and leftover.stat().st_mtime < old:
                    leftover.unlink()
            except OSError:
                pass  # another session's to remove, or not ours to touch

    def _cannot_create(self, reason: str) -> StoreError:
        return StoreError(f"{self.path}: " + _("cannot create: {reason}").format(reason=reason))

    def _uri(self, query: str) -> str:
        """The file's SQLite URI: every character of the name percent-encoded, so that a ``#``,
        ``?`` or ``%`` in it is part of the name, not the URI's query or an escape."""
        return f"{self.path.absolute().as_uri()}?{query}"

    def _connect(self) -> tuple[sqlite3.Connection, int]:
        """A connection to the file, and its schema version (its first read).

        To read only, a file the user may write to is opened as a session opens it, but
        ``query_only``: closing it then tidies up the ``-wal`` and ``-shm`` files, which a
        read-only connection leaves behind. One that SQLite cannot open so (a read-only folder,
        where it cannot make the ``-shm`` file WAL mode needs) is opened read-only, and failing
        that as immutable: nobody can be writing to it then. So is a file the user may not write
        to, unless a ``-wal`` file beside it holds something to read: nothing is left behind
        (read-only, as the file) for the next session to trip on.
        """
        queries = ["mode=rw"]
        pending = self._pending_wal()
        if self.read_only:
            queries = ["mode=rw", "mode=ro", "mode=ro&immutable=1"]
            if pending:  # immutable would not read the -wal file: its answers would be missed
                queries = queries[:2]
            if not os.access(self.path, os.W_OK):
                queries = queries[1:] if pending else queries[2:]
        for query in queries:
            conn = None
            try:
                conn = sqlite3.connect(
                    self._uri(query), uri=True, timeout=self.busy_seconds, isolation_level=None
                )
                conn.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")
                if self.read_only:
                    conn.execute("PRAGMA query_only = ON")
                return conn, int(conn.execute("PRAGMA user_version").fetchone()[0])
            except sqlite3.Error as exc:
                if conn is not None:
                    conn.close()
                if query == queries[-1] or not _is_access(exc):
                    if pending and _is_access(exc):
                        raise StoreError(
                            f"{self.path}: "
                            + _(
                                "its latest answers are in {wal}, which the tutor cannot read "
                                "without writing beside it (the folder is read-only): copy the "
                                "files to a folder you may write to"
                            ).format(wal=f"{self.path}-wal")
                        ) from None
                    raise self._sqlite_error(exc) from None
        raise AssertionError("unreachable")

    def _pending_wal(self) -> bool:
        """A ``-wal`` file with something in it lies beside the database."""
        try:
            return os.stat(f"{self.path}-wal").st_size > 0
        except OSError:
            return False

    def _open(self) -> sqlite3.Connection:
        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):  # a device or a pipe: never read
                raise StoreError(f"{self.path}: " + _("not a file: give a progress database file"))
            with open(self.path, "rb") as fp:
                head = fp.read(len(_MAGIC))
        except (PermissionError, FileNotFoundError) as exc:  # the file is not at fault:
            # no advice to move it aside
            if isinstance(exc, FileNotFoundError) and self.path.is_symlink():
                raise self._cannot_create(
                    _("it is a link to {target}, which does not exist").format(
                        target=os.readlink(self.path)
                    )
                ) from None
            raise StoreError(
                f"{self.path}: " + _("cannot read: {reason}").format(reason=os_reason(exc))
            ) from None
        except OSError as exc:
            raise self._fail(_("cannot read: {reason}").format(reason=os_reason(exc))) from None
        if head != _MAGIC:
            raise self._fail(_("not a progress database (not an SQLite file)"))
        if not self.read_only and not os.access(self.path, os.W_OK):
            raise self._cannot_write()  # before SQLite makes -wal and -shm files beside it
        conn, version = self._connect()
        if self.read_only and 1 <= version < _READ_AS_IS:  # migrated once, by a writer
            conn.close()
            if not os.access(self.path, os.W_OK):
                raise StoreError(
                    f"{self.path}: "
                    + _(
                        "written by an older tutor (schema {version}) and read-only: the tutor "
                        "brings it up to date once it may write to it"
                    ).format(version=version)
                )
            self.read_only = False
            return self._open()
        try:
            if version > SCHEMA_VERSION:
                raise self._fail(
                    _(
                        "written by a newer tutor (schema {version}; this one reads up to "
                        "{known}): upgrade the tutor to use it"
                    ).format(version=version, known=SCHEMA_VERSION)
                )
            if version < 1:
                raise self._fail(_("not a tutor progress database (no schema version)"))
            check = str(conn.execute("PRAGMA quick_check(1)").fetchone()[0])
            if check != "ok":
                detail = [x for x in check.splitlines() if not x.startswith("***")] or [check]
                raise self._fail(
                    _("the database is corrupt ({detail})").format(detail=detail[0].strip())
                )
            # nothing is written before the file is known to be a tutor's: not even WAL mode
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            for table in _TABLES_OF[version]:
                if table not in tables:
                    raise self._fail(
                        _("the database is damaged (its table {name} is missing)").format(
                            name=table
                        )
                    )
            conn.execute("PRAGMA foreign_keys = ON")
            self.conn = conn
            if self.read_only and version < SCHEMA_VERSION:  # read as it is: nothing written
                self.schema = version
            elif version < SCHEMA_VERSION:
                self._migrate(conn, verify=True)
            if not self.read_only:
                conn.execute("PRAGMA journal_mode = WAL")
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise self._sqlite_error(exc) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _migrate(self, conn: sqlite3.Connection, verify: bool = False) -> None:
        """Bring the database to :data:`SCHEMA_VERSION`, in one transaction; ``verify`` reads
        every value back (:meth:`check`) before it commits, so that a damaged file is refused
        as it was, not migrated first."""
        try:
            with self._write(conn):
                # another session may have migrated it while this one waited for the lock
                current = conn.execute("PRAGMA user_version").fetchone()[0]
                for v in range(current, SCHEMA_VERSION):
                    MIGRATIONS[v](conn)
                    conn.execute(f"PRAGMA user_version = {v + 1}")
                if verify and current < SCHEMA_VERSION:
                    self.check()
        except DamagedValue as exc:
            raise self._fail(exc.why()) from None

    @contextmanager
    def _write(
        self, conn: sqlite3.Connection | None = None, wait: float | None = None
    ) -> Iterator[sqlite3.Connection]:
        """One write transaction, taking the write lock at once (:meth:`_begin` waits up to
        ``wait`` seconds, default ``busy_seconds``, for another session's)."""
        c = conn or self.conn
        self._begin(c, self.busy_seconds if wait is None else wait)
        try:
            self._check_same_file()
            yield c
        except BaseException:
            if c.in_transaction:
                try:
                    c.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # the error that got here says more
            raise
        c.execute("COMMIT")

    def _file_identity(self) -> tuple[int, int] | None:
        """The device and inode of the database file (None: no such file)."""
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _check_same_file(self) -> None:
        """StoreError unless the path still names the file this store opened: a file deleted
        or replaced while a session ran took every later answer with it, the session saying
        they were saved (store audit, stop 55)."""
        if self._identity is not None and self._file_identity() != self._identity:
            raise StoreError(
                f"{self.path}: "
                + _("the progress database was removed or replaced while this session ran")
            )

    def _begin(self, c: sqlite3.Connection, wait: float) -> None:
        """``BEGIN IMMEDIATE``, asked every :data:`POLL_SECONDS` until ``wait`` seconds are
        over; ``on_wait`` is told once when the first ask fails; :class:`StoreBusyError` if
        the lock is still held at the end."""
        deadline = time.monotonic() + wait
        told = False
        first = True
        try:
            while True:
                left = deadline - time.monotonic()
                # the first ask does not wait: the user is told of a wait before it begins
                # (a loaded machine spent the whole wait on the first ask, and said nothing)
                poll = 0.0 if first else min(POLL_SECONDS, max(left, 0.0))
                c.execute(f"PRAGMA busy_timeout = {int(poll * 1000)}")
                first = False
                try:
                    c.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if not _is_busy(exc):
                        raise
                if not told and self.on_wait is not None and wait > 0:
                    told = True
                    self.on_wait(wait)
                if time.monotonic() >= deadline:
                    raise self._busy(wait)
        finally:
            c.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")

    def close(self) -> None:
        self.conn.close()

    def remove_if_unused(self) -> bool:
        """Close the store and remove its file if this store created it and no session was
        started in it since: a run that fails before it begins (no puzzles for the options
        given) leaves no database behind. True if the file was removed."""
        if not self.created:
            return False
        with self._guard():
            used = self.conn.execute(
                "SELECT (SELECT COUNT(*) FROM sessions) + (SELECT COUNT(*) FROM answers) "
                "+ (SELECT COUNT(*) FROM drill_answers)"
            ).fetchone()[0]
        if used:  # another session found the new file and began in it meanwhile
            return False
        self.close()
        for path in (self.path, *(Path(f"{self.path}{end}") for end in ("-wal", "-shm"))):
            try:
                path.unlink()
            except OSError:
                pass
        return True

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ------------------------------------------------------------------------------

    def start_session(self, now: float | None = None) -> int:
        """Note a new session; its id goes with each of its answers."""
        with self._guard(), self._write() as c:
            cur = c.execute(
                "INSERT INTO sessions (started_at, pid) VALUES (?, ?)",
                (time.time() if now is None else now, os.getpid()),
            )
            return int(cur.lastrowid or 0)

    def record_answer(
        self,
        info: PuzzleInfo,
        correct: bool,
        skipped: bool = False,
        answer: str | None = None,
        session: int | None = None,
        now: float | None = None,
        wait: float | None = None,
    ) -> Schedule:
        """Keep one answer and move the puzzle's box, in one transaction (committed on return).

        ``wait`` is how long to wait for another session's lock (default ``busy_seconds``);
        :class:`StoreBusyError` if it is still held then, and nothing is written.

        An answer of a session is kept once: the same puzzle, time and session again (the
        trainer saving again an answer whose commit a Ctrl-C interrupted just after it was
        made) writes nothing and gives the schedule as it stands.
        """
        at = time.time() if now is None else now
        with self._guard(), self._write(wait=wait) as c:
            if (
                session is not None
                and c.execute(
                    "SELECT 1 FROM answers WHERE digest = ? AND answered_at = ? AND session = ?",
                    (info.digest, at, session),
                ).fetchone()
            ):
                row = c.execute(
                    "SELECT box, due FROM schedule WHERE digest = ?", (info.digest,)
                ).fetchone()
                if row:
                    box = self._value("schedule", "box", row[0], "box")
                    due = self._value("schedule", "due", row[1], "time")
                    return Schedule(info.digest, box, due, at, kept=False)
            self._keep_puzzle(c, info, at)
            c.execute(
                "INSERT INTO answers (digest, answered_at, correct, skipped, answer, session) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (info.digest, at, int(correct), int(skipped), _stored(answer), session),
            )
            row = c.execute(
                "SELECT box, due FROM schedule WHERE digest = ?", (info.digest,)
            ).fetchone()
            before = self._value("schedule", "box", row[0], "box") if row else 0
            was_due = self._value("schedule", "due", row[1], "time") if row else None
            box, due = leitner(before, correct, at, was_due)
            c.execute(
                "INSERT INTO schedule (digest, box, due, last) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(digest) DO UPDATE SET box = excluded.box, due = excluded.due, "
                "last = excluded.last",
                (info.digest, box, due, at),
            )
        return Schedule(
            info.digest, box, due, at, kept=correct and was_due is not None and at < was_due
        )

    def import_answer(
        self,
        info: PuzzleInfo,
        correct: bool,
        skipped: bool,
        answer: str | None,
        session: int | None,
        at: float,
    ) -> bool:
        """Keep an answer from a rescue file (:meth:`tutor.training.trainer.Trainer.finish`),
        in one transaction; False when the store has it already (the same puzzle and time).

        Its session is kept when the store has that session (else the answer has none). The
        puzzle's box is worked out again from all its answers in order, since answers given
        after this one may be in the store already.
        """
        with self._guard(), self._write() as c:
            if c.execute(
                "SELECT 1 FROM answers WHERE digest = ? AND answered_at = ?", (info.digest, at)
            ).fetchone():
                return False
            session = self._known_session(c, session)
            self._keep_puzzle(c, info, at)
            c.execute(
                "INSERT INTO answers (digest, answered_at, correct, skipped, answer, session) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (info.digest, at, int(correct), int(skipped), _stored(answer), session),
            )
            box, due, last = replayed(
                (self._value("answers", "answered_at", when, "time"),
                 bool(self._value("answers", "correct", right, "flag")))
                for when, right in c.execute(
                    "SELECT answered_at, correct FROM answers WHERE digest = ? "
                    "ORDER BY answered_at, id",
                    (info.digest,),
                ).fetchall()
            )  # fmt: skip
            c.execute(
                "INSERT INTO schedule (digest, box, due, last) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(digest) DO UPDATE SET box = excluded.box, due = excluded.due, "
                "last = excluded.last",
                (info.digest, box, due, last),
            )
        return True

    def record_drill_answer(
        self,
        drill: str,
        question: str,
        ruleset: str,
        seed: int | None,
        round: int,
        correct: bool,
        skipped: bool = False,
        answer: str | None = None,
        expected: str | None = None,
        session: int | None = None,
        now: float | None = None,
        wait: float | None = None,
    ) -> DrillRow:
        """Keep one answer to a drill question (``round``: its number in the drill, from 1),
        in one transaction (committed on return), as :meth:`record_answer` keeps a puzzle's:
        ``wait`` as there, :class:`StoreBusyError` when the lock is still held then, and
        nothing is written. The row as kept."""
        row = DrillRow(
            drill, question, ruleset, seed, round, time.time() if now is None else now,
            correct, skipped, answer, expected, session,
        )  # fmt: skip
        return self.record_drill_row(row, wait)

    def record_drill_row(self, row: DrillRow, wait: float | None = None) -> DrillRow:
        """Keep ``row``, a drill answer made already (:func:`tutor.training.drill.keep_in`
        makes it first, to rescue it should the store refuse it), as
        :meth:`record_drill_answer` keeps one."""
        with self._guard(), self._write(wait=wait) as c:
            self._insert_drill(c, row)
        return row

    def import_drill_answer(self, row: DrillRow) -> bool:
        """Keep a drill answer from a rescue file (:func:`tutor.training.drill.keep_in`), in
        one transaction; False when the store has it already (the same drill, round and
        time). Its session is kept when the store has that session (else it has none)."""
        with self._guard(), self._write() as c:
            if c.execute(
                "SELECT 1 FROM drill_answers WHERE drill = ? AND round = ? AND answered_at = ?",
                (_stored(row.drill), row.round, row.answered_at),
            ).fetchone():
                return False
            self._insert_drill(c, replace(row, session=self._known_session(c, row.session)))
        return True

    @staticmethod
    def _known_session(c: sqlite3.Connection, session: int | None) -> int | None:
        """``session`` when the store has it, else None: a rescued answer keeps its session
        only where that session was noted."""
        if (
            session is None
            or c.execute("SELECT 1 FROM sessions WHERE id = ?", (session,)).fetchone()
        ):
            return session
        return None

    @staticmethod
    def _insert_drill(c: sqlite3.Connection, row: DrillRow) -> None:
        """Write ``row`` into the drill answers, its fields in _DRILL_COLUMNS' order, as the
        file holds each kind."""
        values = [
            _stored(value) if kind.startswith("text") else int(value) if kind == "flag" else value
            for (_column, kind), value in zip(_DRILL_COLUMNS, astuple(row), strict=True)
        ]
        names = ", ".join(column for column, _kind in _DRILL_COLUMNS)
        c.execute(
            f"INSERT INTO drill_answers ({names}) VALUES ({', '.join('?' * len(values))})", values
        )

    @staticmethod
    def _keep_puzzle(c: sqlite3.Connection, info: PuzzleInfo, at: float) -> None:
        """What the store keeps of an answered puzzle (first seen at ``at``), kept or updated."""
        c.execute(
            "INSERT INTO puzzles (digest, name, path, title, themes, ruleset, question, "
            "first_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(digest) DO UPDATE SET "
            "name = excluded.name, path = excluded.path, title = excluded.title, "
            "themes = excluded.themes",
            (*map(_stored, (info.digest, info.name, info.path, info.title,
                            ",".join(info.themes), info.ruleset, info.question)), at),
        )  # fmt: skip

    # -- the file index -------------------------------------------------------------------------
    # A cache: the trainer reads a puzzle file again when its entry here makes no sense.

    def cached_entries(self, path: str, mtime_ns: int, size: int) -> str | None:
        """The index text kept for a puzzle file, if the file is unchanged since."""
        with self._guard():
            row = self.conn.execute(
                "SELECT mtime_ns, size, entries FROM files WHERE path = ?", (_stored(path),)
            ).fetchone()
        if row and row[0] == mtime_ns and row[1] == size and isinstance(row[2], str):
            return row[2]
        return None

    def all_cached_entries(self) -> list[str]:
        """The index text kept for every puzzle file indexed."""
        return [text for _path, _mtime, _size, text in self.cached_files()]

    def cached_files(self) -> list[tuple[str, int, int, str]]:
        """Every puzzle file indexed, as it was when indexed: (path, mtime_ns, size, index
        text); a row the store cannot read back is left out."""
        with self._guard():
            rows = self.conn.execute("SELECT path, mtime_ns, size, entries FROM files").fetchall()
        out = []
        for path, mtime, size, text in rows:
            name = _read_stored(path) if isinstance(path, bytes) else path
            if isinstance(name, str) and isinstance(text, str):
                out.append((name, mtime, size, text))
        return out

    def cache_entries(self, items: Iterable[tuple[str, int, int, str]]) -> None:
        """Keep the index text of puzzle files just read (path, mtime_ns, size, text)."""
        rows = [(_stored(path), mtime, size, text) for path, mtime, size, text in items]
        if not rows:
            return
        with self._guard(), self._write() as c:
            c.executemany(
                "INSERT INTO files (path, mtime_ns, size, entries) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(path) DO UPDATE SET mtime_ns = excluded.mtime_ns, "
                "size = excluded.size, entries = excluded.entries",
                rows,
            )

    # -- reading ------------------------------------------------------------------------------
    # Every value is checked as it is read (:meth:`_value`): damage is a StoreError here, not a
    # TypeError in whatever uses the value later.

    def schedule(self) -> dict[str, Schedule]:
        """Each puzzle's box and due time, by digest."""
        with self._guard():
            rows = self.conn.execute("SELECT digest, box, due, last FROM schedule").fetchall()
        v = self._value
        out = {}
        for d, box, due, last in rows:
            digest = v("schedule", "digest", d, "text")
            out[digest] = Schedule(
                digest, v("schedule", "box", box, "box"), v("schedule", "due", due, "time"),
                v("schedule", "last", last, "time"),
            )  # fmt: skip
        return out

    def answers(self) -> list[AnswerRow]:
        """Every answer, oldest first, with its puzzle's themes."""
        with self._guard():
            rows = self.conn.execute(
                "SELECT a.digest, a.answered_at, a.correct, a.skipped, p.themes FROM answers a "
                "LEFT JOIN puzzles p ON p.digest = a.digest ORDER BY a.answered_at, a.id"
            ).fetchall()
        for d, *_rest, themes in rows:
            if themes is None:  # an answer to a puzzle the file does not list: never written so
                shown = Shown(d)
                raise self._fail(
                    _("the database is damaged (an answer to puzzle {digest!r}, which it does not "
                      "list)").format(digest=shown)
                )  # fmt: skip
        v = self._value
        return [
            AnswerRow(
                v("answers", "digest", d, "text"), v("answers", "answered_at", at, "time"),
                bool(v("answers", "correct", ok, "flag")),
                bool(v("answers", "skipped", sk, "flag")),
                tuple(t for t in v("puzzles", "themes", themes, "text").split(",") if t),
            )
            for d, at, ok, sk, themes in rows
        ]  # fmt: skip

    def drill_answers(self) -> list[DrillRow]:
        """Every answer to a drill, oldest first (none in a file of schema 2, read as it is by
        a ``read_only`` store)."""
        if "drill_answers" not in _TABLES_OF[self.schema]:
            return []
        names = ", ".join(column for column, _kind in _DRILL_COLUMNS)
        with self._guard():
            rows = self.conn.execute(
                f"SELECT {names} FROM drill_answers ORDER BY answered_at, id"
            ).fetchall()
        return [self._drill_row(row) for row in rows]

    def _drill_row(self, row: Sequence[Any]) -> DrillRow:
        """A row of ``drill_answers`` read back, each value checked (:func:`checked`)."""
        values = []
        for (column, kind), value in zip(_DRILL_COLUMNS, row, strict=True):
            value = self._value("drill_answers", column, value, kind)
            values.append(value == 1 if kind == "flag" else value)  # a flag is 0 or 1 there
        return DrillRow(*values)

    def puzzles(self) -> dict[str, PuzzleInfo]:
        """Each puzzle answered, by digest."""
        with self._guard():
            rows = self.conn.execute(
                "SELECT digest, name, path, title, themes, ruleset, question FROM puzzles"
            ).fetchall()
        out = {}
        for row in rows:
            d, n, p, t, th, r, q = (
                self._value("puzzles", column, value, "text?" if column == "path" else "text")
                for column, value in zip(_PUZZLE_COLUMNS, row, strict=True)
            )
            out[d] = PuzzleInfo(d, n, p or "", t, tuple(x for x in th.split(",") if x), r, q)
        return out

    def names_answered(self) -> dict[str, set[str]]:
        """For each puzzle name, the digests answered under it (more than one: it changed)."""
        with self._guard():
            rows = self.conn.execute(
                "SELECT p.name, p.digest FROM puzzles p WHERE EXISTS "
                "(SELECT 1 FROM answers a WHERE a.digest = p.digest)"
            ).fetchall()
        out: dict[str, set[str]] = {}
        for name, digest in rows:
            out.setdefault(self._value("puzzles", "name", name, "text"), set()).add(
                self._value("puzzles", "digest", digest, "text")
            )
        return out

    def check(self) -> None:
        """Read back every value a session reads (:meth:`schedule`, :meth:`answers`,
        :meth:`puzzles`, :meth:`names_answered`, :meth:`drill_answers`): damage is a
        :class:`StoreError` now, before a session writes anything to a file it then says is
        left as it is."""
        with self._guard():
            for table, columns in _schema_columns().items():
                if table not in _TABLES_OF[self.schema]:  # an older file read as it is
                    continue
                found = {row[1] for row in self.conn.execute(f"PRAGMA table_info({table})")}
                missing = [c for c in columns if c not in found]
                if missing:  # what a session would write, and find missing only then
                    raise self._damaged(
                        sqlite3.DatabaseError(f"table {table} has no column named {missing[0]}")
                    )
        self.schedule()
        self.answers()
        self.puzzles()
        self.names_answered()
        self.drill_answers()

    def count_answers(self) -> int:
        """How many answers the database keeps."""
        with self._guard():
            return int(self.conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def version(self) -> int:
        """The schema version of the file (:data:`SCHEMA_VERSION` once opened)."""
        with self._guard():
            return int(self.conn.execute("PRAGMA user_version").fetchone()[0])
