"""The expert's opponent model (issue 14): what a good player keeps, and the
holdings it makes likely in the play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.analysis.keepmodel import KeepModel, keep_model, likely_holdings, measure
from engine.analysis.play import PeggingView, sample_holdings

FLAT = KeepModel({"dealer": {}, "pone": {}}, {"dealer": {}, "pone": {}}, 0)


def test_a_good_player_keeps_fives_and_runs_and_throws_what_scores_nothing():
    model = keep_model()
    for dealer in (True, False):
        assert model.ratio((5, 5, 11, 12), dealer=dealer) > 3
        assert model.ratio((4, 5, 6, 6), dealer=dealer) > 3
        assert model.ratio((1, 4, 8, 13), dealer=dealer) < 0.3
    # The ratio does not depend on the order the ranks are given in.
    assert model.ratio((12, 5, 11, 5), dealer=True) == model.ratio((5, 5, 11, 12), dealer=True)


def test_the_measured_counts_add_up():
    model = measure(300, seed=4, jobs=1)
    for role in ("dealer", "pone"):
        assert sum(model.kept[role].values()) == 300
        assert sum(model.seen[role].values()) == 300 * 15
        assert set(model.kept[role]) <= set(model.seen[role])


def test_the_data_file_round_trips():
    model = keep_model()
    again = KeepModel.from_dict(model.to_dict())
    assert again.kept == model.kept and again.seen == model.seen and again.deals == model.deals
    with pytest.raises(ValueError, match="version"):
        KeepModel.from_dict({**model.to_dict(), "version": 99})


VIEW = PeggingView.two_player("5H 10S 4C", pile="KD", seen="5D JS 5S", opponent_cards=3)


def test_the_holdings_are_what_the_opponent_could_hold():
    unseen = Counter(VIEW.unseen_ranks)
    for holdings in likely_holdings(VIEW, 500, random.Random(1), played_by=[[], [13]], dealer=0):
        assert holdings[0] == [5, 10, 4]
        assert len(holdings[1]) == 3
        assert all(Counter(holdings[1])[rank] <= unseen[rank] for rank in holdings[1])
    assert all(h[1].count(5) <= 1 for h in likely_holdings(VIEW, 500, random.Random(2), played_by=[[], [13]], dealer=0))


def test_a_go_shows_what_the_opponent_cannot_hold():
    view = PeggingView.two_player("5H 10S 4C", pile="KD QD", seen="5D JS", opponent_cards=2, opponent_min_value=9)
    ranks = {r for h in likely_holdings(view, 2000, random.Random(3), played_by=[[], [13]], dealer=0) for r in h[1]}
    assert ranks == {9, 10, 11, 12, 13}


def test_without_a_model_of_keeps_the_holdings_are_drawn_as_the_uniform_ones():
    draws = 20_000
    model_counts = Counter(r for h in likely_holdings(VIEW, draws, random.Random(5), played_by=[[], [13]], dealer=0,
                                                      model=FLAT) for r in h[1])
    uniform_counts = Counter(r for _ in range(draws) for r in sample_holdings(VIEW, random.Random(_))[1])
    for rank in range(1, 14):
        assert abs(model_counts[rank] - uniform_counts[rank]) < 0.1 * uniform_counts[rank] + 60, rank


def test_the_model_shifts_the_holdings_toward_what_is_kept():
    # The pone led a five: a good pone who leads a five holds another, or ten-cards to go with it.
    view = PeggingView.two_player("2H 3S 9C 8D", pile="5C", seen="AD KS", opponent_cards=3)
    flat = Counter(r for h in likely_holdings(view, 20_000, random.Random(6), played_by=[[], [5]], dealer=0,
                                              model=FLAT) for r in h[1])
    kept = Counter(r for h in likely_holdings(view, 20_000, random.Random(6), played_by=[[], [5]], dealer=0)
                   for r in h[1])
    tens = sum(kept[r] for r in (10, 11, 12, 13)) / sum(flat[r] for r in (10, 11, 12, 13))
    assert tens > 1.1


def test_the_model_weighs_one_opponent():
    view = PeggingView(seat=0, hand=(), pile=(), played=(), seen=(), cards_left=(0, 1, 1), min_value=(1, 1, 1))
    with pytest.raises(ValueError, match="two players"):
        likely_holdings(view, 5, random.Random(1), played_by=[[], [], []], dealer=0)
