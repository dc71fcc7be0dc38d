"""A learner's progress through the course, kept in the learner's record.

Lesson exercises are recorded as ordinary attempts through
:func:`trainer.record.attempts.record_attempt` (a hand or crib as a show attempt, a
pile as a pegging attempt, a discard as a discard attempt, each in its
drill's own shape, with mode ``"lesson"`` and the lesson and exercise added),
so they count in the review, and come back for retries, like any drill.  Progress is read
back from those attempts (one aggregate query over the learner's lesson
attempts, see :func:`trainer.record.history.answered_deals`): no table of its own.
:func:`answer_exercise` records without committing: the caller commits.  An exercise is known by its
lesson and its notation, so renumbering a lesson's exercises keeps progress.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.drills import grading
from trainer.drills.answers import LaidAway, PegPoints, Total
from trainer.drills.deal import PeggingMoment, ShowDeal
from trainer.language.i18n import ngettext
from trainer.lessons.checks import discard_deal, discard_options
from trainer.lessons.course import Directive, DirectiveKind, Lesson, PlayEnding
from trainer.lessons.judging import LessonAnswer, Verdict, check_kind, judge
from trainer.rating import answers
from trainer.record import attempts, history
from trainer.record.attempts import AttemptMode


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

    @property
    def solved_text(self) -> str:
        """How many of the exercises are solved, in the current language ("2 of 3 exercises solved")."""
        return ngettext("%(solved)d of %(num)d exercise solved", "%(solved)d of %(num)d exercises solved", self.total,
                        solved=len(self.solved))


def answer_exercise(learner_id: int, lesson: Lesson, number: int, answer: LessonAnswer) -> tuple[Verdict, int]:
    """Judge the learner's answer to exercise ``number`` with the engine, record
    it in the learner's record, and return the verdict and the attempt id.

    The attempt is graded by :mod:`trainer.drills.grading` into the same shape as the
    matching drill's (a show deal, a pegging moment, a discard deal), so it gets
    the drill's verdict and the review can show it and bring it back for a
    retry like any other mistake.  ``TypeError`` for cards answered to a count
    or a number to a discard: the lesson's form asks for the right one.
    """
    directive = lesson.exercise(number)
    verdict = judge(directive, answer)
    attempt = exercise_attempt(directive, answer)
    where = {"lesson": lesson.slug, "exercise": number, "directive": directive.notation}
    attempt = replace(attempt, dealt=attempt.dealt | where, mode=AttemptMode.LESSON)
    attempt_id = attempts.record_attempts(learner_id, [attempt])[0]
    answers.rate_attempt(learner_id, attempt, attempt_id)  # unrated, but the day counts for the streak
    return verdict, attempt_id


def exercise_attempt(directive: Directive, answer: LessonAnswer) -> attempts.NewAttempt:
    """The attempt an exercise's answer makes, graded as its drill grades it
    (``TypeError`` for an answer of the wrong kind, see :func:`judging.check_kind`)."""
    check_kind(directive, answer)
    if isinstance(answer, LaidAway):
        return grading.grade_discard(discard_deal(directive), answer, options=discard_options(directive)).attempt
    if directive.kind is DirectiveKind.PLAY:
        moment = pegging_moment(directive)
        return grading.grade_pegging(moment, PegPoints(answer, moment.play().count)).attempt
    assert directive.starter is not None  # check_lesson refuses a hand or crib exercise without one
    deal = ShowDeal(directive.cards, directive.starter, directive.kind is DirectiveKind.CRIB)
    return grading.grade_show(deal, grading.total_options(deal.crib), Total(answer)).attempt


def pegging_moment(directive: Directive) -> PeggingMoment:
    """A play exercise as the pegging quiz's moment: the cards alternate between
    the players, the learner laying the last one (which may take the go or the
    last card)."""
    last = len(directive.cards) - 1
    pile = [[(last - i) % 2 == 0, str(card)] for i, card in enumerate(directive.cards)]
    return PeggingMoment.from_dict(
        {
            "earlier": [],
            "pile": pile,
            "neither_can_play": directive.ending is PlayEnding.GO,
            "last_card": directive.ending is PlayEnding.LAST,
        }
    )


def course_progress(learner_id: int, lessons: tuple[Lesson, ...]) -> tuple[LessonProgress, ...]:
    """Each lesson's progress for this learner, in course order."""
    tried: set[tuple[str, str]] = set()
    solved: set[tuple[str, str]] = set()
    for dealt, right in history.answered_deals(learner_id, AttemptMode.LESSON):
        if not isinstance(dealt, dict) or "lesson" not in dealt:
            continue
        key = (dealt["lesson"], dealt.get("directive", ""))
        tried.add(key)
        if right:
            solved.add(key)
    return tuple(
        LessonProgress(
            lesson,
            frozenset(n for n, d in enumerate(lesson.exercises, 1) if (lesson.slug, d.notation) in tried),
            frozenset(n for n, d in enumerate(lesson.exercises, 1) if (lesson.slug, d.notation) in solved),
        )
        for lesson in lessons
    )
