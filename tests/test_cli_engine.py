"""``tutor engine`` driven through a pipe by another process, and two engines refereed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, SEED003

from tutor import __version__
from tutor.game.rules import load_ruleset
from tutor.game.state import Move
from tutor.records.recordfile import dumps_json, load_path
from tutor.search.simulate import play_game, simulate

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
INFO = re.compile(
    r"info move (?P<move>\S+(?: x(?: \S+)+)?) value (?P<value>-?[\d.]+|nan) "
    r"low (?P<low>-?[\d.]+|-?inf) high (?P<high>-?[\d.]+|-?inf)(?P<exact> exact)?"
)


def seat_json(path: Path, cut: int) -> str:
    """The hand cut after ``cut`` plays, as the player to move knows it (only their cards)."""
    record = load_path(path)[0].cut(cut)
    mover = record.players[record.state_at(cut).turn]
    data = json.loads(dumps_json(record))
    data["deals"] = [{mover: d[mover]} for d in data["deals"] if mover in d]
    return json.dumps(data)


class Pipe:
    """A ``tutor engine`` process spoken to line by line, as another program would."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tutor", "engine", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=ENV, bufsize=1,
        )  # fmt: skip

    def line(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().rstrip("\n")

    def say(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def ask(self, text: str) -> list[str]:
        """One command and its whole answer (up to ``bestmove`` for a go)."""
        self.say(text)
        out = [self.line()]
        while out[-1].startswith("info "):
            out.append(self.line())
        return out


def test_the_protocol_through_a_pipe_from_another_process() -> None:
    engine = Pipe("--workers", "1")
    try:
        assert engine.line() == f"tutor-engine {__version__}"
        assert engine.line() == "ready"
        assert engine.ask("isready") == ["ready"]
        assert engine.ask("ruleset scopa") == ["ok"]
        # before any position, go is a mistake the engine survives
        [answer] = engine.ask("go")
        assert answer.startswith("error go: no position")
        assert engine.ask("position " + seat_json(SEED003, 2)) == ["ok"]
        answer = engine.ask("go samples 12 seed 1")
        infos = [INFO.fullmatch(line) for line in answer[:-1]]
        assert all(infos) and answer[-1].startswith("bestmove ")
        moves = [m["move"] for m in infos if m]
        legal = load_path(SEED003)[0].state_at(2).legal_moves()
        assert sorted(moves) == sorted(m.text("french") for m in legal)  # each legal move once
        values = [float(m["value"]) for m in infos if m]
        assert values == sorted(values, reverse=True)  # best first
        assert answer[-1] == f"bestmove {moves[0]}"
        assert not any(m["exact"] for m in infos if m)  # sampled: Ada's cards are hidden
        again = engine.ask("go samples 12 seed 1")
        assert again == answer  # the same seed, the same answer
        assert engine.ask("go player chitarrella seed 2")[0].startswith("bestmove ")
        for bad, fragment in [
            ("go samples -3", "samples must be a whole number"),
            ("go time fast", "time must be a positive number"),
            ("go player wizard", "unknown player 'wizard'"),
            ("go depth 3", "unknown option 'depth'"),
            ("position {not json", "not valid JSON"),
            ('position {"ruleset": "scopa", "players": ["A"]}', "is for 2 players"),
            ("ruleset nowhere", "unknown ruleset"),
            ("castle", "unknown command 'castle'"),
        ]:
            [answer] = engine.ask(bad)
            assert answer.startswith("error ") and fragment in answer, (bad, answer)
        # a refused position leaves none (it kept the one before, and go answered for that)
        assert engine.ask("go player greedy") == [
            "error go: no position: the last one was refused (send a new one)"
        ]
        # the last deal is exact: every card is known by the record given
        full = dumps_json(load_path(SEED003)[0].cut(30))
        assert engine.ask("position " + full) == ["ok"]
        answer = engine.ask("go")
        assert all(line.endswith(" exact") for line in answer[:-1])
        over = dumps_json(load_path(SEED003)[0])
        assert engine.ask("position " + over) == ["ok"]
        [answer] = engine.ask("go")
        assert answer == "error go: the hand is over after play 36: no move to make"
        engine.say("")  # a blank line is no command: no answer
        engine.say("quit")
        assert engine.proc.wait(timeout=30) == 0
        assert engine.proc.stdout is not None and engine.proc.stdout.read() == ""
    finally:
        engine.proc.kill()


def test_the_end_of_the_input_stops_the_engine() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tutor", "engine"], input="isready\n", capture_output=True,
        text=True, env=ENV, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0
    assert result.stdout.splitlines() == [f"tutor-engine {__version__}", "ready", "ready"]


def test_a_byte_order_mark_before_the_first_command_is_not_part_of_it() -> None:
    """Render and engine audit (stop 47): input piped with a byte-order mark (as some shells
    write it) answered "error unknown command '\\ufeffisready'"; only the first line's is
    dropped, as a mark anywhere else is text."""
    result = subprocess.run(
        [sys.executable, "-m", "tutor", "engine"], input="\ufeffisready\n\ufeffisready\n",
        capture_output=True, text=True, env=ENV, timeout=60, encoding="utf-8",
    )  # fmt: skip
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[:3] == [f"tutor-engine {__version__}", "ready", "ready"]
    assert lines[3].startswith("error unknown command"), lines


@pytest.mark.parametrize(("ruleset", "seed"), [("scopone-scientifico", 3), ("scopa", 5)])
def test_two_engines_play_a_hand_as_simulate_does(ruleset: str, seed: int) -> None:
    """The acceptance test: the referee's games are simulate's, move for move."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools/referee.py"), "--ruleset", ruleset, "--players",
         "chitarrella,greedy", "--seed", str(seed), "--json"],
        capture_output=True, text=True, env=ENV, timeout=240,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    refereed = json.loads(result.stdout)
    sim = simulate(ruleset, ["chitarrella", "greedy"], deals=1, seed=seed)
    assert [(g["swapped"], tuple(g["points"]), tuple(g["scope"])) for g in refereed["games"]] == [
        (o.swapped, o.points, o.scope) for o in sim.outcomes
    ]
    rules = load_ruleset(ruleset)
    for g in refereed["games"]:
        state = play_game(rules, ["chitarrella", "greedy"], seed, 0, g["swapped"])
        assert g["plays"] == [Move(r.card, r.capture).text() for r in state.stack]


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["--ruleset", "nosuch"], 2, "referee.py: error: --ruleset: unknown ruleset 'nosuch'"),
        (["--ruleset", "scopa", "--engine-a", "nosuchprog"], 1,
         "referee: cannot start engine A (nosuchprog): [Errno 2] No such file or directory"),
    ],
)  # fmt: skip
def test_the_referee_says_what_is_wrong_in_one_line(args: list[str], code: int, said: str) -> None:
    """Found by QA: an unknown ruleset or an engine that cannot be started gave a traceback."""
    result = subprocess.run([sys.executable, str(ROOT / "tools/referee.py"), *args],
                            capture_output=True, text=True, env=ENV, timeout=60)  # fmt: skip
    assert result.returncode == code
    assert said in result.stderr and "Traceback" not in result.stderr


def test_the_worked_session_of_the_docs_runs_as_written() -> None:
    """Bug: docs/engine.md showed values the engine no longer gives (2.06 and 1.59 for what it
    answers 2.13 and 1.40). Every ``>`` line of the session is sent; the answers must be the
    ``<`` lines (the search player's pick, from its time budget, is the rule-based player's
    first choice unless the samples clearly prefer another: here they do not)."""
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    session = text.split("## A worked session", 1)[1].split("```", 2)[1]
    sent = [line[2:] for line in session.splitlines() if line.startswith("> ")]
    shown = [line[2:] for line in session.splitlines() if line.startswith("< ")]
    result = subprocess.run(
        [sys.executable, "-m", "tutor", "engine", "--workers", "1"],
        input="\n".join(sent) + "\n", capture_output=True, text=True, env=ENV, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == shown


def test_closed_standard_streams_are_the_end_of_input_or_an_output_error() -> None:
    """Found by QA: an engine started without standard input (<&-) or output (>&-) was an
    internal error (exit 70, "this is a bug"); so was replay --json >&-. No input is the end
    of the input; output that cannot be written is exit 74, as on a full disk."""
    tutor = [sys.executable, "-m", "tutor"]
    closed_in = subprocess.run([*tutor, "engine"], stdin=None, capture_output=True, text=True,
                               env=ENV, pass_fds=(), close_fds=True,
                               preexec_fn=lambda: os.close(0))  # fmt: skip
    assert closed_in.returncode == 0, closed_in.stderr
    assert closed_in.stdout.splitlines() == [f"tutor-engine {__version__}", "ready"]
    for args in (["engine"], ["replay", str(SEED003), "--json"], ["--version"], ["--help"]):
        closed_out = subprocess.run([*tutor, *args], input="isready\n", stdout=None,
                                    stderr=subprocess.PIPE, text=True, env=ENV,
                                    preexec_fn=lambda: os.close(1))  # fmt: skip
        assert closed_out.returncode == 74, closed_out.stderr
        assert closed_out.stderr == (
            "tutor: error: cannot write the output: standard output is closed\n"
        )


def test_ctrl_c_says_interrupted_as_every_command_does() -> None:
    """Found by QA: Ctrl-C ended the engine with exit 130 and nothing on stderr."""
    import signal
    import time

    proc = subprocess.Popen([sys.executable, "-m", "tutor", "engine"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=ENV)  # fmt: skip
    assert proc.stdout is not None and proc.stdout.readline().startswith("tutor-engine")
    proc.stdout.readline()
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and err == "\ntutor: interrupted\n"


def test_a_line_longer_than_a_record_file_may_be_is_not_read() -> None:
    """Found by QA: a 3 MB position line was read and analysed, where the same record as a file
    is refused for its size (2 MB): the engine read any line whole, however long."""
    huge = "position " + "x" * 3_000_000
    result = subprocess.run([sys.executable, "-m", "tutor", "engine"],
                            input=f"{huge}\nisready\n", capture_output=True, text=True, env=ENV,
                            timeout=60)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[2:] == [
        "error the line is longer than 2,097,152 characters: not read",
        "ready",
    ]


def test_a_line_of_exactly_the_most_is_read() -> None:
    """Found by QA: a line of exactly 2,097,152 characters was refused as longer than that
    (its newline was counted)."""
    line = "isready" + " " * (2_097_152 - len("isready"))
    result = subprocess.run([sys.executable, "-m", "tutor", "engine"], input=f"{line}\n",
                            capture_output=True, text=True, env=ENV, timeout=60)  # fmt: skip
    assert result.stdout.splitlines()[2:] == ["ready"], result.stdout[-200:]


def test_the_referee_writes_one_point_in_the_singular() -> None:
    """Found by QA: a game that gave A a single point read "A (greedy) 1 points"."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("referee", ROOT / "tools/referee.py")
    assert spec is not None and spec.loader is not None
    referee = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(referee)
    game = {"swapped": True, "points": [1, 4], "scope": [0, 2], "plays": ["AD"] * 36}
    assert referee.game_line(0, ["chitarrella", "greedy"], game) == (
        "deal 0, greedy leading: A (chitarrella) 1 point, B (greedy) 4; scope 0-2; 36 plays"
    )
    assert "A (chitarrella) 2 points," in referee.game_line(0, ["chitarrella", "greedy"],
                                                            {**game, "points": [2, 4]})  # fmt: skip
