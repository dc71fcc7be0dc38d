"""A learner reads a lesson in a real browser and does its exercises; the lesson's
cards take the four-colour deck like the drills' and, on a phone, a hand and its
starter (or the six cards dealt) keep to one row.

The answers typed are the engine's (from the lesson's own directives), so the
test follows the content if a lesson changes.
"""

from __future__ import annotations

import pytest

from trainer.lessons.checks import best_throws
from trainer.lessons.course import DirectiveKind, get_lesson

from .helpers import assert_four_colours, choose_four_colours, sign_in


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


def test_the_four_colour_deck_colours_a_lessons_cards_as_it_colours_the_drills(live_server, page):
    sign_in(page, live_server)
    choose_four_colours(page, live_server)
    lesson = get_lesson("fifteens")
    page.goto(f"{live_server.url}/lessons/{lesson.slug}")
    cards = sum(len(d.cards) + (d.starter is not None) for d in lesson.directives)
    assert assert_four_colours(page) >= cards  # the examples', the breakdowns' and the exercises' cards
    suits = {card.suit for d in lesson.directives for card in d.cards}
    assert len(suits) == 4  # every colour of the deck is looked at


def _rows(locator) -> set[int]:
    """The tops of the cards in ``locator``: one value when they share a row."""
    return set(locator.locator(".card").evaluate_all("cs => cs.map(c => Math.round(c.getBoundingClientRect().top))"))


def _label_style(locator) -> list:
    return locator.evaluate(
        "f => { const s = getComputedStyle(f); return [s.textTransform, s.fontSize, s.color, s.letterSpacing]; }"
    )


@pytest.mark.parametrize("language", ["en", "ru"])
def test_on_a_phone_a_hand_and_its_starter_share_one_row_and_six_cards_dealt_too(live_server, browser, language):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU" if language == "ru" else "en-GB")
    page = context.new_page()
    try:
        for slug, kind in (("fifteens", DirectiveKind.HAND), ("the-crib", DirectiveKind.CRIB),
                           ("discarding", DirectiveKind.DISCARD)):
            lesson = get_lesson(slug, language=language)
            page.goto(f"{live_server.url}/lessons/{slug}")
            assert page.locator("html").get_attribute("lang") == language
            number = next(n for n, d in enumerate(lesson.exercises, 1) if d.kind is kind)
            exercise = page.locator(f"#exercise-{number}")
            if kind is DirectiveKind.DISCARD:
                picker = exercise.locator(".picker")
                assert picker.locator(".card").count() == 6 and len(_rows(picker)) == 1
            else:
                deal = exercise.locator(".deal")
                assert deal.locator(".card").count() == 5 and len(_rows(deal)) == 1, slug
                hand, starter = deal.locator("figure").all()
                assert hand.bounding_box()["x"] < starter.bounding_box()["x"]  # the starter beside the hand
                assert _label_style(hand.locator("figcaption")) == _label_style(starter.locator("figcaption"))
            for deal in page.locator(".example .deal-hand, .example .deal-crib, .example .deal-discard").all():
                assert len(_rows(deal)) == 1 and deal.evaluate("d => d.scrollWidth <= d.clientWidth"), slug
    finally:
        context.close()
