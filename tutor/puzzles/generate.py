"""Mining new puzzles from self-play between the computer players.

:func:`generate` deals hands from a seed, lets the rule-based players play them, and stops at
positions worth a question:

- **best move** (the default): the best move is unique and better than every other by at least
  one point, found by the exact solver (every hand shown, or every card deducible by counting
  from the seat), or, from the seat with hidden cards, by the analyser with
  :data:`SAMPLED_MARGIN` and its interval clear of it;
- **counting**: who must hold a card when only counting shows it (two or more players still
  hold unseen cards), or which values are unmatched after several captures by sum;
- **capture rule**: every legal capture of a card when the ruleset's precedence forbids a sum;
- **score**: the points of a short ending under best play, when the play still matters.

Every kept puzzle is run through :func:`tutor.puzzles.check.check_puzzle` before it is written, so
a generated file is a verified one. Its themes come from the observations of the best move and
of the most tempting wrong one (:mod:`tutor.puzzles.themes`), and from what the lines decide.
Files are named after a hash of the position (``RULESET-QUESTION-HASH.yaml``): a position
already in the folder under the same ruleset is never written again, under any question (the
same position under another ruleset is another puzzle).

The same seed gives the same puzzles with any number of workers: hands are dealt from the seed
and mined in order, and a worker only mines its hand.
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.counting.inference import count_view
from tutor.counting.knowledge import known_world
from tutor.counting.tracker import STOCK
from tutor.game.cards import CARDS, Style, format_card, get_style, indexes_of
from tutor.game.errors import TutorError
from tutor.game.i18n import N_, _, all_of, in_every_language, is_you, number
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move
from tutor.game.textfile import os_reason
from tutor.puzzles.check import check_puzzle, paired_margin, solve_puzzle
from tutor.puzzles.format import THEMES, loads_puzzles
from tutor.puzzles.themes import (
    line_partings,
    observations,
    parting_sentences,
    settled_themes,
    themes_of_codes,
)
from tutor.records.puzzle_key import QUESTIONS, PuzzleSpec
from tutor.records.record import HandRecord, record_from_moves, shown_name
from tutor.records.recordfile import dumps, save_atomically
from tutor.review.judge import points_whose
from tutor.search.analysis import analyse, exact_analysis, run_parallel
from tutor.search.players import GreedyPlayer, seat_view
from tutor.search.roster import make_player

__all__ = [
    "SAMPLED_MARGIN",
    "GenerateError",
    "Generated",
    "GenerateReport",
    "generate",
    "mine_hand",
    "position_hash",
]

SAMPLED_MARGIN = 0.5
"""Points a sampled best move must win by (with its 95% interval clear of it)."""
EXACT_GAP = 1
"""Points an exact best move must win by."""
EXACT_PLAYS = 16
"""Open (every hand shown) best-move positions are mined with at most this many plays left:
four cards each in scopone, where the exact solver takes about a tenth of a second."""
SAMPLED_PLAYS = 12
"""Hidden positions with at most this many plays left: each sampled deal is solved exactly."""
GENERATE_SAMPLES = 200
"""Deals sampled to screen a hidden position (the check then confirms with its own)."""
OBVIOUS_KEEP = 0.25
"""Share of positions kept when the greedy player's move is already the best one."""

_KINDS = ("best-move", "holds", "unmatched", "legal-captures", "score")
_WEIGHTS = (0.6, 0.14, 0.08, 0.06, 0.12)
"""How often each question is tried: mostly moves, a counting question about one time in four."""
TRIES_PER_HAND = 8
"""Positions of a hand tried for the drawn question before the next hand is dealt."""


class GenerateError(TutorError):
    """Bad options for the generator (an unknown theme, a ruleset it cannot mine)."""


@dataclass
class Generated:
    """One mined puzzle, checked, with the file it goes to."""

    record: HandRecord
    name: str
    kind: str
    themes: tuple[str, ...]
    method: str
    hand: int
    play: int

    def text(self) -> str:
        return dumps([self.record])


@dataclass
class GenerateReport:
    """What a run wrote and how much it looked at."""

    ruleset: str
    seed: int
    written: list[Path] = field(default_factory=list)
    puzzles: list[Generated] = field(default_factory=list)
    hands: int = 0
    duplicates: int = 0
    elapsed: float = 0.0
    interrupted: bool = False
    """Stopped by Ctrl-C: ``written`` holds the puzzles saved before it, each one whole."""

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "hands": self.hands,
            "duplicates": self.duplicates,
            "seconds": round(self.elapsed, 2),
            "interrupted": self.interrupted,
            "puzzles": [
                {"file": str(path), "question": g.kind, "themes": list(g.themes),
                 "method": g.method, "hand": g.hand, "play": g.play}
                for path, g in zip(self.written, self.puzzles, strict=True)
            ],
        }  # fmt: skip


def position_hash(state: GameState) -> str:
    """A short hash of a full-information position (cards in every place, turn, scores)."""
    key = (state.key(), tuple(tuple(d) for d in state.deals[state.deal_index :]))
    return hashlib.sha256(repr(key).encode()).hexdigest()[:12]


def _file_stem(ruleset: str) -> str:
    """How a puzzle's file name starts: the ruleset's name, or its file's name without the
    folder and the ``.yaml`` (a file name may not hold a path).

    >>> _file_stem("scopa"), _file_stem("house/rules.yaml")
    ('scopa', 'rules')
    """
    return Path(ruleset).stem if Path(ruleset).suffix in (".yaml", ".yml") else ruleset


def _positions_in(folder: Path, ruleset: str) -> set[str]:
    """The position hashes of the puzzles mined for ``ruleset`` already in ``folder``, read from
    their names (``RULESET-QUESTION-HASH.yaml``)."""
    questions = "|".join(map(re.escape, QUESTIONS))
    named = re.compile(rf"{re.escape(ruleset)}-(?:{questions})-([0-9a-f]{{12}})")
    return {m[1] for p in folder.glob("*.yaml") if (m := named.fullmatch(p.stem))}


def _names(rules: Ruleset, seat: int) -> list[str]:
    if rules.players == 4:
        return ["South", "West", "North", "East"]
    if rules.players == 2:
        return ["You", "Ada"] if seat == 0 else ["Ada", "You"]
    return [f"P{i + 1}" for i in range(rules.players)]


def _style(rules: Ruleset) -> Style:
    """The notation mined records are written in: French for scopa (as seed 003), else Italian."""
    return get_style("french" if rules.players == 2 else "italian")


_STAKES = {
    "settebello": N_("settebello"),
    "sweep": N_("scopa"),
    "primiera": N_("primiera"),
    "denari": N_("denari"),
    "sevens": N_("sevens"),
    "last-capture": N_("last capture"),
}
"""What a best-move puzzle's themes put at stake, as its title names them, most telling first."""


def _best_move_title(mover: str, themes: Sequence[str]) -> str:
    """A best-move puzzle's title: who plays, and what is at stake (two themes at most), so
    that the collection's titles tell the puzzles apart (first-hour audit, stop 55: seven
    puzzles titled "Your turn")."""
    stakes = all_of([_(_STAKES[t]) for t in _STAKES if t in themes][:2])
    if stakes and is_you(mover):
        return _("Your turn: {stakes}").format(stakes=stakes)
    if stakes:
        return _("{name} to play: {stakes}").format(name=mover, stakes=stakes)
    if "endgame" in themes:
        if is_you(mover):
            return _("Your turn: endgame")
        return _("{name} to play: endgame").format(name=mover)
    return _("Your turn") if is_you(mover) else _("{name} to play").format(name=mover)


def _seating(state: GameState) -> tuple[int, Style, list[str]]:
    """The seat to move, the notation and the players' names of a mined position."""
    return state.turn, _style(state.rules), _names(state.rules, state.turn)


def _record(
    name: str,
    rules: Ruleset,
    table: int,
    deals: list[list[int]],
    moves: list[Move],
    seat: int,
    open_: bool,
    dealt: int,
    hand: int,
    seed: int,
) -> HandRecord:
    """The record of the hand up to now: every hand when open, else the seat's own cards."""
    known = [
        [m if open_ or (s == seat and d < dealt) else 0 for s, m in enumerate(deal)]
        for d, deal in enumerate(deals)
    ]
    style = _style(rules)
    names = _names(rules, seat)
    rec = record_from_moves(
        rules, table, known, moves, ruleset_name=name, players=names, style=style, explicit=False
    )
    if rules.players == 4:
        rec.teams = {"North-South": ["South", "North"], "East-West": ["West", "East"]}
    # in every language, as the puzzle's other texts (an Italian replay shows the Italian)
    rec.info |= in_every_language(
        "event",
        lambda: _("generated by tutor puzzle generate: seed {seed}, hand {hand}").format(
            seed=seed, hand=hand
        ),
    )
    return rec


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end.

    >>> _sentence("play 3, You: KS x 4D flips 4")
    'Play 3, You: KS x 4D flips 4.'
    """
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _signed(x: float) -> str:
    return number(x, "+g") if x == int(x) else number(x, "+.2f")


Words = Callable[[], tuple[str, str]]
"""Words a puzzle's title and explanation in the language of the run."""


def _in_every_language(words: Words) -> dict[str, Any]:
    """A mined puzzle's ``title`` and ``explanation`` in English (the keys every puzzle has),
    and in each other language of the tutor as ``title_LANG`` and ``explanation_LANG``
    (``docs/puzzles.md``): the keyword arguments of its :class:`PuzzleSpec`."""
    texts = in_every_language("title", lambda: words()[0])
    texts |= in_every_language("explanation", lambda: words()[1])
    return {
        "title": texts.pop("title"),
        "explanation": texts.pop("explanation"),
        "translations": tuple(texts.items()),
    }


def reading_explanation(card: str, holder: str) -> str:
    """A holds puzzle's own words when readings of behaviour settle it: no odds, which depend
    on the model of play and would go stale in the file (the tutor's odds are shown after)."""
    return _(
        "Counting alone does not settle who holds {card}: the readings of the players' plays "
        "do the rest, and point to {holder}. A reading is likely, never certain: how likely "
        "depends on how carefully each player has played, and the tutor's odds follow."
    ).format(card=card, holder=holder)


def _difficulty(
    kind: str, greedy_finds: bool, plays: int, extra: int = 0, scopa_lying: bool = False
) -> int:
    """1 (easy) to 5: by the question, whether the greedy player finds the answer, how many
    plays are left and ``extra``; a scopa lying there that greedy takes is 1 whatever else."""
    if greedy_finds and scopa_lying:
        return 1
    base = {"best-move": 2, "holds": 3, "unmatched": 2, "legal-captures": 1, "score": 3}[kind]
    base += 0 if greedy_finds else 1
    base += 1 if plays > 12 else 0
    return max(1, min(5, base + extra))


class _Miner:
    """Mines one hand: self-play, then a few chosen positions tried for a question."""

    def __init__(self, name: str, rules: Ruleset, seed: int, hand: int, theme: str | None) -> None:
        self.name = name
        self.rules = rules
        self.seed = seed
        self.hand = hand
        self.theme = theme
        self.rng = random.Random(f"puzzles:{seed}:{hand}")

    def play(self) -> tuple[GameState, list[Move], int, list[list[int]]]:
        state = GameState.random(self.rules, self.rng)
        table = state.table
        deals = [[m for m, _ in d] for d in state.deals]
        player = make_player("chitarrella")
        moves: list[Move] = []
        while not state.is_over():
            m = player.choose(seat_view(state), self.rng)
            moves.append(m)
            state.push(m)
        return state, moves, table, deals

    def mine(self) -> list[Generated]:
        """At most one puzzle: a question kind drawn by :data:`_WEIGHTS`, tried at a few plies."""
        _final, moves, table, deals = self.play()
        weights = list(_WEIGHTS)
        if self.theme in ("rule-of-48", "reading"):
            weights = [0.1, 0.5, 0.4 if self.theme == "rule-of-48" else 0.0, 0.0, 0.0]
        elif self.theme == "capture-rule":
            weights = [0.2, 0.0, 0.0, 0.8, 0.0]
        kind = self.rng.choices(_KINDS, weights)[0]
        plies = self._plies(kind, len(moves))
        self.rng.shuffle(plies)
        for ply in plies[:TRIES_PER_HAND]:
            state = self._at(table, deals, moves, ply)
            got = self._try(kind, state, table, deals, moves[:ply])
            if got is not None and (self.theme is None or self.theme in got.themes):
                return [got]
        return []

    def _plies(self, kind: str, total: int) -> list[int]:
        rules = self.rules
        per_round = rules.players
        if kind == "best-move":
            low = rules.plays_per_hand - EXACT_PLAYS
        elif kind == "score":
            low = rules.plays_per_hand - 2 * per_round
        elif kind in ("holds", "unmatched"):
            low = rules.plays_per_hand // 2
        else:
            low = 1
        return list(range(max(1, low), total))

    def _at(self, table: int, deals: list[list[int]], moves: list[Move], ply: int) -> GameState:
        state = GameState(self.rules, table, [[(m, 0) for m in d] for d in deals])
        for m in moves[:ply]:
            state.push(m)
        return state

    def _try(
        self,
        kind: str,
        state: GameState,
        table: int,
        deals: list[list[int]],
        moves: list[Move],
    ) -> Generated | None:
        if kind == "best-move":
            return self._best_move(state, table, deals, moves)
        if kind == "holds":
            return self._holds(state, table, deals, moves)
        if kind == "unmatched":
            return self._unmatched(state, table, deals, moves)
        if kind == "legal-captures":
            return self._legal_captures(state, table, deals, moves)
        return self._score(state, table, deals, moves)

    # -- building and checking a candidate -------------------------------------------------------

    def _finish(
        self,
        state: GameState,
        table: int,
        deals: list[list[int]],
        moves: list[Move],
        seat: int,
        open_: bool,
        spec: PuzzleSpec,
    ) -> Generated | None:
        rec = _record(
            self.name, self.rules, table, deals, moves, seat, open_, state.deal_index,
            self.hand, self.seed,
        )  # fmt: skip
        rec.puzzle = spec
        try:
            [p] = loads_puzzles(dumps([rec]), "<generated>")
            check = check_puzzle(p)
        except TutorError:
            return None
        if not check.ok or check.solved is None:
            return None
        h = position_hash(state)
        name = f"{_file_stem(self.name)}-{spec.question}-{h}"
        return Generated(
            p.record, name, spec.question, spec.themes, check.solved.method, self.hand, len(moves)
        )

    def _best_move(
        self, state: GameState, table: int, deals: list[list[int]], moves: list[Move]
    ) -> Generated | None:
        legal = state.legal_moves()
        if len(legal) < 2 or state.plays_left() > EXACT_PLAYS or state.rules.sides != 2:
            return None
        seat = state.turn
        open_ = state.plays_left() > SAMPLED_PLAYS or self.rng.random() < 0.4
        view = seat_view(state)
        margin: float | None = None
        if open_ or known_world(view) is not None:
            a = exact_analysis(state, time_limit=10.0)
            if not a.exact:
                return None
            best, second = a.moves[0], a.moves[1]
            if best.value - second.value < EXACT_GAP:
                return None
            method = "exact"
        else:
            a = analyse(view, samples=GENERATE_SAMPLES, seed=0)
            best = a.moves[0]
            second = a.moves[1]
            margin = SAMPLED_MARGIN
            for m in a.moves[1:]:
                if paired_margin(a, best.move, m.move)[1] < margin:
                    return None
            method = "sampling"
        greedy = GreedyPlayer().choose(view, random.Random(0))
        greedy_finds = greedy == best.move
        if greedy_finds and self.rng.random() > OBVIOUS_KEEP:
            return None
        tempting = greedy if not greedy_finds else second.move
        _seat, style, names = _seating(state)
        obs_best = observations(view, best.move, names, style)
        obs_alt = observations(view, tempting, names, style)
        themes = themes_of_codes(o.code for o in obs_best + obs_alt)
        parted: dict[str, tuple[Any, Any]] = {}
        if method == "exact" and a.pv:
            alt_state = state.copy()
            alt_state.push(tempting)
            alt_line = [tempting, *exact_analysis(alt_state, time_limit=10.0).pv]
            parted = line_partings(state, a.pv, alt_line)
            themes = settled_themes(themes, list(parted))
        if state.plays_left() <= 3 * state.rules.players and "endgame" not in themes:
            themes.append("endgame")
        if not themes:
            return None
        alt_value = next(m.value for m in a.moves if m.move == tempting)

        def words() -> tuple[str, str]:
            shown = [shown_name(n) for n in names]  # Nord in the Italian text
            if method == "exact":
                how = _("exact values, points of the hand, {whose}").format(
                    whose=points_whose(None, state.rules)  # the solver sits in the seat
                )
                parts = [
                    _("{best} is worth {value} ({how}); {other} only {other_value}.").format(
                        best=best.move.text(style),
                        value=_signed(best.value),
                        how=how,
                        other=tempting.text(style),
                        other_value=_signed(alt_value),
                    )
                ]
            else:  # no sampled figures in the file: the tutor's values, sampled again when the
                # puzzle is tried, would stand beside them and differ
                parts = [
                    _(
                        "{best} is worth more than {other}, on average over deals sampled from "
                        "the seat ({whose})."
                    ).format(
                        best=best.move.text(style),
                        other=tempting.text(style),
                        whose=points_whose(None, state.rules),
                    )
                ]
            seen_best = observations(view, best.move, shown, style)
            seen_alt = observations(view, tempting, shown, style)
            if open_ and (seen_best or seen_alt):
                seen_from = (
                    _(
                        "What you can see from your seat alone (the odds are the inference's, "
                        "not the hands shown):"
                    )
                    if is_you(names[seat])  # "Quello che Tu vede": Italian audit, stop 48
                    else _(
                        "What {name} can see from the seat alone (the odds are the inference's, "
                        "not the hands shown):"
                    )
                )
                parts.append(seen_from.format(name=shown[seat]))
            noted = False
            for o in seen_best:
                parts.append(_sentence(o.text))
                if o.against and not noted:  # said once, however many maxims count
                    noted = True
                    parts.append(
                        _(
                            "The maxim counts that against the move; here the analysis finds "
                            "it the best all the same."
                        )
                    )
            # a maxim the best move is praised for already names what the other move breaks
            # of it: its safe table the sweep the other leaves, its scopa the one the other
            # misses (practice audit, stop 49: said twice)
            praised = {o.maxim for o in seen_best if not o.against}
            parts.extend(
                _sentence(o.text) for o in seen_alt if not (o.against and o.maxim in praised)
            )
            # what the two lines decide differently: the reason behind the values, which a
            # theme names (training audit, stop 53: a puzzle tagged sweep never said whose)
            parts.extend(
                parting_sentences(
                    parted, best.move.text(style), tempting.text(style), shown, state.rules
                )  # fmt: skip
            )
            winning = any(o.code == "counted-endgame" for o in (*seen_best, *seen_alt))
            if method == "exact" and len(a.pv) > 1 and not winning:  # never the line twice
                steps = [
                    f"{shown[(seat + k) % state.rules.players]} {m.text(style)}"
                    for k, m in enumerate(a.pv)
                ]
                parts.append(_("Best line: {line}.").format(line=", ".join(steps)))
            return _best_move_title(shown[seat], themes), " ".join(parts)

        spec = PuzzleSpec(
            question="best-move",
            themes=tuple(themes),
            difficulty=_difficulty(
                "best-move",
                greedy_finds,
                state.plays_left(),
                1 if method == "sampling" else 0,
                scopa_lying=state.scores_scopa(best.move),
            ),
            margin=margin,
            texts=(best.move.text(style),),
            **_in_every_language(words),
        )
        return self._finish(state, table, deals, moves, seat, open_, spec)

    def _holds(
        self, state: GameState, table: int, deals: list[list[int]], moves: list[Move]
    ) -> Generated | None:
        if state.is_over():
            return None
        seat, style, names = _seating(state)
        inf = count_view(state, seat, names, style).inference
        if sum(1 for h in inf.capacity if h >= 0) < 2:
            return None  # a single holder: nothing to work out
        for d in sorted(inf.deductions, key=lambda d: d.basis != "fact"):
            if d.status != "must" or d.holder in (STOCK, seat) or d.holder < 0:
                continue
            if not state.hands[d.holder] >> d.card & 1:
                continue  # a reading misled by the players: not a puzzle
            themes = ["rule-of-48"] + (["reading"] if d.basis == "inference" else [])
            if state.plays_left() <= 3 * state.rules.players:
                themes.append("endgame")

            def words(found: Any) -> tuple[str, str]:
                shown = [shown_name(n) for n in names]
                title = _("Who holds {card}?").format(card=format_card(found.card, style))
                if found.basis != "fact":
                    return title, reading_explanation(format_card(found.card, style),
                                                      shown[found.holder])  # fmt: skip
                again = count_view(state, seat, shown, style).inference.deductions
                text = next(
                    (x.text for x in again if (x.card, x.holder) == (found.card, found.holder)),
                    found.text,
                )
                return title, text

            spec = PuzzleSpec(
                question="holds",
                themes=tuple(themes),
                difficulty=_difficulty("holds", False, 0, 1 if d.basis == "fact" else 0),
                card=CARDS[d.card],
                holder=names[d.holder],
                **_in_every_language(functools.partial(words, d)),
            )
            return self._finish(state, table, deals, moves, seat, False, spec)
        return None

    def _unmatched(
        self, state: GameState, table: int, deals: list[list[int]], moves: list[Move]
    ) -> Generated | None:
        if state.is_over():
            return None
        seat, style, names = _seating(state)
        board = count_view(state, seat, names, style).board
        if len(board.sparigli) < 2 or not board.unmatched:
            return None
        if set(board.unmatched) == set(board.sparigli[-1].flipped):
            return None  # the last capture alone tells: too easy

        def words() -> tuple[str, str]:
            explanation = (
                _(
                    "Each capture by sum flips the parity of the values it involves; a capture "
                    "of a twin flips nothing."
                )
                + " "
                + " ".join(
                    _sentence(sp.text(style, [shown_name(n) for n in names]))
                    for sp in board.sparigli
                )
            )
            return _("Which values are unmatched?"), explanation

        spec = PuzzleSpec(
            question="unmatched",
            themes=("rule-of-48", "spariglio"),
            difficulty=min(5, 1 + len(board.sparigli)),
            values=board.unmatched,
            **_in_every_language(words),
        )
        return self._finish(state, table, deals, moves, seat, False, spec)

    def _legal_captures(
        self, state: GameState, table: int, deals: list[list[int]], moves: list[Move]
    ) -> Generated | None:
        if state.is_over() or state.table.bit_count() < 3:
            return None
        seat, style, _rest = _seating(state)
        for card in indexes_of(state.hands[seat]):
            opts = state.explain(card, style)
            caps = [o for o in opts if o.capture]
            forbidden = [o for o in caps if not o.legal]
            legal = [o for o in caps if o.legal]
            if len(caps) < 2 or not forbidden or not legal:
                continue

            def words(played: int) -> tuple[str, str]:
                options = [o for o in state.explain(played, style) if o.capture]
                verdicts = "; ".join(
                    (
                        _("{move} is legal: {why}")
                        if o.legal
                        else _("{move} is not allowed: {why}")
                    ).format(move=Move(played, o.capture).text(style), why=o.reason)
                    for o in options
                )
                # each verdict says its rule: no ruleset key (single-card) in the prose
                explanation = _("Capture rule of {ruleset}: {verdicts}.").format(
                    ruleset=state.rules.name, verdicts=verdicts
                )
                title = _("Every legal capture of {card}").format(card=format_card(played, style))
                return title, explanation

            spec = PuzzleSpec(
                question="legal-captures",
                themes=("capture-rule",),
                difficulty=2 if len(caps) > 2 else 1,
                card=CARDS[card],
                texts=tuple(Move(card, o.capture).text(style) for o in legal),
                **_in_every_language(functools.partial(words, card)),
            )
            return self._finish(state, table, deals, moves, seat, True, spec)
        return None

    def _score(
        self, state: GameState, table: int, deals: list[list[int]], moves: list[Move]
    ) -> Generated | None:
        if state.is_over() or state.plays_left() > 2 * state.rules.players:
            return None
        a = exact_analysis(state, time_limit=5.0)
        if len({m.value for m in a.moves}) < 2:
            return None  # the play does not matter
        seat = state.turn
        names = _names(state.rules, seat)
        rec = _record(self.name, self.rules, table, deals, moves, seat, True, state.deal_index,
                      self.hand, self.seed)  # fmt: skip
        rec.puzzle = PuzzleSpec("-", "score", ("endgame",), 3, "-", points=(0,) * state.rules.sides)
        try:
            [p] = loads_puzzles(dumps([rec]), "<generated>")
            solved = solve_puzzle(p)
        except TutorError:
            return None
        if len(solved.outcomes) != 1:
            return None
        sides = p.side_names()
        pts = solved.outcomes[0]

        def words() -> tuple[str, str]:
            line = ", ".join(
                f"{shown_name(names[(seat + k) % state.rules.players])} {m.text(p.style)}"
                for k, m in enumerate(solved.line)
            )
            points = ", ".join(f"{shown_name(s)} {x}" for s, x in zip(sides, pts, strict=True))
            explanation = _(
                "With every hand known, the exact solver follows every line of best play; they "
                "all end {points}. Best line: {line}."
            ).format(points=points, line=line)
            return _("How does the hand end?"), explanation

        spec = PuzzleSpec(
            question="score",
            themes=("endgame", "last-capture") if state.table else ("endgame",),
            difficulty=3,
            points=pts,
            **_in_every_language(words),
        )
        return self._finish(state, table, deals, moves, seat, True, spec)


def mine_hand(ruleset: str, seed: int, hand: int, theme: str | None = None) -> list[Generated]:
    """The puzzles mined from one self-play hand (at most one, checked)."""
    rules = load_ruleset(ruleset)
    return _Miner(ruleset, rules, seed, hand, theme).mine()


def _mine_here(jobs: list[tuple[str, int, int, str | None]]) -> tuple[list[Any], str | None]:
    """The hands of ``jobs`` mined in this process, in order, until Ctrl-C. The analyses
    inside a hand keep what they found when interrupted (so that a review can show it), which
    would let a hand run to its end: Ctrl-C is noticed here, and the hand it cut short is
    dropped, since its analyses were not finished."""
    results: list[Any] = []
    with _noticing_interrupts() as seen:
        for job in jobs:
            try:
                found = mine_hand(*job)
            except KeyboardInterrupt:
                seen[0] = True
            if seen[0]:
                return results, "interrupt"
            results.append(found)
    return results, None


@contextmanager
def _noticing_interrupts() -> Iterator[list[bool]]:
    """A flag set by Ctrl-C (which still raises KeyboardInterrupt where it lands)."""
    seen = [False]
    if threading.current_thread() is not threading.main_thread():
        yield seen
        return

    def interrupted(signum: int, frame: object) -> None:
        seen[0] = True
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        yield seen
    finally:
        signal.signal(signal.SIGINT, previous)


def generate(
    ruleset: str,
    count: int,
    seed: int,
    out: str | Path,
    theme: str | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_hands: int | None = None,
) -> GenerateReport:
    """Mine ``count`` new puzzles from self-play and write them into ``out`` (see module doc).

    Ctrl-C stops the mining; the report then says so and lists the puzzles already written."""
    start = time.perf_counter()
    if theme is not None and theme not in THEMES:
        raise GenerateError(
            _("unknown theme {name!r} (themes: {names})").format(
                name=theme, names=", ".join(THEMES)
            )
        )
    rules = load_ruleset(ruleset)
    if rules.sides != 2:
        raise GenerateError(
            _("ruleset {name!r} has {n} sides: puzzles need two sides").format(
                name=rules.name, n=rules.sides
            )
        )
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise GenerateError(
            _("{folder} is a file: puzzles are written into a folder").format(folder=folder)
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GenerateError(
            _("cannot make the folder {folder}: {reason}").format(
                folder=folder, reason=os_reason(exc)
            )
        ) from None
    report = GenerateReport(ruleset, seed)
    seen = _positions_in(folder, _file_stem(ruleset))
    workers = workers or os.cpu_count() or 1
    limit = max_hands if max_hands is not None else 200 * max(1, count)
    hand = 0
    if progress:  # the bar from the start: the first puzzle may take seconds (stop 48)
        progress(0, count)
    try:
        while len(report.written) < count and hand < limit:
            batch = list(range(hand + 1, min(limit, hand + 2 * workers) + 1))
            hand += len(batch)
            jobs = [(ruleset, seed, h, theme) for h in batch]
            results, stop = (
                run_parallel(mine_hand, jobs, workers) if workers > 1 else _mine_here(jobs)
            )
            report.hands += len(results)
            for found in results:
                for g in found:
                    if len(report.written) >= count:
                        break
                    key = g.name.rsplit("-", 1)[-1]
                    if key in seen:
                        report.duplicates += 1
                        continue
                    seen.add(key)
                    path = folder / f"{g.name}.yaml"
                    save_atomically(path, g.text())
                    report.written.append(path)
                    report.puzzles.append(g)
                    if progress:
                        progress(len(report.written), count)
            if stop == "interrupt":
                report.interrupted = True
                break
    except KeyboardInterrupt:  # between batches: the puzzles written so far stand
        report.interrupted = True
    report.elapsed = time.perf_counter() - start
    return report
