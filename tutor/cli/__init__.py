"""The ``tutor`` command: parses arguments, calls one library function, renders the result."""

from tutor.cli.base import app, main

__all__ = ["app", "main"]
