"""Several worker processes under gunicorn (POSIX only: importing this fails elsewhere).

The master process migrates the database once and forks the workers; each
worker makes its own app (its own connection pool), so nothing is shared
between processes but the database and the session key.
"""

from __future__ import annotations

from typing import Any, Callable

from flask import Flask
from gunicorn.app.base import BaseApplication
from gunicorn.http import wsgi


class _QuietResponse(wsgi.Response):
    """gunicorn writes ``Server: gunicorn`` on every response and has no setting to stop it."""

    def default_headers(self) -> list[str]:
        return [line for line in super().default_headers() if not line.lower().startswith("server:")]


class WorkerPool(BaseApplication):
    """gunicorn serving the app that ``make_app`` makes, once in each worker."""

    def __init__(self, make_app: Callable[[], Flask], options: dict[str, Any]):
        self.make_app = make_app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.options.items():
            self.cfg.set(name, value)
        if "control_socket_disable" in self.cfg.settings:
            # gunicorn 24+ opens a control socket at one fixed path per user, which two servers would share.
            self.cfg.set("control_socket_disable", True)

    def load(self) -> Flask:
        return self.make_app()


def run(make_app: Callable[[], Flask], bind: str, workers: int, threads: int) -> None:
    """Serve on ``bind`` (host:port) with ``workers`` processes of ``threads`` threads until stopped."""
    wsgi.Response = _QuietResponse  # the workers are forked from here, so they build responses with it
    options = {
        "bind": [bind],
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        "proc_name": "crib serve",
        "graceful_timeout": 10,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
    }
    WorkerPool(make_app, options).run()
