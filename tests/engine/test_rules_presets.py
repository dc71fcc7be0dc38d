"""Rules as data (RULES.md §3-§4): presets, skunk lines, match-point conventions."""

from __future__ import annotations

import pytest

from engine.events import Dealt, Points
from engine.players import RandomPlayer, play_game
from engine.rules import (
    FIVE_CARD,
    FIVE_PLAYER,
    FOUR_PLAYER,
    FOUR_PLAYER_SOLO,
    FREE_PLAY,
    FREE_PLAY_TRIPLE,
    LONG_MATCH,
    PRESETS,
    SEVEN_CARD,
    SHORT,
    SIX_PLAYER,
    SIX_PLAYER_THREE_TEAMS,
    SIX_PLAYER_TWO_TEAMS,
    SKUNK_LINES,
    STANDARD,
    THREE_PLAYER,
    TOURNAMENT,
    Counting,
    Rules,
    Skunk,
    decide_outcome,
)


def test_presets_deal_what_rules_md_section_4_says():
    # (players, dealt, discards, to the crib from the pack, kept, target)
    table = {
        "standard": (2, 6, 2, 0, 4, 121),
        "short": (2, 6, 2, 0, 4, 61),
        "five-card": (2, 5, 2, 0, 3, 61),
        "seven-card": (2, 7, 2, 0, 5, 181),
        "three players": (3, 5, 1, 1, 4, 61),
        "four players": (4, 5, 1, 0, 4, 121),
        "four players each": (4, 5, 1, 0, 4, 121),
        "five players": (5, 5, 1, 0, 4, 121),
        "six players": (6, 6, 1, 0, 5, 121),
        "six players, two teams": (6, 6, 1, 0, 5, 121),
        "six players, three teams": (6, 6, 1, 0, 5, 121),
    }
    assert set(PRESETS) == set(table)
    for name, (players, dealt, discards, to_crib, kept, target) in table.items():
        rules = PRESETS[name]
        assert (rules.players, rules.hand_size, rules.discards, rules.cards_to_crib) == (players, dealt, discards, to_crib)
        assert (rules.kept, rules.target, rules.crib_size) == (kept, target, 5 if players == 6 else 4)


def test_only_five_card_gives_the_pone_three_and_stops_at_the_first_go():
    assert [r.name for r in PRESETS.values() if r.pone_start_bonus] == ["five-card"]
    assert FIVE_CARD.pone_start_bonus == 3 and FIVE_CARD.play_stops_at_first_reset
    assert not STANDARD.play_stops_at_first_reset


def test_partners_share_a_score():
    assert FOUR_PLAYER.sides == 2 and FOUR_PLAYER.seats_of(0) == (0, 2) and FOUR_PLAYER.seats_of(1) == (1, 3)
    assert THREE_PLAYER.sides == 3 and THREE_PLAYER.side_of(2) == 2


def test_skunk_lines_of_the_standard_game():
    assert STANDARD.skunk_level(91) is Skunk.NONE
    assert STANDARD.skunk_level(90) is Skunk.SKUNK
    assert STANDARD.skunk_level(61) is Skunk.SKUNK
    assert STANDARD.skunk_level(60) is Skunk.DOUBLE
    assert STANDARD.skunk_level(30) is Skunk.TRIPLE


def test_in_a_game_to_61_a_skunk_is_the_loser_below_31():
    assert SHORT.skunk_level(31) is Skunk.NONE and SHORT.skunk_level(30) is Skunk.SKUNK
    assert SHORT.skunk_level(0) is Skunk.SKUNK


@pytest.mark.parametrize(
    "convention, points",
    [
        (TOURNAMENT, (2, 3, 3, 3)),
        (LONG_MATCH, (3, 4, 4, 4)),
        (FREE_PLAY, (1, 2, 3, 3)),
        (FREE_PLAY_TRIPLE, (1, 2, 4, 4)),
    ],
)
def test_match_points_by_convention_rules_md_table(convention, points):
    assert tuple(convention.points(level) for level in Skunk) == points


def test_free_play_with_triple_skunk_wins_the_match():
    rules = STANDARD.with_options(convention=FREE_PLAY_TRIPLE)
    assert decide_outcome(rules, (121, 20), 0).wins_match
    assert not decide_outcome(rules, (121, 40), 0).wins_match
    assert not decide_outcome(STANDARD, (121, 20), 0).wins_match


def test_outcome_winner_skunk_and_match_points():
    outcome = decide_outcome(STANDARD, (100, 121), reached=1)
    assert (outcome.winner, outcome.skunk, outcome.match_points) == (1, Skunk.NONE, 2)
    assert decide_outcome(STANDARD, (121, 60), reached=0).skunk is Skunk.DOUBLE


def test_giveaway_reaching_the_target_loses_and_has_no_skunk():
    """No source defines a skunk in giveaway: the winner is far from the target by design."""
    rules = STANDARD.with_options(giveaway=True)
    outcome = decide_outcome(rules, (121, 82), reached=0)
    assert outcome.winner == 1 and outcome.reached == 0 and outcome.skunk is Skunk.NONE
    assert outcome.match_points == rules.convention.win


def test_three_players_skunk_needs_every_loser_below_the_line():
    assert decide_outcome(THREE_PLAYER, (61, 20, 40), reached=0).skunk is Skunk.NONE
    assert decide_outcome(THREE_PLAYER, (61, 20, 30), reached=0).skunk is Skunk.SKUNK


def test_rules_round_trip_through_a_dict():
    for rules in list(PRESETS.values()) + [STANDARD.with_options(counting=Counting.STRICT_MUGGINS, pegging_muggins=True)]:
        assert Rules.from_dict(rules.to_dict()) == rules


def test_impossible_rules_are_refused():
    with pytest.raises(ValueError, match="crib must have four or five"):
        Rules(hand_size=6, discards=1)
    with pytest.raises(ValueError, match="2 to 6"):
        Rules(players=7, hand_size=5, discards=1)
    with pytest.raises(ValueError, match="teams"):
        Rules(name="five in teams", players=5, hand_size=5, discards=1, dealer_keeps_dealt=True, teams=2)
    with pytest.raises(ValueError, match="highest first"):
        Rules(skunk_lines=(31, 61))


def test_seven_card_skunk_lines_keep_the_standard_spacing():
    assert SEVEN_CARD.skunk_lines == (151, 121, 91)


def test_skunk_lines_sit_30_60_and_90_below_every_target_of_the_playroom():
    """RULES.md §3: 61 → 31; 91 → 61, 31; 121 → 91, 61, 31; 181 → 151, 121, 91; 241 → 211, 181, 151."""
    assert SKUNK_LINES == {61: (31,), 91: (61, 31), 121: (91, 61, 31), 181: (151, 121, 91), 241: (211, 181, 151)}
    at_91 = FIVE_PLAYER.to_target(91)
    assert [at_91.skunk_level(score) for score in (61, 60, 31, 30)] == [Skunk.NONE, Skunk.SKUNK, Skunk.SKUNK,
                                                                         Skunk.DOUBLE]
    at_241 = STANDARD.to_target(241)
    assert [at_241.skunk_level(score) for score in (211, 210, 180, 150)] == [Skunk.NONE, Skunk.SKUNK, Skunk.DOUBLE,
                                                                            Skunk.TRIPLE]
    assert STANDARD.to_target(121, skunks=False).skunk_lines == ()


def test_five_players_the_dealer_is_dealt_four_and_lays_nothing_away():
    """RULES.md §4 (seed 004): five cards each but the dealer's four; each other lays away one: a crib of four."""
    assert [FIVE_PLAYER.hand_size_of(seat, dealer=2) for seat in range(5)] == [5, 5, 4, 5, 5]
    assert [FIVE_PLAYER.discards_of(seat, dealer=2) for seat in range(5)] == [1, 1, 0, 1, 1]
    assert FIVE_PLAYER.crib_size == 4 and FIVE_PLAYER.kept == 4


def test_six_players_the_dealer_is_dealt_five_hands_and_crib_of_five():
    """RULES.md §4 (seed 004): six each but the dealer's five; every hand and the crib hold five."""
    assert [SIX_PLAYER.hand_size_of(seat, dealer=0) for seat in range(6)] == [5, 6, 6, 6, 6, 6]
    assert SIX_PLAYER.crib_size == 5 and SIX_PLAYER.kept == 5


def test_teams_sit_so_that_they_alternate():
    """RULES.md §4: partners never sit side by side, so the teams take the crib in turn."""
    assert [FOUR_PLAYER.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [SIX_PLAYER_TWO_TEAMS.side_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [SIX_PLAYER_THREE_TEAMS.side_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    assert SIX_PLAYER_THREE_TEAMS.seats_of(2) == (2, 5) and SIX_PLAYER_TWO_TEAMS.seats_of(1) == (1, 3, 5)
    for rules in (FOUR_PLAYER, SIX_PLAYER_TWO_TEAMS, SIX_PLAYER_THREE_TEAMS):
        assert all(rules.side_of(seat) != rules.side_of((seat + 1) % rules.players) for seat in range(rules.players))


def test_four_players_each_for_themselves_keep_four_scores():
    assert FOUR_PLAYER_SOLO.sides == 4 and not FOUR_PLAYER_SOLO.partnerships
    assert FOUR_PLAYER.sides == 2 and FOUR_PLAYER.partnerships


def test_with_three_or_more_players_the_dealers_left_cuts_leads_and_shows_first():
    """RULES.md §4 (seed 004): the player on the dealer's left cuts, leads the play and shows first."""
    for rules in (THREE_PLAYER, FOUR_PLAYER, FIVE_PLAYER, SIX_PLAYER):
        for dealer in range(rules.players):
            left = (dealer + 1) % rules.players
            assert rules.cutter_of(dealer) == rules.pone_of(dealer) == left
    assert STANDARD.cutter_of(0) == 1  # with two, the pone cuts (ACC)


def test_four_players_saved_before_teams_were_data_are_partners():
    old = FOUR_PLAYER.to_dict()
    del old["teams"], old["dealer_keeps_dealt"]
    assert Rules.from_dict(old) == FOUR_PLAYER


@pytest.mark.parametrize("rules", [FOUR_PLAYER, SIX_PLAYER_TWO_TEAMS, SIX_PLAYER_THREE_TEAMS], ids=lambda r: r.name)
def test_a_teams_points_add_up_and_the_teams_take_the_crib_in_turn(rules):
    """RULES.md §4 (teams): a team's points add up; partners never sit side by side,
    so the crib goes round the teams in turn."""
    game = play_game(rules.to_target(61), [RandomPlayer(seat) for seat in range(rules.players)], seed=4)
    by_seat = [0] * rules.players
    for event in game.log:
        if isinstance(event, Points):
            by_seat[event.player] += event.points
    assert list(game.scores) == [sum(by_seat[seat] for seat in rules.seats_of(side)) for side in range(rules.sides)]
    dealers = [event.dealer for event in game.log if isinstance(event, Dealt)]
    assert [rules.side_of(dealer) for dealer in dealers] == \
        [(rules.side_of(dealers[0]) + deal) % rules.sides for deal in range(len(dealers))]
