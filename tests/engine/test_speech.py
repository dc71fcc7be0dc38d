"""The spoken count, in English and in Russian (issue 13, point 3): every kind
of item of the show and of the play, worded from the engine's own breakdown,
with running totals, number words and Russian plural forms."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.pegging import score_play
from engine.scoring import ScoreItem, ScoreKind, his_heels, score_show
from engine.speech import Language, number_words, play_spoken, plural_ru, spoken_count


def said(hand: str, starter: str, crib: bool = False, language: Language = Language.RUSSIAN) -> str:
    return spoken_count(score_show(hand, Card.parse(starter), crib=crib).items, language)


# ---- the show in English


def test_the_spoken_count_follows_the_traditional_order():
    assert said("4C 5D 6H KC", "5S", language=Language.ENGLISH) == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, "
        "and a pair is ten, and a double run of three is sixteen"
    )


def test_the_spoken_count_names_flush_and_nob():
    assert said("2D 3D 9D JD", "KD", language=Language.ENGLISH) == (
        "fifteen two, fifteen four, and a flush of five is nine, and one for his nob is ten"
    )


def test_a_nineteen_hand_is_said_to_have_nothing_to_count():
    assert said("2S 4H 6D 8C", "QS", language=Language.ENGLISH) == "nineteen: nothing to count"


def test_english_is_the_language_unless_another_is_named():
    items = score_show("5H KS 7C 7D", "AS").items
    assert spoken_count(items) == spoken_count(items, "en") == "fifteen two, fifteen four, and a pair is six"
    assert spoken_count(items, "ru") == spoken_count(items, Language.RUSSIAN) != spoken_count(items)


def test_a_language_the_count_is_not_spoken_in_is_refused():
    with pytest.raises(ValueError, match="'de'"):
        spoken_count(score_show("5H KS 7C 7D", "AS").items, "de")


# ---- the show in Russian


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
    assert said("5H 5D 5S JC", "5C").endswith(f"— {number_words(result.total, 'ru')}") and result.total == 29


def test_his_heels_in_both_languages():
    heels = his_heels(Card.parse("JD"))
    assert heels is not None
    assert spoken_count([heels], "ru") == "его пятки — два"
    assert spoken_count([heels]) == "two for his heels is two"


def test_a_six_card_hands_run_of_six_says_its_length_in_words_as_the_play_does():
    assert said("AS 2D 3H 4C 5S 6D", "KH").endswith("и последовательность из шести — двадцать")


# ---- the play


@pytest.mark.parametrize("pile, english, russian", [
    ("5H 5D 5S", "fifteen for two, and a pair royal for six: eight", "пятнадцать — два, и королевская пара — восемь"),
    ("7C 4D 4H", "fifteen for two, and a pair for two: four", "пятнадцать — два, и пара — четыре"),
    ("7C 8D 9H 7S", "thirty-one for two, and a run of three for three: five",
     "тридцать одно — два, и последовательность из трёх — пять"),
    ("KS 9H", "nineteen, no score", "девятнадцать, очков нет"),
    ("4H 4D 4S 4C", "a double pair royal for twelve: twelve", "двойная королевская пара — двенадцать"),
    ("AS 2D 3C 4H 5S 6D 7C", "a run of seven for seven: seven", "последовательность из семи — семь"),
    ("AS 2D 5C 4H 3S", "fifteen for two, and a run of five for five: seven",
     "пятнадцать — два, и последовательность из пяти — семь"),
])
def test_the_play_is_said_in_english_with_each_scores_points_and_in_russian_with_running_totals(pile, english, russian):
    result = score_play(pile)
    assert play_spoken(result) == english
    assert play_spoken(result, Language.RUSSIAN) == russian


@pytest.mark.parametrize("kind, english, russian", [
    (ScoreKind.GO, "a pair for two, and the go for one: three", "пара — два, и за «гоу» — три"),
    (ScoreKind.LAST_CARD, "a pair for two, and last card for one: three", "пара — два, и за последнюю карту — три"),
])
def test_the_go_and_the_last_card_are_said_after_the_cards_score(kind, english, russian):
    pair = score_play("10C KH KS")
    result = type(pair)(pair.pile, pair.count, pair.items + (ScoreItem(kind, (pair.pile[-1],), 1),))
    assert play_spoken(result) == english
    assert play_spoken(result, "ru") == russian


# ---- numbers and plurals


@pytest.mark.parametrize("n, english, russian", [
    (0, "zero", "ноль"), (1, "one", "одно"), (15, "fifteen", "пятнадцать"), (20, "twenty", "двадцать"),
    (21, "twenty-one", "двадцать одно"), (29, "twenty-nine", "двадцать девять"), (31, "thirty-one", "тридцать одно"),
])
def test_number_words_in_both_languages(n, english, russian):
    assert number_words(n) == english and number_words(n, "ru") == russian


@pytest.mark.parametrize(
    "n, form",
    [(0, "очков"), (1, "очко"), (2, "очка"), (4, "очка"), (5, "очков"), (11, "очков"), (12, "очков"),
     (14, "очков"), (21, "очко"), (22, "очка"), (25, "очков"), (29, "очков"), (101, "очко"), (111, "очков")],
)
def test_russian_plural_forms(n, form):
    assert plural_ru(n, "очко", "очка", "очков") == form


def test_russian_number_words_refuse_what_no_count_reaches():
    with pytest.raises(ValueError, match="0..99"):
        number_words(100, Language.RUSSIAN)
    assert number_words(100) == "one hundred"
