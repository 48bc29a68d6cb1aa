"""What more than one test file needs, written once: paths, the CLI runner, records, positions.

Fixtures live in ``conftest.py``; ``tests/README.md`` says which file each test goes in.
"""

from __future__ import annotations

import html
import io
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tutor.cli import app
from tutor.cli.core import EXIT_BAD_INPUT
from tutor.counting.inference import Inference
from tutor.counting.style import gain_weight
from tutor.counting.tells import FAMILIES
from tutor.game.captures import VALUE_OF
from tutor.game.cards import (
    FULL_DECK,
    SETTEBELLO,
    Card,
    format_cards,
    indexes_of,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState, Move
from tutor.records.recordfile import load_path
from tutor.review.judge import Settings
from tutor.search import solver as solver_module
from tutor.search.players import ChitarrellaPlayer, seat_view
from tutor.training.play import PlaySession

# -- paths and files ------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SEED003 = EXAMPLES / "seed003-scopa.yaml"
GOLDEN = Path(__file__).resolve().parent / "golden"
BAD = Path(__file__).resolve().parent / "data" / "bad"
SCOPA_RULES = (ROOT / "rulesets" / "scopa.yaml").read_text(encoding="utf-8")
"""The text of the shipped scopa ruleset, to edit into house rules."""


def example(name: str) -> str:
    """An example record's path relative to the checkout, as messages and goldens show it."""
    return str((EXAMPLES / name).relative_to(ROOT))


def write(tmp_path: Path, name: str, text: str | bytes) -> str:
    """Write ``text`` to ``tmp_path / name`` and give the path as a string."""
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def seed003_opening(tmp_path: Path, plays: int = 4) -> str:
    """Seed 003's record cut after its first ``plays`` plays (a short review), written to
    ``tmp_path``; its path as a string."""
    lines = SEED003.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(k for k, line in enumerate(lines) if line.startswith("plays:"))
    kept = [line for line in lines[start + 1 :] if line.lstrip().startswith("- {play:")][:plays]
    return write(tmp_path, "opening.yaml", "".join(lines[: start + 1] + kept))


def check_golden(name: str, text: str) -> None:
    """Compare with ``tests/golden/NAME``; ``UPDATE_GOLDEN=1`` rewrites the file instead."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}; run with UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """Each ```python fenced block of a Markdown text, with the line it starts on (0-based)."""
    return [
        (text.count("\n", 0, m.start(1)), m.group(1))
        for m in re.finditer(r"^```python\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
    ]


# -- the command line -----------------------------------------------------------------------------

PLAIN_ENV: dict[str, str | None] = {
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "NO_COLOR": None,
    "COLUMNS": None,
    "LANGUAGE": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": None,
}
"""Unset what would change the plain look (CliRunner's stdout is no terminal, so output is
plain) and the language (the tests read English unless they ask for Italian: ``ITALIAN``)."""

ITALIAN: dict[str, str | None] = {"LANG": "it_IT.UTF-8"}
"""The environment of an Italian user: ``run(..., env=ITALIAN)``."""

runner = CliRunner()


def run(*args: str, env: dict[str, str | None] | None = None, input: str | None = None) -> Result:
    """``tutor ARGS`` in the plain look, with ``env`` on top and ``input`` typed on stdin."""
    return runner.invoke(app, list(args), env={**PLAIN_ENV, **(env or {})}, input=input)


def with_output_closed(args: Sequence[str], text: str, cwd: Path, timeout: float = 120) -> tuple[
        int, str]:  # fmt: skip
    """``tutor ARGS`` in a process of its own whose standard output nobody reads (``| head``
    gone), with ``text`` typed on stdin: its exit code and its stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tutor", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        cwd=cwd, env=env, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    proc.stdout.close()  # no reader
    _out, err = proc.communicate(text, timeout=timeout)
    return proc.returncode, err


def run_json(*args: str) -> Any:
    """The parsed stdout of ``tutor ARGS --json``, which must succeed."""
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def invoke(args: list[str], text: str = "") -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``tutor ARGS`` with ``text`` typed on stdin."""
    result = run(*args, input=text)
    return result.exit_code, result.stdout, result.stderr


def one_error_line(result: Result, code: int = EXIT_BAD_INPUT) -> str:
    """The single ``tutor: error:`` line of a failed command (nothing on stdout)."""
    assert result.exit_code == code, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tutor: error: ")
    return lines[0]


def assert_bad_input(result: Result, *fragments: str) -> None:
    """Exit 3, one ``tutor: error:`` line on stderr naming the problem, nothing on stdout."""
    line = one_error_line(result)
    for fragment in fragments:
        assert fragment in line


def emitted(*renderables: Any, width: int) -> str:
    """What :func:`tutor.render.terminal.emit` prints of ``renderables`` in plain text on a
    terminal ``width`` columns wide: the tables fitted to it, as the commands print them
    (``plain_text`` draws them as they are)."""
    from tutor.render.terminal import _plain_console, emit

    buf = io.StringIO()
    emit(_plain_console(buf, width), *renderables)
    return buf.getvalue()


# -- cards and records ----------------------------------------------------------------------------

BASE = """\
ruleset: scopa
deck: french
players: [You, Ada]
table: [2C, 4H, 5S, QD]
deals:
  - {You: [7D, 7H, AS], Ada: [3H, KC, JD]}
plays:
  - 7D x 2C 5S
  - 3H
"""
"""The first deal of seed 003 and the two plays after it; append more lines, or edit it."""

NAMES = ["West", "North", "East", "South"]
"""The seats of scopone, in playing order."""


def F(text: str) -> list[Card]:
    """Cards in French notation."""
    return parse_cards(text, "french")


def card(text: str) -> int:
    """The index of a card in French notation."""
    return parse_card(text, "french").index


def mask(text: str, style: str | None = None) -> int:
    """The bit mask of some cards."""
    return mask_of(parse_cards(text, style))


# -- positions and play ---------------------------------------------------------------------------


def endgame(rules: Ruleset, table: str, hands: list[str], style: str = "french") -> GameState:
    """A late position: the given table and hands; every other card already captured by side 0."""
    t = mask_of(parse_cards(table, style))
    hs = [mask_of(parse_cards(h, style)) for h in hands]
    s = GameState(rules, t, [[(h, 0) for h in hs]])
    placed = t
    for h in hs:
        placed |= h
    s.captured[0] = FULL_DECK & ~placed
    return s


def play(state: GameState, *moves: str, style: str = "french") -> None:
    """Check and play each move, written in ``style``."""
    for text in moves:
        state.play(state.parse_move(text, style))


def partial_state(n: int = 20) -> GameState:
    """The position after ``n`` plays of the example that gives only South's cards."""
    return load_path(EXAMPLES / "partial-view.yaml")[0].state_at(n)


def midgame(ruleset: str, seed: int, plays: int) -> GameState:
    """A seeded hand of ``ruleset`` after ``plays`` plays of the rule-based player, each from
    its own seat's view (full information: the hidden hands are in the state)."""
    rules = load_ruleset(ruleset)
    rng = random.Random(seed)
    state = GameState.random(rules, rng)
    player = ChitarrellaPlayer(count_limit=0)
    for _ in range(plays):
        state.push(player.choose(seat_view(state), rng))
    return state


def reshuffle_hidden(state: GameState, rng: random.Random) -> GameState:
    """The same position with the cards the mover has not seen (the other hands and the deals
    to come) dealt differently: the mover cannot tell the two apart (the history is kept)."""
    other = state.copy(with_stack=True)
    me = state.turn
    seats = [s for s in range(state.rules.players) if s != me]
    future = range(state.deal_index, len(state.deals))
    pool = [i for s in seats for i in indexes_of(state.hands[s])]
    pool += [i for d in future for known, _ in state.deals[d] for i in indexes_of(known)]
    rng.shuffle(pool)
    current = state.deal_index - 1  # the deal the hands came from: it must agree with them
    for s in seats:
        n = state.hands[s].bit_count()
        other.hands[s] = mask_of(pool[:n])
        pool = pool[n:]
        if current >= 0:
            known, unknown = state.deals[current][s]
            other.deals[current][s] = (known & ~state.hands[s] | other.hands[s], unknown)
    for d in future:
        row = []
        for known, unknown in state.deals[d]:
            n = known.bit_count()
            row.append((mask_of(pool[:n]), unknown))
            pool = pool[n:]
        other.deals[d] = row
    return other


def greedy_move(state: GameState, rng: random.Random) -> Move:
    """Always take an available scopa, else the settebello, else any legal play."""
    moves = state.legal_moves()
    if not state.is_last_play() or state.rules.last_play_scopa:
        sweeps = [m for m in moves if m.capture and m.capture == state.table]
        if sweeps:
            return rng.choice(sweeps)
    takes = [m for m in moves if m.capture & SETTEBELLO.bit]
    return rng.choice(takes or moves)


def scripted_hand(
    ruleset: str, seed: int, me: int, names: list[str]
) -> tuple[list[str], list[str]]:
    """A random hand as the lines a player at seat ``me`` types, and the plays' texts."""
    rules = load_ruleset(ruleset)
    rng = random.Random(seed)
    full = GameState.random(rules, rng)
    lines = [format_cards(full.table, "french")]
    plays: list[str] = []
    dealt = -1
    while not full.is_over():
        if full.deal_index - 1 != dealt:
            dealt = full.deal_index - 1
            lines.append(("deal " if dealt else "") + format_cards(full.hands[me], "french"))
        moves = full.legal_moves()
        move = moves[rng.randrange(len(moves))]
        who = names[full.turn]
        full.push(move)
        lines.append(f"{who}: {move.text('french')}")
        plays.append(move.text("french"))
    return lines, plays


# -- search --------------------------------------------------------------------------------------


def interrupt_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every exact search raise Ctrl-C (KeyboardInterrupt) at once."""

    def ctrl_c(self: object, node: object, guess: int, bounds: list[int]) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(solver_module._Run, "_mtdf", ctrl_c)


FAST = Settings(samples=40, time=None, workers=1)
"""Small, untimed budgets: the tests stay quick and their answers do not depend on the machine."""

FAST_PAGE = Settings(samples=12, time=None, workers=1)
"""Smaller still, for the HTML page and the drawings, where only the look is tested."""


# -- the browser ---------------------------------------------------------------------------------

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
"""Debian's headless Chromium (``.ci/run`` installs it); the browser tests skip without it."""

needs_browser = pytest.mark.skipif(
    BROWSER is None, reason="chromium is not installed (.ci/run installs it)"
)


def browser_command(profile: str, width: int, height: int, *action: str) -> list[str]:
    """Headless Chromium at ``width`` x ``height`` CSS pixels, offline and quiet, with a fresh
    profile; ``action`` is ``--screenshot=...``, ``--dump-dom`` or ``--print-to-pdf=...``."""
    assert BROWSER is not None
    return [
        BROWSER,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--hide-scrollbars",
        "--enable-logging=stderr",
        "--v=0",
        f"--window-size={width},{height}",
        *action,
    ]


def measure_in_browser(
    page: str, script: str, width: int, height: int = 2000, scripts: bool = True
) -> Any:
    """What ``script`` returns, as JSON, for ``page`` (an HTML document) shown in Chromium in a
    frame ``width`` x ``height`` CSS pixels (headless windows are never narrower than 500 px, so
    a phone's width needs the frame). ``script`` is the body of a JavaScript function of ``doc``
    and ``win``, the page's document and window, run once everything has loaded; it lives in
    the frame's parent, so that the page itself never holds a script. ``scripts=False``
    runs none of the page's own (a reader with JavaScript off)."""
    return measure_each_in_browser([(page, width)], script, height, scripts)[0]


def measure_each_in_browser(
    shown: Sequence[tuple[str, int]], script: str, height: int = 2000, scripts: bool = True
) -> list[Any]:
    """:func:`measure_in_browser` for each ``(page, width)`` of ``shown``, in frames of one
    window: one start of Chromium for them all (a second each, and a test that measured five
    widths started it five times: test audit, stop 57)."""
    # a sandbox that allows no script, but lets the parent read the frame
    sandbox = "" if scripts else ' sandbox="allow-same-origin"'
    frames = "".join(
        f'<iframe style="display:block;border:0;width:{width}px;height:{height}px"{sandbox} '
        f'srcdoc="{html.escape(page, quote=True)}"></iframe>'
        for page, width in shown
    )
    probe = (
        f'<!DOCTYPE html><html><body style="margin:0">{frames}'
        "<script>addEventListener('load', () => {"
        "const found = [...document.querySelectorAll('iframe')].map((frame) => {"
        "const win = frame.contentWindow;"
        f"return ((doc, win) => {{{script}}})(win.document, win); }});"
        "const out = document.createElement('pre'); out.id = 'measured';"
        "out.textContent = JSON.stringify(found); document.body.append(out);"
        "});</script></body></html>"
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "probe.html"
        path.write_text(probe, encoding="utf-8")
        size = (max(500, *(width for _page, width in shown)), len(shown) * height + 100)
        proc = subprocess.run(
            browser_command(f"{folder}/profile", *size, "--dump-dom", path.as_uri()),
            capture_output=True,
            text=True,
            timeout=120,
        )
    found = re.search(r'<pre id="measured">(.*?)</pre>', proc.stdout, re.DOTALL)
    assert found, proc.stderr[-2000:]
    measured = json.loads(html.unescape(found.group(1)))
    assert isinstance(measured, list) and len(measured) == len(shown), measured
    return measured


# -- tutor play ----------------------------------------------------------------------------------

QUICK = Settings(samples=4, time=0.05, first_round=2)
"""A tiny feedback budget, for the tests of a game that are not about the verdicts."""


def quick_session(ruleset: str = "scopa", seed: int = 3, **kw: Any) -> PlaySession:
    """A game against the computer (French cards, one process) with the quick budgets."""
    kw = {"deck": "french", "feedback": QUICK, "hint_settings": QUICK, **kw}
    return PlaySession.new(ruleset, seed=seed, workers=1, **kw)


def rule_moves(ruleset: str, seed: int, style: str) -> list[str]:
    """The person's plays in the first hand of game ``seed`` when they play as the chitarrella
    player would (the computer's replies follow from the seed, so these are the lines a script
    of that game types)."""
    s = quick_session(ruleset, seed, deck=style, board=False)
    s.start()
    player = ChitarrellaPlayer()
    lines: list[str] = []
    while s.phase() == "play":
        lines.append(player.choose(s.turn().view, random.Random(0)).text(style))
        s.enter(lines[-1])
    return lines


def missed_scopa(feedback: Settings) -> tuple[PlaySession, list[Any]]:
    """Scopa games played on until a sweep is there for the person, who plays something else:
    the session and the events of that play (the verdict judged with ``feedback``)."""
    player = ChitarrellaPlayer()
    for seed in range(40):
        s = quick_session("scopa", seed, board=False)
        s.start()
        while s.phase() == "play":
            turn = s.turn()
            sweeps = [m for m in turn.moves if m.capture and m.capture == turn.view.table]
            others = [m for m in turn.moves if m not in sweeps]
            if sweeps and others and not turn.view.is_last_play():
                s.feedback = replace(feedback, seed=seed, workers=1)
                return s, s.enter(others[0].text("french"))
            s.enter(player.choose(turn.view, random.Random(0)).text("french"))
    raise AssertionError("no sweep came up in 40 games")


def random_hand(name: str, seed: int) -> tuple[GameState, int, random.Random]:
    """A random deal of the ruleset ``name``, a seat to watch the hand from, and the generator
    that goes on to choose the moves."""
    rules = load_ruleset(name)
    rng = random.Random(seed)
    state = GameState.random(rules, rng)
    return state, rng.randrange(rules.players), rng


def every_deal(
    caps: Sequence[int], pool: int, allowed: Mapping[int, int] | None = None
) -> Iterator[list[int]]:
    """Every way to give the pool's cards to holders with room ``caps`` (one mask per holder);
    ``allowed`` (card -> mask of holder indexes) limits where each card may go."""
    cards = list(indexes_of(pool))
    hand = [0] * len(caps)
    room = list(caps)

    def rec(i: int) -> Iterator[list[int]]:
        if i == len(cards):
            yield list(hand)
            return
        for j in range(len(room)):
            if room[j] and (allowed is None or allowed[cards[i]] >> j & 1):
                room[j] -= 1
                hand[j] |= 1 << cards[i]
                yield from rec(i + 1)
                hand[j] &= ~(1 << cards[i])
                room[j] += 1

    yield from rec(0)


def weighed_by_hand(
    inf: Inference,
) -> tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]]:
    """P(seat holds card) and P(seat holds some card of value) by enumerating every deal of the
    unseen cards that fits the facts, each weighed by hand: a factor (the player's reliability
    for the kinds of reading) for the standing readings it contradicts, one for those of a
    player on the same values (each style's chance of passing them all up), and each
    standing tell's factor for the number of cards of its value the player holds (η + (1 - η) w
    for a player careless with probability η), and κ^m for a value held that would have beaten
    m of the player's plays at once (:mod:`tutor.counting.style`)."""
    holders = list(inf.capacity)
    per_card: dict[tuple[int, int], float] = {}
    per_value: dict[tuple[int, int], float] = {}
    total = 0.0

    def weight(hand: Mapping[int, int]) -> float:
        w = 1.0
        contradicted: dict[tuple[int, tuple[int, ...]], list[str]] = {}
        for ex in inf.standing:
            if any(VALUE_OF[c] in ex.values for c in indexes_of(hand[ex.seat])):
                contradicted.setdefault((ex.seat, ex.values), []).append(ex.kind)
        for (seat, _values), kinds in contradicted.items():
            w *= inf.reliability[seat].epsilon_together(kinds)
        for t in inf.tells:
            rel = inf.reliability[t.seat]
            by_count = FAMILIES[t.kind].weights(rel.tells[t.kind], t)
            n = sum(1 for c in indexes_of(hand[t.seat]) if VALUE_OF[c] in t.values)
            eta = rel.carelessness  # a careless player's tell says nothing
            w *= eta + (1 - eta) * by_count[min(n, len(by_count) - 1)]
        for seat, by_value in inf.passed.items():  # κ per play a held value would have beaten
            style = inf.reliability[seat].style
            held = {VALUE_OF[c] for c in indexes_of(hand[seat])}
            for value, counts in by_value.items():
                if value in held:
                    w *= gain_weight(style, counts)
        return w

    for deal in every_deal([inf.capacity[h] for h in holders], inf.state.unplaced()):
        hand = dict(zip(holders, deal, strict=True))
        w = weight(hand)
        total += w
        for h, m in hand.items():
            for c in indexes_of(m):
                per_card[(h, c)] = per_card.get((h, c), 0.0) + w
            for v in {VALUE_OF[c] for c in indexes_of(m)}:
                per_value[(h, v)] = per_value.get((h, v), 0.0) + w
    return (
        {k: x / total for k, x in per_card.items()},
        {k: x / total for k, x in per_value.items()},
    )


def stored_answers(db: Path) -> int:
    """How many answers the progress database ``db`` holds, read past the tutor's own code."""
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
    finally:
        conn.close()


def count_valuations(monkeypatch: Any) -> list[int]:
    """The samples of each analysis the review's valuations run from now on (``judge``'s
    calls of ``analyse``), one number per call: what a look valued anew."""
    from tutor.review import judge as judge_module

    valued: list[int] = []
    plain = judge_module.analyse

    def counted(*args: Any, **kw: Any) -> Any:
        a = plain(*args, **kw)
        valued.append(a.samples)
        return a

    monkeypatch.setattr(judge_module, "analyse", counted)
    return valued
