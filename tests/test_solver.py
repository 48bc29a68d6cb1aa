"""The exact solver against a plain minimax written here, independent of the solver's internals."""

from __future__ import annotations

import random

import pytest
from helpers import interrupt_the_search
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.game.cards import FULL_DECK, indexes_of, mask_of, parse_cards
from tutor.game.rules import (
    Ruleset,
    load_ruleset,
    ruleset_from_dict,
    ruleset_names,
    ruleset_to_dict,
)
from tutor.game.scoring import score_captures, score_state
from tutor.game.state import GameState, Move
from tutor.search import solver as solver_module
from tutor.search.analysis import exact_analysis
from tutor.search.solver import Solver, SolverError, category_difference, random_position, solve

# -- the reference: plain minimax over GameState.push/pop, scored by tutor.game.scoring --------


def reference_value(state: GameState) -> int:
    """Final points of the side to move minus the other side's, by exhaustive minimax."""
    if state.is_over():
        points = score_captures(state.rules, state.captured, state.scope).points()
        me = state.turn % 2
        return points[me] - points[1 - me]
    best = None
    for move in state.legal_moves():
        mover = state.turn % 2
        state.push(move)
        v = reference_value(state)
        if state.turn % 2 != mover:
            v = -v
        state.pop()
        best = v if best is None else max(best, v)
    assert best is not None
    return best


def reference_moves(state: GameState) -> dict[Move, int]:
    out = {}
    for move in state.legal_moves():
        mover = state.turn % 2
        state.push(move)
        v = reference_value(state)
        out[move] = v if state.turn % 2 == mover else -v
        state.pop()
    return out


def played_position(rules: Ruleset, rng: random.Random, cards_left: int) -> GameState:
    """A random deal played at random until each hand holds ``cards_left`` cards (last deal)."""
    state = GameState.random(rules, rng)
    while state.in_hands > cards_left * rules.players or state.deal_index < len(state.deals):
        state.push(rng.choice(state.legal_moves()))
    return state.copy()


def early_position(rules: Ruleset, rng: random.Random, left: int) -> GameState:
    """A random deal played at random until ``left`` plays remain (maybe across deals)."""
    state = GameState.random(rules, rng)
    while state.plays_left() > left:
        state.push(rng.choice(state.legal_moves()))
    return state.copy()


def invented_position(rules: Ruleset, rng: random.Random, cards_left: int) -> GameState:
    """Small hands and table from a shuffled deck, the other cards spread over both piles,
    some left nowhere, random scope and last capturer: the corners a real hand seldom reaches."""
    deck = list(range(40))
    rng.shuffle(deck)
    pos = 0
    hands = []
    for _ in range(rules.players):
        hands.append(mask_of(deck[pos : pos + cards_left]))
        pos += cards_left
    n_table = rng.randint(0, 4)
    table = mask_of(deck[pos : pos + n_table])
    pos += n_table
    state = GameState(rules, table, [[(h, 0) for h in hands]])
    piles = [0, 0]
    for i in deck[pos:]:
        r = rng.random()
        if r < 0.45:
            piles[0] |= 1 << i
        elif r < 0.9:
            piles[1] |= 1 << i
    state.captured = piles
    state.scope = [rng.randint(0, 2), rng.randint(0, 2)]
    state.last_capturer = rng.choice([-1, 0, 1, rules.players - 1])
    return state


RULESETS = ruleset_names()


@pytest.mark.parametrize("name", RULESETS)
def test_every_move_value_equals_minimax_on_played_positions(name: str) -> None:
    rules = load_ruleset(name)
    rng = random.Random(f"played-{name}")
    solver = Solver(rules)
    count = 0
    for k in range(250):
        cards_left = 1 + k % 3 if rules.players == 2 else 1 + k % 2 + (k % 7 == 0)
        state = played_position(rules, rng, cards_left)
        sol = solver.solve(state)
        assert sol.exact
        got = {mv.move: mv.value for mv in sol.moves}
        assert got == reference_moves(state), state
        assert sol.value == max(got.values())
        count += 1
    assert count == 250


@pytest.mark.parametrize("name", RULESETS)
def test_every_move_value_equals_minimax_on_invented_positions(name: str) -> None:
    rules = load_ruleset(name)
    rng = random.Random(f"invented-{name}")
    solver = Solver(rules)
    for k in range(250):
        cards_left = 1 + k % 2 if rules.players == 4 else 1 + k % 3
        state = invented_position(rules, rng, cards_left)
        sol = solver.solve(state)
        assert {mv.move: mv.value for mv in sol.moves} == reference_moves(state), state


@st.composite
def drawn_positions(draw: st.DrawFn) -> GameState:
    """A small position of the last deal in any shipped ruleset, played to or invented: a
    failing one shrinks to a small seed and hand."""
    rules = load_ruleset(draw(st.sampled_from(RULESETS)))
    cards_left = draw(st.integers(1, 2 if rules.players == 4 else 3))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    make = invented_position if draw(st.booleans()) else played_position
    return make(rules, rng, cards_left)


@settings(max_examples=60, deadline=None)
@given(state=drawn_positions())
def test_the_solver_agrees_with_minimax_on_drawn_positions(state: GameState) -> None:
    """The two tests above as a property: a failing position shrinks to a small seed and
    hand (test audit, stop 57: the seeded loops could only name the state)."""
    sol = Solver(state.rules).solve(state)
    assert sol.exact and {mv.move: mv.value for mv in sol.moves} == reference_moves(state)


@settings(max_examples=60, deadline=None)
@given(state=drawn_positions())
def test_the_root_value_and_line_alone_agree_with_minimax(state: GameState) -> None:
    """Solver.value and Solver.line search the root alone (what a play-out's end needs, stop
    59): the value is minimax's, and the line, played out, ends with exactly that margin."""
    solver = Solver(state.rules)
    value = solver.value(state)
    assert value == reference_value(state) == solver.solve(state).value
    end = state.copy()
    mover = state.turn % 2
    for move in solver.line(state):
        assert move in end.legal_moves()
        end.push(move)
    assert end.is_over()
    points = score_state(end).points()
    assert points[mover] - points[1 - mover] == value


@pytest.mark.parametrize("name", ["scopa", "scopa-re-bello"])
def test_minimax_agrees_across_deals(name: str) -> None:
    """Positions with a deal still to come: the sweep ending a deal is a scopa, the last is not."""
    rules = load_ruleset(name)
    rng = random.Random(f"deals-{name}")
    solver = Solver(rules)
    crossing = 0
    for k in range(150):
        state = early_position(rules, rng, 7 + k % 4)
        crossing += state.deal_index < len(state.deals)
        sol = solver.solve(state)
        assert {mv.move: mv.value for mv in sol.moves} == reference_moves(state), state
    assert crossing == 150


def test_bonus_rules_and_optional_capture_against_minimax() -> None:
    """Napola, re bello, free laying and last-play scope: rules no shipped ruleset combines."""
    rules = ruleset_from_dict(
        {
            "name": "odd",
            "players": 4,
            "hand_size": 9,
            "forced_capture": False,
            "last_play_scopa": True,
            "leftovers_to_last_capturer": False,
            "capture_precedence": "fewest-cards",
            "primiera": {"missing_suit": "zero"},
            "bonuses": {"re_bello": True, "napola": True},
        }
    )
    rng = random.Random(7)
    solver = Solver(rules)
    for k in range(120):
        state = invented_position(rules, rng, 1 + k % 2)
        sol = solver.solve(state)
        assert {mv.move: mv.value for mv in sol.moves} == reference_moves(state)


def test_equivalent_card_reduction_changes_no_value() -> None:
    """Values with the reduction equal values without it, on positions too big for minimax."""
    rules = load_ruleset("scopone-scientifico")
    rng = random.Random(11)
    plain = Solver(rules, reduce_equivalent=False)
    reduced = Solver(rules)
    for _ in range(6):
        state = played_position(rules, rng, 3)
        a = plain.solve(state, pv=False)
        b = reduced.solve(state, pv=False)
        assert {m.move: m.value for m in a.moves} == {m.move: m.value for m in b.moves}


def test_interchangeable_cards_share_a_value() -> None:
    """With both sides already holding coppe and spade, FC and FS (the 8s) cannot differ."""
    rules = load_ruleset("scopone-scientifico")
    hands = [parse_cards(h) for h in ("FC FS", "3D 2B", "RB 4D", "5C AB")]
    state = GameState(rules, mask_of(parse_cards("4C")), [[(mask_of(h), 0) for h in hands]])
    piles = [mask_of(parse_cards("7C 7S")), mask_of(parse_cards("6C 6S"))]
    state.captured = piles
    sol = solve(state)
    values = {m.move.text(): m.value for m in sol.moves}
    assert set(values) == {"FC", "FS"}
    assert values["FC"] == values["FS"] == reference_moves(state)[Move(parse_cards("FC")[0].index)]


def test_principal_variation_reaches_the_value() -> None:
    rules = load_ruleset("scopa")
    rng = random.Random(3)
    for _ in range(30):
        state = played_position(rules, rng, 3)
        sol = solve(state)
        mover = state.turn % 2
        for move in sol.pv:
            assert move in state.legal_moves()
            state.push(move)
        assert state.is_over()
        points = score_captures(rules, state.captured, state.scope).points()
        assert points[mover] - points[1 - mover] == sol.value


def test_values_best_first_and_json_shape() -> None:
    rules = load_ruleset("scopone-scientifico")
    state = played_position(rules, random.Random(5), 2)
    sol = solve(state)
    values = [m.value for m in sol.moves]
    assert values == sorted(values, reverse=True)
    data = sol.to_json()
    assert set(data) >= {"to_move", "exact", "moves", "best", "pv"}
    assert data["best"] == data["moves"][0]["move"] == data["pv"][0]
    assert all(m["low"] == m["value"] == m["high"] for m in data["moves"])


def test_node_limit_gives_sound_bounds() -> None:
    rules = load_ruleset("scopone-scientifico")
    rng = random.Random(9)
    state = random_position(rules, rng, 4)
    full = solve(state)
    cut = solve(state, max_nodes=300)
    assert full.exact and not cut.exact
    truth = {m.move: m.value for m in full.moves}
    for m in cut.moves:
        assert m.low <= truth[m.move] <= m.high


def test_hidden_cards_are_refused() -> None:
    rules = load_ruleset("scopa")
    state = GameState(rules, 0, [[(mask_of(parse_cards("7D 2C")), 0), (0, 2)]])
    with pytest.raises(SolverError, match="unknown cards"):
        solve(state)


def test_more_than_two_sides_are_refused() -> None:
    three = ruleset_from_dict({"name": "three", "players": 3, "sides": 3, "hand_size": 4})
    with pytest.raises(SolverError, match="two sides only; ruleset 'three' has 3 players, each "):
        Solver(three)
    pairs = ruleset_from_dict({"name": "six", "players": 6, "sides": 3, "hand_size": 6})
    with pytest.raises(SolverError, match="'six' has 3 partnerships of 2, where"):
        Solver(pairs)  # said "3 sides (each for themselves)" (practice audit, stop 51)


def test_random_position_has_the_asked_shape() -> None:
    rules = load_ruleset("scopone-scientifico")
    state = random_position(rules, random.Random(1), 4, table=4)
    assert [state.hand_size(s) for s in range(4)] == [4, 4, 4, 4]
    assert state.table.bit_count() == 4


piles = st.lists(st.integers(0, 2), min_size=40, max_size=40)


@settings(max_examples=80, deadline=None)
@given(piles, st.sampled_from(RULESETS))
def test_category_difference_agrees_with_scoring(owners: list[int], name: str) -> None:
    rules = load_ruleset(name)
    cap = [0, 0]
    for i, owner in enumerate(owners):
        if owner < 2:
            cap[owner] |= 1 << i
    points = score_captures(rules, cap, [0, 0]).points()
    assert category_difference(rules, cap[0], cap[1]) == points[0] - points[1]
    assert not cap[0] & cap[1]
    assert (cap[0] | cap[1]) & ~FULL_DECK == 0
    assert len(list(indexes_of(cap[0]))) == cap[0].bit_count()


def test_random_position_arguments_are_solver_errors() -> None:
    rules = load_ruleset("scopa")
    with pytest.raises(SolverError, match="cards_left must be 1-3, not 4"):
        random_position(rules, random.Random(0), 4)


# -- Ctrl-C: the values found so far are kept only when asked --------------------------------------


def test_interrupt_during_the_principal_variation_keeps_the_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = load_ruleset("scopa")
    state = random_position(rules, random.Random(3), 3)
    plain = Solver(rules).solve(state)

    def interrupted(self: object, node: object, value: int) -> list[object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(solver_module._Run, "_pv", interrupted)
    sol = Solver(rules).solve(state, keep_on_interrupt=True)
    assert sol.interrupted
    assert [(m.move, m.value) for m in sol.moves] == [(m.move, m.value) for m in plain.moves]
    assert sol.pv == [plain.moves[0].move]
    with pytest.raises(KeyboardInterrupt):
        Solver(rules).solve(state)


def test_solver_lets_ctrl_c_through_unless_asked_to_keep_the_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before, every solve swallowed Ctrl-C and returned bounds, so a player or a sampler that
    # called the solver went on as if nothing had happened: `tutor simulate -w 1` never stopped.
    state = random_position(load_ruleset("scopa"), random.Random(8), 3)
    interrupt_the_search(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        Solver(state.rules).solve(state)
    kept = Solver(state.rules).solve(state, keep_on_interrupt=True)
    assert kept.interrupted and not kept.exact
    shown = exact_analysis(state)  # what `tutor solve --exact` uses: keeps what it has
    assert shown.interrupted


def test_a_finished_hand_has_nothing_to_solve() -> None:
    """API audit (stop 55): solve() on a finished hand returned the scope's difference alone
    (1, where the hand's score differed by 5), as if that were the hand's value."""
    state = random_position(load_ruleset("scopa"), random.Random(0), 1)
    while not state.is_over():
        state.push(state.legal_moves()[0])
    with pytest.raises(SolverError, match="the hand is over"):
        solve(state)


def last_play_scopa_rules() -> Ruleset:
    """Two-player scopa where a sweep with the very last card of the hand is a scopa."""
    data = ruleset_to_dict(load_ruleset("scopa"))
    return ruleset_from_dict({**data, "name": "scopa-last-play", "last_play_scopa": True})


def played_out_margin(state: GameState) -> int:
    """The mover's final points minus the other side's, the hand played out on its one line."""
    work = state.copy()
    mover = work.turn % 2
    while not work.is_over():
        [move] = work.legal_moves()
        work.push(move)
    points = score_state(work).points()
    return points[mover] - points[1 - mover]


LAST_THREE = mask_of(parse_cards("3C 4S 7D"))


def last_two_plays(theirs: int, scope: list[int]) -> GameState:
    """Scopa's last deal, one card each: seat 0 must lay 4S on 3C, and seat 1 sweeps with the
    last card of the hand (7D, the settebello, takes 3C 4S). Seat 1 has taken ``theirs``
    before, seat 0 every other card."""
    state = GameState.from_cards(last_play_scopa_rules(), "3C", ["4S", "7D"])
    state.captured = [FULL_DECK & ~LAST_THREE & ~theirs, theirs]
    state.scope = scope
    state.last_capturer = 1
    return state


def test_a_sweep_with_the_last_card_scores_a_scopa_where_the_ruleset_says_so() -> None:
    # (mutation audit, stop 59)
    # seat 0 wins cards, denari and primiera; seat 1 the settebello and the last sweep
    state = last_two_plays(mask_of(parse_cards("2C 5C 2S 5S 2B 5B")), [1, 0])
    assert state.plays_left() == 2 and state.deal_index == len(state.deals)
    sol = Solver(state.rules).solve(state)
    assert sol.exact and sol.value == played_out_margin(state) == 1 + 3 - 1 - 1


def test_a_value_past_four_points_is_found_exactly() -> None:
    # (mutation audit, stop 59)
    # seat 1 wins every category and sweeps with the last card: 5 points after seat 0's play
    state = last_two_plays(FULL_DECK & ~LAST_THREE & ~mask_of(parse_cards("AB")), [0, 2])
    sol = Solver(state.rules).solve(state)
    assert played_out_margin(state) == -7
    assert sol.exact and (sol.low, sol.value, sol.high) == (-7, -7, -7)
    assert [(m.low, m.value, m.high) for m in sol.moves] == [(-7, -7, -7)]


def test_the_solvers_memos_start_again_past_their_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scale audit (stop 59): a review of twenty scopone files grew every process past 400 MB,
    the pile-summary memo keeping up to a million entries; it keeps MEMO_LIMIT now."""
    rules = load_ruleset("scopa")
    monkeypatch.setattr(solver_module, "MEMO_LIMIT", 50)
    solver = Solver(rules)
    rng = random.Random(4)
    while len(solver._summ) <= 50:  # solves fill it past the limit
        solver.solve(random_position(rules, rng, 3))
    before = len(solver._summ)
    solver.solve(random_position(rules, rng, 1))  # the next starts it again
    assert len(solver._summ) < before
