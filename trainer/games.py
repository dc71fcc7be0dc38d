"""Games against the bot: the service between the play views and the engine.

The learner always sits in seat 0 and the bot in seat 1.  The server is the
only authority: the game lives in the database (the engine's ``to_dict``),
every action is applied by the engine, and what the browser gets is built
from the learner's own view of the game (:meth:`engine.game.Game.log_seen_by`
and :class:`engine.players.PlayerView`) and nothing else.

The bot's moves are revealed one step at a time: a saved game keeps a cursor
(``seen``) into the learner's log, and :func:`table` replays the log up to it,
so the table shows the state *at that step*, never ahead of it.  Every form
carries the game's ``version``; an action drawn at an older version (a double
submit, a second tab) is refused and changes nothing.

>>> GameSetup.from_form({"level": "easy", "length": "61"}).rules().target
61
>>> GameSetup.from_form({"level": "nope"})
Traceback (most recent call last):
...
trainer.games.GameActionError: Choose a level: easy, medium, hard or insane.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from sqlalchemy import case, func, select, update

from engine.bots import PROFILES, Bot, Level
from engine.cards import Card, parse_cards
from engine.discard import analyse_discards
from engine.errors import IllegalActionError, InvalidCardError
from engine.events import (
    Award,
    Claimed,
    CountReset,
    CutForDeal,
    Dealt,
    Discarded,
    Event,
    GameOver,
    Go,
    MugginsCalled,
    MugginsPassed,
    PlayEnded,
    Played,
    Points,
    Shown,
    StarterCut,
    TrueCount,
)
from engine.game import MIN_CUT, Action, Automation, Game
from engine.peganalysis import PeggingView, analyse_plays
from engine.players import take_turn
from engine.rules import FIVE_CARD, FREE_PLAY, SEVEN_CARD, STANDARD, Counting, Rules
from engine.scoring import ScoreItem, ScoreKind, score_show
from trainer import record
from trainer.board import BoardLayout, board_layout
from trainer.checking import check_total
from trainer.game_models import SavedGame
from trainer.models import db, utcnow

LEARNER = 0
BOT = 1
#: Play-outs per candidate card when the review weighs a play.
PLAY_SAMPLES = 200
#: Expected points within which a discard or play counts as the best.
TOLERANCE = 0.05
#: Match points that win a match (free-play convention: 1 a game, 2 a skunk).
MATCH_POINTS = 3

VARIANTS: dict[str, Rules] = {"six-card": STANDARD, "five-card": FIVE_CARD, "seven-card": SEVEN_CARD}
LENGTHS = ("own", "121", "61")
#: Skunk lines for each game length (RULES.md §3; 181 keeps the 30-point spacing).
SKUNK_LINES = {121: (91, 61, 31), 61: (31,), 181: (151, 121, 91)}


class GameActionError(ValueError):
    """Input or an action the learner cannot make now; the message is for them."""


class StaleAction(GameActionError):
    """A form drawn before the game moved on (double submit, another tab)."""


# ---------------------------------------------------------------- set-up


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything chosen on the set-up form."""

    level: Level = Level.EASY
    variant: str = "six-card"
    length: str = "own"
    counting: Counting = Counting.AUTOMATIC
    pegging_muggins: bool = False
    skunks: bool = True
    match: bool = False

    @classmethod
    def from_form(cls, form: Mapping[str, str]) -> "GameSetup":
        """Read the set-up form; a clear :class:`GameActionError` for anything unknown."""
        try:
            level = Level(form.get("level", "easy"))
        except ValueError:
            raise GameActionError("Choose a level: easy, medium, hard or insane.") from None
        variant = form.get("variant", "six-card")
        if variant not in VARIANTS:
            raise GameActionError("Choose the six-card, five-card or seven-card game.")
        length = form.get("length", "own")
        if length not in LENGTHS:
            raise GameActionError("Choose a game to 121, to 61, or the game's own length.")
        try:
            counting = Counting(form.get("counting", "automatic"))
        except ValueError:
            raise GameActionError("Choose automatic counting, muggins or strict muggins.") from None
        return cls(
            level,
            variant,
            length,
            counting,
            form.get("pegging_muggins") == "on" and counting.is_muggins,
            form.get("skunks") == "on",
            form.get("match") == "on",
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
        )


def _setup_of(row: SavedGame) -> GameSetup:
    return GameSetup(
        Level(row.level), row.variant, str(row.target) if row.target in (61, 121) else "own",
        Counting(row.counting), row.pegging_muggins, row.skunks, row.match_id is not None,
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


def _rules_of(row: SavedGame) -> Rules:
    return Rules.from_dict(json.loads(row.state)["rules"])


def _game_of(row: SavedGame) -> Game:
    return Game.from_dict(json.loads(row.state))


def row_key(value: object) -> int | None:
    """A table key from untrusted input: a whole number SQLite can hold, else None.

    >>> row_key("12"), row_key("twelve"), row_key(2**70), row_key(True)
    (12, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    try:
        key = int(value)
    except ValueError:
        return None
    return key if 0 < key < 2**63 else None


def _row(learner_id: int, game_id: object) -> SavedGame | None:
    key = row_key(game_id)
    if key is None:
        return None
    row = db.session.get(SavedGame, key)
    if row is None or row.learner_id != learner_id:
        return None
    return row


def game_exists(learner_id: int, game_id: object) -> bool:
    """Whether this learner has a game with this id (another learner's does not count)."""
    return _row(learner_id, game_id) is not None


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
                    r.learner_won, r.updated_at)
        for r in rows
    )


def _bot(row: SavedGame, game: Game) -> Bot:
    """The bot for the next decision: its level, the saved under-count rate, and a
    random state fixed by the game and the move (so a game replays the same)."""
    profile = replace(PROFILES[Level(row.level)], miss_rate=row.bot_miss_rate)
    return Bot(profile, seed=row.bot_seed * 1_000_003 + len(game.log))


def new_game(
    learner_id: int,
    setup: GameSetup,
    *,
    seed: int | None = None,
    miss_rate: float | None = None,
    match_id: int | None = None,
    dealer: int | None = None,
) -> int:
    """Start a game for the learner and return its id.  ``seed`` fixes the deal
    (tests); ``miss_rate`` replaces the bot level's under-count rate (tests)."""
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
        bot_miss_rate=PROFILES[setup.level].miss_rate if miss_rate is None else miss_rate,
        bot_seed=rng.randrange(2**31),
        match_id=match_id,
        match_points_to_win=MATCH_POINTS if (setup.match or match_id) else 0,
        state="{}",
    )
    db.session.add(row)
    db.session.flush()
    if setup.match and match_id is None:
        row.match_id = row.id
    _advance(row, game)
    row.seen = _catch_up(game, 0, one_more=True)
    _store(row, game)
    db.session.commit()
    return row.id


def _store(row: SavedGame, game: Game) -> None:
    row.state = json.dumps(game.to_dict())
    row.updated_at = utcnow()
    if game.is_over and not row.finished:
        outcome = game.outcome
        row.finished = True
        row.learner_won = outcome.winner == LEARNER
        row.learner_score, row.bot_score = outcome.scores
        row.skunk = int(outcome.skunk) if outcome.winner == LEARNER else -int(outcome.skunk)
        row.match_points = outcome.match_points
        row.deals = game.deal_number


def _commit_if_current(row: SavedGame, version: int) -> None:
    """Write the row only if nobody moved the game on meanwhile (two tabs racing)."""
    values = {c.name: getattr(row, c.name) for c in SavedGame.__table__.columns if c.name != "id"}
    values["version"] = version + 1
    db.session.expunge(row)
    result = db.session.execute(
        update(SavedGame).where(SavedGame.id == row.id, SavedGame.version == version).values(**values)
    )
    if result.rowcount != 1:
        db.session.rollback()
        raise StaleAction("That move came from an older page (another tab, or a double click), so nothing was changed.")
    db.session.commit()


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
            take_turn(game, [None, None])
            continue
        if BOT not in game.to_act:
            return
        take_turn(game, [None, _bot(row, game)], BOT)


# ---------------------------------------------------------------- steps of the reveal


def _step_ends(log: Sequence[Event]) -> list[int]:
    """Where each step of the reveal ends: a card played (with its points), a
    go, the starter, each combination of an automatic show, a claim and its
    muggins; the events that follow from one (points, resets) go with it."""
    ends: list[int] = []
    in_show = False
    first_item = False
    for i, event in enumerate(log):
        head = isinstance(event, (CutForDeal, Dealt, StarterCut, Played, Go, Shown, MugginsCalled, MugginsPassed))
        if isinstance(event, Shown):
            in_show, first_item = True, True
        elif head:
            in_show = False
        if isinstance(event, Points) and in_show and isinstance(event.reason, ScoreKind):
            head = not first_item
            first_item = False
        if head and i:
            ends.append(i)
    ends.append(len(log))
    return ends


def _catch_up(game: Game, seen: int, *, one_more: bool = False) -> int:
    """Where the reveal cursor goes from ``seen``.

    ``one_more`` (Continue) reveals the next step.  After that, or after the
    learner's own move, a last step left is shown with the learner's next
    decision, and after their move the bot's first step is shown at once.  A
    new deal always waits for its own Continue, so the end of the show stays
    on the table until the learner moves on.
    """
    log = game.log_seen_by(LEARNER)
    later = [end for end in _step_ends(log) if end > seen]

    def next_is_deal(cursor: int) -> bool:
        return 0 < cursor < len(log) and isinstance(log[cursor], Dealt)

    if one_more and later:
        seen = later.pop(0)
    elif len(later) >= 2 and not next_is_deal(seen):
        return later[0]
    if len(later) == 1 and not next_is_deal(seen):
        seen = later[0]
    return seen


# ---------------------------------------------------------------- actions


def _cards_from(values: Iterable[str]) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(v) for v in values)
    except InvalidCardError:
        raise GameActionError("That is not one of your cards.") from None


def act(learner_id: int, game_id: object, form: Mapping[str, str], cards: Sequence[str] = ()) -> str | None:
    """Apply one learner action from a form; returns a message to show, if any.

    Raises :class:`GameActionError` (with a message for the learner) for bad
    input, an action the rules forbid, or a stale form; the game is unchanged.
    ``None`` for the row means a 404 for the view (see :func:`game_exists`).
    """
    row = _row(learner_id, game_id)
    if row is None:
        raise LookupError(game_id)
    try:
        version = int(form.get("version", ""))
    except ValueError:
        raise GameActionError("That form is missing its game version; please use the buttons on the page.") from None
    if version != row.version:
        raise StaleAction("That move came from an older page (another tab, or a double click), so nothing was changed.")
    game = _game_of(row)
    action = form.get("action", "")
    log_before = len(game.log)
    notes = json.loads(row.notes)
    message = None
    discard_note = None
    play_question = None
    if action == "continue":
        if row.seen >= len(game.log):
            raise GameActionError("There is nothing more to show: it is your move.")
        row.seen = _catch_up(game, row.seen, one_more=True)
        _commit_if_current(row, version)
        return None
    if row.seen < len(game.log):
        raise GameActionError("First see what the bot did: press Continue.")
    if game.is_over:
        raise GameActionError("This game is over.")
    try:
        if action == "discard":
            discard_note = _discard(game, _cards_from(cards), notes)
        elif action == "cut":
            if not game.can_cut() or game.cutter != LEARNER:
                raise GameActionError("It is not your cut now.")
            game.cut(_lift(game, form.get("lift", "")))
        elif action == "play":
            play_question = _play(game, _cards_from(cards[:1]) if cards else (), notes, row.bot_seed)
        elif action == "claim":
            _claim(game, form.get("points", ""))
        elif action in ("muggins", "accept"):
            message = _answer_muggins(game, action == "muggins", _cards_from(cards))
        else:
            raise GameActionError("That is not something you can do in a game.")
    except IllegalActionError as error:
        raise GameActionError(f"Not now: {error.rule}.") from None
    own_end = len(game.log)
    _advance(row, game)
    row.mark = log_before
    row.seen = _catch_up(game, own_end)
    row.notes = json.dumps(notes)
    _store(row, game)
    _commit_if_current(row, version)
    # Recorded once the move is saved, so a refused move records nothing.
    if discard_note is not None:
        _record_discard(learner_id, discard_note)
    if play_question is not None:
        _record_play(learner_id, *play_question)
    _record_counts(learner_id, game.log[log_before:], game.rules)
    return message


def _lift(game: Game, raw: str) -> int | None:
    """Where the learner cut the pack (None: anywhere); the engine keeps four cards each side."""
    text = str(raw).strip()
    if not text:
        return None
    low, high = cut_range(game)
    if not text.isdecimal() or not low <= int(text) <= high:
        raise GameActionError(f"Cut between {low} and {high} cards from the top.")
    return int(text)


def cut_range(game: Game) -> tuple[int, int]:
    """The cuts allowed: at least four cards in each part of the pack."""
    return MIN_CUT, len(game.pack) - MIN_CUT


def _discard(game: Game, chosen: tuple[Card, ...], notes: list) -> "DiscardNote":
    if game.expected is not Action.DISCARD or LEARNER not in game.to_act:
        raise GameActionError("It is not time to lay away cards.")
    need = game.rules.discards
    hand = game.hand(LEARNER)
    if len(chosen) != need or len(set(chosen)) != need:
        raise GameActionError(f"Pick exactly {need} cards for the crib.")
    if any(c not in hand for c in chosen):
        raise GameActionError("You can only lay away cards from your own hand.")
    dealer = game.dealer == LEARNER
    options = analyse_discards(hand, dealer=dealer, discards=need)
    mine = next(o for o in options if set(o.discard) == set(chosen))
    best = options[0]
    lost = max(0.0, best.net_ev - mine.net_ev)
    note = DiscardNote(game.deal_number, tuple(hand), tuple(chosen), best.discard, round(mine.net_ev, 3),
                       round(best.net_ev, 3), round(lost, 3), dealer)
    game.discard(LEARNER, chosen)
    notes.append(note.to_dict())
    return note


def _record_discard(learner_id: int, note: "DiscardNote") -> None:
    """A six-card discard goes to the learner's record like a discard drill (the
    review can deal it again)."""
    if len(note.hand) != 6:
        return
    record.record_attempt(
        learner_id,
        record.DrillKind.DISCARD,
        dealt={"deal": {"cards": " ".join(str(c) for c in sorted(note.hand)), "dealer": note.dealer}, "source": "game"},
        answer={"discard": " ".join(str(c) for c in sorted(note.chosen)), "given_away": note.lost},
        results=(),
        points_expected=0,
        points_answered=0,
        points_missed=round(note.lost),
        correct=note.lost <= TOLERANCE,
        mode="dealer" if note.dealer else "pone",
    )


def _play(game: Game, chosen: tuple[Card, ...], notes: list, seed: int) -> tuple[dict, "PlayNote"] | None:
    """Play the learner's card; returns the moment as a best-play question for the
    record when there was a real choice in a six-card game (the drill's shape)."""
    if game.expected is not Action.PLAY or game.to_play != LEARNER:
        raise GameActionError("It is not your turn to play a card.")
    if len(chosen) != 1 or chosen[0] not in game.hand(LEARNER):
        raise GameActionError("Choose one of the cards in your hand.")
    card = chosen[0]
    if game.count + card.value > 31:
        raise GameActionError(
            f"The {card.pretty} would take the count past 31 (to {game.count + card.value}): play another card."
        )
    view = game.view(LEARNER)
    legal = view.legal_plays
    if len(legal) > 1:
        options = analyse_plays(PeggingView.of(view), samples=PLAY_SAMPLES, rng=seed + len(game.log))
        best = options[0]
        mine = next(o for o in options if o.card == card)
        lost = max(0.0, best.expected_net - mine.expected_net)
        best_card = best.card
    else:
        lost, best_card = 0.0, card
    note = PlayNote(game.deal_number, tuple(game.pile), tuple(view.hand), card, best_card, round(lost, 3))
    notes.append(note.to_dict())
    question = None
    if len({c.rank for c in legal}) > 1 and game.rules.hand_size == 6:
        earlier = [c for _, c in view.played][: len(view.played) - len(view.pile)]
        seen = list(view.discarded) + [view.starter]
        question = {
            "hand": " ".join(map(str, view.hand)), "pile": " ".join(map(str, view.pile)),
            "earlier": " ".join(map(str, earlier)), "seen": " ".join(map(str, seen)),
            "opponent_cards": view.hand_sizes[BOT], "seed": seed + len(game.log),
        }
    game.play(LEARNER, card)
    return (question, note) if question else None


def _record_play(learner_id: int, question: dict, note: "PlayNote") -> None:
    """A card played with a real choice goes to the record as a best-play attempt."""
    record.record_attempt(
        learner_id,
        record.DrillKind.BEST_PLAY,
        dealt={"question": question, "source": "game"},
        answer={"card": str(note.card), "given_away": note.lost},
        results=(),
        points_expected=0,
        points_answered=0,
        points_missed=round(note.lost),
        correct=note.lost <= TOLERANCE,
        mode="best card",
    )


def _claim(game: Game, raw: str) -> None:
    pending = game.pending_claim
    if game.expected is not Action.CLAIM or pending is None or pending.player != LEARNER:
        raise GameActionError("There is nothing for you to count now.")
    text = str(raw).strip()
    if not text.isdecimal() or len(text) > 3:
        raise GameActionError("Type your count as a number, like 8.")
    points = int(text)
    limit = 29 if pending.what != "play" else 31
    if points > limit:
        raise GameActionError(f"No {pending.what} scores more than {limit}: check your count.")
    game.claim(LEARNER, points)


def _answer_muggins(game: Game, call: bool, pointed: tuple[Card, ...]) -> str | None:
    window = game.muggins_window
    if game.expected is not Action.MUGGINS or window is None or LEARNER not in window.callers:
        raise GameActionError("There is no claim of the bot's to answer now.")
    if not call:
        game.pass_muggins(LEARNER)
        return None
    claim = window.claim
    items = _true_items(claim.what, claim.cards, claim.starter)
    message = None
    if pointed:
        match = [item for item in items if set(item.cards) == set(pointed)]
        if match:
            message = f"Yes: those cards make a {match[0].name} for {match[0].points}."
        else:
            message = "Those cards do not make one of the combinations in that count."
    game.call_muggins(LEARNER)
    return message


def _true_items(what: str, cards: Sequence[Card], starter: Card | None) -> tuple[ScoreItem, ...]:
    if what == "play":
        from engine.pegging import score_play

        return score_play(cards).items
    return score_show(cards, starter, crib=what == "crib").items


def _record_counts(learner_id: int, events: Sequence[Event], rules: Rules) -> None:
    """Each of the learner's settled hand and crib counts goes to their record,
    as a show attempt counted by total (so the review can bring misses back)."""
    shown: Shown | None = None
    for event in events:
        if isinstance(event, Shown):
            shown = event
        if isinstance(event, TrueCount) and event.player == LEARNER and event.what != "play" and shown is not None:
            if len(shown.cards) != 4 or shown.starter is None:
                continue  # the review's show drill deals four cards and a starter
            is_crib = event.what == "crib"
            score = score_show(shown.cards, shown.starter, crib=is_crib)
            feedback = check_total(score, event.claimed)
            record.record_attempt(
                learner_id,
                record.DrillKind.SHOW,
                dealt={
                    "deal": {"hand": " ".join(str(c) for c in shown.cards), "starter": str(shown.starter), "crib": is_crib},
                    "options": {"mode": "total", "crib": is_crib, "focus": "auto", "timed": False},
                    "source": "game",
                },
                answer={"total": event.claimed},
                results=feedback.results,
                points_expected=feedback.expected_total,
                points_answered=event.claimed,
                points_missed=max(0, feedback.expected_total - event.claimed),
                correct=feedback.correct,
                mode="total",
            )


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

    def to_dict(self) -> dict:
        return {
            "kind": "discard", "deal": self.deal, "hand": [str(c) for c in self.hand],
            "chosen": [str(c) for c in self.chosen], "best": [str(c) for c in self.best],
            "chosen_ev": self.chosen_ev, "best_ev": self.best_ev, "lost": self.lost, "dealer": self.dealer,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "DiscardNote":
        return cls(data["deal"], parse_cards(data["hand"]), parse_cards(data["chosen"]), parse_cards(data["best"]),
                   data["chosen_ev"], data["best_ev"], data["lost"], data["dealer"])


@dataclass(frozen=True, slots=True)
class PlayNote:
    """A card the learner played, against the best by expected net points to the end of the play."""

    deal: int
    pile: tuple[Card, ...]
    hand: tuple[Card, ...]
    card: Card
    best: Card
    lost: float

    def to_dict(self) -> dict:
        return {
            "kind": "play", "deal": self.deal, "pile": [str(c) for c in self.pile],
            "hand": [str(c) for c in self.hand], "card": str(self.card), "best": str(self.best), "lost": self.lost,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "PlayNote":
        return cls(data["deal"], parse_cards(data["pile"]), parse_cards(data["hand"]), Card.parse(data["card"]),
                   Card.parse(data["best"]), data["lost"])


@dataclass(frozen=True, slots=True)
class CountNote:
    """One of the learner's hands or cribs in the show: what it held, what they claimed."""

    deal: int
    what: str
    cards: tuple[Card, ...]
    starter: Card | None
    items: tuple[ScoreItem, ...]
    claimed: int | None

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def missed(self) -> int:
        return 0 if self.claimed is None else max(0, self.total - self.claimed)


@dataclass(frozen=True, slots=True)
class DealReview:
    deal: int
    learner_dealt: bool
    discard: DiscardNote | None
    plays: tuple[PlayNote, ...]
    counts: tuple[CountNote, ...]


def _count_notes(log: Sequence[Event]) -> list[CountNote]:
    notes = []
    deal = 0
    shown: Shown | None = None
    items: list[ScoreItem] = []
    for event in log:
        if isinstance(event, Dealt):
            deal = event.deal_number
        elif isinstance(event, Shown):
            shown, items = event, []
            if event.player == LEARNER:
                notes.append(CountNote(deal, "crib" if event.is_crib else "hand", event.cards, event.starter,
                                       score_show(event.cards, event.starter, crib=event.is_crib).items, None))
        elif isinstance(event, (Claimed, TrueCount)) and event.player == LEARNER and event.what != "play" and notes:
            # The claim itself, since a claim that wins the game is never settled.
            notes[-1] = replace(notes[-1], claimed=event.points if isinstance(event, Claimed) else event.claimed)
    return notes


def review(learner_id: int, game_id: object) -> tuple[DealReview, ...] | None:
    """Every deal of a finished game: the learner's discard, plays and counts."""
    row = _row(learner_id, game_id)
    if row is None or not row.finished:
        return None
    game = _game_of(row)
    log = game.log_seen_by(LEARNER)
    notes = json.loads(row.notes)
    discards = {n["deal"]: DiscardNote.from_dict(n) for n in notes if n["kind"] == "discard"}
    plays = [PlayNote.from_dict(n) for n in notes if n["kind"] == "play"]
    counts = _count_notes(log)
    dealers = {e.deal_number: e.dealer for e in log if isinstance(e, Dealt)}
    return tuple(
        DealReview(
            deal, dealer == LEARNER, discards.get(deal),
            tuple(p for p in plays if p.deal == deal), tuple(c for c in counts if c.deal == deal),
        )
        for deal, dealer in sorted(dealers.items())
    )


# ---------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class Happening:
    """One line of "what just happened"."""

    text: str
    actor: str  # "you", "bot" or "" (the table)
    points: int = 0
    latest: bool = False


@dataclass(frozen=True, slots=True)
class ShowPanel:
    """A hand or crib laid out in the show, and its count so far."""

    owner: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card | None
    items: tuple[ScoreItem, ...]
    lit: tuple[Card, ...]
    claimed: int | None
    true_total: int | None
    true_items: tuple[ScoreItem, ...]
    muggins_taken: int
    muggins_by: int | None

    @property
    def taken_items(self) -> tuple[ScoreItem, ...]:
        """Combinations that make up the points taken by muggins.  A claim is a
        total, so which ones were missed is not known: this picks the latest
        combinations that add up to the points taken (the harder-to-see ones)."""
        return _items_adding_to(self.true_items, self.muggins_taken)

    @property
    def taken_cards(self) -> tuple[Card, ...]:
        return tuple({c: None for item in self.taken_items for c in item.cards})

    @property
    def running(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def title(self) -> str:
        who = "Your" if self.owner == LEARNER else "The bot's"
        return f"{who} {'crib' if self.is_crib else 'hand'}"


@dataclass(frozen=True, slots=True)
class Decision:
    """What the learner may do now (only when the reveal has caught up)."""

    kind: str  # discard, cut, play, claim, muggins, over
    hand: tuple[Card, ...] = ()
    #: For the cut: how many cards may be lifted off the pack.
    cut_range: tuple[int, int] = (0, 0)
    legal: tuple[Card, ...] = ()
    discards: int = 0
    claim_what: str = ""
    claim_cards: tuple[Card, ...] = ()
    claim_starter: Card | None = None
    bot_claimed: int = 0


@dataclass(frozen=True, slots=True)
class Table:
    """The table as the learner sees it at the reveal cursor."""

    game_id: int
    version: int
    rules: Rules
    level: str
    phase: str
    deal_number: int
    dealer: int | None
    scores: tuple[int, int]
    backs: tuple[int, int]
    hand: tuple[Card, ...]
    bot_cards: int
    crib_cards: int
    starter: Card | None
    count: int
    pile: tuple[tuple[int, Card], ...]
    earlier: tuple[tuple[tuple[int, Card], ...], ...]
    show: ShowPanel | None
    happenings: tuple[Happening, ...]
    waiting: bool
    #: The next Continue starts a new deal.
    next_is_deal: bool
    decision: Decision | None
    turn: str
    over: bool
    board: BoardLayout
    #: The same board with 30-hole rows, for a phone.
    narrow_board: BoardLayout
    match_id: int | None


def _items_adding_to(items: Sequence[ScoreItem], points: int) -> tuple[ScoreItem, ...]:
    """The subset of ``items`` adding up to ``points`` that uses the latest items.

    >>> from engine.scoring import score_show
    >>> [item.name for item in _items_adding_to(score_show("5H 5D 6S 4C", "KS").items, 3)]
    ['run of 3']
    """
    if points <= 0:
        return ()
    best: dict[int, tuple[int, ...]] = {0: ()}
    for index in reversed(range(len(items))):
        for total, chosen in list(best.items()):
            new = total + items[index].points
            if new <= points and new not in best:
                best[new] = chosen + (index,)
    return tuple(items[i] for i in sorted(best.get(points, ())))


def _points_text(event: Points) -> str:
    reason = event.reason
    if reason is Award.CLAIM:
        return "as claimed"
    if reason is Award.MUGGINS:
        return "by muggins"
    if reason is Award.START:
        return "three for the start"
    return f"for {'a ' if reason in (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN, ScoreKind.FLUSH) else ''}{reason}"


def _who(seat: int) -> str:
    return "You" if seat == LEARNER else "The bot"


def _describe(event: Event) -> Happening | None:
    actor = "you" if getattr(event, "player", None) == LEARNER else ("bot" if getattr(event, "player", None) == BOT else "")
    if isinstance(event, CutForDeal):
        if event.dealer is None:
            return Happening(f"You cut {event.cuts[0].pretty}, the bot cut {event.cuts[1].pretty}: a tie, cut again.", "")
        dealer = "you deal" if event.dealer == LEARNER else "the bot deals"
        return Happening(f"You cut {event.cuts[0].pretty}, the bot cut {event.cuts[1].pretty}: the lower card deals, so {dealer}.", "")
    if isinstance(event, Dealt):
        whose = "You deal: the crib is yours." if event.dealer == LEARNER else "The bot deals: the crib is the bot's."
        return Happening(f"Deal {event.deal_number}. {whose}", "")
    if isinstance(event, Discarded):
        if event.player == LEARNER:
            return Happening(f"You laid {' '.join(c.pretty for c in event.cards)} away to the crib.", actor)
        return Happening("The bot laid its cards away to the crib.", actor)
    if isinstance(event, StarterCut):
        return Happening(f"The starter is turned: {event.starter.pretty}.", "")
    if isinstance(event, Played):
        return Happening(f"{_who(event.player)} played {event.card.pretty}: count {event.count}.", actor)
    if isinstance(event, Go):
        if event.player == LEARNER:
            return Happening(f"Go: none of your cards fits under 31 (count {event.count}).", actor)
        return Happening(f"The bot says go at {event.count}.", actor)
    if isinstance(event, CountReset):
        return Happening("The count starts again from 0.", "")
    if isinstance(event, PlayEnded):
        return Happening("The play is over: now the show.", "")
    if isinstance(event, Shown):
        what = "crib" if event.is_crib else "hand"
        return Happening(f"{_who(event.player)} {'show' if event.player == LEARNER else 'shows'} {'your' if event.player == LEARNER else 'its'} {what}.", actor)
    if isinstance(event, Points):
        verb = "peg" if event.player == LEARNER else "pegs"
        return Happening(f"{_who(event.player)} {verb} {event.points} {_points_text(event)}.", actor, event.points)
    if isinstance(event, Claimed):
        whose = "your" if event.player == LEARNER else "its"
        verb = "claim" if event.player == LEARNER else "claims"
        return Happening(f"{_who(event.player)} {verb} {event.points} for {whose} {event.what}.", actor)
    if isinstance(event, MugginsCalled):
        if event.points == 0:
            return Happening(f"{_who(event.player)} called muggins, but nothing was missed.", actor)
        victim = "you" if event.claimant == LEARNER else "the bot"
        return Happening(f"Muggins! {_who(event.player)} {'take' if event.player == LEARNER else 'takes'} {event.points} that {victim} missed.", actor)
    if isinstance(event, MugginsPassed):
        if event.player == LEARNER:
            return Happening("You let the bot's claim stand.", actor)
        return Happening("The bot lets your claim stand.", actor)
    if isinstance(event, TrueCount):
        return Happening(f"The true count was {event.total} (claimed {event.claimed}).", "")
    if isinstance(event, GameOver):
        return Happening("You win the game!" if event.winner == LEARNER else "The bot wins the game.", "")
    return None


def load_table(learner_id: int, game_id: object) -> Table | None:
    """The table of one of the learner's games, at the reveal cursor (None: not theirs)."""
    row = _row(learner_id, game_id)
    if row is None:
        return None
    game = _game_of(row)
    return _table(row, game)


def _table(row: SavedGame, game: Game) -> Table:
    log = game.log_seen_by(LEARNER)
    seen = min(row.seen, len(log))
    rules = game.rules
    scores = [0, 0]
    backs = [0, 0]
    dealer = None
    deal_number = 0
    hand: list[Card] = []
    kept: list[Card] = []
    bot_cards = 0
    crib_cards = 0
    starter = None
    pile: list[tuple[int, Card]] = []
    earlier: list[tuple[tuple[int, Card], ...]] = []
    phase = "cut for deal"
    show: ShowPanel | None = None
    over = False
    for event in log[:seen]:
        if isinstance(event, CutForDeal):
            dealer = event.dealer
        elif isinstance(event, Dealt):
            dealer, deal_number = event.dealer, event.deal_number
            hand = list(event.hands[LEARNER])
            bot_cards = rules.hand_size
            crib_cards = len(event.crib) if event.crib else rules.cards_to_crib
            starter, pile, earlier, show = None, [], [], None
            phase = "discard"
        elif isinstance(event, Discarded):
            crib_cards += rules.discards
            if event.player == LEARNER:
                hand = [c for c in hand if c not in event.cards]
                kept = list(hand)
            else:
                bot_cards -= rules.discards
            if crib_cards >= rules.crib_size:
                phase = "cut"
        elif isinstance(event, StarterCut):
            starter = event.starter
            phase = "play"
        elif isinstance(event, Played):
            pile.append((event.player, event.card))
            if event.player == LEARNER:
                hand = [c for c in hand if c != event.card]
            else:
                bot_cards -= 1
        elif isinstance(event, CountReset):
            earlier.append(tuple(pile))
            pile = []
        elif isinstance(event, PlayEnded):
            if pile:
                earlier.append(tuple(pile))
            pile = []
            phase = "show"
            hand = list(kept)
        elif isinstance(event, Shown):
            show = ShowPanel(event.player, event.is_crib, event.cards, event.starter, (), (), None, None, (), 0, None)
        elif isinstance(event, Points):
            backs[event.player] = scores[event.player]
            scores[event.player] += event.points
            if show is not None and phase == "show" and isinstance(event.reason, ScoreKind):
                item = ScoreItem(event.reason, event.cards, event.points)
                show = replace(show, items=show.items + (item,), lit=event.cards)
            elif show is not None and event.reason is Award.MUGGINS:
                show = replace(show, muggins_taken=event.points, muggins_by=event.player)
        elif isinstance(event, Claimed) and show is not None and event.what != "play":
            show = replace(show, claimed=event.points)
        elif isinstance(event, TrueCount) and show is not None and event.what != "play":
            show = replace(show, true_total=event.total, true_items=event.items)
        elif isinstance(event, GameOver):
            over = True
            phase = "over"
    waiting = seen < len(log)
    happenings = _happenings(log, row.mark, seen)
    decision = None if waiting else _decision(game)
    turn = _turn_text(game, waiting, decision, phase)
    if waiting and isinstance(log[seen], Dealt):
        turn = "The deal is over: press Next deal when you are ready." if seen else turn
    elif waiting and phase == "show":
        turn = "The show: press Next to count on, one combination at a time."
    return Table(
        game_id=row.id,
        version=row.version,
        rules=rules,
        level=row.level,
        phase=phase,
        deal_number=deal_number,
        dealer=dealer,
        scores=(scores[0], scores[1]),
        backs=(backs[0], backs[1]),
        hand=tuple(sorted(hand, key=lambda c: (c.rank, c.suit))),
        bot_cards=bot_cards,
        crib_cards=crib_cards if show is None or not show.is_crib else 0,
        starter=starter,
        count=sum(c.value for _, c in pile),
        pile=tuple(pile),
        earlier=tuple(earlier),
        show=show,
        happenings=happenings,
        waiting=waiting,
        next_is_deal=waiting and isinstance(log[seen], Dealt),
        decision=decision,
        turn=turn,
        over=over,
        board=board_layout(rules.target, ((scores[0], backs[0]), (scores[1], backs[1]))),
        narrow_board=board_layout(rules.target, ((scores[0], backs[0]), (scores[1], backs[1])), row_holes=30),
        match_id=row.match_id,
    )


def _happenings(log: Sequence[Event], mark: int, seen: int) -> tuple[Happening, ...]:
    ends = [0] + _step_ends(log)
    last_start = max((e for e in ends if e < seen), default=0)
    start = min(mark, last_start)
    # Only this deal's story: the cards of an earlier deal are back in the pack.
    deal_start = max((i for i in range(seen) if isinstance(log[i], Dealt)), default=0)
    start = max(start, deal_start)
    lines = []
    for i in range(start, seen):
        happening = _describe(log[i])
        if happening is not None:
            lines.append(replace(happening, latest=i >= last_start))
    return tuple(lines[-12:])


def _decision(game: Game) -> Decision | None:
    if game.is_over:
        return Decision("over")
    action = game.expected
    if action is Action.DISCARD and LEARNER in game.to_act:
        return Decision("discard", hand=game.hand(LEARNER), discards=game.rules.discards)
    if action is Action.CUT and game.cutter == LEARNER:
        return Decision("cut", cut_range=cut_range(game))
    if action is Action.PLAY and game.to_play == LEARNER:
        return Decision("play", hand=game.hand(LEARNER), legal=game.legal_plays(LEARNER))
    pending = game.pending_claim
    if action is Action.CLAIM and pending is not None and pending.player == LEARNER:
        return Decision("claim", claim_what=pending.what, claim_cards=pending.cards, claim_starter=pending.starter)
    window = game.muggins_window
    if action is Action.MUGGINS and window is not None and LEARNER in window.callers:
        return Decision("muggins", claim_what=window.claim.what, claim_cards=window.claim.cards,
                        claim_starter=window.claim.starter, bot_claimed=window.claimed)
    return None


def _turn_text(game: Game, waiting: bool, decision: Decision | None, phase: str) -> str:
    if waiting:
        return "Watch the bot: press Continue for its next move."
    if decision is None:
        return "The bot is thinking."
    return {
        "over": "The game is over.",
        "discard": f"Your turn: choose {decision.discards} cards for the {'your' if game.dealer == LEARNER else 'bot’s'} crib.".replace("the your", "your").replace("the bot’s", "the bot’s"),
        "cut": "The bot dealt: cut the pack for the starter.",
        "play": "Your turn to play a card.",
        "claim": f"Count your {decision.claim_what}" + (" points for that card." if decision.claim_what == "play" else "."),
        "muggins": "The bot has claimed: call muggins if it missed anything.",
    }[decision.kind]


# ---------------------------------------------------------------- results and statistics


@dataclass(frozen=True, slots=True)
class SideTotals:
    pegging: int
    hand: int
    crib: int
    muggins: int

    @property
    def total(self) -> int:
        return self.pegging + self.hand + self.crib + self.muggins


@dataclass(frozen=True, slots=True)
class LevelStats:
    level: str
    target: int
    games: int
    wins: int
    average_points: float
    average_bot_points: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class GameResults:
    game_id: int
    level: str
    target: int
    learner_won: bool
    scores: tuple[int, int]
    skunk: str
    deals: int
    totals: tuple[SideTotals, SideTotals]
    best_hand: CountNote | None
    claims: int
    exact_claims: int
    points_missed: int
    stats: LevelStats
    match_id: int | None
    match_score: tuple[int, int] | None
    match_over: bool

    @property
    def accuracy(self) -> float | None:
        return self.exact_claims / self.claims if self.claims else None


def _side_totals(log: Sequence[Event]) -> tuple[SideTotals, SideTotals]:
    sums = [[0, 0, 0, 0], [0, 0, 0, 0]]
    where = "pegging"
    for event in log:
        if isinstance(event, Dealt):
            where = "pegging"
        elif isinstance(event, Shown):
            where = "crib" if event.is_crib else "hand"
        elif isinstance(event, Points):
            if event.reason is Award.MUGGINS:
                column = 3
            else:
                column = {"pegging": 0, "hand": 1, "crib": 2}[where]
                if where != "pegging" and event.reason is not Award.CLAIM and not isinstance(event.reason, ScoreKind):
                    column = 0
            sums[event.player][column] += event.points
    return SideTotals(*sums[0]), SideTotals(*sums[1])


def level_stats(learner_id: int, level: str, target: int) -> LevelStats:
    """Games, wins and average points of the learner's finished games at this level and length."""
    games, wins, mine, theirs = db.session.execute(
        select(
            func.count(SavedGame.id),
            func.coalesce(func.sum(case((SavedGame.learner_won.is_(True), 1), else_=0)), 0),
            func.coalesce(func.avg(SavedGame.learner_score), 0.0),
            func.coalesce(func.avg(SavedGame.bot_score), 0.0),
        ).where(
            SavedGame.learner_id == learner_id, SavedGame.finished.is_(True),
            SavedGame.level == level, SavedGame.target == target,
        )
    ).one()
    return LevelStats(level, target, games, int(wins), float(mine), float(theirs))


def _match_score(row: SavedGame) -> tuple[tuple[int, int], bool]:
    rows = db.session.scalars(
        select(SavedGame).where(SavedGame.match_id == row.match_id, SavedGame.learner_id == row.learner_id,
                                SavedGame.finished.is_(True))
    )
    mine = theirs = 0
    for r in rows:
        if r.learner_won:
            mine += r.match_points
        else:
            theirs += r.match_points
    return (mine, theirs), max(mine, theirs) >= row.match_points_to_win


def results(learner_id: int, game_id: object) -> GameResults | None:
    """The results page of a finished game (None: not the learner's, or not over)."""
    row = _row(learner_id, game_id)
    if row is None or not row.finished:
        return None
    game = _game_of(row)
    log = game.log_seen_by(LEARNER)
    counts = _count_notes(log)
    hands = [c for c in counts if c.what == "hand"]
    best = max(hands, key=lambda c: c.total, default=None)
    claimed = [c for c in counts if c.claimed is not None]
    skunk = game.outcome.skunk
    match_score, match_over = _match_score(row) if row.match_id else (None, False)
    return GameResults(
        game_id=row.id,
        level=row.level,
        target=row.target,
        learner_won=bool(row.learner_won),
        scores=(row.learner_score, row.bot_score),
        skunk=str(skunk),
        deals=row.deals,
        totals=_side_totals(log),
        best_hand=best,
        claims=len(claimed),
        exact_claims=sum(1 for c in claimed if c.claimed == c.total),
        points_missed=sum(c.missed for c in claimed),
        stats=level_stats(learner_id, row.level, row.target),
        match_id=row.match_id,
        match_score=match_score,
        match_over=match_over,
    )


def next_match_game(learner_id: int, game_id: object) -> int | None:
    """Start the next game of a match after a finished one; the loser deals first."""
    row = _row(learner_id, game_id)
    if row is None or not row.finished or row.match_id is None:
        return None
    _, over = _match_score(row)
    if over:
        return None
    later = db.session.scalar(
        select(SavedGame.id).where(SavedGame.match_id == row.match_id, SavedGame.id > row.id,
                                   SavedGame.learner_id == learner_id)
    )
    if later is not None:  # already started (a double click): go there
        return later
    loser = BOT if row.learner_won else LEARNER
    return new_game(learner_id, _setup_of(row), miss_rate=row.bot_miss_rate, match_id=row.match_id, dealer=loser)
