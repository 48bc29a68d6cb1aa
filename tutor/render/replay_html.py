"""The replay as one self-contained HTML page (``tutor replay --html OUT``): an analysis board.

For every play of each hand the page shows the position it was made from ("Before the play":
the table, each hand as far as the record gives it, the mover's card marked), the play and what
it took, then "After the play": the table, the leftovers on the hand's last play, each side's
running cards, denari and scope; and the record's note. After the last play, the hand's score as
the review's page gives it (:func:`tutor.render.html.score_section`), and after a match's last
hand the match's result (its contents list the hands alone: no spoiler at the top).

Without JavaScript every position follows the one before, to read or print. A small inline
script (no file, no network) makes each hand a stepper: one position at a time, buttons and
keys (arrows, Home, End) to move, a line a screen reader announces (the play made), and the
address's ``#play-N`` following the position, so that a link opens at a play. Every text from
the record goes through :func:`tutor.render.safe.markup` (names, titles and notes in ``<bdi>``),
and the script writes text alone (``textContent``).
"""

from __future__ import annotations

from tutor.counting.defaults import TRUST_DEFAULT
from tutor.counting.inference import CountView, ValueCell, count_view
from tutor.game.cards import Card, Style, format_card
from tutor.game.i18n import _, is_you, ngettext, pgettext
from tutor.records.record import HandRecord
from tutor.records.replay import HandReplay, MatchReplay, ReplayStep
from tutor.render.html import (
    about,
    contents_nav,
    hand_id,
    hand_name,
    hand_result,
    html_page,
    match_result,
    notation_legend,
    record_note,
    record_title,
    rule48_board,
    score_section,
    scrolled,
    took_html,
)
from tutor.render.replay import leftover_sentence
from tutor.render.safe import bdi, fill, fill_markup, markup
from tutor.render.tracker import holding_text

__all__ = ["replay_page", "REPLAY_CSS", "STEPPER_SCRIPT"]

REPLAY_CSS = """
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 10px;
  position: sticky; top: 0; z-index: 1; background: var(--bg); padding: 8px 0; }
.controls[hidden], .position[hidden], .final[hidden] { display: none; }
.controls button { font: inherit; min-height: 40px; min-width: 40px; padding: 4px 14px;
  border-radius: 8px; border: 1px solid #8a96a3; background: var(--card); color: var(--ink);
  cursor: pointer; }
.controls button:focus-visible { outline: 3px solid #2962ff; outline-offset: 2px; }
.controls button[aria-disabled="true"] { color: var(--muted); cursor: default; }
.controls .at { font-weight: 700; min-width: 9em; }
.controls .keys { color: var(--muted); font-size: .85rem; flex-basis: 100%; margin: 0; }
.said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }  /* the screen reader's line: heard, not seen */
.sheet { display: grid; gap: 8px 18px; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  margin-top: 8px; }
.sheet > * { min-width: 0; }
.sheet > .seat { grid-column: 1 / -1; }  /* seen from a seat: the boards across the play */
.sheet table { width: 100%; }
.sheet th, .sheet td { padding: 2px 10px 2px 0; text-align: left; vertical-align: top;
  border-bottom: 1px solid #eef1f5; font-size: .92rem; }
.sheet th[scope="row"] { font-weight: 400; color: var(--muted); overflow-wrap: anywhere;
  width: 32%; }
.sheet th.mover { font-weight: 700; color: var(--ink); }
.sheet .cards { overflow-wrap: anywhere; }
.play .sheet .phase { font-size: .85rem; font-weight: 700; color: var(--muted); margin: 0 0 2px; }
.sheet .note { margin: 4px 0; }
.tally td { text-align: right; }
.tally caption { caption-side: bottom; text-align: left; color: var(--muted); font-size: .85rem; }
.own { display: inline-block; border-radius: 6px; padding: 0 8px; margin-left: 6px;
  font-size: .8rem; font-weight: 700; color: #fff; background: #2962ff; vertical-align: middle; }
mark.played { background: #ffe9a8; color: var(--ink); outline: 1px solid #8a6a00;
  border-radius: 3px; padding: 0 2px; }
.scopa { display: inline-block; border-radius: 6px; padding: 1px 9px; color: #fff;
  background: #137333; font-weight: 700; font-size: .9rem; }
@media (max-width: 700px) { .sheet { grid-template-columns: minmax(0, 1fr); } }
@media (max-width: 600px), (hover: none) and (pointer: coarse) {  /* a phone, a tablet */
  .controls .keys { display: none; }
}
@media (max-width: 600px) {  /* a phone: the bar on one line, its buttons still 40 px */
  .controls { gap: 6px; padding: 6px 0; }
  .controls button { padding: 4px 8px; }
  .controls .at { min-width: 0; font-size: .9rem; }
}
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
  function positions(s) {
    return Array.prototype.slice.call(s.querySelectorAll('.position'));
  }
  function fill(template, k, total) {
    return template.replace('{n}', String(k + 1)).replace('{total}', String(total));
  }
  function show(s, k, follow) {
    var all = positions(s);
    k = Math.max(0, Math.min(all.length - 1, k));
    all.forEach(function (p, i) { p.hidden = i !== k; });
    var end = s.querySelector('.final');
    if (end) { end.hidden = k !== all.length - 1; }
    s.setAttribute('data-at', String(k));
    var at = s.querySelector('.at');
    at.textContent = fill(at.getAttribute('data-template'), k, all.length);
    s.querySelectorAll('button').forEach(function (b) {
      var go = b.getAttribute('data-go');
      var stuck = (go === 'first' || go === 'previous') ? k === 0 : k === all.length - 1;
      b.setAttribute('aria-disabled', stuck ? 'true' : 'false');
    });
    if (follow) {
      /* the screen reader hears the move: text from the page's own, never markup */
      var said = s.querySelector('.said');
      var play = all[k].querySelector('.who').textContent + ' ' +
        all[k].querySelector('.move').textContent;
      said.textContent = fill(said.getAttribute('data-template'), k, all.length)
        .replace('{play}', play);
      try { history.replaceState(null, '', '#' + all[k].id); } catch (e) { /* no address */ }
    }
  }
  function go(s, where) {
    var k = Number(s.getAttribute('data-at')) || 0;
    var last = positions(s).length - 1;
    var to = { first: 0, previous: k - 1, next: k + 1, last: last }[where];
    if (to !== undefined && to >= 0 && to <= last && to !== k) { show(s, to, true); }
  }
  function seen(s) {
    var r = s.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }
  function nearestTop() {  /* the first not scrolled past the window's top third */
    for (var i = 0; i < steppers.length; i++) {
      if (steppers[i].getBoundingClientRect().bottom > window.innerHeight / 3) {
        return steppers[i];
      }
    }
    return steppers[steppers.length - 1];
  }
  function fromAddress() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || !target.classList.contains('position')) { return; }
    var s = target.closest('.stepper');
    show(s, positions(s).indexOf(target), false);
    /* the play's heading below the sticky buttons, not under them */
    target.style.scrollMarginTop = (s.querySelector('.controls').offsetHeight + 8) + 'px';
    target.scrollIntoView();
  }
  steppers.forEach(function (s) {
    s.querySelector('.controls').hidden = false;
    show(s, 0, false);
    s.addEventListener('click', function (e) {
      var b = e.target.closest('button[data-go]');
      if (b) { go(s, b.getAttribute('data-go')); }
    });
  });
  fromAddress();
  window.addEventListener('hashchange', fromAddress);
  document.addEventListener('keydown', function (e) {
    var where = keys[e.key];
    var t = e.target && e.target.closest ? e.target : document.body;
    if (!where || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    if (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) { return; }
    var box = t.closest('[role="region"]');
    if (box && box.scrollWidth > box.clientWidth) { return; }  /* the keys scroll it */
    var own = t.closest('.stepper');
    if ((where === 'first' || where === 'last') && !own) { return; }  /* the page's own */
    e.preventDefault();
    go(own && seen(own) ? own : nearestTop(), where);
  });
})();
"""
"""The stepper: one position of each hand at a time (the others ``hidden``), moved by its
buttons or by the keys (those of the stepper that has the focus, else of the one at the
window's top; Home and End only with the focus in a stepper); the address's ``#play-N``
follows it and opens it."""


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


def _hand_cell(step: ReplayStep, seat: int, style: Style, viewer: int | None = None) -> str:
    """A seat's hand before the play: the cards the record gives and how many it does not;
    the mover's card played always among them (marked), given or not. Seen from ``viewer``'s
    seat, another seat's cards are hidden, all but the card it plays."""
    known, hidden = list(step.hands[seat]), step.hidden[seat]
    mine = step.card if seat == step.seat else None
    if viewer is not None and seat != viewer:
        held = len(known) + hidden
        cards = [mine] if mine is not None else []
        rest = held - len(cards)
        if not held:
            return _no_cards()
        out = _cards(cards, style, mine) + " " if cards else ""
        if rest:
            more = ngettext("{n} hidden card", "{n} hidden cards", rest).format(n=rest)
            out += f'<span class="note">{markup(("+ " if cards else "") + more)}</span>'
        return out
    if mine is not None and mine not in known and hidden:
        known, hidden = [mine, *known], hidden - 1  # a card the record gives as it is played
    out = _cards(known, style, mine) if known else ""
    if hidden:
        more = ngettext(
            "{n} card the record does not give", "{n} cards the record does not give", hidden
        ).format(n=hidden)
        plus = "+ " if known else ""
        out += f'{" " if known else ""}<span class="note">{markup(plus + more)}</span>'
    if not known and not hidden:
        return _no_cards()
    return out


def _no_cards() -> str:
    """A hand with no cards left: "no cards" (Italian "nessuna carta": a card is feminine,
    where the shared "none" read "nessuno")."""
    none = markup(_("no cards"))
    return f'<span class="note">{none}</span>'


def _rows(rows: list[tuple[str, str, str]]) -> str:
    """A position's rows, each a header (markup), its cells and the header's attributes."""
    return "".join(
        f'<tr><th scope="row"{cls}>{head}</th><td>{cell}</td></tr>' for head, cell, cls in rows
    )


def _sheet(
    hand: HandReplay, step: ReplayStep, pre: str, lv: int, seen: tuple[int, str] | None = None
) -> str:
    """The position a play was made from (table, hands) under "Before the play"; under "After
    the play" the table it leaves, the leftovers at the hand's end and each side's running
    tally, as the terminal replay's columns. ``lv``: the level of those two headings.
    ``seen``: the viewer's seat and the rule-of-48 board from it after the play (``--as``)."""
    record = hand.record
    style = record.style
    table = markup(pgettext("the replay page's row: the cards on the table", "table"))
    rows = [(table, _cards(step.table_before, style), "")]
    for seat, name in enumerate(record.players):
        mover = ' class="mover"' if seat == step.seat else ""
        viewer = None if seen is None else seen[0]
        rows.append((bdi(name), _hand_cell(step, seat, style, viewer), mover))
    left = ""
    if step is hand.steps[-1] and hand.leftover is not None and hand.leftover.cards:
        taker = hand.leftover  # the cards the tally takes in at the end, said where they go
        cards = _cards(sorted(taker.cards), style)
        said = fill_markup(leftover_sentence(taker.player), player=bdi(taker.player), cards=cards)
        left = f'<p class="note">{said}</p>'
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
    before, after = markup(_("Before the play")), markup(_("After the play"))
    dealt = ""
    first_of_deal = step is hand.steps[0] or hand.steps[step.number - 2].deal != step.deal
    if step.deal > 1 and first_of_deal:  # the hands grow again: said, not left to guess
        new = _("Deal {n} of {deals}: each player has been dealt {k} new cards.").format(
            n=step.deal, deals=record.ruleset.deals_per_hand, k=record.ruleset.hand_size
        )
        dealt = f'<p class="note">{markup(new)}</p>'
    return (
        f'<div class="sheet"><div class="index"><h{lv} class="phase">{before}</h{lv}>{dealt}'
        f'<table class="board-table">{_rows(rows)}</table></div>'
        f'<div><h{lv} class="phase">{after}</h{lv}><table class="board-table">'
        f"{_rows([(table, _cards(step.table, style), '')])}</table>{left}"
        f'<div class="index" {scrolled(label)}><table class="tally">'
        f'<caption id="{label}">{markup(caption)}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{tallies}</tbody></table></div></div>"
        f"{'' if seen is None else seen[1]}</div>"
    )


def _position(
    hand: HandReplay, step: ReplayStep, pre: str, lv: int, seen: tuple[int, str] | None = None
) -> str:
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
    own, kind = "", "play position"
    if seen is not None and step.seat == seen[0]:  # the seat's own choices, to find at a glance
        mine = markup(_("the seat's own play"))
        own, kind = f' <span class="own">{mine}</span>', "play position own"
    return (
        f'<article class="{kind}" id="{ident}" aria-labelledby="{ident}-title">'
        f'<header><h{lv + 1} id="{ident}-title">{heading}{own}</h{lv + 1}></header>'
        f"{took_html(step.move, style, scopa)}{_sheet(hand, step, pre, lv + 2, seen)}"
        f"{_note(step.shown_note, seen is not None)}</article>"
    )


def _note(note: str | None, seat_view: bool) -> str:
    """The record's note on a play; seen from a seat, folded under a warning, since the one
    who wrote it saw every hand and may name cards the seat could not see (coach audit, stop
    60: seed003's notes told Ada that You held the 7H and the 6D)."""
    if not note or not seat_view:
        return record_note(note)
    summary = markup(_("Record's note (it may tell cards this seat could not see)"))
    return f"<details><summary>{summary}</summary>{record_note(note)}</details>"


def _controls(plays: int, pre: str, number: int | None) -> str:
    """The stepper's buttons, its indicator and the line a screen reader hears at each step
    (the play made): hidden until the script shows them (without a script the page lists
    every position). ``number``: the hand's, on a page of several (each bar named for its
    hand), else None."""
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
    # what a screen reader says at each step: {play} is the player and the move, "Ada 3H"
    heard = _("play {n} of {total}: {play}")
    keys = _(
        "Keys: \u2190 and \u2192 step through the plays, Home and End go to the first and last."
    )
    name = (
        _("Step through the plays")
        if number is None
        else _("Step through hand {n}").format(n=number)
    )
    return (
        f'<nav class="controls" aria-label="{markup(name)}" hidden>{buttons}'
        f'<span class="at" data-template="{markup(template)}">{markup(at)}</span>'
        f'<span class="said" aria-live="polite" aria-atomic="true" '
        f'data-template="{markup(heard)}"></span>'
        f'<p class="keys">{markup(keys)}</p></nav>'
    )


def _seating(record: HandRecord, viewer: str | None = None) -> str:
    """Ruleset and deck, the playing order with the dealer, and the sides (as
    :func:`tutor.render.replay.hand_title` says them); whose view it is, seen from a seat."""
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
    lines.append(notation_legend(record.style))
    if viewer is not None:
        view = (
            _("The other hands are hidden: this is your view.")
            if is_you(viewer)
            else _("The other hands are hidden: this is {player}'s view.")
        )
        lines.append(fill_markup(view, player=bdi(viewer)))
    return "".join(f'<p class="meta">{line}</p>' for line in lines)


def _holdings(view: CountView, style: Style, ident: str) -> str:
    """Who can hold what, from the viewer's seat after a play (``tutor track``'s table): for
    each player with cards unseen and each value, "must" or "no" on the facts, or the odds
    that they hold one (* where the plays read as behaviour move it); nothing when no card is
    unseen."""
    inf = view.inference
    if not (inf.holdings and inf.unseen):
        return ""

    def cell(c: ValueCell) -> str:
        said = markup(holding_text(c))
        return f"<b>{said}</b>" if c.status == "must" else said

    head = "".join(f'<th scope="col">{markup(style.rank_text(v))}</th>' for v in range(1, 11))
    rows = "".join(
        f'<tr><th scope="row">{bdi(inf.names[seat])}</th>'
        + "".join(f"<td>{cell(inf.value_cell(seat, v))}</td>" for v in range(1, 11))
        + f"<td>{inf.capacity.get(seat, 0)}</td></tr>"
        for seat in inf.players_in_doubt
    )
    title = markup(_("Who can hold what (* the plays read as behaviour move the figure)"))
    cards = markup(_("cards"))
    return (
        f'<div class="rule48"><p class="board-caption" id="{ident}">{title}</p>'
        f'<div class="board" {scrolled(ident)}><table><tr><td></td>{head}'
        f'<th scope="col">{cards}</th></tr>{rows}</table></div></div>'
    )


def _hand(
    hand: HandReplay,
    pre: str,
    lv: int,
    number: int | None = None,
    after: str = "",
    viewer: str | None = None,
    trust: float = TRUST_DEFAULT,
) -> str:
    """A hand: its seating, every play in a stepper, and its score (or why there is none),
    then ``after`` (markup: the match's result, after a match's last hand). ``number``: the
    hand's, on a page of several. ``viewer``: the player the hand is seen from (the others'
    cards hidden, the rule-of-48 board and who can hold what from their seat after each play,
    the readings of behaviour weighed by ``trust``), or None."""
    record = hand.record
    seen: list[tuple[int, str] | None] = [None] * len(hand.steps)
    if viewer is not None:
        seat = record.seat_of(viewer)
        names = record.seen_from(record.players[seat]).players  # another's "You" is a name
        state = record.initial_state()
        for k, move in enumerate(record.moves()[: len(hand.steps)]):
            state.push(move)
            ident = f"{pre}board-{hand.steps[k].number}"
            board = rule48_board(state, record.players, record.style, seat, ident)
            view = count_view(state, seat, names, record.style, trust=trust)
            held = _holdings(view, record.style, f"{pre}hold-{hand.steps[k].number}")
            seen[k] = (seat, f'<div class="seat">{board}{held}</div>')
    plays = "".join(
        _position(hand, step, pre, lv, look) for step, look in zip(hand.steps, seen, strict=True)
    )
    # the leftovers are said on the last play, which shows beside the score: not twice
    end = score_section(hand, pre, lv, leftovers=not hand.steps)
    if hand.score is None:
        stops = _("The record stops after {n} of the {total} plays: no score yet.").format(
            n=len(hand.steps), total=record.ruleset.plays_per_hand
        )
        end = f'<p class="note">{markup(stops)}</p>'
    seating = _seating(record, viewer)
    if not hand.steps:
        return f"{seating}{end}{after}"
    title = markup(_("Play by play"))
    # the score inside the stepper, shown with the last play alone: no spoiler of the end
    # while one steps through the hand (and every part shown without the script)
    return (
        f"{seating}<h{lv}>{title}</h{lv}>"
        f'<div class="stepper">{_controls(len(hand.steps), pre, number)}'
        f'<div id="{pre}plays">{plays}</div><div class="final">{end}{after}</div></div>'
    )


def _hand_link(replay: MatchReplay, number: int) -> str:
    """A link to a match's hand ``number``: "Hand 2 of 3"."""
    name = hand_name(number, len(replay.hands))
    return f'<a href="#{hand_id(number)}hand">{markup(name)}</a>'


def _contents(replay: MatchReplay) -> str:
    """A match's contents: the hands' links alone, their points and the match's result
    waiting for the end (:func:`_match_end`)."""
    items = "".join(f"<li>{_hand_link(replay, n)}</li>" for n in range(1, len(replay.hands) + 1))
    return contents_nav(_("Hands"), f'<ul class="hands">{items}</ul>')


def _match_end(replay: MatchReplay) -> str:
    """The match's end, after its last hand's score (shown with that hand's last play while
    the script steps): each hand's points and who won or leads."""
    items = "".join(
        f"<li>{_hand_link(replay, n)}{hand_result(replay, n)}</li>"
        for n in range(1, len(replay.hands) + 1)
    )
    title = markup(_("The match, to {n}").format(n=replay.match.rules.target))
    return (
        '<section class="panel" id="match" aria-labelledby="match-title">'
        f'<h2 style="margin-top:0" id="match-title">{title}</h2>'
        f'<ul class="hands">{items}</ul>{match_result(replay)}</section>'
    )


def replay_page(
    replay: MatchReplay, viewer: str | None = None, trust: float = TRUST_DEFAULT
) -> str:
    """The replay of a file as one HTML document (a string): a hand, or every hand of a
    match with its contents and result; with ``viewer``, seen from that player's seat (the
    other hands hidden, the rule-of-48 board after each play), as ``tutor replay --as``."""
    made_by = _("Made by the Scopone tutor (tutor replay).")
    first = replay.hands[0].record
    if len(replay.hands) == 1:
        title = record_title(first)
        return html_page(
            fill(_("Replay: {title}"), title=title),  # the window's title: text, no element
            fill_markup(_("Replay: {title}"), title=bdi(title)),
            "",  # the hand's seating says the ruleset, under the record's own words
            about(first) + _hand(replay.hands[0], "", 2, viewer=viewer, trust=trust),
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
    sections = []
    back = markup(_("all hands"))
    for number, hand in enumerate(replay.hands, start=1):
        pre = hand_id(number)
        name = markup(hand_name(number, count))
        after = _match_end(replay) if number == count else ""
        titled = bdi(record_title(hand.record))
        sections.append(
            f'<section class="hand" id="{pre}hand"><h2>{name}</h2>'
            f'<p class="meta">{titled} \u00b7 <a href="#hands">{back}</a></p>'
            f"{about(hand.record)}{_hand(hand, pre, 3, number, after, viewer, trust)}</section>"
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
        _contents(replay) + "".join(sections),
        made_by,
        REPLAY_CSS,
        STEPPER_SCRIPT,
    )
