"""What a learner answers to a drill, as values, and the count drill's options.

A count (show) drill is answered one of three ways, the drill's
:class:`~trainer.drills.checking.AnswerMode`: a :class:`Total`, the points
:class:`ByCategory`, or :class:`Claims` of each combination.  A pegging moment
is answered with :class:`PegPoints` (the points and the count), a discard with
the two cards :class:`LaidAway`, a "which card is best" question with the
:class:`BestCard`.  A front end reads its form into one of these and hands it
to :func:`trainer.practice.answer_drill`; grading
(:mod:`trainer.drills.grading`) takes them as they are.

Each answer keeps the shape its attempt has always been stored in (``to_dict``;
the discard and the best card add what the pick gave away when graded), and a
stored answer reads back with ``from_dict``, so old attempts stay readable:

>>> Total(28).to_dict(), show_answer_from_dict({"total": 28})
({'total': 28}, Total(points=28))
>>> PegPoints.from_dict(PegPoints(points=2, count=15).to_dict())
PegPoints(points=2, count=15)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

from engine.cards import Card, format_cards, parse_cards
from engine.scoring import SHOW_KINDS, ScoreKind
from trainer.drills.checking import AnswerMode, Claim
from trainer.drills.deal import FocusKind

#: How stored options and the query string name the adaptive dealer's choice of focus.
AUTO = "auto"


@dataclass(frozen=True, slots=True)
class Total:
    """A count answered by its total."""

    points: int
    mode: ClassVar[AnswerMode] = AnswerMode.TOTAL

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.points}


@dataclass(frozen=True, slots=True)
class ByCategory:
    """A count answered per category: the points for each kind of the show, in
    :data:`~engine.scoring.SHOW_KINDS` order (build it with :meth:`of`).

    >>> ByCategory.of({ScoreKind.FIFTEEN: 8, ScoreKind.RUN: 3}).by_kind[ScoreKind.PAIR]
    0
    """

    points: tuple[tuple[ScoreKind, int], ...]
    mode: ClassVar[AnswerMode] = AnswerMode.CATEGORY

    @classmethod
    def of(cls, points: Mapping[ScoreKind, int]) -> "ByCategory":
        """The answer giving ``points`` per kind (a kind left out: none)."""
        return cls(tuple((kind, points.get(kind, 0)) for kind in SHOW_KINDS))

    @property
    def by_kind(self) -> dict[ScoreKind, int]:
        return dict(self.points)

    def to_dict(self) -> dict[str, Any]:
        return {"categories": {kind.value: points for kind, points in self.points}}


@dataclass(frozen=True, slots=True)
class Claims:
    """A count answered by claiming each combination (the claims as made, in order)."""

    claims: tuple[Claim, ...] = ()
    mode: ClassVar[AnswerMode] = AnswerMode.CLAIMS

    @classmethod
    def from_stored(cls, stored: Sequence[Sequence[str]]) -> "Claims":
        """The claims as a drill and an attempt store them: ``[kind, cards]`` pairs."""
        return cls(tuple(Claim.parse(kind, cards) for kind, cards in stored))

    def stored(self) -> list[list[str]]:
        """The claims as ``[kind, cards]`` pairs (:meth:`from_stored` reads them back)."""
        return [[claim.kind.value, format_cards(claim.cards)] for claim in self.claims]

    def added(self, claim: Claim) -> "Claims":
        return Claims(self.claims + (claim,))

    def removed(self, index: int) -> "Claims":
        return Claims(self.claims[:index] + self.claims[index + 1 :])

    def to_dict(self) -> dict[str, Any]:
        return {"claims": self.stored()}


#: A count drill's answer.
ShowAnswer = Total | ByCategory | Claims


def show_answer_from_dict(data: Mapping[str, Any]) -> ShowAnswer:
    """A stored count answer: its one key says which form it takes; ``KeyError``,
    ``TypeError`` or ``ValueError`` for a record in another shape."""
    if "claims" in data:
        return Claims.from_stored(data["claims"])
    if "categories" in data:
        return ByCategory.of({ScoreKind(kind): int(points) for kind, points in data["categories"].items()})
    return Total(int(data["total"]))


@dataclass(frozen=True, slots=True)
class PegPoints:
    """The points the card just played pegs, and the count it makes."""

    points: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "points": self.points}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "PegPoints":
        return cls(int(data["points"]), int(data["count"]))


@dataclass(frozen=True, slots=True)
class LaidAway:
    """The cards laid away to the crib from the six dealt."""

    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """The pick as stored (grading adds the points it gave away)."""
        return {"discard": format_cards(sorted(self.cards))}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "LaidAway":
        return cls(tuple(parse_cards(data["discard"])))


@dataclass(frozen=True, slots=True)
class BestCard:
    """The card chosen to play."""

    card: Card

    def to_dict(self) -> dict[str, Any]:
        """The choice as stored (grading adds the points it gave away)."""
        return {"card": str(self.card)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "BestCard":
        return cls(Card.parse(data["card"]))


#: Any drill's answer.
DrillAnswer = ShowAnswer | PegPoints | LaidAway | BestCard


@dataclass(frozen=True, slots=True)
class ShowOptions:
    """How the learner asked for count drills: the answer form, hand or crib, the
    kind of hand (``focus`` None: the adaptive dealer chooses) and the timer.

    >>> options = ShowOptions(AnswerMode.CLAIMS, crib=True, focus=FocusKind.NOBS)
    >>> ShowOptions.from_dict(options.to_dict()) == options, options.args(crib="")
    (True, {'mode': 'claims', 'focus': 'nobs'})
    """

    mode: AnswerMode = AnswerMode.TOTAL
    crib: bool = False
    focus: FocusKind | None = None
    timed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode.value, "crib": self.crib, "focus": _focus_word(self.focus), "timed": self.timed}

    @classmethod
    def from_dict(cls, data: object) -> "ShowOptions":
        """Stored options; anything missing or unknown (a record written by
        another feature) takes the default."""
        stored: Mapping[str, Any] = data if isinstance(data, Mapping) else {}
        modes = {m.value: m for m in AnswerMode}
        return cls(
            modes.get(str(stored.get("mode")), AnswerMode.TOTAL),
            bool(stored.get("crib", False)),
            focus_named(str(stored.get("focus", AUTO))),
            bool(stored.get("timed", False)),
        )

    def args(self, **changes: str) -> dict[str, Any]:
        """The options as query arguments (``url_for``'s keywords: all text), with
        ``changes`` applied (empty ones left out)."""
        values = {
            "mode": self.mode.value,
            "crib": "1" if self.crib else "",
            "focus": _focus_word(self.focus),
            "timed": "1" if self.timed else "",
        }
        values.update(changes)
        return {k: v for k, v in values.items() if v}


def focus_named(word: str) -> FocusKind | None:
    """The focus a stored or asked-for word names (:data:`AUTO` or an unknown word: None, the adaptive dealer)."""
    return next((focus for focus in FocusKind if focus.value == word), None)


def _focus_word(focus: FocusKind | None) -> str:
    return AUTO if focus is None else focus.value
