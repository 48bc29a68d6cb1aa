"""Duplicate-deal simulation between two computer players, across processes.

Every deal is played twice with the sides exchanged, so that the luck of the cards cancels: the
paired difference of the two players' points over the two games measures skill alone. The
report gives points and scope per hand with 95% intervals, the point difference per hand with
its interval over deals, and hand (or match) win rates.

A player's seat-side changes with the deal in match play, as the deal passes to the right: the
side that leads in one hand deals the next.

Everything random is derived from the seed alone, piece by piece: the cards of deal ``d`` from
``(seed, d)`` (:func:`deal_cards`), and the generator a player gets for one move from ``(seed,
deal, game, ply)`` (:func:`move_seed`). A move's randomness therefore does not depend on what
the other player drew before it, so a game can be replayed move by move outside the simulation:
``tools/referee.py`` plays it between two ``tutor engine`` processes, passing each move's seed
with ``go seed N player NAME``, and gets the very same game.

>>> r = simulate("scopa", ["greedy", "random"], deals=4, seed=1)
>>> r.deals, r.hands, len(r.diffs)
(4, 8, 4)
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.game.errors import TutorError
from tutor.game.i18n import _, in_every_language
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.scoring import MatchScore, hand_points
from tutor.game.state import GameState, Move, random_deal
from tutor.records.record import HandRecord, record_from_moves
from tutor.search.analysis import (
    Interval,
    Progress,
    interval,
    run_parallel,
    share_interval,
    t_975,
)
from tutor.search.players import Player, seat_view
from tutor.search.roster import make_player

__all__ = [
    "MATCH_HAND_LIMIT",
    "SimulationError",
    "check_sides",
    "HandOutcome",
    "SimulationResult",
    "deal_cards",
    "move_seed",
    "play_hand",
    "play_game",
    "play_players",
    "play_deal",
    "simulate",
]


MATCH_HAND_LIMIT = 200
"""The most hands a simulated match is played: a match still without a winner then stops
unfinished and counts for neither player (a target far beyond the points of 200 hands, or
hands that end level again and again under ``play-on``). The result says how many stopped."""


class SimulationError(TutorError):
    """A simulation asked for in a way it cannot run: not two players, not two sides, or a
    number of deals or matches that is not one or more."""


@dataclass
class HandOutcome:
    """One hand: the points and scope of player A and player B, and the plays (so the hand can
    be written as a record and reviewed: :meth:`SimulationResult.hand_records`)."""

    deal: int
    swapped: bool
    """B sat on the leading side (side 0)."""
    points: tuple[int, int]
    scope: tuple[int, int]
    key: str = ""
    """The deal's key for :func:`deal_cards` (``3``, or ``3-1`` for a match's second hand)."""
    a_side: int = 0
    """The side A played on (0 leads)."""
    hand: int = 0
    """The hand's number in its match, from 0 (0 for a duplicate deal)."""
    moves: tuple[Move, ...] = ()


SeedOf = Callable[[int], int]
"""The seed of the generator a player gets for the move at a ply (0 = the first play)."""


def deal_cards(rules: Ruleset, seed: int, deal: int | str) -> tuple[int, list[list[int]]]:
    """The cards of deal ``deal`` of a run seeded ``seed``: the table and every hand
    (:func:`~tutor.game.state.random_deal`); ``tutor play`` deals its hands the same way."""
    return random_deal(rules, random.Random(f"{seed}:{deal}:cards"))


def move_seed(seed: int, deal: int | str, game: int | str, ply: int) -> int:
    """The seed of a player's generator for one move: from ``(seed, deal, game, ply)`` alone.

    ``game`` tells the games of a deal apart (0: A on the leading side, 1: sides exchanged).

    >>> move_seed(1, 0, 0, 5) == move_seed(1, 0, 0, 5) != move_seed(1, 0, 1, 5)
    True
    """
    return random.Random(f"{seed}:{deal}:play{game}:{ply}").getrandbits(62)


def play_hand(
    rules: Ruleset,
    table: int,
    deals: Sequence[Sequence[int]],
    players: Sequence[Player],
    seed_of: SeedOf,
) -> GameState:
    """Play one hand to its end; each player sees only its own seat (:func:`seat_view`; a
    sighted player, :attr:`~tutor.search.players.Player.sighted`, is shown the deal too) and
    gets, for each move, a generator seeded ``seed_of(ply)``. ``players``: one per side, or
    one per seat."""
    if len(players) not in (rules.sides, rules.players):
        raise ValueError(
            f"{len(players)} players for {rules.sides} sides and {rules.players} seats"
        )
    state = GameState(rules, table, [[(m, 0) for m in d] for d in deals])
    while not state.is_over():
        seat = state.turn
        player = players[seat % len(players)]
        if player.sighted:
            player.show(state)
        move = player.choose(seat_view(state, seat), random.Random(seed_of(state.ply)))
        if move not in state.legal_moves():
            raise RuntimeError(f"{player.name} chose an illegal move {move.text()}")
        state.push(move)
    return state


def play_game(
    rules: Ruleset, specs: Sequence[str], seed: int, deal: int, swapped: bool
) -> GameState:
    """One game of deal ``deal`` as :func:`simulate` plays it: A (``specs[0]``) on the leading
    side, or B when ``swapped``; the finished state, its plays on the stack."""
    return play_players(rules, _seated(specs), seed, deal, swapped)


def check_sides(rules: Ruleset, specs: Sequence[str]) -> None:
    """Fail early, before any game is played, on a name that is no player (:func:`make_player`;
    a :class:`~tutor.search.roster.PlayerError`) or on a ruleset whose games do not pit two
    sides (:class:`SimulationError`)."""
    _seated(specs)
    if rules.sides != 2:
        raise SimulationError(
            _("simulation pits two sides; ruleset {name!r} has {n}").format(
                name=rules.name, n=rules.sides
            )
        )


def _seated(specs: Sequence[str]) -> list[Player]:
    """The players named: sighted ones too, since :func:`play_hand` shows them the deal."""
    return [make_player(s, sighted=True) for s in specs]


def play_players(
    rules: Ruleset, players: Sequence[Player], seed: int, deal: int, swapped: bool
) -> GameState:
    """:func:`play_game` for players already made: A (``players[0]``) and B."""
    table, deals = deal_cards(rules, seed, deal)
    order = [players[1], players[0]] if swapped else list(players)
    game = int(swapped)
    return play_hand(rules, table, deals, order, lambda ply: move_seed(seed, deal, game, ply))


def play_deal(rules: Ruleset, players: Sequence[Player], seed: int, deal: int) -> list[HandOutcome]:
    """The two games of one deal: A (``players[0]``) on side 0, then B on side 0."""
    out = []
    for swapped in (False, True):
        state = play_players(rules, players, seed, deal, swapped)
        out.append(_outcome(state, deal, swapped, a_side=1 if swapped else 0, key=str(deal)))
    return out


def _play_deal(rules: Ruleset, specs: Sequence[str], seed: int, deal: int) -> list[HandOutcome]:
    """:func:`play_deal` for players by name (what the worker processes are handed)."""
    return play_deal(rules, _seated(specs), seed, deal)


def _outcome(
    state: GameState, index: int, swapped: bool, a_side: int, key: str, hand: int = 0
) -> HandOutcome:
    """A finished hand's points and scope as (A, B), A playing on side ``a_side``, and its
    plays; ``key`` is the deal's (:func:`deal_cards`)."""
    pts = hand_points(state.rules, state.captured, state.scope)
    b_side = 1 - a_side
    return HandOutcome(
        index,
        swapped,
        (pts[a_side], pts[b_side]),
        (state.scope[a_side], state.scope[b_side]),
        key,
        a_side,
        hand,
        tuple(Move(r.card, r.capture) for r in state.stack),
    )


def _play_match(
    rules: Ruleset, specs: Sequence[str], seed: int, match: int
) -> list[tuple[int | None, list[HandOutcome]]]:
    """One deal sequence played as a match twice, sides exchanged: (winner, hands) each time.

    The winner is 0 for A, 1 for B. Hand h of a match is dealt from the same cards in both
    games; the side that leads alternates from hand to hand, as the deal passes on.
    """
    players = _seated(specs)
    results = []
    for swapped in (False, True):
        score = MatchScore(rules)
        hands: list[HandOutcome] = []
        h = 0
        while not score.over and h < MATCH_HAND_LIMIT:
            table, deals = deal_cards(rules, seed, f"{match}-{h}")
            a_leads = (h % 2 == 0) != swapped
            order = players if a_leads else [players[1], players[0]]
            seed_of = functools.partial(move_seed, seed, match, f"{int(swapped)}-{h}")
            state = play_hand(rules, table, deals, order, seed_of)
            outcome = _outcome(state, match, swapped, 0 if a_leads else 1, f"{match}-{h}", h)
            hands.append(outcome)
            score.add(list(outcome.points))
            h += 1
        results.append((score.winner, hands))
    return results


def _unsure_if_flat(iv: Interval) -> Interval:
    """Values that never varied give no spread to measure: over a few deals that all came out
    the same the interval is unknown (``[?, ?]``), not of no width (simulate audit, stop 55:
    "+0.00 [+0.00, +0.00] over 4 duplicate pairs" claimed a certainty)."""
    if iv.n > 1 and iv.low == iv.high:
        return Interval(iv.mean, -math.inf, math.inf, iv.n)
    return iv


def _ratio_interval(diffs: Sequence[float], hands: Sequence[int]) -> Interval:
    """A − B per hand over pairs of matches of ``hands`` hands each (``diffs``: each pair's
    difference per hand): the total difference over the total hands, as the points per hand
    are counted, with the ratio estimator's 95% interval (its linearised variance, Student's
    t). The mean of the pairs' own rates weighed a short match as much as a long one: +4.33
    beside points per hand of 4.91 and 0.64 (simulate audit, stop 55)."""
    n = len(diffs)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf, 0)
    totals = [d * h for d, h in zip(diffs, hands, strict=True)]
    ratio = sum(totals) / sum(hands)
    if n == 1:
        return Interval(ratio, -math.inf, math.inf, 1)
    mean_hands = sum(hands) / n
    residuals = [(t - ratio * h) / mean_hands for t, h in zip(totals, hands, strict=True)]
    se = math.sqrt(sum(e * e for e in residuals) / (n - 1) / n)
    if se == 0.0:  # values that never varied: no spread to measure (_unsure_if_flat)
        return Interval(ratio, -math.inf, math.inf, n)
    q = t_975(n - 1)
    return Interval(ratio, ratio - q * se, ratio + q * se, n)


def _at_least_zero(iv: Interval) -> Interval:
    """Points and scope per hand cannot be negative: cut the interval's low end at zero (over
    no hands there is no interval to cut: its JSON said "low": 0.0 beside a null mean)."""
    return Interval(iv.mean, max(0.0, iv.low) if iv.n else iv.low, iv.high, iv.n)


@dataclass
class SimulationResult:
    """The outcome of a simulation between players A and B."""

    ruleset: str
    players: tuple[str, str]
    seed: int
    deals: int
    hands: int
    outcomes: list[HandOutcome]
    diffs: list[float]
    """A's points minus B's per hand, averaged over the two games of each deal (or match)."""
    pair_hands: list[int] = field(default_factory=list)
    """The hands of the two games of each deal (2) or match, in the order of ``diffs``."""
    matches: int = 0
    match_winners: list[int | None] = field(default_factory=list)
    """The winner of each game of each match (0: A, 1: B); None: stopped unfinished after
    :data:`MATCH_HAND_LIMIT` hands."""
    target: int = 0
    """The points a match is played to."""
    hand_limit: int = MATCH_HAND_LIMIT
    """The most hands a match was played (:data:`MATCH_HAND_LIMIT`)."""
    interrupted: bool = False
    timed_out: bool = False
    elapsed: float = 0.0

    def points(self, who: int) -> Interval:
        """The points per hand of player ``who`` (0: A, 1: B), with its interval (never below 0)."""
        return _at_least_zero(_unsure_if_flat(interval([o.points[who] for o in self.outcomes])))

    def scope(self, who: int) -> Interval:
        """The scope per hand of player ``who`` (0: A, 1: B), with its interval (never below 0)."""
        return _at_least_zero(_unsure_if_flat(interval([o.scope[who] for o in self.outcomes])))

    def difference(self) -> Interval:
        """A's points minus B's per hand, with the interval over duplicate deals (or matches):
        symmetric, since the difference of two players is symmetric by design."""
        # deals of two hands each weigh alike: the ratio is then the mean, its interval t's
        return _ratio_interval(self.diffs, self.pair_hands or [2] * len(self.diffs))

    def stronger(self) -> int | None:
        """The player (0: A, 1: B) whose points per hand are higher beyond doubt (the 95%
        interval of the difference excludes zero), or None when it does not say."""
        diff = self.difference()
        if diff.low > 0:
            return 0
        if diff.high < 0:
            return 1
        return None

    def hand_win_rate(self, who: int) -> float | None:
        """The share of hands ``who`` won; None before any hand was played (a run
        interrupted at once)."""
        if not self.outcomes:
            return None
        return self._hands_won(who) / len(self.outcomes)

    def hand_win_interval(self, who: int) -> tuple[float, float]:
        """The 95% interval of :meth:`hand_win_rate` (Wilson's, each hand counted as one
        trial: the two hands of a duplicate deal tend to split, so it errs wide)."""
        return share_interval(self._hands_won(who), len(self.outcomes))

    def _hands_won(self, who: int) -> int:
        return sum(1 for o in self.outcomes if o.points[who] > o.points[1 - who])

    @property
    def unfinished(self) -> int:
        """Games of matches stopped without a winner after :data:`MATCH_HAND_LIMIT` hands."""
        return sum(1 for w in self.match_winners if w is None)

    def match_win_rate(self, who: int) -> float | None:
        """The share of the finished matches that ``who`` won (None: no match finished)."""
        won = self._matches_won(who)
        return None if won is None else won[0] / won[1]

    def match_win_interval(self, who: int) -> tuple[float, float] | None:
        """The 95% interval of :meth:`match_win_rate` (Wilson's; None: no match finished)."""
        won = self._matches_won(who)
        return None if won is None else share_interval(*won)

    def _matches_won(self, who: int) -> tuple[int, int] | None:
        """How many finished matches ``who`` won, of how many (None: none finished)."""
        finished = [w for w in self.match_winners if w is not None]
        return (sum(1 for w in finished if w == who), len(finished)) if finished else None

    def hand_records(
        self, rules: Ruleset, ruleset_name: str | None = None
    ) -> list[tuple[str, HandRecord]]:
        """Every hand played, as a record to replay or review, with a file name for it:
        ``deal-003-a`` (deal 3, A on the side that leads; ``b``: sides exchanged), or
        ``match-003-b-hand-02``. The players are ``A1``, ``B1``, ``A2``, ``B2`` by seat (``A``
        and ``B`` without partners), and the record's ``event`` names who they are.
        ``ruleset_name``: the records' ``ruleset`` key, when not the ruleset's name (a house
        ruleset's file, as the records will find it)."""
        out = []
        sides = rules.sides
        for o in self.outcomes:
            table, deals = deal_cards(rules, self.seed, o.key)
            names = []
            for s in range(rules.players):
                letter = "A" if s % sides == o.a_side else "B"
                names.append(f"{letter}{s // sides + 1}" if rules.partners else letter)
            record = record_from_moves(rules, table, deals, o.moves,
                                       ruleset_name=ruleset_name or self.ruleset,
                                       players=names, explicit=False)  # fmt: skip
            game = "b" if o.swapped else "a"
            if self.matches:
                stem = f"match-{o.deal:03d}-{game}-hand-{o.hand + 1:02d}"
            else:
                stem = f"deal-{o.deal:03d}-{game}"
            # in every language, as the tutor's other texts in a record (an Italian replay
            # shows the Italian): tutor simulate --seed 0: A = search:1, B = greedy; deal 0, game a
            record.info |= in_every_language("event", self._event(o, game))
            out.append((stem, record))
        return out

    def _event(self, o: HandOutcome, game: str) -> Callable[[], str]:
        """The words of a record's ``event``, for :func:`in_every_language`."""

        def words() -> str:
            if self.matches:
                where = _("match {match}, game {game}, hand {hand}").format(
                    match=o.deal, game=game, hand=o.hand + 1
                )
            else:
                where = _("deal {deal}, game {game}").format(deal=o.deal, game=game)
            return _("tutor simulate --seed {seed}: A = {a}, B = {b}; {where}").format(
                seed=self.seed, a=self.players[0], b=self.players[1], where=where
            )

        return words

    def to_json(self) -> dict[str, Any]:
        """The run and its matches, each player's points, scope and win rates with their
        intervals, and A's lead over B per hand (``tutor simulate --json``)."""
        players = []
        for who in (0, 1):
            hw = self.hand_win_rate(who)
            players.append(
                {
                    "player": self.players[who],
                    "points_per_hand": self.points(who).to_json(),
                    "scope_per_hand": self.scope(who).to_json(),
                    "hand_win_rate": None if hw is None else round(hw, 4),
                    "hand_win_interval": _rounded(
                        None if hw is None else self.hand_win_interval(who)
                    ),
                    "match_win_rate": None
                    if self.match_win_rate(who) is None
                    else round(self.match_win_rate(who) or 0.0, 4),
                    "match_win_interval": _rounded(self.match_win_interval(who)),
                }
            )
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "deals": self.deals,
            "hands": self.hands,
            "matches": self.matches,
            "unfinished_matches": self.unfinished,
            "match_hand_limit": self.hand_limit,
            "players": players,
            "difference_per_hand": self.difference().to_json(),
            "interrupted": self.interrupted,
            "timed_out": self.timed_out,
        }


def simulate(
    ruleset: str | Ruleset,
    players: Sequence[str],
    *,
    deals: int | None = None,
    matches: int | None = None,
    seed: int = 0,
    workers: int | None = 1,
    progress: Progress | None = None,
    time_limit: float | None = None,
    on_deal: Callable[[SimulationResult], None] | None = None,
) -> SimulationResult:
    """Play ``deals`` duplicate deals (each twice, sides exchanged) or ``matches`` duplicate
    matches between ``players[0]`` (A) and ``players[1]`` (B).

    ``workers`` processes play them (None: one per core). ``progress(done, total)`` is called
    with 0 as the games start, then after each deal or match. ``on_deal(result)`` is called
    with each deal's (or match's) games alone, in order, as soon as they and every one before
    them are played: what ``--records`` writes at once, so that a run killed keeps them."""
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if len(players) != 2:
        raise SimulationError(_("give two players (A,B), not {n}").format(n=len(players)))
    check_sides(rules, players)
    if (deals is None) == (matches is None):
        raise SimulationError(_("give either a number of deals (hands) or of matches"))
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    specs = tuple(players)
    count = deals if deals is not None else matches
    assert count is not None
    if count < 1:
        message = (
            _("the number of deals must be at least 1, not {n}")
            if deals is not None
            else _("the number of matches must be at least 1, not {n}")
        )
        raise SimulationError(message.format(n=count))

    def games(pair: Any) -> tuple[list[HandOutcome], list[int | None]]:
        """The hands of a deal's (or match's) two games, and each match game's winner."""
        both: list[HandOutcome] = []
        won: list[int | None] = []
        for game in pair:
            if deals is None:
                winner, hands = game
                won.append(winner)
            else:
                hands = [game]
            both.extend(hands)
        return both, won

    def one_deal(pair: Any) -> None:
        assert on_deal is not None
        both, _won = games(pair)
        on_deal(SimulationResult(rules.name, (specs[0], specs[1]), seed, 1, len(both), both,
                                 [], matches=1 if deals is None else 0))  # fmt: skip

    done, stop = run_parallel(  # which reports (0, count) as it starts
        _play_deal if deals is not None else _play_match,
        # handed out as they are played: a list of --deals 1000000000 filled the memory first
        ((rules, specs, seed, k) for k in range(count)),
        workers,
        progress,
        deadline,
        total=count,
        in_order=None if on_deal is None else one_deal,
    )
    outcomes: list[HandOutcome] = []
    diffs: list[float] = []
    pair_hands: list[int] = []
    winners: list[int | None] = []
    for pair in done:
        both, won = games(pair)
        winners.extend(won)
        outcomes.extend(both)
        diffs.append(sum(o.points[0] - o.points[1] for o in both) / len(both))
        pair_hands.append(len(both))
    result = SimulationResult(
        rules.name,
        (specs[0], specs[1]),
        seed,
        len(done),
        len(outcomes),
        outcomes,
        diffs,
        pair_hands,
        interrupted=stop == "interrupt",
        timed_out=stop == "time",
        elapsed=time.perf_counter() - start,
    )
    if deals is not None:
        return result
    return replace(
        result,
        matches=len(done),
        match_winners=winners,
        target=rules.target,
        hand_limit=MATCH_HAND_LIMIT,
    )


def _rounded(pair: tuple[float, float] | None) -> list[float] | None:
    return None if pair is None else [round(pair[0], 4), round(pair[1], 4)]
