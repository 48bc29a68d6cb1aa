"""A game against the computer, with the tutor at your side: the logic behind ``tutor play``.

The session deals a seeded hand, seats the person and lets computer players
(:func:`tutor.search.roster.make_player`) take the other seats. On the person's turn it reads
one line at a time: a play in the usual notation (``7D x 2C 5S``; a card alone is laid, or makes
its only capture: ambiguous input is refused with the legal choices, never guessed) or a
command (``hint``, ``explain``, ``board``, ``undo``, ``save``, ``help``, ``quit``, read in every
language of the tutor: ``suggerimento``, ``spiega``, ...). After each of the person's plays
the tutor says at once what the review would say of it
(:func:`tutor.review.review.review_decision` with a small time budget): the class, the cost
against the best move and the observations. At the end of a hand come the score, the review
of the person's decisions and the offer of the next hand, until the match reaches the
ruleset's target.

The hands are saved as hand records after every play (atomically: a kill never loses a play),
every hand known, each of the person's plays with a note giving its class, and the ``game``
key (:class:`~tutor.records.record.GameInfo`) holding the seed and the computer players, so
that :meth:`PlaySession.resume` goes on exactly as the game would have: hand ``h`` of the match
is dealt from ``(seed, h)`` and each computer move draws from ``(seed, h, ply)``
(:func:`tutor.search.simulate.deal_cards`, :func:`~tutor.search.simulate.move_seed`).

No terminal code here: the session hands out events (:class:`Played`, :class:`Feedback`,
:class:`Turn`, ...) that ``tutor play`` draws with :mod:`tutor.render.play`.

>>> from tutor.review.judge import Settings
>>> quick = Settings(samples=4, time=0.05, first_round=2)
>>> s = PlaySession.new("scopa", seed=3, deck="french", feedback=quick, hint_settings=quick)
>>> s.players, s.phase(), s.prompt()
(['You', 'Ada'], 'play', 'play 1')
>>> events = s.enter(s.turn().moves[0].text("french"))
>>> [type(e).__name__ for e in events]
['Played', 'Feedback', 'Played', 'Turn']
>>> s.enter("KZ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tutor.training.play.PlayError: 'KZ' is not a card: unknown suit 'Z' in french notation ...
"""

from __future__ import annotations

import difflib
import os
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tutor.counting.inference import CountView, count_view, match_styles
from tutor.counting.style import StylePriors, styles_by_seat
from tutor.counting.tracker import viewer_state
from tutor.game.cards import CARDS, Style, cards_of, format_card, format_cards, get_style
from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import (
    N_,
    _,
    asks_help,
    command,
    in_every_language,
    near_command,
    ngettext,
    number,
    quits,
    typed_command,
    typed_words,
)
from tutor.game.interrupts import Ended, ctrl_c_counted, ended, interrupts_held
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move, MoveError
from tutor.records.record import (
    HINT_MODES,
    GameInfo,
    HandRecord,
    PlayEntry,
    as_match,
    next_seating,
)
from tutor.records.recordfile import (
    FileStamp,
    dumps,
    file_stamp,
    load_path,
    ruleset_key,
    save_or_rescue,
    written_to,
)
from tutor.records.replay import MatchReplay, replay_match
from tutor.review.explain import PositionExplanation, explain_position
from tutor.review.judge import (
    CLASSES,
    THRESHOLDS,
    Sampled,
    Settings,
    class_name,
    classify,
    cost_number,
    value_moves,
    verdict_class,
)
from tutor.review.observations import Observation, observe
from tutor.review.reading import check_values
from tutor.review.review import Decision, Review, decision_seed, review_decision, weigh_all
from tutor.search.analysis import Interval, MoveEstimate
from tutor.search.players import ChitarrellaPlayer, Player, seat_view
from tutor.search.roster import PlayerError, make_player
from tutor.search.simulate import deal_cards, move_seed
from tutor.training.defaults import (
    FEEDBACK_FIRST_ROUND,
    FEEDBACK_TIME,
    HINT_TIME,
    QUICK_EXACT_PLIES,
)
from tutor.training.live import deck_hint, lines_help, run_lines, same_setting, split_note

__all__ = [
    "HINT_MODES",
    "DEFAULT_PLAYER",
    "FEEDBACK",
    "HINT",
    "PlayError",
    "Event",
    "Dealt",
    "Played",
    "Feedback",
    "Turn",
    "Hint",
    "RuleWeight",
    "Explained",
    "BoardShown",
    "Said",
    "HandOver",
    "Quit",
    "PlaySession",
    "table_names",
    "decision_note",
    "help_text",
    "restored_decision",
]


DEFAULT_PLAYER = "chitarrella"
"""The computer player of every other seat unless told otherwise: a fair game."""

FEEDBACK = Settings(
    samples=200, time=FEEDBACK_TIME, first_round=FEEDBACK_FIRST_ROUND, exact_plies=QUICK_EXACT_PLIES
)
"""How hard the tutor looks at each of your plays: the review's judge with a budget that
answers within about a second on two cores. Samples are solved exactly from 12 plays left
(play-outs before that), the first look comes after 25 samples, and the sampling stops at
0.8 s (or as soon as the class is decided). A verdict the samples cannot settle in that time
is given with ``?`` (uncertain), as in the review."""

HINT = Settings(
    samples=200, time=HINT_TIME, first_round=FEEDBACK_FIRST_ROUND, exact_plies=QUICK_EXACT_PLIES
)
"""The budget of ``hint`` and ``explain``: one sampling run of every legal move."""

_YES = {"yes", "y", "next", "deal", "again"}
_NO = {"no", "n", "stop"}
_YES_WORDS = (N_("yes"), N_("next"))
_NO_WORDS = (N_("no"), N_("stop"))
"""The answers to "next hand?" in the language of the run (the English ones are read in every
language)."""


def _answer_words() -> list[str]:
    """The answers to "next hand?" in the run's language."""
    return [*typed_words(_YES_WORDS), *typed_words(_NO_WORDS)]


def _answer(word: str) -> str | None:
    """``yes`` or ``no`` when ``word`` answers "next hand?" so, in English or the run's
    language; None otherwise."""
    if word in _YES or word in typed_words(_YES_WORDS):
        return "yes"
    if word in _NO or word in typed_words(_NO_WORDS):
        return "no"
    return None


class PlayError(TutorError):
    """A line that cannot be accepted (the message says why, with the legal choices when a
    play is ambiguous or illegal), or a game that cannot be set up; nothing has changed.
    ``computer``: the seat whose computer player could not be made, when that is the cause."""

    def __init__(self, message: str, computer: str | None = None) -> None:
        super().__init__(message)
        self.computer = computer


def _check_hint_mode(mode: str) -> None:
    if mode not in HINT_MODES:
        raise PlayError(
            _("hints {mode!r}: choose one of {modes}").format(
                mode=mode, modes=", ".join(HINT_MODES)
            )
        )


def table_names(players: int, seat: int) -> list[str]:
    """The players' names in playing order with the person, ``You``, at ``seat`` (0 leads):
    in a four-player game the others are named from the person's chair (play passes to the
    right: Right plays after you, then your Partner, then Left).

    >>> table_names(4, 3), table_names(2, 0)
    (['Right', 'Partner', 'Left', 'You'], ['You', 'Ada'])
    """
    if players == 2:
        relative = [_("You"), "Ada"]
    elif players == 4:
        relative = [_("You"), _("Right"), _("Partner"), _("Left")]
    else:
        relative = [_("You"), *(_("Player {n}").format(n=k + 1) for k in range(1, players))]
    return [relative[(s - seat) % players] for s in range(players)]


def decision_note(decision: Decision, style: Style | str | None = None) -> str:
    """The note a play of the person gets in the record, in the language of the run: its
    class first, then the cost, the best move and the observation codes, e.g.
    ``mistake: cost 0.62 [0.40, 0.85], best 7D x 2C 5S; missed-scopa``."""
    j = decision.judgement
    if j.classification == "forced":
        text = class_name("forced")
    elif j.exact:
        text = _("{verdict}: cost {cost} (exact), best {best}").format(
            verdict=verdict_class(decision.judgement), cost=number(j.cost), best=j.best.text(style)
        )
    else:
        text = _("{verdict}: cost {cost} [{low}, {high}], best {best}").format(
            verdict=verdict_class(decision.judgement),
            cost=number(j.cost),
            low=cost_number(j.low),  # the digits that keep the class it had (0.1996, not 0.20)
            high=cost_number(j.high),
            best=j.best.text(style),
        )
    codes = [o.code for o in decision.observations]
    return text + ("; " + ", ".join(codes) if codes else "")


_NOTE = re.compile(  # "good–mistake: ..." (and "good?: ...", as files saved before said it)
    r"(?P<cls>[a-z]+)(?:(?P<unsure>\?)|–(?P<upper>[a-z]+))?: cost (?P<cost>-?[\d.]+) "
    r"(?:\(exact\)|\[(?P<low>-?[\d.]+), (?P<high>-?[\d.]+)\]), best (?P<best>[^;]+)"
)


def restored_decision(
    decision: Decision,
    note: str,
    state: GameState,
    names: list[str],
    style: Style | str | None = None,
) -> Decision:
    """``decision`` (judged again after a resume) with the verdict of the saved ``note`` (the
    English :func:`decision_note` the person saw): class, cost, interval and best move, the
    observations weighed against it. The moves' values stay the new ones (for the accuracy).
    A note that does not read as a verdict leaves ``decision`` as it is."""
    j = decision.judgement
    verdict = note.split(";")[0].strip()
    if verdict == "forced":
        if j.classification == "forced":
            return decision
        verdict_j = replace(j, best=j.move, cost=0.0, low=0.0, high=0.0,
                            classification="forced", uncertain=False)  # fmt: skip
    else:
        m = _NOTE.fullmatch(verdict)
        if m is None or m["cls"] not in CLASSES:
            return decision
        try:
            best = state.parse_move(m["best"].strip(), style)
        except (TutorError, ValueError):
            return decision
        cost = float(m["cost"])
        exact = m["low"] is None
        low = cost if exact else float(m["low"])
        high = cost if exact else float(m["high"])
        unsure = bool(m["unsure"] or m["upper"])
        if m["upper"] in CLASSES:  # the class the person saw, whatever the rounding of the
            # high end made of it (0.1996, saved as 0.20 before stop 47, is good, not worse)
            above = [t for name, t in THRESHOLDS if CLASSES.index(name) > CLASSES.index(m["upper"])]
            if above and classify(high) != m["upper"]:
                high = above[0] - 1e-6  # as the JSON's last decimal: short of the next class
        verdict_j = replace(j, best=best, cost=cost, low=low, high=high, exact=exact,
                            classification=m["cls"], uncertain=unsure)  # fmt: skip
    view = viewer_state(state, state.turn)
    raw = observe(view, decision.move, names=names, style=style, exact=j.analysis)
    observations = weigh_all(raw, verdict_j, style)
    return replace(decision, judgement=verdict_j, observations=observations)


def _annotate(entry: PlayEntry, decision: Decision, style: Style) -> None:
    """Give a play of the person its :func:`decision_note`, in every language of the tutor
    (``note`` and ``note_it``: ``docs/records.md``)."""
    texts = in_every_language("note", lambda: decision_note(decision, style))
    entry.note = texts.pop("note")
    entry.translations = texts


def help_text(style: Style | str | None = None) -> str:
    """The lines ``tutor play`` accepts, the examples in ``style``'s notation."""
    st = get_style(style)
    # by index, in this order (a mask would give them sorted: 2D x 5D 7D, no capture at all)
    seven, two, five, three = (format_card(CARDS[i], st) for i in (6, 1, 4, 12))
    rows = [
        (f"{seven} x {two} {five}", _("play a card and take cards with it")),
        (three, _("play a card alone: laid, or its only capture")),
        (command("hint"), _("the best play from your seat, its value and reasons")),
        (command("explain"), _("every legal play in words, with its value")),
        (command("board"), _("the counting board (rule of 48, who can hold what)")),
        (command("undo"), _("take back your last play and the computer's replies")),
        (command("save"), _("save now (the game is saved after every play anyway)")),
        (command("help"), _("show this help")),
        (command("quit"), _("stop; tutor play --resume FILE goes on later")),
    ]
    return lines_help(rows, st, 14)


# -- events -----------------------------------------------------------------------------------


class Event:
    """Something the session did or says; :mod:`tutor.render.play` draws each kind."""


@dataclass
class Dealt(Event):
    """A new hand: its number in the match, the record, and the person's seat."""

    hand: int
    record: HandRecord
    seat: int
    match: MatchReplay


@dataclass
class Played(Event):
    """One play, by the person or the computer, and what it did."""

    hand: int
    number: int
    """The play's number in the hand (1 = the first)."""
    player: str
    seat: int
    move: Move
    scopa: bool
    yours: bool
    leftover: int = 0
    """Cards the last capturer takes because the hand ended with this play."""
    leftover_player: str | None = None
    seconds: float = 0.0
    """How long the computer thought (0 for the person's plays)."""


@dataclass
class Feedback(Event):
    """What the review says of one of the person's plays, at once."""

    decision: Decision
    seconds: float


@dataclass
class Turn(Event):
    """The person's turn: what they see, and the legal plays of each card."""

    hand: int
    play: int
    record: HandRecord
    seat: int
    view: GameState
    """The position as the person knows it (other hands unknown)."""
    match: MatchReplay
    board: CountView | None

    @property
    def moves(self) -> list[Move]:
        return self.view.legal_moves()

    def moves_of(self, card: int) -> list[Move]:
        return [m for m in self.moves if m.card == card]

    @property
    def table_order(self) -> list[int]:
        """The cards on the table in the order they were laid."""
        hand = self.match.hands[-1]
        cards = hand.steps[-1].table if hand.steps else self.record.table
        return [c.index for c in cards]

    def cards_left(self) -> list[tuple[str, int]]:
        """Each player's cards in hand, in playing order."""
        return [(p, self.view.hand_size(s)) for s, p in enumerate(self.record.players)]


@dataclass(frozen=True)
class RuleWeight:
    """One of the chitarrella player's named rules and what it gave a move."""

    name: str
    maxim: str
    score: float


@dataclass
class Hint(Event):
    """The best play from the person's seat with its value and reasons."""

    move: Move
    value: MoveEstimate
    exact: bool
    samples: int
    others: list[MoveEstimate]
    """The next best plays, with their values."""
    observations: list[Observation]
    rules: list[RuleWeight]
    """The chitarrella rules that weighed on the hinted play (non-zero scores), biggest first."""
    rule_choice: Move
    """The play the chitarrella player's rules prefer."""
    ruleset: Ruleset
    """The ruleset: whose points the value counts (the side's, or the player's own in
    scopa)."""
    reading: str | None = None
    """The note when the values rest on a reading the tracker does not share
    (:func:`tutor.review.reading.check_values`), in the run's language; None otherwise."""
    runner_gap: Interval | None = None
    """Sampled: the hinted play's value minus the next best's over the same deals, with its
    95% interval (:meth:`~tutor.review.judge.Sampled.diff`): whether the samples tell the
    two apart."""


@dataclass
class Explained(Event):
    """Every legal play in words (``tutor explain --at``)."""

    explanation: PositionExplanation


@dataclass
class BoardShown(Event):
    """The counting board from the person's seat."""

    board: CountView


@dataclass
class Said(Event):
    """A message: help, saved, undone."""

    text: str
    after_ctrl_c: bool = False
    """Said because Ctrl-C stopped a help: a terminal has just echoed ``^C`` on the line."""


@dataclass
class HandOver(Event):
    """The end of a hand: the score (in ``match``), the review of the person's decisions, and
    whether another hand follows (``match.match.over``: the match is decided)."""

    hand: int
    record: HandRecord
    review: Review
    match: MatchReplay


@dataclass
class Quit(Event):
    """The person stopped; everything is saved."""


Show = Callable[[Event], None]


# -- the session --------------------------------------------------------------------------------


@dataclass
class PlaySession:
    """A match against the computer from one person's seat; every change goes through
    :meth:`enter` (or :meth:`start`)."""

    rules: Ruleset
    ruleset_name: str
    style: Style
    game: GameInfo
    hands: list[HandRecord]
    """Every hand of the match so far; the last is the one being played."""
    save_path: Path | None = None
    feedback: Settings = FEEDBACK
    """How each of the person's plays is judged (:data:`FEEDBACK`)."""
    hint_settings: Settings = HINT
    """How ``hint`` and ``explain`` value the plays (:data:`HINT`)."""
    board: bool = True
    """Whether each turn carries the counting board (``--no-board``: count on your own)."""
    decisions: dict[int, Decision] = field(default_factory=dict)
    """The person's judged plays in the current hand, by play number."""
    notices: list[str] = field(default_factory=list)
    """What the person must hear that is not about a line (a save rescued elsewhere);
    :meth:`run` passes them to its ``warn``."""
    rejected: int = 0
    """How many lines :meth:`run` could not accept (a script's typos: ``tutor play`` then
    exits with 1, as ``tutor live`` does)."""
    state: GameState = field(init=False, repr=False)
    _players: dict[str, Player] = field(default_factory=dict, repr=False)
    _match: tuple[Any, MatchReplay] | None = field(default=None, repr=False)
    _finished: tuple[int, Path, str] | None = field(default=None, repr=False)
    _board_styles: StylePriors | None = field(default=None, repr=False)
    _hinted: tuple[int, Sampled] | None = field(default=None, repr=False)
    """The sampling of the last ``hint`` or ``explain`` and the play number it was for: the
    feedback on that play goes on from its deals, so that the two agree (cleared by every
    play)."""
    fresh: bool = True
    """The save file is not made yet: the first save never replaces a file another program
    made meanwhile (:func:`tutor.records.recordfile.save_or_rescue`)."""
    stamp: FileStamp | None = field(default=None, repr=False)
    """The save file as this session last read or saved it (:func:`file_stamp`): a file
    another session changed since is kept, and the saves go to a free name beside it."""

    def __post_init__(self) -> None:
        for name, spec in self.game.computer.items():
            try:
                self._players[name] = make_player(spec)
            except PlayerError as exc:
                raise PlayError(f"{name}: {exc}", computer=name) from None
        self.state = self.record.state_at(len(self.record.plays))

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        ruleset: str = "scopone-scientifico",
        seat: int = 1,
        partner: str | None = None,
        opponents: str | None = None,
        seed: int = 0,
        hint_mode: str = "ask",
        deck: Style | str | None = "italian",
        save_path: Path | str | None = None,
        *,
        workers: int | None = None,
        feedback: Settings | None = None,
        hint_settings: Settings | None = None,
        board: bool = True,
    ) -> PlaySession:
        """A new match: the person at ``seat`` (1 leads the first hand, the last seat deals),
        the computer's ``partner`` and ``opponents`` (player names, default
        :data:`DEFAULT_PLAYER`), hand 1 dealt from ``seed``.

        ``workers`` (None: one per core) judge the person's plays; ``feedback`` and
        ``hint_settings`` replace :data:`FEEDBACK` and :data:`HINT`.
        """
        rules = load_ruleset(ruleset)
        if rules.sides != 2:
            raise PlayError(
                _(
                    "tutor play needs two sides, and {ruleset} has {n}: the tutor judges a play "
                    "by what it gains one side against the other"
                ).format(ruleset=rules.name, n=rules.sides)
            )
        if not 1 <= seat <= rules.players:
            raise PlayError(
                _("seat {seat}: {ruleset} has seats 1 to {n} (1 leads, {n} deals)").format(
                    seat=seat, ruleset=rules.name, n=rules.players
                )
            )
        _check_hint_mode(hint_mode)
        if partner is not None and not rules.partners:
            raise PlayError(
                _("{ruleset} is played without partners: give --opponents only").format(
                    ruleset=rules.name
                )
            )
        ruleset = ruleset_key(ruleset, "<play>", None)  # a file: found wherever the game is saved
        names = table_names(rules.players, seat - 1)
        me = seat - 1
        computer = {}
        for s, name in enumerate(names):
            if s == me:
                continue
            ally = s % rules.sides == me % rules.sides
            spec = (partner if ally else opponents) or DEFAULT_PLAYER
            computer[name] = spec.strip()
        game = GameInfo(seed, computer, hint_mode)
        session = cls(
            rules,
            ruleset,
            get_style(deck),
            game,
            [cls._deal(rules, ruleset, get_style(deck), game, names, 0)],
            Path(save_path) if save_path is not None else None,
            board=board,
        )
        session._settings(workers, feedback, hint_settings)
        session.save()
        return session

    @classmethod
    def resume(
        cls,
        path: Path | str,
        hint_mode: str | None = None,
        save_path: Path | str | None = None,
        *,
        workers: int | None = None,
        feedback: Settings | None = None,
        hint_settings: Settings | None = None,
        board: bool = True,
    ) -> PlaySession:
        """Go on with the match saved in ``path`` (and save to it, or to ``save_path``):
        RecordError if the file is bad, PlayError if it was not kept by ``tutor play``."""
        stamp = file_stamp(path)  # before the read: a change made meanwhile is seen
        hands = load_path(str(path))
        last = hands[-1]
        if last.game is None:
            raise PlayError(
                f"{path}: "
                + _(
                    "not a game against the computer (no 'game' key): tutor play --resume goes "
                    "on with a file that tutor play saved"
                )
            )
        people = last.game.people(last.players)
        if len(people) != 1:
            line = last.line_of("game", "computer")
            raise PlayError(
                (f"{path}:{line}: " if line else f"{path}: ")
                + _(
                    "the computer holds {n} of the {seats} seats; tutor play seats one person"
                ).format(n=len(last.game.computer), seats=len(last.players))
            )
        if hint_mode is not None:
            _check_hint_mode(hint_mode)
        # the seats the tutor named (You, Right, Partner, Left; Tu, Destra, ...) in the
        # language of this run, in the game and in the file it saves: a game begun in English
        # and resumed in Italian said "Tu: 3S" beside "Carte in mano: You 7, Right 7" (play
        # audit, stop 49). Names a person gave are kept as they are.
        hands = [h.shown() for h in hands]
        last = hands[-1]
        assert last.game is not None
        game = last.game
        if hint_mode is not None:
            game = replace(game, hints=hint_mode)
        for rec in hands:
            rec.game = game
            rec.ruleset_name = ruleset_key(rec.ruleset_name, path, None)
        try:
            session = cls(
                last.ruleset,
                last.ruleset_name,
                last.style,
                game,
                hands,
                Path(save_path if save_path is not None else path),
                board=board,
                fresh=save_path is not None,  # another file: whatever it holds is kept
                stamp=stamp,
            )
        except PlayError as exc:  # a computer player the file names wrongly: with its line
            line = None if exc.computer is None else last.line_of("game", "computer", exc.computer)
            where = f"{path}:{line}" if line else str(path)
            raise PlayError(f"{where}: game: computer: {exc}") from None
        for rec in hands:
            rec.check_hint_mode()
            rec.check_dealt_in_full()
        session._settings(workers, feedback, hint_settings)
        return session

    def differs(
        self,
        ruleset: str | None = None,
        deck: str | None = None,
        partner: str | None = None,
        opponents: str | None = None,
        seed: int | None = None,
        seat: int | None = None,
    ) -> list[str]:
        """The options of :meth:`new` given here (not None) that differ from this game's, by
        their command-line names: a resumed game is played as its file says (``seat``, 1 to
        leave, is the person's in the first hand, as ``--seat`` gives it)."""
        out = [
            option
            for option, given in (("--ruleset", ruleset), ("--deck", deck))
            if given is not None and not same_setting(option, given, self.rules, self.style)
        ]
        me = self.seat % self.rules.sides
        for option, spec, ally in (("--partner", partner, True), ("--opponents", opponents, False)):
            if spec is None:
                continue
            seats = [s for s in range(self.rules.players)
                     if s != self.seat and (s % self.rules.sides == me) is ally]  # fmt: skip
            if not seats or any(self.game.computer.get(self.players[s]) != spec.strip()
                                for s in seats):  # fmt: skip
                out.append(option)
        if seed is not None and seed != self.game.seed:
            out.append("--seed")
        if seat is not None and seat != self.hands[0].players.index(self.person) + 1:
            out.append("--seat")  # input audit (stop 54): it was ignored
        return out

    def _settings(
        self, workers: int | None, feedback: Settings | None, hint_settings: Settings | None
    ) -> None:
        n = workers if workers is not None else os.cpu_count() or 1
        self.feedback = replace(feedback or FEEDBACK, seed=self.game.seed, workers=n)
        self.hint_settings = replace(hint_settings or HINT, seed=self.game.seed, workers=n)
        self._read_styles()

    def _read_styles(self) -> None:
        """What the match's earlier hands showed of each player's style, for the hand being
        played: the feedback and the hints weigh it as ``tutor review`` does on the saved file
        (every earlier hand seen whole), the board as ``tutor track`` does from the person's
        seat. Without it, hand 2's feedback quoted odds the review of the file then changed."""
        earlier = self.hands[:-1]
        styles = styles_by_seat(self.players, match_styles(earlier)) if earlier else None
        self.feedback = replace(self.feedback, styles=styles)
        self.hint_settings = replace(self.hint_settings, styles=styles)
        self._board_styles = (
            styles_by_seat(self.players, match_styles(earlier, self.person)) if earlier else None
        )

    @staticmethod
    def _deal(
        rules: Ruleset,
        ruleset_name: str,
        style: Style,
        game: GameInfo,
        players: list[str],
        hand: int,
    ) -> HandRecord:
        """The record of hand ``hand`` (0 = the first) dealt from the seed, no play yet."""
        table, deals = deal_cards(rules, game.seed, hand)
        return HandRecord(
            rules,
            ruleset_name,
            style,
            list(players),
            players[-1],
            {},
            cards_of(table),
            [{p: cards_of(d[s]) for s, p in enumerate(players)} for d in deals],
            [],
            "<play>",
            in_every_language(
                "title",
                lambda: _("Hand {hand} against the computer (tutor play, seed {seed})").format(
                    hand=hand + 1, seed=game.seed
                ),
            ),
            game=game,
        )

    # -- where we are ---------------------------------------------------------------------

    @property
    def record(self) -> HandRecord:
        """The hand being played."""
        return self.hands[-1]

    @property
    def players(self) -> list[str]:
        return self.record.players

    @property
    def person(self) -> str:
        return self.game.people(self.players)[0]

    @property
    def seat(self) -> int:
        """The person's seat in the current hand (0 leads)."""
        return self.players.index(self.person)

    @property
    def hand_number(self) -> int:
        """The current hand's number in the match (1 = the first)."""
        return len(self.hands)

    def match(self) -> MatchReplay:
        """Every hand replayed, with the match score over the finished ones."""
        key = (len(self.hands), tuple(p.text for p in self.record.plays))
        if self._match is None or self._match[0] != key:
            self._match = (key, replay_match(self.hands))
        return self._match[1]

    def phase(self) -> str:
        """``play`` (the person's turn), ``next`` (the hand is over: another may be dealt) or
        ``over`` (the match is decided)."""
        if not self.state.is_over():
            return "play"
        return "over" if self.match().match.over else "next"

    def prompt(self) -> str:
        phase = self.phase()
        if phase == "play":
            return _("play {n}").format(n=self.state.ply + 1)
        if phase == "next":
            return _("next hand? (yes/no)")
        return _("the match is over")

    def turn(self) -> Turn:
        """What the person sees on their turn."""
        view = viewer_state(self.state, self.seat)
        board = (
            count_view(self.state, self.seat, self.players, self.style, styles=self._board_styles)
            if self.board
            else None
        )
        return Turn(self.hand_number, self.state.ply + 1, self.record, self.seat, view,
                    self.match(), board)  # fmt: skip

    def _text_for(self, path: Path) -> str:
        """Every hand as the file ``path`` holds them, a ruleset file named from its folder."""
        # the finished hands do not change: their text is made once per file and kept
        done = len(self.hands) - 1
        if self._finished is None or self._finished[:2] != (done, path):
            finished = [written_to(r, path) for r in self.hands[:done]]
            self._finished = (done, path, dumps(finished) + "---\n" if done else "")
        return self._finished[2] + dumps([written_to(self.record, path)])

    def save(self) -> None:
        """Write every hand to the save file, atomically (nothing when there is none); a rescue
        file when that fails names the ruleset file from its own folder."""
        if self.save_path is None:
            return
        for rec in self.hands:
            rec.path = str(self.save_path)
        with interrupts_held():  # a Ctrl-C comes once the file and save_path say the same
            self.save_path, problem = save_or_rescue(
                self.save_path, self._text_for, new=self.fresh, unchanged_since=self.stamp
            )
            self.stamp = file_stamp(self.save_path)
            self.fresh = False
        if problem is not None:
            self.notices.append(problem)

    # -- driving the game ------------------------------------------------------------------

    def start(self, show: Show | None = None) -> list[Event]:
        """The first events of a session: the deal, the computer's plays up to the person's
        turn and the turn; or, for a resumed finished hand, the end of the hand."""
        events = _Events(show)
        if self.phase() == "play":
            if not self.record.plays:
                events.add(Dealt(self.hand_number, self.record, self.seat, self.match()))
            self._computer_plays(events)
        else:
            self._hand_over(events)
        return events.out

    def run(
        self,
        read: Callable[[], str | None],
        show: Show,
        warn: Callable[[str], None],
        numbered: bool = False,
    ) -> str:
        """Play until the match is over (``over``), the input ends (``end``) or the person
        quits (``quit``), which is returned.

        ``read()`` gives the next line (None: the input is over); every event goes to ``show``
        as it happens; a line that cannot be accepted is explained to ``warn`` (with its
        number when ``numbered``, for scripted input) and the game goes on.
        """
        self.start(show)

        def tell() -> None:
            while self.notices:
                warn(self.notices.pop(0))

        def accept(line: str) -> bool:
            events = self.enter(line, show)
            tell()
            return not any(isinstance(e, Quit) for e in events)

        def refused(message: str) -> None:
            self.rejected += 1
            warn(message)

        tell()

        return run_lines(read, accept, refused, lambda: self.phase() != "over", numbered)

    def enter(self, line: str, show: Show | None = None) -> list[Event]:
        """Apply one typed line; PlayError (nothing changed) if it cannot be accepted. The
        events are returned, and passed to ``show`` as they happen."""
        events = _Events(show)
        text = line.strip()
        if not text or text.startswith("#"):
            return events.out
        word = " ".join(text.lower().split())
        typed = typed_command(word)  # English or the run's language: hint, suggerimento
        phase = self.phase()
        if quits(word):
            self.save()
            events.add(Quit())
        elif asks_help(word):
            events.add(Said(help_text(self.style)))
        elif typed == "save":
            if self.save_path is None:
                raise PlayError(_("there is no file to save to"))
            self.save()
            events.add(Said(_("saved to {file}").format(file=self.save_path)))
        elif typed == "undo":
            self._undo(events)
        elif phase == "play":
            if typed == "hint":
                self._no_help(command("hint"))
                events.add(_stoppable(self.hint, command("hint")))
            elif typed == "explain":
                self._no_help(command("explain"))
                events.add(_stoppable(self.explain, command("explain")))
            elif typed == "board":
                events.add(self._board())
            elif _answer(word) is not None:  # "yes" typed as a hand is dealt (play audit)
                raise PlayError(
                    _("{word!r}: the hand is not over; type a card to play, or help").format(
                        word=Shown(text)
                    )
                )
            else:
                self._play(self._parse(text), events)
        elif phase == "next":
            if typed == "board":  # the counting at the end of the hand (play audit, stop 53)
                events.add(self._board())
            elif _answer(word) == "yes" or typed == "deal":
                self._next_hand(events)
            elif _answer(word) == "no":
                self.save()
                events.add(Quit())
            else:
                said = _("the hand is over: type yes for the next hand, or no to stop")
                close = difflib.get_close_matches(word, [*_YES, *_NO, *_answer_words()], 1, 0.6)
                if close:
                    said += "; " + _("did you mean {command}?").format(command=close[0])
                raise PlayError(said)
        else:
            raise PlayError(_("the match is over: type undo to take back your last play, or quit"))
        return events.out

    def _board(self) -> BoardShown:
        """The counting board from the person's seat (``board``), during the hand or at its
        end."""
        return BoardShown(count_view(self.state, self.seat, self.players, self.style,
                                     styles=self._board_styles))  # fmt: skip

    def _no_help(self, what: str) -> None:
        if self.game.hints == "off":
            raise PlayError(
                _("{command}: hints are off in this game (--hints off)").format(command=what)
            )

    def _parse(self, text: str) -> Move:
        """The person's play: read with the shared play parser, checked against their hand and
        the rules; never guessed."""
        state = self.state
        played, note = split_note(text)
        if note is not None:  # live keeps such a note; here each play's note is the verdict
            raise PlayError(
                _(
                    "{text!r}: tutor play takes no notes after #: the note on each of your plays "
                    "is the tutor's verdict; type the play alone ({play})"
                ).format(text=Shown(text.strip()), play=Shown(played.strip()))
            )
        try:
            move = state.read_move(text, self.style)
        except MoveError as exc:
            # a slip of a command: "hlep" (play audit, stop 47); play's own commands only
            meant = near_command(text, PLAY_COMMANDS)
            if meant is not None:
                raise PlayError(
                    f"{exc}; " + _("did you mean {command}?").format(command=command(meant))
                ) from None
            raise PlayError(str(exc) + deck_hint(text, self.style)) from None
        hand = state.hands[self.seat]
        if not hand >> move.card & 1:
            # where the card is, as the person knows it: never another hand's secret
            where = viewer_state(state, self.seat).place_of(move.card)
            words = {
                "card": format_card(move.card, self.style),
                "cards": format_cards(hand, self.style),
            }
            if where.kind == "unplaced":
                raise PlayError(_("you do not hold {card}; your cards: {cards}").format(**words))
            raise PlayError(
                _("you do not hold {card} ({why}); your cards: {cards}").format(
                    **words, why=where.text(self.players, you=self.seat)
                )
            )
        try:
            state.check(move, style=self.style)
        except MoveError as exc:
            raise PlayError(f"{text.strip()}: {exc}") from None
        return move

    def _push(self, move: Move, note: str | None = None) -> Played:
        """Play ``move`` for whoever is to move, record it and save."""
        state = self.state
        seat = state.turn
        number = state.ply + 1
        state.push(move)
        self._hinted = None
        self.record.plays.append(
            PlayEntry.of(
                CARDS[move.card],
                cards_of(move.capture) if move.capture else None,
                self.style,
                note,
            )
        )
        self.save()
        last = state.stack[-1]
        return Played(
            self.hand_number,
            number,
            self.players[seat],
            seat,
            move,
            last.scopa,
            seat == self.seat,
            last.leftover,
            self.players[last.leftover_seat] if last.leftover else None,
        )

    def _play(self, move: Move, events: _Events) -> None:
        """The person's play, the feedback on it, then the computer's replies."""
        before = self.state.copy(with_stack=True)
        number = before.ply + 1
        hinted = self._prior(number)
        events.add(self._push(move))
        start = time.perf_counter()
        try:
            decision = review_decision(before, number, move, self.players, self.style,
                                       self.feedback, reading_check=False,
                                       prior=hinted, split_cost=False)  # fmt: skip
        except TutorError:
            # the line is refused, so it must change nothing: take the play back
            self.state.pop()
            del self.record.plays[number - 1 :]
            self.save()
            raise
        seconds = time.perf_counter() - start
        self.decisions[number] = decision
        _annotate(self.record.plays[number - 1], decision, self.style)
        self.save()
        events.add(Feedback(decision, seconds))
        self._computer_plays(events)

    def _computer_plays(self, events: _Events) -> None:
        """The computer's plays until the person's turn, then the turn (or the hand's end)."""
        state = self.state
        while not state.is_over() and state.turn != self.seat:
            name = self.players[state.turn]
            rng = random.Random(move_seed(self.game.seed, self.hand_number - 1, 0, state.ply))
            start = time.perf_counter()
            move = self._players[name].choose(seat_view(state), rng)
            seconds = time.perf_counter() - start
            played = self._push(move)
            played.seconds = seconds
            events.add(played)
        if state.is_over():
            self._hand_over(events)
            return
        turn = self.turn()
        events.add(turn)
        if self.game.hints == "on":
            events.add(self.hint())

    def _hand_over(self, events: _Events) -> None:
        """The score, and the review of every play of the person in this hand (those judged as
        they were played, and any the session did not judge, e.g. before a crash)."""
        record = self.record
        moves = record.moves()
        state = record.initial_state()
        changed = False
        for n, move in enumerate(moves, 1):
            if state.turn == self.seat and n not in self.decisions:
                decision = review_decision(state, n, move, self.players, self.style,
                                           self.feedback, reading_check=False,
                                           split_cost=False)  # fmt: skip
                entry = record.plays[n - 1]
                if entry.note:  # judged before a resume: the verdict the person saw stands
                    decision = restored_decision(decision, entry.note, state, self.players,
                                                 self.style)  # fmt: skip
                else:
                    _annotate(entry, decision, self.style)
                    changed = True
                self.decisions[n] = decision
            state.push(move)
        if changed:
            self.save()
        decisions = [self.decisions[n] for n in sorted(self.decisions)]
        review = Review(record, self.hand_number, self.game.seed, [self.seat], decisions,
                        self.feedback)  # fmt: skip
        events.add(HandOver(self.hand_number, record, review, self.match()))

    def _next_hand(self, events: _Events) -> None:
        """Deal the next hand: the deal passes to the right, so the previous leader deals."""
        players = next_seating(self.record.players)
        self.hands.append(self._deal(self.rules, self.ruleset_name, self.style, self.game,
                                     players, len(self.hands)))  # fmt: skip
        as_match(self.hands)
        self.state = self.record.state_at(0)
        self.decisions = {}
        self._read_styles()
        self.save()
        events.add(Dealt(self.hand_number, self.record, self.seat, self.match()))
        self._computer_plays(events)

    def _undo(self, events: _Events) -> None:
        """Take back the person's last play in this hand and the computer's replies."""
        state = self.state
        plays = self.record.plays
        movers = [r.seat for r in state.stack]
        mine = [k for k, s in enumerate(movers) if s == self.seat]
        if not mine:
            if len(self.hands) > 1 and not plays:
                raise PlayError(_("the hand has just been dealt: nothing to undo in it"))
            raise PlayError(_("nothing to undo: you have not played in this hand yet"))
        k = mine[-1]
        replies = len(movers) - k - 1
        taken = plays[k].text
        while state.ply > k:
            state.pop()
        del plays[k:]
        self._hinted = None
        self.decisions = {n: d for n, d in self.decisions.items() if n <= k}
        self.save()
        if replies:
            what = ngettext(
                "undone: play {n} (your {play}) and {replies} reply",
                "undone: play {n} (your {play}) and {replies} replies",
                replies,
            ).format(n=k + 1, play=taken, replies=replies)
        else:
            what = _("undone: play {n} (your {play})").format(n=k + 1, play=taken)
        events.add(Said(what))
        events.add(self.turn())

    # -- help on the person's turn ---------------------------------------------------------

    def hint(self) -> Hint:
        """The best play from the person's seat: its value, the next best plays, the
        observations on it and the chitarrella rules that weighed on it."""
        view = viewer_state(self.state, self.seat)
        settings = replace(
            self.hint_settings, seed=decision_seed(self.hint_settings.seed, view.ply + 1)
        )
        valued = value_moves(view, settings, self._prior(view.ply + 1))
        exact, values, hands, sampled = valued.exact, valued.values, valued.hands, valued.sampled
        if sampled is not None:
            self._hinted = (view.ply + 1, sampled)
        check = None if exact else check_values(view, values, hands, settings)
        ranked = [v for v in values if v.n] or list(values)
        best = ranked[0]
        obs = observe(view, best.move, names=self.players, style=self.style, styles=settings.styles)
        chitarrella = ChitarrellaPlayer()
        weights = dict(chitarrella.explain(view)).get(best.move, {})
        maxims = {r.name: _(r.maxim) for r in chitarrella.rules}
        rules = sorted(
            (RuleWeight(name, maxims[name], score) for name, score in weights.items() if score),
            key=lambda r: -abs(r.score),
        )
        rule_choice = chitarrella.scores(view)[0][1]
        reading = None if check is None else check.text(self.players, self.style)
        gap = None
        if sampled is not None and len(ranked) > 1 and ranked[1].n:
            gap = sampled.diff(best.move, ranked[1].move)
        return Hint(best.move, best, exact, valued.samples, ranked[1:4], obs, rules, rule_choice,
                    view.rules, reading, gap)  # fmt: skip

    def _prior(self, number: int) -> Sampled | None:
        """The sampling of the last ``hint`` or ``explain`` of play ``number``, for the next
        look to go on from (a second ``hint``, or ``explain`` after ``hint``, values the plays
        on the same deals and more, so that they agree)."""
        return self._hinted[1] if self._hinted and self._hinted[0] == number else None

    def explain(self) -> Explained:
        """Every legal play of the person in words, with its value (``tutor explain --at``)."""
        at = len(self.record.plays)
        explained = explain_position(
            self.record, at, settings=self.hint_settings, prior=self._prior(at + 1)
        )
        if explained.sampled is not None:  # the feedback on the next play goes on from it
            self._hinted = (at + 1, explained.sampled)
        return Explained(explained)


def _stoppable(work: Callable[[], Event], command: str) -> Event:
    """The event ``work`` gives, or, when Ctrl-C stops it, a word that it stopped: a help
    asked for and taking too long is given up, not the game (which nothing here changed).
    A second Ctrl-C while the help winds down stops the game, as two at the prompt do."""
    with ctrl_c_counted() as count:
        try:
            return work()
        except KeyboardInterrupt as exc:
            # a kill or a closed terminal ends the game: no "hint stopped", then a prompt
            # nobody can answer (audit, stop 48)
            if isinstance(exc, Ended) or ended():
                raise Ended from None
            if count[0] > 1:
                raise
    return Said(
        _("{command} stopped (Ctrl-C); the game goes on").format(command=command), after_ctrl_c=True
    )


class _Events:
    """The events of one call, passed on as they happen."""

    def __init__(self, show: Show | None) -> None:
        self.show = show
        self.out: list[Event] = []

    def add(self, event: Event) -> None:
        self.out.append(event)
        if self.show is not None:
            self.show(event)


PLAY_COMMANDS = ("hint", "explain", "board", "undo", "save", "help", "quit")
"""The commands a line of ``tutor play`` can be (``live`` has others: ``fix``, ``deal``)."""
