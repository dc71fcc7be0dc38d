"""A learner opens the trainer in a real browser and creates a profile."""

from __future__ import annotations

import re


def test_first_visit_creates_a_profile(live_server, page):
    page.goto(live_server.url + "/")
    page.get_by_label("Your name").fill("Ann")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/show/\w+$"))
    assert page.locator(".who").inner_text() == "Ann"
