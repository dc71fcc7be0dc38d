"""Discard analysis: every way to lay away cards, with the exact expected show.

For each discard of a dealt hand this gives

* ``hand_ev``: the mean show of the kept cards over every unseen starter
  (his heels is the dealer's, not the hand's, so it is left out);
* ``crib_ev``: the mean show of the crib over every set of cards the other
  players could add from the unseen cards and every starter from the cards
  then left, all equally likely (the crib scores a flush only with five cards);
* ``net_ev``: hand + crib when the crib is yours, hand - crib when it is not.

Plain enumeration of a six-card hand is 15 x 1,035 x 44 = 683,100 crib shows,
about 15 s of Python.  The counting here is exact but cheap because a show
splits in two:

* fifteens, pairs and runs depend only on the multiset of ranks.  The unknown
  crib cards and the starter together are a uniformly random set of unseen
  cards, so their rank multiset has weight ``prod C(unseen of rank r, k_r)``;
  the 455 three-rank multisets (for a two-card discard) replace the 45,540
  card deals.  Multisets are keyed by their rank counts in base 8, so the key
  of a union is the sum of the keys, and the base score of every union is
  looked up at once with numpy.
* the flush and nobs depend on suits and have closed forms from the number of
  unseen cards of each suit.

>>> best = analyse_discards("5H 5D JS 4C 6D KS", dealer=True)[0]
>>> best.keep_text, best.discard_text, round(best.hand_ev, 3)
('5H 5D 4C 6D', 'JS KS', 15.957)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from math import comb
from typing import Any, Iterable, Sequence

import numpy as np

from engine.analysis.cribtable import crib_value
from engine.analysis.rank_multisets import RANK_KEY, multisets, rank_key
from engine.cards import DECK, Card, Rank, Suit, check_distinct, format_cards, parse_cards
from engine.errors import InvalidCardError

#: Cards in a crib.
CRIB_SIZE = 4
_JACK = int(Rank.JACK)


class CribModel(StrEnum):
    """How the other players' crib cards are assumed to be chosen."""

    #: Any unseen cards, all equally likely: exact, and for every deal size.
    UNIFORM = "uniform"
    #: As a player laying away by the insane rule would: the simulated crib
    #: table of :mod:`engine.analysis.cribtable` (six-card deals, two-card discards).
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay away cards, with the expected show of hand and crib."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    net_ev: float

    @property
    def keep_text(self) -> str:
        return format_cards(self.keep)

    @property
    def discard_text(self) -> str:
        return format_cards(self.discard)

    def to_dict(self) -> dict[str, Any]:
        return {
            "keep": [str(c) for c in self.keep],
            "discard": [str(c) for c in self.discard],
            "hand_ev": round(self.hand_ev, 4),
            "crib_ev": round(self.crib_ev, 4),
            "net_ev": round(self.net_ev, 4),
        }


_CHOOSE = np.array([[comb(n, k) for k in range(8)] for n in range(5)], dtype=np.float64)


# ------------------------------------------------------------------ analysis


def _unseen_cards(hand: tuple[Card, ...], unseen: Iterable[Card] | None) -> tuple[Card, ...]:
    if unseen is None:
        return tuple(c for c in DECK if c not in hand)
    pool = tuple(unseen)
    check_distinct(pool)
    clash = [c for c in pool if c in hand]
    if clash:
        raise InvalidCardError(str(clash[0]), "is in the hand and also among the unseen cards")
    return pool


def _unseen_counts(pool: Iterable[Card]) -> tuple[np.ndarray, dict[Suit, int]]:
    """How many cards of each rank (ace first) and of each suit the pool holds."""
    of_rank = np.zeros(13, dtype=np.int64)
    of_suit = dict.fromkeys(Suit, 0)
    for c in pool:
        of_rank[int(c.rank) - 1] += 1
        of_suit[c.suit] += 1
    return of_rank, of_suit


def analyse_discards(
    hand: str | Iterable[str | Card],
    *,
    dealer: bool,
    discards: int = 2,
    unseen: Iterable[Card] | None = None,
    crib_model: CribModel | str = CribModel.UNIFORM,
    crib_size: int = CRIB_SIZE,
) -> tuple[DiscardOption, ...]:
    """Every way to lay away ``discards`` cards, best ``net_ev`` first.

    ``dealer`` says whether the crib is yours (or your side's).  The other
    ``crib_size - discards`` crib cards and the starter are drawn uniformly from
    ``unseen`` (by default every card not in ``hand``).  Hand sizes 5, 6 and 7
    with two discards (five-card, standard, seven-card), 5 with one discard
    (three to five players) and 6 with one discard to a crib of five (six
    players) all work.  ``crib_model`` TABLE replaces the exact uniform crib by
    the simulated crib table (six-card deals only).

    >>> six = analyse_discards("5H 5D JS 4C 6D KS", dealer=False, discards=1, crib_size=5)
    >>> len(six), len(six[0].keep)
    (6, 5)

    >>> [o.discard_text for o in analyse_discards("5H 5D JS 4C 6D KS", dealer=False)][:2]
    ['JS KS', '4C 6D']
    """
    cards = parse_cards(hand)
    crib_model = CribModel(crib_model)
    if crib_model is CribModel.TABLE and (len(cards) != 6 or discards != 2):
        raise ValueError("the crib table covers six-card deals laying away two; use the uniform crib model")
    if crib_size not in (4, 5):
        raise ValueError(f"a crib has four or five cards, not {crib_size}")
    if not 1 <= discards <= min(crib_size, len(cards) - 1):
        raise InvalidCardError(format_cards(cards), f"cannot lay away {discards} of {len(cards)} cards")
    keep_size = len(cards) - discards
    if not 3 <= keep_size <= 5:
        raise InvalidCardError(
            format_cards(cards), f"keeps {keep_size} cards: the variants keep 3, 4 or 5 (deal 5, 6 or 7)"
        )
    pool = _unseen_cards(cards, unseen)
    crib_unknown = crib_size - discards
    drawn = crib_unknown + 1  # the unknown crib cards and the starter
    if len(pool) < drawn:
        raise InvalidCardError(format_cards(pool), "too few unseen cards to complete the crib and cut a starter")

    unseen_of_rank, unseen_of_suit = _unseen_counts(pool)
    n_pool = len(pool)

    # Crib: weight of each rank multiset of the drawn cards.
    drawn_sets = multisets(drawn)
    weights = _CHOOSE[unseen_of_rank[None, :], drawn_sets.counts].prod(axis=1)
    deals = comb(n_pool, drawn)
    crib_sets = multisets(crib_size + 1)
    hand_sets = multisets(keep_size + 1)
    starter_keys = RANK_KEY
    starter_weights = unseen_of_rank / n_pool
    # Nobs from a jack the others put in the crib, with a starter of its suit.
    others_nobs = sum(
        (unseen_of_suit[c.suit] - 1) for c in pool if c.rank is Rank.JACK
    ) * crib_unknown / (n_pool * (n_pool - 1))

    splits = [
        (keep, tuple(c for c in cards if c not in keep)) for keep in combinations(cards, keep_size)
    ]
    keep_keys = np.array([rank_key(keep) for keep, _ in splits], dtype=np.int64)
    discard_keys = np.array([rank_key(out) for _, out in splits], dtype=np.int64)

    hand_base = hand_sets.base[np.searchsorted(hand_sets.keys, keep_keys[:, None] + starter_keys[None, :])]
    hand_base_ev = hand_base @ starter_weights
    crib_base = crib_sets.base[np.searchsorted(crib_sets.keys, discard_keys[:, None] + drawn_sets.keys[None, :])]
    crib_base_ev = (crib_base @ weights) / deals

    if crib_model is CribModel.TABLE:
        crib_base_ev = [None] * len(splits)
    options = []
    sign = 1.0 if dealer else -1.0
    for (keep, out), hand_base_mean, crib_base_mean in zip(splits, hand_base_ev, crib_base_ev):
        hand_ev = float(hand_base_mean) + _hand_bonus(keep, unseen_of_suit, n_pool)
        if crib_model is CribModel.TABLE:
            crib_ev = crib_value(int(out[0].rank), int(out[1].rank), dealer=dealer)
        else:
            crib_ev = float(crib_base_mean) + _crib_bonus(out, unseen_of_suit, n_pool, drawn, crib_size) + others_nobs
        options.append(DiscardOption(keep, out, hand_ev, crib_ev, hand_ev + sign * crib_ev))
    options.sort(key=lambda o: (-o.net_ev, -o.hand_ev, o.discard))
    return tuple(options)


def _hand_bonus(keep: tuple[Card, ...], unseen_of_suit: dict[Suit, int], n_pool: int) -> float:
    """Expected flush and nobs of the kept cards over the starter."""
    bonus = 0.0
    suits = {c.suit for c in keep}
    if len(keep) >= 3 and len(suits) == 1:  # as the scorer: every hand card of one suit
        bonus += len(keep) + unseen_of_suit[keep[0].suit] / n_pool
    for c in keep:
        if c.rank is Rank.JACK:
            bonus += unseen_of_suit[c.suit] / n_pool
    return bonus


def _crib_bonus(
    out: tuple[Card, ...], unseen_of_suit: dict[Suit, int], n_pool: int, drawn: int, crib_size: int = CRIB_SIZE
) -> float:
    """Expected flush (the whole crib and the starter of one suit) and nobs from the cards we lay away."""
    bonus = 0.0
    suits = {c.suit for c in out}
    if len(suits) == 1:
        bonus += (crib_size + 1) * comb(unseen_of_suit[out[0].suit], drawn) / comb(n_pool, drawn)
    for c in out:
        if c.rank is Rank.JACK:
            bonus += unseen_of_suit[c.suit] / n_pool
    return bonus


def keep_scores_as_they_stand(keeps: Sequence[Sequence[Card]]) -> np.ndarray:
    """The show of each set of kept cards with no starter (all the same size).

    >>> keep_scores_as_they_stand([parse_cards("5H 5D 4C 6D"), parse_cards("2H 4H 8H QH")]).tolist()
    [12, 4]
    """
    size = len(keeps[0])
    table = multisets(size)
    keys = np.array([rank_key(keep) for keep in keeps], dtype=np.int64)
    scores = table.base[np.searchsorted(table.keys, keys)]
    flushes = np.array([size if size >= 3 and len({c.suit for c in keep}) == 1 else 0 for keep in keeps])
    totals: np.ndarray = scores + flushes  # numpy's indexing is typed Any
    return totals


def mean_show_over_starters(cards: Sequence[Card], pool: Sequence[Card], *, crib: bool = False) -> float:
    """The exact mean show of ``cards`` over every starter in ``pool`` (no heels).

    >>> from engine.cards import DECK
    >>> hand = parse_cards("5H 5D 4C 6D")
    >>> round(mean_show_over_starters(hand, [c for c in DECK if c not in hand]), 3)
    15.958
    """
    size = len(cards)
    table = multisets(size + 1)
    unseen_of_rank, unseen_of_suit = _unseen_counts(pool)
    n_pool = len(pool)
    base = table.base[np.searchsorted(table.keys, rank_key(cards) + RANK_KEY)]
    mean = float(base @ unseen_of_rank) / n_pool
    if crib:
        if len({c.suit for c in cards}) == 1:
            mean += 5 * unseen_of_suit[cards[0].suit] / n_pool
        mean += sum(unseen_of_suit[c.suit] for c in cards if c.rank is Rank.JACK) / n_pool
    else:
        mean += _hand_bonus(tuple(cards), unseen_of_suit, n_pool)
    return mean

