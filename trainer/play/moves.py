"""What a person can do at the table, as values the play views read from a form
(:func:`trainer.web.play.read_move`) and :func:`trainer.play.games.act` applies,
and the error that tells them, in their words, why a move was not made.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from trainer.language.i18n import gettext as _


class GameActionError(ValueError):
    """Input or an action the learner cannot make now; the message is for them."""


class StaleAction(GameActionError):
    """A form drawn before the game moved on (double submit, another tab)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(
            message or _("That move came from an older page (another tab, or a double click), so nothing was changed.")
        )


@dataclass(frozen=True, slots=True)
class Continue:
    """Go on from a stop (the end of a show or of a deal) to the learner's next one."""


@dataclass(frozen=True, slots=True)
class SayGo:
    """Say go: none of the learner's cards fits under 31."""


@dataclass(frozen=True, slots=True)
class Skip:
    """Show the rest of the deal at once."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay these cards away to the crib."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Cut:
    """Cut the pack for the starter.  ``lift`` is the number as typed (blank:
    anywhere): whether it is allowed depends on the pack, which the engine knows."""

    lift: str = ""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play this card in the pegging (None: no card was picked)."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class ClaimPoints:
    """Claim a count.  ``points`` is the number as typed: its limit depends on
    what is being counted, which the engine knows."""

    points: str


@dataclass(frozen=True, slots=True)
class Muggins:
    """Call muggins on a claim, pointing at the combination missed (if any)."""

    pointed: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Accept:
    """Let a claim stand."""


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back the learner's latest discard or card, in a practice game."""


#: One thing the learner can do at the table.
GameMove = Continue | SayGo | Skip | Discard | Cut | PlayCard | ClaimPoints | Muggins | Accept | TakeBack
