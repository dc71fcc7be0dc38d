"""The feedback on a count in Russian (issue 13): every reason a claim is wrong, every
flush trap (each suit, with its Russian plural forms), the combo types and the other
labels the drills, the lessons and the games read from trainer.drills.checking and its
neighbours, and the grading's verdict in the learner's language."""

from __future__ import annotations

import re

import pytest

from engine.cards import parse_cards
from engine.scoring import score_show
from trainer.drills.answers import Claims, ShowOptions
from trainer.drills.checking import AnswerMode, Claim, ClaimKind, check_claims, flush_trap
from trainer.drills.deal import FocusKind, ShowDeal
from trainer.drills.grading import grade_show
from trainer.language.i18n import language
from trainer.record.attempts import DrillKind
from trainer.record.combos import ComboType

#: Two Latin letters in a row: an English word left in a Russian sentence.
ENGLISH = re.compile(r"[A-Za-z]{2,}")


def reasons(hand: str, starter: str, claims: list[tuple[str, str]], crib: bool = False) -> list[str]:
    score = score_show(hand, starter, crib=crib)
    with language("ru"):
        feedback = check_claims(score, [Claim.parse(kind, cards) for kind, cards in claims])
        return [wrong.reason for wrong in feedback.wrong_claims]


@pytest.mark.parametrize(
    "hand, starter, crib, kind, cards, russian",
    [
        ("2H 6H 9H KC", "4H", False, "fifteen", "AS 2S", "этих карт нет в раздаче"),
        ("2H 6H 9H KC", "4H", False, "fifteen", "2H 6H", "эти карты дают в сумме 8, а не 15"),
        ("2H 6H 9H KC", "4H", False, "pair", "2H", "для пары нужны две карты одного достоинства"),
        ("2H 6H 9H KC", "4H", False, "pair", "9H KC", "пара — это карты одного достоинства (В и Д — не пара)"),
        ("3S 4H 5D 6C", "KS", False, "run", "3S 4H", "для последовательности нужно не меньше трёх карт"),
        ("3S 4H 4D 5C", "KS", False, "run", "3S 4H 4D 5C",
         "в последовательности по одной карте каждого достоинства: двойная последовательность — это две"
         " последовательности, заявите каждую"),
        ("QS KH AD 5C", "2S", False, "run", "QS KH AD",
         "эти достоинства не идут подряд (туз — младшая карта: Д К Т — не последовательность)"),
        ("3S 4H 5D 6C", "KS", False, "run", "3S 4H 5D", "эта последовательность — часть более длинной: заявите самую длинную"),
        ("2H 6H 9S KC", "4H", False, "flush", "2H 9S", "флеш — это карты одной масти"),
        ("2H 6H 9H KC", "4H", False, "flush", "2H 6H 9H 4H",
         "три карты руки и стартер — никогда не флеш: масть должна совпадать у всех четырёх карт руки"),
        ("2H 4H 6H 8H", "KS", True, "flush", "2H 4H 6H 8H", "флеш в яслях — только из всех пяти карт, включая стартер"),
        ("2H 4H 6H 8H", "KH", False, "flush", "2H 4H 6H 8H", "стартер той же масти: это флеш из пяти"),
        ("2H 4H 6H 8C", "KS", False, "flush", "2H 4H 6H", "для флеша нужны все карты руки"),
        ("2H 4H 6H 8C", "KS", False, "nobs", "8C", "одно за козырной валет — это один валет в руке"),
        ("2H 4H 6H 8C", "JS", False, "nobs", "JS",
         "валет-стартер — это «его пятки» (очки сдающему при срезе), а не козырной валет"),
        ("2H 4H 6H JC", "KS", False, "nobs", "JC", "козырной валет — это валет масти стартера"),
    ],
)
def test_every_wrong_claim_says_why_in_russian(hand, starter, crib, kind, cards, russian):
    assert reasons(hand, starter, [(kind, cards)], crib=crib) == [russian]


def test_a_claim_made_twice_is_already_claimed():
    assert reasons("5H 5D 5S JC", "5C", [("fifteen", "5H JC"), ("fifteen", "5H JC")]) == ["уже заявлено"]


@pytest.mark.parametrize(
    "hand, starter, crib, rule, here",
    [
        ("2C 6C 9C KC", "4D", True, "флеш в яслях — только из всех пяти карт, включая стартер",
         "В яслях четыре трефы, но флеша нет: стартер 4♦ — не трефа."),
        ("2D 6D 9D KD", "4S", True, "флеш в яслях — только из всех пяти карт, включая стартер",
         "В яслях четыре бубны, но флеша нет: стартер 4♠ — не бубна."),
        ("2H 6H 9H KH", "4D", True, "флеш в яслях — только из всех пяти карт, включая стартер",
         "В яслях четыре червы, но флеша нет: стартер 4♦ — не черва."),
        ("2S 6S 9S QS", "4D", True, "флеш в яслях — только из всех пяти карт, включая стартер",
         "В яслях четыре пики, но флеша нет: стартер 4♦ — не пика."),
        # The variants' cribs: three cards (few), five (many).
        ("2S 6S 9S", "4D", True, "флеш в яслях — только из всех пяти карт, включая стартер",
         "В яслях три пики, но флеша нет: стартер 4♦ — не пика."),
        ("2C 6C 9C KC AC", "4D", True, "флеш в яслях — только из всех пяти карт, включая стартер",
         "В яслях пять треф, но флеша нет: стартер 4♦ — не трефа."),
        ("2H 6H 9H KC", "4H", False,
         "три карты руки и стартер — никогда не флеш: масть должна совпадать у всех четырёх карт руки",
         "Три червы и стартер той же масти, но К♣ другой масти: флеша нет."),
        ("2C 6C 9C QD", "4C", False,
         "три карты руки и стартер — никогда не флеш: масть должна совпадать у всех четырёх карт руки",
         "Три трефы и стартер той же масти, но Д♦ другой масти: флеша нет."),
        ("2D 6D 9D AS", "4D", False,
         "три карты руки и стартер — никогда не флеш: масть должна совпадать у всех четырёх карт руки",
         "Три бубны и стартер той же масти, но Т♠ другой масти: флеша нет."),
        ("2S 6S 9S JH", "4S", True, "флеш в яслях — только из всех пяти карт, включая стартер",
         "Три пики и стартер той же масти, но В♥ другой масти: флеша нет."),
    ],
)
def test_every_flush_trap_states_its_rule_in_russian(hand, starter, crib, rule, here):
    with language("ru"):
        trap = flush_trap(score_show(hand, starter, crib=crib))
    assert (trap.rule, trap.here) == (rule, here)


def test_a_trap_is_english_again_outside_the_block():
    with language("ru"):
        flush_trap(score_show("2C 6C 9C KC", "4D", crib=True))
    trap = flush_trap(score_show("2C 6C 9C KC", "4D", crib=True))
    assert trap.here == "The four clubs of the crib score nothing: the starter 4♦ is not a club."


def test_every_combo_type_has_a_russian_name():
    with language("ru"):
        labels = {combo_type: combo_type.label for combo_type in ComboType}
    assert labels[ComboType.FIFTEEN_3] == "Пятнадцать из 3 карт"
    assert labels[ComboType.PAIR_ROYAL] == "Королевская пара"
    assert labels[ComboType.CRIB_FLUSH] == "Флеш в яслях"
    assert labels[ComboType.PEG_GO] == "«Гоу»" and labels[ComboType.PEG_THIRTY_ONE] == "31"
    assert not [label for label in labels.values() if ENGLISH.search(label)]


def test_the_claim_kinds_focus_kinds_and_drill_kinds_in_russian():
    with language("ru"):
        claims = [kind.label for kind in ClaimKind]
        focus = [kind.label for kind in FocusKind]
        drills = [kind.label for kind in DrillKind]
    assert claims == ["Пятнадцать", "Пара", "Последовательность", "Флеш", "Козырной валет"]
    assert "Ловушки флеша" in focus and "Двойные последовательности" in focus
    assert drills == ["Подсчёт рук", "Очки в розыгрыше", "Лучшая карта", "Сброс"]
    assert not [label for label in claims + focus + drills if ENGLISH.search(label)]


def test_the_grading_gives_the_feedback_in_the_learners_language():
    """The lessons and the games grade through trainer.drills.grading: the same feedback, in Russian."""
    deal = ShowDeal(tuple(parse_cards("2C 6C 9C KC")), parse_cards("4D")[0], True)
    with language("ru"):
        graded = grade_show(deal, ShowOptions(AnswerMode.CLAIMS), Claims((Claim.parse("flush", "2C 6C 9C KC"),)))
        feedback, attempt = graded.verdict, graded.attempt
        trap = feedback.trap
    assert feedback.wrong_claims[0].reason == "флеш в яслях — только из всех пяти карт, включая стартер"
    assert trap.here.startswith("В яслях четыре трефы")
    assert not attempt.correct and attempt.points_expected == 4
