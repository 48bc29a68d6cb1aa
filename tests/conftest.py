"""Shared fixtures: the shipped rulesets most tests play with, positions, the working folder.

Plain helpers (paths, the CLI runner, records) live in ``helpers.py``.
"""

from __future__ import annotations

import functools

import pytest
import typer.main
import typer.testing
from helpers import ROOT, endgame, play

from tutor.game import interrupts
from tutor.game.rules import Ruleset, load_ruleset
from tutor.game.state import GameState

# typer's test runner builds the click command tree from the app on every invoke (about 0.07 s,
# most of a short command's time, a minute and more over the suite). The tree is the same each
# time (the app translates its help texts from the English kept on each object, every run), so
# it is built once per app.
typer.testing._get_command = functools.cache(typer.main.get_command)  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _no_ctrl_c_lately(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no Ctrl-C just seen (one a test before it sent within the last
    second would make a prompt's first Ctrl-C stop: interrupts.ctrl_c_lately) and no kill."""
    monkeypatch.setattr(interrupts, "_last_counted", [float("-inf")])
    monkeypatch.setattr(interrupts, "_ended", [False])


@pytest.fixture(autouse=True)
def _own_progress_database(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test keeps its training progress (``puzzle try`` and ``train`` without --db) in a
    folder of its own, never in the user's home."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def scopa() -> Ruleset:
    """Two-player scopa (seeds 001, 003): single card first, free choice among sums."""
    return load_ruleset("scopa")


@pytest.fixture
def scopone() -> Ruleset:
    """Scopone scientifico as seed 004 gives it: single card first."""
    return load_ruleset("scopone-scientifico")


@pytest.fixture
def scopone16() -> Ruleset:
    """Scopone scientifico as seeds 000/002 give it: fewest cards compulsory, to 16."""
    return load_ruleset("scopone-16")


@pytest.fixture
def two_passes(scopone: Ruleset) -> GameState:
    """West and East each face 4 + 5 = 9 and do not sweep; North holds the last unseen 9."""
    s = endgame(scopone, "4D 5C", ["3S 6H 2C", "QS 3C JH", "6S 7C AH", "6C KD KH"])
    play(s, "3S", "3C x 3S", "6S", "6C x 6S")
    return s


@pytest.fixture
def run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """File names in messages and goldens are relative to the checkout."""
    monkeypatch.chdir(ROOT)
