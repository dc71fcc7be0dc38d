"""Glicko-2 against Glickman's worked example, and the two additions (fractional periods, damping)."""

from __future__ import annotations

import pytest

from trainer.rating.glicko2 import MAX_DEVIATION, Rating, expected_score, update


def test_the_papers_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2012): a 1500 player (RD 200, volatility 0.06)
    # beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300); tau 0.5.
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games, tau=0.5)
    # The paper's published figures, rounded as it rounds them (its own intermediate rounding
    # puts the rating at 1464.06; the exact computation gives 1464.05).
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widen_the_deviation_up_to_a_newcomers():
    player = Rating(1700, 60, 0.06)
    assert update(player, []).rating == 1700
    assert update(player, []).deviation > 60
    assert player.aged(10_000).deviation == MAX_DEVIATION


def test_a_fraction_of_a_period_widens_less_than_a_whole_one():
    player, opponent = Rating(1500, 80, 0.06), Rating(1500, 80)
    assert update(player, [(opponent, 1.0)], periods=0.01).deviation < update(player, [(opponent, 1.0)]).deviation


def test_a_weight_moves_that_share_of_the_way():
    player, opponent = Rating(1500, 200), Rating(1500, 60)
    full = update(player, [(opponent, 1.0)])
    fifth = player.toward(full, 0.2)
    assert fifth.rating - 1500 == pytest.approx(0.2 * (full.rating - 1500))


def test_the_expected_score_favours_the_stronger_and_is_even_between_equals():
    assert expected_score(Rating(1700), Rating(1500)) > 0.5 > expected_score(Rating(1500), Rating(1700))
    assert expected_score(Rating(1600, 50), Rating(1600, 50)) == pytest.approx(0.5)
