"""The learner's record against each person they played at the playroom's tables
(trainer.room.opponents): games finished together, won and lost as each seat's
stored result says, and the average scores; games against bots, unfinished games
and games the learner did not sit at are left out."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from trainer import database
from trainer.database import db
from trainer.play.models import GameSeat, SavedGame
from trainer.record import learners
from trainer.room.opponents import opponents


def people(*names: str) -> list[int]:
    ids = [learners.learner_by_name(name, create=True).id for name in names]
    database.commit()
    return ids


def played(host: int, seats: list[tuple[int | None, bool, int]], *, live: bool = True, finished: bool = True) -> None:
    """A saved game with these seats (learner or None for a bot, won, score), its result as
    trainer.play.games writes it at the end."""
    row = SavedGame(host_id=host, level="easy", variant="six-card" if len(seats) == 2 else "three-player",
                    target=61, counting="automatic", state="{}", finished=finished,
                    live_key="k" * 43 if live else None)
    db.session.add(row)
    db.session.flush()
    for number, (learner_id, won, score) in enumerate(seats):
        db.session.add(GameSeat(game_id=row.id, seat=number, learner_id=learner_id,
                                bot_level=None if learner_id is not None else "easy",
                                won=won if finished else None, score=score, others_score=0))
    db.session.commit()


def test_each_person_played_is_counted_from_the_stored_results(app):
    with app.app_context():
        ann, bob, carl, dave = people("Ann", "Bob", "Carl", "Dave")
        played(ann, [(ann, True, 61), (bob, False, 40)])
        played(bob, [(bob, True, 61), (ann, False, 50)])
        played(ann, [(ann, True, 61), (bob, False, 30)])
        played(ann, [(ann, False, 45), (carl, True, 61), (None, False, 20)])  # three players, one a bot
        played(ann, [(ann, True, 61), (None, False, 10)], live=False)  # against a bot: no person
        played(ann, [(ann, False, 0), (dave, False, 0)], finished=False)  # not over: not counted
        played(bob, [(bob, True, 61), (carl, False, 12)])  # Ann was not there
        record = opponents(ann)
        assert [(o.learner_id, o.name, o.games, o.won, o.lost) for o in record] == [
            (bob, "Bob", 3, 2, 1), (carl, "Carl", 1, 0, 1)]
        assert [(o.average_points, o.their_average_points) for o in record] == [
            (pytest.approx((61 + 50 + 61) / 3), pytest.approx((40 + 61 + 30) / 3)), (45.0, 61.0)]
        assert [(o.name, o.games, o.won, o.lost) for o in opponents(bob)] == [("Ann", 3, 1, 2), ("Carl", 1, 1, 0)]
        assert opponents(dave) == ()


def test_one_query_whatever_the_number_of_games(app):
    with app.app_context():
        ann, bob = people("Ann", "Bob")
        for number in range(12):
            played(ann, [(ann, number % 3 == 0, 61), (bob, number % 3 != 0, 50)])
        statements = []
        engine = db.engine

        def count(*_args) -> None:
            statements.append(1)

        event.listen(engine, "before_cursor_execute", count)
        try:
            record = opponents(ann)
        finally:
            event.remove(engine, "before_cursor_execute", count)
        assert len(statements) == 1
        assert [(o.games, o.won, o.lost) for o in record] == [(12, 4, 8)]
