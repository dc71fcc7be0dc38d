"""The drills' workflow service (trainer.drills.practice), against a real database:
what the drill views call, without a request."""

from __future__ import annotations

import random

import pytest

from trainer import database
from trainer.drills import grading, practice
from trainer.drills.deal import PeggingMoment
from trainer.record import attempts, history, learners, pending_drills
from trainer.record.attempts import DrillKind


def moment_of(pending: pending_drills.PendingDrill) -> PeggingMoment:
    return PeggingMoment.from_dict(pending.payload["moment"])


def wrong_answer(moment: PeggingMoment, retry_of: int | None = None) -> attempts.NewAttempt:
    """An answer off by one point: always wrong, whatever the moment is worth."""
    right = grading.grade_pegging(moment, 0, moment.play().count)[0].expected_points
    return grading.grade_pegging(moment, right + 1, moment.play().count, retry_of=retry_of)[1]


@pytest.fixture
def ann(app):
    with app.app_context():
        learner = learners.learner_by_name("Ann", create=True)
        database.commit()
        yield learner.id


def test_a_drill_answered_twice_is_recorded_once(app, ann):
    dealt = practice.next_pegging(ann, random.Random(1), spacing=0)
    pending = pending_drills.pending_drill(dealt.drill_id, ann, DrillKind.PEGGING)
    assert pending is not None and not dealt.brought_back
    first = practice.answer_drill(ann, dealt.drill_id, lambda: wrong_answer(moment_of(pending)))
    second = practice.answer_drill(ann, dealt.drill_id, lambda: wrong_answer(moment_of(pending)))
    assert first is not None and second is None
    assert len(history.history(ann, limit=10)) == 1


def test_a_missed_deal_comes_back_before_a_new_one(app, ann):
    dealt = practice.next_pegging(ann, random.Random(2), spacing=0)
    pending = pending_drills.pending_drill(dealt.drill_id, ann, DrillKind.PEGGING)
    missed = practice.answer_drill(ann, dealt.drill_id, lambda: wrong_answer(moment_of(pending)))
    again = practice.next_pegging(ann, random.Random(3), spacing=0)
    assert again.brought_back
    brought = pending_drills.pending_drill(again.drill_id, ann, DrillKind.PEGGING)
    assert brought.retry_of == missed and brought.payload["moment"] == pending.payload["moment"]


def test_a_chosen_seat_skips_the_review(app, ann):
    dealt = practice.next_pegging(ann, random.Random(4), spacing=0)
    pending = pending_drills.pending_drill(dealt.drill_id, ann, DrillKind.PEGGING)
    practice.answer_drill(ann, dealt.drill_id, lambda: wrong_answer(moment_of(pending)))
    assert not practice.next_discard(ann, random.Random(5), dealer=True, spacing=0).brought_back


def test_retry_refuses_what_is_not_the_learners(app, ann):
    with pytest.raises(practice.CannotRetry, match="no such mistake"):
        practice.retry(ann, 123456)


def test_claims_change_applies_over_a_change_that_landed_first(app, ann):
    dealt = practice.next_show(ann, random.Random(6), crib=False, focus=None, spacing=0, options={})
    landed_first = []

    def add(claims: list) -> list:
        if not landed_first:  # another request writes between this read and this write
            pending = pending_drills.pending_drill(dealt.drill_id, ann, DrillKind.SHOW)
            pending_drills.update_drill(pending.id, {**pending.payload, "claims": [["pair", "5H 5D"]]}, pending.version)
            database.commit()
            landed_first.append(True)
        return claims + [["nobs", "JS"]]

    assert practice.change_claims(ann, dealt.drill_id, add) is practice.ClaimsChange.SAVED
    claims = pending_drills.pending_drill(dealt.drill_id, ann, DrillKind.SHOW).payload["claims"]
    assert claims == [["pair", "5H 5D"], ["nobs", "JS"]]


def test_claims_of_an_answered_drill_are_gone(app, ann):
    assert practice.change_claims(ann, "0" * 32, lambda claims: claims) is practice.ClaimsChange.GONE
