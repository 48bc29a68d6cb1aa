"""Every computer player by name."""

from __future__ import annotations

import random

import pytest
from helpers import midgame, run

from tutor.search.analysis import exact_values, shared_deals
from tutor.search.players import ChitarrellaPlayer, GreedyPlayer, RandomPlayer, seat_view
from tutor.search.roster import PlayerError, make_player
from tutor.search.searchplayer import HandsShownSearch, ISMCTSPlayer, SearchPlayer, SightedSearch


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
     "search-classic:nan", "ismcts:0",
     # render audit (stop 47): float() took these, where the engine's go time refused them
     "search:1_0", "search:\u0661", "ismcts:\uff11"],
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


def test_the_sighted_search_is_a_yardstick_for_simulate_alone() -> None:
    """``search-sighted`` sees every hand: no game with a person may seat it."""
    with pytest.raises(PlayerError, match="sees every hand"):
        make_player("search-sighted")
    sighted = make_player("search-sighted:0.5", sighted=True)
    assert isinstance(sighted, SightedSearch) and sighted.sighted and sighted.budget == 0.5
    assert not make_player("search", sighted=True).sighted
    result = run("play", "--opponents", "search-sighted", "--seed", "1", input="quit\n")
    assert result.exit_code == 2 and "sees every hand" in result.stderr


def test_the_sighted_search_chooses_by_the_true_deal() -> None:
    """With four cards in each hand of scopone, solved exactly, it plays a move the exact solve
    of the true deal rates best: its samples are the deal it was shown, not deals that fit its
    view (on the facts alone, two samples choose worse in some of these positions)."""
    ruleset = "scopone-scientifico"
    player = SightedSearch(budget=5.0, samples=2, exact_plies=16)
    for seed in range(16):
        state = midgame(ruleset, seed, 24)
        view = seat_view(state)
        with pytest.raises(RuntimeError, match="not shown the deal"):
            SightedSearch(budget=0.1, samples=1).choose(view, random.Random(seed))
        player.show(state)
        move = player.choose(view, random.Random(seed))
        moves = state.legal_moves()
        values = exact_values(state, moves)
        assert values[moves.index(move)] == max(values), (seed, ruleset)
        state.push(move)  # shown an older deal, it refuses the new position
        with pytest.raises(RuntimeError, match="not shown the deal"):
            player.choose(seat_view(state), random.Random(seed))


def test_the_hands_shown_search_sees_the_hands_and_not_the_stock() -> None:
    """``search-hands``: every sample is the true deal but for the cards still to be dealt,
    which are the true ones dealt in a fresh order, each hand of each deal keeping its size."""
    with pytest.raises(PlayerError, match="sees every hand"):
        make_player("search-hands")
    player = make_player("search-hands:0.5", sighted=True)
    assert isinstance(player, HandsShownSearch) and player.name == "search-hands"
    state = midgame("scopa", 3, 2)
    assert state.to_deal() == 30
    player.show(state)
    view = seat_view(state)
    rest = state.deals[state.deal_index :]

    def sizes(deals: list[list[tuple[int, int]]]) -> list[list[int]]:
        return [[known.bit_count() for known, _ in d] for d in deals]

    stocks = set()
    source = player._shown(view, view.turn, random.Random(1))
    for _ in range(20):
        world = next(source)
        assert (world.turn, world.table, world.hands, world.captured) == (
            state.turn, state.table, state.hands, state.captured)  # fmt: skip
        drawn = world.deals[world.deal_index :]
        assert sizes(drawn) == sizes(rest)
        cards = [known for d in drawn for known, _ in d]
        assert sum(cards) == sum(known for d in rest for known, _ in d)  # the same cards
        stocks.add(tuple(cards))
    assert len(stocks) == 20  # a fresh order every time
    assert state.deals[state.deal_index :] == rest  # the deal shown is left as it was
    sighted = SightedSearch()
    sighted.show(state)
    world = next(sighted._shown(view, view.turn, random.Random(1)))
    assert world.deals[world.deal_index :] == rest  # search-sighted keeps the true order


def test_simulate_seats_the_sighted_search() -> None:
    result = run("simulate", "-r", "scopa", "-p", "search-sighted:0.02,greedy", "--hands", "1",
                 "--workers", "1", "--json")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert '"search-sighted:0.02"' in result.stdout


def test_a_search_budget_beyond_an_hour_a_move_is_refused() -> None:
    """Found by a fuzzer (stop 48): a saved game whose computer player was "ismcts:1e308" made
    tutor play --resume think for ever; a budget is at most an hour a move."""
    assert isinstance(make_player("search:3600"), SearchPlayer)
    with pytest.raises(PlayerError, match="the search budget is at most 3600 seconds a move"):
        make_player("ismcts:1e308")
    r = run("simulate", "--players", "search:4000,random", "--hands", "1")
    assert r.exit_code == 2 and "at most 3600 seconds" in r.stderr, r.output


def test_a_misspelt_player_is_given_its_likely_name() -> None:
    """Play audit (stop 53): ``--opponents serch:0.5`` got the list of players alone, where a
    misspelt command in a game gets "did you mean"."""
    with pytest.raises(PlayerError) as slip:
        make_player("serch:0.5")
    assert str(slip.value).endswith("; did you mean search:0.5?"), slip.value
    with pytest.raises(PlayerError) as far:
        make_player("wizard")
    assert "did you mean" not in str(far.value)
