"""``tutor live``: a hand typed on stdin, saving, resuming after a kill, and Ctrl-C."""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from helpers import ROOT, invoke, run, run_json, scripted_hand, with_output_closed

from tutor.cli import live as cli_live
from tutor.cli.core import EXIT_INTERRUPTED, read_line
from tutor.records.recordfile import load_path
from tutor.training.live import LiveSession

SCOPA_YOU = ["-r", "scopa", "-p", "You,Ada", "--as", "You", "--deck", "french"]
"""A scopa hand typed in from You's seat, in the French deck."""


def run_live(args: list[str], text: str) -> tuple[int, str, str]:
    return invoke(["live", *args], text)


def test_cli_live_from_stdin_with_mistakes_and_undo(tmp_path: Path) -> None:
    save = tmp_path / "h.yaml"
    text = (
        "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\nAda: 7H\n# a comment\n\n"
        "Ada: 3H\nundo\nAda: 4S x 4H\nZZ\n"
    )
    code, out, err = run_live(
        [
            "--ruleset",
            "scopa",
            "--players",
            "You,Ada",
            "--as",
            "You",
            "--deck",
            "french",
            "--save",
            str(save),
        ],
        text,
    )
    assert code == 1  # two lines were rejected
    assert "tutor: line 4: play 2: Ada cannot play 7H: it is in your hand" in err
    assert "tutor: line 10: play 3: 'ZZ' is not a card" in err
    assert "undone: play 2 (3H)" in err
    assert f"tutor: continue with: tutor live --resume {save}" in err
    assert "Unmatched" in out and "Sweep risk" in out
    assert [p.text for p in load_path(save)[0].plays] == ["7D x 2C 5S", "4S x 4H"]


def test_cli_live_json_lines(tmp_path: Path) -> None:
    save = tmp_path / "h.yaml"
    code, out, _ = run_live(
        [*SCOPA_YOU, "-o", str(save), "--json"],
        "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n",
    )
    assert code == 0
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["entry"] for o in objs] == ["table", "deal", "play"]
    assert objs[-1]["analysis"]["unmatched"] == [2, 5, 7]
    assert objs[-1]["next"] == "play 2: Ada"
    # bug (JSON sweep): docs/tracker.md calls the analysis "the tutor track --json object",
    # but it lacked file, hand, player, at and total_plays; now it is that object, key for key
    tracked = run_json("track", str(save), "--as", "You")
    assert objs[-1]["analysis"] == tracked
    assert tracked["file"] == str(save) and tracked["player"] == "You" and tracked["at"] == 1


def test_cli_live_usage_and_bad_input(tmp_path: Path) -> None:
    code, _, err = run_live(["--ruleset", "scopa"], "")
    assert code == 2 and "--players" in err
    code, _, err = run_live(["-r", "scopa", "-p", "You,Ada,Bea", "--as", "You"], "")
    # the seating is given on the command line: a usage error
    assert code == 2 and "the scopa ruleset is for 2 players, but 3 are given" in err
    code, _, err = run_live(["-r", "scopa", "-p", "You,Ada", "--as", "Bob"], "")
    assert code == 2 and "--as Bob: no such player" in err
    code, _, err = run_live(["--resume", str(tmp_path / "missing.yaml")], "")
    assert code == 3 and "missing.yaml" in err


def test_cli_live_finishes_the_hand_with_the_score(tmp_path: Path) -> None:
    lines, plays = scripted_hand("scopa", 8, 0, ["You", "Ada"])
    save = tmp_path / "h.yaml"
    code, out, _ = run_live(
        ["-r", "scopa", "-p", "You,Ada", "--as", "You", "--deck", "french", "-o", str(save), "-q"],
        "\n".join(lines) + "\n",
    )
    assert code == 0
    assert "The hand is over." in out and "primiera" in out
    assert [p.text for p in load_path(save)[0].plays] == plays


def test_cli_live_json_ends_with_the_score(tmp_path: Path) -> None:
    """Bug: ``--json`` never gave the hand's score, which the text form prints at the end."""
    lines, _plays = scripted_hand("scopa", 8, 0, ["You", "Ada"])
    save = tmp_path / "h.yaml"
    code, out, _ = run_live(
        [*SCOPA_YOU, "-o", str(save), "--json"],
        "\n".join(lines) + "\n",
    )
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert all(row["score"] is None for row in rows[:-1])
    replayed = run_json("replay", str(save))
    assert rows[-1]["score"] == replayed["score"] and rows[-1]["leftover"] == replayed["leftover"]


def test_kill_in_the_middle_then_resume(tmp_path: Path) -> None:
    """A real process killed with SIGKILL mid-hand: every accepted play is already saved."""
    names = ["West", "North", "East", "South"]
    lines, plays = scripted_hand("scopone-scientifico", 3, 3, names)
    save = tmp_path / "live.yaml"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tutor",
            "live",
            "--players",
            ",".join(names),
            "--as",
            "South",
            "--deck",
            "french",
            "--save",
            str(save),
            "--quiet",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
        env=env,
        text=True,
    )
    assert proc.stdin is not None
    typed = 2 + 15  # the table, South's cards and fifteen plays
    for line in lines[:typed]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if len(load_path(save)[0].plays) == 15:
                break
        except Exception:  # not written yet
            pass
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    [rec] = load_path(save)
    assert [p.text for p in rec.plays] == plays[:15]
    # --resume knows South from the cards saved, and continues where the kill stopped
    code, out, err = run_live(["--resume", str(save), "-q"], "\n".join(lines[typed:]) + "\n")
    assert code == 0, err
    assert "resuming" in err and "15 plays so far" in err
    [rec] = load_path(save)
    assert [p.text for p in rec.plays] == plays
    assert rec.is_finished()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


SCOPA = ["--ruleset", "scopa", "--players", "You,Ada", "--as", "You", "--deck", "french"]


def test_save_refuses_to_overwrite_an_existing_hand(tmp_path: Path) -> None:
    """Bug: --save on an existing file replaced the hand in it without a word."""
    path = tmp_path / "hand.yaml"
    code, _, err = run_live([*SCOPA, "--save", str(path)], "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n")
    assert code == 0, err
    before = path.read_text()
    code, _, err = run_live([*SCOPA, "--save", str(path)], "2C 4H 3S AD\n")
    assert code == 2 and "already exists" in err and f"--resume {path}" in err
    assert path.read_text() == before


def test_seating_mistakes_on_the_command_line_are_usage_errors(tmp_path: Path) -> None:
    code, _, err = run_live(["-r", "scopa", "-p", "You,Ada,Bea", "--as", "You"], "")
    assert code == 2 and "for 2 players, but 3 are given" in err
    code, _, err = run_live(["-r", "scopa", "-p", "You,Ada", "--as", "Bob"], "")
    assert code == 2 and "--as Bob: no such player" in err
    s = LiveSession.new("scopa", ["You", "Ada"], "ada", "french")  # any case will do
    assert s.my_name == "Ada"


# -- Ctrl-C at a terminal and on a pipe ------------------------------------------------------------


class FakeTerminal:
    """A terminal whose reader types ``lines``; None stands for a Ctrl-C."""

    def __init__(self, lines: list[str | None]) -> None:
        self.lines = list(lines)

    def isatty(self) -> bool:
        return True

    def readline(self) -> str:
        if not self.lines:
            return ""
        line = self.lines.pop(0)
        if line is None:
            raise KeyboardInterrupt
        return line + "\n"


def test_ctrl_c_drops_the_line_and_twice_stops_with_everything_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bug: one Ctrl-C ended the session with "interrupted" and no word of the saved file."""
    path = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", path)
    monkeypatch.setattr(
        sys, "stdin", FakeTerminal(["2C 4H 5S QD", None, "7D 7H AS", None, None, "never read"])
    )
    with pytest.raises(typer.Exit) as stop:
        cli_live._run_live(s, quiet=True, json_out=False)
    assert stop.value.exit_code == EXIT_INTERRUPTED
    err = capsys.readouterr().err
    assert err.startswith("Type the hand one line at a time")  # the intro at a terminal
    # each lone Ctrl-C drops a line; the second of two in a row stops
    assert err.count("Ctrl-C: line dropped") == 2
    assert "interrupted" in err and f"saved to {path}" in err and f"--resume {path}" in err
    [rec] = load_path(path)
    assert rec.deals and len(rec.deals[0]["You"]) == 3


def test_a_ctrl_c_at_the_prompt_just_after_one_that_stopped_a_hint_stops(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Play audit (stop 47): a person who stopped a slow hint with Ctrl-C and pressed it again
    at once, to stop, had the line dropped and needed a third. Later, a lone Ctrl-C still
    drops the line."""
    from tutor.cli.core import line_reader
    from tutor.game import interrupts

    monkeypatch.setattr(sys, "stdin", FakeTerminal([None, "7D"]))
    read = line_reader(lambda: "play 1")
    assert read() == "7D\n"  # nothing stopped lately: the line is dropped, the session goes on
    assert "line dropped" in capsys.readouterr().err
    with interrupts.ctrl_c_counted():  # a hint stopped by Ctrl-C, as play's _stoppable does
        try:
            os.kill(os.getpid(), signal.SIGINT)
        except KeyboardInterrupt:
            pass
    monkeypatch.setattr(sys, "stdin", FakeTerminal([None, "7D"]))
    with pytest.raises(KeyboardInterrupt):
        read()
    assert "line dropped" not in capsys.readouterr().err
    monkeypatch.setattr(interrupts, "_last_counted", [time.monotonic() - 2])  # long ago
    monkeypatch.setattr(sys, "stdin", FakeTerminal([None, "7D"]))
    assert read() == "7D\n"


def test_ctrl_c_while_piped_stops_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", path)
    reader = FakeTerminal(["2C 4H 5S QD", None, "7D 7H AS"])
    monkeypatch.setattr(reader, "isatty", lambda: False)
    monkeypatch.setattr(sys, "stdin", reader)
    with pytest.raises(typer.Exit) as stop:
        cli_live._run_live(s, quiet=True, json_out=False)
    assert stop.value.exit_code == EXIT_INTERRUPTED
    err = capsys.readouterr().err
    assert "line dropped" not in err and f"saved to {path}" in err
    assert reader.lines == ["7D 7H AS"]


def test_a_save_into_a_missing_folder_is_refused_before_the_session_starts(
    tmp_path: Path,
) -> None:
    """Bug: ``live --save`` into a missing folder started normally, then died at the first
    line with a message naming a temporary file."""
    target = tmp_path / "no" / "such" / "hand.yaml"
    code, out, err = run_live([*SCOPA, "--save", str(target)], "2C 4H 5S QD\n")
    assert code == 2 and out == ""
    assert err.count("\n") == 1, err
    assert f"cannot save to {target}: the folder {target.parent} does not exist" in err
    assert ".tmp" not in err
    saved = tmp_path / "saved.yaml"
    assert run_live([*SCOPA, "--save", str(saved)], "2C 4H 5S QD\n")[0] == 0
    code, _, err = run_live(["--resume", str(saved), "--save", str(target)], "")
    assert code == 2 and "does not exist" in err


def test_a_folder_as_the_save_path_asks_for_a_file_name(tmp_path: Path) -> None:
    """Bug: ``--save /tmp`` suggested ``--resume /tmp``."""
    code, _, err = run_live([*SCOPA, "--save", str(tmp_path)], "")
    assert code == 2
    assert f"it is a folder: give a file's name, e.g. {tmp_path / 'hand.yaml'}" in err
    assert "--resume" not in err


def test_board_shows_the_board_even_when_quiet(tmp_path: Path) -> None:
    """Bug: the ``board`` command printed nothing under ``-q``."""
    save = tmp_path / "h.yaml"
    lines = "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n"
    code, out, _ = run_live([*SCOPA, "--save", str(save), "-q"], lines)
    assert code == 0 and out == ""
    code, out, _ = run_live(["--resume", str(save), "-q"], "board\n")
    assert code == 0
    assert (
        "Unmatched (captured an odd number of times): 2, 5, 7." in out
        and out.count("Sweep risk") == 1
    )


def test_ruleset_and_deck_with_resume_are_usage_errors_like_players(tmp_path: Path) -> None:
    """Bug: ``--ruleset`` was silently ignored with ``--resume``, while ``--players`` with
    ``--resume`` was a usage error."""
    save = tmp_path / "h.yaml"
    assert run_live([*SCOPA, "--save", str(save)], "2C 4H 5S QD\n")[0] == 0
    for option, value in (("--ruleset", "scopone-scientifico"), ("--deck", "italian"),
                          ("--players", "You,Bea"), ("--ruleset", "nope")):  # fmt: skip
        code, out, err = run_live(["--resume", str(save), "--as", "You", option, value], "")
        assert code == 2 and out == "", (option, err)
        assert "from the resumed file" in err and option in err
    # play audit (stop 53): the command that began the hand, --resume added, is taken
    code, out, err = run_live(["--resume", str(save), *SCOPA], "7D 7H AS\n")
    assert code == 0 and "resuming" in err, err


def test_a_scripted_session_exits_1_when_a_line_was_rejected(tmp_path: Path) -> None:
    """Bug: a scripted ``live`` exited 0 after rejecting lines, so a script could not see a
    typo."""
    good = "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n"
    code, _, err = run_live([*SCOPA, "--save", str(tmp_path / "a.yaml"), "-q"], good)
    assert code == 0 and "rejected" not in err
    code, _, err = run_live([*SCOPA, "--save", str(tmp_path / "b.yaml"), "-q"], good + "ZZ\n")
    assert code == 1
    assert "tutor: line 4: play 2: 'ZZ' is not a card" in err
    assert "tutor: 1 line was rejected (exit code 1)" in err
    assert [p.text for p in load_path(tmp_path / "b.yaml")[0].plays] == ["7D x 2C 5S"]


def test_live_help_says_json_lines_and_the_exit_code() -> None:
    """Bug: ``live --json`` prints JSON Lines, but the help promised "the JSON alone", and
    said nothing of the exit code of a script with typos."""
    result = invoke(["live", "--help"])
    text = " ".join(result[1].split())
    assert "With --json the output is JSON Lines: one JSON object per accepted line" in text
    assert "the exit code is 1 if any line was rejected" in text
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "`live --json` prints JSON Lines" in readme
    assert "exits with 1 if any line was rejected" in readme


def test_cli_live_reads_styles_stated_and_from_earlier_hands(tmp_path: Path) -> None:
    base = ["-r", "scopa", "-p", "Bruno,Carla", "--as", "Bruno", "--deck", "french", "--json"]
    typed = "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n"

    saves = iter(range(100))

    def carla(*extra: str) -> dict[str, object]:
        save = str(tmp_path / f"h{next(saves)}.yaml")
        code, out, err = run_live([*base, "-o", save, *extra], typed)
        assert code == 0, err
        return json.loads(out.splitlines()[-1])["analysis"]["trust"]["players"][0]

    assert carla()["style_prior"] is None
    assert carla("--style", "Carla=grabber")["style_prior"] == {
        "grabber": 0.9,
        "careful": 0.05,
        "careless": 0.05,
    }
    earlier = str(ROOT / "docs" / "examples" / "scopa-match.yaml")
    carried = carla("--earlier", earlier)["style_prior"]
    assert carried is not None and carried != carla("--style", "Carla=careful")["style_prior"]
    code, _, err = run_live([*base, "--style", "Dora=careful"], "")
    assert code == 2 and "no such player" in err
    strangers = ["-r", "scopa", "-p", "Ada,Bea", "--as", "Ada", "--earlier", earlier]
    code, _, err = run_live([*strangers, "-o", str(tmp_path / "s.yaml")], "")
    assert code == 2 and "Ada plays in none of its hands" in err
    (tmp_path / "bad.yaml").write_text("- [\n")
    code, _, err = run_live([*base, "--earlier", str(tmp_path / "bad.yaml")], "")
    assert code == 3 and "bad.yaml" in err


def test_earlier_hands_are_another_file_of_the_same_match_and_names_any_case(
    tmp_path: Path,
) -> None:
    """Found by QA: --earlier naming the session's own file read the hand being typed as an
    earlier hand (counted twice); a file of scopone hands was taken for a scopa session; and
    "ADA" took no style from Ada's hands, while --as and --style take names in any case."""
    earlier = str(ROOT / "docs" / "examples" / "scopa-match.yaml")
    base = ["-r", "scopa", "--deck", "french", "--json"]
    typed = "2C 4H 5S QD\n7D 7H AS\n"
    save = tmp_path / "own.yaml"
    code, _, err = run_live([*base, "-p", "Bruno,Carla", "--as", "Bruno", "-o", str(save),
                             "--earlier", str(save)], typed)  # fmt: skip
    assert code == 2 and "is the file this session saves to" in err
    four = str(ROOT / "tests" / "data" / "scopone-match-four-hands.yaml")
    code, _, err = run_live([*base, "-p", "S,W", "--as", "S", "-o", str(tmp_path / "a.yaml"),
                             "--earlier", four], typed)  # fmt: skip
    assert code == 2 and "played with scopone-scientifico, this one with scopa" in err

    def carla(name: str) -> object:
        code, out, err = run_live([*base, "-p", f"Bruno,{name}", "--as", "Bruno", "-o",
                                   str(tmp_path / f"{name}.yaml"), "--earlier", earlier],
                                  typed)  # fmt: skip
        assert code == 0, err
        return json.loads(out.splitlines()[-1])["analysis"]["trust"]["players"][0]["style_prior"]

    assert carla("CARLA") == carla("Carla") is not None


def test_a_script_with_a_byte_order_mark_and_a_mistyped_capturing_card(tmp_path: Path) -> None:
    """Bugs: a BOM before the first line made every line fail ('\\ufeff2C' is not a card), and
    a mistyped card before ``x`` was misnamed ('7' is not a card, for ``7X x 2C 5S``)."""
    save = tmp_path / "h.yaml"
    code, _, err = run_live(
        [*SCOPA_YOU, "-o", str(save)], "\ufeff2C 4H 5S QD\n7D 7H AS\n7X x 2C 5S\n7D x 2C 5S\n"
    )
    assert code == 1  # the one mistyped line
    assert "line 3: play 1: '7X' is not a card: unknown suit 'X'" in err
    assert [p.text for p in load_path(save)[0].plays] == ["7D x 2C 5S"]


def test_the_last_play_can_be_undone(tmp_path: Path) -> None:
    """Bug: the session stopped at the hand's last play, so undo after it was never read."""
    source = (ROOT / "docs" / "examples" / "seed003-scopa.yaml").read_text(encoding="utf-8")
    cut = tmp_path / "cut35.yaml"
    cut.write_text(
        "".join(line for line in source.splitlines(True) if "QS x QC" not in line),
        encoding="utf-8",
    )
    code, out, err = run_live(
        ["--resume", str(cut), "--as", "You", "--quiet"], "Ada: QS x QC\nundo\nboard\n"
    )
    assert code == 0 and "The hand is over." in out and "Unmatched" in out
    assert "undone: play 36 (QS x QC)" in err
    assert len(load_path(cut)[0].plays) == 35
    # a line after the end is refused (exit 1); a finished hand resumed takes undo too
    code, _, err = run_live(["--resume", str(cut), "--as", "You", "-q"], "Ada: QS x QC\nAda: 3H\n")
    assert code == 1 and "line 2: the hand is over: type deal for the next hand" in err
    assert len(load_path(cut)[0].plays) == 36
    code, out, err = run_live(["--resume", str(cut), "--as", "You", "-q"], "undo\n")
    assert code == 0 and "undone: play 36" in err and len(load_path(cut)[0].plays) == 35


def test_the_resume_line_works_as_printed(tmp_path: Path) -> None:
    """Bug (found by fuzzing): with only the table typed, the file does not say whose seat it
    is, yet the closing line said 'tutor live --resume FILE', which failed (exit 3). The line
    now adds --as when the file needs it, and quotes a name with a space."""
    save = tmp_path / "a hand.yaml"
    code, _out, err = run_live([*SCOPA_YOU, "-q", "--save", str(save)], "2C 4H 5S QD\n")
    assert code == 0, err
    line = next(x for x in err.splitlines() if "continue with:" in x)
    command = line.split("continue with: ", 1)[1]
    assert command == f"tutor live --resume '{save}' --as You"
    args = shlex.split(command)[2:]  # after "tutor live"
    code, _out, err = run_live([*args, "-q"], "7D 7H AS\n")
    assert code == 0, err
    # now the file gives the viewer's cards: the seat is saved, and --as is not needed
    line = next(x for x in err.splitlines() if "continue with:" in x)
    assert line.endswith(f"tutor live --resume '{save}'")


def test_a_ruleset_with_no_table_cards_saves_the_seating_it_says_it_saved(tmp_path: Path) -> None:
    """Bug: in scopone-classico (no table cards) a session quit before its first line said
    'saved to FILE' and wrote nothing, so the 'continue with' line it printed failed. The
    seating is saved at once now, as the table is in the other rulesets, and resumes."""
    save = tmp_path / "classico.yaml"
    args = ["-r", "scopone-classico", "-p", "a,b,c,d", "--as", "a", "-q"]
    code, _out, err = run_live([*args, "--save", str(save)], "quit\n")
    assert code == 0, err
    assert f"saved to {save}" in err and save.exists()
    [rec] = load_path(save)
    assert rec.players == ["a", "b", "c", "d"] and rec.table == [] and rec.plays == []
    command = next(x for x in err.splitlines() if "continue with:" in x).split(": ", 2)[2]
    code, _out, err = run_live([*shlex.split(command)[2:], "-q"], "quit\n")
    assert code == 0, err
    assert "resuming" in err


def test_resuming_into_another_file_saves_it_at_once(tmp_path: Path) -> None:
    """Bug: ``live --resume A --save B`` quit before a new line said 'saved to B' and 'continue
    with: tutor live --resume B', but wrote nothing, so that command failed."""
    first = tmp_path / "first.yaml"
    code, _out, err = run_live(
        [
            "-r",
            "scopa",
            "-p",
            "You,Ada",
            "--as",
            "You",
            "--deck",
            "french",
            "-q",
            "--save",
            str(first),
        ],
        "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n",
    )
    assert code == 0, err
    other = tmp_path / "other.yaml"
    code, _out, err = run_live(["--resume", str(first), "--save", str(other), "-q"], "quit\n")
    assert code == 0, err
    assert f"saved to {other}" in err
    assert load_path(other) == load_path(first)
    code, _out, err = run_live(["--resume", str(other), "-q"], "quit\n")
    assert code == 0 and "resuming" in err, err


def test_sessions_started_in_the_same_second_save_to_two_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by QA: without --save, the file is named after the second the session starts;
    a second session in that second saved over the first's hand."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(time, "strftime", lambda *a: "20261205-235452")
    for table in ("2C 4H 5S QD\n", "AD AH AS 2C\n"):
        code, _out, err = run_live(SCOPA_YOU, table)
        assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "live-20261205-235452-2.yaml",
        "live-20261205-235452.yaml",
    ]
    assert "saved to live-20261205-235452-2.yaml" in err


def test_ctrl_d_after_a_partial_line_leaves_the_next_message_on_a_line_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bug (pty sweep): '7D' typed and then Ctrl-D (twice) ended the input with no newline, and
    the session's next message followed the prompt and the '7D' on the same line."""

    class PartialLine(FakeTerminal):
        def readline(self) -> str:
            line = self.lines.pop(0) if self.lines else ""
            return line or ""

    monkeypatch.setattr(sys, "stdin", PartialLine([""]))
    assert read_line("> ") is None
    assert capsys.readouterr().err == "> \n"
    monkeypatch.setattr(sys, "stdin", PartialLine(["7D\n"]))
    assert read_line("> ") == "7D\n"
    assert capsys.readouterr().err == "> "  # a whole line: the terminal echoed its newline


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_on_a_real_terminal_two_ctrl_ds_stop_in_the_middle_of_a_line() -> None:
    """Live audit (stop 56): on a terminal, 4S typed and Ctrl-D once did nothing (Python's
    readline took it for nothing and read on), so it took three Ctrl-Ds, not two, to stop;
    the first now asks at once, and the second stops."""
    import pty
    import select

    main, terminal = pty.openpty()
    code = "from tutor.cli.core import read_line; print(repr(read_line('> ')))"
    with subprocess.Popen(
        [sys.executable, "-c", code], stdin=terminal, stdout=subprocess.PIPE, stderr=terminal,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT,
    ) as proc:  # fmt: skip
        os.close(terminal)
        shown = b""

        def wait_for(text: bytes) -> None:
            nonlocal shown
            deadline = time.monotonic() + 20
            while text not in shown:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([main], [], [], left)[0]:
                    proc.kill()
                    raise AssertionError(f"no {text!r} in {shown!r}")
                shown += os.read(main, 4096)

        wait_for(b"> ")
        os.write(main, b"4S\x04")
        wait_for(b"Ctrl-D again to stop")
        os.write(main, b"\x04")
        out = proc.stdout.read() if proc.stdout else b""
    os.close(main)
    assert out.strip() == b"None", (out, shown)


def test_ctrl_d_in_the_middle_of_a_line_asks_before_entering_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bug (stop-46 audit): on a terminal, '7D x 2C 5S' typed and then Ctrl-D twice was entered
    as a play (and saved), unasked; in tutor train a half-typed answer was stored as a miss."""

    class PartialLine(FakeTerminal):
        def readline(self) -> str:
            return self.lines.pop(0) if self.lines else ""  # type: ignore[return-value]

    # Ctrl-D again: the end of the input, the unfinished line not entered
    monkeypatch.setattr(sys, "stdin", PartialLine(["7D x 2C 5S", ""]))
    assert read_line("> ") is None
    err = capsys.readouterr().err
    assert "Ctrl-D in the middle of the line '7D x 2C 5S'" in err
    assert "press Enter to enter it, or Ctrl-D again to stop without it" in err
    # Enter: the line as typed
    monkeypatch.setattr(sys, "stdin", PartialLine(["7D x 2C 5S", "\n"]))
    assert read_line("> ") == "7D x 2C 5S\n"
    # another line typed instead is the one read
    monkeypatch.setattr(sys, "stdin", PartialLine(["7D x 2C", "7D x 2C 5S\n"]))
    assert read_line("> ") == "7D x 2C 5S\n"
    # piped input keeps its last line, newline or not (a script's file may lack the last one)
    piped = io.StringIO("7D x 2C 5S")
    monkeypatch.setattr(sys, "stdin", piped)
    assert read_line("> ") == "7D x 2C 5S"


def test_a_player_named_like_a_command_word_can_play_and_slips_are_named(
    tmp_path: Path,
) -> None:
    """Live audit (stop 48): with a player named Table, "Table: 3H" was refused ("the table was
    given at the start"); "hlep" and "bord" were only "not a card", where play asks whether a
    command was meant."""
    save = tmp_path / "h.yaml"
    args = ["-r", "scopa", "-p", "You,Table", "--as", "You", "--deck", "french"]
    text = "2C 4H 5S QD\n7D 7H AS\nhlep\n7D x 2C 5S\nTable: 3H\nbord\nhitn\n"
    code, _out, err = run_live([*args, "--save", str(save), "--quiet"], text)
    assert code == 1, err
    assert "line 3: play 1: 'hlep' is not a card" in err and "did you mean help?" in err
    assert "line 6: play 3: 'bord' is not a card" in err and "did you mean board?" in err
    assert "'hitn' is not a card" in err and "did you mean hint" not in err  # live has none
    assert [p.text for p in load_path(save)[0].plays] == ["7D x 2C 5S", "3H"]


def test_a_finished_hand_shows_its_score_when_resumed_and_has_nothing_to_continue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Live audit (stop 48): resuming a finished hand showed nothing until the session ended;
    and leaving it said how to continue a hand that has nothing left to play."""
    save = tmp_path / "h.yaml"
    lines, _plays = scripted_hand("scopa", 5, 0, ["You", "Ada"])
    code, _out, err = run_live(
        [*SCOPA_YOU, "--save", str(save), "--quiet"], "\n".join(lines) + "\n"
    )
    assert code == 0, err
    # the next step a finished hand has (new-user audit, stop 52): its review, runnable
    line = next(x for x in err.splitlines() if "review it with: " in x)
    command = shlex.split(line.split("review it with: ", 1)[1])
    assert command == ["tutor", "review", str(save), "--as", "You"], command
    reviewed = run(*command[1:], "--samples", "2", "--time", "0.05", "--workers", "1")
    assert reviewed.exit_code == 0, reviewed.output
    # at a terminal, left with two Ctrl-Cs: the score came first, and no "continue with"
    monkeypatch.setattr(sys, "stdin", FakeTerminal([None, None]))
    with pytest.raises(typer.Exit) as stop:
        cli_live._run_live(LiveSession.resume(save), quiet=True, json_out=False)
    assert stop.value.exit_code == EXIT_INTERRUPTED
    captured = capsys.readouterr()
    assert "The hand is over." in captured.out and f"saved to {save}" in captured.err
    assert "continue with" not in captured.err


def test_the_live_board_shows_the_table_the_viewer_s_cards_and_the_captures(
    tmp_path: Path,
) -> None:
    """Live audit (stop 48): after each play the board gave counts by value only: which cards
    lay on the table (the settebello?), which the viewer still held and what each side had
    taken could not be read from it."""
    text = "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\nAda: 3H\n"
    code, out, err = run_live([*SCOPA_YOU, "--save", str(tmp_path / "h.yaml")], text)
    assert code == 0, err
    after_first = out.split("Table: 4H QD\nYour cards: AS 7H\n", 1)
    assert len(after_first) == 2, out
    assert after_first[1].startswith(
        "Captured: You 3 cards, 1 denaro, 0 scope, the settebello; Ada 0 cards, 0 denari, 0 scope."
    )
    assert "Table: 3H 4H QD\nYour cards: AS 7H\n" in out


def test_a_deal_typed_before_the_table_is_refused_as_such(tmp_path: Path) -> None:
    """Live audit (stop 48): "deal 2C" at the table's prompt was read as a table of one card
    ("the table starts with 4 cards in scopa, not 1")."""
    code, _out, err = run_live(
        [*SCOPA_YOU, "--save", str(tmp_path / "h.yaml"), "--quiet"], "deal 2C\n2C 4H 5S QD\n"
    )
    assert code == 1
    assert "line 1: no deal is due: the opening table (4 cards) comes first" in err, err


def test_output_that_is_gone_stops_the_session_out_loud(tmp_path: Path) -> None:
    """Live audit (stop 48): with its reader gone (``| head -1``) the session stopped at once
    with exit 0 and no word: the lines still to read were dropped in silence, and no line
    said where the hand was saved or how to go on."""
    save = tmp_path / "h.yaml"
    # no reader: the first board cannot be written
    typed = "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\nAda: 3H\n"
    code, err = with_output_closed(["live", *SCOPA_YOU, "--save", str(save)], typed, tmp_path)
    assert code == 74, err
    assert "tutor: the output was closed: the session stops here" in err
    assert f"saved to {save}" in err and f"continue with: tutor live --resume {save}" in err
    assert "Traceback" not in err


def test_the_board_after_the_last_play_of_a_scopa_deal(tmp_path: Path) -> None:
    """Live audit (stop 48): after the last play of each scopa deal the JSON's analysis was
    null and 'board' answered "the board comes once your cards are in": an opponent's capture
    at the end of a deal stayed off the board until the next cards were typed."""
    lines, _plays = scripted_hand("scopa", 5, 0, ["You", "Ada"])
    text = "\n".join(lines[:8]) + "\nboard\n"  # the table, a deal of three plays each, board
    rows = [
        json.loads(line)
        for line in run_live(
            [*SCOPA_YOU, "--quiet", "--json", "--save", str(tmp_path / "h.yaml")], text
        )[1].splitlines()
    ]
    last, shown = rows[-2], rows[-1]
    assert last["entry"] == "play" and last["next"].startswith("deal 2"), last
    assert last["analysis"] is not None and last["analysis"]["at"] == 6
    assert shown["entry"] == "board" and shown["analysis"] == last["analysis"]


def test_the_intro_and_help_of_a_ruleset_with_no_opening_table_ask_for_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Live audit (stop 48): scopone-classico lays no table, yet the session opened with "the
    opening table (2C 4H 5S QD), your cards ..." and help listed the table's line."""
    s = LiveSession.new("scopone-classico", ["You", "Ada", "Bruno", "Carla"], "You", "french", None)
    monkeypatch.setattr(sys, "stdin", FakeTerminal(["help"]))
    cli_live._run_live(s, quiet=True, json_out=False)
    err = capsys.readouterr().err
    assert err.startswith("Type the hand one line at a time"), err
    assert "your cards (7D 7H AS), then each play" in err
    assert "opening table" not in err, err


def _match_lines() -> tuple[list[str], list[str]]:
    """Two scopa hands as You types them: You lead the first, Ada the second."""
    first, _p = scripted_hand("scopa", 5, 0, ["You", "Ada"])
    second, _q = scripted_hand("scopa", 6, 1, ["Ada", "You"])
    return first, second


def test_a_match_is_typed_in_hand_after_hand_into_one_file(tmp_path: Path) -> None:
    """Live audit (stop 48): live recorded one hand; a match had to be typed as separate files
    with the players rotated by hand and joined with '---'. 'deal' at the end of a hand now
    starts the next in the same file (the deal passes to the right), and the match's score
    is shown."""
    first, second = _match_lines()
    save = tmp_path / "match.yaml"
    text = "\n".join([*first, "deal", *second]) + "\n"
    code, out, err = run_live([*SCOPA_YOU, "--save", str(save), "--quiet"], text)
    assert code == 0, err
    assert "hand 2: you deal, Ada leads" in err
    assert "The match, to 11" in out
    hands = load_path(save)
    assert [h.players for h in hands] == [["You", "Ada"], ["Ada", "You"]]
    assert all(h.final_state().is_over() for h in hands)
    replay = run("replay", str(save))
    assert replay.exit_code == 0 and "The match, to 11" in replay.stdout


def test_the_json_of_a_matchs_second_hand_is_tracks_of_hand_2(tmp_path: Path) -> None:
    """Live audit (stop 56): every analysis of hand 2 said "hand": 1; track --hand 2 says 2."""
    first, second = _match_lines()
    save = tmp_path / "match.yaml"
    text = "\n".join([*first, "deal", *second]) + "\n"
    code, out, err = run_live([*SCOPA_YOU, "--save", str(save), "--json"], text)
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    start = [o["entry"] for o in lines].index("hand")
    assert {o["analysis"]["hand"] for o in lines[:start] if o["analysis"]} == {1}
    later = [o for o in lines[start:] if o["analysis"] and o["entry"] == "play"]
    assert later and {o["analysis"]["hand"] for o in later} == {2}
    last = later[-2]
    tracked = run("track", str(save), "--as", "You", "--hand", "2", "--at", str(last["plays"]),
                  "--json")  # fmt: skip
    assert tracked.exit_code == 0, tracked.output
    want = json.loads(tracked.stdout)
    assert last["analysis"] | {"total_plays": want["total_plays"]} == want


def test_a_match_resumed_goes_on_with_its_last_hand_and_undo_crosses_back(
    tmp_path: Path,
) -> None:
    first, second = _match_lines()
    save = tmp_path / "match.yaml"
    text = "\n".join([*first, "deal", *second[:4]]) + "\n"
    code, _out, err = run_live([*SCOPA_YOU, "--save", str(save), "--quiet"], text)
    assert code == 0, err
    # resumed: hand 2 goes on where it stopped, hand 1 kept
    code, _out, err = run_live(["--resume", str(save), "--quiet"], "\n".join(second[4:]) + "\n")
    assert code == 0, err
    assert [len(h.plays) for h in load_path(save)] == [36, 36]
    # undo takes back hand 2 entry by entry, then the new hand itself
    undos = 36 + 6 + 1 + 1  # its plays, your six deals, its table, the new hand
    code, _out, err = run_live(["--resume", str(save), "--quiet"], "undo\n" * undos)
    assert code == 0, err
    assert "undone: the new hand" in err
    [only] = load_path(save)
    assert only.players == ["You", "Ada"] and len(only.plays) == 36


def test_a_note_typed_after_a_play_is_kept_in_the_record(tmp_path: Path) -> None:
    """Live audit (stop 48): lines starting with # are skipped, and nothing else could carry a
    note, though records keep a note on every play: the words after " #" are now the play's
    note, in the file and in the replay."""
    save = tmp_path / "h.yaml"
    text = "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S  # the settebello, and 2 + 5\nAda: 3H #\n"
    code, _out, err = run_live([*SCOPA_YOU, "--save", str(save), "--quiet"], text)
    assert code == 0, err
    plays = load_path(save)[0].plays
    assert [(p.text, p.note) for p in plays] == [
        ("7D x 2C 5S", "the settebello, and 2 + 5"),
        ("3H", None),
    ]
    assert "the settebello, and 2 + 5" in run("replay", str(save)).stdout


def test_a_play_mistyped_earlier_is_put_right_with_fix(tmp_path: Path) -> None:
    """Live audit (stop 48): a card mistyped ten plays back meant undoing ten plays and typing
    them again. 'fix N PLAY' puts play N right and keeps the plays after it, when the hand
    still holds together; when it does not, nothing changes and the message says why."""
    save = tmp_path / "h.yaml"
    text = (
        "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\nAda: 3H\nAS\n"
        "fix 2 Ada: 3S\n"  # Ada's play was 3S, not 3H
        "fix 1 AS\n"  # AS is played at play 3: refused, the hand unchanged
        "fix 2 You: 3S\n"  # play 2 was Ada's
        "fix 7 3H\n"
    )
    code, _out, err = run_live([*SCOPA_YOU, "--save", str(save), "--quiet"], text)
    assert code == 1, err
    assert "play 2: Ada: 3S (was 3H)" in err
    # the play that would no longer fit named with its player (practice audit, stop 51)
    assert (
        "line 7: play 1 cannot be AS: play 3 (You: AS) would no longer fit: You cannot play AS: "
        "it was already played by You at play 1\n" in err
    )
    assert "line 8: play 2 was Ada's, not You's" in err
    assert "line 9: there is no play 7: 3 plays so far" in err
    assert [p.text for p in load_path(save)[0].plays] == ["7D x 2C 5S", "3S", "AS"]


def test_fix_reads_a_play_as_a_play_is_read(tmp_path: Path) -> None:
    """Code review (stop 48): ``fix`` read its play by a copy of the play reader that had
    drifted: a note ("fix 2 3S # she had it") was read as part of the card, and a play of
    Ada's fixed to a card in the viewer's hand, or one of the viewer's to a card they did not
    hold, was refused only by the record, in its words. Now one reader serves both."""
    save = tmp_path / "h.yaml"
    text = (
        "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\nAda: 3H # a guess\nAS\n"
        "fix 2 Ada: 7H\n"  # 7H is in your hand
        "fix 3 KC\n"  # play 3 was yours, and you never held KC
        "fix 2 3S # she had it, I saw it\n"
    )
    code, _out, err = run_live([*SCOPA_YOU, "--save", str(save), "--quiet"], text)
    assert code == 1, err
    assert "line 6: play 2: Ada cannot have played 7H: it was in your hand" in err, err
    assert "line 7: play 3 was yours, and you did not hold KC; your cards then: AS 7H" in err, err
    assert "play 2: Ada: 3S (was 3H)" in err, err
    plays = load_path(save)[0].plays
    assert [(p.text, p.note) for p in plays] == [
        ("7D x 2C 5S", None),
        ("3S", "she had it, I saw it"),
        ("AS", None),
    ]


def test_a_name_too_long_to_read_back_is_refused(tmp_path: Path) -> None:
    """Found by a fuzzer (stop 48): a player named with 1,100 characters was taken, and the
    save then did not read back (YAML reads no mapping key over 1,024 characters: "not valid
    YAML: expected ','"). A name is at most 500 characters, in live and in a record."""
    long = "Z" * 501
    code, _out, err = run_live(
        ["-r", "scopa", "-p", f"{long},Ada", "--as", "Ada", "--save", str(tmp_path / "h.yaml")],
        "2C 4H 5S QD\n",
    )
    assert code == 2 and "a name is at most 500 characters" in err, err
    record = tmp_path / "long.yaml"
    record.write_text(f"ruleset: scopa\nplayers: [{long}, Ada]\ntable: [AD, 2C, 3S, 4B]\n")
    r = run("replay", str(record))
    assert r.exit_code == 3 and f"{record}:2: " in r.stderr and "at most 500" in r.stderr


def test_cards_of_another_decks_notation_are_named_as_such(tmp_path: Path) -> None:
    """Analysis audit (stop 49): a record's cards in the wrong notation got a hint about its
    'deck' key, cards typed into live did not. Output audit (stop 54): in plain text the suits'
    legend shows no glyph, as the cards show none."""
    italian = ["--ruleset", "scopa", "--players", "You,Ada", "--as", "You", "-q"]
    code, _, err = run_live([*italian, "--save", str(tmp_path / "a.yaml")], "2H 4H 5S QD\n")
    assert code == 1
    assert (
        "'2H' is not a card: unknown suit 'H' in italian notation (suits: D denari, C coppe, "
        "S spade, B bastoni); they read as cards in french notation, but this hand writes "
        "its cards in italian notation (chosen with --deck when the session starts)"
    ) in err, err
    # and play says it too (new-user audit, stop 52: there only "unknown suit 'H'")
    played = run("play", "--seed", "3", "-w", "1", "--feedback-time", "0.05", "--save",
                 str(tmp_path / "p.yaml"), input="7H\nquit\n")  # fmt: skip
    assert (
        "'7H' is not a card: unknown suit 'H' in italian notation (suits: D denari, C coppe, "
        "S spade, B bastoni); it reads as a card in french notation, but this hand writes "
        "its cards in italian notation (chosen with --deck when the session starts)"
    ) in played.stderr, played.stderr
    assert "♦" not in err + played.stderr  # and the sessions' help, in plain text, none either
    helped = run("play", "--seed", "3", "--save", str(tmp_path / "q.yaml"), input="help\nquit\n")
    assert "the suits: D denari, C coppe, S spade, B bastoni." in helped.output
    assert "♦" not in helped.output


def test_a_line_after_the_match_is_over_says_the_match_is_over(tmp_path: Path) -> None:
    """Code review (stop 48): the words for a finished hand were written twice (the command's
    and the session's), and the session's said "type deal for the next hand" once the match
    was over too, where deal is refused. Both now come from one place."""
    names = ["You", "Ada"]
    lines: list[str] = []
    for k in range(5):  # these five hands win the match, 11 points
        players = names[k % 2 :] + names[: k % 2]
        hand, _plays = scripted_hand("scopa", 20 + k, players.index("You"), players)
        lines += [*hand, "deal"]
    save = tmp_path / "match.yaml"
    code, _out, err = run_live([*SCOPA_YOU, "--save", str(save), "--quiet"],
                               "\n".join(lines[:-1]) + "\ndeal\nbogus\n")  # fmt: skip
    assert code == 1 and len(load_path(save)) == 5, err
    said = "the match is over: type undo to take back the last play, or quit"
    assert f"line {len(lines)}: {said}" in err and f"line {len(lines) + 1}: {said}" in err, err
    # the viewer is spoken to: it read "You takes the cards left" (stop 50)
    assert "you take the cards left" in err and "You takes" not in err, err


def test_the_trust_line_counts_sweeps_and_the_settebello_apart(tmp_path: Path) -> None:
    """Bug (practice audit, stop 51): Right took the settebello (7B x 7D) and made one scopa,
    and the board said 'Right 80% (took 2)', in Italian 'scope fatte: 2'."""
    text = (
        "7D 6C 3S 6B\nAD 4D 5D 3C 4S 7S 2B CB RB\n5D\n7B x 7D\nFD x 3S 5D\n6D x 6C\n4D\n"
        "RD x 4D 6B\n"
    )
    args = ["--players", "Me,Right,Partner,Left", "--as", "Me", "--save"]
    code, out, _ = run_live([*args, str(tmp_path / "h.yaml")], text)
    assert code == 0
    last = " ".join(out.split("Trust:")[-1].split())
    assert "Right 80% (took 1 sweep, took the settebello)" in last, last
    assert "took 2" not in out


def test_resuming_as_another_seat_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    """Bug (practice audit, stop 51): ``live --resume FILE --as Ada`` on a hand typed as You
    showed 'Your cards: none', listed Ada, the viewer, among the players in doubt, took two
    cards as Ada's whole deal after she had played a third, and saved a record that
    ``replay`` warned about and ``live --resume`` then refused."""
    save = tmp_path / "h.yaml"
    code, _, _ = run_live(
        [*SCOPA_YOU, "-o", str(save), "-q"], "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n"
    )
    assert code == 0
    before = save.read_bytes()
    code, out, err = run_live(["--resume", str(save), "--as", "Ada"], "6H 6S\n")
    assert code == 3 and out == ""
    assert (
        "--as Ada: the file gives the cards of You, not Ada's: a session goes on from the seat "
        "it was typed in" in err
    )
    assert save.read_bytes() == before
    code, _, _ = run_live(["--resume", str(save), "--as", "you"], "Ada: 3H\n")  # any case
    assert code == 0
    assert [p.text for p in load_path(save)[0].plays] == ["7D x 2C 5S", "3H"]


def test_the_score_names_the_players_as_the_match_table_does(tmp_path: Path) -> None:
    """Bug (practice audit, stop 51): with the players Tu,Ada in English, the hand's score was
    headed 'Tu' and the match table below it 'You' (a file's Tu is the seat You). Both now
    show the names as the language of the run reads them, as replay does."""
    lines, _plays = scripted_hand("scopa", 8, 0, ["Tu", "Ada"])
    args = ["-r", "scopa", "-p", "Tu,Ada", "--as", "Tu", "--deck", "french", "-q", "-o"]
    code, out, _ = run_live([*args, str(tmp_path / "h.yaml")], "\n".join(lines) + "\n")
    assert code == 0
    head = next(line for line in out.splitlines() if line.startswith("category"))
    assert sorted(head.split()[1::2]) == ["Ada", "You"], head


def test_the_board_names_the_seats_as_track_does(tmp_path: Path) -> None:
    """Live audit (stop 56): in Italian the prompts said Ovest and the board's rows, tells and
    trust said West; the board names the seats as the run's language reads them, as track
    does (an Italian file's Ovest is West in English), and the JSON keeps them as written."""
    lines, _plays = scripted_hand("scopa", 8, 0, ["Ada", "Ovest"])
    args = ["-r", "scopa", "-p", "Ada,Ovest", "--as", "Ada", "--deck", "french", "-o"]
    text = "\n".join(lines[:6]) + "\n"
    code, out, err = run_live([*args, str(tmp_path / "h.yaml")], text)
    assert code == 0, err
    rows = [line.split()[0] for line in out.splitlines() if line.count("%") == 10]
    assert rows and set(rows) == {"West"}, out
    assert "Ovest" not in out
    tracked = run("track", str(tmp_path / "h.yaml"), "--as", "Ada")
    assert "West" in tracked.stdout and "Ovest" not in tracked.stdout
    code, out, err = run_live([*args, str(tmp_path / "j.yaml"), "--json"], text)
    assert code == 0, err
    last = json.loads(out.splitlines()[-1])["analysis"]
    assert "Ovest" in json.dumps(last) and "West" not in json.dumps(last)


def test_resuming_a_file_with_comments_says_they_will_not_be_kept(tmp_path: Path) -> None:
    """Store audit (stop 52): a '# my notes' line added to a saved hand was gone after the
    resumed session saved, without a word. It is said now, with the line, unless --save keeps
    the file as it is."""
    save = tmp_path / "h.yaml"
    code, _out, err = run_live([*SCOPA_YOU, "-q", "--save", str(save)], "2C 4H 5S QD\n7D 7H AS\n")
    assert code == 0, err
    text = save.read_text(encoding="utf-8")
    save.write_text(text + "# my notes: Ada looked unsure\n", encoding="utf-8")
    line = len(text.splitlines()) + 1
    code, _out, err = run_live(["--resume", str(save), "-q"], "7D x 2C 5S\n")
    assert code == 0, err
    assert f"tutor: {save}:{line}: the file's comments (lines starting with #) are not kept" in err
    assert "# my notes" not in save.read_text(encoding="utf-8")  # as said
    other = tmp_path / "other.yaml"
    save.write_text(text + "# my notes\n", encoding="utf-8")
    code, _out, err = run_live(["--resume", str(save), "--save", str(other), "-q"], "")
    assert code == 0, err
    assert "comments" not in err and "# my notes" in save.read_text(encoding="utf-8")


def test_the_help_lists_every_word_the_session_takes() -> None:
    """English audit (stop 52): live's in-session help listed fix, a play's note and the next
    hand's deal, which live --help left out."""
    from tutor.training.live import LIVE_COMMANDS

    shown = invoke(["live", "--help"], "")[1]
    terms = {line.split()[0] for line in shown.splitlines() if line.startswith("    ")}
    assert set(LIVE_COMMANDS) | {"deal"} <= terms, terms
    assert "    3H # ..." in shown


def test_a_capture_typed_the_wrong_way_round_gets_the_play_it_meant(tmp_path: Path) -> None:
    """New-user audit (stop 52): "CB x CS" typed for "CS x CB" (the card taken first) said only
    that CB is not in the hand; the play meant is named now, when it is a legal one."""
    args = [*SCOPA_YOU, "-q", "--save", str(tmp_path / "a.yaml")]
    code, _out, err = run_live(args, "2C 4H 5S QD\n7D 7H QS\nQD x QS\n4H x 7H\n")
    assert code == 1
    [swapped, not_legal] = [x for x in err.splitlines() if "you do not hold" in x]
    assert swapped.endswith("your cards: 7D 7H QS; did you mean QS x QD?"), swapped
    assert "did you mean" not in not_legal  # 7H cannot take 4H: no play to offer
