"""Regressions found by using the foundation's commands as a demanding player would (helper qa).

Each test names the problem it guards against; each failed before the fix it goes with.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from tutor.cli.core import EXIT_BAD_INPUT, EXIT_USAGE, app
from tutor.game.cards import STYLES
from tutor.game.rules import RulesetError, load_ruleset
from tutor.records.record import RecordError
from tutor.records.recordfile import load_path, loads
from tutor.records.replay import replay_match
from tutor.render import terminal as rendering

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SCOPA_RULES = (ROOT / "rulesets" / "scopa.yaml").read_text(encoding="utf-8")
PLAIN = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None, "COLUMNS": None}
BASE = """\
ruleset: scopa
deck: french
players: [You, Ada]
table: [2C, 4H, 5S, QD]
deals:
  - {You: [7D, 7H, AS], Ada: [3H, KC, JD]}
plays:
  - 7D x 2C 5S
  - 3H
"""

runner = CliRunner()


def run(*args: str, env: dict[str, str | None] | None = None) -> Result:
    return runner.invoke(app, list(args), env={**PLAIN, **(env or {})})


def one_error_line(result: Result, code: int = EXIT_BAD_INPUT) -> str:
    """The single ``tutor: error:`` line of a failed command (nothing on stdout)."""
    assert result.exit_code == code, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tutor: error: ")
    return lines[0]


def write(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


# -- records: YAML the parser rejects without a mark --------------------------------------------


def test_control_character_in_a_record_is_one_line_with_its_line(tmp_path: Path) -> None:
    # Was: PyYAML's ReaderError printed over two lines, without the line number.
    path = write(tmp_path, "nul.yaml", BASE.replace("3H\n", "3H\x00\n"))
    line = one_error_line(run("replay", path))
    assert f"{path}:9: not valid YAML: special characters are not allowed" in line
    assert "#x0000" in line


def test_deeply_nested_record_is_bad_input_not_a_crash(tmp_path: Path) -> None:
    # Was: RecursionError inside the YAML composer, reported as an internal error (exit 70).
    path = write(tmp_path, "deep.yaml", "plays: " + "[" * 5000 + "]" * 5000 + "\n")
    line = one_error_line(run("replay", path))
    assert "nested too deeply" in line


def test_missing_ruleset_file_says_where_it_looked(tmp_path: Path) -> None:
    # Was: "(looked in . and here)" when the record sat in the current folder.
    with pytest.raises(RecordError) as info:
        loads(BASE.replace("ruleset: scopa", "ruleset: ./nothere.yaml"), "hand.yaml")
    assert info.value.message == "ruleset: no ruleset file './nothere.yaml' next to the record"
    path = write(tmp_path, "hand.yaml", BASE.replace("ruleset: scopa", "ruleset: nothere.yaml"))
    with pytest.raises(RecordError) as info:
        load_path(path)
    assert info.value.message.endswith("next to the record or in the current folder")


# -- ruleset files ------------------------------------------------------------------------------


def test_ruleset_file_not_utf8_is_bad_input_everywhere(tmp_path: Path) -> None:
    # Was: UnicodeDecodeError escaped load_ruleset: "internal error", exit 70.
    bad = write(tmp_path, "latin.yaml", b"name: caf\xe9\n")
    for args in (
        ("rules", bad),
        ("explain", "--ruleset", bad, "--table", "", "7D"),
        ("bench", "playouts", "--ruleset", bad, "--hands", "1", "--repeat", "1"),
    ):
        line = one_error_line(run(*args))
        assert line == f"tutor: error: {bad}: cannot read: the file is not UTF-8 text"
    record = write(tmp_path, "hand.yaml", BASE.replace("ruleset: scopa", "ruleset: latin.yaml"))
    line = one_error_line(run("replay", record))
    assert line.startswith(f"tutor: error: {record}:1: ruleset: ") and "not UTF-8" in line


def test_ruleset_yaml_error_is_one_line_with_its_line(tmp_path: Path) -> None:
    # Was: PyYAML's multi-line message with a caret drawing.
    path = write(tmp_path, "tabs.yaml", SCOPA_RULES.replace("name: scopa", "\tname: scopa"))
    line = one_error_line(run("rules", path))
    assert line == (
        f"tutor: error: {path}:2: not valid YAML: found character '\\t' that cannot start any token"
    )
    deep = write(tmp_path, "deep.yaml", "name: " + "[" * 5000 + "]" * 5000 + "\n")
    assert "nested too deeply" in one_error_line(run("rules", deep))


@pytest.mark.parametrize(
    ("old", "new", "key", "fragment"),
    [
        ("target: 11", "target: 11\ncolour: red", "colour", "unknown key"),
        ("target: 11", "target: eleven", "target", "whole number"),
        ("missing_suit: zero", "missing_suit: maybe", "primiera.missing_suit", "zero, loses"),
        ("re_bello: false", "re_bello: 3", "bonuses.re_bello", "true or false"),
    ],
)
def test_ruleset_key_error_names_the_line(
    tmp_path: Path, old: str, new: str, key: str, fragment: str
) -> None:
    # Was: only the file and the key; the tuple of choices was printed as a Python repr.
    text = SCOPA_RULES.replace(old, new)
    path = write(tmp_path, "house.yaml", text)
    key_line = next(
        n for n, line in enumerate(text.splitlines(), 1) if key.split(".")[-1] + ":" in line
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    message = str(info.value)
    assert message.startswith(f"{path}:{key_line}: key '{key}': ")
    assert fragment in message and "(" not in message.split(": ", 2)[2][:12]


def test_unknown_ruleset_file_is_called_a_file() -> None:
    with pytest.raises(RulesetError, match=r"^unknown ruleset file 'nowhere\.yaml'; shipped"):
        load_ruleset("nowhere.yaml")


# -- help and usage -----------------------------------------------------------------------------


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


def test_bench_checks_the_ruleset_before_announcing_the_run() -> None:
    # Was: "playing 5 random hands of nope, 5 times..." and then the error.
    line = one_error_line(run("bench", "playouts", "--ruleset", "nope", "--hands", "5"))
    assert "unknown ruleset 'nope'" in line
    ok = run("bench", "playouts", "-r", "scopa", "-n", "2", "-k", "1")
    assert ok.exit_code == 0
    assert ok.stderr == "playing 2 random hands of scopa, once...\n"


# -- the replay's look --------------------------------------------------------------------------


def fancy_text(*renderables: object, width: int) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=width, force_terminal=True, color_system="standard")
    for r in renderables:
        console.print(r)
    return buf.getvalue()


def test_hand_title_is_bold_on_its_first_line_only() -> None:
    # Was: the whole heading (order, table, hands) printed bold.
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    title = rendering.hand_title(record, None, rich=True)
    first, rest = title.plain.split("\n", 1)
    assert first == "Seed 003: a worked example of scopa"
    assert rest.startswith("Ruleset scopa, french deck.\nPlaying order: You, Ada;")
    assert title.style == ""
    bold = [title.plain[s.start : s.end] for s in title.spans if "bold" in str(s.style)]
    assert bold == [first]


def test_narrow_terminal_puts_the_notes_under_the_plays() -> None:
    # Was: at 80 columns the note column shrank to ten letters, one or two words a line.
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    hand = replay_match([record]).hands[0]
    notes = [s for s in hand.steps if s.note]
    table = rendering.plays_table(hand, record.style, rich=True, width=80)
    text = re.sub(r"\x1b\[[0-9;]*m", "", fancy_text(table, width=80))
    assert all(len(line) <= 80 for line in text.splitlines())
    header = text.splitlines()[0]
    assert "note" not in header and "table after" in header
    assert "\nNotes\n" in text
    flat = " ".join(text.split())
    for step in notes:
        assert f"{step.number}. {step.player} {' '.join(step.note.split())}" in flat
    wide = rendering.plain_text(rendering.plays_table(hand, record.style, width=120))
    assert "note" in wide.splitlines()[0] and "Notes" not in wide


def test_step_mode_note_follows_its_play_on_a_narrow_terminal() -> None:
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    hand = replay_match([record]).hands[0]
    one = rendering.plays_table(hand, record.style, rich=True, start=0, stop=1, width=80)
    text = re.sub(r"\x1b\[[0-9;]*m", "", fancy_text(one, width=80)).splitlines()
    assert text[2].split()[:3] == ["1", "You", "7♦"]
    assert text[3].startswith("     No seven on the table")
    quiet = rendering.plays_table(hand, record.style, rich=True, start=12, stop=13, width=80)
    assert len(fancy_text(quiet, width=80).splitlines()) == 1


def test_replay_end_has_a_score_heading_and_a_blank_line() -> None:
    # Was: the leftover line ran straight into the score table; the match table had no title.
    result = run("replay", str(EXAMPLES / "scopa-match.yaml"))
    assert result.exit_code == 0
    out = result.stdout
    assert "takes 4S 7B CC.\n\nScore of the hand\ncategory" in out
    assert "\nThe match, to 11\nhand " in out
    assert out.count("Score of the hand") == 4


def test_explain_on_an_empty_table_says_so() -> None:
    # Was: "7D on the table - (scopa):".
    result = run("explain", "-r", "scopa", "-t", "", "7D")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "7D on an empty table (scopa):"


# -- round trips the issue asks for, in every style ----------------------------------------------


@pytest.mark.parametrize("style", list(STYLES))
def test_examples_round_trip_in_every_style(style: str) -> None:
    from tutor.records.recordfile import dumps

    for path in sorted(EXAMPLES.glob("*.yaml")):
        records = load_path(path)
        for r in records:
            r.style = STYLES[style]
        text = dumps(records)
        again = loads(text, str(path))
        assert dumps(again) == text
        first = replay_match(records).to_json()
        second = replay_match(again).to_json()
        assert json.dumps(first["match"]) == json.dumps(second["match"])
        assert [h["plays"] for h in first["hands"]] == [h["plays"] for h in second["hands"]]


def test_explain_colours_only_the_card_in_a_laid_play() -> None:
    # Was: on a terminal "laid" took the red of the 7♦ before it.
    from tutor.game.captures import explain_play
    from tutor.game.cards import ITALIAN, parse_card

    rules = load_ruleset("scopa")
    table = rendering.explain_table(explain_play(parse_card("7D"), [], rules, ITALIAN), rich=True)
    out = fancy_text(table, width=100)
    assert "\x1b[31m7♦\x1b[0m laid" in out


def test_cards_of_another_deck_suggest_the_deck_key() -> None:
    # Was: "'4H' is not a card ... in italian notation" with no hint that 'deck:' was missing.
    with pytest.raises(RecordError) as info:
        loads(BASE.replace("deck: french\n", ""), "hand.yaml")
    assert info.value.line == 3
    assert info.value.message.endswith(
        "; it reads as a card in french notation: is the record's 'deck' key missing or wrong?"
    )
    with pytest.raises(RecordError) as info:
        loads(BASE.replace("  - 3H", "  - QH x 4C"), "hand.yaml")
    assert info.value.play == 2 and "deck" not in info.value.message
    spanish = BASE.replace("deck: french", "deck: spanish").replace("[2C, 4H", "[2C, 4O")
    with pytest.raises(RecordError) as info:
        loads(spanish)
    assert info.value.message.startswith("table: '5S' is not a card")
    assert "; it reads as a card in italian or french notation" in info.value.message
