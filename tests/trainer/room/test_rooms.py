"""The playroom's rooms through their service (trainer.room.rooms): each refusal
is data (a RoomRefusal), seats are taken in order, a kept seat waits for its
learner, and the start seats each person where the room had them, with the
room's live key on the game."""

from __future__ import annotations

import pytest

from engine.bots.levels import Level
from engine.rules import Counting
from trainer import database
from trainer.database import db
from trainer.play import choices
from trainer.play.models import GameSeat, SavedGame
from trainer.record import learners
from trainer.room import rooms
from trainer.room.models import Room, RoomSeat


def people(*names: str) -> list[int]:
    ids = [learners.learner_by_name(name, create=True).id for name in names]
    database.commit()
    return ids


def refused(reason: rooms.RoomRefusal, action, *args) -> None:
    with pytest.raises(rooms.RoomError) as error:
        action(*args)
    assert error.value.reason is reason and str(error.value)


def test_a_room_refuses_with_its_reason_and_starts_with_everyone_in_their_seat(app):
    with app.app_context():
        ann, bob, carl, dave = people("Ann", "Bob", "Carl", "Dave")
        room_id = rooms.open_room(ann, choices.GameSetup(variant="three-player", counting=Counting.STRICT_MUGGINS))
        token = rooms.room_view(ann, room_id).token
        assert rooms.room_view(bob, room_id) is None  # not at the table: nothing to see
        refused(rooms.RoomRefusal.NO_SUCH_LINK, rooms.join, bob, "x" * 32)
        rooms.keep_seat(ann, room_id, "Dave")
        assert rooms.join(bob, token) == room_id
        assert rooms.room_view(bob, room_id).token is None  # the link is the host's to send
        refused(rooms.RoomRefusal.FULL, rooms.join, carl, token)  # the last seat is kept for Dave
        refused(rooms.RoomRefusal.NOT_HOST, rooms.start, bob, room_id)
        refused(rooms.RoomRefusal.NOT_READY, rooms.start, ann, room_id)
        refused(rooms.RoomRefusal.NO_FREE_SEAT, rooms.fill_with_bots, ann, room_id, Level.EASY)
        assert [seat.kept_for for seat in rooms.room_view(ann, room_id).seats] == ["", "Dave", ""]
        rooms.take_off(ann, room_id, 2)  # Bob's: the first seat was kept for Dave
        refused(rooms.RoomRefusal.REMOVED, rooms.join, bob, token)
        assert rooms.join(dave, token) == room_id
        assert [seat.name for seat in rooms.room_view(ann, room_id).seats] == ["Ann", "Dave", ""]
        assert rooms.fill_with_bots(ann, room_id, Level.HARD) == 1
        game_id = rooms.start(ann, room_id, seed=3)
        assert rooms.start(ann, room_id, seed=3) == game_id  # a second press: the same game
        refused(rooms.RoomRefusal.STARTED, rooms.join, carl, token)
        seats = db.session.scalars(db.select(GameSeat).where(GameSeat.game_id == game_id)
                                   .order_by(GameSeat.seat)).all()
        assert [(s.learner_id, s.bot_level) for s in seats] == [(ann, None), (dave, None), (None, "hard")]
        row = db.session.get(SavedGame, game_id)
        assert row.live_key == db.session.get(Room, room_id).live_key and row.counting == "strict muggins"


def test_in_a_game_of_teams_the_host_keeps_their_partners_seat_and_every_seat_shows_its_team(app):
    with app.app_context():
        ann, bob, carl, dave = people("Ann", "Bob", "Carl", "Dave")
        room_id = rooms.open_room(ann, choices.GameSetup(variant="four-player"))
        view = rooms.room_view(ann, room_id)
        assert [seat.team for seat in view.seats] == [1, 2, 1, 2] and view.my_team == 1
        assert [seat.seat for seat in view.keepable] == [1, 2, 3]
        rooms.keep_seat(ann, room_id, "Bob", seat=1)
        rooms.keep_seat(ann, room_id, "Bob", seat=2)  # moved opposite Ann: her partner
        assert [seat.kept_for for seat in rooms.room_view(ann, room_id).seats] == ["", "", "Bob", ""]
        refused(rooms.RoomRefusal.SEAT_NOT_FREE, rooms.keep_seat, ann, room_id, "Carl", 2)
        refused(rooms.RoomRefusal.SEAT_NOT_FREE, rooms.keep_seat, ann, room_id, "Carl", 0)  # the host's own
        token = view.token
        assert rooms.join(carl, token) == rooms.join(dave, token) == rooms.join(bob, token) == room_id
        seated = {seat.name: seat.team for seat in rooms.room_view(bob, room_id).seats}
        assert seated == {"Ann": 1, "Carl": 2, "Bob": 1, "Dave": 2}
        assert rooms.room_view(bob, room_id).my_team == 1
        game = rooms.start(ann, room_id, seed=3)
        rules = choices.GameSetup(variant="four-player").rules()
        by_learner = {s.learner_id: s.seat for s in db.session.scalars(db.select(GameSeat).where(
            GameSeat.game_id == game))}
        assert rules.side_of(by_learner[ann]) == rules.side_of(by_learner[bob]) != rules.side_of(by_learner[carl])


def test_each_for_themselves_no_seat_has_a_team(app):
    with app.app_context():
        (ann,) = people("Ann")
        room_id = rooms.open_room(ann, choices.GameSetup(variant="three-player"))
        view = rooms.room_view(ann, room_id)
        assert [seat.team for seat in view.seats] == [None, None, None] and view.my_team is None


def test_a_person_leaves_a_gathering_table_and_the_host_closes_one(app):
    with app.app_context():
        ann, bob, carl = people("Ann", "Bob", "Carl")
        room_id = rooms.open_room(ann, choices.GameSetup(variant="three-player"))
        token = rooms.room_view(ann, room_id).token
        assert rooms.join(bob, token) == room_id
        refused(rooms.RoomRefusal.HOST_STAYS, rooms.leave, ann, room_id)
        with pytest.raises(rooms.NoSuchRoom):
            rooms.leave(carl, room_id)  # no seat of his there
        version = rooms.room_view(ann, room_id).version
        rooms.leave(bob, room_id)
        view = rooms.room_view(ann, room_id)
        assert view.version == version + 1 and [seat.name for seat in view.seats] == ["Ann", "", ""]
        assert rooms.room_view(bob, room_id) is None
        assert rooms.join(bob, token) == room_id  # left, not taken off: the link seats him again
        refused(rooms.RoomRefusal.NOT_HOST, rooms.close, bob, room_id)
        rooms.close(ann, room_id)
        assert rooms.room_view(ann, room_id) is None and rooms.room_view(bob, room_id) is None
        refused(rooms.RoomRefusal.NO_SUCH_LINK, rooms.join, carl, token)
        assert db.session.scalar(db.select(db.func.count()).select_from(RoomSeat)) == 0
        for _ in range(rooms.MAX_GATHERING):  # a closed table no longer counts against the host's limit
            rooms.open_room(ann, choices.GameSetup())


def test_revoking_the_link_gives_the_room_a_new_one(app):
    with app.app_context():
        ann, bob = people("Ann", "Bob")
        room_id = rooms.open_room(ann, choices.GameSetup())
        old = rooms.room_view(ann, room_id).token
        new = rooms.revoke(ann, room_id)
        assert new != old and len(new) >= 32
        refused(rooms.RoomRefusal.NO_SUCH_LINK, rooms.join, bob, old)
        refused(rooms.RoomRefusal.NOT_HOST, rooms.revoke, bob, room_id)
        assert rooms.join(bob, new) == room_id
