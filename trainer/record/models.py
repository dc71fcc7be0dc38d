"""The record's tables: learners, pending drills, attempts, the result of each
attempt per combo type, and the learner's running tallies.

The tallies (:class:`ComboTally`, :class:`DayTally`) are kept up to date as
attempts are recorded, in the same transaction, so the review and the adaptive
dealer read a few rows per learner however long the history grows.

Views do not query these tables directly: they call the modules of
:mod:`trainer.record`.

The models are SQLAlchemy 2 typed declarative classes of the app's
:class:`~trainer.database.Base`, which Flask-SQLAlchemy's ``db.Model`` shares
(one registry, one metadata), so the type checker reads them as it reads any
class.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Float, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from trainer.database import Base, utcnow


class Learner(Base):
    """Someone practising, known by name (and, on a shared server, a password).

    ``name_key`` is the name as names are compared: Unicode-normalised and
    case-folded, so "Éva" and "éva" are one learner whatever the alphabet; the
    unique constraint on it is what stops two requests creating the same name.
    """

    __tablename__ = "learner"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    #: A password hash (server mode); None for a personal profile.
    password_hash: Mapped[str | None] = mapped_column(String(255), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: Table settings, kept per learner so they follow them to any browser.
    sound: Mapped[bool] = mapped_column(default=False)
    four_colour: Mapped[bool] = mapped_column(default=False)
    #: How bot moves are animated: "slow", "normal", "fast" or "off".
    animation: Mapped[str] = mapped_column(String(8), default="normal")
    #: The coach in games against the bot (hints, verdicts, the win meter); off by default.
    coach: Mapped[bool] = mapped_column(default=False)
    #: Say go for the learner when no card of theirs fits (migration 0011); off by default.
    say_go: Mapped[bool] = mapped_column(default=False)
    #: Speak the count of each hand aloud (the browser's speech synthesis); off by default.
    spoken_count: Mapped[bool] = mapped_column(default=False)
    #: The language the learner chose ("en", "ru"); None: the browser's, as it asks.
    language: Mapped[str | None] = mapped_column(String(8), default=None)

    attempts: Mapped[list["Attempt"]] = relationship(back_populates="learner", cascade="all, delete-orphan")


class Drill(Base):
    """A drill dealt and waiting for its answer.

    The id is a random token (so drill ids cannot be guessed or walked); the
    payload is what was dealt (cards as text, options) and never the answer:
    the breakdown is computed again from the cards when the answer arrives.
    """

    __tablename__ = "drill"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    answered_at: Mapped[datetime | None] = mapped_column(default=None)
    retry_of: Mapped[int | None] = mapped_column(ForeignKey("attempt.id", ondelete="SET NULL"), default=None)
    #: Counts the payload's changes: a change is written only over the version it
    #: was read at, so two claims posted at once cannot lose one another.
    version: Mapped[int] = mapped_column(default=0)


class Attempt(Base):
    """One answered drill: when, what was dealt, what was answered, the outcome."""

    __tablename__ = "attempt"
    __table_args__ = (
        Index("ix_attempt_learner_time", "learner_id", "created_at"),
        Index("ix_attempt_learner_kind", "learner_id", "kind", "id"),
        Index("ix_attempt_learner_mode", "learner_id", "mode"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: "show", "pegging", "discard", "best-play"... (see :class:`trainer.record.attempts.DrillKind`)
    kind: Mapped[str] = mapped_column(String(20))
    #: "total", "category", "claims" for show drills; free text for others.
    mode: Mapped[str] = mapped_column(String(20), default="")
    #: JSON: the cards dealt and the drill's options.
    dealt: Mapped[str] = mapped_column(Text)
    #: JSON: what the learner answered.
    answer: Mapped[str] = mapped_column(Text)
    points_expected: Mapped[int] = mapped_column(default=0)
    points_answered: Mapped[int] = mapped_column(default=0)
    points_missed: Mapped[int] = mapped_column(default=0)
    correct: Mapped[bool] = mapped_column(default=False)
    #: A timed answer's seconds (the timed count drill; the ratings reward speed only there).
    seconds: Mapped[float | None] = mapped_column(default=None)
    #: The seconds from dealing to answering, for every answer in the drills (None before 0017).
    elapsed: Mapped[float | None] = mapped_column(default=None)
    #: The attempt this one retried (a mistake brought back), if any.
    retry_of: Mapped[int | None] = mapped_column(ForeignKey("attempt.id", ondelete="SET NULL"), default=None, index=True)

    learner: Mapped[Learner] = relationship(back_populates="attempts")
    results: Mapped[list["ComboResultRow"]] = relationship(
        back_populates="attempt", cascade="all, delete-orphan"
    )


class ComboResultRow(Base):
    """How one attempt went for one combo type present in (or claimed for) the deal."""

    __tablename__ = "combo_result"

    id: Mapped[int] = mapped_column(primary_key=True)
    attempt_id: Mapped[int] = mapped_column(ForeignKey("attempt.id", ondelete="CASCADE"), index=True)
    #: a :class:`trainer.drills.checking.ComboType` value, e.g. "fifteen of 3", "multiple runs", "go"
    combo_type: Mapped[str] = mapped_column(String(30), index=True)
    expected_points: Mapped[int] = mapped_column(default=0)
    missed_points: Mapped[int] = mapped_column(default=0)
    right: Mapped[bool] = mapped_column(default=False)

    attempt: Mapped[Attempt] = relationship(back_populates="results")


class ComboTally(Base):
    """A learner's running totals for one combo type in one kind of drill."""

    __tablename__ = "combo_tally"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    combo_type: Mapped[str] = mapped_column(String(30), primary_key=True)
    seen: Mapped[int] = mapped_column(default=0)
    right: Mapped[int] = mapped_column(default=0)
    points_missed: Mapped[int] = mapped_column(default=0)


class DayTally(Base):
    """A learner's running totals for one kind of drill on one day (UTC)."""

    __tablename__ = "day_tally"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    attempts: Mapped[int] = mapped_column(default=0)
    correct: Mapped[int] = mapped_column(default=0)
    points_missed: Mapped[int] = mapped_column(default=0)
    #: Timed answers: how many, and their seconds added up.
    timed: Mapped[int] = mapped_column(default=0)
    seconds: Mapped[float] = mapped_column(Float, default=0.0)
    #: Discards and best-card answers: how many, and the expected points they gave away.
    graded: Mapped[int] = mapped_column(default=0)
    given_away: Mapped[float] = mapped_column(Float, default=0.0)


class LearnerSession(Base):
    """One signed-in browser of an account (server mode).

    The session cookie carries a random token; only its SHA-256 is kept here,
    so a copy of this table opens nothing.  Deleting the row signs that browser
    out wherever its cookie was copied, on every worker and host at once.
    """

    __tablename__ = "learner_session"

    #: SHA-256 of the cookie's token, in hex.
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TryCount(Base):
    """How many tries one key (a client address, a name) has made in its current window.

    Counted by one atomic upsert before a try is answered, so tries sent at once
    are all counted, and kept in the database, so every worker and host shares
    the counts.  The key is stored as a SHA-256: names typed (or passwords typed
    into the name field by mistake) are not kept.
    """

    __tablename__ = "try_count"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(index=True)
    tries: Mapped[int] = mapped_column(default=0)
