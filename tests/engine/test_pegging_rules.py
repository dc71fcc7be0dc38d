"""RULES.md §2.5: the points for a card played in the play (pegging).

Go, last card, resets and turn order belong to the game and are tested with it;
here is the scorer of one card on the pile since the last reset."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import DECK, parse_cards
from engine.errors import Breach, IllegalActionError, Refusal
from engine.pegging import LARGEST_PLAY, ending_item, fits, least_value_after_go, pile_count, playable, score_play
from engine.scoring import ScoreItem, ScoreKind
from tests.reference import reference_play_points


def item_kinds(pile):
    return [(item.kind, item.points) for item in score_play(pile).items]


def test_count_reaching_exactly_fifteen_scores_two():
    assert item_kinds("10S 5H") == [(ScoreKind.FIFTEEN, 2)]


def test_count_reaching_exactly_thirty_one_scores_two():
    assert item_kinds("10S 10H 9D 2C") == [(ScoreKind.THIRTY_ONE, 2)]


def test_a_count_passing_thirty_one_is_refused_naming_the_rule():
    with pytest.raises(IllegalActionError, match="may not pass 31"):
        score_play("10S 10H 9D 3C")


def test_pair_with_the_previous_card_scores_two():
    assert item_kinds("7S 7H") == [(ScoreKind.PAIR, 2)]


def test_pair_royal_scores_six():
    assert item_kinds("2S 2H 2D") == [(ScoreKind.PAIR, 6)]


def test_double_pair_royal_scores_twelve():
    assert item_kinds("AS AH AD AC") == [(ScoreKind.PAIR, 12)]


def test_a_card_in_between_breaks_the_pair():
    assert item_kinds("6S 5H 6D") == []


def test_pairs_go_by_rank_king_on_queen_is_no_pair():
    assert item_kinds("QS KH") == []


def test_run_of_three_in_any_order_scores_three():
    assert item_kinds("4S 2H 3D") == [(ScoreKind.RUN, 3)]


def test_only_the_longest_run_ending_in_the_card_counts():
    # A 2 5 4 3: the 3 makes a run of five (and the count fifteen).
    assert item_kinds("AS 2H 5D 4C 3S") == [(ScoreKind.FIFTEEN, 2), (ScoreKind.RUN, 5)]
    # ...and a following 6 makes a run of six.
    assert item_kinds("AS 2H 5D 4C 3S 6H") == [(ScoreKind.RUN, 6)]


def test_a_run_may_not_contain_a_duplicate_rank():
    assert item_kinds("3S 4H 4D 5C") == []


def test_a_run_may_not_have_a_gap():
    assert item_kinds("3S 4H 6D") == []


def test_ace_is_low_in_pegging_runs():
    assert item_kinds("KS AH QD") == []
    assert item_kinds("2S AH 3D") == [(ScoreKind.RUN, 3)]


def test_fifteen_and_a_pair_on_the_same_card_score_together():
    assert item_kinds("3S 6H 6D") == [(ScoreKind.FIFTEEN, 2), (ScoreKind.PAIR, 2)]
    assert score_play("3S 6H 6D").points == 4


def test_thirty_one_and_a_run_on_the_same_card_score_together():
    assert item_kinds("KS 9H 3D 5C 4S") == [(ScoreKind.THIRTY_ONE, 2), (ScoreKind.RUN, 3)]


def test_no_flushes_in_the_play():
    assert item_kinds("2H 4H 6H 8H") == []


def test_cards_before_a_reset_do_not_count_a_new_pile_starts_from_zero():
    # After 31 the next card starts a fresh pile: a 7 after "... 7" is no pair.
    assert item_kinds("7S") == []
    assert score_play("7S").count == 7


def test_run_broken_by_a_card_outside_it_does_not_count():
    assert item_kinds("3S 4H 5D 9C") == []


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
def test_pegging_scorer_agrees_with_the_plain_definition(pile):
    if sum(c.value for c in pile) > 31:
        with pytest.raises(IllegalActionError):
            score_play(pile)
        return
    assert score_play(pile).points == reference_play_points(pile)


def test_each_item_names_the_cards_that_earn_it():
    result = score_play("5S 4H 6D")
    assert [(item.kind, " ".join(map(str, item.cards))) for item in result.items] == [
        (ScoreKind.FIFTEEN, "5S 4H 6D"),
        (ScoreKind.RUN, "5S 4H 6D"),
    ]
    assert result.count == 15 and result.pile == parse_cards("5S 4H 6D")


def test_the_go_pegs_one_for_the_last_card_laid_but_never_on_top_of_thirty_one():
    assert ending_item(parse_cards("KD QC 9S"), ScoreKind.GO) == ScoreItem(ScoreKind.GO, parse_cards("9S"), 1)
    assert ending_item(parse_cards("KD QC 9S 2H"), ScoreKind.GO) is None
    assert score_play("KD QC 9S 2H", ScoreKind.LAST_CARD).points == 2  # the 31 alone
    assert score_play("KD QC 5S", ScoreKind.LAST_CARD).items[-1].kind is ScoreKind.LAST_CARD
    with pytest.raises(ValueError):
        ending_item(parse_cards("KD"), ScoreKind.FIFTEEN)


def test_a_card_may_be_played_while_the_count_stays_at_most_thirty_one():
    assert playable(parse_cards("AS 2D KC 9H"), 22) == parse_cards("AS 2D 9H")
    assert playable(parse_cards("KC QD"), 22) == ()
    assert least_value_after_go(22) == 10  # a go at 22 says every card left is worth 10


def test_the_card_blamed_for_passing_thirty_one_is_the_first_that_passes():
    with pytest.raises(IllegalActionError) as refused:
        score_play("KH QH JH 10H 5H")
    assert refused.value.refusal == Refusal.of(Breach.PASSES_31, card=parse_cards("10H")[0], count=40)


def test_one_card_pegs_at_most_fourteen_a_double_pair_royal_making_thirty_one():
    assert score_play("7S 6H 6D 6S 6C").points == LARGEST_PLAY == 14


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK))
def test_no_card_of_a_real_play_pegs_more_than_the_largest_play(deck):
    pile: list = []
    for card in deck[:20]:
        if not fits(card, pile_count(pile)):
            pile = []
        pile.append(card)
        assert score_play(pile, ScoreKind.GO).points <= LARGEST_PLAY
