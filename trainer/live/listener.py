"""One listening PostgreSQL connection per process, feeding its hub.

The connection is its own (psycopg, autocommit), never one of the pool's:
waiting for notifications blocks a connection.  It is opened when the first
stream of the process opens, and reopened after any failure (a restarted
server, a dropped network) with a growing pause; after a reconnection every
stream is told to resync, since notifications sent meanwhile are lost
(PostgreSQL keeps none for a listener that is not there).
"""

from __future__ import annotations

import logging
import threading

import psycopg
from sqlalchemy.engine import make_url

from trainer.live.announce import CHANNEL, parse
from trainer.live.hub import HUB, Hub

LOG = logging.getLogger(__name__)
#: Seconds between looks at whether the listener should stop.
WAKE = 2.0
#: The longest pause before trying to reconnect, in seconds.
MAX_PAUSE = 10.0


def libpq_url(database_url: str) -> str:
    """A SQLAlchemy URL (``postgresql+psycopg://...``) as psycopg's own connection string.

    >>> libpq_url("postgresql+psycopg://crib:secret@127.0.0.1:5433/crib")
    'postgresql://crib:secret@127.0.0.1:5433/crib'
    """
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """``LISTEN`` on :data:`~trainer.live.announce.CHANNEL`, each notification published to ``hub``."""

    def __init__(self, database_url: str, hub: Hub = HUB) -> None:
        self.url = libpq_url(database_url)
        self.hub = hub
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Listen from now on (once; later calls do nothing)."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="live listener", daemon=True)
                self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        pause = 0.5
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    if not first:
                        self.hub.resync()
                    first, pause = False, 0.5
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=WAKE):
                            parsed = parse(note.payload)
                            if parsed is not None:
                                self.hub.publish(*parsed)
            except psycopg.Error as error:
                self.connected.clear()
                LOG.warning("live tables: listening failed (%s); trying again in %.1f s", error, pause)
                self._stop.wait(pause)
                pause = min(MAX_PAUSE, pause * 2)


_LISTENERS: dict[str, Listener] = {}
_LISTENERS_LOCK = threading.Lock()


def listen(database_url: str) -> Listener | None:
    """This process's listener for ``database_url``, started (None: not PostgreSQL, nothing to listen to)."""
    if make_url(database_url).get_backend_name() != "postgresql":
        return None
    with _LISTENERS_LOCK:
        listener = _LISTENERS.get(database_url)
        if listener is None:
            listener = _LISTENERS[database_url] = Listener(database_url)
    listener.start()
    return listener


def stop_listening(database_url: str) -> None:
    """Stop this process's listener for ``database_url`` (a database about to be dropped, in tests)."""
    with _LISTENERS_LOCK:
        listener = _LISTENERS.pop(database_url, None)
    if listener is not None:
        listener.stop()
