"""Score sheets: what each side has captured, a hand's score by category with the cards that
won it, and a match's totals with its verdict. The terminal draws them; the page
(:mod:`tutor.render.html`) shares their cells and sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tutor.game.cards import DENARI_MASK, RE_BELLO, SETTEBELLO, Card, Style
from tutor.game.i18n import _, all_of, is_you, ngettext
from tutor.game.rules import Ruleset
from tutor.game.scoring import HandScore, MatchScore, category_name, napola_cards
from tutor.render.safe import NAME_CELL_WIDTH, cell_names, one_line
from tutor.render.terminal import card_text, cards_text, new_table

if TYPE_CHECKING:
    from tutor.counting.inference import CountView

__all__ = ["score_table", "match_table"]


def pile_text(side: str, cards: int, denari: int, scope: int, settebello: bool) -> str:
    """What a side has captured so far, in words: ``Ada 12 cards, 4 denari, 1 scopa``.

    >>> pile_text("Ada", 12, 4, 1, settebello=False)
    'Ada 12 cards, 4 denari, 1 scopa'
    >>> pile_text("North-South", 1, 1, 0, settebello=True)
    'North-South 1 card, 1 denaro, 0 scope, the settebello'
    """
    parts = {
        "side": side,
        "cards": ngettext("{n} card", "{n} cards", cards).format(n=cards),
        "denari": ngettext("{n} denaro", "{n} denari", denari).format(n=denari),
        "scope": ngettext("{n} scopa", "{n} scope", scope).format(n=scope),
    }
    if settebello:
        return _("{side} {cards}, {denari}, {scope}, the settebello").format(**parts)
    return _("{side} {cards}, {denari}, {scope}").format(**parts)


def position_lines(
    analysis: CountView, sides: Sequence[str], style: Style, rich: bool = False
) -> list[RenderableType]:
    """The cards on the table, the viewer's own and what each side has captured so far: what
    the board's counts by value leave out (``tutor live``, above its board: live audit, stop
    48: "is the settebello on the table?" had no answer there)."""
    state, viewer = analysis.inference.state, analysis.inference.viewer
    table = Text(_("Table:") + " ")
    table.append_text(cards_text(state.table, style, rich, empty=_("empty")))
    mine = Text(_("Your cards:") + " ")
    mine.append_text(cards_text(state.hands[viewer], style, rich, empty=_("none")))
    piles = [
        pile_text(
            one_line(sides[side]) if side < len(sides) else str(side + 1),
            won.bit_count(),
            (won & DENARI_MASK).bit_count(),
            state.scope[side],
            settebello=bool(won & SETTEBELLO.bit),
        )
        for side, won in enumerate(state.captured)
    ]
    return [table, mine, Text(_("Captured: {tallies}.").format(tallies="; ".join(piles)))]


def _side_name(players: Sequence[str]) -> str:
    return one_line(all_of(players))


ScoreCell = tuple[str, tuple[Card | None, ...], str]
"""One side's entry in a category of the score: words, cards (None: a suit with none), words."""


def score_cells(score: HandScore, rules: Ruleset) -> list[tuple[str, list[ScoreCell]]]:
    """Per category of the end-of-hand score the ruleset counts, each side's entry: the one
    home of what the score shows, drawn by :func:`score_table` and by the review page (whose
    own copy had lost the missing suit and the re bello)."""
    sides = score.sides

    def counts(values: list[int], blank: bool = False) -> list[ScoreCell]:
        return [("-" if blank and not v else str(v), (), "") for v in values]

    def holder(has: list[bool], card: Card) -> list[ScoreCell]:
        return [("", (card,), "") if h else ("-", (), "") for h in has]

    missing = rules.primiera_missing_suit == "loses"
    out = [
        ("cards", counts([s.cards for s in sides])),
        ("denari", counts([s.denari for s in sides])),
        ("settebello", holder([s.settebello for s in sides], SETTEBELLO)),
        (
            "primiera",
            [
                (
                    f"{s.primiera} = ",
                    tuple(s.primiera_cards),
                    " " + _("(a suit missing)") if missing and not s.complete_suits else "",
                )
                for s in sides
            ],  # fmt: skip
        ),
        ("scope", counts([s.scope for s in sides])),
    ]
    if rules.re_bello:
        out.append(("re_bello", holder([s.re_bello for s in sides], RE_BELLO)))
    if rules.napola:  # the run itself, as the re bello shows its card (record audit, stop 53)
        out.append(
            (
                "napola",
                [
                    (f"{s.napola} = ", napola_cards(s.napola), "") if s.napola else ("-", (), "")
                    for s in sides
                ],
            )
        )
    return out


def score_table(
    score: HandScore,
    rules: Ruleset,
    style: Style,
    rich: bool = False,
    names: Sequence[str] | None = None,
) -> Table:
    """The end-of-hand score: per category each side's count and points, then totals.

    The primiera row shows the card counted in each suit (denari, coppe, spade, bastoni
    order; ``-`` where a side has none) and the sum.
    """
    # a side's name whole up to two table cells' width: a 500-letter name drew the table 200
    # columns wide (hostile-text audit, stop 55)
    heads = (
        list(cell_names(names, 2 * NAME_CELL_WIDTH).values())
        if names
        else [_side_name(s.players) for s in score.sides]
    )
    headers = [_("category")]
    for name in heads:
        headers += [name, _("pts")]
    out = new_table(*headers, rich=rich)
    for i, _n in enumerate(heads):
        out.columns[2 + 2 * i].justify = "right"

    def drawn(cell: ScoreCell) -> Text:
        before, cards, after = cell
        shown = Text(" ").join(
            card_text(c, style, rich) if c is not None else Text("-") for c in cards
        )
        return Text.assemble(before, shown, after)

    for category, entries in score_cells(score, rules):
        row: list[Text | str] = [category_name(category)]
        for side, entry in zip(score.sides, entries, strict=True):
            pts = side.points.get(category, 0)
            row += [drawn(entry), str(pts) if pts else ""]
        out.add_row(*row)
    out.show_footer = True
    out.columns[0].footer = _("total")
    for i, side in enumerate(score.sides):
        out.columns[2 + 2 * i].footer = Text(str(side.total), style="bold" if rich else "")
    return out


def match_table(match: MatchScore, names: Sequence[str], rich: bool = False) -> RenderableType:
    """Points of every hand with running totals, then the winner (or who leads)."""
    names = [one_line(n) for n in names]
    headers = [_("hand")]
    for name in names:
        headers += [name, _("total")]
    out = new_table(*headers, rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
    for n, (points, running) in enumerate(
        zip(match.hands, match.running_totals(), strict=True), start=1
    ):
        cells = [str(n)]
        for p, t in zip(points, running, strict=True):
            cells += [str(p), str(t)]
        out.add_row(*cells)
    heading = Text(
        _("The match, to {n}").format(n=match.rules.target), style="bold" if rich else ""
    )
    verdict = match_verdict(match, names)
    return Group(heading, out, Text(verdict, style="bold" if rich else ""))


def match_verdict(match: MatchScore, names: Sequence[str]) -> str:
    """Who won the match, or who leads, with the totals and the target: ``Winner: Carla
    (Bruno 8, Carla 11; target 11).`` (``names`` as shown, one per side)."""
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, match.totals, strict=True))
    totals += "; " + _("target {n}").format(n=match.rules.target)
    if match.winner is not None:
        winner = names[match.winner]
        verdict = (
            _("You win the match ({totals}).")
            if is_you(winner)
            else _("Winner: {name} ({totals}).")
        ).format(name=winner, totals=totals)
    else:
        leaders = match.leaders
        if len(leaders) == 1:
            leader = names[leaders[0]]
            if is_you(leader):
                lead = _("No winner yet: you lead ({totals}).")
            elif match.rules.partners:  # a side of partners: they lead
                lead = _("No winner yet: {name} lead ({totals}).")
            else:
                lead = _("No winner yet: {name} leads ({totals}).")
            verdict = lead.format(name=leader, totals=totals)
        else:
            verdict = _("No winner yet: level ({totals}).").format(totals=totals)
    return verdict
