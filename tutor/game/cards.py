"""Cards, card sets and the four notation styles.

A card is a value 1-10 in one of four suits, denari first. The 40 cards are interned
:class:`Card` objects; the engine works on their indexes (0-39) and on card sets as bit masks.

>>> c = parse_card("7D")
>>> c.value, c.suit, c.is_settebello
(7, 0, True)
>>> format_card(c, FRENCH)
'7D'
>>> format_card(parse_card("RB"), SPANISH)
'RB'
>>> parse_card("QH", FRENCH) == parse_card("9C")
True
>>> format_card(parse_card("a♠"), ITALIAN)
'AS'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from tutor.game.errors import Shown, TutorError
from tutor.game.i18n import N_, _, typed_words

__all__ = [
    "Card",
    "CARDS",
    "DENARI",
    "SUITS",
    "VALUES",
    "SETTEBELLO",
    "RE_BELLO",
    "NotationError",
    "Style",
    "STYLES",
    "ITALIAN",
    "FRENCH",
    "SPANISH",
    "PORTUGUESE",
    "GLYPHS",
    "get_style",
    "style_named",
    "parse_card",
    "parse_cards",
    "styles_reading",
    "other_deck_hint",
    "styles_shown",
    "parse_card_set",
    "format_card",
    "format_cards",
    "mask_of",
    "cards_of",
    "indexes_of",
    "popcount",
    "FULL_DECK",
    "SUIT_MASK",
    "SUIT_MASKS",
    "DENARI_MASK",
    "VALUE_MASKS",
    "SETTEBELLO_BIT",
    "RE_BELLO_BIT",
    "KING_MASK",
]

SUITS = range(4)
"""Suit indexes: 0 denari, 1 coppe, 2 spade, 3 bastoni."""
VALUES = range(1, 11)
DENARI = 0
GLYPHS = ("♦", "♥", "♠", "♣")
"""Suit glyphs; ♦ is always denari."""


class NotationError(TutorError):
    """A card or play written in a form the notation does not accept."""


class Card:
    """One of the 40 cards; compare by identity or equality, hash by index."""

    __slots__ = ("value", "suit", "index", "bit")

    value: int
    suit: int
    index: int
    bit: int

    def __new__(cls, value: int, suit: int) -> Card:
        if not (isinstance(value, int) and isinstance(suit, int)) or not (
            1 <= value <= 10 and 0 <= suit <= 3
        ):  # what was given shown as given: "value '7'" is text, not the number 7
            raise NotationError(
                _("no card with value {value} and suit {suit}").format(
                    value=Shown(value), suit=Shown(suit)
                )
            )
        try:
            return CARDS[suit * 10 + value - 1]
        except NameError:  # while building CARDS
            self = object.__new__(cls)
            object.__setattr__(self, "value", value)
            object.__setattr__(self, "suit", suit)
            object.__setattr__(self, "index", suit * 10 + value - 1)
            object.__setattr__(self, "bit", 1 << (suit * 10 + value - 1))
            return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        """Refused as setting is: the 40 cards are shared, and one without a value breaks
        every state that holds it."""
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.value, self.suit))

    @property
    def is_settebello(self) -> bool:
        """Whether this is the settebello, the seven of denari (a point on its own)."""
        return self.index == SETTEBELLO_INDEX

    @property
    def is_denaro(self) -> bool:
        """Whether the card is of denari, the suit the denari point counts."""
        return self.suit == DENARI

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with ``index`` 0 to 39 (NotationError otherwise: -1 is no card, nor is
        the text ``'3'``)."""
        if not isinstance(index, int) or not 0 <= index < 40:
            raise NotationError(_("no card with index {index}").format(index=Shown(index)))
        return CARDS[index]

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def _key(self) -> tuple[int, int]:
        return (self.value, self.suit)

    def __lt__(self, other: object) -> bool:
        """Cards order by value, then suit (the order of the tracker's columns)."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() >= other._key()

    def __repr__(self) -> str:
        """``<Card 7D>``: the card in the default notation, in a form that claims to be no
        call (Card takes a value and a suit, not text)."""
        return f"<Card {format_card(self)}>"

    def __str__(self) -> str:
        return format_card(self)


SETTEBELLO_INDEX = 6  # 7 of denari
CARDS: tuple[Card, ...] = tuple(Card(v, s) for s in SUITS for v in VALUES)
SETTEBELLO = CARDS[SETTEBELLO_INDEX]
FULL_DECK = (1 << 40) - 1

# The bit masks the engine works with (card index = suit * 10 + value - 1). The hot loops of the
# solver and the players import these names rather than calling a function per card.
SUIT_MASK = (1 << 10) - 1
"""The ten cards of one suit, as the low ten bits: shift by ``10 * suit`` for another suit."""
SUIT_MASKS: tuple[int, ...] = tuple(SUIT_MASK << (10 * s) for s in SUITS)
DENARI_MASK = SUIT_MASKS[DENARI]
VALUE_MASKS: tuple[int, ...] = (0,) + tuple(
    sum(1 << (s * 10 + v - 1) for s in SUITS) for v in VALUES
)
"""The four cards of each value, ``VALUE_MASKS[v]`` (index 0 is unused and empty)."""
SETTEBELLO_BIT = SETTEBELLO.bit
RE_BELLO = CARDS[DENARI * 10 + 10 - 1]
"""The king of denari (the re bello of some scopa variants)."""
RE_BELLO_BIT = RE_BELLO.bit
KING_MASK = VALUE_MASKS[10]
"""The four kings (too many on the opening table call for a new deal in some rulesets)."""


@dataclass(frozen=True)
class Style:
    """A notation style: one letter per suit (denari first) and per figure (8, 9, 10), and
    their names in words (English, or the deck's own; translated where they are shown, as
    :meth:`suit_name` and :meth:`value_name` do)."""

    name: str
    suits: tuple[str, str, str, str]
    figures: tuple[str, str, str]
    suit_names: tuple[str, str, str, str]
    figure_names: tuple[str, str, str]
    figures_articled: tuple[str, str, str]
    """The figures' names with their article (``a fante``; in Italian ``un fante``, ``una
    donna``): a language gives each its own gender."""

    def rank_text(self, value: int) -> str:
        """A value as the style writes it in a card: ``A`` for the ace, the figure's letter for
        8, 9 and 10, digits otherwise.

        >>> ITALIAN.rank_text(1), ITALIAN.rank_text(7), ITALIAN.rank_text(10)
        ('A', '7', 'R')
        """
        if value == 1:
            return "A"
        if value >= 8:
            return self.figures[value - 8]
        return str(value)

    def value_of_word(self, word: str) -> int | None:
        """The value a word names: ``1``-``10``, ``A`` (or ``ace``) and the figures' letters of
        the style, in any case (None: no value). One reader for answers and puzzle solutions.

        >>> STYLES["italian"].value_of_word("c"), STYLES["french"].value_of_word("10")
        (9, 10)
        """
        key = word.strip().upper()
        if key.isascii() and key.isdigit() and len(key) <= 2 and 1 <= int(key) <= 10:
            return int(key)
        if key == "ACE":
            return 1
        return next((v for v in range(1, 11) if self.rank_text(v).upper() == key), None)

    def shown_name(self) -> str:
        """The style's name in the language of the run (``italian``: ``italiano``)."""
        return _style_name(self.name)

    def value_name(self, value: int) -> str:
        """The value in words, e.g. 'fante (8)', in the language of the run."""
        if value >= 8:
            figure = _(self.figure_names[value - 8])
            return f"{figure} ({value})"
        return _("ace") if value == 1 else str(value)

    def a_value_name(self, value: int) -> str:
        """The value in words with its article, e.g. 'a fante (8)', 'an ace', 'a 7', in the
        language of the run.

        >>> ITALIAN.a_value_name(10), FRENCH.a_value_name(9), ITALIAN.a_value_name(8)
        ('a re (10)', 'a queen (9)', 'a fante (8)')
        """
        if value < 8:
            return a_number(value)
        figure = _(self.figures_articled[value - 8])
        return f"{figure} ({value})"

    def suit_name(self, suit: int) -> str:
        """The suit in words, e.g. 'denari', in the language of the run."""
        return _(self.suit_names[suit])

    def suit_legend(self) -> str:
        """The letter each suit is typed with, the glyph a colour terminal shows for it and
        its name: what a player who sees ``R♣`` needs to type ``RB``.

        >>> ITALIAN.suit_legend()
        'D ♦ denari, C ♥ coppe, S ♠ spade, B ♣ bastoni'
        """
        return ", ".join(f"{self.suits[i]} {GLYPHS[i]} {self.suit_name(i)}" for i in range(4))

    def card_name(self, card: Card) -> str:
        """A card in words, e.g. 'ace of denari', 'fante of coppe', in the language of the run."""
        if card.value == 1:
            return _("ace of {suit}").format(suit=self.suit_name(card.suit))
        if card.value >= 8:
            figure = self.value_name(card.value)
            return _("{figure} of {suit}").format(figure=figure, suit=self.suit_name(card.suit))
        return _("{value} of {suit}").format(value=card.value, suit=self.suit_name(card.suit))


_STYLE_NAMES = {
    "italian": N_("italian"),
    "french": N_("french"),
    "spanish": N_("spanish"),
    "portuguese": N_("portuguese"),
}
"""Each style's name as shown in a sentence (``--deck`` and files take the names as written)."""


def a_number(value: int) -> str:
    """A value in digits with its article, in the language of the run: ``an ace``, ``an 8``,
    ``a 9`` (``un asso``, ``un 8``, ``un 9``): what a figure is called where the deck is not
    named."""
    if value == 1:
        return _("an ace")
    # TRANSLATORS: a value written in digits with its article, "an 8" (8 and 11 take "an")
    return (_("an {value}") if value == 8 else _("a {value}")).format(value=value)


ITALIAN = Style(
    "italian",
    ("D", "C", "S", "B"),
    ("F", "C", "R"),
    (N_("denari"), N_("coppe"), N_("spade"), N_("bastoni")),
    (N_("fante"), N_("cavallo"), N_("re")),
    (N_("a fante"), N_("a cavallo"), N_("a re")),
)
FRENCH = Style(
    "french",
    ("D", "H", "S", "C"),
    ("J", "Q", "K"),
    (N_("diamonds"), N_("hearts"), N_("spades"), N_("clubs")),
    (N_("jack"), N_("queen"), N_("king")),
    (N_("a jack"), N_("a queen"), N_("a king")),
)
# The Spanish and Portuguese decks keep their own names in every language.
SPANISH = Style(
    "spanish",
    ("O", "C", "E", "B"),
    ("S", "C", "R"),
    (N_("oros"), N_("copas"), N_("espadas"), N_("bastos")),
    (N_("sota"), N_("caballo"), N_("rey")),
    (N_("a sota"), N_("a caballo"), N_("a rey")),
)
PORTUGUESE = Style(
    "portuguese",
    ("O", "C", "E", "P"),
    ("V", "D", "R"),
    (N_("ouros"), N_("copas"), N_("espadas"), N_("paus")),
    (N_("valete"), N_("dama"), N_("rei")),
    (N_("a valete"), N_("a dama"), N_("a rei")),
)
STYLES: dict[str, Style] = {s.name: s for s in (ITALIAN, FRENCH, SPANISH, PORTUGUESE)}


def style_named(name: str) -> Style | None:
    """The style ``name`` names on the command line: its name (``italian``), or its name in
    any language of the tutor (``italiano``, as the output calls it), in any case; None when
    it names none. Files take the names as written (:func:`get_style`).

    >>> style_named("Italiano") is ITALIAN, style_named("french") is FRENCH, style_named("x")
    (True, True, None)
    """
    typed = name.strip().lower()
    if typed in STYLES:
        return STYLES[typed]
    for key, shown in _STYLE_NAMES.items():
        if typed in typed_words((shown,)):
            return STYLES[key]
    return None


def get_style(name: str | Style | None) -> Style:
    """The style called ``name`` (default italian)."""
    if isinstance(name, Style):
        return name
    if name is None:
        return ITALIAN
    try:
        return STYLES[str(name).strip().lower()]  # " French " as a file may write it
    except KeyError:
        raise NotationError(
            _("unknown deck style {name!r}; expected one of {styles}").format(
                name=name, styles=", ".join(STYLES)
            )
        ) from None


def _tables(style: Style) -> tuple[dict[str, int], dict[str, int]]:
    ranks = {str(v): v for v in VALUES}
    ranks["A"] = 1
    for i, letter in enumerate(style.figures):
        ranks[letter] = 8 + i
    suits = {g: i for i, g in enumerate(GLYPHS)}
    for i, letter in enumerate(style.suits):
        suits[letter] = i
    return ranks, suits


_PARSE_TABLES = {name: _tables(style) for name, style in STYLES.items()}


_LONGEST_CAPTURE = 3 + 1 + 3 * 39
"""The most characters a capture typed without spaces can have: a card, x, and the rest of
the deck (``10D`` is a card of three)."""

_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""Only ASCII letters change case in card text: ``"ſ".upper()`` is ``"S"``, which no one
typing 7ſ meant."""


def capture_hint(raw: str, style: Style) -> str:
    """For ``RBxRD`` or ``7Dx2C5S``, a capture typed without spaces: how to write it (nothing
    when the text does not read as one).

    >>> capture_hint("7Dx2C5S", get_style("italian"))
    '; a capture has spaces around x: 7D x 2C 5S'
    """
    if len(raw) > _LONGEST_CAPTURE:  # no capture: and a longer run would be read card by card
        return ""
    card, sep, rest = raw.replace("X", "x").partition("x")
    taken = _cards_run(rest.replace(" ", ""), style) if sep else None
    if not taken:
        return ""
    try:
        parse_card(card, style)
    except NotationError:
        return ""
    return _("; a capture has spaces around x: {play}").format(play=f"{card} x {' '.join(taken)}")


def _cards_run(text: str, style: Style) -> list[str] | None:
    """``2C5S`` as the cards ``2C``, ``5S`` (a card is 2 or 3 characters: ``10B``), or None."""
    if not text:
        return []
    for size in (2, 3):
        try:
            parse_card(text[:size], style)
        except NotationError:
            continue
        rest = _cards_run(text[size:], style)
        if rest is not None:
            return [text[:size], *rest]
    return None


def parse_card(text: str, style: str | Style | None = None) -> Card:
    """Parse one card: rank then suit, case-insensitive (``7D``, ``10b``, ``A♠``)."""
    if not isinstance(text, str):  # None or a number where text is due: say so, not crash
        raise NotationError(
            _("{value!r} is not text: a card is written as text, like 7D").format(value=Shown(text))
        )
    st = get_style(style)
    raw = text.strip()
    t = raw.translate(_ASCII_UPPER).replace("\ufe0f", "")
    ranks, suits = _PARSE_TABLES[st.name]
    rank, suit = t[:-1], t[-1:]
    if rank in ranks and suit in suits:
        return CARDS[suits[suit] * 10 + ranks[rank] - 1]
    # what is wrong, worked out only for text that is no card
    if any(c.isspace() for c in raw):  # "7D x 2C" or "7D 2C" where one card is due
        raise NotationError(
            _("{text!r} is not a card: one card is due here, like 7D").format(text=Shown(raw))
        )
    hint = capture_hint(raw, st) if rank not in ranks else ""
    if len(t) < 2 or (rank not in ranks and (suit not in suits or len(rank) > 2) and not hint):
        # "foo": neither end reads as part of a card, so no piece of it is quoted as a rank;
        # nor is "LAI" of "laid", longer than any rank (practice audit, stop 49)
        raise NotationError(
            _("{text!r} is not a card: expected a rank then a suit, like 7D").format(
                text=Shown(raw)
            )
        )
    if rank not in ranks:
        raise NotationError(
            _(
                "{text!r} is not a card: unknown rank {rank!r} in {style} notation "
                "(ranks are A or 1-10 and {figures})"
            ).format(
                text=Shown(raw),
                rank=Shown(rank),
                style=st.shown_name(),
                figures="/".join(st.figures),
            )
            + hint
        )
    if t in ranks:  # "10", a rank alone: not "unknown suit '0'"
        card = CARDS[ranks[t] - 1]  # of denari, as the examples show it
        raise NotationError(
            _(
                "{text!r} is not a card: a suit must follow the rank, like {digits} or {card} "
                "in {style} notation"
            ).format(
                text=Shown(raw),
                digits=t + st.suits[card.suit],
                card=format_card(card, st),
                style=st.shown_name(),
            )
        )
    raise NotationError(
        _(
            "{text!r} is not a card: unknown suit {suit!r} in {style} notation (suits: {suits})"
        ).format(text=Shown(raw), suit=Shown(suit), style=st.shown_name(), suits=st.suit_legend())
    )


def styles_reading(text: str, style: Style) -> tuple[list[str], int]:
    """The other notation styles in which every card of ``text`` that is not a card in
    ``style`` is one (none when some is a card in no style), and how many such cards there
    are: the hint that the deck named is the wrong one.

    >>> styles_reading("QH x 4H", ITALIAN), styles_reading("ZZ 7D", ITALIAN)
    ((['french'], 2), ([], 1))
    """
    bad = []
    for token in text.replace(",", " ").split():
        if token.lower() == "x":
            continue
        try:
            parse_card(token, style)
        except NotationError:
            bad.append(token)
    fits = []
    for other in STYLES.values() if bad else ():
        try:
            for token in bad:
                parse_card(token, other)
        except NotationError:
            continue
        fits.append(other.name)
    return fits, len(bad)


def styles_shown(names: Iterable[str]) -> str:
    """Styles named in a sentence, in the language of the run: ``francese o spagnolo``
    (Italian audit, stop 55: "nella notazione french")."""
    return _(" or ").join(_style_name(n) for n in names)


def _style_name(name: str) -> str:
    """A style's name in the language of the run; a name it does not know, as given."""
    return _(_STYLE_NAMES.get(name, name))


def other_deck_hint(text: str, style: Style, said: Callable[[int, list[str]], str]) -> str:
    """``; `` and what ``said`` makes of the other styles that read ``text``'s cards (and how
    many cards they are; the styles by the names ``--deck`` takes, :func:`styles_shown` for a
    sentence), when :func:`styles_reading` finds any; else nothing. Each caller words the
    remedy: a record's 'deck' key, the --deck option, the hand being typed.

    >>> other_deck_hint("QH", ITALIAN, lambda n, fits: f"{n} in {fits}")
    "; 1 in ['french']"
    """
    fits, bad = styles_reading(text, style)
    return "; " + said(bad, fits) if fits else ""


def parse_cards(text: str | Iterable[str], style: str | Style | None = None) -> list[Card]:
    """Parse cards separated by spaces or commas, or a list of card texts.

    >>> parse_cards(None)
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: None is not text: cards are written as text, like 7D 2C
    """
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray)):
        items = [str(x) for x in text]
    else:  # None or a number, as parse_card says of one card (fuzz audit, stop 57: TypeError)
        raise NotationError(
            _("{value!r} is not text: cards are written as text, like 7D 2C").format(
                value=Shown(text)
            )
        )
    return [parse_card(item, style) for item in items]


def parse_card_set(
    text: str | Iterable[str], style: str | Style | None = None, what: str | None = None
) -> list[Card]:
    """Parse distinct cards, as :func:`parse_cards` does; a card named twice is an error.

    ``what`` names the set in that error (e.g. ``the table``).

    >>> parse_card_set("7D, 2C")
    [<Card 7D>, <Card 2C>]
    >>> parse_card_set("7D 2C 7d", what="the table")
    Traceback (most recent call last):
    ...
    tutor.game.cards.NotationError: 7D is named twice in the table
    """
    cards = parse_cards(text, style)
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            card = format_card(c, style)
            if what:
                raise NotationError(
                    _("{card} is named twice in {what}").format(card=card, what=what)
                )
            raise NotationError(_("{card} is named twice").format(card=card))
        seen.add(c)
    return cards


def format_card(card: Card | int, style: str | Style | None = None, glyphs: bool = False) -> str:
    """The text form of a card in ``style``; with ``glyphs`` the suit is ♦♥♠♣. An index
    that is no card (-1, 40) is a NotationError, as in :meth:`Card.from_index`."""
    c = card if isinstance(card, Card) else Card.from_index(card)
    st = get_style(style)
    return st.rank_text(c.value) + (GLYPHS[c.suit] if glyphs else st.suits[c.suit])


def format_cards(
    cards: Iterable[Card | int] | int, style: str | Style | None = None, glyphs: bool = False
) -> str:
    """Cards as space-separated text, in the order given (a mask: by value, then suit). A
    mask with a bit beyond the 40 cards (or a negative one) is a NotationError."""
    if isinstance(cards, int) and (cards < 0 or cards >> 40):
        raise NotationError(
            _("{mask} is not a set of cards: a card mask has bits 0 to 39 only").format(mask=cards)
        )
    items = sorted(cards_of(cards)) if isinstance(cards, int) else cards
    return " ".join(format_card(c, style, glyphs) for c in items)


def mask_of(cards: Iterable[Card | int]) -> int:
    """The bit mask of some cards (or card indexes: NotationError for one that is no card,
    as in :meth:`Card.from_index`)."""
    m = 0
    for c in cards:
        m |= c.bit if isinstance(c, Card) else Card.from_index(c).bit
    return m


def indexes_of(mask: int) -> Iterator[int]:
    """The card indexes set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[Card]:
    """The cards in ``mask``, in index order (denari first, then by value)."""
    return [CARDS[i] for i in indexes_of(mask)]


def popcount(mask: int) -> int:
    """The number of cards in ``mask``."""
    return mask.bit_count()
