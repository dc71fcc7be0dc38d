"""Tries counted against a limit (sign-ins, sign-ups), in the database.

:func:`count` adds a try and says how many its key has made in the current
window, in one atomic upsert committed at once, before the try is answered:
tries sent together are each counted, however many workers and hosts share the
database.  Keys are stored as SHA-256 digests.

A try is counted (or taken back) in a transaction of its own, on a connection of
its own, so the request's session ends its transaction first: a try is counted
before the request writes anything, and on SQLite that transaction would hold
the write lock the count waits for (see :func:`trainer.database._sqlite_begin`).
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from sqlalchemy import case, delete, update
from sqlalchemy.dialects import postgresql, sqlite

from trainer.database import db, table_of, utcnow
from trainer.record.models import TryCount

#: Counts whose window began longer ago than this are deleted as new windows open.
FORGET_AFTER = timedelta(days=1)


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def count(key: str, window: timedelta) -> int:
    """Add a try for ``key``: how many it has made in its window of ``window`` (this one included)."""
    db.session.commit()  # nothing written yet: the request's reads end here
    now = utcnow()
    insert = postgresql.insert if db.engine.dialect.name == "postgresql" else sqlite.insert
    table = table_of(TryCount)
    expired = table.c.window_start <= now - window
    statement = (
        insert(table).values(key=_digest(key), window_start=now, tries=1)
        .on_conflict_do_update(index_elements=[table.c.key], set_={
            "tries": case((expired, 1), else_=table.c.tries + 1),
            "window_start": case((expired, now), else_=table.c.window_start),
        })
        .returning(table.c.tries)
    )
    with db.engine.begin() as connection:  # its own transaction: counted even if the request fails later
        tries: int = connection.execute(statement).scalar_one()
        if tries == 1:
            connection.execute(delete(table).where(table.c.window_start < now - FORGET_AFTER))
    return tries


def take_back(key: str) -> None:
    """Uncount one try of ``key`` (one that turned out to be allowed, such as a right password)."""
    db.session.commit()  # the request's own work is committed (or nothing was written)
    table = table_of(TryCount)
    with db.engine.begin() as connection:
        connection.execute(update(table).where(table.c.key == _digest(key), table.c.tries > 0)
                           .values(tries=table.c.tries - 1))
