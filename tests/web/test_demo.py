"""``crib demo-data``: demo learners whose histories the review reads like real practice."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import func, select

from trainer import demo
from trainer.cli import main
from trainer.database import db
from trainer.record import learners
from trainer.record.attempts import DrillKind
from trainer.record.models import Attempt, Learner
from trainer.record.stats import learner_stats


@pytest.fixture(scope="module")
def pools():
    """Small pools, dealt once for the module (the real ones take a few seconds)."""
    return demo.deal_pools(random.Random(3), scale=0.01)


def test_demo_learners_get_attempts_of_every_kind(app, pools):
    with app.app_context():
        recorded = demo.populate(3, 40, first_attempts=120, pools=pools)
        assert recorded == 200
        names = db.session.scalars(select(Learner.name).order_by(Learner.id)).all()
        assert names == ["demo-1", "demo-2", "demo-3"]
        first = learners.learner_by_name("demo-1")
        assert db.session.scalar(select(func.count()).where(Attempt.learner_id == first.id)) == 120
        kinds = set(db.session.scalars(select(Attempt.kind).where(Attempt.learner_id == first.id)))
        assert kinds == {kind.value for kind in DrillKind}


def test_demo_tallies_match_the_history(app, pools):
    """The demo goes through record_attempts, so the review's totals are the history's."""
    with app.app_context():
        demo.populate(1, 150, pools=pools)
        learner = learners.learner_by_name("demo-1")
        stats = learner_stats(learner.id)
        rows = db.session.scalars(select(Attempt).where(Attempt.learner_id == learner.id)).all()
        assert stats.attempts == len(rows) == 150
        assert stats.correct == sum(row.correct for row in rows)
        assert stats.points_missed == sum(row.points_missed for row in rows)
        assert 0 < stats.correct < 150


def test_demo_history_spreads_over_past_days(app, pools):
    with app.app_context():
        demo.populate(1, 300, pools=pools)
        days = {row.date() for row in db.session.scalars(select(Attempt.created_at))}
        assert len(days) >= 5


def test_demo_refuses_a_database_with_other_learners(app, pools):
    with app.app_context():
        learners.learner_by_name("Ann", create=True)
        db.session.commit()
        with pytest.raises(demo.DemoRefused, match="--force"):
            demo.populate(1, 5, pools=pools)
        assert demo.populate(1, 5, pools=pools, force=True) == 5


def test_demo_learners_in_server_mode_have_the_demo_password(app, pools):
    with app.app_context():
        demo.populate(2, 1, pools=pools, accounts_mode=True)
        hashes = db.session.scalars(select(Learner.password_hash)).all()
        assert len(hashes) == 2 and all(hashes)


def test_demo_data_command_refuses_other_learners(app, capsys, monkeypatch):
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    monkeypatch.setenv("SECRET_KEY", "test secret")  # so the command keeps no key in the user's data folder
    with app.app_context():
        learners.learner_by_name("Ann", create=True)
        db.session.commit()
        db.engine.dispose()
    assert main(["demo-data", "--learners", "1", "--attempts", "1", "--database", url]) == 2
    assert "--force" in capsys.readouterr().err
