"""The engine's two kinds of error, both ``ValueError`` subclasses.

``InvalidCardError`` is bad notation: text that does not describe cards, or a
set of cards that cannot exist (the same card twice).  ``IllegalActionError``
is a well-formed action that the rules forbid now.  Its reason is data, a
:class:`Refusal`: which rule (a :class:`Breach`) and the values that make it
concrete (the card, the count, how many cards are needed), so every front end
can put it into its own words; the English sentence is derived from it.

>>> from engine.cards import card
>>> refusal = Refusal.of(Breach.PASSES_31, card=card("5C"), count=34)
>>> refusal.breach, refusal["count"], str(refusal)
(<Breach.PASSES_31: 'passes 31'>, 34, 'the count may not pass 31 (it would be 34)')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable


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


class Breach(StrEnum):
    """A rule an action would break; the values it carries are listed beside each."""

    #: The game waits for something else: ``attempted`` and ``expected`` (an :class:`~engine.game.Action`).
    NOT_NOW = "not now"
    #: ``seat`` is not a seat of this table of ``players``.
    NO_SUCH_SEAT = "no such seat"
    #: It is ``turn``'s turn to play, not ``seat``'s.
    NOT_YOUR_TURN = "not your turn"
    #: The card waits for a claim (``claimant``) or a muggins call (``claimant`` None) first.
    CLAIM_FIRST = "claim first"
    #: ``card`` is not in ``seat``'s hand (never dealt to it, or played already).
    NOT_IN_HAND = "not in hand"
    #: ``card`` is not in the hand laid away from (solitaire).
    NOT_IN_THAT_HAND = "not in that hand"
    #: ``card`` is named twice.
    CARD_TWICE = "card twice"
    #: Laying away ``given`` cards where the rules ask ``needed``.
    WRONG_NUMBER_OF_CARDS = "wrong number of cards"
    #: ``seat`` has laid away already this deal.
    LAID_AWAY_ALREADY = "laid away already"
    #: ``card`` would take the count to ``count``, past 31.
    PASSES_31 = "passes 31"
    #: No card of the hand fits under 31 at ``count``: the player says go.
    NO_CARD_FITS = "no card fits"
    #: The cut lifts ``lift`` cards; it must lift ``low`` to ``high``.
    CUT_TOO_CLOSE = "cut too close"
    #: Cutting for deal takes one card for each of ``players``.
    ONE_CUT_EACH = "one cut each"
    #: A stacked deck must hold each of the 52 cards once.
    NOT_A_DECK = "not a deck"
    #: ``claimant`` counts their own ``what`` (a :class:`~engine.game.Counted`) now, not ``seat``.
    NOT_YOUR_COUNT = "not your count"
    #: A claim is a whole number of points, zero or more.
    NOT_A_COUNT = "not a count"
    #: No ``what`` scores more than ``limit`` in this game: the claim ``points`` cannot be right.
    CLAIM_TOO_HIGH = "claim too high"
    #: Only an opponent of the claimant, once, may call or pass muggins.
    NOT_A_CALLER = "not a caller"
    #: Set-up hands: these rules give ``players`` players ``kept`` cards each, and a crib of ``crib``.
    WRONG_DEAL = "wrong deal"
    #: The game (or the match) is over: nothing more is played.
    OVER = "over"
    #: The next game of a match waits for this one to finish.
    GAME_NOT_OVER = "game not over"


#: When each action is taken, as the English for :attr:`Breach.NOT_NOW` says it.
_WHEN = {
    "cut for deal": "the cut for deal comes before the first deal",
    "deal": "a deal starts the game (after the cut for deal) and follows each show",
    "discard": "cards are laid away after the deal and before the starter is cut",
    "cut": "the starter is cut once everyone has laid away",
    "play": "cards are played after the starter is cut and before the show",
    "show": "hands are counted for the players only under automatic counting, in the show",
    "claim": "points are claimed under muggins, for a hand or crib shown or a card played",
    "muggins": "muggins is called on a claim just made, before the next count begins",
}


def _not_now(values: dict[str, Any]) -> str:
    when = _WHEN.get(str(values["attempted"]), f"{values['attempted']} is not done now")
    return f"{when} (the game now waits for: {values['expected']})"


def _claim_first(values: dict[str, Any]) -> str:
    claimant = values.get("claimant")
    waits = "muggins to be called or passed" if claimant is None else f"seat {claimant} to claim"
    return f"the next card waits for {waits} (muggins: claims come first)"


#: The English sentence of each breach, filled from the refusal's values (front ends have their own words).
ENGLISH: dict[Breach, str | Callable[[dict[str, Any]], str]] = {
    Breach.NOT_NOW: _not_now,
    Breach.NO_SUCH_SEAT: "players are seats 0..{last}",
    Breach.NOT_YOUR_TURN: "it is seat {turn}'s turn: play moves left, and a player who can play must play",
    Breach.CLAIM_FIRST: _claim_first,
    Breach.NOT_IN_HAND: "{card} is not in seat {seat}'s hand: you play and lay away your own cards, each once",
    Breach.NOT_IN_THAT_HAND: "{card} is not in that hand",
    Breach.CARD_TWICE: "{card} is named twice: a deck has one of each card",
    Breach.WRONG_NUMBER_OF_CARDS: "exactly {needed} cards are laid away to the crib, not {given}",
    Breach.LAID_AWAY_ALREADY: "each player lays away once a deal",
    Breach.PASSES_31: "the count may not pass 31 (it would be {count})",
    Breach.NO_CARD_FITS: "no card fits under 31 at {count}: the player says go",
    Breach.CUT_TOO_CLOSE: "the cut leaves at least four cards in each part of the pack: lift {low} to {high}",
    Breach.ONE_CUT_EACH: "each of the {players} players cuts one card",
    Breach.NOT_A_DECK: "a stacked deck must hold each of the 52 cards once",
    Breach.NOT_YOUR_COUNT: "seat {claimant} claims now: each counts their own {what}",
    Breach.NOT_A_COUNT: "a claim is a whole number of points, zero or more",
    Breach.CLAIM_TOO_HIGH: "no {what} scores more than {limit} in this game",
    Breach.NOT_A_CALLER: "only an opponent of the claimant, once, may call or pass muggins",
    Breach.WRONG_DEAL: "these rules give {players} players {kept} cards each and a crib of {crib}",
    Breach.OVER: "it is over: nothing more is played",
    Breach.GAME_NOT_OVER: "a game is finished before the next begins",
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: the :class:`Breach` and its values (``refusal["count"]``).

    ``str`` gives the English sentence; each front end words it itself.
    """

    breach: Breach
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, breach: Breach, **values: Any) -> "Refusal":
        return cls(breach, tuple(values.items()))

    def __getitem__(self, key: str) -> Any:
        for name, value in self.values:
            if name == key:
                return value
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        """The value ``key``, or ``default`` when this breach carries none."""
        return next((value for name, value in self.values if name == key), default)

    def __str__(self) -> str:
        english = ENGLISH[self.breach]
        values = dict(self.values)
        return english(values) if callable(english) else english.format(**values)


class IllegalActionError(ValueError):
    """An action the rules forbid at this moment; ``refusal`` says which rule, as data.

    >>> error = IllegalActionError("seat 0 playing 5C", Breach.PASSES_31, card="5C", count=34)
    >>> error.refusal.breach, error.rule
    (<Breach.PASSES_31: 'passes 31'>, 'the count may not pass 31 (it would be 34)')
    >>> str(error)
    'seat 0 playing 5C: the count may not pass 31 (it would be 34)'
    """

    def __init__(self, action: str, breach: Breach, **values: Any) -> None:
        self.action = action
        self.refusal = Refusal.of(breach, **values)
        super().__init__(f"{action}: {self.rule}")

    @property
    def breach(self) -> Breach:
        return self.refusal.breach

    @property
    def rule(self) -> str:
        """The rule in English (front ends put :attr:`refusal` into their own words)."""
        return str(self.refusal)
