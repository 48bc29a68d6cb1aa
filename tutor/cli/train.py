"""``tutor train``: a session of puzzles chosen by spaced repetition, progress kept in SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    DbOption,
    JsonOption,
    app,
    conversation,
    db_path,
    examples,
    file_option,
    human_console,
    interrupted,
    note,
    print_json,
    session_interrupt,
    session_output,
    typed_options,
    waiting_note,
)
from tutor.cli.puzzle import ask, check_theme, judge_answer, themes_help
from tutor.game.i18n import _, ngettext

if TYPE_CHECKING:
    from tutor.puzzles.answer import Verdict
    from tutor.training.trainer import Pick


@app.command(
    "train",
    short_help="Train on puzzles chosen by spaced repetition (Leitner boxes).",
    epilog=examples(
        "tutor train --count 5",
        "tutor train --theme sweep --ruleset scopa --db progress.sqlite",
        "printf 'skip\\nskip\\n' | tutor train --count 2 --puzzles puzzles/",
    ),
)
@conversation
def train_command(
    ctx: typer.Context,
    theme: Annotated[
        str | None, typer.Option("--theme", help=themes_help("Only puzzles with this theme"))
    ] = None,
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help="Only puzzles of this ruleset.")
    ] = None,
    db: DbOption = None,
    count: Annotated[
        int, typer.Option("--count", "-n", min=1, help="Puzzles in the session.")
    ] = 10,
    puzzles: Annotated[
        list[Path] | None,
        file_option("--puzzles", metavar="DIR", help="A folder of your own puzzles (repeatable)."),
    ] = None,
    rescue: Annotated[
        Path | None,
        file_option(
            "--import",
            metavar="FILE",
            help="Save the answers of a rescue file (written when another session held the "
            "database; the message then names it) into the database, and stop: no session.",
        ),
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Train on puzzles chosen by spaced repetition (Leitner boxes).

    Puzzles due for review come first; a new one is mixed in every third puzzle, and whenever
    nothing is due. A missed puzzle comes back after ten minutes, a solved one days later; one
    solved ahead of time (not yet due, asked because nothing else is) stays in its box.
    Type the answer, or skip to give up (it counts as missed and the answer is shown), or quit
    to end the session as the end of the input does; an answer that cannot be read is asked
    again with the reason and never counted. Every answer is saved at once, so a killed session
    loses nothing. Answers are read from standard input, so a session can be scripted; with
    --json the puzzles go to stderr and a summary to stdout.
    """
    # rich and the solver load here, not at start-up, so the first puzzle shows quickly
    from tutor.render.terminal import emit, make_console
    from tutor.training.store import ProgressStore, StoreError
    from tutor.training.trainer import Trainer, TrainError, TrainSession, check_options, summary

    if rescue is not None:
        session = typed_options(ctx, ("theme", "ruleset", "count", "puzzles"))
        if session:  # they choose the puzzles of a session, and --import holds none
            raise typer.BadParameter(
                _("--import saves a rescue file's answers and starts no session"),
                param_hint=", ".join(session),
            )
        _import(rescue, db_path(db), json_out)
        return
    from tutor.render.puzzle import puzzle_position, verdict_view

    theme = check_theme(theme)
    check_options(theme, ruleset, puzzles or [])  # before the store is opened, and so created
    path = db_path(db)
    console, fancy = (make_console(stderr=True), False) if json_out else human_console()
    with ProgressStore(path, on_wait=waiting_note(path)) as store:
        try:
            trainer = Trainer.open(store, puzzles or [], theme, ruleset)
        except TrainError:  # nothing to train on: a database made for this run is not kept
            store.remove_if_unused()
            raise
        for problem in trainer.skipped_files:
            note("tutor: " + _("skipped: {problem}").format(problem=problem))
        training = TrainSession(trainer, count)
        results = training.results  # those answered also when a Ctrl-C ends the session
        try:
            # a closed terminal or a kill ends the session as Ctrl-C does: the answers another
            # session kept out of the store go to a file, not down with the process
            # and with the output gone (| head -3) it stops saying so, exit 74, as play does
            saved = _("every answer given so far is saved in {path}").format(path=path)
            with session_interrupt() as stop, session_output(lambda: note("tutor: " + saved)):
                training.run(
                    ask,
                    show_puzzle=lambda p: emit(console, *puzzle_position(p, fancy)),
                    show_verdict=lambda p, v: emit(console, *verdict_view(p, v, fancy)),
                    show=lambda text: emit(console, text),
                    say=lambda text: note("tutor: " + text),
                    judge=judge_answer,
                )
        except BaseException:  # what the store cannot take now goes to a file
            trainer.finish(wait=0)
            raise
        stopped = stop.caught
        try:  # answers kept while another session held the store (no wait after Ctrl-C)
            try:
                trainer.finish(wait=0 if stopped else None)
            except KeyboardInterrupt:  # Ctrl-C during that wait: stop waiting, and still
                # give the summary and where the answers not saved are (store audit, stop 55)
                interrupted()
                stopped = True
                trainer.finish(wait=0)
        except StoreError:
            # they are in a file the error names, and it ends the run (exit 3); what was
            # answered stands all the same: a script still gets the summary
            if json_out:
                print_json({**summary(results, stopped), "database": str(path)})
            raise
    _tally(results, path)
    if json_out:
        print_json({**summary(results, stopped), "database": str(path)})
    if stopped:
        raise typer.Exit(EXIT_INTERRUPTED)


def _import(rescue: Path, path: Path, json_out: bool) -> None:
    """``--import``: the rescue file's answers saved in the database at ``path``."""
    from tutor.training.store import ProgressStore
    from tutor.training.trainer import import_rescue, read_rescue

    rescued = read_rescue(rescue)  # before the store is opened: bad input makes no database
    with ProgressStore(path, on_wait=waiting_note(path)) as store:
        done = import_rescue(store, rescued)
    meant = [d for d in done.databases if Path(d) != path.absolute()]
    if meant:
        note(
            "tutor: "
            + _("the file's answers were meant for {files}").format(files=", ".join(meant))
        )
    note(
        "tutor: "
        + ngettext(
            "{n} answer saved in {file}",
            "{n} answers saved in {file}",
            done.kept,
        ).format(n=done.kept, file=path)
        + (
            "; "
            + ngettext(
                "{n} was there already",
                "{n} were there already",
                done.already,
            ).format(n=done.already)
            if done.already
            else ""
        )
    )
    if json_out:
        print_json({"imported": done.kept, "already": done.already, "database": str(path)})


def _tally(results: list[tuple[Pick, Verdict]], path: Path) -> None:
    """How many answers of the session were right, and where they are saved."""
    right = sum(1 for _pick, v in results if v.correct)
    if not results:  # not "0 of 0 right" (English audit, stop 52)
        note("tutor: " + _("no puzzle answered; progress kept in {file}").format(file=path))
        return
    note(
        "tutor: "
        + ngettext(
            "{right} of {n} right; progress saved in {file}",
            "{right} of {n} right; progress saved in {file}",
            right,
        ).format(right=right, n=len(results), file=path)
    )
