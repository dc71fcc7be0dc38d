"""``crib calibration`` as a user runs it, on a small recorded history (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from engine.cards import Card, parse_cards
from tests.databases import app_config, app_for_test, close_app, postgres_database, postgres_server  # noqa: F401
from tests.web.conftest import database_url, migrated_database  # noqa: F401
from trainer import database
from trainer.cli import main
from trainer.database import db
from trainer.drills import grading
from trainer.drills.answers import Total
from trainer.drills.deal import ShowDeal
from trainer.rating import answers, calibration
from trainer.record import attempts, learners

NOW = datetime(2026, 12, 1, 12, 0)
HAND = ShowDeal(tuple(parse_cards("5H 5D JS 2C")), Card.parse("9S"), False)  # 7
OTHER = ShowDeal(tuple(parse_cards("AH 3D 7S 9C")), Card.parse("KD"), False)  # 0


@pytest.fixture
def app(database_url):  # noqa: F811
    """A test app on a migrated database of its own, SQLite and PostgreSQL (as tests/web/conftest.py's)."""
    app = app_for_test(app_config(database_url))
    yield app
    close_app(app)


def _history(app) -> list[float]:
    """Ann counts two hands, the first right and the second wrong, then the second right
    two days on: two rated first attempts, and the second's cards reviewed once.  The chances
    the live answers had."""
    chances = []
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True).id
        for deal, total, when in [(HAND, 7, NOW), (OTHER, 4, NOW + timedelta(minutes=5)),
                                  (OTHER, 0, NOW + timedelta(days=2))]:
            attempt = grading.grade_show(deal, grading.total_options(False), Total(total)).attempt
            attempt = replace(attempt, created_at=when)
            rated = answers.rate_attempt(ann, attempt, attempts.record_attempts(ann, [attempt])[0])
            database.commit()
            if rated.change is not None:
                chances.append(rated.change.chance)
        db.engine.dispose()
    return chances


def test_the_json_report_holds_the_figures(app, capsys, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "test secret")  # so the command keeps no key in the user's data folder
    chances = _history(app)
    assert main(["calibration", "--json", "--database", app.config["SQLALCHEMY_DATABASE_URI"]]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["learners"], report["answers"]) == (1, 3)
    rows = {row["predictor"]: row for row in report["predictors"]}
    assert list(rows) == [p.value for p in calibration.Predictor]
    glicko = rows["glicko2"]
    assert len(chances) == 2 and glicko["count"] == 2 and glicko["mean_observed"] == 0.5
    assert glicko["mean_predicted"] == pytest.approx(sum(chances) / 2)
    assert glicko["log_loss"] == pytest.approx(-(math.log(chances[0]) + math.log(1 - chances[1])) / 2)
    assert glicko["baseline_log_loss"] == pytest.approx(math.log(2)) and glicko["baseline_rmse_bins"] == 0.0
    assert rows["fsrs deal cards"]["count"] == 1 and rows["fsrs deal cards"]["mean_observed"] == 1.0
    assert rows["fsrs"]["count"] == rows["fsrs a day or more"]["count"] >= 1
    assert report["fsrs_fit"] is None and report["fsrs_fit_needs"] == calibration.MIN_FIT_REVIEWS
    with app.app_context():
        assert calibration.calibrate(db.session.connection()).to_dict() == report
        db.session.rollback()


def test_the_table_names_each_predictor_and_the_fit_not_made(app, capsys, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "test secret")
    _history(app)
    assert main(["calibration", "--database", app.config["SQLALCHEMY_DATABASE_URI"]]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 learner, 3 answers replayed"
    assert lines[2].split("  ")[0] == "predictor" and "log loss vs constant" in lines[2] and "beats?" in lines[2]
    glicko = next(line for line in lines if line.startswith("glicko2 "))
    assert glicko.split()[1] == "2" and glicko.split()[-1] in ("yes", "no")
    assert any(line.startswith("fsrs a day or more ") for line in lines)
    assert lines[-1] == f"FSRS fit: not made (it needs {calibration.MIN_FIT_REVIEWS:,} FSRS reviews)"
