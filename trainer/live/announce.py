"""Announcing a table's new version, in the transaction that saves it.

On PostgreSQL the announcement is a ``NOTIFY`` on :data:`CHANNEL` made inside
the transaction, so the database delivers it to every listening process when
(and only when) the transaction commits.  On SQLite the announcement waits in
the session until its commit and then goes to this process's hub (a rollback
drops it).  Either way a page never hears of a move that was not saved.
"""

from __future__ import annotations

import time

from sqlalchemy import event, func, select
from sqlalchemy.orm import Session

from trainer.database import db
from trainer.live.hub import HUB, Version

#: The PostgreSQL channel every process listens on.
CHANNEL = "crib_tables"
#: Where announcements wait in a SQLite session for its commit.
_PENDING = "crib_live_pending"


def payload(key: str, version: Version) -> str:
    """The notification's text: small (PostgreSQL allows under 8,000 bytes), the key, version and time.

    >>> payload("abc", Version(3, 1.5))
    'abc 3 1.5'
    """
    return f"{key} {version.version} {version.at!r}"


def parse(text: str) -> tuple[str, Version] | None:
    """A notification's text read back (None: not one of ours).

    >>> parse("abc 3 1.5")
    ('abc', Version(version=3, at=1.5))
    >>> parse("junk") is None
    True
    """
    parts = text.split(" ")
    if len(parts) != 3:
        return None
    try:
        return parts[0], Version(int(parts[1]), float(parts[2]))
    except ValueError:
        return None


def announce(key: str, version: int) -> None:
    """Tell every open page of table ``key`` that it is now at ``version``, once
    the current transaction commits (needs an app context)."""
    announced = Version(version, time.time())
    session = db.session
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(func.pg_notify(CHANNEL, payload(key, announced))))
    else:
        session.connection()  # a transaction under way, so that its commit or rollback is heard
        session.info.setdefault(_PENDING, []).append((key, announced))


def deliver_after_commit() -> None:
    """Hand each session's SQLite announcements to this process's hub when it
    commits, and drop them when it rolls back (once per process; later calls do nothing)."""
    if not event.contains(Session, "after_commit", _after_commit):
        event.listen(Session, "after_commit", _after_commit)
        event.listen(Session, "after_rollback", _after_rollback)


def _after_commit(session: Session) -> None:
    for key, version in session.info.pop(_PENDING, ()):
        HUB.publish(key, version)


def _after_rollback(session: Session) -> None:
    session.info.pop(_PENDING, None)
