"""When counting pins every card: the one deal the facts allow the player to move.

A player sees only their own seat (:func:`tutor.counting.tracker.viewer_state`).
:func:`known_world` says when that seat can know every card all the same: every unseen card is
in a single other hand and nothing is left to deal (always so in the last deal of two-player
scopa, and in scopone once only one other player holds cards). Then there is nothing to sample:
``solve``, the review and the puzzle checker solve that one deal exactly.

In seed 003's last deal You can count Ada's three cards; in its first deal nothing is pinned:

>>> from tutor.records.recordfile import load_path
>>> record = load_path("docs/examples/seed003-scopa.yaml")[0]
>>> late = record.state_at(30)
>>> from tutor.counting.tracker import viewer_state
>>> view = viewer_state(late, late.turn)
>>> view.unknown, known_world(view).hands == late.hands
([0, 3], True)
>>> early = record.state_at(2)
>>> known_world(viewer_state(early, early.turn)) is None
True
"""

from __future__ import annotations

from tutor.game.state import GameState

__all__ = ["known_world"]


def known_world(view: GameState) -> GameState | None:
    """The full-information position the facts pin down from the mover's seat, or None.

    Only cards seen count (no reading of behaviour): the deal is known when every unseen card
    must be in one other player's hand, which holds exactly that many unknown cards, and no
    card is left to deal. The copy has no history (``stack`` is empty).
    """
    seat = view.turn
    if view.unknown[seat]:
        return None
    holders = [s for s in range(view.rules.players) if s != seat and view.unknown[s]]
    unseen = view.unplaced()
    if view.unknown_to_deal():
        return None  # cards still to deal, in an order nobody knows
    if len(holders) > 1 or (not holders and unseen):
        return None
    world = view.copy()
    if holders:
        (h,) = holders
        if view.unknown[h] != unseen.bit_count():
            return None  # some unseen cards are out of play: which ones is not known
        world.hands[h] |= unseen
        world.unknown[h] = 0
    return world
