"""``crib serve --accounts`` as it runs on the open internet, tested as a real
server process over real sockets (issue 20): sessions that end everywhere,
sign-in tries counted before they are answered and shared by every worker,
bounded bodies, malformed requests, slow and idle clients, and a health check
that tells the truth about a broken SQLite file.

Every test starts a server (``slow``).  The tests assert what the server does,
never how fast: a timeout here only guards against a hang.  The durations are
printed by bench/bench_held_connections.py."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.processes import CRIB, Browser, Server, server_env

PASSWORD = "correct horse"
#: A session key long enough for server mode.
KEY = "0123456789abcdef" * 4
WHO = re.compile(r'title="Practising as">([^<]*)</span>')

pytestmark = pytest.mark.slow


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


def exchange(server: Server, request: bytes, *, timeout: float = 60) -> bytes:
    """Send ``request`` on a new connection: the status line of the answer (b"" if the server
    closed it, or nothing came in ``timeout``, which only guards against a hang)."""
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


def test_a_huge_body_announced_is_refused_413_before_it_comes(plain_server):
    """The body never comes: a server that waited for it would answer nothing and drop the
    connection at the request timeout (20 s), so a 413 at all is the 413 at once."""
    status = exchange(plain_server, b"POST /signin HTTP/1.1\r\nHost: x\r\n"
                                    b"Content-Type: application/x-www-form-urlencoded\r\n"
                                    b"Content-Length: 536870912\r\n\r\nname=")  # 512 MiB that never come
    assert status == b"HTTP/1.1 413 Request Entity Too Large"


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


class Trickling:
    """Connections that begin a request and send one more byte every half second, never
    ending it (a slow client on purpose, as an attack would), until :meth:`close`."""

    def __init__(self, server: Server, count: int) -> None:
        self.connections = [socket.create_connection(("127.0.0.1", server.port), timeout=60) for _ in range(count)]
        for connection in self.connections:
            connection.sendall(b"POST /signin HTTP/1.1\r\nHost: x\r\n")
        self.rounds = 0
        self._round = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._trickle, daemon=True)
        self._thread.start()

    def _trickle(self) -> None:
        while not self._stop.wait(0.5):  # the slow client's pace: what is tested, not a wait for anything
            for connection in self.connections:
                try:
                    connection.send(b"X")
                except OSError:  # dropped by the server
                    pass
            with self._round:
                self.rounds += 1
                self._round.notify_all()

    def wait_for_round(self, number: int) -> None:
        """Return once every connection has trickled ``number`` bytes."""
        with self._round:
            assert self._round.wait_for(lambda: self.rounds >= number, timeout=60), "the trickling stopped"

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=60)
        for connection in self.connections:
            connection.close()


def test_trickling_and_idle_connections_do_not_keep_a_normal_client_waiting(start, tmp_path, workers):
    """30 connections sending a byte every half second and 13 that send nothing, 2 threads per
    process: pages still come, round after round of trickling.  The request timeout is
    longer than a client waits for a page, so a page that waited for the tricklers to be
    dropped would fail (before: no answer for as long as the tricklers kept on)."""
    server = start(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", "--workers", workers, "--threads", "2",
                   "--request-timeout", "600")
    trickling = Trickling(server, 30)
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(13)]
    try:
        for number in range(1, 4):
            trickling.wait_for_round(number)
            for _ in range(2):
                assert Browser().fetch(server.url + "/signin").status == 200  # within the client's 30 s
    finally:
        trickling.close()
        for connection in idle:
            connection.close()


def test_trickling_connections_are_dropped_at_the_request_timeout(start, tmp_path, workers):
    """Never idle (a byte every half second), they are dropped only by --request-timeout
    (1 s here): the test waits for the server to close each, however long that takes."""
    server = start(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", "--workers", workers, "--threads", "2",
                   "--request-timeout", "1")
    trickling = Trickling(server, 30)
    try:
        assert all(_closed_by_the_server(connection) for connection in trickling.connections)
    finally:
        trickling.close()


def _closed_by_the_server(connection: socket.socket, timeout: float = 60) -> bool:
    """Whether the server closes this connection (``timeout`` only guards against a hang)."""
    connection.settimeout(timeout)
    try:
        while connection.recv(1024):
            pass  # an answer before the close (a 408, say) is read past
        return True
    except socket.timeout:
        return False
    except OSError:  # reset: closed while the trickler's bytes were on their way
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
        health = server.first_answer("/healthz")  # not wait_until_up: it is to say 503
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
