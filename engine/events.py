"""The game's history: one frozen record per thing that happened.

Every applied action returns one of these and appends it (and whatever
follows from it) to ``game.log``.  Every point is a :class:`Points` event,
so scores, the review and muggins all read the same records.  Events a
player may not see in full (the deal, a discard) are redacted by
:meth:`Event.seen_by` for that player's view.

>>> from engine.cards import card
>>> from engine.scoring import ScoreItem, ScoreKind
>>> event = Points(player=1, reason=ScoreKind.HEELS, cards=(card("JD"),), points=2)
>>> event.to_dict()
{'type': 'points', 'player': 1, 'reason': 'his heels', 'cards': ['JD'], 'points': 2}
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum, StrEnum
from typing import Any, ClassVar, Sequence

from engine.cards import Card
from engine.scoring import ScoreItem, ScoreKind


class Award(StrEnum):
    """Reasons for points that are not a scoring combination; values read as text."""

    #: Points a player claimed under muggins (the true items are in :class:`TrueCount`).
    CLAIM = "claimed"
    #: Points taken from another player's miscount.
    MUGGINS = "muggins"
    #: Five-card cribbage: the pone pegs three at the start of the game.
    START = "three for the start"


Reason = ScoreKind | Award


class Counted(StrEnum):
    """What a claim counts under muggins: a hand or the crib in the show, or the card just played."""

    HAND = "hand"
    CRIB = "crib"
    PLAY = "play"


def reason_from_text(text: str) -> Reason:
    for enum in (ScoreKind, Award):
        try:
            return enum(text)
        except ValueError:
            pass
    raise ValueError(f"{text!r} is not a reason for points")


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _parse(cards: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in cards)


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; ``type`` names the kind in dicts."""

    type: ClassVar[str] = "event"

    def seen_by(self, seat: int | None) -> "Event":
        """This event as ``seat`` may see it (None: a spectator)."""
        return self

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Card):
                value = str(value)
            elif isinstance(value, Enum):
                value = value.value
            elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
                value = [_cards(v) for v in value]
            elif isinstance(value, tuple) and (not value or isinstance(value[0], Card)):
                value = _cards(value)
            data[f.name] = value
        return data


@dataclass(frozen=True, slots=True)
class CutForDeal(Event):
    """Each seat cut one card; the lowest rank deals (``dealer`` None: a tie, cut again)."""

    type: ClassVar[str] = "cut for deal"
    cuts: tuple[Card, ...]
    dealer: int | None


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A new deal: every hand, and any card dealt straight to the crib."""

    type: ClassVar[str] = "deal"
    dealer: int
    deal_number: int
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]

    def seen_by(self, seat: int | None) -> "Dealt":
        hands = tuple(hand if seat == i else () for i, hand in enumerate(self.hands))
        return replace(self, hands=hands, crib=())


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A player laid cards away to the crib."""

    type: ClassVar[str] = "discard"
    player: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int | None) -> "Discarded":
        return self if seat == self.player else replace(self, cards=())


@dataclass(frozen=True, slots=True)
class StarterCut(Event):
    """The starter was turned (``lift``: cards the cutter lifted off the pack)."""

    type: ClassVar[str] = "cut"
    starter: Card
    lift: int


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A card laid in the play, with the running count after it."""

    type: ClassVar[str] = "play"
    player: int
    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class Go(Event):
    """A player with cards could not play without passing 31 (said for them)."""

    type: ClassVar[str] = "go"
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class CountReset(Event):
    """The count went back to zero; ``next_player`` leads the new count."""

    type: ClassVar[str] = "reset"
    count: int
    next_player: int


@dataclass(frozen=True, slots=True)
class PlayEnded(Event):
    """The play is over (every card played, or five-card's first 31 or go)."""

    type: ClassVar[str] = "play ended"


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A hand (or the crib) laid out for the show, with the starter."""

    type: ClassVar[str] = "show"
    player: int
    cards: tuple[Card, ...]
    starter: Card | None
    is_crib: bool


@dataclass(frozen=True, slots=True)
class Points(Event):
    """Points pegged: who, why, with which cards, how many."""

    type: ClassVar[str] = "points"
    player: int
    reason: Reason
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """Under muggins: what a player claimed for their hand, crib or card played."""

    type: ClassVar[str] = "claim"
    player: int
    what: Counted
    points: int


@dataclass(frozen=True, slots=True)
class MugginsCalled(Event):
    """An opponent called muggins on a claim; ``points`` is what it took (maybe 0)."""

    type: ClassVar[str] = "muggins"
    player: int
    claimant: int
    points: int


@dataclass(frozen=True, slots=True)
class MugginsPassed(Event):
    """An opponent let a claim stand."""

    type: ClassVar[str] = "muggins passed"
    player: int
    claimant: int


@dataclass(frozen=True, slots=True)
class TrueCount(Event):
    """Under muggins, once a claim is settled: the true count, for the review."""

    type: ClassVar[str] = "true count"
    player: int
    what: Counted
    claimed: int
    total: int
    items: tuple[ScoreItem, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "player": self.player,
            "what": self.what.value,
            "claimed": self.claimed,
            "total": self.total,
            "items": [item.to_dict() for item in self.items],
        }


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended: ``winner`` side, the side that ``reached`` the target."""

    type: ClassVar[str] = "game over"
    winner: int
    reached: int
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "winner": self.winner, "reached": self.reached, "scores": list(self.scores)}


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        CutForDeal,
        Dealt,
        Discarded,
        StarterCut,
        Played,
        Go,
        CountReset,
        PlayEnded,
        Shown,
        Points,
        Claimed,
        MugginsCalled,
        MugginsPassed,
        TrueCount,
        GameOver,
    )
}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from :meth:`Event.to_dict`."""
    cls = EVENT_TYPES[data["type"]]
    values = {}
    for f in fields(cls):
        value = data[f.name]
        if f.name in ("cuts", "crib", "cards"):
            value = _parse(value)
        elif f.name == "hands":
            value = tuple(_parse(hand) for hand in value)
        elif f.name in ("card", "starter") and value is not None:
            value = Card.parse(value)
        elif f.name == "reason":
            value = reason_from_text(value)
        elif f.name == "what":
            value = Counted(value)
        elif f.name == "scores":
            value = tuple(value)
        elif f.name == "items":
            value = tuple(
                ScoreItem(ScoreKind(item["kind"]), _parse(item["cards"]), item["points"]) for item in value
            )
        values[f.name] = value
    return cls(**values)
