"""The rule-of-48 tracker's board: what a player can know at a point of a hand, per value and
per card, with the sweep, style, passed-up gain and trust lines. The board of ``tutor track``,
``tutor live`` and ``tutor replay --as``: pure functions of a
:class:`tutor.counting.inference.CountView`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tutor.counting.odds import percent
from tutor.game.cards import VALUE_MASKS, Style, format_cards
from tutor.game.i18n import N_, _, ngettext, number, pgettext
from tutor.render.safe import one_line
from tutor.render.terminal import (
    ONE_SPACE,
    Item,
    Narrowing,
    _number_or_dash,
    cards_text,
    glyph_cards,
    new_table,
)

if TYPE_CHECKING:
    from tutor.counting.inference import CountView, ValueCell
    from tutor.counting.tracker import Board

__all__ = ["tracker_board", "value_board", "holdings_table", "holding_text", "tracker_view"]


def tracker_board(analysis: CountView, style: Style, rich: bool = False) -> RenderableType:
    """What a player can know at a point of a replay (``tutor replay --as``): the compact
    form of :func:`tracker_view`."""
    return Group(*tracker_view(analysis, style, rich, compact=True))


def _odd_style(rich: bool) -> str:
    return "bold yellow" if rich else ""


def value_board(board: Board, style: Style, rich: bool = False) -> Table:
    """The 10-column board: per value, captured, parity, on the table, yours, unseen."""
    out = new_table(_("value"), *(style.rank_text(v) for v in range(1, 11)), rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
        col.min_width = 4
    out.add_row(_("captured"), *(str(c.captured) for c in board.counts))
    out.add_row(
        _("parity"),
        *(
            Text(_("even"), style="green" if rich else "")
            if c.matched
            # the narrow column's word, as the HTML board's ("DISP." where "DISPARI" made the
            # Italian board 88 wide: play audit, stop 47)
            else Text(pgettext("the parity in a narrow column", "ODD"), style=_odd_style(rich))
            for c in board.counts
        ),
    )
    out.add_row(_("on table"), *(str(c.table) or "" for c in board.counts))
    out.add_row(_("yours"), *(str(c.mine) for c in board.counts))
    out.add_row(
        _("unseen"),
        *(Text(str(c.unseen), style="bold" if rich and c.unseen else "") for c in board.counts),
    )
    return out


def holding_text(cell: ValueCell, signs: bool = True) -> str:
    """must / no (facts alone) or a percentage for one player and value (without its % sign
    unless ``signs``); * marks a percentage the readings of behaviour move; - when no card of
    the value is unseen: the terminal's table and the replay page's."""
    if cell.status == "none":
        return "-"
    if cell.status == "must":
        return _("must")
    if cell.status == "cannot":
        return _("no")
    shown = percent(cell.probability or 0.0)
    return (shown if signs else shown.removesuffix("%")) + ("*" if cell.reading else "")


def _holding_cell(cell: ValueCell, signs: bool = True) -> Text:
    """:func:`holding_text`, a certain holder in bold green."""
    return Text(holding_text(cell, signs), style="bold green" if cell.status == "must" else "")


def holdings_table(
    analysis: CountView, style: Style, rich: bool = False, signs: bool = True
) -> Table:
    """Other players x values: must, no (cannot) or P(holds at least one); * = a reading.
    Without ``signs`` the percentages lose their % (a terminal of 60 columns: the table is
    63 wide with them once readings star its cells)."""
    inf = analysis.inference
    out = new_table("", *(style.rank_text(v) for v in range(1, 11)), _("cards"), rich=rich)
    for col in out.columns[1:]:
        col.justify = "right"
    for seat in inf.players_in_doubt:
        cells = [_holding_cell(inf.value_cell(seat, v), signs) for v in range(1, 11)]
        out.add_row(one_line(inf.names[seat]), *cells, str(inf.capacity.get(seat, 0)))
    if inf.stock is not None:
        counts = [inf.to_deal(v) for v in range(1, 11)]
        cells = [Text(_number_or_dash(n, ".1f")) for n in counts]
        # short: a long label broke over 3 lines at 80 columns (width audit, stop 54)
        out.add_row(_("to deal (mean)"), *cells, str(inf.stock))
    return out


def _sweep_line(analysis: CountView, style: Style) -> Text:
    board = analysis.board
    sw = board.sweep
    if sw.value is None:
        if not sw.sum:
            return Text(_("Sweep risk: the table is empty."))
        return Text(
            _(
                "Sweep risk: the table adds up to {total}, more than 10: no single card sweeps it."
            ).format(total=sw.sum)
        )
    who = one_line(board.names[sw.next_seat])
    p = analysis.sweep_probability
    facts = sw.probability
    if sw.scopa:
        risk = _("Sweep risk: the table adds up to {total}; one {value} sweeps it; {n} unseen.")
    else:
        risk = _(
            "Sweep risk: the table adds up to {total}; one {value} sweeps it (no scopa on the "
            "last play); {n} unseen."
        )
    text = risk.format(total=sw.sum, value=style.value_name(sw.value), n=sw.unseen)
    state = analysis.inference.state
    if p is not None and not state.unknown[sw.next_seat] and not state.is_over():
        # a hand the viewer sees: what it holds is a fact, not odds
        held = state.hands[sw.next_seat] & VALUE_MASKS[sw.value]
        shown = format_cards(held, style)
        if sw.next_seat == analysis.inference.viewer:
            known = (
                _("You are next to play, and hold {cards}.")
                if held
                else _("You are next to play, and hold none.")
            )
        else:
            known = (
                _("{name}, next to play, holds {cards}.")
                if held
                else _("{name}, next to play, holds none.")
            )
        return Text(text + " " + known.format(name=who, cards=shown))
    if p is not None:
        if facts is not None and percent(facts) != percent(p):
            odds = _("P({name}, next to play, holds one) = {p} ({facts} on the cards seen alone).")
        else:
            odds = _("P({name}, next to play, holds one) = {p}.")
        text += " " + odds.format(name=who, p=percent(p), facts=percent(facts or 0.0))
        viewer, sides = analysis.inference.viewer, state.rules.sides
        if sw.next_seat != viewer and sw.next_seat % sides == viewer % sides:
            text += " " + _("{name} is a partner: a chance for the side, not a risk.").format(
                name=who
            )
    return Text(text)


STYLE_NAMES = {"grabber": N_("grabber"), "careful": N_("careful"), "careless": N_("careless")}
"""The styles of play in words (``docs/tracker.md``, tutor/counting/style.py)."""


def _style_line(analysis: CountView) -> Text | None:
    """What kind of player each one has shown: their plays against what the cards they showed
    later would have gained at once."""
    inf = analysis.inference
    shown = [r for _seat, r in sorted(inf.reliability.items()) if r.style]
    parts = []
    for r in shown:
        name, p = max(r.style.items(), key=lambda kv: kv[1])
        compared, departed = r.compared
        if compared:
            departures = ngettext(
                "{n} departure from the gain", "{n} departures from the gain", departed
            ).format(n=departed)
            comparisons = ngettext("{n} comparison", "{n} comparisons", compared).format(n=compared)
            # TRANSLATORS: "West careful 94% (1 departure from the gain in 4 comparisons)"
            said = _("{departures} in {comparisons}").format(
                departures=departures, comparisons=comparisons
            )
        else:  # found by a user: "(0 departures from the gain in 0 comparisons)"
            # and where the figure comes from (new-user audit, stop 52: "careless 60%" beside
            # "no play compared yet" read as a contradiction)
            said = _(
                "from the table and what their plays showed at once; none yet compared with the "
                "cards shown later"
            )
        part = _("{player} {style} {percent} ({said})").format(
            player=one_line(inf.names[r.seat]),
            style=_(STYLE_NAMES[name]),
            percent=percent(p),
            said=said,
        )
        if r.style_prior is not None:
            before, q = max(r.style_prior.items(), key=lambda kv: kv[1])
            part += " " + _("[{style} {percent} before the hand]").format(
                style=_(STYLE_NAMES[before]), percent=percent(q)
            )
        parts.append(part)
    if not parts:
        return None
    return Text(_("Style of play: {players}.").format(players="; ".join(parts)))


STRONG_GAIN = 0.6
"""The board lists a value's passed-up gains when a deal giving the player one keeps at most
this share of its weight (strong evidence); the weaker are counted, and the JSON has them."""
GAIN_SAYS_NOTHING = 0.995
"""A weight this near 1 is a gain of a kind that says nothing of how the player plays (a
careful player's cheaper lay): neither listed nor counted."""
GAIN_WORDS = {
    "denari": N_("more denari"),
    "cards": N_("more cards"),
    "capture": N_("a capture where a card was laid"),
    "cheaper_lay": N_("a card cheaper to lay"),
}
"""Each kind of passed-up gain in words (:data:`tutor.counting.style.GAIN_KINDS`)."""


def _passed_gain_items(analysis: CountView, style: Style) -> list[str]:
    """Each value a player passed up gains of that weighs on the odds, in words: the board's
    figures leaned on them and never said so (track audit, stop 57: "B1 18%*" beside a tell
    that B1 may hold a 7, the gain passed up that pulled it down shown in the JSON alone)."""
    from tutor.counting.tracker import a_value  # lazy: with the board only

    inf = analysis.inference
    items = []
    weaker = 0
    for g in inf.passed_gains():
        if g.weight > GAIN_SAYS_NOTHING:
            continue
        if g.weight > STRONG_GAIN:
            weaker += 1
            continue
        kinds = ", ".join(
            f"{word} ×{n}" if n > 1 else word
            for word, n in ((_(GAIN_WORDS[kind]), n) for kind, n in g.kinds().items())
        )
        items.append(
            ngettext(
                "{player} passed up {n} gain {value} would have made ({kinds}): a deal "
                "giving {player} one counts {weight} as much",
                "{player} passed up {n} gains {value} would have made ({kinds}): a deal "
                "giving {player} one counts {weight} as much",
                sum(g.counts),
            ).format(
                player=one_line(inf.names[g.seat]),
                value=a_value(g.value, style),
                kinds=kinds,
                n=sum(g.counts),
                weight=number(g.weight, ".2f"),
            )
        )
    if items and weaker:
        items.append(
            ngettext(
                "and {n} weaker one (tutor track --json lists every one)",
                "and {n} weaker ones (tutor track --json lists every one)",
                weaker,
            ).format(n=weaker)
        )
    return items


def _trust_line(analysis: CountView) -> Text:
    """How far each player's readings are believed: the prior and what the hand has shown."""
    from tutor.counting.trust import held_trust  # lazy: only a board with readings needs it

    inf = analysis.inference
    parts = []
    for seat, r in sorted(inf.reliability.items()):
        shown = []
        took, passed = r.careful - r.settebello[0], r.careless - r.settebello[1]
        if took:
            shown.append(ngettext("took {n} sweep", "took {n} sweeps", took).format(n=took))
        if r.settebello[0]:
            shown.append(_("took the settebello"))
        if passed:
            shown.append(
                ngettext(
                    "passed up {n} sweep while holding the card",
                    "passed up {n} sweeps while holding the cards",
                    passed,
                ).format(n=passed)
            )
        if r.settebello[1]:
            shown.append(_("passed up the settebello while holding a card that took it"))
        # the chance the model gives the player of taking a sweep they hold: their care and,
        # as far as their plays look careless or grabbing, what such players do
        name, trust = one_line(inf.names[seat]), percent(r.takes_sweep)
        if not shown and percent(r.takes_sweep) != percent(held_trust(inf.trust)):
            # no sweep taken or passed: the figure moved by the style their plays suggest
            # (track audit, stop 57: "then what the hand shows" read as evidence never seen)
            shown.append(_("from the style of play their moves suggest"))
        if shown:
            parts.append(
                _("{player} {percent} ({shown})").format(
                    player=name, percent=trust, shown=", ".join(shown)
                )
            )
        else:
            parts.append(_("{player} {percent}").format(player=name, percent=trust))
    return Text(
        _(
            "Trust: a player holding a card that sweeps takes the sweep (prior {prior}, then what "
            "the hand shows): {players}."
        ).format(prior=percent(held_trust(inf.trust)), players="; ".join(parts))
    )


def tracker_view(
    analysis: CountView, style: Style, rich: bool = False, compact: bool = False
) -> list[RenderableType]:
    """The tracker's board and the inferences, as renderables (``compact``: the short form
    beside a board, for replay and tutor play)."""
    from tutor.counting.tracker import values_text  # lazy: rules and replay start faster

    board, inf = analysis.board, analysis.inference
    out: list[RenderableType] = [value_board(board, style, rich)]
    um = values_text(board.unmatched, style)
    n_unseen = board.unseen.bit_count()
    # two facts, two lines (English audit, stop 52: the unseen cards ran on after the values)
    out.append(Text(_("Unmatched (captured an odd number of times): {values}.").format(values=um)))
    if board.stock:
        unseen = _("Unseen ({n}: {others} in other hands, {stock} still to deal): ").format(
            n=n_unseen, others=board.in_other_hands, stock=board.stock
        )
    else:
        unseen = _("Unseen ({n}): ").format(n=n_unseen)
    head = Text(unseen)
    head.append_text(cards_text(board.unseen, style, rich))
    out.append(head)
    out.append(_sweep_line(analysis, style))
    if board.last_capture is not None and not compact:
        number, seat = board.last_capture
        out.append(
            Text(
                # who takes the cards left at the end, if nobody captures again
                _("Last capture: {player}, at play {n}.").format(
                    player=one_line(board.names[seat]), n=number
                )
            )
        )

    def listed(head: str, items: Iterable[str]) -> Group:
        return Group(Text(head), *(Item(glyph_cards(one_line(i), style, rich)) for i in items))

    if compact and board.last_round and board.notes:
        # the last round's count, which settles who holds what, shown beside the board too
        # (track audit, stop 57: replay --as showed it only once a deduction at the last plays)
        out.append(Text("\n".join(one_line(n) for n in board.notes)))
    if not compact:
        if board.sparigli:
            out.append(
                listed(
                    _("Sparigli (captures by sum):"),
                    (sp.text(style, board.names) for sp in board.sparigli),
                )
            )
        else:
            if any(c.captured for c in board.counts):
                out.append(Text(_("Sparigli: none yet: every capture so far was by a twin.")))
            else:
                out.append(Text(_("Sparigli: none yet: nothing has been captured.")))
        out.append(Text("\n".join(one_line(n) for n in board.notes)))
        if inf.holdings and inf.unseen:
            table = holdings_table(analysis, style, rich)
            table.title = _("Who can hold what (* the plays read as behaviour move the figure)")
            narrow = holdings_table(analysis, style, rich, signs=False)
            narrow.title = _(
                "Who can hold what, in % (* the plays read as behaviour move the figure)"
            )
            out.append(Narrowing(table, narrow, ONE_SPACE))  # a grid of figures: one will do
    readings = inf.readings_in_force
    dropped = inf.readings_given_up
    if readings:
        out.append(
            listed(
                _("Readings (behaviour: evidence, not certain; the chance each is true now):"),
                (e.text(inf.names, style) for e in readings),
            )
        )
    if inf.tells and not compact:
        out.append(
            listed(
                _("Tells (plays a careful player makes mostly with such a card; weaker):"),
                (t.text(inf.names, style) for t in inf.tells),
            )
        )
    gains = [] if compact else _passed_gain_items(analysis, style)
    if gains:
        out.append(
            listed(
                _(
                    "Passed-up gains (a card of the value would have gained more than the play "
                    "made: evidence that the player holds none, not a count):"
                ),
                gains,
            )
        )
    if (readings or dropped or inf.tells) and inf.reliability and not compact:
        out.append(_trust_line(analysis))
        style_line = _style_line(analysis)
        if style_line is not None:
            out.append(style_line)
    if dropped and not compact:
        out.append(
            listed(
                _("Readings given up:"),
                (
                    f"{e.text(inf.names, style)}: {e.dropped_text(inf.names, style)}"
                    for e in dropped
                ),
            )
        )
    if inf.deductions or inf.value_deductions:
        certain, inferred = _("certain"), _("inferred")
        items = [f"[{certain if d.basis == 'fact' else inferred}] {d.text}" for d in inf.deductions]
        items += [f"[{certain}] {vd.text(inf.names, style)}" for vd in inf.value_deductions]
        out.append(listed(_("Deductions:"), items))
    if not compact and inf.unseen:
        out.append(
            Text(
                _("Probabilities: {method}.").format(method=inf.method), style="dim" if rich else ""
            )
        )
    return out
