"""A learner's progress through the course, kept in the learner's record.

Lesson exercises are recorded as ordinary attempts through
:func:`trainer.record.record_attempt` (a hand or crib as a show attempt, a
pile as a pegging attempt, a discard as a discard attempt, each in its
drill's own shape, with mode ``"lesson"`` and the lesson and exercise added),
so they count in the review, and come back for retries, like any drill.  Progress is read
back from those attempts (one aggregate query over the learner's lesson
attempts, see :func:`trainer.record.answered_deals`): no table of its own.
:func:`answer_exercise` records without committing: the caller commits.  An exercise is known by its
lesson and its notation, so renumbering a lesson's exercises keeps progress.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer import record
from trainer.checking import AnswerMode, check_pegging, check_total
from trainer.drills import DiscardDeal, PeggingMoment, ShowDeal
from trainer.lessons import Directive, DirectiveKind, Lesson, PlayEnding, Verdict, discard_options, judge

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
    it in the learner's record, and return the verdict and the attempt id.

    The attempt is stored in the same shape as the matching drill's (a show
    deal, a pegging moment, a discard deal), so the review can show it and
    bring it back for a retry like any other mistake.
    """
    directive = lesson.exercise(number)
    verdict = judge(directive, answer)
    where = {"lesson": lesson.slug, "exercise": number, "directive": directive.notation}
    answered = int(verdict.answer) if verdict.answer.isdigit() else 0
    if directive.kind is DirectiveKind.PLAY:
        moment = pegging_moment(directive)
        feedback = check_pegging(moment.play(), moment.extra, answered, moment.play().count)
        attempt = record.record_attempt(
            learner_id, record.DrillKind.PEGGING, dealt={"moment": moment.to_dict()} | where,
            answer={"count": moment.play().count, "points": answered}, results=feedback.results,
            points_expected=feedback.expected_points, points_answered=answered,
            points_missed=feedback.points_missed, correct=verdict.correct, mode=LESSON_MODE,
        )
    elif directive.kind is DirectiveKind.DISCARD:
        deal = DiscardDeal(directive.cards, directive.seat.owns_crib)
        attempt = record.record_attempt(
            learner_id, record.DrillKind.DISCARD, dealt={"deal": deal.to_dict()} | where,
            answer={"discard": verdict.answer, "given_away": round(_given_away(directive, verdict), 4)},
            results=(), points_expected=0, points_answered=0,
            points_missed=round(_given_away(directive, verdict)), correct=verdict.correct, mode=LESSON_MODE,
        )
    else:
        deal = ShowDeal(directive.cards, directive.starter, directive.kind is DirectiveKind.CRIB)
        feedback = check_total(deal.score(), answered)
        options = {"mode": AnswerMode.TOTAL.value, "crib": deal.crib, "focus": "auto", "timed": False}
        attempt = record.record_attempt(
            learner_id, record.DrillKind.SHOW, dealt={"deal": deal.to_dict(), "options": options} | where,
            answer={"total": answered}, results=feedback.results, points_expected=feedback.expected_total,
            points_answered=answered, points_missed=feedback.points_missed, correct=verdict.correct,
            mode=LESSON_MODE,
        )
    return verdict, attempt


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


def _given_away(directive: Directive, verdict: Verdict) -> float:
    """Expected points the learner's discard gives away against the best (0 without the analysis)."""
    options = discard_options(directive)
    if options is None:
        return 0.0
    answered = set(verdict.answer.split())
    # An answer that is not two of the six cards counts as the worst discard.
    chosen = next((o.net_ev for o in options if set(map(str, o.discard)) == answered), options[-1].net_ev)
    return options[0].net_ev - chosen


def course_progress(learner_id: int, lessons: tuple[Lesson, ...]) -> tuple[LessonProgress, ...]:
    """Each lesson's progress for this learner, in course order."""
    tried: set[tuple[str, str]] = set()
    solved: set[tuple[str, str]] = set()
    for dealt, right in record.answered_deals(learner_id, LESSON_MODE):
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
