"""The language of a ``tutor`` run: chosen before the command line is parsed, and the words
click and typer write themselves (help, usage errors) put into it.

The language comes from ``--lang it|en``, else from the environment (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``). A run with ``--json`` speaks English throughout, so that the JSON
(whose texts, such as an observation's, are worded by the library) is the same in every
language: scripts read it, and scripts must not break.

Help texts are written in English where each command is declared (docstrings, ``help=``,
``short_help=``); :func:`translate_commands` puts them into the run's language once, when the
run starts, and :func:`help_texts` lists them for the catalogue (``tools/i18n.py``), so the two
agree on every text. click's own words are either passed through gettext by typer (the section
titles, ``default:``, ``required``), worded here from the error's fields (usage errors), or
written by :class:`TutorFormatter` (``Usage:``, the value types).
"""

from __future__ import annotations

import codecs
import inspect
import math
import re
import shutil
import sys
import textwrap
from collections.abc import Iterator, Sequence
from typing import Any

import click.formatting as click_formatting
import typer
import typer.core

from tutor.game.errors import Shown
from tutor.game.i18n import LANGUAGES, N_, _, either, number
from tutor.render.safe import TERM_LINE

__all__ = [
    "TutorContext",
    "TutorFormatter",
    "run_language",
    "translate_commands",
    "help_texts",
    "usage_message",
    "CLICK_WORDS",
]

# typer words what it adds to the help (the section titles, "default: {default}", "required")
# and two usage errors through gettext's ``_``: route those through the tutor's catalogue.
typer.core._ = _

CLICK_WORDS = (
    # written by typer through gettext (see above)
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("default: {default}"),
    N_("required"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    # written by click, put into words by this module
    N_("Usage: "),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("Show this message and exit."),
    N_("Example:"),
    N_("Examples:"),
)
"""The words of click and typer that the tutor's help and usage errors show, in the catalogue
beside the tutor's own."""


def run_language(args: Sequence[str]) -> str | None:
    """The language a run of ``tutor ARGS`` asks for: English when ``--json`` is given, else
    ``--lang``'s, else None (the environment's, :func:`tutor.game.i18n.detect_language`). A
    ``--lang`` the tutor does not speak is None too: the usage error saying so is worded in the
    environment's language.

    >>> run_language(["--lang", "it", "rules"]), run_language(["--lang=it", "rules", "--json"])
    ('it', 'en')
    >>> run_language(["rules"]) is None, run_language(["--lang", "de", "rules"]) is None
    (True, True)
    """
    lang: str | None = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--json":
            return "en"
        if arg == "--lang" and i + 1 < len(args):
            lang = args[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.partition("=")[2]
    return lang if lang in LANGUAGES else None


# -- help --------------------------------------------------------------------------------------


def help_msgid(text: str) -> str:
    """A help text as click shows it (the docstring's indent removed, cut at a form feed)."""
    return inspect.cleandoc(text).partition("\f")[0]


def _epilog(text: str) -> str:
    """An epilog of :func:`tutor.cli.core.examples` with its heading translated; the example
    command lines stay as they are."""
    return "\n".join(
        line if not line.strip() or line.startswith((" ", "\b")) else _(line)
        for line in text.split("\n")
    )


def _commands(cmd: Any) -> Iterator[Any]:
    """A command and every command under it."""
    yield cmd
    for sub in getattr(cmd, "commands", {}).values():
        yield from _commands(sub)


HELP_OPTIONS = ["-h", "--help"]
"""The help option's names on every command (the app's ``context_settings`` say the same)."""


def _params(cmd: Any) -> list[Any]:
    """A command's parameters and its help option (click makes that one on demand, once, with
    the names of the context it is asked in: so they are given here, or -h would be lost)."""
    ctx = typer.Context(cmd, info_name=cmd.name, help_option_names=HELP_OPTIONS)
    return list(cmd.get_params(ctx))


def help_texts(root: Any) -> Iterator[str]:
    """Every help text of the command tree under ``root`` as :func:`translate_commands` looks
    it up: the messages of the catalogue that the help is made of."""
    for cmd in _commands(root):
        if cmd.help:
            yield help_msgid(cmd.help)
        if cmd.short_help:
            yield cmd.short_help
        for param in _params(cmd):
            if param.help:
                yield param.help
            metavar = _english_metavar(param)
            if metavar:
                yield metavar


_METAVARS = {
    "--samples": N_("K"),
    "--seed": N_("N"),
    "--deals": N_("N"),
    "--ruleset": N_("RULESET"),
    "--deck": N_("STYLE"),
    "--players": N_("PLAYERS"),
    "--time": N_("SECONDS"),
    "--theme": N_("THEME"),
    "--question": N_("KIND"),
}
"""What an option's value is called in the help, where the option names no metavar of its own
and its type's name (:data:`_TYPE_METAVARS`) would not say it (typer would show its type:
``--ruleset <str>``)."""

_TYPE_METAVARS = {"int": N_("N"), "float": N_("X"), "str": N_("TEXT")}
"""The same, by the value's type, for an option the table above does not name: ``--at N``."""


def _english_metavar(param: Any) -> str | None:
    """The metavar an option or argument shows, in English: its own, else one of the tables'
    (an argument's is its name in capitals); None for a flag."""
    own = param.__dict__.get("_english_metavar", param.metavar)
    if own is not None:
        return str(own)
    if param.param_type_name == "argument":
        return str(param.name.upper())
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return None
    long = next((o for o in param.opts if o.startswith("--")), "")
    described = getattr(param, "type_descriptor", None)
    annotation = str(getattr(described, "annotation", ""))
    kind = re.search(r"\b(int|float|str)\b", annotation)
    return _METAVARS.get(long) or (_TYPE_METAVARS.get(kind.group(1)) if kind else None)


def translate_commands(root: Any) -> None:
    """Put every help text of the command tree under ``root`` into the language of the run
    (help, short help, epilog headings, the options' help and metavars), and have each command
    format its help with :class:`TutorFormatter`.

    The English texts are kept on each object, so that a tree translated twice is translated
    from English both times.
    """
    for cmd in _commands(root):
        cmd.context_class = TutorContext
        _translate(cmd, "help", lambda t: _(help_msgid(t)))
        _translate(cmd, "short_help", _)
        _translate(cmd, "epilog", _epilog)
        _translate(cmd, "options_metavar", _)
        if hasattr(cmd, "subcommand_metavar"):
            _translate(cmd, "subcommand_metavar", _)
        for param in _params(cmd):
            _translate(param, "help", _)
            # an argument is shown by its name in capitals (CASE), an option's value by what it
            # is (--at N), not by its type (--at <int range>): said in the language
            param.__dict__["_english_metavar"] = _english_metavar(param)
            _translate(param, "metavar", _)


def _translate(obj: Any, attr: str, translate: Any) -> None:
    english = obj.__dict__.setdefault(f"_english_{attr}", getattr(obj, attr, None))
    if english:
        setattr(obj, attr, translate(english))


_Formatter: Any = typer.Context.formatter_class
"""click's help formatter, wherever this typer keeps click."""


PLAIN_SPELLINGS = {
    "\u2013": "-", "\u2014": "-", "\u2012": "-", "\u2212": "-", "\u2011": "-",
    "\u2026": "...", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
    "\u00ab": '"', "\u00bb": '"', "\u00d7": "x", "\u00b1": "+/-", "\u2265": ">=",
    "\u2264": "<=", "\u2192": "->", "\u2190": "<-", "\u00b7": "*", "\u2022": "*",
    "\u00e0": "a'", "\u00e8": "e'", "\u00e9": "e'", "\u00ec": "i'", "\u00f2": "o'",
    "\u00f9": "u'", "\u00c0": "A'", "\u00c8": "E'", "\u00c9": "E'", "\u00cc": "I'",
    "\u00d2": "O'", "\u00d9": "U'",
}  # fmt: skip
"""What a character an output's encoding cannot hold is written as: the dashes of the
classes (``best-good``), and the Italian accented vowels as Italian is typed without them
(``e'``, ``piu'``), not ``?``, which read as a question (terminal audit, stop 57)."""


def plain_spelling(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler ``tutor-plain``: :data:`PLAIN_SPELLINGS`, else the letters of
    the character without their accents, else ``?``."""
    import unicodedata

    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for ch in error.object[error.start : error.end]:
        plain = PLAIN_SPELLINGS.get(ch)
        if plain is None:
            bare = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
            plain = bare or "?"
        out.append(plain)
    return "".join(out), error.end


def plain_text(text: str, encoding: str) -> str:
    """``text`` as ``encoding`` can write it (:func:`plain_spelling` for what it cannot).

    >>> plain_text("La tavola è vuota: migliore–buona …", "ascii")
    "La tavola e' vuota: migliore-buona ..."
    >>> plain_text("più – già", "latin-1")
    'più - già'
    """
    return text.encode(encoding, "tutor-plain").decode(encoding)


codecs.register_error("tutor-plain", plain_spelling)


def writes_unicode(stream: Any) -> bool:
    """Whether ``stream`` writes any character (a UTF encoding), or needs :func:`plain_text`."""
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
    return encoding.startswith("utf")


HELP_MIN_WIDTH = 30
"""The narrowest the help is wrapped to: click never goes below 50, which a terminal of 40
columns then broke mid-word (terminal audit, stop 57)."""


class TutorFormatter(_Formatter):
    """click's help formatter with the usage line's prefix in the language of the run, the
    help's hyphens kept whole (:data:`_KEEP_HYPHEN`), and as narrow as the terminal down to
    :data:`HELP_MIN_WIDTH`."""

    def __init__(
        self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None
    ) -> None:
        if width is None and click_formatting.FORCED_WIDTH is None:
            columns = shutil.get_terminal_size().columns
            width = max(min(columns, max_width or 80) - 2, HELP_MIN_WIDTH)
        super().__init__(indent_increment, width, max_width)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        # typer writes a required argument as {FILE}: shown as the argument's own name
        args = re.sub(r"\{([^{}]+)\}", r"\1", args)
        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

    def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        # an argument's row names its type after its name (FILE <path>): the name says it
        rows = [(re.sub(r"^([^-\s]\S*) <[^<>]+>$", r"\1", term), text) for term, text in rows]
        rows = [(term, _local_numbers(text).replace("-", _KEEP_HYPHEN)) for term, text in rows]
        if not args and "col_max" not in kwargs:
            # narrow: a long option on a line of its own, its text below with room to wrap
            # (at 40 columns click left the text ten, past the edge)
            kwargs["col_max"] = max(10, min(30, (self.width - 10) // 2))
        super().write_dl(rows, *args, **kwargs)

    def write_text(self, text: str) -> None:
        start = len(self.buffer)
        super().write_text(text.replace("-", _KEEP_HYPHEN))
        # the blocks kept as written (a list of commands, the examples) fitted to the width
        written = "".join(self.buffer[start:])
        self.buffer[start:] = [fit_kept_lines(written, self.width)]

    def getvalue(self) -> str:
        text = str(super().getvalue()).replace(_KEEP_HYPHEN, "-")
        # click writes help to an ASCII stdout as UTF-8 (it takes ASCII for a mistake): in
        # plain letters, as every other output of the run (terminal audit, stop 57)
        if not writes_unicode(sys.stdout):
            text = plain_text(text, getattr(sys.stdout, "encoding", None) or "ascii")
        return text


_BRACKET = re.compile(r"\[[^\[\]]*\]$")
_DECIMAL = re.compile(r"(?<![\w.:,])\d+\.\d+(?![\w.:,])")
"""A number in a help's closing brackets, not one inside a value to type (``search:0.3``, a
list ``0.1,0.2``: a decimal comma there makes a value the option refuses; Italian audit,
stop 55)."""


def _shown_number(value: float) -> str:
    """A number click or typer quotes (a default, a bound, a value read), as the run writes
    numbers: whole without a decimal part (``1``, not ``1.0``), else in the fewest digits
    that give it back, with the language's decimal mark (``0,85``).

    >>> _shown_number(1.0), _shown_number(0.85), _shown_number(1_000_000), _shown_number(1e-07)
    ('1', '0.85', '1000000', '1e-07')
    """
    if math.isfinite(value) and float(value).is_integer():
        return str(int(value))
    return number(float(value), "")


def _local_numbers(text: str) -> str:
    """An option's help with the numbers click writes in its closing brackets (the default, the
    range: ``[default: 0.85; 0.0<=x<=1.0]``) written as the run writes numbers: ``0.85`` and
    ``1``, or in Italian ``0,85`` (audit, stop 52: the Italian help showed ``0.85``); a value
    as it is typed keeps its point.

    >>> from tutor.game.i18n import speaking
    >>> with speaking("it"):
    ...     _local_numbers("[default: 0.85; search:0.3,greedy; 0.1,0.2]")
    '[default: 0,85; search:0.3,greedy; 0.1,0.2]'
    """

    def local(bracket: re.Match[str]) -> str:
        return _DECIMAL.sub(lambda m: _shown_number(float(m[0])), bracket[0])

    return _BRACKET.sub(local, text)


def fit_kept_lines(text: str, width: int) -> str:
    """``text`` with each line wider than ``width`` broken: a term and its meaning (two spaces
    or more between them) with the meaning wrapped under itself; an example command at a space
    outside quotes, with a backslash that the shell reads as the same line; any other line at
    a space, under its own indent. A word wider than the width stays whole.

    >>> print(fit_kept_lines("  undo     take back your last play", 30))
      undo     take back your last
               play
    >>> print(fit_kept_lines("  printf 'a b c' | tutor play --seed 3", 28))
      printf 'a b c' | tutor \\
          play --seed 3
    """
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        body = line.lstrip()
        lead = len(line) - len(body)
        term = TERM_LINE.fullmatch(body)
        head = " " * lead + term[1] if term else ""
        if term and width - len(head) >= 16:
            out.extend(_wrapped(term[2], width, head, " " * len(head)))
        elif body.startswith(("tutor ", "printf ", "echo ", "cat ", "python ")):
            out.extend(_command_lines(line, width, lead))
        else:
            out.extend(_wrapped(body, width, " " * lead, " " * lead))
    return "\n".join(out)


def _wrapped(text: str, width: int, first: str, rest: str) -> list[str]:
    """``text`` wrapped at its spaces alone, after ``first`` on its first line and ``rest`` on
    the others."""
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False)  # fmt: skip


def _command_lines(line: str, width: int, lead: int) -> list[str]:
    """An example command broken at spaces outside quotes, each line but the last ending with
    `` \\`` (the shell joins them), the rest indented four more."""
    words, quote, word = [], "", ""
    for ch in line.strip():
        if ch == " " and not quote:
            words.append(word)
            word = ""
            continue
        if ch in "'\"" and quote in ("", ch):
            quote = "" if quote else ch
        word += ch
    words.append(word)
    units: list[str] = []  # an option with its value is never split: "--as You"
    for w in words:
        option = units and units[-1][:1] in ("-", _KEEP_HYPHEN) and " " not in units[-1]
        if option and w[:1] not in ("-", _KEEP_HYPHEN, "|"):
            units[-1] += " " + w
        else:
            units.append(w)
    out, current = [], " " * lead + units[0]
    for w in units[1:]:
        if len(current) + 1 + len(w) + 2 > width:
            out.append(current + " \\")
            current = " " * (lead + 4) + w
        else:
            current += " " + w
    return [*out, current]


_KEEP_HYPHEN = "\u2011"
"""A non-breaking hyphen, which the help's hyphens are while it is wrapped: a line is never
broken inside an option (``--no-\\nearlier-hands``) or a word (``rule-\\nof-48``), which the
reader would copy or read broken; every one is a plain ``-`` again in the help printed."""


class TutorContext(typer.Context):
    """The context of every ``tutor`` command: its help is drawn by :class:`TutorFormatter`."""

    formatter_class = TutorFormatter


# -- usage errors ------------------------------------------------------------------------------

_PYDANTIC = {
    "int_parsing": N_("must be a whole number, not {input!r}"),
    "float_parsing": N_("must be a number (like 0.5), not {input!r}"),
    "int_from_float": N_("must be a whole number, not {input!r}"),
    # beyond Python's 4,300 digits: the number itself is too long to quote (input audit, stop 54)
    "int_parsing_size": N_("must be a whole number of at most 4300 digits"),
    "greater_than_equal": N_("must be at least {ge}, not {input!r}"),
    "greater_than": N_("must be more than {gt}, not {input!r}"),
    "less_than_equal": N_("must be at most {le}, not {input!r}"),
    "less_than": N_("must be less than {lt}, not {input!r}"),
}
"""typer checks a number's type and range with pydantic: its messages, by error type."""

_OPTION_USAGE = (
    (re.compile(r"Option (?P<option>'.*') requires an argument\.?"),
     N_("Option {option} requires an argument.")),
    (re.compile(r"Option (?P<option>'.*') requires (?P<n>\d+) arguments\.?"),
     N_("Option {option} requires {n} arguments.")),
    (re.compile(r"Option (?P<option>'.*') does not take a value\.?"),
     N_("Option {option} does not take a value.")),
    (re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)"),
     N_("Got unexpected extra argument(s) ({args})")),
)  # fmt: skip
"""click's other usage errors, which carry no fields: its English message, read back."""


_DID_YOU_MEAN = re.compile(r"\.? Did you mean (?P<names>.*)\?$")
"""typer's suggestion after an unknown command, which it adds in English outside gettext."""


def _hint(exc: Any) -> str | None:
    """The parameter an error is about, as click names it (``'--at' / '-n'``, ``'FILE'``)."""
    hint = exc.param_hint
    if hint is None and exc.param is not None:
        if exc.param.param_type_name == "argument":
            name = _(exc.param.metavar or exc.param.name.upper())
            return f"'{name}'"
        hint = exc.param.get_error_hint()
    if isinstance(hint, (list, tuple)):
        return " / ".join(repr(h) for h in hint)
    return hint


def _is_nan(given: Any) -> bool:
    """Whether a value typed (text, or the number read from it) is not a number: 'nan'."""
    try:
        return math.isnan(float(given))
    except (TypeError, ValueError):
        return False


class _Typed:
    """A value typed on the command line, quoted as typed: a number bare (``0``, ``1.5``),
    anything else in quotes (``'abc'``)."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        if isinstance(self.value, (int, float)) and not isinstance(self.value, bool):
            return _shown_number(self.value)  # read already: as the run writes numbers (1,5)
        text = str(self.value)
        try:
            value = float(text)
        except ValueError:
            return repr(Shown(text))
        if "." in text and math.isfinite(value) and len(text) <= 20:
            return number(value, "")  # typed 1,5 (read as 1.5): shown 1,5 in Italian
        return text if len(text) <= 20 else repr(Shown(text))


def _value_message(exc: Any) -> str:
    """What is wrong with a value: typer's pydantic error worded by its type, else as given."""
    errors = getattr(exc.__cause__, "errors", None)
    if callable(errors):
        found = errors()
        if found and found[0].get("type") in _PYDANTIC:
            given = found[0].get("input")
            if _is_nan(given):
                # nan fails every bound, and pydantic names the first it tried
                return _("must be a number, not nan")
            bounds = {
                key: _shown_number(value) if isinstance(value, (int, float)) else value
                for key, value in found[0].get("ctx", {}).items()
            }  # "at most 1", "al massimo 1" (was 1.0, in English style in every language)
            return _(_PYDANTIC[found[0]["type"]]).format(**bounds, input=_Typed(given))
    return str(exc.message)


def usage_message(exc: Any) -> str:
    """A usage error's message in the language of the run (click words it in English)."""
    kind = type(exc).__name__
    if type(exc).__module__.startswith("tutor."):
        return str(exc.format_message())
    if kind == "MissingParameter":
        name = _hint(exc)
        kind_word = exc.param_type or (exc.param.param_type_name if exc.param else "parameter")
        text = (
            _("Missing argument {name}.")
            if kind_word == "argument"
            else _("Missing option {name}.")
        ).format(name=name)
        return f"{text} {exc.message}" if exc.message else text
    if kind == "NoSuchOption":
        text = _("No such option: {name}").format(name=exc.option_name)
        if exc.option_name == "--lang" or exc.option_name.startswith("--lang="):
            # review audit (stop 49): 'tutor review FILE --lang it' offered --as and --hand
            path = exc.ctx.command_path.split(" ", 1) if exc.ctx is not None else []
            command = path[1] if len(path) > 1 else _("COMMAND")
            return _(
                "--lang is an option of tutor itself: give it before the command, as in "
                "tutor --lang it {command}"
            ).format(command=command)
        if exc.possibilities:
            options = ", ".join(sorted(exc.possibilities))
            text += " " + _("(Possible options: {options})").format(options=options)
        return text
    if kind == "BadParameter":
        name = _hint(exc)
        if name is None:
            return _("Invalid value: {message}").format(message=_value_message(exc))
        return _("Invalid value for {name}: {message}").format(
            name=name, message=_value_message(exc)
        )
    message = str(exc.message)
    for pattern, msgid in _OPTION_USAGE:
        found = pattern.fullmatch(message)
        if found:
            return _(msgid).format(**found.groupdict())
    # typer adds its suggestion to click's (translated) words in English, outside gettext
    # and lists them all with commas: "'replay', 'explain' or 'play'" here, and no question
    # mark before the "; see" that follows (Italian audit, stop 52: "'play'?; vedi")
    return _DID_YOU_MEAN.sub(
        lambda m: (
            "; "
            + _("perhaps {names}").format(names=either(re.findall(r"'[^']*'", m.group("names"))))
        ),
        str(exc.format_message()),
    )
