"""How well the predictions came true: the metrics on figures worked by hand, the
FSRS fit on histories drawn from a known curve, and a small recorded history
(SQLite and PostgreSQL) whose replayed predictions are the ones the live
answers made."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import datetime, timedelta

import numpy as np
import pytest
from sqlalchemy import func, select

from engine.cards import Card, parse_cards
from tests.databases import app_config, app_for_test, close_app, postgres_database, postgres_server  # noqa: F401
from tests.web.conftest import database_url, migrated_database  # noqa: F401
from trainer import database
from trainer.database import db
from trainer.drills import grading
from trainer.drills.answers import Total
from trainer.drills.deal import ShowDeal
from trainer.rating import answers, calibration, memory, ratings
from trainer.rating.calibration import (
    CLIP,
    MIN_FIT_REVIEWS,
    Prediction,
    Predictor,
    PredictorCalibration,
    calibration_of,
    fit_fsrs,
    fit_recalibration,
    fit_stability_scale,
    log_loss,
    rmse_bins,
)
from trainer.rating.glicko2 import expected_score
from trainer.rating.models import DealRating, LearnerRating, ReviewCard
from trainer.rating.skills import Skill, deal_key
from trainer.record import attempts, learners

NOW = datetime(2026, 12, 1, 12, 0)
HAND = ShowDeal(tuple(parse_cards("5H 5D JS 2C")), Card.parse("9S"), False)  # 2 + 2 + 2 + 1 = 7


@pytest.fixture
def app(database_url):  # noqa: F811
    """A test app on a migrated database of its own, SQLite and PostgreSQL (as tests/web/conftest.py's)."""
    app = app_for_test(app_config(database_url))
    yield app
    close_app(app)


# ---------------------------------------------------------------- the metrics


def test_log_loss_is_the_mean_negative_log_chance_of_what_happened():
    # -(ln 0.9 + ln 0.7 + ln 0.8) / 3, by hand: (0.10536 + 0.35667 + 0.22314) / 3
    assert log_loss([0.9, 0.3, 0.8], [True, False, True]) == pytest.approx(0.68517 / 3, abs=1e-5)
    assert log_loss([0.0], [False]) == pytest.approx(-math.log(1 - CLIP))  # clipped, not log(1) exactly
    assert log_loss([1.0], [False]) == pytest.approx(-math.log(CLIP))  # certainty missed: bounded


def test_rmse_bins_weighs_each_bins_gap_by_its_count():
    # bin 0.2-0.3: 0.25 and 0.25 predicted, 1 of 2 right: gap 0.25; bin 0.7-0.8: 0.7 three times, all right: gap 0.3
    predicted, observed = [0.25, 0.25, 0.7, 0.7, 0.7], [True, False, True, True, True]
    assert rmse_bins(predicted, observed) == pytest.approx(math.sqrt((2 * 0.25**2 + 3 * 0.3**2) / 5))
    assert rmse_bins([1.0, 0.0], [True, False]) == 0.0  # the ends fall in the end bins
    assert rmse_bins([0.25, 0.7], [False, True], bins=1) == pytest.approx(abs(0.475 - 0.5))  # one bin: the means


def test_metrics_refuse_nothing_or_a_mismatch():
    with pytest.raises(ValueError):
        log_loss([], [])
    with pytest.raises(ValueError):
        rmse_bins([0.5], [True, False])


def test_the_constant_baseline_predicts_the_observed_mean():
    row = PredictorCalibration.of(Predictor.GLICKO, [0.9, 0.3, 0.8, 0.6], [True, False, True, True])
    assert (row.count, row.mean_predicted, row.mean_observed) == (4, pytest.approx(0.65), 0.75)
    assert row.baseline_log_loss == pytest.approx(-(3 * math.log(0.75) + math.log(0.25)) / 4)
    assert row.baseline_rmse_bins == 0.0
    assert row.log_loss == pytest.approx(-(math.log(0.9) + math.log(0.7) + math.log(0.8) + math.log(0.6)) / 4)
    assert row.beats_baseline is (row.log_loss < row.baseline_log_loss) is True
    worse = PredictorCalibration.of(Predictor.GLICKO, [0.1, 0.9], [True, False])
    assert worse.beats_baseline is False
    empty = PredictorCalibration.of(Predictor.FSRS, [], [])
    assert empty.count == 0 and empty.log_loss is None and empty.beats_baseline is None
    assert empty.to_dict()["mean_predicted"] is None


# ---------------------------------------------------------------- fitting FSRS


def test_the_fits_forgetting_curve_is_the_schedulers():
    card = memory.review(None, memory.Grade.Good, NOW)
    for days in (1, 3, 10, 40):
        expected = card.retrievability(NOW + timedelta(days=days, hours=5))
        curve = calibration._forgetting(np.array([float(days)]), np.array([card.stability]))
        assert float(curve[0]) == pytest.approx(expected, rel=1e-12)


def _drawn(scale: float, count: int, seed: int) -> list[Prediction]:
    """Reviews of cards whose memories last ``scale`` times what their stability says."""
    rng = np.random.default_rng(seed)
    days = rng.integers(1, 30, count).astype(float)
    stability = rng.uniform(1, 20, count)
    truth = calibration._forgetting(days, stability * scale)
    recalled = rng.random(count) < truth
    predicted = calibration._forgetting(days, stability)
    return [Prediction(Predictor.FSRS_COMBOS, NOW + timedelta(minutes=i), float(p), bool(y), int(t), float(s))
            for i, (p, y, t, s) in enumerate(zip(predicted, recalled, days, stability))]


def test_the_stability_scale_is_found_from_reviews_drawn_with_it():
    reviews = _drawn(0.25, 20_000, seed=5)
    days = np.array([r.elapsed_days for r in reviews], dtype=float)
    stability = np.array([r.stability for r in reviews])
    recalled = np.array([r.observed for r in reviews])
    assert fit_stability_scale(days, stability, recalled) == pytest.approx(0.25, rel=0.1)
    assert fit_stability_scale(np.zeros(3), np.ones(3), np.array([True, False, True])) == 1.0  # nothing a day on


def test_a_recalibration_undoes_a_known_distortion():
    rng = np.random.default_rng(7)
    truth = rng.uniform(0.05, 0.95, 20_000)
    said = 1 / (1 + np.exp(-(2 * np.log(truth / (1 - truth)) + 1)))  # overconfident and too high
    intercept, slope = fit_recalibration(said, rng.random(20_000) < truth)
    assert slope == pytest.approx(0.5, abs=0.05) and intercept == pytest.approx(-0.5, abs=0.08)


def test_fsrs_is_fitted_on_the_earlier_reviews_and_judged_on_the_later():
    assert fit_fsrs(_drawn(0.25, MIN_FIT_REVIEWS - 1, seed=1)) is None
    fit = fit_fsrs(_drawn(0.25, 4000, seed=2))
    assert (fit.fitted_on, fit.held_out) == (2800, 1200)
    assert fit.stability_scale == pytest.approx(0.25, rel=0.2)
    assert fit.log_loss_scaled < fit.log_loss and fit.log_loss_recalibrated < fit.log_loss
    report = calibration_of(_drawn(1.0, 3000, seed=3))
    assert report.fsrs_fit is not None and report.fsrs_fit.stability_scale == pytest.approx(1.0, rel=0.2)
    assert report.of(Predictor.FSRS).count == report.of(Predictor.FSRS_COMBOS).count == 3000
    assert report.of(Predictor.GLICKO).count == 0


# ---------------------------------------------------------------- a recorded history


def _learner(name: str) -> int:
    learner = learners.learner_by_name(name, create=True)
    database.commit()
    return learner.id


def _answer(total: int, when: datetime, retry_of: int | None = None):
    """A count of HAND as the drill grades it, made at ``when``."""
    attempt = grading.grade_show(HAND, grading.total_options(False), Total(total), retry_of=retry_of).attempt
    return replace(attempt, created_at=when)


def _record(learner_id: int, attempt):
    """Record and rate an answer as a drill would: its id and what rating it did."""
    attempt_id = attempts.record_attempts(learner_id, [attempt])[0]
    rated = answers.rate_attempt(learner_id, attempt, attempt_id)
    database.commit()
    return attempt_id, rated


def _recalls(learner_id: int, attempt, when: datetime) -> list[tuple[float, bool]]:
    """The recall each of the learner's cards an answer reviews was predicted, read off the
    database before the answer, with its outcome: the deal's card first, then the combo types'."""
    deal = memory.deal_card_key(deal_key(HAND))
    held = memory.learner_cards(learner_id, [deal] + [memory.combo_card_key(c.type) for c in attempt.results])
    found = [(held[deal].retrievability(when), bool(attempt.correct))] if deal in held else []
    return found + [(held[key].retrievability(when), bool(c.right)) for c in attempt.results
                    if (key := memory.combo_card_key(c.type)) in held]


def test_the_replay_makes_the_predictions_the_live_answers_made(app):
    """Bob counts the hand right, then Ann (met first, so listed first) wrong an hour
    later: her chance holds Bob's answer, so the replay keeps one time order across
    learners.  Her retry 20 minutes on is reviewed the same day (a recall of 1, missed),
    and her count three days on is reviewed by FSRS's curve; neither is rated."""
    with app.app_context():
        ann, bob = _learner("Ann"), _learner("Bob")
        _, bobs = _record(bob, _answer(7, NOW))
        missed_id, anns = _record(ann, _answer(3, NOW + timedelta(hours=1)))
        assert anns.change.chance != expected_score(ratings.NEWCOMER, ratings.prior_rating(Skill.COUNT_HAND, HAND))
        retry = _answer(3, NOW + timedelta(hours=1, minutes=20), retry_of=missed_id)
        same_day = _recalls(ann, retry, retry.created_at)
        _, retried = _record(ann, retry)
        right = _answer(7, NOW + timedelta(days=3))
        later = _recalls(ann, right, right.created_at)
        _, again = _record(ann, right)
        assert retried.change is None and again.change is None  # reviewed, not rated
        kept = {model: db.session.scalar(select(func.count()).select_from(model))
                for model in (LearnerRating, DealRating, ReviewCard)}
        ann_rating = db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value)).rating

        found, learner_count, answered = calibration.predictions(db.session.connection())
        db.session.rollback()
        report = calibration.calibrate(db.session.connection())
        db.session.rollback()

        assert (learner_count, answered) == (2, 4) == (report.learners, report.answers)
        glicko = [(p.predicted, p.observed) for p in found if p.predictor is Predictor.GLICKO]
        # Bob's chance by hand: a newcomer against the deal's prior; Ann's as the live answer had it
        bobs_chance = expected_score(ratings.NEWCOMER, ratings.prior_rating(Skill.COUNT_HAND, HAND))
        assert bobs.change.chance == pytest.approx(bobs_chance)
        assert glicko == [(pytest.approx(bobs_chance), True), (pytest.approx(anns.change.chance), False)]
        row = report.of(Predictor.GLICKO)
        assert (row.count, row.mean_observed) == (2, 0.5)
        assert row.mean_predicted == pytest.approx((bobs_chance + anns.change.chance) / 2)
        assert row.log_loss == pytest.approx(-(math.log(bobs_chance) + math.log(1 - anns.change.chance)) / 2)

        assert same_day and all(p == 1.0 for p, _ in same_day)  # the same day: FSRS says certain
        recalls = [(p.predicted, p.observed) for p in found if p.predictor is not Predictor.GLICKO]
        assert recalls == [(pytest.approx(p), y) for p, y in same_day + later]
        assert 0 < later[0][0] < 1 and later[0][1] is True  # the deal's card, three days on, recalled
        fsrs = report.of(Predictor.FSRS)
        assert fsrs.count == len(same_day) + len(later)
        assert fsrs.mean_predicted == pytest.approx(sum(p for p, _ in same_day + later) / fsrs.count)
        assert report.of(Predictor.FSRS_DEALS).count == 2
        assert report.of(Predictor.FSRS_COMBOS).count == fsrs.count - 2
        assert report.of(Predictor.FSRS_LATER).count == len(later)
        assert report.fsrs_fit is None  # a few reviews, not a thousand

        # nothing was written
        assert {model: db.session.scalar(select(func.count()).select_from(model)) for model in kept} == kept
        assert db.session.get(LearnerRating, (ann, Skill.COUNT_HAND.value)).rating == ann_rating


def test_an_empty_history_has_nothing_to_judge(app):
    with app.app_context():
        report = calibration.calibrate(db.session.connection())
        db.session.rollback()
        assert (report.learners, report.answers) == (0, 0)
        assert all(row.count == 0 and row.log_loss is None for row in report.predictors)
        assert report.to_dict()["predictors"][0]["predictor"] == "glicko2"
