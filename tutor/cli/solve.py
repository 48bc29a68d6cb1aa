"""``tutor solve``: the value of every legal move, exactly or by sampling."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    InputError,
    JsonOption,
    WorkersOption,
    advance,
    app,
    examples,
    human_console,
    note,
    print_json,
    progress_bar,
)

if TYPE_CHECKING:
    from tutor.records.record import HandRecord


# -- solve -------------------------------------------------------------------------------------

SOLVE_TIME_DEFAULT = 60.0
"""Seconds ``tutor solve --exact`` searches before it gives up and reports bounds."""
SOLVE_SAMPLES_DEFAULT = 200


@app.command(
    "solve",
    epilog=examples(
        "tutor solve docs/examples/scopone-hand.yaml --at 24",
        "tutor solve docs/examples/partial-view.yaml --at 20 --samples 300 --seed 1",
    ),
)
def solve_command(
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
    from tutor.records.recordfile import load_path
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
    hidden = state.has_hidden_cards()
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
            with progress_bar("sampling", k, not json_out) as bar:
                result = analyse(
                    state,
                    samples=k,
                    time_limit=time_limit,
                    seed=seed,
                    workers=cores,
                    progress=advance(bar),
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
