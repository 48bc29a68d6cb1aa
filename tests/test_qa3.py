"""Regressions found by using the tracker issue's commands as a player would (helper qa3).

Each test names the problem it guards against; each failed before the fix it goes with.
"""

from __future__ import annotations

import json
import os
import random
import stat
import sys
from pathlib import Path

import pytest
import typer
from positions import endgame, weighed_by_hand
from typer.testing import CliRunner

from tutor.cli import app
from tutor.cli import live as cli_live
from tutor.cli.core import EXIT_INTERRUPTED
from tutor.counting.inference import count_view, infer
from tutor.counting.odds import percent
from tutor.counting.tracker import STOCK, track, viewer_state
from tutor.game.cards import parse_card, parse_cards
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.records.recordfile import load_path, save_atomically
from tutor.training.drill import answer_problem, check_answer, default_names, make_question
from tutor.training.live import LiveError, LiveSession, intro, protocol

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
NAMES = ["West", "North", "East", "South"]


def hall_position(last: str) -> GameState:
    """North keeps ``last``; North passes up a sweep with a king, East one with a 5.

    West lays KC on an empty table and North, holding no king, lays 7S: so the two unseen
    kings KD and KH must be with West and East, one card each, and North's last card can
    only be ``last``. East's reading (no 5) plays no part in that.
    """
    s = endgame(
        load_ruleset("scopone-scientifico"),
        "AC 2C 3C 6C",
        ["6H KC KD", f"AS 7S {last}", "4H JH KH", "QS 2D 3S"],
    )
    for m in ["6H x 6C", "AS x AC", "4H", "QS x 2C 3C 4H", "KC", "7S", "JH"]:
        s.play(s.parse_move(m, "french"))
    return s


def card(text: str) -> int:
    return parse_card(text, "french").index


# -- deductions --------------------------------------------------------------------------------


def test_a_must_names_only_the_readings_it_rests_on() -> None:
    """Bug: every other holder got its own reason, so East's irrelevant reading (no 5) was
    listed although the Hall set {West, East} already rules East out."""
    inf = infer(viewer_state(hall_position("5S"), 3), 3, NAMES, style="french")
    assert any(e.seat == 2 and e.values == (5,) for e in inf.active)  # the reading stands
    [d] = [d for d in inf.deductions if d.status == "must" and d.card == card("5S")]
    assert d.holder == 1 and d.basis == "inference"
    [north] = [e for e in inf.standing if e.seat == 1]  # no 6 is unseen: that one is moot
    assert d.reasons == [
        "West and East hold 2 cards between them, and KD KH can only be with them",
        "at play 6 North could have swept the table (KC = 10) with a 10 and did not, "
        f"so holds no 10 (inference, {percent(north.confidence or 0)})",
    ]
    assert d.readings == (north,)
    assert "East could have swept" not in d.text


def test_the_last_ace_is_called_an_ace() -> None:
    """Bug: "(the last 1 unseen)" instead of "(the last ace unseen)"."""
    inf = infer(viewer_state(hall_position("AD"), 3), 3, NAMES, style="french")
    [d] = [d for d in inf.deductions if d.status == "must" and d.card == card("AD")]
    assert d.holder == 1
    # a deduction resting on a reading says so, with its probability: never a bare "must"
    p = percent(inf.probability(1, card("AD")))
    assert d.text.startswith(
        f"North holds AD (the last ace unseen): {p}, from one reading: West and East hold 2"
    )
    assert 0.5 < d.confidence == inf.probability(1, card("AD")) < 1
    assert all("the last 1 unseen" not in x.text for x in inf.deductions)


def test_no_deduction_per_card_when_the_stock_holds_every_unseen_card() -> None:
    """Bug: with the other hand empty mid-deal, 30 lines "the stock must hold X" appeared."""
    [rec] = load_path(EXAMPLES / "seed003-scopa.yaml")
    a = count_view(rec.state_at(5), rec.seat_of("Ada"), rec.players, rec.style)
    inf = a.inference
    assert inf.capacity == {STOCK: 30}
    assert all(h.status == "must" and h.basis == "fact" for h in inf.holdings[STOCK].values())
    assert not [d for d in inf.deductions if d.holder == STOCK and d.basis == "fact"]


def test_rule_of_48_with_one_card_out_names_it() -> None:
    """Bug: "hold exactly one each of 9" for a single card."""
    s = endgame(load_ruleset("scopa"), "", ["QS", "AD"])
    s.push(s.parse_move("AD", "french"))  # wrong turn order does not matter to the count
    board = track(viewer_state(s, 1), 1)
    assert any("hold exactly one card, a 9." in n for n in board.notes)
    assert not any("one each of" in n for n in board.notes)


def test_consistent_deal_in_the_singular() -> None:
    s = endgame(load_ruleset("scopa"), "", ["QS", "AD"])
    assert infer(viewer_state(s, 1), 1).method == "exact count over 1 deal that fits the facts"


# -- facts and readings kept apart in the human table and the JSON ---------------------------


def test_percentages_moved_by_readings_are_starred() -> None:
    """Bug: a percentage that only the readings made was shown like a fact."""
    from tutor.render.terminal import _holding_cell

    s = hall_position("5S")
    s2 = s.copy()
    s2.stack = list(s.stack)
    s2.pop()  # before East's JH: West 1 card, North 1, East 2 unseen
    a = count_view(s2, 3, NAMES, "french")
    inf = a.inference
    assert inf.active
    for seat in (0, 1, 2):
        for v in range(1, 11):
            cell = _holding_cell(a, seat, v).plain
            if not cell.endswith("%") and not cell.endswith("%*"):
                continue
            p, pf = inf.probability_any(seat, v), inf.probability_any_facts(seat, v)
            assert cell.endswith("*") == (round(100 * p) != round(100 * pf)), (seat, v, cell)
    # 4 unseen cards, North holds 1: 25% for the one 5 on the facts; the readings (East holds
    # no 5, North no 10) and the tells weigh the deals, every deal counting with its weight
    _, by_value = weighed_by_hand(inf)
    assert 0.25 < by_value[(1, 5)] < 1
    assert _holding_cell(a, 1, 5).plain == percent(by_value[(1, 5)]) + "*"
    j = a.to_json("french")
    assert j["value_probability_facts"]["North"]["5"] == pytest.approx(0.25)
    assert j["value_probability"]["North"]["5"] == pytest.approx(by_value[(1, 5)])


# -- tutor track ---------------------------------------------------------------------------------


def run(args: list[str], text: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args, input=text)
    return result.exit_code, result.stdout, result.stderr


def test_track_accepts_the_player_in_any_case() -> None:
    code, out, err = run(["track", str(EXAMPLES / "partial-view.yaml"), "--as", "south", "--json"])
    assert code == 0, err
    assert json.loads(out)["player"] == "South"


def test_track_says_when_the_viewers_cards_are_not_in_the_record() -> None:
    path = str(EXAMPLES / "partial-view.yaml")
    code, out, err = run(["track", path, "--as", "North", "--at", "3"])
    assert code == 0
    assert "does not give North's cards: the 8 cards North holds count as unseen" in err
    code, out, err = run(["track", path, "--as", "South", "--at", "3"])
    assert code == 0 and "does not give" not in err


def test_track_wording_with_no_capture_and_at_the_end() -> None:
    """Bugs: "every capture so far was by a twin" before any capture; an empty who-holds-what
    table and a counting method once nothing is unseen."""
    _, out, _ = run(["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "0"])
    assert "Sparigli: none yet: nothing has been captured." in out
    _, out, _ = run(["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South"])
    assert "Who can hold what" not in out and "Probabilities:" not in out
    assert "Unseen (0)" in out


# -- tutor live ------------------------------------------------------------------------------------


def live(args: list[str], text: str) -> tuple[int, str, str]:
    return run(["live", *args], text)


SCOPA = ["--ruleset", "scopa", "--players", "You,Ada", "--as", "You", "--deck", "french"]


def test_saved_record_has_ordinary_permissions(tmp_path: Path) -> None:
    """Bug: the record was written with mkstemp's private mode 0600."""
    umask = os.umask(0o022)
    try:
        new = tmp_path / "new.yaml"
        save_atomically(new, "a: 1\n")
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        os.chmod(new, 0o640)
        save_atomically(new, "a: 2\n")
        assert stat.S_IMODE(new.stat().st_mode) == 0o640
        assert new.read_text() == "a: 2\n"
    finally:
        os.umask(umask)


def test_save_refuses_to_overwrite_an_existing_hand(tmp_path: Path) -> None:
    """Bug: --save on an existing file replaced the hand in it without a word."""
    path = tmp_path / "hand.yaml"
    code, _, err = live([*SCOPA, "--save", str(path)], "2C 4H 5S QD\n7D 7H AS\n7D x 2C 5S\n")
    assert code == 0, err
    before = path.read_text()
    code, _, err = live([*SCOPA, "--save", str(path)], "2C 4H 3S AD\n")
    assert code == 2 and "already exists" in err and f"--resume {path}" in err
    assert path.read_text() == before


def test_seating_mistakes_on_the_command_line_are_usage_errors(tmp_path: Path) -> None:
    code, _, err = live(["-r", "scopa", "-p", "You,Ada,Bea", "--as", "You"], "")
    assert code == 2 and "for 2 players, but 3 are given" in err
    code, _, err = live(["-r", "scopa", "-p", "You,Ada", "--as", "Bob"], "")
    assert code == 2 and "--as Bob: no such player" in err
    s = LiveSession.new("scopa", ["You", "Ada"], "ada", "french")  # any case will do
    assert s.my_name == "Ada"


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


class FakeTerminal:
    """A terminal whose reader types ``lines``; None stands for a Ctrl-C."""

    def __init__(self, lines: list[str | None]) -> None:
        self.lines = list(lines)

    def isatty(self) -> bool:
        return True

    def readline(self) -> str:
        if not self.lines:
            return ""
        line = self.lines.pop(0)
        if line is None:
            raise KeyboardInterrupt
        return line + "\n"


def test_ctrl_c_drops_the_line_and_twice_stops_with_everything_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bug: one Ctrl-C ended the session with "interrupted" and no word of the saved file."""
    path = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", path)
    monkeypatch.setattr(
        sys, "stdin", FakeTerminal(["2C 4H 5S QD", None, "7D 7H AS", None, None, "never read"])
    )
    with pytest.raises(typer.Exit) as stop:
        cli_live._run_live(s, quiet=True, json_out=False)
    assert stop.value.exit_code == EXIT_INTERRUPTED
    err = capsys.readouterr().err
    assert err.startswith("Type the hand one line at a time")  # the intro at a terminal
    # each lone Ctrl-C drops a line; the second of two in a row stops
    assert err.count("Ctrl-C: line dropped") == 2
    assert "interrupted" in err and f"saved to {path}" in err and f"--resume {path}" in err
    [rec] = load_path(path)
    assert rec.deals and len(rec.deals[0]["You"]) == 3


def test_ctrl_c_while_piped_stops_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.yaml"
    s = LiveSession.new("scopa", ["You", "Ada"], "You", "french", path)
    reader = FakeTerminal(["2C 4H 5S QD", None, "7D 7H AS"])
    monkeypatch.setattr(reader, "isatty", lambda: False)
    monkeypatch.setattr(sys, "stdin", reader)
    with pytest.raises(typer.Exit) as stop:
        cli_live._run_live(s, quiet=True, json_out=False)
    assert stop.value.exit_code == EXIT_INTERRUPTED
    err = capsys.readouterr().err
    assert "line dropped" not in err and f"saved to {path}" in err
    assert reader.lines == ["7D 7H AS"]


# -- tutor drill 48 --------------------------------------------------------------------------


def test_drill_asks_again_after_a_slip() -> None:
    """Bug: a word that is no value (or no player) was marked wrong instead of asked again."""
    q = make_question("scopone-scientifico", random.Random(4), kind="unmatched")
    assert answer_problem(q, "2 6 X") is not None
    assert answer_problem(q, "West") is not None
    assert answer_problem(q, "none") is None and answer_problem(q, q.expected_text()) is None
    code, out, err = run(
        ["drill", "48", "--seed", "5", "--rounds", "1", "--question", "unmatched"],
        "x y\nsouth\n" + "\n",
    )
    assert code == 0
    assert err.count("try again") == 2
    assert "no more answers" in err  # the blank line is no answer either


def test_drill_holder_answers_by_name_start_in_any_case() -> None:
    rng = random.Random(2)
    q = make_question("scopone-scientifico", rng, kind="holder")
    assert q.kind == "holder"
    assert check_answer(q, str(q.expected).upper()).correct
    assert check_answer(q, str(q.expected)[:2].lower()).correct
    assert answer_problem(q, "Bob") is not None
    assert answer_problem(q, "none") is None and not check_answer(q, "none").correct


def test_two_player_drill_calls_the_player_you() -> None:
    """Bug: "Playing order: Ada, You (You deals). You are Ada." """
    assert default_names(2, 0) == ["You", "Ada"] and default_names(2, 1) == ["Ada", "You"]
    for seed in range(6):
        q = make_question("scopa", random.Random(seed), kind="unmatched")
        assert q.names[q.viewer] == "You"
        assert "You are" not in q.position[0] and "(dealer: " in q.position[0]
