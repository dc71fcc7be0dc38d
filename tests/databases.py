"""The databases the web and browser tests run on: SQLite always, PostgreSQL
when ``TEST_DATABASE_URL`` names a server.

``TEST_DATABASE_URL`` is a SQLAlchemy URL of any database on the server, for a
role that may ``CREATE DATABASE``
(``postgresql+psycopg://USER:PASSWORD@127.0.0.1:5432/postgres``); ``.ci/run``
starts a throwaway server and sets it.  Each test session makes its own
databases there (named after its process, so several sessions can share a
server) and drops them when it ends.

A PostgreSQL test gets a database that is migrated once per session and
emptied before each test with one ``TRUNCATE ... RESTART IDENTITY``: 11 ms,
against about 65-100 ms for ``CREATE DATABASE ... TEMPLATE`` plus its
``DROP`` (measured on the CI machine's size).
"""

from __future__ import annotations

import os
import secrets
from datetime import datetime

import pytest
from jinja2.bccache import Bucket, BytecodeCache
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from tests.processes import NotInTime, wait_until
from trainer.database import db
from trainer.web import create_app

#: Where the PostgreSQL tests run; unset, they are skipped with :data:`HOW_TO_ENABLE`.
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")

#: The params of a fixture that runs each test on both databases.
DATABASES = ("sqlite", "postgresql")

HOW_TO_ENABLE = (
    "PostgreSQL tests need TEST_DATABASE_URL=postgresql+psycopg://USER:PASSWORD@HOST:PORT/DATABASE"
    " (a role that may CREATE DATABASE); .ci/run starts a server and sets it"
)


class CompiledTemplates(BytecodeCache):
    """Each template compiled once a test session, whichever app renders it: a test
    makes an app of its own, and compiling its pages again cost most of its set-up
    (about 50 ms a test).  Jinja still checks each template's source against what
    it compiled."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def app_for_test(config: dict):
    """An app made for a test, its templates compiled once a session (see :class:`CompiledTemplates`)."""
    app = create_app(config)
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return app


class FixedClock:
    """A clock that shows one moment (naive UTC), for an app's ``CLOCK``: the daily deal and
    the streak read it (:func:`trainer.web.daily.now`); a test moves it by setting another."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


#: The moment the test apps' clock shows: noon, far from either midnight, on a Wednesday.
TEST_NOW = datetime(2026, 3, 4, 12, 0)

#: What the test apps deal from, so that every run deals the same cards: the drills'
#: sequence of deals (``DRILL_SEED``), every new solitaire's shuffle (``SOLITAIRE_SEED``)
#: and every new game's deals and bots (``PLAY_SEED``).  A test that needs other cards
#: sets its own seed, or opens a drill with known cards.
SEEDS = {"DRILL_SEED": 20261204, "SOLITAIRE_SEED": 20261204, "PLAY_SEED": 20261204}


def deterministic_config() -> dict:
    """The settings that take chance and the date out of a test app (see :data:`SEEDS`, :data:`TEST_NOW`)."""
    return {**SEEDS, "CLOCK": FixedClock(TEST_NOW)}


def app_config(url: str) -> dict:
    """The app settings of a test on the database ``url``: seeded deals and a fixed clock
    (:func:`deterministic_config`)."""
    return {"TESTING": True, "SECRET_KEY": "test secret", "SQLALCHEMY_DATABASE_URI": url, **deterministic_config()}


def close_app(app) -> None:
    """Close the pooled connections of a test's app (its database may be emptied or dropped next)."""
    with app.app_context():
        db.engine.dispose()


def drop_database(admin: Engine, name: str, *, timeout: float = 30) -> None:
    """Drop the database ``name``, ending its owner's connections to it first.

    Not ``DROP DATABASE ... WITH (FORCE)``: before PostgreSQL 17 that refuses a
    role without ``pg_signal_backend`` when an autovacuum worker happens to be
    on the database (its process has no role), which failed a CI run.  A plain
    ``DROP`` stops autovacuum itself; a connection closing late is waited out.
    """
    refused: list[OperationalError] = []
    with admin.connect() as connection:

        def dropped() -> bool:
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                    " WHERE datname = :name AND usename = current_user AND pid <> pg_backend_pid()"),
                               {"name": name})
            try:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            except OperationalError as error:  # "is being accessed by other users": a backend still ending
                refused[:] = [error]
                return False
            return True

        try:
            wait_until(dropped, timeout=timeout, what=f"dropping the database {name}")
        except NotInTime:
            raise refused[-1] from None


class PostgresServer:
    """The server of ``TEST_DATABASE_URL``: makes databases for this session, drops them at its end."""

    def __init__(self, url: str):
        self.url = make_url(url)
        self.admin: Engine = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
        self.created: list[str] = []

    def new_database(self, purpose: str) -> str:
        """The URL of a new, empty database."""
        name = f"crib_test_{os.getpid()}_{purpose}_{secrets.token_hex(3)}"
        with self.admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        self.created.append(name)
        return self.url.set(database=name).render_as_string(hide_password=False)

    def drop(self, url: str) -> None:
        """Drop a database made by :meth:`new_database`, whoever is still connected."""
        name = make_url(url).database
        assert name is not None
        drop_database(self.admin, name)
        self.created.remove(name)

    def close(self) -> None:
        for name in list(self.created):
            self.drop(self.url.set(database=name).render_as_string(hide_password=False))
        self.admin.dispose()


class CleanPostgresDatabase:
    """A database migrated once, handed out empty (ids from 1) to each test."""

    def __init__(self, server: PostgresServer, purpose: str):
        self.url = server.new_database(purpose)
        close_app(create_app(app_config(self.url)))
        self.engine = create_engine(self.url, isolation_level="AUTOCOMMIT", pool_size=1)

    def fresh(self) -> str:
        """The database's URL, after emptying every table but the migration record."""
        with self.engine.connect() as connection:
            # A connection a previous test left open (a thread, a leaked app) would block TRUNCATE.
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                                    " AND usename = current_user AND backend_type = 'client backend'"))
            tables = connection.execute(text("SELECT quote_ident(tablename) FROM pg_tables"
                                             " WHERE schemaname = current_schema() AND tablename <> 'alembic_version'"))
            names = ", ".join(tables.scalars())
            if names:
                connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        return self.url

    def close(self) -> None:
        self.engine.dispose()


# ------------------------------------------------------------------ fixtures
# Imported by tests/web/conftest.py and tests/browser/conftest.py.


@pytest.fixture(scope="session")
def postgres_server():
    """The PostgreSQL server of ``TEST_DATABASE_URL``; the test is skipped, saying how to enable it, without one."""
    if not TEST_DATABASE_URL:
        pytest.skip(HOW_TO_ENABLE)
    server = PostgresServer(TEST_DATABASE_URL)
    yield server
    server.close()


@pytest.fixture(scope="session")
def postgres_database(postgres_server):
    """This session's migrated PostgreSQL database for the ``app`` and ``live_server`` tests."""
    database = CleanPostgresDatabase(postgres_server, "app")
    yield database
    database.close()
