"""The wheel works when installed: package data ships, commands run from any directory.

Builds the wheel from a copy of the checkout, installs it into a fresh virtual environment
outside the checkout and runs ``tutor`` there, from an empty directory. Offline and quick: the
wheel is built without build isolation, installed without its dependencies, and the new
environment borrows typer, rich, pyyaml and networkx from this one through a ``.pth`` line, which
``site`` puts on ``sys.path`` after the wheel's own files, so the ``tutor`` imported there is the
wheel's, never the editable checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import GOLDEN, ROOT, python_blocks

from tutor.records.recordfile import load_path

PACKAGE = ROOT / "tutor"

# What a checkout has that is not part of the source tree a wheel is built from.
NOT_SOURCE = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".*_cache")
NOT_SOURCE += (".hypothesis",)


@dataclass(frozen=True)
class Installed:
    """A wheel installed in a fresh virtual environment, and an empty directory to run from."""

    wheel: Path
    venv: Path
    cwd: Path

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run a program of the new environment's ``bin`` from the empty directory."""
        program = self.venv / "bin" / args[0]
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
        env.update(NO_COLOR="1", COLUMNS="200", TUTOR_DEBUG="1")
        return subprocess.run(
            [str(program), *args[1:]],
            cwd=self.cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    def tutor(self, *args: str) -> str:
        """``tutor ARGS`` in the new environment; its stdout, after checking it succeeded."""
        result = self.run("tutor", *args)
        assert result.returncode == 0, f"tutor {' '.join(args)}: {result.stderr}"
        return result.stdout


def shipped_files() -> list[str]:
    """Every file of the package in the checkout, as a path inside the wheel."""
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in PACKAGE.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )


def build_wheel(dest: Path) -> Path:
    """Build the wheel from a copy of the checkout (a stale ``build/`` there cannot leak in)."""
    source = dest / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q"]
        + ["--wheel-dir", str(dest / "dist"), str(source)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = (dest / "dist").glob("scopone_tutor-*.whl")
    return wheel


def make_venv(venv: Path, wheel: Path) -> None:
    """A new environment holding the wheel; the dependencies come from this environment."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    subprocess.run(
        [*pip, "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # A .pth line is appended to sys.path after the site directory holding the wheel's files,
    # and .pth files in the borrowed directory are not run: the editable finder stays out.
    ours = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    Path(site, "borrowed-dependencies.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(base)
    venv = base / "venv"
    make_venv(venv, wheel)
    cwd = base / "elsewhere"
    cwd.mkdir()
    return Installed(wheel, venv, cwd)


def test_the_wheel_holds_every_file_of_the_package(installed: Installed) -> None:
    """Modules and package data alike: the rulesets, the example records and what comes next."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    expected = shipped_files()
    assert "tutor/game/rulesets/scopa.yaml" in expected
    assert "tutor/records/examples/seed003-scopa.yaml" in expected
    assert [f for f in expected if f not in names] == []
    assert any(n.endswith(".dist-info/entry_points.txt") for n in names)


def test_the_installed_tutor_is_the_wheels_and_finds_its_data(installed: Installed) -> None:
    script = (
        "import json, tutor, tutor.bench.common as b, tutor.game.rules as r\n"
        "print(json.dumps({'file': tutor.__file__, 'rulesets': r.ruleset_names(),\n"
        "    'default_record': str(b.DEFAULT_RECORD), 'exists': b.DEFAULT_RECORD.is_file()}))\n"
    )
    result = installed.run("python", "-c", script)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    venv = installed.venv.resolve()
    assert Path(found["file"]).resolve().is_relative_to(venv), found["file"]
    assert not Path(found["file"]).resolve().is_relative_to(ROOT)
    assert sorted(found["rulesets"]) == sorted(p.stem for p in PACKAGE.glob("game/rulesets/*.yaml"))
    assert Path(found["default_record"]).resolve().is_relative_to(venv)
    assert found["exists"]


def test_tutor_rules_lists_every_shipped_ruleset(installed: Installed) -> None:
    out = installed.tutor("rules")
    names = sorted(p.stem for p in PACKAGE.glob("game/rulesets/*.yaml"))
    assert len(names) >= 6
    listed = {line.split()[0] for line in out.splitlines() if line.strip()}
    assert [n for n in names if n not in listed] == []
    assert "scopone-scientifico" in installed.tutor("rules", "scopone-scientifico")


def test_tutor_replay_of_a_shipped_example_prints_the_score(installed: Installed) -> None:
    """The failing command of issue 7, from a directory that is not the checkout."""
    record = installed.cwd / "docs" / "examples" / "seed003-scopa.yaml"
    record.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(PACKAGE / "records" / "examples" / "seed003-scopa.yaml", record)
    out = installed.tutor("replay", "docs/examples/seed003-scopa.yaml")
    golden = (GOLDEN / "replay-seed003-scopa.txt").read_text(encoding="utf-8")
    score = golden[golden.index("Score of the hand") :]
    assert score.splitlines()[-1].startswith("total")
    assert out.endswith(score)
    as_json = installed.tutor("replay", "docs/examples/seed003-scopa.yaml", "--json")
    assert json.loads(as_json) == json.loads((GOLDEN / "seed003-scopa.json").read_text("utf-8"))


def test_the_installed_tutor_speaks_italian(installed: Installed) -> None:
    """The compiled catalogue ships in the wheel and is found there (issue 13)."""
    assert "tutor/locale/it/LC_MESSAGES/tutor.mo" in shipped_files()
    out = installed.tutor("--lang", "it", "rules", "scopa")
    assert "Giocatori: 2 giocatori" in out, out


def test_the_benchmark_reads_its_default_record_from_the_wheel(installed: Installed) -> None:
    figures = json.loads(installed.tutor("bench", "tracker", "--repeat", "1", "--json"))
    assert Path(figures["file"]).resolve().is_relative_to(installed.venv.resolve())
    (record,) = load_path(PACKAGE / "records" / "examples" / "scopone-hand.yaml")
    assert figures["plays"] == len(record.plays) > 0


def test_the_readme_library_examples_run_against_the_wheel(installed: Installed) -> None:
    """The README's promise: the examples work from any directory once the package is installed."""
    readme = (ROOT / "README.md").read_text("utf-8")
    examples = installed.cwd / "readme-examples.txt"
    examples.write_text("\n".join(block for _, block in python_blocks(readme)), encoding="utf-8")
    result = installed.run("python", "-m", "doctest", examples.name)
    assert result.returncode == 0, result.stdout + result.stderr
