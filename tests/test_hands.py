"""Hands from the plays: a complete record reveals every hand."""

from __future__ import annotations

from helpers import EXAMPLES, FAST

from tutor.records.recordfile import load_path
from tutor.review.hands import known_hands, reveal_hands
from tutor.review.review import review_record


def test_a_complete_record_reveals_every_hand() -> None:
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    assert not known_hands(record)
    full = reveal_hands(record)
    assert known_hands(full)
    assert full.moves() == record.moves()
    # any player can be reviewed, though the record gives only South's cards
    review = review_record(record, ["West"], settings=FAST, plays=[34])
    assert [d.player for d in review.decisions] == ["West"]
