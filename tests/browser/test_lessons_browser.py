"""A learner reads a lesson in a real browser and does its exercises.

The answers typed are the engine's (from the lesson's own directives), so the
test follows the content if a lesson changes.
"""

from __future__ import annotations

from trainer.lessons.checks import best_throws
from trainer.lessons.course import DirectiveKind, get_lesson

from .helpers import sign_in


def test_a_learner_reads_a_lesson_and_counts_its_first_exercise(live_server, page):
    lesson = get_lesson("fifteens")
    exercise = lesson.exercises[0]
    assert exercise.kind is DirectiveKind.HAND
    sign_in(page, live_server)

    page.goto(live_server.url + "/lessons/")
    page.get_by_role("link", name=f"{lesson.order}. {lesson.title}").click()
    page.wait_for_url(f"**/lessons/{lesson.slug}")
    assert page.locator("h1").inner_text() == lesson.title
    # the first example is drawn in suit colours with the engine's total
    first_example = page.locator(".example").first
    assert first_example.locator(".card.red").count() + first_example.locator(".card.black").count() >= 5
    assert first_example.locator(".total").inner_text() == str(lesson.examples[0].engine_total())

    # a wrong answer first: the engine's count and its breakdown are shown
    section = page.locator("#exercise-1")
    section.get_by_label("Points").fill(str(exercise.engine_total() + 2))
    section.get_by_role("button", name="Check").click()
    page.wait_for_url(f"**/lessons/{lesson.slug}#exercise-1")
    section = page.locator("#exercise-1")
    assert "Not quite" in section.locator(".verdict").inner_text()
    assert section.locator(".breakdown .total").inner_text() == str(exercise.engine_total())

    # then the right one, counted in the progress
    section.get_by_label("Points").fill(str(exercise.engine_total()))
    with page.expect_navigation():
        section.get_by_label("Points").press("Enter")
    section = page.locator("#exercise-1")
    assert "Right" in section.locator(".verdict").inner_text()
    assert page.locator("[data-progress]").first.get_attribute("data-progress") == f"1/{len(lesson.exercises)}"


def test_a_learner_picks_a_discard_by_clicking_cards(live_server, page):
    lesson = get_lesson("discarding")
    exercise = lesson.exercises[0]
    best = (best_throws(exercise) or (exercise.throw,))[0]
    sign_in(page, live_server, "Bea")

    page.goto(f"{live_server.url}/lessons/{lesson.slug}")
    section = page.locator("#exercise-1")
    for card in best:
        section.locator(f"label:has(input[value='{card}'])").click()
    with page.expect_navigation():
        section.get_by_role("button", name="Check").click()
    assert "Right" in page.locator("#exercise-1 .verdict").inner_text()
