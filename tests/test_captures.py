"""Which captures a card may make: the seeds' examples, pinned points, and a brute force."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest
from helpers import mask
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.game.captures import (
    VALUE_OF,
    all_sums,
    capture_table,
    explain_card,
    explain_play,
    legal_captures,
    parse_table,
    sweep_value,
    table_sum,
)
from tutor.game.cards import FULL_DECK, NotationError, format_cards, mask_of, parse_card
from tutor.game.rules import Ruleset

PRECEDENCES = ("single-card", "fewest-cards")


def options(table: str, value: int, precedence: str) -> set[str]:
    """The legal captures as texts sorted by value, e.g. {'AD FD', '4S 5B'}."""
    return {format_cards(m) for m in legal_captures(mask(table), value, precedence)}


def test_seed_000_nine_takes_the_fewest_cards() -> None:
    # Seeds 000/002: a 9 on A, 3, 4, 5, 8 takes A+8 or 4+5, never A+3+5.
    table = "AD 3C 4S 5B FD"
    assert options(table, 9, "fewest-cards") == {"AD FD", "4S 5B"}


def test_seed_000_table_under_single_card_also_allows_three_cards() -> None:
    table = "AD 3C 4S 5B FD"
    assert options(table, 9, "single-card") == {"AD FD", "4S 5B", "AD 3C 5B"}


@pytest.mark.parametrize("precedence", PRECEDENCES)
def test_seed_001_a_five_must_take_the_single_five(precedence: str) -> None:
    assert options("5D 4C AS", 5, precedence) == {"5D"}


@pytest.mark.parametrize("precedence", PRECEDENCES)
def test_seed_001_eight_on_ace_two_six_takes_six_and_two(precedence: str) -> None:
    assert options("AD 2C 6S", 8, precedence) == {"2C 6S"}


@pytest.mark.parametrize("precedence", PRECEDENCES)
def test_seed_001_free_choice_among_sums(precedence: str) -> None:
    # A 5 may take 4+1 or 3+2.
    assert options("AD 2C 3S 4B", 5, precedence) == {"AD 4B", "2C 3S"}


@pytest.mark.parametrize("precedence", PRECEDENCES)
def test_seed_001_seven_on_three_four_seven_takes_only_the_seven(precedence: str) -> None:
    assert options("7C 3S 4B", 7, precedence) == {"7C"}


def test_eight_on_ace_two_five_three_depends_on_precedence() -> None:
    table = "AD 2C 5S 3B"
    assert options(table, 8, "single-card") == {"3B 5S", "AD 2C 5S"}
    assert options(table, 8, "fewest-cards") == {"3B 5S"}


@pytest.mark.parametrize("precedence", PRECEDENCES)
def test_two_equal_singles_are_both_choices(precedence: str) -> None:
    assert options("5D 5C 2S 3B", 5, precedence) == {"5D", "5C"}


@pytest.mark.parametrize("precedence", PRECEDENCES)
def test_nothing_to_take(precedence: str) -> None:
    assert legal_captures(0, 7, precedence) == ()
    assert legal_captures(mask("RD CC"), 7, precedence) == ()
    assert capture_table(0, precedence) == ((),) * 11


def test_capture_table_is_cached_and_complete() -> None:
    table = mask("AD 2C 3S 4B 6D")
    t = capture_table(table, "single-card")
    assert capture_table(table, "single-card") is t
    assert len(t) == 11 and t[0] == ()
    for value in range(1, 11):
        assert t[value] == legal_captures(table, value, "single-card")


def test_all_sums_and_table_sum() -> None:
    table = mask("AD 2C 3S")
    sums = all_sums(table)
    assert sorted((format_cards(m), k) for m, k in sums[3]) == [("3S", 1), ("AD 2C", 2)]
    assert [format_cards(m) for m, _ in sums[6]] == ["AD 2C 3S"]
    assert sums[7] == [] and sums[0] == []
    assert table_sum(table) == 6
    assert table_sum(FULL_DECK) == 220  # the rule of 220
    assert table_sum(0) == 0


def test_explain_single_card_first(scopa: Ruleset) -> None:
    # Seed 001: a 5 on 5, 3, 2 must take the 5.
    opts = explain_card(mask("5D 3C 2S"), parse_card("5B").index, scopa)
    assert [(format_cards(o.capture), o.legal) for o in opts] == [
        ("5D", True),
        ("2S 3C", False),
        ("", False),
    ]
    assert opts[0].reason == "takes the single 5D"
    assert opts[1].reason == "the table holds a single 5, which must be taken instead of 2S+3C"
    assert "must capture" in opts[2].reason


def test_explain_fewest_cards(scopone16: Ruleset) -> None:
    opts = explain_card(mask("AD 3C 4S 5B FD"), parse_card("9C").index, scopone16)
    by_text = {format_cards(o.capture): o for o in opts}
    assert by_text["AD FD"].legal and by_text["4S 5B"].legal
    assert "the fewest that make 9" in by_text["AD FD"].reason
    bad = by_text["AD 3C 5B"]
    assert not bad.legal
    assert bad.reason == (
        "AD+3C+5B uses 3 cards, but a combination of 2 cards makes 9: "
        "only a combination with the fewest cards may be taken"
    )


def test_explain_in_another_style(scopa: Ruleset) -> None:
    opts = explain_card(mask("5D 3C 2S"), parse_card("5B").index, scopa, "french")
    assert opts[1].reason.endswith("instead of 2S+3H")


def test_explain_laying(scopa: Ruleset) -> None:
    opts = explain_card(mask("RD CC"), parse_card("7D").index, scopa)
    assert len(opts) == 1 and opts[0].capture == 0 and opts[0].legal
    assert opts[0].reason == "lays the card on the table: nothing makes 7"
    free = dataclasses.replace(scopa, forced_capture=False)
    opts = explain_card(mask("7C"), parse_card("7D").index, free)
    assert [(o.capture != 0, o.legal) for o in opts] == [(True, True), (False, True)]


def reference_captures(table: int, value: int, precedence: str) -> set[int]:
    """The rule in its plainest form: every subset summing to ``value``, then the precedence."""
    cards = [c for c in range(40) if table >> c & 1]
    found = [
        combo
        for size in range(1, len(cards) + 1)
        for combo in combinations(cards, size)
        if sum(VALUE_OF[c] for c in combo) == value
    ]
    if not found:
        return set()
    fewest = min(len(c) for c in found)
    if precedence == "fewest-cards" or fewest == 1:
        found = [c for c in found if len(c) == fewest]
    return {mask_of(c) for c in found}


tables = st.lists(st.integers(0, 39), min_size=0, max_size=9, unique=True).map(mask_of)


@settings(max_examples=100, deadline=None)
@given(tables, st.integers(1, 10), st.sampled_from(PRECEDENCES))
def test_legal_captures_match_brute_force(table: int, value: int, precedence: str) -> None:
    got = legal_captures(table, value, precedence)
    assert len(set(got)) == len(got)
    assert set(got) == reference_captures(table, value, precedence)
    for m in got:
        assert m and m & ~table == 0
        assert table_sum(m) == value


@settings(max_examples=60, deadline=None)
@given(tables, st.sampled_from(range(40)), st.sampled_from(PRECEDENCES), st.booleans())
def test_explain_agrees_with_legal_captures(
    table: int, card: int, precedence: str, forced: bool
) -> None:
    table &= ~(1 << card)
    rules = Ruleset(name="t", capture_precedence=precedence, forced_capture=forced)
    opts = explain_card(table, card, rules)
    legal = {o.capture for o in opts if o.legal}
    caps = set(legal_captures(table, VALUE_OF[card], precedence))
    expected = caps | ({0} if not caps or not forced else set())
    assert legal == expected
    assert all(o.reason for o in opts)
    # Every subset that sums to the card is listed, legal or not, and the lay option last.
    assert {o.capture for o in opts[:-1]} == {m for m, _ in all_sums(table)[VALUE_OF[card]]}
    assert opts[-1].capture == 0


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.integers(0, 39), min_size=1, max_size=5, unique=True),
    precedence=st.sampled_from(PRECEDENCES),
)
def test_sweep_value_is_the_one_card_that_takes_the_whole_table(
    cards: list[int], precedence: str
) -> None:
    # tables of one to five cards of any value, as in play (test audit, stop 57: the first five
    # bits of a random mask were mostly five low denari summing past ten, with no sweep)
    small = sum(1 << c for c in cards)
    value = sweep_value(small, precedence)
    sweeping = [v for v in range(1, 11) if small in legal_captures(small, v, precedence)]
    assert (value,) == (tuple(sweeping) or (None,))
    if value is not None:
        assert value == table_sum(small)


# -- the table of ``tutor explain``: parsing and the explanation ---------------------------------


def test_parse_table_refuses_a_card_named_twice_and_the_card_in_hand() -> None:
    assert parse_table("4H, QD 3H", parse_card("JD", "french"), "french") == [
        parse_card(t, "french") for t in ("4H", "QD", "3H")
    ]
    assert parse_table("") == []
    with pytest.raises(NotationError, match="^QD is named twice$"):
        parse_table("4H QD qd", None, "french")
    with pytest.raises(NotationError, match="^JD is the card being played; it cannot be on"):
        parse_table("4H JD", parse_card("JD", "french"), "french")
    with pytest.raises(NotationError, match="'XX' is not a card"):
        parse_table("4H XX", None, "french")


def test_explanation_marks_sweeps_and_gives_the_json_of_explain(scopa: Ruleset) -> None:
    table = parse_table("2C 5S 7C")
    e = explain_play(parse_card("7D"), table, scopa)
    assert [e.sweeps(o) for o in e.options] == [False, False, False]
    e = explain_play(parse_card("7D"), table[:2], scopa)
    data = e.to_json()
    assert list(data) == ["ruleset", "deck", "card", "table", "options"]
    assert data["table"] == ["2C", "5S"] and data["card"] == "7D"
    assert data["options"][0] == {
        "capture": ["2C", "5S"],
        "legal": True,
        "reason": "takes 2C+5S, which add up to 7",
        "sweeps": True,
    }
