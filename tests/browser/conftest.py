"""Browser fixtures: ``live_server`` (a real server on a random port with a
temporary database) and ``page`` (a Playwright page in Debian's headless
chromium).  Without chromium or Playwright the browser tests are skipped,
saying why.  ``live_server`` runs each test on SQLite, and the tests marked
``both_databases`` (the playroom, whose pages follow moves pushed through the
database) on PostgreSQL too (skipped, saying how to enable it, unless
``TEST_DATABASE_URL`` is set: see tests/databases.py).  The others test what the
page does, not what the database keeps: tests/web runs every page and plays
whole games on both databases, so the browser's PostgreSQL runs of them only
lengthened CI (34 of them, about 90 s).

Other features can reuse both: ``page.goto(live_server.url + "/...")``.  The
server deals from seeds and reads a fixed clock (:func:`tests.databases.deterministic_config`).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.databases import (  # noqa: F401
    DATABASES,
    app_for_test,
    close_app,
    deterministic_config,
    postgres_database,
    postgres_server,
)

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def pytest_configure(config):
    config.addinivalue_line("markers", "both_databases: a browser test run on PostgreSQL too (the playroom, "
                                       "whose pages follow moves pushed through the database)")


def pytest_collection_modifyitems(config, items):
    """Drop the PostgreSQL runs of the browser tests not marked ``both_databases``: they test the
    page, and tests/web runs every page on both databases; every browser test is ``slow``."""
    here = Path(__file__).parent
    kept, dropped = [], []
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.slow)
        on_postgres = getattr(item, "callspec", None) is not None and item.callspec.params.get("live_server") == "postgresql"
        (dropped if on_postgres and not item.get_closest_marker("both_databases") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@dataclass(frozen=True)
class LiveServer:
    url: str
    app: object


@pytest.fixture(params=DATABASES)
def live_server(request, tmp_path):
    if request.param == "postgresql":
        url = request.getfixturevalue("postgres_database").fresh()
    else:
        url = f"sqlite:///{tmp_path / 'browser.sqlite3'}"
    # Seeded deals and a fixed clock, as in tests/web: a failure is replayed by running the test again.
    app = app_for_test({"SECRET_KEY": "browser tests", "SQLALCHEMY_DATABASE_URI": url, **deterministic_config()})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://127.0.0.1:{server.server_port}", app)
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()
        close_app(app)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        pytest.skip("browser tests need Playwright for Python (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A fresh page (own cookies) in a phone-width window."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()
