"""``tutor solve``: exact or sampled values, stopped searches, and bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import EXAMPLES, PLAIN_ENV, ROOT, SEED003, run, run_json, runner

import tutor.search.analysis
from tutor.cli import app


def test_cli_solve_exact_json() -> None:
    result = run("solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "28", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is True and data["method"] == "exact"
    assert set(data) >= {"to_move", "exact", "moves", "best", "pv"}
    assert data["best"] == data["moves"][0]["move"] == data["pv"][0]
    values = [m["value"] for m in data["moves"]]
    assert values == sorted(values, reverse=True)
    assert all(m["low"] == m["value"] == m["high"] for m in data["moves"])
    assert len(data["pv"]) == 36 - 28
    # the rules the values count by; no deal drawn, so no seed (JSON audit, stop 57)
    assert data["ruleset"] == "scopone-scientifico" and data["seed"] is None


def test_an_exact_solve_that_sees_hidden_hands_says_so() -> None:
    """Consistency audit (stop 59): on a record giving every hand, solve valued seed 003's
    play 19 with Ada's cards visible and said only "(exact)", ranking 2S last where the review
    (from You's seat) calls it best. It says now that every hand is visible, as the review's
    hindsight does; where counting from the seat knows every card, it says that instead."""
    early = run("solve", str(SEED003), "--at", "18")
    said = " ".join(early.stdout.split())
    assert "best play (exact, with every hand visible: it uses cards you could not see;" in said
    assert run_json("solve", str(SEED003), "--at", "18")["hindsight"] is True
    # scopa's last deal: counting from the seat places every card, nothing is peeked at
    last = run_json("solve", str(SEED003), "--at", "31")
    assert last["hindsight"] is False and last["exact"] is True
    assert "every hand visible" not in run("solve", str(SEED003), "--at", "31").stdout


def test_cli_solve_human_table() -> None:
    result = run("solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "30")
    assert result.exit_code == 0, result.output
    assert "to move" in result.stdout and "Best line:" in result.stdout
    assert "exact" in result.stdout


def test_cli_solve_samples_on_a_partial_record() -> None:
    args = ["solve", str(EXAMPLES / "partial-view.yaml"), "--at", "24", "--samples", "6"]
    first = run(*args, "--seed", "3", "--json", "--workers", "1")
    second = run(*args, "--seed", "3", "--json", "--workers", "2")
    assert first.exit_code == 0, first.output
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert a["exact"] is False and a["samples"] == 6
    assert a["moves"] == b["moves"]
    assert a["seed"] == 3 and a["ruleset"] == "scopone-scientifico"


def test_solve_values_a_move_whose_hand_only_the_plays_reveal() -> None:
    """Was: explain --at 30 valued North's moves (North's hand revealed by North's plays), and
    solve refused the same position: "the record does not give their hand"."""
    path = str(EXAMPLES / "partial-view.yaml")
    data = run_json("solve", path, "--at", "30", "--samples", "6", "--workers", "1")
    assert data["exact"] is False and data["samples"] == 6
    assert {m["move"] for m in data["moves"]} == {"7B x 3D 4D", "CC x CS"}
    explained = run_json("explain", path, "--at", "30", "--samples", "6", "--workers", "1")
    assert {m["move"] for m in data["moves"]} == {m["move"] for m in explained["moves"]}
    # still from North's seat: the other hands the record kept back stay hidden
    assert run("solve", path, "--at", "30", "--exact").exit_code == 3


def test_cli_solve_refuses_exact_on_hidden_hands() -> None:
    result = run("solve", str(EXAMPLES / "partial-view.yaml"), "--at", "24", "--exact")
    assert result.exit_code == 3
    assert "--samples" in result.stderr and "Traceback" not in result.output


def test_cli_solve_too_large_suggests_samples() -> None:
    result = run(
        "solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "0", "--time", "0.2", "--json"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["exact"] is False
    assert "--samples" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["--at", "99"], 3, "only 36 plays"),
        (["--at", "36"], 3, "hand is over"),
        (["--hand", "2"], 3, "1 hand"),
        (["--exact", "--samples", "3"], 2, "not both"),
    ],
)
def test_cli_solve_bad_input(args: list[str], code: int, fragment: str) -> None:
    result = run("solve", str(EXAMPLES / "scopone-hand.yaml"), *args)
    assert result.exit_code == code, result.output
    assert fragment in result.output
    assert "Traceback" not in result.output


def test_cli_stopped_exact_solve_says_no_move_is_proven() -> None:
    args = ["solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "8", "--time", "0.2"]
    res = runner.invoke(app, args, env=PLAIN_ENV)
    assert res.exit_code == 0, res.output
    assert "No move is proven best yet" in res.stdout
    assert "Best line" not in res.stdout
    assert "--samples K" in res.stderr and "mover's seat" in res.stderr
    res = runner.invoke(app, [*args, "--json"], env=PLAIN_ENV)
    data = json.loads(res.stdout)
    assert data["exact"] is False and data["best"] is None
    assert all(m["value"] is None for m in data["moves"])


def test_cli_sampling_with_no_sample_done_shows_no_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # a time limit too short for one sample: before, every move showed "+0.00" and a best move

    monkeypatch.setattr(tutor.search.analysis, "run_parallel", lambda *a, **k: ([], "time"))
    args = ["solve", str(EXAMPLES / "partial-view.yaml"), "--at", "20", "--samples", "50",
            "--time", "0.001", "--workers", "1"]  # fmt: skip
    res = runner.invoke(app, args, env=PLAIN_ENV)
    assert res.exit_code == 0, res.output
    assert "+0.00" not in res.stdout
    assert "No sample was valued" in res.stdout
    res = runner.invoke(app, [*args, "--json"], env=PLAIN_ENV)
    data = json.loads(res.stdout)
    assert data["samples"] == 0 and data["best"] is None
    assert all(m["value"] is None for m in data["moves"])


def test_the_sampled_solve_of_the_docs_prints_as_shown() -> None:
    """Bug: docs/solver.md showed an older analysis's values (2D best at -2.09, where the
    command prints 6C at -1.95). The seeded command must print what the page shows."""
    text = (ROOT / "docs" / "solver.md").read_text(encoding="utf-8")
    command = "$ tutor solve docs/examples/partial-view.yaml --at 24 --samples 100 --seed 1\n"
    shown = text.split(command, 1)[1].split("```", 1)[0]
    args = command[len("$ tutor ") :].split()
    args[1] = str(ROOT / args[1])
    result = run(*args, "--workers", "1", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert result.stdout == shown


def test_a_sample_count_beyond_a_million_is_a_usage_error() -> None:
    """Bug (found by fuzzing): -k 99999999999999999999 crashed solve and explain with exit 70
    (islice's stop beyond sys.maxsize); review took it. Each now says the range, exit 2."""
    for args in (
        ["solve", str(EXAMPLES / "partial-view.yaml"), "--at", "20"],
        ["explain", str(EXAMPLES / "seed003-scopa.yaml"), "--at", "2"],
        ["review", str(EXAMPLES / "seed003-scopa.yaml")],
    ):
        result = run(*args, "-k", "99999999999999999999", "-w", "1")
        assert result.exit_code == 2, (args, result.output)
        assert "must be at most 1000000" in result.stderr


def test_a_forced_move_is_valued_too() -> None:
    """Bug: with one legal move, solve valued no deal ('samples': 0, value null, a warning that
    no sampled deal was valued) yet named it best, against docs/solver.md. The analyser skips
    a forced move for a player; solve values it, as it was asked what the position is worth."""
    data = run_json("solve", str(ROOT / "docs" / "examples" / "partial-view.yaml"), "--at", "32",
                    "--samples", "5", "--json")  # fmt: skip
    [move] = data["moves"]
    assert data["samples"] == 5 and move["value"] is not None
    assert data["best"] == move["move"] and data["pv"][0] == move["move"]
    assert not any("no sampled deal" in w for w in data["warnings"])


def test_an_error_names_only_the_options_given() -> None:
    """Found by the stop-46 CLI audit: 'solve FILE --hand 4' said '--at 36: the hand is over'
    though no --at was given (the record's end was meant)."""
    result = run("solve", str(EXAMPLES / "scopa-match.yaml"), "--hand", "4")
    assert result.exit_code == 3, result.output
    assert result.stderr.strip() == (
        f"tutor: error: {EXAMPLES / 'scopa-match.yaml'}: the hand is over after play 36: nothing "
        "to solve"
    )
    given = run("solve", str(EXAMPLES / "scopa-match.yaml"), "--hand", "4", "--at", "36")
    assert ": --at 36: the hand is over" in given.stderr


def test_sampled_values_resting_on_a_reading_say_so() -> None:
    """Found by the stop-46 puzzle audit: solve showed 7C +2.00 [+2.00, +2.00], 7S +0.00 on
    a position where the play model puts 7D with North in every deal (the tracker: 22%);
    on the tracker's deals 7S is worth 1.50. The text and the JSON say both."""
    path = str(ROOT / "puzzles" / "scopone-16-best-move-f958411c76c6.yaml")
    result = run("solve", path, env=PLAIN_ENV)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "reading: These values rest on the analysis's reading of the plays" in text
    assert (
        "North holds 7D in 200 of the 200 deals the analysis valued, 22% on the tracker's" in text
    )
    assert "they would be: 7C +2.82, 7S +1.64." in text
    data = run_json("solve", path)
    assert data["reading"]["pinned"][0]["card"] == "7D"
    assert {m["move"]: m["value"] for m in data["reading"]["tracker"]["moves"]} == {
        "7C": 2.82, "7S": 1.64,
    }  # fmt: skip
    # a sampled solve whose deals settle nothing against the tracker says nothing
    quiet = run_json("solve", str(EXAMPLES / "partial-view.yaml"), "--at", "20", "-k", "20")
    assert quiet["reading"] is None


def test_the_values_say_whose_points_they_count_in_scopa_and_in_italian() -> None:
    """Italian audit (stop 48): in scopa the unit read "Tu meno gli avversari" (a verb that
    does not agree, and one opponent made two); the English "You minus the others" was as
    wrong. The values count the mover's own points where players have no partners."""
    scopa = str(EXAMPLES / "seed003-scopa.yaml")
    en = run("solve", scopa, "--at", "30", env=PLAIN_ENV).stdout
    assert "Values: points of the hand, yours minus the other player's, best play" in en, en
    it = run("--lang", "it", "solve", scopa, "--at", "30", env=PLAIN_ENV).stdout
    assert "i tuoi meno quelli dell'avversario" in it and "meno gli avversari" not in it, it
    scopone = run("solve", str(EXAMPLES / "scopone-hand.yaml"), "--at", "24", env=PLAIN_ENV)
    assert "points of the hand, South's side minus the others, best play" in scopone.stdout


def test_a_slow_exact_solve_says_what_it_does_and_a_quick_one_says_nothing() -> None:
    """Audit (stop 48): an exact solve has no count to draw a bar with, and said nothing for
    up to its minute; one still running after a second now says what it is doing."""
    scopone = str(EXAMPLES / "scopone-hand.yaml")
    slow = run("solve", scopone, "--at", "8", "--time", "1.5")
    assert "tutor: solving exactly (at most 1.5 s; Ctrl-C shows the bounds proven so far)" in (
        slow.stderr
    )
    quick = run("solve", scopone, "--at", "24")
    assert quick.exit_code == 0 and "solving exactly" not in quick.stderr


def test_the_json_of_solve_explain_and_track_names_its_deck() -> None:
    """Analysis audit (stop 49): solve, explain --at and track wrote their cards in the
    record's notation (QD in a french record) without saying which; replay and rules did."""
    record = str(SEED003)
    for args in (
        ["solve", record, "--at", "30"],
        ["explain", record, "--at", "30"],
        ["track", record, "--as", "Ada", "--at", "9"],
    ):
        assert run_json(*args)["deck"] == "french", args


def test_solve_needs_no_sampling_where_counting_places_every_card(tmp_path) -> None:
    """Was: a record giving only your cards, in its last deal, was sampled (and with --samples 5
    warned "these values say little ... sample more") though you can count Ada's three cards."""
    text = SEED003.read_text(encoding="utf-8")
    hidden = tmp_path / "hidden.yaml"
    hidden.write_text(re.sub(r", Ada: \[[^\]]*\]\}", "}", text), encoding="utf-8")
    assert "Ada: [" not in hidden.read_text(encoding="utf-8")
    truth = run_json("solve", str(SEED003), "--at", "30")
    for extra in ([], ["--samples", "5"], ["--exact"]):
        result = run("solve", str(hidden), "--at", "30", "--json", *extra)
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["pinned"] is True and data["exact"] is True and not data["warnings"]
        assert data["moves"] == truth["moves"]
        assert ("solved exactly instead of sampling" in result.stderr) == bool(
            extra[:1] == ["--samples"]
        )
    shown = run("solve", str(hidden), "--at", "30", env=PLAIN_ENV)
    assert "exact, every card known by counting" in shown.stdout
    assert "sample" not in shown.output


def test_an_infinite_time_budget_is_a_usage_error() -> None:
    """Input audit (stop 54): review -t inf ran and printed "inf s each"; solve -t inf and play
    --feedback-time inf were taken too, where the engine's 'go time inf' was refused."""
    for args in (
        ["solve", str(EXAMPLES / "partial-view.yaml"), "--at", "20", "-t", "inf"],
        ["review", str(EXAMPLES / "seed003-scopa.yaml"), "-t", "inf"],
        ["explain", str(EXAMPLES / "seed003-scopa.yaml"), "--at", "2", "--time", "inf"],
        ["play", "--feedback-time", "inf"],
    ):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "must be at most 86400, not inf" in result.stderr


def test_a_seed_too_long_to_read_says_so_in_the_tutors_words() -> None:
    """Input audit (stop 54): a --seed of 5,000 digits said pydantic's 'Unable to parse input
    string as an integer, exceeded maximum size'."""
    result = run("simulate", "-n", "1", "--seed", "9" * 5000)
    assert result.exit_code == 2, result.output
    assert "--seed: must be a whole number of at most 4300 digits;" in result.stderr


def test_solve_and_explain_value_a_point_alike(tmp_path: Path) -> None:
    """First-hour audit (stop 55): solve --at 2 and explain --at 2, both "200 sampled deals
    (seed 0)", put the same move at -0.61 and +0.04: solve drew other deals than review and
    explain do for that decision. Now the same seed values the moves alike in all three."""
    record = tmp_path / "mine.yaml"
    record.write_text(
        "ruleset: scopa\nplayers: [Me, Bo]\ndealer: Bo\ntable: [AS, 3D, 4C, 7B]\n"
        "deals:\n  - {Me: [FB, 5S, 2C]}\nplays: [2C, 2B x 2C]\n",
        encoding="utf-8",
    )
    for seed in ("0", "5"):
        quick = ["--at", "2", "--samples", "12", "--seed", seed, "--workers", "1"]
        solved = run_json("solve", str(record), *quick)
        explained = run_json("explain", str(record), *quick)
        assert {m["move"]: m["value"] for m in solved["moves"]} == {
            m["move"]: m["value"] for m in explained["moves"]
        }
        assert solved.get("seed", int(seed)) == int(seed) and explained["seed"] == int(seed)


def test_the_library_solves_a_record_as_the_command_does() -> None:
    """Code audit (stop 57): solve's seed for the decision and its reading check were worked
    out in the command; ``tutor.review.explain.solve_position`` is the one call, and gives the
    command's values and seed."""
    from tutor.records.recordfile import load_path
    from tutor.review.explain import solve_position

    path = EXAMPLES / "partial-view.yaml"
    data = run_json("solve", str(path), "--at", "24", "-k", "6", "--seed", "3", "-w", "1")
    [record] = load_path(path)
    ev = solve_position(record, 24, "sampling", samples=6, seed=3, workers=1)
    mine = ev.to_json(record.style)
    assert mine["moves"] == data["moves"] and mine["seed"] == data["seed"] == 3
