"""Games at the table: the service between the play views and the engine.

A game has two to six seats (:mod:`trainer.play.seats`), each holding a
learner or a bot of a level; the learner who set it up is its host.  The
server is the only authority: the game lives in the database (the engine's
``to_dict``, and a :class:`~trainer.play.models.GameSeat` row per seat),
every action is applied by the engine, which says why it refuses one
(:mod:`trainer.language.refusals` puts that into the learner's words), and
what a browser gets is built from its own seat's view of the game
(:meth:`engine.game.Game.log_seen_by` and :class:`engine.players.PlayerView`)
and nothing else.  Every service takes the learner's id and finds that
learner's seat; another learner's game is not found (:class:`NotSeated`).

The bots' moves are the engine's own loop (:func:`engine.players.play_until`,
a :class:`~engine.bots.levels.Bot` per bot seat and None per person), and
they play themselves: each person's seat keeps a cursor (``seen``) into its
log, which each of their moves takes on to their next stop (their own
decision, their go, the end of a hand's show or of a deal; see
:func:`trainer.play.table.next_stop`), and :func:`table_view` replays the log
up to it, numbering what was revealed since ``mark`` for the page's
animation (see :mod:`trainer.play.table`).  Every form carries the seat's
``version``; an action drawn at an older version (a double submit, a second
tab) is refused and changes nothing, and the game's state is written only
over the version it was read at, so two people moving at once cannot both
write it.  A move and what it adds to the learners' records (a discard, a
card played, a count) are saved in one commit: either both are kept or
neither.

A request reads the game once (one ``SELECT`` of the game and its seats, one
:meth:`engine.game.Game.from_dict`), and the coach's analysis of a person's
discard or card is worked out once, when the game reaches it, kept with the
seat (:class:`trainer.play.coach.Advice`), shown as the hint and read again
to grade the decision.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Sequence, cast

from sqlalchemy import ColumnElement, CursorResult, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from engine.bots.levels import PROFILES, Bot, GiveawayBot, Level
from engine.cards import Card
from engine.errors import Breach, IllegalActionError, Refusal
from engine.events import Counted, Dealt, Event, MugginsCalled, MugginsPassed, Shown, TrueCount
from engine.game import Action, Automation, Game, MugginsWindow, PendingClaim
from engine.match import MatchResult, next_first_dealer, standing
from engine.players import Player, PlayerView, play_until
from engine.rules import (
    STANDARD,
    Counting,
)
from trainer.database import db, utcnow
from trainer.drills import grading
from trainer.language import words
from trainer.language.i18n import gettext as _
from trainer.language.i18n import ngettext
from trainer.language.refusals import refusal_text
from trainer.live.announce import announce
from trainer.play import coach, notes, talk, totals
from trainer.play.choices import (
    LENGTHS,
    MATCH_POINTS,
    STAND_IN,
    VARIANTS,
    GameSetup,
    Length,
    TableClock,
    counting_name,
    variant_name,
    variant_of,
)
from trainer.play.models import GameSeat, SavedGame, SolitaireGame
from trainer.play.moves import (
    Accept,
    ClaimPoints,
    Continue,
    Cut,
    Discard,
    GameActionError,
    GameMove,
    Muggins,
    PlayCard,
    SayGo,
    Skip,
    StaleAction,
    TakeBack,
)
from trainer.play.seats import Seating, Sitter, default_sitters, level_label
from trainer.play.table import Table, at_own_go, next_stop, skip_deal, table_of
from trainer.rating import answers
from trainer.record import attempts, learners, table_settings


class NotSeated(Exception):
    """The learner has no seat at that game, or there is no such game.  Raised only
    where a service looks for their seat, and of no kind a bug raises (not a
    ``LookupError``), so a view that answers it with 404 never hides a
    ``KeyError`` or ``IndexError`` from inside a move."""

    def __init__(self, game_id: object) -> None:
        super().__init__(f"no seat at game {game_id!r}")
        self.game_id = game_id


def _setup_of(row: SavedGame) -> GameSetup:
    """The set-up a saved game was made with (its next game in a match is set up alike).
    A target the form offers is that length; any other (seven-card's 181) is the game's own."""
    target = str(row.target)
    return GameSetup(
        Level(row.level), variant_of(row.variant), Length(target) if target in LENGTHS else Length.OWN,
        Counting(row.counting), row.pegging_muggins, row.skunks, row.match_id is not None, row.giveaway,
        bool(row.practice),
    )


# ---------------------------------------------------------------- loading and saving


@dataclass(frozen=True, slots=True)
class SeatedGame:
    """One game as a request of the learner in ``seat`` reads it: the saved row,
    every seat's row (by seat), and the engine's game, parsed once."""

    row: SavedGame
    seats: tuple[GameSeat, ...]
    game: Game
    seat: int
    seating: Seating

    @property
    def mine(self) -> GameSeat:
        return self.seats[self.seat]

    def people(self) -> tuple[GameSeat, ...]:
        """The seats that hold a learner."""
        return tuple(s for s in self.seats if s.learner_id is not None)


def _sitter(seat: GameSeat, names: dict[int, str]) -> Sitter:
    if seat.bot_level is not None:
        return Sitter.bot(Level(seat.bot_level), seat.bot_miss_rate)
    if seat.learner_id is None:
        return Sitter()
    return Sitter.person(seat.learner_id, names.get(seat.learner_id, ""))


def _load(learner_id: int, game_id: object, *, former: bool = False) -> SeatedGame | None:
    """The learner's game with this id, read once; None for another learner's, or no such game.
    ``former``: also a game whose host gave the learner's seat to a bot (read from that chair)."""
    key = learners.row_key(game_id)
    if key is None:
        return None
    rows = db.session.execute(
        select(SavedGame, GameSeat).join(GameSeat, GameSeat.game_id == SavedGame.id)
        .where(SavedGame.id == key).order_by(GameSeat.seat)
    ).all()
    seats = tuple(seat for _, seat in rows)
    mine = next((seat for seat in seats if seat.learner_id == learner_id), None)
    if mine is None and former:
        mine = next((seat for seat in seats if seat.left_by == learner_id), None)
    if mine is None:
        return None
    row = rows[0][0]
    game = Game.from_dict(json.loads(row.state))
    # Other people at the table are named (a table of bots, the usual one, asks nothing more).
    names = {}
    for other in seats:
        if other.learner_id is not None and other.learner_id != learner_id:
            info = learners.learner_by_id(other.learner_id)
            names[other.learner_id] = info.name if info is not None else ""
    seating = Seating(game.rules, tuple(_sitter(seat, names) for seat in seats), mine.seat)
    return SeatedGame(row, seats, game, mine.seat, seating)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line in the learner's list of games."""

    id: int
    level: str
    variant: str
    target: int
    counting: str
    finished: bool
    learner_score: int
    bot_score: int
    learner_won: bool | None
    updated_at: object
    giveaway: bool = False
    #: Other people sit at the game (the playroom, pass and play), not only bots.
    with_people: bool = False
    #: The host gave the learner's seat to a bot while they were away: they no longer play it.
    left: bool = False

    @property
    def playing(self) -> bool:
        """The learner can go on with it: not over, and still theirs to play."""
        return not self.finished and not self.left

    @property
    def level_label(self) -> str:
        return _("With people") if self.with_people else level_label(self.level)

    @property
    def name(self) -> str:
        """The game in a list: "six-card to 61", "six-card giveaway to 61"."""
        variant = variant_name(self.variant)
        if self.giveaway:
            return _("%(variant)s giveaway to %(target)d", variant=variant, target=self.target)
        return _("%(variant)s to %(target)d", variant=variant, target=self.target)

    @property
    def counting_name(self) -> str:
        return counting_name(self.counting)

    @property
    def score_line(self) -> str:
        """The learner's side's score against the best of the others' ("You 61 – 52 bot";
        "Your side 61 – 52 the best other side")."""
        rules = VARIANTS.get(self.variant, STANDARD)
        mine, theirs = self.learner_score, self.bot_score
        if rules.partnerships:
            return _("Your side %(mine)d – %(theirs)d the best other side", mine=mine, theirs=theirs)
        if rules.players > 2:
            return _("You %(mine)d – %(theirs)d the best other player", mine=mine, theirs=theirs)
        if self.with_people:
            return _("You %(mine)d – %(theirs)d the other player", mine=mine, theirs=theirs)
        return _("You %(mine)d – %(theirs)d bot", mine=mine, theirs=theirs)


def learner_games(learner_id: int) -> tuple[GameSummary, ...]:
    """The games the learner sits at, or sat at until the host gave their seat to a
    bot, unfinished first, newest first."""
    other = aliased(GameSeat)
    people = (select(func.count()).where(other.game_id == SavedGame.id, other.learner_id.is_not(None))
              .correlate(SavedGame).scalar_subquery())
    rows = db.session.execute(
        select(SavedGame, GameSeat, people).join(GameSeat, GameSeat.game_id == SavedGame.id)
        .where(or_(GameSeat.learner_id == learner_id, GameSeat.left_by == learner_id))
        .order_by(SavedGame.finished, SavedGame.updated_at.desc(), SavedGame.id.desc())
        .limit(50)
    ).all()
    return tuple(
        GameSummary(r.id, r.level, r.variant, r.target, r.counting, r.finished, s.score, s.others_score, s.won,
                    r.updated_at, r.giveaway, with_people=seated > 1 or s.learner_id != learner_id,
                    left=s.learner_id != learner_id)
        for r, s, seated in rows
    )


def _update_if_current(model: type[SavedGame] | type[GameSeat] | type[SolitaireGame],
                       where: Sequence[ColumnElement[bool]], version: int, values: dict[str, Any]) -> None:
    """Write ``values`` to the row and move it to the next version, only if it is
    still at ``version``: nobody moved it on meanwhile (two tabs, two people
    racing).  Otherwise roll back and raise :class:`StaleAction`.  The caller
    commits, with what the move records."""
    result = cast("CursorResult[Any]", db.session.execute(  # DML: a result with a rowcount
        update(model)
        .where(*where, model.version == version)
        .values(**values, version=version + 1)
        .execution_options(synchronize_session=False)
    ))
    if result.rowcount != 1:
        db.session.rollback()
        raise StaleAction()


def save_if_current(model: type[SolitaireGame], row_id: int, version: int, values: dict[str, Any]) -> None:
    """Write ``values`` to the row with this id only if it is still at ``version``
    (see :func:`_update_if_current`)."""
    _update_if_current(model, (model.id == row_id,), version, values)


def _seat_where(seat: GameSeat) -> tuple[ColumnElement[bool], ...]:
    return (GameSeat.game_id == seat.game_id, GameSeat.seat == seat.seat)


def _finish(game: Game, seats: Sequence[GameSeat]) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """What a finished game writes: the game's result, and each person's
    (their side won or not; its score on the board and the best of the
    others', a side that pegged out standing in the game hole)."""
    outcome = game.outcome
    assert outcome is not None  # called once the game is over
    rules = game.rules
    board = [rules.peg_hole(score) for score in outcome.scores]
    result = {"finished": True, "skunk": int(outcome.skunk), "match_points": outcome.match_points,
              "deals": game.deal_number, "finished_at": utcnow()}
    # Where each seat's points came from, kept once so the long-term statistics read sums, not games.
    made = totals.seat_totals(rules, game.log)
    people = {}
    for seat in seats:
        if seat.learner_id is None:
            continue
        mine = rules.side_of(seat.seat)
        own = made[seat.seat]
        people[seat.seat] = {"won": outcome.winner == mine, "score": board[mine],
                             "others_score": max(score for side, score in enumerate(board) if side != mine),
                             "pegging_points": own.pegging, "hand_points": own.hand, "crib_points": own.crib,
                             "take_back": None}
    return result, people


# ---------------------------------------------------------------- the seats' players


class _SeatBot:
    """A bot seat's player: its level (with the seat's under-count rate), made
    afresh for each decision with a random state fixed by the game's seed and
    the length of the log, so a game replays the same however its moves are
    split between requests.  In giveaway it plays to score as little as it can."""

    def __init__(self, level: Level, miss_rate: float | None, game_seed: int, giveaway: bool) -> None:
        profile = PROFILES[level]
        self.profile = profile if miss_rate is None else replace(profile, miss_rate=miss_rate)
        self.game_seed = game_seed
        self.giveaway = giveaway

    def _bot(self, view: PlayerView) -> Player:
        bot = Bot(self.profile, seed=self.game_seed * 1_000_003 + len(view.log))
        return GiveawayBot(bot) if self.giveaway else bot

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        return self._bot(view).choose_discard(view)

    def choose_play(self, view: PlayerView) -> Card:
        return self._bot(view).choose_play(view)

    def claim_show(self, view: PlayerView, claim: PendingClaim) -> int:
        return self._bot(view).claim_show(view, claim)

    def choose_muggins(self, view: PlayerView, window: MugginsWindow) -> bool:
        return self._bot(view).choose_muggins(view, window)


def _players(sitters: Sequence[Sitter], game_seed: int, giveaway: bool) -> list[Player | None]:
    """The engine's players for the seats: a bot for each bot seat, None for a person."""
    return [None if sitter.level is None else _SeatBot(sitter.level, sitter.miss_rate, game_seed, giveaway)
            for sitter in sitters]


def _players_at(seated: SeatedGame, sitters: Sequence[Sitter] | None = None) -> list[Player | None]:
    """The engine's players for a loaded game: a person who is away is played by a bot of :data:`STAND_IN`."""
    sitters = list(seated.seating.sitters if sitters is None else sitters)
    for seat in seated.seats:
        if seat.away and seat.learner_id is not None:
            sitters[seat.seat] = Sitter.bot(STAND_IN)
    return _players(sitters, seated.row.bot_seed, seated.game.rules.giveaway)


#: The decisions the coach analyses (and grading judges).
_ANALYSED = (Action.DISCARD, Action.PLAY)


def _advice_of(seat: GameSeat) -> coach.Advice | None:
    return None if seat.advice is None else coach.Advice.from_dict(json.loads(seat.advice))


def _next_advice(game: Game, seat: GameSeat, game_seed: int, chances: bool) -> str | None:
    """The advice a person's seat keeps now: the stored one while it still fits
    the decision they face, a new analysis when they face another discard or
    card, None when they face neither."""
    action = game.awaits(seat.seat)
    if action not in _ANALYSED:
        return None
    view = PlayerView.of(game, seat.seat)
    kept = _advice_of(seat)
    if kept is not None and kept.fits(view, action, chances=chances):
        return seat.advice
    advice = coach.advise(view, action, game_seed, chances=chances)
    return None if advice is None else json.dumps(advice.to_dict())


def _coached(seat: GameSeat, learner_id: int, coached: bool) -> bool:
    """Whether the person in ``seat`` has the coach on (``coached``: the acting learner's setting)."""
    if seat.learner_id == learner_id:
        return coached
    return seat.learner_id is not None and table_settings.settings_of(seat.learner_id).coach


# ---------------------------------------------------------------- set-up


def new_game(
    learner_id: int,
    setup: GameSetup,
    *,
    seed: int | None = None,
    miss_rate: float | None = None,
    match_id: int | None = None,
    match_game: int | None = None,
    dealer: int | None = None,
    sitters: Sequence[Sitter] | None = None,
    coached: bool = False,
    say_go: bool = False,
    live_key: str | None = None,
    clock: TableClock | None = None,
) -> int:
    """Start a game hosted by the learner and return its id.  ``sitters`` is who
    sits in each seat (by default the learner in seat 0 and bots of the
    set-up's level in the others); ``seed`` fixes the deal (tests);
    ``miss_rate`` replaces the bots' under-count rate (tests); ``match_id`` and
    ``match_game`` make it that game of a match; ``dealer`` deals first
    (None: the cut decides); ``coached``: the learner has the coach on, so
    their first decision is analysed with its chances to win; ``say_go``: go
    is said for them (their reveal does not stop at their own go); ``live_key``:
    the key of the table's live stream (a playroom's table of people), on which
    every move is announced, and ``clock`` its host's limits.  Raises
    :class:`IntegrityError` (rolled back) when the match has that game already."""
    rng = random.Random(seed)
    rules = setup.rules()
    game = Game(rules, rng.randrange(2**31), dealer=dealer, automate=Automation.CUT_FOR_DEAL)
    seated = tuple(sitters) if sitters is not None else default_sitters(rules, learner_id, setup.level, miss_rate)
    if len(seated) != rules.players:
        raise ValueError(f"{setup.variant} seats {rules.players}, not {len(seated)}")
    sitting = [sitter.learner_id for sitter in seated if sitter.learner_id is not None]
    if len(set(sitting)) != len(sitting):
        raise ValueError("a learner sits in one seat of a game")
    row = SavedGame(
        host_id=learner_id,
        level=setup.level.value,
        variant=setup.variant,
        target=rules.target,
        counting=setup.counting.value,
        pegging_muggins=setup.pegging_muggins,
        skunks=setup.skunks,
        giveaway=setup.giveaway,
        practice=setup.practice,
        bot_seed=rng.randrange(2**31),
        match_id=match_id,
        match_game=match_game if match_id is not None else None,
        match_points_to_win=MATCH_POINTS if (setup.match or match_id) else 0,
        state="{}",
        live_key=live_key,
        away_after=None if clock is None else clock.away_after,
        call_within=None if clock is None else clock.call_within,
    )
    db.session.add(row)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise
    if setup.match and match_id is None:
        row.match_id, row.match_game = row.id, 1
    seats = [
        GameSeat(game_id=row.id, seat=index, learner_id=sitter.learner_id,
                 bot_level=None if sitter.level is None else sitter.level.value,
                 bot_miss_rate=None if sitter.level is None else
                 (PROFILES[sitter.level].miss_rate if sitter.miss_rate is None else sitter.miss_rate),
                 version=0, seen=0, mark=0, notes="[]", score=0, others_score=0)
        for index, sitter in enumerate(seated)
    ]
    play_until(game, _players([_sitter(seat, {}) for seat in seats], row.bot_seed, rules.giveaway))
    for seat in seats:
        if seat.learner_id is not None:
            seat.seen = _next_stop(game.log_seen_by(seat.seat), 0, seat.seat, _says_go(seat, learner_id, say_go))
            seat.advice = _next_advice(game, seat, row.bot_seed, _coached(seat, learner_id, coached))
    row.state = json.dumps(game.to_dict())
    if game.is_over:  # nobody at the table decides anything: the bots played it through
        result, people = _finish(game, seats)
        for name, value in result.items():
            setattr(row, name, value)
        for seat in seats:
            for name, value in people.get(seat.seat, {}).items():
                setattr(seat, name, value)
    db.session.add_all(seats)
    db.session.commit()
    return row.id


# ---------------------------------------------------------------- actions



#: The moves a practice game lets the learner take back: their decisions (a cut
#: is chance, and a claim is settled by the others at once).
_TAKEN_BACK = (Discard, PlayCard)
#: Events that settle a claim: under muggins no move is taken back past one.
_SETTLED = (TrueCount, MugginsCalled, MugginsPassed)


def act(learner_id: int, game_id: object, version: int, move: GameMove, *, coached: bool = False,
        say_go: bool = False) -> str | None:
    """Apply one of the learner's moves, drawn at their seat's ``version``; returns a
    message to show, if any.  ``coached``: the learner has the coach on, so each
    of their decisions is analysed with its chance to win, for the hint, the
    verdict and the review (it costs tens of milliseconds a decision);
    ``say_go``: go is said for them (their reveal runs on past their own go).

    Raises :class:`GameActionError` (with a message for the learner) for an
    action the rules forbid, bad input, or a stale version, and the game is
    unchanged; :class:`NotSeated` when the learner has no seat in the game.
    """
    seated = _load(learner_id, game_id)
    if seated is None:
        raise NotSeated(game_id)
    mine = seated.mine
    if version != mine.version:
        raise StaleAction()
    game, seat = seated.game, seated.seat
    log = game.log_seen_by(seat)
    if isinstance(move, TakeBack):
        _take_back(seated, version)
        return _("Your move was taken back: the table is as it was before it.")
    if isinstance(move, (Continue, SayGo, Skip)):
        if mine.seen >= len(log):
            raise GameActionError(_("There is nothing more to show: it is your move."))
        if isinstance(move, SayGo) and not at_own_go(log, mine.seen, seat):
            raise GameActionError(_("Go is said only when none of your cards fits under 31."))
        seen = skip_deal(log, mine.seen) if isinstance(move, Skip) else _next_stop(log, mine.seen, seat, say_go)
        _update_if_current(GameSeat, _seat_where(mine), version, {"mark": mine.seen, "seen": seen})
        db.session.commit()
        return None
    if mine.seen < len(log):
        raise GameActionError(_("First finish looking at the table: press Next (or Go)."))
    log_before = len(game.log)
    kept = json.loads(mine.notes)
    # The game and the seat as they were, for a practice game to take the move back to.
    before = _before_move(seated) if seated.row.practice and isinstance(move, _TAKEN_BACK) else None
    message, attempt = _apply(seated, move, kept, coached)
    play_until(game, _players_at(seated))
    _save_move(seated, version, log_before, kept, learner_id, coached, say_go, before)
    if seated.row.live_key is not None:  # every seat's page hears of it once the move is committed
        _announce_move(seated.row)
    new_events = game.log[log_before:]
    for person in seated.people():
        assert person.learner_id is not None  # people() holds the seats with a learner
        if seated.row.practice:
            continue  # unrated: nothing of a practice game goes to the record
        made = [a for a in ([attempt] if person.seat == seat else []) + _count_attempts(new_events, person.seat)
                if a is not None]
        answers.rate_attempts(person.learner_id, made, attempts.record_attempts(person.learner_id, made))
    db.session.commit()  # the move and its records together
    return message


def _before_move(seated: SeatedGame) -> str:
    """The saved game and the acting seat before a move (the engine's save, as read), as JSON."""
    mine = seated.mine
    return json.dumps({"state": seated.row.state, "log": len(seated.game.log), "seen": mine.seen,
                       "mark": mine.mark, "notes": mine.notes, "advice": mine.advice})


def can_take_back(seated: SeatedGame) -> bool:
    """Whether the learner may take back their latest move: a practice game not
    over, a move kept to go back to, and no claim settled since it (muggins)."""
    kept = seated.mine.take_back
    if not seated.row.practice or kept is None or seated.game.is_over:
        return False
    since = seated.game.log[json.loads(kept)["log"]:]
    return not any(isinstance(event, _SETTLED) for event in since)


def _take_back(seated: SeatedGame, version: int) -> None:
    """Put the game and the learner's seat back as they were before their latest
    move (the engine's saved state, restored as it was read), over the versions
    they were read at; a refusal, with the reason, when it cannot be done."""
    if not seated.row.practice:
        raise GameActionError(_("Moves are taken back only in a practice game."))
    if not can_take_back(seated):
        if seated.mine.take_back is not None and not seated.game.is_over:
            raise GameActionError(_("A count was settled since that move: under muggins it stands."))
        raise GameActionError(_("There is no move of yours to take back now."))
    mine, row = seated.mine, seated.row
    before = json.loads(mine.take_back or "{}")
    _update_if_current(GameSeat, _seat_where(mine), version,
                       {"seen": before["seen"], "mark": before["mark"], "notes": before["notes"],
                        "advice": before["advice"], "take_back": None})
    _update_if_current(SavedGame, (SavedGame.id == row.id,), row.version,
                       {"state": before["state"], "updated_at": utcnow()})
    db.session.commit()


def _next_stop(log: Sequence[Event], seen: int, seat: int, say_go: bool) -> int:
    """The seat's next stop (:func:`trainer.play.table.next_stop`); with ``say_go``
    their own go is said for them, so the reveal runs on past it."""
    stop = next_stop(log, seen, seat)
    while say_go and at_own_go(log, stop, seat):
        stop = next_stop(log, stop, seat)
    return stop


def _says_go(seat: GameSeat, learner_id: int, say_go: bool) -> bool:
    """Whether go is said for the person in ``seat`` (``say_go``: the acting learner's setting)."""
    if seat.learner_id == learner_id:
        return say_go
    return seat.learner_id is not None and table_settings.settings_of(seat.learner_id).say_go


def _save_move(seated: SeatedGame, version: int, log_before: int, kept: list[dict[str, Any]], learner_id: int,
               coached: bool, say_go: bool = False, before: str | None = None) -> None:
    """Write a move: the acting seat's cursor (to its next stop) and notes over
    the version its form was drawn at, then the game's state over the version
    it was read at (either stale: :class:`StaleAction`, nothing written); each
    person's advice for the decision they now face, and everyone's result once
    the game is over."""
    game, seat, row = seated.game, seated.seat, seated.row
    game_values: dict[str, Any] = {"state": json.dumps(game.to_dict()), "updated_at": utcnow()}
    seat_values: dict[int, dict[str, Any]] = {}
    for person in seated.people():
        values = seat_values.setdefault(person.seat, {})
        advice = _next_advice(game, person, row.bot_seed, _coached(person, learner_id, coached))
        if advice != person.advice:
            values["advice"] = advice
    if game.is_over:
        result, people = _finish(game, seated.seats)
        game_values.update(result)
        for index, values in people.items():
            seat_values[index].update(values)
    for person in seated.people():
        if person.seat != seat and person.seen >= log_before:
            # They had seen the whole table and were waiting for the others: the
            # move reaches them now, their reveal running on to their next stop.
            seat_values[person.seat].update(
                mark=person.seen,
                seen=_next_stop(game.log_seen_by(person.seat), person.seen, person.seat,
                                _says_go(person, learner_id, say_go)))
    seat_values[seat].update(mark=log_before, seen=_next_stop(game.log_seen_by(seat), log_before, seat, say_go),
                             notes=json.dumps(kept))
    if before is not None and not game.is_over:
        seat_values[seat]["take_back"] = before
    _update_if_current(GameSeat, _seat_where(seated.mine), version, seat_values.pop(seat))
    _update_if_current(SavedGame, (SavedGame.id == row.id,), row.version, game_values)
    for index, values in seat_values.items():
        if values:
            db.session.execute(update(GameSeat).where(*_seat_where(seated.seats[index])).values(**values))


#: The engine's action each move takes, for the words of a refusal.
_ATTEMPTED: dict[type, Action] = {
    Discard: Action.DISCARD, Cut: Action.CUT, PlayCard: Action.PLAY, ClaimPoints: Action.CLAIM,
    Muggins: Action.MUGGINS, Accept: Action.MUGGINS,
}


def _apply(seated: SeatedGame, move: GameMove, kept: list[dict[str, Any]],
           coached: bool) -> tuple[str | None, attempts.NewAttempt | None]:
    """Apply ``move`` to the game for the learner's seat, noting a discard or a card
    for the review (in ``kept``); returns the message to show and the attempt
    for the record.  The engine checks the move; a refusal becomes the
    learner's words and changes nothing."""
    game, seat, seed = seated.game, seated.seat, seated.row.bot_seed
    before = PlayerView.of(game, seat)
    advice = _advice_of(seated.mine)
    try:
        match move:
            case Discard(cards):
                game.discard(seat, cards)
                analysis = coach.analysis_for(before, Action.DISCARD, seed, advice, chances=coached)
                assert isinstance(analysis, coach.DiscardAnalysis)
                laid, attempt = notes.judge_discard(before, cards, analysis)
                kept.append(laid.to_dict())
                return None, attempt
            case Cut(lift):
                if game.awaits(seat) is not Action.CUT:  # the engine's cut takes no seat: it says whose it is
                    raise _refused(Refusal.of(Breach.NOT_NOW, attempted=Action.CUT, expected=game.expected))
                game.cut(_lift(game, lift))
            case PlayCard(None):
                raise GameActionError(_("Choose one of the cards in your hand."))
            case PlayCard(Card() as card):
                game.play(seat, card)
                analysis = coach.analysis_for(before, Action.PLAY, seed, advice, chances=coached)
                assert isinstance(analysis, coach.PlayAnalysis)
                played, attempt = notes.judge_play(before, card, analysis, seed)
                kept.append(played.to_dict())
                return None, attempt
            case ClaimPoints(points):
                game.claim(seat, read_count(points, _("Type your count as a number, like 8.")))
            case Muggins(pointed):
                window = game.muggins_window
                game.call_muggins(seat)
                return _pointed(window, pointed), None
            case Accept():
                game.pass_muggins(seat)
            case _:
                raise GameActionError(_("That is not something you can do in a game."))
    except IllegalActionError as error:
        raise _refused(error.refusal, _ATTEMPTED.get(type(move))) from None
    return None, None


def _refused(refusal: Refusal, attempted: Action | None = None) -> GameActionError:
    """A refusal of the engine's, in the learner's words."""
    return GameActionError(refusal_text(refusal, attempted))


def _lift(game: Game, raw: str) -> int | None:
    """Where the learner cut the pack (None: anywhere); the engine says how close to an end it may be."""
    text = str(raw).strip()
    if not text:
        return None
    if not text.isdecimal():  # no number of cards: told as the engine tells a cut out of its range
        low, high = game.cut_range
        raise _refused(Refusal.of(Breach.CUT_TOO_CLOSE, lift=text, low=low, high=high))
    return int(text)


def read_count(raw: object, not_a_number: str) -> int:
    """A count the learner typed: a whole number of at most three digits;
    otherwise :class:`GameActionError` with ``not_a_number``.  Whether it is
    a count the cards could make is the engine's to say."""
    text = str(raw).strip()
    if not text.isdecimal() or len(text) > 3:
        raise GameActionError(not_a_number)
    return int(text)


def _pointed(window: MugginsWindow | None, pointed: tuple[Card, ...]) -> str | None:
    """What the cards the learner pointed at when calling muggins make in the claim's true count."""
    if window is None or not pointed:
        return None
    match = [item for item in window.claim.true_items() if set(item.cards) == set(pointed)]
    if match:
        return ngettext("Yes: those cards make a %(item)s for %(num)d.", "Yes: those cards make a %(item)s for %(num)d.",
                        match[0].points, item=words.item_name(match[0]))
    return _("Those cards do not make one of the combinations in that count.")


def _count_attempts(events: Sequence[Event], seat: int) -> list[attempts.NewAttempt | None]:
    """Each of the seat's settled hand and crib counts goes to its person's record,
    as a show attempt counted by total (so the review can bring misses back)."""
    counted: list[attempts.NewAttempt | None] = []
    shown: Shown | None = None
    for event in events:
        match event:
            case Shown():
                shown = event
            case TrueCount(player=player, what=what, claimed=claimed) if (
                    player == seat and what is not Counted.PLAY and shown is not None):
                counted.append(grading.counted_show_attempt(shown.cards, shown.starter, crib=what is Counted.CRIB,
                                                          claimed=claimed, source=attempts.AttemptSource.GAME))
    return counted


# ---------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class TableView:
    """A table page: the table at the learner's reveal cursor, the coach there
    (None: the coach is off), and what else the page offers."""

    table: Table
    coaching: coach.Coaching | None
    #: A practice game offers to take the latest move back (see :func:`can_take_back`).
    take_back: bool = False
    practice: bool = False
    #: A playroom's table: the key of its live stream and the live version shown (None: not live).
    live: LiveTable | None = None
    #: The latest phrases said at the table, each with who said it (from the viewer's chair).
    said: tuple[tuple[str, str], ...] = ()
    #: At a table of people the viewer hosts: the other people's seats (seat, name), any of which
    #: they may hand to a bot while the game lasts (empty otherwise).
    replaceable: tuple[tuple[int, str], ...] = ()
    #: The other people a bot plays for while they are away (their names from the viewer's chair).
    away: tuple[str, ...] = ()
    #: A bot plays for the viewer: they were away (:func:`come_back` ends it).
    you_are_away: bool = False
    #: The host's clock of a table of people (None: nobody is timed).
    clock: TableClock | None = None
    #: The learners seated at the game, in seat order, and those of them whose decision the game
    #: awaits now (:attr:`engine.game.Game.to_act`; none once it is over): pass and play reads them.
    people: tuple[int, ...] = ()
    awaited: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class LiveTable:
    """What a table's page needs to follow it live: its stream's key, the version it
    shows, and in how many seconds the table's clock runs out (None: it does not),
    when the page asks the server to let it act (:func:`settle_clock`)."""

    key: str
    version: int
    clock_in: int | None = None


def live_version(row: SavedGame) -> int:
    """A table's live version: its moves and the phrases said at it (see :mod:`trainer.play.talk`)."""
    return row.version + row.talk


def _announce_move(row: SavedGame) -> None:
    """Announce a table's move (written, not yet committed) at its live version as the
    database now has it, not as the request read it: a phrase said meanwhile by
    someone else moved it too, and the page that heard the phrase must not take
    the move for it (both would otherwise announce the same number)."""
    assert row.live_key is not None
    now = db.session.execute(select(SavedGame.version + SavedGame.talk).where(SavedGame.id == row.id)).scalar_one()
    announce(row.live_key, now)


def table_view(learner_id: int, game_id: object, *, coached: bool = False) -> TableView | None:
    """The table of one of the learner's games at their reveal cursor, and, with
    the coach on, the coach there (see :mod:`trainer.play.coach`): the meter at
    the scores shown, the hint at their decision once the reveal has caught
    up, and the verdict on their latest decision while its moment lasts.  None: not theirs."""
    seated = _load(learner_id, game_id)
    if seated is None:
        return None
    row, mine, game = seated.row, seated.mine, seated.game
    table = table_of(game, seated.seating, seen=mine.seen, mark=mine.mark, game_id=row.id, version=mine.version,
                     level=row.level, match_id=row.match_id)
    left = seconds_left(seated)
    live = None if row.live_key is None else LiveTable(
        row.live_key, live_version(row), None if left is None else max(0, math.ceil(left)))
    said = tuple((seated.seating.name(s.seat), s.text) for s in talk.latest(row.id)) if live is not None else ()
    hosting = live is not None and row.host_id == learner_id and not game.is_over
    replaceable = tuple((other.seat, seated.seating.name(other.seat)) for other in seated.people()
                        if other.seat != seated.seat) if hosting else ()
    away = tuple(seated.seating.name(other.seat) for other in seated.people()
                 if other.away and other.seat != seated.seat)
    people = tuple(person.learner_id for person in seated.people() if person.learner_id is not None)
    awaited = tuple(sitter.learner_id for sitter in (seated.seating.sitters[seat] for seat in game.to_act)
                    if sitter.learner_id is not None)
    return TableView(table, _coaching(seated, table) if coached else None, can_take_back(seated), bool(row.practice),
                     live, said, replaceable, away, mine.away, _clock(row), people, awaited)


def hand_to_bot(host_id: int, game_id: object, seat: int, level: Level) -> None:
    """The host of a table of people gives an absent person's seat to a bot of
    ``level``, which plays it from now on (the person no longer sits at the game).
    The bots play until a person must decide; the change is saved over the game's
    version and announced like a move.  :class:`NotSeated` when the host has no
    seat in the game; :class:`GameActionError` when they are not its host, the seat
    holds no other person, or the game is over."""
    seated = _load(host_id, game_id)
    if seated is None:
        raise NotSeated(game_id)
    row, game = seated.row, seated.game
    if row.host_id != host_id or row.live_key is None:
        raise GameActionError(_("Only the host of the table can do that."))
    if game.is_over:
        raise GameActionError(_("That game is over."))
    if not 0 <= seat < len(seated.seats) or seat == seated.seat or seated.seats[seat].learner_id is None:
        raise GameActionError(_("That seat holds nobody else to replace."))
    sitters = list(seated.seating.sitters)
    sitters[seat] = Sitter.bot(level)
    log_before = len(game.log)
    play_until(game, _players_at(seated, sitters))
    db.session.execute(update(GameSeat).where(*_seat_where(seated.seats[seat])).values(
        learner_id=None, bot_level=level.value, bot_miss_rate=PROFILES[level].miss_rate, advice=None,
        take_back=None, away=False, left_by=seated.seats[seat].learner_id))
    _save_unasked(seated, log_before, [person for person in seated.people() if person.seat != seat])


def _save_unasked(seated: SeatedGame, log_before: int, people: Sequence[GameSeat]) -> None:
    """Save what the game did with no person's move (bots played, a clock ran out):
    the game over its version (the result once it is over), each of ``people``'s
    advice, and the cursor of each who had seen the whole table on to their next
    stop; announced like a move, and committed."""
    row, game = seated.row, seated.game
    values: dict[str, Any] = {"state": json.dumps(game.to_dict()), "updated_at": utcnow()}
    finished: dict[int, dict[str, Any]] = {}
    if game.is_over:
        result, finished = _finish(game, people)
        values.update(result)
    _update_if_current(SavedGame, (SavedGame.id == row.id,), row.version, values)
    nobody = 0  # no person acts here: each one's coach and "say go" are their own settings
    for person in people:
        changes = dict(finished.get(person.seat, {}))
        advice = _next_advice(game, person, row.bot_seed, _coached(person, nobody, False))
        if advice != person.advice:
            changes["advice"] = advice
        if person.seen >= log_before and len(game.log) > log_before:  # the bots' moves reach them
            changes.update(mark=person.seen, seen=_next_stop(game.log_seen_by(person.seat), person.seen, person.seat,
                                                             _says_go(person, nobody, False)))
        if changes:
            db.session.execute(update(GameSeat).where(*_seat_where(person)).values(**changes))
    if row.live_key is not None:
        _announce_move(row)
    db.session.commit()


def _clock(row: SavedGame) -> TableClock | None:
    """The host's clock of a table of people (None: a table nobody times)."""
    if row.live_key is None or (row.away_after is None and row.call_within is None):
        return None
    return TableClock(row.away_after, row.call_within)


def _waited_on(seated: SeatedGame) -> tuple[int, ...]:
    """The seats of the people (not away) the game waits on now."""
    return tuple(seat for seat in seated.game.to_act
                 if seated.seats[seat].learner_id is not None and not seated.seats[seat].away)


def seconds_left(seated: SeatedGame, now: datetime | None = None) -> float | None:
    """How long the people the table waits on have before its clock runs out
    (None: nobody is timed: no clock, the game over, or the wait is a bot's)."""
    clock = _clock(seated.row)
    if clock is None or seated.game.is_over or not _waited_on(seated):
        return None
    limit = clock.waits_for(seated.game.expected)
    if limit is None:
        return None
    return limit - ((now or utcnow()) - seated.row.updated_at).total_seconds()


def settle_clock(learner_id: int, game_id: object, *, now: datetime | None = None) -> bool:
    """Let the table's clock act, asked by anyone seated at it: when the people
    it waits on have had their time, a muggins window closes with their pass,
    and otherwise each is away and a bot of :data:`STAND_IN` moves for them (and
    goes on doing so until they come back).  Returns whether anything changed;
    :class:`NotSeated` when the learner has no seat in the game.  Two people
    settling at once: one writes, the other's write is refused as stale."""
    seated = _load(learner_id, game_id)
    if seated is None:
        raise NotSeated(game_id)
    left = seconds_left(seated, now)
    if left is None or left > 0:
        return False
    game, waited = seated.game, _waited_on(seated)
    log_before = len(game.log)
    clock = _clock(seated.row)
    assert clock is not None  # seconds_left found one
    try:
        if game.expected is Action.MUGGINS and clock.call_within is not None:
            for seat in waited:  # their time to call is up: the count stands
                if game.awaits(seat) is Action.MUGGINS:
                    game.pass_muggins(seat)
        else:
            for seat in waited:
                seated.seats[seat].away = True
            db.session.execute(update(GameSeat).where(GameSeat.game_id == seated.row.id, GameSeat.seat.in_(waited))
                               .values(away=True).execution_options(synchronize_session=False))
        play_until(game, _players_at(seated))
        _save_unasked(seated, log_before, seated.people())
    except StaleAction:
        return False  # someone moved (or settled) first: their table stands
    return True


def play_out_abandoned(before: datetime, *, at_most: int = 5) -> int:
    """Let the bots finish tables of people nobody has moved at since ``before``
    (everyone left): each person is away, a bot of :data:`STAND_IN` plays for
    them to the end, and their results are kept as for any finished game.  At
    most ``at_most`` tables a call, so the request that asks stays quick; returns
    how many were played out."""
    abandoned = db.session.scalars(
        select(SavedGame.id).where(SavedGame.live_key.is_not(None), SavedGame.finished.is_(False),
                                   SavedGame.updated_at < before).order_by(SavedGame.updated_at).limit(at_most)
    ).all()
    played = 0
    for game_id in abandoned:
        host = db.session.scalar(select(GameSeat.learner_id).where(GameSeat.game_id == game_id,
                                                                   GameSeat.learner_id.is_not(None)).limit(1))
        seated = None if host is None else _load(host, game_id)
        if seated is None:
            continue
        db.session.execute(update(GameSeat).where(GameSeat.game_id == game_id, GameSeat.learner_id.is_not(None))
                           .values(away=True).execution_options(synchronize_session=False))
        for person in seated.people():
            person.away = True
        log_before = len(seated.game.log)
        play_until(seated.game, _players_at(seated))
        try:
            _save_unasked(seated, log_before, seated.people())
        except StaleAction:
            continue  # someone came back and moved just now: their table goes on
        played += 1
    return played


def come_back(learner_id: int, game_id: object) -> None:
    """The learner is back at a table where a bot played for them while they were
    away: their decisions are theirs again.  :class:`NotSeated`: no seat there."""
    seated = _load(learner_id, game_id)
    if seated is None:
        raise NotSeated(game_id)
    if not seated.mine.away:
        return
    db.session.execute(update(GameSeat).where(*_seat_where(seated.mine)).values(away=False))
    # The game's version moves (not its clock), so the others' pages stop saying they are away.
    db.session.execute(update(SavedGame).where(SavedGame.id == seated.row.id)
                       .values(version=SavedGame.version + 1).execution_options(synchronize_session=False))
    if seated.row.live_key is not None:
        _announce_move(seated.row)
    db.session.commit()


def say(learner_id: int, game_id: object, phrase: talk.Phrase) -> None:
    """The learner says a preset phrase at a playroom's table (:mod:`trainer.play.talk`);
    :class:`NotSeated` when they have no seat there, :class:`GameActionError` at a table not of people."""
    seated = _load(learner_id, game_id)
    if seated is None:
        raise NotSeated(game_id)
    if seated.row.live_key is None:
        raise GameActionError(_("Phrases are said at tables of people."))
    talk.say(seated.row, seated.seat, phrase)
    db.session.commit()


def load_table(learner_id: int, game_id: object) -> Table | None:
    """The table of one of the learner's games, at their reveal cursor (None: not theirs)."""
    view = table_view(learner_id, game_id)
    return None if view is None else view.table


def _coaching(seated: SeatedGame, table: Table) -> coach.Coaching:
    game, seat, mine = seated.game, seated.seat, seated.mine
    rules = game.rules
    kept = [notes.note_of(n) for n in json.loads(mine.notes)]
    latest = kept[-1] if kept and kept[-1].deal == table.deal_number else None
    # No verdict in giveaway (points are bad there) nor on a card among three or four (not judged).
    judged = latest is not None and not rules.giveaway and (
        isinstance(latest, notes.DiscardNote) or rules.players == 2)
    hint = None
    action = game.awaits(seat)
    if mine.seen >= len(game.log) and action in _ANALYSED:
        view = PlayerView.of(game, seat)
        analysis = coach.analysis_for(view, action, seated.row.bot_seed, _advice_of(mine), chances=True)
        hint = coach.hint(view, action, analysis)
    my_crib = None if table.dealer is None else rules.side_of(table.dealer) == 0
    return coach.coaching(rules, scores=table.scores, my_crib=my_crib, hint=hint,
                          verdict=latest.verdict if latest is not None and judged else None, phase=table.phase)


# ---------------------------------------------------------------- after the game


def seat_given_away(learner_id: int, game_id: object) -> bool:
    """Whether the host of this table gave the learner's seat to a bot (they no longer sit at it)."""
    key = learners.row_key(game_id)
    return key is not None and db.session.scalar(
        select(GameSeat.seat).where(GameSeat.game_id == key, GameSeat.left_by == learner_id).limit(1)) is not None


def finished_game(learner_id: int, game_id: object, *, former: bool = False) -> SeatedGame | None:
    """The learner's game, read once, if it is over (None: not over yet);
    :class:`NotSeated` when the learner has no seat in it (``former``: nor had
    one until the host gave it to a bot)."""
    seated = _load(learner_id, game_id, former=former)
    if seated is None:
        raise NotSeated(game_id)
    return seated if seated.row.finished and seated.game.is_over else None


def match_score(row: SavedGame) -> tuple[tuple[int, ...], MatchResult | None]:
    """The match points of each side (in the engine's order) after the finished
    games of ``row``'s match, and the engine's result once the match is won."""
    states = db.session.scalars(
        select(SavedGame.state)
        .where(SavedGame.match_id == row.match_id, SavedGame.host_id == row.host_id, SavedGame.finished.is_(True))
        .order_by(SavedGame.match_game)
    )
    games = [Game.from_dict(json.loads(state)) for state in states]
    outcomes = [game.outcome for game in games if game.outcome is not None]
    sides = VARIANTS[row.variant].sides if row.variant in VARIANTS else 2
    return standing(outcomes, sides, row.match_points_to_win)


def _first_dealer(game: Game) -> int | None:
    return next((event.dealer for event in game.log if isinstance(event, Dealt)), None)


def next_match_game(learner_id: int, game_id: object, *, coached: bool = False) -> int | None:
    """Start the next game of a match after a finished one and return its id; if
    it was started already (a double click, two presses at once), the id of
    that game.  The engine says who deals first (:func:`engine.match.next_first_dealer`:
    a seat of the losing side, partners taking turns); the seats stay as they
    were.  None when the match is over or the game is not a finished match
    game; :class:`NotSeated` when the learner has no seat in it."""
    seated = _load(learner_id, game_id)
    if seated is None:
        raise NotSeated(game_id)
    row, game = seated.row, seated.game
    if not row.finished or row.match_id is None or row.match_game is None or game.outcome is None:
        return None
    if match_score(row)[1] is not None:  # the match is won
        return None
    number = row.match_game + 1
    started = select(SavedGame.id).where(
        SavedGame.match_id == row.match_id, SavedGame.match_game == number, SavedGame.host_id == row.host_id
    )
    following = db.session.scalar(started)
    if following is not None:
        return following
    first = _first_dealer(game)
    dealer = None if first is None else next_first_dealer(game.rules, game.outcome, first)
    setup, match_id, host = _setup_of(row), row.match_id, row.host_id
    try:
        return new_game(host, setup, match_id=match_id, match_game=number, dealer=dealer,
                        sitters=seated.seating.sitters, coached=coached and learner_id == host,
                        live_key=row.live_key, clock=_clock(row))  # a table of people: followed live and timed too
    except IntegrityError:  # another request added game n + 1 first: (match, number) is unique
        return db.session.scalar(started)
