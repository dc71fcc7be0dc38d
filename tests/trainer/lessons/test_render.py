"""A lesson as HTML: every example drawn with the engine's breakdown and spoken
count, every exercise's question, in the lesson's language."""

from __future__ import annotations

import re

import pytest

from engine.scoring import score_show
from engine.speech import plural_ru, spoken_count
from trainer.language import i18n
from trainer.lessons.course import DirectiveKind, parse_directive, parse_lesson
from trainer.lessons.render import render_example, render_lesson

from .course_data import COURSE, EVERY_LESSON, LESSONS, lesson_id, lesson_with


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=lesson_id)
def test_every_lesson_renders_its_examples_and_exercises(lesson):
    html = render_lesson(lesson)
    assert html.count('class="example ') == len(lesson.examples)
    assert html.count('class="exercise"') == len(lesson.exercises)
    assert "{hand" not in html and "{play" not in html and "{exercise" not in html


def test_a_directive_in_a_code_block_is_shown_as_code_not_scored():
    text = lesson_with("```\n{hand 4C 5D 6H KC | 5S = 1}\n```")
    lesson = parse_lesson(text, name="99-test.md")
    assert [d.kind for d in lesson.directives] == [DirectiveKind.PLAY]
    assert "{hand 4C 5D 6H KC | 5S = 1}" in render_lesson(lesson)


def test_an_example_shows_cards_in_suit_colours_the_breakdown_and_the_spoken_count():
    lesson = parse_lesson(lesson_with("{hand 4C 5D 6H KC | 5S = %d}" % score_show("4C 5D 6H KC", "5S").total),
                          name="99-test.md")
    html = render_lesson(lesson)
    result = score_show("4C 5D 6H KC", "5S")
    assert re.search(r'<span class="card red"[^>]*data-card="5D"><span class="rank">5</span><span class="suit"[^>]*>♦', html)
    assert re.search(r'<span class="card black"[^>]*data-card="4C"><span class="rank">4</span><span class="suit"[^>]*>♣', html)
    assert html.count("<tr><td>") == len(result.items)
    assert f'class="points total">{result.total}<' in html
    assert spoken_count(result.items) in html


def test_the_web_can_draw_exercises_its_own_way():
    lesson = LESSONS[0]
    seen = []
    html = render_lesson(lesson, lambda directive, number: seen.append((number, directive)) or f"<form>{number}</form>")
    assert [number for number, _ in seen] == list(range(1, len(lesson.exercises) + 1))
    assert [directive for _, directive in seen] == list(lesson.exercises)
    assert "<form>1</form>" in html


def test_a_russian_example_is_labelled_counted_and_spoken_in_russian():
    directive = parse_directive("{hand 4C 5D 6H KC | 5S = %d}" % score_show("4C 5D 6H KC", "5S").total)
    result = score_show("4C 5D 6H KC", "5S")
    with i18n.language("ru"):
        html = render_example(directive)
    assert "<th>комбинация</th><th>карты</th><th>очки</th>" in html and ">итого<" in html
    assert '>рука <span class="cards">' in html and ">стартер<" in html
    assert f"«{spoken_count(result.items, 'ru')}»" in html
    assert 'aria-label="король треф"' in html and '<span class="rank">К</span>' in html
    assert "<td>пятнадцать</td>" in html and "<td>последовательность из трёх</td>" in html.replace("\u00ad", "")
    for english in ("score", "cards", "points", "total", "starter", "fifteen", "pair", "hand"):
        assert f">{english}<" not in html and f">{english} " not in html


def test_a_russian_lesson_is_rendered_in_russian_whatever_the_current_language():
    html = render_lesson(COURSE["ru"][1])
    assert "Упражнение 1. Посчитайте эту руку." in html and "Exercise" not in html


@pytest.mark.parametrize("lesson", COURSE["ru"], ids=lesson_id)
def test_every_russian_exercise_and_example_speaks_russian(lesson):
    html = render_lesson(lesson)
    assert html.count("Упражнение ") == len(lesson.exercises)
    for english in ("Exercise", "Count this", "Pick two", "Score the", ">hand ", ">crib ", ">pile ", ">dealt ",
                    "lay away", "before the cut", "the four kept", "(avg)", "net (", "You deal", "Your opponent",
                    ">starter<", ">count ", "neither player", "last card of the play", " for two", "no score"):
        assert english not in html, english


@pytest.mark.parametrize("hand", ["AS 3D 7C QH", "5C 10D 2H 4S", "AS 2D 3C 4H", "5C 5D 5H AS", "5C 5D 10H JS"])
def test_the_cards_kept_say_their_points_with_the_russian_plural(hand):
    total = score_show(hand).total
    directive = parse_directive(f"{{discard {hand} 9C 8D pone = 9C 8D}}")
    with i18n.language("ru"):
        html = render_example(directive)
    assert f"до среза это {total}\u00a0{plural_ru(total, 'очко', 'очка', 'очков')}</p>" in html
