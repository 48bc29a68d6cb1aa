"""The one base of every error a user can cause, so that callers catch a single class.

Every error the library raises for bad input (a card that is not a card, an unknown ruleset, an
illegal play, a record that does not hold together...) is a :class:`TutorError`. The messages
speak of the game and the input, never of command-line flags: the command line adds those.

>>> from tutor.game.cards import NotationError
>>> issubclass(NotationError, TutorError) and issubclass(TutorError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["TutorError"]


class TutorError(ValueError):
    """Bad input: one clear message, no traceback needed (the command line exits 3)."""
