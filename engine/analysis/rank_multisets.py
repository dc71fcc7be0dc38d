"""Fifteens, pairs and runs of every multiset of ranks, in one numpy table.

The part of a show that suits don't touch depends only on the ranks: there
are 6,175 multisets of five ranks (no rank more than four times), so the base
score of every possible show is a table lookup.  Multisets are keyed by their
rank counts in base 8, so the key of a union is the sum of the keys.

>>> base_score_of_ranks([5, 5, 5, 5, 11])  # the 29 hand without its nob
28
>>> len(multisets(5).keys)  # 6,188 rows: 13 of them would need a fifth card of a rank
6188
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Iterable, Sequence

import numpy as np

from engine.cards import Card

KEY_BASE = 8  # a rank occurs at most 4 times (7 in an impossible multiset): one octal digit each
#: The key of a single card of each rank (ace first).
RANK_KEY = np.array([KEY_BASE**r for r in range(13)], dtype=np.int64)


@dataclass(frozen=True)
class RankMultisets:
    """Every multiset of ``size`` ranks: rank counts, sorted keys, base scores."""

    counts: np.ndarray  # (M, 13) how many of each rank, rows in key order
    keys: np.ndarray  # (M,) sorted base-8 keys
    base: np.ndarray  # (M,) fifteens + pairs + runs


def _base_scores(ranks: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Fifteens, pairs and runs of each row of ranks, all rows at once."""
    size = ranks.shape[1]
    values = np.minimum(ranks, 10)
    masks = np.array([[m >> i & 1 for i in range(size)] for m in range(1, 1 << size)], dtype=np.int64)
    fifteens = 2 * ((values @ masks.T) == 15).sum(axis=1)
    pairs = (counts * (counts - 1)).sum(axis=1)
    runs = np.zeros(len(ranks), dtype=np.int64)
    padded = np.pad(counts, ((0, 0), (1, 1)))  # zero counts beside ace and king end every run
    present = padded > 0
    for length in range(3, min(size, 13) + 1):
        for start in range(1, 13 - length + 2):
            inside = present[:, start : start + length].all(axis=1)
            maximal = inside & ~present[:, start - 1] & ~present[:, start + length]
            multiplicity = padded[:, start : start + length].prod(axis=1)
            runs += np.where(maximal, length * multiplicity, 0)
    totals: np.ndarray = fifteens + pairs + runs  # numpy's prod() is typed Any
    return totals


@cache
def multisets(size: int) -> RankMultisets:
    """The table of every multiset of ``size`` ranks, built once per size."""
    ranks = np.array(list(combinations_with_replacement(range(1, 14), size)), dtype=np.int64)
    counts = np.zeros((len(ranks), 13), dtype=np.int64)
    for column in range(size):
        np.add.at(counts, (np.arange(len(ranks)), ranks[:, column] - 1), 1)
    keys = counts @ RANK_KEY
    order = np.argsort(keys)
    ranks, counts, keys = ranks[order], counts[order], keys[order]
    return RankMultisets(counts, keys, _base_scores(ranks, counts))


def rank_key(cards: Iterable[Card]) -> int:
    """The base-8 key of the ranks of some cards."""
    return sum(KEY_BASE ** (int(c.rank) - 1) for c in cards)


def base_score_of_ranks(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of a rank multiset (1 = ace .. 13 = king), from the table."""
    table = multisets(len(ranks))
    key = sum(KEY_BASE ** (r - 1) for r in ranks)
    return int(table.base[np.searchsorted(table.keys, key)])
