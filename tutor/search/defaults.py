"""The default budgets of :func:`tutor.search.evaluate.evaluate` and the sampling analysis.

Kept in a module of their own that imports nothing, so that the command line can quote them
in its help without loading the search (which loads the assignment model).
"""

__all__ = ["EXACT_TIME_LIMIT", "SAMPLES", "SAMPLES_MAX", "TIME_MAX", "DEFAULT_EXACT_PLIES"]

EXACT_TIME_LIMIT = 60.0
"""Seconds an exact solve searches before it gives up and reports the bounds proven so far."""

SAMPLES = 200
"""Deals sampled when a position hides cards and no number is given."""

SAMPLES_MAX = 1_000_000
"""The most deals a single analysis may be asked to sample: at about a millisecond a deal and
more, a million is already hours of work (and a number beyond the machine's word crashed)."""

TIME_MAX = 86_400.0
"""The most seconds a command-line time budget may be (a day): ``inf`` was taken and printed
as "inf s each" (input audit, stop 54), where no budget is what is meant."""

DEFAULT_EXACT_PLIES = 16
"""Solve a sample exactly once this many plays or fewer are left (4 cards each in scopone)."""
