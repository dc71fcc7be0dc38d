"""The app factory, the learner profiles and the pages every feature shares."""

from __future__ import annotations

import re
import sqlite3

import pytest

from trainer import database
from trainer.record import learners
from trainer.web import BLUEPRINTS, create_app
from trainer.web.learners import PROFILES_LISTED

from .conftest import LearnerActions, csrf_token
from .helpers import page_text


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


#: Blueprints linked from elsewhere in the header (the settings, beside the learner's name).
NOT_IN_NAV = {"settings", "daily", "checkup", "rooms"}  # the daily deal and the check-up are linked from the home and progress pages, the rooms from Play


def test_every_blueprint_is_in_the_nav(app):
    endpoints = [endpoint for endpoint, _ in app.config["NAV"]]
    in_nav = [name.rsplit(".", 1)[1] for name in BLUEPRINTS if name.rsplit(".", 1)[1] not in NOT_IN_NAV]
    assert [e.split(".")[0] for e in endpoints] == in_nav


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
        assert [l.name for l in learners.all_learners()] == ["Ann"]


def test_several_learners_on_one_machine(learner, app):
    learner.new("Bob")
    assert "Hello, Bob" in learner.client.get("/").get_data(as_text=True)
    with app.app_context():
        ann = learners.learner_by_name("ann")
    learner.post("/learners/switch", {"learner_id": str(ann.id)})
    assert "Hello, Ann" in learner.client.get("/").get_data(as_text=True)


def test_a_machine_with_many_profiles_lists_a_page_of_them(client, app):
    """A home page with a class's worth of profiles stays one screen: the rest open by name."""
    with app.app_context():
        for number in range(PROFILES_LISTED + 5):
            learners.add_learner(f"Learner {number:02d}")
        database.commit()
    page = client.get("/").get_data(as_text=True)
    assert page.count('name="learner_id"') == PROFILES_LISTED
    assert "type a name above to open one" in page


def test_the_same_name_is_the_same_profile(learner, app):
    learner.new("  ANN ")
    with app.app_context():
        assert len(learners.all_learners()) == 1


def test_empty_and_overlong_names_are_refused(learner, app):
    response = learner.post("/", {"name": "   "}, follow_redirects=True)
    assert "Please type a name." in response.get_data(as_text=True)
    response = learner.post("/", {"name": "x" * 200}, follow_redirects=True)
    assert "at most 40 characters" in response.get_data(as_text=True)
    with app.app_context():
        assert [l.name for l in learners.all_learners()] == ["Ann"]


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
        assert learners.learner_by_name("Mallory") is None


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


# ---------------------------------------------------------------- names


def _signed_in_as(client) -> str | None:
    match = re.search(r'title="Practising as">([^<]*)</span>', client.get("/").get_data(as_text=True))
    return match.group(1) if match else None


def test_eva_typed_twice_in_any_case_is_one_profile(client, app):
    actions = LearnerActions(client)
    for spelling in ("Éva", "Éva", "éva", "ÉVA", "E\u0301va", "  éVA "):
        response = actions.new(spelling)
        assert response.headers["Location"] == "/show/"
        assert _signed_in_as(client) == "Éva"
    with app.app_context():
        assert [l.name for l in learners.all_learners()] == ["Éva"]


def test_names_compare_alike_in_other_alphabets(client, app):
    actions = LearnerActions(client)
    for spelling in ("Ольга", "ОЛЬГА", "Straße", "STRASSE", "Σοφία", "ΣΟΦΊΑ"):
        actions.new(spelling)
    with app.app_context():
        assert sorted(l.name for l in learners.all_learners()) == sorted(["Ольга", "Straße", "Σοφία"])


@pytest.mark.parametrize("name", ["\x00", "Ann\x00", "A\x00nn", "Ann\x07", "Ann\x7f", "Ann\u0085x\x9b", "Ann\u202eeve"])
def test_names_with_control_characters_are_refused(learner, app, name):
    response = learner.post("/", {"name": name}, follow_redirects=True)
    assert response.status_code == 200
    assert "A name cannot hold control characters" in page_text(response)
    with app.app_context():
        assert [l.name for l in learners.all_learners()] == ["Ann"]


def test_unpaired_surrogates_are_refused(app):
    with app.app_context():
        for name in ("Ann\ud800", "\udfff", "Ann\udcff"):
            with pytest.raises(ValueError, match="control characters"):
                learners.learner_by_name(name, create=True)
        assert learners.all_learners() == ()


def test_a_name_that_spells_out_too_long_is_refused(learner, app):
    # U+FDFA is one character that NFKC spells as 18: nine of them overflow the key column.
    response = learner.post("/", {"name": "\ufdfa" * 9}, follow_redirects=True)
    assert response.status_code == 200
    assert "too long once its letters are spelled out" in page_text(response)
    learner.new("\ufdfa" * 8)
    with app.app_context():
        assert len(learners.all_learners()) == 2


# ---------------------------------------------------------------- next


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/",
        "/%09/evil.example",  # a browser drops the TAB: //evil.example
        "/%0a/evil.example",
        "/%0d%0aSet-Cookie:%20x=1",
        "/%5Cevil.example",  # a browser reads \ as /
        "/%5C%5Cevil.example",
        "%2F%2Fevil.example",
        "https://evil.example/",
        "https:evil.example",
        "javascript:alert(1)",
        "/%00",
        "evil.example",
    ],
)
@pytest.mark.slow
def test_next_never_leaves_the_site(client, target):
    token = csrf_token(client.get("/").get_data(as_text=True))
    response = client.post(f"/?next={target}", data={"name": "Eve", "csrf_token": token})
    assert response.status_code == 302
    assert response.headers["Location"] == "/show/"


def test_a_bad_next_is_not_echoed_into_the_page(client):
    page = client.get("/?next=/%09/evil.example").get_data(as_text=True)
    assert "evil.example" not in page


def test_next_to_a_page_here_is_followed(client):
    token = csrf_token(client.get("/").get_data(as_text=True))
    response = client.post("/?next=/show/%3Fmode%3Dcategory", data={"name": "Eve", "csrf_token": token})
    assert response.headers["Location"] == "/show/?mode=category"


def test_a_profile_picked_after_a_redirect_lands_on_the_page_asked_for(learner, app):
    learner.new("Bob")
    learner.post("/learners/leave")
    response = learner.client.get("/review/")
    assert response.headers["Location"] == "/?next=/review/"
    page = learner.client.get(response.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        ann = learners.learner_by_name("Ann")
    # the profile buttons carry the page asked for
    action = re.search(r'<form method="post" action="([^"]*switch[^"]*)"', page).group(1)
    assert action == "/learners/switch?next=/review/"
    response = learner.post(action, {"learner_id": str(ann.id)})
    assert response.headers["Location"] == "/review/"
    # and so does the name form
    learner.post("/learners/leave")
    action = re.search(r'<form method="post" action="(/\?next=[^"]*)"', page).group(1)
    assert learner.post(action, {"name": "Cy"}).headers["Location"] == "/review/"


def test_a_page_asked_for_keeps_its_query(client):
    response = client.get("/show/?mode=category")
    assert response.headers["Location"] == "/?next=/show/?mode%3Dcategory"
