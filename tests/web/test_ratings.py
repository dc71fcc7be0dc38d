"""The ratings' services over the database (SQLite and PostgreSQL): a rated first
attempt and an unrated retry, the memory's cards, placement, the daily deal
answered once and the same for everyone, the streak, and the migration's
replay of an existing history."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta

import flask_migrate
import pytest
from sqlalchemy import func, select, text

from engine.cards import Card, parse_cards
from trainer import database
from trainer.database import db
from trainer.drills import grading
from trainer.drills.answers import BestCard, LaidAway, PegPoints, Total
from trainer.drills.deal import FocusKind, ShowDeal, best_play_question, deal_discard, deal_show, pegging_moment
from trainer.rating import answers, daily, dealing, memory, placement, progress, ratings, replay
from trainer.rating.glicko2 import Rating
from trainer.rating.models import DealRating, LearnerRating, ProgressWeek, RatingWeek, ReviewCard, Streak
from trainer.rating.skills import Skill, deal_key
from trainer.record import attempts, learners
from trainer.record.models import Attempt
from trainer.web import MIGRATIONS_DIR, create_app

NOW = datetime(2026, 12, 1, 12, 0)


def _learner(name: str = "Ann") -> int:
    learner = learners.learner_by_name(name, create=True)
    database.commit()
    return learner.id


def _count(learner_id: int, deal: ShowDeal, total: int, *, when: datetime = NOW, retry_of: int | None = None,
           focus: str = "auto", seconds: float | None = None):
    options = replace(grading.total_options(deal.crib), focus=None if focus == "auto" else FocusKind(focus))
    attempt = grading.grade_show(deal, options, Total(total), seconds=seconds, retry_of=retry_of).attempt
    attempt = replace(attempt, created_at=when)
    attempt_id = attempts.record_attempts(learner_id, [attempt])[0]
    rated = answers.rate_attempt(learner_id, attempt, attempt_id)
    database.commit()
    return attempt_id, rated


HAND = ShowDeal(tuple(parse_cards("5H 5D JS 2C")), Card.parse("9S"), False)  # 2 + 2 + 2 + 1 = 7


def test_a_first_attempt_is_rated_for_the_learner_and_the_deal(app):
    with app.app_context():
        ann = _learner()
        _, rated = _count(ann, HAND, HAND.score().total)
        assert rated.change is not None and rated.change.skill is Skill.COUNT_HAND
        mine = db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value))
        deal = db.session.get(DealRating, (Skill.COUNT_HAND.value, deal_key(HAND)))
        prior = ratings.prior_rating(Skill.COUNT_HAND, HAND)
        assert mine.rated == 1 and mine.rating > 1500 and mine.deviation < 350
        assert deal.rated == 1 and deal.rating < prior.rating  # answered right: the deal looks easier
        assert db.session.scalar(select(func.count()).select_from(RatingWeek)) == 1


def test_a_retry_is_reviewed_but_not_rated(app):
    with app.app_context():
        ann = _learner()
        missed_id, first = _count(ann, HAND, 3)
        assert first.change is not None and first.change.after.rating < 1500
        card = db.session.get(ReviewCard, (ann, memory.deal_card_key(deal_key(HAND))))
        assert card.reviews == 1 and card.due == NOW + timedelta(minutes=10) and card.attempt_id == missed_id
        before = db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value)).rating
        deal_before = db.session.get(DealRating, (Skill.COUNT_HAND.value, deal_key(HAND))).rating
        _, retry = _count(ann, HAND, HAND.score().total, when=NOW + timedelta(minutes=15), retry_of=missed_id)
        assert retry.change is None
        assert db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value)).rating == before
        assert db.session.get(DealRating, (Skill.COUNT_HAND.value, deal_key(HAND))).rating == deal_before
        card = db.session.get(ReviewCard, (ann, memory.deal_card_key(deal_key(HAND))))
        db.session.refresh(card)
        assert card.reviews == 2 and card.due > NOW + timedelta(days=1)


def test_a_deal_answered_right_and_met_again_is_rated_only_the_first_time(app):
    """A right answer leaves no FSRS card; the deal is still the learner's second
    meeting with it, so only the first is rated (lichess: first attempts only)."""
    with app.app_context():
        ann = _learner()
        right = HAND.score().total
        _, first = _count(ann, HAND, right)
        assert first.change is not None
        for hours in (1, 2):
            _, again = _count(ann, HAND, right, when=NOW + timedelta(hours=hours))
            assert again.change is None
        assert db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value)).rated == 1
        assert db.session.get(DealRating, (Skill.COUNT_HAND.value, deal_key(HAND))).rated == 1
        bob = _learner("Bob")
        _, theirs = _count(bob, HAND, right)  # another learner's first meeting is rated
        assert theirs.change is not None


def test_a_deal_met_again_without_a_retry_link_is_not_rated_twice(app):
    with app.app_context():
        ann = _learner()
        _count(ann, HAND, 3)
        _, again = _count(ann, HAND, 3, when=NOW + timedelta(hours=1))
        assert again.change is None
        assert db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value)).rated == 1


def test_a_focus_that_hints_damps_the_update(app):
    with app.app_context():
        ann, bob = _learner("Ann"), _learner("Bob")
        nobs = ShowDeal(tuple(parse_cards("JH 3D 8S KC")), Card.parse("2H"), False)
        _, full = _count(ann, nobs, nobs.score().total)
        _, hinted = _count(bob, nobs, nobs.score().total, focus="nobs")
        assert full.change.after.rating - 1500 > 4 * (hinted.change.after.rating - 1500) > 0


def test_a_missed_deal_and_its_combo_types_come_due_by_fsrs(app):
    with app.app_context():
        ann = _learner()
        _count(ann, HAND, 3)
        assert memory.due_deals(ann, attempts.DrillKind.SHOW, NOW + timedelta(minutes=5)) == ()
        (due,) = memory.due_deals(ann, attempts.DrillKind.SHOW, NOW + timedelta(minutes=11))
        assert ShowDeal.from_dict(due.dealt["deal"]) == HAND
        assert set(memory.due_combo_types(ann, attempts.DrillKind.SHOW, NOW + timedelta(minutes=11))) >= {
            c.type for c in grading.grade_show(HAND, grading.total_options(False), Total(3)).verdict.results
            if not c.right}  # the types the answer counted against (issue 19's attribution)
        summary = memory.due_summary(ann, NOW + timedelta(minutes=11))
        assert summary.deals == {attempts.DrillKind.SHOW: 1} and summary.combo_types


def test_progress_rows_count_first_attempts_by_week_and_time(app):
    with app.app_context():
        ann = _learner()
        _count(ann, HAND, HAND.score().total, seconds=4.0)
        missed_id, _ = _count(ann, deal_show(random.Random(4)), 99, seconds=40.0)
        _count(ann, HAND, 1, retry_of=missed_id)  # a retry: not in the progress
        weeks, lines = progress.week_lines(ann, (NOW - timedelta(days=7)).date())
        whole = next(line for line in lines if line.skill is Skill.COUNT_HAND and line.combo_type is None)
        (cell,) = whole.cells
        assert (cell.seen, cell.right) == (2, 1) and 3.0 < cell.median_seconds <= 30.0
        assert db.session.scalar(select(func.sum(ProgressWeek.seen)).where(ProgressWeek.combo_type == "")) == 2


def test_placement_sets_starting_ratings_from_ten_deals(app):
    with app.app_context():
        strong, weak = _learner("Strong"), _learner("Weak")
        for learner_id, right in ((strong, True), (weak, False)):
            rng = random.Random(7)
            for step in range(10):
                current = ratings.learner_ratings(learner_id)
                plan = placement.placement_of(current)
                assert plan.done == step and not plan.placed
                _answer_placement(learner_id, plan.next_skill, rng, right, NOW + timedelta(minutes=step))
            plan = placement.placement_of(ratings.learner_ratings(learner_id))
            assert plan.placed and plan.done == 10
        for skill in (Skill.COUNT_HAND, Skill.PEGGING, Skill.DISCARD):
            high = ratings.learner_rating(strong, skill, NOW)
            low = ratings.learner_rating(weak, skill, NOW)
            assert high.rating > 1500 > low.rating and high.deviation < 350 and low.deviation < 350


def _answer_placement(learner_id: int, skill: Skill, rng: random.Random, right: bool, when: datetime) -> None:
    """Answer the placement deal of ``skill`` right or wrong, picked among candidates at the even chance."""
    if skill in (Skill.COUNT_HAND, Skill.COUNT_CRIB):
        deals = [deal_show(rng, crib=skill is Skill.COUNT_CRIB) for _ in range(5)]
        picked = dealing.pick_deal(learner_id, skill, deals, rng, now=when)
        assert abs(picked.chance - 0.5) < 0.45
        _count(learner_id, picked.deal, picked.deal.score().total if right else 99, when=when)
        return
    if skill is Skill.PEGGING:
        moment = pegging_moment(rng)
        points = moment.points if right else moment.points + 3
        attempt = grading.grade_pegging(moment, PegPoints(points, moment.play().count)).attempt
    elif skill is Skill.DISCARD:
        deal = deal_discard(rng)
        verdict = grading.judge_discard(deal, LaidAway(deal.cards[:2]))
        pick = verdict.options[0].discard if right else verdict.options[-1].discard
        attempt = grading.grade_discard(deal, LaidAway(tuple(pick))).attempt
    else:
        question = best_play_question(rng)
        options = grading.best_play_options(question)
        attempt = grading.grade_best_play(question, BestCard((options[0] if right else options[-1]).card), options=options).attempt
        if not right and attempt.correct:  # every card as good: count it as the wrong answer it was meant to be
            attempt = replace(attempt, correct=False)
    attempt = replace(attempt, created_at=when)
    attempt_id = attempts.record_attempts(learner_id, [attempt])[0]
    answers.rate_attempt(learner_id, attempt, attempt_id)
    database.commit()


def test_the_daily_deal_is_the_same_for_two_learners_and_answered_once(app):
    with app.app_context():
        ann, bob = _learner("Ann"), _learner("Bob")
        day = NOW.date()
        deal = daily.daily_deal(day)
        daily.daily_deal.cache_clear()
        assert daily.daily_deal(day) == deal  # dealt again from the date's seed, not remembered
        right = deal.show.score().total
        first = daily.answer_count(ann, day, Total(right))
        assert first is not None and first.correct
        assert daily.answer_count(ann, day, Total(right)) is None  # answered once
        assert daily.answer_count(bob, day, Total(right + 1)).correct is False
        assert db.session.scalar(select(func.count()).select_from(Attempt)
                                 .where(Attempt.learner_id == ann)) == 1
        shared = db.session.get(DealRating, (deal_key_skill(deal.show), deal_key(deal.show)))
        assert shared.rated == 2  # both learners met the one deal
        assert set(daily.answered(ann, day)) == {daily.DailyPart.COUNT}


def deal_key_skill(show: ShowDeal) -> str:
    return (Skill.COUNT_CRIB if show.crib else Skill.COUNT_HAND).value


def test_the_daily_table_lists_only_those_who_chose_it(app):
    with app.app_context():
        ann, bob = _learner("Ann"), _learner("Bob")
        day = NOW.date()
        deal = daily.daily_deal(day)
        daily.answer_count(ann, day, Total(deal.show.score().total))
        daily.answer_count(bob, day, Total(deal.show.score().total))
        daily.set_on_board(ann, True)
        assert [row.name for row in daily.board(day)] == ["Ann"]
        (row,) = daily.board(day)
        assert (row.right, row.answered) == (1, 1)


def test_the_migration_replays_an_existing_history(app):
    with app.app_context():
        ann = _learner()
        rng = random.Random(3)
        made = []
        for n in range(30):
            deal = deal_show(rng)
            attempt = grading.grade_show(deal, grading.total_options(False),
                                         Total(deal.score().total + (n % 3 == 0)), seconds=2.0 + 5 * (n % 7)).attempt
            made.append(replace(attempt, created_at=NOW + timedelta(hours=20 * n)))
        attempts.record_attempts(ann, made)
        database.commit()
        assert db.session.scalar(select(func.count()).select_from(LearnerRating)) == 0
        with db.engine.begin() as connection:
            assert replay.replay_history(connection) == 30
        row = db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value))
        assert row.rated == 30
        missed = db.session.scalar(select(func.count()).select_from(ReviewCard)
                                   .where(ReviewCard.combo_type.is_(None)))
        assert missed == 10
        live = _live_ratings(made)
        assert row.rating == pytest.approx(live.rating, abs=1e-6)
        bob = learners.learner_by_name("Bob").id
        assert _progress_of(ann) == _progress_of(bob)  # the database's aggregates count as the live answers do
        assert len(_progress_of(ann)) > 1


def _progress_of(learner_id: int) -> list[tuple]:
    rows = db.session.execute(select(ProgressWeek.week, ProgressWeek.skill, ProgressWeek.combo_type,
                                     ProgressWeek.bucket, ProgressWeek.seen, ProgressWeek.right)
                              .where(ProgressWeek.learner_id == learner_id))
    return sorted(tuple(row) for row in rows)


def _live_ratings(made) -> Rating:
    """The rating the same answers earn answered live, one by one (on a learner of their own)."""
    bob = _learner("Bob")
    db.session.execute(DealRating.__table__.delete())
    for attempt in made:
        attempt_id = attempts.record_attempts(bob, [attempt])[0]
        answers.rate_attempt(bob, attempt, attempt_id)
    database.commit()
    return ratings.learner_rating(bob, Skill.COUNT_HAND, made[-1].created_at)


def test_crib_db_upgrade_replays_the_history_recorded_before_the_ratings(tmp_path, monkeypatch):
    """A database at 0009 with a learner's answers: the upgrade rates them, cards their misses, counts the streak."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    monkeypatch.setattr(flask_migrate, "upgrade", lambda directory: None)  # make the app without migrating
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
    monkeypatch.undo()
    with app.app_context():
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR), revision="0009_seats")
        # The learner as a database of then holds it (later migrations add columns the model has).
        db.session.execute(text("INSERT INTO learner (name, name_key, created_at) VALUES ('Ann', 'ann', :now)"),
                           {"now": NOW})
        ann = db.session.scalar(text("SELECT id FROM learner WHERE name_key = 'ann'"))
        rng = random.Random(9)
        made = []
        for day in range(3):
            for n in range(4):
                deal = deal_show(rng)
                attempt = grading.grade_show(deal, grading.total_options(False),
                                             Total(deal.score().total + (n == 0))).attempt
                made.append(replace(attempt, created_at=NOW + timedelta(days=day, minutes=n)))
        attempts.record_attempts(ann, made)
        database.commit()
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR))
        row = db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value))
        assert row.rated == 12
        assert memory.due_summary(ann, NOW + timedelta(days=30)).deals == {attempts.DrillKind.SHOW: 3}
        assert db.session.get(Streak, ann).current == 3
        db.engine.dispose()
