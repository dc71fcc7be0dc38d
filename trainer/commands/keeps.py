"""``crib keeps``: how much likelier each four ranks are as a hand a good player
keeps (the expert's opponent model, :mod:`engine.analysis.keepmodel`), and ``--build`` to
count them again by dealing and discarding and write the data file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.analysis.keepmodel import DATA_FILE, keep_model, measure
from engine.cards import parse_cards
from trainer.cli import add_build_options, check_build, emit, progress_line, write_data

#: Where the engine's data file lives in a checkout.
DEFAULT_OUT = Path(__file__).resolve().parents[2] / "engine" / "data" / DATA_FILE.name


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "keeps", help="the keep ratio of four cards (the expert's opponent model), or --build it"
    )
    parser.add_argument("cards", nargs="?", help='four cards (suits are ignored), e.g. "5H 5D JS QC"')
    parser.add_argument("--build", action="store_true", help="deal and discard hands, and write the data file")
    add_build_options(parser, unit="hands a role", deals=400_000, out=DEFAULT_OUT)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.build:
        return build(args)
    if not args.cards:
        raise ValueError('give four cards (crib keeps "5H 5D JS QC"), or --build')
    cards = parse_cards(args.cards)
    if len(cards) != 4:
        raise ValueError(f"a kept hand is four cards, not {len(cards)}")
    model = keep_model()
    ranks = [int(c.rank) for c in cards]
    data = {"cards": args.cards, "dealer": model.ratio(ranks, dealer=True), "pone": model.ratio(ranks, dealer=False)}
    emit(data, args.json, lambda d: f"kept {d['dealer']:.2f} times as often as chance by the dealer, "
                                    f"{d['pone']:.2f} by the pone")
    return 0


def build(args: argparse.Namespace) -> int:
    check_build(args, unit="hands", at_least=1000)
    model = measure(args.deals, seed=args.seed, jobs=args.jobs, progress=progress_line("hands"))
    sys.stderr.write("\n")
    write_data(args.out, model.to_dict())
    emit({"out": str(args.out), "deals": model.deals}, args.json, lambda d: f"{d['deals']} hands a role: {d['out']}")
    return 0
