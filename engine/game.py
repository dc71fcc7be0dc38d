"""The whole game as one rules-driven state machine (RULES.md §2-§4).

Every action has three faces, as in pokerkit: ``verify_X`` raises
:class:`~engine.errors.IllegalActionError` naming the rule (and changes
nothing), ``can_X`` answers yes or no, and ``X`` verifies, changes the state
and returns the frozen event it appended to :attr:`Game.log`.  Every point is
a :class:`~engine.events.Points` event and the scores are their sum.

Chance steps (cutting for deal, shuffling and dealing, cutting the starter)
and the automatic count of the show can be left to the engine with
:class:`Automation` flags, so a UI drives only the decisions::

>>> from engine.cards import card, parse_cards
>>> game = Game(STANDARD, seed=1, dealer=0, automate=Automation.CHANCE)
>>> game.phase, game.expected
(<Phase.DISCARD: 'discard'>, <Action.DISCARD: 'discard'>)
>>> for seat in (0, 1):
...     _ = game.discard(seat, game.hand(seat)[:2])
>>> game.phase, game.to_act
(<Phase.PLAY: 'play'>, (1,))
>>> first = game.legal_plays(1)[0]
>>> game.play(1, first).count == first.value
True

Seats are numbered 0..n-1 and play moves left (seat + 1).  Scores are kept
per side: one per player, or one per partnership with four players.

Where RULES.md is silent, the American Cribbage Congress rules decide:

- the cut leaves at least four cards in each part of the pack (the cutter is
  the pone; with three or more the player on the dealer's left, as seed 004
  and RULES.md §4 say);
- deals go to the left, so with three or four players the deal rotates;
- with three players the card dealt to the crib comes after the hands;
- muggins may be called by any opponent of the claimant (both opponents with
  partners, either other player with three); the first call takes the points.

And these are the engine's own choices, for a computer game:

- go is never announced by a player: when a player holds no card that fits
  the engine says it for them, and the go and last-card points are pegged
  for the player even under pegging muggins (the claim covers the fifteens,
  thirty-ones, pairs and runs of the card just played);
- under muggins a claim is pegged as one ``claimed`` :class:`~engine.events.Points`
  event (the true items follow in a :class:`~engine.events.TrueCount` once the
  claim is settled), and under standard muggins the opponents are asked after
  every claim, short or not, so being asked tells them nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Flag, StrEnum, auto
from typing import Any, Callable, Iterable, Sequence, TypeVar

from engine.cards import DECK, Card, check_distinct, format_cards, parse_cards
from engine.errors import Breach, IllegalActionError, InvalidCardError, Refusal
from engine.events import (
    Award,
    Claimed,
    CountReset,
    Counted,
    CutForDeal,
    Dealt,
    Discarded,
    Event,
    GameOver,
    Go,
    MugginsCalled,
    MugginsPassed,
    PlayEnded,
    Played,
    Points,
    Reason,
    Shown,
    StarterCut,
    TrueCount,
    event_from_dict,
)
from engine.pegging import LARGEST_PLAY, MAX_COUNT, ending_item, fits, pile_count, playable, score_play
from engine.rules import STANDARD, Counting, Outcome, Rules, decide_outcome
from engine.scoring import LARGEST_SHOW, ScoreItem, ScoreKind, his_heels, score_show

#: Bumped whenever :meth:`Game.to_dict`'s layout changes.
SAVE_VERSION = 1

#: ACC: the cutter leaves at least four cards in each part of the pack.
MIN_CUT = 4


class Phase(StrEnum):
    """Where a deal stands; each phase hands over to the next in one place.

    Kept apart from :class:`Action` on purpose: the phase is state (saved in
    :meth:`Game.to_dict`, shown to each seat, folded from the log), while the
    action is derived from it and from the claim or muggins window open within
    it: in the play the game may wait for a card, a claim or a muggins call, and
    in the show for a count, a claim or a call.  One enum for both would either
    lose that distinction or record the open claim or window twice (the game
    keeps them in their own fields), where the two copies could disagree.
    """

    CUT_FOR_DEAL = "cut for deal"
    DEAL = "deal"
    DISCARD = "discard"
    CUT = "cut"
    PLAY = "play"
    SHOW = "show"
    OVER = "game over"


class Action(StrEnum):
    """What the game is waiting for next (see :attr:`Game.expected`).

    Derived, never stored: the :class:`Phase` plus an open claim
    (:attr:`CLAIM`) or muggins window (:attr:`MUGGINS`); :attr:`NONE` once the
    game is over.  An action that fills a whole phase shares its name and value.
    """

    CUT_FOR_DEAL = "cut for deal"
    DEAL = "deal"
    DISCARD = "discard"
    CUT = "cut"
    PLAY = "play"
    SHOW = "show"
    CLAIM = "claim"
    MUGGINS = "muggins"
    NONE = "nothing"


class Automation(Flag):
    """The steps the engine takes by itself as soon as they are due."""

    NONE = 0
    CUT_FOR_DEAL = auto()
    DEAL = auto()
    CUT = auto()
    #: The show under automatic counting (under muggins players must claim).
    SHOW = auto()
    CHANCE = CUT_FOR_DEAL | DEAL | CUT | SHOW


@dataclass(frozen=True, slots=True)
class PendingClaim:
    """Under muggins: what ``player`` must now claim points for.

    ``what`` is a hand, the crib or a card played (:class:`~engine.events.Counted`);
    ``cards`` the hand or crib being shown (or the pile, for a card just played).
    The true count is deliberately absent: finding it is the player's job.
    """

    player: int
    what: Counted
    cards: tuple[Card, ...]
    starter: Card | None
    #: The most the claim can be right at (:meth:`Game.claim_limit`): a claim above it is refused.
    limit: int = LARGEST_SHOW[4]

    def true_items(self) -> tuple[ScoreItem, ...]:
        """The scoring items the claim should hold: what the engine pegs up to,
        what a muggins call takes, and what a bot counts."""
        if self.what is Counted.PLAY:
            return score_play(self.cards).items
        return score_show(self.cards, self.starter, crib=self.what is Counted.CRIB).items

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "what": self.what.value,
            "cards": [str(c) for c in self.cards],
            "starter": str(self.starter) if self.starter else None,
            "limit": self.limit,
        }


@dataclass(frozen=True, slots=True)
class MugginsWindow:
    """A claim that opponents may now challenge (standard muggins).

    The window opens after every claim, short or not, so its opening tells
    nothing; ``callers`` are the opponents yet to call or pass.
    """

    claim: PendingClaim
    claimed: int
    callers: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"claim": self.claim.to_dict(), "claimed": self.claimed, "callers": list(self.callers)}


_E = TypeVar("_E", bound=Event)
_T = TypeVar("_T")


def _known(value: _T | None, what: str) -> _T:
    """``value``, which the game's phase guarantees is set: every phase after
    the cut for deal has a dealer, a claim window has a claim, and so on."""
    if value is None:
        raise RuntimeError(f"the game has no {what} in this phase")
    return value


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _parse(cards: Iterable[str]) -> list[Card]:
    return [Card.parse(c) for c in cards]


class Game:
    """One game of cribbage under any :class:`~engine.rules.Rules`.

    ``dealer`` skips the cut for deal (a match's later games; tests).
    ``seed`` seeds the game's own :class:`random.Random`, which is saved with it.
    """

    def __init__(
        self,
        rules: Rules = STANDARD,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        automate: Automation = Automation.NONE,
    ) -> None:
        self.rules = rules
        self.automation = automate
        self._rng = random.Random(seed)
        self.log: list[Event] = []
        self._scores = [0] * rules.sides
        self.outcome: Outcome | None = None
        self.dealer: int | None = None
        self.deal_number = 0
        self.phase = Phase.CUT_FOR_DEAL
        self._clear_deal()
        if dealer is not None:
            if not 0 <= dealer < rules.players:
                raise ValueError(f"dealer must be a seat 0..{rules.players - 1}")
            self.dealer = dealer
            self.phase = Phase.DEAL
        self._automate()

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card] | str],
        *,
        dealer: int = 0,
        starter: Card | str | None = None,
        crib: Sequence[Card] | str | None = None,
        seed: int | None = None,
        automate: Automation = Automation.NONE,
    ) -> "Game":
        """A game whose first deal gave these kept hands (by seat), ready for the play.

        The deal, the discards and the cut are real actions on a stacked deck,
        so the log is complete.  ``crib`` (all of it) and ``starter`` are
        chosen from the unused cards when not given.  Used by the pegging
        replay, quizzes and tests.

        >>> game = Game.from_hands(STANDARD, ["5H 5D 5S JC", "2C 3C 4C 6C"], starter="5C")
        >>> game.phase, game.to_play, game.hand(0)
        (<Phase.PLAY: 'play'>, 1, (Card.parse('5H'), Card.parse('5D'), Card.parse('5S'), Card.parse('JC')))
        """
        n = rules.players
        kept = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
        if len(kept) != n or any(len(k) != rules.kept for k in kept):
            raise IllegalActionError("setting up hands", Breach.WRONG_DEAL, players=n, kept=rules.kept,
                                     crib=rules.crib_size)
        given_crib = _as_cards(crib) if crib is not None else None
        given_starter = _as_card(starter) if starter is not None else None
        used = [c for k in kept for c in k] + list(given_crib or ()) + ([given_starter] if given_starter else [])
        _check_distinct("setting up hands", used)
        spare = [c for c in DECK if c not in set(used)]
        if given_crib is None:
            given_crib, spare = tuple(spare[: rules.crib_size]), spare[rules.crib_size :]
        elif len(given_crib) != rules.crib_size:
            raise IllegalActionError("setting up hands", Breach.WRONG_DEAL, players=n, kept=rules.kept,
                                     crib=rules.crib_size)
        if given_starter is None:
            given_starter, spare = spare[0], spare[1:]
        from_deck = list(given_crib[: rules.cards_to_crib])
        laid_away = iter(given_crib[rules.cards_to_crib :])
        discards = [[next(laid_away) for _ in range(rules.discards_of(seat, dealer))] for seat in range(n)]
        dealt = [list(kept[seat]) + discards[seat] for seat in range(n)]
        order = [(dealer + k) % n for k in range(1, n + 1)]
        deck = [dealt[seat][i] for i in range(rules.hand_size) for seat in order if i < len(dealt[seat])]
        pack = spare[:MIN_CUT] + [given_starter] + spare[MIN_CUT:]
        game = cls(rules, seed, dealer=dealer)
        game.deal(deck + from_deck + pack)
        for seat in range(n):
            if discards[seat] and not game.is_over:
                game.discard(seat, discards[seat])
        if not game.is_over:
            game.cut(MIN_CUT)
        game.automation = automate
        game._automate()
        return game

    def _clear_deal(self) -> None:
        n = self.rules.players
        self.deck: list[Card] = []
        self.pack: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]  # as dealt
        self.kept: list[list[Card] | None] = [None] * n
        self.discards: list[list[Card] | None] = [None] * n
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.in_hand: list[list[Card]] = [[] for _ in range(n)]  # not yet played
        self.pile: list[Card] = []
        self.played: list[tuple[int, Card]] = []
        self.to_play: int | None = None
        self.last_player: int | None = None
        self.said_go: set[int] = set()
        self.show_step = 0
        self._claim: PendingClaim | None = None
        self._claim_items: tuple[ScoreItem, ...] = ()
        self._claimed = 0
        self._window: MugginsWindow | None = None

    # ------------------------------------------------------------ queries

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side (seat, or partnership with four players)."""
        return tuple(self._scores)

    def score_of(self, seat: int) -> int:
        return self._scores[self.rules.side_of(seat)]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def _dealer(self) -> int:
        return _known(self.dealer, "dealer")

    @property
    def _due_claim(self) -> PendingClaim:
        return _known(self.pending_claim, "claim due")

    @property
    def _open_window(self) -> MugginsWindow:
        return _known(self._window, "muggins window")

    @property
    def _last(self) -> int:
        return _known(self.last_player, "card played")

    def _kept(self, seat: int) -> list[Card]:
        return _known(self.kept[seat], f"hand kept by seat {seat}")

    @property
    def pone(self) -> int | None:
        """The player left of the dealer: leads the play and shows first."""
        return None if self.dealer is None else self.rules.pone_of(self.dealer)

    @property
    def cutter(self) -> int | None:
        """Who cuts the starter (see :meth:`~engine.rules.Rules.cutter_of`)."""
        return None if self.dealer is None else self.rules.cutter_of(self.dealer)

    @property
    def count(self) -> int:
        """The running count of the play."""
        return pile_count(self.pile)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now: as dealt before the discard, unplayed during the play,
        the kept hand in the show."""
        if self.phase is Phase.DISCARD and self.kept[seat] is None:
            return tuple(self.hands[seat])
        if self.phase is Phase.PLAY:
            return tuple(self.in_hand[seat])
        return tuple(self.kept[seat] or ())

    def show_order(self) -> list[tuple[int, bool]]:
        """(seat, is_crib) in the order of the show: from the dealer's left round
        to the dealer, then the dealer's crib."""
        n = self.rules.players
        order = [((self._dealer + k) % n, False) for k in range(1, n + 1)]
        return order + [(self._dealer, True)]

    @property
    def crib_shown(self) -> bool:
        """Whether this deal's crib has been laid out in the show (so everyone may see it)."""
        for event in reversed(self.log):
            if isinstance(event, Dealt):
                return False
            if isinstance(event, Shown) and event.is_crib:
                return True
        return False

    @property
    def pending_claim(self) -> PendingClaim | None:
        """Under muggins, the claim the game is waiting for (None when none is due)."""
        if self._window is not None:
            return None
        if self.phase is Phase.PLAY:
            return self._claim
        if self.phase is Phase.SHOW and self.rules.counting.is_muggins:
            return self._next_show_claim()
        return None

    @property
    def muggins_window(self) -> MugginsWindow | None:
        return self._window

    def _next_show_claim(self) -> PendingClaim:
        seat, is_crib = self.show_order()[self.show_step]
        cards = tuple(self.crib) if is_crib else tuple(self._kept(seat))
        what = Counted.CRIB if is_crib else Counted.HAND
        return PendingClaim(seat, what, cards, self.starter, self.claim_limit(what))

    @property
    def expected(self) -> Action:
        """The kind of action the game waits for now."""
        phase = self.phase
        if phase is Phase.OVER:
            return Action.NONE
        if self._window is not None:
            return Action.MUGGINS
        if phase is Phase.PLAY:
            return Action.CLAIM if self._claim is not None else Action.PLAY
        if phase is Phase.SHOW:
            return Action.CLAIM if self.rules.counting.is_muggins else Action.SHOW
        return _ACTION_OF_PHASE[phase]

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (for chance steps, who would do it at the table)."""
        action = self.expected
        if action is Action.NONE:
            return ()
        if action is Action.CUT_FOR_DEAL:
            return tuple(range(self.rules.players))
        if action is Action.DEAL:
            return (self._dealer,)
        if action is Action.DISCARD:
            return tuple(seat for seat in range(self.rules.players) if self.kept[seat] is None)
        if action is Action.CUT:
            return (_known(self.cutter, "cutter"),)
        if action is Action.PLAY:
            return (_known(self.to_play, "player to play"),)
        if action is Action.MUGGINS:
            return self._open_window.callers
        if action is Action.CLAIM:
            return (self._due_claim.player,)
        return (self.show_order()[self.show_step][0],)  # SHOW

    def awaits(self, seat: int) -> Action:
        """What ``seat`` must decide now (:attr:`Action.NONE`: nothing, someone else decides).

        The one answer to "is it this seat's move?": the table, the coach and
        the bots' loop all ask it, so a seat may be a person or a bot alike.

        >>> game = Game(STANDARD, seed=1, dealer=0, automate=Automation.CHANCE)
        >>> game.awaits(0), game.awaits(1)
        (<Action.DISCARD: 'discard'>, <Action.DISCARD: 'discard'>)
        >>> _ = game.discard(0, game.hand(0)[:2])
        >>> game.awaits(0), game.awaits(1)
        (<Action.NONE: 'nothing'>, <Action.DISCARD: 'discard'>)
        """
        return self.expected if seat in self.to_act else Action.NONE

    @property
    def cut_range(self) -> tuple[int, int]:
        """How many cards the cutter may lift: at least four are left in each part (ACC)."""
        return MIN_CUT, len(self.pack) - MIN_CUT

    def claim_limit(self, what: Counted) -> int:
        """The most a claim for ``what`` can be right at in this game: the largest
        count a hand or crib of this variant's size can make with the starter,
        or the most one card can peg.

        >>> game = Game(STANDARD)
        >>> game.claim_limit(Counted.HAND), game.claim_limit(Counted.PLAY)
        (29, 14)
        """
        if what is Counted.PLAY:
            return LARGEST_PLAY
        return LARGEST_SHOW[self.rules.crib_size if what is Counted.CRIB else self.rules.kept]

    def legal_plays(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` may lay now: empty unless it is their turn to play.

        Go is never an action: when a player holds no card that fits, the
        engine says go for them and moves on.
        """
        if self.expected is not Action.PLAY or player != self.to_play:
            return ()
        return playable(self.in_hand[player], self.count)

    # ------------------------------------------------------------ actions: cut for deal

    def verify_cut_for_deal(self, cards: Sequence[Card] | None = None) -> None:
        self._require(Action.CUT_FOR_DEAL, "cut for deal")
        if cards is not None:
            if len(cards) != self.rules.players:
                raise IllegalActionError("cut for deal", Breach.ONE_CUT_EACH, players=self.rules.players)
            _check_distinct("cut for deal", cards)

    def can_cut_for_deal(self, cards: Sequence[Card] | None = None) -> bool:
        return self._can(self.verify_cut_for_deal, cards)

    def cut_for_deal(self, cards: Sequence[Card] | str | None = None) -> CutForDeal:
        """Each player cuts a card; the lowest rank deals, equal lowest ranks cut again.

        >>> game = Game()
        >>> game.cut_for_deal("9H 4S").dealer, game.phase
        (1, <Phase.DEAL: 'deal'>)
        >>> Game().cut_for_deal("4H 4S").dealer is None
        True
        """
        cards = _as_cards(cards)
        self.verify_cut_for_deal(cards)
        event = self._cut_for_deal(cards)
        self._automate()
        return event

    def _cut_for_deal(self, cards: Sequence[Card] | None) -> CutForDeal:
        if cards is None:
            cards = self._rng.sample(DECK, self.rules.players)
        low = min(c.rank for c in cards)
        lowest = [seat for seat, c in enumerate(cards) if c.rank == low]
        dealer = lowest[0] if len(lowest) == 1 else None
        event = self._log(CutForDeal(tuple(cards), dealer))
        if dealer is not None:
            self.dealer = dealer
            self.phase = Phase.DEAL
        return event

    # ------------------------------------------------------------ actions: deal

    def verify_deal(self, deck: Sequence[Card] | None = None) -> None:
        self._require(Action.DEAL, "deal")
        if deck is not None:
            if len(deck) != 52 or set(deck) != set(DECK):
                raise IllegalActionError("deal", Breach.NOT_A_DECK)

    def can_deal(self, deck: Sequence[Card] | None = None) -> bool:
        return self._can(self.verify_deal, deck)

    def deal(self, deck: Sequence[Card] | None = None) -> Dealt:
        """Shuffle (or use ``deck`` as the order) and deal one card at a time from the dealer's left."""
        self.verify_deal(deck)
        event = self._deal(deck)
        self._automate()
        return event

    def _deal(self, deck: Sequence[Card] | None) -> Dealt:
        rules = self.rules
        n = rules.players
        self._clear_deal()
        if deck is None:
            deck = list(DECK)
            self._rng.shuffle(deck)
        self.deck = list(deck)
        position = 0
        sizes = [rules.hand_size_of(seat, self._dealer) for seat in range(n)]
        for _ in range(rules.hand_size):
            for k in range(1, n + 1):
                seat = (self._dealer + k) % n
                if len(self.hands[seat]) < sizes[seat]:
                    self.hands[seat].append(self.deck[position])
                    position += 1
        self.crib = self.deck[position : position + rules.cards_to_crib]
        position += rules.cards_to_crib
        self.pack = self.deck[position:]
        self.deal_number += 1
        event = self._log(
            Dealt(self._dealer, self.deal_number, tuple(tuple(h) for h in self.hands), tuple(self.crib))
        )
        self.phase = Phase.DISCARD
        for seat in range(n):
            if not rules.discards_of(seat, self._dealer):  # dealt only what they keep
                self.kept[seat], self.discards[seat] = list(self.hands[seat]), []
        if self.deal_number == 1 and rules.pone_start_bonus:
            self._award(_known(self.pone, "pone"), Award.START, (), rules.pone_start_bonus)
        return event

    # ------------------------------------------------------------ actions: discard

    def verify_discard(self, player: int, cards: Sequence[Card]) -> None:
        action = f"seat {player} laying away {format_cards(cards)}"
        self._require(Action.DISCARD, action)
        self._check_seat(action, player)
        if self.kept[player] is not None:
            raise IllegalActionError(action, Breach.LAID_AWAY_ALREADY, seat=player)
        needed = self.rules.discards_of(player, self._dealer)
        if len(cards) != needed:
            raise IllegalActionError(action, Breach.WRONG_NUMBER_OF_CARDS, needed=needed, given=len(cards))
        _check_distinct(action, cards)
        for c in cards:
            if c not in self.hands[player]:
                raise IllegalActionError(action, Breach.NOT_IN_HAND, card=c, seat=player)

    def can_discard(self, player: int, cards: Sequence[Card]) -> bool:
        return self._can(self.verify_discard, player, _as_cards(cards))

    def discard(self, player: int, cards: Sequence[Card] | str) -> Discarded:
        """Lay ``cards`` away to the dealer's crib; once all have, the starter is due."""
        laid = parse_cards(cards, allow_duplicates=True)
        self.verify_discard(player, laid)
        self.kept[player] = [c for c in self.hands[player] if c not in laid]
        self.discards[player] = list(laid)
        self.crib.extend(laid)
        event = self._log(Discarded(player, laid))
        if all(k is not None for k in self.kept):
            self.phase = Phase.CUT
        self._automate()
        return event

    # ------------------------------------------------------------ actions: cut the starter

    def verify_cut(self, lift: int | None = None) -> None:
        self._require(Action.CUT, "cut")
        low, high = self.cut_range
        if lift is not None and not low <= lift <= high:
            raise IllegalActionError(f"cutting {lift} cards", Breach.CUT_TOO_CLOSE, lift=lift, low=low, high=high)

    def can_cut(self, lift: int | None = None) -> bool:
        return self._can(self.verify_cut, lift)

    def cut(self, lift: int | None = None) -> StarterCut:
        """Cut the pack (``lift`` cards off the top) and turn the starter; a jack is two for his heels."""
        self.verify_cut(lift)
        event = self._cut(lift)
        self._automate()
        return event

    def _cut(self, lift: int | None) -> StarterCut:
        if lift is None:
            lift = self._rng.randint(MIN_CUT, len(self.pack) - MIN_CUT)
        self.starter = self.pack[lift]
        event = self._log(StarterCut(self.starter, lift))
        heels = his_heels(self.starter)
        if heels and self._award(self._dealer, heels.kind, heels.cards, heels.points):
            return event
        self.phase = Phase.PLAY
        self.in_hand = [list(self._kept(seat)) for seat in range(self.rules.players)]
        self.to_play = self.pone
        return event

    # ------------------------------------------------------------ actions: the play

    def verify_play(self, player: int, card: Card) -> None:
        action = f"seat {player} playing {card}"
        if self.phase is Phase.PLAY and self.expected is not Action.PLAY:
            pending = self.pending_claim
            raise IllegalActionError(action, Breach.CLAIM_FIRST, claimant=pending.player if pending else None)
        self._require(Action.PLAY, action)
        self._check_seat(action, player)
        if card not in self.in_hand[player]:
            raise IllegalActionError(action, Breach.NOT_IN_HAND, card=card, seat=player)
        if player != self.to_play:
            raise IllegalActionError(action, Breach.NOT_YOUR_TURN, seat=player, turn=self.to_play)
        if not fits(card, self.count):
            raise IllegalActionError(action, Breach.PASSES_31, card=card, count=self.count + card.value)

    def can_play(self, player: int, card: Card) -> bool:
        return self._can(self.verify_play, player, _as_card(card))

    def play(self, player: int, card: Card | str) -> Played:
        """Lay a card; its points are pegged (or claimed, under pegging muggins),
        then go, 31, last card and the next turn follow by themselves."""
        card = _as_card(card)
        self.verify_play(player, card)
        self.in_hand[player].remove(card)
        self.pile.append(card)
        self.played.append((player, card))
        self.last_player = player
        event = self._log(Played(player, card, self.count))
        items = score_play(self.pile).items
        if self.rules.counting.is_muggins and self.rules.pegging_muggins:
            self._claim = PendingClaim(player, Counted.PLAY, tuple(self.pile), None, LARGEST_PLAY)
            self._claim_items = items
        elif not self._award_items(player, items):
            self._continue_play()
        self._automate()
        return event

    def _continue_play(self) -> None:
        """After a card is settled: 31 resets; otherwise the turn passes left to
        the first player who can play, saying go for those who cannot; when
        nobody can, the last player pegs one for go (or last card) and the
        count resets, the next lead being the player after the last one."""
        n = self.rules.players
        count = self.count
        last = self._last
        if count == MAX_COUNT:
            self._end_count()
            return
        for step in range(1, n + 1):
            seat = (last + step) % n
            hand = self.in_hand[seat]
            if not hand:
                continue  # an empty hand is skipped
            if playable(hand, count):
                self.to_play = seat
                return
            if seat != last and seat not in self.said_go:
                self.said_go.add(seat)
                self._log(Go(seat, count))
        if not any(self.in_hand):
            ending = ending_item(self.pile, ScoreKind.LAST_CARD)
            if ending is None or not self._award(last, ending.kind, ending.cards, ending.points):
                self._end_play()
            return
        ending = ending_item(self.pile, ScoreKind.GO)
        if ending is None or not self._award(last, ending.kind, ending.cards, ending.points):
            self._end_count()

    def _end_count(self) -> None:
        n = self.rules.players
        if self.rules.play_stops_at_first_reset or not any(self.in_hand):
            self._end_play()
            return
        count = self.count
        last = self._last
        lead = next((last + step) % n for step in range(1, n + 1) if self.in_hand[(last + step) % n])
        self.pile = []
        self.said_go = set()
        self.to_play = lead
        self._log(CountReset(count, lead))

    def _end_play(self) -> None:
        self._log(PlayEnded())
        self.to_play = None
        self.pile = []
        self.said_go = set()
        self.phase = Phase.SHOW
        self.show_step = 0

    # ------------------------------------------------------------ actions: the show

    def verify_show(self) -> None:
        self._require(Action.SHOW, "show")

    def can_show(self) -> bool:
        return self._can(self.verify_show)

    def show(self) -> Shown:
        """Count the next hand of the show item by item (automatic counting)."""
        self.verify_show()
        event = self._show()
        self._automate()
        return event

    def _show(self) -> Shown:
        seat, is_crib = self.show_order()[self.show_step]
        cards = tuple(self.crib) if is_crib else tuple(self._kept(seat))
        event = self._log(Shown(seat, cards, self.starter, is_crib))
        if not self._award_items(seat, score_show(cards, self.starter, crib=is_crib).items):
            self._next_show()
        return event

    def _next_show(self) -> None:
        self.show_step += 1
        if self.show_step == len(self.show_order()):
            self.dealer = (self._dealer + 1) % self.rules.players
            self.phase = Phase.DEAL

    # ------------------------------------------------------------ actions: muggins

    def verify_claim(self, player: int, points: int) -> None:
        action = f"seat {player} claiming {points}"
        self._require(Action.CLAIM, action)
        pending = self._due_claim
        if player != pending.player:
            raise IllegalActionError(action, Breach.NOT_YOUR_COUNT, seat=player, claimant=pending.player,
                                     what=pending.what)
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise IllegalActionError(action, Breach.NOT_A_COUNT)
        if points > pending.limit:
            raise IllegalActionError(action, Breach.CLAIM_TOO_HIGH, what=pending.what, limit=pending.limit,
                                     points=points)

    def can_claim(self, player: int, points: int) -> bool:
        return self._can(self.verify_claim, player, points)

    def claim(self, player: int, points: int) -> Claimed:
        """Claim ``points`` for the hand, crib or card now due (muggins counting).

        The claimant pegs what they claimed, up to the true count.  Strict
        muggins then hands every point over- or under-claimed to the opponent;
        standard muggins lets the opponents call muggins on missed points.
        """
        self.verify_claim(player, points)
        pending = self._due_claim
        if pending.what is not Counted.PLAY:
            self._log(Shown(player, pending.cards, pending.starter, pending.what is Counted.CRIB))
            self._claim_items = pending.true_items()
        self._claim = pending
        self._claimed = points
        event = self._log(Claimed(player, pending.what, points))
        true = sum(item.points for item in self._claim_items)
        awarded = min(points, true)
        if awarded and self._award(player, Award.CLAIM, pending.cards, awarded):
            return event
        if self.rules.counting is Counting.STRICT_MUGGINS:
            if points != true and self._award(
                self._strict_opponent(player), Award.MUGGINS, pending.cards, abs(points - true)
            ):
                return event
            self._settle_claim()
        else:
            self._window = MugginsWindow(pending, points, self._opponents(player))
        self._automate()
        return event

    def verify_call_muggins(self, player: int) -> None:
        self._verify_muggins(player, "calling muggins")

    def can_call_muggins(self, player: int) -> bool:
        return self._can(self.verify_call_muggins, player)

    def call_muggins(self, player: int) -> MugginsCalled:
        """Call muggins on the claim just made: take every point it missed (perhaps none)."""
        self.verify_call_muggins(player)
        window = self._open_window
        claim = window.claim
        missed = max(0, sum(item.points for item in self._claim_items) - window.claimed)
        event = self._log(MugginsCalled(player, claim.player, missed))
        self._window = None
        if missed and self._award(player, Award.MUGGINS, claim.cards, missed):
            return event
        self._settle_claim()
        self._automate()
        return event

    def verify_pass_muggins(self, player: int) -> None:
        self._verify_muggins(player, "passing muggins")

    def can_pass_muggins(self, player: int) -> bool:
        return self._can(self.verify_pass_muggins, player)

    def pass_muggins(self, player: int) -> MugginsPassed:
        """Let the claim stand; once every opponent has passed the count goes on."""
        self.verify_pass_muggins(player)
        window = self._open_window
        event = self._log(MugginsPassed(player, window.claim.player))
        callers = tuple(seat for seat in window.callers if seat != player)
        if callers:
            self._window = MugginsWindow(window.claim, window.claimed, callers)
        else:
            self._window = None
            self._settle_claim()
        self._automate()
        return event

    def _verify_muggins(self, player: int, action: str) -> None:
        action = f"seat {player} {action}"
        self._require(Action.MUGGINS, action)
        if player not in self._open_window.callers:
            raise IllegalActionError(action, Breach.NOT_A_CALLER, seat=player)

    def _settle_claim(self) -> None:
        claim = _known(self._claim, "claim")
        total = sum(item.points for item in self._claim_items)
        self._log(TrueCount(claim.player, claim.what, self._claimed, total, self._claim_items))
        self._claim = None
        self._claim_items = ()
        self._claimed = 0
        if claim.what is Counted.PLAY:
            self._continue_play()
        else:
            self._next_show()

    def _opponents(self, player: int) -> tuple[int, ...]:
        n = self.rules.players
        side = self.rules.side_of(player)
        seats = ((player + k) % n for k in range(1, n))
        return tuple(seat for seat in seats if self.rules.side_of(seat) != side)

    def _strict_opponent(self, player: int) -> int:
        """Strict muggins hands the difference to the next opponent on the left (RULES.md
        names only "the opponent"; with three players this is our choice)."""
        return self._opponents(player)[0]

    # ------------------------------------------------------------ scoring and the end

    def _award_items(self, player: int, items: Iterable[ScoreItem]) -> bool:
        """Peg items one by one; True if the game ended on one of them."""
        for item in items:
            if self._award(player, item.kind, item.cards, item.points):
                return True
        return False

    def _award(self, player: int, reason: Reason, cards: Sequence[Card], points: int) -> bool:
        """Peg points for ``player``'s side; True (and the game over) if that reaches the target."""
        self._log(Points(player, reason, tuple(cards), points))
        side = self.rules.side_of(player)
        self._scores[side] += points
        if self._scores[side] >= self.rules.target:
            self.outcome = decide_outcome(self.rules, self.scores, side)
            self.phase = Phase.OVER
            self._window = None
            self._claim = None
            self._log(GameOver(self.outcome.winner, side, self.scores))
            return True
        return False

    # ------------------------------------------------------------ automation

    def _automate(self) -> None:
        auto_steps = self.automation
        while True:
            action = self.expected
            if action is Action.CUT_FOR_DEAL and Automation.CUT_FOR_DEAL in auto_steps:
                self._cut_for_deal(None)
            elif action is Action.DEAL and Automation.DEAL in auto_steps:
                self._deal(None)
            elif action is Action.CUT and Automation.CUT in auto_steps:
                self._cut(None)
            elif action is Action.SHOW and Automation.SHOW in auto_steps:
                self._show()
            else:
                return

    # ------------------------------------------------------------ helpers

    def _log(self, event: _E) -> _E:
        self.log.append(event)
        return event

    def _require(self, action: Action, attempt: str) -> None:
        if self.expected is not action:
            raise IllegalActionError(attempt, Breach.NOT_NOW, attempted=action, expected=self.expected)

    def _check_seat(self, action: str, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.rules.players:
            raise IllegalActionError(action, Breach.NO_SUCH_SEAT, seat=player, last=self.rules.players - 1)

    def why_not(self, action: str, *args: Any) -> Refusal | None:
        """None if ``action`` (a method name: "play", "discard", "claim"...) is legal
        now with these arguments, else the refusal: the rule that forbids it, as data.

        >>> refusal = Game(STANDARD, dealer=0).why_not("cut")
        >>> refusal.breach, refusal["expected"]
        (<Breach.NOT_NOW: 'not now'>, <Action.DEAL: 'deal'>)
        >>> str(refusal)
        'the starter is cut once everyone has laid away (the game now waits for: deal)'
        """
        verify = getattr(self, f"verify_{action}", None)
        if verify is None:
            raise ValueError(f"{action!r} is not an action of the game")
        if action in ("play",):
            args = (args[0], _as_card(args[1]))
        elif action in ("discard", "cut_for_deal"):
            args = args[:-1] + (_as_cards(args[-1]),) if args else args
        try:
            verify(*args)
        except IllegalActionError as error:
            return error.refusal
        return None

    @staticmethod
    def _can(verify: Callable[..., None], *args: Any) -> bool:
        try:
            verify(*args)
        except IllegalActionError:
            return False
        return True

    # ------------------------------------------------------------ seen logs and saving

    def log_seen_by(self, seat: int | None) -> tuple[Event, ...]:
        """The log as ``seat`` may see it (hands and discards of others redacted).

        Kept per seat and extended as the log grows, so a view per decision
        costs only the new events.
        """
        cache = self.__dict__.setdefault("_seen_logs", {}).setdefault(seat, [])
        if len(cache) > len(self.log):  # cannot happen unless the log was replaced
            cache.clear()
        cache.extend(event.seen_by(seat) for event in self.log[len(cache) :])
        return tuple(cache)

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a versioned JSON-compatible dict, random state included."""
        version, internal, gauss = self._rng.getstate()
        return {
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "automation": self.automation.value,
            "random": [version, list(internal), gauss],
            "phase": self.phase.value,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "deck": _cards(self.deck),
            "pack": _cards(self.pack),
            "hands": [_cards(h) for h in self.hands],
            "kept": [None if k is None else _cards(k) for k in self.kept],
            "discards": [None if d is None else _cards(d) for d in self.discards],
            "crib": _cards(self.crib),
            "starter": str(self.starter) if self.starter else None,
            "in_hand": [_cards(h) for h in self.in_hand],
            "pile": _cards(self.pile),
            "played": [[seat, str(c)] for seat, c in self.played],
            "to_play": self.to_play,
            "last_player": self.last_player,
            "said_go": sorted(self.said_go),
            "show_step": self.show_step,
            "claim": self._claim.to_dict() if self._claim else None,
            "claim_items": [item.to_dict() for item in self._claim_items],
            "claimed": self._claimed,
            "window": self._window.to_dict() if self._window else None,
            "log": [event.to_dict() for event in self.log],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Game":
        """Rebuild a game saved by :meth:`to_dict`; it continues exactly as the original would."""
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            version = data.get("version") if isinstance(data, dict) else None
            raise ValueError(f"cannot load a saved game of version {version!r}")
        try:
            return cls._load(data)
        except (KeyError, TypeError, IndexError, RuntimeError) as error:
            raise ValueError(f"not a saved game: {error!r}") from None

    @classmethod
    def _load(cls, data: dict[str, Any]) -> "Game":
        game = cls.__new__(cls)
        game.rules = Rules.from_dict(data["rules"])
        game.automation = Automation(data["automation"])
        game._rng = random.Random()
        version, internal, gauss = data["random"]
        game._rng.setstate((version, tuple(internal), gauss))
        game.phase = Phase(data["phase"])
        game.dealer = data["dealer"]
        game.deal_number = data["deal_number"]
        game.deck = _parse(data["deck"])
        game.pack = _parse(data["pack"])
        game.hands = [_parse(h) for h in data["hands"]]
        game.kept = [None if k is None else _parse(k) for k in data["kept"]]
        game.discards = [None if d is None else _parse(d) for d in data["discards"]]
        game.crib = _parse(data["crib"])
        game.starter = Card.parse(data["starter"]) if data["starter"] else None
        game.in_hand = [_parse(h) for h in data["in_hand"]]
        game.pile = _parse(data["pile"])
        game.played = [(seat, Card.parse(c)) for seat, c in data["played"]]
        game.to_play = data["to_play"]
        game.last_player = data["last_player"]
        game.said_go = set(data["said_go"])
        game.show_step = data["show_step"]
        game._claim = _claim_from_dict(data["claim"], game.claim_limit)
        game._claim_items = tuple(
            ScoreItem(ScoreKind(item["kind"]), tuple(_parse(item["cards"])), item["points"])
            for item in data["claim_items"]
        )
        game._claimed = data["claimed"]
        window = data["window"]
        game._window = (
            None
            if window is None
            else MugginsWindow(
                _known(_claim_from_dict(window["claim"], game.claim_limit), "claim"), window["claimed"],
                tuple(window["callers"]),
            )
        )
        game.log = [event_from_dict(e) for e in data["log"]]
        # Scores and the outcome are derived from the log, never stored twice.
        game._scores = [0] * game.rules.sides
        game.outcome = None
        for event in game.log:
            if isinstance(event, Points):
                game._scores[game.rules.side_of(event.player)] += event.points
            elif isinstance(event, GameOver):
                game.outcome = decide_outcome(game.rules, event.scores, event.reached)
        return game

    def __repr__(self) -> str:
        return f"<Game {self.rules.name} {self.phase} scores={self.scores} dealer={self.dealer}>"


_ACTION_OF_PHASE = {
    Phase.CUT_FOR_DEAL: Action.CUT_FOR_DEAL,
    Phase.DEAL: Action.DEAL,
    Phase.DISCARD: Action.DISCARD,
    Phase.CUT: Action.CUT,
}


def _claim_from_dict(data: dict[str, Any] | None, limit_of: Callable[[Counted], int]) -> PendingClaim | None:
    """A saved claim; one saved before claims carried their limit gets the game's."""
    if data is None:
        return None
    starter = Card.parse(data["starter"]) if data["starter"] else None
    what = Counted(data["what"])
    return PendingClaim(data["player"], what, tuple(_parse(data["cards"])), starter, data.get("limit", limit_of(what)))


def _as_cards(cards: Sequence[Card] | str | None) -> tuple[Card, ...] | None:
    if cards is None:
        return None
    return parse_cards(cards, allow_duplicates=True)


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _check_distinct(action: str, cards: Sequence[Card]) -> None:
    try:
        check_distinct(cards)
    except InvalidCardError as error:
        raise IllegalActionError(action, Breach.CARD_TWICE, card=error.token) from None
