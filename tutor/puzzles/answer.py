"""Reading a player's answer to a puzzle, and judging it against the solution.

An answer that cannot be read (a card that is not a card, an illegal move, a name that is
nobody's) raises :class:`AnswerError` with the reason: it is asked again, never counted. A read
answer is judged against the puzzle's solution by :func:`judge`, which explains why it is right
or wrong and, for a move, what it is worth against the best.

>>> from tutor.game.cards import FRENCH
>>> parse_values("8, 2 6", FRENCH), parse_values("a k Q", FRENCH), parse_values("none", FRENCH)
((2, 6, 8), (1, 9, 10), ())
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.game.cards import NotationError, Style, format_card, parse_card, parse_cards
from tutor.game.errors import TutorError
from tutor.game.state import Move, MoveError
from tutor.puzzles.check import Solved, UndecidedError, paired_margin, solve_puzzle
from tutor.puzzles.format import Puzzle
from tutor.records.record import player_named

__all__ = [
    "GIVE_UP",
    "AnswerError",
    "Answer",
    "Verdict",
    "parse_values",
    "unmatched_difference",
    "read_answer",
    "judge",
    "attempt",
    "explain",
]

GIVE_UP = ("skip",)
"""Typed instead of an answer: give up, count the puzzle as missed and see the solution."""


class AnswerError(TutorError):
    """An answer that cannot be read; the reason says how to type it."""


def parse_values(text: str, style: Style) -> tuple[int, ...]:
    """Values typed as ``2 6 8``, ``2, 6, 8``, ``A J`` (the deck's letters) or ``none``."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if len(words) == 1 and words[0].lower() in ("none", "-", "0", "nothing"):
        return ()
    letters = {style.rank_text(v).upper(): v for v in range(1, 11)}
    letters["ACE"] = 1
    out: set[int] = set()
    for w in words:
        key = w.upper()
        if key.isdigit() and 1 <= int(key) <= 10:
            out.add(int(key))
        elif key in letters:
            out.add(letters[key])
        else:
            raise AnswerError(
                f"{w!r} is not a value: type numbers 1-10 or A/{'/'.join(style.figures)}, "
                "separated by spaces, or none"
            )
    return tuple(sorted(out))


def unmatched_difference(
    given: Sequence[int], want: Sequence[int], name: Callable[[int], str] = str
) -> str:
    """What is wrong with a list of unmatched values (``name`` writes a value).

    >>> unmatched_difference((2, 5, 9), (5, 6, 9))
    'you missed 6; 2 is matched'
    """
    missing = [name(v) for v in want if v not in given]
    extra = [name(v) for v in given if v not in want]
    parts = []
    if missing:
        parts.append("you missed " + ", ".join(missing))
    if extra:
        parts.append(", ".join(extra) + (" is" if len(extra) == 1 else " are") + " matched")
    return "; ".join(parts)


@dataclass(frozen=True)
class Answer:
    """A read answer: the field of the puzzle's kind is filled."""

    text: str
    moves: tuple[Move, ...] = ()
    """best-move: the move (one); legal-captures: the captures."""
    values: tuple[int, ...] = ()
    holder: str | None = None
    points: tuple[int, ...] = ()


_NONE = ("none", "-", "nothing", "no capture", "0")


def _captures(p: Puzzle, text: str) -> tuple[Move, ...]:
    """Captures of the puzzle's card, separated by ';' (or '|' or ' or '): full plays like
    ``7D x 3C 4S`` or just the cards taken, ``3C 4S``."""
    assert p.spec.card is not None
    if text.strip().lower() in _NONE:
        return ()
    card = p.spec.card
    out: list[Move] = []
    for chunk in re.split(r"\s*(?:;|\||\bor\b)\s*", text.strip(), flags=re.IGNORECASE):
        if not chunk:
            continue
        head, sep, rest = chunk.replace("X", "x").partition("x")
        try:
            if sep:
                played = parse_card(head.strip(), p.style)
                if played != card:
                    raise AnswerError(
                        f"{chunk!r} plays {format_card(played, p.style)}: the question is about "
                        f"{p.card_text()}"
                    )
                taken = parse_cards(rest, p.style)
            else:
                taken = parse_cards(chunk, p.style)
        except NotationError as exc:
            raise AnswerError(str(exc)) from None
        if not taken:
            raise AnswerError(f"{chunk!r}: name the cards taken")
        mask = 0
        for c in taken:
            mask |= 1 << c.index
        out.append(Move(card.index, mask))
    return tuple(dict.fromkeys(out))


def read_answer(p: Puzzle, text: str) -> Answer:
    """Read ``text`` as an answer to ``p`` (AnswerError when it cannot be read)."""
    raw = text.strip()
    if not raw:
        raise AnswerError("type an answer (or skip)")
    kind = p.kind
    if kind == "best-move":
        state = p.view()
        try:
            move = state.parse_move(raw, p.style)
            state.check(move, style=p.style)
        except MoveError as exc:
            raise AnswerError(str(exc)) from None
        return Answer(raw, moves=(move,))
    if kind == "unmatched":
        return Answer(raw, values=parse_values(raw, p.style))
    if kind == "holds":
        others = [n for i, n in enumerate(p.players) if i != p.seat]
        name = player_named(others, raw, prefix=True)
        if name is None:
            if player_named([p.seat_name], raw, prefix=True):
                raise AnswerError(f"{p.seat_name} is you: you know your own cards")
            raise AnswerError(f"{raw!r} is not a player: type one of {', '.join(others)}")
        return Answer(raw, holder=name)
    if kind == "legal-captures":
        return Answer(raw, moves=_captures(p, raw))
    words = [w for w in re.split(r"[\s,;:/-]+", raw) if w]
    sides = p.side_names()
    try:
        points = tuple(int(w) for w in words)
    except ValueError:
        raise AnswerError(
            f"type the points of {' and '.join(sides)} as numbers, in that order, like 3 2"
        ) from None
    if len(points) != len(sides):
        raise AnswerError(f"give {len(sides)} numbers: the points of {' and '.join(sides)}")
    return Answer(raw, points=points)


# -- judging ------------------------------------------------------------------------------------


@dataclass
class Verdict:
    """Right or wrong, why, and (for a move) its value against the best."""

    correct: bool
    skipped: bool
    message: str
    """One line: right or wrong, and the solution."""
    lines: list[str] = field(default_factory=list)
    """The explanation: the puzzle's own words, then what the tutor computed."""
    given_value: float | None = None
    best_value: float | None = None
    cost: tuple[float, float, float] | None = None
    """best-move: points lost against the best, with its 95% interval (exact: all equal)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "skipped": self.skipped,
            "message": self.message,
            "explanation": list(self.lines),
            "value": self.given_value,
            "best_value": self.best_value,
            "cost": None
            if self.cost is None
            else {"points": round(self.cost[0], 4), "low": round(self.cost[1], 4),
                  "high": round(self.cost[2], 4)},
        }  # fmt: skip


def _fmt(x: float, exact: bool) -> str:
    return f"{x:+.0f}" if exact else f"{x:+.2f}"


def explain(p: Puzzle, solved: Solved | None) -> list[str]:
    """What the tutor computed, in words, after the puzzle's own explanation."""
    style = p.style
    out = [p.spec.explanation]
    if solved is None:
        return out
    kind = p.kind
    a = solved.analysis
    if kind in ("best-move", "score") and a is not None:
        exact = solved.method.startswith("exact")
        if solved.method == "exact (deduced)":
            out.append(
                f"Counting from {p.seat_name}'s seat leaves only one way the unseen cards can lie, "
                "so every hand is known and the values are exact."
            )
        unit = "points of the hand" if exact else f"mean points over {a.samples} sampled deals"
        side = p.side_names()[p.state.turn % p.state.rules.sides]
        vals = ", ".join(f"{m.move.text(style)} {_fmt(m.value, exact)}" for m in a.moves[:6])
        more = f" (and {len(a.moves) - 6} more)" if len(a.moves) > 6 else ""
        out.append(f"Values ({unit}, {side} minus the others): {vals}{more}.")
        if solved.line:
            seat = p.state.turn
            steps = []
            for mv in solved.line:
                steps.append(f"{p.players[seat]} {mv.text(style)}")
                seat = (seat + 1) % p.state.rules.players
            out.append("Best line: " + ", ".join(steps) + ".")
    if kind == "score" and solved.outcomes:
        pts = ", ".join(f"{n} {x}" for n, x in zip(p.side_names(), solved.outcomes[0], strict=True))
        out.append(f"Every line of best play ends {pts}.")
    if kind == "unmatched" and solved.board is not None:
        board = solved.board
        if board.sparigli:
            out.append("The captures by sum (sparigli), each flipping the values it involves:")
            out += ["  " + sp.text(style, p.players) for sp in board.sparigli]
        else:
            out.append("No capture by sum yet: every capture took a twin, so all is matched.")
        caps = ", ".join(f"{style.rank_text(c.value)}:{c.captured}" for c in board.counts)
        out.append(f"Cards captured per value: {caps}.")
    if kind == "holds" and solved.deduction:
        basis = "certain: counting alone" if solved.basis == "fact" else "a reading, not certain"
        out.append(f"{solved.deduction} ({basis})")
    if kind == "legal-captures" and p.spec.card is not None:
        card = p.spec.card.index
        for opt in p.state.explain(card, style):
            if opt.capture:
                mark = "legal" if opt.legal else "not allowed"
                out.append(f"  {Move(card, opt.capture).text(style)}: {mark}: {opt.reason}")
    return out


def judge(p: Puzzle, answer: Answer | None, solved: Solved | None) -> Verdict:
    """Judge ``answer`` (None: the player gave up) against the puzzle's solution."""
    solution = p.solution_text()
    lines = explain(p, solved)
    if answer is None:
        return Verdict(False, True, f"Skipped. The answer: {solution}.", lines)
    kind = p.kind
    spec = p.spec
    if kind == "best-move":
        move = answer.moves[0]
        ok = move in spec.moves
        verdict = Verdict(ok, False, "", lines)
        text = move.text(p.style)
        if solved is not None and solved.analysis is not None:
            _value_against_best(p, move, solved, verdict)
        if ok:
            verdict.message = (
                f"Right: {text}"
                + (f" (the solution: {solution})" if len(spec.moves) > 1 else "")
                + "."
            )
        else:
            cost = ""
            if verdict.cost is not None:
                exact = solved is not None and solved.method.startswith("exact")
                pts, low, high = verdict.cost
                cost = (
                    f"; it costs {pts:.0f} point{'s' if pts != 1 else ''}"
                    if exact
                    else (f"; it costs {pts:.2f} points [{low:.2f}, {high:.2f}] on average")
                )
            verdict.message = f"Not the best: {text}{cost}. The solution: {solution}."
        return verdict
    if kind == "unmatched":
        if answer.values == spec.values:
            return Verdict(True, False, f"Right: unmatched {solution}.", lines)
        diff = unmatched_difference(answer.values, spec.values)
        return Verdict(False, False, f"Not quite ({diff}). Unmatched: {solution}.", lines)
    if kind == "holds":
        ok = answer.holder == spec.holder
        msg = "Right" if ok else f"Not quite: {spec.holder} must hold {p.card_text()}"
        return Verdict(ok, False, f"{msg}.", lines)
    if kind == "legal-captures":
        ok = set(answer.moves) == set(spec.moves)
        if ok:
            return Verdict(True, False, f"Right: {solution}.", lines)
        wrong = [m for m in answer.moves if m not in spec.moves]
        left_out = [m for m in spec.moves if m not in answer.moves]
        parts = []
        if left_out:
            parts.append("you missed " + "; ".join(m.text(p.style) for m in left_out))
        if wrong:
            parts.append("not allowed: " + "; ".join(m.text(p.style) for m in wrong))
        return Verdict(False, False, f"Not quite ({', '.join(parts)}). The answer: {solution}.",
                       lines)  # fmt: skip
    ok = answer.points == spec.points
    return Verdict(ok, False, ("Right: " if ok else "Not quite. ") + f"{solution}.", lines)


def attempt(
    p: Puzzle, answer: Answer | None, progress: Callable[[int, int], None] | None = None
) -> Verdict:
    """Work the puzzle out and judge ``answer`` (None: skipped) with the full explanation.

    A puzzle the tutor cannot work out (a file nobody checked) is judged on its own solution,
    without the computed values.
    """
    try:
        solved: Solved | None = solve_puzzle(p, progress)
    except UndecidedError:
        solved = None
    return judge(p, answer, solved)


def _value_against_best(p: Puzzle, move: Move, solved: Solved, verdict: Verdict) -> None:
    a = solved.analysis
    assert a is not None
    given = solved.value_of(move)
    if given is None:
        return
    best = solved.best[0] if solved.best else a.moves[0].move
    best_value = solved.value_of(best)
    assert best_value is not None
    verdict.given_value, verdict.best_value = given, best_value
    exact = solved.method.startswith("exact")
    if exact or move == best:
        cost = best_value - given
        verdict.cost = (cost, cost, cost)
    else:
        mean, low, high = paired_margin(a, best, move)
        verdict.cost = (mean, low, high)
    unit = "" if exact else " on average"
    if move == best or (exact and given == best_value):
        verdict.lines.append(
            f"Your move {move.text(p.style)} is worth {_fmt(given, exact)}{unit}: the best value."
        )
        return
    verdict.lines.append(
        f"Your move {move.text(p.style)} is worth {_fmt(given, exact)}{unit}; the best, "
        f"{best.text(p.style)}, {_fmt(best_value, exact)}."
    )
