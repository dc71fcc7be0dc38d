"""The play (RULES.md §2.5) through the game engine: go, 31, last card, the next
lead, empty hands, and the refusals that name their rule.

Hands are set up with ``Game.from_hands`` (dealer is seat 0, the pone seat 1);
every expected point below is worked out by hand from the rules.
"""

from __future__ import annotations

import pytest

from engine.cards import card
from engine.errors import IllegalActionError
from engine.events import CountReset, Go, Played, PlayEnded, Points
from engine.game import Action, Game, Phase
from engine.rules import FIVE_CARD, STANDARD, THREE_PLAYER
from tests.game_helpers import replay

DEALER, PONE = 0, 1


def setup(dealer_cards: str, pone_cards: str, rules=STANDARD, **kwargs) -> Game:
    return Game.from_hands(rules, [dealer_cards, pone_cards], dealer=DEALER, starter=kwargs.pop("starter", "KS"), **kwargs)


def points(game: Game) -> list[tuple[int, str, int]]:
    """The play's points as (player, reason, points), in order."""
    start = next(i for i, e in enumerate(game.log) if isinstance(e, Played))
    return [(e.player, e.reason.value, e.points) for e in game.log[start:] if isinstance(e, Points)]


def test_pone_leads_and_turns_alternate():
    game = setup("8D 10C 9H QD", "6D 10D 8H 5H")
    assert game.to_play == PONE
    with pytest.raises(IllegalActionError, match="turn"):
        game.play(DEALER, card("8D"))
    game.play(PONE, card("10D"))
    assert game.to_play == DEALER and game.legal_plays(PONE) == ()


def test_go_then_31_then_next_lead_skips_the_empty_hand():
    # 10D 10C(pair: dealer 2) 6D=26; the dealer holds 8 9 Q: go; the pone plays
    # 5H to 31 (2, and no point for the go).  The dealer leads: 8D 8H(pair: pone 2)
    # 9H=25; the pone is empty and the dealer's Q would pass 31: one for go to the
    # dealer; the pone's empty hand is skipped, so the dealer leads again and QD
    # is the last card (1).
    game = setup("8D 10C 9H QD", "6D 10D 8H 5H")
    replay(game, "10D 10C 6D")
    assert game.to_play == PONE
    assert [e for e in game.log if isinstance(e, Go)] == [Go(DEALER, 26)]
    assert game.legal_plays(PONE) == (card("5H"),)
    replay(game, "5H 8D 8H 9H")
    assert game.to_play == DEALER and game.count == 0
    resets = [e for e in game.log if isinstance(e, CountReset)]
    assert resets == [CountReset(31, DEALER), CountReset(25, DEALER)]
    replay(game, "QD")
    assert points(game) == [
        (DEALER, "pair", 2),
        (PONE, "thirty-one", 2),
        (PONE, "pair", 2),
        (DEALER, "go", 1),
        (DEALER, "last card", 1),
    ]
    assert game.phase is Phase.SHOW and isinstance(game.log[-1], PlayEnded)


def test_when_neither_can_play_the_last_player_pegs_go_and_the_next_player_leads():
    # KH QC 9S=29: the dealer's 9D 8D 7D all pass 31 (go); the pone cannot add
    # 5 or 6 either: one for go to the pone, who played last; the dealer leads.
    # 9D does not pair the 9S across the reset.  6C makes 15 (pone 2); at 28 the
    # dealer's 7D cannot go: go to the pone again; the dealer leads 7D, which
    # is no run with 5 6 8 9 across the reset: last card 1.
    game = setup("QC 9D 8D 7D", "KH 9S 5C 6C")
    replay(game, "KH QC 9S")
    assert [e for e in game.log if isinstance(e, Go)] == [Go(DEALER, 29)]
    assert game.to_play == DEALER and game.count == 0
    replay(game, "9D 6C 8D 5C 7D")
    assert points(game) == [
        (PONE, "go", 1),
        (PONE, "fifteen", 2),
        (PONE, "go", 1),
        (DEALER, "last card", 1),
    ]
    assert [e.next_player for e in game.log if isinstance(e, CountReset)] == [DEALER, DEALER]


def test_31_scores_two_and_never_a_go_point_and_the_next_player_leads():
    # 10H KS 5C 6H=31: dealer 2; the pone leads again: KD QH 4H 7S=31, the very
    # last card, scores only the 2 for 31.
    game = setup("KS 6H QH 7S", "10H 5C KD 4H", starter="2C")
    replay(game, "10H KS 5C")
    assert game.legal_plays(DEALER) == (card("6H"),)
    replay(game, "6H")
    assert game.to_play == PONE and game.pile == []
    replay(game, "KD QH 4H 7S")
    assert points(game) == [(DEALER, "thirty-one", 2), (DEALER, "thirty-one", 2)]
    assert game.phase is Phase.SHOW


def test_the_count_may_not_pass_31_and_the_refusal_changes_nothing():
    game = setup("KS 6H QH 7S", "10H 5C KD 4H", starter="2C")
    replay(game, "10H KS 5C")
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match="may not pass 31"):
        game.play(DEALER, card("QH"))
    assert not game.can_play(DEALER, card("7S"))
    assert game.to_dict() == before


def test_a_card_not_in_hand_or_played_twice_is_refused():
    game = setup("KS 6H QH 7S", "10H 5C KD 4H", starter="2C")
    replay(game, "10H KS")
    with pytest.raises(IllegalActionError, match="not in seat 1's hand"):
        game.play(PONE, card("10H"))
    with pytest.raises(IllegalActionError, match="not in seat 1's hand"):
        game.play(PONE, card("QH"))


def test_fifteen_two_and_a_pair_is_four():
    game = setup("5D 9C 9D 9H", "10S 5H 2C 3C")
    replay(game, "10S 5D")
    assert points(game) == [(DEALER, "fifteen", 2)]
    game2 = setup("5D 9C 9D 9H", "5S 10S 2C 3C")
    replay(game2, "5S 5D")  # 10, a pair: 2
    replay(game2, "10S")  # 20
    assert points(game2) == [(DEALER, "pair", 2)]
    game3 = setup("5D 9C 9D 9H", "5S 5C 2C 3C")
    replay(game3, "5S 5D 5C")  # pair royal at 15: 2 + 6
    assert points(game3) == [(DEALER, "pair", 2), (PONE, "fifteen", 2), (PONE, "pair", 6)]


def test_go_point_goes_to_the_last_player_even_when_the_other_said_go_first():
    # AH KC QC: 21; 9D: 30.  The pone's 2H would be 32: go; the dealer's 10D and
    # 10S cannot go either: one for go to the dealer, who played last.
    game = setup("KC 9D 10D 10S", "AH QC 2H 3H")
    replay(game, "AH KC QC 9D")
    assert [e for e in game.log if isinstance(e, Go)] == [Go(PONE, 30)]
    assert points(game)[-1] == (DEALER, "go", 1)
    assert game.to_play == PONE  # the player after the dealer leads


def test_an_empty_hand_is_skipped_and_the_other_plays_on_alone():
    # The pone's four small cards go first; the dealer then plays on alone.
    game = setup("KC QC 9C 8C", "AH 2H 3D 4S", starter="6S")
    replay(game, "AH KC 2H QC 3D")  # 1 11 13 23 26
    assert game.to_play == PONE
    replay(game, "4S")  # 30
    # the dealer's 9 and 8 would pass 31: go point to the pone; the pone is
    # empty, so the dealer leads and plays both cards alone.
    assert game.to_play == DEALER
    replay(game, "9C 8C")
    assert points(game) == [(PONE, "go", 1), (DEALER, "last card", 1)]


def test_three_players_play_moves_left_and_the_next_lead_skips_an_empty_hand():
    # Dealer seat 0; seat 1 leads, then 2, then 0.  6S 10D 8H 3C=27; seat 2
    # (K J 8) says go; seat 0 2S=29; seat 1 (3 5) says go: go to seat 0.
    # Seat 1 leads 5S 8D 7C 3D=23; seat 2 (K J) goes; seat 0 8S=31: 2.  Seat 1
    # is empty, so seat 2 leads KD JD and JD is the last card.
    game = Game.from_hands(
        THREE_PLAYER, ["7C 8S 2S 8H", "3D 3C 6S 5S", "KD JD 8D 10D"], dealer=0, starter="4H", seed=1
    )
    assert game.to_play == 1
    replay(game, "6S 10D 8H 3C")
    assert game.to_play == 0
    assert [e.player for e in game.log if isinstance(e, Go)] == [2]
    replay(game, "2S 5S 8D 7C 3D 8S")
    assert game.log[-1] == CountReset(31, 2)
    replay(game, "KD JD")
    assert points(game) == [(0, "go", 1), (0, "thirty-one", 2), (2, "last card", 1)]
    assert [e.player for e in game.log if isinstance(e, Go)] == [2, 1, 2]


def test_five_card_play_stops_at_the_first_go():
    # Five-card: three cards each.  KH QH 9C=29: the dealer's 5s cannot go, the
    # pone's 8 neither: one for go to the pone, and the play is over.
    game = Game.from_hands(FIVE_CARD, ["QH 5C 5D", "KH 9C 8S"], dealer=0, starter="2D", seed=1)
    replay(game, "KH QH 9C")
    assert game.phase is Phase.SHOW
    assert game.in_hand == [[card("5C"), card("5D")], [card("8S")]]
    assert points(game) == [(PONE, "go", 1)]


def test_five_card_play_stops_at_the_first_31():
    game = Game.from_hands(FIVE_CARD, ["KD 6C 2C", "QH 5C 3S"], dealer=0, starter="2D", seed=1)
    replay(game, "QH KD 5C 6C")
    assert game.phase is Phase.SHOW and game.expected is Action.SHOW
    assert points(game) == [(DEALER, "thirty-one", 2)]


def test_the_play_waits_for_the_starter_and_ends_before_the_show():
    game = Game(STANDARD, seed=3, dealer=0)
    game.deal()
    with pytest.raises(IllegalActionError, match="after the starter is cut"):
        game.play(PONE, game.hands[PONE][0])
