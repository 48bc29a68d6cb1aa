"""``tutor track``: the rule-of-48 board and inference from one seat."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli.core import (
    InputError,
    JsonOption,
    TrustOption,
    app,
    check_player,
    examples,
    human_console,
    note,
    print_json,
    record_hand,
)
from tutor.counting.trust import TRUST_DEFAULT

if TYPE_CHECKING:
    from rich.console import RenderableType


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
    trust: TrustOption = TRUST_DEFAULT,
    json_out: JsonOption = False,
) -> None:
    """What PLAYER can count and infer after play N: the rule-of-48 tracker.

    Shows the values board (captured, matched or unmatched, on the table, yours, unseen), the
    unseen cards, the sparigli, the rule-of-220 and even-total checks, the sweep risk, a table
    of the other players x values (must / may / cannot, with probabilities), the behavioural
    readings with their confidence, and each deduction with the facts it rests on. Only
    PLAYER's own cards and the cards played count as seen, whatever else the record gives.
    """
    from tutor.counting.inference import count_view

    record = record_hand(file, hand)
    seat = check_player(file, record, as_player)
    as_player = record.players[seat]
    n = len(record.plays) if at is None else at
    if n > len(record.plays):
        raise InputError(f"{file}: --at {n}: the record has only {len(record.plays)} plays")
    analysis = count_view(record.state_at(n), seat, record.players, record.style, trust=trust)
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
