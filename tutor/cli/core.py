"""The ``tutor`` command's core: the app, its error handling, exit codes and shared helpers.

Each command lives in a module of its own in this package and registers itself on :data:`app`;
``tutor/cli/__init__.py`` imports them all.

Every command runs inside :class:`TutorGroup`, which turns the library's input errors into one
line on stderr (``tutor: error: FILE:LINE: play N: ...``) and exit code 3, a usage error into
one such line that says where the usage is (``...; see 'tutor replay --help'``) and exit code
2, an interrupt into exit code 130, and never shows a traceback (set ``TUTOR_DEBUG=1`` to see
one).

Exit codes: 0 ok, 1 problems found when asked to fail on them, 2 usage error, 3 bad input,
130 interrupted, 70 internal error (a bug).

``--json`` prints the machine-readable result alone on stdout; messages go to stderr. Human
output goes to stdout through :mod:`tutor.render.terminal`, which is imported only when needed so
that ``--json`` runs stay quick.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import json
import os
import re
import sys
import threading
import time
import typing
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup
from typer.exceptions import TyperException

from tutor import __version__
from tutor.cli.language import (
    HELP_OPTIONS,
    run_language,
    translate_commands,
    usage_message,
    writes_unicode,
)
from tutor.counting.defaults import STATED_SHARE
from tutor.game.cards import STYLES, Style, style_named
from tutor.game.errors import TutorError
from tutor.game.i18n import LANGUAGES, N_, _, ngettext, number, plain_decimal, speaking
from tutor.game.interrupts import Ended, ctrl_c_lately, end, interrupts_held, reported_whole
from tutor.game.textfile import os_reason
from tutor.records.record import HandRecord, player_named, shown_name
from tutor.records.recordfile import free_name, load_path, save_problem
from tutor.render.safe import one_line, visible, without_glyphs

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

__all__ = [
    "typed_options",
    "app",
    "main",
    "InputError",
    "TutorGroup",
    "EXIT_OK",
    "EXIT_PROBLEMS",
    "EXIT_USAGE",
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_OUTPUT",
    "EXIT_INTERRUPTED",
    "file_argument",
    "file_option",
    "usage_fail",
]

EXIT_OK = 0
EXIT_PROBLEMS = 1
"""Problems were found and the user asked to fail on them."""
EXIT_USAGE = 2
"""Bad command line (typer's own code for usage errors)."""
EXIT_BAD_INPUT = 3
"""A record, ruleset, card or play that cannot be read or is not legal."""
EXIT_INTERNAL = 70
"""A bug in the tutor (BSD sysexits' EX_SOFTWARE)."""
EXIT_OUTPUT = 74
"""The output could not be written: a full disk, a closed file (BSD sysexits' EX_IOERR)."""
EXIT_INTERRUPTED = 130
"""Interrupted with Ctrl-C (128 + SIGINT, as shells report it)."""

Progress = Callable[[int, int], None]
"""A library's progress callback: ``progress(done, total)``."""


class InputError(TutorError):
    """Bad input the command line itself detects, e.g. a card named twice."""


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``tutor: error: MESSAGE`` on stderr, on one line, and exit with ``code``.

    The message may quote a file (a player's name, a key): its control characters and line
    breaks are shown, never sent (:func:`tutor.render.safe.one_line`).
    """
    # "error" in the language of the run: a script that reads it should read the exit code
    sys.stderr.write("tutor: " + _("error") + f": {_on_stderr(one_line(message))}\n")
    sys.stderr.flush()
    raise typer.Exit(code)


def _os_error_text(exc: OSError) -> str:
    where = f"{exc.filename}: " if exc.filename else ""
    return where + _("cannot read: {reason}").format(reason=os_reason(exc))


_FULL = {errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}
"""The errors of a write that found no room: a read never gives them."""


def _stdout_writes() -> bool:
    """Whether what is waiting for standard output can be written (False: the disk is full,
    the file closed: an OSError without a file name came from the output, not the input)."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return False
    return True


def _stdout_to_nowhere() -> None:
    """Standard output that cannot be written is sent to the null device from now on, so that
    the flush at the exit does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file behind it (started without one: >&-)
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    finally:
        os.close(devnull)


def _output_failure(exc: OSError) -> str | None:
    """The message for output that cannot be written (``> /dev/full``, ``>&-``), standard
    output then sent nowhere so that the exit does not try again; None for any other OSError
    (input that cannot be read names its file)."""
    if exc.filename is not None or not (exc.errno in _FULL or not _stdout_writes()):
        return None
    _stdout_to_nowhere()
    return _("cannot write the output: {reason}").format(reason=os_reason(exc))


class _ClosedOutput(io.TextIOBase):
    """Standard output for a run started without one (``tutor ... >&-``): writing to it is an
    error (exit 74, :class:`TutorGroup`), as writing to a full disk is; a run that writes
    nothing does not notice."""

    written = False

    def write(self, text: str) -> int:
        self.written = True
        raise OSError(errno.EBADF, _("standard output is closed"))

    def flush(self) -> None:
        if self.written:
            raise OSError(errno.EBADF, _("standard output is closed"))


def stand_in_for_closed_streams() -> None:
    """Give a run started without standard input, output or error (``<&-``, ``>&-``, ``2>&-``:
    Python then has None for them) streams that behave: no input is the end of the input,
    output cannot be written (exit 74), and the messages are lost, as there is nowhere to
    write them."""
    if sys.stdin is None:
        sys.stdin = io.StringIO("")
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def interrupted(said: str | None = None) -> None:
    """Say on stderr that the run was interrupted (Ctrl-C), and ``said``, how much of it is
    shown: on a line of its own, after the ``^C`` the terminal echoed ("^Ctutor: interrupted"
    in review and solve: audit, stop 48)."""
    sys.stderr.write("\ntutor: " + (said or _("interrupted")) + "\n")


@contextlib.contextmanager
def note_if_slow(text: str, after: float = 1.0, on: bool = True) -> Iterator[None]:
    """Say ``text`` on stderr if the block is still running ``after`` seconds in (``on``
    False: never): work with no count to show (an exact solve) is not taken for a hang, and
    quick work stays silent (an exact solve of up to a minute said nothing: audit, stop 48)."""
    if not on:
        yield
        return
    timer = threading.Timer(after, note, args=(text,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


@contextlib.contextmanager
def session_output(saved: Callable[[], None]) -> Iterator[None]:
    """A session (``live``, ``play``) whose output can no longer be written (its reader gone,
    ``| head -1``; a full disk) stops there, saying why, where it is saved and how to go on,
    exit 74: the lines still to be read are left unread out loud, not dropped with exit 0 as
    a finished command's output is (live audit, stop 48)."""
    try:
        yield
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            _stdout_to_nowhere()
            why = _("the output was closed")
        else:
            unwritten = _output_failure(exc)
            if unwritten is None:
                raise
            why = unwritten
        note("tutor: " + _("{why}: the session stops here").format(why=why))
        saved()
        raise typer.Exit(EXIT_OUTPUT) from None


def conversation(command: Callable[..., Any]) -> Callable[..., Any]:
    """A command that converses (a game, a drill, the engine): one Ctrl-C stops a hint and the
    next drops a line or ends the session, so a Ctrl-C after one that stopped some work is
    never held back as a batch command's is (:func:`tutor.game.interrupts.reported_whole`)."""

    @functools.wraps(command)
    def conversing(*args: Any, **kwargs: Any) -> Any:
        with reported_whole(reports=False):
            return command(*args, **kwargs)

    return conversing


@contextlib.contextmanager
def ended_as_interrupt() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP (the terminal closed) end it as Ctrl-C does,
    with a KeyboardInterrupt (:class:`Ended`): what the block holds in memory is then saved or
    rescued by the same code, where the default action would kill the process with it."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        end()

    if threading.current_thread() is not threading.main_thread():  # only it may set handlers
        yield
        return
    kinds = [getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    previous = {k: signal.signal(k, stop) for k in kinds}
    try:
        yield
    finally:
        for k, handler in previous.items():
            signal.signal(k, handler)


class Interruption:
    """What :func:`session_interrupt` saw: ``caught`` is True once Ctrl-C ended the block."""

    caught = False


@contextlib.contextmanager
def session_interrupt() -> Iterator[Interruption]:
    """Run a session's questions (``train``, ``drill``) so that Ctrl-C ends the session, not
    the command: 'interrupted' is said at once, on a line of its own after the ^C, and the
    command goes on to show the summary of what was answered (in JSON with ``"interrupted":
    true``) before it exits with :data:`EXIT_INTERRUPTED`. SIGTERM and SIGHUP (the terminal
    closed) end the block as Ctrl-C does: every command runs under :func:`ended_as_interrupt`.

    >>> with session_interrupt() as stop:
    ...     raise KeyboardInterrupt
    >>> stop.caught
    True
    """
    stop = Interruption()
    try:
        yield stop
    except KeyboardInterrupt:
        interrupted()
        stop.caught = True


COMMAND_GROUPS: dict[str, tuple[str, ...]] = {
    N_("Study a hand"): ("replay", "review", "explain", "render", "rules"),
    N_("Count"): ("track", "live"),
    N_("Solve and play"): ("solve", "simulate", "play", "engine"),
    N_("Practise"): ("drill", "puzzle", "train", "stats"),
    N_("Benchmarks"): ("bench",),
}
"""The groups of ``tutor --help``, in order, and the commands of each, by name: the one place
a new command is given its group (a test checks that every command has one). Names not
registered (yet) are skipped. The titles are translated where shown."""


_UsageError: type[Exception] = typer.BadParameter.__mro__[1]
"""click's UsageError (the base of every usage error), wherever this typer keeps click."""


_QUOTED_OPTION = re.compile(r"'(--?[A-Za-z][-\w]*)'")


def usage_error_line(exc: Any, where: str | None = None) -> str:
    """A usage error on one line, with where to find the usage: click's message (in the
    language of the run), its first letter in lower case, and ``see 'tutor CMD --help'``.

    >>> import typer
    >>> usage_error_line(typer.BadParameter("choose one of a, b", param_hint="--question"))
    "invalid value for --question: choose one of a, b; see 'tutor --help'"

    An option click names itself comes in quotes (``'--samples' / '-k'``); they are dropped,
    so that every message names options alike (render audit, stop 53).
    """
    message = " ".join(usage_message(exc).split()).rstrip(".")
    message = _QUOTED_OPTION.sub(r"\1", message)
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[0].lower() + message[1:]
    if where is None:
        where = exc.ctx.command_path if getattr(exc, "ctx", None) is not None else "tutor"
    return _see_help(message, where)


def _see_help(message: str, command: str) -> str:
    return _("{message}; see '{command} --help'").format(message=message, command=command)


def usage_fail(message: str, command: str) -> NoReturn:
    """Stop with a usage error the library found in the options (exit 2), on one line that
    says where the usage is, as click's own usage errors do."""
    fail(_see_help(message, command), EXIT_USAGE)


def _takes_a_float(param: Any) -> bool:
    """Whether a command-line option's value is a number with decimals (``float``)."""
    descriptor = getattr(param, "type_descriptor", None)
    annotation = getattr(descriptor, "annotation", None)
    return float in (typing.get_args(annotation) or (annotation,))


def decimal_commas(root: Any, args: Sequence[str]) -> list[str]:
    """The command line with a decimal comma in the value of a number option read as a point
    (``-t 0,5``, ``--trust-readings=0,5``), in every language: the tutor writes ``0,85`` in
    Italian, so a person types it back. Only the options that take a ``float`` are read so,
    and only a value with one comma between digits (:func:`plain_decimal`): a comma-separated
    list (``--players A,B``) stays as typed.
    """
    out = list(args)
    cmd = root
    i = 0
    while i < len(out):
        token = out[i]
        if token == "--":
            break
        if not token.startswith("-") or token == "-":
            sub = getattr(cmd, "commands", {}).get(token)
            if sub is not None:
                cmd = sub
            elif hasattr(cmd, "commands"):
                break  # not a command: click will say so
            i += 1
            continue
        name, eq, value = token.partition("=")
        param = next(
            (p for p in getattr(cmd, "params", ()) if name in (*p.opts, *p.secondary_opts)), None
        )
        if param is None or getattr(param, "is_flag", False) or getattr(param, "count", False):
            i += 1
            continue
        if eq:
            if _takes_a_float(param):
                out[i] = f"{name}={plain_decimal(value)}"
            i += 1
            continue
        if _takes_a_float(param) and i + 1 < len(out):
            out[i + 1] = plain_decimal(out[i + 1])
        i += 2
    return out


class TutorGroup(TyperGroup):
    """The command group: maps the library's errors to one line and an exit code, and a usage
    error to one line (exit 2) that says where the usage is."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        # The language is chosen before the command line is parsed, so that the help and the
        # usage errors speak it too; the language before the run is back once it is over.
        given = list(sys.argv[1:] if args is None else args)
        with speaking(run_language(given)):
            translate_commands(self)
            return self._main(decimal_commas(self, given), prog_name, complete_var,
                              standalone_mode, windows_expand_args, **extra)  # fmt: skip

    def _main(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        standalone_mode: bool,
        windows_expand_args: bool,
        **extra: Any,
    ) -> Any:
        run = functools.partial(
            super().main, args, prog_name, complete_var, False, windows_expand_args, **extra
        )
        if not standalone_mode:
            return run()
        try:
            result = run()
        except _UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":
                exc.show()  # type: ignore[attr-defined]  # the help itself, as asked for
            else:
                where = None
                if getattr(exc, "ctx", None) is None:  # click's parser names no command
                    where = self._command_path(sys.argv[1:] if args is None else list(args))
                line = one_line(usage_error_line(exc, where))
                sys.stderr.write("tutor: " + _("error") + f": {line}\n")
            sys.exit(EXIT_USAGE)
        except typer.Abort:
            interrupted()
            sys.exit(EXIT_INTERRUPTED)
        # Without standalone mode click returns the command's value, or the code of an exit.
        sys.exit(result if isinstance(result, int) else EXIT_OK)

    def _command_path(self, args: Sequence[str]) -> str:
        """``tutor CMD [SUB]``: the command ``args`` run, as far as they name one (an error in
        an option's value comes from click's parser without the command it was parsing)."""
        path, group = ["tutor"], self
        for word in args:
            if word.startswith("-"):
                continue
            commands = getattr(group, "commands", None)
            if not commands or word not in commands:
                break
            path.append(word)
            group = commands[word]
        return " ".join(path)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """``tutor --help`` lists the commands by :data:`COMMAND_GROUPS`, a line each; a
        sub-group such as ``tutor bench`` lists its own commands as click does."""
        if ctx.parent is not None:
            return super().format_commands(ctx, formatter)
        commands = {
            name: cmd
            for name in self.list_commands(ctx)
            if (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden
        }
        if not commands:
            return None
        width = max(len(name) for name in commands)
        limit = formatter.width - 6 - width
        grouped = [name for names in COMMAND_GROUPS.values() for name in names]
        others = tuple(sorted(set(commands) - set(grouped)))
        for title, names in [*COMMAND_GROUPS.items(), (N_("Other commands"), others)]:
            rows = [
                (n.ljust(width), commands[n].get_short_help_str(limit))
                for n in names
                if n in commands
            ]
            if rows:
                with formatter.section(_(title)):
                    formatter.write_dl(rows)
        return None

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        # Ctrl-C while the command line is read (the first half second of a run): typer
        # would end it with 130 and not a word (audit, stop 56)
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            interrupted()
            raise typer.Exit(EXIT_INTERRUPTED) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            # a kill or a closed terminal stops every command as Ctrl-C does: the work done is
            # kept and said, the cursor shown again (a kill left simulate's finished deals
            # unwritten and the cursor hidden, exit 143: audit, stop 48)
            # stopped, a command reports what it did; a second Ctrl-C must not lose the
            # report (the commands that converse say so: conversation())
            with ended_as_interrupt(), reported_whole():
                return super().invoke(ctx)
        except (TyperException, typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt:
            interrupted()
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            # The reader went away (``tutor replay ... | head``): stop quietly.
            _stdout_to_nowhere()
            raise typer.Exit(EXIT_OK) from None
        except OSError as exc:
            unwritten = _output_failure(exc)
            if unwritten is not None:
                fail(unwritten, EXIT_OUTPUT)
            fail(_os_error_text(exc))
        except Exception as exc:
            if isinstance(exc, TutorError):
                option = getattr(exc, "option", None)
                if option:  # the library named the option whose value it cannot take
                    where = " ".join(filter(None, [ctx.command_path, ctx.invoked_subcommand]))
                    bad = typer.BadParameter(str(exc), param_hint=option)
                    fail(usage_error_line(bad, where), EXIT_USAGE)
                fail(str(exc))
            if os.environ.get("TUTOR_DEBUG"):
                raise
            fail(
                _(
                    "internal error: {error}: {message} "
                    "(this is a bug; run with TUTOR_DEBUG=1 to see the traceback)"
                ).format(error=type(exc).__name__, message=exc),
                EXIT_INTERNAL,
            )


app = typer.Typer(
    cls=TutorGroup,
    name="tutor",
    help=(
        "Scopone Scientifico and Scopa tutor: study a hand you played, count the cards as the "
        "rule of 48 teaches, solve positions and pit computer players against each other, "
        "practise, and time the engine. Every command has --help with examples.\n\n"
        "Example: tutor replay docs/examples/scopone-hand.yaml"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": HELP_OPTIONS},
)
"""Help and usage errors are click's plain text (``rich_markup_mode=None``): paragraphs wrap
to the terminal and a usage error is three short lines, not a box."""


def examples(*lines: str) -> str:
    """A command's epilog: example command lines, one per line, kept as written (the heading
    is translated where the help is shown, :func:`tutor.cli.language.translate_commands`).

    ``\\b`` stops click from rewrapping the paragraph, so a long example stays on one line.

    >>> examples("tutor rules")
    '\\x08\\nExample:\\n  tutor rules\\n'
    """
    head = "Example:" if len(lines) == 1 else "Examples:"
    return "\b\n" + head + "\n" + "".join(f"  {line}\n" for line in lines)


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"tutor {__version__}\n")
        raise typer.Exit(EXIT_OK)


def _check_language(value: str | None) -> str | None:
    """``--lang``: one of :data:`tutor.game.i18n.LANGUAGES` (the run already speaks it: the
    language is chosen before the command line is parsed, :func:`run_language`)."""
    if value is not None and value not in LANGUAGES:
        raise typer.BadParameter(
            _("unknown language {name!r}; choose one of {names}").format(
                name=value, names=", ".join(LANGUAGES)
            ),
            param_hint="--lang",
        )
    return value


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Show the version and exit.",
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            callback=_check_language,
            is_eager=True,
            help="The language of the interface: it or en (default: the one LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG names; English otherwise). With --json the tutor speaks "
            "English throughout, its messages and questions on stderr too.",
        ),
    ] = None,
) -> None:
    """Scopone Scientifico and Scopa tutor.

    Example: tutor explain --ruleset scopa --deck french --table "4H QD 3H AS" JD
    """


# -- helpers shared by the commands ------------------------------------------------------------


def print_json(data: Any) -> None:
    """The machine-readable result, alone on stdout, written whole: a Ctrl-C meanwhile (one
    pressed again after the one that cut the run short) takes effect after it."""
    with interrupts_held():
        sys.stdout.write(json.dumps(data) + "\n")
        sys.stdout.flush()


def human_console() -> tuple[Console, bool]:
    """The stdout console for human output and whether it shows glyphs and colours."""
    # lazy: rich loads only for human output; replay --json must start fast
    from tutor.render.terminal import is_fancy, make_console

    console = make_console()
    return console, is_fancy(console)


def show_result(
    to_json: Callable[[], Any],
    view: Callable[[bool], Sequence[RenderableType]],
    json_out: bool,
    cut_short: str | None = None,
) -> None:
    """A command's result on stdout: ``to_json()`` with ``--json``, else ``view(fancy)``'s
    renderables. When Ctrl-C cut the work short, first the note ``cut_short`` (how much of it
    is shown), and then exit 130."""
    if cut_short:
        interrupted(cut_short)
    if json_out:
        print_json(to_json())
    else:
        # lazy: rich loads only for human output
        from tutor.render.terminal import emit

        console, fancy = human_console()
        emit(console, *view(fancy))
    if cut_short:
        raise typer.Exit(EXIT_INTERRUPTED)


def note_wrapped(text: str) -> None:
    """Prose for the user on stderr (a session's help), wrapped to the terminal's width at word
    boundaries, its indented lines kept indented (:func:`tutor.render.terminal.text_lines`)."""
    from tutor.render.terminal import emit, is_fancy, make_console, text_lines

    console = make_console(stderr=True)
    emit(console, *text_lines(text, glyphs=is_fancy(console)))


def _on_stderr(text: str) -> str:
    """``text`` as stderr shows it: a suit legend's glyphs only on a terminal that shows
    glyphs (:func:`tutor.render.safe.without_glyphs`; rich's rule: a terminal, no
    ``NO_COLOR``), without loading rich for a message."""
    if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
        return text
    return without_glyphs(text)


def note(message: str) -> None:
    """A message for the user (stderr, so that stdout stays clean); text from a file in it
    shows its control characters (:func:`tutor.render.safe.visible`)."""
    sys.stderr.write(_on_stderr(visible(message)) + "\n")
    sys.stderr.flush()


def time_up(samples: int, requested: int) -> None:
    """Say that the time limit, not ``--samples``, ended a sampling: how many deals it got
    depends on the machine, so the seed alone does not repeat the values (verdict audit,
    stop 57: ``explain --at`` gave 28, 40 and 32 deals in three runs of one seed, silently)."""
    note(
        "tutor: "
        + ngettext(
            "time is up after {n} of {total} samples: how many the time allows depends on the "
            "machine; raise --time for values the seed repeats",
            "time is up after {n} of {total} samples: how many the time allows depends on the "
            "machine; raise --time for values the seed repeats",
            samples,
        ).format(n=samples, total=requested)
    )


def decisions_timed_out(n: int) -> None:
    """Say that the time limit ended the sampling of ``n`` decisions of a review: how many deals
    they got depends on the machine, so the seed alone does not repeat their verdicts
    (reproducibility audit, stop 57: a second review of the scopone example named another best
    move at play 9, with only "time up" in its line to say why)."""
    if not n:
        return
    note(
        "tutor: "
        + ngettext(
            "time was up for {n} decision before its samples were all drawn: how many the time "
            "allows depends on the machine, so another run may judge it otherwise; raise "
            "--time for verdicts the seed repeats",
            "time was up for {n} decisions before their samples were all drawn: how many the "
            "time allows depends on the machine, so another run may judge them otherwise; "
            "raise --time for verdicts the seed repeats",
            n,
        ).format(n=n)
    )


def deck_style(name: str) -> Style:
    """The deck style called ``name`` (in any language of the tutor: ``italiano`` too, as the
    output calls it), or a usage error listing the styles."""
    style = style_named(name)
    if style is None:
        raise typer.BadParameter(
            _("unknown deck style {name!r}; choose one of {styles}").format(
                name=name, styles=", ".join(STYLES)
            ),
            param_hint="--deck",
        )
    return style


def file_argument(help: str, metavar: str = "FILE") -> Any:
    """A file argument (or :func:`file_option`) that the library reads itself.

    click checks nothing about it: the library's reader says in one line why a file cannot be
    read (missing, unreadable, a folder, too large: bad input, exit 3), where click's own check
    would make an unreadable file a usage error (exit 2) with the usage block.
    """
    return typer.Argument(
        metavar=metavar, help=help, show_default=False, readable=False, parser=given_path
    )


def file_option(*names: str, help: str, metavar: str = "FILE") -> Any:
    """A file option, read or written by the library (see :func:`file_argument`)."""
    return typer.Option(*names, metavar=metavar, help=help, readable=False, parser=_option_path)


def given_path(raw: str) -> Path:
    """A file argument's path; an empty name is refused as such (``tutor replay ''`` said
    ". is a folder": Italian audit, stop 53)."""
    if not raw.strip():
        raise typer.BadParameter(_("the file name is empty"))
    return Path(raw)


def _option_path(raw: str) -> Path:
    """A file option's path: ``-`` alone is standard output (:func:`is_stdout`); a file named
    ``-`` written another way (``./-``) stays that file, though a path drops its ``./``. An
    empty name is refused as such (it read as the current folder: "cannot write .: it is a
    folder", render audit, stop 53)."""
    path = given_path(raw)
    return Path.cwd() / path if raw != "-" and str(path) == "-" else path


def check_out_folder(folder: Path, option: str) -> None:
    """A usage error, before the work whose results go into ``folder``, when it cannot take
    them: a link to nothing, a file, a folder one cannot write in, or one that cannot be made.
    A missing folder is made and taken away again, as permissions alone do not tell (root
    may not write in ``/proc``: input audit, stop 54, where the failure came after the work)."""
    if folder.is_symlink() and not folder.exists():  # audit (stop 52): failed after the games
        raise typer.BadParameter(
            f"{folder}: "
            + _("it is a link to {target}, which does not exist").format(
                target=os.readlink(folder)
            ),
            param_hint=option,
        )
    if folder.exists() and not folder.is_dir():
        raise typer.BadParameter(
            _("{dir} is a file, not a folder").format(dir=folder), param_hint=option
        )
    if folder.is_dir():
        if not os.access(folder, os.W_OK | os.X_OK):
            raise typer.BadParameter(
                _("cannot write in {dir}").format(dir=folder), param_hint=option
            )
        return
    made = folder.resolve()
    top = made
    while not top.parent.exists():
        top = top.parent
    try:
        made.mkdir(parents=True)
    except OSError as e:
        raise typer.BadParameter(
            _("cannot make the folder {dir}").format(dir=folder) + f": {os_reason(e)}",
            param_hint=option,
        ) from None
    while True:
        made.rmdir()
        if made == top:
            break
        made = made.parent


RulesetOption = Annotated[str, typer.Option("--ruleset", "-r", help="A ruleset name or YAML file.")]
DeckOption = Annotated[str, typer.Option("--deck", help="Card notation of the deck.")]
NewRulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset",
        "-r",
        help="A ruleset name or YAML file (default: scopone-scientifico; --resume: the file's).",
    ),
]
"""``--ruleset`` of a session that ``--resume`` can continue: None when not given, so that
giving it with ``--resume`` (which takes the file's) is a usage error, not ignored."""
NewDeckOption = Annotated[
    str | None,
    typer.Option(
        "--deck", help="Card notation of the deck (default: italian; --resume: the file's)."
    ),
]
"""``--deck`` of a session that ``--resume`` can continue (see :data:`NewRulesetOption`)."""
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print machine-readable JSON alone on stdout.")
]
TrustOption = Annotated[
    float,
    typer.Option(
        "--trust-readings",
        min=0.0,
        max=1.0,
        metavar="T",
        help="How far to believe readings of behaviour before the hand shows more: the chance "
        "that a player holding a card that sweeps takes the sweep (0: the facts alone; "
        "docs/tracker.md).",
    ),
]
"""``--trust-readings``: the prior of :mod:`tutor.counting.trust` (default TRUST_DEFAULT)."""

MAX_WORKERS = 256
"""The most worker processes a command takes: more than any machine we know has cores, and
far below the operating system's limits (a huge number failed deep in the process pool)."""


def workers_option(help_text: str) -> Any:
    """``--workers``/``-w``, 1 to :data:`MAX_WORKERS`, with the command's own help."""
    return typer.Option("--workers", "-w", min=1, max=MAX_WORKERS, help=help_text)


WorkersOption = Annotated[int | None, workers_option("Worker processes (default: all cores).")]


def fail_if_rejected(rejected: int, interactive: bool) -> None:
    """End a scripted session (``live``, ``play``) with exit 1 when some of its lines were
    rejected, after saying how many, so that a script sees its typos."""
    if rejected and not interactive:
        note(
            "tutor: "
            + ngettext(
                "{n} line was rejected (exit code 1)",
                "{n} lines were rejected (exit code 1)",
                rejected,
            ).format(n=rejected)
        )
        raise typer.Exit(EXIT_PROBLEMS)


PIPED_PROGRESS_EVERY = 15.0
"""Seconds between two lines of progress on a stderr that is no terminal (a log, a pipe):
often enough that a long run is not taken for a hang, seldom enough not to fill the log."""


PROGRESS_FULL_WIDTH = 80
"""The narrowest terminal that shows the progress bar's times as well as its count."""


def progress_columns(width: int) -> list[Any]:
    """The columns of the progress bar in a terminal ``width`` wide: what is done, a bar, the
    count, the time taken and the time left at the rate so far (audit, stop 48); below
    :data:`PROGRESS_FULL_WIDTH`, what is done, a short bar and the count alone, which rich
    cut to ``1/…`` when every column had to fit (terminal audit, stop 57)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    what = TextColumn("{task.description}", style="progress.description", markup=False)
    if width < PROGRESS_FULL_WIDTH:
        return [what, BarColumn(bar_width=min(20, max(5, width // 5))), MofNCompleteColumn()]
    return [
        what,
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn(_("elapsed,"), markup=False),
        TimeRemainingColumn(),
        TextColumn(_("left"), markup=False),
    ]


@contextlib.contextmanager
def progress_bar(what: str, doing: str | None = None) -> Iterator[Progress]:
    """A ``progress(done, total)`` callback for a library call, drawing a bar on stderr.

    The bar appears at the first call (so a call that turns out to need none shows none). When
    stderr is no terminal, no bar can be drawn: the first call says instead, in one line, what
    is being done (``doing``, e.g. ``sampling 300 deals``), and then, every
    :data:`PIPED_PROGRESS_EVERY` seconds, how far it is (``reviewing 13/36``), so that a long
    silent run piped into a file or another program is not taken for a hang. Which of the two
    depends on stderr alone, never on ``--json``: that option keeps stdout for the JSON, and
    the progress is on stderr (a ``--json`` run in a terminal, its output sent to a file,
    shows the bar). Under ``NO_COLOR`` a terminal gets plain text: the count alone, rewritten
    in place.
    """
    if not sys.stderr.isatty():
        said = [0.0]  # when the last line was said (0: never)

        def say(done: int, total: int) -> None:
            now = time.monotonic()
            if not said[0]:
                said[0] = now
                note(f"tutor: {doing or what}...")
            elif done < total and now - said[0] >= PIPED_PROGRESS_EVERY:
                # a line now and then: a review of a long hand said nothing for 73 s into a
                # pipe after its first line (big-input audit, stop 54)
                said[0] = now
                note(f"tutor: {what} {done}/{total}")

        yield say
        return
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        # plain text asked for, or all a dumb terminal can show (rich draws nothing there:
        # terminal audit, stop 57, ten silent seconds): a count rewritten in place with
        # carriage returns, no escape codes (rich's bar hides the cursor and moves it up)
        shown = [""]
        last = [0.0]

        def count(done: int, total: int) -> None:
            now = time.monotonic()
            if done < total and now - last[0] < 0.1:
                return
            last[0] = now
            line = f"{what} {done}/{total}"
            pad = " " * max(0, len(shown[0]) - len(line))
            sys.stderr.write(f"\r{line}{pad}")
            sys.stderr.flush()
            shown[0] = line

        try:
            yield count
        finally:
            if shown[0]:  # the count goes, as the bar does
                sys.stderr.write("\r" + " " * len(shown[0]) + "\r")
                sys.stderr.flush()
        return
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            # lazy: rich's progress display loads only when a bar is drawn
            from rich.console import Console
            from rich.progress import Progress as RichProgress

            # a terminal's console (NO_COLOR is handled above): the plain console of the
            # output would draw no bar at all
            console = Console(file=sys.stderr, highlight=False, emoji=False, markup=False)
            bar = RichProgress(*progress_columns(console.width), console=console, transient=True)
            bar.add_task(what, total=total)
            bar.start()
        bar.update(bar.task_ids[0], completed=done, total=total)

    try:
        yield update
    finally:
        if bar is not None:
            bar.stop()


_READING: list[object] = [None]
"""The standard input :func:`read_line` read last, in a list so that it can be replaced: a
different one (a new run, a test's) starts at its first line, where a byte order mark may be."""


def _typed() -> str:
    """One line of standard input; on a terminal, what one read of it gives: a line with its
    Enter, what was typed before a Ctrl-D (without one), or "" for a Ctrl-D on an empty line.

    A terminal is read directly, not through ``sys.stdin``'s buffer, whose ``readline`` takes
    a Ctrl-D in the middle of a line as nothing and waits on (live audit, stop 56: it took
    three Ctrl-Ds to stop there, not two). The terminal hands over a line at a time, so the
    buffer holds nothing the next read would miss."""
    stream = sys.stdin
    try:
        fd = stream.fileno()
        terminal = os.isatty(fd)
    except (AttributeError, OSError, ValueError):  # a stand-in for stdin (tests), or closed
        terminal = False
    if not terminal:
        return stream.readline()
    data = os.read(fd, 1 << 16)
    return data.decode(stream.encoding or "utf-8", stream.errors or "strict")


def read_line(prompt: str | None = None) -> str | None:
    """The next line of standard input, None at its end: every interactive question's one
    reader (``live``, ``play``, ``drill``, ``puzzle try``, ``train``, ``replay --step``).

    What has been printed is flushed first, whatever standard output is: a program driving a
    session through pipes reads the question before it answers, instead of both waiting for
    each other. On a terminal ``prompt`` is shown on stderr. A byte order mark before the first
    line (a script saved by some Windows editors) is dropped, as the record reader drops it.
    """
    interactive = sys.stdin.isatty()
    sys.stdout.flush()
    if interactive and prompt is not None:
        sys.stderr.write(prompt)
    sys.stderr.flush()
    line = _typed()
    if interactive and not line.endswith("\n"):
        # Ctrl-D ended the input with no newline typed: what follows starts a line of its own
        sys.stderr.write("\n")
        while line.strip() and not line.endswith("\n"):
            # Ctrl-D in the middle of a line hands over what was typed without the Enter that
            # enters it: neither enter it unasked nor drop it unsaid
            note(
                "tutor: "
                + _(
                    "Ctrl-D in the middle of the line {line!r}: press Enter to enter it, or "
                    "Ctrl-D again to stop without it"
                ).format(line=line.strip())
            )
            again = _typed()
            if not again:
                line = ""  # Ctrl-D again: the end of the input
            elif not again.strip():
                line += "\n"  # Enter: the line as typed
                break
            else:
                line = again  # another line typed instead
                if not line.endswith("\n"):
                    sys.stderr.write("\n")
    if _READING[0] is not sys.stdin:
        _READING[0] = sys.stdin
        line = line.removeprefix("\ufeff")
    return line or None


def line_reader(prompt: Callable[[], str]) -> Callable[[], str | None]:
    """The ``read()`` of an interactive session (``tutor live``, ``tutor play``): the next line
    of standard input (:func:`read_line`), None at its end.

    On a terminal it first shows ``prompt()``; Ctrl-C at the prompt drops the line being
    typed, and a second Ctrl-C in a row stops (KeyboardInterrupt), as does one that comes
    within a second of a Ctrl-C that stopped a hint (:func:`ctrl_c_lately`). When standard
    input is not a terminal the lines are read as they come, so a session can be scripted.
    """
    interactive = sys.stdin.isatty()

    def read() -> str | None:
        interrupted = False
        while True:
            try:
                return read_line(visible(prompt()) + "> ")
            except KeyboardInterrupt as exc:
                if not interactive or interrupted or isinstance(exc, Ended) or ctrl_c_lately():
                    raise
                interrupted = True
                note(
                    "\ntutor: "
                    + _("Ctrl-C: line dropped (press Ctrl-C again or type quit to stop)")
                )

    return read


def typed_options(ctx: typer.Context, names: tuple[str, ...]) -> list[str]:
    """The options among ``names`` (parameter names) the user typed, as typed (``--table``),
    not those left at their defaults: for a usage error naming what does not go together."""
    typed = []
    for param in ctx.command.params:
        if param.name in names:
            source = ctx.get_parameter_source(param.name)
            if source is not None and source.name == "COMMANDLINE":
                typed.append(param.opts[0])
    return typed


def check_save(save: Path, option: str = "--save") -> None:
    """A usage error when nothing could be saved to ``save`` (a folder; a folder missing or
    not writable; a read-only file): said before the session starts, since a session that
    cannot save would lose what is typed. ``option`` names where the file came from: a
    ``--resume`` file is saved to unless ``--save`` says otherwise."""
    problem = save_problem(save)
    if problem is not None:
        said = _("cannot save to {file}: {problem}").format(file=save, problem=problem)
        if option == "--resume":
            said += " " + _("(give --save FILE to go on in another file)")
        raise typer.BadParameter(said, param_hint=option)


def check_output(out: Path, option: str, example: str, *inputs: Path) -> None:
    """A usage error, before any work, when ``out`` cannot be written (a folder: ``example``
    names a file to suggest in it; a folder missing or not writable) or is one of the files the
    command reads (``inputs``): writing the output there would destroy the input. ``-`` is
    standard output (:func:`write_output`)."""
    if is_stdout(out):
        return
    problem = save_problem(out, example)
    if problem is not None:
        raise typer.BadParameter(
            _("cannot write {file}: {problem}").format(file=out, problem=problem),
            param_hint=option,
        )
    for given in inputs:
        if _same_file(out, given):
            raise typer.BadParameter(
                _("{file} is the file being read: writing to it would destroy it").format(file=out),
                param_hint=option,
            )


def is_stdout(out: Path) -> bool:
    """Whether an output option names standard output (``-``)."""
    return str(out) == "-"


def write_output(out: Path, text: str) -> None:
    """Write an output file all or nothing (:func:`save_atomically`) and say so on stderr, or
    print it on standard output when ``out`` is ``-``."""
    if is_stdout(out):
        sys.stdout.flush()  # in UTF-8, as the file would be, whatever the terminal's encoding
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
        return
    # lazy: the writer lives with the record files, which not every command reads
    from tutor.records.recordfile import SaveError, save_atomically

    try:
        save_atomically(out, text)
    except SaveError as exc:  # the output, not the input, is at fault: as > /dev/full is
        fail(str(exc), EXIT_OUTPUT)
    note("tutor: " + _("wrote {file}").format(file=out))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def new_save_file(save: Path | None, prefix: str) -> Path:
    """The file a new interactive session saves to: ``save``, or ``PREFIX-DATE.yaml`` in the
    current folder (``PREFIX-DATE-2.yaml`` when that exists); a usage error when nothing could
    be saved there (:func:`check_save`) or when ``save`` exists (saving over it would lose
    what it holds: ``--resume`` goes on with it)."""
    # without --save, a session started in the same second as another takes the next name
    path = (
        save
        if save is not None
        else free_name(Path(f"{prefix}-{time.strftime('%Y%m%d-%H%M%S')}.yaml"))
    )
    check_save(path)
    if save is not None and save.exists():
        raise typer.BadParameter(
            _(
                "{file} already exists: go on with it with --resume {file}, or choose another file"
            ).format(file=save),
            param_hint="--save",
        )
    return path


def note_comments_lost(resumed: Path, save: Path | None) -> None:
    """Say on stderr, before a resumed session saves over ``resumed`` (``save`` None), that the
    file's YAML comments will not be kept: the session writes the record anew, with its notes
    but without comments (store audit, stop 52: they went without a word)."""
    if save is not None:
        return
    try:
        lines = resumed.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return  # the session read it: nothing is lost but what it can say here
    first = next((n for n, line in enumerate(lines, 1) if line.lstrip().startswith("#")), None)
    if first is not None:
        note(
            f"tutor: {resumed}:{first}: "
            + _(
                "the file's comments (lines starting with #) are not kept when the session "
                "saves it; give --save FILE to keep this file as it is"
            )
        )


def record_hands(file: Path, hand: int | None, shown: bool = True) -> list[HandRecord]:
    """Hands 1 to ``hand`` of the record file ``file`` (None: every hand): hand ``hand`` last,
    the match's earlier hands before it; with ``shown``, for a person to read, their seats
    named in the language of the run (:meth:`~tutor.records.record.HandRecord.shown`), else as
    the file writes them (for the JSON, and for work that reads the file again by its names)."""
    return record_hands_and_count(file, hand, shown)[0]


def record_hands_and_count(
    file: Path, hand: int | None, shown: bool = True
) -> tuple[list[HandRecord], int]:
    """:func:`record_hands`, and how many hands the file holds."""
    records = [record.shown() if shown else record for record in load_path(str(file))]
    if hand is None:
        hand = len(records)
    if hand > len(records):
        raise InputError(
            f"{file}: --hand {hand}: "
            + ngettext("the file has {n} hand", "the file has {n} hands", len(records)).format(
                n=len(records)
            )
        )
    note_short_hands(file, records[:hand])
    return records[:hand], len(records)


def note_short_hands(file: Path, records: Sequence[HandRecord]) -> None:
    """Say on stderr which hands a record gives a card or two short among full ones (read as
    unknown cards, they are more likely cards left out by mistake)."""
    for record in records:
        for deal, name, n in record.short_hands():
            note(
                f"tutor: {_where(file, record)}"
                + ngettext(
                    "deal {d} gives {name} {n} card of {size}, the other hands in full: the "
                    "missing ones count as unknown (a card left out?)",
                    "deal {d} gives {name} {n} cards of {size}, the other hands in full: the "
                    "missing ones count as unknown (a card left out?)",
                    n,
                ).format(d=deal, name=name, n=n, size=record.ruleset.hand_size)
            )


def record_hand(file: Path, hand: int, shown: bool = True) -> HandRecord:
    """Hand number ``hand`` (1 = the first) of the record file ``file`` (``shown``: as
    :func:`record_hands`)."""
    return record_hands(file, hand, shown)[-1]


def _where(file: Path, record: HandRecord) -> str:
    """``FILE: `` or, for a hand of a match file, ``FILE: hand 2: ``: what a message about the
    hand starts with."""
    hand = "" if record.hand is None else _("hand {n}").format(n=record.hand) + ": "
    return f"{file}: {hand}"


def check_at(file: Path, record: HandRecord, at: int | None) -> None:
    """Bad input (exit 3) when ``--at`` goes past the plays of ``record`` (hand ``record.hand``
    of a match file, named in the message)."""
    if at is None or at <= len(record.plays):
        return
    raise InputError(
        f"{_where(file, record)}--at {at}: "
        + ngettext(
            "the record has only {n} play", "the record has only {n} plays", len(record.plays)
        ).format(n=len(record.plays))
    )


def stated_styles(
    players: Sequence[str], texts: Sequence[str], viewer: str | None = None
) -> dict[str, dict[str, float]]:
    """The styles of play stated with ``--style PLAYER=STYLE[:SHARE]``, by player name as
    ``players`` writes it; a bad one is a usage error (exit 2). One for ``viewer``, the seat
    the count is made from, is said to change nothing: nobody reads their own plays (record
    audit, stop 53: it was taken without a word)."""
    # lazy: the counting layer loads only for the commands that read styles
    from tutor.counting.style import parse_stated_style

    out: dict[str, dict[str, float]] = {}
    for text in texts:
        try:
            player, prior = parse_stated_style(text)
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="--style") from None
        name = player_named(players, player)
        if name is None:
            raise typer.BadParameter(
                f"{text!r}: "
                + _("no such player (players: {players})").format(players=", ".join(players)),
                param_hint="--style",
            )
        if name == viewer:
            note(
                "tutor: "
                + _(
                    "--style {text}: the count is made from {name}'s seat, and nobody reads "
                    "their own plays: this style changes nothing"
                ).format(text=text, name=shown_name(name))
            )
        out[name] = prior
    return out


EarlierOption = Annotated[
    bool,
    typer.Option(
        "--earlier-hands/--no-earlier-hands",
        help="In a match file, read the players' styles from the hands before --hand too.",
    ),
]


StyleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--style",
        metavar="PLAYER=STYLE[:SHARE]",
        help="How a player plays, if you know: grabber (takes the most at once), careful or "
        f"careless; taken as {STATED_SHARE:.0%} sure unless SHARE, a share from 0 to 1 (0.7), "
        "says otherwise. Repeat for each player.",
    ),
]


def check_player(file: Path | str, record: HandRecord, player: str, option: str = "--as") -> int:
    """The seat of ``player`` (the name as written, or in any case when that is unique), given
    with the command-line option ``option``, which an unknown name's message names."""
    try:
        return record.seat_of(player)
    except TutorError:
        raise InputError(
            f"{file}: {option} {player}: "
            + _("no such player (players: {players})").format(players=", ".join(record.players))
        ) from None


def tolerate_narrow_encodings() -> None:
    """Let stdout and stderr replace what their encoding cannot write (``PYTHONIOENCODING=ascii``,
    a Latin-1 terminal) instead of failing mid-line: the glyphs then fall back to letters
    (:func:`tutor.render.terminal.is_fancy`), a dash or an accent is spelt in plain letters
    (:func:`~tutor.cli.language.plain_spelling`: ``e'`` for ``è``).

    Standard input keeps a byte its encoding cannot read as an escape (``surrogateescape``,
    what Python does in the C locale), so that a stray byte typed at a prompt (a Latin-1
    keyboard, a paste) is a line the session refuses like any typo, not an internal error that
    ends it."""
    for stream in (sys.stdout, sys.stderr):
        if not writes_unicode(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="tutor-plain")
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="surrogateescape")


def _ignore_ctrl_c_while_ending() -> None:
    """After a Ctrl-C has stopped the command: another one, pressed again while the
    interpreter ends (joining the pools' threads, running the exit functions), would only
    print an "Exception ignored ... KeyboardInterrupt" traceback there, or kill the process
    by the signal rather than exit 130."""
    import signal

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def main(argv: list[str] | None = None) -> None:
    """The console script: run the app and exit with its code."""
    stand_in_for_closed_streams()
    tolerate_narrow_encodings()
    try:
        app(args=argv, prog_name="tutor")
    except KeyboardInterrupt:
        interrupted()
        _ignore_ctrl_c_while_ending()
        sys.exit(EXIT_INTERRUPTED)
    except SystemExit as exc:
        if exc.code == EXIT_INTERRUPTED:
            _ignore_ctrl_c_while_ending()
        raise
    except OSError as exc:  # from an option run before any command (--version, --help >&-)
        unwritten = _output_failure(exc)
        if unwritten is None:
            raise
        sys.stderr.write("tutor: " + _("error") + f": {unwritten}\n")
        sys.exit(EXIT_OUTPUT)


# -- the progress database (train, stats, puzzle try) ----------------------------------------


def waiting_note(path: Path) -> Callable[[float], None]:
    """The store's ``on_wait``: say on stderr why nothing happens while another session holds
    the database's lock."""

    def say(seconds: float) -> None:
        note(
            "tutor: "
            + _(
                "the progress database {file} is in use by another session; waiting up to "
                "{seconds} seconds..."
            ).format(file=path, seconds=number(seconds, "g"))
        )

    return say


def db_path(db: Path | None) -> Path:
    """The progress database: ``--db`` or the default. The default's folder is made when
    missing; a ``--db`` in a folder that does not exist is a usage error, as a missing folder
    is for every file the tutor writes (a mistyped path would otherwise grow folders)."""
    from tutor.training.store import default_path

    if db is None:
        return default_path()
    folder = db.parent
    if not folder.exists():
        raise typer.BadParameter(
            _("the folder {folder} does not exist").format(folder=folder), param_hint="--db"
        )
    return db


DbOption = Annotated[
    Path | None,
    file_option(
        "--db",
        help="The progress database (default: $XDG_DATA_HOME/scopone-tutor/progress.sqlite).",
    ),
]
"""The ``--db`` option of ``train``, ``stats`` and ``puzzle try``."""
