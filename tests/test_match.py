"""Match files across the hands: side names that stay put while the seats turn, what must be
the same in every hand, and the library's replay of hands joined by a caller (found by QA)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import EXAMPLES, run
from rich.console import Console

from tutor.game.i18n import speaking
from tutor.records.record import RecordError
from tutor.records.recordfile import dumps, load_path, loads
from tutor.records.replay import replay_match
from tutor.render.scores import match_table

FOUR = Path(__file__).parent / "data" / "scopone-match-four-hands.yaml"


def _hands(path: Path) -> list[str]:
    """The hands of a match file, as the text of each YAML document."""
    return path.read_text(encoding="utf-8").split("\n---\n")


def test_a_side_keeps_its_name_while_the_seats_turn() -> None:
    """Bug: in a four-player match "S & N" of hand 1 was "N & S" in hand 3, a name found in no
    match.sides entry (a tutor play file: "You & Partner", then "Partner & You")."""
    match = replay_match(load_path(FOUR))
    data = match.to_json()
    assert data["match"]["sides"] == ["S & N", "W & E"]
    for hand in data["hands"]:
        assert sorted(hand["sides"]) == ["S & N", "W & E"], hand["sides"]
    shown = run("replay", str(FOUR)).stdout
    assert "N & S" not in shown and "E & W" not in shown


def test_team_names_mean_one_side_all_match_long(tmp_path: Path) -> None:
    """Bug: a later hand's teams could swap the names (hand 4's score said 'Us 1, Them 4'
    while the match table credited Us with 4) or rename the sides; a hand naming no teams
    now takes the first hand's."""
    hands = _hands(FOUR)
    first = hands[0].replace("dealer: E\n", "dealer: E\nteams: {Us: [S, N], Them: [W, E]}\n")
    swapped = hands[3].replace("dealer:", "teams: {Us: [W, E], Them: [S, N]}\ndealer:")
    bad = tmp_path / "swapped.yaml"
    bad.write_text("\n---\n".join([first, *hands[1:3], swapped]), encoding="utf-8")
    with pytest.raises(RecordError, match=r"hand 4: the teams \(Us: W & E; Them: S & N\) differ"):
        load_path(bad)
    partial = tmp_path / "partial.yaml"
    partial.write_text("\n---\n".join([first, *hands[1:]]), encoding="utf-8")
    data = replay_match(load_path(partial)).to_json()
    assert [sorted(h["sides"]) for h in data["hands"]] == [["Them", "Us"]] * 4


def test_every_hand_of_a_tutor_play_file_has_the_same_game(tmp_path: Path) -> None:
    """Bug: a hand dealt from another seed, or with other computer players, was accepted, and
    play --resume then wrote the last hand's game key over the earlier hands'."""
    hands = _hands(FOUR)
    game = "game: {seed: 3, computer: {W: chitarrella, N: chitarrella, E: chitarrella}}\n"
    other = game.replace("seed: 3", "seed: 4")
    path = tmp_path / "games.yaml"
    path.write_text("\n---\n".join([game + hands[0], game + hands[1], other + hands[2]]),
                    encoding="utf-8")  # fmt: skip
    with pytest.raises(RecordError, match="hand 3: its game key .* differs from the first"):
        load_path(path)
    path.write_text("\n---\n".join([game + hands[0], hands[1]]), encoding="utf-8")
    with pytest.raises(RecordError, match="hand 2: its game key"):
        load_path(path)


def test_replay_match_checks_the_hands_a_caller_joins() -> None:
    """Bug: the library's replay_match scored any list of hands: another game's players were
    mapped by seat (You's points given to A), a hand after the match was won was skipped."""
    [scopa] = load_path(EXAMPLES / "seed003-scopa.yaml")
    four = load_path(FOUR)
    with pytest.raises(RecordError, match="hand 2: played with scopa"):
        replay_match([four[0], scopa])
    match = loads(dumps(load_path(EXAMPLES / "scopa-match.yaml")))
    with pytest.raises(RecordError, match="the match was already over"):
        replay_match([*match, match[0]])


def test_a_separator_ending_the_file_starts_no_hand(tmp_path: Path) -> None:
    """Found by QA: a --- at the end of a match file (with comments after it, or nothing)
    was read as an empty extra hand: "hand 5: must be a mapping"."""
    path = tmp_path / "ends.yaml"
    path.write_text(FOUR.read_text(encoding="utf-8") + "---\n# the next hand soon\n")
    assert len(load_path(path)) == 4
    path.write_text(FOUR.read_text(encoding="utf-8") + "---\n---\nplays: []\n")
    with pytest.raises(RecordError, match="hand 5"):  # an empty hand between two is an error
        load_path(path)


def test_replay_match_leaves_the_callers_records_as_given() -> None:
    """Found by QA: replay_match named the hands as a match on the caller's own records, so
    dumps of one then wrote teams its file never had."""
    hands = load_path(FOUR)
    for r in hands:  # as a caller may hold them: not named as a match
        r.match_order = ()
    before = dumps(hands)
    replay_match(hands)
    assert dumps(hands) == before and all(r.match_order == () for r in hands)


def test_a_yaml_slip_in_a_later_hand_names_the_hand(tmp_path: Path) -> None:
    """Found by QA: a YAML syntax error in hand 3 of a match named its line but not its hand,
    where every other error in a match names both."""
    hands = _hands(FOUR)
    hands[2] = hands[2].replace("plays:\n", "plays: [\n", 1)
    path = tmp_path / "slip.yaml"
    path.write_text("\n---\n".join(hands), encoding="utf-8")
    with pytest.raises(RecordError, match=r"slip.yaml:\d+: hand 3: not valid YAML"):
        load_path(path)
    one = tmp_path / "one.yaml"
    one.write_text("---\n" + hands[0].replace("plays:\n", "plays: [\n", 1), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_path(one)
    assert "hand" not in str(caught.value)  # one hand: no hand to name


def test_the_match_table_names_the_sides_in_words_in_the_runs_language() -> None:
    """Italian audit (stop 52): play's match table and result read "Tu & Compagno" (the
    files' and the JSON's form) where everything else says "Tu e Compagno"."""
    text = (EXAMPLES / "scopone-hand.yaml").read_text(encoding="utf-8")
    text = re.sub(r"teams:\n(  .*\n)+", "", text)
    for seat, name in [("South", "You"), ("West", "Right"), ("North", "Partner"), ("East", "Left")]:
        text = re.sub(rf"\b{seat}\b", name, text)
    match = replay_match(loads(text))
    assert match.sides == ["You & Partner", "Right & Left"]  # what files and scripts read
    assert match.shown_sides() == ["You and Partner", "Right and Left"]
    with speaking("it"):
        assert match.shown_sides() == ["Tu e Compagno", "Destra e Sinistra"]
        shown = Console(width=100, no_color=True)
        with shown.capture() as got:
            shown.print(match_table(match.match, match.shown_sides()))
    assert "Tu e Compagno" in got.get() and "&" not in got.get()
