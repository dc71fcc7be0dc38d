"""What a stream URL names, and the stream's bytes on the wire.

A table's stream is ``/live/<key>``; the key is the table's own unguessable
token (never its row id), so nobody can follow a table they were not shown.
The body is chunked (``Transfer-Encoding: chunked``), one chunk an event, so
it passes proxies that keep HTTP/1.1 connections.
"""

from __future__ import annotations

import re

#: A stream's path: ``/live/`` and a key of 16 to 64 URL-safe characters.
PATH = re.compile(r"/live/([A-Za-z0-9_-]{16,64})")


def stream_key(path: str) -> str | None:
    """The table key a request path asks to follow (None: not a stream's path).

    >>> stream_key("/live/abcdefghijklmnopqrstuv"), stream_key("/live/short"), stream_key("/play/1")
    ('abcdefghijklmnopqrstuv', None, None)
    """
    match = PATH.fullmatch(path)
    return match.group(1) if match else None


#: The headers a stream opens with (no Server header, no caching, no proxy buffering).
HEADERS = (
    b"HTTP/1.1 200 OK\r\n"
    b"Content-Type: text/event-stream; charset=utf-8\r\n"
    b"Cache-Control: no-store\r\n"
    b"X-Accel-Buffering: no\r\n"
    b"X-Content-Type-Options: nosniff\r\n"
    b"Transfer-Encoding: chunked\r\n"
    b"\r\n"
)


def chunk(data: bytes) -> bytes:
    """``data`` as one chunk of a chunked body.

    >>> chunk(b"hello")
    b'5\\r\\nhello\\r\\n'
    """
    return b"%x\r\n%s\r\n" % (len(data), data)
