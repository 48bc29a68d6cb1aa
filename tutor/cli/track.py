"""``tutor track``: the rule-of-48 board and inference from one seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tutor.cli.core import (
    EarlierOption,
    JsonOption,
    StyleOption,
    TrustOption,
    app,
    check_at,
    check_player,
    examples,
    file_argument,
    human_console,
    note,
    print_json,
    record_hands,
    stated_styles,
)
from tutor.counting.defaults import TRUST_DEFAULT
from tutor.game.i18n import ngettext


@app.command(
    "track",
    short_help="What a player can count and infer at a point of a hand.",
    epilog=examples(
        "tutor track docs/examples/partial-view.yaml --as South --at 20",
        "tutor track docs/examples/scopone-hand.yaml --as North --json",
        "tutor track docs/examples/scopone-hand.yaml --as South --at 12 --style West=grabber",
    ),
)
def track_command(
    file: Annotated[Path, file_argument("A hand record.")],
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
    stated: StyleOption = None,
    earlier: EarlierOption = True,
    json_out: JsonOption = False,
) -> None:
    """What PLAYER can count and infer after play N: the rule-of-48 tracker.

    Shows the values board (captured, matched or unmatched, on the table, yours, unseen), the
    unseen cards, the sparigli, the rule-of-220 and even-total checks, the sweep risk, a table
    of the other players x values (must / cannot from the facts, or the probability, readings
    of behaviour weighed in), the readings and tells with the chance each is true, and each
    deduction with what it rests on (those resting on readings with their probability). Only
    PLAYER's own cards and the cards played count as seen, whatever else the record gives.

    How each player plays (grabber, careful, careless) sets what their plays say: it is read
    from the hand, from the earlier hands of a match file, and from what you state with
    --style.
    """
    # lazy: the inference loads the assignment model; replay --json must start fast
    from tutor.counting.inference import hand_view, known_styles

    hands = record_hands(file, hand, shown=not json_out)
    record = hands[-1]
    seat = check_player(file, record, as_player)
    check_at(file, record, at)
    viewer = record.players[seat]
    styles = known_styles(
        hands, stated_styles(record.players, stated or [], viewer), earlier, viewer
    )
    if not json_out:  # a player named You, seen from another seat, is named as a player
        seen = record.seen_from(record.players[seat])
        renamed = dict(zip(record.players, seen.players, strict=True))
        record, styles = seen, {renamed.get(p, p): prior for p, prior in styles.items()}
    result = hand_view(record, seat, at, hand, trust, styles)
    name = result.player
    state = result.view.inference.state
    hidden = state.unknown[seat]
    if hidden:
        # with several deals, which one (first-hour audit, stop 55: "does not give Me's
        # cards" where the record gave the first deal's, not the second's)
        said = (
            ngettext(
                "the record does not give {name}'s cards of deal {deal}: the {n} card {name} "
                "holds counts as unseen",
                "the record does not give {name}'s cards of deal {deal}: the {n} cards {name} "
                "holds count as unseen",
                hidden,
            )
            if state.rules.deals_per_hand > 1
            else ngettext(
                "the record does not give {name}'s cards: the {n} card {name} holds counts as "
                "unseen",
                "the record does not give {name}'s cards: the {n} cards {name} holds count as "
                "unseen",
                hidden,
            )
        )
        note(f"tutor: {file}: " + said.format(name=name, n=hidden, deal=state.deal_index))
    if json_out:
        print_json(result.to_json())
        return
    # lazy: rich loads only for human output
    from tutor.render.replay import hand_view_lines
    from tutor.render.terminal import emit

    console, fancy = human_console()
    emit(console, *hand_view_lines(result, fancy))
