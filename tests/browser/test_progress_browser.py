"""The daily deal and the progress page in Chromium at phone width (390 px), in
English and in Russian: the three parts answered as a learner would, then the
ratings, their chart and the week's table shown, each page passing axe-core
with nothing wider than the screen.  Layout does not depend on the database:
SQLite only."""

from __future__ import annotations

import re

import pytest

from .helpers import shoot, sign_in
from .test_accessibility import audit, overflow


def answer_the_daily_deal(page, server) -> None:
    page.goto(server.url + "/daily/")
    page.get_by_label("Your total").fill("3")
    with page.expect_navigation():
        page.get_by_label("Your total").press("Enter")
    page.locator("#count").fill("10")
    page.locator("#points").fill("0")
    with page.expect_navigation():
        page.locator("form[action$='/daily/pegging'] button[type=submit]").click()
    page.locator("form[action$='/daily/discard'] input[name=card]").nth(0).check()
    page.locator("form[action$='/daily/discard'] input[name=card]").nth(1).check()
    with page.expect_navigation():
        page.locator("form[action$='/daily/discard'] button[type=submit]").click()


def check_page(page) -> list[str]:
    problems = audit(page)
    wide = overflow(page)
    return problems + ([wide] if wide else [])


def test_the_daily_deal_and_the_progress_page_at_phone_width_in_both_languages(live_server, page):
    if "sqlite" not in str(live_server.app.config["SQLALCHEMY_DATABASE_URI"]):
        pytest.skip("layout does not depend on the database")
    sign_in(page, live_server)
    answer_the_daily_deal(page, live_server)
    assert page.locator("main form[action$='/daily/count']").count() == 0  # each part answered once
    assert page.locator("main .verdict").count() == 3
    problems = check_page(page)
    shoot(page, "daily-en")

    page.goto(live_server.url + "/progress/")
    assert page.get_by_role("heading", name="Your progress").is_visible()
    assert page.get_by_text(re.compile(r"Streak: 1 day in a row")).is_visible()
    assert page.locator("svg.rating-chart").count() >= 2  # a count and a discard at least, each rated
    assert page.get_by_role("region", name="By week").is_visible()
    problems += check_page(page)
    shoot(page, "progress-en")

    with page.expect_navigation():
        page.locator("footer button[lang=ru]").click()
    assert page.get_by_role("heading", name="Ваши успехи").is_visible()
    assert page.get_by_text(re.compile(r"Серия: 1 день подряд")).is_visible()
    assert page.get_by_text("Подсчёт руки").or_(page.get_by_text("Подсчёт яслей")).first.is_visible()
    problems += check_page(page)
    shoot(page, "progress-ru")
    page.goto(live_server.url + "/daily/")
    assert page.get_by_role("heading", name=re.compile("Раздача дня")).is_visible()
    problems += check_page(page)
    shoot(page, "daily-ru")
    assert not problems, "\n".join(problems)
