"""A process's open streams, by table, and what is sent down them.

A stream is any :class:`Sink`: the waitress connection of ``crib serve``
(:mod:`trainer.web.waitress_server`), which keeps no thread while it waits,
or the queue of the Flask view other servers use (:mod:`trainer.web.live`).
The hub is told of versions by the announcer (SQLite) or the PostgreSQL
listener and writes each to the sinks of that table; a sink that fails is
dropped.  Every :data:`HEARTBEAT` seconds each stream gets a comment line, so
idle-connection timeouts and proxies leave it open and a dead client is found.

A stream may be opened within :class:`Limits`: so many per account, so many
per client address, and so many in the process in all (well below the
server's connections, so pages and ``/healthz`` always have some); the count
and the opening are one step under the hub's lock, so a burst cannot overshoot.

>>> hub = Hub()
>>> got = []
>>> class Page:
...     def push(self, data): got.append(data)
...     def end(self): pass
>>> hub.subscribe("t1", Page())
>>> hub.publish("t1", Version(4, 1700000000.0))
1
>>> got[-1]
b'event: version\\ndata: {"version": 4, "at": 1700000000.0}\\n\\n'
"""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, TypeVar

#: Seconds between the comment lines that keep an idle stream open.
HEARTBEAT = 15.0
#: How soon a browser reconnects a dropped stream, in milliseconds (sent to it).
RETRY_MS = 2000


@dataclass(frozen=True, slots=True)
class Version:
    """A table's new version, and when (server time, seconds) it was announced."""

    version: int
    at: float

    def event(self) -> bytes:
        """The Server-Sent Event that tells a page of it."""
        return f'event: version\ndata: {json.dumps({"version": self.version, "at": self.at})}\n\n'.encode()


_T = TypeVar("_T", int, str)

#: What a stream is told when its versions may have been missed (the listener reconnected).
RESYNC = b"event: resync\ndata: {}\n\n"
#: What a stream is sent first: how soon to reconnect, and that it is open.
OPENING = f"retry: {RETRY_MS}\n: open\n\n".encode()
#: The heartbeat line.
PING = b": ping\n\n"


#: A stream whose unsent bytes pass this is dropped (its page resyncs when it reconnects):
#: a page that stops reading cannot make the process keep every later event for it.
MAX_UNSENT = 64 * 1024


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a stream: the account signed in and the client's address."""

    account: int
    address: str


@dataclass(frozen=True, slots=True)
class Limits:
    """How many streams may be open at once: per account, per client address, in the process."""

    per_account: int = 8
    per_address: int = 32
    total: int = 500


class Full(StrEnum):
    """Which limit a stream would pass."""

    ACCOUNT = "account"
    ADDRESS = "address"
    PROCESS = "process"


class Sink(Protocol):
    """One open stream."""

    def push(self, data: bytes) -> None:
        """Send ``data``; raise (any exception) when the client has gone."""
        ...

    def end(self) -> None:
        """End the stream (the hub no longer writes to it)."""
        ...


class Hub:
    """The streams of one process, by table key; safe to use from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: dict[str, set[Sink]] = defaultdict(set)
        self._heartbeat: threading.Thread | None = None
        self._stopping = threading.Event()
        self._holders: dict[Sink, Holder] = {}
        self._by_account: dict[int, int] = defaultdict(int)
        self._by_address: dict[str, int] = defaultdict(int)

    def subscribe(self, key: str, sink: Sink) -> None:
        """Open ``sink`` as a stream of table ``key`` (no limits: the pages' streams use :meth:`open`)."""
        with self._lock:
            self._add(key, sink)

    def open(self, key: str, sink: Sink, holder: Holder, limits: Limits) -> Full | None:
        """Open ``sink`` as ``holder``'s stream of table ``key`` unless that passes one of
        ``limits``: then nothing is opened and the limit is returned."""
        with self._lock:
            if self._total() >= limits.total:
                return Full.PROCESS
            if self._by_account[holder.account] >= limits.per_account:
                return Full.ACCOUNT
            if self._by_address[holder.address] >= limits.per_address:
                return Full.ADDRESS
            self._holders[sink] = holder
            self._by_account[holder.account] += 1
            self._by_address[holder.address] += 1
            self._add(key, sink)
            return None

    def _add(self, key: str, sink: Sink) -> None:
        self._streams[key].add(sink)
        if self._heartbeat is None:
            self._heartbeat = threading.Thread(target=self._beat, name="live heartbeat", daemon=True)
            self._heartbeat.start()

    def unsubscribe(self, key: str, sink: Sink) -> None:
        """Close ``sink``'s stream of table ``key`` (closed already: nothing happens)."""
        with self._lock:
            streams = self._streams.get(key)
            if streams is not None:
                streams.discard(sink)
                if not streams:
                    del self._streams[key]
            holder = self._holders.pop(sink, None)
            if holder is not None:
                self._release(self._by_account, holder.account)
                self._release(self._by_address, holder.address)

    @staticmethod
    def _release(counts: dict[_T, int], name: _T) -> None:
        counts[name] -= 1
        if counts[name] <= 0:  # a client gone leaves no entry behind
            del counts[name]

    def _total(self) -> int:
        return sum(len(streams) for streams in self._streams.values())

    def count(self, key: str | None = None) -> int:
        """Open streams (of table ``key``, or all)."""
        with self._lock:
            if key is not None:
                return len(self._streams.get(key, ()))
            return self._total()

    def publish(self, key: str, version: Version) -> int:
        """Tell every stream of table ``key`` its new version; returns how many were told."""
        return self._send(self._sinks(key), version.event())

    def resync(self) -> None:
        """Tell every stream that versions may have been missed, so its page checks."""
        self._send(self._sinks(None), RESYNC)

    def _sinks(self, key: str | None) -> list[tuple[str, Sink]]:
        with self._lock:
            if key is None:
                return [(k, sink) for k, sinks in self._streams.items() for sink in sinks]
            return [(key, sink) for sink in self._streams.get(key, ())]

    def _send(self, sinks: list[tuple[str, Sink]], data: bytes) -> int:
        sent = 0
        for key, sink in sinks:
            try:
                sink.push(data)
                sent += 1
            except Exception:  # the client went away: whatever the sink raised, the stream is over
                self.unsubscribe(key, sink)
                try:
                    sink.end()
                except Exception:  # closing a broken connection may fail too; it is gone either way
                    pass
        return sent

    def _beat(self) -> None:
        while not self._stopping.wait(HEARTBEAT):
            self._send(self._sinks(None), PING)


#: This process's hub.
HUB = Hub()
