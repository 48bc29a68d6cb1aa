"""Writing files: an output never overwrites the input it is made from, a bad output path is a
usage error before any work, a failed save names the user's file, and a session whose save file
becomes unwritable keeps what is typed in a rescue file."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES, ROOT, one_error_line, run

from tutor.cli.core import EXIT_USAGE
from tutor.records import recordfile
from tutor.records.recordfile import SaveError, load_path, save_atomically, save_or_rescue
from tutor.training.live import LiveError, LiveSession


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "hand.yaml"
    shutil.copy(EXAMPLES / "seed003-scopa.yaml", path)
    return path


def test_render_refuses_to_write_over_the_record_it_draws(record: Path) -> None:
    before = record.read_bytes()
    same = record.parent / "." / record.name
    line = one_error_line(run("render", str(record), "--svg", str(same)), EXIT_USAGE)
    assert "--svg" in line and "being read" in line
    assert record.read_bytes() == before


def test_review_refuses_to_write_over_the_record_it_reviews(record: Path) -> None:
    before = record.read_bytes()
    args = ["review", str(record), "--as", "You", "-k", "2", "-t", "0.01", "-w", "1"]
    line = one_error_line(run(*args, "--html", str(record)), EXIT_USAGE)
    assert "--html" in line and "being read" in line
    assert record.read_bytes() == before


def test_an_output_in_a_missing_folder_is_refused_before_the_work(
    record: Path, tmp_path: Path
) -> None:
    out = tmp_path / "gone" / "r.html"
    args = ["review", str(record), "--as", "You", "-k", "2", "-t", "0.01", "-w", "1"]
    result = run(*args, "--html", str(out))
    line = one_error_line(result, EXIT_USAGE)
    assert f"cannot write {out}" in line and ".tmp" not in line
    # refused before the review: no progress line, nothing reviewed
    assert "reviewing" not in result.stderr
    svg = one_error_line(run("render", str(record), "--svg", str(tmp_path)), EXIT_USAGE)
    assert "it is a folder" in svg and "position.svg" in svg


def test_a_failed_save_names_the_users_file_not_the_temporary_one(tmp_path: Path) -> None:
    target = tmp_path / "gone" / "h.yaml"
    with pytest.raises(SaveError) as caught:
        save_atomically(target, "x")
    assert str(target) in str(caught.value) and ".tmp" not in str(caught.value)


def test_a_save_that_fails_mid_session_is_rescued(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    where, problem = save_or_rescue(folder / "h.yaml", "a: 1\n")
    assert where == folder / "h.yaml" and problem is None
    shutil.rmtree(folder)
    where, problem = save_or_rescue(folder / "h.yaml", "a: 2\n")
    try:
        assert where != folder / "h.yaml" and where.read_text() == "a: 2\n"
        assert problem is not None and str(folder / "h.yaml") in problem and str(where) in problem
    finally:
        where.unlink()


def test_live_keeps_what_is_typed_when_its_folder_disappears(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    session = LiveSession.new("scopa", ["You", "Ada"], "You", "french", folder / "h.yaml")
    warnings: list[str] = []
    lines = iter(["2C 4H 5S QD", "DROP", "7D 7H AS", "AS", "Ada: 3H"])

    def read() -> str | None:
        line = next(lines, None)
        if line == "DROP":
            shutil.rmtree(folder)
            return ""
        return line

    session.run(read, lambda _u: None, lambda _s: None, warnings.append)
    rescue = session.save_path
    assert rescue is not None
    try:
        assert rescue.parent != folder
        assert len(warnings) == 1 and str(rescue) in warnings[0]
        assert session.rejected == 0
        (saved,) = load_path(str(rescue))
        assert len(saved.plays) == 2
    finally:
        rescue.unlink()


def test_a_file_name_too_long_is_a_save_error_not_an_os_error(tmp_path: Path) -> None:
    """Bug: save_problem (so save, save_atomically, LiveSession.new and PlaySession.new) let
    OSError out for a file name too long (Path.is_dir lets ENAMETOOLONG through), where each
    promises its own error. The reason is given, as for a missing folder."""
    from tutor.records.recordfile import save_problem
    from tutor.training.live import LiveError

    long = tmp_path / ("x" * 300 + ".yaml")
    assert save_problem(long) == "File name too long"
    assert save_problem(tmp_path / "new.yaml") is None
    with pytest.raises(SaveError, match="File name too long"):
        save_atomically(long, "x: 1\n")
    with pytest.raises(LiveError, match="File name too long"):
        LiveSession.new("scopa", ["You", "Ada"], "You", save_path=long)


def test_a_save_through_a_link_writes_the_linked_file_and_keeps_the_link(tmp_path: Path) -> None:
    # Was: the rename replaced the link by a file, and the file it pointed to kept its old text.
    target = tmp_path / "target.svg"
    target.write_text("old")
    link = tmp_path / "link.svg"
    link.symlink_to(target.name)
    save_atomically(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


def test_a_save_to_a_pipe_writes_into_it_and_leaves_the_pipe(tmp_path: Path) -> None:
    # Was: a file was renamed over the pipe (over /dev/null or /dev/full, as root), and the
    # reader got nothing.
    fifo = tmp_path / "out.svg"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    save_atomically(fifo, "<svg/>")
    reader.join(5)
    assert got == ["<svg/>"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_an_output_of_dash_is_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: `--svg -` wrote a file named "-".
    monkeypatch.chdir(tmp_path)
    result = run("render", str(EXAMPLES / "scopone-hand.yaml"), "--svg", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<?xml") and result.stdout.rstrip().endswith("</svg>")
    assert not (tmp_path / "-").exists()
    args = ["review", str(EXAMPLES / "seed003-scopa.yaml"), "--as", "You", "-k", "2", "-t", "0.01"]
    page = run(*args, "-w", "1", "--html", "-")
    assert page.exit_code == 0, page.output
    assert page.stdout.startswith("<!DOCTYPE html>") and "Cost:" not in page.stdout
    both = one_error_line(run(*args, "--html", "-", "--json"), EXIT_USAGE)
    assert "--json" in both and not (tmp_path / "-").exists()


@pytest.fixture
def in_subfolder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ruleset file ``mine.yaml`` in ``tmp_path/sub``, the current folder; the folder."""
    sub = tmp_path / "sub"
    sub.mkdir()
    shutil.copy(ROOT / "rulesets" / "scopa.yaml", sub / "mine.yaml")
    monkeypatch.chdir(sub)
    return sub


def test_a_session_names_its_ruleset_file_from_the_folder_it_saves_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_subfolder: Path
) -> None:
    # Was (play sweep): `tutor play --ruleset mine.yaml -o ../game.yaml` run in a subfolder saved
    # "ruleset: mine.yaml", which the record's reader looks for next to the record: resume,
    # replay and review failed anywhere but in that subfolder.
    from tutor.training.play import PlaySession

    sub = in_subfolder
    game = tmp_path / "game.yaml"
    PlaySession.new("mine.yaml", seed=7, save_path=game, workers=1)
    hand = tmp_path / "hand.yaml"
    LiveSession.new("mine.yaml", ["You", "Ada"], "You", save_path=hand).enter("2C 4C 5S 9D")
    monkeypatch.chdir(tmp_path.parent)  # from anywhere else
    assert "ruleset: sub/mine.yaml" in game.read_text().replace('"', "")
    assert load_path(str(game))[0].ruleset.name == "scopa"
    moved = tmp_path / "elsewhere" / "game.yaml"
    moved.parent.mkdir()
    PlaySession.resume(game, save_path=moved, workers=1).save()
    assert "ruleset: ../sub/mine.yaml" in moved.read_text().replace('"', "")
    assert load_path(str(moved))[0].ruleset.name == "scopa"
    session = LiveSession.resume(hand, "You")
    assert session.ruleset_name == str(sub / "mine.yaml")


def test_a_rescue_file_names_the_ruleset_file_from_its_own_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_subfolder: Path
) -> None:
    # Was (review of the day's diff): a save that failed went to a rescue file with the
    # ruleset named from the folder that failed ("../sub/mine.yaml"), which did not read back.
    from tutor.training.play import PlaySession

    folder = tmp_path / "games"
    folder.mkdir()
    session = PlaySession.new("mine.yaml", seed=7, save_path=folder / "game.yaml", workers=1)
    hand = LiveSession.new("mine.yaml", ["You", "Ada"], "You", save_path=folder / "hand.yaml")
    hand.enter("2C 4C 5S 9D")
    shutil.rmtree(folder)
    session.save()
    hand.enter("AD 3D 6D")  # your cards: saved again
    monkeypatch.chdir(tmp_path.parent)
    for rescued in (session.save_path, hand.save_path):
        assert rescued is not None and "rescued" in rescued.name
        assert load_path(str(rescued))[0].ruleset.name == "scopa"
        rescued.unlink()


def test_a_save_through_a_linked_folder_names_the_ruleset_file_as_the_reader_finds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: "out" a link to ../far/deep, the game saved "ruleset: ../mine.yaml", which the
    # reader joined to the linked folder and did not find.
    from tutor.training.play import PlaySession

    work, deep = tmp_path / "work", tmp_path / "far" / "deep"
    work.mkdir()
    deep.mkdir(parents=True)
    shutil.copy(ROOT / "rulesets" / "scopa.yaml", work / "mine.yaml")
    (work / "out").symlink_to(deep)
    monkeypatch.chdir(work)
    PlaySession.new("mine.yaml", seed=3, save_path=work / "out" / "game.yaml", workers=1)
    monkeypatch.chdir(tmp_path.parent)
    assert load_path(str(work / "out" / "game.yaml"))[0].ruleset.name == "scopa"


def test_a_save_to_the_standard_output_link_adds_to_what_it_stands_for(tmp_path: Path) -> None:
    # Was: /dev/stdout resolved to the file the shell opened (">>"), which the rename replaced,
    # and to "pipe:[...]" for a pipe, which did not exist.
    import subprocess
    import sys

    log = tmp_path / "log.txt"
    log.write_text("before\n")
    code = "from tutor.records.recordfile import save_atomically as s; s('/dev/stdout', 'svg\\n')"
    with log.open("a") as out:
        subprocess.run([sys.executable, "-c", code], stdout=out, check=True, cwd=ROOT)
    assert log.read_text() == "before\nsvg\n"
    piped = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert piped.returncode == 0 and piped.stdout == "svg\n", piped.stderr


def test_an_output_on_standard_output_is_utf8_whatever_the_terminal_speaks() -> None:
    # Was (review of the day's diff): "--svg -" wrote in the terminal's encoding, so a Latin-1
    # terminal got '?' for the name marks, and "--html -" a page declaring UTF-8 that was not.
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "latin-1", "NO_COLOR": "1"}
    args = [
        sys.executable,
        "-m",
        "tutor",
        "render",
        str(EXAMPLES / "scopone-hand.yaml"),
        "--svg",
        "-",
    ]
    out = subprocess.run(args, capture_output=True, env=env, cwd=ROOT, check=True).stdout
    text = out.decode("utf-8")
    assert "\u2068South\u2069" in text


def _ctrl_c_during_writes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every atomic write gets a Ctrl-C (a real SIGINT to this process) half-way through, as
    from a user pressing it during a slow disk's sync; the list counts the writes."""
    real = recordfile._write_atomically
    writes: list[int] = []

    def interrupted(*args: Any, **kw: Any) -> None:
        writes.append(1)
        os.kill(os.getpid(), signal.SIGINT)
        real(*args, **kw)

    monkeypatch.setattr(recordfile, "_write_atomically", interrupted)
    return writes


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt here, as in the command (a test worker may ignore it)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_ctrl_c_during_a_save_comes_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an audit: Ctrl-C during a save removed the new file and kept the old, so the
    play just typed was lost, while the session said "saved to FILE". The save now ends
    first, then the Ctrl-C takes effect."""
    path = tmp_path / "h.yaml"
    path.write_text("old\n")
    writes = _ctrl_c_during_writes(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        save_atomically(path, "new\n")
    assert writes and path.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["h.yaml"]  # no temporary file left


@pytest.mark.usefixtures("ctrl_c_raises")
def test_live_keeps_the_play_typed_when_ctrl_c_cuts_its_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = LiveSession.new("scopa", ["You", "Ada"], "You", "french", tmp_path / "h.yaml")
    for line in ("2C 4H 5S QD", "7D 7H AS"):
        session.enter(line)
    _ctrl_c_during_writes(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        session.enter("AS")
    (saved,) = load_path(str(tmp_path / "h.yaml"))
    assert [p.text for p in saved.plays] == ["AS"]


def test_two_sessions_on_one_file_keep_both(tmp_path: Path) -> None:
    """Found by an audit: two ``live --resume`` of one file, each saving in turn: the last
    writer won and the other's play was gone, while both said "saved". The second now finds
    the file changed since it read it, keeps it, and goes on in a free name beside it."""
    path = tmp_path / "h.yaml"
    first = LiveSession.new("scopa", ["You", "Ada"], "You", "french", path)
    for line in ("2C 4H 5S QD", "7D 7H AS"):
        first.enter(line)
    a = LiveSession.resume(path, "You")
    b = LiveSession.resume(path, "You")
    a.enter("AS")
    b.enter("7H x 2C 5S")
    assert a.save_path == path and b.save_path == tmp_path / "h-2.yaml"
    assert (
        len(b.notices) == 1 and "changed since this session last read or saved it" in b.notices[0]
    )
    (kept,) = load_path(str(path))
    (other,) = load_path(str(b.save_path))
    assert [p.text for p in kept.plays] == ["AS"]
    assert [p.text for p in other.plays] == ["7H x 2C 5S"]
    b.enter("Ada: 3H")  # from now on b saves to its own file, and a is left alone
    assert len(load_path(str(b.save_path))[0].plays) == 2 and len(b.notices) == 1
    assert [p.text for p in load_path(str(path))[0].plays] == ["AS"]


def test_a_read_only_file_is_refused_before_a_session_goes_on_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an audit: ``live --resume`` of a read-only file replaced it all the same (a
    rename ignores the file's mode); ``train`` refuses a read-only store."""
    path = tmp_path / "h.yaml"
    first = LiveSession.new("scopa", ["You", "Ada"], "You", "french", path)
    first.enter("2C 4H 5S QD")
    path.chmod(0o444)
    real = os.access

    def access(p: Any, mode: int, **kw: Any) -> bool:  # as for a user who is not root
        return not (mode & os.W_OK and Path(p) == path) and real(p, mode, **kw)

    monkeypatch.setattr(os, "access", access)
    before = path.read_bytes()
    said = one_error_line(run("live", "--resume", str(path)), EXIT_USAGE)
    assert "--resume" in said and "the file is read-only" in said and "--save" in said
    assert path.read_bytes() == before


def test_undo_stops_at_the_table_of_a_file_the_session_did_not_make(tmp_path: Path) -> None:
    """Found by an audit: undo back past the table of a resumed file deleted the file, with
    what it held besides (a title, a game's key)."""
    path = tmp_path / "h.yaml"
    first = LiveSession.new("scopa", ["You", "Ada"], "You", "french", path)
    first.enter("2C 4H 5S QD")
    first.enter("undo")  # the session made the file: undoing its table removes it
    assert not path.exists()
    first.enter("2C 4H 5S QD")
    again = LiveSession.resume(path, "You")
    with pytest.raises(LiveError, match="undo stops at it, so as not to delete the file"):
        again.enter("undo")
    assert path.exists() and again.table is not None
    again.enter("7D 7H AS")
    again.enter("undo")  # what this session typed can still be undone
    assert load_path(str(path))[0].table


@pytest.mark.parametrize("command", ["live", "play"])
def test_a_killed_session_says_where_it_is_saved_and_exits_130(
    tmp_path: Path, command: str
) -> None:
    """Found by an audit: ``play`` and ``live`` died silently on SIGTERM or SIGHUP (a closed
    terminal), exit -15, where ``train`` ends as on Ctrl-C: now they too say where the game
    is saved, exit 130, and a save the signal came during ends first."""
    import subprocess
    import sys
    import time

    save = tmp_path / "h.yaml"
    args = (
        ["live", "--players", "You,Ada", "--as", "You", "--ruleset", "scopa", "--deck", "french"]
        if command == "live"
        else ["play", "--ruleset", "scopa", "--seed", "3", "--workers", "1", "--no-board"]
    )
    first = "2C 4H 5S QD\n" if command == "live" else ""
    with subprocess.Popen(
        [sys.executable, "-m", "tutor", *args, "--save", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=ROOT, env={**os.environ, "NO_COLOR": "1"},
    ) as proc:  # fmt: skip
        assert proc.stdin is not None
        proc.stdin.write(first)
        proc.stdin.flush()
        deadline = time.monotonic() + 60
        while not save.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # waiting for the next line now
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and str(save) in err and "--resume" in err
    assert load_path(str(save))


@pytest.mark.parametrize("new", [False, True])
def test_a_save_syncs_its_folder_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, new: bool
) -> None:
    """Kill audit (stop 57): the temporary file was synced, not the folder's entry for the
    name it is given, so after a power cut the last save could fall back to the one before.
    The folder is synced after the file is in place."""
    folder = os.stat(tmp_path)
    synced: list[tuple[str, bool]] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        path = tmp_path / "hand.yaml"
        synced.append(("folder" if (st.st_dev, st.st_ino) == (folder.st_dev, folder.st_ino)
                       else "file", path.exists()))  # fmt: skip
        real(fd)

    monkeypatch.setattr(recordfile.os, "fsync", fsync)
    save_atomically(tmp_path / "hand.yaml", "players: [A, B]\n", new=new)
    assert synced[0] == ("file", False) and synced[-1] == ("folder", True)
