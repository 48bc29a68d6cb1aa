"""The review's benchmarks: its speed at the default settings (``bench review``), how often
it flags planted missed scopas (:func:`bench_planted`), and how true its verdicts are against
a reference review of the same hand (``bench verdicts``, :class:`VerdictCoverage`)."""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from tutor.bench.common import DEFAULT_RECORD, BenchError, Figures, _hand_of, register
from tutor.counting.style import StylePriors
from tutor.game.i18n import _
from tutor.game.rules import load_ruleset
from tutor.records.record import HandRecord
from tutor.records.recordfile import load_path
from tutor.review.defaults import DEFAULT_SAMPLES, DEFAULT_TIME
from tutor.review.judge import CLASSES, Judgement, Settings, classify, json_number
from tutor.review.planted import plant_missed_scopa
from tutor.review.review import Review, review_record
from tutor.search.analysis import Progress, run_parallel
from tutor.training.play import FEEDBACK

__all__ = [
    "SEED003_RECORD",
    "bench_review",
    "bench_planted",
    "JUDGES",
    "REFERENCE_SEED",
    "Verdict",
    "SummaryBounds",
    "VerdictCoverage",
    "bench_verdicts",
    "verdict_holds",
]


SEED003_RECORD = Path(str(resources.files("tutor.records") / "examples" / "seed003-scopa.yaml"))
"""The scopa hand ``bench review`` times (seed 003's worked example)."""


@register("review")
def bench_review(
    repeat: int = 3,
    workers: int = 2,
    samples: int = DEFAULT_SAMPLES,
    time_budget: float = DEFAULT_TIME,
    planted: int = 0,
    seed: int = 0,
) -> Figures:
    """Seconds for ``tutor review`` at the default settings (issue 9's targets: one scopone
    player under 30 s, every scopone player under 90 s, one scopa player under 10 s), the
    samples the defaults draw, and with ``planted`` N the planted-missed-scopa rates.
    """
    cases = (
        ("scopone_player", DEFAULT_RECORD, ["South"]),
        ("scopone_all", DEFAULT_RECORD, None),
        ("scopa_player", SEED003_RECORD, ["You"]),
    )
    settings = Settings(samples=samples, time=time_budget, seed=seed, workers=workers)
    out: Figures = {"repeat": repeat, "workers": workers, "samples_cap": samples,
                    "time_per_decision": time_budget}  # fmt: skip
    for name, path, players in cases:
        record = load_path(path)[0]
        chosen = list(record.players) if players is None else players
        times: list[float] = []
        drawn: list[int] = []
        timed_out = decisions = 0
        for _i in range(repeat):
            start = time.perf_counter()
            review = review_record(record, chosen, settings=settings)
            if review.interrupted:  # the review keeps what Ctrl-C left: no timing of it
                out["interrupted"] = True  # the cases and runs finished stand (audit, stop 53)
                break
            times.append(time.perf_counter() - start)
            sampled = [d.judgement for d in review.decisions if not d.judgement.exact]
            drawn = [j.samples for j in sampled if j.samples]
            timed_out = sum(1 for j in sampled if j.stopped == "time")
            decisions = len(review.decisions)
        if times:  # none when Ctrl-C cut the case's first run
            out[f"{name}_decisions"] = decisions
            out[f"{name}_median_seconds"] = round(statistics.median(times), 2)
            out[f"{name}_mean_samples"] = round(statistics.mean(drawn), 1) if drawn else 0
            out[f"{name}_time_stopped"] = timed_out
            out[f"{name}_runs"] = [round(t, 2) for t in times]
        if out.get("interrupted"):
            break
    if planted and not out.get("interrupted"):
        out.update(bench_planted("scopa", planted, settings))
    return out


def bench_planted(ruleset: str, hands: int, settings: Settings) -> Figures:
    """Review ``hands`` planted missed scopas of ``ruleset`` (only the planted play): how often
    ``missed-scopa`` is flagged and how often the play is classed a mistake or a blunder."""
    rules = load_ruleset(ruleset)
    counts: dict[str, int] = {}
    flagged = severe = found = 0
    seed = 0
    while found < hands:
        p = plant_missed_scopa(rules, seed)
        seed += 1
        if p is None:
            continue
        found += 1
        mover = p.record.players[p.record.state_at(p.play - 1).turn]
        review = review_record(p.record, [mover], settings=settings, plays=[p.play])
        if review.interrupted:
            raise KeyboardInterrupt
        (d,) = review.decisions
        cls = d.judgement.classification
        counts[cls] = counts.get(cls, 0) + 1
        flagged += any(o.code == "missed-scopa" for o in d.observations)
        severe += cls in ("mistake", "blunder")
    return {
        f"planted_{ruleset}": hands,
        f"planted_{ruleset}_flagged": round(flagged / hands, 3),
        f"planted_{ruleset}_mistake_or_blunder": round(severe / hands, 3),
        f"planted_{ruleset}_classes": ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
    }


_CLOSE = 1e-9
"""Costs closer than this are equal (they are sums of floating-point values)."""
REFERENCE_SEED = 987_654
"""The seed of :func:`bench_verdicts`' reference review: far from the runs' seeds 0, 1, 2, ...,
so that no decision of the reference draws the deals of a run's."""


JUDGES: dict[str, Settings] = {"review": Settings(), "play": FEEDBACK}
"""The judges ``tutor bench verdicts`` checks: ``tutor review`` at its default settings, and
the quick look ``tutor play`` gives each of the person's plays (:data:`FEEDBACK`), here with
one process a run where ``tutor play`` uses every core (so each run samples fewer deals in
its time than the game would: the measure errs on the strict side)."""


@dataclass(frozen=True)
class Verdict:
    """One decision's verdict as a review gave it: the play, the player and the judgement,
    without the moves' values and gaps, which the comparison does not read (they would cross
    between processes for nothing)."""

    play: int
    player: str
    judgement: Judgement


@dataclass(frozen=True)
class SummaryBounds:
    """One player's points lost and accuracy, each with its 95% interval, as a review gave them."""

    points_lost: float
    points_lost_low: float
    points_lost_high: float
    accuracy: float | None
    accuracy_low: float | None
    accuracy_high: float | None


def _verdicts(review: Review) -> tuple[list[Verdict], dict[str, SummaryBounds]]:
    verdicts = [
        Verdict(d.play, d.player, replace(d.judgement, moves=(), gaps={}, analysis=None, line=()))
        for d in review.decisions
    ]
    summary = {}
    for name, s in review.summary().items():
        acc_low, acc_high = s.accuracy_bounds or (None, None)
        low, high = s.points_lost_bounds
        summary[name] = SummaryBounds(s.points_lost, low, high, s.accuracy, acc_low, acc_high)
    return verdicts, summary


def _review_run(
    record: HandRecord, hand: int, players: list[str] | None, settings: Settings
) -> tuple[list[Verdict], dict[str, SummaryBounds]]:
    """One run of :func:`bench_verdicts` (in a worker): ``record``, hand ``hand`` of its file,
    reviewed with ``settings`` (the record is passed, not read again from the file each run)."""
    review = review_record(record, players, settings=settings, hand=hand)
    if review.interrupted:
        raise KeyboardInterrupt
    return _verdicts(review)


def _side(value: float, low: float, high: float) -> str:
    """Where ``value`` lies against an interval: ``below`` it, ``above`` it, or ``held``."""
    if value < low - _CLOSE:
        return "below"
    return "above" if value > high + _CLOSE else "held"


def _class_order(classification: str) -> int:
    """A class's place from the mildest: ``best`` 1, ..., ``blunder`` 5 (``forced`` 0)."""
    return CLASSES.index(classification)


def verdict_holds(verdict: Judgement, reference: float) -> bool:
    """Whether a verdict is right about a reference cost: a certain class that the reference
    shares, or an uncertain one whose span of classes holds the reference's.

    >>> from tutor.game.state import Move
    >>> def verdict(low: float, high: float, cls: str, uncertain: bool) -> Judgement:
    ...     return Judgement(Move(1), Move(2), (low + high) / 2, low, high, cls, uncertain,
    ...                      False, 200, (), "samples")
    >>> v = verdict(0.21, 0.45, "inaccuracy", False)
    >>> verdict_holds(v, 0.25), verdict_holds(v, 0.15)
    (True, False)
    >>> u = verdict(0.1, 0.6, "good", True)  # good to mistake
    >>> verdict_holds(u, 0.55), verdict_holds(u, 1.2)
    (True, False)
    """
    got = _class_order(classify(reference))
    low = _class_order(verdict.classification)
    high = _class_order(classify(verdict.high)) if verdict.uncertain else low
    return low <= got <= high


@dataclass
class VerdictCoverage:
    """How often the review's verdicts hold against a reference review of the same hand.

    The reference values every move of every decision on ``reference_samples`` deals (one
    round, no move dropped, no time limit); each run is a review at the default settings with
    its own seed. For each sampled decision of each run: does its 95% interval hold the
    reference cost, and does its class (or, when uncertain, its span of classes) hold the
    reference's class? The reference has its own sampling error: a miss is counted *for sure*
    only when the reference's own interval lies wholly outside the run's (or outside the
    class). The players' summaries (points lost, accuracy) are checked the same way.
    """

    record: str
    hand: int
    ruleset: str
    players: list[str]
    seed: int
    reference_samples: int
    samples: int
    time_per_decision: float | None
    judge: str = "review"
    reference: list[Verdict] = field(default_factory=list)
    reference_summary: dict[str, SummaryBounds] = field(default_factory=dict)
    runs: list[tuple[list[Verdict], dict[str, SummaryBounds]]] = field(default_factory=list)
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        ref = {v.play: v for v in self.reference}
        # by play, how its cases went; the decisions' totals are the sums over the plays
        counts: dict[int, Counter[str]] = {}
        costs: dict[int, list[float]] = {}
        exact = 0
        lean: list[float] = []
        widths: list[float] = []
        for verdicts, _summary in self.runs:
            for verdict in verdicts:
                found = ref.get(verdict.play)
                v = verdict.judgement
                if found is None or v.classification == "forced":
                    continue
                r = found.judgement
                if v.exact:
                    exact += 1
                    continue
                c = counts.setdefault(verdict.play, Counter())
                c["runs"] += 1
                costs.setdefault(verdict.play, []).append(v.cost)
                lean.append(v.cost - r.cost)
                if math.isfinite(v.high):
                    widths.append(v.high - v.low)
                c[_side(r.cost, v.low, v.high)] += 1
                c["missed_for_sure"] += r.high < v.low - _CLOSE or r.low > v.high + _CLOSE
                right = verdict_holds(v, r.cost)
                if v.uncertain:
                    c["uncertain"] += 1
                    c["span_held"] += right
                    continue
                c["decided"] += 1
                if not right:
                    c["decided_wrong"] += 1
                    cls = _class_order(v.classification)
                    c["harsher"] += cls > _class_order(classify(r.cost))
                    # the reference's whole interval outside the class: wrong for sure
                    sure = (
                        _class_order(classify(r.high)) < cls or _class_order(classify(r.low)) > cls
                    )
                    c["wrong_for_sure"] += sure
        total: Counter[str] = sum(counts.values(), Counter())
        judged, decided, wrong = total["runs"], total["decided"], total["decided_wrong"]

        def share(k: int, n: int) -> float | None:
            return round(k / n, 4) if n else None

        by_play = []
        for play in sorted(counts):
            r, c = ref[play].judgement, counts[play]
            by_play.append({
                "play": play, "player": ref[play].player,
                "reference": {"cost": round(r.cost, 4), "low": round(r.low, 4),
                              "high": json_number(r.high), "class": classify(r.cost)},
                **{key: c[key] for key in ("runs", "held", "below", "above", "decided",
                                           "decided_wrong", "wrong_for_sure")},
                "held_share": share(c["held"], c["runs"]),
                "mean_cost": round(statistics.mean(costs[play]), 4),
            })  # fmt: skip
        summary = {}
        for name, r_s in self.reference_summary.items():
            mine = [s[name] for _v, s in self.runs if name in s]
            lost = [s.points_lost for s in mine]
            lost_sides = Counter(
                _side(r_s.points_lost, s.points_lost_low, s.points_lost_high) for s in mine
            )
            accuracy: list[float] = []
            acc_sides: Counter[str] = Counter()
            for s in mine:
                if s.accuracy is None or s.accuracy_low is None or s.accuracy_high is None:
                    continue
                accuracy.append(s.accuracy)
                if r_s.accuracy is not None:
                    acc_sides[_side(r_s.accuracy, s.accuracy_low, s.accuracy_high)] += 1
            summary[name] = {
                "points_lost_reference": round(r_s.points_lost, 4),
                "points_lost_mean": round(statistics.mean(lost), 4) if lost else None,
                "points_lost_held": share(lost_sides["held"], len(mine)),
                "points_lost_reference_below": lost_sides["below"],
                "points_lost_reference_above": lost_sides["above"],
                "accuracy_reference": None if r_s.accuracy is None else round(r_s.accuracy, 2),
                "accuracy_mean": round(statistics.mean(accuracy), 2) if accuracy else None,
                "accuracy_held": None
                if r_s.accuracy is None
                else share(acc_sides["held"], len(accuracy)),
                "accuracy_reference_below": acc_sides["below"],
                "accuracy_reference_above": acc_sides["above"],
            }
        return {
            "record": self.record,
            "hand": self.hand,
            "ruleset": self.ruleset,
            "players": self.players,
            "runs": len(self.runs),
            "seed": self.seed,
            "reference_samples": self.reference_samples,
            "reference_seed": REFERENCE_SEED,
            "judge": self.judge,
            "samples": self.samples,
            "time_per_decision": self.time_per_decision,
            "decisions": {
                "sampled": judged,
                "exact": exact,
                "interval_held": share(total["held"], judged),
                "reference_below": share(total["below"], judged),
                "reference_above": share(total["above"], judged),
                "missed_for_sure": total["missed_for_sure"],
                "decided": decided,
                "decided_right": share(decided - wrong, decided),
                "decided_wrong_for_sure": total["wrong_for_sure"],
                "decided_harsher": total["harsher"],
                "decided_milder": wrong - total["harsher"],
                "uncertain": total["uncertain"],
                "uncertain_span_held": share(total["span_held"], total["uncertain"]),
                "cost_lean": round(statistics.mean(lean), 4) if lean else None,
                "mean_width": round(statistics.mean(widths), 4) if widths else None,
            },
            "by_play": by_play,
            "summary": summary,
            "interrupted": self.interrupted,
        }


def bench_verdicts(
    path: str | Path = SEED003_RECORD,
    players: Sequence[str] | None = None,
    runs: int = 40,
    reference_samples: int = 3000,
    seed: int = 0,
    workers: int = 2,
    progress: Progress | None = None,
    hand: int = 1,
    styles: StylePriors | None = None,
    judge: str = "review",
) -> VerdictCoverage:
    """Review hand ``hand`` of ``path`` (``players``, default all) ``runs`` times with the
    ``judge``'s settings (:data:`JUDGES`: ``tutor review``'s, or the quick look ``tutor play``
    gives each of the person's plays), with the seeds ``seed``, ``seed + 1``, ..., and compare
    every verdict
    with a reference review that samples ``reference_samples`` deals a decision
    (:class:`VerdictCoverage`; ``docs/review.md``, "How we know the review is right").
    ``styles``, the players' styles known before the hand, go to both as they go to
    ``tutor review``. The reference is reviewed first, with ``workers`` processes; then the
    runs, one a process. Like any review, a run whose decisions stop on the time budget
    depends on the machine.
    """
    if runs < 1:
        raise BenchError(_("runs must be at least 1, not {n}").format(n=runs), "--runs")
    if judge not in JUDGES:
        raise BenchError(
            _("unknown judge {name!r}; choose from {names}").format(
                name=judge, names=", ".join(JUDGES)
            ),
            "--judge",
        )
    base = JUDGES[judge]
    if reference_samples < 2 * DEFAULT_SAMPLES:
        raise BenchError(
            _(
                "the reference must sample at least {least} deals a decision (twice the "
                "review's {samples}), not {n}"
            ).format(least=2 * DEFAULT_SAMPLES, samples=DEFAULT_SAMPLES, n=reference_samples),
            "--reference-samples",
        )
    if seed <= REFERENCE_SEED < seed + runs:  # a run would draw the reference's deals
        raise BenchError(
            _("the runs' seeds {first} to {last} take in the reference's {seed}").format(
                first=seed, last=seed + runs - 1, seed=REFERENCE_SEED
            ),
            "--seed",
        )
    record = _hand_of(path, hand)
    chosen = list(record.players) if not players else list(players)
    # one progress bar for both parts: the reference's decisions, then one step a run
    first = (lambda done, total: progress(done, total + runs)) if progress else None
    reference = review_record(record, chosen, progress=first, settings=Settings(
        samples=reference_samples, first_round=reference_samples, time=None, prune=False,
        seed=REFERENCE_SEED, workers=workers, styles=styles,
    ), hand=hand)  # fmt: skip
    names = [record.players[s] for s in reference.seats]
    out = VerdictCoverage(str(path), hand, record.ruleset.name, names, seed, reference_samples,
                          base.samples, base.time, judge)  # fmt: skip
    out.reference, out.reference_summary = _verdicts(reference)
    if reference.interrupted:
        out.interrupted = True
        return out
    args = [(record, hand, names, replace(base, seed=seed + k, styles=styles)) for k in range(runs)]
    steps = len(reference.decisions)
    then = (lambda done, total: progress(steps + done, steps + total)) if progress else None
    done, stop = run_parallel(_review_run, args, workers, then)
    out.runs = done
    out.interrupted = stop == "interrupt"
    return out
