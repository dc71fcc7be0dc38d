"""Start ``crib serve`` and ``crib demo-data`` for the web benchmarks, as a user would run them."""

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

ROOT = Path(__file__).resolve().parents[1]
CRIB = [sys.executable, "-m", "trainer.cli"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(database: str) -> dict[str, str]:
    # Every simulated learner signs in from 127.0.0.1, so the per-address sign-in limit is lifted.
    return {**os.environ, "DATABASE_URL": database, "SECRET_KEY": "benchmark-" * 4, "PYTHONPATH": str(ROOT),
            "CRIB_SIGN_IN_LIMIT": "100000/minute"}


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
