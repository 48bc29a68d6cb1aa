"""``python -m tutor``."""

from tutor.cli import main

main()
