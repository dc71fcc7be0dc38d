"""Rules as data (RULES.md §3-§4): presets, skunk lines, match-point conventions."""

from __future__ import annotations

import pytest

from engine.rules import (
    FIVE_CARD,
    FOUR_PLAYER,
    FREE_PLAY,
    FREE_PLAY_TRIPLE,
    LONG_MATCH,
    PRESETS,
    SEVEN_CARD,
    SHORT,
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
    }
    assert set(PRESETS) == set(table)
    for name, (players, dealt, discards, to_crib, kept, target) in table.items():
        rules = PRESETS[name]
        assert (rules.players, rules.hand_size, rules.discards, rules.cards_to_crib) == (players, dealt, discards, to_crib)
        assert (rules.kept, rules.target, rules.crib_size) == (kept, target, 4)


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


def test_giveaway_reaching_the_target_loses():
    rules = STANDARD.with_options(giveaway=True)
    outcome = decide_outcome(rules, (121, 85), reached=0)
    assert outcome.winner == 1 and outcome.reached == 0 and outcome.skunk is Skunk.SKUNK


def test_three_players_skunk_needs_every_loser_below_the_line():
    assert decide_outcome(THREE_PLAYER, (61, 20, 40), reached=0).skunk is Skunk.NONE
    assert decide_outcome(THREE_PLAYER, (61, 20, 30), reached=0).skunk is Skunk.SKUNK


def test_rules_round_trip_through_a_dict():
    for rules in list(PRESETS.values()) + [STANDARD.with_options(counting=Counting.STRICT_MUGGINS, pegging_muggins=True)]:
        assert Rules.from_dict(rules.to_dict()) == rules


def test_impossible_rules_are_refused():
    with pytest.raises(ValueError, match="crib must have four"):
        Rules(hand_size=6, discards=1)
    with pytest.raises(ValueError, match="2, 3 or 4"):
        Rules(players=5)
    with pytest.raises(ValueError, match="highest first"):
        Rules(skunk_lines=(31, 61))


def test_seven_card_skunk_lines_keep_the_standard_spacing():
    assert SEVEN_CARD.skunk_lines == (151, 121, 91)
