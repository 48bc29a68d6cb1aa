"""Hand records: the seed 003 example, validation messages, partial records and matches.

Reading and writing the YAML itself is tested in ``test_recordfile.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import BAD, EXAMPLES, ROOT, SEED003, F, mask
from helpers import BASE as SEED003_OPENING

from tutor.game.cards import parse_card
from tutor.game.rules import load_ruleset, ruleset_names
from tutor.game.state import GameState, Move
from tutor.records.record import PlayEntry, RecordError, player_named, record_from_moves
from tutor.records.recordfile import dumps, load_path, loads
from tutor.records.replay import replay_hand, replay_match

BASE = SEED003_OPENING.replace("players: [You, Ada]\n", "players: [You, Ada]\ndealer: Ada\n")
"""The first deal of seed 003 with its dealer named (the line numbers below count on it)."""


def error_of(text: str, path: str = "f.yaml") -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(text, path)
    return info.value


# -- the seed 003 example ---------------------------------------------------------------------


def test_seed003_deals_are_the_seeds() -> None:
    [hand] = load_path(SEED003)
    assert hand.ruleset.name == "scopa" and hand.style.name == "french"
    assert hand.players == ["You", "Ada"] and hand.dealer == "Ada"
    assert hand.table == F("2C 4H 5S QD")
    assert hand.deals[0] == {"You": F("7D 7H AS"), "Ada": F("3H KC JD")}
    assert hand.deals[1] == {"You": F("JS 6D 2H"), "Ada": F("5C 6S QH")}
    assert len(hand.deals) == 6 and len(hand.plays) == 36 and hand.is_finished()


def test_seed003_first_two_deals_play_by_play() -> None:
    [hand] = load_path(SEED003)
    expected = [
        # player, play, table after, scopa
        ("You", "7D x 2C 5S", "4H QD", False),
        ("Ada", "3H", "4H QD 3H", False),
        ("You", "AS", "4H QD 3H AS", False),
        ("Ada", "KC x AS QD", "4H 3H", False),
        ("You", "7H x 3H 4H", "", True),
        ("Ada", "JD", "JD", False),
        ("You", "JS x JD", "", True),
        ("Ada", "QH", "QH", False),
        ("You", "2H", "QH 2H", False),
        ("Ada", "5C", "QH 2H 5C", False),
        ("You", "6D", "QH 2H 5C 6D", False),
        ("Ada", "6S x 6D", "QH 2H 5C", False),
    ]
    steps = replay_hand(hand).steps
    got = [(s.player, s.text(), s.table_text, s.scopa) for s in steps[:12]]
    assert got == expected
    assert [s.deal for s in steps[:12]] == [1] * 6 + [2] * 6
    # the table of 17 after You lays the ace: no single card can sweep it
    assert sum(c.value for c in steps[2].table) == 17
    # two scope and two denari for You (7D, JD) after deal 2
    tally = steps[11].tally
    assert (tally[0].scope, tally[0].denari, tally[0].cards) == (2, 2, 8)
    assert (tally[1].scope, tally[1].denari, tally[1].cards) == (0, 2, 5)


def test_seed003_final_count_matches_the_seed() -> None:
    [hand] = load_path(SEED003)
    score = replay_hand(hand).score
    assert score is not None
    you, ada = score.sides
    assert (you.cards, ada.cards) == (22, 18)
    assert (you.denari, ada.denari) == (6, 4)
    assert you.settebello and not ada.settebello
    assert (you.primiera, ada.primiera) == (73, 78)
    assert set(ada.primiera_cards) == set(F("6D 6H 7S 7C"))
    assert (you.scope, ada.scope) == (2, 0)
    assert (you.total, ada.total) == (5, 1)
    assert ada.points["primiera"] == 1 and you.points["primiera"] == 0


def test_state_at_and_moves() -> None:
    [hand] = load_path(SEED003)
    moves = hand.moves()
    assert moves[0] == Move(parse_card("7D").index, mask("2C 5S", "french"))
    s = hand.state_at(3)
    assert len(s.stack) == 3 and [r.card for r in s.stack] == [m.card for m in moves[:3]]
    assert s.format_table("french") == "AS 3H 4H QD"
    assert hand.state_at(0).key() == hand.initial_state().key()
    with pytest.raises(ValueError):
        hand.state_at(37)


def test_seat_side_and_team_names() -> None:
    [hand] = load_path(EXAMPLES / "scopone-hand.yaml")
    assert hand.seat_of("North") == 2
    assert hand.side_names() == [["South", "North"], ["West", "East"]]
    assert hand.team_names() == ["North-South", "East-West"]
    [seed] = load_path(SEED003)
    assert seed.team_names() == ["You", "Ada"]
    with pytest.raises(ValueError):
        seed.seat_of("Bob")


# -- bad records: one file per class of error -------------------------------------------------

BAD_CASES = {
    "malformed.yaml": (
        6,
        None,
        "not valid YAML: expected ',' or ']', but got ':' "
        "(while parsing a flow sequence that starts on line 5)",
    ),
    "unknown-card.yaml": (
        8,
        None,
        "deal 1, Ada: 'KX' is not a card: unknown suit 'X' in french notation "
        "(suits: D ♦ diamonds, H ♥ hearts, S ♠ spades, C ♣ clubs)",
    ),
    "duplicate-card.yaml": (
        9,
        None,
        "7D appears twice: it is already dealt to You in deal 1 (line 7)",
    ),
    "played-twice.yaml": (14, 6, "Ada cannot play 3H: it was already played by Ada at play 2"),
    "illegal-capture.yaml": (
        7,
        1,
        "5B x 2S 3C is not allowed: the table holds a single 5, which must be taken "
        "instead of 2S+3C; legal: 5B x 5D",
    ),
    "wrong-turn.yaml": (10, 2, "wrong turn: it is Ada's turn, not yours"),
    "unknown-key.yaml": (
        8,
        None,
        "unknown key 'score' (known keys: title, event, date, note, title_it, event_it, note_it, "
        "ruleset, deck, players, "
        "dealer, teams, table, deals, plays, puzzle, game)",
    ),
    "three-kings.yaml": (
        5,
        None,
        "the opening table holds 3 kings: the ruleset redeals when 3 or more kings are on "
        "the table",
    ),
    "too-many-cards.yaml": (
        8,
        None,
        "deal 1: Ada is given 4 cards, but each player gets 3 in scopa",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD_CASES))
def test_bad_record_files(name: str) -> None:
    line, play, message = BAD_CASES[name]
    path = BAD / name
    with pytest.raises(RecordError) as info:
        load_path(path)
    e = info.value
    assert (e.path, e.line, e.play, e.message) == (str(path), line, play, message)
    where = f"{path}:{line}" + (f": play {play}" if play else "")
    assert str(e) == f"{where}: {message}"


def test_every_bad_file_is_tested() -> None:
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(BAD_CASES)


TABLE = "[2C, 4H, 5S, QD]"
DEAL1 = "  - {You: [7D, 7H, AS], Ada: [3H, KC, JD]}\n"

INLINE_CASES = [
    # (what, text, line, play, message)
    (
        "ambiguous play",
        BASE.replace(TABLE, "[2C, 4H, 5S, 3H]")
        .replace("Ada: [3H,", "Ada: [QH,")
        .replace("  - 7D x 2C 5S\n  - 3H\n", "  - 7D\n"),
        9,
        1,
        "7D can capture in 2 ways; say which; legal: 7D x 3H 4H, 7D x 2C 5S",
    ),
    (
        "table size",
        BASE.replace(TABLE, "[2C, 4H, 5S]"),
        5,
        None,
        "the table must start with 4 cards in scopa, not 3",
    ),
    (
        "players",
        BASE.replace("[You, Ada]", "[You, Ada, Bea]"),
        3,
        None,
        "the scopa ruleset is for 2 players, but 3 are listed (You, Ada, Bea)",
    ),
    (
        "player twice",
        BASE.replace("[You, Ada]", "[You, You]"),
        3,
        None,
        "player 'You' is listed twice",
    ),
    (
        "dealer not last",
        BASE.replace("dealer: Ada", "dealer: You"),
        4,
        None,
        "the dealer You must be listed last: players are listed in playing order, the first "
        "leads and the dealer plays last (You, Ada)",
    ),
    (
        "dealer unknown",
        BASE.replace("dealer: Ada", "dealer: Bob"),
        4,
        None,
        "dealer 'Bob' is not a player (You, Ada)",
    ),
    (
        "teams vs seating",
        BASE.replace("dealer: Ada", "teams: {Us: [You, Ada], Them: []}"),
        4,
        None,
        "team Us (You, Ada) does not match the seating: partners sit opposite, so the sides "
        "are You and Ada",
    ),
    (  # bug: a team named '' was taken, and the replay's header read "Sides:  v Them."
        "team name empty",
        BASE.replace("dealer: Ada", "teams: {'': [You], Them: [Ada]}"),
        4,
        None,
        "a team's name is empty",
    ),
    (
        "unknown ruleset",
        BASE.replace("ruleset: scopa", "ruleset: scopaa"),
        1,
        None,
        "ruleset: unknown ruleset 'scopaa'; shipped rulesets: " + ", ".join(ruleset_names()),
    ),
    (
        "unknown deck",
        BASE.replace("deck: french", "deck: german"),
        2,
        None,
        "deck: unknown deck style 'german'; expected one of italian, french, spanish, portuguese",
    ),
    (
        "capture not on table",
        BASE.replace("7D x 2C 5S", "7D x 2C 5H"),
        9,
        1,
        "7D x 2C 5H: 5H is not on the table (the table holds 2C 4H 5S QD)",
    ),
    (
        "wrong sum",
        BASE.replace("7D x 2C 5S", "7D x 2C 4H"),
        9,
        1,
        "7D x 2C 4H is not allowed: 2C 4H add up to 6, not 7: a card takes one equal card or "
        "cards that add up to it; legal: 7D x 2C 5S",
    ),
    (
        "card not in known hand",
        BASE.replace("  - 3H\n", "  - 3D\n"),
        10,
        2,
        "Ada cannot play 3D: it is not in the hand, which is known (3H JD KC)",
    ),
    (
        "card in another hand",
        BASE.replace("  - 3H\n", "  - 7H\n"),
        10,
        2,
        "Ada cannot play 7H: it is in You's hand",
    ),
    (
        "card on the table",
        BASE.replace("  - 7D x 2C 5S\n", "  - 5S\n"),
        9,
        1,
        "You cannot play 5S: it is on the table",
    ),
    (
        "card dealt later",
        BASE.replace(DEAL1, "  - {You: [7D, 7H, AS]}\n  - {Ada: [3H]}\n"),
        11,
        2,
        "Ada cannot play 3H: it is dealt to Ada in deal 2",
    ),
    (
        "captured card",
        BASE + "  - AS\n  - KC x QD AS\n  - 7H x 3H 4H\n  - 2C\n",
        14,
        6,
        "Ada cannot play 2C: it was captured at play 1",
    ),
    (
        "key twice",
        BASE + "plays: []\n",
        11,
        None,
        "a hand record: key 'plays' is given twice (first on line 8)",
    ),
    (
        "unknown play key",
        BASE + "  - {play: AS, comment: hi}\n",
        11,
        3,
        "unknown key 'comment' in a play (known keys: play, note, note_it, player)",
    ),
    ("play not text", BASE + "  - [AS]\n", 11, 3, "a play must be text like '7D x 2C 5S' or '3H'"),
    (
        "two cards played",
        BASE + "  - AS QS\n",
        11,
        3,
        "'AS QS': write one card, then 'x' and the cards it captures (like 7D x 2C 5S)",
    ),
    (
        "bad card in play",
        BASE + "  - 1X\n",
        11,
        3,
        "'1X' is not a card: unknown suit 'X' in french notation "
        "(suits: D ♦ diamonds, H ♥ hearts, S ♠ spades, C ♣ clubs)",
    ),
    (
        "play without card",
        BASE + "  - {note: hi}\n",
        11,
        3,
        "a play written as a mapping needs a 'play' key",
    ),
    (
        "note not text",
        BASE + "  - {play: AS, note: [a]}\n",
        11,
        3,
        "a play's note must be a text value",
    ),
    (
        "player not a player",
        BASE + "  - {play: AS, player: Bob}\n",
        11,
        3,
        "'Bob' is not a player (You, Ada)",
    ),
    (
        "deal player unknown",
        BASE.replace("Ada: [3H", "Bob: [3H"),
        7,
        None,
        "deal 1: 'Bob' is not a player (You, Ada)",
    ),
    ("players not a list", BASE.replace("[You, Ada]", "You"), 3, None, "players must be a list"),
    ("not a mapping", "- a\n- b\n", 1, None, "a hand record must be a mapping of keys to values"),
    ("no ruleset", "deck: french\nplayers: [A, B]\n", 1, None, "the record has no 'ruleset'"),
    (
        "capture names a card twice",
        BASE.replace("7D x 2C 5S", "7D x 2C 2C 5S"),
        9,
        1,
        "'7D x 2C 2C 5S': a card is named twice in the capture",
    ),
    (
        "too many deals",
        BASE.replace("deals:\n", "deals:\n" + "  - {}\n" * 6),
        13,
        None,
        "the scopa ruleset has 6 deals per hand, but the record gives 7",
    ),
    (
        "duplicate on table",
        BASE.replace(TABLE, "[2C, 4H, 2C, QD]"),
        5,
        None,
        "2C appears twice: it is already on the table (line 5)",
    ),
    (
        "ruleset across hands",
        BASE + "---\n" + BASE.replace("ruleset: scopa", "ruleset: scopa-21"),
        12,
        None,
        "played with scopa-21, but the file's first hand uses scopa: the hands "
        "of a file make one match",
    ),
    (
        "unfinished then another",
        BASE + "---\n" + BASE,
        1,
        None,
        "the hand stops after 2 of its 36 plays, but another hand follows",
    ),
    (
        "players across hands",
        BASE + "---\n" + BASE.replace("[You, Ada]", "[You, Bea]").replace("Ada", "Bea"),
        14,
        None,
        "the sides (You | Bea) differ from the first hand's (You | Ada)",
    ),
    ("empty file", "", None, None, "the file holds no hand"),
    # input audit (stop 54): ":2: a hand record must be a mapping", for a --- that starts none
    ("only ---", "---\n", None, None, "the file holds no hand"),
    ("only --- twice", "---\n# nothing\n---\n", None, None, "the file holds no hand"),
    ("bad YAML", "ruleset: scopa\nplayers: [A, B\n", 3, None, None),
]


@pytest.mark.parametrize(
    "what,text,line,play,message", INLINE_CASES, ids=[c[0] for c in INLINE_CASES]
)
def test_bad_records_inline(
    what: str, text: str, line: int | None, play: int | None, message: str | None
) -> None:
    e = error_of(text)
    assert (e.line, e.play) == (line, play), str(e)
    if message is not None:
        assert e.message == message
    assert str(e).startswith("f.yaml" + (f":{line}" if line else "") + ":")


def test_the_errors_of_a_match_name_the_hand() -> None:
    """Bug: the errors of a match (a file of several hands) named the line, not the hand."""
    second = BASE.replace("  - 3H\n", "  - 5S\n")
    e = error_of(BASE + "---\n" + second)
    assert e.hand == 2 and e.play == 2
    assert str(e) == "f.yaml:21: hand 2: play 2: Ada cannot play 5S: it was captured at play 1"
    e = error_of(BASE + "---\n" + BASE.replace("deck: french", "deck: klingon"))
    assert str(e).startswith("f.yaml:13: hand 2: deck: ")
    e = error_of(BASE + "---\n" + BASE.replace("ruleset: scopa", "ruleset: scopa-21"))
    assert str(e).startswith("f.yaml:12: hand 2: played with scopa-21")
    e = error_of(BASE + "---\n" + BASE)
    assert str(e).startswith("f.yaml:1: hand 1: the hand stops after 2 of its 36 plays")
    assert error_of(second).hand is None  # one hand: no hand to name
    assert str(error_of(second)).startswith("f.yaml:10: play 2: ")


def test_play_after_the_hand_is_over() -> None:
    text = SEED003.read_text(encoding="utf-8") + "  - 4S\n"
    e = error_of(text, "seed.yaml")
    assert e.play == 37
    assert e.line == text.count("\n")
    assert e.message == "the hand is over after 36 plays: no play is left"


# -- partial records: cards learnt when played -----------------------------------------------


def test_partial_view_replays_like_the_full_hand() -> None:
    [full] = load_path(EXAMPLES / "scopone-hand.yaml")
    [part] = load_path(EXAMPLES / "partial-view.yaml")
    assert list(part.deals[0]) == ["South"] and len(part.deals[0]["South"]) == 9
    assert part.moves() == full.moves()
    a, b = replay_hand(full), replay_hand(part)
    assert [s.to_json() for s in a.steps] == [s.to_json() for s in b.steps]
    assert a.score == b.score
    learned = {s.player for s in b.steps if s.learned}
    assert learned == {"West", "North", "East"}
    assert not any(s.learned for s in a.steps)
    start = part.initial_state()
    assert start.unknown == [0, 9, 9, 9] and start.hand_size(1) == 9


def test_unknown_card_must_still_be_unseen() -> None:
    [part] = load_path(EXAMPLES / "partial-view.yaml")
    assert parse_card("RS") in part.deals[0]["South"]
    assert part.plays[1].text == "4S"  # West's first play, learnt when played
    text = (EXAMPLES / "partial-view.yaml").read_text(encoding="utf-8")
    e = error_of(text.replace("  - 4S\n", "  - RS\n", 1))
    assert e.play == 2 and e.message == "West cannot play RS: it is in South's hand"


def test_learnt_card_with_no_unknown_left() -> None:
    # Ada's hand is unknown: her 3H is learnt; later she has no unknown card left
    text = BASE.replace(DEAL1, "  - {You: [7D, 7H, AS], Ada: [KC, JD]}\n")
    [hand] = loads(text)
    assert replay_hand(hand).steps[1].learned
    more = text + "  - AS\n  - 2D\n"
    e = error_of(more)
    assert (
        e.play == 4
        and e.message == "Ada cannot play 2D: it is not in the hand, which is known (JD KC)"
    )


def test_unfinished_record_and_cut() -> None:
    [hand] = load_path(SEED003)
    cut = hand.cut(10)
    assert len(cut.plays) == 10 and not cut.is_finished() and len(hand.plays) == 36
    assert replay_hand(cut).score is None
    assert loads(dumps([cut])) == [cut]
    assert cut.final_state().key() == hand.state_at(10).key()


@pytest.mark.parametrize("n", [-1, 37])
def test_cut_refuses_a_count_of_plays_the_record_has_not(n: int) -> None:
    """Bug: cut(-1) dropped the last play (a slice) while state_at(-1) was refused."""
    [hand] = load_path(SEED003)
    for method in (hand.cut, hand.state_at):
        with pytest.raises(RecordError, match=f"the record has 36 plays, not {n}"):
            method(n)


# -- matches ----------------------------------------------------------------------------------


def test_scopa_match_file() -> None:
    records = load_path(EXAMPLES / "scopa-match.yaml")
    assert len(records) >= 2
    assert all(r.ruleset == records[0].ruleset for r in records)
    # the dealer alternates, so the playing order does too
    assert records[0].players == records[1].players[::-1]
    m = replay_match(records)
    assert m.match.over and max(m.match.totals) >= records[0].ruleset.target
    totals = {name: 0 for name in records[0].players}
    for h in m.hands:
        assert h.score is not None
        for side in h.score.sides:
            totals[side.players[0]] += side.total
    assert [totals[p[0]] for p in m.side_players] == m.match.totals


def test_no_hand_after_the_match_is_over() -> None:
    text = (EXAMPLES / "scopa-match.yaml").read_text(encoding="utf-8")
    docs = text.split("---\n")
    extra = text + "---\n" + docs[0]
    e = error_of(extra)
    assert e.message == f"the match was already over after hand {len(docs)}"
    assert e.hand == len(docs) + 1 and f": hand {len(docs) + 1}: the match was" in str(e)


# -- one home for player names and for saving ---------------------------------------------------


def test_player_named_exact_then_any_case_then_a_unique_start() -> None:
    names = ["West", "North", "East", "South"]
    assert player_named(names, "North") == "North"
    assert player_named(names, " south ") == "South"
    assert player_named(names, "so") is None
    assert player_named(names, "so", prefix=True) == "South"
    assert player_named(names, "", prefix=True) is None
    # "E" starts East only; "ea" too; nothing starts with "x"
    assert player_named(names, "e", prefix=True) == "East"
    assert player_named(names, "x", prefix=True) is None
    # two names equal but for case: only the exact spelling picks one
    assert player_named(["Ada", "ada"], "ada") == "ada"
    assert player_named(["Ada", "ada"], "ADA") is None
    assert player_named(["Ada", "Adam"], "ad", prefix=True) is None


def test_a_compass_seat_is_understood_in_every_language() -> None:
    """Found by QA: in Italian the drill shows and takes Nord, Sud..., while puzzle try and
    train show a puzzle's North, South...: each refused the other's word for the same seat."""
    assert player_named(["West", "North", "East", "South"], " nord ") == "North"
    assert player_named(["Ovest", "Nord", "Est", "Sud"], "South") == "Sud"
    assert player_named(["Ovest", "Nord", "Est", "Sud"], "west") == "Ovest"
    assert player_named(["Ada", "North"], "Sud") is None  # no such seat
    assert player_named(["North", "Nord"], "NORD") == "Nord"  # a name as written comes first


def test_seat_of_in_any_case_and_record_error() -> None:
    [hand] = load_path(EXAMPLES / "scopone-hand.yaml")
    assert hand.seat_of("north") == hand.seat_of("NORTH") == 2
    with pytest.raises(RecordError, match="'Bob' is not one of the players"):
        hand.seat_of("Bob")
    with pytest.raises(RecordError, match="the record has 36 plays, not 37"):
        hand.state_at(37)


def test_entry_written_and_from_play_agree() -> None:
    [hand] = load_path(SEED003)
    for e in hand.plays:
        again = PlayEntry.from_play(e.written(), hand.style, e.note, e.player, e.line)
        assert again == e and again.text == e.written().text(hand.style)


def test_a_house_ruleset_named_as_the_first_hands_says_what_differs(tmp_path: Path) -> None:
    """Practice audit (stop 51): a match whose later hands read scopa.yaml, a house copy of
    scopa to 5 points, was refused with 'played with scopa, but the file's first hand uses
    scopa'. The message now says which rules differ."""
    shipped = (ROOT / "rulesets" / "scopa.yaml").read_text(encoding="utf-8")
    # the line may carry a comment citing its source (strategy audit, stop 59)
    assert re.search(r"\ntarget: 11\b", shipped) and "{re_bello: false," in shipped
    house = re.sub(r"\ntarget: 11\b", "\ntarget: 5", shipped)
    (tmp_path / "scopa.yaml").write_text(house.replace("re_bello: false", "re_bello: true"))
    match = tmp_path / "m.yaml"
    match.write_text(BASE + "---\n" + BASE.replace("ruleset: scopa", "ruleset: scopa.yaml"))
    with pytest.raises(RecordError) as refused:
        load_path(str(match))
    assert str(refused.value) == (
        f"{match}:12: hand 2: played with scopa.yaml, a ruleset named scopa as the first hand's "
        "is, but not the same (re_bello true, not false; target 5, not 11): the hands of a file "
        "make one match"
    )


def test_a_name_with_an_invisible_character_is_refused_and_shown(tmp_path: Path) -> None:
    """Practice audit (stop 51): with the player 'A\\u200bda' (a zero-width space inside),
    '--as Ada' was 'no such player (players: You, Ada)': the two names looked alike. A typed
    name found the one that differs only by invisible characters; since the hostile-text
    audit (stop 55) a name may not hold one at all, and the message shows it."""
    zw = "A\u200bda"
    assert player_named(["You", zw], "Ada") == zw  # a library caller's list still answers
    text = (EXAMPLES / "seed003-scopa.yaml").read_text(encoding="utf-8").replace("Ada", zw)
    path = tmp_path / "zw.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        load_path(str(path))
    said = "a player's name: a name cannot hold control or invisible characters: 'A\\u200bda'"
    assert str(refused.value).endswith(said), str(refused.value)


def test_a_play_s_player_in_another_case_is_that_player() -> None:
    """Record audit (stop 53): ``{play: 3D, player: bob}`` with players [Ada, Bob]
    stopped with "'bob' is not a player", where ``--as bob`` is taken; names that differ only
    in case are refused in a record, so the case cannot mislead."""
    text = (
        "ruleset: scopa\nplayers: [Ada, Bob]\ntable: [2C, AD, 4S, 6B]\n"
        "deals:\n  - {Ada: [5S, 7B, RD], Bob: [3D, FC, CB]}\n"
        "plays:\n  - {play: 5S x AD 4S, player: ada}\n  - {play: 3D, player: bob}\n"
    )
    [record] = loads(text)
    assert len(record.moves()) == 2
    with pytest.raises(RecordError, match="wrong turn: it is Ada's turn, not Bob's"):
        loads(text.replace("player: ada", "player: BOB"))
    with pytest.raises(RecordError, match="'bo' is not a player"):
        loads(text.replace("player: ada", "player: bo"))


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["A"], "the scopa ruleset is for 2 players, but 1 is listed (A)"),
        ([], "the scopa ruleset is for 2 players, but 0 are listed ()"),
        (["Ada", "Ada"], "player 'Ada' is listed twice"),
        (["Ada", " ada "], "players 'Ada' and ' ada ' differ only in case"),
    ],
)
def test_record_from_moves_refuses_the_wrong_players_with_a_record_error(
    players: list[str], said: str
) -> None:
    from tutor.game.rules import load_ruleset
    from tutor.game.state import GameState
    from tutor.records.record import record_from_moves

    s = GameState.random(load_ruleset("scopa"), 1)
    with pytest.raises(RecordError, match=f"^<record>: {re.escape(said)}"):
        record_from_moves(s.rules, s.table, [s.hands], [], players=players)
    record = record_from_moves(s.rules, s.table, [s.hands], [], players=["Ada", "Bea"])
    assert record.players == ["Ada", "Bea"] and record.dealer == "Bea"


def test_a_record_from_moves_refuses_a_move_the_hand_does_not_allow() -> None:
    """API audit (stop 55): record_from_moves built a record of moves no hand allowed (the
    king of bastoni three times), which only failed when the file was read back."""
    rules = load_ruleset("scopa")
    state = GameState.random(rules, 1)
    deals = [list(state.hands)]
    card = next(c for c in range(40) if not state.hands[0] >> c & 1 and not state.table >> c & 1)
    with pytest.raises(RecordError, match=r"^<record>: play 1: .* is not in the hand"):
        record_from_moves(rules, state.table, deals, [Move(card, 0)])
    first = state.legal_moves()[0]
    assert len(record_from_moves(rules, state.table, deals, [first]).plays) == 1


def test_a_games_setup_is_a_hashable_value() -> None:
    """API audit (stop 55): GameInfo is frozen and compares by value, but hashing it raised
    TypeError (its computer mapping); equal set-ups hash alike."""
    from tutor.records.record import GameInfo

    a = GameInfo(7, {"Right": "chitarrella", "Left": "search"}, "on")
    b = GameInfo(7, {"Left": "search", "Right": "chitarrella"}, "on")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, GameInfo(8, dict(a.computer), "on")}) == 2
