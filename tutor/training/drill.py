"""Practice for the rule of 48: the logic behind ``tutor drill 48`` (no terminal code here).

A drill deals a random hand, lets computer players play it to a random point, and asks the
player, sitting in one seat, either which values are unmatched (an odd number of cards of that
value captured, the capturing cards included), or who holds a given card: who *must* hold it,
when the facts say so, or who most likely holds it, when readings of behaviour point at them
(said with their probability: a reading is evidence, not a certainty). It checks the answer
and explains it from the tracker: the list of sparigli, or the deduction and the facts and
readings it rests on. Everything is drawn from one seeded generator, so a seed gives the
same questions every time.

>>> q = make_question("scopone-scientifico", random.Random(4), kind="unmatched")
>>> q.kind, len(q.position) > 3
('unmatched', True)
>>> check_answer(q, q.expected_text()).correct
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from tutor.counting.inference import CountView, count_view
from tutor.counting.odds import percent
from tutor.counting.tracker import STOCK
from tutor.counting.trust import TRUST_DEFAULT
from tutor.game.cards import Style, format_card, format_cards, get_style
from tutor.game.errors import TutorError
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState
from tutor.records.record import player_named
from tutor.search.players import Player
from tutor.search.roster import make_player

__all__ = [
    "KINDS",
    "PLAYER_KINDS",
    "DrillError",
    "DrillQuestion",
    "DrillResult",
    "make_question",
    "check_answer",
    "answer_problem",
    "parse_values",
    "default_names",
]

KINDS = ("unmatched", "holder", "mixed")
PLAYER_KINDS = ("greedy", "random")
"""The computer players (:mod:`tutor.search.players`) that play a drill's hand up to the
question."""


class DrillError(TutorError):
    """A drill asked for in a way it cannot be: an unknown kind, or an answer that is no value."""


def default_names(players: int, viewer: int | None = None) -> list[str]:
    """Seat names in playing order (the dealer last); in a two-player game the ``viewer``'s
    seat is called You.

    >>> default_names(2, 0), default_names(2, 1), default_names(4)[-1]
    (['You', 'Ada'], ['Ada', 'You'], 'South')
    """
    if players == 4:
        return ["West", "North", "East", "South"]
    if players == 2:
        return ["You", "Ada"] if viewer == 0 else ["Ada", "You"]
    return [f"P{i + 1}" for i in range(players)]


@dataclass
class DrillQuestion:
    """One question: the position as the player sees it, and the expected answer."""

    kind: str
    """``unmatched`` or ``holder``."""
    question: str
    position: list[str]
    """The hand so far, as lines: seating, table, the plays, your cards now."""
    expected: tuple[int, ...] | str
    """The unmatched values, or the name of the player who must hold the card."""
    explanation: list[str]
    viewer: int
    names: list[str]
    style: Style
    plays: int
    card: int | None = None
    confidence: float = 1.0
    """For a holder question: 1 when the facts place the card, else the readings' probability."""
    analysis: CountView | None = field(default=None, repr=False)
    state: GameState | None = field(default=None, repr=False)
    """The full position (every hand known), to check the question against."""

    def expected_text(self) -> str:
        if isinstance(self.expected, str):
            return self.expected
        return " ".join(self.style.rank_text(v) for v in self.expected) or "none"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "question": self.question,
            "position": list(self.position),
            "expected": self.expected if isinstance(self.expected, str) else list(self.expected),
            "explanation": list(self.explanation),
            "viewer": self.names[self.viewer],
            "plays": self.plays,
            "card": None if self.card is None else format_card(self.card, self.style),
            "confidence": round(self.confidence, 6),
        }


@dataclass
class DrillResult:
    correct: bool
    message: str
    """Right or wrong, and what the answer was."""
    explanation: list[str]


def parse_values(text: str, style: Style) -> tuple[int, ...]:
    """Values typed as ``2 6 8``, ``2, 6, 8``, ``A J`` (the deck's letters) or ``none``.

    >>> from tutor.game.cards import FRENCH
    >>> parse_values("8, 2 6", FRENCH), parse_values("a k Q", FRENCH), parse_values("none", FRENCH)
    ((2, 6, 8), (1, 9, 10), ())
    """
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
            raise DrillError(
                f"{w!r} is not a value: type numbers 1-10 or A/{'/'.join(style.figures)}, "
                "separated by spaces, or none"
            )
    return tuple(sorted(out))


def _position_lines(state: GameState, viewer: int, names: list[str], style: Style) -> list[str]:
    """What the player has seen: the opening table, every play, the table and their hand now."""
    work, moves = state.rewound()
    you = "" if names[viewer] == "You" else f" You are {names[viewer]}."
    lines = [
        f"Playing order: {', '.join(names)} (dealer: {names[-1]}).{you}",
        f"Opening table: {format_cards(work.table, style) or '-'}",
    ]
    for n, m in enumerate(moves, start=1):
        seat = work.turn
        r_deal = work.deal_index
        work.push(m)
        r = work.stack[-1]
        mark = " (scopa)" if r.scopa else ""
        lines.append(f"{n:>2}. {names[seat]}: {m.text(style)}{mark}")
        if r.dealt and work.deal_index > r_deal:
            lines.append(f"    -- deal {work.deal_index} --")
    lines.append(f"Table now: {format_cards(state.table, style) or '-'}")
    lines.append(f"Your cards: {format_cards(state.hands[viewer], style) or '-'}")
    return lines


def _play_to(rules: Ruleset, rng: random.Random, player: Player, lo: float, hi: float) -> GameState:
    """A random deal played by ``player`` in every seat up to a random point between the
    fractions ``lo`` and ``hi`` of the hand (the player reads only public facts and its hand)."""
    state = GameState.random(rules, rng)
    total = rules.plays_per_hand
    stop = rng.randint(max(1, int(lo * total)), max(1, int(hi * total)))
    for _ in range(stop):
        state.push(player.choose(state, rng))
    return state


def make_question(
    ruleset: str | Ruleset,
    rng: random.Random,
    kind: str = "mixed",
    players: str = "greedy",
    names: list[str] | None = None,
    style: Style | str | None = None,
    trust: float = TRUST_DEFAULT,
) -> DrillQuestion:
    """A random position and a question about it (see the module docstring); ``trust`` is
    the prior trust in readings of behaviour (:mod:`tutor.counting.trust`)."""
    if kind not in KINDS:
        raise DrillError(f"unknown drill kind {kind!r}; choose one of {', '.join(KINDS)}")
    if players not in PLAYER_KINDS:
        raise DrillError(f"unknown players {players!r}; choose one of {', '.join(PLAYER_KINDS)}")
    player = make_player(players)
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    st = get_style(style)
    viewer = rules.players - 1 if rules.players == 4 else rng.randrange(rules.players)
    who = names or default_names(rules.players, viewer)
    want_holder = kind == "holder" or (kind == "mixed" and rng.random() < 0.5)
    for attempt in range(60):
        late = want_holder and attempt < 50
        state = _play_to(rules, rng, player, 0.6 if late else 0.15, 0.95 if late else 0.85)
        if state.is_over():
            continue
        if state.hand_size(viewer) == 0 and not late:
            continue
        a = count_view(state, viewer, who, st, trust=trust)
        if want_holder and attempt < 50:
            q = _holder_question(state, a, viewer, who, st)
            if q is not None:
                return q
            continue
        return _unmatched_question(state, a, viewer, who, st)
    state = _play_to(rules, rng, player, 0.15, 0.85)
    a = count_view(state, viewer, who, st, trust=trust)
    return _unmatched_question(state, a, viewer, who, st)


def _unmatched_question(
    state: GameState, a: CountView, viewer: int, names: list[str], style: Style
) -> DrillQuestion:
    board = a.board
    explanation = []
    if board.sparigli:
        explanation.append("The captures by sum (sparigli), each flipping the values it involves:")
        explanation += ["  " + sp.text(style, names) for sp in board.sparigli]
    else:
        explanation.append("No capture by sum yet: every capture took a twin, so all is matched.")
    if any(r.leftover for r in state.stack):
        explanation.append("(The cards left at the end went to the last capturer.)")
    caps = ", ".join(f"{style.rank_text(c.value)}:{c.captured}" for c in board.counts)
    explanation.append(f"Cards captured per value: {caps}.")
    return DrillQuestion(
        "unmatched",
        f"After play {len(state.stack)}: which values are unmatched (an odd number captured)? "
        "Type the values (e.g. 2 6 8) or none.",
        _position_lines(state, viewer, names, style),
        board.unmatched,
        explanation,
        viewer,
        names,
        style,
        len(state.stack),
        analysis=a,
        state=state,
    )


def _holder_question(
    state: GameState, a: CountView, viewer: int, names: list[str], style: Style
) -> DrillQuestion | None:
    """A question on a 'must hold' deduction that is true in the real deal (None: none)."""
    inf = a.inference
    if len(inf.capacity) < 2:
        return None  # one holder left: nothing to work out
    ranked = sorted(inf.deductions, key=lambda d: d.basis != "inference")
    for d in ranked:
        if d.status != "must" or d.holder in (STOCK, viewer):
            continue
        if not state.hands[d.holder] >> d.card & 1:
            continue  # a reading misled by a player who does not play greedily
        card = format_card(d.card, style)
        others = [n for i, n in enumerate(names) if i != viewer]
        asked = "must hold" if d.basis == "fact" else "most likely holds"
        return DrillQuestion(
            "holder",
            f"After play {len(state.stack)}: who {asked} {card}? Type a name "
            f"({', '.join(others)}).",
            _position_lines(state, viewer, names, style),
            names[d.holder],
            [d.text],
            viewer,
            names,
            style,
            len(state.stack),
            d.card,
            d.confidence,
            a,
            state,
        )
    return None


_PASS = ("none", "nobody", "-", "?", "pass", "don't know", "dont know", "no idea")
"""Answers that give up on a question: read as a (wrong) answer, never as a typing slip."""


def answer_problem(question: DrillQuestion, answer: str) -> str | None:
    """Why ``answer`` cannot be read as an answer to ``question`` (None when it can).

    A slip (an unknown name, a word that is no value) is worth a second try rather than a
    wrong mark; ``none`` or ``?`` gives up and is marked.

    >>> q = make_question("scopa", random.Random(1), kind="unmatched")
    >>> answer_problem(q, "2 6 F"), answer_problem(q, "none")
    (None, None)
    >>> answer_problem(q, "2 6 X")
    "'X' is not a value: type numbers 1-10 or A/F/C/R, separated by spaces, or none"
    """
    text = answer.strip()
    if text.lower() in _PASS:
        return None
    if question.kind == "holder":
        if player_named(question.names, text, prefix=True) is None:
            return f"{text!r} is not a player: type one of {', '.join(question.names)}"
        return None
    try:
        parse_values(text, question.style)
    except DrillError as exc:
        return str(exc)
    return None


def check_answer(question: DrillQuestion, answer: str) -> DrillResult:
    """Whether ``answer`` is right, with the expected answer and the explanation."""
    expected = question.expected_text()
    if question.kind == "holder":
        given = player_named(question.names, answer, prefix=True)
        ok = given == question.expected
        if question.confidence >= 1.0:
            verdict = "Right" if ok else f"Not quite: {question.expected} must hold it"
        else:
            verdict = "Right" if ok else f"Not quite: {question.expected} most likely holds it"
            verdict += f" ({percent(question.confidence)}: readings, not a certainty)"
        return DrillResult(ok, f"{verdict}.", list(question.explanation))
    try:
        values = parse_values(answer, question.style)
    except DrillError as exc:
        return DrillResult(False, f"{exc}. The answer: {expected}.", list(question.explanation))
    want = question.expected if isinstance(question.expected, tuple) else ()
    if values == want:
        return DrillResult(True, f"Right: unmatched {expected}.", list(question.explanation))
    missing = [v for v in want if v not in values]
    extra = [v for v in values if v not in want]
    parts = []
    if missing:
        parts.append("you missed " + ", ".join(question.style.rank_text(v) for v in missing))
    if extra:
        parts.append(
            ", ".join(question.style.rank_text(v) for v in extra)
            + " "
            + ("is" if len(extra) == 1 else "are")
            + " matched"
        )
    return DrillResult(
        False, f"Not quite ({'; '.join(parts)}). Unmatched: {expected}.", list(question.explanation)
    )
