"""Cards and positions drawn as SVG: self-contained markup, no fonts or images needed.

Each function returns a complete ``<svg>`` element as a string, fit to inline in HTML or to
save as a ``.svg`` file (:func:`svg_document` adds the XML header). The suits are drawn as
paths (♦ ♥ red, ♠ ♣ black; ♦ is always denari, as in the terminal), the ranks in the deck's
own letters, so that a card looks the same in every browser and in any font. Every text that
comes from a file (names) goes through :func:`tutor.render.safe.markup`.

- :func:`card_svg`: one card face up (the settebello gets a gold frame);
- :func:`card_back_svg`: one card face down;
- :func:`cards_svg`: a row of cards (a hand, the table, a capture);
- :func:`position_svg`: a position from one seat: the table, the viewer's hand, how many
  cards each other player holds, whose turn it is.

>>> from tutor.game.cards import parse_card
>>> svg = card_svg(parse_card("7D"), "italian")
>>> svg.startswith("<svg") and "7 of denari" in svg and "settebello" in svg
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from tutor.counting.tracker import seat_names
from tutor.game.cards import CARDS, SETTEBELLO, Card, Style, cards_of, format_cards, get_style
from tutor.game.i18n import _, is_you, language, ngettext, pgettext
from tutor.game.state import GameState
from tutor.render.safe import PDI, fill, fill_markup, isolated, markup

__all__ = [
    "CARD_WIDTH",
    "CARD_HEIGHT",
    "SUIT_PATHS",
    "card_svg",
    "card_back_svg",
    "cards_svg",
    "position_svg",
    "svg_document",
    "text_width",
    "shorten",
    "wrap",
]

CARD_WIDTH = 60
"""A card's width in its own drawing units (the ``viewBox``); cards are 2:3."""
CARD_HEIGHT = 90
RED = "#c0262d"
BLACK = "#1d2430"
GOLD = "#c9971c"
FELT = "#1f6f4a"
FELT_EDGE = "#17573a"

SUIT_PATHS = (
    # denari / diamonds
    "M50 4 L88 50 L50 96 L12 50 Z",
    # coppe / hearts
    "M50 92 C22 70 6 54 6 33 C6 17 18 6 31 6 C40 6 47 12 50 20 C53 12 60 6 69 6 "
    "C82 6 94 17 94 33 C94 54 78 70 50 92 Z",
    # spade / spades
    "M50 4 C66 24 92 40 92 60 C92 74 81 82 70 82 C62 82 56 78 53 73 C54 83 58 90 66 96 "
    "L34 96 C42 90 46 83 47 73 C44 78 38 82 30 82 C19 82 8 74 8 60 C8 40 34 24 50 4 Z",
    # bastoni / clubs
    "M50 6 A20 20 0 0 1 66 40 A20 20 0 1 1 56 70 C57 82 61 90 68 96 L32 96 C39 90 43 82 44 70 "
    "A20 20 0 1 1 34 40 A20 20 0 0 1 50 6 Z",
)
"""One path per suit (denari first) in a 100 x 100 box."""


_NARROW = frozenset(" !'(),-./:;I[]fijlrt|")
_WIDE = frozenset("MWmw@%&")
_MEASURED = {
    ch: em
    for em, chars in (
        (0.7, "ħɗɞɠɲɳɸʚʜʞʫʮʯͳͷάαφψϕϗϟϥϰϻдийнпцћѝџѣѵѷҋңҩӆӈӊӣӥԍԥ"),
        (0.8, "ƣƴǈǌɝɮɷʘʛʠʨʪмъыѥѧѻҽҿӎӹԏ"),
        (0.9, "#+<=>^~¬±×÷ŉŵƊƯǇȡȵɚɶʍʦʩͲΉΌΎΏΜωώϓϖϠϣϺМФЪЫфюњѡѦѭѰѱѿҠҡҥҨҵӍӸԃԅԖԗԝ"),
        (1.0, "©®¼½¾ÆæĦŴƕƜƠƢǊǋǢǣǼǽȸȹɯɰɱϢжшщљѠѤѸѹѺѾҗҧҴҼҾӂӔӕӝԄԉԋԕԙԜԡԣ"),
        (1.1, "ŒœʣʤʥЉЊЖШЩЮѩѬѽҖҤҦӁӜԂԈԘԠԢ"),
        (1.2, "ǆǳǶѨѼԊԔ"),
        (1.3, "ǅǲ"),
        (1.5, "ǄǱ"),
    )
    for ch in chars
}
"""The characters from U+0020 to U+052F (Latin, Greek, Cyrillic) that DejaVu Sans draws wider
than the rule of :func:`_em` guesses, by their width rounded up to a tenth of an em: measured
with chromium's canvas (``measureText``, 100px DejaVu Sans) on 2026-12-05."""
_BLOCKS = (
    (0x0531, 0x058F, 1.0),  # Armenian: its widest letter 0.92 em
    (0x0590, 0x05FF, 0.8),  # Hebrew: 0.71 (ק)
    (0x0600, 0x06FF, 1.3),  # Arabic, each letter as wide as it stands alone: 1.22 (س)
    (0x10A0, 0x10FF, 1.1),  # Georgian: 1.06
)
"""Scripts past U+052F whose letters are wider than the rule of :func:`_em` guesses, each by
its widest letter rounded up to a tenth of an em (chromium's canvas, 100px sans-serif, on
2026-12-07; a name of 50 Hebrew letters ran 4% past its drawing, HTML audit, stop 51)."""
BOLD = 1.12
"""How much wider bold text is."""


def _em(ch: str) -> float:
    """A character's width in ems, as wide as DejaVu Sans draws it or wider.

    >>> _em("W"), _em("Ж"), _em("Ẅ")  # a letter with marks is as wide as its base letter
    (1.0, 1.1, 1.0)
    """
    if _joins(ch):  # a mark, a joiner, a selector: drawn with the character before it
        return 0.0
    if ch in _NARROW:
        return 0.42
    if ch in _WIDE:
        return 1.0
    if ch in _MEASURED:
        return _MEASURED[ch]
    base = unicodedata.normalize("NFD", ch)[0]
    if base != ch:
        return _em(base)
    if unicodedata.east_asian_width(ch) in "WF":
        return 1.05
    code = ord(ch)
    for low, high, em in _BLOCKS:
        if low <= code <= high:
            return em
    return 0.8 if ch.isupper() else 0.64


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of ``text``'s width at font size ``size`` in a sans-serif font.

    The drawings carry no font, so the width is guessed from the characters, as wide as DejaVu
    Sans (among the widest fallbacks) draws them: text laid out by it fits in the browser.
    """
    return sum(_em(ch) for ch in text) * size * (BOLD if bold else 1.0)


def _joins(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it on screen: a combining mark, a
    variation selector, a skin tone, a tag, or the joiner of an emoji sequence."""
    code = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Mc", "Me")
        or ch == "\u200d"
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
    )


def clusters(text: str) -> list[str]:
    """``text`` in the pieces a reader sees as one character (a letter with its accents, a
    flag, an emoji sequence), which a line must never split.

    >>> [len(c) for c in clusters("Zoe\u0308 \U0001f1ee\U0001f1f9\U0001f1ee\U0001f1f9")]
    [1, 1, 2, 1, 2, 2]
    """
    out: list[str] = []
    for ch in text:
        regional = 0x1F1E6 <= ord(ch) <= 0x1F1FF
        if out and (
            _joins(ch)
            or out[-1].endswith("\u200d")
            or (regional and len(out[-1]) == 1 and 0x1F1E6 <= ord(out[-1]) <= 0x1F1FF)
        ):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def shorten(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text``, cut (never inside a :func:`clusters` piece) and ended with "…" when it would
    not fit ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    room = width / (size * (BOLD if bold else 1.0)) - _em("\u2026")
    kept = ""
    for piece in clusters(text):
        room -= sum(_em(ch) for ch in piece)
        if room < 0:
            break
        kept += piece
    return kept.rstrip() + "\u2026"


def _pieces(word: str, size: float, width: float, bold: bool) -> list[str]:
    """A word too long for a line, broken (never inside a :func:`clusters` piece) into pieces
    that each fit ``width``."""
    pieces, piece = [], ""
    for ch in clusters(word):
        if piece and text_width(piece + ch, size, bold) > width:
            pieces.append(piece)
            piece = ""
        piece += ch
    return [*pieces, piece] if piece else pieces


def wrap(text: str, size: float, width: float, lines: int, *, bold: bool = False,
         tail: str = "") -> list[str]:  # fmt: skip
    """``text`` then ``tail`` (kept whole, like a count) in at most ``lines`` lines that each
    fit ``width``: broken at spaces, or inside a word too long for a line; when the text needs
    more lines, the last is cut with "…" before the tail."""
    out: list[str] = []
    # words, and the parts of a hyphenated word (a line may end after its hyphen)
    for glue, word in re.findall(r"(\s*)([^\s-]*-+|[^\s-]+)", text):
        joined = out[-1] + (" " if glue else "") + word if out else word
        if out and text_width(joined, size, bold) <= width:
            out[-1] = joined
        else:
            out.extend(_pieces(word, size, width, bold))
    whole = " ".join(text.split())
    if tail:
        if out and text_width(out[-1] + " " + tail, size, bold) <= width:
            out[-1] += " " + tail
        else:
            out.append(tail)
    if len(out) <= lines:
        return out
    kept = out[: lines - 1]
    pos = 0
    for line in kept:  # each line is the next stretch of the text, after a space or not
        pos = whole.index(line, pos) + len(line)
    rest = whole[pos:].lstrip()
    room = width - (text_width(" " + tail, size, bold) if tail else 0)
    last = shorten(rest, size, room, bold)
    return [*kept, f"{last} {tail}" if tail else last]


def _colour(card: Card) -> str:
    return RED if card.suit in (0, 1) else BLACK


def _suit(suit: int, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 100
    return (
        f'<path d="{SUIT_PATHS[suit]}" fill="{colour}" '
        f'transform="translate({x:g} {y:g}) scale({scale:g})"/>'
    )


def _name(card: Card, style: Style) -> str:
    """A card's accessible name; the settebello's says so, as its gold frame shows (HTML
    audit, stop 48: a screen reader heard "7 of denari" alone)."""
    if card is SETTEBELLO:
        return _("{card} (the settebello)").format(card=style.card_name(card))
    return style.card_name(card)


def _face(card: Card, style: Style) -> str:
    """The inside of a card face, in a 60 x 90 box."""
    colour = _colour(card)
    rank = markup(style.rank_text(card.value))
    frame = GOLD if card is SETTEBELLO else "#9aa3ad"
    width = 3 if card is SETTEBELLO else 1
    return (
        f'<rect x="1" y="1" width="58" height="88" rx="6" fill="#fffdf8" stroke="{frame}" '
        f'stroke-width="{width}"/>'
        f'<text x="5" y="23" font-family="Georgia, serif" font-size="22" font-weight="700" '
        f'fill="{colour}">{rank}</text>'
        + _suit(card.suit, 6, 27, 11, colour)
        + _suit(card.suit, 17, 35, 27, colour)
        + f'<text x="55" y="85" font-family="Georgia, serif" font-size="22" font-weight="700" '
        f'fill="{colour}" text-anchor="end">{rank}</text>'
    )


def card_svg(
    card: Card | int,
    style: Style | str | None = None,
    *,
    width: float = 48,
    title: str | None = None,
) -> str:
    """One card face up, ``width`` pixels wide, with its name as the accessible title."""
    c = card if isinstance(card, Card) else CARDS[card]
    st = get_style(style)
    label = title or _name(c, st)
    height = width * CARD_HEIGHT / CARD_WIDTH
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="card" width="{width:g}" '
        f'height="{height:g}" viewBox="0 0 60 90" role="img" aria-label="{markup(label)}">'
        f"<title>{markup(label)}</title>{_face(c, st)}</svg>"
    )


def _back() -> str:
    return (
        '<rect x="1" y="1" width="58" height="88" rx="6" fill="#244a8f" stroke="#dfe6f2" '
        'stroke-width="2"/><rect x="7" y="7" width="46" height="76" rx="3" fill="none" '
        'stroke="#9fb6e0" stroke-width="1.5"/>' + _suit(0, 18, 33, 24, "#9fb6e0")
    )


def card_back_svg(*, width: float = 48) -> str:
    """One card face down (a card the viewer does not know)."""
    height = width * CARD_HEIGHT / CARD_WIDTH
    hidden = markup(_("a hidden card"))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="card back" width="{width:g}" '
        f'height="{height:g}" viewBox="0 0 60 90" role="img" aria-label="{hidden}">'
        f"<title>{hidden}</title>{_back()}</svg>"
    )


def _placed(card: Card | None, style: Style, x: float, y: float, w: float) -> str:
    """A card (None: face down) drawn at (x, y), ``w`` units wide, inside a larger drawing."""
    h = w * CARD_HEIGHT / CARD_WIDTH
    if card is None:
        body, label = _back(), _("a hidden card")
    else:
        body = _face(card, style)
        label = _name(card, style)
    return (
        f'<svg x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" viewBox="0 0 60 90">'
        f"<title>{markup(label)}</title>{body}</svg>"
    )


def cards_svg(
    cards: Iterable[Card | int] | int,
    style: Style | str | None = None,
    *,
    width: float = 40,
    gap: float = 4,
    label: str | None = None,
) -> str:
    """A row of cards (a mask: by value, then suit), each ``width`` pixels wide."""
    st = get_style(style)
    items = sorted(cards_of(cards)) if isinstance(cards, int) else [
        c if isinstance(c, Card) else CARDS[c] for c in cards]  # fmt: skip
    h = width * CARD_HEIGHT / CARD_WIDTH
    total = max(1.0, len(items) * (width + gap) - gap)
    names = ", ".join(_name(c, st) for c in items) or _("no cards")
    body = "".join(_placed(c, st, k * (width + gap), 0, width) for k, c in enumerate(items))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cards" width="{total:g}" '
        f'height="{h:g}" viewBox="0 0 {total:g} {h:g}" role="img" '
        f'aria-label="{markup(label or names)}">{body}</svg>'
    )


def _row(cards: Sequence[Card | None], style: Style, cx: float, y: float, w: float,
         gap: float, max_width: float) -> str:  # fmt: skip
    """Cards centred on ``cx``, overlapping when they would not fit ``max_width``."""
    n = len(cards)
    if not n:
        return ""
    step = w + gap
    if n * step - gap > max_width:
        step = (max_width - w) / max(1, n - 1)
    span = (n - 1) * step + w
    x0 = cx - span / 2
    return "".join(_placed(c, style, x0 + k * step, y, w) for k, c in enumerate(cards))


SIDE_STACK_OFFSET = 53.0
"""With two players on a side of the drawing (six at the table), how far above and below the
middle each is drawn: the upper one's count clears the lower one's name, and the lower one's
cards the viewer's hand."""
SIDE_STACK_SCALE = 22 / 26
"""The size of their cards then, against one player's on a side."""

LABEL_SIZE = 17.0
"""The players' names on the felt, in drawing units: about 11 CSS px when the drawing is
shrunk to a phone's width (336 px of 520)."""


def _label(x: float, y: float, lines: Sequence[str], *, gold: bool = False, bold: bool = False,
           full: str = "") -> str:  # fmt: skip
    """A player's name on the felt, centred on ``x``, one line or more, the last line's baseline
    at ``y``; the player to move in gold. ``full`` (the whole label, when ``lines`` break or cut
    it) goes in a title. The lines and ``full`` are markup, escaped by the caller (who isolates
    the name in them)."""
    weight = "700" if bold else "400"
    fill = "#ffe08a" if gold else "#e8f3ec"
    step = LABEL_SIZE * 1.2
    top = y - step * (len(lines) - 1)
    spans = "".join(
        f'<tspan x="{x:g}" y="{top + k * step:g}">{line}</tspan>' for k, line in enumerate(lines)
    )
    title = f"<title>{full}</title>" if full else ""
    return (
        f'<text class="seat" text-anchor="middle" font-family="system-ui, sans-serif" '
        f'font-size="{LABEL_SIZE:g}" font-weight="{weight}" fill="{fill}">{title}{spans}</text>'
    )


def _line_label(x: float, y: float, name: str, tail: str, width: float, turn: bool) -> str:
    """A name on one line (the top or the bottom of the felt), cut to fit ``width`` so that
    ``tail`` (the card count) and "to play" always show."""
    if turn:
        tail = (tail + " \u2013 " if tail else "\u2013 ") + _("to play")
    bold = turn
    room = width - text_width(" " + tail, LABEL_SIZE, bold)
    shown = shorten(name, LABEL_SIZE, room, bold)
    full = f"{isolated(name)} {markup(tail)}" if shown != name else ""
    return _label(x, y, [f"{isolated(shown)} {markup(tail)}"], gold=turn, bold=turn, full=full)


def _plain(sentence: str) -> str:
    """A sentence of markup as it reads, to compare: without the isolation of names and the
    full stop."""
    return sentence.replace("\u2068", "").replace("\u2069", "").strip().rstrip(".")


def _said(state: GameState, viewer: int, who: Sequence[str], style: Style) -> list[str]:
    """What a position shows, in words, for its accessible name: the table, the viewer's hand,
    how many cards each other player holds, and who is to play (the last sentence). Markup,
    the names isolated."""
    table = format_cards(state.table, style) or _("empty")
    hand = [format_cards(state.hands[viewer], style)] if state.hands[viewer] else []
    if state.unknown[viewer]:
        k = state.unknown[viewer]
        hand.append(ngettext("{n} hidden card", "{n} hidden cards", k).format(n=k))
    n = state.rules.players
    held = markup("; ").join(
        fill(
            ngettext("You hold {n} card", "You hold {n} cards", count)
            if is_you(who[seat])
            else ngettext("{name} holds {n} card", "{name} holds {n} cards", count),
            name=who[seat],
            n=count,
        )
        for seat in ((viewer + k) % n for k in range(1, n))
        for count in [state.hand_size(seat)]
    )
    said = [
        markup(_("Table: {cards}.").format(cards=table)),
        fill_markup(
            _("Your hand: {cards}.") if is_you(who[viewer]) else _("{name}'s hand: {cards}."),
            name=isolated(who[viewer]),
            # "Carte di Sud: nessuna", not "vuota" (Italian audit, stop 52)
            cards=markup(", ".join(hand) or pgettext("a hand with no card left", "empty")),
        ),
        held + ".",
    ]
    if not state.is_over():
        turn = who[state.turn]
        said.append(
            markup(_("Your turn.")) if is_you(turn) else fill(_("{name} to play."), name=turn)
        )
    return said


def position_svg(
    state: GameState,
    viewer: int,
    names: Sequence[str] | None = None,
    style: Style | str | None = None,
    *,
    width: float = 520,
    caption_markup: str | None = None,
) -> str:
    """A position seen from ``viewer``'s seat: the table in the middle, the viewer's cards at the
    bottom (face up when the state knows them), the other players' cards face down with their
    names, and the player to move marked "to play".

    Only what ``viewer`` knows is drawn face up: pass the viewer's view (or any state: the other
    hands are drawn face down whatever it knows). The drawing scales to its container
    (``width`` is its natural width in pixels). ``caption_markup`` (escaped, names isolated:
    :func:`tutor.render.safe.fill`) replaces the first sentence of its accessible name.
    """
    st = get_style(style)
    rules = state.rules
    who = seat_names(rules.players, names)
    n = rules.players
    W, H = 520.0, 330.0
    cw_hand, cw_table, cw_other = 46.0, 50.0, 26.0
    side_w = 130.0  # each side column, with room for a name of about twelve letters a line
    parts = [
        f'<rect x="0" y="0" width="{W:g}" height="{H:g}" rx="18" fill="{FELT}" '
        f'stroke="{FELT_EDGE}" stroke-width="4"/>'
    ]
    # the others: opposite at the top; with four players, the neighbours at the sides
    spots: list[tuple[int, str]] = []
    for k in range(1, n):
        seat = (viewer + k) % n
        if n == 2 or k == n // 2:
            spots.append((seat, "top"))
        elif k < n // 2:
            spots.append((seat, "right"))
        else:
            spots.append((seat, "left"))
    sides = any(where != "top" for _seat, where in spots)
    # the table, in one or two rows, between the side columns
    table = sorted(cards_of(state.table))
    th = cw_table * CARD_HEIGHT / CARD_WIDTH
    room = W - 2 * (side_w + 20) if sides else 330.0
    ty = 150.0  # midway between the top player's cards and the viewer's hand
    if not table:
        parts.append(
            f'<text x="{W / 2:g}" y="{ty + 4:g}" text-anchor="middle" '
            'font-family="system-ui, sans-serif" font-size="18" fill="#cfe6d8">'
            + markup(_("the table is empty"))
            + "</text>"
        )
    elif len(table) <= 7:
        parts.append(_row(list(table), st, W / 2, ty - th / 2, cw_table, 6, room))
    else:
        half = (len(table) + 1) // 2
        parts.append(_row(list(table[:half]), st, W / 2, ty - th - 3, cw_table, 6, room))
        parts.append(_row(list(table[half:]), st, W / 2, ty + 3, cw_table, 6, room))
    # the viewer's hand at the bottom
    own = sorted(cards_of(state.hands[viewer]))
    mine: list[Card | None] = [*own, *([None] * state.unknown[viewer])]
    hh = cw_hand * CARD_HEIGHT / CARD_WIDTH
    # two players on a side (six at the table): the lower one's count and "to play" come down
    # beside the hand, which then keeps between the side columns (its cards overlap instead)
    stacked_sides = any(sum(1 for _s, w in spots if w == side) > 1 for side in ("left", "right"))
    hand_room = W - 2 * (side_w + 14) if stacked_sides else W - 40
    parts.append(_row(mine, st, W / 2, H - hh - 26, cw_hand, 5, hand_room))
    mover = state.turn if not state.is_over() else None
    parts.append(_line_label(W / 2, H - 9, who[viewer], "", W - 40, mover == viewer))
    oh = cw_other * CARD_HEIGHT / CARD_WIDTH
    for seat, where in spots:
        count = state.hand_size(seat)
        backs: list[Card | None] = [None] * count
        turn = mover == seat
        if where == "top":
            parts.append(_row(backs, st, W / 2, 28, cw_other, 3, 260))
            parts.append(_line_label(W / 2, 22, who[seat], f"({count})", W - 40, turn))
            continue
        # a side: the name wrapped above the cards (never bold: it would need a wider column),
        # the count and "to play" under them; two players on a side (six at the table) one
        # above the other, the nearer to the viewer lower, each on one line of name and count
        x = W - 10 - side_w / 2 if where == "right" else 10 + side_w / 2
        column = [s for s, w in spots if w == where]
        if where == "right":
            column.reverse()  # the next player, nearest the viewer, at the bottom
        stacked = len(column) > 1
        y = H / 2 + (SIDE_STACK_OFFSET * (2 * column.index(seat) - 1) if stacked else 0)
        cw = cw_other * (SIDE_STACK_SCALE if stacked else 1)
        oh = cw * CARD_HEIGHT / CARD_WIDTH
        parts.append(_row(backs, st, x, y - oh / 2, cw, 2, side_w))
        lines = wrap(who[seat], LABEL_SIZE, side_w, 1 if stacked else 3)
        full = isolated(who[seat]) if lines != [who[seat]] else ""  # broken or cut
        parts.append(
            _label(x, y - oh / 2 - 8, [isolated(li) for li in lines], gold=turn, full=full)
        )
        # "– to play" kept whole: Italian's "di turno" was broken after "di" (render audit)
        playing = "\u2013 " + _("to play") if turn else ""
        lines = wrap(f"({count})", LABEL_SIZE, side_w, 1 if stacked else 2, bold=turn,
                     tail=playing)  # fmt: skip
        below = y + oh / 2 + 6 + LABEL_SIZE * (1 + 1.2 * (len(lines) - 1))
        parts.append(_label(x, below, [markup(li) for li in lines], gold=turn, bold=turn))
    title = caption_markup or fill(
        _("The position from your seat")
        if is_you(who[viewer])
        else _("The position from {name}'s seat"),
        name=who[viewer],
    )
    said = _said(state, viewer, who, st)
    # a puzzle titled "East to play" or "Your turn: settebello and denari": the turn not twice
    turn_said = _plain(said[-1]).rstrip(".") if said and not state.is_over() else ""
    if turn_said and _plain(title).startswith(turn_said):
        said.pop()
    # a title that ends a sentence already ("Which values are unmatched?") takes no full stop
    ends = title.replace(PDI, "").rstrip().endswith((".", "?", "!", "…"))
    title += (" " if ends else ". ") + " ".join(said)
    height = width * H / W
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="position" width="{width:g}" '
        f'height="{height:g}" viewBox="0 0 {W:g} {H:g}" role="img" '
        f'aria-label="{title}"><title>{title}</title>{"".join(parts)}</svg>'
    )


def svg_document(svg: str) -> str:
    """``svg`` as a standalone ``.svg`` file, its root marked with the language of the run (a
    page gives its inline drawings the page's own)."""
    lang = language()
    root = svg.replace("<svg ", f'<svg xml:lang="{lang}" lang="{lang}" ', 1)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + root + "\n"
