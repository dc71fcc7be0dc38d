"""The people a learner has played at the playroom's tables, and how it went (issue 22 §8).

For each other person who sat at one of the learner's finished games of people
(a game with a live key), the games finished together, how many the learner's
side won and lost, and each one's average score.  The result is the one each
seat kept when the game ended (:class:`~trainer.play.models.GameSeat` ``won``
and ``score``, written once by :mod:`trainer.play.games`): read, never worked
out again, in one grouped query whatever the number of games.  With partners
(four or six players) a person may have sat on the learner's side: the wins
and losses are always the learner's side's.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, func, select
from sqlalchemy.orm import aliased

from trainer.database import db
from trainer.play.models import GameSeat, SavedGame
from trainer.record.models import Learner


@dataclass(frozen=True, slots=True)
class Opponent:
    """Another person the learner played at the playroom's tables, and the games they finished together."""

    learner_id: int
    name: str
    games: int
    won: int
    lost: int
    #: The learner's side's average score in those games, and the other person's side's.
    average_points: float
    their_average_points: float


def opponents(learner_id: int) -> tuple[Opponent, ...]:
    """Every other person who sat at the learner's finished playroom games, the most played first."""
    mine = aliased(GameSeat)
    theirs = aliased(GameSeat)
    games = func.count(mine.game_id)
    rows = db.session.execute(
        select(
            theirs.learner_id, Learner.name, games,
            func.coalesce(func.sum(case((mine.won.is_(True), 1), else_=0)), 0),
            func.coalesce(func.sum(case((mine.won.is_(False), 1), else_=0)), 0),
            func.avg(mine.score), func.avg(theirs.score),
        )
        .select_from(mine)
        .join(SavedGame, SavedGame.id == mine.game_id)
        .join(theirs, (theirs.game_id == mine.game_id) & (theirs.seat != mine.seat))
        .join(Learner, Learner.id == theirs.learner_id)
        .where(mine.learner_id == learner_id, theirs.learner_id != learner_id,
               SavedGame.live_key.is_not(None), SavedGame.finished.is_(True))
        .group_by(theirs.learner_id, Learner.name)
        .order_by(games.desc(), Learner.name)
    ).all()
    return tuple(Opponent(other, name, count, int(won), int(lost), float(average or 0), float(their or 0))
                 for other, name, count, won, lost, average, their in rows)
