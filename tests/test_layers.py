"""The import contracts of ``make lint`` can fail: a planted forbidden import breaks them.

Each test copies the package to a temporary directory, plants one import there, and runs
``lint-imports`` with the project's own contracts on the copy (``PYTHONPATH`` points at it, so
the checkout is never touched).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
CONTRACTS: list[dict[str, Any]] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))[
    "tool"
]["importlinter"]["contracts"]


def contract(kind: str, **having: str) -> str:
    """The name of the one contract of type ``kind`` whose list fields hold the given values."""
    found = [
        c["name"]
        for c in CONTRACTS
        if c["type"] == kind and all(v in c.get(k, []) for k, v in having.items())
    ]
    assert len(found) == 1, (kind, having, found)
    return found[0]


LAYERS = contract("layers")
NO_RICH_BELOW_RENDER = contract(
    "forbidden", source_modules="tutor.counting", forbidden_modules="rich"
)
ONE_HOME_FOR_YAML = contract("forbidden", forbidden_modules="yaml")
ONE_HOME_FOR_NETWORKX = contract("forbidden", forbidden_modules="networkx")


def lint(tmp_path: Path, plant: dict[str, str]) -> tuple[int, dict[str, str], str]:
    """Run lint-imports on a copy of the package with ``plant`` (module file -> line) added.

    Returns the exit code, each contract's verdict (KEPT or BROKEN) and the whole report.
    """
    shutil.copytree(
        ROOT / "tutor", tmp_path / "tutor", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for module, line in plant.items():
        path = tmp_path / module
        path.write_text(path.read_text("utf-8") + f"\n{line}  # planted\n", encoding="utf-8")
    assert LINT_IMPORTS.exists(), "lint-imports is missing: install the lint extra (make test does)"
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "400"}
    result = subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", "pyproject.toml"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = result.stdout + result.stderr
    verdicts = {
        m["name"]: m["verdict"]
        for m in re.finditer(
            r"^(?P<name>.+) (?P<verdict>KEPT|BROKEN)(?: \(\d+ ignored imports?\))?$",
            report,
            re.MULTILINE,
        )
    }
    return result.returncode, verdicts, report


def test_the_unmodified_package_keeps_every_contract(tmp_path: Path) -> None:
    code, verdicts, report = lint(tmp_path, {})
    assert code == 0, report
    assert verdicts == {c["name"]: "KEPT" for c in CONTRACTS}


@pytest.mark.parametrize(
    ("module", "line", "broken", "named"),
    [
        ("tutor/game/cards.py", "import tutor.cli", LAYERS, "tutor.game.cards -> tutor.cli"),
        (
            "tutor/counting/tracker.py",
            "import rich",
            NO_RICH_BELOW_RENDER,
            "tutor.counting.tracker -> rich",
        ),
        (
            "tutor/records/record.py",
            "import yaml",
            ONE_HOME_FOR_YAML,
            "tutor.records.record -> yaml",
        ),
        (
            "tutor/counting/inference.py",
            "import networkx",
            ONE_HOME_FOR_NETWORKX,
            "tutor.counting.inference -> networkx",
        ),
    ],
    ids=[
        "game-imports-cli",
        "counting-imports-rich",
        "record-model-imports-yaml",
        "inference-imports-networkx",
    ],
)
def test_a_planted_forbidden_import_fails_and_names_the_contract(
    tmp_path: Path, module: str, line: str, broken: str, named: str
) -> None:
    code, verdicts, report = lint(tmp_path, {module: line})
    assert code != 0, report
    assert verdicts[broken] == "BROKEN", report
    assert named in report
    if broken != LAYERS:
        assert verdicts[LAYERS] == "KEPT", report
