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
It opens only for the people at the table and within the limits
(:func:`trainer.web.live.admit`, asked before anything is written): at most
half the connection limit in streams (:attr:`ServerSettings.stream_budget`), so
pages and ``/healthz`` always have connections; a refusal is handed to the app,
which answers it like any page.  A stream whose client stops reading is dropped
once :data:`~trainer.live.hub.MAX_UNSENT` bytes wait for it: :meth:`StreamingChannel.push`
never waits on a slow client, so one cannot hold up the others' events.

Nothing here replaces a buffering reverse proxy on the open internet (see the
README): a client may still open up to ``connection_limit`` connections.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Sequence

import waitress
from flask import Flask
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer
from waitress.task import WSGITask

from trainer.live.hub import HUB, MAX_UNSENT, OPENING
from trainer.live.listener import listen
from trainer.live.stream import HEADERS, chunk, stream_key
from trainer.web import live

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

    @property
    def stream_budget(self) -> int:
        """Live streams each process holds at most: half its connections, the rest for pages."""
        return max(1, self.connection_limit // 2)

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


class RefusalTask(WSGITask):  # type: ignore[misc]  # waitress publishes no types: WSGITask is Any
    """The app's answer to a request, told (in its environ) the stream refusal it is to word."""

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        refusal = getattr(self.channel, "refusal", None)
        if refusal is not None:
            environ[live.REFUSED] = refusal.value
        return environ


class StreamingChannel(DeadlineChannel):
    """A connection that, asked for a live table's stream, becomes one.

    The request is answered here, in a task thread for a moment: the connection
    is subscribed to the hub and the stream's headers are queued, and the
    thread goes back to the pool.  From then on the hub writes events with
    :meth:`push` from whatever thread announces them, and the event loop sends
    them; the client closing the connection (or a failed write) ends the stream.
    """

    stream: str | None = None
    #: The streams this server's processes hold at most (:attr:`ServerSettings.stream_budget`, set
    #: by :func:`create_server` as the app is).
    stream_budget: int
    #: The app itself (waitress's server holds it wrapped in its own proxy-header middleware).
    app: Flask
    #: The refusal the request being answered by the app is to word (None: not a refused stream).
    refusal: live.Refusal | None = None
    task_class = RefusalTask

    def service(self) -> None:
        requests: list[Any] = self.requests
        request = requests[0]
        key = None if request.error or request.command != "GET" else stream_key(request.path)
        if key is None:
            super().service()
            return
        verdict = live.admit(self.app, self.task_class(self, request).get_environment(), self.stream_budget)
        if isinstance(verdict, live.Admission):
            self.stream = key  # first: from here on the event loop flushes under the lock (handle_write)
            # Opened before the opening is sent, and both under the lock a push takes: a page that
            # has read ": open" hears every later version, and none comes before the headers.
            with self.outbuf_lock:  # reentrant (a Condition over an RLock): write_soon takes it again
                full = HUB.open(key, self, verdict.holder, verdict.limits)
                if full is None:
                    self.write_soon(HEADERS + chunk(OPENING))
            if full is None:
                with self.requests_lock:
                    for queued in requests:
                        queued.close()
                    requests.clear()  # a stream answers its request for as long as it is open
                self.server.pull_trigger()
                self.last_activity = time.time()
                return
            self.stream = None
            verdict = live.refusal_for(full)
        self.refusal = verdict  # the app words it, as an ordinary response that holds nothing open
        try:
            super().service()
        finally:
            self.refusal = None

    def push(self, data: bytes) -> None:
        """Write ``data`` as a chunk of the stream (from any thread, never waiting): raises
        :class:`BufferError` when the client has left too much unread (the hub then drops it)."""
        with self.outbuf_lock:
            if self.total_outbufs_len > MAX_UNSENT:
                raise BufferError("the page is not reading its stream")
            # Below MAX_UNSENT, far under waitress's high watermark, write_soon never waits.
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


def create_server(app: Flask, settings: ServerSettings, *, sockets: Sequence[Any] = (),
                  host: str = "127.0.0.1", port: int = 5000, socket_map: dict[int, Any] | None = None,
                  database_url: str | None = None) -> Any:  # waitress publishes no types: its server is Any
    """A waitress server for ``app`` on ``sockets`` (listening already) or on ``host``:``port``;
    with a PostgreSQL ``database_url`` the process listens for other processes' moves too."""
    where: dict[str, Any] = {"sockets": list(sockets)} if sockets else {"host": host, "port": port}
    socket_map = {} if socket_map is None else socket_map
    server = waitress.create_server(app, map=socket_map, **where, **settings.adjustments())
    if database_url is not None:
        listen(database_url)
    channel = type("Channel", (StreamingChannel,), {"request_timeout": settings.request_timeout,
                                                     "stream_budget": settings.stream_budget, "app": app})
    for dispatcher in socket_map.values():  # one listening server per socket
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = channel
    return server
