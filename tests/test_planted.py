"""Planted mistakes: a missed scopa planted in a real hand."""

from __future__ import annotations

from tutor.game.rules import load_ruleset
from tutor.review.planted import plant_missed_scopa
from tutor.search.players import ChitarrellaPlayer, seat_view


def test_a_planted_hand_replays_the_rest_with_the_players() -> None:
    p = plant_missed_scopa(load_ruleset("scopa"), 0)
    assert p is not None and p.record.is_finished()
    state = p.record.state_at(p.play - 1)
    assert p.played in state.legal_moves() and p.played not in p.sweeps
    # the plays after the plant are the rule-based player's own choices
    player = ChitarrellaPlayer()
    after = p.record.state_at(p.play)
    assert p.record.moves()[p.play] in after.legal_moves()
    assert player.scores(seat_view(after))  # a real position the player could choose in
