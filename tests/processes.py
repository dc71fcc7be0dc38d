"""Real ``crib serve`` processes for the serving and packaging tests: start one
on a free loopback port, wait until its ``/healthz`` answers, talk to it like a
browser (cookies, CSRF tokens), stop it."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, TypeVar

#: ``crib`` as the checkout's tests run it.
CRIB = [sys.executable, "-m", "trainer.cli"]

T = TypeVar("T")

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


#: Seconds between two looks at a condition :func:`wait_until` polls.
POLL = 0.02


class NotInTime(AssertionError):
    """What :func:`wait_until` raises when its condition did not come true in time."""


def wait_until(condition: Callable[[], T], *, timeout: float = 30, what: str = "the condition") -> T:
    """Look at ``condition`` until it gives a true value, and return that value.

    For what gives no signal to wait on (a process starting, another process's
    sessions in PostgreSQL, the hub of a server in a thread).  ``timeout`` only
    guards against a hang: past it the test fails, saying ``what`` never came."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise NotInTime(f"{what} did not come within {timeout} s")
        time.sleep(POLL)  # between two looks at a condition that signals nothing (see the docstring)
    return value


def free_port() -> int:
    """A TCP port free on loopback right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Page:
    status: int
    headers: dict[str, str]
    text: str


@dataclass
class Browser:
    """Fetches pages keeping cookies, as one browser would, without following redirects."""

    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)
    #: headers sent with every request (an X-Forwarded-For, say)
    headers: dict[str, str] = field(default_factory=dict)

    def __post_init__(self):
        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)
        self.opener.addheaders = list(self.headers.items())

    def copy_cookies_to(self, other: "Browser") -> None:
        """Give ``other`` a copy of every cookie of this browser (as a thief with a copy would have)."""
        for cookie in self.jar:
            other.jar.set_cookie(cookie)

    def fetch(self, url: str, form: dict[str, str] | None = None) -> Page:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(url, data=data, timeout=30) as response:
                return Page(response.status, dict(response.headers), response.read().decode())
        except urllib.error.HTTPError as error:  # 3xx, 4xx and 5xx all come here
            return Page(error.code, dict(error.headers), error.read().decode())

    def post_form(self, page_url: str, url: str, form: dict[str, str]) -> Page:
        """POST ``form`` to ``url`` with the CSRF token of the form on ``page_url``."""
        match = TOKEN.search(self.fetch(page_url).text)
        assert match, f"no CSRF token on {page_url}"
        return self.fetch(url, {"csrf_token": match.group(1), **form})


class Server:
    """``crib serve`` in a process of its own; :meth:`wait_until_up` before use, :meth:`stop` after."""

    def __init__(self, crib: list[str], args: list[str], env: dict[str, str], cwd: Path | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.printed: str | None = None
        self.process = subprocess.Popen(
            [*crib, "serve", "--port", str(self.port), *args], env=env, cwd=cwd,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )

    def wait_until_up(self, timeout: float = 60) -> None:
        """Wait until ``/healthz`` says ok (``timeout`` guards against a server that never does)."""
        def healthy() -> bool:
            page = self._answer("/healthz")
            return page is not None and page.status == 200

        self._wait(healthy, timeout, "an ok from /healthz")

    def first_answer(self, path: str, timeout: float = 60) -> Page:
        """The first answer the server gives at ``path``, whatever its status (it may be starting)."""
        return self._wait(lambda: self._answer(path), timeout, f"an answer at {path}")

    def _answer(self, path: str) -> Page | None:
        """The server's answer at ``path``; None while it does not listen yet."""
        if self.process.poll() is not None:
            raise AssertionError(f"crib serve exited with {self.process.returncode}:\n{self.output()}")
        try:
            return Browser().fetch(self.url + path)
        except OSError:  # refused or reset: not listening yet
            return None

    def _wait(self, condition: Callable[[], T], timeout: float, what: str) -> T:
        try:
            return wait_until(condition, timeout=timeout, what=what)
        except NotInTime as late:
            raise AssertionError(f"{late}; crib serve printed:\n{self.output()}") from None

    def terminate(self) -> None:
        """Ask the server to stop (gunicorn takes a second), without waiting."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def output(self) -> str:
        """What the server printed (once stopped)."""
        self.stop()
        if self.printed is None:
            self.printed = self.process.stdout.read()
            self.process.stdout.close()
        return self.printed

    def children(self) -> list[int]:
        """The server's child processes (Linux's /proc), e.g. gunicorn's workers."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()]


def server_env(**settings: str) -> dict[str, str]:
    """The environment of a server: this one's, less any database or mode settings, plus ``settings``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "SECRET_KEY", "CRIB_MIGRATE", "CRIB_ACCOUNTS", "SESSION_COOKIE_SECURE",
                        "CRIB_TRUSTED_PROXIES", "CRIB_SIGN_IN_LIMIT", "CRIB_SIGN_IN_NAME_LIMIT", "CRIB_SIGN_UP_LIMIT")}
    env.update(settings)
    return env
