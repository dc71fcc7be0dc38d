"""The database the trainer keeps its record in: the extension objects
(``db``, ``migrate``), the moment as stored, and the one commit of a request.

They live here so that any package (the record, the games) and any blueprint
can import them without importing the app.  Schema changes go through
``migrations/`` (Flask-Migrate / Alembic); the app upgrades the database to the
newest revision when it starts, so there is never a setup step.
"""

from __future__ import annotations

from datetime import datetime, timezone

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


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
