"""The training database keeps what it is given: kills, two writers, bad files, migrations."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import run, stored_answers

from tutor.training import store as store_module
from tutor.training.store import (
    FIRST_SCHEMA,
    RETRY_MINUTES,
    SCHEMA_VERSION,
    ProgressStore,
    PuzzleInfo,
    StoreBusyError,
    StoreError,
    default_path,
    leitner,
)

ROOT = Path(__file__).resolve().parent.parent
TUTOR = [sys.executable, "-m", "tutor"]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    env.pop("TUTOR_DEBUG", None)
    return env


def _query(db: Path, sql: str) -> object:
    """One value, read through a connection of its own (read-only: it changes nothing)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        return conn.execute(sql).fetchone()[0]
    finally:
        conn.close()


def _answers(db: Path) -> int:
    return int(str(_query(db, "SELECT COUNT(*) FROM answers")))


def _integrity(db: Path) -> str:
    return str(_query(db, "PRAGMA integrity_check"))


def _info(n: int, themes: tuple[str, ...] = ("sweep",)) -> PuzzleInfo:
    return PuzzleInfo(f"d{n:04d}", f"p{n}", f"/x/p{n}.yaml", f"P {n}", themes, "scopa", "best-move")


# -- the basics ---------------------------------------------------------------------------------


def test_a_new_database_is_made_in_wal_mode_with_the_current_schema(tmp_path: Path) -> None:
    db = tmp_path / "deep" / "er" / "progress.sqlite"
    with ProgressStore(db) as store:
        assert store.version() == SCHEMA_VERSION
        mode = store.conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
    assert sorted(p.name for p in db.parent.iterdir() if not p.name.startswith("progress")) == []


def test_each_answer_is_committed_before_record_answer_returns(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    with ProgressStore(db) as store:
        store.record_answer(_info(1), True, now=1000.0)
        # another connection sees it at once: it is committed, not pending
        assert _answers(db) == 1
        s = store.record_answer(_info(1), False, skipped=True, now=2000.0)
        assert (s.box, s.due) == (1, 2000.0 + RETRY_MINUTES * 60)
        assert _answers(db) == 2


def test_default_path_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "scopone-tutor" / "progress.sqlite"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert default_path() == Path.home() / ".local/share/scopone-tutor/progress.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == Path.home() / ".local/share/scopone-tutor/progress.sqlite"


def test_leitner_boxes_move_up_when_right_and_back_to_one_when_missed() -> None:
    box, due = 0, 0.0
    for expected in (2, 3, 4, 5, 5):
        box, due = leitner(box, True, 0.0)
        assert box == expected
    assert leitner(box, False, 100.0) == (1, 100.0 + RETRY_MINUTES * 60)


def test_a_right_answer_ahead_of_time_keeps_the_box_and_the_due_time(tmp_path: Path) -> None:
    """Bug: a right answer to a puzzle not yet due moved it up a box, so five sessions in a row
    took a puzzle to the top box within minutes. A wrong one still sends it to box 1."""
    day = 86400.0
    with ProgressStore(tmp_path / "p.sqlite") as store:
        first = store.record_answer(_info(1), True, now=1000.0)
        assert (first.box, first.kept) == (2, False)
        for n in range(1, 6):
            s = store.record_answer(_info(1), True, now=1000.0 + n * 60)
            assert (s.box, s.due, s.kept) == (2, first.due, True)
        s = store.record_answer(_info(1), True, now=first.due)  # due now: up a box
        assert (s.box, s.due, s.kept) == (3, first.due + 7 * day, False)
        s = store.record_answer(_info(1), False, now=first.due + day)  # wrong, early: box 1
        assert (s.box, s.due) == (1, first.due + day + RETRY_MINUTES * 60)
        kept = store.record_answer(_info(1), True, now=first.due + day + 60)
        assert (kept.box, kept.due, kept.kept) == (1, s.due, True)
        assert store.schedule()["d0001"].box == 1
        assert store.record_answer(_info(1), True, now=s.due + 1).box == 2


@pytest.mark.parametrize(
    "name",
    ["backup#1.sqlite", "a?b.sqlite", "100%25 done.sqlite", "my progress.sqlite", "x?mode=ro"],
)
def test_any_file_name_is_the_database_s_own(tmp_path: Path, name: str) -> None:
    """Bug: the path went into an SQLite URI as it was, so ``--db 'backup#1.sqlite'`` opened
    ``backup`` ("not a tutor progress database ... move it aside", exit 3) and ``--db
    'a?b.sqlite'`` left an empty file ``a`` behind."""
    folder = tmp_path / "db"
    folder.mkdir()
    db = folder / name
    r = run("train", "--db", str(db), "--count", "1", input="skip\n")
    assert r.exit_code == 0, r.output
    assert stored_answers(db) == 1
    r = run("stats", "--db", str(db), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answered"] == 1
    with ProgressStore(db) as store:
        store.record_answer(_info(1), True, now=1000.0)
        assert store.count_answers() == 2
    assert sorted(p.name for p in folder.iterdir()) == [name]


# -- a real SIGKILL of a real session --------------------------------------------------------------


def test_a_killed_session_loses_nothing_already_answered(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    proc = subprocess.Popen(
        [*TUTOR, "train", "--db", str(db), "--count", "10"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=_env(tmp_path),
        cwd=ROOT,
    )
    assert proc.stdin is not None
    try:
        proc.stdin.write(b"skip\nskip\nnot an answer at all\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if db.exists() and _answers(db) >= 2:
                break
            time.sleep(0.05)
        assert db.exists() and _answers(db) == 2
        time.sleep(0.2)  # the session now waits for a readable third answer
        assert proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert _answers(db) == 2
    assert _integrity(db) == "ok"
    with ProgressStore(db) as store:  # opens cleanly after the kill, answers intact
        assert store.count_answers() == 2
        assert all(a.skipped for a in store.answers())
    done = subprocess.run(
        [*TUTOR, "train", "--db", str(db), "--count", "1"],
        input=b"skip\n",
        capture_output=True,
        env=_env(tmp_path),
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert _answers(db) == 3


# -- two writers at once ------------------------------------------------------------------------

_WRITER = """
import sys
from tutor.training.store import ProgressStore, PuzzleInfo
db, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
with ProgressStore(db) as store:
    for i in range(n):
        info = PuzzleInfo(f"{tag}{i % 7}", f"{tag}{i % 7}", "", "", ("sweep",), "scopa", "holds")
        store.record_answer(info, i % 2 == 0, answer=f"{tag}-{i}")
"""


def test_two_writers_at_once_keep_every_answer(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    procs = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(db), tag, "150"], cwd=ROOT)
        for tag in ("a", "b")
    ]
    for p in procs:
        assert p.wait(timeout=120) == 0
    assert _answers(db) == 300
    assert _integrity(db) == "ok"
    with ProgressStore(db) as store:
        texts = {row[0] for row in store.conn.execute("SELECT answer FROM answers").fetchall()}
        assert texts == {f"{t}-{i}" for t in "ab" for i in range(150)}
        assert len(store.schedule()) == 14


def test_two_train_sessions_at_once(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    ProgressStore(db).close()
    procs = [
        subprocess.Popen(
            [*TUTOR, "train", "--db", str(db), "--count", "3"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=_env(tmp_path),
            cwd=ROOT,
        )
        for _ in range(2)
    ]
    for p in procs:
        _out, err = p.communicate(b"skip\nskip\nskip\n", timeout=120)
        assert p.returncode == 0, err
    assert _answers(db) == 6
    assert _integrity(db) == "ok"


# -- files the tutor will not touch ---------------------------------------------------------------


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*TUTOR, *args], input="skip\n", capture_output=True, text=True,
        env=_env(tmp_path), cwd=ROOT, timeout=60,
    )  # fmt: skip


def _refused(tmp_path: Path, db: Path, what: str) -> None:
    before = db.read_bytes()
    for args in (
        ("train", "--db", str(db), "--count", "1"),
        ("stats", "--db", str(db)),
        ("drill", "48", "--db", str(db), "--rounds", "1"),
    ):
        r = _run(tmp_path, *args)
        assert r.returncode == 3, r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1, r.stderr
        assert lines[0].startswith(f"tutor: error: {db}: ")
        assert what in lines[0]
        assert f"mv {db} {db}.bad" in lines[0]
        assert "Traceback" not in r.stderr
    assert db.read_bytes() == before  # never overwritten
    assert sorted(p.name for p in db.parent.iterdir()) == [db.name]


def test_a_file_that_is_no_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    db.write_bytes(b"my shopping list\nmilk\n" * 50)
    _refused(tmp_path, db, "not a progress database")


def test_an_empty_file_is_an_empty_database(tmp_path: Path) -> None:
    """Bad-input audit (stop 60): a file made with ``touch`` was "not a progress database (not
    an SQLite file)", exit 3; SQLite reads an empty file as an empty database, and so do we:
    stats shows no answers (and leaves it as it is), a session makes it a database."""
    db = tmp_path / "progress.sqlite"
    db.write_bytes(b"")
    r = run("stats", "--db", str(db), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answered"] == 0 and db.read_bytes() == b""
    with ProgressStore(db) as store:
        store.check()
        assert store.created
    assert db.stat().st_size > 0 and stored_answers(db) == 0
    tried = run("puzzle", "try", "scopone-one-best-move", "--db", str(db), input="skip\n")
    assert tried.exit_code == 0, tried.output
    assert stored_answers(db) == 1


def test_a_corrupt_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    with ProgressStore(db) as store:
        for i in range(400):
            store.record_answer(_info(i), i % 3 == 0, answer="x" * 200, now=1000.0 + i)
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for leftover in db.parent.glob("progress.sqlite-*"):
        leftover.unlink()
    data = bytearray(db.read_bytes())
    assert len(data) > 8 * 4096
    for offset in range(2 * 4096, len(data) - 4096, 4096):
        data[offset + 100 : offset + 400] = b"\xa5" * 300  # scribble over every page but the first
    db.write_bytes(bytes(data))
    _refused(tmp_path, db, "corrupt")


def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    ProgressStore(db).close()
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    for leftover in db.parent.glob("progress.sqlite-*"):
        leftover.unlink()
    _refused(tmp_path, db, "written by a newer tutor")


def test_an_sqlite_file_that_is_not_ours_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    _refused(tmp_path, db, "not a tutor progress database")


def test_a_folder_in_the_way_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    db.mkdir()
    with pytest.raises(StoreError, match="a folder, not a progress database file"):
        ProgressStore(db)


def test_a_folder_given_as_the_database_is_named_a_folder_without_mv_advice(
    tmp_path: Path,
) -> None:
    """Bug: ``stats --db /tmp`` said "cannot read: Is a directory" and advised ``mv /tmp
    /tmp.bad``."""
    for args in (("stats", "--db", str(tmp_path)), ("train", "--db", str(tmp_path))):
        r = _run(tmp_path, *args)
        assert r.returncode == 3, r.stderr
        assert r.stderr == f"tutor: error: {tmp_path}: a folder, not a progress database file\n"


# -- damage found after opening -------------------------------------------------------------------


def _damaged(tmp_path: Path, *sql: str) -> Path:
    """A sound database with an answer or two, then changed by ``sql`` (valid SQLite all along)."""
    db = tmp_path / "progress.sqlite"
    with ProgressStore(db) as store:
        store.record_answer(_info(1), True, now=1000.0)
        store.record_answer(_info(2), False, now=2000.0)
    conn = sqlite3.connect(db)
    for statement in sql:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return db


def test_a_dropped_table_is_damage_for_train_and_stats(tmp_path: Path) -> None:
    """Bug: a store without its schedule table crashed both (exit 70, no such table)."""
    db = _damaged(tmp_path, "DROP TABLE schedule")
    _refused(tmp_path, db, "the database is damaged (its table schedule is missing)")


def test_a_time_that_is_no_number_is_damage_for_stats(tmp_path: Path) -> None:
    """Bug: ``answered_at = 'abc'`` crashed stats with a TypeError (exit 70)."""
    db = _damaged(tmp_path, "UPDATE answers SET answered_at = 'abc'")
    r = _run(tmp_path, "stats", "--db", str(db))
    assert r.returncode == 3, r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith(f"tutor: error: {db}: the database is damaged (answers.answered_at ")
    assert "'abc'" in line and f"mv {db} {db}.bad" in line


@pytest.mark.parametrize(
    ("sql", "what"),
    [
        ("UPDATE schedule SET box = 9 WHERE rowid = 1", "schedule.box holds 9"),
        ("UPDATE schedule SET last = -5", "schedule.last holds -5"),
        ("UPDATE answers SET skipped = 2", "answers.skipped holds 2"),
        ("UPDATE puzzles SET name = X'07'", "puzzles.name holds b'\\x07'"),
    ],
)
def test_train_writes_nothing_to_a_store_it_finds_damaged(
    tmp_path: Path, sql: str, what: str
) -> None:
    """Bug: train said "The file is left as it is" about a store with a box 9 in its schedule,
    having added a row to its sessions (and its index of puzzle files) first."""
    db = _damaged(tmp_path, sql)
    _refused(tmp_path, db, what)


@pytest.mark.parametrize(
    ("sql", "read", "what"),
    [
        ("ALTER TABLE answers DROP COLUMN skipped", "answers", "no such column"),
        ("UPDATE answers SET correct = 'yes'", "answers", "answers.correct holds 'yes'"),
        ("UPDATE answers SET answered_at = 1e300", "answers", "answers.answered_at"),
        ("UPDATE puzzles SET themes = X'07'", "answers", "puzzles.themes holds b'\\x07'"),
        ("UPDATE puzzles SET title = X'00'", "puzzles", "puzzles.title holds b'\\x00'"),
        ("UPDATE schedule SET box = 9", "schedule", "schedule.box holds 9"),
        ("UPDATE schedule SET due = 'soon'", "schedule", "schedule.due holds 'soon'"),
        ("UPDATE schedule SET box = 'x'", "record", "schedule.box holds 'x'"),
        ("DROP TABLE sessions; CREATE TABLE sessions (x)", "session", "no column named"),
    ],
)
def test_damage_read_back_is_a_store_error_with_the_advice(
    tmp_path: Path, sql: str, read: str, what: str
) -> None:
    """Any SQLite error and any value the tutor never writes is a StoreError saying how to move
    the file aside, never a TypeError or an OperationalError."""
    db = _damaged(tmp_path, *sql.split("; "))
    with ProgressStore(db) as store:
        do = {
            "answers": store.answers,
            "puzzles": store.puzzles,
            "schedule": store.schedule,
            "record": lambda: store.record_answer(_info(1), True, now=3000.0),
            "session": store.start_session,
        }[read]
        with pytest.raises(StoreError) as caught:
            do()
    text = str(caught.value)
    assert text.startswith(f"{db}: the database is ") and what in text, text
    assert text.endswith(f"mv {db} {db}.bad")
    assert _answers(db) == 2  # a failed write wrote nothing


# -- a store the user may not write or read --------------------------------------------------


ROOT_USER = os.geteuid() == 0
"""Root may read and write any file: the tests below then simulate what chmod does for others."""


def _no_writing(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``db`` may not be written: chmod 0444, or for root, whom that does not stop, the
    operating system's answer when asked."""
    if not ROOT_USER:
        db.chmod(0o444)
        return
    access = os.access

    def denied(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(path) == db:
            return False
        return access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", denied)


def _read_only_folder(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``db``'s folder may not be written: chmod 0555, or for root, SQLite's own error when it
    cannot make the ``-shm`` file there (as it fails for others: at the first read)."""
    if not ROOT_USER:
        db.parent.chmod(0o555)
        return
    connect = sqlite3.connect

    class NoShm(sqlite3.Connection):
        def execute(self, *args: Any) -> sqlite3.Cursor:
            if str(args[0]).startswith("PRAGMA busy_timeout") or "query_only" in str(args[0]):
                return super().execute(*args)
            exc = sqlite3.OperationalError("attempt to write a readonly database")
            exc.sqlite_errorcode = sqlite3.SQLITE_READONLY_DIRECTORY  # type: ignore[attr-defined]
            raise exc

    def no_shm(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if str(db.name) in str(database) and "immutable=1" not in str(database):
            kwargs["factory"] = NoShm
        return connect(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", no_shm)


def _stats(db: Path) -> dict[str, Any]:
    r = run("stats", "--db", str(db), "--json")
    assert r.exit_code == 0, r.output
    return dict(json.loads(r.stdout))


def test_a_read_only_store_is_said_read_only_and_stats_still_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: a store the user may not write to was "corrupt or unreadable (attempt to write a
    readonly database) ... move it aside" for train."""
    db = _damaged(tmp_path)
    _no_writing(db, monkeypatch)
    r = run("train", "--db", str(db), "--count", "1", input="skip\n")
    assert r.exit_code == 3, r.output
    assert r.stderr.splitlines() == [
        f"tutor: error: {db}: the progress database is read-only: the tutor cannot save in it"
    ]
    assert _stats(db)["answered"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [db.name]  # no -wal, -shm left


def test_stats_reads_a_store_in_a_read_only_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: stats on a store in a folder the user may not write to said "corrupt or unreadable
    (attempt to write a readonly database) ... move it aside": SQLite could not make the -shm
    file WAL mode needs. It reads the file as immutable then; train says what is read-only."""
    db = _damaged(tmp_path)
    _read_only_folder(db, monkeypatch)
    try:
        assert _stats(db)["answered"] == 2
        r = run("train", "--db", str(db), "--count", "1", input="skip\n")
        assert r.exit_code == 3, r.output
        assert r.stderr.splitlines() == [
            f"tutor: error: {db}: the folder of the progress database is read-only: the tutor "
            "cannot save in it"
        ]
        assert sorted(p.name for p in tmp_path.iterdir()) == [db.name]
    finally:
        tmp_path.chmod(0o755)
        monkeypatch.undo()
    assert stored_answers(db) == 2


def test_a_store_the_user_may_not_read_is_said_so_without_mv_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: a store owned by someone else (0600) got "cannot read: Permission denied ... to
    start afresh, move it aside"."""
    db = _damaged(tmp_path)
    if ROOT_USER:
        real_open = open

        def denied(file: Any, *args: Any, **kwargs: Any) -> Any:
            if Path(file) == db:
                raise PermissionError(13, "Permission denied", str(db))
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(store_module, "open", denied, raising=False)
    else:
        db.chmod(0)
    try:
        for args in (("stats", "--db", str(db)), ("train", "--db", str(db), "--count", "1")):
            r = run(*args, input="skip\n")
            assert r.exit_code == 3, r.output
            assert r.stderr == f"tutor: error: {db}: cannot read: Permission denied\n"
    finally:
        db.chmod(0o600)
    assert stored_answers(db) == 2


def test_stats_still_migrates_an_older_store_it_may_write_and_says_when_it_may_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "old.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(FIRST_SCHEMA)
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    _no_writing(db, monkeypatch)
    with pytest.raises(StoreError, match=r"schema 1\) and read-only") as caught:
        ProgressStore(db, read_only=True)
    assert "mv " not in str(caught.value)
    monkeypatch.undo()
    db.chmod(0o644)
    with ProgressStore(db, read_only=True) as store:
        assert store.version() == SCHEMA_VERSION


# -- a store another session keeps locked ---------------------------------------------------------


def _lock(db: Path) -> sqlite3.Connection:
    """Another connection holding the write lock, as a stuck session or a database browser."""
    conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN EXCLUSIVE")
    return conn


def test_a_locked_store_says_so_then_gives_up_with_store_busy_error(tmp_path: Path) -> None:
    """Bug: a write waited 30 seconds in silence, then an OperationalError (exit 70)."""
    db = tmp_path / "p.sqlite"
    waits: list[float] = []
    with ProgressStore(db, busy_seconds=0.6, on_wait=waits.append) as store:
        locker = _lock(db)
        start = time.monotonic()
        with pytest.raises(StoreBusyError, match="in use by another session") as caught:
            store.record_answer(_info(1), True, now=1000.0)
        assert 0.6 <= time.monotonic() - start < 5
        assert waits == [0.6]  # said once, as the wait began
        assert "mv " not in str(caught.value)  # nothing is wrong with the file
        assert str(caught.value).startswith(f"{db}: ")
        # nothing was written, and the store works once the lock is gone
        locker.execute("ROLLBACK")
        locker.close()
        assert store.count_answers() == 0
        store.record_answer(_info(1), True, now=1000.0)
    assert _answers(db) == 1
    assert isinstance(caught.value, StoreError)


def test_a_lock_let_go_while_waiting_lets_the_write_through(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    waits: list[float] = []
    with ProgressStore(db, busy_seconds=10, on_wait=waits.append) as store:
        locker = _lock(db)
        threading.Timer(0.6, locker.execute, ("ROLLBACK",)).start()
        store.record_answer(_info(1), True, now=1000.0)
        locker.close()
    assert waits == [10]
    assert _answers(db) == 1


def test_train_on_a_locked_store_says_so_and_exits_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: ``tutor train`` on a locked store hung 30 s in silence, then "internal error:
    OperationalError: database is locked" (exit 70)."""
    db = tmp_path / "p.sqlite"
    ProgressStore(db).close()
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.5)
    locker = _lock(db)
    try:
        r = run("train", "--db", str(db), "--count", "1", input="skip\n")
    finally:
        locker.close()
    assert r.exit_code == 3, r.output
    assert r.stdout == ""
    assert r.stderr.splitlines() == [
        f"tutor: the progress database {db} is in use by another session; waiting up to "
        "0.5 seconds...",
        f"tutor: error: {db}: the progress database is in use by another session (still "
        "locked after 0.5 seconds); try again when that session is over",
    ]
    assert _answers(db) == 0


# -- migrations ----------------------------------------------------------------------------------


def test_a_version_1_database_is_migrated_with_its_answers(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(FIRST_SCHEMA)
    conn.execute("PRAGMA user_version = 1")
    rows = [
        ("aa", "first", 100.0, True),
        ("aa", "first", 200.0, True),
        ("bb", "second", 150.0, False),
    ]
    for digest, name, at, ok in rows:
        conn.execute(
            "INSERT OR IGNORE INTO puzzles (digest, name, themes, first_seen) VALUES (?, ?, ?, ?)",
            (digest, name, "sweep,endgame", at),
        )
        conn.execute(
            "INSERT INTO answers (digest, answered_at, correct) VALUES (?, ?, ?)",
            (digest, at, int(ok)),
        )
    conn.commit()
    conn.close()
    with ProgressStore(db) as store:
        assert store.version() == SCHEMA_VERSION
        assert store.count_answers() == 3
        sched = store.schedule()
        # the schedule is rebuilt from the answers in time order, as live answers make it
        # (training audit, stop 47: it ignored the rule that a right answer ahead of time, 100
        # seconds after the first, keeps the box and the due time, and put "aa" in box 3)
        assert sched["aa"].box == 2 and sched["aa"].last == 200.0
        assert sched["aa"].due == 100.0 + 3 * 86400
        assert sched["bb"].box == 1 and sched["bb"].due == 150.0 + RETRY_MINUTES * 60
        store.record_answer(PuzzleInfo("bb", "second", "", "", (), "", ""), True, now=300.0)
        assert store.count_answers() == 4
    assert _integrity(db) == "ok"


def _version_2(db: Path) -> bytes:
    """A version-2 store (as the tutor wrote it before drill answers were kept) with a session,
    two answers, their schedule and an indexed file; its bytes."""
    conn = sqlite3.connect(db)
    conn.executescript(FIRST_SCHEMA)
    store_module.MIGRATIONS[1](conn)
    conn.execute("PRAGMA user_version = 2")
    conn.execute("INSERT INTO sessions (id, started_at, pid) VALUES (7, 50.0, 1)")
    conn.execute(
        "INSERT INTO puzzles (digest, name, themes, first_seen) VALUES ('aa', 'a', 's', 1)"
    )
    for at, ok in ((100.0, 1), (200.0, 0)):
        conn.execute(
            "INSERT INTO answers (digest, answered_at, correct, answer, session) "
            "VALUES ('aa', ?, ?, 'x', 7)",
            (at, ok),
        )
    conn.execute("INSERT INTO schedule (digest, box, due, last) VALUES ('aa', 1, 800.0, 200.0)")
    conn.execute("INSERT INTO files (path, mtime_ns, size, entries) VALUES ('/p.yaml', 1, 2, '[]')")
    conn.commit()
    conn.close()
    return db.read_bytes()


def test_a_version_2_database_is_migrated_to_3_with_all_its_data(tmp_path: Path) -> None:
    db = tmp_path / "v2.sqlite"
    _version_2(db)
    with ProgressStore(db) as store:
        assert store.version() == SCHEMA_VERSION == 3
        assert [(a.digest, a.answered_at, a.correct) for a in store.answers()] == [
            ("aa", 100.0, True),
            ("aa", 200.0, False),
        ]
        s = store.schedule()["aa"]
        assert (s.box, s.due, s.last) == (1, 800.0, 200.0)  # kept, not rebuilt
        assert store.cached_files() == [("/p.yaml", 1, 2, "[]")]
        assert store.drill_answers() == []
        store.record_drill_answer("48", "holder", "scopa", 3, 1, True, session=7, now=300.0)
    assert _query(db, "SELECT COUNT(*) FROM sessions") == 1
    assert _query(db, "SELECT session FROM drill_answers") == 7
    assert _query(db, "SELECT group_concat(answer) FROM answers") == "x,x"
    assert _integrity(db) == "ok"


def test_stats_reads_a_version_2_store_as_it_is_without_writing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only store (``stats``) reads a version-2 file, which has no drill answers, as
    it is: it migrates nothing, whether it may write the file or not."""
    db = tmp_path / "v2.sqlite"
    before = _version_2(db)
    for writable in (True, False):
        if not writable:
            _no_writing(db, monkeypatch)
        with ProgressStore(db, read_only=True) as store:
            store.check()
            assert (store.version(), store.schema) == (2, 2)
            assert store.drill_answers() == []
            assert len(store.answers()) == 2
        assert db.read_bytes() == before
        r = run("stats", "--db", str(db), "--json")
        assert r.exit_code == 0, r.output
        shown = json.loads(r.stdout)
        assert (shown["answered"], shown["drills"]) == (2, [])
        assert db.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == [db.name]


def test_a_drill_answer_is_committed_and_read_back(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    with ProgressStore(db) as store:
        session = store.start_session(now=10.0)
        kept = store.record_drill_answer(
            "48", "unmatched", "scopa", None, 2, False, skipped=True, answer="caf\udce9",
            expected="2 6", session=session, now=20.0,
        )  # fmt: skip
        assert _query(db, "SELECT COUNT(*) FROM drill_answers") == 1  # committed at once
        assert store.drill_answers() == [kept]
        assert (kept.seed, kept.round, kept.correct, kept.skipped) == (None, 2, False, True)
        assert kept.answer == "caf\udce9"  # a lone surrogate, kept as the answers keep it
        store.check()


def _drill_damaged(tmp_path: Path, sql: str) -> Path:
    """A sound database with two answers and a drill answer, then changed by ``sql``."""
    db = tmp_path / "progress.sqlite"
    with ProgressStore(db) as store:
        store.record_answer(_info(1), True, now=1000.0)
        store.record_answer(_info(2), False, now=2000.0)
        store.record_drill_answer("48", "holder", "scopa", 1, 1, True, now=3000.0)
    conn = sqlite3.connect(db)
    conn.execute(sql)
    conn.commit()
    conn.close()
    return db


@pytest.mark.parametrize(
    ("sql", "what"),
    [
        ("UPDATE drill_answers SET correct = 'yes'", "drill_answers.correct holds 'yes'"),
        ("UPDATE drill_answers SET answered_at = 'noon'", "drill_answers.answered_at holds"),
        ("UPDATE drill_answers SET round = 0", "drill_answers.round holds 0"),
        ("UPDATE drill_answers SET seed = 'x'", "drill_answers.seed holds 'x'"),
        ("UPDATE drill_answers SET question = X'07'", "drill_answers.question holds b'\\x07'"),
        ("ALTER TABLE drill_answers DROP COLUMN expected", "no column named expected"),
        ("DROP TABLE drill_answers", "its table drill_answers is missing"),
    ],
)
def test_a_damaged_drill_answer_is_damage_as_in_the_other_tables(
    tmp_path: Path, sql: str, what: str
) -> None:
    db = _drill_damaged(tmp_path, sql)
    _refused(tmp_path, db, what)


# -- files the tutor did not write, and disks that fail -------------------------------------------


def _version_1(db: Path, answered_at: object = 100.0, correct: object = 1) -> bytes:
    """A version-1 store with one answer holding ``answered_at`` and ``correct``; its bytes."""
    conn = sqlite3.connect(db)
    conn.executescript(FIRST_SCHEMA)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO puzzles (digest, name, first_seen) VALUES ('aa', 'first', 1.0)")
    conn.execute(
        "INSERT INTO answers (digest, answered_at, correct) VALUES ('aa', ?, ?)",
        (answered_at, correct),
    )
    conn.commit()
    conn.close()
    return db.read_bytes()


@pytest.mark.parametrize(("version", "read_only"), [(2, False), (1, False), (1, True)])
def test_another_programs_database_is_left_byte_for_byte(
    tmp_path: Path, version: int, read_only: bool
) -> None:
    """Found by QA: train (and stats, for a file of schema 1) switched another program's SQLite
    file to WAL mode before finding it was not a tutor's, then said the file was left as it
    was."""
    db = tmp_path / "other.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE notes (x)")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match=r"its table \w+ is missing\). The file is left as it is"):
        ProgressStore(db, read_only=read_only)
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [db.name]


@pytest.mark.parametrize(
    ("answered_at", "correct", "what"),
    [
        ("yesterday", 1, "answers.answered_at holds 'yesterday'"),
        (b"\xff", 1, "answers.answered_at holds b'\\xff'"),
        (100.0, "yes", "answers.correct holds 'yes'"),
        (1e308, 1, "answers.answered_at holds 1e+308"),
    ],
)
@pytest.mark.parametrize("read_only", [False, True])
def test_a_damaged_version_1_store_is_refused_before_it_is_migrated(
    tmp_path: Path, answered_at: object, correct: object, what: str, read_only: bool
) -> None:
    """Found by QA: a version-1 store with a time that is text was an internal error (a
    TypeError while migrating, exit 70); with a flag of 'yes' it was migrated and committed,
    then refused as damaged "and left as it is"."""
    db = tmp_path / "old.sqlite"
    before = _version_1(db, answered_at, correct)
    with pytest.raises(StoreError) as caught:
        ProgressStore(db, read_only=read_only)
    assert f"the database is damaged ({what}). The file is left as it is" in str(caught.value)
    assert db.read_bytes() == before


def test_a_full_disk_is_said_so_without_the_advice_to_move_the_file_aside(tmp_path: Path) -> None:
    """Found by QA: a full disk was "the database is corrupt or unreadable (database or disk is
    full) ... move it aside", advice that would hide the user's history from the tutor."""
    db = _damaged(tmp_path)
    with ProgressStore(db) as store:
        pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
        store.conn.execute(f"PRAGMA max_page_count = {pages}")  # as a disk with no room left
        with pytest.raises(StoreError) as caught:
            store.record_answer(_info(3), True, answer="x" * 100_000, now=3000.0)
    assert str(caught.value) == f"{db}: the disk is full: the tutor cannot save in it"
    assert _answers(db) == 2


def test_a_full_disk_while_a_store_is_made_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by QA: a disk that filled while the store was built gave an internal error
    (OperationalError, exit 70). SQLite's page limit stands in for the disk here."""
    monkeypatch.setattr(store_module, "FIRST_SCHEMA", "PRAGMA max_page_count = 1;" + FIRST_SCHEMA)
    db = tmp_path / "new" / "p.sqlite"
    with pytest.raises(StoreError) as caught:
        ProgressStore(db)
    assert str(caught.value) == f"{db}: cannot create: the disk is full"
    assert list(db.parent.iterdir()) == []  # no temporary file left behind


def test_a_device_or_a_pipe_is_refused_without_being_read(tmp_path: Path) -> None:
    """Found by QA: --db /dev/null advised "mv /dev/null /dev/null.bad"; a named pipe hung for
    ever, waiting for a writer."""
    pipe = tmp_path / "pipe.sqlite"
    os.mkfifo(pipe)
    for path in (Path(os.devnull), pipe):
        for read_only in (False, True):
            with pytest.raises(StoreError) as caught:
                ProgressStore(path, read_only=read_only)
            assert str(caught.value) == f"{path}: not a file: give a progress database file"


def test_a_file_where_a_folder_should_be_is_named(tmp_path: Path) -> None:
    """Found by QA: --db afile/p.sqlite said "cannot create: File exists"."""
    afile = tmp_path / "afile"
    afile.write_text("")
    with pytest.raises(StoreError) as caught:
        ProgressStore(afile / "sub" / "p.sqlite")
    assert str(caught.value) == (f"{afile}/sub/p.sqlite: cannot create: {afile} is not a folder")


def test_stats_never_ignores_answers_in_a_wal_file_it_cannot_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by QA: a store whose latest answers were still in its -wal file, in a folder the
    user may not write to (so that SQLite cannot make the -shm file), was read as immutable,
    which ignores the -wal file: stats said "No puzzle answered yet", exit 0."""
    live, copy = tmp_path / "live", tmp_path / "copy"
    live.mkdir()
    copy.mkdir()
    db = live / "p.sqlite"
    with ProgressStore(db) as store:
        store.record_answer(_info(1), True, now=1000.0)
        (copy / db.name).write_bytes(db.read_bytes())  # a copy taken while the session ran
        (copy / f"{db.name}-wal").write_bytes(Path(f"{db}-wal").read_bytes())
    kept = copy / db.name
    _read_only_folder(kept, monkeypatch)
    try:
        r = run("stats", "--db", str(kept))
        assert r.exit_code == 3, r.output
        assert r.stderr == (
            f"tutor: error: {kept}: its latest answers are in {kept}-wal, which the tutor "
            "cannot read without writing beside it (the folder is read-only): copy the files to "
            "a folder you may write to\n"
        )
    finally:
        copy.chmod(0o755)
        monkeypatch.undo()
    assert stored_answers(kept) == 1


def test_an_answer_to_a_puzzle_the_store_does_not_list_is_damage(tmp_path: Path) -> None:
    """Found by QA: such an answer was dropped from stats without a word (the table held two
    answers, stats said one)."""
    db = _damaged(tmp_path)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("UPDATE answers SET digest = 'gone' WHERE id = 1")
    conn.commit()
    conn.close()
    r = run("stats", "--db", str(db))
    assert r.exit_code == 3, r.output
    assert "the database is damaged (an answer to puzzle 'gone', which it does not list)" in (
        r.stderr
    )


def test_a_killed_sessions_temporary_files_are_removed_when_old(tmp_path: Path) -> None:
    """Found by QA: a session killed while it made the store left .p.sqlite.XXXX.new (and its
    -journal) behind, and nothing removed them."""
    stale = [tmp_path / ".p.sqlite.abc123.new", tmp_path / ".p.sqlite.abc123.new-journal"]
    fresh = tmp_path / ".p.sqlite.def456.new"  # another session making it right now
    other = tmp_path / ".q.sqlite.abc123.new"  # another store's
    for f in [*stale, fresh, other]:
        f.write_text("")
    for f in [*stale, other]:
        os.utime(f, (time.time() - 3600, time.time() - 3600))
    with ProgressStore(tmp_path / "p.sqlite"):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [fresh.name, other.name, "p.sqlite"]
    )


def test_a_link_to_nowhere_where_a_folder_must_be_is_named(tmp_path: Path) -> None:
    """Found by QA: a dangling link in the --db path was called "a file, not a folder"."""
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    with pytest.raises(StoreError) as caught:
        ProgressStore(tmp_path / "gone" / "p.sqlite")
    assert str(caught.value).endswith(f"cannot create: {tmp_path / 'gone'} is not a folder")


def test_a_database_that_is_a_link_to_nowhere_says_so(tmp_path: Path) -> None:
    """Found by QA: --db naming a dangling link said "cannot read: No such file or directory",
    where the tutor was asked to make the file."""
    (tmp_path / "p.sqlite").symlink_to(tmp_path / "gone" / "p.sqlite")
    with pytest.raises(StoreError) as caught:
        ProgressStore(tmp_path / "p.sqlite")
    assert str(caught.value) == (
        f"{tmp_path / 'p.sqlite'}: cannot create: it is a link to "
        f"{tmp_path / 'gone' / 'p.sqlite'}, which does not exist"
    )


def test_a_killed_sessions_leftovers_are_removed_once_the_store_exists(tmp_path: Path) -> None:
    """Found by QA: the temporary files were swept only when the store was made, and after
    the usual retry it existed: they stayed for good."""
    with ProgressStore(tmp_path / "p.sqlite"):
        pass
    stale = tmp_path / ".p.sqlite.abc123.new"
    stale.write_text("")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    with ProgressStore(tmp_path / "p.sqlite"):
        pass
    assert not stale.exists()


def test_a_store_missing_a_column_is_refused_before_a_session_writes(tmp_path: Path) -> None:
    """Training audit (stop 47): with the answers' ``answer`` column dropped, train said "the
    database is corrupt or unreadable ... The file is left as it is", after it had started a
    session in it (a new ``sessions`` row): every column a session writes is checked first."""
    db = tmp_path / "p.sqlite"
    with ProgressStore(db) as store:
        store.record_answer(_info(1), True, now=1000.0)
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE answers DROP COLUMN answer")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    r = run("train", "--db", str(db), "--count", "1", input="skip\n")
    assert r.exit_code == 3, r.output
    assert "the database is corrupt or unreadable (table answers has no column named answer)" in (
        r.stderr
    )
    assert db.read_bytes() == before


def test_a_store_removed_while_a_session_runs_is_said_not_written_past(tmp_path: Path) -> None:
    """Store audit (stop 55): the database deleted (or replaced) while a session ran took every
    later answer with it, the session saying "progress saved" to a file that no longer
    existed. A write now checks that the path still names the file it opened."""
    path = tmp_path / "p.sqlite"
    with ProgressStore(path) as store:
        store.record_answer(_info(1), True, now=100.0)
        for leftover in tmp_path.glob("p.sqlite*"):
            leftover.unlink()
        with pytest.raises(StoreError, match="was removed or replaced while this session ran"):
            store.record_answer(_info(2), True, now=200.0)
    with ProgressStore(path) as store:  # a file in its place is another file: refused too
        path.rename(tmp_path / "moved.sqlite")
        with ProgressStore(path) as other:
            other.record_answer(_info(3), True, now=300.0)
        with pytest.raises(StoreError, match="was removed or replaced"):
            store.record_answer(_info(4), True, now=400.0)


def test_stats_refuses_a_store_train_refuses(tmp_path: Path) -> None:
    """Store audit (stop 55): with a column dropped from the answers, train said so (exit 3)
    while stats counted past it and exited 0."""
    from helpers import run

    path = tmp_path / "p.sqlite"
    with ProgressStore(path) as store:
        store.record_answer(_info(1), True, answer="7D", now=100.0)
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE answers DROP COLUMN answer")
    conn.commit()
    conn.close()
    for args in (["stats", "--db", str(path)], ["stats", "--db", str(path), "--json"]):
        result = run(*args)
        assert result.exit_code == 3, result.output
        assert "has no column named answer" in result.stderr
