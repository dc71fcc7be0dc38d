"""The playroom under load (issue 22): N tables of four people, every seat's page
following its table's live stream, on ``crib serve --accounts --workers 2`` with
PostgreSQL.  Not a test: it prints numbers.

What it does, in order:

1. makes a PostgreSQL database of its own on the server ``--postgres`` names
   (a role that may ``CREATE DATABASE``), and drops it at the end;
2. starts ``crib serve --accounts --workers 2`` on it (which migrates it);
3. sets up N games of four people each for themselves ("four-each", automatic
   counting) through the services (:func:`trainer.play.games.new_game` with a
   live key), as the playroom's Start does;
4. times an ordinary page (a signed-in person's table, ``GET /play/<id>``) with
   no stream open;
5. opens 4 x N streams (``/live/<key>``, one per seat, each as its person) from a separate process,
   reads the workers' RSS before and after, and times the same page again;
6. makes ``--moves`` real moves (:func:`trainer.play.games.act`, each committed
   and announced by PostgreSQL ``NOTIFY``) round the tables, and measures, for
   every move, the time from its announcement (the server's timestamp
   :attr:`trainer.live.hub.Version.at`, taken in the transaction just before
   its commit) to its arrival on the stream of every other seat of the table.

Run: ``python bench/bench_playroom.py --postgres postgresql+psycopg://USER:PW@HOST:PORT/postgres``
(``--tables 100 --moves 600`` by default).  The stream reader and the page
clients run in processes of their own, so the moves' CPU does not delay them.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import secrets
import selectors
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.servers import CRIB, environment, free_port, stream_cookie  # noqa: E402
from bench.webclient import Learner, Timings, percentile  # noqa: E402
from engine.rules import Counting  # noqa: E402
from tests.databases import drop_database  # noqa: E402
from trainer import database  # noqa: E402
from trainer.database import db  # noqa: E402
from trainer.play import choices, games, moves  # noqa: E402
from trainer.play.models import SavedGame  # noqa: E402
from trainer.play.seats import Sitter  # noqa: E402
from trainer.play.table import DecisionKind, Table  # noqa: E402
from trainer.record import accounts  # noqa: E402
from trainer.web import create_app  # noqa: E402

PASSWORD = "benchmark password"
EVENT = re.compile(rb'"version": (\d+), "at": ([0-9.]+)')


# ---------------------------------------------------------------- the server


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def workers(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def start_server(url: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**environment(url), "CRIB_ACCOUNTS": "1"}
    server = subprocess.Popen([*CRIB, "serve", "--accounts", "--workers", "2", "--port", str(port)], env=env,
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=2).close()
            return server, base
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("crib serve did not start") from None
            time.sleep(0.3)


# ---------------------------------------------------------------- the streams (a process of their own)


def read_streams(port: int, keys: list[tuple[str, str]], ready, stop, out) -> None:
    """Open one stream per (key, cookie of a person at that table), tell ``ready``, read until
    ``stop``, send back every event as (stream index, version, at, received)."""
    selector = selectors.DefaultSelector()
    buffers: dict[int, bytes] = {}
    got: list[tuple[int, int, float, float]] = []
    opened = 0
    for index, (key, cookie) in enumerate(keys):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET /live/{key} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                     f"Cookie: {cookie}\r\n\r\n".encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, index)
        buffers[index] = b""
    while opened < len(keys):  # every stream answered ": open"
        for selected, _ in selector.select(timeout=10):
            index = selected.data
            buffers[index] += selected.fileobj.recv(65536)
            if b": open" in buffers[index] and not buffers[index].startswith(b"OPENED"):
                buffers[index] = b"OPENED"
                opened += 1
    ready.set()
    while not stop.is_set():
        for selected, _ in selector.select(timeout=0.2):
            received = time.time()
            data = selected.fileobj.recv(65536)
            for version, at in EVENT.findall(data):
                got.append((selected.data, int(version), float(at), received))
    out.send(got)
    for selected in list(selector.get_map().values()):
        selected.fileobj.close()


# ---------------------------------------------------------------- pages (a process of their own)


def time_pages(base: str, name: str, path: str, clients: int, requests: int, out) -> None:
    timings = Timings()

    def client() -> None:
        learner = Learner(base, Timings())
        learner.sign_in(name, PASSWORD)
        for _ in range(5):  # warm: each worker's first pages load templates and caches
            learner.request("warm", path)
        for _ in range(requests):
            learner.request("page", path)
        timings.merge(learner.timings)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.send((timings.seconds["page"], timings.errors.get("page", 0)))


def page_times(base: str, name: str, path: str, clients: int, requests: int) -> tuple[list[float], int]:
    receiving, sending = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.Process(target=time_pages, args=(base, name, path, clients, requests, sending))
    process.start()
    result = receiving.recv()
    process.join()
    return result


# ---------------------------------------------------------------- the moves


def the_move(table: Table) -> moves.GameMove | None:
    decision = table.decision
    if table.waiting:
        return moves.SayGo() if decision is not None and decision.kind is DecisionKind.GO else moves.Continue()
    if decision is None or decision.kind is DecisionKind.OVER:
        return None
    match decision.kind:
        case DecisionKind.DISCARD:
            return moves.Discard(tuple(sorted(decision.hand))[:decision.discards])
        case DecisionKind.CUT:
            return moves.Cut("")
        case DecisionKind.PLAY:
            return moves.PlayCard(decision.legal[0])
    return moves.Accept()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", required=True, help="a PostgreSQL URL of a role that may CREATE DATABASE")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--moves", type=int, default=600, help="moves that change a game (each announced)")
    parser.add_argument("--page-clients", type=int, default=4)
    parser.add_argument("--page-requests", type=int, default=50, help="requests of each page client")
    args = parser.parse_args()

    admin = create_engine(args.postgres, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    name = f"crib_bench_{os.getpid()}"
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(args.postgres).set(database=name).render_as_string(hide_password=False)
    server = None
    began = time.monotonic()
    try:
        server, base = start_server(url)
        port = int(base.rsplit(":", 1)[1])
        print(f"crib serve --accounts --workers 2 on PostgreSQL ({name}); workers {workers(server.pid)}")
        app = create_app({"SECRET_KEY": "benchmark-" * 4, "SQLALCHEMY_DATABASE_URI": url, "MIGRATE_ON_START": False})
        tables: list[tuple[int, list[int], str]] = []  # game id, its people's ids, its live key
        with app.app_context():
            host = accounts.sign_up("Host", PASSWORD, PASSWORD).id
            hashed = accounts.hash_password(PASSWORD)  # accounts, each signed in for its seat's stream
            for number in range(args.tables):
                people = [host if number == 0 and seat == 0 else
                          accounts.create_learner(f"p{number}-{seat}", password_hash=hashed).id for seat in range(4)]
                database.commit()
                key = secrets.token_urlsafe(24)
                setup = choices.GameSetup(variant="four-each", length="121", counting=Counting.AUTOMATIC)
                game_id = games.new_game(people[0], setup, seed=number, sitters=[Sitter.person(p) for p in people],
                                         live_key=key)
                tables.append((game_id, people, key))
        print(f"{args.tables} tables of four people set up ({time.monotonic() - began:.0f} s)")
        page = f"/play/{tables[0][0]}"

        quiet, quiet_errors = page_times(base, "Host", page, args.page_clients, args.page_requests)
        before = {pid: rss_kib(pid) for pid in workers(server.pid)}

        cookies = {person: stream_cookie(app, person) for _, people, _ in tables for person in people}
        keys = [(key, cookies[person]) for _, people, key in tables for person in people]  # every seat's page
        ready, stop = multiprocessing.Event(), multiprocessing.Event()
        receiving, sending = multiprocessing.Pipe(duplex=False)
        reader = multiprocessing.Process(target=read_streams, args=(port, keys, ready, stop, sending))
        reader.start()
        if not ready.wait(120):
            raise RuntimeError("the streams did not open")
        time.sleep(2)  # every worker's listener connected, memory settled
        after = {pid: rss_kib(pid) for pid in workers(server.pid)}
        streaming, streaming_errors = page_times(base, "Host", page, args.page_clients, args.page_requests)

        announced: list[tuple[int, int, int]] = []  # table, version, mover's seat
        made = 0
        moving = time.monotonic()
        with app.app_context():
            finished: set[int] = set()
            while made < args.moves and len(finished) < len(tables):
                for index, (game_id, people, _key) in enumerate(tables):
                    if index in finished or made >= args.moves:
                        continue
                    moved = False
                    for seat, person in enumerate(people):
                        table = games.load_table(person, game_id)
                        move = the_move(table) if table is not None else None
                        if move is None:
                            continue
                        games.act(person, game_id, table.version, move)
                        moved = True
                        if not isinstance(move, (moves.Continue, moves.SayGo)):
                            row = db.session.get(SavedGame, game_id)
                            db.session.refresh(row)
                            announced.append((index, row.version + row.talk, seat))
                            made += 1
                            break
                    if not moved:
                        finished.add(index)
        moving = time.monotonic() - moving
        time.sleep(2)
        stop.set()
        events = receiving.recv()
        reader.join()

        heard: dict[tuple[int, int], float] = {}
        for stream, version, at, received in events:
            heard.setdefault((stream, version), received - at)
        latencies, missing = [], 0
        for table_index, version, mover in announced:
            for seat in range(4):
                if seat == mover:
                    continue
                delay = heard.get((table_index * 4 + seat, version))
                if delay is None:
                    missing += 1
                else:
                    latencies.append(delay)

        def ms(values: list[float], share: float) -> str:
            return f"{1000 * percentile(values, share):.1f}" if values else "-"

        streams = len(keys)
        grown = sum(after.values()) - sum(before.values())
        print(f"streams open: {streams} ({len(tables)} tables x 4 seats) over {len(after)} workers")
        print(f"moves: {len(announced)} in {moving:.1f} s ({len(announced) / moving:.1f}/s), "
              f"each to the 3 other seats: {len(latencies)} deliveries heard, {missing} missing")
        print(f"commit-to-stream: p50 {ms(latencies, 0.5)} ms, p99 {ms(latencies, 0.99)} ms, "
              f"max {ms(latencies, 1.0)} ms (target p99 < 250 ms)")
        print(f"workers' RSS: before {sum(before.values()) / 1024:.1f} MiB, with the streams "
              f"{sum(after.values()) / 1024:.1f} MiB: {grown / streams:.1f} KiB a stream")
        print(f"page GET {page} ({args.page_clients} clients x {args.page_requests}):")
        print(f"  without streams: p50 {ms(quiet, 0.5)} ms, p99 {ms(quiet, 0.99)} ms, errors {quiet_errors}")
        print(f"  with {streams} streams: p50 {ms(streaming, 0.5)} ms, p99 {ms(streaming, 0.99)} ms, "
              f"errors {streaming_errors} (ratio of p99s {percentile(streaming, 0.99) / percentile(quiet, 0.99):.2f},"
              f" target <= 1.5)")
        print(f"wall: {time.monotonic() - began:.0f} s")
        with app.app_context():
            db.engine.dispose()
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        drop_database(admin, name)
        admin.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
