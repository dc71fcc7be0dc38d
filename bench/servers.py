"""Start ``crib serve`` and ``crib demo-data`` for the web benchmarks, as a user would run them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

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


@contextmanager
def serving(database: str, *arguments: str):
    """``crib serve`` on a free loopback port; yields its base URL; stopped on exit."""
    port = free_port()
    server = subprocess.Popen([*CRIB, "serve", "--port", str(port), *arguments], env=environment(database),
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"crib serve did not start: {server.stderr.read()[-2000:]}") from None
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
