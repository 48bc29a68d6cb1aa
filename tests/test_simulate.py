"""Duplicate-deal simulation: paired deals, workers, strength, intervals and Ctrl-C."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import SCOPA_RULES, interrupt_the_search, run, write

from tutor.game.errors import TutorError
from tutor.game.rules import load_ruleset
from tutor.game.scoring import score_captures
from tutor.game.state import GameState, random_deal
from tutor.search.players import RandomPlayer, seat_view
from tutor.search.roster import make_player
from tutor.search.simulate import (
    SimulationError,
    SimulationResult,
    deal_cards,
    move_seed,
    play_game,
    play_hand,
    simulate,
)


def test_each_deal_is_played_twice_with_sides_exchanged() -> None:
    r = simulate("scopa", ["greedy", "random"], deals=6, seed=4)
    assert r.deals == 6 and r.hands == 12
    assert [(o.deal, o.swapped) for o in r.outcomes] == [
        (d, s) for d in range(6) for s in (False, True)
    ]
    for d in range(6):
        pair = [o for o in r.outcomes if o.deal == d]
        assert r.diffs[d] == sum(o.points[0] - o.points[1] for o in pair) / 2


def test_identical_random_players_replay_the_same_games() -> None:
    """Swapping two identical random players changes nothing but the labels."""
    rules = load_ruleset("scopone-scientifico")
    table, deals = random_deal(rules, 7)
    a = play_hand(rules, table, deals, [RandomPlayer(), RandomPlayer()], lambda ply: ply + 1)
    b = play_hand(rules, table, deals, [RandomPlayer(), RandomPlayer()], lambda ply: ply + 1)
    assert [r.card for r in a.stack] == [r.card for r in b.stack]
    pts = score_captures(rules, a.captured, a.scope).points()
    assert sum(pts) >= 1


def test_each_move_draws_from_its_own_seed() -> None:
    """A game is the same when each move is chosen apart, from a generator seeded with
    move_seed(seed, deal, game, ply) alone: what a referee of two engines does."""
    rules = load_ruleset("scopa")
    specs = ["random", "greedy"]
    for deal, swapped in [(0, False), (1, True)]:
        played = play_game(rules, specs, 7, deal, swapped)
        table, deals = deal_cards(rules, 7, deal)
        state = GameState(rules, table, [[(m, 0) for m in d] for d in deals])
        order = specs[::-1] if swapped else specs
        while not state.is_over():
            player = make_player(order[state.turn % 2])
            rng = random.Random(move_seed(7, deal, int(swapped), state.ply))
            state.push(player.choose(seat_view(state), rng))
        assert [(r.card, r.capture) for r in state.stack] == [
            (r.card, r.capture) for r in played.stack
        ]
    # the seed of a move changes with every part of its key
    keys = [(7, 0, 0, 3), (8, 0, 0, 3), (7, 1, 0, 3), (7, 0, 1, 3), (7, 0, 0, 4)]
    assert len({move_seed(*k) for k in keys}) == len(keys)


def test_results_do_not_depend_on_workers() -> None:
    one = simulate("scopa", ["greedy", "random"], deals=8, seed=2, workers=1)
    two = simulate("scopa", ["greedy", "random"], deals=8, seed=2, workers=2)
    assert one.to_json() == two.to_json()


def test_greedy_beats_random_clearly() -> None:
    r = simulate("scopone-scientifico", ["greedy", "random"], deals=40, seed=1)
    diff = r.difference()
    assert diff.low > 0, diff
    assert r.points(0).mean > r.points(1).mean
    assert r.scope(0).mean > r.scope(1).mean


def test_chitarrella_beats_greedy() -> None:
    r = simulate("scopone-scientifico", ["chitarrella", "greedy"], deals=25, seed=3, workers=2)
    assert r.difference().low > 0, r.difference()
    from tutor.render.simulate import simulation_view
    from tutor.render.terminal import plain_text

    # the verdict's sentence starts with the player's letter, not a spec in lower case
    text = " ".join(plain_text(*simulation_view(r), width=120).split())
    assert "A (chitarrella) is stronger: the interval is above zero." in text, text


def test_matches_have_winners() -> None:
    r = simulate("scopa", ["greedy", "random"], matches=3, seed=5)
    assert r.matches == 3 and len(r.match_winners) == 6
    rate_a, rate_b = r.match_win_rate(0), r.match_win_rate(1)
    assert rate_a is not None and rate_b is not None and rate_a + rate_b <= 1
    assert all(w in (0, 1, None) for w in r.match_winners)
    data = r.to_json()
    assert data["matches"] == 3
    assert data["players"][0]["match_win_rate"] == round(rate_a, 4)


def test_win_rates_come_with_their_intervals() -> None:
    """Bug (calibration audit): simulate showed 'matches won 83.3%' from 6 matches and 'hands
    won 45.0%' from 40 hands with no interval. Each share now has a 95% interval (Wilson's),
    in the table and in --json."""
    r = simulate("scopa", ["greedy", "random"], matches=3, seed=5)
    data = r.to_json()
    for who in (0, 1):
        low, high = data["players"][who]["hand_win_interval"]
        assert low <= r.hand_win_rate(who) <= high and 0.0 <= low and high <= 1.0
        m_low, m_high = data["players"][who]["match_win_interval"]
        assert m_high - m_low > 0.3  # six games of matches settle little
    result = run("simulate", "--ruleset", "scopa", "--players", "greedy,random", "--matches",
                 "3", "--seed", "5", "-w", "1")  # fmt: skip
    assert result.exit_code == 0, result.output
    rate = f"{100 * (r.match_win_rate(0) or 0.0):.1f}%"
    assert f"{rate} [" in result.stdout and "matches won [95%]" in result.stdout
    unplayed = simulate("scopa", ["greedy", "random"], deals=2, seed=5).to_json()
    assert unplayed["players"][0]["match_win_interval"] is None


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        simulate("scopa", ["greedy", "nobody"], deals=1)
    with pytest.raises(ValueError, match="either"):
        simulate("scopa", ["greedy", "random"], deals=1, matches=1)
    with pytest.raises(SimulationError, match="two players"):
        simulate("scopa", ["greedy"], deals=1)
    with pytest.raises(SimulationError, match="at least 1"):
        simulate("scopa", ["greedy", "random"], deals=0)
    with pytest.raises(SimulationError, match="matches must be at least 1"):
        simulate("scopa", ["greedy", "random"], matches=0)
    assert issubclass(SimulationError, TutorError)


def test_stronger_only_when_the_interval_of_the_difference_excludes_zero() -> None:
    def result(diffs: list[float]) -> SimulationResult:
        return SimulationResult("scopa", ("a", "b"), 0, len(diffs), 2 * len(diffs), [], diffs)

    assert result([1.0, 2.0, 1.5, 2.5]).stronger() == 0
    assert result([-1.0, -2.0, -1.5, -2.5]).stronger() == 1
    assert result([1.0, -1.0, 2.0, -2.0]).stronger() is None
    assert result([3.0]).stronger() is None  # one pair: the interval is unbounded


# -- Ctrl-C, and intervals of counts ---------------------------------------------------------------


def test_in_process_simulation_stops_on_ctrl_c_inside_a_players_solve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    interrupt_the_search(monkeypatch)  # chitarrella counts the last rounds with the solver
    r = simulate("scopa", ["chitarrella", "greedy"], deals=5, seed=1, workers=1)
    assert r.interrupted
    assert r.deals == 0


def test_simulation_intervals_of_counts_never_go_below_zero() -> None:
    # random makes a scopa now and then: few nonzero values, so the plain t-interval dipped
    # below zero ("0.08 [-0.10, 0.27]"), which no count of scope can reach

    r = simulate("scopa", ["greedy", "random"], deals=4, seed=2)
    for who in (0, 1):
        for iv in (r.points(who), r.scope(who)):
            assert 0.0 <= iv.low <= iv.mean <= iv.high
    raw = [o.scope[1] for o in r.outcomes]
    assert min(raw) == 0  # the case the clip is for: some hands without a scopa
    data = r.to_json()
    assert all(p["scope_per_hand"]["low"] >= 0 for p in data["players"])


def test_matches_past_the_hand_limit_are_said_to_be_unfinished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: matches were silently stopped at 200 hands: a ruleset with a huge target then
    reported "matches won 0.0%" for both players."""
    import tutor.search.simulate as simulation

    monkeypatch.setattr(simulation, "MATCH_HAND_LIMIT", 3)
    far = write(tmp_path, "far.yaml", SCOPA_RULES.replace("target: 11", "target: 1000"))
    r = simulate(far, ["greedy", "random"], matches=2, seed=1)
    assert r.match_winners == [None] * 4 and r.unfinished == 4
    assert all(len([o for o in r.outcomes if o.deal == m]) == 6 for m in range(2))
    assert r.match_win_rate(0) is None and r.match_win_rate(1) is None
    data = r.to_json()
    assert data["unfinished_matches"] == 4 and data["match_hand_limit"] == 3
    assert [p["match_win_rate"] for p in data["players"]] == [None, None]
    result = run("simulate", "-r", far, "-p", "greedy,random", "--matches", "2", "-w", "1")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "4 of the 4 match games stopped unfinished after 3 hands, short of the target" in text
    assert "of 1000: they count for neither player, so no match win rate can be given." in text
    assert "0.0%" not in text


def test_the_match_win_rate_is_over_the_finished_matches() -> None:
    r = SimulationResult("scopa", ("a", "b"), 0, 3, 0, [], [], matches=2,
                         match_winners=[0, None, 1, 0])  # fmt: skip
    assert r.unfinished == 1
    assert r.match_win_rate(0) == pytest.approx(2 / 3)
    full = simulate("scopa", ["greedy", "random"], matches=1, seed=2)
    assert full.unfinished == 0 and full.match_win_rate(0) in (0.0, 0.5, 1.0)


def test_no_hand_played_gives_no_win_rate() -> None:
    """Found by the stop-46 audit: a run interrupted before its first deal ended said 'hands
    won 0.0% [0%, 100%]' for both players; no hand played is no share of them."""
    from tutor.render.simulate import simulation_view
    from tutor.render.terminal import plain_text
    from tutor.search.simulate import SimulationResult

    r = SimulationResult("scopa", ("greedy", "random"), 5, 0, 0, [], [], interrupted=True)
    assert r.hand_win_rate(0) is None
    for who in (0, 1):
        data = r.to_json()["players"][who]
        assert data["hand_win_rate"] is None and data["hand_win_interval"] is None
    text = plain_text(*simulation_view(r), width=120)
    assert "0.0%" not in text and "[0%, 100%]" not in text


def test_a_run_stopped_before_any_deal_claims_no_figure() -> None:
    """Audit (stop 48): interrupted before its first deal, simulate's JSON gave "low": 0.0
    beside a null mean for the points per hand, and its text "One pair gives no interval"
    over no pair at all."""
    from tutor.render.simulate import simulation_view
    from tutor.render.terminal import plain_text
    from tutor.search.simulate import simulate

    def stop_at_once(done: int, total: int) -> None:
        raise KeyboardInterrupt  # as the bar is first drawn

    result = simulate(load_ruleset("scopa"), ["random", "random"], deals=3, seed=1,
                      workers=1, progress=stop_at_once)  # fmt: skip
    assert result.interrupted and result.deals == 0
    points = result.to_json()["players"][0]["points_per_hand"]
    assert points["mean"] is None and points["low"] is None, points
    text = plain_text(*simulation_view(result))
    assert "No duplicate pair was completed: nothing to compare." in text
    assert "One pair" not in text


def test_a_huge_number_of_deals_starts_at_once() -> None:
    """Engine audit (stop 51): 'simulate --deals 1000000000' built the list of every deal before
    playing one, and filled the memory (24 GB) without a game played. The deals are handed out
    as they are played: a time limit of half a second ends it with the deals done."""
    import time

    start = time.perf_counter()
    result = simulate("scopa", ["random", "random"], deals=10**9, time_limit=0.5)
    assert time.perf_counter() - start < 10
    assert result.timed_out and 0 < result.deals < 10**9


def _result(diffs: list[float], hands: list[int]) -> SimulationResult:
    return SimulationResult("scopa", ("greedy", "greedy"), 0, len(diffs), sum(hands), [],
                            diffs, hands)  # fmt: skip


def test_the_difference_s_interval_is_symmetric_and_never_claims_what_it_lacks() -> None:
    """Simulate audit (stop 55): the difference of two players, symmetric by design, took
    the skew correction of the analysis's values, whose skew is noise here: in self-play of
    scopa its interval left out zero in 14% of runs, not 5% ("A (greedy) is stronger"). Four
    pairs that all came out level gave "+0.00 [+0.00, +0.00]", a certainty."""
    import statistics

    diffs = [0.0] * 22 + [2.0, 3.0, 1.0, 0.5, -0.5, -1.0, 4.0, -1.5]
    iv = _result(diffs, [2] * 30).difference()
    half = 2.045 * statistics.stdev(diffs) / len(diffs) ** 0.5  # Student's t(29)
    assert iv.low == pytest.approx(iv.mean - half) and iv.high == pytest.approx(iv.mean + half)
    level = _result([0.0] * 4, [2] * 4).difference()
    assert level.n == 4 and level.low == -float("inf") and level.high == float("inf")


def test_a_match_s_difference_per_hand_is_the_points_per_hand_s() -> None:
    """Simulate audit (stop 55): over matches of different lengths each pair's own rate was
    averaged, a short match weighing as much as a long one: A − B +4.33 beside points per
    hand of 4.91 and 0.64. It is now the total difference over the total hands."""
    diffs, hands = [4.0, 5.0, 2.0], [10, 30, 20]
    iv = _result(diffs, hands).difference()
    assert iv.mean == pytest.approx((40 + 150 + 40) / 60)
    assert iv.low < iv.mean < iv.high and iv.n == 3
