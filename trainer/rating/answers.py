"""The one entry point an answer goes through: :func:`rate_attempt`, called by
whatever records an attempt (the drills, the daily deal, a game), in the same
transaction, right after :func:`trainer.record.attempts.record_attempts`::

    attempt_id = attempts.record_attempts(learner_id, [attempt])[0]
    answers.rate_attempt(learner_id, attempt, attempt_id)
    database.commit()

It rates a first attempt (the learner's rating on the skill and the deal's),
reviews the FSRS cards the answer touches (the deal's, its combo types'),
adds the answer to the week's progress and counts the day in the streak.
A retry, a deal the learner has a card for, or one they met before (``deal_met``)
is reviewed but not rated; a lesson's exercise only counts the day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from trainer.database import utcnow
from trainer.rating import memory, progress, ratings, skills, streaks, tables
from trainer.rating.models import DealMet, ProgressWeek, ReviewCard
from trainer.record.attempts import AttemptMode, NewAttempt


@dataclass(frozen=True, slots=True)
class AnswerRating:
    """What rating one answer did: the rating change (None: not rated) and the cards reviewed."""

    change: ratings.RatingChange | None
    reviews: tuple[memory.CardReview, ...]


def _moment(attempt: NewAttempt, now: datetime | None) -> datetime:
    moment = attempt.created_at or now or utcnow()
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def rate_attempt(
    learner_id: int, attempt: NewAttempt, attempt_id: int | None, now: datetime | None = None
) -> AnswerRating | None:
    """Rate a recorded answer (see the module); None for one that is no deal the
    drills know (it still counts the day).  Flushes only: the caller commits,
    with the attempt."""
    when = _moment(attempt, now)
    streaks.record_day(learner_id, when.date())
    first = skills.result_of(attempt, rated=False)
    if first is None or attempt.mode is AttemptMode.LESSON:
        return None
    usual = ratings.deal_usual_time(first.skill, first.key)
    existing = memory.learner_cards(learner_id, memory.card_keys(attempt, first))
    met_first = tables.insert_new(DealMet, {"learner_id": learner_id, "skill": first.skill.value, "deal_key": first.key})
    rated = met_first and skills.is_rated(attempt) and memory.deal_card_key(first.key) not in existing
    result = skills.result_of(attempt, usual, rated=rated, deal=first.deal, key=first.key)
    assert result is not None  # the same deal as ``first``
    change = ratings.apply_result(learner_id, result, when) if rated and result.weight > 0 else None
    reviews = memory.reviews_of(attempt, result, existing, when, usual)
    tables.set_rows(ReviewCard, [
        memory.card_row(learner_id, attempt.kind, review, result, attempt_id) for review in reviews
    ])
    if rated:
        week = ratings.monday(when).date()
        tables.add_to(ProgressWeek, ("seen", "right"), progress.week_rows(learner_id, attempt, result, week))
    return AnswerRating(change, tuple(reviews))


def rate_attempts(learner_id: int, attempts: list[NewAttempt], attempt_ids: list[int]) -> None:
    """Rate a batch recorded together (a game's discards and plays), in order."""
    for attempt, attempt_id in zip(attempts, attempt_ids):
        rate_attempt(learner_id, attempt, attempt_id)

