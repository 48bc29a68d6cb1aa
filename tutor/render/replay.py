"""A recorded hand replayed: its heading, the table of plays with their notes, the leftovers
and the score at its end (``tutor replay``), and the heading of a player's view of it
(``tutor track``) above the tracker's board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from tutor.game.cards import Style
from tutor.game.i18n import _, is_you
from tutor.records.record import HandRecord
from tutor.records.replay import HandReplay
from tutor.render.rules import ruleset_label
from tutor.render.safe import cell_names, one_line, visible
from tutor.render.scores import score_table
from tutor.render.terminal import Indented, Item, assemble_text, card_text, cards_text, new_table
from tutor.render.tracker import tracker_view

if TYPE_CHECKING:
    from tutor.counting.inference import HandView

__all__ = ["plays_table", "hand_title", "hand_end", "hand_view_lines", "match_hand_lines"]


def _names_hand(title: str, number: int) -> bool:
    """Whether a title starts by naming its hand ("Hand 2 of a match", or "Mano 2 ..." in a
    run in Italian), so that the heading does not name it twice ("Mano 1: Mano 1 di una
    partita": Italian audit, stop 48).

    >>> _names_hand("Hand 1 of a match to 11", 1), _names_hand("Hand 10", 1)
    (True, False)
    """
    first = _("Hand {n}: {title}").format(n=number, title="").split(":")[0]
    words = {f"hand {number}", first.strip().lower()}
    return any(re.match(rf"{re.escape(w)}\b", title.strip().lower()) for w in words)


def hand_title(
    record: HandRecord, number: int | None = None, rich: bool = False, viewer: str | None = None
) -> Text:
    """The heading of a replayed hand: title, ruleset, seating, sides and the opening deal
    (``viewer``: only that player's hand, the others hidden, for ``replay --as``: a learner
    counting from a seat saw every hand first; track audit, stop 57).

    >>> from tutor.records.recordfile import loads
    >>> [r] = loads("ruleset: scopa\\nplayers: [A, B]\\ntable: 2C 4C 5S 9D\\ntitle: Practice")
    >>> print(hand_title(r, 2))
    Hand 2: Practice
    Ruleset scopa, italian deck.
    Playing order: A, B; B deals and plays last.
    Table: 2C 4C 5S CD
    """
    style = record.style
    bold = "bold" if rich else ""
    deck = {"ruleset": one_line(record.ruleset.name), "deck": style.shown_name()}
    title = record.info_text("title")
    if title is None:
        if number is not None:
            head = _("Hand {n} of {ruleset}, {deck} deck").format(n=number, **deck)
        else:
            head = _("A hand of {ruleset}, {deck} deck").format(**deck)
        text = Text()
        text.append(head, style=bold)
    else:
        if number is not None and not _names_hand(title, number):
            title = _("Hand {n}: {title}").format(n=number, title=title)
        text = Text()
        text.append(one_line(title), style=bold)
        text.append("\n" + _("Ruleset {ruleset}, {deck} deck.").format(**deck))
    for key, label in (("event", _("Event")), ("date", _("Date")), ("note", _("Note"))):
        if key in record.info:
            text.append(f"\n{label}: {one_line(record.info_text(key) or '')}")
    players = [one_line(p) for p in record.players]
    text.append(
        "\n"
        + (
            _("Playing order: {players}; you deal and play last.")
            if is_you(players[-1])
            else _("Playing order: {players}; {dealer} deals and plays last.")
        ).format(players=", ".join(players), dealer=players[-1])
    )
    if record.ruleset.partners:
        sides = _(" v ").join(one_line(t) for t in record.shown_team_names())
        text.append("\n" + _("Sides: {sides}.").format(sides=sides))
    text.append("\n" + _("Table:") + " ")
    text.append_text(cards_text(record.table, style, rich))
    shown = False
    hidden = False
    if record.deals:
        for name in record.players:
            known = record.deals[0].get(name)
            if known and viewer is not None and name != viewer:
                hidden = True
            elif known:
                text.append(f"\n{one_line(name)}: ")
                text.append_text(cards_text(sorted(known), style, rich))
                shown = True
    if hidden and viewer is not None:
        text.append(
            "\n"
            + (
                _("The other hands are hidden: this is your view.")
                if is_you(viewer)
                else _("The other hands are hidden: this is {player}'s view.").format(
                    player=one_line(viewer)
                )
            )
        )
    if viewer is not None and any(p.note for p in record.plays):
        # the one who wrote the notes saw every hand (coach audit, stop 60)
        text.append("\n" + _("The record's notes may tell cards this seat could not see."))
    if shown and record.ruleset.deals_per_hand > 1:
        text.append(
            "\n"
            + _("({n} deals; the hands above are the first.)").format(
                n=record.ruleset.deals_per_hand
            )
        )
    return text


def _play_cells(hand: HandReplay, style: Style, rich: bool) -> tuple[list[str], list[list[Text]]]:
    """Header and cells of every play of a hand (the widths come from all of them)."""
    teams = cell_names(hand.record.shown_team_names())
    players = cell_names(hand.record.players)
    headers = ["#", _("player"), _("plays"), _("takes"), "", _("table after"), *teams.values()]
    has_notes = any(step.shown_note for step in hand.steps)
    if has_notes:
        headers.append(_("note"))
    rows: list[list[Text]] = []
    for step in hand.steps:
        mark = Text("")
        if step.scopa:
            mark = Text(_("SCOPA!"), style="bold yellow") if rich else Text(_("SCOPA"))
        row = [
            Text(str(step.number)),
            Text(players.get(step.player, one_line(step.player))),
            card_text(step.card, style, rich),
            cards_text(step.captured, style, rich, empty=""),
            mark,
            cards_text(step.table, style, rich),
            *(Text(f"{t.cards}/{t.denari}/{t.scope}") for t in step.tally),
        ]
        if has_notes:
            row.append(Text(visible(step.shown_note or ""), style="italic" if rich else ""))
        rows.append(row)
    return headers, rows


_FIRST_TALLY = 6
"""The column of the first side's tally in :func:`_play_cells` (after #, player, plays,
takes, the scopa mark and the table after the play)."""

NOTE_WIDTH = 44
"""Widest a note column gets before its text wraps, where the console's width is not known
(beyond it, as wide as the console leaves, up to :data:`NOTE_WIDTH_MAX`)."""
NOTE_WIDTH_MAX = 72
"""Widest a note column gets on a wide console: a longer line of prose reads less easily."""
NOTE_MIN_WIDTH = 28
"""Narrowest a note column may get; on a narrower console the notes go under the plays."""
COLUMN_GAP = 3
"""Spaces between two columns of a table (rich's padding either side of the separator)."""


def plays_table(
    hand: HandReplay,
    style: Style,
    rich: bool = False,
    start: int = 0,
    stop: int | None = None,
    width: int | None = None,
) -> RenderableType:
    """The plays ``start:stop`` of a hand: who, which card, what it took, scopa, table after,
    and each side's running cards/denari/scope.

    A whole hand is laid out to fit the console. A slice (``--step`` shows one play at a
    time) gets fixed column widths taken from the whole hand, so that the slices line up;
    the header shows with the first play only. The notes make the last column; when the
    console (``width``) leaves no room for it, each note is printed under the plays instead.
    """
    headers, rows = _play_cells(hand, style, rich)
    noted = len(headers) > _FIRST_TALLY + len(hand.record.team_names())
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell.cell_len)
    below: list[tuple[int, Text]] = []
    if noted:
        rest = sum(widths[:-1]) + COLUMN_GAP * (len(widths) - 1)
        # as wide as the console leaves, from NOTE_WIDTH to a line that still reads easily: at
        # 200 columns the notes wrapped at 44 beside 72 empty ones (width audit, stop 54)
        widest = NOTE_WIDTH if width is None else min(NOTE_WIDTH_MAX, max(NOTE_WIDTH, width - rest))
        widths[-1] = min(widths[-1], widest)
        if width is not None and width - rest < NOTE_MIN_WIDTH:
            below = [(n, row[-1]) for n, row in enumerate(rows) if row[-1].plain]
            for row in rows:
                row.pop()
            headers.pop()
            widths.pop()
            noted = False
    out = new_table(*headers, rich=rich)
    out.show_header = start == 0
    first_tally = _FIRST_TALLY
    whole = start == 0 and stop is None
    # the slice that ends the hand carries the caption, and one that opens a deal its gap, so
    # that --step shows what the whole table does (render audit, stop 57: both were dropped)
    last = stop is None or stop >= len(rows)
    opens_deal = (
        0 < start < len(hand.steps) and hand.steps[start].deal != hand.steps[start - 1].deal
    )
    for i, col in enumerate(out.columns):
        if noted and i == len(headers) - 1:
            col.max_width = widths[i]
        elif not whole:
            col.min_width = col.max_width = widths[i]
            col.no_wrap = True
        if i == 0 or first_tally <= i < first_tally + len(hand.record.team_names()):
            col.justify = "right"
    if last:
        rules = hand.record.ruleset
        out.caption = (
            _("Tally per side: cards/denari/scope captured so far.")
            if rules.partners
            else _("Tally per player: cards/denari/scope captured so far.")
        )
        out.caption_justify = "left"
        out.caption_style = "dim" if rich else ""
    previous_deal = hand.steps[start].deal if start < len(hand.steps) else 0
    for step, row in zip(hand.steps[start:stop], rows[start:stop], strict=True):
        if step.deal != previous_deal:
            out.add_section()
            previous_deal = step.deal
        out.add_row(*row)
    end = len(rows) if stop is None else stop
    notes = [(n, note) for n, note in below if start <= n < end]
    gap = [Text("")] if opens_deal else []
    if not notes:
        return Group(*gap, out) if gap else out
    if not whole:
        indent = widths[0] + COLUMN_GAP
        return Group(*gap, out, *(Indented(note, indent) for _, note in notes))
    heading = Text(_("Notes"), style="bold" if rich else "")
    return Group(out, Text(""), heading, _notes_list(hand, notes, rich))


def _notes_list(hand: HandReplay, notes: Sequence[tuple[int, Text]], rich: bool) -> Group:
    """Notes of some plays (by index): the play's number and player, then the note, its lines
    hanging under its first (a grid let a note holding a long word, such as a long name,
    squeeze the number and the name away: hostile-text audit, stop 55)."""
    names = cell_names(hand.record.players)
    numbers = max(len(f"{hand.steps[n].number}.") for n, _note in notes)
    shown = {n: names.get(hand.steps[n].player, one_line(hand.steps[n].player)) for n, _ in notes}
    width = max(cell_len(name) for name in shown.values())
    items = []
    for n, note in notes:
        mark = Text(f"{hand.steps[n].number}.".rjust(numbers) + " ")
        # a colon after the name: in plain text the bold was all that told it from the note
        # ("2. Ada Ada can take nothing": colour audit, stop 59)
        mark.append(shown[n] + ":", style="bold" if rich else "")
        mark.append(" " * (width - cell_len(shown[n]) + 1))
        items.append(Item(note, indent=0, mark=mark))
    return Group(*items)


def leftover_sentence(player: str) -> str:
    """The sentence for the cards left on the table at a hand's end, taken by ``player`` (who
    captured last), with its ``{player}`` and ``{cards}`` to fill: the terminal's and the
    page's alike."""
    if is_you(player):
        return _("Leftovers: you captured last and take {cards}.")
    return _("Leftovers: {player} captured last and takes {cards}.")


def hand_end(hand: HandReplay, record: HandRecord, rich: bool = False) -> list[RenderableType]:
    """What follows the plays: the leftover cards, then the score (or why there is none)."""
    style = record.style
    out: list[RenderableType] = []
    if hand.leftover is not None and hand.leftover.cards:
        out.append(
            assemble_text(
                leftover_sentence(hand.leftover.player),
                player=one_line(hand.leftover.player),
                cards=cards_text(sorted(hand.leftover.cards), style, rich),
            )
        )
    if hand.score is None:
        out.append(
            Text(
                _("The record stops after {n} of the {total} plays: no score yet.").format(
                    n=len(hand.steps), total=record.ruleset.plays_per_hand
                )
            )
        )
        return out
    if out:
        out.append(Text(""))
    out.append(Text(_("Score of the hand"), style="bold" if rich else ""))
    out.append(score_table(hand.score, record.ruleset, style, rich, record.shown_team_names()))
    return out


def match_hand_lines(record: HandRecord, rich: bool = False) -> list[RenderableType]:
    """ "Hand 2 of the match.", for a hand of a file that holds several (nothing otherwise):
    what a position is shown from must say which hand it belongs to."""
    if record.hand is None:
        return []
    return [Text(_("Hand {n} of the match.").format(n=record.hand), style="bold" if rich else "")]


def hand_view_lines(hv: HandView, rich: bool = False) -> list[RenderableType]:
    """What a player can know at a point of a recorded hand (``tutor track``): a heading, the
    last play, then :func:`tutor.render.tracker.tracker_view`."""
    record = hv.record
    heading = (
        _("Your view after play {n} of {total} ({ruleset}).")
        if is_you(hv.player)
        else _("{player}'s view after play {n} of {total} ({ruleset}).")
    )
    head = Text(
        heading.format(
            player=one_line(hv.player),
            n=hv.at,
            total=len(record.plays),
            ruleset=ruleset_label(record.ruleset.name),
        ),
        style="bold" if rich else "",
    )
    parts: list[RenderableType] = [*match_hand_lines(record, rich), head]
    if hv.last_play is not None:
        parts.append(
            Text(
                _("Last play: {player}: {play}").format(
                    player=one_line(hv.last_player or ""), play=hv.last_play
                )
            )
        )
    if hv.at == len(record.plays):
        # the hand over: the cards left go to the last capturer, and the count below has
        # them (track audit, stop 57: "unmatched now: 5, 6, 7" in the last play, "none" below)
        end = hv.view.inference.state  # the count's own position: no second replay
        last = end.stack[-1] if end.is_over() and end.stack else None
        if last is not None and last.leftover:
            taker = record.players[last.leftover_seat]
            parts.append(
                assemble_text(
                    leftover_sentence(taker),
                    player=one_line(taker),
                    cards=cards_text(last.leftover, record.style, rich),
                )
            )
    return parts + tracker_view(hv.view, record.style, rich)
