"""The ratings' tables: each learner's and each deal's Glicko-2 rating per
skill, the learner's rating week by week (the chart), the FSRS cards of the
deals missed and the combo types missed, the week's answers per skill and combo
type (the progress page), the daily deal's answers, and the streak.

Every table is a per-learner aggregate kept as answers are recorded, so the
pages read a few rows however long the history: one row per learner and skill,
one per learner, skill and week, one per card.

The services of :mod:`trainer.rating` are these tables' one API.

The models are SQLAlchemy 2 typed declarative classes of the app's
:class:`~trainer.database.Base`, which Flask-SQLAlchemy's ``db.Model`` shares
(one registry, one metadata), as in :mod:`trainer.play.models`.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Float, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from trainer.database import Base, utcnow


class LearnerRating(Base):
    """A learner's rating on one skill (:class:`trainer.rating.skills.Skill`)."""

    __tablename__ = "learner_rating"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    skill: Mapped[str] = mapped_column(String(20), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    #: rated answers so far (the placement counts them)
    rated: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class RatingWeek(Base):
    """A learner's rating on one skill at the end of a week (its Monday, UTC): the chart's points."""

    __tablename__ = "rating_week"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    skill: Mapped[str] = mapped_column(String(20), primary_key=True)
    week: Mapped[date] = mapped_column(primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    rated: Mapped[int] = mapped_column(default=0)


class DealRating(Base):
    """A deal's rating on its skill, shared by every learner who met it, with
    what it was (to deal it again) and how long its right answers took."""

    __tablename__ = "deal_rating"
    __table_args__ = (Index("ix_deal_rating_skill_rating", "skill", "rating"),)

    skill: Mapped[str] = mapped_column(String(20), primary_key=True)
    deal_key: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: the drill kind and its ``dealt`` payload (JSON), as :func:`trainer.drills.deal.replay` takes them
    kind: Mapped[str] = mapped_column(String(20))
    payload: Mapped[str] = mapped_column(Text)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    rated: Mapped[int] = mapped_column(default=0)
    #: right answers that were timed: how many, their seconds and their squares added up
    timed: Mapped[int] = mapped_column(default=0)
    seconds: Mapped[float] = mapped_column(Float, default=0.0)
    seconds_squared: Mapped[float] = mapped_column(Float, default=0.0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class DealMet(Base):
    """That a learner has met a deal on a skill: only the first meeting is rated
    (a deal answered right leaves no FSRS card to tell a later meeting by)."""

    __tablename__ = "deal_met"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    skill: Mapped[str] = mapped_column(String(20), primary_key=True)
    deal_key: Mapped[str] = mapped_column(String(32), primary_key=True)


class ReviewCard(Base):
    """An FSRS card of a learner's: a deal they missed, or a combo type they missed.

    ``card_key`` is ``deal:<deal key>`` or ``combo:<combo type>``; a deal card
    keeps what was dealt (``payload``) so it can be dealt again, and the
    latest attempt that answered it (``attempt_id``), which a review retries.
    """

    __tablename__ = "review_card"
    __table_args__ = (Index("ix_review_card_due", "learner_id", "kind", "due"),)

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    card_key: Mapped[str] = mapped_column(String(48), primary_key=True)
    #: the drill kind whose answers review it
    kind: Mapped[str] = mapped_column(String(20))
    #: a combo card's :class:`~trainer.record.combos.ComboType` value; None for a deal
    combo_type: Mapped[str | None] = mapped_column(String(30), default=None)
    payload: Mapped[str | None] = mapped_column(Text, default=None)
    attempt_id: Mapped[int | None] = mapped_column(ForeignKey("attempt.id", ondelete="SET NULL"), default=None)
    #: FSRS: the state (1 learning, 2 review, 3 relearning), the learning step, stability (days), difficulty (1-10)
    state: Mapped[int] = mapped_column(default=1)
    step: Mapped[int | None] = mapped_column(default=None)
    stability: Mapped[float | None] = mapped_column(Float, default=None)
    difficulty: Mapped[float | None] = mapped_column(Float, default=None)
    due: Mapped[datetime] = mapped_column(default=utcnow)
    last_review: Mapped[datetime | None] = mapped_column(default=None)
    reviews: Mapped[int] = mapped_column(default=0)
    lapses: Mapped[int] = mapped_column(default=0)


class ProgressWeek(Base):
    """A learner's answers in one week on one skill and combo type ("" for the
    skill as a whole), by how long they took: ``bucket`` is the index of
    :data:`trainer.rating.progress.SECONDS_BUCKETS` (-1 for untimed answers), so
    the median time is read from a handful of counts."""

    __tablename__ = "progress_week"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    week: Mapped[date] = mapped_column(primary_key=True)
    skill: Mapped[str] = mapped_column(String(20), primary_key=True)
    combo_type: Mapped[str] = mapped_column(String(30), primary_key=True)
    bucket: Mapped[int] = mapped_column(primary_key=True)
    seen: Mapped[int] = mapped_column(default=0)
    right: Mapped[int] = mapped_column(default=0)


class DailyAnswer(Base):
    """A learner's answer to one part of a day's daily deal: answered once (the key)."""

    __tablename__ = "daily_answer"
    __table_args__ = (Index("ix_daily_answer_day", "day", "part"),)

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    #: "count", "pegging" or "discard"
    part: Mapped[str] = mapped_column(String(10), primary_key=True)
    attempt_id: Mapped[int | None] = mapped_column(ForeignKey("attempt.id", ondelete="SET NULL"), default=None)
    correct: Mapped[bool] = mapped_column(default=False)
    answered_at: Mapped[datetime] = mapped_column(default=utcnow)


class Streak(Base):
    """A learner's run of days practised, with the week's free freeze, and
    whether they chose to appear on the daily deal's table."""

    __tablename__ = "streak"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    current: Mapped[int] = mapped_column(default=0)
    longest: Mapped[int] = mapped_column(default=0)
    last_day: Mapped[date | None] = mapped_column(default=None)
    #: the Monday of the latest week whose freeze was spent
    freeze_week: Mapped[date | None] = mapped_column(default=None)
    frozen_days: Mapped[int] = mapped_column(default=0)
    on_board: Mapped[bool] = mapped_column(default=False)
