"""``tutor play`` on the command line: a scripted game, usage, a kill and --resume, a terminal."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from helpers import ROOT, quick_session, rule_moves, run

from tutor.records.recordfile import load_path


def test_a_scripted_game_runs_to_the_end_with_feedback_and_a_review(tmp_path: Path) -> None:
    """The acceptance test: tutor play --seed 3 < moves.txt, at the default settings."""
    moves = rule_moves("scopone-scientifico", 3, "italian")
    assert len(moves) == 9
    script = ["board", "ZZ", moves[0], "undo", *moves]
    (tmp_path / "moves.txt").write_text("\n".join(script) + "\n")
    save = tmp_path / "game.yaml"
    result = run("play", "--seed", "3", "--save", str(save),
                 input=(tmp_path / "moves.txt").read_text())  # fmt: skip
    # the rejected ZZ: a script sees its typo (it was 0, where live gives 1)
    assert result.exit_code == 1, result.output
    assert result.stderr.endswith("tutor: 1 line was rejected (exit code 1)\n")
    out = result.stdout
    assert out.count("   tutor: ") == 10  # after each of your plays, the undone one too
    assert "Unmatched" in out
    assert "tutor: line 2: 'ZZ' is not a card" in result.stderr
    assert "undone: play 1" in out
    assert "Hand 1 is over." in out and "Score of the hand" in out
    assert "Review: " in out and "Summary" in out and "Next hand?" in out
    assert f"tutor: continue with: tutor play --resume {save}" in result.stderr
    [rec] = load_path(save)
    assert rec.is_finished() and rec.game is not None and rec.game.seed == 3
    assert all(len(d[p]) == 9 for d in rec.deals for p in rec.players)
    replayed = run("replay", str(save))
    assert replayed.exit_code == 0 and "Score of the hand" in replayed.stdout
    reviewed = run("review", str(save), "--samples", "8", "--time", "0.2", "--workers", "1",
                   "--json")  # fmt: skip
    assert reviewed.exit_code == 0, reviewed.output
    decisions = json.loads(reviewed.stdout)["decisions"]
    assert [d["player"] for d in decisions] == ["You"] * 9  # the person, by default


def test_cli_usage_errors(tmp_path: Path) -> None:
    taken = tmp_path / "taken.yaml"
    taken.write_text("x")
    for args, fragment in [
        (["--hints", "maybe"], "choose one of ask, on, off"),
        (["--opponents", "wizard"], "unknown player 'wizard'"),
        (["--seat", "5"], "seat 5: scopone-scientifico has seats 1 to 4"),
        (["--save", str(taken)], "already exists"),
    ]:
        result = run("play", *args, input="")
        assert result.exit_code == 2, (args, result.output)
        assert fragment in result.output, (args, result.output)
        # bug: a drawn seed was announced before the usage error, as if a game had begun
        assert "deals the same game" not in result.output, (args, result.output)
    bad = run("play", "--resume", str(tmp_path / "missing.yaml"))
    assert bad.exit_code == 3 and "missing.yaml" in bad.stderr


def _wait_for_plays(path: Path, n: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if len(load_path(path)[0].plays) >= n and not [
                p for p in path.parent.iterdir() if p.name.endswith(".tmp")
            ]:
                return
        except Exception:  # not written yet
            pass
        time.sleep(0.05)
    raise AssertionError(f"{path} never reached {n} plays")


def test_kill_mid_hand_then_resume(tmp_path: Path) -> None:
    """A real process killed with SIGKILL mid-hand: every play is saved; --resume goes on."""
    moves = rule_moves("scopa", 9, "french")
    save = tmp_path / "game.yaml"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tutor", "play", "--ruleset", "scopa", "--seed", "9", "--deck",
         "french", "--save", str(save), "--no-board", "--feedback-time", "0.05", "-w", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        cwd=tmp_path, env=env, text=True,
    )  # fmt: skip
    assert proc.stdin is not None
    for m in moves[:5]:
        proc.stdin.write(m + "\n")
    proc.stdin.flush()
    _wait_for_plays(save, 10)  # five of yours, five replies: You lead
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    [rec] = load_path(save)
    assert len(rec.plays) == 10
    result = run("play", "--resume", str(save), "--no-board", "--feedback-time", "0.05",
                 "-w", "1", input="\n".join(moves[5:]) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "resuming" in result.stderr and "10 plays so far" in result.stderr
    [rec] = load_path(save)
    whole = quick_session("scopa", 9, board=False)
    whole.start()
    for m in moves:
        whole.enter(m)
    assert [p.text for p in rec.plays] == [p.text for p in whole.record.plays]
    assert rec.is_finished() and all(
        p.note for p, n in zip(rec.plays, range(36), strict=True) if n % 2 == 0
    )  # every play of yours has its note, those judged after the kill too
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def _read_until(fd: int, pattern: bytes, timeout: float = 60) -> bytes:
    out = b""
    deadline = time.monotonic() + timeout
    while pattern not in out:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {pattern!r} in {out[-2000:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out


def _play_on_a_terminal(where: Path, *args: str) -> tuple[int, int]:
    """``tutor play --seed 3 -w 1 ARGS`` on a pseudo-terminal, in colour: its pid and the
    terminal's file descriptor."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS="120", LINES="50")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game on the terminal
        os.chdir(where)
        os.execve(sys.executable, [sys.executable, "-m", "tutor", "play", "--seed", "3", "-w",
                  "1", *args], env)  # fmt: skip
    return pid, fd


def _ended(pid: int, fd: int) -> int:
    """The exit code of the game on the terminal, killed after ten seconds if a failed check
    left it waiting for a line."""
    deadline = time.monotonic() + 10
    done, status = os.waitpid(pid, os.WNOHANG)
    while not done and time.monotonic() < deadline:
        time.sleep(0.1)
        done, status = os.waitpid(pid, os.WNOHANG)
    if not done:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status)


def test_a_person_at_a_terminal_sees_the_board_in_colour(tmp_path: Path) -> None:
    """A pseudo-terminal: prompts, glyphs and colours, a few plays typed as a person would."""
    moves = rule_moves("scopa", 3, "french")
    save = tmp_path / "game.yaml"
    pid, fd = _play_on_a_terminal(tmp_path, "--ruleset", "scopa", "--deck", "french",
                                  "--save", str(save), "--feedback-time", "0.1")  # fmt: skip
    try:
        screen = _read_until(fd, b"play 1> ")
        assert b"\x1b[" in screen  # colours
        assert "♦".encode() in screen or "♥".encode() in screen or "♠".encode() in screen
        assert b"Unmatched" in screen and b"Your cards" in screen
        assert b"hint" in screen  # the commands are shown at the start
        os.write(fd, b"XX\r")
        assert b"'XX' is not a card" in _read_until(fd, b"play 1> ")
        os.write(fd, moves[0].encode() + b"\r")
        screen = _read_until(fd, b"play 3> ")
        assert b"tutor: " in screen and b"Hand 1, play 3" in screen
        os.write(fd, moves[1].encode() + b"\r")
        _read_until(fd, b"play 5> ")
        os.write(fd, b"quit\r")
        screen = _read_until(fd, b"go on with")
    finally:
        code = _ended(pid, fd)
    assert code == 0
    assert len(load_path(save)[0].plays) == 4


def test_a_help_stopped_by_ctrl_c_says_so_on_a_line_of_its_own(tmp_path: Path) -> None:
    """Audit (stop 49): Ctrl-C during ``explain`` at a terminal read "^Cexplain stopped
    (Ctrl-C); the game goes on", the message run on after the ^C the terminal echoed."""
    pid, fd = _play_on_a_terminal(tmp_path, "--save", str(tmp_path / "game.yaml"))
    try:
        _read_until(fd, b"play 1> ")
        os.write(fd, b"explain\r")
        _read_until(fd, b"explain\r\n")
        time.sleep(0.4)  # explain samples for 1.5 s
        os.write(fd, b"\x03")
        screen = _read_until(fd, b"play 1> ")
        assert b"explain stopped (Ctrl-C); the game goes on" in screen, screen
        assert b"^C\r\nexplain stopped" in screen, screen
        os.write(fd, b"quit\r")
        _read_until(fd, b"go on with")
    finally:
        code = _ended(pid, fd)
    assert code == 0


def test_ruleset_and_deck_with_resume_are_usage_errors(tmp_path: Path) -> None:
    """Bug (as in live): --ruleset and --deck were silently ignored with --resume. Play audit
    (stop 53): the very options the game began with were refused as well, so the command that
    began it could not be run again with --resume added; they are taken, others refused."""
    saved = str(tmp_path / "game.yaml")
    began = ["--ruleset", "scopa", "--deck", "french", "--opponents", "greedy", "--seed", "4",
             "--seat", "2"]  # fmt: skip
    assert run("play", *began, "--save", saved, input="quit\n").exit_code == 0
    result = run("play", "--resume", saved, *began, input="quit\n")
    assert result.exit_code == 0, result.stderr
    assert "resuming" in result.stderr
    for option, value in (("--ruleset", "scopone-scientifico"), ("--deck", "italian"),
                          ("--opponents", "random"), ("--seed", "5"),
                          ("--seat", "1"),  # input audit (stop 54): it was ignored
                          ("--ruleset", "nope")):  # fmt: skip
        result = run("play", "--resume", saved, option, value)
        assert result.exit_code == 2, result.output
        assert f"{option}: the resumed file says how the game is played" in result.stderr
        assert f"{option}: {option}:" not in result.stderr  # was: the option named twice


def test_a_save_that_could_not_be_written_is_refused_first(tmp_path: Path) -> None:
    """Bug (as in live): a save into a missing folder failed only once the game was under way."""
    target = tmp_path / "missing" / "game.yaml"
    result = run("play", "--seed", "1", "--save", str(target), input="quit\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert f"cannot save to {target}: the folder {target.parent} does not exist" in result.stderr


def test_resume_takes_the_feedback_time(tmp_path: Path, monkeypatch: Any) -> None:
    """``--feedback-time`` counts for a resumed game as for a new one."""
    import tutor.cli.play as cli_play

    save = tmp_path / "game.yaml"
    s = quick_session("scopa", 9, board=False, save_path=save)
    s.start()
    seen: list[float] = []
    monkeypatch.setattr(cli_play, "_run", lambda session: seen.append(session.feedback.time))
    result = run("play", "--resume", str(save), "--no-board", "--feedback-time", "0.05", "-w", "1")
    assert result.exit_code == 0, result.output
    assert seen == [0.05]


def test_a_resumed_save_must_deal_every_hand_in_full(tmp_path: Path) -> None:
    """Bug: a hand-edited save whose deal gave a computer player too few cards was accepted,
    then crashed (exit 70) when that player had to choose from nothing; one whose deal gave
    the person too few refused every play forever. Refused on load now, with the line."""
    save = tmp_path / "game.yaml"
    quick_session("scopone-scientifico", 1, board=False, save_path=save).start()
    text = save.read_text()
    lines = text.splitlines()

    def line_of(name: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if t.strip(" -").startswith(f"{name}:"))

    def edit(name: str, keep: int | None) -> str:
        row = lines[line_of(name) - 1]
        if keep is None:
            return text.replace(row + "\n", "")
        cards = row.split("[")[1].rstrip("]").split(", ")[:keep]
        return text.replace(row, row.split(":")[0] + f": [{', '.join(cards)}]")

    right, person = "Right", "You"
    for edited, fragment in [
        (edit(right, 2), f"game.yaml:{line_of(right)}: deal 1: Right is given 2 cards of 9"),
        (edit(person, 3), f"game.yaml:{line_of(person)}: deal 1: you are given 3 cards of 9"),
        (edit("Partner", None), "deal 1: no cards are given to Partner"),
    ]:
        save.write_text(edited)
        result = run("play", "--resume", str(save), "--no-board", "-w", "1", input="7D\nquit\n")
        assert result.exit_code == 3, result.output
        assert fragment in result.stderr, result.stderr
        assert "deals every hand in full" in result.stderr and "Traceback" not in result.output


def test_ctrl_c_while_a_game_is_set_up_says_where_it_is_saved(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Bug: a Ctrl-C while a new game was being set up (its deals saved already) said only
    'interrupted', so the file went unmentioned and the same command was then refused
    ('already exists'). A file name with a space is quoted in the command to go on with."""
    from tutor.training.play import PlaySession

    made = PlaySession.new

    def new_then_ctrl_c(*args: Any, **kwargs: Any) -> Any:
        made(*args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(PlaySession, "new", new_then_ctrl_c)
    save = tmp_path / "my game.yaml"
    result = run("play", "--ruleset", "scopa", "--seed", "3", "--save", str(save), input="")
    assert result.exit_code == 130, result.output
    assert save.exists() and f"saved to {save}" in result.stderr
    assert f"continue with: tutor play --resume '{save}'" in result.stderr


def test_the_sides_are_named_in_words_not_with_an_ampersand(tmp_path: Path) -> None:
    """Found by an audit of the Italian: "Squadre: Tu & Compagno contro Destra & Sinistra"; a
    side a person reads is its players joined in words. Files and JSON keep the '&'."""
    save = tmp_path / "g.yaml"
    it = run("--lang", "it", "play", "--seed", "3", "--save", str(save), input="esci\n")
    assert "Squadre: Tu e Compagno contro Destra e Sinistra." in it.stdout, it.stdout
    en = run("play", "--seed", "3", "--save", str(tmp_path / "e.yaml"), input="quit\n")
    assert "Sides: You and Partner v Right and Left." in en.stdout, en.stdout
    assert "&" not in it.stdout + en.stdout
    [record] = load_path(save)
    assert record.team_names() == ["Tu & Compagno", "Destra & Sinistra"]


def test_an_unknown_computer_player_in_a_save_is_named_with_its_line(tmp_path: Path) -> None:
    """Found by the stop-46 CLI audit: 'game: computer: Ada: unknown player' had no line,
    where the record's other errors name theirs."""
    save = tmp_path / "game.yaml"
    quick_session("scopa", 1, board=False, save_path=save).start()
    text = save.read_text()
    lines = text.splitlines()
    n = next(i for i, t in enumerate(lines, 1) if t.strip().startswith("computer:"))
    name = lines[n - 1].split("{")[1].split(":")[0]
    lines[n - 1] = "  computer: {" + name + ": nobody}"
    save.write_text("\n".join(lines) + "\n")
    r = run("play", "--resume", str(save), input="quit\n")
    assert r.exit_code == 3, r.output
    assert r.stderr.startswith(f"tutor: error: {save}:{n}: game: computer: {name}: unknown player")


def test_the_end_of_a_hand_shows_its_score_once(tmp_path: Path) -> None:
    """The review now ends with the hand's result (stop 48); at the end of a hand of tutor
    play, where the score comes first, it is not shown a second time."""
    moves = rule_moves("scopa", 3, "italian")
    result = run("play", "--ruleset", "scopa", "--seed", "3", "--save", str(tmp_path / "g.yaml"),
                 "--no-board", "--feedback-time", "0.05", "-w", "1",
                 input="\n".join([*moves, "no"]) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Score of the hand") == 1, result.stdout


def test_the_help_says_the_first_look_runs_whatever_the_feedback_time() -> None:
    """Play audit (stop 49): --feedback-time 0.2 gave verdicts of 25 samples in 1.0 s, and the
    help did not say that the first look at 25 deals always runs to its end."""
    from tutor.training.defaults import FEEDBACK_FIRST_ROUND

    shown = " ".join(run("play", "--help").stdout.split())
    assert (
        f"after a first look at {FEEDBACK_FIRST_ROUND} deals that always runs to its end" in shown
    )


def test_the_your_turn_screen_in_play_md_is_the_screen_play_shows(tmp_path: Path) -> None:
    """Docs audit (stop 54): play.md's sample screen was in French letters with no --deck french
    and came from no game one could replay. Its lines are now those of the game it names."""
    doc = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    sample = doc.split("## Your turn\n", 1)[1].split("```\n", 2)[1].splitlines()
    assert sample[-1] == "..."
    result = run("play", "--seed", "3", "--deck", "french", "--save", str(tmp_path / "g.yaml"),
                 "--feedback-time", "0.05", "-w", "1", input="KS x KD\nquit\n")  # fmt: skip
    screen = result.stdout.split("\n" + sample[0] + "\n", 1)[1].splitlines()
    assert [sample[0], *screen[: len(sample) - 2]] == sample[:-1]
