"""``tutor train`` when another session holds the progress database between two answers."""

from __future__ import annotations

import json
import signal
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, SCOPA_RULES, run, stored_answers, with_output_closed

from tutor.training import store as store_module
from tutor.training.store import ProgressStore, Schedule
from tutor.training.trainer import Trainer


@pytest.fixture
def locked_from_answer_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., Path]]:
    """A database that another connection locks just before the session's second answer is
    saved, and lets go of just before answer ``release`` (None: never); Ctrl-C comes instead
    of answer ``interrupt``, and SIGHUP (the terminal closed) instead of answer ``hangup``.
    The store waits 0.4 s and the temporary folder is ``tmp_path / "tmp"``. Gives the
    database's path."""
    db = tmp_path / "p.sqlite"
    ProgressStore(db).close()
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.4)
    record = Trainer.record
    locker = sqlite3.connect(db, isolation_level=None)
    calls = [0]
    release_at: list[int | None] = [None]
    interrupt_at: list[int | None] = [None]
    terminate_at: list[int | None] = [None]

    def recording(self: Trainer, *args: Any) -> Any:
        calls[0] += 1
        if calls[0] == 2:
            locker.execute("BEGIN EXCLUSIVE")
        if calls[0] == release_at[0]:
            locker.execute("ROLLBACK")
        if calls[0] == interrupt_at[0]:
            raise KeyboardInterrupt
        if calls[0] == terminate_at[0]:
            # the terminal closed: the session must have a handler, or the signal would kill
            # the test's own process
            assert signal.getsignal(signal.SIGHUP) not in (signal.SIG_DFL, signal.SIG_IGN)
            signal.raise_signal(signal.SIGHUP)
        return record(self, *args)

    monkeypatch.setattr(Trainer, "record", recording)

    def setup(release: int | None, interrupt: int | None = None, hangup: int | None = None) -> Path:
        release_at[0] = release
        interrupt_at[0] = interrupt
        terminate_at[0] = hangup
        return db

    yield setup
    locker.close()


def test_answers_locked_out_until_the_end_go_to_a_rescue_file(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    """Bug: a lock taken between two answers crashed the session ("internal error:
    OperationalError: database is locked", exit 70) and lost the answer being saved."""
    db = locked_from_answer_2(None)
    r = run("train", "--db", str(db), "--count", "5", input="skip\nskip\nskip\n")
    assert r.exit_code == 3, r.output
    assert "Traceback" not in r.output and "internal error" not in r.output
    assert r.stdout.count("Not saved yet: another session holds the progress database.") == 2
    [rescue] = (tmp_path / "tmp").iterdir()
    lines = r.stderr.splitlines()
    assert lines[-1] == (
        f"tutor: error: {db}: the progress database is in use by another session (still "
        "locked after 0.4 seconds); try again when that session is over; the 2 answers not "
        f"saved are kept in {rescue} (tutor train --import {rescue} saves them when the "
        "database is free)"
    )
    assert "tutor: end of the input: the session stops" in lines
    waiting = (
        f"tutor: the progress database {db} is in use by another session; waiting up to "
        "0.4 seconds..."
    )
    assert lines.count(waiting) == 2  # at the second answer, and at the end
    assert sum(line.startswith("tutor: error:") for line in lines) == 1
    kept = [json.loads(line) for line in rescue.read_text(encoding="utf-8").splitlines()]
    assert [k["skipped"] for k in kept] == [True, True]
    assert stored_answers(db) == 1  # the first answer, saved before the lock
    # the rescue file goes into a database (here another one) with tutor train --import
    other = tmp_path / "other.sqlite"
    r = run("train", "--db", str(other), "--import", str(rescue), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {"imported": 2, "already": 0, "database": str(other)}
    assert f"tutor: the file's answers were meant for {db.absolute()}" in r.stderr
    assert r.stderr.splitlines()[-1] == f"tutor: 2 answers saved in {other}"
    assert stored_answers(other) == 2
    r = run("train", "--db", str(other), "--import", str(rescue))  # twice: each kept once
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines()[-1] == f"tutor: 0 answers saved in {other}; 2 were there already"
    assert stored_answers(other) == 2


def test_answers_locked_out_for_a_while_are_saved_with_a_later_one(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    db = locked_from_answer_2(4)
    r = run("train", "--db", str(db), "--count", "4", input="skip\nskip\nskip\nskip\n")
    assert r.exit_code == 0, r.output
    assert r.stdout.count("Not saved yet") == 2
    assert "The 2 answers kept earlier are saved now too." in r.stdout
    assert r.stderr.splitlines()[-1] == f"tutor: 0 of 4 right; progress saved in {db}"
    assert stored_answers(db) == 4
    assert list((tmp_path / "tmp").iterdir()) == []


def test_ctrl_c_with_answers_kept_writes_them_to_a_rescue_file(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    db = locked_from_answer_2(None, 3)
    r = run("train", "--db", str(db), "--count", "5", input="skip\nskip\nskip\n")
    [rescue] = (tmp_path / "tmp").iterdir()
    assert r.exit_code == 3, r.output
    assert r.stderr.splitlines()[-1].endswith(
        f"; the answer not saved is kept in {rescue} (tutor train --import {rescue} saves it "
        "when the database is free)"
    )
    # bug: the error came right after the ^C, on its line; it follows 'interrupted' now
    assert r.stderr.splitlines()[-2:-1] == ["tutor: interrupted"]
    assert len(rescue.read_text(encoding="utf-8").splitlines()) == 1
    assert stored_answers(db) == 1


def test_a_closed_terminal_writes_the_answers_kept_to_a_rescue_file(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    """Found by QA: SIGHUP or SIGTERM killed the session with the answers another session's
    lock kept out of the store, silently: no rescue file, as Ctrl-C or the end of the input
    write. They end the session as Ctrl-C does now; the answer being kept when the signal came
    is kept first (store audit, stop 55)."""
    db = locked_from_answer_2(None, hangup=3)
    r = run("train", "--db", str(db), "--count", "5", "--json", input="skip\nskip\nskip\n")
    [rescue] = (tmp_path / "tmp").iterdir()
    assert r.exit_code == 3, r.output
    assert r.stderr.splitlines()[-2:-1] == ["tutor: interrupted"]
    assert r.stderr.splitlines()[-1].endswith(  # the last line
        f"; the 2 answers not saved are kept in {rescue} (tutor train --import {rescue} saves "
        "them when the database is free)"
    )
    assert len(rescue.read_text(encoding="utf-8").splitlines()) == 2
    assert stored_answers(db) == 1
    # found by QA too: a run ended by the store's error printed no summary for a script
    data = json.loads(r.stdout)
    assert data["interrupted"] is True and data["answered"] == 3
    assert signal.getsignal(signal.SIGHUP) is signal.SIG_DFL  # given back


def test_answers_locked_out_until_the_end_still_give_a_script_its_summary(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    db = locked_from_answer_2(None)
    r = run("train", "--db", str(db), "--count", "3", "--json", input="skip\nskip\nskip\n")
    assert r.exit_code == 3, r.output
    data = json.loads(r.stdout)
    assert data["interrupted"] is False and data["answered"] == 3


def test_ctrl_c_says_how_the_session_went_and_where_it_is_saved(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    """Bug: Ctrl-C ended a session with 'interrupted' alone, where the end of the input says how
    many answers were right and where they are saved."""
    db = locked_from_answer_2(2, 3)  # locked and let go at once: every answer is saved
    r = run("train", "--db", str(db), "--count", "5", input="skip\nskip\nskip\n")
    assert r.exit_code == 130, r.output
    assert r.stderr.splitlines()[-2:] == [
        "tutor: interrupted",
        f"tutor: 0 of 2 right; progress saved in {db}",
    ]
    assert stored_answers(db) == 2


def test_ctrl_c_still_gives_a_script_the_summary_of_what_was_answered(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    """Found by QA: train --json stopped by Ctrl-C printed nothing on stdout, though the
    answers given were saved: a script could not tell what was answered."""
    db = locked_from_answer_2(2, 3)
    r = run("train", "--db", str(db), "--count", "5", "--json", input="skip\nskip\nskip\n")
    assert r.exit_code == 130, r.output
    data = json.loads(r.stdout)
    assert data["interrupted"] is True and data["answered"] == 2 == len(data["puzzles"])
    assert data["database"] == str(db) and stored_answers(db) == 2
    done = run("train", "--db", str(db), "--count", "1", "--json", input="skip\n")
    assert json.loads(done.stdout)["interrupted"] is False


def test_ctrl_c_on_a_locked_store_says_no_bogus_seconds(
    tmp_path: Path, locked_from_answer_2: Callable[..., Path]
) -> None:
    """Bug: after Ctrl-C, which does not wait for the lock, the error said "still locked after 0
    seconds"."""
    db = locked_from_answer_2(None, 3)
    r = run("train", "--db", str(db), "--count", "5", input="skip\nskip\nskip\n")
    assert r.exit_code == 3, r.output
    [rescue] = (tmp_path / "tmp").iterdir()
    assert r.stderr.splitlines()[-1] == (
        f"tutor: error: {db}: the progress database is in use by another session; try again "
        f"when that session is over; the answer not saved is kept in {rescue} (tutor train "
        f"--import {rescue} saves it when the database is free)"
    )


def _all_answered(db: Path, first: str, right: bool, ago: float) -> None:
    """Every shipped puzzle answered right a minute ago, but ``first``, answered ``ago`` seconds
    ago (``right`` or not), so that it is the next one asked: ahead of time, the soonest due."""
    now = time.time()
    with ProgressStore(db) as store:
        trainer = Trainer.open(store)
        for e in trainer.entries:
            if e.info.name == first:
                store.record_answer(e.info, right, now=now - ago)
            else:
                store.record_answer(e.info, True, now=now - 60)


def _schedule_of(db: Path, name: str) -> Schedule:
    with ProgressStore(db) as store:
        [digest] = [d for d, p in store.puzzles().items() if p.name == name]
        return store.schedule()[digest]


@pytest.mark.parametrize(
    ("right", "ago", "box", "when"),
    [(True, 3600.0, 2, "on {day}"), (False, 120.0, 1, "in 8 minutes")],
)
def test_a_right_answer_ahead_of_time_is_said_to_keep_its_box(
    tmp_path: Path, right: bool, ago: float, box: int, when: str
) -> None:
    """Bug: it moved the puzzle up a box ("Saved. Leitner box 3: ...")."""
    db = tmp_path / "p.sqlite"
    _all_answered(db, "seed004-rule-of-48", right, ago)
    before = _schedule_of(db, "seed004-rule-of-48")
    r = run("train", "--db", str(db), "--count", "1", input="5 6 7 8\n")
    assert r.exit_code == 0, r.output
    assert "Puzzle 1 of 1: seed004-rule-of-48, ahead of time" in r.stdout
    assert "Right: unmatched 5, 6, 7, F." in r.stdout
    day = time.strftime("%Y-%m-%d", time.localtime(before.due))
    assert (
        f"Saved. Answered ahead of time, so it stays in Leitner box {box}: it comes back "
        f"{when.format(day=day)}."
    ) in r.stdout.splitlines()
    after = _schedule_of(db, "seed004-rule-of-48")
    assert (after.box, after.due) == (before.box, before.due)


@pytest.mark.parametrize(
    ("args", "what", "code"),
    [
        (("--ruleset", "nosuch"), "invalid value for --ruleset: unknown ruleset 'nosuch'", 2),
        (("--puzzles", "missing"), "missing: cannot read: No such file or directory", 3),
    ],
)
def test_bad_options_create_no_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], what: str, code: int
) -> None:
    """Bug: ``train --ruleset nosuch`` left an empty progress store behind."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "new" / "p.sqlite"
    r = run("train", "--db", str(db), *args, input="skip\n")
    assert r.exit_code == code, r.output
    assert r.stderr.startswith(f"tutor: error: {what}")
    assert list(tmp_path.iterdir()) == []


def test_import_refuses_what_is_not_a_rescue_file(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"answered_at": 1.0, "correct": true}\n', encoding="utf-8")
    r = run("train", "--db", str(db), "--import", str(bad))
    assert r.exit_code == 3, r.output
    assert r.stderr.strip() == f"tutor: error: {bad}:1: not an answer of a rescue file"
    r = run("train", "--db", str(db), "--import", str(tmp_path / "missing.jsonl"))
    assert r.exit_code == 3 and "Traceback" not in r.output


def test_import_refuses_answers_no_session_writes(tmp_path: Path) -> None:
    """Training audit (stop 47): --import saved a line with a theme of no puzzle ('bogus
    theme', which stats then listed), a made-up kind of question, or an answer both right and
    skipped; and it passed over --count, --theme and --ruleset in silence."""
    db = tmp_path / "p.sqlite"
    line = {
        "database": str(db), "session": 1, "answer": "7D", "answered_at": 1000.0,
        "correct": True, "skipped": False,
        "puzzle": {"digest": "d1", "name": "p", "path": "p.yaml", "title": "t",
                   "themes": ["sweep"], "ruleset": "scopa", "question": "best-move"},
    }  # fmt: skip
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(line) + "\n", encoding="utf-8")
    for change in ({"themes": ["bogus theme"]}, {"question": "riddle"}, {"skipped": True}):
        bad_line = json.loads(json.dumps(line))
        for key, value in change.items():
            (bad_line if key == "skipped" else bad_line["puzzle"])[key] = value
        bad = tmp_path / "bad.jsonl"
        bad.write_text(json.dumps(bad_line) + "\n", encoding="utf-8")
        r = run("train", "--db", str(db), "--import", str(bad))
        assert r.exit_code == 3, (change, r.output)
        assert r.stderr.strip() == f"tutor: error: {bad}:1: not an answer of a rescue file"
    for option in (("--count", "3"), ("--theme", "sweep"), ("--ruleset", "scopa")):
        r = run("train", "--db", str(db), "--import", str(good), *option)
        assert r.exit_code == 2, r.output
        assert f"invalid value for {option[0]}: --import saves a rescue file's answers" in r.stderr
    assert not db.exists()
    r = run("train", "--db", str(db), "--import", str(good))
    assert r.exit_code == 0, r.output


def test_an_imported_answer_takes_its_place_among_later_ones(tmp_path: Path) -> None:
    """A rescued answer older than one saved since: the puzzle's box follows the answers in
    the order given, not the order saved."""
    from tutor.training.store import PuzzleInfo

    info = PuzzleInfo("d1", "p", "p.yaml", "t", ("sweep",), "scopa", "best")
    leitner = store_module.leitner
    with ProgressStore(tmp_path / "p.sqlite") as store:
        store.record_answer(info, True, now=100000.0)  # saved: right, a day later
        assert store.import_answer(info, False, False, "7D", None, 500.0)  # rescued: missed
        assert not store.import_answer(info, False, False, "7D", None, 500.0)  # once
        [sched] = store.schedule().values()
    box, due = leitner(0, False, 500.0)
    in_time_order = leitner(box, True, 100000.0, due)
    box, due = leitner(0, True, 100000.0)
    in_saved_order = leitner(box, False, 500.0, due)
    assert in_time_order != in_saved_order
    assert (sched.box, sched.due, sched.last) == (*in_time_order, 100000.0)


def test_a_db_in_a_missing_folder_is_a_usage_error_and_makes_no_folder(tmp_path: Path) -> None:
    """Found by the stop-46 CLI audit: train --db /nonexistent/x.sqlite made /nonexistent (and
    any folders on the way) where every other file the tutor writes is refused so."""
    for command in (["train", "--count", "1"], ["stats"]):
        db = tmp_path / "no" / "such" / "p.sqlite"
        r = run(*command, "--db", str(db), input="")
        assert r.exit_code == 2, r.output
        assert f"the folder {db.parent} does not exist" in r.stderr
        assert not (tmp_path / "no").exists()


def test_puzzles_given_that_give_no_puzzle_are_bad_input(tmp_path: Path) -> None:
    """Found by the stop-46 CLI audit: --puzzles naming a file that is no puzzle (or a folder of
    broken ones) said 'skipped', then trained on the shipped collection and exited 0."""
    bad = tmp_path / "bin.yaml"
    bad.write_bytes(b"\x00\x01\xff")
    r = run("train", "--count", "1", "--db", str(tmp_path / "p.sqlite"), "--puzzles", str(bad),
            input="")  # fmt: skip
    assert r.exit_code == 3, r.output
    assert r.stderr.strip() == (
        f"tutor: error: {bad}:1: the byte 0xFF is not UTF-8 text: save the file as UTF-8; no "
        f"puzzle could be read from {bad}"
    )
    # a folder with one good puzzle and one broken file: the broken one is noted, and skipped
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bad.yaml").write_bytes(b"\x00\x01\xff")
    (folder / "good.yaml").write_bytes((ROOT / "puzzles" / "lay-a-doppia.yaml").read_bytes())
    r = run("train", "--count", "1", "--db", str(tmp_path / "p.sqlite"), "--puzzles",
            str(folder), input="skip\n")  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "skipped:" in r.stderr and "bad.yaml" in r.stderr


def test_a_ruleset_file_beside_the_puzzles_is_not_skipped_as_a_bad_puzzle(tmp_path: Path) -> None:
    """Stop 48's list: a folder of puzzles holding the ruleset file its puzzles name said
    "skipped: ...: unknown key 'name'" on every run; a broken one now gets the ruleset's own
    message, and a ruleset named on its own is "a ruleset file, not a puzzle"."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "good.yaml").write_bytes((ROOT / "puzzles" / "lay-a-doppia.yaml").read_bytes())
    house = folder / "house.yaml"
    house.write_text(SCOPA_RULES.replace("name: scopa", "name: house"), encoding="utf-8")
    db = str(tmp_path / "p.sqlite")
    for _ in range(2):  # the second run reads the store's cache of the folder
        r = run("train", "--count", "1", "--db", db, "--puzzles", str(folder), input="skip\n")
        assert r.exit_code == 0, r.output
        assert "skipped" not in r.stderr and "house.yaml" not in r.output, r.stderr
    r = run("train", "--count", "1", "--db", db, "--puzzles", str(house), input="")
    assert r.exit_code == 3, r.output
    assert f"{house}: a ruleset file, not a puzzle" in r.stderr
    broken = folder / "broken.yaml"
    broken.write_text(SCOPA_RULES + "~: 3\n", encoding="utf-8")
    r = run("train", "--count", "1", "--db", db, "--puzzles", str(folder), input="skip\n")
    line = SCOPA_RULES.count("\n") + 1
    assert f"tutor: skipped: {broken}:{line}: key '~': unknown key" in r.stderr, r.stderr
    assert "house.yaml" not in r.stderr


def test_an_empty_puzzles_folder_is_bad_input(tmp_path: Path) -> None:
    """Docs audit (stop 47): docs/puzzles.md says a --puzzles folder that gives no puzzle stops
    the session (exit 3), but an empty one was passed over in silence and the session trained
    on the shipped collection; puzzle check already refused it."""
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run("train", "--count", "1", "--db", str(tmp_path / "p.sqlite"), "--puzzles",
            str(empty), input="")  # fmt: skip
    assert r.exit_code == 3, r.output
    assert r.stderr.strip() == f"tutor: error: {empty}: no puzzle file (*.yaml) in this folder"


def test_a_rescue_line_nested_thousands_deep_is_bad_input(tmp_path: Path) -> None:
    """Found by a fuzzer (stop 48): a rescue file's line of arrays nested 100,000 deep was an
    internal error (RecursionError in json.loads, exit 70); it is not an answer (exit 3). So
    is bench tune's --start (exit 2)."""
    bad = tmp_path / "deep.jsonl"
    bad.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    r = run("train", "--db", str(tmp_path / "p.sqlite"), "--import", str(bad))
    assert r.exit_code == 3, r.output
    assert r.stderr.strip() == f"tutor: error: {bad}:1: not an answer of a rescue file"
    deep = tmp_path / "deep-object.jsonl"
    deep.write_text('{"a":' * 100_000 + "1" + "}" * 100_000 + "\n", encoding="utf-8")
    r = run("train", "--db", str(tmp_path / "p.sqlite"), "--import", str(deep))
    assert r.exit_code == 3, r.output
    r = run("bench", "tune", "--start", "[" * 100_000)
    assert r.exit_code == 2 and "not valid JSON: nested too deeply" in r.stderr, r.output


@pytest.mark.parametrize(
    "change",
    [{"session": 10**30}, {"answered_at": 253402300000}, {"digest": "a\udc80"}],
    ids=["huge session", "answered in 9999", "lone surrogate"],
)
def test_a_rescue_line_sqlite_or_the_store_cannot_keep_is_bad_input(
    tmp_path: Path, change: dict[str, object]
) -> None:
    """Found by a fuzzer (stop 48): a rescue line whose session was 10**30, or whose digest
    held a lone surrogate, reached SQLite and was an internal error (exit 70); one answered in
    the year 9999 was saved, and its due date, past what the store keeps, made the database
    "damaged" for every later stats and train."""
    line: dict[str, Any] = {
        "database": "x", "session": 1, "answer": "7D", "answered_at": 1000.0,
        "correct": True, "skipped": False,
        "puzzle": {"digest": "d1", "name": "p", "path": "p.yaml", "title": "t",
                   "themes": ["sweep"], "ruleset": "scopa", "question": "best-move"},
    }  # fmt: skip
    for key, value in change.items():
        (line["puzzle"] if key == "digest" else line)[key] = value
    bad = tmp_path / "big.jsonl"
    bad.write_text(json.dumps(line) + "\n", encoding="utf-8")
    r = run("train", "--db", str(tmp_path / "p.sqlite"), "--import", str(bad))
    assert r.exit_code == 3, r.output
    assert r.stderr.strip() == f"tutor: error: {bad}:1: not an answer of a rescue file"


def test_a_session_whose_output_is_gone_stops_out_loud(tmp_path: Path) -> None:
    """Practice audit (stop 49): ``tutor train | head -3`` ended in silence with exit 0; as
    play and live do, it now says the output was closed and where the answers are, exit 74."""
    db = tmp_path / "p.sqlite"
    code, err = with_output_closed(["train", "--db", str(db), "--count", "3"],
                                   "skip\nskip\nskip\n", tmp_path)  # fmt: skip
    assert code == 74, err
    assert "tutor: the output was closed: the session stops here" in err
    assert f"every answer given so far is saved in {db}" in err and "Traceback" not in err


def test_ctrl_c_while_an_answer_is_judged_keeps_the_answer(tmp_path: Path) -> None:
    """Store audit (stop 55): Ctrl-C pressed just after Enter, while the answer was judged
    (up to 1.4 s for a best-move puzzle), lost that answer, the session saying everything
    was saved. The answer is now judged and kept, then the session stops."""
    import os
    import subprocess
    import sys
    import threading

    db = tmp_path / "p.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tutor", "train", "--db", str(db), "-n", "5", "--json"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=env, text=True,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stderr is not None and proc.stdout is not None
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(proc.stderr), daemon=True)
    reader.start()

    def wait_for(text: str) -> None:
        deadline = time.monotonic() + 60
        while not any(text in line for line in said):
            assert time.monotonic() < deadline and proc.poll() is None, said
            time.sleep(0.02)

    # the first three puzzles of a fresh store, and their answers
    for n, answer in ((1, "KS x KH"), (2, "FD x FC"), (3, "AC x AS")):
        wait_for(f"Puzzle {n} of 5")
        proc.stdin.write(answer + "\n")
        proc.stdin.flush()
    time.sleep(0.05)  # the third is being judged
    proc.send_signal(signal.SIGINT)
    out = proc.stdout.read()
    assert proc.wait(timeout=60) == 130
    summary = json.loads(out)
    assert summary["interrupted"] is True and summary["answered"] == 3, summary
    assert stored_answers(db) == 3


def test_stats_says_a_moved_puzzle_keeps_its_progress() -> None:
    """Store audit (stop 55): stats said of a puzzle whose file was renamed "no longer in its
    file ... not due", while train, reading the renamed file, asked it as due with its
    progress."""
    from tutor.render.terminal import plain_text
    from tutor.render.training import stats_view
    from tutor.training.progress import Stats

    text = " ".join(plain_text(*stats_view(Stats(answered=2, gone=2), now=0.0)).split())
    assert "those moved or renamed keep their progress when train reads them" in text


def test_a_missed_puzzle_is_said_to_come_back_in_the_minutes_of_the_schedule(
    tmp_path: Path,
) -> None:
    """Review: the command said "in ten minutes" in words of its own, repeating
    RETRY_MINUTES; it says the delay as the head of the puzzle and stats word it."""
    r = run("train", "--db", str(tmp_path / "p.sqlite"), "--count", "1", input="skip\n")
    assert r.exit_code == 0, r.output
    assert "Saved. Leitner box 1: it comes back in 10 minutes." in r.stdout.splitlines()


def test_the_accuracy_chart_fits_a_narrow_terminal() -> None:
    """Terminal audit (stop 57): at 40 columns a day's bar kept its 20 characters and the
    percentage went to a line of its own; the bars shorten to the width."""
    from tutor.render.terminal import plain_text
    from tutor.render.training import BAR_WIDTH, stats_view
    from tutor.training.progress import DayCount, Stats

    stats = Stats(answered=12, correct=7, days=[DayCount("2026-12-07", 12, 7)])
    for width, bar in ((40, 13), (80, BAR_WIDTH)):
        text = plain_text(*stats_view(stats, width=width, now=0.0), width=width)
        [day] = [line for line in text.splitlines() if "2026" in line]
        assert day.endswith("7/12   58%") and len(day) <= width, text
        assert day.count("#") + day.count(".") == bar


def test_stats_name_a_puzzle_only_tried_in_the_language_of_the_run(tmp_path: Path) -> None:
    """Italian audit (stop 59): a puzzle answered with ``puzzle try`` alone (train never read
    it) was listed under the missed ones with its English title in an Italian run."""
    db = str(tmp_path / "p.sqlite")
    tried = run("puzzle", "try", "lay-a-doppia", "--db", db, input="skip\n")
    assert tried.exit_code == 0, tried.output
    said = run("--lang", "it", "stats", "--db", db).stdout
    assert "lay-a-doppia — Niente da prendere (saltato," in said
    assert "Nothing to take" not in said
    english = run("stats", "--db", db).stdout
    assert "lay-a-doppia: Nothing to take (skipped," in english
