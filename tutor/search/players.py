"""Computer players: random, greedy and the rule-based ``chitarrella`` player.

The ``search`` player, which calls the analyser, lives above it in :mod:`tutor.search.searchplayer`,
and :func:`tutor.search.roster.make_player` builds any of them from its name.

A player chooses a move from a *view*: a :class:`~tutor.game.state.GameState` in which it may read
only its own hand (``view.hands[view.turn]``), the table, the captured piles, the scope, the
history on the stack and how many cards every other hand and the deck hold. The simulation hands
each player :func:`seat_view` (the tracker's view, where the other hands are unknown), so a
player cannot peek; the same code also runs on a sampled full-information state inside the
analyser's playouts, where it still reads nothing but the public facts above.

The chitarrella player's rules are in :data:`CHITARRELLA_RULES`; ``docs/players.md`` gives the
maxim behind each.

>>> import random
>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> hands = [["7D", "4C", "RB"], ["3B", "6S", "AB"]]
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", hands)
>>> greedy = GreedyPlayer()
>>> greedy.choose(seat_view(s, 0), random.Random(0)).text()
'7D x 2C 5S'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Self

from tutor.counting.odds import hypergeometric_any
from tutor.counting.tracker import viewer_state
from tutor.game.captures import VALUE_OF, sweep_value
from tutor.game.cards import (
    FULL_DECK,
    RE_BELLO_BIT,
    SETTEBELLO_BIT,
    SUIT_MASK,
    VALUE_MASKS,
    indexes_of,
)
from tutor.game.i18n import N_
from tutor.game.rules import Ruleset
from tutor.game.scoring import immediate_gain, napola_cards
from tutor.game.state import GameState, Move
from tutor.search.solver import solver_for

__all__ = [
    "Player",
    "RandomPlayer",
    "GreedyPlayer",
    "ChitarrellaPlayer",
    "Rule",
    "CHITARRELLA_RULES",
    "RULE_NAMES",
    "check_weights",
    "seat_view",
    "Context",
    "assignments",
    "multinomial",
]


def seat_view(state: GameState, seat: int | None = None) -> GameState:
    """What the player at ``seat`` (default: the one to move) may see: other hands unknown."""
    return viewer_state(state, state.turn if seat is None else seat)


class Player:
    """A computer player: ``choose`` returns a legal move for the player to move in ``view``."""

    name = "player"

    sighted = False
    """Shown the whole deal before each move (:meth:`show`): a ceiling to measure the others
    against (``docs/strength.md``), never a player for a person. Only ``tutor simulate`` shows
    it; everywhere else a player sees its own seat alone."""

    def show(self, deal: GameState) -> None:
        """Hand a sighted player the true deal before it chooses (others ignore it)."""

    def choose(self, view: GameState, rng: random.Random) -> Move:
        """A legal move for the player to move in ``view``, which shows only what that seat
        may see; ``rng`` decides anything left to chance."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomPlayer(Player):
    """Any legal move, uniformly."""

    name = "random"

    def choose(self, view: GameState, rng: random.Random) -> Move:
        """One of the legal moves, each as likely."""
        moves = view.legal_moves()
        return moves[rng.randrange(len(moves))]


def _gain(view: GameState, move: Move) -> tuple[int, int, int, int, int]:
    return immediate_gain(view.rules, view.table, move.card, move.capture, view.is_last_play())


class GreedyPlayer(Player):
    """The biggest immediate gain: a scopa, then the settebello, then most denari, most cards.

    Ties go to a random one of the best."""

    name = "greedy"

    def choose(self, view: GameState, rng: random.Random) -> Move:
        """A move of the biggest immediate gain, one of the best at random."""
        moves = view.legal_moves()
        scored = [(_gain(view, m), m) for m in moves]
        top = max(s for s, _ in scored)
        best = [m for s, m in scored if s == top]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


# -- chitarrella --------------------------------------------------------------------------------


class Context:
    """What the player to move knows, computed once per decision from public facts only.

    Built from a view, or with :meth:`at` from the public facts of a past decision and a hand
    the player may have held then (the play model of :mod:`tutor.search.playmodel` asks how
    each hand it deals would have played). A rule learns of the hand only through
    :meth:`unseen_of`, :meth:`held` and :meth:`p_next_holds`, never from ``hand`` or
    ``unseen`` directly: the play model remembers a move's score by the counts of the values
    its rules asked about, and a test checks it against scoring every hand afresh.
    """

    def __init__(self, view: GameState) -> None:
        seat = view.turn
        nxt = (seat + 1) % view.rules.players
        self._fill(view.rules, seat, view.hands[seat], view.table, view.captured_cards(),
                   view.hand_size(nxt), view.to_deal(), view.in_hands)  # fmt: skip

    @classmethod
    def at(
        cls,
        rules: Ruleset,
        seat: int,
        hand: int,
        table: int,
        captured: int,
        next_hand: int,
        deck_left: int,
        in_hands: int,
    ) -> Self:
        """The context of ``seat`` holding ``hand``, with the public facts given: the table,
        every captured card, the next player's hand size, the cards still to deal and the
        cards in all hands."""
        ctx = cls.__new__(cls)
        ctx._fill(rules, seat, hand, table, captured, next_hand, deck_left, in_hands)
        return ctx

    def _fill(self, rules: Ruleset, seat: int, hand: int, table: int, captured: int,
              next_hand: int, deck_left: int, in_hands: int) -> None:  # fmt: skip
        self.rules = rules
        self.seat = seat
        self.side = seat % rules.sides
        self.players = rules.players
        self.next_seat = (seat + 1) % rules.players
        self.next_is_opponent = self.next_seat % rules.sides != self.side
        self.dealer_side = (rules.players - 1) % rules.sides
        self.hand = hand
        self.table = table
        self.unseen = FULL_DECK & ~(hand | table | captured)
        self.unseen_count = self.unseen.bit_count()
        self.next_hand = next_hand
        self.deck_left = deck_left
        self.plays_left = in_hands + deck_left
        self.captured = captured
        # A value's bit in the four suits' 10-bit rows: an odd number captured leaves it set.
        odd = (captured ^ captured >> 10 ^ captured >> 20 ^ captured >> 30) & SUIT_MASK
        self.unmatched = odd << 1
        """The unmatched values (an odd number captured), as bits 1-10."""
        self._p_next: list[float | None] = [None] * 11
        # Built for every decision of every play-out and every deal the play model weighs: the
        # counts by value are left to the few rules that ask (:meth:`unseen_of`, :meth:`held`).

    def unseen_of(self, value: int) -> int:
        """How many cards of ``value`` the player to move has not seen."""
        return (self.unseen & VALUE_MASKS[value]).bit_count()

    def held(self, value: int) -> int:
        """How many cards of ``value`` the player to move holds."""
        return (self.hand & VALUE_MASKS[value]).bit_count()

    def p_next_holds(self, value: int) -> float:
        """Chance that the next player holds at least one card of ``value``: their cards drawn
        from the cards the player to move has not seen (hypergeometric)."""
        if not 1 <= value <= 10:
            return 0.0
        p = self._p_next[value]
        if p is None:
            u = self.unseen_of(value)
            p = self._p_next[value] = hypergeometric_any(self.unseen_count, u, self.next_hand)
        return p


@dataclass(frozen=True)
class Rule:
    """One named maxim: ``score(ctx, move, after_table)`` adds to a move's worth."""

    name: str
    maxim: str
    score: Callable[[Context, Move, int], float]


def _rule_scopa(ctx: Context, move: Move, after: int) -> float:
    """A scopa is a point and takes the table."""
    if move.capture and not after:
        last = ctx.plays_left == 1 and not ctx.rules.last_play_scopa
        return 0.0 if last else 10.0
    return 0.0


NAPOLA_BITS = sum(c.bit for c in napola_cards(3))
"""The ace, two and three of denari: the napola's run, where the ruleset scores one."""


def _rule_capture(ctx: Context, move: Move, after: int) -> float:
    """What a capture brings home: cards, denari, the settebello, primiera cards, and the re
    bello and the napola's cards where the ruleset scores them."""
    if not move.capture:
        return 0.0
    got = move.capture | 1 << move.card
    score = 0.0
    for i in indexes_of(got):
        v = VALUE_OF[i]
        score += 1.0
        if i < 10:
            score += 1.0
        if v == 7:
            score += 1.5
        elif v == 6:
            score += 0.8
        elif v == 1:
            score += 0.5
    if got & SETTEBELLO_BIT:
        score += 6.0
    if got & RE_BELLO_BIT and ctx.rules.re_bello:
        score += 6.0  # a point on its own, as the settebello (ruleset audit, stop 57)
    if got & NAPOLA_BITS and ctx.rules.napola:
        score += 1.5 * (got & NAPOLA_BITS).bit_count()  # the run of three is worth three points
    return score


def _rule_sweepable(ctx: Context, move: Move, after: int) -> float:
    """Never leave a table one card can sweep, when the next player is an opponent."""
    if not after or ctx.plays_left <= 1:
        return 0.0
    v = sweep_value(after, ctx.rules.capture_precedence)
    if v is None:
        return 0.0
    last_next = ctx.plays_left == 2 and not ctx.rules.last_play_scopa
    if last_next:
        return 0.0
    p = ctx.p_next_holds(v)
    if ctx.next_is_opponent:
        return -9.0 * p
    return 3.0 * p  # a sweep left for a partner


def _rule_sevens(ctx: Context, move: Move, after: int) -> float:
    """Guard the sevens and the settebello: do not offer them to the opponents."""
    score = 0.0
    if after & SETTEBELLO_BIT:
        # the settebello left on the table: the next player takes it with a 7 (or a sum)
        score -= 7.0 * max(ctx.p_next_holds(7), 0.3 if ctx.next_is_opponent else 0.0)
    if not move.capture and VALUE_OF[move.card] == 7:
        score -= 2.0 * (1.0 if ctx.next_is_opponent else 0.3)
    return score


def _rule_doubles(ctx: Context, move: Move, after: int) -> float:
    """With no capture, lay a card you hold a twin of, or one nobody can match any more."""
    if move.capture:
        return 0.0
    v = VALUE_OF[move.card]
    score = 0.0
    if not ctx.unseen_of(v):
        score += 2.0  # a dead value: nobody can take it by pairing
    elif ctx.held(v) >= 2:
        score += 1.5  # if it is paired, its twin takes back
    # the cost of being taken by pairing: the chance the next player holds the value
    if ctx.next_is_opponent:
        score -= 1.5 * ctx.p_next_holds(v)
    return score


def _rule_no_primiera_leads(ctx: Context, move: Move, after: int) -> float:
    """Do not lay primiera cards (sevens, sixes, aces) or denari without need."""
    if move.capture:
        return 0.0
    v = VALUE_OF[move.card]
    score = {7: -2.0, 6: -1.2, 1: -0.8}.get(v, 0.0)
    if move.card < 10:
        score -= 1.0
    if v >= 8:
        score += 0.5  # figures keep the table total high
    return score


def _rule_parity(ctx: Context, move: Move, after: int) -> float:
    """Keep values matched on the dealer's side and unmatched (sparigliare) on the other."""
    if not move.capture or ctx.plays_left <= 2:
        return 0.0
    odd = ctx.unmatched
    flips = odd
    got = move.capture | 1 << move.card
    while got:
        low = got & -got
        got ^= low
        flips ^= 1 << VALUE_OF[low.bit_length() - 1]
    flipped = flips.bit_count() - odd.bit_count()
    sign = -1.0 if ctx.side == ctx.dealer_side else 1.0
    return 0.4 * sign * flipped


CHITARRELLA_RULES: tuple[Rule, ...] = (
    # The maxims are translated where they are shown (N_ marks them for the catalogue).
    Rule("take-scopa", N_("A scopa is a point: take it."), _rule_scopa),
    Rule(
        "capture-what-scores",
        N_("Capture cards, denari, sevens and the settebello."),
        _rule_capture,
    ),
    Rule(
        "no-sweepable-table",
        N_("Never leave a table that one card can sweep when it can be avoided."),
        _rule_sweepable,
    ),
    Rule("guard-sevens", N_("Guard the sevens and the settebello."), _rule_sevens),
    Rule(
        "lay-doubles",
        # the whole rule, so that its minus reads (first-hour audit, stop 55: "lay-doubles -0.4
        # (With no capture, lay a card you hold a double of)" to a player holding no double)
        N_(
            "With no capture, lay a card you hold a double of, or one nobody can pair; "
            "not one the next opponent may pair."
        ),
        _rule_doubles,
    ),
    Rule(
        "no-primiera-leads",
        N_("Do not lead sevens, sixes, aces or denari without reason."),
        _rule_no_primiera_leads,
    ),
    Rule(
        "matched-unmatched",
        N_("The dealer's side keeps values matched; the other side unmatches them."),
        _rule_parity,
    ),
)


RULE_NAMES: tuple[str, ...] = tuple(r.name for r in CHITARRELLA_RULES)
"""The chitarrella rules by name: what their weights are keyed by."""


def check_weights(
    weights: Mapping[str, float], rules: Sequence[Rule] = CHITARRELLA_RULES
) -> dict[str, float]:
    """``weights`` as a dict, each a finite number keyed by the name of one of ``rules``;
    ValueError otherwise.

    >>> check_weights({"take-scopa": 2})
    {'take-scopa': 2.0}
    """
    names = {r.name for r in rules}
    unknown = set(weights) - names
    if unknown:
        raise ValueError(f"unknown rules: {', '.join(sorted(map(str, unknown)))}")
    out = {}
    for name, w in weights.items():
        if isinstance(w, bool) or not isinstance(w, int | float) or not math.isfinite(w):
            raise ValueError(f"the weight of {name} is not a number: {w!r}")
        out[name] = float(w)
    return out


def assignments(cards: list[int], sizes: list[int]) -> Iterator[list[int]]:
    """Every way to split ``cards`` into hands of the given sizes (as masks)."""
    if not sizes:
        yield []
        return
    first, rest = sizes[0], sizes[1:]
    if not rest:
        yield [sum(1 << c for c in cards)]
        return
    for combo in combinations(cards, first):
        chosen = set(combo)
        left = [c for c in cards if c not in chosen]
        m = sum(1 << c for c in combo)
        for tail in assignments(left, rest):
            yield [m, *tail]


def multinomial(total: int, sizes: list[int]) -> int:
    """The number of ways to deal ``total`` cards into hands of ``sizes``.

    >>> multinomial(4, [2, 2]), multinomial(6, [3, 2, 1])
    (6, 60)
    """
    out, left = 1, total
    for k in sizes:
        out *= comb(left, k)
        left -= k
    return out


COUNT_PLIES_MAX = 12
"""The most plays left at which the chitarrella player counts (solves every split exactly):
"the last rounds". The split limit alone reaches 9 plays in scopone and 6 in scopa, but in a
two-player ruleset dealt at once the split is known from the first play, and a solve of 20
plays took 50 s."""


class ChitarrellaPlayer(Player):
    """Rule-based play on Chitarrella's maxims; counts the cards exactly in the last rounds.

    Each legal move gets the sum of :data:`CHITARRELLA_RULES`' scores; the highest wins. Once no
    card is left to deal, at most :data:`COUNT_PLIES_MAX` plays are left and the unseen cards
    can be split among the other hands in at most ``count_limit`` ways, the player *counts*: it
    solves every split exactly and plays the move with the best average ("count in the last
    rounds").
    """

    name = "chitarrella"

    def __init__(
        self,
        count_limit: int = 90,
        rules: tuple[Rule, ...] = CHITARRELLA_RULES,
        weights: Mapping[str, float] | None = None,
    ) -> None:
        self.count_limit = count_limit
        self.rules = rules
        self.weights = check_weights(weights, rules) if weights else None
        """Each rule's weight by name (None: every rule counts once, as the maxims give it)."""
        self._weighted = (
            None
            if self.weights is None
            else [(self.weights.get(r.name, 1.0), r.score) for r in rules]
        )

    def scores(self, view: GameState) -> list[tuple[float, Move]]:
        """Every legal move with its rule score, best first."""
        moves = view.legal_moves()
        out = list(zip(self.score_moves(Context(view), moves), moves, strict=True))
        out.sort(key=lambda sm: -sm[0])
        return out

    def score_moves(self, ctx: Context, moves: Sequence[Move]) -> list[float]:
        """The rule score of each of ``moves`` in the context ``ctx``, in their order."""
        table = ctx.table
        funcs = [r.score for r in self.rules]
        out = []
        weighted = self._weighted
        if weighted is not None:  # a play-out's hot loop: the pairs are made once, in __init__
            for move in moves:
                card, capture = move
                after = table ^ capture if capture else table | 1 << card
                total = 0.0
                for w, f in weighted:
                    total += w * f(ctx, move, after)
                out.append(total)
            return out
        for move in moves:
            card, capture = move
            after = table ^ capture if capture else table | 1 << card
            total = 0.0
            for f in funcs:
                total += f(ctx, move, after)
            out.append(total)
        return out

    def explain(self, view: GameState) -> list[tuple[Move, dict[str, float]]]:
        """Each legal move with the score every rule gives it (for docs and tests)."""
        ctx = Context(view)
        out = []
        for move in view.legal_moves():
            after = view.table ^ move.capture if move.capture else view.table | 1 << move.card
            weight = self.weights or {}
            out.append((move, {r.name: weight.get(r.name, 1.0) * r.score(ctx, move, after)
                               for r in self.rules}))  # fmt: skip
        return out

    def counted(self, view: GameState) -> dict[Move, float] | None:
        """Average exact value of each move over every split of the unseen cards, or None when
        the split is not yet small enough to count (or cards are still to be dealt)."""
        if self.count_limit <= 0 or view.to_deal() or view.rules.sides != 2:
            return None
        if view.plays_left() > COUNT_PLIES_MAX:
            return None
        me = view.turn
        others = [s for s in range(view.rules.players) if s != me and view.hand_size(s)]
        sizes = [view.hand_size(s) for s in others]
        cards = list(indexes_of(view.unseen_by(me)))
        if len(cards) != sum(sizes) or multinomial(len(cards), sizes) > self.count_limit:
            return None
        solver = solver_for(view.rules)
        totals: dict[Move, float] = {}
        n = 0
        for split in assignments(cards, sizes):
            world = view.copy()
            for seat, mask in zip(others, split, strict=True):
                world.hands[seat] = mask
                world.unknown[seat] = 0
            world.unknown[me] = 0
            for mv in solver.solve(world, pv=False).moves:
                totals[mv.move] = totals.get(mv.move, 0.0) + mv.value
            n += 1
        return {m: v / n for m, v in totals.items()} if n else None

    def choose(self, view: GameState, rng: random.Random) -> Move:
        """The best move by the exact count of every split when the unseen cards are few
        enough (the rules breaking ties), else the rules' best, one of the best at random."""
        scored = self.scores(view)
        if len(scored) == 1:
            return scored[0][1]
        counted = self.counted(view)
        if counted:
            # exact counting decides; the maxims break ties
            order = {m: k for k, (_, m) in enumerate(scored)}
            return max(counted, key=lambda m: (round(counted[m], 9), -order[m]))
        top = scored[0][0]
        best = [m for s, m in scored if s >= top - 1e-9]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
