"""Inference of the other players' holdings: facts, behavioural exclusions, propagation.

Three layers, each with a reason a person can read (``docs/tracker.md``):

1. **Hard facts**: the cards seen, how many cards each player still holds, how many are still
   to be dealt (the *stock*).
2. **Behavioural exclusions**, each with a confidence: a player who could have swept the table
   with a value and did not holds no card of that value; a player who could have taken the
   settebello and did not holds no card that could take it. They cover only the cards held at
   that moment, and are dropped when later play contradicts them.
3. **Propagation**: a flow network (networkx) from the unseen cards to their possible holders,
   with capacities equal to the cards each still holds; max-flow feasibility classifies every
   (card, holder) pair as *must*, *may* or *cannot* hold, and names the facts each rests on.

Probabilities come from exact counting of the assignments consistent with all constraints
(cards grouped by the set of holders they may go to, dynamic programming over those groups),
and :func:`sample_deals` draws consistent deals uniformly for the solver's Monte Carlo search.

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

import bisect
import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from math import comb, factorial
from typing import Any

import networkx as nx

from tutor.counting.tracker import (
    Board,
    HistoryStep,
    a_value,
    history,
    hypergeometric_any,
    seat_names,
    track,
    value_word,
    viewer_state,
)
from tutor.game.captures import VALUE_OF, legal_captures, table_sum
from tutor.game.cards import (
    FULL_DECK,
    SETTEBELLO,
    Style,
    format_card,
    format_cards,
    indexes_of,
    mask_of,
)
from tutor.game.state import GameState

__all__ = [
    "STOCK",
    "SCOPA_CONFIDENCE",
    "SETTEBELLO_CONFIDENCE",
    "Exclusion",
    "Holding",
    "Deduction",
    "Inference",
    "CountView",
    "find_exclusions",
    "infer",
    "count_view",
    "sample_deals",
    "iter_deals",
]

STOCK = -1
"""The holder "cards still to be dealt" (scopa's later deals)."""
OUT = -2
"""The holder "cards not in play" (a puzzle position that deals fewer than 40 cards)."""

# The tutor's own estimates of how reliable each behavioural reading is; docs/tracker.md gives
# the strategic reason for each. A scopa is a whole point that nothing else on the table can be
# worth, so passing one up is almost unheard of; the settebello is also a point, but a player
# can have a reason to leave it (e.g. a 7 laid by their own partner, or a sweep risk elsewhere).
SCOPA_CONFIDENCE = 0.97
SETTEBELLO_CONFIDENCE = 0.90

# Above this many (reachable capacity states x card groups) exact counting gives way to
# rejection sampling; the shipped rulesets stay far below it.
_EXACT_LIMIT = 400_000
_SAMPLES = 4000


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
        if play is None:
            return f"{names[self.seat]} is known to hold {format_card(card, style)}, {a_value(v)}"
        return (
            f"at play {play} {names[self.seat]} played {format_card(card, style)}, "
            f"so did hold {a_value(v)} then"
        )

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        who = names[self.seat]
        vals = " or ".join(value_word(v) for v in self.values)
        some = " or ".join(a_value(v) for v in self.values)
        if self.kind == "scopa":
            what = (
                f"at play {self.play} {who} could have swept the table "
                f"({format_cards(self.table, style)} = {table_sum(self.table)}) with {some} "
                f"and did not"
            )
        else:
            what = (
                f"at play {self.play} {who} could have taken the settebello with {some} and did not"
            )
        return f"{what}, so holds no {vals} (inference, {round(self.confidence * 100)}%)"

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
                ex.dropped = "a card of an excluded value was played later"
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
        sb = SETTEBELLO.bit
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


# -- counting and flow over card groups ------------------------------------------------------


@dataclass(frozen=True)
class _Group:
    """Cards that may go to the same set of holders (bit j: holder position j)."""

    allowed: int
    cards: tuple[int, ...]


class _Model:
    """Unseen cards, their possible holders and capacities: flow, counts and sampling."""

    def __init__(self, holders: list[int], caps: list[int], allowed: dict[int, int]) -> None:
        self.holders = holders
        self.caps = tuple(caps)
        by_allowed: dict[int, list[int]] = {}
        for card, a in sorted(allowed.items()):
            by_allowed.setdefault(a, []).append(card)
        # Bigger groups first keeps the reachable capacity states few.
        self.groups = sorted(
            (_Group(a, tuple(cs)) for a, cs in by_allowed.items()),
            key=lambda g: (-len(g.cards), g.allowed),
        )
        self.group_of = {c: gi for gi, g in enumerate(self.groups) for c in g.cards}
        self._slots = [
            tuple(j for j in range(len(holders)) if g.allowed >> j & 1) for g in self.groups
        ]
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._comp_cache: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}
        self._flow: list[list[int]] | None = None
        self._feasible: bool | None = None
        self._status: dict[tuple[int, int], str] | None = None
        self._means: list[list[float]] | None = None
        self._total: int | None = None

    @property
    def n_cards(self) -> int:
        return sum(len(g.cards) for g in self.groups)

    # -- feasibility and classification (networkx max flow) --------------------------------

    def _network(self) -> nx.DiGraph:
        g = nx.DiGraph()
        for gi, grp in enumerate(self.groups):
            g.add_edge("src", ("g", gi), capacity=len(grp.cards))
            for j in self._slots[gi]:
                g.add_edge(("g", gi), ("h", j), capacity=len(grp.cards))
        for j, cap in enumerate(self.caps):
            g.add_edge(("h", j), "sink", capacity=cap)
        return g

    def feasible(self) -> bool:
        """Whether some assignment gives every unseen card a holder within the capacities."""
        if self._feasible is None:
            if sum(self.caps) != self.n_cards:
                self._feasible = False
                return False
            if not self.groups:
                self._feasible = True
                self._flow = []
                return True
            value, flow = nx.maximum_flow(self._network(), "src", "sink")
            self._feasible = value == self.n_cards
            self._flow = [
                [flow[("g", gi)].get(("h", j), 0) for j in range(len(self.holders))]
                for gi in range(len(self.groups))
            ]
        return self._feasible

    def status(self, gi: int, j: int) -> str:
        """must / may / cannot for any card of group ``gi`` and holder position ``j``."""
        if self._status is None:
            self._status = self._classify()
        return self._status[(gi, j)]

    def _classify(self) -> dict[tuple[int, int], str]:
        """Max and min of each group-to-holder flow over all feasible flows, from one flow.

        Feasible flows differ by cycles of the residual graph: a flow can grow on (g, h) when
        h reaches g in the residual graph, and shrink when another allowed holder of g reaches h
        without passing through g.
        """
        if not self.feasible():
            raise ValueError("the constraints admit no assignment of the unseen cards")
        assert self._flow is not None
        flow = self._flow
        res = nx.DiGraph()
        ng, nh = len(self.groups), len(self.holders)
        res.add_nodes_from([("g", gi) for gi in range(ng)] + [("h", j) for j in range(nh)])
        for gi in range(ng):
            n = len(self.groups[gi].cards)
            for j in self._slots[gi]:
                if flow[gi][j] < n:
                    res.add_edge(("g", gi), ("h", j))
                if flow[gi][j] > 0:
                    res.add_edge(("h", j), ("g", gi))
        out: dict[tuple[int, int], str] = {}
        for gi in range(ng):
            n = len(self.groups[gi].cards)
            without = res.subgraph([x for x in res.nodes if x != ("g", gi)])
            for j in range(nh):
                if j not in self._slots[gi]:
                    out[(gi, j)] = "cannot"
                    continue
                f = flow[gi][j]
                can_have = f > 0 or nx.has_path(res, ("h", j), ("g", gi))
                can_miss = f < n or any(
                    nx.has_path(without, ("h", k), ("h", j)) for k in self._slots[gi] if k != j
                )
                out[(gi, j)] = (
                    "may" if can_have and can_miss else ("must" if can_have else "cannot")
                )
        return out

    # -- exact counting -------------------------------------------------------------------

    def exact_ok(self) -> bool:
        states = 1
        for c in self.caps:
            states *= c + 1
        return states * max(1, len(self.groups)) <= _EXACT_LIMIT

    def _compositions(self, gi: int, r: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Ways to spread group gi over its holders within ``r``: (counts, multinomial)."""
        key = (gi, r)
        hit = self._comp_cache.get(key)
        if hit is not None:
            return hit
        n = len(self.groups[gi].cards)
        slots = self._slots[gi]
        out: list[tuple[tuple[int, ...], int]] = []
        k = [0] * len(self.caps)
        fn = factorial(n)

        def rec(i: int, left: int, denom: int) -> None:
            if i == len(slots) - 1:
                j = slots[i]
                if left <= r[j]:
                    k[j] = left
                    out.append((tuple(k), fn // (denom * factorial(left))))
                    k[j] = 0
                return
            j = slots[i]
            rest_room = sum(r[s] for s in slots[i + 1 :])
            for x in range(max(0, left - rest_room), min(left, r[j]) + 1):
                k[j] = x
                rec(i + 1, left - x, denom * factorial(x))
            k[j] = 0

        if n == 0:
            out.append((tuple(k), 1))
        elif slots:
            rec(0, n, 1)
        self._comp_cache[key] = out
        return out

    def count(self, gi: int = 0, r: tuple[int, ...] | None = None) -> int:
        """Assignments of groups gi.. filling capacities ``r`` exactly."""
        r = self.caps if r is None else r
        if gi == len(self.groups):
            return 1 if not any(r) else 0
        key = (gi, r)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        total = 0
        for k, w in self._compositions(gi, r):
            rest = tuple(a - b for a, b in zip(r, k, strict=True))
            sub = self.count(gi + 1, rest)
            if sub:
                total += w * sub
        self._memo[key] = total
        return total

    def total(self) -> int:
        if self._total is None:
            self._total = self.count()
        return self._total

    def means(self) -> list[list[float]]:
        """Expected number of each group's cards at each holder (exact)."""
        if self._means is None:
            total = self.total()
            nh = len(self.caps)
            sums = [[0] * nh for _ in self.groups]
            layer: dict[tuple[int, ...], int] = {self.caps: 1}
            for gi in range(len(self.groups)):
                nxt: dict[tuple[int, ...], int] = {}
                for r, g in layer.items():
                    for k, w in self._compositions(gi, r):
                        rest = tuple(a - b for a, b in zip(r, k, strict=True))
                        f = self.count(gi + 1, rest)
                        if not f:
                            continue
                        contrib = g * w * f
                        for j in self._slots[gi]:
                            if k[j]:
                                sums[gi][j] += contrib * k[j]
                        nxt[rest] = nxt.get(rest, 0) + g * w
                layer = nxt
            self._means = [[s / total if total else 0.0 for s in row] for row in sums]
        return self._means

    # -- sampling -------------------------------------------------------------------------

    def _choices(self, gi: int, r: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        ks: list[tuple[int, ...]] = []
        cum: list[int] = []
        acc = 0
        for k, w in self._compositions(gi, r):
            rest = tuple(a - b for a, b in zip(r, k, strict=True))
            f = self.count(gi + 1, rest)
            if f:
                acc += w * f
                ks.append(k)
                cum.append(acc)
        return ks, cum

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One assignment, uniform among the consistent ones: the cards of each holder."""
        nh = len(self.caps)
        out: list[list[int]] = [[] for _ in range(nh)]
        if not self.exact_ok():
            return self._reject(rng)
        r = self.caps
        cache: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]]
        cache = self.__dict__.setdefault("_choice_cache", {})
        for gi, grp in enumerate(self.groups):
            key = (gi, r)
            if key not in cache:
                cache[key] = self._choices(gi, r)
            ks, cum = cache[key]
            x = rng.randrange(cum[-1])
            k = ks[bisect.bisect_right(cum, x)]
            cards = list(grp.cards)
            rng.shuffle(cards)
            pos = 0
            for j in range(nh):
                if k[j]:
                    out[j].extend(cards[pos : pos + k[j]])
                    pos += k[j]
            r = tuple(a - b for a, b in zip(r, k, strict=True))
        return out

    def _reject(self, rng: random.Random) -> list[list[int]]:
        cards = [c for g in self.groups for c in g.cards]
        allowed = {c: g.allowed for g in self.groups for c in g.cards}
        for _ in range(200_000):
            rng.shuffle(cards)
            out: list[list[int]] = []
            pos = 0
            ok = True
            for j, cap in enumerate(self.caps):
                part = cards[pos : pos + cap]
                pos += cap
                if any(not allowed[c] >> j & 1 for c in part):
                    ok = False
                    break
                out.append(part)
            if ok:
                return out
        raise ValueError("no consistent deal found by rejection sampling")


# -- the public inference object -------------------------------------------------------------


@dataclass(frozen=True)
class Holding:
    """What is known about one (player, card) pair."""

    status: str
    """``must``, ``may`` or ``cannot``."""
    probability: float
    basis: str | None
    """``fact`` or ``inference`` for must/cannot; None for may."""

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "probability": round(self.probability, 6),
            "basis": self.basis,
        }


@dataclass
class Deduction:
    """A must/cannot that follows from the facts and readings, with the reasons it rests on."""

    status: str
    holder: int
    card: int
    basis: str
    reasons: list[str]
    text: str

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        return {
            "status": self.status,
            "player": "stock" if self.holder == STOCK else names[self.holder],
            "card": format_card(self.card, style),
            "basis": self.basis,
            "reasons": list(self.reasons),
            "text": self.text,
        }


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
    model: _Model = field(repr=False)
    fact_model: _Model = field(repr=False)
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
            return 1.0 - _prob_none(self.model, j, cards)
        rng = random.Random(0)
        hits = sum(1 for _ in range(_SAMPLES) if cards & set(self.model.sample(rng)[j]))
        return hits / _SAMPLES

    def probability_any_facts(self, seat: int, value: int) -> float:
        """The same on the facts alone: the hypergeometric value, as if no reading were made."""
        known = self.state.hands[seat] if seat >= 0 else 0
        if any(VALUE_OF[i] == value for i in indexes_of(known)):
            return 1.0
        pool = self.state.unplaced()
        of_value = sum(1 for i in indexes_of(pool) if VALUE_OF[i] == value)
        return hypergeometric_any(pool.bit_count(), of_value, self.capacity.get(seat, 0))

    def status(self, seat: int, card: int) -> str:
        h = self.holdings.get(seat, {}).get(card)
        if h:
            return h.status
        return "must" if seat >= 0 and self.state.hands[seat] >> card & 1 else "cannot"

    def sample(self, n: int, rng: random.Random, use_inferences: bool = True) -> list[GameState]:
        model = self.model if use_inferences else self.fact_model
        return [_complete(self.state, model, model.sample(rng), rng) for _ in range(n)]

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


def _holders(state: GameState) -> tuple[list[int], list[int]]:
    holders: list[int] = []
    caps: list[int] = []
    for seat in range(state.rules.players):
        if state.unknown[seat]:
            holders.append(seat)
            caps.append(state.unknown[seat])
    stock = sum(u for deal in state.deals[state.deal_index :] for _, u in deal)
    if stock:
        holders.append(STOCK)
        caps.append(stock)
    excess = state.unplaced().bit_count() - sum(caps)
    if excess < 0:
        raise ValueError(
            "the position is inconsistent: more unknown cards in hands than cards unplaced"
        )
    if excess:
        holders.append(OUT)
        caps.append(excess)
    return holders, caps


def _build(
    state: GameState, holders: list[int], caps: list[int], active: Iterable[Exclusion]
) -> _Model:
    pool = state.unplaced()
    full = (1 << len(holders)) - 1
    allowed = {c: full for c in indexes_of(pool)}
    pos = {h: j for j, h in enumerate(holders)}
    for ex in active:
        j = pos.get(ex.seat)
        if j is None:
            continue
        for c in allowed:
            if VALUE_OF[c] in ex.values:
                allowed[c] &= ~(1 << j)
    return _Model(holders, caps, allowed)


def _active(state: GameState, exclusions: list[Exclusion]) -> list[Exclusion]:
    """Readings that still cover cards the player holds now (same deal, cards left)."""
    out = []
    for ex in exclusions:
        if ex.dropped is None and ex.deal_index == state.deal_index and state.unknown[ex.seat]:
            known = state.hands[ex.seat]
            shown = [i for i in indexes_of(known) if VALUE_OF[i] in ex.values]
            if shown:
                ex.dropped = "the player is known to hold a card of an excluded value"
                ex.shown = (None, shown[0])
                continue
            out.append(ex)
    return out


def _model_for(
    state: GameState, use_inferences: bool
) -> tuple[_Model, list[Exclusion], list[Exclusion]]:
    """The model with every standing exclusion, dropping readings until the facts allow it."""
    holders, caps = _holders(state)
    exclusions = find_exclusions(state) if use_inferences else []
    active = _active(state, exclusions)
    model = _build(state, holders, caps, active)
    if not model.feasible() and not _build(state, holders, caps, []).feasible():
        raise ValueError("the position is inconsistent: the unseen cards do not fit the hands")
    while not model.feasible():
        # Give up the weakest, then the latest, reading first.
        order = sorted(active, key=lambda e: (e.confidence, -e.play))
        culprit = next(
            (
                e
                for e in order
                if _build(state, holders, caps, [a for a in active if a is not e]).feasible()
            ),
            order[0],
        )
        culprit.dropped = "it cannot hold together with the cards seen and the other readings"
        active = [a for a in active if a is not culprit]
        model = _build(state, holders, caps, active)
    return model, exclusions, active


def _complete(
    state: GameState, model: _Model, parts: list[list[int]], rng: random.Random
) -> GameState:
    """A full-information copy of ``state`` with the holders' cards as sampled."""
    s = state.copy()
    stock: list[int] = []
    for j, h in enumerate(model.holders):
        if h == STOCK:
            stock = list(parts[j])
        elif h >= 0:
            for c in parts[j]:
                s.hands[h] |= 1 << c
            s.unknown[h] = 0
    rng.shuffle(stock)
    pos = 0
    for d in range(s.deal_index, len(s.deals)):
        row = []
        for known, unk in s.deals[d]:
            m = known
            for c in stock[pos : pos + unk]:
                m |= 1 << c
            pos += unk
            row.append((m, 0))
        s.deals[d] = row
    return s


def _prob_none(model: _Model, j: int, cards: set[int]) -> float:
    """P(holder j gets none of ``cards``), exactly, by counting with j forbidden for them."""
    allowed = {}
    for g in model.groups:
        for c in g.cards:
            allowed[c] = g.allowed & ~(1 << j) if c in cards else g.allowed
    sub = _Model(model.holders, list(model.caps), allowed)
    total = model.total()
    return sub.count() / total if total else 0.0


def _estimate(
    model: _Model, rng: random.Random, n: int
) -> tuple[list[list[float]], dict[tuple[int, int], float]]:
    """Sampled per-card and per-value probabilities (fallback when counting is too big)."""
    nh = len(model.holders)
    per_card = {c: [0] * nh for g in model.groups for c in g.cards}
    per_value = {(j, v): 0 for j in range(nh) for v in range(1, 11)}
    for _ in range(n):
        parts = model.sample(rng)
        for j, cs in enumerate(parts):
            vals = set()
            for c in cs:
                per_card[c][j] += 1
                vals.add(VALUE_OF[c])
            for v in vals:
                per_value[(j, v)] += 1
    means = [[sum(per_card[c][j] for c in g.cards) / n for j in range(nh)] for g in model.groups]
    return means, {k: x / n for k, x in per_value.items()}


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
    whatever it
    knows counts as known.
    """
    rules = state.rules
    who = seat_names(rules.players, names)
    model, exclusions, active = _model_for(state, use_inferences)
    holders, caps = model.holders, list(model.caps)
    fact_model = _build(state, holders, caps, []) if active else model
    captured = 0
    for m in state.captured:
        captured |= m
    unseen = FULL_DECK & ~(captured | state.table | state.hands[viewer])
    pos = {h: j for j, h in enumerate(holders)}
    if model.exact_ok():
        means = model.means()
        total = model.total()
        method = f"exact count over {total} consistent deal{'s' if total != 1 else ''}"
        sampled_values: dict[tuple[int, int], float] | None = None
    else:
        n = _SAMPLES
        means, sampled_values = _estimate(model, rng or random.Random(0), n)
        total = None
        method = f"rejection sampling of {n} consistent deals (too many to count exactly)"
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
    by_value: dict[int, set[int]] = {}
    for c in indexes_of(state.unplaced()):
        by_value.setdefault(VALUE_OF[c], set()).add(c)
    for s in seats:
        vals: dict[int, float] = {}
        j = pos.get(s)
        for v in range(1, 11):
            if any(VALUE_OF[i] == v for i in indexes_of(state.hands[s])):
                vals[v] = 1.0
            elif j is None or v not in by_value:
                vals[v] = 0.0
            elif sampled_values is not None:
                vals[v] = sampled_values[(j, v)]
            elif not active:
                pool = state.unplaced().bit_count()
                vals[v] = 1.0 - comb(pool - len(by_value[v]), caps[j]) / comb(pool, caps[j])
            else:
                vals[v] = 1.0 - _prob_none(model, j, by_value[v])
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
    inf.deductions = _deductions(inf)
    return inf


def _holder_name(inf: Inference, h: int) -> str:
    if h < 0:
        return "the stock" if h == STOCK else "the cards out of play"
    return inf.names[h]


def _deductions(inf: Inference) -> list[Deduction]:
    """Every must, and every cannot found by propagation, with the reasons it rests on."""
    state = inf.state
    out: list[Deduction] = []
    musts: dict[int, list[int]] = {}
    for h, row in inf.holdings.items():
        known = state.hands[h] if h >= 0 else 0
        for c, hold in row.items():
            if hold.status == "must" and not known >> c & 1:
                musts.setdefault(h, []).append(c)
    board_last: list[str] | None = None
    for h, row in inf.holdings.items():
        for c, hold in sorted(row.items()):
            if h >= 0 and state.hands[h] >> c & 1:
                continue
            if hold.status == "must":
                if h == STOCK and hold.basis == "fact":
                    # Every unseen card is still to be dealt: the board says so once, rather
                    # than one line per card.
                    continue
                reasons = _must_reasons(inf, h, c, musts)
                if hold.basis == "fact":
                    if board_last is None:
                        board_last = _rule_notes(inf)
                    reasons = reasons + [n for n in board_last if _mentions(n, c)]
                text = (
                    f"{_holder_name(inf, h)} must hold {_card_phrase(inf, c)}: "
                    + "; ".join(reasons)
                    + "."
                )
                out.append(Deduction("must", h, c, hold.basis or "fact", reasons, text))
            elif hold.status == "cannot" and hold.basis == "inference" and h in inf.capacity:
                direct = [e for e in inf.active if e.seat == h and VALUE_OF[c] in e.values]
                if direct:
                    continue  # the reading itself, listed among the inferences
                reasons = _cannot_reasons(inf, h, c, musts)
                text = (
                    f"{_holder_name(inf, h)} cannot hold {_card_phrase(inf, c)}: "
                    + "; ".join(reasons)
                    + "."
                )
                out.append(Deduction("cannot", h, c, "inference", reasons, text))
    return out


def _mentions(note: str, card: int) -> bool:
    return f"worth {VALUE_OF[card]}:" in note or "so the other hands hold exactly one" in note


def _rule_notes(inf: Inference) -> list[str]:
    board = track(inf.state, inf.viewer, inf.names, inf.style)
    return [
        n.rstrip(".")
        for n in board.notes
        if "Rule of 220: the one card" in n or "so the other hands hold exactly one" in n
    ]


def _card_phrase(inf: Inference, c: int) -> str:
    v = VALUE_OF[c]
    same = [i for i in indexes_of(inf.unseen) if VALUE_OF[i] == v]
    text = format_card(c, inf.style)
    return f"{text} (the last {value_word(v)} unseen)" if same == [c] else text


def _reading(inf: Inference, seat: int, value: int) -> Exclusion | None:
    """The first standing reading that puts no card of ``value`` with ``seat``."""
    return next((e for e in inf.active if e.seat == seat and value in e.values), None)


def _tight(inf: Inference, g: int, c: int) -> tuple[list[int], list[int]] | None:
    """Holders T (with g) whose places the cards S (without c) fill, S allowed only in T.

    When c cannot go to g although no reading forbids it, Hall's theorem guarantees such a
    set: the cards of S have nowhere else to go, so T has no room left for c.
    """
    model = inf.model
    pos = {h: j for j, h in enumerate(model.holders)}
    jg = pos.get(g)
    if jg is None:
        return None
    cards = [(x, grp.allowed) for grp in model.groups for x in grp.cards if x != c]
    n = len(model.holders)
    subsets = sorted((m for m in range(1, 1 << n) if m >> jg & 1), key=int.bit_count)
    for t in subsets:
        room = sum(model.caps[j] for j in range(n) if t >> j & 1)
        inside = [x for x, allowed in cards if not allowed & ~t]
        if len(inside) >= room:
            return [model.holders[j] for j in range(n) if t >> j & 1], inside
    return None


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _tight_reasons(inf: Inference, g: int, c: int) -> list[str]:
    """Why holder g has no room for card c: the cards that must fill its places."""
    found = _tight(inf, g, c)
    if found is None:
        return [f"{_holder_name(inf, g)} has no room left for it"]
    t, inside = found
    room = sum(inf.capacity.get(h, 0) for h in t)
    cards = format_cards(mask_of(inside), inf.style)
    plural = "s" if room != 1 else ""
    if len(t) == 1:
        head = (
            f"{_holder_name(inf, g)}'s {room} card{plural} must be {cards}, "
            "which nobody else can hold"
        )
    else:
        who = _and([_holder_name(inf, h) for h in t])
        head = f"{who} hold {room} card{plural} between them, and {cards} can only be with them"
    out = [head]
    for h in inf.capacity:
        if h in t:
            continue
        for v in sorted({VALUE_OF[x] for x in inside}):
            e = _reading(inf, h, v)
            if e is not None:
                out.append(e.text(inf.names, inf.style))
    return out


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _must_reasons(inf: Inference, h: int, c: int, musts: dict[int, list[int]]) -> list[str]:
    reasons: list[str] = []
    others = [g for g in inf.capacity if g != h]
    # Holders no reading keeps from c: the cards that fill their places (Hall's theorem). One
    # such set of holders often covers others too, which then need no reason of their own.
    covered: set[int] = set()
    for g in others:
        if g in covered or (g >= 0 and _reading(inf, g, VALUE_OF[c]) is not None):
            continue
        found = _tight(inf, g, c)
        if found is not None:
            covered.update(found[0])
        reasons.extend(_tight_reasons(inf, g, c))
    for g in others:
        e = _reading(inf, g, VALUE_OF[c]) if g >= 0 and g not in covered else None
        if e is not None:
            reasons.append(e.text(inf.names, inf.style))
    for s in range(inf.state.rules.players):
        if s in (h, inf.viewer) or s in inf.capacity:
            continue
        if inf.state.hand_size(s) == 0:
            reasons.append(f"{inf.names[s]} has no cards left (fact)")
        else:
            reasons.append(f"{inf.names[s]}'s cards are all known (fact)")
    if STOCK not in inf.capacity and inf.state.rules.deals_per_hand > 1 and h != STOCK:
        reasons.append("no cards are left to deal (fact)")
    if h != STOCK and len(inf.capacity) == 1:
        reasons.insert(0, f"{inf.names[h]} is the only player whose cards you have not seen (fact)")
    return _dedupe(reasons)


def _cannot_reasons(inf: Inference, h: int, c: int, musts: dict[int, list[int]]) -> list[str]:
    return _dedupe(_tight_reasons(inf, h, c))


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
            return (
                1.0
                if any(VALUE_OF[i] == sweep.value for i in indexes_of(state.hands[nxt]))
                else 0.0
            )
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


def sample_deals(
    state: GameState,
    viewer: int,
    n: int,
    rng: random.Random,
    use_inferences: bool = True,
) -> list[GameState]:
    """``n`` full-information copies of ``state`` as ``viewer`` might find it.

    Each copy is at the same point (same table, captured cards, scope, turn, last capturer,
    remaining deals); every card the viewer has not seen (other hands and future deals) is
    assigned, uniformly among the assignments consistent with the hard facts and, when
    ``use_inferences``, the behavioural exclusions. The copies have no unknown cards and an
    empty stack. Sampling is exact: cards are assigned group by group, each split drawn with
    probability proportional to the number of consistent completions.
    """
    return list(itertools.islice(iter_deals(state, viewer, rng, use_inferences), n))


def iter_deals(
    state: GameState,
    viewer: int,
    rng: random.Random,
    use_inferences: bool = True,
) -> Iterator[GameState]:
    """The deals of :func:`sample_deals`, drawn one at a time and without end.

    The k-th deal is the same as the k-th of ``sample_deals`` with the same generator, so a
    caller stopped by a time limit draws only the deals it uses.
    """
    view = viewer_state(state, viewer)
    model, _, _ = _model_for(view, use_inferences)  # now, so that bad input fails here

    def draw() -> Iterator[GameState]:
        while True:
            yield _complete(view, model, model.sample(rng), rng)

    return draw()
