"""Tables for games against the bot and for solitaire: the saved state of each
game (the engine's ``to_dict``), its result once over, and the learner's
notes on every decision (for the post-game review).

Views never query these tables: :mod:`trainer.play.games` is their one API.
Statistics (games, wins, average points per level and length; best solitaire
scores) are read from the finished rows, so nothing is stored twice.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from trainer.database import db, utcnow


class SavedGame(db.Model):
    """One game against a bot, saved after every action.

    ``version`` counts the actions applied (continue steps included): a form
    carries the version it was drawn at, so a double submit or a second tab is
    refused instead of applied twice.  ``seen`` is how far into the learner's
    log the table has been revealed (each move takes it on to the learner's next stop).
    """

    __tablename__ = "saved_game"
    __table_args__ = (
        Index("ix_saved_game_learner_finished", "learner_id", "finished"),
        # Two "next game" presses at once cannot both add game n + 1 to a match.
        UniqueConstraint("match_id", "match_game", name="uq_saved_game_match_game"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: The set-up, as chosen (see :class:`trainer.play.games.GameSetup`).
    level: Mapped[str] = mapped_column(String(10))
    variant: Mapped[str] = mapped_column(String(12))
    target: Mapped[int] = mapped_column()
    counting: Mapped[str] = mapped_column(String(20))
    pegging_muggins: Mapped[bool] = mapped_column(default=False)
    skunks: Mapped[bool] = mapped_column(default=True)
    #: Giveaway (lowball): the first to reach the target loses.
    giveaway: Mapped[bool] = mapped_column(default=False)
    #: Under muggins, the bot's chance of under-counting its own claims
    #: (the level's documented rate unless a test configured another).
    bot_miss_rate: Mapped[float] = mapped_column(Float, default=0.0)
    bot_seed: Mapped[int] = mapped_column(default=0)
    #: The first game of a match this game belongs to (None: a single game).
    match_id: Mapped[int | None] = mapped_column(default=None)
    #: This game's number in its match, from 1 (None: a single game).
    match_game: Mapped[int | None] = mapped_column(default=None)
    match_points_to_win: Mapped[int] = mapped_column(default=0)
    state: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(default=0)
    seen: Mapped[int] = mapped_column(default=0)
    #: Where the latest reveal began in the log: what it revealed is "what just happened", animated.
    mark: Mapped[int] = mapped_column(default=0)
    #: JSON list of the learner's decisions with their analysis.
    notes: Mapped[str] = mapped_column(Text, default="[]")
    finished: Mapped[bool] = mapped_column(default=False)
    learner_won: Mapped[bool | None] = mapped_column(default=None)
    learner_score: Mapped[int] = mapped_column(default=0)
    bot_score: Mapped[int] = mapped_column(default=0)
    #: The skunk level (see :class:`engine.rules.Skunk`), negative when the learner was skunked.
    skunk: Mapped[int] = mapped_column(default=0)
    match_points: Mapped[int] = mapped_column(default=0)
    deals: Mapped[int] = mapped_column(default=0)


class SolitaireGame(db.Model):
    """One game of Arnold's or Hoyle's solitaire, with the learner's own counts."""

    __tablename__ = "solitaire_game"
    __table_args__ = (Index("ix_solitaire_learner_kind", "learner_id", "kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    kind: Mapped[str] = mapped_column(String(10))
    state: Mapped[str] = mapped_column(Text)
    #: JSON list: the learner's claim for each count of the engine's log (None: not yet).
    claims: Mapped[str] = mapped_column(Text, default="[]")
    version: Mapped[int] = mapped_column(default=0)
    finished: Mapped[bool] = mapped_column(default=False)
    #: Points kept: each count's claim, up to its true total.
    score: Mapped[int] = mapped_column(default=0)
    true_total: Mapped[int] = mapped_column(default=0)
