"""``tutor drill 48``: scripted answers, the end of the input, bad arguments."""

from __future__ import annotations

import json
import re

import pytest
from helpers import invoke, run
from typer.testing import CliRunner

from tutor.cli import app


def drill(args: list[str], text: str) -> tuple[int, str, str]:
    return invoke(["drill", "48", *args], text)


def test_cli_drill_scripted_and_repeatable() -> None:
    code, out, err = drill(["--seed", "5", "--rounds", "2", "--json"], "none\nnone\n")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["seed"] == 5 and summary["asked"] == 2
    assert [q["answer"] for q in summary["questions"]] == ["none", "none"]
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
    assert lines[-2:] == ["tutor: interrupted", f"Score: {data['right']} of 1."]
    answers("none\n")
    r = run(*args)
    assert r.exit_code == 130, r.output
    assert r.stderr.splitlines()[-1] == "tutor: interrupted"
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
