"""The ``tutor`` command's entry point: Ctrl-C while the program is still loading ends it
quietly with exit 130, as Ctrl-C does later, instead of a traceback from the import."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from tutor.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("\ntutor: interrupted\n")
        sys.exit(130)
    run()
