"""The table as the learner sees it: a replay of their own log up to the reveal cursor.

A saved game keeps a cursor (``seen``) into the learner's log
(:meth:`engine.game.Game.log_seen_by`, which redacts the bot's hand, the
crib and the deck).  :func:`table_of` has the engine fold that log up to the
cursor (:func:`engine.table.fold`), so the table shows the state *at that
step* and never ahead of it, and it is built from nothing the learner may
not see: the only other input is the learner's own decision (their hand,
their legal cards, their claim), taken from the engine once the reveal has
caught up.  This module only puts those engine values into words; it decides
no phase, count or score of its own.

The reveal goes in steps (:func:`step_ends`): a card played with its points,
a go, the starter, each combination of an automatic show, a claim, a muggins.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Sequence

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
    PlayEnded,
    Played,
    Points,
    Shown,
    StarterCut,
    TrueCount,
)
from engine.game import MIN_CUT, Action, Game, Phase
from engine.rules import Rules
from engine.scoring import ScoreItem, ScoreKind
from engine.table import ShowState, fold
from trainer.board import BoardLayout, board_layout
from trainer.game_models import SavedGame

#: The learner always sits in seat 0, the bot in seat 1.
LEARNER = 0
BOT = 1


def step_ends(log: Sequence[Event]) -> list[int]:
    """Where each step of the reveal ends: a card played (with its points), a
    go, the starter, each combination of an automatic show, a claim and its
    muggins; the events that follow from one (points, resets) go with it."""
    ends: list[int] = []
    in_show = False
    first_item = False
    for i, event in enumerate(log):
        head = isinstance(event, (CutForDeal, Dealt, StarterCut, Played, Go, Shown, MugginsCalled, MugginsPassed))
        if isinstance(event, Shown):
            in_show, first_item = True, True
        elif head:
            in_show = False
        if isinstance(event, Points) and in_show and isinstance(event.reason, ScoreKind):
            head = not first_item
            first_item = False
        if head and i:
            ends.append(i)
    ends.append(len(log))
    return ends


def catch_up(game: Game, seen: int, *, one_more: bool = False) -> int:
    """Where the reveal cursor goes from ``seen``.

    ``one_more`` (Continue) reveals the next step.  After that, or after the
    learner's own move, a last step left is shown with the learner's next
    decision, and after their move the bot's first step is shown at once.  A
    new deal always waits for its own Continue, so the end of the show stays
    on the table until the learner moves on.
    """
    log = game.log_seen_by(LEARNER)
    later = [end for end in step_ends(log) if end > seen]

    def next_is_deal(cursor: int) -> bool:
        return 0 < cursor < len(log) and isinstance(log[cursor], Dealt)

    if one_more and later:
        seen = later.pop(0)
    elif len(later) >= 2 and not next_is_deal(seen):
        return later[0]
    if len(later) == 1 and not next_is_deal(seen):
        seen = later[0]
    return seen


def skip_deal(game: Game, seen: int) -> int:
    """The cursor at the end of this deal's story (the rest of the show at once):
    just before the next deal, which still waits for its own Continue."""
    log = game.log_seen_by(LEARNER)
    following = next((i for i in range(seen + 1, len(log)) if isinstance(log[i], Dealt)), None)
    return following if following is not None else len(log)


def cut_range(game: Game) -> tuple[int, int]:
    """The cuts allowed: at least four cards in each part of the pack."""
    return MIN_CUT, len(game.pack) - MIN_CUT


@dataclass(frozen=True, slots=True)
class Happening:
    """One line of "what just happened"."""

    text: str
    actor: str  # "you", "bot" or "" (the table)
    points: int = 0
    latest: bool = False


@dataclass(frozen=True, slots=True)
class ShowPanel(ShowState):
    """A hand or crib laid out in the show (the engine's :class:`ShowState`), as told."""

    @property
    def taken_items(self) -> tuple[ScoreItem, ...]:
        """Combinations that make up the points taken by muggins.  A claim is a
        total, so which ones were missed is not known: this picks the latest
        combinations that add up to the points taken (the harder-to-see ones)."""
        return _items_adding_to(self.true_items, self.muggins_taken)

    @property
    def taken_cards(self) -> tuple[Card, ...]:
        return tuple({c: None for item in self.taken_items for c in item.cards})

    @property
    def title(self) -> str:
        who = "Your" if self.owner == LEARNER else "The bot's"
        return f"{who} {'crib' if self.is_crib else 'hand'}"


@dataclass(frozen=True, slots=True)
class Decision:
    """What the learner may do now (only when the reveal has caught up)."""

    kind: str  # discard, cut, play, claim, muggins, over
    hand: tuple[Card, ...] = ()
    #: For the cut: how many cards may be lifted off the pack.
    cut_range: tuple[int, int] = (0, 0)
    legal: tuple[Card, ...] = ()
    discards: int = 0
    claim_what: str = ""
    claim_cards: tuple[Card, ...] = ()
    claim_starter: Card | None = None
    bot_claimed: int = 0


@dataclass(frozen=True, slots=True)
class Table:
    """The table as the learner sees it at the reveal cursor."""

    game_id: int
    version: int
    rules: Rules
    level: str
    phase: Phase
    deal_number: int
    dealer: int | None
    scores: tuple[int, ...]
    backs: tuple[int, ...]
    hand: tuple[Card, ...]
    bot_cards: int
    crib_cards: int
    starter: Card | None
    pile: tuple[tuple[int, Card], ...]
    #: The running count of the play, as the engine keeps it.
    count: int
    earlier: tuple[tuple[tuple[int, Card], ...], ...]
    show: ShowPanel | None
    happenings: tuple[Happening, ...]
    waiting: bool
    #: The next Continue starts a new deal.
    next_is_deal: bool
    decision: Decision | None
    turn: str
    board: BoardLayout
    #: The same board with 30-hole rows, for a phone.
    narrow_board: BoardLayout
    match_id: int | None

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


def _items_adding_to(items: Sequence[ScoreItem], points: int) -> tuple[ScoreItem, ...]:
    """The subset of ``items`` adding up to ``points`` that uses the latest items.

    >>> from engine.scoring import score_show
    >>> [item.name for item in _items_adding_to(score_show("5H 5D 6S 4C", "KS").items, 3)]
    ['run of 3']
    """
    if points <= 0:
        return ()
    best: dict[int, tuple[int, ...]] = {0: ()}
    for index in reversed(range(len(items))):
        for total, chosen in list(best.items()):
            new = total + items[index].points
            if new <= points and new not in best:
                best[new] = chosen + (index,)
    return tuple(items[i] for i in sorted(best.get(points, ())))


def _points_text(event: Points) -> str:
    reason = event.reason
    if reason is Award.CLAIM:
        return "as claimed"
    if reason is Award.MUGGINS:
        return "by muggins"
    if reason is Award.START:
        return "for the start (the pone's three in five-card)"
    return f"for {'a ' if reason in (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN, ScoreKind.FLUSH) else ''}{reason}"


def _who(seat: int) -> str:
    return "You" if seat == LEARNER else "The bot"


def _describe(event: Event) -> Happening | None:
    actor = "you" if getattr(event, "player", None) == LEARNER else ("bot" if getattr(event, "player", None) == BOT else "")
    if isinstance(event, CutForDeal):
        if event.dealer is None:
            return Happening(f"You cut {event.cuts[0].pretty}, the bot cut {event.cuts[1].pretty}: a tie, cut again.", "")
        dealer = "you deal" if event.dealer == LEARNER else "the bot deals"
        return Happening(f"You cut {event.cuts[0].pretty}, the bot cut {event.cuts[1].pretty}: the lower card deals, so {dealer}.", "")
    if isinstance(event, Dealt):
        whose = "You deal: the crib is yours." if event.dealer == LEARNER else "The bot deals: the crib is the bot's."
        return Happening(f"Deal {event.deal_number}. {whose}", "")
    if isinstance(event, Discarded):
        if event.player == LEARNER:
            return Happening(f"You laid {' '.join(c.pretty for c in event.cards)} away to the crib.", actor)
        return Happening("The bot laid its cards away to the crib.", actor)
    if isinstance(event, StarterCut):
        return Happening(f"The starter is turned: {event.starter.pretty}.", "")
    if isinstance(event, Played):
        return Happening(f"{_who(event.player)} played {event.card.pretty}: count {event.count}.", actor)
    if isinstance(event, Go):
        if event.player == LEARNER:
            return Happening(f"Go: none of your cards fits under 31 (count {event.count}).", actor)
        return Happening(f"The bot says go at {event.count}.", actor)
    if isinstance(event, CountReset):
        return Happening("The count starts again from 0.", "")
    if isinstance(event, PlayEnded):
        return Happening("The play is over: now the show.", "")
    if isinstance(event, Shown):
        what = "crib" if event.is_crib else "hand"
        return Happening(f"{_who(event.player)} {'show' if event.player == LEARNER else 'shows'} {'your' if event.player == LEARNER else 'its'} {what}.", actor)
    if isinstance(event, Points):
        verb = "peg" if event.player == LEARNER else "pegs"
        return Happening(f"{_who(event.player)} {verb} {event.points} {_points_text(event)}.", actor, event.points)
    if isinstance(event, Claimed):
        whose = "your" if event.player == LEARNER else "its"
        verb = "claim" if event.player == LEARNER else "claims"
        what = "card" if event.what == "play" else event.what
        return Happening(f"{_who(event.player)} {verb} {event.points} for {whose} {what}.", actor)
    if isinstance(event, MugginsCalled):
        if event.points == 0:
            return Happening(f"{_who(event.player)} called muggins, but nothing was missed.", actor)
        victim = "you" if event.claimant == LEARNER else "the bot"
        return Happening(f"Muggins! {_who(event.player)} {'take' if event.player == LEARNER else 'takes'} {event.points} that {victim} missed.", actor)
    if isinstance(event, MugginsPassed):
        if event.player == LEARNER:
            return Happening("You let the bot's claim stand.", actor)
        return Happening("The bot lets your claim stand.", actor)
    if isinstance(event, TrueCount):
        return Happening(f"The true count was {event.total} (claimed {event.claimed}).", "")
    if isinstance(event, GameOver):
        return Happening("You win the game!" if event.winner == LEARNER else "The bot wins the game.", "")
    return None


def table_of(row: SavedGame, game: Game) -> Table:
    """The table of a saved game at its reveal cursor, from the learner's own log.

    The engine folds the log (:func:`engine.table.fold`); this only narrates it."""
    log = game.log_seen_by(LEARNER)
    seen = min(row.seen, len(log))
    state = fold(game.rules, LEARNER, log[:seen])
    show = None if state.show is None else ShowPanel(*(getattr(state.show, f.name) for f in fields(ShowState)))
    waiting = seen < len(log)
    next_is_deal = waiting and isinstance(log[seen], Dealt)
    decision = None if waiting else _decision(game)
    turn = _turn_text(game, waiting, decision)
    if next_is_deal:
        if state.deal_number:
            turn = "The deal is over: press Next deal when you are ready."
        elif seen:
            turn = "The cut decided the dealer: press Next deal to deal the first hand."
    elif waiting and state.phase is Phase.SHOW:
        turn = "The show: press Next to count on, one combination at a time."
    pegs = tuple(zip(state.scores, state.backs))
    return Table(
        game_id=row.id,
        version=row.version,
        rules=game.rules,
        level=row.level,
        phase=state.phase,
        deal_number=state.deal_number,
        dealer=state.dealer,
        scores=state.scores,
        backs=state.backs,
        hand=tuple(sorted(state.hand, key=lambda c: (c.rank, c.suit))),
        bot_cards=state.hand_sizes[BOT],
        crib_cards=state.crib_cards,
        starter=state.starter,
        pile=state.pile,
        count=state.count,
        earlier=state.earlier,
        show=show,
        happenings=_happenings(log, row.mark, seen),
        waiting=waiting,
        next_is_deal=next_is_deal,
        decision=decision,
        turn=turn,
        board=board_layout(game.rules.target, pegs),
        narrow_board=board_layout(game.rules.target, pegs, row_holes=30),
        match_id=row.match_id,
    )


def _happenings(log: Sequence[Event], mark: int, seen: int) -> tuple[Happening, ...]:
    ends = [0] + step_ends(log)
    last_start = max((e for e in ends if e < seen), default=0)
    start = min(mark, last_start)
    # Only this deal's story: the cards of an earlier deal are back in the pack.
    deal_start = max((i for i in range(seen) if isinstance(log[i], Dealt)), default=0)
    start = max(start, deal_start)
    lines = []
    for i in range(start, seen):
        happening = _describe(log[i])
        if happening is not None:
            lines.append(replace(happening, latest=i >= last_start))
    return tuple(lines[-8:])


def _decision(game: Game) -> Decision | None:
    if game.is_over:
        return Decision("over")
    action = game.expected
    if action is Action.DISCARD and LEARNER in game.to_act:
        return Decision("discard", hand=game.hand(LEARNER), discards=game.rules.discards)
    if action is Action.CUT and game.cutter == LEARNER:
        return Decision("cut", cut_range=cut_range(game))
    if action is Action.PLAY and game.to_play == LEARNER:
        return Decision("play", hand=game.hand(LEARNER), legal=game.legal_plays(LEARNER))
    pending = game.pending_claim
    if action is Action.CLAIM and pending is not None and pending.player == LEARNER:
        return Decision("claim", claim_what=pending.what, claim_cards=pending.cards, claim_starter=pending.starter)
    window = game.muggins_window
    if action is Action.MUGGINS and window is not None and LEARNER in window.callers:
        return Decision("muggins", claim_what=window.claim.what, claim_cards=window.claim.cards,
                        claim_starter=window.claim.starter, bot_claimed=window.claimed)
    return None


def _turn_text(game: Game, waiting: bool, decision: Decision | None) -> str:
    if waiting:
        return "Watch the bot: press Continue for its next move."
    if decision is None:
        return "The bot is thinking."
    return {
        "over": "The game is over.",
        "discard": f"Your turn: choose {decision.discards} cards for {'your' if game.dealer == LEARNER else 'the bot’s'} crib.",
        "cut": "The bot dealt: cut the pack for the starter.",
        "play": "Your turn to play a card.",
        "claim": f"Count your {decision.claim_what}" + (" points for that card." if decision.claim_what == "play" else "."),
        "muggins": "The bot has claimed: call muggins if it missed anything.",
    }[decision.kind]
