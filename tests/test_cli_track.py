"""``tutor track``: the board as JSON and in words, the player in any case, bad input."""

from __future__ import annotations

import json
from math import comb

import pytest
from helpers import EXAMPLES, invoke


def test_cli_track_json() -> None:
    code, out, err = invoke(
        ["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "South", "--at", "3", "--json"]
    )
    assert code == 0, err
    j = json.loads(out)
    assert j["player"] == "South" and j["at"] == 3 and j["total_plays"] == 36
    assert j["unmatched"] == [3, 4, 7]  # North's 7D took 3C + 4S
    # only South's cards count as seen, though the record gives every hand
    assert len(j["unseen"]) == 40 - 8 - 2 - 5 == 25
    assert set(j["holdings"]) == {"West", "North", "East"}
    cell = j["holdings"]["West"]["RB"]
    assert cell["status"] == "may" and 0 < cell["probability"] < 1 and cell["basis"] is None
    assert j["sweep"] == {
        "sum": 10,
        "value": 10,
        "unseen": 3,
        "next": "East",
        "probability": pytest.approx(1 - comb(25 - 3, 9) / comb(25, 9), abs=1e-6),
        "scopa": True,
        "probability_facts": pytest.approx(1 - comb(25 - 3, 9) / comb(25, 9), abs=1e-6),
    }
    assert j["deductions"] == [] and j["method"].startswith("exact count")


def test_cli_track_human_board() -> None:
    code, out, _ = invoke(
        ["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "30"]
    )
    assert code == 0
    assert "South's view after play 30 of 36" in out
    for part in (
        "captured",
        "parity",
        "ODD",
        "Sparigli",
        "Rule of 220",
        "Even total",
        "Who can hold what",
        "Probabilities: exact count",
    ):
        assert part in out


def test_cli_track_bad_input() -> None:
    code, _, err = invoke(["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "Nobody"])
    assert code == 3 and "--as Nobody: no such player (players: South, West, North, East)" in err
    code, _, err = invoke(
        ["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "South", "--at", "99"]
    )
    assert code == 3 and "--at 99: the record has only 36 plays" in err
    code, _, err = invoke(["track", str(EXAMPLES / "scopone-hand.yaml")])
    assert code == 2 and "--as" in err


def test_track_accepts_the_player_in_any_case() -> None:
    code, out, err = invoke(
        ["track", str(EXAMPLES / "partial-view.yaml"), "--as", "south", "--json"]
    )
    assert code == 0, err
    assert json.loads(out)["player"] == "South"


def test_track_says_when_the_viewers_cards_are_not_in_the_record() -> None:
    path = str(EXAMPLES / "partial-view.yaml")
    code, out, err = invoke(["track", path, "--as", "North", "--at", "3"])
    assert code == 0
    assert "does not give North's cards: the 8 cards North holds count as unseen" in err
    code, out, err = invoke(["track", path, "--as", "South", "--at", "3"])
    assert code == 0 and "does not give" not in err


def test_track_wording_with_no_capture_and_at_the_end() -> None:
    """Bugs: "every capture so far was by a twin" before any capture; an empty who-holds-what
    table and a counting method once nothing is unseen."""
    _, out, _ = invoke(["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "0"])
    assert "Sparigli: none yet: nothing has been captured." in out
    _, out, _ = invoke(["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South"])
    assert "Who can hold what" not in out and "Probabilities:" not in out
    assert "Unseen (0)" in out
