"""Hands from the plays: every card a player plays was dealt to them in that deal.

Each player plays every card they are dealt, so the plays of a complete record reveal every
hand of every deal, even when the record's ``deals`` give only one player's cards (a hand kept
with ``tutor live``). A record that stops mid-hand reveals the cards played so far.

>>> from tutor.records.recordfile import load_path
>>> record = load_path("docs/examples/partial-view.yaml")[0]
>>> sorted(record.deals[0])
['South']
>>> full = reveal_hands(record)
>>> sorted(full.deals[0]), known_hands(full)
(['East', 'North', 'South', 'West'], True)
"""

from __future__ import annotations

from dataclasses import replace

from tutor.counting.tracker import viewer_state
from tutor.game.cards import CARDS
from tutor.game.state import GameState
from tutor.records.record import HandRecord

__all__ = ["reveal_hands", "known_hands", "position_at"]


def reveal_hands(record: HandRecord) -> HandRecord:
    """A copy of ``record`` whose ``deals`` add every card each player was seen to play."""
    moves = record.moves()
    rules = record.ruleset
    state = record.initial_state()
    played: list[list[int]] = [[0] * rules.players for _ in range(rules.deals_per_hand)]
    for move in moves:
        played[state.deal_index - 1][state.turn] |= 1 << move.card
        state.push(move)
    deals = []
    for d in range(rules.deals_per_hand):
        given = record.deals[d] if d < len(record.deals) else {}
        row = {}
        for seat, name in enumerate(record.players):
            mask = played[d][seat]
            for c in given.get(name, []):
                mask |= c.bit
            if mask:
                row[name] = sorted(CARDS[i] for i in range(40) if mask >> i & 1)
        deals.append(row)
    while deals and not deals[-1]:
        deals.pop()
    full = replace(record, deals=deals, lines=dict(record.lines))
    full.validate()
    return full


def known_hands(record: HandRecord) -> bool:
    """Whether the record gives every card of every hand (a full-information hand)."""
    rules = record.ruleset
    if len(record.deals) < rules.deals_per_hand:
        return False
    return all(
        len(deal.get(name, [])) == rules.hand_size
        for deal in record.deals
        for name in record.players
    )


def position_at(record: HandRecord, n: int) -> GameState:
    """The position after the first ``n`` plays, as the record gives it; but when the record
    does not give the mover's hand and their plays reveal it, the position from the mover's
    seat (so that the moves can be valued as :func:`tutor.review.explain.explain_position`
    values them, and no hand the record kept back is shown).

    >>> from tutor.records.recordfile import load_path
    >>> record = load_path("docs/examples/partial-view.yaml")[0]
    >>> record.state_at(30).unknown[2] > 0, position_at(record, 30).unknown[2]
    (True, 0)
    """
    state = record.state_at(n)
    if not state.unknown[state.turn] or state.is_over():
        return state
    revealed = reveal_hands(record).state_at(n)
    if revealed.unknown[revealed.turn]:
        return state  # the record stops before the mover plays their hand
    return viewer_state(revealed, revealed.turn)
