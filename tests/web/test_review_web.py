"""The review page and retrying a mistake."""

from __future__ import annotations

import pytest

from trainer import record

from .helpers import page_text
from .test_show import open_deal


def test_an_empty_review(learner):
    text = page_text(learner.client.get("/review/"))
    assert "Nothing to review yet" in text


def test_review_after_some_hands(app, learner):
    right = open_deal(app, learner, "4C 5D 6H KC", "5S", mode="category")
    learner.post(right, {"fifteen": "8", "pair": "2", "run": "6"}, page=right)
    wrong = open_deal(app, learner, "5H 5D 5S JC", "5C", mode="category")
    learner.post(wrong, {"fifteen": "16", "pair": "6", "nobs": "1"}, page=wrong)
    response = learner.client.get("/review/")
    html = response.get_data(as_text=True)
    text = page_text(response)
    assert "2 answers, 50% right, 6 points missed" in text
    svg = html.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert "<polyline" in svg or "<circle" in svg
    assert 'href="http' not in svg and "<script" not in svg  # nothing from the network, no script
    assert "Pair royal 1 0% 6" in text
    assert "Multiple runs 1 100% 0" in text
    assert "Recent mistakes" in text and "you said 23, it is 29" in text


def test_retry_a_mistake(app, learner):
    wrong = open_deal(app, learner, "5H 5D 5S JC", "5C")
    learner.post(wrong, {"total": "20"}, page=wrong)
    with app.app_context():
        mistake = record.recent_mistakes(record.learner_by_name("Ann").id)[0]
    response = learner.post(f"/review/retry/{mistake.id}", page="/review/")
    location = response.headers["Location"]
    assert location.startswith("/show/")
    learner.post(location, {"total": "29"}, page=location)
    with app.app_context():
        latest = record.history(record.learner_by_name("Ann").id, limit=1)[0]
    assert latest.retry_of == mistake.id and latest.correct


def test_retry_someone_elses_or_a_missing_attempt(app, learner):
    wrong = open_deal(app, learner, "5H 5D 5S JC", "5C")
    learner.post(wrong, {"total": "20"}, page=wrong)
    with app.app_context():
        mistake = record.recent_mistakes(record.learner_by_name("Ann").id)[0]
    learner.new("Bob")
    for attempt_id in (mistake.id, 9999):
        response = learner.post(f"/review/retry/{attempt_id}", follow_redirects=True)
        assert "There is no such mistake of yours to retry." in page_text(response)


def test_retry_needs_a_real_form(app, learner):
    response = learner.client.post("/review/retry/1", follow_redirects=True)
    assert "did not come from this page" in page_text(response)


def test_a_record_in_another_shape_is_listed_but_not_retried(app, learner):
    with app.app_context():
        ann = record.learner_by_name("Ann")
        attempt_id = record.record_attempt(
            ann.id, record.DrillKind.SHOW, dealt={"deal": {"hand": "not cards"}}, answer={"total": 1}, results=(),
            points_expected=2, points_answered=1, points_missed=1, correct=False, mode="total",
        )
    text = page_text(learner.client.get("/review/"))
    assert "Recent mistakes" in text and "Retry" not in text
    response = learner.post(f"/review/retry/{attempt_id}", follow_redirects=True)
    assert "That one cannot be dealt again." in page_text(response)
    app.config["REVIEW_SPACING"] = 0
    assert learner.client.get("/show/").status_code == 302  # a new hand, not the broken one


def test_a_show_attempt_recorded_without_options_can_be_retried(app, learner):
    with app.app_context():
        ann = record.learner_by_name("Ann")
        attempt_id = record.record_attempt(
            ann.id, record.DrillKind.SHOW, dealt={"deal": {"hand": "4C 5D 6H KC", "starter": "5S"}},
            answer={"total": 1}, results=(), points_expected=16, points_answered=1, points_missed=15, correct=False,
        )
    location = learner.post(f"/review/retry/{attempt_id}").headers["Location"]
    response = learner.post(location, {"total": "16"}, page=location, follow_redirects=True)
    assert "Right: 16." in page_text(response)


@pytest.mark.parametrize(
    "kind, url",
    [
        (record.DrillKind.SHOW, "/show/result/{}"),
        (record.DrillKind.PEGGING, "/pegging/result/{}"),
        (record.DrillKind.BEST_PLAY, "/pegging/best/result/{}"),
        (record.DrillKind.DISCARD, "/discard/result/{}"),
    ],
)
def test_result_pages_of_attempts_in_another_shape(app, learner, kind, url):
    with app.app_context():
        ann = record.learner_by_name("Ann")
        attempt_id = record.record_attempt(
            ann.id, kind, dealt={"something": "else"}, answer={}, results=(),
            points_expected=0, points_answered=0, points_missed=0, correct=False,
        )
    response = learner.client.get(url.format(attempt_id), follow_redirects=True)
    assert response.status_code == 200
    assert "recorded in a form this page cannot show" in page_text(response)


def test_review_by_drill(app, learner):
    with app.app_context():
        ann = record.learner_by_name("Ann")
        for given_away, correct in ((1.5, False), (0.0, True)):
            record.record_attempt(
                ann.id, record.DrillKind.DISCARD, dealt={"deal": {"cards": "5H 5D JS 4C 6D KS", "dealer": True}},
                answer={"discard": "JS KS", "given_away": given_away}, results=(), points_expected=0,
                points_answered=0, points_missed=round(given_away), correct=correct,
            )
    text = page_text(learner.client.get("/review/"))
    assert "By drill" in text and "Discards 2 50% 0.75 a deal" in text
    assert "Counting hands" not in text  # no hands counted yet
