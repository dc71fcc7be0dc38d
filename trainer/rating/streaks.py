"""The streak: days in a row the learner practised, kept gently: one missed day
a week is covered by a free freeze (nothing to buy, nothing to switch on).

A day counts when the learner answers anything rated or the daily deal.  When
a day is missed, the week holding that day spends its freeze if it is unspent,
and the streak goes on (the frozen day is not counted in it); a second missed
day, or a missed day in a week whose freeze is spent, starts the streak again.

>>> state = StreakState()
>>> for day in (date(2026, 1, 5), date(2026, 1, 6), date(2026, 1, 8)):  # the 7th missed: frozen
...     state = practised(state, day)
>>> state.current, state.frozen_days, shown(state, date(2026, 1, 9)), shown(state, date(2026, 1, 12))
(3, 1, 3, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta

from trainer.database import db
from trainer.rating import tables
from trainer.rating.models import Streak


@dataclass(frozen=True, slots=True)
class StreakState:
    """A learner's streak as kept."""

    current: int = 0
    longest: int = 0
    last_day: date | None = None
    #: the Monday of the latest week whose freeze was spent
    freeze_week: date | None = None
    frozen_days: int = 0


def week_of(day: date) -> date:
    """The Monday of ``day``'s week."""
    return day - timedelta(days=day.weekday())


def _freeze_left(state: StreakState, missed: date) -> bool:
    return state.freeze_week != week_of(missed)


def practised(state: StreakState, day: date) -> StreakState:
    """The streak after practising on ``day`` (a day already counted changes nothing)."""
    last = state.last_day
    if last is not None and day <= last:
        return state
    if last is not None and day - last == timedelta(days=1):
        current, freeze_week, frozen = state.current + 1, state.freeze_week, state.frozen_days
    elif last is not None and day - last == timedelta(days=2) and _freeze_left(state, last + timedelta(days=1)):
        current, freeze_week, frozen = state.current + 1, week_of(last + timedelta(days=1)), state.frozen_days + 1
    else:
        current, freeze_week, frozen = 1, state.freeze_week, state.frozen_days
    return replace(state, current=current, longest=max(state.longest, current), last_day=day,
                   freeze_week=freeze_week, frozen_days=frozen)


def shown(state: StreakState, today: date) -> int:
    """The streak as it stands ``today``: alive if the learner practised today or
    yesterday, or the day before with yesterday's week's freeze unspent."""
    if state.last_day is None:
        return 0
    gap = (today - state.last_day).days
    if gap <= 1 or (gap == 2 and _freeze_left(state, today - timedelta(days=1))):
        return state.current
    return 0


def freeze_available(state: StreakState, today: date) -> bool:
    """Whether this week's freeze is still unspent."""
    return state.freeze_week != week_of(today)


def streak_of(learner_id: int) -> StreakState:
    """The learner's streak as kept (an empty one if they never practised)."""
    row = db.session.get(Streak, learner_id)
    if row is None:
        return StreakState()
    return StreakState(row.current, row.longest, row.last_day, row.freeze_week, row.frozen_days)


def record_day(learner_id: int, day: date) -> StreakState:
    """Count ``day`` in the learner's streak and write it. Flushes only."""
    row = tables.locked_row(Streak, {"learner_id": learner_id},
                            {"current": 0, "longest": 0, "frozen_days": 0, "on_board": False})
    state = practised(StreakState(row.current, row.longest, row.last_day, row.freeze_week, row.frozen_days), day)
    row.current, row.longest, row.last_day = state.current, state.longest, state.last_day
    row.freeze_week, row.frozen_days = state.freeze_week, state.frozen_days
    db.session.flush()
    return state
