"""Tables for games at the table and for solitaire: the saved state of each game
(the engine's ``to_dict``), who sits in each of its seats (a learner or a bot of
a level), each seat's reveal cursor and notes for the review, its result once
the game is over; and solitaire games with the learner's own counts.

Views never query these tables: :mod:`trainer.play.games` is their one API.
Statistics (games, wins, average points per level and length; best solitaire
scores) are read from the finished rows, so nothing is stored twice.

The models are SQLAlchemy 2 typed declarative classes of the app's
:class:`~trainer.database.Base`, which Flask-SQLAlchemy's ``db.Model`` shares
(one registry, one metadata), so the type checker reads them as it reads any
class.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, Float, ForeignKey, Index, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from trainer.database import Base, utcnow


class SavedGame(Base):
    """One game at a table of two to six seats, saved after every action.

    ``version`` counts the changes to the game's state: a move is written only
    over the version it was read at, so two people (or two tabs) moving at once
    cannot both write.  ``host_id`` is the learner who set the game up.
    """

    __tablename__ = "saved_game"
    __table_args__ = (
        Index("ix_saved_game_host", "host_id"),
        #: The tables of people still going, oldest move first (:func:`trainer.play.games.play_out_abandoned`).
        Index("ix_saved_game_live_waiting", "finished", "updated_at", postgresql_where=text("live_key IS NOT NULL"),
              sqlite_where=text("live_key IS NOT NULL")),
        # Two "next game" presses at once cannot both add game n + 1 to a match.
        UniqueConstraint("match_id", "match_game", name="uq_saved_game_match_game"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    host_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: The set-up, as chosen (see :class:`trainer.play.choices.GameSetup`); ``level`` is the bots' level.
    level: Mapped[str] = mapped_column(String(10))
    variant: Mapped[str] = mapped_column(String(12))
    target: Mapped[int] = mapped_column()
    counting: Mapped[str] = mapped_column(String(20))
    pegging_muggins: Mapped[bool] = mapped_column(default=False)
    skunks: Mapped[bool] = mapped_column(default=True)
    #: Giveaway (lowball): the first to reach the target loses.
    giveaway: Mapped[bool] = mapped_column(default=False)
    #: Seeds the bots' decisions (with the length of the log), so a game replays the same.
    bot_seed: Mapped[int] = mapped_column(default=0)
    #: The first game of a match this game belongs to (None: a single game).
    match_id: Mapped[int | None] = mapped_column(default=None)
    #: This game's number in its match, from 1 (None: a single game).
    match_game: Mapped[int | None] = mapped_column(default=None)
    match_points_to_win: Mapped[int] = mapped_column(default=0)
    state: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(default=0)
    finished: Mapped[bool] = mapped_column(default=False)
    #: The skunk level of the finished game (see :class:`engine.rules.Skunk`).
    skunk: Mapped[int] = mapped_column(default=0)
    #: The match points the winner earned.
    match_points: Mapped[int] = mapped_column(default=0)
    deals: Mapped[int] = mapped_column(default=0)
    #: A practice game (migration 0011): moves may be taken back, and nothing of it
    #: goes to the record or the statistics.
    practice: Mapped[bool] = mapped_column(default=False)
    #: When the game ended (None: not over, or over before this was kept).
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    #: A game of people gathered in the playroom (migration 0013): the key of its live
    #: stream (:mod:`trainer.live`), so every move is announced to each seat's page
    #: (None: a game against bots, which nobody else watches).
    live_key: Mapped[str | None] = mapped_column(String(43), default=None)
    #: How many preset phrases were said at the table (:class:`TablePhrase`): the
    #: table's live version is ``version + talk``, so a phrase is heard like a move.
    talk: Mapped[int] = mapped_column(default=0)
    #: The host's clock at a table of people (migration 0014, seconds; None: no limit): a bot
    #: plays for a person the table has waited on ``away_after`` (until they come back), and
    #: the people who may call muggins have ``call_within`` to call it.
    away_after: Mapped[int | None] = mapped_column(default=None)
    call_within: Mapped[int | None] = mapped_column(default=None)


class GameSeat(Base):
    """Who sits in one seat of a game, and what the game keeps for them.

    A seat holds a learner (``learner_id``) or a bot (``bot_level``, and
    ``bot_miss_rate``: its chance of under-counting its own claims under
    muggins, the level's documented rate unless a test configured another);
    a learner's seat whose learner was removed is left empty, and the game
    waits there.  For a person the seat keeps:

    * ``seen``, the reveal cursor into that seat's own log (each move takes it on
      to the person's next stop), and ``mark``, where the latest reveal began;
    * ``version``, counting the person's own actions (moves and Next), which
      their forms carry, so a double submit or a second tab is refused;
    * ``notes``, their decisions with their analysis, for the review, and
      ``advice``, the coach's analysis of the decision they face now (computed
      once, when the game reaches it, for the hint and then for the grading);
    * ``won``, ``score`` and ``others_score``: their result once the game is over.
    """

    __tablename__ = "game_seat"
    __table_args__ = (
        Index("ix_game_seat_learner", "learner_id"),
        Index("ix_game_seat_left_by", "left_by"),
        CheckConstraint("learner_id IS NULL OR bot_level IS NULL", name="ck_game_seat_one_sitter"),
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("saved_game.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int | None] = mapped_column(ForeignKey("learner.id", ondelete="SET NULL"), default=None)
    bot_level: Mapped[str | None] = mapped_column(String(10), default=None)
    bot_miss_rate: Mapped[float | None] = mapped_column(Float, default=None)
    version: Mapped[int] = mapped_column(default=0)
    seen: Mapped[int] = mapped_column(default=0)
    mark: Mapped[int] = mapped_column(default=0)
    #: JSON list of the person's decisions with their analysis.
    notes: Mapped[str] = mapped_column(Text, default="[]")
    #: JSON: the coach's analysis of the decision the person faces (None: none stored).
    advice: Mapped[str | None] = mapped_column(Text, default=None)
    won: Mapped[bool | None] = mapped_column(default=None)
    #: The seat's side's score as the board showed it at the end, and the best of the other sides'.
    score: Mapped[int] = mapped_column(default=0)
    others_score: Mapped[int] = mapped_column(default=0)
    #: The points this seat made in the finished game, by where they came from (the
    #: long-term statistics read these; None: finished before they were kept).
    pegging_points: Mapped[int | None] = mapped_column(default=None)
    hand_points: Mapped[int | None] = mapped_column(default=None)
    crib_points: Mapped[int | None] = mapped_column(default=None)
    #: JSON: the game and this seat as they were before the person's latest move,
    #: while a practice game lets them take it back (None: nothing to take back).
    take_back: Mapped[str | None] = mapped_column(Text, default=None)
    #: The person did not move within the table's ``away_after``: a bot plays for them until they come back.
    away: Mapped[bool] = mapped_column(default=False)
    #: The person who sat here until the host gave the seat to a bot: the game stays in
    #: their list, and its replay opens from this chair once it is over.
    left_by: Mapped[int | None] = mapped_column(ForeignKey("learner.id", ondelete="SET NULL"), default=None)


class TablePhrase(Base):
    """One preset phrase said at a table by the person in ``seat`` (see :mod:`trainer.play.talk`)."""

    __tablename__ = "table_phrase"
    __table_args__ = (Index("ix_table_phrase_game", "game_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("saved_game.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column()
    phrase: Mapped[str] = mapped_column(String(20))
    said_at: Mapped[datetime] = mapped_column(default=utcnow)


class SolitaireGame(Base):
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
