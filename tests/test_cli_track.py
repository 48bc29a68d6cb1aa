"""``tutor track``: the board as JSON and in words, the player in any case, bad input."""

from __future__ import annotations

import json
import re
from itertools import product
from math import comb, factorial, prod
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT, invoke, run, run_json

from tutor.counting.inference import Inference, infer
from tutor.counting.tells import FAMILIES
from tutor.counting.tracker import viewer_state_from_record
from tutor.game.captures import VALUE_OF
from tutor.game.cards import indexes_of
from tutor.records.recordfile import load_path


def test_cli_track_json() -> None:
    code, out, err = invoke(
        ["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "South", "--at", "3", "--json"]
    )
    assert code == 0, err
    j = json.loads(out)
    assert j["player"] == "South" and j["at"] == 3 and j["total_plays"] == 36
    assert j["unmatched"] == [3, 4, 7]  # North's 7D took 3C + 4S
    # only South's cards count as seen, though the record gives every hand
    assert len(j["unseen"]) == 40 - 8 - 2 - 5 == 25
    assert set(j["holdings"]) == {"West", "North", "East"}
    cell = j["holdings"]["West"]["RB"]
    assert cell["status"] == "may" and 0 < cell["probability"] < 1 and cell["basis"] is None
    facts = 1 - comb(25 - 3, 9) / comb(25, 9)  # East's 9 cards miss all 3 unseen kings
    assert j["sweep"] == {
        "sum": 10,
        "value": 10,
        "unseen": 3,
        "next": "East",
        "probability": pytest.approx(_east_holds_a_king(), abs=1e-6),
        "scopa": True,
        "probability_facts": pytest.approx(facts, abs=1e-6),
    }
    # no reading yet, but two tells: West laid 4S (may hold another 4), and North's capture
    # left East a table a king sweeps (so North probably holds a king, and East less likely)
    tells = [(t["kind"], t["player"], t["values"]) for t in j["tells"]]
    assert tells == [("doubles", "West", [4]), ("sweepable", "North", [10])]
    assert j["inferences"] == [] and j["sweep"]["probability"] < facts
    assert j["deductions"] == [] and j["method"].startswith("exact count")


def _east_holds_a_king() -> float:
    """P(East holds one of the 3 unseen kings) at South's play 3 of the example, derived
    independently of the tracker's dynamic programme: every split of each value the evidence
    mentions among West, North and East, counted by multinomials and weighed by every term's
    factor (the tells' η + (1 - η) w, checked against the tells here, and the passed-up gains'
    κ^m), the two halves of the values met by the room they use."""
    record = load_path(EXAMPLES / "scopone-hand.yaml")[0]
    inf: Inference = infer(viewer_state_from_record(record, "South", 3), 0)
    holders = [1, 2, 3]
    caps = tuple(inf.capacity[h] for h in holders)
    unseen = [VALUE_OF[c] for c in indexes_of(inf.unseen)]
    terms = inf.weighted.evidence.terms
    # the two tells' terms are what their families and the players' learned parameters give
    for tell in inf.tells:
        rel = inf.reliability[tell.seat]
        w = FAMILIES[tell.kind].weights(rel.tells[tell.kind], tell)
        expected = tuple(rel.carelessness + (1 - rel.carelessness) * x for x in w)
        [term] = [t for t in terms if t.by_count and (t.seat, t.values) == (tell.seat, tell.values)]
        assert term.by_count == pytest.approx(expected[: len(term.by_count)])
    values = sorted({v for t in terms for v in t.values} | {10})
    rest = len(unseen) - sum(unseen.count(v) for v in values)

    def factor(value: int, k: tuple[int, ...]) -> float:
        w = 1.0
        for t in terms:
            if t.values == (value,):
                n = k[holders.index(t.seat)]
                if t.by_count is not None:
                    w *= t.by_count[min(n, len(t.by_count) - 1)]
                else:
                    w *= t.some if n else t.none
        return w

    def splits(n: int) -> list[tuple[int, ...]]:
        return [k for k in product(range(n + 1), repeat=3) if sum(k) == n]

    def ways(n: int, parts: tuple[int, ...]) -> int:
        return factorial(n) // prod(factorial(x) for x in parts)

    def half(vals: list[int]) -> dict[tuple[tuple[int, ...], bool], float]:
        out: dict[tuple[tuple[int, ...], bool], float] = {}
        options = [[(v, k) for k in splits(unseen.count(v))] for v in vals]
        for choice in product(*options):
            used = tuple(sum(k[i] for _, k in choice) for i in range(3))
            if any(u > c for u, c in zip(used, caps, strict=True)):
                continue
            w = 1.0
            for v, k in choice:
                w *= ways(unseen.count(v), k) * factor(v, k)
            east_king = any(v == 10 and k[2] for v, k in choice)
            out[(used, east_king)] = out.get((used, east_king), 0.0) + w
        return out

    first, second = half(values[: len(values) // 2]), half(values[len(values) // 2 :])
    total = east = 0.0
    for (u1, e1), w1 in first.items():
        for (u2, e2), w2 in second.items():
            left = tuple(c - a - b for c, a, b in zip(caps, u1, u2, strict=True))
            if min(left) < 0 or sum(left) != rest:
                continue
            w = w1 * w2 * ways(rest, left)
            total += w
            east += w if e1 or e2 else 0.0
    return east / total


def test_cli_track_human_board() -> None:
    code, out, _ = invoke(
        ["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "30"]
    )
    assert code == 0
    assert "South's view after play 30 of 36" in out
    for part in (
        "captured",
        "parity",
        "ODD",
        "Sparigli",
        "Rule of 220",
        "Even total",
        "Who can hold what",
        "Probabilities: exact count",
    ):
        assert part in out


def test_the_two_odd_lists_say_what_each_counts() -> None:
    """Audit: "Unmatched: 2, 3, 4, 7, F, R." and "Rule of 48: ... the values still out an odd
    number of times are: 3, 7, C, R." on one board, two odd lists a player could not tell
    apart: each label now says what it counts."""
    path = str(EXAMPLES / "partial-view.yaml")
    code, out, err = invoke(["track", path, "--as", "South", "--at", "20"])
    assert code == 0, err
    text = " ".join(out.split())
    assert "Unmatched (captured an odd number of times): 2, 3, 4, 7, F, R." in text
    # new-user audit, stop 57: still read as a contradiction; it counts the unseen cards
    # and the step between the two lists: the four places of a value's cards (track audit)
    assert (
        "Rule of 48: the unseen cards hold an odd number of 3, 7, C, R, so at least one of each "
        "(each value's 4 cards are captured, on the table, in your hand or unseen; the "
        "unmatched values count the captures alone)." in text
    )
    from tutor.counting.tracker import OddValues

    assert OddValues(()).text([]) == (
        "Rule of 48: the unseen cards hold an even number of every value (each value's 4 cards "
        "are captured, on the table, in your hand or unseen; the unmatched values count the "
        "captures alone)."
    )  # not "an odd number of none"
    assert OddValues((2,)).text([]) == (  # not "one of each" of one value (coach audit, stop 57)
        "Rule of 48: the unseen cards hold an odd number of 2, so at least one (each value's 4 "
        "cards are captured, on the table, in your hand or unseen; the unmatched values count "
        "the captures alone)."
    )


def test_a_large_count_of_deals_is_written_with_the_languages_thousands_marks() -> None:
    """Audit: ``tutor --lang it play --seed 7``, then ``board``, said "conto esatto su
    227873431500 distribuzioni": 227.873.431.500 in Italian, 227,873,431,500 in English."""
    path = str(EXAMPLES / "partial-view.yaml")
    code, out, err = invoke(["track", path, "--as", "South", "--at", "3"])
    assert code == 0, err
    assert "exact count over 26,293,088,250 deals that fit the facts" in " ".join(out.split())
    code, out, err = invoke(["--lang", "it", "track", path, "--as", "South", "--at", "3"])
    assert code == 0, err
    assert "conto esatto su 26.293.088.250 distribuzioni" in " ".join(out.split())


def test_cli_track_bad_input() -> None:
    code, _, err = invoke(["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "Nobody"])
    assert code == 3 and "--as Nobody: no such player (players: South, West, North, East)" in err
    code, _, err = invoke(
        ["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "South", "--at", "99"]
    )
    assert code == 3 and "--at 99: the record has only 36 plays" in err
    code, _, err = invoke(["track", str(EXAMPLES / "scopone-hand.yaml")])
    assert code == 2 and "--as" in err


def test_track_accepts_the_player_in_any_case() -> None:
    code, out, err = invoke(
        ["track", str(EXAMPLES / "partial-view.yaml"), "--as", "south", "--json"]
    )
    assert code == 0, err
    assert json.loads(out)["player"] == "South"


def test_track_says_when_the_viewers_cards_are_not_in_the_record() -> None:
    path = str(EXAMPLES / "partial-view.yaml")
    code, out, err = invoke(["track", path, "--as", "North", "--at", "3"])
    assert code == 0
    assert "does not give North's cards: the 8 cards North holds count as unseen" in err
    code, out, err = invoke(["track", path, "--as", "South", "--at", "3"])
    assert code == 0 and "does not give" not in err


def test_track_wording_with_no_capture_and_at_the_end() -> None:
    """Bugs: "every capture so far was by a twin" before any capture; an empty who-holds-what
    table and a counting method once nothing is unseen."""
    _, out, _ = invoke(["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "0"])
    assert "Sparigli: none yet: nothing has been captured." in out
    _, out, _ = invoke(["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South"])
    assert "Who can hold what" not in out and "Probabilities:" not in out
    assert "Unseen (0)" in out


def test_track_reads_styles_stated_and_from_the_earlier_hands_of_a_match() -> None:
    match = str(EXAMPLES / "scopa-match.yaml")
    args = ["track", match, "--as", "Bruno", "--hand", "3", "--at", "10", "--json"]
    code, out, err = invoke(args)
    assert code == 0, err
    carla = json.loads(out)["trust"]["players"][0]
    assert carla["player"] == "Carla" and carla["style_prior"] is not None
    assert sum(carla["style_prior"].values()) == pytest.approx(1, abs=1e-3)
    code, out, _ = invoke([*args, "--no-earlier-hands"])
    assert json.loads(out)["trust"]["players"][0]["style_prior"] is None
    code, out, _ = invoke([*args, "--no-earlier-hands", "--style", "carla=careless:0.7"])
    stated = json.loads(out)["trust"]["players"][0]
    assert stated["style_prior"]["careless"] == pytest.approx(0.7)
    code, out, _ = invoke(["track", match, "--as", "Bruno", "--hand", "3", "--at", "10"])
    assert "before the hand]" in out
    for bad, says in (
        ("Carla=grabby", "unknown style 'grabby'"),
        ("Dora=careful", "no such player"),
        ("Carla", "write PLAYER=STYLE"),
    ):
        code, out, err = invoke([*args, "--style", bad])
        assert code == 2 and says in err and out == ""


def test_a_finished_hand_shows_each_players_style_to_everyone() -> None:
    """Read as everyone saw it (``player`` None: the review), a finished hand gives each player
    the style the other players read from it; their cards were hidden from the others alike."""
    from tutor.counting.inference import match_styles
    from tutor.counting.style import STYLE_PRIOR

    hands = load_path(EXAMPLES / "scopa-match.yaml")[:2]
    everyone = match_styles(hands, None)
    assert everyone["Carla"] == match_styles(hands, "Bruno")["Carla"]
    assert everyone["Bruno"] == match_styles(hands, "Carla")["Bruno"]
    assert everyone["Carla"] != pytest.approx(STYLE_PRIOR, abs=0.05)  # the plays were read


def test_the_sweep_line_states_the_viewers_own_cards_as_a_fact() -> None:
    """Bug: the viewer's own hand was given as odds ("P(You, next to play, holds one) = 100%"),
    and in Italian "un donna (9)" took the wrong article."""
    path = str(EXAMPLES / "seed003-scopa.yaml")
    _, out, _ = invoke(["track", path, "--as", "You", "--at", "4"])
    assert "one 7 sweeps it; 2 unseen. You are next to play, and hold 7H." in out
    _, out, _ = invoke(["track", path, "--as", "You", "--at", "8"])
    assert "You are next to play, and hold none." in out and "P(You" not in out
    _, out, _ = invoke(["track", path, "--as", "Ada", "--at", "8"])
    assert "P(“You”, next to play, holds one) =" in out  # a player named You, seen by Ada
    _, out, _ = invoke(["--lang", "it", "track", path, "--as", "You", "--at", "8"])
    assert "qualunque donna (9) la porta via; non ancora viste: 2. Tocca a te, e non ne hai." in out


def test_the_style_line_counts_in_the_right_number() -> None:
    """Bug: "(1 departures from the gain in 1 comparisons)"."""
    path = str(EXAMPLES / "partial-view.yaml")
    _, out, _ = invoke(["track", path, "--as", "South", "--at", "8", "--style", "West=careful"])
    assert "West careful 95% (1 departure from the gain in 1 comparison)" in out
    _, out, _ = invoke(["track", path, "--as", "South", "--at", "16", "--style", "West=careful"])
    assert "(2 departures from the gain in 6 comparisons)" in out
    it = ["--lang", "it", "track", path, "--as", "South", "--at", "8", "--style", "West=careful"]
    _, out, _ = invoke(it)
    assert "(1 rinuncia al guadagno su 1 confronto)" in out


def test_the_heading_says_your_view_for_a_player_called_you() -> None:
    """Bug: "You's view after play 4"."""
    path = str(EXAMPLES / "seed003-scopa.yaml")
    _, out, _ = invoke(["track", path, "--as", "You", "--at", "4"])
    assert out.startswith("Your view after play 4 of 36 (ruleset scopa).")
    _, out, _ = invoke(["track", path, "--as", "Ada", "--at", "4"])
    assert out.startswith("Ada's view after play 4 of 36 (ruleset scopa).")
    _, out, _ = invoke(["--lang", "it", "track", path, "--as", "You", "--at", "4"])
    assert out.startswith("Il tuo punto di vista dopo la giocata 4 di 36 (regolamento scopa).")


def test_a_tell_the_facts_settle_says_so() -> None:
    """Bug: "so may hold another 7 (tell: holds one, 100%)" when East held the only unseen
    card: a tell at 100% read as a certain reading."""
    path = str(EXAMPLES / "partial-view.yaml")
    _, out, _ = invoke(["track", path, "--as", "South", "--at", "35"])
    assert "(tell; the facts settle it: holds one)" in out and "100%)" not in out


def test_nobody_is_next_after_the_last_play() -> None:
    """Bug (JSON check): after the hand's last play sweep.next still named a player."""
    last = run_json("track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "36")
    assert last["plays"] == last["total_plays"] == 36 and last["sweep"]["next"] is None
    before = run_json("track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "35")
    assert before["sweep"]["next"] is not None


def test_a_game_saved_in_italian_speaks_to_its_player_in_english(tmp_path: Path) -> None:
    """Bug: ``tutor play`` in Italian saves the user as ``Tu``; read in English, that record
    said "Tu's view after play 4", where ``You`` gives "Your view"."""
    text = (EXAMPLES / "seed003-scopa.yaml").read_text(encoding="utf-8")
    path = tmp_path / "tu.yaml"
    path.write_text(text.replace("You", "Tu"), encoding="utf-8")
    code, out, err = invoke(["track", str(path), "--as", "Tu", "--at", "4"])
    assert code == 0, err
    assert out.startswith("Your view after play 4 of 36"), out[:200]


@pytest.mark.usefixtures("run_from_root")
def test_the_style_example_of_the_help_shows_what_the_option_does() -> None:
    """Found by QA: the help's --style example looked at the end of the hand, where its output
    was byte for byte that of the run without --style."""
    import re
    import shlex

    from helpers import run

    shown = re.sub(r" \\\n\s+", " ", run("track", "--help").stdout)  # a long one continued
    [example] = [line for line in shown.splitlines() if "--style" in line
                 and line.strip().startswith("tutor track")]  # fmt: skip
    args = shlex.split(example)[1:]
    k = args.index("--style")
    without = args[:k] + args[k + 2 :]
    assert run(*args).stdout != run(*without).stdout


def test_a_tell_quotes_the_odds_now_as_odds() -> None:
    # Was (user sweep): "so may hold a 9 (tell: holds one, 2%)": the figure is the odds now,
    # with everything weighed, which can be far below the tell's own pull.
    _, out, _ = invoke(
        ["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "20"]
    )
    text = " ".join(out.split())  # lines wrapped to the width joined
    odds = re.findall(r"\(tell; the odds that \w+ holds one now: \d+%\)", text)
    assert odds and len(odds) + text.count("(tell; the facts settle") == text.count("(tell;")
    assert "(tell: holds one" not in text


def test_a_sweep_the_partner_may_make_is_no_risk() -> None:
    # Was (new-user sweep): "Sweep risk: ... P(North, next to play, holds one)" with North the
    # viewer's partner, for whom a sweep is a chance.
    path = str(ROOT / "tests" / "data" / "circolo-hand.yaml")
    _, out, _ = invoke(["track", path, "--as", "South", "--at", "26"])
    assert "North is a partner: a chance for the side, not a risk." in " ".join(out.split())
    _, out, _ = invoke(["track", path, "--as", "West", "--at", "26"])
    assert "a partner" not in out  # North is West's opponent


def test_the_trust_line_shows_the_chance_the_readings_use() -> None:
    """Bug (calibration audit): 'a player holding a card that sweeps takes the sweep: West 90%'
    showed one minus the carelessness η, where the readings give West's taking a sweep 70%
    (η mixed with how careless West's plays look); and --trust-readings 1 showed 'prior
    100%', where the readings use 0.999."""
    args = ["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "20"]
    data = run_json(*args)
    code, out, _err = invoke(args)
    assert code == 0
    players = data["trust"]["players"]
    assert any(abs(p["takes_sweep"] - (1 - p["carelessness"])) > 0.05 for p in players)
    line = trust_line(out)
    for p in players:
        assert f"{p['player']} {round(100 * p['takes_sweep'])}%" in line
    # a player with no sweep taken or passed up: the figure is the style's, and says so, not
    # "what the hand shows" (track audit, stop 57)
    assert "West 70% (from the style of play their moves suggest)" in line, line
    assert "East 68% (took 1 sweep)" in line, line
    code, out, _err = invoke([*args, "--trust-readings", "1"])
    assert code == 0
    line = trust_line(out)
    assert "(prior >99%," in line and "100%" not in line


def trust_line(out: str) -> str:
    """The tracker's ``Trust:`` line, its wrapping undone."""
    return " ".join(out.split("Trust:", 1)[1].split(".\n", 1)[0].split())


def test_a_style_with_no_play_compared_says_so_not_zero_in_zero() -> None:
    """Found by a user: "Bea careless 34% (0 departures from the gain in 0 comparisons)": a
    figure with no visible evidence. It now says that no play was compared yet."""
    path = str(EXAMPLES / "partial-view.yaml")
    _, out, _ = invoke(["track", path, "--as", "South", "--at", "2"])
    flat = " ".join(out.split())
    assert "in 0 comparisons" not in flat
    assert (
        "West careless 66% (from the table and what their plays showed at once; none yet "
        "compared with the cards shown later)"
    ) in flat


def test_a_player_named_you_seen_from_another_seat_is_named_as_a_player() -> None:
    """Italian audit (stop 48): tracked from Ada's seat, the player named You read "Tu deve
    avere QC", "alla giocata 19 Tu ha calato JH" (a pronoun with a third person's verb); in
    English "You must hold" spoke to the reader about someone else. Seen from another seat,
    that player is named in quotes; the JSON keeps the names as written."""
    record = str(EXAMPLES / "seed003-scopa.yaml")
    it = run("--lang", "it", "track", record, "--as", "Ada", "--at", "20").stdout
    assert "alla giocata 19 «Tu» ha calato JH" in it and "Tu ha " not in it, it
    en = run("track", record, "--as", "Ada", "--at", "20").stdout
    assert "“You”" in en, en
    mine = run("track", record, "--as", "You", "--at", "20").stdout
    assert "“" not in mine
    data = json.loads(run("track", record, "--as", "Ada", "--at", "20", "--json").stdout)
    assert "You" in json.dumps(data) and "“" not in json.dumps(data, ensure_ascii=False)


def test_the_unmatched_values_and_the_unseen_cards_are_two_lines() -> None:
    """English audit (stop 52): "Unmatched (...): 2, 3, 4, 7, F, R. Unseen (12): 3D ..." ran the
    unseen cards on after the values, two facts in one line."""
    path = str(ROOT / "docs" / "examples" / "scopone-hand.yaml")
    lines = run("track", path, "--as", "South", "--at", "20").stdout.splitlines()
    assert "Unmatched (captured an odd number of times): 2, 3, 4, 7, F, R." in lines
    assert "Unseen (12): 3D 4D 4C 6S 6B 7C 7S 7B FC FB CC RD" in lines


def test_a_style_stated_for_the_viewer_is_said_to_change_nothing() -> None:
    """Record audit (stop 53): ``--as South --style south=grabber`` was taken without a word,
    though nobody reads their own plays."""
    args = ["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "South", "--at", "5"]
    r = run(*args, "--style", "south=grabber")
    assert r.exit_code == 0, r.output
    assert "--style south=grabber: the count is made from South's seat" in r.stderr
    assert "changes nothing" not in run(*args, "--style", "west=grabber").stderr


def test_track_names_the_deal_whose_cards_the_record_lacks(tmp_path: Path) -> None:
    """First-hour audit (stop 55): a scopa record giving my cards of deal 1, tracked after
    play 6, said "the record does not give Me's cards", which it did; the cards missing are
    deal 2's."""
    path = tmp_path / "mine.yaml"
    path.write_text(
        "ruleset: scopa\nplayers: [Me, Bo]\ndealer: Bo\ntable: [AS, 3D, 4C, 7B]\n"
        "deals:\n  - {Me: [FB, 5S, 2C]}\n"
        "plays: [2C, 2B x 2C, FB x AS 3D 4C, 6D, 5S, 5C x 5S]\n",
        encoding="utf-8",
    )
    code, _out, err = invoke(["track", str(path), "--as", "Me"])
    assert code == 0
    assert "does not give Me's cards of deal 2: the 3 cards Me holds count as unseen" in err
    code, _out, err = invoke(["track", str(path), "--as", "Me", "--at", "3"])
    assert code == 0 and "does not give" not in err


def test_track_after_the_last_play_says_who_takes_the_leftovers() -> None:
    """Track audit (stop 57): after play 36 the last play's line said "unmatched now: 5, 6, 7"
    and the board "Unmatched: none", with nothing between: the cards left on the table, which
    the last capturer takes and the board counts."""
    code, out, err = invoke(["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "South"])
    assert code == 0, err
    assert "Leftovers: East captured last and takes 2D FC RD." in out
    code, out, err = invoke(["track", str(EXAMPLES / "scopone-hand.yaml"), "--as", "South",
                             "--at", "30"])  # fmt: skip
    assert code == 0 and "Leftovers" not in out


def test_track_says_who_captured_last() -> None:
    """Track audit (stop 57): nothing in track, live or the JSON said who captured last, who
    takes the cards left at the end."""
    path = str(EXAMPLES / "scopone-hand.yaml")
    code, out, err = invoke(["track", path, "--as", "South", "--at", "30"])
    assert code == 0, err
    assert "Last capture: West, at play 26." in out
    data = run_json("track", path, "--as", "South", "--at", "30")
    assert data["last_capture"] == {"play": 26, "player": "West"}
    assert run_json("track", path, "--as", "South", "--at", "0")["last_capture"] is None


def test_the_board_lists_the_strong_passed_up_gains_its_figures_lean_on() -> None:
    """Track audit (stop 57): the figures leaned on passed-up gains the board never showed
    (only the JSON's passed_gains had them): "B1 18%*" beside a tell that B1 may hold a 7.
    The strong ones are listed with the weight they give, the weaker counted."""
    args = ["track", str(EXAMPLES / "partial-view.yaml"), "--as", "South", "--at", "20"]
    code, out, err = invoke(args)
    assert code == 0, err
    flat = " ".join(out.split())
    assert (
        "East passed up 4 gains a re (10) would have made (more denari ×3, a capture where a "
        "card was laid): a deal giving East one counts 0.17 as much" in flat
    )
    assert "and 9 weaker ones (tutor track --json lists every one)" in flat
    gains = run_json(*args)["passed_gains"]
    east = [g for g in gains if g["player"] == "East" and g["value"] == 10]
    assert [round(g["weight"], 2) for g in east] == [0.17]
    assert len([g for g in gains if g["weight"] <= 0.995]) == 3 + 9  # listed and counted
