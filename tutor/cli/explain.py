"""``tutor explain``: every capture a card may make, and the rule behind each."""

from __future__ import annotations

from typing import Annotated

import typer

from tutor.cli.core import (
    InputError,
    JsonOption,
    app,
    deck_style,
    examples,
    human_console,
    print_json,
)
from tutor.game.captures import explain_play, parse_table
from tutor.game.cards import NotationError, parse_card
from tutor.game.rules import load_ruleset

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
    style = deck_style(deck)
    rules = load_ruleset(ruleset)
    try:
        played = parse_card(card, style)
    except NotationError as exc:
        raise InputError(f"CARD: {exc}") from None
    try:
        laid = parse_table(table, played, style)
    except NotationError as exc:
        raise InputError(f"--table: {exc}") from None
    explanation = explain_play(played, laid, rules, style)
    if json_out:
        print_json(explanation.to_json())
        return
    # lazy: rich loads only for human output
    from tutor.render.terminal import emit, explain_table

    console, fancy = human_console()
    emit(console, explain_table(explanation, fancy))
