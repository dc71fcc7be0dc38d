"""Who may follow a live table's stream, and the stream for servers other than ``crib serve``'s waitress.

A stream opens only for a signed-in person at the table (:func:`admission`):
seated, or hosting, at the room or game whose live key the URL names
(:func:`trainer.room.rooms.at_table`).  Anyone else is refused with an ordinary
response that holds nothing open: 403 when nobody is signed in, 404 for a key
that is no table's or a table they are not at (the same answer, so keys cannot
be probed).  Within the hub's :class:`~trainer.live.hub.Limits` (so many streams
per account, per client address, and in the process, well below the server's
connections so pages and ``/healthz`` always answer), past one: 429, or 503 for
the process's budget.  A page whose stream is refused falls back to reloading
now and then (``static/live.js``).

The rule has this one home: ``crib serve`` answers ``/live/<key>`` in its
connections, holding no thread (:class:`trainer.web.waitress_server.StreamingChannel`),
and asks :func:`admit` first; a refusal it hands on to :func:`stream` (through
:data:`REFUSED`) to be worded like any page.  Under another WSGI server (the
development server, the browser tests' threaded one) :func:`stream` answers
everything itself, one thread per open stream, with the same events from the same hub.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Iterator

from flask import Blueprint, Flask, Response, current_app, g, render_template, request
from flask.typing import ResponseReturnValue

from trainer.language.i18n import gettext as _
from trainer.live.hub import HEARTBEAT, HUB, OPENING, PING, Full, Holder, Limits
from trainer.live.listener import listen
from trainer.live.stream import stream_key
from trainer.room import rooms
from trainer.web.learners import load_learner
from trainer.web.security import as_proxied

bp = Blueprint("live", __name__, url_prefix="/live")

#: The WSGI environ's entry in which ``crib serve``'s connection hands the view a refusal to word.
REFUSED = "trainer.live.refused"
#: The default limits (the app config's ``LIVE_STREAMS_PER_ACCOUNT``, ``LIVE_STREAMS_PER_ADDRESS``,
#: ``LIVE_STREAMS``): a person has a table or two open, in a few tabs; an address may be a household
#: or an office behind one router.
DEFAULT_LIMITS = Limits(per_account=8, per_address=32, total=500)


class Refusal(StrEnum):
    """Why a stream was not opened."""

    SIGN_IN = "sign-in"
    NO_TABLE = "no-table"
    TOO_MANY = "too-many"
    BUSY = "busy"

    @property
    def status(self) -> int:
        """The HTTP status that answers it."""
        return {"sign-in": 403, "no-table": 404, "too-many": 429, "busy": 503}[self.value]


@dataclass(frozen=True, slots=True)
class Admission:
    """A stream that may open: its table's key, who holds it, and the limits it opens within."""

    key: str
    holder: Holder
    limits: Limits


def _limits(total: int | None) -> Limits:
    config = current_app.config
    budget = int(config.get("LIVE_STREAMS", DEFAULT_LIMITS.total))
    return Limits(per_account=int(config.get("LIVE_STREAMS_PER_ACCOUNT", DEFAULT_LIMITS.per_account)),
                  per_address=int(config.get("LIVE_STREAMS_PER_ADDRESS", DEFAULT_LIMITS.per_address)),
                  total=budget if total is None else min(budget, total))


def admission(total: int | None = None) -> Admission | Refusal:
    """Whether this request (its learner loaded) may follow the table its path names;
    ``total``: the server's own budget of streams, when it has a smaller one."""
    key = stream_key(request.path)
    learner = g.get("learner")
    if learner is None:
        return Refusal.SIGN_IN
    if key is None or not rooms.at_table(learner.id, key):
        return Refusal.NO_TABLE
    return Admission(key, Holder(learner.id, request.remote_addr or "?"), _limits(total))


def admit(app: Flask, environ: dict[str, Any], total: int | None = None) -> Admission | Refusal:
    """:func:`admission` for a request the app has not seen (``crib serve``'s connection
    asks before it answers a stream itself): the learner read from its session as any
    page reads it, its address as the app sees it behind its trusted proxies."""
    with app.request_context(as_proxied(app, environ)):
        load_learner()
        return admission(total)


def refusal_for(full: Full) -> Refusal:
    """The refusal for a stream that would pass one of the hub's limits."""
    return Refusal.BUSY if full is Full.PROCESS else Refusal.TOO_MANY


def _refused(refusal: Refusal) -> ResponseReturnValue:
    if refusal is Refusal.NO_TABLE:
        title, message = _("Not found"), _("There is no page at that address.")
    elif refusal is Refusal.SIGN_IN:
        title, message = _("First sign in."), _("Only the people at a table can follow it: sign in, then open it again.")
    elif refusal is Refusal.TOO_MANY:
        title, message = _("Too many tables open"), _(
            "You are following too many tables at once. Close some of their pages, then reload this one.")
    else:
        title, message = _("The trainer is busy"), _(
            "Too many tables are being followed just now. The page will catch up when you reload it.")
    response = current_app.make_response((render_template("error.html", title=title, message=message),
                                           refusal.status))
    response.headers["Cache-Control"] = "no-store"
    return response


class QueueSink:
    """A stream whose events wait in a queue for the view's thread to send."""

    def __init__(self) -> None:
        self.events: queue.Queue[bytes | None] = queue.Queue(maxsize=100)
        self.ended = False

    def push(self, data: bytes) -> None:
        """Queue ``data``: a page too slow to take 100 events is dropped (it resyncs), never waited on."""
        if self.ended:
            raise ConnectionError("the stream has ended")
        self.events.put_nowait(data)

    def end(self) -> None:
        """End the stream (its thread stops at the next event)."""
        self.ended = True
        try:
            self.events.put_nowait(None)
        except queue.Full:
            pass


@bp.get("/<key>")
def stream(key: str) -> ResponseReturnValue:
    """The events of table ``key`` (see :mod:`trainer.live`), for the people at it."""
    handed_on = request.environ.get(REFUSED)
    if handed_on is not None:
        return _refused(Refusal(handed_on))
    verdict = admission()
    if isinstance(verdict, Refusal):
        return _refused(verdict)
    listen(current_app.config["SQLALCHEMY_DATABASE_URI"])
    sink = QueueSink()
    if request.method != "GET":  # HEAD: the body is never read, so the stream would never be closed
        return Response(mimetype="text/event-stream", headers={"Cache-Control": "no-store"})
    full = HUB.open(verdict.key, sink, verdict.holder, verdict.limits)
    if full is not None:
        return _refused(refusal_for(full))

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
            HUB.unsubscribe(verdict.key, sink)
            sink.ended = True

    response = Response(events(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response
