"""FSRS grades and due dates for a scripted history (fuzzing off, so the dates are the package's own)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from fsrs import Rating as Grade
from fsrs import State

from engine.cards import Card, parse_cards
from trainer.drills.answers import ShowOptions, Total
from trainer.drills.deal import ShowDeal
from trainer.drills.grading import grade_show
from trainer.rating.memory import DESIRED_RETENTION, combo_card_key, review, reviews_of
from trainer.rating.skills import USUAL_SECONDS, Skill, UsualTime, grade_of, result_of, speed_score
from trainer.record.combos import ComboType

T0 = datetime(2026, 1, 5, 18, 0)


@pytest.mark.parametrize("correct, seconds, grade", [
    (False, 3.0, Grade.Again),   # wrong, however fast
    (True, 3.0, Grade.Easy),     # faster than the usual time less its spread
    (True, 20.0, Grade.Good),    # within a spread of the usual time
    (True, 45.0, Grade.Hard),    # slower than the usual time plus its spread
    (True, 60.0, Grade.Again),   # twice the slow limit: the rating scores it 0.5, a failure for both
    (True, None, Grade.Good),    # untimed
])
def test_the_grade_comes_from_correctness_and_time(correct, seconds, grade):
    usual = UsualTime(20.0, 10.0)
    assert grade_of(correct, seconds, usual) is grade
    score, _weight = speed_score(correct, seconds, usual)
    assert (grade is not Grade.Again) == (score > 0.5)  # the rating and FSRS agree on a pass


def test_a_missed_deal_comes_back_after_ten_minutes_then_after_days():
    missed = review(None, Grade.Again, T0)
    assert missed.state is State.Learning and missed.due == T0 + timedelta(minutes=10)
    relearnt = review(missed, Grade.Good, T0 + timedelta(minutes=12))
    assert relearnt.state is State.Review
    first_interval = relearnt.due - relearnt.last_review
    assert first_interval >= timedelta(days=1)
    again_good = review(relearnt, Grade.Good, relearnt.due)
    second_interval = again_good.due - again_good.last_review
    assert second_interval > first_interval  # each good answer at its due date stretches the wait
    easy = review(relearnt, Grade.Easy, relearnt.due)
    hard = review(relearnt, Grade.Hard, relearnt.due)
    assert hard.due < again_good.due < easy.due
    lapse = review(again_good, Grade.Again, again_good.due)
    assert lapse.state is State.Relearning and lapse.lapses == 1 and lapse.due == again_good.due + timedelta(minutes=10)
    assert lapse.reviews == 4


def test_the_scripted_history_gives_these_due_dates():
    # Pinned from fsrs 6 with its default parameters: a change of package or parameters shows here.
    card = review(None, Grade.Again, T0)
    dates = [card.due]
    for grade in (Grade.Good, Grade.Good, Grade.Hard, Grade.Again, Grade.Good):
        card = review(card, grade, max(card.due, T0))
        dates.append(card.due)
    days = [(d - T0).total_seconds() / 86400 for d in dates]
    assert days == pytest.approx(PINNED_DAYS, abs=1e-6)


#: Again: back in 10 minutes; Good: 1 day; Good: 2 more; Hard: 5 more; Again: 10 minutes (relearning); Good: 1 day.
PINNED_DAYS = [10 / 1440, 1 + 10 / 1440, 3 + 10 / 1440, 8 + 10 / 1440, 8 + 20 / 1440, 9 + 20 / 1440]


def test_a_card_is_due_when_recall_falls_to_the_target():
    card = review(review(None, Grade.Again, T0), Grade.Good, T0 + timedelta(minutes=12))
    card = review(card, Grade.Good, card.due)
    interval_days = (card.due - card.last_review).days
    assert card.retrievability(card.due) == pytest.approx(DESIRED_RETENTION, abs=0.02)
    assert card.retrievability(card.last_review + timedelta(days=interval_days * 3)) < DESIRED_RETENTION


def test_each_skill_has_a_usual_time():
    assert set(USUAL_SECONDS) == set(Skill)


def test_a_combo_card_is_graded_once_a_day_by_the_days_first_answer():
    deal = ShowDeal(tuple(parse_cards("5H 5D 9S KC")), Card.parse("2C"), False)  # fifteens and a pair
    usual = USUAL_SECONDS[Skill.COUNT_HAND]
    wrong = grade_show(deal, ShowOptions(), Total(0)).attempt
    right = grade_show(deal, ShowOptions(), Total(deal.score().total)).attempt
    made = {r.key: r.card for r in reviews_of(wrong, result_of(wrong), {}, T0, usual)}
    pair = combo_card_key(ComboType.PAIR)
    assert pair in made

    def combo_reviews(when: datetime) -> list[str]:
        return [r.key for r in reviews_of(right, result_of(right), made, when, usual) if r.combo_type is not None]

    assert combo_reviews(T0 + timedelta(minutes=30)) == []  # the same day: the miss was the day's grade
    assert pair in combo_reviews(T0 + timedelta(days=1))  # the next day's first answer grades it
