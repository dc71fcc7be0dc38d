"""``crib serve`` and ``crib db upgrade``: the trainer behind a production WSGI server.

One process (the default) is waitress with ``threads`` threads.  Several
(``workers`` > 1) are gunicorn worker processes where gunicorn runs (POSIX),
each serving with waitress; elsewhere they become more waitress threads in one
process.  Either way requests are read whole before a thread sees them, with
the limits of :mod:`trainer.web.waitress_server` (bodies, slow clients), the
database is migrated once, before serving, and no ``Server`` banner is sent.

Server mode (accounts with passwords) is the default whenever the trainer
listens beyond this machine; ``--accounts``/``--personal`` or
``CRIB_ACCOUNTS`` decide otherwise.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import os
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Iterator, Mapping

from flask import Flask
from sqlalchemy.exc import SQLAlchemyError

from trainer.database import db
from trainer.web import create_app, database_revision, default_config, masked_url, upgrade_database, waitress_server
from trainer.web.waitress_server import ServerSettings

try:
    from trainer.web import gunicorn_server
except ImportError:  # gunicorn runs on POSIX only
    gunicorn_server = None  # type: ignore[assignment]


@dataclass(frozen=True)
class ServeOptions:
    """How ``crib serve`` was asked to run."""

    host: str = "127.0.0.1"
    port: int = 5000
    workers: int = 1
    threads: int = 6
    accounts: bool | None = None  # None: CRIB_ACCOUNTS, else accounts unless on loopback
    #: seconds a client has to send a whole request once it has begun
    request_timeout: float = waitress_server.REQUEST_TIMEOUT


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` lets only this machine in.

    >>> [is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "[::1]", "127.8.0.1")]
    [True, True, True, True, True]
    >>> [is_loopback(h) for h in ("0.0.0.0", "", "::", "192.168.1.5", "example.org")]
    [False, False, False, False, False]
    """
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:  # a host name other than localhost may resolve to anything
        return False


#: The shortest SECRET_KEY accepted with accounts: it signs the cookies and the form tokens.
MIN_SECRET_KEY_LENGTH = 32


def serve_config(options: ServeOptions, environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The app's settings for ``crib serve``: the environment's, and the mode (see the module docstring).

    ValueError for a ``SECRET_KEY`` shorter than :data:`MIN_SECRET_KEY_LENGTH` with accounts."""
    config = default_config(environ)
    if options.accounts is not None:
        config["ACCOUNTS"] = options.accounts
    else:
        config.setdefault("ACCOUNTS", not is_loopback(options.host))
    problem = secret_key_problem(config["SECRET_KEY"])
    if problem and config["ACCOUNTS"]:
        raise ValueError(problem)
    return config


def secret_key_problem(key: str) -> str | None:
    """What is wrong with a session key too short to keep cookies and form tokens from being forged.

    >>> secret_key_problem("0123456789abcdef" * 4) is None
    True
    >>> print(secret_key_problem("x"))
    SECRET_KEY has 1 character; use at least 32 random ones, such as the output of: python -c "import secrets; print(secrets.token_hex(32))"
    """
    if len(key) >= MIN_SECRET_KEY_LENGTH:
        return None
    count = f"{len(key)} character{'s' if len(key) != 1 else ''}"
    return (f"SECRET_KEY has {count}; use at least {MIN_SECRET_KEY_LENGTH} random ones, such as the output of:"
            ' python -c "import secrets; print(secrets.token_hex(32))"')


def open_app(config: Mapping[str, Any]) -> Flask:
    """The app on ``config``'s database, migrated unless ``MIGRATE_ON_START`` is off.

    Raises ValueError, with a one-line message and the password masked, when
    the database cannot be reached or is not at the newest migration.
    """
    where = masked_url(config["SQLALCHEMY_DATABASE_URI"])
    with _reaching(where):
        app = create_app(config)
        current, head = database_revision(app)
    if current != head:
        raise ValueError(
            f"the database {where} is at migration {current or '(none)'}, not the newest, {head}:"
            " run `crib db upgrade` (or start without CRIB_MIGRATE=0)"
        )
    return app


def upgrade(environ: Mapping[str, str] = os.environ) -> str:
    """Migrate the configured database to the newest schema (``crib db upgrade``); says what it did."""
    config = {**default_config(environ), "MIGRATE_ON_START": False}
    where = masked_url(config["SQLALCHEMY_DATABASE_URI"])
    with _reaching(where):
        app = create_app(config)
        try:
            before, _ = database_revision(app)
            upgrade_database(app)
            after, _ = database_revision(app)
        finally:
            _close_connections(app)
    if before == after:
        return f"{where}: already at the newest migration, {after}"
    return f"{where}: migrated from {before or 'an empty database'} to {after}"


def serve(options: ServeOptions, environ: Mapping[str, str] = os.environ) -> None:
    """Serve the trainer as ``options`` says until stopped."""
    config = serve_config(options, environ)
    app = open_app(config)
    host = f"[{options.host}]" if ":" in options.host else options.host
    settings = ServerSettings(threads=options.threads, request_timeout=options.request_timeout,
                              proxy_headers=bool(config.get("TRUSTED_PROXIES")))
    if options.workers > 1 and gunicorn_server is not None:
        _announce(app, host, options.port, f"{options.workers} worker processes x {options.threads} threads")
        _warn_if_exposed(options, config)
        _close_connections(app)  # each worker opens its own
        worker_config = {**config, "MIGRATE_ON_START": False}  # migrated above, once
        gunicorn_server.run(functools.partial(open_app, worker_config), f"{host}:{options.port}",
                            options.workers, settings)
        return
    logging.basicConfig()  # waitress's own warnings (a full task queue...) on stderr, as waitress.serve does
    settings = replace(settings, threads=options.workers * options.threads)
    try:
        server = waitress_server.create_server(app, settings, host=options.host, port=options.port,
                                               database_url=config["SQLALCHEMY_DATABASE_URI"])
    except OSError as error:
        raise ValueError(f"cannot listen on {host}:{options.port}: {error.strerror or error}") from None
    _announce(app, host, options.port, f"{settings.threads} threads")
    _warn_if_exposed(options, config)
    if options.workers > 1:
        print("gunicorn does not run on this system, so the workers are threads of one process", flush=True)
    server.run()


def exposure_warning(options: ServeOptions, config: Mapping[str, Any]) -> str | None:
    """What to say when the trainer listens beyond this machine with no proxy said to be in front.

    >>> exposure_warning(ServeOptions(), {}) is None
    True
    >>> print(exposure_warning(ServeOptions(host="0.0.0.0"), {"TRUSTED_PROXIES": 0}))
    Warning: listening on 0.0.0.0 with no reverse proxy in front (CRIB_TRUSTED_PROXIES is not set). On the open internet put a buffering reverse proxy (nginx, Caddy) with HTTPS in front and set CRIB_TRUSTED_PROXIES=1 and SESSION_COOKIE_SECURE=1: see the README's section on security.
    """
    if is_loopback(options.host) or config.get("TRUSTED_PROXIES"):
        return None
    return (
        f"Warning: listening on {options.host or 'every address'} with no reverse proxy in front"
        " (CRIB_TRUSTED_PROXIES is not set). On the open internet put a buffering reverse proxy (nginx, Caddy)"
        " with HTTPS in front and set CRIB_TRUSTED_PROXIES=1 and SESSION_COOKIE_SECURE=1:"
        " see the README's section on security."
    )


def _warn_if_exposed(options: ServeOptions, config: Mapping[str, Any]) -> None:
    """Print what is unsafe about how the trainer was started (what is dangerous was refused already)."""
    warning = exposure_warning(options, config)
    if warning:
        print(warning, flush=True)
    key_problem = secret_key_problem(config["SECRET_KEY"])  # refused with accounts: personal mode here
    if key_problem:
        print(f"Warning: {key_problem}", flush=True)


def _announce(app: Flask, host: str, port: int, processes: str) -> None:
    database = masked_url(app.config["SQLALCHEMY_DATABASE_URI"])
    mode = "accounts with passwords" if app.config["ACCOUNTS"] else "personal profiles"
    print(f"Cribbage trainer on http://{host}:{port}/  (database: {database}; {mode}; {processes})", flush=True)


def _close_connections(app: Flask) -> None:
    with app.app_context():
        db.engine.dispose()


@contextmanager
def _reaching(where: str) -> Iterator[None]:
    """A database error inside, or a file of it that cannot be made, becomes a
    one-line ValueError naming the (masked) database and what to do."""
    advice = ("; check that its folder exists and that this user may write there, or set DATABASE_URL to another"
              if where.startswith("sqlite") else "")
    try:
        yield
    except SQLAlchemyError as error:
        cause = getattr(error, "orig", None) or error  # the driver's own message, without SQL and links
        lines = str(cause).strip().splitlines()
        raise ValueError(f"cannot use the database {where}: {lines[0] if lines else type(cause).__name__}{advice}") \
            from None
    except OSError as error:
        raise ValueError(f"cannot use the database {where}: {error.strerror or error} ({error.filename}){advice}") \
            from None
