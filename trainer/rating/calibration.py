"""How well the learner model's predictions come true: the recorded history
replayed through the ratings and the memory, each prediction set against what
the learner then did.

Two predictors, as the trainer uses them:

* **Glicko-2's expected score** (:func:`trainer.rating.glicko2.expected_score`
  of the learner's rating before the answer, aged as :func:`trainer.rating.ratings.rate_answer`
  ages it, against the deal's rating before it), for every rated first attempt.
  The outcome is whether the answer was **correct** (not the speed rule's
  score: log loss wants a yes or a no).
* **FSRS's predicted recall** (:meth:`trainer.rating.memory.CardState.retrievability`
  at the answer's moment), for every card an answer reviews that existed
  before it: the deal's card and each of its combo types' cards.  The outcome
  is that the card's grade was not Again, which :func:`trainer.rating.skills.grade_of`
  gives exactly for a wrong answer (the deal's) or a wrong combo type (its card's).
  FSRS counts whole days since the last review, so a card met again the same
  day is predicted a recall of 1; the row "a day or more" keeps the reviews
  its forgetting curve is about.

**The replay.** Every learner's attempts, merged into one time order (the
deals' ratings are shared: a deal's rating at an answer holds only the answers
before it, whoever gave them), go through :class:`trainer.rating.replay.LearnerReplay`,
the migration's replay of :func:`trainer.rating.answers.rate_attempt`: the same
pure functions (``skills.result_of``, ``ratings.rate_answer``, ``memory.review``).
Every deal starts from its prior, as it did when it was first met; nothing is
written.  Unlike the migration, the whole history is replayed, not each learner's
latest :data:`trainer.rating.replay.RATED_REPLAY` attempts.

**The figures** per predictor: the count, the mean predicted and the mean
observed, the log loss (:func:`log_loss`, predictions clipped to
[:data:`CLIP`, 1 - :data:`CLIP`]), the RMSE over probability bins
(:func:`rmse_bins`: :data:`BINS` equal-width bins of the predicted chance,
each bin's mean predicted against its mean observed, weighted by its count; not
the srs-benchmark's binning, which bins FSRS's reviews by their intervals and
lapses and has no meaning for Glicko-2), and the same two for the constant
baseline that predicts the observed mean for every answer.  The baseline's
RMSE(bins) is 0 by construction (one bin, its mean exactly the observed mean):
only the log loss can say whether a predictor beats it, so ``beats_baseline``
is a lower log loss.

**Fitting FSRS.** The ``fsrs`` package's optimizer (``fsrs[optimizer]``)
requires torch (with pandas and tqdm), a framework of hundreds of megabytes for
one job, so it is not used.  Instead, once the history holds
:data:`MIN_FIT_REVIEWS` FSRS reviews, two small models are fitted by maximum
likelihood with numpy on the earlier :data:`FIT_SHARE` of them (in time order)
and judged on the rest (see :func:`fit_fsrs`): a scale of every card's
stability (how much longer or shorter memories last than the default
parameters say), and a logistic recalibration of the predicted recall.
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Iterable, Iterator, Sequence

import numpy as np
import sqlalchemy as sa

from trainer.rating import memory, ratings, replay, skills
from trainer.rating.glicko2 import Rating
from trainer.record.attempts import AttemptMode, NewAttempt
from trainer.record.models import Learner

#: Predictions are kept within [CLIP, 1 - CLIP] for the log loss: FSRS's same-day
#: recall of exactly 1 costs at most -ln(CLIP), about 9.2, when missed, not infinity.
CLIP = 1e-4
#: Equal-width bins of the predicted chance for :func:`rmse_bins`.
BINS = 10
#: FSRS reviews the history needs before the fit is tried.
MIN_FIT_REVIEWS = 1000
#: The earlier share of the reviews the fit is made on; the later rest judges it.
FIT_SHARE = 0.7


class Predictor(StrEnum):
    """What a row of the report measures."""

    GLICKO = "glicko2"
    FSRS = "fsrs"
    FSRS_DEALS = "fsrs deal cards"
    FSRS_COMBOS = "fsrs combo cards"
    FSRS_LATER = "fsrs a day or more"

    @property
    def description(self) -> str:
        """What is predicted, of which answers, and the outcome."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    Predictor.GLICKO: "expected score of each rated first attempt; outcome: correct",
    Predictor.FSRS: "predicted recall of each card an answer reviews; outcome: not Again",
    Predictor.FSRS_DEALS: "predicted recall of deal cards; outcome: the deal answered right",
    Predictor.FSRS_COMBOS: "predicted recall of combo-type cards; outcome: the combo type right",
    Predictor.FSRS_LATER: "predicted recall of cards reviewed a day or more after their last review",
}


# ---------------------------------------------------------------- metrics


def _clipped(p: float) -> float:
    return min(1 - CLIP, max(CLIP, p))


def log_loss(predicted: Sequence[float], observed: Sequence[bool]) -> float:
    """The mean negative log likelihood of the outcomes (natural log), each
    prediction clipped to [:data:`CLIP`, 1 - :data:`CLIP`].

    A coin's 0.5 costs ln 2 whatever happens; 0.8 for a right answer and 0.6 for
    a wrong one cost (-ln 0.8 - ln 0.4) / 2 = (0.2231 + 0.9163) / 2:

    >>> round(log_loss([0.5, 0.5], [True, False]), 6), round(math.log(2), 6)
    (0.693147, 0.693147)
    >>> round(log_loss([0.8, 0.6], [True, False]), 4)
    0.5697
    >>> round(log_loss([1.0], [False]), 4)  # certainty missed: -ln(CLIP)
    9.2103
    """
    if len(predicted) != len(observed) or not predicted:
        raise ValueError("log loss needs as many outcomes as predictions, at least one")
    total = 0.0
    for p, y in zip(predicted, observed):
        p = _clipped(p)
        total -= math.log(p if y else 1 - p)
    return total / len(predicted)


def rmse_bins(predicted: Sequence[float], observed: Sequence[bool], bins: int = BINS) -> float:
    """The root mean squared gap between each bin's mean predicted and mean
    observed, bins weighted by their counts: ``bins`` equal-width bins of the
    predicted chance (1.0 falls in the top one).

    Two predictions of 0.1 (one right) fall in one bin, whose gap is 0.5 - 0.1 = 0.4;
    two of 0.9 (both right) in another, whose gap is 0.1: sqrt((2 * 0.16 + 2 * 0.01) / 4)
    = sqrt(0.085):

    >>> round(rmse_bins([0.1, 0.1, 0.9, 0.9], [False, True, True, True]), 6), round(math.sqrt(0.085), 6)
    (0.291548, 0.291548)
    >>> rmse_bins([0.75] * 4, [True, True, True, False])  # right on average: no gap
    0.0
    """
    if len(predicted) != len(observed) or not predicted:
        raise ValueError("RMSE(bins) needs as many outcomes as predictions, at least one")
    sums: dict[int, list[float]] = {}
    for p, y in zip(predicted, observed):
        held = sums.setdefault(min(bins - 1, max(0, int(p * bins))), [0.0, 0.0, 0.0])
        held[0] += p
        held[1] += y
        held[2] += 1
    squared = sum(n * (p_sum / n - y_sum / n) ** 2 for p_sum, y_sum, n in sums.values())
    return math.sqrt(squared / len(predicted))


@dataclass(frozen=True, slots=True)
class PredictorCalibration:
    """One predictor's figures against what happened (None: no prediction to judge)."""

    predictor: Predictor
    count: int
    mean_predicted: float | None
    mean_observed: float | None
    log_loss: float | None
    rmse_bins: float | None
    #: the same for the constant prediction of the observed mean
    baseline_log_loss: float | None
    baseline_rmse_bins: float | None

    @classmethod
    def of(cls, predictor: Predictor, predicted: Sequence[float], observed: Sequence[bool]) -> PredictorCalibration:
        """The figures of these predictions and outcomes.

        >>> row = PredictorCalibration.of(Predictor.GLICKO, [0.8, 0.6], [True, False])
        >>> row.mean_predicted, row.mean_observed, round(row.log_loss, 4), round(row.baseline_log_loss, 4), row.beats_baseline
        (0.7, 0.5, 0.5697, 0.6931, True)
        """
        if not predicted:
            return cls(predictor, 0, None, None, None, None, None, None)
        mean = sum(observed) / len(observed)
        constant = [mean] * len(observed)
        return cls(predictor, len(predicted), sum(predicted) / len(predicted), mean, log_loss(predicted, observed),
                   rmse_bins(predicted, observed), log_loss(constant, observed), rmse_bins(constant, observed))

    @property
    def beats_baseline(self) -> bool | None:
        """Whether the predictor's log loss is below the constant's (None: nothing to judge)."""
        if self.log_loss is None or self.baseline_log_loss is None:
            return None
        return self.log_loss < self.baseline_log_loss

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON takes them (None as null)."""
        return {"predictor": self.predictor.value, "description": self.predictor.description, "count": self.count,
                "mean_predicted": self.mean_predicted, "mean_observed": self.mean_observed,
                "log_loss": self.log_loss, "rmse_bins": self.rmse_bins, "baseline_log_loss": self.baseline_log_loss,
                "baseline_rmse_bins": self.baseline_rmse_bins, "beats_baseline": self.beats_baseline}


# ---------------------------------------------------------------- fitting FSRS


def _forgetting(elapsed_days: np.ndarray, stability: np.ndarray) -> np.ndarray:
    """FSRS's forgetting curve with the scheduler's parameters, as
    :meth:`fsrs.Scheduler.get_card_retrievability` computes it (the tests hold the two equal)."""
    decay = -memory.SCHEDULER.parameters[20]
    factor = 0.9 ** (1 / decay) - 1
    result: np.ndarray = (1 + factor * elapsed_days / stability) ** decay
    return result


def _log_loss_array(predicted: np.ndarray, observed: np.ndarray) -> float:
    p = np.clip(predicted, CLIP, 1 - CLIP)
    return float(-np.mean(np.where(observed, np.log(p), np.log(1 - p))))


def _logit(predicted: np.ndarray) -> np.ndarray:
    p = np.clip(predicted, CLIP, 1 - CLIP)
    result: np.ndarray = np.log(p / (1 - p))
    return result


def _sigmoid(x: np.ndarray) -> np.ndarray:
    result: np.ndarray = np.exp(-np.logaddexp(0, -x))
    return result


def fit_stability_scale(elapsed_days: np.ndarray, stability: np.ndarray, observed: np.ndarray) -> float:
    """The factor k by which every card's stability is multiplied that makes the
    reviews' outcomes likeliest (only reviews a day or more after the last count:
    FSRS predicts 1 the same day whatever the stability); 1.0 with none to fit on.
    A grid of ln k from -4.6 to 4.6 (k from 0.01 to 100), then golden-section search."""
    later = elapsed_days >= 1
    if not later.any():
        return 1.0
    t, s, y = elapsed_days[later], stability[later], observed[later]

    def loss(u: float) -> float:
        return _log_loss_array(_forgetting(t, s * math.exp(u)), y)

    grid = np.linspace(-4.6, 4.6, 185)
    best = float(grid[int(np.argmin([loss(float(u)) for u in grid]))])
    low, high = best - 0.05, best + 0.05
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if loss(a) < loss(b):
            high = b
        else:
            low = a
    return math.exp((low + high) / 2)


def fit_recalibration(predicted: np.ndarray, observed: np.ndarray) -> tuple[float, float]:
    """The intercept a and slope b of ``sigmoid(a + b * logit(p))`` that make the
    outcomes likeliest (Platt's scaling), by Newton's method with a small ridge
    (so a history whose predictions are all alike still has an answer).

    >>> rng = np.random.default_rng(1)
    >>> p = rng.uniform(0.05, 0.95, 20_000)
    >>> a, b = fit_recalibration(p, rng.random(20_000) < p)  # calibrated already: a = 0, b = 1
    >>> abs(a) < 0.05, abs(b - 1) < 0.05
    (True, True)
    """
    x = np.column_stack([np.ones(len(predicted)), _logit(predicted)])
    y = observed.astype(float)
    start = np.array([0.0, 1.0])
    ridge = 1e-3 * np.eye(2)

    def loss(theta: np.ndarray) -> float:  # the negative log likelihood, with its ridge
        z = x @ theta
        return float(np.sum(np.logaddexp(0, z) - y * z) + (theta - start) @ ridge @ (theta - start) / 2)

    theta = start
    for _ in range(100):
        p = _sigmoid(x @ theta)
        gradient = x.T @ (p - y) + ridge @ (theta - start)
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hessian, gradient)
        while loss(theta - step) > loss(theta) and float(np.abs(step).max()) > 1e-12:
            step = step / 2  # Newton's full step overshot: halve it until the loss falls
        theta = theta - step
        if float(np.abs(step).max()) < 1e-10:
            break
    return float(theta[0]), float(theta[1])


@dataclass(frozen=True, slots=True)
class FsrsFit:
    """The fit of FSRS's predictions (see :func:`fit_fsrs`): on how many reviews, the
    fitted figures, and the held-out reviews' log loss before and after."""

    fitted_on: int
    held_out: int
    #: every card's stability multiplied by this (1: the default parameters are right)
    stability_scale: float
    #: the recalibration sigmoid(intercept + slope * logit(p))
    intercept: float
    slope: float
    #: the held-out reviews' log loss: as predicted, with the stability scaled, recalibrated,
    #: and the constant baseline (the fitted-on reviews' mean)
    log_loss: float
    log_loss_scaled: float
    log_loss_recalibrated: float
    baseline_log_loss: float

    def to_dict(self) -> dict[str, Any]:
        """The fit as JSON takes it."""
        return {"fitted_on": self.fitted_on, "held_out": self.held_out, "stability_scale": self.stability_scale,
                "intercept": self.intercept, "slope": self.slope, "log_loss": self.log_loss,
                "log_loss_scaled": self.log_loss_scaled, "log_loss_recalibrated": self.log_loss_recalibrated,
                "baseline_log_loss": self.baseline_log_loss}


def fit_fsrs(reviews: Sequence[Prediction]) -> FsrsFit | None:
    """Fit FSRS's predictions on the earlier :data:`FIT_SHARE` of ``reviews`` (in
    time order) and judge them on the rest; None with fewer than :data:`MIN_FIT_REVIEWS`.

    Not the ``fsrs`` optimizer (it needs torch): two small maximum-likelihood fits in
    numpy, :func:`fit_stability_scale` (one parameter: how long memories last against
    the default parameters' stability) and :func:`fit_recalibration` (two: a logistic
    map of the predicted recall).  The held-out log loss says whether either helps."""
    if len(reviews) < MIN_FIT_REVIEWS:
        return None
    predicted = np.array([r.predicted for r in reviews])
    observed = np.array([r.observed for r in reviews])
    elapsed = np.array([r.elapsed_days or 0 for r in reviews], dtype=float)
    stability = np.array([r.stability or 1.0 for r in reviews])
    cut = int(len(reviews) * FIT_SHARE)
    fit, held = slice(0, cut), slice(cut, None)
    scale = fit_stability_scale(elapsed[fit], stability[fit], observed[fit])
    a, b = fit_recalibration(predicted[fit], observed[fit])
    later = elapsed[held] >= 1
    scaled = np.where(later, _forgetting(elapsed[held], stability[held] * scale), predicted[held])
    recalibrated = _sigmoid(a + b * _logit(predicted[held]))
    mean = float(observed[fit].mean())
    return FsrsFit(cut, len(reviews) - cut, scale, a, b, _log_loss_array(predicted[held], observed[held]),
                   _log_loss_array(scaled, observed[held]), _log_loss_array(recalibrated, observed[held]),
                   _log_loss_array(np.full(len(reviews) - cut, mean), observed[held]))


# ---------------------------------------------------------------- the replay


@dataclass(frozen=True, slots=True)
class Prediction:
    """One prediction made before an answer, and what the answer showed."""

    predictor: Predictor
    when: datetime
    predicted: float
    observed: bool
    #: an FSRS card's whole days since its last review, and its stability before the answer
    elapsed_days: int | None = None
    stability: float | None = None


@dataclass
class _ObservedReplay(replay.LearnerReplay):
    """A learner's replay that notes each prediction before the answer it predicts."""

    predictions: list[Prediction] = field(default_factory=list)

    def rate(self, attempt: NewAttempt, attempt_id: int, deals: dict[tuple[str, str], replay._Deal],
             dealt: skills.Deal, key: str) -> None:
        when = attempt.created_at
        first = skills.result_of(attempt, rated=False, deal=dealt, key=key)
        if when is not None and first is not None and attempt.mode is not AttemptMode.LESSON:
            deal_card = self.cards.get(memory.deal_card_key(first.key))
            if deal_card is not None:
                self._recall(Predictor.FSRS_DEALS, deal_card.state, when, first.correct)
            for combo in attempt.results:
                combo_card = self.cards.get(memory.combo_card_key(combo.type))
                if combo_card is not None:
                    self._recall(Predictor.FSRS_COMBOS, combo_card.state, when, bool(combo.right))
        super().rate(attempt, attempt_id, deals, dealt, key)

    def _recall(self, predictor: Predictor, card: memory.CardState, when: datetime, right: bool) -> None:
        elapsed = None if card.last_review is None else max(0, (when - card.last_review).days)
        self.predictions.append(Prediction(predictor, when, card.retrievability(when), right, elapsed,
                                           card.stability))

    def _rate(self, result: skills.RatedResult, when: datetime, deals: dict[tuple[str, str], replay._Deal]) -> None:
        # The ratings as the replay holds them before the answer, read as LearnerReplay._rate reads them.
        before, rated, updated_at = self.ratings.get(result.skill, (ratings.NEWCOMER, 0, when))
        held = deals.get((result.skill.value, result.key)) if result.shared else None
        deal: Rating = held.rating if held else ratings.prior_rating(result.skill, result.deal)
        deal_updated = held.updated_at if held else (when if result.shared else None)
        _after, _deal_after, chance = ratings.rate_answer(result, before, rated, updated_at, deal, deal_updated, when)
        self.predictions.append(Prediction(Predictor.GLICKO, when, chance, result.correct))
        super()._rate(result, when, deals)


def _in_time_order(connection: sa.Connection, learner_ids: Iterable[int]
                   ) -> Iterator[tuple[int, int, NewAttempt]]:
    """Every learner's attempts as (learner, attempt id, attempt), all in one time order
    (each learner's read a chunk at a time by :mod:`trainer.rating.replay`, then merged)."""

    def of(learner_id: int) -> Iterator[tuple[datetime, int, int, NewAttempt]]:
        for attempt_id, attempt in itertools.chain.from_iterable(replay._attempts(connection, learner_id, None)):
            assert attempt.created_at is not None
            yield attempt.created_at, attempt_id, learner_id, attempt

    for _when, attempt_id, learner_id, attempt in heapq.merge(*(of(i) for i in learner_ids),
                                                              key=lambda row: (row[0], row[1])):
        yield learner_id, attempt_id, attempt


def predictions(connection: sa.Connection) -> tuple[list[Prediction], int, int]:
    """Every prediction of the recorded history, in time order, with the learners
    and the attempts replayed.  Reads only."""
    learner_ids = list(connection.execute(sa.select(Learner.id).order_by(Learner.id)).scalars())
    learners = {learner_id: _ObservedReplay(learner_id) for learner_id in learner_ids}
    deals: dict[tuple[str, str], replay._Deal] = {}
    answered = 0
    for learner_id, attempt_id, attempt in _in_time_order(connection, learner_ids):
        answered += 1
        deal = skills.answer_deal(attempt)
        if deal is not None:
            learners[learner_id].rate(attempt, attempt_id, deals, deal, skills.deal_key(deal))
    found = sorted((p for learner in learners.values() for p in learner.predictions), key=lambda p: p.when)
    return found, len(learner_ids), answered


# ---------------------------------------------------------------- the report


@dataclass(frozen=True, slots=True)
class Calibration:
    """The report: how many learners and answers were replayed, each predictor's
    figures, and FSRS's fit (None: too short a history, see :data:`MIN_FIT_REVIEWS`)."""

    learners: int
    answers: int
    predictors: tuple[PredictorCalibration, ...]
    fsrs_fit: FsrsFit | None

    def of(self, predictor: Predictor) -> PredictorCalibration:
        """The figures of one predictor."""
        return next(row for row in self.predictors if row.predictor is predictor)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON takes it, with the clip and the bins the figures used."""
        return {"learners": self.learners, "answers": self.answers, "clip": CLIP, "bins": BINS,
                "predictors": [row.to_dict() for row in self.predictors],
                "fsrs_fit": None if self.fsrs_fit is None else self.fsrs_fit.to_dict(),
                "fsrs_fit_needs": MIN_FIT_REVIEWS}


def calibration_of(found: Sequence[Prediction], learners: int = 0, answers: int = 0) -> Calibration:
    """The report on these predictions (in time order)."""
    fsrs = [p for p in found if p.predictor is not Predictor.GLICKO]
    groups = {
        Predictor.GLICKO: [p for p in found if p.predictor is Predictor.GLICKO],
        Predictor.FSRS: fsrs,
        Predictor.FSRS_DEALS: [p for p in fsrs if p.predictor is Predictor.FSRS_DEALS],
        Predictor.FSRS_COMBOS: [p for p in fsrs if p.predictor is Predictor.FSRS_COMBOS],
        Predictor.FSRS_LATER: [p for p in fsrs if (p.elapsed_days or 0) >= 1],
    }
    rows = tuple(PredictorCalibration.of(predictor, [p.predicted for p in group], [p.observed for p in group])
                 for predictor, group in groups.items())
    return Calibration(learners, answers, rows, fit_fsrs(fsrs))


def calibrate(connection: sa.Connection) -> Calibration:
    """Replay the database's history and report how the predictions came true (reads only)."""
    found, learners, answers = predictions(connection)
    return calibration_of(found, learners, answers)
