"""Scopone tutor: replay, count, explain and solve hands of Scopone Scientifico and Scopa.

The front door for scripts: the names most programs need, from the layers below.

>>> from tutor import GameState, load_ruleset
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", [["7D", "4C"], ["3B", "6S"]])
>>> [m.text() for m in s.legal_moves()]
['7D x 2C 5S', '4C']
"""

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
