"""The exact score distribution over all 12,994,800 (hand, starter) pairs,
pinned to the published figures (Lumetta), and its suit formulas checked
against brute force with the itemised scorer."""

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis.rank_multisets import base_score_of_ranks
from engine.analysis.stats import ALL_HANDS, _suit_bonuses, score_distribution
from engine.cards import Card, Rank, Suit
from engine.scoring import score_show

PUBLISHED_HAND_COUNTS = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444,
    23: 356, 24: 3680, 28: 76, 29: 4,
}


def test_hand_distribution_matches_the_published_table():
    dist = score_distribution()
    expected = [PUBLISHED_HAND_COUNTS.get(score, 0) for score in range(30)]
    assert list(dist.counts) == expected
    assert dist.total == ALL_HANDS == 12_994_800


def test_mean_hand_score_is_4_769152():
    assert round(score_distribution().mean, 6) == 4.769152


def test_impossible_hand_scores_are_19_25_26_27():
    assert score_distribution().impossible == (19, 25, 26, 27)


def test_only_four_hands_score_29():
    assert score_distribution().counts[29] == 4


def test_crib_distribution_mean_4_734819_and_1022208_zero_cribs():
    crib = score_distribution(crib=True)
    assert crib.total == 12_994_800
    assert round(crib.mean, 6) == 4.734819
    assert crib.counts[0] == 1_022_208
    # Dropping four-card flushes moves points down only.
    assert crib.mean < score_distribution().mean


ranks = st.lists(st.integers(1, 13), min_size=5, max_size=5).filter(
    lambda rs: max(rs.count(r) for r in rs) <= 4
)


@settings(max_examples=150, deadline=None)
@given(ranks, st.booleans())
def test_suit_formulas_agree_with_scoring_every_suit_assignment(rank_list, crib):
    """For given hand ranks and starter rank, enumerate every real card choice
    and score it with the itemised scorer; the formula must give the same
    bonus counts (flush + nobs over the base score)."""
    hand_ranks, starter_rank = tuple(sorted(rank_list[:4])), rank_list[4]
    base = base_score_of_ranks(rank_list)
    brute: dict[int, int] = {}
    for hand_suits in product(Suit, repeat=4):
        hand = [Card(Rank(r), s) for r, s in zip(hand_ranks, hand_suits)]
        if not _canonical(hand_ranks, hand_suits):
            continue
        for starter_suit in Suit:
            starter = Card(Rank(starter_rank), starter_suit)
            if starter in hand:
                continue
            bonus = score_show(hand, starter, crib=crib).total - base
            brute[bonus] = brute.get(bonus, 0) + 1
    formula = {bonus: ways for bonus, ways in _suit_bonuses(hand_ranks, starter_rank, crib).items() if ways}
    assert formula == brute


def _canonical(ranks, suits):
    """Count each set of cards once: equal ranks must carry increasing suits."""
    for i in range(1, 4):
        if ranks[i] == ranks[i - 1] and suits[i].order <= suits[i - 1].order:
            return False
    return True
