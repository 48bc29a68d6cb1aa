"""The value of every legal move of the player to move: one call for the solver and the sampler.

:func:`evaluate` decides how to value a position, the way ``tutor solve`` and the review do:

- ``method="exact"`` solves the position with every hand known (:func:`exact_analysis`); it
  refuses a position that hides cards (:class:`HiddenCardsError`). A search that does not
  finish within ``time_limit`` (default :data:`~tutor.search.defaults.EXACT_TIME_LIMIT`)
  reports the bounds proven so far.
- ``method="sampling"`` samples deals consistent with what the mover knows and values every
  move in each (:func:`analyse`, perfect-information Monte Carlo), with 95% intervals.
- ``method="auto"`` (the default) solves exactly when every card is known, and samples
  otherwise.

Whatever the method, a position where counting pins every card from the mover's seat
(:func:`~tutor.counting.knowledge.known_world`) is solved exactly: every deal sampled would be
that one deal, so sampling would only repeat it (``Evaluation.pinned`` says so).

The result, an :class:`Evaluation`, keeps the analysis (values, intervals, paired samples, how
each value was obtained) with the position's context (who moves, for which side, after which
play) and gives the JSON of ``tutor solve --json``.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.state import GameState
>>> s = GameState.from_cards(load_ruleset("scopa"), "2C 5S", [["7D", "4C"], ["3B", "6S"]])
>>> e = evaluate(s, names=["You", "Ada"])
>>> e.analysis.method, e.analysis.best.text(), e.player
('exact', '7D x 2C 5S', 'You')
>>> e.to_json()["moves"][0]["value"], e.to_json()["moves"][0]["how"]
(5, {'kind': 'exact', 'exact_from': None, 'text': 'exact'})
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tutor.counting.knowledge import known_world
from tutor.counting.tracker import seat_names, viewer_state
from tutor.game.cards import Style, get_style
from tutor.game.errors import TutorError
from tutor.game.i18n import _, ngettext, number
from tutor.game.rules import Ruleset
from tutor.game.state import GameState, Move
from tutor.search.analysis import Analysis, KeptDeals, MoveEstimate, analyse, exact_analysis
from tutor.search.defaults import EXACT_TIME_LIMIT, SAMPLES

__all__ = [
    "METHODS",
    "FEW_SAMPLES",
    "WIDE_INTERVAL",
    "EvaluationError",
    "HiddenCardsError",
    "Evaluation",
    "evaluate",
]

METHODS = ("auto", "exact", "sampling")
"""The ways :func:`evaluate` can value a position."""

Progress = Callable[[int, int], None]

FEW_SAMPLES = 10
"""Fewer sampled deals than this say little whatever their interval: the spread of so few is
itself a guess (two equal samples give an interval of zero width)."""
WIDE_INTERVAL = 1.0
"""A 95% interval wider than this either side of the value (points of the hand) says little:
it cannot tell a move from one a blunder (1 point, ``docs/review.md``) worse."""


class EvaluationError(TutorError):
    """A position that cannot be evaluated (the hand is over, the mover's hand is unknown)."""


class HiddenCardsError(EvaluationError):
    """An exact solve was asked for a position that hides cards: only sampling can value it."""


class Note(Protocol):
    """A note a higher layer adds to an evaluation (the review's reading check): its text and
    its JSON, given the players' names."""

    def text(self, names: Sequence[str], style: Style | str | None = None) -> str:
        """The note in words, players by ``names``, in the language of the run."""

    def to_json(self, names: Sequence[str], style: Style | str | None = None) -> dict[str, Any]:
        """The note as the ``reading`` key of the evaluation's JSON."""


@dataclass
class Evaluation:
    """Every legal move of the player to move valued, with the position's context."""

    analysis: Analysis
    """The values, best first (see :class:`~tutor.search.analysis.Analysis`)."""
    at: int
    """Plays made before the position."""
    seat: int
    """The seat to move."""
    names: list[str]
    """Every player's name, in playing order."""
    side: str
    """The name of the mover's side."""
    table: int
    """The cards on the table (a mask)."""
    time_limit: float | None
    """The seconds the search was given (None: no limit)."""
    rules: Ruleset
    """The ruleset played: whose points the values count (a side's, or one player's)."""
    hands: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    """Sampled: the hands (card masks by seat) of the deals valued, in the order drawn."""
    reading: Note | None = None
    """Set when the values rest on a reading the tracker does not share
    (:func:`tutor.review.reading.evaluate_checked`)."""
    pinned: bool = False
    """Solved exactly because counting pins every card from the mover's seat, though the
    position hides cards (or sampling was asked for)."""
    hindsight: bool = False
    """Solved exactly with every hand visible, though the mover could not see them all (a
    record that gives every hand, cut where counting does not place every card): the values
    say what the cards really held, not what the mover could know; the review calls this
    hindsight. Sampling (``--samples``) judges from the mover's seat."""

    @property
    def player(self) -> str:
        """The name of the player to move."""
        return self.names[self.seat]

    def line(self) -> list[tuple[str, Move]]:
        """The best line (exact) or the best move (sampling), each move with its player."""
        n = len(self.names)
        return [(self.names[(self.seat + i) % n], m) for i, m in enumerate(self.analysis.pv)]

    def warnings(self) -> list[str]:
        """What a reader must know before trusting the values: an exact search stopped before
        it proved them (they are bounds), no sampled deal valued, or sampled values from fewer
        than :data:`FEW_SAMPLES` deals or with intervals wider than :data:`WIDE_INTERVAL`."""
        result = self.analysis
        if result.method == "exact":
            if result.exact:
                return []
            if result.interrupted:
                stopped = _("the exact search was interrupted before it proved every value")
            else:
                stopped = _(
                    "the exact search stopped at the time limit before it proved every value"
                )
            return [
                _("{stopped}: the values shown are only the bounds proven so far").format(
                    stopped=stopped
                )
            ]
        if not result.samples:
            return [_("no sampled deal was valued, so the moves have no values")]
        return self.sampling_warnings()

    def sampling_warnings(self) -> list[str]:
        """The warning on sampled values from fewer than :data:`FEW_SAMPLES` deals, or with
        intervals wider than :data:`WIDE_INTERVAL` (empty for an exact search)."""
        result = self.analysis
        if result.method == "exact" or not result.samples:
            return []
        warning = sampling_warning(result.samples, result.moves)
        return [warning] if warning else []

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The analysis's JSON with how each value was obtained, the warnings, the reading
        check, the player and seat to move, the side, the plays made, the deck, the best
        move's lead over the next (settled when its interval is above 0), the ruleset and the
        seed of the sampling (null for an exact solve)."""
        data = self.analysis.to_json(style)
        for move, shown in zip(self.analysis.moves, data["moves"], strict=True):
            how = move.how
            # an exact search stopped early proved bounds, not the value
            text = how.text() if move.known or how.kind != "exact" else _("bounds proven so far")
            shown["how"] = {"kind": how.kind, "exact_from": how.exact_from, "text": text}
        data["warnings"] = self.warnings()
        data["reading"] = None if self.reading is None else self.reading.to_json(self.names, style)
        data["to_move"] = self.player
        data["seat"] = self.seat
        data["side"] = self.side
        data["at"] = self.at
        data["deck"] = get_style(style).name  # the notation of every card above
        lead = self.analysis.lead()
        data["lead"] = (
            None
            if lead is None
            else {"over": lead[0].text(style), **lead[1].to_json(), "settled": lead[1].low > 0}
        )
        data["pinned"] = self.pinned
        data["hindsight"] = self.hindsight
        data["ruleset"] = self.rules.name
        # the seed reproduces the deals drawn; an exact solve drew none
        data["seed"] = self.analysis.seed if self.analysis.method == "sampling" else None
        return data


def pinned_world(state: GameState) -> GameState | None:
    """The one deal counting allows from the seat to move of ``state``, or None: the position
    :func:`evaluate` solves exactly whatever the method."""
    if state.is_over() or state.unknown[state.turn]:
        return None
    return known_world(viewer_state(state, state.turn))


def _exact_position(state: GameState, method: str) -> tuple[GameState | None, bool]:
    """The position :func:`evaluate` solves exactly with ``method`` (None: it samples deals),
    and whether counting pinned it; :class:`HiddenCardsError` for an exact solve of hidden
    cards that counting does not place."""
    if method in ("auto", "exact") and not state.has_hidden_cards():
        return state, False
    world = pinned_world(state)
    if world is not None:
        return world, True
    if method == "exact":
        raise HiddenCardsError(
            _("the record does not give every hand, so the position cannot be solved exactly")
        )
    return None, False


def solves_exactly(state: GameState, method: str = "auto") -> bool:
    """Whether :func:`evaluate` with ``method`` solves ``state`` exactly (``auto``: when every
    card is known; any method: when counting pins every card) rather than by sampling deals."""
    return method == "exact" or _exact_position(state, method)[0] is not None


def exact_time_limit(time_limit: float | None) -> float:
    """The time an exact solve is given: ``time_limit``, or by default
    :data:`~tutor.search.defaults.EXACT_TIME_LIMIT`."""
    return EXACT_TIME_LIMIT if time_limit is None else time_limit


def evaluate(
    state: GameState,
    method: str = "auto",
    *,
    samples: int | None = None,
    time_limit: float | None = None,
    seed: int = 0,
    workers: int | None = 1,
    progress: Progress | None = None,
    names: Sequence[str] | None = None,
    sides: Sequence[str] | None = None,
    value_forced: bool = True,
) -> Evaluation:
    """Value every legal move of the player to move (see the module docstring).

    A forced move (the only legal one) is valued too, unless ``value_forced`` is False: an
    engine asked for a move need not spend time on a move it has no choice about.

    ``samples`` (default :data:`~tutor.search.defaults.SAMPLES`), ``seed`` and ``workers``
    (None: one per core) apply to sampling, which calls ``progress(done, samples)``, first
    with 0 as it starts. ``time_limit`` bounds either method (exact default
    :data:`~tutor.search.defaults.EXACT_TIME_LIMIT`; sampling: none). ``names`` and ``sides``
    name the players and the sides in the result (default ``seat 0`` ..., ``side 0`` ...).
    Raises :class:`EvaluationError` for a position that cannot be
    evaluated, :class:`HiddenCardsError` for an exact solve of hidden cards, and the
    solver's or the analyser's errors.
    """
    if method not in METHODS:
        raise EvaluationError(
            _("unknown method {name!r}; choose one of {names}").format(
                name=method, names=", ".join(METHODS)
            )
        )
    if time_limit is not None and not time_limit > 0:  # 0, a negative number or NaN
        raise EvaluationError(
            _("the time limit must be a positive number of seconds, not {value}").format(
                value=time_limit
            )
        )
    who = seat_names(state.rules.players, names)
    if state.is_over():
        raise EvaluationError(
            _("the hand is over after play {n}: nothing to solve").format(n=state.ply)
        )
    if state.unknown[state.turn]:
        raise EvaluationError(
            _(
                "{player} is to move but the record does not give their hand, so there "
                "is nothing to analyse from their seat"
            ).format(player=who[state.turn])
        )
    hands: tuple[tuple[int, ...], ...] = ()
    position, pinned = _exact_position(state, method)
    hindsight = False
    if position is not None:
        limit: float | None = exact_time_limit(time_limit)
        result = exact_analysis(position, time_limit=limit)
        hindsight = not pinned and pinned_world(state) is None
    else:
        limit = time_limit
        k = SAMPLES if samples is None else samples
        if progress is not None:
            progress(0, k)
        legal = state.legal_moves()
        kept = KeptDeals()  # the analyser's own deals, kept to say where the cards lay
        result = analyse(
            state,
            samples=k,
            time_limit=time_limit,
            seed=seed,
            workers=workers,
            progress=progress,
            # the analyser skips a forced move, which a player need not weigh
            moves=legal if value_forced and len(legal) == 1 else None,
            deals=kept,
        )
        hands = kept.hands(result.samples)
    side_names = (
        sides
        if sides is not None
        else [_("side {n}").format(n=i) for i in range(state.rules.sides)]
    )
    return Evaluation(
        analysis=result,
        at=state.ply,
        seat=state.turn,
        names=who,
        side=side_names[state.side_to_move],
        table=state.table,
        time_limit=limit,
        rules=state.rules,
        hands=hands,
        pinned=pinned,
        hindsight=hindsight,
    )


def sampling_warning(samples: int, moves: Iterable[MoveEstimate]) -> str | None:
    """What a reader must know of values sampled over ``samples`` deals: that they say little,
    from fewer than :data:`FEW_SAMPLES` deals or with an interval wider than
    :data:`WIDE_INTERVAL` either side (None when neither). Shared by ``solve`` and
    ``explain``."""
    spans = [(m.high - m.low) / 2 for m in moves if m.known]
    widest = max(spans, default=0.0)
    if samples >= FEW_SAMPLES and widest <= WIDE_INTERVAL:
        return None
    deals = ngettext("{n} sampled deal", "{n} sampled deals", samples).format(n=samples)
    if math.isfinite(widest):
        wide = _("up to ±{points} points").format(points=number(widest))
    else:
        wide = _("unbounded")
    if samples >= FEW_SAMPLES:  # enough deals already: only the width is wanting
        advice = _(
            "these values say little: {deals}, intervals {wide}; sample more deals "
            "(until the intervals are within ±{limit})"
        )
    else:
        advice = _(
            "these values say little: {deals}, intervals {wide}; sample more deals "
            "(at least {few}, and until the intervals are within ±{limit})"
        )
    return advice.format(deals=deals, wide=wide, few=FEW_SAMPLES, limit=number(WIDE_INTERVAL, "g"))
