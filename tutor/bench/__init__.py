"""Benchmarks: every measure behind ``tutor bench``, one module per family.

- :mod:`tutor.bench.common`: what they share: the registry (:func:`~tutor.bench.common.register`,
  ``BENCHMARKS``) and ``tutor bench all``'s runner (``run_all``), the medians of several runs,
  the timing of a ``tutor`` process, :class:`~tutor.bench.common.BenchError`;
- :mod:`tutor.bench.engine`: playouts, replay, the tracker, exact solves, the search player;
- :mod:`tutor.bench.puzzles`: checking and mining puzzles, how soon one is shown;
- :mod:`tutor.bench.review`: the review's speed, planted mistakes, how true its verdicts are;
- :mod:`tutor.bench.play`: ``tutor play``'s latency, what speaking Italian costs at start-up;
- :mod:`tutor.bench.calibration`: the stated odds against the true deals;
- :mod:`tutor.bench.endgame`: what not seeing the hidden cards costs at the end of a hand.

Importing the package imports the families whose benchmarks are registered, in the order
``tutor bench all`` runs them, whichever module is imported first.
"""

# isort: off
from tutor.bench import engine, puzzles, review, play  # noqa: F401  (they register, in order)
# isort: on
