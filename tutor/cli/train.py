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
from tutor.game.i18n import _, day_text, ngettext
from tutor.game.interrupts import interrupts_held

if TYPE_CHECKING:
    from rich.console import Console

    from tutor.puzzles.answer import Verdict
    from tutor.training.trainer import Pick, Trainer


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
    from tutor.render.terminal import make_console
    from tutor.training.store import ProgressStore, StoreError
    from tutor.training.trainer import Trainer, TrainError, check_options, summary

    if rescue is not None:
        session = typed_options(ctx, ("theme", "ruleset", "count", "puzzles"))
        if session:  # they choose the puzzles of a session, and --import holds none
            raise typer.BadParameter(
                _("--import saves a rescue file's answers and starts no session"),
                param_hint=", ".join(session),
            )
        _import(rescue, db_path(db), json_out)
        return
    theme = check_theme(theme)
    check_options(theme, ruleset, puzzles or [])  # before the store is opened, and so created
    path = db_path(db)
    console, fancy = (make_console(stderr=True), False) if json_out else human_console()
    results: list[tuple[Pick, Verdict]] = []
    with ProgressStore(path, on_wait=waiting_note(path)) as store:
        try:
            trainer = Trainer.open(store, puzzles or [], theme, ruleset)
        except TrainError:  # nothing to train on: a database made for this run is not kept
            store.remove_if_unused()
            raise
        for problem in trainer.skipped_files:
            note("tutor: " + _("skipped: {problem}").format(problem=problem))
        try:
            # a closed terminal or a kill ends the session as Ctrl-C does: the answers another
            # session kept out of the store go to a file, not down with the process
            # and with the output gone (| head -3) it stops saying so, exit 74, as play does
            saved = _("every answer given so far is saved in {path}").format(path=path)
            with session_interrupt() as stop, session_output(lambda: note("tutor: " + saved)):
                _session(trainer, count, console, fancy, json_out, results)
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


def _session(
    trainer: Trainer,
    count: int,
    console: Console,
    fancy: bool,
    json_out: bool,
    results: list[tuple[Pick, Verdict]],
) -> None:
    """Ask up to ``count`` puzzles, judge and record each answer (added to ``results``)."""
    import time

    from tutor.render.puzzle import puzzle_position, verdict_view
    from tutor.render.terminal import emit
    from tutor.training.trainer import describe, how_soon

    for n in range(1, count + 1):
        pick = trainer.next()
        if pick is None:
            note("tutor: " + _("every puzzle has been asked in this session"))
            break
        head = _("Puzzle {n} of {count}: {name}, {why}").format(
            n=n, count=count, name=pick.puzzle.name, why=describe(pick, time.time())
        )
        emit(console, "\n" + head)
        emit(console, *puzzle_position(pick.puzzle, fancy))
        how, answer = ask(pick.puzzle)
        if how == "end":
            if trainer.unsaved:  # the caller's finish() saves them, or names a rescue file
                note("tutor: " + _("end of the input: the session stops"))
            else:
                note(
                    "tutor: "
                    + _("end of the input: the session stops; every answer so far is saved")
                )
            break
        if how == "quit":  # as the end of the input
            if trainer.unsaved:
                note("tutor: " + _("the session stops"))
            else:
                note("tutor: " + _("the session stops; every answer so far is saved"))
            break
        # an answer typed is judged and kept before a Ctrl-C stops the session: one pressed
        # just after Enter lost it while the session said all was saved (store audit, stop 55)
        with interrupts_held():
            verdict = judge_answer(pick.puzzle, answer)
            kept = len(trainer.unsaved)
            sched = trainer.record(pick, verdict, None if answer is None else answer.text)
            results.append((pick, verdict))
        emit(console, *verdict_view(pick.puzzle, verdict, fancy))
        if sched is None:
            emit(
                console,
                _(
                    "Not saved yet: another session holds the progress database. The answer is "
                    "kept, and saved with the next one or at the end of the session."
                )
                if trainer.rescue_file is None
                else _(
                    "Not saved yet: another session holds the progress database. The answer is "
                    "kept, in {file} too until it is saved, and saved with the next one or at "
                    "the end of the session."
                ).format(file=trainer.rescue_file),
            )
            continue
        if kept:
            emit(
                console,
                ngettext(
                    "The answer kept earlier is saved now too.",
                    "The {n} answers kept earlier are saved now too.",
                    kept,
                ).format(n=kept),
            )
        left = sched.due - time.time()
        if sched.box == 1 and not sched.kept:
            when = _("in ten minutes")
        elif left < 86400.0:
            when = how_soon(left)
        else:
            day = day_text(time.strftime("%Y-%m-%d", time.localtime(sched.due)))
            when = _("on {day}").format(day=day)
        if sched.kept:  # ahead of time: spaced repetition moves a puzzle up only when it is due
            saved = _(
                "Saved. Answered ahead of time, so it stays in Leitner box {box}: it comes back "
                "{when}."
            )
        else:
            saved = _("Saved. Leitner box {box}: it comes back {when}.")
        emit(console, saved.format(box=sched.box, when=when))
