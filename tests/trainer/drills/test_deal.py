"""Drill generators: deals of each focus kind, pegging moments from real deals."""

from __future__ import annotations

import random

import pytest

from engine.events import Played, PlayEnded, Points
from engine.game import Action, Automation, Game
from engine.pegging import ENDINGS, fits, pile_count
from engine.rules import STANDARD
from trainer.drills import deal as dealing
from trainer.drills.deal import (
    BestPlayQuestion,
    DiscardDeal,
    FocusKind,
    PeggingMoment,
    PegTag,
    ShowDeal,
    best_play_question,
    deal_discard,
    deal_show,
    matches_focus,
    pegging_moment,
    play_deal,
    replay,
)
from trainer.record.attempts import DrillKind


@pytest.mark.parametrize("focus", list(FocusKind))
@pytest.mark.parametrize("crib", [False, True])
def test_every_focus_kind_deals_what_it_says(focus, crib):
    rng = random.Random(11)
    for _ in range(5):
        deal = deal_show(rng, crib=crib, focus=focus)
        assert matches_focus(deal.score(), focus)
        assert deal.crib is crib
        assert ShowDeal.from_dict(deal.to_dict()) == deal


@pytest.mark.parametrize("bad", [{"hand": "5H 5H 5S JC", "starter": "5C"}, {"hand": "5H 5S JC", "starter": "5C"}, {"hand": "5H 5D 5S JC", "starter": "5H"}])
def test_a_stored_deal_that_cannot_exist_is_refused(bad):
    with pytest.raises(ValueError):
        ShowDeal.from_dict(bad)


def test_real_deals_are_played_by_the_rules():
    rng = random.Random(5)
    for _ in range(30):
        deal = play_deal(rng)
        assert len(deal.moments) == 8  # every card of both hands is laid
        laid = [m.card for m in deal.moments]
        assert sorted(laid) == sorted(deal.hands[0] + deal.hands[1])
        assert deal.moments[-1].last_card
        for moment in deal.moments:
            assert all(fits(card, pile_count(moment.cards[:place])) for place, card in enumerate(moment.cards))
            assert PeggingMoment.from_dict(moment.to_dict()) == moment


@pytest.mark.parametrize("tag", list(PegTag))
def test_the_quiz_finds_every_kind_of_moment(tag):
    moment = pegging_moment(random.Random(3), tag)
    assert tag in moment.tags


@pytest.mark.parametrize("seed", range(40))
def test_the_moments_of_a_play_peg_exactly_what_the_engine_pegged(seed):
    """Each card laid becomes one moment worth what the engine pegged for it, its
    go or last card included (and never on top of a 31)."""
    rng = random.Random(seed)
    game = Game(STANDARD, seed=seed, dealer=seed % 2, automate=Automation.CHANCE)
    for seat in (0, 1):
        game.discard(seat, rng.sample(list(game.hand(seat)), 2))
    start = len(game.log)
    while game.to_act and game.expected is Action.PLAY:
        (seat,) = game.to_act
        game.play(seat, dealing._choose_play(rng, game.legal_plays(seat), game.pile))  # takes a 31 when it sees one
    log = game.log[start:]
    log = log[: next(place for place, e in enumerate(log) if isinstance(e, PlayEnded)) + 1]  # the play, not the show
    moments = dealing._moments(log)
    assert [m.card for m in moments] == [e.card for e in log if isinstance(e, Played)]
    pegged = [e for e in log if isinstance(e, Points)]
    assert sum(m.points for m in moments) == sum(e.points for e in pegged)
    assert [i.kind for m in moments for i in m.extra] == [e.reason for e in pegged if e.reason in ENDINGS]


def test_go_and_last_card_points():
    go = PeggingMoment.from_dict({"earlier": [], "pile": [[True, "KS"], [False, "QD"], [True, "9H"]], "neither_can_play": True, "last_card": False})
    assert go.points == 1 and PegTag.GO in go.tags
    thirty_one = PeggingMoment.from_dict({"earlier": [], "pile": [[True, "KS"], [False, "QD"], [True, "AH"], [False, "10C"]], "neither_can_play": True, "last_card": True})
    assert thirty_one.points == 2 and not thirty_one.extra
    broken = PeggingMoment.from_dict({"earlier": [], "pile": [[True, "6S"], [False, "5D"], [True, "6H"]], "neither_can_play": False, "last_card": False})
    assert broken.points == 0 and PegTag.BROKEN_PAIR in broken.tags


@pytest.mark.parametrize(
    "bad",
    [
        {"earlier": [], "pile": [], "neither_can_play": False, "last_card": False},
        {"earlier": [], "pile": [[True, "KS"], [False, "QD"], [True, "9H"], [False, "5C"]], "neither_can_play": False, "last_card": False},
        {"earlier": [[[True, "KS"]]], "pile": [[True, "KS"]], "neither_can_play": False, "last_card": False},
    ],
)
def test_a_stored_moment_that_cannot_exist_is_refused(bad):
    with pytest.raises(ValueError):
        PeggingMoment.from_dict(bad)


def test_best_play_questions_have_a_choice():
    rng = random.Random(2)
    for _ in range(10):
        question = best_play_question(rng)
        count = pile_count(question.pile)
        assert len({c.rank for c in question.hand if fits(c, count)}) >= 2
        assert BestPlayQuestion.from_dict(question.to_dict()) == question


def test_discard_deals():
    deal = deal_discard(random.Random(1), dealer=True)
    assert len(set(deal.cards)) == 6 and deal.dealer
    assert DiscardDeal.from_dict(deal.to_dict()) == deal


@pytest.mark.parametrize(
    "kind, dealt",
    [
        (DrillKind.SHOW, {}), (DrillKind.SHOW, {"deal": {"hand": "5H"}}), (DrillKind.PEGGING, {"moment": None}),
        (DrillKind.DISCARD, {"deal": {"cards": "5H 5H"}}), (DrillKind.BEST_PLAY, {"deal": {"cards": "5H 5D"}}),
    ],
)
def test_replay_refuses_what_cannot_be_dealt_again(kind, dealt):
    assert replay(kind, dealt) is None
