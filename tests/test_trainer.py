"""The trainer's choices (Leitner boxes, new puzzles mixed in) and puzzles known by content."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pytest
from helpers import stored_answers

from tutor.game.i18n import speaking
from tutor.puzzles.answer import Answer, Verdict
from tutor.puzzles.format import collection_dir, load_puzzles
from tutor.training.progress import progress_stats
from tutor.training.store import (
    BOX_DAYS,
    DAY_SECONDS,
    RETRY_MINUTES,
    ProgressStore,
    PuzzleInfo,
    Schedule,
    StoreBusyError,
    StoreError,
)
from tutor.training.trainer import (
    NEW_EVERY,
    Entry,
    Pick,
    Trainer,
    TrainSession,
    cached_puzzles,
    describe,
    how_soon,
    read_rescue,
)

DAY = 86400.0
NAMES = (
    "keep-the-table-above-ten",
    "seed004-rule-of-48",
    "lay-a-doppia",
    "seed001-single-card-first",
    "three-card-spariglio",
)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _folder(tmp_path: Path) -> Path:
    mine = tmp_path / "mine"
    mine.mkdir()
    for name in NAMES:
        shutil.copy(collection_dir() / f"{name}.yaml", mine / f"{name}.yaml")
    return mine


def _answer(trainer: Trainer, correct: bool) -> str:
    pick = trainer.next()
    assert pick is not None
    trainer.record(pick, Verdict(correct, not correct, ""), None)
    return pick.puzzle.name


def test_new_puzzles_easiest_first_then_reviews_when_due(tmp_path: Path) -> None:
    mine = _folder(tmp_path)
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        first = [_answer(t, correct=(i != 1)) for i in range(len(NAMES))]
        difficulty = {p.name: p.spec.difficulty for p in load_puzzles(mine)}
        assert [difficulty[n] for n in first] == sorted(difficulty[n] for n in first)
        assert t.next() is None  # every puzzle asked once in this session
        missed = first[1]
        # ten minutes later, a new session: the missed puzzle is due, the others are not
        clock.now += RETRY_MINUTES * 60 + 1
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        pick = t.next()
        assert pick is not None and pick.reason == "due" and pick.puzzle.name == missed
        # nothing else due: the rest come ahead of time, the soonest first
        pick = t.next()
        assert pick is not None and pick.reason == "early"
        # after the boxes' time the right ones are due again
        clock.now += BOX_DAYS[2] * DAY
        stats = progress_stats(store, clock.now)
        assert stats.due == len(NAMES)
        assert stats.answered == len(NAMES) and stats.correct == len(NAMES) - 1
        # bug (JSON sweep): times read "...+0000", not RFC 3339's "+00:00"
        data = stats.to_json()
        assert data["accuracy"] == round((len(NAMES) - 1) / len(NAMES), 4)  # a share, 0 to 1
        for due in [data["next_due"], *(d["due"] for d in data["due_now"])]:
            if due is not None:
                assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", due), due
                assert datetime.fromisoformat(due).timestamp() > 0
        assert data["due_now"]


def test_stats_name_the_puzzles_missed_lately_and_count_those_never_tried(
    tmp_path: Path,
) -> None:
    """Stop 59: stats named the puzzles due, never those just missed, nor how many are left to
    try. The missed are those whose latest answer was wrong or skipped, the latest first; one
    answered right since is no longer missed."""
    mine = _folder(tmp_path)
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        first = _answer(t, correct=False)
        clock.now += 60
        second = _answer(t, correct=False)
        stats = progress_stats(store, clock.now)
        assert [m.name for m in stats.missed] == [second, first]
        assert (stats.known, stats.untried) == (len(NAMES), len(NAMES) - 2)
        data = stats.to_json()
        assert [m["puzzle"] for m in data["missed_lately"]] == [second, first]
        assert data["untried"] == len(NAMES) - 2
        clock.now += RETRY_MINUTES * 60 + 1
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        pick = t.next()
        assert pick is not None and pick.puzzle.name == first
        t.record(pick, Verdict(True, False, ""), None)
        assert [m.name for m in progress_stats(store, clock.now).missed] == [second]
        from tutor.render.terminal import plain_text
        from tutor.render.training import stats_view

        text = plain_text(*stats_view(progress_stats(store, clock.now), now=clock.now))
        assert "Missed lately:" in text and f"  {second}: " in text
        assert f"Not tried yet: {len(NAMES) - 2} of the {len(NAMES)} puzzles" in text


def test_sessions_back_to_back_do_not_push_puzzles_up_the_boxes(tmp_path: Path) -> None:
    """Bug: puzzles not yet due, offered because nothing else was, moved up a box when
    answered right, so five sessions in a row put every puzzle in the top box within minutes."""
    mine = _folder(tmp_path)
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        for session in range(5):
            t = Trainer.open(store, [mine], shipped=False, clock=clock)
            for _ in NAMES:
                pick = t.next()
                assert pick is not None
                assert pick.reason == ("new" if session == 0 else "early")
                t.record(pick, Verdict(True, False, ""), None)
            clock.now += 120
        assert {s.box for s in store.schedule().values()} == {2}


@pytest.mark.parametrize(
    ("box", "seconds", "shown"),
    [
        (1, 480.0, "box 1, due in 8 minutes"),
        (1, 10.0, "box 1, due in 1 minute"),
        (2, 5 * 3600.0 + 60, "box 2, due in 5 hours"),
        (3, 2.5 * DAY, "box 3, due in 2.5 days"),
    ],
)
def test_a_puzzle_ahead_of_time_says_when_it_falls_due(
    box: int, seconds: float, shown: str
) -> None:
    """Bug: a box-1 puzzle about to fall due was "ahead of time (box 1, due in 0.0 days)"."""
    puzzle = load_puzzles(collection_dir() / f"{NAMES[0]}.yaml")[0]
    info = PuzzleInfo(puzzle.digest, puzzle.name, puzzle.path, "", (), "scopa", puzzle.kind)
    pick = Pick(
        puzzle, Entry(info, 1), "early", Schedule(puzzle.digest, box, 1000.0 + seconds, 900.0)
    )
    assert describe(pick, 1000.0) == f"ahead of time ({shown})"


def test_a_new_puzzle_is_mixed_in_every_few_reviews(tmp_path: Path) -> None:
    mine = _folder(tmp_path)
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        for _ in range(3):
            _answer(t, correct=False)  # three puzzles seen, all due again soon
        clock.now += RETRY_MINUTES * 60 + 1
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        reasons = []
        for _ in range(NEW_EVERY):
            pick = t.next()
            assert pick is not None
            reasons.append(pick.reason)
        assert reasons == ["due"] * (NEW_EVERY - 1) + ["new"]


def _one_puzzle_folder(tmp_path: Path) -> tuple[Path, Path, str]:
    """A folder holding one puzzle file: the folder, the file and its text."""
    mine = tmp_path / "mine"
    mine.mkdir()
    path = mine / "p.yaml"
    text = (collection_dir() / "seed004-rule-of-48.yaml").read_text()
    path.write_text(text)
    return mine, path, text


def test_a_changed_puzzle_file_is_a_new_puzzle(tmp_path: Path) -> None:
    mine, path, text = _one_puzzle_folder(tmp_path)
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        pick = t.next()
        assert pick is not None and pick.reason == "new" and not pick.changed
        old = pick.entry.info.digest
        t.record(pick, Verdict(True, False, ""), "5 6 7 8")
        # rewording the explanation keeps the puzzle (and its progress)
        path.write_text(text.replace("keep this list in your head", "remember this list"))
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        assert [e.info.digest for e in t.entries] == [old]
        # changing the question's substance makes another puzzle, recognised as changed
        path.write_text(text.replace("question: unmatched", "question: unmatched\n  seat: South"))
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        [entry] = t.entries
        assert entry.info.digest != old
        pick = t.next()
        assert pick is not None and pick.reason == "new" and pick.changed
        # the old answer is kept, under the old puzzle
        assert [a.digest for a in store.answers()] == [old]


def test_a_file_changed_during_a_session_is_answered_under_what_was_shown(
    tmp_path: Path,
) -> None:
    """Found by QA: a puzzle file edited after the session indexed it was shown and judged in
    its new version, but its answer was kept under the old version's digest (so too between
    sessions, when the file kept its size and time)."""
    mine, path, text = _one_puzzle_folder(tmp_path)
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        [indexed] = t.entries
        path.write_text(text.replace("question: unmatched", "question: unmatched\n  seat: South"))
        pick = t.next()
        assert pick is not None and pick.reason == "new"
        assert pick.entry.info.digest == pick.puzzle.digest != indexed.info.digest
        t.record(pick, Verdict(True, False, ""), "5 6 7 8")
        assert [a.digest for a in store.answers()] == [pick.puzzle.digest]
        assert t.next() is None  # the file's one puzzle, asked once


def test_the_index_is_kept_and_refreshed_when_a_file_changes(tmp_path: Path) -> None:
    mine = _folder(tmp_path)
    with ProgressStore(tmp_path / "p.sqlite") as store:
        Trainer.open(store, [mine], shipped=False)
        rows = store.conn.execute("SELECT COUNT(*) FROM files").fetchone()[0]
        assert rows == len(NAMES)
        broken = mine / "broken.yaml"
        broken.write_text("ruleset: nowhere\n")
        t = Trainer.open(store, [mine], shipped=False)
        assert len(t.entries) == len(NAMES)
        assert any("broken.yaml" in s for s in t.skipped_files)


def test_the_due_titles_are_in_the_language_of_the_run(tmp_path: Path) -> None:
    mine = _folder(tmp_path)
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        _answer(t, correct=False)
        clock.now += RETRY_MINUTES * 60 + 1
        [english] = progress_stats(store, clock.now).due_now
        with speaking("it"):
            stats = progress_stats(store, clock.now)
        [italian] = stats.due_now
        spec = next(p.spec for p in load_puzzles(mine) if p.name == italian.name)
        assert english.shown_title == english.title == italian.title == spec.title
        assert italian.shown_title == dict(spec.translations)["title_it"] != spec.title
        assert stats.to_json()["due_now"][0]["title"] == spec.title  # JSON: English


def test_an_index_cached_by_an_older_tutor_is_read_again(tmp_path: Path) -> None:
    mine = _folder(tmp_path)
    with ProgressStore(tmp_path / "p.sqlite") as store:
        Trainer.open(store, [mine], shipped=False)
        for path, text in store.conn.execute("SELECT path, entries FROM files").fetchall():
            old = [{k: v for k, v in d.items() if k != "titles"} for d in json.loads(text)]
            store.conn.execute(
                "UPDATE files SET entries = ? WHERE path = ?", (json.dumps(old), path)
            )
        store.conn.commit()
        t = Trainer.open(store, [mine], shipped=False)
        assert all(e.info.titles for e in t.entries)
        cached = store.conn.execute("SELECT entries FROM files").fetchall()
        assert all('"titles"' in text for (text,) in cached)


# -- answers the store cannot take at once ------------------------------------------------------


def _rescue_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary folder of the test's own, where rescue files are written."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    return tmp


def _lock(db: Path) -> sqlite3.Connection:
    """Another connection holding the store's write lock (a stuck session)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    return conn


@contextmanager
def _locked_session(
    db: Path, folder: Path
) -> Iterator[tuple[ProgressStore, Trainer, sqlite3.Connection]]:
    """A session over ``folder``'s puzzles whose store another connection has just locked
    (the store gives up a write after 0.3 s)."""
    with ProgressStore(db, busy_seconds=0.3) as store:
        t = Trainer.open(store, [folder], shipped=False, clock=Clock())
        yield store, t, _lock(db)


def test_answers_the_store_cannot_take_are_kept_and_saved_with_a_later_one(
    tmp_path: Path,
) -> None:
    """Bug: an answer given while another session held the lock was lost with a crash."""
    mine = _folder(tmp_path)
    db = tmp_path / "p.sqlite"
    clock = Clock()
    with ProgressStore(db, busy_seconds=0.3) as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        names = [_answer(t, correct=True)]
        locker = _lock(db)
        for _ in range(2):
            clock.now += 60
            pick = t.next()
            assert pick is not None
            names.append(pick.puzzle.name)
            assert t.record(pick, Verdict(False, True, ""), "typed") is None
        assert len(t.unsaved) == 2 and stored_answers(db) == 1
        locker.execute("ROLLBACK")
        locker.close()
        clock.now += 60
        names.append(_answer(t, correct=True))
        assert t.unsaved == [] and stored_answers(db) == 4
        # in the order given, at the time each was given, in this session
        rows = store.conn.execute(
            "SELECT p.name, a.answered_at, a.answer, a.session FROM answers a "
            "JOIN puzzles p ON p.digest = a.digest ORDER BY a.id"
        ).fetchall()
        assert [r[0] for r in rows] == names
        assert [r[1] for r in rows] == [1_000_000.0 + 60 * i for i in range(4)]
        assert [r[2] for r in rows] == [None, "typed", "typed", None]
        assert {r[3] for r in rows} == {t.session}


def test_finish_saves_what_was_kept_once_the_lock_is_gone(tmp_path: Path) -> None:
    mine = _folder(tmp_path)
    db = tmp_path / "p.sqlite"
    with _locked_session(db, mine) as (store, t, locker):
        pick = t.next()
        assert pick is not None
        assert t.record(pick, Verdict(True, False, ""), None) is None
        locker.execute("ROLLBACK")
        locker.close()
        t.finish()
        assert t.unsaved == [] and stored_answers(db) == 1


def test_an_answer_kept_is_in_a_rescue_file_at_once_and_the_file_goes_once_it_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Training audit (stop 47): an answer the locked store would not take was kept in memory
    alone until the end of the session, so a session killed meanwhile (kill -9, a power cut)
    lost it. The rescue file holds every answer kept from the moment it is kept. Training
    audit (stop 53): each answer kept made a new file and removed the last, so the name said
    after the first answer was gone by the second: the file keeps its name."""
    tmp = _rescue_folder(tmp_path, monkeypatch)
    mine = _folder(tmp_path)
    db = tmp_path / "p.sqlite"
    with _locked_session(db, mine) as (store, t, locker):
        digests = []
        names = set()
        for typed in ("7D", "AS", "KC"):
            pick = t.next()
            assert pick is not None
            digests.append(pick.entry.info.digest)
            assert t.record(pick, Verdict(False, False, ""), typed) is None
            [rescue] = tmp.iterdir()  # one file, rewritten with every answer kept
            lines = [json.loads(x) for x in rescue.read_text(encoding="utf-8").splitlines()]
            assert [x["puzzle"]["digest"] for x in lines] == digests
            assert rescue == t.rescue_file
            names.add(rescue)
        assert len(names) == 1  # the name said after the first answer is still the file's
        locker.execute("ROLLBACK")
        locker.close()
        t.finish()
        assert stored_answers(db) == 3 and t.unsaved == []
    assert list(tmp.iterdir()) == [] and t.rescue_file is None


def test_what_the_store_never_takes_goes_to_a_rescue_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: a store locked until the end lost the answers not saved."""
    _rescue_folder(tmp_path, monkeypatch)
    mine = _folder(tmp_path)
    db = tmp_path / "p.sqlite"
    with _locked_session(db, mine) as (store, t, locker):
        picks = []
        for typed in ("7D", None):
            pick = t.next()
            assert pick is not None
            picks.append(pick)
            t.record(pick, Verdict(typed is not None, typed is None, ""), typed)
        with pytest.raises(StoreBusyError) as caught:
            t.finish()
        locker.close()
    [rescue] = (tmp_path / "tmp").iterdir()
    assert str(caught.value) == (
        f"{db}: the progress database is in use by another session (still locked after 0.3 "
        f"seconds); try again when that session is over; the 2 answers not saved are kept in "
        f"{rescue} (tutor train --import {rescue} saves them when the database is free)"
    )
    lines = [json.loads(line) for line in rescue.read_text(encoding="utf-8").splitlines()]
    assert [(x["puzzle"]["digest"], x["answer"], x["correct"], x["skipped"]) for x in lines] == [
        (picks[0].entry.info.digest, "7D", True, False),
        (picks[1].entry.info.digest, None, False, True),
    ]
    assert all(x["database"] == str(db) and x["session"] == t.session for x in lines)
    assert lines[0]["puzzle"]["name"] == picks[0].puzzle.name
    assert stored_answers(db) == 0 and t.unsaved == []


def test_answers_kept_when_the_store_turns_out_damaged_go_to_a_rescue_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    mine = _folder(tmp_path)
    db = tmp_path / "p.sqlite"
    with ProgressStore(db) as store:
        t = Trainer.open(store, [mine], shipped=False, clock=Clock())
        pick = t.next()
        assert pick is not None
        other = sqlite3.connect(db)  # damaged while the puzzle is on the screen
        other.execute("DROP TABLE answers")
        other.commit()
        other.close()
        with pytest.raises(StoreError, match="no such table: answers"):
            t.record(pick, Verdict(True, False, ""), "7D")
        assert len(t.unsaved) == 1
        with pytest.raises(StoreError) as caught:
            t.finish(wait=0)
    [rescue] = tmp_path.glob("scopone-tutor-unsaved-*.jsonl")
    assert str(caught.value).endswith(
        f"mv {db} {db}.bad; the answer not saved is kept in {rescue} (tutor train --import "
        f"{rescue} --db FILE saves it in a database that works)"
    )  # training audit (stop 47): it said "when the database is free", which a damaged one
    # never is
    assert json.loads(rescue.read_text(encoding="utf-8"))["answer"] == "7D"


@pytest.mark.parametrize("damage", ["not json", "[1]", "null", "themes", "hand"])
def test_a_damaged_index_entry_means_the_file_is_read_again(tmp_path: Path, damage: str) -> None:
    """Bug: a damaged entry in the index of puzzle files crashed the session (a JSON error, a
    TypeError) or was taken as it was."""
    mine = _folder(tmp_path)
    with ProgressStore(tmp_path / "p.sqlite") as store:
        before = Trainer.open(store, [mine], shipped=False).entries
        for path, text in store.conn.execute("SELECT path, entries FROM files").fetchall():
            if damage in ("themes", "hand"):  # the right keys, a value of the wrong kind
                bad = {"themes": 5, "hand": "1"}[damage]
                text = json.dumps([{**d, damage: bad} for d in json.loads(text)])
            else:
                text = damage
            store.conn.execute("UPDATE files SET entries = ? WHERE path = ?", (text, path))
        assert Trainer.open(store, [mine], shipped=False).entries == before
        assert {i.digest for i in cached_puzzles(store)} == {e.info.digest for e in before}


def test_a_file_name_that_is_not_utf8_is_indexed_answered_and_read_back(tmp_path: Path) -> None:
    """Bug: ``train --puzzles DIR`` crashed (exit 70, UnicodeEncodeError) when a file in DIR
    had a name that is not UTF-8 (Latin-1 'café'): SQLite's text cannot hold the surrogates
    Python reads such a name with. The name is kept as bytes and read back unchanged."""
    mine = tmp_path / "mine"
    mine.mkdir()
    odd = os.fsdecode(b"caf\xe9")  # 'caf\udce9' on a UTF-8 system
    shutil.copy(collection_dir() / f"{NAMES[0]}.yaml", mine / f"{odd}.yaml")
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=Clock())
        assert t.skipped_files == []
        assert _answer(t, False) == odd
        [info] = store.puzzles().values()
        assert (info.name, Path(info.path).name) == (odd, f"{odd}.yaml")
        assert store.names_answered() == {odd: {info.digest}}
        # the second session finds the file in the index (no new row) and asks it again
        again = Trainer.open(store, [mine], shipped=False, clock=Clock())
        assert store.conn.execute("SELECT COUNT(*) FROM files").fetchone()[0] == 1
        assert [e.info.name for e in again.entries] == [odd]


def test_bytes_in_a_text_column_that_the_tutor_never_writes_are_damage(tmp_path: Path) -> None:
    """The store reads back bytes only as the text it wrote that way (lone surrogates): valid
    UTF-8 kept as bytes, or bytes that are no text, are damage as before."""
    mine = _folder(tmp_path)
    for junk in (b"plain", b"\xff\xfe"):
        path = tmp_path / f"p{len(junk)}.sqlite"
        with ProgressStore(path) as store:
            t = Trainer.open(store, [mine], shipped=False, clock=Clock())
            _answer(t, True)
            store.conn.execute("UPDATE puzzles SET name = ?", (junk,))
            store.conn.commit()
            with pytest.raises(StoreError, match=r"damaged \(puzzles.name holds b"):
                store.puzzles()


def test_a_rescued_answer_keeps_a_file_name_that_is_not_utf8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: the rescue file of answers a locked store would not take was written with the
    puzzle's name raw, and a name that is not UTF-8 made the rescue itself fail
    (UnicodeEncodeError): the answer was lost. The line is JSON with escapes now."""
    _rescue_folder(tmp_path, monkeypatch)
    mine = tmp_path / "mine"
    mine.mkdir()
    odd = os.fsdecode(b"caf\xe9")
    shutil.copy(collection_dir() / f"{NAMES[0]}.yaml", mine / f"{odd}.yaml")
    db = tmp_path / "p.sqlite"
    with _locked_session(db, mine) as (store, t, locker):
        _answer(t, False)
        with pytest.raises(StoreBusyError, match="the answer not saved is kept in"):
            t.finish()
        locker.close()
    [rescue] = (tmp_path / "tmp").iterdir()
    [line] = rescue.read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["puzzle"]["name"] == odd
    # and it reads back (round-trip audit, stop 52: "not an answer of a rescue file"), for a
    # database whose name is not UTF-8 either
    data = json.loads(line)
    data["database"] = os.fsdecode(str(tmp_path).encode() + b"/p\xff.sqlite")
    rescue.write_text(json.dumps(data) + "\n", encoding="utf-8")
    [(kept, _session, database)] = read_rescue(rescue)
    assert kept.info.name == odd and kept.info.path.endswith(f"{odd}.yaml")
    assert database == data["database"]


def test_a_puzzle_of_the_same_name_in_another_folder_is_not_called_changed(
    tmp_path: Path,
) -> None:
    """Found by QA: a.yaml answered in one folder made another folder's different a.yaml "a
    new puzzle (its file changed since you last answered it)"."""
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    shutil.copy(collection_dir() / f"{NAMES[0]}.yaml", one / "mine.yaml")
    shutil.copy(collection_dir() / f"{NAMES[1]}.yaml", two / "mine.yaml")
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [one], shipped=False, clock=Clock())
        pick = t.next()
        assert pick is not None
        t.record(pick, Verdict(True, False, ""), None)
        other = Trainer.open(store, [two], shipped=False, clock=Clock()).next()
        assert other is not None and other.reason == "new" and not other.changed
        (one / "mine.yaml").unlink()  # gone: the same name now may well be it, moved
        moved = Trainer.open(store, [two], shipped=False, clock=Clock()).next()
        assert moved is not None and moved.changed


def test_puzzles_are_known_by_absolute_path_whatever_the_folder_it_ran_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by QA: puzzle paths were kept as given (mine/p.yaml), so a session run from another
    folder could not read the indexed file ("No such file or directory") and called another
    puzzle of the same name "changed"."""
    mine, path, text = _one_puzzle_folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [Path("mine")], shipped=False, clock=Clock())
        [entry] = t.entries
        assert entry.info.path == str(path)
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        monkeypatch.chdir(elsewhere)
        again = Trainer.open(store, [mine], shipped=False, clock=Clock())
        pick = again.next()
        assert pick is not None and again.skipped_files == []


def test_a_file_changed_during_a_session_is_still_filtered(tmp_path: Path) -> None:
    """Found by QA: a puzzle file changed under a session was served in its new version even
    when that no longer passed the session's filters (a scopone puzzle in a scopa session)."""
    mine, path, text = _one_puzzle_folder(tmp_path)
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=Clock(), theme="spariglio")
        changed = text.replace("question: unmatched", "question: unmatched\n  seat: South")
        path.write_text(changed.replace("themes: [rule-of-48, spariglio]", "themes: [rule-of-48]"))
        assert t.next() is None  # the new version is another puzzle, outside the theme
        path.write_text(changed)
        t = Trainer.open(store, [mine], shipped=False, clock=Clock(), theme="spariglio")
        path.write_text(text)  # back to the first version: in the theme, so served
        pick = t.next()
        assert pick is not None and "spariglio" in pick.entry.info.themes


def test_an_answer_whose_commit_a_ctrl_c_follows_is_kept_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an audit: Ctrl-C (or a closed terminal, turned into one) just after an answer's
    commit, before the trainer forgot it, left it among the unsaved answers, and the session's
    end saved it again: two rows, and its box moved twice."""
    mine = _folder(tmp_path)
    db = tmp_path / "p.sqlite"
    with ProgressStore(db) as store:
        t = Trainer.open(store, [mine], shipped=False, clock=Clock())
        real = store.record_answer
        calls: list[str] = []

        def committed_then_interrupted(*args: object, **kw: object) -> Schedule:
            got = real(*args, **kw)  # type: ignore[arg-type]
            calls.append(got.digest)
            if len(calls) == 1:
                raise KeyboardInterrupt
            return got

        monkeypatch.setattr(store, "record_answer", committed_then_interrupted)
        with pytest.raises(KeyboardInterrupt):
            _answer(t, correct=True)
        assert len(t.unsaved) == 1  # the trainer cannot know the commit was made
        t.finish()
        assert not t.unsaved and len(calls) == 2
        assert stored_answers(db) == 1
        assert store.schedule()[calls[0]].box == 2  # up one box, not two


def _miss_all_then_edit(store: ProgressStore, mine: Path, clock: Clock, path: Path) -> None:
    """Every puzzle of ``mine`` missed, all of them due again, then the one in ``path``
    edited (a new solution: a new puzzle in place of the one answered)."""
    t = Trainer.open(store, [mine], shipped=False, clock=clock)
    for _ in NAMES:
        _answer(t, correct=False)
    clock.now += RETRY_MINUTES * 60 + 1
    stats = progress_stats(store, clock.now)
    assert stats.due == len(NAMES) and stats.gone == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("solution: [5, 6, 7, 8]", "solution: [5, 6, 7]"), "utf-8")


def test_a_puzzle_answered_in_an_older_version_of_its_file_is_not_due(tmp_path: Path) -> None:
    """Training audit (stop 47): a puzzle missed, then edited in its file, stayed "due now" in
    stats for ever, though the trainer can only ask the file's new version."""
    mine = _folder(tmp_path)
    clock = Clock()
    path = mine / "seed004-rule-of-48.yaml"
    with ProgressStore(tmp_path / "p.sqlite") as store:
        _miss_all_then_edit(store, mine, clock, path)
        Trainer.open(store, [mine], shipped=False, clock=clock)  # indexes the edited file
        stats = progress_stats(store, clock.now)
        assert stats.due == len(NAMES) - 1 and stats.gone == 1
        assert "seed004-rule-of-48" not in [d.name for d in stats.due_now]
        assert stats.puzzles == len(NAMES) - 1 and stats.to_json()["gone"] == 1
        # practice audit (stop 49): the headline counted the answers to the old version but
        # not its puzzle ("3 answers to 2 puzzles", one answer to each)
        from tutor.render.terminal import plain_text
        from tutor.render.training import stats_view

        head = plain_text(*stats_view(stats, now=clock.now)).splitlines()[0]
        assert head.startswith(f"{len(NAMES)} answers to {len(NAMES)} puzzles, 0 right"), head
        path.unlink()  # a file removed: its puzzles are gone too
        assert progress_stats(store, clock.now).gone == 1


def test_stats_sees_a_puzzle_file_changed_or_gone_without_a_train_between(
    tmp_path: Path,
) -> None:
    """Training audit (stop 53): a puzzle whose file was edited or deleted stayed "due now" in
    stats (gone 0) until the next ``train`` read the folder again."""
    mine = _folder(tmp_path)
    clock = Clock()
    path = mine / "seed004-rule-of-48.yaml"
    with ProgressStore(tmp_path / "p.sqlite") as store:
        _miss_all_then_edit(store, mine, clock, path)
        stats = progress_stats(store, clock.now)  # no train in between
        assert stats.gone == 1 and stats.due == len(NAMES) - 1
        assert "seed004-rule-of-48" not in [d.name for d in stats.due_now]
        other = next(p for p in sorted(mine.glob("*.yaml")) if p != path)
        other.unlink()
        stats = progress_stats(store, clock.now)
        assert stats.gone == 2 and stats.due == len(NAMES) - 2


def test_a_due_puzzle_of_the_users_own_folder_says_where_it_is(tmp_path: Path) -> None:
    """Practice audit (stop 51): stats listed a puzzle of a --puzzles folder as due now, and
    train without that folder asked a new puzzle instead, with nothing to say why. The due
    puzzle now names its file (JSON: ``file``; null for one the shipped collection holds,
    even when answered from a copy)."""
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(collection_dir() / "lay-a-doppia.yaml", mine / "copy.yaml")
    text = (collection_dir() / "seed004-rule-of-48.yaml").read_text(encoding="utf-8")
    own = mine / "own.yaml"
    own.write_text(text.replace("solution: [5, 6, 7, 8]", "solution: [5, 6, 7]"), "utf-8")
    clock = Clock()
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        assert sorted(_answer(t, correct=False) for _ in range(2)) == ["copy", "own"]
        Trainer.open(store, [], shipped=True, clock=clock)  # as train indexes the collection
        clock.now += RETRY_MINUTES * 60 + 1
        stats = progress_stats(store, clock.now)
    files = {d.name: d.file for d in stats.due_now}
    assert files == {"copy": None, "own": str(own.resolve())}
    assert {d["puzzle"]: d["file"] for d in stats.to_json()["due_now"]} == files
    from tutor.render.terminal import plain_text
    from tutor.render.training import stats_view

    shown = " ".join(plain_text(*stats_view(stats, False), width=200).split())
    assert f"from {own.resolve()}: tutor train asks it with --puzzles {own.resolve()}" in shown


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (-5.0, "in 1 minute"),  # due while the line is written: never "in 0 minutes"
        (59.0, "in 1 minute"),
        (61.0, "in 2 minutes"),  # minutes rounded up
        (600.0, "in 10 minutes"),  # a miss (RETRY_MINUTES)
        (3599.0, "in 60 minutes"),
        (3600.0, "in 1 hour"),
        (23 * 3600.0 + 59 * 60, "in 24 hours"),
        (86399.0, "in 24 hours"),
        (86400.0, "in 1 day"),
        (1.5 * 86400.0, "in 1.5 days"),
        (2 * 86400.0, "in 2 days"),
    ],
)
def test_how_soon_a_puzzle_comes_back_is_worded_at_fixed_cut_offs(
    seconds: float, words: str
) -> None:
    """Review: train's head, train's "it comes back" and stats' next review worded the same delay
    three ways (stats: "in 0 minutes", "in 2 days" for 2.5 days; train: "in ten minutes")."""
    assert DAY_SECONDS == 86400.0
    assert how_soon(seconds) == words


@pytest.mark.parametrize(
    ("seconds", "words"), [(20.0, "(in 1 minute)"), (2.5 * 86400.0, "(in 2.5 days)")]
)
def test_stats_say_when_the_next_review_is_due_as_train_does(seconds: float, words: str) -> None:
    """Review: stats said "(in 0 minutes)" for a review 20 s away, and "(in 2 days)" for one
    that train's head called "due in 2.5 days"."""
    from tutor.render.terminal import plain_text
    from tutor.render.training import stats_view
    from tutor.training.progress import DayCount, Stats

    now = 1_000_000.0
    stats = Stats(answered=1, days=[DayCount("2026-12-07", 1, 1)], next_due=now + seconds)
    text = plain_text(*stats_view(stats, now=now), width=100)
    [line] = [x for x in text.splitlines() if x.startswith("Next review due: ")]
    assert line.endswith(f" {words}.") and words == f"({how_soon(seconds)})"


def _judge(p: object, a: Answer | None) -> Verdict:
    return Verdict(a is not None, a is None, "judged")


def test_a_train_session_asks_judges_keeps_and_says_when_each_comes_back(tmp_path: Path) -> None:
    """The session's loop is the library's (it was the command line's): what it shows, in
    order, for an answer right, a skip and a quit."""
    mine = _folder(tmp_path)
    clock = Clock()
    typed = iter([("answer", Answer("x")), ("answer", None), ("quit", None)])
    seen: list[tuple[str, ...]] = []
    with ProgressStore(tmp_path / "p.sqlite") as store:
        t = Trainer.open(store, [mine], shipped=False, clock=clock)
        session = TrainSession(t, 5)
        session.run(
            lambda p: next(typed),
            show_puzzle=lambda p: seen.append(("puzzle", p.name)),
            show_verdict=lambda p, v: seen.append(("verdict", p.name, str(v.correct))),
            show=lambda text: seen.append(("show", text)),
            say=lambda text: seen.append(("say", text)),
            judge=_judge,
        )
        assert stored_answers(tmp_path / "p.sqlite") == 2
    first, second = (p.puzzle.name for p, _v in session.results)
    third = seen[-2][1]
    day = time.strftime("%Y-%m-%d", time.localtime(clock.now + BOX_DAYS[2] * DAY_SECONDS))
    assert seen == [
        ("show", f"\nPuzzle 1 of 5: {first}, a new puzzle"),
        ("puzzle", first),
        ("verdict", first, "True"),
        ("show", f"Saved. Leitner box 2: it comes back on {day}."),
        ("show", f"\nPuzzle 2 of 5: {second}, a new puzzle"),
        ("puzzle", second),
        ("verdict", second, "False"),
        ("show", "Saved. Leitner box 1: it comes back in 10 minutes."),
        ("show", f"\nPuzzle 3 of 5: {third}, a new puzzle"),
        ("puzzle", third),
        ("say", "the session stops; every answer so far is saved"),
    ]
    assert [v.correct for _p, v in session.results] == [True, False]


def test_a_ctrl_c_while_an_answer_is_judged_comes_once_it_is_kept(tmp_path: Path) -> None:
    """The guarantee the command line's loop gave (store audit, stop 55), kept by the
    library's: an answer typed is judged and kept before a Ctrl-C stops the session."""
    mine = _folder(tmp_path)

    def judge(p: object, a: Answer | None) -> Verdict:
        signal.raise_signal(signal.SIGINT)  # Ctrl-C just after Enter
        return _judge(p, a)

    shown: list[object] = []
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with ProgressStore(tmp_path / "p.sqlite") as store:
            session = TrainSession(Trainer.open(store, [mine], shipped=False), 3)
            with pytest.raises(KeyboardInterrupt):
                session.run(
                    lambda p: ("answer", Answer("x")),
                    show_puzzle=shown.append,
                    show_verdict=lambda p, v: shown.append(v),
                    show=shown.append,
                    say=shown.append,
                    judge=judge,
                )
            assert stored_answers(tmp_path / "p.sqlite") == 1
    finally:
        signal.signal(signal.SIGINT, previous)
    assert len(session.results) == 1
    assert not any(isinstance(x, Verdict) for x in shown)  # stopped as the block ended


def test_an_answer_tried_while_the_store_stays_locked_goes_to_a_rescue_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bad-input audit (stop 60): ``puzzle try`` with the database locked past the wait lost
    the answer (the session could not even be noted, and the error said to try again). It
    goes to a rescue file, which ``tutor train --import`` saves once the database is free."""
    from tutor.training.trainer import import_rescue, keep_answer

    _rescue_folder(tmp_path, monkeypatch)
    [puzzle] = load_puzzles(collection_dir() / f"{NAMES[0]}.yaml")[:1]
    db = tmp_path / "p.sqlite"
    with ProgressStore(db, busy_seconds=0.3) as store:
        store.check()
        locker = _lock(db)
        with pytest.raises(StoreBusyError, match="the answer not saved is kept in .*--import"):
            keep_answer(store, puzzle, Verdict(True, False, ""), "7D x 2C 5S")
        locker.execute("ROLLBACK")
        locker.close()
        [rescue] = (tmp_path / "tmp").iterdir()
        assert stored_answers(db) == 0
        imported = import_rescue(store, read_rescue(rescue))
        assert imported.kept == 1 and stored_answers(db) == 1
