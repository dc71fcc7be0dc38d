"""The course in Russian (issue 13): a browser asking for Russian gets the lessons'
index, each lesson, its examples, its exercises and their verdicts in Russian,
with no English left in the page's content; a browser asking for English gets
the pages as they were.

Every number checked comes from the engine (the directives' totals, the spoken
counts), never from a number written here.
"""

from __future__ import annotations

import re

import pytest

from engine.speech import Language, play_spoken, spoken_count
from trainer.language import i18n, words
from trainer.lessons.checks import best_throws
from trainer.lessons.course import DirectiveKind, load_lessons

from .helpers import page_text

RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
EN = load_lessons(language="en")
RU = load_lessons(language="ru")
#: Two English words in a row: an English sentence, or part of one.
ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{2,}(?:[\s,.:;'’-]+[A-Za-z]{2,})+\b")


class _Content:
    """The page's content (its ``<main>``) as a response :func:`page_text` can read."""

    def __init__(self, response) -> None:
        html = response.get_data(as_text=True)
        self.html = html[html.index("<main") : html.index("</main>")]

    def get_data(self, as_text: bool = True) -> str:
        return self.html


def main_text(response) -> str:
    """The visible text of the page's content (the header and footer are the layout's, not the course's)."""
    return page_text(_Content(response))


def english_left(text: str) -> list[str]:
    return ENGLISH_WORDS.findall(text) + re.findall(r"\b(?:Check|Points|Solved|Exercise|starter|total|score)\b", text)


def exercises_solved(solved: int, total: int) -> str:
    """«решено 1 из 3 упражнений»: «из» takes the genitive, singular after 1, 21, 31..."""
    noun = "упражнения" if total % 10 == 1 and total % 100 != 11 else "упражнений"
    return f"решено {solved} из {total} {noun}"


def _first(kind: DirectiveKind, ending=None):
    for lesson in EN:
        for number, directive in enumerate(lesson.exercises, 1):
            if directive.kind is kind and (ending is None or directive.ending is not None and directive.ending.value == ending):
                return lesson, number, directive
    raise AssertionError(f"no {kind} exercise in the course")


def _answer(learner, lesson, number, data, headers=RUSSIAN):
    page = f"/lessons/{lesson.slug}"
    return learner.post(f"/lessons/{lesson.slug}/exercises/{number}", data, page=page, headers=headers)


def _page(learner_or_client, slug, headers=RUSSIAN):
    client = getattr(learner_or_client, "client", learner_or_client)
    return client.get(f"/lessons/{slug}", headers=headers)


def _unescape(text: str) -> str:
    return text.replace("&#34;", '"').replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


# ------------------------------------------------------------ the index


def test_the_course_index_is_russian(client):
    response = client.get("/lessons/", headers=RUSSIAN)
    assert response.headers["Content-Language"] == "ru"
    text = main_text(response)
    assert text.strip().startswith("Уроки Курс от стоимости каждой карты до стратегии сброса и розыгрыша.")
    html = response.get_data(as_text=True)
    assert ("Читать уроки может каждый; чтобы сохранять прогресс, "
            '<a href="/?next=/lessons/">скажите тренажёру, кто вы</a>.') in html
    positions = [text.index(f"{lesson.order}. {lesson.title}") for lesson in RU]
    assert positions == sorted(positions)
    assert all(lesson.summary in _unescape(text) for lesson in RU)
    assert english_left(text) == []
    assert "<title>Уроки ·" in html


def test_the_index_shows_a_learners_progress_in_russian(learner):
    first, second = RU[0], RU[1]
    page = main_text(learner.client.get("/lessons/", headers=RUSSIAN))
    assert f"Продолжить: {first.title}" in page and "не начат" in page
    _answer(learner, first, 1, {"answer": str(first.exercises[0].engine_total())})
    page = main_text(learner.client.get("/lessons/", headers=RUSSIAN))
    assert exercises_solved(1, len(first.exercises)) in page
    for number, directive in enumerate(first.exercises, 1):
        _answer(learner, first, number, {"answer": str(directive.engine_total())})
    page = main_text(learner.client.get("/lessons/", headers=RUSSIAN))
    assert "✓ пройден" in page and f"Продолжить: {second.title}" in page
    assert english_left(page) == []


# ------------------------------------------------------------ a lesson


def test_a_lesson_page_is_russian_prose_examples_and_exercises(client):
    lesson = RU[1]
    response = _page(client, lesson.slug)
    html = _unescape(response.get_data(as_text=True))
    text = _unescape(main_text(response))
    assert f"<h1>{lesson.title}</h1>" in html
    assert text.strip().startswith(f"Уроки › урок {lesson.order} {lesson.title}")
    # the examples: the engine's breakdown and spoken count, in Russian, the cards with Russian faces
    assert html.count('class="example ') == len(lesson.examples)
    for example in lesson.examples:
        assert f'class="points total">{example.engine_total()}<' in html
        assert f"«{spoken_count(example.show_score().items, Language.RUSSIAN)}»" in html
    assert "<th>комбинация</th><th>карты</th><th>очки</th>" in html and ">итого<" in html
    assert '<span class="rank">В</span>' in html  # the jack of the first example
    with i18n.language("ru"):
        assert f'aria-label="{words.name(lesson.examples[0].cards[3])}"' in html
    # the exercises: Russian questions, labels and buttons
    for number in range(1, len(lesson.exercises) + 1):
        assert f"Упражнение {number}. Посчитайте эту руку." in text
    assert text.count("Очки") == len(lesson.exercises) and text.count("Проверить") == len(lesson.exercises)
    assert f"{RU[2].title} →" in text and f"← {RU[0].title}" in text
    assert english_left(text) == []


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(RU)), ids=lambda i: RU[i].slug)
def test_every_russian_lesson_page_has_its_examples_and_forms_and_no_english_labels(client, index):
    lesson = RU[index]
    response = _page(client, lesson.slug)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.count('class="example ') == len(lesson.examples)
    assert len(re.findall(r'action="/lessons/[^"]+/exercises/\d+"', html)) == len(lesson.exercises)
    text = main_text(response)
    assert text.count("Упражнение ") >= len(lesson.exercises)
    for label in ("Exercise", "Count this", "Pick two", "Score the", "Points", "Check", "starter", " pile ",
                  " dealt ", "lay away", "(avg)", "before the cut", "no score", " for two"):
        assert label not in text, label


def test_a_wrong_then_a_right_count_is_judged_in_russian(learner, app):
    lesson, number, directive = _first(DirectiveKind.HAND)
    truth = directive.engine_total()
    response = _answer(learner, lesson, number, {"answer": str(truth + 1)})
    assert response.status_code == 302
    text = _unescape(main_text(_page(learner, lesson.slug)))
    assert f"Не совсем: вы ответили {truth + 1}, а правильный ответ — {truth}." in text
    assert f"«{spoken_count(directive.show_score().items, Language.RUSSIAN)}»" in text
    assert english_left(text) == []
    _answer(learner, lesson, number, {"answer": str(truth)})
    text = main_text(_page(learner, lesson.slug))
    assert f"Верно: {truth}." in text and "✓ Решено" in text
    assert exercises_solved(1, len(lesson.exercises)) in text
    assert english_left(text) == []


def test_a_pile_with_the_go_is_judged_in_russian(learner):
    lesson, number, directive = _first(DirectiveKind.PLAY, ending="go")
    _answer(learner, lesson, number, {"answer": str(directive.engine_total() + 1)})
    text = _unescape(main_text(_page(learner, lesson.slug)))
    spoken = play_spoken(directive.play_score(), Language.RUSSIAN)
    assert "за «гоу»" in spoken and f"«{spoken}»" in text
    assert "дальше сходить не может никто: «гоу»" in text
    assert english_left(text) == []


def test_a_discard_is_judged_in_russian_with_its_cards_faces(learner):
    lesson, number, directive = _first(DirectiveKind.DISCARD)
    best = (best_throws(directive) or (directive.throw,))[0]
    worse = next((a, b) for i, a in enumerate(directive.cards) for b in directive.cards[i + 1 :]
                 if all({a, b} != set(t) for t in best_throws(directive)))
    with i18n.language("ru"):
        best_faces, worse_faces = words.faces(best), words.faces(worse)
    _answer(learner, lesson, number, {"throw": [str(c) for c in worse]})
    text = _unescape(main_text(_page(learner, lesson.slug)))
    assert f"Не совсем: вы ответили {worse_faces}, а правильный ответ — {best_faces}." in text
    assert re.search(r"Если отложить .+ в (свои ясли|ясли соперника), рука будет стоить в среднем \d+,\d\d", text)
    assert english_left(text) == []
    _answer(learner, lesson, number, {"throw": [str(c) for c in best]})
    text = main_text(_page(learner, lesson.slug))
    assert f"Верно: {best_faces}." in text


@pytest.mark.parametrize("data, message", [
    ({"answer": ""}, "Введите число очков."),
    ({"answer": "lots"}, "Введите очки числом, например 12."),
])
def test_a_malformed_answer_is_refused_in_russian(learner, data, message):
    lesson, number, _ = _first(DirectiveKind.HAND)
    _answer(learner, lesson, number, data)
    assert message in main_text(_page(learner, lesson.slug))


def test_a_discard_of_one_card_is_refused_in_russian(learner):
    lesson, number, directive = _first(DirectiveKind.DISCARD)
    _answer(learner, lesson, number, {"throw": [str(directive.cards[0])]})
    assert "Выберите для сброса ровно две карты." in main_text(_page(learner, lesson.slug))


# ------------------------------------------------------------ English unchanged


def test_the_english_pages_are_unchanged(learner):
    client = learner.client
    index = main_text(client.get("/lessons/", headers=ENGLISH))
    assert "A course from the value of each card to discarding and pegging strategy." in index
    assert f"Continue: {EN[0].title}" in index and "not started" in index
    lesson, number, directive = _first(DirectiveKind.HAND)
    truth = directive.engine_total()
    _answer(learner, lesson, number, {"answer": str(truth + 1)}, headers=ENGLISH)
    response = _page(learner, lesson.slug, headers=ENGLISH)
    html = _unescape(response.get_data(as_text=True))
    text = _unescape(main_text(response))
    assert '<html lang="en">' in html and f"<h1>{lesson.title}</h1>" in html
    assert f"Lessons › lesson {lesson.order}" in text
    assert "<th>score</th><th>cards</th><th>points</th>" in html
    assert f"“{spoken_count(directive.show_score().items)}”" in html
    assert f"Exercise {number}. Count this hand." in text and "Points" in text and "Check" in text
    assert f"Not quite: you said {truth + 1}; the answer is {truth}." in text
    assert not re.search("[а-яА-ЯёЁ]", text)


def test_a_verdict_is_explained_in_the_language_of_the_page_that_shows_it(learner):
    lesson, number, directive = _first(DirectiveKind.DISCARD)
    worse = next((a, b) for i, a in enumerate(directive.cards) for b in directive.cards[i + 1 :]
                 if all({a, b} != set(t) for t in best_throws(directive)))
    _answer(learner, lesson, number, {"throw": [str(c) for c in worse]}, headers=ENGLISH)
    text = main_text(_page(learner, lesson.slug, headers=RUSSIAN))
    assert "Если отложить" in text and "Laying away" not in text
