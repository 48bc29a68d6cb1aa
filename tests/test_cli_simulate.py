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
        (["--hands", "2", "--matches", "2"], "give --deals or --matches, not both"),
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


def test_deals_is_the_name_of_what_it_counts() -> None:
    """``--hands 300`` played 600 hands: the option counts duplicate deals, so it is called
    ``--deals``, and ``--hands`` stays as its older name for the scripts that use it."""
    args = ("simulate", "-r", "scopa", "-p", "greedy,random", "--seed", "2", "-w", "1", "--json")
    deals = json.loads(run(*args, "--deals", "3").stdout)
    assert (deals["deals"], deals["hands"]) == (3, 6)
    assert json.loads(run(*args, "--hands", "3").stdout) == deals
    assert "--deals" in run("simulate", "--help").stdout
