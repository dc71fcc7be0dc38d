"""Judging a learner's answer to an exercise with the engine: a number of
points for a hand, a crib or a pile, two cards to lay away for a discard
(graded by :mod:`trainer.drills.grading`, the drills' one standard), with an
explanation in the current language: the spoken count, or what the discard
keeps and what the best one would have.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import speech
from engine.cards import format_cards, parse_cards
from engine.errors import InvalidCardError
from trainer.drills import grading
from trainer.drills.answers import LaidAway
from trainer.language import i18n, words
from trainer.language.i18n import gettext as _
from trainer.lessons.checks import discard_deal, discard_options
from trainer.lessons.course import Directive, DirectiveKind


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of a learner's answer to an exercise (its
    explanation in the language current when it was judged)."""

    correct: bool
    answer: str
    expected: str
    explanation: str


#: An answer to an exercise: a number of points (a hand, a crib, a pile), or the cards laid away.
LessonAnswer = int | LaidAway


def read_answer(directive: Directive, text: str) -> LessonAnswer:
    """An answer given as text (the exercise's form, the verdict a page keeps):
    points for a hand, crib or pile, cards for a discard; ``ValueError`` for text
    that is neither.

    >>> from trainer.lessons.course import parse_directive
    >>> read_answer(parse_directive("{exercise hand 4C 5D 6H KC | 5S = 16}"), " 16 ")
    16
    >>> read_answer(parse_directive("{exercise discard 5H 5D JS 4C 6D KS dealer = JS KS}"), "JS KS").cards
    (Card.parse('JS'), Card.parse('KS'))
    """
    if directive.kind is DirectiveKind.DISCARD:
        try:
            return LaidAway(parse_cards(text))
        except InvalidCardError as error:
            raise ValueError(str(error)) from None
    if not text.strip().isdecimal():
        raise ValueError(f"{text!r} is not a number of points")
    return int(text)


def check_kind(directive: Directive, answer: LessonAnswer) -> None:
    """``TypeError`` unless ``answer`` is the kind the exercise asks for (cards for a discard, else points)."""
    if (directive.kind is DirectiveKind.DISCARD) != isinstance(answer, LaidAway):
        raise TypeError(f"{directive.notation} is not answered with {answer!r}")


def judge(directive: Directive, answer: LessonAnswer) -> Verdict:
    """Judge a learner's answer: a number for hand, crib and play, the cards laid away for a discard.

    >>> from trainer.lessons.course import parse_directive
    >>> judge(parse_directive("{exercise hand 4C 5D 6H KC | 5S = 16}"), 16).correct
    True
    >>> judge(parse_directive("{exercise play 5H 5D 5S = 8}"), 6).expected
    '8'
    >>> with i18n.language("ru"):
    ...     judge(parse_directive("{exercise play 5H 5D 5S = 8}"), 6).explanation
    'пятнадцать — два, и королевская пара — восемь'
    """
    check_kind(directive, answer)
    if isinstance(answer, LaidAway):
        return _judge_discard(directive, answer)
    expected = directive.engine_total()
    return Verdict(answer == expected, str(answer), str(expected), _explanation(directive))


def _judge_discard(directive: Directive, answer: LaidAway) -> Verdict:
    throw = answer.cards
    if len(throw) != 2 or not set(throw) <= set(directive.cards):
        return Verdict(False, format_cards(throw), format_cards(directive.throw), _("Pick two of the six cards dealt."))
    verdict = grading.judge_discard(discard_deal(directive), answer, options=discard_options(directive))
    best, chosen, correct = verdict.options[0], verdict.picked, verdict.best
    numbers = {
        "cards": words.faces(chosen.discard), "hand": i18n.format_decimal(chosen.hand_ev, 2),
        "crib": i18n.format_decimal(chosen.crib_ev, 2), "net": i18n.format_decimal(chosen.net_ev, 2),
        "best": words.faces(best.discard), "best_net": i18n.format_decimal(best.net_ev, 2),
    }
    if directive.owns_crib:
        explanation = _("Laying away %(cards)s to your own crib keeps a hand worth %(hand)s on average and a crib "
                        "worth %(crib)s: net %(net)s. The best is %(best)s, net %(best_net)s.", **numbers)
    else:
        explanation = _("Laying away %(cards)s to your opponent's crib keeps a hand worth %(hand)s on average and a "
                        "crib worth %(crib)s: net %(net)s. The best is %(best)s, net %(best_net)s.", **numbers)
    return Verdict(correct, format_cards(throw), format_cards(best.discard), explanation)


def answer_text(directive: Directive, answer: str) -> str:
    """An answer (or the expected one) as the learner reads it: points as they
    are, a discard's two cards by their faces.

    >>> from trainer.lessons.course import parse_directive
    >>> throw = parse_directive("{exercise discard 5H 5D JS 4C 6D KS dealer = JS KS}")
    >>> answer_text(throw, "JS KS")
    'J♠ K♠'
    >>> with i18n.language("ru"):
    ...     answer_text(throw, "JS KS")
    'В♠ К♠'
    """
    if directive.kind is not DirectiveKind.DISCARD or not answer:
        return answer
    try:
        return words.faces(parse_cards(answer))
    except InvalidCardError:
        return answer


def _explanation(directive: Directive) -> str:
    """A hand's, crib's or pile's count as it is said aloud, in the current language."""
    if directive.kind is DirectiveKind.PLAY:
        return speech.play_spoken(directive.play_score(), i18n.current())
    return speech.spoken_count(directive.show_score().items, i18n.current())
