"""The expert level: insane's play reading the opponent's keeps, win probability near the end (issue 14)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.analysis.discard import analyse_discards
from engine.analysis.winprob import win_table
from engine.bots.levels import (
    LEVEL_NAMES,
    PROFILES,
    Bot,
    Level,
    discard_win_chances,
    make_player,
    play_win_chances,
    race_play_out,
)
from engine.bots.selfplay import rules_for
from engine.cards import DECK, format_cards, parse_cards
from engine.players import play_game
from engine.rules import FIVE_CARD, SIX_PLAYER_THREE_TEAMS, THREE_PLAYER
from tests.engine.bots.test_levels import discard_view, play_position


def at_scores(view, mine: int, theirs: int):
    scores = [0, 0]
    scores[view.seat], scores[1 - view.seat] = mine, theirs
    return dataclasses.replace(view, scores=tuple(scores))


def test_expert_is_the_fifth_level_offered():
    assert LEVEL_NAMES == ("easy", "medium", "hard", "insane", "expert")
    assert make_player("Expert", seed=1).level is Level.EXPERT
    assert PROFILES[Level.EXPERT].endgame > 0
    # the other levels never play for the game
    assert all(PROFILES[level].endgame == 0 for level in Level if level is not Level.EXPERT)


def test_early_in_the_game_expert_discards_as_insane_does():
    rng = random.Random(4)
    pool = [c for c in DECK if str(c) != "AS"]
    for _ in range(12):
        hand = format_cards(rng.sample(pool, 6))
        for dealer in (True, False):
            view = at_scores(discard_view(hand, dealer=dealer), 30, 45)
            assert Bot("expert", seed=1).choose_discard(view) == Bot("insane", seed=1).choose_discard(view)


def test_early_in_the_game_expert_plays_as_insane_does():
    view = play_position("5H 10S 4C 6D KD QC", "7S 8D 9C 2H 3S JH", ["5H", "7S"])
    view = at_scores(view, 20, 20)
    assert Bot("expert", seed=3).choose_play(view) == Bot("insane", seed=3).choose_play(view)


def test_near_the_end_the_pone_keeps_the_hand_that_counts_out_first():
    # Pone on 111 against 100: insane gives the dealer the fewest crib points
    # (keeps 3-Q-Q-5, hand 7.96 on average), the expert keeps Q-Q-J-5 (10.65),
    # which counts the 10 it needs far more often, and counts before the dealer.
    view = at_scores(discard_view("3S QH 2D QS JS 5H", dealer=False), 111, 100)
    insane = Bot("insane", seed=1).choose_discard(view)
    expert = Bot("expert", seed=1).choose_discard(view)
    assert set(insane) == set(parse_cards("2D JS"))
    assert set(expert) == set(parse_cards("3S 2D"))
    options = analyse_discards(view.hand, dealer=False)
    chances = dict(zip((o.discard for o in options), discard_win_chances(view, options, win_table(121))))
    assert chances[expert] == max(chances.values())
    assert chances[expert] > chances[insane] + 0.03


def test_discard_chances_are_probabilities_that_follow_the_table():
    view = at_scores(discard_view("5H 5D JS 4C 6D KS", dealer=True), 100, 100)
    options = analyse_discards(view.hand, dealer=True)
    chances = discard_win_chances(view, options, win_table(121))
    assert all(0.0 <= c <= 1.0 for c in chances)
    # the best hand and crib of the deal is the best chance here too
    assert max(range(len(options)), key=lambda k: chances[k]) == 0


def test_a_card_that_pegs_out_wins_for_sure():
    # Seat 0 (pone) needs 2: the two on 5-8 makes fifteen and ends the game.
    view2 = at_scores(play_position("5H 2S 4C 6D KD QC", "7S 8D 9C 2H 3S JH", ["5H", "8D"]), 119, 90)
    assert view2.count == 13
    chances, _ = play_win_chances(view2, [2, 4, 6], win_table(121), 60, random.Random(1))
    assert chances[2] == 1.0
    assert Bot("expert", seed=2).choose_play(view2) == parse_cards("2S")[0]


def test_race_play_out_stops_at_the_first_to_peg_out():
    # seat 0 holds a 5 and the pile counts 10: the five makes fifteen (2 points)
    points = [0, 0]
    winner = race_play_out([[5], [13]], 0, 10, [10], 1, points, needs=[2, 5])
    assert winner == 0 and points == [2, 0]
    # nobody reaches: the play ends with the last card
    points = [0, 0]
    assert race_play_out([[2], [3]], 0, 0, [], None, points, needs=[10, 10]) is None
    assert sum(points) == 1  # only the last card
    # the last card is what the opponent needed
    points = [0, 0]
    assert race_play_out([[2], [3]], 0, 0, [], None, points, needs=[10, 1]) == 1


def test_in_five_card_cribbage_expert_plays_as_insane():
    # Neither the win table nor the keep model (measured on six-card deals) applies.
    expert = play_game(FIVE_CARD, [Bot("expert", seed=1), Bot("insane", seed=2)], seed=5)
    insane = play_game(FIVE_CARD, [Bot("insane", seed=1), Bot("insane", seed=2)], seed=5)
    assert expert.scores == insane.scores


def test_where_the_win_table_does_not_apply_expert_plays_as_insane_reading_the_keeps():
    rules = rules_for("standard", target=91)
    reading = dataclasses.replace(PROFILES[Level.INSANE], opponent_model=True)
    expert = play_game(rules, [Bot("expert", seed=1), Bot("insane", seed=2)], seed=5)
    insane_reading = play_game(rules, [Bot(reading, seed=1), Bot("insane", seed=2)], seed=5)
    insane = play_game(rules, [Bot("insane", seed=1), Bot("insane", seed=2)], seed=5)
    assert expert.scores == insane_reading.scores != insane.scores


class _Counting(Bot):
    """An expert that counts the decisions it took with the win table."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.for_the_game = 0

    def _endgame_table(self, view):
        table = super()._endgame_table(view)
        self.for_the_game += table is not None
        return table


@pytest.mark.parametrize("target", [121, 61])
def test_the_expert_plays_for_the_game_near_the_end_of_both_lengths(target):
    rules = rules_for("standard", target=target)
    expert = _Counting("expert", seed=1)
    game = play_game(rules, [expert, Bot("insane", seed=2)], seed=7)
    assert game.outcome is not None
    assert expert.for_the_game > 0  # the win table decided its last decisions, not points


@pytest.mark.slow
def test_at_tables_of_three_to_six_the_expert_plays_as_insane():
    """Neither the win table nor the keep model applies with more than two players (crib selfplay --help says so)."""
    for rules in (THREE_PLAYER.to_target(31), SIX_PLAYER_THREE_TEAMS.to_target(31)):
        others = [Bot("insane", seed=seat + 2) for seat in range(rules.players - 1)]
        expert = play_game(rules, [Bot("expert", seed=1)] + others, seed=5)
        others = [Bot("insane", seed=seat + 2) for seat in range(rules.players - 1)]
        insane = play_game(rules, [Bot("insane", seed=1)] + others, seed=5)
        assert [e.to_dict() for e in expert.log] == [e.to_dict() for e in insane.log]
