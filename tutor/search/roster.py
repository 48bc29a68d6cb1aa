"""Every computer player by name: ``random``, ``greedy``, ``chitarrella`` and ``search``.

>>> make_player("search:0.5").budget
0.5
>>> make_player("chitarrella").name
'chitarrella'
"""

from __future__ import annotations

import math

from tutor.game.errors import TutorError
from tutor.game.i18n import _
from tutor.search.players import ChitarrellaPlayer, GreedyPlayer, Player, RandomPlayer
from tutor.search.searchplayer import SearchPlayer

__all__ = ["PLAYER_NAMES", "PlayerError", "make_player"]


class PlayerError(TutorError):
    """A player named that the tutor does not have, or with options it cannot take."""


PLAYER_NAMES = ("random", "greedy", "chitarrella", "search")


def make_player(spec: str) -> Player:
    """A player from its name; ``search:0.5`` sets the search budget in seconds per move."""
    name, _sep, arg = spec.strip().partition(":")
    name = name.lower()
    if name == "random":
        return RandomPlayer()
    if name == "greedy":
        return GreedyPlayer()
    if name == "chitarrella":
        return ChitarrellaPlayer()
    if name == "search":
        if arg:
            try:
                budget = float(arg)
            except ValueError:
                raise PlayerError(
                    _("player {name!r}: the search budget must be seconds").format(name=spec)
                ) from None
            if not math.isfinite(budget) or budget <= 0:
                raise PlayerError(
                    _(
                        "player {name!r}: the search budget must be a finite positive number "
                        "of seconds"
                    ).format(name=spec)
                )
            return SearchPlayer(budget)
        return SearchPlayer()
    raise PlayerError(
        _("unknown player {name!r}; players: {names}").format(
            name=spec, names=", ".join(PLAYER_NAMES)
        )
    )
