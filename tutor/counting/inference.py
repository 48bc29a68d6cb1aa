"""Inference of the other players' holdings: facts, behavioural exclusions, propagation.

Three layers, each with a reason a person can read (``docs/tracker.md``):

1. **Hard facts**: the cards seen, how many cards each player still holds, how many are still
   to be dealt (the *stock*) (:mod:`tutor.counting.tracker`).
2. **Behavioural exclusions**, each with a confidence (:mod:`tutor.counting.readings`).
3. **Propagation** over every assignment of the unseen cards consistent with both
   (:mod:`tutor.counting.assignment`): each (card, holder) pair is *must*, *may* or *cannot*
   hold, with an exact probability, and :mod:`tutor.counting.deductions` names the facts and
   readings each must and cannot rests on.

:func:`infer` puts them together for one seat; :func:`count_view` adds the tracker's board.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.cards import parse_card
>>> rules = load_ruleset("scopa")
>>> s = GameState.from_cards(rules, "2C 5S", [["3S", "AD", "6B"], ["AC", "FB", "7S"]])
>>> s.push(s.parse_move("3S"))          # seat 0 lays the 3: 2+3+5 = 10 on the table
>>> s.push(s.parse_move("7S x 2C 5S"))  # seat 1 could have swept with a king, and did not
>>> inf = infer(viewer_state(s, 0), 0)
>>> ex = inf.exclusions[0]
>>> ex.kind, ex.seat, ex.values, ex.play
('scopa', 1, (10,), 2)
>>> ex.text(["Ada", "Bea"]).split(", so ")[1]
'holds no 10 (inference, 97%)'
>>> inf.holdings[1][parse_card("RD").index]
Holding(status='cannot', probability=0.0, basis='inference')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.counting.assignment import (
    SAMPLES,
    AssignmentModel,
    build_model,
    complete,
    estimate,
    model_for,
    probability_none,
)
from tutor.counting.deductions import Deduction, Holding, find_deductions
from tutor.counting.odds import chance_of_value
from tutor.counting.readings import Exclusion
from tutor.counting.tracker import OUT, STOCK, Board, seat_names, track, viewer_state
from tutor.game.captures import VALUE_OF
from tutor.game.cards import VALUE_MASKS, Style, format_card, indexes_of
from tutor.game.i18n import ngettext
from tutor.game.state import GameState
from tutor.records.record import HandRecord

__all__ = ["Inference", "CountView", "ValueCell", "HandView", "infer", "count_view", "hand_view"]


@dataclass(frozen=True)
class ValueCell:
    """What the viewer can say about one player holding a value: a cell of the tracker's
    players x values table."""

    status: str
    """``none`` (no unseen card of the value), ``must`` (holds one), ``cannot`` (holds none)
    or ``may``."""
    probability: float | None
    """``may`` only: P(holds at least one card of the value), with the readings."""
    reading: bool
    """Whether it rests on a reading of behaviour: a must or cannot that the facts alone do not
    give, or a probability that the readings move (to the percent)."""


@dataclass
class Inference:
    """What the viewer can infer about every unseen card (see the module docstring)."""

    state: GameState
    viewer: int
    names: list[str]
    unseen: int
    """Cards the viewer has not seen (other hands, the stock)."""
    capacity: dict[int, int]
    """Unknown cards per holder (seats and STOCK) with at least one."""
    exclusions: list[Exclusion]
    active: list[Exclusion]
    holdings: dict[int, dict[int, Holding]]
    """Per holder (other seats, and STOCK when cards remain to be dealt), per unseen card."""
    value_probability: dict[int, dict[int, float]]
    """Per other seat, P(holds at least one card of value v), v = 1..10."""
    deductions: list[Deduction]
    method: str
    deals: int | None
    """The number of consistent assignments (when counted exactly)."""
    model: AssignmentModel = field(repr=False)
    fact_model: AssignmentModel = field(repr=False)
    style: Style | str | None = None

    def probability(self, seat: int, card: int) -> float:
        """P(``seat`` (or STOCK) holds ``card``) under the readings."""
        h = self.holdings.get(seat, {}).get(card)
        if h:
            return h.probability
        return 1.0 if seat >= 0 and self.state.hands[seat] >> card & 1 else 0.0

    def probability_any(self, seat: int, value: int) -> float:
        """P(``seat`` holds at least one card of ``value``) under the readings."""
        return self.value_probability.get(seat, {}).get(value, 0.0)

    def probability_any_of(self, seat: int, values: Iterable[int]) -> float:
        """P(``seat`` holds at least one card of any of ``values``) under the readings.

        The odds that a player can make any of several captures (a 7 or an 8 that would take
        the settebello, say); for one value it is :meth:`probability_any`.
        """
        wanted = set(values)
        if len(wanted) == 1:
            return self.probability_any(seat, next(iter(wanted)))
        known = self.state.hands[seat] if seat >= 0 else 0
        if any(VALUE_OF[i] in wanted for i in indexes_of(known)):
            return 1.0
        cards = {c for c in indexes_of(self.state.unplaced()) if VALUE_OF[c] in wanted}
        if seat not in self.model.holders or not cards:
            return 0.0
        j = self.model.holders.index(seat)
        if self.model.exact_ok():
            return 1.0 - probability_none(self.model, j, cards)
        rng = random.Random(0)
        hits = sum(1 for _ in range(SAMPLES) if cards & set(self.model.sample(rng)[j]))
        return hits / SAMPLES

    def probability_any_facts(self, seat: int, value: int) -> float:
        """The same on the facts alone: the hypergeometric value, as if no reading were made."""
        return chance_of_value(self.state, seat, value)

    def value_cell(self, seat: int, value: int) -> ValueCell:
        """What can be said about ``seat`` (another player) holding a card of ``value``."""
        row = self.holdings.get(seat, {})
        cards = [c for c in row if VALUE_OF[c] == value]
        if not cards:
            return ValueCell("none", None, False)
        musts = [row[c] for c in cards if row[c].status == "must"]
        if musts:
            return ValueCell("must", None, all(h.basis == "inference" for h in musts))
        if all(row[c].status == "cannot" for c in cards):
            return ValueCell("cannot", None, any(row[c].basis == "inference" for c in cards))
        p = self.probability_any(seat, value)
        # A reading about anyone can change the figure: say so when the facts alone give another.
        moved = bool(self.active) and round(100 * p) != round(
            100 * self.probability_any_facts(seat, value)
        )
        return ValueCell("may", p, moved)

    @property
    def players_in_doubt(self) -> list[int]:
        """The other seats with cards the viewer has not seen (the rows of the tracker's table)."""
        return [h for h in self.holdings if h != STOCK]

    @property
    def stock(self) -> int | None:
        """How many unseen cards are still to be dealt (None when no deal is to come)."""
        return self.capacity.get(STOCK, 0) if STOCK in self.holdings else None

    def to_deal(self, value: int) -> float | None:
        """The expected number of cards of ``value`` still to be dealt (None: none unseen)."""
        held = [
            h.probability for c, h in self.holdings.get(STOCK, {}).items() if VALUE_OF[c] == value
        ]
        return sum(held) if held else None

    @property
    def readings_in_force(self) -> list[Exclusion]:
        """The readings of behaviour in force, in the order they were made."""
        return [
            e for e in self.exclusions if e.dropped is None and any(e is a for a in self.active)
        ]

    @property
    def readings_given_up(self) -> list[Exclusion]:
        """The readings given up, because the plays that followed contradict them."""
        return [e for e in self.exclusions if e.dropped is not None]

    def status(self, seat: int, card: int) -> str:
        h = self.holdings.get(seat, {}).get(card)
        if h:
            return h.status
        return "must" if seat >= 0 and self.state.hands[seat] >> card & 1 else "cannot"

    def sample(self, n: int, rng: random.Random, use_inferences: bool = True) -> list[GameState]:
        model = self.model if use_inferences else self.fact_model
        return [complete(self.state, model, model.sample(rng), rng) for _ in range(n)]

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        style = self.style if style is None else style

        def who(h: int) -> str:
            return {STOCK: "stock", OUT: "out of play"}.get(h) or self.names[h]

        return {
            "holdings": {
                who(h): {format_card(c, style): v.to_json() for c, v in sorted(cards.items())}
                for h, cards in self.holdings.items()
                if h != STOCK
            },
            "stock": {
                format_card(c, style): v.to_json()
                for c, v in sorted(self.holdings.get(STOCK, {}).items())
            },
            "hand_sizes": {who(h): n for h, n in self.capacity.items()},
            "value_probability": {
                self.names[s]: {str(v): round(p, 6) for v, p in vals.items()}
                for s, vals in self.value_probability.items()
            },
            "value_probability_facts": {
                self.names[s]: {
                    str(v): round(self.probability_any_facts(s, v), 6) for v in range(1, 11)
                }
                for s in self.value_probability
            },
            "inferences": [
                {
                    **e.to_json(self.names, style),
                    "status": "dropped"
                    if e.dropped
                    else ("active" if any(e is a for a in self.active) else "expired"),
                }
                for e in self.exclusions
            ],
            "deductions": [d.to_json(self.names, style) for d in self.deductions],
            "method": self.method,
            "consistent_deals": self.deals,
        }


def infer(
    state: GameState,
    viewer: int,
    names: Sequence[str] | None = None,
    use_inferences: bool = True,
    rng: random.Random | None = None,
    style: Style | str | None = None,
) -> Inference:
    """Classify and weigh every unseen card for every other holder, from ``viewer``'s seat.

    ``state`` should be the viewer's view (see :func:`tutor.counting.tracker.viewer_state`);
    whatever it knows counts as known.
    """
    rules = state.rules
    who = seat_names(rules.players, names)
    model, exclusions, active = model_for(state, use_inferences)
    holders, caps = model.holders, list(model.caps)
    fact_model = build_model(state, holders, caps, []) if active else model
    unseen = state.unseen_by(viewer)
    pos = {h: j for j, h in enumerate(holders)}
    if model.exact_ok():
        means = model.means()
        total = model.total()
        method = ngettext(
            "exact count over {n} consistent deal", "exact count over {n} consistent deals", total
        ).format(n=total)
        sampled_values: dict[tuple[int, int], float] | None = None
    else:
        n = SAMPLES
        means, sampled_values = estimate(model, rng or random.Random(0), n)
        total = None
        method = ngettext(
            "rejection sampling of {n} consistent deal (too many to count exactly)",
            "rejection sampling of {n} consistent deals (too many to count exactly)",
            n,
        ).format(n=n)
    # Holdings per holder and card.
    seats = [s for s in range(rules.players) if s != viewer]
    holder_keys = seats + ([STOCK] if STOCK in pos else [])
    holdings: dict[int, dict[int, Holding]] = {}
    for h in holder_keys:
        row: dict[int, Holding] = {}
        j = pos.get(h)
        known = state.hands[h] if h != STOCK else 0
        for c in indexes_of(unseen):
            if known >> c & 1:
                row[c] = Holding("must", 1.0, "fact")
                continue
            gi = model.group_of.get(c)
            if j is None or gi is None:
                row[c] = Holding("cannot", 0.0, "fact")
                continue
            n_g = len(model.groups[gi].cards)
            prob = means[gi][j] / n_g
            fact = fact_model.status(fact_model.group_of[c], j)
            full = model.status(gi, j)
            if fact != "may":
                row[c] = Holding(fact, 1.0 if fact == "must" else 0.0, "fact")
            elif full != "may":
                row[c] = Holding(full, 1.0 if full == "must" else 0.0, "inference")
            else:
                row[c] = Holding("may", prob, None)
        holdings[h] = row
    # P(at least one of value v) per other seat.
    value_probability: dict[int, dict[int, float]] = {}
    pool = state.unplaced()
    for s in seats:
        vals: dict[int, float] = {}
        j = pos.get(s)
        for v in range(1, 11):
            of_value = pool & VALUE_MASKS[v]
            if state.hands[s] & VALUE_MASKS[v]:
                vals[v] = 1.0
            elif j is None or not of_value:
                vals[v] = 0.0
            elif sampled_values is not None:
                vals[v] = sampled_values[(j, v)]
            elif not active:
                vals[v] = chance_of_value(state, s, v)
            else:
                vals[v] = 1.0 - probability_none(model, j, set(indexes_of(of_value)))
        value_probability[s] = vals
    inf = Inference(
        state,
        viewer,
        who,
        unseen,
        {h: caps[j] for j, h in enumerate(holders)},
        exclusions,
        active,
        holdings,
        value_probability,
        [],
        method,
        total,
        model,
        fact_model,
        style,
    )
    inf.deductions = find_deductions(inf)
    return inf


# -- the tracker and inference together ------------------------------------------------------


@dataclass
class CountView:
    """The tracker's board and the inference for one seat at one point of a hand."""

    board: Board
    inference: Inference

    @property
    def sweep_probability(self) -> float | None:
        """P(the next player can sweep the table), with the behavioural readings."""
        sweep = self.board.sweep
        if sweep.value is None:
            return None
        state = self.inference.state
        nxt = sweep.next_seat
        if state.is_over():
            return 0.0
        if nxt == self.inference.viewer or not state.unknown[nxt]:
            return 1.0 if state.hands[nxt] & VALUE_MASKS[sweep.value] else 0.0
        return self.inference.probability_any(nxt, sweep.value)

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        style = self.inference.style if style is None else style
        out = self.board.to_json(style)
        out["sweep"]["probability_facts"] = out["sweep"]["probability"]
        p = self.sweep_probability
        out["sweep"]["probability"] = None if p is None else round(p, 6)
        out["sweep"]["next"] = self.board.names[self.board.sweep.next_seat]
        out.update(self.inference.to_json(style))
        return out


def count_view(
    state: GameState,
    viewer: int,
    names: Sequence[str] | None = None,
    style: Style | str | None = None,
    hide: bool = True,
) -> CountView:
    """Board and inference for ``viewer``; ``hide`` first reduces ``state`` to their view."""
    view = viewer_state(state, viewer) if hide else state
    return CountView(track(view, viewer, names, style), infer(view, viewer, names, style=style))


@dataclass
class HandView:
    """What one player can count and infer at one point of a recorded hand (``tutor track``)."""

    record: HandRecord
    hand: int
    """The hand's number in its file (1 = the first)."""
    seat: int
    at: int
    """Plays made."""
    view: CountView
    last_player: str | None = None
    """Who made the last of those plays (None before the first)."""

    @property
    def player(self) -> str:
        return self.record.players[self.seat]

    @property
    def last_play(self) -> str | None:
        """The last play as the record writes it (None before the first)."""
        return self.record.plays[self.at - 1].text if self.at else None

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.record.path,
            "hand": self.hand,
            "player": self.player,
            "at": self.at,
            "total_plays": len(self.record.plays),
            **self.view.to_json(self.record.style),
        }


def hand_view(record: HandRecord, seat: int, at: int | None = None, hand: int = 1) -> HandView:
    """What ``seat`` can know after the first ``at`` plays of ``record`` (default: all): only
    their own cards and the cards played count as seen, whatever else the record gives."""
    n = len(record.plays) if at is None else at
    state = record.state_at(n)
    view = count_view(state, seat, record.players, record.style)
    last = record.players[state.stack[-1].seat] if state.stack else None
    return HandView(record, hand, seat, n, view, last)
