"""``tutor solve``: the value of every legal move, exactly or by sampling."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    InputError,
    JsonOption,
    WorkersOption,
    app,
    check_at,
    examples,
    file_argument,
    human_console,
    interrupted,
    note,
    note_if_slow,
    print_json,
    progress_bar,
    record_hand,
    time_up,
)
from tutor.game.errors import TutorError
from tutor.game.i18n import _, ngettext, number
from tutor.search.defaults import EXACT_TIME_LIMIT, SAMPLES, SAMPLES_MAX, TIME_MAX


@app.command(
    "solve",
    short_help="The value of every legal move, exactly or by sampling deals.",
    epilog=examples(
        "tutor solve docs/examples/scopone-hand.yaml --at 24",
        "tutor solve docs/examples/partial-view.yaml --at 24 --samples 100 --seed 1",
    ),
)
def solve_command(
    file: Annotated[Path, file_argument("A hand record.")],
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
            "--samples",
            "-k",
            min=1,
            max=SAMPLES_MAX,
            help=f"Sample K deals consistent with what the mover knows (default {SAMPLES} "
            "when a hand is hidden).",
        ),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time",
            "-t",
            min=0.001,
            max=TIME_MAX,
            help=f"Seconds to search (exact default {EXACT_TIME_LIMIT:g}; sampling: none).",
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
        raise typer.BadParameter(_("give --exact or --samples, not both"), param_hint="--exact")
    # lazy: the search loads the assignment model; replay --json must start fast
    from tutor.review.explain import solve_position
    from tutor.review.hands import position_at
    from tutor.search.evaluate import HiddenCardsError, exact_time_limit, solves_exactly

    record = record_hand(file, hand, shown=not json_out)
    n = len(record.plays) if at is None else at
    check_at(file, record, n)
    method = "exact" if exact else "sampling" if samples is not None else "auto"
    # an option the user gave is named; the record's end, which they did not, is not
    where = f"{file}: --at {n}: " if at is not None else f"{file}: "
    try:
        k = SAMPLES if samples is None else samples
        state = position_at(record, n)
        mover = record.players[state.turn]
        doing = ngettext(
            "valuing {name}'s moves over {n} deal sampled from {name}'s seat",
            "valuing {name}'s moves over {n} deals sampled from {name}'s seat",
            k,
        ).format(name=mover, n=k)
        # an exact solve has no count to show: a word if it takes more than a second
        limit = exact_time_limit(time_limit)
        slow = _("solving exactly (at most {seconds} s; Ctrl-C shows the bounds proven so far)")
        with (
            progress_bar(_("sampling"), doing) as progress,
            note_if_slow(
                "tutor: " + slow.format(seconds=number(limit, "g")),
                on=solves_exactly(state, method),
            ),
        ):
            result = solve_position(
                record,
                n,
                method,
                samples=samples,
                time_limit=time_limit,
                seed=seed,
                workers=workers,
                progress=progress,
            )
    except HiddenCardsError as exc:
        raise InputError(
            where
            + _("{problem}; use --samples K to analyse it from the mover's seat").format(
                problem=exc
            )
        ) from None
    except TutorError as exc:
        raise InputError(f"{where}{exc}") from None
    analysis = result.analysis
    if result.pinned and samples is not None:  # asked to sample, and did not: say why
        note(
            "tutor: "
            + _(
                "every card {name} cannot see is known by counting, so every deal sampled "
                "would be the same one: solved exactly instead of sampling"
            ).format(name=mover)
        )
    if analysis.method == "exact" and analysis.timed_out:
        note(
            "tutor: "
            + _(
                "the position is too large to solve exactly within {seconds} s: the values are "
                "the bounds proven so far; use --samples K to estimate the moves from the "
                "mover's seat by sampling deals (or --time T to search longer)"
            ).format(seconds=number(result.time_limit or 0.0, "g"))
        )
    elif analysis.timed_out:
        time_up(analysis.samples, analysis.requested)
    if analysis.interrupted:
        interrupted(_("interrupted: showing what was computed"))
    if json_out:
        print_json(result.to_json(record.style))
    else:
        # lazy: rich loads only for human output
        from tutor.render.replay import match_hand_lines
        from tutor.render.solve import evaluation_view
        from tutor.render.terminal import emit

        console, fancy = human_console()
        emit(
            console, *match_hand_lines(record, fancy), *evaluation_view(result, record.style, fancy)
        )
    if analysis.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
