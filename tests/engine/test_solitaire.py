"""Cribbage solitaire, Arnold's and Hoyle's versions (RULES.md §5)."""

from __future__ import annotations

import json

import pytest

from engine.cards import DECK
from engine.errors import Breach, IllegalActionError, Refusal
from engine.scoring import ScoreItem, ScoreKind, score_show
from engine.solitaire import ArnoldSolitaire, HoyleSolitaire, SolitaireCount


def play_arnold(seed: int, target: int = 121) -> ArnoldSolitaire:
    game = ArnoldSolitaire(seed, target=target)
    while not game.is_over:
        game.discard(game.hand[-2:])  # the first hand
        game.discard(game.hand[:2])  # then the second
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
    first, second = tuple(game.deck[0:6]), tuple(game.deck[6:12])
    starter = game.deck[12]
    assert game.discard(first[:2]) == ()
    counts = game.discard(second[:2])
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
    for bad in (100, 122, "110", 110.0, True):
        with pytest.raises(ValueError, match="101 to 121"):
            ArnoldSolitaire(1, target=bad)
    game = play_arnold(4)
    assert game.target == 121 and game.won == (game.total >= 121)


def test_arnold_wins_at_the_players_chosen_target_rules_5():
    """RULES.md §5: the winning total is the player's choice from 101 to 121,
    so a total of 107 wins at a target of 107 (or less) and loses at 121."""
    game = play_arnold(4)
    total = game.total
    for target in range(101, 122):
        chosen = play_arnold(4, target=target)
        assert chosen.total == total and chosen.won == (total >= target)
    scored = ArnoldSolitaire(4, target=107)
    scored.log = [SolitaireCount(1, "crib", (), None, (ScoreItem(ScoreKind.FIFTEEN, (), 107),))]
    scored.deal_number = 5
    assert scored.won and not ArnoldSolitaire.from_dict({**scored.to_dict(), "target": 121}).won


def test_arnold_second_hand_is_unseen_until_the_first_discard_rules_5():
    """RULES.md §5: look at the first hand and lay two away, then look at the second."""
    game = ArnoldSolitaire(7)
    first, second = game.deck[0:6], game.deck[6:12]
    assert game.hand_number == 1 and game.hand == tuple(first)
    assert not set(game.hand) & set(second) and game.crib == () and game.first_kept == ()
    with pytest.raises(IllegalActionError, match="not in that hand"):
        game.discard(second[:2])  # the second hand cannot be laid from first
    assert game.discard(first[1:3]) == () and game.log == []
    assert game.hand_number == 2 and game.hand == tuple(second)
    assert game.crib == tuple(first[1:3]) and game.first_kept == (first[0], *first[3:])
    with pytest.raises(IllegalActionError, match="not in that hand"):
        game.discard(first[3:5])  # the first hand is done
    counts = game.discard(second[:2])
    assert [c.what for c in counts if c.what != "his heels"] == ["first hand", "second hand", "crib"]
    assert game.deal_number == 2 and game.hand_number == 1 and game.hand == tuple(game.deck[13:19])


def test_arnold_halfway_through_a_deal_saves_and_resumes():
    game = ArnoldSolitaire(9, target=104)
    game.discard(game.hand[:2])
    resumed = ArnoldSolitaire.from_dict(json.loads(json.dumps(game.to_dict())))
    assert resumed.hand_number == 2 and resumed.crib == game.crib and resumed.target == 104
    assert resumed.discard(resumed.hand[:2]) == game.discard(game.hand[:2])


def test_a_game_saved_before_the_two_step_discard_still_loads():
    """Version 1 saves (one discard from both hands; no "laid"; Hoyle's
    without heels) resume: a learner may have one in progress."""
    arnold = ArnoldSolitaire(5).to_dict()
    del arnold["laid"]
    arnold["version"] = 1
    game = ArnoldSolitaire.from_dict(arnold)
    assert game.hand_number == 1 and game.target == 121 and game.hand == tuple(game.deck[0:6])
    del arnold["target"]
    assert ArnoldSolitaire.from_dict(arnold).target == 121
    hoyle = {**HoyleSolitaire(5).to_dict(), "version": 1}
    assert HoyleSolitaire.from_dict(hoyle).hand == HoyleSolitaire(5).hand
    with pytest.raises(ValueError, match="not a saved"):
        ArnoldSolitaire.from_dict({**arnold, "version": 99})


def test_hoyle_scores_his_heels_same_as_above_rules_5():
    """RULES.md §5 / seed 003: Hoyle's hand and crib are scored "the same as
    above", his heels included: two when the starter turned is a jack."""
    heels_seen = 0
    for seed in range(60):
        game = play_hoyle(seed)
        by_deal: dict[int, list[str]] = {}
        for count in game.log:
            by_deal.setdefault(count.deal, []).append(count.what)
        for deal in range(1, 7):
            starter = next(c.starter for c in game.log if c.deal == deal and c.what == "hand")
            is_jack = starter.rank.text == "J"
            assert ("his heels" in by_deal[deal]) == is_jack
            heels_seen += is_jack
        heels = [c for c in game.log if c.what == "his heels"]
        assert all(c.total == 2 and c.cards == (c.starter,) for c in heels)
        assert game.total == sum(c.total for c in game.log)
        assert game.log[-1].what == "last hand"  # no starter, no heels
    assert heels_seen > 10


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
    assert [c.what for c in game.log if c.what != "his heels"] == ["hand", "crib"] * 6 + ["last hand"]
    last = game.log[-1]
    assert last.starter is None and len(last.cards) == 4
    hands_and_cribs = [c for count in game.log[:-1] if count.what != "his heels" for c in count.cards]
    assert sorted(hands_and_cribs + list(last.cards)) == sorted(DECK)
    assert game.total == sum(count.total for count in game.log)


def test_hoyle_average_with_careless_discards_is_below_the_sources_85():
    totals = [play_hoyle(seed).total for seed in range(200)]
    assert 40 < sum(totals) / len(totals) < 85


def test_a_discard_must_be_two_cards_of_the_hand():
    game = HoyleSolitaire(1)
    with pytest.raises(IllegalActionError, match="exactly 2") as one:
        game.discard(game.hand[:1])
    assert one.value.refusal == Refusal.of(Breach.WRONG_NUMBER_OF_CARDS, needed=2, given=1)
    with pytest.raises(IllegalActionError) as twice:
        game.discard([game.hand[0], game.hand[0]])
    assert twice.value.breach is Breach.CARD_TWICE
    with pytest.raises(IllegalActionError, match="not in that hand") as foreign:
        game.discard(game.crib)
    assert foreign.value.refusal == Refusal.of(Breach.NOT_IN_THAT_HAND, card=game.crib[0])
    finished = play_hoyle(1)
    with pytest.raises(IllegalActionError, match="over") as over:
        finished.discard(DECK[:2])
    assert over.value.breach is Breach.OVER


@pytest.mark.parametrize("cls", [ArnoldSolitaire, HoyleSolitaire])
def test_solitaire_saves_and_resumes(cls):
    game = cls(9)
    game.discard(game.hand[:2])
    if cls is ArnoldSolitaire:
        game.discard(game.hand[:2])
    resumed = cls.from_dict(json.loads(json.dumps(game.to_dict())))
    assert resumed.to_dict() == game.to_dict()
