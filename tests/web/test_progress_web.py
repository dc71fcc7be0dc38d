"""The progress page and the daily deal through the Flask client: both
languages, bad input as a message, each part answered once, the table only in
server mode, and the progress read from aggregates, never the history."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from sqlalchemy import event

from tests.databases import FixedClock
from trainer import database
from trainer.database import db
from trainer.drills import grading
from trainer.drills.answers import Total
from trainer.drills.deal import deal_show
from trainer.rating import answers, daily, placement, progress
from trainer.rating.models import LearnerRating
from trainer.rating.skills import Skill
from trainer.record import attempts, history, learners

from .conftest import LearnerActions
from .helpers import page_text


def clock_now(app) -> datetime:
    """The moment by the test app's clock (fixed: tests/databases.py), which the pages read."""
    return app.config["CLOCK"]()


def today(app):
    """The daily deal's day as the app's pages see it."""
    return daily.today(clock_now(app))


def test_the_progress_page_before_any_answer_says_so(learner):
    text = page_text(learner.client.get("/progress/"))
    assert "Your progress" in text and "No rated answers yet" in text and "Nothing is due now" in text


def test_the_progress_page_in_russian(learner, app):
    learner.post("/daily/count", {"total": "0"}, page="/daily/")
    learner.post("/language", {"language": "ru", "next": "/progress/"})
    text = page_text(learner.client.get("/progress/"))
    assert "Ваши успехи" in text and "Рейтинги" in text and "Серия: 1 день подряд" in text
    assert "Подсчёт руки" in text or "Подсчёт яслей" in text


def test_the_daily_deal_is_answered_once_and_shows_its_verdict(learner, app):
    deal = daily.daily_deal(today(app))
    right = deal.show.score().total
    assert learner.post("/daily/count", {"total": str(right)}, page="/daily/").status_code == 302
    again = learner.post("/daily/count", {"total": str(right + 1)}, page="/daily/", follow_redirects=True)
    text = page_text(again)
    assert "answered that part of today" in text
    assert f"It counts {right}" in text and "Right." in text
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        assert len(attempts_of(ann.id)) == 1


def attempts_of(learner_id: int):
    return history.history(learner_id)


def test_bad_daily_answers_are_messages_and_record_nothing(learner, app):
    text = page_text(learner.post("/daily/count", {"total": "lots"}, page="/daily/", follow_redirects=True))
    assert "Type your total as a number" in text
    text = page_text(learner.post("/daily/pegging", {"count": "40", "points": "1"}, page="/daily/",
                                  follow_redirects=True))
    assert "cannot be more than 31" in text
    text = page_text(learner.post("/daily/discard", {"card": ["AS"]}, page="/daily/", follow_redirects=True))
    assert "Pick exactly two of your six cards" in text
    with app.app_context():
        assert daily.answered(learners.learner_by_name("Ann").id, today(app)) == {}


def test_a_forged_daily_post_changes_nothing(learner, app):
    response = learner.client.post("/daily/count", data={"total": "3"})
    assert response.status_code == 302
    with app.app_context():
        assert daily.answered(learners.learner_by_name("Ann").id, today(app)) == {}


def test_the_daily_table_is_for_server_mode_and_lists_who_chose_it(server, client):
    actions = LearnerActions(client)
    password = "a long enough password"
    response = actions.post("/signup", {"name": "Ann", "password": password, "confirm": password}, page="/signup")
    assert response.status_code == 302, page_text(response)
    assert "s table" in page_text(client.get("/daily/"))
    actions.post("/daily/table", {"shown": "1"}, page="/daily/")
    actions.post("/daily/count", {"total": "0"}, page="/daily/")
    text = page_text(client.get("/daily/"))
    assert "Leave the table" in text and "Ann" in text.split("s table", 1)[1]


def test_the_daily_table_is_not_shown_to_personal_profiles(learner):
    assert "s table" not in page_text(learner.client.get("/daily/"))


@pytest.mark.slow
def test_the_progress_page_reads_aggregates_not_the_history(app, learner):
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        rng = random.Random(8)
        start = clock_now(app) - timedelta(days=40)
        for n in range(300):
            deal = deal_show(rng)
            attempt = grading.grade_show(deal, grading.total_options(False),
                                         Total(deal.score().total + (n % 3 == 0)), seconds=5.0 + n % 20).attempt
            attempt = replace(attempt, created_at=start + timedelta(hours=3 * n))
            attempt_id = attempts.record_attempts(ann, [attempt])[0]
            answers.rate_attempt(ann, attempt, attempt_id)
        database.commit()
        statements = []

        def count(conn, cursor, statement, parameters, context, executemany):
            statements.append(statement)

        event.listen(db.engine, "after_cursor_execute", count)
        try:
            shown = progress.learner_progress(ann, clock_now(app))
        finally:
            event.remove(db.engine, "after_cursor_execute", count)
        assert len(statements) <= 10
        assert not any("FROM attempt" in sql for sql in statements)
        hand = next(s for s in shown.skills if s.skill.value == "count a hand")
        assert hand.now.rated == 300 and len(hand.weeks) >= 5
    text = page_text(learner.client.get("/progress/"))
    assert "Counting a hand" in text and "from 300 rated answers" in text
    assert text.count("Fifteen of 2 cards") >= 1


def _rated(app, learner_id: int, skill: Skill, count: int) -> None:
    with app.app_context():
        db.session.merge(LearnerRating(learner_id=learner_id, skill=skill.value, rating=1500.0, deviation=300.0,
                                       volatility=0.06, rated=count))
        database.commit()


PLACEMENT_PAGES = {Skill.COUNT_HAND: "/show/", Skill.PEGGING: "/pegging/", Skill.DISCARD: "/discard/",
                   Skill.COUNT_CRIB: "/show/?crib=1", Skill.BEST_CARD: "/pegging/best"}


def test_the_placement_leads_through_its_ten_deals_in_order_then_says_it_is_done(learner, app):
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
    met: Counter[Skill] = Counter()
    for skill in placement.PLACEMENT:
        where = learner.client.get("/progress/placement")
        assert where.status_code == 302 and where.headers["Location"].endswith(PLACEMENT_PAGES[skill]), skill
        met[skill] += 1
        _rated(app, ann, skill, met[skill])
    done = learner.client.get("/progress/placement", follow_redirects=True)
    assert "You are placed" in page_text(done) and "Placement:" not in page_text(done)


def test_a_result_during_the_placement_offers_its_next_deal(learner, app):
    assert "Go on with the placement" in page_text(learner.client.get("/progress/"))
    right = daily.daily_deal(today(app)).show.score().total
    learner.post("/daily/count", {"total": str(right)}, page="/daily/")
    with app.app_context():
        attempt = attempts_of(learners.learner_by_name("Ann").id)[0]
    text = page_text(learner.client.get(f"/show/result/{attempt.id}"))
    assert "Placement: deal 2 of 10" in text and "Next hand" in text


def test_the_daily_deal_and_the_streak_follow_the_apps_clock_across_midnight(learner, app):
    """Answered a second before midnight, the count is that day's; a second after, the page
    deals the next day's and the streak stands at one day, then two once it is answered."""
    evening = datetime(2026, 3, 4, 23, 59, 59)
    app.config["CLOCK"] = FixedClock(evening)
    right = daily.daily_deal(evening.date()).show.score().total
    learner.post("/daily/count", {"total": str(right)}, page="/daily/")
    app.config["CLOCK"] = FixedClock(evening + timedelta(seconds=2))
    text = page_text(learner.client.get("/daily/"))
    assert "Today's deal: Mar 5, 2026" in text and "Streak: 1 day in a row." in text
    assert 'name="total"' in learner.client.get("/daily/").get_data(as_text=True)  # the new day's count is open
    tomorrow = daily.daily_deal(evening.date() + timedelta(days=1)).show.score().total
    learner.post("/daily/count", {"total": str(tomorrow)}, page="/daily/")
    assert "Streak: 2 days in a row." in page_text(learner.client.get("/progress/"))
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        assert set(daily.answered(ann, evening.date())) == {daily.DailyPart.COUNT}
        assert set(daily.answered(ann, evening.date() + timedelta(days=1))) == {daily.DailyPart.COUNT}
