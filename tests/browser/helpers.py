"""Small helpers for reading pages in the browser tests."""

from __future__ import annotations

import re

from engine.cards import Card

#: The words the cards' accessible labels use for the picture ranks and the ace.
NAMES = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}


def cards_in(locator) -> list[Card]:
    """The face-up cards drawn inside ``locator``, read from their accessible labels."""
    found = []
    for label in locator.locator(".card:not(.back)").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))"):
        rank, _, suit = label.split()
        found.append(Card.parse(NAMES.get(rank, rank) + suit[0].upper()))
    return found


def sign_in(page, live_server, name: str = "Ann") -> None:
    """Pick (or create) the profile ``name`` on the home page, as a person would,
    and wait for the first drill the trainer deals."""
    page.goto(live_server.url + "/")
    page.get_by_label("Your name").fill(name)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/show/\w+$"))
