"""``crib pegging``: replay one deal's play and show every count, go and point.

    crib pegging "6D 10D 8H 5H" "8D 10C 9H QD" --order "10D 10C 6D 5H 8D 8H 9H QD"

An order the rules forbid (a card out of turn, a card that passes 31, a player
skipped who could play) is refused with the rule named, exit status 2.
"""

from __future__ import annotations

import argparse

from engine.cards import DECK, Card, Rank, format_cards, parse_cards
from engine.errors import IllegalActionError
from engine.events import CountReset, Event, Go, Played, PlayEnded, Points
from engine.game import Game
from engine.pegging import MAX_COUNT
from engine.rules import STANDARD
from trainer.cli import emit, table

DEALER, PONE = 0, 1
ROLE = {DEALER: "dealer", PONE: "pone"}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("pegging", help="replay one deal's play: counts, go, every point and its reason")
    parser.add_argument("pone", metavar="PONE_CARDS", help='the pone\'s four cards, e.g. "6D 10D 8H 5H"')
    parser.add_argument("dealer", metavar="DEALER_CARDS", help="the dealer's four cards")
    parser.add_argument("--order", required=True, help="the cards in the order played (the pone leads)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run_pegging)


def replay_play(pone: str, dealer: str, order: str) -> Game:
    """A standard game set up with these kept hands, with ``order`` played out.

    >>> game = replay_play("10H 5C KD 4H", "KS 6H QH 7S", "10H KS 5C 6H")
    >>> game.scores, game.to_play
    ((2, 0), 1)
    """
    pone_cards, dealer_cards = parse_cards(pone), parse_cards(dealer)
    for role, cards in (("pone", pone_cards), ("dealer", dealer_cards)):
        if len(cards) != STANDARD.kept:
            raise IllegalActionError(f"the {role}'s hand", f"each player plays {STANDARD.kept} cards")
    both = set(pone_cards) | set(dealer_cards)
    if len(both) != 2 * STANDARD.kept:
        shared = sorted(set(pone_cards) & set(dealer_cards))
        raise IllegalActionError("the hands", f"{format_cards(shared)} cannot be in both hands: one deck")
    # A starter that is no jack, so the dealer pegs nothing before the play.
    starter = next(c for c in DECK if c not in both and c.rank is not Rank.JACK)
    game = Game.from_hands(STANDARD, [dealer_cards, pone_cards], dealer=DEALER, starter=starter)
    for card in parse_cards(order):
        _play(game, card, pone_cards, dealer_cards)
    return game


def _play(game: Game, card: Card, pone_cards, dealer_cards) -> None:
    owner = PONE if card in pone_cards else DEALER if card in dealer_cards else None
    action = f"playing {card}"
    if owner is None:
        raise IllegalActionError(action, f"{card} is in neither hand")
    if card not in game.in_hand[owner]:
        raise IllegalActionError(action, f"{card} was played already: each card is played once")
    if game.to_play is None:
        raise IllegalActionError(action, "the play is over: every card that could be played has been")
    if owner != game.to_play:
        mover = ROLE[game.to_play]
        could = format_cards(game.legal_plays(game.to_play))
        raise IllegalActionError(
            action,
            f"out of turn: it is the {mover}'s turn, and a player who can play must play "
            f"(the {mover} can play {could})",
        )
    count = game.count + card.value
    if count > MAX_COUNT:
        raise IllegalActionError(action, f"the count may not pass 31 (it would be {count}): the {ROLE[owner]} must say go")
    game.play(owner, card)


def _play_events(game: Game) -> list[Event]:
    start = next((i for i, e in enumerate(game.log) if isinstance(e, Played)), len(game.log))
    return [e for e in game.log[start:] if isinstance(e, (Played, Points, Go, CountReset, PlayEnded))]


def _event_dict(event: Event) -> dict:
    data = event.to_dict()
    for key in ("player", "next_player"):
        if key in data:
            data[key] = ROLE[data[key]]
    return data


def _summary(game: Game) -> dict:
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
