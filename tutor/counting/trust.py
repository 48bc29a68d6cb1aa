"""Trust in readings, learned from the hand: how careful each player has shown themselves.

A reading ("passed up a sweep with a 9, so holds no 9") is only as good as the player it is
about. This module puts a number on that. Each player has a *carelessness* η: the chance that,
holding a card that makes a scopa, they play something else. It starts from a prior and is
updated by what the hand has shown so far, from the viewer's seat:

- a sweep or the settebello taken when it was there: the player held the card and took it
  (likelihood 1 - η, or (1 - η)(1 - d) for the settebello);
- a passed-up sweep later shown wrong by the same holding (they played a card of the excluded
  value later, or the cards seen prove they held one): likelihood η (η + (1 - η) d for the
  settebello);
- a passed-up sweep not resolved yet: likelihood 1 - q + q η, where q is the chance, on the
  facts alone, that they hold a card of the value;
- a passed-up sweep whose holding was played out without the value was no test: likelihood 1.

Plays by a player with a single card left are no evidence either way: they had no choice.

``d`` (:data:`SETTEBELLO_DELIBERATE`) is the chance that a careful player leaves the settebello
on purpose (a 7 laid by their partner, a sweep threat elsewhere). The prior on η is a Beta
distribution with mean ``1 - trust`` (``--trust-readings``, default :data:`TRUST_DEFAULT`) and
weight :data:`PRIOR_STRENGTH` observations; the posterior is computed exactly, and its mean
gives each reading its factor (:func:`reading_evidence`): a deal that gives the player a card
the reading excludes keeps ε = E[η] of its weight (E[η + (1 - η) d] for the settebello).
``docs/tracker.md`` states the model and the figures that chose its numbers.

>>> eta = posterior_carelessness([], 1 - TRUST_DEFAULT)
>>> prior = Reliability(0, 0, 0, 0, carelessness=eta)
>>> round(prior.epsilon("scopa"), 3), round(prior.epsilon("settebello"), 3)
(0.15, 0.21)
>>> shown = posterior_carelessness([("careless", 0.0)], 1 - TRUST_DEFAULT)
>>> round(shown, 2)  # one pass-up shown wrong: the player is less careful than assumed
0.43
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.counting.defaults import TRUST_DEFAULT
from tutor.counting.odds import hypergeometric_any
from tutor.counting.readings import (
    Exclusion,
    find_exclusions,
    standing_exclusions,
    sweep_would_score,
)
from tutor.counting.style import (
    PassedCounts,
    StylePriors,
    departures,
    gain_terms,
    passed_gains,
    play_evidence,
    style_posterior,
)
from tutor.counting.tells import Tell, find_tells, learn_tells, standing_tells, tell_terms
from tutor.counting.tracker import HistoryStep, history, holders_of
from tutor.counting.weights import Evidence, Term, WeightedModel
from tutor.game.cards import SETTEBELLO_BIT, VALUE_MASKS
from tutor.game.state import GameState

__all__ = [
    "TRUST_DEFAULT",
    "TRUST_MAX",
    "held_trust",
    "PRIOR_STRENGTH",
    "PLAYER_STRENGTH",
    "SETTEBELLO_DELIBERATE",
    "GRABBER_PASSES",
    "Reliability",
    "posterior_carelessness",
    "learn_reliability",
    "reading_evidence",
    "Weighing",
    "weigh_readings",
]

TRUST_MAX = 0.999
"""``--trust-readings 1`` is read as this: a reading is never a certainty."""


def held_trust(trust: float) -> float:
    """The trust in readings as the model holds it: ``trust`` within 0 and :data:`TRUST_MAX`.

    >>> held_trust(1.0), held_trust(0.7), held_trust(-1.0)
    (0.999, 0.7, 0.0)
    """
    return min(max(trust, 0.0), TRUST_MAX)


PRIOR_STRENGTH = 2.0
"""How many observations the prior is worth: small, so that a hand can overrule it."""

PLAYER_STRENGTH = 2.0
"""How many observations the table's carelessness is worth as each player's prior: what the
others have shown counts for a player too, until the player's own record says otherwise."""

CARELESS_PASSES = 0.85
"""How often a careless player (one who plays any card alike) passes up a sweep they could make:
all but the one play in their hand that sweeps, about 85 times in 100 over a hand (measured:
random play in the calibration benchmark, docs/tracker.md)."""

GRABBER_PASSES = 0.01
"""How often a grabber passes up a sweep or the settebello they could take. Either is the most a
play can gain at once, which a grabber takes but for its departures from the gain (1 - α of the
grabber style, :data:`tutor.counting.style.STYLES`); the greedy player of the calibration
benchmark never passed one up (its readings held every time, docs/tracker.md)."""

SETTEBELLO_DELIBERATE = 0.07
"""Chance that a careful player leaves the settebello on purpose (the tutor's estimate: the
former fixed confidences were 97% for a passed-up scopa and 90% for the settebello)."""


@dataclass(frozen=True)
class Reliability:
    """What the hand has shown of one player's care, and the carelessness it gives."""

    seat: int
    careful: int
    """Sweeps and settebelli taken when they were there."""
    careless: int
    """Passed-up sweeps and settebelli shown wrong by the same holding."""
    pending: int
    """Readings still standing (each counted with its chance on the facts alone)."""
    carelessness: float
    """Posterior mean of η."""
    tells: dict[str, float] = field(default_factory=dict)
    """Per kind of tell, its learned parameter (:mod:`tutor.counting.tells`)."""
    style: dict[str, float] = field(default_factory=dict)
    """P(style) by name (:mod:`tutor.counting.style`): grabber, careful, careless."""
    compared: tuple[int, int] = (0, 0)
    """(plays compared with cards shown later, departures from the immediate gain)."""
    careless_style: float = 0.0
    """P(the player plays any card alike), as far as the readings heed it: 0 when the user
    trusts readings fully (``--trust-readings 1``)."""
    grabber_style: float = 0.0
    """P(the player always takes the most at once), as far as the readings heed it: 0, as
    above, with ``--trust-readings 1``."""
    style_prior: dict[str, float] | None = None
    """The prior over styles known before the hand (stated, or from the earlier hands of a
    match); None when the rest of the table set it."""
    settebello: tuple[int, int] = (0, 0)
    """Of ``careful`` and ``careless``, the events about the settebello rather than a sweep
    (taken when it was there, passed up while holding a card that took it)."""

    def epsilon(self, kind: str) -> float:
        """The share of its weight a deal keeps when it contradicts a reading of ``kind``: by
        the player's carelessness η, and, as far as their plays look careless
        (:mod:`tutor.counting.style`), by how often a careless player passes a sweep up, and
        as far as they look like a grabber, by how seldom a grabber does.

        >>> r = Reliability(1, 0, 0, 0, carelessness=0.15, grabber_style=0.9)
        >>> round(r.epsilon("scopa"), 4)  # 0.9 * 0.01 + 0.1 * 0.15
        0.024
        """
        return self.epsilon_together((kind,))

    def epsilon_together(self, kinds: Sequence[str]) -> float:
        """The share of its weight a deal keeps when it contradicts several readings of the
        player at once (the same values passed up again and again): for each style, its
        chance of passing them all up, weighed by the style's probability. Not the product of
        the readings' own ε: that would count each pass as independent proof, when all of them
        say one thing about one player, whose style is the same at every pass.

        >>> r = Reliability(1, 0, 0, 0, carelessness=0.15, grabber_style=0.9)
        >>> round(r.epsilon_together(["scopa"] * 4), 6)  # 0.9 * 0.01**4 + 0.1 * 0.15**4
        5.1e-05
        >>> round(r.epsilon("scopa") ** 4, 9)  # what four separate readings weighed
        3.32e-07
        """
        careless, grabber = self.careless_style, self.grabber_style
        by_style = [1.0, 1.0, 1.0]  # careless, grabber, the rest
        for kind in kinds:
            eta = self.carelessness
            if kind == "settebello":
                eta += (1 - eta) * SETTEBELLO_DELIBERATE
            by_style[0] *= max(eta, CARELESS_PASSES)
            by_style[1] *= min(eta, GRABBER_PASSES)
            by_style[2] *= eta
        return (
            careless * by_style[0] + grabber * by_style[1] + (1 - careless - grabber) * by_style[2]
        )

    @property
    def takes_sweep(self) -> float:
        """P(the player takes a sweep they hold), as the readings weigh it: ``1 - ε``."""
        return 1 - self.epsilon("scopa")

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """The player's counts of care and carelessness, the carelessness, the chance they
        take a sweep they hold, their style (and the one known before the hand) and their
        departures from the immediate gain."""
        return {
            "player": names[self.seat],
            "careful": self.careful,
            "careless": self.careless,
            "pending": self.pending,
            "carelessness": round(self.carelessness, 4),
            "takes_sweep": round(self.takes_sweep, 4),
            "style": {k: round(v, 4) for k, v in self.style.items()},
            "departures": {"compared": self.compared[0], "departed": self.compared[1]},
            "style_prior": (
                None
                if self.style_prior is None
                else {k: round(v, 4) for k, v in self.style_prior.items()}
            ),
        }


def _log_beta(x: float, y: float) -> float:
    return math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)


def posterior_carelessness(
    events: Iterable[tuple[str, float]], prior: float, strength: float = PRIOR_STRENGTH
) -> float:
    """Posterior mean of η given ``events``: (kind, q) pairs where kind is ``careful``,
    ``careless`` or ``pending`` (``-settebello`` appended for the settebello) and q the
    facts-only chance that a pending reading is wrong; the prior is a Beta distribution of
    mean ``prior`` worth ``strength`` observations.

    Exact: a Beta prior times the events' likelihoods, each linear in η, is a Beta density
    times a polynomial with positive coefficients, whose moments are sums of Beta functions.

    >>> posterior_carelessness([], 0.1) > posterior_carelessness([("careful", 0)], 0.1)
    True
    """
    if prior >= 1.0:
        return 1.0
    prior = max(prior, 1 - TRUST_MAX)
    d = SETTEBELLO_DELIBERATE
    a, b = strength * prior, strength * (1 - prior)
    poly = [1.0]  # coefficients of a polynomial in η

    def times(c0: float, c1: float) -> None:
        nonlocal poly
        poly = [
            c0 * (poly[k] if k < len(poly) else 0.0) + c1 * (poly[k - 1] if k else 0.0)
            for k in range(len(poly) + 1)
        ]

    for kind, q in events:
        base, _, what = kind.partition("-")
        settebello = what == "settebello"
        if base == "careful":
            b += 1  # 1 - η (for the settebello (1 - η)(1 - d): the constant does not count)
        elif base == "careless":
            if settebello:
                times(d, 1 - d)  # η + (1 - η) d
            else:
                a += 1
        elif settebello:
            times(1 - q + q * d, q * (1 - d))  # 1 - q + q (η + (1 - η) d)
        else:
            times(1 - q, q)
    logs = [
        (math.log(c) + _log_beta(a + k, b), math.log(c) + _log_beta(a + k + 1, b))
        for k, c in enumerate(poly)
        if c > 0
    ]
    top = max(x for x, _ in logs)
    norm = sum(math.exp(x - top) for x, _ in logs)
    return sum(math.exp(y - top) for _, y in logs) / norm


def learn_reliability(
    state: GameState,
    viewer: int,
    steps: Sequence[HistoryStep],
    exclusions: Sequence[Exclusion],
    standing: Sequence[Exclusion],
    trust: float,
) -> dict[int, Reliability]:
    """Each other player's reliability from the history ``steps`` seen by ``viewer`` and the
    readings made from it (``exclusions``, of which ``standing`` still stand)."""
    rules = state.rules
    events: dict[int, list[tuple[str, float]]] = {
        s: [] for s in range(rules.players) if s != viewer
    }
    for step in steps:
        if step.seat == viewer or step.unknown_before < 2:
            continue  # one card left (or cards the viewer knew): no choice to read
        took_all = bool(step.capture) and step.capture == step.table_before
        if step.sweep is not None and took_all and sweep_would_score(step, rules.last_play_scopa):
            events[step.seat].append(("careful", 0.0))
        elif step.capture & SETTEBELLO_BIT:
            events[step.seat].append(("careful-settebello", 0.0))
    pool = state.unplaced()
    for ex in exclusions:
        if ex.seat not in events:
            continue
        suffix = "-settebello" if ex.kind == "settebello" else ""
        if ex.dropped is not None:
            events[ex.seat].append(("careless" + suffix, 0.0))
        elif any(ex is s for s in standing):
            mask = 0
            for v in ex.values:
                mask |= VALUE_MASKS[v]
            q = hypergeometric_any(
                pool.bit_count(), (pool & mask).bit_count(), state.unknown[ex.seat]
            )
            events[ex.seat].append(("pending" + suffix, q))
    out = {}
    prior = 1.0 - held_trust(trust)
    for seat, evs in events.items():
        # The others at the table first (a table of careless players makes each of them
        # suspect), then the player's own record.
        others = [e for s, es in events.items() if s != seat for e in es]
        table = posterior_carelessness(others, prior, PRIOR_STRENGTH)
        kinds = [k for k, _ in evs]
        base = [k.partition("-")[0] for k in kinds]
        out[seat] = Reliability(
            seat,
            base.count("careful"),
            base.count("careless"),
            base.count("pending"),
            posterior_carelessness(evs, table, PLAYER_STRENGTH),
            settebello=(kinds.count("careful-settebello"), kinds.count("careless-settebello")),
        )
    return out


def reading_evidence(
    standing: Sequence[Exclusion],
    trust: dict[int, Reliability],
    tells: Sequence[Tell] = (),
) -> Evidence:
    """The standing readings and tells as deal weights: a deal that gives a player a card a
    reading excludes keeps the share ε of its weight that the player's reliability gives; a
    tell weighs by the player's learned tell (:mod:`tutor.counting.tells`). Readings of one
    player on the same values weigh together (:meth:`Reliability.epsilon_together`)."""
    together: dict[tuple[int, tuple[int, ...]], list[str]] = {}
    for ex in standing:
        if ex.seat in trust:
            together.setdefault((ex.seat, ex.values), []).append(ex.kind)
    terms = [
        Term(seat, values, trust[seat].epsilon_together(kinds), 1.0)
        for (seat, values), kinds in together.items()
    ]
    terms += tell_terms(
        tells,
        {seat: rel.tells for seat, rel in trust.items()},
        {seat: rel.carelessness for seat, rel in trust.items()},
    )
    return Evidence(tuple(terms))


@dataclass
class Weighing:
    """One seat's readings weighed: what was read, how far each player is trusted, and the
    weighted model of the deals of the unseen cards."""

    exclusions: list[Exclusion]
    """Every reading made, the dropped ones marked."""
    standing: list[Exclusion]
    """The readings that still weigh: they cover cards the player holds now."""
    tells: list[Tell]
    """The tells that still weigh."""
    reliability: dict[int, Reliability]
    evidence: Evidence
    model: WeightedModel
    passed: dict[int, dict[int, PassedCounts]] = field(default_factory=dict)
    """Per other seat and value, the plays a card of the value would have beaten at once."""


def weigh_readings(
    state: GameState,
    viewer: int,
    trust: float = TRUST_DEFAULT,
    styles: StylePriors | None = None,
) -> Weighing:
    """The readings of ``state`` (the viewer's view) as evidence on the deals.

    ``trust`` 0 reads nothing: every deal that fits the facts weighs the same. ``styles``: the
    players' styles as known before the hand (:data:`tutor.counting.style.StylePriors`).
    """
    holders, caps = holders_of(state)
    if trust > 0.0:
        steps = history(state)
        # Nothing is read on the viewer's own plays, even when the record does not give their
        # cards: how the one being tutored plays says nothing to themselves.
        exclusions = [e for e in find_exclusions(state, steps) if e.seat != viewer]
        standing = standing_exclusions(state, exclusions)
        reliability = learn_reliability(state, viewer, steps, exclusions, standing, trust)
        all_tells = [t for t in find_tells(state, steps) if t.seat != viewer]
        tells = standing_tells(state, all_tells)
        record = departures(steps, state.rules)
        evidence_of_play = play_evidence(steps, state, viewer)
        known = styles or {}
        posterior = style_posterior(evidence_of_play, viewer, range(state.rules.players), known)
        for seat, params in learn_tells(state, viewer, all_tells, posterior).items():
            if seat in reliability:
                style = posterior.get(seat, {})
                heeded = style if trust < TRUST_MAX else {}  # readings trusted fully: ε ignores it
                reliability[seat] = replace(
                    reliability[seat],
                    tells=params,
                    style=style,
                    compared=record.get(seat, (0, 0)),
                    careless_style=heeded.get("careless", 0.0),
                    grabber_style=heeded.get("grabber", 0.0),
                    style_prior=dict(known[seat]) if seat in known else None,
                )
        evidence = reading_evidence(standing, reliability, tells)
        passed = passed_gains(steps, state, viewer)
        evidence = Evidence((*evidence.terms, *gain_terms(passed, posterior)))
    else:
        exclusions, standing, tells, reliability, evidence = [], [], [], {}, Evidence()
        passed = {}
    model = WeightedModel(holders, caps, state.unplaced(), evidence)
    return Weighing(exclusions, standing, tells, reliability, evidence, model, passed)
