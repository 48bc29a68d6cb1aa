"""Observations: named facts about one decision, each citing a maxim of ``docs/strategy.md``.

An observation is a fact about the position as the mover saw it, stated with the real cards and
numbers: a sweep that was there and was not taken, a table left that one card can sweep and the
odds that the next opponent holds that card, a seven offered. Each has a fixed ``code`` (scripts
rely on them, see :data:`CODES`) and names the maxim it comes from (:data:`MAXIMS`, the anchors
of ``docs/strategy.md``). An observation is not a verdict: the review sets it against the cost
the analysis finds, and says so when the two disagree.

Everything is computed from the mover's seat (:func:`tutor.search.players.seat_view`), under
the ruleset's capture rules, with the odds from the inference of :mod:`tutor.counting`.

Seed 003: Ada lays 3H on 4H QD, and a seven would take 4 + 3.

>>> from tutor.records.recordfile import load_path
>>> record = load_path("docs/examples/seed003-scopa.yaml")[0]
>>> state = record.state_at(1)
>>> [o.code for o in observe(state, state.parse_move("3H", "french"), style="french")]
['offers-seven']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.counting.inference import Inference, infer
from tutor.counting.knowledge import known_world
from tutor.counting.odds import odds_holds_one, percent
from tutor.counting.style import StylePriors
from tutor.counting.tracker import a_value, flipped_values, seat_names, value_word, values_text
from tutor.game.captures import VALUE_OF, capture_table, sweep_value, table_sum
from tutor.game.cards import (
    DENARI_MASK,
    RE_BELLO,
    SETTEBELLO,
    Style,
    format_card,
    format_cards,
    get_style,
    indexes_of,
)
from tutor.game.i18n import N_, _, all_of, either, is_you, ngettext, number, typed_words
from tutor.game.scoring import denari_of
from tutor.game.state import GameState, Move
from tutor.search.analysis import Analysis, exact_analysis
from tutor.search.players import seat_view

__all__ = [
    "Observation",
    "Choices",
    "Maxim",
    "MAXIMS",
    "CODES",
    "CODE_MAXIM",
    "observe",
    "primiera_cards",
    "unmatched_values",
    "OBSERVE_EXACT_TIME",
]

OBSERVE_EXACT_TIME = 2.0
"""Seconds :func:`observe` gives the exact solver for ``counted-endgame`` when no solution is
passed in (a counted endgame is a few plays: it normally takes milliseconds)."""


@dataclass(frozen=True)
class Maxim:
    """A maxim or counting rule of ``docs/strategy.md``; ``key`` is its anchor there.

    ``title`` and ``text`` are in English, marked for the catalogue; :meth:`shown_title` and
    :meth:`shown_text` give them in the language of the run (``docs/strategia.md`` is the
    Italian page the translations come from)."""

    key: str
    title: str
    text: str

    def shown_title(self) -> str:
        return _(self.title)

    def shown_text(self) -> str:
        return _(self.text)


MAXIMS: dict[str, Maxim] = {
    m.key: m
    for m in (
        Maxim(
            "take-the-scopa",
            N_("Take the scopa"),
            N_("A scopa is a point won at once that nothing can take back: take it."),
        ),
        Maxim(
            "guard-the-settebello",
            N_("Guard the settebello"),
            N_(
                "The settebello is a point by itself: take it when you can, and do not leave it "
                "where the next opponent can take it."
            ),
        ),
        Maxim(
            "keep-the-table-above-ten",
            N_("Keep the table above ten"),
            N_("Never leave a table that one card can sweep when another play avoids it."),
        ),
        Maxim(
            "do-not-offer-sevens",
            N_("Do not offer sevens"),
            N_("Do not leave a seven, or cards adding up to seven, while sevens are still out."),
        ),
        Maxim(
            "keep-primiera-cards",
            N_("Keep the primiera cards"),
            N_("Do not lay sevens, sixes or aces where the next opponent can take them."),
        ),
        Maxim(
            "keep-the-denari",
            N_("Keep the denari"),
            N_(
                "While the denari point is still open, take denari when you safely can, and do "
                "not lay one where the next opponent can take it."
            ),
        ),
        Maxim(
            "match-or-split",
            N_("Match or split by your seat"),
            N_("The dealer's side keeps values matched; the other side splits them (Chitarrella)."),
        ),
        Maxim(
            "lay-a-double",
            N_("Lay from a double"),
            N_("With nothing to take, lay a card of which you hold two."),
        ),
        Maxim(
            "count-the-end",
            N_("Count the last cards"),
            N_("When counting tells where every card is, play the exact solution."),
        ),
    )
}
"""Every maxim an observation can cite, by key (the anchor in ``docs/strategy.md``)."""

CODE_MAXIM: dict[str, str] = {
    "missed-scopa": "take-the-scopa",
    "took-scopa": "take-the-scopa",
    "missed-settebello": "guard-the-settebello",
    "settebello-exposed": "guard-the-settebello",
    "sweepable-table": "keep-the-table-above-ten",
    "safe-table": "keep-the-table-above-ten",
    "offers-seven": "do-not-offer-sevens",
    "primiera-given": "keep-primiera-cards",
    "denaro-given": "keep-the-denari",
    "missed-denaro": "keep-the-denari",
    "pairing": "match-or-split",
    "no-double-laid": "lay-a-double",
    "counted-endgame": "count-the-end",
}
"""The maxim each observation code cites."""

CODES: tuple[str, ...] = tuple(CODE_MAXIM)
"""Every observation code, in the order of issue 9's table (``denaro-given`` and
``missed-denaro``, added since, sit by ``primiera-given``)."""


@dataclass(frozen=True)
class Observation:
    """A named fact about one decision, with the maxim it cites.

    ``against`` says whether the maxim counts it against the move played (``took-scopa`` and
    ``safe-table`` praise it). ``move`` is the move the text names (the sweep missed, the capture
    of the settebello, the alternative that would have left a sweepable table), ``values`` and
    ``cards`` what it is about, ``probability`` the odds it quotes. ``keeping`` lists the other
    legal moves that keep the maxim: for a criticism, the moves that would have avoided the
    fault; for praise, the moves that share the virtue (so the review can tell a maxim the best
    move breaks too from one the cost comes from).
    """

    code: str
    text: str
    maxim: str
    against: bool = True
    move: Move | None = None
    values: tuple[int, ...] = ()
    cards: int = 0
    probability: float | None = None
    keeping: tuple[Move, ...] = ()
    quotes_maxim: bool = False
    """The text states the aim it holds the move to (``pairing``'s Chitarrella, the least risky
    sweep), so the review does not quote the maxim after it."""
    holder: int | None = None
    """The seat ``probability`` is about, when it is the chance that they hold a card of
    ``values`` after the move played (the next player): the review sets it beside the deals its
    verdict rests on."""

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "text": self.text, "maxim": self.maxim}


def primiera_cards(view: GameState) -> tuple[int, ...]:
    """The three values worth most in the ruleset's primiera (7, 6 and the ace by default)."""
    scale = view.rules.primiera_values
    return tuple(sorted(sorted(range(1, 11), key=lambda v: (-scale[v], -v))[:3]))


SAFE_NAMED = 3
"""The most moves that leave no sweep a ``sweepable-table`` note names; it says when there
are more."""

SWEEP_RISK_GAP = 0.25
"""When every legal move leaves a table one card sweeps, ``sweepable-table`` still speaks if
another move's table is this much less likely to be swept (odds that the next player holds
the sweeping value, 0 to 1): 2C leaving 8 at 64% where 4C left 10 at 20% (a user's hand, stop
44). Our own threshold, not a source's: a gap smaller than a quarter is within what the
odds' readings of behaviour can move, and would flag choices among near-equal risks."""

ODDS_MOVED = 0.05
"""How far the behaviour read in the plays must move odds from the facts' own figure for an
observation to quote both (smaller moves are within what the readings can be trusted to)."""


def percent_in_words(p: float) -> str:
    """A probability in a sentence: ``under 1%``, not a rounded ``0%`` that reads as certain
    (where :func:`~tutor.counting.odds.percent`, the one rule of it, shows ``<1%`` or ``>99%``).
    """
    shown = percent(p)
    if shown == "<1%":
        return _("under 1%")
    if shown == ">99%":
        return _("over 99%")
    return number(p, ".0%")


def _sum_words(mask: int) -> str:
    """``3 + 4 = 7`` for the cards of ``mask``."""
    values = sorted(VALUE_OF[i] for i in indexes_of(mask))
    return " + ".join(map(str, values)) + f" = {sum(values)}"


class Choices:
    """One decision seen from the mover's seat: the legal moves and what each leaves (cached).

    ``view`` must be the mover's view (:func:`tutor.search.players.seat_view`).
    """

    def __init__(
        self,
        view: GameState,
        names: Sequence[str] | None = None,
        style: Style | str | None = None,
        styles: StylePriors | None = None,
    ) -> None:
        self.view = view
        self.styles = styles
        """By seat, the players' styles of play known before the hand: the odds read with them,
        as the analysis and ``tutor track`` do."""
        self.rules = view.rules
        self.seat = view.turn
        self.names = seat_names(self.rules.players, names)
        self.style = style
        self.legal = view.legal_moves()
        self.next_seat = (self.seat + 1) % self.rules.players
        sides = self.rules.sides
        self.next_is_opponent = self.next_seat % sides != self.seat % sides
        self.unseen = view.unseen_by(self.seat)
        self._after: dict[Move, GameState] = {}
        self._inference: dict[Move, Inference] = {}
        self._found: dict[tuple[Check, Move], list[Observation]] = {}

    # -- words ----------------------------------------------------------------------------

    def card(self, c: int) -> str:
        return format_card(c, self.style)

    def cards(self, mask: int) -> str:
        return format_cards(mask, self.style)

    def move(self, m: Move) -> str:
        return m.text(self.style)

    @property
    def mover(self) -> str:
        return self.names[self.seat]

    @property
    def next_name(self) -> str:
        return self.names[self.next_seat]

    @property
    def next_is_you(self) -> bool:
        """Whether the next player is the person themselves (``You``): spoken to, as
        everywhere ("where you can take it", never "where You can take it")."""
        return is_you(self.next_name)

    # -- positions after a move -------------------------------------------------------------

    def after(self, m: Move) -> GameState:
        """The mover's view after ``m`` (history kept, so the readings stay)."""
        hit = self._after.get(m)
        if hit is None:
            hit = self.view.copy(with_stack=True)
            hit.push(m)
            self._after[m] = hit
        return hit

    def inference(self, m: Move) -> Inference:
        hit = self._inference.get(m)
        if hit is None:
            hit = infer(self.after(m), self.seat, self.names, style=self.style, styles=self.styles)
            self._inference[m] = hit
        return hit

    def unseen_of(self, values: Iterable[int]) -> int:
        """The unseen cards of ``values`` (a mask)."""
        wanted = set(values)
        return sum(1 << i for i in indexes_of(self.unseen) if VALUE_OF[i] in wanted)

    def sweep_threat(self, m: Move) -> int | None:
        """The value that would sweep the table ``m`` leaves, for a scopa, when a card of it is
        unseen; None when no unseen card can."""
        a = self.after(m)
        if a.is_over() or not a.sweep_scores():
            return None
        v = sweep_value(a.table, self.rules.capture_precedence)
        if v is None or not self.unseen_of([v]):
            return None
        return v

    def takers(self, m: Move, card: int) -> tuple[int, ...]:
        """The values (with a card unseen) that could capture ``card`` on the table ``m``
        leaves."""
        a = self.after(m)
        if a.is_over() or not a.table >> card & 1:
            return ()
        caps = capture_table(a.table, self.rules.capture_precedence)
        return tuple(
            v
            for v in range(1, 11)
            if any(mask >> card & 1 for mask in caps[v]) and self.unseen_of([v])
        )

    def odds(self, m: Move, values: Iterable[int]) -> float:
        """P(the next player holds a card of ``values``) after ``m``, from the mover's seat."""
        a = self.after(m)
        if a.is_over():
            return 0.0
        return self.inference(m).probability_any_of(a.turn, values)

    def odds_words(self, m: Move, values: Iterable[int], p: float, seat: int | None = None) -> str:
        """``p``, the odds that ``seat`` (default: the next player) holds a card of ``values``
        after ``m``, in words: with the figure on the facts alone when the behaviour read in the
        plays moves it by 5 points or more (``69% (33% on the facts alone)``), since a reading
        is evidence, not a count."""
        a = self.after(m)
        inf = self.inference(m)
        if a.is_over() or not inf.weighs_behaviour:
            return percent_in_words(p)
        facts = inf.probability_any_of(a.turn if seat is None else seat, values, facts=True)
        if abs(p - facts) < ODDS_MOVED:
            return percent_in_words(p)
        return _("{percent} ({facts} on the facts alone)").format(
            percent=percent_in_words(p), facts=percent_in_words(facts)
        )

    def by_side(self, seat: int) -> str:
        """``by North and South``, ``by Ada``; spoken to when the person themselves
        (``You``) is on the side: ``by you``, ``by your side (you and Partner)``."""
        names = [self.names[s] for s in self.rules.seats_of(self.rules.side_of(seat))]
        others = [n for n in names if not is_you(n)]
        if len(others) == len(names):
            return _("by {players}").format(players=all_of(names))
        if not others:
            return _("by you")
        return _("by your side (you and {partners})").format(partners=all_of(others))

    def value_list(self, values: Sequence[int]) -> str:
        return either([a_value(v, self.style) for v in values])

    def value_letters(self, values: Sequence[int]) -> str:
        """The values as the deck writes them, as the tracker's board does ("2, 8 and R")."""
        st = get_style(self.style)
        return all_of([st.rank_text(v) for v in values])

    def sweep(self, m: Move) -> tuple[int, int, float] | None:
        """The sweep the table ``m`` leaves invites: (value, unseen cards of it, the odds that
        the next player holds one), or None when no single unseen card sweeps it for a scopa."""
        v = self.sweep_threat(m)
        if v is None:
            return None
        return v, self.unseen_of([v]), self.odds(m, [v])

    def observe(self, move: Move, exact: Analysis | None = None) -> list[Observation]:
        """Every observation about ``move`` (see :func:`observe`)."""
        if move not in self.legal:
            raise ValueError(f"{move.text(self.style)} is not a legal move here")
        out: list[Observation] = []
        for check in _CHECKS:
            out.extend(self.found(check, move))
        out.extend(_counted_endgame(self, move, exact))
        return out

    def found(self, check: Check, move: Move) -> list[Observation]:
        """What ``check`` says of ``move``, worked out once: a code that leaves a fact to
        another asks here whether the other speaks."""
        key = (check, move)
        hit = self._found.get(key)
        if hit is None:
            hit = self._found[key] = check(self, move)
        return hit


# -- the checks, one per code ---------------------------------------------------------------------


def _missed_scopa(d: Choices, move: Move) -> list[Observation]:
    sweeps = [m for m in d.legal if d.view.scores_scopa(m)]
    if not sweeps or d.view.scores_scopa(move):
        return []
    text = _(
        "{moves} would have swept the table ({table}) for a scopa, a point; {move} does not."
    ).format(
        moves=either([d.move(m) for m in sweeps]), table=d.cards(d.view.table), move=d.move(move)
    )
    return [Observation("missed-scopa", text, CODE_MAXIM["missed-scopa"], True, sweeps[0],
                        cards=d.view.table, keeping=tuple(sweeps))]  # fmt: skip


def _took_scopa(d: Choices, move: Move) -> list[Observation]:
    if not d.view.scores_scopa(move):
        return []
    text = _("{move} sweeps the table: a scopa, one point.").format(move=d.move(move))
    others = tuple(m for m in d.legal if m != move and d.view.scores_scopa(m))
    return [Observation("took-scopa", text, CODE_MAXIM["took-scopa"], False, move,
                        cards=d.view.table, keeping=others)]  # fmt: skip


def _missed_settebello(d: Choices, move: Move) -> list[Observation]:
    bit = SETTEBELLO.bit
    if not d.view.table & bit or move.capture & bit:
        return []
    takers = [m for m in d.legal if m.capture & bit]
    if not takers:
        return []
    text = _(
        "The settebello ({card}) was there to take with {moves}; {move} leaves it on the table."
    ).format(
        card=d.card(SETTEBELLO.index), moves=either([d.move(m) for m in takers]), move=d.move(move)
    )
    return [Observation("missed-settebello", text, CODE_MAXIM["missed-settebello"], True,
                        takers[0], cards=bit, keeping=tuple(takers))]  # fmt: skip


def _settebello_exposed(d: Choices, move: Move) -> list[Observation]:
    if not d.next_is_opponent:
        return []
    card = SETTEBELLO.index
    values = d.takers(move, card)
    if not values:
        return []
    keeping = tuple(m for m in d.legal if m != move and not d.takers(m, card))
    if not keeping:
        return []
    p = d.odds(move, values)
    unseen = d.unseen_of(values)
    if d.next_is_you:
        leaves = ngettext(
            "{move} leaves the settebello ({card}) where you can take it with {values}: "
            "{n} such card unseen ({cards}); {odds}.",
            "{move} leaves the settebello ({card}) where you can take it with {values}: "
            "{n} such cards unseen ({cards}); {odds}.",
            unseen.bit_count(),
        )
    else:
        leaves = ngettext(
            "{move} leaves the settebello ({card}) where {next} can take it with {values}: "
            "{n} such card unseen ({cards}); {odds}.",
            "{move} leaves the settebello ({card}) where {next} can take it with {values}: "
            "{n} such cards unseen ({cards}); {odds}.",
            unseen.bit_count(),
        )
    text = leaves.format(
        move=d.move(move),
        card=d.card(card),
        next=d.next_name,
        values=d.value_list(values),
        n=unseen.bit_count(),
        cards=d.cards(unseen),
        odds=odds_holds_one(d.next_name, d.odds_words(move, values, p), p),
    )
    text += _second_opponent(d, move, values)
    return [Observation("settebello-exposed", text, CODE_MAXIM["settebello-exposed"], True,
                        values=values, cards=unseen, probability=p, keeping=keeping,
                        holder=d.next_seat)]  # fmt: skip


def _second_opponent(d: Choices, move: Move, values: tuple[int, ...]) -> str:
    """With partners, the odds of each opponent who plays after the mover's partner, before the
    mover's next turn: the settebello the partner cannot take is theirs too (play audit, stop
    57: "the odds that Right holds one: 35%" of a settebello Left took, with 2 in 3 of the
    sevens between them). Empty without partners, or when none of them has a card left. The
    seating is the ruleset's (its players and sides), not a table of four."""
    rules = d.rules
    after = d.after(move)
    if not rules.partners or after.is_over():
        return ""
    # the seats in turn after the next player, up to the mover's next turn
    later = [(d.seat + k) % rules.players for k in range(2, rules.players)]
    mine = rules.side_of(d.seat)
    partner = next((s for s in later if rules.side_of(s) == mine), None)
    if partner is None:
        return ""
    behind = later[later.index(partner) + 1 :]
    out = []
    for other in behind:
        if rules.side_of(other) == mine or not after.hand_size(other):
            continue
        p = d.inference(move).probability_any_of(other, values)
        said = odds_holds_one(d.names[other], d.odds_words(move, values, p, other), p)
        if is_you(d.names[partner]):
            text = _("If you do not take it first, {other} can: {odds}.")
        else:
            text = _("If {partner} does not take it first, {other} can: {odds}.")
        out.append(" " + text.format(partner=d.names[partner], other=d.names[other], odds=said))
    return "".join(out)


def _table_words(d: Choices, table: int) -> str:
    """``QD alone`` or ``2C 5S, adding up to 7``."""
    if table.bit_count() == 1:
        return _("{cards} alone").format(cards=d.cards(table))
    return _("{cards}, adding up to {total}").format(cards=d.cards(table), total=table_sum(table))


def _sweep_words(d: Choices, m: Move, v: int) -> tuple[str, float, int]:
    """What ``m`` leaves for the next player to sweep with a ``v``: words, odds, unseen mask."""
    unseen = d.unseen_of([v])
    p = d.odds(m, [v])
    n = unseen.bit_count()
    words = ngettext(
        "{table}, which any {value} sweeps: {n} is unseen ({cards}); {odds}",
        "{table}, which any {value} sweeps: {n} are unseen ({cards}); {odds}",
        n,
    ).format(
        table=_table_words(d, d.after(m).table),
        value=value_word(v, d.style),
        n=n,
        cards=d.cards(unseen),
        odds=odds_holds_one(d.next_name, d.odds_words(m, [v], p), p),
    )
    return words, p, unseen


def _sweepable_table(d: Choices, move: Move) -> list[Observation]:
    if not d.next_is_opponent:
        return []
    v = d.sweep_threat(move)
    if v is None:
        return []
    words, p, unseen = _sweep_words(d, move, v)
    safe = [m for m in d.legal if m != move and d.sweep_threat(m) is None]
    if safe:
        text = (
            _("{move} leaves {words}. {moves} would have left no table one card can sweep.")
            if len(safe) <= SAFE_NAMED
            else _(  # not the whole list (review audit, stop 47: three named, six safe)
                "{move} leaves {words}. {moves}, among others, would have left no table one "
                "card can sweep."
            )
        ).format(
            move=d.move(move), words=words, moves=either([d.move(m) for m in safe[:SAFE_NAMED]])
        )
        return [Observation("sweepable-table", text, CODE_MAXIM["sweepable-table"], True,
                            safe[0], (v,), unseen, p, tuple(safe),
                            holder=d.next_seat)]  # fmt: skip
    # every move leaves a sweepable table: the one far less likely to be swept is the lesson
    risks = [(d.sweep(m), m) for m in d.legal if m != move]
    other, other_v = None, 0
    lowest = p - SWEEP_RISK_GAP
    keeping = tuple(m for risk, m in risks if risk is not None and risk[2] <= lowest)
    for risk, m in risks:
        if risk is not None and risk[2] <= lowest:
            other, other_v, lowest = m, risk[0], risk[2]
    if other is None:
        return []
    other_words, _p, _cards = _sweep_words(d, other, other_v)
    text = _(
        "{move} leaves {words}. Every play left a table one card can sweep, but {other} would "
        "have left {other_words}: when no play avoids it, leave the table least likely to be "
        "swept."
    ).format(move=d.move(move), words=words, other=d.move(other), other_words=other_words)
    return [Observation("sweepable-table", text, CODE_MAXIM["sweepable-table"], True, other,
                        (v,), unseen, p, keeping, quotes_maxim=True,
                        holder=d.next_seat)]  # fmt: skip


def _safe_table(d: Choices, move: Move) -> list[Observation]:
    if not d.next_is_opponent or d.view.scores_scopa(move):
        return []
    a = d.after(move)
    if a.is_over() or not a.table or d.sweep_threat(move) is not None:
        return []
    risky = [m for m in d.legal if m != move and d.sweep_threat(m) is not None]
    if not risky:
        return []
    total = table_sum(a.table)
    if total > 10:
        why = _("the table adds up to {total}, and no single card sweeps it").format(total=total)
    elif not a.sweep_scores():
        why = _("only the last play of the hand is left, and its sweep scores no scopa")
    else:
        why = _("the table adds up to {total}, and every {value} is seen").format(
            total=total, value=value_word(total, d.style)
        )
    other = risky[0]
    v = d.sweep_threat(other) or 0
    words, p, _rest = _sweep_words(d, other, v)
    text = _("{move} keeps the table safe: {why}. {other} would have left {words}.").format(
        move=d.move(move), why=why, other=d.move(other), words=words
    )
    safe = tuple(m for m in d.legal if m != move and m not in risky)
    return [Observation("safe-table", text, CODE_MAXIM["safe-table"], False, other,
                        values=(v,) if v else (), probability=p, keeping=safe,
                        holder=d.next_seat)]  # fmt: skip


def _offers(d: Choices, m: Move) -> tuple[int, ...]:
    """What a seven could take on the table ``m`` leaves (masks; empty: nothing)."""
    a = d.after(m)
    if a.is_over():
        return ()
    return capture_table(a.table, d.rules.capture_precedence)[7]


def _holders_odds(d: Choices, m: Move, value: int) -> tuple[str, float]:
    """Who may hold a card of ``value`` after ``m``, with the odds, in words; and the highest
    odds that an opponent holds one."""
    a = d.after(m)
    inf = d.inference(m)
    holders = [
        (s, inf.probability_any(s, value))
        for s in range(d.rules.players)
        if s != d.seat and a.hand_size(s)
    ]
    opponents: list[str] = []
    partners: list[str] = []
    top = 0.0
    for s, p in holders:
        # a certainty of the count said as one, not "100%" (learner audit, stop 57: "Ada holds
        # one for certain, by the count" then "the odds of holding one: Ada 100%")
        odds = _("for certain, by the count") if p == 1.0 else d.odds_words(m, [value], p, s)
        if s % d.rules.sides == d.seat % d.rules.sides:
            # "Partner (partner)" says it twice: tutor play names the partner's chair so
            said = d.names[s].strip().lower() in typed_words(("Partner",))
            who = d.names[s] if said else _("{name} (partner)").format(name=d.names[s])
            partners.append(f"{who} {odds}")
        else:
            opponents.append(f"{d.names[s]} {odds}")
            top = max(top, p)
    # the opponents first, the partner apart: a card the partner holds is the side's (play
    # audit, stop 57: "Right 56%, Partner 56%, Left 56%" read as three threats)
    parts = opponents + partners
    odds = "; ".join(x for x in (", ".join(opponents), ", ".join(partners)) if x)
    words = _("the odds of holding one: {odds}").format(odds=odds) if parts else ""
    if len(holders) == 1 and holders[0][1] == 1.0:  # the one holder, by the count
        words = odds_holds_one(d.names[holders[0][0]], "", 1.0)
    stock = a.to_deal()
    if stock and parts:
        words += ngettext(
            "; any of them not in a hand may be among the {n} card still to deal",
            "; any of them not in a hand may be among the {n} cards still to deal",
            stock,
        ).format(n=stock)
    elif stock:
        words = ngettext(
            "they may be among the {n} card still to deal",
            "they may be among the {n} cards still to deal",
            stock,
        ).format(n=stock)
    return words, top


def _offers_seven(d: Choices, move: Move) -> list[Observation]:
    sevens = d.unseen_of([7])
    offered = _offers(d, move)
    if not sevens or not offered:
        return []
    keeping = tuple(m for m in d.legal if m != move and not _offers(d, m))
    if not keeping:
        return []
    if (
        not d.rules.partners
        and offered == (1 << move.card,)
        and (d.found(_settebello_exposed, move) or d.found(_primiera_given, move))
    ):  # the seven laid is all it offers, to the one opponent its own code names
        return []
    who, top = _holders_odds(d, move, 7)
    lone = [mask for mask in offered if mask.bit_count() == 1]
    if lone:
        what = _("a lone seven ({cards})").format(cards=either([d.cards(x) for x in lone]))
    else:
        what = either([f"{d.cards(x)} ({_sum_words(x)})" for x in offered])
    text = ngettext(
        "{move} leaves {what} for a seven to take, while {n} seven is unseen ({cards}); {who}.",
        "{move} leaves {what} for a seven to take, while {n} sevens are unseen ({cards}); {who}.",
        sevens.bit_count(),
    ).format(move=d.move(move), what=what, n=sevens.bit_count(), cards=d.cards(sevens), who=who)
    return [Observation("offers-seven", text, CODE_MAXIM["offers-seven"], True, values=(7,),
                        cards=sevens, probability=top, keeping=keeping)]  # fmt: skip


def _gives_primiera(d: Choices, m: Move) -> tuple[int, ...]:
    """For a primiera card laid: the unseen values that could take it next (else empty)."""
    if m.capture or VALUE_OF[m.card] not in primiera_cards(d.view):
        return ()
    return d.takers(m, m.card)


def _primiera_given(d: Choices, move: Move) -> list[Observation]:
    if not d.next_is_opponent:
        return []
    if move.card == SETTEBELLO.index:  # settebello-exposed speaks of it
        return []
    values = _gives_primiera(d, move)
    if not values:
        return []
    keeping = tuple(m for m in d.legal if m != move and not _gives_primiera(d, m))
    if not keeping:
        return []
    p = d.odds(move, values)
    if 1 << move.card & DENARI_MASK:  # denaro-given leaves it to this one: one fact, said once
        if d.next_is_you:
            lays = _(
                "{move} lays {value}, a primiera card and a denaro, where you can take it with "
                "{values}; {odds}."
            )
        else:
            lays = _(
                "{move} lays {value}, a primiera card and a denaro, where {next} can take it "
                "with {values}; {odds}."
            )
    elif d.next_is_you:
        lays = _(
            "{move} lays {value}, a primiera card, where you can take it with {values}; {odds}."
        )
    else:
        lays = _(
            "{move} lays {value}, a primiera card, where {next} can take it with {values}; {odds}."
        )
    text = lays.format(
        move=d.move(move),
        value=a_value(VALUE_OF[move.card], d.style),
        next=d.next_name,
        values=d.value_list(values),
        odds=odds_holds_one(d.next_name, d.odds_words(move, values, p), p),
    )
    return [Observation("primiera-given", text, CODE_MAXIM["primiera-given"], True,
                        values=values, cards=1 << move.card, probability=p,
                        keeping=keeping, holder=d.next_seat)]  # fmt: skip


def denari_open(view: GameState) -> bool:
    """Whether the denari point is still to be decided: some denari are not yet captured, and
    no side leads by more than they could make up."""
    counts = sorted(map(denari_of, view.captured), reverse=True)
    free = DENARI_MASK.bit_count() - sum(counts)
    return free > 0 and (len(counts) < 2 or counts[0] <= counts[1] + free)


def _gives_denaro(d: Choices, m: Move) -> tuple[int, ...]:
    """For a denaro laid (any, the settebello and the primiera cards too): the unseen values
    that could take it next (else empty)."""
    if m.capture or not 1 << m.card & DENARI_MASK:
        return ()
    return d.takers(m, m.card)


def _denaro_given(d: Choices, move: Move) -> list[Observation]:
    if not d.next_is_opponent or not denari_open(d.view):
        return []
    if move.card == SETTEBELLO.index:
        return []  # settebello-exposed speaks of it
    if d.found(_primiera_given, move):
        return []  # primiera-given says it is a denaro too
    values = _gives_denaro(d, move)
    if not values:
        return []
    keeping = tuple(m for m in d.legal if m != move and not _gives_denaro(d, m))
    if not keeping:
        return []
    p = d.odds(move, values)
    if d.next_is_you:
        lays = _("{move} lays a denaro where you can take it with {values}; {odds}.")
    else:
        lays = _("{move} lays a denaro where {next} can take it with {values}; {odds}.")
    text = lays.format(
        move=d.move(move),
        next=d.next_name,
        values=d.value_list(values),
        odds=odds_holds_one(d.next_name, d.odds_words(move, values, p), p),
    )
    return [Observation("denaro-given", f"{text} {_denari_so_far(d)}", CODE_MAXIM["denaro-given"],
                        True, values=values, cards=1 << move.card, probability=p,
                        keeping=keeping, holder=d.next_seat)]  # fmt: skip


def _denari_so_far(d: Choices) -> str:
    """``Denari taken so far: 2 by South and North, 1 by West and East; six of the ten win
    the point.`` (``by you``, ``by your side (you and Partner)`` for the person's own.)"""
    side_of = d.rules.side_of
    them = d.next_seat  # with two sides, the next seat is always on the other
    return _(
        "Denari taken so far: {ours} {by_us}, {theirs} {by_them}; six of the ten win the point."
    ).format(
        ours=denari_of(d.view.captured[side_of(d.seat)]),
        theirs=denari_of(d.view.captured[side_of(them)]),
        by_us=d.by_side(d.seat),
        by_them=d.by_side(them),
    )


def _denari_taken(m: Move) -> int:
    """The denari ``m`` takes into its side's pile (the capturing card too), but the
    settebello, which ``missed-settebello`` speaks of: a mask."""
    if not m.capture:
        return 0
    return (m.capture | 1 << m.card) & DENARI_MASK & ~SETTEBELLO.bit


def _missed_denaro(d: Choices, move: Move) -> list[Observation]:
    if move.capture and (move.capture | 1 << move.card) & DENARI_MASK:
        return []  # it takes a denaro (the settebello counts here): nothing missed
    if not denari_open(d.view):
        return []
    if d.view.scores_scopa(move):  # a point in hand: not blamed for the denaro it passed up
        return []  # (review audit, stop 47: a scopa was told it "secures none")
    # a capture of denari that leaves the next opponent no sweep: a clean alternative
    keeping = tuple(
        m
        for m in d.legal
        if _denari_taken(m) and not (d.next_is_opponent and d.sweep_threat(m) is not None)
    )
    if not keeping:
        return []
    most = max(denari_of(_denari_taken(m)) for m in keeping)
    best = [m for m in keeping if denari_of(_denari_taken(m)) == most]
    cards = 0
    for m in best:
        cards |= _denari_taken(m)
    what = (
        ngettext("a denaro ({cards})", "{n} denari ({cards})", most)
        if all(_denari_taken(m) == cards for m in best)
        # not one card for all (play audit, stop 47: "CC x CD ... would have secured (RD)")
        else ngettext("a denaro each ({cards})", "{n} denari each ({cards})", most)
    ).format(n=most, cards=d.cards(cards))
    if all((m.capture | 1 << m.card) & SETTEBELLO.bit for m in best):
        # the settebello, a denaro too, is missed-settebello's to name; said so, not left out
        # (learner audit, stop 57: "JD x AH 7D would have secured a denaro (JD)")
        what = _("{what} besides the settebello").format(what=what)
    if d.next_is_opponent:
        says = _("{moves} would have secured {what}, leaving no table one card can sweep; "
                 "{move} secures none.")  # fmt: skip
    else:
        says = _("{moves} would have secured {what}; {move} secures none.")
    text = says.format(moves=either([d.move(m) for m in best]), what=what, move=d.move(move))
    if d.rules.re_bello and cards & RE_BELLO.bit:
        # a point of its own there, not one denaro among ten (ruleset audit, stop 57)
        text += " " + _("{card} is the re bello: a point of its own under these rules.").format(
            card=d.card(RE_BELLO.index)
        )
    if not d.found(_denaro_given, move):  # which gives the count already
        text += " " + _denari_so_far(d)
    return [Observation("missed-denaro", text, CODE_MAXIM["missed-denaro"], True, best[0],
                        cards=cards, keeping=keeping)]  # fmt: skip


def unmatched_values(captured: int) -> tuple[int, ...]:
    """The values of which an odd number of cards is in ``captured`` (the rule of 48)."""
    counts = [0] * 11
    for i in indexes_of(captured):
        counts[VALUE_OF[i]] += 1
    return tuple(v for v in range(1, 11) if counts[v] % 2)


def _pairing(d: Choices, move: Move) -> list[Observation]:
    rules = d.rules
    if not rules.partners or not move.capture or d.view.plays_left() <= 2:
        return []
    if d.view.scores_scopa(move):  # a point in hand: the parity maxim does not weigh against it
        return []
    captured = d.view.captured_cards()
    before = unmatched_values(captured)

    def net(m: Move) -> int:
        if not m.capture:
            return 0
        return len(unmatched_values(captured | m.capture | 1 << m.card)) - len(before)

    dealer_side = (rules.players - 1) % rules.sides
    matcher = d.seat % rules.sides == dealer_side
    n = net(move)
    if (n <= 0) if matcher else (n >= 0):
        return []
    if not any((net(m) < n) if matcher else (net(m) > n) for m in d.legal if m != move):
        return []
    # the moves that keep the aim: a matcher unmatches nothing, a splitter re-matches nothing
    keeping = tuple(
        m for m in d.legal if m != move and ((net(m) <= 0) if matcher else (net(m) >= 0))
    )
    flipped = flipped_values(move.card, move.capture)
    after = unmatched_values(captured | move.capture | 1 << move.card)
    now = values_text(after, d.style)
    if all(v in after for v in flipped):
        does = _("{move} unmatches {values} (unmatched now: {now})")
    elif not any(v in after for v in flipped):
        does = _("{move} re-matches {values} (unmatched now: {now})")
    else:
        does = _("{move} flips {values} (unmatched now: {now})")
    if matcher:
        aim = _("the dealer's side keeps values matched, so that the dealer takes the last cards")
    else:
        aim = _(
            "the side that does not deal splits values (sparigliare), to deny the dealer the "
            "last capture"
        )
    text = _("{does}; Chitarrella: {aim}.").format(
        does=does.format(move=d.move(move), values=d.value_letters(flipped), now=now),
        aim=aim,
    )
    return [Observation("pairing", text, CODE_MAXIM["pairing"], True, values=flipped,
                        keeping=keeping, quotes_maxim=True)]  # fmt: skip


def _no_double_laid(d: Choices, move: Move) -> list[Observation]:
    if move.capture or any(m.capture for m in d.legal):
        return []
    hand = d.view.hands[d.seat]
    by_value: dict[int, int] = {}
    for i in indexes_of(hand):
        by_value[VALUE_OF[i]] = by_value.get(VALUE_OF[i], 0) | 1 << i
    if by_value[VALUE_OF[move.card]].bit_count() != 1:
        return []
    doubles = [mask for v, mask in sorted(by_value.items()) if mask.bit_count() >= 2]
    if not doubles:
        return []
    if not d.unseen_of(range(VALUE_OF[move.card], 11)):
        # a dead card: no unseen card reaches its value, so nobody can ever take it, and a
        # twin to take it back is beside the point (coach audit, stop 57: a king laid after
        # the other three were taken was told to lay from a double)
        return []
    text = _(
        "Nothing could be taken, and {move} was laid alone of its value from a hand that held "
        "{doubles}: a card laid from a double is one its twin can take back, if it is still on "
        "the table at the player's next turn."
    ).format(move=d.move(move), doubles=either([d.cards(x) for x in doubles]))
    doubled = [m for m in d.legal if any(mask >> m.card & 1 for mask in doubles)]
    if (
        d.next_is_opponent
        and d.sweep_threat(move) is None
        and all(d.sweep_threat(m) is not None for m in doubled)
    ):  # two maxims pull apart: say so, the analysis weighs them
        text += " " + _(
            "But laying any of {cards} would have left a table one card can sweep, and {move} "
            "left none."
        ).format(cards=d.cards(sum(1 << m.card for m in doubled)), move=d.move(move))
    return [Observation("no-double-laid", text, CODE_MAXIM["no-double-laid"], True,
                        cards=doubles[0], keeping=tuple(doubled))]  # fmt: skip


def _line_words(d: Choices, line: Sequence[Move]) -> str:
    seat = d.seat
    parts = []
    for m in line:
        parts.append(f"{d.names[seat]} {d.move(m)}")
        seat = (seat + 1) % d.rules.players
    return ", ".join(parts)


def _counted_endgame(d: Choices, move: Move, exact: Analysis | None) -> list[Observation]:
    world = known_world(d.view)
    if world is None or len(d.legal) < 2:
        return []
    if exact is None or exact.method != "exact":
        exact = exact_analysis(world, time_limit=OBSERVE_EXACT_TIME)
    if not exact.exact:
        return []
    values = {m.move: m.value for m in exact.moves}
    best = max(values.values())
    lost = best - values[move]
    if lost <= 0:
        return []
    holders = [s for s in range(d.rules.players) if s != d.seat and world.hands[s]]
    where = "; ".join(
        (_("you hold {cards}") if is_you(d.names[s]) else _("{name} holds {cards}")).format(
            name=d.names[s], cards=d.cards(world.hands[s])
        )
        for s in holders
    )
    line = exact.pv or [m.move for m in exact.moves[:1]]
    pts = ngettext("{n} point", "{n} points", int(lost) if lost == int(lost) else 2).format(
        n=number(lost, "g")
    )
    text = _(
        "Every card is known by counting ({where}). {move} loses {points} against the exact "
        "solution; the winning line: {line}."
    ).format(
        where=where or _("no other cards are left"),
        move=d.move(move),
        points=pts,
        line=_line_words(d, line),
    )
    others = 0
    for s in holders:
        others |= world.hands[s]
    return [Observation("counted-endgame", text, CODE_MAXIM["counted-endgame"], True, line[0],
                        cards=others)]  # fmt: skip


Check = Callable[["Choices", Move], list[Observation]]
"""One code's check: the observations it makes of a move (none, or one)."""

_CHECKS = (
    _missed_scopa,
    _took_scopa,
    _missed_settebello,
    _settebello_exposed,
    _sweepable_table,
    _safe_table,
    _offers_seven,
    _primiera_given,
    _denaro_given,
    _missed_denaro,
    _pairing,
    _no_double_laid,
)
"""The checks of every code but ``counted-endgame`` (which needs the exact solution), in the
order of :data:`CODES`."""


def observe(
    view: GameState,
    move: Move,
    *,
    names: Sequence[str] | None = None,
    style: Style | str | None = None,
    exact: Analysis | None = None,
    styles: StylePriors | None = None,
) -> list[Observation]:
    """Every observation about playing ``move`` in ``view``, in the order of :data:`CODES`.

    ``view`` is the position before the move as the mover knows it (a state that shows more is
    reduced to the mover's view first, so nothing unseen leaks in). ``exact`` may pass the exact
    solver's analysis of the position when the caller has it (``counted-endgame`` uses it);
    otherwise it is solved here when counting pins every card. ``styles``: the players' styles
    of play known before the hand (stated, or from earlier hands), which the odds read with.
    """
    return Choices(seat_view(view), names, style, styles).observe(move, exact)
