"""Information-set Monte Carlo tree search (single observer) from the mover's seat.

Perfect-information Monte Carlo (:mod:`tutor.search.analysis`) values each move on every sampled
deal as if the cards were visible, so its later choices fit each deal: *strategy fusion*. This
search instead grows one tree of public plays for all the deals the mover cannot tell apart, so
every choice in the tree (the mover's later ones included) is made once for all of them:

1. each iteration draws one deal from the mover's view (a *determinization*, from the play
   model's sampler :func:`tutor.search.analysis.read_deals`, or any stream of deals given);
2. it walks down the tree choosing, at each node, among the moves legal *in this deal* by UCB
   over the statistics every deal has added to that node (counting how often each move was
   available, so that a move that is legal only in some deals is not favoured);
3. it adds one node, plays the hand on with the rule-based player (which reads only its own
   hand) until few plays are left, and solves the rest exactly;
4. it adds the value to every node on the path, each from its mover's side.

The root's most visited move is the choice. Only the last few plays (the exact finish) are still
valued as if the cards were seen. The search reads the mover's view alone: it starts from
:func:`~tutor.search.players.seat_view`, so no hidden card can reach it (the tests shuffle the
hidden hands and get the same answer).

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> hands = [["7D", "4C", "RB"], ["3B", "6S", "AB"]]
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", hands)
>>> r = ismcts(s, iterations=60, seed=1)
>>> r.best.text(), r.samples, r.method
('7D x 2C 5S', 60, 'ismcts')
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from tutor.game.i18n import _
from tutor.game.scoring import hand_points
from tutor.game.state import GameState, Move
from tutor.search.analysis import (
    PLAYOUT_EXACT_PLIES,
    Analysis,
    AnalysisError,
    Deals,
    MoveEstimate,
    Valuation,
    interval_of_sums,
    read_deals,
    run_parallel,
)
from tutor.search.players import ChitarrellaPlayer, Player, seat_view
from tutor.search.solver import solver_for

__all__ = ["EXPLORATION", "LEAF_EXACT_PLIES", "ismcts", "grow_tree", "TreeStats"]

EXPLORATION = 2.5
"""UCB's exploration constant, in points of the hand (the spread of a hand's value is about
three points)."""
LEAF_EXACT_PLIES = 8
"""Below this many plays left the tree stops and the deal is solved exactly."""

_PLAYOUT = ChitarrellaPlayer(count_limit=0)


class _Node:
    """A node of public history: per move, visits, summed value (for the side to move here),
    its square (for the interval) and availability."""

    __slots__ = ("visits", "total", "squares", "avail", "kids", "order")

    def __init__(self) -> None:
        self.visits: dict[Move, int] = {}
        self.total: dict[Move, float] = {}
        self.squares: dict[Move, float] = {}
        self.avail: dict[Move, int] = {}
        self.kids: dict[Move, _Node] = {}
        self.order: dict[Move, int] | None = None


@dataclass
class TreeStats:
    """The root of one tree: per move, visits, summed value and summed squares (mover's side)."""

    visits: dict[Move, int]
    total: dict[Move, float]
    squares: dict[Move, float]
    iterations: int
    stop: str | None = None


def _value(world: GameState, side: int, policy: Player, rng: random.Random,
           exact_plies: int) -> float:  # fmt: skip
    """The hand's value for ``side`` from ``world``: played on by ``policy``, solved exactly
    once ``exact_plies`` plays or fewer are left."""
    while world.plays_left() > exact_plies:
        world.push(policy.choose(world, rng))
    if world.is_over():
        pts = hand_points(world.rules, world.captured, world.scope)
        return float(pts[side] - pts[1 - side])
    sol = solver_for(world.rules).solve(world, pv=False)
    v = float(sol.value)
    return v if world.turn % world.rules.sides == side else -v


def _first(policy: Player, world: GameState, untried: list[Move]) -> Move:
    """The untried move to expand first: the one the rule-based player ranks highest."""
    scores = getattr(policy, "scores", None)
    if scores is None:
        return untried[0]
    wanted = set(untried)
    best: Move = next(m for _, m in scores(world) if m in wanted)
    return best


def grow_tree(
    view: GameState,
    seed: str,
    iterations: int,
    deadline: float | None,
    exploration: float,
    leaf_exact_plies: int,
    playout_exact_plies: int,
    deals: Deals | None = None,
    policy: Player | None = None,
) -> TreeStats:
    """Grow one tree of ``iterations`` iterations (or until ``deadline``) from ``view``."""
    rng = random.Random(seed)
    source = (deals or read_deals)(view, view.turn, random.Random(f"{seed}:deals"))
    policy = policy or _PLAYOUT
    sides = view.rules.sides
    root = _Node()
    done = 0
    stop: str | None = None
    for done in range(iterations):  # noqa: B007 - the count is used after the loop
        if deadline is not None and done and time.perf_counter() > deadline:
            stop = "time"
            break
        world = next(source)
        node = root
        path: list[tuple[_Node, Move, int]] = []
        exact_from = playout_exact_plies
        while True:
            legal = world.legal_moves()
            avail = node.avail
            for m in legal:
                avail[m] = avail.get(m, 0) + 1
            side = world.turn % sides
            untried = [m for m in legal if m not in node.visits]
            if untried:
                move = untried[0] if len(untried) == 1 else _first(policy, world, untried)
                path.append((node, move, side))
                world.push(move)
                node = node.kids.setdefault(move, _Node())
                break
            best = legal[0]
            top = -math.inf
            for m in legal:
                n = node.visits[m]
                score = node.total[m] / n + exploration * math.sqrt(math.log(avail[m]) / n)
                if score > top:
                    top, best = score, m
            path.append((node, best, side))
            world.push(best)
            node = node.kids.setdefault(best, _Node())
            if world.plays_left() <= leaf_exact_plies:
                exact_from = leaf_exact_plies
                break
        value0 = _value(world, 0, policy, rng, exact_from)
        for nd, mv, side in path:
            v = value0 if side == 0 else -value0
            nd.visits[mv] = nd.visits.get(mv, 0) + 1
            nd.total[mv] = nd.total.get(mv, 0.0) + v
            nd.squares[mv] = nd.squares.get(mv, 0.0) + v * v
    else:
        done = iterations
    return TreeStats(root.visits, root.total, root.squares, done, stop)


def ismcts(
    state: GameState,
    *,
    iterations: int = 1000,
    time_limit: float | None = None,
    seed: int = 0,
    trees: int = 1,
    workers: int | None = 1,
    exploration: float = EXPLORATION,
    leaf_exact_plies: int = LEAF_EXACT_PLIES,
    playout_exact_plies: int = PLAYOUT_EXACT_PLIES,
    deals: Deals | None = None,
) -> Analysis:
    """Search the mover's moves by single-observer ISMCTS (see the module docstring).

    ``trees`` independent trees (seeds ``{seed}:tree{k}``) of ``iterations // trees``
    iterations each are grown, in ``workers`` processes, and their root statistics added: the
    same seed and counts give the same answer on any number of workers, unless ``time_limit``
    stops the trees first. ``deals`` replaces the shared sampler (it must draw from the view it
    is given). Each move's value is its mean over the iterations that tried it at the root.
    """
    start = time.perf_counter()
    view = seat_view(state)
    if view.is_over():
        raise AnalysisError(_("the hand is over: there is no move to analyse"))
    if view.rules.sides != 2:
        raise AnalysisError(
            _("the search handles two sides only, not {n}").format(n=view.rules.sides)
        )
    if iterations < 1 or trees < 1:
        raise AnalysisError(_("iterations and trees must be at least 1"))
    legal = view.legal_moves()
    deadline = None if time_limit is None else start + time_limit
    per_tree = max(1, iterations // trees)
    args = [
        (view, f"{seed}:tree{k}", per_tree, deadline, exploration, leaf_exact_plies,
         playout_exact_plies, deals)
        for k in range(trees)
    ]  # fmt: skip
    if len(legal) == 1:
        results: list[TreeStats] = []
        stop = None
    else:
        results, stop = run_parallel(grow_tree, args, workers if trees > 1 else 1)
    visits: dict[Move, int] = {}
    total: dict[Move, float] = {}
    squares: dict[Move, float] = {}
    for r in results:
        for m, n in r.visits.items():
            visits[m] = visits.get(m, 0) + n
            total[m] = total.get(m, 0.0) + r.total[m]
            squares[m] = squares.get(m, 0.0) + r.squares[m]
    how = Valuation("ismcts", playout_exact_plies)
    estimates = [_estimate(m, visits.get(m, 0), total.get(m, 0.0), squares.get(m, 0.0), how)
                 for m in legal]  # fmt: skip
    estimates.sort(key=lambda e: (-e.n, -e.value))
    best = estimates[0].move if estimates and (estimates[0].n or len(legal) == 1) else None
    timed_out = stop == "time" or any(r.stop == "time" for r in results)
    return Analysis(
        to_move=view.turn,
        exact=False,
        method="ismcts",
        moves=estimates,
        pv=[best] if best is not None else [],
        samples=sum(r.iterations for r in results),
        requested=per_tree * trees,
        interrupted=stop == "interrupt",
        timed_out=timed_out,
        elapsed=time.perf_counter() - start,
        seed=seed,
    )


def _estimate(move: Move, n: int, total: float, squares: float, how: Valuation) -> MoveEstimate:
    """A move's mean value with its 95% interval, from its count, sum and sum of squares."""
    iv = interval_of_sums(n, total, squares)
    return MoveEstimate(move, iv.mean, iv.low, iv.high, n, how)
