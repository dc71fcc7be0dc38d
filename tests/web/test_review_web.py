"""The review page and retrying a mistake."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest

from trainer import database
from trainer.record import attempts, history, learners

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
    # The one rule a wrong total counts by is stated where the combo types are listed.
    assert "A wrong total: too low, it counts against the combo types that could make up the difference" in text


def test_retry_a_mistake(app, learner):
    wrong = open_deal(app, learner, "5H 5D 5S JC", "5C")
    learner.post(wrong, {"total": "20"}, page=wrong)
    with app.app_context():
        mistake = history.recent_mistakes(learners.learner_by_name("Ann").id)[0]
    response = learner.post(f"/review/retry/{mistake.id}", page="/review/")
    location = response.headers["Location"]
    assert location.startswith("/show/")
    learner.post(location, {"total": "29"}, page=location)
    with app.app_context():
        latest = history.history(learners.learner_by_name("Ann").id, limit=1)[0]
    assert latest.retry_of == mistake.id and latest.correct


def test_retry_someone_elses_or_a_missing_attempt(app, learner):
    wrong = open_deal(app, learner, "5H 5D 5S JC", "5C")
    learner.post(wrong, {"total": "20"}, page=wrong)
    with app.app_context():
        mistake = history.recent_mistakes(learners.learner_by_name("Ann").id)[0]
    learner.new("Bob")
    for attempt_id in (mistake.id, 9999):
        response = learner.post(f"/review/retry/{attempt_id}", follow_redirects=True)
        assert "There is no such mistake of yours to retry." in page_text(response)


def test_retry_needs_a_real_form(app, learner):
    response = learner.client.post("/review/retry/1", follow_redirects=True)
    assert "did not come from this page" in page_text(response)


def test_a_record_in_another_shape_is_listed_but_not_retried(app, learner):
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        attempt_id = attempts.record_attempt(
            ann.id, attempts.DrillKind.SHOW, dealt={"deal": {"hand": "not cards"}}, answer={"total": 1}, results=(),
            points_expected=2, points_answered=1, points_missed=1, correct=False, mode="total",
        )
        database.commit()
    text = page_text(learner.client.get("/review/"))
    assert "Recent mistakes" in text and "Retry" not in text
    response = learner.post(f"/review/retry/{attempt_id}", follow_redirects=True)
    assert "That one cannot be dealt again." in page_text(response)
    app.config["REVIEW_SPACING"] = 0
    assert learner.client.get("/show/").status_code == 302  # a new hand, not the broken one


def test_a_show_attempt_recorded_without_options_can_be_retried(app, learner):
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        attempt_id = attempts.record_attempt(
            ann.id, attempts.DrillKind.SHOW, dealt={"deal": {"hand": "4C 5D 6H KC", "starter": "5S"}},
            answer={"total": 1}, results=(), points_expected=16, points_answered=1, points_missed=15, correct=False,
        )
        database.commit()
    location = learner.post(f"/review/retry/{attempt_id}").headers["Location"]
    response = learner.post(location, {"total": "16"}, page=location, follow_redirects=True)
    assert "Right: 16." in page_text(response)


@pytest.mark.parametrize(
    "kind, url",
    [
        (attempts.DrillKind.SHOW, "/show/result/{}"),
        (attempts.DrillKind.PEGGING, "/pegging/result/{}"),
        (attempts.DrillKind.BEST_PLAY, "/pegging/best/result/{}"),
        (attempts.DrillKind.DISCARD, "/discard/result/{}"),
    ],
)
def test_result_pages_of_attempts_in_another_shape(app, learner, kind, url):
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        attempt_id = attempts.record_attempt(
            ann.id, kind, dealt={"something": "else"}, answer={}, results=(),
            points_expected=0, points_answered=0, points_missed=0, correct=False,
        )
        database.commit()
    response = learner.client.get(url.format(attempt_id), follow_redirects=True)
    assert response.status_code == 200
    assert "recorded in a form this page cannot show" in page_text(response)


def test_review_by_drill(app, learner):
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        for given_away, correct in ((1.5, False), (0.0, True)):
            attempts.record_attempt(
                ann.id, attempts.DrillKind.DISCARD, dealt={"deal": {"cards": "5H 5D JS 4C 6D KS", "dealer": True}},
                answer={"discard": "JS KS", "given_away": given_away}, results=(), points_expected=0,
                points_answered=0, points_missed=round(given_away), correct=correct,
            )
        database.commit()
    text = page_text(learner.client.get("/review/"))
    assert "By drill" in text and "Discards 2 50% 0.75 a deal" in text
    assert "Counting hands" not in text  # no hands counted yet


def test_each_kind_of_drill_has_a_trend_chart_of_its_own(app, learner):
    """The issue's case: a best card not the best counted as plain wrong in one
    line through every drill, so its last stretch fell to 0%."""
    record_some(app, "Ann", [True] * 12)
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        attempts.record_attempts(ann.id, [
            attempts.NewAttempt(attempts.DrillKind.BEST_PLAY, {"question": {}}, {"card": "5H", "given_away": 0.4}, (),
                                0, 0, 0, False, "best card", created_at=datetime(2026, 3, 1, 10, i))
            for i in range(3)
        ])
        database.commit()
    html = learner.client.get("/review/").get_data(as_text=True)
    charts = re.findall(r'<svg[^>]*class="trend".*?</svg>', html, re.S)
    titles = [re.search(r"<title id=[^>]*>(.*?)</title>", chart).group(1) for chart in charts]
    assert titles == ["Counting hands: Share of answers right, by ten answers",
                      "Best card: Share of best choices, by ten answers"]
    dots = [re.findall(r"<circle[^>]*><title>(.*?)</title>", chart) for chart in charts]
    assert dots == [["1-10: 100% of 10", "11-12: 100% of 2"], ["1-3: 0% of 3"]]


def test_a_kind_practised_on_two_days_is_charted_by_day(app, learner):
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        attempts.record_attempts(ann.id, [
            attempts.NewAttempt(attempts.DrillKind.PEGGING, {"moment": {}}, {"points": 2, "count": 15}, (), 2, 2, 0,
                                day == 2, "points", created_at=datetime(2026, 3, day, 10, 0))
            for day in (1, 2)
        ])
        database.commit()
    html = learner.client.get("/review/").get_data(as_text=True)
    assert "Pegging points: Share of answers right, by day</title>" in html
    assert "1 Mar: 0% of 1" in html and "2 Mar: 100% of 1" in html


def record_some(app, name: str, outcomes) -> list[int]:
    """Record show attempts for ``name``, one a minute, right or wrong as ``outcomes`` say."""
    with app.app_context():
        learner_id = learners.learner_by_name(name).id
        start = datetime(2026, 3, 1, 9, 0)
        ids = attempts.record_attempts(learner_id, [
            attempts.NewAttempt(
                attempts.DrillKind.SHOW, {"deal": {"hand": "4C 5D 6H KC", "starter": "5S", "crib": False}},
                {"total": 16 if right else 12}, (), 16, 16 if right else 12, 0 if right else 4, right, "total",
                created_at=start + timedelta(minutes=i),
            )
            for i, right in enumerate(outcomes)
        ])
        database.commit()
    return ids


def test_the_whole_history_a_page_at_a_time(app, learner):
    ids = record_some(app, "Ann", [i % 3 != 0 for i in range(120)])  # every third one missed
    review = learner.client.get("/review/").get_data(as_text=True)
    assert 'href="/review/history"' in review
    first = learner.client.get("/review/history")
    text = page_text(first)
    assert "All 120 answers, newest first." in text and "Newer" not in text
    html = first.get_data(as_text=True)
    assert html.count('class="item-name"') == 50
    assert f"/show/result/{ids[-1]}" in html and f"/show/result/{ids[69]}" not in html  # newest first
    assert html.count("/review/retry/") == len([i for i in range(70, 120) if i % 3 == 0])
    assert f'href="/review/history?before={ids[70]}"' in html
    pagers = re.findall(r'<nav class="pager" aria-label="([^"]+)"', html)
    assert pagers == ["Pages of your history", "Pages of your history, below the list"]  # two landmarks named apart
    second = learner.client.get(f"/review/history?before={ids[70]}").get_data(as_text=True)
    assert f'href="/review/history?after={ids[69]}"' in second and f'href="/review/history?before={ids[20]}"' in second
    last = learner.client.get(f"/review/history?before={ids[20]}").get_data(as_text=True)
    assert f"/show/result/{ids[0]}" in last and last.count('class="item-name"') == 20 and "Older" not in last
    back = learner.client.get(f"/review/history?after={ids[20]}").get_data(as_text=True)
    assert back.count('class="item-name"') == 50 and f"/show/result/{ids[69]}" in back
    retry = learner.post(f"/review/retry/{ids[0]}", page="/review/history")
    assert retry.headers["Location"].startswith("/show/")


def test_the_history_of_one_answer_reads_as_one(app, learner):
    record_some(app, "Ann", [False])
    response = learner.client.get("/review/history")
    text = page_text(response)
    assert "Your one answer so far." in text and "1 answers" not in text
    assert 'class="pager"' not in response.get_data(as_text=True)  # one page: nothing to page through
    assert "you said 12, it is 16 wrong" in text  # not "missed": a wrong answer may be too many


@pytest.mark.parametrize("query", ["before=0", "before=99999", "after=-1", "before=x", "after=1.5", "before=" + "9" * 20,
                                   f"before={2**31}", f"after={2**63}"])
def test_a_page_that_is_not_there(app, learner, query):
    record_some(app, "Ann", [True] * 120)
    assert learner.client.get(f"/review/history?{query}").status_code == 404


def test_an_empty_history(learner):
    text = page_text(learner.client.get("/review/history"))
    assert "Nothing answered yet." in text


def test_the_history_is_only_the_learners_own(app, learner):
    ids = record_some(app, "Ann", [False])
    learner.new("Bob")
    html = learner.client.get("/review/history").get_data(as_text=True)
    assert f"/review/retry/{ids[0]}" not in html and "Nothing answered yet." in page_text(learner.client.get("/review/history"))


ID_ROUTES = [
    ("get", "/show/result/{}"),
    ("get", "/pegging/result/{}"),
    ("get", "/pegging/best/result/{}"),
    ("get", "/discard/result/{}"),
    ("post", "/review/retry/{}"),
    ("get", "/play/{}"),
    ("post", "/play/{}"),
    ("get", "/play/{}/results"),
    ("get", "/play/{}/review"),
    ("post", "/play/{}/next"),
    ("get", "/solitaire/{}"),
    ("post", "/solitaire/{}"),
]


@pytest.mark.slow
@pytest.mark.parametrize("method, route", ID_ROUTES)
@pytest.mark.parametrize("row_id", [2**31, 2**31 + 5, 2**63, 2**64, 0])
def test_ids_out_of_an_integer_range_are_not_found(learner, method, route, row_id):
    """An id no INTEGER column holds is a 404, never a database error (PostgreSQL: "integer out of range")."""
    url = route.format(row_id)
    response = learner.post(url, {"version": "0", "action": "continue"}) if method == "post" else learner.client.get(url)
    assert response.status_code == 404


@pytest.mark.parametrize("method, route", ID_ROUTES)
def test_the_largest_id_is_looked_up_and_not_found(learner, method, route):
    url = route.format(2**31 - 1)
    response = learner.post(url, {"version": "0"}) if method == "post" else learner.client.get(url)
    assert response.status_code in (302, 404)
