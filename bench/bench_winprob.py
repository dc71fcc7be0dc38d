"""Calibration of the win-probability table against self-play games (issue 14).

    python bench/bench_winprob.py --games 20000 --jobs 2
    python bench/bench_winprob.py --games 20000 --levels hard,hard --measure 20000

Plays ``--games`` games of the two levels, takes every deal's starting
position (scores, who deals) with who went on to win, and prints, per decile
of predicted win probability, the mean prediction, the observed win rate and
their difference.  By default the predictions are the shipped table's (made
from insane's deals); with ``--measure N`` the table is first measured from
``N`` deals of the first level, so a faster level can check the method at
scale.  Target: calibration error under 2 points of percentage in every decile.
Positions of one game are not independent, so the standard error printed per
decile (from the game count) is a rough guide.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

from engine.winprob import WinTable, load_distributions
from engine.winprob_build import distributions, measure_deals, play_positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--levels", default="insane,insane")
    parser.add_argument("--target", type=int, default=121)
    parser.add_argument("--measure", type=int, default=0, help="measure the table from this many deals first")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    first, second = args.levels.split(",")
    started = time.perf_counter()
    if args.measure:
        dist = distributions(measure_deals(args.measure, level=first, seed=args.seed + 1, jobs=args.jobs))
        source = f"measured now from {args.measure} deals of {first}"
    else:
        dist = load_distributions()
        source = f"shipped ({dist.source})"
    table = WinTable(dist, args.target)

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\r{done}/{total} games")
        sys.stderr.flush()

    positions = play_positions(
        args.games, levels=(first, second), target=args.target, seed=args.seed, jobs=args.jobs, progress=progress
    )
    sys.stderr.write("\n")
    predicted = np.array([table.start(p.seat0, p.seat1, p.seat0_deals) for p in positions])
    observed = np.array([p.seat0_won for p in positions], dtype=float)
    print(f"table: {source}; games: {args.games} of {first} against {second} to {args.target}; "
          f"positions: {len(positions)}; {time.perf_counter() - started:.0f} s")
    print(f"{'decile':>6} {'positions':>9} {'predicted':>9} {'observed':>9} {'error pp':>8} {'se pp':>6}")
    order = np.argsort(predicted, kind="stable")
    worst = 0.0
    per_game = len(positions) / args.games
    for i, part in enumerate(np.array_split(order, 10)):
        p, o = predicted[part].mean(), observed[part].mean()
        error = 100 * (o - p)
        worst = max(worst, abs(error))
        se = 100 * math.sqrt(max(o * (1 - o), 1e-9) / max(len(part) / per_game, 1))
        print(f"{i + 1:>6} {len(part):>9} {100 * p:>9.1f} {100 * o:>9.1f} {error:>8.2f} {se:>6.2f}")
    brier = float(np.mean((predicted - observed) ** 2))
    print(f"worst decile error {worst:.2f} pp; Brier score {brier:.4f}")


if __name__ == "__main__":
    main()
