"""The ``tutor`` command: parses arguments, calls one library function, renders the result.

One module per command or group; importing this package registers them all on the app.
"""

from tutor.cli import (  # noqa: F401  (imported to register their commands)
    bench,
    drill,
    engine,
    explain,
    live,
    play,
    puzzle,
    render,
    replay,
    review,
    rules,
    simulate,
    solve,
    stats,
    track,
    train,
)
from tutor.cli.core import app, main

__all__ = ["app", "main"]
