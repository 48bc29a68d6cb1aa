"""Every computer player by name."""

from __future__ import annotations

import pytest
from helpers import run

from tutor.search.analysis import shared_deals
from tutor.search.players import ChitarrellaPlayer, GreedyPlayer, RandomPlayer
from tutor.search.roster import PlayerError, make_player
from tutor.search.searchplayer import ISMCTSPlayer, SearchPlayer


def test_make_player() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("Greedy"), GreedyPlayer)
    assert isinstance(make_player("chitarrella"), ChitarrellaPlayer)
    p = make_player("search:0.25")
    assert isinstance(p, SearchPlayer) and p.budget == 0.25 and p.name == "search"
    classic = make_player("search-classic:0.5")
    assert isinstance(classic, SearchPlayer) and classic.name == "search-classic"
    assert classic.options["deals"] is shared_deals and p.options["deals"] is None
    tree = make_player("ismcts:0.1")
    assert isinstance(tree, ISMCTSPlayer) and tree.budget == 0.1
    with pytest.raises(ValueError, match="unknown player 'alpha'"):
        make_player("alpha")
    with pytest.raises(ValueError, match="seconds"):
        make_player("search:soon")


@pytest.mark.parametrize(
    "spec",
    ["search:nan", "search:inf", "search:-inf", "search:1e400", "search:0", "search:-1",
     "search-classic:nan", "ismcts:0"],
)  # fmt: skip
def test_a_search_budget_must_be_a_finite_positive_number(spec: str) -> None:
    """Bug: ``search:nan`` and ``search:inf`` were accepted, and their searches never ended."""
    with pytest.raises(PlayerError, match="finite positive number of seconds"):
        make_player(spec)


def test_simulate_refuses_an_endless_search_budget() -> None:
    """Bug: ``tutor simulate -p search:nan,greedy`` started a simulation that never finished."""
    result = run("simulate", "-p", "search:inf,greedy", "--hands", "1")
    assert result.exit_code == 2
    assert "finite positive number of seconds" in result.stderr
