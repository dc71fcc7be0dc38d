"""The language of a page (issue 13): the browser's Accept-Language first guesses
it, a visitor's switch keeps it in their session, a learner's choice is saved
with their profile and wins over the browser's."""

from __future__ import annotations

import re

from trainer.language import i18n
from trainer.record import learners

RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}


def html_lang(response) -> str:
    return re.search(r'<html lang="(\w+)"', response.get_data(as_text=True)).group(1)


def test_the_browser_language_is_the_first_guess(client):
    assert html_lang(client.get("/", headers=RUSSIAN)) == "ru"
    assert html_lang(client.get("/", headers={"Accept-Language": "de-DE,de"})) == "en"
    assert html_lang(client.get("/")) == "en"


def test_a_page_says_its_language_and_that_it_varies_by_the_browsers(client):
    response = client.get("/", headers=RUSSIAN)
    assert response.headers["Content-Language"] == "ru"
    assert "Accept-Language" in response.headers["Vary"]


def test_every_page_offers_the_switch_each_language_named_in_itself(client):
    html = client.get("/").get_data(as_text=True)
    for code, name in i18n.LANGUAGES.items():
        assert f'name="language" value="{code}" lang="{code}"' in html
        assert f">{name}</button>" in html


def test_a_visitors_choice_outlasts_their_browsers_language(learner):
    client = learner.client
    client.post("/learners/leave", data={"csrf_token": learner.token()})  # signed out: the session keeps it
    with client.session_transaction() as session:
        assert "learner_id" not in session
    response = learner.post("/language", {"language": "ru", "next": "/lessons/"})
    assert response.status_code == 302 and response.headers["Location"] == "/lessons/"
    assert html_lang(client.get("/", headers={"Accept-Language": "en"})) == "ru"


def test_a_learners_choice_is_saved_with_their_profile(app, learner):
    learner.post("/language", {"language": "ru"})
    with app.app_context():
        assert learners.learner_by_name("Ann").language == "ru"
    other_browser = app.test_client()
    other = type(learner)(other_browser)
    other.new("Ann")
    assert html_lang(other_browser.get("/", headers={"Accept-Language": "en"})) == "ru"


def test_an_unknown_language_or_a_foreign_next_changes_nothing(app, learner):
    response = learner.post("/language", {"language": "xx", "next": "//evil.example/"})
    assert response.status_code == 302 and response.headers["Location"] == "/"
    with app.app_context():
        assert learners.learner_by_name("Ann").language is None


def test_the_switch_without_a_token_is_refused(client):
    response = client.post("/language", data={"language": "ru"})
    assert response.status_code == 302
    assert html_lang(client.get("/")) == "en"


def test_the_language_of_one_request_does_not_leak_into_the_next(client):
    client.get("/", headers=RUSSIAN)
    assert i18n.current() == "en"
    assert html_lang(client.get("/")) == "en"
