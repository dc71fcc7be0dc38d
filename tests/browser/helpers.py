"""Small helpers for reading pages in the browser tests."""

from __future__ import annotations

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
