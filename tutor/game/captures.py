"""Which captures a played card may make, and why the others are forbidden.

Tables and captures are bit masks of card indexes (see :mod:`tutor.game.cards`). The options of
every value for a given table are computed once and cached, since play revisits tables often.

>>> from tutor.game.cards import parse_cards, mask_of, format_cards
>>> table = mask_of(parse_cards("AD 3C 4S 5B FD"))  # 1, 3, 4, 5, 8 on the table
>>> [format_cards(m) for m in legal_captures(table, 9, "fewest-cards")]
['AD FD', '4S 5B']
>>> [format_cards(m) for m in legal_captures(table, 9, "single-card")]
['AD FD', 'AD 3C 5B', '4S 5B']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.game.budget import entries_within
from tutor.game.cards import (
    CARDS,
    Card,
    NotationError,
    Style,
    cards_of,
    format_card,
    get_style,
    indexes_of,
    mask_of,
    parse_card_set,
)
from tutor.game.i18n import _, ngettext
from tutor.game.rules import Ruleset

__all__ = [
    "VALUE_OF",
    "all_sums",
    "legal_captures",
    "capture_table",
    "CaptureOption",
    "explain_card",
    "parse_table",
    "Explanation",
    "explain_play",
    "table_sum",
    "sweep_value",
    "clear_cache",
]

VALUE_OF: tuple[int, ...] = tuple(c.value for c in CARDS)
_EMPTY: tuple[tuple[int, ...], ...] = ((),) * 11

_CACHE: dict[str, dict[int, tuple[tuple[int, ...], ...]]] = {
    "single-card": {},
    "fewest-cards": {},
}
TABLE_BYTES = 720
"""The bytes a capture table takes in :data:`_CACHE`, its key and dict slot included: about 700
on a scopone review's tables (stop 60)."""
_CACHE_LIMIT = entries_within(TABLE_BYTES)
"""Capture tables kept per capture rule before the cache starts again (400,000 until stop 60,
some 280 MB)."""
_SWEEPS: dict[str, dict[int, int | None]] = {"single-card": {}, "fewest-cards": {}}
"""The sweep value of each table met (:func:`sweep_value`), per capture rule."""
SWEEP_BYTES = 72
"""The bytes a sweep value takes in :data:`_SWEEPS`, its key and dict slot included (62 to 69,
stop 60)."""
_SWEEPS_LIMIT = entries_within(SWEEP_BYTES)


def _subsets(table: int) -> list[tuple[int, int, int]]:
    """Every non-empty subset of the table whose values sum to 10 or less: (mask, sum, size)."""
    subs: list[tuple[int, int, int]] = [(0, 0, 0)]
    for i in indexes_of(table):
        w = VALUE_OF[i]
        b = 1 << i
        subs += [(m | b, s + w, k + 1) for (m, s, k) in subs if s + w <= 10]
    return subs[1:]


def all_sums(table: int) -> tuple[list[tuple[int, int]], ...]:
    """For each value 0-10, every subset of the table summing to it, as (mask, size)."""
    by_value: tuple[list[tuple[int, int]], ...] = tuple([] for _ in range(11))
    for m, s, k in _subsets(table):
        by_value[s].append((m, k))
    return by_value


def capture_table(table: int, precedence: str) -> tuple[tuple[int, ...], ...]:
    """For each value 0-10, the captures the precedence rule allows on ``table`` (cached)."""
    cache = _CACHE[precedence]
    hit = cache.get(table)
    if hit is not None:
        return hit
    if not table:
        return _EMPTY
    # Subset sums up to 10, built card by card (a hot path: kept free of helper calls).
    masks = [0]
    sums = [0]
    t = table
    while t:
        low = t & -t
        t ^= low
        w = VALUE_OF[low.bit_length() - 1]
        lim = 10 - w
        for j in range(len(masks)):
            sj = sums[j]
            if sj <= lim:
                masks.append(masks[j] | low)
                sums.append(sj + w)
    by: list[list[int]] = [[] for _ in range(11)]
    for j in range(1, len(masks)):
        by[sums[j]].append(masks[j])
    fewest_rule = precedence == "fewest-cards"
    result: list[tuple[int, ...]] = [()]
    for v in range(1, 11):
        opts = by[v]
        if len(opts) <= 1:
            result.append(tuple(opts))
            continue
        singles = [m for m in opts if not m & (m - 1)]
        if singles:
            result.append(tuple(singles))
        elif fewest_rule:
            k = min(m.bit_count() for m in opts)
            result.append(tuple(m for m in opts if m.bit_count() == k))
        else:
            result.append(tuple(opts))
    out = tuple(result)
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[table] = out
    return out


def clear_cache() -> None:
    """Forget every cached capture table and sweep value (benchmarks time the cold engine)."""
    for cache in _CACHE.values():
        cache.clear()
    for sweeps in _SWEEPS.values():
        sweeps.clear()


def legal_captures(table: int, value: int, precedence: str) -> tuple[int, ...]:
    """The captures a card of ``value`` may make on ``table``; empty if it can take nothing."""
    return capture_table(table, precedence)[value]


def table_sum(table: int) -> int:
    """The sum of the values of the cards in ``table`` (a mask): what one card would need to
    sweep it."""
    return sum(VALUE_OF[i] for i in indexes_of(table))


def sweep_value(table: int, precedence: str) -> int | None:
    """The value of the one card that would sweep ``table`` (take every card), or None.

    A sweep takes every card, so its value is the table's sum, which must be 10 or less. The
    capture rule ``precedence`` is asked too, though under both shipped rules every such table
    can be swept: a table of several cards never holds a card equal to its whole sum, which
    would have to be taken alone.

    >>> from tutor.game.cards import parse_cards, mask_of
    >>> sweep_value(mask_of(parse_cards("2C 5S")), "fewest-cards")
    7
    >>> sweep_value(mask_of(parse_cards("2C 5S 7D")), "fewest-cards") is None  # 14
    True
    """
    if not table:
        return None
    cache = _SWEEPS[precedence]
    hit = cache.get(table, -1)
    if hit != -1:
        return hit
    total = table_sum(table)
    value = None if total > 10 or table not in capture_table(table, precedence)[total] else total
    if len(cache) >= _SWEEPS_LIMIT:
        cache.clear()
    cache[table] = value
    return value


@dataclass(frozen=True)
class CaptureOption:
    """One way to play a card: a capture (0: laying it) and whether it is legal."""

    capture: int
    legal: bool
    reason: str


def _sum_text(mask: int, style: Style | str | None) -> str:
    return "+".join(
        format_card(i, style) for i in sorted(indexes_of(mask), key=lambda i: VALUE_OF[i])
    )


def explain_card(
    table: int, card: int, rules: Ruleset, style: Style | str | None = None
) -> list[CaptureOption]:
    """Every way ``card`` could be played on ``table``, legal or not, with the rule that decides.

    >>> from tutor.game.rules import load_ruleset
    >>> from tutor.game.cards import parse_card, parse_cards, mask_of
    >>> t = mask_of(parse_cards("5D 3C 2S"))
    >>> for o in explain_card(t, parse_card("5B").index, load_ruleset("scopa")):
    ...     print(o.legal, o.reason)
    True takes the single 5D
    False the table holds a single 5, which must be taken instead of 2S+3C
    False a card that can capture must capture: it may not be laid
    """
    value = VALUE_OF[card]
    by_value = all_sums(table)
    opts = by_value[value]
    legal = set(legal_captures(table, value, rules.capture_precedence))
    out: list[CaptureOption] = []
    singles = [m for m, k in opts if k == 1]
    fewest = min((k for _, k in opts), default=0)
    for m, k in sorted(opts, key=lambda mk: (mk[1], sorted(indexes_of(mk[0])))):
        text = _sum_text(m, style)
        if m in legal:
            if k == 1:
                reason = _("takes the single {cards}").format(cards=text)
            elif rules.capture_precedence == "fewest-cards" and any(kk > k for _s, kk in opts):
                reason = _("takes {cards}: {k} cards, the fewest that make {value}").format(
                    cards=text, k=k, value=value
                )
            else:
                reason = _("takes {cards}, which add up to {value}").format(cards=text, value=value)
            out.append(CaptureOption(m, True, reason))
        elif singles:
            reason = ngettext(
                "the table holds a single {value}, which must be taken instead of {cards}",
                "the table holds {n} single {value}s, one of which must be taken instead of "
                "{cards}",
                len(singles),
            ).format(n=len(singles), value=value, cards=text)
            out.append(CaptureOption(m, False, reason))
        else:
            reason = _(
                "{cards} uses {k} cards, but a combination of {fewest} cards makes {value}: "
                "only a combination with the fewest cards may be taken"
            ).format(cards=text, k=k, fewest=fewest, value=value)
            out.append(CaptureOption(m, False, reason))
    if opts and rules.forced_capture:
        out.append(
            CaptureOption(0, False, _("a card that can capture must capture: it may not be laid"))
        )
    elif opts:
        out.append(CaptureOption(0, True, _("lays the card on the table")))
    else:
        out.append(
            CaptureOption(
                0, True, _("lays the card on the table: nothing makes {value}").format(value=value)
            )
        )
    return out


def parse_table(
    text: str | Iterable[str], played: Card | None = None, style: Style | str | None = None
) -> list[Card]:
    """The cards on a table, as typed: distinct, and without ``played``, the card in hand.

    >>> from tutor.game.cards import parse_card
    >>> parse_table("4C 2S", parse_card("6D"))
    [<Card 4C>, <Card 2S>]
    >>> parse_table("4C 6D", parse_card("6D"))
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: 6D is the card being played; it cannot be on the table too
    """
    cards = parse_card_set(text, style)
    if played is not None and played in cards:
        raise NotationError(
            _("{card} is the card being played; it cannot be on the table too").format(
                card=format_card(played, style)
            )
        )
    return cards


@dataclass(frozen=True)
class Explanation:
    """Every way to play ``card`` on ``table`` under ``rules``, legal or not, and why."""

    card: Card
    table: tuple[Card, ...]
    rules: Ruleset
    style: Style
    options: tuple[CaptureOption, ...]

    @property
    def table_mask(self) -> int:
        """The table as a card mask, the form the captures are written in."""
        return mask_of(self.table)

    def sweeps(self, option: CaptureOption) -> bool:
        """Whether ``option`` takes every card on the table."""
        return bool(option.capture) and option.capture == self.table_mask

    def to_json(self) -> dict[str, Any]:
        """The card, the table and every option with its legality, reason and whether it
        sweeps (``tutor explain --json``)."""
        st = self.style
        return {
            "ruleset": self.rules.name,
            "deck": st.name,
            "card": format_card(self.card, st),
            "table": [format_card(c, st) for c in self.table],
            "options": [
                {
                    "capture": [format_card(c, st) for c in sorted(cards_of(o.capture))],
                    "legal": o.legal,
                    "reason": o.reason,
                    "sweeps": self.sweeps(o),
                }
                for o in self.options
            ],
        }


def explain_play(
    card: Card, table: Sequence[Card], rules: Ruleset, style: Style | str | None = None
) -> Explanation:
    """Every capture ``card`` may make on ``table``, and the rule that forbids each other one.

    >>> from tutor.game.rules import load_ruleset
    >>> from tutor.game.cards import parse_card
    >>> e = explain_play(parse_card("7D"), parse_table("2C 5S"), load_ruleset("scopa"))
    >>> [(o["capture"], o["legal"], o["sweeps"]) for o in e.to_json()["options"]]
    [(['2C', '5S'], True, True), ([], False, False)]
    """
    st = get_style(style)
    options = explain_card(mask_of(table), card.index, rules, st)
    return Explanation(card, tuple(table), rules, st, tuple(options))
