"""A learner uses the trainer in a real browser, keyboard first: a show drill
in each answer mode, a pegging quiz, a discard and the review."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.cards import Card
from engine.pegging import score_play
from engine.scoring import SHOW_KINDS, score_show
from trainer import database
from trainer.drills.deal import ShowDeal
from trainer.record import learners, pending_drills
from trainer.record.attempts import DrillKind

from .helpers import cards_in, sign_in


def dealt(page) -> tuple[list[Card], Card]:
    figures = page.locator(".deal figure")
    return cards_in(figures.nth(0)), cards_in(figures.nth(1))[0]


def test_count_by_total_then_next_hand_by_key(live_server, page):
    sign_in(page, live_server)
    hand, starter = dealt(page)
    total = score_show(hand, starter).total
    first_url = page.url
    page.keyboard.type(str(total))  # the answer box has the focus
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/show/result/\d+$"))
    assert page.locator(".verdict").inner_text().startswith(f"Right: {total}")
    page.keyboard.press("n")
    page.wait_for_url(re.compile(r"/show/\w{32}$"))
    assert page.url != first_url
    assert page.locator("#total").is_visible()


def test_count_per_category(live_server, page):
    sign_in(page, live_server)
    page.goto(live_server.url + "/show/?mode=category")
    hand, starter = dealt(page)
    by_kind = score_show(hand, starter).points_by_kind()
    for kind in SHOW_KINDS:
        page.keyboard.type(str(by_kind[kind]))
        page.keyboard.press("Tab")
    page.get_by_role("button", name="Check").press("Enter")
    page.wait_for_url(re.compile(r"/show/result/\d+$"))
    assert page.locator(".verdict").inner_text().startswith("Right:")
    assert page.locator("table").is_visible()


def test_claim_combos_with_the_keyboard(live_server, page):
    sign_in(page, live_server)
    with live_server.app.app_context():
        ann = learners.learner_by_name("Ann")
        deal = ShowDeal.from_dict({"hand": "2C 3D 4H 9S", "starter": "KD"})
        options = {"mode": "claims", "crib": False, "focus": "any", "timed": False}
        drill = pending_drills.open_drill(ann.id, DrillKind.SHOW, {"deal": deal.to_dict(), "options": options, "claims": []})
        database.commit()
    assert deal.score().total == 7  # 2+3+K, 2+4+9, run 2-3-4
    page.goto(f"{live_server.url}/show/{drill}")
    for made, (keys, kind) in enumerate((("125", "f"), ("134", "f"), ("123", "r"), ("4", "p")), start=1):
        for key in keys:
            page.keyboard.press(key)
        page.keyboard.press(kind)
        expect(page.locator(".claims li")).to_have_count(made)
        page.wait_for_selector("html[data-keys=ready]", state="attached")
    page.keyboard.press("d")
    page.wait_for_url(re.compile(r"/show/result/\d+$"))
    verdict = page.locator(".verdict").inner_text()
    assert "Your right claims make 7 of the hand's 7; 1 claim was wrong." in verdict  # right combos, one wrong claim
    assert "a pair needs two cards of the same rank" in page.locator("body").inner_text()


def test_a_wrong_answer_then_the_review_and_a_retry(live_server, page):
    sign_in(page, live_server)
    hand, starter = dealt(page)
    total = score_show(hand, starter).total
    page.keyboard.type("abc")
    page.keyboard.press("Enter")
    assert "Type your total as a number" in page.locator(".flash-error").inner_text()
    page.locator("#total").fill(str(total + 1))
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/show/result/\d+$"))
    assert f"it is {total}" in page.locator(".verdict").inner_text()
    page.get_by_role("link", name="Review").first.click()
    page.wait_for_url("**/review/")
    body = page.locator("body").inner_text()
    assert "1 answer, 0% right" in body
    assert page.locator("svg.trend circle").count() == 1
    page.get_by_role("button", name="Retry").click()
    page.wait_for_url(re.compile(r"/show/\w{32}$"))
    again_hand, again_starter = dealt(page)
    assert (again_hand, again_starter) == (hand, starter)


def test_pegging_quiz(live_server, page):
    sign_in(page, live_server)
    page.goto(live_server.url + "/pegging/")
    pile = cards_in(page.locator(".pile").last)
    play = score_play(pile)
    notes = page.locator(".event").all_inner_texts()
    extra = 1 if notes and play.count != 31 else 0  # a go or the last card
    page.keyboard.type(str(play.count))
    page.keyboard.press("Tab")
    page.keyboard.type(str(play.points + extra))
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/pegging/result/\d+$"))
    assert page.locator(".verdict").inner_text().startswith("Right:")
    page.keyboard.press("n")
    page.wait_for_url(re.compile(r"/pegging/\w{32}$"))


def test_discard_drill(live_server, page):
    sign_in(page, live_server)
    page.goto(live_server.url + "/discard/")
    page.wait_for_selector("html[data-keys=ready]", state="attached")
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.get_by_role("button", name="To the crib").click()
    page.wait_for_url(re.compile(r"/discard/result/\d+$"))
    assert page.locator("tbody tr").count() == 15
    assert page.locator("tr.chosen").count() == 1


def test_which_card_is_best(live_server, page):
    sign_in(page, live_server)
    page.goto(live_server.url + "/pegging/best")
    page.wait_for_selector("html[data-keys=ready]", state="attached")
    radios = page.locator("[data-picker] input")
    playable = [i for i in range(radios.count()) if radios.nth(i).is_enabled()]
    page.keyboard.press(str(playable[0] + 1))
    assert radios.nth(playable[0]).is_checked()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/pegging/best/result/\d+$"))
    assert page.locator("tbody tr").count() >= 2
    assert page.locator("tr.chosen").count() == 1
