"""A game against the computer on a terminal (``tutor play``): rich renderables or plain text.

Pure functions of the events of :mod:`tutor.training.play`; the board, the score sheet, the
review and the explanation are the existing renderers (:mod:`tutor.render.terminal`,
:mod:`tutor.render.review`). Names come from the game, but a resumed file could hold anything:
they pass through :func:`tutor.render.safe.one_line`.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from tutor.game.cards import SETTEBELLO, Style, indexes_of
from tutor.render.review import CLASS_COLOURS, class_label, explanation_view, review_view
from tutor.render.safe import one_line, visible
from tutor.render.terminal import (
    card_text,
    cards_text,
    hand_end,
    match_table,
    move_text,
    tracker_board,
    tracker_view,
)
from tutor.review.judge import json_number
from tutor.training.play import (
    BoardShown,
    Dealt,
    Event,
    Explained,
    Feedback,
    HandOver,
    Hint,
    Played,
    Quit,
    Said,
    Turn,
)

__all__ = ["event_view", "observation_label", "feedback_view", "turn_view", "hint_view"]


def observation_label(code: str) -> str:
    """An observation code in words: ``missed-scopa`` -> ``missed scopa``."""
    return code.replace("-", " ")


def _bold(rich: bool) -> str:
    return "bold" if rich else ""


def _played(ev: Played, style: Style, rich: bool) -> list[RenderableType]:
    who = "You" if ev.yours else one_line(ev.player)
    line = Text(f"{ev.number}. {who}: ")
    line.append_text(move_text(ev.move.card, ev.move.capture, style, rich))
    if ev.scopa:
        line.append("  SCOPA!" if rich else "  SCOPA", style="bold yellow" if rich else "")
    return [line]


def feedback_view(ev: Feedback, style: Style, rich: bool = False) -> list[RenderableType]:
    """What the tutor says of one of your plays, in one or two lines: the class and the cost
    against the best play, then the observations by name, the first that speaks against the
    play in full."""
    d = ev.decision
    j = d.judgement
    line = Text("   tutor: ")
    line.append(class_label(d), style=CLASS_COLOURS[j.classification] if rich else "")
    if j.classification == "forced":
        line.append(" (the only play)" if len(j.moves) == 1 else " (every play is worth the same)")
    elif j.classification == "best" and not j.uncertain:
        line.append(" (exact)" if j.exact else "")
    else:
        line.append(f", cost {j.cost:.2f}")
        if j.exact:
            line.append(" (exact)")
        elif j.high > j.low:
            high = json_number(j.high)
            line.append(f", up to {'?' if high is None else f'{high:.2f}'}")
        if j.best != d.move:
            line.append("; best ")
            line.append_text(move_text(j.best.card, j.best.capture, style, rich))
        if j.uncertain:
            line.append(
                f" ({j.samples} samples in {ev.seconds:.1f} s cannot settle the class)",
                style=_dim(rich),
            )
    out: list[RenderableType] = [line]
    obs = list(d.observations)
    if obs:
        against = [o for o in obs if o.against]
        text = Text("   ")
        if against:
            first = against[0]
            text.append(observation_label(first.code), style=_bold(rich))
            text.append(f": {visible(first.text).rstrip('.')}")
            rest = [o for o in obs if o is not first]
            if rest:
                text.append("; also: " + ", ".join(observation_label(o.code) for o in rest))
        else:
            text.append(", ".join(observation_label(o.code) for o in obs), style=_bold(rich))
        out.append(text)
    return out


def _dim(rich: bool) -> str:
    return "dim" if rich else ""


def turn_view(ev: Turn, style: Style, rich: bool = False) -> list[RenderableType]:
    """Your turn: the table, your cards with each card's legal plays, the cards left in each
    hand, the score so far, and the compact rule-of-48 board (unless hidden)."""
    view = ev.view
    out: list[RenderableType] = [
        Text(f"Hand {ev.hand}, play {ev.play}: your turn.", style=_bold(rich))
    ]
    table = Text("Table: ")
    table.append_text(cards_text(ev.table_order, style, rich, empty="empty"))
    out.append(table)
    mine = Text("Your cards: ")
    for k, card in enumerate(indexes_of(view.hands[ev.seat])):
        if k:
            mine.append("   ")
        mine.append_text(card_text(card, style, rich))
        caps = [m for m in ev.moves_of(card) if m.capture]
        if caps:
            mine.append(" (x ")
            mine.append_text(Text(" | ").join(cards_text(m.capture, style, rich) for m in caps))
            if any(not m.capture for m in ev.moves_of(card)):
                mine.append(" | lay")
            mine.append(")")
    out.append(mine)
    left = ", ".join(f"{one_line(p)} {n}" for p, n in ev.cards_left())
    stock = view.to_deal()
    out.append(Text(f"Cards in hand: {left}" + (f"; {stock} still to deal." if stock else ".")))
    replay = ev.match
    hand = replay.hands[-1]
    tally = hand.steps[-1].tally if hand.steps else []
    sides = ev.record.team_names()
    if tally:
        parts = [
            f"{one_line(t.name)} {t.cards} cards, {t.denari} denari, {t.scope} scope"
            + (", the settebello" if view.captured[t.side] & SETTEBELLO.bit else "")
            for t in tally
        ]
        out.append(Text("Captured: " + "; ".join(parts) + "."))
    match = replay.match
    if match.hands:
        totals = ", ".join(
            f"{one_line(n)} {t}" for n, t in zip(replay.sides, match.totals, strict=True)
        )
        out.append(Text(f"Match: {totals} (to {match.rules.target})."))
    elif len(sides) and ev.hand == 1 and not hand.steps:
        out.append(Text(f"Match to {match.rules.target}: {' v '.join(map(one_line, sides))}."))
    if ev.board is not None:
        out.append(tracker_board(ev.board, style, rich))
    return out


def hint_view(ev: Hint, style: Style, rich: bool = False) -> list[RenderableType]:
    """The hint: the play, its value, the next best, the observations and the rules."""
    v = ev.value
    line = Text("Hint: ", style=_bold(rich))
    line.append_text(move_text(ev.move.card, ev.move.capture, style, rich))
    if v.n and ev.exact:
        line.append(f", worth {v.value:+g} points of the hand (exact: every card is known)")
    elif v.n:
        line.append(
            f", worth {v.value:+.2f} [{v.low:+.2f}, {v.high:+.2f}] points of the hand "
            f"(mean over {ev.samples} sampled deals)"
        )
    else:
        line.append(" (the only play)")
    out: list[RenderableType] = [line]
    if ev.others:
        nxt = Text("   next: ")
        for k, est in enumerate(ev.others):
            if k:
                nxt.append("; ")
            nxt.append_text(move_text(est.move.card, est.move.capture, style, rich))
            nxt.append(f" {est.value:+g}" if ev.exact else f" {est.value:+.2f}")
        out.append(nxt)
    for o in ev.observations:
        t = Text("   ")
        t.append(observation_label(o.code), style=_bold(rich))
        t.append(f": {visible(o.text)}")
        out.append(t)
    if ev.rules:
        rules = Text("   the chitarrella rules weigh: ")
        rules.append("; ".join(f"{r.name} {r.score:+.1f} ({r.maxim})" for r in ev.rules))
        out.append(rules)
    if ev.rule_choice != ev.move:
        other = Text("   the rules alone would play ")
        other.append_text(move_text(ev.rule_choice.card, ev.rule_choice.capture, style, rich))
        out.append(other)
    return out


def _dealt(ev: Dealt, style: Style, rich: bool) -> list[RenderableType]:
    record = ev.record
    players = record.players
    order = ", ".join(one_line(p) for p in players)
    where = {0: "you lead", len(players) - 1: "you deal and play last"}.get(
        ev.seat, f"you play {_ordinal(ev.seat + 1)}"
    )
    head = Text(f"Hand {ev.hand} ({record.ruleset.name}): {where}.", style=_bold(rich))
    out: list[RenderableType] = [
        head,
        Text(f"Playing order: {order}; {one_line(players[-1])} deals."),
    ]
    if record.ruleset.players > record.ruleset.sides:
        out.append(Text("Sides: " + " v ".join(one_line(s) for s in record.team_names()) + "."))
    return out


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def _hand_over(ev: HandOver, style: Style, rich: bool) -> list[RenderableType]:
    replay = ev.match.hands[ev.hand - 1]
    out: list[RenderableType] = [Text(""), Text(f"Hand {ev.hand} is over.", style=_bold(rich))]
    out.extend(hand_end(replay, ev.record, rich))
    out.append(Text(""))
    out.extend(review_view(ev.review, rich))
    out.append(Text(""))
    out.append(match_table(ev.match.match, ev.match.sides, rich))
    if not ev.match.match.over:
        out.append(Text("Next hand? Type yes to deal it, or no to stop here (saved)."))
    return out


def event_view(ev: Event, style: Style, rich: bool = False) -> list[RenderableType]:
    """Any event of a game, drawn."""
    if isinstance(ev, Played):
        return _played(ev, style, rich)
    if isinstance(ev, Feedback):
        return feedback_view(ev, style, rich)
    if isinstance(ev, Turn):
        return [Text(""), *turn_view(ev, style, rich)]
    if isinstance(ev, Dealt):
        return _dealt(ev, style, rich)
    if isinstance(ev, Hint):
        return hint_view(ev, style, rich)
    if isinstance(ev, Explained):
        return explanation_view(ev.explanation, rich)
    if isinstance(ev, BoardShown):
        return tracker_view(ev.board, style, rich)
    if isinstance(ev, HandOver):
        return _hand_over(ev, style, rich)
    if isinstance(ev, Said):
        return [Text(ev.text.rstrip())]
    if isinstance(ev, Quit):
        return []
    raise TypeError(f"no view for {type(ev).__name__}")
