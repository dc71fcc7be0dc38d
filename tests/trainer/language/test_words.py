"""Cards and scoring items in the learner's language (trainer.language.words): every
rank, suit and kind has its words in both languages, a Russian deck's Т В Д К, and
the names of sized items the engine gives in English."""

from __future__ import annotations

import pytest

from engine.cards import Card, Rank, Suit
from engine.pegging import score_play
from engine.scoring import ScoreItem, ScoreKind, score_show
from trainer.language import words
from trainer.language.i18n import language

EVERY_CARD = [Card(rank, suit) for rank in Rank for suit in Suit]


def test_english_faces_are_the_engines_notation_with_the_suits_symbol():
    for card in EVERY_CARD:
        assert words.face(card) == card.rank.text + card.suit.symbol


def test_a_russian_deck_marks_the_court_cards_and_the_ace_with_their_own_letters():
    with language("ru"):
        shown = {rank: words.rank_face(rank) for rank in Rank}
    assert (shown[Rank.ACE], shown[Rank.JACK], shown[Rank.QUEEN], shown[Rank.KING]) == ("Т", "В", "Д", "К")
    assert all(shown[rank] == rank.text for rank in Rank if rank.value < 10 and rank is not Rank.ACE)


@pytest.mark.parametrize("code", ["en", "ru"])
def test_every_card_has_a_name_of_its_own(code):
    with language(code):
        names = [words.name(card) for card in EVERY_CARD]
    assert len(set(names)) == 52
    if code == "ru":
        assert all(not any("a" <= letter <= "z" for letter in text) for text in names), names


def test_number_cards_are_read_by_their_numbers_in_english_and_named_in_russian():
    card = Card.parse("5H")
    assert words.name(card) == "5 of hearts"
    with language("ru"):
        assert words.name(card) == "пятёрка червей"


@pytest.mark.parametrize("code", ["en", "ru"])
def test_every_scoring_kind_has_a_name(code):
    with language(code):
        names = {kind: words.kind_name(kind) for kind in ScoreKind}
    assert all(names.values()) and len(set(names.values())) == len(ScoreKind)


def test_an_items_name_follows_its_size_as_the_engine_names_it():
    items = score_show("5H 5D 5S 4C", "6D").items + score_play([Card.parse(c) for c in "AS 2H 3D 4C 5S 6H 7D".split()]).items
    for item in items:
        assert words.item_name(item) == item.name
    assert words.item_name(ScoreItem(ScoreKind.RUN, tuple(Card.parse(c) for c in "AS 2H 3D 4C 5S 6H 7D".split()), 7)) == "run of 7"
    with language("ru"):
        assert words.item_name(score_show("5H 5D 5S 4C", "6D").items[-1]) != score_show("5H 5D 5S 4C", "6D").items[-1].name
