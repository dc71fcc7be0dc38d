"""The win-probability table: its shape, its data file, and a check against games."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from engine.analysis.winprob import (
    DATA_FILE,
    VERSION,
    DealDistributions,
    WinTable,
    load_distributions,
    shifted,
    win_probability,
    win_table,
)
from engine.bots.winprob_build import DealPoints, distributions, measure_deals, play_positions


@pytest.mark.parametrize("target", [121, 61])
def test_monotone_in_own_score_and_against_the_other(target):
    V = win_table(target).V
    # V[x, y]: the dealer's chance with x against y; more of your own never hurts
    assert np.all(np.diff(V, axis=0) >= -1e-9)
    assert np.all(np.diff(V, axis=1) <= 1e-9)
    for mine in range(0, target, 7):
        for i_deal in (True, False):
            probs = [win_probability(m, 40 % target, i_deal, target) for m in range(mine, target + 1)]
            assert all(b >= a - 1e-9 for a, b in zip(probs, probs[1:]))


@pytest.mark.parametrize("target", [121, 61])
def test_at_the_target_the_game_is_decided(target):
    for other in (0, target // 2, target - 1):
        for i_deal in (True, False):
            assert win_probability(target, other, i_deal, target) == 1.0
            assert win_probability(other, target, i_deal, target) == 0.0


@pytest.mark.parametrize("target", [121, 61])
def test_the_two_players_chances_add_up_to_one(target):
    for mine in range(0, target, 5):
        for theirs in range(0, target, 9):
            a = win_probability(mine, theirs, True, target)
            b = win_probability(theirs, mine, False, target)
            assert a == pytest.approx(1 - b, abs=1e-12)
            assert 0.0 <= a <= 1.0


def test_sanity_of_the_shipped_table():
    # level scores: the crib is an edge, but not a large one
    assert 0.5 < win_probability(0, 0, True) < 0.62
    assert 0.5 < win_probability(0, 0, True, 61) < 0.65
    # far ahead near the end is nearly won, far behind nearly lost
    assert win_probability(115, 60, False) > 0.95
    assert win_probability(60, 115, True) < 0.05
    # one to go as the pone: the pone counts first, so only the play can stop it
    assert win_probability(120, 100, False) > 0.9


def test_the_data_file_ships_with_the_engine_and_is_versioned():
    text = resources.files("engine").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == VERSION == 1
    assert DATA_FILE == "winprob-v1.json"
    dist = load_distributions()
    assert sum(p for _, _, p in dist.pegging) == pytest.approx(1.0)
    for pmf in (dist.pone_hand, dist.dealer_show, dist.crib):
        assert sum(pmf) == pytest.approx(1.0)
    means = dist.means()
    assert 6 < means["pone_hand"] < 10 and 10 < means["dealer_show"] < 15
    assert means["dealer_pegging"] > means["pone_pegging"] > 1


def test_a_wrong_version_is_refused():
    data = load_distributions().to_dict()
    data["version"] = 99
    with pytest.raises(ValueError, match="version 99"):
        DealDistributions.from_dict(data)


def test_the_deal_step_agrees_with_the_table():
    table = win_table(121)
    for mine, theirs in [(0, 0), (50, 70), (100, 110), (118, 119)]:
        assert table.deal(mine, theirs, True, table.dealer_show) == pytest.approx(table.start(mine, theirs, True))
        assert table.deal(mine, theirs, False, table.pone_hand) == pytest.approx(table.start(mine, theirs, False))
    # a surely big hand is worth more than the average one
    assert table.deal(100, 100, False, shifted([1.0], 20)) > table.start(100, 100, False)


def test_shifted_keeps_the_mass():
    assert list(shifted([0.5, 0.5], 2)) == [0, 0, 0.5, 0.5]
    assert list(shifted([0.25, 0.25, 0.5], -1)) == [0.5, 0.5]


def test_counting_order_lets_the_pone_count_out_first():
    # made-up deals: no pegging to speak of, the pone's hand 10, the dealer's 20
    dist = DealDistributions.from_counts({(0, 1): 1}, [0] * 10 + [1], [0] * 20 + [1], [1])
    table = WinTable(dist, 121)
    # both need 10: the pone counts first and wins; had the dealer shown first, the dealer would
    assert table.start(111, 110, False) == 1.0
    assert table.start(110, 111, True) == 0.0


def test_distributions_from_measured_deals():
    deals = [DealPoints(3, 1, 8, 9, 4), DealPoints(2, 2, 4, 10, 0)]
    dist = distributions(deals)
    assert dist.deals == 2
    assert dist.pegging == ((2, 2, 0.5), (3, 1, 0.5))
    assert dist.dealer_show[13] == 0.5 and dist.dealer_show[10] == 0.5
    assert dist.crib[0] == dist.crib[4] == 0.5


def test_a_table_measured_by_self_play_predicts_its_games():
    """A small version of bench/bench_winprob.py on the fast medium level: the
    table made from medium's deals, checked against medium's games."""
    dist = distributions(measure_deals(600, level="medium", seed=3))
    table = WinTable(dist, 121)
    positions = play_positions(150, levels=("medium", "medium"), seed=5)
    predicted = np.array([table.start(p.seat0, p.seat1, p.seat0_deals) for p in positions])
    observed = np.array([p.seat0_won for p in positions], dtype=float)
    # calibrated on the whole and in thirds, within what 150 games allow
    assert abs(predicted.mean() - observed.mean()) < 0.05
    order = np.argsort(predicted)
    for part in np.array_split(order, 3):
        assert abs(predicted[part].mean() - observed[part].mean()) < 0.12
    # and it knows more than a coin: the Brier score beats 0.25 clearly
    assert np.mean((predicted - observed) ** 2) < 0.2
