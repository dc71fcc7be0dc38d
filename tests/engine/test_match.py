"""Matches: the loser of a game deals first in the next; match points add up."""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalActionError
from engine.game import Automation, Game
from engine.match import Match, play_match
from engine.players import RandomPlayer, play_game
from engine.rules import FOUR_PLAYER, FREE_PLAY_TRIPLE, SHORT, THREE_PLAYER


def test_match_points_are_the_sum_of_the_games_by_convention():
    match = play_match(SHORT, [RandomPlayer(1), RandomPlayer(2)], seed=7, points_to_win=7)
    expected = [0, 0]
    for outcome in match.outcomes:
        expected[outcome.winner] += {0: 2, 1: 3, 2: 3, 3: 3}[outcome.skunk]  # tournament
    assert match.match_points == expected
    assert match.is_over and match.result.winner == max(range(2), key=lambda s: expected[s])
    assert max(expected) >= 7 > sorted(expected)[0]


def test_the_loser_deals_first_in_the_next_game():
    match = play_match(SHORT, [RandomPlayer(3), RandomPlayer(4)], seed=2, points_to_win=9)
    assert len(match.outcomes) >= 2
    assert match.first_dealers[0] is None  # the first game cuts for deal
    for outcome, dealer in zip(match.outcomes, match.first_dealers[1:]):
        assert dealer == 1 - outcome.winner


def test_three_players_the_lowest_score_deals_next():
    match = play_match(THREE_PLAYER, [RandomPlayer(i) for i in range(3)], seed=5, points_to_win=4)
    for outcome, dealer in zip(match.outcomes, match.first_dealers[1:]):
        lowest = min(outcome.scores)
        assert outcome.scores[dealer] == lowest


def test_partners_take_turns_dealing_for_the_losing_side():
    match = play_match(FOUR_PLAYER.with_options(target=31, skunk_lines=()), [RandomPlayer(i) for i in range(4)], seed=1, points_to_win=8)
    for outcome, dealer in zip(match.outcomes, match.first_dealers[1:]):
        assert FOUR_PLAYER.side_of(dealer) != outcome.winner


def test_a_triple_skunk_can_win_the_match_outright():
    rules = SHORT.with_options(convention=FREE_PLAY_TRIPLE, skunk_lines=(31, 21, 11), target=21)
    for seed in range(200):
        match = play_match(rules, [RandomPlayer(seed), RandomPlayer(seed + 1)], seed=seed, points_to_win=50)
        if any(o.wins_match for o in match.outcomes):
            assert match.outcomes[-1].wins_match and max(match.match_points) < 50
            return
    pytest.fail("no triple skunk in 200 random matches")


def test_next_game_waits_for_the_current_one():
    match = Match(SHORT, points_to_win=3, seed=1)
    with pytest.raises(IllegalActionError, match="finished"):
        match.next_game()
    assert not match.can_next_game()


def test_a_match_saves_and_resumes():
    match = Match(SHORT, points_to_win=5, seed=3)
    players = [RandomPlayer(1), RandomPlayer(2)]
    play_game(SHORT, players, game=match.game)
    match.next_game()
    resumed = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert resumed.to_dict() == match.to_dict()
    assert isinstance(resumed.game, Game) and resumed.match_points == match.match_points


def test_the_first_game_cuts_again_on_a_tie_and_the_loser_still_deals_next():
    match = Match(SHORT, points_to_win=3, seed=1, automate=Automation.NONE)
    match.game.cut_for_deal("7H 7C")  # a tie: cut again
    match.game.cut_for_deal("9H 2C")  # seat 1 deals
    play_game(SHORT, [RandomPlayer(5), RandomPlayer(6)], game=match.game)
    loser = 1 - match.game.outcome.winner
    assert match.next_game().dealer == loser
