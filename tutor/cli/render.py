"""``tutor render``: a position drawn as SVG, as the review's HTML report draws it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tutor.cli.core import (
    app,
    check_at,
    check_output,
    check_player,
    examples,
    file_argument,
    file_option,
    record_hand,
    write_output,
)
from tutor.records.record import HandRecord


@app.command(
    "render",
    short_help="Draw a position of a hand record or puzzle as SVG.",
    epilog=examples(
        "tutor render puzzles/keep-the-table-above-ten.yaml --svg position.svg",
        "tutor render docs/examples/scopone-hand.yaml --at 20 --as South --svg a.svg",
    ),
)
def render_command(
    file: Annotated[Path, file_argument("A hand record or puzzle.")],
    svg: Annotated[
        Path,
        file_option("--svg", metavar="OUT", help="The SVG file to write (- for standard output)."),
    ],
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            "-n",
            min=0,
            help="After play N (default: a puzzle's position; else the last play, or in a "
            "finished hand the one before it, while a card is still to play).",
        ),
    ] = None,
    as_player: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="PLAYER",
            help="Whose seat to draw it from (default: a puzzle's seat; else the player to "
            "move, or when the record gives some players' cards only, the first of those).",
        ),
    ] = None,
    hand: Annotated[
        int, typer.Option("--hand", min=1, help="Which hand of a match file (1 = first).")
    ] = 1,
) -> None:
    """Draw a position as SVG: the table, the viewer's hand, the cards left in each hand and
    whose turn it is. Only the viewer's own cards are drawn face up. The file is written
    atomically (all or nothing)."""
    # lazy: the drawing loads only for this command, so that others start quickly
    from tutor.puzzles.format import Puzzle
    from tutor.render.puzzle import position_file_svg

    check_output(svg, "--svg", "position.svg", file)
    record = record_hand(file, hand)
    n = at if at is not None else _default_at(record)
    check_at(file, record, n)
    if as_player is not None:
        seat = check_player(file, record, as_player)
    elif record.puzzle is not None:  # its seat, at any --at
        seat = Puzzle(record, record.puzzle, str(file)).seat
    else:
        about = record.seats_about()
        turn = record.state_at(n).turn
        seat = turn if turn in about else about[0]
    puzzle_position = record.puzzle is not None and n == len(record.plays)
    caption = record.puzzle.text("title") if record.puzzle is not None and puzzle_position else None
    write_output(svg, position_file_svg(record, n, seat, caption))


def _default_at(record: HandRecord) -> int:
    """The position drawn when none is asked: after the last play, or, when that ends the
    hand (nothing left to draw but the last capture's empty table), the one before it."""
    n = len(record.plays)
    if n and record.puzzle is None and record.state_at(n).is_over():
        return n - 1
    return n
