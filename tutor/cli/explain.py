"""``tutor explain``: every capture a card may make, and the rule behind each."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

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

if TYPE_CHECKING:
    pass


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
