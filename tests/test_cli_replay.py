"""``tutor replay``: golden outputs, the score, --step, --as, --json and bad records."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import (
    BAD,
    EXAMPLES,
    ITALIAN,
    ROOT,
    assert_bad_input,
    check_golden,
    example,
    invoke,
    one_error_line,
    run,
    run_json,
)

from tutor.cli.core import EXIT_BAD_INPUT, EXIT_USAGE
from tutor.records.recordfile import dumps, load_path

pytestmark = pytest.mark.usefixtures("run_from_root")

EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_replay_examples_match_their_golden_output(name: str) -> None:
    result = run("replay", example(name))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert "\x1b[" not in result.stdout
    assert all(line == line.rstrip() for line in result.stdout.splitlines())
    check_golden(f"replay-{Path(name).stem}.txt", result.stdout)


def test_the_tally_is_per_player_where_each_plays_alone() -> None:
    """Audit: two-player scopa's replay headed its tally "Tally per side" ("Conto per
    squadra"), where each side is one player."""
    assert "Tally per player: cards/denari" in run("replay", example("seed003-scopa.yaml")).stdout
    scopone = run("replay", example("scopone-hand.yaml")).stdout
    assert "Tally per side: cards/denari" in scopone and "Tally per player" not in scopone


def test_the_seed003_replay_in_italian_matches_its_golden_output() -> None:
    """LANG=it_IT.UTF-8: the sheet, the score, the categories and the record's Italian notes."""
    result = run("replay", example("seed003-scopa.yaml"), env=ITALIAN)
    assert result.exit_code == 0, result.output
    assert "Punteggio della mano" in result.stdout and "mazzo francese" in result.stdout
    check_golden("replay-seed003-scopa.it.txt", result.stdout)
    english = run("--lang", "en", "replay", example("seed003-scopa.yaml"), env=ITALIAN)
    assert english.stdout == run("replay", example("seed003-scopa.yaml")).stdout


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


def test_replay_end_has_a_score_heading_and_a_blank_line() -> None:
    # Was: the leftover line ran straight into the score table; the match table had no title.
    result = run("replay", str(EXAMPLES / "scopa-match.yaml"))
    assert result.exit_code == 0
    out = result.stdout
    assert "takes 4S 7B CC.\n\nScore of the hand\ncategory" in out
    assert "\nThe match, to 11\nhand " in out
    assert out.count("Score of the hand") == 4


def test_replay_of_an_unfinished_hand_has_no_score(tmp_path: Path) -> None:
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
    # render audit, stop 57: the gaps between deals and the tally's caption were dropped
    assert stepped.stdout == whole.stdout  # the same text, paced
    stopped = run("replay", example("seed003-scopa.yaml"), "--step", input="\n\nq\n")
    assert stopped.exit_code == 0
    # and a replay cut short said nothing of it: a script's input that ran out passed for one
    assert stopped.stderr == "tutor: stopped after play 3 of 36: no score shown\n"
    rows = [line for line in stopped.stdout.splitlines() if line[:3].strip().isdigit()]
    assert [int(r.split()[0]) for r in rows] == [1, 2, 3]
    assert "total" not in stopped.stdout
    # bug: the end of the input (Ctrl-D) was taken for Enter, one more play each time
    ended = run("replay", example("seed003-scopa.yaml"), "--step", input="\n\n")
    assert ended.exit_code == 0 and ended.stdout == stopped.stdout


def test_replay_step_pauses_after_each_hands_score_in_a_match() -> None:
    """Was (render audit, stop 57): a hand's score, the next hand's title and its first play
    came at once, and the score scrolled away."""
    first = len(run_json("replay", example("scopa-match.yaml"))["hands"][0]["plays"])
    lines = "\n" * (first - 1)  # every pause of the first hand: its score shows, then a pause
    stopped = run("replay", example("scopa-match.yaml"), "--step", input=lines)
    assert stopped.exit_code == 0
    assert stopped.stderr == "tutor: stopped after hand 1 of 4\n"
    assert "total" in stopped.stdout and "Hand 2" not in stopped.stdout


def test_replay_step_rows_line_up() -> None:
    """Played one at a time, the rows keep the columns of the whole hand."""
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


def test_cli_replay_as_shows_the_board_after_each_play() -> None:
    code, out, err = invoke(["replay", str(EXAMPLES / "partial-view.yaml"), "--as", "South"])
    assert code == 0, err
    assert out.count("Unmatched (captured an odd number of times):") == 36
    assert "at play 6 West could have swept the table (AS = 1) with an ace" in out
    assert "not available" not in err


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


@pytest.mark.parametrize(
    "command",
    [
        ["track", "--as", "Carla", "--at", "3"],
        ["solve", "--at", "3"],
        ["explain", "--at", "3", "--samples", "20"],
    ],
)
def test_a_position_of_a_match_says_which_hand_it_is_from(command: list[str]) -> None:
    # Was: track, solve and explain showed hand 2 of a match with nothing to say it was not hand 1.
    name, *options = command
    match = run(name, str(EXAMPLES / "scopa-match.yaml"), *options, "--hand", "2")
    assert match.exit_code == 0, match.output
    assert match.stdout.startswith("Hand 2 of the match.\n")
    options = [{"Carla": "South", "3": "30"}.get(o, o) for o in options]  # late: quick to solve
    single = run(name, str(EXAMPLES / "scopone-hand.yaml"), *options)
    assert single.exit_code == 0, single.output
    assert "of the match" not in single.stdout


def test_an_at_past_the_plays_of_a_match_hand_names_the_hand() -> None:
    # Was: "--at 999: the record has only 36 plays", not saying which hand of the file.
    for args in (["render", "--svg", "-"], ["solve"], ["track", "--as", "Carla"]):
        name, *options = args
        result = run(
            name, str(EXAMPLES / "scopa-match.yaml"), *options, "--hand", "3", "--at", "999"
        )
        line = one_error_line(result)
        assert "scopa-match.yaml: hand 3: --at 999: the record has only" in line, line


def test_a_hand_given_a_card_short_among_full_ones_is_pointed_out(tmp_path: Path) -> None:
    # Was (new-user sweep): a card left out of a full deal was read as an unknown card, silently.
    text = (EXAMPLES / "scopone-hand.yaml").read_text(encoding="utf-8")
    south = re.search(r"(?m)^(\s+- South: \[)(\w\w), ", text)
    assert south
    short = tmp_path / "short.yaml"
    short.write_text(text.replace(south.group(0), south.group(1), 1), encoding="utf-8")
    for command in (["replay"], ["track", "--as", "North", "--at", "1"]):
        result = run(command[0], str(short), *command[1:])
        assert result.exit_code == 0, result.output
        assert "deal 1 gives South 8 cards of 9, the other hands in full" in result.stderr
    assert run("replay", str(EXAMPLES / "partial-view.yaml")).stderr == ""  # hands left out


def test_long_names_are_cut_in_the_tables_and_the_cards_stay(tmp_path: Path) -> None:
    """Big-input audit (stop 54): with names of 500 characters (the most a record takes) the
    replay's table kept only the names and the tallies, the cards played gone, and with long
    notes printed 71 MB in 36 s. A name is cut in a cell, whole in the prose above."""
    text = (EXAMPLES / "seed003-scopa.yaml").read_text(encoding="utf-8")
    long_a, long_b = "A" * 500, "B" * 500
    text = re.sub(r"\bYou\b", long_a, re.sub(r"\bAda\b", long_b, text))
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("replay", str(path), env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if re.match(r"\s*1\s{2,}", line)]
    assert rows and "AAAAAAAAAAAAAAA… " in rows[0] and " 7D " in rows[0]
    assert long_a in result.stdout.replace("\n", "")  # whole in the playing order
    assert len(result.stdout) < 40_000


def test_a_long_name_in_a_note_keeps_the_notes_columns(tmp_path: Path) -> None:
    """Hostile-text audit (stop 55): with a 500-letter name quoted in a note, the notes' grid
    lost its play numbers and the cut name ran into the note ("NNNNNNN…Two captures were
    open"). Each note still starts with its number and its player, a colon before the note."""
    long = "N" * 500
    text = (EXAMPLES / "seed003-scopa.yaml").read_text(encoding="utf-8").replace("Ada", long)
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    out = run("replay", str(path), env={"COLUMNS": "100"}).stdout
    notes = out.split("\nNotes\n", 1)[1].split("\n\n", 1)[0].splitlines()
    starts = [line for line in notes if re.match(r" ?\d+\. ", line)]
    assert len(starts) >= 4
    assert any(line.startswith(" 2. NNNNNNNNNNNNNNN…: NNNN") for line in starts), starts[:3]
    assert all(len(line) <= 100 for line in notes)
    # nor did the rest of the page fit: the leftovers' sentence and the score's heading were
    # drawn 200 columns wide for the name
    assert max(len(line) for line in out.splitlines()) <= 100


def test_replay_as_a_player_hides_the_other_hands() -> None:
    """Track audit (stop 57): ``replay --as A1`` opened with every hand of the deal, the answers
    to the count a learner practises from A1's seat; the other hands are hidden now."""
    path = str(EXAMPLES / "scopone-hand.yaml")
    seen = run("replay", path, "--as", "South").stdout
    assert "South: AC AS 2D 5B 6D 6C FD CB RS" in seen
    assert (
        "West:" not in seen.split("#")[0]
        and "The other hands are hidden: this is South's view." in seen
    )
    every = run("replay", path).stdout
    assert "West: 3S 4C 4S 5C 6B FC FB CD RB" in every and "hidden" not in every


def test_replay_as_a_player_shows_the_last_rounds_count() -> None:
    """Track audit (stop 57): in the last round, replay --as showed no rule of 220 or of 48,
    the count that settles who holds what, which track gives."""
    seen = run("replay", str(EXAMPLES / "partial-view.yaml"), "--as", "South").stdout
    flat = " ".join(seen.split())
    assert (
        "3 cards are still out and 3 values are odd, so the other hands hold exactly one each"
        in flat
    )
    assert "Rule of 220: the last cards of West, North, East add up to 24." in flat


def test_html_writes_the_replay_page(tmp_path: Path) -> None:
    out = tmp_path / "replay.html"
    result = run("replay", example("seed003-scopa.yaml"), "--html", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'id="play-36"' in page
    assert f"wrote {out}" in result.stderr
    assert "Score of the hand" in result.stdout  # the text replay too, as review --html does


def test_html_to_standard_output_is_the_page_alone() -> None:
    result = run("replay", example("scopa-match.yaml"), "--html", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<!DOCTYPE html>") and result.stdout.endswith("</html>\n")
    assert 'id="h4-play-1"' in result.stdout and result.stderr == ""


@pytest.mark.parametrize("other", [["--json"], ["--step"]])
def test_html_with_json_or_step_is_a_usage_error(other: list[str], tmp_path: Path) -> None:
    for out in ("-", str(tmp_path / "r.html")):
        result = run("replay", example("seed003-scopa.yaml"), "--html", out, *other)
        assert result.exit_code == EXIT_USAGE, result.output
        assert f"--html cannot be combined with {other[0]}" in result.stderr
        assert result.stdout == ""
    assert not (tmp_path / "r.html").exists()


def test_html_over_the_record_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "hand.yaml"
    record.write_text((EXAMPLES / "seed003-scopa.yaml").read_text(encoding="utf-8"))
    result = run("replay", str(record), "--html", str(record))
    assert result.exit_code == EXIT_USAGE and "is the file being read" in result.stderr


def test_html_seen_from_a_seat_hides_the_other_hands() -> None:
    """``--as`` with ``--html`` was a usage error: the page is now seen from the seat, as the
    text is (the other hands hidden, the rule-of-48 board from that seat after each play)."""
    result = run("replay", example("seed003-scopa.yaml"), "--as", "Ada", "--html", "-")
    assert result.exit_code == 0, result.output
    assert "this is <bdi>Ada</bdi>&#x27;s view." in result.stdout
    assert result.stdout.count("Rule of 48 from <bdi>Ada</bdi>&#x27;s seat") == 36
    said = run("replay", example("seed003-scopa.yaml"), "--as", "Ada").stdout
    assert "The record's notes may tell cards this seat could not see." in said
    assert "could not see" not in run("replay", example("seed003-scopa.yaml")).stdout
    bad = run("replay", example("seed003-scopa.yaml"), "--as", "Zoe", "--html", "-")
    assert bad.exit_code == 3 and bad.stdout == ""
