"""The replay as one self-contained HTML page (``tutor replay --html OUT``): an analysis board.

For every play of each hand the page shows the position it was made from (the table, each hand
as far as the record gives it, the mover's card marked), the play and what it took, the table
after it, each side's running cards, denari and scope, and the record's note; after the last
play, the hand's score as the review's page gives it (:func:`tutor.render.html.score_section`).

Without JavaScript every position follows the one before, to read or print. A small inline
script (no file, no network) makes each hand a stepper: one position at a time, buttons and
keys (arrows, Home, End) to move, an indicator a screen reader announces, and the address's
``#play-N`` following the position, so that a link opens at a play. Every text from the record
goes through :func:`tutor.render.safe.markup` (names, titles and notes in ``<bdi>``).
"""

from __future__ import annotations

from tutor.game.cards import Card, Style, format_card
from tutor.game.i18n import _, is_you, ngettext, pgettext
from tutor.records.record import HandRecord
from tutor.records.replay import HandReplay, MatchReplay, ReplayStep
from tutor.render.html import (
    about,
    hand_id,
    hand_result,
    hands_nav,
    html_page,
    record_note,
    score_section,
    scrolled,
    took_html,
)
from tutor.render.safe import bdi, fill, fill_markup, markup

__all__ = ["replay_page", "REPLAY_CSS", "STEPPER_SCRIPT"]

REPLAY_CSS = """
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 10px;
  position: sticky; top: 0; z-index: 1; background: var(--bg); padding: 8px 0; }
.controls[hidden], .position[hidden], .final[hidden] { display: none; }
.controls button { font: inherit; min-height: 40px; padding: 4px 14px; border-radius: 8px;
  border: 1px solid #8a96a3; background: var(--card); color: var(--ink); cursor: pointer; }
.controls button:focus-visible { outline: 3px solid #2962ff; outline-offset: 2px; }
.controls button[aria-disabled="true"] { color: var(--muted); cursor: default; }
.controls .at { font-weight: 700; min-width: 9em; }
.controls .keys { color: var(--muted); font-size: .85rem; flex-basis: 100%; margin: 0; }
.sheet { display: grid; gap: 8px 18px; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  margin-top: 8px; }
.sheet > * { min-width: 0; }
.sheet table { width: 100%; }
.sheet th, .sheet td { padding: 2px 10px 2px 0; text-align: left; vertical-align: top;
  border-bottom: 1px solid #eef1f5; font-size: .92rem; }
.sheet th[scope="row"] { font-weight: 400; color: var(--muted); overflow-wrap: anywhere;
  width: 32%; }
.sheet th.mover { font-weight: 700; color: var(--ink); }
.sheet .cards { overflow-wrap: anywhere; }
.tally td { text-align: right; }
.tally caption { caption-side: bottom; text-align: left; color: var(--muted); font-size: .85rem; }
mark.played { background: #ffe9a8; color: var(--ink); outline: 1px solid #8a6a00;
  border-radius: 3px; padding: 0 2px; }
.scopa { display: inline-block; border-radius: 6px; padding: 1px 9px; color: #fff;
  background: #137333; font-weight: 700; font-size: .9rem; }
@media (max-width: 700px) { .sheet { grid-template-columns: minmax(0, 1fr); } }
@media print {
  .controls { display: none !important; }
  .position[hidden], .final[hidden] { display: block !important; }  /* print holds it all */
  .play { break-inside: avoid; }
}
"""
"""What the replay's page adds to the review's style sheet (:data:`tutor.render.html.CSS`)."""

STEPPER_SCRIPT = """
(function () {
  'use strict';
  var keys = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last' };
  var steppers = Array.prototype.slice.call(document.querySelectorAll('.stepper'));
  if (!steppers.length) { return; }
  var active = steppers[0];
  function positions(s) {
    return Array.prototype.slice.call(s.querySelectorAll('.position'));
  }
  function show(s, k, follow) {
    var all = positions(s);
    k = Math.max(0, Math.min(all.length - 1, k));
    all.forEach(function (p, i) { p.hidden = i !== k; });
    var end = s.querySelector('.final');
    if (end) { end.hidden = k !== all.length - 1; }
    s.setAttribute('data-at', String(k));
    var at = s.querySelector('.at');
    at.textContent = at.getAttribute('data-template')
      .replace('{n}', String(k + 1)).replace('{total}', String(all.length));
    s.querySelectorAll('button').forEach(function (b) {
      var go = b.getAttribute('data-go');
      var stuck = (go === 'first' || go === 'previous') ? k === 0 : k === all.length - 1;
      b.setAttribute('aria-disabled', stuck ? 'true' : 'false');
    });
    active = s;
    if (follow && all[k].id) {
      try { history.replaceState(null, '', '#' + all[k].id); } catch (e) { /* no address */ }
    }
  }
  function go(s, where) {
    var k = Number(s.getAttribute('data-at')) || 0;
    var last = positions(s).length - 1;
    var to = { first: 0, previous: k - 1, next: k + 1, last: last }[where];
    if (to !== undefined && to >= 0 && to <= last && to !== k) { show(s, to, true); }
  }
  function fromAddress() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || !target.classList.contains('position')) { return; }
    var s = target.closest('.stepper');
    show(s, positions(s).indexOf(target), false);
    target.scrollIntoView();
  }
  steppers.forEach(function (s) {
    s.querySelector('.controls').hidden = false;
    show(s, 0, false);
    s.addEventListener('click', function (e) {
      var b = e.target.closest('button[data-go]');
      if (b) { go(s, b.getAttribute('data-go')); }
    });
    s.addEventListener('focusin', function () { active = s; });
  });
  fromAddress();
  window.addEventListener('hashchange', fromAddress);
  document.addEventListener('keydown', function (e) {
    var where = keys[e.key];
    var t = e.target;
    if (!where || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) ||
        (t.closest && t.closest('[role="region"]')))) { return; }  /* a table it scrolls */
    e.preventDefault();
    go(active, where);
  });
})();
"""
"""The stepper: one position of each hand at a time (the others ``hidden``), moved by its
buttons or by the keys; the address's ``#play-N`` follows it and opens it."""


def _cards(cards: list[Card], style: Style, played: Card | None = None) -> str:
    """Cards as text in a ``cards`` span, ``played`` marked; ``empty`` when there are none."""
    if not cards:
        empty = markup(_("empty"))
        return f'<span class="note">{empty}</span>'
    shown = [
        f'<mark class="played">{markup(format_card(c, style))}</mark>'
        if c == played
        else markup(format_card(c, style))
        for c in cards
    ]
    return f'<span class="cards">{" ".join(shown)}</span>'


def _hand_cell(step: ReplayStep, seat: int, style: Style) -> str:
    """A seat's hand before the play: the cards the record gives and how many it does not."""
    known, hidden = step.hands[seat], step.hidden[seat]
    mine = step.card if seat == step.seat else None
    out = _cards(known, style, mine) if known else ""
    if hidden:
        more = ngettext(
            "+ {n} card the record does not give", "+ {n} cards the record does not give", hidden
        ).format(n=hidden)
        out += f' <span class="note">{markup(more)}</span>'
    if not known and not hidden:
        none = markup(_("none"))
        out = f'<span class="note">{none}</span>'
    return out


def _sheet(hand: HandReplay, step: ReplayStep, pre: str) -> str:
    """The position a play was made from (table, hands) with the table after it, and each
    side's running tally after it, as the terminal replay's columns."""
    record = hand.record
    style = record.style
    rows = [(markup(_("table before")), _cards(step.table_before, style), "")]
    for seat, name in enumerate(record.players):
        mover = ' class="mover"' if seat == step.seat else ""
        rows.append((bdi(name), _hand_cell(step, seat, style), mover))
    rows.append((markup(_("table after")), _cards(step.table, style), ""))
    board = "".join(
        f'<tr><th scope="row"{cls}>{head}</th><td>{cell}</td></tr>' for head, cell, cls in rows
    )
    caption = (
        _("Tally per side: cards/denari/scope captured so far.")
        if record.ruleset.partners
        else _("Tally per player: cards/denari/scope captured so far.")
    )
    head = "".join(
        f'<th scope="col">{markup(h)}</th>' for h in (_("cards"), _("denari"), _("scope"))
    )
    tallies = "".join(
        f'<tr><th scope="row">{bdi(side)}</th>'
        f"<td>{t.cards}</td><td>{t.denari}</td><td>{t.scope}</td></tr>"
        for side, t in zip(record.shown_team_names(), step.tally, strict=True)
    )
    label = f"{pre}play-{step.number}-tally"
    return (
        f'<div class="sheet"><div class="index"><table class="board-table">{board}</table></div>'
        f'<div class="index" {scrolled(label)}><table class="tally">'
        f'<caption id="{label}">{markup(caption)}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{tallies}</tbody></table></div></div>"
    )


def _position(hand: HandReplay, step: ReplayStep, pre: str, lv: int) -> str:
    """One play as an article: its heading, the card and what it took, the position and the
    tallies, the record's note."""
    style = hand.record.style
    ident = f"{pre}play-{step.number}"
    heading = fill_markup(
        _("Play {n}: {player} {move}"),
        n=str(step.number),
        player=f'<bdi class="who">{markup(step.player)}</bdi>',
        move=f'<span class="move">{markup(step.text())}</span>',
    )
    said = markup(_("SCOPA"))
    scopa = f' <span class="scopa">{said}</span>' if step.scopa else ""
    return (
        f'<article class="play position" id="{ident}" aria-labelledby="{ident}-title">'
        f'<header><h{lv + 1} id="{ident}-title">{heading}</h{lv + 1}></header>'
        f"{took_html(step.move, style, scopa)}{_sheet(hand, step, pre)}"
        f"{record_note(step.shown_note)}</article>"
    )


def _controls(plays: int, pre: str) -> str:
    """The stepper's buttons and its indicator: hidden until the script shows them (without
    a script the page lists every position)."""
    buttons = "".join(
        f'<button type="button" data-go="{go}" aria-keyshortcuts="{key}" '
        f'aria-controls="{pre}plays">{markup(label)}</button>'
        for go, key, label in (
            # the buttons move to a play (giocata: "Prima", "Ultima" in Italian)
            ("first", "Home", pgettext("the replay page's button: to the first play", "First")),
            ("previous", "ArrowLeft", pgettext("the replay page's button", "Previous")),
            ("next", "ArrowRight", pgettext("the replay page's button", "Next")),
            ("last", "End", pgettext("the replay page's button: to the last play", "Last")),
        )
    )
    template = _("play {n} of {total}")
    at = template.format(n=1, total=plays)
    keys = _(
        "Keys: \u2190 and \u2192 step through the plays, Home and End go to the first and last."
    )
    name = _("Step through the plays")
    return (
        f'<nav class="controls" aria-label="{markup(name)}" hidden>{buttons}'
        f'<span class="at" aria-live="polite" data-template="{markup(template)}">'
        f"{markup(at)}</span>"
        f'<p class="keys">{markup(keys)}</p></nav>'
    )


def _seating(record: HandRecord) -> str:
    """Ruleset and deck, the playing order with the dealer, and the sides (as
    :func:`tutor.render.replay.hand_title` says them)."""
    deck = {"ruleset": markup(record.ruleset.name), "deck": markup(record.style.shown_name())}
    lines = [fill_markup(_("Ruleset {ruleset}, {deck} deck."), **deck)]
    players = markup(", ").join(bdi(p) for p in record.players)
    order = (
        _("Playing order: {players}; you deal and play last.")
        if is_you(record.players[-1])
        else _("Playing order: {players}; {dealer} deals and plays last.")
    )
    lines.append(fill_markup(order, players=players, dealer=bdi(record.players[-1])))
    if record.ruleset.partners:
        sides = markup(_(" v ")).join(bdi(t) for t in record.shown_team_names())
        lines.append(fill_markup(_("Sides: {sides}."), sides=sides))
    table = _cards(list(record.table), record.style)
    lines.append(fill_markup(_("Opening table: {cards}"), cards=table))
    return "".join(f'<p class="meta">{line}</p>' for line in lines)


def _hand(hand: HandReplay, pre: str, lv: int) -> str:
    """A hand: its seating, every play in a stepper, and its score (or why there is none)."""
    record = hand.record
    plays = "".join(_position(hand, step, pre, lv) for step in hand.steps)
    end = score_section(hand, pre, lv)
    if hand.score is None:
        stops = _("The record stops after {n} of the {total} plays: no score yet.").format(
            n=len(hand.steps), total=record.ruleset.plays_per_hand
        )
        end = f'<p class="note">{markup(stops)}</p>'
    if not hand.steps:
        return f"{_seating(record)}{end}"
    title = markup(_("Play by play"))
    # the score inside the stepper, shown with the last play alone: no spoiler of the end
    # while one steps through the hand (and every part shown without the script)
    return (
        f"{_seating(record)}<h{lv}>{title}</h{lv}>"
        f'<div class="stepper">{_controls(len(hand.steps), pre)}'
        f'<div id="{pre}plays">{plays}</div><div class="final">{end}</div></div>'
    )


def _title(record: HandRecord) -> str:
    return record.info_text("title") or _("A hand of {ruleset}").format(ruleset=record.ruleset.name)


def replay_page(replay: MatchReplay) -> str:
    """The replay of a file as one HTML document (a string): a hand, or every hand of a
    match with its contents and result."""
    made_by = _("Made by the Scopone tutor (tutor replay).")
    first = replay.hands[0].record
    if len(replay.hands) == 1:
        title = _title(first)
        return html_page(
            fill(_("Replay: {title}"), title=title),  # the window's title: text, no element
            fill_markup(_("Replay: {title}"), title=bdi(title)),
            "",  # the hand's seating says the ruleset, under the record's own words
            about(first) + _hand(replay.hands[0], "", 2),
            made_by,
            REPLAY_CSS,
            STEPPER_SCRIPT,
        )
    event = first.info_text("event")
    if event:
        title = fill(_("Replay of the match: {event}"), event=event)
        heading = fill_markup(_("Replay of the match: {event}"), event=bdi(event))
    else:
        heading = title = markup(
            _("Replay of a match of {ruleset}").format(ruleset=first.ruleset.name)
        )
    count = len(replay.hands)
    items, sections = [], []
    back = markup(_("all hands"))
    for number, hand in enumerate(replay.hands, start=1):
        pre = hand_id(number)
        name = markup(_("Hand {n} of {hands}").format(n=number, hands=count))
        items.append(f'<li><a href="#{pre}hand">{name}</a>{hand_result(replay, number)}</li>')
        sections.append(
            f'<section class="hand" id="{pre}hand"><h2>{name}</h2>'
            f'<p class="meta">{bdi(_title(hand.record))} \u00b7 <a href="#hands">{back}</a></p>'
            f"{about(hand.record)}{_hand(hand, pre, 3)}</section>"
        )
    meta = markup(" \u00b7 ").join(
        (
            markup(first.ruleset.name),
            markup(ngettext("{n} hand", "{n} hands", count).format(n=count)),
        )
    )
    return html_page(
        title,
        heading,
        meta,
        hands_nav(replay, items) + "".join(sections),
        made_by,
        REPLAY_CSS,
        STEPPER_SCRIPT,
    )
