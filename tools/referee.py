#!/usr/bin/env python3
"""Referee a hand between two ``tutor engine`` processes (the engine protocol, docs/engine.md).

The referee deals as ``tutor simulate`` does (deal D of a run seeded S), and plays the deal's
games: player A on the leading side, then, with ``--games 2`` (the default), the sides
exchanged, as ``simulate`` plays every deal twice. For each move it sends the engine of the
side to move the position as that seat knows it (``position`` with the mover's own cards only)
and ``go seed N player NAME``, where N is the move's own seed
(``tutor.search.simulate.move_seed(S, D, game, ply)``); it checks the answer against the rules
and plays it. So two engines reproduce ``tutor simulate``'s games move for move:

    python tools/referee.py --ruleset scopa --players chitarrella,greedy --seed 3
    tutor simulate --ruleset scopa --players chitarrella,greedy --hands 1 --seed 3 --json

An engine is any program that speaks the protocol; ``--engine-a`` and ``--engine-b`` give the
command lines (default: this Python running ``-m tutor engine``). The referee itself uses the
tutor library to deal, check and score.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from collections.abc import Sequence
from typing import IO, Any

from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.scoring import hand_points
from tutor.game.state import GameState, Move, MoveError
from tutor.records.record import record_from_moves
from tutor.records.recordfile import dumps_json
from tutor.search.simulate import deal_cards, move_seed


class RefereeError(Exception):
    """An engine that broke the protocol or the rules."""


class EngineProcess:
    """One engine process, spoken to line by line."""

    def __init__(self, command: Sequence[str], name: str) -> None:
        self.name = name
        try:
            self.proc = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except (OSError, ValueError, IndexError) as exc:  # no such program, not executable, none
            raise RefereeError(
                f"cannot start engine {name} ({shlex.join(command)}): {exc}"
            ) from None
        first = self.read()
        if not first.startswith("tutor-engine "):
            raise RefereeError(f"engine {name}: expected 'tutor-engine VERSION', got {first!r}")
        self.expect("ready")

    def send(self, line: str) -> None:
        stdin: IO[str] | None = self.proc.stdin
        assert stdin is not None
        stdin.write(line + "\n")
        stdin.flush()

    def read(self) -> str:
        stdout: IO[str] | None = self.proc.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise RefereeError(f"engine {self.name} stopped (exit code {self.proc.poll()})")
        return line.rstrip("\n")

    def expect(self, answer: str) -> None:
        line = self.read()
        if line != answer:
            raise RefereeError(f"engine {self.name}: expected {answer!r}, got {line!r}")

    def ask(self, line: str) -> str:
        """Send one command and return its one-line answer (``error ...`` is a failure)."""
        self.send(line)
        answer = self.read()
        if answer.startswith("error "):
            raise RefereeError(f"engine {self.name}: {line.split()[0]}: {answer}")
        return answer

    def go(self, line: str) -> str:
        """Send ``go ...`` and return the move of its ``bestmove`` line."""
        self.send(line)
        while True:
            answer = self.read()
            if answer.startswith("bestmove "):
                return answer.removeprefix("bestmove ")
            if answer.startswith("error "):
                raise RefereeError(f"engine {self.name}: {line}: {answer}")
            if not answer.startswith("info "):
                raise RefereeError(f"engine {self.name}: unexpected answer {answer!r}")

    def close(self) -> None:
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        self.proc.wait(timeout=30)


def seat_record_json(
    rules: Ruleset,
    ruleset: str,
    table: int,
    deals: Sequence[Sequence[int]],
    moves: Sequence[Move],
    state: GameState,
    names: Sequence[str],
) -> str:
    """The position as the seat to move knows it: its own cards of the deals dealt so far,
    every play, and no other hand."""
    seat = state.turn
    seen = [
        [mask if s == seat and d < state.deal_index else 0 for s, mask in enumerate(deal)]
        for d, deal in enumerate(deals)
    ]
    record = record_from_moves(rules, table, seen, moves, ruleset_name=ruleset, players=names)
    return dumps_json(record)


def referee_game(
    rules: Ruleset,
    ruleset: str,
    engines: Sequence[EngineProcess],
    specs: Sequence[str],
    seed: int,
    deal: int,
    swapped: bool,
) -> dict[str, Any]:
    """One game of the deal: A on the leading side (B when ``swapped``)."""
    table, deals = deal_cards(rules, seed, deal)
    state = GameState(rules, table, [[(m, 0) for m in d] for d in deals])
    side_player = [1, 0] if swapped else [0, 1]  # who (0: A, 1: B) plays each side
    names = [f"{'AB'[side_player[s % rules.sides]]}{s // rules.sides + 1}"
             for s in range(rules.players)]  # fmt: skip
    moves: list[Move] = []
    game = int(swapped)
    while not state.is_over():
        who = side_player[state.turn % rules.sides]
        engine = engines[who]
        engine.ask("position " + seat_record_json(rules, ruleset, table, deals, moves, state,
                                                  names))  # fmt: skip
        text = engine.go(f"go seed {move_seed(seed, deal, game, state.ply)} player {specs[who]}")
        try:
            move = state.parse_move(text)
            state.check(move)
        except MoveError as exc:
            raise RefereeError(f"engine {engine.name} played {text!r}: {exc}") from None
        state.push(move)
        moves.append(move)
    pts = hand_points(rules, state.captured, state.scope)
    a_side = side_player.index(0)
    return {
        "swapped": swapped,
        "points": [pts[a_side], pts[1 - a_side]],
        "scope": [state.scope[a_side], state.scope[1 - a_side]],
        "plays": [m.text() for m in moves],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", "-r", default="scopone-scientifico")
    parser.add_argument("--players", "-p", default="chitarrella,greedy", help="A,B")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deal", type=int, default=0, help="which deal of the seed (0 first)")
    parser.add_argument("--games", type=int, choices=(1, 2), default=2)
    default = shlex.join([sys.executable, "-m", "tutor", "engine"])
    parser.add_argument("--engine-a", default=default, help="A's engine command line")
    parser.add_argument("--engine-b", default=default, help="B's engine command line")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.players.split(",")]
    if len(specs) != 2:
        parser.error("give two players, A,B")
    try:
        rules = load_ruleset(args.ruleset)
    except TutorError as exc:
        parser.error(f"--ruleset: {exc}")
    if rules.sides != 2:
        parser.error(f"{rules.name} has {rules.sides} sides; the referee pits two")
    engines: list[EngineProcess] = []
    try:
        engines = [
            EngineProcess(shlex.split(args.engine_a), "A"),
            EngineProcess(shlex.split(args.engine_b), "B"),
        ]
        for e in engines:
            e.ask(f"ruleset {args.ruleset}")
        games = [
            referee_game(rules, args.ruleset, engines, specs, args.seed, args.deal, swapped)
            for swapped in (False, True)[: args.games]
        ]
    except RefereeError as exc:
        sys.stderr.write(f"referee: {exc}\n")
        return 1
    finally:
        for e in engines:
            e.close()
    result = {
        "ruleset": rules.name,
        "players": specs,
        "seed": args.seed,
        "deal": args.deal,
        "games": games,
    }
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
        return 0
    for g in games:
        sys.stdout.write(game_line(args.deal, specs, g) + "\n")
    return 0


def game_line(deal: int, specs: list[str], game: dict[str, Any]) -> str:
    """One game in words: ``deal 0, greedy leading: A (chitarrella) 1 point, B (greedy) 4; ...``."""
    lead = specs[1] if game["swapped"] else specs[0]
    a, b = game["points"]
    unit = "point" if a == 1 else "points"
    return (
        f"deal {deal}, {lead} leading: A ({specs[0]}) {a} {unit}, B ({specs[1]}) {b}; "
        f"scope {game['scope'][0]}-{game['scope'][1]}; {len(game['plays'])} plays"
    )


if __name__ == "__main__":
    sys.exit(main())
