"""The trainer's progress: an SQLite database that keeps every answer it is given.

The only module that talks to SQLite (an import-linter contract says so). Its guarantees, tested
in ``tests/test_store.py`` and described in ``docs/puzzles.md``:

- **One transaction per answer**, in WAL mode: an answer is on disk before the next puzzle is
  shown, so a killed session loses nothing already answered.
- **Two sessions at once** queue for the write lock (``BEGIN IMMEDIATE`` with a busy timeout);
  neither loses an answer, neither corrupts the file.
- **A schema version** (``PRAGMA user_version``) and migrations from every older version, each in
  one transaction.
- **Never overwritten**: a new database is built under a temporary name and renamed into place;
  an existing file that is unreadable, corrupt, not ours or from a newer tutor gets
  :class:`StoreError` (one line, exit 3) saying how to move it aside, and is left as it is.
- **Puzzles by content**: answers are keyed by the puzzle's digest (a hash of its position,
  question and solution), so a puzzle file that changed is a new puzzle, never confused with the
  old one.

Spaced repetition is a Leitner scheme (:func:`leitner`): a right answer moves a puzzle up a box
and waits longer; a miss sends it back to box 1, due again in ten minutes.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tutor.game.errors import TutorError
from tutor.game.i18n import _, local
from tutor.game.textfile import os_reason

__all__ = [
    "SCHEMA_VERSION",
    "BOX_DAYS",
    "RETRY_MINUTES",
    "StoreError",
    "PuzzleInfo",
    "Schedule",
    "AnswerRow",
    "ProgressStore",
    "default_path",
    "leitner",
    "FIRST_SCHEMA",
    "MIGRATIONS",
]

SCHEMA_VERSION = 2
"""The layout this tutor writes; older files are migrated, newer ones refused."""

BOX_DAYS = {2: 3.0, 3: 7.0, 4: 16.0, 5: 35.0}
"""Leitner boxes: days until a puzzle a right answer put in each box is due again (box 1 holds
the missed puzzles, see :data:`RETRY_MINUTES`; 5 is the top box)."""
RETRY_MINUTES = 10.0
"""A missed (or skipped) puzzle goes back to box 1 and is due again after this many minutes."""
BUSY_SECONDS = 30.0
"""How long a session waits for another one's write to finish before giving up."""

_DAY = 86400.0
_MAGIC = b"SQLite format 3\x00"

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
    boxes: dict[str, tuple[int, float, float]] = {}
    for digest, at, correct in conn.execute(
        "SELECT digest, answered_at, correct FROM answers ORDER BY answered_at, id"
    ):
        box = boxes[digest][0] if digest in boxes else 0
        new_box, due = leitner(box, bool(correct), at)
        boxes[digest] = (new_box, due, at)
    conn.executemany(
        "INSERT INTO schedule (digest, box, due, last) VALUES (?, ?, ?, ?)",
        [(d, b, due, last) for d, (b, due, last) in boxes.items()],
    )


MIGRATIONS = {1: _migrate_1_to_2}
"""``MIGRATIONS[v]`` upgrades a version-``v`` database to ``v + 1``, its data included."""


def leitner(box: int, correct: bool, now: float) -> tuple[int, float]:
    """The new box and due time after an answer (``box`` 0: never answered before).

    >>> leitner(0, True, 0.0)
    (2, 259200.0)
    >>> leitner(4, False, 0.0)
    (1, 600.0)
    >>> leitner(5, True, 0.0)[0]
    5
    """
    if not correct:
        return 1, now + RETRY_MINUTES * 60.0
    new = min(max(box, 1) + 1, max(BOX_DAYS))
    return new, now + BOX_DAYS[new] * _DAY


class StoreError(TutorError):
    """A progress database the tutor cannot use; the file is left untouched."""


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
    digest: str
    box: int
    due: float
    last: float


@dataclass(frozen=True)
class AnswerRow:
    digest: str
    answered_at: float
    correct: bool
    skipped: bool
    themes: tuple[str, ...]


def _aside(path: Path) -> str:
    target = shlex.quote(str(path) + ".bad")
    return _("to start afresh, move it aside: mv {file} {target}").format(
        file=shlex.quote(str(path)), target=target
    )


class ProgressStore:
    """An open progress database (see the module docstring); use it as a context manager."""

    def __init__(self, path: str | Path, busy_seconds: float = BUSY_SECONDS) -> None:
        self.path = Path(path)
        self.busy_seconds = busy_seconds
        if not self.path.exists():
            self._create()
        self.conn = self._open()

    # -- opening ------------------------------------------------------------------------------

    def _fail(self, why: str) -> StoreError:
        return StoreError(
            f"{self.path}: "
            + _("{why}. The file is left as it is; {aside}").format(
                why=why, aside=_aside(self.path)
            )
        )

    def _create(self) -> None:
        """Build an empty database under a temporary name, then rename it into place."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".new", dir=folder)
        except OSError as exc:
            raise StoreError(
                f"{self.path}: " + _("cannot create: {reason}").format(reason=os_reason(exc))
            ) from None
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
            except FileExistsError:
                pass
            except OSError:  # no hard links here: a rename, unless the file appeared meanwhile
                if not self.path.exists():
                    os.replace(tmp, self.path)
        finally:
            for leftover in (tmp, tmp + "-wal", tmp + "-shm"):
                try:
                    os.unlink(leftover)
                except OSError:
                    pass

    def _open(self) -> sqlite3.Connection:
        try:
            with open(self.path, "rb") as fp:
                head = fp.read(len(_MAGIC))
        except OSError as exc:
            raise self._fail(_("cannot read: {reason}").format(reason=os_reason(exc))) from None
        if head != _MAGIC:
            raise self._fail(_("not a progress database (not an SQLite file)"))
        try:
            conn = sqlite3.connect(
                f"file:{self.path}?mode=rw", uri=True, timeout=self.busy_seconds,
                isolation_level=None,
            )  # fmt: skip
        except sqlite3.Error as exc:
            raise self._fail(_("cannot open: {reason}").format(reason=exc)) from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
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
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA foreign_keys = ON")
            if version < SCHEMA_VERSION:
                self._migrate(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise self._fail(
                _("the database is corrupt or unreadable ({detail})").format(detail=exc)
            ) from None
        except StoreError:
            conn.close()
            raise
        return conn

    def _migrate(self, conn: sqlite3.Connection) -> None:
        """Bring the database to :data:`SCHEMA_VERSION`, in one transaction."""
        with self._write(conn):
            # another session may have migrated it while this one waited for the lock
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            for v in range(current, SCHEMA_VERSION):
                MIGRATIONS[v](conn)
                conn.execute(f"PRAGMA user_version = {v + 1}")

    @contextmanager
    def _write(self, conn: sqlite3.Connection | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction, taking the write lock at once (waits for another session)."""
        c = conn or self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            yield c
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ------------------------------------------------------------------------------

    def start_session(self, now: float | None = None) -> int:
        with self._write() as c:
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
    ) -> Schedule:
        """Keep one answer and move the puzzle's box, in one transaction (committed on return)."""
        at = time.time() if now is None else now
        with self._write() as c:
            c.execute(
                "INSERT INTO puzzles (digest, name, path, title, themes, ruleset, question, "
                "first_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(digest) DO UPDATE SET "
                "name = excluded.name, path = excluded.path, title = excluded.title, "
                "themes = excluded.themes",
                (info.digest, info.name, info.path, info.title, ",".join(info.themes),
                 info.ruleset, info.question, at),
            )  # fmt: skip
            c.execute(
                "INSERT INTO answers (digest, answered_at, correct, skipped, answer, session) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (info.digest, at, int(correct), int(skipped), answer, session),
            )
            row = c.execute("SELECT box FROM schedule WHERE digest = ?", (info.digest,)).fetchone()
            box, due = leitner(row[0] if row else 0, correct, at)
            c.execute(
                "INSERT INTO schedule (digest, box, due, last) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(digest) DO UPDATE SET box = excluded.box, due = excluded.due, "
                "last = excluded.last",
                (info.digest, box, due, at),
            )
        return Schedule(info.digest, box, due, at)

    # -- the file index -------------------------------------------------------------------------

    def cached_entries(self, path: str, mtime_ns: int, size: int) -> str | None:
        """The index text kept for a puzzle file, if the file is unchanged since."""
        row = self.conn.execute(
            "SELECT mtime_ns, size, entries FROM files WHERE path = ?", (path,)
        ).fetchone()
        if row and row[0] == mtime_ns and row[1] == size:
            return str(row[2])
        return None

    def all_cached_entries(self) -> list[str]:
        """The index text kept for every puzzle file indexed."""
        return [str(row[0]) for row in self.conn.execute("SELECT entries FROM files")]

    def cache_entries(self, items: Iterable[tuple[str, int, int, str]]) -> None:
        rows = list(items)
        if not rows:
            return
        with self._write() as c:
            c.executemany(
                "INSERT INTO files (path, mtime_ns, size, entries) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(path) DO UPDATE SET mtime_ns = excluded.mtime_ns, "
                "size = excluded.size, entries = excluded.entries",
                rows,
            )

    # -- reading ------------------------------------------------------------------------------

    def schedule(self) -> dict[str, Schedule]:
        return {
            d: Schedule(d, box, due, last)
            for d, box, due, last in self.conn.execute(
                "SELECT digest, box, due, last FROM schedule"
            )
        }

    def answers(self) -> list[AnswerRow]:
        rows = self.conn.execute(
            "SELECT a.digest, a.answered_at, a.correct, a.skipped, p.themes FROM answers a "
            "JOIN puzzles p ON p.digest = a.digest ORDER BY a.answered_at, a.id"
        )
        return [
            AnswerRow(d, at, bool(ok), bool(sk), tuple(t for t in themes.split(",") if t))
            for d, at, ok, sk, themes in rows
        ]

    def puzzles(self) -> dict[str, PuzzleInfo]:
        rows = self.conn.execute(
            "SELECT digest, name, path, title, themes, ruleset, question FROM puzzles"
        )
        return {
            d: PuzzleInfo(d, n, p or "", t, tuple(x for x in th.split(",") if x), r, q)
            for d, n, p, t, th, r, q in rows
        }

    def names_answered(self) -> dict[str, set[str]]:
        """For each puzzle name, the digests answered under it (more than one: it changed)."""
        out: dict[str, set[str]] = {}
        for name, digest in self.conn.execute(
            "SELECT p.name, p.digest FROM puzzles p WHERE EXISTS "
            "(SELECT 1 FROM answers a WHERE a.digest = p.digest)"
        ):
            out.setdefault(name, set()).add(digest)
        return out

    def count_answers(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])
