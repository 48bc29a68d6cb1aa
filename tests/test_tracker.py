"""The rule-of-48 tracker: counts, sparigli, the 220 and even-total checks, sweep risk, views."""

from __future__ import annotations

import random
from math import comb

import pytest
from helpers import BASE, EXAMPLES, endgame, play
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.counting.tracker import (
    DECK_TOTAL,
    CountingError,
    EvenTotal,
    LastCardKnown,
    LastCardsTotal,
    OddValues,
    OneOfEachOdd,
    UnseenTotal,
    flipped_values,
    history,
    track,
    viewer_state,
    viewer_state_from_record,
)
from tutor.game.captures import VALUE_OF, sweep_value, table_sum
from tutor.game.cards import FULL_DECK, format_cards, indexes_of, mask_of, parse_card, parse_cards
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState
from tutor.records.recordfile import load_path, loads


def deal_with(
    rules: Ruleset, table: str, fixed: list[str], seed: int = 0, style: str = "french"
) -> GameState:
    """A full one-deal hand: the table and each seat's given cards, the rest filled at random."""
    t = mask_of(parse_cards(table, style))
    given = [mask_of(parse_cards(h, style)) for h in fixed]
    used = t
    for g in given:
        assert not used & g
        used |= g
    rest = [i for i in range(40) if not used >> i & 1]
    random.Random(seed).shuffle(rest)
    hands = []
    for g in given:
        need = rules.hand_size - g.bit_count()
        hands.append(g | mask_of(rest[:need]))
        rest = rest[need:]
    return GameState(rules, t, [[(h, 0) for h in hands]])


# -- seed 004's example -----------------------------------------------------------------------


@pytest.fixture
def seed004(scopone: Ruleset) -> GameState:
    """8 takes 6+2; then 6 and 2 are laid for the next capture by sum."""
    s = deal_with(scopone, "6H 2S 5C QD", ["JD 3H", "6S", "2C 7D", "JC 7H"])
    play(s, "JD x 6H 2S", "6S", "2C")
    return s


def test_seed004_eight_takes_six_and_two(seed004: GameState) -> None:
    s = seed004.copy()
    s.stack = list(seed004.stack)
    s.pop()
    s.pop()
    board = track(s, 0)
    assert board.unmatched == (2, 6, 8)
    assert [sp.flipped for sp in board.sparigli] == [(2, 6, 8)]


def test_seed004_six_plus_two_again_matches_everything(seed004: GameState) -> None:
    play(seed004, "JC x 6S 2C")
    board = track(seed004, 0)
    assert board.unmatched == ()
    assert [sp.flipped for sp in board.sparigli] == [(2, 6, 8), (2, 6, 8)]
    assert board.sparigli[-1].unmatched == ()


def test_seed004_two_plus_five_leaves_five_six_seven_eight(seed004: GameState) -> None:
    play(seed004, "7H x 2C 5C")
    board = track(seed004, 0)
    assert board.unmatched == (5, 6, 7, 8)
    assert board.sparigli[-1].flipped == (2, 5, 7)
    text = board.sparigli[-1].text("french", ["W", "N", "E", "S"])
    # Was: "unmatched now: 5, 6, 7, 8" under a board whose columns read A 2 ... J Q K.
    assert "7H x 2C 5C (2+5=7)" in text and "unmatched now: 5, 6, 7, J" in text


def test_value_lists_use_the_deck_s_letters_like_the_board() -> None:
    """Bug: the board showed F/C/R while the sparigli and the rule-of-48 lines showed 8/9/10."""
    from tutor.counting.tracker import OddValues, OneOfEachOdd, Spariglio

    sp = Spariglio(3, 0, parse_card("RB", "italian").index,
                   mask_of(parse_cards("AD CS", "italian")), (1, 9, 10), (1, 9, 10))  # fmt: skip
    assert sp.text("italian", ["A", "B"]).endswith("(1+9=10) flips A, C, R; unmatched now: A, C, R")
    assert (
        OddValues((2, 8))
        .text(["A", "B"], "italian")
        .startswith("Rule of 48: the unseen cards hold an odd number of 2, F,")
    )
    assert "one each of F, R" in OneOfEachOdd(2, (8, 10)).text(["A", "B"], "italian")


def test_twin_capture_is_no_spariglio(scopa: Ruleset) -> None:
    s = GameState.from_cards(
        scopa, "6H 2S 5C QD", [["6D", "AC", "3S"], ["KD", "5H", "7S"]], "french"
    )
    play(s, "6D x 6H")
    board = track(s, 0)
    assert board.sparigli == []
    assert board.unmatched == ()
    assert board.counts[5].captured == 2


def test_flipped_values() -> None:
    assert flipped_values(parse_card("7D").index, mask_of(parse_cards("AS 2C 4B"))) == (1, 2, 4, 7)
    assert flipped_values(parse_card("9D").index, mask_of(parse_cards("9S"))) == ()


# -- the board's counts and checks, on random hands -------------------------------------------


def _greedy(state: GameState, rng: random.Random) -> None:
    state.push(rng.choice(state.legal_moves()))


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["scopone-scientifico", "scopa", "scopone-16"]),
    seed=st.integers(0, 10**6),
    cut=st.floats(0, 1),
)
def test_board_counts_add_up(name: str, seed: int, cut: float) -> None:
    rules = load_ruleset(name)
    rng = random.Random(seed)
    full = GameState.random(rules, rng)
    plays = int(cut * rules.plays_per_hand)
    for _ in range(plays):
        _greedy(full, rng)
    viewer = seed % rules.players
    view = viewer_state(full, viewer)
    board = track(view, viewer)
    captured = 0
    for side_mask in full.captured:
        captured |= side_mask
    for c in board.counts:
        assert c.captured + c.table + c.mine + c.unseen == 4
        assert c.matched == (
            sum(1 for i in indexes_of(captured) if VALUE_OF[i] == c.value) % 2 == 0
        )
        # rule of 48: the parity of the value still out is that of captured + table + mine
        assert c.unseen % 2 == (c.captured + c.table + c.mine) % 2
    assert board.unseen == FULL_DECK & ~(captured | full.table | full.hands[viewer])
    assert board.seen_sum + board.unseen_sum == DECK_TOTAL
    assert board.unseen_sum == table_sum(board.unseen)
    assert board.even_total[3] % 2 == 0
    others = sum(full.hand_size(s) for s in range(rules.players) if s != viewer)
    assert board.in_other_hands == others
    assert board.stock == board.unseen.bit_count() - others
    # the sparigli account for every parity change of the captures (leftovers aside)
    parity = [0] * 11
    for step in history(full):
        for v in flipped_values(step.card, step.capture) if step.capture else ():
            parity[v] ^= 1
        for i in indexes_of(step.leftover):
            parity[VALUE_OF[i]] ^= 1
    assert board.unmatched == tuple(v for v in range(1, 11) if parity[v])
    # the view's board is the full state's board: only the viewer's cards count as seen
    assert track(full, viewer).unmatched == board.unmatched
    assert track(full, viewer).unseen == board.unseen


# -- sweep risk ---------------------------------------------------------------------------------


def test_sweep_risk_is_hypergeometric(scopone: Ruleset) -> None:
    s = deal_with(scopone, "2H 3S 4C QD", ["QC JD JH JS JC KD KH KS KC", "", "", ""], seed=3)
    play(s, "QC x QD")  # leaves 2 + 3 + 4 = 9: one 9 sweeps it
    board = track(viewer_state(s, 0), 0)
    assert (board.sweep.sum, board.sweep.value, board.sweep.next_seat) == (9, 9, 1)
    assert board.sweep.unseen == board.counts[8].unseen == 2
    pool = board.unseen.bit_count()
    assert pool == 40 - 3 - 2 - 8
    assert board.sweep.probability == pytest.approx(1 - comb(pool - 2, 9) / comb(pool, 9))
    assert board.sweep.scopa


def test_no_single_card_sweeps_above_ten(scopa: Ruleset) -> None:
    s = GameState.from_cards(scopa, "6H 5S", [["AD", "KC", "3S"], ["KD", "5H", "7S"]], "french")
    assert sweep_value(s.table, scopa.capture_precedence) is None
    board = track(s, 0)
    assert board.sweep.value is None and board.sweep.probability is None and board.sweep.sum == 11


def test_single_card_sweep_and_precedence(scopa: Ruleset) -> None:
    s = GameState.from_cards(scopa, "6H", [["AD", "KC", "3S"], ["KD", "5H", "7S"]], "french")
    assert sweep_value(s.table, scopa.capture_precedence) == 6
    # 1+4+5 = 10: a king sweeps; but 5+5 would not be a single-card sweep for the 5
    s = GameState.from_cards(scopa, "AH 4S 5C", [["AD", "KC", "3S"], ["KD", "5H", "7S"]], "french")
    assert sweep_value(s.table, scopa.capture_precedence) == 10
    assert track(s, 0).sweep.probability == 1.0  # seat 0 holds the KC
    assert sweep_value(0, scopa.capture_precedence) is None


def test_last_play_sweep_is_no_scopa(scopa: Ruleset) -> None:
    s = GameState.from_cards(scopa, "2H 3S", [["AD"], ["5D"]], "french")
    play(s, "AD")
    board = track(s, 1)
    assert board.sweep.value == 6 and not board.sweep.scopa and board.sweep.probability == 0.0


# -- the 220 check and parity in the last round --------------------------------------------------


def test_rule_of_220_names_the_last_card(scopa: Ruleset) -> None:
    s = endgame(scopa, "KH", ["3D 4S", "QS 6C"])
    play(s, "4S", "6C")  # 1 card each is left
    play(s, "3D")
    board = track(viewer_state(s, 0), 0)
    assert board.unseen == mask_of(parse_cards("QS", "french"))
    assert board.unseen_sum == 9 and board.seen_sum == 211
    assert any("one card still unseen is worth 9" in n for n in board.notes)
    assert any("exactly one card, a 9" in n for n in board.notes)


def test_last_round_220_sum_of_the_others(scopone: Ruleset) -> None:
    s = endgame(scopone, "", ["2D", "5C", "7S", "KH"])
    board = track(viewer_state(s, 3), 3)
    assert board.last_round
    assert board.unseen_sum == 14
    assert any("add up to 14" in n and "seat 0" in n for n in board.notes)
    assert any("exactly one each of 2, 5, 7" in n for n in board.notes)
    assert board.to_json("french")["rule_220"] == {"seen": 206, "unseen": 14, "last_round": True}


# -- the viewer's view ----------------------------------------------------------------------------


def test_viewer_state_hides_other_hands_and_keeps_history(scopone: Ruleset) -> None:
    rng = random.Random(5)
    full = GameState.random(scopone, rng)
    for _ in range(13):
        _greedy(full, rng)
    view = viewer_state(full, 2)
    assert view.hands[2] == full.hands[2]
    for seat in (0, 1, 3):
        assert view.hands[seat] == 0
        assert view.unknown[seat] == full.hand_size(seat)
    assert (view.table, view.captured, view.scope, view.turn) == (
        full.table,
        full.captured,
        full.scope,
        full.turn,
    )
    assert [(r.seat, r.card, r.capture) for r in view.stack] == [
        (r.seat, r.card, r.capture) for r in full.stack
    ]
    assert all(known == 0 for d in view.deals for s, (known, _) in enumerate(d) if s != 2)
    assert view.unplaced().bit_count() == sum(view.unknown)
    # the view can be played on and undone like any state
    view.push(full.legal_moves()[0])
    view.pop()


def test_viewer_state_in_scopa_hides_future_deals_until_dealt(scopa: Ruleset) -> None:
    rng = random.Random(2)
    full = GameState.random(scopa, rng)
    for _ in range(7):  # into the second deal
        _greedy(full, rng)
    view = viewer_state(full, 0)
    assert view.deal_index == 2
    assert view.hands[0] == full.hands[0] and view.hands[0]
    assert all(known == 0 for d in view.deals[2:] for known, _ in d)
    assert view.deals[1][0][0] == full.deals[1][0][0]  # the viewer's second deal, received
    board = track(view, 0)
    assert board.stock == 40 - 4 - 12
    assert board.in_other_hands == full.hand_size(1)


def test_viewer_state_from_record() -> None:
    [rec] = load_path(EXAMPLES / "scopone-hand.yaml")
    view = viewer_state_from_record(rec, "North", 10)
    north = rec.seat_of("North")
    assert view.ply == 10
    assert view.hands[north] == rec.state_at(10).hands[north]
    assert all(view.hands[s] == 0 for s in range(4) if s != north)
    board = track(view, north, rec.players)
    assert board.names == rec.players
    seen = view.table | view.hands[north]
    for m in view.captured:
        seen |= m
    assert board.unseen == FULL_DECK & ~seen
    assert board.unseen.bit_count() == sum(view.unknown)


def test_partial_record_view_matches_full_record() -> None:
    [full] = load_path(EXAMPLES / "scopone-hand.yaml")
    [part] = load_path(EXAMPLES / "partial-view.yaml")
    for n in (0, 7, 20, 35):
        a = track(viewer_state_from_record(full, "South", n), 0)
        b = track(viewer_state_from_record(part, "South", n), 0)
        assert a.unmatched == b.unmatched and a.unseen == b.unseen
        assert [sp.number for sp in a.sparigli] == [sp.number for sp in b.sparigli]


def test_board_json_shape(scopone: Ruleset) -> None:
    [rec] = loads(BASE, "t.yaml")
    view = viewer_state_from_record(rec, "You")
    j = track(view, 0, rec.players).to_json("french")
    assert j["unmatched"] == [2, 5, 7]
    assert j["sparigli"][0]["taken"] == ["2C", "5S"]
    assert "7D" not in j["unseen"] and "3H" not in j["unseen"] and "KC" in j["unseen"]
    assert j["sweep"] == {
        "sum": 16,
        "value": None,
        "unseen": 0,
        "next": 0,
        "probability": None,
        "scopa": False,
    }
    assert format_cards(view.table, "french") == "3H 4H QD"


# -- the board's facts: numbers first, words from them ----------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(["scopone-scientifico", "scopa"]),
    seed=st.integers(0, 10**6),
    cut=st.floats(0.0, 1.0),
)
def test_notes_are_the_facts_in_words(name: str, seed: int, cut: float) -> None:
    rules = load_ruleset(name)
    s = GameState.random(rules, seed)
    rng = random.Random(seed)
    for _ in range(int(cut * rules.plays_per_hand)):
        s.push(rng.choice(s.legal_moves()))
    viewer = s.turn
    board = track(viewer_state(s, viewer), viewer, style="french")
    assert board.notes == [f.text(board.names, "french") for f in board.facts]
    kinds = [type(f) for f in board.facts]
    assert kinds[0] is UnseenTotal and EvenTotal in kinds
    first = board.facts[0]
    assert isinstance(first, UnseenTotal)
    assert (first.seen, first.unseen) == (board.seen_sum, board.unseen_sum)
    assert first.cards == board.unseen.bit_count() and first.stock == (board.stock > 0)
    even = next(f for f in board.facts if isinstance(f, EvenTotal))
    assert (even.table, even.mine, even.unseen, even.total) == board.even_total
    odd = [f for f in board.facts if isinstance(f, OddValues)]
    assert [f.values for f in odd] == ([board.odd_out()] if board.unseen else [])
    for f in board.facts:
        if isinstance(f, OneOfEachOdd):
            assert f.values == board.odd_out() and f.cards == board.unseen.bit_count()
        if isinstance(f, LastCardKnown):
            assert mask_of([f.card]) == board.unseen and VALUE_OF[f.card] == f.worth


def test_last_card_and_last_round_facts(scopa: Ruleset, scopone: Ruleset) -> None:
    s = endgame(scopa, "KH", ["3D 4S", "QS 6C"])
    play(s, "4S", "6C", "3D")
    facts = track(viewer_state(s, 0), 0).facts
    assert LastCardKnown(parse_card("QS", "french").index, 9) in facts
    assert OneOfEachOdd(1, (9,)) in facts
    s = endgame(scopone, "", ["2D", "5C", "7S", "KH"])
    facts = track(viewer_state(s, 3), 3).facts
    assert LastCardsTotal((0, 1, 2), 14) in facts
    assert OneOfEachOdd(3, (2, 5, 7)) in facts


# -- the rule of 48 in words -----------------------------------------------------------------------


def test_rule_of_48_with_one_card_out_names_it() -> None:
    """Bug: "hold exactly one each of 9" for a single card."""
    s = endgame(load_ruleset("scopa"), "", ["QS", "AD"])
    s.push(s.read_move("AD", "french"))  # wrong turn order does not matter to the count
    board = track(viewer_state(s, 1), 1)
    assert any("hold exactly one card, a 9." in n for n in board.notes)
    assert not any("one each of" in n for n in board.notes)


def test_facts_count_the_viewers_unknown_cards_among_the_unseen() -> None:
    """A record without the viewer's cards: the last-round facts name the viewer's hand too,
    never "the other hands" (partial-view.yaml gives only South's cards)."""
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    north, west, east = (record.seat_of(p) for p in ("North", "West", "East"))
    facts = track(viewer_state_from_record(record, north, 33), north, record.players).facts
    total = next(f for f in facts if isinstance(f, LastCardsTotal))
    assert total.seats == (west, north, east) and total.total == 24
    one_each = next(f for f in facts if isinstance(f, OneOfEachOdd))
    assert one_each.own and "the other hands" not in one_each.text(record.players)
    assert "your hand" in next(f for f in facts if isinstance(f, UnseenTotal)).text(record.players)
    facts = track(viewer_state_from_record(record, west, 32), west, record.players).facts
    assert next(f for f in facts if isinstance(f, LastCardsTotal)).seats == (0, 1, 2, 3)
    facts = track(viewer_state_from_record(record, east, 35), east, record.players).facts
    text = next(f for f in facts if isinstance(f, OneOfEachOdd)).text(record.players)
    assert "the other hands" not in text and "yours" in text
    # the viewer's cards known: the other hands, as before
    south = record.seat_of("South")
    facts = track(viewer_state_from_record(record, south, 33), south, record.players).facts
    assert "the other hands hold" in next(f for f in facts if isinstance(f, OneOfEachOdd)).text(
        record.players
    )


@pytest.mark.parametrize("viewer", [2, -1])
def test_track_and_infer_refuse_a_seat_that_is_not_there(viewer: int) -> None:
    """Bug: track() and infer() from seat 2 of a two-player game raised IndexError, and seat
    -1 was taken as seat 1 (Python's negative index); viewer_state already refused both."""
    from tutor.counting.inference import infer

    state = GameState.random(load_ruleset("scopa"), 1)
    for f in (track, infer):
        with pytest.raises(CountingError, match=f"^no seat {viewer}: the game has 2 players$"):
            f(state, viewer)


def test_a_spariglio_names_the_seat_as_the_run_speaks() -> None:
    """Output audit (stop 54): in Italian, live's sparigli said "giocata 1, You: ..." under a
    board that said "Tu"; a seat the tutor names is said in the run's language."""
    from tutor.counting.tracker import Spariglio
    from tutor.game.i18n import speaking

    sp = Spariglio(1, 0, parse_card("7D", "french").index,
                   mask_of(parse_cards("2C 5S", "french")), (2, 5, 7), (2, 5, 7))  # fmt: skip
    with speaking("it"):
        assert sp.text("french", ["You", "Ada"]).startswith("giocata 1, Tu: 7D x 2C 5S")
        assert sp.text("french", ["Bea", "Ada"]).startswith("giocata 1, Bea: ")


@pytest.mark.parametrize("name", ["scopa", "scopone-scientifico"])
def test_the_board_of_a_whole_state_is_the_viewer_s_own(name: str) -> None:
    """API audit (stop 55): track() promised to count only what the viewer sees "whatever
    else state knows", yet its sweep risk read the next player's hand from a whole state
    (1.0 where the viewer's own view said 0.375)."""
    rules = load_ruleset(name)
    for seed in range(6):
        state, rng = GameState.random(rules, seed), random.Random(seed)
        while not state.is_over():
            for viewer in range(rules.players):
                assert (
                    track(state, viewer).sweep == track(viewer_state(state, viewer), viewer).sweep
                )
            state.push(rng.choice(state.legal_moves()))


def test_one_of_each_odd_value_is_not_stated_while_cards_are_still_to_deal(
    scopa: Ruleset,
) -> None:
    # (mutation audit, stop 59)
    # one deal to go: seat 1's hand and the stock are nine unseen cards of nine values, each
    # out once, yet "the other hands hold exactly one each" would be wrong: six are undealt
    def m(text: str) -> int:
        return mask_of(parse_cards(text, "french"))

    table, now, then = m("KD"), [m("KC KS KH"), m("AC 2C 3C")], [m("4C 5C 6C"), m("7C JC QC")]
    s = GameState(scopa, table, [[(h, 0) for h in now], [(h, 0) for h in then]])
    s.captured[0] = FULL_DECK & ~(table | now[0] | now[1] | then[0] | then[1])
    board = track(viewer_state(s, 0), 0)
    assert board.stock == 6 and board.odd_out() == tuple(range(1, 10))
    assert board.unseen.bit_count() == 9
    assert not any(isinstance(f, OneOfEachOdd) for f in board.facts)


def test_the_last_round_is_the_last_card_of_each_hand_not_the_last_deal(scopa: Ruleset) -> None:
    # (mutation audit, stop 59)
    s = endgame(scopa, "KH", ["3D 4S", "QS 6C"])
    assert s.to_deal() == 0
    board = track(viewer_state(s, 0), 0)
    assert not board.last_round and not board.to_json()["rule_220"]["last_round"]
    assert not any(isinstance(f, LastCardsTotal) for f in board.facts)
    play(s, "4S", "6C")
    assert track(viewer_state(s, 0), 0).last_round
