"""A match file reviewed with one library call: the very JSON ``tutor review --match`` prints."""

from __future__ import annotations

import json
from contextlib import AbstractContextManager, nullcontext

from helpers import EXAMPLES, run_json

from tutor.counting.inference import known_styles, match_styles
from tutor.records.recordfile import load_path
from tutor.review.judge import Settings, classify
from tutor.review.match import review_match

MATCH = EXAMPLES / "scopa-match.yaml"


def test_review_match_gives_what_the_command_prints() -> None:
    """API audit (stop 57): the per-hand loop, the styles carried from hand to hand and the
    match's JSON lived only in the command line; a script now gets them with one call."""
    # by the deals alone (the time never binds): the same in each run
    quick = ["--samples", "4", "--time", "100", "--workers", "1"]
    printed = run_json("review", str(MATCH), "--match", *quick)
    ticks: list[tuple[int, int]] = []
    hands: list[int] = []

    def progress(n: int, total: int) -> AbstractContextManager[None]:
        ticks.append((n, total))
        return nullcontext(None)

    match = review_match(
        load_path(str(MATCH)),
        settings=Settings(samples=4, time=100, seed=0, workers=1),
        progress=progress,
        on_hand=lambda n, _review: hands.append(n),
    )
    assert json.loads(json.dumps(match.to_json())) == printed
    assert ticks == [(1, 4), (2, 4), (3, 4), (4, 4)] and hands == [1, 2, 3, 4]
    assert not match.interrupted and len(match.reviews) == len(match.records) == 4
    # each player's costliest plays of the match, by hand and play, worst first
    for name, summary in printed["summary"].items():
        worst = [
            (r.hand, d.play, d.judgement.cost)
            for r in match.reviews
            for d in r.decisions
            if d.player == name
            and classify(d.judgement.cost) != "best"
            and d.judgement.classification != "forced"
        ]
        worst.sort(key=lambda t: (-t[2], t[0], t[1]))
        assert summary["costliest"] == [{"hand": h, "play": p} for h, p, _c in worst[:3]]
    assert any(s["costliest"] for s in printed["summary"].values())


def test_known_styles_are_the_stated_then_the_earlier_hands() -> None:
    records = load_path(str(MATCH))
    stated = {"Carla": {"grabber": 0.8, "careful": 0.1, "careless": 0.1}}
    assert known_styles(records[:1], stated) == stated  # no hand before the first
    assert known_styles(records[:3], stated, earlier=False) == stated
    assert known_styles(records[:3], stated) == match_styles(records[:2], None, stated)
    assert known_styles(records[:3], None, True, "Bruno") == match_styles(records[:2], "Bruno")
