"""Reading a user's file whole, as UTF-8 text, and never more of it than a limit.

Records, rulesets and puzzles are small: a hand with notes is a few kilobytes, a long match
with a note on every play about two hundred. A file far larger is a mistake or a hostile file,
and a device or a pipe may never end (``tutor replay /dev/zero``), so a file is read up to one
byte past :data:`MAX_FILE_BYTES` and refused, unparsed, when it goes past it.

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "big.yaml")
...     with open(path, "w") as fp:
...         _ = fp.write("note: " + "x" * 20)
...     print(read_text(path)[:8])
...     try:
...         read_text(path, limit=16)
...     except FileReadError as exc:
...         print(exc)
note: xx
the file is larger than 16 bytes, the most a record, ruleset or puzzle may be: it was not read
"""

from __future__ import annotations

import os
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import IO, AnyStr

from tutor.game.errors import TutorError
from tutor.game.i18n import N_, _, ngettext

__all__ = [
    "MAX_FILE_BYTES",
    "FileReadError",
    "read_text",
    "read_stream",
    "decode_utf8",
    "os_reason",
]

MAX_FILE_BYTES = 2 * 1024 * 1024
"""The largest record, ruleset or puzzle file the tutor reads: 2 MB, ten times a long match
with a note on every play (``docs/records.md``). Reading a file of that size takes at most a
few seconds, whatever it holds."""


class FileReadError(TutorError):
    """A file that cannot be read: missing, unreadable, not UTF-8, or over the size limit.

    The message does not name the file: each reader adds the name, and ``line`` when it is
    known (the line of a byte that is not UTF-8), in its own error's form.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line

    def where(self, path: str | Path | Traversable) -> str:
        """``path``, with ``:LINE`` when the line is known."""
        return f"{path}:{self.line}" if self.line else str(path)


OS_REASONS = (
    N_("No such file or directory"),
    N_("Permission denied"),
    N_("Is a directory"),
    N_("Not a directory"),
    N_("File exists"),
    N_("No space left on device"),
    N_("Read-only file system"),
    N_("File name too long"),
    N_("Too many levels of symbolic links"),
    N_("Input/output error"),
)
"""The operating system's reasons most often given for a file that cannot be read or written,
as the C library words them in English: the catalogue has them in the tutor's languages."""


def file_exists(path: str | Path) -> bool:
    """Whether ``path`` exists; False for a name no file can have (too long, a NUL), where
    ``Path.exists`` raises."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def unreachable(path: str | Path) -> str | None:
    """Why ``path`` cannot be opened, in the system's words as :func:`os_reason` gives them
    (``No such file or directory``, ``Too many levels of symbolic links`` for a link to
    itself, ...), or None when it is there. One answer for every command that checks a path
    before reading it (audit, stop 52: a link loop was "No such file or directory")."""
    try:
        os.stat(path)
    except OSError as exc:
        return os_reason(exc)
    except ValueError:  # a NUL in the name
        return _("No such file or directory")
    return None


def os_reason(exc: OSError) -> str:
    """Why the operating system refused a file, in the language of the run when the catalogue
    has the reason (:data:`OS_REASONS`), else as the system put it."""
    return _(exc.strerror) if exc.strerror else str(exc)


def _size(limit: int) -> str:
    if limit % (1024 * 1024) == 0:
        return _("{n} MB").format(n=limit // (1024 * 1024))
    return ngettext("{n} byte", "{n} bytes", limit).format(n=limit)


def _too_large(limit: int) -> FileReadError:
    return FileReadError(
        _(
            "the file is larger than {size}, the most a record, ruleset or puzzle may be: "
            "it was not read"
        ).format(size=_size(limit))
    )


def read_text(path: str | Path | Traversable, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the file at ``path``, read to at most ``limit`` bytes (a larger file,
    a device or an endless pipe is refused after ``limit + 1``); FileReadError otherwise."""
    try:
        with open(path, "rb") if isinstance(path, str | Path) else path.open("rb") as fp:
            data = fp.read(limit + 1)
    except OSError as exc:
        raise FileReadError(_("cannot read: {reason}").format(reason=os_reason(exc))) from None
    except ValueError:  # a NUL in the name: no file can be called so
        raise FileReadError(_("cannot read: a file name cannot hold a NUL character")) from None
    if len(data) > limit:
        raise _too_large(limit)
    return decode_utf8(data)


def decode_utf8(data: bytes) -> str:
    """``data`` read as UTF-8 text, as a file is read; :func:`not_utf8`'s error otherwise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise not_utf8(data, exc.start) from None


def not_utf8(data: bytes, at: int) -> FileReadError:
    """The error for the byte at offset ``at`` of ``data``, which is not UTF-8: it names the
    byte and its line, so that an editor can find it.

    >>> err = not_utf8(b"a: 1\\nb: caf\\xe9\\n", 11)
    >>> err.line, str(err)
    (2, 'the byte 0xE9 is not UTF-8 text: save the file as UTF-8')
    """
    return FileReadError(
        _("the byte 0x{byte:02X} is not UTF-8 text: save the file as UTF-8").format(byte=data[at]),
        data.count(b"\n", 0, at) + 1,
    )


def read_stream(fp: IO[AnyStr], limit: int = MAX_FILE_BYTES) -> AnyStr:
    """The text of an open stream, read to at most ``limit`` characters (bytes, from a binary
    stream: see :func:`read_text`)."""
    try:
        text = fp.read(limit + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise FileReadError(_("cannot read: {reason}").format(reason=exc)) from None
    if len(text) > limit:
        raise _too_large(limit)
    return text
