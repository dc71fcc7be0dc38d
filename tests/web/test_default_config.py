"""``default_config``: what the environment gives is used as given, the rest is kept in the data folder."""

from pathlib import Path

import pytest

import trainer.web
from trainer.web import default_config


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The per-user data folder, redirected to a temporary one."""
    monkeypatch.setattr(trainer.web, "data_dir", lambda: tmp_path)
    return tmp_path


def test_with_a_database_and_a_key_given_the_data_folder_is_not_used(monkeypatch):
    def no_folder() -> Path:
        raise AssertionError("the data folder was made although nothing is kept there")

    monkeypatch.setattr(trainer.web, "data_dir", no_folder)
    config = default_config({"DATABASE_URL": "postgresql://crib:pw@db/crib", "SECRET_KEY": "k" * 64})
    assert config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://crib:pw@db/crib"
    assert config["SECRET_KEY"] == "k" * 64


def test_with_nothing_given_the_database_and_the_key_live_in_the_data_folder(folder):
    config = default_config({})
    assert config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{folder / 'trainer.sqlite3'}"
    assert config["SECRET_KEY"] == (folder / "secret_key").read_text().strip()
    assert default_config({})["SECRET_KEY"] == config["SECRET_KEY"]  # kept, not made anew


def test_a_given_database_with_the_key_kept_in_the_folder(folder):
    config = default_config({"DATABASE_URL": "sqlite:////srv/crib.sqlite3"})
    assert config["SQLALCHEMY_DATABASE_URI"] == "sqlite:////srv/crib.sqlite3"
    assert config["SECRET_KEY"] == (folder / "secret_key").read_text().strip()


def test_a_given_key_with_the_database_in_the_folder(folder):
    config = default_config({"SECRET_KEY": "s" * 64})
    assert config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{folder / 'trainer.sqlite3'}"
    assert config["SECRET_KEY"] == "s" * 64
    assert not (folder / "secret_key").exists()


def test_a_bad_database_url_is_refused_with_a_message(folder):
    with pytest.raises(ValueError, match="DATABASE_URL is not a database URL"):
        default_config({"DATABASE_URL": "mysql thing"})
