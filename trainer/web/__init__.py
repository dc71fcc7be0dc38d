"""The web trainer: the Flask app factory, its configuration and its database.

Features are blueprints, registered in the order of :data:`BLUEPRINTS`; a
blueprint module exposes ``bp`` and, if it belongs in the top navigation,
``NAV = (endpoint, label)``.  To add a feature, write the module and add its
name to the list: the base layout's nav is built from it.

The database is created, or upgraded to the newest migration, when the app is
made, so ``crib serve`` on a fresh machine needs no setup step.  Processes
starting together take turns (:func:`migration_lock`), so the schema is
migrated once; ``MIGRATE_ON_START=False`` (``CRIB_MIGRATE=0``) leaves it to
``crib db upgrade``.  Nothing is kept per process: the session key comes from
``SECRET_KEY`` or the shared data folder, so any number of workers (see
:mod:`trainer.web.serving`) and hosts can serve the same learners.
"""

from __future__ import annotations

import importlib
import os
import secrets
from contextlib import contextmanager, nullcontext
from datetime import timedelta
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, ContextManager, Iterator, Mapping, NoReturn
from urllib.parse import urlsplit

import flask_migrate
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from filelock import FileLock
from flask import Flask, Request, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError, CSRFProtect
from limits import parse as parse_limit
from platformdirs import user_data_path
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from werkzeug.exceptions import HTTPException, InternalServerError, NotFound
from werkzeug.routing import RequestRedirect

from trainer.database import WRITE_LOCK_FIRST, db, migrate, transient
from trainer.language import i18n
from trainer.language.i18n import N_
from trainer.language.i18n import gettext as _
from trainer.live.announce import deliver_after_commit
from trainer.rating.placement import TARGET_CHANCE
from trainer.resources import content_dir
from trainer.web import health, language, learners, security
from trainer.web.converters import CONVERTERS

#: templates/ and migrations/: at the top of a checkout, inside the package once installed.
TEMPLATES_DIR = content_dir("templates")
MIGRATIONS_DIR = content_dir("migrations")
STATIC_DIR = Path(str(files(__package__) / "static"))

#: Feature blueprints, in navigation order.  Add yours here.
BLUEPRINTS = (
    "trainer.web.learners",
    "trainer.web.show",
    "trainer.web.pegging",
    "trainer.web.discard",
    "trainer.web.review",
    "trainer.web.progress", "trainer.web.daily", "trainer.web.checkup",
    "trainer.web.lessons",
    "trainer.web.play",
    "trainer.web.rooms",
    "trainer.web.solitaire",
    "trainer.web.settings",
)

#: Blueprints of every page's frame, with no navigation entry: registered after the
#: features, so the language switch's hook runs once the learners' has set g.learner.
FRAME_BLUEPRINTS = ("trainer.web.language",)

#: Blueprints for machines rather than learners (no navigation entry).
SERVICE_BLUEPRINTS = ("trainer.web.health", "trainer.web.live")

#: The PostgreSQL advisory lock that starting processes queue on to migrate
#: one at a time: any fixed 64-bit number ("crib" in ASCII).
MIGRATION_LOCK_KEY = 0x63726962

csrf = CSRFProtect()


def data_dir() -> Path:
    """The per-user folder holding the database and the session key; ValueError,
    with a one-line message naming it, when it cannot be made."""
    path = user_data_path("cribbage-trainer", appauthor=False)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(_folder_problem(path, error)) from None
    return path


def _folder_problem(folder: Path, error: OSError) -> str:
    """One line saying that ``folder`` cannot be used, why, and what to do."""
    return (f"cannot use the data folder {folder}: {error.strerror or error}; make it writable,"
            " or set XDG_DATA_HOME to another folder (or DATABASE_URL and SECRET_KEY)")


def shared_secret_key(folder: Path) -> str:
    """The session key kept in ``folder``, made by the first process that needs it.

    Every process and restart using the folder reads the same key, so the
    learner's cookie survives restarts and works with every worker.  Hosts
    that do not share the folder must share ``SECRET_KEY`` instead.
    """
    path = folder / "secret_key"
    try:
        with FileLock(folder / "secret_key.lock"):  # two first starts must not each write their own key
            if not path.exists():
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(descriptor, "w") as key_file:
                    key_file.write(secrets.token_hex(32))
            return path.read_text().strip()
    except OSError as error:
        raise ValueError(_folder_problem(folder, error)) from None


def env_flag(environ: Mapping[str, str], name: str, default: bool) -> bool:
    """The yes/no setting ``name`` of ``environ``: 1/0, true/false, yes/no or on/off.

    >>> env_flag({"CRIB_MIGRATE": "0"}, "CRIB_MIGRATE", True), env_flag({}, "CRIB_MIGRATE", True)
    (False, True)
    >>> env_flag({"CRIB_MIGRATE": "maybe"}, "CRIB_MIGRATE", True)
    Traceback (most recent call last):
    ValueError: CRIB_MIGRATE must be 1 or 0 (or true/false, yes/no, on/off), not 'maybe'
    """
    value = environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be 1 or 0 (or true/false, yes/no, on/off), not {environ[name]!r}")


def database_url(text_url: str) -> str:
    """``DATABASE_URL`` checked, with ``postgres://`` and ``postgresql://`` sent to psycopg 3 (the driver shipped).

    >>> database_url("postgresql://crib:secret@db.example/crib")
    'postgresql+psycopg://crib:secret@db.example/crib'
    >>> database_url("mysql thing")
    Traceback (most recent call last):
    ValueError: DATABASE_URL is not a database URL (such as sqlite:///path/to/file.sqlite3 or postgresql://user:password@host/name): 'mysql thing'
    """
    try:
        url = make_url(text_url)
    except ArgumentError:
        raise ValueError(
            "DATABASE_URL is not a database URL (such as sqlite:///path/to/file.sqlite3 or"
            f" postgresql://user:password@host/name): {text_url!r}"
        ) from None
    if url.drivername in ("postgres", "postgresql"):
        url = url.set(drivername="postgresql+psycopg")
    return url.render_as_string(hide_password=False)


def masked_url(text_url: str) -> str:
    """A database URL fit to print: its password replaced by ``***``.

    >>> masked_url("postgresql+psycopg://crib:secret@127.0.0.1/crib")
    'postgresql+psycopg://crib:***@127.0.0.1/crib'
    """
    return make_url(text_url).render_as_string(hide_password=True)


def default_config(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The app's settings as ``crib serve`` takes them from the environment.

    ``DATABASE_URL`` (default: SQLite in the per-user data folder),
    ``SECRET_KEY`` (default: a key kept in that folder), ``SESSION_COOKIE_SECURE``,
    ``CRIB_TRUSTED_PROXIES``, ``CRIB_TRUSTED_HOSTS`` (the host names the trainer answers to, by commas:
    any other ``Host`` header is refused), ``CRIB_MIGRATE`` (0: do not migrate at start),
    ``CRIB_ACCOUNTS`` (1: sign-up and sign-in with passwords), the limits on
    tries ``CRIB_SIGN_IN_LIMIT``, ``CRIB_SIGN_IN_NAME_LIMIT``, ``CRIB_SIGN_UP_LIMIT``,
    ``CRIB_ROOM_LIMIT`` and ``CRIB_INVITATION_LIMIT`` (the playroom's tables and links), ``CRIB_PHRASE_LIMIT``
    (the phrases a person says at tables), the live streams a process holds at most ``CRIB_LIVE_STREAMS``,
    ``CRIB_LIVE_STREAMS_PER_ACCOUNT`` and ``CRIB_LIVE_STREAMS_PER_ADDRESS`` (see :mod:`trainer.web.live`),
    and ``CRIB_RATING_TARGET`` (the chance of success the drills deal for).
    """
    url = environ.get("DATABASE_URL")
    database = database_url(url) if url else None
    secret = environ.get("SECRET_KEY")
    if database is None or not secret:  # the data folder keeps what the environment does not give
        folder = data_dir()
        database = database or f"sqlite:///{folder / 'trainer.sqlite3'}"
        secret = secret or shared_secret_key(folder)
    config = {
        "SQLALCHEMY_DATABASE_URI": database,
        "SECRET_KEY": secret,
        # Set to 1 when the trainer is reached over HTTPS, so the cookie is never sent in clear.
        "SESSION_COOKIE_SECURE": env_flag(environ, "SESSION_COOKIE_SECURE", False),
        "TRUSTED_PROXIES": security.trusted_proxies(environ),  # proxies in front: whose address a client has
        "MIGRATE_ON_START": env_flag(environ, "CRIB_MIGRATE", True),
    }
    hosts = [host.strip() for host in environ.get("CRIB_TRUSTED_HOSTS", "").split(",") if host.strip()]
    if hosts:
        config["TRUSTED_HOSTS"] = hosts  # Flask answers 400 to a request naming any other host
    if environ.get("CRIB_ACCOUNTS", "").strip():
        config["ACCOUNTS"] = env_flag(environ, "CRIB_ACCOUNTS", False)
    for setting in ("SIGN_IN_LIMIT", "SIGN_IN_NAME_LIMIT", "SIGN_UP_LIMIT", "ROOM_LIMIT", "INVITATION_LIMIT",
                    "PHRASE_LIMIT"):  # "10/minute", "50/hour"...
        if environ.get(f"CRIB_{setting}", "").strip():
            config[setting] = rate_limit(environ, f"CRIB_{setting}")
    for setting in ("LIVE_STREAMS", "LIVE_STREAMS_PER_ACCOUNT", "LIVE_STREAMS_PER_ADDRESS"):
        if environ.get(f"CRIB_{setting}", "").strip():
            config[setting] = stream_limit(environ, f"CRIB_{setting}")
    if environ.get("CRIB_RATING_TARGET", "").strip():
        config["RATING_TARGET"] = rating_target(environ.get("CRIB_RATING_TARGET", ""))
    return config


def rating_target(text: str) -> float:
    """``CRIB_RATING_TARGET``: the chance of success the drills deal for, from 0.5 to 0.95.

    >>> rating_target("0.8")
    0.8
    >>> rating_target("80%")
    Traceback (most recent call last):
    ...
    ValueError: CRIB_RATING_TARGET must be a chance from 0.5 to 0.95, such as 0.75, not '80%'
    """
    try:
        target = float(text)
    except ValueError:
        target = -1.0
    if not 0.5 <= target <= 0.95:
        raise ValueError(f"CRIB_RATING_TARGET must be a chance from 0.5 to 0.95, such as 0.75, not {text!r}")
    return target


def stream_limit(environ: Mapping[str, str], name: str) -> int:
    """The limit ``name`` of ``environ`` on live streams, checked: a whole number from 1.

    >>> stream_limit({"CRIB_LIVE_STREAMS_PER_ADDRESS": "64"}, "CRIB_LIVE_STREAMS_PER_ADDRESS")
    64
    >>> stream_limit({"CRIB_LIVE_STREAMS": "lots"}, "CRIB_LIVE_STREAMS")
    Traceback (most recent call last):
    ...
    ValueError: CRIB_LIVE_STREAMS must be how many live streams, a whole number from 1, not 'lots'
    """
    text = environ.get(name, "").strip()
    if not (text.isdecimal() and int(text) >= 1):
        raise ValueError(f"{name} must be how many live streams, a whole number from 1, not {text!r}")
    return int(text)


def rate_limit(environ: Mapping[str, str], name: str) -> str:
    """The limit ``name`` of ``environ``, checked: so many tries per so long.

    >>> rate_limit({"CRIB_SIGN_IN_LIMIT": "5/minute"}, "CRIB_SIGN_IN_LIMIT")
    '5/minute'
    >>> rate_limit({"CRIB_SIGN_IN_LIMIT": "lots"}, "CRIB_SIGN_IN_LIMIT")
    Traceback (most recent call last):
    ValueError: CRIB_SIGN_IN_LIMIT must be so many tries per so long, such as 10/minute or 50/hour, not 'lots'
    """
    text = environ[name].strip()
    try:
        parse_limit(text)
    except ValueError:
        raise ValueError(f"{name} must be so many tries per so long, such as 10/minute or 50/hour, not {text!r}") from None
    return text


class TrainerApp(Flask):
    """The Flask app, its routing redirects (a missing slash: ``/review`` to
    ``/review/``) sent as a path on this site: werkzeug would build an absolute
    URL from the request's Host header, which the client writes, so a forged
    one would send the learner to the forger's site."""

    def raise_routing_exception(self, request: Request) -> NoReturn:
        """Raise the request's routing error, a redirect's address made a path (and query)."""
        error = request.routing_exception
        if isinstance(error, RequestRedirect):
            parts = urlsplit(error.new_url)
            path = security.local_path(parts.path + (f"?{parts.query}" if parts.query else ""))
            if path is None:  # nothing this site would redirect to (an address of 3,000 characters)
                raise NotFound()
            raise RequestRedirect(path)
        super().raise_routing_exception(request)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Make the app; ``test_config`` replaces the defaults (database URL, secret key...)."""
    app = TrainerApp(__name__, template_folder=str(TEMPLATES_DIR), static_folder=str(STATIC_DIR))
    app.config.from_mapping(
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,  # a drill may sit open for a long time
        RATING_TARGET=TARGET_CHANCE,  # the drills deal where the learner's chance of success is about this
        ACCOUNTS=False,  # personal profiles by name; True: sign-up and sign-in with passwords
        MIGRATE_ON_START=True,  # False: the schema is migrated by `crib db upgrade`
        # A connection that the database dropped (a restart, an idle timeout) is replaced, not used.
        SQLALCHEMY_ENGINE_OPTIONS={"pool_pre_ping": True},
    )
    app.config.from_mapping(default_config() if test_config is None else test_config)

    db.init_app(app)
    deliver_after_commit()  # a live table's SQLite announcements reach this process's streams at commit
    with app.app_context():
        health.discard_broken_connections(db.engine)
    migrate.init_app(app, db, directory=str(MIGRATIONS_DIR))
    csrf.init_app(app)
    security.init_app(app)
    language.init_app(app)

    app.url_map.converters.update(CONVERTERS)  # before the routes that use them
    nav: list[tuple[str, str]] = []
    for name in BLUEPRINTS:
        module = importlib.import_module(name)
        app.register_blueprint(module.bp)
        if getattr(module, "NAV", None):
            nav.append(module.NAV)
    app.config["NAV"] = tuple(nav)
    for name in FRAME_BLUEPRINTS:
        app.register_blueprint(importlib.import_module(name).bp)
    for name in SERVICE_BLUEPRINTS:
        module = importlib.import_module(name)
        csrf.exempt(module.bp)
        app.register_blueprint(module.bp)

    _register_error_pages(app)
    _lock_sqlite_for_writes(app)
    if app.config["MIGRATE_ON_START"]:
        upgrade_database(app)
    return app


def upgrade_database(app: Flask) -> None:
    """Upgrade the app's database to the newest migration, once however many processes start together.

    A database already at the newest is left alone without taking the lock or
    loading the migrations (a start, or a test's app, costs a query, not 20 ms)."""
    current, head = database_revision(app)
    if current is not None and current == head:
        return
    with app.app_context(), migration_lock(db.engine):
        flask_migrate.upgrade(directory=str(MIGRATIONS_DIR))


@cache
def newest_revision() -> str | None:
    """The newest migration's revision (read from the migration scripts once a process)."""
    return ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()


def migration_lock(engine: Engine) -> ContextManager[object]:
    """Held around a migration, so processes starting together on one database take turns.

    The first upgrades the schema; the others then find it current and do
    nothing.  PostgreSQL: an advisory lock on a connection of its own.  SQLite:
    a lock file next to the database file.  An in-memory database needs none.
    """
    if engine.dialect.name == "postgresql":
        return _advisory_lock(engine, MIGRATION_LOCK_KEY)
    if engine.dialect.name == "sqlite":
        path = _sqlite_file(engine.url)
        if path is not None and path.parent.is_dir():  # else connecting fails, with SQLite's own message
            lock = Path(f"{path}.migrate-lock")
            lock.touch(exist_ok=True)  # an unwritable folder fails here, at once (FileLock would wait on it)
            return FileLock(lock)
    return nullcontext()


@contextmanager
def _advisory_lock(engine: Engine, key: int) -> Iterator[None]:
    with engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT")  # the lock, not a transaction, is held
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": key})
        try:
            yield
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})


def _sqlite_file(url: URL) -> Path | None:
    """The file of an SQLite URL; None for an in-memory database."""
    name = url.database or ""
    if name in ("", ":memory:") or name.startswith("file:"):
        return None
    return Path(name)


def database_revision(app: Flask) -> tuple[str | None, str | None]:
    """The app's database's migration revision (None before the first) and the newest one."""
    with app.app_context(), db.engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    return current, newest_revision()


def _lock_sqlite_for_writes(app: Flask) -> None:
    """A request that writes (a POST) begins its SQLite transactions with the write
    lock (see :func:`trainer.database._sqlite_begin`), from its very first query
    (its session is read before any view), so the WSGI app is wrapped."""
    inner = app.wsgi_app

    def wsgi_app(environ: dict[str, Any], start_response: Any) -> Any:
        token = WRITE_LOCK_FIRST.set(environ.get("REQUEST_METHOD") == "POST")
        try:
            return inner(environ, start_response)
        finally:
            WRITE_LOCK_FIRST.reset(token)

    app.wsgi_app = wsgi_app  # type: ignore[method-assign]


def _register_error_pages(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def forged_post(error: CSRFError) -> ResponseReturnValue:
        # The CSRF check is the request's first hook: who is practising, and so the page's language, are not known yet.
        learners.load_learner()
        with i18n.language(language.chosen_language()):
            flash(_("That form was out of date or did not come from this page, so nothing was changed."
                    " Please try again."), "error")
        return redirect(_safe_back())

    @app.errorhandler(404)
    def not_found(error: HTTPException) -> tuple[str, int]:
        return render_template(
            "error.html", title=_("Not found"), message=_("There is no page at that address.")
        ), 404

    @app.errorhandler(405)
    def wrong_method(error: HTTPException) -> ResponseReturnValue:
        flash(_("That page cannot be used that way; here is where to start."), "error")
        return redirect(url_for("learners.home"))

    @app.errorhandler(SQLAlchemyError)
    def database_error(error: SQLAlchemyError) -> ResponseReturnValue:
        if not transient(error):
            raise error  # a fault: Flask logs it with its traceback and answers with server_error
        cause = error.orig if isinstance(error, DBAPIError) else error
        app.logger.warning("%s %s answered 503, the database away: %s", request.method, request.path,
                           (str(cause).strip().splitlines() or [type(cause).__name__])[0])
        return _database_away()

    @app.errorhandler(500)
    def server_error(error: InternalServerError) -> ResponseReturnValue:
        if error.original_exception is not None and transient(error.original_exception):
            return _database_away()  # raised by another error page (the CSRF one reads the learner)
        return _error_page(N_("Something went wrong"), N_("Sorry: please go back and try again."), 500)


def _database_away() -> ResponseReturnValue:
    """503 for a database away for a moment (:func:`trainer.database.transient`): a lock held
    too long, a connection lost to a restart.  Not retried here: a request may have committed
    part of its work before it failed (a try counted, a move announced), so running it again
    is not safe; the one safe retry, a pooled connection found dead before the request used
    it, the pool makes itself (``pool_pre_ping``)."""
    page, status = _error_page(
        N_("Try again in a moment"),
        N_("The trainer could not reach its records just now. Please wait a moment, then try again."),
        503,
        again=security.local_path(request.full_path.rstrip("?")) if request.method == "GET" else None,
    )
    return page, status, {"Retry-After": "5"}


def _error_page(title: str, message: str, status: int, again: str | None = None) -> tuple[str, int]:
    """An error page that a failed database cannot fail in turn: the request's failed
    transaction is rolled back first (the frame reads the learner's settings, which a
    session left failed answers with PendingRollbackError), and if the database still
    cannot be read the frame is drawn as for a visitor, reading nothing.  ``title`` and
    ``message`` are English (marked ``N_``), put in the page's language here: a request
    that failed reading who is signed in failed before its language was chosen."""
    _drop_transaction()
    if "language_token" not in g:
        language.speak_chosen_language()
    reading = WRITE_LOCK_FIRST.set(False)  # the page only reads: it must not wait again for SQLite's write lock
    try:
        return render_template("error.html", title=_(title), message=_(message), again=again), status
    except SQLAlchemyError:
        _drop_transaction()
        g.learner = None
        return render_template("error.html", title=_(title), message=_(message), again=again), status
    finally:
        WRITE_LOCK_FIRST.reset(reading)


def _drop_transaction() -> None:
    try:
        db.session.rollback()
    except SQLAlchemyError:  # the connection itself is broken: closed, not returned to the pool
        db.session().invalidate()


def _safe_back() -> str:
    """The path of the page the request came from when it is on this site, else home.

    A path, never the referrer whole: the Host header that says what "this site"
    is comes from the client, so a forged one must not turn this into a redirect
    to the forger's site."""
    return learners.referring_page() or url_for("learners.home")
