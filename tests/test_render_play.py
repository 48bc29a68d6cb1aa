"""``tutor play`` on a terminal (``render/play.py``): the feedback's words, the turn, the hint."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

import pytest
from helpers import missed_scopa, quick_session

from tutor.game.cards import Style, format_card
from tutor.game.i18n import speaking
from tutor.render.play import event_view, feedback_view
from tutor.render.terminal import plain_text
from tutor.training.play import FEEDBACK, Feedback, Turn


@functools.cache
def _missed() -> tuple[Style, Feedback]:
    """The feedback on a deliberately missed scopa (:func:`helpers.missed_scopa`), and the
    game's deck: played once for the tests that read it."""
    s, events = missed_scopa(FEEDBACK)
    feedback = events[1]
    assert isinstance(feedback, Feedback)
    return s.style, feedback


def test_a_missed_scopa_says_missed_scopa_at_once() -> None:
    """The acceptance test: the feedback on a deliberately missed scopa names it."""
    style, feedback = _missed()
    said = plain_text(*feedback_view(feedback, style))
    assert said.startswith("   tutor: ") and "missed scopa: " in said, said
    assert said.count("\n") <= 3  # one or two lines (a long one may wrap)


def test_the_hint_and_the_board_in_words() -> None:
    s = quick_session("scopa", 3)
    s.start()
    [hint] = s.enter("hint")
    text = plain_text(*event_view(hint, s.style))
    assert text.startswith("Hint: ") and "chitarrella rules weigh" in text
    # found by a user: "lay-doubles -0.3", of what? The line says what the figures are
    assert "rules weigh (scores; the rule-based player plays the move with the highest total)" in (
        " ".join(text.split())
    )
    assert "rule-based player" in text and ".)" not in text  # English audit (stop 52): ".);"
    [board] = s.enter("board")
    shown = " ".join(plain_text(*event_view(board, s.style)).split())
    assert "Unmatched" in shown
    assert "to deal (mean)" in shown  # was "(how many)" beside 3.7 cards


def test_the_hints_value_is_yours_alone_in_scopa_and_your_sides_with_a_partner() -> None:
    """Audit: in two-player scopa the values spoke of a side ("your side minus the others"),
    where each player is alone."""
    s = quick_session("scopa", 3)
    s.start()
    [hint] = s.enter("hint")
    text = " ".join(plain_text(*event_view(hint, s.style)).split())
    assert "points of the hand, yours minus the other player's (" in text
    assert "side" not in text.split("(")[0]
    s = quick_session("scopone-scientifico", 3)
    s.start()
    [hint] = s.enter("hint")
    text = " ".join(plain_text(*event_view(hint, s.style)).split())
    assert "points of the hand, your side minus the others (" in text


def test_the_cards_are_shown_in_the_decks_notation() -> None:
    s = quick_session("scopa", 3, deck="italian")
    turn = s.start()[-1]
    assert isinstance(turn, Turn)
    text = plain_text(*event_view(turn, s.style))
    hand = turn.view.hands[turn.seat]
    line = next(x for x in text.splitlines() if x.startswith("Your cards: "))
    shown = re.sub(r"\(x [^)]*\)", "", line.removeprefix("Your cards: ")).split()
    assert shown == [format_card(c, "italian") for c in range(40) if hand >> c & 1]


def test_the_cost_says_points_and_what_its_upper_end_is() -> None:
    """Found by a user: "cost 0.19, up to 0.51" said neither what the figure counts nor what
    "up to" was. The feedback now says points, and that the top is the 95% interval's."""
    style, feedback = _missed()
    j = replace(feedback.decision.judgement, exact=False, cost=0.44, low=0.21, high=0.8)
    sampled = replace(feedback, decision=replace(feedback.decision, judgement=j))
    said = " ".join(plain_text(*feedback_view(sampled, style)).split())
    assert ", cost 0.44 points (up to 0.80 at 95%)" in said, said
    assert re.search(r", cost \d\.\d\d points \(up to (\d\.\d\d|\?) at 95%\)", said), said


def test_a_card_keeps_its_captures_on_one_line() -> None:
    """Found by a user: on a narrow window the hand line wrapped inside "(x ...)", leaving a
    card's captures at the start of the next line, apart from the card."""
    for seed in range(3, 40):  # a hand where some card has a capture
        s = quick_session("scopone-scientifico", seed)
        turn = s.start()[-1]
        assert isinstance(turn, Turn)
        if any(m.capture for m in turn.view.legal_moves()):
            break
    wide = plain_text(*event_view(turn, s.style), width=400)
    line = next(x for x in wide.splitlines() if x.startswith("Your cards: "))
    groups = re.findall(r"\S+(?: \(x [^)]*\))?", line.removeprefix("Your cards: "))
    assert any("(x " in g for g in groups)
    narrow = plain_text(*event_view(turn, s.style), width=34)
    lines = narrow.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("Your cards: "))
    block = lines[start : start + len(groups)]
    for g in groups:
        assert any(g in x for x in block), (g, block)
    assert all(len(x) <= 34 for x in block)


def test_a_hint_says_when_the_next_play_is_not_clearly_worse_on_the_same_deals() -> None:
    """Play audit (stop 47): two runs of one hint named different plays (7D x 7C at +0.59,
    then RC x 3C 7B at +1.07), and neither said that the next play sat inside its interval.
    Play audit (stop 53): judged by the two values' own intervals, the hint said so of 3C
    (-1.06 against -0.56 [-1.23, +0.16]), which the verdict after it called a blunder of
    1.09: on the same deals 3C was worse on nearly all. The paired difference decides."""
    from dataclasses import replace

    from tutor.search.analysis import Interval

    s = quick_session("scopone-scientifico", 11)
    s.start()
    [hint] = s.enter("hint")
    assert not hint.exact and len(hint.others) >= 2 and hint.runner_gap is not None
    runner = hint.others[0]
    assert hint.runner_gap.mean == pytest.approx(hint.value.value - runner.value, abs=1e-9)
    # the values set here: a quick hint on a busy machine may value a single deal (no interval)
    top = replace(hint.value, value=1.0, low=0.5, high=1.5, n=50)
    inside = replace(runner, value=0.75, low=0.25, high=1.25, n=50)  # inside the hint's interval
    said = "is not clearly worse on the same deals: the samples do not tell the two apart"
    for gap, close in ((Interval(0.25, -0.05, 0.55, 50), True),
                       (Interval(0.25, 0.1, 0.4, 50), False)):  # fmt: skip
        shown = replace(hint, value=top, others=[inside], runner_gap=gap)
        text = " ".join(plain_text(*event_view(shown, s.style)).split())
        assert (said in text) is close, text


def test_the_comment_draws_its_cards_as_the_position_does_and_hangs_under_itself() -> None:
    """Found in stop 48's play audit: on a terminal the position drew 7♦ while the tutor's
    words beside it said 7D ("Takes 7D", "leaves the settebello (7D)"), and a long comment
    wrapped back to the margin, under the play numbers."""
    style, feedback = _missed()
    rich = plain_text(*feedback_view(feedback, style, rich=True), width=50)
    comment = rich.split("tutor: ", 1)[1]
    assert re.search(r"[A2-7JQK][♦♥♠♣]", comment), comment
    assert not re.search(r"(?<!\w)[A2-7JQK][DHSC](?!\w)", comment), comment
    lines = rich.splitlines()
    assert len(lines) > 2 and all(x.startswith("   ") for x in lines), lines
    plain = plain_text(*feedback_view(feedback, style), width=50)
    assert not re.search(r"[♦♥♠♣]", plain)  # piped: the deck's letters throughout
    assert all(x.startswith("   ") for x in plain.splitlines()), plain


def test_the_comment_keeps_its_full_stop_unless_more_labels_follow() -> None:
    """Play audit (stop 48): the observation under a play lost its full stop even when nothing
    came after it; it gives way only to "; also: ..."."""
    import dataclasses

    style, feedback = _missed()
    d = feedback.decision
    first = next(o for o in d.observations if o.against)
    assert first.text.endswith(".")
    alone = dataclasses.replace(d, observations=(first,))
    said = " ".join(plain_text(*feedback_view(Feedback(alone, 0.1), style)).split())
    assert said.endswith(first.text.split()[-1]), said
    other = dataclasses.replace(first, code="sweepable-table", against=False)
    both = dataclasses.replace(d, observations=(first, other))
    said = " ".join(plain_text(*feedback_view(Feedback(both, 0.1), style)).split())
    assert said.endswith("; also: sweepable table"), said
    assert first.text.split()[-1].rstrip(".") + "; also:" in said, said


def test_an_unsettled_class_is_a_clause_not_a_second_bracket() -> None:
    """Italian audit (stop 52): "(fino a 0,37 al 95%) (25 campioni in 0,8 s non bastano ...)",
    two brackets in a row; the samples that cannot settle the class are now a clause."""
    style, feedback = _missed()
    j = replace(
        feedback.decision.judgement,
        exact=False, cost=0.0, low=0.0, high=0.37, uncertain=True, samples=25,
        best=feedback.decision.move,
    )  # fmt: skip
    unsettled = replace(feedback, decision=replace(feedback.decision, judgement=j), seconds=0.8)
    said = " ".join(plain_text(*feedback_view(unsettled, style)).split())
    assert "(up to 0.37 at 95%); 25 samples in 0.8 s cannot settle the class" in said, said
    with speaking("it"):
        said = " ".join(plain_text(*feedback_view(unsettled, style)).split())
    assert "(fino a 0,37 al 95%); 25 campioni in 0,8 s non bastano a decidere la classe" in said
    # the hint's samples, valued before: no "in 0.0 s" (play audit, stop 57)
    reused = " ".join(plain_text(*feedback_view(replace(unsettled, seconds=0.0), style)).split())
    assert "(up to 0.37 at 95%); 25 samples cannot settle the class" in reused, reused
