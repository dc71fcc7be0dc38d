"""Small helpers for reading pages in the browser tests."""

from __future__ import annotations

import os
import re
from pathlib import Path

from engine.cards import Card

#: The words the cards' accessible labels use for the picture ranks and the ace.
NAMES = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}


def cards_in(locator) -> list[Card]:
    """The face-up cards drawn inside ``locator``, read from their accessible labels
    (English ones: "5 of hearts"); :func:`cards_by_notation` reads any language's."""
    found = []
    for label in locator.locator(".card:not(.back)").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))"):
        rank, _, suit = label.split()
        found.append(Card.parse(NAMES.get(rank, rank) + suit[0].upper()))
    return found


def cards_by_notation(locator) -> list[Card]:
    """The face-up cards drawn inside ``locator``, read from the notation each card carries."""
    notations = locator.locator(".card:not(.back)").evaluate_all("cs => cs.map(c => c.dataset.card)")
    return [Card.parse(text) for text in notations]


def sign_in(page, live_server, name: str = "Ann", language: str = "en") -> None:
    """Pick (or create) the profile ``name`` on the home page, as a person would,
    wait for the first drill the trainer deals, and switch to ``language`` there
    (the switch at the foot of every page) unless it is English."""
    page.goto(live_server.url + "/")
    field = page.get_by_label("Your name")
    field.fill(name)
    field.press("Enter")  # on the field itself: focus cannot have wandered since the fill
    page.wait_for_url(re.compile(r"/show/\w+$"))
    if language != "en":
        page.locator(f"button[name=language][value={language}]").click()
        page.wait_for_load_state()


#: The four-colour deck's suit colours (trainer.css).
FOUR_COLOURS = {
    "clubs": "rgb(26, 127, 55)",
    "diamonds": "rgb(28, 91, 216)",
    "hearts": "rgb(193, 18, 31)",
    "spades": "rgb(29, 35, 39)",
}


def assert_four_colours(page) -> int:
    """Every face-up card in the page has its suit's colour; returns how many were looked at."""
    cards = page.locator("main .card:not(.back)").all()
    for card in cards:
        suit = card.get_attribute("aria-label").split()[-1]
        assert card.evaluate("c => getComputedStyle(c).color") == FOUR_COLOURS[suit], suit
    return len(cards)


def choose_four_colours(page, live_server) -> None:
    """Turn the four-colour deck on in the settings, as a learner signed in would."""
    page.goto(live_server.url + "/settings/")
    page.get_by_label("Four-colour deck").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save settings").click()


def submit(page, act) -> None:
    """Do ``act`` (a click, a key) and wait for the page it sends the browser to."""
    with page.expect_navigation():
        act()


def shoot(page, name: str) -> None:
    """Screenshots at phone and desktop widths into $PLAY_SCREENSHOTS, when set
    (for looking at a flow as a person would; the tests do not read them)."""
    folder = os.environ.get("PLAY_SCREENSHOTS")
    if not folder:
        return
    size = page.viewport_size
    for width, label in ((390, "phone"), (1280, "desktop")):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(Path(folder) / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(size)
