"""Points left on the table: 0 for a right answer, the hand-computed figure for a wrong one,
by the drills' one grading standard."""

from __future__ import annotations

import pytest

from engine.analysis.discard import analyse_discards
from engine.cards import Card, parse_cards
from trainer.checkup.bank import CheckupDeal, checkup_set
from trainer.checkup.scoring import points_left, truth
from trainer.drills.answers import BestCard, LaidAway, PegPoints, Total
from trainer.drills.deal import BestPlayQuestion, DiscardDeal, PeggingMoment, ShowDeal
from trainer.rating.skills import Skill, deal_key
from trainer.record.combos import ComboType


def _item(skill: Skill, deal) -> CheckupDeal:
    return CheckupDeal(skill, skill.kind, deal, deal_key(deal))


TWENTY_NINE = _item(Skill.COUNT_HAND, ShowDeal(tuple(parse_cards("5H 5D 5S JC")), Card.parse("5C")))
#: K Q, then A and 10 by "you": 31 for two.
THIRTY_ONE = _item(Skill.PEGGING, PeggingMoment.from_dict(
    {"earlier": [], "pile": [[True, "KS"], [False, "QD"], [True, "AH"], [False, "10C"]], "neither_can_play": True,
     "last_card": False}
))
DISCARD = _item(Skill.DISCARD, DiscardDeal(tuple(parse_cards("5H 5D JS 4C 6D KS")), dealer=True))


def test_a_count_leaves_the_points_missed_or_over_counted():
    assert points_left(TWENTY_NINE, Total(29)) == 0
    assert points_left(TWENTY_NINE, Total(24)) == 5  # missed five
    assert points_left(TWENTY_NINE, Total(30)) == 1  # one too many


def test_a_pegging_moment_leaves_the_points_missed_or_over_counted():
    assert points_left(THIRTY_ONE, PegPoints(2, 31)) == 0
    assert points_left(THIRTY_ONE, PegPoints(0, 31)) == 2
    assert points_left(THIRTY_ONE, PegPoints(5, 31)) == 3
    assert points_left(THIRTY_ONE, PegPoints(2, 30)) == 0  # the count is not points


def test_a_discard_leaves_what_it_gives_away_against_the_best():
    options = analyse_discards(DISCARD.deal.cards, dealer=True)
    assert points_left(DISCARD, LaidAway(options[0].discard)) == 0
    worst = options[-1]
    assert points_left(DISCARD, LaidAway(worst.discard)) == round(options[0].net_ev - worst.net_ev, 4)
    assert points_left(DISCARD, LaidAway(worst.discard)) > 5


def test_a_best_card_leaves_what_it_gives_away():
    item = next(i for i in checkup_set(0) if isinstance(i.deal, BestPlayQuestion))
    choices = truth(item).choices
    assert points_left(item, BestCard(choices[0].cards[0])) == 0
    assert points_left(item, BestCard(choices[-1].cards[0])) == choices[-1].loss > 0


def test_the_truth_of_a_count_itemises_it():
    found = truth(TWENTY_NINE)
    assert found.total == 29 and found.choices == ()
    assert sorted(i.type for i in found.items).count(ComboType.FIFTEEN_2) == 4  # the jack with each five
    assert ComboType.NOBS in {i.type for i in found.items}


def test_the_truth_of_a_pegging_moment_names_its_pegging_types():
    found = truth(THIRTY_ONE)
    assert [(i.name, i.points) for i in found.items] == [("pegging: 31", 2)]


def test_the_truth_of_a_discard_has_all_fifteen_choices_best_first():
    found = truth(DISCARD)
    assert len(found.choices) == 15 and found.best.loss == 0.0 and found.total == 0
    losses = [c.loss for c in found.choices]
    assert losses == sorted(losses)
    for choice in found.choices:
        assert points_left(DISCARD, LaidAway(choice.cards)) == choice.loss


def test_every_bank_deal_answered_right_leaves_nothing():
    for item in checkup_set(1):
        found = truth(item)
        match item.deal:
            case ShowDeal():
                answer = Total(found.total)
            case PeggingMoment():
                answer = PegPoints(found.total, item.deal.play().count)
            case DiscardDeal():
                answer = LaidAway(found.best.cards)
            case _:
                answer = BestCard(found.best.cards[0])
        assert points_left(item, answer) == 0, item


def test_an_answer_the_deal_does_not_allow_is_refused():
    with pytest.raises(ValueError):
        points_left(DISCARD, LaidAway(tuple(parse_cards("AH 2H"))))
    with pytest.raises(TypeError):
        points_left(TWENTY_NINE, LaidAway(tuple(parse_cards("5H 5D"))))
    item = next(i for i in checkup_set(0) if isinstance(i.deal, BestPlayQuestion))
    with pytest.raises(ValueError):
        points_left(item, BestCard(next(c for c in parse_cards("AH 2H 3H 4H") if c not in item.deal.hand)))
