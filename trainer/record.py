"""The learner's record: learners, attempts, and the statistics read from them.

This is the one API for the trainer's tables; views and other features call
it instead of querying.  Everything returned is a frozen value, so a caller
cannot change the database by accident.  Functions need an app context.

Recording an attempt (from any drill)::

    learner = learner_by_name("Ann", create=True)
    record_attempt(learner.id, DrillKind.SHOW, dealt={"hand": "5H 5D 5S JC", "starter": "5C"},
                   answer={"total": 28}, results=feedback.results, points_expected=29,
                   points_answered=28, points_missed=1, correct=False, mode="total")

Reading it back: :func:`learner_stats`, :func:`recent_mistakes`, :func:`history`.
"""

from __future__ import annotations

import json
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from typing import Any, Iterable, Sequence

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from engine.cards import Card
from trainer.checking import AnswerMode, ComboResult, ComboType, check_total
from trainer.drills import ShowDeal
from trainer.models import Attempt, ComboResultRow, Drill, Learner, db, utcnow

#: Longest learner name accepted.
MAX_NAME_LENGTH = 40
#: Unanswered drills older than this are dropped.
STALE_DRILL_DAYS = 30


class DrillKind(Enum):
    """The kinds of drill an attempt can come from."""

    SHOW = "show"
    PEGGING = "pegging"
    BEST_PLAY = "best-play"
    DISCARD = "discard"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class LearnerInfo:
    id: int
    name: str
    created_at: datetime
    #: a server-mode account: signed in with a password, never by name alone
    has_password: bool = False


@dataclass(frozen=True, slots=True)
class PendingDrill:
    """A drill dealt to a learner and not yet answered."""

    id: str
    learner_id: int
    kind: DrillKind
    payload: dict
    created_at: datetime
    retry_of: int | None


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
    seen: int
    right: int
    points_missed: int

    @property
    def accuracy(self) -> float:
        """Share of the deals holding this type where the learner got it right."""
        return self.right / self.seen if self.seen else 0.0


#: Answers per point of the short-term trend.
TREND_BLOCK = 10


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


def _given_away(attempt: "AttemptInfo") -> float | None:
    try:
        return float(attempt.answer["given_away"])
    except (KeyError, TypeError, ValueError):
        return None


@dataclass(frozen=True, slots=True)
class LearnerStats:
    """Everything the review page shows, per combo type and over time."""

    attempts: int
    correct: int
    points_missed: int
    mean_seconds: float | None
    by_type: tuple[ComboStats, ...]
    #: accuracy per day, oldest first (labels like "29 Nov")
    trend: tuple[TrendPoint, ...]
    #: accuracy per block of :data:`TREND_BLOCK` answers, oldest first (labels like "11-20")
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
        raise ValueError("Please type a name.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(f"A name can have at most {MAX_NAME_LENGTH} characters.")
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in _BIDI_CONTROLS for c in cleaned):
        raise ValueError("A name cannot hold control characters (like NUL): please type it again.")
    if len(_fold(cleaned)) > MAX_NAME_KEY_LENGTH:
        raise ValueError("That name is too long once its letters are spelled out: please shorten it.")
    return cleaned


def name_key(name: str) -> str:
    """How names are compared: Unicode-normalised (NFKC) and case-folded, so a
    name matches itself typed in any case, in any alphabet.

    >>> name_key("ÉVA") == name_key("éva"), name_key("Straße") == name_key("STRASSE")
    (True, True)
    """
    return _fold(clean_name(name))


def _learner_info(row: Learner) -> LearnerInfo:
    return LearnerInfo(row.id, row.name, row.created_at, has_password=row.password_hash is not None)


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
        raise ValueError("That name was busy for a moment: please try again.")
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
    """A table key from untrusted input: a whole number SQLite can hold, else None.

    >>> row_key("12"), row_key("twelve"), row_key(2**70), row_key(True)
    (12, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    try:
        key = int(value)
    except ValueError:
        return None
    return key if 0 < key < 2**63 else None


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


def personal_learners() -> tuple[LearnerInfo, ...]:
    """The profiles anyone at this machine may open by name: those without a password."""
    rows = db.session.scalars(
        select(Learner).where(Learner.password_hash.is_(None)).order_by(func.lower(Learner.name))
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


def open_drill(learner_id: int, kind: DrillKind, payload: dict, *, retry_of: int | None = None) -> str:
    """Store a dealt drill (never its answer) and return its unguessable id.

    Drills left unanswered for :data:`STALE_DRILL_DAYS` are dropped on the way:
    every "next hand" deals one, and most are answered within minutes.
    """
    stale = utcnow() - timedelta(days=STALE_DRILL_DAYS)
    db.session.execute(
        delete(Drill).where(Drill.learner_id == learner_id, Drill.answered_at.is_(None), Drill.created_at < stale)
    )
    drill_id = secrets.token_hex(16)
    db.session.add(
        Drill(id=drill_id, learner_id=learner_id, kind=kind.value, payload=json.dumps(payload), retry_of=retry_of)
    )
    db.session.commit()
    return drill_id


def pending_drill(drill_id: Any, learner_id: int, kind: DrillKind) -> PendingDrill | None:
    """The learner's unanswered drill of this kind with this id, or None for an
    unknown, foreign, answered or malformed id."""
    if not isinstance(drill_id, str) or not drill_id or len(drill_id) > 64:
        return None
    row = db.session.get(Drill, drill_id)
    if row is None or row.learner_id != learner_id or row.kind != kind.value or row.answered_at is not None:
        return None
    return PendingDrill(row.id, row.learner_id, kind, json.loads(row.payload), row.created_at, row.retry_of)


def update_drill(drill_id: str, payload: dict) -> None:
    """Replace a pending drill's payload (e.g. the claims made so far)."""
    row = db.session.get(Drill, drill_id)
    if row is not None and row.answered_at is None:
        row.payload = json.dumps(payload)
        db.session.commit()


def close_drill(drill_id: str) -> bool:
    """Mark a drill answered; False if it already was (a double submit).

    One conditional UPDATE, so two answers racing on two server threads
    cannot both be recorded.
    """
    closed = db.session.execute(
        update(Drill).where(Drill.id == drill_id, Drill.answered_at.is_(None)).values(answered_at=utcnow())
    )
    db.session.commit()
    return closed.rowcount == 1


# ---------------------------------------------------------------- attempts


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
    """Record one answered drill and its result per combo type; return its id."""
    attempt = Attempt(
        learner_id=learner_id,
        kind=kind.value,
        mode=mode,
        dealt=json.dumps(dealt),
        answer=json.dumps(answer),
        points_expected=points_expected,
        points_answered=points_answered,
        points_missed=points_missed,
        correct=correct,
        seconds=seconds,
        retry_of=retry_of,
    )
    attempt.results = [
        ComboResultRow(
            combo_type=r.type.value, expected_points=r.expected_points, missed_points=r.missed_points, right=r.right
        )
        for r in results
    ]
    db.session.add(attempt)
    db.session.commit()
    return attempt.id


def record_counted_show(
    learner_id: int, cards: Sequence[Card], starter: Card | None, *, crib: bool, claimed: int, source: str
) -> int | None:
    """Record a hand or crib the learner counted outside the drills (``source``:
    "game", "solitaire") as a show attempt answered by total, in the show
    drill's shape, so the review can bring a miss back.  Returns the attempt's
    id, or None when it is not four cards and a starter (the drill's deal)."""
    if len(cards) != 4 or starter is None:
        return None
    deal = ShowDeal(tuple(cards), starter, crib)
    feedback = check_total(deal.score(), claimed)
    return record_attempt(
        learner_id,
        DrillKind.SHOW,
        dealt={
            "deal": deal.to_dict(),
            "options": {"mode": AnswerMode.TOTAL.value, "crib": crib, "focus": "auto", "timed": False},
            "source": source,
        },
        answer={"total": claimed},
        results=feedback.results,
        points_expected=feedback.expected_total,
        points_answered=claimed,
        points_missed=feedback.points_missed,
        correct=feedback.correct,
        mode=AnswerMode.TOTAL.value,
    )


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
            ComboResult(ComboType(r.combo_type), r.expected_points, r.missed_points, r.right) for r in row.results
        ),
    )


def attempt_by_id(attempt_id: Any, learner_id: int) -> AttemptInfo | None:
    """The learner's attempt with this id, or None (also for someone else's)."""
    row = owned_row(Attempt, learner_id, attempt_id)
    return _attempt_info(row) if row is not None else None


def history(learner_id: int, kind: DrillKind | None = None, limit: int | None = None) -> tuple[AttemptInfo, ...]:
    """The learner's attempts, newest first."""
    query = select(Attempt).where(Attempt.learner_id == learner_id)
    if kind is not None:
        query = query.where(Attempt.kind == kind.value)
    query = query.order_by(Attempt.created_at.desc(), Attempt.id.desc())
    if limit is not None:
        query = query.limit(limit)
    return tuple(_attempt_info(row) for row in db.session.scalars(query))


def recent_mistakes(learner_id: int, limit: int = 10) -> tuple[AttemptInfo, ...]:
    """The learner's latest wrong attempts, newest first."""
    query = (
        select(Attempt)
        .where(Attempt.learner_id == learner_id, Attempt.correct.is_(False))
        .order_by(Attempt.created_at.desc(), Attempt.id.desc())
        .limit(limit)
    )
    return tuple(_attempt_info(row) for row in db.session.scalars(query))


def learner_stats(learner_id: int, kind: DrillKind | None = None) -> LearnerStats:
    """Accuracy and points missed per combo type, and accuracy per day."""
    attempts = history(learner_id, kind)
    by_type: dict[ComboType, list[int]] = {}
    for attempt in attempts:
        for result in attempt.results:
            seen_right_missed = by_type.setdefault(result.type, [0, 0, 0])
            seen_right_missed[0] += 1
            seen_right_missed[1] += result.right
            seen_right_missed[2] += result.missed_points
    per_day: dict[str, list[int]] = {}
    oldest_first = attempts[::-1]
    for attempt in oldest_first:
        day = f"{attempt.created_at.day} {attempt.created_at:%b}"
        counts = per_day.setdefault(day, [0, 0])
        counts[0] += 1
        counts[1] += attempt.correct
    blocks = []
    for start in range(0, len(oldest_first), TREND_BLOCK):
        block = oldest_first[start : start + TREND_BLOCK]
        label = f"{start + 1}-{start + len(block)}" if len(block) > 1 else str(start + 1)
        blocks.append(TrendPoint(label, len(block), sum(a.correct for a in block)))
    timed = [a.seconds for a in attempts if a.seconds is not None]
    return LearnerStats(
        attempts=len(attempts),
        correct=sum(a.correct for a in attempts),
        points_missed=sum(a.points_missed for a in attempts),
        mean_seconds=sum(timed) / len(timed) if timed else None,
        by_type=tuple(
            ComboStats(t, *by_type[t]) for t in ComboType if t in by_type
        ),
        trend=tuple(TrendPoint(day, n, ok) for day, (n, ok) in per_day.items()),
        blocks=tuple(blocks),
        by_kind=tuple(_kind_stats(kind, [a for a in attempts if a.kind is kind]) for kind in DrillKind),
    )


def _kind_stats(kind: DrillKind, attempts: list[AttemptInfo]) -> KindStats:
    given = [g for g in map(_given_away, attempts) if g is not None]
    return KindStats(
        kind,
        len(attempts),
        sum(a.correct for a in attempts),
        sum(a.points_missed for a in attempts),
        sum(given) / len(given) if given else None,
    )
