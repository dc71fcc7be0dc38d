"""Taking a check-up: start the learner's next one, answer its deals one by one,
finish with a score, and read the history and whether one is offered.

A check-up's number among the learner's picks the bank's set
(:func:`trainer.checkup.bank.checkup_set`; after :data:`~trainer.checkup.bank.CHECKUPS`
of them, a year of weeks, the bank starts again).  Each deal's answer is
stored as it is given, once (a second answer to a deal changes nothing), so a
reload loses nothing; the last one finishes the check-up with its score, the
mean points left on the table per deal (:func:`trainer.checkup.scoring.points_left`).

A check-up answer is not a drill's: it is not recorded as an attempt, not
rated, and the dealer never hears of it.  One is offered once a week: when
none was finished in the last :data:`OFFER_EVERY` by the caller's clock (every
function takes ``now``; the web passes the app's clock).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from statistics import fmean

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from trainer import database
from trainer.checkup.bank import CHECKUPS, CheckupDeal, checkup_set
from trainer.checkup.models import CheckupAnswerRow, CheckupRow
from trainer.checkup.scoring import Truth, points_left, truth
from trainer.database import db
from trainer.drills.answers import BestCard, DrillAnswer, LaidAway, PegPoints, show_answer_from_dict
from trainer.rating import tables
from trainer.record.attempts import DrillKind

#: A check-up is offered when none was finished in this long.
OFFER_EVERY = timedelta(days=7)


class Refusal(StrEnum):
    """Why an answer to a check-up was refused (nothing is changed)."""

    #: no such check-up of the learner's, or it is finished
    NOT_OPEN = "not open"
    #: no deal at that place in the check-up
    NO_SUCH_DEAL = "no such deal"
    #: an answer the deal does not allow (another drill's, a card not dealt)
    BAD_ANSWER = "bad answer"


class CheckupRefused(ValueError):
    """An answer a check-up refuses, with the :class:`Refusal` that says why."""

    def __init__(self, reason: Refusal, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else str(reason))
        self.reason = reason


@dataclass(frozen=True)
class Answered:
    """One deal of a check-up as answered, with the points it left on the table."""

    position: int
    item: CheckupDeal
    answer: DrillAnswer
    points_left: float


@dataclass(frozen=True)
class Checkup:
    """A check-up a learner started, with its deals and the answers given so far."""

    id: int
    learner_id: int
    number: int
    started_at: datetime
    finished_at: datetime | None
    #: the mean points left per deal, once finished
    score: float | None
    deals: tuple[CheckupDeal, ...]
    answers: tuple[Answered, ...]

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def next_position(self) -> int | None:
        """The first deal not answered yet (None: every one is)."""
        done = {a.position for a in self.answers}
        return next((p for p in range(len(self.deals)) if p not in done), None)


@dataclass(frozen=True)
class Finished:
    """A finished check-up as the history lists it."""

    id: int
    number: int
    finished_at: datetime
    score: float


@dataclass(frozen=True)
class Offer:
    """Whether a check-up is offered now, the one under way, and the latest finished."""

    offered: bool
    #: the check-up started and not finished (None: none)
    open: Checkup | None
    last: Finished | None
    #: when the next one is offered (None: now, or once the open one is finished)
    next_at: datetime | None


def set_of(number: int) -> tuple[CheckupDeal, ...]:
    """The deals of a learner's ``number``-th check-up (the bank starts again after its last).

    >>> set_of(0) == set_of(0 + CHECKUPS)
    True
    """
    return checkup_set(number % CHECKUPS)


def _answer_of(kind: DrillKind, stored: str) -> DrillAnswer:
    data = json.loads(stored)
    match kind:
        case DrillKind.SHOW:
            return show_answer_from_dict(data)
        case DrillKind.PEGGING:
            return PegPoints.from_dict(data)
        case DrillKind.DISCARD:
            return LaidAway.from_dict(data)
    return BestCard.from_dict(data)


def _checkup(row: CheckupRow) -> Checkup:
    deals = set_of(row.number)
    rows = db.session.scalars(
        select(CheckupAnswerRow).where(CheckupAnswerRow.checkup_id == row.id).order_by(CheckupAnswerRow.position)
    ).all()
    answers = tuple(
        Answered(a.position, deals[a.position], _answer_of(deals[a.position].kind, a.answer), a.points_left)
        for a in rows if 0 <= a.position < len(deals)
    )
    return Checkup(row.id, row.learner_id, row.number, row.started_at, row.finished_at, row.score, deals, answers)


def checkup_of(learner_id: int, checkup_id: int) -> Checkup | None:
    """The learner's check-up of this id (None: no such check-up of theirs)."""
    row = db.session.get(CheckupRow, checkup_id)
    return _checkup(row) if row is not None and row.learner_id == learner_id else None


def open_checkup(learner_id: int) -> Checkup | None:
    """The learner's check-up started and not finished, if any."""
    row = db.session.scalars(
        select(CheckupRow).where(CheckupRow.learner_id == learner_id, CheckupRow.finished_at.is_(None))
        .order_by(CheckupRow.number.desc()).limit(1)
    ).first()
    return _checkup(row) if row is not None else None


def history(learner_id: int) -> tuple[Finished, ...]:
    """The learner's finished check-ups, oldest first."""
    rows = db.session.execute(
        select(CheckupRow.id, CheckupRow.number, CheckupRow.finished_at, CheckupRow.score)
        .where(CheckupRow.learner_id == learner_id, CheckupRow.finished_at.is_not(None))
        .order_by(CheckupRow.finished_at, CheckupRow.number)
    ).all()
    return tuple(Finished(i, n, at, float(score or 0.0)) for i, n, at, score in rows if at is not None)


def offer(learner_id: int, now: datetime) -> Offer:
    """Whether a check-up is offered at ``now``: none under way and none finished
    in the last :data:`OFFER_EVERY` (one under way is offered to finish)."""
    under_way = open_checkup(learner_id)
    done = history(learner_id)
    last = max(done, key=lambda f: f.finished_at) if done else None
    if under_way is not None:
        return Offer(True, under_way, last, None)
    due = last is None or now - last.finished_at >= OFFER_EVERY
    return Offer(due, None, last, None if due or last is None else last.finished_at + OFFER_EVERY)


def start_checkup(learner_id: int, now: datetime) -> Checkup | None:
    """The learner's check-up under way, or a new one (their next number) when
    one is offered at ``now``; None when none is (one was finished this week)."""
    under_way = open_checkup(learner_id)
    if under_way is not None:
        return under_way
    if not offer(learner_id, now).offered:
        return None
    taken = db.session.scalar(select(func.max(CheckupRow.number)).where(CheckupRow.learner_id == learner_id))
    number = 0 if taken is None else taken + 1
    db.session.add(CheckupRow(learner_id=learner_id, number=number, started_at=now))
    try:
        database.commit()
    except IntegrityError:  # another request started this number a moment ago: that one is under way
        database.rollback()
    return open_checkup(learner_id)


def result_lines(checkup: Checkup) -> tuple[tuple[Answered, Truth], ...]:
    """Each answered deal of a check-up beside its right answer, for the result."""
    return tuple((answered, truth(answered.item)) for answered in checkup.answers)


def answer(learner_id: int, checkup_id: int, position: int, given: DrillAnswer, now: datetime) -> tuple[Checkup, bool]:
    """Answer the deal at ``position`` of the learner's open check-up: the check-up
    after it, and whether this answer counted (False: that deal was answered
    already, and the first answer stands).  The last deal's answer finishes the
    check-up with its score.  :class:`CheckupRefused` (nothing changed) for a
    check-up not open, a deal it does not hold, or an answer the deal does not allow."""
    row = db.session.get(CheckupRow, checkup_id)
    if row is None or row.learner_id != learner_id or row.finished_at is not None:
        raise CheckupRefused(Refusal.NOT_OPEN)
    deals = set_of(row.number)
    if not 0 <= position < len(deals):
        raise CheckupRefused(Refusal.NO_SUCH_DEAL, str(position))
    try:
        left = points_left(deals[position], given)
    except (TypeError, ValueError) as error:
        raise CheckupRefused(Refusal.BAD_ANSWER, str(error)) from None
    counted = tables.insert_new(CheckupAnswerRow, {
        "checkup_id": checkup_id, "position": position, "answer": json.dumps(given.to_dict()),
        "points_left": left, "answered_at": now,
    })
    if counted:
        _finish_if_done(checkup_id, len(deals), now)
        database.commit()
    else:
        database.rollback()
    found = checkup_of(learner_id, checkup_id)
    assert found is not None  # it was there above, and nothing deletes it
    return found, counted


def _finish_if_done(checkup_id: int, deals: int, now: datetime) -> None:
    """Finish the check-up with its score once every deal is answered."""
    lefts = db.session.scalars(select(CheckupAnswerRow.points_left).where(CheckupAnswerRow.checkup_id == checkup_id)).all()
    if len(lefts) >= deals:
        db.session.execute(update(CheckupRow).where(CheckupRow.id == checkup_id, CheckupRow.finished_at.is_(None))
                           .values(finished_at=now, score=fmean(lefts)))
