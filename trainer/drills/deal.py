"""Drill generators: what the trainer deals.

* show drills: a random hand (or crib) and starter, optionally one rich in a
  :class:`FocusKind` (double runs, five-card fifteens, flush traps, nobs,
  nineteen hands);
* pegging moments: real deals played out by :class:`engine.game.Game` with a
  simple legal policy, cut into the moments a card was laid, each tagged
  (:class:`PegTag`: go, 31, last card, after a reset, a run out of order, a
  pair broken by another card...) so a quiz can ask for a realistic mix;
* discard hands: six cards, as dealer or pone.

Every deal is a frozen value with a ``to_dict``/``from_dict`` round trip, so a
drill can be stored as what was dealt and never as its answer.

>>> deal = deal_show(random.Random(3), focus=FocusKind.NOBS)
>>> ShowDeal.from_dict(deal.to_dict()) == deal, matches_focus(deal.score(), FocusKind.NOBS)
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Iterable, Sequence

from engine.cards import Card, format_cards, parse_cards, shuffled_deck
from engine.events import CountReset, Event, Played, PlayEnded, Points, StarterCut
from engine.game import Action, Automation, Game
from engine.pegging import PlayScore, ending_item, least_value_after_go, pile_count, playable, score_play
from engine.rules import STANDARD
from engine.scoring import ScoreItem, ScoreKind, ShowScore, adds_to_fifteen, score_show
from trainer.language.i18n import NC_, pgettext
from trainer.record.attempts import DrillKind

#: Cards of a count, each with whether "you" (the player a moment is seen by) laid it.
Side = tuple[tuple[bool, Card], ...]

# ---------------------------------------------------------------- show drills


class FocusKind(StrEnum):
    """A kind of hand a learner can ask for (or the adaptive dealer picks)."""

    ANY = "any"
    DOUBLE_RUNS = "double runs"
    FIVE_CARD_FIFTEENS = "five-card fifteens"
    FLUSH_TRAPS = "flush traps"
    NOBS = "nobs"
    NINETEEN = "19 hands"

    @property
    def label(self) -> str:
        """The kind as the drill's options name it, in the learner's language.

        >>> FocusKind.FLUSH_TRAPS.label, FocusKind.NINETEEN.label
        ('Flush traps', '19 hands')
        """
        return pgettext("focus", _FOCUS_LABELS[self])


_FOCUS_LABELS = {
    FocusKind.ANY: NC_("focus", "Any"),
    FocusKind.DOUBLE_RUNS: NC_("focus", "Double runs"),
    FocusKind.FIVE_CARD_FIFTEENS: NC_("focus", "Five-card fifteens"),
    FocusKind.FLUSH_TRAPS: NC_("focus", "Flush traps"),
    FocusKind.NOBS: NC_("focus", "Nobs"),
    FocusKind.NINETEEN: NC_("focus", "19 hands"),
}


def matches_focus(score: ShowScore, focus: FocusKind) -> bool:
    """Whether a scored hand is the kind ``focus`` asks for.

    A flush trap looks like a flush (four of the five cards share a suit) but
    scores none: three hand cards and the starter, or a four-card crib flush
    whose starter does not match.

    >>> matches_focus(score_show("2H 6H 9H KC", "4H"), FocusKind.FLUSH_TRAPS)
    True
    >>> matches_focus(score_show("2H 6H 9H KH", "4C"), FocusKind.FLUSH_TRAPS)
    False
    """
    if focus is FocusKind.ANY:
        return True
    if focus is FocusKind.DOUBLE_RUNS:
        return len(score.items_of(ScoreKind.RUN)) > 1
    if focus is FocusKind.FIVE_CARD_FIFTEENS:
        return any(len(item.cards) >= 5 for item in score.items_of(ScoreKind.FIFTEEN))
    if focus is FocusKind.FLUSH_TRAPS:
        cards = score.hand + ((score.starter,) if score.starter else ())
        most = max(Counter(c.suit for c in cards).values())
        return most >= 4 and not score.items_of(ScoreKind.FLUSH)
    if focus is FocusKind.NOBS:
        return bool(score.items_of(ScoreKind.NOBS))
    if focus is FocusKind.NINETEEN:
        return score.total == 0
    raise ValueError(f"unknown focus {focus!r}")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class ShowDeal:
    """Four cards and a starter to count, as a hand or as a crib."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool = False

    def score(self) -> ShowScore:
        return score_show(self.hand, self.starter, crib=self.crib)

    def to_dict(self) -> dict[str, Any]:
        return {"hand": format_cards(self.hand), "starter": str(self.starter), "crib": self.crib}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ShowDeal":
        """Rebuild a stored deal; ``ValueError`` if it is not a valid deal."""
        hand = parse_cards(data["hand"])
        starter = Card.parse(data["starter"])
        if len(hand) != 4 or starter in hand:
            raise ValueError("a show deal is four cards and a different starter")
        return cls(tuple(hand), starter, bool(data.get("crib", False)))


#: Rejection sampling gives up after this many deals (the rarest focus,
#: five-card fifteens, turns up about once in 60 hands).
MAX_TRIES = 20_000


def deal_show(rng: random.Random, *, crib: bool = False, focus: FocusKind = FocusKind.ANY) -> ShowDeal:
    """A random hand (or crib) and starter of the kind ``focus`` asks for."""
    for _ in range(MAX_TRIES):
        deck = shuffled_deck(rng)
        if focus is FocusKind.FIVE_CARD_FIFTEENS and not adds_to_fifteen(deck[:5]):
            continue  # five cards not adding to 15 cannot match: not worth scoring
        deal = ShowDeal(tuple(sorted(deck[:4])), deck[4], crib)
        if matches_focus(deal.score(), focus):
            return deal
    raise RuntimeError(f"no {focus} hand in {MAX_TRIES} deals")  # pragma: no cover


# ---------------------------------------------------------------- pegging


class PegTag(StrEnum):
    """What makes a pegging moment worth asking about."""

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    OUT_OF_ORDER_RUN = "run out of order"
    BROKEN_PAIR = "pair broken by another card"
    GO = "go"
    LAST_CARD = "last card"
    AFTER_RESET = "after a reset"
    NOTHING = "nothing"


@dataclass(frozen=True, slots=True)
class PeggingMoment:
    """A card just laid in the play, seen by the player who laid it ("you").

    ``earlier`` holds the counts already turned over this deal, ``pile`` the
    current count with the card just laid last; each card is paired with
    whether you laid it.  ``neither_can_play`` says that after this card
    nobody could go on (so it earns the go, or the last card); ``extra`` are
    those go / last-card items.
    """

    earlier: tuple[Side, ...]
    pile: Side
    neither_can_play: bool
    last_card: bool
    extra: tuple[ScoreItem, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.pile)

    @property
    def card(self) -> Card:
        return self.pile[-1][1]

    def play(self) -> PlayScore:
        return score_play(self.cards)

    @property
    def points(self) -> int:
        return self.play().points + sum(item.points for item in self.extra)

    @property
    def tags(self) -> frozenset[PegTag]:
        """Every :class:`PegTag` this moment shows."""
        play = self.play()
        tags: set[PegTag] = set()
        kinds = {item.kind for item in play.items}
        if ScoreKind.FIFTEEN in kinds:
            tags.add(PegTag.FIFTEEN)
        if ScoreKind.THIRTY_ONE in kinds:
            tags.add(PegTag.THIRTY_ONE)
        if ScoreKind.PAIR in kinds:
            tags.add(PegTag.PAIR)
        for item in (i for i in play.items if i.kind is ScoreKind.RUN):
            tags.add(PegTag.RUN)
            ranks = [c.rank for c in item.cards]
            if ranks != sorted(ranks) and ranks != sorted(ranks, reverse=True):
                tags.add(PegTag.OUT_OF_ORDER_RUN)
        cards = self.cards
        if len(cards) >= 3 and cards[-3].rank == cards[-1].rank and cards[-2].rank != cards[-1].rank:
            tags.add(PegTag.BROKEN_PAIR)
        for item in self.extra:
            tags.add(PegTag.GO if item.kind is ScoreKind.GO else PegTag.LAST_CARD)
        if self.earlier:
            tags.add(PegTag.AFTER_RESET)
        if not play.items and not self.extra:
            tags.add(PegTag.NOTHING)
        return frozenset(tags)

    def to_dict(self) -> dict[str, Any]:
        def side(pairs: Side) -> list[list[bool | str]]:
            return [[mine, str(card)] for mine, card in pairs]

        return {
            "earlier": [side(count) for count in self.earlier],
            "pile": side(self.pile),
            "neither_can_play": self.neither_can_play,
            "last_card": self.last_card,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PeggingMoment":
        """Rebuild a stored moment (its go and last-card points are derived again)."""

        def side(pairs: Iterable[tuple[Any, str]]) -> Side:
            return tuple((bool(mine), Card.parse(card)) for mine, card in pairs)

        earlier = tuple(side(count) for count in data["earlier"])
        pile = side(data["pile"])
        every_card = [c for count in earlier for _, c in count] + [c for _, c in pile]
        if not pile or len(set(every_card)) != len(every_card) or len(every_card) > 8:
            raise ValueError("not a pegging moment")
        score_play([c for _, c in pile])  # raises for a pile past 31
        return _moment(earlier, pile, bool(data["neither_can_play"]), bool(data["last_card"]))


def _moment(earlier: tuple[Side, ...], pile: Side, neither_can_play: bool, last_card: bool) -> PeggingMoment:
    """A moment with its go / last-card point as the engine rules it
    (:func:`engine.pegging.ending_item`): the card that ends a count pegs one,
    for the go or the last card, and nothing more on a 31."""
    ending = ScoreKind.LAST_CARD if last_card else ScoreKind.GO if neither_can_play else None
    item = ending_item([card for _, card in pile], ending) if ending else None
    return PeggingMoment(earlier, pile, neither_can_play, last_card, (item,) if item else ())


def _choose_play(rng: random.Random, legal: Sequence[Card], pile: Sequence[Card]) -> Card:
    """A plausible player: takes points when it sees them, otherwise plays at random."""
    if rng.random() < 0.6:
        scored = [(score_play(list(pile) + [c]).points, c) for c in legal]
        best = max(points for points, _ in scored)
        if best:
            return rng.choice([c for points, c in scored if points == best])
    return rng.choice(list(legal))


@dataclass(frozen=True, slots=True)
class Turn:
    """What a player knew when it was their turn to lay a card."""

    seat: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    earlier: tuple[Card, ...]
    #: who laid the pile's last card (None: the pile is empty)
    last_player: int | None
    #: the seats that said go at this count (they hold nothing that fits)
    said_go: frozenset[int]


@dataclass(frozen=True, slots=True)
class PeggingDeal:
    """One real deal's play: each player's four cards, what each laid away, the
    starter and every moment a card was laid, from the layer's point of view."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    starter: Card
    dealer: int
    moments: tuple[PeggingMoment, ...]
    turns: tuple[Turn, ...]


def play_deal(rng: random.Random) -> PeggingDeal:
    """Deal two hands with the game engine, discard at random, and play them out."""
    game = Game(STANDARD, seed=rng.randrange(2**32), dealer=rng.randrange(2), automate=Automation.CHANCE)
    dealt = {seat: game.hand(seat) for seat in (0, 1)}
    discards: dict[int, tuple[Card, ...]] = {}
    for seat in (0, 1):
        discards[seat] = tuple(rng.sample(list(dealt[seat]), 2))
        game.discard(seat, discards[seat])
    hands = {seat: game.hand(seat) for seat in (0, 1)}
    starter = next(e.starter for e in game.log if isinstance(e, StarterCut))
    turns: list[Turn] = []
    start = len(game.log)
    while game.to_act and game.expected is Action.PLAY:
        (seat,) = game.to_act
        legal = game.legal_plays(seat)
        earlier = tuple(card for _, card in game.played[: len(game.played) - len(game.pile)])
        last = game.last_player if game.pile else None
        turns.append(Turn(seat, tuple(game.in_hand[seat]), tuple(game.pile), earlier, last, frozenset(game.said_go)))
        game.play(seat, _choose_play(rng, legal, game.pile))
    assert game.dealer is not None  # dealt above
    return PeggingDeal(
        (hands[0], hands[1]),
        (discards[0], discards[1]),
        starter,
        game.dealer,
        tuple(_moments(game.log[start:])),
        tuple(turns),
    )


@dataclass(frozen=True, slots=True)
class _Laid:
    """A card just laid, waiting to hear whether it ends its count (a go, the
    last card) before it becomes a moment seen by its player."""

    player: int
    earlier: tuple[tuple[tuple[int, Card], ...], ...]
    pile: tuple[tuple[int, Card], ...]
    go: bool = False
    last: bool = False

    def moment(self) -> PeggingMoment:
        def seen(pairs: tuple[tuple[int, Card], ...]) -> Side:
            return tuple((player == self.player, card) for player, card in pairs)

        return _moment(tuple(seen(count) for count in self.earlier), seen(self.pile), self.go, self.last)


def _moments(log: Iterable[Event]) -> list[PeggingMoment]:
    """Cut a play's event log into moments, one per card laid: a card becomes its
    moment once the next card, a reset or the end of the play shows whether it
    ended its count."""
    counts: list[tuple[tuple[int, Card], ...]] = []
    pile: tuple[tuple[int, Card], ...] = ()
    moments: list[PeggingMoment] = []
    laid: _Laid | None = None
    for event in log:
        match event:
            case Played(player=player, card=card):
                if laid is not None:
                    moments.append(laid.moment())
                pile += ((player, card),)
                laid = _Laid(player, tuple(counts), pile)
            case Points(reason=ScoreKind.GO) if laid is not None:
                laid = replace(laid, go=True)
            case Points(reason=ScoreKind.LAST_CARD) if laid is not None:
                laid = replace(laid, last=True)
            case CountReset():
                if laid is not None:
                    moments.append(laid.moment())
                counts.append(pile)
                laid, pile = None, ()
            case PlayEnded() if laid is not None:
                moments.append(replace(laid, last=True).moment())
                laid = None
    if laid is not None:
        moments.append(laid.moment())
    return moments


def pegging_moment(rng: random.Random, want: PegTag | None = None, max_deals: int = 200) -> PeggingMoment:
    """A moment from a real deal, showing ``want`` if given (else any moment,
    the ones that score or trap slightly favoured)."""
    fallback: PeggingMoment | None = None
    for _ in range(max_deals):
        moments = play_deal(rng).moments
        if want is not None:
            fitting = [m for m in moments if want in m.tags]
            if fitting:
                return rng.choice(fitting)
            fallback = fallback or rng.choice(moments)
            continue
        interesting = [m for m in moments if PegTag.NOTHING not in m.tags]
        pool = interesting if interesting and rng.random() < 0.75 else list(moments)
        return rng.choice(pool)
    assert fallback is not None
    return fallback


# ---------------------------------------------------------------- best play


@dataclass(frozen=True, slots=True)
class BestPlayQuestion:
    """Your turn in the play: your cards, the pile, what you know; which card is best?"""

    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    earlier: tuple[Card, ...]
    seen: tuple[Card, ...]
    opponent_cards: int
    seed: int
    #: whether you laid the pile's last card (the opponent having said go)
    last_mine: bool = False
    #: the lowest value the opponent can hold (:func:`engine.pegging.least_value_after_go`
    #: of the count at which they said go)
    opponent_min_value: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": format_cards(self.hand),
            "pile": format_cards(self.pile),
            "earlier": format_cards(self.earlier),
            "seen": format_cards(self.seen),
            "opponent_cards": self.opponent_cards,
            "seed": self.seed,
            "last_mine": self.last_mine,
            "opponent_min_value": self.opponent_min_value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "BestPlayQuestion":
        hand = parse_cards(data["hand"])
        pile = parse_cards(data["pile"]) if data["pile"] else ()
        earlier = parse_cards(data["earlier"]) if data["earlier"] else ()
        seen = parse_cards(data["seen"]) if data["seen"] else ()
        opponent = int(data["opponent_cards"])
        if not 1 <= len(hand) <= 4 or not 0 <= opponent <= 4:
            raise ValueError("not a best-play question")
        parse_cards(list(hand) + list(pile) + list(earlier) + list(seen))  # all distinct
        minimum = int(data.get("opponent_min_value", 1))
        if not 1 <= minimum <= 11:
            raise ValueError("not a best-play question")
        return cls(
            tuple(hand), tuple(pile), tuple(earlier), tuple(seen), opponent, int(data["seed"]),
            bool(data.get("last_mine", False)) and bool(pile), minimum,
        )


def best_play_question(rng: random.Random, max_deals: int = 200) -> BestPlayQuestion:
    """A turn from a real deal where the player has at least two different legal cards."""
    for _ in range(max_deals):
        deal = play_deal(rng)
        choices = [turn for turn in deal.turns if len({c.rank for c in playable(turn.hand, pile_count(turn.pile))}) >= 2]
        if not choices:
            continue
        turn = rng.choice(choices)
        played = set(turn.pile) | set(turn.earlier)
        opponent = 1 - turn.seat
        opponent_left = len([c for c in deal.hands[opponent] if c not in played])
        seen = deal.discards[turn.seat] + (deal.starter,)
        minimum = least_value_after_go(pile_count(turn.pile)) if opponent in turn.said_go else 1
        return BestPlayQuestion(
            turn.hand, turn.pile, turn.earlier, seen, opponent_left, rng.randrange(2**31),
            last_mine=turn.last_player == turn.seat, opponent_min_value=minimum,
        )
    raise RuntimeError("no deal with a choice to make")  # pragma: no cover


# ---------------------------------------------------------------- discards


@dataclass(frozen=True, slots=True)
class DiscardDeal:
    """Six cards to keep four of, as dealer (your crib) or pone."""

    cards: tuple[Card, ...]
    dealer: bool

    def to_dict(self) -> dict[str, Any]:
        return {"cards": format_cards(self.cards), "dealer": self.dealer}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "DiscardDeal":
        cards = parse_cards(data["cards"])
        if len(cards) != 6:
            raise ValueError("a discard deal is six cards")
        return cls(tuple(cards), bool(data["dealer"]))


#: A deal of any drill, as :func:`replay` rebuilds it.
Deal = ShowDeal | PeggingMoment | DiscardDeal | BestPlayQuestion


def replay(kind: DrillKind, dealt: dict[str, Any]) -> Deal | None:
    """The deal stored with a drill of ``kind`` (its pending payload, or an attempt's
    ``dealt``), or None when it cannot be dealt again (a record written in another shape)."""
    try:
        match kind:
            case DrillKind.SHOW:
                return ShowDeal.from_dict(dealt["deal"])
            case DrillKind.PEGGING:
                return PeggingMoment.from_dict(dealt["moment"])
            case DrillKind.DISCARD:
                return DiscardDeal.from_dict(dealt["deal"])
            case DrillKind.BEST_PLAY:
                return BestPlayQuestion.from_dict(dealt["question"])
    except (KeyError, TypeError, ValueError):
        return None


def deal_discard(rng: random.Random, dealer: bool | None = None) -> DiscardDeal:
    """Six random cards; dealer or pone at random unless given."""
    deck = shuffled_deck(rng)
    return DiscardDeal(tuple(sorted(deck[:6])), rng.random() < 0.5 if dealer is None else dealer)
