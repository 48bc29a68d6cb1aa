"""Replaying hand records: what each play did, the running tally, the score and the match.

A replay walks a validated :class:`~tutor.records.record.HandRecord` through the engine and
keeps, per
play, the captured cards, whether it was a scopa, the table in the order the cards were laid
and each side's tally. ``MatchReplay.to_json()`` is the object ``tutor replay --json`` prints.

>>> from tutor.records.recordfile import loads
>>> [hand] = loads('''
... ruleset: scopa
... deck: french
... players: [You, Ada]
... table: [2C, 4H, 5S, QD]
... deals: [{You: [7D, 7H, AS], Ada: [3H, KC, JD]}]
... plays: [7D x 2C 5S, 3H, AS, KC x QD AS, 7H x 4H 3H]
... ''')
>>> r = replay_hand(hand)
>>> [(s.player, s.card_text, s.scopa) for s in r.steps][-1]
('You', '7H', True)
>>> r.steps[2].table_text, r.score is None
('4H QD 3H AS', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.game.cards import CARDS, Card, cards_of, format_card
from tutor.game.scoring import HandScore, MatchScore, denari_of, score_captures
from tutor.game.state import GameState, Move
from tutor.records.record import INFO_KEYS, HandRecord, as_match, validate_match

__all__ = [
    "Tally",
    "ReplayStep",
    "Leftover",
    "HandReplay",
    "MatchReplay",
    "replay_hand",
    "replay_match",
]


@dataclass
class Tally:
    """One side's running count after a play."""

    side: int
    name: str
    cards: int
    denari: int
    scope: int

    def to_json(self) -> dict[str, Any]:
        """The side's name and its cards, denari and scope so far."""
        return {"side": self.name, "cards": self.cards, "denari": self.denari, "scope": self.scope}


@dataclass
class ReplayStep:
    """One play and what it did."""

    number: int
    """1-based over the whole hand."""
    player: str
    seat: int
    deal: int
    """The deal (1-based) the card came from."""
    card: Card
    move: Move
    captured: list[Card]
    scopa: bool
    learned: bool
    """The record did not give this card before it was played."""
    table: list[Card]
    """The table after the play, in the order the cards were laid (leftovers already gone)."""
    tally: list[Tally]
    note: str | None
    style: Any = field(default=None, repr=False)
    shown_note: str | None = None
    """The note in the language of the run (the record's ``note_it``...), for people; the
    JSON keeps ``note`` as written."""
    table_before: list[Card] = field(default_factory=list)
    """The table before the play, in the order the cards were laid."""
    hands: list[list[Card]] = field(default_factory=list)
    """Each seat's cards before the play as far as the record gives them (sorted): the
    position a replay page shows, where the table alone does not say what the mover chose
    from."""
    hidden: list[int] = field(default_factory=list)
    """How many cards each seat holds before the play that the record does not name."""

    @property
    def card_text(self) -> str:
        """The card played, in the record's notation."""
        return format_card(self.card, self.style)

    @property
    def table_text(self) -> str:
        """The table after the play, as space-separated cards in the order they were laid."""
        return " ".join(format_card(c, self.style) for c in self.table)

    def text(self) -> str:
        """The play in the record's notation, e.g. ``7D x 2C 5S``."""
        return self.move.text(self.style)

    def to_json(self) -> dict[str, Any]:
        """One play of ``tutor replay --json``: who, the card, what it took, whether it
        was a scopa, the table after it, the note and the tally."""
        return {
            "number": self.number,
            "player": self.player,
            "card": self.card_text,
            "captured": [format_card(c, self.style) for c in self.captured],
            "scopa": self.scopa,
            "table": [format_card(c, self.style) for c in self.table],
            "note": self.note,
            "tally": [t.to_json() for t in self.tally],
        }


@dataclass
class Leftover:
    """The cards left on the table at the end, taken by the last player who captured."""

    player: str
    seat: int
    cards: list[Card]


@dataclass
class HandReplay:
    """A whole hand replayed; ``score`` is None while the hand is unfinished."""

    record: HandRecord
    steps: list[ReplayStep]
    leftover: Leftover | None
    score: HandScore | None
    state: GameState

    @property
    def finished(self) -> bool:
        """Whether the hand was played to its end, and so has a score."""
        return self.score is not None

    def to_json(self) -> dict[str, Any]:
        """The per-hand object of ``tutor replay --json``."""
        r = self.record
        st = r.style
        return {
            "file": r.path,
            "ruleset": r.ruleset.name,
            "deck": st.name,
            "info": {k: v for k, v in r.info.items() if k in INFO_KEYS},
            "players": list(r.players),
            "dealer": r.players[-1],
            "sides": r.team_names(),
            "table": [format_card(c, st) for c in r.table],
            "plays": [s.to_json() for s in self.steps],
            "leftover": None
            if self.leftover is None
            else {
                "player": self.leftover.player,
                "cards": [format_card(c, st) for c in self.leftover.cards],
            },
            "score": None if self.score is None else self._score_json(self.score),
        }

    def _score_json(self, score: HandScore) -> dict[str, Any]:
        """The score with each side's ``name`` beside its ``side``, the index into this hand's
        ``sides`` (seats turn in a match, so the index alone does not say which side it is)."""
        names = self.record.team_names()
        return {
            "sides": [
                {"side": entry["side"], "name": names[entry["side"]], **entry}
                for entry in score.to_json(self.record.style)["sides"]
            ]
        }


@dataclass
class MatchReplay:
    """Every hand of a file and the match score over the finished ones."""

    hands: list[HandReplay]
    match: MatchScore
    sides: list[str]
    """Team names, in the first hand's side order (the order of ``match.totals``)."""
    side_players: list[list[str]]
    path: str

    def shown_sides(self) -> list[str]:
        """The sides as a person reads them, in :attr:`sides`' order: a team's name, else its
        players joined in words in the run's language (``Tu e Compagno``, where files and the
        JSON keep ``You & Partner``)."""
        return self.hands[0].record.shown().shown_team_names()

    @property
    def winner(self) -> list[str] | None:
        """The players of the winning side, once the match is decided."""
        return None if self.match.winner is None else self.side_players[self.match.winner]

    def to_json(self) -> dict[str, Any]:
        """The ``tutor replay --json`` object: the last hand's keys, every hand, the match."""
        last = self.hands[-1].to_json()
        out = {k: last[k] for k in last if k != "file"}
        return {
            "file": self.path,
            **out,
            "hands": [h.to_json() for h in self.hands],
            "match": {
                "target": self.match.rules.target,
                "sides": self.sides,
                "hands": [list(h) for h in self.match.hands],
                "totals": list(self.match.totals),
                "winner": self.winner,
                "over": self.match.over,
            },
        }


def _tally(state: GameState, names: Sequence[str]) -> list[Tally]:
    return [
        Tally(i, names[i], pile.bit_count(), denari_of(pile), state.scope[i])
        for i, pile in enumerate(state.captured)
    ]


def replay_hand(record: HandRecord) -> HandReplay:
    """Play the record through the engine, keeping what each play did."""
    moves = record.moves()
    state = record.initial_state()
    names = record.team_names()
    table = list(record.table)
    steps: list[ReplayStep] = []
    leftover: Leftover | None = None
    for n, (entry, move) in enumerate(zip(record.plays, moves, strict=True), 1):
        deal = state.deal_index
        before = list(table)
        hands = [sorted(cards_of(held)) for held in state.hands]
        hidden = list(state.unknown)
        state.push(move)
        res = state.stack[-1]
        captured = sorted(CARDS[i] for i in range(40) if move.capture >> i & 1)
        if move.capture:
            table = [c for c in table if not move.capture & c.bit]
        else:
            table.append(CARDS[move.card])
        if res.leftover:
            cards = [c for c in table if res.leftover & c.bit]
            leftover = Leftover(record.players[res.leftover_seat], res.leftover_seat, cards)
            table = []
        steps.append(
            ReplayStep(
                number=n,
                player=record.players[res.seat],
                seat=res.seat,
                deal=deal,
                card=CARDS[move.card],
                move=move,
                captured=captured,
                scopa=res.scopa,
                learned=res.learned,
                table=list(table),
                tally=_tally(state, names),
                note=entry.note,
                style=record.style,
                shown_note=entry.shown_note(),
                table_before=before,
                hands=hands,
                hidden=hidden,
            )
        )
    score = (
        score_captures(record.ruleset, state.captured, state.scope, record.side_names())
        if state.is_over()
        else None
    )
    return HandReplay(record, steps, leftover, score, state)


def replay_match(records: Sequence[HandRecord]) -> MatchReplay:
    """Replay every hand of a file and add the finished hands' points to a match score."""
    if not records:
        raise ValueError("no hand to replay")
    match = validate_match(records)  # hands joined by a caller make a match, or say why not
    records = [replace(r) for r in records]  # named as a match here: the caller's stay as given
    as_match(records)
    first = records[0]
    hands = [replay_hand(r) for r in records]
    return MatchReplay(hands, match, first.team_names(), first.side_names(), first.path)
