"""Every computer player by name: ``random``, ``greedy``, ``chitarrella``, ``search`` and
``search-classic`` (the search before the play model: the yardstick of ``docs/strength.md``).

>>> make_player("search:0.5").budget
0.5
>>> make_player("search-classic").name
'search-classic'
>>> make_player("chitarrella").name
'chitarrella'
"""

from __future__ import annotations

import math

from tutor.game.errors import TutorError
from tutor.search.players import ChitarrellaPlayer, GreedyPlayer, Player, RandomPlayer
from tutor.search.searchplayer import SearchPlayer, classic_search

__all__ = ["PLAYER_NAMES", "PlayerError", "make_player"]


class PlayerError(TutorError):
    """A player named that the tutor does not have, or with options it cannot take."""


PLAYER_NAMES = ("random", "greedy", "chitarrella", "search", "search-classic")


def make_player(spec: str) -> Player:
    """A player from its name; ``search:0.5`` (or ``search-classic:0.5``) sets the search budget
    in seconds per move."""
    name, _, arg = spec.strip().partition(":")
    name = name.lower()
    if name == "random":
        return RandomPlayer()
    if name == "greedy":
        return GreedyPlayer()
    if name == "chitarrella":
        return ChitarrellaPlayer()
    if name in ("search", "search-classic"):
        build = SearchPlayer if name == "search" else classic_search
        if not arg:
            return build()
        try:
            budget = float(arg)
        except ValueError:
            raise PlayerError(f"player {spec!r}: the search budget must be seconds") from None
        if not math.isfinite(budget) or budget <= 0:
            raise PlayerError(
                f"player {spec!r}: the search budget must be a finite positive number of seconds"
            )
        return build(budget)
    raise PlayerError(f"unknown player {spec!r}; players: {', '.join(PLAYER_NAMES)}")
