"""``crib analyse``: every option in a position, with expected points and win probability.

    crib analyse "3S QH 2D QS JS 5H" --scores 111-100 --dealer them
    crib analyse "2S 4C 6D" --pile "5H 8D" --scores 119-90 --dealer them

With six cards it ranks every discard (expected hand, crib and net points, and
P(win) from :mod:`engine.analysis.winprob`); with a ``--pile`` (empty to lead) and the
cards still held it ranks every legal card (points now, expected net points to
the end of the play, P(win)).  The standard two-player game to 121 or 61.
"""

from __future__ import annotations

import argparse
import random
import re
from typing import Any

from engine.analysis.discard import analyse_discards
from engine.analysis.play import PeggingView, analyse_plays
from engine.analysis.winprob import TARGETS, win_table
from engine.bots.levels import discard_chances, pegging_chances
from engine.cards import Card, check_distinct, format_cards, parse_cards
from engine.scoring import score_show
from trainer.cli import emit, table

KEPT = 4


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "analyse", help="every discard or play in a position, with expected points and win probability"
    )
    parser.add_argument("hand", help='your cards: six dealt ("5H 5D JS 4C 6D KS"), or those still held in the play')
    parser.add_argument("--scores", required=True, help="your score and the opponent's, e.g. 100-110")
    parser.add_argument("--dealer", choices=("me", "them"), required=True, help="whose crib it is")
    parser.add_argument("--target", type=int, choices=TARGETS, default=121)
    parser.add_argument("--pile", default=None, help='the play: cards on the pile since the last reset ("" to lead)')
    parser.add_argument("--earlier", default="", help="the play: cards played before the last reset")
    parser.add_argument("--seen", default="", help="the play: other cards you know are out (your discards, the starter)")
    parser.add_argument("--kept", default="", help="the play: your four kept cards, to count your show exactly")
    parser.add_argument("--starter", default="", help="the play: the starter, to count your show exactly")
    parser.add_argument("--opponent-cards", type=int, default=None, help="cards the opponent still holds")
    parser.add_argument("--samples", type=int, default=300, help="sampled deals per card in the play (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run)


def parse_scores(text: str, target: int) -> tuple[int, int]:
    """``"100-110"`` (or ``100,110``) as two scores short of the target.

    >>> parse_scores("100-110", 121)
    (100, 110)
    """
    match = re.fullmatch(r"\s*(\d+)\s*[-,/ ]\s*(\d+)\s*", text)
    if not match:
        raise ValueError(f"--scores {text!r}: give your score and the opponent's, e.g. 100-110")
    mine, theirs = int(match[1]), int(match[2])
    for score in (mine, theirs):
        if score >= target:
            raise ValueError(f"--scores {text!r}: at {target} the game is over; scores go up to {target - 1}")
    return mine, theirs


def run(args: argparse.Namespace) -> int:
    mine, theirs = parse_scores(args.scores, args.target)
    i_deal = args.dealer == "me"
    hand = parse_cards(args.hand)
    if args.samples < 1:
        raise ValueError("--samples must be at least 1")
    if args.pile is None:
        data = analyse_discard(hand, mine, theirs, i_deal, args.target)
    else:
        data = analyse_play(args, hand, mine, theirs, i_deal)
    emit(data, args.json, render)
    return 0


def _position(mine: int, theirs: int, i_deal: bool, target: int) -> dict[str, Any]:
    return {
        "scores": [mine, theirs],
        "dealer": "me" if i_deal else "them",
        "target": target,
        "win_before": round(win_table(target).start(mine, theirs, i_deal), 4),
    }


def analyse_discard(hand: tuple[Card, ...], mine: int, theirs: int, i_deal: bool, target: int) -> dict[str, Any]:
    """Every discard of six dealt cards, best chance to win first."""
    if len(hand) != 6:
        raise ValueError(
            f"{len(hand)} cards: give the six cards dealt to lay away two, or --pile and the cards held to play"
        )
    options = analyse_discards(hand, dealer=i_deal)
    chances = discard_chances(hand, options, mine, theirs, i_deal, win_table(target))
    rows = [
        {**option.to_dict(), "win": round(chance, 4)}
        for option, chance in sorted(zip(options, chances), key=lambda oc: (-oc[1], -oc[0].net_ev))
    ]
    return {"kind": "discard", **_position(mine, theirs, i_deal, target), "options": rows}


def analyse_play(
    args: argparse.Namespace, hand: tuple[Card, ...], mine: int, theirs: int, i_deal: bool
) -> dict[str, Any]:
    """Every legal card in the play, best chance to win first."""
    pile = parse_cards(args.pile)
    earlier = parse_cards(args.earlier)
    seen = parse_cards(args.seen)
    kept = parse_cards(args.kept)
    starter = parse_cards(args.starter)
    if not 1 <= len(hand) <= KEPT:
        raise ValueError(f"{len(hand)} cards held: in the play you hold one to four cards")
    if len(starter) > 1:
        raise ValueError("--starter is one card")
    if kept and len(kept) != KEPT:
        raise ValueError(f"--kept is your {KEPT} kept cards")
    if kept and not set(hand) <= set(kept):
        raise ValueError(f"--kept {format_cards(kept)} must hold the cards you still have ({format_cards(hand)})")
    check_distinct(hand + pile + earlier + seen + starter)
    played = len(pile) + len(earlier)
    mine_played = KEPT - len(hand)
    opponent = args.opponent_cards
    if opponent is None:
        opponent = KEPT - (played - mine_played)
    if not 0 <= opponent <= KEPT or played > 2 * KEPT:
        raise ValueError(
            f"{played} cards played and {len(hand)} held do not fit a two-player play of {KEPT} cards each"
        )
    view = PeggingView.two_player(
        hand, pile=pile, earlier=earlier, seen=seen + starter, opponent_cards=opponent,
    )
    options = analyse_plays(view, samples=args.samples, rng=args.seed)
    if not options:
        raise ValueError(f"playing on a count of {view.count}: no card you hold fits: you must say go")
    hand_points = score_show(kept, starter[0]).total if kept and starter else None
    ranks = sorted({int(o.card.rank) for o in options})
    chances, _ = pegging_chances(
        view, ranks, win_table(args.target), args.samples, random.Random(args.seed),
        mine=mine, theirs=theirs, i_deal=i_deal, hand_points=hand_points,
    )
    rows = [
        {**option.to_dict(), "win": round(chances[int(option.card.rank)], 4)}
        for option in sorted(options, key=lambda o: (-chances[int(o.card.rank)], -o.expected_net))
    ]
    return {
        "kind": "play",
        **_position(mine, theirs, i_deal, args.target),
        "count": view.count,
        "show": hand_points,
        "options": rows,
    }


def render(data: dict[str, Any]) -> str:
    mine, theirs = data["scores"]
    crib = "your crib" if data["dealer"] == "me" else "their crib"
    head = f"{mine}-{theirs} to {data['target']}, {crib}: P(win) {100 * data['win_before']:.1f}% at the start of a deal"
    if data["kind"] == "discard":
        rows = [
            [_pretty(o["keep"]), _pretty(o["discard"]), f"{o['hand_ev']:.2f}", f"{o['crib_ev']:.2f}", f"{o['net_ev']:+.2f}", f"{100 * o['win']:.1f}%"]
            for o in data["options"]
        ]
        body = table(rows, ["keep", "discard", "hand", "crib", "net", "P(win)"], "llrrrr")
    else:
        show = "your show from the table" if data["show"] is None else f"your show {data['show']}"
        head += f"\ncount {data['count']}, {show}"
        rows = [
            [_pretty([o["card"]]), o["immediate"], f"{o['expected_net']:+.2f}", f"{100 * o['win']:.1f}%"]
            for o in data["options"]
        ]
        body = table(rows, ["card", "now", "net to end of play", "P(win)"], "lrrr")
    return head + "\n" + body


def _pretty(cards: list[str]) -> str:
    """Cards as the other commands print them (Q♥, not QH); the JSON keeps the notation."""
    return " ".join(Card.parse(c).pretty for c in cards)
