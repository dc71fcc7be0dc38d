"""The memory: an FSRS card (the ``fsrs`` package, the scheduler Anki adopted)
for each deal a learner missed and each combo type they missed, reviewed by
every later answer to it, and what is due.

* A **deal card** is made when a learner answers a deal wrong (first try or
  retry); every later answer to that deal reviews it, graded from correctness
  and time (:func:`trainer.rating.skills.grade_of`: Again / Hard / Good / Easy).
* A **combo card** is made when a learner gets a combo type wrong; the first
  answer of a day holding that type reviews it, graded by that type's result.
  Once a day, because a type is met many times in a sitting: were each answer a
  review, a miss followed by ten quick answers in half an hour would leave the
  card stable for 39 days (twenty: 541), and the type not due for a year.
* A card is **due** when FSRS says its recall has fallen to the desired
  retention (:data:`DESIRED_RETENTION`, 0.9): at first after the learning
  step (:data:`LEARNING_STEPS`, ten minutes, so a miss comes back in the same
  sitting), then after a number of days that grows with each good answer.

Intervals are not fuzzed, so a scripted history gives the same due dates every time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable, overload

from fsrs import Card, Scheduler, State
from fsrs import Rating as Grade
from sqlalchemy import func, select

from trainer.database import db
from trainer.rating.models import ReviewCard
from trainer.rating.skills import RatedResult, UsualTime, deal_payload, grade_of
from trainer.record.attempts import DrillKind, NewAttempt
from trainer.record.combos import ComboType

#: Recall the scheduler aims for when a card comes due (FSRS's default).
DESIRED_RETENTION = 0.9
#: A card missed comes back after these steps, within the sitting, before its days begin.
LEARNING_STEPS = (timedelta(minutes=10),)
RELEARNING_STEPS = (timedelta(minutes=10),)
#: No card waits longer than this many days.
MAXIMUM_INTERVAL = 365

SCHEDULER = Scheduler(
    desired_retention=DESIRED_RETENTION,
    learning_steps=LEARNING_STEPS,
    relearning_steps=RELEARNING_STEPS,
    maximum_interval=MAXIMUM_INTERVAL,
    enable_fuzzing=False,
)


@dataclass(frozen=True, slots=True)
class CardState:
    """An FSRS card as kept: its state, step, stability (days), difficulty, when
    it is due and when it was last reviewed (UTC, naive as stored), and how many
    reviews and lapses (Again after learning) it has had."""

    state: State
    step: int | None
    stability: float | None
    difficulty: float | None
    due: datetime
    last_review: datetime | None
    reviews: int = 0
    lapses: int = 0

    def to_card(self) -> Card:
        return Card(card_id=0, state=self.state, step=self.step, stability=self.stability,
                    difficulty=self.difficulty, due=_aware(self.due), last_review=_aware(self.last_review))

    def retrievability(self, when: datetime) -> float:
        """FSRS's chance of recall at ``when``."""
        return SCHEDULER.get_card_retrievability(self.to_card(), _aware(when))


@overload
def _aware(moment: datetime) -> datetime: ...
@overload
def _aware(moment: None) -> None: ...
def _aware(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.replace(tzinfo=timezone.utc)


def _naive(moment: datetime) -> datetime:
    return moment.astimezone(timezone.utc).replace(tzinfo=None)


def review(card: CardState | None, grade: Grade, when: datetime) -> CardState:
    """The card after an answer graded ``grade`` at ``when`` (UTC); None: a new card.

    >>> first = review(None, Grade.Again, datetime(2026, 1, 5, 12, 0))
    >>> first.state.name, first.due
    ('Learning', datetime.datetime(2026, 1, 5, 12, 10))
    >>> second = review(first, Grade.Good, datetime(2026, 1, 5, 12, 20))
    >>> second.state.name, (second.due - second.last_review).days >= 1
    ('Review', True)
    """
    fresh = Card(card_id=0, due=_aware(when)) if card is None else card.to_card()
    updated, _log = SCHEDULER.review_card(fresh, grade, _aware(when))
    lapsed = card is not None and card.state is State.Review and grade is Grade.Again
    return CardState(
        updated.state, updated.step, updated.stability, updated.difficulty, _naive(updated.due),
        None if updated.last_review is None else _naive(updated.last_review),
        (card.reviews if card else 0) + 1, (card.lapses if card else 0) + lapsed,
    )


def deal_card_key(deal_key: str) -> str:
    return f"deal:{deal_key}"


def combo_card_key(combo_type: ComboType) -> str:
    return f"combo:{combo_type.value}"


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card an answer reviews (or makes): its key, the card after, and what it is of."""

    key: str
    card: CardState
    combo_type: ComboType | None


def reviews_of(
    attempt: NewAttempt, result: RatedResult, existing: dict[str, CardState], when: datetime, usual: UsualTime
) -> list[CardReview]:
    """The cards one answer reviews: the deal's (made on a miss, reviewed once made)
    and each combo type's in its results (likewise), given the learner's cards
    as they are (``existing``, by key)."""
    reviews = []
    key = deal_card_key(result.key)
    if key in existing or not result.correct:
        reviews.append(CardReview(key, review(existing.get(key), result.grade, when), None))
    for combo in attempt.results:
        key = combo_card_key(combo.type)
        card = existing.get(key)
        if card is not None and card.last_review is not None and card.last_review.date() == when.date():
            continue  # graded once a day, by the day's first answer holding the type
        if card is not None or not combo.right:
            grade = grade_of(bool(combo.right), attempt.seconds, usual)
            reviews.append(CardReview(key, review(existing.get(key), grade, when), combo.type))
    return reviews


def card_keys(attempt: NewAttempt, result: RatedResult) -> list[str]:
    """Every card an answer could review (to read them in one query)."""
    return [deal_card_key(result.key)] + [combo_card_key(c.type) for c in attempt.results]


def _state_of(row: ReviewCard) -> CardState:
    return CardState(State(row.state), row.step, row.stability, row.difficulty, row.due, row.last_review,
                     row.reviews, row.lapses)


def learner_cards(learner_id: int, keys: Iterable[str]) -> dict[str, CardState]:
    """The learner's cards of these keys that exist."""
    wanted = set(keys)
    if not wanted:
        return {}
    rows = db.session.scalars(
        select(ReviewCard).where(ReviewCard.learner_id == learner_id, ReviewCard.card_key.in_(wanted))
    )
    return {row.card_key: _state_of(row) for row in rows}


def card_row(learner_id: int, kind: DrillKind, review_: CardReview, result: RatedResult,
             attempt_id: int | None) -> dict[str, Any]:
    """The row a reviewed card is written as."""
    card = review_.card
    is_deal = review_.combo_type is None
    return {
        "learner_id": learner_id, "card_key": review_.key, "kind": kind.value,
        "combo_type": None if is_deal else review_.combo_type.value,  # type: ignore[union-attr]
        "payload": json.dumps(deal_payload(kind, result.deal)) if is_deal else None,
        "attempt_id": attempt_id if is_deal else None,
        "state": card.state.value, "step": card.step, "stability": card.stability, "difficulty": card.difficulty,
        "due": card.due, "last_review": card.last_review, "reviews": card.reviews, "lapses": card.lapses,
    }


# ---------------------------------------------------------------- what is due


@dataclass(frozen=True, slots=True)
class DueDeal:
    """A missed deal due for review: what was dealt (for :func:`trainer.drills.deal.replay`),
    the attempt that last answered it (the review's ``retry_of``), and since when it is due."""

    kind: DrillKind
    dealt: dict[str, Any]
    attempt_id: int | None
    due: datetime


def due_deals(learner_id: int, kind: DrillKind, now: datetime, limit: int = 5) -> tuple[DueDeal, ...]:
    """The learner's missed deals of drill ``kind`` due by ``now``, longest due first
    (read off the (learner, kind, due) index)."""
    rows = db.session.execute(
        select(ReviewCard.payload, ReviewCard.attempt_id, ReviewCard.due)
        .where(ReviewCard.learner_id == learner_id, ReviewCard.kind == kind.value, ReviewCard.combo_type.is_(None),
               ReviewCard.due <= now)
        .order_by(ReviewCard.due)
        .limit(limit)
    )
    return tuple(DueDeal(kind, json.loads(payload), attempt_id, due) for payload, attempt_id, due in rows if payload)


def due_combo_types(learner_id: int, kind: DrillKind, now: datetime) -> tuple[ComboType, ...]:
    """The combo types of drill ``kind`` whose cards are due by ``now``, longest due first."""
    rows = db.session.execute(
        select(ReviewCard.combo_type)
        .where(ReviewCard.learner_id == learner_id, ReviewCard.kind == kind.value,
               ReviewCard.combo_type.is_not(None), ReviewCard.due <= now)
        .order_by(ReviewCard.due)
    )
    return tuple(ComboType(t) for (t,) in rows if t is not None and t in ComboType._value2member_map_)


@dataclass(frozen=True, slots=True)
class DueSummary:
    """What is due: deals per drill kind, the combo types, and when the next card comes due."""

    deals: dict[DrillKind, int]
    combo_types: tuple[ComboType, ...]
    next_due: datetime | None

    @property
    def total_deals(self) -> int:
        return sum(self.deals.values())


def due_summary(learner_id: int, now: datetime) -> DueSummary:
    """Counts of what is due now, and the next due date of what is not yet (three queries)."""
    base = (ReviewCard.learner_id == learner_id,)
    counts = db.session.execute(
        select(ReviewCard.kind, func.count())
        .where(*base, ReviewCard.combo_type.is_(None), ReviewCard.due <= now)
        .group_by(ReviewCard.kind)
    )
    deals = {DrillKind(kind): int(n) for kind, n in counts if kind in DrillKind._value2member_map_}
    combos = db.session.scalars(
        select(ReviewCard.combo_type).where(*base, ReviewCard.combo_type.is_not(None), ReviewCard.due <= now)
        .order_by(ReviewCard.due)
    )
    next_due = db.session.scalar(select(func.min(ReviewCard.due)).where(*base, ReviewCard.due > now))
    due_types = tuple(ComboType(t) for t in combos if t is not None and t in ComboType._value2member_map_)
    return DueSummary(deals, due_types, next_due)

