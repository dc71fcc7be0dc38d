"""Web latency for one learner with a long history, among many learners.

Fills a database with ``crib demo-data`` (by default 1,000 learners: demo-1
with 100,000 attempts and 999 others with 900 each, about 1,000,000 attempts),
starts ``crib serve`` on it and, as demo-1 in one browser, times the review
page, dealing the next count drill, answering it, and game moves.  Prints the
median and 99th percentile per route.

    python bench/bench_web.py                                   # SQLite in a temporary folder
    python bench/bench_web.py --database postgresql+psycopg://user:pw@127.0.0.1/bench
    python bench/bench_web.py --learners 50 --attempts 200 --heavy 10000 --rounds 50   # a quick look

An existing database with demo learners is reused as it is (``--reuse``).
Target (issue 10): each route under 50 ms median and 150 ms at the 99th percentile.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from servers import demo_arguments, demo_database, serving  # noqa: E402
from webclient import Learner, Timings, report  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    demo_arguments(parser, "route")
    args = parser.parse_args()
    with demo_database(args) as database:
        return measure(args, database)


def measure(args: argparse.Namespace, database: str) -> int:
    """Time the routes on ``database`` as demo-1."""
    timings = Timings()
    with serving(database) as url:
        learner = Learner(url, timings, random.Random(1))
        learner.sign_in("demo-1")
        for _ in range(3):  # warm the server up (imports, first queries) before timing
            learner.review(), learner.count_drill()
        timings.seconds.clear()
        started = time.perf_counter()
        table = learner.new_game()
        for _ in range(args.rounds):
            learner.review()
            learner.count_drill()
            table = learner.game_move(table) or learner.new_game()
        wall = time.perf_counter() - started
    print(f"\n{args.rounds} rounds as demo-1 in {wall:.1f} s, one client:\n")
    print(report(timings))
    return 1 if timings.errors else 0


if __name__ == "__main__":
    sys.exit(main())
