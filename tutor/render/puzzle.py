"""A puzzle on the terminal: the position from the puzzle's seat, the question, the verdict.

The position shows what the seat may know and nothing more: the plays so far (round by round),
the table, the seat's hand (every hand when the puzzle is an open one), how many cards each
player still holds, each side's captures so far, and whose turn it is. The themes are shown
only with the answer, since they would give it away.

>>> from tutor.puzzles.format import collection_dir, load_puzzles
>>> [p] = load_puzzles(collection_dir() / "seed004-rule-of-48.yaml")
>>> print(plain_text(*puzzle_position(p)), end="")
Seed 004: which values are unmatched?
scopone-scientifico, italian deck; difficulty 1 of 5. You are East.
Playing order: South, West, North, East (East deals and plays last); sides North-South v East-West.
Plays so far:
  1. South FD x 2S 6C, West 2C, North 7B x 2C 5B
Table: RD
Your hand: 3B 4C 4S 6D 6S 7D 7S FC CC
Cards in hand: South 8, West 8, North 8, East 9.
Captured so far: North-South 6 cards, 1 denaro, 0 scope; East-West 0 cards, 0 denari, 0 scope.
East to play.
<BLANKLINE>
After play 3, from your seat (East): which values are unmatched (an odd number of cards captured)?
Type the values, like 2 6 8, or none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from tutor.counting.tracker import viewer_state
from tutor.game.i18n import _, is_you
from tutor.game.rules import capture_rule_text
from tutor.game.scoring import denari_of
from tutor.puzzles.format import Puzzle
from tutor.records.puzzle_key import theme_name
from tutor.records.record import HandRecord
from tutor.records.replay import replay_hand
from tutor.render.safe import fill_markup, isolated, markup, one_line, visible
from tutor.render.scores import pile_text
from tutor.render.svg import position_svg, svg_document
from tutor.render.terminal import Packed, cards_text, move_text, plain_text, prose

if TYPE_CHECKING:  # the answer and check modules bring the solver: not needed
    # to show a position, which must appear quickly (docs/puzzles.md, speed)
    from tutor.puzzles.answer import Verdict
    from tutor.puzzles.check import PuzzleCheck

__all__ = [
    "puzzle_position",
    "puzzle_question",
    "verdict_view",
    "check_view",
    "list_view",
    "plain_text",
    "position_file_svg",
]


def _numbered(number: int, parts: list[Text]) -> Packed:
    """A numbered line of ``parts`` (a round's plays, a deal's hands), commas between them,
    wrapped between parts only, never inside one (practice audit, stop 49: a narrow terminal
    cut "RD x AH | CD (scopa)" short), later lines under the first part."""
    mark = f"  {number}. "
    for part in parts[:-1]:
        part.append(",")
    return Packed(Text(mark), parts, gap=1, indent=len(mark))


def puzzle_position(p: Puzzle, rich: bool = False) -> list[RenderableType]:
    """The position as the puzzle's seat sees it, then the question."""
    style = p.style
    state = p.state
    bold = "bold" if rich else ""
    names = [one_line(n) for n in p.shown_players]
    out: list[RenderableType] = [Text(one_line(p.spec.text("title")), style=bold)]
    head = Text(
        _("{ruleset}, {deck} deck; difficulty {n} of 5.").format(
            ruleset=p.record.ruleset.name, deck=style.shown_name(), n=p.spec.difficulty
        )
    )
    if not is_you(names[p.seat]):  # never "You are You"
        head.append(" " + _("You are {name}.").format(name=names[p.seat]))
    if p.shows_all_hands:
        head.append(" " + _("Every hand is shown."))
    out.append(head)
    if p.kind == "legal-captures":  # the answer turns on it: said before, not after (learner
        # audit, stop 57: two puzzles of one table under two rulesets, told apart by the name)
        rule = capture_rule_text(p.record.ruleset)
        out.append(Text(_("Capture precedence: {rule}.").format(rule=rule)))
    order = {"players": ", ".join(names), "dealer": names[-1]}
    if p.record.ruleset.partners:
        sides = _(" v ").join(one_line(t) for t in p.shown_side_names())
        seating = (
            _("Playing order: {players} (you deal and play last); sides {sides}.")
            if is_you(names[-1])
            else _("Playing order: {players} ({dealer} deals and plays last); sides {sides}.")
        )
        out.append(Text(seating.format(**order, sides=sides)))
    else:
        seating = (
            _("Playing order: {players} (you deal and play last).")
            if is_you(names[-1])
            else _("Playing order: {players} ({dealer} deals and plays last).")
        )
        out.append(Text(seating.format(**order)))
    steps = replay_hand(p.record).steps
    if steps:
        out.append(Text(_("Plays so far:")))
        per = p.record.ruleset.players
        for start in range(0, len(steps), per):
            # one round a line
            plays = []
            for step in steps[start : start + per]:
                play = Text(f"{names[step.seat]} ")
                play.append_text(move_text(step.card, step.move.capture, style, rich))
                if step.scopa:
                    play.append(" " + _("(scopa)"), style="bold yellow" if rich else "")
                plays.append(play)
            out.append(_numbered(start // per + 1, plays))
    out.append(Text.assemble(_("Table:") + " ", cards_text(state.table, style, rich)))
    view = p.view()
    if p.shows_all_hands:
        for seat, name in enumerate(names):
            label = _("{name} (you):") if seat == p.seat and not is_you(name) else "{name}:"
            out.append(
                Text.assemble(
                    label.format(name=name) + " ", cards_text(view.hands[seat], style, rich)
                )
            )
    else:
        out.append(
            Text.assemble(_("Your hand:") + " ", cards_text(view.hands[p.seat], style, rich))
        )
    counts = ", ".join(f"{names[s]} {state.hand_size(s)}" for s in range(len(names)))
    to_deal = sum(k.bit_count() + u for d in state.deals[state.deal_index :] for k, u in d)
    if to_deal:
        in_hand = _("Cards in hand: {counts}; {n} still to deal.").format(counts=counts, n=to_deal)
    else:
        in_hand = _("Cards in hand: {counts}.").format(counts=counts)
    out.append(Text(in_hand))
    coming = state.deals[state.deal_index :]
    if p.shows_all_hands and coming and all(not u for deal in coming for _k, u in deal):
        # the values quoted are exact for these deals: they are shown, never solved unseen
        out.append(Text(_("The deals to come (every card is known):")))
        for number, deal in enumerate(coming, state.deal_index + 1):
            hands = [
                Text(f"{names[seat]} ").append_text(cards_text(known, style, rich))
                for seat, (known, _u) in enumerate(deal)
            ]
            out.append(_numbered(number, hands))
    tallies = []
    for side, team in enumerate(p.shown_side_names()):
        pile = state.captured[side]
        tallies.append(
            pile_text(
                one_line(team),
                pile.bit_count(),
                denari_of(pile),
                state.scope[side],
                settebello=False,
            )
        )
    out.append(Text(_("Captured so far: {tallies}.").format(tallies="; ".join(tallies))))
    if not state.is_over():
        turn = names[state.turn]
        out.append(
            Text(_("Your turn.") if is_you(turn) else _("{name} to play.").format(name=turn))
        )
    out.append(Text(""))
    out.extend(puzzle_question(p, rich))
    return out


def puzzle_question(p: Puzzle, rich: bool = False) -> list[RenderableType]:
    """The question and how to type the answer (its cards drawn as the position's are; the
    examples of what to type stay in the deck's letters, as they are typed)."""
    bold = "bold" if rich else ""
    question = prose(visible(p.question_text()), p.style, rich, text_style=bold)
    # the examples of what to type stay in letters, as they are typed, and whole
    return [question, prose(p.answer_hint(), p.style, False)]


def verdict_view(p: Puzzle, verdict: Verdict, rich: bool = False) -> list[RenderableType]:
    """Right or wrong, the explanation, and the themes: the cards drawn as the position's are,
    a line that begins indented kept so when it wraps."""
    colour = "green" if verdict.correct else "red"
    said = f"bold {colour}" if rich else ""
    out: list[RenderableType] = [prose(visible(verdict.message), p.style, rich, text_style=said)]
    for line in verdict.lines:
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        # an item ("  - KS x 4C 6D: not allowed: ...") hangs under its first word, so that its
        # second line does not read as another item (width audit, stop 54)
        hang = indent + 2 if body.startswith("- ") else None
        out.append(prose(visible(body), p.style, rich, indent, hang=hang))
    themes = ", ".join(theme_name(t) for t in p.spec.themes)
    out.append(Text(_("Themes: {themes}.").format(themes=themes), style="dim" if rich else ""))
    return out


def check_view(check: PuzzleCheck) -> Text:
    """One line per puzzle: ok, or what is wrong."""
    return Text(one_line(check.line()))


def position_file_svg(record: HandRecord, at: int, viewer: int, caption: str | None = None) -> str:
    """A standalone ``.svg`` of the position after ``at`` plays, seen from ``viewer``'s seat:
    the table, the viewer's hand, the cards each other player holds and whose turn it is (the
    review's drawing, :func:`tutor.render.svg.position_svg`)."""
    state = record.state_at(at)
    view = viewer_state(state, viewer)
    names = record.players
    if caption is None:
        when = _("After play {n}").format(n=at) if at else _("Before the first play")
        seat = (
            _("{when}, from your seat")
            if is_you(names[viewer])
            else _("{when}, from {name}'s seat")
        )
        caption = fill_markup(seat, when=markup(when), name=isolated(names[viewer]))
    else:  # a puzzle's title, from its file: isolated as names are
        caption = isolated(caption)
    return svg_document(position_svg(view, viewer, names, record.style, caption_markup=caption))


def list_view(puzzles: Sequence[Puzzle], rich: bool = False) -> list[RenderableType]:
    """``tutor puzzle list``: one row a puzzle, its name (what ``puzzle try`` takes), its
    difficulty out of 5, its ruleset and its title (the themes and the question are in
    ``--json``, and ``--theme`` picks by theme)."""
    from rich.console import Group

    from tutor.render.terminal import Indented, Narrowing, new_table

    table = new_table(_("puzzle"), _("difficulty"), _("ruleset"), _("title"), rich=rich)
    # a title narrower than this read a word a line on a terminal of 80 (output audit, stop 54):
    # there each puzzle takes two lines instead, its title under its name
    table.columns[3].min_width = TITLE_WIDTH_MIN
    lines: list[RenderableType] = []
    for p in puzzles:
        name, title = one_line(p.name), one_line(p.spec.text("title"))
        level, ruleset = f"{p.spec.difficulty}/5", one_line(p.record.ruleset_name)
        table.add_row(name, level, ruleset, title)
        about = _("difficulty {level}, {ruleset}").format(level=level, ruleset=ruleset)
        lines.append(Text(name, style="bold" if rich else ""))
        lines.append(Indented(Text(f"{title} ({about})"), 2))  # wrapped under itself
    return [Narrowing(table, Group(*lines))]


TITLE_WIDTH_MIN = 24
"""The least width of ``puzzle list``'s title column: a title is a few words."""
