"""RULES.md §2.6 (the show), each rule and worked example as a test, and
properties checked against a plain reference scorer."""

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import DECK, Card, Rank, Suit, parse_cards
from engine.errors import InvalidCardError
from engine.scoring import LARGEST_SHOW, ScoreKind, his_heels, score_show
from engine.speech import spoken_count
from tests.reference import reference_show_total


def kinds(result):
    return result.points_by_kind()


def items_text(result, kind):
    return sorted(" ".join(map(str, item.cards)) for item in result.items_of(kind))


# ---- §1: pairs and runs by rank, values for fifteens


def test_pairs_go_by_rank_not_value_king_and_queen_are_no_pair():
    assert kinds(score_show("KS QH 2D 3C", "8S"))[ScoreKind.PAIR] == 0


def test_runs_go_by_rank_ten_jack_queen_is_a_run():
    assert items_text(score_show("10S JH QD 2C", "7S"), ScoreKind.RUN) == ["10S JH QD"]


def test_ace_low_ace_two_three_is_a_run_queen_king_ace_is_not():
    assert kinds(score_show("AS 2H 3D 8C", "9S"))[ScoreKind.RUN] == 3
    assert kinds(score_show("QS KH AD 8C", "6S"))[ScoreKind.RUN] == 0


def test_court_cards_count_ten_toward_fifteen():
    assert items_text(score_show("KS 5H 8D 3C", "9S"), ScoreKind.FIFTEEN) == ["5H KS"]


# ---- §2.6 fifteens, pairs, runs


def test_every_distinct_fifteen_scores_two_and_is_its_own_item():
    result = score_show("AS 4H 5D JC", "6S")
    assert items_text(result, ScoreKind.FIFTEEN) == ["4H 5D 6S", "5D JC", "AS 4H JC"]
    assert all(item.points == 2 for item in result.items_of(ScoreKind.FIFTEEN))


def test_a_five_card_fifteen_counts():
    result = score_show("AS 2H 3D 4C", "5S")
    assert items_text(result, ScoreKind.FIFTEEN) == ["AS 2H 3D 4C 5S"]


def test_three_of_a_kind_is_three_pairs_six_points():
    result = score_show("7S 7H 7D KC", "2S")
    assert len(result.items_of(ScoreKind.PAIR)) == 3
    assert kinds(result)[ScoreKind.PAIR] == 6


def test_four_of_a_kind_is_six_pairs_twelve_points():
    result = score_show("9S 9H 9D 9C", "KS")
    assert len(result.items_of(ScoreKind.PAIR)) == 6
    assert kinds(result)[ScoreKind.PAIR] == 12


def test_double_run_of_three_is_two_runs_and_a_pair_eight():
    result = score_show("3S 4H 4D 5C", "KS")
    assert items_text(result, ScoreKind.RUN) == ["3S 4D 5C", "3S 4H 5C"]
    assert kinds(result)[ScoreKind.RUN] + kinds(result)[ScoreKind.PAIR] == 8


def test_double_run_of_four_is_two_runs_of_four_and_a_pair_ten():
    result = score_show("3S 4H 5D 5C", "6S")
    assert sorted(len(item.cards) for item in result.items_of(ScoreKind.RUN)) == [4, 4]
    assert kinds(result)[ScoreKind.RUN] == 8
    assert kinds(result)[ScoreKind.PAIR] == 2


def test_shorter_runs_inside_a_longer_run_are_not_counted():
    result = score_show("3S 4H 5D 6C", "7S")
    assert items_text(result, ScoreKind.RUN) == ["3S 4H 5D 6C 7S"]


def test_triple_run_and_double_double_run():
    assert kinds(score_show("3S 3H 3D 4C", "5S"))[ScoreKind.RUN] == 9
    assert kinds(score_show("3S 3H 4D 4C", "5S"))[ScoreKind.RUN] == 12


def test_a_card_may_take_part_in_any_number_of_combinations():
    result = score_show("5S 5H 10D JC", "QS")
    uses = sum(Card.parse("5S") in item.cards for item in result.items)
    assert uses >= 4  # three fifteens and a pair


# ---- flushes


def test_four_card_hand_flush_scores_four():
    assert kinds(score_show("2H 4H 6H 8H", "KS"))[ScoreKind.FLUSH] == 4


def test_hand_flush_with_matching_starter_scores_five():
    assert kinds(score_show("2H 4H 6H 8H", "KH"))[ScoreKind.FLUSH] == 5


def test_three_hand_cards_and_the_starter_are_no_flush():
    assert kinds(score_show("2H 4H 6H 8S", "KH"))[ScoreKind.FLUSH] == 0


def test_crib_four_card_flush_scores_nothing():
    assert kinds(score_show("2H 4H 6H 8H", "KS", crib=True))[ScoreKind.FLUSH] == 0


def test_crib_five_card_flush_scores_five():
    assert kinds(score_show("2H 4H 6H 8H", "KH", crib=True))[ScoreKind.FLUSH] == 5


# ---- nobs


def test_jack_of_the_starters_suit_in_hand_is_one_for_his_nob():
    result = score_show("JD 2S 4H 6C", "9D")
    assert [(item.kind, str(item.cards[0])) for item in result.items_of(ScoreKind.NOBS)] == [
        (ScoreKind.NOBS, "JD")
    ]


def test_no_nobs_when_the_starter_itself_is_the_jack():
    assert kinds(score_show("2S 4H 6C 8D", "JD"))[ScoreKind.NOBS] == 0
    assert kinds(score_show("JS 4H 6C 8D", "JD"))[ScoreKind.NOBS] == 0


def test_nobs_counts_in_the_crib_too():
    assert kinds(score_show("JD 2S 4H 6C", "9D", crib=True))[ScoreKind.NOBS] == 1


# ---- his heels


def test_jack_turned_as_starter_is_two_for_his_heels():
    heels = his_heels("JS")
    assert heels is not None and heels.kind is ScoreKind.HEELS and heels.points == 2


def test_any_other_starter_gives_no_heels():
    assert all(his_heels(c) is None for c in DECK if c.rank != 11)


# ---- worked examples of RULES.md


def test_worked_example_4_5_6_k_with_5_starter_is_16():
    result = score_show("4C 5D 6H KC", "5S")
    assert result.total == 16
    assert kinds(result) == {ScoreKind.FIFTEEN: 8, ScoreKind.PAIR: 2, ScoreKind.RUN: 6,
                             ScoreKind.FLUSH: 0, ScoreKind.NOBS: 0}


def test_worked_example_4_5_6_j_with_4_starter_is_15():
    result = score_show("4C 5S 6D JH", "4H")
    assert result.total == 15
    assert kinds(result) == {ScoreKind.FIFTEEN: 6, ScoreKind.PAIR: 2, ScoreKind.RUN: 6,
                             ScoreKind.FLUSH: 0, ScoreKind.NOBS: 1}


def test_worked_example_a_4_5_j_with_6_has_three_fifteens():
    assert kinds(score_show("AS 4H 5D JC", "6S"))[ScoreKind.FIFTEEN] == 6


def test_worked_example_10_10_5_5_is_12():
    assert score_show("10S 10H 5D 5C", "AS").total == 12


def test_worked_example_4_4_5_6_6_is_24():
    assert score_show("4S 4H 5D 6C", "6H").total == 24


def test_worked_example_29_is_5_5_5_j_with_the_fourth_five_of_the_jacks_suit():
    assert score_show("5H 5D 5S JC", "5C").total == 29
    assert score_show("5H 5D 5C JC", "5S").total == 28  # starter of another suit: no nob


def test_a_nineteen_hand_scores_nothing_and_is_said_so():
    result = score_show("2S 4H 6D 8C", "QS")
    assert result.total == 0 and result.items == ()
    assert "nineteen" in spoken_count(result.items)


# ---- input checks


def test_starter_also_in_the_hand_is_an_error():
    with pytest.raises(InvalidCardError, match="'5C' is the starter and also in the hand"):
        score_show("5H 5D 5C JC", "5C")


def test_duplicate_card_in_the_hand_is_an_error():
    with pytest.raises(InvalidCardError, match="appears twice"):
        score_show("5H 5H 5C JC", "2C")


def test_three_and_five_card_hands_are_scored():
    three = score_show("5H 5D JC", "5C")
    assert kinds(three) == {ScoreKind.FIFTEEN: 8, ScoreKind.PAIR: 6, ScoreKind.RUN: 0,
                            ScoreKind.FLUSH: 0, ScoreKind.NOBS: 1}
    assert kinds(score_show("2H 4H 6H", "KH"))[ScoreKind.FLUSH] == 4
    assert kinds(score_show("2H 4H 6H 8H 10H", "KH"))[ScoreKind.FLUSH] == 6


# ---- properties against the reference scorer

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=600, deadline=None)
@given(five_cards, st.booleans())
def test_total_equals_the_plain_definition(cards, crib):
    hand, starter = cards[:4], cards[4]
    result = score_show(hand, starter, crib=crib)
    assert result.total == reference_show_total(hand, starter, crib)
    assert result.total == sum(item.points for item in result.items)


@settings(max_examples=300, deadline=None)
@given(five_cards)
def test_no_total_is_19_25_26_27_or_above_29(cards):
    total = score_show(cards[:4], cards[4]).total
    assert 0 <= total <= 29 and total not in (19, 25, 26, 27)


@settings(max_examples=300, deadline=None)
@given(five_cards, st.randoms(use_true_random=False), st.permutations(list(Suit)))
def test_score_ignores_order_and_consistent_suit_renaming(cards, rng, suit_order):
    hand, starter = cards[:4], cards[4]
    base = score_show(hand, starter)
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert score_show(shuffled, starter).items == base.items
    rename = dict(zip(Suit, suit_order))
    renamed = [Card(c.rank, rename[c.suit]) for c in hand]
    assert score_show(renamed, Card(starter.rank, rename[starter.suit])).total == base.total


@settings(max_examples=200, deadline=None)
@given(five_cards)
def test_every_item_uses_only_cards_of_the_show_and_the_right_points(cards):
    result = score_show(cards[:4], cards[4])
    for item in result.items:
        assert set(item.cards) <= set(cards)
        if item.kind is ScoreKind.FIFTEEN:
            assert sum(c.value for c in item.cards) == 15 and item.points == 2
        elif item.kind is ScoreKind.PAIR:
            assert item.cards[0].rank == item.cards[1].rank and item.points == 2
        elif item.kind is ScoreKind.RUN:
            assert item.points == len(item.cards) >= 3
    assert len({(item.kind, item.cards) for item in result.items}) == len(result.items)


def test_parse_accepts_text_or_cards():
    assert score_show(parse_cards("5H 5D 5S JC"), Card.parse("5C")).total == 29


def _largest_by_search(kept: int) -> int:
    """The most any ``kept`` cards and a starter score, searched over every
    (hand ranks, starter rank) with the suits that score most: fifteens, pairs
    and runs follow the ranks alone; a flush needs distinct hand ranks (a
    five-card one a starter rank not in the hand), and nobs a jack in hand and
    a starter other than a jack, of the jack's suit."""
    suits = list(Suit)
    best = 0
    for hand_ranks in combinations_with_replacement(list(Rank), kept):
        if max(hand_ranks.count(r) for r in hand_ranks) > 4:
            continue
        seen: dict[Rank, int] = {}
        hand = []
        for rank in hand_ranks:
            hand.append(Card(rank, suits[seen.get(rank, 0)]))
            seen[rank] = seen.get(rank, 0) + 1
        for starter_rank in Rank:
            if seen.get(starter_rank, 0) == 4:
                continue
            starter = Card(starter_rank, suits[seen.get(starter_rank, 0)])
            plain = sum(i.points for i in score_show(hand, starter, crib=True).items
                        if i.kind in (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN))
            nobs = int(Rank.JACK in hand_ranks and starter_rank is not Rank.JACK)
            bonus = nobs
            if len(set(hand_ranks)) == kept:
                bonus = max(bonus, kept)  # a hand flush, the starter of another suit
                if starter_rank not in hand_ranks:
                    bonus = max(bonus, kept + 1 + nobs)  # all one suit, starter too
            best = max(best, plain + bonus)
    return best


@pytest.mark.slow
@pytest.mark.parametrize("kept", [3, 4, 5])
def test_the_largest_show_of_each_hand_size_is_the_claim_limit(kept):
    """RULES.md §2.6: 29 for four cards; five cards (seven-card game, six players) 46, not seed 004's 39."""
    assert LARGEST_SHOW[kept] == _largest_by_search(kept)


def test_the_largest_shows_are_made_by_the_hands_the_rules_name():
    assert score_show("5H 5D 5S JC", "5C").total == LARGEST_SHOW[4] == 29
    assert score_show("4H 4S 5H 5S 6H", "6S").total == LARGEST_SHOW[5] == 46
    assert score_show("5H 5D 5S", "5C").total == LARGEST_SHOW[3] == 20
    assert score_show("5H 5D 5S JC JH", "5C").total == 39  # seed 004's "best", which is not
