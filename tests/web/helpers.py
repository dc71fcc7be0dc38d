"""Small helpers for reading pages in the web tests."""

from __future__ import annotations

import re

from engine.cards import Card


def page_text(response) -> str:
    """The visible text of a page, tags stripped and spaces squeezed."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def drill_location(client, url: str) -> str:
    """Deal a drill at ``url`` and return its page's path."""
    response = client.get(url)
    assert response.status_code == 302
    return response.headers["Location"]


def drill_id(location: str) -> str:
    return location.rstrip("/").rsplit("/", 1)[1]


def card_values(html: str) -> list[str]:
    return re.findall(r'name="card" value="([^"]+)"', html)


def cards_shown(html: str) -> list[Card]:
    """The cards drawn on a page, from their accessible labels."""
    names = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}
    found = []
    for rank, suit in re.findall(r'class="card [^"]*" role="img" aria-label="(\w+) of (\w+)"', html):
        found.append(Card.parse(names.get(rank, rank) + suit[0].upper()))
    return found
