"""A lesson as a page: its prose, and between it each example with the engine's
breakdown and spoken count and each exercise numbered from 1, in the lesson's
language (the templates draw them: tests/web/test_lessons_web.py)."""

from __future__ import annotations

import pytest

from engine.pegging import score_play
from engine.scoring import score_show
from engine.speech import play_spoken, spoken_count
from trainer.language import i18n, words
from trainer.lessons.checks import best_throws
from trainer.lessons.course import DirectiveKind, load_lessons, parse_directive, parse_lesson
from trainer.lessons.render import Example, Exercise, Prose, breakdown, lesson_parts

from .course_data import COURSE, EVERY_LESSON, LESSONS, course_copy, lesson_id, lesson_with


def _examples(parts):
    return [part for part in parts if isinstance(part, Example)]


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=lesson_id)
def test_every_lesson_has_its_examples_and_exercises_in_order_between_its_prose(lesson):
    parts = lesson_parts(lesson)
    assert [part.directive for part in parts if not isinstance(part, Prose)] == list(lesson.directives)
    assert [part.number for part in parts if isinstance(part, Exercise)] == list(range(1, len(lesson.exercises) + 1))
    prose = "".join(part.html for part in parts if isinstance(part, Prose))
    assert "{hand" not in prose and "{play" not in prose and "{exercise" not in prose and "\x00" not in prose
    assert [part.kind for part in parts][0] == "prose"


def test_a_directive_in_a_code_block_is_shown_as_code_not_scored():
    lesson = parse_lesson(lesson_with("```\n{hand 4C 5D 6H KC | 5S = 1}\n```"), name="99-test.md")
    parts = lesson_parts(lesson)
    assert [d.kind for d in lesson.directives] == [DirectiveKind.PLAY]
    assert _examples(parts) == []
    assert "<code>{hand 4C 5D 6H KC | 5S = 1}" in "".join(part.html for part in parts if isinstance(part, Prose))


def test_a_hands_breakdown_is_the_engines_items_total_and_spoken_count():
    result = score_show("4C 5D 6H KC", "5S")
    shown = breakdown(parse_directive(f"{{hand 4C 5D 6H KC | 5S = {result.total}}}"))
    assert [(row.name, row.cards, row.points) for row in shown.rows] == [
        (words.item_name(item), item.cards, item.points) for item in result.items
    ]
    assert shown.total == result.total and shown.spoken == spoken_count(result.items)


def test_a_piles_breakdown_has_its_count_and_the_go():
    directive = parse_directive("{play 10C KH KS go = 3}")
    shown = breakdown(directive)
    assert shown.count == score_play("10C KH KS").count and shown.total == directive.engine_total()
    assert shown.spoken == play_spoken(directive.play_score()) and shown.spoken.endswith("the go for one: three")


def test_a_discard_example_may_leave_the_choice_to_the_analysis():
    directive = parse_directive("{discard 5H 5D JS 4C 6D KS dealer}")
    shown = breakdown(directive)
    assert shown.throw == best_throws(directive)[0]
    assert set(shown.keep) == set(directive.cards) - set(shown.throw)
    assert shown.total == score_show(shown.keep).total and shown.spoken == spoken_count(score_show(shown.keep).items)
    assert [option.net_ev for option in shown.options] == sorted((o.net_ev for o in shown.options), reverse=True)
    assert len(shown.options) == 3


def test_a_breakdown_speaks_the_current_language_and_breaks_long_russian_words():
    directive = parse_directive("{hand 4C 5D 6H KC | 5S = 16}")
    with i18n.language("ru"):
        shown = breakdown(directive)
        names = [words.item_name(item) for item in directive.show_score().items]
    assert shown.spoken == spoken_count(directive.show_score().items, "ru")
    assert [row.name.replace("\u00ad", "") for row in shown.rows] == names
    assert "после\u00adдователь\u00adность из трёх" in [row.name for row in shown.rows]


def test_a_russian_lesson_is_russian_whatever_the_current_language():
    [first, *_] = _examples(lesson_parts(COURSE["ru"][1]))
    assert first.breakdown.spoken == spoken_count(first.directive.show_score().items, "ru")
    with i18n.language("ru"):
        [first, *_] = _examples(lesson_parts(LESSONS[1]))
    assert first.breakdown.spoken == spoken_count(first.directive.show_score().items)  # English stays English


def test_an_english_lesson_shown_for_a_missing_translation_speaks_english(tmp_path):
    course = course_copy(tmp_path)
    (course / "ru" / LESSONS[2].source).unlink()
    fallback = load_lessons(course, language="ru")[2]
    with i18n.language("ru"):
        examples = _examples(lesson_parts(fallback))
    assert examples and all(
        example.breakdown.spoken == spoken_count(example.directive.show_score().items) for example in examples
        if example.directive.kind in (DirectiveKind.HAND, DirectiveKind.CRIB)
    )


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_language_of_the_trainer_speaks_its_count(language):
    directive = parse_directive("{play 5H 5D 5S = 8}")
    with i18n.language(language):
        spoken = breakdown(directive).spoken
    assert spoken == play_spoken(directive.play_score(), language)
