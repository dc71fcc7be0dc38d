"""What a learner reads after answering, in the browser, in English and Russian
(issue 19): an over-count is its own verdict, the difference said in words, what a
wrong total counts against, why a best card and a discard are best, and a trend
chart for each kind of drill."""

from __future__ import annotations

import pytest

from .helpers import sign_in
from .test_accessibility import answer_every_drill

#: The words each language's page says (the badges are upper-cased by the style sheet).
WORDS = {
    "English": {
        "over": "OVER", "missed": "MISSED", "over_claimed": "Points over-claimed: 2", "missed_points": "Points missed: 3",
        "too_few": "You said 13; it is 16: 3 points too few.", "against_runs": "counts against Multiple runs:",
        "against_flush": "counts against Hand flush (claimed where there was none)",
        "too_many": "You said 12; it is 8: 4 points too many.",
        "best": "The best, the", "yours": "Your", "to_the_end": "To the end of the play it nets",
        "keeping": "Keeping", "crib": "crib", "right": "Share of answers right", "best_choices": "Share of best choices",
    },
    "Русский": {
        "over": "ЛИШНЕЕ", "missed": "ПРОПУЩЕНО", "over_claimed": "Лишних очков: 2", "missed_points": "Упущено очков: 3",
        "too_few": "Вы сказали 13, а на деле 16: на 3 очка меньше.",
        "against_runs": "записан в ошибки по типам: Несколько последовательностей.",
        "against_flush": "записан в ошибки по типам: Флеш в руке (заявлен там, где его не было).",
        "too_many": "Вы сказали 12, а на деле 8: на 4 очка больше.",
        "best": "Лучшая —", "yours": "Ваша", "to_the_end": "До конца розыгрыша она даёт в среднем итог",
        "keeping": "Оставленные", "crib": "ясл", "right": "Доля верных ответов", "best_choices": "Доля лучших выборов",
    },
}


@pytest.mark.parametrize("language", list(WORDS))
def test_the_feedback_tells_the_truth_in_words(live_server, page, language):
    said = WORDS[language]
    sign_in(page, live_server)
    with page.expect_navigation():
        page.get_by_role("button", name=language).click()
    (total_right, too_few, trap, category, claims, peg_right, peg_wrong, best_right, best_wrong, discard_right,
     discard_wrong) = answer_every_drill(live_server.app, "Ann")

    page.goto(live_server.url + category)  # Fifteens 10 of 8, Runs 3 of 6
    badges = page.locator(".kind-group h3 .badge").all_inner_texts()
    assert badges[0] == said["over"] and badges[-1] == said["missed"]  # the fifteens first, the runs last
    tally = page.locator(".tally").inner_text()
    assert said["over_claimed"] in tally and said["missed_points"] in tally

    page.goto(live_server.url + too_few)
    assert page.locator("h1").inner_text() == said["too_few"]
    assert said["against_runs"] in page.locator(".attribution").inner_text()

    page.goto(live_server.url + trap)
    assert page.locator("h1").inner_text() == said["too_many"]
    assert said["against_flush"] in page.locator(".attribution").inner_text()

    page.goto(live_server.url + best_wrong)
    why = page.locator(".why p").all_inner_texts()
    assert why[0].startswith(said["best"]) and why[1].startswith(said["yours"])
    assert all(said["to_the_end"] in reading for reading in why[:2])
    page.goto(live_server.url + best_right)
    assert len(page.locator(".why p").all()) in (1, 2) and not page.locator(".why").inner_text().startswith(said["best"])

    page.goto(live_server.url + discard_wrong)
    why = page.locator(".why p").all_inner_texts()
    assert len(why) == 2 and all(said["keeping"] in reading and said["crib"] in reading for reading in why)

    page.goto(live_server.url + "/review/")
    titles = page.locator("svg.trend > title").all_text_contents()
    assert len(titles) == 4  # one chart a kind of drill
    assert said["right"] in titles[0] and said["right"] in titles[1]
    assert said["best_choices"] in titles[2] and said["best_choices"] in titles[3]
    dots = [page.locator("svg.trend").nth(i).locator("circle > title").all_text_contents() for i in range(4)]
    assert [len(d) for d in dots] == [1, 1, 1, 1]
    assert all(d[0].startswith("1-") for d in dots)  # each kind's blocks numbered among its own answers
