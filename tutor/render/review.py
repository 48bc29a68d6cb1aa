"""The review and the position explanation on a terminal (rich renderables or plain text).

Pure functions of a :class:`tutor.review.review.Review` or a
:class:`tutor.review.explain.PositionExplanation`; text from the record (names, titles, notes,
observation texts that quote names) passes through :func:`tutor.render.safe.visible`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from tutor.game.cards import Style
from tutor.game.i18n import N_, _, bounds, is_you, ngettext, number, pgettext
from tutor.game.rules import Ruleset
from tutor.records.replay import replay_hand
from tutor.render.replay import hand_end, match_hand_lines
from tutor.render.rules import ruleset_label
from tutor.render.safe import cell_names, one_line, visible
from tutor.render.solve import lead_line, reading_line
from tutor.render.terminal import (
    Indented,
    Narrowing,
    assemble_text,
    cards_text,
    glyph_cards,
    move_text,
    new_table,
)
from tutor.review.explain import PositionExplanation
from tutor.review.habits import Habits, habits_of
from tutor.review.judge import (
    CLASSES,
    THRESHOLDS,
    class_name,
    points_whose,
    verdict_class,
)
from tutor.review.match import FilesReview
from tutor.review.observations import MAXIMS, Observation
from tutor.review.review import (
    Decision,
    PlayerSummary,
    Review,
    costliest,
    match_costliest,
    match_summary,
)
from tutor.review.sources import SOURCES_FROM, split_text
from tutor.search.defaults import DEFAULT_EXACT_PLIES

__all__ = [
    "CLASS_COLOURS",
    "class_name",
    "class_label",
    "observation_label",
    "review_view",
    "explanation_view",
    "thresholds_text",
]

CLASS_COLOURS = {
    "forced": "dim",
    "best": "bold green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "bold dark_orange",
    "blunder": "bold red",
}
"""How each class looks on a terminal."""


def class_label(decision: Decision) -> str:
    """The class; when the interval leaves it uncertain, the classes it spans (``good–mistake``,
    :func:`~tutor.review.judge.verdict_class`)."""
    return verdict_class(decision.judgement)


def class_count(summary: PlayerSummary, cls: str) -> str:
    """How many decisions a player made of a class, with how many of them are uncertain
    (``5 (1?)``: five best, one of them ``best?``)."""
    n, k = summary.counts[cls], summary.uncertain.get(cls, 0)
    return f"{n} ({k}?)" if k else str(n)


OBSERVATION_LABELS = {
    "missed-scopa": N_("missed scopa"),
    "took-scopa": N_("took scopa"),
    "missed-settebello": N_("missed settebello"),
    "settebello-exposed": N_("settebello exposed"),
    "sweepable-table": N_("sweepable table"),
    "safe-table": N_("safe table"),
    "offers-seven": N_("offers seven"),
    "primiera-given": N_("primiera given"),
    "denaro-given": N_("denaro given"),
    "missed-denaro": N_("missed denaro"),
    "pairing": N_("pairing"),
    "no-double-laid": N_("no double laid"),
    "counted-endgame": N_("counted endgame"),
}
"""Each observation code in words (the code with spaces, in English)."""


def observation_label(code: str) -> str:
    """An observation code in words: ``missed-scopa`` -> ``missed scopa``."""
    return _(OBSERVATION_LABELS[code]) if code in OBSERVATION_LABELS else code.replace("-", " ")


SAID_BY_THE_TABLE_LINE = frozenset({"safe-table", "sweepable-table"})
"""The observations ``explain --at`` names without their text: each move's line on the table
it leaves says whether one card sweeps it, with the value, the cards unseen and the odds."""


def observation_line(o: Observation, rich: bool, style: Style) -> Text:
    """An observation: its code, the text with the real cards (drawn as the deck ``style``'s
    glyphs with ``rich``), and the maxim it cites."""
    t = Text()
    # the code as in JSON and the docs, or in the language's words where a translation says so
    # TRANSLATORS: "code" (missed-scopa, as in JSON) or "words" (the observation's name)
    words = pgettext("how the review's lines name an observation", "code") == "words"
    t.append(observation_label(o.code) if words else o.code, style="bold" if rich else "")
    line = Text(
        # TRANSLATORS: {maxim} is the maxim's key (take-the-scopa), {title} its title in words.
        _(": {text} [{maxim}]").format(
            text=visible(o.text), maxim=o.maxim, title=MAXIMS[o.maxim].shown_title()
        )
    )
    t.append_text(glyph_cards(line, style, rich))
    return t


def _how(decision: Decision) -> str:
    j = decision.judgement
    if j.classification == "forced":
        if len(j.moves) == 1:
            return _("one legal move")
        if j.exact:
            return _("all moves equal (exact)")
        return ngettext(
            "all moves equal ({n} sample)", "all moves equal ({n} samples)", j.samples
        ).format(n=j.samples)
    if j.exact:
        return _("exact")
    if j.stopped == "time":
        return ngettext("{n} sample, time up", "{n} samples, time up", j.samples).format(
            n=j.samples
        )
    return ngettext("{n} sample", "{n} samples", j.samples).format(n=j.samples)


def thresholds_text() -> str:
    """The classes by cost, in one line (the table of ``docs/review.md``)."""
    parts = []
    for (name, low), nxt in zip(THRESHOLDS, [*THRESHOLDS[1:], None], strict=True):
        span = f"{number(low, 'g')}-{number(nxt[1], 'g')}" if nxt else f"{number(low, 'g')}+"
        parts.append(f"{class_name(name)} {span}")
    return ", ".join(parts)


VERDICT_CELLS = 5
"""The cells of a decision's row kept on its first line while they fit (:func:`_decision_rows`):
the play's number, the player, the move, the class and the cost; the cost's interval follows
when it fits, then the best move and how the verdict was reached."""


class _DecisionRow:
    """One decision's row, its columns lined up with the others'; on a terminal too narrow for
    the whole row (a review at 80 columns wrapped every row, the best move cut in two: review
    audit, stop 49), the best move and how the verdict was reached go on a line of their own
    under the verdict (with the cost's interval, if the verdict's line is still too wide), and
    each on its own line if they still do not fit."""

    def __init__(self, cells: list[Text], widths: list[int]) -> None:
        self.cells = cells
        self.widths = widths

    def _line(self, cells: list[Text], widths: list[int], indent: int = 0) -> Text:
        """``cells`` lined up on ``widths``: the play's number (at no indent) to the right."""
        line = Text(" " * indent)
        for i, cell in enumerate(cells):
            if i == 0 and not indent:
                line.append(" " * (widths[0] - len(cell.plain)))
            line.append_text(cell)
            if i < len(cells) - 1:
                if i or indent:
                    line.append(" " * (widths[i] - len(cell.plain)))
                line.append("  ")
        return line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        whole = self._line(self.cells, self.widths)
        if whole.cell_len <= width:
            yield whole
            return
        # the verdict's interval goes under it too when the verdict's line is too wide with it
        # (the Italian "[0,00; 0,34]" broke at its space on a terminal of 60 columns)
        head = VERDICT_CELLS + 1  # with the cost's interval, if it fits
        # and the cost, then the class, under it too when even that is too wide (the cost
        # fell to column 0 at 40 columns: colour audit, stop 59); the play stays on the first
        while head > 3 and self._line(self.cells[:head], self.widths[:head]).cell_len > width:
            head -= 1
        yield self._line(self.cells[:head], self.widths[:head])
        indent = self.widths[0] + 2
        rest = self._line(self.cells[head:], self.widths[head:], indent)
        if rest.cell_len <= width:
            yield rest
            return
        for cell in self.cells[head:]:
            yield Text(" " * indent) + cell


def _decision_rows(review: Review, rich: bool) -> list[RenderableType]:
    style = review.style
    rows: list[list[Text]] = []
    names = cell_names(d.player for d in review.decisions)
    for d in review.decisions:
        j = d.judgement
        label = Text(class_label(d), style=CLASS_COLOURS[j.classification] if rich else "")
        rows.append(
            [
                Text(str(d.play)),
                Text(names[d.player]),
                move_text(d.move.card, d.move.capture, style, rich),
                label,
                Text(number(j.cost)),
                Text(j.bounds_text()),  # none when exact or forced, as the page writes it
                Text.assemble(
                    _("best:") + " ", move_text(j.best.card, j.best.capture, style, rich)
                ),
                Text(_how(d)),
            ]
        )
    widths = [max([len(r[i].plain) for r in rows] + [1]) for i in range(8)]
    out: list[RenderableType] = []
    for d, row in zip(review.decisions, rows, strict=True):
        out.append(_DecisionRow(row, widths))
        notes: list[RenderableType] = []
        for o in d.observations:
            notes.append(observation_line(o, rich, style))
        reading = d.reading_text(style)
        if reading is not None:
            notes.append(reading_line(reading, rich, style))
        sources = None if d.sources is None else d.sources.text()
        if sources is not None:
            notes.append(Text(sources))
        if d.hindsight is not None:
            h = d.hindsight
            seen = assemble_text(
                _("{label}: best {move}, cost {cost}"),
                label=visible(h.label_text()),
                move=move_text(h.best.card, h.best.capture, style, rich),
                cost=number(h.cost),
            )
            if not h.exact:
                seen.append(" " + bounds(h.low, h.high))
            seen.style = "dim" if rich else ""
            notes.append(seen)
        if notes:
            out.append(Indented(Group(*notes), widths[0] + 2))
    return out


def _summary_table(summary: dict[str, PlayerSummary], rich: bool) -> RenderableType:
    # each figure of a player, by its heading: one list for both layouts, so that a figure
    # added to one is in the other (each interval under its figure, for narrow columns)
    figures: list[tuple[str, Callable[[PlayerSummary], str]]] = [
        *((class_name(c), functools.partial(class_count, cls=c)) for c in CLASSES),
        (_("points lost"), functools.partial(lost_text, gap="\n")),
        (_("accuracy"), functools.partial(accuracy_text, none="-", gap="\n")),
    ]
    cells = cell_names(summary)
    table = new_table(_("player"), *(head for head, _figure in figures), rich=rich)
    for name, s in summary.items():
        table.add_row(cells[name], *(figure(s) for _head, figure in figures))
    # on a narrow terminal the players are the columns (four at most), the figures the rows
    narrow = new_table("", *(cells[name] for name in summary), rich=rich)
    for head, figure in figures:
        narrow.add_row(head, *(figure(s) for s in summary.values()))
    for t in (table, narrow):
        for col in t.columns[1:]:
            col.justify = "right"
            # a figure and its interval are never broken: "[0.14," over "3.72]" read as two
            # numbers at 80 columns, where the players-as-columns layout fits (width audit,
            # stop 54); this makes the wide table's least width its whole width
            col.no_wrap = True
    return Narrowing(table, narrow)


def lost_text(s: PlayerSummary, gap: str = " ") -> str:
    """The points lost with their 95% interval (after ``gap``): ``1.85 [1.20, 2.50]``; the
    bare figure when every decision was exact or forced."""
    low, high = s.points_lost_bounds
    if low == high == s.points_lost:
        return number(s.points_lost)
    return f"{number(s.points_lost)}{gap}{bounds(low, high)}"


def accuracy_text(s: PlayerSummary, none: str, gap: str = " ") -> str:
    """The accuracy with its 95% interval (after ``gap``), ``75.3% [66.1%, 84.0%]``, or
    ``none``."""
    if s.accuracy is None:
        return none
    shown = number(s.accuracy / 100, ".1%")
    interval = accuracy_bounds_text(s)
    return f"{shown}{gap}{interval}" if interval else shown


def accuracy_bounds_text(s: PlayerSummary) -> str:
    """The accuracy's 95% interval, ``[66.1%, 84.0%]``; empty when it has no width (every
    decision exact or forced) or there is no accuracy."""
    if s.accuracy is None or s.accuracy_bounds is None:
        return ""
    low, high = s.accuracy_bounds
    if low == high == s.accuracy:
        return ""
    return bounds(low / 100, high / 100, ".1%")


def review_view(review: Review, rich: bool = False, result: bool = True) -> list[RenderableType]:
    """The review: a heading, one line per decision with its observations, the summary, and
    (``result``) the hand's result."""
    record = review.record
    bold = "bold" if rich else ""
    title = record.info_text("title")
    if title:
        head = Text(_("Review: {title}").format(title=one_line(title)), style=bold)
    else:
        head = Text(_("Review of a hand"), style=bold)
    s = review.settings
    if s.time:
        budget = _("up to {n} samples and {seconds} s").format(
            n=s.samples, seconds=number(s.time, "g")
        )
    else:
        budget = _("up to {n} samples").format(n=s.samples)
    intro = Text(
        _("{ruleset}, hand {hand}, sampling seed {seed}; reviewed: {players}.").format(
            ruleset=one_line(record.ruleset.name),
            hand=review.hand,
            seed=review.seed,
            players=", ".join(one_line(p) for p in review.players),
        )
        + "\n"
        + _(
            "Cost: the best move's value minus the played move's, in points of the hand, with its "
            "95% interval; {budget} per decision. Classes by cost: {classes}; good–mistake = "
            "uncertain (the interval straddles a threshold: the classes it spans; the summary "
            "counts it under the milder, with ?)."
        ).format(budget=budget, classes=thresholds_text())
    )
    out: list[RenderableType] = [head, intro, Text("")]
    if review.decisions:
        out.extend(_decision_rows(review, rich))
    else:
        out.append(Text(_("No decision to review.")))
    for play, why in review.skipped:
        out.append(Text(_("Play {n} not reviewed: {why}").format(n=play, why=visible(why))))
    out.append(Text(""))
    out.append(Text(_("Summary"), style=bold))
    out.append(_summary_table(review.summary(), rich))
    out.append(_summary_legend(rich))
    out.extend(_costliest(review, rich))
    for name in review.players:
        out.extend(habits_lines(name, [d for d in review.decisions if d.player == name], rich))
    out.extend(_legend_lines([d for d in review.decisions if d.player in review.players]))
    if review.interrupted:
        out.append(Text(_("Interrupted: the review stops at the last decision judged.")))
    # the hand's result, as replay gives it: a player studying the hand had to run replay for
    # it (HTML audit, stop 48); nothing for a record that stops before the hand's end
    hand = replay_hand(review.record) if result else None  # (tutor play shows it above)
    if hand is not None and hand.score is not None:
        out.append(Text(""))
        out.extend(hand_end(hand, review.record, rich))
    return out


def _summary_legend(rich: bool) -> Text:
    return Text(
        _(
            "Points lost: the sum of the costs. Accuracy: the share of the points at stake "
            "that the player kept. In brackets, their 95% intervals over the sampled deals "
            "(docs/review.md)."
        ),
        style="dim" if rich else "",
    )


def match_review_view(
    reviews: Sequence[Review], hands: int, rich: bool = False
) -> list[RenderableType]:
    """``tutor review --match``: each hand's review in turn, then the summary over the hands
    reviewed (of the match's ``hands``), each player's figures summed over them."""
    bold = "bold" if rich else ""
    out: list[RenderableType] = []
    for review in reviews:
        out.append(Text(_("Hand {n} of {hands}").format(n=review.hand, hands=hands), style=bold))
        out.extend(review_view(review, rich))
        out.append(Text(""))
    out.append(
        Text(
            _("Summary of the match: {reviewed}").format(reviewed=hands_reviewed(reviews, hands)),
            style=bold,
        )
    )
    out.append(_summary_table(match_summary(reviews), rich))
    out.append(_summary_legend(rich))
    names = match_summary(reviews)
    for name in names:
        mine = [d for r in reviews for d in r.decisions if d.player == name]
        out.extend(habits_lines(name, mine, rich))
    out.extend(_legend_lines([d for r in reviews for d in r.decisions if d.player in names]))
    return out


def points_went_sentence(name: str, habits: Habits) -> str | None:
    """Where a player's points went, the cost splits summed by category, in one sentence
    (None when no cost was split): the terminal's and the page's."""
    if not habits.split:
        return None
    parts = split_text(habits.categories, habits.cost, habits.split)
    if parts is None:
        return None
    where = (
        ngettext(
            "Where your points went (the cost of {n} play split by category): {parts}.",
            "Where your points went (the costs of {n} plays split by category): {parts}.",
            habits.split,
        )
        if is_you(name)
        else ngettext(
            "Where {player}'s points went (the cost of {n} play split by category): {parts}.",
            "Where {player}'s points went (the costs of {n} plays split by category): {parts}.",
            habits.split,
        )
    )
    return where.format(player=one_line(name), n=habits.split, parts=parts)


def broken_maxims_parts(name: str, habits: Habits) -> tuple[str, list[str], list[list[str]]]:
    """The table of the maxims a player's plays went against: its heading, column headers and
    rows (the terminal's and the page's); :func:`costly_legend` says what its columns mean."""
    heading = (
        _("Maxims your plays went against:")
        if is_you(name)
        else _("Maxims {player}'s plays went against:").format(player=one_line(name))
    )
    headers = [_("observation"), _("times"), _("costly"), _("points lost on them")]
    rows = [
        [observation_label(b.code), str(b.times), str(b.costly),
         number(b.points) if b.costly else "-"]
        for b in habits.broken
    ]  # fmt: skip
    return heading, headers, rows


def costly_legend(decisions: Sequence[Decision]) -> str | None:
    """What the tables of maxims broken count as costly, said once under every player's
    (coach audit, stop 60: once per player, six times on a page); None when ``decisions``
    (every player's shown) broke no maxim, so no table is shown."""
    if not habits_of(decisions).broken:
        return None
    at = dict(THRESHOLDS)[SOURCES_FROM]
    return _(
        "Costly: the plays that cost {at} or more by the estimate (the summary may count them "
        "milder) where the best move kept the maxim; the other times the best move broke it "
        "too, or breaking it cost less. A play that broke several maxims counts its whole cost "
        "under each."
    ).format(at=number(at))


def _legend_lines(decisions: Sequence[Decision]) -> list[RenderableType]:
    legend = costly_legend(decisions)
    return [] if legend is None else [Text(legend)]


def habits_lines(name: str, decisions: Sequence[Decision], rich: bool) -> list[RenderableType]:
    """A player's habits over ``decisions`` (:func:`tutor.review.habits.habits_of`): where
    their points went by category, and the maxims their plays went against, with the times
    it cost; nothing when no cost was split and no maxim broken."""
    habits = habits_of(decisions)
    out: list[RenderableType] = []
    went = points_went_sentence(name, habits)
    if went is not None:
        out.append(Text(went))
    if habits.broken:
        heading, headers, rows = broken_maxims_parts(name, habits)
        out.append(Text(heading, style="bold" if rich else ""))
        table = new_table(*headers, rich=rich)
        for col in table.columns[1:]:
            col.justify = "right"
        for row in rows:
            table.add_row(*row)
        out.append(table)
    return out


def files_review_view(review: FilesReview, rich: bool = False) -> list[RenderableType]:
    """``tutor review A.yaml B.yaml ...``: a line per hand reviewed (its file, the players'
    points lost and accuracy), then the summary over them all, each player's costliest plays
    by file, hand and play, and their habits over every hand."""
    bold = "bold" if rich else ""
    reviews = review.reviews
    asked = max(review.asked, len(review.files))
    if asked > len(review.files):  # Ctrl-C stopped it before the last files
        head = ngettext(
            "Review of {done} of {n} file: {hands} (sampling seed {seed}; tutor review FILE "
            "for a file's decisions one by one).",
            "Review of {done} of {n} files: {hands} (sampling seed {seed}; tutor review FILE "
            "for a file's decisions one by one).",
            asked,
        )
    else:
        head = ngettext(
            "Review of {n} file: {hands} (sampling seed {seed}; tutor review FILE for a "
            "file's decisions one by one).",
            "Review of {n} files: {hands} (sampling seed {seed}; tutor review FILE for a "
            "file's decisions one by one).",
            asked,
        )
    said = head.format(done=len(review.files), n=asked, hands=_hands_part(review),
                       seed=reviews[0].settings.seed if reviews else 0)  # fmt: skip
    out: list[RenderableType] = [Text(said, style=bold), Text("")]
    table = new_table(_("file"), _("hand"), _("player"), _("points lost"), _("accuracy"),
                      rich=rich)  # fmt: skip
    for col in table.columns[1:]:
        col.justify = "right"
    table.columns[2].justify = "left"
    for name, match in review.files:
        for r in match.reviews:
            for player, s in r.summary().items():
                table.add_row(
                    one_line(name), str(r.hand), one_line(player), lost_text(s),
                    accuracy_text(s, none="-"),
                )  # fmt: skip
    out.append(table)
    out.append(Text(""))
    out.append(Text(_("Summary over every hand reviewed"), style=bold))
    summary = review.summary
    out.append(_summary_table(summary, rich))
    out.append(_summary_legend(rich))
    for player in summary:
        worst = match_costliest(reviews, player)
        mine = [d for r in reviews for d in r.decisions if d.player == player]
        plays = [
            (
                _("{file}, hand {hand}, play {n}:").format(
                    file=one_line(review.file_of(r)), hand=r.hand, n=d.play
                ),
                r.record.style,
                d,
            )
            for r, d in worst
        ]
        if plays:
            out.append(costliest_line(player, plays, rich, best=False))
        out.extend(habits_lines(player, mine, rich))
    out.extend(_legend_lines([d for r in review.reviews for d in r.decisions]))
    if review.interrupted:
        out.append(Text(_("Interrupted: the review stops at the last decision judged.")))
    return out


def hands_reviewed(reviews: Sequence[Review], hands: int) -> str:
    """How much of a match of ``hands`` hands ``reviews`` cover: ``3 hands of 4 reviewed``,
    or after a Ctrl-C ``2 hands of 4 reviewed, hand 3 in part`` (match audit, stop 55: the
    hand cut short was counted as reviewed)."""
    if reviews and reviews[-1].interrupted:
        whole = len(reviews) - 1
        return ngettext(
            "{n} hand of {hands} reviewed, hand {k} in part",
            "{n} hands of {hands} reviewed, hand {k} in part",
            whole,
        ).format(n=whole, hands=hands, k=reviews[-1].hand)
    return ngettext(
        "{n} hand of {hands} reviewed", "{n} hands of {hands} reviewed", len(reviews)
    ).format(n=len(reviews), hands=hands)


def files_reviewed(review: FilesReview) -> str:
    """How much a review of several files covers: ``2 files, 5 hands reviewed``, or after a
    Ctrl-C ``2 files, 4 hands reviewed and one in part`` (the hand cut short is not counted
    whole, as :func:`hands_reviewed` does not count it)."""
    files, asked = len(review.files), max(review.asked, len(review.files))
    if asked > files:  # Ctrl-C stopped it before the last files
        return ngettext("{done} of {n} file, {hands}", "{done} of {n} files, {hands}",
                        asked).format(done=files, n=asked, hands=_hands_part(review))  # fmt: skip
    return ngettext("{n} file, {hands}", "{n} files, {hands}", files).format(
        n=files, hands=_hands_part(review)
    )


def _hands_part(review: FilesReview) -> str:
    """``5 hands reviewed``, or after a Ctrl-C ``4 hands reviewed and one in part``."""
    whole = len(review.reviews) - review.interrupted
    return (
        ngettext("{n} hand reviewed and one in part", "{n} hands reviewed and one in part", whole)
        if review.interrupted
        else ngettext("{n} hand reviewed", "{n} hands reviewed", whole)
    ).format(n=whole)


def _costliest(review: Review, rich: bool) -> list[RenderableType]:
    """Each player's costliest decisions, worst first, where to look first (found by a user:
    a long review gave no way to find one's worst play but reading every line)."""
    out: list[RenderableType] = []
    for name in review.players:
        mine = [(_("play {n}:").format(n=d.play), review.record.style, d)
                for d in costliest(review, name)]  # fmt: skip
        if mine:
            out.append(costliest_line(name, mine, rich, best=True))
    return out


def costliest_line(
    name: str, plays: Sequence[tuple[str, Style, Decision]], rich: bool, best: bool
) -> Text:
    """``Your costliest plays:`` then each of ``plays`` (its label, notation and decision):
    the move and its cost, with the interval and the best move when ``best``."""
    # one play or several, said so (English audit, stop 52: "Your costliest plays: play 21")
    costliest_of = (
        ngettext("Your costliest play:", "Your costliest plays:", len(plays))
        if is_you(name)
        else ngettext("{player}'s costliest play:", "{player}'s costliest plays:", len(plays))
    )
    line = Text(costliest_of.format(player=one_line(name)) + " ")
    for k, (label, style, d) in enumerate(plays):
        j = d.judgement
        if k:
            line.append("; ")
        line.append(label + " ")
        line.append_text(move_text(d.move.card, d.move.capture, style, rich))
        cost = _("{cost} points").format(cost=number(j.cost))
        if not best:
            line.append(", " + cost)
            continue
        bounds = j.bounds_text()
        line.append(", " + cost + (" " + bounds if bounds else ""))
        line.append(" (" + _("best") + " ")
        line.append_text(move_text(j.best.card, j.best.capture, style, rich))
        line.append(")")
    return line


def _values_line(player: str, rules: Ruleset, unit: str) -> str:
    """The line that says what the values of a position's moves are: a side's points where
    players have partners, the player's own where they have none."""
    whose = points_whose(None if is_you(player) else one_line(player), rules)
    return _("Values: points of the hand, {whose}, {unit}.").format(whose=whose, unit=unit)


def explanation_view(ex: PositionExplanation, rich: bool = False) -> list[RenderableType]:
    """Every legal move in plain words, best first."""
    record = ex.record
    style = record.style
    bold = "bold" if rich else ""
    rules = ruleset_label(record.ruleset.name)
    head = assemble_text(
        _("Play {n}: your turn ({ruleset}); table: {table}; hand: {hand}")
        if is_you(ex.player)
        else _("Play {n}: {player} to move ({ruleset}); table: {table}; hand: {hand}"),
        n=str(ex.at + 1),
        player=one_line(ex.player),
        ruleset=rules,
        table=cards_text(ex.table, style, rich, empty=_("empty")),
        hand=cards_text(ex.hand, style, rich),
    )
    head.stylize(bold)
    if ex.exact:
        unit = _("exact values (every card is known by counting)")
    elif ex.samples:
        unit = ngettext(
            "mean over {n} sampled deal (seed {seed}), with 95% intervals",
            "mean over {n} sampled deals (seed {seed}), with 95% intervals",
            ex.samples,
        ).format(n=ex.samples, seed=ex.seed)
        quick = ex.sampled.settings.exact_plies if ex.sampled is not None else None
        if quick is not None and quick != DEFAULT_EXACT_PLIES:
            # tutor play's quick look values the deals otherwise than explain --at and the
            # review: the same seed and deals gave other numbers (consistency audit, stop 59)
            unit += " " + _(
                "(a quick look: each deal solved exactly from {n} plays left, not {review} "
                "as in tutor review and explain --at, so their values may differ)"
            ).format(n=quick, review=DEFAULT_EXACT_PLIES)
    else:
        unit = _("one legal move: nothing to compare")
    out: list[RenderableType] = [
        *match_hand_lines(record, rich),
        head,
        Text(_values_line(ex.player, record.ruleset, unit)),
    ]
    for warning in ex.warnings():
        out.append(
            Text(
                _("Warning: {warning}.").format(warning=warning),
                style="bold yellow" if rich else "",
            )
        )
    reading = ex.reading_text()
    if reading is not None:
        out.append(reading_line(reading, rich, style))
    lead = ex.lead()
    if lead is not None:  # as solve says it: whether the deals tell the first two apart
        # (coach audit, stop 60: the order of the first two went unquestioned)
        first = ex.moves[0].move
        said = Text(_("Best move:") + " ")
        said.append_text(move_text(first.card, first.capture, style, rich))
        out.append(Text.assemble(said, ". ", lead_line(*lead, style, rich)))
    played = ex.played
    for i, m in enumerate(ex.moves, start=1):
        line = Text(f"{i}. ", style=bold)
        line.append_text(move_text(m.move.card, m.move.capture, style, rich))
        v = m.value
        if v is not None and v.n:
            if ex.exact:
                line.append("  " + number(v.value, "+g"))
            else:
                line.append(f"  {number(v.value, '+.2f')} {bounds(v.low, v.high, '+.2f')}")
        if played is not None and played.move == m.move:
            line.append("  " + _("(played in the record)"))
        sentences = m.sentences(style, ex.next_player)
        body: list[RenderableType] = [glyph_cards(visible(s), style, rich) for s in sentences]
        for o in m.observations:
            if o.code in SAID_BY_THE_TABLE_LINE:  # its facts are the line on the table left,
                # and its comparisons the other moves' blocks (coach audit, stop 57: said twice)
                o = replace(o, text=_("see the table it leaves, above."))
            body.append(observation_line(o, rich, style))
        out.append(Text(""))
        out.append(line)
        out.append(Indented(Group(*body), len(f"{i}. ")))  # under the play, from 10. on too
    if played is not None:
        out += [Text(""), *_played_lines(played, style, rich)]
        out += [observation_line(o, rich, style) for o in ex.played_notes]
        sources = None if played.sources is None else played.sources.text()
        if sources is not None:
            out.append(Text(sources))
    return out


def _played_lines(d: Decision, style: Style, rich: bool) -> list[RenderableType]:
    """``explain --at``'s last word: the verdict on the move the record made, judged as
    ``tutor review`` judges, on the deals the list was valued on, with its cost and interval
    (the review itself may stop sampling sooner, once the class is settled)."""
    j = d.judgement
    label = Text(class_label(d), style=CLASS_COLOURS[j.classification] if rich else "")
    if j.classification == "forced":  # the words tutor play's feedback gives it
        forced = _("(the only play)") if len(j.moves) == 1 else _("(every play is worth the same)")
        verdict = assemble_text("{label} {why}", label=label, why=forced)
    elif j.classification == "best" and not j.uncertain and j.exact:
        verdict = assemble_text("{label} {exact}", label=label, exact=_("(exact)"))
    else:  # the cost with its interval, as the review's row gives it, and the best move
        bounds = j.bounds_text()  # none when exact
        if j.best == d.move:
            said = _("{verdict}, cost {cost} {bounds}") if bounds else _("{verdict}, cost {cost}")
        elif bounds:
            said = _("{verdict}, cost {cost} {bounds} against {best}")
        else:
            said = _("{verdict}, cost {cost} against {best}")
        verdict = assemble_text(
            said,
            verdict=label,
            cost=number(j.cost),
            bounds=bounds,
            best=move_text(j.best.card, j.best.capture, style, rich),
        )
    if j.exact or not j.samples:  # no deals: the values are exact, or there was no choice
        said = (
            _("In the record, you played {move}: {verdict}.")
            if is_you(d.player)
            else _("In the record, {player} played {move}: {verdict}.")
        )
    elif is_you(d.player):
        said = _("In the record, you played {move}: on the deals above, {verdict}.")
    else:
        said = _("In the record, {player} played {move}: on the deals above, {verdict}.")
    line = assemble_text(
        said,
        player=one_line(d.player),
        move=move_text(d.move.card, d.move.capture, style, rich),
        verdict=verdict,
    )
    return [line]
