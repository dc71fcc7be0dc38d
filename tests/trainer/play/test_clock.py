"""The host's clock at a table of people (issue 22 §4 and §5, RULES.md §8): a person the
table has waited on past the host's limit is away, and a bot plays for them until they
come back; under muggins the people who may call it have the host's time to do so,
and then the count stands.  Time is given to the service (``now``), never slept."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from engine.bots.levels import Level
from engine.game import Action
from engine.rules import Counting
from tests.trainer.play.test_people import the_move
from trainer import database
from trainer.database import db
from trainer.play import choices, games, moves
from trainer.play.models import GameSeat, SavedGame
from trainer.play.seats import Sitter
from trainer.play.table import DecisionKind
from trainer.record import learners
from trainer.room import rooms

LIVE_KEY = "a-table-of-people-for-the-clock-tests-0000"


def two_people(counting=Counting.AUTOMATIC, clock=choices.TableClock(away_after=60, call_within=20)):
    """Ann and Bob at a table of people with ``clock``; their ids and the game's."""
    ann = learners.learner_by_name("Ann", create=True).id
    bob = learners.learner_by_name("Bob", create=True).id
    database.commit()
    game_id = games.new_game(ann, choices.GameSetup(counting=counting, length="61"), seed=11,
                             sitters=(Sitter.person(ann), Sitter.person(bob)), live_key=LIVE_KEY, clock=clock)
    return ann, bob, game_id


def later(game_id, seconds):
    """The moment ``seconds`` after the table last moved."""
    return db.session.get(SavedGame, game_id).updated_at + timedelta(seconds=seconds)


def seat_of(game_id, learner_id):
    db.session.expire_all()
    return db.session.query(GameSeat).filter_by(game_id=game_id, learner_id=learner_id).one()


@pytest.mark.slow
def test_a_bot_plays_for_a_person_the_table_waited_on_past_the_hosts_limit_until_they_come_back(app):
    with app.app_context():
        ann, bob, game_id = two_people()
        ann_table = games.load_table(ann, game_id)
        games.act(ann, game_id, ann_table.version, the_move(ann_table))  # Ann discards; Bob does not
        assert games.settle_clock(ann, game_id, now=later(game_id, 59)) is False
        assert not seat_of(game_id, bob).away
        assert games.settle_clock(ann, game_id, now=later(game_id, 61)) is True
        assert seat_of(game_id, bob).away
        # The bot discarded for Bob, and the game went on to a decision of Ann's.
        seated = games.finished_game(ann, game_id) or games._load(ann, game_id)
        assert seated.game.kept[1] is not None
        assert seated.game.to_act and all(seat == 0 for seat in seated.game.to_act)
        ann_view, bob_view = games.table_view(ann, game_id), games.table_view(bob, game_id)
        assert ann_view.away == ("Bob",) and not ann_view.you_are_away
        assert bob_view.you_are_away and bob_view.away == ()
        # While Bob is away, each of Ann's moves is answered by the bot at once.
        for _ in range(6):
            table = games.load_table(ann, game_id)
            move = the_move(table)
            if move is None:
                break
            games.act(ann, game_id, table.version, move)
        assert 1 not in games._load(ann, game_id).game.to_act or games._load(ann, game_id).game.is_over
        games.come_back(bob, game_id)
        assert not seat_of(game_id, bob).away
        assert games.table_view(ann, game_id).away == ()


def test_the_clock_waits_on_nobody_while_the_person_it_would_time_is_a_bot_or_the_table_has_no_clock(app):
    with app.app_context():
        ann, bob, game_id = two_people(clock=choices.TableClock(away_after=None, call_within=None))
        assert games.table_view(ann, game_id).live.clock_in is None
        assert games.settle_clock(ann, game_id, now=later(game_id, 86_400)) is False
        assert not seat_of(game_id, bob).away and not seat_of(game_id, ann).away


def test_the_page_is_told_when_the_clock_runs_out(app):
    with app.app_context():
        ann, _bob, game_id = two_people()
        clock_in = games.table_view(ann, game_id).live.clock_in
        assert clock_in is not None and 55 <= clock_in <= 60


@pytest.mark.slow
def test_under_muggins_the_time_to_call_runs_out_and_the_count_stands_without_anyone_being_away(app):
    with app.app_context():
        ann, bob, game_id = two_people(counting=Counting.MUGGINS)
        for _ in range(400):
            seated = games._load(ann, game_id)
            if seated.game.expected is Action.MUGGINS:
                break
            moved = False
            for person in (ann, bob):
                table = games.load_table(person, game_id)
                move = the_move(table)
                if move is not None and not (table.decision and table.decision.kind is DecisionKind.MUGGINS):
                    games.act(person, game_id, table.version, move)
                    moved = True
            assert moved, "nobody could move before a muggins window opened"
        callers = seated.game.to_act
        assert callers and seated.game.muggins_window is not None
        assert games.settle_clock(ann, game_id, now=later(game_id, 19)) is False
        assert games.settle_clock(ann, game_id, now=later(game_id, 21)) is True
        after = games._load(ann, game_id)
        assert after.game.muggins_window is None or after.game.muggins_window != seated.game.muggins_window
        assert not seat_of(game_id, ann).away and not seat_of(game_id, bob).away


def test_a_room_hands_its_hosts_clock_to_the_game_it_becomes(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True).id
        database.commit()
        room_id = rooms.open_room(ann, choices.GameSetup(), choices.TableClock(away_after=300, call_within=None))
        assert rooms.room_view(ann, room_id).clock == choices.TableClock(300, None)
        rooms.fill_with_bots(ann, room_id, Level.EASY)
        game_id = rooms.start(ann, room_id, seed=3)
        row = db.session.get(SavedGame, game_id)
        assert (row.away_after, row.call_within) == (300, None)


def test_a_limit_not_offered_is_refused_in_words():
    assert choices.read_limit("", choices.AWAY_LIMITS, 120) == 120
    assert choices.read_limit("none", choices.CALL_LIMITS, 30) is None
    assert choices.read_limit("300", choices.AWAY_LIMITS, 120) == 300
    with pytest.raises(moves.GameActionError, match="time limits offered"):
        choices.read_limit("7", choices.AWAY_LIMITS, 120)


def test_a_move_is_announced_past_a_phrase_said_by_someone_else_while_it_was_made(app, monkeypatch):
    """A phrase committed by another worker between a move's read and its write: the move's
    announcement is the table's live version after both, not the number the phrase took."""
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            pytest.skip("SQLite runs the two one after the other (each transaction begins immediately)")
        ann, bob, game_id = two_people()
        heard = []
        monkeypatch.setattr(games, "announce", lambda key, version: heard.append(version))
        real_play_until = games.play_until

        def phrase_from_elsewhere(game, players):
            with db.engine.begin() as other:  # another request, in another worker, says a phrase
                other.execute(update(SavedGame).where(SavedGame.id == game_id).values(talk=SavedGame.talk + 1))
            return real_play_until(game, players)

        monkeypatch.setattr(games, "play_until", phrase_from_elsewhere)
        table = games.load_table(ann, game_id)
        games.act(ann, game_id, table.version, the_move(table))
        db.session.expire_all()
        row = db.session.get(SavedGame, game_id)
        assert heard == [games.live_version(row)]  # before: one less, the phrase's own number


@pytest.mark.slow
def test_a_table_everyone_left_is_played_out_by_the_bots_and_a_table_still_going_is_not(app):
    with app.app_context():
        ann, bob, game_id = two_people()
        row = db.session.get(SavedGame, game_id)
        left_at = row.updated_at
        assert games.play_out_abandoned(left_at) == 0  # moved at since: still going
        assert games.play_out_abandoned(left_at + timedelta(seconds=1)) == 1
        db.session.expire_all()
        row = db.session.get(SavedGame, game_id)
        assert row.finished
        seats = db.session.query(GameSeat).filter_by(game_id=game_id).order_by(GameSeat.seat).all()
        assert sorted(bool(seat.won) for seat in seats) == [False, True] and all(seat.away for seat in seats)
        assert games.play_out_abandoned(left_at + timedelta(days=30)) == 0  # finished: nothing more to do
