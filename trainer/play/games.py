"""Games against the bot: the service between the play views and the engine.

The learner always sits in seat 0 and the bot in seat 1.  The server is the
only authority: the game lives in the database (the engine's ``to_dict``),
every action is applied by the engine, and what the browser gets is built
from the learner's own view of the game (:meth:`engine.game.Game.log_seen_by`
and :class:`engine.players.PlayerView`) and nothing else.

The bot's moves play themselves: a saved game keeps a cursor (``seen``) into
the learner's log, which each move takes on to the learner's next stop (their
own decision, their go, the end of a hand's show or of a deal; see
:func:`trainer.play.table.next_stop`), and :func:`load_table` replays the log
up to it, numbering what was revealed since ``mark`` for the page's
animation (see :mod:`trainer.play.table`).  Every form
carries the game's ``version``; an action drawn at an older version (a double
submit, a second tab) is refused and changes nothing.  A move and what it adds
to the learner's record (a discard, a card played, a count) are saved in one
commit: either both are kept or neither.

>>> GameSetup(Level.EASY, length="61").rules().target
61
>>> GameSetup(variant="three-player").rules().players
3
>>> GameSetup(variant="nine-card")
Traceback (most recent call last):
...
trainer.play.games.GameActionError: Choose the six-card, five-card or seven-card game, or three or four players.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any, Sequence, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import IntegrityError

from engine.analysis.play import PeggingView
from engine.bots.levels import PROFILES, Bot, GiveawayBot, Level, crib_is_mine
from engine.cards import Card, parse_cards
from engine.errors import IllegalActionError
from engine.events import Event, Shown, TrueCount
from engine.game import Action, Automation, Game
from engine.match import MatchResult, standing
from engine.pegging import pile_count
from engine.players import Player, PlayerView, take_turn
from engine.rules import (
    FIVE_CARD,
    FOUR_PLAYER,
    FREE_PLAY,
    SEVEN_CARD,
    SKUNK_LINES,
    STANDARD,
    THREE_PLAYER,
    Counting,
    Rules,
)
from trainer.database import db, utcnow
from trainer.drills import grading
from trainer.drills.answers import BestCard, LaidAway
from trainer.drills.deal import BestPlayQuestion, DiscardDeal
from trainer.language import words
from trainer.language.i18n import NC_, ngettext, translated_name
from trainer.language.i18n import gettext as _
from trainer.play import coach
from trainer.play.models import SavedGame, SolitaireGame
from trainer.play.table import (
    BOT,
    LEARNER,
    Table,
    at_learners_go,
    cut_range,
    level_label,
    next_stop,
    skip_deal,
    table_of,
)
from trainer.record import attempts, learners

#: Match points that win a match (free-play convention: 1 a game, 2 a skunk).
MATCH_POINTS = 3

#: The games offered, by the set-up form's name.  Three players: the learner
#: and two bots, each for themselves (RULES.md §4: five cards each, one to the
#: crib from the deck, to 61); four players: the learner and a bot partner
#: sitting opposite, against two bots (to 121).
VARIANTS: dict[str, Rules] = {
    "six-card": STANDARD, "five-card": FIVE_CARD, "seven-card": SEVEN_CARD,
    "three-player": THREE_PLAYER, "four-player": FOUR_PLAYER,
}
LENGTHS = ("own", "121", "61")

#: Each game as the set-up form offers it, and as a list of games names it.
VARIANT_LABELS = {
    "six-card": NC_("variant", "Six-card"), "five-card": NC_("variant", "Five-card"),
    "seven-card": NC_("variant", "Seven-card"), "three-player": NC_("variant", "Three players"),
    "four-player": NC_("variant", "Four players (partners)"),
}
VARIANT_NAMES = {
    "six-card": NC_("variant name", "six-card"), "five-card": NC_("variant name", "five-card"),
    "seven-card": NC_("variant name", "seven-card"), "three-player": NC_("variant name", "three-player"),
    "four-player": NC_("variant name", "four-player"),
}
#: Each way of counting the show, as the set-up form offers it and as a list of games names it.
COUNTING_LABELS = {
    Counting.AUTOMATIC.value: NC_("counting", "Automatic"), Counting.MUGGINS.value: NC_("counting", "Muggins"),
    Counting.STRICT_MUGGINS.value: NC_("counting", "Strict muggins"),
}
COUNTING_NAMES = {
    Counting.AUTOMATIC.value: NC_("counting name", "automatic"), Counting.MUGGINS.value: NC_("counting name", "muggins"),
    Counting.STRICT_MUGGINS.value: NC_("counting name", "strict muggins"),
}


def variant_label(variant: str) -> str:
    """A game as the set-up form offers it ("Six-card", "Three players")."""
    return translated_name("variant", VARIANT_LABELS, variant, variant.capitalize())


def variant_name(variant: str) -> str:
    """A game as a list of games names it ("six-card", "three-player")."""
    return translated_name("variant name", VARIANT_NAMES, variant, variant)


def counting_label(counting: str) -> str:
    """A way of counting as the set-up form offers it ("Automatic", "Strict muggins")."""
    return translated_name("counting", COUNTING_LABELS, counting, counting.capitalize())


def counting_name(counting: str) -> str:
    """A way of counting as a list of games names it ("automatic", "strict muggins")."""
    return translated_name("counting name", COUNTING_NAMES, counting, counting)


class GameActionError(ValueError):
    """Input or an action the learner cannot make now; the message is for them."""


class StaleAction(GameActionError):
    """A form drawn before the game moved on (double submit, another tab)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(
            message or _("That move came from an older page (another tab, or a double click), so nothing was changed.")
        )


# ---------------------------------------------------------------- set-up


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything chosen on the set-up form; a clear :class:`GameActionError`
    for a variant or length the trainer does not offer."""

    level: Level = Level.EASY
    variant: str = "six-card"
    length: str = "own"
    counting: Counting = Counting.AUTOMATIC
    pegging_muggins: bool = False
    skunks: bool = True
    match: bool = False
    #: Lowball: the first to reach the target loses (two players, automatic counting).
    giveaway: bool = False

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise GameActionError(_("Choose the six-card, five-card or seven-card game, or three or four players."))
        if self.length not in LENGTHS:
            raise GameActionError(_("Choose a game to 121, to 61, or the game's own length."))
        if self.giveaway and VARIANTS[self.variant].players != 2:
            raise GameActionError(_("Giveaway is a two-player game: choose six-, five- or seven-card for it."))
        if self.giveaway and self.counting.is_muggins:
            # Nobody claims a point they are trying to avoid, and nobody calls
            # muggins to take points: giveaway is played with the hands counted.
            raise GameActionError(
                _("Giveaway is played with automatic counting: under muggins nobody would claim a point.")
            )

    def rules(self) -> Rules:
        base = VARIANTS[self.variant]
        target = base.target if self.length == "own" else int(self.length)
        return base.with_options(
            target=target,
            skunk_lines=SKUNK_LINES.get(target, ()) if self.skunks else (),
            counting=self.counting,
            pegging_muggins=self.pegging_muggins,
            convention=FREE_PLAY,
            giveaway=self.giveaway,
        )


def _setup_of(row: SavedGame) -> GameSetup:
    return GameSetup(
        Level(row.level), row.variant, str(row.target) if row.target in (61, 121) else "own",
        Counting(row.counting), row.pegging_muggins, row.skunks, row.match_id is not None, row.giveaway,
    )


# ---------------------------------------------------------------- loading and saving


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

    @property
    def level_label(self) -> str:
        return level_label(self.level)

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


def game_of(row: SavedGame) -> Game:
    return Game.from_dict(json.loads(row.state))


def learner_row(learner_id: int, game_id: object) -> SavedGame | None:
    """The learner's saved game with this id; None for another learner's, or no such game."""
    return learners.owned_row(SavedGame, learner_id, game_id)


def game_exists(learner_id: int, game_id: object) -> bool:
    """Whether this learner has a game with this id (another learner's does not count)."""
    return learner_row(learner_id, game_id) is not None


def learner_games(learner_id: int) -> tuple[GameSummary, ...]:
    """The learner's games, unfinished first, newest first."""
    rows = db.session.scalars(
        select(SavedGame)
        .where(SavedGame.learner_id == learner_id)
        .order_by(SavedGame.finished, SavedGame.updated_at.desc(), SavedGame.id.desc())
        .limit(50)
    )
    return tuple(
        GameSummary(r.id, r.level, r.variant, r.target, r.counting, r.finished, r.learner_score, r.bot_score,
                    r.learner_won, r.updated_at, r.giveaway)
        for r in rows
    )


def _bot(row: SavedGame, game: Game) -> Player:
    """The bot for the next decision: its level, the saved under-count rate, and a
    random state fixed by the game and the move (so a game replays the same).
    In giveaway it plays to score as little as it can."""
    profile = replace(PROFILES[Level(row.level)], miss_rate=row.bot_miss_rate)
    bot = Bot(profile, seed=row.bot_seed * 1_000_003 + len(game.log))
    return GiveawayBot(bot) if game.rules.giveaway else bot


def new_game(
    learner_id: int,
    setup: GameSetup,
    *,
    seed: int | None = None,
    miss_rate: float | None = None,
    match_id: int | None = None,
    match_game: int | None = None,
    dealer: int | None = None,
) -> int:
    """Start a game for the learner and return its id.  ``seed`` fixes the deal
    (tests); ``miss_rate`` replaces the bot level's under-count rate (tests);
    ``match_id`` and ``match_game`` make it that game of a match.  Raises
    :class:`IntegrityError` (rolled back) when the match has that game already."""
    rng = random.Random(seed)
    game = Game(setup.rules(), rng.randrange(2**31), dealer=dealer, automate=Automation.CUT_FOR_DEAL)
    row = SavedGame(
        learner_id=learner_id,
        level=setup.level.value,
        variant=setup.variant,
        target=game.rules.target,
        counting=setup.counting.value,
        pegging_muggins=setup.pegging_muggins,
        skunks=setup.skunks,
        giveaway=setup.giveaway,
        bot_miss_rate=PROFILES[setup.level].miss_rate if miss_rate is None else miss_rate,
        bot_seed=rng.randrange(2**31),
        match_id=match_id,
        match_game=match_game if match_id is not None else None,
        match_points_to_win=MATCH_POINTS if (setup.match or match_id) else 0,
        state="{}",
    )
    db.session.add(row)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise
    if setup.match and match_id is None:
        row.match_id, row.match_game = row.id, 1
    _advance(row, game)
    row.mark, row.seen = 0, next_stop(game.log_seen_by(LEARNER), 0)
    _store(row, game)
    db.session.commit()
    return row.id


def _store(row: SavedGame, game: Game) -> None:
    row.state = json.dumps(game.to_dict())
    row.updated_at = utcnow()
    if game.outcome is not None and not row.finished:
        outcome = game.outcome
        mine = game.rules.side_of(LEARNER)
        row.finished = True
        row.learner_won = outcome.winner == mine
        # The board's score: a side that pegged out stands in the game hole.
        # With three players the bots' score kept is the better of the two.
        board = [game.rules.peg_hole(score) for score in outcome.scores]
        row.learner_score = board[mine]
        row.bot_score = max(score for side, score in enumerate(board) if side != mine)
        row.skunk = int(outcome.skunk) if row.learner_won else -int(outcome.skunk)
        row.match_points = outcome.match_points
        row.deals = game.deal_number


def save_if_current(model: type[SavedGame] | type[SolitaireGame], row_id: int, version: int,
                    values: dict[str, Any]) -> None:
    """Write ``values`` to the row and move it to the next version, only if it is
    still at ``version``: nobody moved the game on meanwhile (two tabs racing).
    Otherwise roll back and raise :class:`StaleAction`.  The caller commits, with
    what the move records."""
    result = cast("CursorResult[Any]", db.session.execute(  # DML: a result with a rowcount
        update(model)
        .where(model.id == row_id, model.version == version)
        .values(**values, version=version + 1)
        .execution_options(synchronize_session=False)
    ))
    if result.rowcount != 1:
        db.session.rollback()
        raise StaleAction()


def _save_if_current(row: SavedGame, version: int) -> None:
    """Write the row only if nobody moved the game on meanwhile (two tabs racing)."""
    values = {c.name: getattr(row, c.name) for c in SavedGame.__table__.columns if c.name not in ("id", "version")}
    db.session.expunge(row)
    save_if_current(SavedGame, row.id, version, values)


# ---------------------------------------------------------------- driving the bot


def _advance(row: SavedGame, game: Game) -> None:
    """Let the bot and the chance steps act until the learner decides or the game ends.

    Like :func:`engine.players.play_until`, except that the learner cuts the
    starter when the bot deals.
    """
    while not game.is_over:
        action = game.expected
        if action is Action.CUT and game.cutter == LEARNER:
            return
        if action in (Action.CUT_FOR_DEAL, Action.DEAL, Action.CUT, Action.SHOW):
            take_turn(game, [None] * game.rules.players)
            continue
        bots = [seat for seat in game.to_act if seat != LEARNER]
        # The learner answers first where they may (a muggins call open to
        # two players); only the discard is laid away by everyone at once.
        if not bots or (LEARNER in game.to_act and action is not Action.DISCARD):
            return
        players: list[Player | None] = [None] + [_bot(row, game)] * (game.rules.players - 1)
        take_turn(game, players, bots[0])


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Continue:
    """Go on from a stop (the end of a show or of a deal) to the learner's next one."""


@dataclass(frozen=True, slots=True)
class SayGo:
    """Say go: none of the learner's cards fits under 31."""


@dataclass(frozen=True, slots=True)
class Skip:
    """Show the rest of the deal at once."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay these cards away to the crib."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Cut:
    """Cut the pack for the starter.  ``lift`` is the number as typed (blank:
    anywhere): whether it is allowed depends on the pack, which the service knows."""

    lift: str = ""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play this card in the pegging (None: no card was picked)."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class ClaimPoints:
    """Claim a count.  ``points`` is the number as typed: its limit depends on
    what is being counted, which the service knows."""

    points: str


@dataclass(frozen=True, slots=True)
class Muggins:
    """Call muggins on the bot's claim, pointing at the combination missed (if any)."""

    pointed: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Accept:
    """Let the bot's claim stand."""


#: One thing the learner can do at the table.
GameMove = Continue | SayGo | Skip | Discard | Cut | PlayCard | ClaimPoints | Muggins | Accept


def act(learner_id: int, game_id: object, version: int, move: GameMove, *, coached: bool = False) -> str | None:
    """Apply one learner move, drawn at game ``version``; returns a message to show, if any.
    ``coached``: the learner has the coach on, so each decision's chance to win
    is noted for the verdict and the review (it costs tens of milliseconds a move).

    Raises :class:`GameActionError` (with a message for the learner) for an
    action the rules forbid, bad input, or a stale version, and the game is
    unchanged; :class:`LookupError` when the game is not the learner's.
    """
    row = learner_row(learner_id, game_id)
    if row is None:
        raise LookupError(game_id)
    if version != row.version:
        raise StaleAction()
    game = game_of(row)
    log_before = len(game.log)
    notes = json.loads(row.notes)
    message = None
    new_attempts: list[attempts.NewAttempt | None] = []
    if isinstance(move, (Continue, SayGo, Skip)):
        log = game.log_seen_by(LEARNER)
        if row.seen >= len(log):
            raise GameActionError(_("There is nothing more to show: it is your move."))
        if isinstance(move, SayGo) and not at_learners_go(log, row.seen):
            raise GameActionError(_("Go is said only when none of your cards fits under 31."))
        row.mark = row.seen
        row.seen = skip_deal(game, row.seen) if isinstance(move, Skip) else next_stop(log, row.seen)
        _save_if_current(row, version)
        db.session.commit()
        return None
    if row.seen < len(game.log):
        raise GameActionError(_("First finish looking at the table: press Next (or Go)."))
    if game.is_over:
        raise GameActionError(_("This game is over."))
    try:
        match move:
            case Discard(cards):
                new_attempts.append(_discard(game, cards, notes, coached))
            case Cut(lift):
                if not game.can_cut() or game.cutter != LEARNER:
                    raise GameActionError(_("It is not your cut now."))
                game.cut(_lift(game, lift))
            case PlayCard(card):
                new_attempts.append(_play(game, () if card is None else (card,), notes, row.bot_seed, coached))
            case ClaimPoints(points):
                _claim(game, points)
            case Muggins(pointed):
                message = _answer_muggins(game, True, pointed)
            case Accept():
                message = _answer_muggins(game, False, ())
            case _:
                raise GameActionError(_("That is not something you can do in a game."))
    except IllegalActionError:
        # The checks above catch every move the rules forbid a learner; should the
        # engine still refuse one, say so in the learner's words, never the engine's.
        raise GameActionError(_refused(move)) from None
    _advance(row, game)
    row.mark = log_before
    row.seen = next_stop(game.log_seen_by(LEARNER), log_before)
    row.notes = json.dumps(notes)
    _store(row, game)
    _save_if_current(row, version)  # a stale move stops here, having recorded nothing
    new_attempts.extend(_count_attempts(game.log[log_before:]))
    attempts.record_attempts(learner_id, [a for a in new_attempts if a is not None])
    db.session.commit()  # the move and its records together
    return message


def _refused(move: GameMove) -> str:
    """The trainer's message for a move the engine refused."""
    if isinstance(move, Discard):
        return _("Those cards cannot be laid away now.")
    if isinstance(move, Cut):
        return _("The pack cannot be cut there now.")
    if isinstance(move, PlayCard):
        return _("That card cannot be played now.")
    if isinstance(move, ClaimPoints):
        return _("That count cannot be claimed now.")
    if isinstance(move, (Muggins, Accept)):
        return _("That claim cannot be answered now.")
    return _("That move is not allowed now.")


def _lift(game: Game, raw: str) -> int | None:
    """Where the learner cut the pack (None: anywhere); the engine keeps four cards each side."""
    text = str(raw).strip()
    if not text:
        return None
    low, high = cut_range(game)
    if not text.isdecimal() or not low <= int(text) <= high:
        raise GameActionError(_("Cut between %(low)d and %(high)d cards from the top.", low=low, high=high))
    return int(text)


def _discard(game: Game, chosen: tuple[Card, ...], notes: list, coached: bool = False) -> attempts.NewAttempt | None:
    """Lay away the learner's cards and note them for the review; returns the
    attempt for the record when it is a six-card deal (the discard drill's
    deal, judged as the drill judges it), else None."""
    if game.expected is not Action.DISCARD or LEARNER not in game.to_act:
        raise GameActionError(_("It is not time to lay away cards."))
    need = game.rules.discards
    hand = game.hand(LEARNER)
    if len(chosen) != need or len(set(chosen)) != need:
        raise GameActionError(ngettext("Pick exactly %(num)d card for the crib.", "Pick exactly %(num)d cards for the crib.",
                                       need))
    if any(c not in hand for c in chosen):
        raise GameActionError(_("You can only lay away cards from your own hand."))
    # The crib is the learner's when their side deals (a partner's crib counts for them).
    dealer = crib_is_mine(PlayerView.of(game, LEARNER))
    analysis = coach.discard_analysis(game, chances=coached)  # the coach's hint was this same analysis
    options = analysis.options
    mine = next(o for o in options if set(o.discard) == set(chosen))
    best = options[0]
    note = DiscardNote(game.deal_number, tuple(hand), tuple(chosen), best.discard, round(mine.net_ev, 3),
                       round(best.net_ev, 3), grading.discard_given_away(options, chosen), dealer,
                       _chance(analysis.win_of(chosen)), _chance(analysis.best_win))
    attempt = None
    if len(hand) == 6 and need == 2:  # the drill's deal: the review can deal it again
        deal = DiscardDeal(tuple(sorted(hand)), dealer)
        attempt = grading.grade_discard(deal, LaidAway(chosen), options=options, source="game").attempt
    game.discard(LEARNER, chosen)
    notes.append(note.to_dict())
    return attempt


def _play(
    game: Game, chosen: tuple[Card, ...], notes: list, seed: int, coached: bool = False
) -> attempts.NewAttempt | None:
    """Play the learner's card and note it for the review; returns the moment as
    a best-play attempt for the record when there was a real choice in a
    six-card game (the drill's question, judged as the drill judges it)."""
    if game.expected is not Action.PLAY or game.to_play != LEARNER:
        raise GameActionError(_("It is not your turn to play a card."))
    if len(chosen) != 1 or chosen[0] not in game.hand(LEARNER):
        raise GameActionError(_("Choose one of the cards in your hand."))
    card = chosen[0]
    if card not in game.legal_plays(LEARNER):  # in the learner's hand and turn: only the count can forbid it
        raise GameActionError(_("The %(card)s would take the count past 31 (to %(count)d): play another card.",
                                card=words.face(card), count=game.count + card.value))
    view = PlayerView.of(game, LEARNER)
    pegging = PeggingView.of(view)
    legal = view.legal_plays
    # The play analysis models one opponent: with three or four players the card is noted, not judged.
    # (the coach's analysis: the same seeded play-outs its hint weighed)
    analysis = coach.play_analysis(game, seed + len(game.log), chances=coached)
    options = analysis.options
    if options:
        lost, best_card = grading.play_given_away(options, card), options[0].card
    else:
        lost, best_card = 0.0, card
    note = PlayNote(game.deal_number, tuple(game.pile), tuple(view.hand), card, best_card, lost,
                    _chance(analysis.win_of(card)), _chance(analysis.best_win))
    notes.append(note.to_dict())
    attempt = None
    if len({c.rank for c in legal}) > 1 and game.rules.hand_size == 6:
        earlier = [c for _, c in view.played][: len(view.played) - len(view.pile)]
        # The same facts the analysis above used, so a retry from the review
        # asks the same question: who laid the last card, and what the bot's
        # go revealed about its cards.
        question = BestPlayQuestion(
            hand=tuple(view.hand), pile=tuple(view.pile), earlier=tuple(earlier),
            seen=tuple(view.discarded) + ((view.starter,) if view.starter else ()), opponent_cards=view.hand_sizes[BOT],
            seed=seed + len(game.log), last_mine=pegging.last_player == LEARNER,
            opponent_min_value=pegging.min_value[BOT],
        )
        attempt = grading.grade_best_play(question, BestCard(card), options=options, source="game").attempt
    game.play(LEARNER, card)
    return attempt


def _claim(game: Game, raw: str) -> None:
    pending = game.pending_claim
    if game.expected is not Action.CLAIM or pending is None or pending.player != LEARNER:
        raise GameActionError(_("There is nothing for you to count now."))
    if pending.what == "play":
        limit, too_many = 31, _("No play scores more than %(limit)d: check your count.", limit=31)
    elif pending.what == "crib":
        limit, too_many = 29, _("No crib scores more than %(limit)d: check your count.", limit=29)
    else:
        limit, too_many = 29, _("No hand scores more than %(limit)d: check your count.", limit=29)
    game.claim(LEARNER, read_count(raw, limit, _("Type your count as a number, like 8."), too_many))


def read_count(raw: object, limit: int, not_a_number: str, too_many: str) -> int:
    """A count the learner typed: a whole number up to ``limit``; otherwise
    :class:`GameActionError` with ``not_a_number`` when it is not a number of
    at most three digits, ``too_many`` when it is over the limit."""
    text = str(raw).strip()
    if not text.isdecimal() or len(text) > 3:
        raise GameActionError(not_a_number)
    points = int(text)
    if points > limit:
        raise GameActionError(too_many)
    return points


def _answer_muggins(game: Game, call: bool, pointed: tuple[Card, ...]) -> str | None:
    window = game.muggins_window
    if game.expected is not Action.MUGGINS or window is None or LEARNER not in window.callers:
        raise GameActionError(_("There is no claim of the bot's to answer now."))
    if not call:
        game.pass_muggins(LEARNER)
        return None
    claim = window.claim
    items = claim.true_items()
    message = None
    if pointed:
        match = [item for item in items if set(item.cards) == set(pointed)]
        if match:
            message = ngettext("Yes: those cards make a %(item)s for %(num)d.", "Yes: those cards make a %(item)s for %(num)d.",
                               match[0].points, item=words.item_name(match[0]))
        else:
            message = _("Those cards do not make one of the combinations in that count.")
    game.call_muggins(LEARNER)
    return message


def _count_attempts(events: Sequence[Event]) -> list[attempts.NewAttempt | None]:
    """Each of the learner's settled hand and crib counts goes to their record,
    as a show attempt counted by total (so the review can bring misses back)."""
    counted: list[attempts.NewAttempt | None] = []
    shown: Shown | None = None
    for event in events:
        if isinstance(event, Shown):
            shown = event
        if isinstance(event, TrueCount) and event.player == LEARNER and event.what != "play" and shown is not None:
            counted.append(
                grading.counted_show_attempt(shown.cards, shown.starter, crib=event.what == "crib",
                                             claimed=event.claimed, source="game")
            )
    return counted


# ---------------------------------------------------------------- notes for the review


@dataclass(frozen=True, slots=True)
class DiscardNote:
    """The learner's discard in one deal, against the best by expected points."""

    deal: int
    hand: tuple[Card, ...]
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    chosen_ev: float
    best_ev: float
    lost: float
    dealer: bool
    #: The learner's chance to win after this discard, and the best any discard gave
    #: (None where the win table does not apply, and in games saved before the coach).
    win: float | None = None
    best_win: float | None = None

    @property
    def was_best(self) -> bool:
        """Whether the discard counts as best, by the drill's standard."""
        return grading.is_best_discard(self.lost)

    @property
    def win_lost(self) -> float | None:
        """The chance to win given away against the best discard for the game."""
        return coach.win_lost(self.win, self.best_win)

    @property
    def verdict(self) -> coach.Verdict:
        """The coach's one line on this discard."""
        keep = tuple(c for c in self.hand if c not in self.best)
        return coach.discard_verdict(self.lost, keep, self.win_lost)

    def to_dict(self) -> dict:
        return {
            "kind": "discard", "deal": self.deal, "hand": [str(c) for c in self.hand],
            "chosen": [str(c) for c in self.chosen], "best": [str(c) for c in self.best],
            "chosen_ev": self.chosen_ev, "best_ev": self.best_ev, "lost": self.lost, "dealer": self.dealer,
            "win": self.win, "best_win": self.best_win,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "DiscardNote":
        return cls(data["deal"], parse_cards(data["hand"]), parse_cards(data["chosen"]), parse_cards(data["best"]),
                   data["chosen_ev"], data["best_ev"], data["lost"], data["dealer"],
                   data.get("win"), data.get("best_win"))


@dataclass(frozen=True, slots=True)
class PlayNote:
    """A card the learner played, against the best by expected net points to the end of the play."""

    deal: int
    pile: tuple[Card, ...]
    hand: tuple[Card, ...]
    card: Card
    best: Card
    lost: float
    #: The learner's chance to win after this card, and the best any card gave (None: no win table).
    win: float | None = None
    best_win: float | None = None

    @property
    def was_best(self) -> bool:
        """Whether the card counts as best, by the best-play drill's standard."""
        return grading.is_best_play(self.lost)

    @property
    def win_lost(self) -> float | None:
        """The chance to win given away against the best card for the game."""
        return coach.win_lost(self.win, self.best_win)

    @property
    def verdict(self) -> coach.Verdict:
        """The coach's one line on this card."""
        return coach.play_verdict(self.lost, self.best, self.win_lost)

    @property
    def count(self) -> int:
        """The running count the card was played on."""
        return pile_count(self.pile)

    def to_dict(self) -> dict:
        return {
            "kind": "play", "deal": self.deal, "pile": [str(c) for c in self.pile],
            "hand": [str(c) for c in self.hand], "card": str(self.card), "best": str(self.best), "lost": self.lost,
            "win": self.win, "best_win": self.best_win,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "PlayNote":
        return cls(data["deal"], parse_cards(data["pile"]), parse_cards(data["hand"]), Card.parse(data["card"]),
                   Card.parse(data["best"]), data["lost"], data.get("win"), data.get("best_win"))


def _chance(value: float | None) -> float | None:
    """A chance to win as a note keeps it."""
    return None if value is None else round(value, 4)


def note_of(data: dict) -> DiscardNote | PlayNote:
    """A note the game kept on one of the learner's decisions."""
    return DiscardNote.from_dict(data) if data["kind"] == "discard" else PlayNote.from_dict(data)


def coaching(learner_id: int, game_id: object, table: Table) -> coach.Coaching | None:
    """The coach at the learner's ``table`` (see :mod:`trainer.play.coach`): the meter
    at the scores shown, the hint at their decision once the reveal has caught
    up, and the verdict on their latest decision this deal; None: not theirs."""
    row = learner_row(learner_id, game_id)
    if row is None:
        return None
    game = game_of(row)
    notes = [note_of(n) for n in json.loads(row.notes)]
    latest = notes[-1] if notes and notes[-1].deal == table.deal_number else None
    # No verdict in giveaway (points are bad there) nor on a card among three or four (not judged).
    judged = latest is not None and not game.rules.giveaway and (
        isinstance(latest, DiscardNote) or game.rules.players == 2)
    return coach.coaching(
        game.rules, game, seed=row.bot_seed, caught_up=row.seen >= len(game.log),
        scores=table.scores, dealer=table.dealer, verdict=latest.verdict if latest is not None and judged else None,
    )


def load_table(learner_id: int, game_id: object) -> Table | None:
    """The table of one of the learner's games, at the reveal cursor (None: not theirs)."""
    row = learner_row(learner_id, game_id)
    if row is None:
        return None
    game = game_of(row)
    return table_of(row, game)


# ---------------------------------------------------------------- matches


def match_score(row: SavedGame) -> tuple[tuple[int, ...], MatchResult | None]:
    """The match points of each side (the learner's first) after the finished
    games of ``row``'s match, and the engine's result once the match is won."""
    rows = db.session.scalars(
        select(SavedGame)
        .where(SavedGame.match_id == row.match_id, SavedGame.learner_id == row.learner_id,
               SavedGame.finished.is_(True))
        .order_by(SavedGame.match_game)
    )
    outcomes = [outcome for outcome in (game_of(r).outcome for r in rows) if outcome is not None]
    sides = game_of(row).rules.sides
    return standing(outcomes, sides, row.match_points_to_win)


def next_match_game(learner_id: int, game_id: object) -> int | None:
    """Start the next game of a match after a finished one (the loser deals
    first) and return its id; if it was started already (a double click, two
    presses at once), the id of that game.  None when the match is over or the
    game is not a finished match game of the learner's."""
    row = learner_row(learner_id, game_id)
    if row is None or not row.finished or row.match_id is None or row.match_game is None:
        return None
    if match_score(row)[1] is not None:  # the match is won
        return None
    number = row.match_game + 1
    started = select(SavedGame.id).where(
        SavedGame.match_id == row.match_id, SavedGame.match_game == number, SavedGame.learner_id == learner_id
    )
    following = db.session.scalar(started)
    if following is not None:
        return following
    setup, miss_rate, match_id = _setup_of(row), row.bot_miss_rate, row.match_id
    # Two players: the loser deals first; with more, the cut decides again.
    loser = None if VARIANTS[setup.variant].players > 2 else (BOT if row.learner_won else LEARNER)
    try:
        return new_game(learner_id, setup, miss_rate=miss_rate, match_id=match_id, match_game=number, dealer=loser)
    except IntegrityError:  # another request added game n + 1 first: (match, number) is unique
        return db.session.scalar(started)
