"""Every legal move at one point of a hand, in plain words (``tutor explain FILE --at N``).

For each move: what it captures; what it leaves on the table and the sweep it invites, with the
odds; its effect on matched and unmatched values (the rule of 48); its value with its interval
(the same analysis as the review); and its observations. Everything is seen from the mover's
seat.

>>> from tutor.records.recordfile import load_path
>>> from tutor.review.judge import Settings
>>> record = load_path("docs/examples/seed003-scopa.yaml")[0]
>>> ex = explain_position(record, 2, settings=Settings(samples=20))
>>> ex.player, [m.move.text("french") for m in ex.moves if "safe-table" in m.codes]
('You', ['AS'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.counting.odds import odds_holds_one
from tutor.counting.tracker import a_value, flipped_values, value_word, values_text, viewer_state
from tutor.game.captures import table_sum
from tutor.game.cards import Style, format_cards
from tutor.game.i18n import _, is_you, ngettext
from tutor.game.state import GameState, Move
from tutor.records.record import HandRecord
from tutor.review.hands import position_at, reveal_hands
from tutor.review.judge import Sampled, Settings, Valued, json_number, value_moves
from tutor.review.observations import Choices, Observation, percent_in_words, unmatched_values
from tutor.review.reading import (
    ValuesReading,
    check_values,
    deals_holding,
    deals_share_sentence,
    evaluate_checked,
    with_deals_share,
)
from tutor.review.review import (
    Decision,
    ReviewError,
    decision_seed,
    require_two_sides,
    review_decision,
    weigh_all,
)
from tutor.search.analysis import Interval, MoveEstimate, Progress
from tutor.search.evaluate import Evaluation, sampling_warning

__all__ = ["MoveExplanation", "PositionExplanation", "explain_position", "solve_position"]


@dataclass(frozen=True)
class MoveExplanation:
    """One legal move: what it takes and leaves, its sweep risk, parity effect, value and
    observations."""

    move: Move
    captures: int
    leaves: int
    sweep: tuple[int, int, float] | None
    """The sweep the table left invites: (value, unseen cards of it, the next player's odds)."""
    flipped: tuple[int, ...]
    unmatched: tuple[int, ...]
    """The unmatched values after the move."""
    value: MoveEstimate | None
    observations: tuple[Observation, ...]
    leftover: tuple[int, str] | None = None
    """The last play of the hand: the cards left on the table and the player they go to (who
    captured last; None when nothing is left, or the ruleset leaves them)."""
    sweep_odds: str | None = None
    """The sweep's odds in words as the observations give them, with the figure on the facts
    alone when the readings of behaviour move it (``69% (33% on the facts alone)``)."""
    sweep_deals: float | None = None
    """The share of the deals valued that give the next player the sweeping value; None when
    the values are exact or no table is left to sweep."""
    sweep_share: str | None = None
    """How many of the deals valued give the next player the sweeping value, in words, when
    that share and the odds quoted are far apart (:func:`deals_share_sentence`): the value
    rests on the deals, and the reader should see both."""

    @property
    def codes(self) -> list[str]:
        return [o.code for o in self.observations]

    def sentences(self, style: Style | str | None, next_name: str) -> list[str]:
        """The move in plain words: capture, what is left and its risk, parity, value."""
        out = []
        if self.captures:
            out.append(_("Takes {cards}.").format(cards=format_cards(self.captures, style)))
        else:
            out.append(_("Takes nothing: the card is laid."))
        if self.leftover is not None:  # the hand ends: what is left is not left
            cards, taker = self.leftover
            out.append(
                _("The hand ends: {cards} left on the table go to {player}, who captured last.")
                .format(cards=format_cards(cards, style), player=taker)
            )  # fmt: skip
        elif not self.leaves:
            out.append(_("Leaves the table empty."))
        else:
            total = table_sum(self.leaves)
            left = {"cards": format_cards(self.leaves, style), "total": total}
            if self.sweep is not None:
                v, unseen, p = self.sweep
                out.append(
                    ngettext(
                        "Leaves {cards} ({total}): any {value} sweeps it; {n} unseen ({unseen}); "
                        "{odds}.",
                        "Leaves {cards} ({total}): any {value} sweeps it; {n} unseen ({unseen}); "
                        "{odds}.",
                        unseen.bit_count(),
                    ).format(
                        **left,
                        value=value_word(v, style),
                        n=unseen.bit_count(),
                        unseen=format_cards(unseen, style),
                        odds=odds_holds_one(next_name, self.sweep_odds or percent_in_words(p), p),
                    )
                )
                if self.sweep_share is not None:
                    out.append(self.sweep_share)
            elif total > 10:
                out.append(_("Leaves {cards} ({total}): no single card sweeps it.").format(**left))
            else:
                out.append(
                    _(
                        "Leaves {cards} ({total}): only {value} could sweep it, and none can here "
                        "(every one is seen, or it would be the last play)."
                    ).format(**left, value=a_value(total, style))
                )
        if not self.captures:
            out.append(_("Matched and unmatched values: unchanged (a laid card is not counted)."))
        elif not self.flipped:
            out.append(_("Matched and unmatched values: unchanged (a card takes its twin)."))
        else:
            out.append(
                _("Matched and unmatched values: flips {values}; unmatched now: {now}.").format(
                    values=values_text(self.flipped, style), now=values_text(self.unmatched, style)
                )
            )
        return out

    def to_json(self, style: Style | str | None = None) -> dict[str, Any]:
        v = self.value
        sweep = None
        if self.sweep is not None:
            value, unseen, p = self.sweep
            sweep = {
                "value": value,
                "unseen": format_cards(unseen, style).split(),
                "probability": round(p, 4),
                "deals_share": None if self.sweep_deals is None else round(self.sweep_deals, 4),
            }
        return {
            "move": self.move.text(style),
            "captures": format_cards(self.captures, style).split(),
            "leaves": format_cards(self.leaves, style).split(),
            "sweep": sweep,
            "flipped": list(self.flipped),
            "unmatched": list(self.unmatched),
            "value": None if v is None or not v.n else json_number(v.value),
            "low": None if v is None or not v.n else json_number(v.low),
            "high": None if v is None or not v.n else json_number(v.high),
            "observations": [o.to_json() for o in self.observations],
        }


@dataclass
class PositionExplanation:
    """Every legal move of the player to move after ``at`` plays, best first."""

    record: HandRecord
    at: int
    seat: int
    table: int
    hand: int
    exact: bool
    samples: int
    moves: list[MoveExplanation]
    seed: int
    reading: ValuesReading | None = None
    """Set when the values rest on a reading the tracker does not share, and its deals make
    another move best (:func:`tutor.review.reading.check_values`)."""
    sampled: Sampled | None = field(default=None, repr=False, compare=False)
    """The sampling run behind the values, for a judgement of the move then made to go on
    from (:attr:`tutor.review.judge.Valued.sampled`); None when exact."""
    interrupted: bool = False
    """Ctrl-C stopped the sampling: the values are those of the deals valued by then."""
    requested: int = 0
    """The deals asked for (``--samples``): more than :attr:`samples` when the time limit,
    not the count, ended the sampling, and then how many it got depends on the machine."""
    played: Decision | None = None
    """The review's verdict on the move the record made here, judged on the deals above (its
    cost is the gap between the two moves' values as listed), with where the cost comes from;
    None when the record stops here or Ctrl-C came first."""
    played_notes: tuple[Observation, ...] = ()
    """What the review's weighing adds to the played move's observations (a maxim it broke or
    kept, and what the analysis finds it cost), each with that addition alone as its text."""

    def lead(self) -> tuple[Move, Interval] | None:
        """The first move's lead over the second, paired over the deals both were valued on
        (as ``tutor solve`` gives it): a lead whose interval reaches 0 is not settled, however
        the means rank them. None when exact, or with fewer than two moves valued."""
        valued = [m for m in self.moves if m.value is not None and m.value.n]
        if self.exact or self.sampled is None or len(valued) < 2:
            return None
        return valued[1].move, self.sampled.diff(valued[0].move, valued[1].move)

    @property
    def timed_out(self) -> bool:
        """The time limit ended the sampling short of the deals asked for."""
        return not self.exact and not self.interrupted and 0 < self.samples < self.requested

    def reading_text(self) -> str | None:
        """The note on the values' reading, or None."""
        if self.reading is None:
            return None
        return self.reading.text(self.record.players, self.record.style)

    @property
    def player(self) -> str:
        return self.record.players[self.seat]

    @property
    def next_player(self) -> str:
        return self.record.players[(self.seat + 1) % self.record.ruleset.players]

    def to_json(self) -> dict[str, Any]:
        style = self.record.style
        lead = self.lead()
        return {
            "ruleset": self.record.ruleset.name,
            "deck": style.name,
            "at": self.at,
            "play": self.at + 1,
            "player": self.player,
            "table": format_cards(self.table, style).split(),
            "hand": format_cards(self.hand, style).split(),
            "exact": self.exact,
            "samples": self.samples,
            "requested": self.requested,
            "seed": self.seed,
            "moves": [m.to_json(style) for m in self.moves],
            "warnings": self.warnings(),
            "reading": None
            if self.reading is None
            else self.reading.to_json(self.record.players, style),
            "interrupted": self.interrupted,
            "lead": None
            if lead is None
            else {
                "over": lead[0].text(style),
                **lead[1].to_json(),
                "settled": lead[1].low > 0,
            },  # fmt: skip
            "played": None if self.played is None else self.played.to_json(style),
        }

    def warnings(self) -> list[str]:
        """What a reader must know before trusting the values: sampled values from few deals
        or with wide intervals say little (as ``solve`` warns)."""
        if self.exact or not self.samples:
            return []
        # a move dropped early as clearly worse keeps its wider interval: it decides nothing
        estimates = [m.value for m in self.moves if m.value and m.value.n == self.samples]
        warning = sampling_warning(self.samples, estimates)
        return [warning] if warning else []


def explain_position(
    record: HandRecord,
    at: int,
    player: str | None = None,
    *,
    settings: Settings | None = None,
    prior: Sampled | None = None,
    progress: Progress | None = None,
    keep_interrupted: bool = False,
) -> PositionExplanation:
    """Explain every legal move of the player to move after the first ``at`` plays.

    ``player``, when given, must be that player: the choices are theirs, seen from their seat.
    The values come from the review's analysis (exact when counting pins every card), going
    on from ``prior``, an earlier look at this position, when it fits
    (:func:`tutor.review.judge.value_moves`). ``progress`` follows the deals valued. Ctrl-C
    raises KeyboardInterrupt, unless ``keep_interrupted`` and some deals were valued: their
    values are kept (:attr:`PositionExplanation.interrupted`).
    """
    settings = settings or Settings()
    require_two_sides(record)
    full = reveal_hands(record)
    if not 0 <= at < len(full.plays) + 1:
        raise ReviewError(
            f"--at {at}: "
            + ngettext(
                "the record has {n} play", "the record has {n} plays", len(full.plays)
            ).format(n=len(full.plays))
        )
    state = full.state_at(at)
    if state.is_over():
        raise ReviewError(
            f"--at {at}: " + _("the hand is over after play {n}: there is no move").format(n=at)
        )
    seat = state.turn
    if player is not None and full.players[seat] != player:
        mover = full.players[seat]
        raise ReviewError(
            f"--as {player}: "
            + (
                _(
                    "play {n} is yours to make, and explain describes the choices of the player "
                    "to move"
                )
                if is_you(mover)
                else _(
                    "play {n} is {name}'s to make, and explain describes the choices of the "
                    "player to move"
                )
            ).format(n=at + 1, name=mover)
        )
    if state.unknown[seat]:
        raise ReviewError(
            f"--at {at}: "
            + (
                _("your hand is not known (the record stops before you play it)")
                if is_you(full.players[seat])
                else _("{name}'s hand is not known (the record stops before they play it)")
            ).format(name=full.players[seat])
        )
    view = viewer_state(state, seat)
    seeded = replace(settings, seed=decision_seed(settings.seed, at + 1))
    valued = value_moves(view, seeded, prior, progress, keep_interrupted)
    # a reading is checked by sampling again: not after a Ctrl-C
    reading = (
        None
        if valued.exact or valued.interrupted
        else check_values(view, valued.values, valued.hands, seeded)
    )
    by_move = {v.move: v for v in valued.values}
    choices = Choices(view, full.players, full.style, settings.styles)
    captured = view.captured_cards()
    out = []
    hands = () if valued.exact else valued.hands
    nxt = (seat + 1) % full.ruleset.players
    observed: dict[Move, tuple[Observation, ...]] = {}
    for m in choices.legal:
        sweep = choices.sweep(m)
        observed[m] = tuple(choices.observe(m))
        # the odds the texts quote are the tracker's, the values rest on the deals: where the
        # two part, both are said, as in the review (with_deals_share), once for a move: an
        # observation about the sweep the line on the table already speaks of says it there
        said_by_sweep = (nxt, (sweep[0],)) if sweep is not None else None
        obs = [
            o
            if (o.holder, tuple(o.values)) == said_by_sweep
            else with_deals_share(o, hands, view, full.players)
            for o in observed[m]
        ]
        flipped = flipped_values(m.card, m.capture) if m.capture else ()
        after = captured | m.capture | (1 << m.card) if m.capture else captured
        est = by_move.get(m)
        then = choices.after(m)
        last = then.stack[-1] if then.is_over() and then.stack else None
        leftover = (
            (last.leftover, full.players[last.leftover_seat])
            if last is not None and last.leftover
            else None
        )
        out.append(
            MoveExplanation(
                m,
                m.capture,
                then.table if not then.is_over() else 0,
                sweep,
                flipped,
                unmatched_values(after),
                est,
                tuple(obs),
                leftover,
                None if sweep is None else choices.odds_words(m, (sweep[0],), sweep[2]),
                None
                if sweep is None or not hands
                else deals_holding(hands, nxt, (sweep[0],)) / len(hands),
                None
                if sweep is None
                else deals_share_sentence(nxt, (sweep[0],), sweep[2], hands, view, full.players),
            )
        )
    out.sort(key=lambda e: -(e.value.value if e.value is not None and e.value.n else -1e9))
    interrupted = valued.interrupted
    played = None
    if not interrupted:
        try:
            played = _judge_played(full, state, at, valued, settings)
        except KeyboardInterrupt:
            if not keep_interrupted:
                raise
            interrupted = True
    notes = () if played is None else _weighed_notes(observed[played.move], played, full)
    return PositionExplanation(full, at, seat, view.table, view.hands[seat], valued.exact,
                               valued.samples, out, settings.seed, reading, valued.sampled,
                               interrupted, settings.samples, played, notes)  # fmt: skip


def _weighed_notes(
    observations: Sequence[Observation], played: Decision, full: HandRecord
) -> tuple[Observation, ...]:
    """What the review adds to the played move's observations once its cost is known (where a
    maxim and the analysis part, both with the numbers: :func:`weigh_all`), each observation
    with that addition alone as its text: the list above gives the facts."""
    facts = {(o.code, o.maxim): o.text for o in observations}
    out = []
    for w in weigh_all(observations, played.judgement, full.style):
        base = facts[(w.code, w.maxim)]
        if w.text != base and w.text.startswith(base):
            out.append(replace(w, text=w.text[len(base) :].strip()))
    return tuple(out)


def _judge_played(
    full: HandRecord, state: GameState, at: int, valued: Valued, settings: Settings
) -> Decision | None:
    """The review's verdict on the move the record made after ``at`` plays, on the deals
    ``valued`` drew and no more (a time limit that cut the values short cuts the verdict
    alike), so that its cost is the gap the list shows; None when the record stops there."""
    moves = full.moves()
    if at >= len(moves):
        return None
    judged = settings if valued.samples < 2 else replace(settings, samples=valued.samples)
    # the reading check is explain's own note on the values (check_values), not said twice
    return review_decision(state, at + 1, moves[at], full.players, full.style, judged,
                           reading_check=False, prior=valued.sampled)  # fmt: skip


def solve_position(
    record: HandRecord,
    at: int,
    method: str = "auto",
    *,
    samples: int | None = None,
    time_limit: float | None = None,
    seed: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Evaluation:
    """``tutor solve``: every legal move of the player to move after the first ``at`` plays,
    valued exactly or by sampling from the mover's seat (:func:`evaluate_checked`), on the
    deals the review and ``explain --at`` draw for this decision with ``seed`` (a user who
    compared them saw the same move at -0.61 and +0.04 when solve drew others: first-hour
    audit, stop 55). The analysis keeps ``seed`` itself, which repeats the run."""
    state = position_at(record, at)
    result, _reading = evaluate_checked(
        state,
        method,
        samples=samples,
        time_limit=time_limit,
        seed=decision_seed(seed, at + 1),
        workers=workers,
        progress=progress,
        names=record.players,
        sides=record.team_names(),
    )
    result.analysis.seed = seed
    return result
