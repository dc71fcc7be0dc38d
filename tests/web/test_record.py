"""The record API: attempts in, statistics out."""

from __future__ import annotations

import pytest

from trainer import record
from trainer.checking import ComboResult, ComboType
from trainer.record import DrillKind


def add(learner_id, correct, results, missed=0):
    return record.record_attempt(
        learner_id, DrillKind.SHOW, dealt={"deal": {}}, answer={"total": 1}, results=results,
        points_expected=10, points_answered=10 - missed, points_missed=missed, correct=correct, mode="total",
    )


def test_stats_per_combo_type(app):
    with app.app_context():
        ann = record.learner_by_name("Ann", create=True)
        add(ann.id, True, [ComboResult(ComboType.NOBS, 1, 0, True)])
        add(ann.id, False, [ComboResult(ComboType.NOBS, 1, 1, False), ComboResult(ComboType.RUN, 3, 3, False)], missed=4)
        stats = record.learner_stats(ann.id)
        assert (stats.attempts, stats.correct, stats.points_missed) == (2, 1, 4)
        assert stats.of(ComboType.NOBS).accuracy == 0.5
        assert stats.of(ComboType.RUN).points_missed == 3
        assert stats.of(ComboType.PAIR).seen == 0
        assert [p.attempts for p in stats.trend] == [2]
        assert [m.points_missed for m in record.recent_mistakes(ann.id)] == [4]


def test_learners_are_kept_apart(app):
    with app.app_context():
        ann = record.learner_by_name("Ann", create=True)
        bob = record.learner_by_name("Bob", create=True)
        attempt_id = add(ann.id, False, [])
        assert record.attempt_by_id(attempt_id, bob.id) is None
        assert record.attempt_by_id(attempt_id, ann.id).id == attempt_id
        assert record.history(bob.id) == ()
        drill = record.open_drill(ann.id, DrillKind.SHOW, {"x": 1})
        assert record.pending_drill(drill, bob.id, DrillKind.SHOW) is None
        assert record.pending_drill(drill, ann.id, DrillKind.PEGGING) is None
        assert record.pending_drill(drill, ann.id, DrillKind.SHOW).payload == {"x": 1}
        assert record.close_drill(drill) and not record.close_drill(drill)
        assert record.pending_drill(drill, ann.id, DrillKind.SHOW) is None


@pytest.mark.parametrize("bogus", [None, "", "x", "9" * 40, -5, 3.5])
def test_bogus_ids_find_nothing(app, bogus):
    with app.app_context():
        assert record.learner_by_id(bogus) is None
        assert record.attempt_by_id(bogus, 1) is None
        assert record.pending_drill(bogus, 1, DrillKind.SHOW) is None


def test_the_trend_by_day_and_by_blocks_of_answers(app):
    from datetime import datetime

    from trainer.models import Attempt, db

    with app.app_context():
        ann = record.learner_by_name("Ann", create=True)
        ids = [add(ann.id, i % 2 == 0, []) for i in range(23)]  # 12 right, 11 wrong
        for attempt_id in ids[:5]:  # the first five were made the day before
            db.session.get(Attempt, attempt_id).created_at = datetime(2026, 3, 1, 12, 0)
        for attempt_id in ids[5:]:
            db.session.get(Attempt, attempt_id).created_at = datetime(2026, 3, 2, 12, 0)
        db.session.commit()
        stats = record.learner_stats(ann.id)
        assert [(p.label, p.attempts, p.correct) for p in stats.trend] == [("1 Mar", 5, 3), ("2 Mar", 18, 9)]
        assert [(p.label, p.attempts, p.correct) for p in stats.blocks] == [("1-10", 10, 5), ("11-20", 10, 5), ("21-23", 3, 2)]


def test_stale_unanswered_drills_are_dropped(app):
    from datetime import timedelta

    from trainer.models import Drill, db, utcnow

    with app.app_context():
        ann = record.learner_by_name("Ann", create=True)
        old = record.open_drill(ann.id, DrillKind.SHOW, {})
        answered = record.open_drill(ann.id, DrillKind.SHOW, {})
        record.close_drill(answered)
        for drill_id in (old, answered):
            db.session.get(Drill, drill_id).created_at = utcnow() - timedelta(days=record.STALE_DRILL_DAYS + 1)
        db.session.commit()
        fresh = record.open_drill(ann.id, DrillKind.SHOW, {})
        assert db.session.get(Drill, old) is None
        assert db.session.get(Drill, answered) is not None  # answered drills stay with their attempts
        assert record.pending_drill(fresh, ann.id, DrillKind.SHOW) is not None
