"""Migration 0009_seats: the games saved before seats move over as they were (seat 0
the learner with the row's cursor, version, notes and result; the other seats bots
of the row's level), play on, and go back again on a downgrade.  On SQLite and on
PostgreSQL, each in a database of its own."""

from __future__ import annotations

import json
from datetime import datetime

import flask_migrate
from sqlalchemy import text

from engine.game import Automation, Game
from trainer.database import db
from trainer.play import choices, games, moves
from trainer.play.models import GameSeat, SavedGame
from trainer.web import MIGRATIONS_DIR, create_app

BEFORE = "0008_sessions"


def _saved_game(run, game_id: int, variant: str, state: str, **values) -> None:
    row = {"learner_id": 1, "level": "hard", "target": 61, "counting": "automatic", "bot_miss_rate": 0.25,
           "bot_seed": 9, "version": 0, "seen": 0, "mark": 0, "notes": "[]", "finished": False, "learner_won": None,
           "learner_score": 0, "bot_score": 0, "skunk": 0, "match_points": 0, "deals": 0} | values
    run("INSERT INTO saved_game (id, learner_id, created_at, updated_at, level, variant, target, counting,"
        " pegging_muggins, skunks, giveaway, bot_miss_rate, bot_seed, match_points_to_win, state, version, seen,"
        " mark, notes, finished, learner_won, learner_score, bot_score, skunk, match_points, deals) VALUES"
        " (:id, :learner_id, :t, :t, :level, :variant, :target, :counting, false, true, false, :bot_miss_rate,"
        " :bot_seed, 0, :state, :version, :seen, :mark, :notes, :finished, :learner_won, :learner_score,"
        " :bot_score, :skunk, :match_points, :deals)",
        id=game_id, variant=variant, state=state, t=datetime(2026, 12, 1), **row)


def test_saved_games_move_into_seats_play_on_and_move_back(database, monkeypatch):
    monkeypatch.setattr(flask_migrate, "upgrade", lambda directory: None)  # make the app without migrating
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": database})
    monkeypatch.undo()
    open_game = Game(choices.VARIANTS["six-card"].with_options(target=61), 4, dealer=1,
                     automate=Automation.CUT_FOR_DEAL)
    open_game.deal()  # the learner's discard is due
    notes = json.dumps([{"kind": "discard", "deal": 0}])
    with app.app_context():
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR), revision=BEFORE)
        run = lambda sql, **values: db.session.execute(text(sql), values)  # noqa: E731
        run("INSERT INTO learner (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', :t)", t=datetime(2026, 1, 1))
        _saved_game(run, 1, "six-card", json.dumps(open_game.to_dict()), version=5, seen=len(open_game.log),
                    mark=2, notes=notes)
        _saved_game(run, 2, "three-player", "{}", finished=True, learner_won=False, learner_score=40,
                    bot_score=61, skunk=-1, deals=7)
        _saved_game(run, 3, "four-player", "{}", level="easy")
        db.session.commit()
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR))

        seats = {(s.game_id, s.seat): s for s in db.session.query(GameSeat)}
        assert sorted(seats) == [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2), (3, 3)]
        learner = seats[(1, 0)]
        assert (learner.learner_id, learner.bot_level, learner.version, learner.seen, learner.mark, learner.notes) \
            == (1, None, 5, len(open_game.log), 2, notes)
        assert all((s.learner_id, s.bot_level, s.bot_miss_rate, s.seen) == (None, "easy" if g == 3 else "hard", 0.25, 0)
                   for (g, seat), s in seats.items() if seat)
        assert (seats[(2, 0)].won, seats[(2, 0)].score, seats[(2, 0)].others_score) == (False, 40, 61)
        rows = {r.id: r for r in db.session.query(SavedGame)}
        assert rows[2].skunk == 1 and rows[1].host_id == 1 and rows[1].version == 5

        # The open game plays on where it was, its page's form still current.
        table = games.load_table(1, 1)
        assert table is not None and table.version == 5 and table.decision.kind == "discard"
        games.act(1, 1, 5, moves.Discard(tuple(sorted(table.decision.hand))[:2]))
        assert games.load_table(1, 1).version == 6
        listed = games.learner_games(1)  # unfinished first, the one just moved the newest
        assert [(s.id, s.finished, s.learner_won) for s in listed] == [(1, False, None), (3, False, None), (2, True, False)]
        db.session.commit()

        flask_migrate.downgrade(directory=str(MIGRATIONS_DIR), revision=BEFORE)
        back = {r[0]: r[1:] for r in db.session.execute(text(
            "SELECT id, learner_id, version, seen, learner_won, learner_score, bot_score, skunk, bot_miss_rate"
            " FROM saved_game ORDER BY id"))}
        assert back[2] == (1, 0, 0, False, 40, 61, -1, 0.25)
        assert back[1][0] == 1 and back[1][2] > len(open_game.log)  # the reveal after the discard went back with it
        db.session.commit()
        db.engine.dispose()
