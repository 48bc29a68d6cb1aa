"""``tutor drill 48``: scripted answers, the end of the input, bad arguments."""

from __future__ import annotations

import json

from helpers import invoke
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
    code, _, err = drill(["--question", "who"], "")
    assert code == 2 and "--question" in err
