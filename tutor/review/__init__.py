"""Judging the decisions of a played hand: cost, class and named observations."""
