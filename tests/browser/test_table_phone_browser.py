"""The game table on a phone (390 px, issue 19): the scores and the count stay in
view while a card is chosen, a refused card's message is on screen after the
reload, the muggins prompt's keys are readable, the pause holds the table, and
the spoken count reads each combination as it lights up.  The stops are reached
through the services (tests/browser/table_stops.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine.bots.levels import Level
from engine.rules import Counting
from trainer.play import choices
from trainer.record.table_settings import Animation

from .helpers import sign_in
from .table_stops import each_kind_of_stop, learner_id, new_game, set_table

SIX_CARD = choices.GameSetup(Level.EASY, "six-card", "61", Counting.AUTOMATIC)


def at_stop(live_server, page, wanted, setup=SIX_CARD, language="en", **chosen) -> str:
    """Sign in, start a game and drive it through the services to the first stop
    ``wanted`` accepts; open the table there and return its address."""
    app = live_server.app
    sign_in(page, live_server, language=language)
    who = learner_id(app)
    set_table(app, who, **chosen)
    game_id = new_game(app, who, setup, coached=False)
    next(each_kind_of_stop(app, who, game_id, coached=False, wanted=wanted))
    url = f"{live_server.url}/play/{game_id}"
    page.goto(url)
    return url


def settled(page) -> None:
    """Wait until the page has drawn twice more: whatever a scroll or a script moved is laid out."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= -1 and box["y"] + box["height"] <= height + 1


def a_card_on_a_count(table) -> bool:
    return table.decision is not None and table.decision.kind == "play" and bool(table.pile)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_on_a_phone_the_scores_and_the_count_stay_in_view_while_choosing_a_card(live_server, page, language):
    at_stop(live_server, page, a_card_on_a_count, language=language)
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"page height at 390 px ({language}): {height}")
    page.locator(".card-button").last.scroll_into_view_if_needed()
    page.mouse.wheel(0, 2000)
    page.wait_for_function("() => window.scrollY > 0")  # the wheel's scroll has happened
    settled(page)
    assert in_view(page, ".card-button"), "the hand is off screen"
    assert in_view(page, "[data-testid=your-score]") and in_view(page, "[data-testid=bot-score]")
    assert in_view(page, "[data-testid=phone-count]")
    count = page.get_by_test_id("count").inner_text()
    assert page.get_by_test_id("phone-count").inner_text().endswith(count)
    nav = page.locator("header.site nav").bounding_box()
    assert nav["height"] < 60, f"the menu takes {nav['height']} px"


def a_card_too_high(table) -> bool:
    d = table.decision
    return d is not None and d.kind == "play" and any(card not in d.legal for card in d.hand)


def test_a_card_that_would_pass_31_is_refused_with_a_message_on_screen(live_server, page):
    at_stop(live_server, page, a_card_too_high)
    with page.expect_navigation():
        page.locator(".card-button.too-high").first.click()
    page.locator(".flash-error").first.wait_for()
    settled(page)
    assert page.locator(".flash-error").count() == 1
    assert in_view(page, ".flash-error"), "the message is off screen"
    assert in_view(page, ".card-button"), "the hand is off screen"


def a_muggins_call(table) -> bool:
    d = table.decision
    return d is not None and d.kind == "muggins" and d.claim_what != "play"


def luminance(rgb: tuple[float, ...]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def colours(page, selector: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """An element's text colour and the first opaque background behind it."""
    found = page.locator(selector).first.evaluate("""el => {
        const text = getComputedStyle(el).color;
        let node = el, back = null;
        while (node && node.nodeType === 1) {
            const style = getComputedStyle(node);
            if (style.backgroundColor && style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent') { back = style.backgroundColor; break; }
            if (style.backgroundImage && style.backgroundImage !== 'none') { back = 'rgb(15, 81, 50)'; break; }  // the felt's gradient
            node = node.parentElement;
        }
        return [text, back || 'rgb(255, 255, 255)'];
    }""")
    return tuple(tuple(float(v) for v in re.findall(r"[\d.]+", colour)) for colour in found)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_muggins_prompts_keys_are_readable(live_server, page, width):
    page.set_viewport_size({"width": width, "height": 900})
    setup = choices.GameSetup(Level.EASY, "six-card", "61", Counting.MUGGINS)
    at_stop(live_server, page, a_muggins_call, setup=setup)
    text, back = colours(page, "form.muggins-form p kbd")
    light, dark = sorted((luminance(text), luminance(back)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5, (text, back)


def a_card_to_play(table) -> bool:
    return table.decision is not None and table.decision.kind == "play"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_pause_hides_the_table_until_resume(live_server, page, width):
    page.set_viewport_size({"width": width, "height": 900})
    at_stop(live_server, page, a_card_to_play)
    table = page.locator(".felt")
    expect(table).to_be_visible()
    page.locator("details.table-menu > summary").click()
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("[data-pause-screen]")).to_be_visible()
    expect(table).to_be_hidden()
    expect(page.locator(".board-panel")).to_be_hidden()
    expect(page.get_by_role("button", name="Resume")).to_be_focused()
    page.keyboard.press("Enter")
    expect(table).to_be_visible()
    expect(page.locator("[data-pause-screen]")).to_be_hidden()


def test_on_a_wide_screen_the_phones_extras_stay_away(live_server, page):
    """What only a phone shows (the running count beside the scores) is not on a wide
    screen, and the felt's rules hold there too (a stylesheet block left open once
    made every rule after it a phone's alone)."""
    page.set_viewport_size({"width": 1280, "height": 900})
    at_stop(live_server, page, a_card_on_a_count)
    expect(page.get_by_test_id("phone-count")).to_be_hidden()
    expect(page.get_by_test_id("count")).to_be_visible()


def a_show(table) -> bool:
    return table.waiting and table.phase == "show"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_spoken_count_reads_each_combination_into_a_live_region(live_server, page, language):
    at_stop(live_server, page, a_show, language=language, animation=Animation.FAST, spoken_count=True)
    live = page.locator("[data-spoken-live]")
    expect(live).to_have_attribute("aria-live", "polite")
    for _ in range(8):  # Continue until a hand with something to count is played back
        with page.expect_navigation():
            page.locator("form.continue button").click()
        expect(page.locator("div.game")).to_have_attribute("data-animated", "done", timeout=15_000)
        said = page.locator(".count-items li[data-reveal] [data-say]")
        if said.count():
            break
    else:
        raise AssertionError("no count played back")
    words = [said.nth(i).get_attribute("data-say") for i in range(said.count())]
    assert live.inner_text() == words[-1]  # each said as it lit up, the last one last
    spoken = page.locator("body").get_attribute("data-spoken-last")
    assert spoken == words[-1] + ":aloud"  # the setting is on and the browser has speech synthesis
    if language == "ru":
        assert re.search("[а-я]", words[-1]) and not re.search("[a-z]", words[-1]), words


def test_on_a_wide_screen_the_board_stands_down_the_left_of_the_table(live_server, page):
    """Seed 001's table: the board beside the felt on a wide screen, stood on its end,
    its pegs where the scores say; above the felt on a narrower one."""
    page.set_viewport_size({"width": 1280, "height": 900})
    at_stop(live_server, page, a_card_on_a_count)
    upright = page.locator("svg.crib-board.upright")
    expect(upright).to_be_visible()
    expect(page.locator("svg.crib-board.wide")).to_be_hidden()
    board, felt = upright.bounding_box(), page.locator(".felt").bounding_box()
    assert board["x"] + board["width"] <= felt["x"], (board, felt)
    assert board["height"] > board["width"]  # standing up
    for side in range(2):
        score = int(page.locator(f"[data-side-score='{side}']").inner_text())
        peg = upright.locator(f".peg.p{side}.front")
        assert int(peg.get_attribute("data-score")) == score
    page.set_viewport_size({"width": 1000, "height": 900})
    expect(upright).to_be_hidden()
    board, felt = page.locator("svg.crib-board.wide").bounding_box(), page.locator(".felt").bounding_box()
    assert board["y"] + board["height"] <= felt["y"]
