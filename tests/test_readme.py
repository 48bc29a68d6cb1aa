"""The README's Python examples run as doctests, and its opening stays the two commands."""

from __future__ import annotations

import doctest

from helpers import ROOT, python_blocks

README = ROOT / "README.md"


def test_python_blocks_finds_each_fenced_block() -> None:
    text = "intro\n```python\n>>> 1 + 1\n2\n```\n\n```sh\nmake\n```\n```python\n>>> 3\n3\n```\n"
    assert python_blocks(text) == [(2, ">>> 1 + 1\n2\n"), (10, ">>> 3\n3\n")]


def test_the_readme_opens_with_make_demo_and_make_test() -> None:
    assert README.read_text("utf-8").startswith("```sh\nmake demo\nmake test\n```\n")


def test_the_readme_library_examples_run() -> None:
    text = README.read_text("utf-8")
    blocks = python_blocks(text)
    assert blocks, "the README has no ```python example"
    assert "## Use it as a library" in text
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    examples = 0
    for line, block in blocks:
        test = parser.get_doctest(block, globs, f"README.md:{line + 1}", str(README), line)
        examples += len(test.examples)
        runner.run(test, clear_globs=False)
    assert examples >= 10
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} README example(s) failed; see the output above"


def test_the_readme_and_make_demo_say_how_to_run_the_installed_command() -> None:
    """Bug: after ``make demo``, ``tutor replay ...`` gave "command not found": the README
    never said how to run the command installed in .venv."""
    text = README.read_text("utf-8")
    tour = text[text.index("## A tour of the command line") :]
    assert tour.index(".venv/bin/tutor") < tour.index("tutor replay")
    assert ". .venv/bin/activate" in tour
    demo = (ROOT / "Makefile").read_text("utf-8").split("\ndemo:")[1].split("\n\n")[0]
    last = demo.strip().splitlines()[-1]
    assert last.lstrip().startswith("@echo") and "$(BIN)/tutor --help" in last


def test_the_readme_names_every_bench_table_that_shows_json_keys() -> None:
    """Bench audit (stop 57): the README listed the bench tables that name each figure by its
    JSON key and left out ``puzzles``. Every command that prints its figures with the plain
    figures table is listed (``tune`` names its figures in words)."""
    import ast

    tree = ast.parse((ROOT / "tutor" / "cli" / "bench.py").read_text("utf-8"))
    keyed = set()
    for func in tree.body:
        if not isinstance(func, ast.FunctionDef):
            continue
        for deco in func.decorator_list:
            if not (isinstance(deco, ast.Call) and ast.unparse(deco.func) == "bench_app.command"):
                continue
            calls = {ast.unparse(c.func) for c in ast.walk(func) if isinstance(c, ast.Call)}
            if calls & {"_show_figures", "_run_several"}:
                keyed.add(ast.literal_eval(deco.args[0]))
    text = " ".join(README.read_text("utf-8").split())
    listed = text.split("The tables of the simple benchmarks (", 1)[1].split(")", 1)[0]
    assert {name.strip(" `") for name in listed.split(",")} == keyed - {"tune"}
