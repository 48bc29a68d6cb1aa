"""Memory over a long run in one process (stop 60): a review of sixteen scopone files with one
worker peaked at 1.2 GB, every decision keeping its sampling run and every cache counted in
entries alone. A review keeps its verdicts; each cache holds about CACHE_BYTES at most; and
a hand reviews alike whatever came before it in the process, caches full or not."""

from __future__ import annotations

import gc
import random
import sys
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import example

from tutor.counting import style as style_module
from tutor.game import captures
from tutor.game.budget import CACHE_BYTES
from tutor.game.rules import load_ruleset
from tutor.game.state import GameState
from tutor.records.record import HandRecord
from tutor.records.recordfile import load_path
from tutor.review.judge import Settings
from tutor.review.review import Review, review_record
from tutor.search import analysis
from tutor.search import solver as solver_module
from tutor.search.solver import Solver, random_position

SMALL = Settings(samples=8, time=None, workers=1)
"""No time limit: the same deals every run, whatever the speed."""


def _record(name: str) -> HandRecord:
    return load_path(str(example(name)))[0]


def _forget() -> None:
    """Every per-process cache of the engine emptied: a process as it starts."""
    captures.clear_cache()
    style_module._GAINS.clear()
    analysis._SOLVED.clear()
    solver_module._SOLVERS.clear()


def _review(record: HandRecord, plays: range) -> Review:
    return review_record(record, [record.players[0]], settings=SMALL, plays=plays)


def _bytes(obj: object, seen: set[int]) -> int:
    """The bytes of ``obj`` and the containers and numbers in it (each counted once; other
    objects, such as a ruleset a key names, are shared and not counted)."""
    total = 0
    todo = [obj]
    while todo:
        x = todo.pop()
        if id(x) in seen or not isinstance(x, (dict, tuple, list, int, float)):
            continue
        seen.add(id(x))
        total += sys.getsizeof(x)
        if isinstance(x, dict):
            todo += x.keys()
            todo += x.values()
        elif isinstance(x, (tuple, list)):
            todo += x
    return total


def _per_entry(cache: dict[Any, Any]) -> float:
    assert len(cache) > 500, len(cache)  # enough for a mean
    return _bytes(cache, set()) / len(cache)


def _tables(rules_name: str, seed: int) -> Iterator[int]:
    """The tables of hands played at random."""
    rng = random.Random(seed)
    rules = load_ruleset(rules_name)
    for _ in range(300):
        state = GameState.random(rules, rng)
        while not state.is_over():
            yield state.table
            state.push(rng.choice(state.legal_moves()))


def test_a_review_keeps_its_verdicts_not_its_sampling_runs() -> None:
    """Each decision kept its sampling run, sampler and all, about a megabyte: a review of
    many files grew by some 100 MB a file."""
    record = _record("scopone-hand.yaml")
    _review(record, range(1, 5))  # imports and first-use set-ups out of the measure
    _forget()
    gc.collect()
    tracemalloc.start()
    try:
        review = _review(record, range(1, 5))
        _forget()  # what the caches hold is theirs to bound (below), not the review's
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert review.decisions
    assert all(d.judgement.sampled is None for d in review.decisions)
    assert kept < 100_000 * len(review.decisions), kept


@pytest.mark.parametrize("rules_name", ["scopone-scientifico", "scopa"])
def test_the_capture_caches_stay_within_their_budget(rules_name: str) -> None:
    """400,000 capture tables took some 280 MB: the limit comes from the bytes of one."""
    captures.clear_cache()
    precedence = load_ruleset(rules_name).capture_precedence
    for table in _tables(rules_name, 1):
        captures.capture_table(table, precedence)
        captures.sweep_value(table, precedence)
    tables = _per_entry(captures._CACHE[precedence])
    sweeps = _per_entry(captures._SWEEPS[precedence])
    captures.clear_cache()
    assert tables <= captures.TABLE_BYTES and sweeps <= captures.SWEEP_BYTES, (tables, sweeps)
    assert captures._CACHE_LIMIT * tables <= CACHE_BYTES
    assert captures._SWEEPS_LIMIT * sweeps <= CACHE_BYTES


def test_the_solver_memos_stay_within_their_budget() -> None:
    """The capture lists of 200,000 tables took some 140 MB: each memo's limit comes from the
    bytes of one entry."""
    rules = load_ruleset("scopone-scientifico")
    solver = Solver(rules)
    rng = random.Random(5)
    for _ in range(40):
        solver.solve(random_position(rules, rng, 3))
    leaf, summary, caps = (_per_entry(m) for m in (solver._leaf, solver._summ, solver._caps))
    assert leaf <= solver_module.LEAF_BYTES, leaf
    assert summary <= solver_module.SUMMARY_BYTES, summary
    assert caps <= solver_module.CAPS_BYTES, caps
    assert solver_module.LEAF_MEMO_LIMIT * leaf <= CACHE_BYTES
    assert solver_module.MEMO_LIMIT * summary <= CACHE_BYTES
    assert solver_module.CAPS_MEMO_LIMIT * caps <= CACHE_BYTES


def test_the_exact_values_stay_within_their_budget() -> None:
    rules = load_ruleset("scopone-scientifico")
    rng = random.Random(6)
    analysis._SOLVED.clear()
    for _ in range(600):
        world = random_position(rules, rng, 2)
        analysis.exact_values(world, world.legal_moves())
    per = _per_entry(analysis._SOLVED)
    analysis._SOLVED.clear()
    assert per <= analysis.SOLVED_BYTES, per
    assert analysis._SOLVED_LIMIT * per <= CACHE_BYTES


def test_a_hand_reviews_alike_after_others_and_with_caches_starting_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The caches hold answers of pure functions: a hand's review is the same, seed for
    seed, in a fresh process, after another file's, and with every cache starting again
    after a few entries."""
    record = _record("scopone-hand.yaml")
    _forget()
    alone = _review(record, range(1, 9)).to_json()
    _review(_record("partial-view.yaml"), range(1, 9))
    after_another = _review(record, range(1, 9)).to_json()
    for module, limit in ((captures, "_CACHE_LIMIT"), (captures, "_SWEEPS_LIMIT"),
                          (solver_module, "LEAF_MEMO_LIMIT"), (solver_module, "MEMO_LIMIT"),
                          (solver_module, "CAPS_MEMO_LIMIT"), (analysis, "_SOLVED_LIMIT"),
                          (style_module, "GAIN_CACHE_LIMIT")):  # fmt: skip
        monkeypatch.setattr(module, limit, 16)
    trimmed = _review(record, range(1, 9)).to_json()
    assert after_another == alone
    assert trimmed == alone
