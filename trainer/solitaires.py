"""Cribbage solitaire for a learner: Arnold's and Hoyle's games (RULES.md §5),
saved in the database, with the learner counting every hand and crib.

After each discard the engine scores the deal; the learner then claims a
count for each hand and the crib.  They keep what they claim up to the true
count (missed points are lost, as under muggins with nobody to take them), so
a learner's best score rewards counting as well as discarding.  His heels
(Arnold's) is pegged for them.

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
from engine.solitaire import ArnoldSolitaire, HoyleSolitaire, SolitaireCount
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
    """What the learner sees: the cards to discard from, or the counts to make."""

    id: int
    version: int
    kind: SolitaireKind
    deal: int
    deals: int
    hands: tuple[tuple[Card, ...], ...]
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


def new_solitaire(learner_id: int, kind: SolitaireKind, *, seed: int | None = None) -> int:
    """Deal a new solitaire game of ``kind`` and return its id."""
    seed = random.Random(seed).randrange(2**31)
    game = ArnoldSolitaire(seed) if kind is SolitaireKind.ARNOLD else HoyleSolitaire(seed)
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
        hands, crib, goal, won = game.hands, (), game.target, row.score >= game.target
    else:
        hands, crib, goal, won = (game.hand,), game.crib, game.win_at, row.score >= game.win_at
    return SolitaireTable(
        id=row.id,
        version=row.version,
        kind=SolitaireKind(row.kind),
        deal=min(game.deal_number, game.deals),
        deals=game.deals,
        hands=tuple(hands) if not game.is_over else (),
        crib=tuple(crib),
        to_count=to_count,
        last_deal=tuple(line for line in lines if line.count.deal == last and line.claimed is not None) if not to_count else (),
        score=row.score,
        true_total=row.true_total,
        over=row.finished,
        won=row.finished and won,
        goal=goal,
    )


@dataclass(frozen=True, slots=True)
class LayAway:
    """Lay these cards from the first hand (and, in Arnold's, the second) away to the crib."""

    first: tuple[Card, ...]
    second: tuple[Card, ...] = ()


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
        picked = (move.first, move.second) if isinstance(game, ArnoldSolitaire) else (move.first,)
        if any(len(p) != 2 for p in picked):
            raise GameActionError("Pick exactly two cards from each hand for the crib.")
        try:
            game.discard(*picked)
        except IllegalActionError as error:
            raise GameActionError(f"Not allowed: {error.rule}.") from None
        for count in game.log[len(claims):]:
            claims.append(count.total if count.what == HEELS else None)
    elif isinstance(move, CountDeal):
        if not pending:
            raise GameActionError("There is nothing to count now.")
        values = []
        for line in pending:
            what = line.count.what
            typed = move.typed.get(line.index, "")
            values.append(read_count(typed, what, 29, f"Type a number for the {what}, like 8."))
        for line, value in zip(pending, values):
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
    db.session.commit()  # the counts and their records together


def _counted(line: CountLine) -> record.NewAttempt | None:
    """A count the learner made, as a show attempt for their record (None: his heels, or not a hand's deal)."""
    count = line.count
    if count.what == HEELS:
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
