"""The engine protocol as a library object (``training/engine.py``): its answers and options.
The command, driven through a pipe, is tested in ``test_cli_engine.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import SEED003

from tutor.records.recordfile import dumps_json, load_path
from tutor.training.engine import Engine, EngineError, GoOptions, parse_go


def test_a_position_without_ruleset_takes_the_engines() -> None:
    e = Engine("test")
    data = json.loads(dumps_json(load_path(SEED003)[0].cut(30)))
    del data["ruleset"]
    [answer] = e.handle("position " + json.dumps(data))
    assert answer.startswith("error position: the record names no ruleset")
    assert e.handle("ruleset scopa") == ["ok"]
    assert e.handle("position " + json.dumps(data)) == ["ok"]
    assert e.handle("go player random seed 1")[0].startswith("bestmove ")


def test_go_options() -> None:
    assert parse_go([]).seed == 0
    assert parse_go("time 0.5 seed -3".split()) == GoOptions(None, 0.5, -3, None)
    # engine audit (stop 53): -7 was taken and +7 refused; the command line takes both
    assert parse_go("seed +7".split()).seed == 7
    assert parse_go("player search:0.2".split()).player == "search:0.2"
    for words, fragment in [
        # found by QA: time and samples were ignored without a word beside a player, a
        # budget on a player that takes none was dropped, seed and time took 1_000 and
        # other scripts' digits, and a bad value was echoed whole and unquoted
        ("time 0.5 player search:0.2".split(), "^go: samples and time do not go with player"),
        ("samples 9 player greedy".split(), "^go: samples and time do not go with player"),
        ("player greedy:xyz".split(), "^go: player 'greedy:xyz': only the search players take"),
        (["player", "greedy:" + "x" * 300], "^go: player 'greedy:x{50,}…': only the search"),
        (
            "seed 1_000".split(),
            "^go: seed must be a whole number of at most 100 digits, not '1_000'",
        ),
        (["seed", "\u0663"], "^go: seed must be a whole number"),
        (["seed", "+-7"], "^go: seed must be a whole number"),
        ("time 1_0".split(), "^go: time must be a positive number of seconds, not '1_0'"),
        (["seed", "9" * 5000], "not '9{50,}…'$"),
        (["samples"], "samples needs a value"),
        ("seed 1 seed 2".split(), "seed is given twice"),
        ("time inf".split(), "time must be a positive number"),
        # bug: a bad player was the one option whose error did not start with 'go:'
        ("player search:-1".split(), "^go: player 'search:-1': the search budget must be"),
        ("player wizard".split(), "^go: unknown player 'wizard'"),
    ]:
        with pytest.raises(EngineError, match=fragment):
            parse_go(words)


def test_a_single_legal_move_is_not_valued() -> None:
    e = Engine("test")
    position = {
        "ruleset": "scopa", "deck": "french", "players": ["You", "Ada"],
        "table": ["2C", "4H", "5S", "QD"], "deals": [{"You": ["7D", "7H", "AS"]}],
        "plays": ["7D x 2C 5S", "3H", "AS", "KC x QD AS"],
    }  # fmt: skip
    assert e.handle("position " + json.dumps(position)) == ["ok"]
    assert e.handle("go samples 5") == [
        "info move 7H x 3H 4H value nan low -inf high inf",
        "bestmove 7H x 3H 4H",
    ]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("go samples ²", "error go: samples must be a whole number from 1 to 1000000, not '²'"),
        (
            "go samples 99999999999999999999",
            "error go: samples must be a whole number from 1 to 1000000, not "
            "'99999999999999999999'",
        ),
        ("position " + "[" * 100_000 + "]" * 100_000, "error position: not valid JSON: nested"),
        # found by QA: nested less deeply than json.loads refuses, but too deeply to write back
        # for the record reader: error internal: RecursionError
        (
            'position {"ruleset": "scopa", "title": ' + "[" * 400 + "]" * 400 + "}",
            "error position: not valid JSON: nested too deeply",
        ),
        # a number too long to convert: now read as written, as the record reader reads it
        ('position {"ruleset": "scopa", "x": ' + "9" * 5000 + "}", "error position:1: unknown key"),
        ("ruleset a\x00b.yaml", "error ruleset: unknown ruleset file 'a\\x00b.yaml'"),
        ("ruleset " + "a" * 300, "error ruleset: unknown ruleset 'aaaa"),
        # found by QA: a byte that was no text quoted as Python keeps it ('caf\udce9')
        ("ruleset caf\udce9", "error ruleset: unknown ruleset 'caf\\xe9'"),
        (
            'position {"players": ["A", "B"], "ruleset": "' + "a" * 300 + '"}',
            "error position:1: ruleset: unknown",
        ),
    ],
)
def test_a_malformed_line_gets_one_error_and_the_engine_goes_on(line: str, error: str) -> None:
    """Bugs: each of these lines ended the engine with exit 70 (or 3) and no answer."""
    e = Engine("test")
    answer = e.handle(line)
    assert len(answer) == 1 and answer[0].startswith(error), answer
    assert e.handle("isready") == ["ready"] and not e.done


def test_an_exact_search_cut_by_time_gives_bounds_not_a_value() -> None:
    """Bug: each line gave the middle of the unproven bounds as the value (0.00 between -40
    and 40) beside a bestmove that was not the first line."""
    from helpers import EXAMPLES

    hand = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    e = Engine("test")
    assert e.handle("position " + dumps_json(hand.cut(0))) == ["ok"]
    lines = e.handle("go time 0.2")
    infos = [line for line in lines if line.startswith("info ")]
    assert len(infos) == 9 and lines[-1].startswith("bestmove ")
    for line in infos:
        assert " value nan low " in line and not line.endswith("exact"), line


def test_a_position_giving_a_key_twice_is_refused() -> None:
    """Bug: the engine read a position with ``"plays"`` given twice and kept the last one,
    where the record reader (``loads_json``) refuses it; the engine now answers as it does."""
    e = Engine("test")
    text = (
        '{"ruleset": "scopa", "deck": "french", "players": ["A", "B"], '
        '"table": ["2C", "4H", "5S", "QD"], "plays": ["7D"], "plays": []}'
    )
    assert e.handle("position " + text) == ["error position: key 'plays' is given twice"]
    assert e.record is None  # nothing was taken
    assert e.handle("position " + text.replace('"plays": ["7D"], ', "")) == ["ok"]


def test_bestmove_is_never_a_move_proven_worse_than_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by QA: when the exact solve stopped before proving one move the best, bestmove
    was the chitarrella player's choice even when the info lines above it proved that move
    worth 3 and another worth 4. The solve is cut at a node budget here, as the time cuts it."""
    from pathlib import Path
    from types import SimpleNamespace

    import tutor.training.engine as engine_module
    from tutor.search.analysis import exact_analysis

    position = (Path(__file__).parent / "data" / "engine-dominated.json").read_text()
    budget = {"nodes": 100_000}

    def cut(state: object, **_options: object) -> SimpleNamespace:
        return SimpleNamespace(analysis=exact_analysis(state, max_nodes=budget["nodes"]))

    monkeypatch.setattr(engine_module, "evaluate", cut)
    e = Engine("test")
    assert e.handle("position " + position) == ["ok"]
    lines = e.handle("go")
    assert "info move 7D x 7S value 3.00 low 3.00 high 3.00 exact" in lines
    assert "info move CD x 2B 7S value 4.00 low 4.00 high 4.00 exact" in lines
    assert lines[-1] == "bestmove CD x 2B 7S"  # chitarrella's 7D x 7S is worth 1 less
    budget["nodes"] = 50_000  # 7D x 7S not bounded yet: the rule-based choice stands
    lines = e.handle("go")
    assert "info move 7D x 7S value nan low -23.00 high 23.00" in lines
    assert lines[-1] == "bestmove 7D x 7S"


def test_a_bound_just_below_zero_reads_zero() -> None:
    """Found by QA: an interval's end of -0.001 read high -0.00."""
    from tutor.training.engine import _number

    assert _number(-0.001) == "0.00" and _number(-0.006) == "-0.01" and _number(0.0) == "0.00"


def test_quit_and_isready_take_nothing_after_them_and_tabs_separate_words() -> None:
    """Found by QA: "quit later" stopped the engine and "isready now" was answered, where any
    other command with extra words gets an error; a tab after the command word made it an
    unknown command."""
    e = Engine("test")
    assert e.handle("isready now") == ["error isready: takes nothing after it, not 'now'"]
    assert e.handle("quit later") == ["error quit: takes nothing after it, not 'later'"]
    assert not e.done
    assert e.handle("go\tsamples\t5") == ["error go: no position yet (send position {...} first)"]
    # found by QA: any Unicode space separated words too, where docs/engine.md says "spaces
    # or tabs": a strict client would expect these lines refused
    for line in ("go\x1csamples\x1c5", "isready\x0b", "\xa0isready", "isready\x0c"):
        assert e.handle(line)[0].startswith("error unknown command")
    assert e.handle("isready \t\r\n") == ["ready"]
    assert e.handle("isready\t") == ["ready"] and e.handle("quit") == [] and e.done


def test_a_worker_killed_under_a_go_is_one_error_and_the_engine_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by QA: a sampling worker killed during a go (the out-of-memory killer) ended the
    engine with an internal error (BrokenProcessPool, exit 70)."""
    from concurrent.futures.process import BrokenProcessPool

    import tutor.training.engine as engine_module

    def broken(*_args: object, **_options: object) -> None:
        raise BrokenProcessPool("a child process terminated abruptly")

    e = Engine("test")
    assert e.handle("position " + dumps_json(load_path(SEED003)[0].cut(2))) == ["ok"]
    monkeypatch.setattr(engine_module, "evaluate", broken)
    assert e.handle("go samples 5") == [
        "error internal: BrokenProcessPool: a child process terminated abruptly"
    ]
    monkeypatch.undo()
    assert e.handle("go samples 5")[-1].startswith("bestmove ")


def test_a_refused_position_leaves_none_to_go_on() -> None:
    """Was: after a refused position, go answered for the position before it, a bestmove for
    a position other than the one last sent."""
    e = Engine("test")
    data = json.loads(dumps_json(load_path(SEED003)[0].cut(30)))
    assert e.handle("position " + json.dumps(data)) == ["ok"]
    assert e.handle("go player random seed 1")[0].startswith("bestmove ")
    for bad in ("position {", "position " + json.dumps({**data, "plays": ["ZZ"]}), "position"):
        assert e.handle(bad)[0].startswith("error position")
        assert e.handle("go player random seed 1") == [
            "error go: no position: the last one was refused (send a new one)"
        ]
    assert e.handle("position " + json.dumps(data)) == ["ok"]
    assert e.handle("go player random seed 1")[0].startswith("bestmove ")
    assert Engine("test").handle("go") == ["error go: no position yet (send position {...} first)"]


def test_a_ruleset_of_three_sides_plays_with_rule_based_players_alone(tmp_path: Path) -> None:
    """Render and engine audit (stop 47): on a ruleset of three sides the analysis's go said
    'error the analyser handles two sides only, not 3', without the go: every other go error
    has, and docs/engine.md did not say so."""
    rules = tmp_path / "three.yaml"
    rules.write_text("name: three\nplayers: 3\nsides: 3\nhand_size: 3\ntable_cards: 4\n")
    e = Engine("test")
    position = {
        "ruleset": str(rules), "deck": "french", "players": ["A", "B", "C"],
        "table": ["2C", "4H", "5S", "QD"], "deals": [{"A": ["7D", "7H", "AS"]}],
    }  # fmt: skip
    assert e.handle("position " + json.dumps(position)) == ["ok"]
    for go in ("go samples 3", "go player search:0.1"):
        assert e.handle(go) == ["error go: the analyser handles two sides only, not 3"], go
    assert e.handle("go player ismcts:0.1") == [
        "error go: the search handles two sides only, not 3"
    ]
    assert e.handle("go player greedy")[0].startswith("bestmove ")
