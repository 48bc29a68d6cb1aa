"""``tutor bench``: the benchmarks of :mod:`tutor.bench`, their figures printed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    JsonOption,
    TrustOption,
    TutorGroup,
    advance,
    app,
    check_player,
    examples,
    human_console,
    note,
    print_json,
    progress_bar,
    record_hand,
)
from tutor.counting.trust import TRUST_DEFAULT
from tutor.game.errors import TutorError

if TYPE_CHECKING:
    pass


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
        skippable: tuple[type[BaseException], ...] = (OSError, TutorError)
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
        record = record_hand(path, 1)
        as_player = record.players[check_player(path, record, as_player)]
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


# -- bench: calibration of the stated odds -----------------------------------------------------


@bench_app.command(
    "calibration",
    epilog=examples(
        "tutor bench calibration --players chitarrella --hands 300",
        "tutor bench calibration --players random --hands 50 --seed 7 --json",
    ),
)
def bench_calibration_command(
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            metavar="KIND",
            help="random, greedy or chitarrella at every seat (or one per seat, comma-separated).",
        ),
    ] = "chitarrella",
    hands: Annotated[
        int, typer.Option("--hands", "-n", min=1, metavar="N", help="Hands to play.")
    ] = 200,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the hands.")] = 0,
    ruleset: Annotated[
        str,
        typer.Option("--ruleset", "-r", metavar="NAME", help="A ruleset name or YAML file."),
    ] = "scopone-scientifico",
    workers: Annotated[
        int,
        typer.Option(
            "--workers", "-w", min=1, help="Worker processes (1 keeps the timings honest)."
        ),
    ] = 1,
    trust: TrustOption = TRUST_DEFAULT,
    json_out: JsonOption = False,
) -> None:
    """How true the tracker's odds are: per-card and sweep odds against the real deals.

    Plays seeded hands and, at every play and from every seat, compares the stated
    probabilities with the cards actually held: a table by bins (count, mean stated, observed),
    the Brier score, and the same for the odds on the facts alone.
    """
    from tutor.bench import bench_calibration

    with progress_bar("hands", hands, True) as bar:
        result = bench_calibration(
            players, hands, seed, ruleset, workers=workers, progress=advance(bar), trust=trust
        )
    if result.interrupted:
        note(f"tutor: interrupted: showing the {result.hands} completed hands")
    if json_out:
        print_json(result.to_json())
    else:
        from tutor.render.terminal import calibration_view, emit

        console, fancy = human_console()
        emit(console, *calibration_view(result.to_json(), fancy))
    if result.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
