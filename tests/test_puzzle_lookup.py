"""A puzzle file, or a shipped puzzle by name: the library's lookup (``tutor puzzle try``'s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.puzzles.format import (
    NoSuchHand,
    NoSuchPuzzle,
    PuzzleError,
    collection_dir,
    find_puzzle,
    load_puzzles,
)

NAME = "keep-the-table-above-ten"


def test_find_puzzle_takes_a_file_or_a_shipped_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """API audit (stop 57): the lookup lived in the command line only."""
    monkeypatch.chdir(tmp_path)
    shipped = collection_dir() / f"{NAME}.yaml"
    [expected] = load_puzzles(shipped)
    for given in (Path(NAME), Path(f"{NAME}.yaml"), shipped):
        assert find_puzzle(given).digest == expected.digest
    # a file of that name here is the user's, not the shipped one
    (tmp_path / f"{NAME}.yaml").write_text(shipped.read_text("utf-8"), encoding="utf-8")
    assert Path(find_puzzle(Path(f"{NAME}.yaml")).path) == Path(f"{NAME}.yaml")
    with pytest.raises(NoSuchPuzzle) as missing:
        find_puzzle(Path("keep-the-table-above-tn"))
    assert missing.value.close == (NAME,)
    assert str(missing.value) == (
        "keep-the-table-above-tn: no such file, and no shipped puzzle of that name "
        f"(did you mean {NAME}?)"
    )
    with pytest.raises(NoSuchHand) as beyond:
        find_puzzle(Path(NAME), 3)
    assert (beyond.value.hand, beyond.value.count) == (3, 1)
    assert beyond.value.problem == "the file holds 1 puzzle"
    (tmp_path / "folder").mkdir()
    with pytest.raises(PuzzleError, match="a folder: give one puzzle file"):
        find_puzzle(Path("folder"))
