"""The ``tutor`` command's core: the app, its error handling, exit codes and shared helpers.

Each command lives in a module of its own in this package and registers itself on :data:`app`;
``tutor/cli/__init__.py`` imports them all.

Every command runs inside :class:`TutorGroup`, which turns the library's input errors into one
line on stderr (``tutor: error: FILE:LINE: play N: ...``) and exit code 3, an interrupt into
exit code 130, and never shows a traceback (set ``TUTOR_DEBUG=1`` to see one).

Exit codes: 0 ok, 1 problems found when asked to fail on them, 2 usage error, 3 bad input,
130 interrupted, 70 internal error (a bug).

``--json`` prints the machine-readable result alone on stdout; messages go to stderr. Human
output goes to stdout through :mod:`tutor.render.terminal`, which is imported only when needed so
that ``--json`` runs stay quick.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup
from typer.exceptions import TyperException

from tutor import __version__
from tutor.game.errors import TutorError

if TYPE_CHECKING:
    from rich.console import Console

    from tutor.game.cards import Style
    from tutor.records.record import HandRecord

__all__ = [
    "app",
    "main",
    "InputError",
    "TutorGroup",
    "EXIT_OK",
    "EXIT_PROBLEMS",
    "EXIT_USAGE",
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
]

EXIT_OK = 0
EXIT_PROBLEMS = 1
"""Problems were found and the user asked to fail on them."""
EXIT_USAGE = 2
"""Bad command line (typer's own code for usage errors)."""
EXIT_BAD_INPUT = 3
"""A record, ruleset, card or play that cannot be read or is not legal."""
EXIT_INTERNAL = 70
"""A bug in the tutor (BSD sysexits' EX_SOFTWARE)."""
EXIT_INTERRUPTED = 130
"""Interrupted with Ctrl-C (128 + SIGINT, as shells report it)."""


class InputError(TutorError):
    """Bad input the command line itself detects, e.g. a card named twice."""


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``tutor: error: MESSAGE`` on stderr and exit with ``code``."""
    sys.stderr.write(f"tutor: error: {message}\n")
    sys.stderr.flush()
    raise typer.Exit(code)


def _os_error_text(exc: OSError) -> str:
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}cannot read: {exc.strerror or exc}"


class TutorGroup(TyperGroup):
    """The command group: maps the library's errors to one line and an exit code."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (TyperException, typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt:
            sys.stderr.write("\ntutor: interrupted\n")
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            # The reader went away (``tutor replay ... | head``): stop quietly.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(EXIT_OK) from None
        except OSError as exc:
            fail(_os_error_text(exc))
        except Exception as exc:
            if isinstance(exc, TutorError):
                fail(str(exc))
            if os.environ.get("TUTOR_DEBUG"):
                raise
            fail(
                f"internal error: {type(exc).__name__}: {exc} "
                "(this is a bug; run with TUTOR_DEBUG=1 to see the traceback)",
                EXIT_INTERNAL,
            )


app = typer.Typer(
    cls=TutorGroup,
    name="tutor",
    help=(
        "Scopone Scientifico and Scopa tutor: replay hand records, explain captures, "
        "show rulesets, time the engine.\n\n"
        "Example: tutor replay docs/examples/scopone-hand.yaml"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
"""Help and usage errors are click's plain text (``rich_markup_mode=None``): paragraphs wrap
to the terminal and a usage error is three short lines, not a box."""


def examples(*lines: str) -> str:
    """A command's epilog: example command lines, one per line, kept as written.

    ``\\b`` stops click from rewrapping the paragraph, so a long example stays on one line.

    >>> examples("tutor rules")
    '\\x08\\nExample:\\n  tutor rules\\n'
    """
    head = "Example:" if len(lines) == 1 else "Examples:"
    return "\b\n" + head + "\n" + "".join(f"  {line}\n" for line in lines)


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"tutor {__version__}\n")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Show the version and exit.",
        ),
    ] = False,
) -> None:
    """Scopone Scientifico and Scopa tutor.

    Example: tutor explain --ruleset scopa --deck french --table "4H QD 3H AS" JD
    """


# -- helpers shared by the commands ------------------------------------------------------------


def print_json(data: Any) -> None:
    """The machine-readable result, alone on stdout."""
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


def human_console() -> tuple[Console, bool]:
    """The stdout console for human output and whether it shows glyphs and colours."""
    from tutor.render.terminal import is_fancy, make_console

    console = make_console()
    return console, is_fancy(console)


def note(message: str) -> None:
    """A message for the user (stderr, so that stdout stays clean)."""
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


def deck_style(name: str) -> Style:
    """The deck style called ``name``, or a usage error listing the styles."""
    from tutor.game.cards import STYLES

    style = STYLES.get(name.lower())
    if style is None:
        raise typer.BadParameter(
            f"unknown deck style {name!r}; choose one of {', '.join(STYLES)}", param_hint="--deck"
        )
    return style


JsonOption = Annotated[
    bool, typer.Option("--json", help="Print machine-readable JSON alone on stdout.")
]
TrustOption = Annotated[
    float,
    typer.Option(
        "--trust-readings",
        min=0.0,
        max=1.0,
        metavar="T",
        help="How far to believe readings of behaviour before the hand shows more: the chance "
        "that a player holding a card that sweeps takes the sweep (0: the facts alone; "
        "docs/tracker.md).",
    ),
]
"""``--trust-readings``: the prior of :mod:`tutor.counting.trust` (default TRUST_DEFAULT)."""

WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1, help="Worker processes (default: all cores)."),
]


def progress_bar(what: str, total: int, enabled: bool) -> Any:
    """A rich progress bar on stderr (only on a terminal), used as a context manager."""
    import contextlib

    if not enabled or not sys.stderr.isatty():
        return contextlib.nullcontext(None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from tutor.render.terminal import make_console

    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=make_console(stderr=True),
        transient=True,
    )
    progress.add_task(what, total=total)
    return progress


def advance(bar: Any) -> Any:
    if bar is None:
        return None

    def update(done: int, total: int) -> None:
        bar.update(bar.task_ids[0], completed=done, total=total)

    return update


def record_hand(file: Path, hand: int) -> HandRecord:
    from tutor.records.recordfile import load_path

    records = load_path(str(file))
    if hand > len(records):
        raise InputError(f"{file}: --hand {hand}: the file has {len(records)} hand(s)")
    return records[hand - 1]


def check_player(file: Path | str, record: HandRecord, player: str) -> int:
    """The seat of ``player`` (the name as written, or in any case when that is unique)."""
    try:
        return record.seat_of(player)
    except TutorError:
        raise InputError(
            f"{file}: --as {player}: no such player (players: {', '.join(record.players)})"
        ) from None


def main(argv: list[str] | None = None) -> None:
    """The console script: run the app and exit with its code."""
    try:
        app(args=argv, prog_name="tutor")
    except KeyboardInterrupt:
        sys.stderr.write("\ntutor: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
