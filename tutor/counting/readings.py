"""Behavioural readings: what a player's choices say about the cards they held.

A player who could have swept the table with a value and did not holds no card of that value;
a player who could have taken the settebello and did not holds no card that could take it.
These are *readings*, evidence with a confidence, never facts: each covers only the cards the
player held at that moment, and is dropped when later play contradicts it
(``docs/tracker.md`` gives the reasons and the confidences).

>>> from tutor.game.rules import load_ruleset
>>> from tutor.counting.tracker import viewer_state
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S",
...                          [["3S", "AD", "6B"], ["AC", "FB", "7S"]])
>>> s.push(s.parse_move("3S"))          # seat 0 lays the 3: 2+3+5 = 10 on the table
>>> s.push(s.parse_move("7S x 2C 5S"))  # seat 1 could have swept with a king, and did not
>>> [ex] = find_exclusions(viewer_state(s, 0))
>>> ex.kind, ex.seat, ex.values, ex.play
('scopa', 1, (10,), 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.counting.tracker import HistoryStep, a_value, history, value_word
from tutor.game.captures import VALUE_OF, legal_captures, table_sum
from tutor.game.cards import SETTEBELLO_BIT, Style, format_card, format_cards, indexes_of
from tutor.game.i18n import _, either
from tutor.game.state import GameState

__all__ = [
    "SCOPA_CONFIDENCE",
    "SETTEBELLO_CONFIDENCE",
    "Exclusion",
    "find_exclusions",
    "standing_exclusions",
]

# The tutor's own estimates of how reliable each behavioural reading is; docs/tracker.md gives
# the strategic reason for each. A scopa is a whole point that nothing else on the table can be
# worth, so passing one up is almost unheard of; the settebello is also a point, but a player
# can have a reason to leave it (e.g. a 7 laid by their own partner, or a sweep risk elsewhere).
SCOPA_CONFIDENCE = 0.97
SETTEBELLO_CONFIDENCE = 0.90


@dataclass
class Exclusion:
    """A behavioural reading: ``seat`` held no card of ``values`` after play ``play``."""

    kind: str
    """``scopa`` (passed up a sweep) or ``settebello`` (passed up the 7 of denari)."""
    seat: int
    values: tuple[int, ...]
    play: int
    deal_index: int
    table: int
    confidence: float
    dropped: str | None = None
    """Why the reading was given up (None while it stands)."""
    shown: tuple[int | None, int] | None = None
    """(play number or None, card) of the card that contradicted the reading."""

    def dropped_text(self, names: Sequence[str], style: Style | str | None = None) -> str | None:
        """Why the reading was given up, in words (None while it stands)."""
        if self.dropped is None:
            return None
        if self.shown is None:
            return self.dropped
        play, card = self.shown
        v = VALUE_OF[card]
        words = {"player": names[self.seat], "card": format_card(card, style), "value": a_value(v)}
        if play is None:
            return _("{player} is known to hold {card}, {value}").format(**words)
        return _("at play {play} {player} played {card}, so did hold {value} then").format(
            play=play, **words
        )

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        words = {
            "play": self.play,
            "player": names[self.seat],
            "some": either([a_value(v) for v in self.values]),
        }
        if self.kind == "scopa":
            what = _(
                "at play {play} {player} could have swept the table ({table} = {sum}) with "
                "{some} and did not"
            ).format(table=format_cards(self.table, style), sum=table_sum(self.table), **words)
        else:
            what = _(
                "at play {play} {player} could have taken the settebello with {some} and did not"
            ).format(**words)
        return _("{what}, so holds no {values} (inference, {percent}%)").format(
            what=what,
            values=either([value_word(v) for v in self.values]),
            percent=round(self.confidence * 100),
        )

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": names[self.seat],
            "values": list(self.values),
            "play": self.play,
            "confidence": self.confidence,
            "text": self.text(names, style),
            "dropped": self.dropped_text(names, style),
        }


def _sweep_scores(step: HistoryStep, last_play_scopa: bool) -> bool:
    return not step.last_play or last_play_scopa


def find_exclusions(
    state: GameState, steps: Sequence[HistoryStep] | None = None
) -> list[Exclusion]:
    """Every behavioural exclusion read from the history, the dropped ones marked.

    A reading is made about a player whose remaining cards the viewer does not all know: after
    passing up a sweep (not on the last play, unless the ruleset scores it) or the settebello.
    It is dropped when the same holding later shows a card of an excluded value.
    """
    rules = state.rules
    steps = history(state) if steps is None else steps
    out: list[Exclusion] = []
    for step in steps:
        remaining = step.unknown_before - (1 if step.learned else 0)
        played_value = VALUE_OF[step.card]
        # Later plays of the same holding can contradict earlier readings.
        for ex in out:
            if (
                ex.dropped is None
                and ex.seat == step.seat
                and ex.deal_index == step.deal_index
                and played_value in ex.values
            ):
                ex.dropped = _("a card of an excluded value was played later")
                ex.shown = (step.number, step.card)
        if remaining <= 0:
            continue
        took_all = bool(step.capture) and step.capture == step.table_before
        if (
            step.sweep is not None
            and not took_all
            and played_value != step.sweep
            and _sweep_scores(step, rules.last_play_scopa)
        ):
            out.append(
                Exclusion(
                    "scopa",
                    step.seat,
                    (step.sweep,),
                    step.number,
                    step.deal_index,
                    step.table_before,
                    SCOPA_CONFIDENCE,
                )
            )
        sb = SETTEBELLO_BIT
        if step.table_before & sb and not step.capture & sb:
            values = tuple(
                v
                for v in range(1, 11)
                if v != played_value
                and any(
                    m & sb for m in legal_captures(step.table_before, v, rules.capture_precedence)
                )
            )
            if values:
                out.append(
                    Exclusion(
                        "settebello",
                        step.seat,
                        values,
                        step.number,
                        step.deal_index,
                        step.table_before,
                        SETTEBELLO_CONFIDENCE,
                    )
                )
    return out


def standing_exclusions(state: GameState, exclusions: list[Exclusion]) -> list[Exclusion]:
    """Readings that still cover cards the player holds now (same deal, cards left)."""
    out = []
    for ex in exclusions:
        if ex.dropped is None and ex.deal_index == state.deal_index and state.unknown[ex.seat]:
            known = state.hands[ex.seat]
            shown = [i for i in indexes_of(known) if VALUE_OF[i] in ex.values]
            if shown:
                ex.dropped = _("the player is known to hold a card of an excluded value")
                ex.shown = (None, shown[0])
                continue
            out.append(ex)
    return out
