"""Cribbage solitaire (RULES.md §5): Arnold's and Hoyle's versions, each a small
state machine whose only decision is the discard, scored by the show scorer.

>>> game = ArnoldSolitaire(seed=1)
>>> while not game.is_over:
...     first, second = game.hands
...     _ = game.discard(first[:2], second[:2])
>>> len([count for count in game.log if count.what != "his heels"]), game.total == sum(c.total for c in game.log)
(12, True)
>>> hoyle = HoyleSolitaire(seed=1)
>>> while not hoyle.is_over:
...     _ = hoyle.discard(hoyle.hand[:2])
>>> [count.what for count in hoyle.log][-3:]
['hand', 'crib', 'last hand']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence, TypeVar

from engine.cards import DECK, Card, format_cards, parse_cards
from engine.errors import IllegalActionError
from engine.scoring import ScoreItem, ScoreKind, his_heels, score_show

SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class SolitaireCount:
    """One scored hand, crib or his heels in a solitaire game."""

    deal: int
    what: str
    cards: tuple[Card, ...]
    starter: Card | None
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "what": self.what,
            "cards": [str(c) for c in self.cards],
            "starter": str(self.starter) if self.starter else None,
            "items": [item.to_dict() for item in self.items],
            "total": self.total,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SolitaireCount":
        items = tuple(ScoreItem(ScoreKind(i["kind"]), parse_cards(i["cards"]), i["points"]) for i in data["items"])
        starter = Card.parse(data["starter"]) if data["starter"] else None
        return cls(data["deal"], data["what"], parse_cards(data["cards"]), starter, items)


def _as_cards(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    return parse_cards(cards, allow_duplicates=True)


def _check_discard(action: str, hand: Sequence[Card], cards: Sequence[Card]) -> None:
    if len(cards) != 2 or len(set(cards)) != 2:
        raise IllegalActionError(action, "two different cards are laid away from each hand")
    for c in cards:
        if c not in hand:
            raise IllegalActionError(action, f"{c} is not in that hand")


class _Solitaire:
    deals: int

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.deck = list(DECK)
        self._rng.shuffle(self.deck)
        self.deal_number = 1
        self.log: list[SolitaireCount] = []

    @property
    def total(self) -> int:
        return sum(count.total for count in self.log)

    @property
    def is_over(self) -> bool:
        return self.deal_number > self.deals

    def _count(
        self, what: str, cards: Sequence[Card], starter: Card | None, *, crib: bool = False, deal: int | None = None
    ) -> None:
        items = score_show(cards, starter, crib=crib).items
        self.log.append(SolitaireCount(deal or self.deal_number, what, tuple(cards), starter, items))

    def _require_open(self, action: str) -> None:
        if self.is_over:
            raise IllegalActionError(action, f"the game is over after {self.deals} deals")


class ArnoldSolitaire(_Solitaire):
    """Four deals of two six-card hands and a starter (13 cards each); lay two
    from each hand into a crib; score both hands and the crib with the starter,
    his heels included.  Reaching ``target`` (101 to 121) counts as a win."""

    deals = 4

    def __init__(self, seed: int | None = None, target: int = 121) -> None:
        if not 101 <= target <= 121:
            raise ValueError("Arnold's target is between 101 and 121 (RULES.md §5)")
        super().__init__(seed)
        self.target = target

    @property
    def _base(self) -> int:
        return 13 * (self.deal_number - 1)

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The two six-card hands of the current deal (empty when over)."""
        if self.is_over:
            return (), ()
        base = self._base
        return tuple(self.deck[base : base + 6]), tuple(self.deck[base + 6 : base + 12])

    @property
    def won(self) -> bool:
        return self.is_over and self.total >= self.target

    def verify_discard(self, first: Sequence[Card], second: Sequence[Card]) -> None:
        action = f"laying away {format_cards(first)} and {format_cards(second)}"
        self._require_open(action)
        hand1, hand2 = self.hands
        _check_discard(action, hand1, first)
        _check_discard(action, hand2, second)

    def discard(self, first: Sequence[Card] | str, second: Sequence[Card] | str) -> tuple[SolitaireCount, ...]:
        """Lay two from each hand into the crib, turn the starter and score the deal."""
        first, second = _as_cards(first), _as_cards(second)
        self.verify_discard(first, second)
        hand1, hand2 = self.hands
        starter = self.deck[self._base + 12]
        start = len(self.log)
        heels = his_heels(starter)
        if heels:
            self.log.append(SolitaireCount(self.deal_number, "his heels", (starter,), starter, (heels,)))
        self._count("first hand", [c for c in hand1 if c not in first], starter)
        self._count("second hand", [c for c in hand2 if c not in second], starter)
        self._count("crib", tuple(first) + tuple(second), starter, crib=True)
        self.deal_number += 1
        return tuple(self.log[start:])

    def to_dict(self) -> dict[str, Any]:
        return _save(self, {"target": self.target})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ArnoldSolitaire":
        game = _load(cls, data)
        game.target = data["target"]
        return game


class HoyleSolitaire(_Solitaire):
    """Six deals of eight cards (3 to the hand, 2 to the crib, 3 to the hand) and
    a starter; lay two from the hand to the crib before the starter is turned;
    score hand and crib, then the starter goes to the bottom of the pack.  The
    last four cards are scored as a hand without a starter.  RULES.md gives his
    heels only for Arnold's version, so none is scored here.  Over ``win_at``
    (81 by default; some play 120) is a win."""

    deals = 6

    def __init__(self, seed: int | None = None, win_at: int = 81) -> None:
        super().__init__(seed)
        self.win_at = win_at
        self.pack = list(self.deck)
        self._deal()

    def _deal(self) -> None:
        pack = self.pack
        self.hand = tuple(pack[0:3] + pack[5:8])
        self.crib = tuple(pack[3:5])
        del pack[0:8]

    @property
    def won(self) -> bool:
        return self.is_over and self.total >= self.win_at

    def verify_discard(self, cards: Sequence[Card]) -> None:
        action = f"laying away {format_cards(cards)}"
        self._require_open(action)
        _check_discard(action, self.hand, cards)

    def discard(self, cards: Sequence[Card] | str) -> tuple[SolitaireCount, ...]:
        """Lay two into the crib, turn the starter, score; after the sixth deal, the last four."""
        cards = _as_cards(cards)
        self.verify_discard(cards)
        start = len(self.log)
        starter = self.pack.pop(0)
        self._count("hand", [c for c in self.hand if c not in cards], starter)
        self._count("crib", self.crib + tuple(cards), starter, crib=True)
        self.pack.append(starter)
        self.deal_number += 1
        if self.is_over:
            self._count("last hand", self.pack, None, deal=self.deals)
            self.hand, self.crib, self.pack = (), (), []
        else:
            self._deal()
        return tuple(self.log[start:])

    def to_dict(self) -> dict[str, Any]:
        return _save(
            self,
            {
                "win_at": self.win_at,
                "pack": [str(c) for c in self.pack],
                "hand": [str(c) for c in self.hand],
                "crib": [str(c) for c in self.crib],
            },
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "HoyleSolitaire":
        game = _load(cls, data)
        game.win_at = data["win_at"]
        game.pack = list(parse_cards(data["pack"]))
        game.hand = parse_cards(data["hand"])
        game.crib = parse_cards(data["crib"])
        return game


_S = TypeVar("_S", bound=_Solitaire)


def _save(game: _Solitaire, extra: dict[str, Any]) -> dict[str, Any]:
    version, internal, gauss = game._rng.getstate()
    return {
        "version": SAVE_VERSION,
        "kind": type(game).__name__,
        "random": [version, list(internal), gauss],
        "deck": [str(c) for c in game.deck],
        "deal_number": game.deal_number,
        "log": [count.to_dict() for count in game.log],
        **extra,
    }


def _load(cls: type[_S], data: dict[str, Any]) -> _S:
    if data.get("version") != SAVE_VERSION or data.get("kind") != cls.__name__:
        raise ValueError(f"not a saved {cls.__name__} of version {SAVE_VERSION}")
    game = cls.__new__(cls)
    game._rng = random.Random()
    version, internal, gauss = data["random"]
    game._rng.setstate((version, tuple(internal), gauss))
    game.deck = list(parse_cards(data["deck"]))
    game.deal_number = data["deal_number"]
    game.log = [SolitaireCount.from_dict(c) for c in data["log"]]
    return game
