"""Signed-in browsers of accounts, kept in the database (server mode).

A sign-in makes a row and gives the browser a random token for its cookie;
each request looks the token up, so signing out (deleting the row), signing
out everywhere or changing the password (deleting all the learner's rows)
ends every copy of the cookie at once, on every worker and host.  Only a
SHA-256 of each token is stored.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select

from trainer.database import db, utcnow
from trainer.record.learners import LearnerInfo, learner_info, row_key
from trainer.record.models import Learner, LearnerSession


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def start(learner_id: int, lifetime: timedelta) -> str:
    """A new signed-in browser of the learner (committed): the token for its cookie.
    The learner's sessions older than ``lifetime`` are dropped on the way."""
    token = secrets.token_urlsafe(32)
    db.session.execute(delete(LearnerSession).where(LearnerSession.learner_id == learner_id,
                                                    LearnerSession.created_at < utcnow() - lifetime))
    db.session.add(LearnerSession(id=_digest(token), learner_id=learner_id))
    db.session.commit()
    return token


def learner_of(learner_id: Any, token: Any, lifetime: timedelta) -> LearnerInfo | None:
    """The account whose live session ``token`` is (and whose id the cookie also names), else None:
    a token signed out, of another learner, older than ``lifetime``, or not a token at all."""
    key = row_key(learner_id)
    if key is None or not isinstance(token, str) or not 20 <= len(token) <= 100:
        return None
    row = db.session.scalar(
        select(Learner).join(LearnerSession, LearnerSession.learner_id == Learner.id)
        .where(LearnerSession.id == _digest(token), Learner.id == key,
               LearnerSession.created_at >= utcnow() - lifetime)
    )
    return learner_info(row) if row is not None and row.password_hash is not None else None


def end(token: Any) -> None:
    """Sign out the browser holding ``token``, and every copy of its cookie (committed)."""
    if isinstance(token, str):
        db.session.execute(delete(LearnerSession).where(LearnerSession.id == _digest(token)))
        db.session.commit()


def end_all(learner_id: int) -> int:
    """Sign out every browser of the learner (committed, with anything flushed before,
    such as a new password): how many were signed in."""
    ended = cast("CursorResult[Any]", db.session.execute(delete(LearnerSession).where(LearnerSession.learner_id == learner_id)))
    db.session.commit()
    return ended.rowcount
