"""Benchmarks: the registry runs what it can and says what it skipped; the figures they give."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from tutor.bench import common, endgame, engine, puzzles, review
from tutor.bench.engine import bench_exact
from tutor.bench.play import bench_play
from tutor.game.errors import TutorError
from tutor.game.rules import load_ruleset, ruleset_names
from tutor.game.state import Move
from tutor.records.recordfile import load_path
from tutor.review.judge import Judgement, Settings
from tutor.training.play import FEEDBACK


def test_run_all_skips_a_benchmark_that_cannot_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> common.Figures:
        raise FileNotFoundError(2, "No such file or directory", "gone.yaml")

    def bad() -> common.Figures:
        raise TutorError("gone.yaml:3: not a record")

    def broken() -> common.Figures:
        raise ZeroDivisionError("a bug")

    registry = {"ok": lambda: {"seconds": 1.0}, "missing": missing, "bad": bad}
    monkeypatch.setattr(common, "BENCHMARKS", registry)
    started: list[str] = []
    skipped: list[str] = []
    results = common.run_all(starting=started.append, skipped=lambda n, e: skipped.append(n))
    assert started == ["ok", "missing", "bad"] and skipped == ["missing", "bad"]
    assert results["ok"] == {"seconds": 1.0}
    assert results["bad"] == {"skipped": "gone.yaml:3: not a record"}
    assert "gone.yaml" in results["missing"]["skipped"]
    registry["broken"] = broken
    with pytest.raises(ZeroDivisionError):  # a bug is not skipped
        common.run_all()


def test_random_playouts_finish_every_hand() -> None:
    for name in ruleset_names():
        rules = load_ruleset(name)
        score = engine.play_random_hand(rules, random.Random(7))
        assert sum(s.cards for s in score.sides) == 40


def test_bench_exact_reports_the_figures() -> None:
    figures = bench_exact("scopa", 3, positions=3, seed=2)
    assert figures["positions"] == 3 and len(figures["runs"]) == 3
    assert 0 < figures["median_seconds"] <= figures["max_seconds"]
    assert figures["nodes_per_second"] > 0 and 0 <= figures["tt_hit_rate"] <= 1


def test_bench_play_times_replies_feedback_and_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.training.play

    # the budget is the defaults' business; here only the figures' bookkeeping is tested
    monkeypatch.setattr(tutor.training.play, "FEEDBACK", Settings(samples=4, time=0.05,
                                                                  first_round=2))  # fmt: skip
    figures = bench_play("scopa", games=1, workers=1, starts=1)
    assert figures["reply_count"] == figures["feedback_count"] == figures["turn_count"] == 18
    for name in ("reply", "feedback", "turn"):
        assert 0 <= figures[f"{name}_median_seconds"] <= figures[f"{name}_max_seconds"]
    assert len(figures["start_runs"]) == 1 and figures["start_median_seconds"] > 0
    with pytest.raises(common.BenchError):
        bench_play("scopa", games=0)


def test_endgame_regret_is_nought_for_the_true_deal_and_reproducible() -> None:
    """The sighted yardstick chooses a best move for the true deal every time, so its regret
    is nought at every position; a method that samples loses something somewhere, never less
    than nothing; and a seed gives the same figures again."""
    run = endgame.bench_endgame("chitarrella,greedy", deals=2, seed=3, samples=6,
                              methods=("facts", "sighted"), plays_left=10)  # fmt: skip
    assert len(run.left) > 10 and max(run.left) <= 10
    assert run.regrets["sighted"] == [0.0] * len(run.left)
    assert min(run.regrets["facts"]) >= 0 and max(run.regrets["facts"]) > 0
    again = endgame.bench_endgame("chitarrella,greedy", deals=2, seed=3, samples=6,
                                methods=("facts", "sighted"), plays_left=10)  # fmt: skip
    assert again.to_json() == run.to_json()
    with pytest.raises(common.BenchError, match="unknown method 'oracle'"):
        endgame.bench_endgame("chitarrella,greedy", deals=1, methods=("oracle",))
    with pytest.raises(common.BenchError, match="name two players"):
        endgame.bench_endgame("chitarrella", deals=1)


def test_endgame_regret_keeps_the_deals_done_when_interrupted() -> None:
    """Ctrl-C after the first deal: the figures of that deal, marked interrupted."""

    def stop_after_one(done: int, total: int) -> None:
        if done == 1:
            raise KeyboardInterrupt

    run = endgame.bench_endgame("chitarrella,greedy", deals=3, samples=4, methods=("facts",),
                              progress=stop_after_one)  # fmt: skip
    assert run.interrupted and run.deals == 1
    whole = endgame.bench_endgame("chitarrella,greedy", deals=1, samples=4, methods=("facts",))
    assert run.regrets == whole.regrets and run.left == whole.left
    assert run.to_json()["interrupted"] is True


def _verdict(play: int, cost: float, low: float, high: float, cls: str, uncertain: bool = False,
             exact: bool = False) -> review.Verdict:  # fmt: skip
    verdict = Judgement(
        Move(1), Move(2), cost, low, high, cls, uncertain, exact, 200, (), "samples"
    )
    return review.Verdict(play, "You", verdict)


def test_verdict_coverage_counts_what_held_and_what_missed_for_sure() -> None:
    cov = review.VerdictCoverage("r.yaml", 1, "scopa", ["You"], 0, 3000, 200, 3.0)
    cov.reference = [
        _verdict(1, 0.30, 0.25, 0.35, "inaccuracy"),
        _verdict(3, 0.0, 0.0, 0.0, "forced"),
        _verdict(5, 0.6, 0.55, 0.65, "mistake"),
        _verdict(7, 1.0, 1.0, 1.0, "blunder", exact=True),
    ]
    lost = review.SummaryBounds(1.9, 1.5, 2.3, 80.0, 60.0, 90.0)
    cov.reference_summary = {"You": lost}
    cov.runs = [
        (
            [
                _verdict(1, 0.3, 0.21, 0.45, "inaccuracy"),  # holds, class shared
                _verdict(3, 0.0, 0.0, 0.0, "forced"),  # skipped
                _verdict(5, 0.5, 0.2, 0.9, "inaccuracy", uncertain=True),  # span holds mistake
                _verdict(7, 1.0, 1.0, 1.0, "blunder", exact=True),  # counted apart
            ],
            {"You": review.SummaryBounds(1.8, 1.0, 2.0, 85.0, 70.0, 95.0)},
        ),
        (
            [
                # the reference below the low end, and below for sure (0.35 < 0.36)
                _verdict(1, 0.6, 0.36, 0.8, "inaccuracy"),
                # the reference (mistake, 0.55 to 0.65) outside this certain class for sure
                _verdict(5, 0.3, 0.2, 0.45, "inaccuracy"),
            ],
            {"You": review.SummaryBounds(2.5, 2.0, 3.0, 70.0, 50.0, 75.0)},
        ),
    ]
    data = cov.to_json()
    d = data["decisions"]
    assert (d["sampled"], d["exact"]) == (4, 1)
    assert d["interval_held"] == 0.5 and d["reference_below"] == 0.25
    assert d["reference_above"] == 0.25 and d["missed_for_sure"] == 2
    assert (d["decided"], d["decided_right"], d["decided_wrong_for_sure"]) == (3, 0.6667, 1)
    assert (d["decided_harsher"], d["decided_milder"]) == (0, 1)  # inaccuracy for a mistake
    assert (d["uncertain"], d["uncertain_span_held"]) == (1, 1.0)
    assert d["cost_lean"] == round((0.0 - 0.1 + 0.3 - 0.3) / 4, 4)
    rows = {row["play"]: row for row in data["by_play"]}
    assert set(rows) == {1, 5}
    assert (rows[1]["runs"], rows[1]["held"], rows[1]["below"], rows[1]["decided"]) == (2, 1, 1, 2)
    assert (rows[5]["decided"], rows[5]["decided_wrong"], rows[5]["wrong_for_sure"]) == (1, 1, 1)
    assert rows[5]["reference"]["class"] == "mistake"
    you = data["summary"]["You"]
    assert you["points_lost_held"] == 0.5 and you["points_lost_mean"] == 2.15
    assert you["accuracy_held"] == 0.5 and you["accuracy_mean"] == 77.5
    # run 2: points lost 2.0 to 3.0 and accuracy 50 to 75 against 1.9 and 80
    assert (you["points_lost_reference_below"], you["points_lost_reference_above"]) == (1, 0)
    assert (you["accuracy_reference_below"], you["accuracy_reference_above"]) == (0, 1)


def test_bench_verdicts_checks_its_sizes_before_the_work() -> None:
    with pytest.raises(common.BenchError, match="runs must be at least 1"):
        review.bench_verdicts(runs=0)
    with pytest.raises(common.BenchError, match="at least 400 deals a decision"):
        review.bench_verdicts(reference_samples=399)
    with pytest.raises(common.BenchError, match="seeds 987650 to 987659 take in the reference's"):
        review.bench_verdicts(seed=987_650, runs=10)


def test_a_class_harsher_than_the_reference_is_told_from_a_milder_one() -> None:
    cov = review.VerdictCoverage("r.yaml", 1, "scopa", ["You"], 0, 3000, 200, 3.0)
    cov.reference = [_verdict(5, 0.6, 0.55, 0.65, "mistake")]
    cov.runs = [([_verdict(5, 1.2, 1.05, 1.4, "blunder")], {}),
                ([_verdict(5, 0.3, 0.21, 0.45, "inaccuracy")], {}),
                ([_verdict(5, 0.7, 0.52, 0.9, "mistake")], {}),
                # the reference below the low end, but its own interval reaches it: not for sure
                ([_verdict(5, 0.8, 0.62, 1.0, "mistake")], {})]  # fmt: skip
    d = cov.to_json()["decisions"]
    assert (d["decided"], d["decided_harsher"], d["decided_milder"]) == (4, 1, 1)
    assert d["decided_wrong_for_sure"] == 2 and d["missed_for_sure"] == 2
    assert (d["reference_below"], d["reference_above"]) == (0.5, 0.25)


def reviews_seen(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Replace the review that ``bench_verdicts`` runs by one that only notes its arguments
    (one dict a call: record, hand, settings) and finds no decision."""
    calls: list[dict[str, Any]] = []

    class Done:
        decisions: list[object] = []
        interrupted = False
        seats = [0]

        def summary(self) -> dict[str, object]:
            return {}

    def fake(record: object, players: object, *, settings: object, hand: int = 1,
             progress: object = None) -> Done:  # fmt: skip
        calls.append({"record": record, "hand": hand, "settings": settings})
        return Done()

    monkeypatch.setattr(review, "review_record", fake)
    return calls


def test_bench_verdicts_reviews_the_hand_asked_for_with_the_styles_known(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reference and every run review hand 2 of a match with the styles given, as
    ``tutor review --hand 2`` does (the earlier hands' styles), not hand 1 without them."""
    calls = reviews_seen(monkeypatch)
    styles = {1: {"grabber": 0.9, "careful": 0.05, "careless": 0.05}}
    match = review.SEED003_RECORD.parent / "scopa-match.yaml"
    second = load_path(match)[1].plays[0]
    out = review.bench_verdicts(match, runs=2, workers=1, hand=2, styles=styles)
    assert out.hand == 2 and len(out.runs) == 2
    assert [(c["record"].plays[0], c["hand"], c["settings"].styles) for c in calls] == [
        (second, 2, styles)
    ] * 3
    with pytest.raises(common.BenchError, match="the file has 4 hands"):
        review.bench_verdicts(match, runs=1, hand=5)


def test_bench_verdicts_can_check_the_quick_verdicts_of_tutor_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``judge="play"``: the reference is the same, and each run judges with the settings
    ``tutor play`` gives each of the person's plays (its own seed), not the review's."""
    calls = reviews_seen(monkeypatch)
    out = review.bench_verdicts(runs=2, workers=1, judge="play", seed=5)
    reference, *runs = [c["settings"] for c in calls]
    assert reference.samples == 3000 and reference.time is None  # type: ignore[attr-defined]
    assert runs == [replace(FEEDBACK, seed=5), replace(FEEDBACK, seed=6)]
    data = out.to_json()
    assert data["judge"] == "play"
    assert (data["samples"], data["time_per_decision"]) == (FEEDBACK.samples, FEEDBACK.time)
    calls.clear()
    review.bench_verdicts(runs=1, workers=1, seed=5)
    assert calls[1]["settings"] == Settings(seed=5)
    with pytest.raises(common.BenchError, match="unknown judge 'quick'") as raised:
        review.bench_verdicts(runs=1, judge="quick")
    assert raised.value.option == "--judge"


def test_bench_search_gives_no_figure_for_a_probe_ctrl_c_cut_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Audit (stop 48): a Ctrl-C during the sample probe of ``bench search`` gave exit 0 and
    "opening_samples_in_budget": 4 where a whole budget values 27: the cut probe's count was
    reported as the figure."""
    from types import SimpleNamespace

    monkeypatch.setattr(engine.SearchPlayer, "choose", lambda self, view, rng: None)
    monkeypatch.setattr(
        engine, "analyse", lambda *a, **k: SimpleNamespace(interrupted=True, samples=4)
    )
    with pytest.raises(KeyboardInterrupt):
        engine.bench_search_move(positions=1, budget=0.01, workers=1)
    monkeypatch.setattr(
        engine, "analyse", lambda *a, **k: SimpleNamespace(interrupted=False, samples=27)
    )
    assert (
        engine.bench_search_move(positions=1, budget=0.01, workers=1)["opening_samples_in_budget"]
        == 27
    )


def test_endgame_regret_stops_when_its_analysis_was_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Engine audit (stop 51): with one worker, Ctrl-C and SIGTERM were taken by the analysis,
    which keeps the samples it has, and bench endgame went on to the last deal (with -n 100,
    nine minutes on): an analysis cut short now stops the run, marked interrupted."""
    from types import SimpleNamespace

    calls = []

    def cut(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return SimpleNamespace(interrupted=True, best=None)

    monkeypatch.setattr(endgame, "analyse", cut)
    run = endgame.bench_endgame("chitarrella,greedy", deals=3, samples=4, methods=("facts",))
    assert run.interrupted and run.deals == 0 and len(calls) == 1


def test_the_slowest_puzzle_is_a_median_as_the_check_time_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bench audit (stop 57): ``slowest_seconds`` was the maximum over every run, the cold first
    one included, beside a median: here puzzle a's 5 s of the first run alone. It is now the
    highest of the puzzles' medians over the runs: b's 1 s."""
    from types import SimpleNamespace

    seconds = iter([5.0, 1.0, 0.5, 1.0, 0.5, 1.0])  # runs of a, b: cold, then warm twice
    monkeypatch.setattr(
        puzzles, "load_collection", lambda: [SimpleNamespace(name="a"), SimpleNamespace(name="b")]
    )
    monkeypatch.setattr(
        puzzles, "check_puzzle", lambda _p: SimpleNamespace(ok=True, elapsed=next(seconds))
    )
    figures = puzzles.bench_puzzle_check(repeat=3)
    assert figures["puzzles"] == 2 and len(figures["runs"]) == 3
    assert (figures["slowest_puzzle"], figures["slowest_seconds"]) == ("b", 1.0)
