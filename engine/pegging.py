"""The pegging scorer: the points for the card just played (RULES.md §2.5).

The pile is the cards played since the last reset, in order; the last card is
the one being scored.  Pairs and runs look only at the end of the pile, so a
card in between breaks a pair (6 5 6 is no pair), and nothing reaches back
across a reset because a reset starts a new pile.

>>> result = score_play("5H 5D 5S")
>>> result.count, result.points, [item.name for item in result.items]
(15, 8, ['fifteen', 'pair royal'])
>>> [item.name for item in score_play("AS 2D 5C 4H 3S").items]  # 15 for 2 and a run of 5
['fifteen', 'run of 5']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from engine.cards import Card, format_cards, parse_cards
from engine.errors import IllegalActionError
from engine.scoring import ScoreItem, ScoreKind

#: The count may never pass this.
MAX_COUNT = 31


@dataclass(frozen=True, slots=True)
class PlayScore:
    """The points earned by the last card of a pile, itemised."""

    pile: tuple[Card, ...]
    count: int
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pile": [str(c) for c in self.pile],
            "count": self.count,
            "points": self.points,
            "items": [item.to_dict() for item in self.items],
        }


def pile_count(pile: Iterable[Card]) -> int:
    """The running count of a pile."""
    return sum(c.value for c in pile)


def pair_item(pile: Sequence[Card]) -> ScoreItem | None:
    """Pair (2), pair royal (6) or double pair royal (12) made by the last card."""
    if not pile:
        return None
    last = pile[-1].rank
    same = 1
    while same < len(pile) and pile[-1 - same].rank == last:
        same += 1
    if same < 2:
        return None
    return ScoreItem(ScoreKind.PAIR, tuple(pile[-same:]), same * (same - 1))


def run_item(pile: Sequence[Card]) -> ScoreItem | None:
    """The longest run of three or more made by the last cards, in any order."""
    for length in range(len(pile), 2, -1):
        tail = pile[-length:]
        ranks = {c.rank for c in tail}
        if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
            return ScoreItem(ScoreKind.RUN, tuple(tail), length)
    return None


def score_play(pile: str | Iterable[str | Card]) -> PlayScore:
    """Score the last card of ``pile`` (the cards since the last reset, in order).

    >>> score_play("6S 5D 6H").points  # a card between breaks the pair
    0
    >>> score_play("KS QD 9H 5C")
    Traceback (most recent call last):
    ...
    engine.errors.IllegalActionError: playing 5C on KS QD 9H: the count may not pass 31 (it would be 34)
    """
    cards = parse_cards(pile)
    count = pile_count(cards)
    if count > MAX_COUNT:
        raise IllegalActionError(
            f"playing {cards[-1]} on {format_cards(cards[:-1])}",
            f"the count may not pass 31 (it would be {count})",
        )
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem(ScoreKind.FIFTEEN, cards, 2))
    elif count == MAX_COUNT:
        items.append(ScoreItem(ScoreKind.THIRTY_ONE, cards, 2))
    for item in (pair_item(cards), run_item(cards)):
        if item:
            items.append(item)
    return PlayScore(cards, count, tuple(items))
