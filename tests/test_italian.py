"""The whole interface in Italian: every command run as an Italian user would, and every help.

Two checks over every run (``LANG=it_IT.UTF-8``):

- every message the run looks up has an Italian translation in the compiled catalogue (a
  message added in English without its Italian fails here, whichever command shows it);
- no English word is left in what a person reads: the words of the English messages that no
  Italian message uses are looked for in the output, leaving out what is not language (names
  from the records, card codes, file paths, commands and options, observation codes, JSON).

The runs use the inputs of the other CLI tests (``helpers``: the example records, the shipped
puzzles, the scripted games), with small budgets so that the walk stays quick.
"""

from __future__ import annotations

import functools
import gettext
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer
from helpers import BAD, ITALIAN, ROOT, rule_moves, run, scripted_hand, seed003_opening
from rich.text import Text

from tutor.cli import app
from tutor.game.i18n import _catalogue, speaking
from tutor.puzzles.format import collection_dir
from tutor.records.recordfile import load_path
from tutor.review.observations import CODES, MAXIMS

pytestmark = pytest.mark.usefixtures("run_from_root")

CATALOGUE: Any = _catalogue("it")
MESSAGES = {k: v for k, v in CATALOGUE._catalog.items() if k}  # "" is the header
ITALIAN_TEXT = " ".join(MESSAGES.values())
ENGLISH_TEXT = " ".join(k if isinstance(k, str) else k[0] for k in MESSAGES)

WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


# Words both languages write alike, or that are names rather than English (the placeholders'
# names are left out by taking only the text outside braces).
SHARED = _words(
    # an option an Italian message names (su --table) is no Italian word
    re.sub(r"(?<![\w-])--?[a-z][a-z-]*", " ", re.sub(r"\{[^}]*\}", " ", ITALIAN_TEXT))
) | {"tutor", "ok", "json", "yaml", "svg"}
ENGLISH_COMMON = set(
    "the and of to is are with for not this that your it be can may must has have was were "
    "will would from which what when where there their they an or at by as if then than but "
    "all each every one two three only still more most any some none nothing should could "
    "does did do been being its these those into over after before between".split()
)
"""Common English words, whether or not a message of today uses them: a new English text
shows some of them even when all its other words are new."""

ENGLISH_ONLY = (_words(re.sub(r"\{[^}]*\}", " ", ENGLISH_TEXT)) | ENGLISH_COMMON) - SHARED
"""The words of the English messages that no Italian message uses: none may be shown."""

NAMES = {"ada", "bruno", "carla"}
"""Names of players in the records the runs read (a name is the user's, never translated)."""

CODE_WORDS = {*CODES, *MAXIMS}
"""Observation codes and maxim keys: identifiers, shown as they are in every language."""

NOT_LANGUAGE = [
    # example command lines, with the lines a backslash continues them on (a narrow help)
    re.compile(r"(?m)^\s*(?:tutor|echo|printf|python)\b(?:.*\\\n)*.*$"),
    re.compile(r"\S*[/\\]\S*"),  # paths, slashes between options (on|off|ask, x/y)
    re.compile(r"\S+\.(?:yaml|yml|html|svg|sqlite|md|py|txt)\b"),  # file names
    re.compile(r"(?<![\w-])--?[a-z][a-z-]*"),  # options
    re.compile(r"\btutor(?: [a-z]+)+"),  # command lines
    re.compile(r"\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b"),  # codes and keys: missed-scopa, hands_won
    re.compile(r"\b(?:[AKQJ2-7]|10|[FCRSV])[DHSCBOEP]\b"),  # cards
    # quoted text: what the user typed, a key of a file; on one line, and not an elided
    # article (was: from the "l'" of one line to the "un'" of another, hiding an English "You")
    re.compile(r"(?<!\w)'[^'\n]*'(?!\w)"),
    re.compile(r"<[^>]*>"),  # value types in the usage
    re.compile(r'"[a-z_]+"'),  # the keys of JSON: {"answered", "themes": ...}
]
"""What is not language in an output: left out before the words are looked at."""


def english_words(text: str) -> set[str]:
    """The English words in ``text`` once names, codes and paths are left out."""
    for pattern in NOT_LANGUAGE:
        text = pattern.sub(" ", text)
    ignored = NAMES | CODE_WORDS | COMMAND_NAMES
    return {w for w in _words(text) if w in ENGLISH_ONLY and w not in ignored}


@dataclass
class Missing:
    """Every message looked up that the catalogue does not translate."""

    found: set[str]

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        cls = gettext.GNUTranslations
        plain, plural, context = cls.gettext, cls.ngettext, cls.pgettext

        def lookup(self: Any, message: str) -> str:
            if message and message not in self._catalog:
                found.add(message)
            return plain(self, message)

        def lookup_plural(self: Any, singular: str, plural_: str, n: int) -> str:
            if (singular, 0) not in self._catalog:
                found.add(singular)
            return plural(self, singular, plural_, n)

        def lookup_context(self: Any, ctx: str, message: str) -> str:
            if f"{ctx}\x04{message}" not in self._catalog:
                found.add(f"{ctx}|{message}")
            return context(self, ctx, message)

        found = self.found
        monkeypatch.setattr(cls, "gettext", lookup)
        monkeypatch.setattr(cls, "ngettext", lookup_plural)
        monkeypatch.setattr(cls, "pgettext", lookup_context)


@pytest.fixture
def missing(monkeypatch: pytest.MonkeyPatch) -> Missing:
    recorder = Missing(set())
    recorder.install(monkeypatch)
    return recorder


# -- the runs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    args: tuple[str, ...]
    input: str | None = None
    code: int = 0
    words: bool = True
    """Whether the output is for people (the engine's protocol and --json runs are not)."""


def _commands(cmd: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    for name, sub in getattr(cmd, "commands", {}).items():
        yield from _commands(sub, (*path, name))


COMMAND_PATHS = sorted(_commands(typer.main.get_command(app)))
"""Every command and group of the app, by path (``()`` is tutor itself)."""
COMMAND_NAMES = {name for path in COMMAND_PATHS for name in path}
"""The commands' names: typed as they are in every language."""

SEED003 = "docs/examples/seed003-scopa.yaml"
FAST = ("--samples", "4", "--time", "0.05", "--workers", "1", "--seed", "1")
PUZZLE = "keep-the-table-above-ten"


@functools.cache
def _scripts() -> tuple[list[str], list[str]]:
    """What the scripted ``live`` and ``play`` runs type (worked out once: it plays a hand)."""
    return scripted_hand("scopa", 4, 0, ["You", "Ada"])[0], rule_moves("scopa", 3, "italian")


def runs(tmp: Path) -> list[Run]:
    """A scripted run of every command (and a few errors), the inputs of the other tests."""
    live_lines, moves = _scripts()
    (tmp / "bad.yaml").write_text("ruleset: scopa\nplayers: [You, Ada]\ntable: [2C 4C\n")
    return [
        Run(("rules",)),
        Run(("rules", "scopone-scientifico")),
        Run(("replay", SEED003)),
        Run(("replay", "docs/examples/scopa-match.yaml")),
        Run(("replay", "docs/examples/scopone-hand.yaml", "--as", "North", "--step"), "\n" * 40),
        Run(("explain", "--ruleset", "scopone-16", "--table", "AD 3C 4S 5B FD", "CB")),
        Run(("explain", SEED003, "--at", "2", *FAST)),
        Run(("review", SEED003, "--as", "You", *FAST, "--html", str(tmp / "r.html"))),
        Run(("review", SEED003, "--all", *FAST, "--hindsight")),
        Run(("review", "docs/examples/scopone-hand.yaml", "--as", "North", *FAST)),
        Run(("track", "docs/examples/partial-view.yaml", "--as", "South", "--at", "20")),
        Run(("solve", "docs/examples/scopone-hand.yaml", "--at", "30")),
        Run(("solve", "docs/examples/partial-view.yaml", "--at", "20", *FAST)),
        Run(("simulate", "--ruleset", "scopa", "--players", "random,greedy", "--hands", "2")),
        Run(("render", SEED003, "--at", "3", "--svg", str(tmp / "p.svg"))),
        Run(("live", "--ruleset", "scopa", "--players", "You,Ada", "--as", "You", "--deck",
             "french", "--save", str(tmp / "live.yaml")),
            "\n".join(["ZZ", *live_lines[:6], "board", "undo", "help", "quit"]) + "\n", 1),
        Run(("play", "--ruleset", "scopa", "--seed", "3", "--save", str(tmp / "game.yaml"),
             "--feedback-time", "0.05", "--workers", "1"),
            "\n".join(["help", "board", "ZZ", moves[0], "undo", *moves[:3], "quit"]) + "\n", 1),
        Run(("engine",), "ruleset scopa\nisready\nbogus\nquit\n", words=False),
        Run(("drill", "48", "--seed", "7", "--rounds", "2"), "2 6 F\nnessuno\nboh\n"),
        Run(("puzzle", "check", str(collection_dir() / f"{PUZZLE}.yaml"))),
        Run(("puzzle", "list", "--theme", "endgame")),
        Run(("puzzle", "try", PUZZLE), "ZZ\nsalta\n"),
        Run(("puzzle", "try", "scopa-legal-captures-0cce11fbb41c"), "nessuna\n"),
        Run(("puzzle", "generate", "--ruleset", "scopa", "--count", "1", "--seed", "1",
             "--workers", "1", "--out", str(tmp / "mined"))),
        Run(("train", "--db", str(tmp / "p.sqlite"), "--count", "2", "--theme", "capture-rule"),
            "salta\nnessuna\n"),
        Run(("stats", "--db", str(tmp / "p.sqlite"))),
        # the benchmarks' tables show their figures by their JSON keys
        Run(("bench", "playouts", "--hands", "3", "--repeat", "1"), words=False),
        Run(("bench", "replay", SEED003, "--repeat", "1"), words=False),
        Run(("bench", "tracker", "--repeat", "1"), words=False),
        Run(("bench", "solve", "--positions", "1"), words=False),
        Run(("bench", "language", "--repeat", "1"), words=False),
        Run(("bench", "calibration", "--players", "random", "--hands", "2", "--seed", "1")),
        Run(("bench", "endgame", "--players", "chitarrella,greedy", "--deals", "1", "--samples",
             "4", "--methods", "search,facts")),
        Run(("bench", "verdicts", seed003_opening(tmp, 2), "--runs", "1", "--reference-samples",
             "400", "--workers", "1")),
        Run(("bench", "tune", "-g", "1", "--pairs", "1", "--deals", "2", "--check-deals", "2"),
            words=False),  # fmt: skip
        Run(("bench", "tune", "--start", "{"), code=2),
        # errors: bad input (exit 3) and usage errors (exit 2)
        Run(("replay", str(tmp / "bad.yaml")), code=3),
        *(Run(("replay", str(bad)), code=3) for bad in sorted(BAD.glob("*.yaml"))),
        Run(("replay", "no-such-file.yaml"), code=3),
        Run(("solve", SEED003, "--at", "abc"), code=2),
        Run(("solve", "--bogus", SEED003), code=2),
        Run(("track", SEED003), code=2),
        Run(("explain", "--deck", "xx", "--ruleset", "scopa", "--table", "", "7D"), code=2),
        Run(("bogus",), code=2),
        Run(("bench", "solve", "no-such-case"), code=2),
    ]  # fmt: skip


PARTS = 6
"""The runs are checked in this many parts, so that the suite's workers share them."""


def part(tmp: Path, k: int) -> list[Run]:
    """The ``k``-th of :data:`PARTS` parts of :func:`runs`. Runs naming the same file under
    ``tmp`` (``train`` then ``stats`` on one store) stay together, in their order."""
    blocks: dict[str, list[Run]] = {}
    for i, r in enumerate(runs(tmp)):
        shared = next((a for a in r.args if str(tmp) in a and not a.endswith("bad.yaml")), None)
        blocks.setdefault(shared or f"#{i}", []).append(r)
    return [r for block in list(blocks.values())[k::PARTS] for r in block]


def test_the_parts_hold_every_run_once(tmp_path: Path) -> None:
    everyone = [r for k in range(PARTS) for r in part(tmp_path, k)]
    assert sorted(map(repr, everyone)) == sorted(map(repr, runs(tmp_path)))
    (with_store,) = [k for k in range(PARTS) for r in part(tmp_path, k) if r.args[0] == "stats"]
    assert any(r.args[0] == "train" for r in part(tmp_path, with_store))


def test_the_runs_cover_every_command(tmp_path: Path) -> None:
    ran = {r.args[: len(p)] for r in runs(tmp_path) for p in COMMAND_PATHS}
    bench_slow = {("bench", "all"), ("bench", "search"), ("bench", "puzzles"), ("bench", "review"),
                  ("bench", "play")}  # fmt: skip
    uncovered = [p for p in COMMAND_PATHS if p and p not in ran and p not in bench_slow]
    assert uncovered == [], uncovered


@pytest.mark.parametrize("k", range(PARTS))
def test_every_command_speaks_italian(k: int, tmp_path: Path, missing: Missing) -> None:
    leaks: dict[str, set[str]] = {}
    for r in part(tmp_path, k):
        result = run(*r.args, input=r.input, env=ITALIAN)
        shown = " ".join(r.args)
        assert result.exit_code == r.code, (shown, result.output)
        assert "Traceback" not in result.output, shown
        if r.words:
            found = english_words(result.stdout + "\n" + result.stderr)
            if found:
                leaks[shown] = found
    page = tmp_path / "r.html"
    if any(str(page) in r.args for r in part(tmp_path, k)):
        html = page.read_text(encoding="utf-8")
        assert '<html lang="it">' in html
        text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.DOTALL)
        found = english_words(text.replace("&#x27;", "'").replace("&amp;", "&"))
        if found:
            leaks["review --html"] = found
    assert not missing.found, sorted(missing.found)
    assert not leaks, leaks


@pytest.mark.parametrize("path", COMMAND_PATHS, ids=lambda p: " ".join(p) or "tutor")
def test_every_help_speaks_italian(path: tuple[str, ...], missing: Missing) -> None:
    result = run(*path, "--help", env=ITALIAN)
    assert result.exit_code == 0, result.output
    assert "Uso: tutor" in result.stdout
    assert not missing.found, sorted(missing.found)
    assert english_words(result.stdout) == set()


def test_json_runs_speak_english() -> None:
    """A --json run speaks English throughout, so that the texts inside the JSON (worded by the
    library as they are found) are the same in every language; its errors too."""
    error = run("--lang", "it", "replay", "no-such-file.yaml", "--json", env=ITALIAN)
    assert error.exit_code == 3 and "cannot read" in error.stderr
    english = run("rules", "scopa", "--json")
    italian = run("--lang", "it", "rules", "scopa", "--json", env=ITALIAN)
    assert json.loads(italian.stdout) == json.loads(english.stdout)


def _options(path: tuple[str, ...]) -> set[str]:
    cmd: Any = typer.main.get_command(app)
    for name in path:
        cmd = cmd.commands[name]
    return {o for p in cmd.params for o in getattr(p, "opts", [])}


ITALIAN_ANSWERS = re.compile(r"\b(?:nessun[oa]?|salta|boh)\b")
"""Answers typed in Italian (an English session reads other words): runs typing them are left
out of the comparison below."""


def _with_time(args: tuple[str, ...], seconds: str) -> tuple[str, ...]:
    """``args`` with the time budget ``seconds``: the samples alone then bound the work, and the
    run repeats exactly whatever the machine's load."""
    out = list(args)
    for i, arg in enumerate(out[:-1]):
        if arg == "--time":
            out[i + 1] = seconds
    return tuple(out)


def _untimed(data: Any) -> Any:
    """JSON without its timings (``seconds``), which no two runs share."""
    if isinstance(data, dict):
        return {k: _untimed(v) for k, v in data.items() if k != "seconds"}
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    return data


def _written(path: Path) -> Any:
    """What a script reads in a file the tutor wrote. A game of ``tutor play`` names the seats
    in the player's language (You, Tu: names, not format) and notes each play with a timed
    sampling: its record is compared by its shape (keys, cards, plays in seat order)."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("title:") or "\ngame:" not in text:
        return text
    (rec,) = load_path(path)
    seat = rec.players.index
    return (
        re.findall(r"(?m)^(\w+):", text),
        rec.ruleset_name,
        rec.style.name,
        len(rec.players),
        None if rec.dealer is None else seat(rec.dealer),
        rec.table,
        [[deal[p] for p in rec.players] for deal in rec.deals],
        [(e.card, e.capture, e.note is not None) for e in rec.plays],
    )


@pytest.mark.parametrize("k", range(PARTS))
def test_what_scripts_read_is_the_same_in_every_language(k: int, tmp_path: Path) -> None:
    """Scripts must not break: the JSON of every command that has --json, the records and
    puzzles written and the exit codes are the same in English and in Italian (the Italian
    runs' exit codes are checked by :func:`test_every_command_speaks_italian`)."""
    seen: dict[str, dict[tuple[str, ...], Any]] = {}
    for lang, env in (("en", {"LANG": "C.UTF-8"}), ("it", ITALIAN)):
        where = tmp_path / lang
        where.mkdir()
        out = seen[lang] = {}
        for r in part(where, k):
            path = next(p for p in COMMAND_PATHS[::-1] if r.args[: len(p)] == p)
            if path[:1] == ("bench",) or (r.input and ITALIAN_ANSWERS.search(r.input)):
                continue  # timings; answers typed in Italian
            key = tuple(a.replace(str(where), "TMP") for a in r.args)
            if "--json" in _options(path) and r.input is None:
                result = run(*_with_time(r.args, "60"), "--json", env=env)
                text = result.stdout.replace(str(where), "TMP")
                shown = _untimed(json.loads(text)) if result.exit_code == 0 else text
                out[("--json", *key)] = (result.exit_code, shown)
            if lang == "en":
                assert run(*r.args, input=r.input, env=env).exit_code == r.code, key
            elif "--save" in r.args or "--out" in r.args:
                run(*r.args, input=r.input, env=env)
        for written in sorted(where.rglob("*.yaml")):
            out[("file", str(written.relative_to(where)))] = _written(written)
    compared = [key[1] for key in seen["it"] if key[0] == "file"]
    for r in part(tmp_path / "it", k):  # every file the Italian runs wrote is compared
        for option in ("--save", "--out"):
            if option in r.args:
                name = Path(r.args[r.args.index(option) + 1]).name
                assert any(c.split("/")[0] == name for c in compared), (name, compared)
    assert seen["it"].keys() == seen["en"].keys()
    for key, english in seen["en"].items():
        assert seen["it"][key] == english, key


def test_english_words_are_found() -> None:
    """The check bites: English left in a line is seen; names, cards and codes are not."""
    assert english_words("Ada gioca 7D: missed-scopa, la tavola è vuota.") == set()
    assert english_words("the table is empty") >= {"the", "table", "empty"}


@pytest.mark.parametrize("name", ["replay-seed003-scopa.it.txt", "review-seed003.it.txt"])
def test_the_italian_goldens_have_no_english(name: str) -> None:
    """The Italian goldens are Italian: an English word left in them fails here, not only a
    change of wording."""
    text = (Path(__file__).parent / "golden" / name).read_text(encoding="utf-8")
    assert english_words(text) == set()


def test_an_unknown_language_is_refused_in_the_users_language() -> None:
    """``--lang de``: a usage error (exit 2), worded in the environment's language."""
    result = run("--lang", "de", "rules", env=ITALIAN)
    assert result.exit_code == 2
    assert "lingua sconosciuta 'de'" in result.stderr, result.stderr


def test_answers_are_read_in_every_language(tmp_path: Path) -> None:
    """An Italian answer is understood in a run that speaks English (--json) and an English
    one in Italian: 'salta' gives up, 'nessuna' says no capture, as 'skip' and 'none' do."""
    db = str(tmp_path / "p.sqlite")
    args = ("train", "--db", db, "--count", "2", "--theme", "capture-rule")
    english = run(*args, "--json", input="salta\nnessuna\n", env=ITALIAN)
    assert english.exit_code == 0, english.output
    assert json.loads(english.stdout)["answered"] == 2
    italian = run(*args, input="skip\nnone\n", env=ITALIAN)
    assert italian.exit_code == 0 and "non è una carta" not in italian.stderr, italian.stderr


@pytest.mark.parametrize(
    ("env", "args", "italian"),
    [
        ({"LANG": "it_IT.UTF-8"}, (), True),
        ({"LANGUAGE": "it", "LANG": "en_US.UTF-8"}, (), True),
        ({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, (), False),
        ({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "en_GB.UTF-8"}, (), True),
        ({"LANGUAGE": "fr:it"}, (), True),
        ({"LC_ALL": "C"}, ("--lang", "it"), True),
        ({"LANG": "it_IT.UTF-8"}, ("--lang", "en"), False),
        ({"LANG": "fr_FR.UTF-8"}, (), False),
    ],
)
def test_the_language_is_chosen_as_for_any_program(
    env: dict[str, str | None], args: tuple[str, ...], italian: bool
) -> None:
    """LANGUAGE, LC_ALL, LC_MESSAGES and LANG, the first one set, then --lang over them;
    English when none names a language of the tutor."""
    result = run(*args, "rules", env=env)
    assert result.exit_code == 0
    assert ("regolamento" in result.stdout) == italian, result.stdout[:80]


def test_the_words_around_a_message_speak_italian_too(tmp_path: Path) -> None:
    """Bugs: in Italian, every error began 'tutor: error:', a rejected typed line said
    'line 3:', a record's error 'play 2:', and a mistyped command ended 'Did you mean ...?'."""
    missing = run("--lang", "it", "replay", str(tmp_path / "none.yaml"))
    assert missing.stderr.startswith("tutor: errore: ")
    turn = run("--lang", "it", "replay", str(BAD / "wrong-turn.yaml"))
    assert ": giocata 2: turno sbagliato" in turn.stderr
    typed = "2C 4H 5S QD\n7D 7H AS\nZZ\n"
    args = ["-r", "scopa", "-p", "You,Ada", "--as", "You", "--deck", "french", "-q"]
    live = run("--lang", "it", "live", *args, "-o", str(tmp_path / "h.yaml"), input=typed)
    assert "tutor: riga 3: giocata 1: 'ZZ' non è una carta" in live.stderr
    # and (Italian audit, stop 52) lists the names in words, with no "?;" before "vedi"
    assert run("--lang", "it", "replya").stderr == (
        "tutor: errore: il comando 'replya' non esiste; forse 'replay', 'explain' o 'play'; "
        "vedi 'tutor --help'\n"
    )
    assert run("replya").stderr.endswith(
        "perhaps 'replay', 'explain' or 'play'; see 'tutor --help'\n"
    )


def test_a_player_called_you_is_spoken_to(tmp_path: Path) -> None:
    """Bug: where the player to move is You (``tutor play`` and seed 003 name the user so),
    the puzzle, solve and play's explain said "You to play" / "You to move", in Italian
    "Tocca a You." and "Giocata 1: tocca a Tu"; they now say "Your turn" ("Tocca a te")."""
    puzzle = "puzzles/count-adas-last-three.yaml"
    tried = run("--lang", "it", "puzzle", "try", puzzle, input="salta\n")
    assert "Tocca a te." in tried.stdout, tried.stdout
    assert "Dopo la giocata 30: tocca a te. Trova la giocata migliore." in tried.stdout
    solved = run("--lang", "it", "solve", puzzle)
    assert solved.stdout.startswith("Dopo la giocata 30: tocca a te; in tavola:"), solved.stdout
    english = run("solve", puzzle)
    assert english.stdout.startswith("After play 30: your turn; table:"), english.stdout
    save = str(tmp_path / "g.yaml")
    played = run("--lang", "it", "play", "-r", "scopa", "--seed", "3", "--save", save,
                 input="explain\nquit\n")  # fmt: skip
    assert "Giocata 1: tocca a te (regolamento scopa); in tavola:" in played.stdout, played.stdout
    for out in (tried.stdout, solved.stdout, played.stdout):
        assert not re.search(r"\b(a You|a Tu|Tu ha|You to)\b", out), out


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_list_of_commands_is_whole_in_every_language(lang: str) -> None:
    """Found by QA: in Italian the top-level list cut train's line to "Allenati sui problemi
    scelti a ripetizione dilazionata..." (too long for 80 columns; the English fit)."""
    result = run("--lang", lang, "--help", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    listed = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert any(line.split()[0] == "train" for line in listed)
    assert not [line for line in listed if line.endswith("...")]


def test_errors_name_the_argument_in_the_run_language() -> None:
    """Found by QA: Italian errors named the argument in English ("CARD: '7' non è una
    carta", "valore non valido per NAME") while the help calls it CARTA and NOME."""
    r = run("--lang", "it", "explain", "--ruleset", "scopa", "--table", "7C", "7")
    assert r.exit_code == 3 and r.stderr.startswith("tutor: errore: CARTA: '7' non è una carta")
    r = run("--lang", "it", "rules", "foo")
    assert r.exit_code == 2 and "NOME" in r.stderr and "NAME" not in r.stderr
    r = run("explain", "--ruleset", "scopa", "--table", "7C", "7")
    assert r.stderr.startswith("tutor: error: CARD: '7' is not a card")


def test_an_unknown_style_lists_the_names_as_they_may_be_typed() -> None:
    """Found by QA: in Italian the error listed grabber, careful, careless, while the help
    tells the user to type arraffone, attento, distratto (both are taken)."""
    r = run("--lang", "it", "track", "docs/examples/scopone-hand.yaml", "--as", "South",
            "--style", "West=nope")  # fmt: skip
    assert r.exit_code == 2 and "scegli tra arraffone, attento, distratto" in r.stderr


def test_the_tie_rule_of_a_game_without_partners_names_no_team() -> None:
    """Bug (solve sweep): scopa-re-bello, two players each for themselves, said in Italian that
    more hands are played 'finché una squadra non è in testa' (until a team leads)."""
    result = run("--lang", "it", "rules", "scopa-re-bello", env=ITALIAN)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "2 giocatori, ognuno per sé" in text
    # stop 49: play-on said "more hands until one side leads", which is higher-wins's rule
    assert "si gioca sempre almeno un'altra mano, poi vince chi è in testa" in text
    assert "squadra" not in text


def test_puzzle_check_names_the_kind_of_question_in_italian() -> None:
    """Was: 'seed004-rule-of-48: giusto (unmatched, conto delle carte)': the kind of question
    stayed the file's key (the check of English words takes hyphenated keys for codes)."""
    for name, key, word in (("seed004-rule-of-48", "unmatched", "sparigliati"),
                            (PUZZLE, "best-move", "giocata migliore")):  # fmt: skip
        result = run("puzzle", "check", str(collection_dir() / f"{name}.yaml"), env=ITALIAN)
        assert result.exit_code == 0, result.output
        assert f"({word}, " in result.stdout and key not in result.stdout


def test_a_name_beginning_with_a_takes_the_euphonic_ad() -> None:
    """Was: 'turno sbagliato: tocca a Ada, non a te' and 'a Ada vanno 4 carte'."""
    for bad, said in (("wrong-turn.yaml", "tocca ad Ada, non a te"),
                      ("too-many-cards.yaml", "ad Ada vanno 4 carte")):  # fmt: skip
        result = run("replay", str(BAD / bad), env=ITALIAN)
        assert result.exit_code == 3 and said in result.stderr, result.stderr
    # English is left alone
    assert "it is Ada's turn" in run("replay", str(BAD / "wrong-turn.yaml")).stderr


def test_a_seed_is_never_called_seme_which_is_a_suit() -> None:
    """Found by a user: "seme casuale 0" reads to a card player as "random suit 0" (a *seme*
    is a suit). A seed is a *numero di partenza* in every Italian message."""
    mo = Path(__file__).parents[1] / "tutor" / "locale" / "it" / "LC_MESSAGES" / "tutor.mo"
    with open(mo, "rb") as fp:
        catalogue = gettext.GNUTranslations(fp)
    texts = [t for t in catalogue._catalog.values() if isinstance(t, str)]  # type: ignore[attr-defined]
    assert any("numero di partenza" in t for t in texts)
    assert not [t for t in texts if re.search(r"\bsem[ei]\s+casual", t, re.IGNORECASE)]


def test_themes_and_decks_are_named_as_the_italian_output_names_them() -> None:
    """Found by an audit of the Italian: the --theme help listed the English theme names
    though the Italian ones are accepted, and --deck italiano was refused though the output
    says "mazzo italiano"."""
    from tutor.game.i18n import speaking
    from tutor.records.puzzle_key import THEMES, theme_name

    with speaking("it"):
        italian = [theme_name(t) for t in THEMES]
    for command in (("train",), ("puzzle", "generate")):
        shown = " ".join(run("--lang", "it", *command, "--help").stdout.split())
        assert all(name in shown for name in italian), (command, shown)
        assert "rule-of-48" not in shown and "last-capture" not in shown
    drilled = run("--lang", "it", "drill", "48", "--deck", "italiano", "--rounds", "1",
                  input="salta\n")  # fmt: skip
    assert drilled.exit_code == 0, drilled.stderr
    assert run("drill", "48", "--deck", "Italiano", "--rounds", "1", input="skip\n").exit_code == 0
    assert run("drill", "48", "--deck", "tedesco", "--rounds", "1").exit_code == 2


def test_a_decimal_comma_is_read_in_number_options() -> None:
    """Found by an audit of the Italian: the output writes 0,85, but -t 0,5,
    --trust-readings 0,5 and --style West=arraffone:0,8 were refused. A value with one comma
    between digits is read as a decimal in every option that takes a number (and a style's
    share), in both languages; a comma-separated list stays a list."""
    import typer

    from tutor.cli import app as root
    from tutor.cli.core import decimal_commas
    from tutor.counting.style import parse_stated_style

    command = typer.main.get_command(root)
    args = ["--lang", "it", "bench", "calibration", "--trust-readings", "0,5", "--players",
            "greedy,random", "--hands=1,5"]  # fmt: skip
    assert decimal_commas(command, args) == [*args[:5], "0.5", *args[6:]]
    assert decimal_commas(command, ["solve", "f.yaml", "-t", "0,5"])[-1] == "0.5"
    assert decimal_commas(command, ["solve", "f.yaml", "--time=1,25"])[-1] == "--time=1.25"
    for lang in ("it", "en"):
        solved = run("--lang", lang, "solve", "puzzles/lay-a-doppia.yaml", "-t", "0,5")
        assert solved.exit_code == 0, solved.stderr
    calibrated = run("bench", "calibration", "--trust-readings", "0,5", "--hands", "1",
                     "--players", "greedy", "--ruleset", "scopa", "--json")  # fmt: skip
    assert calibrated.exit_code == 0 and json.loads(calibrated.stdout)["trust"] == 0.5
    with speaking("it"):
        assert parse_stated_style("West=arraffone:0,8") == parse_stated_style("West=grabber:0.8")
    assert parse_stated_style("West=grabber:0,8") == parse_stated_style("West=grabber:0.8")
    refused = run("--lang", "it", "solve", "puzzles/lay-a-doppia.yaml", "-t", "mezzo")
    assert refused.exit_code == 2 and "serve un numero (come 0,5 o 0.5)" in refused.stderr


@pytest.mark.parametrize(
    ("message", "fields", "italian"),
    [
        # solve: the method, not "come"
        ("(how: {how})", {"how": "x"}, "(metodo: x)"),
        ("how", {}, "metodo"),
        # play's hint: the rules' scores, in words a player uses
        (
            "the chitarrella rules weigh (scores; the rule-based player plays the move with the "
            "highest total):",
            {},
            "punteggi delle regole di Chitarrella (il giocatore che segue le regole sceglie la "
            "giocata con il totale più alto):",
        ),
        # play-outs are "partite simulate"; puzzle generate's deals are not play-outs
        (
            "tuning the play-outs of {ruleset}: {n} generation",
            {"ruleset": "r", "n": 1},
            "regolo le partite simulate di r: 1 generazione",
        ),
        (
            "Seed of the self-play deals.",
            {},
            "Numero di partenza delle distribuzioni delle partite tra i giocatori del computer.",
        ),
        (
            "Expected points lost by each side, play by play; at the end: {totals}",
            {"totals": "x"},
            "Punti attesi persi da ciascuna squadra, giocata per giocata; alla fine: x",
        ),
        # a departure from the gain is no discard
        ("{departures} in {comparisons}", {"departures": "3", "comparisons": "10"}, "3 su 10"),
        # drill: who held the card, in a sentence
        (
            "In the real deal {card} was with {holder}: the reading held.",
            {"card": "CD", "holder": "Est"},
            "Nella distribuzione vera CD ce l'aveva Est: la lettura era giusta.",
        ),
        # one phrasing for "all moves are equal"
        (
            "Forced: every move is worth the same.",
            {},
            "Obbligata: tutte le giocate si equivalgono.",
        ),
        ("(every play is worth the same)", {}, "(tutte le giocate si equivalgono)"),
        ("all moves equal (exact)", {}, "tutte le giocate si equivalgono (esatto)"),
        ("every move is worth the same", {}, "tutte le giocate si equivalgono"),
        ("wrote {file}", {"file": "p.svg"}, "file scritto: p.svg"),
        # Italian audit, stop 55: no chess ("chi muove"), no "carta gemella", no two colons
        (
            "Sparigli: none yet: every capture so far was by a twin.",
            {},
            "Sparigli: ancora nessuno (finora ogni presa è stata di una carta dello stesso "
            "valore).",
        ),
        (
            "Who can hold what (* the plays read as behaviour move the figure)",
            {},
            "Chi può avere cosa (* = percentuale corretta dalle letture delle giocate)",
        ),
        ("Not answered: {claim}.", {"claim": "x"}, "Hai rinunciato: x."),
        (
            "{player} {style} {percent} ({said})",
            {"player": "Ada", "style": "distratto", "percent": "37%", "said": "x"},
            "Ada: stile distratto 37% (x)",
        ),
    ],
)
def test_the_italian_wording_the_audit_asked_for(
    message: str, fields: dict[str, str], italian: str
) -> None:
    """Found by an audit of the Italian output (findings 8-17): each message as it now reads."""
    from tutor.game.i18n import _

    with speaking("it"):
        assert _(message).format(**fields) == italian


def test_the_italian_plural_and_help_wording_the_audit_asked_for() -> None:
    """The audit's wording in plurals and help texts: departures are "rinunce al guadagno"
    (not "scarti", a discard), sides exchanged are seats exchanged (right in scopa too), the
    records' folder is CARTELLA, the napola's points follow a colon, and a game without
    partners has no "squadra" in the review chart."""
    from tutor.game.i18n import _, ngettext

    with speaking("it"):
        departures = ngettext("{n} departure from the gain", "{n} departures from the gain", 3)
        assert departures.format(n=3) == "3 rinunce al guadagno"
        assert "scambiando i posti" in _(
            "N duplicate deals, each played twice with the sides exchanged (2N hands); --hands "
            "is its older name."
        )
        records = _(
            "Also write every hand played as a record in DIR (made if missing; it must hold no "
            "records yet), to replay or review: deal-000-a.yaml, deal-000-b.yaml, ..."
        )
        assert "nella CARTELLA" in records and "DIR" not in records
        napola = _("napola (ace-2-3 of denari 3 points, +1 per further denaro in sequence)")
        assert "di denari: 3 punti" in napola
        chart = _("Expected points lost by each player, play by play; at the end: {totals}")
        assert "ciascun giocatore" in chart
    simulated = run("--lang", "it", "simulate", "--help").stdout
    assert "scambiando le squadre" not in simulated and "nella CARTELLA" in " ".join(
        simulated.split()
    )


def test_the_compass_seats_of_a_record_are_named_in_italian() -> None:
    """Was: the Italian replay, review, track and solve of a record named its players North,
    South, ... beside "Nord-Sud" in the puzzles; the JSON and the files keep the names as
    written, and a seat may be named in either language."""
    hand = "docs/examples/scopone-hand.yaml"
    replayed = run("--lang", "it", "replay", hand)
    assert "Ordine di gioco: Sud, Ovest, Nord, Est; Est fa il mazziere" in replayed.stdout
    assert "Squadre: Nord-Sud contro Est-Ovest." in replayed.stdout
    assert "Scopa per Est: il re prende 2 + 8" in replayed.stdout  # the record's note_it
    for seat in ("North", "nord"):
        tracked = run("--lang", "it", "track", hand, "--as", seat, "--at", "12")
        assert tracked.exit_code == 0, tracked.output
        assert not re.search(r"\b(North|South|East|West)\b", tracked.stdout), tracked.stdout
    english = run("--lang", "it", "track", hand, "--as", "Nord", "--at", "12", "--json")
    assert json.loads(english.stdout)["viewer"] == "North"
    assert "Playing order: South, West, North, East" in run("replay", hand).stdout


def test_a_puzzle_file_shown_in_italian_names_its_seats_in_italian() -> None:
    """Analysis audit (stop 49): replay, render, explain and track of a puzzle file said
    "Tocca a North", "Squadre: North-South", where a record's seats read Nord, Nord-Sud."""
    puzzle = "puzzles/keep-the-table-above-ten.yaml"
    for args in (
        ["replay", puzzle],
        ["render", puzzle, "--svg", "-"],
        ["explain", puzzle, "--at", "16", "-k", "8", "--seed", "1"],
        ["track", "puzzles/reading-a-passed-up-scopa.yaml", "--as", "South"],
    ):
        shown = run("--lang", "it", *args)
        assert shown.exit_code == 0, (args, shown.output)
        assert not re.search(r"\b(North|South|East|West)\b", shown.stdout), (args, shown.stdout)
        assert "Nord" in shown.stdout, args


def test_a_style_is_read_in_either_language() -> None:
    """Docs audit (stop 47): the README's ``--style West=arraffone:0,8`` was refused in an
    English run ("unknown style 'arraffone'"), though answers are read in either language."""
    hand = "docs/examples/scopone-hand.yaml"
    for lang in ("en", "it"):
        for given in ("West=arraffone:0,8", "West=Grabber:0.8"):
            result = run("--lang", lang, "track", hand, "--as", "South", "--at", "12",
                         "--style", given, "--json")  # fmt: skip
            assert result.exit_code == 0, (lang, given, result.output)
            west = next(p for p in json.loads(result.stdout)["trust"]["players"]
                        if p["player"] == "West")  # fmt: skip
            assert west["style_prior"]["grabber"] == 0.8, (lang, given)


def test_a_holds_puzzle_in_italian_names_and_reads_the_seats_in_italian() -> None:
    """Training audit (stop 47): an Italian holds puzzle listed "Ovest, Nord, Est" but read
    only the English names' starts ('ov' was no player), and its verdict and the tracker's
    lines said "North ha 6S", "per West alla giocata 30"."""
    tried = run("--lang", "it", "puzzle", "try", "reading-a-passed-up-scopa", input="ov\n")
    assert tried.exit_code == 0, tried.output
    assert "Non proprio: molto probabilmente 6S ce l'ha Nord." in tried.stdout
    assert "Nord ha 6S (l'ultimo 6 non visto)" in tried.stdout
    assert not re.search(r"\b(North|South|East|West)\b", tried.stdout), tried.stdout


def test_a_game_saved_in_italian_reads_in_english(tmp_path: Path) -> None:
    """Play audit (stop 47): a game played in Italian saves its seats as it named them
    ("players: [Tu, Ada]", "Destra", "Compagno"), and an English replay said "Tu" throughout;
    the seats the tutor names are shown in the run's language, whichever language wrote them."""
    text = (Path(__file__).parent.parent / "docs" / "examples" / "seed003-scopa.yaml").read_text(
        encoding="utf-8"
    )
    record = tmp_path / "tu.yaml"
    record.write_text(re.sub(r"\bYou\b", "Tu", text), encoding="utf-8")
    english = run("--lang", "en", "replay", str(record))
    assert english.exit_code == 0, english.output
    assert "Playing order: You, Ada; Ada deals and plays last." in english.stdout
    assert not re.search(r"\bTu\b", english.stdout)
    italian = run("--lang", "it", "replay", str(record))
    assert "Ordine di gioco: Tu, Ada" in italian.stdout
    reviewed = run("--lang", "en", "track", str(record), "--as", "You", "--at", "3")
    assert reviewed.exit_code == 0, reviewed.output
    # the JSON keeps the names as the file writes them, for the scripts that read both
    data = json.loads(run("track", str(record), "--as", "You", "--at", "3", "--json").stdout)
    assert data["viewer"] == "Tu"
    assert json.loads(run("replay", str(record), "--json").stdout)["hands"][0]["players"] == [
        "Tu",
        "Ada",
    ]
    # and what reads the file again by a name takes it as written (was: "Sud" not found)
    timed = run("--lang", "it", "bench", "tracker", "docs/examples/scopone-hand.yaml", "--as",
                "Sud", "--repeat", "1")  # fmt: skip
    assert timed.exit_code == 0, timed.output


def test_the_italian_board_fits_eighty_columns() -> None:
    """Play audit (stop 47): once a value was DISPARI the Italian board was 88 columns wide,
    and an 80-column terminal broke its row labels ("in / tavola"); the column says DISP, as
    the HTML board's narrow column does."""
    shown = run("--lang", "it", "track", "docs/examples/scopone-hand.yaml", "--as", "Sud",
                "--at", "20")  # fmt: skip
    board = shown.stdout.splitlines()[2:9]
    assert board[0].startswith("valore") and any("DISP " in line for line in board), board
    assert max(len(line) for line in board) <= 80, board


def test_a_title_that_names_its_hand_in_italian_is_not_named_twice() -> None:
    """Italian audit (stop 48): a match's Italian titles ("Mano 1 di una partita a 11") were
    headed "Mano 1: Mano 1 di una partita", as only the English "Hand 1" was looked for."""
    out = run("--lang", "it", "replay", str(ROOT / "docs/examples/scopa-match.yaml")).stdout
    assert out.startswith("Mano 1 di una partita a 11"), out[:80]
    assert "Mano 2: Mano 2" not in out and "\nMano 2 di una partita" in out


def test_a_name_filled_into_styled_text_gets_the_euphonic_ad() -> None:
    """Italian audit (stop 48): "Tocca a Ada" where the text was assembled with styled cards
    (solve's heading), while plain messages already said "tocca ad Ada"; and "Ovest e Est"."""
    from tutor.render.terminal import assemble_text

    out = run("--lang", "it", "solve", str(ROOT / "docs/examples/seed003-scopa.yaml"), "--at", "29")
    assert out.stdout.startswith("Dopo la giocata 29: tocca ad Ada; in tavola:"), out.stdout
    with speaking("it"):
        assert assemble_text("{a} e {b}", a="Ovest", b="Est").plain == "Ovest ed Est"
        assert assemble_text("tocca a {p}", p=Text("Nord")).plain == "tocca a Nord"
    assert assemble_text("{a} e {b}", a="Ovest", b="Est").plain == "Ovest e Est"  # English


def test_the_themes_of_stats_are_in_the_order_of_their_shown_names() -> None:
    """Practice audit (stop 49): the Italian stats listed the themes by their English keys
    ("regola di presa, denari, finale, ..."), in no order an Italian reader sees."""
    from tutor.records.puzzle_key import THEMES, theme_name
    from tutor.render.terminal import plain_text
    from tutor.render.training import stats_view
    from tutor.training.progress import Stats, ThemeCount

    stats = Stats(answered=len(THEMES), themes={t: ThemeCount(1, 1) for t in THEMES})
    for lang in ("en", "it"):
        with speaking(lang):
            shown = [theme_name(t) for t in THEMES]
            text = plain_text(*stats_view(stats, now=0.0), width=100)
            rows = [line.split("  ")[0].strip() for line in text.splitlines()]
            order = [r for r in rows if r in shown]
            assert order == sorted(shown, key=str.casefold), (lang, order)


def test_a_game_resumed_in_the_other_language_names_every_seat_in_it(tmp_path: Path) -> None:
    """Play audit (stop 49): a game begun in English and resumed in Italian said "9. Tu: 3S"
    beside "Carte in mano: You 7, Right 7, ..." and "Prese: You e Partner"; the seats the tutor
    named now read in the language of the run everywhere, and the file follows."""
    save = tmp_path / "g.yaml"
    begun = run("play", "--seed", "3", "--save", str(save), "--feedback-time", "0.1",
                input="quit\n")  # fmt: skip
    assert begun.exit_code == 0, begun.output
    resumed = run("--lang", "it", "play", "--resume", str(save), input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Carte in mano: Tu 9, Destra 9, Compagno 9, Sinistra 9." in resumed.stdout
    assert not re.search(r"\b(You|Right|Partner|Left)\b", resumed.stdout), resumed.stdout
    assert "players: [Tu, Destra, Compagno, Sinistra]" in save.read_text(encoding="utf-8")
    again = run("--lang", "en", "play", "--resume", str(save), input="quit\n")
    assert "Cards in hand: You 9, Right 9, Partner 9, Left 9." in again.stdout, again.stdout


def test_a_records_turn_and_holding_errors_name_the_seats_in_italian(tmp_path: Path) -> None:
    """Italian audit (stop 52): replay said "tocca a West, non a North" and "ce l'ha in mano
    East" where the rest of the run, and live, say Ovest, Nord and Est."""
    text = (ROOT / "docs" / "examples" / "scopone-hand.yaml").read_text(encoding="utf-8")
    cases = {
        "turn.yaml": (
            text.replace("  - 4S\n", "  - {player: North, play: 4S}\n", 1),
            "giocata 2: turno sbagliato: tocca a Ovest, non a Nord",
            "play 2: wrong turn: it is West's turn, not North's",
        ),
        "held.yaml": (
            text.replace("  - 4S\n", "  - 7C\n", 1),
            "giocata 2: Ovest non può giocare 7C: ce l'ha in mano Est",
            "play 2: West cannot play 7C: it is in East's hand",
        ),
    }
    for name, (body, italian, english) in cases.items():
        path = tmp_path / name
        path.write_text(body, encoding="utf-8")
        said = run("--lang", "it", "replay", str(path))
        assert said.exit_code == 3 and said.stderr.rstrip().endswith(italian), said.stderr
        said = run("--lang", "en", "replay", str(path))
        assert said.exit_code == 3 and said.stderr.rstrip().endswith(english), said.stderr


def test_numbers_in_the_help_and_range_errors_are_written_as_the_language_writes_them() -> None:
    """Italian audit (stop 52): the help showed ``[predefinito: 0.85; 0.0<=x<=1.0]`` and
    ``3.0``, and ``--trust-readings 1,5`` was refused with "al massimo 1.0, non 1.5"."""

    def helped(*args: str) -> str:  # the help's words, wherever its lines break
        return " ".join(run(*args, "--help").stdout.split())

    assert "[predefinito: 0,85; 0<=x<=1]" in helped("--lang", "it", "track")
    assert "[default: 0.85; 0<=x<=1]" in helped("--lang", "en", "track")
    assert "[predefinito: 3; 0,01<=x<=86400]" in helped("--lang", "it", "review")
    path = str(ROOT / "docs" / "examples" / "scopone-hand.yaml")
    said = run("--lang", "it", "track", path, "--as", "South", "--trust-readings", "1,5")
    assert said.exit_code == 2 and "il valore deve essere al massimo 1, non 1,5;" in said.stderr
    said = run("track", path, "--as", "South", "--trust-readings", "1.5")
    assert said.exit_code == 2 and "must be at most 1, not 1.5;" in said.stderr
    said = run("solve", path, "--samples", "2000000")
    assert "must be at most 1000000, not 2000000;" in said.stderr  # never 1e+06


def test_one_duplicate_deal_is_played_twice_without_each() -> None:
    """Italian audit (stop 52): "1 partita in duplicato, ognuna giocata due volte"."""
    args = ("simulate", "--ruleset", "scopa", "-p", "random,greedy", "--workers", "1")
    one = run("--lang", "it", *args, "-n", "1")
    assert one.exit_code == 0, one.output
    assert "1 smazzata in duplicato di scopa, giocata due volte" in one.stderr
    assert "1 smazzata, giocata due volte scambiando" in " ".join(one.stdout.split())
    two = run("--lang", "it", *args, "-n", "2")
    assert "2 smazzate in duplicato di scopa, ognuna due volte" in two.stderr
    assert "2 smazzate, ognuna giocata due volte" in " ".join(two.stdout.split())


def test_the_stats_write_their_dates_as_the_language_does() -> None:
    """Italian audit: the Italian stats wrote their days and the next review in ISO form
    (2026-12-07), where an Italian reader writes 07/12/2026."""
    import time

    from tutor.render.terminal import plain_text
    from tutor.render.training import stats_view
    from tutor.training.progress import DayCount, Stats

    noon = time.mktime((2026, 12, 7, 12, 0, 0, 0, 0, -1))
    stats = Stats(answered=1, days=[DayCount("2026-12-07", 1, 1)], next_due=noon + 600)
    with speaking("it"):
        text = plain_text(*stats_view(stats, now=noon), width=100)
    assert "  07/12/2026  " in text and "07/12/2026 12:10 (tra 10 minuti)" in text
    assert "2026-12-07" not in text
    english = plain_text(*stats_view(stats, now=noon), width=100)
    assert "  2026-12-07  " in english and "2026-12-07 12:10 (in 10 minutes)" in english


def test_italian_term_lists_keep_their_column() -> None:
    """Italian audit (stop 55): in play's help "suggerimento la giocata migliore..." had one
    space before its meaning, so it was no term of the list: at 60 columns its meaning wrapped
    back to the margin. Each list line of a message stays one in its translation."""
    from babel.messages.pofile import read_po

    from tutor.render.safe import TERM_LINE

    def terms(text: str) -> int:
        return sum(1 for line in text.split("\n") if TERM_LINE.fullmatch(line.lstrip(" ")))

    po = ROOT / "tutor" / "locale" / "it" / "LC_MESSAGES" / "tutor.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    off = [
        m.id
        for m in catalog
        if m.id and isinstance(m.id, str) and m.string and terms(m.id) != terms(m.string)
    ]
    assert off == []


def test_another_deck_s_notation_is_named_in_italian() -> None:
    """Italian audit (stop 55): "si legge come una carta nella notazione french"; the option
    keeps the name it takes."""
    said = run("--lang", "it", "explain", "-r", "scopa", "-t", "4H", "7D")
    assert said.exit_code == 3
    assert "nella notazione francese: indica --deck french" in said.stderr
