"""The exact distribution of show scores over every (four-card hand, starter).

There are C(52,4) x 48 = 12,994,800 such pairs.  Scoring each one is far too
slow, so the count is split in two:

* fifteens, pairs and runs depend only on the five ranks, and there are just
  6,175 multisets of five ranks (no rank more than four times): their base
  scores come from the table of :mod:`engine.analysis.rank_multisets`;
* the flush and nobs depend on suits, and for a given hand ranks and starter
  rank the number of suit assignments giving each flush/nobs bonus is a small
  closed formula.

So the distribution is a sum over (hand rank multiset, starter rank) of
"base score + bonus", each weighted by how many real card sets it stands for.

>>> dist = score_distribution()
>>> dist.total, round(dist.mean, 6), dist.counts[29], dist.counts[19]
(12994800, 4.769152, 4, 0)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

from engine.analysis.rank_multisets import base_score_of_ranks
from engine.cards import Rank

#: Every pair of (hand, starter) in a 52-card deck.
ALL_HANDS = comb(52, 4) * 48
MAX_SCORE = 29
_JACK = int(Rank.JACK)


@dataclass(frozen=True, slots=True)
class ScoreDistribution:
    """How many (hand, starter) pairs score each total 0..29."""

    counts: tuple[int, ...]
    crib: bool
    seconds: float

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> float:
        return sum(score * n for score, n in enumerate(self.counts)) / self.total

    @property
    def impossible(self) -> tuple[int, ...]:
        """The totals no hand can score (19, 25, 26 and 27 for hands)."""
        return tuple(score for score, n in enumerate(self.counts) if n == 0)


def _suit_bonuses(hand: tuple[int, ...], starter: int, crib: bool) -> dict[int, int]:
    """For hand ranks and a starter rank: how many suit assignments (hand suits
    times the starter's suit) give each flush + nobs bonus."""
    hand_counts: dict[int, int] = {}
    for r in hand:
        hand_counts[r] = hand_counts.get(r, 0) + 1
    hand_ways = 1
    for c in hand_counts.values():
        hand_ways *= comb(4, c)
    starter_in_hand = hand_counts.get(starter, 0)
    total = hand_ways * (4 - starter_in_hand)

    jacks = hand_counts.get(_JACK, 0)
    # Nobs: the starter's suit is that of a jack in hand.  Over all hand
    # assignments the jacks' suits and the starter-rank cards' suits are
    # independent, so the expected number of usable nob suits is
    # jacks * (4 - starter_in_hand) / 4 (exact: jacks * C(4, jacks) is a multiple of 4).
    nobs = 0 if starter == _JACK else hand_ways * jacks * (4 - starter_in_hand) // 4

    bonuses: dict[int, int] = {}
    flush_all_suits = 0  # suit assignments that are a hand flush (of any kind)
    nobs_in_flushes = 0
    if len(hand_counts) == len(hand):  # a flush needs distinct ranks
        has_jack = jacks == 1
        if starter_in_hand:
            # The flush suit's card of the starter's rank is in the hand, so
            # the starter is of another suit: four-card flush only, no nob.
            if not crib:
                bonuses[4] = 4 * 3
            flush_all_suits = 4 * 3
        else:
            five = 4 * 1
            four = 4 * 3
            # In a five-card flush the starter matches the jack's suit: nobs too.
            bonuses[5 + (1 if has_jack and starter != _JACK else 0)] = five
            if not crib:
                bonuses[4] = four
            flush_all_suits = five + four
            if has_jack and starter != _JACK:
                nobs_in_flushes = five
    plain_nobs = nobs - nobs_in_flushes
    if crib:
        # Four-card hand flushes don't count in the crib: they fall back to
        # plain hands and keep a nob if they have one (never: see above).
        plain = total - bonuses.get(5, 0) - bonuses.get(6, 0) - plain_nobs
    else:
        plain = total - flush_all_suits - plain_nobs
    bonuses[1] = bonuses.get(1, 0) + plain_nobs
    bonuses[0] = bonuses.get(0, 0) + plain
    return bonuses


@lru_cache(maxsize=2)
def score_distribution(crib: bool = False) -> ScoreDistribution:
    """The exact distribution of show scores over all 12,994,800 (hand, starter)
    pairs, counted as hands or (``crib=True``) as cribs."""
    started = time.perf_counter()
    counts = [0] * (MAX_SCORE + 1)
    base_cache: dict[tuple[int, ...], int] = {}
    ranks = range(1, 14)
    for hand in combinations_with_replacement(ranks, 4):
        if hand[0] == hand[3]:
            four_of_a_kind = hand[0]
        else:
            four_of_a_kind = 0
        for starter in ranks:
            if starter == four_of_a_kind:
                continue
            key = tuple(sorted(hand + (starter,)))
            base = base_cache.get(key)
            if base is None:
                base = base_cache[key] = base_score_of_ranks(key)
            for bonus, ways in _suit_bonuses(hand, starter, crib).items():
                if ways:
                    counts[base + bonus] += ways
    return ScoreDistribution(tuple(counts), crib, time.perf_counter() - started)
