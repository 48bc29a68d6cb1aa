"""The ``tutor`` command line: replay, explain, rules and bench (more commands plug in below).

Every command runs inside :class:`TutorGroup`, which turns the library's input errors into one
line on stderr (``tutor: error: FILE:LINE: play N: ...``) and exit code 3, an interrupt into
exit code 130, and never shows a traceback (set ``TUTOR_DEBUG=1`` to see one).

Exit codes: 0 ok, 1 problems found when asked to fail on them, 2 usage error, 3 bad input,
130 interrupted, 70 internal error (a bug).

``--json`` prints the machine-readable result alone on stdout; messages go to stderr. Human
output goes to stdout through :mod:`tutor.rendering`, which is imported only when needed so
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

from . import __version__

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from .cards import Style
    from .record import HandRecord
    from .replay import MatchReplay

__all__ = [
    "app",
    "bench_app",
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


class InputError(ValueError):
    """Bad input the command line itself detects, e.g. a card named twice."""


def _input_errors() -> tuple[type[BaseException], ...]:
    """The library's exceptions that mean bad input (exit 3), imported when first needed."""
    from .cards import NotationError
    from .rules import RulesetError
    from .state import MoveError

    errors: list[type[BaseException]] = [InputError, NotationError, RulesetError, MoveError]
    try:
        from .record import RecordError
    except ImportError:  # pragma: no cover - only while the record module is missing
        pass
    else:
        errors.append(RecordError)
    return tuple(errors)


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
            if isinstance(exc, _input_errors()):
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
    context_settings={"help_option_names": ["-h", "--help"]},
)


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
    from .rendering import is_fancy, make_console

    console = make_console()
    return console, is_fancy(console)


def note(message: str) -> None:
    """A message for the user (stderr, so that stdout stays clean)."""
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


def deck_style(name: str) -> Style:
    """The deck style called ``name``, or a usage error listing the styles."""
    from .cards import STYLES

    style = STYLES.get(name.lower())
    if style is None:
        raise typer.BadParameter(
            f"unknown deck style {name!r}; choose one of {', '.join(STYLES)}", param_hint="--deck"
        )
    return style


JsonOption = Annotated[
    bool, typer.Option("--json", help="Print machine-readable JSON alone on stdout.")
]


# -- replay ------------------------------------------------------------------------------------


def _wait_for_enter() -> bool:
    """Wait for a line on stdin; False when the reader wants to stop (``q``)."""
    interactive = sys.stdin.isatty()
    if interactive:
        sys.stderr.write("-- Enter: next play, q: stop --")
        sys.stderr.flush()
    line = sys.stdin.readline()
    if interactive and not line:
        sys.stderr.write("\n")
    return line.strip().lower() not in ("q", "quit")


@app.command(epilog="Example: tutor replay docs/examples/scopone-hand.yaml --step")
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A hand record (YAML; several documents make a match).", show_default=False
        ),
    ],
    json_out: JsonOption = False,
    step: Annotated[
        bool, typer.Option("--step", help="Wait for Enter after each play (q stops).")
    ] = False,
    as_player: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="PLAYER",
            help="After each play, show what PLAYER can know (the tracker's board).",
        ),
    ] = None,
) -> None:
    """Replay a hand record play by play, then the score and the match table.

    Each play shows who played, the card, the capture, the table after it, scopa marks and
    the running cards/denari/scope of each side; the end of a hand shows the score with the
    primiera breakdown; a file of several hands ends with the match table.
    """
    if json_out and (step or as_player):
        raise typer.BadParameter(
            "--json cannot be combined with --step or --as", param_hint="--json"
        )
    from .record import load_path
    from .replay import replay_match

    records = load_path(str(file))
    if as_player is not None:
        for record in records:
            if as_player not in record.players:
                raise InputError(
                    f"{file}: --as {as_player}: no such player "
                    f"(players: {', '.join(record.players)})"
                )
    match = replay_match(records)
    if json_out:
        print_json(match.to_json())
        return
    _show_replay(records, match, step, as_player)


def _show_replay(
    records: list[HandRecord], match: MatchReplay, step: bool, as_player: str | None
) -> None:
    from rich.text import Text

    from . import rendering

    console, fancy = human_console()
    waiting = step
    board_missing_said = False
    several = len(match.hands) > 1
    for number, (record, hand) in enumerate(zip(records, match.hands, strict=True), start=1):
        if number > 1:
            rendering.emit(console, Text(""))
        rendering.emit(console, rendering.hand_title(record, number if several else None, fancy))
        rendering.emit(console, Text(""))
        if not (step or as_player):
            rendering.emit(console, rendering.plays_table(hand, record.style, fancy))
        else:
            for i in range(len(hand.steps)):
                parts: list[RenderableType] = [
                    rendering.plays_table(hand, record.style, fancy, start=i, stop=i + 1)
                ]
                if as_player is not None:
                    board = rendering.tracker_board(record, i + 1, as_player, fancy)
                    if board is not None:
                        parts.append(board)
                    elif not board_missing_said:
                        note("tutor: --as: the tracker's board is not available yet")
                        board_missing_said = True
                rendering.emit(console, *parts)
                if waiting and i + 1 < len(hand.steps):
                    if not _wait_for_enter():
                        return
        rendering.emit(console, Text(""), *rendering.hand_end(hand, record, fancy))
    if several:
        rendering.emit(console, Text(""), rendering.match_table(match.match, match.sides, fancy))


# -- explain -----------------------------------------------------------------------------------


@app.command(epilog='Example: tutor explain --ruleset scopa --deck french --table "4H QD 3H AS" JD')
def explain(
    card: Annotated[str, typer.Argument(help="The card to play, e.g. 7D.", show_default=False)],
    ruleset: Annotated[
        str,
        typer.Option("--ruleset", "-r", help="A ruleset name (see: tutor rules) or a YAML file."),
    ],
    table: Annotated[
        str,
        typer.Option(
            "--table", "-t", help='The cards on the table, e.g. "4H QD 3H AS" ("" if empty).'
        ),
    ],
    deck: Annotated[
        str,
        typer.Option("--deck", "-d", help="Card letters: italian, french, spanish, portuguese."),
    ] = "italian",
    json_out: JsonOption = False,
) -> None:
    """Every capture CARD may make on the table, and the rule that forbids each of the others."""
    from .captures import explain_card
    from .cards import NotationError, cards_of, format_card, parse_card
    from .rules import load_ruleset

    style = deck_style(deck)
    rules = load_ruleset(ruleset)
    try:
        played = parse_card(card, style)
    except NotationError as exc:
        raise InputError(f"CARD: {exc}") from None
    laid = []
    for token in table.replace(",", " ").split():
        try:
            c = parse_card(token, style)
        except NotationError as exc:
            raise InputError(f"--table: {exc}") from None
        if c in laid:
            raise InputError(f"--table: {format_card(c, style)} is named twice")
        if c == played:
            raise InputError(
                f"--table: {format_card(c, style)} is the card being played; "
                "it cannot be on the table too"
            )
        laid.append(c)
    mask = 0
    for c in laid:
        mask |= c.bit
    options = explain_card(mask, played.index, rules, style)
    if json_out:
        print_json(
            {
                "ruleset": rules.name,
                "deck": style.name,
                "card": format_card(played, style),
                "table": [format_card(c, style) for c in laid],
                "options": [
                    {
                        "capture": [format_card(c, style) for c in sorted(cards_of(o.capture))],
                        "legal": o.legal,
                        "reason": o.reason,
                        "sweeps": bool(o.capture) and o.capture == mask,
                    }
                    for o in options
                ],
            }
        )
        return
    from .rendering import emit, explain_table

    console, fancy = human_console()
    emit(console, explain_table(played, laid, options, rules, style, fancy))


# -- rules -------------------------------------------------------------------------------------


def _ruleset_json(name: str) -> dict[str, Any]:
    from dataclasses import asdict

    from .rules import describe_ruleset, load_ruleset

    rs = load_ruleset(name)
    data = asdict(rs)
    data["primiera_values"] = {str(k): v for k, v in rs.primiera_values.items()}
    data["deals_per_hand"] = rs.deals_per_hand
    data["plays_per_hand"] = rs.plays_per_hand
    data["in_words"] = describe_ruleset(rs)
    return data


@app.command(
    "rules",
    epilog="Examples: tutor rules    tutor rules scopone-scientifico    tutor rules --json",
)
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(help="A ruleset name or YAML file; omit to list them.", show_default=False),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """List the shipped rulesets, or show one rule by rule."""
    from .rules import describe_ruleset, load_ruleset, ruleset_names

    if name is None:
        rulesets = [load_ruleset(n) for n in ruleset_names()]
        if json_out:
            print_json([{"name": r.name, "description": r.description} for r in rulesets])
            return
        from .rendering import emit, rules_table

        console, fancy = human_console()
        emit(console, rules_table(rulesets, fancy))
        return
    if json_out:
        print_json(_ruleset_json(name))
        return
    from .rendering import emit, ruleset_text

    console, fancy = human_console()
    emit(console, ruleset_text(describe_ruleset(load_ruleset(name)), fancy))


# -- bench -------------------------------------------------------------------------------------

bench_app = typer.Typer(
    cls=TutorGroup,
    help="Time the engine. Example: tutor bench playouts --hands 2000",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(bench_app, name="bench")

RepeatOption = Annotated[
    int, typer.Option("--repeat", "-k", min=1, help="Runs to take the median of.")
]


def _show_figures(results: dict[str, dict[str, Any]], json_out: bool) -> None:
    if json_out:
        print_json(results if len(results) > 1 else next(iter(results.values())))
        return
    from .rendering import emit, figures_table

    console, fancy = human_console()
    emit(console, figures_table(results, fancy))


@bench_app.command(
    "playouts",
    epilog="Example: tutor bench playouts --ruleset scopone-scientifico --hands 2000",
)
def bench_playouts_command(
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
    ] = "scopone-scientifico",
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="Hands per run.")] = 1000,
    repeat: RepeatOption = 5,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random deals.")] = 0,
    json_out: JsonOption = False,
) -> None:
    """Hands per second: deal at random, play uniformly random legal moves, score."""
    from .bench import bench_playouts

    if not json_out:
        note(f"playing {hands} random hands of {ruleset}, {repeat} times...")
    _show_figures({"playouts": bench_playouts(ruleset, hands, repeat, seed)}, json_out)


@bench_app.command("replay", epilog="Example: tutor bench replay docs/examples/scopone-hand.yaml")
def bench_replay_command(
    file: Annotated[Path, typer.Argument(help="A hand record.", show_default=False)],
    repeat: RepeatOption = 5,
    json_out: JsonOption = False,
) -> None:
    """Seconds to load, validate, replay and score a hand record (median of the runs)."""
    from .bench import bench_replay

    _show_figures({"replay": bench_replay(file, repeat)}, json_out)


@bench_app.command("all", epilog="Example: tutor bench all --json")
def bench_all_command(json_out: JsonOption = False) -> None:
    """Run every registered benchmark with its default sizes and print a table."""
    from .bench import BENCHMARKS

    results: dict[str, dict[str, Any]] = {}
    for name, func in BENCHMARKS.items():
        if not json_out:
            note(f"running {name}...")
        skippable: tuple[type[BaseException], ...] = (OSError, *_input_errors())
        try:
            results[name] = func()
        except Exception as exc:
            if not isinstance(exc, skippable):
                raise
            note(f"tutor: {name} skipped: {exc}")
            results[name] = {"skipped": str(exc)}
    if json_out:
        print_json(results)
        return
    _show_figures(results, False)


# ---- more commands below ----


def main(argv: list[str] | None = None) -> None:
    """The console script: run the app and exit with its code."""
    try:
        app(args=argv, prog_name="tutor")
    except KeyboardInterrupt:
        sys.stderr.write("\ntutor: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
