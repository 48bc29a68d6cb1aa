"""Deal weights: evidence about the hidden hands as a likelihood over the deals of the unseen cards.

A reading of behaviour does not rule a deal out; it makes it less likely. Each piece of evidence
is a :class:`Term`: a factor ``some`` when a seat holds at least one card of some values, and
``none`` when it holds none. A player who passed up a sweep with a 9, and who passes up a sweep
they could make one time in thirty, gives ``Term(seat, (9,), some=1/30, none=1)``: a deal that
gives them a 9 keeps a thirtieth of the weight of one that does not. The weight of a deal is the
product of its terms' factors (:meth:`Evidence.weight`); the deals themselves are all the ways
to give the unseen cards to their holders that fit the facts (the cards seen and the hand sizes).

:class:`WeightedModel` counts the weighted deals exactly and draws them exactly in proportion to
their weights. Cards of one value are interchangeable, so it works value by value: a dynamic
programme whose state is the room each holder has left (and, for a term over several values,
whether its seat has had one of them yet); the values no term mentions are dealt together, last,
by a multinomial. The answer is the same as summing over every deal with its weight (the tests
check it by brute force), at a cost that grows with the values the evidence mentions, not with
the deals.

A model of play that does not factor into such terms (issue 14's softmax over a player's moves)
adds a :meth:`Evidence.residual` weight of at most 1: the sampler then draws from the factored
part and keeps each deal with the probability the residual gives (rejection sampling, still
reproducible by seed); the exact counts cover the factored part only.

>>> from tutor.game.cards import mask_of, parse_cards
>>> pool = mask_of(parse_cards("3D 3C 9D"))
>>> ev = Evidence((Term(1, (9,), some=0.0, none=1.0),))  # seat 1 holds no 9: a certainty
>>> m = WeightedModel([0, 1], [2, 1], pool, ev)
>>> m.total(), m.probability(0, parse_cards("9D")[0].index), m.probability(1, 2)
(2.0, 1.0, 0.5)
>>> soft = WeightedModel([0, 1], [2, 1], pool, Evidence((Term(1, (9,), 0.25, 1.0),)))
>>> soft.total(), soft.probability(1, parse_cards("9D")[0].index)  # (2 + 0.25), 0.25 / 2.25
(2.25, 0.1111111111111111)
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb, factorial

from tutor.counting.tracker import CountingError
from tutor.game.captures import VALUE_OF
from tutor.game.cards import VALUE_MASKS, indexes_of
from tutor.game.i18n import _

__all__ = ["Term", "Evidence", "WeightedModel"]


@dataclass(frozen=True)
class Term:
    """One factor of a deal's weight: ``some`` when ``seat`` holds at least one card of
    ``values`` (among its hidden cards), ``none`` when it holds none; or, for a single value,
    ``by_count[n]`` when it holds ``n`` cards of it (the last entry for more)."""

    seat: int
    values: tuple[int, ...]
    some: float = 1.0
    none: float = 1.0
    by_count: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if self.by_count is not None and (len(self.values) != 1 or not self.by_count):
            raise ValueError("a factor by count is for a single value")

    @property
    def mask(self) -> int:
        """Every card of the term's values, as a mask."""
        m = 0
        for v in self.values:
            m |= VALUE_MASKS[v]
        return m

    def factor(self, hand: int) -> float:
        """The factor for a seat whose hidden cards are ``hand``."""
        held = (hand & self.mask).bit_count()
        if self.by_count is not None:
            return self.by_count[min(held, len(self.by_count) - 1)]
        return self.some if held else self.none

    def table(self) -> tuple[float, ...]:
        """The factor for 0, 1, ... 4 cards of a single value."""
        if self.by_count is not None:
            return tuple(self.by_count[min(n, len(self.by_count) - 1)] for n in range(5))
        return (self.none, *(self.some,) * 4)


@dataclass(frozen=True)
class Evidence:
    """What the plays seen say about the hidden hands: a weight on every deal."""

    terms: tuple[Term, ...] = ()

    def weight(self, hands: Mapping[int, int]) -> float:
        """The weight of a deal: ``hands`` maps each seat to its hidden cards.

        The exact counts and the sampler give the same answer as weighing every deal with this.
        """
        w = 1.0
        for t in self.terms:
            w *= t.factor(hands.get(t.seat, 0))
        return w * self.residual(hands)

    def residual(self, hands: Mapping[int, int]) -> float:
        """The part of the weight that does not factor into terms, at most 1 (none here)."""
        return 1.0


_Spread = tuple[tuple[int, ...], float, tuple[int, ...]]
"""(cards per holder, number of ways = the multinomial, the room left after)."""


@cache
def _spreads(n: int, room: tuple[int, ...]) -> tuple[_Spread, ...]:
    """Every way to spread ``n`` interchangeable cards over holders with ``room`` places."""
    out: list[_Spread] = []
    k = [0] * len(room)
    fn = factorial(n)

    def rec(j: int, left: int, denom: int) -> None:
        if j == len(room) - 1:
            if left <= room[j]:
                k[j] = left
                spread = tuple(k)
                left_after = tuple(r - x for r, x in zip(room, spread, strict=True))
                out.append((spread, float(fn // (denom * factorial(left))), left_after))
                k[j] = 0
            return
        rest = sum(room[j + 1 :])
        for x in range(max(0, left - rest), min(left, room[j]) + 1):
            k[j] = x
            rec(j + 1, left - x, denom * factorial(x))
        k[j] = 0

    if room:
        rec(0, n, 1)
    elif n == 0:
        out.append(((), 1.0, ()))
    return tuple(out)


def _multinomial(room: tuple[int, ...]) -> int:
    out, left = 1, sum(room)
    for r in room:
        out *= comb(left, r)
        left -= r
    return out


@dataclass
class _Layer:
    """The cards of one value that some term mentions, dealt in one step of the programme."""

    value: int
    cards: tuple[int, ...]
    tables: tuple[tuple[float, ...], ...] | None
    """Per holder, the factor of the single-value terms by the number of cards it gets."""
    opens: tuple[tuple[int, int], ...]
    """(flag bit, holder) of the terms over several values that this value belongs to."""
    closes: tuple[tuple[int, float, float], ...]
    """(flag bit, some, none) of the terms over several values whose last value this is."""


_State = tuple[tuple[int, ...], int]
"""(room left per holder, flags of the open terms over several values)."""
_Move = tuple[tuple[int, ...], float, _State, int]
"""(cards per holder, weight, the state after, the terms closed with their holder holding
none of their values (flag bits))."""


class WeightedModel:
    """The deals of the unseen ``pool`` over ``holders`` (with ``caps`` places each), weighted
    by ``evidence``: exact weighted counts, probabilities and sampling."""

    def __init__(
        self, holders: Sequence[int], caps: Sequence[int], pool: int, evidence: Evidence
    ) -> None:
        self.holders = list(holders)
        self.caps = tuple(caps)
        self.pool = pool
        self.evidence = evidence
        if sum(self.caps) != pool.bit_count():
            raise CountingError(
                _("the unseen cards ({cards}) do not fit the holders' {places} places").format(
                    cards=pool.bit_count(), places=sum(self.caps)
                )
            )
        pos = {h: j for j, h in enumerate(self.holders)}
        nh = len(self.holders)
        # Terms on the same holder and values multiply; a term on no hidden card is a constant.
        single: dict[int, list[list[float]]] = {}
        multi_terms: dict[tuple[int, tuple[int, ...]], tuple[float, float]] = {}
        self.constant = 1.0
        """The factors of the terms about no hidden card: their seat surely holds none."""
        for t in evidence.terms:
            j = pos.get(t.seat)
            values = tuple(sorted({v for v in t.values if pool & VALUE_MASKS[v]}))
            if j is None or not values or not self.caps[j]:
                self.constant *= t.table()[0] if len(t.values) == 1 else t.none
                continue
            if len(values) == 1:
                tables = single.setdefault(values[0], [[1.0] * 5 for _ in range(nh)])
                tables[j] = [a * b for a, b in zip(tables[j], t.table(), strict=True)]
            else:
                some, none = multi_terms.get((j, values), (1.0, 1.0))
                multi_terms[(j, values)] = (some * t.some, none * t.none)
        multi = [(j, vs, some, none) for (j, vs), (some, none) in multi_terms.items()]
        self._multi = [(j, vs) for j, vs, _, _ in multi]
        """By flag bit: the holder and values of each term over several values."""
        mentioned = sorted(set(single) | {v for _, vs, _, _ in multi for v in vs})
        self.layers: list[_Layer] = []
        for v in mentioned:
            by_holder = single.get(v)
            self.layers.append(
                _Layer(
                    v,
                    tuple(indexes_of(pool & VALUE_MASKS[v])),
                    None if by_holder is None else tuple(tuple(t) for t in by_holder),
                    tuple((1 << b, j) for b, (j, vs, _, _) in enumerate(multi) if v in vs),
                    tuple(
                        (1 << b, some, none)
                        for b, (_, vs, some, none) in enumerate(multi)
                        if vs[-1] == v
                    ),
                )
            )
        plain = pool
        for v in mentioned:
            plain &= ~VALUE_MASKS[v]
        self.plain = tuple(indexes_of(plain))
        """The cards of the values no term mentions: interchangeable, dealt last."""
        self.layer_of = {c: li for li, layer in enumerate(self.layers) for c in layer.cards}
        self._forward: list[dict[_State, float]] | None = None
        self._back: list[dict[_State, float]] = []
        self._moves: list[dict[_State, list[_Move]]] = []
        self._means: dict[int, list[float]] | None = None
        self._none: dict[tuple[int, int], float] = {}
        self._some: dict[tuple[int, int], float] = {}  # summed apart: 1 - none loses a tiny one
        self._none_sets: dict[tuple[int, tuple[int, ...]], float] = {}
        self._cum: dict[tuple[int, _State], list[float]] = {}

    # -- the programme ----------------------------------------------------------------------

    def _run(self) -> None:
        """Forward over the layers (reachable states and their weights), then backward (the
        weight of every completion of a state)."""
        if self._forward is not None:
            return
        start: _State = (self.caps, 0)
        forward: list[dict[_State, float]] = [{start: 1.0}]
        moves: list[dict[_State, list[_Move]]] = []
        for layer in self.layers:
            nxt: dict[_State, float] = {}
            here: dict[_State, list[_Move]] = {}
            n = len(layer.cards)
            tables = layer.tables
            factor_of: dict[tuple[int, ...], float] = {}  # the single-value terms' factor by k
            for state, f in forward[-1].items():
                room, flags = state
                out = []
                for k, ways, left in _spreads(n, room):
                    w = factor_of.get(k)
                    if w is None:
                        w = 1.0
                        if tables is not None:
                            for j, x in enumerate(k):
                                w *= tables[j][x]
                        factor_of[k] = w
                    w *= ways
                    fl = flags
                    for bit, j in layer.opens:
                        if k[j]:
                            fl |= bit
                    unset = 0
                    for bit, some, none in layer.closes:
                        if fl & bit:
                            w *= some
                        else:
                            w *= none
                            unset |= bit
                        fl &= ~bit
                    if not w:
                        continue
                    after = (left, fl)
                    out.append((k, w, after, unset))
                    nxt[after] = nxt.get(after, 0.0) + f * w
                here[state] = out
            moves.append(here)
            forward.append(nxt)
        back: list[dict[_State, float]] = [{} for _ in forward]
        back[-1] = {s: float(_multinomial(s[0])) for s in forward[-1]}
        for li in range(len(self.layers) - 1, -1, -1):
            later = back[li + 1]
            back[li] = {
                state: sum(w * later[after] for _, w, after, _ in out)
                for state, out in moves[li].items()
            }
        self._forward, self._back, self._moves = forward, back, moves

    def deals(self) -> int:
        """How many deals fit the facts (each weighing 1 when no evidence is given)."""
        return _multinomial(self.caps)

    def total(self) -> float:
        """The summed weight of every deal that fits the facts."""
        self._run()
        return self.constant * self._back[0][(self.caps, 0)]

    def _accumulate(self) -> None:
        """Expected cards per layer and holder, and P(holder gets none of a value)."""
        if self._means is not None:
            return
        self._run()
        assert self._forward is not None
        total = self._back[0][(self.caps, 0)]  # without the constant, as the sums below
        if total <= 0 or self.constant <= 0:
            raise CountingError(_("the evidence leaves no deal of the unseen cards possible"))
        nh = len(self.holders)
        means: dict[int, list[float]] = {}
        for li, layer in enumerate(self.layers):
            sums = [0.0] * nh
            none = [0.0] * nh
            some = [0.0] * nh
            later = self._back[li + 1]
            for state, f in self._forward[li].items():
                for k, w, after, unset in self._moves[li][state]:
                    x = f * w * later[after]
                    if unset:
                        for bit, _some, _none in layer.closes:
                            if unset & bit:
                                multi = self._multi[bit.bit_length() - 1]
                                self._none_sets[multi] = self._none_sets.get(multi, 0.0) + x
                    for j in range(nh):
                        if k[j]:
                            sums[j] += x * k[j]
                            some[j] += x
                        else:
                            none[j] += x
            means[li] = [s / total for s in sums]
            for j in range(nh):
                self._none[(j, layer.value)] = none[j] / total
                self._some[(j, layer.value)] = some[j] / total
        # The plain cards: the room left at the end is what each holder gets of them.
        n = len(self.plain)
        sums = [0.0] * nh
        plain_none: dict[tuple[int, int], float] = {}
        plain_some: dict[tuple[int, int], float] = {}
        counts = [sum(1 for c in self.plain if VALUE_OF[c] == v) for v in range(11)]
        for state, f in self._forward[-1].items():
            room = state[0]
            x = f * _multinomial(room)
            for j in range(nh):
                sums[j] += x * room[j]
                for v in range(1, 11):
                    if counts[v]:
                        miss = comb(n - counts[v], room[j]) / comb(n, room[j])
                        plain_none[(j, v)] = plain_none.get((j, v), 0.0) + x * miss
                        plain_some[(j, v)] = plain_some.get((j, v), 0.0) + x * (1 - miss)
        means[-1] = [s / total for s in sums]
        for jv, x in plain_none.items():
            self._none[jv] = x / total
        for jv, x in plain_some.items():
            self._some[jv] = x / total
        for multi_key in self._multi:
            self._none_sets[multi_key] = self._none_sets.get(multi_key, 0.0) / total
        self._means = means

    def probability(self, j: int, card: int) -> float:
        """P(holder position ``j`` holds ``card``), for an unseen card."""
        self._accumulate()
        assert self._means is not None
        li = self.layer_of.get(card)
        if li is not None:
            return self._means[li][j] / len(self.layers[li].cards)
        if not self.pool >> card & 1:
            return 0.0
        return self._means[-1][j] / len(self.plain)

    def probability_none(self, j: int, values: Iterable[int]) -> float:
        """P(holder position ``j`` holds no card of ``values``)."""
        vals = self._asked(j, values)
        if not vals:
            return 1.0
        if len(vals) == 1:
            return self._none[(j, vals[0])]
        hit = self._none_sets.get((j, vals))
        if hit is not None:
            return hit  # a term of the evidence: counted on the way
        # Several values: weigh again with the holder barred from them all.
        return self._share_with(Term(self.holders[j], vals, 0.0, 1.0))

    def probability_some(self, j: int, values: Iterable[int]) -> float:
        """P(holder position ``j`` holds a card of ``values``): ``1 - probability_none``, but
        summed on its own where that difference would lose it, so that a chance the readings
        make tiny stays above 0 and is never shown as a certainty."""
        vals = self._asked(j, values)
        if not vals:
            return 0.0
        if len(vals) == 1:
            return self._some[(j, vals[0])]
        none = self.probability_none(j, vals)
        if none < 0.5:
            return 1.0 - none
        return self._share_with(Term(self.holders[j], vals, 1.0, 0.0))  # the holder given one

    def _asked(self, j: int, values: Iterable[int]) -> tuple[int, ...]:
        """The values of ``values`` with an unseen card, sorted, the sums counted; none when
        holder position ``j`` has no room (it can hold none of them)."""
        vals = tuple(sorted({v for v in values if self.pool & VALUE_MASKS[v]}))
        if not vals or not self.caps[j]:
            return ()
        self._accumulate()
        return vals

    def _share_with(self, term: Term) -> float:
        """The share of the total weight the deals keep with ``term`` as one more factor (0 or
        1 for each deal: the chance of what it allows)."""
        what_if = WeightedModel(
            self.holders, self.caps, self.pool, Evidence((*self.evidence.terms, term))
        )
        return what_if.total() / self.total()

    # -- sampling ---------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One deal drawn in proportion to its weight: the unseen cards of each holder.

        With a :meth:`Evidence.residual`, deals drawn from the factored weights are kept with
        the residual's probability.
        """
        while True:
            parts = self._draw(rng)
            hands = {h: sum(1 << c for c in parts[j]) for j, h in enumerate(self.holders)}
            keep = self.evidence.residual(hands)
            if keep >= 1.0 or rng.random() < keep:
                return parts

    def _draw(self, rng: random.Random) -> list[list[int]]:
        self._run()
        if self.total() <= 0:
            raise CountingError(_("the evidence leaves no deal of the unseen cards possible"))
        nh = len(self.holders)
        out: list[list[int]] = [[] for _ in range(nh)]
        state: _State = (self.caps, 0)
        for li, layer in enumerate(self.layers):
            options = self._moves[li][state]
            cum = self._cum.get((li, state))
            if cum is None:
                later = self._back[li + 1]
                cum = list(itertools.accumulate(w * later[after] for _, w, after, _ in options))
                self._cum[(li, state)] = cum
            pick = min(bisect.bisect_right(cum, rng.random() * cum[-1]), len(cum) - 1)
            k, _w, state, _f = options[pick]
            _deal(list(layer.cards), k, out, rng)
        _deal(list(self.plain), state[0], out, rng)
        return out


def _deal(cards: list[int], k: Sequence[int], out: list[list[int]], rng: random.Random) -> None:
    """Give ``k[j]`` of ``cards`` (shuffled) to holder j."""
    rng.shuffle(cards)
    pos = 0
    for j, x in enumerate(k):
        if x:
            out[j].extend(cards[pos : pos + x])
            pos += x
