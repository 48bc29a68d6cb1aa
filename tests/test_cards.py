"""Cards, card sets as masks, and the four notation styles."""

from __future__ import annotations

import copy
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.game.cards import (
    CARDS,
    DENARI_MASK,
    FRENCH,
    FULL_DECK,
    GLYPHS,
    ITALIAN,
    KING_MASK,
    PORTUGUESE,
    RE_BELLO,
    RE_BELLO_BIT,
    SETTEBELLO,
    SETTEBELLO_BIT,
    SPANISH,
    STYLES,
    SUIT_MASK,
    SUIT_MASKS,
    VALUE_MASKS,
    Card,
    NotationError,
    Style,
    cards_of,
    format_card,
    format_cards,
    get_style,
    indexes_of,
    mask_of,
    parse_card,
    parse_cards,
    popcount,
)

ALL_STYLES = [ITALIAN, FRENCH, SPANISH, PORTUGUESE]


def test_forty_interned_cards() -> None:
    assert len(CARDS) == 40
    assert len({(c.value, c.suit) for c in CARDS}) == 40
    for i, c in enumerate(CARDS):
        assert c.index == i == c.suit * 10 + c.value - 1
        assert c.bit == 1 << i
        assert Card(c.value, c.suit) is c
        assert Card.from_index(i) is c
    assert FULL_DECK == mask_of(CARDS) == (1 << 40) - 1


@pytest.mark.parametrize(("value", "suit"), [(0, 0), (11, 0), (1, 4), (5, -1)])
def test_no_such_card(value: int, suit: int) -> None:
    with pytest.raises(NotationError, match="no card"):
        Card(value, suit)


def test_cards_are_immutable_and_survive_pickle() -> None:
    c = CARDS[17]
    with pytest.raises(AttributeError):
        c.value = 3  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cards are immutable"):
        del c.value  # type: ignore[misc]
    assert c.value == 8 and Card(8, 1) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert copy.deepcopy([c])[0] is c


def test_settebello_and_denari() -> None:
    assert SETTEBELLO.value == 7 and SETTEBELLO.suit == 0
    assert [c for c in CARDS if c.is_settebello] == [SETTEBELLO]
    assert sum(c.is_denaro for c in CARDS) == 10
    assert all(c.suit == 0 for c in CARDS if c.is_denaro)


def test_cards_sort_by_value_then_suit() -> None:
    cards = parse_cards("RB 7C AS 7D 2B")
    assert [format_card(c) for c in sorted(cards)] == ["AS", "2B", "7D", "7C", "RB"]
    assert str(SETTEBELLO) == "7D"


def test_a_cards_repr_does_not_pretend_to_be_code() -> None:
    """``Card('7D')`` looked like a call, but Card takes a value and a suit."""
    assert (
        repr(SETTEBELLO) == "<Card 7D>" and repr([CARDS[0], CARDS[39]]) == "[<Card AD>, <Card RB>]"
    )


# (value, suit) -> text in italian, french, spanish, portuguese
STYLE_TABLE = [
    ((1, 0), ("AD", "AD", "AO", "AO")),
    ((7, 0), ("7D", "7D", "7O", "7O")),
    ((2, 1), ("2C", "2H", "2C", "2C")),
    ((8, 1), ("FC", "JH", "SC", "VC")),
    ((9, 2), ("CS", "QS", "CE", "DE")),
    ((10, 3), ("RB", "KC", "RB", "RP")),
    ((6, 3), ("6B", "6C", "6B", "6P")),
]


@pytest.mark.parametrize(("vs", "texts"), STYLE_TABLE)
def test_style_letters(vs: tuple[int, int], texts: tuple[str, ...]) -> None:
    card = Card(*vs)
    for style, text in zip(ALL_STYLES, texts, strict=True):
        assert format_card(card, style) == text
        assert format_card(card.index, style.name) == text
        assert parse_card(text, style) is card


def test_glyphs_are_the_same_in_every_style() -> None:
    assert GLYPHS[0] == "♦"
    for style in ALL_STYLES:
        assert format_card(SETTEBELLO, style, glyphs=True) == "7♦"
        assert format_card(Card(10, 3), style, glyphs=True) == style.rank_text(10) + "♣"
        assert parse_card("7♦", style) is SETTEBELLO
        assert parse_card("a♠", style) is Card(1, 2)
        assert parse_card("7♦\ufe0f", style) is SETTEBELLO


@pytest.mark.parametrize("style", ALL_STYLES, ids=lambda s: s.name)
def test_every_card_round_trips(style: Style) -> None:
    for card in CARDS:
        text = format_card(card, style)
        assert parse_card(text, style) is card
        assert parse_card(text.lower(), style) is card
        assert parse_card(f"  {text} ", style) is card
        glyph = format_card(card, style, glyphs=True)
        assert parse_card(glyph, style) is card
        assert parse_card(glyph.lower(), style) is card
        # Numbers 1-10 are accepted for every rank, in every style.
        suit_letter = text[-1]
        assert parse_card(f"{card.value}{suit_letter}", style) is card


def test_same_text_different_styles() -> None:
    # "CC" is the cavallo (9) of coppe in italian and spanish; french has no C rank.
    assert parse_card("CC", ITALIAN) is Card(9, 1)
    assert parse_card("CC", SPANISH) is Card(9, 1)
    with pytest.raises(NotationError, match="rank 'C' in french"):
        parse_card("CC", FRENCH)
    # "KC" is the king of clubs (bastoni) in french, but K is no italian rank.
    assert parse_card("KC", FRENCH) is Card(10, 3)
    with pytest.raises(NotationError, match="rank 'K'"):
        parse_card("KC", ITALIAN)
    # "D" is denari in italian, the dama (9) in portuguese.
    assert parse_card("DO", PORTUGUESE) is Card(9, 0)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not a card"),
        ("7", "not a card"),
        ("7X", "unknown suit 'X'"),
        ("ZD", "unknown rank 'Z'"),
        ("11D", "unknown rank '11'"),
        ("0D", "unknown rank '0'"),
        ("7DD", "unknown rank '7D'"),
    ],
)
def test_bad_card_text(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert fragment in str(info.value)
    assert repr(text) in str(info.value)


def test_get_style() -> None:
    assert get_style(None) is ITALIAN
    assert get_style("French") is FRENCH
    assert get_style(" french ") is FRENCH  # input audit (stop 54): a record's deck: " french "
    assert get_style(SPANISH) is SPANISH
    assert set(STYLES) == {"italian", "french", "spanish", "portuguese"}
    with pytest.raises(NotationError, match="unknown deck style 'german'"):
        get_style("german")


def test_parse_cards() -> None:
    assert parse_cards("7D, 2C  5S") == [SETTEBELLO, Card(2, 1), Card(5, 2)]
    assert parse_cards(["7D", "2c"]) == [SETTEBELLO, Card(2, 1)]
    assert parse_cards("") == []
    with pytest.raises(NotationError):
        parse_cards("7D 2Q")


def test_format_cards_masks_sort_by_value() -> None:
    cards = parse_cards("7D AC 7C 2S RB")
    assert format_cards(mask_of(cards)) == "AC 2S 7D 7C RB"
    assert format_cards(cards) == "7D AC 7C 2S RB"  # a list keeps its order
    assert format_cards(mask_of(cards), "french", glyphs=True) == "A♥ 2♠ 7♦ 7♥ K♣"
    assert format_cards(0) == ""


def test_masks() -> None:
    cards = parse_cards("RB 7D 2C")
    m = mask_of(cards)
    assert m == mask_of([c.index for c in cards])
    assert popcount(m) == 3
    assert cards_of(m) == [SETTEBELLO, Card(2, 1), Card(10, 3)]  # index order
    assert list(indexes_of(m)) == [6, 11, 39]


@settings(max_examples=100, deadline=None)
@given(st.integers(0, FULL_DECK))
def test_mask_round_trip(mask: int) -> None:
    idx = list(indexes_of(mask))
    assert idx == sorted(idx)
    assert mask_of(idx) == mask == mask_of(cards_of(mask))
    assert popcount(mask) == len(idx)
    assert parse_cards(format_cards(mask)) == sorted(cards_of(mask))


def test_bit_masks_name_the_cards_they_hold() -> None:
    assert cards_of(SETTEBELLO_BIT) == [SETTEBELLO] and SETTEBELLO.value == 7
    assert cards_of(RE_BELLO_BIT) == [RE_BELLO] and (RE_BELLO.value, RE_BELLO.suit) == (10, 0)
    assert DENARI_MASK == SUIT_MASKS[0] == SUIT_MASK
    for suit, m in enumerate(SUIT_MASKS):
        assert {c.suit for c in cards_of(m)} == {suit} and popcount(m) == 10
    assert VALUE_MASKS[0] == 0
    for v in range(1, 11):
        assert {c.value for c in cards_of(VALUE_MASKS[v])} == {v} and popcount(VALUE_MASKS[v]) == 4
    assert KING_MASK == VALUE_MASKS[10]
    assert sum(SUIT_MASKS) == sum(VALUE_MASKS) == FULL_DECK


def test_cards_order_fully_and_refuse_other_types() -> None:
    """Bugs: Card <= Card raised TypeError, Card < 3 AttributeError, and index -1 read as the
    king of bastoni."""
    from tutor.game.cards import CARDS, Card, NotationError

    ace, six = CARDS[0], CARDS[5]
    assert ace <= six and six >= ace and ace <= ace and not ace > six
    with pytest.raises(TypeError):
        _ = ace < 3  # type: ignore[operator]
    with pytest.raises(NotationError, match="no card with index -1"):
        Card.from_index(-1)


def test_only_ascii_letters_change_case_in_a_card() -> None:
    """Bug: '7ſ' read as 7S, Unicode upper-casing the long s."""
    from tutor.game.cards import NotationError, parse_card

    assert str(parse_card("7s", "french")) == "7S"
    with pytest.raises(NotationError, match="unknown suit 'ſ'"):
        parse_card("7ſ", "french")


@pytest.mark.parametrize("index", [-1, 40])
def test_format_card_refuses_an_index_that_is_no_card(index: int) -> None:
    """Bug: format_card(-1) gave 'RB' (Python's negative index) and format_card(40) raised
    IndexError; both are a NotationError, as Card.from_index gives."""
    with pytest.raises(NotationError, match=f"no card with index {index}"):
        format_card(index)


def test_a_long_bad_text_is_quoted_cut_short() -> None:
    """Bug: a bad line was quoted whole, twice (the text, then its rank): a 200,000-character
    line pasted by mistake gave some 400 KB of message, in every interactive session."""
    import random

    from tutor.game.errors import SHOWN_MAX
    from tutor.game.rules import load_ruleset
    from tutor.game.state import GameState, MoveError

    for text in ("x" * 200_000, "7" * 200_000 + "X"):
        with pytest.raises(NotationError) as info:
            parse_card(text)
        assert len(str(info.value)) < 3 * SHOWN_MAX + 100 and "…" in str(info.value)
    state = GameState.random(load_ruleset("scopa"), random.Random(1))
    for play in ("x" * 200_000, "7D x " + "x" * 200_000, "7D x 7C " * 30_000):
        with pytest.raises((NotationError, MoveError)) as error:
            state.parse_move(play)
        assert len(str(error.value)) < 3 * SHOWN_MAX + 100, str(error.value)[:300]


def test_a_capture_typed_without_spaces_says_how_to_write_it() -> None:
    # Was (new-user sweep): "'RBxRD' is not a card: unknown rank 'RBXR'", with no word of the x.
    with pytest.raises(NotationError, match=r"a capture has spaces around x: RB x RD$"):
        parse_card("RBxRD", "italian")
    with pytest.raises(NotationError, match=r"spaces around x: 7D x 2C 5S$"):  # each card apart
        parse_card("7Dx2C5S", "italian")
    with pytest.raises(NotationError) as caught:
        parse_card("QQ", "french")
    assert "spaces around x" not in str(caught.value)
    # found by QA: a play given where one card is due ("7D x 2C" to explain) was told to put
    # spaces around the x it already had
    with pytest.raises(NotationError) as caught:
        parse_card("7D x 2C", "french")
    assert str(caught.value) == "'7D x 2C' is not a card: one card is due here, like 7D"


def test_a_huge_run_of_cards_typed_without_spaces_is_no_internal_error() -> None:
    """Found by QA: a pasted line of 400,000 characters ('7Dx2C2C...') was read card by card
    for the capture hint, one call deeper each: "internal error: RecursionError"."""
    with pytest.raises(NotationError) as caught:
        parse_card("7Dx" + "2C" * 200_000, "italian")
    assert "spaces around x" not in str(caught.value)
    longest = "7Dx" + "AC" * 39  # the longest capture typed without spaces still gets its hint
    with pytest.raises(NotationError, match="a capture has spaces around x: 7D x AC AC"):
        parse_card(longest, "italian")


def test_a_word_that_is_no_card_is_not_cut_into_a_rank() -> None:
    """Found by QA: 'foo' got "unknown rank 'FO'", a piece of it upper-cased that nobody typed;
    a rank is quoted only when the last character is a suit."""
    for word in ("foo", "zzz", "hello"):
        with pytest.raises(NotationError) as caught:
            parse_card(word, "french")
        assert str(caught.value) == f"{word!r} is not a card: expected a rank then a suit, like 7D"
    with pytest.raises(NotationError, match=r"unknown rank '11' in french notation"):
        parse_card("11D", "french")


def test_a_play_marked_scopa_says_the_sweep_shows_by_itself() -> None:
    # Was (new-user sweep): "5D x 5S SCOPA" said "unknown rank 'SCOP'".
    from tutor.game.state import parse_play

    with pytest.raises(NotationError, match=r"a scopa shows from the play itself: .* \(5D x 5S\)"):
        parse_play("5D x 5S SCOPA")
    assert parse_play("5D x 5S").text() == "5D x 5S"


@pytest.mark.parametrize("text", [None, 7, b"7D", ["7D"]])
def test_a_card_text_that_is_no_text_is_a_notation_error(text: object) -> None:
    with pytest.raises(NotationError, match=f"^{re.escape(repr(text))} is not text"):
        parse_card(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "suit", "shown"),
    [("7", "D", "'7' and suit 'D'"), (7.0, 0, "7.0 and suit 0"), (None, 0, "None and suit 0")],
)
def test_a_card_of_no_numbers_is_a_notation_error(value: object, suit: object, shown: str) -> None:
    with pytest.raises(NotationError, match=f"no card with value {re.escape(shown)}$"):
        Card(value, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize(("index", "shown"), [("3", "'3'"), (3.0, "3.0"), (None, "None")])
def test_an_index_of_no_number_is_a_notation_error(index: object, shown: str) -> None:
    with pytest.raises(NotationError, match=f"no card with index {re.escape(shown)}$"):
        Card.from_index(index)  # type: ignore[arg-type]


@pytest.mark.parametrize("mask", [-1, 1 << 40, FULL_DECK | 1 << 45])
def test_a_mask_beyond_the_deck_is_a_notation_error(mask: int) -> None:
    with pytest.raises(NotationError, match=f"^{mask} is not a set of cards"):
        format_cards(mask)
    assert format_cards(FULL_DECK).count(" ") == 39


@pytest.mark.parametrize("index", [-1, 40, "3"])
def test_mask_of_an_index_beyond_the_deck_is_a_notation_error(index: object) -> None:
    with pytest.raises(NotationError, match=f"no card with index {re.escape(repr(index))}$"):
        mask_of([0, index])  # type: ignore[list-item]
    assert mask_of([0, 39, CARDS[3]]) == 1 | 1 << 39 | 1 << 3


@pytest.mark.parametrize(
    ("style", "examples"),
    [("italian", "10D or RD"), ("french", "10D or KD"), ("spanish", "10O or RO"),
     ("portuguese", "10O or RO")],
)  # fmt: skip
def test_a_ten_without_a_suit_says_the_suit_is_missing(style: str, examples: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_card(" 10 ", style)
    assert str(err.value) == (
        f"'10' is not a card: a suit must follow the rank, like {examples} in {style} notation"
    )
    for card in examples.split(" or "):
        assert parse_card(card, style) is CARDS[9]
