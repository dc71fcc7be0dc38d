"""Fixtures for the web trainer: ``app``, ``client`` and ``learner``.

``app`` (and so ``client`` and ``learner``) runs each test twice, on SQLite and
on PostgreSQL (skipped, saying how to enable it, unless ``TEST_DATABASE_URL``
is set: see tests/databases.py); ``database_url`` is that test's database.

``server`` is ``app`` running with accounts; ``quick_hashes`` makes its
password hashes cheap.  ``learner`` is a :class:`LearnerActions` already signed in as "Ann"; use
``learner.new("Bob")`` for another profile and ``learner.post(url, data)``
to send a form with a real CSRF token (CSRF protection stays on in tests,
so forged posts can be tested too).
"""

from __future__ import annotations

import re
import shutil

import pytest

from tests.databases import (  # noqa: F401
    DATABASES,
    app_config,
    app_for_test,
    close_app,
    postgres_database,
    postgres_server,
)
from trainer.record import accounts
from trainer.web import create_app

CSRF_PATTERN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory):
    """An SQLite database upgraded to the newest migration once per session; each test
    gets a copy (migrating from scratch costs a quarter second a test)."""
    path = tmp_path_factory.mktemp("template") / "trainer.sqlite3"
    close_app(create_app(app_config(f"sqlite:///{path}")))
    return path


@pytest.fixture(params=DATABASES)
def database_url(request, tmp_path, migrated_database) -> str:
    """A migrated database of the test's own, with no rows: an SQLite file or a PostgreSQL database."""
    if request.param == "postgresql":
        return request.getfixturevalue("postgres_database").fresh()
    path = tmp_path / "trainer.sqlite3"
    shutil.copyfile(migrated_database, path)
    return f"sqlite:///{path}"


@pytest.fixture
def app(database_url):
    app = app_for_test(app_config(database_url))
    yield app
    close_app(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def quick_hashes(monkeypatch):
    """Scrypt at a sixteenth of the real cost: the same code, a test suite that does not crawl."""
    monkeypatch.setattr(accounts, "HASH_METHOD", "scrypt:2048:8:1")


@pytest.fixture
def server(app, quick_hashes):
    """The app running as a server with accounts."""
    app.config["ACCOUNTS"] = True
    return app


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


@pytest.fixture(params=DATABASES)
def database(request, tmp_path):
    """A new, empty database of the test's own (an SQLite file or a PostgreSQL database), for a
    server or a migration to create its tables in."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'trainer.sqlite3'}"
        return
    postgres = request.getfixturevalue("postgres_server")
    url = postgres.new_database("server")
    yield url
    postgres.drop(url)
