"""Muggins counting (RULES.md §3): claims, calls, corrections; standard and strict.

The hands: the pone holds 4C 5D 6H KC, 16 with the 5S starter (RULES.md §2
worked example); the dealer 2S 7C 9D QH, and the play is arranged to score
nothing so the show is all there is.
"""

from __future__ import annotations

import pytest

from engine.cards import card, parse_cards
from engine.errors import Breach, IllegalActionError, Refusal
from engine.events import Award, Claimed, Counted, MugginsCalled, Points, TrueCount
from engine.game import Action, Game, Phase
from engine.pegging import score_play
from engine.rules import SEVEN_CARD, STANDARD, Counting
from engine.scoring import ScoreKind, score_show

DEALER, PONE = 0, 1
PONE_HAND = "4C 5D 6H KC"
DEALER_HAND = "2S 7C 9D QH"
CRIB = "AH 3D 8C 10S"


def replay(game: Game, order: str) -> None:
    for c in parse_cards(order):
        owner = next(seat for seat in range(game.rules.players) if c in game.in_hand[seat])
        game.play(owner, c)
        if game.phase is Phase.PLAY and game.expected is Action.CLAIM:  # pegging muggins: claim truly
            game.claim(owner, score_play(game.pile).points)
            while game.expected is Action.MUGGINS:
                game.pass_muggins(game.to_act[0])


def play_out(game: Game) -> None:
    while game.phase is Phase.PLAY:
        if game.expected is Action.PLAY:
            seat = game.to_play
            replay(game, str(game.legal_plays(seat)[0]))


def show_game(counting: Counting, **options) -> Game:
    rules = STANDARD.with_options(counting=counting, **options)
    game = Game.from_hands(rules, [DEALER_HAND, PONE_HAND], starter="5S", crib=CRIB, seed=1)
    play_out(game)
    assert game.phase is Phase.SHOW
    return game


def show_points(game: Game) -> list[tuple[int, str, int]]:
    start = next(i for i, e in enumerate(game.log) if isinstance(e, Claimed))
    return [(e.player, e.reason.value, e.points) for e in game.log[start:] if isinstance(e, Points)]


def test_pone_hand_is_sixteen():
    # the premise of every test below, from RULES.md §2
    assert score_show(PONE_HAND, "5S").total == 16


def test_under_muggins_the_show_waits_for_the_owners_claim():
    game = show_game(Counting.MUGGINS)
    assert game.expected is Action.CLAIM and game.to_act == (PONE,)
    assert game.pending_claim.cards == parse_cards(PONE_HAND)
    assert not game.can_show()
    with pytest.raises(IllegalActionError, match="each counts their own"):
        game.claim(DEALER, 16)
    with pytest.raises(IllegalActionError, match="whole number"):
        game.claim(PONE, -1)


def test_exact_claim_pegs_it_and_a_muggins_call_takes_nothing():
    game = show_game(Counting.MUGGINS)
    before = game.scores
    game.claim(PONE, 16)
    assert game.expected is Action.MUGGINS and game.to_act == (DEALER,)
    event = game.call_muggins(DEALER)
    assert event == MugginsCalled(DEALER, PONE, 0)
    assert game.scores == (before[0], before[1] + 16)
    assert isinstance(game.log[-1], TrueCount) and game.log[-1].total == 16


def test_standard_under_claim_the_opponent_calls_muggins_and_takes_the_rest():
    game = show_game(Counting.MUGGINS)
    before = game.scores
    game.claim(PONE, 12)
    game.call_muggins(DEALER)
    assert show_points(game) == [(PONE, "claimed", 12), (DEALER, "muggins", 4)]
    assert game.scores == (before[0] + 4, before[1] + 12)
    # the count goes on: the dealer's hand is next
    assert game.expected is Action.CLAIM and game.to_act == (DEALER,)


def test_standard_under_claim_left_uncalled_is_lost_to_both():
    game = show_game(Counting.MUGGINS)
    before = game.scores
    game.claim(PONE, 12)
    game.pass_muggins(DEALER)
    assert game.scores == (before[0], before[1] + 12)
    assert game.log[-1] == TrueCount(PONE, "hand", 12, 16, score_show(PONE_HAND, "5S").items)
    with pytest.raises(IllegalActionError, match="before the next count begins"):
        game.call_muggins(DEALER)


def test_standard_over_claim_is_corrected_to_the_true_count():
    game = show_game(Counting.MUGGINS)
    before = game.scores
    game.claim(PONE, 20)
    game.call_muggins(DEALER)
    assert show_points(game) == [(PONE, "claimed", 16)]
    assert game.scores == (before[0], before[1] + 16)


def test_strict_under_claim_hands_the_missed_points_to_the_opponent_at_once():
    game = show_game(Counting.STRICT_MUGGINS)
    before = game.scores
    game.claim(PONE, 12)
    assert show_points(game) == [(PONE, "claimed", 12), (DEALER, "muggins", 4)]
    assert game.scores == (before[0] + 4, before[1] + 12)
    assert game.expected is Action.CLAIM and game.to_act == (DEALER,)  # no window to call


def test_strict_over_claim_gives_the_excess_to_the_opponent():
    game = show_game(Counting.STRICT_MUGGINS)
    before = game.scores
    game.claim(PONE, 19)
    assert show_points(game) == [(PONE, "claimed", 16), (DEALER, "muggins", 3)]
    assert game.scores == (before[0] + 3, before[1] + 16)


def test_muggins_only_by_an_opponent_and_only_once():
    game = show_game(Counting.MUGGINS)
    game.claim(PONE, 10)
    with pytest.raises(IllegalActionError, match="only an opponent"):
        game.call_muggins(PONE)
    game.pass_muggins(DEALER)
    assert not game.can_call_muggins(DEALER)


def test_the_crib_is_claimed_by_the_dealer_after_both_hands():
    game = show_game(Counting.MUGGINS)
    for seat in (PONE, DEALER):
        game.claim(seat, 0)
        game.pass_muggins(1 - seat)
    assert game.pending_claim.what == "crib" and game.pending_claim.player == DEALER
    assert game.pending_claim.cards == parse_cards(CRIB)


def test_his_heels_is_never_mugged():
    rules = STANDARD.with_options(counting=Counting.STRICT_MUGGINS, pegging_muggins=True)
    game = Game.from_hands(rules, [DEALER_HAND, PONE_HAND], starter="JS", crib=CRIB, seed=1)
    assert [(e.player, e.reason) for e in game.log if isinstance(e, Points)] == [(DEALER, ScoreKind.HEELS)]
    assert game.expected is Action.PLAY  # no claim is asked for the heels


def test_pegging_muggins_claims_each_card_before_the_next_is_played():
    rules = STANDARD.with_options(counting=Counting.MUGGINS, pegging_muggins=True)
    game = Game.from_hands(rules, ["5C 9C 9D 9H", "10H 2S 3S 4S"], starter="KD", crib=CRIB, seed=1)
    game.play(PONE, card("10H"))
    assert game.expected is Action.CLAIM and game.pending_claim.what == "play"
    game.claim(PONE, 0)
    game.pass_muggins(DEALER)
    game.play(DEALER, card("5C"))  # fifteen: 2
    with pytest.raises(IllegalActionError, match="claims come first"):
        game.play(PONE, card("2S"))
    game.claim(DEALER, 0)  # missed it
    game.call_muggins(PONE)
    assert [(e.player, e.reason, e.points) for e in game.log if isinstance(e, Points)] == [(PONE, Award.MUGGINS, 2)]
    assert game.expected is Action.PLAY and game.to_play == PONE


def test_the_last_card_and_go_are_pegged_for_the_player_even_under_pegging_muggins():
    rules = STANDARD.with_options(counting=Counting.MUGGINS, pegging_muggins=True)
    game = Game.from_hands(rules, ["KC 9D 10D 10S", "AH QC 2H 3H"], starter="5D", seed=1)
    replay(game, "AH KC QC 9D")
    assert [(e.player, e.reason) for e in game.log if isinstance(e, Points)][-1] == (DEALER, ScoreKind.GO)


def test_a_muggins_call_can_win_the_game():
    # The play (first legal card each time): 4C 2S 5D 7C 6H (run of 3: pone 3),
    # the dealer's 9 and Q cannot go: go to the pone; 9D KC QH: last card to the
    # dealer.  So 1 to 4; then the dealer takes the pone's whole 16 by muggins.
    game = show_game(Counting.MUGGINS, target=17, skunk_lines=())
    assert game.scores == (1, 4)
    game.claim(PONE, 0)
    game.call_muggins(DEALER)
    assert game.is_over and game.outcome.winner == DEALER and game.scores == (17, 4)


def test_a_seven_card_hand_of_46_can_be_claimed_whole_under_muggins():
    """RULES.md §2.6: a five-card hand counts with the starter as six cards; the claim limit is the variant's."""
    rules = SEVEN_CARD.with_options(counting=Counting.MUGGINS)
    game = Game.from_hands(rules, ["2S 7C 9D QH KD", "4H 4S 5H 5S 6H"], starter="6S", crib="AH 3D 8C 10S", seed=1)
    play_out(game)
    claim = game.pending_claim
    assert (claim.player, claim.what, claim.limit) == (PONE, Counted.HAND, 46)
    before = game.score_of(PONE)
    game.claim(PONE, 46)
    game.pass_muggins(DEALER)
    settled = [e for e in game.log if isinstance(e, TrueCount)][-1]
    assert (settled.what, settled.claimed, settled.total) == (Counted.HAND, 46, 46)
    assert game.score_of(PONE) == before + 46


def test_a_claim_above_the_largest_hand_is_refused_and_changes_nothing():
    game = show_game(Counting.MUGGINS)
    before = game.to_dict()
    with pytest.raises(IllegalActionError) as refused:
        game.claim(PONE, 30)
    assert refused.value.refusal == Refusal.of(Breach.CLAIM_TOO_HIGH, what=Counted.HAND, limit=29, points=30)
    assert game.to_dict() == before
    game.claim(PONE, 29)  # the limit itself may be claimed (and is corrected to the true count)
