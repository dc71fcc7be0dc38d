"""``crib discard``: every way to lay away cards, with the expected show of hand and crib."""

from __future__ import annotations

import argparse
from typing import Any

from engine.analysis.discard import CribModel, analyse_discards
from engine.cards import parse_cards
from trainer.cli import emit, table


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "discard", help="rank every discard of a dealt hand by expected hand and crib points"
    )
    parser.add_argument("hand", help='the dealt cards, e.g. "5H 5D JS 4C 6D KS" (5, 6 or 7 cards)')
    whose = parser.add_mutually_exclusive_group(required=True)
    whose.add_argument("--dealer", dest="dealer", action="store_true", help="the crib is yours")
    whose.add_argument("--pone", dest="dealer", action="store_false", help="the crib is your opponent's")
    parser.add_argument(
        "--discards", type=int, default=2, choices=(1, 2),
        help="cards to lay away: 2 (default; two-handed games) or 1 (three or four players)",
    )
    parser.add_argument(
        "--crib-model", choices=[m.value for m in CribModel], default=CribModel.UNIFORM.value,
        help="uniform: the other crib cards are any unseen cards (exact, default); "
        "table: as a good player lays away (simulated crib table, six-card deals)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    hand = parse_cards(args.hand)
    options = analyse_discards(hand, dealer=args.dealer, discards=args.discards, crib_model=args.crib_model)
    rows = [option.to_dict() for option in options]

    def render(data: list[dict[str, Any]]) -> str:
        whose = "your crib" if args.dealer else "your opponent's crib"
        model = "" if args.crib_model == "uniform" else ", crib from the crib table"
        lines = [f"Discards from {' '.join(c.pretty for c in hand)} ({whose}{model}), best first", ""]
        body = [
            (
                " ".join(c.pretty for c in option.keep),
                " ".join(c.pretty for c in option.discard),
                f"{option.hand_ev:.3f}",
                f"{option.crib_ev:.3f}",
                f"{option.net_ev:+.3f}",
            )
            for option in options
        ]
        sign = "+" if args.dealer else "-"
        lines.append(table(body, ["keep", "discard", "hand", "crib", f"net (hand {sign} crib)"], "llrrr"))
        return "\n".join(lines)

    emit(rows, args.json, render)
    return 0
