"""``tutor drill 48``: questions on unmatched values and forced holders, checked and explained."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tutor.cli import app
from tutor.game.captures import VALUE_OF
from tutor.game.cards import FRENCH, ITALIAN, indexes_of
from tutor.game.errors import TutorError
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.search.players import GreedyPlayer
from tutor.training.drill import DrillError, check_answer, make_question, parse_values


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["scopone-scientifico", "scopa"]))
def test_unmatched_answer_is_the_parity_of_the_captures(seed: int, ruleset: str) -> None:
    q = make_question(ruleset, random.Random(seed), kind="unmatched")
    assert q.kind == "unmatched" and q.state is not None
    counts = [0] * 11
    for side in q.state.captured:
        for i in indexes_of(side):
            counts[VALUE_OF[i]] += 1
    assert q.expected == tuple(v for v in range(1, 11) if counts[v] % 2)
    assert check_answer(q, q.expected_text()).correct
    assert q.position[-1].startswith("Your cards: ")
    assert len([line for line in q.position if line[:3].strip().rstrip(".").isdigit()]) == q.plays


def test_holder_questions_are_true_in_the_deal() -> None:
    """A question resting on readings says so (issue 12, item 10: "East must hold 7D" from a
    97% reading)."""
    asked = readings = 0
    for seed in range(12):
        q = make_question("scopone-scientifico", random.Random(seed), kind="holder")
        if q.kind != "holder":
            continue  # no deduction found in this hand: an unmatched question instead
        asked += 1
        assert q.state is not None and q.card is not None
        holder = q.names.index(str(q.expected))
        assert q.state.hands[holder] >> q.card & 1
        assert holder != q.viewer
        assert check_answer(q, str(q.expected).upper()).correct
        wrong = next(n for n in q.names if n != q.expected)
        result = check_answer(q, wrong)
        assert not result.correct
        if q.confidence == 1.0:  # the facts place the card
            assert "must hold" in q.question
            assert f"{q.expected} must hold it" in result.message
            assert q.explanation[0].startswith(f"{q.expected} must hold ")
        else:  # readings point at the holder: said with their probability, never as a must
            readings += 1
            assert 0.0 < q.confidence < 1.0
            assert "most likely holds" in q.question and "must" not in q.question
            assert f"{q.expected} most likely holds it (" in result.message
            assert "not a certainty" in result.message
            assert q.explanation[0].startswith(f"{q.expected} holds ")
            assert "must" not in q.explanation[0].split(":")[0]
    assert asked >= 8 and readings >= 3


def test_wrong_unmatched_answers_are_explained() -> None:
    seed = 0
    while not (
        q := make_question("scopone-scientifico", random.Random(seed), kind="unmatched")
    ).expected:
        seed += 1  # a position with some value unmatched
    first = q.expected[0]
    answer = " ".join(str(v) for v in q.expected[1:]) or "none"
    result = check_answer(q, answer)
    assert not result.correct
    assert f"you missed {ITALIAN.rank_text(first)}" in result.message
    assert result.explanation[0].startswith("The captures by sum")
    assert not check_answer(q, "11").correct
    assert "'11' is not a value" in check_answer(q, "11").message


def test_parse_values() -> None:
    assert parse_values("2 6 8", FRENCH) == (2, 6, 8)
    assert parse_values("k, q; J a", FRENCH) == (1, 8, 9, 10)
    assert parse_values("F C R", ITALIAN) == (8, 9, 10)
    assert parse_values("none", ITALIAN) == ()
    with pytest.raises(ValueError, match="'K' is not a value"):
        parse_values("K", ITALIAN)


def test_same_seed_same_questions() -> None:
    a = [make_question("scopa", random.Random(9)).to_json() for _ in range(2)]
    b = [make_question("scopa", random.Random(9)).to_json() for _ in range(2)]
    assert a == b


def test_greedy_player_never_passes_up_a_scopa() -> None:
    rules = load_ruleset("scopone-scientifico")
    rng = random.Random(2)
    for _ in range(20):
        s = GameState.random(rules, rng)
        while not s.is_over():
            moves = s.legal_moves()
            can_sweep = any(m.capture == s.table and m.capture for m in moves)
            m = GreedyPlayer().choose(s, rng)
            if can_sweep and not s.is_last_play():
                assert m.capture == s.table
            s.push(m)


# -- the command line ----------------------------------------------------------------------------


def drill(args: list[str], text: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["drill", "48", *args], input=text)
    return result.exit_code, result.stdout, result.stderr


def test_cli_drill_scripted_and_repeatable() -> None:
    code, out, err = drill(["--seed", "5", "--rounds", "2", "--json"], "none\nnone\n")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["seed"] == 5 and summary["asked"] == 2
    assert [q["answer"] for q in summary["questions"]] == ["none", "none"]
    assert "Question 1 of 2" in err and "Score:" in err
    # the expected answers, typed back, are all right; the same seed asks the same questions
    answers = "".join(
        (
            q["expected"]
            if isinstance(q["expected"], str)
            else " ".join(map(str, q["expected"])) or "none"
        )
        + "\n"
        for q in summary["questions"]
    )
    code, out, _ = drill(["--seed", "5", "--rounds", "2"], answers)
    assert code == 0
    assert "Score: 2 of 2." in out
    assert out.count("Right") == 2


def test_cli_drill_stops_at_end_of_input_and_checks_arguments() -> None:
    code, out, err = drill(["--seed", "1", "--rounds", "3", "--ruleset", "scopa"], "2\n")
    assert code == 0
    assert "no more answers" in err and "Score: " in out and " of 1." in out
    result = CliRunner().invoke(app, ["drill", "49"], input="")
    assert result.exit_code == 2 and "unknown drill '49'" in result.stderr
    code, _, err = drill(["--question", "who"], "")
    assert code == 2 and "--question" in err


def test_bad_drill_requests_are_tutor_errors() -> None:
    with pytest.raises(DrillError, match="unknown drill kind 'who'"):
        make_question("scopa", random.Random(0), kind="who")
    with pytest.raises(DrillError, match="unknown players 'search'"):
        make_question("scopa", random.Random(0), players="search")
    with pytest.raises(DrillError):
        parse_values("2 X", ITALIAN)
    assert issubclass(DrillError, TutorError)
