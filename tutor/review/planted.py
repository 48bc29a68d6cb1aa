"""Planted mistakes: self-play hands with a known missed scopa, to check the review.

:func:`plant_missed_scopa` deals a hand, lets rule-based (``chitarrella``) players play it, and
at the first point where a sweep for a scopa is legal replaces the move with the best move by
the rule-based scores that does not sweep; the rest of the hand is played on from there. The
review must flag ``missed-scopa`` at that play and should class it a mistake or a blunder; the
tests and ``tutor bench review`` measure how often it does.

>>> from tutor.game.rules import load_ruleset
>>> planted = next(p for s in range(10) if (p := plant_missed_scopa(load_ruleset("scopa"), s)))
>>> planted.record.is_finished(), planted.play >= 1
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.game.rules import Ruleset
from tutor.game.state import GameState, Move, random_deal
from tutor.records.record import HandRecord, record_from_moves
from tutor.search.players import ChitarrellaPlayer, seat_view

__all__ = ["Planted", "plant_missed_scopa"]


@dataclass(frozen=True)
class Planted:
    """A finished hand with a missed scopa planted at ``play`` (1-based)."""

    record: HandRecord
    play: int
    sweeps: tuple[Move, ...]
    """The sweeps that were legal at ``play``."""
    played: Move
    """The non-sweeping move planted there."""


def plant_missed_scopa(rules: Ruleset, seed: int) -> Planted | None:
    """A self-play hand of ``rules`` (deal and choices from ``seed``) with a missed scopa
    planted at the first chance, or None when no scopa was ever there to miss."""
    rng = random.Random(seed)
    table, deals = random_deal(rules, rng)
    state = GameState(rules, table, [[(m, 0) for m in d] for d in deals])
    player = ChitarrellaPlayer()
    moves: list[Move] = []
    planted: tuple[int, tuple[Move, ...], Move] | None = None
    while not state.is_over():
        view = seat_view(state, state.turn)
        legal = state.legal_moves()
        sweeps = tuple(m for m in legal if state.scores_scopa(m))
        others = [m for _, m in player.scores(view) if m not in sweeps]
        if planted is None and sweeps and others:
            move = others[0]
            planted = (len(moves) + 1, sweeps, move)
        else:
            move = player.choose(view, rng)
        state.push(move)
        moves.append(move)
    if planted is None:
        return None
    record = record_from_moves(rules, table, deals, moves, path=f"<planted {seed}>")
    return Planted(record, *planted)
