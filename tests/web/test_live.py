"""Live tables (trainer.live): a move is heard by every open page of its table,
only once it is committed, across processes through PostgreSQL, and an open
stream takes no thread from the pages.  A stream opens only for a person at the
table, within the limits per account, per address and per process, and pages and
/healthz answer past them; a page that stops reading is dropped, not waited on.

Nothing here waits for a while: a test waits for what it expects to hear (a
version, or a later marker version sent after anything that must not be heard,
since a table's versions arrive in the order they were committed), with long
timeouts that only guard against a hang.  How fast pages come while streams are
open is measured by bench/bench_held_connections.py, not asserted here."""

from __future__ import annotations

import json
import secrets
import socket
import threading

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool
from werkzeug.serving import make_server

from tests.databases import app_config, close_app
from tests.processes import CRIB, Browser, Server, server_env, wait_until
from trainer import database
from trainer.database import db
from trainer.live.announce import CHANNEL, announce
from trainer.live.hub import HUB, MAX_UNSENT, Full, Holder, Hub, Limits, Version
from trainer.live.listener import listen, stop_listening
from trainer.web import create_app
from trainer.web.waitress_server import ServerSettings, create_server

from .helpers import StreamPage, seated_at_a_table


def key() -> str:
    return secrets.token_urlsafe(16)


def test_a_version_is_heard_only_once_its_transaction_commits(app):
    """7 is rolled back, 8 committed, then 9 as a marker: whatever 7 or 8 sent came before 9,
    so hearing exactly 8 and 9 by then says 7 is never heard and 8 once."""
    table, page = key(), StreamPage()
    listener = listen(app.config["SQLALCHEMY_DATABASE_URI"])  # PostgreSQL: this process listens too
    assert listener is None or listener.connected.wait(30)  # set once its LISTEN has run
    HUB.subscribe(table, page)
    try:
        with app.app_context():
            announce(table, 7)
            database.rollback()
            announce(table, 8)
            assert page.got == []  # not committed yet: on SQLite the hub is handed nothing before the commit
            database.commit()
            announce(table, 9)
            database.commit()
        assert page.heard_until(9) == [8, 9]
    finally:
        HUB.unsubscribe(table, page)
        stop_listening(app.config["SQLALCHEMY_DATABASE_URI"])


def test_a_page_that_fails_is_dropped_and_the_others_still_hear():
    hub = Hub()

    class Gone(StreamPage):
        def push(self, data: bytes) -> None:
            raise ConnectionResetError

    alive, gone = StreamPage(), Gone()
    hub.subscribe("t" * 16, alive)
    hub.subscribe("t" * 16, gone)
    assert hub.publish("t" * 16, Version(2, 0.0)) == 1
    assert hub.count("t" * 16) == 1 and len(alive.got) == 1


@pytest.fixture
def open_stream():
    """Opens a table's stream on a port; every stream a test opened is closed at its end,
    whatever failed (a socket left to the collector warns, as an error, in a later test)."""
    opened: list[socket.socket] = []

    def open_one(port: int, table: str, cookie: str | None = None) -> socket.socket:
        stream = socket.create_connection(("127.0.0.1", port), timeout=10)
        opened.append(stream)
        signed = f"Cookie: {cookie}\r\n" if cookie else ""
        stream.sendall(f"GET /live/{table} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n{signed}\r\n".encode())
        return stream

    yield open_one
    for stream in opened:
        stream.close()


class Received:
    """What a stream has sent so far, read on as far as a test needs."""

    def __init__(self, stream: socket.socket) -> None:
        self.stream = stream
        self.data = b""

    def until(self, marker: bytes, timeout: float = 30) -> bytes:
        """Everything received, once it holds ``marker`` (``timeout``, for each read, guards against a hang)."""
        self.stream.settimeout(timeout)
        while marker not in self.data:
            more = self.stream.recv(65536)
            if not more:
                break
            self.data += more
        return self.data


def read_until(stream: socket.socket, marker: bytes, timeout: float = 30) -> bytes:
    """What a newly opened stream sends up to ``marker``."""
    return Received(stream).until(marker, timeout)


def versions(data: bytes) -> list[int]:
    return [json.loads(line[6:])["version"] for line in data.split(b"\n") if line.startswith(b"data: {")]


def test_the_development_server_streams_the_same_events(tmp_path, open_stream):
    """Under another WSGI server the Flask view answers a stream (one thread each)."""
    app = create_app(app_config(f"sqlite:///{tmp_path / 'live.sqlite3'}"))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    table, cookie = seated_at_a_table(app, "Ann")
    try:
        assert read_until(open_stream(server.server_port, table), b"\r\n\r\n").startswith(b"HTTP/1.1 403")
        head = socket.create_connection(("127.0.0.1", server.server_port), timeout=10)
        with head:  # a HEAD request's body is never read: it opens no stream, which would never close
            head.sendall(f"HEAD /live/{table} HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode())
            assert read_until(head, b"\r\n\r\n").startswith(b"HTTP/1.1 200")
        assert HUB.count(table) == 0
        stream = open_stream(server.server_port, table, cookie)
        assert b"text/event-stream" in read_until(stream, b": open")  # the view subscribed before it answered
        assert HUB.count(table) == 1
        with app.app_context():
            announce(table, 3)
            database.commit()
        assert versions(read_until(stream, b"}\n\n")) == [3]
        stream.close()  # the view's thread finds it gone at its next write: the hub keeps nothing of this test
        wait_until(lambda: HUB.publish(table, Version(0, 0.0)) == 0, what="the stream's end")
    finally:
        server.shutdown()
        close_app(app)


def test_a_stream_carries_every_version_once_and_in_order_however_fast_they_come(tmp_path, open_stream):
    """The hub writes from its own threads while waitress's loop sends: 3,000 versions
    published back to back, in bursts of 7, reach the page each exactly once, in order
    (a lock-free flush on the loop's side once sent some twice and lost others)."""
    app = create_app(app_config(f"sqlite:///{tmp_path / 'live.sqlite3'}"))
    server = create_server(app, ServerSettings(threads=2), host="127.0.0.1", port=0)
    threading.Thread(target=server.run, daemon=True).start()
    (table, cookie), count = seated_at_a_table(app, "Ann"), 3000
    try:
        received = Received(open_stream(server.effective_port, table, cookie))
        received.until(b": open")
        # waitress queues the opening line before it subscribes the connection: wait for the hub to have it
        wait_until(lambda: HUB.count(table) == 1, what="the stream's subscription")
        for version in range(count):
            HUB.publish(table, Version(version, 0.0))
            if version % 7 == 6:  # the page takes each burst before the next: the loop flushes between writes
                received.until(b'"version": %d,' % version)
        assert versions(received.until(b'"version": %d,' % (count - 1))) == list(range(count))
        received.stream.close()  # ended before the server closes, so the hub keeps nothing of this test
        wait_until(lambda: HUB.count(table) == 0, what="the stream's end")
    finally:
        server.close()
        close_app(app)


@pytest.fixture
def postgres_url(request):
    postgres = request.getfixturevalue("postgres_server")
    url = postgres.new_database("live")
    yield url
    postgres.drop(url)


def listeners(database_url: str) -> int:
    """How many sessions on the database listen for live tables: they have run
    :mod:`trainer.live.listener`'s ``LISTEN`` (its only statement) and are idle, waiting."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return connection.execute(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND state = 'idle' AND query = :listen"), {"listen": f"LISTEN {CHANNEL}"}).scalar_one()
    finally:
        engine.dispose()


@pytest.mark.slow
def test_a_move_committed_anywhere_reaches_every_stream_of_every_worker(postgres_url, open_stream):
    """Two worker processes on PostgreSQL; the move is committed by a third process
    (as another host would): every open stream of the table hears it, the others' none."""
    server = Server(CRIB, ["--workers", "2", "--threads", "2"], server_env(DATABASE_URL=postgres_url,
                                                                         SECRET_KEY="k" * 32))
    app = None
    try:
        server.wait_until_up()
        app = create_app({**app_config(postgres_url), "SECRET_KEY": "k" * 32})
        # Two people at two tables, each within the streams an account may hold in a worker.
        (table, ann), (other, bob) = seated_at_a_table(app, "Ann"), seated_at_a_table(app, "Bob")
        streams = [open_stream(server.port, table, ann) for _ in range(8)]  # spread over both workers
        quiet = open_stream(server.port, other, bob)
        for stream in streams + [quiet]:
            assert b"200 OK" in read_until(stream, b": open")
        # Each worker listens from its start; a NOTIFY sent before its LISTEN ran would be lost.
        wait_until(lambda: listeners(postgres_url) == 2, what="both workers' LISTEN")
        with app.app_context():
            announce(table, 41)
            db.session.commit()
            announce(other, 1)  # the other table's marker, delivered after 41 to every worker
            db.session.commit()
        for stream in streams:
            assert versions(read_until(stream, b"}\n\n")) == [41]
        assert versions(read_until(quiet, b'"version": 1,')) == [1]  # no 41 came before its own (a heartbeat may)
        # 9 open streams, 2 threads a worker: a page still answers (the client's timeout guards a hang)
        assert Browser().fetch(server.url + "/").status in (200, 302)
    finally:
        if app is not None:
            close_app(app)
        server.output()  # stops it, and closes its pipe


@pytest.mark.slow
def test_streams_on_waitress_hold_no_thread(tmp_path, open_stream):
    """One waitress process with two threads and 28 open streams (four people with seven
    each): pages still come (a stream is answered by its connection, not a thread; were it a
    thread's, no page would come while the streams stay open, and the client's timeout fails it)."""
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    server = Server(CRIB, ["--threads", "2"], server_env(DATABASE_URL=url, SECRET_KEY="k" * 32))
    app = None
    try:
        server.wait_until_up()
        app = create_app({**app_config(url), "SECRET_KEY": "k" * 32})
        people = [seated_at_a_table(app, name) for name in ("Ann", "Bob", "Cy", "Di")]
        streams = [open_stream(server.port, table, cookie) for table, cookie in people for _ in range(7)]
        for stream in streams:
            assert b"Transfer-Encoding: chunked" in read_until(stream, b": open")
        for _ in range(5):
            assert Browser().fetch(server.url + "/").status in (200, 302)
    finally:
        if app is not None:
            close_app(app)
        server.output()  # stops it, and closes its pipe


@pytest.fixture
def served(app):
    """The test's app (on each database) served as ``crib serve`` serves it, in a thread:
    40 connections, so 20 streams at most.  Its streams are gone from the hub at the end."""
    listener = listen(app.config["SQLALCHEMY_DATABASE_URI"])  # PostgreSQL: this process hears NOTIFY
    assert listener is None or listener.connected.wait(10)
    server = create_server(app, ServerSettings(threads=2, connection_limit=40), host="127.0.0.1", port=0)
    threading.Thread(target=server.run, daemon=True).start()
    before = HUB.count()  # another test's server, shut down, may leave its streams in the hub
    yield server.effective_port
    wait_until(lambda: HUB.count() <= before, what="every stream closed")  # the test's sockets were closed first
    server.close()


def status(stream: socket.socket) -> int:
    """The status a request on ``stream`` was answered with."""
    return int(read_until(stream, b"\r\n\r\n").split(b" ", 2)[1])


def fetch(port: int, path: str) -> int:
    """The status of a page fetched by a client of its own."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as page:
        page.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        return status(page)


def test_a_stream_opens_only_for_a_person_at_the_table_and_hears_its_moves(app, served, open_stream):
    table, ann = seated_at_a_table(app, "Ann")
    _, bob = seated_at_a_table(app, "Bob")  # signed in, at a table of his own
    assert status(open_stream(served, table)) == 403  # nobody signed in
    # Not at the table, or no table at all: the same answer, so keys cannot be probed.
    assert status(open_stream(served, table, bob)) == 404
    assert status(open_stream(served, key(), ann)) == 404
    assert HUB.count(table) == 0  # the refusals hold no stream
    stream = open_stream(served, table, ann)
    assert b"200 OK" in read_until(stream, b": open")
    with app.app_context():
        announce(table, 7)  # as a move at the table announces it
        db.session.commit()
    assert versions(read_until(stream, b"}\n\n")) == [7]


def test_past_the_limits_streams_are_refused_while_pages_and_healthz_answer(app, served, open_stream):
    app.config["LIVE_STREAMS"] = HUB.count() + 10  # ten more than another test's server may have left
    (table, ann), (other, bob) = seated_at_a_table(app, "Ann"), seated_at_a_table(app, "Bob")
    for stream in [open_stream(served, table, ann) for _ in range(8)]:
        assert b"200 OK" in read_until(stream, b": open")
    assert status(open_stream(served, table, ann)) == 429  # Ann's ninth
    for stream in [open_stream(served, other, bob) for _ in range(2)]:
        assert b"200 OK" in read_until(stream, b": open")
    assert status(open_stream(served, other, bob)) == 503  # the process's eleventh
    assert HUB.count(table) == 8 and HUB.count(other) == 2
    assert fetch(served, "/healthz") == 200
    assert fetch(served, "/") in (200, 302)


def test_a_page_that_stops_reading_is_dropped_and_never_holds_up_the_others(app, served, open_stream):
    """The hub writes to a stream whose client reads nothing until its unsent bytes pass
    the bound: then it is dropped, and publishing never waited on it."""
    table, ann = seated_at_a_table(app, "Ann")
    stalled = open_stream(served, table, ann)
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window, soon full
    assert b"200 OK" in read_until(stalled, b": open")
    wait_until(lambda: HUB.count(table) == 1, what="the stream's subscription")
    listening = StreamPage()
    HUB.subscribe(table, listening)
    try:
        version = 0
        while HUB.count(table) == 2:  # each publish returns at once: the stalled page is never waited on
            version += 1
            HUB.publish(table, Version(version, 0.0))
            assert version * 40 < 100 * MAX_UNSENT, "the stalled stream was never dropped"
        assert listening.heard_until(version)[-1] == version  # the other page heard every version
    finally:
        HUB.unsubscribe(table, listening)


def test_the_limits_are_counted_and_released_per_account_address_and_process():
    hub, limits = Hub(), Limits(per_account=2, per_address=3, total=4)
    pages = [StreamPage() for _ in range(6)]
    assert hub.open("t" * 16, pages[0], Holder(1, "a"), limits) is None
    assert hub.open("t" * 16, pages[1], Holder(1, "a"), limits) is None
    assert hub.open("t" * 16, pages[2], Holder(1, "b"), limits) is Full.ACCOUNT
    assert hub.open("t" * 16, pages[2], Holder(2, "a"), limits) is None
    assert hub.open("t" * 16, pages[3], Holder(3, "a"), limits) is Full.ADDRESS
    assert hub.open("t" * 16, pages[3], Holder(3, "b"), limits) is None
    assert hub.open("t" * 16, pages[4], Holder(4, "c"), limits) is Full.PROCESS
    hub.unsubscribe("t" * 16, pages[0])
    hub.unsubscribe("t" * 16, pages[0])  # twice: released once
    assert hub.open("t" * 16, pages[4], Holder(1, "c"), limits) is None
    assert hub.count() == 4


@pytest.mark.slow
def test_an_anonymous_flood_of_streams_is_refused_and_healthz_answers(tmp_path):
    """``crib serve`` itself: 300 streams asked for by nobody signed in are each answered
    403 and none is held; a person still opens theirs, up to their limit, and /healthz answers."""
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    server = Server(CRIB, ["--threads", "2"], server_env(DATABASE_URL=url, SECRET_KEY="k" * 32))
    app, opened = None, []
    try:
        server.wait_until_up()
        app = create_app({**app_config(url), "SECRET_KEY": "k" * 32})
        table, ann = seated_at_a_table(app, "Ann")
        for _ in range(300):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as flood:
                flood.sendall(f"GET /live/{table} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
                assert status(flood) == 403
        for _ in range(9):
            opened.append(socket.create_connection(("127.0.0.1", server.port), timeout=10))
            opened[-1].sendall(f"GET /live/{table} HTTP/1.1\r\nHost: x\r\nCookie: {ann}\r\n\r\n".encode())
        # Served in whatever order the threads take them: one of the nine is refused.
        assert sorted(status(stream) for stream in opened) == [200] * 8 + [429]
        assert Browser().fetch(server.url + "/healthz").status == 200
    finally:
        for stream in opened:
            stream.close()
        if app is not None:
            close_app(app)
        server.output()  # stops it, and closes its pipe
