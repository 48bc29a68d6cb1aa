"""``tutor review``: the JSON keys, hindsight, the text, bad input, help."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES, SEED003, run, run_json, seed003_opening

from tutor.cli.core import EXIT_BAD_INPUT, EXIT_USAGE
from tutor.review.judge import CLASSES


def test_review_json_has_exactly_the_issues_keys() -> None:
    result = run(
        "review", str(SEED003), "--as", "You", "--samples", "10", "--workers", "1", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # the issue's keys, and "deck" (stop 49: which notation the cards are in)
    assert set(data) == {"ruleset", "deck", "hand", "seed", "decisions", "summary", "interrupted"}
    assert data["deck"] == "french"
    assert data["ruleset"] == "scopa" and data["hand"] == 1 and data["seed"] == 0
    assert data["interrupted"] is False
    # the issue's keys, and "reading" (docs/review.md: null unless a verdict rests on a reading)
    # and "stopped" (stop 49: the text's "time up", which the JSON did not carry), and
    # "cost_sources" (stop 59: the cost split by category, null below an inaccuracy)
    keys = {"play", "player", "move", "best", "cost", "low", "high", "class", "uncertain",
            "exact", "samples", "stopped", "observations", "hindsight", "reading",
            "cost_sources", "class_high"}  # fmt: skip
    for d in data["decisions"]:
        assert set(d) == keys
        assert d["stopped"] in ("decided", "samples", "time", "exact", "forced")
        assert d["player"] == "You" and d["class"] in CLASSES
        # the upper class of an uncertain verdict, as the text's "good–mistake" (stop 59)
        assert d["class_high"] in CLASSES[CLASSES.index(d["class"]) :]
        assert (d["class_high"] != d["class"]) <= d["uncertain"]
        assert d["hindsight"] is None and d["reading"] is None
        for o in d["observations"]:
            assert set(o) == {"code", "text", "maxim"}
    assert [d["play"] for d in data["decisions"]] == list(range(1, 37, 2))
    assert any(d["class_high"] != d["class"] for d in data["decisions"])
    assert data["decisions"][2]["move"] == "7H x 3H 4H"
    summary = data["summary"]["You"]
    # the issue's keys, "uncertain", and the intervals of the two figures
    assert set(summary) == {"counts", "uncertain", "points_lost", "points_lost_low",
                            "points_lost_high", "accuracy", "accuracy_low",
                            "accuracy_high", "costliest", "habits"}  # fmt: skip
    # where to look first, as the text names it (code audit, stop 57: the JSON had it not)
    costly = sorted((d for d in data["decisions"] if d["cost"] >= 0.05
                     and d["class"] != "forced"),
                    key=lambda d: (-d["cost"], d["play"]))  # fmt: skip
    assert summary["costliest"] == [d["play"] for d in costly[:3]] and costly
    # the habits (stop 59): the split costs summed by category, and the maxims gone against
    habits = summary["habits"]
    split = [d for d in data["decisions"] if d["cost_sources"] is not None]
    assert habits["split"] == len(split) > 0
    for category, points in habits["points_by_category"].items():
        summed = sum(d["cost_sources"]["categories"].get(category, 0) for d in split)
        assert abs(points - summed) < 1e-3
    against = {}
    for d in data["decisions"]:
        for code in {
            o["code"]
            for o in d["observations"]
            if o["code"] in {b["code"] for b in habits["maxims_broken"]}
        }:
            against[code] = against.get(code, 0) + 1
    assert {b["code"]: b["times"] for b in habits["maxims_broken"]} == against
    assert all(b["costly"] <= b["times"] for b in habits["maxims_broken"])
    assert 0 <= summary["points_lost_low"] < summary["points_lost"] < summary["points_lost_high"]
    assert 0 <= summary["accuracy_low"] < summary["accuracy"] < summary["accuracy_high"] <= 100
    assert set(summary["counts"]) == set(CLASSES) and sum(summary["counts"].values()) == 18
    assert summary["uncertain"] == {
        c: sum(1 for d in data["decisions"] if d["class"] == c and d["uncertain"]) for c in CLASSES
    }
    assert math.isclose(summary["points_lost"], sum(d["cost"] for d in data["decisions"]),
                        abs_tol=1e-3)  # fmt: skip


def test_review_hindsight_is_labelled() -> None:
    result = run("review", str(SEED003), "--as", "You", "--samples", "10", "--workers", "1",
                 "--hindsight", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    shown = [d["hindsight"] for d in data["decisions"] if d["class"] != "forced"]
    assert shown and all(h and "hindsight" in h["label"] for h in shown)
    late = [d for d in data["decisions"] if d["play"] >= 31 and d["hindsight"]]
    assert all(d["hindsight"]["exact"] for d in late)


def test_review_text_lists_decisions_and_summary() -> None:
    result = run("review", str(SEED003), "--all", "--samples", "10", "--workers", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "took-scopa" in out and "Summary" in out and "accuracy" in out
    assert " 3  You  AS" in out


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (("review", str(SEED003), "--as", "Bob"), EXIT_BAD_INPUT, "no such player"),
        (("review", str(SEED003), "--as", "You", "--all"), EXIT_USAGE, "--all"),
        (("review", "nowhere.yaml"), EXIT_BAD_INPUT, "nowhere.yaml"),
        (("explain", str(SEED003), "--at", "40"), EXIT_BAD_INPUT, "--at 40"),
        (("explain", str(SEED003), "--at", "36"), EXIT_BAD_INPUT, "the hand is over"),
        (("explain", str(SEED003), "--at", "2", "--as", "Ada"), EXIT_BAD_INPUT, "yours to make"),
    ],
)
def test_bad_input_gets_one_line(args: tuple[str, ...], code: int, fragment: str) -> None:
    result = run(*args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and fragment in result.stderr


@pytest.mark.parametrize("command", [["review"], ["bench", "review"], ["explain"]])
def test_help_shows_an_example(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Example" in text and "tutor " + " ".join(command) in text
    if command == ["explain"]:
        assert "--at" in text


def test_review_reads_styles_from_earlier_hands_and_as_stated() -> None:
    from helpers import EXAMPLES

    match = str(EXAMPLES / "scopa-match.yaml")
    base = ["review", match, "--hand", "2", "--as", "Bruno", "--samples", "8", "--json"]
    for extra in ([], ["--no-earlier-hands"], ["--style", "carla=careless:0.8"]):
        result = run(*base, *extra)
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["hand"] == 2
    bad = run(*base, "--style", "Carla=nope")
    assert bad.exit_code == EXIT_USAGE and "unknown style 'nope'" in bad.stderr


def test_an_interrupted_review_says_so_in_its_json_and_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an audit: review --json stopped by Ctrl-C printed the decisions judged so far
    with nothing to tell them from a whole review but the exit code 130; simulate, solve,
    puzzle generate, train and review --html mark it. The JSON has "interrupted" now."""
    import tutor.review.review

    judge = tutor.review.review._review_play
    calls = [0]

    def ctrl_c_at_the_second(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == 2:
            raise KeyboardInterrupt
        return judge(*args, **kwargs)

    monkeypatch.setattr(tutor.review.review, "_review_play", ctrl_c_at_the_second)
    args = ["review", seed003_opening(tmp_path), "--all", "--samples", "4", "-w", "1"]
    result = run(*args, "--json")
    assert result.exit_code == 130, result.output
    data = json.loads(result.stdout)
    assert data["interrupted"] is True and len(data["decisions"]) == 1
    assert list(data) == ["ruleset", "deck", "hand", "seed", "decisions", "summary", "interrupted"]
    assert "interrupted" in result.stderr and "Traceback" not in result.output
    calls[0] = 0
    result = run(*args)
    assert result.exit_code == 130, result.output
    assert "Interrupted: the review stops at the last decision judged." in result.stdout


def test_the_review_ends_with_the_hand_s_result() -> None:
    """HTML audit (stop 48): neither the review nor its page gave the hand's result (seed
    003's note says "You 5 points, Ada 1"); a player studying the hand had to run replay."""
    r = run("review", str(SEED003), "--samples", "8", "--workers", "1")
    assert r.exit_code == 0, r.stderr
    tail = r.stdout.split("Score of the hand", 1)[1]
    assert "Leftovers: Ada captured last and takes 4S." in r.stdout
    assert tail.rstrip().splitlines()[-1].split() == ["total", "5", "1"]


def test_a_match_is_reviewed_hand_by_hand_then_summed_per_player() -> None:
    """Big-input audit (stop 54): a match could be reviewed only a hand at a time, with no
    figures over the match. --match reviews every hand, as --hand N would, then sums each
    player's decisions over them."""
    match = str(EXAMPLES / "scopa-match.yaml")
    quick = ["-k", "4", "-t", "100", "-w", "1"]  # by the deals alone: the same in each run
    data = run_json("review", match, "--match", *quick)
    assert [h["hand"] for h in data["hands"]] == [1, 2, 3, 4] and data["interrupted"] is False
    for name, summed in data["summary"].items():
        per_hand = [h["summary"][name] for h in data["hands"]]
        for cls, n in summed["counts"].items():
            assert n == sum(s["counts"][cls] for s in per_hand), (name, cls)
        assert summed["points_lost"] == pytest.approx(sum(s["points_lost"] for s in per_hand))
    second = run_json("review", match, "--hand", "2", *quick)
    assert second["decisions"] == data["hands"][1]["decisions"]  # as --hand 2 reviews it
    text = run("review", match, "--match", *quick, env={"COLUMNS": "100"}).stdout
    assert "Hand 2 of 4" in text and "Summary of the match: 4 hands of 4 reviewed" in text
    bad = run("review", match, "--match", "--hand", "2")
    assert bad.exit_code == 2 and "give --hand or --match, not both" in bad.stderr


def test_a_match_is_one_page_with_html(tmp_path: Path) -> None:
    """--match --html was refused ("a page shows one hand"): a match is now one page, its
    figures over the match, then each hand as --hand N --html shows it."""
    match = str(EXAMPLES / "scopa-match.yaml")
    page = tmp_path / "match.html"
    r = run("review", match, "--match", "-k", "4", "-t", "100", "-w", "1", "--html", str(page))
    assert r.exit_code == 0, r.stderr
    assert "Summary of the match: 4 hands of 4 reviewed" in r.stdout  # the text as well
    html = page.read_text(encoding="utf-8")
    assert "<h1>Review of a match of scopa</h1>" in html
    for n in range(1, 5):
        assert f'id="h{n}-hand"' in html and f'id="h{n}-play-1"' in html
    out = run("review", match, "--match", "-k", "4", "-t", "100", "-w", "1", "--html", "-")
    assert out.exit_code == 0 and out.stdout.startswith("<!DOCTYPE html>")
    assert "Summary of the match" not in out.stdout  # the page alone on stdout


def test_a_review_of_a_match_file_says_it_shows_the_first_hand_alone() -> None:
    """Play audit (stop 57): a review of the file tutor play saved, two hands long, showed its
    first hand and said nothing of the second, where the costlier mistake was."""
    match = str(EXAMPLES / "scopa-match.yaml")
    args = ["review", match, "--samples", "4", "--workers", "1", "--time", "0.2", "--json"]
    said = run(*args).stderr
    assert "scopa-match.yaml holds 4 hands: this is the review of hand 1 (--hand N for " in said
    assert "holds 4 hands" not in run(*args, "--hand", "1").stderr
    assert "holds" not in run("review", str(SEED003), *args[2:]).stderr


def test_a_review_whose_time_ran_out_says_another_run_may_differ() -> None:
    """Reproducibility audit (stop 57): a second default review of the scopone example named
    another best move at play 9, the time limit having ended its sampling at another count;
    only "time up" in that line said so. stderr says it, as explain --at does, and how to
    repeat the verdicts."""
    args = ["review", str(SEED003), "--as", "You", "--workers", "1"]
    said = run(*args, "--time", "0.01", "--json").stderr
    assert re.search(r"time was up for \d+ decisions? before", said), said
    assert "raise --time for verdicts the seed repeats" in said
    assert "time was up" not in run(*args, "--samples", "4", "--json").stderr
    match = run("review", str(EXAMPLES / "scopa-match.yaml"), "--match", "--time", "0.01",
                "--workers", "1", "--json").stderr  # fmt: skip
    assert "time was up for" in match


def test_several_files_are_reviewed_then_summed(tmp_path: Path) -> None:
    """Stop 59: a player's figures, costliest plays and habits over several records (a season
    of one's games), each file's first hand reviewed as a file alone would be."""
    from tutor.records.recordfile import dumps, load_path

    quick = ["--samples", "6", "--time", "100", "--workers", "1"]
    one = tmp_path / "one.yaml"
    two = tmp_path / "two.yaml"
    one.write_text(SEED003.read_text(encoding="utf-8"), encoding="utf-8")
    two.write_text(dumps(load_path(SEED003)[0].cut(24)), encoding="utf-8")  # another hand
    data = run_json("review", str(one), str(two), "--as", "You", *quick)
    assert [f["file"] for f in data["files"]] == [str(one), str(two)]
    alone = run_json("review", str(one), "--as", "You", *quick)
    cut = run_json("review", str(two), "--as", "You", *quick)
    first = data["files"][0]["hands"][0]
    assert first["decisions"] == alone["decisions"]  # as the file alone is reviewed
    assert data["files"][1]["hands"][0]["decisions"] == cut["decisions"]
    summary = data["summary"]["You"]
    mine = alone["summary"]["You"], cut["summary"]["You"]
    assert summary["points_lost"] == pytest.approx(sum(s["points_lost"] for s in mine), abs=1e-3)
    assert all(set(c) == {"file", "hand", "play"} for c in summary["costliest"])
    assert summary["habits"]["split"] == sum(s["habits"]["split"] for s in mine)
    text = run("review", str(one), str(two), "--as", "You", *quick)
    assert text.exit_code == 0, text.output
    said = " ".join(text.stdout.split())
    assert "Review of 2 files: 2 hands reviewed" in said
    assert "Summary over every hand reviewed" in said and f"{one}, hand 1, play" in said


def test_a_file_given_twice_is_reviewed_once(tmp_path: Path) -> None:
    """Bad-input audit (stop 60): the same file given twice (``x.yaml ./x.yaml``, or a copy)
    was reviewed twice, and every figure of the summary counted twice, with no word."""
    quick = ["--as", "You", "--samples", "4", "--time", "100", "--workers", "1"]
    copy = tmp_path / "copy.yaml"
    copy.write_text(SEED003.read_text(encoding="utf-8").replace("Seed 003", "Mine"), "utf-8")
    result = run("review", str(SEED003), str(copy), *quick, "--json")
    assert result.exit_code == 0, result.output
    assert [f["file"] for f in json.loads(result.stdout)["files"]] == [str(SEED003)]
    said = " ".join(result.stderr.split())
    assert f"tutor: {copy} holds the same hands as {SEED003}: reviewed once" in said
    # the same hand recorded from one seat (the plays show the other hands) is the same hand
    # (coach audit, stop 60: partial-view.yaml beside scopone-hand.yaml counted South twice)
    both = [str(EXAMPLES / "scopone-hand.yaml"), str(EXAMPLES / "partial-view.yaml")]
    seat = run("review", *both, "--as", "South", "--samples", "4", "--time", "100", "--workers",
               "1", "--json")  # fmt: skip
    assert seat.exit_code == 0, seat.output
    assert len(json.loads(seat.stdout)["files"]) == 1 and "reviewed once" in seat.stderr
    alone = run_json("review", str(SEED003), *quick)["summary"]["You"]
    assert json.loads(result.stdout)["summary"]["You"]["points_lost"] == alone["points_lost"]


def test_several_files_refuse_what_takes_one_and_check_every_file_first(tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text(SEED003.read_text(encoding="utf-8"), encoding="utf-8")
    hand = run("review", str(SEED003), str(other), "--hand", "1")
    assert hand.exit_code == 2 and "--hand takes one file, not several" in hand.output
    hindsight = run("review", str(SEED003), str(other), "--hindsight")
    assert hindsight.exit_code == 2
    assert "--hindsight with several files needs --html or --json" in hindsight.output
    # the page would overwrite a file read, whichever of them (not the first alone)
    over = run("review", str(SEED003), str(other), "--html", str(other))
    assert over.exit_code == 2 and "is the file being read" in over.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: scopa\nplayers: [A, B]\n", encoding="utf-8")
    started = run("review", str(SEED003), str(bad), "--samples", "4")
    assert started.exit_code == 3 and str(bad) in started.output
    assert "reviewing hand" not in started.output  # refused before any review
    nobody = run("review", str(SEED003), str(EXAMPLES / "scopa-match.yaml"), "--as", "You")
    assert nobody.exit_code == 3 and "scopa-match.yaml: --as You: no such player" in nobody.output


def test_several_files_make_one_page(tmp_path: Path) -> None:
    """review A.yaml B.yaml --html: one page of every file's hands (tutor.render.html.files_page),
    the text still on stdout; --html - prints the page alone, and with --json it is a usage
    error, as for one file."""
    quick = ["--samples", "4", "--time", "0.1", "--workers", "1"]
    hostile = tmp_path / "<script>x.yaml"  # a file's name is the user's words: escaped
    hostile.write_text(SEED003.read_text(encoding="utf-8"), encoding="utf-8")
    match = str(EXAMPLES / "scopa-match.yaml")
    out = tmp_path / "season.html"
    done = run("review", str(hostile), match, "--html", str(out), *quick)
    assert done.exit_code == 0, done.output
    assert "Review of 2 files: 2 hands reviewed" in " ".join(done.stdout.split())
    page = out.read_text(encoding="utf-8")
    assert "<h1>Review of 2 files</h1>" in page and "<script" not in page
    # the file's name as given under its title (the record's), escaped
    assert "<h2><bdi>Seed 003: a worked example of scopa</bdi></h2>" in page
    assert f"file <bdi>{str(hostile).replace('<', '&lt;').replace('>', '&gt;')}</bdi>" in page
    assert 'id="f1-h1-play-1"' in page and 'id="f2-h1-play-1"' in page
    both = run("review", str(hostile), match, "--html", "-", "--json", *quick)
    assert both.exit_code == 2 and "--html - and --json" in both.output
    alone = run("review", str(hostile), match, "--html", "-", "--hindsight", *quick)
    assert alone.exit_code == 0, alone.output
    assert alone.stdout.startswith("<!DOCTYPE html>") and "Summary over" not in alone.stdout
    assert "Hindsight (every hand visible)" in alone.stdout


def test_what_costly_means_is_said_once_under_every_players_habits() -> None:
    """Coach audit (stop 60): the line saying what the habits' tables count as costly came
    under every player's table, six times in a review of several players, on the page too."""
    quick = ["--all", "--samples", "6", "--time", "100", "--workers", "1"]
    text = " ".join(run("review", str(SEED003), *quick).stdout.split())
    assert "Maxims your plays went against:" in text
    assert "Maxims Ada's plays went against:" in text
    assert text.count("Costly: the plays that cost 0.20 or more") == 1
    assert text.index("Maxims Ada's plays") < text.index("Costly: the plays")
    page = run("review", str(SEED003), *quick, "--html", "-").stdout
    assert page.count("Costly: the plays that cost 0.20 or more") == 1
