"""Scopone tutor: replay, count, explain and solve hands of Scopone Scientifico and Scopa.

The front door for scripts: the names most programs need, from the layers below: cards,
rulesets, the game state and its move errors, and hand records with their readers and writers
(``load``/``loads``/``dump``/``dumps``, as ``json`` names them).

>>> from tutor import GameState, load_ruleset
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", [["7D", "4C"], ["3B", "6S"]])
>>> [m.text() for m in s.legal_moves()]
['7D x 2C 5S', '4C']
>>> import tutor
>>> "GameState" in dir(tutor) and tutor.IllegalMoveError.__module__
'tutor.game.state'
"""

from importlib import import_module

# not typing.TYPE_CHECKING: importing typing takes ~10 ms, before tutor._start can catch a Ctrl-C
TYPE_CHECKING = False
if TYPE_CHECKING:
    from tutor.game.cards import (
        Card,
        NotationError,
        cards_of,
        format_card,
        format_cards,
        parse_card,
        parse_cards,
    )
    from tutor.game.errors import TutorError
    from tutor.game.rules import Ruleset, load_ruleset
    from tutor.game.state import (
        AmbiguousMoveError,
        GameState,
        IllegalMoveError,
        InvalidMoveError,
        Move,
        MoveError,
    )
    from tutor.records.record import HandRecord, RecordError
    from tutor.records.recordfile import dump, dumps, load, load_path, loads

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "AmbiguousMoveError",
    "Card",
    "cards_of",
    "dump",
    "dumps",
    "format_card",
    "format_cards",
    "GameState",
    "HandRecord",
    "IllegalMoveError",
    "InvalidMoveError",
    "load",
    "load_path",
    "load_ruleset",
    "loads",
    "Move",
    "MoveError",
    "NotationError",
    "parse_card",
    "parse_cards",
    "RecordError",
    "Ruleset",
    "TutorError",
]

_HOMES = {
    "Card": "tutor.game.cards",
    "parse_card": "tutor.game.cards",
    "format_card": "tutor.game.cards",
    "parse_cards": "tutor.game.cards",
    "format_cards": "tutor.game.cards",
    "cards_of": "tutor.game.cards",
    "NotationError": "tutor.game.cards",
    "TutorError": "tutor.game.errors",
    "Ruleset": "tutor.game.rules",
    "load_ruleset": "tutor.game.rules",
    "GameState": "tutor.game.state",
    "Move": "tutor.game.state",
    "MoveError": "tutor.game.state",
    "InvalidMoveError": "tutor.game.state",
    "IllegalMoveError": "tutor.game.state",
    "AmbiguousMoveError": "tutor.game.state",
    "HandRecord": "tutor.records.record",
    "RecordError": "tutor.records.record",
    "load": "tutor.records.recordfile",
    "loads": "tutor.records.recordfile",
    "load_path": "tutor.records.recordfile",
    "dump": "tutor.records.recordfile",
    "dumps": "tutor.records.recordfile",
}
"""Where each front-door name lives: they load when first used, so that importing the package
(as the ``tutor`` command does first) costs nothing before its own code runs."""


def __getattr__(name: str) -> object:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'tutor' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The front door's names too, though they load only when used (API audit, stop 57:
    ``dir(tutor)`` did not show ``GameState``)."""
    return sorted({*globals(), *_HOMES})
