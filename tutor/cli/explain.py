"""``tutor explain``: every capture a card may make, and the rule behind each; or, with
``--at N``, every legal move at that point of a hand record (:mod:`tutor.cli.review`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tutor.cli.core import (
    InputError,
    JsonOption,
    WorkersOption,
    app,
    deck_style,
    examples,
    human_console,
    print_json,
    typed_options,
)
from tutor.cli.review import (
    HandOption,
    SamplesOption,
    SeedOption,
    explain_position_command,
    time_option,
)
from tutor.game.captures import explain_play, parse_table
from tutor.game.cards import NotationError, Style, other_deck_hint, parse_card, styles_shown
from tutor.game.errors import Shown
from tutor.game.i18n import _, ngettext
from tutor.game.rules import load_ruleset
from tutor.game.textfile import file_exists
from tutor.review.defaults import DEFAULT_SAMPLES, DEFAULT_TIME


class MissingOption(typer.BadParameter):
    """A required option of the capture-rule form is missing (the ``--at`` form needs none)."""

    def format_message(self) -> str:
        return _("Missing option {name}.").format(name=f"'{self.param_hint}'") + f" {self.message}"


# -- explain -----------------------------------------------------------------------------------


_RULE_FORM = ("ruleset", "table", "deck")
"""The options of the capture-rule form; a hand record (``--at``) brings its own."""
_POSITION_FORM = ("as_player", "hand", "samples", "time_limit", "seed", "workers")
"""The options of the ``--at`` form; a single card on a table has no hand to value."""


@app.command(
    short_help="Why a card may or may not capture; or every move at a point.",
    epilog=examples(
        'tutor explain --ruleset scopa --deck french --table "4H QD 3H AS" JD',
        'tutor explain --ruleset scopone-16 --table "AD 3C 4S 5B FD" CB',
        "tutor explain docs/examples/seed003-scopa.yaml --at 2",
    ),
)
def explain(
    ctx: typer.Context,
    card: Annotated[
        str,
        typer.Argument(
            metavar="CARD|FILE",
            help="The card to play, e.g. 7D; with --at, a hand record.",
            show_default=False,
        ),
    ],
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            "-r",
            help="A ruleset name (see: tutor rules) or a YAML file; required without --at.",
        ),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            "-t",
            metavar="CARDS",
            help='The cards on the table, e.g. "4C FD 3B AS" ("" if empty); required without --at.',
        ),
    ] = None,
    deck: Annotated[
        str,
        typer.Option(
            "--deck",
            "-d",
            metavar="STYLE",
            help="Card letters: italian, french, spanish, portuguese.",
        ),
    ] = "italian",
    at: Annotated[
        int | None,
        typer.Option(
            "--at", "-n", min=0, metavar="N", help="Explain every legal move after play N of FILE."
        ),
    ] = None,
    as_player: Annotated[
        str | None,
        typer.Option("--as", metavar="PLAYER", help="With --at: the player to move (a check)."),
    ] = None,
    hand: HandOption = 1,
    samples: SamplesOption = DEFAULT_SAMPLES,
    time_limit: time_option(short=False) = DEFAULT_TIME,  # type: ignore[valid-type]
    seed: SeedOption = 0,
    workers: WorkersOption = None,
    json_out: JsonOption = False,
) -> None:
    """Every capture CARD may make on the table, and the rule that forbids each of the others.

    With --at N, CARD is a hand record (FILE): every legal move of the player to move after
    play N, in plain words: what it captures, what it leaves and the sweep risk with its odds,
    its effect on matched and unmatched values, its value with interval, and its observations.
    """
    wrong = typed_options(ctx, _RULE_FORM if at is not None else _POSITION_FORM)
    if wrong and at is not None and not file_exists(card):
        # audit (stop 49): '7D --table "" --at 3' was told the record gives the table
        raise typer.BadParameter(
            _(
                "--at N explains a point of a hand record, and {card!r} is no file: without "
                "--at, CARD is a card and its captures on --table are explained"
            ).format(card=Shown(card)),
            param_hint="--at",
        )
    if wrong:
        why = (
            _("the hand record of --at gives the ruleset, the deck and the table")
            if at is not None
            else _("used only with --at N, to value every move of a hand record")
        )
        raise typer.BadParameter(why, param_hint=", ".join(wrong))
    if at is not None:
        explain_position_command(
            Path(card), at, as_player, hand, samples, time_limit, seed, workers, json_out
        )
        return
    if ruleset is None or table is None:
        missing = "--ruleset" if ruleset is None else "--table"
        raise MissingOption(
            _("Give it, or --at N to explain every move at a point of a hand record."),
            param_hint=missing,
        )
    style = deck_style(deck)
    rules = load_ruleset(ruleset)
    try:
        played = parse_card(card, style)
    except NotationError as exc:
        raise InputError(_("CARD") + f": {exc}{_deck_hint(card, style)}") from None
    try:
        laid = parse_table(table, played, style)
    except NotationError as exc:
        raise InputError(f"--table: {exc}{_deck_hint(table, style)}") from None
    explanation = explain_play(played, laid, rules, style)
    if json_out:
        print_json(explanation.to_json())
        return
    # lazy: rich loads only for human output
    from tutor.render.rules import explain_table
    from tutor.render.terminal import emit

    console, fancy = human_console()
    emit(console, explain_table(explanation, fancy))


def _deck_hint(text: str, style: Style) -> str:
    """``; it reads as a card in french notation: give --deck french`` when the cards typed
    are cards of another deck's notation (as a record's message names its 'deck' key)."""
    return other_deck_hint(
        text,
        style,
        lambda n, fits: ngettext(
            "it reads as a card in {styles} notation: give {option}",
            "they read as cards in {styles} notation: give {option}",
            n,
        ).format(styles=styles_shown(fits), option=_(" or ").join(f"--deck {f}" for f in fits)),
    )
