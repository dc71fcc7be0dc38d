"""Lessons: the course index with the learner's progress, each lesson, and its exercises.

Reading needs no profile; answering an exercise does, because the answer is
recorded in the learner's record.  Views are thin: the lesson is rendered
by :mod:`trainer.lessons.render`, judged by :mod:`trainer.lessons.judging`, recorded by :mod:`trainer.lessons.progress`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, g, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import SelectMultipleField, StringField
from wtforms.validators import InputRequired, Regexp, ValidationError

from engine.scoring import ScoreKind
from trainer import database
from trainer.language import i18n, words
from trainer.language.i18n import NC_, lazy_gettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.lessons.course import Directive, DirectiveKind, Lesson, lesson_for_combo_type, load_lessons
from trainer.lessons.judging import answer_text, judge, read_answer
from trainer.lessons.progress import LessonProgress, answer_exercise, course_progress
from trainer.lessons.render import Breakdown, Exercise, breakdown, lesson_parts
from trainer.record.combos import ComboType
from trainer.web.learners import learner_required

bp = Blueprint("lessons", __name__, url_prefix="/lessons")
NAV = ("lessons.index", NC_("nav", "Lessons"))

_VERDICT_KEY = "lesson_verdict"


class PointsForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    """The answer to a count or pegging exercise: a number of points."""

    # The label is never shown (the page labels the field in the learner's language); the messages are flashed.
    answer = StringField("Points", validators=[
        InputRequired(lazy_gettext("Type the points.")),
        Regexp(r"^\s*\d{1,2}\s*$", message=lazy_gettext("Type the points as a number, like 12.")),
    ])


class DiscardForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    """The answer to a discard exercise: two of the six cards."""

    throw = SelectMultipleField("Lay away", validate_choice=True)  # never shown: the page's legend names it

    def validate_throw(self, field: SelectMultipleField) -> None:
        if len(field.data or ()) != 2:
            raise ValidationError(_("Pick exactly two cards to lay away."))


@bp.app_template_global("lesson_for_combo")
def lesson_for_combo(kind: ScoreKind | ComboType | str) -> Lesson | None:
    """The lesson that teaches a combo type, for links from other pages:
    ``{% set lesson = lesson_for_combo(row.type) %}`` in the review."""
    try:
        return lesson_for_combo_type(kind)
    except (ValueError, KeyError):
        return None


def _form_for(directive: Directive, formdata: MultiDict[str, str] | None = None) -> FlaskForm:
    if directive.kind is DirectiveKind.DISCARD:
        form = DiscardForm(formdata=formdata)
        form.throw.choices = [(str(c), words.face(c)) for c in directive.cards]
        return form
    return PointsForm(formdata=formdata)


def _lesson_or_404(slug: str) -> Lesson:
    """The lesson ``slug`` names, in the page's language; 404 when none does.  Found
    by its slug rather than by catching ``get_lesson``'s ``LookupError``, which a
    ``KeyError`` of a bug in loading the lessons would pass for: a bug is a 500."""
    lesson = next((lesson for lesson in load_lessons() if lesson.slug == slug), None)
    if lesson is None:
        abort(404)
    return lesson


def _exercise_or_404(slug: str, number: int) -> tuple[Lesson, Directive]:
    """The lesson and its exercise ``number`` (from 1); 404 when it has no such exercise."""
    lesson = _lesson_or_404(slug)
    if not 1 <= number <= len(lesson.exercises):
        abort(404)
    return lesson, lesson.exercise(number)


def _progress_of(lesson: Lesson) -> LessonProgress | None:
    if g.get("learner") is None:
        return None
    return course_progress(g.learner.id, (lesson,))[0]


@bp.get("/")
def index() -> ResponseReturnValue:
    """The course, with the learner's progress and the next lesson to do."""
    lessons = load_lessons()
    progress = course_progress(g.learner.id, lessons) if g.get("learner") else None
    upcoming = None
    if progress:
        upcoming = next((p.lesson for p in progress if not p.done), None)
    return render_template("lessons/index.html", title=pgettext("nav", "Lessons"), lessons=lessons, progress=progress,
                           upcoming=upcoming)


@dataclass(frozen=True)
class ExerciseState:
    """What an exercise's form shows: its question, whether it is solved, and
    the verdict of the answer just given (with the engine's breakdown)."""

    directive: Directive
    number: int
    form: FlaskForm
    solved: bool
    verdict: dict[str, Any] | None
    breakdown: Breakdown | None


def _exercise_state(part: Exercise, progress: LessonProgress | None, verdict: dict[str, Any] | None) -> ExerciseState:
    directive, number = part.directive, part.number
    shown = verdict if verdict and verdict.get("number") == number else None
    if shown:  # as the learner reads it now: a discard's cards by their faces, in the page's language
        try:
            given = read_answer(directive, str(shown["answer"]))
        except ValueError:  # kept by a page of the lesson before its exercise changed
            shown = None
        else:
            shown = dict(shown, answer_text=answer_text(directive, shown["answer"]),
                         expected_text=answer_text(directive, shown["expected"]),
                         explanation=judge(directive, given).explanation)
    return ExerciseState(directive, number, _form_for(directive), bool(progress and number in progress.solved),
                         shown, breakdown(directive) if shown else None)


def lesson_body(lesson: Lesson, progress: LessonProgress | None = None, verdict: dict[str, Any] | None = None) -> Markup:
    """The lesson's text, examples and exercises as HTML, all in the lesson's language
    (an English lesson shown where a translation is missing is English throughout)."""
    with i18n.language(lesson.language):
        parts = lesson_parts(lesson)
        exercises = {part.number: _exercise_state(part, progress, verdict) for part in parts
                     if isinstance(part, Exercise)}
        return Markup(render_template("lessons/_body.html", lesson=lesson, parts=parts, exercises=exercises))


@bp.get("/<slug>")
def lesson(slug: str) -> ResponseReturnValue:
    """One lesson: examples scored live, exercises as forms, the last verdict shown once."""
    lesson = _lesson_or_404(slug)
    progress = _progress_of(lesson)
    verdict = session.pop(_VERDICT_KEY, None)
    if verdict and verdict.get("slug") != slug:
        verdict = None
    lessons = load_lessons()
    position = [other.slug for other in lessons].index(slug)
    return render_template(
        "lessons/lesson.html",
        title=lesson.title,
        lesson=lesson,
        body=lesson_body(lesson, progress, verdict),
        progress=progress,
        previous=lessons[position - 1] if position > 0 else None,
        following=lessons[position + 1] if position + 1 < len(lessons) else None,
    )


@bp.get("/<slug>/exercises/<int:number>")
def exercise(slug: str, number: int) -> ResponseReturnValue:
    """An exercise's own address shows it in its lesson (where signing in sends a learner back)."""
    _exercise_or_404(slug, number)
    return redirect(url_for("lessons.lesson", slug=slug, _anchor=f"exercise-{number}"))


@bp.post("/<slug>/exercises/<int:number>")
@learner_required
def answer(slug: str, number: int) -> ResponseReturnValue:
    """Judge and record an exercise's answer, then go back to it (post/redirect/get)."""
    lesson, directive = _exercise_or_404(slug, number)
    form = _form_for(directive, request.form)
    back = url_for("lessons.lesson", slug=slug, _anchor=f"exercise-{number}")
    if not form.validate_on_submit():
        for errors in form.errors.values():
            for message in errors:
                flash(str(message), "error")  # a lazy message, in the learner's language
        return redirect(back)
    given = read_answer(directive, " ".join(form.throw.data) if directive.kind is DirectiveKind.DISCARD
                        else form.answer.data)  # the form checked it is one
    verdict, _attempt = answer_exercise(g.learner.id, lesson, number, given)
    database.commit()
    session[_VERDICT_KEY] = {
        "slug": slug,
        "number": number,
        "correct": verdict.correct,
        "answer": verdict.answer,
        "expected": verdict.expected,
        "explanation": verdict.explanation,
    }
    return redirect(back)
