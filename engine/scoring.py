"""The itemised show scorer (RULES.md §2.6).

A score is a tuple of :class:`ScoreItem` values, each naming its kind, the
exact cards that earn it and its points; the total is derived from the items,
so every point can be traced to its cards and a learner can be shown exactly
which combination they missed.

>>> result = score_show("5H 5D 5S JC", starter="5C")
>>> result.total
29

How players say it aloud is :mod:`engine.speech`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, product
from typing import Any, Iterable, Sequence

from engine.cards import Card, Rank, check_distinct, parse_cards
from engine.errors import InvalidCardError


class ScoreKind(StrEnum):
    """Why points were scored; the value reads as plain text."""

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    HEELS = "his heels"
    GO = "go"
    LAST_CARD = "last card"


#: The kinds a show can score, in the order players count them aloud.
SHOW_KINDS = (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN, ScoreKind.FLUSH, ScoreKind.NOBS)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that earn it, its points."""

    kind: ScoreKind
    cards: tuple[Card, ...]
    points: int

    @property
    def name(self) -> str:
        """A plain name: 'fifteen', 'pair royal', 'run of 4', 'flush of 5', 'his nob'."""
        if self.kind is ScoreKind.PAIR:
            return _PAIR_NAMES.get(len(self.cards), "pair")
        if self.kind is ScoreKind.RUN:
            return f"run of {len(self.cards)}"
        if self.kind is ScoreKind.FLUSH:
            return f"flush of {len(self.cards)}"
        if self.kind is ScoreKind.NOBS:
            return "his nob"
        return self.kind.value

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "cards": [str(c) for c in self.cards], "points": self.points}

    def __str__(self) -> str:
        return f"{self.name} {' '.join(c.pretty for c in self.cards)} = {self.points}"


_PAIR_NAMES = {2: "pair", 3: "pair royal", 4: "double pair royal"}


@dataclass(frozen=True, slots=True)
class ShowScore:
    """The itemised score of one hand or crib with its starter."""

    hand: tuple[Card, ...]
    starter: Card | None
    is_crib: bool
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def points_by_kind(self) -> dict[ScoreKind, int]:
        """Points per show kind (every kind present, zero where none)."""
        points = dict.fromkeys(SHOW_KINDS, 0)
        for item in self.items:
            points[item.kind] += item.points
        return points

    def items_of(self, kind: ScoreKind) -> tuple[ScoreItem, ...]:
        return tuple(item for item in self.items if item.kind is kind)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": [str(c) for c in self.hand],
            "starter": str(self.starter) if self.starter else None,
            "crib": self.is_crib,
            "total": self.total,
            "items": [item.to_dict() for item in self.items],
        }


def _as_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    return parse_cards(cards, allow_duplicates=True)


def _as_card(starter: str | Card | None) -> Card | None:
    if starter is None or isinstance(starter, Card):
        return starter
    return Card.parse(starter)


# For n cards: every subset as a bitmask, lowest bit first, used to add up
# subset values incrementally (one addition per subset instead of a sum()).
_LOW_BIT_INDEX = {1 << i: i for i in range(8)}


def adds_to_fifteen(cards: Iterable[Card]) -> bool:
    """Whether the cards' values, all of them together, add to 15.

    >>> adds_to_fifteen(parse_cards("AS 4H JC")), adds_to_fifteen(parse_cards("AS 4H QC 2D"))
    (True, False)
    """
    return sum(card.value for card in cards) == 15


def fifteens(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct combination of cards (of any size) whose values add to 15.

    >>> [" ".join(map(str, c)) for c in fifteens(parse_cards("AS 4H 5D JC 6S"))]
    ['5D JC', 'AS 4H JC', '4H 5D 6S']
    """
    n = len(cards)
    values = [c.value for c in cards]
    sums = [0] * (1 << n)
    found = []
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[_LOW_BIT_INDEX[low]]
        if sums[mask] == 15:
            found.append(mask)
    combos = [tuple(cards[i] for i in range(n) if mask >> i & 1) for mask in found]
    combos.sort(key=lambda combo: (len(combo), combo))
    return combos


def pairs(cards: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Every pair of cards of the same rank (three of a kind is three pairs)."""
    return [(a, b) for a, b in combinations(cards, 2) if a.rank == b.rank]


def runs(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct maximal run of three or more ranks.

    Duplicated ranks multiply the run (3-4-4-5 is two runs of three); runs
    inside a longer run are not counted.

    >>> [" ".join(map(str, r)) for r in runs(parse_cards("3S 4H 4D 5C 9S"))]
    ['3S 4H 5C', '3S 4D 5C']
    """
    by_rank: dict[Rank, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    ranks = sorted(by_rank)
    found: list[tuple[Card, ...]] = []
    start = 0
    for i in range(1, len(ranks) + 1):
        if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
            if i - start >= 3:
                found.extend(product(*(by_rank[r] for r in ranks[start:i])))
            start = i
    return found


#: The most a hand or crib of this many cards scores with the starter: three
#: cards (five-card cribbage) 20 (5-5-5 and a 5), four 29 (5-5-5-J and the fifth
#: 5 of the jack's suit), five (the seven-card game, six players) 46 (4-4-5-5-6
#: and a 6).  A claim above it cannot be right (tests/engine/test_show_rules.py
#: searches every rank multiset, with the best suits, to show it).
LARGEST_SHOW: dict[int, int] = {3: 20, 4: 29, 5: 46}


def score_show(
    hand: str | Iterable[str | Card],
    starter: str | Card | None = None,
    *,
    crib: bool = False,
) -> ShowScore:
    """Score a hand (or, with ``crib=True``, a crib) together with its starter.

    Works for any hand size the variants use (3, 4 or 5 cards) and without a
    starter (the last hand of Hoyle's solitaire).

    >>> score_show("4C 5D 6H KC", "5S").total
    16
    >>> score_show("2H 4H 6H 8H", "KS").total, score_show("2H 4H 6H 8H", "KS", crib=True).total
    (4, 0)
    """
    hand_cards = _as_cards(hand)
    starter_card = _as_card(starter)
    if not 1 <= len(hand_cards) <= 6:
        raise InvalidCardError(
            " ".join(map(str, hand_cards)), f"has {len(hand_cards)} cards: a hand or crib has 1 to 6"
        )
    check_distinct(hand_cards)
    if starter_card is not None and starter_card in hand_cards:
        raise InvalidCardError(str(starter_card), "is the starter and also in the hand: a deck has one of each card")

    everything = sorted(hand_cards + ((starter_card,) if starter_card else ()))
    items: list[ScoreItem] = []
    items.extend(ScoreItem(ScoreKind.FIFTEEN, combo, 2) for combo in fifteens(everything))
    items.extend(ScoreItem(ScoreKind.PAIR, pair, 2) for pair in pairs(everything))
    items.extend(ScoreItem(ScoreKind.RUN, run, len(run)) for run in runs(everything))
    flush = flush_item(hand_cards, starter_card, crib=crib)
    if flush:
        items.append(flush)
    nob = nobs_item(hand_cards, starter_card)
    if nob:
        items.append(nob)
    return ShowScore(hand_cards, starter_card, crib, tuple(items))


def flush_item(hand: Sequence[Card], starter: Card | None, *, crib: bool = False) -> ScoreItem | None:
    """The flush, if any: every hand card of one suit scores one a card, plus
    one if the starter matches; a crib scores only when the starter matches too.
    Three hand cards and the starter are never a flush."""
    if len(hand) < 3 or len({c.suit for c in hand}) != 1:
        return None
    cards = tuple(sorted(hand))
    if starter is not None and starter.suit == hand[0].suit:
        cards = tuple(sorted(cards + (starter,)))
    elif crib:
        return None
    return ScoreItem(ScoreKind.FLUSH, cards, len(cards))


def nobs_item(hand: Sequence[Card], starter: Card | None) -> ScoreItem | None:
    """One for his nob: the jack of the starter's suit in the hand (never the starter itself)."""
    if starter is None:
        return None
    for c in hand:
        if c.rank is Rank.JACK and c.suit == starter.suit:
            return ScoreItem(ScoreKind.NOBS, (c,), 1)
    return None


def his_heels(starter: str | Card) -> ScoreItem | None:
    """Two for his heels to the dealer when the starter turned is a jack.

    >>> his_heels("JD").points, his_heels("QD")
    (2, None)
    """
    starter_card = _as_card(starter)
    if starter_card is not None and starter_card.rank is Rank.JACK:
        return ScoreItem(ScoreKind.HEELS, (starter_card,), 2)
    return None
