"""The home page (issue 12, first visit and home): what the trainer offers, every section one
click away, an unfinished game offered once a learner is chosen; and a profile picked after a
redirect keeps the page asked for, also when that page was a form sent (a POST)."""

from __future__ import annotations

import re

import pytest

from trainer import database
from trainer.database import db
from trainer.play import choices, games, solitaire
from trainer.play.models import SavedGame
from trainer.play.solitaire import SolitaireKind
from trainer.record import learners

from .conftest import csrf_token
from .helpers import page_text

#: Every section of the trainer, as the home page must offer it.
SECTIONS = {
    "/show/": "Count",
    "/pegging/": "Pegging",
    "/discard/": "Discard",
    "/review/": "Review",
    "/progress/": "Progress",
    "/daily/": "Today's deal",
    "/lessons/": "Lessons",
    "/play/": "Play",
    "/solitaire/": "Solitaire",
}


def main_html(response) -> str:
    return re.search(r"<main\b.*?</main>", response.get_data(as_text=True), re.S).group(0)


def section_links(html: str) -> set[str]:
    return set(re.findall(r'<a class="[^"]*section-link[^"]*" href="([^"]+)"', html))


@pytest.mark.parametrize("accounts", [False, True], ids=["personal", "server"])
def test_a_first_visit_says_what_the_trainer_offers_and_links_every_section(app, client, accounts):
    app.config["ACCOUNTS"] = accounts
    html = main_html(client.get("/"))
    assert section_links(html) == set(SECTIONS), "every section one click away, in the page itself"
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    for words in ("count", "peg", "discard", "lessons", "bot", "solitaire"):
        assert words in text.lower()


def test_a_learner_home_links_every_section(learner):
    assert section_links(main_html(learner.client.get("/"))) == set(SECTIONS)


def test_a_section_link_followed_by_a_visitor_comes_back_after_picking_a_profile(learner):
    learner.post("/learners/leave")
    for path in ("/solitaire/", "/play/", "/discard/"):
        asked = learner.client.get(path)
        assert asked.headers["Location"] == f"/?next={path}"
        token = csrf_token(learner.client.get(asked.headers["Location"]).get_data(as_text=True))
        picked = learner.client.post(asked.headers["Location"], data={"name": "Ann", "csrf_token": token})
        assert picked.headers["Location"] == path
        learner.post("/learners/leave")


def test_nothing_unfinished_offers_no_continue(learner):
    assert "Continue" not in page_text(learner.client.get("/"))


def test_an_unfinished_game_and_solitaire_are_offered_on_the_home_page(app, learner):
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        game_id = games.new_game(ann, choices.GameSetup(), seed=3)
        solitaire_id = solitaire.new_solitaire(ann, SolitaireKind.HOYLE, seed=4)
        database.commit()
    html = main_html(learner.client.get("/"))
    assert f'href="/play/{game_id}"' in html
    assert f'href="/solitaire/{solitaire_id}"' in html
    assert "Continue" in re.sub(r"<[^>]+>", " ", html)
    learner.new("Bob")  # not Bob's games
    html = main_html(learner.client.get("/"))
    assert f'href="/play/{game_id}"' not in html and f'href="/solitaire/{solitaire_id}"' not in html


def test_a_finished_game_is_not_offered_to_continue(app, learner):
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        game_id = games.new_game(ann, choices.GameSetup(), seed=3)
        database.commit()
        db.session.get(SavedGame, game_id).finished = True  # as the end of a game marks it
        database.commit()
    assert f'href="/play/{game_id}"' not in main_html(learner.client.get("/"))


# ---------------------------------------------------------------- next after a form sent


def test_a_form_sent_by_a_visitor_comes_back_to_its_page_after_picking_a_profile(learner):
    """A POST-only address cannot be opened again after signing in: the page the form was on can."""
    learner.post("/learners/leave")
    token = csrf_token(learner.client.get("/").get_data(as_text=True))
    sent = learner.client.post(
        "/play/new", data={"csrf_token": token}, headers={"Referer": "http://localhost/play/?from=setup"}
    )
    assert sent.headers["Location"] == "/?next=/play/?from%3Dsetup"
    home = learner.client.get(sent.headers["Location"]).get_data(as_text=True)
    ann = re.search(r'action="(/learners/switch\?[^"]*)".*?name="learner_id" value="(\d+)"', home, re.S)
    picked = learner.client.post(ann.group(1), data={"csrf_token": csrf_token(home), "learner_id": ann.group(2)})
    assert picked.headers["Location"] == "/play/?from=setup"
    assert learner.client.get(picked.headers["Location"]).status_code == 200


def test_a_form_sent_from_another_site_does_not_send_the_learner_there(learner):
    learner.post("/learners/leave")
    token = csrf_token(learner.client.get("/").get_data(as_text=True))
    sent = learner.client.post(
        "/review/retry/1", data={"csrf_token": token}, headers={"Referer": "https://evil.example/play/"}
    )
    assert sent.headers["Location"] == "/"


def test_a_form_posted_to_a_page_that_also_shows_keeps_that_page(learner):
    learner.post("/learners/leave")
    token = csrf_token(learner.client.get("/").get_data(as_text=True))
    sent = learner.client.post("/solitaire/12", data={"csrf_token": token})
    assert sent.headers["Location"] == "/?next=/solitaire/12"
