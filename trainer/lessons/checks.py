"""Checking the course against the engine: a lesson can never teach a wrong count.

Stated totals are never trusted: :func:`check_lesson` compares each with the
engine (a hand's or crib's show, a pile's points, the discard analysis' best
throws), and :func:`translation_problems` holds a translated lesson to its
English twin's front matter and card directives, one by one in order, so the
examples, the exercises, their numbers and the learner's progress are the
same in every language.  ``python -m trainer.lessons.checks`` checks the whole
course in every language.

>>> from trainer.lessons.course import EXAMPLE, parse_lesson
>>> check_lesson(parse_lesson(EXAMPLE, name="02-fifteens.md"))
()
>>> wrong = parse_lesson(EXAMPLE.replace("= 16", "= 14"), name="02-fifteens.md")
>>> [problem.message for problem in check_lesson(wrong)]
['states 14 but the engine counts 16']
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

from engine.analysis.discard import DiscardOption, analyse_discards
from engine.cards import Card, format_cards
from engine.errors import IllegalActionError, InvalidCardError
from trainer.drills import grading
from trainer.drills.deal import DiscardDeal
from trainer.language import i18n
from trainer.lessons.course import LESSONS_DIR, Directive, DirectiveKind, Lesson, load_lessons


@dataclass(frozen=True, slots=True)
class Problem:
    """A directive whose stated answer disagrees with the engine."""

    lesson: str
    line: int
    notation: str
    message: str

    def __str__(self) -> str:
        return f"{self.lesson} line {self.line}: {self.notation}: {self.message}"


def discard_deal(directive: Directive) -> DiscardDeal:
    """A discard directive as the discard drill's deal."""
    return DiscardDeal(directive.cards, directive.owns_crib)


def discard_options(directive: Directive) -> tuple[DiscardOption, ...]:
    """The analysis of every discard of a discard directive, best first."""
    return analyse_discards(directive.cards, dealer=directive.owns_crib)


def best_throws(directive: Directive) -> tuple[tuple[Card, ...], ...]:
    """The throws the engine's discard analysis rates best, ties included
    (within the drills' tolerance, :func:`trainer.drills.grading.best_discards`)."""
    return tuple(option.discard for option in grading.best_discards(discard_options(directive)))


def check_directive(directive: Directive) -> str | None:
    """What is wrong with a directive's stated answer, or ``None`` if the engine agrees."""
    if directive.kind is DirectiveKind.DISCARD:
        best = best_throws(directive)
        if not directive.throw or any(set(throw) == set(directive.throw) for throw in best):
            return None
        options = " or ".join(format_cards(throw) for throw in best)
        return f"says lay away {format_cards(directive.throw)} but the analysis prefers {options}"
    try:
        total = directive.engine_total()
    except (IllegalActionError, InvalidCardError) as error:
        return str(error)
    if total != directive.stated:
        return f"states {directive.stated} but the engine counts {total}"
    return None


#: Most cards a pegging pile can hold (two players' hands of four).
MAX_PILE = 8


def _unrecordable(directive: Directive) -> str | None:
    """Why an exercise could not be kept in the learner's record, whose show
    drills hold four cards and a starter (the variants' hands stay examples)."""
    if directive.kind in (DirectiveKind.HAND, DirectiveKind.CRIB):
        if len(directive.cards) != 4 or directive.starter is None:
            return "an exercise counts in the learner's record, which keeps four cards and a starter"
    if directive.kind is DirectiveKind.PLAY and len(directive.cards) > MAX_PILE:
        return f"a pegging pile holds at most {MAX_PILE} cards"
    return None


def check_lesson(lesson: Lesson) -> tuple[Problem, ...]:
    """Every disagreement between the lesson and the engine (empty when all is right)."""
    problems = []
    for directive in lesson.directives:
        message = check_directive(directive) or (_unrecordable(directive) if directive.is_exercise else None)
        if message:
            problems.append(Problem(lesson.source or lesson.slug, directive.line, directive.notation, message))
    if not lesson.exercises:
        problems.append(Problem(lesson.source or lesson.slug, 0, "", "has no exercises"))
    return tuple(problems)



#: The front matter a translation keeps from its English twin (title and summary are its own).
_SHARED_FRONT_MATTER = ("slug", "order", "combos", "about_pegging")


def translation_problems(english: Lesson, translated: Lesson) -> tuple[Problem, ...]:
    """Where a translated lesson departs from its English twin: its front matter
    (all but the title and summary) and its card directives, one by one in order,
    must be the twin's, so the examples, the exercises, their numbers and the
    learner's progress are the same in every language.

    >>> from trainer.lessons.course import EXAMPLE, parse_lesson
    >>> english = parse_lesson(EXAMPLE, name="02-fifteens.md")
    >>> russian = parse_lesson(EXAMPLE.replace("Fifteens", "Пятнадцать").replace("7H 8S", "7H 8D"), name="02-fifteens.md")
    >>> [problem.message for problem in translation_problems(english, russian)]
    ["has '{exercise play 7H 8D = 2}' where the English lesson has '{exercise play 7H 8S = 2}'"]
    """
    where = translated.source or translated.slug
    problems = [
        Problem(where, 0, "", f"its front matter says {field} {mine!r} where the English lesson says {theirs!r}")
        for field in _SHARED_FRONT_MATTER
        if (mine := getattr(translated, field)) != (theirs := getattr(english, field))
    ]
    for mine, theirs in itertools.zip_longest(translated.directives, english.directives):
        if mine is None:
            problems.append(Problem(where, 0, theirs.notation, "lacks this directive of the English lesson"))
        elif theirs is None:
            problems.append(Problem(where, mine.line, mine.notation, "has a directive the English lesson does not"))
        elif mine.notation != theirs.notation:
            problems.append(Problem(where, mine.line, mine.notation,
                                    f"has {mine.notation!r} where the English lesson has {theirs.notation!r}"))
    return tuple(problems)


def course_problems(language: str = i18n.DEFAULT_LANGUAGE, directory: Path = LESSONS_DIR) -> tuple[Problem, ...]:
    """Everything wrong with the course in one language: each lesson written in
    it against the engine (:func:`check_lesson`) and, for a translation, against
    its English twin (:func:`translation_problems`); a lesson not translated
    yet is a problem too (readers meanwhile get the English one).

    >>> course_problems("en"), course_problems("ru")
    ((), ())
    """
    lessons = load_lessons(directory, language=language)
    problems = [problem for lesson in lessons if lesson.language == language for problem in check_lesson(lesson)]
    if language != i18n.DEFAULT_LANGUAGE:
        english = {lesson.slug: lesson for lesson in load_lessons(directory, language=i18n.DEFAULT_LANGUAGE)}
        for lesson in lessons:
            if lesson.language != language:
                problems.append(Problem(f"{language}/{lesson.source}", 0, "", "is missing: the English lesson is shown"))
            else:
                problems.extend(translation_problems(english[lesson.slug], lesson))
    return tuple(problems)


def main() -> int:
    """Check every lesson against the engine, in every language: ``python -m trainer.lessons.checks``.

    Prints one line per problem (file, line, directive, what is wrong: a
    stated total the engine disagrees with, or a translation whose front
    matter or directives are not its English twin's) and a summary line per
    language, and returns 1 if there is any problem, so a lesson author (or
    translator) can check before committing.
    """
    found = 0
    for language in i18n.LANGUAGES:
        problems = course_problems(language)
        for problem in problems:
            print(problem)
        lessons = load_lessons(language=language)
        count = sum(len(lesson.directives) for lesson in lessons)
        print(f"{language}: {len(lessons)} lessons, {count} examples and exercises, {len(problems)} problems")
        found += len(problems)
    return 1 if found else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
