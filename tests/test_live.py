"""``tutor live``: a hand typed in line by line, with mistakes, undo, saving and --resume."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli import app
from tutor.game.cards import format_cards
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.records.recordfile import load_path
from tutor.training.live import LiveError, LiveSession

ROOT = Path(__file__).resolve().parent.parent


def scripted_hand(
    ruleset: str, seed: int, me: int, names: list[str]
) -> tuple[list[str], list[str]]:
    """A random hand as the lines a player at seat ``me`` types, and the plays' texts."""
    rules = load_ruleset(ruleset)
    rng = random.Random(seed)
    full = GameState.random(rules, rng)
    lines = [format_cards(full.table, "french")]
    plays: list[str] = []
    dealt = -1
    while not full.is_over():
        if full.deal_index - 1 != dealt:
            dealt = full.deal_index - 1
            lines.append(("deal " if dealt else "") + format_cards(full.hands[me], "french"))
        moves = full.legal_moves()
        move = moves[rng.randrange(len(moves))]
        who = names[full.turn]
        full.push(move)
        lines.append(f"{who}: {move.text('french')}")
        plays.append(move.text("french"))
    return lines, plays


def test_a_whole_scopa_hand_typed_in(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    lines, plays = scripted_hand("scopa", 1, 1, ["You", "Ada"])
    s = LiveSession.new("scopa", ["You", "Ada"], "Ada", "french", save)
    for line in lines:
        s.enter(line)
        [rec] = load_path(save)  # saved after every entry, and always loadable
        assert len(rec.plays) == len(s.plays)
    assert s.phase() == "over"
    assert [p.text for p in rec.plays] == plays
    assert set(rec.deals[0]) == {"Ada"} and len(rec.deals) == 6
    assert rec.is_finished()


def test_typing_mistakes_are_refused_and_change_nothing(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    bad_start = [
        ("2C 4H 5S", "the table starts with 4 cards in scopa, not 3"),
        ("2C 4H 5S 5S", "5S is named twice in the table"),
        ("KC KH KS 2D", "3 kings on the opening table"),
        ("2C 4H 5S QX", "'QX' is not a card"),
    ]
    for line, message in bad_start:
        with pytest.raises(LiveError, match=message):
            s.enter(line)
    assert not save.exists()
    s.enter("2C 4H 5S QD")
    for line, message in [
        ("7D 7H", "you are dealt 3 cards, not 2"),
        ("7D 7H 2C", "2C cannot be yours: it is on the table"),
    ]:
        with pytest.raises(LiveError, match=message):
            s.enter(line)
    s.enter("7D 7H AS")
    s.enter("7D x 2C 5S")
    before = save.read_text()
    mistakes = [
        ("Ada: 7H", "play 2: Ada cannot play 7H: it is in your hand"),
        ("Ada: 2C", "play 2: Ada cannot play 2C: it was captured at play 1"),
        ("Ada: 4H", "play 2: Ada cannot play 4H: it is on the table"),
        ("Ada: 7D", "play 2: Ada cannot play 7D: it was already played by You at play 1"),
        ("Bea: 3H", "play 2: 'Bea' is not a player"),
        ("You: AS", "play 2: it is Ada's turn, not You's"),
        ("Ada: 4S x QD", "4S x QD is not allowed: .*legal: 4S x 4H"),
        ("Ada: QS x 4H", "QS x 4H is not allowed: .*add up to 4, not 9"),
        ("Ada: 4S x 3H", "3H is not on the table"),
        ("Ada: 1Z", "'1Z' is not a card"),
        ("deal 2D 2H 2S", "no deal is due"),
    ]
    for line, message in mistakes:
        with pytest.raises(LiveError, match=message):
            s.enter(line)
        assert len(s.plays) == 1
        assert save.read_text() == before
    s.enter("Ada: 4S x 4H")
    with pytest.raises(
        LiveError, match="it is your turn and you do not hold 3H; your cards: AS 7H"
    ):
        s.enter("3H")


def test_undo_takes_back_plays_deals_and_the_table(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    with pytest.raises(LiveError, match="nothing to undo"):
        s.enter("undo")
    s.enter("2C 4H 5S QD")
    s.enter("7D 7H AS")
    s.enter("7D x 2C 5S")
    assert s.enter("undo").text == "undone: play 1 (7D x 2C 5S)"
    assert [p.text for p in load_path(save)[0].plays] == []
    assert s.prompt() == "play 1: You"
    assert s.enter("undo").text == "undone: your cards"
    assert s.prompt() == "your cards (3)"
    assert load_path(save)[0].deals == []
    assert s.enter("undo").text == "undone: the table"
    assert s.prompt() == "table (4 cards)" and not save.exists()


def test_scopa_deals_are_asked_for_and_undone(tmp_path: Path) -> None:
    lines, _ = scripted_hand("scopa", 4, 0, ["You", "Ada"])
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", tmp_path / "h.yaml")
    for line in lines[:9]:  # table, deal 1, six plays, deal 2
        s.enter(line)
    assert lines[8].startswith("deal ")
    assert s.prompt() == "play 7: You"
    s.enter("undo")
    assert s.prompt() == "deal 2: your cards (3)"
    s.enter(lines[8].removeprefix("deal "))  # the bare cards work as well
    assert s.prompt() == "play 7: You"


def test_the_board_follows_the_plays(tmp_path: Path) -> None:
    s = LiveSession.new(
        "scopone-scientifico", ["West", "North", "East", "South"], "South", "french"
    )
    s.enter("4D 5C 3D 3H")
    s.enter("6C KD KH 2S 2C 6H 6D JD JH")
    s.enter("West: 3S x 3D")  # leaves 3H 4D 5C = 12
    s.enter("North: 3C x 3H")  # leaves 4D 5C = 9: East could sweep with a 9
    s.enter("East: 7C")
    a = s.analysis()
    assert [(e.seat, e.values) for e in a.inference.active] == [(2, (9,))]
    assert a.board.sweep.sum == 16
    qs = a.to_json()["holdings"]["East"]["QS"]
    # the reading moves the odds a long way, but it is no fact
    assert (qs["status"], qs["reading"], qs["basis"]) == ("may", "cannot", None)
    assert 0 < qs["probability"] < 0.25 < 8 / 24  # 8 of 24 unseen cards on the facts alone


# -- the command line -------------------------------------------------------------------------


def run_live(args: list[str], text: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["live", *args], input=text)
    return result.exit_code, result.stdout, result.stderr


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
    assert code == 0
    assert "tutor: line 4: play 2: Ada cannot play 7H: it is in your hand" in err
    assert "tutor: line 10: play 3: 'ZZ' is not a card" in err
    assert "undone: play 2 (3H)" in err
    assert f"tutor: continue with: tutor live --resume {save}" in err
    assert "Unmatched" in out and "Sweep risk" in out
    assert [p.text for p in load_path(save)[0].plays] == ["7D x 2C 5S", "4S x 4H"]


def test_cli_live_json_lines(tmp_path: Path) -> None:
    save = tmp_path / "h.yaml"
    code, out, _ = run_live(
        [
            "-r",
            "scopa",
            "-p",
            "You,Ada",
            "--as",
            "You",
            "--deck",
            "french",
            "-o",
            str(save),
            "--json",
        ],
        "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n",
    )
    assert code == 0
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["entry"] for o in objs] == ["table", "deal", "play"]
    assert objs[-1]["analysis"]["unmatched"] == [2, 5, 7]
    assert objs[-1]["next"] == "play 2: Ada"


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


def test_resume_keeps_undo_in_order(tmp_path: Path) -> None:
    lines, _ = scripted_hand("scopa", 4, 0, ["You", "Ada"])
    save = tmp_path / "h.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    for line in lines[:10]:
        s.enter(line)
    again = LiveSession.resume(save)
    assert again.entries == s.entries
    assert again.my_name == "You"
    again.enter("undo")
    again.enter("undo")
    assert again.prompt() == "deal 2: your cards (3)"
