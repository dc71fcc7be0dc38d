"""The engine's two kinds of error, both ``ValueError`` subclasses.

``InvalidCardError`` is bad notation: text that does not describe cards, or a
set of cards that cannot exist (the same card twice).  ``IllegalActionError``
is a well-formed action that the rules forbid now; it names the rule.
"""

from __future__ import annotations


class InvalidCardError(ValueError):
    """Text that is not valid card notation, or an impossible set of cards.

    >>> from engine.cards import Card
    >>> Card.parse("11H")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidCardError: '11H' is not a card: expected a rank (A 2-10 T J Q K) then a suit (S H D C or ♠♥♦♣)
    """

    def __init__(self, token: str, reason: str) -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"{token!r} {reason}")


class IllegalActionError(ValueError):
    """An action the rules forbid at this moment; ``rule`` says which rule."""

    def __init__(self, action: str, rule: str) -> None:
        self.action = action
        self.rule = rule
        super().__init__(f"{action}: {rule}")
