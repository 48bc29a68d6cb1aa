"""The one base of every error a user can cause, so that callers catch a single class.

Every error the library raises for bad input (a card that is not a card, an unknown ruleset, an
illegal play, a record that does not hold together...) is a :class:`TutorError`. The messages
speak of the game and the input, never of command-line flags: the command line adds those.

>>> from tutor.game.cards import NotationError
>>> issubclass(NotationError, TutorError) and issubclass(TutorError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["SHOWN_MAX", "Shown", "TutorError"]


class TutorError(ValueError):
    """Bad input: one clear message, no traceback needed (the command line exits 3)."""


SHOWN_MAX = 60
"""The longest a bad value is quoted in a message, in characters (then cut with "…"): a line
of 200,000 characters typed or pasted by mistake is not worth 400 KB of message."""


class Shown:
    """A value from the user or a file as a message quotes it (``{value!r}``): its repr, cut to
    :data:`SHOWN_MAX` characters.

    >>> "{0!r} is not a card".format(Shown("x" * 100))[-20:], repr(Shown("7X"))
    ('xxxxx… is not a card', "'7X'")
    """

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        text = repr(self.value)
        return text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 1] + "…"

    __str__ = __repr__
