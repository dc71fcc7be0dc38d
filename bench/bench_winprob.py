"""Calibration of the win-probability table against self-play games (issue 14).

    python bench/bench_winprob.py --games 20000 --jobs 2
    python bench/bench_winprob.py --games 20000 --levels hard,hard --measure 20000
    python bench/bench_winprob.py --games 5000 --seed 41 --save runs/insane-41.json
    python bench/bench_winprob.py --games 5000 --seed 42 --add runs/insane-41.json

Plays ``--games`` games of the two levels, takes every deal's starting
position (scores, who deals) with who went on to win, and prints, per decile
of predicted win probability, the mean prediction, the observed win rate and
their difference.  By default the predictions are the shipped table's (made
from insane's deals); with ``--measure N`` the table is first measured from
``N`` deals of the first level, so a faster level can check the method at
scale.  Target: calibration error under 2 points of percentage in every decile.
Positions of one game are not independent, so the standard error printed per
decile (from the game count) is a rough guide.

Twenty thousand games of insane take about three hours on two cores, so a
calibration can be gathered in parts: ``--save`` keeps a run's positions in a
JSON file, and ``--add`` counts earlier runs (of the same levels and target,
other seeds) with this one; ``--games 0 --add ...`` only reports them.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

from engine.analysis.winprob import WinTable, load_distributions
from engine.bots.winprob_build import Position, distributions, measure_deals, play_positions


def save_run(path: Path, levels: str, target: int, seed: int, games: int, positions: list[Position]) -> None:
    """Keep a run's positions, to be counted again with ``--add``."""
    rows = [[p.seat0, p.seat1, int(p.seat0_deals), int(p.seat0_won)] for p in positions]
    run = {"levels": levels, "target": target, "seeds": [seed], "games": games, "positions": rows}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(run, separators=(",", ":")) + "\n", encoding="utf-8")


def load_run(path: Path, levels: str, target: int) -> tuple[list[int], int, list[Position]]:
    """An earlier run's seeds, game count and positions; refused unless of the same levels and target."""
    run = json.loads(path.read_text(encoding="utf-8"))
    if (run["levels"], run["target"]) != (levels, target):
        raise SystemExit(f"{path}: a run of {run['levels']} to {run['target']}, not {levels} to {target}")
    positions = [Position(a, b, bool(d), bool(w)) for a, b, d, w in run["positions"]]
    return run["seeds"], run["games"], positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--levels", default="insane,insane")
    parser.add_argument("--target", type=int, default=121)
    parser.add_argument("--measure", type=int, default=0, help="measure the table from this many deals first")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", type=Path, help="keep this run's positions in this file")
    parser.add_argument("--add", type=Path, nargs="*", default=[], help="count earlier runs saved with --save")
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
    ) if args.games else []
    sys.stderr.write("\n")
    if args.save:
        save_run(args.save, args.levels, args.target, args.seed, args.games, positions)
    games, seeds = args.games, [args.seed] if args.games else []
    for path in args.add:
        run_seeds, run_games, run_positions = load_run(path, args.levels, args.target)
        if set(run_seeds) & set(seeds):
            raise SystemExit(f"{path}: seed {sorted(set(run_seeds) & set(seeds))} counted twice (the same games)")
        seeds += run_seeds
        games += run_games
        positions += run_positions
    if not positions:
        raise SystemExit("no games: play some (--games) or add saved runs (--add)")
    predicted = np.array([table.start(p.seat0, p.seat1, p.seat0_deals) for p in positions])
    observed = np.array([p.seat0_won for p in positions], dtype=float)
    print(f"table: {source}; games: {games} of {first} against {second} to {args.target} "
          f"(seeds {', '.join(map(str, seeds))}); positions: {len(positions)}; {time.perf_counter() - started:.0f} s")
    print(f"{'decile':>6} {'positions':>9} {'predicted':>9} {'observed':>9} {'error pp':>8} {'se pp':>6}")
    order = np.argsort(predicted, kind="stable")
    worst = 0.0
    per_game = len(positions) / games
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
