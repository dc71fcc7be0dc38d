"""The schema migrations carry a database made by an older version forward."""

from __future__ import annotations

from datetime import datetime

import flask_migrate
from sqlalchemy import text

from trainer.database import db
from trainer.rating import progress
from trainer.record import learners
from trainer.web import MIGRATIONS_DIR, create_app


def test_upgrade_to_tallies_keeps_the_old_record(tmp_path, monkeypatch):
    """A database at 0002 with attempts gets name keys, tallies equal to its history and numbered match games."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    monkeypatch.setattr(flask_migrate, "upgrade", lambda directory: None)  # make the app without migrating
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
    monkeypatch.undo()
    with app.app_context():
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR), revision="0002_games")
        run = lambda sql, **values: db.session.execute(text(sql), values)  # noqa: E731
        run("INSERT INTO learner (id, name, created_at) VALUES (1, 'Éva', :t), (2, 'ÉVA', :t)", t=datetime(2026, 1, 1))
        for attempt_id, (day, correct, given) in enumerate([(1, True, None), (1, False, None), (2, False, 1.5)], 1):
            run(
                "INSERT INTO attempt (id, learner_id, created_at, kind, mode, dealt, answer, points_expected,"
                " points_answered, points_missed, correct, seconds) VALUES (:id, 1, :t, :kind, '', '{}', :answer,"
                " 4, 2, :missed, :correct, NULL)",
                id=attempt_id, t=datetime(2026, 1, day, 12), kind="discard" if given else "show",
                answer='{"given_away": 1.5}' if given else "{}", missed=0 if correct else 2, correct=correct,
            )
            run("INSERT INTO combo_result (attempt_id, combo_type, expected_points, missed_points, right)"
                " VALUES (:id, 'pair', 2, :missed, :right)", id=attempt_id, missed=0 if correct else 2, right=correct)
        for game_id in (1, 2, 3):
            run("INSERT INTO saved_game (id, learner_id, created_at, updated_at, level, variant, target, counting,"
                " pegging_muggins, skunks, bot_miss_rate, bot_seed, match_id, match_points_to_win, state, version,"
                " seen, mark, notes, finished, learner_score, bot_score, skunk, match_points, deals) VALUES"
                " (:id, 1, :t, :t, 'easy', 'six', 121, 'auto', 0, 1, 0, 0, :match, 0, '{}', 0, 0, 0, '[]', 0, 0, 0,"
                " 0, 0, 0)", id=game_id, t=datetime(2026, 1, 1), match=1 if game_id < 3 else None)
        db.session.commit()
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR))

        keys = db.session.execute(text("SELECT name_key FROM learner ORDER BY id")).scalars().all()
        assert keys == ["éva", "éva#2"]
        assert learners.learner_by_name("éva").id == 1
        days = db.session.execute(text("SELECT kind, day, attempts, correct, points_missed, graded, given_away"
                                       " FROM day_tally ORDER BY day, kind")).all()
        assert [tuple(row)[:1] + tuple(row)[2:] for row in days] == [("show", 2, 1, 2, 0, 0.0), ("discard", 1, 0, 2, 1, 1.5)]
        combos = db.session.execute(text("SELECT kind, combo_type, seen, right, points_missed FROM combo_tally"
                                         " ORDER BY kind")).all()
        assert [tuple(row) for row in combos] == [("discard", "pair", 1, 0, 2), ("show", "pair", 2, 1, 2)]
        numbers = db.session.execute(text("SELECT match_game FROM saved_game ORDER BY id")).scalars().all()
        assert numbers == [1, 2, None]
        db.engine.dispose()


def test_the_playroom_migration_goes_down_and_up_again(tmp_path):
    """0013 adds the rooms, their seats, the phrases and two columns of saved_game, and takes them away again
    (down to 0012, whose table of the deals met stays)."""
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        tables = lambda: set(db.inspect(db.engine).get_table_names())  # noqa: E731
        columns = lambda: {c["name"] for c in db.inspect(db.engine).get_columns("saved_game")}  # noqa: E731
        assert {"room", "room_seat", "table_phrase"} <= tables() and {"live_key", "talk"} <= columns()
        flask_migrate.downgrade(directory=str(MIGRATIONS_DIR), revision="0012_deals_met")
        assert not {"room", "room_seat", "table_phrase"} & tables() and not {"live_key", "talk"} & columns()
        assert "deal_met" in tables()
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR))
        assert {"room", "room_seat", "table_phrase"} <= tables() and {"live_key", "talk"} <= columns()
        db.engine.dispose()


def test_0017_adds_every_answers_time_and_counts_the_over_counts_recorded_before(tmp_path):
    """0017 adds ``attempt.elapsed`` and the progress rows of first attempts counted too
    high (a total of 20 for a hand of 16), and takes both away again going down."""
    url = f"sqlite:///{tmp_path / 'times.sqlite3'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        columns = lambda: {c["name"] for c in db.inspect(db.engine).get_columns("attempt")}  # noqa: E731
        run = lambda sql, **values: db.session.execute(text(sql), values)  # noqa: E731
        assert "elapsed" in columns()
        flask_migrate.downgrade(directory=str(MIGRATIONS_DIR), revision="0016_checkups")
        assert "elapsed" not in columns()
        run("INSERT INTO learner (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', :t)", t=datetime(2026, 3, 4))
        for attempt_id, answered in ((1, 20), (2, 16), (3, 12)):
            run("INSERT INTO attempt (id, learner_id, created_at, kind, mode, dealt, answer, points_expected,"
                " points_answered, points_missed, correct, seconds) VALUES (:id, 1, :t, 'show', 'total',"
                " '{\"deal\": {\"crib\": false}}', '{}', 16, :answered, 0, :correct, NULL)",
                id=attempt_id, t=datetime(2026, 3, 4, 12), answered=answered, correct=answered == 16)
        db.session.commit()
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR))
        rows = run("SELECT week, skill, combo_type, seen, right FROM progress_week WHERE combo_type = :t",
                   t=progress.COUNTED_TOO_HIGH).all()
        assert [tuple(row)[1:] for row in rows] == [("count a hand", "counted too high", 1, 0)]
        assert str(rows[0][0]).startswith("2026-03-02")  # the Monday of its week
        assert "elapsed" in columns()
        db.engine.dispose()
