"""What a position is worth: the exact solver, computer players, sampling analysis, simulation."""
