"""A learner plays a whole 61-point game against the easy bot in a real browser,
with muggins: they under-claim a hand once and the bot takes the points; the
bot under-counts (its under-count rate is set to always in this test's
configuration) and the learner calls "Muggins!", pointing at a combination.

Everything is read from the page as a person would (the cards' labels, the
bot's claim); the true counts come from the engine's scorer.  Screenshots of
the table, the show and the results, at phone and desktop widths, go to
``$PLAY_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.scoring import score_show

from .helpers import cards_in, shoot, sign_in, submit
from .table_stops import each_kind_of_stop, learner_id


class Shots:
    """:func:`shoot` each name once (a loop passes the same stop many times)."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def take(self, page, name: str) -> None:
        if name not in self.taken:
            self.taken.add(name)
            shoot(page, name)


def test_a_whole_61_game_with_muggins_both_ways(live_server, page):
    live_server.app.config["PLAY_SEED"] = 5
    live_server.app.config["PLAY_BOT_MISS_RATE"] = 1.0
    live_server.app.config["PLAY_ANIMATION"] = "off"  # the bots' moves at once
    shots = Shots()
    sign_in(page, live_server)
    page.goto(live_server.url + "/play/")
    set_up = page.locator("#new-game")
    set_up.get_by_role("radio", name="Easy", exact=True).check()
    set_up.get_by_text("61 (one lap)").click()
    set_up.get_by_text("Muggins", exact=True).click()
    shots.take(page, "setup")
    page.get_by_role("button", name="Deal me in").click()
    page.wait_for_url(re.compile(r"/play/\d+$"))

    under_claimed = muggins_called = refused_31 = shows = 0
    for _ in range(600):
        if page.get_by_role("link", name=re.compile("See the results")).count():
            break
        if under_claimed and muggins_called and shows >= 2:
            # Every kind of stop has been played on the page: the services finish the game
            # (tests/web plays whole games), and the page is read again at its end.  (A card
            # past 31, tried when one comes up, is the phone table's test: this seed deals none.)
            game_id = int(re.search(r"/play/(\d+)", page.url).group(1))
            for _ in each_kind_of_stop(live_server.app, learner_id(live_server.app), game_id):
                pass
            page.reload()
            continue
        turn = page.get_by_test_id("turn").inner_text()
        if page.get_by_test_id("go").count():
            expect(page.get_by_test_id("turn")).to_contain_text("say Go")
            submit(page, page.get_by_test_id("go").click)
        elif page.locator("form.continue").count():
            if page.locator("[data-testid=show]").count():
                shots.take(page, "show")
                shows += 1
            submit(page, lambda: page.keyboard.press("n"))  # the Next / Continue key
        elif page.locator("form[data-discard]").count():
            boxes = page.locator("form[data-discard] label")
            boxes.nth(0).click()
            boxes.nth(1).click()
            submit(page, page.get_by_test_id("to-crib").click)
        elif page.get_by_role("button", name="Cut the pack").count():
            submit(page, page.get_by_role("button", name="Cut the pack").click)
        elif page.locator(".play-form").count():
            shots.take(page, "table")
            if page.locator(".felt .pile .play").count() >= 2:
                shots.take(page, "pegging")
            too_high = page.locator(".card-button.too-high")
            if too_high.count() and not refused_31:
                submit(page, too_high.first.click)
                expect(page.locator(".flash-error")).to_contain_text("past 31")
                refused_31 += 1
                continue
            submit(page, page.locator(".card-button:not(.too-high)").first.click)
        elif page.locator(".claim-form").count():
            cards = cards_in(page.locator(".claim-form .show-cards"))
            hand, starter = cards[:-1], cards[-1]
            what = "crib" if "crib" in turn else "hand"
            true = score_show(hand, starter, crib=what == "crib").total
            claim = true
            if not under_claimed and true >= 2:
                claim = true - 2
                under_claimed = true - claim
            box = page.get_by_test_id("claim-points")
            box.fill(str(claim + 1))
            page.get_by_role("button", name="one less").click()  # the − button
            expect(box).to_have_value(str(claim))
            shots.take(page, "claim")
            submit(page, page.get_by_test_id("claim-ok").click)
            if claim < true:
                expect(page.locator(".happened")).to_contain_text(f"The bot takes {under_claimed} that you missed")
                expect(page.locator(".happened")).to_contain_text(f"The true count was {true} (claimed {claim})")
                shots.take(page, "bot-muggins")
        elif page.locator(".muggins-form").count():
            cards = cards_in(page.locator(".muggins-form .picker"))
            claimed = int(page.get_by_test_id("bot-claim").inner_text())
            hand, starter = cards[:-1], cards[-1]
            score = score_show(hand, starter, crib="its crib" in page.locator(".muggins-form p").inner_text())
            if claimed < score.total:
                # Point at one combination, then call it.
                item = score.items[-1]
                for c in item.cards:
                    page.locator(f".muggins-form label:has(input[value='{c}'])").click()
                shots.take(page, "muggins")
                submit(page, page.get_by_role("button", name="Muggins!").click)
                expect(page.locator(".happened")).to_contain_text(f"You take {score.total - claimed} that the bot missed")
                expect(page.locator(".flash-info")).to_contain_text("Yes: those cards make")
                muggins_called += 1
            else:
                submit(page, page.get_by_role("button", name=re.compile("^Accept")).click)
        else:
            raise AssertionError(f"no move on the page: {turn}")
    else:
        raise AssertionError("the game did not end")

    assert under_claimed and muggins_called
    page.get_by_role("link", name=re.compile("See the results")).click()
    page.wait_for_url(re.compile(r"/results$"))
    expect(page.get_by_test_id("winner")).to_be_visible()
    scores = page.locator(".big-score").inner_text()
    assert re.search(r"You \d+ – \d+ bot", scores)
    assert max(int(n) for n in re.findall(r"\d+", scores)) >= 61
    expect(page.get_by_test_id("accuracy")).to_contain_text("exactly")
    expect(page.get_by_test_id("stats")).to_contain_text("Games")
    shots.take(page, "results")
    page.get_by_role("link", name="Review the game").click()
    expect(page.locator(".deal-review").first).to_contain_text("Discard")
    shots.take(page, "review")


def test_arnolds_solitaire_in_the_browser(live_server, page):
    live_server.app.config["SOLITAIRE_SEED"] = 2
    shots = Shots()
    sign_in(page, live_server)
    page.get_by_role("link", name="Solitaire").click()
    page.get_by_role("button", name="Play Arnold's solitaire").click()
    for deal in range(4):
        shots.take(page, "solitaire-discard")
        for hand in range(2):  # one hand at a time: the second is shown after the first discard
            labels = page.locator("fieldset.picker").locator("label")
            labels.nth(0).click()
            labels.nth(1).click()
            submit(page, page.get_by_role("button", name="To the crib").click)
        for block in page.locator(".solitaire-count .count-line").all():
            what = block.locator("h3").inner_text().lower()
            cards = cards_in(block.locator(".show-cards"))
            true = score_show(cards[:-1], cards[-1], crib=what == "crib").total
            box = block.locator("xpath=following-sibling::div[1]").locator("input")
            box.fill(str(true))
        shots.take(page, "solitaire-count")
        submit(page, page.get_by_role("button", name="OK").click)
        expect(page.locator(".show-panel")).to_contain_text("exact")
    expect(page.locator(".result-banner")).to_be_visible()
    shots.take(page, "solitaire-over")
    score = int(page.get_by_test_id("solitaire-score").inner_text())
    assert f"{score} points (the cards held {score})" in page.locator(".result-banner").inner_text()
