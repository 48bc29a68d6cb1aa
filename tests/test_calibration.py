"""The calibration benchmark's machinery: bins, Brier scores, and a run on a few hands.

The benchmark itself (hundreds of hands) is run by hand: ``tutor bench calibration``; the
figures are in docs/tracker.md.
"""

from __future__ import annotations

import math
import random

import pytest

from tutor.bench.calibration import BIN_LABELS, Bins, bench_calibration, seat_kinds
from tutor.bench.common import BenchError
from tutor.game.rules import load_ruleset
from tutor.game.state import random_deal
from tutor.search.players import GreedyPlayer
from tutor.search.simulate import play_hand


def test_bins_count_brier_and_gaps() -> None:
    bins = Bins()
    cases = [(0.0, False), (0.0, True), (0.25, True), (0.25, False), (0.25, False), (1.0, True)]
    for p, y in cases:
        bins.add(p, y)
    assert bins.n == 6
    assert bins.count[0] == 2 and bins.count[3] == 3 and bins.count[len(BIN_LABELS) - 1] == 1
    assert bins.brier == pytest.approx((0 + 1 + 0.75**2 + 0.25**2 * 2 + 0) / 6)
    assert bins.mean_stated == pytest.approx(1.75 / 6)
    assert bins.mean_observed == pytest.approx(3 / 6)
    assert bins.worst_gap(min_count=2) == pytest.approx(0.5)  # the 0 bin: stated 0, observed 1/2
    assert bins.worst_gap(min_count=3) == pytest.approx(abs(0.25 - 1 / 3))
    rows = bins.rows()
    assert [r["bin"] for r in rows] == ["0", "0.2-0.3", "1"]
    # bug: with no bin of 200 cases the worst gap read 0.0, and a bin of one hand left out
    # its "gap_interval" key; now null, and the key is always there
    assert bins.worst_gap() is None and bins.to_json()["worst_gap_200"] is None
    assert all("gap_interval" in r and r["gap_interval"] is None for r in rows)
    other = Bins()
    other.add(0.25, True)
    bins.merge(other)
    assert bins.n == 7 and bins.observed[3] == 2


def _hand(cases: list[tuple[float, bool]]) -> Bins:
    out = Bins()
    for p, y in cases:
        out.add(p, y)
    return out


def test_intervals_count_hands_not_positions() -> None:
    """A bin's interval is computed over hands: one hand's many cases move it as one."""
    total = Bins()
    for k in range(10):  # ten hands, each 20 cases stated 0.35; hands alternate all-true/false
        total.merge(_hand([(0.35, k % 2 == 0)] * 20))
    b = BIN_LABELS.index("0.3-0.4")
    lo, hi = total.gap_interval(b) or (0.0, 0.0)
    gap = 0.5 - 0.35
    assert lo < gap < hi
    # hand by hand: observed - stated is 0.65 or -0.35, a spread of about 0.5 over 10 hands
    se = math.sqrt(10 / 9 * sum((20 * (0.65 if k % 2 == 0 else -0.35) - 20 * gap) ** 2
                                for k in range(10))) / 200  # fmt: skip
    q = 2.262  # Student's t, 9 degrees of freedom: ten hands
    assert (lo, hi) == pytest.approx((gap - q * se, gap + q * se))
    assert hi - lo > 0.5  # far wider than 200 independent cases would give (about 0.13)
    mean = total.mean_gap_interval()
    assert mean is not None and mean[0] < gap < mean[1]
    off = total.off_by_more_than(0.08, min_count=200)
    assert off == {"clearly": [], "uncertain": ["0.3-0.4"], "clearly_in_smaller_bins": []}
    # the same cases spread over more hands alike: no spread between hands, and what chance
    # alone would give (600 cases stated 0.35) keeps it clearly off
    even = Bins()
    for _ in range(30):
        even.merge(_hand([(0.35, True)] * 10 + [(0.35, False)] * 10))
    assert even.off_by_more_than(0.08, min_count=200) == {
        "clearly": ["0.3-0.4"],
        "uncertain": [],
        "clearly_in_smaller_bins": [],
    }
    # the same bin with fewer cases than the bar counts: still off for sure, and said so
    assert even.off_by_more_than(0.08, min_count=601) == {
        "clearly": [],
        "uncertain": [],
        "clearly_in_smaller_bins": ["0.3-0.4"],
    }
    chance = 2.045 * math.sqrt(0.35 * 0.65 / 600)  # t with 29 degrees of freedom
    assert even.gap_interval(b) == pytest.approx((gap - chance, gap + chance))
    assert Bins().gap_interval(b) is None


def test_a_bin_seen_in_two_hands_is_not_off_for_sure() -> None:
    """Bug (calibration audit): 'bench calibration --hands 4' called a bin of 4 cases from 2
    hands off by more than 0.08 'for sure': its interval used 1.96 standard errors estimated
    from two alike hands, about 0.01. Outcomes vary by chance at least as the odds stated
    say (here about 0.22), and the quantile is Student's t over the hands less one."""
    bins = Bins()
    bins.merge(_hand([(0.22, False), (0.29, False)]))
    bins.merge(_hand([(0.27, False), (0.29, False)]))
    b = BIN_LABELS.index("0.2-0.3")
    lo, hi = bins.gap_interval(b) or (0.0, 0.0)
    assert lo < -0.08 < hi
    assert bins.off_by_more_than(0.08)["clearly_in_smaller_bins"] == []


def test_a_short_run_adds_up() -> None:
    result = bench_calibration("greedy", hands=2, ruleset="scopa", seed=3)
    j = result.to_json()
    assert j["hands"] == 2 and j["positions"] == result.positions > 0
    # every seat's card odds add up to the cards it holds, so the means agree exactly
    for key in ("card", "card_facts"):
        assert j[key]["mean_stated"] == pytest.approx(j[key]["mean_observed"], abs=1e-3)
    assert j["card"]["n"] == j["card_facts"]["n"] > 0
    assert j["sweep"]["n"] == j["sweep_facts"]["n"]
    off = set(j["sweep"]["off_by_over_0.08"])
    assert off == {"clearly", "uncertain", "clearly_in_smaller_bins"}
    assert len(j["card"]["mean_gap_interval"]) == 2
    assert len(result.times_ms) == result.positions
    # greedy players never pass up a scopa or the settebello: every standing reading is true
    for tally in j["readings"].values():
        assert tally["held"] == tally["standing"]
    again = bench_calibration("greedy", hands=2, ruleset="scopa", seed=3).to_json()
    assert {k: v for k, v in again.items() if k != "tracker_ms"} == {
        k: v for k, v in j.items() if k != "tracker_ms"
    }


def test_the_figures_of_readings_and_tells_are_scored_too() -> None:
    """Bug (calibration audit): track shows a figure beside every reading and tell, and the
    styles of play ('West careful 73%'), and no benchmark scored them (only how often standing
    readings held). bench calibration now scores them by bin, beside the same chance on the
    facts alone (for styles: the prior before the hand)."""
    j = bench_calibration("random", hands=3, ruleset="scopone-scientifico", seed=1).to_json()
    for key in ("reading", "tell", "style"):
        assert j[key]["n"] > 0 and j[key]["n"] == j[f"{key}_facts"]["n"]
        assert 0.0 < j[key]["mean_stated"] < 1.0
    # the styles: each other seat's three figures add up to one, and one of them is its own
    assert j["style"]["mean_stated"] == pytest.approx(1 / 3, abs=1e-3)
    assert j["style"]["mean_observed"] == pytest.approx(1 / 3, abs=1e-3)
    # every standing reading with a figure is scored, as readings counts them
    assert j["reading"]["n"] <= sum(r["standing"] for r in j["readings"].values())


def test_unknown_players_and_no_hands_are_refused() -> None:
    with pytest.raises(BenchError, match="unknown players 'search'"):
        bench_calibration("search", hands=1)
    with pytest.raises(BenchError, match="hands must be at least 1"):
        bench_calibration("random", hands=0)


def test_the_play_model_odds_add_up_and_repeat() -> None:
    """The play model's odds (``model="play"``): each seat's card odds add up to the cards it
    holds, the facts baseline is the tracker run's, and a seed repeats them."""
    result = bench_calibration("greedy", hands=1, ruleset="scopa", seed=3, model="play")
    j = result.to_json()
    assert j["model"] == "play"
    assert j["card"]["mean_stated"] == pytest.approx(j["card"]["mean_observed"], abs=1e-3)
    tracker = bench_calibration("greedy", hands=1, ruleset="scopa", seed=3).to_json()
    assert j["card_facts"] == tracker["card_facts"] and j["sweep_facts"] == tracker["sweep_facts"]
    assert j["card"] != tracker["card"]  # the plays are read, not just the readings
    again = bench_calibration("greedy", hands=1, ruleset="scopa", seed=3, model="play")
    assert again.to_json()["card"] == j["card"]
    with pytest.raises(BenchError, match="unknown model"):
        bench_calibration("greedy", hands=1, model="oracle")


def test_styles_known_before_the_hand_are_measured_on_the_same_hands() -> None:
    """``earlier``: the same hands, scored after earlier ones whose styles are carried in;
    ``stated``: after every style is stated. The facts baseline stays the same; the odds move."""
    plain = bench_calibration("greedy", hands=1, ruleset="scopa", seed=3).to_json()
    earlier = bench_calibration("greedy", hands=1, ruleset="scopa", seed=3, earlier=2).to_json()
    stated = bench_calibration("greedy", hands=1, ruleset="scopa", seed=3, stated=True).to_json()
    assert (plain["earlier_hands"], earlier["earlier_hands"], stated["styles_stated"]) == (
        0,
        2,
        True,
    )
    for other in (earlier, stated):
        assert other["card_facts"] == plain["card_facts"]
        assert other["card"]["n"] == plain["card"]["n"] and other["card"] != plain["card"]
    # a grabber known as such reads passed-up gains harder: the odds move further from the facts
    assert earlier["card"]["brier"] < plain["card"]["brier"]
    again = bench_calibration("greedy", hands=1, ruleset="scopa", seed=3, earlier=2).to_json()
    assert again["card"] == earlier["card"]
    with pytest.raises(BenchError, match="earlier hands must be at least 0"):
        bench_calibration("greedy", hands=1, earlier=-1)


def test_a_style_stated_for_certain_reads_a_grabber_harder_than_one_stated_at_90() -> None:
    """``stated_share`` 1: each stated style is taken as certain, the careful and careless
    styles' share of every reading (their κ) is gone, and the odds of the same hand move."""
    kw = {"hands": 3, "ruleset": "scopa", "seed": 4, "stated": True}
    usual = bench_calibration("greedy", **kw).to_json()
    sure = bench_calibration("greedy", stated_share=1.0, **kw).to_json()
    assert (usual["stated_share"], sure["stated_share"]) == (0.9, 1.0)
    assert (
        bench_calibration("greedy", hands=1, ruleset="scopa", seed=3).to_json()["stated_share"]
        is None
    )  # nothing stated, no share
    assert sure["card_facts"] == usual["card_facts"] and sure["card"] != usual["card"]
    assert sure["card"]["brier"] < usual["card"]["brier"]  # 0.07919 against 0.07921
    assert sure["sweep"]["brier"] < usual["sweep"]["brier"]  # 0.04784 against 0.04856
    for bad in (0.0, 1.5):
        with pytest.raises(BenchError, match="share must be above 0 and at most 1"):
            bench_calibration("greedy", stated_share=bad, **kw)


def test_a_mixed_table_draws_each_seats_kind_from_the_seed() -> None:
    """``mixed``: each seat plays as a kind drawn for that hand, the same for a seed; a side
    named beside it keeps its own kind; a stated style is each seat's own kind."""
    rules = load_ruleset("scopone-scientifico")
    drawn = [tuple(seat_kinds(rules, ["mixed"], 5, h)) for h in range(30)]
    assert drawn == [tuple(seat_kinds(rules, ["mixed"], 5, h)) for h in range(30)]
    assert len(set(drawn)) > 10 and {k for d in drawn for k in d} == {
        "random",
        "greedy",
        "chitarrella",
    }
    half = seat_kinds(rules, ["greedy", "mixed"], 5, 0)
    assert half[0] == half[2] == "greedy"
    halves = {tuple(seat_kinds(rules, ["greedy", "mixed"], 5, h)[1::2]) for h in range(30)}
    assert len(halves) > 3
    j = bench_calibration("mixed", hands=2, ruleset="scopa", seed=5).to_json()
    assert j["players"] == "mixed" and j["hands"] == 2
    again = bench_calibration("mixed", hands=2, ruleset="scopa", seed=5, workers=2).to_json()
    assert again["card"] == j["card"] and again["sweep"] == j["sweep"]
    stated = bench_calibration("mixed", hands=2, ruleset="scopa", seed=5, stated=True).to_json()
    assert stated["card_facts"] == j["card_facts"] and stated["card"] != j["card"]
    table, deals = random_deal(rules, random.Random(0))
    with pytest.raises(ValueError, match="3 players for 2 sides"):
        play_hand(rules, table, deals, [GreedyPlayer()] * 3, lambda ply: ply)


def test_no_case_gives_null_figures_not_zeros() -> None:
    """Bug (JSON check): a table with no sweep case gave Brier 0.0 and means 0.0, a perfect
    score for nothing measured; the figures are now null, as gap_interval already was."""
    empty = Bins().to_json()
    assert empty["n"] == 0
    assert empty["brier"] is None and empty["mean_stated"] is None
    assert empty["mean_observed"] is None and empty["worst_gap_200"] is None
