"""``tutor simulate``: the JSON, the table and the usage errors."""

from __future__ import annotations

import json

import pytest
from helpers import run


def test_cli_simulate_json() -> None:
    result = run(
        "simulate", "--ruleset", "scopa", "--players", "greedy,random", "--hands", "5",
        "--seed", "1", "--workers", "1", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["deals"] == 5 and data["hands"] == 10
    assert [p["player"] for p in data["players"]] == ["greedy", "random"]
    assert set(data["difference_per_hand"]) == {"mean", "low", "high", "n"}


def test_cli_simulate_table() -> None:
    result = run(
        "simulate", "--ruleset", "scopa", "--players", "greedy,random", "--hands", "4",
        "--seed", "1", "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "points/hand" in result.stdout and "A - B per hand" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "greedy"], "two players"),
        (["--players", "greedy,wizard"], "unknown player"),
        (["--hands", "2", "--matches", "2"], "not both"),
    ],
)
def test_cli_simulate_usage_errors(args: list[str], fragment: str) -> None:
    result = run("simulate", "--ruleset", "scopa", *args)
    assert result.exit_code == 2, result.output
    assert fragment in result.output


def test_cli_simulate_bad_ruleset() -> None:
    # an unknown name typed on the command line is a usage error, as a bad --players is
    result = run("simulate", "--ruleset", "nope", "--hands", "1")
    assert result.exit_code == 2
    assert "invalid value for --ruleset: unknown ruleset" in result.stderr


def test_one_pair_says_it_gives_no_interval() -> None:
    """Was: "+3.50 [-inf, ?] over 1 duplicate pair. No clear difference: the interval contains
    zero." One pair has no spread to measure, so there is no interval to contain anything."""
    for unit in ("--hands", "--matches"):
        result = run("simulate", "--players", "greedy,random", unit, "1", "--workers", "1")
        assert result.exit_code == 0, result.output
        line = next(x for x in result.stdout.splitlines() if x.startswith("A - B per hand"))
        assert "[?, ?]" in line and "inf" not in line
        assert "no interval" in line and "contains zero" not in line
