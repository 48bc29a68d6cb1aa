"""Every puzzle's solution, worked out by the tutor itself, and compared with the file's.

:func:`solve_puzzle` computes the answer to a puzzle's question the way the issue asks:

- ``best-move``: the exact solver when every hand is known (an open position) or deducible from
  the seat (counting leaves a single consistent deal); otherwise the analyser, sampling deals
  from the seat, and the solution must beat every other move by the puzzle's ``margin`` with
  the 95% interval of the paired difference clear of it;
- ``unmatched``: the tracker (rule of 48) from the seat;
- ``holds``: the inference from the seat (facts, then readings of passed-up captures);
- ``legal-captures``: the engine's capture rules;
- ``score``: the exact solver, following every line of best play to the end: the points must
  be the same on every such line, or the question has no single answer.

:func:`check_puzzle` compares that with the file and lists what is wrong.

>>> from tutor.puzzles.format import loads_puzzles
>>> [p] = loads_puzzles('''
... ruleset: scopone-16
... players: [South, West, North, East]
... table: [FD, 3C, 4S, 5B]
... deals: [{South: [AD, CC, 2B, 6D, 7S, RC, 3S, 6S, 4B]}]
... plays: [AD]
... puzzle:
...   title: Fewest cards first
...   question: legal-captures
...   card: CB
...   themes: [capture-rule]
...   difficulty: 1
...   solution: [CB x AD FD, CB x 4S 5B, CB x AD 3C 5B]
...   explanation: Seeds 000 and 002.
... ''')
>>> c = check_puzzle(p)
>>> c.ok, c.solved.method
(False, 'engine')
>>> c.problems[0]
'the legal captures of CB are CB x AD FD, CB x 4S 5B, not CB x AD FD; CB x 4S 5B; CB x AD 3C 5B'
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.counting.inference import CountView, count_view
from tutor.counting.knowledge import known_world
from tutor.counting.odds import percent
from tutor.counting.tracker import Board, track, values_text, viewer_state
from tutor.game.cards import Style
from tutor.game.errors import TutorError
from tutor.game.i18n import N_, _, number
from tutor.game.scoring import score_state
from tutor.game.state import GameState, Move
from tutor.puzzles.format import Puzzle
from tutor.records.puzzle_key import question_name
from tutor.review.defaults import ROUNDS_TO_ZERO
from tutor.review.judge import Settings
from tutor.review.reading import ValuesReading, check_values
from tutor.search.analysis import (
    Analysis,
    Deals,
    KeptDeals,
    MoveEstimate,
    analyse,
    exact_analysis,
    interval,
    shared_deals,
)
from tutor.search.players import seat_view
from tutor.search.solver import solver_for

__all__ = [
    "UndecidedError",
    "CHECK_SEED",
    "CHECK_SAMPLES",
    "MAX_SAMPLES",
    "Solved",
    "PuzzleCheck",
    "solve_puzzle",
    "check_puzzle",
    "best_outcomes",
    "paired_margin",
]

CHECK_SEED = 0
"""The sampling seed of every check: a check gives the same verdict every time."""
CHECK_SAMPLES = 200
"""Deals sampled first for a hidden-information best move; doubled while undecided,"""
MAX_SAMPLES = 1600
"""up to this many."""
EXACT_TIME = 60.0
"""Seconds the exact solver may take on one puzzle before the check gives up."""
OUTCOME_LIMIT = 20_000
"""Positions :func:`best_outcomes` may visit following every best line."""


@dataclass
class Solved:
    """The tutor's own answer to a puzzle's question, with what it rests on."""

    kind: str
    method: str
    """How it was found: ``exact``, ``exact (deduced)``, ``sampling``, ``tracker``,
    ``inference`` or ``engine``."""
    analysis: Analysis | None = None
    """best-move and score: every legal move valued."""
    best: tuple[Move, ...] = ()
    """best-move: the moves with the best value (exact), or the top move (sampling)."""
    values: tuple[int, ...] = ()
    holder: int | None = None
    basis: str | None = None
    """holds: ``fact`` or ``inference`` (a reading of behaviour, with a confidence)."""
    deduction: str | None = None
    captures: tuple[Move, ...] = ()
    outcomes: tuple[tuple[int, ...], ...] = ()
    """score: the final points of each line of best play (one entry when they agree)."""
    line: list[Move] = field(default_factory=list)
    """A line of best play (exact solves)."""
    board: Board | None = None
    view: CountView | None = None
    state: GameState | None = None
    """The full-information position solved (the record's, or the one counting deduces)."""
    notes: list[str] = field(default_factory=list)
    reading: ValuesReading | None = None
    """best-move, sampled: the cards the analysis's deals settle while the tracker leaves them
    open (:func:`tutor.review.reading.pinned_cards`), with the values on the tracker's deals
    (the same seed and number of deals); None when no card is so settled, or the tracker's
    values differ by less than an inaccuracy or within the intervals
    (:func:`tutor.review.reading.values_differ`)."""

    def value_of(self, move: Move) -> float | None:
        if self.analysis is None:
            return None
        for m in self.analysis.moves:
            if m.move == move:
                return m.value
        return None

    def line_after(self, move: Move) -> list[Move]:
        """A line of best play for both sides after ``move``, ``move`` first: what a wrong
        answer runs into (exact solves only; empty when the position is hidden, or the
        solver does not finish in time)."""
        if self.state is None or not self.method.startswith("exact"):
            return []
        world = self.state.copy()
        world.push(move)
        if world.is_over():
            return [move]
        sol = solver_for(world.rules).solve(world, time_limit=EXACT_TIME)
        return [move, *sol.pv] if sol.exact else []


@dataclass
class PuzzleCheck:
    """The verdict on one puzzle: ok, or the problems found."""

    puzzle: Puzzle
    solved: Solved | None
    problems: list[str]
    elapsed: float

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        """One line: ``NAME: ok (how)`` or ``NAME: WHAT IS WRONG``."""
        how = _(METHOD_WORDS.get(self.solved.method, "")) if self.solved is not None else ""
        if self.ok:
            return f"{self.puzzle.name}: " + _("ok ({question}, {how})").format(
                question=question_name(self.puzzle.kind), how=how or _("not checked")
            )
        return f"{self.puzzle.name}: " + "; ".join(self.problems)

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle.name,
            "path": self.puzzle.path,
            "question": self.puzzle.kind,
            "ok": self.ok,
            "method": self.solved.method if self.solved is not None else None,
            "problems": list(self.problems),
            "seconds": round(self.elapsed, 3),
        }


def unreadable_json(path: str | Path, problem: str) -> dict[str, Any]:
    """The ``puzzle check --json`` entry of a file that cannot be read: the keys of
    :meth:`PuzzleCheck.to_json`, with nothing asked, worked out or timed."""
    path = Path(path)
    return {
        "puzzle": path.stem,
        "path": str(path),
        "question": None,
        "ok": False,
        "method": None,
        "problems": [problem],
        "seconds": None,
    }


class UndecidedError(TutorError):
    """The tutor cannot work the puzzle's answer out (too large, or hidden cards)."""


# -- computing the answer -------------------------------------------------------------------------


def _exact(state: GameState, method: str) -> tuple[Analysis, str]:
    result = exact_analysis(state, time_limit=EXACT_TIME)
    _unless_interrupted(result)
    if not result.exact:
        raise UndecidedError(
            _("the exact solver did not finish within {seconds} s").format(
                seconds=number(EXACT_TIME, "g")
            )
        )
    return result, method


def _full_state(p: Puzzle) -> tuple[GameState, str] | None:
    """The full-information position to solve exactly, and how it is known (None: hidden)."""
    if p.open:
        return p.state, "exact"
    if p.seat == p.mover:
        found = known_world(seat_view(p.state))
        if found is not None:
            return found, "exact (deduced)"
    return None


def paired_margin(analysis: Analysis, a: Move, b: Move) -> tuple[float, float, float]:
    """Mean and 95% interval of ``a``'s value minus ``b``'s over the same sampled deals."""
    i, j = analysis.order.index(a), analysis.order.index(b)
    iv = interval([v[i] - v[j] for v in analysis.values])
    return iv.mean, iv.low, iv.high


def _sampled(
    p: Puzzle,
    progress: Callable[[int, int], None] | None,
    facts_only: bool = False,
    deals: Deals | None = None,
) -> tuple[Analysis, str]:
    """The analyser from the seat, with more samples while the margin test is undecided
    (``facts_only``: deals weighed alike, no reading of the plays; ``deals``: where the deals
    come from otherwise, the play model by default)."""
    margin = p.spec.margin or 0.0
    n = CHECK_SAMPLES
    while True:
        result = analyse(p.state, samples=n, seed=CHECK_SEED, progress=progress,
                         use_inferences=not facts_only, deals=deals)  # fmt: skip
        # stopped by Ctrl-C: neither judged on part of its deals nor sampled again from a
        # source the interrupt broke off (interrupts audit, stop 56: the Ctrl-C was lost, or
        # the next round drew fewer deals than seeds and failed)
        _unless_interrupted(result)
        decided = True
        best = set(p.spec.moves) or {result.moves[0].move}
        for s in best:
            for m in result.moves:
                if m.move in best:
                    continue
                _mean, low, high = paired_margin(result, s, m.move)
                if low < margin <= high:
                    decided = False
        if decided or n >= MAX_SAMPLES:
            return result, "sampling"
        n *= 2


def best_outcomes(state: GameState, limit: int = OUTCOME_LIMIT) -> set[tuple[int, ...]]:
    """The final points of each side on every line of best play from a full-information state."""
    solver = solver_for(state.rules)
    memo: dict[tuple[int, ...], frozenset[tuple[int, ...]]] = {}
    work = state.copy()

    def walk() -> frozenset[tuple[int, ...]]:
        if work.is_over():
            return frozenset({tuple(score_state(work).points())})
        key = work.key()
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) >= limit:
            raise UndecidedError(
                _("more than {n} positions on the lines of best play").format(n=limit)
            )
        sol = solver.solve(work, pv=False)
        out: set[tuple[int, ...]] = set()
        for mv in sol.moves:
            if mv.value == sol.value:
                work.push(mv.move)
                out |= walk()
                work.pop()
        memo[key] = frozenset(out)
        return memo[key]

    return set(walk())


def solve_puzzle(p: Puzzle, progress: Callable[[int, int], None] | None = None) -> Solved:
    """The tutor's answer to the question (:class:`UndecidedError` when it cannot tell).

    ``progress`` is called with (done, total) samples of a sampled analysis.
    """
    kind = p.kind
    style = p.style
    names = p.shown_players  # for the words: Nord in an Italian run
    if kind == "unmatched":
        board = track(viewer_state(p.state, p.seat), p.seat, names, style)
        return Solved(kind, "tracker", values=board.unmatched, board=board)
    if kind == "holds":
        assert p.spec.card is not None
        cv = count_view(p.state, p.seat, names, style)
        card = p.spec.card.index
        holder = basis = deduction = None
        for h, row in cv.inference.holdings.items():
            hold = row.get(card)
            if h < 0 or hold is None:
                continue
            if hold.status == "must":  # the facts place it: certain
                holder, basis = h, hold.basis
                break
            if hold.reading == "must":  # the readings point there: likely, never certain
                holder, basis = h, "inference"
        for d in cv.inference.deductions:
            if d.status == "must" and d.card == card and d.holder == holder:
                deduction = d.text
        return Solved(
            kind, "inference", holder=holder, basis=basis, deduction=deduction,
            board=cv.board, view=cv,
        )  # fmt: skip
    if kind == "legal-captures":
        assert p.spec.card is not None
        caps = tuple(m for m in p.state.legal_moves_for(p.spec.card.index) if m.capture)
        return Solved(kind, "engine", captures=caps)
    full = _full_state(p)
    if kind == "score":
        if full is None:
            raise UndecidedError(
                _("a score question needs every hand known or deducible from the seat")
            )
        state, method = full
        analysis, _rest = _exact(state, method)
        outcomes = tuple(sorted(best_outcomes(state)))
        return Solved(
            kind, method, analysis=analysis, outcomes=outcomes, line=list(analysis.pv),
            state=state,
        )  # fmt: skip
    if full is not None:
        state, method = full
        analysis, method = _exact(state, method)
        top = analysis.moves[0].value
        best = tuple(m.move for m in analysis.moves if m.value == top)
        return Solved(
            kind, method, analysis=analysis, best=best, line=list(analysis.pv), state=state
        )
    kept = KeptDeals()
    analysis, method = _sampled(p, progress, deals=kept)
    _unless_interrupted(analysis)
    solved = Solved(kind, method, analysis=analysis, best=(analysis.moves[0].move,))

    def on_the_trackers_deals() -> Sequence[MoveEstimate]:
        tracker = analyse(p.state, samples=analysis.samples, seed=CHECK_SEED, progress=progress,
                          deals=shared_deals)  # fmt: skip
        _unless_interrupted(tracker)
        return tracker.moves

    # the values rest on a reading the tracker does not share: its values too
    solved.reading = check_values(viewer_state(p.state, p.seat), analysis.moves,
                                  kept.hands(analysis.samples), Settings(),
                                  revalue=on_the_trackers_deals)  # fmt: skip
    return solved


def _unless_interrupted(analysis: Analysis) -> None:
    """Ctrl-C again, after an analysis that kept what it found when interrupted: a puzzle's
    answer must rest on a finished analysis, never on a part of one."""
    if analysis.interrupted:
        raise KeyboardInterrupt


# -- comparing with the file ----------------------------------------------------------------------


def moves_text(moves: Sequence[Move], style: Style) -> str:
    """Moves in the notation of ``style``, separated by commas (``none`` for no move)."""
    return ", ".join(m.text(style) for m in moves) or _("none")


def _signed(x: float) -> str:
    return number(x, "+g") if x == int(x) else number(x, "+.2f")


METHOD_WORDS = {
    "exact": N_("exact"),
    "exact (deduced)": N_("exact (deduced)"),
    "sampling": N_("sampling"),
    "tracker": N_("tracker"),
    "inference": N_("inference"),
    "engine": N_("engine"),
}
"""How a puzzle was worked out (:attr:`Solved.method`, the JSON's word), in words."""


def _check_best(p: Puzzle, s: Solved) -> list[str]:
    style = p.style
    a = s.analysis
    assert a is not None
    given = set(p.spec.moves)
    if s.method.startswith("exact"):
        want = set(s.best)
        if given == want:
            return []
        value = {m.move: m.value for m in a.moves}
        wrong = [m for m in p.spec.moves if m not in want]
        missing = [m for m in s.best if m not in given]
        parts = []
        best_text = ", ".join(f"{m.text(style)} ({_signed(value[m])})" for m in s.best)
        if wrong:
            listed = ", ".join(
                _("{move}, worth {value}").format(move=m.text(style), value=_signed(value[m]))
                for m in wrong
            )
            parts.append(
                _("the best move is {best}; the file says {listed}").format(
                    best=best_text, listed=listed
                )
            )
        if missing and not wrong:  # with a wrong move, the best moves are named above
            parts.append(
                _("the solution leaves out {moves}, worth the same as {solution}").format(
                    moves=moves_text(missing, style), solution=moves_text(p.spec.moves, style)
                )
            )
        return parts
    margin = p.spec.margin
    if margin is None:
        return [
            _(
                "the position hides cards the seat cannot count, so the solution is checked by "
                "sampling: give a 'margin' (points the solution must win by)"
            )
        ]
    return _margin_problems(p, a, margin)


def _margin_problems(p: Puzzle, a: Analysis, margin: float) -> list[str]:
    """Where a sampled analysis does not show every move of the solution beating every other
    move clearly by ``margin``."""
    style = p.style
    given = set(p.spec.moves)
    problems = []
    for sm in p.spec.moves:
        for m in a.moves:
            if m.move in given:
                continue
            mean, low, high = paired_margin(a, sm, m.move)
            if low < margin:
                problems.append(
                    _(
                        "{move} beats {other} by {mean} [{low}, {high}] over {n} deals, not "
                        "clearly by the margin {margin}"
                    ).format(
                        move=sm.text(style),
                        other=m.move.text(style),
                        mean=number(mean, "+.2f"),
                        low=number(low, "+.2f"),
                        high=number(high, "+.2f"),
                        n=a.samples,
                        margin=number(margin, "g"),
                    )
                )
    return problems


def _check(p: Puzzle, s: Solved) -> list[str]:
    spec = p.spec
    style = p.style
    kind = p.kind
    if kind == "best-move":
        return _check_best(p, s)
    if kind == "unmatched":
        if spec.values == s.values:
            return []
        return [
            _("unmatched from {name}'s seat: {values}, not {solution}").format(
                name=p.seat_name,
                values=values_text(s.values, style),
                solution=p.solution_text(),
            )
        ]
    if kind == "holds":
        card = p.card_text()
        if s.holder is None:
            return [
                _("counting from {name}'s seat does not show who holds {card}").format(
                    name=p.seat_name, card=card
                )
            ]
        problems = []
        if p.players[s.holder] != spec.holder:
            problems.append(
                (
                    _("{name} must hold {card}, not {given}")
                    if s.basis == "fact"
                    else _("{name} most likely holds {card} (a reading), not {given}")
                ).format(name=p.players[s.holder], card=card, given=spec.holder)
            )
        if s.basis == "inference" and s.deduction is None and not problems:
            # a reading's puzzle asks who most likely holds the card: more likely than not,
            # as the generator asks it, or the answer is a guess between close odds
            assert s.view is not None and spec.card is not None
            odds = s.view.inference.holdings[s.holder][spec.card.index].probability
            problems.append(
                _(
                    "the readings point to {name} for {card}, but at {p}, no more likely than "
                    "not: too close to ask"
                ).format(name=p.players[s.holder], card=card, p=percent(odds))
            )
        truth = _true_holder(p)
        if truth is not None and truth != s.holder:
            problems.append(
                _("the reading is wrong in this deal: {name} holds {card}, not {read}").format(
                    name=p.players[truth], card=card, read=p.players[s.holder]
                )
            )
        return problems
    if kind == "legal-captures":
        if set(spec.moves) == set(s.captures):
            return []
        return [
            _("the legal captures of {card} are {captures}, not {solution}").format(
                card=p.card_text(),
                captures=moves_text(s.captures, style),
                solution=p.solution_text(),
            )
        ]
    # score
    if len(s.outcomes) != 1:
        ways = _(" or ").join("-".join(map(str, o)) for o in s.outcomes)
        return [
            _("lines of best play end in different scores ({ways}): no single answer").format(
                ways=ways
            )
        ]
    if tuple(spec.points) != s.outcomes[0]:
        got = ", ".join(f"{n} {pts}" for n, pts in zip(p.side_names(), s.outcomes[0], strict=True))
        return [
            _("best play ends {score}, not {solution}").format(
                score=got, solution=p.solution_text()
            )
        ]
    return []


def _true_holder(p: Puzzle) -> int | None:
    """Who holds the puzzle's card in the record's own deal, when the record says."""
    assert p.spec.card is not None
    bit = 1 << p.spec.card.index
    s = p.state
    for seat, hand in enumerate(s.hands):
        if hand & bit:
            return seat
    for d in s.deals[s.deal_index :]:
        for seat, (known, _n) in enumerate(d):
            if known & bit:
                return seat
    return None


_SIGNED = re.compile(r"(?<![\w.])([+\-\u2212])(\d+(?:[.,]\d+)?)(?![\w.,]*\d)")
"""A signed figure in an explanation (``+2``, ``-0.5``, ``\u22123``), as puzzles quote values."""

QUOTED_MOVE_WORDS = 9
"""The most words before a signed figure read as the move it values: a capture of up to seven
cards (``7D x AC 2C 3C ...``) and its card and ``x``."""


def quoted_values(p: Puzzle, s: Solved) -> list[str]:
    """Where an exact best-move puzzle's explanation (in any of its languages) quotes a move's
    value that the exact solve does not give: ``... 7B x 2B 5C +1 ...`` checked against the
    solver's value of ``7B x 2B 5C``. Only a signed figure right after a move's notation is
    read, the longest notation that names a legal move; prose around it is not."""
    a = s.analysis
    if p.kind != "best-move" or a is None or not s.method.startswith("exact"):
        return []
    value = {m.move: m.value for m in a.moves if m.known}
    texts = [("explanation", p.spec.explanation), *p.spec.translations]
    state = p.state  # a copy of the puzzle's own: one for every move read
    problems: list[str] = []
    for key, text in texts:
        if not key.startswith("explanation") or not text:
            continue
        words = text.split()
        for i, word in enumerate(words):
            m = _SIGNED.fullmatch(word.rstrip(".,;:)"))
            if m is None:
                continue
            move = None
            for k in range(min(QUOTED_MOVE_WORDS, i), 0, -1):
                try:
                    move = state.parse_move(" ".join(words[i - k : i]), p.style)
                except TutorError:
                    continue
                break
            if move is None or move not in value:
                continue
            said = float(m.group(2).replace(",", ".")) * (1 if m.group(1) == "+" else -1)
            if abs(said - value[move]) > ROUNDS_TO_ZERO:
                problems.append(
                    _("{key} says {move} {said}; the exact value is {value}").format(
                        key=key,
                        move=move.text(p.style),
                        said=m.group(0),
                        value=_signed(value[move]),
                    )
                )
    return problems


def check_puzzle(p: Puzzle, progress: Callable[[int, int], None] | None = None) -> PuzzleCheck:
    """Work the puzzle out and compare with its solution (see the module docstring)."""
    start = time.perf_counter()
    try:
        solved: Solved | None = solve_puzzle(p, progress)
    except TutorError as exc:  # undecided, or refused by the analysis: this puzzle alone
        problem = _("cannot be checked: {why}").format(why=exc)
        return PuzzleCheck(p, None, [problem], time.perf_counter() - start)
    assert solved is not None
    problems = _check(p, solved) + quoted_values(p, solved)
    if not problems and p.kind == "best-move" and solved.method == "sampling":
        # The deals are weighed by the play model, a reading of how people play; a puzzle's
        # answer must not rest on it alone: the facts alone must give it too.
        facts, _how = _sampled(p, progress, facts_only=True)
        problems = [
            _("on the facts alone (deals weighed alike): {problem}").format(problem=problem)
            for problem in _margin_problems(p, facts, p.spec.margin or 0.0)
        ]
    if p.kind == "holds" and solved.basis == "inference" and "reading" not in p.spec.themes:
        problems.append(
            _(
                "the answer rests on a reading of behaviour, not on counting alone: "
                "add the theme 'reading' so the puzzle says so"
            )
        )
    return PuzzleCheck(p, solved, problems, time.perf_counter() - start)
