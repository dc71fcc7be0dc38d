"""First visit, the table menu and the phone (issue 12) in a real browser: the home page offers
every section and brings a visitor back to the one they chose; the menu's settings are set by
keyboard alone and change the page (four-colour deck, sound, animation speed); at 390 px the
discard EV table shows Net and Lost without sideways scrolling and the keyboard help is hidden.

Screenshots at 390 and 1280 px go to ``$HOME_SCREENSHOTS`` (or the test's temporary folder).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engine.cards import parse_cards
from trainer import database
from trainer.drills.deal import DiscardDeal
from trainer.record import learners, pending_drills
from trainer.record.attempts import DrillKind

from .helpers import assert_four_colours, choose_four_colours, sign_in

SECTIONS = ("Count", "Pegging", "Discard", "Review", "Lessons", "Play", "Solitaire")


def shots_folder(tmp_path) -> Path:
    return Path(os.environ.get("HOME_SCREENSHOTS", tmp_path))


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def tab_to(page, locator, presses: int = 60) -> None:
    """Press Tab until ``locator`` has the focus, as a keyboard user would."""
    for _ in range(presses):
        if locator.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_first_visit_offers_every_section_and_comes_back_to_it(live_server, browser, tmp_path, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/")
    main = page.locator("main")
    expect(main).to_contain_text("Practise counting cribbage hands")
    for name in SECTIONS:
        expect(main.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert no_sideways_scroll(page)
    page.screenshot(path=str(shots_folder(tmp_path) / f"home-visitor-{width}.png"), full_page=True)
    main.get_by_role("link", name="Solitaire", exact=True).click()
    page.wait_for_url(re.compile(r"/\?next=/solitaire/$"))
    page.get_by_label("Your name").fill("Ann")
    page.keyboard.press("Enter")
    page.wait_for_url(live_server.url + "/solitaire/")
    context.close()


def test_an_unfinished_game_is_offered_at_home(live_server, page, tmp_path):
    live_server.app.config["PLAY_ANIMATION"] = "off"
    sign_in(page, live_server)
    page.goto(live_server.url + "/play/")
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").click()
    game = page.url
    page.goto(live_server.url + "/")
    page.screenshot(path=str(shots_folder(tmp_path) / "home-learner-390.png"), full_page=True)
    continue_link = page.get_by_role("link", name=re.compile(r"Continue game \d+"))
    expect(continue_link).to_be_visible()
    continue_link.click()
    page.wait_for_url(game)


def test_the_table_menu_by_keyboard_alone(live_server, page, tmp_path):
    live_server.app.config["PLAY_ANIMATION"] = "off"
    sign_in(page, live_server)
    page.goto(live_server.url + "/play/")
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").click()
    table = page.url
    body = page.locator("body")
    expect(body).to_have_attribute("data-sound", "off")
    expect(body).to_have_attribute("data-animation", "normal")
    page.evaluate("document.dispatchEvent(new CustomEvent('crib:sound', {detail: {kind: 'peg'}}))")
    expect(body).to_have_attribute("data-sound-last", "peg:silent")  # off by default

    summary = page.locator("details.table-menu > summary")
    tab_to(page, summary)
    page.keyboard.press("Enter")
    expect(page.locator("details.table-menu")).to_have_attribute("open", "")
    expect(page.get_by_role("link", name="New game")).to_be_visible()
    tab_to(page, page.get_by_role("checkbox", name="Sound"))
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    expect(page.get_by_role("checkbox", name="Four-colour deck")).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")  # into the speeds, at the one chosen
    expect(page.get_by_role("radio", name="Normal")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("radio", name="Fast")).to_be_checked()
    page.screenshot(path=str(shots_folder(tmp_path) / "table-menu-390.png"), full_page=True)
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("coach-setting")).to_be_focused()  # the coach, left off here
    page.keyboard.press("Tab")
    expect(page.get_by_role("checkbox", name="Say go for me")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("checkbox", name="Speak the count")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Save settings")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == table  # back at the table
    expect(page.locator(".flash-success")).to_contain_text("Settings saved")
    expect(body).to_have_attribute("data-sound", "on")
    expect(body).to_have_attribute("data-animation", "fast")
    expect(body).to_have_class(re.compile(r"\bfour-colour\b"))
    assert assert_four_colours(page) >= 6  # the learner's hand at the table
    page.evaluate("document.dispatchEvent(new CustomEvent('crib:sound', {detail: {kind: 'muggins'}}))")
    expect(body).to_have_attribute("data-sound-last", "muggins:played")


def test_the_four_colour_deck_colours_every_suit(live_server, page):
    sign_in(page, live_server)
    choose_four_colours(page, live_server)
    page.goto(live_server.url + "/show/")
    page.wait_for_url(re.compile(r"/show/\w+$"))
    assert assert_four_colours(page) == 5


#: The widest rows a discard table can have: four tens kept, two queens laid away.
WIDEST_DISCARD = "10H 10D 10S 10C QH QD"


@pytest.mark.parametrize("dealer", [True, False], ids=["dealer", "pone"])
def test_the_discard_table_shows_net_and_lost_on_a_phone(live_server, page, tmp_path, dealer):
    sign_in(page, live_server)
    with live_server.app.app_context():
        ann = learners.learner_by_name("Ann")
        deal = DiscardDeal(tuple(parse_cards(WIDEST_DISCARD)), dealer)
        drill = pending_drills.open_drill(ann.id, DrillKind.DISCARD, {"deal": deal.to_dict()})
        database.commit()
    page.goto(f"{live_server.url}/discard/{drill}")
    boxes = page.locator("[data-picker] input")
    boxes.nth(4).check()
    boxes.nth(5).check()
    with page.expect_navigation():
        page.locator("form[method=post] button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/discard/result/\d+$"))
    page.screenshot(path=str(shots_folder(tmp_path) / f"discard-result-390-{'dealer' if dealer else 'pone'}.png"), full_page=True)
    wrap = page.locator(".table-wrap")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "the EV table scrolls sideways"
    for header in ("Net", "Lost"):
        cell = page.get_by_role("columnheader", name=header)
        expect(cell).to_be_visible()
        box = cell.bounding_box()
        assert box["x"] + box["width"] <= 390
    assert no_sideways_scroll(page)


def test_the_keyboard_help_is_for_keyboards(live_server, browser):
    for width, shown in ((390, False), (1280, True)):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(live_server.url + "/settings/")
        help_text = page.locator("footer.site .keys-help")
        (expect(help_text).to_be_visible if shown else expect(help_text).to_be_hidden)()
        context.close()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(live_server.url + "/settings/")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    expect(page.locator("footer.site .keys-help")).to_be_hidden()
    context.close()
