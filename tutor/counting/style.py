"""How a player plays, read from the hand: a grabber, a careful player or a careless one.

The same play says different things from different players. A careful player who captures and
leaves the next opponent a table one card of value v sweeps probably holds a v; a player who
always takes the most at once leaves such tables whatever they hold, and if they held a v they
would often have taken that table with it instead. So before a tell is read, the hand is asked
what kind of player made it.

The yardstick is :func:`tutor.game.scoring.immediate_gain` (scopa, settebello, denari, cards,
and for a lay the card least worth giving away). Three styles (:data:`STYLES`) follow it to
different degrees: a style plays the card of most immediate gain with probability α and
otherwise any card alike. A **grabber** (α = 0.99) is the greedy player, a **careless** player
(α = 0) the random one, a **careful** player (α = 0.5, the maximum-likelihood fit to the
chitarrella player's plays) weighs more than the gain. Every play is evidence
(:func:`play_evidence`): it could be the play of most gain only if no card then in hand would
have gained more, which is certain to have failed once the player plays such a card later (a
*departure*: every card played was held at each earlier play of the same deal) and otherwise as
likely as their unseen cards holding none of those that would have.

Each style comes with the tells' strengths measured on its computer player (maximum likelihood
over every tell of 100 hands of scopone scientifico, resolved at the hand's end): a grabber's
sweepable tables say a little *against* holding the value (c = -1), their cards laid on a table
something (λ = 0.62) and their leads nothing; a careful player's say much (c = 7, λ = 0.54, a
lead 0.29); a careless one's next to nothing. And with each style, how far a passed-up gain
says the player holds none of the value (:func:`passed_gains`): a deal giving it to them keeps
κ = 0.01 of its weight for a grabber and all of it for a careless one; for a careful player κ
depends on what the gain was (:data:`GAIN_KINDS`): 0.4 for more denari, but 1 for a cheaper
card to lay, which says nothing of how the chitarrella player plays. A person is read as a mix
of the three, by the posterior over styles (:func:`style_posterior`).

>>> careful = STYLES[1]
>>> careful.name, careful.follows_gain
('careful', 0.5)
>>> grabbing = (12, {"grabber": -4.0, "careful": -9.0, "careless": -20.0})
>>> posterior = style_posterior({1: grabbing}, viewer=0, seats=(1, 2, 3))
>>> round(posterior[1]["grabber"], 3)  # twelve plays of their own
0.993
>>> round(posterior[2]["grabber"], 3)  # none yet: the others and the neutral prior, averaged
0.663
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb

from tutor.counting.defaults import STATED_SHARE
from tutor.counting.tracker import HistoryStep, history, viewer_state
from tutor.counting.weights import Term
from tutor.game.captures import VALUE_OF
from tutor.game.cards import VALUE_MASKS, indexes_of
from tutor.game.errors import TutorError
from tutor.game.i18n import _, plain_decimal, typed_words
from tutor.game.rules import Ruleset
from tutor.game.scoring import immediate_gain
from tutor.game.state import GameState, moves_of

__all__ = [
    "PlayStyle",
    "STYLES",
    "STYLE_PRIOR",
    "TABLE_PRIOR_WEIGHT",
    "play_evidence",
    "departures",
    "passed_gains",
    "gain_terms",
    "gain_weight",
    "GAIN_KINDS",
    "gain_kind",
    "style_posterior",
    "StylePriors",
    "CARRY_RETURN",
    "check_share",
    "stated_style",
    "parse_stated_style",
    "StyleError",
    "carry_styles",
    "styles_by_seat",
]


@dataclass(frozen=True)
class PlayStyle:
    """A way of playing: how often it departs from the immediate gain, and how strongly its
    tells speak (the centres of the priors of :mod:`tutor.counting.tells`)."""

    name: str
    follows_gain: float
    """α: how often a play is the one of most immediate gain (otherwise any card alike)."""
    doubles: float
    """λ: the weight a deal keeps when it gives a player who laid a value on the table no other
    of it."""
    lead: float
    """The same for a card led on an empty table (after a scopa, or the first play)."""
    care: float
    """c: the strength of the sweepable tell (below 0: it says the player holds none)."""
    passed_gain: tuple[float, ...]
    """κ, per kind of gain (:data:`GAIN_KINDS`): the weight a deal keeps, per play, when it
    gives the player a value that would have gained more at once than the play they made."""


STYLES: tuple[PlayStyle, ...] = (
    PlayStyle("grabber", 0.99, 0.62, 1.0, -1.0, (0.01, 0.01, 0.01, 0.01)),
    # κ by kind of gain: maximum likelihood over every passed-up gain in 400 hands of
    # chitarrella play (seeds 5 and 6 of the calibration benchmark's deals, every seat and
    # play; each seed alone gave denari 0.40 / 0.42, cards 0.70 / 0.82, a capture 0.84 / 0.92,
    # a cheaper lay 1.0 / 1.0; one κ for all gave 0.86 / 0.92). docs/tracker.md, passed-up gains.
    PlayStyle("careful", 0.5, 0.54, 0.29, 7.0, (0.4, 0.75, 0.88, 1.0)),
    PlayStyle("careless", 0.0, 0.96, 0.79, 0.0, (1.0, 1.0, 1.0, 1.0)),
)
"""The styles, measured on the greedy, chitarrella and random players (module docstring)."""

STYLE_PRIOR: dict[str, float] = {"grabber": 1 / 3, "careful": 1 / 3, "careless": 1 / 3}
"""Before the hand shows anything, each style is as likely as the others."""

CARRY_RETURN = 0.1
"""The share of a player's style, as the earlier hands of a match left it, that goes back to
:data:`STYLE_PRIOR` before the next hand: players change, and the three styles are a model."""

StylePriors = Mapping[int, Mapping[str, float]]
"""Per seat, a prior over styles known before the hand: stated by the user or carried from the
earlier hands of a match. A seat without one takes the table's (:func:`style_posterior`)."""

TABLE_PRIOR_WEIGHT = 1.0
"""How many players' worth the neutral prior counts for beside the rest of the table, in a
player's prior over styles (:func:`style_posterior`)."""


Gain = tuple[int, ...]

GAIN_KINDS = ("denari", "cards", "capture", "cheaper_lay")
"""What a passed-up gain would have gained over the play made: more denari than its capture,
as many denari and more cards, a capture where the player laid a card, or a card laid that is
worth less to give away. (The JSON's names.)"""

PassedCounts = tuple[int, ...]
"""Passed-up plays of one value, counted by kind (one count per :data:`GAIN_KINDS`)."""

NO_PASSES: PassedCounts = (0,) * len(GAIN_KINDS)


class StyleError(TutorError):
    """A style of play stated wrongly (``West=nope``, a share that is not a number)."""


def gain_kind(chosen: Gain, better: Gain) -> int:
    """The index in :data:`GAIN_KINDS` of what ``better`` gains over ``chosen``, two immediate
    gains (:func:`~tutor.game.scoring.immediate_gain`) with the same scopa and settebello.

    >>> GAIN_KINDS[gain_kind((0, 0, 1, 2, 0), (0, 0, 2, 2, 0))]
    'denari'
    >>> GAIN_KINDS[gain_kind((0, 0, 0, 0, -10), (0, 0, 0, 2, 0))]
    'capture'
    >>> GAIN_KINDS[gain_kind((0, 0, 0, 0, -10), (0, 0, 0, 0, -8))]
    'cheaper_lay'
    """
    if not chosen[3]:
        return 3 if not better[3] else 2
    return 0 if better[2] > chosen[2] else 1


GAIN_CACHE_LIMIT = 1 << 16
"""At most this many best gains are kept per ruleset (then the cache starts again)."""

_GAINS: dict[Ruleset, dict[int, Gain]] = {}
"""Per ruleset, :func:`best_gain` by ``table << 6 | card``: plain dicts of numbers, which the
garbage collector stops tracking, not an ``lru_cache``, whose entries it walks at every full
collection. A long run fills the cache, and those collections were the tracker's slowest plays
(docs/tracker.md, Speed)."""


def best_gain(rules: Ruleset, table: int, card: int) -> Gain:
    """The most ``card`` could gain at once on ``table`` (its best legal play there)."""
    cache = _GAINS.get(rules)
    if cache is None:
        cache = _GAINS[rules] = {}
    key = table << 6 | card
    hit = cache.get(key)
    if hit is None:
        if len(cache) >= GAIN_CACHE_LIMIT:
            cache.clear()
        hit = cache[key] = max(
            immediate_gain(rules, table, m.card, m.capture, False)
            for m in moves_of(1 << card, table, rules)
        )
    return hit


def _chosen(rules: Ruleset, step: HistoryStep) -> Gain:
    """What the play made at ``step`` gained at once."""
    return immediate_gain(rules, step.table_before, step.card, step.capture, False)


def _played_later(steps: Sequence[HistoryStep], i: int) -> Iterator[HistoryStep]:
    """The later plays of the player of ``steps[i]`` from the same deal: each card was in
    their hand at play ``i``."""
    step = steps[i]
    for later in steps[i + 1 :]:
        if later.seat == step.seat and later.deal_index == step.deal_index:
            yield later


def departures(steps: Sequence[HistoryStep], rules: Ruleset) -> dict[int, tuple[int, int]]:
    """Per seat, (comparisons, departures): each earlier play of the seat set against each card
    the seat played later from the same deal (so held then)."""
    out: dict[int, tuple[int, int]] = {}
    for i, step in enumerate(steps):
        if step.last_play:
            continue
        chosen = _chosen(rules, step)
        n, d = out.get(step.seat, (0, 0))
        for later in _played_later(steps, i):
            n += 1
            d += best_gain(rules, step.table_before, later.card) > chosen
        out[step.seat] = (n, d)
    return out


def play_evidence(
    steps: Sequence[HistoryStep], state: GameState, viewer: int
) -> dict[int, tuple[int, dict[str, float]]]:
    """Per other seat, the plays read and their log-likelihood under each style.

    A style follows the immediate gain with probability α (:attr:`PlayStyle.follows_gain`) and
    otherwise plays any card alike. Following the gain, a play is possible only if no card held
    then would have gained more: certain to have failed if a card the seat played later would
    have (a departure), otherwise as likely as the seat's hidden cards hold none of the cards
    still unseen that would have (on the facts now); tied cards share the choice. So
    P(play | style) = α · P(it was the best) + (1 - α) / (cards held then), up to a factor common
    to every style.
    """
    rules = state.rules
    pool = state.unplaced()
    unseen = pool.bit_count()
    out: dict[int, tuple[int, dict[str, float]]] = {}
    for i, step in enumerate(steps):
        seat, held = step.seat, step.unknown_before
        if seat == viewer or step.last_play or held <= 1:
            continue
        chosen = _chosen(rules, step)
        departed, ties = False, 0
        for later in _played_later(steps, i):
            g = best_gain(rules, step.table_before, later.card)
            departed |= g > chosen
            ties += g == chosen
        best = 0.0
        if not departed:
            hidden = state.unknown[seat] if step.deal_index == state.deal_index else 0
            better = tied = 0
            if hidden:
                for c in indexes_of(pool):
                    g = best_gain(rules, step.table_before, c)
                    better += g > chosen
                    tied += g == chosen
            clear = comb(unseen - better, hidden) / comb(unseen, hidden) if hidden else 1.0
            best = clear / (1 + ties + (hidden * tied / unseen if unseen else 0.0))
        n, logs = out.get(seat, (0, {s.name: 0.0 for s in STYLES}))
        for style in STYLES:
            a = style.follows_gain
            logs[style.name] += math.log(a * best + (1 - a) / held)
        out[seat] = (n + 1, logs)
    return out


def passed_gains(
    steps: Sequence[HistoryStep], state: GameState, viewer: int
) -> dict[int, dict[int, PassedCounts]]:
    """Per other seat and value, how many of the seat's plays in the current deal a card of the
    value would have beaten at once, whatever its suit among the cards still unseen (and none
    of the value played by them since), counted by kind of gain (:data:`GAIN_KINDS`). Sweeps
    and the settebello are left to the readings (:mod:`tutor.counting.readings`): only plays
    that a value would have beaten on denari, cards or the worth of the card laid count here."""
    rules = state.rules
    pool = state.unplaced()
    out: dict[int, dict[int, PassedCounts]] = {}
    for i, step in enumerate(steps):
        seat = step.seat
        if (
            seat == viewer
            or step.last_play
            or step.deal_index != state.deal_index
            or step.unknown_before <= 1
            or not state.unknown[seat]
        ):
            continue
        later = 0
        for s in _played_later(steps, i):
            later |= VALUE_MASKS[VALUE_OF[s.card]]
        chosen = _chosen(rules, step)
        for value in range(1, 11):
            cards = pool & VALUE_MASKS[value] & ~later
            if not cards:
                continue
            alt = min(best_gain(rules, step.table_before, c) for c in indexes_of(cards))
            if alt > chosen and alt[:2] == chosen[:2]:
                by_value = out.setdefault(seat, {})
                k = gain_kind(chosen, alt)
                was = by_value.get(value, NO_PASSES)
                by_value[value] = (*was[:k], was[k] + 1, *was[k + 1 :])
    return out


def gain_terms(
    passed: dict[int, dict[int, PassedCounts]], styles: dict[int, dict[str, float]]
) -> list[Term]:
    """The passed-up gains as deal weights: a deal that gives a seat a value it passed up keeps
    :func:`gain_weight` of its weight."""
    terms = []
    for seat, by_value in passed.items():
        for value, counts in sorted(by_value.items()):
            w = gain_weight(styles.get(seat), counts)
            if w < 1.0:
                terms.append(Term(seat, (value,), some=w, none=1.0))
    return terms


def gain_weight(style: dict[str, float] | None, counts: PassedCounts) -> float:
    """The weight a deal keeps when it gives a player of ``style`` (P by name; default
    :data:`STYLE_PRIOR`) a value passed up ``counts`` times: κ^m per kind, κ the style-weighted
    mean of :attr:`PlayStyle.passed_gain`.

    >>> gain_weight({"careful": 1.0}, (0, 0, 0, 2))  # cheaper lays: a careful player's say nothing
    1.0
    >>> round(gain_weight({"careful": 1.0}, (1, 0, 0, 1)), 6)
    0.4
    >>> round(gain_weight({"grabber": 0.5, "careless": 0.5}, (0, 0, 0, 1)), 6)
    0.505
    """
    style = STYLE_PRIOR if style is None else style
    w = 1.0
    for k, m in enumerate(counts):
        if m:
            w *= sum(style.get(s.name, 0.0) * s.passed_gain[k] for s in STYLES) ** m
    return w


def _normalise(logs: dict[str, float]) -> dict[str, float]:
    top = max(logs.values())
    ws = {k: math.exp(x - top) for k, x in logs.items()}
    total = sum(ws.values())
    return {k: w / total for k, w in ws.items()}


def style_posterior(
    evidence: dict[int, tuple[int, dict[str, float]]],
    viewer: int,
    seats: Iterable[int],
    known: StylePriors | None = None,
) -> dict[int, dict[str, float]]:
    """Per seat other than the viewer, P(style) given its own plays (:func:`play_evidence`),
    from a prior that the rest of the table sets.

    How the others at the table play says something of a player (people at one table tend to
    play alike), but not that they all play the same: the prior is the mean of the others' own
    posteriors (each from their plays alone) and of :data:`STYLE_PRIOR` counted
    :data:`TABLE_PRIOR_WEIGHT` times. The viewer is left out: how the one being tutored plays
    says nothing of the others. A seat whose style is ``known`` before the hand (stated, or
    carried from earlier hands: :data:`StylePriors`) starts from that instead.
    """
    names = [s.name for s in STYLES]
    seats = [s for s in seats if s != viewer]
    known = known or {}
    alone = {
        seat: _normalise(
            {
                k: _log(known.get(seat, STYLE_PRIOR).get(k, 0.0))
                + evidence.get(seat, (0, {}))[1].get(k, 0.0)
                for k in names
            }
        )
        for seat in seats
    }
    out: dict[int, dict[str, float]] = {}
    for seat in seats:
        if seat in known:  # its own prior and its own plays: as read alone
            out[seat] = alone[seat]
            continue
        others = [
            alone[o] for o in seats if o != seat and (evidence.get(o, (0, {}))[0] or o in known)
        ]
        weight = TABLE_PRIOR_WEIGHT + len(others)
        prior = {
            k: (TABLE_PRIOR_WEIGHT * STYLE_PRIOR[k] + sum(p[k] for p in others)) / weight
            for k in names
        }
        own = evidence.get(seat, (0, {}))[1]
        out[seat] = _normalise({k: math.log(prior[k]) + own.get(k, 0.0) for k in names})
    return out


def _log(p: float) -> float:
    return math.log(max(p, 1e-9))


def check_share(share: float) -> None:
    """ValueError unless ``share`` can be how sure a stated style is: above 0, at most 1.

    >>> check_share(1.0)
    >>> check_share(0.0)
    Traceback (most recent call last):
    tutor.counting.style.StyleError: a style's share must be above 0 and at most 1, not 0.0
    """
    if not 0.0 < share <= 1.0:
        raise StyleError(
            _("a style's share must be above 0 and at most 1, not {p}").format(p=share)
        )


def stated_style(name: str, share: float = STATED_SHARE) -> dict[str, float]:
    """The prior over styles for a player said to play in style ``name``: ``share`` on it, the
    rest shared by the other styles.

    >>> stated_style("grabber")
    {'grabber': 0.9, 'careful': 0.05, 'careless': 0.05}
    """
    names = [s.name for s in STYLES]
    if name not in names:
        raise StyleError(
            _("unknown style {name!r}; choose from {names}").format(
                name=name,
                names=", ".join(_(n) for n in names),  # as they may be typed here
            )
        )
    check_share(share)
    rest = (1.0 - share) / (len(names) - 1)
    return {k: round(share if k == name else rest, 12) for k in names}


def parse_stated_style(text: str) -> tuple[str, dict[str, float]]:
    """``PLAYER=STYLE`` or ``PLAYER=STYLE:SHARE`` as (player, prior over styles).

    >>> parse_stated_style("West=careless:0.8")
    ('West', {'grabber': 0.1, 'careful': 0.1, 'careless': 0.8})
    """
    player, eq, rest = text.partition("=")
    if not eq or not player.strip() or not rest.strip():
        raise StyleError(_("{text!r}: write PLAYER=STYLE, or PLAYER=STYLE:SHARE").format(text=text))
    name, colon, share = rest.strip().partition(":")
    try:
        p = float(plain_decimal(share)) if colon else STATED_SHARE  # 0,8 as written in Italian
    except ValueError:
        raise StyleError(
            _("{text!r}: the share must be a number, not {share!r}").format(text=text, share=share)
        ) from None
    # the style's name in any language of the tutor, whichever the run speaks, as answers are
    # read (``West=arraffone`` in an English run too)
    key = name.strip().lower()
    prior = stated_style(next((s.name for s in STYLES if key in typed_words((s.name,))), key), p)
    return player.strip(), prior


def carry_styles(
    known: StylePriors | None, state: GameState, viewer: int | None
) -> dict[int, dict[str, float]]:
    """Per seat, the prior over styles for the next hand of a match: what ``known`` said before
    the hand ``state`` ends, updated by every play of that hand, and :data:`CARRY_RETURN` of it
    returned to :data:`STYLE_PRIOR`.

    ``state`` is the hand as ``viewer`` saw it (the other seats only), or with ``viewer`` None a
    finished hand with every card shown: each player's plays are then read as the others saw
    them (nobody saw a player's cards before they were played).
    """
    if viewer is None:
        evidence: dict[int, tuple[int, dict[str, float]]] = {}
        for reader in (0, 1):  # reader 0 reads every seat but its own, which reader 1 reads
            view = viewer_state(state, reader)
            for seat, read in play_evidence(history(view), view, reader).items():
                evidence.setdefault(seat, read)
        seats = list(range(state.rules.players))
    else:
        evidence = play_evidence(history(state), state, viewer)
        seats = [s for s in range(state.rules.players) if s != viewer]
    posterior = style_posterior(
        evidence, -1, seats, {s: (known or {}).get(s, STYLE_PRIOR) for s in seats}
    )
    return {
        seat: {k: (1 - CARRY_RETURN) * p + CARRY_RETURN * STYLE_PRIOR[k] for k, p in post.items()}
        for seat, post in posterior.items()
    }


def styles_by_seat(
    players: Sequence[str], by_name: Mapping[str, Mapping[str, float]]
) -> dict[int, Mapping[str, float]]:
    """Styles known by player name (as users and match files give them) by seat, for the
    players of ``players`` (the seating of one hand)."""
    return {players.index(name): prior for name, prior in by_name.items() if name in players}
