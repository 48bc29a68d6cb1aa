"""Hand record files: reading and writing the YAML, its errors, round trips and saving."""

from __future__ import annotations

import io
import json
import os
import random
import re
import stat
from importlib import resources
from pathlib import Path

import pytest
from helpers import BASE, EXAMPLES, SCOPA_RULES, SEED003, F, one_error_line, run, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.game.cards import STYLES, cards_of
from tutor.game.i18n import speaking
from tutor.game.rules import load_ruleset, ruleset_names
from tutor.game.state import GameState
from tutor.records.record import (
    HandRecord,
    PlayEntry,
    RecordError,
    control_problem,
    name_key,
    record_from_moves,
    validate_match,
)
from tutor.records.recordfile import (
    SaveError,
    dump,
    dumps,
    dumps_json,
    load,
    load_path,
    loads,
    loads_json,
    save,
    save_atomically,
)
from tutor.records.replay import replay_hand, replay_match

# -- reading: YAML the parser rejects without a mark, and where a ruleset file is looked for -------


def test_control_character_in_a_record_is_one_line_with_its_line(tmp_path: Path) -> None:
    # Was: PyYAML's ReaderError printed over two lines, without the line number.
    path = write(tmp_path, "nul.yaml", BASE.replace("3H\n", "3H\x00\n"))
    line = one_error_line(run("replay", path))
    assert f"{path}:9: not valid YAML: special characters are not allowed" in line
    assert "#x0000" in line


def test_deeply_nested_record_is_bad_input_not_a_crash(tmp_path: Path) -> None:
    # Was: RecursionError inside the YAML composer, reported as an internal error (exit 70).
    path = write(tmp_path, "deep.yaml", "plays: " + "[" * 5000 + "]" * 5000 + "\n")
    line = one_error_line(run("replay", path))
    assert "nested too deeply" in line
    # stop 49: the message names the line, here the third of a file whose second hand is deep
    deep = BASE + "---\n" + BASE.replace("plays:", "note: " + "[" * 1500 + "]" * 1500 + "\nplays:")
    path = write(tmp_path, "deep2.yaml", deep)
    at = deep.split("\n").index(next(x for x in deep.split("\n") if x.startswith("note: [")))
    assert one_error_line(run("replay", path)) == (
        f"tutor: error: {path}:{at + 1}: hand 2: not valid YAML: nested too deeply"
    )


def test_a_key_given_twice_names_the_line_of_its_first_use(tmp_path: Path) -> None:
    """Stop 48's list: a record's key given twice did not say where it was first given (a
    ruleset's did)."""
    text = BASE.replace("players:", "title: a\nnote: b\ntitle: c\nplayers:", 1)
    first = text.split("\n").index("title: a") + 1
    path = write(tmp_path, "twice.yaml", text)
    assert one_error_line(run("replay", path)) == (
        f"tutor: error: {path}:{first + 2}: a hand record: key 'title' is given twice (first on "
        f"line {first})"
    )


def test_missing_ruleset_file_says_where_it_looked(tmp_path: Path) -> None:
    # Was: "(looked in . and here)" when the record sat in the current folder.
    with pytest.raises(RecordError) as info:
        loads(BASE.replace("ruleset: scopa", "ruleset: ./nothere.yaml"), "hand.yaml")
    assert info.value.message == "ruleset: no ruleset file './nothere.yaml' next to the record"
    path = write(tmp_path, "hand.yaml", BASE.replace("ruleset: scopa", "ruleset: nothere.yaml"))
    with pytest.raises(RecordError) as info:
        load_path(path)
    assert info.value.message.endswith("next to the record or in the current folder")


def test_missing_file_and_bad_encoding(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"^.*nope\.yaml: cannot read: "):
        load_path(tmp_path / "nope.yaml")
    bad = tmp_path / "latin.yaml"
    bad.write_bytes(b"ruleset: scopa\ntitle: caf\xe9\n")
    with pytest.raises(RecordError, match="not UTF-8"):
        load_path(bad)


def test_a_ruleset_file_reached_by_a_link_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by QA: a record (and the engine's ruleset command) naming link.yaml, a link to
    a file named otherwise, got "unknown ruleset '/…/scopa-rules.txt'": the link was followed
    and the .yaml that marks a ruleset file lost; tutor rules link.yaml read it."""
    from tutor.training.engine import Engine

    (tmp_path / "scopa-rules.txt").write_text(SCOPA_RULES, encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to("scopa-rules.txt")
    rec = tmp_path / "hand.yaml"
    rec.write_text(BASE.replace("ruleset: scopa", "ruleset: link.yaml"), encoding="utf-8")
    [hand] = load_path(rec)
    assert hand.ruleset.name == "scopa" and hand.ruleset_name == "link.yaml"
    monkeypatch.chdir(tmp_path)
    e = Engine("test")
    assert e.handle("ruleset link.yaml") == ["ok"]
    [error] = e.handle("ruleset nothere.yaml")
    assert error.startswith("error ruleset: unknown ruleset file 'nothere.yaml'")


def test_ruleset_path_relative_to_the_record(tmp_path: Path) -> None:
    rules = SCOPA_RULES
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "mine.yaml").write_text(
        rules.replace("name: scopa", "name: my-scopa").replace("target: 11", "target: 7"),
        encoding="utf-8",
    )
    rec = tmp_path / "sub" / "hand.yaml"
    rec.write_text(BASE.replace("ruleset: scopa", "ruleset: mine.yaml"), encoding="utf-8")
    [hand] = load_path(rec)
    assert hand.ruleset.name == "my-scopa" and hand.ruleset.target == 7
    assert hand.ruleset_name == "mine.yaml"
    bad = tmp_path / "sub" / "bad.yaml"
    bad.write_text(BASE.replace("ruleset: scopa", "ruleset: missing.yaml"), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_path(bad)
    assert info.value.line == 1 and "no ruleset file 'missing.yaml'" in info.value.message


def test_cards_of_another_deck_suggest_the_deck_key() -> None:
    # Was: "'4H' is not a card ... in italian notation" with no hint that 'deck:' was missing.
    with pytest.raises(RecordError) as info:
        loads(BASE.replace("deck: french\n", ""), "hand.yaml")
    assert info.value.line == 3
    assert info.value.message.endswith(
        "; it reads as a card in french notation: is the record's 'deck' key missing or wrong?"
    )
    with pytest.raises(RecordError) as info:
        loads(BASE.replace("  - 3H", "  - QH x 4C"), "hand.yaml")
    assert info.value.play == 2 and "deck" not in info.value.message
    spanish = BASE.replace("deck: french", "deck: spanish").replace("[2C, 4H", "[2C, 4O")
    with pytest.raises(RecordError) as info:
        loads(spanish)
    assert info.value.message.startswith("table: '5S' is not a card")
    assert "; it reads as a card in italian or french notation" in info.value.message


def test_cards_as_one_text_and_other_notations() -> None:
    text = BASE.replace("[2C, 4H, 5S, QD]", '"2C 4H, 5S QD"').replace(
        "deck: french", "deck: FRENCH"
    )
    [hand] = loads(text)
    assert hand.table == F("2C 4H 5S QD")
    portuguese = (
        "ruleset: scopa\ndeck: portuguese\nplayers: [Tu, Ada]\ntable: [2P, 4C, 5E, DO]\n"
        "deals: [{Tu: [7O, 7C, AE], Ada: [3C, RP, VO]}]\nplays: [7O x 2P 5E, 3C]\n"
    )
    [pt] = loads(portuguese)
    assert pt.table == hand.table and pt.moves() == hand.moves()
    assert "7O x 2P 5E" in dumps([pt])


# -- writing, and round trips ----------------------------------------------------------------------


def test_load_from_stream_and_dump() -> None:
    records = load(io.StringIO(BASE), "stream.yaml")
    assert records[0].path == "stream.yaml" and len(records[0].plays) == 2
    out = io.StringIO()
    dump(records, out)
    assert out.getvalue() == dumps(records)
    assert out.getvalue().startswith("ruleset: scopa\ndeck: french\nplayers: [You, Ada]\n")


def test_free_text_keys_and_notes_survive_writing() -> None:
    text = 'title: "A: hand"\nevent: Club night\ndate: 2024-05-01\n' + BASE.replace(
        "  - 3H\n", "  - {play: 3h, note: 'a slip: 4 + 3 = 7', player: Ada}\n"
    )
    [hand] = loads(text)
    assert hand.info == {"title": "A: hand", "event": "Club night", "date": "2024-05-01"}
    assert hand.plays[1] == PlayEntry.of(F("3H")[0], None, "french", "a slip: 4 + 3 = 7", "Ada")
    out = dumps([hand])
    assert '  - {play: 3H, player: Ada, note: "a slip: 4 + 3 = 7"}' in out
    assert 'date: "2024-05-01"' in out
    assert loads(out) == [hand]


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_examples_load_replay_and_round_trip(name: str) -> None:
    records = load_path(EXAMPLES / name)
    text = dumps(records)
    again = loads(text, str(EXAMPLES / name))
    assert again == records
    assert replay_match(again).to_json() == replay_match(records).to_json()
    assert dumps(again) == text


@pytest.mark.parametrize("style", list(STYLES))
def test_examples_round_trip_in_every_style(style: str) -> None:
    for path in sorted(EXAMPLES.glob("*.yaml")):
        records = load_path(path)
        for r in records:
            r.style = STYLES[style]
        text = dumps(records)
        again = loads(text, str(path))
        assert dumps(again) == text
        first = replay_match(records).to_json()
        second = replay_match(again).to_json()
        assert json.dumps(first["match"]) == json.dumps(second["match"])
        assert [h["plays"] for h in first["hands"]] == [h["plays"] for h in second["hands"]]


# -- round trip over random hands ------------------------------------------------------------------


NAMES = (
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=6)
    .map(str.strip)
    .filter(name_key)
    .filter(lambda name: control_problem(name) is None)
)
"""Names as a record keeps them: no spaces around (they are dropped on reading), no control
characters (refused)."""


@st.composite
def random_records(draw: st.DrawFn) -> HandRecord:
    """A random hand of a random ruleset, played with random legal moves, as a record."""
    rules = load_ruleset(draw(st.sampled_from(ruleset_names())))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = GameState.random(rules, rng)
    table = sorted(cards_of(state.table), key=lambda c: rng.random())  # any laying order
    deals = [[known for known, _ in d] for d in state.deals]
    n_plays = draw(st.sampled_from([rules.plays_per_hand, rng.randrange(rules.plays_per_hand)]))
    moves = []
    for _ in range(n_plays):
        m = rng.choice(state.legal_moves())
        state.push(m)
        moves.append(m)
    players = draw(st.lists(NAMES, min_size=rules.players, max_size=rules.players,
                            unique_by=name_key))  # fmt: skip
    # hide some players' cards in some deals (learnt when played), and maybe later deals
    shown = [[0 if draw(st.integers(0, 3)) == 0 else m for m in d] for d in deals]
    keep = draw(st.integers(0, len(deals)))
    notes = draw(st.dictionaries(st.integers(1, max(1, n_plays)), st.text(max_size=12), max_size=3))
    return record_from_moves(
        rules,
        table,
        shown[:keep],
        moves,
        players=players,
        style=draw(st.sampled_from(sorted(STYLES))),
        notes=notes,
        explicit=draw(st.booleans()),
        dealer=draw(st.booleans()),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_records())
def test_round_trip_random_hands(rec: HandRecord) -> None:
    moves = rec.moves()  # the record is valid as built
    text = dumps([rec])
    [again] = loads(text, "rt.yaml")
    assert again == rec
    assert again.moves() == moves
    a, b = replay_hand(rec).to_json(), replay_hand(again).to_json()
    a.pop("file"), b.pop("file")
    assert a == b
    assert dumps([again]) == text
    # the replay agrees with the engine's own play of the moves
    state = rec.initial_state()
    for m in moves:
        state.play(m)
    assert state.key() == replay_hand(again).state.key()


# -- saving ----------------------------------------------------------------------------------------


def test_save_writes_records_whole(tmp_path: Path) -> None:
    [hand] = load_path(SEED003)
    target = tmp_path / "hand.yaml"
    save([hand], target)
    assert loads(target.read_text())[0].plays == hand.plays
    assert [p.name for p in tmp_path.iterdir()] == ["hand.yaml"]  # no temporary file left


def test_saved_record_has_ordinary_permissions(tmp_path: Path) -> None:
    """Bug: the record was written with mkstemp's private mode 0600."""
    umask = os.umask(0o022)
    try:
        new = tmp_path / "new.yaml"
        save_atomically(new, "a: 1\n")
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        os.chmod(new, 0o640)
        save_atomically(new, "a: 2\n")
        assert stat.S_IMODE(new.stat().st_mode) == 0o640
        assert new.read_text() == "a: 2\n"
    finally:
        os.umask(umask)


def test_a_list_longer_than_the_deck_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """Bug: a record of long lists was read item by item (7 s per MB) before any check."""
    many = ", ".join(["2C"] * 41)
    path = write(tmp_path, "long.yaml", BASE.replace("[2C, 4H, 5S, QD]", f"[{many}]"))
    assert one_error_line(run("replay", path)) == (
        f"tutor: error: {path}:4: table has 41 entries: no list in a hand record is longer than "
        "the 40 cards of the deck"
    )
    flat = write(tmp_path, "flat.yaml", BASE.replace("[2C, 4H, 5S, QD]", many.replace(",", "")))
    assert "table has 41 entries" in one_error_line(run("replay", flat))
    plays = BASE + "".join("  - 7D\n" for _ in range(40))
    with pytest.raises(RecordError, match=r"^plays.yaml:8: plays has 42 entries"):
        loads(plays, "plays.yaml")


def test_a_save_killed_midway_leaves_a_temporary_file_the_next_save_removes(
    tmp_path: Path,
) -> None:
    """Bug: ``kill -9`` during a save left ``.NAME.XXXX.tmp`` files behind (4 of 12 kills),
    nameless as to whose they were, and nothing ever removed them."""
    import subprocess
    import sys

    target = tmp_path / "hand.yaml"
    killed = (
        "import os, sys\n"
        "from tutor.records import recordfile\n"
        "os.replace = lambda *args: os._exit(9)  # killed between the write and the rename\n"
        "recordfile.save_atomically(sys.argv[1], 'half a hand')\n"
    )
    proc = subprocess.run([sys.executable, "-c", killed, str(target)], timeout=60)
    assert proc.returncode == 9
    [left] = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert left.name.startswith(".hand.yaml.") and left.name.split(".")[3].isdigit()
    running = tmp_path / f".hand.yaml.{os.getppid()}.abcdefgh.tmp"  # a save still going on
    running.write_text("busy", encoding="utf-8")
    other = tmp_path / ".other.yaml.999999999.abcdefgh.tmp"
    other.write_text("not ours", encoding="utf-8")
    save_atomically(target, "a whole hand")
    assert target.read_text(encoding="utf-8") == "a whole hand"
    assert not left.exists()
    assert running.exists() and other.exists()


def test_an_error_in_a_play_written_as_a_mapping_names_the_play_once() -> None:
    """Bug: the message said "play 1: play 1: key 'play' is given twice"."""
    twice = BASE.replace("  - 3H\n", "  - {play: 3H, play: 3C}\n")
    with pytest.raises(RecordError) as info:
        loads(twice, "hand.yaml")
    assert str(info.value) == "hand.yaml:9: play 2: key 'play' is given twice (first on line 9)"
    odd_key = BASE.replace("  - 3H\n", "  - {[a]: 3H}\n")
    with pytest.raises(RecordError) as info:
        loads(odd_key, "hand.yaml")
    assert str(info.value) == "hand.yaml:9: play 2: keys must be plain text"


def test_names_lose_their_spaces_and_may_not_differ_only_in_case_or_spaces() -> None:
    """Bug: players " You" and "You " were accepted as two players that displayed alike."""
    spaced = BASE.replace("[You, Ada]", '[" You ", "Ada "]').replace(
        "{You: [7D, 7H, AS], Ada: [3H, KC, JD]}", '{"You ": [7D, 7H, AS], " Ada": [3H, KC, JD]}'
    )
    [hand] = loads(spaced.replace("  - 3H\n", '  - {play: 3H, player: " Ada"}\n'))
    assert hand.players == ["You", "Ada"] and set(hand.deals[0]) == {"You", "Ada"}
    assert hand.plays[1].player == "Ada"
    for players, problem in (
        ('[" You", "You "]', "player 'You' is listed twice"),
        (
            "[You, you]",
            "players 'You' and 'you' differ only in case, spaces or invisible characters",
        ),
        # bug: a zero-width space made two players that show alike; it is refused in a name,
        # as every invisible character is (hostile-text audit, stop 55)
        ('[Ada, "A\\u200bda"]', "a player's name: a name cannot hold control or invisible"),
        ('[Ada, "\\u200b"]', "a player's name: a name cannot hold control or invisible"),
        ('[Ada Rossi, "ada  rossi"]', "players 'Ada Rossi' and 'ada  rossi' differ only in case"),
    ):
        with pytest.raises(RecordError) as info:
            loads(BASE.replace("[You, Ada]", players).replace("deals:", "old:").split("old:")[0])
        assert info.value.message.startswith(problem), info.value.message
        assert info.value.line == 3


# -- the game key (tutor play) and the JSON form ---------------------------------------------------

GAME_RECORD = """\
ruleset: scopa
deck: french
players: [You, Ada]
table: [2C, 4H, 5S, QD]
game:
  seed: 3
  computer: {Ada: "search:0.5"}
  hints: "on"
plays:
  - {play: 7D x 2C 5S, note: "best: cost 0.00 [0.00, 0.10], best 7D x 2C 5S"}
"""


def test_the_game_key_round_trips() -> None:
    [hand] = loads(GAME_RECORD, "game.yaml")
    assert hand.game is not None
    assert (hand.game.seed, hand.game.computer, hand.game.hints) == (3, {"Ada": "search:0.5"}, "on")
    assert hand.game.people(hand.players) == ["You"]
    assert dumps([hand]) == GAME_RECORD  # canonical: "on" stays text, the spec is quoted
    assert hand.cut(0).game == hand.game


@pytest.mark.parametrize(
    ("game", "message"),
    [
        ("game: {seed: x}", "game: the seed must be a whole number, not 'x'"),
        # found by the stop-46 CLI audit: "the seed must be a text value"
        ("game: {seed: null}", "game: the seed must be a whole number"),
        ("game: {seed: [1]}", "game: the seed must be a whole number"),
        ("game: {computer: {Ada: greedy}}", "game: the seed is missing"),
        ("game: {seed: 1, computer: {Bob: greedy}}", "computer player 'Bob' is not a player"),
        ("game: {seed: 1, level: 3}", "game: unknown key 'level'"),
        ("game: [1]", "game must be a mapping"),
        # input audit (stop 54): "must be a whole number, not '999...'", 5,000 digits quoted
        (
            "game: {seed: " + "9" * 5000 + "}",
            "game: the seed must be a whole number of at most 4300 digits",
        ),
        ("game: {seed: " + "x" * 5000 + "}", "game: the seed must be a whole number, not 'xxx"),
    ],
)
def test_a_bad_game_key_is_named_with_its_line(game: str, message: str) -> None:
    start, stop = GAME_RECORD.index("game:"), GAME_RECORD.index("plays:")
    text = GAME_RECORD[:start] + game + "\n" + GAME_RECORD[stop:]
    with pytest.raises(RecordError, match=re.escape(message)) as err:
        loads(text, "game.yaml")
    assert err.value.line == 5
    assert len(str(err.value)) < 200  # a long value is cut, not quoted whole


def test_the_json_form_reads_back_as_the_same_record() -> None:
    collection = Path(str(resources.files("tutor.puzzles") / "collection"))
    paths = sorted(EXAMPLES.glob("*.yaml")) + sorted(collection.glob("*.yaml"))
    puzzles = 0
    for path in paths:
        for hand in load_path(path):
            text = dumps_json(hand)
            assert "\n" not in text
            again = loads_json(text, "hand.json")
            assert dumps([again]) == dumps([hand]), path
            puzzles += hand.puzzle is not None
    assert puzzles  # the puzzle key travels too
    [hand] = loads(GAME_RECORD)
    assert loads_json(dumps_json(hand)).game == hand.game


def test_bad_json_is_one_record_error() -> None:
    for text, message in [
        ("{", "<json>: not valid JSON"),
        ("[1, 2]", "a hand must be a JSON object"),
        ('{"ruleset": "scopa", "players": ["A", "B"], "table": ["2C"]}', "the table must start"),
        # bugs: a key given twice was read (the last won), and a number too long to convert
        # escaped as a ValueError (now read as written, and refused as YAML refuses it)
        ('{"ruleset": "scopa", "deck": "italian", "deck": "french"}', "key 'deck' is given twice"),
        (
            '{"ruleset": "scopa", "deck": "french", "players": ["A", "B"], "table": ["2C", "4H", '
            '"5S", "QD"], "plays": [], "game": {"seed": ' + "9" * 5000 + "}}",
            "the seed must be a whole number",
        ),
    ]:
        with pytest.raises(RecordError, match=re.escape(message)):
            loads_json(text)


def test_json_takes_every_character_a_yaml_record_takes() -> None:
    """Bug: valid JSON holding U+007F or U+009F was refused as "not valid YAML", U+0085 read as
    a space, so a record that dumps() wrote failed the JSON round trip."""
    [hand] = loads(GAME_RECORD)
    for title in ("a\x7fb", "a\x85b", "a\x9fb", "x\u2028y", "a\ud800b \U0001f600 è", 'q"\\u0041'):
        hand.info["title"] = title
        assert loads_json(json.dumps({**json.loads(dumps_json(hand))})).info["title"] == title
        assert loads_json(dumps_json(hand)).info["title"] == title


def test_a_json_number_in_a_text_key_is_the_text_written() -> None:
    """Bug: a number where text is expected was read as Python read it and written back, so
    ``1e400`` became 'Infinity' and ``1.50`` became '1.5'; a YAML record keeps the text."""
    [hand] = loads(GAME_RECORD)
    data = json.loads(dumps_json(hand))
    for number in ("1e400", "1.50", "12", "-0", "NaN"):
        text = json.dumps(data)[:-1] + f', "title": {number}}}'
        assert loads_json(text).info["title"] == number
        [from_yaml] = loads(dumps([hand]) + f"title: {number}\n")
        assert from_yaml.info["title"] == number
    # numbers that are numbers still are
    data["game"]["seed"] = 12
    assert loads_json(json.dumps(data)).game.seed == 12


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('deals:\n  - {You: [7D, 7H, AS], "You ": [JS]}\n', "deal 1: key 'You' is given twice"),
        ('game: {seed: 1, computer: {Ada: greedy, " Ada": random}}\n', "key 'Ada' is given twice"),
        ('teams: {Us: [You], "Us ": [Ada]}\n', "teams: key 'Us' is given twice"),
    ],
)
def test_a_name_given_twice_with_other_spaces_is_refused(extra: str, message: str) -> None:
    """Bug: names are trimmed, but the check for a key given twice came before, so the second
    entry silently replaced the first (7D 7H AS vanished from the deal)."""
    head = "ruleset: scopa\ndeck: french\nplayers: [You, Ada]\ntable: [2C, 4H, 5S, QD]\n"
    with pytest.raises(RecordError, match=re.escape(message)):
        loads(head + extra)


def test_a_nul_in_a_file_name_is_one_clear_error(tmp_path: Path) -> None:
    """Bug: a NUL in the name escaped as ValueError ("embedded null byte")."""
    with pytest.raises(RecordError, match="a file name cannot hold a NUL character"):
        load_path(tmp_path / "a\x00b.yaml")
    with pytest.raises(SaveError, match="a file name cannot hold a NUL character"):
        save(load_path(SEED003), tmp_path / "a\x00b.yaml")


def test_a_ruleset_built_in_python_under_a_shipped_name_is_not_written(tmp_path: Path) -> None:
    """Bug: a record of a ruleset built in Python (scopa to 21) was written as 'ruleset:
    scopa' and read back as the shipped scopa to 11, another game, without a word."""
    import dataclasses

    from tutor.game.rules import load_ruleset

    [hand] = loads(GAME_RECORD)
    hand.ruleset = dataclasses.replace(load_ruleset("scopa"), target=21)
    with pytest.raises(RecordError, match="the record's ruleset is not the ruleset 'scopa'"):
        dumps([hand])
    [same] = loads(GAME_RECORD)
    assert loads(dumps([same]))[0].ruleset is load_ruleset("scopa")


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029"])
def test_line_numbers_count_lines_as_an_editor_does(separator: str) -> None:
    """Bug (found by fuzzing): YAML counts NEL and the Unicode line and paragraph separators
    as line breaks, editors, grep and wc do not: one in a quoted title put every later line
    number one off ('play 4' on line 12 was named line 13)."""
    text = (
        f'title: "a{separator}b"\nruleset: scopa\ndeck: french\nplayers: [You, Ada]\n'
        "table: [2C, 4H, 5S, QD]\ndeals:\n  - {You: [7D, 7H, AS], Ada: [3H, KC, JD]}\n"
        "plays:\n  - 7D x 2C 5S\n  - 3H\n  - 7H x 4H 3H\n  - 3H\n"
    )
    with pytest.raises(RecordError, match=r"^h\.yaml:12: play 4: Ada cannot play 3H"):
        loads(text, "h.yaml")
    broken = f'title: "{separator}{separator}"\nplayers: [You\n'
    with pytest.raises(RecordError, match=r"^h\.yaml:3: .*flow sequence that starts on line 2"):
        loads(broken, "h.yaml")


def test_text_with_a_byte_that_is_not_utf8_is_a_record_error() -> None:
    """Bug: a lone surrogate (a Latin-1 byte read with surrogateescape, as Python reads
    standard input in the C locale) crashed every YAML reader with UnicodeEncodeError from
    the C parser. It is a RecordError (a RulesetError for a ruleset) naming the line and byte."""
    from tutor.game.rules import RulesetError, loads_ruleset
    from tutor.puzzles.format import loads_puzzles

    with pytest.raises(RecordError) as caught:
        loads("ruleset: scopa\ntitle: caf\udce9\n")
    assert str(caught.value) == (
        "<string>:2: not valid YAML: the byte 0xE9 is not UTF-8 text: save the file as UTF-8"
    )
    with pytest.raises(RecordError, match="not UTF-8"):
        load(io.StringIO("title: caf\udce9\n"))
    with pytest.raises(RulesetError, match="not UTF-8"):
        loads_ruleset("name: caf\udce9\n")
    with pytest.raises(RecordError, match="not UTF-8"):
        loads_puzzles("\udce9")


def test_a_character_written_as_two_escapes_is_one_character() -> None:
    """Bug: an emoji written as two \\u escapes (as json.dumps writes it) was read as two lone
    surrogates, and every page and terminal showed <U+D83C><U+DCCF> instead of the emoji."""
    [hand] = loads(GAME_RECORD)
    text = dumps([hand]) + 'title: "joker \\ud83c\\udccf; alone \\ud800"\n'
    [again] = loads(text)
    assert again.info["title"] == "joker \U0001f0cf; alone \ud800"
    hand.info["title"] = "joker \U0001f0cf"
    as_json = json.dumps(json.loads(dumps_json(hand)))  # ensure_ascii: the emoji as two escapes
    assert "\\ud83c\\udccf" in as_json and loads_json(as_json).info["title"] == "joker \U0001f0cf"


def test_a_record_error_keeps_its_hand_across_processes_and_json_is_canonical() -> None:
    """Found by QA (fuzzing the library): a RecordError pickled to or from a worker process
    lost its hand ("hand 2:" gone from the message); and dumps_json wrote a deal's players in
    the order the file gave, so two equal records gave two JSON texts."""
    import pickle

    from tutor.records.recordfile import dumps_json

    error = RecordError("m.yaml", 9, 3, "wrong", 2)
    assert str(pickle.loads(pickle.dumps(error))) == str(error) == "m.yaml:9: hand 2: play 3: wrong"
    text = BASE.replace(
        "{You: [7D, 7H, AS], Ada: [3H, KC, JD]}", "{Ada: [3H, KC, JD], You: [7D, 7H, AS]}"
    )
    assert text != BASE
    [r] = loads(text)
    [again] = loads(dumps([r]))
    assert r == again and dumps_json(r) == dumps_json(again)


def test_building_a_record_or_a_match_from_bad_arguments_is_a_value_error() -> None:
    rules = load_ruleset("scopone-scientifico")
    with pytest.raises(RecordError, match="is for 4 players, but 3 are listed"):
        record_from_moves(rules, 0, [], [], players=["A", "B", "C"])
    with pytest.raises(RecordError, match="players 'A' and 'a' differ only in case"):
        record_from_moves(rules, 0, [], [], players=["A", "B", "C", "a"])
    with pytest.raises(ValueError, match="no hand"):
        validate_match([])


def test_a_yaml_slip_of_indentation_says_where_to_look() -> None:
    # Was (new-user sweep): PyYAML's "expected <block end>, but found '<block mapping start>'"
    # alone, with no word of what usually causes it.
    text = "ruleset: scopa\nplayers: [A, B]\ntable: [2C, 4C, 5S, 9D]\n"
    text += "deals:\n  - A: [AC]\n   B: [2C]\n"  # B one space deeper than A
    with pytest.raises(RecordError, match=r":6: not valid YAML: expected the end of the block.*; "
                       r"check this "
                       r"line's indentation against the lines above it$"):  # fmt: skip
        loads(text, "slip.yaml")
    with pytest.raises(RecordError) as caught:
        loads("ruleset: scopa\nplayers: [A, B\n", "flow.yaml")
    assert "indentation" not in str(caught.value)
    # PyYAML's names of its tokens are words (Italian audit, stop 55: "atteso the node
    # content, ma trovato '<stream end>'")
    with pytest.raises(RecordError, match=r"expected a value, but found the end of the text$"):
        loads("title: x\nplays: [\n", "open.yaml")
    with speaking("it"), pytest.raises(RecordError) as caught:
        loads("title: x\nplays: [\n", "open.yaml")
    assert str(caught.value).endswith("atteso un valore, ma trovato la fine del testo")


def test_a_play_over_several_lines_is_wrong_on_the_line_at_fault(tmp_path: Path) -> None:
    """Bad-input audit (stop 52): a card no one may play, written under ``player:``, was put on
    the ``player:`` line; the card's line is where it is wrong (and a wrong player's, his)."""
    text = SEED003.read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.startswith("  - {play: 3H"))
    cases = {
        "card.yaml": ("  - player: Ada\n    play: 9H\n", "    play: 9H", "cannot play"),
        "turn.yaml": ("  - player: You\n    play: 3H\n", "  - player: You", "wrong turn"),
    }
    for name, (new, faulty, problem) in cases.items():
        path = tmp_path / name
        path.write_text(text.replace(old, new), encoding="utf-8")
        line = path.read_text(encoding="utf-8").splitlines().index(faulty) + 1
        with pytest.raises(RecordError) as caught:
            load_path(path)
        assert caught.value.line == line and problem in caught.value.message, name


def test_loads_takes_bytes_and_dumps_one_record_as_json_does() -> None:
    """API audit (stop 55): loads took text only and dumps a list only, where json.loads
    takes bytes and json.dumps any value; bytes are UTF-8 as a file is, and a byte that is
    not is named with its line."""
    import io

    data = b"\xef\xbb\xbfruleset: scopa\nplayers: [Ada, Bea]\ntable: [AD, 2C, 3S, 4B]\n"
    [record] = loads(data, "b.yaml")
    assert loads(data.decode("utf-8-sig")) == [record]
    assert load(io.BytesIO(data)) == [record]
    assert dumps(record) == dumps([record])
    out = io.StringIO()
    dump(record, out)
    assert loads(out.getvalue()) == [record]
    with pytest.raises(RecordError) as err:
        loads(b"ruleset: scopa\nplayers: [Ad\xe9, Bea]\n", "x.yaml")
    assert str(err.value) == "x.yaml:2: the byte 0xE9 is not UTF-8 text: save the file as UTF-8"


def test_a_key_typed_wrong_is_named_with_the_key_meant() -> None:
    """New-user audit (stop 57): ``play:`` for ``plays:`` got "unknown key 'play'" and a
    list of 17 keys; ``live`` and ``play`` name the command a slip meant, and so does a file."""
    head = "ruleset: scopa\nplayers: [Ada, Bea]\ntable: [AD, 2C, 3S, 4B]\n"
    with pytest.raises(RecordError) as err:
        loads(head + "play: [AS]\n", "k.yaml")
    assert str(err.value).startswith("k.yaml:4: unknown key 'play' (did you mean 'plays'? known")
    deals = "deals:\n  - Ada: [AS, 2S, 3C]\n    Bea: [5D, 6D, 7C]\n"
    with pytest.raises(RecordError) as err:
        loads(head + deals + "plays:\n  - {play: AS, nots: x}\n", "k.yaml")
    assert "unknown key 'nots' in a play (did you mean 'note'? known keys: play, note" in str(
        err.value
    )
    with pytest.raises(RecordError) as err:
        loads(head + "colour: red\n", "k.yaml")
    assert "unknown key 'colour' (known keys: " in str(err.value)  # nothing near it


def test_dumps_never_writes_what_loads_refuses() -> None:
    """API audit (stop 57): ``dumps([])`` wrote an empty text, and two hands of different
    games a file that ``loads`` refused ("the sides differ"); both are RecordErrors now, with
    the reader's own words for the second."""
    ada = loads("ruleset: scopa\nplayers: [Ada, Bea]\ntable: [AD, 2C, 3S, 4B]\n")[0]
    cy = loads("ruleset: scopa\nplayers: [Cy, Di]\ntable: [AD, 2C, 3S, 4B]\n")[0]
    with pytest.raises(RecordError, match="no hand to write"):
        dumps([])
    with pytest.raises(RecordError) as err:
        dumps([ada, cy])
    with pytest.raises(RecordError) as read:
        loads(dumps([ada]) + "---\n" + dumps([cy]))
    assert "the sides (Cy | Di) differ from the first hand's (Ada | Bea)" in str(err.value)
    assert err.value.message == read.value.message


def test_a_player_named_in_another_case_is_the_player_everywhere() -> None:
    """Format audit (stop 56): docs/records.md says names that differ only in case answer to
    the same name, and a play's 'player: ada' was Ada, but a deal keyed 'south:' was refused
    ('not a player'), and so were the dealer and a team's member written so."""
    head = "ruleset: scopone-scientifico\nplayers: [South, West, North, East]\n"
    body = (
        "teams:\n  Us: [{s}, North]\n  Them: [West, East]\ntable: [6C, 2S, 5B, RD]\n"
        "deals:\n  - {{{e}: [3B, 4C, 4S, 6D, 6S, 7D, 7S, FC, CC]}}\nplays:\n  - FD x 2S 6C\n"
    )
    [written] = loads(head + "dealer: East\n" + body.format(s="South", e="East"))
    [cased] = loads(head + "dealer: east\n" + body.format(s="south", e="EAST"))
    assert cased == written and dumps(cased) == dumps(written)
    twice = head + "table: [6C, 2S, 5B, RD]\ndeals:\n  - {east: [3B], East: [4C]}\n"
    with pytest.raises(RecordError, match=r":5: deal 1: key 'East' is given twice"):
        loads(twice, "t.yaml")
