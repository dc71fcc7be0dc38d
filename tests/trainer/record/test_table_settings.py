"""The table settings kept per learner (trainer.record.table_settings): the defaults
for nobody, every setting kept and read back, and a value written by hand that names
no speed read as the default."""

from __future__ import annotations

from dataclasses import fields

from sqlalchemy import update

from trainer import database
from trainer.database import db
from trainer.record import learners
from trainer.record.models import Learner
from trainer.record.table_settings import DEFAULTS, Animation, TableSettings, save_settings, settings_of


def test_nobody_and_an_unknown_learner_have_the_defaults(app):
    with app.app_context():
        assert settings_of(None) == DEFAULTS
        assert settings_of(10**9) == DEFAULTS
        assert save_settings(10**9, TableSettings(sound=True)) is False


def test_the_defaults_are_quiet_and_plain():
    assert DEFAULTS == TableSettings(sound=False, four_colour=False, animation=Animation.NORMAL, coach=False,
                                     say_go=False, spoken_count=False)


def test_every_setting_is_kept_and_read_back_apart_from_the_others(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True).id
        database.commit()
        assert settings_of(ann) == DEFAULTS
        for field in fields(TableSettings):
            changed = Animation.OFF if field.name == "animation" else True
            chosen = TableSettings(**{field.name: changed})
            assert save_settings(ann, chosen)
            database.commit()
            assert settings_of(ann) == chosen, field.name


def test_a_speed_that_names_nothing_reads_as_the_default(app):
    with app.app_context():
        ann = learners.learner_by_name("Ann", create=True).id
        save_settings(ann, TableSettings(animation=Animation.FAST, coach=True))
        db.session.execute(update(Learner).where(Learner.id == ann).values(animation="warp"))
        database.commit()
        assert settings_of(ann) == TableSettings(animation=DEFAULTS.animation, coach=True)
