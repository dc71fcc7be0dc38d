"""A move the engine refused, in the learner's words.

The engine says why it refuses an action as data (:class:`engine.errors.Refusal`:
a :class:`~engine.errors.Breach` and its values); this is the one table that
puts each breach into a sentence of the learner's language, so no front end
checks a rule again just to find words for it.  A few breaches read
differently by the move that was tried (a card not in the hand is "not yours
to lay away" in the discard, "not in your hand" in the play): ``attempted``.

>>> from engine.cards import card
>>> from engine.errors import Breach, Refusal
>>> refusal_text(Refusal.of(Breach.PASSES_31, card=card("9S"), count=34))
'The 9♠ would take the count past 31 (to 34): play another card.'
>>> from trainer.language import i18n
>>> with i18n.language("ru"):
...     refusal_text(Refusal.of(Breach.NOT_NOW, attempted=Action.PLAY, expected=Action.DISCARD))
'Сейчас не ваш ход.'
"""

from __future__ import annotations

from typing import Callable

from engine.cards import Card
from engine.errors import Breach, Refusal
from engine.events import Counted
from engine.game import Action
from trainer.language import words
from trainer.language.i18n import gettext as _
from trainer.language.i18n import ngettext


def _card(value: object) -> str:
    """A card a refusal names, in the learner's words (the engine names a card
    given twice by its notation, the others as cards)."""
    return words.face(value if isinstance(value, Card) else Card.parse(str(value)))


def _not_now(refusal: Refusal, attempted: Action | None) -> str:
    """The game waits for something else: what the learner tried cannot be done now."""
    if refusal.get("expected") is Action.NONE:
        return _("This game is over.")
    tried = refusal.get("attempted", attempted)
    if tried is Action.DISCARD:
        return _("It is not time to lay away cards.")
    if tried is Action.CUT:
        return _("It is not your cut now.")
    if tried is Action.PLAY:
        return _("It is not your turn to play a card.")
    if tried is Action.CLAIM:
        return _("There is nothing for you to count now.")
    if tried is Action.MUGGINS:
        return _("There is no claim of the bot's to answer now.")
    return _("That move is not allowed now.")


def _claim_first(refusal: Refusal, attempted: Action | None) -> str:
    if refusal.get("claimant") is None:
        return _("First the claim is answered: call muggins or accept it.")
    return _("First the card just played is counted: under muggins the claim comes before the next card.")


def _not_in_hand(refusal: Refusal, attempted: Action | None) -> str:
    if attempted is Action.PLAY:
        return _("Choose one of the cards in your hand.")
    return _("You can only lay away cards from your own hand.")


def _claim_too_high(refusal: Refusal, attempted: Action | None) -> str:
    what, limit = refusal["what"], refusal["limit"]
    if what is Counted.PLAY:
        return _("No play scores more than %(limit)d: check your count.", limit=limit)
    if what is Counted.CRIB:
        return _("No crib scores more than %(limit)d: check your count.", limit=limit)
    return _("No hand scores more than %(limit)d: check your count.", limit=limit)


#: Each breach in the learner's words, from the refusal's values (and the move tried).
SENTENCES: dict[Breach, Callable[[Refusal, Action | None], str]] = {
    Breach.NOT_NOW: _not_now,
    Breach.NO_SUCH_SEAT: lambda refusal, attempted: _("That seat is not at this table."),
    Breach.NOT_YOUR_TURN: lambda refusal, attempted: _("It is not your turn to play a card."),
    Breach.CLAIM_FIRST: _claim_first,
    Breach.NOT_IN_HAND: _not_in_hand,
    Breach.NOT_IN_THAT_HAND: lambda refusal, attempted: _("Not allowed: %(card)s is not in that hand.",
                                                          card=_card(refusal["card"])),
    Breach.CARD_TWICE: lambda refusal, attempted: _("You picked the %(card)s twice: pick different cards.",
                                                    card=_card(refusal["card"])),
    Breach.WRONG_NUMBER_OF_CARDS: lambda refusal, attempted: ngettext(
        "Pick exactly %(num)d card for the crib.", "Pick exactly %(num)d cards for the crib.", refusal["needed"]),
    Breach.LAID_AWAY_ALREADY: lambda refusal, attempted: _("It is not time to lay away cards."),
    Breach.PASSES_31: lambda refusal, attempted: _(
        "The %(card)s would take the count past 31 (to %(count)d): play another card.",
        card=_card(refusal["card"]), count=refusal["count"]),
    Breach.NO_CARD_FITS: lambda refusal, attempted: _(
        "No card of yours fits under 31 (the count is %(count)d): say Go.", count=refusal["count"]),
    Breach.CUT_TOO_CLOSE: lambda refusal, attempted: _(
        "Cut between %(low)d and %(high)d cards from the top.", low=refusal["low"], high=refusal["high"]),
    Breach.ONE_CUT_EACH: lambda refusal, attempted: _("Each player cuts one card for the deal."),
    Breach.NOT_A_DECK: lambda refusal, attempted: _("A stacked deck holds each of the 52 cards once."),
    Breach.NOT_YOUR_COUNT: lambda refusal, attempted: _("There is nothing for you to count now."),
    Breach.NOT_A_COUNT: lambda refusal, attempted: _("Type your count as a number, like 8."),
    Breach.CLAIM_TOO_HIGH: _claim_too_high,
    Breach.NOT_A_CALLER: lambda refusal, attempted: _("There is no claim of the bot's to answer now."),
    Breach.WRONG_DEAL: lambda refusal, attempted: _("Those hands do not fit this game."),
    Breach.OVER: lambda refusal, attempted: _("This game is over."),
    Breach.GAME_NOT_OVER: lambda refusal, attempted: _("Finish this game before the next one begins."),
}


def refusal_text(refusal: Refusal, attempted: Action | None = None) -> str:
    """Why the engine refused a move, as one sentence in the learner's language;
    ``attempted`` is the move tried, where the sentence depends on it."""
    return SENTENCES[refusal.breach](refusal, attempted)
