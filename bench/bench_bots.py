"""Benchmarks of the bots (issue 4).  Prints medians; run on an idle machine:

    python bench/bench_bots.py

Targets: insane decides a discard in under 100 ms and a play in under 150 ms
at its default strength; medium against medium plays at least 100 games a
second on one core.  Play decisions are timed on positions from real games,
only where there is a choice (two or more ranks that fit).
"""

from __future__ import annotations

import statistics
import time

from engine.bots.levels import Bot
from engine.players import play_game
from engine.rules import STANDARD


class Recorder:
    """Plays as ``bot`` and keeps every view it was asked to decide on."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.discards = []
        self.plays = []

    def choose_discard(self, view):
        self.discards.append(view)
        return self.bot.choose_discard(view)

    def choose_play(self, view):
        if len({c.rank for c in view.legal_plays}) > 1:
            self.plays.append(view)
        return self.bot.choose_play(view)

    def claim_show(self, view, claim):
        return self.bot.claim_show(view, claim)

    def choose_muggins(self, view, window):
        return self.bot.choose_muggins(view, window)


def timed(function, inputs) -> list[float]:
    times = []
    for item in inputs:
        started = time.perf_counter()
        function(item)
        times.append(1000 * (time.perf_counter() - started))
    return times


def describe(times: list[float]) -> str:
    if not times:
        return "no decisions"
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return f"median {statistics.median(times):.1f} ms  (90th percentile {p90:.1f}, max {times[-1]:.1f}, n={len(times)})"


def main() -> None:
    recorder = Recorder(Bot("insane", seed=1))
    for seed in range(4):
        play_game(STANDARD, [recorder, Bot("medium", seed=100 + seed)], seed=seed)
    insane = Bot("insane", seed=2)
    discard_times = timed(insane.choose_discard, recorder.discards)
    play_times = timed(insane.choose_play, recorder.plays)

    games = 200
    started = time.perf_counter()
    for seed in range(games):
        play_game(STANDARD, [Bot("medium", seed), Bot("medium", seed + 10_000)], seed=seed)
    rate = games / (time.perf_counter() - started)

    print(f"insane discard decision: {describe(discard_times)}   target < 100 ms")
    print(f"insane play decision:    {describe(play_times)}   target < 150 ms")
    print(f"medium against medium:   {rate:.0f} games a second on one core   target >= 100")


if __name__ == "__main__":
    main()
