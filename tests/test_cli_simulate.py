"""``tutor simulate``: the JSON, the table and the usage errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, run

from tutor.game.rules import load_ruleset
from tutor.records.recordfile import load_path


def test_cli_simulate_json() -> None:
    result = run(
        "simulate", "--ruleset", "scopa", "--players", "greedy,random", "--hands", "5",
        "--seed", "1", "--workers", "1", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["deals"] == 5 and data["hands"] == 10
    assert [p["player"] for p in data["players"]] == ["greedy", "random"]
    assert set(data["difference_per_hand"]) == {"mean", "low", "high", "n"}


def test_cli_simulate_table() -> None:
    result = run(
        "simulate", "--ruleset", "scopa", "--players", "greedy,random", "--hands", "4",
        "--seed", "1", "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "points/hand" in result.stdout and "A - B per hand" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "greedy"], "two players"),
        (["--players", "greedy,wizard"], "unknown player"),
        (["--hands", "2", "--matches", "2"], "give --deals or --matches, not both"),
    ],
)
def test_cli_simulate_usage_errors(args: list[str], fragment: str) -> None:
    result = run("simulate", "--ruleset", "scopa", *args)
    assert result.exit_code == 2, result.output
    assert fragment in result.output


def test_cli_simulate_bad_ruleset() -> None:
    # an unknown name typed on the command line is a usage error, as a bad --players is
    result = run("simulate", "--ruleset", "nope", "--hands", "1")
    assert result.exit_code == 2
    assert "invalid value for --ruleset: unknown ruleset" in result.stderr


def test_one_pair_says_it_gives_no_interval() -> None:
    """Was: "+3.50 [-inf, ?] over 1 duplicate pair. No clear difference: the interval contains
    zero." One pair has no spread to measure, so there is no interval to contain anything."""
    for unit in ("--hands", "--matches"):
        result = run("simulate", "--players", "greedy,random", unit, "1", "--workers", "1")
        assert result.exit_code == 0, result.output
        line = next(x for x in result.stdout.splitlines() if x.startswith("A - B per hand"))
        assert "[?, ?]" in line and "inf" not in line
        assert "no interval" in line and "contains zero" not in line


def test_deals_is_the_name_of_what_it_counts() -> None:
    """``--hands 300`` played 600 hands: the option counts duplicate deals, so it is called
    ``--deals``, and ``--hands`` stays as its older name for the scripts that use it."""
    args = ("simulate", "-r", "scopa", "-p", "greedy,random", "--seed", "2", "-w", "1", "--json")
    deals = json.loads(run(*args, "--deals", "3").stdout)
    assert (deals["deals"], deals["hands"]) == (3, 6)
    assert json.loads(run(*args, "--hands", "3").stdout) == deals
    assert "--deals" in run("simulate", "--help").stdout


def test_cli_simulate_writes_every_hand_as_a_record(tmp_path: Path) -> None:
    """Found by two auditors: no way to review a simulated hand but a script of one's own."""
    games = tmp_path / "games"
    result = run("simulate", "--players", "chitarrella,greedy", "--deals", "2", "--seed", "7",
                 "--workers", "1", "--records", str(games), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # the JSON alone on stdout, as ever
    assert f"wrote 4 records to {games}" in result.stderr
    names = sorted(p.name for p in games.iterdir())
    assert names == ["deal-000-a.yaml", "deal-000-b.yaml", "deal-001-a.yaml", "deal-001-b.yaml"]
    a = load_path(games / "deal-001-a.yaml")[0]
    b = load_path(games / "deal-001-b.yaml")[0]
    assert a.players == ["A1", "B1", "A2", "B2"] and b.players == ["B1", "A1", "B2", "A2"]
    assert a.info["event"] == "tutor simulate --seed 7: A = chitarrella, B = greedy; deal 1, game a"
    # in every language, as the tutor's other texts in a record (an audit: an Italian replay
    # showed this English line)
    assert a.info["event_it"] == (
        "tutor simulate --seed 7: A = chitarrella, B = greedy; smazzata 1, versione a"
    )
    # the same cards both times, every card played: a whole hand to replay or review
    assert a.table == b.table
    assert [list(d.values()) for d in a.deals] == [list(d.values()) for d in b.deals]
    for record in (a, b):
        state = record.final_state()
        assert state.is_over() and len(record.plays) == 36
    replayed = run("replay", str(games / "deal-000-b.yaml"))
    assert replayed.exit_code == 0, replayed.output
    # never mixed with, or written over, another run's records
    again = run("simulate", "--players", "chitarrella,greedy", "--deals", "1", "--workers", "1",
                "--records", str(games))  # fmt: skip
    assert again.exit_code == 2 and "already holds records of a simulation" in again.output
    a_file = games / "deal-000-a.yaml"
    onto_file = run("simulate", "--deals", "1", "--workers", "1", "--records", str(a_file))
    assert onto_file.exit_code == 2 and "is a file, not a folder" in onto_file.output
    # bad-input audit (stop 52): a link to nothing failed after every game, "cannot read: File
    # exists", exit 3
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere" / "x")
    refused = run("simulate", "--deals", "1", "--workers", "1", "--records", str(dangling))
    assert refused.exit_code == 2, refused.output
    assert "it is a link to" in refused.stderr and "which does not exist" in refused.stderr
    assert "playing" not in refused.stderr  # refused before any game


def test_cli_simulate_writes_the_hands_of_matches(tmp_path: Path) -> None:
    result = run("simulate", "--ruleset", "scopa", "--players", "chitarrella,greedy",
                 "--matches", "1", "--workers", "1", "--records", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[0] == "match-000-a-hand-01.yaml" and any("-b-hand-" in n for n in names)
    first = load_path(tmp_path / names[0])[0]
    assert first.players == ["A", "B"] and first.final_state().is_over()


def test_a_kill_stops_simulate_as_ctrl_c_does_with_the_finished_deals_kept(
    tmp_path: Path,
) -> None:
    """Audit (stop 48): SIGTERM killed simulate with exit 143 and no word; the deals it had
    finished were not written to --records, and a terminal's cursor stayed hidden. A kill now
    stops every command as Ctrl-C does."""
    records = tmp_path / "records"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tutor", "simulate", "-p", "chitarrella,greedy", "-n", "3000",
         "-w", "1", "--records", str(records), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
    )  # fmt: skip
    assert proc.stderr is not None
    assert "playing 3000 duplicate deals" in proc.stderr.readline()
    time.sleep(1.5)  # some deals played
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True and 0 < data["deals"] < 3000
    # on a line of its own, after the ^C a terminal echoes ("^Ctutor: interrupted" before)
    assert err.startswith("\ntutor: interrupted: showing the") and "Traceback" not in err
    assert len(list(records.iterdir())) == 2 * data["deals"]


def write_records(folder: Path, hands: list[tuple[str, Any]]) -> None:
    """The records of a run whose hands are ``hands``, written at its end."""
    from types import SimpleNamespace

    from tutor.cli.simulate import RecordWriter

    run = SimpleNamespace(hands=len(hands), hand_records=lambda rules, key: hands)
    RecordWriter(folder, load_ruleset("scopa"), "scopa").finish(run)  # type: ignore[arg-type]


def test_each_deal_is_written_as_soon_as_it_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kill audit (stop 57): --records wrote every record once the last deal was played, so a
    run killed at 99% kept none. Each deal's two records are written as it ends."""
    from tutor.search import simulate

    seen: list[list[str]] = []
    real = simulate._play_deal
    games = tmp_path / "games"

    def play(*args: Any) -> Any:
        seen.append(sorted(p.name for p in games.glob("*.yaml")) if games.exists() else [])
        return real(*args)

    monkeypatch.setattr(simulate, "_play_deal", play)
    args = ["simulate", "-r", "scopa", "-p", "greedy,random", "-n", "3", "-w", "1"]
    result = run(*args, "--records", str(games))
    assert result.exit_code == 0, result.output
    assert seen == [
        [],
        ["deal-000-a.yaml", "deal-000-b.yaml"],
        ["deal-000-a.yaml", "deal-000-b.yaml", "deal-001-a.yaml", "deal-001-b.yaml"],
    ]
    assert len(list(games.glob("*.yaml"))) == 6 and "wrote 6 records to" in result.stderr


def test_a_ctrl_c_while_the_records_are_written_says_how_many_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Audit (stop 48): a second Ctrl-C while --records wrote its files left 340 of 1,844
    in the folder and said only "interrupted"."""
    from tutor.records import recordfile

    [record] = load_path(ROOT / "docs" / "examples" / "seed003-scopa.yaml")
    real = recordfile.save_atomically
    calls = []

    def save(path: Path, text: str) -> None:
        calls.append(path)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(path, text)

    monkeypatch.setattr(recordfile, "save_atomically", save)
    hands = [(f"deal-{i:04d}", record) for i in range(5)]
    with pytest.raises(KeyboardInterrupt):
        write_records(tmp_path / "out", hands)
    assert "interrupted: wrote 2 of the 5 records to" in capsys.readouterr().err
    assert len(list((tmp_path / "out").iterdir())) == 2


def test_records_of_a_house_ruleset_name_its_file(tmp_path: Path) -> None:
    """Engine audit (stop 51): ``simulate --ruleset ten.yaml --records DIR`` played every deal,
    then failed writing the first record ('the record's ruleset is not the ruleset 'ten'...'),
    losing the run: the records named the ruleset 'ten', which no shipped ruleset is. They now
    name its file as they will find it, from their folder, and read back."""
    house = tmp_path / "rules" / "ten.yaml"
    house.parent.mkdir()
    house.write_text("name: ten\nplayers: 2\nsides: 2\nhand_size: 10\ntable_cards: 0\n")
    games = tmp_path / "games"
    args = ["--players", "greedy,greedy", "--deals", "1", "--workers", "1", "--seed", "1"]
    result = run("simulate", "--ruleset", str(house), *args, "--records", str(games))
    assert result.exit_code == 0, result.output
    written = sorted(games.glob("*.yaml"))
    assert [p.name for p in written] == ["deal-000-a.yaml", "deal-000-b.yaml"]
    for path in written:
        assert 'ruleset: "../rules/ten.yaml"' in path.read_text(encoding="utf-8")
        [hand] = load_path(str(path))
        assert hand.ruleset.name == "ten" and hand.is_finished()


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_a_records_folder_that_cannot_be_made_is_refused_before_any_game(tmp_path: Path) -> None:
    """Input audit (stop 54): --records /proc/x passed the permission check (root), played every
    deal, then said '/proc/x: cannot read: ...', exit 3. The folder is now made and taken away
    before the games; a failure is a usage error."""
    result = run("simulate", "-p", "random,random", "-n", "1", "-w", "1", "--records", "/proc/x")
    assert result.exit_code == 2, result.output
    assert "cannot make the folder /proc/x" in result.stderr and "playing" not in result.stderr
    deep = tmp_path / "a" / "b" / "c"
    from tutor.cli.simulate import check_records_dir

    check_records_dir(deep)
    assert not (tmp_path / "a").exists()  # taken away again, to the top


def test_records_that_cannot_be_written_are_an_output_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Input audit (stop 54): a failure to write the records after the games was bad input
    (exit 3). It is an output error (74) that says how many were written."""
    import typer

    from tutor.records import recordfile

    [record] = load_path(ROOT / "docs" / "examples" / "seed003-scopa.yaml")
    real = recordfile.save_atomically

    def save(path: Path, text: str) -> None:
        if path.name == "deal-0002.yaml":
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(recordfile, "save_atomically", save)
    with pytest.raises(typer.Exit) as ended:
        write_records(tmp_path / "out", [(f"deal-{i:04d}", record) for i in range(4)])
    assert ended.value.exit_code == 74
    err = capsys.readouterr().err
    assert "No space left on device (wrote 2 of the 4 records)" in err


def test_the_table_never_breaks_a_figure_and_shows_no_empty_column() -> None:
    """Width audit (stop 54): at 80 columns every interval was split ("4.95 [3.58," over
    "6.41]"), and with --deals a 'matches won' column held only dashes."""
    args = ["simulate", "-p", "chitarrella,greedy", "-n", "3", "-w", "1"]
    for width in ("60", "80", "120"):
        out = run(*args, env={"COLUMNS": width}).stdout
        lines = out.splitlines()
        assert max(map(len, lines)) <= int(width), (width, out)
        assert not any(line.rstrip().endswith(",") for line in lines[2:-2]), (width, out)
        assert "matches won" not in out
    matches = run("simulate", "-r", "scopa", "-p", "greedy,random", "-m", "1", "-w", "1")
    assert "matches won [95%]" in matches.stdout
