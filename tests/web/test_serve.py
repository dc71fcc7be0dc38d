"""``crib serve`` for many learners: /healthz, several workers, migrations run
once however many servers start together, the database URL printed without
its password, no server banner, server mode beyond loopback, ``crib db upgrade``."""

from __future__ import annotations

import gc
import socket
import sqlite3
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import pytest
import waitress
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from tests.databases import app_config, close_app
from tests.processes import CRIB, Browser, Server, server_env
from trainer.cli import main
from trainer.web import create_app, database_revision, serving, shared_secret_key


@pytest.fixture(autouse=True)
def clean_environment(tmp_path, monkeypatch):
    """No setting from the outer environment, and a data folder of the test's own."""
    for name in ("DATABASE_URL", "SECRET_KEY", "CRIB_MIGRATE", "CRIB_ACCOUNTS", "SESSION_COOKIE_SECURE",
                 "CRIB_TRUSTED_PROXIES", "CRIB_SIGN_IN_LIMIT", "CRIB_SIGN_IN_NAME_LIMIT", "CRIB_SIGN_UP_LIMIT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


# ------------------------------------------------------------------ /healthz


@pytest.mark.parametrize("accounts", [False, True])
def test_healthz_says_ok_with_no_cookie_and_no_sign_in(app, client, accounts):
    app.config["ACCOUNTS"] = accounts
    for method in (client.get, client.head):
        response = method("/healthz")
        assert response.status_code == 200
        assert "Set-Cookie" not in response.headers
    assert client.get("/healthz").get_data(as_text=True) == "ok"


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:///{tmp}/no/such/folder/trainer.sqlite3",
        "postgresql+psycopg://crib:secret@127.0.0.1:1/nowhere",  # nothing listens on port 1
    ],
)
def test_healthz_is_503_when_the_database_is_unreachable(tmp_path, url):
    app = create_app({**app_config(url.format(tmp=tmp_path)), "MIGRATE_ON_START": False})
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert "Set-Cookie" not in response.headers
    close_app(app)


# ------------------------------------------------------------------ migrating


def _tables(path: Path) -> set[str]:
    return {row[0] for row in sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_crib_db_upgrade_migrates_what_crib_migrate_0_left_alone(tmp_path, monkeypatch, capsys):
    path = tmp_path / "trainer.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("CRIB_MIGRATE", "0")
    close_app(create_app())
    assert "learner" not in _tables(path)

    assert main(["db", "upgrade"]) == 0
    app = create_app()
    current, head = database_revision(app)
    close_app(app)
    assert current == head
    assert capsys.readouterr().out.strip() == f"sqlite:///{path}: migrated from an empty database to {head}"
    assert {"learner", "attempt", "alembic_version"} <= _tables(path)
    assert main(["db", "upgrade"]) == 0
    assert "already at the newest migration" in capsys.readouterr().out


def test_serve_refuses_a_database_left_unmigrated(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("CRIB_MIGRATE", "0")
    monkeypatch.setattr(waitress, "create_server", lambda *args, **kwargs: pytest.fail("served an unmigrated database"))
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "run `crib db upgrade`" in error


#: Python for processes that must act at the same instant: ``all_at(step)`` says on the
#: output that this copy has reached ``step`` (after its imports, say) and returns when the
#: test, once every copy has said so, writes "go" to its input (:func:`together`).
ALL_AT = """
import sys

def all_at(step):
    print("at", step, flush=True)
    if sys.stdin.readline() != "go\\n":
        sys.exit("the test did not say go")
"""

#: Makes the app on each database given, every copy at once, and prints what happened.
STARTING_TOGETHER = ALL_AT + """
from trainer.web import create_app
from trainer.database import db

for step, url in enumerate(sys.argv[1:]):
    all_at(step)
    try:
        app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
        with app.app_context():
            db.engine.dispose()
        print("ok", flush=True)
    except Exception as error:
        print("failed:", type(error).__name__, str(error).splitlines()[0], flush=True)
"""

#: Reads (making it if need be) the session key in a folder, every copy at once.
KEY_TOGETHER = ALL_AT + """
from pathlib import Path
from trainer.web import shared_secret_key

all_at("key")
print(shared_secret_key(Path(sys.argv[1])))
"""


def together(script: str, args: list[str], copies: int, steps: list[str], timeout: float = 120) -> list[str]:
    """Run ``copies`` of ``script`` (which calls ``all_at`` at each of ``steps``), letting them
    past each step only once every copy has reached it; what each printed besides.  A copy
    that hangs is killed after ``timeout`` seconds, which fails the test."""
    processes = [subprocess.Popen([sys.executable, "-c", script, *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                 for _ in range(copies)]
    guard = threading.Timer(timeout, lambda: [process.kill() for process in processes])
    guard.start()
    try:
        printed = [""] * copies
        for step in steps:
            for number, process in enumerate(processes):
                while (line := process.stdout.readline()) != f"at {step}\n":
                    assert line, f"copy {number} ended before step {step}:\n{printed[number]}"
                    printed[number] += line
            for process in processes:
                process.stdin.write("go\n")
                process.stdin.flush()
        return [output + process.communicate()[0] for output, process in zip(printed, processes)]
    finally:
        guard.cancel()
        for process in processes:
            process.kill()
            process.wait()
            for pipe in (process.stdin, process.stdout):
                pipe.close()


@pytest.mark.slow
@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
def test_processes_starting_together_on_a_fresh_database_migrate_it_once(request, tmp_path, dialect):
    """Three processes make the app at the same instant on each of four fresh databases."""
    if dialect == "postgresql":
        server = request.getfixturevalue("postgres_server")
        urls = [server.new_database("race") for _ in range(4)]
    else:
        urls = [f"sqlite:///{tmp_path / f'race{n}.sqlite3'}" for n in range(4)]
    outputs = together(STARTING_TOGETHER, urls, 3, [str(step) for step in range(len(urls))])
    assert all(output.split() == ["ok"] * len(urls) for output in outputs), outputs
    for url in urls:
        app = create_app({**app_config(url), "MIGRATE_ON_START": False})
        current, head = database_revision(app)
        close_app(app)
        assert current == head
        if dialect == "postgresql":
            server.drop(url)


@pytest.mark.slow
def test_the_session_key_is_made_once_by_processes_starting_together(tmp_path):
    keys = {output.strip() for output in together(KEY_TOGETHER, [str(tmp_path)], 4, ["key"])}
    assert keys == {shared_secret_key(tmp_path)}
    assert len(keys.pop()) == 64
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


# ------------------------------------------------------------------ real servers


def _sign_in_on_one_and_be_known_on_the_other(first: Server, second: Server) -> None:
    browser = Browser()
    assert browser.post_form(first.url + "/", first.url + "/", {"name": "Ann"}).status == 302
    home = browser.fetch(second.url + "/")
    assert home.status == 200 and "Ann" in home.text  # the other process reads the cookie: one key


@pytest.mark.slow
@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
def test_two_servers_started_at_once_on_a_fresh_database_both_serve(request, tmp_path, dialect):
    """Three pairs at once, each pair `crib serve` and `crib serve --workers 2` on a new
    database and a new data folder (so they also race to make the session key)."""
    postgres = request.getfixturevalue("postgres_server") if dialect == "postgresql" else None
    pairs, urls = [], []
    for trial in range(3):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        urls.append(postgres.new_database("serve") if postgres else f"sqlite:///{folder / 'trainer.sqlite3'}")
        env = server_env(DATABASE_URL=urls[-1], XDG_DATA_HOME=str(folder), HOME=str(folder))
        pairs.append([Server(CRIB, ["--threads", "2"], env), Server(CRIB, ["--workers", "2", "--threads", "2"], env)])
    servers = [server for pair in pairs for server in pair]
    try:
        for server in servers:
            server.wait_until_up()
        for server in servers:
            page = Browser().fetch(server.url + "/")
            assert page.status == 200 and "Who is practising?" in page.text
            assert "Server" not in page.headers, page.headers  # no banner from waitress or gunicorn
        for one_process, workers in pairs:
            if Path("/proc").is_dir():
                assert len(one_process.children()) == 0 and len(workers.children()) == 2
            _sign_in_on_one_and_be_known_on_the_other(one_process, workers)
    finally:
        for server in servers:
            server.terminate()
        outputs = [server.output() for server in servers]
    for output in outputs:
        assert output.startswith("Cribbage trainer on http://127.0.0.1:") and "Traceback" not in output, output
    for url in urls if postgres else ():
        postgres.drop(url)


def test_the_printed_database_url_hides_its_password(postgres_server, monkeypatch, capsys):
    url = postgres_server.new_database("banner")
    password = make_url(url).password
    assert password, "TEST_DATABASE_URL needs a password for this test"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setattr(waitress, "create_server", lambda app, **kwargs: StubServer(app))
    assert main(["serve"]) == 0
    banner = capsys.readouterr().out
    assert "database: postgresql+psycopg://" in banner and ":***@" in banner
    assert f":{password}@" not in banner
    postgres_server.drop(url)


def test_an_unreachable_database_is_one_line_without_its_password(monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "postgresql://crib:hunter2@127.0.0.1:1/nowhere")
    monkeypatch.setenv("SECRET_KEY", "x")
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("crib: cannot use the database postgresql+psycopg://crib:***@127.0.0.1:1/nowhere:")
    assert error.count("\n") == 1 and "hunter2" not in error


# ------------------------------------------------------------------ options


class StubServer:
    """Stands for waitress's server: ``run`` returns at once."""

    def __init__(self, app):
        self.app = app

    def run(self):
        close_app(self.app)


#: A session key long enough for server mode.
GOOD_KEY = "0123456789abcdef" * 4


@pytest.fixture
def served(tmp_path, monkeypatch):
    """Runs ``crib serve`` in this process, recording what it would hand waitress."""
    calls = []
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    monkeypatch.setenv("SECRET_KEY", GOOD_KEY)

    def create_server(app, **kwargs):
        calls.append((app.config, kwargs))
        return StubServer(app)

    monkeypatch.setattr(waitress, "create_server", create_server)

    def serve(*args: str):
        assert main(["serve", *args]) == 0
        return calls.pop()

    return serve


@pytest.mark.parametrize(
    "args, env, accounts",
    [
        ([], {}, False),
        (["--host", "localhost"], {}, False),
        (["--host", "0.0.0.0"], {}, True),
        (["--host", "::"], {}, True),
        (["--host", "0.0.0.0", "--personal"], {}, False),
        (["--accounts"], {}, True),
        ([], {"CRIB_ACCOUNTS": "1"}, True),
        (["--host", "0.0.0.0"], {"CRIB_ACCOUNTS": "0"}, False),
        (["--personal"], {"CRIB_ACCOUNTS": "1"}, False),
    ],
)
@pytest.mark.slow
def test_accounts_by_flag_environment_or_host(served, monkeypatch, args, env, accounts):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert served(*args)[0]["ACCOUNTS"] is accounts


def test_waitress_serves_without_a_banner_with_the_threads_asked(served, capsys):
    _, kwargs = served("--threads", "3")
    assert kwargs["ident"] is None and kwargs["threads"] == 3
    assert "3 threads" in capsys.readouterr().out


def test_waitress_bounds_bodies_and_drops_idle_connections(served):
    _, kwargs = served("--request-timeout", "7")
    assert kwargs["max_request_body_size"] == 1 << 20
    assert kwargs["channel_timeout"] == 30 and kwargs["cleanup_interval"] <= 10


@pytest.mark.parametrize("key", ["x", "0123456789abcdef"])
def test_a_short_secret_key_is_refused_with_accounts(monkeypatch, capsys, tmp_path, key):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    monkeypatch.setenv("SECRET_KEY", key)
    assert main(["serve", "--accounts"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"crib: SECRET_KEY has {len(key)} character") and error.count("\n") == 1
    assert "at least 32" in error


def test_a_short_secret_key_is_warned_about_in_personal_mode(served, monkeypatch, capsys):
    monkeypatch.setenv("SECRET_KEY", "x")
    served()
    assert "Warning: SECRET_KEY has 1 character; use at least 32" in capsys.readouterr().out


def test_listening_beyond_loopback_with_no_proxy_said_to_be_in_front_warns(served, monkeypatch, capsys):
    served()
    assert "Warning" not in capsys.readouterr().out
    served("--host", "0.0.0.0")
    assert "Warning: listening on 0.0.0.0 with no reverse proxy in front" in capsys.readouterr().out
    monkeypatch.setenv("CRIB_TRUSTED_PROXIES", "1")
    served("--host", "0.0.0.0")
    assert "Warning" not in capsys.readouterr().out


def test_workers_become_threads_where_gunicorn_cannot_run(served, monkeypatch, capsys):
    monkeypatch.setattr(serving, "gunicorn_server", None)
    _, kwargs = served("--workers", "3", "--threads", "2")
    assert kwargs["threads"] == 6
    assert "gunicorn does not run on this system" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--workers", "0"], "workers must be from 1 to 64, not 0"),
        (["--port", "70000"], "port must be from 1 to 65535, not 70000"),
        (["--threads", "many"], "threads must be a whole number, not 'many'"),
        (["--accounts", "--personal"], "not allowed with argument"),
    ],
)
def test_bad_options_are_one_line(args, message, capsys):
    assert main(["serve", *args]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("CRIB_MIGRATE", "maybe", "CRIB_MIGRATE must be 1 or 0"),
        ("SESSION_COOKIE_SECURE", "sure", "SESSION_COOKIE_SECURE must be 1 or 0"),
        ("DATABASE_URL", "my database", "DATABASE_URL is not a database URL"),
    ],
)
def test_a_bad_environment_is_one_line(monkeypatch, capsys, name, value, message):
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv(name, value)
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


def test_secure_cookies_and_the_key_from_the_environment(served, monkeypatch):
    monkeypatch.setenv("SESSION_COOKIE_SECURE", "1")
    monkeypatch.setenv("SECRET_KEY", "shared by every host")
    config, _ = served()
    assert config["SESSION_COOKIE_SECURE"] is True
    assert config["SECRET_KEY"] == "shared by every host"


def test_a_data_folder_that_cannot_be_made_is_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "a file").write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "a file"))
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"crib: cannot use the data folder {tmp_path / 'a file' / 'cribbage-trainer'}: ")
    assert "XDG_DATA_HOME" in error and error.count("\n") == 1


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc: a folder nobody may write, root too")
@pytest.mark.parametrize("folder", ["/proc/self", "/proc/no-such-folder"])
def test_a_new_database_in_a_folder_it_cannot_be_made_in_is_one_line(monkeypatch, capsys, folder):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{folder}/trainer.sqlite3")
    monkeypatch.setenv("SECRET_KEY", GOOD_KEY)
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"crib: cannot use the database sqlite:///{folder}/trainer.sqlite3: ")
    assert "may write there" in error and error.count("\n") == 1


def test_a_port_in_use_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    with warnings.catch_warnings():  # waitress leaves the socket of a server it failed to bind open (the process then exits)
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    error = capsys.readouterr().err
    assert error.startswith(f"crib: cannot listen on 127.0.0.1:{port}: ") and error.count("\n") == 1


def test_a_test_database_is_dropped_while_its_role_is_still_connected(postgres_server):
    url = postgres_server.new_database("drop")
    lingering = create_engine(url, poolclass=NullPool)
    connection = lingering.connect()
    connection.execute(text("SELECT 1"))
    postgres_server.drop(url)
    with postgres_server.admin.connect() as admin:
        left = admin.execute(text("SELECT count(*) FROM pg_database WHERE datname = :name"),
                             {"name": make_url(url).database}).scalar_one()
    assert left == 0
    connection.invalidate()
    lingering.dispose()
