"""Every computer player by name."""

from __future__ import annotations

import pytest

from tutor.search.players import ChitarrellaPlayer, GreedyPlayer, RandomPlayer
from tutor.search.roster import make_player
from tutor.search.searchplayer import SearchPlayer


def test_make_player() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("Greedy"), GreedyPlayer)
    assert isinstance(make_player("chitarrella"), ChitarrellaPlayer)
    p = make_player("search:0.25")
    assert isinstance(p, SearchPlayer) and p.budget == 0.25
    with pytest.raises(ValueError, match="unknown player 'alpha'"):
        make_player("alpha")
    with pytest.raises(ValueError, match="seconds"):
        make_player("search:soon")
