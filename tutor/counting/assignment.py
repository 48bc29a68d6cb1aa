"""The assignment model: which holder can, must or cannot hold each unseen card, and the sampler.

The unseen cards go to the other seats and, in scopa, to the *stock* (cards still to be dealt),
each holder taking as many as it still has room for; readings taken as certain would forbid some
cards to some holder. Cards that may go to the same set of holders form a group, and a flow
network (networkx: the only module that uses it) decides whether any assignment fits and
classifies every (card, holder) pair as *must*, *may* or *cannot*. The tutor classifies twice:
on the facts alone (what is certain), and with the standing readings taken as certain (what the
readings say, for the deductions and their reasons).

How likely each assignment is, the readings weighing in as evidence, is
:mod:`tutor.counting.weights`' business; :func:`iter_deals` draws deals from it for the
solver's Monte Carlo search.

>>> model = AssignmentModel([0, 1], [1, 1], {5: 0b11, 7: 0b01})  # card 7 cannot go to holder 1
>>> model.feasible(), model.status(model.group_of[5], 1)
(True, 'must')
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import networkx as nx

from tutor.counting.readings import Exclusion
from tutor.counting.tracker import STOCK, CountingError, viewer_state
from tutor.counting.trust import TRUST_DEFAULT, weigh_readings
from tutor.game.captures import VALUE_OF
from tutor.game.cards import indexes_of
from tutor.game.state import GameState

__all__ = [
    "AssignmentModel",
    "build_model",
    "certain_model",
    "complete",
    "sample_deals",
    "iter_deals",
]


@dataclass(frozen=True)
class _Group:
    """Cards that may go to the same set of holders (bit j: holder position j)."""

    allowed: int
    cards: tuple[int, ...]


class AssignmentModel:
    """Unseen cards, their possible holders and capacities: feasibility and must/may/cannot."""

    def __init__(self, holders: list[int], caps: list[int], allowed: dict[int, int]) -> None:
        self.holders = holders
        self.caps = tuple(caps)
        by_allowed: dict[int, list[int]] = {}
        for card, a in sorted(allowed.items()):
            by_allowed.setdefault(a, []).append(card)
        self.groups = sorted(
            (_Group(a, tuple(cs)) for a, cs in by_allowed.items()),
            key=lambda g: (-len(g.cards), g.allowed),
        )
        self.group_of = {c: gi for gi, g in enumerate(self.groups) for c in g.cards}
        self._slots = [
            tuple(j for j in range(len(holders)) if g.allowed >> j & 1) for g in self.groups
        ]
        self._flow: list[list[int]] | None = None
        self._feasible: bool | None = None
        self._status: dict[tuple[int, int], str] | None = None

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
        """Whether some assignment gives every unseen card a holder within the capacities.

        Hall's condition for places: no set of holders is asked to take more cards (those that
        can go nowhere else) than it has room for. With a handful of holders, checking every
        set is quicker than a flow, and the same (max flow = min cut).
        """
        if self._feasible is None:
            caps = self.caps
            ok = sum(caps) == self.n_cards
            for subset in range(1 << len(caps)) if ok else ():
                room = sum(c for j, c in enumerate(caps) if subset >> j & 1)
                inside = sum(len(g.cards) for g in self.groups if not g.allowed & ~subset)
                if inside > room:
                    ok = False
                    break
            self._feasible = ok
        return self._feasible

    def _max_flow(self) -> list[list[int]]:
        """One feasible assignment as a flow: cards of each group per holder."""
        if self._flow is None:
            if not self.groups:
                self._flow = []
            else:
                _, flow = nx.maximum_flow(self._network(), "src", "sink")
                self._flow = [
                    [flow[("g", gi)].get(("h", j), 0) for j in range(len(self.holders))]
                    for gi in range(len(self.groups))
                ]
        return self._flow

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
            raise CountingError("the constraints admit no assignment of the unseen cards")
        if len(self.groups) == 1 and self._slots[0] == tuple(range(len(self.holders))):
            # The facts alone: any card may go anywhere there is room, and must when one
            # holder alone has room.
            n = self.n_cards
            return {
                (0, j): "cannot" if not cap else ("must" if cap == n else "may")
                for j, cap in enumerate(self.caps)
            }
        flow = self._max_flow()
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


def certain_model(
    state: GameState,
    holders: list[int],
    caps: list[int],
    standing: Sequence[Exclusion],
) -> tuple[AssignmentModel, list[Exclusion]]:
    """The model that takes the ``standing`` readings as certain, and the readings it takes.

    When they cannot all hold together with the facts, the most likely (by their weighed
    ``confidence``), then the earliest, are taken while they fit. Only the deductions use this
    model: what the readings would imply, each stated with its probability.
    """
    model = build_model(state, holders, caps, standing)
    if model.feasible():
        return model, list(standing)
    active: list[Exclusion] = []
    model = build_model(state, holders, caps, active)
    for e in sorted(standing, key=lambda e: (-(e.confidence or 0.0), e.play)):
        trial = build_model(state, holders, caps, [*active, e])
        if trial.feasible():
            active.append(e)
            model = trial
    return model, [e for e in standing if any(e is a for a in active)]


def complete(
    state: GameState, holders: Sequence[int], parts: list[list[int]], rng: random.Random
) -> GameState:
    """A full-information copy of ``state`` with each of ``holders`` given its sampled cards."""
    s = state.copy()
    stock: list[int] = []
    for j, h in enumerate(holders):
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


def sample_deals(
    state: GameState,
    viewer: int,
    n: int,
    rng: random.Random,
    use_inferences: bool = True,
    trust: float = TRUST_DEFAULT,
) -> list[GameState]:
    """``n`` full-information copies of ``state`` as ``viewer`` might find it.

    Each copy is at the same point (same table, captured cards, scope, turn, last capturer,
    remaining deals); every card the viewer has not seen (other hands and future deals) is
    assigned, each assignment consistent with the facts drawn in proportion to its weight: the
    likelihood of the plays seen, the readings weighing in (:mod:`tutor.counting.trust`;
    ``trust`` 0 or ``use_inferences`` False: the facts alone, every assignment alike). The
    copies have no unknown cards and an empty stack. Sampling is exact and reproducible by the
    generator's seed.
    """
    return list(itertools.islice(iter_deals(state, viewer, rng, use_inferences, trust), n))


def iter_deals(
    state: GameState,
    viewer: int,
    rng: random.Random,
    use_inferences: bool = True,
    trust: float = TRUST_DEFAULT,
) -> Iterator[GameState]:
    """The deals of :func:`sample_deals`, drawn one at a time and without end.

    The k-th deal is the same as the k-th of ``sample_deals`` with the same generator, so a
    caller stopped by a time limit draws only the deals it uses.
    """
    view = viewer_state(state, viewer)
    # weighed now, so that bad input fails here
    model = weigh_readings(view, viewer, trust if use_inferences else 0.0).model

    def draw() -> Iterator[GameState]:
        while True:
            yield complete(view, model.holders, model.sample(rng), rng)

    return draw()
