"""Decision time of the expert level (issue 14): median and 90th percentile.

    python bench/bench_expert.py [games]

Plays ``games`` games of expert against insane, keeps every view the expert
decided on (plays only where two or more ranks fit), then times the expert's
decision on each again: all of them, and those near the end, where it plays
for the game.  Target: under 200 ms at the 90th percentile.
"""

from __future__ import annotations

import statistics
import sys
import time

from engine.bots import PROFILES, Bot, Level
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


def describe(times: list[float]) -> str:
    if not times:
        return "no decisions"
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return f"median {statistics.median(times):.1f} ms  (90th percentile {p90:.1f}, max {times[-1]:.1f}, n={len(times)})"


def timed(function, views) -> list[float]:
    out = []
    for view in views:
        started = time.perf_counter()
        function(view)
        out.append(1000 * (time.perf_counter() - started))
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    recorder = Recorder(Bot("expert", seed=1))
    for g in range(games):
        seats = [recorder, Bot("insane", seed=g)] if g % 2 else [Bot("insane", seed=g), recorder]
        play_game(STANDARD, seats, seed=100 + g)
    bot = Bot("expert", seed=2)
    line = STANDARD.target - PROFILES[Level.EXPERT].endgame

    def near_end(view) -> bool:
        return max(view.scores) >= line

    for kind, views, function in (
        ("discard", recorder.discards, bot.choose_discard),
        ("play", recorder.plays, bot.choose_play),
    ):
        print(f"expert {kind}, all:      {describe(timed(function, views))}")
        print(f"expert {kind}, near end: {describe(timed(function, [v for v in views if near_end(v)]))}")


if __name__ == "__main__":
    main()
