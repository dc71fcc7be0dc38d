"""Odd input is answered with a clear page (404, a message), never a 500, on
SQLite and PostgreSQL alike: a NUL in any string segment of any route (which
PostgreSQL refuses in a query), names no learner can have in the playroom.
And the converse: a bug is not answered as odd input (a 404), but as a 500."""

from __future__ import annotations

import pytest
from werkzeug.routing import AnyConverter, IntegerConverter, PathConverter

from trainer.web.converters import TextConverter

from .helpers import page_text
from .test_rooms import host_posts, message_after, open_room


def odd_paths(app) -> list[tuple[str, str]]:
    """Every route of the app with a string segment (method, path), a NUL in each such
    segment: ids and numbers are 1, and an ``any`` segment takes each of its choices."""
    paths = []
    for rule in app.url_map.iter_rules():
        converters = rule._converters
        if all(isinstance(converter, (IntegerConverter, AnyConverter)) for converter in converters.values()):
            continue
        filled = [rule.rule]
        for name, converter in converters.items():
            if isinstance(converter, AnyConverter):
                values = sorted(converter.items)
            else:
                values = ["1" if isinstance(converter, IntegerConverter) else "a%00b"]
            filled = [_filled(path, name, value) for path in filled for value in values]
        paths += [(method, path) for path in filled for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return paths


def _filled(path: str, name: str, value: str) -> str:
    """``path`` with its segment ``name`` (``<name>``, ``<id:name>``, ``<any(a, b):name>``) set to ``value``."""
    start = 0
    while True:
        start = path.index("<", start)
        end = path.index(">", start)
        if path[start + 1:end].rsplit(":", 1)[-1] == name:
            return path[:start] + value + path[end + 1:]
        start = end


def test_every_string_segment_of_a_route_refuses_a_nul(app):
    for rule in app.url_map.iter_rules():
        for converter in rule._converters.values():
            if not isinstance(converter, (IntegerConverter, AnyConverter, PathConverter)):
                assert isinstance(converter, TextConverter), rule.rule
    assert ("GET", "/rooms/join/a%00b") in odd_paths(app)


def test_a_nul_in_any_path_is_not_found_on_every_route(app, learner):
    for method, path in odd_paths(app):
        response = learner.post(path) if method == "POST" else learner.client.get(path)
        response.close()  # a static file would be sent from an open file
        assert response.status_code == 404, (method, path)


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_an_invitation_link_holding_a_nul_is_not_found(learner, method):
    response = learner.post("/rooms/join/%00") if method == "POST" else learner.client.get("/rooms/join/%00")
    assert response.status_code == 404
    assert "There is no page at that address" in page_text(response)


@pytest.mark.parametrize("name", ["x" * 41, "Ann\x00", "\x00", "Кen", "\u202eAnn"])
def test_a_seat_kept_for_a_name_nobody_can_have_is_refused_with_a_message(learner, name):
    room = open_room(learner)
    assert "Nobody of that name plays here" in message_after(learner, host_posts(learner, room, "keep", name=name))
    assert "kept for" not in page_text(learner.client.get(room))


def test_a_bug_in_loading_the_lessons_is_a_server_error_not_a_lesson_not_found(app, client, monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("a bug in loading the lessons")

    assert client.get("/lessons/no-such-lesson").status_code == 404
    assert client.get("/lessons/fifteens/exercises/99").status_code == 404
    monkeypatch.setattr("trainer.lessons.course._load", broken)  # what every look-up of a lesson reads
    app.config["PROPAGATE_EXCEPTIONS"] = False  # answered as a browser would see it
    assert client.get("/lessons/fifteens").status_code == 500
