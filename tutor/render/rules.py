"""Rules on the terminal: why a capture is legal (``tutor explain``) and the rulesets
(``tutor rules``), their names and descriptions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from tutor.game.i18n import _
from tutor.game.rules import Ruleset
from tutor.render.safe import one_line
from tutor.render.terminal import (
    Indented,
    Narrowing,
    assemble_text,
    card_text,
    cards_text,
    glyph_cards,
    move_text,
    new_table,
)

if TYPE_CHECKING:
    from tutor.game.captures import Explanation

__all__ = ["explain_table", "rules_table", "ruleset_text"]


def ruleset_label(name: str) -> str:
    """A ruleset named in brackets after a heading: ``ruleset scopa``, since "(scopa)" alone
    read as a sweep made (first-hour audit, stop 55)."""
    return _("ruleset {name}").format(name=one_line(name))


def explain_table(explanation: Explanation, rich: bool = False) -> RenderableType:
    """Every way to play a card on a table (``tutor explain``), legal ones first."""
    card, table, style = explanation.card, explanation.table, explanation.style
    ruleset = ruleset_label(explanation.rules.name)
    if table:
        head = assemble_text(
            _("{card} on the table {table} ({ruleset}):"),
            card=card_text(card, style, rich),
            table=cards_text(table, style, rich),
            ruleset=ruleset,
        )
    else:
        head = assemble_text(
            _("{card} on an empty table ({ruleset}):"),
            card=card_text(card, style, rich),
            ruleset=ruleset,
        )
    out = new_table(_("verdict"), _("play"), _("rule"), rich=rich)
    for option in sorted(explanation.options, key=lambda o: not o.legal):
        if option.legal:
            verdict = Text(_("legal"), style="green")
        else:
            verdict = Text(_("forbidden"), style="red")
        reason = option.reason
        if explanation.sweeps(option):
            reason += " " + _("(sweeps the table)")
        play = move_text(card, option.capture, style, rich)
        if not option.capture:
            play = assemble_text(_("{play} laid"), play=play)
        # the rule's cards drawn as the play's are (new-user audit, stop 57: "C♣ x A♦ F♦"
        # beside "takes AD+FD")
        out.add_row(
            verdict if rich else Text(verdict.plain), play, glyph_cards(reason, style, rich)
        )
    return Group(head, out)


def rules_table(rulesets: Sequence[Ruleset], rich: bool = False) -> Narrowing:
    """The shipped rulesets: name, players, cards per deal, target and description; where
    the description's column does not fit (72 columns in Italian on a terminal of 60), the
    descriptions go under the table, each under its ruleset's name."""
    heads = (_("ruleset"), _("players"), _("deal"), _("target"))
    out = new_table(*heads, _("description"), rich=rich)
    short = new_table(*heads, rich=rich)
    below: list[RenderableType] = []
    for rs in rulesets:
        deal = (
            f"{rs.hand_size} x {rs.deals_per_hand}" if rs.deals_per_hand > 1 else str(rs.hand_size)
        )
        row = (one_line(rs.name), str(rs.players), deal, str(rs.target))
        description = one_line(rs.text("description"))
        out.add_row(*row, description)
        short.add_row(*row)
        below += [Text(""), Text(row[0], style="bold" if rich else ""), Indented(description, 2)]
    # a description narrower than this ran to 11 lines a cell at 80 columns (width audit,
    # stop 54): there the descriptions go under the table too
    out.columns[-1].min_width = DESCRIPTION_WIDTH_MIN
    return Narrowing(out, Group(short, *below))


DESCRIPTION_WIDTH_MIN = 44
"""The least width of ``tutor rules``'s description column (a ruleset's description is a
sentence or two)."""


def ruleset_text(lines: Sequence[str], rich: bool = False) -> Text:
    """A ruleset in words (:func:`tutor.game.rules.describe_ruleset`), the first line as a title."""
    text = Text()
    for i, line in enumerate(lines):
        text.append(one_line(line), style="bold" if rich and i == 0 else "")
        if i < len(lines) - 1:
            text.append("\n" if i else "\n\n")
    return text
