"""Writing the ratings' aggregate rows in one statement each, on SQLite and
PostgreSQL alike: insert a row or add to its counters, insert a row or set its
columns, insert a row unless it is there (``INSERT ... ON CONFLICT``)."""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from sqlalchemy import Connection, select
from sqlalchemy.dialects import postgresql, sqlite

from trainer.database import Base, db, table_of

#: A model of the ratings' tables.
_Model = TypeVar("_Model", bound=Base)


def _insert(model: type[Base], connection: Connection | None = None) -> Any:
    # Typed Any: the two dialects' Insert classes each have on_conflict_do_update, their common base does not.
    dialect = (connection or db.session.get_bind()).dialect.name
    insert_of = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}.get(dialect)
    if insert_of is None:  # pragma: no cover - the trainer runs on SQLite and PostgreSQL
        raise NotImplementedError(f"no upsert for {dialect}")
    return insert_of(table_of(model))


def _keys(model: type[Base]) -> list[str]:
    return [column.name for column in table_of(model).primary_key.columns]


def add_to(
    model: type[Base], counters: Sequence[str], rows: Sequence[dict[str, Any]], *, latest: Sequence[str] = (),
    connection: Connection | None = None,
) -> None:
    """Insert ``rows``, or add their ``counters`` to the rows already there (and set
    the ``latest`` columns to the new values).  Sorted by key first, so two
    transactions lock rows in one order."""
    if not rows:
        return
    keys = _keys(model)
    table = table_of(model)
    statement = _insert(model, connection)
    changes = {name: table.c[name] + statement.excluded[name] for name in counters}
    changes.update({name: statement.excluded[name] for name in latest})
    statement = statement.on_conflict_do_update(index_elements=keys, set_=changes)
    _execute(statement, sorted(rows, key=lambda row: tuple(row[k] for k in keys)), connection)


def _execute(statement: Any, rows: Sequence[dict[str, Any]], connection: Connection | None) -> None:
    """One statement for many rows (the driver's executemany, batched by SQLAlchemy)."""
    (connection or db.session).execute(statement, list(rows) if len(rows) > 1 else rows[0])


def set_rows(model: type[Base], rows: Sequence[dict[str, Any]], connection: Connection | None = None) -> None:
    """Insert ``rows`` (each with the same columns), or overwrite every other column
    of the rows already there (through ``connection`` if given, e.g. a
    migration's, else the session)."""
    if not rows:
        return
    keys = _keys(model)
    statement = _insert(model, connection)
    columns = [name for name in rows[0] if name not in keys]
    statement = statement.on_conflict_do_update(index_elements=keys, set_={c: statement.excluded[c] for c in columns})
    _execute(statement, sorted(rows, key=lambda row: tuple(row[k] for k in keys)), connection)


def insert_missing(model: type[Base], rows: Sequence[dict[str, Any]]) -> None:
    """Insert those of ``rows`` not there yet; leave the others as they are."""
    if rows:
        _execute(_insert(model).on_conflict_do_nothing(index_elements=_keys(model)), rows, None)


def locked_row(model: type[_Model], key: dict[str, Any], defaults: dict[str, Any]) -> _Model:
    """The row of ``model`` with this key, made from ``defaults`` if missing, and
    locked for the rest of the transaction (``SELECT ... FOR UPDATE`` on
    PostgreSQL; SQLite writes one transaction at a time), so two answers
    updating one row are applied one after the other."""
    insert_missing(model, [key | defaults])
    query = select(model).filter_by(**key).with_for_update().execution_options(populate_existing=True)
    return db.session.scalars(query).one()


def insert_new(model: type[Base], row: dict[str, Any]) -> bool:
    """Insert ``row`` unless a row with its key is there: whether it was inserted
    (the one way two requests racing to make the same row learn which won)."""
    keys = _keys(model)
    statement = _insert(model).values(row).on_conflict_do_nothing(index_elements=keys)
    return db.session.execute(statement.returning(table_of(model).c[keys[0]])).first() is not None
