"""The endgame's regret: what choosing without seeing the hidden cards costs near the end of
a hand, against the best move for the true deal (``bench endgame``; ``docs/strength.md``)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.bench.common import BenchError, _one_of
from tutor.game.i18n import _
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState
from tutor.search.analysis import (
    Deals,
    Progress,
    analyse,
    exact_values,
    facts_deals,
    interval,
    read_deals,
    run_parallel,
    shared_deals,
)
from tutor.search.defaults import DEFAULT_EXACT_PLIES
from tutor.search.players import seat_view
from tutor.search.roster import PlayerError
from tutor.search.simulate import check_sides, move_seed, play_game

__all__ = [
    "ENDGAME_METHODS",
    "EndgameRegret",
    "bench_endgame",
]


ENDGAME_METHODS: dict[str, Deals | None] = {
    "search": read_deals,
    "search-classic": shared_deals,
    "facts": facts_deals,
    "sighted": None,
}
"""Where each method of :func:`bench_endgame` draws its deals: the play model (``search``'s),
the tracker's readings (``search-classic``'s), the facts alone, or the true deal alone
(``sighted``: the yardstick, whose regret is nought by construction)."""


@dataclass
class EndgameRegret:
    """What choosing without seeing the hidden cards costs near the end of a hand.

    At every position of the games played where at most ``plays_left`` plays are left and the
    mover has a choice, each method chose the move of best mean over ``samples`` deals (as the
    ``search`` player does there), and its *regret* is what that move loses, in points of the
    hand, against the best move for the true deal (both valued exactly, every hand shown).
    ``regrets[method]`` holds one regret per position, in the order of ``left``.
    """

    ruleset: str
    players: str
    deals: int
    seed: int
    samples: int
    plays_left: int
    methods: list[str]
    left: list[int] = field(default_factory=list)
    regrets: dict[str, list[float]] = field(default_factory=dict)
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        base = self.methods[0]
        out: dict[str, Any] = {}
        for name in self.methods:
            values = self.regrets[name]
            by_left = {}
            for k in sorted(set(self.left), reverse=True):
                at = [v for v, n in zip(values, self.left, strict=True) if n == k]
                by_left[str(k)] = round(sum(at) / len(at), 4)
            entry: dict[str, Any] = {
                "regret": interval(values).to_json(),
                "by_plays_left": by_left,
                "positions_lost": sum(1 for v in values if v > 0),
            }
            if name != base:
                diffs = [a - b for a, b in zip(values, self.regrets[base], strict=True)]
                entry["minus_" + base] = interval(diffs).to_json()
            out[name] = entry
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "deals": self.deals,
            "games": 2 * self.deals,
            "seed": self.seed,
            "samples": self.samples,
            "plays_left": self.plays_left,
            "positions": len(self.left),
            "methods": out,
            "interrupted": self.interrupted,
        }


def _endgame_deal(
    rules: Ruleset, specs: Sequence[str], seed: int, deal: int, methods: Sequence[str],
    samples: int, plays_left: int,
) -> list[tuple[int, list[float]]]:  # fmt: skip
    """Both games of one deal, and the regret of each method at each of their endgame
    positions: ``(plays left, [regret by method])``."""
    out = []
    for game in (0, 1):
        final = play_game(rules, specs, seed, deal, swapped=bool(game))
        state, moves = final.rewound()
        for move in moves:
            legal = state.legal_moves()
            if state.plays_left() <= plays_left and len(legal) > 1:
                truth = exact_values(state, legal)
                best = max(truth)
                view = seat_view(state, state.turn)
                row = []
                for name in methods:
                    deals = ENDGAME_METHODS[name] or _only_the_deal(state)
                    a = analyse(
                        view, samples=samples, seed=move_seed(seed, deal, game, state.ply),
                        moves=legal, exact_plies=plays_left, deals=deals,
                    )  # fmt: skip
                    if a.interrupted:  # analyse keeps a Ctrl-C's samples: here it stops all
                        raise KeyboardInterrupt
                    chosen = a.best
                    row.append(best - truth[legal.index(chosen)] if chosen else 0.0)
                out.append((state.plays_left(), row))
            state.push(move)
    return out


def _only_the_deal(truth: GameState) -> Deals:
    """A source of deals that draws the true deal every time (the ``sighted`` yardstick)."""

    def deals(_view: GameState, _seat: int, _rng: random.Random) -> Iterator[GameState]:
        return (truth.copy() for _ in itertools.count())

    return deals


def bench_endgame(
    players: str = "search:0.3,search-classic:0.3",
    deals: int = 24,
    seed: int = 0,
    ruleset: str = "scopone-scientifico",
    methods: Sequence[str] = ("search", "search-classic", "facts"),
    samples: int = 400,
    plays_left: int = 12,
    workers: int = 1,
    progress: Progress | None = None,
) -> EndgameRegret:
    """Play ``deals`` seeded deals twice (sides exchanged) between ``players``, and measure at
    every position with at most ``plays_left`` plays left what each of ``methods`` loses by
    not seeing the hidden cards (:class:`EndgameRegret`; ``docs/strength.md``, "The endgame
    taken apart"). The methods' choices are exactly reproducible by seed; the games are too
    unless a player has a time budget (a ``search`` player's moves depend on the machine).
    """
    if deals < 1:
        raise BenchError(_("deals must be at least 1, not {n}").format(n=deals), "--deals")
    if samples < 1:
        raise BenchError(_("samples must be at least 1, not {n}").format(n=samples), "--samples")
    if not 1 <= plays_left <= DEFAULT_EXACT_PLIES:
        raise BenchError(
            _(
                "plays left must be 1 to {most}, not {n}: every sample is solved exactly, "
                "and earlier than that one solve takes too long"
            ).format(most=DEFAULT_EXACT_PLIES, n=plays_left),
            "--plays-left",
        )
    chosen = [m.strip().lower() for m in methods]
    for name in chosen:
        _one_of(name, ENDGAME_METHODS, _("unknown method {name!r}; choose from {names}"),
                "--methods")  # fmt: skip
    if not chosen:
        raise BenchError(_("name at least one method"), "--methods")
    twice = next((name for k, name in enumerate(chosen) if name in chosen[:k]), None)
    if twice is not None:  # up front: the run would end in a table that cannot be made
        raise BenchError(_("method {name!r} is named twice").format(name=twice), "--methods")
    rules = load_ruleset(ruleset)
    specs = [s.strip() for s in players.split(",")]
    if len(specs) != 2:
        raise BenchError(
            _("name two players, A,B, not {players!r}").format(players=players), "--players"
        )
    try:
        check_sides(rules, specs)  # a bad name or ruleset fails here, not in a worker
    except PlayerError as exc:
        raise BenchError(str(exc), "--players") from None
    args = ((rules, specs, seed, d, chosen, samples, plays_left) for d in range(deals))
    done, stop = run_parallel(_endgame_deal, args, workers, progress, total=deals)
    out = EndgameRegret(rules.name, players, len(done), seed, samples, plays_left, chosen,
                        interrupted=stop == "interrupt")  # fmt: skip
    out.regrets = {name: [] for name in chosen}
    for part in done:
        for left, row in part:
            out.left.append(left)
            for name, regret in zip(chosen, row, strict=True):
                out.regrets[name].append(regret)
    return out
