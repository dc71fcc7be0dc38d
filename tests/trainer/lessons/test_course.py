"""The course's values, parsing and loading: every lesson loads in every
language it is written in, a translation falls back to English where missing,
and malformed lessons are refused with their file and line."""

from __future__ import annotations

import shutil

import frontmatter
import pytest

from engine.pegging import score_play
from engine.scoring import ScoreKind
from trainer.language import i18n
from trainer.lessons.checks import course_problems
from trainer.lessons.course import (
    LESSONS_DIR,
    DirectiveKind,
    LessonError,
    Seat,
    get_lesson,
    lesson_for_combo_type,
    load_lessons,
    parse_directive,
    parse_lesson,
    translation_dir,
)
from trainer.record.combos import ComboType

from .course_data import (
    ALL_DIRECTIVES,
    COURSE,
    EVERY_LESSON,
    EXERCISES,
    LESSONS,
    TRANSLATIONS,
    course_copy,
    directive_id,
    lesson_id,
    lesson_with,
)


def test_the_course_covers_the_issue_topics_in_order():
    slugs = [lesson.slug for lesson in LESSONS]
    for topic in ("card-values", "fifteens", "pairs", "runs", "flushes", "nobs-and-heels", "counting-fast",
                  "the-crib", "pegging", "scoring-order", "muggins", "discarding", "pegging-strategy",
                  "variants-and-solitaire"):
        assert topic in slugs
    assert [lesson.order for lesson in LESSONS] == sorted(lesson.order for lesson in LESSONS)
    assert len({lesson.order for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=lesson_id)
def test_every_lesson_ends_with_engine_checked_exercises(lesson):
    assert lesson.exercises, f"{lesson.slug} has no exercises"
    last_heading = lesson.body.rfind("\n## ")
    assert lesson.body[last_heading + 4 :].splitlines()[0].strip() == EXERCISES[lesson.language]
    first_exercise = min(d.line for d in lesson.exercises)
    assert all(d.line < first_exercise for d in lesson.examples)


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_english_lesson_has_its_translation_under_the_same_file_name(language):
    english = sorted(path.name for path in LESSONS_DIR.glob("*.md"))
    translated = sorted(path.name for path in translation_dir(language).glob("*.md"))
    assert translated == english
    assert all(lesson.language == language for lesson in COURSE[language])
    assert [lesson.slug for lesson in COURSE[language]] == [lesson.slug for lesson in LESSONS]


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("name", sorted(path.name for path in LESSONS_DIR.glob("*.md")))
def test_a_translation_has_its_twins_front_matter_but_its_own_title_and_summary(language, name):
    english = frontmatter.loads((LESSONS_DIR / name).read_text(encoding="utf-8")).metadata
    translated = frontmatter.loads((translation_dir(language) / name).read_text(encoding="utf-8")).metadata
    own = ("title", "summary")
    assert {k: v for k, v in translated.items() if k not in own} == {k: v for k, v in english.items() if k not in own}
    assert set(translated) == set(english)
    assert translated["title"] != english["title"] and translated["summary"] != english["summary"]


def test_a_missing_translation_falls_back_to_the_english_lesson(tmp_path):
    course = course_copy(tmp_path)
    (course / "ru" / LESSONS[2].source).unlink()
    russian = load_lessons(course, language="ru")
    assert russian[2].language == "en" and russian[2].title == LESSONS[2].title
    assert russian[1].language == "ru" and russian[1].title == COURSE["ru"][1].title
    [problem] = course_problems("ru", course)
    assert "missing" in problem.message and LESSONS[2].source in problem.lesson
    assert russian[2].directives == LESSONS[2].directives


def test_a_translation_with_no_english_twin_is_refused(tmp_path):
    course = course_copy(tmp_path)
    shutil.copy(course / "ru" / LESSONS[1].source, course / "ru" / "99-stray.md")
    text = (course / "ru" / "99-stray.md").read_text(encoding="utf-8")
    (course / "ru" / "99-stray.md").write_text(
        text.replace(f"slug: {LESSONS[1].slug}", "slug: stray").replace(f"order: {LESSONS[1].order}", "order: 99"),
        encoding="utf-8")
    with pytest.raises(LessonError, match="no English lesson has the slug stray"):
        load_lessons(course, language="ru")


def test_the_language_defaults_to_the_current_one_and_an_unknown_one_is_english():
    with i18n.language("ru"):
        assert load_lessons() == COURSE["ru"]
        assert get_lesson(LESSONS[1].slug).title == COURSE["ru"][1].title
        assert lesson_for_combo_type("pair").language == "ru"
    assert load_lessons() == LESSONS
    assert load_lessons(language="de") == LESSONS


def test_the_course_has_every_kind_of_exercise():
    kinds = {d.kind for lesson in LESSONS for d in lesson.exercises}
    assert kinds == set(DirectiveKind)


def test_every_combo_type_the_review_can_name_has_a_lesson():
    for kind in ScoreKind:
        lesson = lesson_for_combo_type(kind)
        assert lesson is not None, kind
        assert kind in lesson.combos
        assert lesson_for_combo_type(kind.value) == lesson
        earlier = [other for other in LESSONS if other.order < lesson.order]
        assert all(kind not in other.combos for other in earlier)


def test_get_lesson_finds_by_slug_and_refuses_unknown_ones():
    assert get_lesson(LESSONS[0].slug) == LESSONS[0]
    with pytest.raises(LookupError):
        get_lesson("no-such-lesson")


@pytest.mark.parametrize("combo_type", list(ComboType), ids=str)
def test_every_record_combo_type_links_to_a_lesson_teaching_it(combo_type):
    lesson = lesson_for_combo_type(combo_type)
    assert combo_type.category in lesson.combos
    assert lesson.about_pegging == combo_type.is_pegging
    assert lesson_for_combo_type(combo_type.value) == lesson


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{hand 4C 5D 6H KC | 5S}", "must state its total"),
        ("{hand 4C 5D 6H KX | 5S = 16}", "is not a card"),
        ("{hand 4C 5D 6H 4C | 5S = 16}", "appears twice"),
        ("{hand 4C 5D 6H KC | 4C = 16}", "appears twice"),
        ("{play 5H 5D | 5S = 2}", "no starter"),
        ("{discard 5H 5D JS 4C 6D KS = JS KS}", "whose crib"),
        ("{discard 5H 5D JS 4C 6D dealer = JS 4C}", "starts from six cards"),
        ("{discard 5H 5D JS 4C 6D KS pone = JS}", "lay away two of the six"),
        ("{hand 4C 5D 6H KC | 5S = lots}", "not a number"),
    ],
)
def test_malformed_directives_are_refused_with_a_reason(text, reason):
    with pytest.raises(LessonError, match=reason):
        parse_directive(text)


def test_a_malformed_directive_names_its_file_and_line():
    bad = "{hand 4C 5D 6H KX | 5S = 3}"
    text = lesson_with(bad)
    with pytest.raises(LessonError, match=rf"99-test.md line {text.splitlines().index(bad) + 1}:"):
        parse_lesson(text, name="99-test.md")


def test_front_matter_must_agree_with_the_file_name_and_name_known_combos():
    with pytest.raises(LessonError, match="file name"):
        parse_lesson(lesson_with("text"), name="98-test.md")
    with pytest.raises(LessonError, match="unknown combo"):
        parse_lesson(lesson_with("x").replace("[pair]", "[pears]"), name="99-test.md")
    with pytest.raises(LessonError, match="YAML"):
        parse_lesson("---\ntitle: a: b\n---\n", name="x.md")


def test_front_matter_of_the_wrong_type_gets_a_message():
    with pytest.raises(LessonError, match="the order should be a whole number, not 'ninety-nine'"):
        parse_lesson(lesson_with("x").replace("order: 99", "order: ninety-nine"), name="99-test.md")
    with pytest.raises(LessonError, match="the combos should be a list"):
        parse_lesson(lesson_with("x").replace("[pair]", "pair"), name="99-test.md")


@pytest.mark.parametrize("pair", ALL_DIRECTIVES, ids=directive_id)
def test_notation_round_trips(pair):
    _, directive = pair
    again = parse_directive(directive.notation, line=directive.line)
    assert again == directive


def test_a_seat_says_whose_crib_it_is():
    assert Seat.DEALER.owns_crib and not Seat.PONE.owns_crib
    assert parse_directive("{discard 5H 5D JS 4C 6D KS dealer = JS KS}").seat is Seat.DEALER


@pytest.mark.parametrize("pile", ["KD QC 9S AH", "KD QC 9S 2H", "5H 5D 5S", "AS 2D 5C 4H 3S"])
@pytest.mark.parametrize("ending", ["go", "last"])
def test_a_pile_that_takes_the_go_or_last_card_adds_one_except_at_31(pile, ending):
    plain = score_play(pile)
    directive = parse_directive(f"{{play {pile} {ending} = 0}}")
    assert directive.notation == f"{{play {pile} {ending} = 0}}"
    extra = 0 if plain.count == 31 else 1
    assert directive.engine_total() == plain.points + extra
    kinds = [item.kind for item in directive.play_score().items]
    assert (ScoreKind.GO if ending == "go" else ScoreKind.LAST_CARD) in kinds or plain.count == 31
