"""``tutor play``: a match against the computer, the tutor commenting on each of your plays."""

from __future__ import annotations

import secrets
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    InputError,
    NewDeckOption,
    NewRulesetOption,
    WorkersOption,
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
    session_output,
    usage_fail,
)
from tutor.game.i18n import _, ngettext
from tutor.search.defaults import TIME_MAX
from tutor.training.defaults import FEEDBACK_FIRST_ROUND, FEEDBACK_TIME

if TYPE_CHECKING:
    from tutor.training.play import Event, PlaySession

PLAY_HELP = (
    "Play a hand of scopone or scopa against the computer, with the tutor at your side.\n\n"
    "The computer takes the other seats (--partner, --opponents: random, greedy, chitarrella, "
    "search, search-classic or ismcts, the last three with :SECONDS a move; the default is "
    "chitarrella "
    "everywhere, a fair game). On your "
    "turn you see the table, your cards with the plays each can make, the cards left in each "
    "hand, the score and the rule-of-48 board (--no-board hides it). Type a play in the deck's "
    "notation (the italian deck by default, suits D C S B, as in the lines below; --deck "
    "french takes D H S C):\n\n"
    "\b\n"
    "  7D x 2C 5S   play a card and take cards with it\n"
    "  3C           a card alone: laid, or its only capture\n"
    "  hint         the best play from your seat, its value and reasons\n"
    "  explain      every legal play in words, with its value\n"
    "  board        the counting board\n"
    "  undo         take back your last play and the computer's replies\n"
    "  save         save now\n"
    "  help         these lines\n"
    "  quit         stop (the end of the input does the same)\n\n"
    "An ambiguous or illegal play is refused with the legal choices. After each of your plays "
    "the tutor says at once what the review would say: the class (best, good, inaccuracy, "
    "mistake, blunder; the classes it may be, such as best–good, when the samples cannot "
    "settle it within about a second), the cost "
    "against the best play, and the observations (missed scopa, sweepable table, ...). At the "
    "end of a hand come the score, the review of your plays and the next hand, until the "
    "match reaches the ruleset's target; the deal passes to the right.\n\n"
    "Every hand is saved after every play (atomically) as a hand record with every hand "
    "known and a note on each of your plays: tutor replay and tutor review read it, and "
    "--resume FILE goes on with it after a break or a crash. When standard input is not a "
    "terminal the lines are read from it, so a game can be scripted: a rejected line is "
    "reported with its number, the game goes on, and the exit code is 1 if any line was "
    "rejected.\n\n"
    "--hints ask (the default): hint and explain answer when typed; on: a hint before each of "
    "your plays as well; off: no hint and no explanation (the tutor still comments)."
)


@app.command(
    "play",
    short_help="Play against the computer, the tutor commenting on your plays.",
    help=PLAY_HELP,
    epilog=examples(
        "tutor play --seed 3",
        "tutor play --ruleset scopa --deck french --opponents search:0.5 --save game.yaml",
        "printf 'hint\\n3C\\nquit\\n' | tutor play --seed 3 --save hinted.yaml",
        "tutor play --resume game.yaml",
    ),
)
@conversation
def play_command(
    ruleset: NewRulesetOption = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            min=1,
            help="Your seat in the first hand: 1 leads, the last deals (default 1).",
        ),
    ] = None,
    partner: Annotated[
        str | None,
        typer.Option("--partner", metavar="PLAYER", help="Your partner (default chitarrella)."),
    ] = None,
    opponents: Annotated[
        str | None,
        typer.Option("--opponents", metavar="PLAYER", help="The opponents (default chitarrella)."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the deals and the computer's plays (default: new)."),
    ] = None,
    hints: Annotated[
        str | None, typer.Option("--hints", metavar="on|off|ask", help="Hints (default ask).")
    ] = None,
    save: Annotated[
        Path | None,
        file_option("--save", "-o", help="The record to save to (default: play-DATE-TIME.yaml)."),
    ] = None,
    deck: NewDeckOption = None,
    no_board: Annotated[
        bool, typer.Option("--no-board", help="Do not show the counting board each turn.")
    ] = False,
    resume: Annotated[
        Path | None,
        file_option("--resume", help="Go on with the game saved in FILE (and save to it)."),
    ] = None,
    feedback_time: Annotated[
        float | None,
        typer.Option(
            "--feedback-time",
            min=0.01,
            max=TIME_MAX,
            metavar="S",
            help=(
                f"Seconds the tutor samples each of your plays (default {FEEDBACK_TIME:g}), "
                f"after a first look at {FEEDBACK_FIRST_ROUND} deals that always runs to its end."
            ),
        ),
    ] = None,
    workers: WorkersOption = None,
) -> None:
    # lazy: the session loads the search, the review and the inference; keeping
    # them out of the module keeps every other command's start quick
    from dataclasses import replace

    from tutor.search.roster import PlayerError, make_player
    from tutor.training.play import FEEDBACK, HINT_MODES, PlayError, PlaySession

    if hints is not None and hints not in HINT_MODES:
        raise typer.BadParameter(
            _("{mode!r}: choose one of {modes}").format(mode=hints, modes=", ".join(HINT_MODES)),
            param_hint="--hints",
        )
    for option, spec in (("--partner", partner), ("--opponents", opponents)):
        if spec is not None:
            try:
                make_player(spec)
            except PlayerError as exc:
                raise typer.BadParameter(str(exc), param_hint=option) from None
    feedback = None if feedback_time is None else replace(FEEDBACK, time=feedback_time)
    try:
        if resume is not None:
            if save is not None:
                check_save(save)
            else:  # the resumed file is saved to: one it cannot write is said now
                check_save(resume, "--resume")
            session = PlaySession.resume(
                resume, hints, save, workers=workers, feedback=feedback, board=not no_board
            )
            # the same options again (the command that began the game, --resume added) are
            # taken; another value is refused (play audit, stop 53: "--deck portuguese" was
            # refused with a file of portuguese cards)
            given = session.differs(ruleset, deck, partner, opponents, seed, seat)
            if given:
                raise typer.BadParameter(
                    _("the resumed file says how the game is played"),
                    param_hint=given[0],
                )
            note_comments_lost(resume, save)
            note(
                "tutor: "
                + ngettext(
                    "resuming {file}: hand {hand}, {n} play so far",
                    "resuming {file}: hand {hand}, {n} plays so far",
                    len(session.record.plays),
                ).format(file=resume, hand=session.hand_number, n=len(session.record.plays))
            )
        else:
            style = deck_style(deck or "italian")
            drawn = seed is None
            if seed is None:
                seed = secrets.randbelow(1_000_000)
            save = new_save_file(save, "play")
            try:
                session = PlaySession.new(ruleset or "scopone-scientifico", seat or 1, partner,
                                          opponents, seed, hints or "ask", style, save,
                                          workers=workers, feedback=feedback,
                                          board=not no_board)  # fmt: skip
            except PlayError as exc:
                usage_fail(str(exc), "tutor play")
            except KeyboardInterrupt:
                # the set-up is saved before new() returns: say where, as a later Ctrl-C does
                interrupted()
                if save.exists():
                    _say_saved(save, over=False)
                raise typer.Exit(EXIT_INTERRUPTED) from None
            if drawn:  # once the game is set up: a usage error comes alone
                note(
                    "tutor: "
                    + _("seed {seed} ({command} deals the same game)").format(
                        seed=seed, command=f"tutor play --seed {seed}"
                    )
                )
    except PlayError as exc:
        raise InputError(str(exc)) from None
    _run(session)


def _run(session: PlaySession) -> None:
    # lazy: rich loads with the renderables
    from tutor.render.play import event_view
    from tutor.render.terminal import emit
    from tutor.training.play import Said, help_text

    interactive = sys.stdin.isatty()
    console, fancy = human_console()
    if interactive:
        note_wrapped(help_text(session.style))

    def show(event: Event) -> None:
        if isinstance(event, Said) and event.after_ctrl_c and console.file.isatty():
            console.file.write("\n")  # not after the ^C the terminal echoed (audit, stop 49)
        emit(console, *event_view(event, session.style, fancy))

    try:
        # a kill or a closed terminal is Ctrl-C already (every command runs under
        # ended_as_interrupt): saved and said; so is output that is gone
        with session_output(lambda: _saved(session)):
            why = session.run(line_reader(session.prompt), show,
                              lambda message: note(f"tutor: {message}"),
                              numbered=not interactive)  # fmt: skip
    except KeyboardInterrupt:
        interrupted()
        _saved(session)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if why == "over":
        note("tutor: " + _("the match is over; saved to {file}").format(file=session.save_path))
    else:
        _saved(session)
    fail_if_rejected(session.rejected, interactive)


def _saved(session: PlaySession) -> None:
    """Where the game is saved and how to go on with it."""
    if session.save_path is not None:
        _say_saved(session.save_path, over=session.phase() == "over")


def _say_saved(path: Path, over: bool) -> None:
    note("tutor: " + _("saved to {file}").format(file=path))
    if not over:
        command = f"tutor play --resume {shlex.quote(str(path))}"
        note("tutor: " + _("continue with: {command}").format(command=command))
