"""``tutor engine``: the engine protocol on standard input and output (``docs/engine.md``)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from tutor import __version__
from tutor.cli.core import (
    EXIT_INTERRUPTED,
    app,
    conversation,
    examples,
    interrupted,
    workers_option,
)
from tutor.game.i18n import set_language
from tutor.game.textfile import MAX_FILE_BYTES
from tutor.render.safe import one_line

ENGINE_HELP = (
    "Speak the engine protocol on standard input and output, so that GUIs, bots and other "
    "engines can use the tutor's players and analysis (docs/engine.md).\n\n"
    "One command a line, one answer per command, nothing else on stdout:\n\n"
    "\b\n"
    "  (start)                 tutor-engine VERSION, then ready\n"
    "  ruleset NAME|PATH       ok\n"
    # each meaning on one line: the help wraps it under itself at any width (audit, stop 52:
    # lines broken by hand were broken again, "the / position / is after")
    "  position {JSON}         ok (a hand record's keys as one line of JSON; the position "
    "is after its last play)\n"
    "  go [samples K] [time S] [seed N] [player NAME]\n"
    "                          info move M value V low L high H [exact], one per legal "
    "move, best first; then bestmove M (with player NAME: the computer player's choice, "
    "bestmove only)\n"
    "  isready                 ready\n"
    "  quit                    stop (the end of the input does the same)\n\n"
    "A line that cannot be obeyed gets one line, error MESSAGE, and the engine goes on. "
    "tools/referee.py plays a whole hand between two engines."
)


@app.command(
    "engine",
    short_help="Speak the engine protocol, for other programs to play against.",
    help=ENGINE_HELP,
    epilog=examples(
        "tutor engine",
        "printf 'ruleset scopa\\nisready\\nquit\\n' | tutor engine",
        "python tools/referee.py --ruleset scopa --players chitarrella,greedy --seed 3",
    ),
)
@conversation
def engine_command(
    workers: Annotated[int, workers_option("Worker processes to sample with (1: this one).")] = 1,
) -> None:
    # lazy: the engine loads the search and the inference; keeping them out of the
    # module keeps every other command's start quick
    from tutor.training.engine import Engine

    # The protocol is for programs: its answers (errors included) are English in every
    # language, as JSON is (the help above is translated like every command's).
    set_language("en")
    engine = Engine(__version__, workers)

    def write(lines: list[str]) -> None:
        for line in lines:
            # one line each, whatever a position's names hold (tutor.render.safe)
            sys.stdout.write(one_line(line) + "\n")
        sys.stdout.flush()

    try:
        write(engine.banner())
        first = True
        while not engine.done:
            line = sys.stdin.readline(MAX_FILE_BYTES + 1)
            if not line:
                break
            if first:  # a byte-order mark some shells put before what they pipe: not a command
                line, first = line.removeprefix("\ufeff"), False
            if len(line.removesuffix("\n")) > MAX_FILE_BYTES:  # as a file that large is refused
                while line and not line.endswith("\n"):  # the rest of it, read and dropped
                    line = sys.stdin.readline(MAX_FILE_BYTES)
                write([f"error the line is longer than {MAX_FILE_BYTES:,} characters: not read"])
                continue
            write(engine.handle(line))
    except KeyboardInterrupt:
        interrupted()
        raise typer.Exit(EXIT_INTERRUPTED) from None
