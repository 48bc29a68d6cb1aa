"""The HTML review: self-contained, escaped, and rendered in a real browser.

The browser test needs Debian's ``chromium`` (``.ci/run`` installs it when missing); without it
the test is skipped, so that ``make test`` still runs from a fresh clone with only Python.
"""

from __future__ import annotations

import re
import struct
import subprocess
import tempfile
import zlib
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import (
    EXAMPLES,
    FAST_PAGE,
    SEED003,
    browser_command,
    measure_each_in_browser,
    measure_in_browser,
    needs_browser,
)

from tutor.counting.tracker import viewer_state
from tutor.game.i18n import speaking
from tutor.records.record import HandRecord
from tutor.records.recordfile import load_path, loads
from tutor.records.replay import replay_match
from tutor.render.html import (
    CLASS_COLOURS,
    _names_isolated,
    files_page,
    loss_chart_svg,
    match_page,
    review_page,
)
from tutor.render.safe import isolated
from tutor.render.svg import position_svg
from tutor.review.match import FilesReview, MatchReview
from tutor.review.review import Review, review_record


@pytest.fixture(scope="module")
def review() -> Review:
    return review_record(
        load_path(SEED003)[0], ["You", "Ada"], settings=FAST_PAGE, hindsight_values=True
    )


def test_the_page_is_self_contained(review: Review) -> None:
    page = review_page(review)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    lowered = page.lower()
    for forbidden in ("<script", "src=", "url(", "@import", "<link", "<img", "https:"):
        assert forbidden not in lowered, forbidden
    # links only within the page (the decisions' table and the plays: HTML audit, stop 48)
    assert set(re.findall(r'href="(.)', page)) == {"#"}
    # the only http: is the SVG namespace, which is a name, not a fetch
    assert set(re.findall(r"http:[^\"']*", page)) == {"http://www.w3.org/2000/svg"}
    assert 'name="viewport"' in page
    for n in range(1, 37):
        assert f'id="play-{n}"' in page
    assert page.count('class="badge') >= 36  # every reviewed decision, and the legend
    assert "took-scopa" in page and "Rule of 48" in page and "Hindsight" in page
    # bug: the page rounded accuracy to whole percent where the terminal gives one decimal
    for s in review.summary().values():
        if s.accuracy is not None:
            assert f"{s.accuracy:.1f}% <small>accuracy" in page


def test_file_text_is_escaped() -> None:
    text = (
        'title: "<script>alert(1)</script>"\n'
        "ruleset: scopa\ndeck: french\nplayers: ['<b>You</b>', 'Ada & Bea']\n"
        "table: [2C, 4H, 5S, QD]\n"
        "deals:\n  - {'<b>You</b>': [7D, 7H, AS], 'Ada & Bea': [3H, KC, JD]}\n"
        "plays:\n  - {play: 7D x 2C 5S, note: '<img src=x onerror=alert(2)>'}\n  - 3H\n"
    )
    record = loads(text)[0]
    page = review_page(review_record(record, settings=FAST_PAGE))
    assert "<script>alert" not in page and "<img" not in page and "<b>You" not in page
    assert "&lt;script&gt;" in page and "&lt;b&gt;You&lt;/b&gt;" in page
    assert "Ada &amp; Bea" in page


def test_a_review_with_no_decision_says_so() -> None:
    """Bug: the page of a review with no decision showed empty summary cards and a chart of one
    point, where the terminal says 'No decision to review.'"""
    [record] = loads(
        "ruleset: scopa\ndeck: french\nplayers: [You, Ada]\ntable: [2C, 4H, 5S, QD]\n"
        "deals:\n  - {You: [7D, 7H, AS], Ada: [3H, KC, JD]}\nplays:\n  - 7D x 2C 5S\n"
    )
    page = review_page(review_record(record, ["Ada"], settings=FAST_PAGE))
    assert "No decision to review." in page and "<svg" not in page.split("Play by play")[0]
    judged = review_page(review_record(record, ["You"], settings=FAST_PAGE))
    assert "No decision to review." not in judged and "Expected points lost" in judged


# -- the real browser -------------------------------------------------------------------------


def _png_rows(path: Path) -> list[bytes]:
    """The filtered scanlines of a PNG (enough to tell a blank image from a drawn one)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8
            channels = {2: 3, 6: 4, 0: 1, 4: 2}[colour]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + width * channels
    assert len(raw) == stride * height
    return [raw[k * stride : (k + 1) * stride] for k in range(height)]


def _render(page: Path, shot: Path, width: int, height: int) -> str:
    with tempfile.TemporaryDirectory() as profile:
        command = browser_command(profile, width, height, f"--screenshot={shot}", page.as_uri())
        proc = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert shot.exists(), proc.stderr[-2000:]
    return proc.stderr


@needs_browser
@pytest.mark.parametrize(("width", "height"), [(1366, 1800), (390, 1600)], ids=["laptop", "phone"])
def test_the_page_renders_in_chromium(
    review: Review, tmp_path: Path, width: int, height: int
) -> None:
    page = tmp_path / "review.html"
    page.write_text(review_page(review), encoding="utf-8")
    shot = tmp_path / f"review-{width}.png"
    log = _render(page, shot, width, height)
    console = [line for line in log.splitlines() if ":CONSOLE" in line]
    assert not console, console
    rows = _png_rows(shot)
    assert len(rows) == height
    assert len(set(rows)) > height // 4, "the page looks blank"


BOARDS = """
return [...doc.querySelectorAll('.board')].map(b => ({
  scrolls: b.scrollWidth > b.clientWidth,
  role: b.getAttribute('role'),
  name: (doc.getElementById(b.getAttribute('aria-labelledby')) || {}).textContent || '',
}));
"""


@needs_browser
def test_the_boards_fit_a_laptop_and_a_scrolling_board_is_named(review: Review) -> None:
    """Bug: at 1280 px every rule-of-48 board overflowed its column by 3 to 8 px (36 unlabelled
    keyboard-focusable scroll areas, a scrollbar on each); now the boards fit, and a board that
    scrolls on a phone is a region named by its caption."""
    page = review_page(review)
    with speaking("it"):  # "DISPARI" made 21 of the 36 boards scroll: the column says "DISP"
        italian_page = review_page(review)
    # bug (HTML sweep): from 721 px two columns gave each board about 340 px of its 440, so
    # every board scrolled on a tablet; one column now holds until the boards fit
    shown = [(page, 1280), (italian_page, 1280), (page, 768), (page, 900), (page, 375)]
    *wide, phone = measure_each_in_browser(shown, BOARDS)
    for (_page, width), boards in zip(shown, wide, strict=False):
        assert len(boards) == 36 and not any(b["scrolls"] for b in boards), (width, boards)
    assert len(phone) == 36  # test audit, stop 57: an empty list passed the loop below
    for board in phone:
        assert board["role"] == "region" and board["name"].startswith("Rule of 48"), board


LONG_WORDS = (
    f"title: {'Long' * 750}\n"
    "ruleset: scopa\ndeck: french\n"
    f"players: [You, Bartolomeo{'o' * 300}]\n"
    "table: [2C, 4H, 5S, QD]\n"
    f"deals:\n  - {{You: [7D, 7H, AS], Bartolomeo{'o' * 300}: [3H, KC, JD]}}\n"
    "plays:\n"
    "  - {play: 7D x 2C 5S, note: 'See https://www.example.org/scopa/strategy/"
    "chitarrella-maxims/settebello-safety.html'}\n"
    f"  - {{play: 3H, note: {'x' * 3000}}}\n"
)
"""A record whose title, names and notes hold words far wider than any screen."""

OVERFLOW = """
const walker = doc.createTreeWalker(doc.querySelector('main'), NodeFilter.SHOW_TEXT);
const wide = [];
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const box = node.parentElement;
  if (box.closest('svg, td, th')) continue;  // drawings scale; a board's cells may scroll
  const range = doc.createRange();
  range.selectNodeContents(node);
  const right = Math.max(0, ...[...range.getClientRects()].map(r => r.right));
  if (right > win.innerWidth + 0.5) wide.push(box.tagName + '.' + box.className);
}
return {page: doc.documentElement.scrollWidth, window: win.innerWidth, wide: wide.slice(0, 8)};
"""


@needs_browser
@pytest.mark.parametrize("width", [1280, 375])
def test_long_words_wrap_inside_the_page(width: int) -> None:
    """Bug: a 3000-character word in a note made the page 44,304 px wide, and a URL in a note
    stuck out of a phone's screen; notes, observations, headings and captions now break long
    words anywhere."""
    page = review_page(review_record(loads(LONG_WORDS)[0], settings=FAST_PAGE))
    found = measure_in_browser(page, OVERFLOW, width)
    assert found["wide"] == [] and found["page"] == found["window"] == width, found


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    channels = [int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(one: str, other: str) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_class_colours_carry_white_text_readably() -> None:
    """Bug: white on the class badges and chips failed WCAG AA's 4.5:1 (good 2.72, inaccuracy
    2.27, mistake 3.09, forced 3.66, best 4.21)."""
    assert _contrast("#000000", "#ffffff") == pytest.approx(21)
    for cls, colour in CLASS_COLOURS.items():
        assert _contrast(colour, "#ffffff") >= 4.5, cls


CONTRAST = """
const rgb = s => s.match(/[\\d.]+/g).map(Number);
const lum = s => {
  const [r, g, b] = rgb(s).slice(0, 3).map(v => v / 255)
    .map(c => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const background = e => {
  for (; e; e = e.parentElement) {
    const c = win.getComputedStyle(e).backgroundColor;
    if (rgb(c).length < 4 || rgb(c)[3] > 0) return c;
  }
  return 'rgb(255, 255, 255)';
};
const low = [];
const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const e = node.parentElement;
  if (!node.textContent.trim() || e.closest('svg, style, title')) continue;
  const [a, b] = [lum(win.getComputedStyle(e).color), lum(background(e))];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) low.push([e.className || e.tagName, node.textContent.trim(), ratio.toFixed(2)]);
}
return low;
"""


@needs_browser
def test_every_text_of_the_page_reaches_4_5_to_1(review: Review) -> None:
    """Bug: the class badges and chips (white on light colours) and the board's orange "ODD"
    (4.24) failed WCAG AA; every text of the page, drawings aside, now reaches 4.5:1."""
    assert measure_in_browser(review_page(review), CONTRAST, 1280) == []


PRINTED = """
const boards = [...doc.querySelectorAll('.board')];
const clipped = boards.filter(b => {
  const table = b.querySelector('table').getBoundingClientRect();
  return b.scrollWidth > b.clientWidth || table.right > b.getBoundingClientRect().right + 0.5;
}).length;
const badges = [...doc.querySelectorAll('.badge, .chip')].map(e => {
  const style = win.getComputedStyle(e);
  return [style.color, parseFloat(style.borderTopWidth), style.borderTopColor];
});
const plays = [...doc.querySelectorAll('.play')].map(e => win.getComputedStyle(e).breakInside);
return {boards: boards.length, clipped, badges, plays: [...new Set(plays)],
        page: doc.documentElement.scrollWidth};
"""


@needs_browser
@pytest.mark.parametrize("width", [739, 718], ids=["letter", "a4"])
def test_the_page_prints_whole(review: Review, width: int) -> None:
    """Bug: printed, every rule-of-48 board was cut at column 6 (it scrolled), the badges and
    chips went pale without background graphics, and plays split across pages. The print style
    is applied here on screen at a page's width (Letter or A4 at Chromium's default margins)."""
    page = review_page(review)
    assert "@media print" in page
    found = measure_in_browser(page.replace("@media print", "@media all"), PRINTED, width)
    assert found["boards"] == 36 and found["clipped"] == 0 and found["page"] == width, found
    assert found["plays"] == ["avoid"]
    colours = {colour.lower() for colour in CLASS_COLOURS.values()}
    for text, border, border_colour in found["badges"]:
        # dark text on the paper, the class's colour in the border
        assert text == "rgb(29, 36, 48)" and border >= 1.5, (text, border)
        red, green, blue = (int(v) for v in re.findall(r"\d+", border_colour)[:3])
        assert f"#{red:02x}{green:02x}{blue:02x}" in colours, border_colour


def _renamed(one: str, other: str) -> HandRecord:
    """Seed 003 with You and Ada renamed."""
    text = SEED003.read_text(encoding="utf-8").replace("You", one).replace("Ada", other)
    return loads(text)[0]


LEGEND = """
const svg = doc.querySelector('svg');
const entries = [...svg.querySelectorAll('text')].filter(t => t.textContent.includes(': '));
const boxes = entries.map(t => {
  const b = t.getBBox();
  return [b.x, b.y, b.x + b.width, b.y + b.height];
});
return {boxes, width: svg.viewBox.baseVal.width};
"""


@needs_browser
@pytest.mark.parametrize(
    "names",
    [("Alessandro & Bartolomeo", "Massimiliano & Gianfranco"), ("W" * 300, "Ada")],
    ids=["realistic", "very-long"],
)
def test_the_chart_legend_never_overlaps(names: tuple[str, str]) -> None:
    """Bug: the legend's labels were drawn at x = 62 and 262, so "Alessandro & Bartolomeo:
    11.20" ran over "Massimiliano & Gianfranco: 7.00", which the chart's edge cut; and the two
    lines differed by colour alone. Now one entry a line, each inside the chart, and each side
    drawn with its own dash pattern and marker."""
    review = review_record(_renamed(*names), settings=FAST_PAGE, plays=[1, 2, 3])
    chart = loss_chart_svg(review)
    found = measure_in_browser(f"<!DOCTYPE html><html><body>{chart}</body></html>", LEGEND, 600)
    boxes = found["boxes"]
    assert len(boxes) == 2, found
    for x0, _y0, x1, _y1 in boxes:
        assert 0 <= x0 and x1 <= found["width"], found
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes
    assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, found
    for name in names:  # a name cut short is whole in the entry's title
        assert f"<title>{isolated(name)}: " in chart
    lines = re.findall(r"<polyline [^>]*>", chart)
    dashes = {re.search(r'stroke-dasharray="([^"]*)"', line) is not None for line in lines}
    assert len(lines) == 2 and dashes == {True, False}, lines
    markers = re.findall(r'<(?:circle|rect|path) class="marker side-(\d)"', chart)
    assert set(markers) == {"0", "1"}, markers


TEXT_SIZES = """
const sizes = [...doc.querySelectorAll('figure.position')].slice(0, 6).flatMap(f =>
  [...f.querySelectorAll('text')].map(t =>
    parseFloat(win.getComputedStyle(t).fontSize) * t.getScreenCTM().a));
return [Math.min(...sizes), Math.max(...sizes)];
"""


@needs_browser
def test_positions_read_on_a_phone() -> None:
    """Bug: at 375 px the positions' text (names, card ranks) came out at 7 to 8 CSS px. The
    drawing's text is larger for its size, and a phone gives the drawing more of its width."""
    record = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    page = review_page(review_record(record, ["South"], settings=FAST_PAGE, plays=[1, 5]))
    phone, laptop = measure_each_in_browser([(page, 375), (page, 1280)], TEXT_SIZES)
    assert phone[0] >= 10.5, phone
    assert laptop[1] <= 20, laptop


class _Outline(HTMLParser):
    """The page's headings in order, each with its level, its text and the play it is in."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[int, str, str]] = []
        self._level = 0
        self._play = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self._play = dict(attrs).get("id") or ""
        elif re.fullmatch(r"h[1-6]", tag):
            self._level = int(tag[1])
            self.headings.append((self._level, "", self._play))

    def handle_endtag(self, tag: str) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self._level = 0
        elif tag == "article":
            self._play = ""

    def handle_data(self, data: str) -> None:
        if self._level:
            level, text, play = self.headings[-1]
            self.headings[-1] = (level, text + data, play)


def test_the_headings_outline_the_page(review: Review) -> None:
    """Bug: the headings jumped from h1 to h3 (the players' panels), and a play had no
    heading, so a screen reader could not jump from play to play. Now h1, then h2 sections,
    and each play an h3 such as "Play 3: You AS"."""
    outline = _Outline()
    outline.feed(review_page(review))
    levels = [level for level, _text, _play in outline.headings]
    assert levels[0] == 1 and levels.count(1) == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels
    plays = {play: text for level, text, play in outline.headings if play}
    assert len(plays) == 36
    record = review.record
    for n, move in enumerate(record.moves(), start=1):
        mover = record.state_at(n - 1).turn
        shown = " ".join(plays[f"play-{n}"].split())
        assert shown == f"Play {n}: {record.players[mover]} {move.text(record.style)}", shown


def test_a_move_is_never_split_across_lines(review: Review) -> None:
    """Bug (HTML sweep): on a phone "best: 6D x AD" ended a line and "2S 3C" began the next;
    every move is in a span whose style keeps it on one line."""
    page = review_page(review)
    rule = re.search(r"\.move \{([^}]*)\}", page)
    assert rule is not None and "white-space: nowrap" in rule.group(1)
    assert page.count('<span class="move">') >= 36


# -- right-to-left names ------------------------------------------------------------------------

HEBREW, ARABIC = "דוד", "سارة"

COUNT_BESIDE_NAME = """
const t = [...doc.querySelectorAll('text.seat')].find(e => e.textContent.includes('('));
const s = [...t.textContent];
const x = i => t.getStartPositionOfChar(i).x;
const name = s.map((ch, i) => [ch, i]).filter(([ch]) => /[\\u0590-\\u05ff]/.test(ch));
return {name: name.map(([, i]) => x(i)), count: x(s.indexOf('('))};
"""


@needs_browser
def test_a_right_to_left_name_keeps_its_count_on_its_right() -> None:
    """Bug (HTML sweep): a drawing wrote "NAME (3)" with the name bare, so when the name was
    Hebrew the browser drew "(3)" on its left, as if it were part of the name. Each name now
    stands between isolate marks (FSI ... PDI), as <bdi> does in HTML."""
    record = _renamed("You", HEBREW)
    you = record.players.index("You")
    svg = position_svg(viewer_state(record.state_at(1), you), you, record.players, record.style)
    found = measure_in_browser(f"<!DOCTYPE html><html><body>{svg}</body></html>",
                               COUNT_BESIDE_NAME, 600)  # fmt: skip
    assert len(found["name"]) == 3, found
    assert found["count"] > max(found["name"]), found


def test_right_to_left_names_are_isolated_on_the_page() -> None:
    """Every name on the page (headings, captions, the summary, the chart, the drawings'
    labels and accessible names, the observations' texts) stands in <bdi> or between isolate
    marks, so that the words and figures around it keep their places."""
    record = _renamed(ARABIC, HEBREW)
    page = review_page(review_record(record, settings=FAST_PAGE, plays=list(range(1, 13))))
    for name in (ARABIC, HEBREW):
        spots = [m.start() for m in re.finditer(name, page)]
        assert len(spots) > 20, name
        for at in spots:  # inside a <bdi> or an FSI ... PDI (a note's <bdi> may hold a name)
            in_bdi = page.rfind("<bdi", 0, at) > page.rfind("</bdi>", 0, at)
            in_marks = page.rfind("\u2068", 0, at) > page.rfind("\u2069", 0, at)
            assert in_bdi or in_marks, page[max(0, at - 60) : at + 20]


def test_finding_names_again_never_breaks_an_escape() -> None:
    """The names in a sentence the tutor made are found again on the page; a player called
    "amp" or "x27" must not be found inside "&amp;" or "&#x27;"."""
    assert _names_isolated("amp & x27's amp", ["amp", "x27"]) == (
        "<bdi>amp</bdi> &amp; <bdi>x27</bdi>&#x27;s <bdi>amp</bdi>"
    )
    assert _names_isolated("Ada took", ["Ada & Bea", "Ada"]) == "<bdi>Ada</bdi> took"


# -- what the page says of the hand, and to whom --------------------------------------------------


def test_the_records_event_date_and_note_are_on_the_page() -> None:
    """Bug (HTML sweep): the record's own words about the hand (event, date, note) were not on
    the page, though partial-view.yaml's note says that only South's cards are known; each is
    now a line under the heading, in the language of the run when the record gives it."""
    text = "event: Circolo <b>Sud</b>\ndate: 2026-11-29\n" + (
        EXAMPLES / "partial-view.yaml"
    ).read_text(encoding="utf-8")
    record = loads(text)[0]
    review = review_record(record, settings=FAST_PAGE, plays=[1])
    page = review_page(review)
    assert "Event: <bdi>Circolo &lt;b&gt;Sud&lt;/b&gt;</bdi>" in page
    assert "Date: <bdi>2026-11-29</bdi>" in page
    assert "Note: <bdi>Only South&#x27;s nine cards are in the deal;" in page
    with speaking("it"):
        italian = review_page(review)
    assert "Nota: <bdi>La distribuzione dà solo le nove carte di Sud;" in italian


def test_boards_and_chart_speak_to_assistive_technology(review: Review) -> None:
    """Bug (HTML sweep): a board's row labels were plain cells and its column heads had no
    scope, so a screen reader read "3" without "on table"; a board that scrolls could not be
    reached by the keyboard to scroll it; the chart's accessible name gave its title and not
    the figures its legend shows."""
    page = review_page(review)
    boards = re.findall(r'<div class="board"[^>]*>.*?</table>', page)
    assert len(boards) == 36
    for board in boards:
        assert 'tabindex="0"' in board.split(">", 1)[0]
        rows = re.findall(r"<tr>(.*?)</tr>", board)
        assert len(rows) == 6
        assert rows[0].count('<th scope="col">') == 11
        for row in rows[1:]:
            assert row.startswith('<th scope="row">') and row.count("<th") == 1, row
    label = re.search(r'<svg [^>]*aria-label="(Expected points lost[^"]*)"', page)
    assert label, "the chart has no accessible name"
    final = review.running_loss()[-1]
    names = review.record.team_names()
    for side, points in enumerate(final):
        assert f"{isolated(names[side])} {points:.2f}" in label.group(1), label.group(1)


def test_observations_read_in_the_pages_language(review: Review) -> None:
    """Bug (HTML sweep): the Italian page showed each observation's code and maxim key
    (took-scopa, take-the-scopa) as its words; it now shows them in the page's language, the
    codes (the same in every language, as in the JSON) kept in tooltips and data attributes."""
    with speaking("it"):
        page = review_page(review)
    items = re.findall(r'<li class="(?:praise|against)"[^>]*>.*?</li>', page)
    assert items
    for item in items:
        code = re.search(r'data-code="([^"]+)"', item).group(1)  # type: ignore[union-attr]
        maxim = re.search(r'data-maxim="([^"]+)"', item).group(1)  # type: ignore[union-attr]
        shown = re.sub(r"<[^>]+>", "", item)
        assert code not in shown and maxim not in shown, item
        assert f'title="{code}"' in item and f'title="{maxim}"' in item
    assert "scopa fatta" in page or "scopa mancata" in page


PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![s\w])")

SMALLEST_TEXT = """
const sizes = [...doc.querySelectorAll('.play *')]
  .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .filter(e => !e.closest('svg'))
  .map(e => parseFloat(win.getComputedStyle(e).fontSize));
return Math.min(...sizes);
"""


@needs_browser
def test_a_printed_hand_holds_two_plays_a_page(review: Review, tmp_path: Path) -> None:
    """Bug (HTML sweep): printed, the 36 plays of seed 003 took 26 Letter pages, most plays
    alone on a page with half of it blank. In print the board now stands under the facts,
    beside the drawing, and the text is set at 10 pt: 17 pages, no play split, no text under
    7 pt."""
    page = tmp_path / "review.html"
    page.write_text(review_page(review), encoding="utf-8")
    pdf = tmp_path / "review.pdf"
    with tempfile.TemporaryDirectory() as profile:
        command = browser_command(
            profile, 1000, 1000, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri()
        )
        proc = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert pdf.exists(), proc.stderr[-2000:]
    pages = len(PAGE_OBJECT.findall(pdf.read_bytes()))
    assert 2 <= pages <= 20, pages
    printed = review_page(review).replace("@media print", "@media all")
    smallest = measure_in_browser(printed, SMALLEST_TEXT, 718)
    assert smallest >= 7 * 96 / 72 - 0.01, smallest  # 7 pt in CSS pixels


def test_the_page_writes_a_cost_interval_as_the_terminal_does() -> None:
    """Found by a user: the page wrote "0,00–0,74" where the terminal writes [0.00, 0.74]
    (and solve once wrote 0.00 .. 0.74): one notation for an interval everywhere."""
    record = load_path(SEED003)[0]
    page = review_page(review_record(record, ["You"], settings=FAST_PAGE, plays=[1, 3, 21]))
    assert re.search(r"\d\.\d\d \[\d\.\d\d, \d\.\d\d\]", page), page
    assert not re.search(r"\d\.\d\d\u2013\d", page)


def test_the_chart_names_sides_or_players_as_the_game_has_them() -> None:
    """Found by an audit of the Italian: the chart said "ciascuna parte"; a game of partners
    has sides ("ciascuna squadra"), scopa players ("ciascun giocatore")."""
    review = review_record(load_path(SEED003)[0], settings=FAST_PAGE, plays=[1, 2])
    assert "Expected points lost by each player, play by play" in loss_chart_svg(review)
    with speaking("it"):
        assert "Punti attesi persi da ciascun giocatore" in loss_chart_svg(review)


def test_the_page_leads_to_the_plays_that_matter(review: Review) -> None:
    """HTML audit (stop 48): the page had no "costliest plays" (the terminal's place to look
    first) and nothing linked to the plays: finding one mistake in 36 panels meant scrolling
    some 20,000 pixels. A table of the decisions links every play, each play links back, the
    costliest are linked from each player's summary, and an observation says in words whether
    it follows or goes against its maxim (its colour alone did)."""
    page = review_page(review)
    index = page.split('id="decisions"', 1)[1].split("</section>", 1)[0]
    assert all(f'href="#play-{d.play}"' in index for d in review.decisions)
    assert page.count('href="#decisions"') == len(review.record.plays)
    summary = page.split('class="summary"', 1)[1].split('id="decisions"', 1)[0]
    assert re.search(r'Costliest:</b> <a href="#play-21">play 21: <span class="move">2S', summary)
    assert "(against a maxim)" in page and "(as a maxim advises)" in page


def test_the_chart_names_the_players_reviewed_not_their_side() -> None:
    """HTML audit (stop 48): with South alone reviewed, the chart said "North-South 2.45", as
    if the side had lost it; North was never judged."""
    record = load_path(EXAMPLES / "partial-view.yaml")[0]
    partial = review_record(record, ["South"], settings=FAST_PAGE, plays=[1, 5])
    label = re.search(r'aria-label="(Expected[^"]*)"', loss_chart_svg(partial))
    assert label is not None and "South" in label.group(1) and "North" not in label.group(1)


def test_the_page_ends_with_the_hand_s_result(review: Review) -> None:
    """HTML audit (stop 48): the page ended after the last play; the score (seed 003's own note
    says "You 5 points, Ada 1") was only in tutor replay. It ends with the leftover and the
    score of the hand, as replay gives them."""
    page = review_page(review)
    score = page.split("Score of the hand", 1)[1]
    assert "<bdi>Ada</bdi> captured last and takes" in score
    totals = re.findall(r'<td class="num"><b>(\d+)</b></td>', score)
    assert totals == ["5", "1"], totals
    assert "73 = 7D 7H 5S AC" in score


def test_the_classes_legend_heads_its_rows(review: Review) -> None:
    """HTML audit (stop 48): the legend of the classes was a table with no header cell."""
    legend = review_page(review).split('<table class="legend">', 1)[1].split("</table>", 1)[0]
    assert legend.count('<th scope="row">') == legend.count("<tr>") == 6


def test_an_uncertain_badge_runs_from_the_milder_class_s_colour_to_the_harsher_s() -> None:
    """HTML audit (stop 48): a best–blunder badge was green alone, so a page skimmed by colour
    passed a play that may cost a point as fine."""
    from tutor.render.html import _badge

    badge = _badge("best", uncertain=True, high=1.4)
    assert f"--class:{CLASS_COLOURS['best']}" in badge
    assert f"--class-high:{CLASS_COLOURS['blunder']}" in badge
    assert "--class-high" not in _badge("best")


def test_the_page_s_score_has_the_ruleset_s_every_category() -> None:
    """Found re-reading the change (stop 48): the page's own copy of the score table had no
    re bello or napola row and no missing-suit note; the page and replay now draw the same
    cells (render.scores.score_cells)."""
    from tutor.records.replay import replay_hand
    from tutor.render.html import score_section

    text = (EXAMPLES / "seed003-scopa.yaml").read_text(encoding="utf-8")
    record = loads(text.replace("ruleset: scopa\n", "ruleset: scopa-re-bello\n", 1))[0]
    assert replay_hand(record).score is not None
    page = score_section(replay_hand(record))  # the review's page's and the replay's
    assert "re bello" in page.lower() and "napola" in page.lower(), page


def test_end_markers_of_sides_that_end_level_are_both_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop 48's list: two sides that ended with the same loss drew their end markers on the
    same spot, one hiding the other."""
    review = review_record(_renamed("Cy", "Bea"), settings=FAST_PAGE, plays=[1, 2])
    monkeypatch.setattr(type(review), "running_loss", lambda self: [[0.0, 0.0], [0.5, 0.5]])
    assert review.seats == [0, 1]  # both sides reviewed: a line each
    chart = loss_chart_svg(review)
    # each side's first marker is its line's end (the legend's come after)
    circle = re.search(r'<circle class="marker side-0"[^>]* cx="([\d.]+)" cy="([\d.]+)"', chart)
    square = re.search(r'<rect class="marker side-1"[^>]* x="([\d.]+)" y="([\d.]+)"', chart)
    assert circle and square, chart
    # the circle is placed by its centre, the 8-pixel square by its corner
    ends = [(float(circle[1]), float(circle[2])), (float(square[1]) + 4, float(square[2]) + 4)]
    (x0, y0), (x1, y1) = ends
    assert abs(y0 - y1) < 1 and abs(x0 - x1) >= 9, ends


def test_the_decisions_table_heads_each_column_once_in_italian(review: Review) -> None:
    """HTML audit (stop 51): in Italian the table of decisions was headed 'giocata | giocatore
    | giocata | ...': the play's number and the move took one word. Every header differs."""
    with speaking("it"):
        page = review_page(review)
    index = page.split('id="decisions"', 1)[1].split("</thead>", 1)[0]
    heads = re.findall(r'<th scope="col">([^<]*)</th>', index)
    assert heads[:3] == ["n.", "giocatore", "giocata"], heads
    assert len(set(heads)) == len(heads) == 6, heads


AXIS = """
const svg = doc.querySelector('svg');
const labels = [...svg.querySelectorAll('text[text-anchor="end"]')];
return {boxes: labels.map(t => { const b = t.getBBox(); return [t.textContent, b.x]; })};
"""


@needs_browser
def test_the_charts_axis_figures_are_drawn_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """HTML audit (stop 51): with under 0.1 points lost the axis read .025 and .075: '0.025',
    right-aligned 6 units from a plot 40 units in, began at x = -9, outside the drawing."""
    review = review_record(_renamed("You", "Ada"), settings=FAST_PAGE, plays=[1, 2])
    small = [[0.0, 0.0], [0.03, 0.0], [0.09, 0.01]]
    monkeypatch.setattr(type(review), "running_loss", lambda self: small)
    chart = loss_chart_svg(review)
    found = measure_in_browser(f"<!DOCTYPE html><html><body>{chart}</body></html>", AXIS, 600)
    figures = dict(found["boxes"])
    assert {"0.025", "0.075", "0.1"} <= figures.keys(), found
    assert all(x >= 0 for x in figures.values()), found


PAGE_WIDTH = "return {page: doc.documentElement.scrollWidth};"


@needs_browser
def test_a_long_leftover_wraps_on_a_phone(tmp_path: Path) -> None:
    """HTML audit (stop 51): with capture optional, 19 cards were left on the table at the end,
    and their list, set like a move that never breaks, made the page 920 px wide on a phone of
    390. A list of cards wraps between them."""
    (tmp_path / "lay.yaml").write_text(
        "name: lay\nplayers: 2\nsides: 2\nhand_size: 3\ntable_cards: 4\nforced_capture: false\n"
        "redeal_kings: 0\n"
    )
    record = tmp_path / "hand.yaml"
    deal = SEED003.read_text(encoding="utf-8").split("plays:")[0]
    record.write_text(deal.replace("ruleset: scopa", "ruleset: lay.yaml"))
    [hand] = load_path(record)
    state = hand.initial_state()
    plays = []
    while not state.is_over():  # lay a card every turn, but the first, which takes
        moves = state.legal_moves()
        move = next((m for m in moves if bool(m.capture) != bool(plays)), moves[0])
        plays.append(move.text(hand.style))
        state.push(move)
    record.write_text(record.read_text() + "plays: [" + ", ".join(plays) + "]\n")
    [hand] = load_path(record)
    review = review_record(hand, settings=FAST_PAGE, plays=[2])
    page = review_page(review)
    assert page.count('<span class="cards">') == 1
    assert measure_in_browser(page, PAGE_WIDTH, 390)["page"] == 390


TABLES = """
return [...doc.querySelectorAll('.index')].map(b => ({
  scrolls: b.scrollWidth > b.clientWidth,
  role: b.getAttribute('role'),
  focusable: b.tabIndex >= 0,
  name: (doc.getElementById(b.getAttribute('aria-labelledby')) || {}).textContent || '',
  badges: [...b.querySelectorAll('.badge')].filter(s => s.getClientRects().length > 1).length,
}));
"""


@needs_browser
def test_a_long_name_wraps_in_the_decisions_and_the_tables_are_named_regions() -> None:
    """Render audit (stop 53): a 500-letter player name pushed the move, class and cost columns
    of the decisions out of sight at 1280 px; the boxes that scroll were not reachable by
    keyboard nor named, as the boards are; a class badge broke at its dash on a phone."""
    text = SEED003.read_text(encoding="utf-8").replace("You", "N" * 500)
    page = review_page(review_record(loads(text)[0], settings=FAST_PAGE, plays=[1, 2, 3]))
    whole = review_record(load_path(SEED003)[0], settings=FAST_PAGE)
    laptop, phone = measure_each_in_browser([(page, 1280), (review_page(whole), 390)], TABLES)
    assert [t["name"] for t in laptop] == ["Decisions", "Score of the hand"], laptop
    assert not any(t["scrolls"] for t in laptop), laptop
    assert all(t["role"] == "region" and t["focusable"] for t in laptop), laptop
    # test audit, stop 57: an empty list passed the check of the badges
    assert [t["name"] for t in phone] == ["Decisions", "Score of the hand"], phone
    assert not any(t["badges"] for t in phone), phone


def test_a_forced_decision_s_cost_is_written_alone(review: Review) -> None:
    """Render audit (stop 53): a play with one legal move cost "0.00 [0.00, 0.00]" in the
    decisions while every exact row said "0.00": nothing was measured, nothing is bracketed."""
    forced = [d for d in review.decisions if d.judgement.classification == "forced"]
    assert any(not d.judgement.exact for d in forced)  # one legal move: not an exact solve
    assert all(d.judgement.cost_text() == "0.00" for d in forced)
    index = review_page(review).split('id="decisions"', 1)[1].split("</section>", 1)[0]
    for d in forced:
        row = index.split(f'href="#play-{d.play}"', 1)[1].split("</tr>", 1)[0]
        assert '<td class="num" data-label="cost">0.00</td>' in row, row


@pytest.fixture(scope="module")
def match() -> list[Review]:
    hands = load_path(EXAMPLES / "scopa-match.yaml")
    return [
        review_record(record, None, settings=FAST_PAGE, hand=n)
        for n, record in enumerate(hands, start=1)
    ]


class _Anchors(HTMLParser):
    """Every id of a page, and every link inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        href = found.get("href") or ""
        if tag == "a" and href.startswith("#"):
            self.links.append(href[1:])
        labelled = found.get("aria-labelledby")
        if labelled:
            self.links.append(labelled)


def test_a_match_page_holds_every_hand_with_ids_of_its_own(match: list[Review]) -> None:
    """review --match --html: one page of the match. Every hand's ids begin with its number
    (one hand's "play-3" link must not lead to another's), every link and label finds its
    target, the headings nest, and the match's costliest decisions name their hand."""
    page = match_page(match, replay_match(load_path(EXAMPLES / "scopa-match.yaml")))
    anchors = _Anchors()
    anchors.feed(page)
    assert len(anchors.ids) == len(set(anchors.ids)), "an id twice"
    assert set(anchors.links) <= set(anchors.ids), set(anchors.links) - set(anchors.ids)
    for n in range(1, 5):
        assert f"h{n}-hand" in anchors.links and f"h{n}-play-1" in anchors.ids
    outline = _Outline()
    outline.feed(page)
    levels = [level for level, _text, _play in outline.headings]
    assert levels[0] == 1 and levels.count(1) == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels
    hands = [text for level, text, _play in outline.headings if level == 2]
    assert [h for h in hands if h.startswith("Hand ")] == [f"Hand {n} of 4" for n in range(1, 5)]
    worst = re.findall(r'<a href="#(h\d-play-\d+)">hand (\d), play (\d+):', page)
    assert worst and all(a == f"h{h}-play-{p}" for a, h, p in worst)
    # the contents give each hand's points, the players in the first hand's order
    assert re.search(r"Hand 2 of 4</a>: <bdi>Bruno</bdi> \d+, <bdi>Carla</bdi> \d+</li>", page)


def test_a_match_page_escapes_the_event() -> None:
    hands = load_path(EXAMPLES / "scopa-match.yaml")
    first = replace(hands[0], info={**hands[0].info, "event": "<script>x</script> & co"})
    review = review_record(first, None, settings=FAST_PAGE, hand=1)
    page = match_page([review], replay_match(hands))
    assert "<script>" not in page
    assert (
        "<h1>Review of the match: <bdi>&lt;script&gt;x&lt;/script&gt; &amp; co</bdi></h1>" in page
    )
    assert "<title>Review of the match: \u2068&lt;script&gt;x" in page
    assert "1 hand of 4 reviewed" in page
    assert "&amp;lt;" not in page and "&amp;lt;" not in review_page(review)  # escaped once


@needs_browser
def test_a_match_page_renders_in_chromium(match: list[Review], tmp_path: Path) -> None:
    page = tmp_path / "match.html"
    whole = replay_match(load_path(EXAMPLES / "scopa-match.yaml"))
    page.write_text(match_page(match, whole), encoding="utf-8")
    shot = tmp_path / "match.png"
    log = _render(page, shot, 390, 1600)
    assert not [line for line in log.splitlines() if ":CONSOLE" in line]
    rows = _png_rows(shot)
    assert len(set(rows)) > 1600 // 4, "the page looks blank"


def test_a_match_page_says_the_result_and_what_ctrl_c_left_out(match: list[Review]) -> None:
    """Match-page audit (stop 55): after Ctrl-C the hand cut short was counted as reviewed and
    listed like the others; the page never gave the match's result; a hand had no way back to
    the list; and a hand with no play kept an empty "Play by play" heading."""
    hands = load_path(EXAMPLES / "scopa-match.yaml")
    cut = [*match[:2], replace(match[2], interrupted=True)]
    page = match_page(cut, replay_match(hands))
    assert "2 hands of 4 reviewed, hand 3 in part" in page
    last = max(d.play for d in match[2].decisions)
    assert (
        f"Hand 3 of 4</a>: <bdi>Bruno</bdi> 4, <bdi>Carla</bdi> 2 (reviewed up to play {last})"
        in (page)
    )
    assert page.count("Interrupted: the review stops") == 3  # the top; hand 3: its head, its plays
    assert "<b>Winner: Carla (Bruno 8, Carla 11; target 11).</b>" in page
    assert page.count('<a class="back" href="#hands">all hands</a>') == 3
    empty = review_record(hands[0].cut(0), None, settings=FAST_PAGE, hand=1)
    alone = match_page([empty], replay_match([empty.record]))
    assert "Play by play" not in alone and "No decision to review." in alone
    assert "Hand 1</a>: not played to the end</li>" in alone  # not "Hand 1 of 1"


def _season(match: list[Review], review: Review) -> FilesReview:
    """A review of two files: the match example's hands ``match``, then ``review``'s one."""
    hands = load_path(EXAMPLES / "scopa-match.yaml")
    return FilesReview(
        [
            ("season/a.yaml", MatchReview(hands, match)),
            ("b.yaml", MatchReview([review.record], [review])),
        ]
    )


def test_a_files_page_holds_each_files_hands_with_ids_of_their_own(
    match: list[Review], review: Review
) -> None:
    """review A.yaml B.yaml --html: one page of several files. Each hand's ids begin with its
    file's number and its own (two files' "h1-play-3" must not collide), every link and label
    finds its target, the headings nest, the summary is over every hand, and the costliest
    plays name their file and hand and lead to them."""
    page = files_page(_season(match, review))
    anchors = _Anchors()
    anchors.feed(page)
    assert len(anchors.ids) == len(set(anchors.ids)), "an id twice"
    assert set(anchors.links) <= set(anchors.ids), set(anchors.links) - set(anchors.ids)
    for pre in ("f1-h1-", "f1-h2-", "f1-h3-", "f1-h4-", "f2-h1-"):
        assert f"{pre}hand" in anchors.links and f"{pre}play-1" in anchors.ids
    assert {"f1-file", "f2-file", "hands"} <= set(anchors.links)
    outline = _Outline()
    outline.feed(page)
    levels = [level for level, _text, _play in outline.headings]
    assert levels[0] == 1 and levels.count(1) == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels
    heads = [(level, text) for level, text, _play in outline.headings if level <= 3]
    assert heads[0] == (1, "Review of 2 files")
    # bug (HTML audit): each file was headed by its path as typed, a long absolute path; now
    # by the match's event or the hand's title, the path under it, and no "Hand 1 of 1"
    files = [text for level, text in heads if level == 2][3:]
    assert files == ["A match of scopa", "Seed 003: a worked example of scopa"], heads
    for name in ("season/a.yaml", "b.yaml"):
        assert f'<p class="meta subtitle">file <bdi>{name}</bdi> \u00b7 ' in page
        assert f"(file <bdi>{name}</bdi>)" in page  # in the contents too
    hands = [text for level, text in heads if level == 3 and text.startswith("Hand ")]
    assert hands == [f"Hand {n} of 4" for n in range(1, 5)] + ["Hand 1"]
    assert "2 files, 5 hands reviewed" in page
    # the summary over both files: every player, each once, before the files' list
    summary = page[: page.index('id="hands"')]
    for name in ("Bruno", "Carla", "You", "Ada"):
        assert summary.count(f"<h3><bdi>{name}</bdi></h3>") == 1, name
    worst = re.findall(r'<a href="#(f(\d)-h(\d)-play-(\d+))">([^<]+), hand (\d), play (\d+):', page)
    assert worst
    names = {"1": "season/a.yaml", "2": "b.yaml"}
    for anchor, f, h, p, shown, hand, play in worst:
        assert (names[f], h, p) == (shown, hand, play) and anchor in anchors.ids
    assert {f for _a, f, *_rest in worst} == {"1", "2"}
    # the match's result in the list; a file of one hand gives that hand's points alone
    assert page.count("Winner: Carla (Bruno 8, Carla 11; target 11).") == 2  # list, section
    assert re.search(r"Hand 1</a>: <bdi>You</bdi> \d+, <bdi>Ada</bdi> \d+</li>", page)
    # bug (HTML audit): "all files" and "all hands" both led to the contents; one name now
    assert page.count('<a class="back" href="#hands">all files</a>') == 2 + 5
    assert "all hands" not in page
    assert "Interrupted" not in page and "in part" not in page


def test_a_files_page_escapes_names_events_and_file_names() -> None:
    """A file's name, its event and its players' names are the files' words: escaped, once."""
    text = re.sub(r"(?<=[\[{])You", "'<script>You</script>'", SEED003.read_text(encoding="utf-8"))
    text = text.replace('title: "', 'event: "<script>alert(3)</script> & co"\ntitle: "<script>')
    record = loads(text)[0]
    review = review_record(record, settings=FAST_PAGE)
    name = "<script>alert(2)</script>.yaml"
    page = files_page(FilesReview([(name, MatchReview([record], [review]))]))
    assert "<script" not in page and "&amp;lt;" not in page  # escaped, and once
    assert "<h2><bdi>&lt;script&gt;Seed 003: a worked example of scopa</bdi></h2>" in page
    assert "file <bdi>&lt;script&gt;alert(2)&lt;/script&gt;.yaml</bdi>" in page
    assert "Event: <bdi>&lt;script&gt;alert(3)&lt;/script&gt; &amp; co</bdi>" in page
    assert "<h3><bdi>&lt;script&gt;You&lt;/script&gt;</bdi></h3>" in page  # the summary
    assert "&lt;script&gt;alert(2)&lt;/script&gt;.yaml, hand 1, play" in page  # costliest


def test_a_files_page_says_what_ctrl_c_left_out(match: list[Review], review: Review) -> None:
    page = files_page(_season(match[:1], replace(review, interrupted=True)))
    assert "2 files, 1 hand reviewed and one in part" in page
    last = max(d.play for d in review.decisions)
    assert f"Hand 1</a>: <bdi>You</bdi> 5, <bdi>Ada</bdi> 1 (reviewed up to play {last})" in page
    assert page.count("Interrupted: the review stops") == 3  # the top; the hand: head, plays
    # Ctrl-C before the last files: how many were to be reviewed (bad-input audit, stop 60)
    season = _season(match[:1], replace(review, interrupted=True))
    season.asked = 3
    assert "2 of 3 files, 1 hand reviewed and one in part" in files_page(season)
    from tutor.render.review import files_review_view

    head = files_review_view(season)[0]
    assert str(head).startswith("Review of 2 of 3 files: 1 hand reviewed and one in part")


@needs_browser
def test_a_files_page_renders_in_chromium(
    match: list[Review], review: Review, tmp_path: Path
) -> None:
    page = tmp_path / "files.html"
    page.write_text(files_page(_season(match, review)), encoding="utf-8")
    shot = tmp_path / "files.png"
    log = _render(page, shot, 390, 1600)
    assert not [line for line in log.splitlines() if ":CONSOLE" in line]
    rows = _png_rows(shot)
    assert len(set(rows)) > 1600 // 4, "the page looks blank"


@pytest.fixture(scope="module")
def four() -> Review:
    """A hand of scopone reviewed for its four players: four summary cards side by side."""
    return review_record(load_path(EXAMPLES / "scopone-hand.yaml")[0], None, settings=FAST_PAGE)


HABITS = """
return [...doc.querySelectorAll('table.habits')].map(t => {
  const card = t.closest('.player'), inner = card.getBoundingClientRect();
  const room = inner.right - parseFloat(win.getComputedStyle(card).paddingRight);
  const box = t.parentElement.getBoundingClientRect();
  return {
    spill: Math.max(0, Math.min(t.getBoundingClientRect().right, box.right) - room),
    cut: Math.max(0, t.getBoundingClientRect().right - box.right),
    boxed: t.parentElement.scrollWidth > t.parentElement.clientWidth
      ? t.parentElement.getAttribute('role') === 'region' && t.parentElement.tabIndex >= 0 : true,
    pads: [...t.querySelectorAll('th:not(:first-child), td:not(:first-child)')]
      .map(c => parseFloat(win.getComputedStyle(c).paddingLeft)),
  };
});
"""


@needs_browser
def test_the_habits_tables_stay_inside_the_players_cards(four: Review) -> None:
    """HTML audit: with four players at 1280 px the tables of the maxims each player's plays
    went against spilled some 22 px out of their cards ("points lost on them" and its figures
    cut), and their headings, 1 px apart, ran together ("observation times costly"). The
    cards are wide enough for the table, a too narrow one scrolls in a named box, and the
    columns stand apart."""
    page = review_page(four)
    found = measure_each_in_browser([(page, 1280), (page, 390)], HABITS)
    for tables in found:
        assert len(tables) == 4, tables
        for table in tables:
            assert table["spill"] <= 0.5 and table["cut"] == 0 and table["boxed"], table
            assert min(table["pads"]) >= 6, table


DECISIONS = """
const box = doc.querySelector('.decisions'), room = box.getBoundingClientRect();
const cells = [...box.querySelectorAll('td, .badge')].filter(c => c.getClientRects().length);
return {
  scrolls: box.scrollWidth > box.clientWidth,
  out: cells.filter(c => c.getBoundingClientRect().right > room.right + 0.5).length,
  cut: [...box.querySelectorAll('.badge')].filter(s => s.getClientRects().length > 1).length,
  labels: [...box.querySelectorAll('tbody tr:first-child td')]
    .map(c => win.getComputedStyle(c, '::before').content),
};
"""


@needs_browser
def test_the_decisions_fit_a_phone(review: Review) -> None:
    """HTML audit: at 390 px the decisions' table was 621 px wide in a box of 325, its cost
    and best move out of sight and its badges cut ("mistake\u2013blunde"), with nothing to say
    that it scrolled. On a phone each decision is a card: the play, the player and the move on
    a line, the class, the cost and the best move (each named) under them."""
    page = review_page(review)
    laptop, phone = measure_each_in_browser([(page, 1280), (page, 390)], DECISIONS)
    assert not laptop["scrolls"] and laptop["out"] == 0, laptop
    assert not phone["scrolls"] and phone["out"] == 0 and phone["cut"] == 0, phone
    assert phone["labels"][4:] == ['"cost: "', '"best: "'], phone
    assert laptop["labels"][4:] == ["none", "none"], laptop


@needs_browser
def test_the_rule_of_48_boards_fit_a_phone(review: Review) -> None:
    """HTML audit: at 390 px each board was 8 to 12 px too wide, so the king's column needed a
    sideways scroll though the CSS said its ten values fit; a small phone sets it smaller."""
    page = review_page(review)
    phone, small = measure_each_in_browser([(page, 390), (page, 375)], BOARDS)
    for boards in (phone, small):
        assert len(boards) == 36 and not any(b["scrolls"] for b in boards), boards


TARGETS = """
return [...doc.querySelectorAll('.decisions a, .costliest a, a.back, nav a')]
  .filter(a => a.getClientRects().length)
  .map(a => { const r = a.getBoundingClientRect();
    return [a.className || a.parentElement.className, r.width, r.height]; })
  .filter(([, w, h]) => w < 24 || h < 24);
"""


@needs_browser
def test_the_links_are_targets_of_24_px_at_least(match: list[Review]) -> None:
    """HTML audit: the play numbers of the decisions (about 9 x 16 CSS px), the costliest plays
    and the ways back ("all decisions", about 16 px tall) were too small to tap; WCAG 2.2 asks
    for 24 x 24 at least."""
    page = match_page(match, replay_match(load_path(EXAMPLES / "scopa-match.yaml")))
    laptop, phone = measure_each_in_browser([(page, 1280), (page, 390)], TARGETS)
    assert laptop == [] and phone == [], (laptop, phone)


class _Links(HTMLParser):
    """Every link of a page: its target and its accessible name (its aria-label, else its
    text)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._open: list[str] | None = None
        self._href = ""
        self._label: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            found = dict(attrs)
            self._open, self._href, self._label = (
                [],
                found.get("href") or "",
                found.get("aria-label"),
            )

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open is not None:
            name = self._label if self._label is not None else "".join(self._open)
            self.links.append((self._href, " ".join(name.split())))
            self._open = None


def test_each_way_back_has_a_name_of_its_own(review: Review, match: list[Review]) -> None:
    """HTML audit: 36 links were all named "all decisions" (a screen reader's list of links
    could not tell them apart), and on a page of several files "all files" and "all hands"
    both led to the contents. Each way back to the decisions names its play (and its hand, on
    a page of several), keeping the words it shows; the ways to the contents share one name."""
    for page in (review_page(review), files_page(_season(match, review))):
        links = _Links()
        links.feed(page)
        back = [(href, name) for href, name in links.links if href.endswith("decisions")]
        assert len(back) >= 36 and len(set(back)) == len(back), back
        assert all(name.startswith("all decisions, back from ") for _href, name in back), back
        # the same words never lead to two places (but a decision's number, in its row)
        targets: dict[str, set[str]] = {}
        for href, name in links.links:
            if not name.isdigit():
                targets.setdefault(name, set()).add(href)
        assert all(len(hrefs) == 1 for hrefs in targets.values()), targets
    assert {name for href, name in links.links if href == "#hands"} == {"all files"}
    assert ("#f1-h2-decisions", "all decisions, back from file 1, hand 2, play 5") in links.links


def test_each_page_explains_its_deck_s_letters(review: Review, match: list[Review]) -> None:
    """HTML audit: the pages wrote cards as codes (``RC x 2S FS``, ``CB``) and never said what
    the letters mean; each page now gives its deck's notation, from the deck's own letters."""
    french = review_page(review)  # seed 003 is played with the French deck
    assert "Cards (french deck): the value, then the suit." in french
    for said in ("<b>J</b> jack (8)", "<b>K</b> king (10)", "<b>D</b> diamonds", "<b>C</b> clubs"):
        assert said in french, said
    hands = load_path(EXAMPLES / "scopa-match.yaml")
    italian = match_page(match, replay_match(hands))
    for said in ("<b>F</b> fante (8)", "<b>C</b> cavallo (9)", "<b>R</b> re (10)",
                 "<b>D</b> denari", "<b>B</b> bastoni", "<b>x</b> parts the card"):  # fmt: skip
        assert italian.count(said) == 1, said
    both = files_page(_season(match, review))  # two decks: each once
    assert both.count("Cards (italian deck)") == 1 and both.count("Cards (french deck)") == 1
    from tutor.render.replay_html import replay_page

    replayed = replay_page(replay_match(hands))
    assert "Cards (italian deck)" in replayed and "<b>F</b> fante (8)" in replayed
