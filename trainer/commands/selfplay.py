"""``crib selfplay``: bots against bots, with win rates and where the points came from."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TextIO

from engine.bots.selfplay import VARIANTS, SelfPlayResult, rules_for, run_selfplay
from engine.rules import Counting
from trainer.cli import emit, table


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("selfplay", help="play bot levels against each other and report win rates")
    parser.add_argument(
        "--players", default="insane,medium",
        help="bot levels, one per side (a player, or a team: each team's seats play alike), e.g. insane,medium;"
        " expert plays for the game only where its win table applies (two players, six cards, to 61 or 121)"
        " and plays as insane elsewhere",
    )
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    parser.add_argument("--variant", choices=tuple(VARIANTS), default="standard")
    parser.add_argument("--target", type=int, default=None,
                        help="points to win (default: the variant's; the sources play 61, 91, 121 and 241)")
    parser.add_argument(
        "--counting", choices=[c.value.replace(" ", "-") for c in Counting], default="automatic",
        help="how shows are counted; under muggins the bots claim their own counts",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; 0: one per core)")
    parser.add_argument(
        "--duplicate", action="store_true",
        help="deal each deck twice, the seats swapped (two players, even --games): the interval comes from the pairs",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run)


class _ProgressBar:
    """A one-line bar on stderr, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.start = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // total
        elapsed = now - self.start
        rate = done / elapsed if elapsed else 0.0
        eta = (total - done) / rate if rate else 0.0
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"
            f"  {rate:.1f}/s  {elapsed:.0f}s elapsed, ~{eta:.0f}s left "
        )
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _render(result: SelfPlayResult) -> str:
    data = result.to_dict()
    rows = []
    for label in result.labels:
        lo, hi = result.ci95[label]
        ppd = result.points_per_deal[label]
        rows.append(
            (
                label,
                result.wins[label],
                f"{100 * result.win_rate[label]:.1f}%",
                f"{100 * lo:.1f}-{100 * hi:.1f}%",
                result.skunks[label],
                *(f"{ppd[k]:.2f}" for k in ("pegging", "hand", "crib", "heels")),
            )
        )
    role_rows = [
        (label, role, *(f"{cats[k]:.2f}" for k in ("pegging", "hand", "crib", "heels", "total")))
        for label in result.labels
        for role, cats in result.points_by_role[label].items()
    ]
    headers = ["player", "wins", "win rate", "95% interval", "skunks", "pegging", "hand", "crib", "heels"]
    return "\n".join(
        [
            f"{data['games']} games of {data['variant']} to {data['target']}"
            f" in {data['seconds']:.1f} s ({data['deals_per_game']:.1f} deals a game)"
            + (f"; duplicate: each of {data['games'] // 2} decks played twice, seats swapped,"
               " the interval from the pairs" if data["duplicate"] else ""),
            "",
            table(rows, headers, "lrrrrrrrr"),
            "",
            "points per deal played (both seats); "
            f"the first dealer won {100 * data['first_dealer_win_rate']:.1f}% of games",
            "",
            table(role_rows, ["player", "role", "pegging", "hand", "crib", "heels", "total"], "llrrrrr"),
        ]
    )


def run(args: argparse.Namespace) -> int:
    counting = Counting(args.counting.replace("-", " "))
    rules = rules_for(args.variant, target=args.target, counting=counting)
    names = [n for n in args.players.split(",") if n.strip()]
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    progress = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    result = run_selfplay(
        names, args.games, args.seed, rules=rules, jobs=jobs, duplicate=args.duplicate, progress=progress
    )
    emit(result.to_dict() if args.json else result, args.json, _render)
    return 0
