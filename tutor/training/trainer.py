"""A training session: puzzles chosen by spaced repetition, answers judged and kept.

The puzzles come from the shipped collection and any folders of the player's own. A
:class:`Trainer` indexes them (the index of an unchanged file is kept in the progress database,
so a session starts quickly), then hands out one puzzle at a time:

- puzzles **due** for review first (the lowest Leitner box first, then the longest overdue);
- a **new** puzzle every :data:`NEW_EVERY` puzzles, and whenever nothing is due (easiest
  first);
- when neither is left, the puzzles due **soonest**, ahead of time.

Each answer, judged by :func:`tutor.puzzles.answer.attempt`, is committed to the store before
the next puzzle is chosen (:meth:`Trainer.record`, :mod:`tutor.training.store`).

When another session holds the store's write lock for longer than the store waits, the answer
is not lost: the trainer keeps it in memory (:attr:`Trainer.unsaved`) and the session goes on;
each later answer tries again to save all that is kept, briefly, and :meth:`Trainer.finish`, at
the end of the session, waits once more the store's full time. If the store still cannot take
them (or turns out damaged), they are written to a rescue file, one JSON line per answer, in the
system's temporary folder, and the error names it.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor.game.errors import TutorError
from tutor.game.i18n import _, day_text, ngettext, number
from tutor.game.interrupts import interrupts_held
from tutor.game.rules import RulesetError, UnknownRulesetError, load_ruleset
from tutor.game.textfile import FileReadError, os_reason, read_text, unreachable
from tutor.puzzles.format import (
    THEMES,
    Puzzle,
    RulesetFileError,
    collection_dir,
    load_puzzles,
    puzzle_files,
)
from tutor.records.puzzle_key import QUESTIONS
from tutor.records.recordfile import write_rescue
from tutor.training.store import (
    DAY_SECONDS,
    DRILL_QUESTIONS,
    DrillRow,
    ProgressStore,
    PuzzleInfo,
    Schedule,
    StoreBusyError,
    StoreError,
    checked,
)

if TYPE_CHECKING:  # judging brings the solver; the trainer only keeps the verdict
    from tutor.puzzles.answer import Answer, Verdict

__all__ = [
    "keep_answer",
    "NEW_EVERY",
    "RETRY_SECONDS",
    "TrainError",
    "Entry",
    "Pick",
    "Unsaved",
    "Trainer",
    "TrainSession",
    "how_soon",
    "comes_back",
    "index_puzzles",
    "check_options",
]

NEW_EVERY = 3
"""One puzzle in this many is a new one while reviews are due."""
RETRY_SECONDS = 0.25
"""While answers wait to be saved, a new answer waits this long for the store's lock, not the
store's full time: the session goes on, and :meth:`Trainer.finish` waits the full time."""


class TrainError(TutorError):
    """Options the trainer cannot use (an unknown theme, no puzzles to train on)."""


@dataclass(frozen=True)
class Entry:
    """One indexed puzzle: what selection needs, and where to load it from."""

    info: PuzzleInfo
    hand: int


@dataclass
class Pick:
    """The puzzle chosen next and why."""

    puzzle: Puzzle
    entry: Entry
    reason: str
    """``due``, ``new`` or ``early``."""
    schedule: Schedule | None
    changed: bool = False
    """A puzzle of the same name was answered before in another version."""


def _entries_of(puzzles: Sequence[Puzzle]) -> list[Entry]:
    out = []
    for p in puzzles:
        info = PuzzleInfo(
            p.digest, p.name, p.path, p.spec.title, p.spec.themes, p.record.ruleset.name,
            p.kind, p.spec.difficulty,
            {k: v for k, v in p.spec.translations if k.startswith("title_")},
        )  # fmt: skip
        out.append(Entry(info, p.hand))
    return out


def _to_text(entries: Sequence[Entry]) -> str:
    return json.dumps([{**e.info.__dict__, "themes": list(e.info.themes), "hand": e.hand}
                       for e in entries])  # fmt: skip


_CACHED_KEYS = {f.name for f in fields(PuzzleInfo)} | {"hand"}
"""The keys of an entry :func:`_to_text` writes: a cached entry without them was indexed by an
older tutor, and its file is read again."""


def _from_text(text: str) -> list[Entry] | None:
    """The entries :func:`_to_text` cached; None when an older tutor cached them (other keys,
    or a relative path), or the text is damaged (the index is a cache: the file is read
    again)."""
    try:
        items = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(items, list):
        return None
    out = []
    for d in items:
        if not isinstance(d, dict) or set(d) != _CACHED_KEYS:
            return None
        texts = [d[k] for k in ("digest", "name", "path", "title", "ruleset", "question")]
        themes, titles = d["themes"], d["titles"]
        if not (
            all(isinstance(x, str) for x in texts)
            and isinstance(themes, list)
            and all(isinstance(x, str) for x in themes)
            and isinstance(titles, dict)
            and all(isinstance(x, str) for x in titles.values())
            and all(type(d[k]) is int for k in ("difficulty", "hand"))
            # an absolute path: a relative one (kept by an older tutor) would name another
            # file, or none, from another folder
            and Path(d["path"]).is_absolute()
        ):
            return None
        hand = d.pop("hand")
        d["themes"] = tuple(themes)
        out.append(Entry(PuzzleInfo(**d), hand))
    return out


def cached_puzzles(store: ProgressStore) -> list[PuzzleInfo]:
    """What the index of puzzle files knows of each puzzle it found, file by file (its titles
    in every language, which the store's table of puzzles answered does not keep): a puzzle
    in two files is listed twice."""
    return [entry.info for text in store.all_cached_entries() for entry in _from_text(text) or ()]


def current_puzzles(store: ProgressStore) -> list[PuzzleInfo]:
    """:func:`cached_puzzles` as the files are now: a file gone gives none, and one changed
    since it was indexed is read again (not stored: only ``train`` writes the index). ``stats``
    reads it, so that a puzzle whose file went or changed is counted gone at once, not only
    after the next ``train`` (training audit, stop 53)."""
    out: list[PuzzleInfo] = []
    for path, mtime, size, text in store.cached_files():
        try:
            st = Path(path).stat()
        except OSError:
            continue  # gone, or out of reach: none of its puzzles can be asked
        if (st.st_mtime_ns, st.st_size) == (mtime, size):
            out.extend(entry.info for entry in _from_text(text) or ())
            continue
        try:
            out.extend(entry.info for entry in _entries_of(load_puzzles(Path(path))))
        except TutorError:
            continue  # no puzzle in it now
    return out


def infos_in_file(path: str) -> dict[str, PuzzleInfo]:
    """The puzzles of the file at ``path`` by digest, with their titles in every language the
    file gives (empty when it cannot be read): what ``stats`` shows of a puzzle that only
    ``puzzle try`` met, which keeps no titles but the English one."""
    try:
        return {e.info.digest: e.info for e in _entries_of(load_puzzles(Path(path)))}
    except (TutorError, OSError):
        return {}


def shipped_digests(infos: Iterable[PuzzleInfo]) -> set[str]:
    """The digests of the puzzles of ``infos`` (:func:`cached_puzzles`) found in the shipped
    collection, which ``train`` asks without ``--puzzles`` (a copy in the user's folder is the
    same puzzle)."""
    shipped = collection_dir().resolve()
    return {info.digest for info in infos if Path(info.path).is_relative_to(shipped)}


def index_puzzles(store: ProgressStore, folders: Sequence[Path]) -> tuple[list[Entry], list[str]]:
    """Every puzzle in ``folders`` (files unchanged since the last index are not re-read), and
    a message for each file that could not be read."""
    entries: list[Entry] = []
    problems: list[str] = []
    fresh: list[tuple[str, int, int, str]] = []
    for folder in folders:
        alone = not folder.is_dir()  # a file named on its own
        for f in puzzle_files(folder):
            key = str(f.resolve())
            try:
                st = f.stat()
            except OSError as exc:
                problems.append(f"{f}: " + _("cannot read: {reason}").format(reason=os_reason(exc)))
                continue
            cached = store.cached_entries(key, st.st_mtime_ns, st.st_size)
            known = None if cached is None else _from_text(cached)
            if known is not None and (known or not alone):  # a file named alone that gave
                entries.extend(known)  # none is read again, to say why
                continue
            try:
                got = _entries_of(load_puzzles(f.absolute()))
            except RulesetFileError as exc:
                if alone:  # named on its own: not a puzzle
                    problems.append(str(exc))
                    continue
                got = []  # the ruleset of puzzles beside it: remembered as giving none
            except TutorError as exc:
                problems.append(str(exc))
                continue
            entries.extend(got)
            fresh.append((key, st.st_mtime_ns, st.st_size, _to_text(got)))
    store.cache_entries(fresh)
    return entries, problems


def _passes(e: Entry, theme: str | None, ruleset: str | None) -> bool:
    """Whether an entry passes a session's filters (None: any theme, any ruleset)."""
    return (theme is None or theme in e.info.themes) and (
        ruleset is None or e.info.ruleset == ruleset
    )


def _when(schedule: Schedule | None, now: float) -> str:
    """Why a puzzle may be asked now: ``new`` (never answered), ``due``, or ``early``."""
    if schedule is None:
        return "new"
    return "due" if schedule.due <= now else "early"


def _same_file(was: PuzzleInfo | None, path: str) -> bool:
    """Whether a puzzle answered before (``was``) came from the file at ``path``, or from a
    file no longer there (moved, or the collection installed elsewhere): a puzzle of the same
    name in another folder is another puzzle, not this one changed."""
    return was is None or not was.path or was.path == path or not Path(was.path).exists()


def check_options(
    theme: str | None = None, ruleset: str | None = None, folders: Sequence[Path] = ()
) -> str | None:
    """The name of the ruleset ``ruleset`` names (None: any); :class:`TrainError` for an unknown
    theme or ruleset or a folder that does not exist. Cheap, and needs no store: the command
    line checks the options before it opens (and so creates) one."""
    if theme is not None and theme not in THEMES:
        raise TrainError(
            _("unknown theme {name!r} (themes: {names})").format(
                name=theme, names=", ".join(THEMES)
            )
        )
    wanted = None
    if ruleset is not None:
        try:
            wanted = load_ruleset(ruleset).name
        except UnknownRulesetError:
            raise  # a name typed wrong: a usage error, as everywhere
        except RulesetError as exc:
            raise TrainError(f"--ruleset: {exc}") from None
    for f in folders:
        reason = unreachable(f)
        if reason is not None:
            raise TrainError(f"{f}: " + _("cannot read: {reason}").format(reason=reason))
    return wanted


@dataclass(frozen=True)
class Unsaved:
    """An answer the store could not take yet (another session held its lock)."""

    info: PuzzleInfo
    correct: bool
    skipped: bool
    answer: str | None
    at: float

    def to_json(self) -> dict[str, Any]:
        """A line of the rescue file: the answer and what the store keeps of its puzzle."""
        return {
            "answered_at": self.at, "correct": self.correct, "skipped": self.skipped,
            "answer": self.answer,
            "puzzle": {**self.info.__dict__, "themes": list(self.info.themes)},
        }  # fmt: skip


@dataclass
class Trainer:
    """One session over the indexed puzzles (filtered by theme and ruleset)."""

    store: ProgressStore
    entries: list[Entry]
    clock: Callable[[], float] = time.time
    session: int = 0
    asked: set[str] = field(default_factory=set)
    served: int = 0
    skipped_files: list[str] = field(default_factory=list)
    unsaved: list[Unsaved] = field(default_factory=list)
    """Answers given that the store could not take yet, oldest first (see the module)."""
    rescue_file: Path | None = None
    """While :attr:`unsaved` holds answers, a rescue file that holds them too, so that a
    session killed before it can save them loses none (``tutor train --import`` reads it)."""
    theme: str | None = None
    ruleset: str | None = None
    """The session's filters (None: any), applied again to a file that changed under it."""

    @classmethod
    def open(
        cls,
        store: ProgressStore,
        folders: Sequence[Path] = (),
        theme: str | None = None,
        ruleset: str | None = None,
        shipped: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> Trainer:
        """A session over the shipped collection and ``folders``."""
        wanted = check_options(theme, ruleset, folders)
        store.check()  # damage found now, before the index or the session writes anything
        entries, problems = index_puzzles(store, [collection_dir()] if shipped else [])
        for folder in folders:
            got, bad = index_puzzles(store, [folder])
            if bad and not got:  # a source given that gives nothing: bad input, not a note
                raise TrainError(
                    _("{problem}; no puzzle could be read from {folder}").format(
                        folder=folder, problem=bad[0]
                    )
                )
            if not got:  # an empty folder, or one of other files: as puzzle check says it
                raise TrainError(f"{folder}: " + _("no puzzle file (*.yaml) in this folder"))
            entries += got
            problems += bad
        seen: set[str] = set()
        chosen = []
        for e in entries:
            if e.info.digest in seen:
                continue  # the same puzzle in two places
            seen.add(e.info.digest)
            if _passes(e, theme, wanted):
                chosen.append(e)
        if not chosen:
            if theme and wanted:
                none = _("no puzzles to train on with theme {theme} and ruleset {ruleset}")
            elif theme:
                none = _("no puzzles to train on with theme {theme}")
            elif wanted:
                none = _("no puzzles to train on with ruleset {ruleset}")
            else:
                none = _("no puzzles to train on")
            raise TrainError(none.format(theme=theme, ruleset=wanted))
        trainer = cls(store, chosen, clock, theme=theme, ruleset=wanted)
        trainer.skipped_files = problems
        trainer.session = store.start_session(clock())
        return trainer

    def next(self) -> Pick | None:
        """The next puzzle (None when every puzzle has been asked in this session)."""
        now = self.clock()
        sched = self.store.schedule()
        names = self.store.names_answered()
        pools: dict[str, list[Entry]] = {"due": [], "new": [], "early": []}
        for e in self.entries:
            if e.info.digest not in self.asked:
                pools[_when(sched.get(e.info.digest), now)].append(e)
        due = sorted(
            pools["due"],
            key=lambda e: (sched[e.info.digest].box, sched[e.info.digest].due, e.info.name),
        )
        new = sorted(pools["new"], key=lambda e: (e.info.difficulty, e.info.name))
        early = sorted(pools["early"], key=lambda e: (sched[e.info.digest].due, e.info.name))
        new_turn = self.served % NEW_EVERY == NEW_EVERY - 1
        order: list[tuple[str, list[Entry]]] = (
            [("new", new), ("due", due)] if new_turn else [("due", due), ("new", new)]
        )
        order.append(("early", early))
        for reason, pool in order:
            for e in pool:
                try:
                    puzzles = load_puzzles(e.info.path)
                    puzzle = puzzles[e.hand - 1]
                except (TutorError, IndexError) as exc:
                    self.skipped_files.append(str(exc))
                    self.asked.add(e.info.digest)
                    continue
                self.asked.add(e.info.digest)
                if puzzle.digest != e.info.digest:  # the file changed since it was indexed:
                    # the puzzle shown is the one answered, and its answer is kept under it
                    e = _entries_of([puzzle])[0]
                    if e.info.digest in self.asked or not _passes(e, self.theme, self.ruleset):
                        continue
                    self.asked.add(e.info.digest)
                    reason = _when(sched.get(e.info.digest), now)
                self.served += 1
                before = [d for d in names.get(e.info.name, ()) if d != e.info.digest]
                answered = self.store.puzzles() if before else {}  # read only when it may tell
                changed = any(_same_file(answered.get(d), e.info.path) for d in before)
                return Pick(puzzle, e, reason, sched.get(e.info.digest), changed)
        return None

    def record(self, pick: Pick, verdict: Verdict, answer: str | None) -> Schedule | None:
        """Keep a judged answer (:func:`tutor.puzzles.answer.attempt`), committed at once with
        any kept before it; its new schedule.

        None when another session holds the store's lock past the wait: the answer is kept in
        :attr:`unsaved`, for the next answer or :meth:`finish` to save. A damaged store raises
        :class:`StoreError`, the answer kept likewise.
        """
        wait = RETRY_SECONDS if self.unsaved else None
        self.unsaved.append(
            Unsaved(pick.entry.info, verdict.correct, verdict.skipped, answer, self.clock())
        )
        try:
            return self._save(wait)
        except StoreBusyError:
            return None
        finally:
            self._keep_safe()

    def _keep_safe(self) -> OSError | None:
        """Bring :attr:`rescue_file` in line with :attr:`unsaved`: a file with every answer
        kept, or none once all are saved. The file keeps its name while answers wait: each
        version replaces the last whole, so the name said after the first answer stays right
        (training audit, stop 53: each message named a new file, and the one named before was
        gone). When the file cannot be written, the older one stays and the error is returned
        (:meth:`finish` says it)."""
        old = self.rescue_file
        if self.unsaved:
            try:
                new = self._rescue()
                if old is not None:
                    try:
                        os.replace(new, old)
                    except OSError:
                        new.unlink(missing_ok=True)
                        raise
                    new = old
                self.rescue_file = new
            except OSError as err:
                return err
        else:
            self.rescue_file = None
        if old is not None and old != self.rescue_file:
            with contextlib.suppress(OSError):
                old.unlink()
        return None

    def _save(self, wait: float | None) -> Schedule | None:
        """Commit the :attr:`unsaved` answers, oldest first, each in its own transaction."""
        sched = None
        while self.unsaved:
            u = self.unsaved[0]
            sched = self.store.record_answer(
                u.info, u.correct, u.skipped, u.answer, self.session, u.at, wait=wait
            )
            self.unsaved.pop(0)
        return sched

    def finish(self, wait: float | None = None) -> None:
        """End the session: save the answers still kept, waiting up to ``wait`` seconds
        (default: the store's full time) for another session's lock.

        If the store cannot take them, they go to a rescue file (one JSON line per answer,
        :meth:`Unsaved.to_json`) in the system's temporary folder, and :class:`StoreError`
        (the store's own, with the rescue file added) says where, or that the file could not
        be written either. :func:`import_rescue` reads it back (``tutor train --import``).
        """
        if not self.unsaved:
            return
        try:
            self._save(wait)
        except StoreError as exc:
            problem = exc
        else:
            self._keep_safe()  # the interim rescue file goes
            return
        n = len(self.unsaved)
        err = self._keep_safe()  # written now, or the one written after an earlier answer
        kept, self.rescue_file = self.rescue_file, None
        if kept is not None:
            self.unsaved.clear()
        where = rescue_words(n, kept, isinstance(problem, StoreBusyError), err)
        raise type(problem)(f"{problem}; {where}") from None

    def _rescue(self) -> Path:
        """Write :attr:`unsaved` to a new file in the temporary folder; its path. Every
        character past ASCII is a JSON escape (``\\u00e9``), so that a file name that is not
        UTF-8 (lone surrogates) cannot make the rescue fail."""
        lines = [
            json.dumps({"database": str(self.store.path.absolute()), "session": self.session,
                        **u.to_json()}) + "\n"
            for u in self.unsaved
        ]  # fmt: skip
        return write_rescue("scopone-tutor-unsaved-", ".jsonl", "".join(lines))


@dataclass(frozen=True)
class Imported:
    """What :func:`import_rescue` did: answers kept, and answers the store had already."""

    kept: int
    already: int
    databases: tuple[str, ...]
    """The databases the file's answers were meant for (normally the one imported into)."""


def keep_answer(
    store: ProgressStore, puzzle: Puzzle, verdict: Verdict, answer: str | None
) -> Schedule | None:
    """One answer given outside a training session (``tutor puzzle try``), kept as a session
    keeps its answers: committed at once, the puzzle's Leitner box moved when it was due;
    when the store cannot take it, it goes to a rescue file that the :class:`StoreError`
    names (``tutor train --import``). An answer tried was counted nowhere, for ``stats`` or
    the schedule (store audit, stop 55). The new schedule (None: saved after a wait, without
    one to show)."""
    store.check()
    [entry] = _entries_of([puzzle])
    trainer = Trainer(store, [entry])
    try:
        trainer.session = store.start_session()
    except StoreBusyError as exc:
        # another session held the lock past the wait before the answer could be noted: it
        # goes straight to a rescue file (bad-input audit, stop 60: it was lost, exit 3)
        trainer.unsaved.append(
            Unsaved(entry.info, verdict.correct, verdict.skipped, answer, trainer.clock())
        )
        err = trainer._keep_safe()
        where = rescue_words(1, trainer.rescue_file, True, err)
        raise StoreBusyError(f"{exc}; {where}") from None
    sched = trainer.record(Pick(puzzle, entry, "early", None), verdict, answer)
    trainer.finish()
    return sched


def rescue_words(n: int, kept: Path | None, busy: bool, err: OSError | None = None) -> str:
    """Where ``n`` answers a store refused are kept, for its error: the rescue file ``kept``
    and how ``tutor train --import`` saves them (``busy``: another session held the store,
    so the same database takes them once free), or, with no file, why none could be written
    (``err``). Train's answers and the drill's say it alike."""
    if kept is None:
        return ngettext(
            "the answer not saved could not be written to {folder} either: {reason}",
            "the {n} answers not saved could not be written to {folder} either: {reason}",
            n,
        ).format(n=n, folder=tempfile.gettempdir(), reason=os_reason(err) if err else "")
    return (
        ngettext(
            "the answer not saved is kept in {file} (tutor train --import {file} saves "
            "it when the database is free)",
            "the {n} answers not saved are kept in {file} (tutor train --import {file} "
            "saves them when the database is free)",
            n,
        )
        if busy
        else ngettext(  # a damaged or full database: free, it would still not take them
            "the answer not saved is kept in {file} (tutor train --import {file} --db "
            "FILE saves it in a database that works)",
            "the {n} answers not saved are kept in {file} (tutor train --import {file} "
            "--db FILE saves them in a database that works)",
            n,
        )
    ).format(n=n, file=kept)


def read_rescue(path: Path) -> list[tuple[Unsaved | DrillRow, int | None, str]]:
    """The answers of a rescue file (:meth:`Trainer.finish`; a drill's,
    :func:`tutor.training.drill.keep_in`, are :class:`DrillRow`), each with its session and
    the database it was meant for; :class:`TrainError` naming the file and line of anything
    that is not such an answer."""
    try:
        text = read_text(path)
    except FileReadError as exc:
        raise TrainError(f"{exc.where(path)}: {exc}") from None
    out: list[tuple[Unsaved | DrillRow, int | None, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            if isinstance(data, dict) and "drill_answer" in data:
                row = _drill_row(data["drill_answer"])
                out.append((row, row.session, _path_text(data.get("database", ""))))
                continue
            puzzle = data["puzzle"]
            themes = puzzle["themes"]
            titles = puzzle.get("titles") or {}
            info = PuzzleInfo(
                _text(puzzle["digest"]), _path_text(puzzle["name"]), _path_text(puzzle["path"]),
                _text(puzzle["title"]), tuple(_text(t) for t in themes),
                _text(puzzle["ruleset"]), _text(puzzle["question"]),
                _whole(puzzle.get("difficulty", 1)),
                {_text(k): _text(v) for k, v in titles.items()},
            )  # fmt: skip
            answer = data["answer"]
            correct, skipped, at = _answered(data)
            unsaved = Unsaved(info, correct, skipped, _optional_text(answer), at)
            # what a session writes, no more: a theme or question of the closed lists
            if not set(info.themes) <= set(THEMES) or info.question not in QUESTIONS:
                raise ValueError
            session = _optional_whole(data.get("session"))
            out.append((unsaved, session, _path_text(data.get("database", ""))))
        # RecursionError: a line of arrays nested thousands deep (found by a fuzzer, stop 48)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            raise TrainError(f"{path}:{n}: " + _("not an answer of a rescue file")) from None
    return out


def _drill_row(data: Any) -> DrillRow:
    """A drill answer of a rescue file, as the store would keep it; ValueError (or another
    error :func:`read_rescue` names the line for) for anything a drill does not write."""
    correct, skipped, at = _answered(data)
    row = DrillRow(
        _text(data["drill"]), _text(data["question"]), _text(data["ruleset"]),
        _optional_whole(data.get("seed")), _whole(data["round"]), at, correct, skipped,
        _optional_text(data.get("answer")), _optional_text(data.get("expected")),
        _optional_whole(data.get("session")),
    )  # fmt: skip
    if row.drill != "48" or row.question not in DRILL_QUESTIONS or row.round < 1:
        raise ValueError
    return row


def _answered(data: Any) -> tuple[bool, bool, float]:
    """Right, skipped and when, as a session writes them: a time as the store keeps it and
    not ahead of now (an answer not yet given: its due date could reach past what the store
    keeps, and damage it: fuzzer, stop 48), and never a skip that is right."""
    correct, skipped = _flag(data["correct"]), _flag(data["skipped"])
    at = checked("rescue", "answered_at", data["answered_at"], "time")
    if at > time.time() + DAY_SECONDS or correct and skipped:
        raise ValueError
    return correct, skipped, at


def _optional_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _optional_whole(value: Any) -> int | None:
    return None if value is None else _whole(value)


def _text(value: Any, errors: str = "strict") -> str:
    """Text a session writes: a lone surrogate ("\\udc80") is none (stop 48), except, with
    ``errors="surrogateescape"``, those of a file's name that is not UTF-8, which the store
    keeps too (round-trip audit, stop 52: such a puzzle folder's answers could not be imported
    back)."""
    if not isinstance(value, str):
        raise TypeError
    value.encode("utf-8", errors)
    return value


def _path_text(value: Any) -> str:
    """A file's name or path as a rescue line keeps it (:func:`_text`)."""
    return _text(value, "surrogateescape")


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError
    return value


def _whole(value: Any) -> int:
    """A whole number a session writes (a session's id, a difficulty): one SQLite can keep (a
    rescue line's session of 10**30 was an internal error: found by a fuzzer, stop 48)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError
    if not -(2**63) <= value < 2**63:
        raise ValueError
    return value


def import_rescue(
    store: ProgressStore, rescued: list[tuple[Unsaved | DrillRow, int | None, str]]
) -> Imported:
    """Keep in ``store`` the answers of a rescue file (:func:`read_rescue`, read before the
    store is opened, so that a file that is no rescue file makes no database), each in its own
    transaction, oldest first; those the store has already are left (so importing twice keeps
    each once)."""
    answers = sorted(
        rescued, key=lambda a: a[0].at if isinstance(a[0], Unsaved) else a[0].answered_at
    )
    store.check()
    kept = 0
    for u, session, _database in answers:
        if isinstance(u, DrillRow):
            kept += store.import_drill_answer(u)
        elif store.import_answer(u.info, u.correct, u.skipped, u.answer, session, u.at):
            kept += 1
    databases = tuple(sorted({db for _u, _s, db in answers if db}))
    return Imported(kept, len(answers) - kept, databases)


def how_soon(seconds: float) -> str:
    """When a puzzle ``seconds`` from now comes back (is due), in the unit that reads best; the
    one wording of it, in ``train`` and ``stats`` alike:

    - under an hour, whole minutes rounded up, never fewer than one (a puzzle not yet due is
      never "in 0 minutes"): ``in 1 minute`` at 59 s, ``in 10 minutes`` at 10 minutes;
    - under :data:`DAY_SECONDS`, the nearest whole hour: ``in 5 hours``, ``in 24 hours`` at
      23 h 59 min;
    - from a day on, days to a tenth, a whole number without one: ``in 1 day``, ``in 2.5
      days``.

    >>> how_soon(59.0), how_soon(3600.0), how_soon(DAY_SECONDS), how_soon(2.5 * DAY_SECONDS)
    ('in 1 minute', 'in 1 hour', 'in 1 day', 'in 2.5 days')
    """
    if seconds < 3600.0:
        n = max(1, math.ceil(seconds / 60.0))
        return ngettext("in {n} minute", "in {n} minutes", n).format(n=n)
    if seconds < DAY_SECONDS:
        n = round(seconds / 3600.0)
        return ngettext("in {n} hour", "in {n} hours", n).format(n=n)
    days = round(seconds / DAY_SECONDS, 1)
    if days == int(days):  # "in 1.0 days" read oddly (train-loop review, stop 57)
        return ngettext("in {n} day", "in {n} days", int(days)).format(n=int(days))
    return _("in {days} days").format(days=number(days, ".1f"))


def comes_back(schedule: Schedule, now: float) -> str:
    """When a puzzle given ``schedule`` by an answer comes back, as the session says it after
    the answer: :func:`how_soon` within a day (a miss: ``in 10 minutes``), its date from a day
    on (``on 2026-12-20``)."""
    left = schedule.due - now
    if left < DAY_SECONDS:
        return how_soon(left)
    day = day_text(time.strftime("%Y-%m-%d", time.localtime(schedule.due)))
    return _("on {day}").format(day=day)


def describe(pick: Pick, now: float) -> str:
    """Why this puzzle now, in a few words."""
    if pick.reason == "new":
        if pick.changed:
            return _(
                "a new puzzle (its file changed since you last answered it: progress starts afresh)"
            )
        return _("a new puzzle")
    assert pick.schedule is not None
    if pick.reason == "due":
        return _("due for review (box {box})").format(box=pick.schedule.box)
    return _("ahead of time (box {box}, due {when})").format(
        box=pick.schedule.box, when=how_soon(pick.schedule.due - now)
    )


def summary(results: Sequence[tuple[Pick, Verdict]], interrupted: bool = False) -> dict[str, Any]:
    """A session's answers, for ``tutor train --json`` (``interrupted``: by Ctrl-C)."""
    return {
        "interrupted": interrupted,
        "answered": len(results),
        "correct": sum(1 for _, v in results if v.correct),
        "puzzles": [
            {"puzzle": p.puzzle.name, "question": p.puzzle.kind, "reason": p.reason,
             "correct": v.correct, "skipped": v.skipped}
            for p, v in results
        ],
    }  # fmt: skip


class TrainSession:
    """A session of up to ``count`` puzzles of ``trainer``, driven by :meth:`run`.

    The session chooses each puzzle, asks it, judges the answer, keeps it (committed before the
    next puzzle is chosen) and says what became of it: saved, and when the puzzle comes back.
    The caller supplies the input and output (the command line reads the terminal and renders
    the puzzles), so a terminal, a test or another program can drive it. :attr:`results` holds
    the answers judged so far, also when a Ctrl-C ends :meth:`run` midway.
    """

    def __init__(self, trainer: Trainer, count: int) -> None:
        self.trainer = trainer
        self.count = count
        self.results: list[tuple[Pick, Verdict]] = []
        """Each puzzle answered, with its verdict, in the order asked."""

    def run(
        self,
        ask: Callable[[Puzzle], tuple[str, Answer | None]],
        show_puzzle: Callable[[Puzzle], None],
        show_verdict: Callable[[Puzzle, Verdict], None],
        show: Callable[[str], None],
        say: Callable[[str], None],
        judge: Callable[[Puzzle, Answer | None], Verdict] | None = None,
    ) -> None:
        """Ask up to :attr:`count` puzzles, judge and keep each answer.

        ``show`` gets the head of each puzzle (``Puzzle 1 of 5: ...``) and what became of each
        answer (``Saved. Leitner box 2: ...``), ``show_puzzle`` and ``show_verdict`` the puzzle
        and the verdict to render, ``say`` the messages about the session (every puzzle asked,
        the end of the input). ``ask(puzzle)`` reads an answer: ``("answer", answer)``,
        ``("answer", None)`` to skip, ``("quit", None)`` or ``("end", None)`` (the end of the
        input) to stop. ``judge`` works the answer out (default:
        :func:`tutor.puzzles.answer.attempt`). An answer typed is judged and kept before a
        Ctrl-C stops the session: one pressed just after Enter lost it while the session said
        all was saved (store audit, stop 55). The caller's :meth:`Trainer.finish` saves the
        answers the store could not take yet."""
        if judge is None:
            from tutor.puzzles.answer import attempt

            judge = attempt
        trainer = self.trainer
        for n in range(1, self.count + 1):
            pick = trainer.next()
            if pick is None:
                say(_("every puzzle has been asked in this session"))
                return
            head = _("Puzzle {n} of {count}: {name}, {why}").format(
                n=n, count=self.count, name=pick.puzzle.name, why=describe(pick, trainer.clock())
            )
            show("\n" + head)
            show_puzzle(pick.puzzle)
            how, answer = ask(pick.puzzle)
            if how in ("end", "quit"):
                say(_stop_words(how, bool(trainer.unsaved)))
                return
            with interrupts_held():
                verdict = judge(pick.puzzle, answer)
                kept = len(trainer.unsaved)
                sched = trainer.record(pick, verdict, None if answer is None else answer.text)
                self.results.append((pick, verdict))
            show_verdict(pick.puzzle, verdict)
            if sched is None:
                show(_not_saved_words(trainer.rescue_file))
                continue
            if kept:
                show(
                    ngettext(
                        "The answer kept earlier is saved now too.",
                        "The {n} answers kept earlier are saved now too.",
                        kept,
                    ).format(n=kept)
                )
            show(_saved_words(sched, trainer.clock()))


def _not_saved_words(rescue_file: Path | None) -> str:
    """An answer the store could not take yet: kept, and in ``rescue_file`` too (if any)."""
    if rescue_file is None:
        return _(
            "Not saved yet: another session holds the progress database. The answer is "
            "kept, and saved with the next one or at the end of the session."
        )
    return _(
        "Not saved yet: another session holds the progress database. The answer is "
        "kept, in {file} too until it is saved, and saved with the next one or at "
        "the end of the session."
    ).format(file=rescue_file)


def _saved_words(sched: Schedule, now: float) -> str:
    """An answer saved: its puzzle's Leitner box, and when it comes back (:func:`comes_back`)."""
    if sched.kept:  # ahead of time: spaced repetition moves a puzzle up only when it is due
        saved = _(
            "Saved. Answered ahead of time, so it stays in Leitner box {box}: it comes back {when}."
        )
    else:
        saved = _("Saved. Leitner box {box}: it comes back {when}.")
    return saved.format(box=sched.box, when=comes_back(sched, now))


def _stop_words(how: str, unsaved: bool) -> str:
    """Why the session stops (``how``: ``end`` of the input, or ``quit``), and whether every
    answer is saved (not with ``unsaved`` ones: the caller's :meth:`Trainer.finish` saves
    them, or names a rescue file)."""
    if how == "end":
        if unsaved:
            return _("end of the input: the session stops")
        return _("end of the input: the session stops; every answer so far is saved")
    if unsaved:
        return _("the session stops")
    return _("the session stops; every answer so far is saved")
