"""The counting layer's defaults that the command line quotes in its help.

Kept in a module of their own that imports nothing, so that every command can show them
without loading the tracker, the readings and the weighing (as ``tutor.search.defaults`` does
for the search).
"""

__all__ = ["TRUST_DEFAULT", "STATED_SHARE"]

TRUST_DEFAULT = 0.85
"""Prior chance that a player holding a card that makes a scopa takes it (``--trust-readings``).
The tutor's estimate for people at the table; the calibration benchmark (docs/tracker.md) checks
that, with the learning of :mod:`tutor.counting.trust`, the odds stay calibrated for careless
and careful play alike."""

STATED_SHARE = 0.9
"""How sure a style the user states is taken to be (``--style West=grabber``): people are not
computer players, so the hand's own plays can still overrule the statement."""
