"""The calibration benchmark's machinery: bins, Brier scores, and a run on a few hands.

The benchmark itself (hundreds of hands) is run by hand: ``tutor bench calibration``; the
figures are in docs/tracker.md.
"""

from __future__ import annotations

import math

import pytest

from tutor.bench import BIN_LABELS, BenchError, Bins, bench_calibration


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
    assert (lo, hi) == pytest.approx((gap - 1.96 * se, gap + 1.96 * se))
    assert hi - lo > 0.5  # far wider than 200 independent cases would give (about 0.13)
    mean = total.mean_gap_interval()
    assert mean is not None and mean[0] < gap < mean[1]
    off = total.off_by_more_than(0.08, min_count=200)
    assert off == {"clearly": [], "uncertain": ["0.3-0.4"], "clearly_in_smaller_bins": []}
    # the same cases spread over hands alike: a tight interval, clearly off
    even = Bins()
    for _ in range(10):
        even.merge(_hand([(0.35, True)] * 10 + [(0.35, False)] * 10))
    assert even.off_by_more_than(0.08, min_count=200) == {
        "clearly": ["0.3-0.4"],
        "uncertain": [],
        "clearly_in_smaller_bins": [],
    }
    # the same bin with fewer cases than the bar counts: still off for sure, and said so
    assert even.off_by_more_than(0.08, min_count=201) == {
        "clearly": [],
        "uncertain": [],
        "clearly_in_smaller_bins": ["0.3-0.4"],
    }
    assert even.gap_interval(b) == pytest.approx((gap, gap))
    assert Bins().gap_interval(b) is None


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
