"""Adaptive dealing and spaced review: the pure rules, and the database queries that apply them."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from datetime import datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer import database
from trainer.drills.adaptive import choose_focus, due_for_review, focus_weights, review_deal
from trainer.drills.deal import FocusKind
from trainer.record import attempts, learners
from trainer.record.attempts import AttemptInfo, DrillKind, NewAttempt
from trainer.record.combos import ComboType
from trainer.record.history import history, review_candidates
from trainer.record.stats import ComboStats, LearnerStats


def stats_with(*rows: ComboStats, attempts: int = 20, correct: int = 10) -> LearnerStats:
    return LearnerStats(attempts, correct, 0, None, rows, ())


def attempt(id: int, correct: bool, retry_of: int | None = None, kind=DrillKind.SHOW) -> AttemptInfo:
    return AttemptInfo(id, 1, datetime(2026, 1, 1), kind, "total", {}, {}, 0, 0, 0, correct, None, retry_of, ())


def test_the_weakest_kind_weighs_most():
    stats = stats_with(
        ComboStats(ComboType.MULTIPLE_RUNS, 10, 2, 20),
        ComboStats(ComboType.NOBS, 10, 10, 0),
        ComboStats(ComboType.FIFTEEN_5, 10, 9, 2),
        ComboStats(ComboType.HAND_FLUSH, 10, 9, 1),
    )
    weights = focus_weights(stats)
    assert max(weights, key=weights.get) is FocusKind.DOUBLE_RUNS
    assert weights[FocusKind.NOBS] == 0


def test_weak_kinds_are_dealt_more_often():
    stats = stats_with(ComboStats(ComboType.NOBS, 10, 0, 10), ComboStats(ComboType.MULTIPLE_RUNS, 10, 10, 0))
    rng = random.Random(4)
    dealt = Counter(choose_focus(stats, rng) for _ in range(2000))
    assert dealt[FocusKind.NOBS] > 2 * dealt[FocusKind.ANY]
    assert dealt[FocusKind.DOUBLE_RUNS] == 0


def test_a_miss_comes_back_only_after_the_spacing():
    history = [attempt(3, True), attempt(2, True), attempt(1, False)]  # newest first
    assert due_for_review(history, DrillKind.SHOW, spacing=3) is None
    assert due_for_review(history, DrillKind.SHOW, spacing=2).id == 1


def test_a_retried_miss_does_not_come_back_but_a_failed_retry_does():
    history = [attempt(5, True), attempt(4, True), attempt(3, True), attempt(2, True, retry_of=1), attempt(1, False)]
    assert due_for_review(history, DrillKind.SHOW, spacing=2) is None
    history = [attempt(5, True), attempt(4, True), attempt(3, True), attempt(2, False, retry_of=1), attempt(1, False)]
    assert due_for_review(history, DrillKind.SHOW, spacing=2).id == 2


def test_review_is_per_drill_kind():
    history = [attempt(3, True), attempt(2, True), attempt(1, False, kind=DrillKind.PEGGING)]
    assert due_for_review(history, DrillKind.SHOW, spacing=1) is None
    assert due_for_review(history, DrillKind.PEGGING, spacing=1).id == 1


def test_weak_pegging_kinds_are_asked_more_often():
    from trainer.drills.adaptive import choose_peg_tag
    from trainer.drills.deal import PegTag

    stats = stats_with(ComboStats(ComboType.PEG_GO, 10, 0, 10), ComboStats(ComboType.PEG_RUN, 10, 10, 0))
    rng = random.Random(8)
    asked = Counter(choose_peg_tag(stats, rng) for _ in range(2000))
    assert asked[PegTag.GO] > 2 * asked[None]
    assert asked[PegTag.OUT_OF_ORDER_RUN] == 0


# ---------------------------------------------------------------- the review rule as database queries

LEARNERS = itertools.count(1)

steps = st.lists(
    st.tuples(
        st.sampled_from([DrillKind.SHOW, DrillKind.PEGGING]),
        st.booleans(),  # right
        st.integers(0, 2),  # minutes after the attempt before (0: the same moment)
        st.one_of(st.none(), st.integers(0, 1000)),  # retries the n-th latest earlier miss (modulo), if any
    ),
    max_size=45,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps, spacing=st.integers(0, 8), window=st.integers(1, 30),
       kind=st.sampled_from([DrillKind.SHOW, DrillKind.PEGGING]))
def test_the_queries_pick_what_the_rule_picks(app, steps, spacing, window, kind):
    """:func:`review_candidates` (indexed queries) gives the misses
    :func:`due_for_review` finds in the latest ``window`` attempts, oldest first."""
    with app.app_context():
        learner_id = learners.learner_by_name(f"Learner {next(LEARNERS)}", create=True).id
        moment, misses = datetime(2026, 3, 1), []
        for step_kind, right, minutes, retried in steps:
            moment += timedelta(minutes=minutes)
            retry_of = misses[-1 - retried % len(misses)] if retried is not None and misses else None
            (attempt_id,) = attempts.record_attempts(learner_id, [NewAttempt(
                step_kind, {"deal": {}}, {}, (), 0, 0, 0, right, created_at=moment, retry_of=retry_of
            )])
            if not right:
                misses.append(attempt_id)
        database.commit()
        recorded = history(learner_id, limit=window)
        due = [a.id for a in recorded[::-1] if due_for_review(recorded, kind, spacing, lambda c, a=a: c.id == a.id)]
        found = [attempt_id for attempt_id, _ in review_candidates(learner_id, kind, spacing, window)]
        assert found == due


def test_a_miss_due_is_dealt_again_and_an_unreplayable_one_skipped(app):
    with app.app_context():
        learner_id = learners.learner_by_name("Ann", create=True).id
        broken, missed = attempts.record_attempts(learner_id, [
            NewAttempt(DrillKind.SHOW, {"deal": {"hand": "not cards"}}, {}, (), 0, 0, 0, False),
            NewAttempt(DrillKind.SHOW, {"deal": {"hand": "4C 5D 6H KC", "starter": "5S"}}, {}, (), 0, 0, 0, False),
        ])
        attempts.record_attempts(learner_id, [NewAttempt(DrillKind.PEGGING, {}, {}, (), 0, 0, 0, True)] * 3)
        database.commit()
        assert review_deal(learner_id, DrillKind.SHOW, spacing=4) is None  # the miss is 3 attempts back
        attempt_id, deal = review_deal(learner_id, DrillKind.SHOW, spacing=3)
        assert attempt_id == missed and str(deal.starter) == "5S"
