"""Several worker processes under gunicorn (POSIX only: importing this fails elsewhere).

The master process migrates the database once, binds the address and forks
the workers; each worker makes its own app (its own connection pool), so
nothing is shared between processes but the database and the session key.
gunicorn supervises (a worker that dies is replaced at once); each worker
serves with waitress (:class:`WaitressWorker`), whose event loop reads whole
requests before a thread sees them, so slow clients hold no thread, bodies are
bounded and a malformed request is a 400 exactly as with one process.
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable

from flask import Flask
from gunicorn.app.base import BaseApplication
from gunicorn.workers.base import Worker
from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer

from trainer.web import waitress_server
from trainer.web.waitress_server import ServerSettings


class WorkerPool(BaseApplication):  # type: ignore[misc]  # gunicorn publishes no types: BaseApplication is Any
    """gunicorn serving the app that ``make_app`` makes, once in each worker."""

    def __init__(self, make_app: Callable[[], Flask], options: dict[str, Any], settings: ServerSettings):
        self.make_app = make_app
        self.options = options
        self.settings = settings
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.options.items():
            self.cfg.set(name, value)
        if "control_socket_disable" in self.cfg.settings:
            # gunicorn 24+ opens a control socket at one fixed path per user, which two servers would share.
            self.cfg.set("control_socket_disable", True)

    def load(self) -> Flask:
        return self.make_app()


class WaitressWorker(Worker):  # type: ignore[misc]  # gunicorn publishes no types: Worker is Any
    """A gunicorn worker whose connections waitress serves (see the module docstring).

    The loop turns at least once a second, telling the master the worker is
    alive and noticing a stop (SIGTERM) or a master that is gone.  On a stop it
    takes no more connections and turns on until the requests under way are
    answered and sent (for ``graceful_timeout`` seconds at most).
    """

    def run(self) -> None:
        settings: ServerSettings = self.app.settings  # self.app is our WorkerPool
        socket_map: dict[int, Any] = {}
        server = waitress_server.create_server(self.wsgi, settings, sockets=[s.sock for s in self.sockets],
                                               database_url=self.wsgi.config["SQLALCHEMY_DATABASE_URI"],
                                               socket_map=socket_map)
        while self.alive and self.ppid == os.getppid():
            self.notify()
            wasyncore.loop(timeout=1.0, map=socket_map, use_poll=True, count=1)
        for dispatcher in list(socket_map.values()):
            if isinstance(dispatcher, BaseWSGIServer):
                dispatcher.accepting = False
        deadline = time.monotonic() + self.cfg.graceful_timeout
        while _answering(socket_map) and time.monotonic() < deadline:
            self.notify()
            wasyncore.loop(timeout=0.1, map=socket_map, use_poll=True, count=1)
        server.task_dispatcher.shutdown(cancel_pending=True, timeout=1)


def _answering(socket_map: dict[int, Any]) -> bool:
    """Whether a connection has a request being answered, or an answer not yet sent."""
    return any(isinstance(channel, HTTPChannel) and (channel.requests or channel.total_outbufs_len)
               for channel in list(socket_map.values()))


def run(make_app: Callable[[], Flask], bind: str, workers: int, settings: ServerSettings) -> None:
    """Serve on ``bind`` (host:port) with ``workers`` processes of ``settings.threads`` threads until stopped."""
    options = {
        "bind": [bind],
        "workers": workers,
        "worker_class": WaitressWorker,
        "proc_name": "crib serve",
        "graceful_timeout": 10,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
    }
    WorkerPool(make_app, options, settings).run()
