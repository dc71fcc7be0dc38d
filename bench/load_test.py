"""A load test: many simulated learners at once against ``crib serve --workers N``.

Each simulated learner signs in as ``demo-<k>`` and, until the time is up,
practises as people do: counts hands (answering each), scores pegging piles,
looks at the review and plays a game against the bot, one request at a time.
With ``--think 0`` (the default) nobody pauses, so the server is saturated and
the latencies are mostly queueing; ``--think 2`` pauses about two seconds
between activities, as a class at work does, and ``--ramp 10`` lets the
learners arrive over ten seconds (signing in hashes a password: fifty at
once keep both cores busy for a few seconds).  Prints the throughput, and per route the requests, errors,
median and 99th percentile; exits non-zero on any error.

    python bench/load_test.py --database postgresql+psycopg://user:pw@127.0.0.1/load
    python bench/load_test.py --learners 50 --workers 2 --seconds 60 --accounts

The database gets the demo learners first (``crib demo-data``) unless ``--reuse``.
The traffic stays on this machine (loopback), bounded in time.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from servers import demo_data, serving  # noqa: E402
from webclient import Learner, Timings, report  # noqa: E402

#: What a simulated learner does next, and how often.
ACTIVITIES = {"count": 0.45, "pegging": 0.15, "review": 0.1, "game": 0.3}


def simulate(url: str, number: int, password: str | None, deadline: float, think: float, ramp: float,
             timings: Timings, failures: list[str]) -> None:
    rng = random.Random(number)
    learner = Learner(url, timings, rng)
    time.sleep(rng.uniform(0, ramp))  # learners arrive over the ramp, not all in the same instant
    try:
        learner.sign_in(f"demo-{number}", password)
        table = None
        while time.monotonic() < deadline:
            activity = rng.choices(list(ACTIVITIES), list(ACTIVITIES.values()))[0]
            if activity == "count":
                learner.count_drill()
            elif activity == "pegging":
                learner.pegging_drill()
            elif activity == "review":
                learner.review()
            else:
                table = (learner.game_move(table) if table else None) or learner.new_game()
            if think:
                time.sleep(min(rng.expovariate(1 / think), 4 * think, max(0.0, deadline - time.monotonic())))
    except (OSError, RuntimeError) as error:
        failures.append(f"demo-{number}: {error}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="database URL (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--learners", type=int, default=50, help="simulated learners at once")
    parser.add_argument("--attempts", type=int, default=500, help="history of each demo learner")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0, help="mean pause between activities, seconds")
    parser.add_argument("--ramp", type=float, default=0, help="learners arrive over this many seconds")
    parser.add_argument("--accounts", action="store_true", help="server mode: sign in with passwords")
    parser.add_argument("--reuse", action="store_true", help="the database already holds the demo learners")
    args = parser.parse_args()

    folder = tempfile.TemporaryDirectory()
    database = args.database or f"sqlite:///{Path(folder.name) / 'load.sqlite3'}"
    if not args.reuse:
        print(f"filling: {args.learners} demo learners with {args.attempts:,} attempts each")
        demo_data(database, "--learners", str(args.learners), "--attempts", str(args.attempts),
                  *(["--accounts"] if args.accounts else []))
    mode = ["--accounts"] if args.accounts else ["--personal"]
    password = "demo-password" if args.accounts else None
    timings, failures = Timings(), []
    with serving(database, "--workers", str(args.workers), *mode) as url:
        deadline = time.monotonic() + args.seconds
        started = time.perf_counter()
        threads = [
            threading.Thread(target=simulate,
                             args=(url, k, password, deadline, args.think, args.ramp, timings, failures))
            for k in range(1, args.learners + 1)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - started
    total = sum(len(v) for v in timings.seconds.values())
    errors = sum(timings.errors.values())
    print(f"\n{args.learners} learners (think {args.think:g} s), {args.workers} workers, {wall:.0f} s on {database.split('@')[-1].split(':')[0]}: "
          f"{total:,} requests, {total / wall:.0f} requests/s, {errors} errors\n")
    print(report(timings, wall))
    for failure in failures[:10]:
        print("failed:", failure)
    folder.cleanup()
    return 1 if errors or failures else 0


if __name__ == "__main__":
    sys.exit(main())
