"""``crib pegging``: replay one deal's play and show every count, go and point.

    crib pegging "6D 10D 8H 5H" "8D 10C 9H QD" --order "10D 10C 6D 5H 8D 8H 9H QD"

An order the rules forbid (a card out of turn, a card that passes 31, a player
skipped who could play) is refused with the rule named, exit status 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.cards import DECK, Rank, format_cards, parse_cards
from engine.errors import Breach, IllegalActionError, Refusal
from engine.events import CountReset, Event, Go, Played, PlayEnded, Points
from engine.game import Game
from engine.rules import STANDARD
from trainer.cli import emit, table

DEALER, PONE = 0, 1
ROLE = {DEALER: "dealer", PONE: "pone"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("pegging", help="replay one deal's play: counts, go, every point and its reason")
    parser.add_argument("pone", metavar="PONE_CARDS", help='the pone\'s four cards, e.g. "6D 10D 8H 5H"')
    parser.add_argument("dealer", metavar="DEALER_CARDS", help="the dealer's four cards")
    parser.add_argument("--order", required=True, help="the cards in the order played (the pone leads)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run_pegging)


def replay_play(pone: str, dealer: str, order: str) -> Game:
    """A standard game set up with these kept hands, with ``order`` played out;
    a ``ValueError`` in the command's words for an order the engine refuses.

    >>> game = replay_play("10H 5C KD 4H", "KS 6H QH 7S", "10H KS 5C 6H")
    >>> game.scores, game.to_play
    ((2, 0), 1)
    """
    hands = {PONE: parse_cards(pone, allow_duplicates=True), DEALER: parse_cards(dealer, allow_duplicates=True)}
    # A starter that is no jack, so the dealer pegs nothing before the play.
    starter = next(c for c in DECK if c not in hands[PONE] + hands[DEALER] and c.rank is not Rank.JACK)
    try:
        game = Game.from_hands(STANDARD, [hands[DEALER], hands[PONE]], dealer=DEALER, starter=starter)
    except IllegalActionError as error:
        raise ValueError(f"the hands: {_hands_refused(error.refusal)}") from None
    for card in parse_cards(order, allow_duplicates=True):
        owner = next((seat for seat, held in hands.items() if card in held), None)
        try:
            game.play(PONE if owner is None else owner, card)  # a card of neither hand: the engine says so
        except IllegalActionError as error:
            raise ValueError(f"playing {card}: {_play_refused(game, error.refusal, owner)}") from None
    return game


def _hands_refused(refusal: Refusal) -> str:
    if refusal.breach is Breach.CARD_TWICE:
        return f"{refusal['card']} cannot be in both hands: one deck"
    return f"each player plays {STANDARD.kept} cards"


def _play_refused(game: Game, refusal: Refusal, owner: int | None) -> str:
    """The engine's refusal of a card, with the seats named by their roles."""
    match refusal.breach:
        case Breach.NOT_IN_HAND if owner is None:
            return f"{refusal['card']} is in neither hand"
        case Breach.NOT_IN_HAND:
            return f"{refusal['card']} was played already: each card is played once"
        case Breach.NOT_YOUR_TURN:
            mover = ROLE[refusal["turn"]]
            could = format_cards(game.legal_plays(refusal["turn"]))
            return f"out of turn: it is the {mover}'s turn, and a player who can play must play (the {mover} can play {could})"
        case Breach.PASSES_31:
            return f"the count may not pass 31 (it would be {refusal['count']}): the {ROLE[owner or 0]} must say go"
        case Breach.NOT_NOW:
            return "the play is over: every card that could be played has been"
    return str(refusal)


def _play_events(game: Game) -> list[Event]:
    start = next((i for i, e in enumerate(game.log) if isinstance(e, Played)), len(game.log))
    return [e for e in game.log[start:] if isinstance(e, (Played, Points, Go, CountReset, PlayEnded))]


def _event_dict(event: Event) -> dict[str, Any]:
    data = event.to_dict()
    for key in ("player", "next_player"):
        if key in data:
            data[key] = ROLE[data[key]]
    return data


def _summary(game: Game) -> dict[str, Any]:
    events = _play_events(game)
    points = {"pone": 0, "dealer": 0}
    for event in events:
        if isinstance(event, Points):
            points[ROLE[event.player]] += event.points
    return {"events": [_event_dict(e) for e in events], "points": points}


def _render(game: Game) -> str:
    rows: list[tuple[str, str, int | str, int | str]] = []
    for event in _play_events(game):
        if isinstance(event, Played):
            rows.append((ROLE[event.player], f"plays {event.card.pretty}", event.count, ""))
        elif isinstance(event, Points):
            rows.append((ROLE[event.player], f"{event.reason} {' '.join(c.pretty for c in event.cards)}", "", event.points))
        elif isinstance(event, Go):
            rows.append((ROLE[event.player], "go", event.count, ""))
        elif isinstance(event, CountReset):
            rows.append(("", f"count starts again; {ROLE[event.next_player]} leads", 0, ""))
        elif isinstance(event, PlayEnded):
            rows.append(("", "the play is over", "", ""))
    totals = _summary(game)["points"]
    lines = [
        table(rows, ["player", "", "count", "points"], "llrr") if rows else "no cards played",
        "",
        f"points: pone {totals['pone']}, dealer {totals['dealer']}",
    ]
    return "\n".join(lines)


def run_pegging(args: argparse.Namespace) -> int:
    game = replay_play(args.pone, args.dealer, args.order)
    emit(_summary(game) if args.json else game, args.json, _render)
    return 0
