"""The reading check: a verdict that rests on the play model's reading of the plays, where the
tracker's odds leave the card open, says so, with the verdict on the tracker's deals."""

from __future__ import annotations

import json
from dataclasses import replace

from helpers import FAST, ROOT

from tutor.counting.tracker import viewer_state
from tutor.game.cards import format_card
from tutor.game.state import GameState, Move
from tutor.records.record import HandRecord
from tutor.records.recordfile import load_path
from tutor.render.html import review_page
from tutor.render.review import review_view
from tutor.render.terminal import plain_text
from tutor.review.judge import Judgement, judge
from tutor.review.reading import (
    CHANCE,
    OPEN,
    PINNED,
    Pinned,
    ReadingCheck,
    _tail,
    check_reading,
    pinned_cards,
)
from tutor.review.review import review_decision, review_record
from tutor.search.analysis import MoveEstimate

RECORD = ROOT / "tests" / "data" / "reading-check.yaml"


def _before(n: int) -> tuple[HandRecord, GameState, Move]:
    record = load_path(RECORD)[0]
    return record, record.state_at(n - 1), record.moves()[n - 1]


def test_the_settebello_settled_by_the_play_model_alone_is_named() -> None:
    """Play 30: the rule-based players' earlier plays put 7D with P4 in every deal the verdict
    was valued on, while the tracker gives P4 45% (the facts alone 40%)."""
    record, state, move = _before(30)
    view = viewer_state(state, state.turn)
    settings = replace(FAST, seed=1)
    j = judge(view, move, settings)
    assert len(j.hands) == j.samples == 40
    pinned = pinned_cards(view, j.hands, settings)
    cards = {format_card(p.card, "french"): p for p in pinned}
    assert "7D" in cards
    p = cards["7D"]
    assert record.players[p.seat] == "P4" and p.deals >= PINNED
    # the shares are those of the very deals the verdict rests on
    assert (p.held, p.drawn) == (sum(1 for h in j.hands if h[p.seat] >> p.card & 1), 40)
    assert OPEN < p.tracker < 1 - OPEN and OPEN < p.facts < 1 - OPEN
    assert len(cards) == len(pinned)  # each card once


def test_a_share_chance_explains_settles_nothing() -> None:
    """A card with P4 in each of 5 deals, where the tracker gives 45%, is luck 1.8% of the
    time: not a reading; in each of 40 it is."""
    record, state, move = _before(30)
    view = viewer_state(state, state.turn)
    j = judge(view, move, replace(FAST, seed=1))
    seven = next(
        p for p in pinned_cards(view, j.hands, FAST) if format_card(p.card, "french") == "7D"
    )
    only = [0] * view.rules.players
    only[seven.seat] = 1 << seven.card
    assert _tail(5, 5, seven.tracker) > CHANCE > _tail(40, 40, seven.tracker)
    few = pinned_cards(view, (tuple(only),) * 5, FAST)
    assert seven.card not in {p.card for p in few}
    many = pinned_cards(view, (tuple(only),) * 40, FAST)
    assert any(p.card == seven.card and p.held == 40 for p in many)


def test_a_verdict_resting_on_the_reading_says_both() -> None:
    """Found by a coach's audit: a blunder of 2.68 points [2.39, 2.87] rested on the play
    model settling the settebello; on the tracker's deals the move is the best."""
    record, state, move = _before(30)
    d = review_decision(state, 30, move, record.players, record.style, FAST)
    assert d.judgement.classification == "blunder"
    assert d.reading is not None
    assert d.reading.tracker.best == move  # on the tracker's odds, the move played is best
    said = d.reading_text("french")
    assert said is not None
    assert said.startswith("This verdict rests on the analysis's reading of the plays")
    assert (
        "P4 holds 7D in 40 of the 40 deals the analysis valued, 45% on the tracker's odds" in said
    )
    assert "best move 7H x 7S (the move played)" in said
    assert "how well either reads people is not measured" in said
    data = d.to_json("french")["reading"]
    assert data["pinned"][0]["card"] == "7D" and data["pinned"][0]["player"] == "P4"
    assert data["pinned"][0]["deals_held"] == data["pinned"][0]["deals_valued"] == 40
    assert data["pinned"][0]["deals"] == 1.0
    assert data["tracker"]["best"] == "7H x 7S"
    json.dumps(data)
    # tutor play's quick feedback does not afford the second judgement
    quick = review_decision(state, 30, move, record.players, record.style, FAST,
                            reading_check=False)  # fmt: skip
    assert quick.reading is None


def test_no_check_where_the_verdict_is_mild_or_exact() -> None:
    record, state, move = _before(30)
    view = viewer_state(state, state.turn)
    played, other = move, Move(0, 0)
    moves = (MoveEstimate(played, 0.0, 0.0, 0.0, 40), MoveEstimate(other, 0.1, 0.0, 0.2, 40))
    good = Judgement(played, other, 0.1, 0.0, 0.2, "good", True, False, 40, moves, "samples")
    assert check_reading(view, played, good, FAST) is None  # milder than an inaccuracy
    exact = replace(good, cost=2.0, low=2.0, high=2.0, classification="blunder", exact=True)
    assert check_reading(view, played, exact, FAST) is None  # a count, not a reading


def test_the_check_speaks_only_when_the_tracker_sees_it_otherwise() -> None:
    played, other = Move(6, 0), Move(16, 0)
    moves = (MoveEstimate(other, 1.0, 0.9, 1.1, 40), MoveEstimate(played, 0.0, -0.1, 0.1, 40))
    j = Judgement(played, other, 1.0, 0.9, 1.1, "blunder", False, False, 40, moves, "samples")
    pinned = (Pinned(1, 6, 40, 40, 0.45, 0.4),)
    assert not ReadingCheck(pinned, j).changes(j)
    same_best = replace(j, cost=0.3, low=0.25, high=0.35, classification="inaccuracy")
    assert ReadingCheck(pinned, same_best).changes(j)
    assert ReadingCheck(pinned, replace(j, best=played)).changes(j)
    # found by a coach's audit: an interval that reaches another class is no other verdict
    wider = replace(j, cost=1.05, low=0.6, high=1.5, classification="mistake", uncertain=True)
    assert not ReadingCheck(pinned, wider).changes(j)


def test_the_page_and_the_text_review_show_the_note() -> None:
    record = load_path(RECORD)[0]
    review = review_record(record, ["P2"], settings=FAST, plays={30})
    [d] = review.decisions
    assert d.reading is not None
    page = review_page(review)
    assert '<p class="reading"><b>reading:</b> This verdict rests on the analysis' in page
    assert "<bdi>P4</bdi>" in page.split('class="reading"')[1].split("</p>")[0]
    text = plain_text(*review_view(review), width=100)
    assert "reading: This verdict rests on the analysis's reading" in " ".join(text.split())


def test_the_note_speaks_to_you_as_you() -> None:
    played, other = Move(6, 0), Move(16, 0)
    moves = (MoveEstimate(other, 1.0, 0.9, 1.1, 40), MoveEstimate(played, 0.0, -0.1, 0.1, 40))
    j = Judgement(played, other, 1.0, 0.9, 1.1, "blunder", False, False, 40, moves, "samples")
    check = ReadingCheck((Pinned(1, 6, 40, 40, 0.45, 0.4),), replace(j, best=played))
    said = check.text(["Ada", "You"], played, "french")
    assert "you hold 7D in 40 of the 40 deals the analysis valued" in said
    assert "best move 7D (the move played)" in said


def test_explain_says_when_its_values_rest_on_a_reading() -> None:
    """The same position in tutor explain: the analysis's deals make 4D best, while on the
    tracker's the capture 7H x 7S is, by more than an inaccuracy; the values say so."""
    from tutor.render.review import explanation_view
    from tutor.review.explain import explain_position

    record = load_path(RECORD)[0]
    ex = explain_position(record, 29, settings=FAST)
    assert ex.reading is not None
    assert ex.moves[0].move.text("french") == "4D" == ex.reading.best.text("french")
    assert ex.reading.values[0].move.text("french") == "7H x 7S"
    assert ex.reading.gap >= 0.1
    said = ex.reading_text()
    assert said is not None
    assert said.startswith("These values rest on the analysis's reading of the plays")
    assert "P4 holds 7D in " in said and "they would be: 7H x 7S " in said
    data = ex.to_json()["reading"]
    assert data["pinned"][0]["card"] == "7D" and data["tracker"]["best"] == "7H x 7S"
    assert {m["move"] for m in data["tracker"]["moves"]} == {"4D", "7H x 7S"}
    json.dumps(data)
    text = " ".join(plain_text(*explanation_view(ex), width=100).split())
    assert "reading: These values rest on the analysis's reading" in text
    # stop 49: on a terminal its words draw the cards as the moves above them do (P4 holds
    # 7♦, not 7D), and so do the moves' sentences ("Takes 7♠")
    drawn = " ".join(plain_text(*explanation_view(ex, rich=True), width=100).split())
    assert "P4 holds 7♦ in " in drawn and "P4 holds 7D" not in drawn, drawn
    assert "Takes 7♠." in drawn and "Takes 7S." in text
    # where no card is settled against the tracker, nothing is said (the shipped example)
    example = load_path(ROOT / "docs" / "examples" / "seed003-scopa.yaml")[0]
    quiet = explain_position(example, 2, settings=FAST)
    assert quiet.reading is None and quiet.to_json()["reading"] is None


def test_values_differ_only_beyond_chance() -> None:
    """Two samples of a few deals differ by chance: a note needs an inaccuracy or more, and
    beyond both intervals (a 20-deal solve of partial-view moved FD by 0.40 inside them)."""
    from tutor.review.reading import values_differ

    a, b = Move(6, 0), Move(16, 0)
    before = [MoveEstimate(a, 2.0, 2.0, 2.0, 200), MoveEstimate(b, 0.0, 0.0, 0.0, 200)]
    moved = [MoveEstimate(a, 2.75, 2.5, 3.0, 200), MoveEstimate(b, 1.5, 1.2, 1.8, 200)]
    assert values_differ(before, moved)  # 7S's 0.00 -> 1.50: the puzzle audit's case
    wide = [MoveEstimate(a, -2.1, -2.56, -1.40, 20), MoveEstimate(b, -2.5, -2.81, -2.05, 20)]
    noisy = [MoveEstimate(a, -1.85, -2.22, -1.39, 20), MoveEstimate(b, -2.1, -2.56, -1.40, 20)]
    assert not values_differ(wide, noisy)  # 0.40 apart, inside the intervals
    small = [MoveEstimate(a, 2.1, 2.05, 2.15, 200), MoveEstimate(b, 0.1, 0.05, 0.15, 200)]
    assert not values_differ(before, small)  # beyond the intervals, but under an inaccuracy
    swapped = [MoveEstimate(b, 1.0, 0.9, 1.1, 200), MoveEstimate(a, 0.5, 0.4, 0.6, 200)]
    assert values_differ([MoveEstimate(a, 1.0, 0.9, 1.1, 200),
                          MoveEstimate(b, 0.9, 0.8, 1.0, 200)], swapped)  # fmt: skip


def test_another_best_move_is_named_only_when_clearly_so() -> None:
    """The note lists the tracker's values; it calls another move best only when that move is
    better by an inaccuracy or more and beyond the intervals (a chance flip is not)."""
    from tutor.review.reading import ValuesReading

    a, b = Move(6, 0), Move(16, 0)
    pinned = (Pinned(1, 26, 40, 40, 0.45, 0.4),)
    clear = ValuesReading(pinned, a, (MoveEstimate(b, -3.70, -4.05, -3.37, 200),
                                      MoveEstimate(a, -4.68, -4.97, -4.37, 200)))  # fmt: skip
    said = clear.text(["P1", "P2"], "french")
    assert "they would be: 7H -3.70, 7D -4.68; the best move would be 7H rather than 7D." in said
    flip = ValuesReading(pinned, a, (MoveEstimate(b, -3.70, -4.3, -3.1, 40),
                                     MoveEstimate(a, -4.0, -4.6, -3.4, 40)))  # fmt: skip
    assert "the best move would be" not in flip.text(["P1", "P2"], "french")


def test_odds_the_verdicts_deals_do_not_bear_out_are_said_beside_them() -> None:
    """Review audit (stop 47): at play 9 of the scopone example the praise of South's CB said
    "the odds that West holds one: 69%" for the 10 that sweeps 2D x 2C's table, while the
    analysis, whose deals gave West a 10 in about 40% of them, found 2D x 2C better by 0.70
    points; nothing said why. The deals' share is now said beside the odds."""
    from tutor.game.cards import VALUE_MASKS
    from tutor.review.judge import Settings
    from tutor.review.reading import ODDS_APART, with_deals_share

    [record] = load_path(ROOT / "docs" / "examples" / "scopone-hand.yaml")
    settings = Settings(samples=200, time=None, workers=1)
    d = review_decision(record.state_at(8), 9, record.moves()[8], record.players, record.style,
                        settings)  # fmt: skip
    [safe] = [o for o in d.observations if o.code == "safe-table"]
    held = sum(1 for h in d.judgement.hands if h[1] & VALUE_MASKS[10])
    drawn = len(d.judgement.hands)
    assert safe.probability is not None and safe.probability - held / drawn >= ODDS_APART
    assert "the odds that West holds one: 69%" in safe.text
    assert f"West holds one in {held} of the {drawn} deals the analysis valued (" in safe.text
    # odds the deals bear out say nothing more
    close = replace(safe, text="t", probability=held / drawn + ODDS_APART / 2)
    view = viewer_state(record.state_at(8), 0)
    assert with_deals_share(close, d.judgement.hands, view, record.players).text == "t"


def test_explain_at_says_the_deals_share_beside_the_odds_as_the_review_does() -> None:
    """Was: ``explain --at 8`` of the scopone example said "the odds that West holds one: 69%"
    of the 10 that sweeps 2D x 2C's table and valued the move on deals that gave West a 10 in
    about 40% of them, silent where the review says both. Its lines now say the deals' share
    where the two part, on the very deals the list and the verdict on the play rest on."""
    from tutor.game.cards import VALUE_MASKS
    from tutor.review.explain import explain_position
    from tutor.review.judge import Settings

    [record] = load_path(ROOT / "docs" / "examples" / "scopone-hand.yaml")
    ex = explain_position(record, 8, settings=Settings(samples=200, time=None, workers=1))
    assert ex.played is not None
    hands = ex.played.judgement.hands
    held = sum(1 for h in hands if h[1] & VALUE_MASKS[10])
    said = f"West holds one in {held} of the 200 deals the analysis valued ("
    [take] = [m for m in ex.moves if m.move.text() == "2D x 2C"]
    assert take.sweep_share is not None and take.sweep_share.startswith(said)
    assert take.sweep_deals == held / 200 == take.to_json()["sweep"]["deals_share"]
    assert any(s.startswith(said) for s in take.sentences("italian", "West"))
    [played] = [m for m in ex.moves if m.move == ex.played.move]
    for obs in (played.observations, ex.played.observations):
        [safe] = [o for o in obs if o.code == "safe-table"]
        assert "the odds that West holds one: 69%" in safe.text and said in safe.text
    # a move whose odds the deals bear out gets no such sentence
    assert all(m.sweep_share is None for m in ex.moves if m.sweep is None)


def test_a_move_that_keeps_the_maxim_and_ties_the_best_is_said_to_be_one_of_the_best() -> None:
    """Review audit (stop 47): "Here the analysis's best move, FD, breaks it too, but AS x AD,
    which keeps it, is worth 4.00 more than 6C" read as if FD were better still; the exact
    solver values both at +0: keeping the maxim was one of the best moves."""
    from tutor.review.judge import Settings

    [record] = load_path(ROOT / "tests" / "data" / "keeper-tied-for-best.yaml")
    d = review_decision(record.state_at(31), 32, record.moves()[31], record.players,
                        record.style, Settings(samples=40, time=None, workers=1))  # fmt: skip
    assert d.judgement.exact and d.judgement.cost == 4.0
    [denaro] = [o for o in d.observations if o.code == "missed-denaro"]
    assert denaro.text.endswith(
        "Here the analysis's best move, FD, breaks it too, but AS x AD, which keeps it, is "
        "worth as much as FD, 4.00 more than 6C: keeping the maxim was one of the best moves."
    ), denaro.text


def test_a_maxim_broken_rightly_is_not_said_to_cost_nothing() -> None:
    """Play audit (stop 47): a scopa passed up that the exact solver values points lower was
    told "Here it costs nothing: the analysis values JS x 3D 5D 2.00 lower": breaking the
    maxim was the right call, and the note now says so."""
    import random

    from tutor.game.rules import load_ruleset
    from tutor.search.players import GreedyPlayer, seat_view

    rng = random.Random(398)
    state = GameState.random(load_ruleset("scopa"), rng)
    while state.ply < 31:
        state.push(GreedyPlayer().choose(seat_view(state), rng))
    move = state.parse_move("6H", "french")
    d = review_decision(state, 32, move, ["You", "Ada"], "french", FAST)
    [missed] = [o for o in d.observations if o.code == "missed-scopa"]
    assert d.judgement.exact and d.judgement.cost == 0
    assert missed.text.endswith(
        "Here breaking the maxim was right: the analysis values JS x 3D 5D 2.00 lower."
    ), missed.text
