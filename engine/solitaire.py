"""Cribbage solitaire (RULES.md §5): Arnold's and Hoyle's versions, each a small
state machine whose only decision is the discard, scored by the show scorer.

>>> game = ArnoldSolitaire(seed=1, target=110)
>>> game.hand_number, game.discard(game.hand[:2]), game.hand_number
(1, (), 2)
>>> [count.what for count in game.discard(game.hand[:2]) if count.what != "his heels"]
['first hand', 'second hand', 'crib']
>>> while not game.is_over:
...     _ = game.discard(game.hand[:2])
>>> len([count for count in game.log if count.what != "his heels"]), game.won == (game.total >= 110)
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
from engine.errors import Breach, IllegalActionError
from engine.scoring import ScoreItem, ScoreKind, his_heels, score_show

SAVE_VERSION = 2
#: Saves this module can resume: version 1 predates the two-step discard of
#: Arnold's game (no "laid" key) and his heels in Hoyle's; its games resume as they are.
LOADABLE_VERSIONS = (1, 2)

#: Arnold's winning total when the player does not choose: 121, a full game's points.
DEFAULT_TARGET = 121
MIN_TARGET, MAX_TARGET = 101, 121


def check_target(target: object) -> None:
    """Arnold's winning total is the player's choice from 101 to 121 (RULES.md §5).

    >>> check_target(100)
    Traceback (most recent call last):
    ...
    ValueError: Arnold's target is a whole number from 101 to 121 (RULES.md §5), not 100
    """
    if not isinstance(target, int) or isinstance(target, bool) or not MIN_TARGET <= target <= MAX_TARGET:
        raise ValueError(
            f"Arnold's target is a whole number from {MIN_TARGET} to {MAX_TARGET} (RULES.md §5), not {target!r}"
        )


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
    if len(cards) != 2:
        raise IllegalActionError(action, Breach.WRONG_NUMBER_OF_CARDS, needed=2, given=len(cards))
    if len(set(cards)) != 2:
        raise IllegalActionError(action, Breach.CARD_TWICE, card=cards[0])
    for c in cards:
        if c not in hand:
            raise IllegalActionError(action, Breach.NOT_IN_THAT_HAND, card=c)


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

    def _heels(self, starter: Card) -> None:
        """Two for his heels when the starter is a jack, logged before the hands."""
        heels = his_heels(starter)
        if heels:
            self.log.append(SolitaireCount(self.deal_number, "his heels", (starter,), starter, (heels,)))

    def _require_open(self, action: str) -> None:
        if self.is_over:
            raise IllegalActionError(action, Breach.OVER, deals=self.deals)


class ArnoldSolitaire(_Solitaire):
    """Four deals of two six-card hands and a starter (13 cards each).  The
    player looks at the first hand and lays two of it away into the crib, and
    only then sees the second hand and lays two of it away (RULES.md §5): two
    steps, each a :meth:`discard` from :attr:`hand`.  Then the starter is
    turned and both hands and the crib are scored with it, his heels included.
    The winning total is the player's choice from 101 to 121 (``target``,
    121 by default: the points of a full game)."""

    deals = 4

    def __init__(self, seed: int | None = None, target: int = DEFAULT_TARGET) -> None:
        check_target(target)
        super().__init__(seed)
        self.target = target
        #: The two cards laid away from this deal's first hand (empty until then).
        self.laid: tuple[Card, ...] = ()

    @property
    def _base(self) -> int:
        return 13 * (self.deal_number - 1)

    @property
    def hand_number(self) -> int:
        """Which hand of the deal is to be laid away from: 1, then 2 (0 when over)."""
        if self.is_over:
            return 0
        return 2 if self.laid else 1

    @property
    def hand(self) -> tuple[Card, ...]:
        """The six cards to lay two away from now; the second hand stays
        unseen until the first hand's discard is made (empty when over)."""
        if self.is_over:
            return ()
        base = self._base + (6 if self.laid else 0)
        return tuple(self.deck[base : base + 6])

    @property
    def first_kept(self) -> tuple[Card, ...]:
        """The four cards the first hand keeps, once its discard is made."""
        if not self.laid or self.is_over:
            return ()
        return tuple(c for c in self.deck[self._base : self._base + 6] if c not in self.laid)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The cards laid away so far this deal."""
        return self.laid

    @property
    def won(self) -> bool:
        return self.is_over and self.total >= self.target

    def verify_discard(self, cards: Sequence[Card]) -> None:
        action = f"laying away {format_cards(cards)}"
        self._require_open(action)
        _check_discard(action, self.hand, cards)

    def discard(self, cards: Sequence[Card] | str) -> tuple[SolitaireCount, ...]:
        """Lay two cards of :attr:`hand` into the crib.  After the first hand
        nothing is scored yet (an empty tuple); after the second the starter is
        turned and the deal is scored: his heels, both hands and the crib."""
        cards = _as_cards(cards)
        self.verify_discard(cards)
        if not self.laid:
            self.laid = tuple(cards)
            return ()
        base = self._base
        hand1, hand2 = self.deck[base : base + 6], self.deck[base + 6 : base + 12]
        starter = self.deck[base + 12]
        start = len(self.log)
        self._heels(starter)
        self._count("first hand", [c for c in hand1 if c not in self.laid], starter)
        self._count("second hand", [c for c in hand2 if c not in cards], starter)
        self._count("crib", self.laid + tuple(cards), starter, crib=True)
        self.laid = ()
        self.deal_number += 1
        return tuple(self.log[start:])

    def to_dict(self) -> dict[str, Any]:
        return _save(self, {"target": self.target, "laid": [str(c) for c in self.laid]})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ArnoldSolitaire":
        """Resume a saved game; a game saved before the two-step discard (or the
        chosen target) resumes at its first hand with the old fixed 121."""
        game = _load(cls, data)
        target = data.get("target", DEFAULT_TARGET)
        check_target(target)
        game.target = target
        game.laid = parse_cards(data.get("laid", []))
        return game


class HoyleSolitaire(_Solitaire):
    """Six deals of eight cards (3 to the hand, 2 to the crib, 3 to the hand) and
    a starter; lay two from the hand to the crib before the starter is turned;
    score hand and crib "the same as above" (seed 003, RULES.md §5), so a jack
    turned as starter scores his heels here too; then the starter goes to the
    bottom of the pack.  The last four cards are scored as a hand without a
    starter (no starter, no heels).  Over ``win_at`` (81 by default; some play
    120) is a win."""

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
        self._heels(starter)
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
    if data.get("version") not in LOADABLE_VERSIONS or data.get("kind") != cls.__name__:
        raise ValueError(f"not a saved {cls.__name__} of version {', '.join(map(str, LOADABLE_VERSIONS))}")
    game = cls.__new__(cls)
    game._rng = random.Random()
    version, internal, gauss = data["random"]
    game._rng.setstate((version, tuple(internal), gauss))
    game.deck = list(parse_cards(data["deck"]))
    game.deal_number = data["deal_number"]
    game.log = [SolitaireCount.from_dict(c) for c in data["log"]]
    return game
