"""``tutor puzzle``: check puzzle files, try one, generate new ones from self-play.

The heavy parts (the solver, rich) are imported inside the commands, so that ``tutor puzzle try``
shows its position within half a second of the command being typed, interpreter start
included (issue 10's target; ``docs/puzzles.md`` gives the measured figure).
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from tutor.cli.core import (
    EXIT_INTERRUPTED,
    EXIT_PROBLEMS,
    DbOption,
    InputError,
    JsonOption,
    TutorGroup,
    WorkersOption,
    app,
    check_out_folder,
    conversation,
    db_path,
    examples,
    file_argument,
    file_option,
    human_console,
    interrupted,
    note,
    print_json,
    progress_bar,
    read_line,
    waiting_note,
)
from tutor.game.i18n import _, asks_help, ngettext, number, quits
from tutor.game.interrupts import interrupts_held
from tutor.game.textfile import unreachable
from tutor.records.puzzle_key import THEMES

if TYPE_CHECKING:
    from tutor.puzzles.answer import Answer, Verdict
    from tutor.puzzles.format import Puzzle

puzzle_app = typer.Typer(
    cls=TutorGroup,
    help="Puzzles: list them, check them, try one, generate new ones from self-play "
    "(docs/puzzles.md).",
    epilog=examples(
        "tutor puzzle list",
        "tutor puzzle try keep-the-table-above-ten",
        "tutor puzzle check puzzles/",
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(
    puzzle_app,
    name="puzzle",
    short_help="Puzzles: list them, check them, try one, generate new ones.",
)


def find_puzzle(path: Path, hand: int = 1) -> Puzzle:
    """The puzzle in ``path``, or the shipped puzzle of that name (``--hand``: which of a file:
    :func:`tutor.puzzles.format.find_puzzle`), its errors in the command line's words."""
    from tutor.puzzles.format import NoSuchHand, NoSuchPuzzle, collection_dir
    from tutor.puzzles.format import find_puzzle as find

    try:
        return find(path, hand)
    except NoSuchPuzzle as exc:
        # the command that lists them first (new-user audit, stop 52), then their folder
        raise InputError(
            f"{exc}; "
            + _("tutor puzzle list lists the shipped puzzles (the files in {folder})").format(
                folder=collection_dir()
            )
        ) from None
    except NoSuchHand as exc:
        raise InputError(f"{exc.path}: --hand {exc.hand}: {exc.problem}") from None


def themes_help(text: str) -> str:
    """The help of a ``--theme`` option (``train``, ``puzzle generate``): ``text`` and the themes
    it may name, from :data:`~tutor.records.puzzle_key.THEMES`, their one home."""
    return f"{text} ({', '.join(THEMES)})."


def check_theme(theme: str | None) -> str | None:
    """The theme key ``theme`` names (its key, or its name in the language of the run or any
    other); a usage error, listing the themes as the run names them, when it names none."""
    from tutor.records.puzzle_key import theme_name, theme_of

    if theme is None:
        return None
    key = theme_of(theme)
    if key is None:
        raise typer.BadParameter(
            _("unknown theme {name!r}; themes: {names}").format(
                name=theme, names=", ".join(theme_name(t) for t in THEMES)
            ),
            param_hint="--theme",
        )
    return key


Asked = Literal["answer", "quit", "end"]
"""How :func:`ask` ended: an answer (or skip), quit, or the end of the input."""


def ask(p: Puzzle) -> tuple[Asked, Answer | None]:
    """Read answers until one can be read: ("answer", answer), ("answer", None) for skip,
    ("quit", None) for quit, exit or q (in any language of the tutor: ``esci``), ("end", None)
    at the end of the input. An unreadable answer is never counted; a quit word the question
    reads as an answer (``q``, a French deck's queen, where values are asked) is the answer."""
    while True:
        line = read_line(_("answer") + "> ")
        if line is None:
            return "end", None
        text = line.strip()
        if not text:
            continue
        # imported once there is an answer: it brings the solver, not needed to show the puzzle
        from tutor.puzzles.answer import AnswerError, gives_up, read_answer

        if gives_up(text):
            return "answer", None
        if asks_help(text):  # how to answer, and the question stays (training audit, stop 53)
            note("tutor: " + p.answer_hint() + " " + _("Or type skip to give up, or quit to stop."))
            continue
        try:
            return "answer", read_answer(p, text)
        except AnswerError as exc:
            if quits(text):
                return "quit", None
            note("tutor: " + _("{problem}; try again (or skip)").format(problem=exc))


def check_reachable(path: Path) -> None:
    """Bad input, said as the system says it, when ``path`` cannot be opened: before its
    puzzles are looked for (a link to itself is not "No such file": audit, stop 52)."""
    reason = unreachable(path)
    if reason is not None:
        raise InputError(f"{path}: " + _("cannot read: {reason}").format(reason=reason))


@puzzle_app.command(
    "list",
    short_help="List the puzzles: the shipped ones, or those of files and folders.",
    epilog=examples(
        "tutor puzzle list",
        "tutor puzzle list --theme endgame",
        "tutor puzzle list puzzles/ --json",
    ),
)
def list_command(
    paths: Annotated[
        list[Path] | None,
        file_argument("Puzzle files or folders (default: the shipped puzzles).", metavar="PATH"),
    ] = None,
    theme: Annotated[
        str | None, typer.Option("--theme", help=themes_help("Only puzzles with this theme"))
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """List the puzzles, one line each: the name tutor puzzle try takes, the difficulty out of
    5, the ruleset and the title (--json adds the question and the themes)."""
    from tutor.puzzles.format import listed_puzzles
    from tutor.render.puzzle import list_view

    key = check_theme(theme)
    for path in paths or []:
        check_reachable(path)
    puzzles, unreadable_files = listed_puzzles(paths or [], key)
    named = {path for path in paths or [] if not path.is_dir()}
    for file, problem in unreadable_files:
        if file in named:  # a file asked for by name is bad input; a folder's is skipped
            raise InputError(str(problem))
    for _file, problem in unreadable_files:
        note("tutor: " + _("skipped: {problem}").format(problem=problem))
    if json_out:
        print_json(
            {
                "puzzles": [p.summary() for p in puzzles],
                "unreadable": [{"file": str(f), "error": str(e)} for f, e in unreadable_files],
            }
        )
        return
    from tutor.render.terminal import emit

    console, fancy = human_console()
    emit(console, *list_view(puzzles, fancy))
    note(
        "tutor: "
        + ngettext("{n} puzzle", "{n} puzzles", len(puzzles)).format(n=len(puzzles))
        + "; "
        + _("try one with: {command}").format(command="tutor puzzle try " + _("NAME"))
    )


@puzzle_app.command(
    "check",
    short_help="Work out each puzzle's answer and compare it with the file's.",
    epilog=examples(
        "tutor puzzle check puzzles/",
        "tutor puzzle check puzzles/scopone-one-best-move.yaml --json",
    ),
)
def check_command(
    paths: Annotated[list[Path], file_argument("Puzzle files or folders.", metavar="PATH")],
    json_out: JsonOption = False,
) -> None:
    """Work out every puzzle's answer and compare it with the file's: one line per puzzle.

    Best moves are checked by the exact solver when every hand is known or deducible from the
    seat, otherwise by sampling deals from the seat (the solution must win by the puzzle's
    margin, with its 95% interval clear of it); counting questions by the tracker and the
    inference; captures and scores by the engine. Exits with 1 when a puzzle is wrong.
    """
    from tutor.puzzles.check import check_puzzle, unreadable_json
    from tutor.puzzles.format import iter_puzzle_files

    for path in paths:
        check_reachable(path)
    results: list[dict[str, object]] = []
    bad = 0
    stopped = False
    try:
        for path in paths:
            files = 0
            for file, got in iter_puzzle_files(path):
                files += 1
                if not isinstance(got, list):
                    bad += 1
                    results.append(unreadable_json(file, str(got)))
                    if not json_out:
                        _line(str(got))
                    continue
                for p in got:
                    c = check_puzzle(p)
                    bad += not c.ok
                    results.append(c.to_json())
                    if not json_out:
                        _line(c.line())
            if not files:
                raise InputError(f"{path}: " + _("no puzzle file (*.yaml) in this folder"))
    except KeyboardInterrupt:  # the puzzles checked are shown (output audit, stop 54: none)
        stopped = True
        interrupted(
            ngettext(
                "interrupted: showing the {n} puzzle checked",
                "interrupted: showing the {n} puzzles checked",
                len(results),
            ).format(n=len(results))
        )
    ok = len(results) - bad
    if json_out:
        print_json({"puzzles": results, "ok": ok, "wrong": bad, "interrupted": stopped})
    else:
        note("tutor: " + _("{ok} ok, {bad} wrong").format(ok=ok, bad=bad))
    if stopped:
        raise typer.Exit(EXIT_INTERRUPTED)
    if bad:
        raise typer.Exit(EXIT_PROBLEMS)


def _line(text: str) -> None:
    from tutor.render.safe import one_line

    sys.stdout.write(one_line(text) + "\n")
    sys.stdout.flush()


@puzzle_app.command(
    "try",
    short_help="Show a puzzle, ask its question, judge and explain the answer.",
    epilog=examples(
        "tutor puzzle try puzzles/scopone-one-best-move.yaml",
        "echo '4D x 4B' | tutor puzzle try scopone-one-best-move",
    ),
)
@conversation
def try_command(
    file: Annotated[Path, file_argument("A puzzle file, or the name of a shipped puzzle.")],
    hand: Annotated[
        int, typer.Option("--hand", min=1, help="Which puzzle of a file that holds several.")
    ] = 1,
    db: DbOption = None,
    no_save: Annotated[
        bool,
        typer.Option(
            "--no-save",
            help="Keep nothing: by default the answer goes to the progress database, as tutor "
            "train keeps its answers (stats counts it, and a puzzle that was due moves up a "
            "box).",
        ),
    ] = False,
    json_out: JsonOption = False,
) -> None:
    """Show a puzzle from its seat, ask its question, judge the answer and explain it.

    Type the answer in the record's notation (a move like 7D x 2C 5S; values like 2 6 8; a
    name; captures separated by ';'; the points of each side), or skip to see the solution,
    or quit to stop without answering. An answer that cannot be read is asked again with the
    reason. Answers are read from standard input, so a puzzle can be scripted; with --json the
    position goes to stderr and the verdict to stdout as JSON.
    """
    # rich and the solver load here, not at start-up: see the module docstring
    from tutor.render.puzzle import puzzle_position, verdict_view
    from tutor.render.terminal import emit, make_console
    from tutor.training.store import ProgressStore, StoreError
    from tutor.training.trainer import keep_answer

    p = find_puzzle(file, hand)
    path = None if no_save else db_path(db)  # a --db in a missing folder: before the question
    with contextlib.ExitStack() as held:
        store = None
        if path is not None:
            # opened and read back before the question, as drill and train do: a database it
            # cannot use is said before the answer is typed, not after (kill audit, stop 57)
            store = held.enter_context(ProgressStore(path, on_wait=waiting_note(path)))
            store.check()
        console, fancy = (make_console(stderr=True), False) if json_out else human_console()
        emit(console, *puzzle_position(p, fancy))
        how, answer = ask(p)
        if how != "answer":  # quit, as the end of the input
            if store is not None:
                store.remove_if_unused()  # no database made for a puzzle not answered
            note("tutor: " + _("no answer given"))
            if json_out:
                from tutor.puzzles.answer import Verdict

                # the input ended before an answer: the verdict's keys, none of them earned,
                # and no solution, as the text form shows none
                nothing = Verdict(correct=False, skipped=False, message=_("no answer given"))
                print_json(_tried_json(p, None, nothing, None, None))
            return
        problem = None
        # the answer is judged and kept before a Ctrl-C takes effect (as train keeps its
        # answers); kept as a session keeps its answers, or in a rescue file the error names
        # (store audit, stop 55: an answer tried was counted nowhere)
        with interrupts_held():
            verdict = judge_answer(p, answer)
            if store is not None:
                try:
                    keep_answer(store, p, verdict, getattr(answer, "text", None))
                except StoreError as exc:  # the verdict first, then what went wrong (exit 3)
                    problem, path = exc, None
    if json_out:
        print_json(_tried_json(p, getattr(answer, "text", None), verdict, p.solution_text(),
                               path))  # fmt: skip
    else:
        emit(console, *verdict_view(p, verdict, fancy))
    if problem is not None:
        raise problem
    if path is not None:
        note("tutor: " + _("answer saved in {file}").format(file=path))


def _tried_json(
    p: Puzzle, answer: str | None, verdict: Verdict, solution: str | None, database: Path | None
) -> dict[str, Any]:
    """``puzzle try --json``: the puzzle, the answer typed, the verdict, the solution and the
    database the answer went to (null when none); "deck" is the notation of the cards in it
    (JSON audit, stop 57: none said it)."""
    return {"puzzle": p.name, "question": p.kind, "deck": p.style.name, "answer": answer,
            **verdict.to_json(), "solution": solution,
            "database": None if database is None else str(database)}  # fmt: skip


def judge_answer(p: Puzzle, answer: Answer | None) -> Verdict:
    from tutor.puzzles.answer import attempt

    with progress_bar(_("working out the answer")) as progress:
        return attempt(p, answer, progress)


@puzzle_app.command(
    "generate",
    short_help="Mine new puzzles from self-play between the computer players.",
    epilog=examples(
        "tutor puzzle generate --ruleset scopone-16 --count 10 --seed 1 --out mined/",
        "tutor puzzle generate -r scopa -n 5 --seed 7 --theme sweep --out mined/",
    ),
)
def generate_command(
    out: Annotated[
        Path, file_option("--out", "-o", metavar="DIR", help="The folder to write puzzles into.")
    ],
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")
    ] = "scopone-scientifico",
    count: Annotated[int, typer.Option("--count", "-n", min=1, help="Puzzles to write.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the self-play deals.")] = 0,
    theme: Annotated[
        str | None, typer.Option("--theme", help=themes_help("Keep only puzzles with this theme"))
    ] = None,
    workers: WorkersOption = None,
    json_out: JsonOption = False,
) -> None:
    """Mine new puzzles from self-play between the computer players.

    A position is kept when its best move is unique and better than every other by at least
    a point (exact) or by the margin with its interval clear (sampled), or when a counting
    question has a non-trivial answer. Every puzzle is checked before it is written; a
    position already in the folder under the same ruleset is never written again. The same
    seed gives the same puzzles with any number of workers.
    """
    import os

    from tutor.puzzles.check import METHOD_WORDS
    from tutor.puzzles.generate import generate
    from tutor.records.puzzle_key import question_name, theme_name

    theme = check_theme(theme)
    check_out_folder(out, "--out")
    cores = workers or os.cpu_count() or 1
    with progress_bar(_("mining puzzles")) as progress:
        report = generate(ruleset, count, seed, out, theme, cores, progress)
    if report.interrupted:
        interrupted()
    if json_out:
        print_json(report.to_json())
        if report.interrupted:
            raise typer.Exit(EXIT_INTERRUPTED)
        return
    for path, g in zip(report.written, report.puzzles, strict=True):
        themes = ", ".join(theme_name(t) for t in g.themes)
        how = _(METHOD_WORDS.get(g.method, g.method))
        sys.stdout.write(f"{path}: {question_name(g.kind)} ({themes}; {how})\n")
    mined = ngettext(
        "{n} puzzle from {hands} hands in {seconds} s",
        "{n} puzzles from {hands} hands in {seconds} s",
        len(report.written),
    ).format(n=len(report.written), hands=report.hands, seconds=number(report.elapsed, ".1f"))
    if report.duplicates:
        mined += "; " + _("{n} already in {folder}").format(n=report.duplicates, folder=out)
    note("tutor: " + mined)
    if report.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
    if len(report.written) < count:
        note(
            "tutor: "
            + ngettext(
                "only {n} of {count} found within the hands tried",
                "only {n} of {count} found within the hands tried",
                len(report.written),
            ).format(n=len(report.written), count=count)
        )
