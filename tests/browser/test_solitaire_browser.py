"""Cribbage solitaire in a real browser, per seed 003 and RULES.md §5: Arnold's
game is laid away one hand at a time (the second hand is not on the page before
the first discard), with a winning total the learner chooses; Hoyle's scores his
heels.  Cards are picked with the digit keys, as keys.js offers on a picker.

Screenshots at 390 px and 1280 px go to ``$PLAY_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.scoring import score_show

from .helpers import cards_in, sign_in, submit
from .test_play_browser import Shots

#: With SOLITAIRE_SEED 21 the first starter of Hoyle's solitaire is a jack (his heels).
HOYLE_HEELS_SEED = 21


def pick_two_by_keyboard(page) -> None:
    """Tick the first two cards of the picker with the digit keys, as a keyboard user would."""
    page.locator("html[data-keys=ready]").wait_for(state="attached")
    page.locator("h1").click()  # focus out of any text box, so digits reach the picker
    page.keyboard.press("1")
    page.keyboard.press("2")
    expect(page.locator("fieldset.picker input:checked")).to_have_count(2)


def count_exactly(page) -> None:
    """Type the true count of each hand and the crib on the page, then OK."""
    for block in page.locator(".solitaire-count .count-line").all():
        what = block.locator("h3").inner_text().lower()
        cards = cards_in(block.locator(".show-cards"))
        true = score_show(cards[:-1], cards[-1], crib=what == "crib").total
        block.locator("xpath=following-sibling::div[1]").locator("input").fill(str(true))
    submit(page, page.get_by_role("button", name="OK").click)


def test_arnolds_solitaire_one_hand_at_a_time_to_a_chosen_total(live_server, page):
    live_server.app.config["SOLITAIRE_SEED"] = 2
    shots = Shots()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server)
    page.goto(live_server.url + "/solitaire/")
    page.get_by_label("Winning total (101 to 121)").fill("107")
    shots.take(page, "solitaire-choose-target")
    submit(page, page.get_by_role("button", name="Play Arnold's solitaire").click)
    expect(page.get_by_test_id("solitaire-goal")).to_have_text("107")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    for deal in range(1, 5):
        expect(page.locator(".facts .fact").first).to_contain_text(f"{deal} of 4")
        pickers = page.locator("fieldset.picker")
        expect(pickers).to_have_count(1)
        expect(pickers.locator("legend")).to_contain_text("Hand 1 of 2")
        first = cards_in(pickers)
        assert len(first) == 6
        expect(page.locator(".kept-hand")).to_have_count(0)
        if deal == 1:
            shots.take(page, "solitaire-first-hand")
        pick_two_by_keyboard(page)
        submit(page, lambda: page.get_by_role("button", name="To the crib").press("Enter"))

        pickers = page.locator("fieldset.picker")
        expect(pickers.locator("legend")).to_contain_text("Hand 2 of 2")
        second = cards_in(pickers)
        assert len(second) == 6 and not set(second) & set(first)
        kept = cards_in(page.locator(".kept-hand"))
        in_crib = cards_in(page.locator(".crib-so-far"))
        assert len(kept) == 4 and len(in_crib) == 2 and sorted(kept + in_crib) == sorted(first)
        if deal == 1:
            shots.take(page, "solitaire-second-hand")
        pick_two_by_keyboard(page)
        submit(page, lambda: page.get_by_role("button", name="To the crib").press("Enter"))

        expect(page.locator(".facts .fact").first).to_contain_text(f"{deal} of 4")  # the deal being counted
        expect(page.locator(".solitaire-count .count-line")).not_to_have_count(0)
        if deal == 1:
            shots.take(page, "solitaire-arnold-count")
        count_exactly(page)
        expect(page.locator(".show-panel")).to_contain_text("exact")

    banner = page.locator(".result-banner")
    expect(banner).to_be_visible()
    shots.take(page, "solitaire-arnold-over")
    score = int(page.get_by_test_id("solitaire-score").inner_text())
    assert banner.inner_text().startswith("You won" if score >= 107 else "Not this time")
    assert f"{score} points (the cards held {score})" in banner.inner_text()


def test_hoyles_solitaire_pegs_his_heels(live_server, page):
    live_server.app.config["SOLITAIRE_SEED"] = HOYLE_HEELS_SEED
    shots = Shots()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server)
    page.goto(live_server.url + "/solitaire/")
    submit(page, page.get_by_role("button", name="Play Hoyle's solitaire").click)
    expect(page.get_by_test_id("solitaire-goal")).to_have_text("81")
    expect(page.locator("fieldset.picker legend")).to_have_text(re.compile(r"^Choose two for the crib"))
    pick_two_by_keyboard(page)
    submit(page, lambda: page.get_by_role("button", name="To the crib").press("Enter"))
    expect(page.locator(".facts .fact").first).to_contain_text("1 of 6")
    count_exactly(page)
    heels = page.locator(".show-panel .count-line").filter(has=page.locator("h3", has_text="His heels"))
    expect(heels).to_contain_text("Pegged for you: 2")
    shots.take(page, "solitaire-hoyle-heels")
    score = int(page.get_by_test_id("solitaire-score").inner_text())
    claimed = sum(int(n) for n in re.findall(r"You claimed (\d+)", page.locator(".show-panel").inner_text()))
    assert score == claimed + 2
