"""Themes of a puzzle: from the observations a move draws, and from what the best line decides.

The themes of a mined position come from two places:

1. **Observations** of the best move and of the most tempting wrong one, in the review's codes
   (``missed-scopa``, ``sweepable-table``, ``offers-seven``...; issue 9), each mapped to a theme by
   :data:`THEME_OF_CODE`. The review's :func:`tutor.review.observations.observe` is the home of
   those observations. Until it lands, :func:`interim_codes` computes the codes the tagging needs
   from plain position facts (**interim**: replace the one call in :func:`observation_codes` by
   ``[o.code for o in observe(view, move)]`` and delete :func:`interim_codes`).
2. **What the lines decide**: the categories (settebello, primiera, denari) won on the best line
   and lost on the alternative's, who takes the leftovers, and how late in the hand it is.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> hands = [["7D", "4C", "RB"], ["3B", "6S", "AB"]]
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", hands)
>>> sorted(interim_codes(s, s.parse_move("7D x 2C 5S")))
['took-scopa']
>>> sorted(interim_codes(s, s.parse_move("4C")))
['missed-scopa', 'offers-seven']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.counting.tracker import flipped_values, sweep_value
from tutor.game.captures import VALUE_OF, all_sums
from tutor.game.cards import FULL_DECK, SETTEBELLO, indexes_of
from tutor.game.scoring import category_winners
from tutor.game.state import GameState, Move

__all__ = [
    "THEME_OF_CODE",
    "interim_codes",
    "observation_codes",
    "themes_of_codes",
    "line_themes",
]

THEME_OF_CODE = {
    "missed-scopa": "sweep",
    "took-scopa": "sweep",
    "sweepable-table": "sweep",
    "safe-table": "sweep",
    "missed-settebello": "settebello",
    "settebello-exposed": "settebello",
    "offers-seven": "sevens",
    "primiera-given": "primiera",
    "pairing": "spariglio",
    "no-double-laid": "spariglio",
    "counted-endgame": "endgame",
}
"""The theme each observation code of the review teaches."""

_SEVEN_VALUE = 7
_PRIMIERA_VALUES = (7, 6, 1)
"""The cards worth most in the primiera (21, 18 and 16 points: domain.md)."""


def _sweeps(state: GameState, move: Move) -> bool:
    return bool(move.capture) and move.capture == state.table


def _scopa_counts(state: GameState) -> bool:
    return not state.is_last_play() or state.rules.last_play_scopa


def _after(state: GameState, move: Move) -> int:
    """The table after ``move``."""
    return state.table & ~move.capture if move.capture else state.table | (1 << move.card)


def _sweepable(state: GameState, table: int) -> bool:
    probe = state.copy()
    probe.table = table
    return sweep_value(probe) is not None


def _unseen(state: GameState) -> int:
    """Cards the mover has not seen: everything but the table, the piles and their own hand."""
    seen = state.table | state.hands[state.turn]
    for pile in state.captured:
        seen |= pile
    return FULL_DECK & ~seen


def _capturable(state: GameState, table: int, card: int, unseen: int) -> bool:
    """Some unseen card could take ``card`` from ``table`` (alone or in a sum)."""
    sums = all_sums(table)
    values = {VALUE_OF[i] for i in indexes_of(unseen)}
    return any(m >> card & 1 for v in values for m, _ in sums[v])


def interim_codes(state: GameState, move: Move) -> set[str]:
    """INTERIM stand-in for the review's observations: the codes ``move`` draws in ``state``.

    ``state`` is the position before the move, as the mover sees it (their own hand known).
    Facts only, no odds: the review's observations add the probabilities and the words.
    """
    codes: set[str] = set()
    moves = state.legal_moves()
    others = [m for m in moves if m != move]
    scopa = _scopa_counts(state)
    if scopa and _sweeps(state, move):
        codes.add("took-scopa")
    elif scopa and any(_sweeps(state, m) for m in moves):
        codes.add("missed-scopa")
    sette = SETTEBELLO.index
    if state.table >> sette & 1 and not move.capture >> sette & 1:
        if any(m.capture >> sette & 1 for m in moves):
            codes.add("missed-settebello")
    after = _after(state, move)
    unseen = _unseen(state)
    if after >> sette & 1 and _capturable(state, after, sette, unseen):
        codes.add("settebello-exposed")
    if not state.is_last_play() and after:
        leaves = _sweepable(state, after)
        alt = [_sweepable(state, _after(state, m)) for m in others if _after(state, m)]
        if leaves and any(not x for x in alt):
            codes.add("sweepable-table")
        if not leaves and any(alt):
            codes.add("safe-table")
    sevens_unseen = any(VALUE_OF[i] == _SEVEN_VALUE for i in indexes_of(unseen))

    def offers(table: int) -> bool:
        return bool(all_sums(table)[_SEVEN_VALUE])

    if sevens_unseen and offers(after) and any(not offers(_after(state, m)) for m in others):
        codes.add("offers-seven")
    if not move.capture and VALUE_OF[move.card] in _PRIMIERA_VALUES:
        if _capturable(state, after, move.card, unseen):
            codes.add("primiera-given")
    if state.rules.players == 4 and move.capture and _against_aim(state, move):
        codes.add("pairing")
    if not any(m.capture for m in moves) and not move.capture:
        hand = [VALUE_OF[i] for i in indexes_of(state.hands[state.turn])]
        doubles = {v for v in hand if hand.count(v) >= 2}
        if doubles and VALUE_OF[move.card] not in doubles:
            codes.add("no-double-laid")
    return codes


def _against_aim(state: GameState, move: Move) -> bool:
    """The capture unmatches values for the dealer's side, or matches them for the other
    (Chitarrella: the dealer's side keeps values matched, the other side splits them)."""
    captured = 0
    for pile in state.captured:
        captured |= pile
    before = {v for v in range(1, 11) if _count(captured, v) % 2}
    after = before.symmetric_difference(flipped_values(move.card, move.capture))
    dealer_side = (state.rules.players - 1) % state.rules.sides
    if state.turn % state.rules.sides == dealer_side:
        return len(after) > len(before)
    return len(after) < len(before)


def _count(mask: int, value: int) -> int:
    return sum(1 for i in indexes_of(mask) if VALUE_OF[i] == value)


def observation_codes(view: GameState, move: Move) -> set[str]:
    """The observation codes of ``move`` from the mover's view: the one call to replace by the
    review's ``observe(view, move)`` once it is in (see the module docstring)."""
    return interim_codes(view, move)


def themes_of_codes(codes: Iterable[str]) -> list[str]:
    """The themes the codes teach, each once, in the order of :data:`THEME_OF_CODE`."""
    got = set(codes)
    return list(dict.fromkeys(t for c, t in THEME_OF_CODE.items() if c in got))


def _play_out(state: GameState, line: Sequence[Move]) -> GameState:
    work = state.copy()
    for m in line:
        work.push(m)
    return work


def line_themes(state: GameState, best_line: Sequence[Move], alt_line: Sequence[Move]) -> list[str]:
    """Themes from what two complete lines of play decide differently (full-information state).

    The settebello, primiera or denari changing hands between the best line and the
    alternative, and who takes the leftovers at the end (``last-capture``).
    """
    out: list[str] = []
    a = _play_out(state, best_line)
    b = _play_out(state, alt_line)
    if not (a.is_over() and b.is_over()):
        return out
    wa = category_winners(state.rules, a.captured)
    wb = category_winners(state.rules, b.captured)
    for cat in ("settebello", "primiera", "denari"):
        if wa[cat] != wb[cat]:
            out.append(cat)
    sides = state.rules.sides
    left = (a.stack[-1].leftover if a.stack else 0) or (b.stack[-1].leftover if b.stack else 0)
    if left and a.last_capturer % sides != b.last_capturer % sides:
        out.append("last-capture")
    return out
