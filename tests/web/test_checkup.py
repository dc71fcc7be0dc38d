"""The weekly check-up through the Flask client, on both databases: offered once a
week by the app's clock, taken through every deal, scored as the mean points left
(by trainer.checkup.scoring), kept across a reload, each deal counted once, never
rated, and bad input a message, not an error."""

from __future__ import annotations

import re
from datetime import timedelta
from statistics import fmean

import pytest
from sqlalchemy import func, select

from tests.databases import TEST_NOW, FixedClock
from trainer.checkup import service
from trainer.checkup.bank import checkup_set
from trainer.checkup.models import CheckupAnswerRow
from trainer.checkup.scoring import points_left, truth
from trainer.database import db
from trainer.drills.answers import BestCard, LaidAway, PegPoints, Total
from trainer.drills.deal import DiscardDeal, PeggingMoment, ShowDeal
from trainer.rating.models import DealRating, LearnerRating, ReviewCard
from trainer.record import learners
from trainer.record.models import Attempt

from .helpers import page_text

FIRST = checkup_set(0)


def right_form(item) -> dict:
    """The form a right answer to a bank deal posts."""
    found = truth(item)
    match item.deal:
        case ShowDeal():
            return {"total": str(found.total)}
        case PeggingMoment():
            return {"count": str(item.deal.play().count), "points": str(found.total)}
        case DiscardDeal():
            return {"card": [str(c) for c in found.best.cards]}
    return {"card": str(found.best.cards[0])}


def wrong(item) -> tuple[dict, object]:
    """A wrong answer's form and the answer value it reads as."""
    found = truth(item)
    match item.deal:
        case ShowDeal():
            return {"total": str(found.total + 2)}, Total(found.total + 2)
        case PeggingMoment():
            count = item.deal.play().count
            return {"count": str(count), "points": str(found.total + 1)}, PegPoints(found.total + 1, count)
        case DiscardDeal():
            worst = found.choices[-1].cards
            return {"card": [str(c) for c in worst]}, LaidAway(worst)
    worst = found.choices[-1].cards[0]
    return {"card": str(worst)}, BestCard(worst)


def start(learner) -> str:
    """Start the learner's check-up; its address."""
    response = learner.post("/checkup/start", page="/checkup/")
    assert response.status_code == 302
    location = response.headers["Location"]
    assert re.fullmatch(r"/checkup/\d+", location), location
    return location


def answer(learner, location: str, position: int, form: dict):
    return learner.post(f"{location}/{position}", form, page=location)


def take(learner, forms: list[dict]) -> str:
    """Take a whole check-up with these forms; the result page's address."""
    location = start(learner)
    for position, form in enumerate(forms):
        assert answer(learner, location, position, form).status_code == 302
    return location


def ann_id(app) -> int:
    with app.app_context():
        return learners.learner_by_name("Ann").id


def test_the_home_page_offers_a_checkup_once_a_week(app, learner):
    home = page_text(learner.client.get("/"))
    assert "Your weekly check-up: ten unseen deals, about five minutes." in home and "Take it" in home
    take(learner, [right_form(item) for item in FIRST])
    home = page_text(learner.client.get("/"))
    assert "Your weekly check-up" not in home
    assert "Last check-up: 0.0 points left per deal, today." in home
    app.config["CLOCK"] = FixedClock(TEST_NOW + timedelta(days=3))
    assert "Last check-up: 0.0 points left per deal, 3 days ago." in page_text(learner.client.get("/"))
    refused = learner.post("/checkup/start", page="/checkup/", follow_redirects=True)
    assert "check-up already: the next one is ready a week after it" in page_text(refused)
    assert "The next one is ready on Mar 11, 2026." in page_text(learner.client.get("/checkup/"))
    app.config["CLOCK"] = FixedClock(TEST_NOW + timedelta(days=7))
    assert "Your weekly check-up: ten unseen deals" in page_text(learner.client.get("/"))
    second = start(learner)
    text = page_text(learner.client.get(second))
    assert "Check-up: deal 1 of 10" in text
    with app.app_context():
        assert service.open_checkup(ann_id(app)).number == 1  # the next of the bank's sets


def test_a_checkup_taken_through_every_deal_scores_the_mean_points_left(app, learner):
    location = start(learner)
    expected = []
    for position, item in enumerate(FIRST):
        page = page_text(learner.client.get(location))
        assert f"Check-up: deal {position + 1} of 10" in page
        assert "Right" not in page and "Hint" not in page  # no verdict, no hint on the way
        if position % 2:
            form, value = wrong(item)
        else:
            form, value = right_form(item), None
        expected.append(0.0 if value is None else points_left(item, value))
        answer(learner, location, position, form)
    assert sum(expected) > 0
    result = page_text(learner.client.get(location))
    score = fmean(expected)
    assert f"Your check-up: {score:.1f} points left per deal" in result
    assert result.count("Points left:") == 10 and "Deal 10: Counting a hand" in result
    with app.app_context():
        (done,) = service.history(ann_id(app))
        assert done.score == pytest.approx(score)
    assert f"{score:.1f}" in page_text(learner.client.get("/progress/"))


def test_a_reload_keeps_the_answers_given(app, learner):
    location = start(learner)
    for position in range(3):
        answer(learner, location, position, right_form(FIRST[position]))
    assert "Check-up: deal 4 of 10" in page_text(learner.client.get(location))
    assert start(learner) == location  # starting again goes back to the one under way
    home = page_text(learner.client.get("/"))
    assert "Your check-up is under way: deal 4 of 10 is next." in home


def test_a_deal_answered_twice_counts_once(app, learner):
    location = start(learner)
    answer(learner, location, 0, right_form(FIRST[0]))
    again, _ = wrong(FIRST[0])
    twice = answer(learner, location, 0, again)
    assert "answered already: the first answer counts" in page_text(learner.client.get(twice.headers["Location"]))
    with app.app_context():
        checkup = service.open_checkup(ann_id(app))
        assert [(a.position, a.points_left) for a in checkup.answers] == [(0, 0.0)]


def test_a_checkup_is_never_rated_nor_recorded(app, learner):
    take(learner, [wrong(item)[0] for item in FIRST])
    with app.app_context():
        for model in (Attempt, LearnerRating, DealRating, ReviewCard):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0, model


@pytest.mark.parametrize("position, form, message", [
    (0, {"total": "twelve"}, "Type your total as a number, like 12."),
    (0, {"total": ""}, "Type your total as a number, like 12."),
    (1, {"count": "x", "points": "2"}, "Type the count as a number, like 12."),
    (2, {"card": ["AH", "2H"]}, "Pick exactly two of your six cards for the crib."),
    (2, {"card": ["nonsense", "QQ"]}, "Pick exactly two of your six cards for the crib."),
    (4, {"card": "KS"}, "Pick one of your cards that can be played"),
])
def test_bad_input_is_a_message_and_changes_nothing(app, learner, position, form, message):
    location = start(learner)
    for earlier in range(position):
        answer(learner, location, earlier, right_form(FIRST[earlier]))
    if position == 4:  # the best card: a card not in the hand
        assert "KS" not in {str(c) for c in FIRST[4].deal.hand}
    response = answer(learner, location, position, form)
    assert response.status_code == 302
    assert message in page_text(learner.client.get(response.headers["Location"]))
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(CheckupAnswerRow)) == position


def test_an_answer_to_a_deal_out_of_range_or_to_someone_elses_checkup_is_refused(app, learner):
    location = start(learner)
    assert answer(learner, location, 10, {"total": "4"}).status_code == 302
    assert answer(learner, location, -1, {"total": "4"}).status_code == 404  # no such address
    learner.new("Bob")
    assert learner.client.get(location).status_code == 404
    assert answer(learner, location, 0, right_form(FIRST[0])).status_code == 404
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(CheckupAnswerRow)) == 0


def test_the_progress_page_lists_the_checkups_and_draws_them_from_the_second(app, learner):
    assert "No check-up yet." in page_text(learner.client.get("/progress/"))
    take(learner, [right_form(item) for item in FIRST])
    progress = learner.client.get("/progress/")
    assert "Check-ups" in page_text(progress) and "Mar 4, 2026 0.0" in page_text(progress)
    assert "checkup-chart" not in progress.get_data(as_text=True)  # one point is no line
    app.config["CLOCK"] = FixedClock(TEST_NOW + timedelta(days=8))
    take(learner, [wrong(item)[0] for item in checkup_set(1)])
    html = learner.client.get("/progress/").get_data(as_text=True)
    assert html.count('class="dot"><title>') == 2 and "4 Mar: 0.0" in html and "checkup-chart" in html


def test_the_checkup_speaks_russian(app, learner):
    learner.post("/language", {"language": "ru"})
    assert "Ваша еженедельная проверка: десять новых раздач, минут пять." in page_text(learner.client.get("/"))
    location = start(learner)
    assert "Проверка: раздача 1 из 10" in page_text(learner.client.get(location))
    bad = answer(learner, location, 0, {"total": "много"})
    assert "Type your total" not in page_text(learner.client.get(bad.headers["Location"]))
    for position, item in enumerate(FIRST):
        answer(learner, location, position, right_form(item))
    result = page_text(learner.client.get(location))
    assert "Ваша проверка: упущено 0,0 очка за раздачу" in result and "Упущено: 0" in result
