"""Inference of the other players' holdings: facts, readings weighed as evidence, deductions.

Three layers, each with a reason a person can read (``docs/tracker.md``):

1. **Hard facts**: the cards seen, how many cards each player still holds, how many are still
   to be dealt (the *stock*) (:mod:`tutor.counting.tracker`). They alone say what is certain:
   each (card, holder) pair *must*, *may* or *cannot* hold (:mod:`tutor.counting.assignment`).
2. **Readings of behaviour** (:mod:`tutor.counting.readings`), each player trusted as far as
   the hand has shown them careful (:mod:`tutor.counting.trust`). They weigh the deals that fit
   the facts (:mod:`tutor.counting.weights`): every probability is exact over the weighted
   deals, and a reading moves it without ever making it 0 or 1.
3. **Deductions** (:mod:`tutor.counting.deductions`): every must and cannot, those of the facts
   as certain and those the readings would give each with its probability and the readings it
   rests on.

:func:`infer` puts them together for one seat; :func:`count_view` adds the tracker's board.

>>> from tutor.game.rules import load_ruleset
>>> from tutor.game.cards import parse_card
>>> rules = load_ruleset("scopa")
>>> s = GameState.from_cards(rules, "2C 5S", [["3S", "AD", "6B"], ["AC", "FB", "7S"]])
>>> s.push(s.parse_move("3S"))          # seat 0 lays the 3: 2+3+5 = 10 on the table
>>> s.push(s.parse_move("7S x 2C 5S"))  # seat 1 could have swept with a king, and did not
>>> inf = infer(viewer_state(s, 0), 0)
>>> ex = inf.exclusions[0]
>>> ex.kind, ex.seat, ex.values, ex.play
('scopa', 1, (10,), 2)
>>> ex.text(["Ada", "Bea"]).split(", so ")[1]
'probably holds no 10 (inference, 92%)'
>>> h = inf.holdings[1][parse_card("RD").index]  # the reading, taken as certain, says cannot
>>> h.status, h.reading, round(h.probability, 4)
('may', 'cannot', 0.0214)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.counting.assignment import AssignmentModel, build_model, certain_model, complete
from tutor.counting.deductions import (
    Deduction,
    Holding,
    ValueDeduction,
    find_deductions,
    find_value_deductions,
)
from tutor.counting.defaults import TRUST_DEFAULT
from tutor.counting.odds import chance_of_value, chance_of_values, percent, short_of_certain
from tutor.counting.readings import Exclusion
from tutor.counting.style import (
    GAIN_KINDS,
    PassedCounts,
    StylePriors,
    carry_styles,
    gain_weight,
    styles_by_seat,
)
from tutor.counting.tells import Tell
from tutor.counting.tracker import (
    OUT,
    STOCK,
    Board,
    CountingError,
    check_viewer,
    seat_names,
    track,
    viewer_state,
)
from tutor.counting.trust import Reliability, weigh_readings
from tutor.counting.weights import Evidence, WeightedModel
from tutor.game.captures import VALUE_OF
from tutor.game.cards import VALUE_MASKS, Style, format_card, get_style, indexes_of
from tutor.game.i18n import _, all_of, ngettext, number
from tutor.game.state import GameState
from tutor.records.record import HandRecord

__all__ = [
    "Inference",
    "CountView",
    "ValueCell",
    "HandView",
    "infer",
    "count_view",
    "hand_view",
    "match_styles",
    "known_styles",
    "PassedGain",
    "known_styles_by_seat",
]


@dataclass(frozen=True)
class ValueCell:
    """What the viewer can say about one player holding a value: a cell of the tracker's
    players x values table."""

    status: str
    """``none`` (no unseen card of the value), ``must`` (holds one), ``cannot`` (holds none),
    both on the facts alone, or ``may``."""
    probability: float | None
    """``may`` only: P(holds at least one card of the value), the readings weighed in."""
    reading: bool
    """Whether the readings of behaviour move the probability (to the percent shown)."""


@dataclass(frozen=True)
class PassedGain:
    """A value ``seat`` passed up gains of: the plays by kind (:data:`GAIN_KINDS`), and the
    share of its weight a deal giving them a card of it keeps."""

    seat: int
    value: int
    counts: PassedCounts
    weight: float

    def kinds(self) -> dict[str, int]:
        """How many of each kind of gain, the kinds passed up only (``{"capture": 1}``)."""
        return {k: m for k, m in zip(GAIN_KINDS, self.counts, strict=True) if m}


@dataclass
class Inference:
    """What the viewer can infer about every unseen card (see the module docstring)."""

    state: GameState
    viewer: int
    names: list[str]
    unseen: int
    """Cards the viewer has not seen (other hands, the stock)."""
    capacity: dict[int, int]
    """Unknown cards per holder (seats and STOCK) with at least one."""
    exclusions: list[Exclusion]
    """Every reading made, the dropped ones marked."""
    standing: list[Exclusion]
    """The readings that weigh in: each with its ``confidence`` once weighed."""
    tells: list[Tell]
    """The tells that weigh in (:mod:`tutor.counting.tells`)."""
    active: list[Exclusion]
    """The standing readings the deductions take as certain (all of them, unless they cannot
    hold together with the facts)."""
    reliability: dict[int, Reliability]
    """Per other seat, how careful the hand has shown them (the readings' trust)."""
    holdings: dict[int, dict[int, Holding]]
    """Per holder (other seats, the viewer when the record does not give their cards, and STOCK
    when cards remain to be dealt), per unseen card."""
    value_probability: dict[int, dict[int, float]]
    """Per seat in ``holdings``, P(holds at least one card of value v), v = 1..10."""
    deductions: list[Deduction]
    method: str
    deals: int
    """The number of deals of the unseen cards that fit the facts."""
    trust: float
    """The prior trust in readings (``--trust-readings``)."""
    weighted: WeightedModel = field(repr=False)
    model: AssignmentModel = field(repr=False)
    """The readings taken as certain: the deductions' model."""
    fact_model: AssignmentModel = field(repr=False)
    style: Style | str | None = None
    passed: dict[int, dict[int, PassedCounts]] = field(default_factory=dict)
    """Per other seat and value, the plays a card of the value would have beaten at once
    (:func:`tutor.counting.style.passed_gains`)."""
    value_deductions: list[ValueDeduction] = field(default_factory=list)
    """The values a player must hold by counting, no one card of them certain (facts)."""
    _facts: WeightedModel | None = field(default=None, repr=False, compare=False)
    """The deals weighted alike (:meth:`sample` without the inferences, the stock's odds on the
    facts alone), made when first asked for."""

    def passed_gains(self) -> list[PassedGain]:
        """Each value each other player passed up gains of, with the weight a deal giving them
        a card of it keeps (by their style of play), by seat then value: what ``track``'s JSON
        lists and its board names."""
        return [
            PassedGain(seat, value, counts, gain_weight(self.reliability[seat].style, counts))
            for seat, by_value in sorted(self.passed.items())
            if seat in self.reliability
            for value, counts in sorted(by_value.items())
        ]

    @property
    def weighs_behaviour(self) -> bool:
        """Whether anything read of behaviour (a reading, a tell, a passed-up gain) weighs on
        the odds: only then can they differ from the facts alone."""
        return bool(self.standing or self.tells or any(self.passed.values()))

    def probability(self, seat: int, card: int) -> float:
        """P(``seat`` (or STOCK) holds ``card``), the readings weighed in."""
        h = self.holdings.get(seat, {}).get(card)
        if h:
            return h.probability
        return 1.0 if seat >= 0 and self.state.hands[seat] >> card & 1 else 0.0

    def probability_any(self, seat: int, value: int) -> float:
        """P(``seat`` holds at least one card of ``value``), the readings weighed in."""
        return self.value_probability.get(seat, {}).get(value, 0.0)

    def probability_any_of(self, seat: int, values: Iterable[int], facts: bool = False) -> float:
        """P(``seat`` holds at least one card of any of ``values``), the readings weighed in
        (``facts``: on the facts alone, as if no reading were made).

        The odds that a player can make any of several captures (a 7 or an 8 that would take
        the settebello, say); for one value it is :meth:`probability_any`.
        """
        wanted = set(values)
        if facts and seat >= 0:  # the hypergeometric chance, as the tracker's board gives it
            return chance_of_values(self.state, seat, wanted)
        if len(wanted) == 1 and not facts:
            return self.probability_any(seat, next(iter(wanted)))
        known = self.state.hands[seat] if seat >= 0 else 0
        if any(VALUE_OF[i] in wanted for i in indexes_of(known)):
            return 1.0
        model = self._facts_model() if facts else self.weighted
        if seat not in model.holders:
            return 0.0
        return model.probability_some(model.holders.index(seat), wanted)

    def probability_any_facts(self, seat: int, value: int) -> float:
        """The same on the facts alone: the hypergeometric value, as if no reading were made."""
        return chance_of_value(self.state, seat, value)

    def value_cell(self, seat: int, value: int) -> ValueCell:
        """What can be said about ``seat`` (another player) holding a card of ``value``."""
        row = self.holdings.get(seat, {})
        cards = [c for c in row if VALUE_OF[c] == value]
        if not cards:
            return ValueCell("none", None, False)
        if any(row[c].status == "must" for c in cards) or any(
            d.holder == seat and d.value == value for d in self.value_deductions
        ):
            return ValueCell("must", None, False)
        if all(row[c].status == "cannot" for c in cards):
            return ValueCell("cannot", None, False)
        p = self.probability_any(seat, value)
        # Any reading, tell or passed-up gain can change the figure: say so when the facts alone
        # give another.
        shown = percent(p)
        moved = self.weighs_behaviour and shown != percent(self.probability_any_facts(seat, value))
        return ValueCell("may", p, moved)

    @property
    def players_in_doubt(self) -> list[int]:
        """The seats with cards the viewer has not seen (the rows of the tracker's table): the
        others, and the viewer when the record does not give their cards."""
        return [h for h in self.holdings if h != STOCK]

    @property
    def stock(self) -> int | None:
        """How many unseen cards are still to be dealt (None when no deal is to come)."""
        return self.capacity.get(STOCK, 0) if STOCK in self.holdings else None

    def to_deal(self, value: int) -> float | None:
        """The expected number of cards of ``value`` still to be dealt (None: none unseen)."""
        held = [
            h.probability for c, h in self.holdings.get(STOCK, {}).items() if VALUE_OF[c] == value
        ]
        return sum(held) if held else None

    @property
    def readings_in_force(self) -> list[Exclusion]:
        """The readings of behaviour that weigh in, in the order they were made."""
        return list(self.standing)

    @property
    def readings_given_up(self) -> list[Exclusion]:
        """The readings given up, because the plays or cards seen since prove them wrong."""
        return [e for e in self.exclusions if e.dropped is not None]

    def status(self, seat: int, card: int) -> str:
        """must / may / cannot on the facts alone."""
        h = self.holdings.get(seat, {}).get(card)
        if h:
            return h.status
        return "must" if seat >= 0 and self.state.hands[seat] >> card & 1 else "cannot"

    def probability_facts(self, holder: int, card: int) -> float:
        """P(``holder`` (or STOCK) holds the unseen ``card``) on the facts alone, as if no
        reading were made: what a reading's figure is to be compared with."""
        if not self.unseen >> card & 1:
            return 0.0
        # every unseen card is as likely to be any of the unknown cards of any holder
        return self.capacity.get(holder, 0) / self.unseen.bit_count()

    def _facts_model(self) -> WeightedModel:
        if self._facts is None:
            m = self.weighted
            self._facts = WeightedModel(m.holders, m.caps, m.pool, Evidence())
        return self._facts

    def sample(self, n: int, rng: random.Random, use_inferences: bool = True) -> list[GameState]:
        """``n`` deals of the unseen cards, drawn in proportion to their weight (uniformly
        among those that fit the facts without ``use_inferences``)."""
        model = self.weighted if use_inferences else self._facts_model()
        return [complete(self.state, model.holders, model.sample(rng), rng) for _ in range(n)]

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The holdings of each player and of the stock, the hand sizes, the chances of each
        value, the readings and tells with their standing, the passed-up gains, the trust, the
        deductions and how the deals were counted: the inference's half of
        ``tutor track --json``."""
        style = self.style if style is None else style

        def who(h: int) -> str:
            return {STOCK: "stock", OUT: "out of play"}.get(h) or self.names[h]

        return {
            "holdings": {
                who(h): {format_card(c, style): v.to_json() for c, v in sorted(cards.items())}
                for h, cards in self.holdings.items()
                if h != STOCK
            },
            "stock": {
                format_card(c, style): v.to_json()
                for c, v in sorted(self.holdings.get(STOCK, {}).items())
            },
            "hand_sizes": {who(h): n for h, n in self.capacity.items()},
            "value_probability": {
                self.names[s]: {str(v): round(p, 6) for v, p in vals.items()}
                for s, vals in self.value_probability.items()
            },
            "value_probability_facts": {
                self.names[s]: {
                    str(v): round(self.probability_any_facts(s, v), 6) for v in range(1, 11)
                }
                for s in self.value_probability
            },
            "inferences": [
                {
                    **e.to_json(self.names, style),
                    "status": "dropped"
                    if e.dropped
                    else ("active" if any(e is a for a in self.standing) else "expired"),
                }
                for e in self.exclusions
            ],
            "tells": [t.to_json(self.names, style) for t in self.tells],
            "passed_gains": [
                {
                    "player": self.names[g.seat],
                    "value": g.value,
                    "plays": sum(g.counts),
                    "kinds": g.kinds(),
                    "weight": round(g.weight, 6),
                }
                for g in self.passed_gains()
            ],
            "trust": {
                "prior": self.trust,
                "players": [r.to_json(self.names) for _, r in sorted(self.reliability.items())],
            },
            "deductions": [d.to_json(self.names, style) for d in self.deductions],
            "value_deductions": [d.to_json(self.names, style) for d in self.value_deductions],
            "method": self.method,
            "consistent_deals": self.deals,
        }


def infer(
    state: GameState,
    viewer: int,
    names: Sequence[str] | None = None,
    use_inferences: bool = True,
    style: Style | str | None = None,
    trust: float = TRUST_DEFAULT,
    styles: StylePriors | None = None,
) -> Inference:
    """Classify and weigh every unseen card for every other holder, from ``viewer``'s seat.

    ``state`` should be the viewer's view (see :func:`tutor.counting.tracker.viewer_state`);
    whatever it knows counts as known. ``trust`` is the prior trust in readings
    (:mod:`tutor.counting.trust`); ``use_inferences`` False (or ``trust`` 0) reads nothing.
    ``styles``: the players' styles of play as known before the hand, stated or from earlier
    hands (:data:`tutor.counting.style.StylePriors`).
    """
    check_viewer(state, viewer)
    rules = state.rules
    who = seat_names(rules.players, names)
    weighing = weigh_readings(state, viewer, trust if use_inferences else 0.0, styles)
    weighted = weighing.model
    holders, caps = weighted.holders, list(weighted.caps)
    pos = {h: j for j, h in enumerate(holders)}
    fact_model = build_model(state, holders, caps, [])
    if not fact_model.feasible():
        raise CountingError(
            _("the position is inconsistent: the unseen cards do not fit the hands")
        )

    def weighed_some(j: int, values: tuple[int, ...]) -> float:
        """The chance, readings weighed in, that holder ``j`` holds one of ``values``; where
        the facts alone (the board's hypergeometric chance, exact at 0 and 1) leave it open,
        no reading closes it."""
        p = weighted.probability_some(j, values)
        facts = chance_of_values(state, holders[j], values)
        return short_of_certain(p) if 0.0 < facts < 1.0 else p

    for ex in weighing.standing:
        ex.confidence = 1.0 - weighed_some(pos[ex.seat], ex.values)
    for t in weighing.tells:
        t.confidence = weighed_some(pos[t.seat], t.values)
    model, active = (
        certain_model(state, holders, caps, weighing.standing)
        if weighing.standing
        else (fact_model, [])
    )
    unseen = state.unseen_by(viewer)
    deals = weighted.deals()
    method = ngettext(
        "exact count over {n} deal that fits the facts",
        "exact count over {n} deals that fit the facts",
        deals,
    ).format(n=number(deals, ",d"))
    passed_count = sum(len(v) for v in weighing.passed.values())
    weighed = [
        phrase.format(n=n)
        for n, phrase in (
            (
                len(weighing.standing),
                ngettext("{n} reading", "{n} readings", len(weighing.standing)),
            ),
            (len(weighing.tells), ngettext("{n} tell", "{n} tells", len(weighing.tells))),
            (
                passed_count,
                ngettext("{n} passed-up gain", "{n} passed-up gains", passed_count),
            ),
        )
        if n
    ]
    if weighed:
        method = _("{method}, weighed by {evidence} of behaviour").format(
            method=method, evidence=all_of(weighed)
        )
    # Holdings per holder and card: the status from the facts, the probability weighed.
    # The other seats, and the viewer's own when the record does not give their cards: those
    # are unseen too, so each unseen card's probabilities sum to 1 over the rows and the stock.
    seats = [s for s in range(rules.players) if s != viewer or state.unknown[viewer]]
    holder_keys = seats + ([STOCK] if STOCK in pos else [])
    holdings: dict[int, dict[int, Holding]] = {}
    for h in holder_keys:
        row: dict[int, Holding] = {}
        j = pos.get(h)
        known = state.hands[h] if h != STOCK else 0
        for c in indexes_of(unseen):
            if known >> c & 1:
                row[c] = Holding("must", 1.0, "fact")
                continue
            gi = fact_model.group_of.get(c)
            if j is None or gi is None:
                row[c] = Holding("cannot", 0.0, "fact")
                continue
            fact = fact_model.status(gi, j)
            if fact != "may":
                row[c] = Holding(fact, 1.0 if fact == "must" else 0.0, "fact")
                continue
            said = model.status(model.group_of[c], j)
            p = short_of_certain(weighted.probability(j, c))  # the facts leave it open
            row[c] = Holding("may", p, None, said if said != "may" else None)
        holdings[h] = row
    # P(at least one of value v) per other seat.
    value_probability: dict[int, dict[int, float]] = {}
    pool = state.unplaced()
    for s in seats:
        vals: dict[int, float] = {}
        j = pos.get(s)
        for v in range(1, 11):
            if state.hands[s] & VALUE_MASKS[v]:
                vals[v] = 1.0
            elif j is None or not pool & VALUE_MASKS[v]:
                vals[v] = 0.0
            else:
                vals[v] = weighed_some(j, (v,))
        value_probability[s] = vals
    inf = Inference(
        state,
        viewer,
        who,
        unseen,
        {h: caps[j] for j, h in enumerate(holders)},
        weighing.exclusions,
        weighing.standing,
        weighing.tells,
        active,
        weighing.reliability,
        holdings,
        value_probability,
        [],
        method,
        deals,
        trust if use_inferences else 0.0,
        weighted,
        model,
        fact_model,
        style,
        weighing.passed,
    )
    inf.deductions = find_deductions(inf)
    inf.value_deductions = find_value_deductions(inf)
    return inf


# -- the tracker and inference together ------------------------------------------------------


@dataclass
class CountView:
    """The tracker's board and the inference for one seat at one point of a hand."""

    board: Board
    inference: Inference

    @property
    def sweep_probability(self) -> float | None:
        """P(the next player can sweep the table), with the behavioural readings."""
        sweep = self.board.sweep
        if sweep.value is None:
            return None
        state = self.inference.state
        nxt = sweep.next_seat
        if state.is_over():
            return 0.0
        if not state.unknown[nxt]:
            return 1.0 if state.hands[nxt] & VALUE_MASKS[sweep.value] else 0.0
        if nxt == self.inference.viewer:
            # a record that does not give the viewer's cards: nothing reads one's own plays
            return chance_of_value(state, nxt, sweep.value)
        return self.inference.probability_any(nxt, sweep.value)

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        """The board and the inference as one object, the sweep risk's probability with the
        readings weighed in (``probability_facts``: on the cards seen alone)."""
        style = self.inference.style if style is None else style
        out = self.board.to_json(style)
        out["sweep"]["probability_facts"] = out["sweep"]["probability"]
        p = self.sweep_probability
        out["sweep"]["probability"] = None if p is None else round(p, 6)
        # nobody plays after the hand's last play
        over = self.inference.state.is_over()
        out["sweep"]["next"] = None if over else self.board.names[self.board.sweep.next_seat]
        out.update(self.inference.to_json(style))
        return out

    def position_json(
        self,
        style: Style | str | None,
        *,
        file: str | None,
        hand: int,
        player: str,
        at: int,
        total_plays: int,
    ) -> dict[str, Any]:
        """The ``tutor track --json`` object: where the position is (the file, the hand, the
        viewer, the plays made and the hand's plays) and then :meth:`to_json`."""
        return {
            "file": file,
            "hand": hand,
            "player": player,
            "at": at,
            "total_plays": total_plays,
            "deck": get_style(style).name,
            **self.to_json(style),
        }


def count_view(
    state: GameState,
    viewer: int,
    names: Sequence[str] | None = None,
    style: Style | str | None = None,
    hide: bool = True,
    trust: float = TRUST_DEFAULT,
    styles: StylePriors | None = None,
) -> CountView:
    """Board and inference for ``viewer``; ``hide`` first reduces ``state`` to their view."""
    view = viewer_state(state, viewer) if hide else state
    return CountView(
        track(view, viewer, names, style),
        infer(view, viewer, names, style=style, trust=trust, styles=styles),
    )


@dataclass
class HandView:
    """What one player can count and infer at one point of a recorded hand (``tutor track``)."""

    record: HandRecord
    hand: int
    """The hand's number in its file (1 = the first)."""
    seat: int
    at: int
    """Plays made."""
    view: CountView
    last_player: str | None = None
    """Who made the last of those plays (None before the first)."""

    @property
    def player(self) -> str:
        """The name of the seat whose view this is."""
        return self.record.players[self.seat]

    @property
    def last_play(self) -> str | None:
        """The last play as the record writes it (None before the first)."""
        return self.record.plays[self.at - 1].text if self.at else None

    def to_json(self) -> dict[str, Any]:
        """The ``tutor track --json`` object (:meth:`CountView.position_json`)."""
        return self.view.position_json(
            self.record.style,
            file=self.record.path,
            hand=self.hand,
            player=self.player,
            at=self.at,
            total_plays=len(self.record.plays),
        )


def hand_view(
    record: HandRecord,
    seat: int,
    at: int | None = None,
    hand: int = 1,
    trust: float = TRUST_DEFAULT,
    styles: Mapping[str, Mapping[str, float]] | None = None,
) -> HandView:
    """What ``seat`` can know after the first ``at`` plays of ``record`` (default: all): only
    their own cards and the cards played count as seen, whatever else the record gives;
    ``trust`` is the prior trust in readings of behaviour, ``styles`` the players' styles
    known before the hand, by player name (:func:`match_styles`, or stated by the user)."""
    n = len(record.plays) if at is None else at
    state = record.state_at(n)
    by_seat = styles_by_seat(record.players, styles or {})
    view = count_view(state, seat, record.players, record.style, trust=trust, styles=by_seat)
    last = record.players[state.stack[-1].seat] if state.stack else None
    return HandView(record, hand, seat, n, view, last)


def match_styles(
    earlier: Sequence[HandRecord],
    player: str | None = None,
    stated: Mapping[str, Mapping[str, float]] | None = None,
) -> dict[str, dict[str, float]]:
    """By player name, the styles of play the ``earlier`` hands of a match have shown
    (:func:`tutor.counting.style.carry_styles`, hand after hand), starting from what the user
    ``stated``; those in no earlier hand keep what was stated.

    Each hand is read as ``player`` saw it; with ``player`` None, as everyone saw it once it
    was over (every card played: a hand not finished is skipped).
    """
    known: dict[str, dict[str, float]] = {k: dict(v) for k, v in (stated or {}).items()}
    for record in earlier:
        state = record.state_at(len(record.plays))
        viewer: int | None
        if player is None:
            if not state.is_over():
                continue
            viewer, seen = None, state
        elif player in record.players:
            viewer = record.players.index(player)
            seen = viewer_state(state, viewer)
        else:
            continue
        before = styles_by_seat(record.players, known)
        for seat, prior in carry_styles(before, seen, viewer).items():
            known[record.players[seat]] = prior
    return known


def known_styles(
    hands: Sequence[HandRecord],
    stated: Mapping[str, Mapping[str, float]] | None = None,
    earlier: bool = True,
    player: str | None = None,
) -> dict[str, dict[str, float]]:
    """By player name, the styles of play known before the last of ``hands`` (a match file's
    hands up to it): those ``stated`` by the user, then (``earlier``) what the hands before it
    showed (:func:`match_styles`), as ``player`` saw them (None: as everyone saw them once
    over). What ``tutor track`` and ``tutor review`` read the plays with."""
    if earlier and len(hands) > 1:
        return match_styles(hands[:-1], player, stated)
    return {name: dict(prior) for name, prior in (stated or {}).items()}


def known_styles_by_seat(
    hands: Sequence[HandRecord],
    stated: Mapping[str, Mapping[str, float]] | None = None,
    earlier: bool = True,
    player: str | None = None,
) -> dict[int, Mapping[str, float]]:
    """:func:`known_styles` by seat of the last of ``hands``: the play model's priors there."""
    return styles_by_seat(hands[-1].players, known_styles(hands, stated, earlier, player))
