"""The game flows in a real browser: the bots' moves play themselves (the
learner presses nothing for a bot card), a go is said with a Go button, the
animation can be skipped and sounds are announced, and a whole game can be
played from the set-up form to the results with the keyboard alone.

Tests that are not about the animation turn it off (``PLAY_ANIMATION``), so
they run at full speed.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.scoring import score_show

from .helpers import cards_in, shoot, sign_in, submit
from .table_stops import each_kind_of_stop, learner_id

SOUNDS = """
window.cribSounds = [];
document.addEventListener("crib:sound", function (e) { window.cribSounds.push(e.detail.kind); });
"""




def new_game(page, live_server, *, counting: str = "Automatic", length: str = "61 (one lap)") -> None:
    page.goto(live_server.url + "/play/")
    set_up = page.locator("#new-game")  # not the pass-and-play form's choices below it
    set_up.get_by_role("radio", name="Easy", exact=True).check()
    set_up.get_by_text(length).click()
    set_up.get_by_text(counting, exact=True).click()
    submit(page, page.get_by_role("button", name="Deal me in").click)


def test_a_whole_game_where_the_learner_never_presses_continue_for_a_bot_card(live_server, page):
    live_server.app.config["PLAY_SEED"] = 8
    live_server.app.config["PLAY_ANIMATION"] = "off"
    page.add_init_script(SOUNDS)
    sign_in(page, live_server)
    new_game(page, live_server)
    pressed = {"go": 0, "next": 0, "next deal": 0}
    sounds: set[str] = set()
    for _ in range(400):
        sounds |= set(page.evaluate("window.cribSounds"))
        turn = page.get_by_test_id("turn").inner_text()
        assert "Watch the bot" not in turn and "Continue" not in turn
        if page.get_by_role("link", name=re.compile("See the results")).count():
            break
        if pressed["next"] and pressed["next deal"] >= 2 and pressed["go"] and {"peg", "go"} <= sounds:
            # Two whole deals and every kind of stop on the page: the services play on to the end
            # (tests/web checks every stop of whole games), and the page is read again there.
            game_id = int(re.search(r"/play/(\d+)", page.url).group(1))
            for _ in each_kind_of_stop(live_server.app, learner_id(live_server.app), game_id):
                pass
            page.reload()
            continue
        if page.get_by_test_id("go").count():
            assert "say Go" in turn
            shoot(page, "flow-go")
            submit(page, page.get_by_test_id("go").click)
            expect(page.locator(".happened")).to_contain_text("No card of yours fits under 31")
            pressed["go"] += 1
        elif page.locator("form.continue").count():
            button = page.locator("form.continue button")
            label = button.inner_text().split("\n")[0].strip().lower()
            assert label in ("next", "next deal"), label  # never Continue for a bot's card
            assert ("The deal is over" in turn) if label == "next deal" else ("press Next for the next count" in turn)
            pressed[label] += 1
            submit(page, button.click)
        elif page.locator("form[data-discard]").count():
            boxes = page.locator("form[data-discard] label")
            boxes.nth(0).click()
            boxes.nth(1).click()
            submit(page, page.get_by_test_id("to-crib").click)
        elif page.get_by_role("button", name="Cut the pack").count():
            submit(page, page.get_by_role("button", name="Cut the pack").click)
        elif page.locator(".play-form").count():
            assert "Your turn to play" in turn
            submit(page, page.locator(".card-button:not(.too-high)").first.click)
        else:
            raise AssertionError(f"no move on the page: {turn}")
    else:
        raise AssertionError("the game did not end")
    assert pressed["next"] and pressed["next deal"] and pressed["go"], pressed
    assert {"peg", "go"} <= sounds, sounds
    shoot(page, "flow-game-over")
    # The game's end: the board and the score line stop at the game hole.
    scores = [int(page.get_by_test_id(t).inner_text()) for t in ("your-score", "bot-score")]
    assert max(scores) == 61
    submit(page, page.get_by_role("link", name=re.compile("See the results")).click)
    assert max(int(n) for n in re.findall(r"\d+", page.locator(".big-score").inner_text())) == 61


def test_the_bots_moves_animate_and_a_key_skips_to_the_end(live_server, page):
    live_server.app.config["PLAY_SEED"] = 8
    live_server.app.config["PLAY_ANIMATION"] = "slow"
    page.add_init_script(SOUNDS)
    sign_in(page, live_server)
    new_game(page, live_server, length="121 (two laps)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the score line fits a phone

    def settle():
        page.keyboard.press("x")
        page.wait_for_selector("div.game[data-animated=done]")

    settle()
    boxes = page.locator("form[data-discard] label")
    boxes.nth(0).click()
    boxes.nth(1).click()
    submit(page, page.get_by_test_id("to-crib").click)
    settle()
    if page.get_by_role("button", name="Cut the pack").count():
        submit(page, page.get_by_role("button", name="Cut the pack").click)
        settle()
    page.locator(".card-button:not(.too-high)").first.click()  # only skips, if anything was still playing
    settle()
    submit(page, page.locator(".card-button:not(.too-high)").first.click)
    # Right after the move: the learner's card is shown, the bot's reply waits its turn.
    steps = page.locator(".happened li[data-reveal]")
    assert steps.count() >= 2
    expect(page.locator("div.game")).to_have_class(re.compile("animating"))
    assert page.locator(".happened li.pending").count() >= 1
    # The count on the table is the one after the learner's card, until the bot's card shows.
    first = page.locator(".happened li[data-reveal='0']")
    assert first.inner_text().startswith("You played")
    assert page.get_by_test_id("count").inner_text() == first.get_attribute("data-count")
    page.keyboard.press("x")  # any key skips
    expect(page.locator("div.game")).to_have_attribute("data-animated", "done")
    assert page.locator(".pending").count() == 0
    assert page.url.endswith(tuple("0123456789"))  # the key did nothing else
    assert "peg" in page.evaluate("window.cribSounds") or page.locator(".happened li[data-sound=peg]").count() == 0
    # Opened again (a reload, or Continue game later), the table just shows where the game stands.
    page.reload()
    assert page.locator("div.game").get_attribute("data-animated") == "done"
    assert page.locator(".pending").count() == 0


def _focused(page) -> str:
    return page.evaluate("document.activeElement.outerHTML")


def _tab_to(page, test, limit: int = 60) -> None:
    """Press Tab until the focused element passes ``test`` (a JS predicate on it)."""
    for _ in range(limit):
        if page.evaluate(f"(el => {test})(document.activeElement)"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {test}")


def test_a_keyboard_only_game_from_set_up_to_results(live_server, page):
    live_server.app.config["PLAY_SEED"] = 3
    live_server.app.config["PLAY_ANIMATION"] = "off"
    sign_in(page, live_server)  # typing the name, then Enter
    page.goto(live_server.url + "/play/")
    _tab_to(page, "el.name === 'length'")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # own length -> 121 -> 61
    _tab_to(page, "el.name === 'counting'")
    page.keyboard.press("ArrowRight")  # automatic -> muggins
    _tab_to(page, "el.textContent.trim() === 'Deal me in'")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    kinds = set()
    finished = False
    for _ in range(500):
        if "/results" in page.url:
            break
        page.wait_for_load_state()
        if not finished and {"discard", "play", "claim", "muggins", "next"} <= kinds:
            # Each kind of move has been made by keyboard: the services play on to the end
            # (tests/web plays whole games), and the keyboard takes the page to the results.
            finished = True
            game_id = int(re.search(r"/play/(\d+)", page.url).group(1))
            for _ in each_kind_of_stop(live_server.app, learner_id(live_server.app), game_id):
                pass
            page.reload()
            continue
        if page.locator("form[data-discard]").count():
            kinds.add("discard")
            assert 'name="card"' in _focused(page), "focus starts on the hand"
            button = page.get_by_test_id("to-crib")
            page.keyboard.press("1")
            expect(button).to_have_text("Choose 1 more")
            page.keyboard.press("2")
            expect(button).to_have_text("To the crib")
            expect(button).to_be_enabled()
            with page.expect_navigation():
                page.keyboard.press("Enter")
        elif page.get_by_role("button", name="Cut the pack").count():
            kinds.add("cut")
            with page.expect_navigation():
                page.keyboard.press("Enter")
        elif page.locator(".play-form").count():
            kinds.add("play")
            assert "card-button" in _focused(page), "focus starts on the hand"
            buttons = page.locator(".card-button")
            legal = [i for i in range(buttons.count()) if "too-high" not in (buttons.nth(i).get_attribute("class") or "")]
            page.keyboard.press(str(legal[-1] + 1))
            assert buttons.nth(legal[-1]).evaluate("el => el === document.activeElement")
            with page.expect_navigation():
                page.keyboard.press("Enter")
        elif page.get_by_test_id("go").count():
            kinds.add("go")
            with page.expect_navigation():
                page.keyboard.press("Enter")
        elif page.locator(".claim-form").count():
            kinds.add("claim")
            cards = cards_in(page.locator(".claim-form .show-cards"))
            crib = "crib" in page.get_by_test_id("turn").inner_text()
            true = score_show(cards[:-1], cards[-1], crib=crib).total
            page.keyboard.type(str(true))  # replaces the 0 the box starts with
            with page.expect_navigation():
                page.keyboard.press("Enter")
        elif page.locator(".muggins-form").count():
            kinds.add("muggins")
            with page.expect_navigation():
                page.keyboard.press("a")
        elif page.locator("[data-next]").count():
            kinds.add("next")
            with page.expect_navigation():
                page.keyboard.press("n")
        else:
            raise AssertionError("no move on the page: " + page.get_by_test_id("turn").inner_text())
    else:
        raise AssertionError(f"the game did not end: {kinds} {page.url} " + page.locator("main").inner_text()[:1500])
    assert {"discard", "play", "claim", "muggins", "next"} <= kinds, kinds
    expect(page.get_by_test_id("winner")).to_be_visible()


def test_digits_tick_the_discard_and_enter_sends_it_in_the_drill(live_server, page):
    sign_in(page, live_server)
    page.goto(live_server.url + "/discard/")
    page.wait_for_url(re.compile(r"/discard/\w+$"))
    assert 'name="card"' in _focused(page), "focus starts on the hand"
    page.keyboard.press("1")
    page.keyboard.press("4")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("main")).to_contain_text(re.compile("best|lost|expected", re.I))


def _play_through(page, shots: str = "", until=None) -> dict[str, int]:
    """Play the learner's seat with the mouse, to the end of the game or until ``until(done)``
    holds at a Continue: the true count for every claim, muggins called whenever a bot under-claims."""
    done = {"claim": 0, "muggins": 0, "accept": 0, "go": 0, "next": 0}
    for _ in range(900):
        if page.get_by_role("link", name=re.compile("See the results")).count():
            shoot(page, f"{shots}-over") if shots else None
            return done
        if until is not None and until(done) and page.locator("form.continue").count():
            return done
        turn = page.get_by_test_id("turn").inner_text()
        width = page.viewport_size["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"wider than {width} px: {turn}"
        if page.get_by_test_id("go").count():
            done["go"] += 1
            submit(page, page.get_by_test_id("go").click)
        elif page.locator("form.continue").count():
            done["next"] += 1
            if shots and page.locator("[data-testid=show]").count():
                shoot(page, f"{shots}-show")
            submit(page, page.locator("form.continue button").click)
        elif page.locator("form[data-discard]").count():
            need = int(page.locator("form[data-discard]").get_attribute("data-discard"))
            if shots:
                shoot(page, f"{shots}-discard")
            for i in range(need):
                page.locator("form[data-discard] label").nth(i).click()
            submit(page, page.get_by_test_id("to-crib").click)
        elif page.get_by_role("button", name="Cut the pack").count():
            submit(page, page.get_by_role("button", name="Cut the pack").click)
        elif page.locator(".play-form").count():
            if shots and page.locator(".felt .pile .play").count() >= 3:
                shoot(page, f"{shots}-pegging")
            submit(page, page.locator(".card-button:not(.too-high)").first.click)
        elif page.locator(".claim-form").count():
            done["claim"] += 1
            cards = cards_in(page.locator(".claim-form .show-cards"))
            true = score_show(cards[:-1], cards[-1], crib="crib" in turn).total
            page.get_by_test_id("claim-points").fill(str(true))
            submit(page, page.get_by_test_id("claim-ok").click)
        elif page.locator(".muggins-form").count():
            claimed = int(page.get_by_test_id("bot-claim").inner_text())
            text = page.locator(".muggins-form p").first.inner_text()
            if page.locator(".muggins-form .picker").count():
                cards = cards_in(page.locator(".muggins-form .picker"))
                true = score_show(cards[:-1], cards[-1], crib="its crib" in text).total
            else:
                true = claimed
            if claimed < true:
                done["muggins"] += 1
                submit(page, page.get_by_role("button", name=re.compile("^Muggins!")).click)
                expect(page.locator(".happened")).to_contain_text("Muggins! You take")
            else:
                done["accept"] += 1
                submit(page, page.get_by_role("button", name=re.compile("^Accept")).click)
        else:
            raise AssertionError(f"no move on the page: {turn}")
    raise AssertionError("the game did not end")


def test_three_and_four_player_games_with_muggins_to_the_end(live_server, page):
    live_server.app.config["PLAY_SEED"] = 4
    live_server.app.config["PLAY_BOT_MISS_RATE"] = 1.0  # the bots under-count: muggins for the learner
    live_server.app.config["PLAY_ANIMATION"] = "off"
    sign_in(page, live_server)
    for variant, sides, target in (("Three players", 3, 61), ("Four players (partners)", 2, 121)):
        page.goto(live_server.url + "/play/")
        page.locator("#new-game").get_by_text(variant, exact=True).click()
        page.locator("#new-game").get_by_text("Muggins", exact=True).click()
        submit(page, page.get_by_role("button", name="Deal me in").click)
        assert page.locator("[data-side-score]").count() == sides
        assert page.locator("svg.crib-board.wide .track").count() == sides
        tag = "three" if sides == 3 else "four"
        # The table's claims and muggins in the browser; the rest of the game through the
        # services (tests/web plays these games whole), then the page shows its end.
        done = _play_through(page, shots=tag, until=lambda done: done["claim"] and done["muggins"])
        assert done["claim"] and done["muggins"], done
        game_id = int(re.search(r"/play/(\d+)", page.url).group(1))
        for _ in each_kind_of_stop(live_server.app, learner_id(live_server.app), game_id):
            pass
        page.reload()
        shoot(page, f"{tag}-over")
        scores = [int(s) for s in page.locator("[data-side-score]").all_inner_texts()]
        assert max(scores) == target
        submit(page, page.get_by_role("link", name=re.compile("See the results")).click)
        expect(page.get_by_test_id("winner")).to_contain_text(re.compile("won"))
        assert page.locator("table thead th").count() == 1 + sides
        shoot(page, f"{tag}-results")
        page.get_by_role("link", name="Review the game").click()
        expect(page.locator(".deal-review").first).to_contain_text("dealt")
