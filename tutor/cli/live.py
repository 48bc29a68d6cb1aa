"""``tutor live``: a hand typed in as it is played, saved after every entry."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    InputError,
    JsonOption,
    TrustOption,
    app,
    deck_style,
    examples,
    fail,
    human_console,
    note,
    print_json,
)
from tutor.counting.trust import TRUST_DEFAULT

if TYPE_CHECKING:
    pass


LIVE_HELP = (
    "Type in a hand as it is played; the board and inferences update after every play.\n\n"
    "Give the ruleset, the players in playing order (the first leads, the dealer is last), "
    "your own seat (--as) and the deck notation (--deck); then type one line at a time, the "
    "cards in that notation (French here, as in the example below):\n\n"
    "\b\n"
    "  2C 4H 5S QD   the opening table (first line)\n"
    "  7D 7H AS      your cards when asked (or: deal 7D 7H AS), at each deal\n"
    "  7D x 2C 5S    a play: the card, then x and the cards it takes\n"
    "  Ada: 3H       a play with the player's name in front (checked)\n"
    "  undo          take back the last entry\n"
    "  board         show the board again\n"
    "  help          show these lines\n"
    "  quit          stop (the end of the input does the same)\n\n"
    "A typing mistake (an unknown card, a card already seen, an illegal capture, a card the "
    "player cannot hold) gets a message and the prompt again. The hand is saved as a hand "
    "record after every accepted line (atomically), so --resume FILE continues it after a "
    "crash or a kill. When standard input is not a terminal the same lines are read from it, "
    "so a session can be scripted; with --json each accepted line prints one JSON object (the "
    "entry and the tracker's analysis) on stdout.\n"
)


@app.command(
    "live",
    help=LIVE_HELP,
    epilog=examples(
        "tutor live --ruleset scopa --players You,Ada --as You --deck french --save hand.yaml",
        "printf '2C 4H 5S QD\\n7D 7H AS\\n7D x 2C 5S\\nAda: 3H\\n' | "
        "tutor live --ruleset scopa --players You,Ada --as You --deck french --save hand.yaml",
    ),
)
def live_command(
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
    ] = "scopone-scientifico",
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="The players in playing order, comma-separated."),
    ] = None,
    as_player: Annotated[
        str | None, typer.Option("--as", metavar="PLAYER", help="Your own seat (a player).")
    ] = None,
    deck: Annotated[str, typer.Option("--deck", help="Card notation of the deck.")] = "italian",
    save: Annotated[
        Path | None,
        typer.Option("--save", "-o", help="The hand record to save to (default: live-DATE.yaml)."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help="Continue the session saved in FILE (and save to it)."),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Do not show the board after each play.")
    ] = False,
    trust: TrustOption = TRUST_DEFAULT,
    json_out: JsonOption = False,
) -> None:
    from tutor.training.live import LiveError, LiveSession

    style = deck_style(deck)
    try:
        if resume is not None:
            if players is not None:
                raise typer.BadParameter(
                    "the players come from the resumed file", param_hint="--players"
                )
            session = LiveSession.resume(resume, as_player, save)
            note(f"tutor: resuming {resume}: {len(session.plays)} plays so far")
        else:
            if players is None or as_player is None:
                raise typer.BadParameter(
                    "give --players A,B,... and --as PLAYER (or --resume FILE)",
                    param_hint="--players",
                )
            if save is None:
                import time

                save = Path(f"live-{time.strftime('%Y%m%d-%H%M%S')}.yaml")
            elif save.exists():
                # Saving over it would lose the hand already in it.
                raise typer.BadParameter(
                    f"{save} already exists: continue it with --resume {save}, "
                    "or choose another file",
                    param_hint="--save",
                )
            try:
                session = LiveSession.new(ruleset, players.split(","), as_player, style, save)
            except LiveError as exc:
                fail(str(exc), EXIT_USAGE)
    except LiveError as exc:
        raise InputError(str(exc)) from None
    session.trust = trust
    _run_live(session, quiet, json_out)


def _show_live(session: Any, entry: Any, quiet: bool, json_out: bool) -> None:
    phase = session.phase()
    analysis = None
    if phase in ("play", "over"):
        analysis = session.analysis()
    if json_out:
        print_json(
            {
                "entry": entry.kind,
                "text": entry.text,
                "message": entry.message,
                "plays": len(session.plays),
                "next": session.prompt(),
                "analysis": None if analysis is None else analysis.to_json(session.style),
            }
        )
        return
    if quiet or analysis is None:
        return
    from tutor.render import terminal as rendering

    console, fancy = human_console()
    rendering.emit(console, *rendering.tracker_view(analysis, session.style, fancy))


def _run_live(session: Any, quiet: bool, json_out: bool) -> None:
    from tutor.training.live import intro

    interactive = sys.stdin.isatty()
    if interactive:
        note(intro(session.style))
    try:
        _live_loop(session, quiet, json_out, interactive)
    except KeyboardInterrupt:
        note("\ntutor: interrupted")
        _live_saved(session)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if session.phase() != "over":
        _live_saved(session)
        return
    if session.save_path is not None:
        note(f"tutor: saved to {session.save_path}")
    from tutor.records.replay import replay_hand

    record = session.record()
    hand = replay_hand(record)
    if json_out:
        return
    from rich.text import Text

    from tutor.render import terminal as rendering

    console, fancy = human_console()
    rendering.emit(console, Text("The hand is over."), *rendering.hand_end(hand, record, fancy))


def _live_loop(session: Any, quiet: bool, json_out: bool, interactive: bool) -> None:
    """Read and apply lines until the hand is over, the input ends or the player quits."""
    from tutor.training.live import LiveError

    lineno = 0
    if session.plays and not json_out and not quiet and session.phase() == "play":
        from tutor.render import terminal as rendering

        console, fancy = human_console()
        rendering.emit(console, *rendering.tracker_view(session.analysis(), session.style, fancy))
    interrupted = False
    while session.phase() != "over":
        if interactive:
            sys.stderr.write(session.prompt() + "> ")
            sys.stderr.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            # Ctrl-C at the prompt drops the line being typed; a second one in a row stops.
            if not interactive or interrupted:
                raise
            interrupted = True
            note("\ntutor: Ctrl-C: line dropped (press Ctrl-C again or type quit to stop)")
            continue
        interrupted = False
        if not line:
            if interactive:
                sys.stderr.write("\n")
            return
        lineno += 1
        try:
            entry = session.enter(line)
        except LiveError as exc:
            where = "" if interactive else f"line {lineno}: "
            note(f"tutor: {where}{exc}")
            continue
        if entry.kind == "blank":
            continue
        if entry.kind == "quit":
            return
        if entry.kind == "help":
            note(entry.message.rstrip())
            continue
        if entry.kind == "board" and session.phase() not in ("play", "over"):
            note(f"tutor: the board comes once your cards are in; next: {session.prompt()}")
            continue
        if entry.kind != "board":
            note(entry.text + (f" ({entry.message})" if entry.message else ""))
        _show_live(session, entry, quiet, json_out)


def _live_saved(session: Any) -> None:
    """Where an unfinished session is saved and how to continue it."""
    if session.save_path is not None and session.table is not None:
        note(f"tutor: saved to {session.save_path}")
        note(f"tutor: continue with: tutor live --resume {session.save_path}")
