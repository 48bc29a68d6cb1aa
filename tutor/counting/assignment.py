"""The assignment model: every way to give the unseen cards to their possible holders.

The unseen cards go to the other seats and, in scopa, to the *stock* (cards still to be dealt),
each holder taking as many as it still has room for; a standing behavioural reading forbids
some cards to some holder. Cards that may go to the same set of holders form a group, and:

- Hall's condition, checked over every set of holders, decides whether any assignment fits,
  and classifies every (card, holder) pair as *must*, *may* or *cannot*;
- dynamic programming over the groups counts the assignments exactly, which gives exact
  probabilities, and draws assignments uniformly (:func:`sample_deals`, :func:`iter_deals`) for
  the solver's Monte Carlo search; when there are too many to count, rejection sampling stands
  in.

>>> model = AssignmentModel([0, 1], [1, 1], {5: 0b11, 7: 0b01})  # card 7 cannot go to holder 1
>>> model.feasible(), model.total(), model.status(model.group_of[5], 1)
(True, 1, 'must')
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from math import factorial

from tutor.counting.readings import Exclusion, find_exclusions, standing_exclusions
from tutor.counting.tracker import OUT, STOCK, CountingError, viewer_state
from tutor.game.captures import VALUE_OF
from tutor.game.cards import indexes_of
from tutor.game.state import GameState

__all__ = [
    "AssignmentModel",
    "holders_of",
    "build_model",
    "model_for",
    "complete",
    "probability_none",
    "estimate",
    "sample_deals",
    "iter_deals",
]

# Above this many (reachable capacity states x card groups) exact counting gives way to
# rejection sampling; the shipped rulesets stay far below it.
_EXACT_LIMIT = 400_000
SAMPLES = 4000
"""Deals drawn when there are too many to count exactly."""


@dataclass(frozen=True)
class _Group:
    """Cards that may go to the same set of holders (bit j: holder position j)."""

    allowed: int
    cards: tuple[int, ...]


class AssignmentModel:
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
        self._feasible: bool | None = None
        self._status: dict[tuple[int, int], str] | None = None
        self._means: list[list[float]] | None = None
        self._total: int | None = None

    @property
    def n_cards(self) -> int:
        return sum(len(g.cards) for g in self.groups)

    # -- feasibility and classification (Hall's condition) ---------------------------------

    def _hall(self) -> tuple[list[int], list[int]]:
        """For every set of holders (a bit mask): the cards that may go only to holders of the
        set, and the places the set has."""
        size = 1 << len(self.holders)
        need = [0] * size
        room = [0] * size
        for subset in range(size):
            need[subset] = sum(len(g.cards) for g in self.groups if g.allowed & ~subset == 0)
            room[subset] = sum(c for j, c in enumerate(self.caps) if subset >> j & 1)
        return need, room

    def feasible(self) -> bool:
        """Whether some assignment gives every unseen card a holder within the capacities.

        With as many places as cards, an assignment exists exactly when, for every set of
        holders, the cards that may go only to holders of the set fit in its places (Hall's
        condition for this transport problem). There are at most five holders, so the 32 sets
        are checked directly.
        """
        if self._feasible is None:
            need, room = self._hall()
            self._feasible = sum(self.caps) == self.n_cards and all(
                n <= r for n, r in zip(need, room, strict=True)
            )
        return self._feasible

    def status(self, gi: int, j: int) -> str:
        """must / may / cannot for any card of group ``gi`` and holder position ``j``."""
        if self._status is None:
            self._status = self._classify()
        return self._status[(gi, j)]

    def _classify(self) -> dict[tuple[int, int], str]:
        """must / may / cannot for every group and holder, by Hall's condition on two changes.

        A card of group g *can* be with holder j when the cards left still fit once it is
        placed there (one card fewer in g, one place fewer with j); it can be *elsewhere* when
        they fit with that card barred from j. Cards of a group are alike, so one card stands
        for all of them.
        """
        if not self.feasible():
            raise CountingError("the constraints admit no assignment of the unseen cards")
        need, room = self._hall()
        subsets = range(len(need))
        out: dict[tuple[int, int], str] = {}
        for gi, grp in enumerate(self.groups):
            for j in range(len(self.holders)):
                if j not in self._slots[gi]:
                    out[(gi, j)] = "cannot"
                    continue
                bit, barred = 1 << j, grp.allowed & ~(1 << j)
                inside = [grp.allowed & ~s == 0 for s in subsets]
                can_have = all(need[s] - inside[s] <= room[s] - (s & bit != 0) for s in subsets)
                can_miss = barred != 0 and all(
                    need[s] - inside[s] + (barred & ~s == 0) <= room[s] for s in subsets
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
        for k, w in self._compositions(gi, r):  # the hot loop: _extensions, inlined
            total += w * self.count(gi + 1, tuple(a - b for a, b in zip(r, k, strict=True)))
        self._memo[key] = total
        return total

    def _extensions(
        self, gi: int, r: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...], int]]:
        """Each spread ``k`` of group gi within ``r`` that the later groups can complete: with
        its ways ``w``, the room ``rest`` it leaves and the completions ``f`` of that room."""
        for k, w in self._compositions(gi, r):
            rest = tuple(a - b for a, b in zip(r, k, strict=True))
            f = self.count(gi + 1, rest)
            if f:
                yield k, w, rest, f

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
                    for k, w, rest, f in self._extensions(gi, r):
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
        for k, w, _, f in self._extensions(gi, r):
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
        raise CountingError("no consistent deal found by rejection sampling")


def holders_of(state: GameState) -> tuple[list[int], list[int]]:
    """The holders of unseen cards (seats, then STOCK and OUT) and how many each takes."""
    holders: list[int] = []
    caps: list[int] = []
    for seat in range(state.rules.players):
        if state.unknown[seat]:
            holders.append(seat)
            caps.append(state.unknown[seat])
    stock = state.unknown_to_deal()
    if stock:
        holders.append(STOCK)
        caps.append(stock)
    excess = state.unplaced().bit_count() - sum(caps)
    if excess < 0:
        raise CountingError(
            "the position is inconsistent: more unknown cards in hands than cards unplaced"
        )
    if excess:
        holders.append(OUT)
        caps.append(excess)
    return holders, caps


def build_model(
    state: GameState, holders: list[int], caps: list[int], active: Iterable[Exclusion]
) -> AssignmentModel:
    """The model of ``state``'s unplaced cards, with the ``active`` readings' cards kept from
    the seats they exclude."""
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
    return AssignmentModel(holders, caps, allowed)


def model_for(
    state: GameState, use_inferences: bool
) -> tuple[AssignmentModel, list[Exclusion], list[Exclusion]]:
    """The model with every standing exclusion, dropping readings until the facts allow it."""
    holders, caps = holders_of(state)
    exclusions = find_exclusions(state) if use_inferences else []
    active = standing_exclusions(state, exclusions)
    model = build_model(state, holders, caps, active)
    if not model.feasible() and not build_model(state, holders, caps, []).feasible():
        raise CountingError("the position is inconsistent: the unseen cards do not fit the hands")
    while not model.feasible():
        # Give up the weakest, then the latest, reading first.
        order = sorted(active, key=lambda e: (e.confidence, -e.play))
        culprit = next(
            (
                e
                for e in order
                if build_model(state, holders, caps, [a for a in active if a is not e]).feasible()
            ),
            order[0],
        )
        culprit.dropped = "it cannot hold together with the cards seen and the other readings"
        active = [a for a in active if a is not culprit]
        model = build_model(state, holders, caps, active)
    return model, exclusions, active


def complete(
    state: GameState, model: AssignmentModel, parts: list[list[int]], rng: random.Random
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


def probability_none(model: AssignmentModel, j: int, cards: set[int]) -> float:
    """P(holder j gets none of ``cards``), exactly, by counting with j forbidden for them."""
    allowed = {}
    for g in model.groups:
        for c in g.cards:
            allowed[c] = g.allowed & ~(1 << j) if c in cards else g.allowed
    sub = AssignmentModel(model.holders, list(model.caps), allowed)
    total = model.total()
    return sub.count() / total if total else 0.0


def estimate(
    model: AssignmentModel, rng: random.Random, n: int
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
    model, _, _ = model_for(view, use_inferences)  # now, so that bad input fails here

    def draw() -> Iterator[GameState]:
        while True:
            yield complete(view, model, model.sample(rng), rng)

    return draw()
