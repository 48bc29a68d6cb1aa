"""The play-outs tuned by self-play: the tuner's reproducibility, the shipped weights, the
command, and which players use them."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from helpers import one_error_line, run, run_json

from tutor.cli.core import EXIT_USAGE
from tutor.search.players import CHITARRELLA_RULES, RULE_NAMES, ChitarrellaPlayer
from tutor.search.searchplayer import SearchPlayer, classic_search
from tutor.search.tune import duel, margin_against_maxims, tune_playouts
from tutor.search.tuned import (
    DEFAULT_PLAYOUT,
    playout_policy,
    playout_provenance,
    playout_weights,
)

pytestmark = pytest.mark.usefixtures("run_from_root")


def test_the_same_weights_duel_level_on_every_deal_but_for_ties() -> None:
    # with every weight 1 the two players are the same player: a deal's margin comes only from
    # random tie-breaks, which the exchanged seats draw differently
    margins = [duel("scopa", dict.fromkeys(RULE_NAMES, 1.0), 5, d) for d in range(6)]
    assert sum(margins) / len(margins) == pytest.approx(0.0, abs=1.0)
    # a policy that lays primiera cards and leaves sweeps loses to the maxims
    bad = {"no-sweepable-table": 0.05, "no-primiera-leads": 0.05, "guard-sevens": 0.05}
    assert margin_against_maxims("scopone-scientifico", bad, 9, 40).mean < 0


def test_a_run_is_the_same_on_any_number_of_workers() -> None:
    one = tune_playouts("scopa", generations=2, pairs=1, deals=3, seed=4)
    two = tune_playouts("scopa", generations=2, pairs=1, deals=3, seed=4, workers=2)
    assert one.to_json() == two.to_json()
    assert [g.index for g in one.generations] == [0, 1]
    # going on from where generation 0 ended: numbered from 1, on generation 1's deals
    again = tune_playouts(
        "scopa", generations=1, pairs=1, deals=3, seed=4, start=one.generations[0].weights,
        first=1,
    )  # fmt: skip
    assert again.start == one.generations[0].weights
    assert again.generations[0].index == 1
    assert set(one.weights) == set(RULE_NAMES) and all(w > 0 for w in one.weights.values())
    with pytest.raises(ValueError, match="unknown rules"):
        tune_playouts("scopa", generations=1, deals=2, start={"no-such-rule": 1.0})


def test_the_shipped_weights_name_every_rule_and_say_where_they_came_from() -> None:
    weights = playout_weights("scopone-scientifico")
    assert weights is not None and set(weights) == {r.name for r in CHITARRELLA_RULES}
    assert all(math.isfinite(w) and w > 0 for w in weights.values())
    provenance = playout_provenance("scopone-scientifico")
    assert provenance is not None
    assert [r["command"].split()[:3] for r in provenance["runs"]] == [
        ["tutor", "bench", "tune"]
    ] * 2
    assert playout_weights("scopa") is None and playout_provenance("scopa") is None


def test_the_analysis_plays_out_with_the_tuned_weights_and_classic_without() -> None:
    tuned = playout_policy("scopone-scientifico")
    assert isinstance(tuned, ChitarrellaPlayer) and tuned.weights == playout_weights(
        "scopone-scientifico"
    )
    assert playout_policy("scopa") is DEFAULT_PLAYOUT
    assert DEFAULT_PLAYOUT.weights is None  # type: ignore[attr-defined]
    assert classic_search(0.1).options["playout"] is DEFAULT_PLAYOUT
    assert "playout" not in SearchPlayer(0.1).options


def test_bench_tune_json_and_bad_start() -> None:
    data = run_json(
        "bench", "tune", "-r", "scopa", "-g", "1", "--pairs", "1", "--deals", "2",
        "--check-deals", "3", "--json",
    )  # fmt: skip
    assert data["ruleset"] == "scopa" and len(data["generations"]) == 1
    assert set(data["weights"]) == set(RULE_NAMES)
    assert data["check"]["deals"] == 3 and data["check"]["n"] == 3
    # bug: 1.7e308 overflowed (exit 70), and 0.0004 was written back as 0.0, which --start
    # refused: a weight is 0.001 to 1000, and the tuning keeps it there
    for start in ("{", '{"no-such-rule": 1}', '{"take-scopa": -1}', "[1]",
                  '{"take-scopa": 1.7e308}', '{"take-scopa": 0.0004}'):  # fmt: skip
        result = run("bench", "tune", "--start", start)
        assert "--start" in one_error_line(result, EXIT_USAGE), start


def test_the_tuned_weights_stay_in_their_range() -> None:
    """A weight at the edge of the range stays in it after a generation (the step is clamped),
    so every weight written can be given back as --start."""
    from tutor.search.tune import WEIGHT_HIGH, WEIGHT_LOW, start_weights

    run_ = tune_playouts("scopa", generations=1, pairs=2, deals=8, seed=1,
                         start={"take-scopa": WEIGHT_LOW, "guard-sevens": WEIGHT_HIGH})  # fmt: skip
    for g in run_.generations:
        assert all(WEIGHT_LOW <= w <= WEIGHT_HIGH for w in g.weights.values()), g.weights
        start_weights(g.weights)  # no ValueError


def test_an_interrupted_tuning_keeps_its_generations_and_says_how_to_go_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Audit (stop 48): Ctrl-C at generation 3 of 20 printed only "interrupted": the weights
    of the generations done were lost, though --start and --first exist to go on from them."""
    from tutor.search import tune

    real = tune.margin_against_maxims
    calls = []

    def stop_in_the_second_generation(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 3:  # two margins a generation with one pair
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tune, "margin_against_maxims", stop_in_the_second_generation)
    result = run("bench", "tune", "-r", "scopa", "-g", "5", "--pairs", "1", "--deals", "2",
                 "--first", "4", "--json")  # fmt: skip
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["interrupted"] is True and len(data["generations"]) == 1
    assert "interrupted: showing the weights after 1 generation" in result.stderr
    assert (
        "continue with: tutor bench tune --ruleset scopa --pairs 1 --deals 2 --seed 12345 "
        "--start '{" in (result.stderr)
    )
    assert "--first 5 --generations 4" in result.stderr


def test_bench_tune_refuses_a_ruleset_of_three_sides(tmp_path: Path) -> None:
    """Engine audit (stop 51): 'bench tune -r three.yaml' crashed, exit 70 ('internal error:
    ValueError: 2 players for 3 sides and 3 seats'); it is refused before any game, as
    simulate refuses it."""
    three = tmp_path / "three.yaml"
    three.write_text("name: three-alone\nplayers: 3\nsides: 3\nhand_size: 4\n")
    args = ["bench", "tune", "-r", str(three), "-g", "1", "--pairs", "1", "-n", "2"]
    line = one_error_line(run(*args))
    assert line == "tutor: error: simulation pits two sides; ruleset 'three-alone' has 3"
