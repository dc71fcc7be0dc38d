"""Start ``crib serve`` and ``crib demo-data`` for the web benchmarks, as a user would run them,
and seat people at tables whose live streams a benchmark opens."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from flask import Flask

from trainer import database as databases
from trainer.play.choices import GameSetup
from trainer.record import accounts, sessions
from trainer.room import rooms
from trainer.web import create_app

ROOT = Path(__file__).resolve().parents[1]
CRIB = [sys.executable, "-m", "trainer.cli"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(database: str) -> dict[str, str]:
    # Every simulated learner signs in from 127.0.0.1, so the per-address sign-in limit is lifted.
    # So are the live streams an address may hold.
    return {**os.environ, "DATABASE_URL": database, "SECRET_KEY": SECRET_KEY, "PYTHONPATH": str(ROOT),
            "CRIB_SIGN_IN_LIMIT": "100000/minute", "CRIB_LIVE_STREAMS_PER_ADDRESS": "100000"}


#: The servers' secret key, so a benchmark can sign the cookies of the people it seats.
SECRET_KEY = "benchmark-" * 4


def bench_app(database: str) -> Flask:
    """The app on a benchmark's database (migrated by its server), to set things up through the services."""
    return create_app({"SECRET_KEY": SECRET_KEY, "SQLALCHEMY_DATABASE_URI": database, "MIGRATE_ON_START": False})


def stream_cookie(app: Flask, learner_id: int) -> str:
    """The ``Cookie`` header of a browser signed in as the learner (an account: a session of
    theirs started), for a stream opened on a socket: streams open only for the people at a table."""
    with app.app_context():
        token = sessions.start(learner_id, app.permanent_session_lifetime)
        databases.commit()
    state = {"learner_id": learner_id, "token": token, "_permanent": True}
    return f"{app.config['SESSION_COOKIE_NAME']}={app.session_interface.get_signing_serializer(app).dumps(state)}"


def seated_streams(database: str, count: int, per_person: int = 8) -> list[tuple[str, str]]:
    """``count`` streams to open, as (live key, cookie): people each hosting a room of their own,
    ``per_person`` streams each (within the streams an account may hold)."""
    app = bench_app(database)
    people: list[tuple[str, str]] = []
    password = accounts.hash_password("benchmark password")  # a session counts only for an account's
    for number in range((count + per_person - 1) // per_person):
        with app.app_context():
            person = accounts.create_learner(f"streams {number}", password_hash=password).id
            databases.commit()
            key = rooms.room_view(person, rooms.open_room(person, GameSetup())).live_key
            databases.commit()
        people.append((key, stream_cookie(app, person)))
    return [people[index // per_person] for index in range(count)]


def demo_data(database: str, *arguments: str) -> None:
    """Run ``crib demo-data`` on ``database`` and echo its last line."""
    started = time.perf_counter()
    done = subprocess.run([*CRIB, "demo-data", *arguments], env=environment(database), cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True)
    print(f"  {done.stdout.strip()}  ({time.perf_counter() - started:.0f} s wall)", flush=True)


def demo_arguments(parser: argparse.ArgumentParser, what_is_timed: str) -> None:
    """The options of a benchmark over a database of demo learners."""
    parser.add_argument("--database", help="database URL (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--learners", type=int, default=1000)
    parser.add_argument("--attempts", type=int, default=900, help="attempts of each learner but demo-1")
    parser.add_argument("--heavy", type=int, default=100_000, help="attempts of demo-1")
    parser.add_argument("--rounds", type=int, default=200, help=f"times each {what_is_timed} is timed")
    parser.add_argument("--reuse", action="store_true", help="the database already holds the demo learners")


@contextmanager
def demo_database(args: argparse.Namespace) -> Iterator[str]:
    """The database the options name (a new SQLite file by default), filled with demo learners
    unless ``--reuse``; yields its URL; a temporary folder is removed on exit."""
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        print(f"database: {database.split('@')[-1]}")
        if not args.reuse:
            print(f"filling: {args.learners:,} learners, demo-1 with {args.heavy:,} attempts, "
                  f"the others {args.attempts:,}")
            demo_data(database, "--learners", str(args.learners), "--attempts", str(args.attempts),
                      "--first-attempts", str(args.heavy))
        yield database


@contextmanager
def serving(database: str, *arguments: str, healthy: bool = True):
    """``crib serve`` on a free loopback port; yields its base URL; stopped on exit.

    Waits until ``/healthz`` says ok, or (``healthy=False``) until it answers at
    all: a server started on a database it cannot write to answers 503 there."""
    port = free_port()
    # What the server prints goes to a file, not a pipe nobody reads while it runs (a full pipe would stop it).
    printed = tempfile.TemporaryFile(mode="w+")
    server = subprocess.Popen([*CRIB, "serve", "--port", str(port), *arguments], env=environment(database),
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=printed, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=2).close()
                break
            except urllib.error.HTTPError:
                if not healthy:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                server.wait()
                printed.seek(0)
                raise RuntimeError(f"crib serve did not start: {printed.read()[-2000:]}")
            time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        printed.close()
