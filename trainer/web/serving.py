"""``crib serve`` and ``crib db upgrade``: the trainer behind a production WSGI server.

One process (the default) is waitress with ``threads`` threads.  Several
(``workers`` > 1) are gunicorn worker processes where gunicorn runs (POSIX);
elsewhere they become more waitress threads in one process.  Either way the
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
from dataclasses import dataclass
from typing import Any, Iterator, Mapping

import waitress
from flask import Flask
from sqlalchemy.exc import SQLAlchemyError

from trainer.database import db
from trainer.web import create_app, database_revision, default_config, masked_url, upgrade_database

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


def serve_config(options: ServeOptions, environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The app's settings for ``crib serve``: the environment's, and the mode (see the module docstring)."""
    config = default_config(environ)
    if options.accounts is not None:
        config["ACCOUNTS"] = options.accounts
    else:
        config.setdefault("ACCOUNTS", not is_loopback(options.host))
    return config


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
    if options.workers > 1 and gunicorn_server is not None:
        _announce(app, host, options.port, f"{options.workers} worker processes x {options.threads} threads")
        _close_connections(app)  # each worker opens its own
        worker_config = {**config, "MIGRATE_ON_START": False}  # migrated above, once
        gunicorn_server.run(functools.partial(open_app, worker_config), f"{host}:{options.port}",
                            options.workers, options.threads)
        return
    logging.basicConfig()  # waitress's own warnings (a full task queue...) on stderr, as waitress.serve does
    threads = options.workers * options.threads
    try:
        server = waitress.create_server(app, host=options.host, port=options.port, threads=threads,
                                        ident=None)  # ident=None: no Server header
    except OSError as error:
        raise ValueError(f"cannot listen on {host}:{options.port}: {error.strerror or error}") from None
    _announce(app, host, options.port, f"{threads} threads")
    if options.workers > 1:
        print("gunicorn does not run on this system, so the workers are threads of one process", flush=True)
    server.run()


def _announce(app: Flask, host: str, port: int, processes: str) -> None:
    database = masked_url(app.config["SQLALCHEMY_DATABASE_URI"])
    mode = "accounts with passwords" if app.config["ACCOUNTS"] else "personal profiles"
    print(f"Cribbage trainer on http://{host}:{port}/  (database: {database}; {mode}; {processes})", flush=True)


def _close_connections(app: Flask) -> None:
    with app.app_context():
        db.engine.dispose()


@contextmanager
def _reaching(where: str) -> Iterator[None]:
    """A database error inside becomes a one-line ValueError naming the (masked) database."""
    try:
        yield
    except SQLAlchemyError as error:
        cause = getattr(error, "orig", None) or error  # the driver's own message, without SQL and links
        lines = str(cause).strip().splitlines()
        raise ValueError(f"cannot use the database {where}: {lines[0] if lines else type(cause).__name__}") from None
