"""Puzzles: a hand record cut at the moment of decision, with a question and its solution.

A :class:`Puzzle` is one document of a record file that carries the ``puzzle:`` key
(:mod:`tutor.records.puzzle_key` reads and checks the mapping). It knows the position, the seat it
is set from, what that seat may see, the question in words and the solution in the record's
notation. ``docs/puzzles.md`` describes the format.

>>> [p] = loads_puzzles('''
... ruleset: scopa
... deck: french
... players: [You, Ada]
... table: [2C, 4H, 5S, QD]
... deals: [{You: [7D, 7H, AS], Ada: [3H, KC, JD]}]
... plays: [7D x 2C 5S]
... puzzle:
...   title: Which values are unmatched?
...   question: unmatched
...   themes: [rule-of-48]
...   difficulty: 1
...   solution: [2, 5, 7]
...   explanation: The 7 took 2 + 5, a capture by sum.
... ''', "first.yaml")
>>> p.name, p.kind, p.seat_name, p.open
('first', 'unmatched', 'Ada', False)
>>> p.question_text()
'After play 1, from your seat (Ada): which values are unmatched (an odd number of cards captured)?'
>>> p.solution_text()
'2, 5, 7'
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from tutor.counting.tracker import values_text, viewer_state
from tutor.game.cards import Style, format_card
from tutor.game.errors import TutorError
from tutor.game.i18n import _, is_you, ngettext
from tutor.game.rules import RulesetError, loads_ruleset
from tutor.game.state import GameState
from tutor.game.textfile import FileReadError, read_text
from tutor.records.puzzle_key import QUESTIONS, THEMES, PuzzleSpec
from tutor.records.record import HandRecord, RecordError, shown_name
from tutor.records.recordfile import dumps, load_path, loads, reads_as_ruleset

__all__ = [
    "QUESTIONS",
    "THEMES",
    "COUNTING_QUESTIONS",
    "PuzzleError",
    "RulesetFileError",
    "NoSuchPuzzle",
    "NoSuchHand",
    "Puzzle",
    "puzzle_files",
    "load_puzzles",
    "iter_puzzle_files",
    "loads_puzzles",
    "collection_dir",
    "load_collection",
    "listed_puzzles",
    "puzzle_path",
    "find_puzzle",
]

COUNTING_QUESTIONS = ("unmatched", "holds")
"""Questions answered by counting (the tracker and inference) rather than by a move."""


class PuzzleError(TutorError):
    """A file that is no puzzle, or a puzzle the tutor cannot set."""


class RulesetFileError(PuzzleError):
    """A ruleset file where a puzzle was looked for: a folder of puzzles may hold the rulesets
    its puzzles name in their ``ruleset:`` key, and is read without it."""


class NoSuchPuzzle(PuzzleError):
    """No file at ``path``, and no shipped puzzle of that name: ``close`` holds the shipped
    puzzles' names it may mean."""

    def __init__(self, path: Path, close: Sequence[str] = ()) -> None:
        problem = _("no such file, and no shipped puzzle of that name")
        if close:
            problem += " (" + _("did you mean {names}?").format(names=", ".join(close)) + ")"
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.close = tuple(close)


class NoSuchHand(PuzzleError):
    """A puzzle asked for by its place in a file (``hand``, 1 = the first) that holds only
    ``count``: ``problem`` says so without the file's name."""

    def __init__(self, path: Path, hand: int, count: int) -> None:
        self.problem = ngettext(
            "the file holds {n} puzzle", "the file holds {n} puzzles", count
        ).format(n=count)
        super().__init__(f"{path}: {self.problem}")
        self.path = path
        self.hand = hand
        self.count = count


@dataclass
class Puzzle:
    """One puzzle: the record (cut at the decision) and its question."""

    record: HandRecord
    spec: PuzzleSpec
    path: str
    hand: int = 1
    """Which document of the file (1 = first)."""
    _state: GameState | None = field(default=None, repr=False, compare=False)

    # -- identity -----------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The file's name without ``.yaml`` (``#N`` added for the N-th puzzle of a file)."""
        stem = Path(self.path).name
        for ext in (".yaml", ".yml"):
            if stem.endswith(ext):
                stem = stem[: -len(ext)]
        return stem if self.hand == 1 else f"{stem}#{self.hand}"

    @property
    def digest(self) -> str:
        """A hash of what makes the puzzle: the position, the question and its solution.

        The title, themes, difficulty, explanation and the plays' notes (in every language)
        are left out, and a ``seat`` that names the player to move counts as none, so
        rewording them keeps a player's progress; any change to the cards, plays, question or
        solution makes another puzzle (``docs/puzzles.md``).
        """
        mover = self.record.players[self._position().turn]
        bare = replace(
            self.spec,
            title="-",
            themes=("sweep",),
            difficulty=1,
            explanation="-",
            translations=(),
            # the default written out is the same puzzle (format audit, stop 56)
            seat=None if self.spec.seat == mover else self.spec.seat,
        )
        rec = self.record.cut(len(self.record.plays))
        rec.info = {}
        # a play's note, in any language, is words about the puzzle, not the puzzle
        rec.plays = [replace(p, note=None, translations={}) for p in rec.plays]
        rec.puzzle = bare
        return hashlib.sha256(dumps([rec]).encode("utf-8")).hexdigest()[:16]

    # -- the position ---------------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return self.spec.question

    @property
    def state(self) -> GameState:
        """The position after the record's plays, with every card the record gives: a copy of
        its own each time, so that a caller who plays on it leaves the puzzle as it was (API
        audit, stop 57: a push on it moved the puzzle's mover and view)."""
        return self._position().copy(with_stack=True)

    def _position(self) -> GameState:
        """The puzzle's own position, made once: read, never played on."""
        if self._state is None:
            self._state = self.record.final_state()
        return self._state

    @property
    def style(self) -> Style:
        return self.record.style

    @property
    def players(self) -> list[str]:
        return self.record.players

    @property
    def mover(self) -> int:
        return self._position().turn

    @property
    def seat(self) -> int:
        """The seat the puzzle is set from (default: the player to move)."""
        return self.mover if self.spec.seat is None else self.record.seat_of(self.spec.seat)

    @property
    def seat_name(self) -> str:
        return self.players[self.seat]

    @property
    def plays(self) -> int:
        return len(self.record.plays)

    @property
    def open(self) -> bool:
        """The record gives every card still in play (every hand, every deal to come)."""
        s = self._position()
        return not any(s.unknown) and not any(u for d in s.deals[s.deal_index :] for _, u in d)

    @property
    def shows_all_hands(self) -> bool:
        """The puzzle is shown with every hand face up: an open position and a question about
        play (a counting question is always set from one seat, which sees only its own cards)."""
        return self.open and self.kind not in COUNTING_QUESTIONS

    def view(self) -> GameState:
        """The position as the solver of the puzzle may see it."""
        position = self._position()
        return (
            position.copy(with_stack=True)
            if self.shows_all_hands
            else viewer_state(position, self.seat)
        )

    def side_names(self) -> list[str]:
        return self.record.team_names()

    @property
    def shown_players(self) -> list[str]:
        """The players as the run's language shows them (``Nord``, ``Tu``): for display only,
        as :func:`~tutor.records.record.shown_name` says."""
        return [shown_name(n) for n in self.players]

    def shown_side_names(self) -> list[str]:
        """The sides as the run's language shows them (``Nord-Sud``)."""
        return [shown_name(n) for n in self.side_names()]

    # -- words ------------------------------------------------------------------------------------

    def summary(self) -> dict[str, object]:
        """The puzzle in ``tutor puzzle list --json``: the name ``puzzle try`` takes, where it
        is, and what it asks (its title in the language of the run)."""
        return {
            "name": self.name,
            "path": self.path,
            "hand": self.hand,
            "title": self.spec.text("title"),
            "ruleset": self.record.ruleset_name,
            "question": self.spec.question,
            "difficulty": self.spec.difficulty,
            "themes": list(self.spec.themes),
        }

    def card_text(self) -> str:
        return format_card(self.spec.card, self.style) if self.spec.card is not None else ""

    def question_text(self) -> str:
        """The question, as asked."""
        kind = self.kind
        if self.plays:
            after = _("After play {n}").format(n=self.plays)
        else:
            after = _("Before the first play")
        # "from your seat (You)" says it twice: a seat named You is said as yours alone
        seat = "" if is_you(self.seat_name) else f" ({shown_name(self.seat_name)})"
        where = {"after": after, "seat": seat}
        if kind == "best-move":
            mover = self.shown_players[self.mover]
            if is_you(mover):  # spoken to, as everywhere: never "You to play" ("tocca a Tu")
                return _("{after}: your turn. Find the best move.").format(after=after)
            return _("{after}: {player} to play. Find the best move.").format(
                after=after, player=mover
            )
        if kind == "unmatched":
            return _(
                "{after}, from your seat{seat}: which values are unmatched (an odd number of "
                "cards captured)?"
            ).format(**where)
        if kind == "holds" and "reading" in self.spec.themes:
            # the answer rests on readings of behaviour: likely, never certain
            return _(
                "{after}, from your seat{seat}: going by the readings of behaviour, who most "
                "likely holds {card}?"
            ).format(**where, card=self.card_text())
        if kind == "holds":
            return _("{after}, from your seat{seat}: who must hold {card}?").format(
                **where, card=self.card_text()
            )
        if kind == "legal-captures":
            return _(
                "{after}: list every capture {card} may legally make on this table (or none)."
            ).format(after=after, card=self.card_text())
        return _(
            "{after}: with best play by both sides from here, how many points do {sides} score?"
        ).format(after=after, sides=_(" and ").join(self.shown_side_names()))

    def answer_hint(self) -> str:
        """How to type the answer."""
        kind = self.kind
        if kind == "best-move":
            return _(
                "Type a move like 7D x 2C 5S (or just the card when it can only do one thing)."
            )
        if kind == "unmatched":
            return _("Type the values, like 2 6 8, or none.")
        if kind == "holds":
            others = [p for i, p in enumerate(self.shown_players) if i != self.seat]
            return _("Type a name ({names}).").format(names=", ".join(others))
        if kind == "legal-captures":
            return _("Type the captures separated by ';', like 7D x 3C 4S; 7D x 7C, or none.")
        return _("Type the points of each side in that order, like 3 2.")

    def solution_text(self) -> str:
        """The solution in the record's notation."""
        spec = self.spec
        kind = self.kind
        if kind in ("best-move", "legal-captures"):
            return "; ".join(m.text(self.style) for m in spec.moves) or _("none")
        if kind == "unmatched":
            return values_text(spec.values, self.style)
        if kind == "holds":
            return shown_name(spec.holder or "")
        sides = self.shown_side_names()
        return ", ".join(f"{s} {p}" for s, p in zip(sides, spec.points, strict=True))


# -- loading ------------------------------------------------------------------------------------


def puzzle_files(path: str | Path) -> list[Path]:
    """The puzzle files at ``path``: the file itself, or every ``*.yaml`` of a folder, sorted."""
    p = Path(path)
    if p.is_dir():
        return sorted(q for q in p.iterdir() if q.suffix in (".yaml", ".yml") and q.is_file())
    return [p]


def _puzzles_of(records: list[HandRecord], path: str) -> list[Puzzle]:
    out = []
    for k, r in enumerate(records, 1):
        if r.puzzle is None:
            continue
        if r.puzzle.question not in COUNTING_QUESTIONS and r.ruleset.sides != 2:
            # refused as it is read, not after the answer is typed (puzzle try, train: found
            # by a fuzzer, stop 48): the analysis that judges a move weighs two sides
            line = r.line_of("ruleset")
            raise PuzzleError(
                (f"{path}:{line}: " if line else f"{path}: ")
                + _(
                    "its ruleset {name} has {n} sides: the {question} question needs two (the "
                    "analysis weighs two sides)"
                ).format(name=r.ruleset.name, n=r.ruleset.sides, question=r.puzzle.question)
            )
        out.append(Puzzle(r, r.puzzle, path, k))
    if not out:
        raise PuzzleError(f"{path}: " + _("not a puzzle: the record has no 'puzzle:' key"))
    return out


def _load_file(f: Path, in_folder: bool) -> list[Puzzle]:
    """The puzzles of the file ``f``. A file that is a ruleset, not a record, has none where
    it sits in a folder of puzzles (the ruleset they name); named on its own, it gets the
    ruleset's own error when it has one, else :class:`RulesetFileError`."""
    try:
        return _puzzles_of(load_path(f), str(f))
    except RecordError as exc:
        try:
            text = read_text(f)
        except FileReadError:
            text = ""  # the record's error says why
        if not reads_as_ruleset(text):
            raise exc from None
        loads_ruleset(text, str(f))  # its RulesetError names the line of what is wrong
        if in_folder:
            return []
        raise RulesetFileError(
            f"{f}: " + _("a ruleset file, not a puzzle: a puzzle names it in its 'ruleset:' key")
        ) from None


def loads_puzzles(text: str, path: str = "<string>") -> list[Puzzle]:
    """The puzzles of a record file's text (RecordError or PuzzleError when it holds none)."""
    return _puzzles_of(loads(text, path), path)


def load_puzzles(path: str | Path) -> list[Puzzle]:
    """Every puzzle in a file, or in every ``*.yaml`` file of a folder.

    The first bad file stops the loading with its one-line error.
    """
    out: list[Puzzle] = []
    files = puzzle_files(path)
    folder = Path(path).is_dir()
    if folder and not files:
        raise PuzzleError(f"{path}: " + _("no puzzle files (*.yaml) in this folder"))
    for f in files:
        out.extend(_load_file(f, folder))
    return out


def iter_puzzle_files(path: str | Path) -> Iterator[tuple[Path, list[Puzzle] | TutorError]]:
    """Each file at ``path`` with its puzzles, or the error that stops it loading; the ruleset
    files of a folder are passed over."""
    folder = Path(path).is_dir()
    for f in puzzle_files(path):
        try:
            found = _load_file(f, folder)
        except (RecordError, PuzzleError, RulesetError) as exc:
            yield f, exc
            continue
        if found:  # nothing only from the ruleset of a folder's puzzles
            yield f, found


def collection_dir() -> Path:
    """The folder of the puzzles shipped with the tutor (package data)."""
    return Path(str(resources.files("tutor.puzzles") / "collection"))


def puzzle_path(path: Path) -> Path:
    """The puzzle file ``path`` names: the file itself, or the shipped puzzle of that name (a
    file's name alone, ``.yaml`` or not, that is no file here); :class:`NoSuchPuzzle` when it
    is neither, :class:`PuzzleError` for a folder."""
    # a file's name alone may be a shipped puzzle's; a link, even to nothing, is the user's
    if not path.exists() and not path.is_symlink() and path.parent == Path("."):
        name = path.name.removesuffix(".yaml")
        shipped = collection_dir() / f"{name}.yaml"
        if not shipped.exists():
            names = sorted(p.stem for p in collection_dir().glob("*.yaml"))
            raise NoSuchPuzzle(path, difflib.get_close_matches(name, names, n=3))
        path = shipped
    if path.is_dir():  # it tried the folder's first puzzle without a word
        raise PuzzleError(
            f"{path}: " + _("a folder: give one puzzle file, or the name of a shipped puzzle")
        )
    return path


def find_puzzle(path: Path, hand: int = 1) -> Puzzle:
    """The puzzle number ``hand`` (1 = the first) of the file ``path``, or of the shipped
    puzzle of that name (:func:`puzzle_path`); :class:`NoSuchHand` when the file holds fewer."""
    path = puzzle_path(path)
    puzzles = load_puzzles(path)
    if hand > len(puzzles):
        raise NoSuchHand(path, hand, len(puzzles))
    return puzzles[hand - 1]


def listed_puzzles(
    paths: Sequence[str | Path] = (), theme: str | None = None
) -> tuple[list[Puzzle], list[tuple[Path, TutorError]]]:
    """The puzzles of ``paths`` (files or folders; none: the shipped ones) with ``theme`` (a
    theme key; None: any), in the order of the files, and each file that would not load with
    why: what ``tutor puzzle list`` shows (new-user audit, stop 52: nothing listed them)."""
    found: list[Puzzle] = []
    unreadable: list[tuple[Path, TutorError]] = []
    for path in paths or [collection_dir()]:
        for file, got in iter_puzzle_files(path):
            if isinstance(got, TutorError):
                unreadable.append((file, got))
            else:
                found.extend(p for p in got if theme is None or theme in p.spec.themes)
    return found, unreadable


def load_collection() -> list[Puzzle]:
    """Every shipped puzzle."""
    return load_puzzles(collection_dir())
