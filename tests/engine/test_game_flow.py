"""A deal from the cut for deal to the next deal (RULES.md §2.1-§2.7), the
variants' differences (§4), and winning wherever the target is reached."""

from __future__ import annotations

import pytest

from engine.cards import DECK, card, parse_cards
from engine.errors import ENGLISH, Breach, IllegalActionError, Refusal
from engine.events import Counted, CutForDeal, Dealt, GameOver, Points, Shown
from engine.game import Action, Automation, Game, Phase
from engine.rules import FIVE_CARD, FOUR_PLAYER, SEVEN_CARD, STANDARD, THREE_PLAYER, Counting, Skunk
from engine.scoring import ScoreKind
from tests.game_helpers import replay

DEALER, PONE = 0, 1


def test_cut_for_deal_the_lower_rank_deals():
    game = Game(STANDARD, seed=1)
    event = game.cut_for_deal(parse_cards("KH 3C"))
    assert event == CutForDeal((card("KH"), card("3C")), 1)
    assert game.dealer == 1 and game.phase is Phase.DEAL


def test_cut_for_deal_equal_ranks_cut_again():
    game = Game(STANDARD, seed=1)
    assert game.cut_for_deal(parse_cards("7H 7C")).dealer is None
    assert game.phase is Phase.CUT_FOR_DEAL and game.dealer is None
    game.cut_for_deal(parse_cards("AS 7C"))
    assert game.dealer == 0


def test_cut_for_deal_ace_is_low():
    assert Game(STANDARD, seed=1).cut_for_deal(parse_cards("2D AD")).dealer == 1


def test_deal_gives_six_each_one_at_a_time_starting_with_the_pone():
    game = Game(STANDARD, dealer=0, seed=1)
    game.deal(DECK)
    # the pone (seat 1) gets the 1st, 3rd, 5th... cards; the dealer the 2nd, 4th...
    assert game.hands[1] == list(DECK[0:12:2]) and game.hands[0] == list(DECK[1:12:2])
    assert game.pack == list(DECK[12:])


def test_a_stacked_deck_must_be_a_whole_deck():
    game = Game(STANDARD, dealer=0, seed=1)
    with pytest.raises(IllegalActionError, match="52 cards"):
        game.deal(DECK[:51] + DECK[:1])


def test_discard_lays_away_two_of_ones_own_cards_once():
    game = Game(STANDARD, seed=1, dealer=0)
    game.deal()
    mine = game.hands[0]
    theirs = game.hands[1]
    with pytest.raises(IllegalActionError, match="exactly 2"):
        game.discard(0, mine[:1])
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        game.discard(0, [mine[0], theirs[0]])
    with pytest.raises(IllegalActionError, match="named twice"):
        game.discard(0, [mine[0], mine[0]])
    game.discard(0, mine[:2])
    with pytest.raises(IllegalActionError, match="once a deal"):
        game.discard(0, mine[2:4])
    assert game.crib == mine[:2] and game.kept[0] == mine[2:]
    assert game.expected is Action.DISCARD and game.to_act == (1,)


def test_the_starter_needs_every_discard_and_a_fair_cut():
    game = Game(STANDARD, seed=2, dealer=0)
    game.deal()
    assert not game.can_cut()
    for seat in (0, 1):
        game.discard(seat, game.hands[seat][:2])
    assert not game.can_cut(3) and not game.can_cut(len(game.pack) - 3)
    game.cut(4)
    assert game.starter == game.pack[4]


def test_his_heels_two_to_the_dealer_at_once():
    game = Game.from_hands(STANDARD, ["2C 3C 4C 6D", "7H 8H 9H KS"], starter="JD", seed=1)
    heels = [e for e in game.log if isinstance(e, Points)]
    assert heels == [Points(DEALER, ScoreKind.HEELS, (card("JD"),), 2)]
    assert game.scores == (2, 0)


def test_winning_on_his_heels_ends_the_game_before_the_play():
    rules = STANDARD.with_options(target=2, skunk_lines=())
    game = Game.from_hands(rules, ["2C 3C 4C 6D", "7H 8H 9H KS"], starter="JH", seed=1)
    assert game.is_over and game.phase is Phase.OVER
    assert game.outcome.winner == DEALER and game.outcome.scores == (2, 0)
    assert isinstance(game.log[-1], GameOver) and game.log[-2].reason.value == "his heels"
    assert game.legal_plays(PONE) == ()
    with pytest.raises(IllegalActionError, match="waits for: nothing"):
        game.play(PONE, card("7H"))


def test_winning_in_the_middle_of_the_play():
    # 10H then the dealer's 5C: fifteen two reaches the target of 2 at once.
    rules = STANDARD.with_options(target=2, skunk_lines=())
    game = Game.from_hands(rules, ["5C 9C 9D 9H", "10H 2S 3S 4S"], starter="KD", seed=1)
    replay(game, "10H 5C")
    assert game.is_over and game.outcome.winner == DEALER
    assert [type(e).__name__ for e in game.log[-3:]] == ["Played", "Points", "GameOver"]
    assert not game.can_play(PONE, card("2S"))


def test_winning_on_the_pone_show_before_the_dealer_counts():
    # Play: KC JS 6H 5H=31 (dealer 2); 4C 10D 5D 5C (pair 2, last card 1): the
    # dealer leads 5 to 0.  The pone's 4C 5D 6H KC with the 5S starter is 16
    # (RULES.md §2 worked example): the target of 16 is reached in the pone's
    # show, and the dealer's 21 (5H 5C JS 10D | 5S) is never counted.
    rules = STANDARD.with_options(target=16, skunk_lines=(10,))
    game = Game.from_hands(rules, ["5H 5C JS 10D", "4C 6H KC 5D"], starter="5S", seed=1)
    replay(game, "KC JS 6H 5H 4C 10D 5D 5C")
    assert game.scores == (5, 0)
    game.show()
    assert game.is_over
    assert game.outcome.winner == PONE and game.outcome.scores == (5, 16)
    assert game.outcome.skunk is Skunk.SKUNK
    assert [e.player for e in game.log if isinstance(e, Shown)] == [PONE]


def test_the_show_goes_pone_dealer_crib_then_the_other_deals():
    game = Game(STANDARD, seed=4, dealer=0, automate=Automation.DEAL | Automation.CUT)
    for seat in (0, 1):
        game.discard(seat, game.hands[seat][:2])
    while game.expected is Action.PLAY:
        game.play(game.to_play, game.legal_plays(game.to_play)[0])
    assert game.phase is Phase.SHOW and game.to_act == (PONE,)
    shown = []
    while game.phase is Phase.SHOW:
        shown.append(game.show())
    assert [(e.player, e.is_crib) for e in shown] == [(PONE, False), (DEALER, False), (DEALER, True)]
    # The next deal was dealt automatically by the other dealer.
    assert game.dealer == 1 and game.phase is Phase.DISCARD
    assert [e.dealer for e in game.log if isinstance(e, Dealt)] == [0, 1]


def test_scores_are_the_sum_of_the_points_events():
    game = Game(STANDARD, seed=9, dealer=1, automate=Automation.CHANCE)
    while not game.is_over:
        if game.expected is Action.DISCARD:
            seat = game.to_act[0]
            game.discard(seat, game.hands[seat][-2:])
        else:
            game.play(game.to_play, game.legal_plays(game.to_play)[-1])
    totals = [0, 0]
    for e in game.log:
        if isinstance(e, Points):
            totals[e.player] += e.points
    assert tuple(totals) == game.scores == game.outcome.scores
    assert max(game.scores) >= 121 > min(game.scores)


def test_five_card_pone_pegs_three_at_the_start_of_the_game_only():
    game = Game(FIVE_CARD, seed=5, dealer=0, automate=Automation.CHANCE)
    assert game.scores == (0, 3)
    assert [e.reason.value for e in game.log if isinstance(e, Points)] == ["three for the start"]
    assert len(game.hands[0]) == 5
    for seat in (0, 1):
        game.discard(seat, game.hands[seat][:2])
    assert len(game.kept[0]) == 3 and len(game.crib) == 4


def test_seven_card_keeps_five():
    game = Game(SEVEN_CARD, seed=6, dealer=0, automate=Automation.CHANCE)
    for seat in (0, 1):
        game.discard(seat, game.hands[seat][:2])
    assert [len(k) for k in game.kept] == [5, 5] and len(game.crib) == 4


def test_three_players_one_card_to_the_crib_and_one_discard_each():
    game = Game(THREE_PLAYER, seed=7, dealer=2, automate=Automation.CHANCE)
    assert [len(h) for h in game.hands] == [5, 5, 5] and len(game.crib) == 1
    for seat in (0, 1, 2):
        game.discard(seat, game.hands[seat][:1])
    assert len(game.crib) == 4 and game.to_play == 0  # left of the dealer leads
    assert game.show_order() == [(0, False), (1, False), (2, False), (2, True)]


def test_four_players_partners_points_add_up():
    game = Game.from_hands(FOUR_PLAYER, ["5H 5D 9C 9D", "KC QC 8S 8H", "10H 10S 2C 3C", "JD 4S 6S 7S"], dealer=3, starter="AD", seed=1)
    assert game.to_play == 0
    replay(game, "5H KC 10H")  # 5, 15 (seat 1: 2), 25
    assert game.scores == (0, 2)
    replay(game, "4S")  # seat 3 (seat 1's partner): 29
    replay(game, "2C")  # seat 0 can't play 9s: go; seat 1 can't; seat 2: 31 -> 2
    assert game.scores == (2, 2)
    assert game.score_of(2) == game.score_of(0) == 2


def test_the_game_refuses_to_start_with_a_bad_dealer():
    with pytest.raises(ValueError):
        Game(STANDARD, dealer=2, seed=1)


def test_why_not_names_the_rule_as_data_or_says_nothing_when_legal():
    game = Game.from_hands(STANDARD, ["KS 6H QH 7S", "10H 5C KD 4H"], starter="2C", seed=1)
    assert game.why_not("play", PONE, "10H") is None
    turn = game.why_not("play", DEALER, "KS")
    assert turn == Refusal.of(Breach.NOT_YOUR_TURN, seat=DEALER, turn=PONE)
    assert "turn" in str(turn)
    not_now = game.why_not("discard", DEALER, "KS 6H")
    assert (not_now.breach, not_now["attempted"], not_now["expected"]) == (Breach.NOT_NOW, Action.DISCARD, Action.PLAY)
    assert "waits for: play" in str(not_now)
    with pytest.raises(ValueError):
        game.why_not("fly")


def _in_the_play() -> Game:
    return Game.from_hands(STANDARD, ["KS 6H QH 7S", "10H 5C KD 4H"], starter="2C", seed=1)


def _at_the_discard() -> Game:
    return Game(STANDARD, seed=5, dealer=DEALER, automate=Automation.CHANCE)


def _muggins_window() -> Game:
    game = Game.from_hands(STANDARD.with_options(counting=Counting.MUGGINS, pegging_muggins=True),
                           ["KS 6H QH 7S", "10H 5C KD 4H"], starter="2C", seed=1)
    game.play(PONE, "5C")
    return game


REFUSALS = [
    ("play before the starter", lambda: _at_the_discard(), "play", (PONE, "5C"),
     Refusal.of(Breach.NOT_NOW, attempted=Action.PLAY, expected=Action.DISCARD)),
    ("no such seat", _in_the_play, "play", (7, "10H"), Refusal.of(Breach.NO_SUCH_SEAT, seat=7, last=1)),
    ("out of turn", _in_the_play, "play", (DEALER, "KS"), Refusal.of(Breach.NOT_YOUR_TURN, seat=DEALER, turn=PONE)),
    ("another's card", _in_the_play, "play", (PONE, "KS"), Refusal.of(Breach.NOT_IN_HAND, card=card("KS"), seat=PONE)),
    ("laying away one", _at_the_discard, "discard", (PONE, None),
     Refusal.of(Breach.WRONG_NUMBER_OF_CARDS, needed=2, given=1)),
    ("a claim is due", _muggins_window, "play", (DEALER, "KS"), Refusal.of(Breach.CLAIM_FIRST, claimant=PONE)),
    ("someone else's claim", _muggins_window, "claim", (DEALER, 0),
     Refusal.of(Breach.NOT_YOUR_COUNT, seat=DEALER, claimant=PONE, what=Counted.PLAY)),
    ("not a count", _muggins_window, "claim", (PONE, -1), Refusal.of(Breach.NOT_A_COUNT)),
    ("a cut too close", lambda: _cut_due(), "cut", (2,), Refusal.of(Breach.CUT_TOO_CLOSE, lift=2, low=4, high=36)),
]


def _cut_due() -> Game:
    game = Game(STANDARD, seed=5, dealer=DEALER, automate=Automation.DEAL)
    for seat in (0, 1):
        game.discard(seat, game.hand(seat)[:2])
    return game


@pytest.mark.parametrize("name, make, action, args, refusal", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_refused_action_says_which_rule_as_data_and_changes_nothing(name, make, action, args, refusal):
    game = make()
    if name == "laying away one":
        args = (PONE, game.hand(PONE)[:1])
    before = game.to_dict()
    assert game.why_not(action, *args) == refusal
    with pytest.raises(IllegalActionError) as error:
        getattr(game, action)(*args)
    assert error.value.refusal == refusal and error.value.rule == str(refusal)
    assert game.to_dict() == before


def test_every_breach_has_an_english_sentence():
    assert set(ENGLISH) == set(Breach)
