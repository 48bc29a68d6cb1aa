"""``python -m tutor``: the same entry point as the ``tutor`` command (pyproject.toml's
``[project.scripts]``), so that Ctrl-C while the program loads ends it quietly here too."""

from tutor._start import main

main()
