"""The engine protocol: the tutor's players and analysis for other programs (``tutor engine``).

A line protocol in the spirit of chess's UCI (``docs/engine.md``): one command a line, one
answer per command, and nothing else on standard output. :class:`Engine` is the protocol
itself as a pure object, line in, lines out; ``tutor engine`` only moves the lines between it
and the standard streams.

========================================  ==================================================
command                                   answer
========================================  ==================================================
(start)                                   ``tutor-engine VERSION`` then ``ready``
``ruleset NAME|PATH``                     ``ok``
``position {JSON}``                       ``ok``: the position after the record's last play
``go [samples K] [time S] [seed N]``      ``info move M value V low L high H [exact]`` for
``[player NAME]``                         every legal move, best first, then ``bestmove M``;
                                          with ``player`` only ``bestmove M``
``isready``                               ``ready``
``quit`` (or the end of the input)        nothing: the engine stops
========================================  ==================================================

A line that cannot be obeyed gets one ``error MESSAGE`` line, and the engine goes on. Moves are
written as record plays, in the position's deck notation.

>>> from tutor.records.recordfile import dumps_json, load_path
>>> e = Engine("0.1.0")
>>> e.banner()
['tutor-engine 0.1.0', 'ready']
>>> hand = load_path("docs/examples/seed003-scopa.yaml")[0].cut(30)
>>> e.handle("position " + dumps_json(hand))
['ok']
>>> e.handle("go")
['info move 4S value 4.00 low 4.00 high 4.00 exact', \
'info move JC x JH value 4.00 low 4.00 high 4.00 exact', \
'info move QC value 4.00 low 4.00 high 4.00 exact', 'bestmove 4S']
>>> e.handle("go player greedy seed 4")
['bestmove JC x JH']
>>> e.handle("go samples zero")
["error go: samples must be a whole number from 1 to 1000000, not 'zero'"]
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from pathlib import Path

from tutor.game.errors import Shown, TutorError
from tutor.game.rules import RulesetError, load_ruleset, names_file
from tutor.game.state import GameState, Move
from tutor.records.record import HandRecord
from tutor.records.recordfile import read_json_object, record_from_json
from tutor.search.defaults import SAMPLES_MAX
from tutor.search.evaluate import evaluate
from tutor.search.players import ChitarrellaPlayer, seat_view
from tutor.search.roster import PlayerError, make_player, written_seconds

__all__ = ["PROTOCOL", "EngineError", "GoOptions", "Engine", "parse_go"]

PROTOCOL = "tutor-engine"
"""The first word of the engine's first line."""

_BLANKS = " \t\r\n"
"""What the ends of a line may carry: spaces, tabs and the line's end (CRLF too)."""
_SEPARATOR = re.compile(r"[ \t]+")


class EngineError(TutorError):
    """A protocol line that cannot be obeyed; the engine answers ``error MESSAGE``."""


@dataclass(frozen=True)
class GoOptions:
    """The options of one ``go``."""

    samples: int | None = None
    time: float | None = None
    seed: int = 0
    player: str | None = None


def parse_go(words: list[str]) -> GoOptions:
    """The options after ``go``: keyword and value pairs, in any order.

    >>> parse_go("samples 50 seed 3".split())
    GoOptions(samples=50, time=None, seed=3, player=None)
    """
    values: dict[str, str] = {}
    k = 0
    while k < len(words):
        key = words[k]
        if key not in ("samples", "time", "seed", "player"):
            raise EngineError(
                f"go: unknown option {key!r} (options: samples K, time SECONDS, seed N, "
                "player NAME)"
            )
        if k + 1 >= len(words):
            raise EngineError(f"go: {key} needs a value")
        if key in values:
            raise EngineError(f"go: {key} is given twice")
        values[key] = words[k + 1]
        k += 2
    samples = None
    if "samples" in values:
        text = values["samples"]
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= SAMPLES_MAX:
            raise EngineError(
                f"go: samples must be a whole number from 1 to {SAMPLES_MAX}, not {Shown(text)!r}"
            )
        samples = int(text)
    limit = None
    if "time" in values:
        text = values["time"]
        limit = written_seconds(text)  # digits as written, as a player's budget
        if math.isnan(limit):
            raise EngineError(f"go: time must be a positive number of seconds, not {Shown(text)!r}")
    seed = 0
    if "seed" in values:
        text = values["seed"]
        # as written, signed as the command line's --seed may be: no 1_000, no other digits
        if not re.fullmatch(r"[-+]?[0-9]{1,100}", text):
            raise EngineError(
                f"go: seed must be a whole number of at most 100 digits, not {Shown(text)!r}"
            )
        seed = int(text)
    player = values.get("player")
    if player is not None and ("samples" in values or "time" in values):
        raise EngineError(  # they would be ignored: a player's budget is in its name
            "go: samples and time do not go with player (a search player takes its seconds "
            "in its name: player search:1)"
        )
    if player is not None:
        try:
            make_player(player)  # a bad name is an error now, not after the search
        except PlayerError as exc:
            raise EngineError(f"go: {exc}") from None
    return GoOptions(samples, limit, seed, player)


def _number(x: float) -> str:
    """A number on an ``info`` line: two decimals, ``inf``/``-inf`` for an open bound."""
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x:.2f}".replace("-0.00", "0.00")  # a bound just below zero: no sign on 0.00


class Engine:
    """The protocol: :meth:`banner` first, then :meth:`handle` for every line read.

    ``workers`` processes sample an analysis (1: this one; None: one per core).
    """

    def __init__(self, version: str, workers: int | None = 1) -> None:
        self.version = version
        self.workers = workers
        self.ruleset: str | None = None
        self.record: HandRecord | None = None
        self.state: GameState | None = None
        self.refused = False
        """Whether the last ``position`` was refused (so there is none)."""
        self.done = False

    def banner(self) -> list[str]:
        """The lines printed at start."""
        return [f"{PROTOCOL} {self.version}", "ready"]

    def handle(self, line: str) -> list[str]:
        """The answer to one line (none to a blank line or ``quit``)."""
        text = line.strip(_BLANKS)
        if not text:
            return []
        # words are separated by spaces or tabs, as docs/engine.md says: no other character
        # (a form feed, a non-breaking space) is taken for one
        word, *more = _SEPARATOR.split(text, 1)
        try:
            return self._command(word, more[0] if more else "")
        except TutorError as exc:
            return ["error " + " ".join(str(exc).split())]
        except (ValueError, OSError, RecursionError, LookupError, TypeError, RuntimeError) as exc:
            # a line the checks above let through, or a worker process killed under it (the
            # pool is made anew for the next go): still one error line, and the engine goes on
            return [f"error internal: {type(exc).__name__}: " + " ".join(str(exc).split())]

    def _command(self, word: str, rest: str) -> list[str]:
        if word in ("quit", "isready") and rest:  # "quit later" must not end the engine
            raise EngineError(f"{word}: takes nothing after it, not {Shown(rest)!r}")
        if word == "quit":
            self.done = True
            return []
        if word == "isready":
            return ["ready"]
        if word == "ruleset":
            return self._ruleset(rest)
        if word == "position":
            return self._position(rest)
        if word == "go":
            options = parse_go(_SEPARATOR.split(rest) if rest else [])
            try:
                return self._go(options)
            except EngineError:
                raise
            except TutorError as exc:  # the analysis's own (two sides only): said as go's
                raise EngineError(f"go: {exc}") from None
        raise EngineError(
            f"unknown command {Shown(word)!r} (commands: ruleset, position, go, isready, quit)"
        )

    def _ruleset(self, name: str) -> list[str]:
        if not name:
            raise EngineError("ruleset: give a ruleset name or a ruleset file")
        try:
            load_ruleset(name)
        except RulesetError as exc:  # named as given
            raise EngineError(f"ruleset: {exc}") from None
        if names_file(name):
            # kept as an absolute path, not resolved: a link to a file named otherwise
            # would lose the .yaml that marks a ruleset file
            name = str(Path(name).absolute())
        self.ruleset = name
        return ["ok"]

    def _position(self, text: str) -> list[str]:
        """A record's own keys as one line of JSON; the position is after its last play."""
        # a refused position leaves none: a go after it must not answer for the one before
        self.record = self.state = None
        self.refused = True
        if not text:
            raise EngineError("position: give the record as one line of JSON")
        data = read_json_object(text, "position")
        if "ruleset" not in data:
            if self.ruleset is None:
                raise EngineError(
                    "position: the record names no ruleset and none was set (ruleset NAME)"
                )
            data["ruleset"] = self.ruleset
        record = record_from_json(data, "position")
        self.record = record
        self.state = record.final_state()
        self.refused = False
        return ["ok"]

    def _go(self, options: GoOptions) -> list[str]:
        if self.state is None or self.record is None:
            if self.refused:
                raise EngineError("go: no position: the last one was refused (send a new one)")
            raise EngineError("go: no position yet (send position {...} first)")
        state = self.state
        style = self.record.style
        if state.is_over():
            raise EngineError(f"go: the hand is over after play {state.ply}: no move to make")
        if state.unknown[state.turn]:
            mover = self.record.players[state.turn]
            raise EngineError(
                f"go: the position does not give the cards of {mover}, the player to move"
            )
        if options.player is not None:
            player = make_player(options.player)
            move = player.choose(seat_view(state), random.Random(options.seed))
            return [f"bestmove {move.text(style)}"]
        ev = evaluate(
            state,
            samples=options.samples,
            time_limit=options.time,
            seed=options.seed,
            workers=self.workers,
            names=self.record.players,
            value_forced=False,  # docs/engine.md: a single legal move is not valued
        )
        result = ev.analysis
        if result.interrupted:
            raise KeyboardInterrupt
        lines = []
        for m in result.moves:
            exact = result.method == "exact" and m.n > 0 and m.low == m.high
            # not valued (the only legal move), or an exact search stopped before proving the
            # value: only its bounds are known, and their middle is no value
            unproven = result.method == "exact" and not exact
            value = _number(m.value) if m.n and not unproven else "nan"
            lines.append(
                f"info move {m.move.text(style)} value {value} low {_number(m.low)} "
                f"high {_number(m.high)}" + (" exact" if exact else "")
            )
        best: Move | None = result.best
        if best is None:  # nothing proven best in time: the rule-based player's choice,
            # unless the bounds proven show another move worth more for sure
            best = ChitarrellaPlayer().choose(seat_view(state), random.Random(options.seed))
            bounds = {m.move: (m.low, m.high) for m in result.moves if m.n}
            floor = max((low for low, _high in bounds.values()), default=-math.inf)
            if best in bounds and bounds[best][1] < floor:
                best = max(bounds, key=lambda move: bounds[move])  # the best proven floor
        lines.append(f"bestmove {best.text(style)}")
        return lines
