"""The database the trainer keeps its record in: the extension objects
(``db``, ``migrate``), the moment as stored, and the one commit of a request.

They live here so that any package (the record, the games) and any blueprint
can import them without importing the app.  Schema changes go through
``migrations/`` (Flask-Migrate / Alembic); the app upgrades the database to the
newest revision when it starts, so there is never a setup step.

Also how every engine's connections behave: SQLite waits for a lock rather than
failing at once and a request that writes takes the write lock first; a
connection that cannot write is not pooled (:func:`_not_pooled_read_only`); and
which errors only mean the database is away for a moment (:func:`transient`).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any, Iterator

import psycopg
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Connection, Engine, Table, event, exc
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import ConnectionPoolEntry, Pool


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


#: How long an SQLite transaction waits for another's write lock before giving up (ms).
SQLITE_BUSY_TIMEOUT_MS = 15_000


@event.listens_for(Engine, "connect")
def _sqlite_connected(dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
    """An SQLite connection waits up to :data:`SQLITE_BUSY_TIMEOUT_MS` for another's lock;
    whether it was opened read-only is noted (:func:`_not_pooled_read_only`)."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        record.info[_OPENED_READ_ONLY] = _sqlite_file_read_only(dbapi_connection)


#: The key of a pooled SQLite connection's info saying SQLite opened its file read-only.
_OPENED_READ_ONLY = "opened read-only"


def _sqlite_file_read_only(connection: sqlite3.Connection) -> bool:
    """Whether this process may not write the connection's file, so SQLite opened it read-only."""
    main = connection.execute("PRAGMA database_list").fetchone()
    path = main[2] if main else ""
    return bool(path) and not os.access(path, os.W_OK)


@event.listens_for(Pool, "close")
def _sqlite_rolled_back_on_close(dbapi_connection: Any, _record: Any) -> None:
    """An SQLite connection closed in a transaction (one invalidated after an error) rolls it back first.

    Python's sqlite3 (before 3.12) closes without a rollback, and a connection
    whose statements are still referenced (by the error's traceback) lives on
    after its close, its transaction and the transaction's lock with it: a write
    refused while the file was read-only left a shared lock that failed every
    later commit of the process with "database is locked", the file writable again.
    """
    if isinstance(dbapi_connection, sqlite3.Connection) and dbapi_connection.in_transaction:
        try:
            dbapi_connection.rollback()
        except sqlite3.Error:  # a rollback that fails must not stop the close
            pass


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


#: What a PostgreSQL session reports (ParameterStatus, PostgreSQL 14 and later) while it cannot
#: write: read-only by default (the database's, the role's or the server's setting), or a standby.
_READ_ONLY_REPORTS = ("default_transaction_read_only", "in_hot_standby")


@event.listens_for(Pool, "checkin")
def _not_pooled_read_only(dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
    """A connection that cannot write is closed as it comes back, not pooled.

    Whether a connection may write is settled when it is opened, and kept: SQLite
    opens a file it may not write read-only; a PostgreSQL session takes the
    database's ``default_transaction_read_only`` as it starts.  So once the file
    or the database could be written again (``ALTER DATABASE ... SET
    default_transaction_read_only = off``, a standby promoted, a failover to
    another server) only new connections could, and pooled read-only ones kept
    refusing writes: on PostgreSQL until a restart.  While the database is
    read-only each checkout opens a new connection, which asks afresh, so the
    first request after it can be written again writes.  No query is spent:
    SQLite's was noted as it opened, and a PostgreSQL session reports these
    settings as they change.
    """
    if isinstance(dbapi_connection, sqlite3.Connection):
        read_only = bool(record.info.get(_OPENED_READ_ONLY))
    else:
        read_only = isinstance(dbapi_connection, psycopg.Connection) and not dbapi_connection.closed \
            and any(dbapi_connection.info.parameter_status(name) == "on" for name in _READ_ONLY_REPORTS)
    if read_only:
        record.invalidate()


#: PostgreSQL's SQLSTATE for a write refused because the transaction is read-only.
READ_ONLY_TRANSACTION = "25006"


@event.listens_for(Engine, "handle_error")
def _drop_read_only(context: ExceptionContext) -> None:
    """A write PostgreSQL refused as read-only has the pool's connections replaced, as a
    lost connection does: those opened before it are as likely read-only (and a server that
    does not report its settings, :func:`_not_pooled_read_only`, is caught here)."""
    error = context.original_exception
    if isinstance(error, psycopg.Error) and error.sqlstate == READ_ONLY_TRANSACTION:
        context.is_disconnect = True


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


#: The moment :func:`utcnow` reports while set (:func:`clock_at`); None: the real time.
_CLOCK: ContextVar[datetime | None] = ContextVar("clock", default=None)


def utcnow() -> datetime:
    """Now, in UTC, without tzinfo (SQLite stores naive datetimes): the real time, or
    the moment a simulation has set with :func:`clock_at`."""
    return _CLOCK.get() or datetime.now(timezone.utc).replace(tzinfo=None)


@contextmanager
def clock_at(moment: datetime) -> Iterator[None]:
    """Within the block, :func:`utcnow` (and every default time a row is written
    with) is ``moment`` (naive UTC): how a simulated learner's days pass through
    the product's own practice code (``bench/simulated_learners.py``).

    >>> with clock_at(datetime(2026, 1, 5, 19, 0)):
    ...     utcnow()
    datetime.datetime(2026, 1, 5, 19, 0)
    """
    token = _CLOCK.set(moment)
    try:
        yield
    finally:
        _CLOCK.reset(token)


def end_reads() -> None:
    """End the session's transaction, in which nothing has been written, before slow work
    that needs no database (hashing a password): meanwhile no connection is held out of
    the pool, idle in a transaction on PostgreSQL, or holding SQLite's write lock, which a
    request that writes takes first.  The next query begins a new transaction."""
    db.session.commit()


def commit() -> None:
    """Save everything written since the last commit, together: the one commit
    of a request (a drill's close with its attempt, a game move with its records)."""
    db.session.commit()


def rollback() -> None:
    """Drop everything written since the last commit."""
    db.session.rollback()
