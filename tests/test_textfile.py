"""Reading the user's files: the size limit, devices and endless pipes, through every reader."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest
from helpers import BASE, SCOPA_RULES, one_error_line, run, write

from tutor.game.rules import RulesetError, load_ruleset
from tutor.game.textfile import MAX_FILE_BYTES, FileReadError, read_stream, read_text
from tutor.records.record import RecordError
from tutor.records.recordfile import load, load_path

TOO_LARGE = "larger than 2 MB, the most a record, ruleset or puzzle may be: it was not read"


def _padded(text: str, size: int) -> str:
    """``text`` with a YAML comment in front that makes it ``size`` bytes long."""
    return "#" + "x" * (size - len(text) - 2) + "\n" + text


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    """Bug: no size limit: a long note took quadratic time (1 MB 1.2 s, 50 MB 25 minutes)."""
    ok = write(tmp_path, "ok.yaml", _padded(BASE, MAX_FILE_BYTES))
    assert os.path.getsize(ok) == MAX_FILE_BYTES
    assert load_path(ok)[0].players == ["You", "Ada"]
    big = write(tmp_path, "big.yaml", _padded(BASE, MAX_FILE_BYTES + 1))
    with pytest.raises(RecordError) as info:
        load_path(big)
    assert str(info.value) == f"{big}: the file is {TOO_LARGE}"
    assert one_error_line(run("replay", big)) == f"tutor: error: {big}: the file is {TOO_LARGE}"
    with pytest.raises(RecordError, match="larger than 2 MB"):
        load(io.StringIO(_padded(BASE, MAX_FILE_BYTES + 1)), "stream")


def test_a_ruleset_over_the_limit_is_refused_everywhere(tmp_path: Path) -> None:
    """Bug: rulesets had no size limit either."""
    big = write(tmp_path, "big-rules.yaml", _padded(SCOPA_RULES, MAX_FILE_BYTES + 1))
    with pytest.raises(RulesetError, match="larger than 2 MB"):
        load_ruleset(big)
    for args in (("rules", big), ("explain", "--ruleset", big, "--table", "", "7D")):
        assert one_error_line(run(*args)) == f"tutor: error: {big}: the file is {TOO_LARGE}"
    record = write(tmp_path, "hand.yaml", BASE.replace("ruleset: scopa", "ruleset: big-rules.yaml"))
    assert "larger than 2 MB" in one_error_line(run("replay", record))


def test_a_device_that_never_ends_is_refused_not_a_memory_error(tmp_path: Path) -> None:
    """Bug: ``tutor replay /dev/zero`` read without end and exited 70 with MemoryError."""
    line = one_error_line(run("replay", "/dev/zero"))
    assert line == f"tutor: error: /dev/zero: the file is {TOO_LARGE}"
    zero = tmp_path / "zero.yaml"  # a ruleset is taken for a file by its suffix
    zero.symlink_to("/dev/zero")
    assert (
        one_error_line(run("rules", str(zero))) == f"tutor: error: {zero}: the file is {TOO_LARGE}"
    )


def test_a_pipe_that_never_ends_is_refused(tmp_path: Path) -> None:
    """Bug: a never-ending pipe was read to the end that never came."""
    fifo = tmp_path / "endless.yaml"
    os.mkfifo(fifo)
    stop = threading.Event()

    def writer() -> None:
        try:
            with open(fifo, "wb") as out:
                while not stop.is_set():
                    out.write(b"# endless\n" * 4096)
        except BrokenPipeError:
            pass  # the reader stopped reading, as it should

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        with pytest.raises(FileReadError, match="larger than"):
            read_text(fifo)
    finally:
        stop.set()
        thread.join(timeout=5)


def test_read_text_and_read_stream_say_why_a_file_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(FileReadError, match="^cannot read: No such file"):
        read_text(tmp_path / "missing.yaml")
    with pytest.raises(FileReadError, match="^cannot read: Is a directory"):
        read_text(tmp_path)
    latin = write(tmp_path, "latin.yaml", b"caf\xe9")
    with pytest.raises(FileReadError, match="not UTF-8"):
        read_text(latin)
    assert read_stream(io.StringIO("abc"), limit=3) == "abc"
    with pytest.raises(FileReadError, match="larger than 3 bytes"):
        read_stream(io.StringIO("abcd"), limit=3)
