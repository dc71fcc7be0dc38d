"""Judging exercises: the engine's answer is right and nothing else is, and a
verdict explains itself in the current language."""

from __future__ import annotations

import re

import pytest

from engine.cards import format_cards
from engine.scoring import score_show
from engine.speech import spoken_count
from trainer.drills.answers import LaidAway
from trainer.language import i18n
from trainer.lessons.checks import best_throws
from trainer.lessons.course import DirectiveKind, parse_directive
from trainer.lessons.judging import judge, read_answer

from .course_data import ALL_DIRECTIVES, directive_id


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].is_exercise and p[1].kind is not DirectiveKind.DISCARD], ids=directive_id)
def test_exercises_accept_the_engines_answer_and_nothing_else(pair):
    _, directive = pair
    truth = directive.engine_total()
    assert judge(directive, truth).correct
    assert judge(directive, read_answer(directive, f" {truth} ")).correct
    assert not judge(directive, truth + 1).correct
    for text in ("", "lots", "-1", "1.5"):
        with pytest.raises(ValueError):
            read_answer(directive, text)
    with pytest.raises(TypeError):  # cards, to a count
        judge(directive, LaidAway(directive.cards[:2]))


@pytest.mark.parametrize("pair", [p for p in ALL_DIRECTIVES if p[1].is_exercise and p[1].kind is DirectiveKind.DISCARD], ids=directive_id)
def test_discard_exercises_accept_the_best_throw(pair):
    _, directive = pair
    assert judge(directive, LaidAway(directive.throw)).correct
    assert judge(directive, read_answer(directive, format_cards(reversed(directive.throw)))).correct
    others = [c for c in directive.cards if c not in directive.throw]
    worse = judge(directive, LaidAway(tuple(others[:2])))
    if all(set(others[:2]) != set(t) for t in best_throws(directive)):
        assert not worse.correct
    assert not judge(directive, LaidAway(directive.throw[:1])).correct
    with pytest.raises(ValueError):
        read_answer(directive, "JS XX")
    with pytest.raises(TypeError):  # a number, to a discard
        judge(directive, 2)


def test_a_wrong_answer_is_told_the_engines_count_and_how_it_is_spoken():
    verdict = judge(parse_directive("{exercise hand 4C 5D 6H KC | 5S = 16}"), 3)
    truth = score_show("4C 5D 6H KC", "5S")
    assert not verdict.correct
    assert verdict.expected == str(truth.total)
    assert verdict.explanation == spoken_count(truth.items)


@pytest.mark.parametrize("pile, spoken", [
    ("5H 5D 5S", "пятнадцать — два, и королевская пара — восемь"),
    ("7C 4D 4H", "пятнадцать — два, и пара — четыре"),
    ("7C 8D 9H 7S", "тридцать одно — два, и последовательность из трёх — пять"),
    ("KS 9H", "девятнадцать, очков нет"),
    ("10C KH KS go", "пара — два, и за «гоу» — три"),
    ("9H 6S 4C last", "за последнюю карту — одно"),
    ("4H 4D 4S 4C", "двойная королевская пара — двенадцать"),
    ("AS 2D 3C 4H 5S 6D 7C", "последовательность из семи — семь"),
])
def test_the_play_is_spoken_in_russian_with_running_totals(pile, spoken):
    directive = parse_directive(f"{{play {pile} = 0}}")
    with i18n.language("ru"):
        assert judge(directive, 0).explanation == spoken
    assert judge(directive, 0).explanation != spoken  # English stays English


@pytest.mark.parametrize("seat", ["dealer", "pone"])
def test_a_discard_is_judged_in_russian_with_decimal_commas(seat):
    directive = parse_directive(f"{{exercise discard 5H 5D JS 4C 6D KS {seat} = JS KS}}")
    others = [c for c in directive.cards if c not in directive.throw]
    with i18n.language("ru"):
        verdict = judge(directive, LaidAway(tuple(others[:2])))
    assert verdict.explanation.startswith("Если отложить")
    assert ("в свои ясли" if seat == "dealer" else "в ясли соперника") in verdict.explanation
    assert re.search(r"в среднем \d+,\d\d, а (его )?ясли\s— \d+,\d\d: итог -?\d+,\d\d\. Лучший сброс\s— ", verdict.explanation)
