"""The course: every lesson loads and renders, and every total it states is the engine's,
in every language the course is written in (a translation's directives are its
English twin's, one by one).

The expected values in these tests always come from the engine
(``score_show``, ``score_play``, the discard analysis), never from numbers
written here, so a lesson that states a wrong total fails, in either language.
"""

from __future__ import annotations

import re
import shutil

import frontmatter
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis.discard import analyse_discards
from engine.cards import DECK, format_cards
from engine.pegging import score_play
from engine.scoring import ScoreKind, score_show
from trainer.language import i18n
from trainer.lessons.course import (
    LESSONS_DIR,
    DirectiveKind,
    LessonError,
    Seat,
    best_throws,
    check_directive,
    check_lesson,
    course_problems,
    exercise_question_html,
    get_lesson,
    judge,
    lesson_for_combo_type,
    load_lessons,
    parse_directive,
    parse_lesson,
    render_example,
    render_lesson,
    translation_dir,
    translation_problems,
)
from trainer.record.combos import ComboType

LESSONS = load_lessons(language="en")
#: The course in each language it is written in.
COURSE = {language: load_lessons(language=language) for language in i18n.LANGUAGES}
TRANSLATIONS = [language for language in i18n.LANGUAGES if language != i18n.DEFAULT_LANGUAGE]
EVERY_LESSON = [lesson for language in i18n.LANGUAGES for lesson in COURSE[language]]
ALL_DIRECTIVES = [(f"{lesson.language}:{lesson.slug}", d) for lesson in EVERY_LESSON for d in lesson.directives]
#: The last heading of every lesson, in the language it is written in.
EXERCISES = {"en": "Exercises", "ru": "Упражнения"}


def _id(pair):
    slug, directive = pair
    return f"{slug}:{directive.line}"


def _lesson_id(lesson):
    return f"{lesson.language}:{lesson.slug}"


# ------------------------------------------------------------ the course


def test_the_course_covers_the_issue_topics_in_order():
    slugs = [lesson.slug for lesson in LESSONS]
    for topic in ("card-values", "fifteens", "pairs", "runs", "flushes", "nobs-and-heels", "counting-fast",
                  "the-crib", "pegging", "scoring-order", "muggins", "discarding", "pegging-strategy",
                  "variants-and-solitaire"):
        assert topic in slugs
    assert [lesson.order for lesson in LESSONS] == sorted(lesson.order for lesson in LESSONS)
    assert len({lesson.order for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=_lesson_id)
def test_every_lesson_renders_its_examples_and_exercises(lesson):
    html = render_lesson(lesson)
    assert html.count('class="example ') == len(lesson.examples)
    assert html.count('class="exercise"') == len(lesson.exercises)
    assert "{hand" not in html and "{play" not in html and "{exercise" not in html


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=_lesson_id)
def test_every_lesson_ends_with_engine_checked_exercises(lesson):
    assert lesson.exercises, f"{lesson.slug} has no exercises"
    last_heading = lesson.body.rfind("\n## ")
    assert lesson.body[last_heading + 4 :].splitlines()[0].strip() == EXERCISES[lesson.language]
    first_exercise = min(d.line for d in lesson.exercises)
    assert all(d.line < first_exercise for d in lesson.examples)


@pytest.mark.parametrize("lesson", EVERY_LESSON, ids=_lesson_id)
def test_every_lesson_agrees_with_the_engine(lesson):
    assert check_lesson(lesson) == ()


# ------------------------------------------------------------ the translations


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


def _course_copy(tmp_path):
    shutil.copytree(LESSONS_DIR, tmp_path / "lessons")
    return tmp_path / "lessons"


def test_a_translation_whose_directive_differs_from_its_twins_is_reported(tmp_path):
    course = _course_copy(tmp_path)
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
    course = _course_copy(tmp_path)
    path = course / "ru" / LESSONS[1].source
    path.write_text(path.read_text(encoding="utf-8").replace("combos: [fifteen]", "combos: [fifteen, pair]"),
                    encoding="utf-8")
    [problem] = course_problems("ru", course)
    assert "combos" in problem.message


def test_a_missing_translation_falls_back_to_the_english_lesson(tmp_path):
    course = _course_copy(tmp_path)
    (course / "ru" / LESSONS[2].source).unlink()
    russian = load_lessons(course, language="ru")
    assert russian[2].language == "en" and russian[2].title == LESSONS[2].title
    assert russian[1].language == "ru" and russian[1].title == COURSE["ru"][1].title
    [problem] = course_problems("ru", course)
    assert "missing" in problem.message and LESSONS[2].source in problem.lesson
    # and a fallback is English throughout, its examples and exercises too
    with i18n.language("ru"):
        assert "Exercise 1." in render_lesson(russian[2])


def test_a_translation_with_no_english_twin_is_refused(tmp_path):
    course = _course_copy(tmp_path)
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


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].kind is not DirectiveKind.DISCARD], ids=_id)
def test_every_stated_total_is_the_engines(pair):
    _, directive = pair
    if directive.kind is DirectiveKind.PLAY:
        play = score_play(directive.cards)
        go_or_last_card = 1 if directive.ending and play.count != 31 else 0  # RULES.md 2.5: never on top of 31
        assert directive.stated == play.points + go_or_last_card
    else:
        crib = directive.kind is DirectiveKind.CRIB
        assert directive.stated == score_show(directive.cards, directive.starter, crib=crib).total


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].kind is DirectiveKind.DISCARD], ids=_id)
def test_every_stated_discard_is_the_analysis_best(pair):
    _, directive = pair
    options = analyse_discards(directive.cards, dealer=directive.seat.owns_crib)
    best = max(option.net_ev for option in options)
    stated = next(option for option in options if set(option.discard) == set(directive.throw))
    assert stated.net_ev == pytest.approx(best)


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


# ------------------------------------------------------------ the checker


def _lesson_with(directive_line: str) -> str:
    return (
        "---\ntitle: Test\nslug: test\norder: 99\ncombos: [pair]\n---\n"
        f"Some text.\n\n{directive_line}\n\n## Exercises\n\n{{exercise play 9S 9D = {score_play('9S 9D').points}}}\n"
    )


def test_a_deliberately_wrong_hand_total_is_reported_with_the_engines_count():
    true_total = score_show("4C 5D 6H KC", "5S").total
    wrong = f"{{hand 4C 5D 6H KC | 5S = {true_total + 1}}}"
    text = _lesson_with(wrong)
    problems = check_lesson(parse_lesson(text, name="99-test.md"))
    assert len(problems) == 1
    assert problems[0].line == text.splitlines().index(wrong) + 1
    assert f"states {true_total + 1}" in problems[0].message
    assert f"engine counts {true_total}" in problems[0].message


def test_a_deliberately_wrong_play_total_is_reported():
    true_points = score_play("5H 5D 5S").points
    lesson = parse_lesson(_lesson_with(f"{{play 5H 5D 5S = {true_points - 2}}}"), name="99-test.md")
    [problem] = check_lesson(lesson)
    assert str(true_points) in problem.message


def test_a_crib_flush_stated_as_a_hand_flush_is_reported():
    hand_total = score_show("2H 6H 10H QH", "KS").total
    assert hand_total != score_show("2H 6H 10H QH", "KS", crib=True).total
    lesson = parse_lesson(_lesson_with(f"{{crib 2H 6H 10H QH | KS = {hand_total}}}"), name="99-test.md")
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


# ------------------------------------------------------------ parsing


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
    text = _lesson_with(bad)
    with pytest.raises(LessonError, match=rf"99-test.md line {text.splitlines().index(bad) + 1}:"):
        parse_lesson(text, name="99-test.md")


def test_front_matter_must_agree_with_the_file_name_and_name_known_combos():
    with pytest.raises(LessonError, match="file name"):
        parse_lesson(_lesson_with("text"), name="98-test.md")
    with pytest.raises(LessonError, match="unknown combo"):
        parse_lesson(_lesson_with("x").replace("[pair]", "[pears]"), name="99-test.md")
    with pytest.raises(LessonError, match="YAML"):
        parse_lesson("---\ntitle: a: b\n---\n", name="x.md")


def test_front_matter_of_the_wrong_type_gets_a_message():
    with pytest.raises(LessonError, match="the order should be a whole number, not 'ninety-nine'"):
        parse_lesson(_lesson_with("x").replace("order: 99", "order: ninety-nine"), name="99-test.md")
    with pytest.raises(LessonError, match="the combos should be a list"):
        parse_lesson(_lesson_with("x").replace("[pair]", "pair"), name="99-test.md")


def test_a_directive_in_a_code_block_is_shown_as_code_not_scored():
    text = _lesson_with("```\n{hand 4C 5D 6H KC | 5S = 1}\n```")
    lesson = parse_lesson(text, name="99-test.md")
    assert [d.kind for d in lesson.directives] == [DirectiveKind.PLAY]
    assert "{hand 4C 5D 6H KC | 5S = 1}" in render_lesson(lesson)


@pytest.mark.parametrize("pair", ALL_DIRECTIVES, ids=_id)
def test_notation_round_trips(pair):
    _, directive = pair
    again = parse_directive(directive.notation, line=directive.line)
    assert again == directive


# ------------------------------------------------------------ rendering and judging


def test_an_example_shows_cards_in_suit_colours_the_breakdown_and_the_spoken_count():
    lesson = parse_lesson(_lesson_with("{hand 4C 5D 6H KC | 5S = %d}" % score_show("4C 5D 6H KC", "5S").total),
                          name="99-test.md")
    html = render_lesson(lesson)
    result = score_show("4C 5D 6H KC", "5S")
    assert re.search(r'<span class="card red"[^>]*data-card="5D"><span class="rank">5</span><span class="suit"[^>]*>♦', html)
    assert re.search(r'<span class="card black"[^>]*data-card="4C"><span class="rank">4</span><span class="suit"[^>]*>♣', html)
    assert html.count("<tr><td>") == len(result.items)
    assert f'class="points total">{result.total}<' in html
    assert result.spoken in html


def test_the_web_can_draw_exercises_its_own_way():
    lesson = LESSONS[0]
    seen = []
    html = render_lesson(lesson, lambda directive, number: seen.append((number, directive)) or f"<form>{number}</form>")
    assert [number for number, _ in seen] == list(range(1, len(lesson.exercises) + 1))
    assert [directive for _, directive in seen] == list(lesson.exercises)
    assert "<form>1</form>" in html


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].is_exercise and p[1].kind is not DirectiveKind.DISCARD], ids=_id)
def test_exercises_accept_the_engines_answer_and_nothing_else(pair):
    _, directive = pair
    truth = directive.engine_total()
    assert judge(directive, str(truth)).correct
    assert not judge(directive, str(truth + 1)).correct
    assert not judge(directive, "").correct
    assert not judge(directive, "lots").correct


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].is_exercise and p[1].kind is DirectiveKind.DISCARD], ids=_id)
def test_discard_exercises_accept_the_best_throw(pair):
    _, directive = pair
    assert judge(directive, format_cards(directive.throw)).correct
    assert judge(directive, format_cards(reversed(directive.throw))).correct
    others = [c for c in directive.cards if c not in directive.throw]
    worse = judge(directive, format_cards(others[:2]))
    if all(set(others[:2]) != set(t) for t in best_throws(directive)):
        assert not worse.correct
    assert not judge(directive, format_cards(directive.throw[:1])).correct


def test_a_seat_says_whose_crib_it_is():
    assert Seat.DEALER.owns_crib and not Seat.PONE.owns_crib
    assert parse_directive("{discard 5H 5D JS 4C 6D KS dealer = JS KS}").seat is Seat.DEALER


def test_a_wrong_answer_is_told_the_engines_count_and_how_it_is_spoken():
    verdict = judge(parse_directive("{exercise hand 4C 5D 6H KC | 5S = 16}"), "3")
    truth = score_show("4C 5D 6H KC", "5S")
    assert not verdict.correct
    assert verdict.expected == str(truth.total)
    assert verdict.explanation == truth.spoken


@pytest.mark.parametrize("lesson", [lesson for course in COURSE.values() for lesson in course[:4]], ids=_lesson_id)
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


@pytest.mark.parametrize("combo_type", list(ComboType), ids=str)
def test_every_record_combo_type_links_to_a_lesson_teaching_it(combo_type):
    lesson = lesson_for_combo_type(combo_type)
    assert combo_type.category in lesson.combos
    assert lesson.about_pegging == combo_type.is_pegging
    assert lesson_for_combo_type(combo_type.value) == lesson


@pytest.mark.parametrize("hand, starter", [("4C 5D 6H", "5S"), ("4C 5D 5H 6S 6C", "JD"), ("5C 5D 10H KS", None)])
def test_an_exercise_the_record_cannot_keep_is_reported_but_the_same_example_is_fine(hand, starter):
    total = score_show(hand, starter).total
    cut = f" | {starter}" if starter else ""
    example = parse_lesson(_lesson_with(f"{{hand {hand}{cut} = {total}}}"), name="99-test.md")
    exercise = parse_lesson(_lesson_with(f"{{exercise hand {hand}{cut} = {total}}}"), name="99-test.md")
    assert check_lesson(example) == ()
    [problem] = check_lesson(exercise)
    assert "four cards and a starter" in problem.message


def test_a_discard_example_may_leave_the_choice_to_the_analysis():
    directive = parse_directive("{discard 5H 5D JS 4C 6D KS dealer}")
    assert directive.throw == () and check_directive(directive) is None
    assert parse_directive(directive.notation) == directive
    html = render_lesson(parse_lesson(_lesson_with(directive.notation), name="99-test.md"))
    best = best_throws(directive)
    assert all(f'data-card="{card}"' in html.split('class="throw"')[1].split(" and keep")[0] for card in best[0])
    with pytest.raises(LessonError, match="must state"):
        parse_directive("{exercise discard 5H 5D JS 4C 6D KS dealer}")


def test_the_command_line_check_reports_the_course_clean(capsys):
    from trainer.lessons.course import main

    assert main() == 0
    assert capsys.readouterr().out.strip().endswith("0 problems")


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


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].kind is DirectiveKind.PLAY], ids=_id)
def test_every_pile_scores_the_same_as_the_pegging_quiz_would(pair):
    from trainer.lessons.progress import pegging_moment

    _, directive = pair
    assert pegging_moment(directive).points == directive.engine_total()


# ------------------------------------------------------------ in Russian


def test_a_russian_example_is_labelled_counted_and_spoken_in_russian():
    from engine.spoken_ru import spoken_count_ru

    directive = parse_directive("{hand 4C 5D 6H KC | 5S = %d}" % score_show("4C 5D 6H KC", "5S").total)
    result = score_show("4C 5D 6H KC", "5S")
    with i18n.language("ru"):
        html = render_example(directive)
    assert "<th>комбинация</th><th>карты</th><th>очки</th>" in html and ">итого<" in html
    assert '>рука <span class="cards">' in html and ">стартер<" in html
    assert f"«{spoken_count_ru(result.items)}»" in html
    assert 'aria-label="король треф"' in html and '<span class="rank">К</span>' in html
    assert "<td>пятнадцать</td>" in html and "<td>последовательность из трёх</td>" in html.replace("\u00ad", "")
    for english in ("score", "cards", "points", "total", "starter", "fifteen", "pair", "hand"):
        assert f">{english}<" not in html and f">{english} " not in html


def test_a_russian_lesson_is_rendered_in_russian_whatever_the_current_language():
    html = render_lesson(COURSE["ru"][1])
    assert "Упражнение 1. Посчитайте эту руку." in html and "Exercise" not in html


@pytest.mark.parametrize("pile, spoken", [
    ("5H 5D 5S", "пятнадцать — два, и королевская пара — восемь"),
    ("7C 4D 4H", "пятнадцать — два, и пара — четыре"),
    ("7C 8D 9H 7S", "тридцать одно — два, и последовательность из трёх — пять"),
    ("KS 9H", "девятнадцать, очков нет"),
    ("10C KH KS go", "пара — два, и за «гоу» — три"),
    ("9H 6S 4C last", "за последнюю карту — одно"),
    ("4H 4D 4S 4C", "двойная королевская пара — двенадцать"),
    ("AS 2D 3C 4H 5S 6D 7C", "последовательность из семи — семь"),
])
def test_the_play_is_spoken_in_russian_with_running_totals(pile, spoken):
    directive = parse_directive(f"{{play {pile} = 0}}")
    with i18n.language("ru"):
        assert judge(directive, "0").explanation == spoken
        assert f"«{spoken}»" in render_example(directive)
    assert judge(directive, "0").explanation != spoken  # English stays English


@pytest.mark.parametrize("lesson", COURSE["ru"], ids=_lesson_id)
def test_every_russian_exercise_and_example_speaks_russian(lesson):
    html = render_lesson(lesson)
    assert html.count("Упражнение ") == len(lesson.exercises)
    for english in ("Exercise", "Count this", "Pick two", "Score the", ">hand ", ">crib ", ">pile ", ">dealt ",
                    "lay away", "before the cut", "the four kept", "(avg)", "net (", "You deal", "Your opponent",
                    ">starter<", ">count ", "neither player", "last card of the play", " for two", "no score"):
        assert english not in html, english


@pytest.mark.parametrize("seat", ["dealer", "pone"])
def test_a_discard_is_judged_and_shown_in_russian_with_decimal_commas(seat):
    directive = parse_directive(f"{{exercise discard 5H 5D JS 4C 6D KS {seat} = JS KS}}")
    others = [c for c in directive.cards if c not in directive.throw]
    with i18n.language("ru"):
        verdict = judge(directive, format_cards(others[:2]))
        html = render_example(directive)
        question = exercise_question_html(directive, 3)
    assert verdict.explanation.startswith("Если отложить")
    assert ("в свои ясли" if seat == "dealer" else "в ясли соперника") in verdict.explanation
    assert re.search(r"в среднем \d+,\d\d, а (его )?ясли\s— \d+,\d\d: итог -?\d+,\d\d\. Лучший сброс\s— ", verdict.explanation)
    assert re.search(r'<td class="points">\d+,\d\d</td>', html)
    assert ("Сдаёте вы: ясли ваши." if seat == "dealer" else "Сдаёт соперник: ясли его.") in html
    assert ("итог (рука + ясли)" if seat == "dealer" else "итог (рука − ясли)") in html
    assert question.startswith('<p class="prompt">Упражнение 3. Выберите две карты для сброса: ')
    assert ">сдано <" in question


@pytest.mark.parametrize("hand", ["AS 3D 7C QH", "5C 10D 2H 4S", "AS 2D 3C 4H", "5C 5D 5H AS", "5C 5D 10H JS"])
def test_the_cards_kept_say_their_points_with_the_russian_plural(hand):
    from engine.spoken_ru import plural_ru

    total = score_show(hand).total
    directive = parse_directive(f"{{discard {hand} 9C 8D pone = 9C 8D}}")
    with i18n.language("ru"):
        html = render_example(directive)
    assert f"до среза это {total}\u00a0{plural_ru(total, 'очко', 'очка', 'очков')}</p>" in html
