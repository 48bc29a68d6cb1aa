"""The one base of every error a user can cause, so that callers catch a single class.

Every error the library raises for bad input (a card that is not a card, an unknown ruleset, an
illegal play, a record that does not hold together...) is a :class:`TutorError`. The messages
speak of the game and the input, never of command-line flags: the command line adds those.

>>> from tutor.game.cards import NotationError
>>> issubclass(NotationError, TutorError) and issubclass(TutorError, ValueError)
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

__all__ = ["SHOWN_MAX", "Shown", "TutorError", "code_point", "names_text"]


class TutorError(ValueError):
    """Bad input: one clear message, no traceback needed (the command line exits 3)."""


_ESCAPED_BYTE = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")
"""A lone surrogate U+DC80 to U+DCFF in a repr (not after an escaped backslash): a byte that
``surrogateescape`` kept."""

SHOWN_MAX = 60
"""The longest a bad value is quoted in a message, in characters (then cut with "…"): a line
of 200,000 characters typed or pasted by mistake is not worth 400 KB of message."""


class Shown:
    """A value from the user or a file as a message quotes it (``{value!r}``): its repr, cut to
    :data:`SHOWN_MAX` characters (a string's closing quote kept). A byte that was no text where
    it was read (kept as a lone surrogate by Python's ``surrogateescape``) is shown as the
    byte: ``\\xff``, not ``\\udcff``.

    >>> "{0!r} is not a card".format(Shown("x" * 100))[-20:], repr(Shown("7X"))
    ("xxxx…' is not a card", "'7X'")
    >>> print(repr(Shown(b"7\\xff".decode("utf-8", "surrogateescape"))))
    '7\\xff'
    """

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        text = _ESCAPED_BYTE.sub(r"\1\\x\2", repr(self.value))
        if len(text) <= SHOWN_MAX:
            return text
        if isinstance(self.value, str):  # the quote closes the cut text, as it opened it
            return text[: SHOWN_MAX - 2] + "…" + text[-1]
        return text[: SHOWN_MAX - 1] + "…"

    __str__ = __repr__


def code_point(ch: str) -> str:
    """A character that must not act or hide, as every message and page shows it: ``<U+200B>``.

    >>> code_point("\u202e")
    '<U+202E>'
    """
    return f"<U+{ord(ch):04X}>"


def names_text(names: Sequence[str]) -> str:
    """Names listed in a message, an invisible character in one shown as ``<U+200B>``: a
    file's ``A\u200bda`` and a typed ``Ada`` must not look alike in "'Ada' is not a player".

    >>> names_text(["You", "A\u200bda"])
    'You, A<U+200B>da'
    """
    return ", ".join(
        "".join(code_point(c) if unicodedata.category(c) == "Cf" else c for c in n) for n in names
    )
