"""``tutor drill 48``: scripted answers, the end of the input, bad arguments."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from datetime import datetime
from pathlib import Path

import pytest
from helpers import invoke, run
from typer.testing import CliRunner

from tutor.cli import app
from tutor.counting.tracker import values_text
from tutor.training.store import ProgressStore, default_path


def drill(args: list[str], text: str) -> tuple[int, str, str]:
    return invoke(["drill", "48", *args], text)


def _drill_rows(db: Path, columns: str = "answer, round, correct, skipped") -> list[tuple]:
    """The drill answers ``db`` keeps, oldest first, read past the tutor's own code."""
    conn = sqlite3.connect(db)
    try:
        return conn.execute(f"SELECT {columns} FROM drill_answers ORDER BY id").fetchall()
    finally:
        conn.close()


def test_cli_drill_scripted_and_repeatable() -> None:
    code, out, err = drill(["--seed", "5", "--rounds", "2", "--json"], "none\nnone\n")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["seed"] == 5 and summary["asked"] == 2
    assert summary["deck"] == "italian"  # JSON audit, stop 57: the cards' notation was unsaid
    french = drill(["--seed", "5", "--rounds", "1", "--deck", "french", "--json"], "none\n")
    assert json.loads(french[1])["deck"] == "french"
    assert [q["answer"] for q in summary["questions"]] == ["none", "none"]
    # "none" answers an unmatched question (no value) and gives up a holder one, which the
    # JSON now says, as puzzle try's does (JSON audit, stop 57)
    assert (
        [q["skipped"] for q in summary["questions"]]
        == [q["kind"] == "holder" for q in summary["questions"]]
        == [False, True]
    )
    assert "Question 1 of 2" in err and "Score:" in err
    # the expected answers, typed back, are all right; the same seed asks the same questions
    answers = "".join(
        (
            q["expected"]
            if isinstance(q["expected"], str)
            else " ".join(map(str, q["expected"])) or "none"
        )
        + "\n"
        for q in summary["questions"]
    )
    code, out, _ = drill(["--seed", "5", "--rounds", "2"], answers)
    assert code == 0
    assert "Score: 2 of 2." in out
    assert out.count("Right") == 2


def test_cli_drill_stops_at_end_of_input_and_checks_arguments() -> None:
    code, out, err = drill(["--seed", "1", "--rounds", "3", "--ruleset", "scopa"], "2\n")
    assert code == 0
    assert "no more answers" in err and "Score: " in out and " of 1." in out
    result = CliRunner().invoke(app, ["drill", "49"], input="")
    assert result.exit_code == 2 and "unknown drill '49'" in result.stderr
    # bug: the error named KIND, which the usage line (then {48}) did not show
    shown = CliRunner().invoke(app, ["drill", "--help"]).stdout
    assert "invalid value for DRILL" in result.stderr and "[OPTIONS] DRILL" in shown
    code, _, err = drill(["--question", "who"], "")
    assert code == 2 and "--question" in err


def test_holder_questions_in_scopa_are_holder_questions() -> None:
    """Bug: ``tutor drill 48 --question holder -r scopa`` asked about unmatched values."""
    code, out, err = drill(["--question", "holder", "-r", "scopa", "--seed", "2", "-n", "2"],
                           "stock\nstock\n")  # fmt: skip
    assert code == 0, err
    assert out.count("who holds") + out.count("who must hold") == 2
    assert "unmatched" not in out.lower()
    assert "Type Ada or stock (the cards still to deal); skip gives up." in " ".join(out.split())


def test_explanations_wrap_at_word_boundaries() -> None:
    """Bug: drill explanations were not wrapped, so words split at the terminal's edge."""
    args = ["--question", "holder", "--seed", "3", "-n", "1"]
    env = {"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1", "COLUMNS": "60", "NO_COLOR": None}
    result = run(*["drill", "48", *args], env=env, input="nobody\n")
    assert result.exit_code == 0, result.output
    plain = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)
    lines = plain.splitlines()
    assert max(len(line) for line in lines) <= 60
    explanation = next(i for i, line in enumerate(lines) if "What the readings say" in line)
    assert lines[explanation + 1].strip(), "the explanation goes on over several lines"
    words = set(" ".join(lines[explanation:]).split())
    question = next(q for q in run("drill", "48", *args, "--json", input="nobody\n").stdout
                    .splitlines() if q.startswith("{"))  # fmt: skip
    said = json.loads(question)["questions"][0]["explanation"][0]
    # the terminal draws the cards as glyphs (output audit, stop 54), the JSON writes letters
    from tutor.game.cards import ITALIAN
    from tutor.render.terminal import glyph_cards

    drawn = glyph_cards(said, ITALIAN).plain
    assert "♠" in drawn and set(drawn.split()) <= words  # every word whole, none cut


def test_an_answer_saved_with_a_byte_order_mark_is_read() -> None:
    """Bug: a first answer piped from a file saved with a byte order mark was not understood,
    and the drill stopped having asked nothing."""
    args = ["48", "--question", "holder", "--seed", "4", "-n", "1", "--json"]
    for _ in range(2):  # each run's input starts afresh
        result = CliRunner().invoke(app, ["drill", *args], input="\ufeffWest\n")
        assert result.exit_code == 0, result.stderr
        data = json.loads(result.stdout)
        assert data["asked"] == 1 and data["questions"][0]["answer"] == "West"


def test_skip_gives_up_a_question_and_quit_ends_the_drill() -> None:
    """Found by QA: drill took neither skip (as train and puzzle try do) nor quit ("'skip' is
    not a value; try again"), and its holder question did not say how to give up."""
    for lang, skip, quit in (("en", "skip", "quit"), ("it", "salta", "basta")):
        for question in ("holder", "unmatched"):
            args = ["--lang", lang, "drill", "48", "--seed", "7", "--rounds", "3"]
            r = run(*args, "--question", question, "--json", input=f"{skip}\n{quit}\nnone\n")
            assert r.exit_code == 0, r.output
            summary = json.loads(r.stdout)
            assert summary["asked"] == 1 and summary["right"] == 0
            assert [q["answer"] for q in summary["questions"]] == [skip]
            assert "try again" not in r.stderr and "the drill stops" in r.stderr
            assert "; skip gives up." in r.stderr  # --json: the questions in English


def test_ctrl_c_still_gives_the_score_of_the_questions_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by an audit: Ctrl-C after some answers printed only 'interrupted' (exit 130), no
    score, and with --json nothing on stdout, where train and the end of the input give the
    summary. It ends the drill as train's Ctrl-C ends a session now."""
    import tutor.cli.drill

    def answers(*lines: str) -> None:
        given = iter(lines)

        def read(prompt: str | None = None) -> str | None:
            line = next(given, None)
            if line is None:
                raise KeyboardInterrupt
            return line

        monkeypatch.setattr(tutor.cli.drill, "read_line", read)

    args = ["drill", "48", "--seed", "7", "--rounds", "5", "--question", "unmatched"]
    answers("none\n")
    r = run(*args, "--json")
    assert r.exit_code == 130, r.output
    assert "Traceback" not in r.output
    data = json.loads(r.stdout)
    assert data["interrupted"] is True and data["asked"] == 1
    assert [q["answer"] for q in data["questions"]] == ["none"]
    lines = r.stderr.splitlines()
    # the answer given is kept in the progress database (drill store, stop 56)
    saved = f"tutor: 1 answer saved in {default_path()}"
    assert lines[-3:] == ["tutor: interrupted", f"Score: {data['right']} of 1.", saved]
    assert _drill_rows(default_path()) == [("none", 1, data["right"], 0)]
    answers("none\n")
    r = run(*args)
    assert r.exit_code == 130, r.output
    assert r.stderr.splitlines()[-2:] == ["tutor: interrupted", saved]
    assert f"Score: {data['right']} of 1." in r.stdout
    # not interrupted: the key is there all the same
    answers("none\n", "quit\n")
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["interrupted"] is False


def test_help_or_a_question_mark_asks_the_question_again_and_costs_nothing() -> None:
    """Training audit (stop 53): in the drill ``?`` gave the question up and counted it wrong,
    where train and puzzle try ask again; ``help`` was "'help' is not a value". Both now say
    the question again, how to answer included, and nothing is marked."""
    for lang, words in (("en", ("?", "help")), ("it", ("?", "aiuto"))):
        args = ["--lang", lang, "drill", "48", "--seed", "7", "--rounds", "1"]
        typed = "".join(f"{w}\n" for w in words) + "skip\n"
        r = run(*args, "--question", "unmatched", "--json", input=typed)
        assert r.exit_code == 0, r.output
        summary = json.loads(r.stdout)
        assert [q["answer"] for q in summary["questions"]] == ["skip"]
        assert r.stderr.count("which values are unmatched") == 3, r.stderr  # asked, then twice
        assert "try again" not in r.stderr


# -- the answers kept in the progress database (drill store, stop 56) ----------------------------


def _expected(args: list[str], rounds: int) -> list[str]:
    """The expected answers of a drill's questions, as they may be typed back."""
    r = run("drill", "48", *args, "--no-save", "--json", input="skip\n" * rounds)
    assert r.exit_code == 0, r.output
    return [
        q["expected"]
        if isinstance(q["expected"], str)
        else " ".join(map(str, q["expected"])) or "none"
        for q in json.loads(r.stdout)["questions"]
    ]


def test_each_drill_answer_is_kept_in_the_store_with_right_and_skipped(tmp_path: Path) -> None:
    args = ["--seed", "5", "--rounds", "3", "--question", "unmatched", "-r", "scopa"]
    right, _second, third = _expected(args, 3)
    wrong = "none" if third != "none" else "2"
    db = tmp_path / "p.sqlite"
    r = run("drill", "48", *args, "--db", str(db), "--json", input=f"{right}\nskip\n{wrong}\n")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["database"] == str(db) and summary["right"] == 1
    assert r.stderr.splitlines()[-1] == f"tutor: 3 answers saved in {db}"
    assert _drill_rows(db) == [(right, 1, 1, 0), ("skip", 2, 0, 1), (wrong, 3, 0, 0)]
    rows = _drill_rows(db, "drill, question, ruleset, seed, session, expected")
    assert {row[:5] for row in rows} == {("48", "unmatched", "scopa", 5, 1)}
    said = [q["expected"] for q in summary["questions"]]
    assert [row[5] for row in rows] == [e if isinstance(e, str) else values_text(e) for e in said]
    assert not default_path().exists()  # --db, not the default database


def test_a_holder_answer_is_kept_as_a_holder_question(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    args = ["--question", "holder", "-r", "scopa", "--seed", "2", "-n", "2", "--db", str(db)]
    r = run("drill", "48", *args, input="stock\nnobody\n")
    assert r.exit_code == 0, r.output
    rows = _drill_rows(db, "question, answer, skipped")
    assert rows == [("holder", "stock", 0), ("holder", "nobody", 1)]


def test_no_save_keeps_nothing(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    args = ["drill", "48", "--seed", "5", "--rounds", "2", "--no-save"]
    r = run(*args, "--db", str(db), "--json", input="none\nnone\n")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["database"] is None
    assert "saved" not in r.stderr
    r = run(*args, input="none\nnone\n")
    assert r.exit_code == 0, r.output
    assert not db.exists() and not default_path().exists()


def test_a_drill_with_db_in_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    r = run("drill", "48", "--db", str(tmp_path / "no" / "p.sqlite"), input="none\n")
    assert r.exit_code == 2, r.output
    assert "Question" not in r.output and "--db" in r.stderr


def test_a_store_that_fails_mid_drill_ends_it_after_the_verdict_with_exit_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answers before it stay kept; the verdict of the one not saved is shown, then the
    store's error in one line, exit 3, as puzzle try says it."""
    db = tmp_path / "p.sqlite"
    record = ProgressStore.record_drill_row
    calls = []

    def busy_second(self: ProgressStore, *args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 2:
            raise self._busy(30)
        return record(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ProgressStore, "record_drill_row", busy_second)
    args = ["drill", "48", "--seed", "5", "-n", "3", "--question", "unmatched", "--db", str(db)]
    r = run(*args, input="none\nnone\nnone\n")
    assert r.exit_code == 3, r.output
    assert r.stdout.count("Question ") == 2 and r.stdout.count("Unmatched: ") == 2
    assert "Score: " in r.stdout and " of 2." in r.stdout
    said = r.stderr.splitlines()[-1]
    assert said.startswith(
        f"tutor: error: {db}: the progress database is in use by another session (still "
        "locked after 30 seconds); try again when that session is over; the answer not saved "
        "is kept in "
    )
    assert len(_drill_rows(db)) == 1
    # stop 57: the answer the store refused was kept nowhere but in the JSON output; now in a
    # rescue file that train --import reads back into the store, once
    rescue = Path(said.split("is kept in ", 1)[1].split(" (tutor train --import", 1)[0])
    try:
        [line] = rescue.read_text(encoding="utf-8").splitlines()
        kept = json.loads(line)["drill_answer"]
        assert kept["round"] == 2 and kept["question"] == "unmatched" and kept["seed"] == 5
        assert said.endswith(f"(tutor train --import {rescue} saves it when the database is free)")
        monkeypatch.setattr(ProgressStore, "record_drill_row", record)
        for n in (1, 0):  # the second import finds it there already
            done = run("train", "--import", str(rescue), "--db", str(db))
            assert done.exit_code == 0, done.output
            assert f"{n} answer" in done.stderr
        assert [row[1] for row in _drill_rows(db)] == [1, 2]
    finally:
        rescue.unlink()


def test_stats_shows_the_drill_record(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    now = time.time()
    with ProgressStore(db) as store:
        for ago, question, ok in (
            (10, "unmatched", True), (1, "unmatched", False), (0.5, "unmatched", True),
            (2, "holder", True),
        ):  # fmt: skip
            store.record_drill_answer("48", question, "scopa", 1, 1, ok, now=now - ago * 86400)
    r = run("stats", "--db", str(db), "--json")
    assert r.exit_code == 0, r.output
    shown = json.loads(r.stdout)
    assert shown["answered"] == 0 and shown["database"] == str(db)
    drills = shown["drills"]
    assert [(d["drill"], d["question"], d["answered"], d["correct"], d["accuracy"])
            for d in drills] == [("48", "holder", 1, 1, 1.0),
                                 ("48", "unmatched", 3, 2, 0.6667)]  # fmt: skip
    assert drills[1]["recent"] == {"days": 7, "answered": 2, "correct": 1}  # 10 days ago: out
    last = drills[1]["last_answered"]
    assert abs(datetime.fromisoformat(last).timestamp() - (now - 0.5 * 86400)) < 1
    assert datetime.fromisoformat(last).tzinfo is not None
    text = run("stats", "--db", str(db)).stdout
    assert "Drills:" in text
    [row] = [line for line in text.splitlines() if "unmatched" in line]
    assert row.split() == ["48", "unmatched", "3", "2", "67%", "1/2"]  # the last 7 days: 1 of 2


def test_stats_without_drill_answers_says_nothing_of_drills(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite"
    ProgressStore(db).close()
    r = run("stats", "--db", str(db), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["drills"] == []
    assert "rill" not in run("stats", "--db", str(db)).stdout


def test_a_drill_left_before_its_first_answer_leaves_no_database(tmp_path: Path) -> None:
    """Stop 56: a drill quit at its first question made the progress database and a session
    in it, with nothing answered; as train does, it leaves none (one answer makes it)."""
    db = tmp_path / "p.sqlite"
    r = run("drill", "48", "--seed", "5", "--db", str(db), input="quit\n")
    assert r.exit_code == 0, r.output
    assert not db.exists() and not list(tmp_path.iterdir())
    r = run("drill", "48", "--seed", "5", "-n", "2", "--db", str(db), input="none\nquit\n")
    assert r.exit_code == 0, r.output
    assert len(_drill_rows(db)) == 1


@pytest.mark.parametrize(
    "row",
    [
        {"round": 0},
        {"question": "mixed"},
        {"correct": True, "skipped": True},
        {"seed": "5"},
        {"answered_at": 4e12},
    ],
)
def test_a_rescued_drill_answer_a_drill_never_writes_is_refused(tmp_path: Path, row: dict) -> None:
    """A rescue line is read as train reads its own: what a drill never writes names the line,
    and makes no database."""
    good = {"drill": "48", "question": "holder", "ruleset": "scopa", "seed": 5, "round": 1,
            "answered_at": 1000.0, "correct": False, "skipped": False, "answer": "Ada",
            "expected": "Bea", "session": None}  # fmt: skip
    rescue = tmp_path / "r.jsonl"
    rescue.write_text(json.dumps({"drill_answer": {**good, **row}}) + "\n", encoding="utf-8")
    db = tmp_path / "p.sqlite"
    done = run("train", "--import", str(rescue), "--db", str(db))
    assert done.exit_code == 3 and f"{rescue}:1: not an answer of a rescue file" in done.stderr
    assert not db.exists()
    rescue.write_text(json.dumps({"drill_answer": good}) + "\n", encoding="utf-8")
    assert run("train", "--import", str(rescue), "--db", str(db)).exit_code == 0
    assert _drill_rows(db) == [("Ada", 1, 0, 0)]
