"""Helpers for the engine's game tests."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.game import Game


def replay(game: Game, order: str) -> None:
    """Play the cards in order, each by whoever holds it."""
    for c in parse_cards(order):
        owner = next(seat for seat in range(game.rules.players) if c in game.in_hand[seat])
        game.play(owner, c)
