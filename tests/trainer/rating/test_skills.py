"""How an answer is rated: first attempts only, damping for a focus the learner chose, the speed rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cards import Card, parse_cards
from trainer.drills import grading
from trainer.drills.answers import Total
from trainer.drills.deal import FocusKind, ShowDeal
from trainer.rating import skills
from trainer.rating.skills import FAST_BONUS, GIVES_IT_AWAY, HINTS, Skill, UsualTime, result_of, speed_score
from trainer.record.attempts import AttemptMode, AttemptSource

HAND = ShowDeal(tuple(parse_cards("5H 5D JS 2C")), Card.parse("9S"), False)


def _count(total: int, *, focus: str = "auto", seconds: float | None = None, crib: bool = False, **changes):
    deal = ShowDeal(HAND.hand, HAND.starter, crib)
    options = replace(grading.total_options(crib), focus=None if focus == "auto" else FocusKind(focus))
    attempt = grading.grade_show(deal, options, Total(total), seconds=seconds).attempt
    return replace(attempt, **changes)


def test_a_first_attempt_counts_fully_and_a_retry_not_at_all():
    first = result_of(_count(7))
    retry = result_of(_count(7, retry_of=12))
    assert first.weight == 1.0 and first.score == 1.0
    assert retry.weight == 0.0 and retry.grade is first.grade  # still graded for the memory


def test_a_lessons_exercise_is_not_rated():
    assert result_of(_count(7, mode=AttemptMode.LESSON)).weight == 0.0


@pytest.mark.parametrize("focus, weights", [
    (FocusKind.NINETEEN, GIVES_IT_AWAY), (FocusKind.NOBS, HINTS), (FocusKind.DOUBLE_RUNS, HINTS),
])
def test_a_focus_the_learner_chose_is_damped_more_when_solved(focus, weights):
    solved, failed = result_of(_count(7, focus=focus.value)), result_of(_count(3, focus=focus.value))
    assert (solved.weight, failed.weight) == weights
    assert solved.weight < failed.weight < 1


def test_the_adaptive_dealers_choice_is_not_damped():
    assert result_of(_count(7, focus="auto")).weight == 1.0


def test_a_fast_right_answer_earns_the_bonus_and_a_slow_one_a_cut_never_below_a_miss():
    usual = skills.USUAL_SECONDS[Skill.COUNT_HAND]
    fast = result_of(_count(7, seconds=usual.fast - 1))
    slow = result_of(_count(7, seconds=usual.slow * 2))
    very_slow = result_of(_count(7, seconds=usual.slow * 10))
    assert fast.weight == 1 + FAST_BONUS and fast.score == 1.0
    assert slow.score == pytest.approx(0.5) and slow.weight == 1.0
    assert very_slow.score == 0.0
    assert speed_score(False, 1.0, UsualTime(20, 10)) == (0.0, 1.0)  # a fast miss is a miss


def test_the_skill_is_the_deals_hand_or_crib():
    assert result_of(_count(7)).skill is Skill.COUNT_HAND
    assert result_of(_count(7, crib=True)).skill is Skill.COUNT_CRIB


def test_a_count_in_a_game_is_rated_against_the_deals_prior_only():
    deal = HAND
    attempt = grading.counted_show_attempt(deal.hand, deal.starter, crib=False, claimed=7, source=AttemptSource.GAME)
    result = result_of(attempt)
    assert result.weight == 1.0 and not result.shared


def test_a_record_in_another_shape_is_not_rated():
    attempt = replace(_count(7), dealt={"something": "else"})
    assert result_of(attempt) is None
