"""Exact solver for full-information positions: the value of every legal move and the best line.

The value of a position is the points the side to move will score in this hand minus the points
of the other side, under best play by both, with every card known. It counts the scope already
made, the cards, denari, settebello and primiera that the captures so far and to come decide
(leftovers go to the last capturer, as the ruleset says), and the ruleset's bonuses.

The search is a fail-soft alpha-beta (negamax: the two sides alternate every play) with a
transposition table, driven by MTD(f) null-window re-searches, which suit the small integer range
of scores. See ``docs/solver.md`` for the method, the position key and the equivalent-card
reduction. Only two sides are supported: with three or more the hand is no longer zero-sum
between two parties, and :class:`SolverError` says so.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", [["7D", "4C"], ["3B", "6S"]])
>>> sol = solve(s)
>>> sol.exact, sol.value, [m.move.text() for m in sol.moves][:1]
(True, 5, ['7D x 2C 5S'])
>>> [m.text() for m in sol.pv]
['7D x 2C 5S', '6S', '4C', '3B']
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tutor.game.budget import entries_within
from tutor.game.captures import VALUE_OF, capture_table
from tutor.game.cards import (
    DENARI_MASK,
    FULL_DECK,
    RE_BELLO_BIT,
    SETTEBELLO_BIT,
    SUIT_MASK,
    Style,
    indexes_of,
)
from tutor.game.errors import TutorError
from tutor.game.i18n import _
from tutor.game.rules import PRIMIERA_POINTS_MAX, Ruleset, sides_in_words
from tutor.game.scoring import napola_points, primiera_table
from tutor.game.state import GameState, Move

__all__ = [
    "SolverError",
    "SearchLimit",
    "MoveValue",
    "Solution",
    "Solver",
    "solve",
    "solver_for",
    "solve_value",
    "random_position",
    "category_difference",
    "value_bound",
]

INF = 1000


LEAF_BYTES = 88
"""The bytes a leaf value takes in a solver's memo, its key and dict slot included (about 83 on
a scopone review, stop 60)."""
SUMMARY_BYTES = 224
"""The bytes a pile summary takes in a solver's memo (204 to 215, stop 60)."""
CAPS_BYTES = 720
"""The bytes a table's capture lists take in a solver's memo (about 712, stop 60)."""
LEAF_MEMO_LIMIT = entries_within(LEAF_BYTES)
"""Entries a solver's leaf memo keeps before it starts again (:data:`CACHE_BYTES`)."""
MEMO_LIMIT = entries_within(SUMMARY_BYTES)
"""Entries a solver's pile-summary memo keeps before it starts again: at a million (until stop
59) a review of twenty scopone files grew every process to 400 MB and more (scale audit, stop
59); the memos serve the solves of one position far more than those of the next hand."""
CAPS_MEMO_LIMIT = entries_within(CAPS_BYTES)
"""Entries the memo of capture lists keeps before it starts again (200,000 until stop 60, some
140 MB)."""


class SolverError(TutorError):
    """A position the exact solver cannot take: hidden cards, or more than two sides."""


class SearchLimit(Exception):
    """Raised inside the search when the node or time limit is reached (caught by the solver)."""


@dataclass(frozen=True)
class MoveValue:
    """One root move and its value for the side to move; ``low == high == value`` when exact."""

    move: Move
    value: int
    low: int
    high: int

    @property
    def exact(self) -> bool:
        """Whether the value is proven; a search stopped early knows only its bounds."""
        return self.low == self.high

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The move as text, its value and its bounds."""
        return {
            "move": self.move.text(style),
            "value": self.value,
            "low": self.low,
            "high": self.high,
        }


@dataclass
class Solution:
    """The solver's answer: every legal move with its value (best first) and the best line."""

    to_move: int
    """The seat to move."""
    side: int
    exact: bool
    moves: list[MoveValue]
    pv: list[Move]
    value: int
    low: int
    high: int
    nodes: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    elapsed: float = 0.0
    past_scope: int = 0
    """Scope difference already made (included in every value)."""
    interrupted: bool = False
    """Stopped by Ctrl-C: the values are the bounds proven until then."""
    stats: dict[str, float] = field(default_factory=dict)

    @property
    def best(self) -> Move | None:
        """The best move (the first), or None when there is no move to make."""
        return self.moves[0].move if self.moves else None

    @property
    def nodes_per_second(self) -> float:
        """Nodes searched per second (0 when no time was measured)."""
        return self.nodes / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def tt_hit_rate(self) -> float:
        """The share of transposition-table probes that found the position (0 with no
        probe)."""
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The seat to move, whether the values are exact, every move's value, the best move
        and line, the value and the nodes searched."""
        return {
            "to_move": self.to_move,
            "exact": self.exact,
            "moves": [m.to_json(style) for m in self.moves],
            "best": self.best.text(style) if self.best is not None else None,
            "pv": [m.text(style) for m in self.pv],
            "value": self.value,
            "nodes": self.nodes,
        }


def _prim_table(rules: Ruleset) -> list[int]:
    """Best primiera points of every 10-bit suit pattern (-1: no card of the suit)."""
    return [points if value else -1 for points, value in primiera_table(rules)]


def _napola_table() -> list[int]:
    """Napola points of every 10-bit pattern of denari."""
    return [napola_points(pattern) for pattern in range(1024)]


_NAPOLA = _napola_table()


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


def category_difference(rules: Ruleset, cap0: int, cap1: int) -> int:
    """Category points (cards, denari, settebello, primiera, bonuses) of side 0 minus side 1.

    Scope are not included. Agrees with :func:`tutor.game.scoring.score_captures`.
    """
    return _Evaluator(rules).diff(cap0, cap1)


class _Evaluator:
    """Fast category scoring of two piles, with the per-ruleset tables it needs."""

    def __init__(self, rules: Ruleset) -> None:
        self.prim = _prim_table(rules)
        self.loses = rules.primiera_missing_suit == "loses"
        self.re_bello = rules.re_bello
        self.napola = rules.napola

    def diff(self, cap0: int, cap1: int) -> int:
        d = _sign(cap0.bit_count(), cap1.bit_count())
        den0 = cap0 & DENARI_MASK
        den1 = cap1 & DENARI_MASK
        d += _sign(den0.bit_count(), den1.bit_count())
        if den0 & SETTEBELLO_BIT:
            d += 1
        elif den1 & SETTEBELLO_BIT:
            d -= 1
        prim = self.prim
        p0 = p1 = 0
        full0 = full1 = True
        for shift in (0, 10, 20, 30):
            a = prim[(cap0 >> shift) & SUIT_MASK]
            b = prim[(cap1 >> shift) & SUIT_MASK]
            if a < 0:
                full0 = False
            else:
                p0 += a
            if b < 0:
                full1 = False
            else:
                p1 += b
        if self.loses:
            if full0 and full1:
                d += _sign(p0, p1)
            elif full0:
                d += 1
            elif full1:
                d -= 1
        else:
            d += _sign(p0, p1)
        if self.re_bello:
            if den0 & RE_BELLO_BIT:
                d += 1
            elif den1 & RE_BELLO_BIT:
                d -= 1
        if self.napola:
            d += _NAPOLA[den0] - _NAPOLA[den1]
        return d


def value_bound(state: GameState) -> int:
    """A bound on the absolute value of the rest of the hand (future scope plus categories)."""
    rules = state.rules
    return state.plays_left() + 4 + (1 if rules.re_bello else 0) + (10 if rules.napola else 0)


class Solver:
    """Exact alpha-beta solver for one ruleset; :meth:`solve` takes full-information states.

    A solver keeps its scoring and summary memos between solves of the same ruleset; the
    transposition table is fresh for every solve (it is keyed on the hand's cards).
    """

    def __init__(
        self,
        rules: Ruleset,
        *,
        reduce_equivalent: bool = True,
        tt_limit: int = 3_000_000,
    ) -> None:
        if rules.sides != 2:
            raise SolverError(
                _(
                    "the exact solver handles two sides only; ruleset {name!r} has {sides}, "
                    "where the hand is not a contest between two parties"
                ).format(name=rules.name, sides=sides_in_words(rules))
            )
        self.rules = rules
        self.reduce_equivalent = reduce_equivalent
        self.tt_limit = tt_limit
        self._eval = _Evaluator(rules)
        self._keep = SETTEBELLO_BIT | (RE_BELLO_BIT if rules.re_bello else 0)
        self._below = self._below_table()
        if max(rules.primiera_values.values()) > PRIMIERA_POINTS_MAX:
            raise SolverError(_("primiera values this large are not supported by the solver"))
        self._leaf: dict[int, int] = {}
        self._summ: dict[int, tuple[int, int]] = {}
        self._caps: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.nodes = 0
        self.tt_probes = 0
        self.tt_hits = 0

    # -- summary of the piles: what the rest of the hand's scoring can still depend on ------

    def _summary(self, cap0: int, cap1: int) -> tuple[int, int]:
        """The part of the two piles that future scoring depends on, and the mask of cards whose
        suit no category can notice any more (equal values among them are interchangeable)."""
        rules = self.rules
        prim = self._eval.prim
        n0, n1 = cap0.bit_count(), cap1.bit_count()
        if n0 > 20:
            n0, n1 = 21, 0
        elif n1 > 20:
            n0, n1 = 0, 21
        den0 = cap0 & DENARI_MASK
        den1 = cap1 & DENARI_MASK
        d0, d1 = den0.bit_count(), den1.bit_count()
        den_decided = d0 > 5 or d1 > 5
        if rules.napola:
            den_key = den0 | den1 << 10
        else:
            keep = self._keep
            if den_decided:
                d0, d1 = (6, 0) if d0 > 5 else (0, 6)
            den_key = (den0 & keep) | (den1 & keep) << 10 | d0 << 20 | d1 << 24
        summ = n0 | n1 << 6 | den_key << 12
        shift = 40
        irr = 0
        below = self._below
        for suit in range(4):
            b0 = prim[(cap0 >> (10 * suit)) & SUIT_MASK]
            b1 = prim[(cap1 >> (10 * suit)) & SUIT_MASK]
            # primiera points fit in 16 bits in any sane ruleset; a wider field is not needed
            summ |= (b0 + 1) << shift | (b1 + 1) << (shift + 16)
            shift += 32
            if suit == 0:
                if rules.napola or not den_decided:
                    continue
                irr |= below(min(b0, b1)) & ~self._keep
            else:
                irr |= below(min(b0, b1)) << (10 * suit)
        if not self.reduce_equivalent:
            irr = 0
        return summ, irr

    def _below_table(self) -> Callable[[int], int]:
        """A function: threshold -> 10-bit pattern of the values whose primiera points are at
        most the threshold (no card when the threshold is negative: a side lacks the suit)."""
        values = self.rules.primiera_values
        memo: dict[int, int] = {}

        def below(low: int) -> int:
            hit = memo.get(low)
            if hit is None:
                hit = 0
                if low >= 0:
                    for v in range(1, 11):
                        if values[v] <= low:
                            hit |= 1 << (v - 1)
                memo[low] = hit
            return hit

        return below

    # -- public --------------------------------------------------------------------------

    def check(self, state: GameState) -> None:
        """Raise :class:`SolverError` unless every card of the position is known."""
        if state.rules.sides != 2:
            raise SolverError(_("the exact solver handles two sides only"))
        if state.has_hidden_cards():
            raise SolverError(
                _(
                    "the exact solver needs every hand: this position has unknown cards "
                    "(sample deals from the mover's seat for a hidden-information position)"
                )
            )
        if state.is_over():  # no move to value (API audit, stop 55: it gave the scope alone)
            raise SolverError(_("the hand is over: there is no move to solve"))
        if state.rules is not self.rules and state.rules != self.rules:
            raise SolverError("the state's ruleset differs from the solver's")

    def solve(
        self,
        state: GameState,
        *,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        pv: bool = True,
        moves: list[Move] | None = None,
        keep_on_interrupt: bool = False,
    ) -> Solution:
        """Exact values of every legal move (or of ``moves``), best first, and the best line.

        With a limit the answer may be inexact: each move then carries the bounds proven so far
        and ``exact`` is False. Ctrl-C (KeyboardInterrupt) reaches the caller, unless
        ``keep_on_interrupt``: then it ends the search like a limit and the solution is marked
        ``interrupted``. Only a caller that shows the result to the user should ask for that;
        a player or a sampler inside a longer run must let the interrupt stop the whole run.
        """
        self._ready(state)
        run = _Run(self, state, time_limit, max_nodes)
        run.keep_on_interrupt = keep_on_interrupt
        return run.run(pv, moves)

    def value(self, state: GameState) -> int:
        """The exact value of ``state`` for the side to move (scope already won included), as
        :meth:`solve` gives it, from one search of the root rather than one of every root move:
        what a play-out's last plays need (about twice as fast)."""
        self._ready(state)
        return _Run(self, state, None, None).run_value()

    def line(self, state: GameState) -> list[Move]:
        """A line of best play for both sides to the end, as :meth:`solve`'s ``pv``, found from
        the root's value alone rather than every root move's."""
        self._ready(state)
        run = _Run(self, state, None, None)
        root = run.root_node()
        b = run.bound
        return run._pv(root, run._mtdf(root, 0, [-b, b]))

    def _ready(self, state: GameState) -> None:
        """Check ``state`` and keep the memos shared between solves within bounds."""
        self.check(state)
        if len(self._leaf) > LEAF_MEMO_LIMIT:
            self._leaf.clear()
        if len(self._summ) > MEMO_LIMIT:
            self._summ.clear()
        if len(self._caps) > CAPS_MEMO_LIMIT:
            self._caps.clear()


class _Run:
    """One solve: the search closure, its transposition table and counters."""

    def __init__(
        self,
        solver: Solver,
        state: GameState,
        time_limit: float | None,
        max_nodes: int | None,
    ) -> None:
        self.solver = solver
        self.state = state
        rules = state.rules
        self.players = rules.players
        self.time_limit = time_limit
        self.max_nodes = max_nodes
        self.start = time.perf_counter()
        self.interrupted = False
        self.keep_on_interrupt = False
        self.deadline = None if time_limit is None else self.start + time_limit
        self.bound = value_bound(state)
        future = state.deals[state.deal_index :]
        self.deal_h = [self._pack([k for k, _ in d]) for d in future]
        self.deal_n = [sum(k.bit_count() for k, _ in d) for d in future]
        self.tt: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
        self.search = self._build()

    def _pack(self, hands: list[int]) -> int:
        h = 0
        for seat, m in enumerate(hands):
            h |= m << (40 * seat)
        return h

    def _build(self) -> Callable[..., int]:
        solver = self.solver
        rules = self.state.rules
        players = rules.players
        forced = rules.forced_capture
        lps = rules.last_play_scopa
        leftovers = rules.leftovers_to_last_capturer
        prec = rules.capture_precedence
        deal_h, deal_n = self.deal_h, self.deal_n
        ndeals = len(deal_h)
        tt = self.tt
        tt_get = tt.get
        leaf = solver._leaf
        leaf_get = leaf.get
        ev = solver._eval.diff
        summ_get = solver._summ.get
        summary = solver._summary
        summ_memo = solver._summ
        caps_memo = solver._caps
        caps_get = caps_memo.get
        value_of = VALUE_OF
        denari = DENARI_MASK
        full = FULL_DECK
        run = self
        tt_limit = solver.tt_limit
        counters = [0, 0, 0]  # nodes, probes, hits
        self.counters = counters
        check_every = 1023

        def limit() -> None:
            if run.max_nodes is not None and counters[0] >= run.max_nodes:
                raise SearchLimit
            if run.deadline is not None and time.perf_counter() > run.deadline:
                raise SearchLimit

        def last_card(hh: int, table: int, cap0: int, cap1: int, lc: int, turn: int) -> int:
            """The value of the last play of the hand for the side to move: its one card,
            played every legal way, then the hand scored (the general search, unrolled)."""
            counters[0] += 1
            side = turn & 1
            low = (hh >> (40 * turn)) & full
            i = low.bit_length() - 1
            caps = caps_get(table)
            if caps is None:
                caps = capture_table(table, prec)
                caps_memo[table] = caps
            opts = caps[value_of[i]]
            if not opts:
                opts = (0,)
            elif not forced:
                opts = (*opts, 0)
            best = -INF
            for m in opts:
                if m:
                    t2 = table ^ m
                    got = m | low
                    if side:
                        c0 = cap0
                        c1 = cap1 | got
                    else:
                        c0 = cap0 | got
                        c1 = cap1
                    lc2 = side
                    s = 1 if not t2 and lps else 0
                else:
                    t2 = table | low
                    c0 = cap0
                    c1 = cap1
                    lc2 = lc
                    s = 0
                if t2 and leftovers and lc2 >= 0:
                    if lc2:
                        c1 |= t2
                    else:
                        c0 |= t2
                lk = c0 << 40 | c1
                d = leaf_get(lk)
                if d is None:
                    d = ev(c0, c1)
                    leaf[lk] = d
                v = s + (-d if side else d)
                if v > best:
                    best = v
            return best

        def search(
            hh: int,
            table: int,
            cap0: int,
            cap1: int,
            lc: int,
            turn: int,
            n: int,
            di: int,
            alpha: int,
            beta: int,
        ) -> int:
            counters[0] += 1
            if not counters[0] & check_every:
                limit()
            sk = cap0 << 40 | cap1
            se = summ_get(sk)
            if se is None:
                se = summary(cap0, cap1)
                summ_memo[sk] = se
            summ, irr = se
            key = (hh, table, summ, lc << 3 | turn)
            counters[1] += 1
            ent = tt_get(key)
            tt_card = -1
            tt_cap = 0
            if ent is not None:
                counters[2] += 1
                lo, hi, bm = ent
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                if bm >= 0:
                    tt_card = bm & 63
                    tt_cap = bm >> 6
            a0 = alpha
            side = turn & 1
            sh = 40 * turn
            h = (hh >> sh) & full
            caps = caps_get(table)
            if caps is None:
                caps = capture_table(table, prec)
                caps_memo[table] = caps
            # generate moves with an ordering score
            moves: list[tuple[int, int, int]] = []
            seen_vals = 0
            tirr = table & irr
            while h:
                low = h & -h
                i = low.bit_length() - 1
                h ^= low
                v = value_of[i]
                if low & irr:
                    if seen_vals >> v & 1:
                        continue  # an interchangeable twin is already in the list
                    seen_vals |= 1 << v
                opts = caps[v]
                if opts:
                    if tirr and len(opts) > 1:
                        opts = _dedupe(opts, tirr)
                    for m in opts:
                        score = m.bit_count() * 4
                        if m == table:
                            score += 100
                        if (m | low) & denari:
                            score += 2 + ((m | low) & SETTEBELLO_BIT) // 8
                        if i == tt_card and m == tt_cap:
                            score += 1000
                        moves.append((score, i, m))
                    if not forced:
                        moves.append((1000 if i == tt_card and not tt_cap else -v, i, 0))
                else:
                    moves.append((1000 if i == tt_card else -v - (low & denari > 0) * 20, i, 0))
            if len(moves) > 1:
                moves.sort(reverse=True)
            best = -INF
            bm = -1
            n2 = n - 1
            turn2 = turn + 1
            if turn2 == players:
                turn2 = 0
            for _score, i, m in moves:
                bit = 1 << i
                hh2 = hh ^ (bit << sh)
                if m:
                    t2 = table ^ m
                    got = m | bit
                    if side:
                        c0 = cap0
                        c1 = cap1 | got
                    else:
                        c0 = cap0 | got
                        c1 = cap1
                    lc2 = side
                    if t2:
                        s = 0
                    elif n2 or di < ndeals or lps:
                        s = 1
                    else:
                        s = 0
                else:
                    t2 = table | bit
                    c0 = cap0
                    c1 = cap1
                    lc2 = lc
                    s = 0
                if n2 == 1 and di >= ndeals:
                    v = s - last_card(hh2, t2, c0, c1, lc2, turn2)
                elif n2:
                    v = s - search(hh2, t2, c0, c1, lc2, turn2, n2, di, s - beta, s - alpha)
                elif di < ndeals:
                    v = s - search(
                        deal_h[di], t2, c0, c1, lc2, turn2, deal_n[di], di + 1, s - beta, s - alpha
                    )
                else:
                    if t2 and leftovers and lc2 >= 0:
                        if lc2:
                            c1 |= t2
                        else:
                            c0 |= t2
                    lk = c0 << 40 | c1
                    d = leaf_get(lk)
                    if d is None:
                        d = ev(c0, c1)
                        leaf[lk] = d
                    v = s + (-d if side else d)
                if v > best:
                    best = v
                    bm = i | m << 6
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            if best <= a0:
                lo_, hi_ = ent[0] if ent is not None else -INF, best
            elif best >= beta:
                lo_, hi_ = best, ent[1] if ent is not None else INF
            else:
                lo_ = hi_ = best
            if len(tt) >= tt_limit:
                tt.clear()
            tt[key] = (lo_, hi_, bm)
            return best

        return search

    # -- root ----------------------------------------------------------------------------

    def root_node(self) -> tuple[int, ...]:
        st = self.state
        lc = -1 if st.last_capturer < 0 else st.last_capturer & 1
        c0, c1 = st.captured
        return (self._pack(st.hands), st.table, c0, c1, lc, st.turn, st.in_hands, 0)

    def expand(self, node: tuple[int, ...]) -> list[tuple[Move, int, tuple[int, ...] | None, int]]:
        """Each legal move of an internal node: (move, scopa point, child node or None at the
        end of the hand, value for the mover when the hand ends with this move)."""
        rules = self.state.rules
        hh, table, cap0, cap1, lc, turn, n, di = node
        side = turn & 1
        ndeals = len(self.deal_h)
        turn2 = (turn + 1) % rules.players
        hand = (hh >> (40 * turn)) & FULL_DECK
        caps = capture_table(table, rules.capture_precedence)
        out: list[tuple[Move, int, tuple[int, ...] | None, int]] = []
        for i in indexes_of(hand):
            opts = list(caps[VALUE_OF[i]])
            if not opts or not rules.forced_capture:
                opts.append(0)
            bit = 1 << i
            hh2 = hh ^ (bit << (40 * turn))
            n2 = n - 1
            for m in opts:
                if m:
                    t2 = table ^ m
                    got = m | bit
                    c0, c1 = (cap0, cap1 | got) if side else (cap0 | got, cap1)
                    lc2 = side
                    s = 1 if not t2 and (n2 or di < ndeals or rules.last_play_scopa) else 0
                else:
                    t2 = table | bit
                    c0, c1, lc2, s = cap0, cap1, lc, 0
                if n2:
                    out.append((Move(i, m), s, (hh2, t2, c0, c1, lc2, turn2, n2, di), 0))
                elif di < ndeals:
                    child = (self.deal_h[di], t2, c0, c1, lc2, turn2, self.deal_n[di], di + 1)
                    out.append((Move(i, m), s, child, 0))
                else:
                    if t2 and rules.leftovers_to_last_capturer and lc2 >= 0:
                        if lc2:
                            c1 |= t2
                        else:
                            c0 |= t2
                    d = self.solver._eval.diff(c0, c1)
                    out.append((Move(i, m), s, None, s + (-d if side else d)))
        return out

    def _mtdf(self, node: tuple[int, ...], guess: int, bounds: list[int]) -> int:
        """Exact value of a node by MTD(f); ``bounds`` [lo, hi] is narrowed as it is proven."""
        g = guess
        search = self.search
        while bounds[0] < bounds[1]:
            beta = g + 1 if g == bounds[0] else g
            beta = min(max(beta, bounds[0] + 1), bounds[1])
            g = search(*node, beta - 1, beta)
            if g < beta:
                bounds[1] = min(bounds[1], g)
            else:
                bounds[0] = max(bounds[0], g)
        return bounds[0]

    def run_value(self) -> int:
        """The root's value for the side to move, scope already won included."""
        st = self.state
        side = st.turn & 1
        past = st.scope[side] - st.scope[1 - side]
        b = self.bound
        return self._mtdf(self.root_node(), 0, [-b, b]) + past

    def run(self, want_pv: bool, only: list[Move] | None) -> Solution:
        st = self.state
        side = st.turn & 1
        past = st.scope[side] - st.scope[1 - side]
        root = self.root_node()
        children = self.expand(root)
        if only is not None:
            wanted = set(only)
            children = [c for c in children if c[0] in wanted]
        # equivalent root moves have provably equal values: solve one of each group
        _summ, irr = self.solver._summary(st.captured[0], st.captured[1])
        groups: dict[tuple[int, int, int], list[int]] = {}
        for k, child in enumerate(children):
            groups.setdefault(_signature(child[0], irr), []).append(k)
        reps = [ks[0] for ks in groups.values()]
        # scope and big captures first, so that the first exact value is a good guess
        reps.sort(key=lambda k: (-children[k][1], -children[k][0].capture.bit_count()))
        b = self.bound
        results: dict[int, tuple[int, int]] = {}
        exact = True
        guess: int | None = None
        for k in reps:
            mv, s, node, leafv = children[k]
            if node is None:
                results[k] = (leafv, leafv)
                continue
            bounds = [-b, b]
            try:
                self._mtdf(node, 0 if guess is None else s - guess, bounds)
            except SearchLimit:
                exact = False
            except KeyboardInterrupt:
                if not self.keep_on_interrupt:
                    raise
                exact = False
                self.interrupted = True
            results[k] = (s - bounds[1], s - bounds[0])
            if bounds[0] == bounds[1]:
                v = s - bounds[0]
                guess = v if guess is None else max(guess, v)
            if not exact:
                break
        for k in reps:
            if k not in results:
                s = children[k][1]
                results[k] = (s - b, s + b)
        vals: list[MoveValue] = []
        for ks in groups.values():
            lo, hi = results[ks[0]]
            est = lo if lo == hi else (lo + hi) // 2
            for k in ks:
                vals.append(MoveValue(children[k][0], est + past, lo + past, hi + past))
        vals.sort(key=lambda mv: (-mv.value, -mv.high, -mv.low))
        pv: list[Move] = []
        exact = exact and all(v.exact for v in vals)
        if vals:
            pv = [vals[0].move]
            if want_pv and exact:
                try:
                    pv = self._pv(root, vals[0].value - past)
                except SearchLimit:
                    pass
                except KeyboardInterrupt:  # the values are exact; keep them, short line
                    if not self.keep_on_interrupt:
                        raise
                    self.interrupted = True
        c = self.counters
        return Solution(
            to_move=st.turn,
            side=side,
            exact=exact,
            moves=vals,
            pv=pv,
            value=vals[0].value if vals else past,
            low=max((v.low for v in vals), default=past),
            high=max((v.high for v in vals), default=past),
            nodes=c[0],
            tt_probes=c[1],
            tt_hits=c[2],
            elapsed=time.perf_counter() - self.start,
            past_scope=past,
            interrupted=self.interrupted,
        )

    def _pv(self, node: tuple[int, ...] | None, value: int) -> list[Move]:
        """The principal variation: from each node, the first move that keeps the exact value."""
        pv: list[Move] = []
        need = value
        while node is not None:
            found = None
            for mv, s, child, leafv in self.expand(node):
                if child is None:
                    ok = leafv >= need
                else:
                    t = s - need  # the move keeps the value iff the child's value <= t
                    ok = self.search(*child, t, t + 1) <= t
                if ok:
                    found = (mv, s, child)
                    break
            if found is None:  # only when values are not exact
                break
            mv, s, node = found
            pv.append(mv)
            need = s - need
        return pv


def _signature(mv: Move, irr: int) -> tuple[int, int, int]:
    """A move's identity up to interchangeable cards (those in ``irr``)."""
    card, cap = mv
    if (1 << card) & irr:
        csig = 100 + VALUE_OF[card]
    else:
        csig = card
    return csig, cap & ~irr, _value_multiset(cap & irr)


def _value_multiset(mask: int) -> int:
    sig = 0
    while mask:
        low = mask & -mask
        sig += 1 << (4 * VALUE_OF[low.bit_length() - 1])
        mask ^= low
    return sig


def _dedupe(opts: tuple[int, ...], tirr: int) -> tuple[int, ...]:
    """Drop captures that differ from an earlier one only by interchangeable table cards."""
    seen = set()
    out = []
    for m in opts:
        sig = (m & ~tirr, _value_multiset(m & tirr))
        if sig not in seen:
            seen.add(sig)
            out.append(m)
    return tuple(out)


_SOLVERS: dict[Ruleset, Solver] = {}


def solver_for(rules: Ruleset) -> Solver:
    """A shared solver for ``rules`` (its scoring memos are reused between solves).

    Keyed by the ruleset's value (rulesets are immutable and hashable), since worker processes
    receive fresh copies of it.
    """
    solver = _SOLVERS.get(rules)
    if solver is None:
        if len(_SOLVERS) >= 8:
            _SOLVERS.clear()
        solver = _SOLVERS[rules] = Solver(rules)
    return solver


def random_position(
    rules: Ruleset,
    rng: random.Random,
    cards_left: int,
    table: int | None = None,
) -> GameState:
    """A full-information position of the last deal with ``cards_left`` cards in each hand.

    A random deal is played at random up to that point; with ``table`` the deal is redrawn
    until exactly that many cards lie on the table then. The copy has no undo stack.
    """
    if not 1 <= cards_left <= rules.hand_size:
        raise SolverError(f"cards_left must be 1-{rules.hand_size}, not {cards_left}")
    for _i in range(100_000):
        st = GameState.random(rules, rng)
        while st.in_hands > cards_left * rules.players or st.deal_index < len(st.deals):
            moves = st.legal_moves()
            st.push(moves[rng.randrange(len(moves))])
        if table is None or st.table.bit_count() == table:
            return st.copy()
    raise SolverError(f"no position with {table} table cards found")


def solve(
    state: GameState,
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    pv: bool = True,
) -> Solution:
    """Solve a full-information position: every legal move's value, best first, and the PV."""
    return solver_for(state.rules).solve(state, time_limit=time_limit, max_nodes=max_nodes, pv=pv)


def solve_value(state: GameState) -> int:
    """The exact value of a full-information position for the side to move."""
    return solve(state, pv=False).value
