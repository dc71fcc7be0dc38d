"""The database the trainer keeps its record in: the extension objects
(``db``, ``migrate``), the moment as stored, and the one commit of a request.

They live here so that any package (the record, the games) and any blueprint
can import them without importing the app.  Schema changes go through
``migrations/`` (Flask-Migrate / Alembic); the app upgrades the database to the
newest revision when it starts, so there is never a setup step.

Also how every engine's connections behave: SQLite waits for a lock rather than
failing at once and a request that writes takes the write lock first; and which
errors only mean the database is away for a moment (:func:`transient`).
"""

from __future__ import annotations

import sqlite3
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any

import psycopg
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Connection, Engine, Table, event, exc
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
            try:
                driver.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                # SQLAlchemy wraps the driver's errors only around its own calls, not an event's:
                # wrapped here, "database is locked" is a SQLAlchemy error like any other.
                wrapped = exc.DBAPIError.instance("BEGIN IMMEDIATE", None, error, sqlite3.Error)
                assert isinstance(wrapped, exc.DBAPIError)
                raise wrapped from error


#: PostgreSQL errors that pass, by SQLSTATE class or code: the connection lost (08), a
#: transaction the server undid to let another through (40: a serialization failure, a
#: deadlock), the server shutting down, crashed or still starting (57P01-57P03), a session
#: ended as idle (57P05), too many connections (53300).
_PASSING_CLASSES = ("08", "40")
_PASSING_CODES = ("57P01", "57P02", "57P03", "57P05", "53300")


def transient(error: BaseException) -> bool:
    """Whether ``error`` means only that the database is away for a moment, not that anything
    is wrong with the request or the trainer: worth answering "try again".

    SQLite busy past :data:`SQLITE_BUSY_TIMEOUT_MS`; PostgreSQL out of reach or its
    connection lost (a restart), or a transaction it undid; no connection free in the
    pool in time.  A read-only database is not transient: it lasts until someone acts.
    """
    if isinstance(error, exc.TimeoutError):  # the pool's: every connection busy for pool_timeout
        return True
    driver_error = error.orig if isinstance(error, exc.DBAPIError) else error
    if isinstance(driver_error, sqlite3.Error):
        return str(getattr(driver_error, "sqlite_errorname", "")).startswith("SQLITE_BUSY")
    if isinstance(driver_error, psycopg.Error):
        state = driver_error.sqlstate
        if state is None:  # no answer from the server at all: refused, or the connection dropped
            return isinstance(driver_error, psycopg.OperationalError)
        return state.startswith(_PASSING_CLASSES) or state in _PASSING_CODES
    return False


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
