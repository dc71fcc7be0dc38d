"""A process's open streams, by table, and what is sent down them.

A stream is any :class:`Sink`: the waitress connection of ``crib serve``
(:mod:`trainer.web.waitress_server`), which keeps no thread while it waits,
or the queue of the Flask view other servers use (:mod:`trainer.web.live`).
The hub is told of versions by the announcer (SQLite) or the PostgreSQL
listener and writes each to the sinks of that table; a sink that fails is
dropped.  Every :data:`HEARTBEAT` seconds each stream gets a comment line, so
idle-connection timeouts and proxies leave it open and a dead client is found.

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
from typing import Protocol

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


#: What a stream is told when its versions may have been missed (the listener reconnected).
RESYNC = b"event: resync\ndata: {}\n\n"
#: What a stream is sent first: how soon to reconnect, and that it is open.
OPENING = f"retry: {RETRY_MS}\n: open\n\n".encode()
#: The heartbeat line.
PING = b": ping\n\n"


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

    def subscribe(self, key: str, sink: Sink) -> None:
        """Open ``sink`` as a stream of table ``key``."""
        with self._lock:
            self._streams[key].add(sink)
            if self._heartbeat is None:
                self._heartbeat = threading.Thread(target=self._beat, name="live heartbeat", daemon=True)
                self._heartbeat.start()

    def unsubscribe(self, key: str, sink: Sink) -> None:
        with self._lock:
            streams = self._streams.get(key)
            if streams is not None:
                streams.discard(sink)
                if not streams:
                    del self._streams[key]

    def count(self, key: str | None = None) -> int:
        """Open streams (of table ``key``, or all)."""
        with self._lock:
            if key is not None:
                return len(self._streams.get(key, ()))
            return sum(len(streams) for streams in self._streams.values())

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
