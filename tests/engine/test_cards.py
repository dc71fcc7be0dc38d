"""RULES.md §1 (cards) and the card notation."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import DECK, Card, Rank, Suit, format_cards, parse_cards, shuffled_deck
from engine.errors import InvalidCardError

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def test_one_deck_of_52_cards_no_jokers():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert {c.rank for c in DECK} == set(Rank)
    assert {c.suit for c in DECK} == set(Suit)


def test_counting_values_ace_one_pips_face_value_court_cards_ten():
    values = {str(c.rank.text): c.value for c in DECK}
    assert values == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                      "10": 10, "J": 10, "Q": 10, "K": 10}


def test_ace_is_always_low():
    assert min(c.rank for c in DECK) is Rank.ACE
    assert Rank.ACE < Rank.TWO and Rank.KING > Rank.QUEEN


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_round_trips_through_its_canonical_text(card):
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) == card
    assert Card.parse(card.pretty) == card


@given(st.sampled_from(DECK), st.booleans(), st.booleans(), st.booleans())
def test_parser_accepts_lower_case_t_for_ten_and_suit_symbols(card, lower, symbol, ten_as_t):
    rank = "T" if (ten_as_t and card.rank is Rank.TEN) else card.rank.text
    suit = SYMBOLS[card.suit.value] if symbol else card.suit.value
    text = rank + suit
    assert Card.parse(text.lower() if lower else text) == card


def test_cards_may_be_separated_by_spaces_or_commas():
    assert parse_cards("5h,5d  , 5s\tjc") == parse_cards("5H 5D 5S JC")
    assert format_cards(parse_cards("th 5♣")) == "10H 5C"
    assert format_cards(parse_cards("th 5♣"), pretty=True) == "10♥ 5♣"


@pytest.mark.parametrize("token", ["11H", "5X", "ZZ", "10", "H5", "5HH", "", "JOKER"])
def test_bad_notation_raises_an_error_naming_the_token(token):
    with pytest.raises(InvalidCardError) as error:
        Card.parse(token)
    assert repr(token.strip()) in str(error.value)
    assert isinstance(error.value, ValueError)


def test_bad_token_inside_a_hand_is_named():
    with pytest.raises(InvalidCardError, match="'QX'"):
        parse_cards("5H QX 3C")


def test_a_hand_with_a_duplicate_card_is_an_error():
    with pytest.raises(InvalidCardError, match="'5H' appears twice"):
        parse_cards("5H 6D 5h")


def test_shuffle_is_seedable_and_uses_every_card():
    assert shuffled_deck(1) == shuffled_deck(random.Random(1))
    assert shuffled_deck(1) != shuffled_deck(2)
    assert sorted(shuffled_deck(3)) == sorted(DECK)


def test_card_index_is_dense_and_unique():
    assert sorted(c.index for c in DECK) == list(range(52))
