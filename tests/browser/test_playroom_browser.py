"""The playroom in two browsers (issue 22): one context per person.  Ann opens a
table and sends its link, Bob takes a seat, each sees the other arrive, the
start and the other's moves without reloading the page (the live stream), and
only their own cards.  A few moves, not a whole game: tests/web/test_rooms.py
plays whole games through two clients."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import cards_by_notation, sign_in, submit
from trainer.database import db
from trainer.play.models import SavedGame

# The live pages follow moves pushed through the database (LISTEN/NOTIFY on PostgreSQL).
pytestmark = pytest.mark.both_databases


def person(browser, live_server, name: str):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    sign_in(page, live_server, name)
    return context, page


def following(page) -> str:
    """Wait until the page's stream is open; returns the live version the page shows."""
    expect(page.locator("html")).to_have_attribute("data-live", "open")
    return page.locator("[data-live-key]").get_attribute("data-live-version")


def caught_up(page, version: str) -> None:
    """The page has reloaded itself to ``version`` (nobody pressed reload) and follows the table again."""
    expect(page.locator(f'[data-live-version="{version}"]')).to_have_count(1)
    following(page)


def move(page) -> str:
    """Make the move the table offers; returns the page's new live version."""
    if page.locator("form[data-discard]").count():
        boxes = page.locator("form[data-discard] label")
        boxes.nth(0).click()
        boxes.nth(1).click()
        submit(page, page.get_by_test_id("to-crib").click)
    elif page.get_by_role("button", name="Cut the pack").count():
        submit(page, page.get_by_role("button", name="Cut the pack").click)
    elif page.locator(".play-form").count():
        submit(page, page.locator(".card-button:not(.too-high)").first.click)
    elif page.locator("form.continue").count():
        submit(page, page.locator("form.continue button").click)
    else:
        raise AssertionError("no move offered: " + page.get_by_test_id("turn").inner_text())
    return following(page)


def my_move(page) -> bool:
    return bool(page.locator("form[data-discard], form.cut-form, .play-form, form.continue").count())


@pytest.fixture
def ann_and_bob(live_server, browser):
    """Ann and Bob signed in, each in a browser context of their own (closed at the end), on a
    seeded table without animation: their contexts and pages."""
    live_server.app.config["PLAY_SEED"] = 4
    live_server.app.config["PLAY_ANIMATION"] = "off"
    ann_context, ann = person(browser, live_server, "Ann")
    bob_context, bob = person(browser, live_server, "Bob")
    yield ann_context, ann, bob_context, bob
    ann_context.close()
    bob_context.close()


def test_two_people_gather_by_link_and_see_each_others_moves_live(live_server, ann_and_bob):
    _, ann, _, bob = ann_and_bob
    ann.goto(live_server.url + "/rooms/")
    ann.get_by_text("61 (one lap)").click()
    ann.get_by_text("Automatic", exact=True).click()
    submit(ann, ann.get_by_test_id("open-room").click)
    link = ann.get_by_test_id("invitation").input_value()
    ann.get_by_test_id("copy-link").click()  # a phone has no easy way to copy from a field
    expect(ann.locator("[data-copy-status]")).to_have_text("Copied: paste it to them")
    following(ann)
    # Bob opens the link Ann sent and takes the free seat; Ann's page shows him at once.
    bob.goto(link)
    submit(bob, bob.get_by_test_id("take-seat").click)
    expect(bob.get_by_role("status")).to_contain_text("Waiting for the host")
    expect(ann.get_by_test_id("room-seats")).to_contain_text("Bob")
    following(bob)
    # Ann starts; Bob's page opens the game by itself.
    submit(ann, ann.get_by_test_id("start").click)
    expect(bob).to_have_url(re.compile(r"/play/\d+$"))
    following(ann), following(bob)
    mine = {"ann": set(cards_by_notation(ann.locator(".my-seat"))),
            "bob": set(cards_by_notation(bob.locator(".my-seat")))}
    assert len(mine["ann"]) == len(mine["bob"]) == 6 and not mine["ann"] & mine["bob"]
    # Bob is choosing his discard when Ann speaks: his page waits until nothing is ticked, then follows.
    bob_box = bob.locator("form[data-discard] input[type=checkbox]").first
    bob.locator("form[data-discard] label").first.click()
    submit(ann, ann.locator("[data-phrase='good-game']").click)
    expect(bob.locator("html")).to_have_attribute("data-live", "waiting")
    expect(bob_box).to_be_checked()
    bob.locator("form[data-discard] label").first.click()  # untick: nothing is being chosen now
    expect(bob.get_by_test_id("said")).to_contain_text("Ann: Good game!")
    following(bob)
    # A phrase is heard at the other seat.
    submit(bob, bob.locator("[data-phrase='good-luck']").click)
    expect(ann.get_by_test_id("said")).to_contain_text("Bob: Good luck!")
    # Moves until each has seen a card of the other's played on their own page.
    seen_played = {"ann": False, "bob": False}
    pages = {"ann": ann, "bob": bob}
    for _ in range(12):
        if all(seen_played.values()):
            break
        name = next((n for n in ("ann", "bob") if my_move(pages[n])), None)
        assert name is not None, "nobody has a move"
        other = "bob" if name == "ann" else "ann"
        played_before = pages[name].locator(".pile .play").count()
        version = move(pages[name])
        caught_up(pages[other], version)  # the other page followed by itself
        pile = pages[other].locator(".pile .card")
        if pages[name].locator(".pile .play").count() > played_before and pile.count():
            # The card just played shows on the other's page, not in their own hand.
            played = cards_by_notation(pages[other].locator(".pile"))
            assert played and not set(played) & set(cards_by_notation(pages[other].locator(".my-seat")))
            seen_played[other] = True
    assert all(seen_played.values()), seen_played
    # Neither page ever drew the other's hand face up.
    assert not set(cards_by_notation(ann.locator(".my-seat"))) & mine["bob"]
    assert not set(cards_by_notation(bob.locator(".my-seat"))) & mine["ann"]


def test_a_person_who_closes_the_page_is_played_for_by_a_bot_and_comes_back(live_server, ann_and_bob):
    _, ann, bob_context, bob = ann_and_bob
    ann.goto(live_server.url + "/rooms/")
    ann.get_by_text("Automatic", exact=True).click()
    ann.locator("input[name=away_after][value='60'] + span").click()
    submit(ann, ann.get_by_test_id("open-room").click)
    expect(ann.get_by_test_id("clock")).to_contain_text("within 1 minute")
    bob.goto(ann.get_by_test_id("invitation").input_value())
    submit(bob, bob.get_by_test_id("take-seat").click)
    following(bob)
    submit(ann, ann.get_by_test_id("start").click)
    expect(bob).to_have_url(re.compile(r"/play/\d+$"))
    table = bob.url
    game_id = int(table.rsplit("/", 1)[1])
    move(ann)  # Ann lays away; Bob closes his page mid-deal instead
    bob.close()
    with live_server.app.app_context():  # a minute passes
        row = db.session.get(SavedGame, game_id)
        row.updated_at -= timedelta(seconds=61)
        db.session.commit()
    ann.reload()
    expect(ann.get_by_test_id("away")).to_have_text("Bob is away: a bot plays for them until they come back.")
    version = following(ann)
    # Bob comes back to the table: he sees what happened, and takes his seat again; Ann's page follows.
    bob = bob_context.new_page()
    bob.goto(table)
    expect(bob.get_by_test_id("you-are-away")).to_be_visible()
    bob.screenshot(path="/tmp/came-back.png")
    submit(bob, bob.get_by_test_id("come-back").click)
    expect(bob.get_by_test_id("you-are-away")).to_have_count(0)
    expect(ann.locator(f'[data-live-version="{version}"]')).to_have_count(0)
    expect(ann.get_by_test_id("away")).to_have_count(0)
