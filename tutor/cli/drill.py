"""``tutor drill 48``: counting practice on random positions."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    DbOption,
    DeckOption,
    Interruption,
    JsonOption,
    RulesetOption,
    TrustOption,
    app,
    conversation,
    db_path,
    deck_style,
    examples,
    note,
    print_json,
    read_line,
    session_interrupt,
    waiting_note,
)
from tutor.counting.defaults import TRUST_DEFAULT
from tutor.game.i18n import _, ngettext

if TYPE_CHECKING:
    from tutor.game.cards import Style
    from tutor.training.drill import DrillAnswer, DrillSession
    from tutor.training.store import StoreError


@app.command(
    "drill",
    short_help="Practise the rule of 48 on random positions.",
    epilog=examples("tutor drill 48", "tutor drill 48 --ruleset scopa --seed 7 --rounds 3"),
)
@conversation
def drill_command(
    kind: Annotated[
        str,
        typer.Argument(metavar="DRILL", help="The drill: 48, the rule of 48.", show_default=False),
    ],
    ruleset: RulesetOption = "scopone-scientifico",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed: the same seed asks the same questions.")
    ] = None,
    rounds: Annotated[int, typer.Option("--rounds", "-n", min=1, help="Questions to ask.")] = 5,
    question: Annotated[
        str,
        typer.Option(
            "--question",
            help="unmatched (which values are), unseen (which values the cards you have not "
            "seen hold an odd number of), holder (who holds a card, by the count or the "
            "readings) or mixed.",
        ),
    ] = "mixed",
    players: Annotated[
        str, typer.Option("--players", help="How the computer plays: greedy or random.")
    ] = "greedy",
    deck: DeckOption = "italian",
    trust: TrustOption = TRUST_DEFAULT,
    db: DbOption = None,
    no_save: Annotated[
        bool,
        typer.Option(
            "--no-save",
            help="Keep nothing: by default each answer goes to the progress database as it is "
            "given, and tutor stats shows the drill's record.",
        ),
    ] = False,
    json_out: JsonOption = False,
) -> None:
    """Practise the rule of 48: a random hand is played to a random point, then a question.

    Each question shows the hand so far from your seat (the opening table, every play, the
    table now and your cards) and asks which values are unmatched, which values the cards you
    have not seen hold an odd number of (the count the rule of 48 is for), or who holds a
    given card, as the count proves or the readings of behaviour suggest (with their odds);
    type the answer (values like 2 6 8 or none; or a player's name), skip to give up a
    question (marked wrong) or quit to stop. The tutor checks it and explains: the list of
    sparigli, the count per value, or the deduction and what it rests on. Answers are read
    from standard input, so a drill can be scripted; --seed makes it repeatable; with --json
    the questions go to stderr and a summary in JSON to stdout. Each answer is saved in the
    progress database as it is given (--db, as for tutor train; --no-save keeps nothing), so
    tutor stats shows the drill's record and a drill stopped midway keeps the answers given.
    """
    # lazy: the drill loads the inference; replay --json must start fast
    from tutor.training.drill import KINDS, PLAYER_KINDS, DrillSession

    if kind != "48":
        raise typer.BadParameter(
            _("unknown drill {name!r}; the drill is: 48").format(name=kind), param_hint=_("DRILL")
        )
    if question not in KINDS:
        raise typer.BadParameter(
            _("choose one of {names}").format(names=", ".join(KINDS)), param_hint="--question"
        )
    if players not in PLAYER_KINDS:
        raise typer.BadParameter(
            _("choose one of {names}").format(names=", ".join(PLAYER_KINDS)),
            param_hint="--players",
        )
    style = deck_style(deck)
    path = None if no_save else db_path(db)  # a --db in a missing folder: before any question
    session = DrillSession(ruleset, seed, rounds, question, players, style, trust)
    with contextlib.ExitStack() as held:
        keep = None
        if path is not None:
            from tutor.training.drill import keep_in
            from tutor.training.store import ProgressStore

            # opened and read back before the first question: a store it cannot use stops
            # the drill before anything is asked, as it stops train
            store = held.enter_context(ProgressStore(path, on_wait=waiting_note(path)))
            store.check()
            keep = keep_in(store, session)
        stop, problem = _drill(session, json_out, seed is None, style, keep)
        if path is not None and not session.asked:
            store.remove_if_unused()  # quit before the first answer: no database made for it
    if json_out:
        print_json({**session.to_json(), "interrupted": stop.caught,
                    "database": None if path is None else str(path)})  # fmt: skip
    if problem is not None:  # the answers before it are saved; the store says what went wrong
        raise problem
    if path is not None and session.asked:
        note(
            "tutor: "
            + ngettext(
                "{n} answer saved in {file}", "{n} answers saved in {file}", session.asked
            ).format(n=session.asked, file=path)
        )
    if stop.caught:
        raise typer.Exit(EXIT_INTERRUPTED)


def _drill(
    session: DrillSession,
    json_out: bool,
    drawn: bool,
    style: Style,
    keep: Callable[[DrillAnswer], None] | None,
) -> tuple[Interruption, StoreError | None]:
    """Run the drill (``drawn``: its seed drawn at random, and said) and show its score; how
    it stopped, and the store's error that ended it (None: none)."""
    from tutor.training.store import StoreError

    if drawn:
        again = _("use {option} to ask the same questions again").format(
            option=f"--seed {session.seed}"
        )
        note("tutor: " + _("seed {seed} ({again})").format(seed=session.seed, again=again))
    # lazy: rich loads only once the drill is under way
    from tutor.render.terminal import emit, is_fancy, make_console, text_lines

    console = make_console(stderr=json_out)
    fancy = is_fancy(console)

    def read() -> str | None:
        return read_line(_("answer") + "> ")

    def show(text: str) -> None:
        # Wrapped at word boundaries to the terminal, indents kept; the cards drawn as the
        # other commands draw them (output audit, stop 54: plain letters on a colour terminal)
        emit(console, *text_lines(text, glyphs=fancy, cards=style))

    def say(message: str) -> None:
        note(f"tutor: {message}")

    problem = None
    # Ctrl-C (or a closed terminal) stops the drill as train stops: with the score so far
    with session_interrupt() as stop:
        try:
            session.run(read, show, say, keep)
        except StoreError as exc:  # said after the score (exit 3); the answers before it kept
            problem = exc
    if json_out:
        note(session.summary())
    else:
        show("\n" + session.summary() + "\n")
    return stop, problem
