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

import json
from importlib import resources
from typing import Any

from tutor.search.players import CHITARRELLA_RULES, ChitarrellaPlayer, Player

__all__ = ["playout_weights", "playout_provenance", "playout_policy"]


def _playout_file(ruleset: str) -> dict[str, Any] | None:
    ref = resources.files("tutor.search") / "playouts" / f"{ruleset}.json"
    if not ref.is_file():
        return None
    data = json.loads(ref.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def playout_weights(ruleset: str) -> dict[str, float] | None:
    """The tuned weights of the rules for ``ruleset``'s play-outs, or None if none were tuned."""
    data = _playout_file(ruleset)
    if data is None:
        return None
    weights = {str(k): float(v) for k, v in (data.get("weights") or {}).items()}
    unknown = set(weights) - {r.name for r in CHITARRELLA_RULES}
    if unknown:  # a shipped file naming a rule that is gone: a bug, not bad input
        raise ValueError(f"playouts/{ruleset}.json: unknown rules {', '.join(sorted(unknown))}")
    return weights


def playout_provenance(ruleset: str) -> dict[str, Any] | None:
    """How ``ruleset``'s play-out weights were found (the file's ``provenance``)."""
    data = _playout_file(ruleset)
    return None if data is None else dict(data.get("provenance") or {})


_POLICIES: dict[str, Player] = {}


def playout_policy(ruleset: str) -> Player | None:
    """The tuned play-out policy of ``ruleset``, or None (the analysis's default) if none was
    tuned for it."""
    if ruleset not in _POLICIES:
        weights = playout_weights(ruleset)
        if weights is None:
            return None
        _POLICIES[ruleset] = ChitarrellaPlayer(count_limit=0, weights=weights)
    return _POLICIES[ruleset]
