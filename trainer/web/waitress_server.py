"""waitress as ``crib serve`` runs it, alone or inside each gunicorn worker: bounded
bodies, and slow or idle clients that cannot hold the service.

waitress reads every request (headers and body) in its event loop and hands
it to a thread only once it is whole, so a client sending a byte a second
holds a connection, never a thread.  :class:`DeadlineChannel` also closes a
connection whose request is not whole ``request_timeout`` seconds after its
first byte, and an idle connection is closed after ``idle_timeout``.  A body
over :data:`MAX_BODY_BYTES` is answered 413 before it is read, a malformed
request (a broken chunked body, say) 400, by waitress itself.

A live table's stream (``/live/<key>``, :mod:`trainer.live`) is answered by
:class:`StreamingChannel` itself: its headers are written, the connection is
handed to the process's hub, and no thread waits on it; the hub writes each
version as it comes.  So hundreds of open tables take no threads from the pages.

Nothing here replaces a buffering reverse proxy on the open internet (see the
README): a client may still open up to ``connection_limit`` connections.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Sequence
from wsgiref.types import WSGIApplication

import waitress
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer

from trainer.live.hub import HUB, OPENING
from trainer.live.listener import listen
from trainer.live.stream import HEADERS, chunk, stream_key

#: The largest request body accepted (the trainer's forms are a few kilobytes).
MAX_BODY_BYTES = 1 << 20
#: Seconds a client has to send a whole request, headers and body, once it has begun.
REQUEST_TIMEOUT = 20
#: Seconds an idle connection (kept alive between requests, or never used) stays open.
IDLE_TIMEOUT = 30
#: Connections each process keeps open at most; more wait in the listen queue.
#: Every open table page holds one (its stream) besides the pages' own.
CONNECTION_LIMIT = 1000


@dataclass(frozen=True)
class ServerSettings:
    """How waitress serves: threads, and the limits on what clients send."""

    threads: int = 6
    request_timeout: float = REQUEST_TIMEOUT
    idle_timeout: float = IDLE_TIMEOUT
    max_body_bytes: int = MAX_BODY_BYTES
    connection_limit: int = CONNECTION_LIMIT
    #: Pass X-Forwarded-For and its kin to the app, which trusts as many proxies as
    #: CRIB_TRUSTED_PROXIES says (waitress drops them otherwise, so no client can claim an address).
    proxy_headers: bool = False

    def adjustments(self) -> dict[str, Any]:
        """waitress's settings (its "adjustments") for these."""
        return {
            "threads": self.threads,
            "ident": None,  # no Server header
            "max_request_body_size": self.max_body_bytes,
            "channel_timeout": self.idle_timeout,
            # How often idle connections are looked for: often enough to keep idle_timeout.
            "cleanup_interval": max(1, min(self.idle_timeout, 30) / 4),
            "connection_limit": self.connection_limit,
            "asyncore_use_poll": True,  # select() fails past 1024 descriptors
            "asyncore_loop_timeout": 1,  # the loop wakes each second, to close overdue requests
            "clear_untrusted_proxy_headers": not self.proxy_headers,
        }


class DeadlineChannel(HTTPChannel):  # type: ignore[misc]  # waitress publishes no types: HTTPChannel is Any
    """A connection that is closed when its request is not whole in time.

    waitress closes only idle connections; one that trickles a byte a second
    is never idle.  ``request_started`` is when the request being read got its
    first byte; the event loop asks :meth:`writable` on every turn, at least once
    a second, which is where an overdue request is dropped.
    """

    request_timeout: float = REQUEST_TIMEOUT
    request_started: float | None = None

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.request_started = time.monotonic()
        result: bool = super().received(data)
        if self.request is None:  # every request read so far is whole
            self.request_started = None
        return result

    def writable(self) -> bool:
        started = self.request_started
        if started is not None and time.monotonic() - started > self.request_timeout:
            self.request_started = None
            self.will_close = True  # handle_write closes the connection
        writable: bool = super().writable()
        return writable


class StreamingChannel(DeadlineChannel):
    """A connection that, asked for a live table's stream, becomes one.

    The request is answered here, in a task thread for a moment: the connection
    is subscribed to the hub and the stream's headers are queued, and the
    thread goes back to the pool.  From then on the hub writes events with
    :meth:`push` from whatever thread announces them, and the event loop sends
    them; the client closing the connection (or a failed write) ends the stream.
    """

    stream: str | None = None

    def service(self) -> None:
        requests: list[Any] = self.requests
        request = requests[0]
        key = None if request.error or request.command != "GET" else stream_key(request.path)
        if key is None:
            super().service()
            return
        self.stream = key  # first: from here on the event loop flushes under the lock (handle_write)
        with self.requests_lock:
            for queued in requests:
                queued.close()
            requests.clear()  # a stream answers its request for as long as it is open
        # Subscribed before the opening is sent, and both under the lock a push takes: a page that
        # has read ": open" hears every later version, and none comes before the headers.
        with self.outbuf_lock:  # reentrant (a Condition over an RLock): write_soon takes it again
            HUB.subscribe(key, self)
            self.write_soon(HEADERS + chunk(OPENING))
        self.server.pull_trigger()
        self.last_activity = time.time()

    def push(self, data: bytes) -> None:
        """Write ``data`` as a chunk of the stream (from any thread)."""
        self.write_soon(chunk(data))
        self.server.pull_trigger()

    def handle_write(self) -> None:
        # waitress flushes without the lock when no request is being answered, trusting that
        # only a task thread writes, and only while it answers; a stream is written by the
        # hub's threads (whose write_soon flushes too), so both sides must hold the lock or
        # the same bytes go out twice, or some never.
        if self.stream is None:
            super().handle_write()
            return
        with self.outbuf_lock:
            super().handle_write()

    def readable(self) -> bool:
        return self.stream is not None or super().readable()

    def handle_read(self) -> None:
        if self.stream is None:
            super().handle_read()
            return
        try:
            data = self.recv(self.adj.recv_bytes)
        except OSError:
            data = b""
        if not data:  # the page went away
            self.end()

    def end(self) -> None:
        """End the stream and its connection."""
        if self.stream is not None:
            HUB.unsubscribe(self.stream, self)
            self.stream = None
        self.will_close = True
        self.connected = False
        self.server.pull_trigger()

    def handle_close(self) -> None:
        if self.stream is not None:
            HUB.unsubscribe(self.stream, self)
            self.stream = None
        super().handle_close()


def create_server(app: WSGIApplication, settings: ServerSettings, *, sockets: Sequence[Any] = (),
                  host: str = "127.0.0.1", port: int = 5000, socket_map: dict[int, Any] | None = None,
                  database_url: str | None = None) -> Any:  # waitress publishes no types: its server is Any
    """A waitress server for ``app`` on ``sockets`` (listening already) or on ``host``:``port``;
    with a PostgreSQL ``database_url`` the process listens for other processes' moves too."""
    where: dict[str, Any] = {"sockets": list(sockets)} if sockets else {"host": host, "port": port}
    socket_map = {} if socket_map is None else socket_map
    server = waitress.create_server(app, map=socket_map, **where, **settings.adjustments())
    if database_url is not None:
        listen(database_url)
    channel = type("Channel", (StreamingChannel,), {"request_timeout": settings.request_timeout})
    for dispatcher in socket_map.values():  # one listening server per socket
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = channel
    return server
