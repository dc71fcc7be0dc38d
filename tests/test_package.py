"""The trainer as a real package: the wheel carries the code, the templates,
lessons, migrations and static files, and a ``crib serve`` installed from it
into a fresh virtual environment, run outside the checkout, serves the home
page, a drill after signing in, and a lesson.

Building and installing take a while (about 15-30 s, most of it pip
installing the dependencies from its cache or the index), once per session.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.processes import Browser, Server, server_env
from trainer.lessons.course import load_lessons
from trainer.resources import CONTENT, content_dir

ROOT = Path(__file__).resolve().parents[1]
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
                                    ".hypothesis", ".pytest_cache", "*.sqlite3")


def _files(folder: Path, suffix: str = "") -> set[str]:
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob(f"*{suffix}")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of this checkout (so the checkout gets no build/ folder)."""
    folder = tmp_path_factory.mktemp("wheel")
    shutil.copytree(ROOT, folder / "source", ignore=NOT_SOURCE)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder / "dist"),
                    str(folder / "source")], check=True, capture_output=True, text=True)
    (built,) = (folder / "dist").glob("cribbage_trainer-*.whl")
    return built


@pytest.fixture(scope="session")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment outside the checkout with the wheel and its dependencies; its bin folder."""
    venv = tmp_path_factory.mktemp("installed") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet",
                           str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return venv / "bin"


def test_the_checkout_finds_its_content_at_the_top():
    for name in CONTENT:
        assert content_dir(name) == ROOT / name


@pytest.mark.slow
def test_the_wheel_carries_the_code_and_the_content(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in ("engine", "trainer"):
        missing = {f"{package}/{name}" for name in _files(ROOT / package, ".py")} - names
        assert not missing, f"modules missing from the wheel (add their package to pyproject.toml): {missing}"
    for name in CONTENT:
        missing = {f"trainer/_data/{name}/{path}" for path in _files(ROOT / name)} - names
        assert not missing, f"content missing from the wheel (see pyproject.toml's package-data): {missing}"
    static = ROOT / "trainer" / "web" / "static"
    assert not {f"trainer/web/static/{path}" for path in _files(static)} - names
    assert not {f"engine/data/{path}" for path in _files(ROOT / "engine" / "data")} - names  # the win and keep tables
    translations = ROOT / "trainer" / "translations"
    assert not {f"trainer/translations/{path}" for path in _files(translations)} - names  # the catalogs
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


@pytest.mark.slow
def test_crib_serve_from_the_installed_wheel(installed, tmp_path):
    where = subprocess.run([installed / "python", "-c", "import trainer; print(trainer.__file__)"], cwd=tmp_path,
                           capture_output=True, text=True, check=True, env=server_env()).stdout
    assert Path(where).is_relative_to(installed.parent) and not Path(where).is_relative_to(ROOT)

    env = server_env(DATABASE_URL=f"sqlite:///{tmp_path / 'trainer.sqlite3'}", SECRET_KEY="package test",
                     XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH="")
    server = Server([str(installed / "crib")], [], env, cwd=tmp_path)
    try:
        server.wait_until_up()
        browser = Browser()
        home = browser.fetch(server.url + "/")
        assert home.status == 200 and "Who is practising?" in home.text
        signed_in = browser.post_form(server.url + "/", server.url + "/", {"name": "Ann"})
        assert signed_in.status == 302, signed_in.text
        drill = browser.fetch(server.url + "/show/")
        if drill.status == 302:  # the count drill deals a hand, then shows it at its own address
            drill = browser.fetch(server.url + drill.headers["Location"])
        assert drill.status == 200 and re.search(r'class="card', drill.text), drill.text[:2000]
        lesson = load_lessons()[1]
        page = browser.fetch(f"{server.url}/lessons/{lesson.slug}")
        assert page.status == 200 and lesson.title in page.text
        # The catalogs and the Russian course ship too: switched to Russian, the same lesson is in Russian.
        switched = browser.post_form(server.url + "/", server.url + "/language", {"language": "ru", "next": "/"})
        assert switched.status == 302, switched.text
        russian = load_lessons(language="ru")[1]
        page = browser.fetch(f"{server.url}/lessons/{russian.slug}")
        assert page.status == 200 and html.escape(russian.title, quote=False) in page.text and "Уроки" in page.text
        css = browser.fetch(server.url + "/static/trainer.css")
        assert css.status == 200 and "{" in css.text
    finally:
        output = server.output()
    assert "Traceback" not in output, output
