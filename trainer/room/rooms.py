"""The playroom's tables while people gather (issue 22, RULES.md §8).

A learner opens a *room* with a set-up (:class:`~trainer.play.choices.GameSetup`:
the game and its seats, the target, the counting, strict muggins by default as
in the playroom), sitting in its first seat as host.  The room has an
invitation link, an unguessable token the host may revoke (the room gets a new
one; the old link then opens nothing), which the host sends to people: each
who opens it, signed in, takes a free seat.  The host may fill the free seats
with bots of a level and starts the game once every seat is taken; the game
(:func:`trainer.play.games.new_game`) keeps the room's live key, so every move
is announced to every seat's page.  Every change to a room moves its version
and is announced on the same key, so the gathering page follows it live.

A refusal is a :class:`RoomError` with its :class:`RoomRefusal` (data, for
callers and tests) and the words for the learner; a room that is not there for
them is :class:`NoSuchRoom`.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any, cast

from sqlalchemy import CursorResult, Select, delete, exists, func, or_, select, update
from sqlalchemy.exc import IntegrityError

from engine.bots.levels import Level
from engine.rules import Counting
from trainer.database import db, utcnow
from trainer.language.i18n import gettext as _
from trainer.live.announce import announce
from trainer.play import choices, games
from trainer.play.models import GameSeat, SavedGame
from trainer.play.seats import Sitter, bot_label
from trainer.record import learners
from trainer.room.models import Room, RoomSeat

#: The counting a room offers first: the playroom's own strict rule (RULES.md §8).
DEFAULT_COUNTING = Counting.STRICT_MUGGINS
#: The set-ups a room offers: every table of two to six seats, against people.
ROOM_VARIANTS = tuple(choices.VARIANTS)
#: The most tables a learner may be gathering as host at once (a limit on rooms, issue 22 §9).
MAX_GATHERING = 5
#: How long a table may gather without starting before it is given up (abandoned tables expire).
GATHERING_LASTS = timedelta(days=1)
#: How long a started table may stand with nobody moving before its bots play it out.
ABANDONED_AFTER = timedelta(days=7)


class RoomRefusal(StrEnum):
    """Why a room refused what a learner asked."""

    NO_SUCH_LINK = "no such link"
    FULL = "full"
    STARTED = "started"
    NOT_HOST = "not host"
    NOT_READY = "not ready"
    NO_FREE_SEAT = "no free seat"
    TOO_MANY = "too many"
    REMOVED = "removed"
    NO_SUCH_LEARNER = "no such learner"
    NOT_THERE = "not there"
    SEAT_NOT_FREE = "seat not free"
    HOST_STAYS = "host stays"


class RoomError(ValueError):
    """A refusal, with its reason and the words for the learner."""

    def __init__(self, reason: RoomRefusal) -> None:
        self.reason = reason
        super().__init__(_refusal_words(reason))


class NoSuchRoom(Exception):
    """No room by that id, or (to leave it) none the learner has a seat at.  Raised only
    where the service looks for the room, and of no kind a bug raises (not a
    ``LookupError``), so a view that answers it with 404 never hides a ``KeyError``
    from inside, say, the start of the game."""

    def __init__(self, room_id: object) -> None:
        super().__init__(f"no room {room_id!r}")
        self.room_id = room_id


def _refusal_words(reason: RoomRefusal) -> str:
    match reason:
        case RoomRefusal.NO_SUCH_LINK:
            return _("That invitation link opens no table: the host may have withdrawn it, or it was mistyped.")
        case RoomRefusal.FULL:
            return _("That table is full: every seat is taken.")
        case RoomRefusal.STARTED:
            return _("That game has started already.")
        case RoomRefusal.NOT_HOST:
            return _("Only the host of the table can do that.")
        case RoomRefusal.NOT_READY:
            return _("Every seat must be taken (by people or bots) before the game starts.")
        case RoomRefusal.NO_FREE_SEAT:
            return _("There is no free seat to fill.")
        case RoomRefusal.REMOVED:
            return _("The host has taken you off that table.")
        case RoomRefusal.NO_SUCH_LEARNER:
            return _("Nobody of that name plays here: check the spelling of the name.")
        case RoomRefusal.NOT_THERE:
            return _("That seat has nobody to take off.")
        case RoomRefusal.SEAT_NOT_FREE:
            return _("That seat is not free: choose a free seat, or free it first.")
        case RoomRefusal.HOST_STAYS:
            return _("The host cannot leave the table: close it instead.")
        case RoomRefusal.TOO_MANY:
            return _("You are gathering %(number)d tables already: start or close one of them first.", number=MAX_GATHERING)


def _expire() -> None:
    """Give up the tables that have gathered longer than :data:`GATHERING_LASTS` without
    starting: their links open nothing from then on."""
    _give_up(select(Room.id).where(Room.game_id.is_(None), Room.created_at < utcnow() - GATHERING_LASTS))
    games.play_out_abandoned(utcnow() - ABANDONED_AFTER)


def _give_up(which: Select[int]) -> None:
    """Delete these rooms, seats first, whether or not the database enforces the
    foreign keys' cascade (SQLite may not); the caller commits."""
    db.session.execute(delete(RoomSeat).where(RoomSeat.room_id.in_(which)).execution_options(synchronize_session=False))
    db.session.execute(delete(Room).where(Room.id.in_(which)).execution_options(synchronize_session=False))


def _by_token(token: str) -> Room | None:
    """The gathering or started room an invitation token opens (an expired one: None)."""
    if not token:
        return None
    _expire()
    db.session.commit()  # given up whatever the link then opens
    return db.session.scalar(select(Room).where(Room.token == token))


def _token() -> str:
    """An unguessable key (32 URL-safe characters, 192 bits)."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat of a room as its page shows it."""

    seat: int
    name: str
    is_person: bool
    is_bot: bool
    is_you: bool
    #: Whom the host keeps this free seat for (empty: whoever comes first).
    kept_for: str = ""
    #: The seat's team, counted from 1 (None: each plays for themselves).
    team: int | None = None

    @property
    def free(self) -> bool:
        return not (self.is_person or self.is_bot)


@dataclass(frozen=True, slots=True)
class RoomView:
    """A room as one of its people (or the host) sees it while it gathers."""

    id: int
    host_name: str
    is_host: bool
    #: The invitation token (the host's page only; None for the others).
    token: str | None
    live_key: str
    version: int
    variant: str
    target: int
    counting: str
    seats: tuple[SeatView, ...]
    game_id: int | None
    match: bool = False
    clock: choices.TableClock = choices.TableClock()

    @property
    def full(self) -> bool:
        return all(not seat.free for seat in self.seats)

    @property
    def free_seats(self) -> int:
        return sum(seat.free for seat in self.seats)

    @property
    def my_team(self) -> int | None:
        """The viewer's team (None: no teams, or no seat of theirs)."""
        return next((seat.team for seat in self.seats if seat.is_you), None)

    @property
    def keepable(self) -> tuple[SeatView, ...]:
        """The free seats the host may keep for someone."""
        return tuple(seat for seat in self.seats if seat.free and not seat.kept_for)

    @property
    def game_label(self) -> str:
        return choices.variant_label(self.variant)

    @property
    def counting_label(self) -> str:
        return choices.counting_label(self.counting)


def open_room(host_id: int, setup: choices.GameSetup, clock: choices.TableClock = choices.TableClock()) -> int:
    """Open a room with ``setup`` and the host's ``clock`` (the host in seat 0, the others
    free) and return its id; :class:`RoomError` when the host is gathering
    :data:`MAX_GATHERING` tables already."""
    _expire()
    gathering = db.session.scalar(select(func.count()).select_from(Room)
                                  .where(Room.host_id == host_id, Room.game_id.is_(None)))
    if (gathering or 0) >= MAX_GATHERING:
        raise RoomError(RoomRefusal.TOO_MANY)
    rules = setup.rules()
    room = Room(token=_token(), live_key=_token(), host_id=host_id, variant=setup.variant, length=setup.length,
                counting=setup.counting.value, skunks=setup.skunks, match=setup.match, version=0,
                away_after=clock.away_after, call_within=clock.call_within)
    db.session.add(room)
    db.session.flush()
    db.session.add_all([RoomSeat(room_id=room.id, seat=seat, learner_id=host_id if seat == 0 else None)
                        for seat in range(rules.players)])
    db.session.commit()
    return room.id


def _room(room_id: object) -> Room | None:
    key = learners.row_key(room_id)
    return None if key is None else db.session.get(Room, key)


def _seats(room: Room) -> list[RoomSeat]:
    return list(db.session.scalars(select(RoomSeat).where(RoomSeat.room_id == room.id).order_by(RoomSeat.seat)))


def _name(learner_id: int) -> str:
    info = learners.learner_by_id(learner_id)
    return info.name if info is not None else ""


def _view(room: Room, learner_id: int) -> RoomView:
    rules = choices.GameSetup(variant=choices.variant_of(room.variant), length=choices.length_of(room.length)).rules()
    seats = tuple(
        SeatView(s.seat, _name(s.learner_id) if s.learner_id is not None else
                 bot_label(s.bot_level) if s.bot_level is not None else "",
                 s.learner_id is not None, s.bot_level is not None, s.learner_id == learner_id,
                 _name(s.reserved_for) if s.reserved_for is not None and s.learner_id is None else "",
                 rules.side_of(s.seat) + 1 if rules.partnerships else None)
        for s in _seats(room))
    is_host = room.host_id == learner_id
    return RoomView(room.id, _name(room.host_id), is_host, room.token if is_host else None, room.live_key,
                    room.version, room.variant, rules.target, room.counting, seats, room.game_id, room.match,
                    choices.TableClock(room.away_after, room.call_within))


def at_table(learner_id: int, live_key: str) -> bool:
    """Whether the learner may follow the live stream ``live_key``: they sit (or host)
    at the room gathering on it, or sit at a game played on it (a room's game, or a
    later game of its match, which keeps the key after the room has expired).

    One query.  The game's side starts from the learner's seats (indexed), since a
    game's live key has no index of its own."""
    in_room = exists().where(Room.live_key == live_key, or_(
        Room.host_id == learner_id,
        exists().where(RoomSeat.room_id == Room.id, RoomSeat.learner_id == learner_id)))
    in_game = exists().where(GameSeat.learner_id == learner_id, SavedGame.id == GameSeat.game_id,
                             SavedGame.live_key == live_key)
    return bool(db.session.scalar(select(or_(in_room, in_game))))


def room_view(learner_id: int, room_id: object) -> RoomView | None:
    """The room as the learner sees it (None: no such room, or they have no seat in it)."""
    room = _room(room_id)
    if room is None:
        return None
    seated = db.session.scalar(select(RoomSeat.seat).where(RoomSeat.room_id == room.id,
                                                           RoomSeat.learner_id == learner_id))
    if seated is None and room.host_id != learner_id:
        return None
    return _view(room, learner_id)


def invitation(learner_id: int, token: str) -> RoomView:
    """The room an invitation link opens, as the learner who opened it sees it;
    :class:`RoomError` (no such link) for a revoked, expired or mistyped one."""
    room = _by_token(token)
    if room is None:
        raise RoomError(RoomRefusal.NO_SUCH_LINK)
    return _view(room, learner_id)


def _moved(room: Room) -> None:
    """Move the room to its next version and announce it (the caller commits)."""
    version = db.session.execute(
        update(Room).where(Room.id == room.id).values(version=Room.version + 1).returning(Room.version)
        .execution_options(synchronize_session=False)
    ).scalar_one()
    announce(room.live_key, version)


def join(learner_id: int, token: str) -> int:
    """Take a free seat of the room the invitation ``token`` opens and return the
    room's id (the seat already taken: the same).  :class:`RoomError` when the
    link opens nothing, the game has started or every seat is taken."""
    room = _by_token(token)
    if room is None:
        raise RoomError(RoomRefusal.NO_SUCH_LINK)
    seats = _seats(room)
    if any(s.learner_id == learner_id for s in seats):
        return room.id
    if learner_id in json.loads(room.removed):
        raise RoomError(RoomRefusal.REMOVED)
    if room.game_id is not None:
        raise RoomError(RoomRefusal.STARTED)
    # A seat kept for them first, then any seat kept for nobody.
    for seat in sorted(seats, key=lambda s: s.reserved_for != learner_id):
        if seat.learner_id is not None or seat.bot_level is not None or seat.reserved_for not in (None, learner_id):
            continue
        # Taken only if still free: two people opening the link at once get two seats, or one a refusal.
        taken = cast("CursorResult[Any]", db.session.execute(
            update(RoomSeat).where(RoomSeat.room_id == room.id, RoomSeat.seat == seat.seat,
                                   RoomSeat.learner_id.is_(None), RoomSeat.bot_level.is_(None))
            .values(learner_id=learner_id, reserved_for=None).execution_options(synchronize_session=False)))
        if taken.rowcount == 1:
            _moved(room)
            try:
                db.session.commit()
            except IntegrityError:  # the same learner, in another tab, took another seat at the same moment
                db.session.rollback()
            return room.id
    raise RoomError(RoomRefusal.FULL)


def _hosted(host_id: int, room_id: object) -> Room:
    room = _room(room_id)
    if room is None:
        raise NoSuchRoom(room_id)
    if room.host_id != host_id:
        raise RoomError(RoomRefusal.NOT_HOST)
    if room.game_id is not None:
        raise RoomError(RoomRefusal.STARTED)
    return room


def fill_with_bots(host_id: int, room_id: object, level: Level) -> int:
    """The host seats bots of ``level`` in every free seat not kept for someone; returns how many."""
    room = _hosted(host_id, room_id)
    filled = cast("CursorResult[Any]", db.session.execute(
        update(RoomSeat).where(RoomSeat.room_id == room.id, RoomSeat.learner_id.is_(None),
                               RoomSeat.bot_level.is_(None), RoomSeat.reserved_for.is_(None))
        .values(bot_level=level.value).execution_options(synchronize_session=False))).rowcount
    if not filled:
        db.session.rollback()
        raise RoomError(RoomRefusal.NO_FREE_SEAT)
    _moved(room)
    db.session.commit()
    return filled


def free_bot_seats(host_id: int, room_id: object) -> None:
    """The host takes the bots out of the room's seats again, for people to take."""
    room = _hosted(host_id, room_id)
    db.session.execute(update(RoomSeat).where(RoomSeat.room_id == room.id).values(bot_level=None)
                       .execution_options(synchronize_session=False))
    _moved(room)
    db.session.commit()


def keep_seat(host_id: int, room_id: object, name: str, seat: int | None = None) -> None:
    """The host keeps a free seat for the learner named ``name`` (``seat``, in a game of
    teams the host's partner's, say; None: the first free one): nobody else's link takes
    it (they take it with the same link as anyone).  A seat kept for them already moves
    to ``seat``; a seat they have taken stays theirs.  :class:`RoomError` (no such learner)
    for a name nobody has, also one nobody could have (too long, holding a NUL...)."""
    room = _hosted(host_id, room_id)
    try:
        cleaned = learners.clean_name(name)
    except ValueError:  # empty, too long, a NUL, mixed alphabets: a name nobody can have
        raise RoomError(RoomRefusal.NO_SUCH_LEARNER) from None
    learner = learners.learner_by_name(cleaned)
    if learner is None:
        raise RoomError(RoomRefusal.NO_SUCH_LEARNER)
    seats = _seats(room)
    kept = next((s for s in seats if s.reserved_for == learner.id), None)
    if any(s.learner_id == learner.id for s in seats) or (kept is not None and seat in (None, kept.seat)):
        return
    free = next((s for s in seats if s.learner_id is None and s.bot_level is None and s.reserved_for is None
                 and seat in (None, s.seat)), None)
    if free is None:
        raise RoomError(RoomRefusal.NO_FREE_SEAT if seat is None else RoomRefusal.SEAT_NOT_FREE)
    if kept is not None:
        kept.reserved_for = None
    free.reserved_for = learner.id
    removed = [other for other in json.loads(room.removed) if other != learner.id]  # asked back: welcome again
    room.removed = json.dumps(removed)
    _moved(room)
    db.session.commit()


def take_off(host_id: int, room_id: object, seat: int) -> None:
    """The host frees a seat: a person taken off cannot take a seat at this table again
    (whatever link they hold), a bot goes, a seat kept for someone is kept no longer."""
    room = _hosted(host_id, room_id)
    found = next((s for s in _seats(room) if s.seat == seat), None)
    if found is None or found.learner_id == host_id or (
            found.learner_id is None and found.bot_level is None and found.reserved_for is None):
        raise RoomError(RoomRefusal.NOT_THERE)
    if found.learner_id is not None:
        room.removed = json.dumps(sorted({*json.loads(room.removed), found.learner_id}))
    found.learner_id = found.bot_level = found.reserved_for = None
    _moved(room)
    db.session.commit()


def leave(learner_id: int, room_id: object) -> None:
    """A person gives up the seat they took before the game starts (the link seats
    them again); :class:`NoSuchRoom` when they have no seat there.  The host stays: they
    :func:`close` the table instead."""
    room = _room(room_id)
    seat = None if room is None else next((s for s in _seats(room) if s.learner_id == learner_id), None)
    if room is None or seat is None:
        raise NoSuchRoom(room_id)
    if room.host_id == learner_id:
        raise RoomError(RoomRefusal.HOST_STAYS)
    if room.game_id is not None:
        raise RoomError(RoomRefusal.STARTED)
    seat.learner_id = None
    _moved(room)
    db.session.commit()


def close(host_id: int, room_id: object) -> None:
    """The host gives up a table before it starts: its link opens nothing, and the
    pages of the people at it are told (they reload to find it gone)."""
    room = _hosted(host_id, room_id)
    _moved(room)
    _give_up(select(Room.id).where(Room.id == room.id))
    db.session.commit()


def revoke(host_id: int, room_id: object) -> str:
    """The host withdraws the invitation link: the room gets a new token (returned),
    and the old link opens nothing.  The people seated keep their seats."""
    room = _hosted(host_id, room_id)
    room.token = _token()
    _moved(room)
    db.session.commit()
    return room.token


def start(host_id: int, room_id: object, *, seed: int | None = None) -> int:
    """The host starts the game once every seat is taken; returns the game's id
    (the game already started, by a double click: that game's)."""
    room = _room(room_id)
    if room is None:
        raise NoSuchRoom(room_id)
    if room.host_id != host_id:
        raise RoomError(RoomRefusal.NOT_HOST)
    if room.game_id is not None:
        return room.game_id
    seats = _seats(room)
    if any(s.learner_id is None and s.bot_level is None for s in seats):
        raise RoomError(RoomRefusal.NOT_READY)
    bots = [Level(s.bot_level) for s in seats if s.bot_level is not None]
    setup = choices.GameSetup(bots[0] if bots else Level.EASY, choices.variant_of(room.variant), choices.length_of(room.length),
                            Counting(room.counting),
                            skunks=room.skunks, match=room.match)
    sitters = tuple(Sitter.person(s.learner_id) if s.learner_id is not None else Sitter.bot(Level(s.bot_level or ""))
                    for s in seats)
    game_id = games.new_game(host_id, setup, seed=seed, sitters=sitters, live_key=room.live_key,
                             clock=choices.TableClock(room.away_after, room.call_within))
    started = cast("CursorResult[Any]", db.session.execute(
        update(Room).where(Room.id == room.id, Room.game_id.is_(None)).values(game_id=game_id)
        .execution_options(synchronize_session=False)))
    if started.rowcount != 1:  # a second press started it at the same moment: keep the first game
        db.session.execute(delete(SavedGame).where(SavedGame.id == game_id))
        db.session.commit()
        return db.session.scalar(select(Room.game_id).where(Room.id == room.id)) or game_id
    _moved(room)
    db.session.commit()
    return game_id


def learner_rooms(learner_id: int) -> tuple[RoomView, ...]:
    """The rooms the learner sits at that are still gathering, newest first."""
    rooms = db.session.scalars(
        select(Room).join(RoomSeat, RoomSeat.room_id == Room.id)
        .where(RoomSeat.learner_id == learner_id, Room.game_id.is_(None))
        .order_by(Room.id.desc()).limit(20)
    )
    return tuple(_view(room, learner_id) for room in rooms)
