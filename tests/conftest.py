"""Shared fixtures: the shipped rulesets most tests play with."""

from __future__ import annotations

import pytest

from tutor.game.rules import Ruleset, load_ruleset


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
