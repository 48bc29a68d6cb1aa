"""Behavioural readings: what a passed-up sweep or settebello says, and when it says nothing."""

from __future__ import annotations

import pytest
from helpers import NAMES, endgame, play, weighed_by_hand

from tutor.counting.inference import infer
from tutor.counting.readings import find_exclusions, standing_exclusions
from tutor.counting.tracker import viewer_state
from tutor.game.cards import FULL_DECK, mask_of, parse_card, parse_cards
from tutor.game.rules import Ruleset, ruleset_from_dict, ruleset_to_dict
from tutor.game.state import GameState, Move


def test_a_sweep_on_the_last_play_proves_nothing(scopa: Ruleset) -> None:
    s = endgame(scopa, "4D 5C", ["AS", "2S"])
    play(s, "AS")
    play(s, "2S")  # the last play: 2+4+5+1 = 12 anyway; nothing read
    assert find_exclusions(s) == []
    s = endgame(scopa, "4D 5C", ["AS 2D", "2S 3H"])
    play(s, "2D")  # the table 2+4+5 = 11: nothing to sweep
    play(s, "3H")  # 2+3+4+5 = 14
    play(s, "AS")
    assert find_exclusions(viewer_state(s, 0)) == []


def test_passed_up_settebello(scopone: Ruleset) -> None:
    s = endgame(scopone, "7D AS 5C", ["3C 4C", "2H 7H", "6S 8C", "KD KH"])
    play(s, "3C")  # 7 (single) or 8 (7+1) could have taken the settebello
    [ex] = find_exclusions(viewer_state(s, 3))
    assert (ex.kind, ex.seat, ex.values) == ("settebello", 0, (7, 8))
    assert "could have taken the settebello with a 7 or a jack (8)" in ex.text(NAMES, "french")
    inf = infer(viewer_state(s, 3), 3, NAMES)
    [ex] = inf.standing
    rel = inf.reliability[0]
    # a careful player can leave the settebello on purpose: a weaker reading than a scopa's
    assert rel.epsilon("settebello") > rel.epsilon("scopa")
    _, by_value = weighed_by_hand(inf)
    none = 1 - by_value.get((0, 7), 0.0) - by_value.get((0, 8), 0.0)  # West holds one card
    assert ex.confidence == pytest.approx(none)


def test_taking_another_seven_is_no_reading_about_sevens(scopone: Ruleset) -> None:
    s = endgame(scopone, "7D 7S KC", ["7C 4C", "2H 5H", "6S 6C", "KD KH"])
    play(s, "7C x 7S")
    assert find_exclusions(viewer_state(s, 3)) == []


def two_deals(rules: Ruleset, table: str, first: list[str], second: list[str]) -> GameState:
    """A hand with two deals still to play (cards in French style); every other card already
    captured by side 0."""
    t = mask_of(parse_cards(table, "french"))
    deals = [[mask_of(parse_cards(h, "french")) for h in d] for d in (first, second)]
    s = GameState(rules, t, [[(h, 0) for h in d] for d in deals])
    placed = t
    for h in deals[0] + deals[1]:
        placed |= h
    s.captured[0] = FULL_DECK & ~placed
    return s


def test_passing_up_a_sweep_with_the_last_card_held_says_nothing(scopa: Ruleset) -> None:
    # (mutation audit, stop 59)
    # seat 1 plays its one card of the deal: no card of it is left for a reading to cover
    s = two_deals(scopa, "4D 5C", ["AS", "2S"], ["3S", "6S"])
    play(s, "AS", "2S")  # 4+5+1 = 10: a king would have swept, on no last play of the hand
    assert not s.stack[-1].scopa and s.plays_left() == 2
    assert find_exclusions(viewer_state(s, 0)) == []


def test_laying_the_card_that_could_sweep_is_no_reading_about_its_value(scopa: Ruleset) -> None:
    # (mutation audit, stop 59)
    free = ruleset_from_dict({**ruleset_to_dict(scopa), "name": "free", "forced_capture": False})
    s = endgame(free, "2C 5S", ["7S 4D", "AH 3H"])
    s.push(Move(parse_card("7S", "french").index, 0))  # laid: 7 would have swept 2 + 5
    assert find_exclusions(viewer_state(s, 1)) == []


def test_a_card_of_a_later_deal_does_not_contradict_a_reading(scopa: Ruleset) -> None:
    # (mutation audit, stop 59)
    s = two_deals(scopa, "4D 5C", ["AS 3H", "2S 6H"], ["7S", "KC"])
    play(s, "AS", "2S")  # seat 1 passes up a king's sweep of 4+5+1 in the first deal
    [ex] = find_exclusions(viewer_state(s, 0))
    assert (ex.seat, ex.values, ex.deal_index) == (1, (10,), 1)
    play(s, "3H x AS 2S", "6H", "7S", "KC x 4D 6H")  # a king of the second deal
    [ex] = find_exclusions(viewer_state(s, 0))
    assert (ex.values, ex.dropped, ex.shown) == ((10,), None, None)


def test_a_reading_stands_when_the_other_unseen_cards_just_fill_the_hand(
    scopone: Ruleset,
) -> None:
    # (mutation audit, stop 59)
    s = endgame(scopone, "4D 5C", ["3S 2H", "QH QS", "QC QD", "KD KH"])
    play(s, "2H")  # a 9 would have swept 4+5; seat 0 has one card left
    view = viewer_state(s, 3)
    [ex] = find_exclusions(view)
    assert (ex.seat, ex.values) == (0, (9,))
    # unseen: seat 0's 3 and four 9s; one card of another value for the one card held
    assert standing_exclusions(view, [ex]) == [ex] and ex.dropped is None
