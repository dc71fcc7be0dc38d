"""The suite runs on PostgreSQL as well as SQLite: every ``app`` test on both,
each PostgreSQL test on an empty database, and CI never skips them."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.databases import HOW_TO_ENABLE, TEST_DATABASE_URL
from trainer.database import db
from trainer.record import learners
from trainer.web import MIGRATION_LOCK_KEY, migration_lock


def test_the_app_runs_on_the_database_of_its_param(request, app, database_url):
    dialect = request.node.callspec.params["database_url"]
    assert make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name() == dialect
    with app.app_context():
        assert db.engine.dialect.name == dialect


@pytest.mark.parametrize("time", ["first", "second"])
def test_each_test_starts_on_an_empty_database(learner, app, time):
    """Whichever runs second finds only its own learner, numbered from 1 again."""
    with app.app_context():
        assert [(l.id, l.name) for l in learners.all_learners()] == [(1, "Ann")]


def test_ci_runs_the_postgresql_tests():
    if os.environ.get("CI") != "true":
        pytest.skip("only CI must run on PostgreSQL")
    assert TEST_DATABASE_URL, HOW_TO_ENABLE


def test_migrations_queue_on_an_advisory_lock(postgres_database):
    engine = create_engine(postgres_database.url, isolation_level="AUTOCOMMIT")
    try:
        with migration_lock(engine), engine.connect() as other:
            taken = other.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": MIGRATION_LOCK_KEY}).scalar()
            assert taken is False  # another process starting now waits
        with engine.connect() as other:
            assert other.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": MIGRATION_LOCK_KEY}).scalar()
            other.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK_KEY})
    finally:
        engine.dispose()
