"""Every computer player by name: ``random``, ``greedy``, ``chitarrella``, ``search``,
``search-classic`` (the search before the play model: the yardstick of ``docs/strength.md``)
and ``ismcts`` (the information-set tree search, measured there); for ``tutor simulate`` alone,
``search-sighted`` (``search`` shown every hand: the ceiling measured there) and
``search-hands`` (shown every hand but not the order of the stock).

>>> make_player("search:0.5").budget
0.5
>>> make_player("search-classic").name
'search-classic'
>>> make_player("chitarrella").name
'chitarrella'
>>> make_player("search-sighted:2", sighted=True).budget
2.0
>>> make_player("search-sighted")  # doctest: +ELLIPSIS
Traceback (most recent call last):
tutor.search.roster.PlayerError: 'search-sighted' sees every hand: ...
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import _, closest
from tutor.search.players import ChitarrellaPlayer, GreedyPlayer, Player, RandomPlayer
from tutor.search.searchplayer import (
    HandsShownSearch,
    ISMCTSPlayer,
    SearchPlayer,
    SightedSearch,
    classic_search,
)

__all__ = ["PLAYER_NAMES", "SIGHTED_NAMES", "PlayerError", "make_player", "written_seconds"]


class PlayerError(TutorError):
    """A player named that the tutor does not have, or with options it cannot take."""


PLAYER_NAMES = ("random", "greedy", "chitarrella", "search", "search-classic", "ismcts")
"""The players a game may seat: each sees its own seat alone."""

SIGHTED_NAMES = ("search-sighted", "search-hands")
"""The players shown every hand (:attr:`~tutor.search.players.Player.sighted`): yardsticks
that ``tutor simulate`` alone seats."""


_SEARCHES: dict[str, Callable[..., Player]] = {
    "search": SearchPlayer,
    "search-classic": classic_search,
    "ismcts": ISMCTSPlayer,
    "search-sighted": SightedSearch,
    "search-hands": HandsShownSearch,
}
"""The players with a time budget per move (``NAME:SECONDS``)."""
_RULE_BASED: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "chitarrella": ChitarrellaPlayer,
}
"""The players that take no budget: they choose by rule at once."""


MAX_BUDGET = 3600
"""The most seconds a search player may think about one move: an hour, more than any game
needs; a larger budget, written by hand in a saved game, would make the game never go on."""


def written_seconds(text: str) -> float:
    """A number of seconds as written in ASCII digits (``0.5``, ``1e-1``), positive and
    finite; NaN for anything else, which the caller refuses. ``float()`` alone would also take
    ``1_0`` and other scripts' digits (``١``), which no other option of the tutor reads.

    >>> written_seconds("0.5"), written_seconds("1_0"), written_seconds("\u0661")
    (0.5, nan, nan)
    """
    try:
        value = float(text) if text.isascii() and "_" not in text else math.nan
    except ValueError:
        return math.nan
    return value if math.isfinite(value) and value > 0 else math.nan


def make_player(spec: str, sighted: bool = False) -> Player:
    """A player from its name; ``search:0.5`` (or ``search-classic:0.5``) sets the search budget
    in seconds per move. A sighted player (:data:`SIGHTED_NAMES`) only with ``sighted``: the
    caller promises to show it the deal (as ``tutor simulate`` does), and no game with a
    person seats one."""
    name, _sep, arg = spec.strip().partition(":")
    name = name.lower()
    shown = Shown(spec)  # as every bad value is quoted: cut, bytes as bytes
    if name in SIGHTED_NAMES and not sighted:
        raise PlayerError(
            _(
                "{name!r} sees every hand: it is a yardstick for tutor simulate, "
                "not a player for a game"
            ).format(name=Shown(name))
        )
    if name in _RULE_BASED:
        if arg:  # greedy:xyz was taken as greedy
            raise PlayerError(
                _("player {name!r}: only the search players take seconds ({example})").format(
                    name=shown, example="search:1"
                )
            )
        return _RULE_BASED[name]()
    if name in _SEARCHES:
        build = _SEARCHES[name]
        if not arg:
            return build()
        budget = written_seconds(arg)
        if math.isnan(budget):
            raise PlayerError(
                _(
                    "player {name!r}: the search budget must be a finite positive number of seconds"
                ).format(name=shown)
            )
        if budget > MAX_BUDGET:  # a saved game's "ismcts:1e308" hung play --resume (stop 48)
            raise PlayerError(
                _("player {name!r}: the search budget is at most {most} seconds a move").format(
                    name=shown, most=MAX_BUDGET
                )
            )
        return build(budget)
    known = PLAYER_NAMES + (SIGHTED_NAMES if sighted else ())
    message = _("unknown player {name!r}; players: {names}").format(
        name=shown, names=", ".join(known)
    )
    close = closest(name, known)
    if close:  # play audit (stop 53): "serch:0.5" got the list alone
        message += "; " + _("did you mean {command}?").format(command=close + _sep + arg)
    raise PlayerError(message)
