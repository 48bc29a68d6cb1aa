"""Text from a file never acts on the terminal: every command that prints it shows its control
characters (``tutor.render.safe``), piped, under ``NO_COLOR`` and on a colour terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import BASE, SCOPA_RULES, run, write
from typer.testing import Result

from tutor.records.record import RecordError
from tutor.records.recordfile import loads
from tutor.render.safe import markup, visible

ESC = "\x1b"
TITLE = "\x1b[2J\x1b]0;PWNED\x07"
"""The issue's title: clears the screen and retitles the window."""
LINK = "\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\"
"""A planted hyperlink (OSC 8)."""

HOSTILE_RULES = (
    SCOPA_RULES.replace("name: scopa", 'name: "scopa\\e[5m"')
    .replace(
        "description: Two players, three cards each per deal and four on the table, to 11.",
        'description: "Two players\\e]0;RULES\\a\\u202e"',
    )
    .replace(
        "source: two Portuguese texts on scopa, an introduction and a rules guide",
        'source: "a text\\e[8m\\udc80"',
    )
)

HOSTILE_RECORD = (
    BASE.replace("ruleset: scopa", "ruleset: hostile-rules.yaml")
    .replace("players: [You, Ada]", 'players: [You, "<i>Ada</i>"]')
    .replace("Ada: [3H, KC, JD]", '"<i>Ada</i>": [3H, KC, JD]')
    .replace("  - 3H\n", '  - {play: 3H, note: "a note\\e]8;;http://evil.example/\\e\\\\click"}\n')
)
HOSTILE_RECORD = (
    f'title: "\\e[2J\\e]0;PWNED\\a"\nevent: "\\e[41mEvent"\ndate: "\\x9b2J"\n'
    f'note: "line one\\nline two\\e[?25l\\ud800"\n{HOSTILE_RECORD}'
)

# Every control character but the line break, the Unicode controls that reorder text, and lone
# surrogates (a YAML escape can write one; no terminal or file can take it in UTF-8).
UNSAFE = re.compile(
    r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
# rich's own styles on a colour terminal are SGR sequences (ESC [ digits ; m); nothing else.
RICH_STYLE = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture()
def hostile(tmp_path: Path) -> str:
    write(tmp_path, "hostile-rules.yaml", HOSTILE_RULES)
    return write(tmp_path, "hostile.yaml", HOSTILE_RECORD)


def _commands(record: str) -> list[tuple[list[str], str | None]]:
    rules = str(Path(record).parent / "hostile-rules.yaml")
    return [
        (["replay", record], None),
        (["replay", record, "--as", "You"], None),
        (["replay", record, "--step"], "\n\n\n"),
        (["track", record, "--as", "You"], None),
        (["track", record, "--as", "You", "--at", "1"], None),
        (["solve", record, "--at", "1", "--samples", "2", "--seed", "1", "-w", "1"], None),
        (["review", record, "--as", "You", "--samples", "2", "--workers", "1"], None),
        (["explain", record, "--at", "0", "--samples", "2", "--workers", "1"], None),
        (["live", "--resume", record, "--as", "You", "--save", record + ".live.yaml"], "board\n"),
        (["rules", rules], None),
        (["explain", "--ruleset", rules, "--deck", "french", "--table", "7C 2S", "7D"], None),
        (["simulate", "--ruleset", rules, "-p", "random,random", "--hands", "1", "-w", "1"], None),
        (["drill", "48", "--ruleset", rules, "-n", "1", "--seed", "1"], "none\n"),
    ]


def _only_own_isolates(markup: str) -> str:
    """``markup`` (HTML or SVG) without the isolate pairs the tutor puts around each name
    (FSI ... PDI, with nothing unsafe or nested inside), which must pair up exactly."""
    bare = re.sub("\u2068[^\u2066-\u2069]*\u2069", lambda m: m.group()[1:-1], markup)
    assert "\u2068" in markup and not re.search("[\u2066-\u2069]", bare), "unpaired isolates"
    return bare


def _check(result: Result, fancy: bool = False) -> None:
    assert "Traceback" not in result.output
    for stream in (result.stdout, result.stderr):
        shown = RICH_STYLE.sub("", stream) if fancy else stream
        assert not UNSAFE.search(shown), repr(UNSAFE.search(shown))


def test_every_command_shows_a_hostile_record_s_control_characters(hostile: str) -> None:
    """Bug: titles, notes, names and ruleset descriptions were printed raw, even piped: a
    shared record could clear the screen, retitle the window or plant a hyperlink."""
    for args, typed in _commands(hostile):
        result = run(*args, input=typed)
        assert result.exit_code == 0, (args, result.output)
        _check(result)
        if args[0] != "drill":  # the drill names no ruleset
            # shown, not dropped (solve prints no title, only the names)
            assert "^[" in result.output or "<i>Ada</i>" in result.output, args


def test_the_replay_shows_each_hostile_text_in_caret_form(hostile: str) -> None:
    """Bug: ``tutor replay x.yaml | cat -v`` showed the title's escape sequences raw."""
    out = run("replay", hostile).stdout
    assert "^[[2J^[]0;PWNED^G" in out
    assert "<i>Ada</i>" in out and "^[[41mEvent" in out and "<U+009B>2J" in out
    assert "a note^[]8;;http://evil.example/^[\\click" in out
    assert "line two^[[?25l<U+D800>" in out  # a lone surrogate: shown, not a crash


def test_no_color_and_a_colour_terminal_show_them_too(hostile: str) -> None:
    """Bug: the colour terminal's console read markup and printed text from files raw."""
    result = run("replay", hostile, env={"NO_COLOR": "1"})
    _check(result)
    for args, typed in _commands(hostile)[:5]:
        fancy = run(*args, input=typed, env={"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1"})
        assert fancy.exit_code == 0, fancy.output
        _check(fancy, fancy=True)
        assert "^[" in fancy.stdout


def test_rich_markup_in_a_name_is_shown_as_written(tmp_path: Path) -> None:
    """Bug: on a terminal a name like ``[link=...]`` was read as rich markup: a hidden link."""
    record = write(
        tmp_path, "markup.yaml", BASE.replace("[You, Ada]", '["[link=http://x/]You[/link]", Ada]')
    )
    record_text = Path(record).read_text(encoding="utf-8")
    write(tmp_path, "markup.yaml", record_text.replace("{You:", '{"[link=http://x/]You[/link]":'))
    fancy = run("replay", record, env={"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1"})
    assert fancy.exit_code == 0, fancy.output
    assert "[link=http://x/]You[/link]" in fancy.stdout
    assert "\x1b]8;" not in fancy.stdout


def test_an_error_quoting_a_hostile_name_stays_one_visible_line(tmp_path: Path) -> None:
    """Bug: an error message quoting a name from the file printed its escapes raw."""
    write(tmp_path, "hostile-rules.yaml", HOSTILE_RULES)
    bad = HOSTILE_RECORD.replace("play: 3H,", 'play: 3H, player: "You\\e]0;X\\a\\nfake line",')
    record = write(tmp_path, "bad.yaml", bad)
    result = run("replay", record)
    assert result.exit_code == 3
    assert result.stderr.count("\n") == 1, result.stderr
    _check(result)
    assert "'You\\x1b]0;X\\x07\\nfake line'" in result.stderr


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("players: [You, Ada]", 'players: [You, "Ada\\e[31m"]'),
        ("players: [You, Ada]", 'players: [You, "Ada\\u202e"]'),
        ("players: [You, Ada]", 'players: [You, Ada]\ndealer: "Ada\\e[31m"'),
        ("Ada: [3H, KC, JD]", '"Ada\\a": [3H, KC, ZZ]'),
        ("players: [You, Ada]", 'players: [You, "Ada\\nBea"]'),
    ],
)
def test_a_name_with_control_characters_is_refused(tmp_path: Path, old: str, new: str) -> None:
    """Bug: a name could hold escape sequences, and the library's messages quote names as
    written ("'You' is not a player (You, Ada<ESC>[31m)"): a caller printing a RecordError
    sent them to the terminal. A name is now refused at once, the name shown escaped."""
    text = BASE.replace(old, new)
    assert text != BASE
    with pytest.raises(RecordError) as info:
        loads(text, "names.yaml")
    message = str(info.value)
    assert "a name cannot hold control or invisible characters" in message
    assert not UNSAFE.search(message) and "\n" not in message, repr(message)


def test_the_html_report_escapes_and_shows_a_hostile_record(hostile: str, tmp_path: Path) -> None:
    """Text from files reaches HTML and SVG escaped, with its control characters shown."""
    page = tmp_path / "report.html"
    text = HOSTILE_RECORD.replace('title: "', 'title: "<script>alert(1)</script>')
    record = write(Path(hostile).parent, "hostile-html.yaml", text)
    result = run("review", record, "--as", "You", "--samples", "2", "-w", "1", "--html", str(page))
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert not UNSAFE.search(_only_own_isolates(html))
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;^[[2J" in html
    assert "&lt;i&gt;Ada&lt;/i&gt;" in html and "<i>Ada" not in html


def test_the_svg_drawing_of_a_hostile_record_is_escaped(hostile: str, tmp_path: Path) -> None:
    out = tmp_path / "position.svg"
    result = run("render", hostile, "--as", "You", "--svg", str(out))
    assert result.exit_code == 0, result.output
    _check(result)
    svg = out.read_text(encoding="utf-8")
    assert not UNSAFE.search(_only_own_isolates(svg)) and "&lt;i&gt;Ada&lt;/i&gt;" in svg


@pytest.mark.parametrize(
    "hidden",
    ["\u200b", "\u2060", "\u2063", "\ufeff", "\u180e", "\ufff9", "\U000e0041", "\U0001d173"],
)
def test_invisible_characters_are_shown(hidden: str) -> None:
    """Hostile-text audit (stop 55): a zero-width space, a byte-order mark or tag characters
    (which can spell a hidden message) reached the terminal and the page as they were, while
    the bidirectional controls were shown. The joiners that scripts and emoji need stay."""
    text = f"a{hidden}b"
    assert visible(text) == f"a<U+{ord(hidden):04X}>b"
    assert markup(text) == f"a&lt;U+{ord(hidden):04X}&gt;b"
    assert visible("\u0915\u094d\u200d\u0937 \U0001f469\u200d\U0001f4bb") == (
        "\u0915\u094d\u200d\u0937 \U0001f469\u200d\U0001f4bb"
    )
