"""Themes of a puzzle: from the observations a move draws, and from what the best line decides.

The themes of a mined position come from two places:

1. **Observations** of the best move and of the most tempting wrong one: the review's
   :func:`tutor.review.observations.observe` (codes such as ``missed-scopa``,
   ``sweepable-table``, ``offers-seven``), each code mapped to the theme it teaches by
   :data:`THEME_OF_CODE`.
2. **What the lines decide**: the categories (settebello, primiera, denari) won on the best line
   and lost on the alternative's, the scope made, and who takes the leftovers
   (:func:`line_themes`). When the lines are known (an exact puzzle), an observation's theme
   among these stands only if the lines decide it (:func:`settled_themes`).

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> hands = [["7D", "4C", "RB"], ["3B", "6S", "AB"]]
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", hands)
>>> [o.code for o in observations(s, s.parse_move("4C"))]
['missed-scopa', 'offers-seven']
>>> themes_of_codes(["missed-scopa", "offers-seven"])
['sweep', 'sevens']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tutor.game.cards import Style
from tutor.game.i18n import N_, _, all_of, is_you, pgettext
from tutor.game.rules import Ruleset
from tutor.game.scoring import category_winners
from tutor.game.state import GameState, Move
from tutor.review.observations import CODES, Observation, observe

__all__ = [
    "THEME_OF_CODE",
    "DECIDED_BY_LINES",
    "observations",
    "themes_of_codes",
    "line_partings",
    "parting_sentences",
    "played_out",
    "line_themes",
    "settled_themes",
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
    "denaro-given": "denari",
    "missed-denaro": "denari",
    "pairing": "spariglio",
    "no-double-laid": "spariglio",
    "counted-endgame": "endgame",
}
"""The puzzle theme each observation code of the review teaches."""

assert set(THEME_OF_CODE) == set(CODES), "every observation code needs a theme"


def observations(
    view: GameState,
    move: Move,
    names: Sequence[str] | None = None,
    style: Style | str | None = None,
) -> list[Observation]:
    """The review's observations of ``move`` in ``view`` (the position before it)."""
    return observe(view, move, names=names, style=style)


DECIDED_BY_LINES = ("settebello", "primiera", "denari", "sweep")
"""The themes two complete lines of play show decided or not (:func:`line_themes`): a puzzle
solved exactly keeps one of them only when its lines decide it (a stop-46 audit found mined
puzzles tagged primiera where the primiera went to the same side on every line)."""


def settled_themes(from_codes: Sequence[str], from_lines: Sequence[str]) -> list[str]:
    """The themes of a puzzle whose lines are known: those of the observations, less the ones
    the lines show undecided (:data:`DECIDED_BY_LINES`), then those of the lines."""
    kept = [t for t in from_codes if t not in DECIDED_BY_LINES or t in from_lines]
    return kept + [t for t in from_lines if t not in kept]


def themes_of_codes(codes: Iterable[str]) -> list[str]:
    """The themes the codes teach, each once, in the order of :data:`THEME_OF_CODE`."""
    got = set(codes)
    return list(dict.fromkeys(t for c, t in THEME_OF_CODE.items() if c in got))


def played_out(state: GameState, line: Sequence[Move]) -> GameState:
    """A copy of ``state`` with ``line`` played."""
    work = state.copy()
    for m in line:
        work.push(m)
    return work


def line_partings(
    state: GameState, best_line: Sequence[Move], alt_line: Sequence[Move], cards: bool = False
) -> dict[str, tuple[Any, Any]]:
    """What two complete lines of play (full-information ``state``) decide differently, by
    theme: (after the best line, after the alternative). The side (-1: nobody) that wins the
    settebello, the primiera or the denari (and the point of the cards with ``cards``: a wrong
    answer's explanation says it, a puzzle has no theme for it); the scope each side makes from
    ``state`` on (``sweep``, a tuple by side); the side that takes the leftovers at the end
    (``last-capture``). Nothing when either line stops short of the end."""
    out: dict[str, tuple[Any, Any]] = {}
    a = played_out(state, best_line)
    b = played_out(state, alt_line)
    if not (a.is_over() and b.is_over()):
        return out
    wa = category_winners(state.rules, a.captured)
    wb = category_winners(state.rules, b.captured)
    for cat in ("cards",) * cards + ("settebello", "primiera", "denari"):
        if wa[cat] != wb[cat]:
            out[cat] = (wa[cat], wb[cat])
    if a.scope != b.scope:
        made = [tuple(x - y for x, y in zip(w.scope, state.scope, strict=True)) for w in (a, b)]
        out["sweep"] = (made[0], made[1])
    sides = state.rules.sides
    left = (a.stack[-1].leftover if a.stack else 0) or (b.stack[-1].leftover if b.stack else 0)
    if left and a.last_capturer % sides != b.last_capturer % sides:
        out["last-capture"] = (a.last_capturer % sides, b.last_capturer % sides)
    return out


_PARTED = {
    "cards": N_(
        "After {best} the point of the cards goes to {side}; after {other}, to {other_side}."
    ),
    "settebello": N_("After {best} the settebello goes to {side}; after {other}, to {other_side}."),
    "primiera": N_("After {best} the primiera goes to {side}; after {other}, to {other_side}."),
    "denari": N_(
        "After {best} the point of the denari goes to {side}; after {other}, to {other_side}."
    ),
    "last-capture": N_(
        "After {best} the cards left at the end go to {side}; after {other}, to {other_side}."
    ),
}
"""The sentence for each thing two lines of play decide differently (:func:`line_partings`),
but the scope, which both sides may make."""


def parting_sentences(
    parted: dict[str, tuple[Any, Any]], best: str, other: str, names: Sequence[str], rules: Ruleset
) -> list[str]:
    """What the best line and the alternative decide differently, in words: whose each point
    is after either move, and the scope each side makes from here."""

    def side(k: int, after_to: bool = True) -> str:
        if k < 0:
            return _("nobody")
        # "goes to you", not "goes to You" ("va a Tu" in Italian: first-hour audit, stop 55)
        you = pgettext("the person addressed, after a preposition", "you")
        seats = rules.seats_of(k)
        return all_of([you if after_to and is_you(names[s]) else names[s] for s in seats])

    out = []
    for key, (after_best, after_other) in parted.items():
        if key == "sweep":
            counts = [
                ", ".join(f"{side(k, after_to=False)} {n}" for k, n in enumerate(made))
                for made in (after_best, after_other)
            ]
            out.append(
                _("Scope from here: {counts} after {best}; {other_counts} after {other}.").format(
                    counts=counts[0], best=best, other_counts=counts[1], other=other
                )
            )
        else:
            out.append(
                _(_PARTED[key]).format(
                    best=best, side=side(after_best), other=other, other_side=side(after_other)
                )
            )
    return out


def line_themes(state: GameState, best_line: Sequence[Move], alt_line: Sequence[Move]) -> list[str]:
    """Themes from what two complete lines of play decide differently (full-information state):
    the settebello, primiera or denari changing hands between the best line and the
    alternative, the scope made on them (``sweep``), and who takes the leftovers at the end
    (``last-capture``) (:func:`line_partings`)."""
    return list(line_partings(state, best_line, alt_line))
