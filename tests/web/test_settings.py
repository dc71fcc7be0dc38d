"""Table settings (issue 12, the menu): sound, four-colour deck and animation speed, kept per
learner, shown on every page's <body>, changed from the settings page or the compact menu."""

from __future__ import annotations

import re

import pytest
from flask import render_template_string

from engine.cards import parse_cards
from trainer.record import learners, table_settings
from trainer.record.table_settings import Animation, TableSettings

from .conftest import csrf_token
from .helpers import page_text


def body_tag(response) -> str:
    return re.search(r"<body[^>]*>", response.get_data(as_text=True)).group(0)


def save(learner, **fields):
    data = {"animation": "normal", **fields}
    return learner.post("/settings/", data, page="/settings/")


def test_a_visitor_gets_the_defaults_on_every_page(client):
    for page in ("/", "/settings/", "/lessons/"):
        body = body_tag(client.get(page))
        assert 'data-sound="off"' in body and 'data-animation="normal"' in body
        assert "four-colour" not in body


def test_a_new_learner_has_sound_off_two_colours_and_normal_speed(app, learner):
    body = body_tag(learner.client.get("/review/"))
    assert 'data-sound="off"' in body and 'data-animation="normal"' in body and "four-colour" not in body
    with app.app_context():
        assert table_settings.settings_of(learners.learner_by_name("Ann").id) == table_settings.DEFAULTS


def test_saved_settings_show_on_every_page_and_follow_the_learner(app, learner):
    response = save(learner, sound="y", four_colour="y", animation="fast", next="/review/")
    assert response.status_code == 302 and response.headers["Location"] == "/review/"
    for page in ("/review/", "/", "/play/"):
        body = body_tag(learner.client.get(page))
        assert 'data-sound="on"' in body and 'data-animation="fast"' in body and 'class="four-colour"' in body
    with app.app_context():
        saved = table_settings.settings_of(learners.learner_by_name("Ann").id)
    assert saved == TableSettings(sound=True, four_colour=True, animation=Animation.FAST)
    learner.new("Bob")  # another learner keeps the defaults
    assert 'data-sound="off"' in body_tag(learner.client.get("/review/"))


def test_an_unticked_box_turns_the_setting_off(learner):
    save(learner, sound="y", four_colour="y", animation="off")
    save(learner, animation="slow")
    body = body_tag(learner.client.get("/settings/"))
    assert 'data-sound="off"' in body and 'data-animation="slow"' in body and "four-colour" not in body


def test_the_settings_page_shows_what_is_saved(learner):
    save(learner, four_colour="y", animation="off")
    html = learner.client.get("/settings/").get_data(as_text=True)
    assert re.search(r'name="four_colour" value="y" checked', html)
    assert not re.search(r'name="sound" value="y" checked', html)
    assert re.search(r'name="animation" value="off" checked', html)


@pytest.mark.parametrize("speed", ["warp", "", "OFF; drop table"])
def test_a_speed_not_offered_is_refused_with_a_message(app, learner, speed):
    save(learner, sound="y", animation="fast")
    response = save(learner, animation=speed, next="/review/")
    assert response.status_code == 302
    page = learner.client.get(response.headers["Location"])
    assert "Pick an animation speed" in page_text(page)
    assert 'data-sound="on"' in body_tag(page) and 'data-animation="fast"' in body_tag(page)


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example"])
def test_saving_never_returns_to_another_site(learner, target):
    response = save(learner, next=target)
    assert response.headers["Location"] == "/settings/"


def test_a_visitor_is_asked_who_is_practising_and_nothing_is_saved(app, client):
    token = csrf_token(client.get("/").get_data(as_text=True))
    response = client.post("/settings/", data={"csrf_token": token, "sound": "y", "animation": "fast"})
    assert response.status_code == 302 and response.headers["Location"].startswith("/?next=")
    with app.app_context():
        assert learners.all_learners() == ()


def test_a_post_without_its_token_changes_nothing(learner):
    response = learner.client.post("/settings/", data={"sound": "y", "animation": "fast"})
    assert response.status_code == 302
    assert 'data-sound="off"' in body_tag(learner.client.get("/settings/"))


@pytest.mark.parametrize("page", ["/", "/lessons/", "/settings/"])
def test_settings_are_linked_from_the_site_header(client, page):
    html = client.get(page).get_data(as_text=True)
    header = re.search(r'<header class="site">.*?</header>', html, re.S).group(0)
    assert re.search(r'<a class="settings-link" href="/settings/"[^>]*>.*Settings</a>', header)


MENU = '{% extends "base.html" %}{% block content %}{% include "settings/_menu.html" %}{% endblock %}'


def render_menu(app, client, path: str = "/play/7?x=1") -> str:
    """The menu partial as another page would include it, with base.html's context only."""
    with app.test_request_context(path, headers={"Cookie": client_cookie(client)}):
        app.preprocess_request()
        return render_template_string(MENU)


def client_cookie(client) -> str:
    cookie = client.get_cookie("session")
    return f"session={cookie.value}" if cookie else ""


def test_the_menu_renders_for_a_visitor_with_new_game_and_a_way_to_the_settings(app, client):
    html = render_menu(app, client)
    menu = re.search(r'<details class="table-menu">.*?</details>', html, re.S).group(0)
    assert "<summary>Menu</summary>" in menu
    assert 'href="/play/#new-game"' in menu and "New game" in menu
    assert 'href="/settings/?next=' in menu


def test_the_menu_saves_the_three_settings_and_returns_to_its_page(app, learner):
    save(learner, sound="y", animation="slow")
    html = render_menu(app, learner.client, "/play/7?x=1")
    menu = re.search(r'<details class="table-menu">.*?</details>', html, re.S).group(0)
    assert 'action="/settings/"' in menu and 'name="csrf_token"' in menu
    assert 'name="next" value="/play/7?x=1"' in menu
    assert re.search(r'name="sound" value="y" checked', menu)
    assert re.search(r'name="four_colour" value="y">', menu)
    assert re.search(r'name="animation" value="slow" checked', menu)
    assert {"slow", "normal", "fast", "off"} == set(re.findall(r'name="animation" value="(\w+)"', menu))
    token = re.search(r'name="csrf_token" value="([^"]+)"', menu).group(1)
    response = learner.client.post(
        "/settings/", data={"csrf_token": token, "four_colour": "y", "animation": "off", "next": "/play/7?x=1"}
    )
    assert response.headers["Location"] == "/play/7?x=1"
    assert 'class="four-colour"' in body_tag(learner.client.get("/settings/"))


def test_cards_carry_their_suit_for_the_four_colour_deck(app):
    with app.test_request_context("/"):
        html = render_template_string(
            '{% import "cards.html" as c %}{{ c.card_row(cards) }}|{{ c.card_text(cards) }}',
            cards=parse_cards("5C 5D 5H 5S"),
        )
    row, text = html.split("|")
    for suit in "CDHS":
        assert f"suit-{suit}" in row and f"suit-{suit}" in text


def test_every_page_loads_the_sound_script(client):
    assert re.search(r'<script src="/static/sound\.js" defer>', client.get("/").get_data(as_text=True))
    with client.get("/static/sound.js") as response:  # closed, so the file is not left open
        assert response.status_code == 200 and "crib:sound" in response.get_data(as_text=True)


def test_settings_of_an_unknown_learner_are_the_defaults(app):
    with app.app_context():
        assert table_settings.settings_of(None) == table_settings.DEFAULTS
        assert table_settings.settings_of(123456) == table_settings.DEFAULTS
        assert table_settings.save_settings(123456, TableSettings(sound=True)) is False
