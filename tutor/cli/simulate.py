"""``tutor simulate``: computer players against each other on duplicate deals."""

from __future__ import annotations

import os
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
    pass


# -- simulate ----------------------------------------------------------------------------------


@app.command(
    "simulate",
    epilog=examples(
        "tutor simulate --ruleset scopone-scientifico --players chitarrella,greedy "
        "--hands 200 --seed 1"
    ),
)
def simulate_command(
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
    with progress_bar(what, total, not json_out) as bar:
        result = run_simulation(
            rules,
            specs,
            deals=n_deals,
            matches=matches,
            seed=seed,
            workers=workers or os.cpu_count() or 1,
            progress=advance(bar),
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
