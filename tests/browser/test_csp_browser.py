"""The strict Content Security Policy in a real browser: chromium reports no
violation on any main page, so no style, script or handler is silently
dropped (each would be a ``securitypolicyviolation`` event and a console message)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import sign_in

#: Collects every violation the page reports, from before its first byte is parsed.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
});
"""


class Violations:
    """What the browser refused on each page visited: events and console errors."""

    def __init__(self, page):
        self.page = page
        self.console: list[str] = []
        page.add_init_script(LISTEN)
        page.on("console", self._console)
        page.on("response", self._response)

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.console.append(message.text)

    def _response(self, response) -> None:
        # A page sent without the policy would report no violation at all.
        if response.request.resource_type == "document" and "content-security-policy" not in response.headers:
            self.console.append(f"no Content-Security-Policy on {response.url}")

    def on_page(self) -> list[str]:
        """The violations reported by the page now showing, and CSP console messages so far."""
        self.page.wait_for_load_state("load")
        found = self.page.evaluate("window.__violations || []") + self.console
        self.console = []
        return found


@pytest.fixture
def violations(page) -> Violations:
    return Violations(page)


def test_the_listener_hears_a_violation(live_server, page, violations):
    """The check below can fail: an inline style set on a page is refused and reported."""
    page.goto(live_server.url + "/")
    assert violations.on_page() == []
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    page.wait_for_function("window.__violations.length > 0")
    assert any("style-src" in v for v in violations.on_page())


def test_no_main_page_breaks_the_policy(live_server, page, violations):
    seen: dict[str, list[str]] = {}

    def check(name: str) -> None:
        seen[name] = violations.on_page()

    page.goto(live_server.url + "/")
    check("home, nobody signed in")
    sign_in(page, live_server)
    check("count drill")
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/show/result/\d+$"))
    check("count result")
    for path, name in [
        ("/", "home"),
        ("/show/?mode=category", "count per category"),
        ("/show/?mode=combos", "count combo by combo"),
        ("/pegging/", "pegging quiz"),
        ("/pegging/best", "best card"),
        ("/discard/", "discard drill"),
        ("/review/", "review"),
        ("/review/history", "history"),
        ("/lessons/", "lessons"),
        ("/play/", "play set-up"),
        ("/solitaire/", "solitaire set-up"),
        ("/no/such/page", "not found"),
    ]:
        page.goto(live_server.url + path)
        check(name)
    page.goto(live_server.url + "/lessons/")
    page.locator(".lesson-list a").first.click()
    page.wait_for_url(re.compile(r"/lessons/[\w-]+$"))
    check("a lesson")
    page.goto(live_server.url + "/play/")
    page.get_by_role("button", name="Deal me in").click()
    page.wait_for_url(re.compile(r"/play/\d+$"))
    check("game table")
    page.goto(live_server.url + "/rooms/")
    check("play with people")
    page.get_by_test_id("open-room").click()
    page.wait_for_url(re.compile(r"/rooms/\d+$"))
    check("a table gathering")
    page.get_by_test_id("fill-bots").click()
    page.wait_for_url(re.compile(r"/rooms/\d+$"))
    page.get_by_test_id("start").click()
    page.wait_for_url(re.compile(r"/play/\d+$"))
    expect(page.locator("html")).to_have_attribute("data-live", "open")  # live.js ran and its stream opened
    check("a playroom's table")
    page.goto(live_server.url + "/solitaire/")
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/solitaire/\d+$"))
    check("solitaire table")
    assert {name: found for name, found in seen.items() if found} == {}
    assert len(seen) == 21


def test_no_account_page_breaks_the_policy(live_server, page, violations):
    live_server.app.config["ACCOUNTS"] = True
    for path in ("/", "/signin", "/signup"):
        page.goto(live_server.url + path)
        assert violations.on_page() == [], path
    page.get_by_label("Your name").fill("Ann")
    page.get_by_label("Password", exact=True).fill("correct horse")
    page.get_by_label("The password again").fill("correct horse")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/show/\w+$"))
    assert violations.on_page() == []
    page.goto(live_server.url + "/")
    assert violations.on_page() == []
    page.goto(live_server.url + "/account")
    assert violations.on_page() == []
