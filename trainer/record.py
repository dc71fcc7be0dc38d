"""The learner's record: learners, attempts, and the statistics read from them.

This is the one API for the trainer's tables; views and other features call
it instead of querying.  Everything returned is a frozen value, so a caller
cannot change the database by accident.  Functions need an app context.

Writing functions only flush: the caller (a view or a service) commits once
with :func:`commit`, so a drill's close and its attempt, or a game move and
the attempts it records, are one transaction.  Recording an attempt (from any
drill)::

    learner = learner_by_name("Ann", create=True)
    record_attempt(learner.id, DrillKind.SHOW, dealt={"hand": "5H 5D 5S JC", "starter": "5C"},
                   answer={"total": 28}, results=feedback.results, points_expected=29,
                   points_answered=28, points_missed=1, correct=False, mode="total")
    commit()

Recording adds the attempt's totals to the learner's running tallies (per combo
type and per day), so reading the statistics back (:func:`learner_stats`) costs
a few rows however long the history grows.  The attempts themselves stay for
the record: :func:`history_page`, :func:`recent_mistakes`, :func:`attempt_by_id`.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, timezone
from enum import StrEnum
from typing import Any, Iterable, Iterator, Sequence, cast

from sqlalchemy import CursorResult, case, delete, exists, func, insert, select, tuple_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased, selectinload

from trainer import i18n
from trainer.checking import ComboResult, ComboType
from trainer.i18n import NC_, ngettext, pgettext
from trainer.i18n import gettext as _
from trainer.models import Attempt, ComboResultRow, ComboTally, DayTally, Drill, Learner, db, utcnow

#: Longest learner name accepted.
MAX_NAME_LENGTH = 40
#: Unanswered drills older than this are dropped.
STALE_DRILL_DAYS = 30
#: The largest row id a table key can be (PostgreSQL's INTEGER is 32 bits).
MAX_ROW_ID = 2**31 - 1


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


_DRILL_LABELS = {
    DrillKind.SHOW: NC_("drill kind", "Counting hands"),
    DrillKind.PEGGING: NC_("drill kind", "Pegging points"),
    DrillKind.BEST_PLAY: NC_("drill kind", "Best card"),
    DrillKind.DISCARD: NC_("drill kind", "Discards"),
}


@dataclass(frozen=True, slots=True)
class LearnerInfo:
    id: int
    name: str
    created_at: datetime
    #: a server-mode account: signed in with a password, never by name alone
    has_password: bool = False
    #: the language they chose ("en", "ru"), or None for their browser's
    language: str | None = None


@dataclass(frozen=True, slots=True)
class PendingDrill:
    """A drill dealt to a learner and not yet answered."""

    id: str
    learner_id: int
    kind: DrillKind
    payload: dict
    created_at: datetime
    retry_of: int | None
    #: how many times the payload has changed: a change is written over this version only
    version: int = 0


@dataclass(frozen=True, slots=True)
class NewAttempt:
    """An answered drill, to be recorded by :func:`record_attempts`.

    ``created_at`` (UTC) defaults to the moment it is recorded; demo data and
    imports give the moment it was made.
    """

    kind: DrillKind
    dealt: dict
    answer: dict
    results: tuple[ComboResult, ...]
    points_expected: int
    points_answered: int
    points_missed: int
    correct: bool
    mode: str = ""
    seconds: float | None = None
    retry_of: int | None = None
    created_at: datetime | None = None

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
    mode: str
    dealt: dict
    answer: dict
    points_expected: int
    points_answered: int
    points_missed: int
    correct: bool
    seconds: float | None
    retry_of: int | None
    results: tuple[ComboResult, ...]


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


#: Tally rows counting claims of a combo type where the deal held none are keyed by the type with this prefix.
FALSE_CLAIMS_KEY = "none: "


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


@dataclass(frozen=True, slots=True)
class LearnerStats:
    """Everything the review page shows, per combo type and over time."""

    attempts: int
    correct: int
    points_missed: int
    mean_seconds: float | None
    by_type: tuple[ComboStats, ...]
    #: accuracy per day, oldest first (labels like "29 Nov", "29 нояб."), the latest :data:`TREND_DAYS` days
    trend: tuple[TrendPoint, ...]
    #: accuracy per block of :data:`TREND_BLOCK` answers, oldest first (labels like
    #: "11-20", the answers' places in the whole record), the latest ~:data:`TREND_BLOCK_ANSWERS`
    blocks: tuple[TrendPoint, ...] = ()
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


# ---------------------------------------------------------------- learners

#: Longest comparison key stored (``learner.name_key``): NFKC spells some
#: characters out at length (one Arabic ligature becomes 18 letters).
MAX_NAME_KEY_LENGTH = 160

#: Direction overrides and isolates: they can make one name display as another.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _fold(cleaned: str) -> str:
    return unicodedata.normalize("NFKC", cleaned).casefold()


def clean_name(name: str) -> str:
    """A learner name with its spaces tidied; ``ValueError`` with a message for
    the learner if it is empty, too long, or holds a control character (NUL,
    an unpaired surrogate, a direction override).

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    >>> clean_name("Ann\\x00")
    Traceback (most recent call last):
    ...
    ValueError: A name cannot hold control characters (like NUL): please type it again.
    """
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise ValueError(_("Please type a name."))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(ngettext("A name can have at most %(num)d character.",
                                  "A name can have at most %(num)d characters.", MAX_NAME_LENGTH))
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in _BIDI_CONTROLS for c in cleaned):
        raise ValueError(_("A name cannot hold control characters (like NUL): please type it again."))
    if len(_fold(cleaned)) > MAX_NAME_KEY_LENGTH:
        raise ValueError(_("That name is too long once its letters are spelled out: please shorten it."))
    return cleaned


def name_key(name: str) -> str:
    """How names are compared: Unicode-normalised (NFKC) and case-folded, so a
    name matches itself typed in any case, in any alphabet.

    >>> name_key("ÉVA") == name_key("éva"), name_key("Straße") == name_key("STRASSE")
    (True, True)
    """
    return _fold(clean_name(name))


def _learner_info(row: Learner) -> LearnerInfo:
    return LearnerInfo(
        row.id, row.name, row.created_at, has_password=row.password_hash is not None, language=row.language
    )


def set_language(learner_id: int, language: str | None) -> bool:
    """Keep the learner's language (None: their browser's); flushed, not committed.
    False if there is no such learner."""
    row = db.session.get(Learner, learner_id)
    if row is None:
        return False
    row.language = language
    db.session.flush()
    return True


def _learner_row(key: str) -> Learner | None:
    return db.session.scalar(select(Learner).where(Learner.name_key == key))


def learner_by_name(name: str, *, create: bool = False) -> LearnerInfo | None:
    """The learner with this name (names are matched as :func:`name_key` says);
    with ``create``, a new learner if there is none, also when another request
    creates the same name at the same moment (both get the one learner)."""
    cleaned = clean_name(name)
    row = _learner_row(_fold(cleaned))
    if row is None and create:
        return add_learner(cleaned) or _winner(cleaned)
    return _learner_info(row) if row else None


def _winner(cleaned: str) -> LearnerInfo:
    """The learner another request created under this name while we tried to."""
    row = _learner_row(_fold(cleaned))
    if row is None:  # created and deleted again in between: nothing sensible to return
        raise ValueError(_("That name was busy for a moment: please try again."))
    return _learner_info(row)


def add_learner(name: str, *, password_hash: str | None = None) -> LearnerInfo | None:
    """A new learner with this name (and password hash, in server mode), or None
    if the name is taken.  The unique ``name_key`` decides, so of two requests
    racing to take one name exactly one wins and the other gets None."""
    cleaned = clean_name(name)
    row = Learner(name=cleaned, name_key=_fold(cleaned), password_hash=password_hash)
    db.session.add(row)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return None
    return _learner_info(row)


def password_hash(learner_id: int) -> str | None:
    """The learner's stored password hash (None for a personal profile or no such learner)."""
    row = db.session.get(Learner, learner_id)
    return row.password_hash if row else None


def row_key(value: Any) -> int | None:
    """A table key from untrusted input: a whole number up to :data:`MAX_ROW_ID`
    (what an INTEGER column holds on PostgreSQL as well as SQLite), else None.

    >>> row_key("12"), row_key("twelve"), row_key(2**31), row_key(2**70), row_key(True)
    (12, None, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    try:
        key = int(value)
    except ValueError:
        return None
    return key if 0 < key <= MAX_ROW_ID else None


def owned_row(model: type, learner_id: int, row_id: Any) -> Any:
    """The row of ``model`` with this id if it is the learner's; None for
    another learner's, no such row, or an id that is not a key."""
    key = row_key(row_id)
    if key is None:
        return None
    row = db.session.get(model, key)
    if row is None or row.learner_id != learner_id:
        return None
    return row


def learner_by_id(learner_id: Any) -> LearnerInfo | None:
    """The learner with this id, or None (also for ids that are not numbers)."""
    key = row_key(learner_id)
    if key is None:
        return None
    row = db.session.get(Learner, key)
    return _learner_info(row) if row else None


def all_learners() -> tuple[LearnerInfo, ...]:
    """Every learner, by name."""
    rows = db.session.scalars(select(Learner).order_by(func.lower(Learner.name)))
    return tuple(_learner_info(row) for row in rows)


def personal_learners(limit: int | None = None) -> tuple[LearnerInfo, ...]:
    """The profiles anyone at this machine may open by name (those without a
    password), by name; at most ``limit`` of them."""
    rows = db.session.scalars(
        select(Learner).where(Learner.password_hash.is_(None)).order_by(Learner.name_key).limit(limit)
    )
    return tuple(_learner_info(row) for row in rows)


# ---------------------------------------------------------------- transactions


def commit() -> None:
    """Save everything written since the last commit, together: the one commit
    of a request (a drill's close with its attempt, a game move with its records)."""
    db.session.commit()


def rollback() -> None:
    """Drop everything written since the last commit."""
    db.session.rollback()


# ---------------------------------------------------------------- drills

#: What :func:`open_drill` makes a drill id: 32 hex digits.
_DRILL_ID = re.compile(r"[0-9a-f]{32}")
#: Stale drills dropped per answer (a bounded sweep: answering stays quick).
STALE_SWEEP = 20


def open_drill(learner_id: int, kind: DrillKind, payload: dict, *, retry_of: int | None = None) -> str:
    """Store a dealt drill (never its answer) and return its unguessable id.

    Dealing writes this one row and nothing else; drills never answered are
    swept away later, when the learner answers another (:func:`close_drill`).
    """
    drill_id = secrets.token_hex(16)
    db.session.add(
        Drill(id=drill_id, learner_id=learner_id, kind=kind.value, payload=json.dumps(payload), retry_of=retry_of)
    )
    db.session.flush()
    return drill_id


def pending_drill(drill_id: Any, learner_id: int, kind: DrillKind) -> PendingDrill | None:
    """The learner's unanswered drill of this kind with this id, or None for an
    unknown, foreign, answered or malformed id.  Always read afresh from the
    database (never from the session's cache), so a retried change sees the
    version another request wrote."""
    if not isinstance(drill_id, str) or not _DRILL_ID.fullmatch(drill_id):
        return None
    row = db.session.execute(
        select(Drill.payload, Drill.created_at, Drill.retry_of, Drill.version).where(
            Drill.id == drill_id, Drill.learner_id == learner_id, Drill.kind == kind.value, Drill.answered_at.is_(None)
        )
    ).first()
    if row is None:
        return None
    return PendingDrill(drill_id, learner_id, kind, json.loads(row.payload), row.created_at, row.retry_of, row.version)


def update_drill(drill_id: str, payload: dict, version: int) -> bool:
    """Replace a pending drill's payload (e.g. the claims made so far), only if
    it is still at ``version`` (the one it was read at); False when another
    request changed it meanwhile, or it was answered: read it again and retry."""
    changed = cast("CursorResult[Any]", db.session.execute(  # DML: a result with a rowcount
        update(Drill)
        .where(Drill.id == drill_id, Drill.version == version, Drill.answered_at.is_(None))
        .values(payload=json.dumps(payload), version=Drill.version + 1)
        .execution_options(synchronize_session=False)
    ))
    return changed.rowcount == 1


def close_drill(drill_id: str, learner_id: int) -> bool:
    """Take an answered drill off the learner's pending drills; False if it was
    already gone (a double submit: the first answer wins).

    One conditional DELETE, so of two answers racing on two server threads
    only one sees its row go.  On the way, up to :data:`STALE_SWEEP` of the
    learner's drills dealt more than :data:`STALE_DRILL_DAYS` ago and never
    answered are dropped (every "next hand" deals one; most are answered
    within minutes).
    """
    closed = cast("CursorResult[Any]", db.session.execute(  # DML: a result with a rowcount
        delete(Drill)
        .where(Drill.id == drill_id, Drill.learner_id == learner_id, Drill.answered_at.is_(None))
        .execution_options(synchronize_session=False)
    ))
    stale = select(Drill.id).where(
        Drill.learner_id == learner_id, Drill.created_at < utcnow() - timedelta(days=STALE_DRILL_DAYS)
    ).limit(STALE_SWEEP)
    db.session.execute(
        delete(Drill).where(Drill.id.in_(stale)).execution_options(synchronize_session=False)
    )
    return closed.rowcount == 1


# ---------------------------------------------------------------- attempts

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
    attempts_table, results_table = Attempt.__table__, ComboResultRow.__table__
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
                }
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
    days: dict[tuple[str, date], list] = defaultdict(lambda: [0, 0, 0, 0, 0.0, 0, 0.0])
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


def _upsert(model: type[Any], counters: Sequence[str], rows: list[dict]) -> None:
    """Insert tally rows, or add their counters to the rows already there."""
    dialect = db.session.get_bind().dialect.name
    insert_of = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}.get(dialect)
    if insert_of is None:  # pragma: no cover - the trainer runs on SQLite and PostgreSQL
        raise NotImplementedError(f"no tally upsert for {dialect}")
    table = model.__table__
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
    dealt: dict,
    answer: dict,
    results: Iterable[ComboResult],
    points_expected: int,
    points_answered: int,
    points_missed: int,
    correct: bool,
    mode: str = "",
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


# ---------------------------------------------------------------- reading attempts back


def _attempt_info(row: Attempt) -> AttemptInfo:
    return AttemptInfo(
        id=row.id,
        learner_id=row.learner_id,
        created_at=row.created_at,
        kind=DrillKind(row.kind),
        mode=row.mode,
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


def _newest_first(query):
    return query.order_by(Attempt.created_at.desc(), Attempt.id.desc())


def _infos(query) -> tuple[AttemptInfo, ...]:
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
    query = _newest_first(query)
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
    newest_first = after is None
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
    if newest_first:
        query = _newest_first(query)
    else:
        query = query.order_by(Attempt.created_at, Attempt.id)
    ids = list(db.session.scalars(query.limit(per_page + 1)))
    more = len(ids) > per_page
    ids = ids[:per_page]
    attempts = _infos(_newest_first(select(Attempt).where(Attempt.id.in_(ids)))) if ids else ()
    return HistoryPage(
        attempts,
        attempt_count(learner_id),
        newer=more if after is not None else before is not None,
        older=more if after is None else True,
    )


def recent_mistakes(learner_id: int, limit: int = 10) -> tuple[AttemptInfo, ...]:
    """The learner's latest wrong attempts, newest first."""
    return _infos(
        _newest_first(select(Attempt).where(Attempt.learner_id == learner_id, Attempt.correct.is_(False))).limit(limit)
    )


#: A missed attempt comes back for review only from the learner's latest this many attempts.
REVIEW_WINDOW = 200


def review_candidates(
    learner_id: int, kind: DrillKind, spacing: int, window: int = REVIEW_WINDOW
) -> Iterator[tuple[int, dict]]:
    """The learner's missed attempts of ``kind`` due for review, oldest first,
    as (id, what was dealt): wrong, not retried yet, with at least ``spacing``
    attempts (of any kind) after them, among the latest ``window`` attempts.
    The rule of :func:`trainer.adaptive.due_for_review`, as indexed queries:
    the window's ends are read off the (learner, time) index, then the misses
    between them are those with no retry pointing at them.
    """
    newest_first = _newest_first(select(Attempt.created_at, Attempt.id).where(Attempt.learner_id == learner_id))
    newest_due = db.session.execute(newest_first.offset(max(spacing, 0)).limit(1)).first()
    if newest_due is None or spacing >= window:
        return
    oldest = db.session.execute(newest_first.offset(window - 1).limit(1)).first()
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


def answered_deals(learner_id: int, mode: str) -> tuple[tuple[dict, bool], ...]:
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


def learner_totals(learner_id: int, kind: DrillKind | None = None) -> LearnerStats:
    """The learner's totals, per kind of drill and per combo type (of ``kind``
    only if given), read from the tallies: what the adaptive dealer weighs.
    The trend is left empty (see :func:`learner_stats`)."""
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
        trend=(),
        by_kind=tuple(by_kind),
    )


def learner_stats(learner_id: int, kind: DrillKind | None = None) -> LearnerStats:
    """Accuracy and points missed per combo type and per kind of drill, and
    accuracy per day and per block of answers: a few rows of the tallies and
    the latest few hundred attempts' outcomes, however long the history."""
    totals = learner_totals(learner_id, kind)
    days = select(DayTally.day, func.sum(DayTally.attempts), func.sum(DayTally.correct)).where(
        DayTally.learner_id == learner_id
    )
    if kind is not None:
        days = days.where(DayTally.kind == kind.value)
    latest = db.session.execute(days.group_by(DayTally.day).order_by(DayTally.day.desc()).limit(TREND_DAYS)).all()
    trend = tuple(TrendPoint(i18n.format_date(day, "d MMM"), int(n), int(ok)) for day, n, ok in reversed(latest))
    return replace(totals, trend=trend, blocks=_blocks(learner_id, kind, totals.attempts))


def _blocks(learner_id: int, kind: DrillKind | None, count: int) -> tuple[TrendPoint, ...]:
    """Accuracy per block of :data:`TREND_BLOCK` answers over the latest
    ~:data:`TREND_BLOCK_ANSWERS` of the ``count`` answers, labelled by their
    places in the whole record ("1-10", "11-20"...; the last block may be short)."""
    if count <= 0:
        return ()
    first = max(0, count - TREND_BLOCK_ANSWERS) // TREND_BLOCK * TREND_BLOCK  # a block's start
    query = select(Attempt.correct).where(Attempt.learner_id == learner_id)
    if kind is not None:
        query = query.where(Attempt.kind == kind.value)
    newest = list(db.session.scalars(_newest_first(query).limit(count - first)))
    outcomes = newest[::-1]
    first = count - len(outcomes)  # fewer rows than the tallies count: label what there is
    blocks = []
    for start in range(0, len(outcomes), TREND_BLOCK):
        block = outcomes[start : start + TREND_BLOCK]
        low, high = first + start + 1, first + start + len(block)
        blocks.append(TrendPoint(f"{low}-{high}" if high > low else str(low), len(block), sum(map(bool, block))))
    return tuple(blocks)
