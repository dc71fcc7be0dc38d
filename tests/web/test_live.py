"""Live tables (trainer.live): a move is heard by every open page of its table,
only once it is committed, across processes through PostgreSQL, and an open
stream takes no thread from the pages."""

from __future__ import annotations

import json
import secrets
import socket
import threading
import time

import pytest
from werkzeug.serving import make_server

from tests.databases import app_config, close_app
from tests.processes import CRIB, Browser, Server, server_env
from trainer import database
from trainer.database import db
from trainer.live.announce import announce
from trainer.live.hub import HUB, Hub, Version
from trainer.live.listener import listen, stop_listening
from trainer.web import create_app
from trainer.web.waitress_server import ServerSettings, create_server

from .helpers import StreamPage


def key() -> str:
    return secrets.token_urlsafe(16)


def test_a_version_is_heard_only_once_its_transaction_commits(app):
    table, page = key(), StreamPage()
    listener = listen(app.config["SQLALCHEMY_DATABASE_URI"])  # PostgreSQL: this process listens too
    assert listener is None or listener.connected.wait(10)
    HUB.subscribe(table, page)
    try:
        with app.app_context():
            announce(table, 7)
            database.rollback()
            announce(table, 8)
            time.sleep(0.3)
            assert page.got == []  # neither a rolled-back move nor one not yet committed is heard
            database.commit()
        assert page.versions(1) == [8]
        time.sleep(0.3)
        assert len(page.got) == 1
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

    def open_one(port: int, table: str) -> socket.socket:
        stream = socket.create_connection(("127.0.0.1", port), timeout=10)
        opened.append(stream)
        stream.sendall(f"GET /live/{table} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
        return stream

    yield open_one
    for stream in opened:
        stream.close()


def read_until(stream: socket.socket, marker: bytes, timeout: float = 10) -> bytes:
    stream.settimeout(timeout)
    data = b""
    while marker not in data:
        more = stream.recv(4096)
        if not more:
            break
        data += more
    return data


def heard_within(stream: socket.socket, seconds: float) -> bytes:
    """Whatever the stream sends in the next ``seconds``."""
    deadline = time.monotonic() + seconds
    data = b""
    while (left := deadline - time.monotonic()) > 0:
        stream.settimeout(left)
        try:
            more = stream.recv(4096)
        except socket.timeout:
            break
        if not more:
            break
        data += more
    return data


def versions(data: bytes) -> list[int]:
    return [json.loads(line[6:])["version"] for line in data.split(b"\n") if line.startswith(b"data: {")]


def test_the_development_server_streams_the_same_events(tmp_path, open_stream):
    """Under another WSGI server the Flask view answers a stream (one thread each)."""
    app = create_app(app_config(f"sqlite:///{tmp_path / 'live.sqlite3'}"))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    table = key()
    try:
        stream = open_stream(server.server_port, table)
        assert b"text/event-stream" in read_until(stream, b": open")
        deadline = time.monotonic() + 5
        while HUB.count(table) == 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        with app.app_context():
            announce(table, 3)
            database.commit()
        assert versions(read_until(stream, b"}\n\n")) == [3]
    finally:
        server.shutdown()
        close_app(app)


def test_a_stream_carries_every_version_once_and_in_order_however_fast_they_come(tmp_path, open_stream):
    """The hub writes from its own threads while waitress's loop sends: 3,000 versions
    published back to back reach the page each exactly once, in order (a lock-free
    flush on the loop's side once sent some twice and lost others)."""
    app = create_app(app_config(f"sqlite:///{tmp_path / 'live.sqlite3'}"))
    server = create_server(app, ServerSettings(threads=2), host="127.0.0.1", port=0)
    threading.Thread(target=server.run, daemon=True).start()
    table, count = key(), 3000
    try:
        stream = open_stream(server.effective_port, table)
        read_until(stream, b": open")
        deadline = time.monotonic() + 5
        while HUB.count(table) == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        for version in range(count):
            HUB.publish(table, Version(version, 0.0))
            if version % 7 == 0:
                time.sleep(0.0005)  # let the loop flush between writes now and then
        data = read_until(stream, b'"version": %d,' % (count - 1))
        assert versions(data) == list(range(count))
    finally:
        server.close()
        close_app(app)


@pytest.fixture
def postgres_url(request):
    postgres = request.getfixturevalue("postgres_server")
    url = postgres.new_database("live")
    yield url
    postgres.drop(url)


def test_a_move_committed_anywhere_reaches_every_stream_of_every_worker(postgres_url, open_stream):
    """Two worker processes on PostgreSQL; the move is committed by a third process
    (as another host would): every open stream of the table hears it, the others' none."""
    server = Server(CRIB, ["--workers", "2", "--threads", "2"], server_env(DATABASE_URL=postgres_url,
                                                                         SECRET_KEY="k" * 32))
    app = None
    try:
        server.wait_until_up()
        table, other = key(), key()
        streams = [open_stream(server.port, table) for _ in range(12)]  # spread over both workers
        quiet = open_stream(server.port, other)
        for stream in streams + [quiet]:
            assert b"200 OK" in read_until(stream, b": open")
        time.sleep(0.5)  # each worker's listener is connected before the move
        app = create_app(app_config(postgres_url))
        with app.app_context():
            announce(table, 41)
            db.session.commit()
        for stream in streams:
            assert versions(read_until(stream, b"}\n\n")) == [41]
        assert versions(heard_within(quiet, 1.0)) == []  # another table's stream hears no move (a heartbeat may beat)
        # 13 open streams, 2 threads a worker: a page still comes at once
        began = time.monotonic()
        assert Browser().fetch(server.url + "/").status in (200, 302)
        assert time.monotonic() - began < 2
    finally:
        if app is not None:
            close_app(app)
        server.output()  # stops it, and closes its pipe


def test_streams_on_waitress_hold_no_thread_and_hear_moves_of_their_process(tmp_path, open_stream):
    """One waitress process with two threads and forty open streams: pages still
    come at once (a stream is answered by its connection, not a thread)."""
    server = Server(CRIB, ["--threads", "2"], server_env(DATABASE_URL=f"sqlite:///{tmp_path / 't.sqlite3'}",
                                                           SECRET_KEY="k" * 32))
    try:
        server.wait_until_up()
        streams = [open_stream(server.port, key()) for _ in range(40)]
        for stream in streams:
            assert b"Transfer-Encoding: chunked" in read_until(stream, b": open")
        times = []
        for _ in range(5):
            began = time.monotonic()
            assert Browser().fetch(server.url + "/").status in (200, 302)
            times.append(time.monotonic() - began)
        assert max(times) < 1, times
    finally:
        server.output()  # stops it, and closes its pipe
