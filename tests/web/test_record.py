"""The record API: attempts in, statistics out, kept in running tallies."""

from __future__ import annotations

import itertools
from datetime import date, datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event, func, select

from trainer import database
from trainer.database import db, utcnow
from trainer.record import attempts, learners, pending_drills
from trainer.record.attempts import AttemptMode, DrillKind, NewAttempt
from trainer.record.combos import ComboResult, ComboType
from trainer.record.history import answered_deals, attempt_by_id, history, history_page, recent_mistakes
from trainer.record.models import Attempt, ComboResultRow, Drill
from trainer.record.stats import TREND_BLOCK, TREND_BLOCK_ANSWERS, LearnerStats, learner_stats


def add(learner_id, correct, results, missed=0, when=None):
    attempt_id = attempts.record_attempt(
        learner_id, DrillKind.SHOW, dealt={"deal": {}}, answer={"total": 1}, results=results,
        points_expected=10, points_answered=10 - missed, points_missed=missed, correct=correct, mode="total",
    ) if when is None else attempts.record_attempts(learner_id, [attempt(correct, results, missed, when)])[0]
    database.commit()
    return attempt_id


def attempt(correct=True, results=(), missed=0, when=None, kind=DrillKind.SHOW, **more) -> NewAttempt:
    return NewAttempt(kind, {"deal": {}}, more.pop("answer", {"total": 1}), tuple(results), 10, 10 - missed, missed,
                      correct, "total", created_at=when, **more)


def test_stats_per_combo_type(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        add(ann.id, True, [ComboResult(ComboType.NOBS, 1, 0, True)])
        add(ann.id, False, [ComboResult(ComboType.NOBS, 1, 1, False), ComboResult(ComboType.RUN, 3, 3, False)], missed=4)
        stats = learner_stats(ann.id)
        assert (stats.attempts, stats.correct, stats.points_missed) == (2, 1, 4)
        assert stats.of(ComboType.NOBS).accuracy == 0.5
        assert stats.of(ComboType.RUN).points_missed == 3
        assert stats.of(ComboType.PAIR).seen == 0
        assert [p.attempts for p in stats.trend_of(DrillKind.SHOW).days] == [2]
        assert [m.points_missed for m in recent_mistakes(ann.id)] == [4]
        assert learner_stats(ann.id, DrillKind.PEGGING).attempts == 0


def test_learners_are_kept_apart(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        bob = learners.learner_by_name("Bob", create=True)
        attempt_id = add(ann.id, False, [ComboResult(ComboType.NOBS, 1, 1, False)])
        assert attempt_by_id(attempt_id, bob.id) is None
        assert attempt_by_id(attempt_id, ann.id).id == attempt_id
        assert history(bob.id) == ()
        assert learner_stats(bob.id).attempts == 0 and learner_stats(bob.id).by_type == ()
        drill = pending_drills.open_drill(ann.id, DrillKind.SHOW, {"x": 1})
        database.commit()
        assert pending_drills.pending_drill(drill, bob.id, DrillKind.SHOW) is None
        assert pending_drills.pending_drill(drill, ann.id, DrillKind.PEGGING) is None
        assert pending_drills.pending_drill(drill, ann.id, DrillKind.SHOW).payload == {"x": 1}
        assert not pending_drills.close_drill(drill, bob.id)  # not Bob's to answer
        assert pending_drills.close_drill(drill, ann.id) and not pending_drills.close_drill(drill, ann.id)
        assert pending_drills.pending_drill(drill, ann.id, DrillKind.SHOW) is None


@pytest.mark.parametrize("bogus", [None, "", "x", "9" * 40, -5, 3.5, 0, 2**31, "2147483648", 2**63, "\x00"])
def test_bogus_ids_find_nothing(app, bogus):
    with app.app_context():
        assert learners.learner_by_id(bogus) is None
        assert attempt_by_id(bogus, 1) is None
        assert pending_drills.pending_drill(bogus, 1, DrillKind.SHOW) is None


@pytest.mark.parametrize("bogus", ["0" * 31 + "\x00", "A" * 32, "g" * 32, "a" * 33, "ab" * 40])
def test_drill_ids_that_open_drill_never_makes_find_nothing(app, bogus):
    """A NUL byte in a drill id would be an error on PostgreSQL, not a missing drill."""
    with app.app_context():
        assert pending_drills.pending_drill(bogus, 1, DrillKind.SHOW) is None


def test_the_trend_by_day_and_by_blocks_of_answers(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        for i in range(23):  # 12 right, 11 wrong; the first five the day before
            add(ann.id, i % 2 == 0, [], when=datetime(2026, 3, 1 if i < 5 else 2, 12, 0))
        trend = learner_stats(ann.id).trend_of(DrillKind.SHOW)
        assert [(p.label, p.attempts, p.correct) for p in trend.days] == [("1 Mar", 5, 3), ("2 Mar", 18, 9)]
        assert [(p.label, p.attempts, p.correct) for p in trend.blocks] == [("1-10", 10, 5), ("11-20", 10, 5), ("21-23", 3, 2)]


def test_each_kind_of_drill_has_its_own_trend(app):
    """A best card that is not the best is not a count gone wrong: each kind's
    accuracy is its own line, its blocks numbered among its own answers."""
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        start = datetime(2026, 3, 1, 12, 0)
        mixed = [attempt(True, when=start + timedelta(minutes=i)) for i in range(12)]
        mixed += [attempt(False, kind=DrillKind.BEST_PLAY, when=start + timedelta(minutes=20 + i)) for i in range(3)]
        attempts.record_attempts(ann.id, mixed)
        database.commit()
        stats = learner_stats(ann.id)
        assert [t.kind for t in stats.trends] == [DrillKind.SHOW, DrillKind.BEST_PLAY]
        show, best = stats.trend_of(DrillKind.SHOW), stats.trend_of(DrillKind.BEST_PLAY)
        assert [(p.label, p.attempts, p.correct) for p in show.blocks] == [("1-10", 10, 10), ("11-12", 2, 2)]
        assert [(p.label, p.attempts, p.correct) for p in best.blocks] == [("1-3", 3, 0)]
        assert [(p.attempts, p.correct) for p in show.days] == [(12, 12)] and [(p.attempts, p.correct) for p in best.days] == [(3, 0)]
        assert stats.trend_of(DrillKind.DISCARD).days == () and learner_stats(ann.id, DrillKind.BEST_PLAY).trends == (best,)


def test_the_blocks_cover_the_latest_answers_labelled_by_their_places(app):
    """A long record: the blocks are the latest ~200 answers, read without the
    rest, and still numbered by their places in the whole record."""
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        start = datetime(2026, 3, 1, 12, 0)
        attempts.record_attempts(
            ann.id, [attempt(i >= 1200, when=start + timedelta(seconds=i)) for i in range(1234)]
        )
        database.commit()
        stats = learner_stats(ann.id)
        blocks = stats.trend_of(DrillKind.SHOW).blocks
        labels = [p.label for p in blocks]
        assert labels[0] == "1031-1040" and labels[-1] == "1231-1234"
        assert len(blocks) == (1234 - 1030 + TREND_BLOCK - 1) // TREND_BLOCK
        assert sum(p.attempts for p in blocks) <= TREND_BLOCK_ANSWERS + TREND_BLOCK
        assert [(p.label, p.correct) for p in blocks[-5:]] == [
            ("1191-1200", 0), ("1201-1210", 10), ("1211-1220", 10), ("1221-1230", 10), ("1231-1234", 4)
        ]
        assert stats.attempts == 1234 and stats.correct == 34


def test_reading_the_review_does_not_touch_every_attempt(app):
    """The statistics read the tallies and at most a few hundred attempts' outcomes."""
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        results = [ComboResult(ComboType.PAIR, 2, 0, True)]
        attempts.record_attempts(ann.id, [attempt(True, results, when=datetime(2026, 3, 1)) for _ in range(3000)])
        database.commit()
        statements = []

        def count(conn, cursor, statement, parameters, context, executemany):
            statements.append((statement, cursor.rowcount))

        event.listen(db.engine, "after_cursor_execute", count)
        try:
            stats = learner_stats(ann.id)
            mistakes = recent_mistakes(ann.id)
        finally:
            event.remove(db.engine, "after_cursor_execute", count)
        assert stats.of(ComboType.PAIR).seen == 3000 and mistakes == ()
        assert len(statements) <= 6
        assert not any("combo_result" in sql for sql, _ in statements)  # no results loaded for the statistics


def test_attempts_are_recorded_in_order_with_their_own_results(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        batch = [
            attempt(False, [ComboResult(ComboType.FIFTEEN_2, n, 1, False), ComboResult(ComboType.PAIR, 2, 0, True)],
                    missed=n, when=datetime(2026, 3, 1, 12, n))
            for n in range(1, 40)
        ]
        ids = attempts.record_attempts(ann.id, batch)
        database.commit()
        assert ids == sorted(ids) and len(set(ids)) == len(batch)
        for attempt_id, sent in zip(ids, batch):
            stored = attempt_by_id(attempt_id, ann.id)
            assert stored.points_missed == sent.points_missed
            assert stored.results == sent.results
        assert attempts.record_attempts(ann.id, []) == []


def test_recording_does_not_commit(app):
    """The caller commits: a rollback leaves neither the attempt nor its tallies."""
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        attempts.record_attempt(
            ann.id, DrillKind.SHOW, dealt={}, answer={}, results=[ComboResult(ComboType.PAIR, 2, 2, False)],
            points_expected=2, points_answered=0, points_missed=2, correct=False,
        )
        pending_drills.open_drill(ann.id, DrillKind.SHOW, {})
        database.rollback()
        assert history(ann.id) == () and learner_stats(ann.id).by_type == ()
        assert db.session.scalar(select(func.count()).select_from(Drill)) == 0


def test_a_moment_with_a_time_zone_is_stored_in_utc(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        late = datetime(2026, 3, 1, 23, 30, tzinfo=timezone(timedelta(hours=-2)))  # 1 Mar in Rio, 2 Mar in UTC
        attempt_id = add(ann.id, True, [], when=late)
        assert attempt_by_id(attempt_id, ann.id).created_at == datetime(2026, 3, 2, 1, 30)
        assert [p.label for p in learner_stats(ann.id).trend_of(DrillKind.SHOW).days] == ["2 Mar"]


def test_dealing_writes_one_row_and_answering_sweeps_stale_drills(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        old = [pending_drills.open_drill(ann.id, DrillKind.SHOW, {}) for _ in range(pending_drills.STALE_SWEEP + 3)]
        database.commit()
        for drill_id in old:
            db.session.get(Drill, drill_id).created_at = utcnow() - timedelta(days=pending_drills.STALE_DRILL_DAYS + 1)
        db.session.commit()
        fresh = pending_drills.open_drill(ann.id, DrillKind.SHOW, {})  # dealing leaves the old ones alone
        database.commit()
        assert db.session.scalar(select(func.count()).select_from(Drill)) == len(old) + 1
        answered = pending_drills.open_drill(ann.id, DrillKind.SHOW, {})
        assert pending_drills.close_drill(answered, ann.id)
        database.commit()
        left = set(db.session.scalars(select(Drill.id)))
        assert len(left) == 4 and fresh in left and answered not in left  # a bounded sweep: 3 stale ones wait
        assert pending_drills.pending_drill(fresh, ann.id, DrillKind.SHOW) is not None
        pending_drills.close_drill(fresh, ann.id)
        database.commit()
        assert set(db.session.scalars(select(Drill.id))) == set()


def test_a_claim_is_written_only_over_the_version_it_was_read_at(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        drill = pending_drills.open_drill(ann.id, DrillKind.SHOW, {"claims": []})
        database.commit()
        read = pending_drills.pending_drill(drill, ann.id, DrillKind.SHOW)
        assert pending_drills.update_drill(drill, {"claims": [1]}, read.version)
        database.commit()
        assert not pending_drills.update_drill(drill, {"claims": [2]}, read.version)  # lost the race: read again
        again = pending_drills.pending_drill(drill, ann.id, DrillKind.SHOW)
        assert again.payload == {"claims": [1]} and again.version == read.version + 1


def test_history_pages(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        start = datetime(2026, 3, 1)
        ids = attempts.record_attempts(
            ann.id, [attempt(when=start + timedelta(minutes=i // 2), missed=i) for i in range(120)]  # two a minute
        )
        database.commit()
        first = history_page(ann.id)
        assert (first.total, first.newer, first.older) == (120, False, True)
        assert [a.points_missed for a in first.attempts] == list(range(119, 69, -1))
        second = history_page(ann.id, before=first.attempts[-1].id)
        assert [a.points_missed for a in second.attempts] == list(range(69, 19, -1)) and second.newer and second.older
        last = history_page(ann.id, before=second.attempts[-1].id)
        assert [a.points_missed for a in last.attempts] == list(range(19, -1, -1)) and not last.older
        back = history_page(ann.id, after=last.attempts[0].id)
        assert back.attempts == second.attempts and back.newer and back.older
        assert history_page(ann.id, after=back.attempts[0].id).attempts == first.attempts
        assert not history_page(ann.id, after=back.attempts[0].id).newer
        bob = learners.learner_by_name("Bob", create=True)
        assert history_page(bob.id).attempts == () and not history_page(bob.id).older
        for bogus in (ids[0] + 1000, "x", 2**31, -1):
            assert history_page(ann.id, before=bogus) is None
        assert history_page(bob.id, before=ids[0]) is None  # Ann's attempt is no cursor for Bob


def test_answered_deals_group_a_modes_attempts(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        attempts.record_attempts(ann.id, [
            NewAttempt(DrillKind.SHOW, {"lesson": "a"}, {}, (), 0, 0, 0, False, AttemptMode.LESSON),
            NewAttempt(DrillKind.SHOW, {"lesson": "a"}, {}, (), 0, 0, 0, True, AttemptMode.LESSON),
            NewAttempt(DrillKind.SHOW, {"lesson": "b"}, {}, (), 0, 0, 0, False, AttemptMode.LESSON),
            NewAttempt(DrillKind.SHOW, {"lesson": "c"}, {}, (), 0, 0, 0, True, AttemptMode.TOTAL),
        ])
        database.commit()
        assert sorted((d["lesson"], right) for d, right in answered_deals(ann.id, AttemptMode.LESSON)) == [
            ("a", True), ("b", False)
        ]


# ---------------------------------------------------------------- the tallies are a fold of the history


def fold(history: tuple[attempts.AttemptInfo, ...]) -> dict:
    """The statistics as the review once computed them: a fold over every attempt."""
    by_type: dict[ComboType, list[int]] = {}
    for a in history:
        for r in a.results:
            seen_right_missed = by_type.setdefault(r.type, [0, 0, 0])
            seen_right_missed[0] += 1
            seen_right_missed[1] += r.right
            seen_right_missed[2] += r.missed_points
    trends = {}
    for kind in DrillKind:
        oldest_first = [a for a in history[::-1] if a.kind is kind]
        if not oldest_first:
            continue
        per_day: dict[date, list[int]] = {}
        for a in oldest_first:
            counts = per_day.setdefault(a.created_at.date(), [0, 0])
            counts[0] += 1
            counts[1] += a.correct
        blocks = []
        for start in range(0, len(oldest_first), TREND_BLOCK):
            block = oldest_first[start : start + TREND_BLOCK]
            label = f"{start + 1}-{start + len(block)}" if len(block) > 1 else str(start + 1)
            blocks.append((label, len(block), sum(a.correct for a in block)))
        first = max(0, len(oldest_first) - TREND_BLOCK_ANSWERS) // TREND_BLOCK
        days = [(f"{d.day} {d:%b}", n, ok) for d, (n, ok) in sorted(per_day.items())]
        trends[kind] = (days, blocks[first:])
    timed = [a.seconds for a in history if a.seconds is not None]
    kinds = {}
    for kind in DrillKind:
        mine = [a for a in history if a.kind is kind]
        given = [g for g in (attempts.given_away(a.answer) for a in mine) if g is not None]
        kinds[kind] = (len(mine), sum(a.correct for a in mine), sum(a.points_missed for a in mine),
                       sum(given) / len(given) if given else None)
    return {
        "totals": (len(history), sum(a.correct for a in history), sum(a.points_missed for a in history)),
        "mean_seconds": sum(timed) / len(timed) if timed else None,
        "by_type": {t: tuple(v) for t, v in by_type.items()},
        "trends": trends,
        "by_kind": kinds,
    }


def stats_as_fold(stats: LearnerStats) -> dict:
    return {
        "totals": (stats.attempts, stats.correct, stats.points_missed),
        "mean_seconds": stats.mean_seconds,
        "by_type": {s.type: (s.seen, s.right, s.points_missed) for s in stats.by_type},
        "trends": {
            t.kind: ([(p.label, p.attempts, p.correct) for p in t.days], [(p.label, p.attempts, p.correct) for p in t.blocks])
            for t in stats.trends
        },
        "by_kind": {k.kind: (k.attempts, k.correct, k.points_missed, k.mean_given_away) for k in stats.by_kind},
    }


def close(a, b) -> bool:
    """Equal, floats within rounding (sums taken in another order)."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))
    return a == b


combo_results = st.builds(
    ComboResult, st.sampled_from(list(ComboType)), st.integers(0, 12), st.integers(0, 12), st.booleans()
)
answers = st.one_of(
    st.just({"total": 3}),
    st.builds(lambda g: {"given_away": g}, st.floats(0, 5, allow_nan=False)),
    st.just({"given_away": "not a number"}),
    st.just({"given_away": None}),
)
moments = st.builds(
    lambda day, minute, zone: datetime(2026, 3, day, 0, 0) + timedelta(minutes=minute)
    if zone is None else (datetime(2026, 3, day, 0, 0) + timedelta(minutes=minute)).replace(tzinfo=timezone(timedelta(hours=zone))),
    st.integers(1, 4), st.integers(0, 1439), st.one_of(st.none(), st.integers(-5, 5)),
)
new_attempts = st.builds(
    NewAttempt,
    st.sampled_from(list(DrillKind)),
    st.just({"deal": {}}),
    answers,
    st.lists(combo_results, max_size=4).map(tuple),
    st.integers(0, 29),
    st.integers(0, 29),
    st.integers(0, 29),
    st.booleans(),
    st.just("total"),
    st.one_of(st.none(), st.floats(0, 120, allow_nan=False)),
    st.none(),
    moments,
)


#: Names for the property's learners: one per example.
LEARNERS = itertools.count(1)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=st.lists(st.lists(new_attempts, max_size=30), max_size=6), data=st.data())
def test_the_tallies_equal_a_fold_of_the_history(app, batches, data):
    """However attempts arrive (one by one, in batches, on any days), the
    statistics read from the tallies are those the whole history gives."""
    with app.app_context():
        learner = learners.learner_by_name(f"Learner {next(LEARNERS)}", create=True)
        for batch in batches:
            if data.draw(st.booleans(), label="one at a time"):
                for one in batch:
                    attempts.record_attempts(learner.id, [one])
            else:
                attempts.record_attempts(learner.id, batch)
            database.commit()
        recorded = history(learner.id)
        assert len(recorded) == sum(map(len, batches))
        assert close(stats_as_fold(learner_stats(learner.id)), fold(recorded))
        kind = data.draw(st.sampled_from(list(DrillKind)), label="kind")
        of_kind = tuple(a for a in recorded if a.kind is kind)
        assert close(stats_as_fold(learner_stats(learner.id, kind)), fold(of_kind))


def test_results_and_history_are_read_without_a_query_per_attempt(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        attempts.record_attempts(ann.id, [attempt(False, [ComboResult(ComboType.PAIR, 2, 2, False)]) for _ in range(60)])
        database.commit()
        statements = []
        listener = lambda *args: statements.append(args[2])  # noqa: E731
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            assert len(recent_mistakes(ann.id, limit=50)) == 50
            assert len(history(ann.id)) == 60
            assert len(history_page(ann.id).attempts) == 50
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
        assert len(statements) <= 2 + 2 + 4  # rows and results for each; the page also counts and finds its ids


def test_an_attempt_and_its_results_stay_together(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True)
        ids = attempts.record_attempts(ann.id, [attempt(True, [ComboResult(ComboType.NOBS, 1, 0, True)]),
                                              attempt(True, [])])
        database.commit()
        owners = db.session.execute(select(ComboResultRow.attempt_id)).scalars().all()
        assert owners == [ids[0]]
        assert db.session.scalar(select(func.count()).select_from(Attempt)) == 2
