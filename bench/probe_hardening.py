"""Probe ``crib serve --accounts`` as an attacker and a flaky database would, and
print what it answered: the figures behind the hardening issue, before and after.

    python bench/probe_hardening.py                      # SQLite, in a temporary folder
    python bench/probe_hardening.py --database postgresql+psycopg://USER:PW@127.0.0.1:5432/DB
    python bench/probe_hardening.py --workers 2 ...      # two gunicorn workers

What it tries, each against a real server process over HTTP:

- a forged ``Host`` on a path that redirects (``/review`` to ``/review/``): where the
  redirect points;
- odd input: a name over 40 characters or holding a NUL to keep a seat for, NUL in a
  path (``/rooms/join/%00`` and others) and in a form: how many answers were 5xx;
- a host looking up names to keep a seat for, 40 times: how many were refused (429);
- a burst of sign-ins at once (SQLite's "database is locked" once answered 500);
- PostgreSQL only: the database made read-only while serving, and the server started
  while it is read-only; after it is writable again, how many of 20 writes succeed,
  and what ``/healthz`` answered throughout.

A probe, not a test: it prints figures and a verdict per line, and exits 0 either way.
Read-only needs a role that may ``ALTER DATABASE`` its own database (the owner).
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import threading
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).resolve().parent))

from servers import serving  # noqa: E402
from webclient import Learner, Response  # noqa: E402

PASSWORD = "correct horse battery staple " + secrets.token_hex(4)


def sign_up(base: str, name: str) -> Learner:
    """A new account, signed in."""
    learner = Learner(base)
    page = learner.request("GET /signup", "/signup")
    reply = learner.request("POST /signup", "/signup", {
        "name": name, "password": PASSWORD, "confirm": PASSWORD, "csrf_token": learner.token(page.text)})
    if reply.status != 302:
        raise RuntimeError(f"signing up {name} answered {reply.status}")
    return learner


def raw(base: str, path: str, headers: dict[str, str]) -> Response:
    """One GET with the headers given, redirects not followed."""
    learner = Learner(base)
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with learner.opener.open(request, timeout=30) as reply:
            return Response(reply.status, reply.headers.get("Location", ""), "")
    except urllib.error.HTTPError as error:
        return Response(error.code, error.headers.get("Location", ""), "")


def forged_host(base: str) -> str:
    reply = raw(base, "/review", {"Host": "evil.example"})
    verdict = "FORGED" if "evil.example" in reply.location else "ok"
    return f"forged Host on /review: {reply.status} Location {reply.location or '-'}  [{verdict}]"


def open_room(host: Learner) -> int:
    page = host.request("GET /rooms/", "/rooms/")
    reply = host.request("POST /rooms/new", "/rooms/new", {
        "variant": "six-card", "length": "61", "counting": "automatic", "csrf_token": host.token(page.text)})
    return int(reply.location.rstrip("/").rsplit("/", 1)[-1])


def odd_input(base: str, host: Learner, room: int) -> str:
    """Odd input at the routes that once answered 500; every answer's status."""
    page = host.request("GET /rooms/<id>", f"/rooms/{room}")
    token = host.token(page.text)
    statuses: list[tuple[str, int]] = []
    for label, name in (("keep a 41-letter name", "n" * 41), ("keep a name with NUL", "Bo\x00b"),
                        ("keep 2,000 letters", "x" * 2000)):
        statuses.append((label, host.request("POST keep", f"/rooms/{room}/keep",
                                             {"name": name, "csrf_token": token}).status))
    for path in ("/rooms/join/%00", "/rooms/join/" + "a" * 20 + "%00", "/play/%00", "/lessons/%00",
                 "/show/%00", "/rooms/%00", "/review/%00"):
        statuses.append((f"GET {path}", host.request("GET odd", path).status))
    statuses.append(("POST /rooms/join/%00", host.request("POST odd", "/rooms/join/%00", {"csrf_token": token}).status))
    stranger = Learner(base)
    signin = stranger.request("GET /signin", "/signin")
    statuses.append(("sign in as NUL", stranger.request("POST /signin", "/signin", {
        "name": "\x00", "password": "x", "csrf_token": stranger.token(signin.text)}).status))
    five = [f"{label} {status}" for label, status in statuses if status >= 500]
    return (f"odd input: {len(statuses)} requests, {len(five)} answered 5xx"
            + (": " + "; ".join(five) if five else "") + f"  [{'FAIL' if five else 'ok'}]")


def name_lookups(host: Learner, room: int, count: int = 40) -> str:
    page = host.request("GET /rooms/<id>", f"/rooms/{room}")
    token = host.token(page.text)
    refused = sum(host.request("POST keep", f"/rooms/{room}/keep", {
        "name": f"someone{n}", "csrf_token": token}).status == 429 for n in range(count))
    return f"name look-ups: {count} tried, {refused} refused (429)  [{'ok' if refused else 'UNLIMITED'}]"


def sign_in_burst(base: str, name: str, count: int = 24) -> str:
    """``count`` browsers sign in as ``name`` at the same moment."""
    browsers = [Learner(base) for _ in range(count)]
    tokens = [b.token(b.request("GET /signin", "/signin").text) for b in browsers]
    statuses: list[int] = []
    start = threading.Barrier(count)

    def sign_in(browser: Learner, token: str) -> None:
        start.wait()
        statuses.append(browser.request("POST /signin", "/signin", {
            "name": name, "password": PASSWORD, "csrf_token": token}).status)

    threads = [threading.Thread(target=sign_in, args=pair) for pair in zip(browsers, tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    five = sum(status >= 500 for status in statuses)
    return f"sign-in burst: {count} at once, {five} answered 5xx  [{'FAIL' if five else 'ok'}]"


# ------------------------------------------------------------ PostgreSQL read-only


@contextmanager
def owner(url: str) -> Iterator:
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            yield connection
    finally:
        engine.dispose()


def read_only(url: str, on: bool) -> None:
    """Make the database read-only (as a fail-over to a standby would: the open
    connections drop) or writable again in place (the connections stay)."""
    name = make_url(url).database
    with owner(url) as connection:
        connection.execute(text("SET default_transaction_read_only = off"))  # this session inherits the database's
        connection.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = {"on" if on else "off"}'))
        if on:
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"))


def health(base: str) -> int:
    try:
        with urllib.request.urlopen(base + "/healthz", timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code


def writes(learner: Learner, count: int = 20) -> int:
    """How many of ``count`` drills dealt (each a write) came back whole."""
    done = 0
    for _ in range(count):
        try:
            dealt = learner.request("GET /show/ (deal)", "/show/")
            done += dealt.status == 302 and learner.follow("GET /show/<id>", dealt).status == 200
        except OSError:
            pass
    return done


def read_only_while_serving(url: str, workers: list[str]) -> str:
    with serving(url, "--accounts", *workers) as base:
        learner = sign_up(base, "reader" + secrets.token_hex(3))
        before = writes(learner, 5)
        read_only(url, True)
        during = writes(learner, 20)
        health_during = sorted({health(base) for _ in range(5)})
        read_only(url, False)
        after = writes(learner, 20)
        health_after = sorted({health(base) for _ in range(5)})
    return (f"read-only while serving: writes before {before}/5, during {during}/20, after {after}/20;"
            f" /healthz during {health_during}, after {health_after}  [{'ok' if after == 20 else 'FAIL'}]")


def started_read_only(url: str, workers: list[str]) -> str:
    with serving(url, "--accounts", *workers) as base:  # an account made while writable
        name = "early" + secrets.token_hex(3)
        sign_up(base, name)
    read_only(url, True)
    try:
        with serving(url, "--accounts", *workers, healthy=False) as base:
            learner = Learner(base)
            health_during = sorted({health(base) for _ in range(5)})
            read_only(url, False)
            try:
                learner.sign_in(name, PASSWORD)
                after = writes(learner, 20)
            except RuntimeError:  # the sign-in itself failed: no write can be tried
                after = 0
            health_after = sorted({health(base) for _ in range(5)})
    finally:
        read_only(url, False)
    return (f"started read-only: /healthz while read-only {health_during}; after it is writable,"
            f" writes {after}/20, /healthz {health_after}  [{'ok' if after == 20 else 'FAIL'}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", help="database URL (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers (1: crib serve's one process)")
    args = parser.parse_args()
    workers = ["--workers", str(args.workers)] if args.workers > 1 else []
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'probe.sqlite3'}"
        print(f"database: {make_url(url).get_backend_name()}, workers: {args.workers}", flush=True)
        with serving(url, "--accounts", *workers) as base:
            host = sign_up(base, "host" + secrets.token_hex(3))
            print(forged_host(base), flush=True)
            room = open_room(host)
            print(odd_input(base, host, room), flush=True)
            print(sign_in_burst(base, _burst_account(base)), flush=True)
            print(name_lookups(host, open_room(host)), flush=True)
        if url.startswith("postgresql"):
            print(read_only_while_serving(url, workers), flush=True)
            print(started_read_only(url, workers), flush=True)


def _burst_account(base: str) -> str:
    name = "burst" + secrets.token_hex(3)
    sign_up(base, name)
    return name


if __name__ == "__main__":
    main()
