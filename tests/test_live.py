"""The live session: a hand typed in line by line, with mistakes, undo, saving and resuming."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import NAMES, ROOT, scripted_hand

from tutor.game.cards import parse_cards
from tutor.game.i18n import speaking
from tutor.records.recordfile import load_path
from tutor.training.live import LiveError, LiveSession, LiveUpdate, intro, protocol


def test_a_whole_scopa_hand_typed_in(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    lines, plays = scripted_hand("scopa", 1, 1, ["You", "Ada"])
    s = LiveSession.new("scopa", ["You", "Ada"], "Ada", "french", save)
    for line in lines:
        s.enter(line)
        [rec] = load_path(save)  # saved after every entry, and always loadable
        assert len(rec.plays) == len(s.plays)
    assert s.phase() == "over"
    assert [p.text for p in rec.plays] == plays
    assert set(rec.deals[0]) == {"Ada"} and len(rec.deals) == 6
    assert rec.is_finished()


def test_typing_mistakes_are_refused_and_change_nothing(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    bad_start = [
        ("2C 4H 5S", "the table starts with 4 cards in scopa, not 3"),
        ("2C 4H 5S 5S", "5S is named twice in the table"),
        ("KC KH KS 2D", "3 kings on the opening table"),
        ("2C 4H 5S QX", "'QX' is not a card"),
    ]
    for line, message in bad_start:
        with pytest.raises(LiveError, match=message):
            s.enter(line)
    assert not save.exists()
    s.enter("2C 4H 5S QD")
    for line, message in [
        ("table: 2C 4H 5S QD", "the table was given at the start: type your cards"),
        ("7D 7H", "you are dealt 3 cards, not 2"),
        ("7D 7H 2C", "2C cannot be yours: it is on the table"),
    ]:
        with pytest.raises(LiveError, match=message):
            s.enter(line)
    s.enter("7D 7H AS")
    s.enter("7D x 2C 5S")
    before = save.read_text()
    mistakes = [
        ("Ada: 7H", "play 2: Ada cannot play 7H: it is in your hand"),
        ("Ada: 2C", "play 2: Ada cannot play 2C: it was captured at play 1"),
        ("Ada: 4H", "play 2: Ada cannot play 4H: it is on the table"),
        ("Ada: 7D", "play 2: Ada cannot play 7D: it was already played by You at play 1"),
        ("Bea: 3H", "play 2: 'Bea' is not a player"),
        ("You: AS", "play 2: it is Ada's turn, not yours"),
        ("Ada: 4S x QD", "4S x QD is not allowed: .*legal: 4S x 4H"),
        ("Ada: QS x 4H", "QS x 4H is not allowed: .*4H is worth 4, not 9"),
        ("Ada: 4S x 3H", "3H is not on the table"),
        ("Ada: 1Z", "'1Z' is not a card"),
        ("deal 2D 2H 2S", "no deal is due"),
        # found by the stop-46 audit: "no card before 'x'" though no x was typed, and the
        # table: prefix quietly dropped, the cards read as a play
        ("Ada:", "play 2: no card after 'Ada:'"),
        ("table: 2C", "the table was given at the start: type a play"),
        ("hand 2D 2H 2S", "no deal is due"),
    ]
    for line, message in mistakes:
        with pytest.raises(LiveError, match=message):
            s.enter(line)
        assert len(s.plays) == 1
        assert save.read_text() == before
    s.enter("Ada: 4S x 4H")
    with pytest.raises(
        LiveError, match="it is your turn and you do not hold 3H; your cards: AS 7H"
    ):
        s.enter("3H")


def test_undo_takes_back_plays_deals_and_the_table(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    with pytest.raises(LiveError, match="nothing to undo"):
        s.enter("undo")
    s.enter("2C 4H 5S QD")
    s.enter("7D 7H AS")
    s.enter("7D x 2C 5S")
    assert s.enter("undo").text == "undone: play 1 (7D x 2C 5S)"
    assert [p.text for p in load_path(save)[0].plays] == []
    assert s.prompt() == "play 1: You"
    assert s.enter("undo").text == "undone: your cards"
    assert s.prompt() == "your cards (3)"
    assert load_path(save)[0].deals == []
    assert s.enter("undo").text == "undone: the table"
    assert s.prompt() == "table (4 cards)" and not save.exists()


def test_scopa_deals_are_asked_for_and_undone(tmp_path: Path) -> None:
    lines, _ = scripted_hand("scopa", 4, 0, ["You", "Ada"])
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", tmp_path / "h.yaml")
    for line in lines[:9]:  # table, deal 1, six plays, deal 2
        s.enter(line)
    assert lines[8].startswith("deal ")
    assert s.prompt() == "play 7: You"
    s.enter("undo")
    assert s.prompt() == "deal 2: your cards (3)"
    s.enter(lines[8].removeprefix("deal "))  # the bare cards work as well
    assert s.prompt() == "play 7: You"


def test_a_deal_typed_out_of_turn_names_whose_play_it_is(tmp_path: Path) -> None:
    lines, _ = scripted_hand("scopa", 4, 0, ["You", "Ada"])
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", tmp_path / "h.yaml")
    s.enter(lines[0])
    s.enter(lines[1])
    with pytest.raises(LiveError, match="^no deal is due: it is your turn to play$"):
        s.enter("deal 7D 7H AS")
    s.enter(lines[2])
    with pytest.raises(LiveError, match="^no deal is due: it is Ada's turn to play$"):
        s.enter("deal 7D 7H AS")


def test_the_board_follows_the_plays(tmp_path: Path) -> None:
    s = LiveSession.new(
        "scopone-scientifico", ["West", "North", "East", "South"], "South", "french"
    )
    s.enter("4D 5C 3D 3H")
    s.enter("6C KD KH 2S 2C 6H 6D JD JH")
    s.enter("West: 3S x 3D")  # leaves 3H 4D 5C = 12
    s.enter("North: 3C x 3H")  # leaves 4D 5C = 9: East could sweep with a 9
    s.enter("East: 7C")
    a = s.analysis()
    assert [(e.seat, e.values) for e in a.inference.active] == [(2, (9,))]
    assert a.board.sweep.sum == 16
    qs = a.to_json()["holdings"]["East"]["QS"]
    # the reading moves the odds, but it is no fact; and not far: East's lay of a seven, with
    # captures on the table, looks careless (tutor/counting/style.py)
    assert (qs["status"], qs["reading"], qs["basis"]) == ("may", "cannot", None)
    assert 0 < qs["probability"] < 8 / 24 - 0.02  # 8 of 24 unseen cards on the facts alone
    east = a.to_json()["trust"]["players"][2]
    assert east["player"] == "East" and east["style"]["careless"] > 0.5


# -- the command line -------------------------------------------------------------------------


def test_resume_keeps_undo_in_order(tmp_path: Path) -> None:
    lines, _ = scripted_hand("scopa", 4, 0, ["You", "Ada"])
    save = tmp_path / "h.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    for line in lines[:10]:
        s.enter(line)
    again = LiveSession.resume(save)
    assert again.entries == s.entries
    assert again.my_name == "You"
    again.enter("undo")
    again.enter("undo")
    assert again.prompt() == "deal 2: your cards (3)"


def test_resume_writes_back_every_note_in_every_language(tmp_path: Path) -> None:
    """A resumed file is rewritten whole: the notes and their translations are not dropped."""
    save = tmp_path / "seed003.yaml"
    save.write_text(
        (Path(__file__).parent.parent / "docs/examples/seed003-scopa.yaml").read_text("utf-8"),
        "utf-8",
    )
    [before] = load_path(save)
    session = LiveSession.resume(save, "You")
    session.enter("undo")  # the last play goes, with its note
    [after] = load_path(save)
    assert after.info.get("title_it") == before.info["title_it"]
    assert [(p.note, p.translations) for p in after.plays] == [
        (p.note, p.translations) for p in before.plays[:-1]
    ]
    assert sum("note_it" in p.translations for p in after.plays) == 16


def test_resume_keeps_the_sides_names_and_the_game_key(tmp_path: Path) -> None:
    """Found by QA: the first save of a resumed record dropped its ``teams`` (the sides were
    then named after their players) and its ``game`` key."""
    save = tmp_path / "hand.yaml"
    text = (Path(__file__).parent.parent / "docs/examples/scopone-hand.yaml").read_text("utf-8")
    save.write_text(text + "game: {seed: 3, computer: {West: greedy}, hints: ask}\n", "utf-8")
    [before] = load_path(save)
    assert before.teams and before.game is not None
    session = LiveSession.resume(save, "South")
    session.enter("undo")  # a save
    [after] = load_path(save)
    assert after.teams == before.teams and after.game == before.game
    assert after.plays == before.plays[:-1]


def test_a_first_save_never_replaces_a_file_made_meanwhile(tmp_path: Path) -> None:
    """Found by QA: two sessions started in the same second took the same default file, and
    the second's first save replaced the first's hand. A file made after the session chose
    its name is kept; the session saves beside it and says where."""
    save = tmp_path / "live-20261205-235452.yaml"
    first = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    second = LiveSession.new("scopa", ["You", "Ada"], "You", "french", save)
    first.enter("2C 4H 5S QD")
    second.enter("AD AH AS 2C")
    assert second.save_path == tmp_path / "live-20261205-235452-2.yaml"
    assert any("live-20261205-235452-2.yaml, to keep it" in n for n in second.notices)
    assert load_path(save)[0].table == parse_cards("2C 4H 5S QD", "french")
    assert load_path(second.save_path)[0].table == parse_cards("AD AH AS 2C", "french")
    second.enter("7D 7H 3S")  # later saves go on in the file the session made, quietly
    assert len(second.notices) == 1 and not first.notices


# -- the session driven line by line, without a terminal -----------------------------------------


def test_quit_in_every_language_ends_the_session() -> None:
    """Audit: live read quit words of its own, in English only; it shares play's, train's
    and puzzle try's now, ``quit`` also in Italian (``esci``)."""
    for word in ("quit", "Exit", "q", "esci", "ESCI"):
        session = LiveSession.new("scopa", ["You", "Ada"], "You", "french")
        assert session.enter(word).kind == "quit", word


def test_run_applies_lines_and_reports_each_accepted_one() -> None:
    lines, _ = scripted_hand("scopa", 3, 0, ["You", "Ada"])
    script = iter([lines[0], "board", "help", "XX", "", "# a comment", *lines[1:4], "quit", "7D"])
    shown: list[LiveUpdate] = []
    said: list[str] = []
    warned: list[str] = []
    session = LiveSession.new("scopa", ["You", "Ada"], "You", "french")
    why = session.run(
        lambda: next(script, None), shown.append, said.append, warned.append, numbered=True
    )
    assert why == "quit" and len(session.plays) == 2
    assert warned[0] == "the board comes once your cards are in; next: your cards (3)"
    assert warned[1].startswith("line 4: ")  # XX: the blank and comment lines count too
    assert said[0].startswith("table: ") and said[1].startswith("Type one line at a time")
    assert [u.entry.kind for u in shown] == ["table", "deal", "play", "play"]
    assert shown[0].analysis is None and shown[1].analysis is not None
    data = shown[-1].to_json()
    assert list(data) == [
        "entry",
        "text",
        "message",
        "plays",
        "next",
        "analysis",
        "leftover",
        "score",
    ]
    assert data["plays"] == 2 and data["next"] == "play 3: You"
    assert data["analysis"]["unmatched"] == shown[-1].analysis.to_json("french")["unmatched"]


def test_run_stops_at_the_end_of_the_input_and_when_the_hand_is_over() -> None:
    lines, plays = scripted_hand("scopa", 4, 1, ["Ada", "You"])
    session = LiveSession.new("scopa", ["Ada", "You"], "You", "french")
    script = iter(lines[:3])

    def ignore(_: object) -> None:
        pass

    assert session.run(lambda: next(script, None), ignore, ignore, ignore) == "end"
    rest = iter(lines[3:])
    shown: list[LiveUpdate] = []
    assert session.run(lambda: next(rest, None), shown.append, ignore, ignore) == "over"
    assert len(session.plays) == len(plays) and shown[-1].next == "the hand is over"


# -- the session: what it asks for, and in the deck's notation -------------------------------------


def test_no_opening_table_to_type_when_the_ruleset_has_none(tmp_path: Path) -> None:
    """Bug: scopone-classico asked for a table of 0 cards, and an empty line was ignored."""
    s = LiveSession.new("scopone-classico", NAMES, "South", "french", tmp_path / "h.yaml")
    assert s.prompt() == "your cards (10)"
    s.enter("AD 2D 3D 4D 5D 6D 7D JD QD KD")
    assert s.prompt() == "play 1: West"
    s.enter("AS")
    assert s.undo().text == "undone: play 1 (AS)"
    assert s.undo().text == "undone: your cards"
    with pytest.raises(LiveError, match="nothing to undo"):
        s.undo()
    s.enter("AD 2D 3D 4D 5D 6D 7D JD QD KD")
    s.enter("AS")
    again = LiveSession.resume(tmp_path / "h.yaml", "South")
    assert again.entries == ["deal:0", "play"]


def test_a_play_typed_when_cards_are_due_says_so() -> None:
    """Bug: "'x' is not a card" when a play came before the table or your cards."""
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french")
    with pytest.raises(LiveError, match=r"the opening table \(4 cards\) comes first"):
        s.enter("Ada: 3H")
    s.enter("2C 4H 5S QD")
    with pytest.raises(LiveError, match="your 3 cards are due first"):
        s.enter("7D x 2C 5S")


def test_help_and_intro_use_the_decks_notation() -> None:
    """Bug: the examples were French whatever the deck (4H is no Italian card)."""
    text = protocol("italian", "West")
    assert "2B 4C 5S CD" in text and "West: 3C" in text and "4H" not in text
    for line in text.splitlines()[1:4]:
        parse_cards(line.split("  ")[1].replace(" x ", " ").split(":")[-1], "italian")
    s = LiveSession.new("scopone-scientifico", NAMES, "South", "italian")
    assert s.enter("help").message == protocol("italian", "West")
    assert "2B 4C 5S CD" in intro("italian")


def test_run_counts_the_lines_it_rejected() -> None:
    """Bug: a script could not tell that lines were rejected (``tutor live`` exits 1 now)."""
    session = LiveSession.new("scopa", ["You", "Ada"], "You", "french")
    script = iter(["2C 4H 5S QD", "ZZ", "7D 7H AS", "7D x 4H", "7D x 2C 5S"])
    session.run(lambda: next(script, None), lambda u: None, lambda m: None, lambda m: None)
    assert session.rejected == 2 and len(session.plays) == 1


def test_a_session_that_could_not_save_is_refused_before_it_starts(tmp_path: Path) -> None:
    """Bug: a save path in a missing folder failed only at the first line typed."""
    missing = tmp_path / "missing" / "hand.yaml"
    with pytest.raises(LiveError, match=f"cannot save to {missing}: the folder .* does not exist"):
        LiveSession.new("scopa", ["You", "Ada"], "You", "french", missing)
    with pytest.raises(LiveError, match="it is a folder"):
        LiveSession.new("scopa", ["You", "Ada"], "You", "french", tmp_path)
    saved = tmp_path / "hand.yaml"
    session = LiveSession.new("scopa", ["You", "Ada"], "You", "french", saved)
    session.enter("2C 4H 5S QD")
    session.enter("7D 7H AS")
    with pytest.raises(LiveError, match="does not exist"):
        LiveSession.resume(saved, save_path=missing)


def test_players_differing_only_in_case_or_spaces_are_refused() -> None:
    """Bug: " You" and "You " made two players who displayed alike."""
    with pytest.raises(
        LiveError,
        match="players 'You' and 'you' differ only in case, spaces or invisible characters",
    ):
        LiveSession.new("scopa", ["You", "you"], "You")
    with pytest.raises(LiveError, match="player 'You' is listed twice"):
        LiveSession.new("scopa", [" You", "You "], "You")
    assert LiveSession.new("scopa", [" You", "Ada "], "ada").players == ["You", "Ada"]


def test_the_note_of_a_typed_in_hand_is_in_every_language(tmp_path: Path) -> None:
    with speaking("it"):
        s = LiveSession.new("scopa", ["You", "Ada"], "Ada", "french", tmp_path / "h.yaml")
    assert s.info["note"] == "typed in with tutor live, seen from Ada's seat"
    assert s.info["note_it"] == "trascritta con tutor live, vista dal posto di Ada"
    # the person's own seat is theirs, never "You's seat" ("vista dal posto di Tu")
    mine = LiveSession.new("scopa", ["Tu", "Ada"], "Tu", "french", tmp_path / "i.yaml")
    assert mine.info["note"] == "typed in with tutor live, seen from your seat"
    assert mine.info["note_it"] == "trascritta con tutor live, vista dal tuo posto"


def test_a_card_typed_twice_is_said_in_italian_without_a_wrong_article() -> None:
    """Found by QA: "compare due volte in le tue carte" (Italian joins in + le: "nelle")."""
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french")
    s.enter("2C 4H 5S QD")
    with speaking("it"), pytest.raises(LiveError) as info:
        s.enter("7D 7H 7H")
    assert str(info.value) == "le tue carte: 7H compare due volte"


@pytest.mark.parametrize(
    "players", [["You", "Ada\x1b[31m"], ["You", "Ada\x1b[31m", "Bea"], ["You", "Ada\u202e"]]
)
def test_a_name_with_control_characters_is_refused_before_any_message_lists_it(
    tmp_path: Path, players: list[str]
) -> None:
    """Bug: names typed for a live hand were listed raw in the seating errors (a wrong count
    of players, a name given twice), escape sequences and all."""
    with pytest.raises(LiveError) as info:
        LiveSession.new("scopa", players, "You", "french", tmp_path / "hand.yaml")
    message = str(info.value)
    assert message.startswith("a name cannot hold control or invisible characters: 'Ada\\")
    assert "\x1b" not in message and "\u202e" not in message


def test_the_help_says_which_letter_types_each_suit_glyph() -> None:
    """Bug: on a colour terminal an Italian card shows as R♣, but it is typed RB; the sessions'
    help never said which letter goes with which glyph (a player typed RC for R♣)."""
    from tutor.training.play import help_text

    for text in (protocol("italian"), help_text("italian")):
        assert "the suits: D ♦ denari, C ♥ coppe, S ♠ spade, B ♣ bastoni." in text
    assert "H ♥ hearts" in protocol("french") and "P ♣ paus" in help_text("portuguese")


def test_the_commands_are_typed_and_shown_in_italian_too(tmp_path: Path) -> None:
    """Found by an audit of the Italian: the help listed undo, board, help, quit (and "deal
    7D 7H AS") in Italian sentences, and only those English words were read. Both languages'
    words are read whatever the run speaks; the run's own are shown."""
    lines, _ = scripted_hand("scopa", 4, 0, ["You", "Ada"])
    with speaking("it"):
        s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", tmp_path / "h.yaml")
        shown = s.enter("aiuto").message
        for word in ("annulla", "quadro", "aiuto", "esci", "distribuzione 7D 7H AS"):
            assert word in shown, shown
        assert not {"undo", "board", "quit", "deal"} & set(shown.split())
        assert "annulla toglie l'ultima riga, aiuto mostra tutti i comandi, esci" in intro()
        s.enter(lines[0])
        s.enter("distribuzione " + lines[1].removeprefix("deal "))
        assert s.enter("quadro").kind == "board"
        s.enter(lines[2])
        assert s.enter("annulla").kind == "undo" and s.enter("undo").kind == "undo"
        assert s.enter("Esci").kind == "quit"
    assert s.enter("aiuto").message == protocol("french", "Ada")  # Italian words in English


def test_the_table_may_be_named_tavola_as_well(tmp_path: Path) -> None:
    """The stop-46 Italian fixes read every command in Italian but the 'table:' in front of the
    opening table, which stayed English only."""
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", tmp_path / "h.yaml")
    assert s.enter("Tavola: 2C 4H 5S QD").kind == "table"
    with pytest.raises(LiveError, match="the table was given at the start: type your cards"):
        s.enter("tavola: 2C")


def test_a_session_reads_the_styles_of_the_earlier_hands_itself(tmp_path: Path) -> None:
    """Code audit (stop 57): the earlier hands were read in the command; the session reads
    them (read_earlier), and refuses a file that is not this match's with a LiveError."""
    earlier = ROOT / "docs" / "examples" / "scopa-match.yaml"
    s = LiveSession.new("scopa", ["Bruno", "Carla"], "Bruno", "italian", tmp_path / "h.yaml")
    s.read_earlier(earlier)
    assert set(s.styles) == {"Carla"}  # read from Bruno's seat: the others' styles
    other = LiveSession.new("scopone-scientifico", ["A", "B", "C", "D"], "A", "italian",
                            tmp_path / "o.yaml")  # fmt: skip
    with pytest.raises(LiveError, match="its hands are played with scopa"):
        other.read_earlier(earlier)
    (tmp_path / "h.yaml").write_text("", encoding="utf-8")
    with pytest.raises(LiveError, match="is the file this session saves to"):
        s.read_earlier(tmp_path / "h.yaml")
