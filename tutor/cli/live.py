"""``tutor live``: a hand typed in as it is played, saved after every entry."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    InputError,
    JsonOption,
    NewDeckOption,
    NewRulesetOption,
    StyleOption,
    TrustOption,
    app,
    check_save,
    conversation,
    deck_style,
    examples,
    fail_if_rejected,
    file_option,
    human_console,
    interrupted,
    line_reader,
    new_save_file,
    note,
    note_comments_lost,
    note_wrapped,
    print_json,
    session_output,
    stated_styles,
    usage_fail,
)
from tutor.counting.defaults import TRUST_DEFAULT
from tutor.game.i18n import _, ngettext
from tutor.records.replay import replay_hand, replay_match

if TYPE_CHECKING:
    from tutor.counting.inference import CountView
    from tutor.training.live import LiveSession, LiveUpdate


LIVE_HELP = (
    "Type in a hand as it is played; the board and inferences update after every play.\n\n"
    "Give the ruleset, the players in playing order (the first leads, the dealer is last), "
    "your own seat (--as) and the deck notation (--deck); then type one line at a time, the "
    "cards in that notation (the lines below are in the french deck's, as with --deck french; "
    "the default, italian, writes its suits D C S B):\n\n"
    "\b\n"
    # every word the session's own help lists (English audit, stop 52: fix, notes and the
    # next hand's deal were missing here)
    "  2C 4H 5S QD        the opening table (first line)\n"
    "  7D 7H AS           your cards when asked (or: deal 7D 7H AS), at each deal\n"
    "  7D x 2C 5S         a play: the card, then x and the cards it takes\n"
    "  Ada: 3H            a play with the player's name in front (checked)\n"
    "  3H # ...           a play with a note, kept in the record\n"
    "  undo               take back the last entry\n"
    "  fix 12 7D x 2C 5S  put right play 12, mistyped; the plays after it stand if they "
    "still can\n"
    "  deal               after a hand's last play: the match's next hand, in the same file\n"
    "  board              show the board again\n"
    "  help               show these lines\n"
    "  quit               stop (the end of the input does the same)\n\n"
    "A typing mistake (an unknown card, a card already seen, an illegal capture, a card the "
    "player cannot hold) gets a message and the prompt again. The hand is saved as a hand "
    "record after every accepted line (atomically), so --resume FILE continues it after a "
    "crash or a kill; --resume takes the ruleset, the players and the deck from the file, "
    "and your seat once it gives your cards (before that, give --as again).\n\n"
    "When standard input is not a terminal the same lines are read from it, so a session can "
    "be scripted: a rejected line is reported with its number, the session goes on, and the "
    "exit code is 1 if any line was rejected (0 otherwise), so that a script sees a typo. "
    "With --json the output is JSON Lines: one JSON object per accepted line (the entry and "
    "the tracker's analysis), each on a line of its own on stdout.\n"
)


@app.command(
    "live",
    short_help="Type in a hand as it is played; the board after every play.",
    help=LIVE_HELP,
    epilog=examples(
        "tutor live --ruleset scopa --players You,Ada --as You --deck french --save hand.yaml",
        "printf '2C 4H 5S QD\\n7D 7H AS\\n7D x 2C 5S\\nAda: 3H\\n' | "
        "tutor live --ruleset scopa --players You,Ada --as You --deck french --save typed.yaml",
    ),
)
@conversation
def live_command(
    ruleset: NewRulesetOption = None,
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="The players in playing order, comma-separated."),
    ] = None,
    as_player: Annotated[
        str | None, typer.Option("--as", metavar="PLAYER", help="Your own seat (a player).")
    ] = None,
    deck: NewDeckOption = None,
    save: Annotated[
        Path | None,
        file_option(
            "--save", "-o", help="The hand record to save to (default: live-DATE-TIME.yaml)."
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        file_option("--resume", help="Continue the session saved in FILE (and save to it)."),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Do not show the board after each play.")
    ] = False,
    trust: TrustOption = TRUST_DEFAULT,
    stated: StyleOption = None,
    earlier: Annotated[
        Path | None,
        file_option(
            "--earlier",
            help="The earlier hands of the match (a record file of the same ruleset, not the one "
            "saved to): the players' styles of play are read from them, by name in any case.",
        ),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    # lazy: the session loads the inference; replay --json must start fast
    from tutor.training.live import LiveError, LiveSession

    try:
        if resume is not None:
            if save is not None:
                check_save(save)
            else:  # the resumed file is saved to: one it cannot write is said now
                check_save(resume, "--resume")
            session = LiveSession.resume(resume, as_player, save)
            # the options the hand began with are taken again, another value is refused (as
            # in play: the command that began it can be run again with --resume added)
            for given, option, why in (
                (players, "--players", _("the players come from the resumed file")),
                (ruleset, "--ruleset", _("the ruleset comes from the resumed file")),
                (deck, "--deck", _("the deck comes from the resumed file")),
            ):
                if given is not None and not session.began_with(option, given):
                    raise typer.BadParameter(why, param_hint=option)
            note_comments_lost(resume, save)
            note(
                "tutor: "
                + ngettext(
                    "resuming {file}: {n} play so far",
                    "resuming {file}: {n} plays so far",
                    len(session.plays),
                ).format(file=resume, n=len(session.plays))
            )
        else:
            if players is None or as_player is None:
                raise typer.BadParameter(
                    _("give --players A,B,... and --as PLAYER (or --resume FILE)"),
                    param_hint="--players",
                )
            save = new_save_file(save, "live")
            style = deck_style(deck or "italian")
            try:
                session = LiveSession.new(
                    ruleset or "scopone-scientifico", players.split(","), as_player, style, save
                )
            except LiveError as exc:
                usage_fail(str(exc), "tutor live")
    except LiveError as exc:
        raise InputError(str(exc)) from None
    session.trust = trust
    session.shown_names = not json_out  # a person reads the board: Nord, Tu (live audit, stop 56)
    session.styles = stated_styles(session.players, stated or [], session.players[session.me])
    if earlier is not None:
        try:
            session.read_earlier(earlier)
        except LiveError as exc:  # a file that is not this match's: the option is wrong
            raise typer.BadParameter(str(exc), param_hint="--earlier") from None
    session.carry_styles()  # through the hands of the match the file holds before this one
    _run_live(session, quiet, json_out)


def _run_live(session: LiveSession, quiet: bool, json_out: bool) -> None:
    # lazy: rich loads with the renderables; the session has loaded the inference already
    from rich.text import Text

    from tutor.render.replay import hand_end
    from tutor.render.scores import match_table, position_lines
    from tutor.render.terminal import emit
    from tutor.render.tracker import tracker_view
    from tutor.training.live import intro

    interactive = sys.stdin.isatty()
    if interactive:
        note_wrapped(intro(session.style, table=session.rules.table_cards > 0))

    read = line_reader(session.prompt)

    ended = False
    """The end of the hand (its score) has been shown since the last play came in."""

    def show_end() -> None:
        nonlocal ended
        ended = True
        if json_out:
            return
        record = session.record().shown()  # as the match table below names the players
        console, fancy = human_console()
        end = hand_end(replay_hand(record), record, fancy)
        emit(console, Text(_("The hand is over.")), *end)
        hands = session.hands()
        match = replay_match([h.shown() for h in hands])
        if len(hands) > 1:  # a match typed in hand after hand: its score so far
            table = match_table(match.match, match.shown_sides(), fancy)
            emit(console, Text(""), table)
        if interactive:
            note(session.over_message(match.match.over))

    def board(analysis: CountView) -> None:
        console, fancy = human_console()
        sides = session.record().shown().shown_team_names()
        emit(
            console,
            *position_lines(analysis, sides, session.style, fancy),
            *tracker_view(analysis, session.style, fancy),
        )

    def show(update: LiveUpdate) -> None:
        nonlocal ended
        if json_out:
            print_json(update.to_json())
        elif update.analysis is not None and (not quiet or update.entry.kind == "board"):
            board(update.analysis)
        if update.entry.kind not in ("board", "help"):
            ended = False
            # The score as soon as the last play is in: the session reads on, for undo.
            if session.phase() == "over":
                show_end()

    try:
        # a kill or a closed terminal is Ctrl-C already (every command runs under
        # ended_as_interrupt): saved and said
        with session_output(lambda: _live_saved(session)):
            if session.phase() == "over":  # a finished hand resumed: its score at once
                show_end()
            elif session.plays and not json_out and not quiet and session.phase() == "play":
                board(session.analysis())
            session.run(
                read,
                show,
                # the help (several lines) wrapped to the terminal; an echoed line as typed
                lambda text: note_wrapped(text) if "\n" in text else note(text),
                lambda message: note(f"tutor: {message}"),
                numbered=not interactive,
            )
    except KeyboardInterrupt:
        interrupted()
        _live_saved(session)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if session.phase() == "over" and not ended:  # its score, once
        show_end()
    _live_saved(session)
    fail_if_rejected(session.rejected, interactive)


def _live_saved(session: LiveSession) -> None:
    """Where the session is saved and, for an unfinished hand, how to continue it."""
    if session.save_path is not None and session.table is not None:
        note("tutor: " + _("saved to {file}").format(file=session.save_path))
        if session.phase() == "over":  # a finished hand has nothing to continue (stop 48)
            # but it has a review: the next step, said (new-user audit, stop 52)
            review = (
                f"tutor review {shlex.quote(str(session.save_path))} "
                f"--as {shlex.quote(session.my_name)}"
            )
            note("tutor: " + _("review it with: {command}").format(command=review))
            return
        command = f"tutor live --resume {shlex.quote(str(session.save_path))}"
        if not session.seat_is_saved():
            command += f" --as {shlex.quote(session.my_name)}"
        note("tutor: " + _("continue with: {command}").format(command=command))
