"""``tutor rules``: the shipped rulesets, one in words, bad names."""

from __future__ import annotations

from pathlib import Path

from helpers import assert_bad_input, invoke, one_error_line, run, run_json

from tutor.cli.core import EXIT_USAGE
from tutor.game.rules import ruleset_names


def test_rules_lists_every_shipped_ruleset() -> None:
    result = run("rules")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()[2:] if line[:1].strip()]
    assert names == ruleset_names()
    data = run_json("rules")
    assert [r["name"] for r in data] == ruleset_names()
    assert all(r["description"] for r in data)


def test_rules_shows_one_ruleset_in_words() -> None:
    result = run("rules", "scopone-16")
    assert result.exit_code == 0
    assert result.stdout.startswith("scopone-16: ")
    assert "fewest cards" in result.stdout
    assert "Target: 16 points" in result.stdout
    data = run_json("rules", "scopa")
    assert (data["players"], data["hand_size"], data["deals_per_hand"]) == (2, 3, 6)
    assert data["primiera_values"]["7"] == 21
    assert data["in_words"][0].startswith("scopa: ")


def test_no_rule_is_shown_by_its_raw_value() -> None:
    """Audit: ``tutor --lang it rules scopa`` printed "Precedenza nelle prese (single-card)", a
    ruleset file's value amid the Italian: the precedence is said in words, as every other
    rule is."""
    from tutor.game.rules import CAPTURE_PRECEDENCES

    for name in ruleset_names():
        for lang in ("en", "it"):
            out = run("--lang", lang, "rules", name).stdout
            assert not any(f"({key})" in out for key in CAPTURE_PRECEDENCES), (name, lang)
    assert "Capture precedence: a single equal card must be taken" in run("rules", "scopa").stdout


def test_rules_unknown_ruleset_is_a_usage_error() -> None:
    line = one_error_line(run("rules", "briscola"), EXIT_USAGE)
    assert "briscola" in line and "scopone-scientifico" in line


def test_rules_bad_ruleset_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("name: odd\nplayers: 5\n", encoding="utf-8")
    assert_bad_input(run("rules", str(path)), str(path), "players")


def test_sources_cite_the_rules_texts_by_language_and_kind() -> None:
    """Bug: ``tutor rules`` said "Source: seed 004", the project's internal jargon."""
    for name in ruleset_names():
        out = run("rules", name).stdout
        assert "seed" not in out.lower(), out
        assert run_json("rules", name)["source"]
    shown = run("rules", "scopone-scientifico").stdout
    assert "Source: a French article on scopone scientifique" in shown


def test_an_unknown_ruleset_name_is_a_usage_error_everywhere() -> None:
    """Bug: an unknown --ruleset exited 3 (bad input) where an unknown --theme, --players or
    --deck exits 2; a ruleset file that exists but is wrong is still bad input (3)."""
    for args, where in (
        (["rules", "nope"], "invalid value for NAME"),
        (["drill", "48", "--ruleset", "nope"], "invalid value for --ruleset"),
        (["explain", "--ruleset", "nope", "--table", "2C", "7D"], "invalid value for --ruleset"),
        (["bench", "playouts", "-r", "nope"], "invalid value for --ruleset"),
    ):
        code, _, err = invoke(args)
        assert code == 2 and where + ": unknown ruleset 'nope'" in err, (args, err)


def test_a_ruleset_that_lays_no_card_says_so_in_words() -> None:
    """Found by QA: scopone classico's rules read "0 cards face up on the table" (in Italian
    "0 carte scoperte in tavola")."""
    from helpers import run

    deal = [line for line in run("rules", "scopone-classico").stdout.splitlines()
            if line.startswith("Deal:")]  # fmt: skip
    assert deal == ["Deal: 10 cards each in one deal; no card on the table to start."]
    it = run("--lang", "it", "rules", "scopone-classico").stdout
    assert "; nessuna carta in tavola all'inizio." in it and "; 0 carte" not in it


def test_the_two_scopone_deals_say_that_their_names_vary_by_region() -> None:
    """Found by a user: many Italian sources call the nine-card deal classico and the ten-card
    one scientifico, the other way round; `rules` said nothing of it."""
    for name, other in (("scopone-scientifico", "scopone-classico"),
                        ("scopone-classico", "scopone-scientifico")):  # fmt: skip
        said = " ".join(run("rules", name).stdout.split())
        assert "Names vary by region" in said and f"({other})" in said, said
