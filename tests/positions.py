"""Positions built by hand for the tracker and inference tests."""

from tutor.game.cards import FULL_DECK, mask_of, parse_cards
from tutor.game.rules import Ruleset
from tutor.game.state import GameState


def endgame(rules: Ruleset, table: str, hands: list[str], style: str = "french") -> GameState:
    """A late position: the given table and hands; every other card already captured by side 0."""
    t = mask_of(parse_cards(table, style))
    hs = [mask_of(parse_cards(h, style)) for h in hands]
    s = GameState(rules, t, [[(h, 0) for h in hs]])
    placed = t
    for h in hs:
        placed |= h
    s.captured[0] = FULL_DECK & ~placed
    return s


def play(state: GameState, *moves: str, style: str = "french") -> None:
    """Check and play each move, written in ``style``."""
    for text in moves:
        state.play(state.parse_move(text, style))
