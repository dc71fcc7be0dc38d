"""Cards, ranks, suits and the deck, as small immutable values.

Every card has one canonical text form (rank then suit letter: ``10H``, ``JS``,
``5C``) and a display form with suit symbols (``5♥``).  Parsing is forgiving
(``T`` for ten, lower case, symbols, commas); printing is canonical.

>>> card = Card.parse("th")
>>> card, str(card), card.pretty, card.value
(Card.parse('10H'), '10H', '10♥', 10)
>>> [str(c) for c in parse_cards("5♠, jd A♣")]
['5S', 'JD', 'AC']
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Iterable, Sequence

from engine.errors import InvalidCardError


class Rank(IntEnum):
    """Ranks in order, the ace low; ``value`` is what the rank counts to 15 and 31."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]

    @property
    def pips(self) -> int:
        """The counting value: A = 1, 2..10 face value, J/Q/K = 10."""
        return min(int(self), 10)

    @classmethod
    def parse(cls, text: str) -> "Rank":
        """Parse a rank alone (``A``, ``10``, ``T``, ``j``...)."""
        try:
            return _RANK_BY_TEXT[text.strip().upper()]
        except KeyError:
            raise InvalidCardError(text, "is not a rank: expected A 2-10 T J Q K") from None


_RANK_TEXT = {rank: str(int(rank)) for rank in Rank}
_RANK_TEXT.update({Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"})
_RANK_BY_TEXT = {text: rank for rank, text in _RANK_TEXT.items()}
_RANK_BY_TEXT["T"] = Rank.TEN
_RANK_BY_TEXT["1"] = Rank.ACE


class Suit(Enum):
    """The four suits; the value is the canonical letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]

    def __lt__(self, other: "Suit") -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SUIT_BY_TEXT = {suit.value: suit for suit in Suit}
_SUIT_BY_TEXT.update({symbol: suit for suit, symbol in _SUIT_SYMBOL.items()})
# The hollow symbols people also type for hearts and diamonds, and for spades and clubs.
_SUIT_BY_TEXT.update({"♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♤": Suit.SPADES, "♧": Suit.CLUBS})

_CARD_PATTERN = re.compile(r"^(10|[2-9AJQKT1])(.)$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card.  Use :meth:`parse` or :func:`card` rather than the constructor."""

    rank: Rank
    suit: Suit
    # Derived once per card: scoring reads them in its innermost loops.
    value: int = field(init=False, compare=False, repr=False)
    """What the card counts toward 15 and 31."""
    index: int = field(init=False, compare=False, repr=False)
    """A dense index 0..51 (suit-major), handy for arrays and bitmasks."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", self.rank.pips)
        object.__setattr__(self, "index", self.suit.order * 13 + int(self.rank) - 1)

    @property
    def pretty(self) -> str:
        """The display form with a suit symbol, e.g. ``5♥``."""
        return f"{self.rank.text}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse one card in any accepted notation (``10H``, ``th``, ``5♥``)."""
        token = text.strip()
        match = _CARD_PATTERN.match(token.upper())
        if not match or match.group(2) not in _SUIT_BY_TEXT:
            raise InvalidCardError(
                token,
                "is not a card: expected a rank (A 2-10 T J Q K) then a suit (S H D C or ♠♥♦♣)",
            )
        return _CARDS[(_RANK_BY_TEXT[match.group(1)], _SUIT_BY_TEXT[match.group(2)])]

    def __str__(self) -> str:
        return f"{self.rank.text}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS = {(rank, suit): Card(rank, suit) for suit in Suit for rank in Rank}

#: The 52 cards in a fixed order (by suit S H D C, then rank A..K).
DECK: tuple[Card, ...] = tuple(_CARDS[(rank, suit)] for suit in Suit for rank in Rank)


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def parse_cards(text: str | Iterable[str | Card], *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; a duplicate card is an error.

    >>> parse_cards("5H 5H")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidCardError: '5H' appears twice: a deck has one of each card
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    else:
        tokens = text
    cards = tuple(t if isinstance(t, Card) else Card.parse(t) for t in tokens)
    if not allow_duplicates:
        check_distinct(cards)
    return cards


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise :class:`InvalidCardError` if any card occurs twice."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise InvalidCardError(str(c), "appears twice: a deck has one of each card")
        seen.add(c)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards as space-separated text, canonical or with suit symbols."""
    return " ".join(c.pretty if pretty else str(c) for c in cards)


def shuffled_deck(rng: random.Random | int | None = None) -> list[Card]:
    """A freshly shuffled 52-card deck; pass a seed or a ``random.Random`` to repeat it.

    >>> shuffled_deck(7) == shuffled_deck(7)
    True
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    deck = list(DECK)
    rng.shuffle(deck)
    return deck
