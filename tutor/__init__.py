"""Scopone tutor: replay, count, explain and solve hands of Scopone Scientifico and Scopa.

The front door for scripts: the names most programs need, from the layers below.

>>> from tutor import GameState, load_ruleset
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", [["7D", "4C"], ["3B", "6S"]])
>>> [m.text() for m in s.legal_moves()]
['7D x 2C 5S', '4C']
"""

from importlib import import_module

# not typing.TYPE_CHECKING: importing typing takes ~10 ms, before tutor._start can catch a Ctrl-C
TYPE_CHECKING = False
if TYPE_CHECKING:
    from tutor.game.cards import Card
    from tutor.game.errors import TutorError
    from tutor.game.rules import Ruleset, load_ruleset
    from tutor.game.state import GameState, Move
    from tutor.records.record import HandRecord

__version__ = "0.1.0"

__all__ = [
    "Card",
    "GameState",
    "HandRecord",
    "Move",
    "Ruleset",
    "TutorError",
    "__version__",
    "load_ruleset",
]

_HOMES = {
    "Card": "tutor.game.cards",
    "TutorError": "tutor.game.errors",
    "Ruleset": "tutor.game.rules",
    "load_ruleset": "tutor.game.rules",
    "GameState": "tutor.game.state",
    "Move": "tutor.game.state",
    "HandRecord": "tutor.records.record",
}
"""Where each front-door name lives: they load when first used, so that importing the package
(as the ``tutor`` command does first) costs nothing before its own code runs."""


def __getattr__(name: str) -> object:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'tutor' has no attribute {name!r}")
