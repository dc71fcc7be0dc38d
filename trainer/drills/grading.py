"""The one grading standard: judging an answer into the attempt that is recorded.

Each drill kind has two functions here, both taking what was dealt and the
learner's answer (a value of :mod:`trainer.drills.answers`): ``judge_*`` gives
the verdict, and ``grade_*`` gives it :class:`Graded`, with the
:class:`~trainer.record.attempts.NewAttempt` to record.  The drills, the
lessons' exercises, the games (a discard, a card played) and ``crib demo-data``
all record through these functions, so the same answer gets the same verdict
wherever it is given: one tolerance for a best discard, one for a best card,
one sample count for the best-play analysis, and the combo-type attribution of
:mod:`trainer.drills.checking`.

>>> from trainer.drills.deal import ShowDeal
>>> from engine.cards import parse_cards, Card
>>> deal = ShowDeal(tuple(parse_cards("5H 5D 5S JC")), Card.parse("5C"), False)
>>> graded = grade_show(deal, ShowOptions(), Total(28))
>>> graded.verdict.diff, graded.attempt.points_missed, graded.attempt.correct
(-1, 1, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, Sequence, TypeVar

from engine.analysis.discard import DiscardOption, analyse_discards
from engine.analysis.play import PeggingView, PlayOption, analyse_plays
from engine.cards import Card, format_cards
from trainer.drills.answers import BestCard, ByCategory, Claims, LaidAway, PegPoints, ShowAnswer, ShowOptions, Total
from trainer.drills.checking import (
    AnswerMode,
    Feedback,
    PeggingFeedback,
    check_categories,
    check_claims,
    check_pegging,
    check_total,
)
from trainer.drills.deal import BestPlayQuestion, DiscardDeal, PeggingMoment, ShowDeal
from trainer.record.attempts import AttemptMode, AttemptSource, DrillKind, NewAttempt

#: A discard within this many expected points of the best counts as best too.
#: The discard analysis is exact (every starter and crib is counted), so this
#: only absorbs rounding: two discards this close are equally good.
DISCARD_TOLERANCE = 0.005
#: A card within this many expected points of the best counts as best too.
#: Wider than :data:`DISCARD_TOLERANCE` because the play analysis is sampled
#: (:data:`BEST_PLAY_SAMPLES` play-outs per card), so its estimates carry noise
#: of about this size: a closer call would reward or punish chance.
BEST_PLAY_TOLERANCE = 0.05
#: Play-outs per candidate card in the best-play analysis, for the drill and
#: for the cards played in a game alike (so a game's play retried from the
#: review is weighed exactly as it was in the game).
BEST_PLAY_SAMPLES = 300
#: Decimal places kept of the points a discard or a card gave away; the verdict
#: is taken on the kept value, so a stored answer always agrees with its verdict.
DISCARD_DIGITS = 4
PLAY_DIGITS = 3


def is_best_discard(given_away: float) -> bool:
    """Whether a discard that gave away this many expected points counts as best."""
    return round(given_away, DISCARD_DIGITS) <= DISCARD_TOLERANCE


def is_best_play(given_away: float) -> bool:
    """Whether a card that gave away this many expected net points counts as best."""
    return round(given_away, PLAY_DIGITS) <= BEST_PLAY_TOLERANCE


def discard_given_away(options: Sequence[DiscardOption], picked: Sequence[Card]) -> float:
    """The expected points laying away ``picked`` gives away against the best of
    ``options`` (best first), rounded as recorded; ``ValueError`` unless it is one of them."""
    mine = next((o for o in options if set(o.discard) == set(picked)), None)
    if mine is None:
        raise ValueError(f"{format_cards(picked)} is not one of the discards analysed")
    return round(max(0.0, options[0].net_ev - mine.net_ev), DISCARD_DIGITS)


def best_discards(options: Sequence[DiscardOption]) -> tuple[DiscardOption, ...]:
    """The discards that count as best (ties within the tolerance), best first."""
    return tuple(o for o in options if is_best_discard(options[0].net_ev - o.net_ev))


def play_given_away(options: Sequence[PlayOption], chosen: Card) -> float:
    """The expected net points playing ``chosen`` gives away against the best of
    ``options`` (best first), rounded as recorded; ``ValueError`` unless it is one of them."""
    mine = next((o for o in options if o.card == chosen), None)
    if mine is None:
        raise ValueError(f"{chosen} is not one of the cards analysed")
    return round(max(0.0, options[0].expected_net - mine.expected_net), PLAY_DIGITS)


def play_options(view: PeggingView, seed: int) -> tuple[PlayOption, ...]:
    """Every legal card in ``view`` by expected net points, by the standard sample
    count (seeded, so the same every time)."""
    return tuple(analyse_plays(view, samples=BEST_PLAY_SAMPLES, rng=seed))


class Verdict(Protocol):
    """What every verdict tells: whether the answer counts as right.  A verdict is
    :class:`Feedback`, :class:`PeggingFeedback`, :class:`DiscardVerdict` or :class:`PlayVerdict`."""

    @property
    def correct(self) -> bool: ...


V = TypeVar("V", bound=Verdict)


@dataclass(frozen=True, slots=True)
class Graded(Generic[V]):
    """What every ``grade_*`` returns: the verdict to show and the attempt to record
    (``attempt.correct`` is ``verdict.correct``)."""

    verdict: V
    attempt: NewAttempt


def _with_source(dealt: dict[str, Any], source: AttemptSource | None) -> dict[str, Any]:
    """What was dealt, marked with where it was answered when not in its drill."""
    return dealt if source is None else dealt | {"source": source}


def judge_show(deal: ShowDeal, given: ShowAnswer) -> Feedback:
    """The verdict on a count, however it was answered."""
    score = deal.score()
    match given:
        case Total(points):
            return check_total(score, points)
        case ByCategory():
            return check_categories(score, given.by_kind)
        case Claims(claims):
            return check_claims(score, claims)


def grade_show(
    deal: ShowDeal,
    options: ShowOptions,
    given: ShowAnswer,
    *,
    seconds: float | None = None,
    retry_of: int | None = None,
    source: AttemptSource | None = None,
) -> Graded[Feedback]:
    """Judge a counted hand or crib; ``options`` are the drill's (stored with the
    deal); ``source`` marks a count made outside the drill (at a game, say)."""
    feedback = judge_show(deal, given)
    return Graded(feedback, NewAttempt(
        DrillKind.SHOW,
        dealt=_with_source({"deal": deal.to_dict(), "options": options.to_dict()}, source),
        answer=given.to_dict(),
        results=feedback.results,
        points_expected=feedback.expected_total,
        points_answered=feedback.answered_total,
        points_missed=feedback.points_missed,
        correct=feedback.correct,
        mode=AttemptMode(given.mode.value),
        seconds=seconds,
        retry_of=retry_of,
    ))


def total_options(crib: bool) -> ShowOptions:
    """The show drill's options for a count answered by its total, as a game, a
    solitaire or a lesson asks for it."""
    return ShowOptions(AnswerMode.TOTAL, crib=crib)


def counted_show_attempt(
    cards: Sequence[Card], starter: Card | None, *, crib: bool, claimed: int, source: AttemptSource
) -> NewAttempt | None:
    """A hand or crib the learner counted outside the drills (at a game, in a
    solitaire) as the attempt :func:`grade_show` makes of it, answered by total,
    in the show drill's shape, so the review can bring a miss back; None when it
    is not four cards and a starter (the drill's deal)."""
    if len(cards) != 4 or starter is None:
        return None
    deal = ShowDeal(tuple(cards), starter, crib)
    return grade_show(deal, total_options(crib), Total(claimed), source=source).attempt


def judge_pegging(moment: PeggingMoment, given: PegPoints) -> PeggingFeedback:
    """The verdict on the points and count given for the card just played (its
    go or last card included)."""
    return check_pegging(moment.play(), moment.extra, given.points, given.count)


def grade_pegging(moment: PeggingMoment, given: PegPoints, *, retry_of: int | None = None) -> Graded[PeggingFeedback]:
    """Judge the points and count given for the card just played."""
    feedback = judge_pegging(moment, given)
    return Graded(feedback, NewAttempt(
        DrillKind.PEGGING,
        dealt={"moment": moment.to_dict()},
        answer=given.to_dict(),
        results=feedback.results,
        points_expected=feedback.expected_points,
        points_answered=given.points,
        points_missed=feedback.points_missed,
        correct=feedback.correct,
        mode=AttemptMode.POINTS,
        retry_of=retry_of,
    ))


@dataclass(frozen=True, slots=True)
class DiscardVerdict:
    """Every discard by expected points, the one picked, and what it gave away."""

    options: tuple[DiscardOption, ...]
    picked: DiscardOption
    given_away: float

    @property
    def best(self) -> bool:
        return is_best_discard(self.given_away)

    correct = best  # a discard is right when it counts as best


def judge_discard(
    deal: DiscardDeal, given: LaidAway, *, options: Sequence[DiscardOption] | None = None
) -> DiscardVerdict:
    """Judge the two cards laid away (``options`` saves analysing the deal again);
    ``ValueError`` unless they are two of the six."""
    picked = given.cards
    if len(picked) != 2 or not set(picked) <= set(deal.cards):
        raise ValueError("pick exactly two of the six cards")
    options = tuple(analyse_discards(deal.cards, dealer=deal.dealer) if options is None else options)
    mine = next(o for o in options if set(o.discard) == set(picked))
    return DiscardVerdict(options, mine, discard_given_away(options, picked))


def grade_discard(
    deal: DiscardDeal,
    given: LaidAway,
    *,
    options: Sequence[DiscardOption] | None = None,
    retry_of: int | None = None,
    source: AttemptSource | None = None,
) -> Graded[DiscardVerdict]:
    """Judge the two cards laid away (:func:`judge_discard`); ``source`` marks a
    discard made outside the drill (at a game, say)."""
    verdict = judge_discard(deal, given, options=options)
    return Graded(verdict, NewAttempt(
        DrillKind.DISCARD,
        dealt=_with_source({"deal": deal.to_dict()}, source),
        answer=given.to_dict() | {"given_away": verdict.given_away},
        results=(),
        points_expected=0,
        points_answered=0,
        points_missed=round(verdict.given_away),
        correct=verdict.correct,
        mode=AttemptMode.DEALER if deal.dealer else AttemptMode.PONE,
        retry_of=retry_of,
    ))


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
    return play_options(best_play_view(question), question.seed)


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """Every legal card by expected net points, the one chosen, and what it gave away."""

    options: tuple[PlayOption, ...]
    chosen: Card
    given_away: float

    @property
    def best(self) -> bool:
        return is_best_play(self.given_away)

    correct = best  # a card is right when it counts as best


def judge_best_play(
    question: BestPlayQuestion, given: BestCard, *, options: Sequence[PlayOption] | None = None
) -> PlayVerdict:
    """Judge the card chosen (``options`` saves analysing the question again);
    ``ValueError`` unless it is one of the cards that may be played."""
    options = tuple(best_play_options(question) if options is None else options)
    return PlayVerdict(options, given.card, play_given_away(options, given.card))


def grade_best_play(
    question: BestPlayQuestion,
    given: BestCard,
    *,
    options: Sequence[PlayOption] | None = None,
    retry_of: int | None = None,
    source: AttemptSource | None = None,
) -> Graded[PlayVerdict]:
    """Judge the card chosen (:func:`judge_best_play`); ``source`` marks a card
    played outside the drill (at a game, say)."""
    verdict = judge_best_play(question, given, options=options)
    return Graded(verdict, NewAttempt(
        DrillKind.BEST_PLAY,
        dealt=_with_source({"question": question.to_dict()}, source),
        answer=given.to_dict() | {"given_away": verdict.given_away},
        results=(),
        points_expected=0,
        points_answered=0,
        points_missed=round(verdict.given_away),
        correct=verdict.correct,
        mode=AttemptMode.BEST_CARD,
        retry_of=retry_of,
    ))
