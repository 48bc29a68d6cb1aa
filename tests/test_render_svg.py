"""The SVG drawings: cards, card backs, a position, the loss chart."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES, FAST_PAGE, ROOT, SEED003, measure_in_browser, needs_browser

from tutor.counting.tracker import viewer_state
from tutor.game.cards import CARDS, format_cards, parse_card
from tutor.game.i18n import speaking
from tutor.records.recordfile import load_path, loads
from tutor.render.html import loss_chart_svg
from tutor.render.safe import markup
from tutor.render.svg import card_back_svg, card_svg, cards_svg, position_svg, svg_document
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
    chart = loss_chart_svg(review_record(record, ["You"], settings=FAST_PAGE, plays=[1, 3]))
    # found by a user: Ada, not reviewed, was drawn as a flat "Ada: 0.00", as if she played
    # perfectly; only the sides reviewed have a line
    assert chart.count("<polyline") == 1 and "Ada" not in chart and "You" in chart


SEATS = """
const root = doc.querySelector('svg.position');
const box = b => [b.x, b.y, b.x + b.width, b.y + b.height];
const labels = [...root.querySelectorAll(':scope > text')].map(t => ({
  text: [...t.childNodes].filter(n => n.nodeName !== 'title').map(n => n.textContent).join(' '),
  box: box(t.getBBox()),
}));
const cards = [...root.querySelectorAll(':scope > svg')].map(s =>
  [s.x.baseVal.value, s.y.baseVal.value, s.x.baseVal.value + s.width.baseVal.value,
   s.y.baseVal.value + s.height.baseVal.value]);
return {labels, cards, size: [root.viewBox.baseVal.width, root.viewBox.baseVal.height]};
"""


def _apart(a: list[float], b: list[float]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _labels_apart(found: dict[str, Any]) -> None:
    """No label of a measured drawing (:data:`SEATS`) touches another, a card or the edge."""
    width, height = found["size"]
    labels = found["labels"]
    for k, label in enumerate(labels):
        x0, y0, x1, y1 = label["box"]
        assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, label
        for other in labels[k + 1 :]:
            assert _apart(label["box"], other["box"]), (label, other)
        for card in found["cards"]:
            assert _apart(label["box"], card), (label, card)


@needs_browser
@pytest.mark.parametrize(
    ("west", "east", "north", "at"),
    [
        ("Massimiliano Bartolomei della Rovere", "Gianfranco Santangelo-Buonarroti", "North", 4),
        ("Massimiliano Bartolomei della Rovere", "Gianfranco Santangelo-Buonarroti", "North", 5),
        ("W" * 200, "Gianfranco " * 30, "Bartolomeo " * 40, 7),
        # HTML audit (stop 51): Hebrew letters were guessed narrower than drawn, and a long
        # Hebrew name cut the "(3)" after it to "(3"
        ("\u05e9" * 50, "\u0633" * 40, "\u10e5" * 40, 4),
    ],
    ids=["qa", "a-side-to-play", "very-long", "other-scripts"],
)
def test_seat_labels_never_overlap(west: str, east: str, north: str, at: int) -> None:
    """Bug: with long names the left and right seat labels ran into each other and over the
    "(8)" of the hidden cards. Now a side's name wraps in its column (cut with … after three
    lines, whole in a title), the top and bottom names are cut to the drawing, and no label
    touches another, a card or the drawing's edge; the card count always shows."""
    text = (EXAMPLES / "scopone-hand.yaml").read_text(encoding="utf-8")
    for old, new in (("West", west.strip()), ("East", east.strip()), ("North", north.strip())):
        text = re.sub(rf"\b{old}\b", new, text)
    record = loads(text)[0]
    state = record.state_at(at)
    view = viewer_state(state, 0)
    svg = position_svg(view, 0, record.players, record.style)
    found = measure_in_browser(f"<!DOCTYPE html><html><body>{svg}</body></html>", SEATS, 1040)
    labels = found["labels"]
    assert len(labels) >= 4, found
    _labels_apart(found)
    shown = " ".join(label["text"] for label in labels)
    for seat in (1, 2, 3):
        assert f"({state.hand_size(seat)})" in shown
    for name in record.players:  # every name whole, in a title where the label is cut
        assert markup(name) in svg


def test_a_position_says_what_it_shows() -> None:
    """Bug: a position's accessible name gave only the caption and the table; now it gives
    what the drawing shows: the table, the viewer's hand, how many cards each other player
    holds, and who is to play."""
    record = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    style = record.style
    state = record.state_at(5)
    view = viewer_state(state, 0)
    svg = position_svg(view, 0, record.players, style, caption_markup="After play 5")
    found = re.search(r'aria-label="([^"]*)"><title>([^<]*)</title>', svg)
    assert found and found.group(1) == found.group(2)
    label = html.unescape(found.group(1))
    assert label.startswith("After play 5. ")
    assert f"Table: {format_cards(state.table, style)}." in label
    # each name between isolate marks, so that a right-to-left name keeps its place
    assert f"\u2068South\u2069's hand: {format_cards(view.hands[0], style)}." in label
    for seat in (1, 2, 3):
        name, held = record.players[seat], state.hand_size(seat)
        assert f"\u2068{name}\u2069 holds {held} cards" in label
    assert f"\u2068{record.players[state.turn]}\u2069 to play." in label
    empty = position_svg(viewer_state(record.state_at(4), 0), 0, record.players, style)
    assert "Table: empty." in html.unescape(empty)
    # bug: a caption that is a question took a full stop after its question mark
    asked = position_svg(view, 0, record.players, style, caption_markup="Which values?")
    assert "Which values? Table: " in html.unescape(asked) and "?." not in asked


def test_a_standalone_drawing_names_its_language() -> None:
    """Bug: a ``.svg`` file (``tutor render``) did not say its language, so a screen reader
    read an Italian drawing with English rules; the root now carries ``lang`` and ``xml:lang``."""
    record = load_path(SEED003)[0]
    for language in ("en", "it"):
        with speaking(language):
            view = viewer_state(record.state_at(2), 0)
            text = svg_document(position_svg(view, 0, record.players, record.style))
        root = ET.fromstring(text.encode("utf-8"))
        assert root.get("lang") == language
        assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == language


def test_a_player_called_you_is_your_seat_in_the_drawings(tmp_path: Path) -> None:
    """Bug: "You's seat" in the captions and titles of seed 003, whose player is You."""
    from helpers import invoke

    svg = tmp_path / "p.svg"
    code, _, err = invoke(["render", str(SEED003), "--at", "4", "--svg", str(svg)])
    assert code == 0, err
    out = svg.read_text()
    assert "You&#x27;s" not in out and "You's" not in out
    assert "from your seat" in out and "Your hand: " in out


def test_a_player_called_you_is_spoken_to() -> None:
    """Bug (HTML sweep): a position seen from another seat said "You holds 2 cards" and
    "You to play." (in Italian "You ha 2 carte in mano", "Tocca a You."); a player called You
    is spoken to, as every other view does."""
    record = load_path(SEED003)[0]  # scopa: You and Ada
    you, ada = record.players.index("You"), record.players.index("Ada")
    state = record.state_at(0)
    assert state.turn == you
    svg = html.unescape(position_svg(viewer_state(state, ada), ada, record.players, record.style))
    held = state.hand_size(you)
    assert f"You hold {held} cards" in svg and "Your turn." in svg
    assert "You holds" not in svg and "You to play" not in svg
    with speaking("it"):
        italian = position_svg(viewer_state(state, ada), ada, record.players, record.style)
    italian = html.unescape(italian)
    assert f"Hai {held} carte in mano" in italian and "Tocca a te." in italian


@needs_browser
@pytest.mark.parametrize(("plays", "viewer"), [(3, 3), (0, 5)])
def test_six_players_are_drawn_apart(plays: int, viewer: int) -> None:
    """Bug: with six players (a ruleset may seat 2, 3, 4 or 6) the two players on each side of
    the drawing were drawn on the same spot, their names and counts over each other. Now they
    stand one above the other, and no label touches another, a card or the drawing's edge.
    Render audit (stop 47): at the start, seen from the dealer, the lower player on the right
    is to play, and its "(6) – to play" lay over the viewer's sixth card."""
    import random

    import yaml

    from tutor.game.rules import ruleset_from_dict
    from tutor.game.state import GameState

    data = yaml.safe_load((ROOT / "rulesets" / "scopa.yaml").read_text(encoding="utf-8"))
    data.update(name="six", players=6, sides=3, hand_size=6)
    rules = ruleset_from_dict(data)
    state = GameState.random(rules, random.Random(4))
    for _ in range(plays):
        state.push(state.legal_moves()[0])
    names = ["Ada", "Bartolomeo Bea", "Cy", "Dan", "Eve", "Fay"]
    svg = position_svg(viewer_state(state, viewer), viewer, names, "french")
    found = measure_in_browser(f"<!DOCTYPE html><html><body>{svg}</body></html>", SEATS, 1040)
    assert len(found["labels"]) == 10, found  # names and counts: one line each at top and bottom
    _labels_apart(found)


def test_a_puzzle_titled_with_the_turn_does_not_say_it_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: "Your turn. Table: ... Your turn." for the mined best-move puzzles titled "Your turn".
    from helpers import run

    monkeypatch.chdir(tmp_path)

    for name in ("scopa-best-move-19e8307fe2d3.yaml", "scopone-16-best-move-18e72d88b31c.yaml"):
        result = run("render", str(ROOT / "puzzles" / name), "--svg", "-")
        assert result.exit_code == 0, result.output
        title = html.unescape(re.search(r"<title>([^<]*)</title>", result.stdout).group(1))
        plain = title.replace("\u2068", "").replace("\u2069", "")
        # the title says the turn and what is at stake: "Your turn: settebello and denari"
        turn = re.match(r"(Your turn|\w+ to play)\b", plain)
        assert turn, title
        assert plain.count(turn[1]) == 1, title


def test_a_name_or_title_with_a_character_xml_forbids_still_makes_an_svg(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: U+FFFF in a title went into the SVG as it was, and no browser or XML reader opened it.
    from helpers import run

    monkeypatch.chdir(tmp_path)  # where "--svg -" wrote a file named "-" before it meant stdout

    text = (ROOT / "puzzles" / "count-adas-last-three.yaml").read_text(encoding="utf-8")
    record = tmp_path / "odd.yaml"
    odd = re.sub(r"(?m)^  title: .*$", '  title: "T \\\\uFFFE \\\\uFFFF"', text)
    assert odd != text
    record.write_text(odd, encoding="utf-8")
    result = run("render", str(record), "--svg", "-")
    assert result.exit_code == 0, result.output
    ET.fromstring(result.stdout.encode("utf-8"))  # well-formed
    assert "&lt;U+FFFF&gt;" in result.stdout
    record.write_text(text.replace("Ada", '"Ad\\uFFFFa"'), encoding="utf-8")
    assert run("render", str(record), "--svg", "-").exit_code == 3


def test_wide_letters_are_measured_as_wide_and_lines_never_split_a_letter() -> None:
    # Was: Ж, Ш, Ŵ counted as 0.8 em (DejaVu Sans draws them 1.0-1.1): names ran off the felt;
    # and a cut could split a flag or a letter from its accent.
    from tutor.render.svg import clusters, shorten, text_width, wrap

    assert text_width("ЖШЩ", 10) >= 3 * 10.7 and text_width("Ẅ", 10) >= 9.89
    flags = "\U0001f1ee\U0001f1f9" * 12
    cut = shorten(flags, 10, 60)
    assert cut.endswith("\u2026") and len(cut[:-1]) % 2 == 0 and cut[:-1] == flags[: len(cut) - 1]
    accents = "e\u0301" * 30
    for line in wrap(accents, 10, 50, 9):
        assert not line.startswith("\u0301") and len(line.rstrip("\u2026")) % 2 == 0
    assert clusters("a\u200d\U0001f600b") == ["a\u200d\U0001f600", "b"]


def test_a_mark_or_a_joiner_adds_no_width() -> None:
    # Was: a name written with combining accents (NFD) measured wider than the same name NFC,
    # and was cut early.
    import unicodedata

    from tutor.render.svg import text_width

    name = "Zoë Éloïse Müller"
    assert text_width(unicodedata.normalize("NFD", name), 10) == text_width(name, 10)


def test_the_settebello_is_named_as_such_wherever_it_is_drawn() -> None:
    """HTML audit (stop 48): the settebello's gold frame had no words: in a position or a row
    of cards a screen reader heard "7 di quadri" alone; and the single card's "(the
    settebello)" stayed English on an Italian page."""
    from tutor.game.cards import SETTEBELLO
    from tutor.render.svg import card_svg, cards_svg

    row = cards_svg([SETTEBELLO, parse_card("7C")], "italian")
    assert "7 of denari (the settebello), 7 of coppe" in row
    with speaking("it"):
        assert "(il settebello)" in card_svg(SETTEBELLO, "italian")
        assert "(il settebello)" in cards_svg([SETTEBELLO], "italian")


def test_an_empty_hand_is_said_in_the_plural_in_italian() -> None:
    """Italian audit (stop 52): the review page said "Carte di Sud: vuota." (a hand is "carte",
    plural); the table stays "vuota"."""
    record = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    end = viewer_state(record.state_at(len(record.plays)), 0)
    with speaking("it"):
        text = html.unescape(position_svg(end, 0, record.players, record.style))
    assert "Carte di \u2068South\u2069: nessuna." in text  # the names as given (here the file's)
    assert "Tavola: vuota." in text
    assert "Your hand: empty." not in text


def test_to_play_is_never_broken_inside() -> None:
    """Render audit (stop 53): in Italian a side player's "(9) – di turno" was drawn as
    "(9) – di" over "turno"; the words of the turn now stay on one line."""
    from tutor.render.puzzle import position_file_svg

    record = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    with speaking("it"):
        svg = position_file_svg(record, 3, record.seat_of("South"))
    lines = re.findall(r"<tspan[^>]*>([^<]*)", svg) + re.findall(r"<text[^>]*>([^<]+)<", svg)
    assert "\u2013 di turno" in lines or "(9) \u2013 di turno" in lines, lines
    assert not any(line.rstrip().endswith((" di", "\u2013")) for line in lines), lines
