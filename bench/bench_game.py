"""Benchmarks of the game engine (issue 3).  Prints medians; run on an idle machine:

    python bench/bench_game.py

Shown: whole random games per preset and counting (random legal decisions,
the engine's own chance steps), the cost per logged event, and a save plus
resume (to_dict, JSON both ways, from_dict) of a game late in play.
"""

from __future__ import annotations

import json
import statistics
import time

from engine.game import Game
from engine.players import RandomPlayer, play_game
from engine.rules import PRESETS, Counting


def main() -> None:
    print(f"{'rules':<16} {'counting':<15} {'ms/game':>8} {'events':>8} {'us/event':>10}")
    for name, preset in PRESETS.items():
        for counting in Counting:
            rules = preset.with_options(counting=counting)
            times, actions = [], []
            for seed in range(60):
                players = [RandomPlayer(seed * 10 + seat) for seat in range(rules.players)]
                started = time.perf_counter()
                game = play_game(rules, players, seed=seed)
                times.append(time.perf_counter() - started)
                actions.append(len(game.log))
            per_game = statistics.median(times)
            per_event = per_game / statistics.median(actions)
            print(f"{name:<16} {counting.value:<15} {1000 * per_game:8.2f} {statistics.median(actions):8.0f} {1e6 * per_event:10.1f}")

    game = play_game(PRESETS["standard"], [RandomPlayer(1), RandomPlayer(2)], seed=3)
    rounds = []
    for _ in range(50):
        started = time.perf_counter()
        Game.from_dict(json.loads(json.dumps(game.to_dict())))
        rounds.append(time.perf_counter() - started)
    size = len(json.dumps(game.to_dict()))
    print(f"\nsave + resume of a finished standard game ({len(game.log)} events, {size // 1024} KiB JSON): "
          f"{1000 * statistics.median(rounds):.2f} ms")


if __name__ == "__main__":
    main()
