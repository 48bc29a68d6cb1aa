"""``tutor bench``: each benchmark's command, its JSON and its argument checks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import example, one_error_line, run, run_json, runner, seed003_opening
from typer.testing import CliRunner

from tutor.bench import common, endgame, engine, puzzles, review
from tutor.cli import app
from tutor.cli.core import EXIT_INTERRUPTED, EXIT_USAGE
from tutor.game.i18n import speaking
from tutor.records.recordfile import load_path
from tutor.render.bench import _interval_text
from tutor.review.judge import Settings

pytestmark = pytest.mark.usefixtures("run_from_root")


def test_bench_playouts_json_gives_a_rate() -> None:
    data = run_json("bench", "playouts", "--ruleset", "scopa", "--hands", "20", "--repeat", "3")
    assert isinstance(data["hands_per_second"], float) and data["hands_per_second"] > 0
    assert len(data["runs"]) == 3
    assert sorted(data["runs"])[1] == data["hands_per_second"]
    assert data["hands"] == 20


def test_a_bench_run_with_json_says_on_stderr_what_it_does() -> None:
    """Audit (stop 48): with --json the benchmarks said nothing at all on stderr, however
    long they ran (bench all for minutes): stdout holds the JSON alone, stderr the notes."""
    result = run("bench", "playouts", "--ruleset", "scopa", "--hands", "5", "--repeat", "1",
                 "--json")  # fmt: skip
    assert result.exit_code == 0
    assert json.loads(result.stdout)["hands"] == 5
    assert "playing 5 random hands of scopa, once..." in result.stderr


def test_bench_playouts_plain_output() -> None:
    result = run("bench", "playouts", "--hands", "5", "--repeat", "1")
    assert result.exit_code == 0
    assert "hands_per_second" in result.stdout
    assert "playing 5 random hands" in result.stderr


def test_bench_playouts_rejects_zero_hands() -> None:
    assert run("bench", "playouts", "--hands", "0").exit_code == EXIT_USAGE
    with pytest.raises(common.BenchError, match="hands must be at least 1, not 0"):
        engine.bench_playouts("scopa", hands=0)
    with pytest.raises(common.BenchError, match="repeat must be at least 1"):
        engine.bench_playouts("scopa", hands=1, repeat=0)


def test_bench_checks_the_ruleset_before_announcing_the_run() -> None:
    # Was: "playing 5 random hands of nope, 5 times..." and then the error.
    line = one_error_line(run("bench", "playouts", "--ruleset", "nope", "--hands", "5"), 2)
    assert "unknown ruleset 'nope'" in line
    ok = run("bench", "playouts", "-r", "scopa", "-n", "2", "-k", "1")
    assert ok.exit_code == 0
    assert ok.stderr == "tutor: playing 2 random hands of scopa, once...\n"  # its prefix: stop 54


def test_bench_all_runs_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> dict[str, Any]:
        raise FileNotFoundError(2, "No such file or directory", "missing.yaml")

    registry = {
        "playouts": lambda: engine.bench_playouts("scopa", hands=3, repeat=1),
        "gone": broken,
    }
    monkeypatch.setattr(common, "BENCHMARKS", registry)
    data = run_json("bench", "all")
    assert set(data) == {"playouts", "gone"}
    assert data["playouts"]["hands"] == 3
    assert "missing.yaml" in data["gone"]["skipped"]
    table = run("bench", "all")
    assert table.exit_code == 0
    assert "hands_per_second" in table.stdout and "skipped" in table.stdout


def test_bench_replay_times_a_record() -> None:
    data = run_json("bench", "replay", example("seed003-scopa.yaml"), "--repeat", "2")
    assert data["median_seconds"] > 0 and len(data["runs"]) == 2
    assert "seconds" not in data  # a median, and named so in the table (bench audit, stop 57)
    assert (
        "median_seconds" in run("bench", "replay", example("seed003-scopa.yaml"), "-k", "1").stdout
    )


def test_bench_tracker_times_the_hand_asked_for() -> None:
    """Bench audit (stop 57): on a match file bench tracker timed hand 1 without a word; --hand
    chooses the hand, as in track and review, and the figures say which."""
    match = example("scopa-match.yaml")
    second = load_path(match)[1]
    data = run_json("bench", "tracker", match, "--hand", "2", "--repeat", "1")
    assert data["hand"] == 2 and data["plays"] == len(second.plays)
    assert run_json("bench", "tracker", match, "--repeat", "1")["hand"] == 1
    said = one_error_line(run("bench", "tracker", match, "--hand", "9", "--repeat", "1"))
    assert said.endswith(f"{match}: --hand 9: the file has {len(load_path(match))} hands")


def test_bench_tracker_names_its_median() -> None:
    data = run_json("bench", "tracker", "--repeat", "3")
    assert sorted(data["runs"])[1] == data["median_seconds"] and "seconds" not in data
    table = run("bench", "tracker", "--repeat", "1")
    assert table.exit_code == 0 and "median_seconds" in table.stdout


def test_cli_bench_solve() -> None:
    result = CliRunner().invoke(app, ["bench", "solve", "scopone-4", "--positions", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["cards_left"] == 4 and data["table"] == 4 and data["positions"] == 2
    bad = CliRunner().invoke(app, ["bench", "solve", "scopone-9"])
    assert bad.exit_code == 2 and "unknown case" in bad.output


def test_cli_bench_search_move() -> None:
    result = runner.invoke(
        app,
        ["bench", "search", "--positions", "1", "--budget", "0.2", "--workers", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["workers"] == 1 and data["budget_seconds"] == 0.2
    assert 0.2 <= data["median_seconds"] < 2.0  # the budget is spent, and not overrun
    assert isinstance(data["opening_samples_in_budget"], int)
    # found by QA: the only long run that said nothing of what it was doing
    shown = runner.invoke(app, ["bench", "search", "--positions", "1", "--budget", "0.1",
                                "--workers", "1"])  # fmt: skip
    assert (
        shown.stderr
        == "tutor: timing the search player on 1 opening move at 0.1 s each, with 1 worker...\n"
    )


def test_bench_all_says_which_benchmark_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped, ``bench all`` says on stderr which benchmark it is running (issue 12)."""
    registry = {"playouts": lambda: engine.bench_playouts("scopa", hands=2, repeat=1)}
    monkeypatch.setattr(common, "BENCHMARKS", registry)
    result = run("bench", "all")
    assert result.exit_code == 0 and result.stderr == "tutor: running playouts...\n"


def test_bench_calibration_json_and_table() -> None:
    args = ("bench", "calibration", "--players", "greedy", "--hands", "1", "--ruleset", "scopa")
    data = run_json(*args, "--trust-readings", "0.5")
    assert data["hands"] == 1 and data["players"] == "greedy" and data["trust"] == 0.5
    assert data["model"] == "tracker"
    assert {"card", "card_facts", "sweep", "sweep_facts", "readings", "tracker_ms"} <= set(data)
    table = run(*args)
    assert table.exit_code == 0
    assert "Per-card odds" in table.stdout and "Sweep odds" in table.stdout
    assert "Brier" in table.stdout
    # one hand holds no bin of 200 cases: nothing to judge, not a gap of 0.000
    assert data["sweep"]["worst_gap_200"] is None and "no bin holds 200 cases" in table.stdout
    assert all("gap_interval" in row for row in data["card"]["bins"])
    # a bad name is a usage error, as simulate's --players is (it was exit 3)
    assert run("bench", "calibration", "--players", "search", "--hands", "1").exit_code == 2
    assert run(*args, "--trust-readings", "2").exit_code == EXIT_USAGE
    assert "--model" in one_error_line(run(*args, "--model", "oracle"), EXIT_USAGE)
    known = run_json(*args, "--earlier-hands", "1", "--styles-stated")
    assert known["earlier_hands"] == 1 and known["styles_stated"] is True
    sure = run_json(*args, "--styles-stated", "--stated-share", "1")
    assert sure["styles_stated"] is True and sure["stated_share"] == 1.0
    assert run(*args, "--styles-stated", "--stated-share", "1.5").exit_code == EXIT_USAGE
    alone = one_error_line(run(*args, "--stated-share", "0.5"), EXIT_USAGE)  # was ignored
    assert "--stated-share: used only with --styles-stated" in alone  # bench audit, stop 57
    assert run(*args, "--earlier-hands", "-1").exit_code == EXIT_USAGE


def test_bench_endgame_json_and_table() -> None:
    args = ("bench", "endgame", "--players", "chitarrella,greedy", "--deals", "1")
    data = run_json(*args, "--samples", "8", "--methods", "facts,sighted", "--plays-left", "8")
    assert data["deals"] == 1 and data["games"] == 2 and data["plays_left"] == 8
    assert list(data["methods"]) == ["facts", "sighted"]
    sighted = data["methods"]["sighted"]
    assert sighted["regret"]["mean"] == 0 and sighted["positions_lost"] == 0
    assert sighted["minus_facts"]["mean"] == -data["methods"]["facts"]["regret"]["mean"]
    assert all(int(k) <= 8 for k in sighted["by_plays_left"])
    table = run(*args, "--samples", "4", "--methods", "search,facts")
    assert table.exit_code == 0
    assert "Points lost against the best move for the true deal" in table.stdout
    methods = one_error_line(run(*args, "--methods", "oracle"), EXIT_USAGE)
    assert methods.endswith("see 'tutor bench endgame --help'") and "--methods" in methods
    assert run(*args, "--players", "search-sighted:1,nobody").exit_code == EXIT_USAGE
    assert run(*args, "--deals", "0").exit_code == EXIT_USAGE
    assert run(*args, "--plays-left", "17").exit_code == EXIT_USAGE
    with pytest.raises(common.BenchError, match="plays left must be 1 to 16, not 20"):
        endgame.bench_endgame("chitarrella,greedy", deals=1, plays_left=20)


def test_the_judgement_benchmarks_take_a_ruleset_file(tmp_path: Path) -> None:
    """A ruleset read from a file has no name to load it by: the workers get the ruleset
    itself (two workers, so that it crosses to another process)."""
    shipped = Path("rulesets/scopa.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(shipped.replace("name: scopa\n", "name: scopa-mine\n", 1), encoding="utf-8")
    calibration = run_json("bench", "calibration", "--ruleset", str(mine), "--players", "greedy",
                           "--hands", "2", "--workers", "2")  # fmt: skip
    assert calibration["ruleset"] == "scopa-mine" and calibration["hands"] == 2
    endgame = run_json("bench", "endgame", "--ruleset", str(mine), "--players",
                       "chitarrella,greedy", "--deals", "2", "--samples", "4", "--methods",
                       "facts", "--workers", "2")  # fmt: skip
    assert endgame["ruleset"] == "scopa-mine" and endgame["deals"] == 2


def test_bench_tune_takes_a_ruleset_file(tmp_path: Path) -> None:
    """Found by QA: bench tune --ruleset FILE loaded the file, then asked for it again by its
    inner name: "unknown ruleset 'myscopa'"."""
    shipped = Path("rulesets/scopa.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(shipped.replace("name: scopa\n", "name: scopa-mine\n", 1), encoding="utf-8")
    tuned = run_json("bench", "tune", "--ruleset", str(mine), "--generations", "1", "--pairs",
                     "1", "--deals", "2", "--workers", "1")  # fmt: skip
    assert tuned["ruleset"] == "scopa-mine"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # found by QA: each was found only after minutes of work, or never
        (["search", "--budget", "inf"], "--budget:"),
        (["endgame", "--deals", "1", "--methods", "facts,Facts"],
         "--methods: method 'facts' is named twice"),
        (["play", "--opponents", "nope", "--games", "1", "--starts", "0"],
         "--opponents: unknown player 'nope'"),
        (["play", "--ruleset", "nope", "--games", "1", "--starts", "0"],
         "--ruleset: unknown ruleset 'nope'"),
        (["review", "--repeat", "1", "--planted", "2", "--ruleset", "nope"],
         "--ruleset: unknown ruleset 'nope'"),
        (["calibration", "--players", "greedy,random,chitarrella", "--hands", "1"],
         "--players: give one kind of play, or one per side (2 for scopone-scientifico)"),
    ],
)  # fmt: skip
def test_bench_options_are_checked_before_the_work(args: list[str], said: str) -> None:
    result = run("bench", *args)
    assert result.exit_code == EXIT_USAGE, result.output
    assert said in one_error_line(result, EXIT_USAGE) and "Right:" not in result.stderr
    assert result.stdout == "" and "playing" not in result.stderr  # nothing announced


def test_bench_endgame_with_no_choice_judged_shows_dashes() -> None:
    """Found by QA: with --plays-left 1 (no choice is left to judge) or Ctrl-C before the first
    deal, the table crashed formatting the missing mean (TypeError, exit 70)."""
    result = run("bench", "endgame", "--players", "greedy,greedy", "--deals", "1",
                 "--plays-left", "1", "--workers", "1")  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith("facts")]
    assert rows == [["facts", "-", "0", "-"]]


@pytest.mark.parametrize("which", ["review", "puzzle-generate", "planted"])
def test_ctrl_c_in_a_benchmark_that_keeps_partial_work_stops_it(
    monkeypatch: pytest.MonkeyPatch, which: str
) -> None:
    """Found by QA: the review and the puzzle mining keep what Ctrl-C left, so bench review,
    bench puzzles and bench all went on and timed a partial review as a whole one (exit 0)."""
    from types import SimpleNamespace

    cut = SimpleNamespace(interrupted=True, decisions=[], hands=0)
    monkeypatch.setattr(review, "review_record", lambda *a, **k: cut)
    monkeypatch.setattr(puzzles, "generate", lambda *a, **k: cut)
    if which == "review":  # the cases finished stand, and it says it was cut (stop 53)
        figures = review.bench_review(repeat=1, workers=1)
        assert figures["interrupted"] is True
        assert not any(key.endswith("_median_seconds") for key in figures)
        return
    with pytest.raises(KeyboardInterrupt):
        if which == "puzzle-generate":
            puzzles.bench_puzzle_generate(count=1, workers=1)
        else:
            review.bench_planted("scopa", 1, Settings(workers=1))


def test_bench_verdicts_json_and_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two short reviews of the first play of seed 003 against a small reference."""
    real, references = review.review_record, {}

    def once(record: Any, players: Any, **kw: Any) -> Any:
        # the reference of 400 deals a decision is the same for the JSON and the table: it is
        # reviewed once (test audit, stop 57: twice, half the test's 7.7 s)
        key = repr((record, players, kw["settings"], kw.get("hand")))
        if kw["settings"].samples == 400 and key not in references:
            references[key] = real(record, players, **kw)
        return references.get(key) or real(record, players, **kw)

    monkeypatch.setattr(review, "review_record", once)
    args = ("bench", "verdicts", seed003_opening(tmp_path, 2), "--player", "you", "--runs", "2",
            "--reference-samples", "400", "--workers", "1")  # fmt: skip
    data = run_json(*args)
    assert data["runs"] == 2 and data["players"] == ["You"] and data["reference_samples"] == 400
    assert data["hand"] == 1
    d = data["decisions"]
    assert d["sampled"] + d["exact"] == 2 * len(data["by_play"]) and d["sampled"] > 0
    assert [row["play"] for row in data["by_play"]] == [1]
    assert d["decided"] + d["uncertain"] == d["sampled"]
    assert set(data["summary"]) == {"You"}
    table = run(*args, "--judge", "play", "--runs", "1")  # tutor play's quick verdicts
    assert table.exit_code == 0
    assert "By decision" in table.stdout and "Summary" in table.stdout
    you = table.stdout.splitlines()[-2].split()  # the accuracies in % (bench audit, stop 57)
    # play's quick verdicts are timed, so the table's run need not match the JSON's figures
    assert you[0] == "You" and re.fullmatch(r"\d{1,3}\.\d%", you[-5]), you
    assert 0 <= data["summary"]["You"]["accuracy_reference"] <= 100
    assert "1 run of tutor play's quick verdicts" in " ".join(table.stdout.split())
    assert run(*args[:3], "--runs", "0").exit_code == EXIT_USAGE
    said = one_error_line(run(*args[:3], "--reference-samples", "100"), EXIT_USAGE)
    assert "--reference-samples" in said and "must be at least 400, not 100" in said
    said = one_error_line(run(*args[:3], "--player", "Bo"))  # not --as (bench audit, stop 57)
    assert said.endswith(": --player Bo: no such player (players: You, Ada)")
    assert "--hand 2: the file has 1 hand" in one_error_line(run(*args[:3], "--hand", "2"))
    said = one_error_line(run(*args, "--judge", "quick"), EXIT_USAGE)
    assert "--judge" in said and "unknown judge 'quick'" in said
    assert len(references) == 1


def test_bench_verdicts_interrupted_in_the_reference_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during the reference review: the runs never start, and the note says why the
    tables are empty (it said 'showing the 0 completed reviews')."""
    real = review.review_record

    def stopped(*args: Any, **kw: Any) -> Any:
        review = real(*args, **{**kw, "plays": [1]})
        review.interrupted = True
        return review

    monkeypatch.setattr(review, "review_record", stopped)
    result = run("bench", "verdicts", seed003_opening(tmp_path, 2), "--runs", "3",
                 "--reference-samples", "400", "--workers", "1")  # fmt: skip
    assert result.exit_code == EXIT_INTERRUPTED
    assert "interrupted during the reference review: no review was checked" in result.stderr
    assert "By decision" in result.stdout


def test_bench_calibration_writes_numbers_as_italian_does() -> None:
    """Found by an audit of the Italian: intervals "[-0,654, +0,513]" (the comma of the bounds
    and the decimal comma alike), bins "0.0-0.1", "0.08" in the text, "11948 casi" without the
    thousands mark the rest of the output has, and "Classi ... nessuno" (a class is feminine)."""
    args = ("bench", "calibration", "--players", "greedy", "--hands", "1", "--ruleset", "scopa")
    out = " ".join(run("--lang", "it", *args).stdout.split())
    assert "0,0-0,1 " in out and "0.0-0.1" not in out
    assert re.search(r"Probabilità per carta: \d\.\d{3} casi;", out), out
    assert "di certo nessuna; non decise da queste mani (l'intervallo sta a cavallo di 0,08)" in out
    assert "0.08" not in out
    with speaking("it"):
        assert _interval_text([-0.654, 0.513]) == "[-0,654; +0,513]"
    assert _interval_text([-0.654, 0.513]) == "[-0.654, +0.513]"
    assert "0.0-0.1 " in run(*args).stdout


def test_bench_review_refuses_planted_hands_of_three_sides_before_reviewing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Engine audit (stop 51): 'bench review --planted 1 -r three.yaml' reviewed the example
    hands for 92 s, then failed on the ruleset; it is refused before any review."""

    def reviewed(**_kwargs: object) -> None:
        raise AssertionError("the example hands were reviewed before the ruleset was refused")

    monkeypatch.setattr(review, "bench_review", reviewed)
    three = tmp_path / "three.yaml"
    three.write_text("name: three-alone\nplayers: 3\nsides: 3\nhand_size: 4\n")
    result = run("bench", "review", "--planted", "1", "-k", "1", "-w", "1", "-r", str(three))
    assert one_error_line(result) == (
        "tutor: error: moves are judged for two sides only; three-alone has 3 players, each for "
        "themselves, where no move has a single value"
    )


def test_bench_all_interrupted_shows_the_benchmarks_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Engine audit (stop 51): Ctrl-C in the fifth benchmark of 'bench all' exited 130 with
    nothing on stdout, though four had finished; their figures are shown, the one cut is
    marked, the rest are not run."""
    ran = []

    def cut() -> dict[str, Any]:
        raise KeyboardInterrupt

    def never() -> dict[str, Any]:
        ran.append("after")
        return {}

    monkeypatch.setattr(
        common, "BENCHMARKS", {"first": lambda: {"seconds": 1.5}, "second": cut, "third": never}
    )
    result = run("bench", "all", "--json")
    assert result.exit_code == 130, result.output
    assert json.loads(result.stdout) == {"first": {"seconds": 1.5}, "second": {"interrupted": True}}
    assert "interrupted during second: showing the benchmarks finished before it" in result.stderr
    assert not ran


def test_a_single_benchmark_cut_short_shows_the_runs_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Audit (stop 53): Ctrl-C in ``bench playouts --repeat 10`` after several runs printed
    nothing (exit 130, "interrupted"), where bench all keeps what it finished. The runs done
    are shown, marked interrupted, and the exit is still 130."""
    scored = [0]
    plain = engine.hand_points

    def cut(*args, **kw):  # type: ignore[no-untyped-def]
        scored[0] += 1
        if scored[0] == 5:  # the third run's first hand
            raise KeyboardInterrupt
        return plain(*args, **kw)

    monkeypatch.setattr(engine, "hand_points", cut)
    r = run("bench", "playouts", "--hands", "2", "--repeat", "5", "--json")
    assert r.exit_code == 130
    data = json.loads(r.stdout)
    assert data["interrupted"] is True and len(data["runs"]) == 2 and data["repeat"] == 5
    assert "interrupted: showing the runs finished" in r.stderr


@pytest.mark.parametrize("json_out", [True, False])
def test_a_single_benchmark_cut_in_its_first_run_says_it_has_no_figure(
    monkeypatch: pytest.MonkeyPatch, json_out: bool
) -> None:
    """JSON audit (stop 57): Ctrl-C in the first run of ``bench playouts --json`` left stdout
    empty, where a benchmark of ``bench all`` cut so is ``{"interrupted": true}``."""

    def cut(*args, **kw):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(engine, "hand_points", cut)
    r = run("bench", "playouts", "--hands", "2", *(["--json"] if json_out else []))
    assert r.exit_code == 130
    assert "interrupted before the first run finished: no figure" in r.stderr
    if json_out:
        assert json.loads(r.stdout) == {"interrupted": True}
    else:
        assert "playouts" in r.stdout


@pytest.mark.parametrize("command", ["all", "puzzles"])
@pytest.mark.parametrize("json_out", [True, False])
def test_ctrl_c_in_one_benchmark_of_several_stops_them_all(
    monkeypatch: pytest.MonkeyPatch, command: str, json_out: bool
) -> None:
    """Bench audit (stop 57): a benchmark that keeps its runs when Ctrl-C cuts them returned
    its figures marked interrupted, and bench all and bench puzzles went on to the next
    benchmark and exited 0. They stop there: the finished and the cut one shown, exit 130."""
    from types import SimpleNamespace

    ran = []
    checked = [0]

    def check(_puzzle: object) -> SimpleNamespace:
        checked[0] += 1
        if checked[0] == 2:  # Ctrl-C in puzzle-check's second run
            raise KeyboardInterrupt
        return SimpleNamespace(ok=True, elapsed=0.25)

    def never() -> dict[str, Any]:
        ran.append("after")
        return {}

    monkeypatch.setattr(puzzles, "load_collection", lambda: [SimpleNamespace(name="only")])
    monkeypatch.setattr(puzzles, "check_puzzle", check)
    monkeypatch.setattr(common, "BENCHMARKS", {
        "playouts": lambda: {"hands_per_second": 1.5}, "puzzle-check": puzzles.bench_puzzle_check,
        "puzzle-generate": never, "puzzle-latency": never,
    })  # fmt: skip
    result = run("bench", command, *(["--json"] if json_out else []))
    assert result.exit_code == EXIT_INTERRUPTED, result.output
    assert not ran
    assert result.stderr.endswith(
        "\ntutor: interrupted during puzzle-check: showing the benchmarks finished before it\n"
    )
    if json_out:
        data = json.loads(result.stdout)
        assert list(data) == (["playouts"] if command == "all" else []) + ["puzzle-check"]
        assert data["puzzle-check"]["interrupted"] is True
        assert len(data["puzzle-check"]["runs"]) == 1
    else:
        assert "puzzle-check" in result.stdout and "puzzle-generate" not in result.stdout
        assert result.stderr.count("interrupted") == 1


def test_bench_tune_table_says_its_figures_in_words_with_their_unit() -> None:
    """Bench audit (stop 57): the table's labels were made up ("weight take-scopa", "margin a
    hand", "95% low"), neither the JSON's keys nor translated, and the margin had no unit."""
    args = ("bench", "tune", "--ruleset", "scopa", "--generations", "1", "--pairs", "1",
            "--deals", "2", "--check-deals", "2")  # fmt: skip
    data = run_json(*args)
    table = run(*args)
    assert table.exit_code == 0, table.output
    rows = {}
    for line in table.stdout.splitlines()[2:]:
        label, _gap, value = line.removeprefix("tune").strip().rpartition("  ")
        rows[label.strip()] = value.strip()
    check = data["check"]
    assert rows == {
        **{f"weight of {k}": str(v) for k, v in data["weights"].items()},
        "check: margin over the maxims' rules (points a hand)": str(check["mean"]),
        "check: 95% interval, low (points a hand)": str(check["low"]),
        "check: 95% interval, high (points a hand)": str(check["high"]),
        "check: duplicate deals": "2",
    }
