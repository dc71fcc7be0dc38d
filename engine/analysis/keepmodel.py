"""What a player keeps: an opponent model for the play.

A player who discards well does not keep any four of their six cards: they
keep fives, pairs and runs, and throw what scores nothing.  So once the play
begins, the cards an opponent still holds are not any of the unseen cards
with equal chance, as :func:`engine.analysis.play.sample_holdings` draws them;
some holdings are far likelier than others.

This module measures how much likelier.  For each multiset of four ranks
``K`` and each role (the dealer, who throws to their own crib, or the pone),
the *keep ratio* is the chance that a player discarding by the insane rule
(the best average of hand and crib over every starter) keeps ``K``, divided
by the chance that ``K`` is a random four of the six cards dealt:

    ratio(K) = P(kept = K) / P(four of the six = K)

By Bayes' rule, a holding drawn uniformly from the unseen cards, completed
with the cards the opponent has already played, is a draw from what they
really hold once weighted by the ratio of the four they kept.  The expert bot
draws the holdings it plays out from that posterior (:func:`likely_holdings`);
insane, as RULES.md §6 describes it, weighs every holding consistent with what
it has seen alike.

The ratios are counted by dealing random six-card hands and discarding them
by the insane rule (:func:`measure`); ``crib keeps --build`` writes them to
``engine/data/keeps-v1.json``, read by :func:`keep_model`.  Suits are left
out: the play never looks at them.

>>> model = keep_model()
>>> model.ratio((5, 5, 10, 11), dealer=False) > 1 > model.ratio((1, 4, 8, 13), dealer=False)
True
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from importlib.resources import files
from itertools import combinations, combinations_with_replacement
from math import comb
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from engine.analysis.discard import analyse_discards
from engine.analysis.play import PeggingView
from engine.cards import DECK

#: Format of the data file; bump it when the meaning of the counts changes.
VERSION = 1
DATA_FILE = Path(str(files("engine") / "data" / "keeps-v1.json"))
#: Pseudo-counts added to every multiset: one seen kept about once in 15 hands
#: seen is neither ruled out nor made certain by a handful of deals.
PRIOR = 2.0

Ranks = tuple[int, ...]
#: A four never seen in the measured deals (a four of a kind, say, seen a few times at most): the prior alone.
_UNSEEN_RATIO = 1.0


@dataclass(frozen=True, slots=True)
class KeepModel:
    """Keep ratios by role: ``kept[role][K]`` and ``seen[role][K]`` count the
    hands in which ``K`` was kept, and in which it was one of the 15 fours."""

    kept: dict[str, dict[Ranks, int]]
    seen: dict[str, dict[Ranks, int]]
    deals: int
    _ratios: dict[str, dict[Ranks, float]] = field(default_factory=dict, repr=False, compare=False)
    _arrays: dict[str, tuple[Any, Any]] = field(default_factory=dict, repr=False, compare=False)

    def ratio(self, ranks: Sequence[int], *, dealer: bool) -> float:
        """How much likelier these four ranks (in any order) are as a kept hand
        than as a random four of six, for a player who deals (``dealer``) or not."""
        return self.ratios(dealer).get(tuple(sorted(ranks)), _UNSEEN_RATIO)

    def ratios(self, dealer: bool) -> dict[Ranks, float]:
        """Every measured four's ratio for a role, by its sorted ranks (worked out once)."""
        role = "dealer" if dealer else "pone"
        cache = self._ratios
        if role not in cache:
            kept = self.kept[role]
            # Each hand offers 15 fours and keeps one: a four kept as often as any is ratio 1.
            cache[role] = {
                key: (kept.get(key, 0) + PRIOR / 15) / (seen / 15 + PRIOR / 15) for key, seen in self.seen[role].items()
            }
        return cache[role]

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "deals": self.deals,
            "rule": "insane: the best average of hand and crib over every starter",
            "roles": {
                role: {",".join(map(str, key)): [self.kept[role].get(key, 0), seen]
                       for key, seen in sorted(self.seen[role].items())}
                for role in ("dealer", "pone")
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "KeepModel":
        if data.get("version") != VERSION:
            raise ValueError(f"keep data version {data.get('version')!r}, expected {VERSION}")
        kept: dict[str, dict[Ranks, int]] = {}
        seen: dict[str, dict[Ranks, int]] = {}
        for role, table in data["roles"].items():
            kept[role] = {}
            seen[role] = {}
            for text, (k, s) in table.items():
                key = tuple(int(r) for r in text.split(","))
                kept[role][key] = int(k)
                seen[role][key] = int(s)
        return cls(kept, seen, int(data["deals"]))


@functools.cache
def keep_model(path: Path = DATA_FILE) -> KeepModel:
    """The measured keep ratios shipped with the engine."""
    return KeepModel.from_dict(json.loads(path.read_text()))


class _Multisets:
    """Every multiset of ``size`` ranks (1..13, at most four of a rank) as rows of
    rank counts, with a key per row (counts in base 5) to find unions by."""

    def __init__(self, size: int) -> None:
        rows = [c for c in combinations_with_replacement(range(1, 14), size) if max(c.count(r) for r in c) <= 4]
        self.ranks = rows
        self.counts = np.zeros((len(rows), 14), dtype=np.int64)
        for i, row in enumerate(rows):
            for rank in row:
                self.counts[i, rank] += 1
        self.keys = self.counts @ _POWERS


_POWERS = 5 ** np.arange(14, dtype=np.int64)
_COMB_TABLE = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.float64)


@functools.cache
def _multisets(size: int) -> _Multisets:
    return _Multisets(size)


def _ratio_array(model: KeepModel, dealer: bool) -> tuple[np.ndarray, np.ndarray]:
    """The ratios of every four, as (sorted keys, ratios in the keys' order); worked out once per model."""
    role = "dealer array" if dealer else "pone array"
    if role not in model._arrays:
        fours = _multisets(4)
        ratios = model.ratios(dealer)
        values = np.array([ratios.get(row, _UNSEEN_RATIO) for row in fours.ranks])
        order = np.argsort(fours.keys)
        model._arrays[role] = (fours.keys[order], values[order])
    return model._arrays[role]


def likely_holdings(
    view: PeggingView,
    samples: int,
    rng: random.Random,
    *,
    played_by: Sequence[Sequence[int]],
    dealer: int,
    model: KeepModel | None = None,
) -> list[list[list[int]]]:
    """``samples`` guesses at both seats' remaining ranks in a two-player play,
    drawn from the opponent's exact posterior: every multiset of ranks they
    could still hold (of the unseen cards, and above what a go of theirs
    showed) has the weight of the card combinations making it, times the keep
    ratio of the four they kept (what they played this deal, ``played_by``,
    and what they hold).  ``dealer`` is the seat that deals.

    Exact over the multisets rather than resampled from uniform draws: a
    multiset uniform draws would miss is never lost, and no draw is wasted.
    """
    if view.players != 2:
        raise ValueError("the keep model weighs one opponent's holdings (two players)")
    model = model or keep_model()
    me, them = view.seat, 1 - view.seat
    need = view.cards_left[them]
    mine = [int(c.rank) for c in view.hand]
    if need == 0:
        return [[mine, []] if me == 0 else [[], mine] for _ in range(samples)]
    available = np.zeros(14, dtype=np.int64)
    for rank in view.unseen_ranks:
        available[rank] += 1
    low = view.min_value[them]
    allowed = np.array([rank_value >= low for rank_value in (0, *range(1, 11), 10, 10, 10)])
    allowed[0] = False
    if available[allowed].sum() < need:  # the view contradicts itself: anything unseen
        allowed[1:] = True
    table = _multisets(need)
    fits = (table.counts <= available).all(axis=1) & ~(table.counts[:, ~allowed] > 0).any(axis=1)
    weights = np.prod(_COMB_TABLE[np.minimum(available, 4), np.minimum(table.counts, 4)], axis=1)
    weights = np.where(fits, weights, 0.0)
    played = list(played_by[them])
    if len(played) + need == 4:
        keys, ratios = _ratio_array(model, them == dealer)
        played_key = sum(int(_POWERS[rank]) for rank in played)
        union = table.keys + played_key
        where = np.minimum(np.searchsorted(keys, union), len(keys) - 1)
        weights = weights * np.where(keys[where] == union, ratios[where], _UNSEEN_RATIO)
    cumulative = np.cumsum(weights)
    total = float(cumulative[-1])
    picks = np.searchsorted(cumulative, [rng.random() * total for _ in range(samples)], side="right")
    drawn = [list(table.ranks[min(int(i), len(table.ranks) - 1)]) for i in picks]
    return [[mine, held] if me == 0 else [held, mine] for held in drawn]


# --------------------------------------------------------------- measuring


def _count_chunk(args: tuple[bool, int, int]) -> tuple[bool, Counter[Ranks], Counter[Ranks]]:
    dealer, deals, seed = args
    rng = random.Random(seed)
    kept: Counter[Ranks] = Counter()
    seen: Counter[Ranks] = Counter()
    for _ in range(deals):
        hand = rng.sample(DECK, 6)
        best = analyse_discards(hand, dealer=dealer)[0]
        kept[tuple(sorted(int(c.rank) for c in best.keep))] += 1
        for four in combinations(hand, 4):
            seen[tuple(sorted(int(c.rank) for c in four))] += 1
    return dealer, kept, seen


def measure(
    deals: int, *, seed: int = 1, jobs: int = 1, progress: Callable[[int, int], None] | None = None
) -> KeepModel:
    """Deal ``deals`` random hands to each role and count what the insane rule keeps."""
    chunk = 5_000
    work = [
        (dealer, min(chunk, deals - start), seed * 1_000_003 + 2 * start + dealer)
        for start in range(0, deals, chunk) for dealer in (True, False)
    ]
    kept: dict[str, Counter[Ranks]] = {"dealer": Counter(), "pone": Counter()}
    seen: dict[str, Counter[Ranks]] = {"dealer": Counter(), "pone": Counter()}
    done = 0
    with get_context("fork").Pool(jobs) as pool:
        for dealer, k, s in pool.imap_unordered(_count_chunk, work):
            role = "dealer" if dealer else "pone"
            kept[role].update(k)
            seen[role].update(s)
            done += sum(k.values())
            if progress:
                progress(done, 2 * deals)
    return KeepModel(
        {role: dict(counts) for role, counts in kept.items()},
        {role: dict(counts) for role, counts in seen.items()},
        deals,
    )
