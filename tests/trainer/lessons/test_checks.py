"""Checking the course against the engine: every total a lesson states is the
engine's, in every language the course is written in (a translation's
directives are its English twin's, one by one), and a wrong one is reported.

The expected values in these tests always come from the engine
(``score_show``, ``score_play``, the discard analysis), never from numbers
written here, so a lesson that states a wrong total fails, in either language.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis.discard import analyse_discards
from engine.cards import DECK, format_cards
from engine.pegging import score_play
from engine.scoring import score_show
from trainer.language import i18n
from trainer.lessons.checks import (
    check_directive,
    check_lesson,
    course_problems,
    main,
    translation_problems,
)
from trainer.lessons.course import LESSONS_DIR, DirectiveKind, LessonError, parse_directive, parse_lesson

from .course_data import (
    ALL_DIRECTIVES,
    COURSE,
    EVERY_LESSON,
    LESSONS,
    TRANSLATIONS,
    course_copy,
    directive_id,
    lesson_id,
    lesson_with,
)


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=lesson_id)
def test_every_lesson_agrees_with_the_engine(lesson):
    assert check_lesson(lesson) == ()


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=lambda i: LESSONS[i].slug)
def test_a_translation_has_its_twins_directives_in_order(language, index):
    english, translated = LESSONS[index], COURSE[language][index]
    assert translated.slug == english.slug
    assert [d.notation for d in translated.directives] == [d.notation for d in english.directives]
    assert translation_problems(english, translated) == ()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_course_in_each_language_has_no_problem(language):
    assert course_problems(language) == ()


def test_a_translation_whose_directive_differs_from_its_twins_is_reported(tmp_path):
    course = course_copy(tmp_path)
    path = course / "ru" / LESSONS[1].source
    first = LESSONS[1].exercises[0]
    other = first.stated + 2
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(first.notation, first.notation.replace(f"= {first.stated}}}", f"= {other}}}")),
                    encoding="utf-8")
    messages = [problem.message for problem in course_problems("ru", course)]
    assert f"states {other} but the engine counts {first.stated}" in messages  # a wrong count, in Russian too
    assert any("where the English lesson has" in message for message in messages)
    assert course_problems("en", course) == ()


def test_a_translation_whose_front_matter_differs_from_its_twins_is_reported(tmp_path):
    course = course_copy(tmp_path)
    path = course / "ru" / LESSONS[1].source
    path.write_text(path.read_text(encoding="utf-8").replace("combos: [fifteen]", "combos: [fifteen, pair]"),
                    encoding="utf-8")
    [problem] = course_problems("ru", course)
    assert "combos" in problem.message


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].kind is not DirectiveKind.DISCARD], ids=directive_id)
def test_every_stated_total_is_the_engines(pair):
    _, directive = pair
    if directive.kind is DirectiveKind.PLAY:
        play = score_play(directive.cards)
        go_or_last_card = 1 if directive.ending and play.count != 31 else 0  # RULES.md 2.5: never on top of 31
        assert directive.stated == play.points + go_or_last_card
    else:
        crib = directive.kind is DirectiveKind.CRIB
        assert directive.stated == score_show(directive.cards, directive.starter, crib=crib).total


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].kind is DirectiveKind.DISCARD], ids=directive_id)
def test_every_stated_discard_is_the_analysis_best(pair):
    _, directive = pair
    options = analyse_discards(directive.cards, dealer=directive.seat.owns_crib)
    best = max(option.net_ev for option in options)
    stated = next(option for option in options if set(option.discard) == set(directive.throw))
    assert stated.net_ev == pytest.approx(best)


def test_a_deliberately_wrong_hand_total_is_reported_with_the_engines_count():
    true_total = score_show("4C 5D 6H KC", "5S").total
    wrong = f"{{hand 4C 5D 6H KC | 5S = {true_total + 1}}}"
    text = lesson_with(wrong)
    problems = check_lesson(parse_lesson(text, name="99-test.md"))
    assert len(problems) == 1
    assert problems[0].line == text.splitlines().index(wrong) + 1
    assert f"states {true_total + 1}" in problems[0].message
    assert f"engine counts {true_total}" in problems[0].message


def test_a_deliberately_wrong_play_total_is_reported():
    true_points = score_play("5H 5D 5S").points
    lesson = parse_lesson(lesson_with(f"{{play 5H 5D 5S = {true_points - 2}}}"), name="99-test.md")
    [problem] = check_lesson(lesson)
    assert str(true_points) in problem.message


def test_a_crib_flush_stated_as_a_hand_flush_is_reported():
    hand_total = score_show("2H 6H 10H QH", "KS").total
    assert hand_total != score_show("2H 6H 10H QH", "KS", crib=True).total
    lesson = parse_lesson(lesson_with(f"{{crib 2H 6H 10H QH | KS = {hand_total}}}"), name="99-test.md")
    assert len(check_lesson(lesson)) == 1


def test_a_play_past_31_is_reported():
    assert "may not pass 31" in check_directive(parse_directive("{play KS QD 9H 5C = 0}"))


def test_a_wrong_discard_is_reported():
    directive = parse_directive("{discard 5H 5D JS 4C 6D KS dealer = 5H 5D}")
    assert "analysis prefers" in check_directive(directive)


def test_a_lesson_without_exercises_is_reported():
    text = "---\ntitle: T\nslug: t\norder: 1\n---\n{hand 4C 5D 6H KC | 5S = %d}\n" % score_show("4C 5D 6H KC", "5S").total
    assert [p.message for p in check_lesson(parse_lesson(text, name="01-t.md"))] == ["has no exercises"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True), st.booleans(), st.integers(1, 5))
def test_the_checker_accepts_exactly_the_engines_total(cards, crib, error):
    hand, starter = cards[:4], cards[4]
    total = score_show(hand, starter, crib=crib).total
    kind = "crib" if crib else "hand"
    right = parse_directive(f"{{{kind} {format_cards(hand)} | {starter} = {total}}}")
    wrong = parse_directive(f"{{{kind} {format_cards(hand)} | {starter} = {total + error}}}")
    assert check_directive(right) is None
    assert check_directive(wrong) is not None


@pytest.mark.parametrize("lesson", [lesson for course in COURSE.values() for lesson in course[:4]], ids=lesson_id)
def test_changing_any_stated_total_in_a_real_lesson_fails_the_check(lesson):
    path = LESSONS_DIR / lesson.source
    text = path.read_text(encoding="utf-8")
    for directive in (d for d in lesson.directives if d.kind is not DirectiveKind.DISCARD):
        lines = text.splitlines()
        line = lines[directive.line - 1]
        lines[directive.line - 1] = line.replace(f"= {directive.stated}}}", f"= {directive.stated + 2}}}")
        assert lines[directive.line - 1] != line
        broken = parse_lesson("\n".join(lines) + "\n", name=lesson.source)
        [problem] = check_lesson(broken)
        assert problem.line == directive.line


@pytest.mark.parametrize("hand, starter", [("4C 5D 6H", "5S"), ("4C 5D 5H 6S 6C", "JD"), ("5C 5D 10H KS", None)])
def test_an_exercise_the_record_cannot_keep_is_reported_but_the_same_example_is_fine(hand, starter):
    total = score_show(hand, starter).total
    cut = f" | {starter}" if starter else ""
    example = parse_lesson(lesson_with(f"{{hand {hand}{cut} = {total}}}"), name="99-test.md")
    exercise = parse_lesson(lesson_with(f"{{exercise hand {hand}{cut} = {total}}}"), name="99-test.md")
    assert check_lesson(example) == ()
    [problem] = check_lesson(exercise)
    assert "four cards and a starter" in problem.message


def test_a_discard_example_may_leave_the_choice_to_the_analysis():
    directive = parse_directive("{discard 5H 5D JS 4C 6D KS dealer}")
    assert directive.throw == () and check_directive(directive) is None
    assert parse_directive(directive.notation) == directive
    assert check_lesson(parse_lesson(lesson_with(directive.notation), name="99-test.md")) == ()
    with pytest.raises(LessonError, match="must state"):
        parse_directive("{exercise discard 5H 5D JS 4C 6D KS dealer}")


def test_the_command_line_check_reports_the_course_clean(capsys):
    assert main() == 0
    assert capsys.readouterr().out.strip().endswith("0 problems")
