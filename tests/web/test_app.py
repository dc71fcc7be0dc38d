"""The app factory, the learner profiles and the pages every feature shares."""

from __future__ import annotations

import sqlite3

from trainer import record
from trainer.web import BLUEPRINTS, create_app


def test_a_fresh_database_is_migrated_on_start(tmp_path):
    path = tmp_path / "fresh.sqlite3"
    create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    tables = {row[0] for row in sqlite3.connect(path).execute("select name from sqlite_master where type='table'")}
    assert {"learner", "drill", "attempt", "combo_result", "alembic_version"} <= tables


def test_database_url_from_the_environment(tmp_path, monkeypatch):
    path = tmp_path / "elsewhere.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    monkeypatch.setenv("SECRET_KEY", "from env")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{path}"
    assert path.exists()


def test_default_database_lives_in_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    app = create_app()
    folder = tmp_path / "cribbage-trainer"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{folder / 'trainer.sqlite3'}"
    assert (folder / "trainer.sqlite3").exists()
    # the session key is kept, so the learner cookie survives a restart
    assert create_app().config["SECRET_KEY"] == app.config["SECRET_KEY"]


def test_every_blueprint_is_in_the_nav(app):
    endpoints = [endpoint for endpoint, _ in app.config["NAV"]]
    assert len(endpoints) == len(BLUEPRINTS)
    assert [e.split(".")[0] for e in endpoints] == [name.rsplit(".", 1)[1] for name in BLUEPRINTS]


def test_first_visit_asks_for_a_name(client):
    page = client.get("/").get_data(as_text=True)
    assert "Who is practising?" in page
    assert 'name="name"' in page


def test_drills_need_a_learner(client):
    response = client.get("/show/")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/?next=")


def test_a_learner_is_created_and_remembered(learner, app):
    page = learner.client.get("/").get_data(as_text=True)
    assert "Hello, Ann" in page
    with app.app_context():
        assert [l.name for l in record.all_learners()] == ["Ann"]


def test_several_learners_on_one_machine(learner, app):
    learner.new("Bob")
    assert "Hello, Bob" in learner.client.get("/").get_data(as_text=True)
    with app.app_context():
        ann = record.learner_by_name("ann")
    learner.post("/learners/switch", {"learner_id": str(ann.id)})
    assert "Hello, Ann" in learner.client.get("/").get_data(as_text=True)


def test_the_same_name_is_the_same_profile(learner, app):
    learner.new("  ANN ")
    with app.app_context():
        assert len(record.all_learners()) == 1


def test_empty_and_overlong_names_are_refused(learner, app):
    response = learner.post("/", {"name": "   "}, follow_redirects=True)
    assert "Please type a name." in response.get_data(as_text=True)
    response = learner.post("/", {"name": "x" * 200}, follow_redirects=True)
    assert "at most 40 characters" in response.get_data(as_text=True)
    with app.app_context():
        assert [l.name for l in record.all_learners()] == ["Ann"]


def test_switching_to_a_missing_or_bogus_profile(learner):
    for bogus in ("999", "abc", "", "1e9", "-1", "9" * 40):
        response = learner.post("/learners/switch", {"learner_id": bogus}, follow_redirects=True)
        assert response.status_code == 200
        assert "That profile does not exist" in response.get_data(as_text=True)


def test_a_forged_post_is_refused_with_a_message(learner, app):
    response = learner.client.post("/", data={"name": "Mallory"}, follow_redirects=True)
    assert response.status_code == 200
    assert "did not come from this page" in response.get_data(as_text=True)
    response = learner.client.post("/", data={"name": "Mallory", "csrf_token": "forged"}, follow_redirects=True)
    assert "did not come from this page" in response.get_data(as_text=True)
    with app.app_context():
        assert record.learner_by_name("Mallory") is None


def test_signing_out(learner):
    learner.post("/learners/leave")
    assert "Who is practising?" in learner.client.get("/").get_data(as_text=True)


def test_unknown_page_is_a_404_page(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "There is no page at that address." in response.get_data(as_text=True)


def test_wrong_method_is_a_message_not_an_error(learner):
    response = learner.client.get("/learners/switch", follow_redirects=True)
    assert response.status_code == 200
    assert "cannot be used that way" in response.get_data(as_text=True)


def test_next_never_leaves_the_site(client):
    actions_token = client.get("/").get_data(as_text=True)
    from tests.web.conftest import csrf_token

    response = client.post("/?next=//evil.example/", data={"name": "Eve", "csrf_token": csrf_token(actions_token)})
    assert response.headers["Location"] == "/show/"
