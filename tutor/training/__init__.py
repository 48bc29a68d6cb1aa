"""Practice: following a hand live, counting drills, the puzzle trainer and its store."""
