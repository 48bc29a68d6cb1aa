"""Positions built by hand for the tracker and inference tests."""

from tutor.counting.inference import Inference
from tutor.counting.tells import FAMILIES
from tutor.game.captures import VALUE_OF
from tutor.game.cards import FULL_DECK, indexes_of, mask_of, parse_cards
from tutor.game.rules import Ruleset
from tutor.game.state import GameState


def endgame(rules: Ruleset, table: str, hands: list[str], style: str = "french") -> GameState:
    """A late position: the given table and hands; every other card already captured by side 0."""
    t = mask_of(parse_cards(table, style))
    hs = [mask_of(parse_cards(h, style)) for h in hands]
    s = GameState(rules, t, [[(h, 0) for h in hs]])
    placed = t
    for h in hs:
        placed |= h
    s.captured[0] = FULL_DECK & ~placed
    return s


def play(state: GameState, *moves: str, style: str = "french") -> None:
    """Check and play each move, written in ``style``."""
    for text in moves:
        state.play(state.parse_move(text, style))


def weighed_by_hand(
    inf: Inference,
) -> tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]]:
    """P(seat holds card) and P(seat holds some card of value) by enumerating every deal of the
    unseen cards that fits the facts, each weighed by hand: a factor ε (the player's
    reliability for the kind of reading) for every standing reading it contradicts, and each
    standing tell's factor for the number of cards of its value the player holds (η + (1 - η) w
    for a player careless with probability η)."""
    state = inf.state
    holders = [h for h in inf.capacity]
    caps = [inf.capacity[h] for h in holders]
    cards = list(indexes_of(state.unplaced()))
    per_card: dict[tuple[int, int], float] = {}
    per_value: dict[tuple[int, int], float] = {}
    total = 0.0
    hand = {h: 0 for h in holders}
    room = dict(zip(holders, caps, strict=True))

    def weight() -> float:
        w = 1.0
        for ex in inf.standing:
            if any(VALUE_OF[c] in ex.values for c in indexes_of(hand[ex.seat])):
                w *= inf.reliability[ex.seat].epsilon(ex.kind)
        for t in inf.tells:
            rel = inf.reliability[t.seat]
            by_count = FAMILIES[t.kind].weights(rel.tells[t.kind], t)
            n = sum(1 for c in indexes_of(hand[t.seat]) if VALUE_OF[c] in t.values)
            eta = rel.carelessness  # a careless player's tell says nothing
            w *= eta + (1 - eta) * by_count[min(n, len(by_count) - 1)]
        return w

    def rec(i: int) -> None:
        nonlocal total
        if i == len(cards):
            w = weight()
            total += w
            for h, m in hand.items():
                for c in indexes_of(m):
                    per_card[(h, c)] = per_card.get((h, c), 0.0) + w
                for v in {VALUE_OF[c] for c in indexes_of(m)}:
                    per_value[(h, v)] = per_value.get((h, v), 0.0) + w
            return
        for h in holders:
            if room[h]:
                room[h] -= 1
                hand[h] |= 1 << cards[i]
                rec(i + 1)
                hand[h] &= ~(1 << cards[i])
                room[h] += 1

    rec(0)
    return (
        {k: x / total for k, x in per_card.items()},
        {k: x / total for k, x in per_value.items()},
    )
