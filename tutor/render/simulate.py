"""A simulated match series (``tutor simulate``): win rates and shares with their intervals,
as tables.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from tutor.game.i18n import _, bounds, ngettext, number
from tutor.render.safe import one_line
from tutor.render.terminal import Narrowing, new_table

if TYPE_CHECKING:
    from tutor.search.simulate import SimulationResult

__all__ = ["simulation_view"]


def _gapped(text: str, gap: str) -> str:
    """``4.95 [3.58, 6.41]`` with ``gap`` between the figure and its interval."""
    return text.replace(" ", gap, 1)


def _rate_text(rate: float | None, bounds95: tuple[float, float] | None, gap: str) -> str:
    """A win rate with its interval (:func:`_share_text`), ``gap`` between; ``-`` for none."""
    return "-" if rate is None else _gapped(_share_text(rate, bounds95), gap)


def _share_text(rate: float, bounds95: tuple[float, float] | None) -> str:
    """``45.0% [30%, 61%]``: a win rate with its 95% interval."""
    text = number(rate, ".1%")
    return text if bounds95 is None else f"{text} {bounds(*bounds95, '.0%')}"


def simulation_view(result: SimulationResult, rich: bool = False) -> list[RenderableType]:
    """Two players on duplicate deals (``tutor simulate``): points, scope and win rates of
    each, then the difference per hand and what it says."""
    a, b = result.players
    if result.matches:
        kind = ngettext("{n} duplicate match", "{n} duplicate matches", result.matches)
        kind = kind.format(n=result.matches)
    else:
        kind = ngettext("{n} deal", "{n} deals", result.deals).format(n=result.deals)
    # one or many: "giocata due volte" or "ognuna giocata due volte" (Italian audit, stop 52)
    head = Text(
        ngettext(
            "{ruleset}: {a} (A) against {b} (B), {what} played twice with sides exchanged "
            "({hands} hands), seed {seed}",
            "{ruleset}: {a} (A) against {b} (B), {what} played twice with sides exchanged "
            "({hands} hands), seed {seed}",
            result.matches or result.deals,
        ).format(
            ruleset=one_line(result.ruleset),
            a=a,
            b=b,
            what=kind,
            hands=result.hands,
            seed=result.seed,
        )
    )
    if result.interrupted:  # on stdout too, not only in the note (audit, stop 53)
        head.append("; " + _("interrupted (Ctrl-C): the ones finished before it"))
    # a figure and its interval are never broken ("4.95 [3.58," over "6.41]" at 80 columns:
    # width audit, stop 54); where they do not fit a row each, the players are the columns
    figures: list[tuple[str, Callable[[int, str], str]]] = [
        (_("points/hand [95%]"),
         lambda who, gap: _gapped(result.points(who).text(signed=False), gap)),
        (_("scope/hand [95%]"),
         lambda who, gap: _gapped(result.scope(who).text(signed=False), gap)),
        (_("hands won [95%]"), lambda who, gap: _rate_text(
            result.hand_win_rate(who), result.hand_win_interval(who), gap)),
    ]  # fmt: skip
    if result.matches:  # with --deals alone there is no match to win: no column of dashes
        figures.append((_("matches won [95%]"), lambda who, gap: _rate_text(
            result.match_win_rate(who), result.match_win_interval(who), gap)))  # fmt: skip
    names = [f"{'AB'[who]}: {result.players[who]}" for who in (0, 1)]
    table = new_table(_("player"), *(label for label, _f in figures), rich=rich)
    for who in (0, 1):
        table.add_row(names[who], *(f(who, " ") for _label, f in figures))
    narrow = new_table("", *names, rich=rich)
    for label, f in figures:
        narrow.add_row(label, *(f(who, "\n") for who in (0, 1)))
    for t in (table, narrow):
        for col in t.columns[1:]:
            col.no_wrap = True
    diff = result.difference()
    stronger = result.stronger()
    # a sentence starts with its letter, not a spec in lower case (English audit, stop 52)
    if stronger == 0:
        verdict = _("A ({name}) is stronger: the interval is above zero.").format(name=a)
    elif stronger == 1:
        verdict = _("B ({name}) is stronger: the interval is below zero.").format(name=b)
    elif diff.n == 0:  # interrupted before the first deal was done
        verdict = _("No duplicate pair was completed: nothing to compare.")
    elif not math.isfinite(diff.low) and diff.n == 1:
        verdict = _("One pair gives no interval: more pairs are needed to compare the players.")
    elif not math.isfinite(diff.low):  # every pair came out the same: no spread to measure
        verdict = _(
            "Every pair came out the same, which gives no interval: more pairs are needed to "
            "compare the players."
        )
    else:
        verdict = _("No clear difference: the interval contains zero.")
    line = Text(
        ngettext(
            "A - B per hand: {difference} over {n} duplicate pair. {verdict}",
            "A - B per hand: {difference} over {n} duplicate pairs. {verdict}",
            diff.n,
        ).format(difference=diff.text(), n=diff.n, verdict=verdict)
    )
    out: list[RenderableType] = [head, Narrowing(table, narrow), line]
    if result.unfinished:
        games = len(result.match_winners)
        if result.unfinished < games:
            unfinished = ngettext(
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: it counts for neither player; the match win rates "
                "are over the games that finished.",
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: they count for neither player; the match win rates "
                "are over the games that finished.",
                result.unfinished,
            )
        else:
            unfinished = ngettext(
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: it counts for neither player, so no match win rate "
                "can be given.",
                "{n} of the {games} match games stopped unfinished after {limit} hands, short "
                "of the target of {target}: they count for neither player, so no match win rate "
                "can be given.",
                result.unfinished,
            )
        out.append(
            Text(
                unfinished.format(
                    n=result.unfinished,
                    games=games,
                    limit=result.hand_limit,
                    target=result.target,
                ),
                style="bold yellow" if rich else "",
            )
        )
    return out
