"""Cribbage solitaire, Arnold's and Hoyle's versions (RULES.md §5)."""

from __future__ import annotations

import json

import pytest

from engine.cards import DECK
from engine.errors import IllegalActionError
from engine.scoring import score_show
from engine.solitaire import ArnoldSolitaire, HoyleSolitaire


def play_arnold(seed: int) -> ArnoldSolitaire:
    game = ArnoldSolitaire(seed)
    while not game.is_over:
        first, second = game.hands
        game.discard(first[-2:], second[:2])
    return game


def play_hoyle(seed: int) -> HoyleSolitaire:
    game = HoyleSolitaire(seed)
    while not game.is_over:
        game.discard(game.hand[1:3])
    return game


def test_arnold_four_deals_of_thirteen_use_the_whole_deck():
    game = play_arnold(3)
    starters = {count.starter for count in game.log}
    cards = [c for count in game.log if count.what != "his heels" for c in count.cards]
    assert len(starters) == 4
    assert sorted(cards + sorted(starters)) == sorted(DECK)


def test_arnold_scores_both_hands_and_the_crib_with_the_starter():
    game = ArnoldSolitaire(1)
    first, second = game.hands
    starter = game.deck[12]
    counts = game.discard(first[:2], second[:2])
    by_what = {count.what: count for count in counts}
    assert by_what["first hand"].total == score_show(first[2:], starter).total
    assert by_what["second hand"].total == score_show(second[2:], starter).total
    assert by_what["crib"].total == score_show(first[:2] + second[:2], starter, crib=True).total


def test_arnold_his_heels_counts():
    for seed in range(100):
        game = ArnoldSolitaire(seed)
        if any(game.deck[13 * d + 12].rank.text == "J" for d in range(4)):
            game = play_arnold(seed)
            heels = [c for c in game.log if c.what == "his heels"]
            assert heels and all(c.total == 2 for c in heels)
            return
    pytest.fail("no jack starter in 100 shuffles")


def test_arnold_target_between_101_and_121():
    with pytest.raises(ValueError):
        ArnoldSolitaire(1, target=100)
    game = play_arnold(4)
    assert game.won == (game.total >= 121)


def test_hoyle_deals_three_two_three_then_the_starter():
    game = HoyleSolitaire(2)
    deck = game.deck
    assert game.hand == tuple(deck[0:3] + deck[5:8]) and game.crib == tuple(deck[3:5])
    counts = game.discard(game.hand[:2])
    assert counts[0].starter == deck[8]
    assert game.pack[-1] == deck[8]  # the starter goes to the bottom
    assert game.hand == tuple(deck[9:12] + deck[14:17])


def test_hoyle_six_deals_then_the_last_four_without_a_starter():
    game = play_hoyle(6)
    assert [c.what for c in game.log] == ["hand", "crib"] * 6 + ["last hand"]
    last = game.log[-1]
    assert last.starter is None and len(last.cards) == 4
    hands_and_cribs = [c for count in game.log[:-1] for c in count.cards]
    assert sorted(hands_and_cribs + list(last.cards)) == sorted(DECK)
    assert game.total == sum(count.total for count in game.log)


def test_hoyle_average_with_careless_discards_is_below_the_sources_85():
    totals = [play_hoyle(seed).total for seed in range(200)]
    assert 40 < sum(totals) / len(totals) < 85


def test_a_discard_must_be_two_cards_of_the_hand():
    game = HoyleSolitaire(1)
    with pytest.raises(IllegalActionError, match="two different"):
        game.discard(game.hand[:1])
    with pytest.raises(IllegalActionError, match="not in that hand"):
        game.discard(game.crib)
    finished = play_hoyle(1)
    with pytest.raises(IllegalActionError, match="over"):
        finished.discard(DECK[:2])


@pytest.mark.parametrize("cls", [ArnoldSolitaire, HoyleSolitaire])
def test_solitaire_saves_and_resumes(cls):
    game = cls(9)
    if cls is ArnoldSolitaire:
        first, second = game.hands
        game.discard(first[:2], second[:2])
    else:
        game.discard(game.hand[:2])
    resumed = cls.from_dict(json.loads(json.dumps(game.to_dict())))
    assert resumed.to_dict() == game.to_dict()
