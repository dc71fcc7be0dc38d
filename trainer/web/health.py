"""``/healthz``: whether this process can serve, for a load balancer or a monitor;
and a connection pool that drops connections the database has made useless.

200 ``ok`` once the database answers a read of a real table (``learner``: a
file overwritten with garbage fails it, where ``SELECT 1`` never reads the
file) and could take a write: an SQLite file (or its folder) that cannot be
written, or a PostgreSQL server in read-only mode, is 503.  The check writes
nothing.  No page, no session cookie, no sign-in and no CSRF token: a probe is
not a learner.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from flask import Blueprint, Response
from sqlalchemy import Engine, event, text
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import SQLAlchemyError

from trainer.database import db
from trainer.record import learners

bp = Blueprint("health", __name__)

#: SQLite errors after which a connection is not used again: one opened while
#: the file was read-only stays read-only, one that met an I/O error or a
#: damaged file may hold a stale view of it.  (The pool opens a new one.)
_BROKEN_SQLITE = ("SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_CANTOPEN")


@bp.route("/healthz", methods=["GET", "HEAD"])
def healthz() -> Response:
    """200 ``ok`` when the database can be read and written, else 503 saying which."""
    try:
        learners.first_learner_id()
        writable = _writable()
    except SQLAlchemyError:
        db.session.rollback()
        return _plain("database unreachable", 503)
    finally:
        db.session.rollback()  # nothing to keep: the check writes nothing
    if not writable:
        return _plain("database read-only", 503)
    return _plain("ok", 200)


def _writable() -> bool:
    """Whether the database could take a write, asked without writing."""
    engine = db.engine
    if engine.dialect.name == "postgresql":
        return db.session.execute(text("SELECT current_setting('transaction_read_only')")).scalar() == "off"
    if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        path = Path(engine.url.database)
        # SQLite writes a journal beside the file, so its folder must be writable too.
        return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)
    return True


def discard_broken_connections(engine: Engine) -> None:
    """Have ``engine``'s pool replace an SQLite connection after an error that leaves it useless
    (:data:`_BROKEN_SQLITE`), so the trainer recovers once the file is writable (or sound) again."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "handle_error", _drop_if_broken)


def _drop_if_broken(context: ExceptionContext) -> None:
    error = context.original_exception
    if isinstance(error, sqlite3.Error) and getattr(error, "sqlite_errorname", "").startswith(_BROKEN_SQLITE):
        context.is_disconnect = True  # the pool discards this connection (and those opened with it)


def _plain(body: str, status: int) -> Response:
    response = Response(body, status=status, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response
