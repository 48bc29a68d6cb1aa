"""Tells: plays a careful player makes mostly with certain cards in hand, and how far to read them.

A reading (:mod:`tutor.counting.readings`) says what a player cannot hold; a tell says what a
careful player's play makes more likely. Two are read, each kept because it made the stated
odds truer in the calibration benchmark (``docs/tracker.md`` gives the figures):

- **doubles**: a player who lays a card without capturing probably holds another of its value
  (Chitarrella: with no capture, lay a card you hold a double of). A deal that gives them none
  keeps the share λ of its weight.
- **sweepable**: a player who captures and leaves the next player (an opponent) a table one
  card of value v sweeps saw little risk in it: probably they hold cards of v themselves, and
  the fewer of v they could not see, the smaller the risk. A deal that gives them ``n`` cards
  of v weighs ``exp(-c · risk(n))``, where ``risk(n)`` is the chance, as they saw it, that the
  next player holds a v (hypergeometric over the cards unseen by them, their own n cards of v
  left out). A sweepable table left by a card *laid* is not read: measured, it helped careful
  play a little and hurt greedy play more.

How strongly a player shows each tell (λ, c) is learned from the hand, as the trust in
readings is: each tell made so far comes out true (the player later plays a card of the value),
false (their holding runs out, or every card of the value turns up elsewhere), or is not out
yet (counted by its chance on the facts now). The others at the table count for a little
(their record is worth :data:`TABLE_WEIGHT` of the player's own tells). A player whose tells
come out no better than the facts predict (a random or greedy player) soon shows none: λ near
1, c near 0.

>>> family = FAMILIES["doubles"]
>>> family.weights(0.5, Tell("doubles", 0, (4,), 3, 0, (0.6, 0.3, 0.1)))
(0.5, 1.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tutor.counting.odds import hypergeometric_any, hypergeometric_counts, percent
from tutor.counting.readings import reading_json
from tutor.counting.style import STYLE_PRIOR, STYLES, PlayStyle
from tutor.counting.tracker import HistoryStep, a_value, history, value_word
from tutor.counting.weights import Term
from tutor.game.captures import VALUE_OF, sweep_value, table_sum
from tutor.game.cards import VALUE_MASKS, Style, format_card, format_cards
from tutor.game.i18n import _
from tutor.game.state import GameState

__all__ = [
    "Tell",
    "TellFamily",
    "FAMILIES",
    "TABLE_WEIGHT",
    "find_tells",
    "standing_tells",
    "learn_tells",
    "tell_terms",
]


@dataclass
class Tell:
    """A play that says something about the cards of one value a player held after it."""

    kind: str
    """``doubles`` or ``sweepable`` (see the module docstring)."""
    seat: int
    values: tuple[int, ...]
    play: int
    deal_index: int
    counts: tuple[float, ...]
    """P(they held n cards of the value after the play), n = 0..., on the facts then."""
    risk: tuple[float, ...] = ()
    """For ``sweepable``: by n, the chance they saw that the next player holds one."""
    card: int = -1
    """The card played."""
    table: int = 0
    """The table the play left."""
    confirmed: bool = False
    """The same holding later showed a card of the value."""
    refuted: bool = False
    """The holding ran out, or every card of the value turned up elsewhere, and none showed."""
    confidence: float | None = None
    """P(they hold a card of the value now) given everything seen, once weighed."""
    unknown: int = 0
    """How many cards of theirs the viewer did not know after the play."""

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The tell in words: the play, what it suggests the player holds, and the chance that
        they hold one now once weighed (or that the facts settle it)."""
        v = self.values[0]
        if self.kind == "lead":
            what = _(
                "at play {play} {player} led {card} on an empty table, so may hold another {value}"
            ).format(
                play=self.play,
                player=names[self.seat],
                card=format_card(self.card, style),
                value=value_word(v, style),
            )
        elif self.kind == "doubles":
            what = _(
                "at play {play} {player} laid {card} without capturing, so may hold another {value}"
            ).format(
                play=self.play,
                player=names[self.seat],
                card=format_card(self.card, style),
                value=value_word(v, style),
            )
        else:
            what = _(
                "at play {play} {player} left {next} a table one {value} sweeps ({table} = {sum}), "
                "so may hold {some}"
            ).format(
                play=self.play,
                player=names[self.seat],
                next=names[(self.seat + 1) % len(names)],
                value=value_word(v, style),
                table=format_cards(self.table, style),
                sum=table_sum(self.table),
                some=a_value(v, style),
            )
        if self.confidence is None:
            return _("{what} (tell)").format(what=what)
        # readings never make a 0 or a 1 (docs/tracker.md): these come from the facts alone
        if self.confidence >= 1.0:
            return _("{what} (tell; the facts settle it: holds one)").format(what=what)
        if self.confidence <= 0.0:
            return _("{what} (tell; the facts settle it: holds none)").format(what=what)
        # the odds with everything weighed, not the tell's own strength: a tell can be outweighed
        return _("{what} (tell; the odds that {player} holds one now: {percent})").format(
            what=what, player=names[self.seat], percent=percent(self.confidence)
        )

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        """The keys every reading and tell shares (:func:`reading_json`)."""
        return reading_json(self, names, style)


@dataclass(frozen=True)
class TellFamily:
    """How a kind of tell weighs a deal, by a parameter learned per player."""

    name: str
    grid: tuple[float, ...]
    component: Callable[[PlayStyle], tuple[float, ...]]
    """The prior over the grid for a player of one style (each adds up to 1)."""
    by_count: Callable[[float, Tell], tuple[float, ...]]

    def prior(self, styles: dict[str, float] | None = None) -> tuple[float, ...]:
        """The prior over the grid for a player whose style is ``styles`` (P by name; default
        :data:`~tutor.counting.style.STYLE_PRIOR`)."""
        styles = STYLE_PRIOR if styles is None else styles
        out = [0.0] * len(self.grid)
        for style in STYLES:
            p = styles.get(style.name, 0.0)
            if p > 0:
                out = [a + p * b for a, b in zip(out, _component(self, style), strict=True)]
        return tuple(out)

    def weights(self, param: float, tell: Tell) -> tuple[float, ...]:
        """The factor of a deal by the number of cards of the value the player holds."""
        return self.by_count(param, tell)

    def chance_held(self, param: float, tell: Tell) -> float:
        """P(the tell is true) under ``param``: the facts' counts weighed by the tell."""
        w = self.by_count(param, tell)
        counts = tell.counts
        last = len(w) - 1
        held = 0.0
        for n in range(1, len(counts)):
            held += counts[n] * w[n if n < last else last]
        total = held + counts[0] * w[0]
        return held / total if total > 0 else 0.0

    def chances_held(self, tell: Tell) -> list[float]:
        """:meth:`chance_held` at every point of the grid."""
        return [self.chance_held(param, tell) for param in self.grid]


@cache
def _component(family: TellFamily, style: PlayStyle) -> tuple[float, ...]:
    """A style's prior over a family's grid: fixed, so computed once."""
    return family.component(style)


def _normalised(ws: Sequence[float]) -> tuple[float, ...]:
    total = sum(ws)
    return tuple(w / total for w in ws)


def _beta_prior(
    grid: Sequence[float], top: float, mean: float, strength: float
) -> tuple[float, ...]:
    mean = min(max(mean, 0.02 * top), 0.98 * top)
    a, b = strength * mean / top, strength * (1 - mean / top)
    return _normalised(
        [math.exp((a - 1) * math.log(x / top) + (b - 1) * math.log(1 - x / top)) for x in grid]
    )


def _laplace_prior(grid: Sequence[float], centre: float, scale: float) -> tuple[float, ...]:
    return _normalised([math.exp(-abs(c - centre) / scale) for c in grid])


_DOUBLES_GRID = tuple(2 * (i + 0.5) / 24 for i in range(24))
_CARE_GRID = tuple(0.5 * i for i in range(-8, 21))

DOUBLES_STRENGTH = 8.0
"""How many observations the style's λ is worth (a Beta prior of that weight)."""
CARE_SCALE = 1.5
"""Spread of the prior on c around the style's centre (a Laplace distribution)."""


def _none_of_the_value(lam: float, tell: Tell) -> tuple[float, ...]:
    """A card laid (or led) from a pair: a deal giving the player no other of the value keeps
    the share λ of its weight."""
    return (lam, *(1.0,) * (len(tell.counts) - 1))


FAMILIES: dict[str, TellFamily] = {
    "doubles": TellFamily(
        "doubles",
        _DOUBLES_GRID,
        lambda style: _beta_prior(_DOUBLES_GRID, 2.0, style.doubles, DOUBLES_STRENGTH),
        _none_of_the_value,
    ),
    "lead": TellFamily(
        "lead",
        _DOUBLES_GRID,
        lambda style: _beta_prior(_DOUBLES_GRID, 2.0, style.lead, DOUBLES_STRENGTH),
        _none_of_the_value,
    ),
    "sweepable": TellFamily(
        "sweepable",
        _CARE_GRID,
        lambda style: _laplace_prior(_CARE_GRID, style.care, CARE_SCALE),
        lambda c, tell: tuple(math.exp(-c * r) for r in tell.risk[: len(tell.counts)]),
    ),
}
"""The tells read, by kind."""

TABLE_WEIGHT = 2.0
"""How many of a player's own tells the rest of the table's record is worth."""


def find_tells(state: GameState, steps: Sequence[HistoryStep] | None = None) -> list[Tell]:
    """Every tell of the kinds in :data:`FAMILIES` read from the history, the confirmed ones
    marked."""
    rules = state.rules
    steps = history(state) if steps is None else steps
    out: list[Tell] = []
    for step in steps:
        played = VALUE_OF[step.card]
        for t in out:
            if t.seat == step.seat and t.deal_index == step.deal_index and played in t.values:
                t.confirmed = True
        remaining = step.unknown_before - (1 if step.learned else 0)
        if remaining <= 0 or step.last_play:
            continue
        pool = step.unplaced
        if not step.capture:
            out.append(
                Tell(
                    "doubles" if step.table_before else "lead",
                    step.seat,
                    (played,),
                    step.number,
                    step.deal_index,
                    _counts(pool, played, remaining),
                    card=step.card,
                    table=step.table_before | 1 << step.card,
                    unknown=remaining,
                )
            )
            continue  # a table left sweepable by a card laid is no tell (measured: docs/tracker.md)
        after = step.table_before & ~step.capture
        nxt = (step.seat + 1) % rules.players
        v = sweep_value(after, rules.capture_precedence) if after else None
        if v is None or nxt % rules.sides == step.seat % rules.sides:
            continue
        # What the player saw: every card but their own, the table and the captures.
        unseen_by_them = pool.bit_count() - remaining + step.known.bit_count()
        out_v = (pool & VALUE_MASKS[v]).bit_count() + (step.known & VALUE_MASKS[v]).bit_count()
        next_hand = remaining + (1 if nxt != 0 else 0)  # the next player has not played yet
        # (a count n the facts rule out gets a risk too, clamped: its weight never counts)
        risk = tuple(
            hypergeometric_any(unseen_by_them, min(max(out_v - n, 0), unseen_by_them), next_hand)
            for n in range(5)
        )
        out.append(
            Tell(
                "sweepable" if step.capture else "sweepable-lay",
                step.seat,
                (v,),
                step.number,
                step.deal_index,
                _counts(pool, v, remaining),
                risk,
                card=step.card,
                table=after,
                unknown=remaining,
            )
        )
    return [t for t in out if t.kind in FAMILIES]


def _counts(pool: int, value: int, drawn: int) -> tuple[float, ...]:
    return hypergeometric_counts(pool.bit_count(), (pool & VALUE_MASKS[value]).bit_count(), drawn)


def standing_tells(state: GameState, tells: list[Tell]) -> list[Tell]:
    """Tells that still say something about cards the player holds now; the others are
    marked confirmed or refuted."""
    pool = state.unplaced()
    out = []
    for t in tells:
        if t.confirmed:
            continue
        mask = VALUE_MASKS[t.values[0]]
        if state.hands[t.seat] & mask:
            t.confirmed = True  # known to hold one
        elif t.deal_index != state.deal_index or not state.unknown[t.seat] or not pool & mask:
            t.refuted = True  # the holding ran out, or no card of the value is left unseen
        else:
            out.append(t)
    return out


def _log_likelihood(family: TellFamily, held: float, tell: Tell) -> list[float]:
    """The log-likelihood of one tell's outcome at each point of the family's grid."""
    out = []
    for p in family.chances_held(tell):
        p = min(max(p, 1e-12), 1 - 1e-12)
        out.append(held * math.log(p) + (1 - held) * math.log(1 - p))
    return out


def _log_likelihood_pending(family: TellFamily, kept: float, tell: Tell) -> list[float]:
    """The log-likelihood of a tell not out yet: had the player held a card of the value, it
    would still be in hand with chance ``kept`` (the share of their cards not played since)."""
    return [math.log(max(1 - p + p * kept, 1e-12)) for p in family.chances_held(tell)]


def learn_tells(
    state: GameState,
    viewer: int,
    tells: Sequence[Tell],
    styles: dict[int, dict[str, float]] | None = None,
) -> dict[int, dict[str, float]]:
    """Per other player and kind of tell, the posterior mean of its parameter, from a prior by
    the player's style (``styles``: P(style) per seat, :mod:`tutor.counting.style`)."""
    # Per kind, per seat: the summed log-likelihood over the grid and the number of tells.
    sums: dict[tuple[str, int], tuple[list[float], int]] = {}
    for t in tells:
        if t.seat == viewer:
            continue
        family = FAMILIES[t.kind]
        if t.confirmed or t.refuted:
            ll = _log_likelihood(family, 1.0 if t.confirmed else 0.0, t)
        else:  # not out yet: none of the value played since, each held card as likely to go
            kept = state.unknown[t.seat] / t.unknown if t.unknown else 1.0
            ll = _log_likelihood_pending(family, kept, t)
        acc, n = sums.get((t.kind, t.seat), ([0.0] * len(family.grid), 0))
        sums[(t.kind, t.seat)] = ([a + b for a, b in zip(acc, ll, strict=True)], n + 1)
    out: dict[int, dict[str, float]] = {}
    seats = [s for s in range(state.rules.players) if s != viewer]
    for kind, family in FAMILIES.items():
        zero = ([0.0] * len(family.grid), 0)
        for seat in seats:
            own, _weight = sums.get((kind, seat), zero)
            table = [0.0] * len(family.grid)
            n_others = 0
            for other in seats:
                if other != seat:
                    ll, n = sums.get((kind, other), zero)
                    table = [a + b for a, b in zip(table, ll, strict=True)]
                    n_others += n
            share = min(1.0, TABLE_WEIGHT / n_others) if n_others else 0.0
            prior = family.prior((styles or {}).get(seat))
            logs = [
                math.log(max(w, 1e-300)) + x + share * y
                for w, x, y in zip(prior, own, table, strict=True)
            ]
            top = max(logs)
            ws = [math.exp(x - top) for x in logs]
            mean = sum(w * g for w, g in zip(ws, family.grid, strict=True)) / sum(ws)
            out.setdefault(seat, {})[kind] = mean
    return out


def tell_terms(
    tells: Sequence[Tell],
    params: dict[int, dict[str, float]],
    carelessness: dict[int, float] | None = None,
) -> list[Term]:
    """The standing tells as deal weights, each by its player's learned parameter; a player
    careless with probability η shows the tell only otherwise: η + (1 - η) w."""
    terms = []
    for t in tells:
        param = params.get(t.seat, {}).get(t.kind)
        if param is None:
            continue
        eta = (carelessness or {}).get(t.seat, 0.0)
        w = tuple(eta + (1 - eta) * x for x in FAMILIES[t.kind].weights(param, t))
        terms.append(Term(t.seat, t.values, by_count=w))
    return terms
