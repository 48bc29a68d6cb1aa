"""Behavioural readings: what a passed-up sweep or settebello says, and when it says nothing."""

from __future__ import annotations

import pytest
from helpers import NAMES, endgame, play, weighed_by_hand

from tutor.counting.inference import infer
from tutor.counting.readings import find_exclusions
from tutor.counting.tracker import viewer_state
from tutor.game.rules import Ruleset


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
