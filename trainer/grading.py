"""Grading a drill answer into the attempt that is recorded.

Each drill kind has one function here that takes what was dealt and what the
learner answered and returns the verdict with the :class:`~trainer.record.NewAttempt`
to record, so the web drills and ``crib demo-data`` record attempts of exactly
the same shape, judged by the same standard.

>>> from trainer.drills import ShowDeal
>>> from engine.cards import parse_cards, Card
>>> deal = ShowDeal(tuple(parse_cards("5H 5D 5S JC")), Card.parse("5C"), False)
>>> feedback, attempt = grade_show(deal, {"mode": "total"}, {"total": 28})
>>> attempt.points_expected, attempt.points_missed, attempt.correct
(29, 1, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.cards import Card, format_cards
from engine.discard import DiscardOption, analyse_discards
from engine.peganalysis import PeggingView, PlayOption, analyse_plays
from engine.scoring import ScoreKind
from trainer.checking import (
    AnswerMode,
    Claim,
    Feedback,
    PeggingFeedback,
    check_categories,
    check_claims,
    check_pegging,
    check_total,
)
from trainer.drills import BestPlayQuestion, DiscardDeal, PeggingMoment, ShowDeal
from trainer.record import DrillKind, NewAttempt

#: A discard within this many expected points of the best counts as best too.
DISCARD_TOLERANCE = 0.005
#: A card within this many expected points of the best counts as best too
#: (the play-outs are sampled, so their estimates carry noise of about this size).
BEST_PLAY_TOLERANCE = 0.05
#: Play-outs per candidate card in the best-play analysis.
BEST_PLAY_SAMPLES = 300


def answer_mode(given: dict) -> AnswerMode:
    """How a stored show answer was given, read from its shape."""
    if "claims" in given:
        return AnswerMode.CLAIMS
    if "categories" in given:
        return AnswerMode.CATEGORY
    return AnswerMode.TOTAL


def check_show(deal: ShowDeal, given: dict) -> Feedback:
    """The verdict on a show answer as stored (a total, per category, or claims)."""
    score = deal.score()
    mode = answer_mode(given)
    if mode is AnswerMode.TOTAL:
        return check_total(score, int(given["total"]))
    if mode is AnswerMode.CATEGORY:
        return check_categories(score, {ScoreKind(k): int(v) for k, v in given["categories"].items()})
    return check_claims(score, [Claim.parse(kind, cards) for kind, cards in given["claims"]])


def grade_show(
    deal: ShowDeal, options: dict, given: dict, *, seconds: float | None = None, retry_of: int | None = None
) -> tuple[Feedback, NewAttempt]:
    """Judge a counted hand or crib; ``options`` are the drill's (stored with the deal)."""
    feedback = check_show(deal, given)
    return feedback, NewAttempt(
        DrillKind.SHOW,
        dealt={"deal": deal.to_dict(), "options": options},
        answer=given,
        results=feedback.results,
        points_expected=feedback.expected_total,
        points_answered=feedback.answered_total,
        points_missed=feedback.points_missed,
        correct=feedback.correct,
        mode=answer_mode(given).value,
        seconds=seconds,
        retry_of=retry_of,
    )


def grade_pegging(
    moment: PeggingMoment, points: int, count: int, *, retry_of: int | None = None
) -> tuple[PeggingFeedback, NewAttempt]:
    """Judge the points and count given for the card just played."""
    feedback = check_pegging(moment.play(), moment.extra, points, count)
    return feedback, NewAttempt(
        DrillKind.PEGGING,
        dealt={"moment": moment.to_dict()},
        answer={"count": count, "points": points},
        results=feedback.results,
        points_expected=feedback.expected_points,
        points_answered=points,
        points_missed=feedback.points_missed,
        correct=feedback.correct,
        mode="points",
        retry_of=retry_of,
    )


@dataclass(frozen=True, slots=True)
class DiscardVerdict:
    """Every discard by expected points, the one picked, and what it gave away."""

    options: tuple[DiscardOption, ...]
    picked: DiscardOption
    given_away: float

    @property
    def best(self) -> bool:
        return self.given_away <= DISCARD_TOLERANCE


def grade_discard(
    deal: DiscardDeal,
    picked: Sequence[Card],
    *,
    options: Sequence[DiscardOption] | None = None,
    retry_of: int | None = None,
) -> tuple[DiscardVerdict, NewAttempt]:
    """Judge the two cards laid away (``options`` saves analysing the deal again);
    ``ValueError`` unless they are two of the six."""
    if len(picked) != 2 or not set(picked) <= set(deal.cards):
        raise ValueError("pick exactly two of the six cards")
    options = tuple(analyse_discards(deal.cards, dealer=deal.dealer) if options is None else options)
    mine = next(o for o in options if set(o.discard) == set(picked))
    verdict = DiscardVerdict(options, mine, options[0].net_ev - mine.net_ev)
    return verdict, NewAttempt(
        DrillKind.DISCARD,
        dealt={"deal": deal.to_dict()},
        answer={"discard": format_cards(sorted(picked)), "given_away": round(verdict.given_away, 4)},
        results=(),
        points_expected=0,
        points_answered=0,
        points_missed=round(verdict.given_away),
        correct=verdict.best,
        mode="dealer" if deal.dealer else "pone",
        retry_of=retry_of,
    )


def best_play_view(question: BestPlayQuestion) -> PeggingView:
    """The learner's view as the pegging analysis takes it: seat 0, the opponent seat 1."""
    last_player = None if not question.pile else (0 if question.last_mine else 1)
    return PeggingView(
        seat=0,
        hand=question.hand,
        pile=question.pile,
        played=question.earlier + question.pile,
        seen=question.seen,
        cards_left=(len(question.hand), question.opponent_cards),
        min_value=(1, question.opponent_min_value),
        last_player=last_player,
    )


def best_play_options(question: BestPlayQuestion) -> tuple[PlayOption, ...]:
    """Every legal card by expected net points (seeded by the question, so the same every time)."""
    return tuple(analyse_plays(best_play_view(question), samples=BEST_PLAY_SAMPLES, rng=question.seed))


def grade_best_play(
    question: BestPlayQuestion,
    chosen: Card,
    *,
    options: Sequence[PlayOption] | None = None,
    retry_of: int | None = None,
) -> NewAttempt:
    """Judge the card chosen; ``options`` saves analysing the question again."""
    options = best_play_options(question) if options is None else options
    mine = next(o for o in options if o.card == chosen)
    given_away = options[0].expected_net - mine.expected_net
    return NewAttempt(
        DrillKind.BEST_PLAY,
        dealt={"question": question.to_dict()},
        answer={"card": str(chosen), "given_away": round(given_away, 3)},
        results=(),
        points_expected=0,
        points_answered=0,
        points_missed=round(given_away),
        correct=given_away <= BEST_PLAY_TOLERANCE,
        mode="best card",
        retry_of=retry_of,
    )
