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

from tutor.counting.tracker import values_text
from tutor.game.cards import (
    NotationError,
    Style,
    format_card,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import N_, NP_, _, all_of, is_you, ngettext, number, typed_words
from tutor.game.scoring import category_name, score_state
from tutor.game.state import GameState, Move, MoveError
from tutor.puzzles.check import (
    Solved,
    UndecidedError,
    moves_text,
    paired_margin,
    solve_puzzle,
)
from tutor.puzzles.format import Puzzle
from tutor.puzzles.themes import line_partings, parting_sentences, played_out
from tutor.records.record import player_named, shown_name
from tutor.review.defaults import ROUNDS_TO_ZERO
from tutor.review.judge import points_whose
from tutor.review.reading import cards_clause

__all__ = [
    "GIVE_UP",
    "AnswerError",
    "Answer",
    "Verdict",
    "parse_values",
    "unmatched_difference",
    "values_difference",
    "read_answer",
    "judge",
    "attempt",
    "explain",
]

GIVE_UP = ("skip",)
"""Typed instead of an answer: give up, count the puzzle as missed and see the solution (or
its word in the language of the run: :func:`gives_up`)."""
POINTS_DIGITS_MAX = 4
"""The longest number read as points: a hand gives far fewer than 10,000, and ``int()`` fails
on text past 4,300 digits."""

NONE_WORDS = ("none", "-", "0", "nothing", "no capture")
"""Typed for an empty answer (no value, no capture), or its word in the language of the run
(:func:`says_none`)."""


def gives_up(text: str) -> bool:
    """Whether ``text`` gives up the puzzle: ``skip``, or the run's language's word for it."""
    return text.strip().lower() in typed_words((*GIVE_UP, N_("skip")))


_NONE_SAID = (N_("none"), N_("nothing"), N_("no capture"))
""":data:`NONE_WORDS` as the languages of the tutor say them."""


def says_none(text: str) -> bool:
    """Whether ``text`` answers "none": ``none``, ``-``, ``0``..., or the run's language's
    words (in Italian ``nessuno``, and ``nessuna`` for no capture, as the question asks).

    >>> says_none(" None "), says_none("no capture"), says_none("7D")
    (True, True, False)
    """
    word = text.strip().lower()
    return word in NONE_WORDS or word in typed_words((*_NONE_SAID, NP_("no capture", "none")))


class AnswerError(TutorError):
    """An answer that cannot be read; the reason says how to type it."""


def parse_values(text: str, style: Style) -> tuple[int, ...]:
    """Values typed as ``2 6 8``, ``2, 6, 8``, ``A J`` (the deck's letters) or ``none``."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if len(words) == 1 and says_none(words[0]):
        return ()
    out: set[int] = set()
    for w in words:
        value = style.value_of_word(w)
        if value is not None:
            out.add(value)
        else:
            raise AnswerError(
                _(
                    "{text!r} is not a value: type numbers 1-10 or A/{figures}, separated by "
                    "spaces, or none"
                ).format(text=_shorten(w), figures="/".join(style.figures))
            )
    return tuple(sorted(out))


def unmatched_difference(
    given: Sequence[int], want: Sequence[int], style: Style | str | None = None
) -> str:
    """What is wrong with a list of unmatched values, the values written as the tracker's
    board writes them in ``style``.

    >>> unmatched_difference((2, 5, 9), (1, 6, 9), "italian")
    'you missed A, 6; 2, 5 are matched'
    """
    return values_difference(
        given,
        want,
        style,
        lambda values, n: ngettext("{values} is matched", "{values} are matched", n).format(
            values=values
        ),
    )


def values_difference(
    given: Sequence[int],
    want: Sequence[int],
    style: Style | str | None,
    extra_words: Callable[[str, int], str],
) -> str:
    """What is wrong with a list of values: those missed, then those given that are not
    wanted, in ``extra_words(values, how_many)`` (``2, 5 are matched``)."""
    missing = [v for v in want if v not in given]
    extra = [v for v in given if v not in want]
    parts = []
    if missing:
        parts.append(_("you missed {values}").format(values=values_text(missing, style)))
    if extra:
        parts.append(extra_words(values_text(extra, style), len(extra)))
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


def _captures(p: Puzzle, text: str) -> tuple[Move, ...]:
    """Captures of the puzzle's card, separated by ';' (or ',', '|' or ' or ': a comma as the
    puzzle file's own list writes them): full plays like ``7D x 3C 4S`` or just the cards
    taken, ``3C 4S``."""
    assert p.spec.card is not None
    if says_none(text):
        return ()
    card = p.spec.card
    out: list[Move] = []
    words = " ".join(text.split())  # single spaces: the split below stays linear in the text
    for chunk in re.split(r"\s*(?:;|,|\||\bor\b)\s*", words, flags=re.IGNORECASE):
        if not chunk:
            continue
        head, sep, rest = chunk.replace("X", "x").partition("x")
        try:
            if sep:
                if not head.strip():  # 'x FC': the engine's words for it, not "'' is not a card"
                    raise AnswerError(_("{text!r}: no card before 'x'").format(text=Shown(chunk)))
                played = parse_card(head.strip(), p.style)
                if played != card:
                    raise AnswerError(
                        _("{text!r} plays {card}: the question is about {asked}").format(
                            text=Shown(chunk),
                            card=format_card(played, p.style),
                            asked=p.card_text(),
                        )
                    )
                taken = parse_cards(rest, p.style)
            else:
                taken = parse_cards(chunk, p.style)
        except NotationError as exc:
            raise AnswerError(str(exc)) from None
        if not taken:
            raise AnswerError(_("{text!r}: name the cards taken").format(text=Shown(chunk)))
        mask = mask_of(taken)
        if card in taken:  # the card played, typed as if it were taken (practice audit)
            raise AnswerError(
                _(
                    "{card} is the card played: type the cards of the table it takes (or none)"
                ).format(card=p.card_text())
            )
        state = p.state
        try:
            # a card that is not there misreads the position, not a rule: asked again
            state.check_on_table(mask, p.style)
        except MoveError as exc:
            raise AnswerError(str(exc)) from None
        move = Move(card.index, mask)
        try:
            state.check_capture(move, p.style)
        except MoveError as exc:
            # no capture at all (cards that do not add up), not one the rules forbid, which
            # is an answer, judged: asked again with the engine's reason, never its choices
            if all(o.capture != mask for o in state.explain(card.index, p.style)):
                raise AnswerError(f"{Shown(chunk)!r}: {exc.reason}") from None
        out.append(move)
    return tuple(dict.fromkeys(out))


def read_answer(p: Puzzle, text: str) -> Answer:
    """Read ``text`` as an answer to ``p`` (AnswerError when it cannot be read)."""
    raw = text.strip()
    if not raw:
        raise AnswerError(_("type an answer (or skip)"))
    kind = p.kind
    if kind == "best-move":
        state = p.view()
        try:
            move = state.read_move(raw, p.style)
            mine = state.turn == p.seat and not state.unknown[p.seat]
            if mine and not state.hands[p.seat] >> move.card & 1:
                # you are the player to move (practice audit, stop 49)
                raise AnswerError(
                    _("{card} is not in your hand (you hold {cards})").format(
                        card=format_card(move.card, p.style),
                        cards=format_cards(state.hands[p.seat], p.style),
                    )
                )
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
                raise AnswerError(
                    _("{name} is you: you know your own cards").format(name=shown_name(p.seat_name))
                )
            raise AnswerError(
                _("{text!r} is not a player: type one of {names}").format(
                    text=Shown(raw), names=", ".join(shown_name(n) for n in others)
                )
            )
        return Answer(raw, holder=name)
    if kind == "legal-captures":
        return Answer(raw, moves=_captures(p, raw))
    sides = p.shown_side_names()  # as the solution shows them (Nord-Sud), or as the file has
    if re.search(r"(?:^|[\s,;:/])-\s*\d", raw):  # a minus sign, not the dash of "3-2"
        raise AnswerError(_("points cannot be negative"))
    for names in (sides, p.side_names()):
        named = _points_by_side(raw, names)
        if named is not None:
            return Answer(raw, points=named)
    words = [w for w in re.split(r"[\s,;:/-]+", raw) if w]
    if not all(w.isascii() and w.isdigit() for w in words):  # int() also takes 1_0 and ٣
        raise AnswerError(
            _("type the points of {sides} as numbers, in that order, like 3 2").format(
                sides=_(" and ").join(sides)
            )
        )
    too_long = [w for w in words if len(w) > POINTS_DIGITS_MAX]
    if too_long:  # and int() refuses text past 4,300 digits with a bare ValueError
        raise AnswerError(
            _("{text} is more points than a hand can give").format(text=_shorten(too_long[0]))
        )
    points = tuple(int(w) for w in words)
    if len(points) != len(sides):
        raise AnswerError(
            _("give {n} numbers: the points of {sides}").format(
                n=len(sides), sides=_(" and ").join(sides)
            )
        )
    return Answer(raw, points=points)


def _shorten(text: str) -> str:
    """``text`` cut to 20 characters for a message (an answer may be a whole pasted page)."""
    return text if len(text) <= 20 else text[:19] + "…"


def _points_by_side(raw: str, sides: list[str]) -> tuple[int, ...] | None:
    """Points given with each side's name, in any order (``North-South 3, East-West 4``, the
    form the solution is shown in), in the order of ``sides``; None when ``raw`` does not name
    every side once with its points and nothing else.

    >>> _points_by_side("east-west: 4; North-South 3", ["North-South", "East-West"])
    (3, 4)
    >>> _points_by_side("3 4", ["North-South", "East-West"]) is None
    True
    """
    rest = raw.casefold()
    found: dict[int, int] = {}
    # the longest names first, so that a name inside another is not taken for it
    for i in sorted(range(len(sides)), key=lambda k: -len(sides[k])):
        pattern = (
            r"(?<!\w)"
            + re.escape(sides[i].casefold())
            + rf"\s*[:=]?\s*([0-9]{{1,{POINTS_DIGITS_MAX}}})(?![0-9])"
        )
        hits = list(re.finditer(pattern, rest))
        if len(hits) != 1:
            return None
        found[i] = int(hits[0].group(1))
        rest = rest[: hits[0].start()] + " " + rest[hits[0].end() :]
    if rest.strip(" \t,;") or len(found) != len(sides):
        return None
    return tuple(found[i] for i in range(len(sides)))


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
    return number(x, "+.0f") if exact else number(x, "+.2f")


def _line_words(p: Puzzle, line: Sequence[Move]) -> str:
    """A line of play from the puzzle's mover on, each play with its player's name."""
    seat = p.mover
    steps = []
    for mv in line:
        steps.append(f"{p.shown_players[seat]} {mv.text(p.style)}")
        seat = (seat + 1) % p.record.ruleset.players
    return ", ".join(steps)


def _what_went_wrong(p: Puzzle, move: Move, solved: Solved) -> list[str]:
    """For a move worse than the best in an exact puzzle: the best play that follows it, and
    the points that end up elsewhere than on the best line (why it costs what it costs)."""
    after = solved.line_after(move)
    if not after or solved.state is None:
        return []
    out = [
        _("After your {move}, best play goes on: {line}.").format(
            move=move.text(p.style), line=_line_words(p, after)
        )
    ]
    told = p.spec.text("explanation")
    if solved.line:
        parted = line_partings(solved.state, solved.line, after, cards=True)
        # what the puzzle's own words say of this very move already is not said again (coach
        # audit, stop 59: "what changes hands is the primiera", then the same as a parting)
        parted = {k: v for k, v in parted.items() if not _said(told, move.text(p.style), k)}
        best = solved.line[0].text(p.style)
        out += [
            sentence
            for sentence in parting_sentences(
                parted, best, move.text(p.style), p.shown_players, p.record.ruleset
            )
            if sentence not in told
        ]
    return out


def _said(told: str, move: str, key: str) -> bool:
    """Whether a puzzle's explanation ``told`` speaks of ``move`` and of what the parting
    ``key`` decides (its category's word; the scope by "sweep")."""
    if move not in told:
        return False
    if key == "last-capture":
        return False
    words = ("sweep", _("sweep")) if key == "sweep" else (category_name(key),)
    return any(w.casefold() in told.casefold() for w in words)


def _points_on_the_line(state: GameState, line: Sequence[Move], sides: Sequence[str]) -> str | None:
    """Each side's points at the end of ``line``, category by category, in words (None when
    the line stops before the hand ends)."""
    end = played_out(state, line)
    if not end.is_over():
        return None
    parts = []
    for side, score in zip(sides, score_state(end).sides, strict=True):
        won = []
        for cat, pts in score.points.items():
            if not pts:
                continue
            if cat == "scope":
                won.append(ngettext("{n} scopa", "{n} scope", pts).format(n=pts))
            elif cat == "napola":
                won.append(_("the napola ({n})").format(n=pts))
            else:
                won.append(category_name(cat))
        parts.append(
            _("{side} {points}").format(side=side, points=all_of(won) if won else _("nothing"))
        )
    return _("Who scores each point on that line: {sides}.").format(sides="; ".join(parts))


def explain(p: Puzzle, solved: Solved | None) -> list[str]:
    """What the tutor computed, in words, after the puzzle's own explanation."""
    style = p.style
    out = [p.spec.text("explanation")]
    if solved is None:
        return out
    kind = p.kind
    a = solved.analysis
    if kind in ("best-move", "score") and a is not None:
        exact = solved.method.startswith("exact")
        if solved.method == "exact (deduced)":
            out.append(
                _(
                    "Counting from your seat leaves only one way the unseen cards can lie, "
                    "so every hand is known and the values are exact."
                )
                if is_you(p.seat_name)
                else _(
                    "Counting from {name}'s seat leaves only one way the unseen cards can "
                    "lie, so every hand is known and the values are exact."
                ).format(name=shown_name(p.seat_name))
            )
        if exact:
            unit = _("points of the hand")
        else:
            unit = ngettext(
                "mean points over {n} sampled deal", "mean points over {n} sampled deals", a.samples
            ).format(n=a.samples)
        whose = points_whose(None, p.record.ruleset)  # the solver sits in the puzzle's seat
        vals = ", ".join(f"{m.move.text(style)} {_fmt(m.value, exact)}" for m in a.moves[:6])
        if len(a.moves) > 6:
            vals += " " + ngettext("(and {n} more)", "(and {n} more)", len(a.moves) - 6).format(
                n=len(a.moves) - 6
            )
        out.append(
            _("Values ({unit}, {whose}): {values}.").format(unit=unit, whose=whose, values=vals)
        )
        if solved.reading is not None:
            reading = solved.reading
            again = ", ".join(
                f"{m.move.text(style)} {_fmt(m.value, False)}" for m in reading.values[:6]
            )
            out.append(
                _(
                    "These values rest on the analysis's reading of the plays, which is "
                    "evidence, not a count: {cards}. On the tracker's odds (those the counting "
                    "quotes), which read fewer plays, they would be: {values}. Neither reading is "
                    "certain."
                ).format(cards=cards_clause(reading.pinned, p.shown_players, style), values=again)
            )
        if solved.line:
            line = _("Best line: {line}.").format(line=_line_words(p, solved.line))
            if line not in out[0]:  # a mined puzzle's own words give it already
                out.append(line)
    if kind == "score" and solved.outcomes:
        sides = p.shown_side_names()
        pts = ", ".join(f"{n} {x}" for n, x in zip(sides, solved.outcomes[0], strict=True))
        if pts not in out[0]:  # a mined puzzle's own words give the end already
            out.append(_("Every line of best play ends {points}.").format(points=pts))
        if solved.state is not None and solved.line:
            # whose each point is: the answer is a sum, and the learner checks it category by
            # category (training audit, stop 58: score puzzles gave the totals alone)
            by_side = _points_on_the_line(solved.state, solved.line, sides)
            if by_side is not None:
                out.append(by_side)
    if kind == "unmatched" and solved.board is not None:
        board = solved.board
        if board.sparigli:
            out.append(_("The captures by sum (sparigli), each flipping the values it involves:"))
            out += ["  " + sp.text(style, p.shown_players) for sp in board.sparigli]
        else:
            out.append(_("No capture by sum yet: every capture took a twin, so all is matched."))
        caps = ", ".join(f"{style.rank_text(c.value)}:{c.captured}" for c in board.counts)
        out.append(_("Cards captured per value: {counts}.").format(counts=caps))
    if kind == "holds" and solved.deduction:
        if solved.basis == "fact":
            basis = _("certain: counting alone")
        else:
            basis = _("a reading, not certain")
        # the basis inside the sentence, not after its full stop (practice audit, stop 49)
        out.append(f"{solved.deduction.rstrip('.')}; {basis}.")
    if kind == "legal-captures" and p.spec.card is not None:
        card = p.spec.card.index
        for opt in p.state.explain(card, style):
            if opt.capture:
                mark = _("legal") if opt.legal else _("not allowed")
                out.append(f"  - {Move(card, opt.capture).text(style)}: {mark}: {opt.reason}")
    return out


def judge(p: Puzzle, answer: Answer | None, solved: Solved | None) -> Verdict:
    """Judge ``answer`` (None: the player gave up) against the puzzle's solution."""
    solution = p.solution_text()
    lines = explain(p, solved)
    if answer is None:
        skipped = Verdict(
            False, True, _("Skipped. The answer: {solution}.").format(solution=solution), lines
        )
        if p.kind == "best-move" and solved is not None and solved.analysis is not None:
            best = solved.best[0] if solved.best else solved.analysis.moves[0].move
            skipped.best_value = solved.value_of(best)  # known, though no move was given
        return skipped
    kind = p.kind
    spec = p.spec
    if kind == "best-move":
        move = answer.moves[0]
        ok = move in spec.moves
        verdict = Verdict(ok, False, "", lines)
        text = move.text(p.style)
        wrong_file = False
        if solved is not None and solved.analysis is not None:
            _value_against_best(p, move, solved, verdict)
            exact = solved.method.startswith("exact")
            wrong_file = exact and bool(solved.best) and not set(solved.best) & set(spec.moves)
            if wrong_file:
                # the file's solution is wrong: say so, rather than judge by it silently
                verdict.lines.append(
                    _(
                        "The exact analysis disagrees with this puzzle's solution: the best is "
                        "{best}, not {solution}; tutor puzzle check says what is wrong in the file."
                    ).format(best=moves_text(solved.best, p.style), solution=solution)
                )
        if ok and len(spec.moves) > 1:
            verdict.message = _("Right: {move} (the solution: {solution}).").format(
                move=text, solution=solution
            )
        elif ok:
            verdict.message = _("Right: {move}.").format(move=text)
        elif wrong_file:  # "not the best" would contradict the values shown
            verdict.message = _(
                "Not this puzzle's solution: {move}. The solution: {solution}."
            ).format(move=text, solution=solution)
        elif (
            verdict.cost is not None
            and solved is not None
            and solved.method.startswith("exact")
            and verdict.cost[0] < ROUNDS_TO_ZERO
        ):  # a file that leaves out a move as good as its own (tutor puzzle check says so)
            verdict.message = _(
                "Not this puzzle's solution: {move}, though it is worth as much as the best. "
                "The solution: {solution}."
            ).format(move=text, solution=solution)
        else:
            cost = ""
            if verdict.cost is not None:
                exact = solved is not None and solved.method.startswith("exact")
                pts, low, high = verdict.cost
                if exact:
                    cost = ngettext(
                        "; it costs {n} point", "; it costs {n} points", round(pts)
                    ).format(n=number(pts, ".0f"))
                else:
                    cost = _("; it costs {points} points [{low}, {high}] on average").format(
                        points=number(pts), low=number(low), high=number(high)
                    )
            verdict.message = _("Not the best: {move}{cost}. The solution: {solution}.").format(
                move=text, cost=cost, solution=solution
            )
            if solved is not None and verdict.cost is not None and verdict.cost[0] > 0:
                verdict.lines += _what_went_wrong(p, move, solved)
        return verdict
    if kind == "unmatched":
        if answer.values == spec.values:
            message = _("Right: unmatched {solution}.").format(solution=solution)
            return Verdict(True, False, message, lines)
        diff = unmatched_difference(answer.values, spec.values, p.style)
        message = _("Not quite ({difference}). Unmatched: {solution}.").format(
            difference=diff, solution=solution
        )
        return Verdict(False, False, message, lines)
    if kind == "holds":
        ok = answer.holder == spec.holder
        if ok:
            message = _("Right.")
        else:
            message = (
                _("Not quite: {name} most likely holds {card}.")
                if "reading" in spec.themes
                else _("Not quite: {name} must hold {card}.")
            ).format(name=shown_name(spec.holder or ""), card=p.card_text())
        return Verdict(ok, False, message, lines)
    if kind == "legal-captures":
        ok = set(answer.moves) == set(spec.moves)
        if ok:
            return Verdict(True, False, _("Right: {solution}.").format(solution=solution), lines)
        wrong = [m for m in answer.moves if m not in spec.moves]
        left_out = [m for m in spec.moves if m not in answer.moves]
        parts = []
        if left_out:
            parts.append(
                _("you missed {moves}").format(moves="; ".join(m.text(p.style) for m in left_out))
            )
        if wrong:
            parts.append(
                _("not allowed: {moves}").format(moves="; ".join(m.text(p.style) for m in wrong))
            )
        # the problems apart, as the unmatched values' answer has them (English audit, stop 52:
        # "Not quite (you missed KS x KH, not allowed: KS x 4C 6D)" read as one list)
        message = _("Not quite ({problems}). The answer: {solution}.").format(
            problems="; ".join(parts), solution=solution
        )
        return Verdict(False, False, message, lines)
    ok = answer.points == spec.points
    if ok:
        message = _("Right: {solution}.").format(solution=solution)
    elif (
        spec.points is not None
        and sorted(answer.points) == sorted(spec.points)
        and list(answer.points) != list(spec.points)
    ):  # the right points, given to the wrong sides: say so, it is half the answer
        message = _(
            "Not quite: the right points, but given to the wrong sides. {solution}."
        ).format(solution=solution)
    else:
        message = _("Not quite. {solution}.").format(solution=solution)
    return Verdict(ok, False, message, lines)


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
    words = {"move": move.text(p.style), "value": _fmt(given, exact)}
    if move == best or (exact and given == best_value):
        if exact:
            line = _("Your move {move} is worth {value}: the best value.")
        else:
            line = _("Your move {move} is worth {value} on average: the best value.")
        verdict.lines.append(line.format(**words))
        return
    if exact:
        line = _("Your move {move} is worth {value}; the best, {best}, {best_value}.")
    else:
        line = _("Your move {move} is worth {value} on average; the best, {best}, {best_value}.")
    verdict.lines.append(
        line.format(**words, best=best.text(p.style), best_value=_fmt(best_value, exact))
    )
