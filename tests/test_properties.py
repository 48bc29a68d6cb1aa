"""Properties over random whole hands in every shipped ruleset.

Each example deals a hand, hides some seats' cards (so the unknown-card paths are exercised too),
and plays random legal moves to the end, checking the invariants after every play.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.game.cards import FULL_DECK, KING_MASK, STYLES, format_card, format_cards, indexes_of
from tutor.game.rules import load_ruleset, ruleset_names
from tutor.game.scoring import MatchScore, score_state
from tutor.game.state import GameState, Move, random_deal

NAMES = ruleset_names()
SETTINGS = settings(max_examples=50, deadline=None)


def deal(rules_name: str, seed: int, hidden: frozenset[int]) -> GameState:
    """A random hand where the seats in ``hidden`` hold only unknown cards."""
    rules = load_ruleset(rules_name)
    table, deals = random_deal(rules, seed)
    return GameState(
        rules,
        table,
        [
            [(0, m.bit_count()) if seat in hidden else (m, 0) for seat, m in enumerate(d)]
            for d in deals
        ],
    )


def random_move(state: GameState, data: st.DataObject) -> Move:
    """A legal move of the player to move; a seat with unknown cards may play any unplaced card."""
    seat = state.turn
    candidates = list(indexes_of(state.hands[seat]))
    if state.unknown[seat]:
        candidates += list(indexes_of(state.unplaced()))
    card = data.draw(st.sampled_from(sorted(candidates)), label="card")
    return data.draw(st.sampled_from(state.legal_moves_for(card)), label="move")


def snapshot(s: GameState) -> tuple[Any, ...]:
    return (
        s.key(),
        list(s.hands),
        list(s.unknown),
        s.table,
        list(s.captured),
        list(s.scope),
        s.turn,
        s.last_capturer,
        s.deal_index,
        s.in_hands,
        len(s.stack),
    )


def check_conservation(s: GameState) -> None:
    """Hands, table, captured piles and the deals to come hold every card exactly once."""
    parts = [*s.hands, s.table, *s.captured]
    hidden = sum(s.unknown)
    for d in s.deals[s.deal_index :]:
        for known, unknown in d:
            parts.append(known)
            hidden += unknown
    union = 0
    for part in parts:
        assert not union & part, "a card is in two places"
        union |= part
    assert union == s.seen()
    assert (FULL_DECK & ~union).bit_count() == hidden == s.unplaced().bit_count()
    assert s.in_hands == sum(s.hand_size(seat) for seat in range(s.rules.players))


hands = st.tuples(
    st.sampled_from(NAMES),
    st.integers(0, 2**32 - 1),
    st.frozensets(st.integers(0, 5), max_size=3),
)


@SETTINGS
@given(hands, st.data())
def test_whole_hand_invariants(hand: tuple[str, int, frozenset[int]], data: st.DataObject) -> None:
    state = deal(*hand)
    rules = state.rules
    check_conservation(state)
    scopa_plays = 0
    while not state.is_over():
        assert state.hand_size(state.turn) > 0
        last = state.is_last_play()
        before = state.table
        move = random_move(state, data)
        state.check(move)
        result = state.play(move)
        check_conservation(state)
        swept = move.capture != 0 and move.capture == before
        assert result.scopa == (swept and (not last or rules.last_play_scopa))
        assert not result.leftover or last
        scopa_plays += result.scopa
    # Every seat played in turn, every card of the hand was played.
    assert len(state.stack) == rules.plays_per_hand
    assert [r.seat for r in state.stack] == [n % rules.players for n in range(len(state.stack))]
    assert state.in_hands == 0 and state.unknown == [0] * rules.players
    assert sum(state.scope) == scopa_plays
    if state.last_capturer >= 0:
        assert state.table == 0 and sum(c.bit_count() for c in state.captured) == 40
    score = score_state(state)
    for side in score.sides:
        assert side.total == sum(side.points.values())
        assert side.points["scope"] == state.scope[side.side]
    if rules.sides == 2 and state.table == 0:
        a, b = score.sides
        assert a.points["cards"] == int(a.cards >= 21) and b.points["cards"] == int(b.cards >= 21)
        assert a.points["denari"] == int(a.denari >= 6)
        assert a.points["settebello"] + b.points["settebello"] == 1


@SETTINGS
@given(hands, st.data())
def test_undo_restores_every_field(
    hand: tuple[str, int, frozenset[int]], data: st.DataObject
) -> None:
    state = deal(*hand)
    full = state.rules.plays_per_hand
    # Whole hands often, so that the last play (leftovers, no scopa) is undone too.
    plays = data.draw(st.one_of(st.just(full), st.integers(0, full)), label="plays")
    history: list[tuple[tuple[Any, ...], Move]] = []
    for _ in range(plays):
        move = random_move(state, data)
        history.append((snapshot(state), move))
        state.push(move)
    copy = state.copy()
    at_copy = snapshot(state)[:-1]
    assert snapshot(copy)[:-1] == at_copy and copy.stack == []
    while history:
        before, move = history.pop()
        assert state.pop() == move
        assert snapshot(state) == before
        check_conservation(state)
    # The copy was not disturbed by undoing the original.
    assert snapshot(copy)[:-1] == at_copy


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(NAMES), st.integers(0, 2**32 - 1), st.data())
def test_moves_round_trip_through_text(name: str, seed: int, data: st.DataObject) -> None:
    state = GameState.random(load_ruleset(name), seed)
    for _ in range(data.draw(st.integers(0, state.rules.plays_per_hand - 1), label="plays")):
        state.push(random_move(state, data))
    for move in state.legal_moves():
        for style in STYLES.values():
            text = move.text(style)
            assert state.parse_move(text, style) == move
            assert state.parse_move(text.lower(), style) == move
            glyphs = format_card(move.card, style, glyphs=True)
            if move.capture:
                glyphs += " x " + format_cards(move.capture, style, glyphs=True)
            assert state.parse_move(glyphs, style) == move


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMES), st.integers(0, 2**32 - 1))
def test_random_deals_honour_the_redeal_rule(name: str, seed: int) -> None:
    rules = load_ruleset(name)
    for r in (rules, dataclasses.replace(rules, redeal_kings=2) if rules.table_cards else rules):
        table, deals = random_deal(r, seed)
        if r.redeal_kings:
            assert (table & KING_MASK).bit_count() < r.redeal_kings
        assert table.bit_count() == r.table_cards
        assert sum(h.bit_count() for d in deals for h in d) + r.table_cards == 40


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=12),
    st.sampled_from(["higher-wins", "play-on"]),
)
def test_match_winner(hands_points: list[tuple[int, int]], tie_rule: str) -> None:
    rules = dataclasses.replace(load_ruleset("scopone-scientifico"), tie_rule=tie_rule)
    match = MatchScore(rules)
    target = rules.target
    for n, pts in enumerate(hands_points):
        before = list(match.totals)
        winner = match.add(pts)
        totals = match.totals
        assert totals == [b + p for b, p in zip(before, pts, strict=True)]
        top = max(totals)
        unique = totals.count(top) == 1
        if winner is not None:
            # The winner has reached the target and leads alone.
            assert totals[winner] == top >= target and unique
            assert match.over
            return
        # Undecided: nobody reached the target, or the top is shared, or (play-on) both sides
        # reached it together in this very hand.
        together = all(t >= target for t in totals) and not all(b >= target for b in before)
        assert top < target or not unique or (tie_rule == "play-on" and together), n
