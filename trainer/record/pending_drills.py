"""Drills dealt and not yet answered: stored when dealt (never their answer),
closed once answered, so a second submit finds nothing.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, update

from trainer.database import db, utcnow
from trainer.record.attempts import DrillKind
from trainer.record.models import Drill

#: Unanswered drills older than this are dropped.
STALE_DRILL_DAYS = 30


@dataclass(frozen=True, slots=True)
class PendingDrill:
    """A drill dealt to a learner and not yet answered."""

    id: str
    learner_id: int
    kind: DrillKind
    payload: dict[str, Any]
    created_at: datetime
    retry_of: int | None
    #: how many times the payload has changed: a change is written over this version only
    version: int = 0


#: What :func:`open_drill` makes a drill id: 32 hex digits.
_DRILL_ID = re.compile(r"[0-9a-f]{32}")
#: Stale drills dropped per answer (a bounded sweep: answering stays quick).
STALE_SWEEP = 20


def open_drill(learner_id: int, kind: DrillKind, payload: dict[str, Any], *, retry_of: int | None = None) -> str:
    """Store a dealt drill (never its answer) and return its unguessable id.

    Dealing writes this one row and nothing else; drills never answered are
    swept away later, when the learner answers another (:func:`close_drill`).
    """
    drill_id = secrets.token_hex(16)
    db.session.add(
        Drill(id=drill_id, learner_id=learner_id, kind=kind.value, payload=json.dumps(payload), retry_of=retry_of)
    )
    db.session.flush()
    return drill_id


def pending_drill(drill_id: Any, learner_id: int, kind: DrillKind) -> PendingDrill | None:
    """The learner's unanswered drill of this kind with this id, or None for an
    unknown, foreign, answered or malformed id.  Always read afresh from the
    database (never from the session's cache), so a retried change sees the
    version another request wrote."""
    if not isinstance(drill_id, str) or not _DRILL_ID.fullmatch(drill_id):
        return None
    row = db.session.execute(
        select(Drill.payload, Drill.created_at, Drill.retry_of, Drill.version).where(
            Drill.id == drill_id, Drill.learner_id == learner_id, Drill.kind == kind.value, Drill.answered_at.is_(None)
        )
    ).first()
    if row is None:
        return None
    return PendingDrill(drill_id, learner_id, kind, json.loads(row.payload), row.created_at, row.retry_of, row.version)


def update_drill(drill_id: str, payload: dict[str, Any], version: int) -> bool:
    """Replace a pending drill's payload (e.g. the claims made so far), only if
    it is still at ``version`` (the one it was read at); False when another
    request changed it meanwhile, or it was answered: read it again and retry."""
    changed = cast("CursorResult[Any]", db.session.execute(  # DML: a result with a rowcount
        update(Drill)
        .where(Drill.id == drill_id, Drill.version == version, Drill.answered_at.is_(None))
        .values(payload=json.dumps(payload), version=Drill.version + 1)
        .execution_options(synchronize_session=False)
    ))
    return changed.rowcount == 1


def close_drill(drill_id: str, learner_id: int) -> bool:
    """Take an answered drill off the learner's pending drills; False if it was
    already gone (a double submit: the first answer wins).

    One conditional DELETE, so of two answers racing on two server threads
    only one sees its row go.  On the way, up to :data:`STALE_SWEEP` of the
    learner's drills dealt more than :data:`STALE_DRILL_DAYS` ago and never
    answered are dropped (every "next hand" deals one; most are answered
    within minutes).
    """
    closed = cast("CursorResult[Any]", db.session.execute(  # DML: a result with a rowcount
        delete(Drill)
        .where(Drill.id == drill_id, Drill.learner_id == learner_id, Drill.answered_at.is_(None))
        .execution_options(synchronize_session=False)
    ))
    stale = select(Drill.id).where(
        Drill.learner_id == learner_id, Drill.created_at < utcnow() - timedelta(days=STALE_DRILL_DAYS)
    ).limit(STALE_SWEEP)
    db.session.execute(
        delete(Drill).where(Drill.id.in_(stale)).execution_options(synchronize_session=False)
    )
    return closed.rowcount == 1
