"""A match: a series of games in which the loser of each deals first in the next
(RULES.md §2.1), scored in match points by the rules' convention (§3).

>>> from engine.players import RandomPlayer
>>> from engine.rules import SHORT
>>> match = play_match(SHORT, [RandomPlayer(1), RandomPlayer(2)], seed=4, points_to_win=5)
>>> match.is_over, max(match.match_points) >= 5
(True, True)
>>> match.first_dealers[1] == match.loser_of(match.outcomes[0])  # the loser deals first next
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from engine.errors import Breach, IllegalActionError
from engine.events import Dealt
from engine.game import Automation, Game
from engine.players import Player, play_game
from engine.rules import Outcome, Rules

SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The winner of a match and the match points of every side."""

    winner: int
    match_points: tuple[int, ...]
    games: int


def standing(
    outcomes: Sequence[Outcome], sides: int, points_to_win: int
) -> tuple[tuple[int, ...], MatchResult | None]:
    """The match points of every side after these games, in order, and the
    result once a side has won (``points_to_win``, or a game that wins the match
    outright): the one place a match is decided, for a live :class:`Match` and
    for games saved one by one.

    >>> from engine.rules import Outcome, Skunk
    >>> won = Outcome(winner=0, reached=0, scores=(121, 100), skunk=Skunk.NONE, match_points=1)
    >>> standing([won, won], 2, 3)
    ((2, 0), None)
    >>> standing([won, won, won], 2, 3)[1]
    MatchResult(winner=0, match_points=(3, 0), games=3)
    """
    points = [0] * sides
    for outcome in outcomes:
        points[outcome.winner] += outcome.match_points
    for outcome in outcomes:
        if outcome.wins_match:
            return tuple(points), MatchResult(outcome.winner, tuple(points), len(outcomes))
    leaders = [side for side, total in enumerate(points) if total >= points_to_win]
    if leaders:
        return tuple(points), MatchResult(leaders[0], tuple(points), len(outcomes))
    return tuple(points), None


def loser_of(rules: Rules, outcome: Outcome) -> int:
    """The losing side of a game: the other side with two, the lowest score with
    more (ties to the lower side), the side that reached the target in giveaway.

    >>> from engine.rules import Skunk, STANDARD, THREE_PLAYER
    >>> loser_of(THREE_PLAYER, Outcome(1, 1, (40, 61, 52), Skunk.NONE, 1))
    0
    """
    if rules.giveaway:
        return outcome.reached
    others = [side for side in range(len(outcome.scores)) if side != outcome.winner]
    return min(others, key=lambda side: (outcome.scores[side], side))


def next_first_dealer(rules: Rules, outcome: Outcome, first_dealer: int) -> int:
    """Who deals first in the next game of a match, after a game that ended in
    ``outcome`` and was first dealt by ``first_dealer``: a seat of the losing
    side (:func:`loser_of`), the first of them to the left of the last game's
    first dealer, so partners take turns (RULES.md §2.1 says only "the loser";
    the rest is our choice).

    >>> from engine.rules import Skunk, FOUR_PLAYER, STANDARD
    >>> next_first_dealer(STANDARD, Outcome(0, 0, (121, 100), Skunk.NONE, 1), first_dealer=0)
    1
    >>> next_first_dealer(FOUR_PLAYER, Outcome(1, 1, (100, 121), Skunk.NONE, 1), first_dealer=2)
    0
    """
    seats = rules.seats_of(loser_of(rules, outcome))
    return next(
        (first_dealer + step) % rules.players
        for step in range(1, rules.players + 1)
        if (first_dealer + step) % rules.players in seats
    )


class Match:
    """Games played until a side has ``points_to_win`` match points (or a triple
    skunk wins the match outright, under a convention that says so).

    The first game cuts for deal; each later game is dealt first by the loser
    of the one before.  With three players "the loser" is the lowest score;
    with partners it is the seat of the losing side left of the last game's
    first dealer, so both partners take turns.  RULES.md says only "the
    loser", so these choices are ours.
    """

    def __init__(
        self,
        rules: Rules,
        points_to_win: int = 7,
        seed: int | None = None,
        *,
        automate: Automation = Automation.CHANCE,
    ) -> None:
        if points_to_win < 1:
            raise ValueError("a match needs at least one match point to win")
        self.rules = rules
        self.points_to_win = points_to_win
        self.automation = automate
        self._rng = random.Random(seed)
        self.outcomes: list[Outcome] = []
        self.match_points = [0] * rules.sides
        self.first_dealers: list[int | None] = []
        self.game = self._new_game(None)

    def _new_game(self, dealer: int | None) -> Game:
        self.first_dealers.append(dealer)
        return Game(self.rules, self._rng.getrandbits(64), dealer=dealer, automate=self.automation)

    @property
    def result(self) -> MatchResult | None:
        """The winner once the match is over, else None."""
        return standing(self.outcomes, self.rules.sides, self.points_to_win)[1]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def loser_of(self, outcome: Outcome) -> int:
        """The losing side of a game (see :func:`loser_of`)."""
        return loser_of(self.rules, outcome)

    def verify_next_game(self) -> None:
        if not self.game.is_over:
            raise IllegalActionError("next game", Breach.GAME_NOT_OVER)
        if self.is_over:
            raise IllegalActionError("next game", Breach.OVER)

    def can_next_game(self) -> bool:
        try:
            self.verify_next_game()
        except IllegalActionError:
            return False
        return True

    def record(self) -> Outcome:
        """Score the finished current game in match points (once per game)."""
        if not self.game.is_over:
            raise IllegalActionError("recording the game", Breach.GAME_NOT_OVER)
        outcome = self.game.outcome
        assert outcome is not None  # a finished game always has one
        if len(self.outcomes) < len(self.first_dealers):
            self.outcomes.append(outcome)
            self.match_points[outcome.winner] += outcome.match_points
        return outcome

    def next_game(self) -> Game:
        """Record the finished game and start the next, dealt first by its loser."""
        outcome = self.record()
        self.verify_next_game()
        previous = next(event.dealer for event in self.game.log if isinstance(event, Dealt))
        self.game = self._new_game(next_first_dealer(self.rules, outcome, previous))
        return self.game

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self._rng.getstate()
        return {
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "points_to_win": self.points_to_win,
            "automation": self.automation.value,
            "random": [version, list(internal), gauss],
            "outcomes": [o.to_dict() for o in self.outcomes],
            "first_dealers": list(self.first_dealers),
            "game": self.game.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Match":
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"cannot load a saved match of version {data.get('version')!r}")
        match = cls.__new__(cls)
        match.rules = Rules.from_dict(data["rules"])
        match.points_to_win = data["points_to_win"]
        match.automation = Automation(data["automation"])
        match._rng = random.Random()
        version, internal, gauss = data["random"]
        match._rng.setstate((version, tuple(internal), gauss))
        match.outcomes = [Outcome.from_dict(o) for o in data["outcomes"]]
        match.match_points = [0] * match.rules.sides
        for outcome in match.outcomes:
            match.match_points[outcome.winner] += outcome.match_points
        match.first_dealers = list(data["first_dealers"])
        match.game = Game.from_dict(data["game"])
        return match


def play_match(rules: Rules, players: Sequence[Player], seed: int | None = None, points_to_win: int = 7) -> Match:
    """Play a whole match with one :class:`~engine.players.Player` per seat."""
    match = Match(rules, points_to_win, seed)
    while True:
        play_game(rules, players, game=match.game)
        match.record()
        if match.is_over:
            return match
        match.next_game()
