"""The database the trainer keeps its record in: the extension objects
(``db``, ``migrate``), the moment as stored, and the one commit of a request.

They live here so that any package (the record, the games) and any blueprint
can import them without importing the app.  Schema changes go through
``migrations/`` (Flask-Migrate / Alembic); the app upgrades the database to the
newest revision when it starts, so there is never a setup step.
"""

from __future__ import annotations

import sqlite3
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Connection, Engine, Table, event
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


#: How long an SQLite transaction waits for another's write lock before giving up (ms).
SQLITE_BUSY_TIMEOUT_MS = 15_000


@event.listens_for(Engine, "connect")
def _sqlite_connected(dbapi_connection: Any, _record: Any) -> None:
    """An SQLite connection waits up to :data:`SQLITE_BUSY_TIMEOUT_MS` for another's lock."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")


#: Whether the SQLite transactions begun here take the write lock at once: set by the
#: web app for the requests that write (POST), see :func:`_sqlite_begin`.
WRITE_LOCK_FIRST: ContextVar[bool] = ContextVar("write_lock_first", default=False)


@event.listens_for(Engine, "begin")
def _sqlite_begin(connection: Connection) -> None:
    """An SQLite transaction of a request that writes takes the write lock as it begins.

    A transaction reads under a shared lock and asks for the write lock at its
    first write; two requests doing so at once (two people taking a table's
    last seat, two moves at one table) deadlock, and SQLite answers one of them
    "database is locked" at once, without waiting: a 500.  Begun ``IMMEDIATE``,
    the second waits its turn (up to :data:`SQLITE_BUSY_TIMEOUT_MS`), as Django
    does for SQLite since 5.1.  Everything else (pages that only read,
    migrations, scripts) is left to the driver, as before.  Sent to the driver
    itself, so it is not counted as one of the request's statements.
    PostgreSQL needs none of this.
    """
    if connection.dialect.name == "sqlite" and WRITE_LOCK_FIRST.get():
        driver = connection.connection.driver_connection
        if isinstance(driver, sqlite3.Connection) and not driver.in_transaction:
            driver.execute("BEGIN IMMEDIATE")


def table_of(model: type[Base]) -> Table:
    """The table ``model`` is mapped to: its ``__table__``, which SQLAlchemy types as any
    ``FromClause`` (a model may be mapped to a select), here always a :class:`~sqlalchemy.Table`,
    so Core statements (an upsert, a bulk insert) can be written against it."""
    table = model.__table__
    assert isinstance(table, Table), f"{model.__name__} is not mapped to a table"
    return table


def utcnow() -> datetime:
    """Now, in UTC, without tzinfo (SQLite stores naive datetimes)."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


def commit() -> None:
    """Save everything written since the last commit, together: the one commit
    of a request (a drill's close with its attempt, a game move with its records)."""
    db.session.commit()


def rollback() -> None:
    """Drop everything written since the last commit."""
    db.session.rollback()
