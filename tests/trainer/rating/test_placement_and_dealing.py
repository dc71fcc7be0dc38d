"""The placement's order and target, and dealing near the target chance."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from trainer.drills.checking import PEG_TYPES, combos_of
from trainer.drills.deal import deal_show, pegging_moment
from trainer.rating.dealing import POINTS_PER_DEAL, Candidate, choose_near, points_at_stake
from trainer.rating.glicko2 import Rating, expected_score
from trainer.rating.placement import PLACEMENT, PLACEMENT_CHANCE, TARGET_CHANCE, placement_of, target_for
from trainer.rating.ratings import NEWCOMER, SkillRating
from trainer.rating.skills import Skill
from trainer.record.combos import ComboType
from trainer.record.stats import ComboStats, LearnerStats


def _ratings(**rated) -> dict[Skill, SkillRating]:
    return {s: SkillRating(s, NEWCOMER, rated.get(s.name, 0)) for s in Skill}


def test_ten_deals_place_a_learner_in_the_planned_order():
    assert len(PLACEMENT) == 10 and set(PLACEMENT) == set(Skill)
    counts = Counter()
    for step, skill in enumerate(PLACEMENT):
        state = placement_of(_ratings(**{s.name: n for s, n in counts.items()}))
        assert state.done == step and state.next_skill is skill
        counts[skill] += 1
    assert placement_of(_ratings(**{s.name: n for s, n in counts.items()})).placed


def test_placement_deals_at_an_even_chance_then_at_the_target():
    assert target_for(_ratings(), Skill.COUNT_HAND) == PLACEMENT_CHANCE
    placed = _ratings(COUNT_HAND=3, COUNT_CRIB=2, PEGGING=2, BEST_CARD=1, DISCARD=2)
    assert target_for(placed, Skill.COUNT_HAND) == TARGET_CHANCE
    assert target_for(placed, Skill.COUNT_HAND, 0.6) == 0.6


def test_the_candidate_nearest_the_target_is_picked():
    learner = Rating(1500, 80)
    candidates = [Candidate(r, Rating(r, 80)) for r in range(1000, 2100, 100)]
    best = choose_near(candidates, learner, 0.75)
    chances = {c.item: expected_score(learner, c.rating) for c in candidates}
    assert abs(chances[best.item] - 0.75) == min(abs(p - 0.75) for p in chances.values())


def test_drawn_picks_keep_near_the_target_and_follow_the_weights():
    rng = random.Random(2)
    learner = Rating(1500, 80)
    candidates = [Candidate(r, Rating(r, 80)) for r in range(900, 2200, 50)]
    picks = [choose_near(candidates, learner, 0.75, rng).item for _ in range(500)]
    chances = [expected_score(learner, Rating(r, 80)) for r in picks]
    assert abs(sum(chances) / len(chances) - 0.75) < 0.05
    two = [Candidate("weak type", Rating(1300, 80), weight=3.0), Candidate("other", Rating(1300, 80))]
    drawn = Counter(choose_near(two, learner, 0.75, rng).item for _ in range(2000))
    assert 2.4 < drawn["weak type"] / drawn["other"] < 3.8


def test_no_candidates_is_refused():
    with pytest.raises(ValueError):
        choose_near([], Rating(), 0.75)


def test_each_combo_types_points_per_deal_is_what_random_deals_hold():
    """POINTS_PER_DEAL against hands and pegging moments dealt again (another seed, fewer deals)."""
    rng = random.Random(11)
    hands, moments = 1500, 600
    points: Counter = Counter()
    for _ in range(hands):
        for combo in combos_of(deal_show(rng).score()):
            points[combo.type] += combo.points / hands
    for _ in range(moments):
        moment = pegging_moment(rng, None)
        for item in tuple(moment.play().items) + tuple(moment.extra):
            points[PEG_TYPES[item.kind]] += item.points / moments
    for combo_type, expected in POINTS_PER_DEAL.items():
        if combo_type.value != "crib flush":
            assert points[combo_type] == pytest.approx(expected, abs=0.12), combo_type


def test_a_type_often_missed_and_worth_many_points_is_most_at_stake():
    from_stats = LearnerStats(20, 10, 0, None, (
        ComboStats(ComboType.FIFTEEN_2, 10, 6, 0),   # 40% missed, 1.48 points a deal
        ComboStats(ComboType.NOBS, 10, 4, 0),        # 60% missed, 0.07 a deal
        ComboStats(ComboType.PAIR, 10, 10, 0),       # never missed
    ), ())
    ranked = sorted((ComboType.FIFTEEN_2, ComboType.NOBS, ComboType.PAIR),
                    key=lambda t: points_at_stake(t, from_stats), reverse=True)
    assert ranked == [ComboType.FIFTEEN_2, ComboType.NOBS, ComboType.PAIR]
    assert points_at_stake(ComboType.PAIR, from_stats) == 0
