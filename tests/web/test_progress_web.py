"""The progress page and the daily deal through the Flask client: both
languages, bad input as a message, each part answered once, the table only in
server mode, and the progress read from aggregates, never the history."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from sqlalchemy import event, select

from tests.databases import FixedClock
from trainer import database
from trainer.database import db
from trainer.drills import grading
from trainer.drills.answers import ShowOptions, Total
from trainer.drills.checking import AnswerMode
from trainer.drills.deal import ShowDeal, deal_show
from trainer.rating import answers, daily, placement, progress, skills
from trainer.rating.models import LearnerRating, ProgressWeek
from trainer.rating.skills import Skill
from trainer.record import attempts, history, learners, pending_drills
from trainer.record.attempts import DrillKind
from trainer.record.models import Attempt
from trainer.web import progress as progress_web

from .conftest import LearnerActions
from .helpers import page_text, time_passes


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


# ---------------------------------------------------------------- issue 27


def _open_count(app, learner, hand: str, starter: str, timed: bool = False) -> str:
    """A count drill with known cards, as the dealer opens one (no focus chosen)."""
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        deal = ShowDeal.from_dict({"hand": hand, "starter": starter, "crib": False})
        options = ShowOptions(AnswerMode.TOTAL, timed=timed)
        drill = pending_drills.open_drill(ann.id, DrillKind.SHOW,
                                          {"deal": deal.to_dict(), "options": options.to_dict(), "claims": []})
        database.commit()
    return "/show/" + drill


def _week_table(response) -> str:
    return page_text(response).split("By week", 1)[1]


def test_a_total_counted_too_high_shows_on_its_own_line_under_the_skill(app, learner):
    """A total too high counts against no combo type, so the skill's 0% beside its types' 100%
    is explained on a line of its own: "Counted too high", 1 of 1 answer."""
    drill = _open_count(app, learner, "4C 5D 6H KC", "5S")  # 16
    learner.post(drill, {"total": "20"}, page=drill)
    table = _week_table(learner.client.get("/progress/"))
    assert "Counting a hand 0% 1 answer" in table
    assert "Counted too high 100% 1 of 1 answer" in table
    assert "Multiple runs 100%" in table
    assert "counts against no combo type" in table
    with app.app_context():
        _, lines = progress.week_lines(learners.learner_by_name("Ann").id, clock_now(app).date() - timedelta(weeks=1))
    hand = next(line for line in lines if line.combo_type is None)
    assert [(c.seen, c.right, c.too_high) for c in hand.cells] == [(1, 0, 1)]


def test_a_right_count_has_no_counted_too_high_line(app, learner):
    drill = _open_count(app, learner, "4C 5D 6H KC", "5S")
    learner.post(drill, {"total": "16"}, page=drill)
    drill = _open_count(app, learner, "5H 5D 5S JC", "5C")
    learner.post(drill, {"total": "20"}, page=drill)  # too low: on the combo types, not on the line
    text = _week_table(learner.client.get("/progress/"))
    assert "Counted too high" not in text and "counts against no combo type" not in text


def test_the_counted_too_high_line_in_russian(app, learner):
    drill = _open_count(app, learner, "4C 5D 6H KC", "5S")
    learner.post(drill, {"total": "20"}, page=drill)
    learner.post("/language", {"language": "ru", "next": "/progress/"})
    text = page_text(learner.client.get("/progress/"))
    assert "Насчитано больше 100\u00a0% 1 из 1 ответа" in text or "Насчитано больше 100 % 1 из 1 ответа" in text


def test_what_is_due_links_to_the_drill_that_deals_it(app, learner):
    drill = _open_count(app, learner, "5H 5D 5S JC", "5C")
    learner.post(drill, {"total": "20"}, page=drill)
    time_passes(app, "Ann", 11)
    app.config["CLOCK"] = FixedClock(database.utcnow())  # the page's clock, the one the cards were due by
    html = learner.client.get("/progress/").get_data(as_text=True)
    link = re.search(r'href="([^"]+)" data-testid="due-show">([^<]+)<', html)
    assert link and link.group(2) == "1 deal to count"
    dealt = learner.client.get(link.group(1))
    assert dealt.status_code == 302
    text = page_text(learner.client.get(dealt.headers["Location"]))
    assert "A hand you missed earlier is back" in text
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        missed = history.history(ann, limit=1)[0]
        dealt_again = pending_drills.pending_drill(dealt.headers["Location"].rsplit("/", 1)[1], ann, DrillKind.SHOW)
    assert dealt_again.retry_of == missed.id and dealt_again.payload["deal"] == missed.dealt["deal"]


def test_every_due_kind_links_to_a_drill_that_reviews_it(app, learner):
    with app.test_request_context():
        links = progress_web.due_links({kind: 1 for kind in progress_web.DUE_DRILLS})
    assert [link.url for link in links] == ["/show/", "/pegging/", "/discard/", "/pegging/best"]


def test_an_untimed_answer_records_its_time_and_the_week_shows_its_median(app, learner):
    drill = _open_count(app, learner, "4C 5D 6H KC", "5S")
    learner.post(drill, {"total": "16"}, page=drill)
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        attempt = history.history(ann, limit=1)[0]
        buckets = {row.bucket for row in db.session.scalars(select(ProgressWeek).where(ProgressWeek.learner_id == ann))}
        elapsed = db.session.scalar(select(Attempt.elapsed).where(Attempt.id == attempt.id))
    assert attempt.seconds is None  # untimed: no speed for the ratings
    assert elapsed is not None and elapsed >= 0  # but its time is kept
    assert progress.UNTIMED not in buckets
    table = _week_table(learner.client.get("/progress/"))
    assert re.search(r"Counting a hand 100% 1 answer, \d+\.\d s", table)


def test_an_untimed_answer_is_rated_without_speed(app, learner):
    """The time from dealing is kept for every answer, but only a timed count's
    seconds earn the speed bonus or cut: an untimed right answer scores 1, weight 1."""
    drill = _open_count(app, learner, "4C 5D 6H KC", "5S")
    learner.post(drill, {"total": "16"}, page=drill)
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        info = history.history(ann, limit=1)[0]
    deal = ShowDeal.from_dict(info.dealt["deal"])
    attempt = grading.grade_show(deal, grading.total_options(False), Total(16)).attempt
    result = skills.result_of(replace(attempt, elapsed=500.0))
    assert (result.score, result.weight, result.grade.name) == (1.0, 1.0, "Good")


def test_a_newcomers_home_offers_the_placement(learner):
    html = learner.client.get("/").get_data(as_text=True)
    text = page_text(learner.client.get("/"))
    assert "Ten deals to find your level" in text and "Start the placement" in text
    assert 'href="/progress/placement"' in html.split('data-testid="placement-offer"', 1)[1]


def test_a_placed_learners_home_offers_no_placement(learner, app):
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
    for skill, n in placement.PLACEMENT_COUNTS.items():
        _rated(app, ann, skill, n)
    assert "placement-offer" not in learner.client.get("/").get_data(as_text=True)


def test_a_learner_part_way_through_is_offered_to_go_on(learner, app):
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
    _rated(app, ann, Skill.COUNT_HAND, 1)
    learner.post("/language", {"language": "ru", "next": "/"})
    text = page_text(learner.client.get("/"))
    assert "Пробный круг: отвечено раздач — 1 из 10." in text and "Продолжить пробный круг" in text


def _placement_page(learner):
    """Follow the placement to its next deal's page: the page's text."""
    drill = learner.client.get(learner.client.get("/progress/placement").headers["Location"])
    assert drill.status_code == 302
    return drill.headers["Location"], page_text(learner.client.get(drill.headers["Location"]))


def test_the_drill_page_says_which_placement_deal_it_is(learner, app):
    location, text = _placement_page(learner)
    assert location.startswith("/show/") and "Placement: deal 1 of 10" in text
    learner.post(location, {"total": "0"}, page=location)
    location, text = _placement_page(learner)
    assert location.startswith("/pegging/") and "Placement: deal 2 of 10" in text


def test_a_drill_page_says_nothing_of_the_placement_once_placed_or_for_a_skill_placed(learner, app):
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
    _rated(app, ann, Skill.BEST_CARD, 1)  # the best card's one placement deal is done
    best = learner.client.get(learner.client.get("/pegging/best").headers["Location"])
    assert "Placement:" not in page_text(best)
    assert "Placement: deal 2 of 10" in page_text(learner.client.get(learner.client.get("/show/").headers["Location"]))
    for skill, n in placement.PLACEMENT_COUNTS.items():
        _rated(app, ann, skill, n)
    assert "Placement:" not in page_text(learner.client.get(learner.client.get("/show/").headers["Location"]))
