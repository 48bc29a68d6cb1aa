"""The shipped puzzles load, and the solver finds their single best move."""

from pathlib import Path

import pytest

from tutor.records.recordfile import load_path
from tutor.search.solver import solve

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


@pytest.mark.parametrize(
    ("name", "best", "values"),
    [
        ("scopone-one-best-move.yaml", "4D x 4B", [1, -1, -1, -1, -1]),
        ("scopone-three-levels.yaml", "3D", [3, 1, -1, -1]),
    ],
)
def test_puzzle_has_one_best_move(name: str, best: str, values: list[int]) -> None:
    record = load_path(PUZZLES / name)[0]
    solution = solve(record.state_at(len(record.plays)))
    assert [m.value for m in solution.moves] == values
    assert solution.moves[0].move.text(record.style) == best
