"""How a lesson page draws its examples and exercises (templates/lessons/): every
card through the one card macro (templates/cards.html) the drills use, each
example with the engine's breakdown and spoken count, each exercise's
question, in the lesson's language, English or Russian.

The body is drawn as the lesson page draws it (:func:`trainer.web.lessons.lesson_body`),
on SQLite only: drawing stores nothing.  Every number comes from the engine.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from flask import render_template_string

from engine.cards import Card
from engine.scoring import score_show
from engine.speech import plural_ru, spoken_count
from tests.databases import app_config, close_app
from tests.trainer.lessons.course_data import COURSE, LESSONS, course_copy, lesson_id, lesson_with
from trainer.language import i18n
from trainer.lessons.course import load_lessons, parse_lesson
from trainer.web import create_app
from trainer.web.lessons import lesson_body


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app(app_config(f"sqlite:///{tmp_path_factory.mktemp('drawing') / 'trainer.sqlite3'}"))
    yield app
    close_app(app)


@pytest.fixture
def draw(app):
    """``draw(lesson, language)``: the lesson's body as its page shows it in ``language``;
    instead of a lesson, a directive's line in a small lesson written in ``language``."""

    def draw(lesson, language: str = "en") -> str:
        if isinstance(lesson, str):
            lesson = replace(parse_lesson(lesson_with(lesson), name="99-test.md"), language=language)
        with app.test_request_context(), i18n.language(language):
            return str(lesson_body(lesson))

    return draw


def macro_card(app, card: Card, language: str = "en", **options) -> str:
    """A card as templates/cards.html draws it."""
    with app.test_request_context(), i18n.language(language):
        return render_template_string('{% from "cards.html" import card %}{{ card(c, **o) }}', c=card, o=options)


# ------------------------------------------------------------ English


def test_every_card_of_an_example_is_the_card_macros_in_its_suit_colour(app, draw):
    result = score_show("4C 5D 6H KC", "5S")
    html = draw("{hand 4C 5D 6H KC | 5S = %d}" % result.total)
    for card in (*result.hand, result.starter):
        assert macro_card(app, card) in html, card  # the hand's and the starter's cards
    for item in result.items:
        for card in item.cards:
            assert macro_card(app, card, small=True) in html  # the breakdown's
    assert re.search(r'<span class="card red suit-D[^"]*"[^>]*data-card="5D"><span class="rank">5</span><span class="suit"[^>]*>♦', html)
    assert re.search(r'<span class="card black suit-C[^"]*"[^>]*data-card="4C"><span class="rank">4</span>', html)
    assert '<span class="card ' not in re.sub(r'<span class="card (red|black) suit-[SHDC]', "", html)  # every card


def test_an_example_shows_the_breakdown_and_the_spoken_count(draw):
    result = score_show("4C 5D 6H KC", "5S")
    html = draw("{hand 4C 5D 6H KC | 5S = %d}" % result.total)
    assert html.count('class="example ') == 1
    assert len(re.findall(r"<tr><td>", html)) == len(result.items)
    assert f'class="points total">{result.total}<' in html
    assert f"“{spoken_count(result.items)}”" in html.replace("&#39;", "'")


def test_a_hand_and_its_starter_are_labelled_alike_side_by_side(draw):
    html = draw("{hand 4C 5D 6H KC | 5S = %d}" % score_show("4C 5D 6H KC", "5S").total)
    deal = html.split('<div class="deal')[1].split("</div>")[0]
    assert re.findall(r"<figcaption>(\w+)</figcaption>", deal) == ["hand", "starter"]
    assert deal.index('data-card="KC"') < deal.index('class="starter"') < deal.index('data-card="5S"')


def test_a_piles_count_and_go_are_shown(draw):
    html = draw("{play 10C KH KS go = 3}")
    assert '<span class="count">count 30</span>' in html and "then neither player can lay a card: go" in html
    assert "“a pair for two, and the go for one: three”" in html


def test_a_discard_example_shows_the_cards_laid_away_kept_and_the_best_throws(draw):
    html = draw("{discard 5H 5D JS 4C 6D KS dealer = JS KS}")
    throw = html.split('class="throw"')[1].split("</p>")[0]
    assert re.findall(r'data-card="(\w+)"', throw) == ["JS", "KS", "5H", "5D", "4C", "6D"]
    assert f"worth {score_show('5H 5D 4C 6D').total} before the cut" in throw
    assert "You deal: the crib is yours." in html and "net (hand + crib)" in html
    assert len(re.findall(r'<td class="points">-?\d+\.\d\d</td>', html)) == 3 * 3


def test_an_exercise_asks_its_question_over_its_cards(draw):
    hand = draw("{exercise hand 4C 5D 6H KC | 5S = 16}").split('id="exercise-1"')[1].split("</section>")[0]
    assert '<p class="prompt">Exercise 1. Count this hand.</p>' in hand
    assert re.findall(r"<figcaption>(\w+)</figcaption>", hand) == ["hand", "starter"]
    assert re.findall(r'data-card="(\w+)"', hand) == ["4C", "5D", "6H", "KC", "5S"]
    pile = draw("text").split('id="exercise-1"')[1].split("</section>")[0]
    assert '<p class="prompt">Exercise 1. Score the last card played.</p>' in pile
    assert re.findall(r"<figcaption>(\w+)</figcaption>", pile) == ["pile"] and "count" not in pile
    discard = draw("{exercise discard 5H 5D JS 4C 6D KS pone = JS KS}").split('id="exercise-1"')[1]
    assert "Pick two cards to lay away: your opponent deals (the crib is theirs)." in discard
    assert len(re.findall(r'<input type="checkbox" name="throw"', discard.split("</fieldset>")[0])) == 6


# ------------------------------------------------------------ in Russian


def test_a_russian_example_is_labelled_counted_and_spoken_in_russian(app, draw):
    result = score_show("4C 5D 6H KC", "5S")
    html = draw("{hand 4C 5D 6H KC | 5S = %d}" % result.total, "ru")
    assert "<th>комбинация</th><th>карты</th><th>очки</th>" in html and ">итого<" in html
    assert "<figcaption>рука</figcaption>" in html and "<figcaption>стартер</figcaption>" in html
    assert f"«{spoken_count(result.items, 'ru')}»" in html
    assert macro_card(app, Card.parse("KC"), "ru") in html and 'aria-label="король треф"' in html
    assert "<td>пятнадцать</td>" in html and "<td>последовательность из трёх</td>" in html.replace("\u00ad", "")
    for english in ("score", "cards", "points", "total", "starter", "fifteen", "pair", "hand"):
        assert f">{english}<" not in html and f">{english} " not in html


def test_a_russian_lesson_is_drawn_in_russian_whatever_the_pages_language(draw):
    html = draw(COURSE["ru"][1])
    assert "Упражнение 1. Посчитайте эту руку." in html and "Exercise" not in html


def test_an_english_lesson_shown_for_a_missing_translation_is_english_throughout(draw, tmp_path):
    course = course_copy(tmp_path)
    (course / "ru" / LESSONS[2].source).unlink()
    html = draw(load_lessons(course, language="ru")[2], "ru")
    assert "Exercise 1." in html and "Упражнение" not in html


@pytest.mark.parametrize("lesson", COURSE["ru"], ids=lesson_id)
def test_every_russian_exercise_and_example_speaks_russian(draw, lesson):
    html = draw(lesson)
    assert html.count("Упражнение ") == len(lesson.exercises)
    for english in ("Exercise", "Count this", "Pick two", "Score the", ">hand<", ">crib<", ">pile<", ">dealt<",
                    "lay away", "before the cut", "the four kept", "(avg)", "net (", "You deal", "Your opponent",
                    ">starter<", ">count ", "neither player", "last card of the play", " for two", "no score"):
        assert english not in html, english


@pytest.mark.parametrize("seat", ["dealer", "pone"])
def test_a_discard_is_shown_in_russian_with_decimal_commas(draw, seat):
    html = draw(f"{{exercise discard 5H 5D JS 4C 6D KS {seat} = JS KS}}", "ru")
    assert '<p class="prompt">Упражнение 1. Выберите две карты для сброса: ' in html
    example = draw(f"{{discard 5H 5D JS 4C 6D KS {seat} = JS KS}}", "ru")
    assert re.search(r'<td class="points">\d+,\d\d</td>', example)
    assert ("Сдаёте вы: ясли ваши." if seat == "dealer" else "Сдаёт соперник: ясли его.") in example
    assert ("итог (рука + ясли)" if seat == "dealer" else "итог (рука − ясли)") in example
    assert "<figcaption>сдано</figcaption>" in example


@pytest.mark.parametrize("hand", ["AS 3D 7C QH", "5C 10D 2H 4S", "AS 2D 3C 4H", "5C 5D 5H AS", "5C 5D 10H JS"])
def test_the_cards_kept_say_their_points_with_the_russian_plural(draw, hand):
    total = score_show(hand).total
    html = draw(f"{{discard {hand} 9C 8D pone = 9C 8D}}", "ru")
    assert f"до среза это {total}\u00a0{plural_ru(total, 'очко', 'очка', 'очков')}</p>" in html
