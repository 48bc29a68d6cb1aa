"""The command line: help, explain, rules, replay, bench, and the error contract.

Every command runs through ``typer.testing.CliRunner``; its stdout is not a terminal, so the
human output is the plain look (deck letters, ASCII rules) unless ``FORCE_COLOR`` is set.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tutor import __version__, bench
from tutor.cli.core import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_USAGE, app
from tutor.game.rules import ruleset_names

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
BAD = Path(__file__).resolve().parent / "data" / "bad"
GOLDEN = Path(__file__).resolve().parent / "golden"

runner = CliRunner()
PLAIN_ENV: dict[str, str | None] = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None}


def run(*args: str, env: dict[str, str | None] | None = None, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), env={**PLAIN_ENV, **(env or {})}, input=input)


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def assert_bad_input(result: Result, *fragments: str) -> None:
    """Exit 3, one ``tutor: error:`` line on stderr naming the problem, nothing on stdout."""
    assert result.exit_code == EXIT_BAD_INPUT, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tutor: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


# -- help and version --------------------------------------------------------------------------

COMMANDS = [
    [],
    ["replay"],
    ["explain"],
    ["rules"],
    ["bench"],
    ["bench", "playouts"],
    ["bench", "replay"],
    ["bench", "all"],
    ["bench", "calibration"],
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


# -- explain -----------------------------------------------------------------------------------


def options_of(data: dict[str, Any]) -> dict[tuple[str, ...], bool]:
    """Capture (as card texts; () for laying the card) -> legal."""
    return {tuple(o["capture"]): o["legal"] for o in data["options"]}


def test_explain_nine_on_ace_three_four_five_fante_fewest_cards() -> None:
    """Seeds 000/002: only the fewest cards may be taken, so the three-card sum is out."""
    data = run_json("explain", "-r", "scopone-16", "--table", "AD 3C 4S 5B FD", "CB")
    assert options_of(data) == {
        ("AD", "FD"): True,
        ("4S", "5B"): True,
        ("AD", "3C", "5B"): False,
        (): False,
    }
    three = next(o for o in data["options"] if len(o["capture"]) == 3)
    assert "fewest" in three["reason"]


def test_explain_nine_on_ace_three_four_five_fante_free_choice() -> None:
    """Seed 004: no single 9, so any sum making 9 is allowed."""
    data = run_json("explain", "-r", "scopone-scientifico", "--table", "AD 3C 4S 5B FD", "CB")
    assert options_of(data) == {
        ("AD", "FD"): True,
        ("4S", "5B"): True,
        ("AD", "3C", "5B"): True,
        (): False,
    }


@pytest.mark.parametrize("ruleset", ["scopa", "scopone-scientifico", "scopone-16"])
def test_explain_five_on_five_four_ace_must_take_the_five(ruleset: str) -> None:
    data = run_json("explain", "--ruleset", ruleset, "--table", "5D 4C AS", "5B")
    assert options_of(data) == {("5D",): True, ("AS", "4C"): False, (): False}
    forbidden = next(o for o in data["options"] if o["capture"] == ["AS", "4C"])
    assert "single 5" in forbidden["reason"]


def test_explain_issue_example_french_deck() -> None:
    args = ("explain", "--ruleset", "scopa", "--deck", "french", "--table", "4H QD 3H AS", "JD")
    data = run_json(*args)
    assert data["ruleset"] == "scopa"
    assert data["card"] == "JD"
    assert data["table"] == ["4H", "QD", "3H", "AS"]
    assert options_of(data) == {("AS", "3H", "4H"): True, (): False}
    assert [o["sweeps"] for o in data["options"]] == [False, False]
    plain = run(*args)
    assert plain.exit_code == 0
    assert "JD x AS 3H 4H" in plain.stdout
    assert "must capture" in plain.stdout
    assert "\x1b[" not in plain.stdout and "♦" not in plain.stdout


def test_explain_marks_a_sweep() -> None:
    data = run_json("explain", "-r", "scopa", "--table", "2C 5S", "7D")
    assert [o["sweeps"] for o in data["options"]] == [True, False]
    assert "sweeps the table" in run("explain", "-r", "scopa", "--table", "2C 5S", "7D").stdout


def test_explain_on_an_empty_table_lays_the_card() -> None:
    data = run_json("explain", "-r", "scopa", "--table", "", "7D")
    assert data["options"] == [
        {"capture": [], "legal": True, "reason": data["options"][0]["reason"], "sweeps": False}
    ]
    assert "nothing makes 7" in data["options"][0]["reason"]


def test_explain_terminal_look_has_coloured_glyphs() -> None:
    args = ("explain", "-r", "scopa", "--deck", "french", "--table", "4H QD 3H AS", "JD")
    fancy = run(*args, env={"FORCE_COLOR": "1"})
    assert fancy.exit_code == 0
    assert "J♦" in fancy.stdout and "\x1b[" in fancy.stdout
    no_color = run(*args, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "JD x AS 3H 4H" in no_color.stdout
    assert "\x1b[" not in no_color.stdout and "♦" not in no_color.stdout


def test_explain_bad_card_is_bad_input() -> None:
    assert_bad_input(run("explain", "-r", "scopa", "--table", "4D", "ZZ"), "CARD", "'ZZ'")


def test_explain_bad_table_card_is_bad_input() -> None:
    result = run("explain", "-r", "scopa", "--deck", "french", "--table", "4H FD", "JD")
    assert_bad_input(result, "--table", "'FD'", "french")


def test_explain_card_twice_on_the_table_is_bad_input() -> None:
    assert_bad_input(run("explain", "-r", "scopa", "--table", "4D 3C 4d", "7S"), "4D", "twice")


def test_explain_card_also_on_the_table_is_bad_input() -> None:
    assert_bad_input(run("explain", "-r", "scopa", "--table", "4D 7S", "7S"), "7S")


def test_explain_unknown_ruleset_is_bad_input() -> None:
    assert_bad_input(run("explain", "-r", "briscola", "--table", "4D", "7S"), "briscola")


def test_explain_unknown_deck_is_a_usage_error() -> None:
    result = run("explain", "-r", "scopa", "--deck", "tarot", "--table", "4D", "7S")
    assert result.exit_code == EXIT_USAGE
    assert "tarot" in result.output
    assert "Traceback" not in result.output


def test_explain_without_table_is_a_usage_error() -> None:
    assert run("explain", "-r", "scopa", "7S").exit_code == EXIT_USAGE


# -- rules -------------------------------------------------------------------------------------


def test_rules_lists_every_shipped_ruleset() -> None:
    result = run("rules")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()[2:] if line[:1].strip()]
    assert names == ruleset_names()
    data = run_json("rules")
    assert [r["name"] for r in data] == ruleset_names()
    assert all(r["description"] for r in data)


def test_rules_shows_one_ruleset_in_words() -> None:
    result = run("rules", "scopone-16")
    assert result.exit_code == 0
    assert result.stdout.startswith("scopone-16: ")
    assert "fewest cards" in result.stdout
    assert "Target: 16 points" in result.stdout
    data = run_json("rules", "scopa")
    assert (data["players"], data["hand_size"], data["deals_per_hand"]) == (2, 3, 6)
    assert data["primiera_values"]["7"] == 21
    assert data["in_words"][0].startswith("scopa: ")


def test_rules_unknown_ruleset_is_bad_input() -> None:
    assert_bad_input(run("rules", "briscola"), "briscola", "scopone-scientifico")


def test_rules_bad_ruleset_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("name: odd\nplayers: 5\n", encoding="utf-8")
    assert_bad_input(run("rules", str(path)), str(path), "players")


# -- bench -------------------------------------------------------------------------------------


def test_bench_playouts_json_gives_a_rate() -> None:
    data = run_json("bench", "playouts", "--ruleset", "scopa", "--hands", "20", "--repeat", "3")
    assert isinstance(data["hands_per_second"], float) and data["hands_per_second"] > 0
    assert len(data["runs"]) == 3
    assert sorted(data["runs"])[1] == data["hands_per_second"]
    assert data["hands"] == 20


def test_bench_playouts_plain_output() -> None:
    result = run("bench", "playouts", "--hands", "5", "--repeat", "1")
    assert result.exit_code == 0
    assert "hands_per_second" in result.stdout
    assert "playing 5 random hands" in result.stderr


def test_bench_playouts_rejects_zero_hands() -> None:
    assert run("bench", "playouts", "--hands", "0").exit_code == EXIT_USAGE
    with pytest.raises(bench.BenchError, match="hands must be at least 1, not 0"):
        bench.bench_playouts("scopa", hands=0)
    with pytest.raises(bench.BenchError, match="repeat must be at least 1"):
        bench.bench_playouts("scopa", hands=1, repeat=0)


def test_bench_calibration_json_and_table() -> None:
    args = ("bench", "calibration", "--players", "greedy", "--hands", "1", "--ruleset", "scopa")
    data = run_json(*args)
    assert data["hands"] == 1 and data["players"] == "greedy"
    assert {"card", "card_facts", "sweep", "sweep_facts", "readings", "tracker_ms"} <= set(data)
    table = run(*args)
    assert table.exit_code == 0
    assert "Per-card odds" in table.stdout and "Sweep odds" in table.stdout
    assert "Brier" in table.stdout
    assert run("bench", "calibration", "--players", "search", "--hands", "1").exit_code == 3


def test_bench_all_runs_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> dict[str, Any]:
        raise FileNotFoundError(2, "No such file or directory", "missing.yaml")

    registry = {
        "playouts": lambda: bench.bench_playouts("scopa", hands=3, repeat=1),
        "gone": broken,
    }
    monkeypatch.setattr(bench, "BENCHMARKS", registry)
    data = run_json("bench", "all")
    assert set(data) == {"playouts", "gone"}
    assert data["playouts"]["hands"] == 3
    assert "missing.yaml" in data["gone"]["skipped"]
    table = run("bench", "all")
    assert table.exit_code == 0
    assert "hands_per_second" in table.stdout and "skipped" in table.stdout


def test_random_playouts_finish_every_hand() -> None:
    import random

    from tutor.game.rules import load_ruleset

    for name in ruleset_names():
        rules = load_ruleset(name)
        score = bench.play_random_hand(rules, random.Random(7))
        assert sum(s.cards for s in score.sides) == 40


# -- the error contract ------------------------------------------------------------------------


def test_internal_error_is_one_line_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.game.captures

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(tutor.game.captures, "explain_card", boom)
    monkeypatch.delenv("TUTOR_DEBUG", raising=False)
    result = run("explain", "-r", "scopa", "--table", "4D", "7S")
    assert result.exit_code == EXIT_INTERNAL
    assert "Traceback" not in result.output
    assert "internal error: RuntimeError: boom" in result.stderr


def test_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.game.captures

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


# -- replay ------------------------------------------------------------------------------------

EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.yaml"))


def check_golden(name: str, text: str) -> None:
    """Compare with ``tests/golden/NAME``; ``UPDATE_GOLDEN=1`` rewrites the file instead."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}; run with UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8")


def example(name: str) -> str:
    return str((EXAMPLES / name).relative_to(ROOT))


@pytest.fixture(autouse=True)
def _run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """File names in messages and goldens are relative to the checkout."""
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_replay_examples_match_their_golden_output(name: str) -> None:
    result = run("replay", example(name))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert "\x1b[" not in result.stdout
    assert all(line == line.rstrip() for line in result.stdout.splitlines())
    check_golden(f"replay-{Path(name).stem}.txt", result.stdout)


def test_replay_shows_scopa_marks_primiera_and_score() -> None:
    result = run("replay", example("scopone-hand.yaml"))
    assert result.exit_code == 0, result.output
    data = run_json("replay", example("scopone-hand.yaml"))
    rows = [line for line in result.stdout.splitlines() if line[:3].strip().isdigit()]
    assert len(rows) == len(data["plays"]) == 36
    marked = [int(line.split()[0]) for line in rows if "SCOPA" in line]
    assert marked == [p["number"] for p in data["plays"] if p["scopa"]]
    assert marked, "the example hand has a scopa"
    score_lines = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    for side in data["score"]["sides"]:
        cards = " ".join(side["primiera_cards"])
        assert f"{side['primiera']} = {cards}" in score_lines["primiera"]
    totals = score_lines["total"].split()[1:]
    assert totals == [str(s["points"]) for s in data["score"]["sides"]]


def test_replay_json_has_plays_leftover_score_and_match() -> None:
    data = run_json("replay", example("scopone-hand.yaml"))
    assert len(data["plays"]) == 36
    first = data["plays"][0]
    assert {"number", "player", "card", "captured", "scopa", "table", "tally"} <= set(first)
    assert set(data["leftover"]) >= {"player", "cards"} or data["leftover"] is None
    sides = data["score"]["sides"]
    assert len(sides) == 2
    assert sum(s["cards"] for s in sides) == 40
    assert sum(s["denari"] for s in sides) == 10
    assert data["match"]["totals"] == [s["points"] for s in sides]


def test_replay_json_is_alone_on_stdout() -> None:
    result = run("replay", example("scopone-hand.yaml"), "--json")
    assert result.exit_code == 0
    json.loads(result.stdout)
    assert result.stderr == ""


def test_replay_of_a_match_shows_running_totals_and_winner() -> None:
    data = run_json("replay", example("scopa-match.yaml"))
    match = data["match"]
    assert len(data["hands"]) == len(match["hands"]) > 1
    result = run("replay", example("scopa-match.yaml"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("hand "))
    running = [0] * len(match["totals"])
    for n, points in enumerate(match["hands"], start=1):
        running = [t + p for t, p in zip(running, points, strict=True)]
        cells = lines[header + 1 + n].split()
        assert cells[0] == str(n)
        assert cells[1:] == [str(x) for pair in zip(points, running, strict=True) for x in pair]
    assert running == match["totals"]
    verdict = lines[header + 2 + len(match["hands"])]
    if match["winner"]:
        assert verdict.startswith("Winner: " + " & ".join(match["winner"]))
    else:
        assert verdict.startswith("No winner yet")


def test_replay_of_an_unfinished_hand_has_no_score(tmp_path: Path) -> None:
    from tutor.records.recordfile import dumps, load_path

    [hand] = load_path(EXAMPLES / "scopone-hand.yaml")
    path = tmp_path / "cut.yaml"
    path.write_text(dumps([hand.cut(10)]), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "stops after 10 of the 36 plays: no score yet" in result.stdout
    assert "category" not in result.stdout and "total" not in result.stdout
    data = run_json("replay", str(path))
    assert data["score"] is None and len(data["plays"]) == 10


def test_replay_step_waits_for_a_line_per_play_and_q_stops() -> None:
    whole = run("replay", example("seed003-scopa.yaml"))
    stepped = run("replay", example("seed003-scopa.yaml"), "--step", input="\n" * 100)
    assert stepped.exit_code == 0
    assert stepped.stdout.count("SCOPA") == whole.stdout.count("SCOPA") > 0
    assert stepped.stdout.splitlines()[-1] == whole.stdout.splitlines()[-1]
    stopped = run("replay", example("seed003-scopa.yaml"), "--step", input="\n\nq\n")
    assert stopped.exit_code == 0
    rows = [line for line in stopped.stdout.splitlines() if line[:3].strip().isdigit()]
    assert [int(r.split()[0]) for r in rows] == [1, 2, 3]
    assert "total" not in stopped.stdout


def test_replay_step_rows_line_up() -> None:
    """Played one at a time, the rows keep the columns of the whole hand."""
    import re

    stepped = run("replay", example("scopone-hand.yaml"), "--step", input="\n" * 100)
    rows = [line for line in stepped.stdout.splitlines() if line[:3].strip().isdigit()]
    assert len(rows) == 36
    tally_ends = {tuple(m.end() for m in re.finditer(r"\d+/\d+/\d+", row)) for row in rows}
    assert len(tally_ends) == 1
    card_starts = {row.index(row.split()[2], 6) for row in rows}
    assert len(card_starts) == 1


def test_replay_as_unknown_player_is_bad_input() -> None:
    assert_bad_input(run("replay", example("seed003-scopa.yaml"), "--as", "Zoe"), "Zoe", "Ada")


def test_replay_as_a_player_still_shows_every_play() -> None:
    result = run("replay", example("seed003-scopa.yaml"), "--as", "Ada")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line[:3].strip().isdigit()]
    assert [int(r.split()[0]) for r in rows] == list(range(1, 37))


def test_replay_json_with_step_is_a_usage_error() -> None:
    result = run("replay", example("seed003-scopa.yaml"), "--json", "--step")
    assert result.exit_code == EXIT_USAGE


def test_replay_terminal_look_uses_glyphs() -> None:
    result = run("replay", example("seed003-scopa.yaml"), env={"FORCE_COLOR": "1"})
    assert result.exit_code == 0
    assert "7♦" in result.stdout and "\x1b[" in result.stdout
    assert "7D" not in result.stdout.replace("\x1b", "")


BAD_FILES = sorted(BAD.glob("*.yaml"))


@pytest.mark.parametrize("path", BAD_FILES, ids=lambda p: p.stem)
def test_replay_of_a_bad_record_is_one_line_and_exit_3(path: Path) -> None:
    rel = str(path.relative_to(ROOT))
    result = run("replay", rel)
    assert_bad_input(result, rel + ":")
    message = result.stderr.strip()
    line = int(message[len("tutor: error: " + rel + ":") :].split(":")[0])
    assert 1 <= line <= len(path.read_text(encoding="utf-8").splitlines())
    json_run = run("replay", rel, "--json")
    assert json_run.exit_code == EXIT_BAD_INPUT and json_run.stdout == ""


def test_bad_records_name_the_play_when_a_play_is_wrong() -> None:
    for name, play in (("wrong-turn", 2), ("played-twice", 6), ("illegal-capture", 1)):
        result = run("replay", f"tests/data/bad/{name}.yaml")
        assert result.exit_code == EXIT_BAD_INPUT
        assert f": play {play}: " in result.stderr


def test_bench_replay_times_a_record() -> None:
    data = run_json("bench", "replay", example("seed003-scopa.yaml"), "--repeat", "2")
    assert data["seconds"] > 0 and len(data["runs"]) == 2


# -- rendering ---------------------------------------------------------------------------------


def test_score_table_shows_primiera_cards_and_points() -> None:
    from tutor.game.cards import ITALIAN, mask_of, parse_cards
    from tutor.game.rules import load_ruleset
    from tutor.game.scoring import score_captures
    from tutor.render.terminal import plain_text, score_table

    rules = load_ruleset("scopone-scientifico")
    mine = mask_of(parse_cards("7D 7C 6S 7B AD 2D 3D 4D 5D 6D"))
    theirs = ((1 << 40) - 1) & ~mine
    score = score_captures(rules, [mine, theirs], [2, 0], [["Anna", "Carla"], ["Bruno", "Dario"]])
    text = plain_text(score_table(score, rules, ITALIAN, names=["N-S", "E-W"]))
    lines = {line.split()[0]: line.split() for line in text.splitlines() if line.strip()}
    assert lines["category"] == ["category", "N-S", "pts", "E-W", "pts"]
    assert lines["cards"] == ["cards", "10", "30", "1"]
    assert lines["denari"] == ["denari", "7", "1", "3"]
    assert lines["settebello"] == ["settebello", "7D", "1", "-"]
    assert lines["primiera"][:7] == ["primiera", "81", "=", "7D", "7C", "6S", "7B"]
    assert lines["scope"] == ["scope", "2", "2", "0"]
    assert lines["total"] == ["total", "5", "1"]


def test_score_table_marks_a_missing_suit() -> None:
    from tutor.game.cards import ITALIAN, mask_of, parse_cards
    from tutor.game.rules import load_ruleset
    from tutor.game.scoring import score_captures
    from tutor.render.terminal import plain_text, score_table

    rules = load_ruleset("scopone-scientifico")
    assert rules.primiera_missing_suit == "loses"
    mine = mask_of(parse_cards("7D 7C 7S"))
    score = score_captures(rules, [mine, ((1 << 40) - 1) & ~mine], [0, 0])
    text = plain_text(score_table(score, rules, ITALIAN))
    assert "63 = 7D 7C 7S - (a suit missing)" in text


def test_card_text_in_every_style() -> None:
    from tutor.game.cards import STYLES, parse_card
    from tutor.render.terminal import card_text

    king = parse_card("RD")
    assert {n: str(card_text(king, s)) for n, s in STYLES.items()} == {
        "italian": "RD",
        "french": "KD",
        "spanish": "RO",
        "portuguese": "RO",
    }
    glyph = card_text(parse_card("7C"), STYLES["italian"], rich=True)
    assert str(glyph) == "7♥" and str(glyph.style) == "red"
    assert str(card_text(parse_card("7S"), STYLES["italian"], rich=True)) == "7♠"


def test_plain_text_has_no_trailing_spaces_or_escapes() -> None:
    from tutor.render.terminal import new_table, plain_text

    table = new_table("a", "b")
    table.add_row("x", "")
    assert plain_text(table) == "a   b\n-----\nx\n"
