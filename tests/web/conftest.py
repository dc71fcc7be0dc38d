"""Fixtures for the web trainer: ``app``, ``client`` and ``learner``.

``learner`` is a :class:`LearnerActions` already signed in as "Ann"; use
``learner.new("Bob")`` for another profile and ``learner.post(url, data)``
to send a form with a real CSRF token (CSRF protection stays on in tests,
so forged posts can be tested too).
"""

from __future__ import annotations

import re
import shutil

import pytest

from trainer.models import db
from trainer.web import create_app

CSRF_PATTERN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


def _test_config(path) -> dict:
    return {"TESTING": True, "SECRET_KEY": "test secret", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory):
    """A database upgraded to the newest migration once per session; each test
    gets a copy (migrating from scratch costs a quarter second a test)."""
    path = tmp_path_factory.mktemp("template") / "trainer.sqlite3"
    app = create_app(_test_config(path))
    with app.app_context():
        db.engine.dispose()
    return path


@pytest.fixture
def app(tmp_path, migrated_database):
    path = tmp_path / "trainer.sqlite3"
    shutil.copyfile(migrated_database, path)
    app = create_app(_test_config(path))
    yield app
    with app.app_context():  # close the pooled SQLite connections of this test's database
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(html: str) -> str:
    """The CSRF token of the first form in a page."""
    match = CSRF_PATTERN.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1) or match.group(2)


class LearnerActions:
    """Acts as a learner would: signs in by name, sends forms with their token."""

    def __init__(self, client):
        self.client = client
        self.name: str | None = None

    def token(self, page: str = "/") -> str:
        return csrf_token(self.client.get(page).get_data(as_text=True))

    def new(self, name: str = "Ann"):
        """Create (or pick) the profile ``name`` and sign in as it."""
        response = self.client.post("/", data={"name": name, "csrf_token": self.token()})
        assert response.status_code == 302, response.get_data(as_text=True)
        self.name = name
        return response

    def post(self, url: str, data: dict | None = None, page: str = "/", **kwargs):
        """POST ``data`` to ``url`` with a valid CSRF token taken from ``page``."""
        fields = {"csrf_token": self.token(page)}
        fields.update(data or {})
        return self.client.post(url, data=fields, **kwargs)


@pytest.fixture
def learner(client) -> LearnerActions:
    actions = LearnerActions(client)
    actions.new("Ann")
    return actions
