"""The database failing the trainer for a while, on both databases: a read-only
period the trainer writes again after as soon as the database lets it, with a
``/healthz`` that says so throughout; a database away for a moment (SQLite locked,
a PostgreSQL connection lost) answered with a 503 page saying "try again", and an
error page that a failed database cannot fail in turn; and passwords hashed with
no transaction open, so a burst of sign-ins cannot hold the pool.

The app runs as it is served (``PROPAGATE_EXCEPTIONS`` off), so a failure is the
page a person would get, not an exception in the test."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from tests.databases import app_config, app_for_test, close_app
from trainer import database
from trainer.database import db, transient
from trainer.record import accounts, learners
from trainer.record.models import Learner

from .conftest import LearnerActions, csrf_token
from .helpers import page_text

#: Writes tried once the database can be written again (the issue measured 0 of 20 and 9 of 20).
WRITES = 20
#: Connections the app is made to hold at once, so its pool keeps several.
HELD = 5
#: The PostgreSQL application name of the test's app, so its sessions alone can be ended.
APP_NAME = "crib database faults"
PASSWORD = "correct horse"


def end_app_sessions(admin, url: str) -> None:
    """End the PostgreSQL sessions of the test's app on ``url``, as a server restart would;
    the app's next checkout finds them gone and opens new ones (the pool's pre-ping)."""
    with admin.connect() as connection:
        connection.execute(text("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity"
                                " WHERE datname = :name AND application_name = :app"),
                           {"name": make_url(url).database, "app": APP_NAME})


def served_app(url: str):
    """The app on ``url`` as ``crib serve`` runs it: an error is answered with its page."""
    if url.startswith("postgresql"):
        url = make_url(url).update_query_dict({"application_name": APP_NAME}).render_as_string(hide_password=False)
    app = app_for_test(app_config(url))
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app


class ReadOnly:
    """Makes the test's database read-only and writable again: PostgreSQL by the database's
    default (``ALTER DATABASE ... SET default_transaction_read_only``, which only new sessions
    take: the defect), SQLite by making its file immutable (``chattr +i``, which stops root too)."""

    def __init__(self, request, url: str):
        self.url = url
        self.postgres = url.startswith("postgresql")
        if self.postgres:
            self.admin = request.getfixturevalue("postgres_server").admin
            self.name = make_url(url).database
        else:
            self.path = Path(make_url(url).database)
            if not _chattr("+i", self.path):
                pytest.skip("chattr +i does not work here (not root, or a file system without it)")
            _chattr("-i", self.path)
        self.on = False

    def set(self, on: bool) -> None:
        if self.postgres:
            setting = "SET default_transaction_read_only = on" if on else "RESET default_transaction_read_only"
            with self.admin.connect() as connection:
                connection.execute(text(f'ALTER DATABASE "{self.name}" {setting}'))
        else:
            assert _chattr("+i" if on else "-i", self.path)
        self.on = on

    def restart(self) -> None:
        """End the app's PostgreSQL sessions, as a server restarting (into recovery, say) would."""
        if self.postgres:
            end_app_sessions(self.admin, self.url)


def _chattr(flag: str, path: Path) -> bool:
    chattr = shutil.which("chattr")
    return chattr is not None and subprocess.run([chattr, flag, str(path)], capture_output=True).returncode == 0


@pytest.fixture
def read_only(request, database_url):
    switch = ReadOnly(request, database_url)
    yield switch
    if switch.on:
        switch.set(False)


def write(client, name: str) -> int:
    """Open (so make) the profile ``name`` with its own form token, as a person would: the status."""
    token = csrf_token(client.get("/").get_data(as_text=True))
    return client.post("/", data={"name": name, "csrf_token": token}).status_code


def hold_connections(app, count: int = HELD) -> None:
    """Have the app's pool open ``count`` connections at once and keep them."""
    with app.app_context():
        connections = [db.engine.connect() for _ in range(count)]
        for connection in connections:
            connection.execute(text("SELECT 1"))
        for connection in connections:
            connection.close()


def learners_named(app, prefix: str) -> int:
    with app.app_context():
        names = db.session.scalars(select(Learner.name)).all()
        db.session.rollback()
    return sum(1 for name in names if name.startswith(prefix))


# ------------------------------------------------------------------ a read-only period


def test_a_database_read_only_when_the_trainer_starts_is_written_as_soon_as_it_is_writable(read_only,
                                                                                           database_url):
    read_only.set(True)
    app = served_app(database_url)
    try:
        client = app.test_client()
        assert client.get("/healthz").status_code == 503
        assert write(client, "During") == 500
        hold_connections(app)  # all opened read-only
        assert client.get("/healthz").status_code == 503
        read_only.set(False)
        assert client.get("/healthz").status_code == 200  # before: 503 until a restart
        statuses = [write(app.test_client(), f"After {n}") for n in range(WRITES)]
        assert statuses == [302] * WRITES  # before, on PostgreSQL: 0 of 20
        assert learners_named(app, "After ") == WRITES
        assert client.get("/healthz").status_code == 200
    finally:
        close_app(app)


def test_a_database_made_read_only_while_serving_is_written_again_as_soon_as_it_is_writable(read_only,
                                                                                            database_url):
    app = served_app(database_url)
    try:
        client = app.test_client()
        hold_connections(app)  # opened writable
        assert write(client, "Before") == 302
        read_only.set(True)
        read_only.restart()
        hold_connections(app)  # opened read-only
        assert client.get("/healthz").status_code == 503
        during = [write(client, f"During {n}") for n in range(3)]  # signed in: the error page reads its frame
        assert during == [500] * 3  # before, on PostgreSQL: a bare 500 (PendingRollbackError in the error page)
        read_only.set(False)
        assert client.get("/healthz").status_code == 200  # before: 503 until a restart
        statuses = [write(client, f"After {n}") for n in range(WRITES)]
        assert statuses == [302] * WRITES  # before, on PostgreSQL: 9 of 20
        assert learners_named(app, "After ") == WRITES
    finally:
        close_app(app)


# ------------------------------------------------------------------ a database away for a moment


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("language, title", [("en", "Try again in a moment"), ("ru", "Попробуйте чуть позже")])
def test_sqlite_locked_past_its_busy_timeout_is_a_503_page_saying_try_again(database_url, monkeypatch, language,
                                                                            title):
    """Another writer holds SQLite's write lock past the busy timeout (cut to 50 ms here):
    a 503 page in the language chosen, drawn as for a visitor (the request's first read,
    of who is signed in, is what waited); the same form sent again once the lock is free
    goes through."""
    monkeypatch.setattr(database, "SQLITE_BUSY_TIMEOUT_MS", 50)
    app = served_app(database_url)
    try:
        person = LearnerActions(app.test_client())
        person.new("Ann")
        assert person.post("/language", {"language": language}).status_code == 302
        token = csrf_token(person.client.get("/").get_data(as_text=True))
        holder = sqlite3.connect(make_url(database_url).database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            refused = person.client.post("/", data={"name": "Bob", "csrf_token": token})
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert refused.status_code == 503  # before: 500, 'database is locked'
        assert refused.headers["Retry-After"] == "5"
        text_of_page = page_text(refused)
        assert title in text_of_page
        assert person.client.post("/", data={"name": "Bob", "csrf_token": token}).status_code == 302
        assert learners_named(app, "Bob") == 1
    finally:
        close_app(app)


@contextmanager
def connection_lost_in(monkeypatch, admin, then_refuse: str | None = None, then_fail: Exception | None = None):
    """The next profile opened by name loses its PostgreSQL connection just before it reads:
    its backend is ended, as a server restart ends it; with ``then_refuse`` (a database's
    name) that database also accepts no new connection until the block ends; with
    ``then_fail`` the request fails with that error before it notices."""
    read_by_name = learners.learner_by_name
    ended = []

    def ending_first(name, **kwargs):
        if not ended:
            pid = db.session.execute(text("SELECT pg_backend_pid()")).scalar_one()
            with admin.connect() as connection:
                if then_refuse:
                    connection.execute(text(f'ALTER DATABASE "{then_refuse}" ALLOW_CONNECTIONS false'))
                ended.append(connection.execute(text("SELECT pg_terminate_backend(:pid, 10000)"),
                                                {"pid": pid}).scalar_one())
            if then_fail is not None:
                raise then_fail
        return read_by_name(name, **kwargs)

    monkeypatch.setattr(learners, "learner_by_name", ending_first)
    try:
        yield ended
    finally:
        if then_refuse:
            with admin.connect() as connection:
                connection.execute(text(f'ALTER DATABASE "{then_refuse}" ALLOW_CONNECTIONS true'))
        monkeypatch.setattr(learners, "learner_by_name", read_by_name)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_connection_lost_mid_request_is_a_503_page_and_the_next_request_is_served(database_url, monkeypatch,
                                                                                     postgres_server):
    app = served_app(database_url)
    try:
        person = LearnerActions(app.test_client())
        person.new("Ann")
        token = csrf_token(person.client.get("/").get_data(as_text=True))
        with connection_lost_in(monkeypatch, postgres_server.admin) as ended:
            lost = person.client.post("/", data={"name": "Bob", "csrf_token": token})
        assert ended == [True]
        # before: the error page itself failed (PendingRollbackError reading the frame's settings): a bare 500
        assert lost.status_code == 503
        assert "Try again in a moment" in page_text(lost) and "Ann" in page_text(lost)
        assert person.client.post("/", data={"name": "Bob", "csrf_token": token}).status_code == 302
    finally:
        close_app(app)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_the_error_page_is_drawn_when_the_database_cannot_be_reached_at_all(database_url, monkeypatch,
                                                                             postgres_server):
    """The connection lost and no new one let in (a server down for a restart): the page
    cannot read the learner's settings for its frame, so it is drawn as for a visitor."""
    app = served_app(database_url)
    try:
        person = LearnerActions(app.test_client())
        person.new("Ann")
        token = csrf_token(person.client.get("/").get_data(as_text=True))
        name = make_url(database_url).database
        with connection_lost_in(monkeypatch, postgres_server.admin, then_refuse=name):
            lost = person.client.post("/", data={"name": "Bob", "csrf_token": token})
            health = app.test_client().get("/healthz")
        assert lost.status_code == 503  # before: a bare 500
        assert "Try again in a moment" in page_text(lost) and "Ann" not in page_text(lost)
        assert (health.status_code, health.get_data(as_text=True)) == (503, "database unreachable")
        assert person.client.post("/", data={"name": "Bob", "csrf_token": token}).status_code == 302
    finally:
        close_app(app)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_the_500_page_is_drawn_when_the_connection_died_unnoticed(database_url, monkeypatch, postgres_server):
    """A fault of the trainer's while its connection has died unseen (a restart meanwhile):
    rolling the transaction back fails too, and the page is drawn all the same."""
    app = served_app(database_url)
    try:
        person = LearnerActions(app.test_client())
        person.new("Ann")
        token = csrf_token(person.client.get("/").get_data(as_text=True))
        with connection_lost_in(monkeypatch, postgres_server.admin, then_fail=RuntimeError("a fault")):
            failed = person.client.post("/", data={"name": "Bob", "csrf_token": token})
        assert failed.status_code == 500
        assert "Something went wrong" in page_text(failed) and "Ann" in page_text(failed)
    finally:
        close_app(app)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_connections_a_restart_ended_while_idle_cost_no_request(database_url, postgres_server):
    """The one retry that is always safe: a pooled connection found dead at checkout, before
    the request sent anything on it, is replaced (``pool_pre_ping``)."""
    app = served_app(database_url)
    try:
        client = app.test_client()
        hold_connections(app)
        assert write(client, "Before") == 302
        end_app_sessions(postgres_server.admin, database_url)
        assert client.get("/healthz").status_code == 200
        assert [write(client, f"After {n}") for n in range(HELD + 1)] == [302] * (HELD + 1)
    finally:
        close_app(app)


@pytest.mark.parametrize("error, passing", [
    (psycopg.errors.AdminShutdown("terminating connection due to administrator command"), True),
    (psycopg.errors.CannotConnectNow("the database system is starting up"), True),
    (psycopg.errors.SerializationFailure("could not serialize access"), True),
    (psycopg.errors.DeadlockDetected("deadlock detected"), True),
    (psycopg.OperationalError("consuming input failed: server closed the connection unexpectedly"), True),
    (OperationalError("SELECT 1", None, psycopg.OperationalError("connection refused")), True),
    (PoolTimeout("QueuePool limit of size 5 overflow 10 reached"), True),
    (psycopg.errors.ReadOnlySqlTransaction("cannot execute INSERT in a read-only transaction"), False),
    (psycopg.errors.UniqueViolation("duplicate key"), False),
    (psycopg.errors.UndefinedTable("relation does not exist"), False),
    (sqlite3.OperationalError("no such table: learner"), False),
    (ValueError("not a database error"), False),
])
def test_which_database_errors_pass(error, passing):
    assert transient(error) is passing


# ------------------------------------------------------------------ passwords hashed outside a transaction


def test_passwords_are_hashed_and_checked_with_no_transaction_open(server, monkeypatch):
    """Sign-up, sign-in (right, wrong, an unknown name) and a password change: while scrypt
    runs, the session has no transaction and no connection is out of the pool."""
    seen: list[tuple[str, bool, int]] = []

    def watched(name, function):
        def run(*args, **kwargs):
            seen.append((name, db.session().in_transaction(), db.engine.pool.checkedout()))
            return function(*args, **kwargs)
        return run

    monkeypatch.setattr(accounts, "generate_password_hash", watched("hash", accounts.generate_password_hash))
    monkeypatch.setattr(accounts, "check_password_hash", watched("check", accounts.check_password_hash))
    accounts._decoy_hash.cache_clear()  # worked out at the first unknown name, inside that sign-in
    client = server.test_client()

    def post(url, data, page):
        token = csrf_token(client.get(page).get_data(as_text=True))
        return client.post(url, data={"csrf_token": token, **data})

    assert post("/signup", {"name": "Ann", "password": PASSWORD, "confirm": PASSWORD}, "/signup").status_code == 302
    assert post("/learners/leave", {}, "/").status_code == 302
    for name, password in (("Ann", "wrong horse"), ("Nobody", PASSWORD), ("Ann", PASSWORD)):
        post("/signin", {"name": name, "password": password}, "/signin")
    changed = post("/account", {"current": PASSWORD, "password": "another good horse",
                                "confirm": "another good horse"}, "/account")
    assert changed.status_code == 302
    assert [name for name, *_ in seen].count("check") >= 4 and [name for name, *_ in seen].count("hash") >= 3
    # before: a sign-in and a password change checked the password inside their transaction, holding a connection
    assert [(name, False, 0) for name, *_ in seen] == seen
