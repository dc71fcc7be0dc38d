"""Answered drills, recorded with their result per combo type and added to the
learner's running tallies in the same flush (the caller commits).

Recording an attempt (from any drill)::

    learner = learners.learner_by_name("Ann", create=True)
    record_attempt(learner.id, DrillKind.SHOW, dealt={"hand": "5H 5D 5S JC", "starter": "5C"},
                   answer={"total": 28}, results=feedback.results, points_expected=29,
                   points_answered=28, points_missed=1, correct=False, mode=AttemptMode.TOTAL)
    database.commit()

The tallies (per combo type and per day) are what :mod:`trainer.record.stats`
reads back, so statistics cost a few rows however long the history grows.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timezone
from enum import StrEnum
from typing import Any, Iterable, Sequence

from sqlalchemy import insert
from sqlalchemy.dialects import postgresql, sqlite

from trainer.database import Base, db, table_of, utcnow
from trainer.language.i18n import NC_, pgettext
from trainer.record.combos import ComboResult
from trainer.record.models import Attempt, ComboResultRow, ComboTally, DayTally


class DrillKind(StrEnum):
    """The kinds of drill an attempt can come from."""

    SHOW = "show"
    PEGGING = "pegging"
    BEST_PLAY = "best-play"
    DISCARD = "discard"

    @property
    def label(self) -> str:
        """How the review names this kind of drill, in the learner's language.

        >>> DrillKind.SHOW.label, DrillKind.BEST_PLAY.label
        ('Counting hands', 'Best card')
        """
        return pgettext("drill kind", _DRILL_LABELS[self])


class AttemptMode(StrEnum):
    """How an attempt was answered, as the record keeps it: the one list of the
    modes every feature records, so that each reads the others' by name.

    >>> AttemptMode("best card") is AttemptMode.BEST_CARD, AttemptMode.AT_A_TABLE.value
    (True, '')
    """

    #: A count made at a table (a game's or a solitaire's): the deal says where.
    AT_A_TABLE = ""
    #: A count drill's answer modes (:class:`trainer.drills.checking.AnswerMode`).
    TOTAL = "total"
    CATEGORY = "category"
    CLAIMS = "claims"
    #: The pegging drill: the points a card scores.
    POINTS = "points"
    #: The discard drill, from the dealer's or the pone's chair.
    DEALER = "dealer"
    PONE = "pone"
    BEST_CARD = "best card"
    #: A lesson's exercise: kept out of the ratings.
    LESSON = "lesson"


class AttemptSource(StrEnum):
    """Where an attempt was answered outside the drills, as its deal records it
    (``dealt["source"]``; a drill's own attempts name none)."""

    GAME = "game"
    SOLITAIRE = "solitaire"
    DAILY = "daily"


_DRILL_LABELS = {
    DrillKind.SHOW: NC_("drill kind", "Counting hands"),
    DrillKind.PEGGING: NC_("drill kind", "Pegging points"),
    DrillKind.BEST_PLAY: NC_("drill kind", "Best card"),
    DrillKind.DISCARD: NC_("drill kind", "Discards"),
}


@dataclass(frozen=True, slots=True)
class NewAttempt:
    """An answered drill, to be recorded by :func:`record_attempts`.

    ``created_at`` (UTC) defaults to the moment it is recorded; demo data and
    imports give the moment it was made.  ``seconds`` is a timed answer's time
    (the timed count drill: the ratings reward speed only there); ``elapsed``,
    the time from dealing to answering, which the drills record for every answer.
    """

    kind: DrillKind
    dealt: dict[str, Any]
    answer: dict[str, Any]
    results: tuple[ComboResult, ...]
    points_expected: int
    points_answered: int
    points_missed: int
    correct: bool
    mode: AttemptMode = AttemptMode.AT_A_TABLE
    seconds: float | None = None
    retry_of: int | None = None
    created_at: datetime | None = None
    elapsed: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.results, tuple):  # a list or generator from a checker
            object.__setattr__(self, "results", tuple(self.results))


@dataclass(frozen=True, slots=True)
class AttemptInfo:
    """One recorded attempt, as read back."""

    id: int
    learner_id: int
    created_at: datetime
    kind: DrillKind
    mode: AttemptMode
    dealt: dict[str, Any]
    answer: dict[str, Any]
    points_expected: int
    points_answered: int
    points_missed: int
    correct: bool
    seconds: float | None
    retry_of: int | None
    results: tuple[ComboResult, ...]


#: Tally rows counting claims of a combo type where the deal held none are keyed by the type with this prefix.
FALSE_CLAIMS_KEY = "none: "


def given_away(answer: Any) -> float | None:
    """The expected points an answer gave away (discards, best card), None if
    it says none.

    >>> given_away({"given_away": 1.25}), given_away({"total": 3}), given_away({"given_away": "nan"})
    (1.25, None, None)
    """
    try:
        value = float(answer["given_away"])
    except (KeyError, TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


#: Tally rows written per upsert statement (keeps within the databases' bind-parameter limits).
_UPSERT_ROWS = 1000


def _utc(moment: datetime | None, now: datetime) -> datetime:
    """A moment as stored: UTC without tzinfo."""
    if moment is None:
        return now
    if moment.tzinfo is not None:
        return moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def record_attempts(learner_id: int, attempts: Sequence[NewAttempt]) -> list[int]:
    """Record answered drills, with their result per combo type, and add them
    to the learner's running tallies; return their ids, in order.

    Bulk inserts, and one upsert per tally table (``INSERT ... ON CONFLICT DO
    UPDATE SET n = n + excluded.n``: atomic, so two requests recording for one
    learner at once both count), so a batch of a thousand costs a few
    statements.  Flushes only: the caller commits.
    """
    if not attempts:
        return []
    now = utcnow()
    moments = [_utc(a.created_at, now) for a in attempts]
    # Core inserts on the tables (not ORM bulk inserts, which split a batch into
    # a statement per run of rows with the same columns left None).
    attempts_table, results_table = table_of(Attempt), table_of(ComboResultRow)
    # Only a batch with times from dealing names that column: one without (demo data, imports,
    # a game's answers) inserts as it did before migration 0017 added it.
    with_elapsed = any(a.elapsed is not None for a in attempts)
    ids = list(
        db.session.scalars(
            insert(attempts_table).returning(attempts_table.c.id, sort_by_parameter_order=True),
            [
                {
                    "learner_id": learner_id,
                    "created_at": moment,
                    "kind": a.kind.value,
                    "mode": a.mode,
                    "dealt": json.dumps(a.dealt),
                    "answer": json.dumps(a.answer),
                    "points_expected": a.points_expected,
                    "points_answered": a.points_answered,
                    "points_missed": a.points_missed,
                    "correct": bool(a.correct),
                    "seconds": a.seconds,
                    "retry_of": a.retry_of,
                } | ({"elapsed": a.elapsed} if with_elapsed else {})
                for a, moment in zip(attempts, moments)
            ],
        )
    )
    results = [
        {
            "attempt_id": attempt_id,
            "combo_type": r.type.value,
            "expected_points": r.expected_points,
            "missed_points": r.missed_points,
            "right": bool(r.right),
        }
        for attempt_id, a in zip(ids, attempts)
        for r in a.results
    ]
    if results:
        db.session.execute(insert(results_table), results)
    _add_to_tallies(learner_id, attempts, moments)
    return ids


def _add_to_tallies(learner_id: int, attempts: Sequence[NewAttempt], moments: Sequence[datetime]) -> None:
    """Add a batch's totals to the learner's tallies, one upsert per table."""
    combos: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    days: dict[tuple[str, date], list[float]] = defaultdict(lambda: [0, 0, 0, 0, 0.0, 0, 0.0])
    for attempt, moment in zip(attempts, moments):
        kind = attempt.kind.value
        for result in attempt.results:
            combo = combos[kind, result.type.value]
            combo[0] += 1
            combo[1] += bool(result.right)
            combo[2] += result.missed_points
            if result.claimed_where_none:  # also counted apart, so the review can tell it from a miss
                combos[kind, FALSE_CLAIMS_KEY + result.type.value][0] += 1
        day = days[kind, moment.date()]
        day[0] += 1
        day[1] += bool(attempt.correct)
        day[2] += attempt.points_missed
        if attempt.seconds is not None:
            day[3] += 1
            day[4] += attempt.seconds
        given = given_away(attempt.answer)
        if given is not None:
            day[5] += 1
            day[6] += given
    # Sorted, so two transactions adding to one learner's rows lock them in one order.
    _upsert(
        ComboTally,
        ("seen", "right", "points_missed"),
        [
            {"learner_id": learner_id, "kind": kind, "combo_type": combo_type, "seen": seen, "right": right,
             "points_missed": missed}
            for (kind, combo_type), (seen, right, missed) in sorted(combos.items())
        ],
    )
    _upsert(
        DayTally,
        ("attempts", "correct", "points_missed", "timed", "seconds", "graded", "given_away"),
        [
            {"learner_id": learner_id, "kind": kind, "day": day, "attempts": t[0], "correct": t[1],
             "points_missed": t[2], "timed": t[3], "seconds": t[4], "graded": t[5], "given_away": t[6]}
            for (kind, day), t in sorted(days.items())
        ],
    )


def _upsert(model: type[Base], counters: Sequence[str], rows: list[dict[str, Any]]) -> None:
    """Insert tally rows, or add their counters to the rows already there."""
    dialect = db.session.get_bind().dialect.name
    insert_of = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}.get(dialect)
    if insert_of is None:  # pragma: no cover - the trainer runs on SQLite and PostgreSQL
        raise NotImplementedError(f"no tally upsert for {dialect}")
    table = table_of(model)
    keys = [column.name for column in table.primary_key.columns]
    for start in range(0, len(rows), _UPSERT_ROWS):
        # Typed Any: the two dialects' Insert classes each have on_conflict_do_update, their common base does not.
        statement: Any = insert_of(table).values(rows[start : start + _UPSERT_ROWS])
        statement = statement.on_conflict_do_update(
            index_elements=keys, set_={name: table.c[name] + statement.excluded[name] for name in counters}
        )
        db.session.execute(statement)


def record_attempt(
    learner_id: int,
    kind: DrillKind,
    *,
    dealt: dict[str, Any],
    answer: dict[str, Any],
    results: Iterable[ComboResult],
    points_expected: int,
    points_answered: int,
    points_missed: int,
    correct: bool,
    mode: AttemptMode = AttemptMode.AT_A_TABLE,
    seconds: float | None = None,
    retry_of: int | None = None,
) -> int:
    """Record one answered drill and its result per combo type; return its id
    (see :func:`record_attempts`; the caller commits)."""
    attempt = NewAttempt(
        kind, dealt, answer, tuple(results), points_expected, points_answered, points_missed, correct, mode,
        seconds, retry_of,
    )
    return record_attempts(learner_id, [attempt])[0]
