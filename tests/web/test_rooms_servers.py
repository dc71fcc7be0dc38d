"""The playroom on real server processes (issue 22): two people racing through two
workers for a table's last seat, and a server restarted in the middle of a game of
people, which resumes it as it was.  On SQLite (one waitress process) and on
PostgreSQL (``crib serve --workers 2``, gunicorn)."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.parse

import pytest

from tests.processes import CRIB, TOKEN, Browser, Page, Server, server_env

pytestmark = pytest.mark.slow

KEY = "a secret key for the playroom's server tests"


def serve(database: str, tmp_path) -> Server:
    """``crib serve`` in personal mode on ``database``: two gunicorn workers on PostgreSQL."""
    workers = [] if database.startswith("sqlite") else ["--workers", "2"]
    server = Server(CRIB, [*workers, "--threads", "4"],
                    server_env(DATABASE_URL=database, SECRET_KEY=KEY, XDG_DATA_HOME=str(tmp_path / "data")))
    server.wait_until_up()
    return server


def profile(server: Server, name: str) -> Browser:
    """A browser signed in to the profile ``name`` (made if new)."""
    browser = Browser()
    assert browser.post_form(server.url + "/", server.url + "/", {"name": name}).status == 302
    return browser


def post(browser: Browser, page_url: str, url: str, fields: list[tuple[str, str]]) -> Page:
    """POST ``fields`` (a name may repeat, as ticked cards do) with the CSRF token of ``page_url``."""
    token = TOKEN.search(browser.fetch(page_url).text).group(1)
    data = urllib.parse.urlencode([("csrf_token", token), *fields]).encode()
    try:
        with browser.opener.open(url, data=data, timeout=30) as response:
            return Page(response.status, dict(response.headers), response.read().decode())
    except urllib.error.HTTPError as error:
        return Page(error.code, dict(error.headers), error.read().decode())


def open_table(server: Server, host: Browser, counting: str = "automatic") -> tuple[str, str]:
    """The host opens a two-seat table; its page and its invitation link."""
    opened = post(host, server.url + "/rooms/", server.url + "/rooms/new",
                  [("variant", "six-card"), ("length", "61"), ("counting", counting)])
    assert opened.status == 302, opened.text
    room = server.url + opened.headers["Location"] if opened.headers["Location"].startswith("/") \
        else opened.headers["Location"]
    link = re.search(r'value="(http[^"]+/rooms/join/[^"]+)"', host.fetch(room).text).group(1)
    return room, link.replace("http://localhost", server.url).replace(f"http://127.0.0.1:{server.port}", server.url)


def hand_on(page: str) -> list[str]:
    return re.findall(r'name="card" value="(\w+)" data-card', page)


def test_two_people_racing_for_the_last_seat_one_takes_it_and_the_other_is_told_it_is_full(database, tmp_path):
    server = serve(database, tmp_path)
    try:
        ann, bob, cat = (profile(server, name) for name in ("Ann", "Bob", "Cat"))
        for _ in range(4):  # four tables, each with one free seat and two people pressing at once
            room, link = open_table(server, ann)
            tokens = {name: TOKEN.search(who.fetch(link).text).group(1) for name, who in (("Bob", bob), ("Cat", cat))}
            start = threading.Barrier(2)
            answers: dict[str, Page] = {}

            def take(who: Browser, name: str) -> None:
                start.wait()
                answers[name] = who.fetch(link, {"csrf_token": tokens[name]})

            racers = [threading.Thread(target=take, args=(bob, "Bob")), threading.Thread(target=take, args=(cat, "Cat"))]
            for racer in racers:
                racer.start()
            for racer in racers:
                racer.join(30)
            seated = [name for name in ("Bob", "Cat") if answers[name].headers.get("Location", "").endswith(
                urllib.parse.urlsplit(room).path)]
            assert len(seated) == 1, ({name: (page.status, page.headers.get("Location")) for name, page in answers.items()}, server.output()[-3000:])
            loser = cat if seated == ["Bob"] else bob
            told = loser.fetch(server.url + "/rooms/").text
            assert "That table is full" in told, ({n: (p.status, p.headers.get("Location")) for n, p in answers.items()}, re.findall(r'class="flash[^"]*"[^>]*>([^<]*)', told), server.output()[-3000:])
            seats = ann.fetch(room).text
            assert seated[0] in seats and ({"Bob", "Cat"} - set(seated)).pop() not in seats
    finally:
        server.output()


def test_a_server_restarted_in_the_middle_of_a_game_of_people_resumes_it(database, tmp_path):
    server = serve(database, tmp_path)
    try:
        ann, bob = profile(server, "Ann"), profile(server, "Bob")
        room, link = open_table(server, ann)
        assert post(bob, link, link, []).status == 302
        started = post(ann, room, room + "/start", [])
        table = server.url + started.headers["Location"] if started.headers["Location"].startswith("/") \
            else started.headers["Location"]
        ann_hand = hand_on(ann.fetch(table).text)
        assert post(ann, table, table, [("action", "discard"), ("version", re.search(
            r'name="version" value="(\d+)"', ann.fetch(table).text).group(1)), ("card", ann_hand[0]),
            ("card", ann_hand[1])]).status == 302
        bob_before = bob.fetch(table).text
    finally:
        server.output()
    path = urllib.parse.urlsplit(table).path
    server = serve(database, tmp_path)  # the same database, a new process (on a new port): nothing kept in memory
    table = server.url + path
    try:
        bob_page = bob.fetch(table).text
        assert hand_on(bob_page) == hand_on(bob_before) and len(hand_on(bob_page)) == 6
        assert "Ann laid 2 cards away to the crib." in re.sub(r"<[^>]+>", "", ann.fetch(table).text + bob_page)
        version = re.search(r'name="version" value="(\d+)"', bob_page).group(1)
        cards = hand_on(bob_page)
        assert post(bob, table, table, [("action", "discard"), ("version", version), ("card", cards[0]),
                                        ("card", cards[1])]).status == 302
        after = ann.fetch(table).text
        assert "The starter is turned" in after or "cut" in after.lower()  # the game went on past the discards
        assert not set(cards[2:]) & set(re.findall(r'data-card="(\w+)"', after))  # Bob's kept cards stay his
    finally:
        server.output()
