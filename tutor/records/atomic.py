"""Writing a file all or nothing: a temporary file in the same folder, then a rename.

Used wherever the tutor saves what a user typed or asked for (a live session's record, a mined
puzzle), so that a crash or a kill never leaves half a file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["save_atomically"]


def save_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (all or nothing)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        # mkstemp makes the file private (0600); give the record the mode an ordinary new
        # file would have, or keep the mode of the file it replaces.
        try:
            mode = path.stat().st_mode & 0o777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
