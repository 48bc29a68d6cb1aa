"""The review's default budgets, in a module that imports nothing.

The command line quotes them in its help without loading the search (which loads the
assignment model); :mod:`tutor.review.judge` explains each.
"""

__all__ = ["DEFAULT_SAMPLES", "DEFAULT_TIME", "FIRST_ROUND", "ROUNDS_TO_ZERO"]

DEFAULT_SAMPLES = 200
"""The most deals a decision samples (rounds of 50, 100, 200)."""
DEFAULT_TIME = 3.0
"""Seconds of sampling per decision at most."""
FIRST_ROUND = 50
"""Deals sampled before the first look at the interval. Fifty, not the 25 of stop 42 and
before: over 25 deals a lopsided difference (mostly nought, a rare point) could give a certain
class the truth lies outside of; measured in docs/review.md, section 7."""
ROUNDS_TO_ZERO = 0.005
"""Points of the hand closer to 0 than this are shown as 0.00 (values have two decimals): no
gain or cost the tutor speaks of, so a maxim kept "for nothing" and a move "as good as the
best" are judged at this margin, not at a float's last digit."""
