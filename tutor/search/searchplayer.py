"""The ``search`` player: the sampling analyser with a time budget per move.

It stands above :mod:`tutor.search.analysis`, which values moves with another player (the
rule-based one) as its play-out policy: keeping the two apart keeps the imports one way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tutor.counting.assignment import complete
from tutor.counting.tracker import STOCK
from tutor.game.cards import indexes_of
from tutor.game.state import GameState, Move
from tutor.search.analysis import Deals, analyse, shared_deals
from tutor.search.ismcts import ismcts
from tutor.search.players import ChitarrellaPlayer, Player
from tutor.search.tuned import DEFAULT_PLAYOUT

__all__ = ["SearchPlayer", "SightedSearch", "HandsShownSearch", "ISMCTSPlayer", "classic_search"]


class SearchPlayer(Player):
    """The analyser (:func:`tutor.search.analysis.analyse`) with a time budget per move.

    While many plays are left it values only the rule-based player's ``candidates`` best moves
    and leaves the rule-based choice only when the samples say, paired move by move, that
    another move is better by more than ``margin`` standard errors: a few noisy samples must not
    overrule a sound maxim. Near the end, where every sample is solved exactly, it values every
    move and plays the best mean.
    """

    name = "search"

    def __init__(
        self,
        budget: float = 1.0,
        samples: int = 400,
        workers: int = 1,
        candidates: int = 4,
        margin: float = 1.0,
        exact_plies: int = 12,
        playout_exact_plies: int = 8,
        deals: Deals | None = None,
        name: str = "search",
        **options: Any,
    ) -> None:
        self.name = name
        self.budget = budget
        self.samples = samples
        self.workers = workers
        self.candidates = candidates
        self.margin = margin
        self.fallback = ChitarrellaPlayer()
        self.options = dict(
            options, exact_plies=exact_plies, playout_exact_plies=playout_exact_plies, deals=deals
        )

    def choose(self, view: GameState, rng: random.Random) -> Move:
        """The move the analysis finds best within the budget, where it overrules the
        rule-based choice (see the class); a Ctrl-C during the search raises KeyboardInterrupt."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        exact_plies = self.options["exact_plies"]
        endgame = view.plays_left() <= exact_plies
        ranked = [m for _, m in self.fallback.scores(view)]
        rule_choice = self.fallback.choose(view, rng) if endgame else ranked[0]
        chosen = moves if endgame else ranked[: max(2, self.candidates)]
        result = analyse(
            view,
            samples=self.samples,
            time_limit=self.budget,
            seed=rng.randrange(1 << 30),
            workers=self.workers,
            moves=chosen,
            **self.options,
        )
        if result.interrupted:  # Ctrl-C stops the game this player is in, not just its search
            raise KeyboardInterrupt
        if result.samples == 0 or result.best is None:
            return rule_choice
        best = result.best
        if endgame or best == rule_choice or rule_choice not in result.order:
            return best
        mean, se = result.paired(best, rule_choice)
        return best if mean > self.margin * se else rule_choice


def classic_search(budget: float = 1.0, **options: Any) -> SearchPlayer:
    """Today's ``search-classic``: the same player on the counting layer's deals
    (:func:`~tutor.search.analysis.shared_deals`), without the play model, and with the
    untuned play-outs (:data:`~tutor.search.tuned.DEFAULT_PLAYOUT`)."""
    options.setdefault("playout", DEFAULT_PLAYOUT)
    return SearchPlayer(budget, deals=shared_deals, name="search-classic", **options)


class SightedSearch(SearchPlayer):
    """``search-sighted``: ``search`` shown the true deal, so that every sample it values is
    the real one. It cheats on purpose, as a yardstick: what ``search`` could gain at most from
    reading the hidden cards better, or from choosing without the fusion of samples, since with
    every card known there is neither (``docs/strength.md``). ``tutor simulate`` alone shows it
    the deal (:attr:`~tutor.search.players.Player.sighted`); it chooses from its own seat's
    view like ``search``, and only its samples are the true deal.
    """

    sighted = True
    stock_shown = True
    """Whether its samples keep the true order of the cards still to be dealt."""

    def __init__(self, budget: float = 1.0, **options: Any) -> None:
        options.setdefault("name", "search-sighted")
        super().__init__(budget, deals=self._shown, **options)
        self._deal: GameState | None = None

    def show(self, deal: GameState) -> None:
        """Keep a copy of the true deal (with its history): the deal its next choice samples."""
        self._deal = deal.copy(with_stack=True)

    def _shown(self, view: GameState, seat: int, rng: random.Random) -> Iterator[GameState]:
        """The true deal, again and again: it must be the deal of ``view``."""
        deal = self._deal
        where = (view.ply, view.table, view.hands[seat])
        if deal is None or (deal.ply, deal.table, deal.hands[seat]) != where:
            raise RuntimeError(f"{self.name} was not shown the deal it is choosing in")
        while True:
            yield deal.copy() if self.stock_shown else _stock_dealt_afresh(deal, rng)


class HandsShownSearch(SightedSearch):
    """``search-hands``: ``search`` shown every hand but not the stock. Each sample is the
    true deal with the cards still to be dealt shuffled afresh, so it bounds what reading the
    other hands could gain, apart from what knowing the order of the stock adds (nothing in
    scopone scientifico, where every card is dealt at once; much in scopa:
    ``docs/strength.md``)."""

    stock_shown = False

    def __init__(self, budget: float = 1.0, **options: Any) -> None:
        super().__init__(budget, name="search-hands", **options)


def _stock_dealt_afresh(deal: GameState, rng: random.Random) -> GameState:
    """A copy of ``deal`` with the cards still to be dealt dealt again in a fresh order, each
    deal and hand keeping its size (the counting layer's :func:`complete`, as for any sample
    whose stock is unknown): the order of the stock is hidden from every player."""
    rest = deal.deals[deal.deal_index :]
    cards = [c for d in rest for known, _ in d for c in indexes_of(known)]
    unknown = deal.copy()
    unknown.deals[deal.deal_index :] = [[(0, k.bit_count() + n) for k, n in d] for d in rest]
    return complete(unknown, [STOCK], [cards], rng)


class ISMCTSPlayer(Player):
    """Information-set tree search (:func:`tutor.search.ismcts.ismcts`) with a time budget per
    move, on the play model's deals: the search that never sees a hidden card, kept to be
    measured against ``search`` (``docs/strength.md``)."""

    name = "ismcts"

    def __init__(self, budget: float = 1.0, iterations: int = 100_000, **options: Any) -> None:
        self.budget = budget
        self.iterations = iterations
        self.options = options

    def choose(self, view: GameState, rng: random.Random) -> Move:
        """The tree search's best move within the budget (the only legal move at once); a
        Ctrl-C during the search raises KeyboardInterrupt."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        result = ismcts(view, iterations=self.iterations, time_limit=self.budget,
                        seed=rng.randrange(1 << 30), **self.options)  # fmt: skip
        if result.interrupted:
            raise KeyboardInterrupt
        return result.best if result.best is not None else moves[0]
