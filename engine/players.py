"""The one small interface through which bots, the web and tests play a game.

A :class:`Player` is asked only for decisions (which cards to lay away, which
card to play, what to claim under muggins, whether to call muggins) and is
shown only a :class:`PlayerView`: what that seat may see at the table.  The
chance steps are the engine's (see :class:`~engine.game.Automation`).

>>> from engine.rules import STANDARD
>>> game = play_game(STANDARD, [RandomPlayer(1), RandomPlayer(2)], seed=3)
>>> game.is_over, max(game.scores) >= 121
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, Sequence, runtime_checkable

from engine.cards import Card
from engine.events import Event
from engine.game import Action, Automation, Game, MugginsWindow, PendingClaim, Phase
from engine.rules import Outcome, Rules
from engine.table import TableState, fold


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``seat`` may know, and nothing more.

    Never the other hands, the deck order, the crib before it is shown, the
    starter before it is cut, or a true count under muggins before the claim
    is settled.  ``hand`` is the cards held now (as dealt before the discard,
    the unplayed ones during the play, the kept hand in the show); ``kept``
    the four (or so) kept for the show.
    """

    seat: int
    rules: Rules
    phase: Phase
    expected: Action
    to_act: tuple[int, ...]
    dealer: int | None
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    starter: Card | None
    crib: tuple[Card, ...] | None
    pile: tuple[Card, ...]
    count: int
    played: tuple[tuple[int, Card], ...]
    legal_plays: tuple[Card, ...]
    pending_claim: PendingClaim | None
    muggins_window: MugginsWindow | None
    log: tuple[Event, ...]
    outcome: Outcome | None

    @property
    def my_side(self) -> int:
        return self.rules.side_of(self.seat)

    @classmethod
    def of(cls, game: Game, seat: int) -> "PlayerView":
        """The view of ``game`` from ``seat``."""
        return cls(
            seat=seat,
            rules=game.rules,
            phase=game.phase,
            expected=game.expected,
            to_act=game.to_act,
            dealer=game.dealer,
            scores=game.scores,
            hand=game.hand(seat),
            kept=tuple(game.kept[seat] or ()),
            discarded=tuple(game.discards[seat] or ()),
            hand_sizes=tuple(len(game.hand(other)) for other in range(game.rules.players)),
            starter=game.starter,
            crib=tuple(game.crib) if game.crib_shown else None,
            pile=tuple(game.pile),
            count=game.count,
            played=tuple(game.played),
            legal_plays=game.legal_plays(seat),
            pending_claim=game.pending_claim,
            muggins_window=game.muggins_window,
            log=game.log_seen_by(seat),
            outcome=game.outcome,
        )

    def table(self, upto: int | None = None) -> TableState:
        """The table this seat sees, folded from its log (up to event ``upto``)."""
        return fold(self.rules, self.seat, self.log[:upto])

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible: what the web sends to this player's browser."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase.value,
            "expected": self.expected.value,
            "to_act": list(self.to_act),
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand": [str(c) for c in self.hand],
            "kept": [str(c) for c in self.kept],
            "discarded": [str(c) for c in self.discarded],
            "hand_sizes": list(self.hand_sizes),
            "starter": str(self.starter) if self.starter else None,
            "crib": None if self.crib is None else [str(c) for c in self.crib],
            "pile": [str(c) for c in self.pile],
            "count": self.count,
            "played": [[seat, str(c)] for seat, c in self.played],
            "legal_plays": [str(c) for c in self.legal_plays],
            "pending_claim": self.pending_claim.to_dict() if self.pending_claim else None,
            "muggins_window": self.muggins_window.to_dict() if self.muggins_window else None,
            "log": [event.to_dict() for event in self.log],
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }


@runtime_checkable
class Player(Protocol):
    """A decision maker for one seat.  Every method gets that seat's view only."""

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        """The cards to lay away (``view.rules.discards`` of ``view.hand``)."""
        ...

    def choose_play(self, view: PlayerView) -> Card:
        """A card of ``view.legal_plays`` (never empty when asked)."""
        ...

    def claim_show(self, view: PlayerView, claim: PendingClaim) -> int:
        """Under muggins: the points claimed for ``claim`` (a hand, the crib, or,
        with pegging muggins, the card just played: ``claim.what == "play"``)."""
        ...

    def choose_muggins(self, view: PlayerView, window: MugginsWindow) -> bool:
        """Under standard muggins: call muggins (True) or let the claim stand."""
        ...


class RandomPlayer:
    """Plays legal moves at random; claims the true count or a random miscount.

    ``accuracy`` is the chance that a claim is exact; the rest of the time it is
    off by one or two either way.  Muggins is called at random.
    """

    def __init__(self, seed: int | None = None, accuracy: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.accuracy = accuracy

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        return tuple(self.rng.sample(view.hand, view.rules.discards))

    def choose_play(self, view: PlayerView) -> Card:
        return self.rng.choice(view.legal_plays)

    def claim_show(self, view: PlayerView, claim: PendingClaim) -> int:
        true = sum(item.points for item in claim.true_items())
        if self.rng.random() < self.accuracy:
            return true
        return min(claim.limit, max(0, true + self.rng.choice((-2, -1, 1, 2))))

    def choose_muggins(self, view: PlayerView, window: MugginsWindow) -> bool:
        return self.rng.random() < 0.5


def take_turn(game: Game, players: Sequence[Player | None], seat: int | None = None) -> Event:
    """Ask the player whose decision is due (``seat``, or the first who may act)
    and apply it; returns the event.

    Chance steps that are not automated are taken here too, at random from the
    game's own random state.
    """
    action = game.expected
    if action is Action.CUT_FOR_DEAL:
        return game.cut_for_deal()
    if action is Action.DEAL:
        return game.deal()
    if action is Action.CUT:
        return game.cut()
    if action is Action.SHOW:
        return game.show()
    if action is Action.NONE:
        raise ValueError(f"the game is over: nothing to do ({game!r})")
    seat = game.to_act[0] if seat is None else seat
    view = PlayerView.of(game, seat)
    player = players[seat]
    if player is None:
        raise ValueError(f"seat {seat} must {action} but has no player ({game!r})")
    if action is Action.DISCARD:
        return game.discard(seat, player.choose_discard(view))
    if action is Action.PLAY:
        return game.play(seat, player.choose_play(view))
    if action is Action.CLAIM:
        assert view.pending_claim is not None  # the engine asks for a claim only while one is pending
        return game.claim(seat, player.claim_show(view, view.pending_claim))
    assert view.muggins_window is not None  # the only action left: answering an open muggins window
    if player.choose_muggins(view, view.muggins_window):
        return game.call_muggins(seat)
    return game.pass_muggins(seat)


def play_until(game: Game, players: Sequence[Player | None]) -> Game:
    """Let every seat with a :class:`Player` act (and the chance steps happen)
    until a seat whose player is ``None`` (a person) must decide, or the game ends.

    This is how a UI or a quiz drives a game: a person's seat is ``None``, a
    bot's seat is a player.  A person cuts the starter when they are the
    cutter (unless the game automates the cut).  Where several seats decide at
    once, the bots lay away first (the discard is secret, so order tells
    nothing), while a person answers a muggins window before any bot may, so a
    bot never takes points a person was about to call.

    >>> from engine.rules import STANDARD
    >>> game = Game(STANDARD, seed=2, dealer=0, automate=Automation.CHANCE)
    >>> _ = play_until(game, [RandomPlayer(1), None])
    >>> game.expected, game.to_act
    (<Action.DISCARD: 'discard'>, (1,))
    """
    while not game.is_over:
        action = game.expected
        people = [seat for seat in game.to_act if players[seat] is None]
        if action is Action.CUT and people:
            return game
        if action in _CHANCE:
            take_turn(game, players)
            continue
        ready = [seat for seat in game.to_act if players[seat] is not None]
        if not ready or (people and action is not Action.DISCARD):
            return game
        take_turn(game, players, ready[0])
    return game


#: The steps no player decides: the engine takes them at random when they are due.
_CHANCE = (Action.CUT_FOR_DEAL, Action.DEAL, Action.CUT, Action.SHOW)


def play_game(
    rules: Rules,
    players: Sequence[Player],
    seed: int | None = None,
    *,
    dealer: int | None = None,
    game: Game | None = None,
) -> Game:
    """Play a whole game (or finish ``game``) with one :class:`Player` per seat."""
    if len(players) != rules.players:
        raise ValueError(f"these rules need {rules.players} players, got {len(players)}")
    if game is None:
        game = Game(rules, seed, dealer=dealer, automate=Automation.CHANCE)
    while not game.is_over:
        take_turn(game, players)
    return game
