"""Benchmarks of the scorers (issue 2).  Prints medians; run on an idle machine:

    python bench/bench_scoring.py

Targets: both exhaustive distributions under 1 s together on one core; one
itemised score under 50 µs; `crib score` under 0.3 s as a whole process.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import time

from engine.analysis.rank_multisets import multisets
from engine.analysis.stats import score_distribution
from engine.cards import DECK
from engine.scoring import score_show


def median_seconds(function, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def both_distributions() -> None:
    # From cold: the rank-multiset table is part of the cost.
    multisets.cache_clear()
    score_distribution.cache_clear()
    score_distribution(crib=False)
    score_distribution(crib=True)


def itemised_scores(deals: list) -> None:
    for hand, starter in deals:
        score_show(hand, starter)


def main() -> None:
    rng = random.Random(1)
    deals = []
    for _ in range(10_000):
        cards = rng.sample(DECK, 5)
        deals.append((tuple(cards[:4]), cards[4]))

    exhaustive = median_seconds(both_distributions, 7)
    per_score = median_seconds(lambda: itemised_scores(deals), 5) / len(deals)
    command = shutil.which("crib")
    argv = [command] if command else [sys.executable, "-m", "trainer.cli"]
    process = median_seconds(
        lambda: subprocess.run(argv + ["score", "5H 5D 5S JC", "--starter", "5C"], capture_output=True, check=True),
        15,
    )

    print(f"both exhaustive distributions (hand + crib): median {exhaustive * 1000:.1f} ms   target < 1000 ms")
    print(f"one itemised score (random deals):           median {per_score * 1e6:.1f} µs   target < 50 µs")
    print(f"`crib score` as a whole process:             median {process * 1000:.0f} ms   target < 300 ms")


if __name__ == "__main__":
    main()
