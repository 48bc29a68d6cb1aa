"""The review on a terminal: the seed 003 review in Italian, from the same judgements."""

from __future__ import annotations

import dataclasses
import functools
import re

from helpers import EXAMPLES, FAST, SEED003, check_golden, emitted

from tutor.game.i18n import speaking
from tutor.records.recordfile import load_path
from tutor.render.review import review_view
from tutor.render.terminal import plain_text
from tutor.review.judge import classify
from tutor.review.review import Review, review_record


@functools.cache
def _both_reviewed() -> Review:
    """Seed 003 reviewed for both players with the quick budget: made once, read by several
    tests (none changes it)."""
    return review_record(load_path(SEED003)[0], ["You", "Ada"], settings=FAST)


def test_the_seed003_review_in_italian_matches_its_golden_output() -> None:
    """Classes, costs, observations with their maxims, the summary: all in Italian, numbers
    with a decimal comma; the judgements are the English review's (the same seed and budget):
    only the words change."""
    record = load_path(SEED003)[0]
    with speaking("it"):  # the observations are worded as they are found
        shown = record.shown()  # as the command shows it: "Tu"
        review = review_record(shown, [shown.players[0]], settings=FAST)
        text = plain_text(*review_view(review))
    english = review_record(record, ["You"], settings=FAST)
    assert [d.judgement.cost for d in review.decisions] == [
        d.judgement.cost for d in english.decisions
    ]
    assert "Riepilogo" in text and "[Fai scopa]" in text
    assert re.search(r"\b\d,\d\d\b", text) and not re.search(r"\b\d\.\d\d\b", text)
    check_golden("review-seed003.it.txt", text)


def test_an_uncertain_class_names_both_ends_of_its_interval() -> None:
    # Was (play and user sweeps): "best?, cost 1.50, up to 3.02" and "RB x RD best? 0.57":
    # the milder class alone read as a verdict on a move that may have cost a point or more.
    from tutor.render.html import _badge
    from tutor.review.judge import class_range

    assert class_range("good", 0.81) == "good–mistake"
    assert class_range("best", 3.02) == "best–blunder"
    assert class_range("best", 0.1) == "best–good"
    badge = _badge("best", True, 3.02)
    assert "best–blunder" in badge and "uncertain" in badge
    assert "best?" not in _badge("best", True, 0.1) and ">best<" in _badge("best")
    with speaking("it"):
        assert class_range("good", 0.81) == "buona–errore"


def test_the_costliest_decisions_are_named_worst_first() -> None:
    """Found by a user: a long review gave no way to find one's worst play but reading every
    line. After the summary, each player's costliest decisions (at most three), worst first."""
    review = _both_reviewed()
    text = " ".join(plain_text(*review_view(review)).split())
    checked = 0
    # one play or several, said so (English audit, stop 52: "Your costliest plays: play 21")
    heading = {"You": "Your costliest play{s}:", "Ada": "Ada's costliest play{s}:"}
    for name in ("You", "Ada"):
        mine = sorted(
            # below best by the estimate, whatever the interval leaves open (coach audit,
            # stop 60: "best?" plays costing 3.40 points in all were never named)
            (d for d in review.decisions if d.player == name and classify(d.judgement.cost)
             != "best" and d.judgement.classification != "forced"),
            key=lambda d: -d.judgement.cost,
        )[:3]  # fmt: skip
        said = heading[name].format(s="s" if len(mine) > 1 else "")
        if not mine:
            assert heading[name].format(s="") not in text
            continue
        line = text[text.index(said) + len(said) :].split("'s costliest")[0]
        found = [int(n) for n in re.findall(r"play (\d+):", line)]
        assert found == [d.play for d in mine], (found, line)
        checked += 1
    assert checked  # seed 003 has costly plays on both sides at any budget
    assert "You's costliest" not in text  # the person is spoken to (an audit: "di Tu")
    # the seed is the sampling's, not a deal's (new-user audit, stop 52: a hand typed in live
    # "has no seed")
    assert re.search(r"scopa, hand 1, sampling seed \d+; reviewed: You, Ada\.", text), text[:300]
    with speaking("it"):
        italian = " ".join(plain_text(*review_view(review)).split())
    assert "La tua giocata più costosa:" in italian or "Le tue giocate più costose:" in italian
    assert "di You" not in italian


def test_the_tenth_move_of_explain_has_its_words_under_it() -> None:
    """Play audit (stop 49): from "10." on, a move's sentences stayed three columns in, no
    longer under the move."""
    from tutor.render.review import explanation_view
    from tutor.review.explain import explain_position

    [record] = load_path(EXAMPLES / "scopone-hand.yaml")
    ex = explain_position(record, 0, settings=dataclasses.replace(FAST, samples=4))
    many = dataclasses.replace(ex, moves=(ex.moves * 2)[:11])
    lines = plain_text(*explanation_view(many), width=100).splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("10. "))
    assert lines[at + 1].startswith("    Takes") and not lines[at + 1].startswith("     "), lines
    at = next(k for k, line in enumerate(lines) if line.startswith("9. "))
    assert lines[at + 1].startswith("   Takes") and not lines[at + 1].startswith("    "), lines


def test_a_decision_row_on_a_narrow_terminal_keeps_its_best_move_whole() -> None:
    """Review audit (stop 49): at 80 columns every decision row wrapped, the how column at the
    margin and the best move cut in two ("best: 6♦ x A♦ 2♠" / "3♥"). A row too wide now puts
    the best move and the how on a line of their own, under the verdict; wide, nothing moves."""
    [record] = load_path(SEED003)
    review = review_record(record, ["You"], settings=dataclasses.replace(FAST, samples=10))
    for width in (72, 60):
        lines = plain_text(*review_view(review), width=width).splitlines()
        for d in review.decisions:
            best = d.judgement.best.text(review.style)
            assert any(f"best: {best}" in line for line in lines), (width, best)
            row = next(k for k, line in enumerate(lines) if re.match(rf"\s*{d.play}  You ", line))
            assert lines[row + 1].startswith("    best: "), (width, lines[row : row + 2])
    wide = plain_text(*review_view(review), width=160).splitlines()
    assert sum(1 for line in wide if line.lstrip().startswith("best: ")) == 0
    with speaking("it"):  # "[0,00; 0,34]" broke at its space at 60 columns (stop 50)
        lines = plain_text(*review_view(review), width=60).splitlines()
    rows = [line for line in lines if re.match(r"\s*\d+  You ", line)]
    assert len(rows) == len(review.decisions) and all(line.count("[") == line.count("]")
                                                       for line in rows), rows  # fmt: skip
    # at 40 columns the cost goes under the play, indented, not to the margin where it read as
    # a new row (colour audit, stop 59)
    lines = plain_text(*review_view(review), width=40).splitlines()
    decisions = [k for k, line in enumerate(lines) if re.match(r"\s*\d+  You ", line)]
    assert len(decisions) == len(review.decisions)
    for k in decisions:
        assert re.fullmatch(r"    \d+\.\d\d", lines[k + 1]), lines[k : k + 3]
    assert not any(re.match(r"\d+\.\d\d", line) for line in lines)


def test_the_summary_on_a_narrow_terminal_has_the_players_as_columns() -> None:
    """Terminal audit (stop 49): the summary had a column per class, 74 columns wide in English
    and 87 in Italian, and ran off a terminal of 60 columns. Where its words do not fit, the
    players are the columns and the classes the rows; where they do, it is as it was. Width
    audit (stop 54): at 80 the English table fitted only by breaking the intervals ("[0.14,"
    over "3.72]"); a figure is never broken, so there the players are the columns too."""
    review = _both_reviewed()
    for lang, first, last, wide in (("en", "player", "blunder", 100),
                                    ("it", "giocatore", "errore grave", 110)):  # fmt: skip
        with speaking(lang):
            for width in (60, 80, wide):
                if width == 80:
                    lines = emitted(*review_view(review), width=width).splitlines()
                    down = [k for k, line in enumerate(lines) if line.split() == ["You", "Ada"]]
                    assert len(down) == 1, (lang, lines)
                    table = lines[down[0] : down[0] + 14]  # every interval on one line
                    assert not any(line.rstrip().endswith(",") for line in table), table
                    continue
                lines = emitted(*review_view(review), width=width).splitlines()
                assert max(map(len, lines)) <= width, (lang, width)
                across = [line for line in lines if line.split()[:1] == [first]]
                down = [k for k, line in enumerate(lines) if line.split() == ["You", "Ada"]]
                if width == 60:
                    assert across == [] and len(down) == 1, (lang, lines)
                    rows = [line.split("  ")[0] for line in lines[down[0] + 2 : down[0] + 8]]
                    assert rows[-1] == last, rows
                else:
                    assert len(across) == 1 and down == [], (lang, lines)


def test_the_verdict_on_the_played_move_reads_as_its_kind_says() -> None:
    """explain --at's line on the move the record made: sampled, with the deals it rests on
    and the interval; exact, with neither (no "on the deals above", no empty interval making a
    double space); the best move when exact says so (coach audit, stop 60: "best." alone)."""
    from tutor.render.review import explanation_view
    from tutor.review.explain import explain_position

    ex = explain_position(load_path(SEED003)[0], 2, settings=FAST)
    assert ex.played is not None
    j = ex.played.judgement

    def said(judgement: object) -> str:
        played = dataclasses.replace(ex.played, judgement=judgement)
        lines = explanation_view(dataclasses.replace(ex, played=played))
        return next(t for t in plain_text(*lines, width=200).splitlines() if t.startswith("In the"))

    assert said(j).startswith("In the record, you played AS: on the deals above, ")
    exact = dataclasses.replace(j, exact=True, uncertain=False, classification="mistake",
                                cost=0.5, low=0.5, high=0.5)  # fmt: skip
    assert said(exact) == "In the record, you played AS: mistake, cost 0.50 against 7H x 3H 4H."
    best = dataclasses.replace(exact, best=j.move, classification="best", cost=0.0)
    assert said(best) == "In the record, you played AS: best (exact)."
