"""Benchmarks of the analysis (issue 4).  Prints medians; run on an idle machine:

    python bench/bench_analysis.py

Targets: every discard of a six-card hand (hand, crib and net expected show,
exact) under 20 ms on one core.  Also shown: the other deal sizes, and the
pegging analysis of a lead at its default number of sampled deals.
"""

from __future__ import annotations

import random
import statistics
import time

from engine.analysis.discard import analyse_discards
from engine.analysis.play import PeggingView, analyse_plays
from engine.analysis.rank_multisets import multisets
from engine.cards import DECK


def median_ms(function, inputs) -> float:
    times = []
    for item in inputs:
        started = time.perf_counter()
        function(item)
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def main() -> None:
    rng = random.Random(1)
    started = time.perf_counter()
    for size in (4, 5, 6):
        multisets(size)
    tables = 1000 * (time.perf_counter() - started)

    rows = []
    for size, discards, label in ((6, 2, "six cards, lay away 2 (standard)"), (5, 2, "five cards, lay away 2"),
                                  (7, 2, "seven cards, lay away 2"), (5, 1, "five cards, lay away 1")):
        hands = [rng.sample(DECK, size) for _ in range(500)]
        dealer = [True, False]
        ms = median_ms(lambda h: analyse_discards(h, dealer=dealer[len(h) % 2], discards=discards), hands)
        rows.append((label, ms))

    views = []
    for _ in range(100):
        cards = rng.sample(DECK, 6)
        views.append(PeggingView.two_player(cards[:4], seen=cards[4:], opponent_cards=4))
    pegging = median_ms(lambda v: analyse_plays(v, rng=1), views)

    print(f"rank-multiset tables, built once:            {tables:.1f} ms")
    for label, ms in rows:
        target = "   target < 20 ms" if "standard" in label else ""
        print(f"discard analysis, {label:33s} median {ms:.2f} ms{target}")
    print(f"pegging analysis of a lead (200 deals):      median {pegging:.1f} ms")


if __name__ == "__main__":
    main()
