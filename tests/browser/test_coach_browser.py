"""The coach in a real browser (issue 14): the learner turns it on from the table
menu, opens the Hint with the keyboard (H), lays away the hinted discard and
plays the hinted card, and the verdicts say "Best discard" and "Best play";
the meter beside the board reads as text.  Screenshots at phone and desktop
widths go to ``$PLAY_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import shoot, sign_in, submit


def open_hint(page) -> list[str]:
    """Press H: the hint opens; the cards it names."""
    hint = page.get_by_test_id("hint")
    expect(hint).to_be_hidden()  # closed until asked for
    page.keyboard.press("h")
    expect(hint).to_be_visible()
    return (hint.get_attribute("data-best") or "").split()


def to_the_next_choice(page) -> None:
    """Go on (Next, Go, the cut) until the learner chooses between cards."""
    for _ in range(60):
        if page.locator("form.play-form").count() and page.get_by_test_id("hint").count():
            if "Only the" not in (page.get_by_test_id("hint").text_content() or ""):
                return
        if page.locator("form.play-form").count():  # one card fits: play it
            submit(page, page.locator("button.card-button:not(.too-high)").first.click)
        elif page.locator("[data-next]").count():
            submit(page, page.locator("[data-next]").first.click)
        elif page.locator("form.cut-form").count():
            submit(page, page.get_by_role("button", name="Cut the pack").click)
        else:
            raise AssertionError("no way on from " + (page.get_by_test_id("turn").text_content() or ""))
    raise AssertionError("no choice of cards came up")


def test_coach_on_from_the_menu_hint_by_keyboard_and_the_hinted_moves_are_best(live_server, page):
    live_server.app.config["PLAY_SEED"] = 8
    live_server.app.config["PLAY_ANIMATION"] = "off"
    sign_in(page, live_server)
    page.goto(live_server.url + "/play/")
    set_up = page.locator("#new-game")
    set_up.get_by_role("radio", name="Easy", exact=True).check()
    set_up.get_by_text("121 (two laps)").click()
    submit(page, page.get_by_role("button", name="Deal me in").click)
    table_url = page.url
    expect(page.get_by_test_id("hint")).to_have_count(0)  # the coach is off until chosen
    expect(page.get_by_test_id("win-meter")).to_have_count(0)

    page.locator("details.table-menu summary").click()
    page.get_by_test_id("coach-setting").check()
    submit(page, page.get_by_role("button", name="Save settings").click)
    assert page.url == table_url
    meter = page.get_by_role("meter", name="Your chance to win")
    expect(meter).to_have_attribute("aria-valuetext", re.compile(r"^\d+%$"))
    expect(page.get_by_test_id("win-percent")).to_have_text(re.compile(r"^\d+%$"))

    page.locator("html[data-keys=ready]").wait_for(state="attached")
    discard = open_hint(page)
    assert len(discard) == 2
    shoot(page, "coach-discard-hint")
    for code in discard:
        page.locator(f"input[data-card='{code}']").check()
    submit(page, page.get_by_test_id("to-crib").click)
    expect(page.get_by_test_id("verdict")).to_contain_text("Best discard")

    to_the_next_choice(page)
    page.locator("html[data-keys=ready]").wait_for(state="attached")
    best = open_hint(page)
    assert len(best) == 1
    expect(page.get_by_test_id("hint")).to_contain_text("to win")
    shoot(page, "coach-play-hint")
    submit(page, page.locator(f"button.card-button[data-card='{best[0]}']").click)
    expect(page.get_by_test_id("verdict")).to_have_text(re.compile(r"Your card: Best play"))
    shoot(page, "coach-verdict")
