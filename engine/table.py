"""The table as one seat sees it, folded from that seat's redacted event log.

A UI that reveals a game step by step needs the table *at any point of the
log*, not only now, and it must build it from nothing the seat may not see.
:func:`fold` reads the log that :meth:`engine.game.Game.log_seen_by` gives a
seat (the other hands, the other discards and the crib before the show
redacted) and returns a frozen :class:`TableState`: the phase, the dealer,
the scores, the pile and its count, the cards each seat has shown, the crib
once it is laid out, the show being counted, and who is to act.  At every point where the
engine waits for an action, the fold agrees with the live :class:`Game`
(see ``tests/engine/test_table_fold.py``), so nothing outside the engine needs to
decide a phase, a count or a score.

>>> from engine.players import RandomPlayer, play_game
>>> from engine.rules import STANDARD
>>> game = play_game(STANDARD, [RandomPlayer(1), RandomPlayer(2)], seed=3)
>>> state = fold(STANDARD, 0, game.log_seen_by(0))
>>> state.phase, state.scores == game.scores, state.outcome == game.outcome
(<Phase.OVER: 'game over'>, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from engine.cards import Card
from engine.events import (
    Award,
    Claimed,
    CountReset,
    CutForDeal,
    Dealt,
    Discarded,
    Event,
    GameOver,
    Go,
    MugginsCalled,
    MugginsPassed,
    Played,
    PlayEnded,
    Points,
    Shown,
    StarterCut,
    TrueCount,
)
from engine.game import Phase
from engine.rules import Counting, Outcome, Rules, decide_outcome
from engine.scoring import ScoreItem, ScoreKind, score_show

Pile = tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class ShowState:
    """A hand or crib laid out in the show, and how far its count has gone."""

    owner: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card | None
    #: The combinations pegged so far (automatic counting), in order.
    items: tuple[ScoreItem, ...] = ()
    #: The cards of the latest combination.
    lit: tuple[Card, ...] = ()
    #: Under muggins: the points claimed, then the true count once settled.
    #: For the hand that pegs out (any counting), its whole count at the game's end.
    claimed: int | None = None
    true_total: int | None = None
    true_items: tuple[ScoreItem, ...] = ()
    muggins_taken: int = 0
    muggins_by: int | None = None

    @property
    def running(self) -> int:
        """The points of the combinations pegged so far."""
        return sum(item.points for item in self.items)


@dataclass(frozen=True, slots=True)
class TableState:
    """What ``seat`` sees on the table after some prefix of its log.

    ``phase`` changes on the events that start a phase: the deal (so the end
    of a show stays on the table until the next :class:`Dealt`), the last
    discard, the starter, the end of the play, the end of the game.
    """

    rules: Rules
    seat: int
    phase: Phase = Phase.CUT_FOR_DEAL
    deal_number: int = 0
    dealer: int | None = None
    #: Points per side, and where each side's back peg stands.
    scores: tuple[int, ...] = ()
    backs: tuple[int, ...] = ()
    #: The seat's own cards now: as dealt before its discard, unplayed in the
    #: play, the kept hand in the show.
    hand: tuple[Card, ...] = ()
    kept: tuple[Card, ...] = ()
    #: Cards each seat still holds face down (the unplayed ones in the show).
    hand_sizes: tuple[int, ...] = ()
    discarded: tuple[int, ...] = ()
    crib_cards: int = 0
    #: This deal's crib, once it is laid out in the show.
    crib: tuple[Card, ...] | None = None
    starter: Card | None = None
    #: The cards of the current count, with who laid them, and its total.
    pile: Pile = ()
    count: int = 0
    #: Piles of this deal already turned over.
    earlier: tuple[Pile, ...] = ()
    #: The cards each seat has shown this deal (played, or laid out in the show).
    shown: tuple[tuple[Card, ...], ...] = ()
    show: ShowState | None = None
    outcome: Outcome | None = None
    #: Whose turn it is in the play: who led or played last, who said go this count.
    lead: int | None = None
    last_player: int | None = None
    said_go: tuple[int, ...] = ()
    #: Under muggins: who must claim for the card just played, who may still call muggins.
    claim_by: int | None = None
    callers: tuple[int, ...] = ()
    #: Hands and crib of this deal's show already counted (claims settled, under muggins).
    shows_done: int = 0

    @classmethod
    def start(cls, rules: Rules, seat: int) -> "TableState":
        """The table before anything happened."""
        sides = rules.sides
        return cls(
            rules=rules,
            seat=seat,
            scores=(0,) * sides,
            backs=(0,) * sides,
            hand_sizes=(0,) * rules.players,
            shown=((),) * rules.players,
        )

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (for chance steps, who would do it at the table)."""
        n = self.rules.players
        if self.phase is Phase.OVER:
            return ()
        if self.callers:
            return self.callers
        if self.phase is Phase.CUT_FOR_DEAL:
            return tuple(range(n)) if self.dealer is None else (self.dealer,)
        assert self.dealer is not None  # every later phase follows a deal
        if self.phase is Phase.DISCARD:
            return tuple(seat for seat in range(n) if seat not in self.discarded)
        if self.phase is Phase.CUT:
            return (self.rules.cutter_of(self.dealer),)
        if self.phase is Phase.PLAY:
            if self.claim_by is not None:
                return (self.claim_by,)
            if self.last_player is None:
                return () if self.lead is None else (self.lead,)
            return tuple(
                seat
                for seat in ((self.last_player + step) % n for step in range(1, n + 1))
                if self.hand_sizes[seat] and seat not in self.said_go
            )[:1]
        show_order = [(self.dealer + step) % n for step in range(1, n + 1)] + [self.dealer]
        return (show_order[self.shows_done],) if self.shows_done < len(show_order) else ()

    def after(self, event: Event) -> "TableState":
        """The table once ``event`` (as this seat sees it) has happened."""
        rules, seat = self.rules, self.seat
        if isinstance(event, CutForDeal):
            return replace(self, dealer=event.dealer)
        if isinstance(event, Dealt):
            return replace(
                self,
                phase=Phase.DISCARD,
                dealer=event.dealer,
                deal_number=event.deal_number,
                hand=tuple(event.hands[seat]),
                kept=() if rules.discards_of(seat, event.dealer) else tuple(event.hands[seat]),
                hand_sizes=tuple(rules.hand_size_of(other, event.dealer) for other in range(rules.players)),
                discarded=tuple(other for other in range(rules.players) if not rules.discards_of(other, event.dealer)),
                crib_cards=rules.cards_to_crib,
                crib=None,
                starter=None,
                pile=(),
                count=0,
                earlier=(),
                shown=((),) * rules.players,
                show=None,
                lead=None,
                last_player=None,
                said_go=(),
                claim_by=None,
                callers=(),
                shows_done=0,
            )
        if isinstance(event, Discarded):
            discarded = self.discarded + (event.player,)
            laid = len(event.cards) if event.player == seat else rules.discards_of(event.player, self.dealer or 0)
            state = replace(
                self,
                discarded=discarded,
                crib_cards=self.crib_cards + laid,
                hand_sizes=_less(self.hand_sizes, event.player, laid),
            )
            if event.player == seat:
                kept = tuple(c for c in self.hand if c not in event.cards)
                state = replace(state, hand=kept, kept=kept)
            if len(set(discarded)) == rules.players:
                state = replace(state, phase=Phase.CUT)
            return state
        if isinstance(event, StarterCut):
            pone = None if self.dealer is None else rules.pone_of(self.dealer)
            return replace(self, starter=event.starter, phase=Phase.PLAY, lead=pone)
        if isinstance(event, Played):
            state = replace(
                self,
                pile=self.pile + ((event.player, event.card),),
                count=event.count,
                hand_sizes=_less(self.hand_sizes, event.player, 1),
                shown=_adding(self.shown, event.player, (event.card,)),
                last_player=event.player,
                claim_by=event.player if rules.counting.is_muggins and rules.pegging_muggins else None,
            )
            if event.player == seat:
                state = replace(state, hand=tuple(c for c in self.hand if c != event.card))
            return state
        if isinstance(event, CountReset):
            return replace(
                self,
                earlier=self.earlier + (self.pile,),
                pile=(),
                count=0,
                lead=event.next_player,
                last_player=None,
                said_go=(),
            )
        if isinstance(event, Go):
            return replace(self, said_go=self.said_go + (event.player,))
        if isinstance(event, PlayEnded):
            earlier = self.earlier + (self.pile,) if self.pile else self.earlier
            return replace(self, earlier=earlier, pile=(), count=0, phase=Phase.SHOW, hand=self.kept)
        if isinstance(event, Shown):
            state = replace(self, show=ShowState(event.player, event.is_crib, event.cards, event.starter))
            if not rules.counting.is_muggins:
                state = replace(state, shows_done=self.shows_done + 1)
            if event.is_crib:
                return replace(state, crib=event.cards, crib_cards=0)
            return replace(state, shown=_adding(self.shown, event.player, event.cards))
        if isinstance(event, Points):
            side = rules.side_of(event.player)
            state = replace(
                self,
                scores=_set(self.scores, side, self.scores[side] + event.points),
                backs=_set(self.backs, side, self.scores[side]),
            )
            show = self.show
            if show is not None and self.phase is Phase.SHOW and isinstance(event.reason, ScoreKind):
                item = ScoreItem(event.reason, event.cards, event.points)
                return replace(state, show=replace(show, items=show.items + (item,), lit=event.cards))
            if show is not None and event.reason is Award.MUGGINS:
                return replace(state, show=replace(show, muggins_taken=event.points, muggins_by=event.player))
            return state
        if isinstance(event, Claimed):
            callers = _opponents(rules, event.player) if rules.counting is Counting.MUGGINS else ()
            state = replace(self, claim_by=None, callers=callers)
            if self.show is not None and event.what != "play":
                return replace(state, show=replace(self.show, claimed=event.points))
            return state
        if isinstance(event, MugginsPassed):
            return replace(self, callers=tuple(seat for seat in self.callers if seat != event.player))
        if isinstance(event, MugginsCalled):
            return replace(self, callers=())
        if isinstance(event, TrueCount):
            if event.what == "play" or self.show is None:
                return self
            show = replace(self.show, true_total=event.total, true_items=event.items)
            return replace(self, show=show, shows_done=self.shows_done + 1)
        if isinstance(event, GameOver):
            state = replace(self, phase=Phase.OVER, outcome=decide_outcome(rules, event.scores, event.reached))
            show = self.show
            if show is not None and self.phase is Phase.SHOW and show.true_total is None:
                # The hand that pegged out is laid out, so its whole count is
                # public, though the game stopped pegging it at the game hole.
                items = score_show(show.cards, show.starter, crib=show.is_crib).items
                whole = replace(show, true_items=items, true_total=sum(item.points for item in items))
                return replace(state, show=whole)
            return state
        return self


def fold(rules: Rules, seat: int, log: Iterable[Event]) -> TableState:
    """The table ``seat`` sees after ``log`` (its own redacted log, or a prefix of it)."""
    state = TableState.start(rules, seat)
    for event in log:
        state = state.after(event)
    return state


def _opponents(rules: Rules, seat: int) -> tuple[int, ...]:
    """The seats that may call muggins on ``seat``'s claim: the other side's, from the left."""
    n = rules.players
    seats = ((seat + step) % n for step in range(1, n))
    return tuple(other for other in seats if rules.side_of(other) != rules.side_of(seat))


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _less(values: tuple[int, ...], index: int, by: int) -> tuple[int, ...]:
    return _set(values, index, values[index] - by)


def _adding(shown: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return shown[:seat] + (shown[seat] + cards,) + shown[seat + 1 :]
