"""Every computer player by name: ``random``, ``greedy``, ``chitarrella``, ``search``,
``search-classic`` (the search before the play model: the yardstick of ``docs/strength.md``)
and ``ismcts`` (the information-set tree search, measured there).

>>> make_player("search:0.5").budget
0.5
>>> make_player("search-classic").name
'search-classic'
>>> make_player("chitarrella").name
'chitarrella'
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tutor.game.errors import TutorError
from tutor.game.i18n import _
from tutor.search.players import ChitarrellaPlayer, GreedyPlayer, Player, RandomPlayer
from tutor.search.searchplayer import ISMCTSPlayer, SearchPlayer, classic_search

__all__ = ["PLAYER_NAMES", "PlayerError", "make_player"]


class PlayerError(TutorError):
    """A player named that the tutor does not have, or with options it cannot take."""


PLAYER_NAMES = ("random", "greedy", "chitarrella", "search", "search-classic", "ismcts")


_SEARCHES: dict[str, Callable[..., Player]] = {
    "search": SearchPlayer,
    "search-classic": classic_search,
    "ismcts": ISMCTSPlayer,
}
"""The players with a time budget per move (``NAME:SECONDS``)."""


def make_player(spec: str) -> Player:
    """A player from its name; ``search:0.5`` (or ``search-classic:0.5``) sets the search budget
    in seconds per move."""
    name, _sep, arg = spec.strip().partition(":")
    name = name.lower()
    if name == "random":
        return RandomPlayer()
    if name == "greedy":
        return GreedyPlayer()
    if name == "chitarrella":
        return ChitarrellaPlayer()
    if name in ("search", "search-classic", "ismcts"):
        build = _SEARCHES[name]
        if not arg:
            return build()
        try:
            budget = float(arg)
        except ValueError:
            raise PlayerError(
                _("player {name!r}: the search budget must be seconds").format(name=spec)
            ) from None
        if not math.isfinite(budget) or budget <= 0:
            raise PlayerError(
                _(
                    "player {name!r}: the search budget must be a finite positive number of seconds"
                ).format(name=spec)
            )
        return build(budget)
    raise PlayerError(
        _("unknown player {name!r}; players: {names}").format(
            name=spec, names=", ".join(PLAYER_NAMES)
        )
    )
