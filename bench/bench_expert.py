"""Decision time of the expert level (issue 14): median and 90th percentile.

    python bench/bench_expert.py [games]

Plays ``games`` games of expert against insane, keeps every view the expert
decided on (plays only where two or more ranks fit), then times the expert's
decision on each again: all of them, and those near the end, where it plays
for the game.  Target: under 200 ms at the 90th percentile.
"""

from __future__ import annotations

import sys

from bench_bots import Recorder, describe, timed  # run as a script: bench/ is on the path

from engine.bots.levels import PROFILES, Bot, Level
from engine.players import play_game
from engine.rules import STANDARD


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
