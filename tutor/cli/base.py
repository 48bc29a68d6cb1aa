"""The ``tutor`` command line: replay, explain, rules and bench (more commands plug in below).

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
    from rich.console import Console, RenderableType

    from tutor.game.cards import Style
    from tutor.records.record import HandRecord
    from tutor.records.replay import MatchReplay

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


class InputError(TutorError):
    """Bad input the command line itself detects, e.g. a card named twice."""


def _input_errors() -> tuple[type[BaseException], ...]:
    """The library's exceptions that mean bad input (exit 3), imported when first needed."""
    from tutor.game.cards import NotationError
    from tutor.game.rules import RulesetError
    from tutor.game.state import MoveError

    errors: list[type[BaseException]] = [InputError, NotationError, RulesetError, MoveError]
    try:
        from tutor.records.record import RecordError
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
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1, help="Worker processes (default: all cores)."),
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


@app.command(
    epilog=examples(
        "tutor replay docs/examples/seed003-scopa.yaml",
        "tutor replay docs/examples/scopone-hand.yaml --step",
        "tutor replay docs/examples/scopa-match.yaml --json",
    )
)
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A hand record (YAML; several documents make a match).",
            show_default=False,
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
    from tutor.records.record import load_path
    from tutor.records.replay import replay_match

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

    from tutor.render import terminal as rendering

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
            rendering.emit(
                console, rendering.plays_table(hand, record.style, fancy, width=console.width)
            )
        else:
            for i in range(len(hand.steps)):
                parts: list[RenderableType] = [
                    rendering.plays_table(
                        hand, record.style, fancy, start=i, stop=i + 1, width=console.width
                    )
                ]
                if as_player is not None:
                    board = rendering.tracker_board(record, i + 1, as_player, fancy)
                    if board is not None:
                        parts += [board, Text("")]
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


@app.command(
    epilog=examples(
        'tutor explain --ruleset scopa --deck french --table "4H QD 3H AS" JD',
        'tutor explain --ruleset scopone-16 --table "AD 3C 4S 5B FD" CB',
    )
)
def explain(
    card: Annotated[
        str,
        typer.Argument(metavar="CARD", help="The card to play, e.g. 7D.", show_default=False),
    ],
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            "-r",
            metavar="NAME",
            help="A ruleset name (see: tutor rules) or a YAML file.",
        ),
    ],
    table: Annotated[
        str,
        typer.Option(
            "--table",
            "-t",
            metavar="CARDS",
            help='The cards on the table, e.g. "4H QD 3H AS" ("" if empty).',
        ),
    ],
    deck: Annotated[
        str,
        typer.Option(
            "--deck",
            "-d",
            metavar="STYLE",
            help="Card letters: italian, french, spanish, portuguese.",
        ),
    ] = "italian",
    json_out: JsonOption = False,
) -> None:
    """Every capture CARD may make on the table, and the rule that forbids each of the others."""
    from tutor.game.captures import explain_card
    from tutor.game.cards import NotationError, cards_of, format_card, parse_card
    from tutor.game.rules import load_ruleset

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
    from tutor.render.terminal import emit, explain_table

    console, fancy = human_console()
    emit(console, explain_table(played, laid, options, rules, style, fancy))


# -- rules -------------------------------------------------------------------------------------


def _ruleset_json(name: str) -> dict[str, Any]:
    from dataclasses import asdict

    from tutor.game.rules import describe_ruleset, load_ruleset

    rs = load_ruleset(name)
    data = asdict(rs)
    data["primiera_values"] = {str(k): v for k, v in rs.primiera_values.items()}
    data["deals_per_hand"] = rs.deals_per_hand
    data["plays_per_hand"] = rs.plays_per_hand
    data["in_words"] = describe_ruleset(rs)
    return data


@app.command(
    "rules",
    epilog=examples(
        "tutor rules",
        "tutor rules scopone-scientifico",
        "tutor rules my-house-rules.yaml --json",
    ),
)
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="A ruleset name or YAML file; omit to list them.",
            show_default=False,
        ),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """List the shipped rulesets, or show one rule by rule."""
    from tutor.game.rules import describe_ruleset, load_ruleset, ruleset_names

    if name is None:
        rulesets = [load_ruleset(n) for n in ruleset_names()]
        if json_out:
            print_json([{"name": r.name, "description": r.description} for r in rulesets])
            return
        from tutor.render.terminal import emit, rules_table

        console, fancy = human_console()
        emit(console, rules_table(rulesets, fancy))
        return
    if json_out:
        print_json(_ruleset_json(name))
        return
    from tutor.render.terminal import emit, ruleset_text

    console, fancy = human_console()
    emit(console, ruleset_text(describe_ruleset(load_ruleset(name)), fancy))


# -- bench -------------------------------------------------------------------------------------

bench_app = typer.Typer(
    cls=TutorGroup,
    help="Time the engine.",
    epilog=examples("tutor bench playouts --hands 2000", "tutor bench all --json"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(bench_app, name="bench")

RepeatOption = Annotated[
    int, typer.Option("--repeat", "-k", min=1, metavar="K", help="Runs to take the median of.")
]


def _show_figures(results: dict[str, dict[str, Any]], json_out: bool) -> None:
    if json_out:
        print_json(results if len(results) > 1 else next(iter(results.values())))
        return
    from tutor.render.terminal import emit, figures_table

    console, fancy = human_console()
    emit(console, figures_table(results, fancy))


@bench_app.command(
    "playouts",
    epilog=examples("tutor bench playouts --ruleset scopone-scientifico --hands 2000"),
)
def bench_playouts_command(
    ruleset: Annotated[
        str,
        typer.Option("--ruleset", "-r", metavar="NAME", help="A ruleset name or YAML file."),
    ] = "scopone-scientifico",
    hands: Annotated[
        int, typer.Option("--hands", "-n", min=1, metavar="N", help="Hands per run.")
    ] = 1000,
    repeat: RepeatOption = 5,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Seed of the random deals.")] = 0,
    json_out: JsonOption = False,
) -> None:
    """Hands per second: deal at random, play uniformly random legal moves, score."""
    from tutor.bench import bench_playouts
    from tutor.game.rules import load_ruleset

    rules = load_ruleset(ruleset)
    if not json_out:
        runs = "once" if repeat == 1 else f"{repeat} times"
        note(f"playing {hands} random hands of {rules.name}, {runs}...")
    _show_figures({"playouts": bench_playouts(ruleset, hands, repeat, seed)}, json_out)


@bench_app.command("replay", epilog=examples("tutor bench replay docs/examples/scopone-hand.yaml"))
def bench_replay_command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A hand record.", show_default=False)
    ],
    repeat: RepeatOption = 5,
    json_out: JsonOption = False,
) -> None:
    """Seconds to load, validate, replay and score a hand record (median of the runs)."""
    from tutor.bench import bench_replay

    _show_figures({"replay": bench_replay(file, repeat)}, json_out)


@bench_app.command("all", epilog=examples("tutor bench all", "tutor bench all --json"))
def bench_all_command(json_out: JsonOption = False) -> None:
    """Run every registered benchmark with its default sizes and print a table."""
    from tutor.bench import BENCHMARKS

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


# -- solve -------------------------------------------------------------------------------------

SOLVE_TIME_DEFAULT = 60.0
"""Seconds ``tutor solve --exact`` searches before it gives up and reports bounds."""
SOLVE_SAMPLES_DEFAULT = 200


def _progress_bar(what: str, total: int, enabled: bool) -> Any:
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


def _advance(bar: Any) -> Any:
    if bar is None:
        return None

    def update(done: int, total: int) -> None:
        bar.update(bar.task_ids[0], completed=done, total=total)

    return update


@app.command(
    epilog=examples(
        "tutor solve docs/examples/scopone-hand.yaml --at 24",
        "tutor solve docs/examples/partial-view.yaml --at 20 --samples 300 --seed 1",
    ),
)
def solve(
    file: Annotated[Path, typer.Argument(help="A hand record.", show_default=False)],
    at: Annotated[
        int | None,
        typer.Option("--at", "-n", min=0, help="Cut the record after N plays (default: all)."),
    ] = None,
    hand: Annotated[
        int, typer.Option("--hand", min=1, help="Which hand of a match file (1 = first).")
    ] = 1,
    exact: Annotated[
        bool, typer.Option("--exact", help="Solve exactly (every hand must be known).")
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option(
            "--samples", "-k", min=1, help="Sample K deals consistent with what the mover knows."
        ),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time",
            "-t",
            min=0.001,
            help=f"Seconds to search (exact default {SOLVE_TIME_DEFAULT:g}; sampling: none).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampling.")] = 0,
    workers: WorkersOption = None,
    json_out: JsonOption = False,
) -> None:
    """Value every legal move of the player to move, best first, with the best line.

    A record that gives every hand is solved exactly (the points of the hand, the mover's side
    minus the other, under best play). A record that hides hands is analysed from the mover's
    seat by sampling consistent deals (perfect-information Monte Carlo), with 95% intervals.
    """
    if exact and samples is not None:
        raise typer.BadParameter("give --exact or --samples, not both", param_hint="--exact")
    from tutor.records.record import load_path
    from tutor.search.analysis import AnalysisError, analyse, exact_analysis
    from tutor.search.solver import SolverError

    records = load_path(str(file))
    if hand > len(records):
        raise InputError(f"{file}: --hand {hand}: the file has {len(records)} hand(s)")
    record = records[hand - 1]
    n = len(record.plays) if at is None else at
    if n > len(record.plays):
        raise InputError(f"{file}: --at {n}: the record has only {len(record.plays)} plays")
    state = record.state_at(n)
    if state.is_over():
        raise InputError(f"{file}: --at {n}: the hand is over after play {n}: nothing to solve")
    hidden = any(state.unknown) or any(u for d in state.deals[state.deal_index :] for _, u in d)
    if state.unknown[state.turn]:
        raise InputError(
            f"{file}: --at {n}: {record.players[state.turn]} is to move but the record does not "
            "give their hand, so there is nothing to analyse from their seat"
        )
    use_exact = exact or (samples is None and not hidden)
    try:
        if use_exact:
            if hidden:
                raise InputError(
                    f"{file}: --at {n}: the record does not give every hand, so the position "
                    "cannot be solved exactly; use --samples K to analyse it from the mover's seat"
                )
            limit = SOLVE_TIME_DEFAULT if time_limit is None else time_limit
            result = exact_analysis(state, time_limit=limit)
            if not result.exact and not result.interrupted:
                note(
                    f"tutor: the position is too large to solve exactly within {limit:g} s: the "
                    "values are the bounds proven so far; use --samples K to estimate the moves "
                    "from the mover's seat by sampling deals (or --time T to search longer)"
                )
        else:
            k = SOLVE_SAMPLES_DEFAULT if samples is None else samples
            cores = workers or os.cpu_count() or 1
            with _progress_bar("sampling", k, not json_out) as bar:
                result = analyse(
                    state,
                    samples=k,
                    time_limit=time_limit,
                    seed=seed,
                    workers=cores,
                    progress=_advance(bar),
                )
            if result.timed_out:
                note(f"tutor: time is up after {result.samples} of {k} samples")
    except (SolverError, AnalysisError) as exc:
        raise InputError(f"{file}: --at {n}: {exc}") from None
    if result.interrupted:
        note("tutor: interrupted: showing what was computed")
    if json_out:
        data = result.to_json(record.style)
        data["to_move"] = record.players[state.turn]
        data["seat"] = state.turn
        data["side"] = record.team_names()[state.turn % state.rules.sides]
        data["at"] = n
        print_json(data)
    else:
        _show_solve(record, state, n, result)
    if result.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def _show_solve(record: HandRecord, state: Any, n: int, result: Any) -> None:
    from rich.text import Text

    from tutor.render.terminal import cards_text, emit, move_text, new_table

    console, fancy = human_console()
    style = record.style
    mover = record.players[state.turn]
    team = record.team_names()[state.turn % state.rules.sides]
    head = Text(f"After play {n}: {mover} ({team}) to move; table: ")
    head.append_text(cards_text(state.table, style, fancy))
    if result.method == "exact":
        how = "exact" if result.exact else "not exact: bounds proven before the time limit"
        unit = f"points of the hand, {team} minus the others, best play ({how})"
    else:
        unit = (
            f"mean points of the hand, {team} minus the others, over {result.samples} sampled "
            f"deals (seed {result.seed}), with 95% intervals"
        )
    table = new_table("", "move", "value", "interval", rich=fancy)
    table.columns[2].justify = "right"
    for i, m in enumerate(result.moves, start=1):
        if result.method == "exact" and m.low == m.high:
            value, span = f"{m.value:+g}", ""
        elif result.method == "exact":
            value, span = "?", f"{m.low:+g} .. {m.high:+g}"
        elif m.n == 0:
            value, span = "?", ""
        else:
            value = f"{m.value:+.2f}"
            span = f"{m.low:+.2f} .. {m.high:+.2f}" if m.n > 1 else ""
        table.add_row(str(i), move_text(m.move.card, m.move.capture, style, fancy), value, span)
    out: list[Any] = [head, Text(f"Values: {unit}."), table]
    if result.pv:
        line = Text("Best line: " if result.method == "exact" else "Best move: ")
        seat = state.turn
        for j, mv in enumerate(result.pv):
            if j:
                line.append(", ")
            line.append(f"{record.players[seat]} ")
            line.append_text(move_text(mv.card, mv.capture, style, fancy))
            seat = (seat + 1) % state.rules.players
        out.append(line)
    elif result.method == "exact":
        out.append(Text("No move is proven best yet: the bounds overlap."))
    elif not result.samples:
        out.append(Text("No sample was valued, so no move is shown best."))
    emit(console, *out)


# -- simulate ----------------------------------------------------------------------------------


@app.command(
    epilog=examples(
        "tutor simulate --ruleset scopone-scientifico --players chitarrella,greedy "
        "--hands 200 --seed 1"
    ),
)
def simulate(
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
    ] = "scopone-scientifico",
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            help="Two players A,B: random, greedy, chitarrella, search (search:SECONDS).",
        ),
    ] = "chitarrella,greedy",
    hands: Annotated[
        int | None,
        typer.Option("--hands", "-n", min=1, help="N deals, each played twice, sides exchanged."),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option("--matches", "-m", min=1, help="N duplicate matches to the target."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals and the players.")] = 0,
    workers: WorkersOption = None,
    json_out: JsonOption = False,
) -> None:
    """Pit two computer players on duplicate deals and report points, scope and win rates.

    Every deal is played twice with the players' sides exchanged, so the difference of their
    points per hand measures play, not cards; its 95% interval says whether it is real.
    """
    from tutor.game.rules import load_ruleset
    from tutor.search.roster import make_player
    from tutor.search.simulate import simulate as run_simulation

    if hands is not None and matches is not None:
        raise typer.BadParameter("give --hands or --matches, not both", param_hint="--hands")
    specs = [p.strip() for p in players.split(",")]
    if len(specs) != 2 or not all(specs):
        raise typer.BadParameter(
            f"give two players separated by a comma, not {players!r}", param_hint="--players"
        )
    for spec in specs:
        try:
            make_player(spec)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--players") from None
    rules = load_ruleset(ruleset)
    if rules.sides != 2:
        raise InputError(f"--ruleset {ruleset}: simulation pits two sides; it has {rules.sides}")
    n_deals = 100 if hands is None and matches is None else hands
    total = n_deals if n_deals is not None else matches or 0
    what = "deals" if n_deals is not None else "matches"
    with _progress_bar(what, total, not json_out) as bar:
        result = run_simulation(
            rules,
            specs,
            deals=n_deals,
            matches=matches,
            seed=seed,
            workers=workers or os.cpu_count() or 1,
            progress=_advance(bar),
        )
    if result.interrupted:
        note(f"tutor: interrupted: showing the {result.deals} completed {what}")
    if json_out:
        print_json(result.to_json())
    else:
        _show_simulation(result)
    if result.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def _show_simulation(result: Any) -> None:
    from rich.text import Text

    from tutor.render.terminal import emit, new_table

    console, fancy = human_console()
    a, b = result.players
    kind = f"{result.matches} duplicate matches" if result.matches else f"{result.deals} deals"
    head = Text(
        f"{result.ruleset}: {a} (A) against {b} (B), {kind} played twice with sides exchanged "
        f"({result.hands} hands), seed {result.seed}"
    )
    table = new_table(
        "player", "points/hand [95%]", "scope/hand [95%]", "hands won", "matches won", rich=fancy
    )
    for who in (0, 1):
        mw = result.match_win_rate(who)
        table.add_row(
            f"{'AB'[who]}: {result.players[who]}",
            result.points(who).text(signed=False),
            result.scope(who).text(signed=False),
            f"{100 * result.hand_win_rate(who):.1f}%",
            "-" if mw is None else f"{100 * mw:.1f}%",
        )
    diff = result.difference()
    if diff.low > 0:
        verdict = f"{a} is stronger: the interval is above zero."
    elif diff.high < 0:
        verdict = f"{b} is stronger: the interval is below zero."
    else:
        verdict = "No clear difference: the interval contains zero."
    line = Text(f"A - B per hand: {diff.text()} over {diff.n} duplicate pairs. {verdict}")
    emit(console, head, table, line)


# -- track, live and drill (the rule-of-48 tracker) ------------------------------------------


def _record_hand(file: Path, hand: int) -> HandRecord:
    from tutor.records.record import load_path

    records = load_path(str(file))
    if hand > len(records):
        raise InputError(f"{file}: --hand {hand}: the file has {len(records)} hand(s)")
    return records[hand - 1]


def _check_player(file: Path | str, record: HandRecord, player: str) -> int:
    """The seat of ``player`` (the name as written, or in any case when that is unique)."""
    if player in record.players:
        return record.seat_of(player)
    same = [i for i, p in enumerate(record.players) if p.lower() == player.lower()]
    if len(same) == 1:
        return same[0]
    raise InputError(
        f"{file}: --as {player}: no such player (players: {', '.join(record.players)})"
    )


@app.command(
    "track",
    epilog=examples(
        "tutor track docs/examples/partial-view.yaml --as South --at 20",
        "tutor track docs/examples/scopone-hand.yaml --as North --json",
    ),
)
def track_command(
    file: Annotated[Path, typer.Argument(help="A hand record.", show_default=False)],
    as_player: Annotated[
        str,
        typer.Option(
            "--as", metavar="PLAYER", help="The player whose seat the count is made from."
        ),
    ],
    at: Annotated[
        int | None,
        typer.Option("--at", "-n", min=0, help="After play N (default: the last play)."),
    ] = None,
    hand: Annotated[
        int, typer.Option("--hand", min=1, help="Which hand of a match file (1 = first).")
    ] = 1,
    json_out: JsonOption = False,
) -> None:
    """What PLAYER can count and infer after play N: the rule-of-48 tracker.

    Shows the values board (captured, matched or unmatched, on the table, yours, unseen), the
    unseen cards, the sparigli, the rule-of-220 and even-total checks, the sweep risk, a table
    of the other players x values (must / may / cannot, with probabilities), the behavioural
    readings with their confidence, and each deduction with the facts it rests on. Only
    PLAYER's own cards and the cards played count as seen, whatever else the record gives.
    """
    from tutor.counting.inference import analyse

    record = _record_hand(file, hand)
    seat = _check_player(file, record, as_player)
    as_player = record.players[seat]
    n = len(record.plays) if at is None else at
    if n > len(record.plays):
        raise InputError(f"{file}: --at {n}: the record has only {len(record.plays)} plays")
    analysis = analyse(record.state_at(n), seat, record.players, record.style)
    hidden = analysis.inference.state.unknown[seat]
    if hidden:
        note(
            f"tutor: {file}: the record does not give {as_player}'s cards: the {hidden} "
            f"card{'s' if hidden != 1 else ''} {as_player} holds count as unseen"
        )
    if json_out:
        print_json(
            {
                "file": str(file),
                "hand": hand,
                "player": as_player,
                "at": n,
                "total_plays": len(record.plays),
                **analysis.to_json(record.style),
            }
        )
        return
    from rich.text import Text

    from tutor.render import terminal as rendering

    console, fancy = human_console()
    head = Text(
        f"{as_player}'s view after play {n} of {len(record.plays)} ({record.ruleset.name}).",
        style="bold" if fancy else "",
    )
    parts: list[RenderableType] = [head]
    if n:
        last = record.plays[n - 1]
        mover = record.players[record.state_at(n).stack[-1].seat]
        parts.append(Text(f"Last play: {mover}: {last.text}"))
    rendering.emit(console, *parts, *rendering.tracker_view(analysis, record.style, fancy))


LIVE_HELP = (
    "Type in a hand as it is played; the board and inferences update after every play.\n\n"
    "Give the ruleset, the players in playing order (the first leads, the dealer is last), "
    "your own seat (--as) and the deck notation (--deck); then type one line at a time, the "
    "cards in that notation (French here, as in the example below):\n\n"
    "\b\n"
    "  2C 4H 5S QD   the opening table (first line)\n"
    "  7D 7H AS      your cards when asked (or: deal 7D 7H AS), at each deal\n"
    "  7D x 2C 5S    a play: the card, then x and the cards it takes\n"
    "  Ada: 3H       a play with the player's name in front (checked)\n"
    "  undo          take back the last entry\n"
    "  board         show the board again\n"
    "  help          show these lines\n"
    "  quit          stop (the end of the input does the same)\n\n"
    "A typing mistake (an unknown card, a card already seen, an illegal capture, a card the "
    "player cannot hold) gets a message and the prompt again. The hand is saved as a hand "
    "record after every accepted line (atomically), so --resume FILE continues it after a "
    "crash or a kill. When standard input is not a terminal the same lines are read from it, "
    "so a session can be scripted; with --json each accepted line prints one JSON object (the "
    "entry and the tracker's analysis) on stdout.\n"
)


@app.command(
    "live",
    help=LIVE_HELP,
    epilog=examples(
        "tutor live --ruleset scopa --players You,Ada --as You --deck french --save hand.yaml",
        "printf '2C 4H 5S QD\\n7D 7H AS\\n7D x 2C 5S\\nAda: 3H\\n' | "
        "tutor live --ruleset scopa --players You,Ada --as You --deck french --save hand.yaml",
    ),
)
def live_command(
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
    ] = "scopone-scientifico",
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="The players in playing order, comma-separated."),
    ] = None,
    as_player: Annotated[
        str | None, typer.Option("--as", metavar="PLAYER", help="Your own seat (a player).")
    ] = None,
    deck: Annotated[str, typer.Option("--deck", help="Card notation of the deck.")] = "italian",
    save: Annotated[
        Path | None,
        typer.Option("--save", "-o", help="The hand record to save to (default: live-DATE.yaml)."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help="Continue the session saved in FILE (and save to it)."),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Do not show the board after each play.")
    ] = False,
    json_out: JsonOption = False,
) -> None:
    from tutor.training.live import LiveError, LiveSession

    style = deck_style(deck)
    try:
        if resume is not None:
            if players is not None:
                raise typer.BadParameter(
                    "the players come from the resumed file", param_hint="--players"
                )
            session = LiveSession.resume(resume, as_player, save)
            note(f"tutor: resuming {resume}: {len(session.plays)} plays so far")
        else:
            if players is None or as_player is None:
                raise typer.BadParameter(
                    "give --players A,B,... and --as PLAYER (or --resume FILE)",
                    param_hint="--players",
                )
            if save is None:
                import time

                save = Path(f"live-{time.strftime('%Y%m%d-%H%M%S')}.yaml")
            elif save.exists():
                # Saving over it would lose the hand already in it.
                raise typer.BadParameter(
                    f"{save} already exists: continue it with --resume {save}, "
                    "or choose another file",
                    param_hint="--save",
                )
            try:
                session = LiveSession.new(ruleset, players.split(","), as_player, style, save)
            except LiveError as exc:
                fail(str(exc), EXIT_USAGE)
    except LiveError as exc:
        raise InputError(str(exc)) from None
    _run_live(session, quiet, json_out)


def _show_live(session: Any, entry: Any, quiet: bool, json_out: bool) -> None:
    phase = session.phase()
    analysis = None
    if phase in ("play", "over"):
        analysis = session.analysis()
    if json_out:
        print_json(
            {
                "entry": entry.kind,
                "text": entry.text,
                "message": entry.message,
                "plays": len(session.plays),
                "next": session.prompt(),
                "analysis": None if analysis is None else analysis.to_json(session.style),
            }
        )
        return
    if quiet or analysis is None:
        return
    from tutor.render import terminal as rendering

    console, fancy = human_console()
    rendering.emit(console, *rendering.tracker_view(analysis, session.style, fancy))


def _run_live(session: Any, quiet: bool, json_out: bool) -> None:
    from tutor.training.live import intro

    interactive = sys.stdin.isatty()
    if interactive:
        note(intro(session.style))
    try:
        _live_loop(session, quiet, json_out, interactive)
    except KeyboardInterrupt:
        note("\ntutor: interrupted")
        _live_saved(session)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if session.phase() != "over":
        _live_saved(session)
        return
    if session.save_path is not None:
        note(f"tutor: saved to {session.save_path}")
    from tutor.records.replay import replay_hand

    record = session.record()
    hand = replay_hand(record)
    if json_out:
        return
    from rich.text import Text

    from tutor.render import terminal as rendering

    console, fancy = human_console()
    rendering.emit(console, Text("The hand is over."), *rendering.hand_end(hand, record, fancy))


def _live_loop(session: Any, quiet: bool, json_out: bool, interactive: bool) -> None:
    """Read and apply lines until the hand is over, the input ends or the player quits."""
    from tutor.training.live import LiveError

    lineno = 0
    if session.plays and not json_out and not quiet and session.phase() == "play":
        from tutor.render import terminal as rendering

        console, fancy = human_console()
        rendering.emit(console, *rendering.tracker_view(session.analysis(), session.style, fancy))
    interrupted = False
    while session.phase() != "over":
        if interactive:
            sys.stderr.write(session.prompt() + "> ")
            sys.stderr.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            # Ctrl-C at the prompt drops the line being typed; a second one in a row stops.
            if not interactive or interrupted:
                raise
            interrupted = True
            note("\ntutor: Ctrl-C: line dropped (press Ctrl-C again or type quit to stop)")
            continue
        interrupted = False
        if not line:
            if interactive:
                sys.stderr.write("\n")
            return
        lineno += 1
        try:
            entry = session.enter(line)
        except LiveError as exc:
            where = "" if interactive else f"line {lineno}: "
            note(f"tutor: {where}{exc}")
            continue
        if entry.kind == "blank":
            continue
        if entry.kind == "quit":
            return
        if entry.kind == "help":
            note(entry.message.rstrip())
            continue
        if entry.kind == "board" and session.phase() not in ("play", "over"):
            note(f"tutor: the board comes once your cards are in; next: {session.prompt()}")
            continue
        if entry.kind != "board":
            note(entry.text + (f" ({entry.message})" if entry.message else ""))
        _show_live(session, entry, quiet, json_out)


def _live_saved(session: Any) -> None:
    """Where an unfinished session is saved and how to continue it."""
    if session.save_path is not None and session.table is not None:
        note(f"tutor: saved to {session.save_path}")
        note(f"tutor: continue with: tutor live --resume {session.save_path}")


@app.command(
    "drill",
    epilog=examples("tutor drill 48", "tutor drill 48 --ruleset scopa --seed 7 --rounds 3"),
)
def drill_command(
    kind: Annotated[
        str, typer.Argument(metavar="48", help="The drill: 48, the rule of 48.", show_default=False)
    ],
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
    ] = "scopone-scientifico",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed: the same seed asks the same questions.")
    ] = None,
    rounds: Annotated[int, typer.Option("--rounds", "-n", min=1, help="Questions to ask.")] = 5,
    question: Annotated[
        str,
        typer.Option(
            "--question", help="unmatched (which values), holder (who must hold a card) or mixed."
        ),
    ] = "mixed",
    players: Annotated[
        str, typer.Option("--players", help="How the computer plays: greedy or random.")
    ] = "greedy",
    deck: Annotated[str, typer.Option("--deck", help="Card notation of the deck.")] = "italian",
    json_out: JsonOption = False,
) -> None:
    """Practise the rule of 48: a random hand is played to a random point, then a question.

    Each question shows the hand so far from your seat (the opening table, every play, the
    table now and your cards) and asks which values are unmatched, or who must hold a given
    card; type the answer (values like 2 6 8 or none; or a player's name). The tutor checks
    it and explains: the list of sparigli, or the deduction and what it rests on. Answers are
    read from standard input, so a drill can be scripted; --seed makes it repeatable; with
    --json the questions go to stderr and a summary in JSON to stdout.
    """
    import random

    from tutor.training.drill import KINDS, PLAYER_KINDS, check_answer, make_question

    if kind != "48":
        raise typer.BadParameter(f"unknown drill {kind!r}; the drill is: 48", param_hint="KIND")
    if question not in KINDS:
        raise typer.BadParameter(f"choose one of {', '.join(KINDS)}", param_hint="--question")
    if players not in PLAYER_KINDS:
        raise typer.BadParameter(f"choose one of {', '.join(PLAYER_KINDS)}", param_hint="--players")
    style = deck_style(deck)
    if seed is None:
        seed = random.randrange(10**6)
        note(f"tutor: seed {seed} (use --seed {seed} to ask the same questions again)")
    from tutor.game.rules import load_ruleset

    rules = load_ruleset(ruleset)
    rng = random.Random(seed)
    interactive = sys.stdin.isatty()
    out = sys.stderr if json_out else sys.stdout
    results: list[dict[str, Any]] = []
    right = 0
    for number in range(1, rounds + 1):
        q = make_question(rules, rng, kind=question, players=players, style=style)
        out.write(f"\nQuestion {number} of {rounds}\n" + "\n".join(q.position) + "\n")
        out.write(q.question + "\n")
        out.flush()
        line = _drill_answer(q, interactive)
        if line is None:
            note("tutor: no more answers: the drill stops")
            break
        result = check_answer(q, line)
        right += result.correct
        out.write(result.message + "\n" + "\n".join(result.explanation) + "\n")
        out.flush()
        results.append({**q.to_json(), "answer": line.strip(), "correct": result.correct})
    summary = f"Score: {right} of {len(results)}."
    if json_out:
        note(summary)
        print_json(
            {
                "seed": seed,
                "ruleset": rules.name,
                "right": right,
                "asked": len(results),
                "questions": results,
            }
        )
    else:
        out.write("\n" + summary + "\n")
        out.flush()


def _drill_answer(question: Any, interactive: bool) -> str | None:
    """The next readable answer from stdin (None at the end): a slip is said and asked again."""
    from tutor.training.drill import answer_problem

    while True:
        if interactive:
            sys.stderr.write("answer> ")
            sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            if interactive:
                sys.stderr.write("\n")
            return None
        if not line.strip():
            continue
        problem = answer_problem(question, line)
        if problem is None:
            return line
        note(f"tutor: {problem}; try again")


@bench_app.command(
    "tracker", epilog=examples("tutor bench tracker docs/examples/scopone-hand.yaml --as South")
)
def bench_tracker_command(
    file: Annotated[
        Path | None, typer.Argument(help="A hand record (default: the scopone example).")
    ] = None,
    as_player: Annotated[
        str | None, typer.Option("--as", metavar="PLAYER", help="The seat (default: the dealer).")
    ] = None,
    repeat: RepeatOption = 5,
    json_out: JsonOption = False,
) -> None:
    """Seconds for the tracker and inference after every play of a record, from one seat."""
    from tutor.bench import DEFAULT_RECORD, bench_tracker

    path = file if file is not None else DEFAULT_RECORD
    if as_player is not None:
        record = _record_hand(path, 1)
        as_player = record.players[_check_player(path, record, as_player)]
    _show_figures({"tracker": bench_tracker(path, as_player, repeat)}, json_out)


# -- bench: solver and search ------------------------------------------------------------------

SOLVE_CASES = {
    "scopone-4": "solve-scopone-4",
    "scopone-5": "solve-scopone-5",
    "scopa-last-deal": "solve-scopa-last-deal",
}


@bench_app.command("solve", epilog=examples("tutor bench solve scopone-4 --positions 20"))
def bench_solve_command(
    case: Annotated[
        str,
        typer.Argument(
            help="scopone-4 (4 cards each, 4 on the table), scopone-5, scopa-last-deal."
        ),
    ] = "scopone-4",
    positions: Annotated[
        int, typer.Option("--positions", min=1, help="Random positions to solve.")
    ] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the positions.")] = 0,
    json_out: JsonOption = False,
) -> None:
    """Exact solver: median seconds over random full-information positions, nodes/s, TT hits."""
    from tutor.bench import BENCHMARKS

    if case not in SOLVE_CASES:
        raise typer.BadParameter(
            f"unknown case {case!r}; choose one of {', '.join(SOLVE_CASES)}", param_hint="CASE"
        )
    name = SOLVE_CASES[case]
    if not json_out:
        note(f"solving {positions} random positions ({case})...")
    _show_figures({name: BENCHMARKS[name](positions=positions, seed=seed)}, json_out)


@bench_app.command("search", epilog=examples("tutor bench search --budget 1 --workers 2"))
def bench_search_command(
    positions: Annotated[int, typer.Option("--positions", min=1, help="Opening moves.")] = 5,
    budget: Annotated[float, typer.Option("--budget", min=0.01, help="Seconds per move.")] = 1.0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Processes.")] = 2,
    json_out: JsonOption = False,
) -> None:
    """The search player's time for a scopone opening move, and the samples it values."""
    from tutor.bench import BENCHMARKS

    results = BENCHMARKS["search-move"](positions=positions, budget=budget, workers=workers)
    _show_figures({"search-move": results}, json_out)


# ---- more commands below ----


def main(argv: list[str] | None = None) -> None:
    """The console script: run the app and exit with its code."""
    try:
        app(args=argv, prog_name="tutor")
    except KeyboardInterrupt:
        sys.stderr.write("\ntutor: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
