"""Reading attempts back: one by id, a page of the history (keyset paging),
the latest mistakes, the misses due for review, and the deals answered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator, TypeVar, Unpack

from sqlalchemy import Select, case, exists, func, select, tuple_
from sqlalchemy.orm import aliased, selectinload

from trainer.database import db
from trainer.record.attempts import AttemptInfo, AttemptMode, DrillKind
from trainer.record.combos import ComboResult, ComboType
from trainer.record.learners import owned_row, row_key
from trainer.record.models import Attempt, DayTally


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a learner's attempts, newest first (see :func:`history_page`)."""

    attempts: tuple[AttemptInfo, ...]
    #: how many attempts the learner has in all
    total: int
    #: whether there are newer attempts than this page's (then ``after=attempts[0].id`` shows them)
    newer: bool
    #: whether there are older ones (then ``before=attempts[-1].id`` shows them)
    older: bool


def _attempt_info(row: Attempt) -> AttemptInfo:
    return AttemptInfo(
        id=row.id,
        learner_id=row.learner_id,
        created_at=row.created_at,
        kind=DrillKind(row.kind),
        mode=AttemptMode(row.mode),
        dealt=json.loads(row.dealt),
        answer=json.loads(row.answer),
        points_expected=row.points_expected,
        points_answered=row.points_answered,
        points_missed=row.points_missed,
        correct=row.correct,
        seconds=row.seconds,
        retry_of=row.retry_of,
        results=tuple(
            ComboResult(ComboType(r.combo_type), r.expected_points, r.missed_points, r.right)
            for r in sorted(row.results, key=lambda r: r.id)
        ),
    )


#: Any select, of any columns.
_Select = TypeVar("_Select", bound="Select[Unpack[tuple[Any, ...]]]")


def newest_first(query: _Select) -> _Select:
    """``query`` ordered newest attempt first (latest ``created_at``, then highest id)."""
    return query.order_by(Attempt.created_at.desc(), Attempt.id.desc())


def _infos(query: Select[Attempt]) -> tuple[AttemptInfo, ...]:
    """The attempts a query selects, their results loaded by one more query (not one a row)."""
    rows = db.session.scalars(query.options(selectinload(Attempt.results)))
    return tuple(_attempt_info(row) for row in rows)


def attempt_by_id(attempt_id: Any, learner_id: int) -> AttemptInfo | None:
    """The learner's attempt with this id, or None (also for someone else's)."""
    row = owned_row(Attempt, learner_id, attempt_id)
    return _attempt_info(row) if row is not None else None


def history(learner_id: int, kind: DrillKind | None = None, limit: int | None = None) -> tuple[AttemptInfo, ...]:
    """The learner's attempts, newest first (all of them without ``limit``:
    for exports and tests; pages use :func:`history_page`)."""
    query = select(Attempt).where(Attempt.learner_id == learner_id)
    if kind is not None:
        query = query.where(Attempt.kind == kind.value)
    query = newest_first(query)
    if limit is not None:
        query = query.limit(limit)
    return _infos(query)


#: Attempts on a page of the history.
HISTORY_PAGE = 50


def attempt_count(learner_id: int, kind: DrillKind | None = None) -> int:
    """How many attempts the learner has recorded (of ``kind``), from the tallies."""
    query = select(func.coalesce(func.sum(DayTally.attempts), 0)).where(DayTally.learner_id == learner_id)
    if kind is not None:
        query = query.where(DayTally.kind == kind.value)
    return int(db.session.scalar(query) or 0)  # coalesce already makes no rows 0


def history_page(
    learner_id: int, *, before: Any = None, after: Any = None, per_page: int = HISTORY_PAGE
) -> HistoryPage | None:
    """``per_page`` of the learner's attempts, newest first: the newest ones, or
    those just older than the attempt ``before`` names, or just newer than
    ``after``'s.  Keyset paging on the (learner, time) index, so a page far
    back costs what the first does.  None when the attempt named is not the
    learner's (or not an id)."""
    if before is not None:
        after = None
    place = tuple_(Attempt.created_at, Attempt.id)
    query = select(Attempt.id).where(Attempt.learner_id == learner_id)
    newest_on_top = after is None
    if before is not None or after is not None:
        key = row_key(before if after is None else after)
        mark = None if key is None else db.session.execute(
            select(Attempt.created_at, Attempt.id).where(Attempt.id == key, Attempt.learner_id == learner_id)
        ).first()
        if mark is None:
            return None
        if before is not None:
            query = query.where(Attempt.created_at <= mark.created_at, place < tuple_(mark.created_at, mark.id))
        else:
            query = query.where(Attempt.created_at >= mark.created_at, place > tuple_(mark.created_at, mark.id))
    if newest_on_top:
        query = newest_first(query)
    else:
        query = query.order_by(Attempt.created_at, Attempt.id)
    ids = list(db.session.scalars(query.limit(per_page + 1)))
    more = len(ids) > per_page
    ids = ids[:per_page]
    attempts = _infos(newest_first(select(Attempt).where(Attempt.id.in_(ids)))) if ids else ()
    return HistoryPage(
        attempts,
        attempt_count(learner_id),
        newer=more if after is not None else before is not None,
        older=more if after is None else True,
    )


def recent_mistakes(learner_id: int, limit: int = 10) -> tuple[AttemptInfo, ...]:
    """The learner's latest wrong attempts, newest first."""
    return _infos(
        newest_first(select(Attempt).where(Attempt.learner_id == learner_id, Attempt.correct.is_(False))).limit(limit)
    )


def retries_among_latest(learner_id: int, latest: int) -> int:
    """How many of the learner's ``latest`` answers were retries (a missed deal brought back):
    what the practice's review budget counts (one query off the (learner, time) index)."""
    newest = newest_first(select(Attempt.retry_of).where(Attempt.learner_id == learner_id)).limit(latest)
    return sum(1 for (retry_of,) in db.session.execute(newest) if retry_of is not None)


#: How far back (in attempts) the adaptive policy looks for a miss to bring back.
REVIEW_WINDOW = 200


def review_candidates(
    learner_id: int, kind: DrillKind, spacing: int, window: int = REVIEW_WINDOW
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The learner's missed attempts of ``kind`` due again under the adaptive
    policy (the dealer before ratings, :class:`trainer.practice.Policy`), oldest
    first, as (id, what was dealt): wrong, not retried yet, with at least
    ``spacing`` attempts (of any kind) after them, among the latest ``window``.
    The window's ends are read off the (learner, time) index, then the misses
    between them are those with no retry pointing at them.  A retry answered
    wrong is itself a miss, so a deal keeps coming back until it is answered right."""
    latest = newest_first(select(Attempt.created_at, Attempt.id).where(Attempt.learner_id == learner_id))
    newest_due = db.session.execute(latest.offset(max(spacing, 0)).limit(1)).first()
    if newest_due is None or spacing >= window:
        return
    oldest = db.session.execute(latest.offset(window - 1).limit(1)).first()
    retry = aliased(Attempt)
    place = tuple_(Attempt.created_at, Attempt.id)
    query = select(Attempt.id, Attempt.dealt).where(
        Attempt.learner_id == learner_id,
        Attempt.created_at <= newest_due.created_at,
        place <= tuple_(newest_due.created_at, newest_due.id),
        Attempt.kind == kind.value,
        Attempt.correct.is_(False),
        ~exists().where(retry.retry_of == Attempt.id),
    )
    if oldest is not None:
        query = query.where(Attempt.created_at >= oldest.created_at, place >= tuple_(oldest.created_at, oldest.id))
    for attempt_id, dealt in db.session.execute(query.order_by(Attempt.created_at, Attempt.id)):
        yield attempt_id, json.loads(dealt)


def answered_deals(learner_id: int, mode: AttemptMode) -> tuple[tuple[dict[str, Any], bool], ...]:
    """What was dealt in the learner's attempts of ``mode`` (e.g. lesson
    exercises), each deal once, with whether any answer to it was right: one
    GROUP BY over the (learner, mode) index, not a read of the history."""
    rows = db.session.execute(
        select(Attempt.dealt, func.max(case((Attempt.correct.is_(True), 1), else_=0)))
        .where(Attempt.learner_id == learner_id, Attempt.mode == mode)
        .group_by(Attempt.dealt)
    )
    return tuple((json.loads(dealt), bool(right)) for dealt, right in rows)


# ---------------------------------------------------------------- statistics
