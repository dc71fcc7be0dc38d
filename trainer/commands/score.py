"""``crib score``, ``crib peg`` and ``crib stats``: the scorers from the shell.

``crib score --lang ru`` speaks Russian throughout: the headings, the cards'
faces and the items' names (:mod:`trainer.language.words`) and the spoken
count (:mod:`engine.speech`); its ``--json`` keeps the engine's notation.

``crib score`` takes a hand or crib of a size some game shows (the engine's
presets: a hand of 3, 4 or 5 cards, a crib of 4 or 5), and ``crib peg`` a pile
of at least the card it scores; anything else is bad input, exit status 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.cards import Card, parse_cards
from engine.pegging import PlayScore, score_play
from engine.rules import PRESETS
from engine.scoring import ShowScore, score_show
from engine.speech import Language, spoken_count
from trainer.cli import emit, table
from trainer.language import i18n, words
from trainer.language.i18n import gettext, pgettext

#: The cards a hand or a crib holds in the show, the starter aside, in some game the engine plays:
#: the engine's scorer takes more (from one card to six), but no game shows them.
SHOWN_SIZES = {
    False: tuple(sorted({rules.kept for rules in PRESETS.values()})),
    True: tuple(sorted({rules.crib_size for rules in PRESETS.values()})),
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    score = subparsers.add_parser("score", help="score a hand or crib with its starter, item by item")
    score.add_argument("hand", help='the cards, e.g. "5H 5D 5S JC"')
    score.add_argument("--starter", required=True, help="the starter (cut) card, e.g. 5C")
    score.add_argument("--crib", action="store_true", help="score as the crib (only a five-card flush counts)")
    score.add_argument("--json", action="store_true", help="print one JSON document")
    score.add_argument("--lang", choices=[language.value for language in Language], default="en", help="the language of the output (the JSON keeps the engine's notation)")
    score.set_defaults(func=run_score)

    peg = subparsers.add_parser("peg", help="score the last card played onto a pegging pile")
    peg.add_argument("pile", help='the cards since the last reset, in order, e.g. "5H 5D 5S"')
    peg.add_argument("--json", action="store_true", help="print one JSON document")
    peg.set_defaults(func=run_peg)

    stats = subparsers.add_parser("stats", help="the exact score distribution over all 12,994,800 hands")
    stats.add_argument("--crib", action="store_true", help="count as cribs (only a five-card flush)")
    stats.add_argument("--json", action="store_true", help="print one JSON document")
    stats.set_defaults(func=run_stats)


def _render_score(result: ShowScore, spoken: str) -> str:
    """The breakdown as text, in the current language."""
    title = pgettext("crib score", "Crib") if result.is_crib else pgettext("crib score", "Hand")
    starter = words.face(result.starter) if result.starter else "-"
    rows = [(words.item_name(item), words.faces(item.cards), item.points) for item in result.items]
    headings = [pgettext("crib score", "combination"), pgettext("crib score", "cards"), pgettext("crib score", "points")]
    lines = [
        pgettext("crib score", "%(title)s: %(hand)s   starter: %(starter)s", title=title,
                 hand=words.faces(result.hand), starter=starter),
        "",
        table(rows, headings, "llr") if rows else pgettext("crib score", "no scoring combinations"),
        "",
        pgettext("crib score", "total: %(total)d", total=result.total),
        pgettext("crib score", "said: %(spoken)s", spoken=spoken),
    ]
    return "\n".join(lines)


def check_shown_size(cards: tuple[Card, ...], *, crib: bool) -> None:
    """Refuse, in the current language, a hand or crib of a size no game shows (:data:`SHOWN_SIZES`).

    >>> check_shown_size(parse_cards("5H 5D 5S JC 2C 3C"), crib=False)
    Traceback (most recent call last):
    ...
    ValueError: a hand has 3, 4 or 5 cards besides the starter, not 6
    """
    sizes = SHOWN_SIZES[crib]
    if len(cards) in sizes:
        return
    # "3, 4 or 5" in the words the drills list choices with (trainer.drills.explain loads numpy: not here)
    *rest, last = (str(size) for size in sizes)
    listed = gettext("%(items)s or %(last)s", items=", ".join(rest), last=last) if rest else last
    if crib:
        raise ValueError(pgettext("crib score", "a crib has %(sizes)s cards besides the starter, not %(num)d",
                                  sizes=listed, num=len(cards)))
    raise ValueError(pgettext("crib score", "a hand has %(sizes)s cards besides the starter, not %(num)d",
                              sizes=listed, num=len(cards)))


def run_score(args: argparse.Namespace) -> int:
    with i18n.language(args.lang):
        check_shown_size(parse_cards(args.hand), crib=args.crib)
    result = score_show(args.hand, Card.parse(args.starter), crib=args.crib)
    spoken = spoken_count(result.items, args.lang)
    data = {**result.to_dict(), "spoken": spoken, "lang": args.lang} if args.json else result
    with i18n.language(args.lang):
        emit(data, args.json, lambda shown: _render_score(shown, spoken))
    return 0


def _render_peg(result: PlayScore) -> str:
    rows = [(item.name, " ".join(c.pretty for c in item.cards), item.points) for item in result.items]
    lines = [
        f"pile: {' '.join(c.pretty for c in result.pile)}   count: {result.count}",
        "",
        table(rows, ["for", "cards", "points"], "llr") if rows else "no points for that card",
        "",
        f"points: {result.points}",
    ]
    return "\n".join(lines)


def run_peg(args: argparse.Namespace) -> int:
    if not parse_cards(args.pile):  # the engine counts an empty pile as 0, but there is no card to score
        raise ValueError(pgettext("crib peg", "the pile is empty: give the cards played since the count began, "
                                              "the card to score last"))
    result = score_play(args.pile)
    emit(result.to_dict() if args.json else result, args.json, _render_peg)
    return 0


def run_stats(args: argparse.Namespace) -> int:
    from engine.analysis.stats import score_distribution

    dist = score_distribution(crib=args.crib)
    data = {
        "counts": list(dist.counts),
        "total": dist.total,
        "mean": round(dist.mean, 6),
        "seconds": round(dist.seconds, 3),
    }

    def render(d: dict[str, Any]) -> str:
        rows = [(score, n, f"{100 * n / d['total']:.4f}%") for score, n in enumerate(d["counts"])]
        kind = "cribs" if args.crib else "hands"
        return "\n".join(
            [
                f"Scores of all {d['total']:,} {kind} (four cards and a starter)",
                "",
                table(rows, ["score", "hands", "share"], "rrr"),
                "",
                f"mean: {d['mean']:.6f}   computed in {d['seconds']:.3f} s",
            ]
        )

    emit(data, args.json, render)
    return 0
