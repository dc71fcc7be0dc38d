"""The learner's own pages at 100,000 attempts: the review, its history, the
progress page (and the check-up, when the app has one), on SQLite and on
PostgreSQL.

Seeds one learner with ``--attempts`` realistic answers (:func:`trainer.demo.populate`:
the drills' own grading and :func:`trainer.record.attempts.record_attempts` in
batches of a thousand, so the tallies are the drills' own), replays them into
the ratings, the FSRS cards and the week by week progress as the migration
does (:func:`trainer.rating.replay.replay_learner`), then times each page
through the Flask test client (the whole request: routing, queries,
templates), printing the median and 99th percentile per page.

    python bench/bench_learner_pages.py                          # SQLite in a temporary folder
    python bench/bench_learner_pages.py --postgres postgresql+psycopg://user:pw@127.0.0.1/postgres
    python bench/bench_learner_pages.py --attempts 10000 --rounds 20   # a quick look

``--postgres`` names a server and a database to connect to in order to make
(and at the end drop) a database of the benchmark's own.
Target (issue 27): each page under 50 ms median at 100,000 attempts.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlalchemy as sa
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer import demo  # noqa: E402
from trainer.database import db  # noqa: E402
from trainer.rating import replay  # noqa: E402
from trainer.rating.models import ProgressWeek  # noqa: E402
from trainer.record.learners import learner_by_name  # noqa: E402
from trainer.record.models import Attempt  # noqa: E402
from trainer.web import create_app  # noqa: E402

#: The pages timed, by name and path (the check-up only where the app has it).
PAGES = (("review", "/review/"), ("review history", "/review/history"), ("progress", "/progress/"),
         ("checkup", "/checkup/"))
#: The bench's PostgreSQL database, made and dropped on the server ``--postgres`` names.
POSTGRES_NAME = "bench_learner_pages"


def seed(url: str, attempts: int) -> float:
    """Migrate ``url``, record ``attempts`` for demo-1 and replay them into the aggregates; the seconds taken."""
    started = time.perf_counter()
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        rng = random.Random(1)
        demo.populate(1, attempts, pools=demo.deal_pools(rng, scale=0.2), force=True, seed=1)
        learner_id = learner_by_name("demo-1").id
        with db.engine.begin() as connection:
            replay.replay_learner(connection, learner_id)
        if db.engine.dialect.name == "postgresql":  # as autovacuum would have long before 100,000 answers
            with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
                connection.execute(sa.text("VACUUM ANALYZE"))
        recorded = db.session.scalar(sa.select(sa.func.count()).select_from(Attempt).where(Attempt.learner_id == learner_id))
        weeks = db.session.scalar(sa.select(sa.func.count()).select_from(ProgressWeek)
                                  .where(ProgressWeek.learner_id == learner_id))
        print(f"  demo-1: {recorded:,} attempts, {weeks:,} progress rows", flush=True)
        db.session.remove()
        db.engine.dispose()
    return time.perf_counter() - started


def time_pages(url: str, rounds: int) -> dict[str, tuple[list[float], list[float]]]:
    """Each page's times over ``rounds`` requests as demo-1, after a few to warm up:
    the wall clock's, and this process's CPU time (which other work on a busy machine
    does not lengthen; the database server's own is not in it)."""
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": False,
                      "MIGRATE_ON_START": False})
    client = app.test_client()
    assert client.post("/", data={"name": "demo-1"}).status_code == 302
    routes = {rule.rule for rule in app.url_map.iter_rules()}
    pages = [(name, path) for name, path in PAGES if path in routes]
    seconds: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _ in pages}
    for round_ in range(rounds + 3):
        for name, path in pages:
            started, cpu = time.perf_counter(), time.process_time()
            response = client.get(path)
            took, cpu_took = time.perf_counter() - started, time.process_time() - cpu
            if response.status_code != 200:
                raise RuntimeError(f"{path}: {response.status_code}")
            if round_ >= 3:
                seconds[name][0].append(took)
                seconds[name][1].append(cpu_took)
    with app.app_context():
        db.engine.dispose()
    return seconds


def report(where: str, seconds: dict[str, tuple[list[float], list[float]]]) -> None:
    print(f"\n{where} (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"{'page':16} {'requests':>8} {'p50 ms':>8} {'p99 ms':>8} {'CPU p50 ms':>10}")
    for name, (values, cpu) in seconds.items():
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(f"{name:16} {len(values):8d} {1000 * statistics.median(values):8.1f} {1000 * p99:8.1f}"
              f" {1000 * statistics.median(cpu):10.1f}")


@contextmanager
def sqlite_database() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        yield f"sqlite:///{Path(folder) / 'bench.sqlite3'}"


@contextmanager
def postgres_database(server: str) -> Iterator[str]:
    """A database of the bench's own on the server ``server`` names, dropped on exit."""
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{POSTGRES_NAME}"'))
        connection.execute(sa.text(f'CREATE DATABASE "{POSTGRES_NAME}"'))
    try:
        yield make_url(server).set(database=POSTGRES_NAME).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{POSTGRES_NAME}" WITH (FORCE)'))
        admin.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=50, help="times each page is timed")
    parser.add_argument("--postgres", help="a PostgreSQL server's URL, to time PostgreSQL too")
    parser.add_argument("--only-postgres", action="store_true", help="leave SQLite out")
    args = parser.parse_args()
    places = [] if args.only_postgres else [("SQLite", sqlite_database())]
    if args.postgres:
        places.append(("PostgreSQL", postgres_database(args.postgres)))
    for where, database in places:
        with database as url:
            took = seed(url, args.attempts)
            report(f"{where}: demo-1 with {args.attempts:,} attempts (seeded in {took:.0f} s)",
                   time_pages(url, args.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
