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
from engine.errors import Breach, IllegalActionError
from engine.scoring import ScoreItem, ScoreKind

#: The count may never pass this.
MAX_COUNT = 31
#: The most one card can peg in the play: a double pair royal that also makes 15
#: or 31 (7 6 6 6 6); a pair and a run never end on the same card, and a run is
#: at most seven cards (A to 7 is already 28).
LARGEST_PLAY = 14
#: What the last card of a count earns when nobody can play on (RULES.md §2.5).
ENDINGS = (ScoreKind.GO, ScoreKind.LAST_CARD)


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


def fits(card: Card, count: int) -> bool:
    """Whether ``card`` may be laid on a running ``count``: the count may not pass 31.

    >>> from engine.cards import card
    >>> fits(card("KS"), 21), fits(card("KS"), 22)
    (True, False)
    """
    return count + card.value <= MAX_COUNT


def playable(cards: Iterable[Card], count: int) -> tuple[Card, ...]:
    """The cards of ``cards`` that may be laid on ``count``; none: the player says go."""
    return tuple(c for c in cards if fits(c, count))


def least_value_after_go(count: int) -> int:
    """The least value a player who said go at ``count`` can still hold: no card of
    theirs fitted, so each is worth more than what was left under 31.

    >>> least_value_after_go(25), least_value_after_go(21)
    (7, 11)
    """
    return MAX_COUNT - count + 1


def ending_item(pile: Sequence[Card], ending: ScoreKind) -> ScoreItem | None:
    """The point for the go or the last card (``ending``), won by the pile's last
    card once nobody can play on: one, or nothing at exactly 31, which pegs its
    own two and never both (RULES.md §2.5).

    >>> from engine.cards import parse_cards
    >>> ending_item(parse_cards("KD QC 9S AH"), ScoreKind.GO).points
    1
    >>> ending_item(parse_cards("KD QC 9S 2H"), ScoreKind.LAST_CARD) is None
    True
    """
    if ending not in ENDINGS:
        raise ValueError(f"a count ends with a go or the last card, not {ending}")
    if not pile or pile_count(pile) == MAX_COUNT:
        return None
    return ScoreItem(ending, (pile[-1],), 1)


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


def score_play(pile: str | Iterable[str | Card], ending: ScoreKind | None = None) -> PlayScore:
    """Score the last card of ``pile`` (the cards since the last reset, in order);
    ``ending`` (go or last card) adds the point for it when nobody can play on.

    >>> score_play("6S 5D 6H").points  # a card between breaks the pair
    0
    >>> score_play("KD QC 9S AH", ScoreKind.GO).points
    1
    >>> score_play("KS QD 9H 5C")
    Traceback (most recent call last):
    ...
    engine.errors.IllegalActionError: playing 5C on KS QD 9H: the count may not pass 31 (it would be 34)

    The card blamed is the first that passes 31, not the last of the pile:

    >>> score_play("KH QH JH 10H 5H")
    Traceback (most recent call last):
    ...
    engine.errors.IllegalActionError: playing 10H on KH QH JH: the count may not pass 31 (it would be 40)
    """
    cards = parse_cards(pile)
    count = 0
    for place, laid in enumerate(cards):
        if not fits(laid, count):
            raise IllegalActionError(
                f"playing {laid} on {format_cards(cards[:place])}", Breach.PASSES_31, card=laid,
                count=count + laid.value,
            )
        count += laid.value
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem(ScoreKind.FIFTEEN, cards, 2))
    elif count == MAX_COUNT:
        items.append(ScoreItem(ScoreKind.THIRTY_ONE, cards, 2))
    for item in (pair_item(cards), run_item(cards), ending_item(cards, ending) if ending else None):
        if item:
            items.append(item)
    return PlayScore(cards, count, tuple(items))
