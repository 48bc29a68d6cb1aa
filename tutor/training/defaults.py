"""The budgets of ``tutor play``'s tutor, in a module that imports nothing.

The command line quotes them in its help without loading the search (which loads the
assignment model); :mod:`tutor.training.play` explains each.
"""

__all__ = ["FEEDBACK_TIME", "FEEDBACK_FIRST_ROUND", "HINT_TIME", "QUICK_EXACT_PLIES"]

FEEDBACK_TIME = 0.8
"""Seconds of sampling the tutor gives each of your plays (the first round always completes)."""
FEEDBACK_FIRST_ROUND = 25
"""Deals sampled before the first look at a play's interval. 25, not 10 (stop 44, measured
with ``tutor bench verdicts --judge play`` on seed 003, 120 runs: certain classes wrong for
sure 20 -> 8, the feedback's median 0.34 -> 0.43 s in ``tutor bench play``; docs/play.md)."""
HINT_TIME = 1.5
"""Seconds of sampling of ``hint`` and ``explain``."""
QUICK_EXACT_PLIES = 12
"""Plays left from which a sampled deal is solved exactly (played out before that)."""
