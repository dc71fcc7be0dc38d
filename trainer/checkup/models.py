"""The check-ups' tables: each check-up a learner started (which of the bank's,
when, and once finished its score), and each deal's answer with the points it
left on the table.

The models are SQLAlchemy 2 typed declarative classes of the app's
:class:`~trainer.database.Base`, as in :mod:`trainer.rating.models`; the
service :mod:`trainer.checkup.service` is their one API.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from trainer.database import Base, utcnow


class CheckupRow(Base):
    """One check-up a learner started: the bank's ``number``-th, once per learner."""

    __tablename__ = "checkup"
    __table_args__ = (
        UniqueConstraint("learner_id", "number", name="uq_checkup_learner_number"),
        Index("ix_checkup_learner_finished", "learner_id", "finished_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    #: the check-up's number among the learner's (0 first); its deals are the bank's set of that index
    number: Mapped[int] = mapped_column()
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    #: the mean points left on the table per deal, once finished
    score: Mapped[float | None] = mapped_column(Float, default=None)


class CheckupAnswerRow(Base):
    """One deal of a check-up as answered: once (the key), with the points it left."""

    __tablename__ = "checkup_answer"

    checkup_id: Mapped[int] = mapped_column(ForeignKey("checkup.id", ondelete="CASCADE"), primary_key=True)
    #: the deal's place in its check-up (0 first)
    position: Mapped[int] = mapped_column(primary_key=True)
    #: the answer as its value's ``to_dict`` gives it, in JSON
    answer: Mapped[str] = mapped_column(Text)
    points_left: Mapped[float] = mapped_column(Float)
    answered_at: Mapped[datetime] = mapped_column(default=utcnow)
