"""Behavioural readings: what a player's choices say about the cards they held.

A player who could have swept the table with a value and did not probably holds no card of that
value; a player who could have taken the settebello and did not probably holds no card that
could take it. These are *readings*, evidence with a confidence, never facts: each covers only
the cards the player held at that moment, and is dropped when later play or the cards seen show
it wrong. How far each is believed is learned from the hand (:mod:`tutor.counting.trust`) and
weighed with the facts (:mod:`tutor.counting.weights`); ``docs/tracker.md`` gives the reasons.

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
from typing import Any, Protocol

from tutor.counting.odds import percent
from tutor.counting.tracker import HistoryStep, a_value, history, value_word
from tutor.game.captures import VALUE_OF, legal_captures, table_sum
from tutor.game.cards import SETTEBELLO_BIT, Style, format_card, format_cards, indexes_of
from tutor.game.i18n import _, either, ngettext
from tutor.game.state import GameState

__all__ = [
    "Exclusion",
    "find_exclusions",
    "standing_exclusions",
    "sweep_would_score",
    "Reading",
    "reading_json",
]


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
    confidence: float | None = None
    """P(the reading is true) given everything seen, once weighed (None until then)."""
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
        words = {
            "player": names[self.seat],
            "card": format_card(card, style),
            "value": a_value(v, style),
        }
        if play is None:
            return _("{player} is known to hold {card}, {value}").format(**words)
        return _("at play {play} {player} played {card}, so did hold {value} then").format(
            play=play, **words
        )

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The reading in words: the play, what the player passed up and the values it
        suggests they hold none of, with the chance once weighed."""
        words = {
            "play": self.play,
            "player": names[self.seat],
            "some": either([a_value(v, style) for v in self.values]),
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
        values = either([value_word(v, style) for v in self.values])
        if self.confidence is None:
            return _("{what}, so probably holds no {values} (inference)").format(
                what=what, values=values
            )
        # a reading is evidence, never a fact: "probably" when more likely than not, "may"
        # below (the figure is the chance that the player holds none)
        if self.confidence >= 0.5:
            said = _("{what}, so probably holds no {values} (inference, {percent})")
        else:
            said = _("{what}, so may hold no {values} (inference, {percent})")
        return said.format(what=what, values=values, percent=percent(self.confidence))

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        """The keys every reading shares, and why it was given up (None while it stands)."""
        return {**reading_json(self, names, style), "dropped": self.dropped_text(names, style)}


class Reading(Protocol):
    """What every reading and tell has: who, about which values, when, how likely now."""

    kind: str
    seat: int
    values: tuple[int, ...]
    play: int
    confidence: float | None

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The reading in words, players by ``names``, in the language of the run."""


def reading_json(
    reading: Reading, names: Sequence[str], style: Style | str | None = None
) -> dict[str, Any]:
    """The JSON keys every reading and tell shares."""
    c = reading.confidence
    return {
        "kind": reading.kind,
        "player": names[reading.seat],
        "values": list(reading.values),
        "play": reading.play,
        "confidence": None if c is None else round(c, 6),
        "text": reading.text(names, style),
    }


def sweep_would_score(step: HistoryStep, last_play_scopa: bool) -> bool:
    """Whether a sweep at ``step`` would have been a scopa (not on the last play, unless the
    ruleset scores it)."""
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
            and sweep_would_score(step, rules.last_play_scopa)
        ):
            out.append(
                Exclusion(
                    "scopa",
                    step.seat,
                    (step.sweep,),
                    step.number,
                    step.deal_index,
                    step.table_before,
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
                    )
                )
    return out


def standing_exclusions(state: GameState, exclusions: list[Exclusion]) -> list[Exclusion]:
    """Readings that still cover cards the player holds now (same deal, cards left, some card
    of the excluded values unseen).

    A reading the cards seen prove wrong is dropped here: the player is known to hold a card of
    an excluded value, or the unseen cards of other values are too few to fill their hand.
    """
    out = []
    pool = state.unplaced()
    for ex in exclusions:
        if ex.dropped is None and ex.deal_index == state.deal_index and state.unknown[ex.seat]:
            known = state.hands[ex.seat]
            shown = [i for i in indexes_of(known) if VALUE_OF[i] in ex.values]
            if shown:
                ex.dropped = _("the player is known to hold a card of an excluded value")
                ex.shown = (None, shown[0])
                continue
            others = sum(1 for i in indexes_of(pool) if VALUE_OF[i] not in ex.values)
            if others == pool.bit_count():
                continue  # every card it excludes has been seen elsewhere: it was true
            if others < state.unknown[ex.seat]:
                ex.dropped = ngettext(
                    "the cards seen prove it wrong: {n} unseen card is of another value, for "
                    "{hand} in the hand",
                    "the cards seen prove it wrong: {n} unseen cards are of other values, for "
                    "{hand} in the hand",
                    others,
                ).format(n=others, hand=state.unknown[ex.seat])
                continue
            out.append(ex)
    return out
