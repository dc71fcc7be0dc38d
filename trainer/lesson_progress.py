"""A learner's progress through the course, kept in the learner's record.

Lesson exercises are recorded as ordinary attempts through
:func:`trainer.record.record_attempt` (a hand or crib as a show attempt, a
pile as a pegging attempt, a discard as a discard attempt, all with mode
``"lesson"``), so they count in the review like any drill.  Progress is read
back from those attempts: no table of its own.  An exercise is known by its
lesson and its notation, so renumbering a lesson's exercises keeps progress.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import format_cards
from trainer import record
from trainer.checking import check_pegging, check_total
from trainer.lessons import Directive, DirectiveKind, Lesson, Verdict, discard_options, judge

#: The attempt mode that marks an attempt as a lesson exercise.
LESSON_MODE = "lesson"


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """Which of a lesson's exercises a learner has answered, and answered right."""

    lesson: Lesson
    tried: frozenset[int]
    solved: frozenset[int]

    @property
    def total(self) -> int:
        return len(self.lesson.exercises)

    @property
    def done(self) -> bool:
        return self.total > 0 and len(self.solved) == self.total

    @property
    def started(self) -> bool:
        return bool(self.tried)


def answer_exercise(learner_id: int, lesson: Lesson, number: int, answer: str) -> tuple[Verdict, int]:
    """Judge the learner's answer to exercise ``number`` with the engine, record
    it in the learner's record, and return the verdict and the attempt id."""
    directive = lesson.exercise(number)
    verdict = judge(directive, answer)
    dealt = {"lesson": lesson.slug, "exercise": number, "directive": directive.notation} | _dealt(directive)
    if directive.kind is DirectiveKind.PLAY:
        play = directive.play_score()
        feedback = check_pegging(play, (), int(verdict.answer) if verdict.answer.isdigit() else -1, play.count)
        attempt = record.record_attempt(
            learner_id, record.DrillKind.PEGGING, dealt=dealt, answer={"points": verdict.answer},
            results=feedback.results, points_expected=feedback.expected_points,
            points_answered=feedback.answered_points, points_missed=feedback.points_missed,
            correct=verdict.correct, mode=LESSON_MODE,
        )
    elif directive.kind is DirectiveKind.DISCARD:
        attempt = record.record_attempt(
            learner_id, record.DrillKind.DISCARD, dealt=dealt, answer={"discard": verdict.answer},
            results=(), **_discard_points(directive, verdict), correct=verdict.correct, mode=LESSON_MODE,
        )
    else:
        score = directive.show_score()
        feedback = check_total(score, int(verdict.answer) if verdict.answer.isdigit() else -1)
        attempt = record.record_attempt(
            learner_id, record.DrillKind.SHOW, dealt=dealt, answer={"total": verdict.answer},
            results=feedback.results, points_expected=score.total,
            points_answered=max(feedback.answered_total, 0), points_missed=feedback.points_missed,
            correct=verdict.correct, mode=LESSON_MODE,
        )
    return verdict, attempt


def _dealt(directive: Directive) -> dict:
    """The cards in the keys the other drills use, so the review can show them."""
    if directive.kind is DirectiveKind.PLAY:
        return {"pile": format_cards(directive.cards)}
    if directive.kind is DirectiveKind.DISCARD:
        return {"hand": format_cards(directive.cards), "dealer": directive.seat.owns_crib}
    return {
        "hand": format_cards(directive.cards),
        "starter": str(directive.starter) if directive.starter else None,
        "crib": directive.kind is DirectiveKind.CRIB,
    }


def _discard_points(directive: Directive, verdict: Verdict) -> dict:
    """Expected points of the best discard and of the learner's, rounded (the record keeps whole points)."""
    options = discard_options(directive)
    if options is None:
        return {"points_expected": 0, "points_answered": 0, "points_missed": 0}
    best = options[0].net_ev
    answered = set(verdict.answer.split())
    # An answer that is not two of the six cards counts as the worst discard.
    chosen = next((o.net_ev for o in options if set(map(str, o.discard)) == answered), options[-1].net_ev)
    return {
        "points_expected": round(best),
        "points_answered": round(chosen),
        "points_missed": max(0, round(best - chosen)),
    }


def course_progress(learner_id: int, lessons: tuple[Lesson, ...]) -> tuple[LessonProgress, ...]:
    """Each lesson's progress for this learner, in course order."""
    tried: set[tuple[str, str]] = set()
    solved: set[tuple[str, str]] = set()
    for attempt in record.history(learner_id):
        if attempt.mode != LESSON_MODE or "lesson" not in attempt.dealt:
            continue
        key = (attempt.dealt["lesson"], attempt.dealt.get("directive", ""))
        tried.add(key)
        if attempt.correct:
            solved.add(key)
    return tuple(
        LessonProgress(
            lesson,
            frozenset(n for n, d in enumerate(lesson.exercises, 1) if (lesson.slug, d.notation) in tried),
            frozenset(n for n, d in enumerate(lesson.exercises, 1) if (lesson.slug, d.notation) in solved),
        )
        for lesson in lessons
    )
