"""The replay's page (``tutor replay --html``): a position per play, escaped, a stepper with a
script and every position without one, checked in a real browser.

The browser tests need Debian's ``chromium`` (``.ci/run`` installs it when missing); without it
they are skipped, as those of ``test_render_html.py`` are.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import tempfile
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import EXAMPLES, SEED003, browser_command, measure_in_browser, needs_browser

from tutor.game.i18n import speaking
from tutor.records.recordfile import load_path, loads
from tutor.records.replay import replay_match
from tutor.render.replay_html import replay_page


def _page(path: Path) -> str:
    return replay_page(replay_match([r.shown() for r in load_path(path)]))


@pytest.fixture(scope="module")
def seed003() -> str:
    return _page(SEED003)


class _Elements(HTMLParser):
    """Every element's attributes, in document order, and the page's text."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _elements(page: str) -> _Elements:
    parsed = _Elements()
    parsed.feed(page)
    return parsed


def _positions(page: str) -> list[dict[str, str | None]]:
    """The attributes of every position (an article of class ``position``)."""
    return [
        attrs
        for tag, attrs in _elements(page).elements
        if tag == "article" and "position" in (attrs.get("class") or "").split()
    ]


def _check_ids_and_links(page: str) -> set[str]:
    """Every id once, every in-page link to one of them; the ids."""
    elements = _elements(page).elements
    ids = Counter(a["id"] for _tag, a in elements if a.get("id"))
    assert [i for i, n in ids.items() if n > 1] == []
    links = {a["href"] for tag, a in elements if tag == "a" and a.get("href")}
    assert all(link.startswith("#") and link[1:] in ids for link in links), links
    return set(ids)


def test_a_position_per_play_with_the_notes_and_the_score(seed003: str) -> None:
    ids = _check_ids_and_links(seed003)
    positions = _positions(seed003)
    assert [p["id"] for p in positions] == [f"play-{n}" for n in range(1, 37)]
    assert {f"play-{n}" for n in range(1, 37)} <= ids
    assert not any("hidden" in p for p in positions)  # no script: every position shows
    # self-contained: one inline script, nothing fetched
    lowered = seed003.lower()
    for forbidden in ("src=", "url(", "@import", "<link", "<img", "https:"):
        assert forbidden not in lowered, forbidden
    assert lowered.count("<script") == 1
    text = "".join(_elements(seed003).text)
    assert "Play 5: You 7H x 3H 4H" in text and "SCOPA" in text
    assert "Record's note: The table is empty: scopa." in text
    assert "Score of the hand" in text and "primiera" in text and "73 = 7D 7H 5S AC" in text
    assert "Leftovers: Ada captured last and takes 4S." in text
    assert "play 1 of 36" in text and "Opening table: 2C 4H 5S QD" in text
    # the position a play was made from: play 5's table before it, You's hand, the card played
    five = seed003.split('id="play-5"')[1].split("</article>")[0]
    assert '<mark class="played">7H</mark>' in five and "4H 3H" in five
    assert "<td>6</td><td>1</td><td>1</td>" in five  # You's tally after the scopa


def _row(position: str, name: str) -> str:
    """The cell of ``name``'s row in a position (markup)."""
    found = re.search(rf"<bdi>{name}</bdi></th><td>(.*?)</td></tr>", position)
    assert found, name
    return found.group(1)


def test_a_record_that_hides_hands_says_how_many_cards_it_does_not_give() -> None:
    page = _page(EXAMPLES / "partial-view.yaml")
    first = page.split('id="play-1"')[1].split("</article>")[0]
    assert first.count(">9 cards the record does not give<") == 3  # no "+" with nothing before
    assert "+ 9" not in first
    # West plays 4S, a card the record gives as it is played: in West's row, marked
    second = page.split('id="play-2"')[1].split("</article>")[0]
    west = _row(second, "West")
    assert west.startswith('<span class="cards"><mark class="played">4S</mark></span>')
    assert west.endswith('<span class="note">+ 8 cards the record does not give</span>')
    assert _row(second, "North") == '<span class="note">9 cards the record does not give</span>'


def test_a_position_says_before_and_after_the_play_and_where_the_leftovers_go(
    seed003: str,
) -> None:
    for n in (1, 5, 36):
        play = seed003.split(f'id="play-{n}"')[1].split("</article>")[0]
        before, after = play.split("After the play")
        assert "Before the play" in before and "Before the play" not in after
        assert "<bdi>You</bdi>" in before and "<bdi>Ada</bdi>" in before  # the hands: before
        assert "<bdi>You</bdi>" not in after.split('class="tally"')[0]
        assert 'class="tally"' in after  # the tally: after
        leftovers = "Leftovers: <bdi>Ada</bdi> captured last and takes"
        # the last play's leftovers go to the tally: the position says so
        assert (leftovers in after) == (n == 36)
    last = seed003.split('id="play-36"')[1].split("</article>")[0]
    assert 'takes <span class="cards">4S</span>.' in last


def test_every_hand_of_a_match_is_there_with_ids_of_its_own() -> None:
    page = _page(EXAMPLES / "scopa-match.yaml")
    hands = replay_match(load_path(EXAMPLES / "scopa-match.yaml")).hands
    assert len(hands) > 1
    ids = _check_ids_and_links(page)
    for n, hand in enumerate(hands, start=1):
        assert f"h{n}-hand" in ids
        assert {f"h{n}-play-{k}" for k in range(1, len(hand.steps) + 1)} <= ids
    assert len(_positions(page)) == sum(len(h.steps) for h in hands)
    assert page.count('class="stepper"') == len(hands)
    assert "<h1>Replay of a match of scopa</h1>" in page
    # each stepper's landmark named for its hand; one hand alone keeps the plain name
    names = re.findall(r'<nav class="controls" aria-label="([^"]*)"', page)
    assert names == [f"Step through hand {n}" for n in range(1, len(hands) + 1)]
    one = _page(SEED003)
    assert re.findall(r'<nav class="controls" aria-label="([^"]*)"', one) == [
        "Step through the plays"
    ]


def test_a_match_s_contents_give_no_result_away() -> None:
    page = _page(EXAMPLES / "scopa-match.yaml")
    count = len(replay_match(load_path(EXAMPLES / "scopa-match.yaml")).hands)
    contents = page.split('id="hands"')[1].split("</nav>")[0]
    text = "".join(_elements(contents).text)
    assert "Winner" not in text and "Bruno" not in text and "Carla" not in text
    assert contents.count("<li>") == count
    # the points and the result at the very end: in the last hand's final panel, after its score
    last = page.split(f'id="h{count}-hand"')[1]
    final = last.split('<div class="final">')[1]
    assert final.index("Score of the hand") < final.index('id="match"')
    ended = final.split('id="match"')[1]
    assert "Winner: Carla (Bruno 8, Carla 11; target 11)." in ended
    assert "Hand 1 of 4</a>: <bdi>Bruno</bdi> 4, <bdi>Carla</bdi> 0" in ended


EVIL = (
    "title: '<script>alert(1)</script> \"quoted\" & co'\n"
    "event: '<b>Open</b> & \"cup\"'\n"
    "ruleset: scopa\ndeck: french\n"
    "players: ['<script>x</script>', 'Ada \"A\" & Bea']\n"
    "table: [2C, 4H, 5S, QD]\n"
    "deals:\n  - {'<script>x</script>': [7D, 7H, AS], 'Ada \"A\" & Bea': [3H, KC, JD]}\n"
    "plays:\n  - {play: 7D x 2C 5S, note: '</script><img src=x onerror=alert(2)> \"&\"'}\n"
    "  - 3H\n"
)
"""A record whose every text is markup: the page must show it, never run it."""


def test_text_from_the_file_is_escaped() -> None:
    page = replay_page(replay_match(loads(EVIL)))
    assert page.lower().count("<script") == 1  # the page's own, none from the file
    assert "<img" not in page and "<b>Open" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; co" in page
    assert "<bdi>&lt;script&gt;x&lt;/script&gt;</bdi>" in page
    assert "Ada &quot;A&quot; &amp; Bea" in page
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;&amp;&quot;" in page
    assert "&lt;b&gt;Open&lt;/b&gt; &amp; &quot;cup&quot;" in page
    _check_ids_and_links(page)


def test_the_page_speaks_the_run_s_language() -> None:
    with speaking("it"):
        page = _page(SEED003)
    assert '<html lang="it">' in page and "Giocata per giocata" in page
    assert "Nota della registrazione:" in page


# -- the real browser -------------------------------------------------------------------------


def _browse(
    page: str, *action: str, address: str = "", script: str = "", height: int = 1400
) -> subprocess.CompletedProcess[str]:
    """Chromium run on ``page`` (``script`` added at its end: a test's probe), opened at
    ``#address``, after its scripts ran, in a window 1200 wide and ``height`` high."""
    if script:
        page = page.replace("</body>", f"<script>{script}</script></body>")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "replay.html"
        path.write_text(page, encoding="utf-8")
        command = browser_command(
            f"{folder}/profile",
            1200,
            height,
            "--virtual-time-budget=3000",
            *action,
            path.as_uri() + (f"#{address}" if address else ""),
        )
        return subprocess.run(command, capture_output=True, text=True, timeout=120)


def _console(proc: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]


@needs_browser
def test_the_page_renders_in_chromium_without_a_console_message(seed003: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        shot = Path(folder) / "replay.png"
        # no address: a headless screenshot of a page scrolled to one draws it blank
        proc = _browse(seed003, f"--screenshot={shot}")
        assert shot.exists() and shot.stat().st_size > 10_000, proc.stderr[-2000:]
    assert not _console(proc), _console(proc)


@needs_browser
def test_a_link_to_a_play_opens_at_that_play(seed003: str) -> None:
    proc = _browse(seed003, "--dump-dom", address="play-5")
    assert not _console(proc), _console(proc)
    shown = [p["id"] for p in _positions(proc.stdout) if "hidden" not in p]
    assert shown == ["play-5"]
    assert len(_positions(proc.stdout)) == 36
    at = re.search(r'<span class="at"[^>]*>([^<]*)</span>', proc.stdout)
    assert at and at.group(1) == "play 5 of 36"
    assert '<nav class="controls"' in proc.stdout and 'class="controls" aria-label' in proc.stdout
    nav = re.search(r'<nav class="controls"[^>]*>', proc.stdout)
    assert nav and "hidden" not in nav.group()
    # the score waits for the last play: no spoiler while stepping
    assert re.search(r'<div class="final" hidden="">\s*<section', proc.stdout)
    last = _browse(seed003, "--dump-dom", address="play-36")
    assert re.search(r'<div class="final">\s*<section', last.stdout)


@needs_browser
def test_without_a_script_every_position_shows(seed003: str) -> None:
    shown = measure_in_browser(
        seed003,
        "return {positions: [...doc.querySelectorAll('.position')].map(p => p.offsetHeight > 0),"
        " controls: doc.querySelector('.controls').offsetHeight,"
        " score: doc.querySelector('.final').offsetHeight};",
        1000,
        scripts=False,
    )
    assert shown["positions"] == [True] * 36
    assert shown["controls"] == 0  # no buttons that would do nothing
    assert shown["score"] > 0


PROBE = """
const seen = [];
const at = () => document.querySelector('.at').textContent + ' ' + location.hash + ' ' +
  [...document.querySelectorAll('.position')].filter((p) => !p.hidden).map((p) => p.id).join();
const key = (k, on) => (on || document.body).dispatchEvent(
  new KeyboardEvent('keydown', {key: k, bubbles: true, cancelable: true}));
const button = (go) => document.querySelector(`button[data-go="${go}"]`);
const click = (go) => button(go).click();
const said = () => document.querySelector('.said').textContent;
seen.push(at() + ' [' + said() + ']');  // opened at a play: nothing said yet
key('ArrowRight'); seen.push(at() + ' [' + said() + ']');
key('End'); seen.push(at());  // Home and End are the page's, out of a stepper
button('next').focus();
key('End', button('next')); seen.push(at());
key('ArrowRight', button('next')); seen.push(at());
key('Home', button('next')); seen.push(at());
click('previous'); seen.push(at());
click('next'); seen.push(at() + ' [' + said() + ']');
click('last'); seen.push(at());
click('first'); seen.push(at());
seen.push(button('first').getAttribute('aria-disabled'));
const out = document.createElement('pre'); out.id = 'measured';
out.textContent = JSON.stringify(seen); document.body.append(out);
"""


def _probed(proc: subprocess.CompletedProcess[str]) -> object:
    """What a probe put in its ``<pre id="measured">``, as JSON."""
    found = re.search(r'<pre id="measured">(.*?)</pre>', proc.stdout, re.DOTALL)
    assert found, proc.stderr[-2000:]
    assert not _console(proc), _console(proc)
    return json.loads(html.unescape(found.group(1)))


@needs_browser
def test_the_buttons_and_keys_step_and_the_address_follows(seed003: str) -> None:
    proc = _browse(seed003, "--dump-dom", address="play-5", script=PROBE)
    assert _probed(proc) == [
        "play 5 of 36 #play-5 play-5 []",
        "play 6 of 36 #play-6 play-6 [play 6 of 36: Ada JD]",  # heard: the move
        "play 6 of 36 #play-6 play-6",
        "play 36 of 36 #play-36 play-36",
        "play 36 of 36 #play-36 play-36",
        "play 1 of 36 #play-1 play-1",
        "play 1 of 36 #play-1 play-1",
        "play 2 of 36 #play-2 play-2 [play 2 of 36: Ada 3H]",
        "play 36 of 36 #play-36 play-36",
        "play 1 of 36 #play-1 play-1",
        "true",
    ]


REGIONS = """
const at = () => document.querySelector('.at').textContent;
const key = (k, on) => on.dispatchEvent(
  new KeyboardEvent('keydown', {key: k, bubbles: true, cancelable: true}));
const region = (n) => document.querySelector(`#play-${n} [role="region"]`);
const seen = [];
region(1).focus(); key('ArrowRight', region(1)); seen.push(at());  // fits: the keys step
key('End', region(2)); seen.push(at());
region(36).style.width = '60px';  // now the tally overflows: the keys scroll it
region(36).focus(); key('ArrowLeft', region(36)); key('Home', region(36)); seen.push(at());
const out = document.createElement('pre'); out.id = 'measured';
out.textContent = JSON.stringify(seen); document.body.append(out);
"""


@needs_browser
def test_the_keys_step_from_a_table_that_does_not_scroll(seed003: str) -> None:
    proc = _browse(seed003, "--dump-dom", script=REGIONS)
    assert _probed(proc) == ["play 2 of 36", "play 36 of 36", "play 36 of 36"]


MATCH_KEYS = """
const steppers = [...document.querySelectorAll('.stepper')];
const at = () => steppers.map((s) => s.getAttribute('data-at')).join();
const key = (k, on) => (on || document.body).dispatchEvent(
  new KeyboardEvent('keydown', {key: k, bubbles: true, cancelable: true}));
const seen = [];
key('ArrowRight'); seen.push(at());  // the page's top: hand 1
document.querySelector('a[href="#h3-hand"]').click();  // the contents' link to hand 3
key('ArrowRight', document.activeElement); seen.push(at());
const next = steppers[1].querySelector('button[data-go="next"]');
next.focus(); key('ArrowRight', next); seen.push(at());  // the focus in hand 2
document.getElementById('h4-hand').scrollIntoView();  // and scrolled to hand 4
key('ArrowRight', next); seen.push(at());
const out = document.createElement('pre'); out.id = 'measured';
out.textContent = JSON.stringify(seen); document.body.append(out);
"""


@needs_browser
def test_the_keys_move_the_stepper_in_view_in_a_match() -> None:
    page = _page(EXAMPLES / "scopa-match.yaml")
    proc = _browse(page, "--dump-dom", script=MATCH_KEYS, height=800)
    assert _probed(proc) == ["1,0,0,0", "1,0,1,0", "1,1,1,0", "1,1,1,1"]


HEADING = """
addEventListener('load', () => setTimeout(() => {
  const title = document.getElementById('play-20-title').getBoundingClientRect();
  const bar = document.querySelector('.controls').getBoundingClientRect();
  const out = document.createElement('pre'); out.id = 'measured';
  out.textContent = JSON.stringify([scrollY, title.top - bar.bottom]);
  document.body.append(out);
}, 200));
"""


@needs_browser
def test_a_link_to_a_play_shows_its_heading_below_the_buttons(seed003: str) -> None:
    proc = _browse(seed003, "--dump-dom", address="play-20", script=HEADING, height=500)
    scrolled, below = _probed(proc)  # type: ignore[misc]
    assert scrolled > 100  # the page did scroll to the play
    assert 0 <= below < 40


@needs_browser
def test_the_buttons_hold_one_line_on_a_phone(seed003: str) -> None:
    found = measure_in_browser(
        seed003,
        "doc.querySelector('button[data-go=\"last\"]').click();"
        "const bar = doc.querySelector('.controls');"
        "return {bar: bar.offsetHeight, keys: doc.querySelector('.keys').offsetHeight,"
        " buttons: [...bar.querySelectorAll('button')].map(b => Math.min(b.offsetWidth,"
        " b.offsetHeight)), at: doc.querySelector('.at').textContent};",
        390,
    )
    assert found["at"] == "play 36 of 36"
    assert found["keys"] == 0  # no keyboard to speak of
    assert min(found["buttons"]) >= 40
    assert found["bar"] <= 60, found


SAID = """
const said = document.querySelector('.said');
const seen = [];
for (const go of ['next', 'first']) {
  document.querySelector(`button[data-go="${go}"]`).click();
  seen.push(said.textContent, said.children.length);
}
const out = document.createElement('pre'); out.id = 'measured';
out.textContent = JSON.stringify(seen); document.body.append(out);
"""


@needs_browser
def test_the_line_a_screen_reader_hears_is_text() -> None:
    proc = _browse(replay_page(replay_match(loads(EVIL))), "--dump-dom", script=SAID)
    assert _probed(proc) == [
        'play 2 of 2: Ada "A" & Bea 3H',
        0,
        "play 1 of 2: <script>x</script> 7D x 2C 5S",
        0,  # the names as text: no element made of them
    ]


def test_seen_from_a_seat_the_other_hands_are_hidden_and_the_board_follows() -> None:
    """``tutor replay --as Ada --html``: You's cards hidden but for the card each play shows,
    Ada's own shown, and after each play the rule-of-48 board from Ada's seat, its ids the
    page's own."""
    record = load_path(SEED003)[0].shown()
    page = replay_page(replay_match([record]), "Ada")
    first = page.split('id="play-1"')[1].split("</article>")[0]
    you = first.split("<bdi>You</bdi></th>")[1].split("</tr>")[0]
    assert '<mark class="played">7D</mark>' in you and "+ 2 hidden cards" in you
    assert "AS" not in you and "7H" not in you  # You's other cards are not Ada's to see
    ada = first.split("<bdi>Ada</bdi></th>")[1].split("</tr>")[0]
    assert "3H JD KC" in ada
    assert (
        "Rule of 48 from <bdi>Ada</bdi>&#x27;s seat: unmatched (captured an odd number of "
        "times) 2, 5, 7; 32 unseen" in first
    )
    ids = [a.get("id") for _tag, a in _elements(page).elements if a.get("id")]
    assert len(ids) == len(set(ids)) and sum(i.startswith("board-") for i in ids) == 36
    assert "hidden card" not in _page(SEED003)  # without --as every hand the record gives
    # the seat's own plays marked, to be found at a glance (coach audit, stop 60)
    own = [p["id"] for p in _positions(page) if "own" in (p.get("class") or "").split()]
    assert own == [f"play-{n}" for n in range(2, 37, 2)]  # Ada plays second
    assert "own play" not in _page(SEED003)
    # the notes, written by one who saw every hand, folded under a warning (coach audit)
    assert first.count("<details><summary>Record&#x27;s note (it may tell cards") == 1
    assert "<details>" not in _page(SEED003)
    # a hand played out has no cards, not "0 hidden cards" (Italian audit: nor "nessuno")
    sixth = page.split('id="play-6"')[1].split("</article>")[0]
    you = sixth.split("<bdi>You</bdi></th>")[1].split("</tr>")[0]
    assert "no cards" in you and "0 hidden" not in page
    with speaking("it"):
        italian = replay_page(replay_match([record]), "Ada")
    assert "nessuna carta" in italian and ">nessuno<" not in italian


def test_a_new_deal_is_said_where_it_comes(seed003: str) -> None:
    """Coach audit (stop 60): at scopa's play 7 the hands grew from one card to three, and the
    board's counts moved, with nothing said. The first play of each deal after the first says
    the new cards were dealt; scopone, dealt once, says nothing of it."""
    for deal, play in zip(range(2, 7), (7, 13, 19, 25, 31), strict=True):
        position = seed003.split(f'id="play-{play}"')[1].split("</article>")[0]
        assert f"Deal {deal} of 6: each player has been dealt 3 new cards." in position
    assert seed003.count("each player has been dealt") == 5
    assert "has been dealt" not in _page(EXAMPLES / "scopone-hand.yaml")


def test_seen_from_a_seat_who_can_hold_what_is_tutor_tracks() -> None:
    """Coach audit (stop 60): the seat's page had the rule-of-48 board but not the tracker's
    table of who can hold what, the deductions a player studying their view wants. Each play
    now has it, cell for cell as ``tutor track --as North --at N`` gives it."""
    from tutor.counting.inference import count_view
    from tutor.counting.odds import percent

    record = load_path(EXAMPLES / "scopone-hand.yaml")[0].shown()
    page = replay_page(replay_match([record]), "North")
    assert page.count("Who can hold what (* the plays read as behaviour move the figure)") == 35
    first = page.split('id="play-1"')[1].split("</article>")[0]
    view = count_view(record.state_at(1), 2, record.players, record.style)
    inf = view.inference
    for seat in inf.players_in_doubt:
        row = first.split(f'<th scope="row"><bdi>{record.players[seat]}</bdi></th>')[-1]
        cells = re.findall(r"<td>([^<]*)</td>", row.split("</tr>")[0])
        wanted = []
        for v in range(1, 11):
            c = inf.value_cell(seat, v)
            assert c.status == "may"  # after one play, no card is certain
            wanted.append(percent(c.probability or 0.0) + ("*" if c.reading else ""))
        assert cells == [*wanted, str(inf.capacity[seat])]
    assert "Who can hold what" not in _page(EXAMPLES / "scopone-hand.yaml")


def test_the_leftovers_are_said_once(seed003: str) -> None:
    """The last play said "Leftovers: Ada captured last and takes 4S." and the score panel,
    shown beside it, said it again."""
    assert seed003.count("Leftovers: ") == 1
    last = seed003.split('id="play-36"')[1].split("</article>")[0]
    assert "Leftovers: " in last
