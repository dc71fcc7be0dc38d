"""The learner's statistics, read from the running tallies: accuracy and points
missed per combo type and per kind of drill, and each kind of drill's trend over
days and blocks of answers (kept apart: a best card that is not the best is not
a count gone wrong, so one line through every drill would mix measures).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import func, select, union_all

from trainer.database import db
from trainer.language import i18n
from trainer.record.attempts import FALSE_CLAIMS_KEY, DrillKind
from trainer.record.combos import ComboType
from trainer.record.history import newest_first
from trainer.record.models import Attempt, ComboTally, DayTally


@dataclass(frozen=True, slots=True)
class ComboStats:
    """A learner's record for one combo type."""

    type: ComboType
    #: answers that scored this type: deals holding it, and claims of it where there was none
    seen: int
    right: int
    points_missed: int
    #: of ``seen``, the answers claiming points for this type in a deal without it
    false_claims: int = 0

    @property
    def accuracy(self) -> float:
        """Share of the answers scoring this type that were right (what the adaptive dealer weighs)."""
        return self.right / self.seen if self.seen else 0.0

    @property
    def held(self) -> int:
        """How many deals held this type (the answers that claimed it where there was none left out)."""
        return self.seen - self.false_claims

    @property
    def held_accuracy(self) -> float | None:
        """Share of the deals holding this type that the learner got right; None if none held it."""
        return self.right / self.held if self.held > 0 else None


#: Answers per point of the short-term trend.
TREND_BLOCK = 10
#: The blocks trend covers about this many of the latest answers.
TREND_BLOCK_ANSWERS = 200
#: The trend by day covers at most this many of the latest days practised.
TREND_DAYS = 90


@dataclass(frozen=True, slots=True)
class TrendPoint:
    """Accuracy over one stretch of attempts (a day, or a block of answers)."""

    label: str
    attempts: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass(frozen=True, slots=True)
class KindTrend:
    """One kind of drill's accuracy over time: per day (labels like "29 Nov", "29
    нояб.", the latest :data:`TREND_DAYS` days it was practised) and per block of
    :data:`TREND_BLOCK` of its answers (labels like "11-20", the answers' places
    among the kind's answers, the latest ~:data:`TREND_BLOCK_ANSWERS`), oldest first."""

    kind: DrillKind
    days: tuple[TrendPoint, ...]
    blocks: tuple[TrendPoint, ...]


@dataclass(frozen=True, slots=True)
class KindStats:
    """A learner's record for one kind of drill."""

    kind: DrillKind
    attempts: int
    correct: int
    points_missed: int
    #: mean expected points given away (discards, best card), None for the others
    mean_given_away: float | None

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass(frozen=True, slots=True)
class LearnerStats:
    """Everything the review page shows, per combo type and over time."""

    attempts: int
    correct: int
    points_missed: int
    mean_seconds: float | None
    by_type: tuple[ComboStats, ...]
    #: each kind of drill answered, in :class:`DrillKind` order: its accuracy over time
    trends: tuple[KindTrend, ...]
    #: per kind of drill, in :class:`DrillKind` order
    by_kind: tuple[KindStats, ...] = ()

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0

    def of(self, combo_type: ComboType) -> ComboStats:
        for stats in self.by_type:
            if stats.type is combo_type:
                return stats
        return ComboStats(combo_type, 0, 0, 0)

    def trend_of(self, kind: DrillKind) -> KindTrend:
        """The trend of one kind of drill (empty when it was not answered, or not read)."""
        return next((trend for trend in self.trends if trend.kind is kind), KindTrend(kind, (), ()))


def learner_totals(learner_id: int, kind: DrillKind | None = None) -> LearnerStats:
    """The learner's totals, per kind of drill and per combo type (of ``kind``
    only if given), read from the tallies: what the adaptive dealer weighs.
    The trends are left empty (see :func:`learner_stats`)."""
    combos = select(
        ComboTally.combo_type, func.sum(ComboTally.seen), func.sum(ComboTally.right), func.sum(ComboTally.points_missed)
    ).where(ComboTally.learner_id == learner_id)
    kinds = select(
        DayTally.kind,
        func.sum(DayTally.attempts),
        func.sum(DayTally.correct),
        func.sum(DayTally.points_missed),
        func.sum(DayTally.timed),
        func.sum(DayTally.seconds),
        func.sum(DayTally.graded),
        func.sum(DayTally.given_away),
    ).where(DayTally.learner_id == learner_id)
    if kind is not None:
        combos = combos.where(ComboTally.kind == kind.value)
        kinds = kinds.where(DayTally.kind == kind.value)
    rows = db.session.execute(combos.group_by(ComboTally.combo_type)).all()
    false_claims = {
        combo_type.removeprefix(FALSE_CLAIMS_KEY): int(seen)
        for combo_type, seen, _, _ in rows
        if combo_type.startswith(FALSE_CLAIMS_KEY)
    }
    by_type = {
        ComboType(combo_type): ComboStats(
            ComboType(combo_type), int(seen), int(right), int(missed), false_claims.get(combo_type, 0)
        )
        for combo_type, seen, right, missed in rows
        if not combo_type.startswith(FALSE_CLAIMS_KEY)
    }
    per_kind = {row[0]: row[1:] for row in db.session.execute(kinds.group_by(DayTally.kind))}
    by_kind = []
    for drill_kind in DrillKind:
        attempts, correct, missed, _, _, graded, given = per_kind.get(drill_kind.value, (0,) * 7)
        by_kind.append(
            KindStats(drill_kind, int(attempts), int(correct), int(missed), given / graded if graded else None)
        )
    timed = sum(int(row[3]) for row in per_kind.values())
    seconds = sum(float(row[4]) for row in per_kind.values())
    return LearnerStats(
        attempts=sum(k.attempts for k in by_kind),
        correct=sum(k.correct for k in by_kind),
        points_missed=sum(k.points_missed for k in by_kind),
        mean_seconds=seconds / timed if timed else None,
        by_type=tuple(by_type[t] for t in ComboType if t in by_type),
        trends=(),
        by_kind=tuple(by_kind),
    )


def learner_stats(learner_id: int, kind: DrillKind | None = None) -> LearnerStats:
    """Accuracy and points missed per combo type and per kind of drill (of ``kind``
    only if given), and each kind's accuracy per day and per block of its answers:
    a few rows of the tallies and the latest few hundred attempts' outcomes a kind,
    however long the history, in four statements."""
    totals = learner_totals(learner_id, kind)
    counts = {k.kind: k.attempts for k in totals.by_kind if k.attempts and (kind is None or k.kind is kind)}
    days = _days(learner_id, kind)
    blocks = _blocks(learner_id, counts)
    trends = tuple(KindTrend(k, days.get(k, ()), blocks.get(k, ())) for k in DrillKind if k in counts)
    return replace(totals, trends=trends)


def _days(learner_id: int, kind: DrillKind | None) -> dict[DrillKind, tuple[TrendPoint, ...]]:
    """Each kind's accuracy per day over its latest :data:`TREND_DAYS` days, oldest first."""
    place = func.row_number().over(partition_by=DayTally.kind, order_by=DayTally.day.desc()).label("place")
    ranked = select(DayTally.kind, DayTally.day, DayTally.attempts, DayTally.correct, place).where(
        DayTally.learner_id == learner_id
    )
    if kind is not None:
        ranked = ranked.where(DayTally.kind == kind.value)
    latest = ranked.subquery()
    rows = db.session.execute(
        select(latest.c.kind, latest.c.day, latest.c.attempts, latest.c.correct)
        .where(latest.c.place <= TREND_DAYS)
        .order_by(latest.c.kind, latest.c.day)
    ).all()
    days: dict[DrillKind, list[TrendPoint]] = {}
    for kind_value, day, n, ok in rows:
        days.setdefault(DrillKind(kind_value), []).append(TrendPoint(i18n.format_date(day, "d MMM"), int(n), int(ok)))
    return {k: tuple(points) for k, points in days.items()}


def _blocks(learner_id: int, counts: dict[DrillKind, int]) -> dict[DrillKind, tuple[TrendPoint, ...]]:
    """Each kind's accuracy per block of :data:`TREND_BLOCK` of its answers over
    the latest ~:data:`TREND_BLOCK_ANSWERS` of its ``counts[kind]`` answers,
    labelled by their places among the kind's answers ("1-10", "11-20"...; the
    last block may be short).  One statement: the kinds' latest answers, each read
    by the index of a learner's attempts of a kind."""
    firsts = {k: max(0, count - TREND_BLOCK_ANSWERS) // TREND_BLOCK * TREND_BLOCK for k, count in counts.items()}
    parts = [
        newest_first(
            select(Attempt.kind, Attempt.correct, Attempt.created_at, Attempt.id).where(
                Attempt.learner_id == learner_id, Attempt.kind == k.value
            )
        ).limit(count - firsts[k]).subquery().select()
        for k, count in counts.items()
        if count > 0
    ]
    if not parts:
        return {}
    rows = db.session.execute(union_all(*parts)).all()
    newest: dict[DrillKind, list[tuple[datetime, int, bool]]] = {}
    for kind_value, correct, created_at, attempt_id in rows:
        newest.setdefault(DrillKind(kind_value), []).append((created_at, attempt_id, bool(correct)))
    blocks = {}
    for k, rows_of_kind in newest.items():
        outcomes = [correct for _, _, correct in sorted(rows_of_kind, key=lambda row: (row[0], row[1]))]
        first = counts[k] - len(outcomes)  # fewer rows than the tallies count: label what there is
        points = []
        for start in range(0, len(outcomes), TREND_BLOCK):
            block = outcomes[start : start + TREND_BLOCK]
            low, high = first + start + 1, first + start + len(block)
            points.append(TrendPoint(f"{low}-{high}" if high > low else str(low), len(block), sum(block)))
        blocks[k] = tuple(points)
    return blocks
