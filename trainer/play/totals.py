"""Where a game's points came from: pegging, hands, cribs and muggins, per seat
and per side, folded from the game's log.  The results add them up for the
page; :mod:`trainer.play.games` keeps each person's own when the game ends,
for the long-term statistics (:mod:`trainer.play.results`), so no page folds
a finished game again to draw them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence

from engine.events import Award, Dealt, Event, Points, Shown
from engine.rules import Rules
from engine.scoring import ScoreKind


class Source(StrEnum):
    """Where points came from, as the results add them up."""

    PEGGING = "pegging"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"


@dataclass(frozen=True, slots=True)
class SideTotals:
    pegging: int
    hand: int
    crib: int
    muggins: int

    @property
    def total(self) -> int:
        return self.pegging + self.hand + self.crib + self.muggins


def seat_totals(rules: Rules, log: Sequence[Event]) -> tuple[SideTotals, ...]:
    """Where each seat's points came from (in the engine's order of seats):
    pegging (the play, go, his heels, the five-card start), hands, cribs, muggins.

    >>> from engine.rules import STANDARD
    >>> from engine.cards import parse_cards
    >>> log = [Points(0, ScoreKind.PAIR, parse_cards("5H 5D"), 2), Shown(1, (), None, True),
    ...        Points(1, ScoreKind.FIFTEEN, (), 2), Points(0, Award.MUGGINS, (), 1)]
    >>> seat_totals(STANDARD, log)
    (SideTotals(pegging=2, hand=0, crib=0, muggins=1), SideTotals(pegging=0, hand=0, crib=2, muggins=0))
    """
    sums = [{source: 0 for source in Source} for _ in range(rules.players)]
    where = Source.PEGGING
    for event in log:
        match event:
            case Dealt():
                where = Source.PEGGING
            case Shown(is_crib=crib):
                where = Source.CRIB if crib else Source.HAND
            case Points(player=player, reason=reason, points=points):
                if reason is Award.MUGGINS:
                    source = Source.MUGGINS
                elif where is not Source.PEGGING and reason is not Award.CLAIM and not isinstance(reason, ScoreKind):
                    source = Source.PEGGING  # neither a combination of the show nor a claim for it
                else:
                    source = where
                sums[player][source] += points
    return tuple(SideTotals(*(seat[source] for source in Source)) for seat in sums)


def side_totals(rules: Rules, log: Sequence[Event]) -> tuple[SideTotals, ...]:
    """Where each side's points came from (in the engine's order of sides): its seats' added up.

    >>> from engine.rules import FOUR_PLAYER
    >>> side_totals(FOUR_PLAYER, [Points(0, ScoreKind.PAIR, (), 2), Points(2, ScoreKind.GO, (), 1)])[0]
    SideTotals(pegging=3, hand=0, crib=0, muggins=0)
    """
    seats = seat_totals(rules, log)
    return tuple(
        SideTotals(*(sum(getattr(seats[seat], source.value) for seat in range(rules.players)
                         if rules.side_of(seat) == side) for source in Source))
        for side in range(rules.sides)
    )
