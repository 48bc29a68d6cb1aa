"""Practice for the rule of 48: the logic behind ``tutor drill 48`` (no terminal code here).

A drill deals a random hand, lets computer players play it to a random point, and asks the
player, sitting in one seat, which values are unmatched (an odd number of cards of that value
captured, the capturing cards included), or the step the rule of 48 is for, which values the
cards they have not seen hold an odd number of (``unseen``), or who holds a given card: another
player, or the stock of cards still to deal. It checks the answer and explains it from the
tracker: the list of sparigli, the count per value, or the deduction and the facts and readings
it rests on. A deduction from the
facts is said as a certainty ("must hold"); one that needs a reading of behaviour is said as a
reading, with its confidence, never as a certainty. Everything is drawn from one seeded
generator, so a seed gives the same questions every time.

>>> q = make_question("scopone-scientifico", random.Random(4), kind="unmatched")
>>> q.kind, len(q.position) > 3
('unmatched', True)
>>> check_answer(q, q.expected_text()).correct
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tutor.counting.defaults import TRUST_DEFAULT
from tutor.counting.inference import CountView, count_view
from tutor.counting.odds import percent
from tutor.counting.tracker import STOCK, a_value, values_text
from tutor.game.cards import Style, format_card, format_cards, get_style
from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import N_, _, asks_help, ngettext, quits, typed_words
from tutor.game.interrupts import interrupts_held
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState
from tutor.puzzles.answer import (
    AnswerError,
    parse_values,
    says_none,
    unmatched_difference,
    values_difference,
)
from tutor.records.record import player_named
from tutor.search.players import Player
from tutor.search.roster import make_player
from tutor.training.store import (
    DRILL_QUESTIONS,
    DrillRow,
    ProgressStore,
    StoreBusyError,
    StoreError,
)

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
    "DrillAnswer",
    "DrillSession",
    "STOCK_ANSWER",
    "keep_in",
]

KINDS = (*DRILL_QUESTIONS, "mixed")
HOLDER_TRIES = 300
"""Random hands dealt, at most, to find a holder question (one turns up within a few in every
shipped ruleset)."""
PLAYER_KINDS = ("greedy", "random")
"""The computer players (:mod:`tutor.search.players`) that play a drill's hand up to the
question."""


class DrillError(TutorError):
    """A drill asked for in a way it cannot be: an unknown kind or players."""


def default_names(players: int, viewer: int | None = None) -> list[str]:
    """Seat names in playing order (the dealer last), in the language of the run; in a
    two-player game the ``viewer``'s seat is called You.

    >>> default_names(2, 0), default_names(2, 1), default_names(4)[-1]
    (['You', 'Ada'], ['Ada', 'You'], 'South')
    """
    if players == 4:
        return [_("West"), _("North"), _("East"), _("South")]
    if players == 2:
        return [_("You"), "Ada"] if viewer == 0 else ["Ada", _("You")]
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
    """The unmatched values, or who holds the card: a player's name, or :data:`STOCK_ANSWER`."""
    explanation: list[str]
    viewer: int
    names: list[str]
    style: Style
    plays: int
    card: int | None = None
    analysis: CountView | None = field(default=None, repr=False)
    state: GameState | None = field(default=None, repr=False)
    """The full position (every hand known), to check the question against."""
    basis: str | None = None
    """A holder question: ``fact`` (the card must be there) or ``inference`` (a reading of
    behaviour puts it there)."""
    confidence: float | None = None
    """An ``inference``: the probability, the readings weighed in, that the card is there."""
    offered: tuple[str, ...] = ()
    """A holder question: the players it offers as answers (never the viewer; only those who
    still hold cards)."""
    stock_offered: bool = False
    """A holder question: the stock is one of the answers."""
    value: int | None = None
    """A holder question about a value the count forces on one player (``card`` is None)."""

    def holder_text(self) -> str:
        """Who holds the card, in words (``the stock (still to deal)`` for the stock)."""
        return _(STOCK_WORDS) if self.expected == STOCK_ANSWER else str(self.expected)

    def holder_claim(self) -> str:
        """Where the card is, said as certain as the deduction is: ``East must hold it`` from
        the facts, ``the readings put it with East (a reading of behaviour, 97%, not a
        certainty)`` from a reading."""
        who = self.holder_text()
        if self.basis != "inference":
            return _("{name} must hold it").format(name=who)
        if self.confidence is None:
            return _(
                "the readings put it with {name} (a reading of behaviour, not a certainty)"
            ).format(name=who)
        return _(
            "the readings put it with {name} (a reading of behaviour, {p}, not a certainty)"
        ).format(name=who, p=percent(self.confidence))

    def reading_held(self) -> bool | None:
        """A holder question from a reading: whether the card really was where the readings
        put it (None for any other question)."""
        if self.kind != "holder" or self.basis != "inference" or self.state is None:
            return None
        if self.card is None:
            return None
        holder = STOCK if self.expected == STOCK_ANSWER else self.names.index(str(self.expected))
        return _holds(self.state, holder, self.card)

    def outcome_text(self) -> str | None:
        """After the answer, for a reading: what the real deal showed of it."""
        held = self.reading_held()
        if held is None or self.state is None or self.card is None:
            return None
        card = format_card(self.card, self.style)
        if held:
            return _("In the real deal {card} was with {holder}: the reading held.").format(
                card=card, holder=self.holder_text()
            )
        where = next(
            (self.names[i] for i, h in enumerate(self.state.hands) if h >> self.card & 1),
            _(STOCK_WORDS),
        )
        return _(
            "In the real deal {card} was with {holder}: the reading was wrong this time, as a "
            "reading of {p} can be."
        ).format(card=card, holder=where, p=percent(self.confidence or 0.0))

    def expected_text(self) -> str:
        if isinstance(self.expected, str):
            return self.expected
        return values_text(self.expected, self.style)

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
            "value": self.value,
            "basis": self.basis,
            "confidence": self._confidence_json(),
            "reading_held": self.reading_held(),
        }

    def _confidence_json(self) -> float | None:
        """As in track's deductions: 1 for a fact, P(it is true) for a reading, rounded alike;
        None for a question that is not about a holder."""
        if self.basis == "fact":
            return 1.0
        return None if self.confidence is None else round(self.confidence, 6)


@dataclass
class DrillResult:
    """The verdict on one answer of a drill, with the explanation shown after it."""

    correct: bool
    message: str
    """Right or wrong, and what the answer was."""
    explanation: list[str]
    skipped: bool = False
    """The answer gave up on the question (``skip``, ``pass``; ``none`` where it names no
    answer): marked wrong, and kept as skipped."""


def _position_lines(state: GameState, viewer: int, names: list[str], style: Style) -> list[str]:
    """What the player has seen: the opening table, every play, the table and their hand now."""
    work, moves = state.rewound()
    order = _("Playing order: {names} (dealer: {dealer}).").format(
        names=", ".join(names), dealer=names[-1]
    )
    if names[viewer] != _("You"):
        order += " " + _("You are {name}.").format(name=names[viewer])
    lines = [
        order,
        _("Opening table: {cards}").format(cards=format_cards(work.table, style) or "-"),
    ]
    for n, m in enumerate(moves, start=1):
        seat = work.turn
        r_deal = work.deal_index
        work.push(m)
        r = work.stack[-1]
        mark = " " + _("(scopa)") if r.scopa else ""
        lines.append(f"{n:>2}. {names[seat]}: {m.text(style)}{mark}")
        if r.dealt and work.deal_index > r_deal:
            lines.append("    -- " + _("deal {n}").format(n=work.deal_index) + " --")
    lines.append(_("Table now: {cards}").format(cards=format_cards(state.table, style) or "-"))
    lines.append(
        _("Your cards: {cards}").format(cards=format_cards(state.hands[viewer], style) or "-")
    )
    return lines


def _play_to(rules: Ruleset, rng: random.Random, player: Player, lo: float, hi: float) -> GameState:
    """A random deal played by ``player`` in every seat up to a random point between the
    fractions ``lo`` and ``hi`` of the hand (the player reads only public facts and its hand)."""
    state = GameState.random(rules, rng)
    total = rules.plays_per_hand
    stop = rng.randint(max(1, int(lo * total)), max(1, int(hi * total)))
    for _i in range(stop):
        state.push(player.choose(state, rng))
    return state


def _late_points(
    rules: Ruleset, rng: random.Random, player: Player, lo: float, hi: float
) -> Iterator[GameState]:
    """A random deal played by ``player`` in every seat, seen at each point between the
    fractions ``lo`` and ``hi`` of the hand, in a random order (the hand's end left out)."""
    state = GameState.random(rules, rng)
    total = rules.plays_per_hand
    first, last = max(1, int(lo * total)), min(total - 1, max(1, int(hi * total)))
    moves = []
    for _i in range(last):
        move = player.choose(state, rng)
        moves.append(move)
        state.push(move)
    points = list(range(first, last + 1))
    rng.shuffle(points)
    for point in points:
        while len(state.stack) > point:
            state.pop()
        while len(state.stack) < point:
            state.push(moves[len(state.stack)])
        yield state.copy(with_stack=True)


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
        raise DrillError(
            _("unknown drill kind {name!r}; choose one of {names}").format(
                name=kind, names=", ".join(KINDS)
            )
        )
    if players not in PLAYER_KINDS:
        raise DrillError(
            _("unknown players {name!r}; choose one of {names}").format(
                name=players, names=", ".join(PLAYER_KINDS)
            )
        )
    player = make_player(players)
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    st = get_style(style)
    viewer = rules.players - 1 if rules.players == 4 else rng.randrange(rules.players)
    who = names or default_names(rules.players, viewer)
    if kind == "holder" and trust == 0 and rules.players < 3:
        # one other player: a card is in their hand or the stock, and the facts alone settle
        # which only when one of the two is empty, a count of hands; a value that a count
        # forces on a player needs two players still holding cards
        raise DrillError(
            _(
                "on the facts alone, {ruleset} never leaves a holder to work out: a card is "
                "with the other player or still to deal, and the count settles which only when "
                "one of them has no card left; weigh the readings of behaviour, or ask about "
                "unmatched values"
            ).format(ruleset=rules.name)
        )
    if kind == "holder":
        # Any seat, not only the dealer's: from one seat, late in the hand, the player a count
        # forces a card on is nearly always the same one (the practice audit, stop 49).
        viewer = rng.randrange(rules.players)
        who = names or default_names(rules.players, viewer)
        # Never another kind of question in its place: keep dealing until one turns up, and
        # look for it at every point of the hand's late part, in a random order.
        for _i in range(HOLDER_TRIES):
            for state in _late_points(rules, rng, player, 0.6, 0.95):
                q = _holder_question(
                    state, count_view(state, viewer, who, st, trust=trust), viewer, who, st
                )
                if q is not None:
                    return q
        raise DrillError(
            _(
                "no card whose holder can be worked out turned up in {n} random hands "
                "of {ruleset}; ask about unmatched values instead"
            ).format(n=HOLDER_TRIES, ruleset=rules.name)
        )
    want_holder = kind == "mixed" and rng.random() < 0.5
    # of the questions on values, a mixed drill asks half of them the second step (track
    # audit, stop 57: only the first, the unmatched values, was ever asked)
    ask_unseen = kind == "unseen" or (kind == "mixed" and not want_holder and rng.random() < 0.5)
    values_question = _unseen_question if ask_unseen else _unmatched_question
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
        return values_question(state, a, viewer, who, st)
    state = _play_to(rules, rng, player, 0.15, 0.85)
    return values_question(state, count_view(state, viewer, who, st, trust=trust), viewer, who, st)


def _unseen_question(
    state: GameState, a: CountView, viewer: int, names: list[str], style: Style
) -> DrillQuestion:
    """Which values the cards the viewer has not seen hold an odd number of: the rule of 48's
    use at the table, from the captures, the table and the viewer's own hand."""
    board = a.board
    per_value = ", ".join(
        f"{style.rank_text(c.value)}:{c.captured}+{c.table}+{c.mine}" for c in board.counts
    )
    explanation = [
        _(
            "Each value's 4 cards are captured, on the table, in your hand or unseen: the unseen "
            "hold an odd number of a value when the other three add up to an odd number."
        ),
        _("Captured + on the table + yours, per value: {counts}.").format(counts=per_value),
    ]
    asked = _(
        "After play {n}: the cards you have not seen hold an odd number of which values? "
        "Type the values (e.g. 2 6 8) or none; skip gives up."
    )
    return _on_values("unseen", asked, board.odd_out(), explanation, state, a, viewer, names, style)


def _on_values(
    kind: str,
    asked: str,
    expected: tuple[int, ...],
    explanation: list[str],
    state: GameState,
    a: CountView,
    viewer: int,
    names: list[str],
    style: Style,
) -> DrillQuestion:
    """A question whose answer is a list of values (``unmatched``, ``unseen``): ``asked`` with
    the play number filled, the position from the viewer's seat."""
    return DrillQuestion(
        kind,
        asked.format(n=len(state.stack)),
        _position_lines(state, viewer, names, style),
        expected,
        explanation,
        viewer,
        names,
        style,
        len(state.stack),
        analysis=a,
        state=state,
    )


def _unmatched_question(
    state: GameState, a: CountView, viewer: int, names: list[str], style: Style
) -> DrillQuestion:
    board = a.board
    explanation = []
    if board.sparigli:
        explanation.append(
            _("The captures by sum (sparigli), each flipping the values it involves:")
        )
        explanation += ["  " + sp.text(style, names) for sp in board.sparigli]
    else:
        explanation.append(
            _("No capture by sum yet: every capture took a twin, so all is matched.")
        )
    if any(r.leftover for r in state.stack):
        explanation.append(_("(The cards left at the end went to the last capturer.)"))
    caps = ", ".join(f"{style.rank_text(c.value)}:{c.captured}" for c in board.counts)
    explanation.append(_("Cards captured per value: {counts}.").format(counts=caps))
    asked = _(
        "After play {n}: which values are unmatched (an odd number captured)? "
        "Type the values (e.g. 2 6 8) or none; skip gives up."
    )
    return _on_values(
        "unmatched", asked, board.unmatched, explanation, state, a, viewer, names, style
    )


STOCK_ANSWER = "stock"
"""The answer that puts a card in the stock, the cards still to be dealt."""
STOCK_WORDS = N_("the stock (still to deal)")
_STOCK_ALIASES = ("stock", "the stock", "deck", "the deck", "to deal", "still to deal")
_STOCK_WORD = N_("stock")
"""The stock's answer in the language of the run (``stock`` is read in every language)."""


def _holds(state: GameState, holder: int, card: int) -> bool:
    """Whether ``holder`` (a seat, or the stock) really holds ``card`` in the full deal."""
    if holder == STOCK:
        return not any(h >> card & 1 for h in state.hands)
    return bool(state.hands[holder] >> card & 1)


def _holder_question(
    state: GameState, a: CountView, viewer: int, names: list[str], style: Style
) -> DrillQuestion | None:
    """A question on a 'must hold' deduction, from the facts or from a reading (None: none).
    A reading is asked about whether or not it holds in the real deal, so that the player sees
    readings fail as often as they do (the answer then says so). The stock is one of the
    answers while cards are still to be dealt: in a two-player game it is the only other place
    a card can be."""
    inf = a.inference
    # The places offered are the other players who still hold cards, and the stock while
    # cards are still to be dealt. A card's must of the facts alone comes only when a single
    # place has room: a count of hands, not of cards (practice audit, stop 49: after play 34
    # of scopone the answer was always the one player with a card left, among three offered),
    # so a card is asked about only on a reading, and the facts ask for a value a count forces.
    room = {h for h, n in inf.capacity.items() if n > 0 and h != viewer}
    choices = [n for i, n in enumerate(names) if i in room]
    stock = STOCK in room
    if len(choices) + stock < 2:
        return None  # one place a card can be: nothing to work out
    shown = choices + (
        [_("{stock} (the cards still to deal)").format(stock=_(_STOCK_WORD))] if stock else []
    )
    options = _("{items} or {last}").format(items=", ".join(shown[:-1]), last=shown[-1])
    for d in inf.deductions:
        if d.status != "must" or d.holder == viewer or d.basis == "fact":
            continue
        card = format_card(d.card, style)
        ask = _("going by the readings of behaviour, who holds {card}?").format(card=card)
        return DrillQuestion(
            "holder",
            _("After play {n}: {ask} Type {options}; skip gives up.").format(
                n=len(state.stack), ask=ask, options=options
            ),
            _position_lines(state, viewer, names, style),
            STOCK_ANSWER if d.holder == STOCK else names[d.holder],
            [_("What the readings say: {text}").format(text=d.text)],
            viewer,
            names,
            style,
            len(state.stack),
            d.card,
            a,
            state,
            d.basis,
            d.confidence,
            tuple(choices),
            stock,
        )
    return _value_question(state, a, viewer, names, style, choices, stock, options)


def _value_question(
    state: GameState,
    a: CountView,
    viewer: int,
    names: list[str],
    style: Style,
    choices: list[str],
    stock: bool,
    options: str,
) -> DrillQuestion | None:
    """A question on a value the count forces on one player while two or more still hold
    unseen cards ("who must hold a 7 (7C 7S)?"): a card's must of the facts alone comes only
    when a single player has cards left (the training audit of stop 47 found 100 of 100 so),
    which asks for a count of hands, not of values. None when there is no such value, or more
    than one player must hold it."""
    inf = a.inference
    rooms = sum(1 for h, n in inf.capacity.items() if h != viewer and h != STOCK and n > 0)
    if rooms < 2:
        return None
    by_value: dict[int, list[Any]] = {}
    for vd in inf.value_deductions:
        by_value.setdefault(vd.value, []).append(vd)
    for value, found in sorted(by_value.items()):
        if len(found) != 1 or found[0].holder in (viewer, STOCK) or found[0].holder < 0:
            continue
        vd = found[0]
        ask = _("who must hold {a_value} ({cards})?").format(
            a_value=a_value(value, style), cards=format_cards(vd.cards, style)
        )
        return DrillQuestion(
            "holder",
            _("After play {n}: {ask} Type {options}; skip gives up.").format(
                n=len(state.stack), ask=ask, options=options
            ),
            _position_lines(state, viewer, names, style),
            names[vd.holder],
            [vd.text(names, style)],
            viewer,
            names,
            style,
            len(state.stack),
            None,
            a,
            state,
            "fact",
            None,
            tuple(choices),
            stock,
            value,
        )
    return None


def _stock_open(question: DrillQuestion) -> bool:
    """Whether the stock was one of the answers."""
    return question.stock_offered


def _holder_named(question: DrillQuestion, answer: str) -> str | None:
    """The holder an answer names among those the question offers: a player other than the
    viewer, or the stock; the start of a name will do when it names only one (``st`` for the
    stock), and nothing when it could be either."""
    word = answer.strip().lower()
    stock_words = (*_STOCK_ALIASES, *typed_words((_STOCK_WORD,)))
    if question.stock_offered and word in stock_words:
        return STOCK_ANSWER
    player = player_named(_offered(question), answer, prefix=True)
    stock = question.stock_offered and bool(word) and any(w.startswith(word) for w in stock_words)
    if player is not None and stock:
        return None  # "st" with a player called Stefano: say which
    return STOCK_ANSWER if stock else player


def _offered(question: DrillQuestion) -> list[str]:
    """The players a holder question offers as answers."""
    return list(question.offered) or list(question.names)


_PASS = ("none", "nobody", "-", "pass", "skip", "don't know", "dont know", "no idea")
"""Answers that give up on a question: read as a (wrong) answer, never as a typing slip."""
_PASS_WORDS = (N_("none"), N_("nobody"), N_("pass"), N_("skip"), N_("don't know"), N_("no idea"))
"""The same answers in the language of the run (the English ones are read in every
language)."""
_STOP_WORDS = (N_("stop"),)
"""An answer that ends the drill where it is besides the words of every session
(:func:`~tutor.game.i18n.quits`), in every language."""


def stops(text: str) -> bool:
    """Whether an answer ends the drill: what ends every session (``quit``, ``exit``, ``q``,
    ``esci``), or ``stop`` in any language of the tutor (code audit, stop 57: ``exit`` and
    ``q``, which end play, live, train and puzzle try, were not understood here).

    >>> stops(" Quit "), stops("basta"), stops("exit"), stops("q"), stops("none")
    (True, True, True, True, False)
    """
    return quits(text) or text.strip().lower() in typed_words(_STOP_WORDS)


def _gives_up(text: str) -> bool:
    word = text.strip().lower()
    return word in _PASS or word in typed_words(_PASS_WORDS)


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
    if _gives_up(text):
        return None
    if question.kind == "holder":
        if _holder_named(question, text) is None:
            names = ", ".join(_offered(question))
            if _stock_open(question):
                return (
                    _("{text!r} is not a player: type one of {names}, or {stock}")
                    if len(_offered(question)) > 1
                    else _("{text!r} is not a player: type {names} or {stock}")
                ).format(text=Shown(text), names=names, stock=_(_STOCK_WORD))
            return _("{text!r} is not a player: type one of {names}").format(
                text=Shown(text), names=names
            )
        return None
    try:
        parse_values(text, question.style)
    except AnswerError as exc:
        return str(exc)
    return None


def check_answer(question: DrillQuestion, answer: str) -> DrillResult:
    """Whether ``answer`` is right, with the expected answer and the explanation.

    >>> q = make_question("scopa", random.Random(1), kind="unmatched")
    >>> check_answer(q, "no idea").message == f"Not answered. Unmatched: {q.expected_text()}."
    True
    """
    expected = question.expected_text()
    if question.kind == "holder":
        ok = _holder_named(question, answer) == question.expected
        skipped = _gives_up(answer) and not ok  # a skip is no wrong guess ("none" names nobody)
        if skipped:
            verdict = _("Not answered: {claim}.")
        else:
            verdict = _("Right: {claim}.") if ok else _("Not quite: {claim}.")
        outcome = question.outcome_text()
        return DrillResult(
            ok,
            verdict.format(claim=question.holder_claim()),
            list(question.explanation) + ([outcome] if outcome else []),
            skipped,
        )
    words = _VALUES_WORDS[question.kind]
    if _gives_up(answer) and not says_none(answer):
        message = _(words.not_answered).format(solution=expected)
        return DrillResult(False, message, list(question.explanation), skipped=True)
    try:
        values = parse_values(answer, question.style)
    except AnswerError as exc:
        message = _("{problem}. The answer: {answer}.").format(problem=exc, answer=expected)
        return DrillResult(False, message, list(question.explanation))
    want = question.expected if isinstance(question.expected, tuple) else ()
    if values == want:
        message = _(words.right).format(solution=expected)
        return DrillResult(True, message, list(question.explanation))
    message = _(words.not_quite).format(
        difference=words.difference(values, want, question.style), solution=expected
    )
    return DrillResult(False, message, list(question.explanation))


def _odd_unseen_difference(
    given: Sequence[int], want: Sequence[int], style: Style | str | None
) -> str:
    """What is wrong with a list of the values the unseen cards hold an odd number of."""
    return values_difference(
        given,
        want,
        style,
        lambda values, n: ngettext(
            "of {values} they hold an even number",
            "of {values} they hold an even number each",
            n,
        ).format(values=values),
    )


@dataclass(frozen=True)
class _ValuesWords:
    """The verdicts on an answer that is a list of values, for one kind of question."""

    not_answered: str
    right: str
    not_quite: str
    difference: Callable[[Sequence[int], Sequence[int], Style | str | None], str]


_VALUES_WORDS = {
    "unmatched": _ValuesWords(
        N_("Not answered. Unmatched: {solution}."),
        N_("Right: unmatched {solution}."),
        N_("Not quite ({difference}). Unmatched: {solution}."),
        unmatched_difference,
    ),
    "unseen": _ValuesWords(
        N_("Not answered. The unseen cards hold an odd number of: {solution}."),
        N_("Right: the unseen cards hold an odd number of {solution}."),
        N_("Not quite ({difference}). The unseen cards hold an odd number of: {solution}."),
        _odd_unseen_difference,
    ),
}
"""The verdicts of each kind of question on values, one table instead of a test of the kind at
every verdict."""


# -- a session: questions in a row, answers read and checked, the score -----------------------


@dataclass
class DrillAnswer:
    """A question with the answer given and whether it was right."""

    question: DrillQuestion
    answer: str
    result: DrillResult
    round: int = 1
    """The question's number in its drill, from 1."""

    def to_json(self) -> dict[str, Any]:
        # skipped: as puzzle try's and train's JSON say a question given up (JSON audit, stop
        # 57: only the typed 'skip' told it)
        return {**self.question.to_json(), "answer": self.answer.strip(),
                "correct": self.result.correct, "skipped": self.result.skipped}  # fmt: skip


class DrillSession:
    """A drill of ``rounds`` questions drawn from one seed, driven by :meth:`run`.

    The session asks each question, reads answers until one can be read (a slip is said and
    asked again, see :func:`answer_problem`), checks it, explains it and keeps the score; the
    caller only supplies the input and output, so a terminal, a test or another program can
    drive it.

    >>> lines = iter(["2 X", "none"])
    >>> shown, said = [], []
    >>> d = DrillSession("scopa", seed=1, rounds=1, kind="unmatched")
    >>> d.run(lambda: next(lines, None), shown.append, said.append)
    >>> shown[0].splitlines()[1], said
    ('Question 1 of 1', ["'X' is not a value: type numbers 1-10 ... or none; try again"])
    >>> d.asked, d.summary()
    (1, 'Score: 0 of 1.')
    """

    def __init__(
        self,
        ruleset: str | Ruleset,
        seed: int | None = None,
        rounds: int = 5,
        kind: str = "mixed",
        players: str = "greedy",
        style: Style | str | None = None,
        trust: float = TRUST_DEFAULT,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown drill kind {kind!r}; choose one of {', '.join(KINDS)}")
        if players not in PLAYER_KINDS:
            raise ValueError(
                f"unknown players {players!r}; choose one of {', '.join(PLAYER_KINDS)}"
            )
        self.rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.seed = random.randrange(10**6) if seed is None else seed
        """The seed (drawn at random when none is given): the same seed asks the same questions."""
        self.rounds = rounds
        self.kind = kind
        self.players = players
        self.style = get_style(style)
        self.trust = trust
        """The prior trust in readings of behaviour (``--trust-readings``)."""
        self.answers: list[DrillAnswer] = []
        self.stopped = False
        """Whether the input ended before every question was answered."""
        self._rng = random.Random(self.seed)

    @property
    def asked(self) -> int:
        """Questions answered so far."""
        return len(self.answers)

    @property
    def right(self) -> int:
        return sum(a.result.correct for a in self.answers)

    def summary(self) -> str:
        return _("Score: {right} of {asked}.").format(right=self.right, asked=self.asked)

    def next_question(self) -> DrillQuestion:
        """The next question (each one draws from the session's generator)."""
        return make_question(
            self.rules,
            self._rng,
            kind=self.kind,
            players=self.players,
            style=self.style,
            trust=self.trust,
        )

    def check(self, question: DrillQuestion, answer: str) -> DrillResult:
        """Check ``answer`` and count it."""
        result = check_answer(question, answer)
        self.answers.append(DrillAnswer(question, answer, result, self.asked + 1))
        return result

    def run(
        self,
        read: Callable[[], str | None],
        show: Callable[[str], None],
        say: Callable[[str], None],
        keep: Callable[[DrillAnswer], None] | None = None,
    ) -> None:
        """Ask every question: ``show`` gets the text of each question and of each verdict,
        ``read()`` gives the next line typed (None: the input is over, and the drill stops),
        ``say`` gets the messages about the session (a slip, the end of the input).

        ``keep`` gets each answer once it is checked, before its verdict is shown (the command
        line keeps it in the progress database: :func:`keep_in`); a Ctrl-C meanwhile comes
        once it returns. A :class:`TutorError` it raises (a store that cannot take the answer)
        ends the drill after that verdict is shown."""
        for asked in range(1, self.rounds + 1):
            q = self.next_question()
            head = _("Question {n} of {total}").format(n=asked, total=self.rounds)
            show("\n" + head + "\n" + "\n".join(q.position) + "\n" + q.question + "\n")
            line = self._read_answer(q, read, say)
            if line is None or stops(line):
                self.stopped = True
                say(_("no more answers: the drill stops") if line is None else _("the drill stops"))
                return
            problem = None
            with interrupts_held():  # an answer checked is kept before a Ctrl-C ends the drill
                result = self.check(q, line)
                if keep is not None:
                    try:
                        keep(self.answers[-1])
                    except TutorError as exc:  # the verdict first, then what went wrong
                        problem = exc
            show(result.message + "\n" + "\n".join(result.explanation) + "\n")
            if problem is not None:
                raise problem

    @staticmethod
    def _read_answer(
        question: DrillQuestion, read: Callable[[], str | None], say: Callable[[str], None]
    ) -> str | None:
        """The next readable answer, or a word that stops the drill (None at the end): blank
        lines are skipped, a slip is said and asked again."""
        while True:
            line = read()
            if line is None:
                return None
            if not line.strip():
                continue
            if stops(line):
                return line
            if asks_help(line):  # the question again, with how to answer (not marked)
                say(question.question)
                continue
            problem = answer_problem(question, line)
            if problem is None:
                return line
            say(_("{problem}; try again").format(problem=problem))

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "ruleset": self.rules.name,
            # the notation of every card in it, as replay's and track's JSON say it (JSON
            # audit, stop 57: with --deck french, "7C" read as another card)
            "deck": self.style.name,
            "right": self.right,
            "asked": self.asked,
            "questions": [a.to_json() for a in self.answers],
        }


def keep_in(
    store: ProgressStore, session: DrillSession, drill: str = "48"
) -> Callable[[DrillAnswer], None]:
    """A ``keep`` for :meth:`DrillSession.run`: each answer of ``session`` (of the ``drill``)
    committed to the progress database ``store`` at once (one transaction each), in a session
    of the store started with the first answer (a drill left before any answer leaves none).

    A store that cannot take it raises its :class:`StoreError`, the answer written first to a
    rescue file that ``tutor train --import`` reads, as train's answers are (one JSON line,
    ``{"drill_answer": {...}}``, the store's row): the drill stops there, and the answer is not
    lost (stop 57: it was kept only in the JSON output)."""
    started: list[int] = []

    def keep(a: DrillAnswer) -> None:
        row = DrillRow(
            drill, a.question.kind, session.rules.name, session.seed, a.round, time.time(),
            a.result.correct, a.result.skipped, a.answer.strip(), a.question.expected_text(),
        )  # fmt: skip
        try:
            if not started:
                started.append(store.start_session())
            row = replace(row, session=started[0])
            store.record_drill_row(row)
        except StoreError as exc:
            line = json.dumps({"drill_answer": asdict(row)}, ensure_ascii=False) + "\n"
            busy = isinstance(exc, StoreBusyError)
            raise type(exc)(f"{exc}; {_rescued(line, busy)}") from None

    return keep


def _rescued(line: str, busy: bool) -> str:
    """Where the answer a store refused is kept (a rescue file), in words for its error
    (``busy``: another session held the store)."""
    from tutor.records.recordfile import write_rescue
    from tutor.training.trainer import rescue_words

    try:
        path = write_rescue("tutor-drill-rescued-", ".jsonl", line)
    except OSError as err:
        return rescue_words(1, None, busy, err)
    return rescue_words(1, path, busy)
