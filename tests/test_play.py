"""``tutor play``: a game against the computer, the tutor's feedback, saving, resuming."""

from __future__ import annotations

import os
import pty
import random
import re
import select
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli import app
from tutor.game.cards import format_card
from tutor.records.record import validate_match
from tutor.records.recordfile import load_path
from tutor.render.play import event_view, feedback_view
from tutor.render.terminal import plain_text
from tutor.review.judge import CLASSES, Settings
from tutor.search.players import ChitarrellaPlayer
from tutor.training.defaults import FEEDBACK_TIME, HINT_TIME
from tutor.training.play import (
    FEEDBACK,
    HINT,
    BoardShown,
    Dealt,
    Explained,
    Feedback,
    HandOver,
    Hint,
    Played,
    PlayError,
    PlaySession,
    Quit,
    Turn,
    decision_note,
    table_names,
)

ROOT = Path(__file__).resolve().parent.parent
QUICK = Settings(samples=4, time=0.05, first_round=2)
"""A tiny budget for tests about everything but the quality of the feedback."""
PLAIN_ENV: dict[str, str | None] = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None}
runner = CliRunner()


def quick_session(ruleset: str = "scopa", seed: int = 3, **kw: object) -> PlaySession:
    kw.setdefault("deck", "french")
    return PlaySession.new(ruleset, seed=seed, feedback=QUICK, hint_settings=QUICK,
                           workers=1, **kw)  # type: ignore[arg-type]  # fmt: skip


def rule_moves(ruleset: str, seed: int, style: str, hands: int = 1) -> list[str]:
    """The person's plays of a game where they play as the chitarrella player would."""
    s = quick_session(ruleset, seed, deck=style, board=False)
    s.start()
    player = ChitarrellaPlayer()
    lines: list[str] = []
    while True:
        if s.phase() == "next" and s.hand_number < hands:
            s.enter("yes")
            lines.append("yes")
            continue
        if s.phase() != "play":
            return lines
        lines.append(player.choose(s.turn().view, random.Random(0)).text(style))
        s.enter(lines[-1])


def test_the_budgets_are_the_documented_defaults() -> None:
    assert FEEDBACK.time == FEEDBACK_TIME and HINT.time == HINT_TIME
    assert FEEDBACK.exact_plies < 16  # play-outs first: the feedback must come within a second


def test_names_and_seats() -> None:
    assert table_names(4, 0) == ["You", "Right", "Partner", "Left"]
    assert table_names(4, 2) == ["Partner", "Left", "You", "Right"]
    s = PlaySession.new("scopone-scientifico", seat=4, partner="greedy", opponents="random",
                        seed=1, feedback=QUICK, workers=1)  # fmt: skip
    assert s.players == ["Right", "Partner", "Left", "You"] and s.seat == 3
    assert s.game.computer == {"Right": "random", "Partner": "greedy", "Left": "random"}
    default = quick_session("scopone-scientifico")
    assert set(default.game.computer.values()) == {"chitarrella"}  # a fair game by default


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"seat": 5}, "seat 5: scopone-scientifico has seats 1 to 4"),
        ({"partner": "greedy", "ruleset": "scopa"}, "played without partners"),
        ({"hint_mode": "sometimes"}, "hints 'sometimes'"),
        ({"opponents": "wizard"}, "unknown player 'wizard'"),
    ],
)
def test_a_game_that_cannot_be_set_up(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(PlayError, match=re.escape(fragment)):
        PlaySession.new(**kwargs)  # type: ignore[arg-type]


def test_every_hand_is_known_and_each_play_of_yours_has_a_note(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    s = quick_session("scopa", 4, save_path=save)
    s.start()
    player = ChitarrellaPlayer()
    while s.phase() == "play":
        plays = len(s.record.plays)
        s.enter(player.choose(s.turn().view, random.Random(0)).text("french"))
        [rec] = load_path(save)  # saved after every play, and always loadable
        assert len(rec.plays) > plays
    [rec] = load_path(save)
    assert rec.is_finished() and len(rec.deals) == 6
    assert all(sorted(d) == ["Ada", "You"] and all(len(c) == 3 for c in d.values())
               for d in rec.deals)  # fmt: skip
    assert rec.game is not None and rec.game.computer == {"Ada": "chitarrella"}
    state = rec.initial_state()
    for entry, move in zip(rec.plays, rec.moves(), strict=True):
        if rec.players[state.turn] == "You":
            assert entry.note is not None and entry.note.split(":")[0].rstrip("?") in CLASSES
        else:
            assert entry.note is None
        state.push(move)


def test_ambiguous_or_illegal_input_is_refused_with_the_choices(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    s = quick_session("scopa", 15, save_path=save)  # KS can take 2D JH or 2D JC
    turn = s.start()[-1]
    assert isinstance(turn, Turn)
    before = save.read_text()
    with pytest.raises(PlayError, match=r"KS can capture in 2 ways; say which; legal: "
                       r"KS x 2D JH, KS x 2D JC"):  # fmt: skip
        s.enter("KS")
    with pytest.raises(PlayError, match=r"you do not hold 7D; your cards: AD QS KS"):
        s.enter("7D")  # it is Ada's: the message does not say so
    with pytest.raises(PlayError, match=r"KS x 2C: 2C is not on the table"):
        s.enter("KS x 2C")
    with pytest.raises(PlayError, match=r"KS x 2D: .*legal: KS x 2D JH, KS x 2D JC"):
        s.enter("KS x 2D")
    assert save.read_text() == before and not s.record.plays
    events = s.enter("KS x 2D JC")
    assert [type(e) for e in events][:2] == [Played, Feedback]


def test_undo_takes_back_your_play_and_the_replies(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    s = quick_session("scopone-scientifico", 2, save_path=save, seat=2)
    events = s.start()
    assert [type(e) for e in events] == [Dealt, Played, Turn]  # Left leads, then you
    with pytest.raises(PlayError, match="nothing to undo: you have not played"):
        s.enter("undo")
    move = s.turn().moves[0].text("french")
    first = s.enter(move)
    replies = [e.move for e in first if isinstance(e, Played) and not e.yours]
    assert len(replies) == 3 and len(s.record.plays) == 5
    said = s.enter("undo")
    assert said[0].text == f"undone: play 2 (your {move}) and 3 replies"  # type: ignore[attr-defined]
    assert len(load_path(save)[0].plays) == 1 and isinstance(said[1], Turn)
    again = s.enter(move)  # the computer's plays come from the seed: the same replies
    assert [e.move for e in again if isinstance(e, Played) and not e.yours] == replies


def test_hint_explain_board_help_save_and_quit(tmp_path: Path) -> None:
    s = quick_session("scopa", 3, save_path=tmp_path / "g.yaml")
    s.start()
    [hint] = s.enter("hint")
    assert isinstance(hint, Hint) and hint.move in s.turn().moves
    assert all(r.score for r in hint.rules) and hint.rules[0].maxim
    text = plain_text(*event_view(hint, s.style))
    assert text.startswith("Hint: ") and "chitarrella rules weigh" in text
    [explained] = s.enter("explain")
    assert isinstance(explained, Explained) and len(explained.explanation.moves) == len(
        s.turn().moves
    )
    [board] = s.enter("board")
    assert isinstance(board, BoardShown) and "Unmatched" in plain_text(*event_view(board, s.style))
    assert "hint" in s.enter("help")[0].text  # type: ignore[attr-defined]
    assert s.enter("save")[0].text == f"saved to {tmp_path / 'g.yaml'}"  # type: ignore[attr-defined]
    assert isinstance(s.enter("quit")[0], Quit)
    off = quick_session("scopa", 3, hint_mode="off")
    for word in ("hint", "explain"):
        with pytest.raises(PlayError, match="hints are off"):
            off.enter(word)
    on = quick_session("scopa", 3, hint_mode="on")
    assert isinstance(on.start()[-1], Hint)  # a hint before each of your plays


def test_a_deliberately_missed_scopa_is_named_at_once() -> None:
    """Play on until a sweep is there for you, play something else, and hear about it."""
    player = ChitarrellaPlayer()
    for seed in range(40):
        s = quick_session("scopa", seed, board=False)
        s.start()
        while s.phase() == "play":
            turn = s.turn()
            sweeps = [m for m in turn.moves if m.capture and m.capture == turn.view.table]
            others = [m for m in turn.moves if m not in sweeps]
            if sweeps and others and not turn.view.is_last_play():
                s.feedback = replace(FEEDBACK, seed=seed, workers=1)  # the real budget
                events = s.enter(others[0].text("french"))
                assert isinstance(events[0], Played) and isinstance(events[1], Feedback)
                feedback = events[1]
                said = plain_text(*feedback_view(feedback, s.style))
                assert "missed scopa: " in said, said
                assert said.count("\n") <= 3  # one or two lines (a long one may wrap)
                assert "missed-scopa" in (s.record.plays[events[0].number - 1].note or "")
                return
            s.enter(player.choose(turn.view, random.Random(0)).text("french"))
    pytest.fail("no sweep came up in 40 games")


def test_a_match_runs_to_the_target_with_the_deal_passing_on(tmp_path: Path) -> None:
    save = tmp_path / "match.yaml"
    s = quick_session("scopa", 5, save_path=save, board=False)
    s.start()
    player = ChitarrellaPlayer()
    leaders = []
    overs = []
    while s.phase() != "over":
        if s.phase() == "next":
            with pytest.raises(PlayError, match="type yes for the next hand"):
                s.enter("7D")
            events = s.enter("yes")
            assert isinstance(events[0], Dealt)
            continue
        if not s.record.plays or s.record.plays and len(leaders) < s.hand_number:
            leaders.append(s.players[0])
        events = s.enter(player.choose(s.turn().view, random.Random(0)).text("french"))
        overs += [e for e in events if isinstance(e, HandOver)]
    hands = load_path(save)
    validate_match(hands)
    assert len(hands) == len(overs) >= 2
    assert [h.players[0] for h in hands] == [["You", "Ada"][k % 2] for k in range(len(hands))]
    assert overs[-1].match.match.over and overs[-1].review.players == ["You"]
    with pytest.raises(PlayError, match="the match is over"):
        s.enter("hint")


def test_resume_goes_on_exactly_as_the_game_would_have(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    moves = rule_moves("scopone-scientifico", 6, "french")
    whole = quick_session("scopone-scientifico", 6, save_path=tmp_path / "whole.yaml",
                          board=False)  # fmt: skip
    whole.start()
    for m in moves:
        whole.enter(m)
    part = quick_session("scopone-scientifico", 6, save_path=save, board=False)
    part.start()
    for m in moves[:4]:
        part.enter(m)
    again = PlaySession.resume(save, feedback=QUICK, hint_settings=QUICK, workers=1)
    assert again.state.key() == part.state.key() and again.seat == 0
    assert isinstance(again.start()[-1], Turn)
    for m in moves[4:]:
        again.enter(m)
    assert [p.text for p in load_path(save)[0].plays] == [
        p.text for p in load_path(tmp_path / "whole.yaml")[0].plays
    ]
    # a finished hand resumes at the offer of the next one
    after = PlaySession.resume(save, feedback=QUICK, workers=1)
    assert after.phase() == "next" and isinstance(after.start()[-1], HandOver)
    with pytest.raises(PlayError, match="not a game against the computer"):
        PlaySession.resume(ROOT / "docs/examples/scopone-hand.yaml")


def test_the_note_gives_the_class_first() -> None:
    s = quick_session("scopa", 3)
    s.start()
    events = s.enter(s.turn().moves[0].text("french"))
    feedback = next(e for e in events if isinstance(e, Feedback))
    note = decision_note(feedback.decision, "french")
    assert note.split(":")[0].split(";")[0].rstrip("?") in CLASSES


# -- the command line --------------------------------------------------------------------------


def test_a_scripted_game_runs_to_the_end_with_feedback_and_a_review(tmp_path: Path) -> None:
    """The acceptance test: tutor play --seed 3 < moves.txt, at the default settings."""
    moves = rule_moves("scopone-scientifico", 3, "italian")
    assert len(moves) == 9
    script = ["board", "ZZ", moves[0], "undo", *moves]
    (tmp_path / "moves.txt").write_text("\n".join(script) + "\n")
    save = tmp_path / "game.yaml"
    result = runner.invoke(app, ["play", "--seed", "3", "--save", str(save)],
                           input=(tmp_path / "moves.txt").read_text(), env=PLAIN_ENV)  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("   tutor: ") == 10  # after each of your plays, the undone one too
    assert "Unmatched" in out
    assert "tutor: line 2: 'ZZ' is not a card" in result.stderr
    assert "undone: play 1" in out
    assert "Hand 1 is over." in out and "Score of the hand" in out
    assert "Review: " in out and "Summary" in out and "Next hand?" in out
    assert f"tutor: go on with: tutor play --resume {save}" in result.stderr
    [rec] = load_path(save)
    assert rec.is_finished() and rec.game is not None and rec.game.seed == 3
    assert all(len(d[p]) == 9 for d in rec.deals for p in rec.players)
    replayed = runner.invoke(app, ["replay", str(save)], env=PLAIN_ENV)
    assert replayed.exit_code == 0 and "Score of the hand" in replayed.stdout
    reviewed = runner.invoke(
        app, ["review", str(save), "--samples", "8", "--time", "0.2", "--workers", "1", "--json"]
    )
    assert reviewed.exit_code == 0, reviewed.output
    import json

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
        (["--resume", str(taken), "--seed", "3"], "the resumed file says"),
    ]:
        result = runner.invoke(app, ["play", *args], input="")
        assert result.exit_code == 2, (args, result.output)
        assert fragment in result.output, (args, result.output)
    bad = runner.invoke(app, ["play", "--resume", str(tmp_path / "missing.yaml")])
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
    result = runner.invoke(
        app,
        ["play", "--resume", str(save), "--no-board", "--feedback-time", "0.05", "-w", "1"],
        input="\n".join(moves[5:]) + "\n",
    )
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


def test_a_person_at_a_terminal_sees_the_board_in_colour(tmp_path: Path) -> None:
    """A pseudo-terminal: prompts, glyphs and colours, a few plays typed as a person would."""
    moves = rule_moves("scopa", 3, "french")
    save = tmp_path / "game.yaml"
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS="120", LINES="50")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game on the terminal
        os.chdir(tmp_path)
        os.execve(sys.executable, [sys.executable, "-m", "tutor", "play", "--ruleset", "scopa",
                  "--seed", "3", "--deck", "french", "--save", str(save), "--feedback-time",
                  "0.1", "-w", "1"], env)  # fmt: skip
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
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert len(load_path(save)[0].plays) == 4


def test_the_cards_are_shown_in_the_decks_notation() -> None:
    s = quick_session("scopa", 3, deck="italian")
    turn = s.start()[-1]
    assert isinstance(turn, Turn)
    text = plain_text(*event_view(turn, s.style))
    hand = turn.view.hands[turn.seat]
    line = next(x for x in text.splitlines() if x.startswith("Your cards: "))
    shown = re.sub(r"\(x [^)]*\)", "", line.removeprefix("Your cards: ")).split()
    assert shown == [format_card(c, "italian") for c in range(40) if hand >> c & 1]
