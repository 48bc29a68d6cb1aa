"""``tutor replay``: a hand record play by play, the score and the match table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli.core import (
    JsonOption,
    TrustOption,
    app,
    check_output,
    check_player,
    examples,
    file_argument,
    file_option,
    human_console,
    is_stdout,
    note,
    note_short_hands,
    print_json,
    read_line,
    write_output,
)
from tutor.counting.defaults import TRUST_DEFAULT
from tutor.game.i18n import _, quits
from tutor.records.record import HandRecord
from tutor.records.recordfile import load_path
from tutor.records.replay import MatchReplay, replay_match

if TYPE_CHECKING:
    from rich.console import RenderableType


# -- replay ------------------------------------------------------------------------------------


def _wait_for_enter() -> bool:
    """Wait for a line on stdin; False when the reader wants to stop: ``q``, or the end of the
    input (Ctrl-D), as in every other session."""
    line = read_line("-- " + _("Enter: next play, q: stop") + " --")
    return line is not None and not quits(line)


def _stopped(play: int, plays: int, hand: int | None) -> None:
    """Say on stderr where a stepped replay stopped: an input that ran out (a script's) and a
    stop asked for both end it with no score, and a replay cut short must not pass for a
    whole one (render audit, stop 57: it stopped after play 1, silently, with exit 0)."""
    text = (
        _("stopped after play {n} of {total}: no score shown")
        if hand is None
        else _("stopped after play {n} of {total} of hand {hand}: no score shown")
    )
    note("tutor: " + text.format(n=play, total=plays, hand=hand))


@app.command(
    short_help="Replay a hand record play by play, with the score of each hand.",
    epilog=examples(
        "tutor replay docs/examples/seed003-scopa.yaml",
        "tutor replay docs/examples/scopone-hand.yaml --step",
        "tutor replay docs/examples/scopa-match.yaml --json",
        "tutor replay docs/examples/seed003-scopa.yaml --html replay.html",
    ),
)
def replay(
    file: Annotated[Path, file_argument("A hand record (YAML; several documents make a match).")],
    json_out: JsonOption = False,
    step: Annotated[
        bool,
        typer.Option(
            "--step",
            help="Wait for Enter after each play (q or the end of the input, Ctrl-D, stops).",
        ),
    ] = False,
    as_player: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="PLAYER",
            help="After each play, show what PLAYER can know (the tracker's board); with "
            "--html, the page seen from PLAYER's seat.",
        ),
    ] = None,
    trust: TrustOption = TRUST_DEFAULT,
    html: Annotated[
        Path | None,
        file_option(
            "--html",
            metavar="OUT",
            help="Also write the replay as a self-contained HTML page to step through, play "
            "by play, to OUT; the text replay still prints on standard output. With - the page "
            "alone goes to standard output, instead of the text.",
        ),
    ] = None,
) -> None:
    """Replay a hand record play by play, then the score and the match table.

    Each play shows who played, the card, the capture, the table after it, scopa marks and
    the running cards/denari/scope of each side; the end of a hand shows the score with the
    primiera breakdown; a file of several hands ends with the match table.
    """
    if html is not None:
        for option, given in (("--json", json_out), ("--step", step)):
            if given:
                raise typer.BadParameter(
                    _("--html cannot be combined with {option}").format(option=option),
                    param_hint="--html",
                )
        check_output(html, "--html", "replay.html", file)
    if json_out and (step or as_player):
        raise typer.BadParameter(
            _("--json cannot be combined with --step or --as"), param_hint="--json"
        )
    records = [r if json_out else r.shown() for r in load_path(str(file))]
    note_short_hands(file, records)
    if as_player is not None:
        for record in records:
            check_player(file, record, as_player)
    match = replay_match(records)
    if html is not None:
        from tutor.render.replay_html import replay_page

        write_output(html, replay_page(match, as_player, trust))
        if is_stdout(html):  # the page is the output
            return
    if json_out:
        print_json(match.to_json())
        return
    _show_replay(records, match, step, as_player, trust)


def _show_replay(
    records: list[HandRecord],
    match: MatchReplay,
    step: bool,
    as_player: str | None,
    trust: float = TRUST_DEFAULT,
) -> None:
    # lazy: rich loads only for human output, the inference only with --as
    from rich.text import Text

    from tutor.render.replay import hand_end, hand_title, plays_table
    from tutor.render.scores import match_table
    from tutor.render.terminal import emit
    from tutor.render.tracker import tracker_board

    if as_player is not None:
        from tutor.counting.inference import count_view

    console, fancy = human_console()
    waiting = step
    several = len(match.hands) > 1
    for number, (record, hand) in enumerate(zip(records, match.hands, strict=True), start=1):
        if number > 1:
            emit(console, Text(""))
        viewer = None if as_player is None else record.players[record.seat_of(as_player)]
        title = hand_title(record, number if several else None, fancy, viewer)
        emit(console, title)
        emit(console, Text(""))
        if not (step or as_player):
            emit(console, plays_table(hand, record.style, fancy, width=console.width))
        else:
            for i in range(len(hand.steps)):
                parts: list[RenderableType] = [
                    plays_table(hand, record.style, fancy, start=i, stop=i + 1, width=console.width)
                ]
                if as_player is not None:
                    seat = record.seat_of(as_player)
                    # a player named You, seen from another seat, is named as a player
                    names = record.seen_from(record.players[seat]).players
                    view = count_view(
                        record.state_at(i + 1), seat, names, record.style, trust=trust
                    )
                    parts += [tracker_board(view, record.style, fancy), Text("")]
                emit(console, *parts)
                if waiting and i + 1 < len(hand.steps) and not _wait_for_enter():
                    _stopped(i + 1, len(hand.steps), number if several else None)
                    return
        emit(console, Text(""), *hand_end(hand, record, fancy))
        # a pause after each hand's score too, or the next hand scrolled it away (render
        # audit, stop 57)
        if waiting and number < len(match.hands) and not _wait_for_enter():
            note("tutor: " + _("stopped after hand {n} of {total}").format(
                n=number, total=len(match.hands)))  # fmt: skip
            return
    if several:
        emit(console, Text(""), match_table(match.match, match.shown_sides(), fancy))
