"""The daily deal: one deal a day for everyone, in three parts (a hand or crib
to count, a pegging moment, six cards to discard from), dealt by the drills'
own dealing functions from a generator seeded by the date, so every learner
meets the same cards.  Each part is answered once (the answer's key is the
learner, the day and the part), graded by the drills' standard
(:mod:`trainer.drills.grading`), recorded like a drill's answer (so the review
shows it and brings a miss back) and rated: the day's deal is the one deal
every learner meets, so its rating is the most shared of all.

In server mode the day's table lists the learners who chose to appear on it.

>>> daily_deal(date(2026, 12, 1)) == daily_deal(date(2026, 12, 1)), daily_deal(date(2026, 12, 1)) == daily_deal(date(2026, 12, 2))
(True, False)
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace
from datetime import date, datetime
from enum import StrEnum

from sqlalchemy import case, func, select, update

from trainer import database
from trainer.database import db, utcnow
from trainer.drills import grading
from trainer.drills.answers import LaidAway, PegPoints, Total
from trainer.drills.deal import DiscardDeal, PeggingMoment, ShowDeal, deal_discard, deal_show, pegging_moment
from trainer.rating import answers, streaks, tables
from trainer.rating.models import DailyAnswer, Streak
from trainer.record.attempts import AttemptSource, NewAttempt, record_attempts
from trainer.record.models import Learner

#: Marks a daily answer in the attempt's record.
SOURCE = AttemptSource.DAILY
#: One day in this many deals a crib to count rather than a hand.
CRIB_EVERY = 3


class DailyPart(StrEnum):
    """The three parts of a daily deal."""

    COUNT = "count"
    PEGGING = "pegging"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """The day's deal: the same for everyone."""

    day: date
    show: ShowDeal
    moment: PeggingMoment
    discard: DiscardDeal


def seed_of(day: date) -> str:
    """The seed of a day's deal: its date."""
    return f"crib daily deal {day.isoformat()}"


@functools.lru_cache(maxsize=8)
def daily_deal(day: date) -> DailyDeal:
    """The deal of ``day`` (UTC), dealt by the drills' functions from the date's seed."""
    rng = random.Random(seed_of(day))
    show = deal_show(rng, crib=rng.randrange(CRIB_EVERY) == 0)
    moment = pegging_moment(rng)
    discard = deal_discard(rng)
    return DailyDeal(day, show, moment, discard)


def today(now: datetime | None = None) -> date:
    """The daily deal's day at ``now`` (UTC; the database's clock by default)."""
    return (now or utcnow()).date()


@dataclass(frozen=True, slots=True)
class DailyAnswerInfo:
    """One part as the learner answered it."""

    part: DailyPart
    correct: bool
    attempt_id: int | None


def answered(learner_id: int, day: date) -> dict[DailyPart, DailyAnswerInfo]:
    """The parts of ``day``'s deal the learner has answered."""
    rows = db.session.execute(
        select(DailyAnswer.part, DailyAnswer.correct, DailyAnswer.attempt_id)
        .where(DailyAnswer.learner_id == learner_id, DailyAnswer.day == day)
    )
    return {DailyPart(p): DailyAnswerInfo(DailyPart(p), bool(c), a) for p, c, a in rows
            if p in DailyPart._value2member_map_}


def _answer(learner_id: int, day: date, part: DailyPart, attempt: NewAttempt,
            now: datetime | None) -> DailyAnswerInfo | None:
    """Record one part's graded answer, once: None (nothing recorded) when it was answered already.

    The answer, its attempt and the streak's day are all dated ``now`` (the
    caller's clock, the database's by default), so the day counted in the
    streak is the day whose deal was answered, whatever a clock says meanwhile."""
    moment = now or utcnow()
    claimed = tables.insert_new(DailyAnswer, {"learner_id": learner_id, "day": day, "part": part.value,
                                              "correct": bool(attempt.correct), "answered_at": moment})
    if not claimed:
        database.rollback()
        return None
    attempt = replace(attempt, created_at=moment,
                      dealt=attempt.dealt | {"source": SOURCE, "daily": day.isoformat()})
    attempt_id = record_attempts(learner_id, [attempt])[0]
    db.session.execute(update(DailyAnswer).where(
        DailyAnswer.learner_id == learner_id, DailyAnswer.day == day, DailyAnswer.part == part.value,
    ).values(attempt_id=attempt_id))
    answers.rate_attempt(learner_id, attempt, attempt_id)
    database.commit()
    return DailyAnswerInfo(part, bool(attempt.correct), attempt_id)


def answer_count(learner_id: int, day: date, given: Total, now: datetime | None = None) -> DailyAnswerInfo | None:
    """Answer the day's count with a total, at ``now`` (see :func:`_answer`)."""
    deal = daily_deal(day).show
    attempt = grading.grade_show(deal, grading.total_options(deal.crib), given).attempt
    return _answer(learner_id, day, DailyPart.COUNT, attempt, now)


def answer_pegging(learner_id: int, day: date, given: PegPoints, now: datetime | None = None) -> DailyAnswerInfo | None:
    """Answer the day's pegging moment: the points for the card just laid, and the count."""
    attempt = grading.grade_pegging(daily_deal(day).moment, given).attempt
    return _answer(learner_id, day, DailyPart.PEGGING, attempt, now)


def answer_discard(learner_id: int, day: date, given: LaidAway, now: datetime | None = None) -> DailyAnswerInfo | None:
    """Answer the day's discard with two of its six cards (``ValueError`` unless they are)."""
    attempt = grading.grade_discard(daily_deal(day).discard, given).attempt
    return _answer(learner_id, day, DailyPart.DISCARD, attempt, now)


# ---------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A learner on the day's table: parts answered right of those answered, and their streak."""

    name: str
    right: int
    answered: int
    streak: int


def board(day: date, limit: int = 50) -> tuple[BoardRow, ...]:
    """The day's table: the learners who chose to appear, most parts right first."""
    right = func.sum(case((DailyAnswer.correct.is_(True), 1), else_=0))
    rows = db.session.execute(
        select(Learner.name, right, func.count(),
               Streak.current, Streak.last_day, Streak.freeze_week)
        .join(DailyAnswer, DailyAnswer.learner_id == Learner.id)
        .join(Streak, Streak.learner_id == Learner.id)
        .where(DailyAnswer.day == day, Streak.on_board.is_(True))
        .group_by(Learner.id, Learner.name, Streak.current, Streak.last_day, Streak.freeze_week)
        .order_by(right.desc(), Learner.name)
        .limit(limit)
    )
    return tuple(
        BoardRow(name, int(right or 0), int(n), streaks.shown(streaks.StreakState(current, 0, last, freeze), day))
        for name, right, n, current, last, freeze in rows
    )


def on_board(learner_id: int) -> bool:
    """Whether the learner chose to appear on the daily table."""
    row = db.session.get(Streak, learner_id)
    return bool(row and row.on_board)


def set_on_board(learner_id: int, shown: bool) -> None:
    """Appear on the daily table, or not (committed)."""
    row = tables.locked_row(Streak, {"learner_id": learner_id},
                            {"current": 0, "longest": 0, "frozen_days": 0, "on_board": False})
    row.on_board = shown
    database.commit()
