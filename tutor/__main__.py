"""``python -m tutor``."""

from tutor.cli.base import main

main()
