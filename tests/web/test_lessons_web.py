"""The lessons in the web app: the course with progress, lesson pages, exercises answered
through CSRF-protected forms and recorded in the learner's record.

Right and wrong answers come from the engine (via the lesson's directives),
never from numbers written here.
"""

from __future__ import annotations

import re

import pytest

from engine.cards import format_cards
from engine.speech import spoken_count
from trainer.lessons.checks import best_throws
from trainer.lessons.course import DirectiveKind, load_lessons
from trainer.record import attempts, learners
from trainer.record.attempts import AttemptMode
from trainer.record.history import history
from trainer.record.stats import learner_stats

from .helpers import hidden_csrf_token

LESSONS = load_lessons()


def _first_lesson_with(kind: DirectiveKind):
    for lesson in LESSONS:
        for number, directive in enumerate(lesson.exercises, 1):
            if directive.kind is kind:
                return lesson, number, directive
    raise AssertionError(f"no {kind} exercise in the course")


def _right_answer(directive) -> dict:
    if directive.kind is DirectiveKind.DISCARD:
        best = best_throws(directive) or (directive.throw,)
        return {"throw": [str(c) for c in best[0]]}
    return {"answer": str(directive.engine_total())}


def _lesson_attempts(app, name="Ann"):
    with app.app_context():
        learner = learners.learner_by_name(name)
        return [a for a in history(learner.id) if a.mode is AttemptMode.LESSON]


def _answer(learner, lesson, number, data):
    page = f"/lessons/{lesson.slug}"
    return learner.post(f"/lessons/{lesson.slug}/exercises/{number}", data, page=page)


def test_the_course_lists_every_lesson_in_order(client):
    page = client.get("/lessons/").get_data(as_text=True)
    positions = [page.index(f'/lessons/{lesson.slug}"') for lesson in LESSONS]
    assert positions == sorted(positions)
    assert "tell the trainer who you are" in page


def test_the_nav_links_to_the_lessons(client):
    assert 'href="/lessons/"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_every_lesson_page_shows_its_examples_and_exercise_forms(client, lesson):
    response = client.get(f"/lessons/{lesson.slug}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f"<h1>{lesson.title}</h1>" in page.replace("&#34;", '"').replace("&#39;", "'")
    assert page.count('class="example ') == len(lesson.examples)
    assert len(re.findall(r'action="/lessons/[^"]+/exercises/\d+"', page)) == len(lesson.exercises)
    exercise_forms = page.split('<footer class="site">')[0]  # the footer's language switch is a form too
    assert exercise_forms.count('name="csrf_token"') == len(lesson.exercises)
    for example in lesson.examples:
        if example.kind is not DirectiveKind.DISCARD:
            assert f'class="points total">{example.engine_total()}<' in page


def test_an_unknown_lesson_or_exercise_is_not_found(learner):
    assert learner.client.get("/lessons/no-such-lesson").status_code == 404
    lesson = LESSONS[0]
    response = _answer(learner, lesson, len(lesson.exercises) + 1, {"answer": "2"})
    assert response.status_code == 404


@pytest.mark.parametrize("kind", [DirectiveKind.HAND, DirectiveKind.CRIB, DirectiveKind.PLAY, DirectiveKind.DISCARD], ids=str)
def test_a_right_answer_is_recorded_and_shown(learner, app, kind):
    lesson, number, directive = _first_lesson_with(kind)
    response = _answer(learner, lesson, number, _right_answer(directive))
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/lessons/{lesson.slug}#exercise-{number}")
    [attempt] = _lesson_attempts(app)
    assert attempt.correct
    assert attempt.dealt["lesson"] == lesson.slug and attempt.dealt["directive"] == directive.notation
    expected_kind = {
        DirectiveKind.HAND: attempts.DrillKind.SHOW,
        DirectiveKind.CRIB: attempts.DrillKind.SHOW,
        DirectiveKind.PLAY: attempts.DrillKind.PEGGING,
        DirectiveKind.DISCARD: attempts.DrillKind.DISCARD,
    }[kind]
    assert attempt.kind is expected_kind
    page = learner.client.get(f"/lessons/{lesson.slug}").get_data(as_text=True)
    assert 'class="verdict right"' in page
    assert "✓ Solved" in page
    assert f'data-progress="1/{len(lesson.exercises)}"' in page


def test_a_wrong_count_is_recorded_with_the_engines_answer_and_breakdown(learner, app):
    lesson, number, directive = _first_lesson_with(DirectiveKind.HAND)
    truth = directive.engine_total()
    _answer(learner, lesson, number, {"answer": str(truth + 1)})
    [attempt] = _lesson_attempts(app)
    assert not attempt.correct
    assert attempt.points_expected == truth
    assert {result.type for result in attempt.results}  # counted per combo type in the review
    page = learner.client.get(f"/lessons/{lesson.slug}").get_data(as_text=True)
    assert f"the answer is {truth}" in page
    assert spoken_count(directive.show_score().items) in page.replace("&#39;", "'")
    # the verdict is shown once, then the page is clean again
    assert "the answer is" not in learner.client.get(f"/lessons/{lesson.slug}").get_data(as_text=True)


def test_lesson_attempts_count_in_the_learners_statistics(learner, app):
    lesson, number, directive = _first_lesson_with(DirectiveKind.PLAY)
    _answer(learner, lesson, number, {"answer": str(directive.engine_total() + 1)})
    with app.app_context():
        stats = learner_stats(learners.learner_by_name("Ann").id)
    assert stats.attempts == 1 and stats.correct == 0
    assert stats.by_type and all(not s.right for s in stats.by_type)


@pytest.mark.parametrize("data", [{"answer": ""}, {"answer": "lots"}, {"answer": "123"}, {}], ids=repr)
def test_a_malformed_points_answer_is_refused_and_not_recorded(learner, app, data):
    lesson, number, _ = _first_lesson_with(DirectiveKind.HAND)
    response = _answer(learner, lesson, number, data)
    assert response.status_code == 302
    assert _lesson_attempts(app) == []
    page = learner.client.get(f"/lessons/{lesson.slug}").get_data(as_text=True)
    assert "flash-error" in page


def test_a_discard_needs_exactly_two_of_the_six_cards(learner, app):
    lesson, number, directive = _first_lesson_with(DirectiveKind.DISCARD)
    for throw in ([str(directive.cards[0])], [str(c) for c in directive.cards[:3]], ["AS", "2S"] if "AS" not in format_cards(directive.cards) else ["AD", "2D"]):
        _answer(learner, lesson, number, {"throw": throw})
    assert _lesson_attempts(app) == []


def test_a_worse_discard_is_wrong(learner, app):
    lesson, number, directive = _first_lesson_with(DirectiveKind.DISCARD)
    best = best_throws(directive)
    if best is None:
        pytest.skip("the discard analysis is not there")
    worse = next(
        pair for pair in ((a, b) for i, a in enumerate(directive.cards) for b in directive.cards[i + 1 :])
        if all(set(pair) != set(t) for t in best)
    )
    _answer(learner, lesson, number, {"throw": [str(c) for c in worse]})
    [attempt] = _lesson_attempts(app)
    assert not attempt.correct and attempt.answer["given_away"] > 0


def test_answers_need_a_learner_and_a_csrf_token(client, learner, app):
    lesson, number, directive = _first_lesson_with(DirectiveKind.HAND)
    forged = learner.client.post(f"/lessons/{lesson.slug}/exercises/{number}", data=_right_answer(directive))
    assert forged.status_code == 302
    assert _lesson_attempts(app) == []
    anonymous = app.test_client()  # a visitor with no profile
    token_page = anonymous.get(f"/lessons/{lesson.slug}").get_data(as_text=True)
    token = hidden_csrf_token(token_page)
    response = anonymous.post(f"/lessons/{lesson.slug}/exercises/{number}", data={"csrf_token": token, **_right_answer(directive)})
    assert response.status_code == 302 and response.headers["Location"].startswith("/?next=")
    assert _lesson_attempts(app) == []


def test_the_course_shows_progress_and_what_to_do_next(learner, app):
    first, second = LESSONS[0], LESSONS[1]
    page = learner.client.get("/lessons/").get_data(as_text=True)
    assert f'data-progress="0/{len(first.exercises)}"' in page
    assert f"Continue: {first.title}" in page
    for number, directive in enumerate(first.exercises, 1):
        _answer(learner, first, number, _right_answer(directive))
    page = learner.client.get("/lessons/").get_data(as_text=True)
    assert f'data-progress="{len(first.exercises)}/{len(first.exercises)}"' in page
    assert f"Continue: {second.title}" in page
    # a wrong answer after a right one does not undo the progress
    _answer(learner, first, 1, {"answer": str(first.exercises[0].engine_total() + 1)} if first.exercises[0].kind is not DirectiveKind.DISCARD else {"throw": []})
    page = learner.client.get("/lessons/").get_data(as_text=True)
    assert f"Continue: {second.title}" in page


def test_progress_is_per_learner(learner, app):
    lesson = LESSONS[0]
    _answer(learner, lesson, 1, _right_answer(lesson.exercises[0]))
    learner.new("Bob")
    page = learner.client.get(f"/lessons/{lesson.slug}").get_data(as_text=True)
    assert f'data-progress="0/{len(lesson.exercises)}"' in page


@pytest.mark.parametrize("kind", [DirectiveKind.HAND, DirectiveKind.CRIB, DirectiveKind.PLAY, DirectiveKind.DISCARD], ids=str)
def test_a_lesson_mistake_shows_in_the_review_and_can_be_retried_in_its_drill(learner, app, kind):
    lesson, number, directive = _first_lesson_with(kind)
    if kind is DirectiveKind.DISCARD:
        best = best_throws(directive) or (directive.throw,)
        wrong = next(
            {"throw": [str(a), str(b)]} for i, a in enumerate(directive.cards) for b in directive.cards[i + 1 :]
            if all({a, b} != set(t) for t in best)
        )
    else:
        wrong = {"answer": str(directive.engine_total() + 1)}
    _answer(learner, lesson, number, wrong)
    [attempt] = _lesson_attempts(app)
    review = learner.client.get("/review/")
    assert review.status_code == 200
    page = review.get_data(as_text=True)
    assert f"/review/retry/{attempt.id}" in page
    retry = learner.post(f"/review/retry/{attempt.id}", page="/review/")
    assert retry.status_code == 302
    drill_page = learner.client.get(retry.headers["Location"])
    assert drill_page.status_code == 200
    for card in directive.cards:
        assert f'aria-label="{_label(card)}"' in drill_page.get_data(as_text=True)


def _label(card) -> str:
    names = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return f"{names.get(card.rank.text, card.rank.text)} of {suits[card.suit.value]}"


def test_templates_can_link_any_combo_type_to_its_lesson(app):
    from flask import render_template_string

    from trainer.lessons.course import lesson_for_combo_type
    from trainer.record.combos import ComboType

    with app.test_request_context():
        for combo_type in ComboType:
            html = render_template_string(
                "{% set l = lesson_for_combo(kind) %}{{ url_for('lessons.lesson', slug=l.slug) }}", kind=combo_type
            )
            assert html == f"/lessons/{lesson_for_combo_type(combo_type).slug}"
        assert render_template_string("{{ lesson_for_combo('no such kind') }}") == "None"


def test_the_review_links_each_weak_combo_type_to_its_lesson(learner, app):
    from trainer.lessons.course import lesson_for_combo_type

    lesson, number, directive = _first_lesson_with(DirectiveKind.HAND)
    short = directive.show_score().items[0].points  # one combination left out: its type is counted against
    _answer(learner, lesson, number, {"answer": str(directive.engine_total() - short)})
    [attempt] = _lesson_attempts(app)
    page = learner.client.get("/review/").get_data(as_text=True)
    weak = {result.type for result in attempt.results if not result.right}
    assert weak
    for combo_type in weak:
        target = lesson_for_combo_type(combo_type)
        assert f'href="/lessons/{target.slug}">lesson: {target.title}</a>' in page


@pytest.mark.parametrize("ending", ["go", "last"])
def test_a_go_or_last_card_exercise_counts_under_its_combo_type(learner, app, ending):
    from trainer.record.combos import ComboType

    lesson, number, directive = next(
        (lesson, n, d) for lesson in LESSONS for n, d in enumerate(lesson.exercises, 1)
        if d.ending is not None and d.ending.value == ending
    )
    _answer(learner, lesson, number, {"answer": str(directive.engine_total())})
    [attempt] = _lesson_attempts(app)
    assert attempt.correct
    expected = ComboType.PEG_GO if ending == "go" else ComboType.PEG_LAST_CARD
    assert expected in {result.type for result in attempt.results}


def test_signing_in_to_answer_comes_back_to_the_exercise(client, app):
    lesson = LESSONS[1]
    token_page = client.get(f"/lessons/{lesson.slug}").get_data(as_text=True)
    token = hidden_csrf_token(token_page)
    response = client.post(f"/lessons/{lesson.slug}/exercises/2", data={"csrf_token": token, "answer": "1"})
    sign_in = response.headers["Location"]
    assert sign_in.startswith("/?next=")
    response = client.post(sign_in, data={"csrf_token": token, "name": "Cy"})
    back = client.get(response.headers["Location"])
    assert back.status_code == 302
    assert back.headers["Location"].endswith(f"/lessons/{lesson.slug}#exercise-2")
    assert client.get(f"/lessons/{lesson.slug}/exercises/{len(lesson.exercises) + 1}").status_code == 404
