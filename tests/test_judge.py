"""Judging one decision: the classes and their thresholds, and what cannot be judged."""

from __future__ import annotations

import pytest
from helpers import EXAMPLES, FAST, ROOT, SEED003

from tutor.game.state import Move
from tutor.records.recordfile import load_path
from tutor.review.judge import CLASSES, THRESHOLDS, JudgeError, classify, judge


def test_thresholds_table() -> None:
    assert [name for name, _ in THRESHOLDS] == list(CLASSES[1:])
    bounds = [low for _, low in THRESHOLDS]
    assert bounds == sorted(bounds) and bounds[0] == 0.0
    for (name, low), nxt in zip(THRESHOLDS, [*THRESHOLDS[1:], None], strict=True):
        assert classify(low) == name
        if nxt is not None:
            assert classify((low + nxt[1]) / 2) == name
            assert classify(nxt[1] - 1e-6) == name
    assert classify(7.0) == "blunder"


def test_the_docs_give_the_same_thresholds() -> None:
    text = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")
    for (name, low), nxt in zip(THRESHOLDS, [*THRESHOLDS[1:], None], strict=True):
        hi = f" {nxt[1]:g} " if nxt else " "
        assert f"| `{name}` | {low:g} |{hi}|" in text


def test_judge_refuses_an_illegal_move_and_a_hidden_hand() -> None:
    state = load_path(SEED003)[0].state_at(0)
    with pytest.raises(JudgeError, match="not a legal move"):
        judge(state, Move(0, 0), FAST)  # AD is not in You's hand
    partial = load_path(EXAMPLES / "partial-view.yaml")[0].state_at(1)  # West to move
    with pytest.raises(JudgeError, match="not known"):
        judge(partial, Move(partial.unplaced().bit_length() - 1, 0), FAST)
