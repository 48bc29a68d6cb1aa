"""The terminal look: score tables, cards, the replay's plays table, the explanation."""

from __future__ import annotations

import io
import itertools
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import BASE, EXAMPLES, SCOPA_RULES, emitted, invoke
from rich.console import Console
from rich.text import Text

from tutor.game.captures import explain_play
from tutor.game.cards import ITALIAN, STYLES, mask_of, parse_card, parse_cards
from tutor.game.i18n import speaking
from tutor.game.rules import describe_ruleset, load_ruleset
from tutor.game.scoring import score_captures
from tutor.records.recordfile import load_path
from tutor.records.replay import replay_match
from tutor.render.replay import hand_end, hand_title, hand_view_lines, plays_table
from tutor.render.rules import explain_table, rules_table, ruleset_text
from tutor.render.scores import match_table, score_cells, score_table
from tutor.render.simulate import simulation_view
from tutor.render.solve import evaluation_view
from tutor.render.terminal import card_text, emit, is_fancy, new_table, plain_text, text_lines
from tutor.render.tracker import tracker_board, tracker_view


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
    title = hand_title(record, None, rich=True)
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
    table = plays_table(hand, record.style, rich=True, width=80)
    text = re.sub(r"\x1b\[[0-9;]*m", "", fancy_text(table, width=80))
    assert all(len(line) <= 80 for line in text.splitlines())
    header = text.splitlines()[0]
    assert "note" not in header and "table after" in header
    assert "\nNotes\n" in text
    flat = " ".join(text.split())
    for step in notes:
        # the name ends with a colon: in plain text the bold alone set it apart from the note
        # (colour audit, stop 59: "2. Ada Ada can take nothing")
        assert f"{step.number}. {step.player}: {' '.join(step.note.split())}" in flat
    plain = " ".join(plain_text(plays_table(hand, record.style, width=80)).split())
    assert all(f"{s.number}. {s.player}: {' '.join(s.note.split())}" in plain for s in notes)
    wide = plain_text(plays_table(hand, record.style, width=120))
    assert "note" in wide.splitlines()[0] and "Notes" not in wide


def test_step_mode_note_follows_its_play_on_a_narrow_terminal() -> None:
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    hand = replay_match([record]).hands[0]
    one = plays_table(hand, record.style, rich=True, start=0, stop=1, width=80)
    text = re.sub(r"\x1b\[[0-9;]*m", "", fancy_text(one, width=80)).splitlines()
    assert text[2].split()[:3] == ["1", "You", "7♦"]
    assert text[3].startswith("     No seven on the table")
    quiet = plays_table(hand, record.style, rich=True, start=13, stop=14, width=80)
    assert len(fancy_text(quiet, width=80).splitlines()) == 1
    # the first play of a deal opens with the gap the whole table shows (render audit, stop 57)
    opening = plays_table(hand, record.style, rich=True, start=12, stop=13, width=80)
    assert fancy_text(opening, width=80).splitlines()[0] == ""


def test_explain_colours_only_the_card_in_a_laid_play() -> None:
    # Was: on a terminal "laid" took the red of the 7♦ before it.
    rules = load_ruleset("scopa")
    table = explain_table(explain_play(parse_card("7D"), [], rules, ITALIAN), rich=True)
    out = fancy_text(table, width=100)
    assert "\x1b[31m7♦\x1b[0m laid" in out


def _raw(*renderables: object) -> str:
    """What rich itself draws, without :func:`emit`'s guard against control characters."""
    buf = io.StringIO()
    console = Console(file=buf, width=200, color_system=None, markup=False)
    for r in renderables:
        console.print(r)
    return buf.getvalue()


def test_every_renderer_shows_the_control_characters_of_file_text(tmp_path: Path) -> None:
    """Bug: the renderers put titles, notes, names and ruleset texts into the output as they
    were, so the layout counted invisible escapes and only a guard could stop them."""
    from tutor.counting.inference import hand_view
    from tutor.search.evaluate import evaluate

    (tmp_path / "evil.yaml").write_text(
        SCOPA_RULES.replace("name: scopa", 'name: "scopa\\e[5m"').replace(
            "source: two Portuguese texts on scopa, an introduction and a rules guide",
            'source: "\\e[8m"',
        ),
        encoding="utf-8",
    )
    # a file's names cannot hold control characters (refused on reading); a library caller
    # can still pass such names to the renderers that take names
    text = BASE.replace("ruleset: scopa", "ruleset: evil.yaml")
    names = ["You", "Ada\x1b[31m"]
    text = 'title: "T\\e]0;X\\a"\nnote: "N\\e[2J"\n' + text.replace(
        "  - 3H\n", '  - {play: 3H, note: "n\\e[1K"}\n'
    )
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    [record] = load_path(tmp_path / "r.yaml")
    match = replay_match([record])
    [hand] = match.hands
    rules = record.ruleset
    outputs = [
        _raw(hand_title(record, 1)),
        _raw(plays_table(hand, record.style)),
        _raw(plays_table(hand, record.style, width=60)),
        _raw(plays_table(hand, record.style, start=1, stop=2, width=60)),
        _raw(match_table(match.match, names)),
        _raw(*tracker_view(hand_view(record, 0, 1).view, record.style)),
        _raw(*hand_view_lines(hand_view(record, 0, 2))),
        _raw(
            *evaluation_view(
                evaluate(
                    record.state_at(1),
                    "sampling",
                    samples=2,
                    names=names,
                    sides=names,
                ),
                record.style,
            )
        ),  # fmt: skip
        _raw(rules_table([rules])),
        _raw(ruleset_text(describe_ruleset(rules))),
        _raw(explain_table(explain_play(parse_card("7D"), [], rules, ITALIAN))),
    ]
    for i, out in enumerate(outputs):
        assert "\x1b" not in out, out
        if i != 5:  # the tracker's board shows no file text but the record's names
            assert "^[" in out, (i, out)


def test_the_solve_view_says_how_and_warns_and_names_the_mover_once() -> None:
    """Bugs: ``solve --samples`` did not say how the values were obtained nor that values from
    2 samples say little; ``solve`` said "You (You) to move" for two players."""
    from helpers import NAMES, SEED003, partial_state

    from tutor.search.evaluate import evaluate

    few = evaluate(partial_state(4), "sampling", samples=2, seed=1, names=NAMES,
                   sides=["North-South", "East-West"])  # fmt: skip
    text = " ".join(plain_text(*evaluation_view(few, ITALIAN)).split())
    assert "with 95% intervals (how: play-outs to 8 plays left, then exact)." in text
    assert f"Warning: {few.warnings()[0]}." in text
    assert text.startswith("After play 4: ") and " (North-South) to move;" in text
    [record] = load_path(SEED003)
    ev = evaluate(record.state_at(30), names=record.players, sides=record.team_names())
    assert plain_text(*evaluation_view(ev, record.style)).startswith("After play 30: your turn;")


def test_the_deals_remark_comes_only_under_hands_shown() -> None:
    """Bug: "(6 deals; the hands above are the first.)" appeared when the record has no deals."""
    from tutor.records.recordfile import loads

    [bare] = loads("ruleset: scopa\nplayers: [A, B]\ntable: 2C 4C 5S 9D\n")
    assert "deals;" not in str(hand_title(bare))
    [dealt] = loads(
        "ruleset: scopa\nplayers: [A, B]\ntable: 2C 4C 5S 9D\ndeals: [{A: [7D, 7C, 7S]}]"
    )
    assert str(hand_title(dealt)).endswith("A: 7D 7C 7S\n(6 deals; the hands above are the first.)")


class _Tty(io.TextIOWrapper):
    """A terminal-like stream in a given encoding, its bytes kept."""

    def __init__(self, encoding: str) -> None:
        super().__init__(io.BytesIO(), encoding=encoding, errors="replace", write_through=True)

    def isatty(self) -> bool:
        return True

    def text(self) -> str:
        self.flush()
        raw = self.buffer
        assert isinstance(raw, io.BytesIO)
        return raw.getvalue().decode(self.encoding)


def test_a_terminal_whose_encoding_lacks_the_glyphs_gets_letters(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Bug: PYTHONIOENCODING=ascii on a terminal crashed every command on the suit glyphs."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    for encoding, fancy in (("ascii", False), ("latin-1", False), ("utf-8", True)):
        stream = _Tty(encoding)
        console = Console(file=stream, force_terminal=True)
        assert is_fancy(console) is fancy, encoding


def _bar_drawn(monkeypatch, no_color: bool) -> str:  # type: ignore[no-untyped-def]
    """What a progress bar on a terminal draws on stderr, under NO_COLOR or not."""
    import sys

    from tutor.cli.core import progress_bar

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    stream = _Tty("utf-8")
    monkeypatch.setattr(sys, "stderr", stream)
    with progress_bar("reviewing") as update:
        assert update is not None
        update(1, 4)
        update(3, 4)
    return stream.text()


def test_the_progress_bar_shows_its_description_not_markup(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Bug: every bar read "[progress.description]reviewing" on a terminal."""
    out = _bar_drawn(monkeypatch, no_color=False)
    assert "reviewing" in out and "[progress" not in out


def test_the_progress_bar_says_the_time_left(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Audit (stop 48): the bars showed the time elapsed alone, no estimate of the time left."""
    out = _bar_drawn(monkeypatch, no_color=False)
    assert "elapsed," in out and " left" in out


def test_the_progress_bar_is_drawn_without_colour_under_no_color(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Found by QA: with NO_COLOR set and stderr a terminal, a long run showed nothing at all
    (the bar was drawn on the plain console, which draws none), only a stray blank line."""
    out = _bar_drawn(monkeypatch, no_color=True)
    assert "reviewing" in out and "1/4" in out  # (3/4 came within a tenth of a second)
    # found by the stop-46 audit: no colour, but the bar's cursor moves (hide, erase, up) were
    # escape codes all the same; plain text means none: the count, rewritten with returns
    assert "\x1b" not in out
    assert out.startswith("\rreviewing 1/4") and out.endswith("\r")


def test_an_ascii_stream_gets_plain_letters_not_a_crash() -> None:
    """Bug: piped with PYTHONIOENCODING=ascii, Italian accents and rich's ellipsis crashed the
    run with exit 70. Then they became ``?``, which read as questions ("c'? chi chiama",
    "best?good"), and the help, which click writes as UTF-8 whatever the stream, came out in
    raw UTF-8 (terminal audit, stop 57): accents and dashes are spelt in plain letters."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"}

    def run(*args: str) -> bytes:
        done = subprocess.run(
            [sys.executable, "-m", "tutor", *args], capture_output=True, env=env, check=False
        )
        assert done.returncode == 0, done.stderr.decode("ascii", "replace")
        assert max(done.stdout + done.stderr) < 128  # every byte ASCII
        return done.stdout

    assert b"ognuno per se';" in run("--lang", "it", "rules", "scopa")
    assert b"La tavola e' vuota: scopa." in run("--lang", "it", "replay", str(EXAMPLES /
                                                "seed003-scopa.yaml"))  # fmt: skip
    assert b"velocita' del motore" in run("--lang", "it", "--help")
    assert b"good-mistake" in run("review", "--help")


def test_a_narrow_terminal_loses_no_column_and_cuts_no_word() -> None:
    """Bug: at 40 columns the tracker's board stopped at 5 and its odds read "…"; a URL in a
    note was cut short even in a file."""
    from tutor.counting.inference import hand_view

    record = load_path(EXAMPLES / "partial-view.yaml")
    hand = record[0] if isinstance(record, list) else record
    parts = hand_view_lines(hand_view(hand, 0, 20), False)
    for width in (40, 60):
        out = emitted(*parts, width=width)
        assert "…" not in out, width
        assert re.search(r"^captured( +\d){10}$", out, re.M), out
        sign = "%?" if width < 60 else "%"  # at 40 the figures lose their % sign
        assert re.search(rf"^West( +(-|\d+{sign}\*?)){{10}} +4$", out, re.M), out
        # prose still wraps at the terminal's width
        assert (
            max(len(line) for line in out.splitlines() if line.startswith("Rule of 220")) <= width
        )


def test_prose_under_a_wide_table_in_a_group_wraps_at_the_terminal_s_width() -> None:
    """Bug (play audit): on a terminal of 60 columns the board of ``tutor play`` and ``tutor
    replay --as`` (a group: the value board, then prose) wrapped its prose at the board's 78
    columns, not the terminal's 60, as the whole group was drawn at the width its table needs."""
    from tutor.counting.inference import count_view

    [record] = load_path(EXAMPLES / "scopone-hand.yaml")
    view = count_view(record.state_at(10), 0, record.players, ITALIAN)
    board = tracker_board(view, ITALIAN)
    for fancy, width in itertools.product((True, False), (60, 50)):
        buf = io.StringIO()
        console = Console(file=buf, width=width, force_terminal=fancy, no_color=True)
        emit(console, board)
        lines = re.sub(r"\x1b\[[0-9;]*m", "", buf.getvalue()).splitlines()
        rows = r"^(value|captured|parity|on table|yours|unseen|[─-]+$)"
        table = [line for line in lines if re.match(rows, line)]
        assert re.match(r"^parity( +(even|ODD)){10}$", table[3]), table
        # terminal audit (stop 49): at 60 the board was 68 wide; one space between its columns
        # fits it (58), and where even that is too wide it keeps its columns whole
        assert (max(map(len, table)) <= width) == (width == 60), (width, table)
        prose = [line for line in lines if line not in table]
        assert len(prose) >= 2 and max(len(line) for line in prose) <= width, (fancy, prose)


def test_a_long_word_in_a_note_folds_and_is_not_cut(tmp_path: Path) -> None:
    """Bug: a URL in a note was cut short with "…", even in a file."""
    from helpers import invoke

    url = "https://www.example.org/scopa/strategy/chitarrella-maxims/settebello-safety.html"
    text = (EXAMPLES / "seed003-scopa.yaml").read_text()
    path = tmp_path / "url.yaml"
    note = "No seven on the table, but 2 + 5 make one"
    assert note in text
    path.write_text(text.replace(note, f"See {url}, {note}", 1))
    code, out, err = invoke(["replay", str(path)])
    assert code == 0, err
    assert "…" not in out
    notes = [line.split("0/0/0")[-1].strip() for line in out.splitlines()]
    assert url in "".join(notes)


def test_a_table_too_wide_for_the_terminal_breaks_no_single_word() -> None:
    """Bug: on a terminal of 40 columns the review's summary read "inaccura" over "cy": rich
    shrank the widest columns whatever their words needed. A column of prose still wraps."""
    for fancy in (True, False):
        table = new_table("player", "forced", "inaccuracy", "points lost", "why", rich=fancy)
        table.add_row("You", "8", "0", "1.42", "the table adds up to seventeen")
        buf = io.StringIO()
        console = Console(file=buf, width=40, force_terminal=fancy, no_color=True)
        emit(console, table)
        out = re.sub(r"\x1b\[[0-9;]*m", "", buf.getvalue())
        assert re.search(r"\binaccuracy\b", out), out
        assert re.search(r"^player +forced +inaccuracy +lost +why", out, re.M), out


def test_a_table_a_little_too_wide_fits_the_terminal_with_every_word_whole() -> None:
    """Bug (stop 48): the play's summary, 82 columns wide on a terminal of 80, read "inaccu"
    over "racy": rich narrowed the widest column whatever its words. It now fits in 80 with two
    spaces between columns and its cells wrapped at their spaces."""
    for fancy in (True, False):
        table = new_table("player", "forced", "best", "good", "inaccuracy", "mistake",
                          "blunder", "points lost", "accuracy", rich=fancy)  # fmt: skip
        table.add_row("You", "8", "8 (5?)", "1 (1?)", "1 (1?)", "0", "0",
                      "2.52\n[0.50, 4.34]", "63.2%\n[23.9%, 91.2%]")  # fmt: skip
        buf = io.StringIO()
        console = Console(file=buf, width=80, force_terminal=fancy, no_color=True)
        emit(console, table)
        out = re.sub(r"\x1b\[[0-9;]*m", "", buf.getvalue())
        assert max(len(line) for line in out.splitlines()) <= 80, out
        assert re.search(r"\binaccuracy\b", out) and re.search(r"\baccuracy\b", out), out
        assert "[23.9%," in out and "91.2%]" in out, out


def test_a_narrow_terminal_breaks_no_word_of_a_replay_with_notes() -> None:
    """Bug: on a terminal of 50 columns a replayed scopone hand's tally header read
    "North-So" over "uth": with notes, the plays come in a group, and the columns of single
    words were kept whole only in a table on its own."""
    from helpers import run

    env = {"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1", "COLUMNS": "50", "NO_COLOR": None}
    result = run("replay", str(EXAMPLES / "scopone-hand.yaml"), env=env)
    assert result.exit_code == 0, result.output
    plain = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)
    header = next(line for line in plain.splitlines() if line.lstrip().startswith("#"))
    assert re.search(r"\bNorth-South +East-West$", header.rstrip()), plain[:2000]
    tallies = [line.split()[-2:] for line in plain.splitlines() if re.match(r" *\d+ ", line)]
    assert tallies and all(re.fullmatch(r"\d+/\d+/\d+", t) for row in tallies for t in row)


@pytest.mark.parametrize(
    ("args", "typed", "said"),
    [
        (
            ["puzzle", "try", "keep-the-table-above-ten"],
            b"\xe9\xff\n",
            b"'\\xe9\\xff' is not a card",
        ),
        (["engine"], b"\xe9\xff\nisready\n", b"ready"),
    ],
)
def test_a_byte_that_is_not_utf8_at_a_prompt_is_refused_not_a_crash(
    args: list[str], typed: bytes, said: bytes
) -> None:
    """Bug: in a UTF-8 locale (Python's stdin then strict) a stray byte typed at any prompt was
    an internal error (exit 70) that ended the session without its "saved to" lines. Found by
    QA: the message then quoted the bytes as Python keeps them ('\\udce9\\udcff'), not as
    bytes."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    run = subprocess.run(
        [sys.executable, "-m", "tutor", *args], input=typed, capture_output=True, env=env
    )
    assert run.returncode == 0, run.stderr.decode("utf-8", "replace")
    assert said in run.stdout + run.stderr and b"internal error" not in run.stderr


def test_indented_lines_carry_no_trailing_blanks_on_a_terminal() -> None:
    """Bug: on a colour terminal every indented line (a drill's plays, an explanation) was
    padded with spaces to the full width: trailing blanks when copied, and an extra blank line
    under each once a narrowed window re-wrapped them."""
    from tutor.render.terminal import text_lines

    text = "Why:\n  one two three four five six seven eight nine ten eleven twelve\n   short\n"
    out = re.sub(r"\x1b\[[0-9;]*m", "", fancy_text(*text_lines(text), width=40))
    lines = out.splitlines()
    assert lines == [line.rstrip() for line in lines], lines
    assert lines[1].startswith("  one two") and len(lines) == 4 and lines[3] == "   short"
    assert all(len(line) <= 40 for line in lines)


def test_no_line_on_a_colour_terminal_ends_in_blanks() -> None:
    """Bug: rich keeps the space a line was wrapped at and pads table cells, so on a colour
    terminal wrapped prose and table rows ended in blanks (copied with the text; re-wrapped by
    a narrowed window into extra blank lines). The plain output never had them."""
    from tutor.counting.inference import hand_view

    [record] = load_path(EXAMPLES / "scopone-hand.yaml")
    parts = [
        Text("Cost: the best move's value minus the played move's, in points of the hand"),
        *hand_view_lines(hand_view(record, 0, 10), True),
    ]
    buf = io.StringIO()
    console = Console(file=buf, width=40, force_terminal=True, color_system="standard")
    emit(console, *parts)
    lines = re.sub(r"\x1b\[[0-9;]*m", "", buf.getvalue()).split("\n")
    assert len(lines) > 20 and [line for line in lines if line.endswith(" ")] == []


def test_a_session_s_help_wraps_to_a_narrow_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bug: play's and live's help (at the start and on 'help') were written as they were, so on
    a terminal of 40 columns the terminal broke them mid-word; they wrap at words now, each
    command's description kept under its indent."""
    from tutor.cli.core import note_wrapped
    from tutor.render.play import event_view
    from tutor.training.play import Said, help_text

    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.delenv("NO_COLOR", raising=False)
    note_wrapped(help_text("italian"))
    shown = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().err)
    said = re.sub(
        r"\x1b\[[0-9;]*m",
        "",
        fancy_text(*event_view(Said(help_text("italian")), "italian", True), width=40),
    )
    for out in (shown, said):
        lines = out.splitlines()
        assert len(lines) > 12 and max(len(line) for line in lines) <= 40, out
        assert all(line.startswith("  ") for line in lines[1:10]), out  # indented, even wrapped


def test_the_person_deals_and_a_side_leads_with_the_right_verb() -> None:
    # Was (play sweep): "Playing order: Right, Partner, Left, You; You deals." and "No winner
    # yet: Right & Left leads" (Italian "Tu fa il mazziere", "conduce Sinistra & Destra").
    from tutor.game.rules import load_ruleset
    from tutor.game.scoring import MatchScore
    from tutor.records.recordfile import loads
    from tutor.render.replay import hand_title
    from tutor.render.scores import match_table
    from tutor.render.terminal import plain_text

    [record] = loads("ruleset: scopa\nplayers: [Ada, You]\ntable: 2C 4C 5S 9D")
    assert "Playing order: Ada, You; you deal and play last." in str(hand_title(record))
    for ruleset, names, verb in (
        ("scopone-scientifico", ["Right & Left", "You & Partner"], "Right & Left lead ("),
        ("scopa", ["Ada", "You"], "Ada leads ("),
        ("scopa", ["You", "Ada"], "you lead ("),
    ):
        match = MatchScore(load_ruleset(ruleset))
        match.add([3, 1])
        assert "No winner yet: " + verb in plain_text(match_table(match, names)), ruleset
    # found by the stop-46 Italian audit: "Vince: Tu" named the person in the third person
    won = MatchScore(load_ruleset("scopa"))
    won.add([11, 3])
    assert "You win the match (You 11, Ada 3; target 11)." in plain_text(
        match_table(won, ["You", "Ada"])
    )
    assert "Winner: Ada (Ada 11, You 3; target 11)." in plain_text(match_table(won, ["Ada", "You"]))


def test_plain_text_on_a_terminal_is_as_wide_as_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by a user: with NO_COLOR on an 80-column terminal, track and review wrote lines
    of 120 characters, which the terminal broke mid-word. Plain text to a terminal now takes
    its width; to a file or a pipe it keeps the fixed width, the same on any machine."""
    from tutor.render.terminal import PLAIN_WIDTH, make_console

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys, "stdout", Terminal())
    console = make_console()
    assert console.no_color and console.width == 80
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert make_console().width == 80  # COLUMNS set: honoured into a pipe too (stop 52)
    monkeypatch.delenv("COLUMNS")
    assert make_console().width == PLAIN_WIDTH


def test_the_leftover_taken_by_the_person_speaks_to_them() -> None:
    """Found by an audit of the Italian: a leftover taken by You read "You captured last and
    takes" ("l'ultima presa è di Tu"); the person is spoken to."""
    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    hand = replay_match([record]).hands[0]
    assert hand.leftover is not None and hand.leftover.player == "Ada"
    hand.leftover = replace(hand.leftover, player="You")
    text = plain_text(*hand_end(hand, record))
    assert "Leftovers: you captured last and take 4S." in text, text
    with speaking("it"):
        text = plain_text(*hand_end(hand, record))
    assert "l'ultima presa è tua, e ti porti via 4S." in text, text


def test_the_boards_lists_hang_under_their_items_and_draw_cards_as_glyphs() -> None:
    """Stop 49: the deductions and readings wrapped back to the margin, and drew their cards
    in letters beside a board drawn in glyphs."""
    from tutor.counting.inference import count_view
    from tutor.render.tracker import tracker_view

    [record] = load_path(EXAMPLES / "seed003-scopa.yaml")
    view = count_view(record.state_at(9), record.players.index("Ada"), record.players, record.style)
    for rich in (False, True):
        text = plain_text(*tracker_view(view, record.style, rich), width=70)
        block = text.split("Deductions:\n", 1)[1].splitlines()
        items = [x for x in block if x.startswith("  - ")]
        assert items, text
        for line in block[: block.index(items[-1]) + 2]:
            assert line.startswith(("  - ", "    ")), line
        glyphs = re.search(r"Q[♦♥♠♣]", "\n".join(block))
        assert bool(glyphs) == rich, block


def test_a_puzzle_on_a_narrow_terminal_never_breaks_a_play() -> None:
    """Practice audit (stop 49): at 60 columns the plays so far ran off the screen, the hint
    broke "7D x / 7C", and a wrapped explanation line went back to the margin."""
    from tutor.puzzles.answer import judge
    from tutor.puzzles.check import solve_puzzle
    from tutor.puzzles.format import collection_dir, load_puzzles
    from tutor.render.puzzle import puzzle_position, verdict_view

    for p in load_puzzles(collection_dir()):
        if p.kind not in ("legal-captures", "best-move") or not p.shows_all_hands:
            continue
        verdict = judge(p, None, solve_puzzle(p))
        for rich in (False, True):
            shown = [*puzzle_position(p, rich), *verdict_view(p, verdict, rich)]
            lines = plain_text(*shown, width=44).splitlines()
            for k, line in enumerate(lines):
                assert len(line) <= 44, (p.name, line)
                assert not line.endswith((" x", " x ")), (p.name, line)
                assert not line.lstrip().startswith("x "), (p.name, lines[k - 1], line)


def test_the_sessions_help_wraps_each_meaning_under_itself() -> None:
    """Terminal audit (stop 49): at 60 columns the help of ``tutor play`` wrapped what a line
    does back to the margin, ``tutor live`` printed its help unwrapped (86 columns), and its
    longest line, ``fix 12 7D x 2B 5S``, ran into its meaning with one space between."""
    from tutor.training.live import protocol
    from tutor.training.play import help_text

    for lang in ("en", "it"):
        with speaking(lang):
            for text in (protocol("french"), help_text("french")):
                rows = text.splitlines()[1:-1]
                starts = {re.match(r"  \S+(?: \S+)*? {2,}", row).end() for row in rows}  # type: ignore[union-attr]
                assert len(starts) == 1, rows  # every meaning in one column
                (column,) = starts
                lines = plain_text(*text_lines(text), width=60).splitlines()
                assert max(map(len, lines)) <= 60
                hanging = [line for line in lines if line.startswith("   ")]
                assert hanging, lines  # some meanings wrap at 60 columns
                for line in hanging:
                    assert line[:column].strip() == "" and line[column] != " ", line


def test_the_rulesets_on_a_narrow_terminal_have_their_descriptions_below() -> None:
    """Terminal audit (stop 50): ``tutor rules`` was 72 columns wide in Italian on a terminal
    of 60 (and 61 in English), its description's column held open by "(scopone-scientifico)".
    Where that column does not fit, the descriptions go under the table, each under its
    ruleset's name; where it fits, the table is as it was."""
    from tutor.game.rules import load_ruleset, ruleset_names

    rulesets = [load_ruleset(name) for name in ruleset_names()]
    for lang in ("en", "it"):
        with speaking(lang):
            # width audit (stop 54): at 80 the column was 31 wide, a cell running to 11 lines
            for width in (60, 80, 100):
                lines = emitted(rules_table(rulesets), width=width).splitlines()
                assert max(map(len, lines)) <= width, (lang, width, lines)
                head = lines[0].split()
                assert (head[-1] in ("description", "descrizione")) == (width == 100), head
                named = [line for line in lines if line in {r.name for r in rulesets}]
                assert len(named) == (len(rulesets) if width < 100 else 0), lines


def test_who_can_hold_what_fits_60_columns_once_readings_star_it(tmp_path: Path) -> None:
    """Bug (practice audit, stop 51): after a passed-up gain starred every figure, the table
    of who can hold what was 63 columns wide on a terminal of 60. It drops its % signs there
    (its title says so), and keeps them where it fits."""
    from tutor.counting.inference import hand_view

    save = tmp_path / "h.yaml"
    text = "7D 6C 3S 6B\nAD 4D 5D 3C 4S 7S 2B CB RB\n5D\n7B x 7D\n"
    args = ["live", "--players", "You,Right,Partner,Left", "--as", "You", "--save", str(save)]
    assert invoke(args, text)[0] == 0
    [hand] = load_path(save)
    parts = hand_view_lines(hand_view(hand, 0, 2), False)
    narrow = emitted(*parts, width=60)
    assert max(len(line) for line in narrow.splitlines()) <= 60, narrow
    assert "Who can hold what, in %" in narrow
    assert re.search(r"^Right( +\d+\*){10} +8$", narrow, re.M), narrow
    wide = emitted(*parts, width=80)
    assert re.search(r"^Right( +\d+%\*){10} +8$", wide, re.M), wide
    earlier = emitted(*hand_view_lines(hand_view(hand, 0, 1), False), width=60)
    assert re.search(r"^Right( +\d+%){10} +9$", earlier, re.M), earlier  # no star: it fits


def test_an_interrupted_run_says_so_on_standard_output() -> None:
    """Audit (stop 53): after Ctrl-C, ``simulate`` and ``solve`` said "interrupted" on stderr
    alone, so ``> out.txt`` held what read as a whole run with fewer deals."""
    import dataclasses

    from helpers import NAMES, partial_state

    from tutor.search.evaluate import evaluate
    from tutor.search.simulate import simulate

    few = evaluate(partial_state(4), "sampling", samples=2, seed=1, names=NAMES,
                   sides=["North-South", "East-West"])  # fmt: skip
    said = "interrupted (Ctrl-C): the deals valued before it"
    assert said not in " ".join(plain_text(*evaluation_view(few, ITALIAN)).split())
    few.analysis.interrupted = True
    assert said in " ".join(plain_text(*evaluation_view(few, ITALIAN)).split())
    r = simulate("scopa", ["greedy", "random"], deals=1, seed=1, workers=1)
    said = "interrupted (Ctrl-C): the ones finished before it"
    assert said not in " ".join(plain_text(*simulation_view(r), width=120).split())
    cut = dataclasses.replace(r, interrupted=True)
    assert said in " ".join(plain_text(*simulation_view(cut), width=120).split())


def test_the_napola_row_shows_its_run() -> None:
    """Record audit (stop 53): the napola row said "3" alone, where the re bello row shows its
    card; it shows the run of denari the points come from."""
    from tutor.game.cards import CARDS
    from tutor.game.rules import load_ruleset
    from tutor.game.scoring import score_captures

    rules = load_ruleset("scopa-re-bello")
    run = sum(1 << c.index for c in CARDS[:4])  # AD 2D 3D 4D
    rest = ((1 << 40) - 1) & ~run
    cells = dict(score_cells(score_captures(rules, [run, rest], [0, 0]), rules))
    assert cells["napola"] == [("4 = ", tuple(CARDS[:4]), ""), ("-", (), "")]
