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

from tutor.game.cards import CARDS
from tutor.records.record import HandRecord

__all__ = ["reveal_hands", "known_hands"]


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
