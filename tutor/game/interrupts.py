"""Ctrl-C held back while something must be done whole.

A save that Ctrl-C cut short left the old file, so the play just typed was lost while the
session said it was saved; a fork that Ctrl-C cut short lost the signal. Inside
:func:`interrupts_held`, Ctrl-C (and SIGTERM or SIGHUP where the command line turns them into
Ctrl-C) is only noted; it takes effect as the block ends, as it would have anywhere else.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

__all__ = [
    "Ended",
    "end",
    "ended",
    "interrupts_held",
    "ctrl_c_counted",
    "ctrl_c_lately",
    "reported_whole",
]


class Ended(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised as Ctrl-C is (:func:`tutor.cli.core.ended_as_interrupt`): the
    session ends, where a Ctrl-C at an interactive prompt only drops the line and one during a
    hint gives up the hint alone."""


AGAIN_SECONDS = 1.0
"""A Ctrl-C this soon after one that stopped some work is the second of a pair: a person who
stops a slow hint and presses Ctrl-C again at once means to stop, not to drop a line they
have not had the time to type (play audit, stop 47)."""

_ended = [False]  # whether end() was called: a kill or a closed terminal is ending the run

_last_counted = [float("-inf")]  # time.monotonic() of the last Ctrl-C ctrl_c_counted saw

_HELD = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))
"""The signals held: those whose handler is Python code (Ctrl-C's KeyboardInterrupt, or the
command line's :func:`tutor.cli.core.ended_as_interrupt`); one left to the system's default
action (which kills the process) stays so, and the atomic save keeps the old file whole."""


@contextmanager
def interrupts_held(ctrl_c_only: bool = False) -> Iterator[None]:
    """Run the block with Ctrl-C noted, not raised; the first signal noted is handled as the
    block ends (a KeyboardInterrupt, as anywhere else). Only in the main thread, the one
    that may set handlers (elsewhere the block runs as it is).

    ``ctrl_c_only``: hold SIGINT alone, for a block that forks: a child inherits the noting
    handlers, and one that noted SIGTERM would never end when its pool is stopped.

    >>> import os
    >>> before = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own
    >>> try:
    ...     with interrupts_held():
    ...         os.kill(os.getpid(), signal.SIGINT)
    ...         print("the block ends")
    ... except KeyboardInterrupt:
    ...     print("then Ctrl-C")
    the block ends
    then Ctrl-C
    >>> _ = signal.signal(signal.SIGINT, before)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[tuple[int, Any]] = []

    def note(signum: int, frame: Any) -> None:
        came.append((signum, frame))

    previous: dict[int, Any] = {}
    for s in (signal.SIGINT,) if ctrl_c_only else _HELD:
        handler = signal.getsignal(s)
        if callable(handler):
            previous[s] = signal.signal(s, note)
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        if came:
            signum, frame = came[0]
            previous[signum](signum, frame)


@contextmanager
def ctrl_c_counted() -> Iterator[list[int]]:
    """Run the block counting the Ctrl-Cs that reach it (the list's one item), each still
    raising KeyboardInterrupt as it would: work that stops at the first can tell whether a
    second came while it wound down, as one at a prompt stops a session (main thread only;
    elsewhere nothing is counted).

    >>> import os
    >>> with ctrl_c_counted() as count:
    ...     try:
    ...         os.kill(os.getpid(), signal.SIGINT)
    ...     except KeyboardInterrupt:
    ...         pass
    >>> count
    [1]
    """
    count = [0]
    handler = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not callable(handler):
        yield count
        return

    def counted(signum: int, frame: Any) -> None:
        count[0] += 1
        _last_counted[0] = time.monotonic()
        handler(signum, frame)

    signal.signal(signal.SIGINT, counted)
    try:
        yield count
    finally:
        signal.signal(signal.SIGINT, handler)


class _FirstThenNoted:
    """The Ctrl-C handler of a command that reports what it did when stopped
    (:func:`reported_whole`): the first Ctrl-C is handled as ever (``inner``: a
    KeyboardInterrupt the work turns into a result cut short), the second is noted, a third
    is handled again."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seen = 0

    def __call__(self, signum: int, frame: Any) -> None:
        self.seen += 1
        if self.seen != 2:
            self.inner(signum, frame)


@contextmanager
def reported_whole(reports: bool = True) -> Iterator[None]:
    """Run work that reports what it did when Ctrl-C stops it (a simulation's finished deals,
    a solve's samples, a review's decisions). The first Ctrl-C stops the work as ever; a
    second is the same request to stop, and is noted rather than raised, so that it cannot
    throw the report away: ``timeout -s INT`` signals the process and then its group, and a
    person often presses twice (audit, stop 53: one ``simulate --json`` in eight printed
    nothing). A third stops at once. Main thread only.

    ``reports=False``: a block inside that is a conversation (a game, a drill), where one
    Ctrl-C stops a hint and the next drops a line: there Ctrl-C is handled as outside.

    >>> import os
    >>> before = signal.signal(signal.SIGINT, signal.default_int_handler)
    >>> with reported_whole():
    ...     try:
    ...         os.kill(os.getpid(), signal.SIGINT)  # the first: the work stops
    ...     except KeyboardInterrupt:
    ...         pass
    ...     os.kill(os.getpid(), signal.SIGINT)  # the second: noted
    ...     print("the report is made")
    the report is made
    >>> _ = signal.signal(signal.SIGINT, before)
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not callable(previous):
        yield
        return
    inner = previous.inner if isinstance(previous, _FirstThenNoted) else previous
    signal.signal(signal.SIGINT, _FirstThenNoted(inner) if reports else inner)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def ctrl_c_lately(seconds: float = AGAIN_SECONDS) -> bool:
    """Whether a Ctrl-C that :func:`ctrl_c_counted` saw came less than ``seconds`` ago."""
    return time.monotonic() - _last_counted[0] < seconds


def end() -> NoReturn:
    """Raise :class:`Ended` for a SIGTERM or SIGHUP, and remember it: work that turns a
    KeyboardInterrupt into a result cut short ("interrupted") raises a plain one again, and
    :func:`ended` still tells a kill from a Ctrl-C (a kill during a hint ends the game, where
    a Ctrl-C gives up the hint alone: audit, stop 48)."""
    _ended[0] = True
    raise Ended


def ended() -> bool:
    """Whether :func:`end` was called in this process."""
    return _ended[0]
