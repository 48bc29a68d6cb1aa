"""How much memory each of the engine's per-process caches may hold.

The caches (capture tables and sweep values, :mod:`tutor.game.captures`; the solver's memos,
:mod:`tutor.search.solver`; exact values, :mod:`tutor.search.analysis`) keep answers of pure
functions: forgetting one changes no result, only the time. Each starts again when full, and
full is counted in entries, from the bytes one entry takes (measured on reviews of scopone
files, and checked by tests/test_memory.py), so that every process holds a bounded amount
whatever the run: a review of many files in one process, or a pool's worker that outlives
the files it served. Counted in entries alone (400,000 capture tables, 200,000 capture lists
in the solver), the caches of one process could reach some 560 MB.
"""

from __future__ import annotations

__all__ = ["CACHE_BYTES", "entries_within"]

CACHE_BYTES = 32 * 2**20
"""The bytes one cache may hold, about: seven of them stay under a quarter of a gigabyte, and
32 MB keeps a scopone hand's working set of each (a review of one file with 50 samples a
decision met some 35,000 capture tables, 2,000 exact values; stop 60)."""


def entries_within(entry_bytes: int) -> int:
    """How many entries of ``entry_bytes`` each fit in :data:`CACHE_BYTES`."""
    return CACHE_BYTES // entry_bytes
