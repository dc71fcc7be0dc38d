"""The course as the lessons' tests read it: every lesson in every language it is
written in, every directive, and a small lesson to put one directive in."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.pegging import score_play
from trainer.language import i18n
from trainer.lessons.course import LESSONS_DIR, load_lessons

LESSONS = load_lessons(language="en")
#: The course in each language it is written in.
COURSE = {language: load_lessons(language=language) for language in i18n.LANGUAGES}
TRANSLATIONS = [language for language in i18n.LANGUAGES if language != i18n.DEFAULT_LANGUAGE]
EVERY_LESSON = [lesson for language in i18n.LANGUAGES for lesson in COURSE[language]]
ALL_DIRECTIVES = [(f"{lesson.language}:{lesson.slug}", d) for lesson in EVERY_LESSON for d in lesson.directives]
#: The last heading of every lesson, in the language it is written in.
EXERCISES = {"en": "Exercises", "ru": "Упражнения"}


def directive_id(pair) -> str:
    slug, directive = pair
    return f"{slug}:{directive.line}"


def lesson_id(lesson) -> str:
    return f"{lesson.language}:{lesson.slug}"


def lesson_with(directive_line: str) -> str:
    """A lesson's text holding ``directive_line`` as its example, and one exercise the engine agrees with."""
    return (
        "---\ntitle: Test\nslug: test\norder: 99\ncombos: [pair]\n---\n"
        f"Some text.\n\n{directive_line}\n\n## Exercises\n\n{{exercise play 9S 9D = {score_play('9S 9D').points}}}\n"
    )


def course_copy(tmp_path: Path) -> Path:
    """A copy of the course, to break."""
    shutil.copytree(LESSONS_DIR, tmp_path / "lessons")
    return tmp_path / "lessons"
