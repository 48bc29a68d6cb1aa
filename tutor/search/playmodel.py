"""A model of how people play: every observed play is evidence about the hidden hands.

A player chooses among the moves their hand allows. The model says how: a softmax over the
rule-based player's scores (:class:`~tutor.search.players.ChitarrellaPlayer`), so that a move
the maxims rate highly is likely and one they rate poorly is not, at a *temperature* that says
how carefully the player follows them. A small share of every choice is left to chance, so that
no single surprising play can rule a deal out:

    P(move | hand) = (1 - ε) · exp(score(move) / T) / Σ exp(score(m) / T) + ε / (number of moves)

How careful a player is, nobody knows in advance: each player has a *care level* (a temperature,
down to plain chance) drawn from a prior set by the trust in readings (``--trust-readings``),
and the hand's plays teach which level fits them. For a deal of the unseen cards, a player's
hand at each of their plays is the cards the deal gives them now plus the cards they played
since; the deal's weight is the likelihood of everything the viewer saw them play:

    weight(deal) = Π over other players Σ over care levels  prior(level) · Π over their plays
                   P(play | hand at that play, level)

and, since the players of one table tend to be alike, a share :data:`CARELESS_TABLE` of the
prior goes to a table where every player plays at random (which reads nothing, and fades as
soon as the plays look chosen): the weight is that share times the plays' likelihood at plain
chance, plus the rest times the product above.

A passed-up sweep, a settebello left, a value laid from a double, a seven not taken: each is one
such play, so the readings of :mod:`tutor.counting.readings` are special cases and are not
counted again (the sampler divides their weight out, see :func:`iter_read_deals`).
``docs/solver.md`` states the model and measures it.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S",
...                          [["3S", "AD", "6B"], ["AC", "FB", "7S"]])
>>> s.push(s.parse_move("3S"))          # 2 + 3 + 5 = 10 on the table
>>> s.push(s.parse_move("7S x 2C 5S"))  # seat 1 could have swept with a 10 and did not
>>> model = PlayModel(seat_view(s, 0), 0)
>>> [(o.number, o.seat) for o in model.observed]
[(2, 1)]
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from tutor.counting.assignment import iter_deals
from tutor.counting.defaults import TRUST_DEFAULT
from tutor.counting.style import StylePriors
from tutor.game.cards import VALUE_MASKS, indexes_of
from tutor.game.scoring import immediate_gain
from tutor.game.state import GameState, Move, moves_of
from tutor.search.players import (
    ChitarrellaPlayer,
    Context,
    assignments,
    multinomial,
    seat_view,
)

__all__ = [
    "CareLevel",
    "CARE_LEVELS",
    "CHANCE",
    "CARELESS_TABLE",
    "care_prior",
    "style_care_prior",
    "Observed",
    "PlayModel",
    "ENUMERATE_LIMIT",
    "iter_read_deals",
    "ReadOdds",
    "read_odds",
]


@dataclass(frozen=True)
class CareLevel:
    """How carefully a player follows the maxims: the softmax temperature (points of the rule
    score; ``math.inf``: plain chance). A *grabbing* level follows no maxim but the immediate
    gain (:func:`tutor.game.scoring.immediate_gain`): the move of most gain, ties alike."""

    name: str
    temperature: float
    grabbing: bool = False


CARE_LEVELS: tuple[CareLevel, ...] = (
    CareLevel("careful", 0.25),
    CareLevel("steady", 1.0),
    CareLevel("loose", 4.0),
    CareLevel("grabber", 0.0, grabbing=True),
    CareLevel("random", math.inf),
)
"""The care levels a player may have: the maxims' from most careful to loose, the grabber
(who takes the most at once: the styles of :mod:`tutor.counting.style`), and plain chance."""

CHANCE = 0.3
"""ε: the share of every choice left to chance, at any care level. Fitted by the calibration
benchmark (``tutor bench calibration --model play``, 12 hands of each kind of play, seed 1:
per-card Brier best at 0.3 among 0.03, 0.15, 0.3 and 0.45 under chitarrella and greedy play)
and checked on other hands (30 of seed 2); at the former 0.03 the odds were overconfident
(stated 0.85, observed 0.68). docs/solver.md has the figures."""


CARELESS_TABLE = 0.4
"""The prior share of a table where every player plays at random (a table of beginners: the
players of one table tend to be alike), beside the share where each player has their own care
level from :func:`care_prior`. A careless table reads nothing, so early in a hand it tempers
every read, and it fades as soon as the plays look chosen. Fitted by the calibration benchmark
(``tutor bench calibration --model play``, 30 hands of each kind of play, seed 2: among 0, 0.4
and 0.8, 0.4 brought random play within 0.003 of the facts alone and left chitarrella and
greedy play as they were); docs/solver.md has the figures."""


def care_prior(trust: float) -> tuple[float, ...]:
    """The prior over :data:`CARE_LEVELS` for a trust in readings of ``trust`` (0 to 1).

    ``trust`` 1 gives every level the same chance; lower trust moves the chance of the careful
    levels to plain chance, until at 0 nothing is read. The hand then decides which level fits
    each player (``docs/solver.md`` states the model).

    >>> [round(p, 3) for p in care_prior(0.9)]
    [0.18, 0.18, 0.18, 0.18, 0.28]
    """
    t = min(max(trust, 0.0), 1.0)
    share = t / len(CARE_LEVELS)
    careful = len(CARE_LEVELS) - 1
    return (*(share,) * careful, 1.0 - careful * share)


def style_care_prior(trust: float, style: Mapping[str, float]) -> tuple[float, ...]:
    """The prior over :data:`CARE_LEVELS` for a player whose style of play (the tracker's,
    :mod:`tutor.counting.style`) is ``style``: a careful player's share spread over the three
    levels that follow the maxims, a grabber's on the grabber level, a careless one's on plain
    chance; and, as in :func:`care_prior`, ``1 - trust`` on plain chance.

    >>> [round(p, 3) for p in style_care_prior(0.9, {"grabber": 1.0})]
    [0.0, 0.0, 0.0, 0.9, 0.1]
    """
    t = min(max(trust, 0.0), 1.0)
    careful = style.get("careful", 0.0) * t / 3
    return (careful, careful, careful, style.get("grabber", 0.0) * t,
            1.0 - 3 * careful - style.get("grabber", 0.0) * t)  # fmt: skip


@dataclass(frozen=True)
class Observed:
    """One play the viewer saw another player make, with the public facts of that moment."""

    number: int
    """The play's number in the hand (1 = the first)."""
    seat: int
    move: Move
    table: int
    captured: int
    """Every card captured before the play."""
    next_hand: int
    deck_left: int
    in_hands: int
    since: int
    """The cards the same player played from this play on, up to now: this play's card and
    the later ones (same deal)."""


class PlayModel:
    """The likelihood of the other players' plays seen from ``viewer``'s seat, for any deal.

    ``view`` is the viewer's view with its history (:func:`~tutor.search.players.seat_view`).
    """

    def __init__(
        self,
        view: GameState,
        viewer: int,
        trust: float = TRUST_DEFAULT,
        levels: Sequence[CareLevel] = CARE_LEVELS,
        chance: float = CHANCE,
        player: ChitarrellaPlayer | None = None,
        counting_plies: int = 0,
        counting_heat: float = 1.0,
        phases: bool = False,
        styles: StylePriors | None = None,
        careless_table: float | None = None,
    ) -> None:
        self.rules = view.rules
        self.viewer = viewer
        self.levels = tuple(levels)
        prior = care_prior(trust) if levels is CARE_LEVELS else (1.0 / len(levels),) * len(levels)
        self.log_prior = [math.log(p) if p > 0 else -math.inf for p in prior]
        self.seat_log_prior: dict[int, list[float]] = {}
        if styles is not None and levels is CARE_LEVELS:
            for seat, style in styles.items():
                by_level = style_care_prior(trust, style)
                self.seat_log_prior[seat] = [math.log(p) if p > 0 else -math.inf for p in by_level]
        self.chance = chance
        chance_level = next(
            (i for i, lv in enumerate(self.levels) if math.isinf(lv.temperature)), None
        )
        share = CARELESS_TABLE if careless_table is None else min(max(careless_table, 0.0), 1.0)
        if styles or chance_level is None:
            share = 0.0  # styles known before the hand already say who plays at random
        self.careless_table = share
        self._chance_level = chance_level or 0  # its sum counts only when ``share`` is above 0
        self._log_table = math.log(share) if share > 0 else -math.inf
        self._log_apart = math.log1p(-share) if share < 1 else -math.inf
        self.player = player or ChitarrellaPlayer(count_limit=0)
        self.observed = _observed(view, viewer)
        self.counting_plies = counting_plies
        self.counting_heat = counting_heat
        self.phases = phases
        self._group()
        self._cache: dict[tuple[int, int], tuple[float, ...]] = {}
        self._memo: dict[tuple[int, Move], tuple[tuple[int, ...], dict[int, float]]] = {}
        self._card_moves: list[dict[int, tuple[list[Move], list[tuple[int, ...]]]]] = [
            {} for _o in self.observed
        ]

    def _group(self) -> None:
        """The plays that share a care level: each player's (and, with ``phases``, apart
        before and within the last ``counting_plies`` plays)."""
        groups: dict[tuple[int, bool], list[int]] = {}
        for k, o in enumerate(self.observed):
            late = self.phases and o.in_hands + o.deck_left <= self.counting_plies
            groups.setdefault((o.seat, late), []).append(k)
        self.groups = [groups[key] for key in sorted(groups)]
        self.group_seats = [key[0] for key in sorted(groups)]

    def play_log_likelihoods(self, k: int, hand: int) -> tuple[float, ...]:
        """log P(observed play ``k`` | the player held ``hand`` then), at each care level."""
        key = (k, hand)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        o = self.observed[k]
        moves, gains = self._moves(k, hand)
        n = len(moves)
        if n <= 1:
            out = (0.0,) * len(self.levels)
        else:
            scores = self._scores(k, hand, moves)
            mine = moves.index(o.move)
            top = max(scores)
            eps = self.chance
            chance = eps / n
            heat = self.counting_heat if o.in_hands + o.deck_left <= self.counting_plies else 1.0
            exp = math.exp
            logs = []
            for level in self.levels:
                if level.grabbing:
                    best = max(gains)
                    is_best = gains[mine] == best
                    logs.append(math.log((1 - eps) * (is_best / gains.count(best)) + chance))
                    continue
                t = level.temperature * heat
                if math.isinf(t):
                    logs.append(-math.log(n))
                    continue
                z = sum([exp((s - top) / t) for s in scores])
                logs.append(math.log((1 - eps) * exp((scores[mine] - top) / t) / z + chance))
            out = tuple(logs)
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[key] = out
        return out

    def _moves(self, k: int, hand: int) -> tuple[list[Move], list[tuple[int, ...]]]:
        """Every move a player holding ``hand`` had at observed play ``k``, in
        :func:`~tutor.game.state.moves_of`'s order, and each one's immediate gain (for the
        grabbing level): remembered card by card, since a card's moves depend on the table
        alone."""
        by_card = self._card_moves[k]
        moves: list[Move] = []
        gains: list[tuple[int, ...]] = []
        h = hand
        while h:
            low = h & -h
            h ^= low
            entry = by_card.get(low)
            if entry is None:
                o = self.observed[k]
                card_moves = moves_of(low, o.table, self.rules)
                entry = by_card[low] = (card_moves, [
                    immediate_gain(self.rules, o.table, m.card, m.capture, False)
                    for m in card_moves
                ])  # fmt: skip
            moves += entry[0]
            gains += entry[1]
        return moves, gains

    def _scores(self, k: int, hand: int, moves: Sequence[Move]) -> list[float]:
        """The rule score of each of ``moves`` at observed play ``k`` for a player holding
        ``hand``: the score :meth:`ChitarrellaPlayer.score_moves` gives, remembered per move by
        the counts of the values its rules asked about (:class:`_AskedContext`).

        At a past play everything a rule reads is public but the hand, and the hand reaches a
        rule only as counts by value. A hand with the same counts of the values a move's rules
        asked about gets the same answers to the same questions, so the same score, bit for
        bit; the deals the sampler weighs share most of their cards' counts, so most moves
        are scored once per play seen rather than once per deal.
        """
        memo = self._memo
        out: list[float] = []
        ctx: _AskedContext | None = None
        for move in moves:
            entry = memo.get((k, move))
            if entry is not None:
                values, known = entry
                score = known.get(_counts(hand, values))
                if score is not None:
                    out.append(score)
                    continue
            if ctx is None:
                o = self.observed[k]
                ctx = _AskedContext.at(self.rules, o.seat, hand, o.table, o.captured,
                                       o.next_hand, o.deck_left, o.in_hands)  # fmt: skip
            ctx.asked = set()
            score = self.player.score_moves(ctx, (move,))[0]
            asked = tuple(sorted(ctx.asked))
            if entry is None:
                entry = memo[(k, move)] = (asked, {})
            if entry[0] == asked:  # asked otherwise (another path through the rules): not kept
                entry[1][_counts(hand, asked)] = score
            out.append(score)
        return out

    def group_log_likelihoods(self, group: Sequence[int], hands: Sequence[int]) -> list[float]:
        """log P(the observed plays ``group`` | the hands now), per care level."""
        totals = [0.0] * len(self.levels)
        observed = self.observed
        for k in group:
            o = observed[k]
            for i, x in enumerate(self.play_log_likelihoods(k, hands[o.seat] | o.since)):
                totals[i] += x
        return totals

    def log_weight(self, world: GameState) -> float:
        """log of the deal's weight: the likelihood of the plays seen, given the hands of
        ``world`` (a full-information state at the viewer's moment)."""
        return self.log_weight_of(world.hands)

    def log_weight_of(self, hands: Sequence[int]) -> float:
        """:meth:`log_weight` of a deal given as every seat's hand now: with the share
        :data:`CARELESS_TABLE` of a table where all play at random, and otherwise each player
        at their own care level."""
        apart = 0.0
        careless = 0.0
        for seat, group in zip(self.group_seats, self.groups, strict=True):
            lls = self.group_log_likelihoods(group, hands)
            prior = self.seat_log_prior.get(seat, self.log_prior)
            apart += _log_sum_exp([a + b for a, b in zip(prior, lls, strict=True)])
            careless += lls[self._chance_level]
        if not self.careless_table:
            return apart
        return _log_sum_exp([self._log_table + careless, self._log_apart + apart])


def _counts(hand: int, values: Sequence[int]) -> int:
    """How many cards of each of ``values`` ``hand`` holds, three bits a value: the key of a
    remembered score (:meth:`PlayModel._scores`)."""
    key = 0
    for v in values:
        key = key << 3 | (hand & VALUE_MASKS[v]).bit_count()
    return key


class _AskedContext(Context):
    """A :class:`~tutor.search.players.Context` that notes every value whose counts a rule
    asked about: at a past play, the only things a rule can learn of the hand."""

    asked: set[int]

    def unseen_of(self, value: int) -> int:
        self.asked.add(value)
        return super().unseen_of(value)

    def held(self, value: int) -> int:
        self.asked.add(value)
        return super().held(value)

    def p_next_holds(self, value: int) -> float:
        self.asked.add(value)
        return super().p_next_holds(value)


def _log_sum_exp(xs: Sequence[float]) -> float:
    top = max(xs)
    if top == -math.inf:
        return top
    return top + math.log(sum(math.exp(x - top) for x in xs))


def _observed(view: GameState, viewer: int) -> list[Observed]:
    """The plays of the others in the current deal that could tell something: the player had
    unseen cards left and more than one card."""
    start, moves = view.rewound()
    out: list[Observed] = []
    work = start
    steps = []
    for move in moves:
        seat = work.turn
        nxt = (seat + 1) % work.rules.players
        steps.append((seat, move, work.table, work.captured_cards(), work.hand_size(nxt),
                      work.to_deal(), work.in_hands, work.deal_index,
                      work.hand_size(seat)))  # fmt: skip
        work.push(move)
    for i, (seat, move, table, captured, next_hand, deck, in_hands, deal, size) in enumerate(steps):
        if seat == viewer or deal != view.deal_index or size < 2 or not view.unknown[seat]:
            continue
        since = 0
        for s2, m2, *_rest in steps[i:]:
            if s2 == seat:
                since |= 1 << m2.card
        out.append(Observed(i + 1, seat, move, table, captured, next_hand, deck, in_hands, since))
    return out


ENUMERATE_LIMIT = 3000
"""At most this many deals of the unseen cards (none left to deal) are weighed one by one, and
drawn from their exact weights; beyond, deals are drawn by importance resampling."""


def iter_read_deals(
    state: GameState,
    viewer: int,
    rng: random.Random,
    trust: float = TRUST_DEFAULT,
    pool: int = 32,
    model: PlayModel | None = None,
    styles: StylePriors | None = None,
) -> Iterator[GameState]:
    """Deals of the unseen cards drawn in proportion to the play model's weights.

    Near the end of a hand (nothing left to deal, at most :data:`ENUMERATE_LIMIT` deals) every
    deal is weighed and the draws are exact. Otherwise: sampling-importance-resampling, a fresh
    pool for every draw: ``pool`` deals are drawn from the shared sampler on the facts alone
    (:func:`~tutor.counting.assignment.iter_deals`), weighed by the play model, and one of them
    is kept in proportion to the weights. The draws are independent, as the analysis's
    intervals take them to be: drawing several from one pool repeated deals and made the
    intervals too short (docs/solver.md, "How sure the intervals are"). Everything comes
    from ``rng``, so a seed gives the same deals. ``styles``: the players' styles of play known
    before the hand (:data:`tutor.counting.style.StylePriors`), their priors over the levels.
    """
    view = seat_view(state, viewer)
    model = model or PlayModel(view, viewer, trust, styles=styles)
    if not model.observed:
        return iter_deals(view, viewer, rng, use_inferences=False)
    splits = _every_deal(view, viewer)
    if splits is not None:
        return _exact_draws(view, model, splits, rng)
    proposals = iter_deals(view, viewer, rng, use_inferences=False)

    def draw() -> Iterator[GameState]:
        while True:
            batch = [next(proposals) for _ in range(pool)]
            logs = [model.log_weight(d) for d in batch]
            top = max(logs)
            yield rng.choices(batch, [math.exp(x - top) for x in logs])[0]

    return draw()


@dataclass(frozen=True)
class ReadOdds:
    """The play model's odds from one seat: weighted deals of the unseen cards (the hands of
    every seat, with their weights), exact near the end and importance-weighted otherwise.

    ``probability(seat, cards)`` is the chance that ``seat`` holds at least one of ``cards``
    (a mask), or None when no play was read (then the facts alone give the odds).
    """

    hands: tuple[tuple[int, ...], ...]
    weights: tuple[float, ...]
    exact: bool

    def probability(self, seat: int, cards: int) -> float | None:
        """The chance that ``seat`` holds at least one of ``cards`` (a mask) over the weighted
        deals; None when there are none (no play was read)."""
        if not self.hands:
            return None
        total = sum(self.weights)
        held = sum(w for w, h in zip(self.weights, self.hands, strict=True) if h[seat] & cards)
        return held / total


def read_odds(
    state: GameState,
    viewer: int,
    rng: random.Random,
    trust: float = TRUST_DEFAULT,
    proposals: int = 256,
    styles: StylePriors | None = None,
) -> ReadOdds:
    """The play model's odds from ``viewer``'s seat: every deal weighed when few are left
    (exact), otherwise ``proposals`` deals drawn on the facts alone and weighed
    (self-normalised importance sampling: less noisy than drawing again). Used to check the
    model's calibration (``tutor bench calibration --model play``). ``styles``: the players'
    styles of play known before the hand, as their priors over the care levels."""
    view = seat_view(state, viewer)
    model = PlayModel(view, viewer, trust, styles=styles)
    if not model.observed:
        return ReadOdds((), (), True)
    splits = _every_deal(view, viewer)
    if splits is not None:
        hands = _split_hands(view, splits)
        logs = [model.log_weight_of(h) for h in hands]
        exact = True
    else:
        deals = itertools.islice(iter_deals(view, viewer, rng, use_inferences=False), proposals)
        hands = [tuple(d.hands) for d in deals]
        logs = [model.log_weight_of(h) for h in hands]
        exact = False
    top = max(logs)
    return ReadOdds(tuple(hands), tuple(math.exp(x - top) for x in logs), exact)


def _every_deal(view: GameState, viewer: int) -> list[list[int]] | None:
    """Every way to give the unseen cards to the other seats (masks by seat), when nothing is
    left to deal and there are at most :data:`ENUMERATE_LIMIT`; otherwise None."""
    if view.to_deal():
        return None
    seats = [s for s in range(view.rules.players) if s != viewer and view.unknown[s]]
    sizes = [view.unknown[s] for s in seats]
    cards = list(indexes_of(view.unplaced()))
    if len(cards) != sum(sizes) or multinomial(len(cards), sizes) > ENUMERATE_LIMIT:
        return None
    out = []
    for split in assignments(cards, sizes):
        hands = [0] * view.rules.players
        for seat, mask in zip(seats, split, strict=True):
            hands[seat] = mask
        out.append(hands)
    return out


def _split_hands(view: GameState, splits: list[list[int]]) -> list[tuple[int, ...]]:
    """Every seat's hand in each deal of :func:`_every_deal`: the cards the viewer knows and
    the split's."""
    return [tuple(h | m for h, m in zip(view.hands, split, strict=True)) for split in splits]


def _exact_draws(
    view: GameState, model: PlayModel, splits: list[list[int]], rng: random.Random
) -> Iterator[GameState]:
    """Deals drawn exactly in proportion to their weights, each split weighed once."""
    world = view.copy()
    for seat in range(view.rules.players):
        world.unknown[seat] = 0
    every = _split_hands(view, splits)
    logs = [model.log_weight_of(hands) for hands in every]
    top = max(logs)
    cumulative = list(itertools.accumulate(math.exp(x - top) for x in logs))
    total = cumulative[-1]
    while True:
        k = bisect.bisect_right(cumulative, rng.random() * total)
        deal = world.copy()
        for seat, hand in enumerate(every[min(k, len(every) - 1)]):
            deal.hands[seat] = hand
        yield deal
