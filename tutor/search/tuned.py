"""The play-out policy the ``search`` player and the analysis use, as tuned by self-play.

Weights for the chitarrella rules, one JSON file per ruleset in ``tutor/search/playouts/``, each
with its provenance: how :func:`tutor.search.tune.tune_playouts` found them and what they were
measured to gain. A ruleset without a file plays its play-outs with the maxims as they stand.

>>> w = playout_weights("scopone-scientifico")
>>> sorted(w)[:2], all(x > 0 for x in w.values())
(['capture-what-scores', 'guard-sevens'], True)
>>> playout_weights("no-such-ruleset") is None
True
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from tutor.search.players import ChitarrellaPlayer, Player, check_weights

__all__ = ["DEFAULT_PLAYOUT", "playout_weights", "playout_provenance", "playout_policy"]

DEFAULT_PLAYOUT: Player = ChitarrellaPlayer(count_limit=0)
"""The untuned play-out policy: the rule-based player without exact counting (the solver does
that), every rule counting once (``search-classic``'s, and every ruleset's without a file)."""


@functools.cache
def _playout_file(ruleset: str) -> dict[str, Any] | None:
    """The ruleset's file, read once per process (the analysis asks for every sample)."""
    ref = resources.files("tutor.search") / "playouts" / f"{ruleset}.json"
    if not ref.is_file():
        return None
    data = json.loads(ref.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def playout_weights(ruleset: str) -> dict[str, float] | None:
    """The tuned weights of the rules for ``ruleset``'s play-outs, or None if none were tuned."""
    data = _playout_file(ruleset)
    return None if data is None else check_weights(data.get("weights") or {})


def playout_provenance(ruleset: str) -> dict[str, Any] | None:
    """How ``ruleset``'s play-out weights were found (the file's ``provenance``)."""
    data = _playout_file(ruleset)
    return None if data is None else dict(data.get("provenance") or {})


@functools.cache
def playout_policy(ruleset: str) -> Player:
    """The play-out policy for ``ruleset``: the rules with their tuned weights if any were
    tuned for it, otherwise :data:`DEFAULT_PLAYOUT`."""
    weights = playout_weights(ruleset)
    return DEFAULT_PLAYOUT if weights is None else ChitarrellaPlayer(count_limit=0, weights=weights)
