"""Benchmark results (``tutor bench``): the figures of a run, and the calibration views of the
endgame, the review's verdicts and the tracker's probabilities.
"""

from __future__ import annotations

import math
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from tutor.game.i18n import _, bounds, ngettext, number, pgettext
from tutor.records.record import shown_name
from tutor.render.safe import one_line
from tutor.render.terminal import _number_or_dash, new_table

__all__ = ["figures_table", "calibration_view"]


def figures_table(results: dict[str, dict[str, Any]], rich: bool = False) -> Table:
    """Benchmark results: one row per figure (per-run lists left out)."""
    out = new_table(_("benchmark"), _("figure"), _("value"), rich=rich)
    out.columns[2].justify = "right"
    for name, figures in results.items():
        first = True
        for key, value in figures.items():
            if isinstance(value, list):
                continue
            out.add_row(name if first else "", key, _figure(value))
            first = False
    return out


def _percent_or_dash(x: float | None) -> str:
    """An accuracy (0-100) as a percentage, as the review writes it (``81.8%``); ``-`` for
    none (JSON null).

    >>> _percent_or_dash(81.8), _percent_or_dash(None)
    ('81.8%', '-')
    """
    return "-" if x is None else number(x / 100, ".1%")


def _figure(value: Any) -> str:
    """A benchmark's figure as the language writes numbers (``0,152`` in Italian); its key
    stays the JSON's.

    >>> _figure(0.152), _figure(3), _figure(True), _figure("exact"), _figure(None)
    ('0.152', '3', 'True', 'exact', '-')
    """
    if value is None:  # nothing measured (JSON null)
        return "-"
    if isinstance(value, float):
        return number(value, "")
    return str(value)


def _interval_text(interval: list[float] | None) -> str:
    if interval is None:
        return ""
    lo, hi = interval
    return bounds(lo, hi, "+.3f")


def _bin_label(label: str) -> str:
    """A calibration bin's label (``0.3-0.4``, ``0``, ``1``: the JSON's) as the language writes
    its numbers (``0,3-0,4``)."""
    return "-".join(number(float(x), ".1f") if "." in x else x for x in label.split("-"))


def endgame_view(result: dict[str, Any], rich: bool = False) -> list[RenderableType]:
    """``tutor bench endgame``: each method's regret per choice near the end of a hand,
    against the best move for the true deal (``result`` is
    :meth:`tutor.bench.endgame.EndgameRegret.to_json`)."""
    methods: dict[str, Any] = result["methods"]
    base = next(iter(methods))
    lefts = list(next(iter(methods.values()))["by_plays_left"]) if methods else []
    out: list[RenderableType] = [
        Text(
            ngettext(
                "{ruleset}: {n} deal of {players}, played twice (seed {seed}); {positions} "
                "choices with at most {left} plays left, {samples} deals each.",
                "{ruleset}: {n} deals of {players}, played twice (seed {seed}); {positions} "
                "choices with at most {left} plays left, {samples} deals each.",
                result["deals"],
            ).format(
                ruleset=result["ruleset"],
                n=result["deals"],
                players=result["players"],
                seed=result["seed"],
                positions=result["positions"],
                left=result["plays_left"],
                samples=result["samples"],
            )
        )
    ]
    table = new_table(
        _("method"),
        _("regret per choice, 95%"),
        _("choices lost"),
        _("minus {method}, 95%").format(method=base),
        *lefts,
        rich=rich,
    )
    table.title = _("Points lost against the best move for the true deal")
    for col in table.columns[1:]:
        col.justify = "right"
    for name, entry in methods.items():
        regret = entry["regret"]
        diff = entry.get("minus_" + base)
        table.add_row(
            name,
            _mean_and_interval(regret),
            str(entry["positions_lost"]),
            _mean_and_interval(diff, "+.3f") if diff else "",
            *(_number_or_dash(entry["by_plays_left"][k], ".2f") for k in lefts),
        )
    out.append(table)
    if lefts:  # no choice judged: no such columns
        out.append(Text(_("The last columns: the mean regret by plays left.")))
    return out


def _mean_and_interval(iv: dict[str, Any], spec: str = ".3f") -> str:
    if iv["low"] is None or iv["high"] is None:
        return _number_or_dash(iv["mean"], spec)
    return f"{number(iv['mean'], spec)} {_interval_text([iv['low'], iv['high']])}"


def _held_and_misses(summary: dict[str, Any], figure: str) -> str:
    """``93.8% (0 / 5)``: how often a summary figure's interval held the reference, and how
    many runs it missed below and above."""
    held = summary[f"{figure}_held"]
    if held is None:
        return "-"
    below, above = summary[f"{figure}_reference_below"], summary[f"{figure}_reference_above"]
    return f"{number(held, '.1%')} ({below} / {above})"


def verdicts_view(result: dict[str, Any], rich: bool = False) -> list[RenderableType]:
    """``tutor bench verdicts``: how often the review's verdicts hold against a reference
    review (``result`` is :meth:`tutor.bench.review.VerdictCoverage.to_json`)."""
    from tutor.review.judge import class_name  # lazy: rules and replay start faster

    d = result["decisions"]
    if result.get("judge") == "play":
        header = ngettext(
            "{record} ({ruleset}), {players}: {n} run of tutor play's quick verdicts (seeds from "
            "{seed}), against a reference of {samples} deals a decision.",
            "{record} ({ruleset}), {players}: {n} runs of tutor play's quick verdicts (seeds "
            "from {seed}), against a reference of {samples} deals a decision.",
            result["runs"],
        )
    else:
        header = ngettext(
            "{record} ({ruleset}), {players}: {n} review at the default settings (seeds from "
            "{seed}), against a reference of {samples} deals a decision.",
            "{record} ({ruleset}), {players}: {n} reviews at the default settings (seeds from "
            "{seed}), against a reference of {samples} deals a decision.",
            result["runs"],
        )
    out: list[RenderableType] = [
        Text(
            header.format(
                record=one_line(result["record"]),
                ruleset=one_line(result["ruleset"]),
                players=one_line(", ".join(shown_name(p) for p in result["players"])),
                n=result["runs"],
                seed=result["seed"],
                samples=result["reference_samples"],
            )
        )
    ]
    table = new_table(_("sampled decisions"), _("figure"), rich=rich)
    table.title = _("Decisions (a decision of one review is one case)")
    table.columns[1].justify = "right"
    for label, value in (
        (_("cases"), str(d["sampled"])),
        (_("95% interval holds the reference cost"), _number_or_dash(d["interval_held"], ".1%")),
        (_("reference below the low end"), _number_or_dash(d["reference_below"], ".1%")),
        (_("reference above the high end"), _number_or_dash(d["reference_above"], ".1%")),
        (_("missed for sure (the reference's own interval outside)"), str(d["missed_for_sure"])),
        (_("certain classes"), str(d["decided"])),
        (_("certain classes the reference shares"), _number_or_dash(d["decided_right"], ".1%")),
        (_("certain classes wrong for sure"), str(d["decided_wrong_for_sure"])),
        (_("certain classes harsher than the reference's"), str(d["decided_harsher"])),
        (_("certain classes milder than the reference's"), str(d["decided_milder"])),
        (_("uncertain classes"), str(d["uncertain"])),
        (
            _("uncertain spans that hold the reference's class"),
            _number_or_dash(d["uncertain_span_held"], ".1%"),
        ),
        (_("mean cost minus the reference's"), _number_or_dash(d["cost_lean"], "+.3f")),
        (_("mean width of the interval"), _number_or_dash(d["mean_width"], ".3f")),
    ):
        table.add_row(label, value)
    out.append(table)
    table = new_table(
        _("play"),
        _("player"),
        _("reference, 95%"),
        _("its class"),
        _("held"),
        _("below / above"),
        _("certain (wrong, for sure)"),
        _("mean cost"),
        rich=rich,
    )
    table.title = _("By decision")
    for col in table.columns:
        col.justify = "right"
    table.columns[1].justify = "left"
    for row in result["by_play"]:
        ref = row["reference"]
        table.add_row(
            str(row["play"]),
            Text(one_line(shown_name(row["player"]))),
            f"{number(ref['cost'], '.3f')} "
            + bounds(ref["low"], math.inf if ref["high"] is None else ref["high"]),
            class_name(ref["class"]),
            _("{k} of {n}").format(k=row["held"], n=row["runs"]),
            f"{row['below']} / {row['above']}",
            f"{row['decided']} ({row['decided_wrong']}, {row['wrong_for_sure']})",
            number(row["mean_cost"], ".3f"),
        )
    out.append(table)
    out.append(
        Text(
            _(
                "held: runs whose 95% interval holds the reference cost; below / above: runs "
                "where the reference lies below the low end or above the high end; certain: runs "
                "that gave a class without doubt, how many of them the reference does not share, "
                "and how many its own interval lies wholly outside."
            )
        )
    )
    table = new_table(
        _("player"),
        _("points lost: reference"),
        _("mean"),
        _("interval held"),
        _("accuracy: reference"),
        _("mean"),
        _("interval held"),
        rich=rich,
    )
    table.title = _("Summary")
    for col in table.columns[1:]:
        col.justify = "right"
    for name, s in result["summary"].items():
        table.add_row(
            Text(one_line(shown_name(name))),
            number(s["points_lost_reference"], ".3f"),
            _number_or_dash(s["points_lost_mean"], ".3f"),
            _held_and_misses(s, "points_lost"),
            _percent_or_dash(s["accuracy_reference"]),
            _percent_or_dash(s["accuracy_mean"]),
            _held_and_misses(s, "accuracy"),
        )
    out.append(table)
    out.append(
        Text(_("(below / above): runs where the reference lies below the interval or above it."))
    )
    return out


def calibration_view(result: dict[str, Any], rich: bool = False) -> list[RenderableType]:
    """``tutor bench calibration``: the stated odds against the real deals, by bins, beside
    the odds on the facts alone (``result`` is
    :meth:`tutor.bench.calibration.Calibration.to_json`)."""
    out: list[RenderableType] = [
        Text(
            ngettext(
                "{ruleset}: {n} hand of {players} play (seed {seed}, trust in readings {trust}, "
                "{odds}), {positions} positions (a seat at a play).",
                "{ruleset}: {n} hands of {players} play (seed {seed}, trust in readings {trust}, "
                "{odds}), {positions} positions (a seat at a play).",
                result["hands"],
            ).format(
                ruleset=result["ruleset"],
                n=result["hands"],
                players=result["players"],
                seed=result["seed"],
                trust=number(result["trust"], ""),
                odds=(
                    _("the play model's odds")
                    if result.get("model") == "play"
                    else _("the tracker's odds")
                ),
                positions=number(result["positions"], ",d"),
            )
        )
    ]
    for key, what in (
        ("card", _("Per-card odds")),
        ("sweep", _("Sweep odds")),
        ("reading", _("Readings (P the player holds none of the value)")),
        ("tell", _("Tells (P the player holds one of the value now)")),
        ("style", _("Styles of play (P the player plays in that style)")),
    ):
        stated, facts = result[key], result[f"{key}_facts"]
        table = new_table(
            _("bin"),
            _("count"),
            _("stated"),
            _("observed"),
            _("observed - stated, 95%"),
            _("facts: count"),
            _("observed"),
            rich=rich,
        )
        table.title = what
        for col in table.columns[1:]:
            col.justify = "right"
        by_bin = {row["bin"]: row for row in facts["bins"]}
        for row in stated["bins"]:
            base = by_bin.pop(row["bin"], None)
            table.add_row(
                (
                    number(row["bin"], "")
                    if isinstance(row["bin"], float)
                    else _bin_label(str(row["bin"]))
                ),
                number(row["count"], ",d"),
                number(row["stated"], ".3f"),
                number(row["observed"], ".3f"),
                _interval_text(row.get("gap_interval")),
                number(base["count"], ",d") if base else "",
                number(base["observed"], ".3f") if base else "",
            )
        for label, base in by_bin.items():
            table.add_row(
                _bin_label(str(label)),
                "",
                "",
                "",
                "",
                number(base["count"], ",d"),
                number(base["observed"], ".3f"),
            )
        out.append(table)
        out.append(
            Text(
                ngettext(
                    "{what}: {n} case; Brier {brier} (facts alone {facts_brier}); mean stated "
                    "{stated}, observed {observed} (observed - stated, 95%: {interval}; facts "
                    "alone stated {facts_stated}); {worst}.",
                    "{what}: {n} cases; Brier {brier} (facts alone {facts_brier}); mean stated "
                    "{stated}, observed {observed} (observed - stated, 95%: {interval}; facts "
                    "alone stated {facts_stated}); {worst}.",
                    stated["n"],
                ).format(
                    what=what,
                    n=number(stated["n"], ",d"),
                    brier=_number_or_dash(stated["brier"], ".4f"),
                    facts_brier=_number_or_dash(facts["brier"], ".4f"),
                    stated=_number_or_dash(stated["mean_stated"], ".3f"),
                    observed=_number_or_dash(stated["mean_observed"], ".3f"),
                    facts_stated=_number_or_dash(facts["mean_stated"], ".3f"),
                    interval=_interval_text(stated.get("mean_gap_interval")) or "-",
                    worst=(
                        _("no bin holds 200 cases")
                        if stated["worst_gap_200"] is None
                        else _("worst bin of 200+ cases off by {gap}").format(
                            gap=number(stated["worst_gap_200"], ".3f")
                        )
                    ),
                )
            )
        )
        off = stated.get("off_by_over_0.08")
        no_bin = pgettext("no bins (classes, in Italian: feminine)", "none")
        if off is not None:
            out.append(
                Text(
                    _(
                        "Bins of 200+ cases off by more than 0.08: for sure {clearly}; "
                        "not settled by these hands (the interval straddles 0.08) {uncertain}. "
                        "Smaller bins off by more than 0.08 for sure: {smaller}."
                    ).format(
                        clearly=", ".join(map(_bin_label, off["clearly"])) or no_bin,
                        uncertain=", ".join(map(_bin_label, off["uncertain"])) or no_bin,
                        smaller=", ".join(map(_bin_label, off.get("clearly_in_smaller_bins", [])))
                        or no_bin,
                    )
                )
            )
    readings = ", ".join(
        _("{kind} {held}/{standing} true").format(kind=kind, held=r["held"], standing=r["standing"])
        for kind, r in result["readings"].items()
    )
    certain = result["certain_from_readings"]
    ms = result["tracker_ms"]
    out.append(
        Text(
            _(
                "Standing readings: {readings}. Stated 0 or 1 where the facts say neither: "
                "{count} ({wrong} wrong). Tracker per seat and play: median {median} ms, 99th "
                "percentile {p99} ms, worst {worst} ms."
            ).format(
                readings=readings or _("none"),
                count=number(certain["count"], ",d"),
                wrong=number(certain["wrong"], ",d"),
                median=_number_or_dash(ms["median"], ""),
                p99=_number_or_dash(ms["p99"], ""),
                worst=_number_or_dash(ms["max"], ""),
            )
        )
    )
    return out
