"""The grading standard's one shape: every ``grade_*`` gives a :class:`Graded`, the
verdict it shows and the attempt it records, and the two agree."""

from __future__ import annotations

import random

import pytest

from engine.analysis.discard import analyse_discards
from engine.cards import Card, parse_cards
from trainer.drills import grading
from trainer.drills.answers import BestCard, ByCategory, Claims, LaidAway, PegPoints, ShowOptions, Total
from trainer.drills.checking import AnswerMode, Claim
from trainer.drills.deal import DiscardDeal, PeggingMoment, ShowDeal, best_play_question
from trainer.record.attempts import DrillKind

TWENTY_NINE = ShowDeal(tuple(parse_cards("5H 5D 5S JC")), Card.parse("5C"))
#: K Q 9 then a 2 by "you": 31 for two, no go on top of it.
THIRTY_ONE = PeggingMoment.from_dict(
    {"earlier": [], "pile": [[True, "KS"], [False, "QD"], [True, "AH"], [False, "10C"]], "neither_can_play": True,
     "last_card": False}
)
DISCARD = DiscardDeal(tuple(parse_cards("5H 5D JS 4C 6D KS")), dealer=True)


def _best_play(best: bool) -> grading.Graded:
    question = best_play_question(random.Random(2))
    options = grading.best_play_options(question)
    return grading.grade_best_play(question, BestCard(options[0 if best else -1].card), options=options)


def _discard(best: bool) -> grading.Graded:
    options = analyse_discards(DISCARD.cards, dealer=True)
    return grading.grade_discard(DISCARD, LaidAway(options[0 if best else -1].discard), options=options)


#: Each grading, by what it judges: the answer given, whether it is right, the kind recorded.
GRADINGS = {
    "a total right": (lambda: grading.grade_show(TWENTY_NINE, ShowOptions(), Total(29)), True, DrillKind.SHOW),
    "claims short": (lambda: grading.grade_show(TWENTY_NINE, ShowOptions(AnswerMode.CLAIMS),
                                                Claims((Claim.parse("pair", "5H 5D"),))), False, DrillKind.SHOW),
    "a 31 right": (lambda: grading.grade_pegging(THIRTY_ONE, PegPoints(2, 31)), True, DrillKind.PEGGING),
    "a go on a 31": (lambda: grading.grade_pegging(THIRTY_ONE, PegPoints(3, 31)), False, DrillKind.PEGGING),
    "the best discard": (lambda: _discard(True), True, DrillKind.DISCARD),
    "the worst discard": (lambda: _discard(False), False, DrillKind.DISCARD),
    "the best card": (lambda: _best_play(True), True, DrillKind.BEST_PLAY),
}


@pytest.mark.parametrize("judged", GRADINGS)
def test_every_grading_gives_the_verdict_and_the_attempt_and_they_agree(judged):
    grade, right, kind = GRADINGS[judged]
    graded = grade()
    assert isinstance(graded, grading.Graded)
    assert graded.attempt.kind is kind
    assert graded.verdict.correct is graded.attempt.correct is right


def test_the_count_records_the_mode_its_answer_was_given_in():
    modes = {
        grading.grade_show(TWENTY_NINE, ShowOptions(answer.mode), answer).attempt.mode
        for answer in (Total(0), ByCategory.of({}), Claims())
    }
    assert modes == {"total", "category", "claims"}


def test_the_judges_give_the_verdict_the_graders_record():
    given = LaidAway(tuple(parse_cards("JS KS")))
    assert grading.judge_discard(DISCARD, given) == grading.grade_discard(DISCARD, given).verdict
    assert grading.judge_pegging(THIRTY_ONE, PegPoints(2, 31)).expected_points == 2


@pytest.mark.parametrize("cards", ["5H", "5H 5D JS", "5H 2C"])
def test_a_discard_not_of_two_of_the_six_is_refused(cards):
    with pytest.raises(ValueError, match="two of the six"):
        grading.grade_discard(DISCARD, LaidAway(tuple(parse_cards(cards))))


def test_a_card_that_cannot_be_played_is_refused():
    question = best_play_question(random.Random(2))
    unseen = next(card for card in parse_cards("AS AH AD AC 2S 2H") if card not in question.hand)
    with pytest.raises(ValueError, match="not one of the cards"):
        grading.grade_best_play(question, BestCard(unseen))
