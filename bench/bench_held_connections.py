"""Pages while connections are held open, on ``crib serve --accounts`` with two
threads a process: how long an ordinary page (``GET /signin``) takes with
nothing held, with live streams open, and with trickling clients (a byte every
half second, never a whole request) and idle connections; how soon a body
announced too large is refused; and how long after their first byte trickling
clients are dropped (``--request-timeout``).  Not a test: it prints numbers.

The tests assert the behaviour only (a page comes while streams and slow
clients hold connections, the 413 comes before the body, tricklers are dropped:
tests/web/test_live.py, tests/web/test_hardening.py); the durations they once
asserted, and now this prints, were: a page under 1 s (under 2 s with streams
on two workers), the 413 under 3 s.

    python bench/bench_held_connections.py                  # one waitress process, SQLite
    python bench/bench_held_connections.py --workers 2      # gunicorn's workers, each running waitress
    python bench/bench_held_connections.py --database postgresql+psycopg://user:pw@127.0.0.1/bench --workers 2
"""

from __future__ import annotations

import argparse
import selectors
import socket
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))

from servers import seated_streams, serving  # noqa: E402
from webclient import percentile  # noqa: E402

#: Seconds between a trickling client's bytes.
TRICKLE = 0.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="database URL (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=50, help="pages timed in each case")
    parser.add_argument("--streams", type=int, default=40)
    parser.add_argument("--trickling", type=int, default=30)
    parser.add_argument("--idle", type=int, default=13)
    parser.add_argument("--request-timeout", type=int, default=2,
                        help="the server's --request-timeout when tricklers are dropped")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        print(f"database: {database.split('@')[-1]}, {args.workers} worker(s) of 2 threads\n")
        print(f"{'pages':44} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        common = ("--accounts", "--workers", str(args.workers), "--threads", "2")
        # A long request timeout while pages are timed: no trickler is dropped meanwhile.
        with serving(database, *common, "--request-timeout", "600") as url:
            port = int(url.rsplit(":", 1)[1])
            page_times("with nothing held open", url, args.rounds)
            with ExitStack() as held:
                held.enter_context(streams(port, seated_streams(database, args.streams)))
                page_times(f"with {args.streams} live streams open", url, args.rounds)
            with ExitStack() as held:
                held.enter_context(trickling(port, args.trickling))
                held.enter_context(idle(port, args.idle))
                page_times(f"with {args.trickling} trickling, {args.idle} idle", url, args.rounds)
            print(f"\na body of 512 MiB announced: refused 413 in {1000 * refused(port):.1f} ms\n")
        with serving(database, *common, "--request-timeout", str(args.request_timeout)) as url:
            after = dropped(int(url.rsplit(":", 1)[1]), args.trickling)
            print(f"{args.trickling} trickling clients, --request-timeout {args.request_timeout}: dropped "
                  f"{min(after):.2f}-{max(after):.2f} s after their first byte (median {percentile(after, 0.5):.2f})")
    return 0


def page_times(what: str, url: str, rounds: int) -> None:
    """Time ``rounds`` pages one after another and print the line of ``what`` was held open."""
    seconds = []
    for _ in range(rounds):
        began = time.perf_counter()
        with urllib.request.urlopen(url + "/signin", timeout=120) as response:
            response.read()
        seconds.append(time.perf_counter() - began)
    print(f"{what:44} {1000 * percentile(seconds, 0.5):8.1f} {1000 * percentile(seconds, 0.99):8.1f} "
          f"{1000 * max(seconds):8.1f}")


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=60)


@contextmanager
def streams(port: int, seated: list[tuple[str, str]]) -> Iterator[None]:
    """A live stream for each (key, cookie) of people at tables, each open (its opening line read)
    until the block ends."""
    opened = [connect(port) for _ in seated]
    try:
        for stream, (key, cookie) in zip(opened, seated):
            stream.sendall(f"GET /live/{key} HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode())
        for stream in opened:
            data = b""
            while b": open" not in data:
                more = stream.recv(4096)
                if not more:
                    raise RuntimeError("a stream was closed before it opened")
                data += more
        yield
    finally:
        for stream in opened:
            stream.close()


@contextmanager
def trickling(port: int, count: int) -> Iterator[list[tuple[socket.socket, float]]]:
    """``count`` connections sending a request's first line, then a byte every :data:`TRICKLE`
    seconds until the block ends; yields each with when it sent its first byte (``time.monotonic``)."""
    connections = [connect(port) for _ in range(count)]
    first = []
    for connection in connections:
        connection.sendall(b"POST /signin HTTP/1.1\r\nHost: x\r\n")
        first.append((connection, time.monotonic()))
    stop = threading.Event()

    def trickle() -> None:
        while not stop.wait(TRICKLE):  # the slow client's pace, not a wait for anything
            for connection in connections:
                try:
                    connection.send(b"X")
                except OSError:  # dropped by the server
                    pass

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        yield first
    finally:
        stop.set()
        thread.join()
        for connection in connections:
            connection.close()


@contextmanager
def idle(port: int, count: int) -> Iterator[None]:
    """``count`` connections that send nothing until the block ends."""
    connections = [connect(port) for _ in range(count)]
    try:
        yield
    finally:
        for connection in connections:
            connection.close()


def refused(port: int) -> float:
    """Seconds from sending a request that announces a body of 512 MiB (never sent) to its answer."""
    with connect(port) as connection:
        began = time.perf_counter()
        connection.sendall(b"POST /signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                           b"Content-Length: 536870912\r\n\r\nname=")
        status = connection.recv(4096).split(b"\r\n")[0]
        seconds = time.perf_counter() - began
    if b" 413 " not in status:
        raise RuntimeError(f"expected a 413, got {status!r}")
    return seconds


def dropped(port: int, count: int) -> list[float]:
    """Seconds from each trickling client's first byte until the server closed its connection."""
    after = []
    with trickling(port, count) as first, selectors.DefaultSelector() as selector:
        for connection, began in first:
            selector.register(connection, selectors.EVENT_READ, began)
        while selector.get_map():
            events = selector.select(timeout=120)
            if not events:
                raise RuntimeError(f"{len(selector.get_map())} trickling clients were not dropped in 2 minutes")
            for key, _ in events:
                try:
                    ended = key.fileobj.recv(4096) == b""
                except OSError:  # reset: the server closed it while bytes were on their way
                    ended = True
                if ended:
                    after.append(time.monotonic() - key.data)
                    selector.unregister(key.fileobj)
    return after


if __name__ == "__main__":
    sys.exit(main())
