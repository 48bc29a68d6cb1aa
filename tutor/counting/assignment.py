"""The assignment model: which holder can, must or cannot hold each unseen card, and the sampler.

The unseen cards go to the other seats and, in scopa, to the *stock* (cards still to be dealt),
each holder taking as many as it still has room for; readings taken as certain would forbid some
cards to some holder. Cards that may go to the same set of holders form a group, and Hall's
condition, checked over every set of holders, decides whether any assignment fits and
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

from tutor.counting.defaults import TRUST_DEFAULT
from tutor.counting.readings import Exclusion
from tutor.counting.style import StylePriors
from tutor.counting.tracker import STOCK, CountingError, viewer_state
from tutor.counting.trust import weigh_readings
from tutor.game.captures import VALUE_OF
from tutor.game.cards import indexes_of
from tutor.game.i18n import _
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
        self._feasible: bool | None = None
        self._status: dict[tuple[int, int], str] | None = None

    @property
    def n_cards(self) -> int:
        """How many unseen cards the model places among the holders."""
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
            raise CountingError(_("the constraints admit no assignment of the unseen cards"))
        if len(self.groups) == 1 and self._slots[0] == tuple(range(len(self.holders))):
            # The facts alone: any card may go anywhere there is room, and must when one
            # holder alone has room.
            n = self.n_cards
            return {
                (0, j): "cannot" if not cap else ("must" if cap == n else "may")
                for j, cap in enumerate(self.caps)
            }
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
    styles: StylePriors | None = None,
) -> Iterator[GameState]:
    """The deals of :func:`sample_deals`, drawn one at a time and without end.

    The k-th deal is the same as the k-th of ``sample_deals`` with the same generator, so a
    caller stopped by a time limit draws only the deals it uses. ``styles``: the players'
    styles of play known before the hand, read as the tracker reads them.
    """
    view = viewer_state(state, viewer)
    # weighed now, so that bad input fails here
    model = weigh_readings(view, viewer, trust if use_inferences else 0.0, styles).model

    def draw() -> Iterator[GameState]:
        while True:
            yield complete(view, model.holders, model.sample(rng), rng)

    return draw()
