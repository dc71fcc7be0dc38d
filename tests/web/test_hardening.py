"""``crib serve --accounts`` as it runs on the open internet, tested as a real
server process over real sockets (issue 20): sessions that end everywhere,
sign-in tries counted before they are answered and shared by every worker,
bounded bodies, malformed requests, slow and idle clients, and a health check
that tells the truth about a broken SQLite file."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.processes import CRIB, Browser, Server, server_env

PASSWORD = "correct horse"
#: A session key long enough for server mode.
KEY = "0123456789abcdef" * 4
WHO = re.compile(r'title="Practising as">([^<]*)</span>')


@pytest.fixture
def start(tmp_path):
    """Starts ``crib serve --accounts`` with more arguments and settings; stops every one at the end."""
    servers: list[Server] = []

    def start(database: str, *args: str, **settings: str) -> Server:
        env = server_env(DATABASE_URL=database, SECRET_KEY=KEY, XDG_DATA_HOME=str(tmp_path / "data"), **settings)
        server = Server(CRIB, ["--accounts", *args], env)
        servers.append(server)
        server.wait_until_up()
        return server

    yield start
    for server in servers:
        server.terminate()
    for server in servers:
        server.output()  # waits for it to stop, and closes its pipe


def sign_up(server: Server, name: str = "Ann") -> Browser:
    browser = Browser()
    page = browser.post_form(server.url + "/signup", server.url + "/signup",
                             {"name": name, "password": PASSWORD, "confirm": PASSWORD})
    assert page.status == 302, page.text
    return browser


def signed_in_as(browser: Browser, server: Server) -> str | None:
    match = WHO.search(browser.fetch(server.url + "/").text)
    return match.group(1) if match else None


def all_at_once(count: int, send) -> list:
    """``send(n)`` for n in range(count), each on its own thread, released at the same moment."""
    start = threading.Barrier(count)

    def go(number):
        start.wait(timeout=30)
        return send(number)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(go, range(count)))


def sign_in_tries(server: Server, browsers: list[Browser], name: str, password: str) -> list[int]:
    """Each browser (its form token fetched first) sends one sign-in try, all at the same moment: their statuses."""
    tokens = [re.search(r'name="csrf_token"[^>]*value="([^"]+)"', b.fetch(server.url + "/signin").text).group(1)
              for b in browsers]

    def send(number):
        form = {"csrf_token": tokens[number], "name": name, "password": password}
        return browsers[number].fetch(server.url + "/signin", form).status

    return all_at_once(len(browsers), send)


# ------------------------------------------------------------------ sessions


def test_a_copied_cookie_opens_nothing_on_any_worker_once_its_browser_signs_out(database, start):
    server = start(database, "--workers", "2", "--threads", "2")
    ann = sign_up(server)
    thief = Browser()
    ann.copy_cookies_to(thief)
    assert {signed_in_as(thief, server) for _ in range(6)} == {"Ann"}
    assert ann.post_form(server.url + "/", server.url + "/learners/leave", {}).status == 302
    assert {signed_in_as(thief, server) for _ in range(6)} == {None}  # whichever worker answers


def test_changing_the_password_ends_every_other_copy_on_every_worker(database, start):
    server = start(database, "--workers", "2", "--threads", "2")
    ann = sign_up(server)
    thief = Browser()
    ann.copy_cookies_to(thief)
    changed = ann.post_form(server.url + "/account", server.url + "/account",
                            {"current": PASSWORD, "password": "battery staple", "confirm": "battery staple"})
    assert changed.status == 302
    assert {signed_in_as(thief, server) for _ in range(6)} == {None}
    assert signed_in_as(ann, server) == "Ann"


# ------------------------------------------------------------------ sign-in limits


def test_sign_in_tries_sent_at_once_to_two_workers_are_each_counted(database, start):
    """24 wrong passwords at once from one address, limit 10: before, 14-15 were answered."""
    server = start(database, "--workers", "2", "--threads", "12")
    sign_up(server)
    statuses = sign_in_tries(server, [Browser() for _ in range(24)], "Ann", "wrong password")
    assert statuses.count(200) <= 10 and statuses.count(429) >= 14, statuses
    assert set(statuses) == {200, 429}


def test_tries_at_one_name_from_many_addresses_are_counted_by_every_worker_together(database, start):
    """30 tries at one name from 30 addresses, limit 10: before, each worker counted its own (20 of 30 answered)."""
    server = start(database, "--workers", "2", "--threads", "6", CRIB_TRUSTED_PROXIES="1",
                   CRIB_SIGN_IN_NAME_LIMIT="10/hour")
    sign_up(server)
    browsers = [Browser(headers={"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(30)]
    statuses = sign_in_tries(server, browsers, "Ann", "wrong password")
    assert statuses.count(200) <= 10 and statuses.count(429) >= 20, statuses


@pytest.mark.parametrize("workers", ["1", "2"], ids=["waitress", "gunicorn"])
def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_limit(tmp_path, start, workers):
    """waitress drops X-Forwarded-For unless told to keep it: before, the whole club behind
    the proxy shared one address's limit, however CRIB_TRUSTED_PROXIES was set."""
    server = start(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", "--workers", workers, CRIB_TRUSTED_PROXIES="1")
    statuses = [Browser(headers={"X-Forwarded-For": f"198.51.100.{n}"}).post_form(
        server.url + "/signin", server.url + "/signin", {"name": f"Guess {n}", "password": "wrong"}).status
        for n in range(12)]
    assert statuses == [200] * 12
    one = Browser(headers={"X-Forwarded-For": "198.51.100.200"})
    statuses = [one.post_form(server.url + "/signin", server.url + "/signin", {"name": f"Guess {n}", "password": "wrong"})
                .status for n in range(11)]
    assert statuses == [200] * 10 + [429]


def test_without_a_trusted_proxy_a_forwarded_address_is_ignored(tmp_path, start):
    server = start(f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    statuses = [Browser(headers={"X-Forwarded-For": f"198.51.100.{n}"}).post_form(
        server.url + "/signin", server.url + "/signin", {"name": f"Guess {n}", "password": "wrong"}).status
        for n in range(11)]
    assert statuses == [200] * 10 + [429]  # every try from the one real address


# ------------------------------------------------------------------ bodies and malformed requests


def exchange(server: Server, request: bytes, *, timeout: float = 5) -> bytes:
    """Send ``request`` on a new connection: the status line of the answer (b"" if none came in ``timeout``)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as connection:
        try:
            connection.sendall(request)
            return connection.recv(4096).split(b"\r\n")[0]
        except (socket.timeout, ConnectionError):
            return b""


@pytest.fixture(scope="module", params=["1", "2"], ids=["waitress", "gunicorn"])
def plain_server(request, tmp_path_factory):
    """One server per kind (``--workers 1``: waitress alone; 2: gunicorn's workers) for the tests that only send."""
    folder = tmp_path_factory.mktemp(f"workers{request.param}")
    env = server_env(DATABASE_URL=f"sqlite:///{folder / 'trainer.sqlite3'}", SECRET_KEY=KEY, XDG_DATA_HOME=str(folder))
    server = Server(CRIB, ["--accounts", "--workers", request.param], env)
    server.wait_until_up()
    yield server
    output = server.output()
    assert "Traceback" not in output, output  # before: gunicorn logged one for a malformed chunked body


def test_a_huge_body_announced_is_refused_413_at_once(plain_server):
    began = time.monotonic()
    status = exchange(plain_server, b"POST /signin HTTP/1.1\r\nHost: x\r\n"
                                    b"Content-Type: application/x-www-form-urlencoded\r\n"
                                    b"Content-Length: 536870912\r\n\r\nname=")  # 512 MiB that never come
    assert status == b"HTTP/1.1 413 Request Entity Too Large" and time.monotonic() - began < 3


def test_a_chunked_body_past_the_limit_is_refused_413(plain_server):
    chunk = b"x" * 65536
    body = (b"%x\r\n" % len(chunk) + chunk + b"\r\n") * 20 + b"0\r\n\r\n"  # 1.25 MiB in chunks
    status = exchange(plain_server, b"POST /signin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
    assert status == b"HTTP/1.1 413 Request Entity Too Large"


@pytest.mark.parametrize("request_bytes", [
    b"POST /signin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
    b"POST /signin HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello",
    b"POST /signin HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
], ids=["bad chunk size", "two lengths", "negative length"])
def test_a_malformed_request_is_400_on_both_servers(plain_server, request_bytes):
    assert exchange(plain_server, request_bytes) == b"HTTP/1.1 400 Bad Request"


@pytest.fixture(params=["1", "2"], ids=["waitress", "gunicorn"])
def workers(request) -> str:
    return request.param


# ------------------------------------------------------------------ slow and idle clients


def test_trickling_and_idle_connections_do_not_keep_a_normal_client_waiting(start, tmp_path, workers):
    """30 connections sending a byte every half second, 13 that send nothing, 2 threads per
    process: pages still come at once, and the tricklers are dropped at --request-timeout."""
    server = start(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", "--workers", workers, "--threads", "2",
                   "--request-timeout", "2")
    trickling = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(30)]
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(13)]
    for connection in trickling:
        connection.sendall(b"POST /signin HTTP/1.1\r\nHost: x\r\n")
    stop = threading.Event()

    def trickle():
        while not stop.wait(0.5):
            for connection in trickling:
                try:
                    connection.send(b"X")
                except OSError:
                    pass

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    try:
        times = []
        for _ in range(6):
            began = time.monotonic()
            page = Browser().fetch(server.url + "/signin")
            times.append(time.monotonic() - began)
            assert page.status == 200
            time.sleep(0.3)
        assert max(times) < 1, times  # before: no answer for as long as the tricklers kept on
        time.sleep(1.5)  # past the request timeout (2 s) since the first byte
        assert all(_closed(connection) for connection in trickling)
    finally:
        stop.set()
        trickler.join(timeout=5)
        for connection in trickling + idle:
            connection.close()


def _closed(connection: socket.socket) -> bool:
    """Whether the server has closed this connection."""
    connection.settimeout(1)
    try:
        return connection.recv(1024) == b""
    except socket.timeout:
        return False
    except OSError:
        return True


# ------------------------------------------------------------------ health


def test_healthz_is_503_when_the_sqlite_file_is_garbage(start, tmp_path):
    path = tmp_path / "trainer.sqlite3"
    server = start(f"sqlite:///{path}")
    sign_up(server)
    path.write_bytes(b"this is not a database " * 400)
    health = Browser().fetch(server.url + "/healthz")
    assert (health.status, health.text) == (503, "database unreachable")  # before: 200, SELECT 1 read nothing


def _chattr(flag: str, path: Path) -> bool:
    chattr = shutil.which("chattr")
    return chattr is not None and subprocess.run([chattr, flag, str(path)], capture_output=True).returncode == 0


def test_a_sqlite_file_made_read_only_is_503_and_writes_work_again_once_it_is_writable(start, tmp_path):
    """Made immutable (chattr +i, which stops root too), the file is read-only to SQLite,
    so the connections a server opens meanwhile are read-only ones."""
    probe = tmp_path / "probe"
    probe.touch()
    if not _chattr("+i", probe):
        pytest.skip("chattr +i does not work here (not root, or a file system without it)")
    _chattr("-i", probe)
    path = tmp_path / "trainer.sqlite3"
    first = start(f"sqlite:///{path}")
    sign_up(first)
    first.stop()
    try:
        assert _chattr("+i", path)
        env = server_env(DATABASE_URL=f"sqlite:///{path}", SECRET_KEY=KEY, XDG_DATA_HOME=str(tmp_path / "data"))
        server = Server(CRIB, ["--accounts"], env)
        health = _first_answer(server, "/healthz")
        assert (health.status, health.text) == (503, "database read-only")  # before: 200
        refused = Browser().post_form(server.url + "/signin", server.url + "/signin",
                                      {"name": "Ann", "password": PASSWORD})
        assert refused.status == 500  # a sign-in is a write (its session), and the file cannot take one
    finally:
        _chattr("-i", path)
    try:
        assert Browser().fetch(server.url + "/healthz").status == 200
        statuses = [Browser().post_form(server.url + "/signin", server.url + "/signin",
                                        {"name": "Ann", "password": PASSWORD}).status for _ in range(4)]
        assert statuses == [302] * 4  # before: 500 until a restart (the read-only connections stayed in the pool)
    finally:
        server.output()


def _first_answer(server: Server, path: str, timeout: float = 60):
    """The first answer ``server`` gives at ``path``, whatever its status."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            return Browser().fetch(server.url + path)
        except OSError:
            time.sleep(0.1)
    server.stop()
    raise AssertionError(f"no answer in {timeout} s:\n{server.output()}")
