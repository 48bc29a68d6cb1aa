"""The replay's page (``tutor replay --html``): a position per play, escaped, a stepper with a
script and every position without one, checked in a real browser.

The browser tests need Debian's ``chromium`` (``.ci/run`` installs it when missing); without it
they are skipped, as those of ``test_render_html.py`` are.
"""

from __future__ import annotations

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


def test_a_record_that_hides_hands_says_how_many_cards_it_does_not_give() -> None:
    page = _page(EXAMPLES / "partial-view.yaml")
    first = page.split('id="play-1"')[1].split("</article>")[0]
    assert first.count("+ 9 cards the record does not give") == 3


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


def test_text_from_the_file_is_escaped() -> None:
    text = (
        "title: '<script>alert(1)</script> \"quoted\" & co'\n"
        "event: '<b>Open</b> & \"cup\"'\n"
        "ruleset: scopa\ndeck: french\n"
        "players: ['<script>x</script>', 'Ada \"A\" & Bea']\n"
        "table: [2C, 4H, 5S, QD]\n"
        "deals:\n  - {'<script>x</script>': [7D, 7H, AS], 'Ada \"A\" & Bea': [3H, KC, JD]}\n"
        "plays:\n  - {play: 7D x 2C 5S, note: '</script><img src=x onerror=alert(2)> \"&\"'}\n"
        "  - 3H\n"
    )
    page = replay_page(replay_match(loads(text)))
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
    page: str, *action: str, address: str = "", script: str = ""
) -> subprocess.CompletedProcess[str]:
    """Chromium run on ``page`` (``script`` added at its end: a test's probe), opened at
    ``#address``, after its scripts ran."""
    if script:
        page = page.replace("</body>", f"<script>{script}</script></body>")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "replay.html"
        path.write_text(page, encoding="utf-8")
        command = browser_command(
            f"{folder}/profile",
            1200,
            1400,
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
    at = re.search(r'<span class="at" aria-live="polite"[^>]*>([^<]*)</span>', proc.stdout)
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
const key = (k) =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}));
const click = (go) => document.querySelector(`button[data-go="${go}"]`).click();
seen.push(at());
key('ArrowRight'); seen.push(at());
key('End'); seen.push(at());
key('ArrowRight'); seen.push(at());
key('Home'); seen.push(at());
click('previous'); seen.push(at());
click('next'); seen.push(at());
click('last'); seen.push(at());
click('first'); seen.push(at());
seen.push(document.querySelector('button[data-go="first"]').getAttribute('aria-disabled'));
const out = document.createElement('pre'); out.id = 'measured';
out.textContent = JSON.stringify(seen); document.body.append(out);
"""


@needs_browser
def test_the_buttons_and_keys_step_and_the_address_follows(seed003: str) -> None:
    proc = _browse(seed003, "--dump-dom", address="play-5", script=PROBE)
    found = re.search(r'<pre id="measured">(.*?)</pre>', proc.stdout, re.DOTALL)
    assert found, proc.stderr[-2000:]
    assert found.group(1).replace("&quot;", '"') == (
        '["play 5 of 36 #play-5 play-5",'
        '"play 6 of 36 #play-6 play-6",'
        '"play 36 of 36 #play-36 play-36",'
        '"play 36 of 36 #play-36 play-36",'
        '"play 1 of 36 #play-1 play-1",'
        '"play 1 of 36 #play-1 play-1",'
        '"play 2 of 36 #play-2 play-2",'
        '"play 36 of 36 #play-36 play-36",'
        '"play 1 of 36 #play-1 play-1",'
        '"true"]'
    )
    assert not _console(proc), _console(proc)
