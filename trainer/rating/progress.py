"""What the progress page reads: each skill's rating and its interval week by
week, accuracy and median time per skill and combo type by week, what is due,
the placement and the streak, all from per-learner aggregates (never the
history), kept by :func:`week_rows` as answers are rated.

Times are kept as counts per bucket (:data:`SECONDS_BUCKETS`), so a week's
median is read from a dozen numbers and lies within its bucket.

>>> median_seconds({0: 1, 3: 2, 5: 1})
10.0
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import select

from trainer.database import db
from trainer.rating import memory, placement, ratings, streaks
from trainer.rating.glicko2 import Rating
from trainer.rating.models import ProgressWeek
from trainer.rating.ratings import SkillRating
from trainer.rating.skills import RatedResult, Skill
from trainer.record.attempts import NewAttempt
from trainer.record.combos import ComboType

#: The upper edges of the time buckets, in seconds (the last is open).
SECONDS_BUCKETS = (3.0, 5.0, 8.0, 12.0, 20.0, 30.0, 45.0, 60.0, 90.0, 120.0, float("inf"))
#: The bucket of an untimed answer.
UNTIMED = -1
#: Weeks the page shows.
WEEKS_SHOWN = 12
#: The skill as a whole, in place of a combo type.
WHOLE_SKILL = ""
#: The answers counted too high, in place of a combo type.  A total too high
#: counts against none of the combo types the hand holds (nothing was missed:
#: :data:`trainer.drills.checking.TOO_HIGH_RULE`), so without these rows a
#: skill's over-counts would show on no line beneath it.
COUNTED_TOO_HIGH = "counted too high"


def bucket_of(seconds: float | None) -> int:
    """The bucket an answer's time falls in (:data:`UNTIMED` for none).

    >>> bucket_of(None), bucket_of(2.5), bucket_of(5.0), bucket_of(500)
    (-1, 0, 1, 10)
    """
    if seconds is None:
        return UNTIMED
    return bisect.bisect_left(SECONDS_BUCKETS, seconds)


def median_seconds(buckets: dict[int, int]) -> float | None:
    """The median time from counts per bucket, placed within its bucket by
    linear interpolation (the open last bucket reads as its lower edge)."""
    counts = {b: n for b, n in buckets.items() if b != UNTIMED and n > 0}
    total = sum(counts.values())
    if not total:
        return None
    half = total / 2
    seen = 0
    for bucket in sorted(counts):
        n = counts[bucket]
        if seen + n >= half:
            low = SECONDS_BUCKETS[bucket - 1] if bucket else 0.0
            high = SECONDS_BUCKETS[bucket]
            if high == float("inf"):
                return low
            return low + (high - low) * (half - seen) / n
        seen += n
    return None  # pragma: no cover - the loop always reaches half


def answer_seconds(attempt: NewAttempt) -> float | None:
    """How long an answer took: from dealing to answering (:attr:`NewAttempt.elapsed`),
    or for an answer recorded without it, its timed seconds."""
    return attempt.elapsed if attempt.elapsed is not None else attempt.seconds


def counted_too_high(attempt: NewAttempt) -> bool:
    """Whether the answer gave more points than the deal holds (a count or a pegging score too high).

    >>> from engine.cards import Card, parse_cards
    >>> from trainer.drills.answers import Total
    >>> from trainer.drills.deal import ShowDeal
    >>> from trainer.drills.grading import grade_show, total_options
    >>> deal = ShowDeal(tuple(parse_cards("5H 5D 5S JC")), Card.parse("5C"), False)
    >>> [counted_too_high(grade_show(deal, total_options(False), Total(n)).attempt) for n in (28, 29, 30)]
    [False, False, True]
    """
    return attempt.points_answered > attempt.points_expected


def week_rows(learner_id: int, attempt: NewAttempt, result: RatedResult, week: date) -> list[dict[str, Any]]:
    """The progress rows one first attempt adds to: its skill's, each combo type's
    in its results, and :data:`COUNTED_TOO_HIGH` when it was."""
    base = {"learner_id": learner_id, "week": week, "skill": result.skill.value,
            "bucket": bucket_of(answer_seconds(attempt))}
    rows = [base | {"combo_type": WHOLE_SKILL, "seen": 1, "right": int(result.correct)}]
    if counted_too_high(attempt):
        rows.append(base | {"combo_type": COUNTED_TOO_HIGH, "seen": 1, "right": 0})
    by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for combo in attempt.results:
        by_type[combo.type.value][0] += 1
        by_type[combo.type.value][1] += bool(combo.right)
    rows.extend(base | {"combo_type": t, "seen": seen, "right": right} for t, (seen, right) in by_type.items())
    return rows


@dataclass(frozen=True, slots=True)
class WeekCell:
    """One week's answers on a skill or a combo type."""

    week: date
    seen: int
    right: int
    median_seconds: float | None
    #: of a skill's answers, those counted too high (:func:`counted_too_high`)
    too_high: int = 0

    @property
    def accuracy(self) -> float:
        """The share answered right."""
        return self.right / self.seen if self.seen else 0.0

    @property
    def too_high_share(self) -> float:
        """The share counted too high."""
        return self.too_high / self.seen if self.seen else 0.0


@dataclass(frozen=True, slots=True)
class WeekLine:
    """A skill or one of its combo types, week by week (the weeks it was practised in, oldest first)."""

    skill: Skill
    combo_type: ComboType | None
    cells: tuple[WeekCell, ...]

    def cell(self, week: date) -> WeekCell | None:
        """The line's answers in ``week``, None if none."""
        return next((c for c in self.cells if c.week == week), None)

    def counted_too_high(self, weeks: tuple[date, ...]) -> bool:
        """Whether any answer in ``weeks`` was counted too high (a skill's line only)."""
        return any(c.too_high for c in self.cells if c.week in weeks)


@dataclass(slots=True)
class _WeekCount:
    """One week's answers on a skill and combo type, as :func:`week_lines` adds them up."""

    seen: int = 0
    right: int = 0
    #: answers by the index of their :data:`SECONDS_BUCKETS` bucket
    buckets: defaultdict[int, int] = field(default_factory=lambda: defaultdict(int))


def week_lines(learner_id: int, since: date) -> tuple[tuple[date, ...], tuple[WeekLine, ...]]:
    """The weeks from ``since`` with answers, and a line per skill and combo type over them."""
    rows = db.session.execute(
        select(ProgressWeek.week, ProgressWeek.skill, ProgressWeek.combo_type, ProgressWeek.bucket,
               ProgressWeek.seen, ProgressWeek.right)
        .where(ProgressWeek.learner_id == learner_id, ProgressWeek.week >= since)
    )
    cells: dict[tuple[str, str], dict[date, _WeekCount]] = defaultdict(dict)
    for week, skill, combo_type, bucket, seen, right in rows:
        cell = cells[skill, combo_type].setdefault(week, _WeekCount())
        cell.seen += seen
        cell.right += right
        cell.buckets[bucket] += seen
    weeks = sorted({week for (_, combo_type), by_week in cells.items() if combo_type != COUNTED_TOO_HIGH
                    for week in by_week})
    lines = []
    for skill in Skill:
        too_high = {week: c.seen for week, c in cells.get((skill.value, COUNTED_TOO_HIGH), {}).items()}
        types = sorted((t for s, t in cells if s == skill.value and t != WHOLE_SKILL),
                       key=lambda t: list(ComboType._value2member_map_).index(t) if t in ComboType._value2member_map_ else 99)
        for combo_type in [WHOLE_SKILL, *types]:
            by_week = cells.get((skill.value, combo_type))
            if not by_week or (combo_type and combo_type not in ComboType._value2member_map_):
                continue
            line_cells = tuple(
                WeekCell(w, c.seen, c.right, median_seconds(c.buckets), too_high.get(w, 0) if not combo_type else 0)
                for w, c in sorted(by_week.items())
            )
            lines.append(WeekLine(skill, ComboType(combo_type) if combo_type else None, line_cells))
    return tuple(weeks), tuple(lines)


@dataclass(frozen=True, slots=True)
class SkillProgress:
    """A skill's rating now and at the end of each recent week."""

    skill: Skill
    now: SkillRating
    weeks: tuple[tuple[date, Rating], ...]


@dataclass(frozen=True, slots=True)
class Progress:
    """Everything the progress page shows."""

    skills: tuple[SkillProgress, ...]
    weeks: tuple[date, ...]
    lines: tuple[WeekLine, ...]
    due: memory.DueSummary
    streak: int
    longest_streak: int
    freeze_available: bool
    placement: placement.Placement


def learner_progress(learner_id: int, now: datetime, weeks: int = WEEKS_SHOWN) -> Progress:
    """The learner's progress page: a dozen queries over their aggregates, whatever the history's length."""
    current = ratings.learner_ratings(learner_id)
    history = ratings.rating_weeks(learner_id, weeks)
    since = (ratings.monday(now) - timedelta(weeks=weeks - 1)).date()
    shown_weeks, lines = week_lines(learner_id, since)
    streak = streaks.streak_of(learner_id)
    return Progress(
        skills=tuple(SkillProgress(skill, current[skill], tuple(history.get(skill, ()))) for skill in Skill),
        weeks=shown_weeks,
        lines=lines,
        due=memory.due_summary(learner_id, now),
        streak=streaks.shown(streak, now.date()),
        longest_streak=streak.longest,
        freeze_available=streaks.freeze_available(streak, now.date()),
        placement=placement.placement_of(current),
    )
