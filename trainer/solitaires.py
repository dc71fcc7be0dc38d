"""Cribbage solitaire for a learner: Arnold's and Hoyle's games (RULES.md §5),
saved in the database, with the learner counting every hand and crib.

Arnold's game is discarded one hand at a time: the learner sees the first
hand, lays two away, and only then sees the second hand (RULES.md §5); what
the page gets (:class:`SolitaireTable`) holds only the cards the learner may
see.  The winning total of Arnold's is the learner's choice from 101 to 121,
kept in the engine's saved state.

After each deal is complete the engine scores it; the learner then claims a
count for each hand and the crib.  They keep what they claim up to the true
count (missed points are lost, as under muggins with nobody to take them), so
a learner's best score rewards counting as well as discarding.  His heels
(a jack turned as starter, in both games) is pegged for them.

>>> SolitaireKind("arnold").label
"Arnold's solitaire"
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Mapping

from sqlalchemy import select

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.solitaire import DEFAULT_TARGET, ArnoldSolitaire, HoyleSolitaire, SolitaireCount, check_target
from trainer import grading, record
from trainer.game_models import SolitaireGame
from trainer.games import GameActionError, StaleAction, read_count, save_if_current
from trainer.models import db

HEELS = "his heels"


class SolitaireKind(StrEnum):
    ARNOLD = "arnold"
    HOYLE = "hoyle"

    @property
    def label(self) -> str:
        return "Arnold's solitaire" if self is SolitaireKind.ARNOLD else "Hoyle's solitaire"


@dataclass(frozen=True, slots=True)
class CountLine:
    """One count of the game with the learner's claim (None: still to count)."""

    index: int
    count: SolitaireCount
    claimed: int | None

    @property
    def kept(self) -> int:
        return 0 if self.claimed is None else min(self.claimed, self.count.total)

    @property
    def missed(self) -> int:
        return 0 if self.claimed is None else max(0, self.count.total - self.claimed)


@dataclass(frozen=True, slots=True)
class SolitaireTable:
    """What the learner sees: the hand to discard from, or the counts to make.

    ``deal`` is the deal being discarded or counted; ``hand`` the six cards to
    lay two away from now (empty while counting or when over), ``hand_number``
    which of the deal's ``hands_per_deal`` it is; ``kept`` the four cards the
    first hand kept (Arnold's second step) and ``crib`` the cards already in
    the crib.  An unseen hand is never here."""

    id: int
    version: int
    kind: SolitaireKind
    deal: int
    deals: int
    hand: tuple[Card, ...]
    hand_number: int
    hands_per_deal: int
    kept: tuple[Card, ...]
    crib: tuple[Card, ...]
    to_count: tuple[CountLine, ...]
    last_deal: tuple[CountLine, ...]
    score: int
    true_total: int
    over: bool
    won: bool
    goal: int


@dataclass(frozen=True, slots=True)
class BestScore:
    id: int
    score: int
    true_total: int


def _engine(row: SolitaireGame):
    data = json.loads(row.state)
    return ArnoldSolitaire.from_dict(data) if row.kind == SolitaireKind.ARNOLD.value else HoyleSolitaire.from_dict(data)


def _row(learner_id: int, game_id: object) -> SolitaireGame | None:
    return record.owned_row(SolitaireGame, learner_id, game_id)


def new_solitaire(learner_id: int, kind: SolitaireKind, *, seed: int | None = None, target: int | None = None) -> int:
    """Deal a new solitaire game of ``kind`` and return its id.  ``target`` is
    Arnold's winning total, the learner's choice from 101 to 121 (121 if not
    given); a target out of range is a :class:`GameActionError`.  Hoyle's has
    no choice (over 80 wins) and ignores it."""
    seed = random.Random(seed).randrange(2**31)
    game: ArnoldSolitaire | HoyleSolitaire
    if kind is SolitaireKind.ARNOLD:
        target = DEFAULT_TARGET if target is None else target
        try:
            check_target(target)
        except ValueError:
            raise GameActionError("Choose a winning total from 101 to 121 for Arnold's solitaire.") from None
        game = ArnoldSolitaire(seed, target=target)
    else:
        game = HoyleSolitaire(seed)
    row = SolitaireGame(learner_id=learner_id, kind=kind.value, state=json.dumps(game.to_dict()), claims="[]")
    db.session.add(row)
    db.session.commit()
    return row.id


def _lines(game, claims: list) -> list[CountLine]:
    return [CountLine(i, count, claims[i] if i < len(claims) else None) for i, count in enumerate(game.log)]


def load(learner_id: int, game_id: object) -> SolitaireTable | None:
    row = _row(learner_id, game_id)
    if row is None:
        return None
    game = _engine(row)
    lines = _lines(game, json.loads(row.claims))
    to_count = tuple(line for line in lines if line.claimed is None)
    last = max((line.count.deal for line in lines), default=0)
    if isinstance(game, ArnoldSolitaire):
        hand_number, hands_per_deal, kept, goal = game.hand_number, 2, game.first_kept, game.target
    else:
        hand_number, hands_per_deal, kept, goal = 1, 1, (), game.win_at
    # The engine moves to the next deal as soon as one is scored; while its
    # counts are still to make, the page is at the deal being counted.
    deal = to_count[0].count.deal if to_count else min(game.deal_number, game.deals)
    discarding = not to_count and not game.is_over
    return SolitaireTable(
        id=row.id,
        version=row.version,
        kind=SolitaireKind(row.kind),
        deal=deal,
        deals=game.deals,
        hand=tuple(game.hand) if discarding else (),
        hand_number=hand_number if discarding else 0,
        hands_per_deal=hands_per_deal,
        kept=tuple(kept) if discarding else (),
        crib=tuple(game.crib) if discarding else (),
        to_count=to_count,
        last_deal=tuple(line for line in lines if line.count.deal == last and line.claimed is not None) if not to_count else (),
        score=row.score,
        true_total=row.true_total,
        over=row.finished,
        won=row.finished and row.score >= goal,
        goal=goal,
    )


@dataclass(frozen=True, slots=True)
class LayAway:
    """Lay these two cards of the hand now shown away to the crib."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CountDeal:
    """The learner's counts, by the index of the count line, as typed: what
    each count may be depends on the line (a hand, the crib), which the service knows."""

    typed: Mapping[int, str]


#: One thing the learner can do at the solitaire table.
SolitaireMove = LayAway | CountDeal


def act(learner_id: int, game_id: object, version: int, move: SolitaireMove) -> None:
    """Apply one learner move drawn at ``version``: lay cards away, or claim the deal's counts."""
    row = _row(learner_id, game_id)
    if row is None:
        raise LookupError(game_id)
    if version != row.version:
        raise StaleAction()
    game = _engine(row)
    claims = json.loads(row.claims)
    lines = _lines(game, claims)
    pending = [line for line in lines if line.claimed is None]
    recorded: list[CountLine] = []
    if isinstance(move, LayAway):
        if pending:
            raise GameActionError("First count the hands of this deal.")
        if game.is_over:
            raise GameActionError("This game is over.")
        if len(move.cards) != 2:
            raise GameActionError("Pick exactly two cards of the hand for the crib.")
        try:
            game.discard(move.cards)
        except IllegalActionError as error:
            raise GameActionError(f"Not allowed: {error.rule}.") from None
        for count in game.log[len(claims):]:
            claims.append(count.total if count.what == HEELS else None)
    elif isinstance(move, CountDeal):
        if not pending:
            raise GameActionError("There is nothing to count now.")
        counts = []
        for line in pending:
            what = line.count.what
            typed = move.typed.get(line.index, "")
            counts.append(read_count(typed, what, 29, f"Type a number for the {what}, like 8."))
        for line, value in zip(pending, counts):
            claims[line.index] = value
            recorded.append(CountLine(line.index, line.count, value))
    else:
        raise GameActionError("That is not something you can do in solitaire.")
    lines = _lines(game, claims)
    values = {
        "state": json.dumps(game.to_dict()),
        "claims": json.dumps(claims),
        "score": sum(line.kept for line in lines),
        "true_total": sum(line.count.total for line in lines),
        "finished": game.is_over and all(c is not None for c in claims),
    }
    save_if_current(SolitaireGame, row.id, version, values)  # a stale form stops here, having recorded nothing
    attempts = [_counted(line) for line in recorded]
    record.record_attempts(learner_id, [a for a in attempts if a is not None])
    record.commit()  # the counts and their records together


def _counted(line: CountLine) -> record.NewAttempt | None:
    """A count the learner made, as a show attempt for their record (None: his heels, or not a hand's deal)."""
    count = line.count
    if count.what == HEELS or line.claimed is None:
        return None
    return grading.grade_counted_show(count.cards, count.starter, crib=count.what == "crib",
                                      claimed=line.claimed, source="solitaire")


def best_scores(learner_id: int, kind: SolitaireKind, limit: int = 5) -> tuple[BestScore, ...]:
    rows = db.session.scalars(
        select(SolitaireGame)
        .where(SolitaireGame.learner_id == learner_id, SolitaireGame.kind == kind.value, SolitaireGame.finished.is_(True))
        .order_by(SolitaireGame.score.desc(), SolitaireGame.id)
        .limit(limit)
    )
    return tuple(BestScore(r.id, r.score, r.true_total) for r in rows)


def unfinished(learner_id: int) -> tuple[tuple[int, SolitaireKind], ...]:
    rows = db.session.scalars(
        select(SolitaireGame)
        .where(SolitaireGame.learner_id == learner_id, SolitaireGame.finished.is_(False))
        .order_by(SolitaireGame.id.desc())
        .limit(10)
    )
    return tuple((r.id, SolitaireKind(r.kind)) for r in rows)
