"""The command line as a whole: help and usage, the version, and the error contract.

Every command runs through ``typer.testing.CliRunner``; its stdout is not a terminal, so the
human output is the plain look (deck letters, ASCII rules) unless ``FORCE_COLOR`` is set.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, assert_bad_input, run

import tutor.game.captures
from tutor import __version__
from tutor.cli.core import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_USAGE

# -- help, version and usage -----------------------------------------------------------------------

COMMANDS = [
    [],
    ["replay"],
    ["explain"],
    ["rules"],
    ["bench"],
    ["bench", "playouts"],
    ["bench", "replay"],
    ["bench", "all"],
    ["bench", "play"],
    ["play"],
    ["engine"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "tutor")
def test_help_shows_an_example(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Example" in text
    assert "tutor " + " ".join(command) in text


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"tutor {__version__}"


def test_no_command_is_a_usage_error_with_help() -> None:
    result = run()
    assert result.exit_code == EXIT_USAGE
    assert "Usage" in result.output


def test_unknown_command_is_a_usage_error() -> None:
    result = run("solitaire")
    assert result.exit_code == EXIT_USAGE
    assert "Traceback" not in result.output


def test_python_dash_m_runs_the_same_app() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tutor", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"tutor {__version__}"


@pytest.mark.parametrize(
    ("command", "example"),
    [
        (["explain"], 'tutor explain --ruleset scopa --deck french --table "4H QD 3H AS" JD'),
        (["replay"], "tutor replay docs/examples/scopone-hand.yaml --step"),
        (["rules"], "tutor rules scopone-scientifico"),
        (["bench", "playouts"], "tutor bench playouts --ruleset scopone-scientifico --hands"),
    ],
)
def test_help_examples_stay_whole_and_usage_names_arguments(
    command: list[str], example: str
) -> None:
    # Was: rich help broke docstring lines mid-sentence, the example wrapped ("... AS"\n JD),
    # arguments showed as {card}/{file} and options as <str>.
    result = run(*command, "--help", env={"COLUMNS": "80"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert any(line.strip() == example or line.strip().startswith(example) for line in lines)
    assert "<str>" not in result.stdout.split("Options:")[1]
    assert "{card}" not in result.stdout and "{file}" not in result.stdout
    assert all(len(line) <= 80 for line in lines)


def test_usage_error_is_plain_text_not_a_box() -> None:
    # Was: a rich panel drawn with box characters around a wrapped message.
    result = run("explain", "--table", "", "7D")
    assert result.exit_code == EXIT_USAGE
    assert "╭" not in result.output and "│" not in result.output
    assert "Error: Missing option '--ruleset'" in result.output


# -- the error contract ------------------------------------------------------------------------


def test_internal_error_is_one_line_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(tutor.game.captures, "explain_card", boom)
    monkeypatch.delenv("TUTOR_DEBUG", raising=False)
    result = run("explain", "-r", "scopa", "--table", "4D", "7S")
    assert result.exit_code == EXIT_INTERNAL
    assert "Traceback" not in result.output
    assert "internal error: RuntimeError: boom" in result.stderr


def test_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tutor.game.captures, "explain_card", interrupt)
    result = run("explain", "-r", "scopa", "--table", "4D", "7S")
    assert result.exit_code == EXIT_INTERRUPTED
    assert "interrupted" in result.stderr
    assert "Traceback" not in result.output


def test_missing_file_is_bad_input(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    result = run("replay", str(missing))
    assert_bad_input(result, "nowhere.yaml")
