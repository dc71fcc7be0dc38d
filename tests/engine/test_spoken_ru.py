"""The spoken count in Russian (issue 13, point 3): every kind of item, worded
from the engine's own breakdown, and Russian plural forms."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.scoring import his_heels, score_show
from engine.spoken_ru import number_words_ru, plural_ru, spoken_count_ru


def said(hand: str, starter: str, crib: bool = False) -> str:
    return spoken_count_ru(score_show(hand, Card.parse(starter), crib=crib).items)


@pytest.mark.parametrize(
    "hand, starter, crib, words",
    [
        ("5H KS 7C 7D", "AS", False, "пятнадцать — два, пятнадцать — четыре, и пара — шесть"),
        ("7H 7D 7S KC", "2S", False, "королевская пара — шесть"),
        ("2H 2D 2S 2C", "KS", False, "двойная королевская пара — двенадцать"),
        ("9C 10D JC KD", "3S", False, "последовательность из трёх — три"),
        ("AH 9S JD QD", "10S", False, "последовательность из четырёх — четыре"),
        ("AH 2D 3S 4C", "5D", False, "пятнадцать — два, и последовательность из пяти — семь"),
        ("9S 10H 10C KH", "8S", False, "пара — два, и двойная последовательность из трёх — восемь"),
        ("AH 2D 2S 2C", "3D", False, "королевская пара — шесть, и тройная последовательность из трёх — пятнадцать"),
        ("AH AD 2S 2C", "3D", False, "пара — два, и пара — четыре, и четыре последовательности из трёх — шестнадцать"),
        ("AS 10S JS KS", "7D", False, "флеш из четырёх — четыре"),
        ("2S 6S 8S 10S", "JS", True, "флеш из пяти — пять"),
        ("AC 3D JC QH", "7C", False, "одно за козырной валет — одно"),
        ("2S 4H 6D 8C", "QS", False, "девятнадцать: считать нечего"),
    ],
)
def test_every_kind_of_item_is_said_in_russian(hand, starter, crib, words):
    assert said(hand, starter, crib) == words


def test_the_running_total_is_the_engines_total():
    result = score_show("5H 5D 5S JC", Card.parse("5C"))
    assert said("5H 5D 5S JC", "5C").endswith(f"— {number_words_ru(result.total)}") and result.total == 29


def test_his_heels_in_russian():
    heels = his_heels(Card.parse("JD"))
    assert heels is not None and spoken_count_ru([heels]) == "его пятки — два"


@pytest.mark.parametrize(
    "n, form",
    [(0, "очков"), (1, "очко"), (2, "очка"), (4, "очка"), (5, "очков"), (11, "очков"), (12, "очков"),
     (14, "очков"), (21, "очко"), (22, "очка"), (25, "очков"), (29, "очков"), (101, "очко"), (111, "очков")],
)
def test_russian_plural_forms(n, form):
    assert plural_ru(n, "очко", "очка", "очков") == form


def test_number_words_refuse_what_no_count_reaches():
    with pytest.raises(ValueError, match="0..99"):
        number_words_ru(100)
