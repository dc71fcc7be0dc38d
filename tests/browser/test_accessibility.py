"""Every page through axe-core (the WCAG 2 A and AA rules), in Chromium at
phone width: no serious or critical violation anywhere, and nothing wider than
the screen (no sideways scrolling at 390 px).

The pages are reached as a learner reaches them (a profile, a drill and its
answer, a game at the table, a solitaire, a lesson), so the audit sees the
markup real visits produce, flashes and forms included.  Accessibility does
not depend on the database, so this runs on SQLite only.
"""

from __future__ import annotations

import re

import pytest

from .helpers import sign_in

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")

#: The axe rule sets audited: WCAG 2.0 and 2.1, levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: Impacts that fail the audit.
BLOCKING = {"serious", "critical"}


def audit(page) -> list[str]:
    """The page's blocking violations as readable lines (rule, impact, where)."""
    results = axe_playwright.Axe().run(
        page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    )
    problems = []
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING:
            targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
            problems.append(f"{page.url}: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return problems


def overflow(page) -> str | None:
    """What is wider than the screen, or a table cell whose words spill out of it (a
    long word in a narrow column: Russian has many), or None."""
    wide = page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth <= width) return null;
            const culprit = [...document.querySelectorAll('body *')].find(e => e.getBoundingClientRect().right > width + 1);
            return culprit ? culprit.outerHTML.slice(0, 160) : 'the page';
        }"""
    )
    if wide:
        return f"{page.url}: wider than {page.viewport_size['width']} px: {wide}"
    spilt = page.evaluate(
        """() => {
            const cell = [...document.querySelectorAll('td, th')].find(c => c.scrollWidth > c.clientWidth + 1);
            return cell ? cell.outerHTML.slice(0, 160) : null;
        }"""
    )
    return f"{page.url}: a word wider than its table cell: {spilt}" if spilt else None


def visit_everything(page, server):
    """Walk the trainer as a learner would, yielding after each page is loaded."""
    page.goto(server.url + "/")
    yield  # the first visit: no profile yet
    sign_in(page, server)
    yield  # a count drill
    page.get_by_role("button", name=re.compile("Check|Submit|Answer", re.I)).first.click()
    yield  # its result, or the message for an empty answer
    for path in ("/pegging/", "/pegging/best", "/discard/", "/review/", "/review/history", "/lessons/",
                 "/play/", "/solitaire/", "/settings/"):
        page.goto(server.url + path)
        yield
    page.goto(server.url + "/lessons/")
    page.locator("main a[href^='/lessons/']").first.click()
    yield  # a lesson
    page.goto(server.url + "/discard/")
    page.locator("input[name=card]").nth(0).check()
    page.locator("input[name=card]").nth(1).check()
    page.locator("form button[type=submit]").last.click()
    yield  # the discard analysis
    page.goto(server.url + "/play/")
    page.locator("form[action$='/play/new'] button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/play/\d+$"))
    yield  # a game at the table
    page.goto(server.url + "/solitaire/")
    page.locator("form[action$='/solitaire/new'] button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/solitaire/\d+$"))
    yield  # a solitaire


def check(page, problems: list[str]) -> None:
    problems += audit(page)
    wide = overflow(page)
    if wide:
        problems.append(wide)


@pytest.mark.front_end  # accessibility does not depend on the database
def test_every_page_passes_axe_at_phone_width(live_server, page):
    live_server.app.config["DRILL_SEED"] = 5  # the same deals every run: a failure can be replayed
    problems: list[str] = []
    for _ in visit_everything(page, live_server):
        check(page, problems)
    assert not problems, "\n".join(problems)


def table_state(page) -> str:
    """Which kind of stop the game table shows (the audit checks each kind once)."""
    for selector in ("form.go-form", "form.muggins-form", "form.claim-form", "form[data-discard]", "form.cut-form",
                     "form.play-form", "form.continue"):
        if page.locator(selector).count():
            return selector
    return "other"


def play_to_the_end(page, problems: list[str]) -> None:
    """Play the game on the page to its end (claiming 0 under muggins, accepting
    the bots' claims), auditing the first table of each kind of stop."""
    seen: set[str] = set()
    for _ in range(600):
        if page.get_by_role("link", name=re.compile("See the results")).count():
            check(page, problems)
            with page.expect_navigation():
                page.get_by_role("link", name=re.compile("See the results")).click()
            return
        state = table_state(page)
        if state not in seen:
            seen.add(state)
            if page.locator("details[data-hint] summary").count():  # the coach's hint, open
                page.locator("details[data-hint] summary").click()
            check(page, problems)
        with page.expect_navigation():
            if state == "form[data-discard]":
                boxes = page.locator("form[data-discard] label")
                for i in range(int(page.locator("form[data-discard]").get_attribute("data-discard"))):
                    boxes.nth(i).click()
                page.get_by_test_id("to-crib").click()
            elif state == "form.play-form":
                page.locator(".card-button:not(.too-high)").first.click()
            elif state == "form.muggins-form":
                page.locator("form.muggins-form button[value=accept]").click()
            elif state == "other":
                raise AssertionError(f"no move on the page: {page.get_by_test_id('turn').inner_text()}")
            else:
                page.locator(f"{state} button[type=submit]").first.click()
    raise AssertionError("the game did not end")


@pytest.mark.front_end
@pytest.mark.parametrize("variant", ["Six-card", "Three players"])
def test_a_whole_game_with_muggins_passes_axe(live_server, page, variant):
    live_server.app.config["PLAY_ANIMATION"] = "off"
    live_server.app.config["PLAY_SEED"] = 3
    sign_in(page, live_server)
    page.goto(live_server.url + "/settings/")  # with the coach: its meter, hints, verdicts, the review's chart
    page.locator("main input[name=coach]").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save settings").click()
    page.goto(live_server.url + "/play/")
    page.get_by_text("Easy", exact=True).click()
    page.get_by_text(variant, exact=True).click()
    page.get_by_text("61 (one lap)").click()
    page.get_by_text("Muggins", exact=True).click()
    with page.expect_navigation():
        page.get_by_role("button", name="Deal me in").click()
    problems: list[str] = []
    play_to_the_end(page, problems)
    check(page, problems)  # the results
    page.goto(page.url.replace("/results", "/review"))
    check(page, problems)  # the game's review
    assert not problems, "\n".join(problems)


def test_the_audit_finds_what_it_should(page):
    """The audit can fail: an unlabelled field and a wide table are caught."""
    page.set_content(
        '<html lang="en"><head><title>t</title></head><body><main>'
        '<form><input type="text" name="points"></form>'
        '<table><tr><td style="min-width: 900px">wide</td></tr></table></main></body></html>'
    )
    assert any("label" in problem for problem in audit(page))
    assert overflow(page) is not None
