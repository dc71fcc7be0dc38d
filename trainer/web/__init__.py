"""The web trainer: a Flask app factory and the production server.

Features are blueprints, registered in the order of :data:`BLUEPRINTS`; a
blueprint module exposes ``bp`` and, if it belongs in the top navigation,
``NAV = (endpoint, label)``.  To add a feature, write the module and add its
name to the list: the base layout's nav is built from it.

The database is created, or upgraded to the newest migration, when the app is
made, so ``crib serve`` on a fresh machine needs no setup step.
"""

from __future__ import annotations

import importlib
import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any, Mapping

import flask_migrate
from flask import Flask, flash, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError, CSRFProtect
from platformdirs import user_data_path

from trainer.models import db, migrate
from trainer.web import security
from trainer.web.converters import CONVERTERS

#: The checkout (or editable install) root: templates/ and migrations/ live here.
PROJECT_ROOT = Path(__file__).resolve().parents[2]
TEMPLATES_DIR = PROJECT_ROOT / "templates"
MIGRATIONS_DIR = PROJECT_ROOT / "migrations"
STATIC_DIR = Path(__file__).resolve().parent / "static"

#: Feature blueprints, in navigation order.  Add yours here.
BLUEPRINTS = (
    "trainer.web.learners",
    "trainer.web.show",
    "trainer.web.pegging",
    "trainer.web.discard",
    "trainer.web.review",
    "trainer.web.lessons",
    "trainer.web.play",
    "trainer.web.solitaire",
)

csrf = CSRFProtect()


def data_dir() -> Path:
    """The per-user folder holding the database and the session key."""
    path = user_data_path("cribbage-trainer", appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _secret_key(folder: Path) -> str:
    """A key kept in the data folder, so sessions (the learner cookie) survive restarts."""
    path = folder / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _default_config() -> dict[str, Any]:
    url = os.environ.get("DATABASE_URL")
    secret = os.environ.get("SECRET_KEY")
    folder = None if url and secret else data_dir()
    return {
        "SQLALCHEMY_DATABASE_URI": url or f"sqlite:///{folder / 'trainer.sqlite3'}",
        "SECRET_KEY": secret or _secret_key(folder),
        # Set to 1 when the trainer is reached over HTTPS, so the cookie is never sent in clear.
        "SESSION_COOKIE_SECURE": os.environ.get("SESSION_COOKIE_SECURE", "") in ("1", "true", "yes"),
        # Where sign-in tries are counted: a store shared by every worker and host (redis://...).
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI", "memory://"),
        "TRUSTED_PROXIES": security.trusted_proxies(os.environ),  # proxies in front: whose address a client has
    }


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Make the app; ``test_config`` replaces the defaults (database URL, secret key...)."""
    app = Flask(__name__, template_folder=str(TEMPLATES_DIR), static_folder=str(STATIC_DIR))
    app.config.from_mapping(
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,  # a drill may sit open for a long time
        REVIEW_SPACING=5,  # a missed hand comes back after this many other attempts
        ACCOUNTS=False,  # personal profiles by name; True: sign-up and sign-in with passwords
    )
    app.config.from_mapping(_default_config() if test_config is None else test_config)

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS_DIR))
    csrf.init_app(app)
    security.init_app(app)

    app.url_map.converters.update(CONVERTERS)  # before the routes that use them
    nav: list[tuple[str, str]] = []
    for name in BLUEPRINTS:
        module = importlib.import_module(name)
        app.register_blueprint(module.bp)
        if getattr(module, "NAV", None):
            nav.append(module.NAV)
    app.config["NAV"] = tuple(nav)

    _register_error_pages(app)
    with app.app_context():
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR))
    return app


def _register_error_pages(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def forged_post(error: CSRFError):
        flash(
            "That form was out of date or did not come from this page, so nothing was changed. Please try again.",
            "error",
        )
        return redirect(_safe_back())

    @app.errorhandler(404)
    def not_found(error):
        return render_template("error.html", title="Not found", message="There is no page at that address."), 404

    @app.errorhandler(405)
    def wrong_method(error):
        flash("That page cannot be used that way; here is where to start.", "error")
        return redirect(url_for("learners.home"))

    @app.errorhandler(500)
    def server_error(error):  # pragma: no cover - the tests make sure this never happens
        message = "Sorry: please go back and try again."
        return render_template("error.html", title="Something went wrong", message=message), 500


def _safe_back() -> str:
    """The page the request came from when it is on this site, else home."""
    referrer = request.referrer or ""
    if referrer.startswith(request.host_url):
        return referrer
    return url_for("learners.home")


def serve(host: str = "127.0.0.1", port: int = 5000) -> None:
    """Serve the trainer with waitress (a production WSGI server)."""
    from waitress import serve as waitress_serve

    app = create_app()
    print(f"Cribbage trainer on http://{host}:{port}/  (database: {app.config['SQLALCHEMY_DATABASE_URI']})", flush=True)
    waitress_serve(app, host=host, port=port, threads=6)
