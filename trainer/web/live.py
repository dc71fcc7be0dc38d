"""Live tables' streams for servers other than ``crib serve``'s waitress.

``crib serve`` answers ``/live/<key>`` in its connections, holding no thread
(:class:`trainer.web.waitress_server.StreamingChannel`).  Under another WSGI
server (the development server, the browser tests' threaded one) this view
answers it instead, one thread per open stream, with the same events from
the same hub.
"""

from __future__ import annotations

import queue
from typing import Iterator

from flask import Blueprint, Response, abort, current_app, request

from trainer.live.hub import HEARTBEAT, HUB, OPENING, PING
from trainer.live.listener import listen
from trainer.live.stream import stream_key

bp = Blueprint("live", __name__, url_prefix="/live")


class QueueSink:
    """A stream whose events wait in a queue for the view's thread to send."""

    def __init__(self) -> None:
        self.events: queue.Queue[bytes | None] = queue.Queue(maxsize=100)
        self.ended = False

    def push(self, data: bytes) -> None:
        if self.ended:
            raise ConnectionError("the stream has ended")
        self.events.put_nowait(data)  # a page too slow to take 100 events is dropped: it resyncs

    def end(self) -> None:
        self.ended = True
        try:
            self.events.put_nowait(None)
        except queue.Full:
            pass


@bp.get("/<key>")
def stream(key: str) -> Response:
    """The events of table ``key`` (see :mod:`trainer.live`)."""
    if stream_key(request.path) is None:
        abort(404)
    listen(current_app.config["SQLALCHEMY_DATABASE_URI"])
    sink = QueueSink()
    HUB.subscribe(key, sink)

    def events() -> Iterator[bytes]:
        try:
            yield OPENING
            while not sink.ended:
                try:
                    data = sink.events.get(timeout=HEARTBEAT)
                except queue.Empty:
                    data = PING
                if data is None:
                    return
                yield data
        finally:
            HUB.unsubscribe(key, sink)
            sink.ended = True

    response = Response(events(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response
