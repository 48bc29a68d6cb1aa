"""The SVG drawings: cards, card backs, a position, the loss chart."""

from __future__ import annotations

from helpers import FAST_PAGE, SEED003

from tutor.counting.tracker import viewer_state
from tutor.game.cards import CARDS, parse_card
from tutor.records.recordfile import load_path
from tutor.render.html import loss_chart_svg
from tutor.render.svg import card_back_svg, card_svg, cards_svg, position_svg
from tutor.review.review import review_record


def test_svg_drawings() -> None:
    seven = card_svg(parse_card("7D"), "italian")
    assert "settebello" in seven and seven.count("<svg") == 1
    assert "a hidden card" in card_back_svg()
    row = cards_svg(list(CARDS), "french", width=30)
    assert row.count("<svg") == 41
    record = load_path(SEED003)[0]
    view = viewer_state(record.state_at(2), 0)
    pos = position_svg(view, 0, ["<You>", "Ada"], "french")
    assert "&lt;You&gt;" in pos and "to play" in pos
    assert pos.count("a hidden card") == 2  # Ada's two cards are face down
    assert "<svg" in loss_chart_svg(
        review_record(record, ["You"], settings=FAST_PAGE, plays=[1, 3])
    )
