"""The terminal look: score tables, cards, the replay's plays table, the explanation."""

from __future__ import annotations

import io
import re

from helpers import EXAMPLES
from rich.console import Console

from tutor.game.captures import explain_play
from tutor.game.cards import ITALIAN, STYLES, mask_of, parse_card, parse_cards
from tutor.game.rules import load_ruleset
from tutor.game.scoring import score_captures
from tutor.records.recordfile import load_path
from tutor.records.replay import replay_match
from tutor.render import terminal as rendering
from tutor.render.terminal import card_text, new_table, plain_text, score_table


def test_score_table_shows_primiera_cards_and_points() -> None:
    rules = load_ruleset("scopone-scientifico")
    mine = mask_of(parse_cards("7D 7C 6S 7B AD 2D 3D 4D 5D 6D"))
    theirs = ((1 << 40) - 1) & ~mine
    score = score_captures(rules, [mine, theirs], [2, 0], [["Anna", "Carla"], ["Bruno", "Dario"]])
    text = plain_text(score_table(score, rules, ITALIAN, names=["N-S", "E-W"]))
    lines = {line.split()[0]: line.split() for line in text.splitlines() if line.strip()}
    assert lines["category"] == ["category", "N-S", "pts", "E-W", "pts"]
    assert lines["cards"] == ["cards", "10", "30", "1"]
    assert lines["denari"] == ["denari", "7", "1", "3"]
    assert lines["settebello"] == ["settebello", "7D", "1", "-"]
    assert lines["primiera"][:7] == ["primiera", "81", "=", "7D", "7C", "6S", "7B"]
    assert lines["scope"] == ["scope", "2", "2", "0"]
    assert lines["total"] == ["total", "5", "1"]


def test_score_table_marks_a_missing_suit() -> None:
    rules = load_ruleset("scopone-scientifico")
    assert rules.primiera_missing_suit == "loses"
    mine = mask_of(parse_cards("7D 7C 7S"))
    score = score_captures(rules, [mine, ((1 << 40) - 1) & ~mine], [0, 0])
    text = plain_text(score_table(score, rules, ITALIAN))
    assert "63 = 7D 7C 7S - (a suit missing)" in text


def test_card_text_in_every_style() -> None:
    king = parse_card("RD")
    assert {n: str(card_text(king, s)) for n, s in STYLES.items()} == {
        "italian": "RD",
        "french": "KD",
        "spanish": "RO",
        "portuguese": "RO",
    }
    glyph = card_text(parse_card("7C"), STYLES["italian"], rich=True)
    assert str(glyph) == "7♥" and str(glyph.style) == "red"
    assert str(card_text(parse_card("7S"), STYLES["italian"], rich=True)) == "7♠"


def test_plain_text_has_no_trailing_spaces_or_escapes() -> None:
    table = new_table("a", "b")
    table.add_row("x", "")
    assert plain_text(table) == "a   b\n-----\nx\n"


# -- the replay's plays table, and the explanation's colours ---------------------------------------


def fancy_text(*renderables: object, width: int) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=width, force_terminal=True, color_system="standard")
    for r in renderables:
        console.print(r)
    return buf.getvalue()


def test_hand_title_is_bold_on_its_first_line_only() -> None:
    # Was: the whole heading (order, table, hands) printed bold.
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    title = rendering.hand_title(record, None, rich=True)
    first, rest = title.plain.split("\n", 1)
    assert first == "Seed 003: a worked example of scopa"
    assert rest.startswith("Ruleset scopa, french deck.\nPlaying order: You, Ada;")
    assert title.style == ""
    bold = [title.plain[s.start : s.end] for s in title.spans if "bold" in str(s.style)]
    assert bold == [first]


def test_narrow_terminal_puts_the_notes_under_the_plays() -> None:
    # Was: at 80 columns the note column shrank to ten letters, one or two words a line.
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    hand = replay_match([record]).hands[0]
    notes = [s for s in hand.steps if s.note]
    table = rendering.plays_table(hand, record.style, rich=True, width=80)
    text = re.sub(r"\x1b\[[0-9;]*m", "", fancy_text(table, width=80))
    assert all(len(line) <= 80 for line in text.splitlines())
    header = text.splitlines()[0]
    assert "note" not in header and "table after" in header
    assert "\nNotes\n" in text
    flat = " ".join(text.split())
    for step in notes:
        assert f"{step.number}. {step.player} {' '.join(step.note.split())}" in flat
    wide = rendering.plain_text(rendering.plays_table(hand, record.style, width=120))
    assert "note" in wide.splitlines()[0] and "Notes" not in wide


def test_step_mode_note_follows_its_play_on_a_narrow_terminal() -> None:
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    hand = replay_match([record]).hands[0]
    one = rendering.plays_table(hand, record.style, rich=True, start=0, stop=1, width=80)
    text = re.sub(r"\x1b\[[0-9;]*m", "", fancy_text(one, width=80)).splitlines()
    assert text[2].split()[:3] == ["1", "You", "7♦"]
    assert text[3].startswith("     No seven on the table")
    quiet = rendering.plays_table(hand, record.style, rich=True, start=12, stop=13, width=80)
    assert len(fancy_text(quiet, width=80).splitlines()) == 1


def test_explain_colours_only_the_card_in_a_laid_play() -> None:
    # Was: on a terminal "laid" took the red of the 7♦ before it.
    rules = load_ruleset("scopa")
    table = rendering.explain_table(explain_play(parse_card("7D"), [], rules, ITALIAN), rich=True)
    out = fancy_text(table, width=100)
    assert "\x1b[31m7♦\x1b[0m laid" in out
