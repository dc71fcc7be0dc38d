"""A check-up answer's score: the points it leaves on the table, by the drills'
one grading standard (:mod:`trainer.drills.grading`'s ``judge_*``).

* a count (hand or crib): the points missed or over-counted, ``|answered - true|``;
* a pegging moment: ``|answered - true|`` points for the card just played;
* a discard: the expected points it gives away against the best (the drill's ``given_away``);
* a best card: the expected net points it gives away against the best (likewise).

:func:`truth` gives what a simulated learner needs to answer: a count's or a
pegging moment's items (combo type, cards, points), a discard's or a best
card's every legal choice with its loss.

>>> from trainer.checkup.bank import checkup_set
>>> hand = checkup_set(0)[0]
>>> right = truth(hand).total
>>> points_left(hand, Total(right)), points_left(hand, Total(right + 3)), points_left(hand, Total(right - 2))
(0.0, 3.0, 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from trainer.checkup.bank import CheckupDeal
from trainer.drills.answers import BestCard, DrillAnswer, LaidAway, PegPoints, Total
from trainer.drills.checking import PEG_TYPES, combos_of
from trainer.drills.deal import BestPlayQuestion, DiscardDeal, PeggingMoment, ShowDeal
from trainer.drills.grading import (
    best_play_options,
    discard_given_away,
    judge_best_play,
    judge_discard,
    judge_pegging,
    judge_show,
    play_given_away,
)
from trainer.rating.skills import Deal
from trainer.record.combos import ComboType


@dataclass(frozen=True)
class TruthItem:
    """One combination to count: its combo type, its cards and its points."""

    type: ComboType
    cards: tuple[Card, ...]
    points: int

    @property
    def name(self) -> str:
        """The combo type's name (``'fifteen of 2 cards'``, ``'pegging: go'``)."""
        return self.type.value


@dataclass(frozen=True)
class Choice:
    """One legal answer to a discard (the two cards laid away) or a best card (the
    card, alone), and the expected points it loses against the best."""

    cards: tuple[Card, ...]
    loss: float


@dataclass(frozen=True)
class Truth:
    """What a deal's right answer is made of: ``items`` for a count or a pegging
    moment (``choices`` empty), ``choices``, best first, for a discard or a best
    card (``items`` empty)."""

    items: tuple[TruthItem, ...] = ()
    choices: tuple[Choice, ...] = ()

    @property
    def total(self) -> int:
        """The points to count (0 for a discard or a best card)."""
        return sum(item.points for item in self.items)

    @property
    def best(self) -> Choice | None:
        """The best choice (None for a count or a pegging moment)."""
        return self.choices[0] if self.choices else None


def truth(item: CheckupDeal) -> Truth:
    """The right answer to a bank deal (:func:`truth_of`)."""
    return truth_of(item.deal)


def truth_of(deal: Deal) -> Truth:
    """The right answer to any drill's deal, itemised (a count, a pegging moment) or
    as every legal choice with its loss (a discard, a best card)."""
    if isinstance(deal, ShowDeal):
        return Truth(items=tuple(TruthItem(c.type, c.cards, c.points) for c in combos_of(deal.score())))
    if isinstance(deal, PeggingMoment):
        items = judge_pegging(deal, PegPoints(0, 0)).items
        return Truth(items=tuple(TruthItem(PEG_TYPES[i.kind], i.cards, i.points) for i in items))
    if isinstance(deal, DiscardDeal):
        options = judge_discard(deal, LaidAway(deal.cards[:2])).options
        return Truth(choices=tuple(Choice(o.discard, discard_given_away(options, o.discard)) for o in options))
    plays = best_play_options(deal)
    return Truth(choices=tuple(Choice((o.card,), play_given_away(plays, o.card)) for o in plays))


def points_left(item: CheckupDeal, answer: DrillAnswer) -> float:
    """The points ``answer`` leaves on the table on a bank deal (0: right).
    ``TypeError`` for an answer of another drill; ``ValueError`` for one the deal
    does not allow (cards not among the six, a card that may not be played)."""
    deal = item.deal
    match deal, answer:
        case ShowDeal(), Total():
            return float(abs(judge_show(deal, answer).diff))
        case PeggingMoment(), PegPoints():
            return float(abs(answer.points - judge_pegging(deal, answer).expected_points))
        case DiscardDeal(), LaidAway():
            return judge_discard(deal, answer).given_away
        case BestPlayQuestion(), BestCard():
            return judge_best_play(deal, answer).given_away
    raise TypeError(f"{type(answer).__name__} does not answer a {item.kind} deal")
