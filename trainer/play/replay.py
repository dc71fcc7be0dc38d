"""After the game: a replay of every deal with every seat's cards (issue 22 §8).

Once a game is over, everyone who sat at it may see each deal whole: who
dealt, every seat's cards as dealt and what each kept and laid away, the
crib, the starter, the play card by card with the count and the points
pegged, each hand and crib as claimed and as truly counted (under muggins),
and the scores after the deal.  All of it is read from the engine's whole log
(:attr:`engine.game.Game.log`): the points are the log's
:class:`~engine.events.Points`, the true counts its
:class:`~engine.events.TrueCount`; nothing is counted again here.

While the game lasts there is no replay (:func:`game_replay` returns None):
the other seats' cards stay hidden until the end.  Seats are named from the
viewer's chair (:class:`trainer.play.seats.Seating`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Sequence

from engine.cards import Card
from engine.events import (
    Claimed,
    Counted,
    CountReset,
    Dealt,
    Discarded,
    Event,
    GameOver,
    Go,
    Played,
    PlayEnded,
    Points,
    Shown,
    StarterCut,
    TrueCount,
)
from engine.rules import Rules
from trainer.play.games import finished_game
from trainer.play.seats import Seating
from trainer.play.table import points_text


@dataclass(frozen=True, slots=True)
class Pegged:
    """Points pegged: by whom (named from the viewer's chair), how many, what for (in words)."""

    who: str
    points: int
    reason: str


class Step(StrEnum):
    """One line of the play: a card laid, a go said, the count going back to zero."""

    CARD = "card"
    GO = "go"
    RESET = "reset"


@dataclass(frozen=True, slots=True)
class PlayStep:
    """A card laid (or a go, or the count reset), the count after it and the points it pegged."""

    step: Step
    who: str
    card: Card | None
    count: int
    pegged: tuple[Pegged, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One seat's cards in a deal: as dealt, kept and laid away to the crib."""

    seat: int
    who: str
    dealt: tuple[Card, ...]
    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ShowCount:
    """A hand or crib in the show: the points its owner pegged for it, the claim
    and the true count (under muggins), and any points others took by muggins.
    ``true`` is None where the log holds no true count: the game ended during it."""

    seat: int
    who: str
    crib: bool
    cards: tuple[Card, ...]
    starter: Card | None
    pegged: int
    claimed: int | None
    true: int | None
    taken: tuple[Pegged, ...] = ()
    #: The game ended on a point of this count.
    ended: bool = False


@dataclass(frozen=True, slots=True)
class DealReplay:
    """One deal, every seat's cards shown, and the scores after it (each side's name and score, the viewer's first)."""

    number: int
    #: Who dealt, as named inside a sentence ("the bot", "Bob"), and whether it was the viewer.
    dealer: str
    dealer_seat: int
    you_dealt: bool
    hands: tuple[SeatHand, ...]
    crib: tuple[Card, ...]
    starter: Card | None
    #: Points pegged outside the play and the show: his heels, the five-card start.
    extra: tuple[Pegged, ...]
    plays: tuple[PlayStep, ...]
    counts: tuple[ShowCount, ...]
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class GameReplay:
    """Every deal of a finished game, for one of the people who sat at it."""

    game_id: int
    deals: tuple[DealReplay, ...]
    muggins: bool
    #: The host gave the learner's seat to a bot before the end: the results are not theirs.
    left: bool = False


def game_replay(learner_id: int, game_id: object) -> GameReplay | None:
    """Every deal of a finished game with every seat's cards, from the learner's chair
    (the one they left, if the host gave it to a bot).  None while the game lasts;
    :class:`~trainer.play.games.NotSeated` when the learner never sat in it."""
    seated = finished_game(learner_id, game_id, former=True)
    if seated is None:
        return None
    rules = seated.game.rules
    return GameReplay(seated.row.id, replay_deals(rules, seated.seating, seated.game.log),
                      rules.counting.is_muggins, left=seated.mine.learner_id != learner_id)


@dataclass(slots=True)
class _Deal:
    """A deal as the log is read (mutable while it is read; frozen into a :class:`DealReplay`)."""

    number: int
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    crib: list[Card]
    discards: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    starter: Card | None = None
    extra: list[Pegged] = field(default_factory=list)
    plays: list[PlayStep] = field(default_factory=list)
    counts: list[ShowCount] = field(default_factory=list)
    in_play: bool = False
    in_show: bool = False


def replay_deals(rules: Rules, seating: Seating, log: Sequence[Event]) -> tuple[DealReplay, ...]:
    """Every deal of a game's whole (unredacted) log, seats named from ``seating``'s
    chair; each point is the log's own."""
    deals: list[DealReplay] = []
    scores = [0] * rules.sides
    deal: _Deal | None = None

    def pegged(event: Points) -> Pegged:
        return Pegged(seating.name(event.player), event.points, points_text(event))

    def close(current: _Deal) -> None:
        deals.append(_frozen(rules, seating, current, scores))

    for event in log:
        if isinstance(event, Dealt):
            if deal is not None:
                close(deal)
            deal = _Deal(event.deal_number, event.dealer, event.hands, list(event.crib))
            continue
        if deal is None:
            continue  # the cut for deal
        match event:
            case Discarded(player=player, cards=cards):
                deal.discards[player] = cards
                deal.crib.extend(cards)
            case StarterCut(starter=starter):
                deal.starter = starter
            case Played(player=player, card=card, count=count):
                deal.in_play = True
                deal.plays.append(PlayStep(Step.CARD, seating.name(player), card, count))
            case Go(player=player, count=count):
                deal.plays.append(PlayStep(Step.GO, seating.name(player), None, count))
            case CountReset(count=count):
                deal.plays.append(PlayStep(Step.RESET, "", None, count))
            case PlayEnded():
                deal.in_play, deal.in_show = False, True
            case Shown(player=player, cards=cards, starter=starter, is_crib=crib):
                deal.in_play, deal.in_show = False, True
                deal.counts.append(ShowCount(player, seating.name(player), crib, cards, starter, 0, None, None))
            case Claimed(what=what, points=points) if what is not Counted.PLAY and deal.counts:
                deal.counts[-1] = replace(deal.counts[-1], claimed=points)
            case TrueCount(what=what, total=total) if what is not Counted.PLAY and deal.counts:
                deal.counts[-1] = replace(deal.counts[-1], true=total)
            case Points(player=player, points=points):
                scores[rules.side_of(player)] += points
                if deal.in_show and deal.counts:
                    shown = deal.counts[-1]
                    if player == shown.seat:
                        deal.counts[-1] = replace(shown, pegged=shown.pegged + points)
                    else:
                        deal.counts[-1] = replace(shown, taken=shown.taken + (pegged(event),))
                elif deal.in_play and deal.plays:
                    last = deal.plays[-1]
                    deal.plays[-1] = replace(last, pegged=last.pegged + (pegged(event),))
                else:
                    deal.extra.append(pegged(event))
            case GameOver():
                if deal.in_show and deal.counts:
                    deal.counts[-1] = replace(deal.counts[-1], ended=True)
    if deal is not None:
        close(deal)
    return tuple(deals)


def _frozen(rules: Rules, seating: Seating, deal: _Deal, scores: Sequence[int]) -> DealReplay:
    """A deal read whole, as its value; under automatic counting a count's true total is
    what its owner pegged for it (the engine pegs every item), unless the game ended during it."""
    seats = [seating.seat_at(place) for place in range(rules.players)]
    hands = []
    for seat in seats:
        dealt = deal.dealt[seat]
        laid = deal.discards.get(seat, ())
        hands.append(SeatHand(seat, seating.name(seat), dealt, tuple(c for c in dealt if c not in laid), laid))
    automatic = not rules.counting.is_muggins
    counts = tuple(replace(c, true=c.pegged) if automatic and not c.ended and c.true is None else c
                   for c in deal.counts)
    names = seating.side_names()
    board = seating.from_my_side([rules.peg_hole(score) for score in scores])
    return DealReplay(deal.number, seating.in_sentence(deal.dealer), deal.dealer, deal.dealer == seating.viewer,
                      tuple(hands), tuple(deal.crib),
                      deal.starter, tuple(deal.extra), tuple(deal.plays), counts, tuple(zip(names, board)))
