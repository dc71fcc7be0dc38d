"""``crib winprob``: the win probability of a position, and ``--build`` to
measure the deal distributions behind it by self-play and write the data file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.analysis.winprob import DATA_FILE, TARGETS, WinTable, win_probability
from engine.bots.winprob_build import distributions, measure_deals
from trainer.cli import add_build_options, check_build, emit, progress_line, write_data

#: Where the engine's data file lives in a checkout.
DEFAULT_OUT = Path(__file__).resolve().parents[2] / "engine" / "data" / DATA_FILE


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "winprob", help="win probability of a score (two players), or --build the table by self-play"
    )
    parser.add_argument("mine", nargs="?", type=int, help="your score")
    parser.add_argument("theirs", nargs="?", type=int, help="the opponent's score")
    parser.add_argument("--dealer", choices=("me", "them"), default="me", help="who deals next (default me)")
    parser.add_argument("--target", type=int, choices=TARGETS, default=121)
    parser.add_argument("--build", action="store_true", help="measure the deal distributions and write the data file")
    parser.add_argument("--level", default="insane", help="the bot level measured (default insane)")
    add_build_options(parser, unit="deals", deals=20000, out=DEFAULT_OUT)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.build:
        return build(args)
    if args.mine is None or args.theirs is None:
        raise ValueError("give both scores (crib winprob MINE THEIRS), or --build")
    for score in (args.mine, args.theirs):
        if not 0 <= score <= args.target:
            raise ValueError(f"a score must be between 0 and {args.target}, got {score}")
    p = win_probability(args.mine, args.theirs, args.dealer == "me", args.target)
    data = {"mine": args.mine, "theirs": args.theirs, "dealer": args.dealer, "target": args.target, "win": round(p, 4)}
    emit(data, args.json, lambda d: f"P(win) = {100 * d['win']:.1f}%  ({d['mine']}-{d['theirs']}, {d['dealer']} to deal, to {d['target']})")
    return 0


def build(args: argparse.Namespace) -> int:
    check_build(args, unit="deals", at_least=100)
    measured = measure_deals(args.deals, level=args.level, seed=args.seed, jobs=args.jobs, progress=progress_line("deals"))
    sys.stderr.write("\n")
    source = f"{len(measured)} deals of {args.level} against {args.level}, seed {args.seed}"
    dist = distributions(measured, source=source)
    write_data(args.out, dist.to_dict())
    means = dist.means()
    for target in TARGETS:
        table = WinTable(dist, target)
        means[f"dealer_first_{target}"] = table.start(0, 0, True)
    emit(
        {"out": str(args.out), "source": source, **{k: round(v, 4) for k, v in means.items()}},
        args.json,
        lambda d: "\n".join(f"{k}: {v}" for k, v in d.items()),
    )
    return 0
