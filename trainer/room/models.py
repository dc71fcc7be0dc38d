"""The playroom's tables while people gather at them (migration 0013).

A :class:`Room` is one table being gathered: the host's set-up, an
unguessable invitation token (a new one when the host revokes the link, so
the old link opens nothing), the key of its live stream, and once started the
game it became.  A :class:`RoomSeat` says who took each seat: a learner, a bot
of a level, or nobody yet (perhaps kept for a named learner).  Views never
query these: :mod:`trainer.room.rooms` is their one API.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from trainer.database import Base, utcnow


class Room(Base):
    """A table people are invited to; ``version`` counts its changes (a seat taken,
    bots seated, the link revoked, the start), each announced on ``live_key``."""

    __tablename__ = "room"
    __table_args__ = (
        Index("ix_room_host", "host_id"),
        UniqueConstraint("token", name="uq_room_token"),
        UniqueConstraint("live_key", name="uq_room_live_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(43))
    live_key: Mapped[str] = mapped_column(String(43))
    host_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    variant: Mapped[str] = mapped_column(String(12))
    length: Mapped[str] = mapped_column(String(5))
    counting: Mapped[str] = mapped_column(String(20))
    skunks: Mapped[bool] = mapped_column(default=True)
    #: A match (first to :data:`trainer.play.choices.MATCH_POINTS` match points) instead of one game.
    match: Mapped[bool] = mapped_column(default=False)
    #: The game the table became once the host started it (None: still gathering).
    game_id: Mapped[int | None] = mapped_column(ForeignKey("saved_game.id", ondelete="SET NULL"), default=None)
    version: Mapped[int] = mapped_column(default=0)
    #: JSON list of the learners the host took off the table: no link seats them again.
    removed: Mapped[str] = mapped_column(Text, default="[]")
    #: The host's clock for the game (see :class:`trainer.play.choices.TableClock`; seconds, None: no limit).
    away_after: Mapped[int | None] = mapped_column(default=None)
    call_within: Mapped[int | None] = mapped_column(default=None)


class RoomSeat(Base):
    """Who took one seat of a room: a learner, a bot of ``bot_level``, or nobody yet."""

    __tablename__ = "room_seat"
    __table_args__ = (
        Index("ix_room_seat_learner", "learner_id"),
        UniqueConstraint("room_id", "learner_id", name="uq_room_seat_learner"),
        CheckConstraint("learner_id IS NULL OR bot_level IS NULL", name="ck_room_seat_one_sitter"),
    )

    room_id: Mapped[int] = mapped_column(ForeignKey("room.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int | None] = mapped_column(ForeignKey("learner.id", ondelete="SET NULL"), default=None)
    bot_level: Mapped[str | None] = mapped_column(String(10), default=None)
    #: The learner the host keeps this seat for (None: whoever comes first).
    reserved_for: Mapped[int | None] = mapped_column(ForeignKey("learner.id", ondelete="SET NULL"), default=None)
