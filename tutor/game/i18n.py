"""The language of the interface: English, or Italian from a gettext catalogue.

Every text a person reads is written in English in the code, marked for translation, and looked
up at the moment it is worded, in the language of the run:

- ``_("...")`` for a message, with named placeholders filled in afterwards, so that a
  translation may put them in another order: ``_("{player} cannot play {card}")``
  ``.format(player=..., card=...)``;
- ``ngettext(singular, plural, n)`` for a count ("1 card", "3 cards");
- ``pgettext(context, message)`` where one English word needs two translations;
- ``N_("...")`` marks a text kept in a table and translated where it is shown
  (``_(CATEGORY_NAMES[c])``), ``NP_(context, "...")`` the same with a context;
- :func:`number` for a decimal as the language writes it ("0.57", "0,57"), its thousands
  grouped if asked ("227,873,431,500", "227.873.431.500").

The catalogues are the standard machinery: ``tutor/locale/LANG/LC_MESSAGES/tutor.po``, compiled
to ``tutor.mo`` beside it (``make po`` does both; ``make lint`` checks that the catalogue is
complete and the compiled file up to date). Loading one is a single read of a small binary
file, done once per language.

The library speaks English until :func:`set_language` is called: a script's messages do not
change with the machine it runs on unless it asks. The command line asks, with ``--lang`` or
the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them).

>>> with speaking("it"):
...     print(_("forbidden"), ngettext("{n} sample", "{n} samples", 3).format(n=3), number(0.5714))
vietata 3 campioni 0,57
>>> print(_("forbidden"), ngettext("{n} sample", "{n} samples", 1).format(n=1), number(0.5714))
forbidden 1 sample 0.57
"""

from __future__ import annotations

import difflib
import gettext
import math
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from importlib import resources

__all__ = [
    "unknown_key",
    "closest",
    "DOMAIN",
    "LANGUAGES",
    "bounds",
    "plain_decimal",
    "ENVIRONMENT",
    "_",
    "N_",
    "NP_",
    "ngettext",
    "pgettext",
    "number",
    "day_text",
    "moment_text",
    "language",
    "set_language",
    "speaking",
    "detect_language",
    "local",
    "in_every_language",
    "either",
    "all_of",
    "typed_words",
    "written_in_any_language",
    "COMMANDS",
    "command",
    "typed_command",
    "near_command",
    "QUIT",
    "quits",
]

DOMAIN = "tutor"
"""The gettext domain: the catalogues are ``tutor/locale/LANG/LC_MESSAGES/tutor.mo``."""

LANGUAGES = ("en", "it")
"""The languages of the interface; English is the language of the code and the fallback."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that choose the language, in gettext's order: the first one set counts."""

_catalogues: dict[str, gettext.NullTranslations] = {"en": gettext.NullTranslations()}
_current: gettext.NullTranslations = _catalogues["en"]
_language = "en"


class _Worded(str):
    """A translated message whose placeholders, once filled in, are worded as the language
    wants next to them (see :data:`_EUPHONY`)."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        text = str.format(self, *args, **kwargs)
        return _EUPHONY[_language](text) if _language in _EUPHONY else text


_AD = r"(?<![\w'’])([Aa]) (?=[Aa])"
"""The pattern of *a* before a word beginning with *a* (compiled on first use, by :mod:`re`'s
cache: nothing at start-up)."""

_ED = r"(?<![\w'’])([Ee]) (?=[Ee])"
"""The pattern of *e* (and) before a word beginning with *e*."""


def _italian_ad(text: str) -> str:
    """Italian's euphonic *ad* and *ed*: the preposition *a* before a word that begins with
    *a*, and *e* (and) before one that begins with *e*, as a name filled into a message may
    (``tocca a {player}`` with Ada: ``tocca ad Ada``; ``Ovest e Est``: ``Ovest ed Est``).

    >>> _italian_ad("tocca a Ada, non a te; A Anna vanno 4 carte; Ovest e Est, Nord e Sud")
    'tocca ad Ada, non a te; Ad Anna vanno 4 carte; Ovest ed Est, Nord e Sud'
    """
    return re.sub(_ED, r"\1d ", re.sub(_AD, r"\1d ", text))


def euphony(text: str) -> str:
    """``text`` worded as the language of the run wants where pieces were put together
    (Italian: ``a Ada`` is ``ad Ada``), for text assembled outside a message's ``format``."""
    return _EUPHONY[_language](text) if _language in _EUPHONY else text


_EUPHONY: dict[str, Callable[[str], str]] = {"it": _italian_ad}
"""Per language, how a message is reworded around what was filled into it."""


def _worded(text: str) -> str:
    return _Worded(text) if _language in _EUPHONY else text


def _(message: str) -> str:
    """``message`` in the language of the run."""
    return _worded(_current.gettext(message))


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written; it is translated where shown."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` for translation in ``context`` where it is written (the ``N_`` of
    :func:`pgettext`): the pair is translated where it is used."""
    return (context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for a count ``n``, in the language of the run."""
    return _worded(_current.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the language of the run, where ``context`` tells two uses apart."""
    return _worded(_current.pgettext(context, message))


def number(value: float, spec: str = ".2f") -> str:
    """A number formatted with ``spec`` (as :func:`format` takes it), written with the
    language's decimal mark; a ``,`` in ``spec`` groups the thousands, with the language's
    mark for them: the other of ``.`` and ``,`` (a language whose decimal mark is ``,`` groups
    with ``.``, as Italian does; every language of the tutor is one of the two).

    >>> number(0.5714), number(-1.5, "+.1f"), number(0.25, ".0%"), number(3, "d")
    ('0.57', '-1.5', '25%', '3')
    >>> number(227873431500, ",d"), number(1234.5, ",.2f")
    ('227,873,431,500', '1,234.50')
    >>> number(-0.001), number(-0.001, "+.2f"), number(-0.2, "+.0f")
    ('0.00', '+0.00', '+0')
    >>> with speaking("it"):
    ...     print(number(227873431500, ",d"), number(1234.5, ",.2f"))
    227.873.431.500 1.234,50
    """
    text = format(value, spec)
    if text.startswith("-") and not any(c in "123456789" for c in text):
        text = format(0.0, spec)  # -0.001 is "0.00", not "-0.00" (review audit, stop 47)
    mark = pgettext("decimal mark", ".")
    if mark == ".":
        return text
    group = "." if mark == "," else ","
    return text.translate({ord("."): mark, ord(","): group})


_DECIMAL_COMMA = r"[+-]?\d+,\d+"
"""A number written with a decimal comma, as Italian writes it (``0,5``): one comma between
digits, so never a list (``1,2,3``) nor a thousands-grouped figure (``1,000,000``)."""


def plain_decimal(text: str) -> str:
    """``text`` with a decimal comma read as the point a number is parsed with (``0,5`` ->
    ``0.5``), in every language: the tutor writes ``0,85`` in Italian, so a person types it
    back; anything else is returned as it is.

    >>> plain_decimal("0,5"), plain_decimal(" -1,25 "), plain_decimal("0.5"), plain_decimal("1,2,3")
    ('0.5', '-1.25', '0.5', '1,2,3')
    """
    stripped = text.strip()
    if re.fullmatch(_DECIMAL_COMMA, stripped):
        return stripped.replace(",", ".")
    return text


def day_text(day: str) -> str:
    """A day, given as ``2026-12-07`` (what the progress store keeps), as the language writes
    dates: ``07/12/2026`` in Italian (Italian audit: the stats showed ISO dates).

    >>> day_text("2026-12-07")
    '2026-12-07'
    >>> with speaking("it"):
    ...     print(day_text("2026-12-07"))
    07/12/2026
    """
    import datetime

    return datetime.date.fromisoformat(day).strftime(pgettext("date format", "%Y-%m-%d"))


def moment_text(t: float) -> str:
    """A moment (seconds since the epoch) in the local time, as the language writes a date and
    a time: ``2026-12-07 12:28``, ``07/12/2026 12:28``."""
    import time

    return time.strftime(pgettext("date and time format", "%Y-%m-%d %H:%M"), time.localtime(t))


def bounds(low: float, high: float, spec: str = ".2f", high_spec: str | None = None) -> str:
    """An interval's bounds as the language writes them, ``[0.12, 0.81]`` (``[0,12; 0,81]`` in
    Italian); an infinite end (an interval over one value) is ``?``. ``high_spec``: the high
    end's own format, when it needs more digits than the low one (or fewer).

    >>> bounds(0.12, 0.81), bounds(-1, 2, "+.1f"), bounds(0, float("inf"))
    ('[0.12, 0.81]', '[-1.0, +2.0]', '[0.00, ?]')
    >>> bounds(float("-inf"), float("inf"), "+.2f"), bounds(0.57, 0.9958, ".2f", ".3f")
    ('[?, ?]', '[0.57, 0.996]')
    """

    def end(x: float, spec: str) -> str:
        return number(x, spec) if math.isfinite(x) else "?"

    shown = pgettext("the bounds of an interval", "{low}, {high}")
    return "[" + shown.format(low=end(low, spec), high=end(high, high_spec or spec)) + "]"


def either(items: Sequence[str]) -> str:
    """Alternatives in words, in the language of the run: ``a, b or c`` (``a, b o c``).

    >>> either(["an ace", "a 5", "an 8"]), either(["a 10"]), either([])
    ('an ace, a 5 or an 8', 'a 10', '')
    """
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def all_of(items: Sequence[str]) -> str:
    """Several things in words, in the language of the run: ``a, b and c`` (``a, b e c``).

    >>> all_of(["Ada", "Bruno", "Carla"])
    'Ada, Bruno and Carla'
    """
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def is_you(name: str) -> bool:
    """Whether a player's name is the word for the person themselves (``You``, as ``tutor
    play`` and seed 003's worked example name them, in any language of the tutor: a game
    played in Italian saves ``Tu``): such a name takes "your", not "You's".

    >>> is_you("You"), is_you(" you "), is_you("Tu"), is_you("Ada")
    (True, True, True, False)
    """
    return name.strip().lower() in typed_words(("You",))


def language() -> str:
    """The language of the run: ``"en"`` or ``"it"``."""
    return _language


def local(texts: Mapping[str, str], key: str) -> str | None:
    """The text ``key`` of a data file in the language of the run: ``KEY_LANG`` when the file
    gives one (``explanation_it``), else ``KEY`` itself (``explanation``), else None.

    >>> local({"explanation": "Take it.", "explanation_it": "Prendila."}, "explanation")
    'Take it.'
    """
    if _language != "en":
        text = texts.get(f"{key}_{_language}")
        if text:
            return text
    return texts.get(key)


def in_every_language(key: str, words: Callable[[], str]) -> dict[str, str]:
    """A text the tutor writes into a data file, worded by ``words`` in every language of the
    tutor: ``KEY`` in English and ``KEY_LANG`` in each other language, the form
    :func:`local` reads back.

    >>> in_every_language("title", lambda: _("Study a hand"))
    {'title': 'Study a hand', 'title_it': 'Studiare una mano'}
    """
    texts: dict[str, str] = {}
    for lang in LANGUAGES:
        with speaking(lang):
            texts[key if lang == "en" else f"{key}_{lang}"] = words()
    return texts


@cache
def written_in_any_language(messages: tuple[str, ...]) -> dict[str, str]:
    """Each of ``messages`` as every language of the tutor writes it, mapped to the message:
    how a word a file holds in one language (``Tu``, ``Nord``) is known in another run.

    >>> written_in_any_language(("You",))
    {'You': 'You', 'Tu': 'You'}
    """
    out: dict[str, str] = {}
    for lang in LANGUAGES:
        for m in messages:
            out.setdefault(_catalogue(lang).gettext(m), m)
    return out


@cache
def typed_words(messages: tuple[str | tuple[str, str], ...]) -> frozenset[str]:
    """What a person may type for ``messages`` (answers such as ``none`` or ``skip``, each a
    message or a ``(context, message)`` pair), in lower case, in every language of the tutor
    whatever the run speaks: an Italian answer is understood in a run that speaks English
    (``--json``), and an English one in Italian. A word with accents may also be typed
    without them (``si`` for ``sì``), as keyboards without the letter have it.

    >>> sorted(typed_words(("skip", ("no capture", "none"))))
    ['nessuna', 'none', 'salta', 'skip']
    >>> sorted(typed_words(("yes",)))
    ['si', 'sì', 'yes']
    """
    out: set[str] = set()
    for lang in LANGUAGES:
        catalogue = _catalogue(lang)
        for m in messages:
            text = catalogue.gettext(m) if isinstance(m, str) else catalogue.pgettext(*m)
            out.add(text.lower())
            plain = unicodedata.normalize("NFD", text.lower())
            out.add("".join(c for c in plain if not unicodedata.combining(c)))
    return frozenset(out)


COMMANDS: dict[str, tuple[str, str]] = {
    "hint": NP_("a command typed in tutor play or live", "hint"),
    "explain": NP_("a command typed in tutor play or live", "explain"),
    "board": NP_("a command typed in tutor play or live", "board"),
    "undo": NP_("a command typed in tutor play or live", "undo"),
    "save": NP_("a command typed in tutor play or live", "save"),
    "help": NP_("a command typed in tutor play or live", "help"),
    "quit": NP_("a command typed in tutor play or live", "quit"),
    "deal": NP_("a command typed in tutor play or live", "deal"),
    "table": NP_("a command typed in tutor play or live", "table"),
    "fix": NP_("a command typed in tutor play or live", "fix"),
}
"""The words typed as commands in a session (``tutor play``, ``live``), by their English
name: each is read in every language of the tutor (``hint`` and ``suggerimento`` alike,
:func:`typed_command`) and shown in the language of the run (:func:`command`)."""


def command(word: str) -> str:
    """The command ``word`` (one of :data:`COMMANDS`) as a person of the run's language types
    it, for a help or a message: ``hint``, ``suggerimento``.

    >>> command("undo")
    'undo'
    >>> with speaking("it"):
    ...     print(command("undo"), command("quit"))
    annulla esci
    """
    return pgettext(*COMMANDS[word])


def typed_command(text: str) -> str | None:
    """The command a typed line is, by its English name, in any language of the tutor and any
    case; None when it is not one of :data:`COMMANDS`.

    >>> typed_command(" Hint "), typed_command("suggerimento"), typed_command("7D x 7C")
    ('hint', 'hint', None)
    """
    word = " ".join(text.lower().split())
    for name, message in COMMANDS.items():
        if word == name or word in typed_words((message,)):
            return name
    return None


def asks_help(text: str) -> bool:
    """Whether a typed line asks how to answer: ``help`` (in any language of the tutor) or
    ``?``, in every session that asks something (a game, a drill, a puzzle).

    >>> asks_help(" ? "), asks_help("aiuto"), asks_help("skip")
    (True, True, False)
    """
    return text.strip() == "?" or typed_command(text) == "help"


def closest(word: str, known: Iterable[str]) -> str | None:
    """The one of ``known`` that ``word`` was most likely meant to be, a slip of it (a command,
    a key, a player's name); None when none is near.

    >>> closest("play", ["ruleset", "plays"]), closest("colour", ["ruleset", "plays"])
    ('plays', None)
    """
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.75)
    return close[0] if close else None


def near_command(text: str, among: Iterable[str] | None = None) -> str | None:
    """The command a typed word was most likely meant to be, by its English name, when it is
    a slip of one (``hlep`` for help, ``suggerimeto``); None for a command itself, a card or a
    play (not letters alone), or a word near none. ``among``: the session's own commands
    (``live`` has no hint), every one of :data:`COMMANDS` by default.

    >>> near_command("hlep"), near_command("suggerimeto"), near_command("help"), near_command("RB")
    ('help', 'hint', None, None)
    >>> near_command("hitn"), near_command("hitn", among=("board", "undo"))
    ('hint', None)
    """
    word = " ".join(text.lower().split())
    if not word.isalpha() or typed_command(word) is not None:
        return None
    names = COMMANDS if among is None else {n: COMMANDS[n] for n in among}
    forms = {f: name for name, message in names.items() for f in (name, *typed_words((message,)))}
    close = closest(word, forms)
    return forms[close] if close else None


def unknown_key(key: object, known: Sequence[str], in_a_play: bool = False) -> str:
    """``unknown key 'play' (did you mean 'plays'? known keys: ...)``: a file's key that is
    none of ``known``, with the one it was likely meant to be, as ``play`` and ``live`` name
    the command a slip was meant to be (new-user audit, stop 57: ``play:`` for ``plays:`` got
    the list of 17 keys alone). ``in_a_play``: a key of a play written as a mapping.

    >>> unknown_key("play", ["ruleset", "players", "plays"])
    "unknown key 'play' (did you mean 'plays'? known keys: ruleset, players, plays)"
    >>> unknown_key("colour", ["ruleset", "plays"])
    "unknown key 'colour' (known keys: ruleset, plays)"
    """
    keys = ", ".join(known)
    close = closest(str(key).lower(), known)
    if close and in_a_play:
        return _(
            "unknown key {key!r} in a play (did you mean {close!r}? known keys: {keys})"
        ).format(key=key, close=close, keys=keys)
    if close:
        return _("unknown key {key!r} (did you mean {close!r}? known keys: {keys})").format(
            key=key, close=close, keys=keys
        )
    if in_a_play:
        return _("unknown key {key!r} in a play (known keys: {keys})").format(key=key, keys=keys)
    return _("unknown key {key!r} (known keys: {keys})").format(key=key, keys=keys)


QUIT = ("quit", "exit", "q")
"""What a person types to end a session where it is, as the end of the input does (``tutor
play``, ``live``, ``train``, ``puzzle try``); ``quit`` is also read in every language of the
tutor (``esci``): :func:`quits`."""


def quits(text: str) -> bool:
    """Whether a typed line ends the session: one of :data:`QUIT`, or ``quit`` in any language
    of the tutor, in any case.

    >>> quits(" Quit "), quits("EXIT"), quits("q"), quits("esci"), quits("quit later")
    (True, True, True, True, False)
    """
    word = " ".join(text.lower().split())
    return word in QUIT or word in typed_words((N_("quit"), COMMANDS["quit"]))


def _normalise(name: str) -> str | None:
    """The language of a locale name (``it_IT.UTF-8`` -> ``it``; ``C`` -> ``en``), or None."""
    code = name.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return "en"
    return code if code in LANGUAGES else None


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    :data:`ENVIRONMENT` that is set, a colon-separated list of preferences; English when none
    of them is a language of the tutor.

    >>> detect_language({"LANG": "it_IT.UTF-8"}), detect_language({"LANGUAGE": "fr:it"})
    ('it', 'it')
    >>> detect_language({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}), detect_language({})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = env.get(variable)
        if value:
            for name in value.split(":"):
                found = _normalise(name)
                if found is not None:
                    return found
            return "en"
    return "en"


def _catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang``, read once."""
    found = _catalogues.get(lang)
    if found is None:
        path = resources.files("tutor") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        with path.open("rb") as fp:
            found = gettext.GNUTranslations(fp)
        _catalogues[lang] = found
    return found


def set_language(lang: str | None = None) -> str:
    """Speak ``lang`` from now on (``it``, ``it_IT.UTF-8``, ``en``; None: the environment's,
    :func:`detect_language`); a language the tutor does not speak is English. Returns the
    language chosen."""
    global _current, _language
    chosen = detect_language() if lang is None else (_normalise(lang) or "en")
    _current = _catalogue(chosen)
    _language = chosen
    return chosen


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block, then the language before it again."""
    before = _language
    try:
        yield set_language(lang)
    finally:
        set_language(before)
