"""The table as the learner sees it: a replay of their own log up to the reveal cursor.

A saved game keeps a cursor (``seen``) into the learner's log
(:meth:`engine.game.Game.log_seen_by`, which redacts the bots' hands, the
crib and the deck).  :func:`table_of` has the engine fold that log up to the
cursor (:func:`engine.table.fold`), so the table shows the state *at that
step* and never ahead of it, and it is built from nothing the learner may
not see: the only other input is the learner's own decision (their hand,
their legal cards, their claim), taken from the engine once the reveal has
caught up.  This module only puts those engine values into words; it decides
no phase, count or score of its own.

The bots' moves play themselves: after each of the learner's moves the
cursor goes straight to the learner's next *stop* (:func:`next_stop`), and
the events revealed on the way are numbered as animation steps, which the
page plays back (``static/board.js``; without JavaScript the page simply
shows where the reveal stopped).  The learner is stopped only where they
decide or where there is something to learn: their own card, a claim, a
muggins call (the end of the log: the engine waits for them), a go of
theirs (they say it with the Go button), the end of each hand's show, and
the end of a deal.
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
from engine.table import ShowState, TableState, fold
from trainer.board import BoardLayout, board_layout
from trainer.game_models import SavedGame

#: The learner always sits in seat 0; the bot (with two players) in seat 1.
LEARNER = 0
BOT = 1

#: Lines of "what just happened" kept from before the latest reveal.
CONTEXT_LINES = 6


# ---------------------------------------------------------------- seats and their names


def seat_name(rules: Rules, seat: int) -> str:
    """How the table names a seat, capitalised ("You", "The bot", "The left bot", "Your partner").

    Play moves left, so with three or four players seat 1 sits on the
    learner's left and the last seat on their right; with four, seat 2 is
    the learner's partner.

    >>> from engine.rules import FOUR_PLAYER, STANDARD
    >>> seat_name(STANDARD, 1), [seat_name(FOUR_PLAYER, s) for s in range(4)]
    ('The bot', ['You', 'The left bot', 'Your partner', 'The right bot'])
    """
    if seat == LEARNER:
        return "You"
    if rules.players == 2:
        return "The bot"
    if rules.partnerships and seat == 2:
        return "Your partner"
    return "The left bot" if seat == 1 else "The right bot"


def side_name(rules: Rules, side: int) -> str:
    """The name of a side's score: a seat's, or a partnership's."""
    if rules.partnerships:
        return "You and your partner" if side == rules.side_of(LEARNER) else "The bots"
    return seat_name(rules, side)


def _lower(name: str) -> str:
    """A seat's name inside a sentence ("you", "the bot")."""
    return name[0].lower() + name[1:]


# ---------------------------------------------------------------- where the reveal stops


def _stops_before(event: Event, shown_this_deal: bool) -> bool:
    """Whether the reveal waits for the learner just before ``event``: a new
    deal (the end of the last one), the learner's own go (they say it), or
    the next hand of a show (the end of the one before)."""
    if isinstance(event, Dealt):
        return event.deal_number > 1
    if isinstance(event, Go):
        return event.player == LEARNER
    return isinstance(event, Shown) and shown_this_deal


def next_stop(log: Sequence[Event], seen: int) -> int:
    """Where the reveal goes from ``seen``: the first stop after it, or the end of
    the log, where the engine waits for the learner (or the game is over).

    >>> next_stop([], 0)
    0
    """
    shown = False
    for index, event in enumerate(log):
        if index > seen and _stops_before(event, shown):
            return index
        if isinstance(event, Dealt):
            shown = False
        elif isinstance(event, Shown):
            shown = True
    return len(log)


def skip_deal(game: Game, seen: int) -> int:
    """The cursor at the end of this deal's story (the rest of the show at once):
    just before the next deal, which still waits for its own Next deal."""
    log = game.log_seen_by(LEARNER)
    following = next((i for i in range(seen + 1, len(log)) if isinstance(log[i], Dealt)), None)
    return following if following is not None else len(log)


def at_learners_go(log: Sequence[Event], seen: int) -> bool:
    """Whether the reveal waits for the learner to say go."""
    following = log[seen] if seen < len(log) else None
    return isinstance(following, Go) and following.player == LEARNER


def cut_range(game: Game) -> tuple[int, int]:
    """The cuts allowed: at least four cards in each part of the pack."""
    return MIN_CUT, len(game.pack) - MIN_CUT


# ---------------------------------------------------------------- values for the page


@dataclass(frozen=True, slots=True)
class Happening:
    """One line of "what just happened"."""

    text: str
    actor: str  # "you", "bot", "partner" or "" (the table)
    points: int = 0
    #: Revealed by the latest move (shown brighter).
    latest: bool = False
    #: Its place in the animation of the latest reveal (None: told before it).
    step: int | None = None
    #: A sound for the page to play with it: "peg", "go", "muggins" or "".
    sound: str = ""
    #: Each side's pegs once it happened, (front hole, back hole), for the animation.
    pegs: tuple[tuple[int, int], ...] = ()
    #: The running count once it happened (None: not a play line).
    count: int | None = None

    @property
    def pegs_text(self) -> str:
        """The pegs as the page's data attribute reads them: "front back" per side, sides split by ","."""
        return ",".join(f"{front} {back}" for front, back in self.pegs)


@dataclass(frozen=True, slots=True)
class ShowPanel(ShowState):
    """A hand or crib laid out in the show (the engine's :class:`ShowState`), as told."""

    title: str = ""

    @property
    def sorted_cards(self) -> tuple[Card, ...]:
        """The hand as a player lays it out to count it: in order of rank."""
        return tuple(sorted(self.cards))

    @property
    def taken_items(self) -> tuple[ScoreItem, ...]:
        """Combinations that make up the points taken by muggins.  A claim is a
        total, so which ones were missed is not known: this picks the latest
        combinations that add up to the points taken (the harder-to-see ones)."""
        return _items_adding_to(self.true_items, self.muggins_taken)

    @property
    def taken_cards(self) -> tuple[Card, ...]:
        return tuple({c: None for item in self.taken_items for c in item.cards})


@dataclass(frozen=True, slots=True)
class Decision:
    """What the learner may do now (only when the reveal has caught up, or to say go)."""

    kind: str  # discard, cut, play, go, claim, muggins, over
    hand: tuple[Card, ...] = ()
    #: For the cut: how many cards may be lifted off the pack.
    cut_range: tuple[int, int] = (0, 0)
    legal: tuple[Card, ...] = ()
    discards: int = 0
    claim_what: str = ""
    claim_cards: tuple[Card, ...] = ()
    claim_starter: Card | None = None
    bot_claimed: int = 0
    #: Whose claim is asked about (muggins): a seat's name.
    claimant: str = ""

    @property
    def sorted_claim_cards(self) -> tuple[Card, ...]:
        """The cards of a hand or crib to count, by rank (a played pile keeps its order)."""
        return self.claim_cards if self.claim_what == "play" else tuple(sorted(self.claim_cards))


@dataclass(frozen=True, slots=True)
class SeatView:
    """Another seat at the table: its name and how many cards it holds face down."""

    seat: int
    name: str
    cards: int
    side: int


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
    #: Each side's score as the board shows it: the front peg's hole (a side
    #: that pegged out stands in the game hole; the log keeps its full count).
    scores: tuple[int, ...]
    backs: tuple[int, ...]
    hand: tuple[Card, ...]
    others: tuple[SeatView, ...]
    crib_cards: int
    starter: Card | None
    pile: tuple[tuple[int, Card], ...]
    #: The running count of the play, as the engine keeps it.
    count: int
    earlier: tuple[tuple[tuple[int, Card], ...], ...]
    show: ShowPanel | None
    happenings: tuple[Happening, ...]
    waiting: bool
    #: The next Next starts a new deal.
    next_is_deal: bool
    decision: Decision | None
    turn: str
    board: BoardLayout
    #: The same board with 30-hole rows, for a phone.
    narrow_board: BoardLayout
    match_id: int | None
    #: The animation of the latest reveal: the pegs before it, and the steps at
    #: which a card of the pile, the starter and each combination of the show appear.
    pegs_before: tuple[tuple[int, int], ...] = ()
    count_before: int = 0
    card_steps: tuple[tuple[Card, int], ...] = ()
    item_steps: tuple[int | None, ...] = ()
    side_names: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def bot_cards(self) -> int:
        """Cards the bot holds (two players)."""
        return self.others[0].cards if self.others else 0

    @property
    def pegs_before_text(self) -> str:
        return ",".join(f"{front} {back}" for front, back in self.pegs_before)

    def step_of(self, card: Card) -> int | None:
        """The animation step at which ``card`` was played or turned in the latest reveal (None: before it)."""
        return next((step for c, step in self.card_steps if c == card), None)

    def seat_name(self, seat: int) -> str:
        return seat_name(self.rules, seat)

    def short_name(self, seat: int) -> str:
        """A seat under the card it played: "you", "bot", "left", "partner", "right"."""
        if seat == LEARNER:
            return "you"
        if self.rules.players == 2:
            return "bot"
        return seat_name(self.rules, seat).split()[-2 if seat != 2 or not self.rules.partnerships else -1].lower()

    @property
    def side_labels(self) -> tuple[str, ...]:
        """Each side as the score line names it."""
        if self.rules.players == 2:
            return ("You", f"{self.level.capitalize()} bot")
        if self.rules.partnerships:
            return ("You + partner", "Bots")
        return ("You", "Left bot", "Right bot")


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


# ---------------------------------------------------------------- narration


def _points_text(event: Points) -> str:
    reason = event.reason
    if reason is Award.MUGGINS:
        return "by muggins"
    if reason is Award.START:
        return "for the start (the pone's three in five-card)"
    if reason in (ScoreKind.GO, ScoreKind.LAST_CARD):
        return f"for the {reason}"
    return f"for {'a ' if reason in (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN, ScoreKind.FLUSH) else ''}{reason}"


def _actor(rules: Rules, seat: int | None) -> str:
    if seat is None:
        return ""
    if seat == LEARNER:
        return "you"
    if rules.partnerships:
        return "partner" if seat == 2 else "bot"
    return "bot2" if seat == 2 else "bot"  # the right bot of three, in its peg's colour


def _verb(who: str, verb: str) -> str:
    """``verb`` agreeing with ``who`` ("You peg", "The bot pegs")."""
    return f"{who} {verb}" if who == "You" else f"{who} {verb}s"


def _whose(rules: Rules, seat: int) -> str:
    return "your" if seat == LEARNER else "its"


def _claim_what(what: str) -> str:
    return "card" if what == "play" else what


class _Narrator:
    """Puts the learner's log into lines, remembering the claim being settled
    (so an over-claim reads as what happened, not as points "as claimed")."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.claim: Claimed | None = None
        self.pegged: int | None = None

    def line(self, event: Event) -> Happening | None:
        rules = self.rules
        seat = getattr(event, "player", None)
        actor = _actor(rules, seat)
        who = seat_name(rules, seat) if seat is not None else ""
        if isinstance(event, CutForDeal):
            cuts = ", ".join(f"{_lower(seat_name(rules, s))} cut {c.pretty}" for s, c in enumerate(event.cuts))
            cuts = cuts[0].upper() + cuts[1:]
            if event.dealer is None:
                return Happening(f"{cuts}: a tie, cut again.", "")
            dealer = "you deal" if event.dealer == LEARNER else f"{_lower(seat_name(rules, event.dealer))} deals"
            return Happening(f"{cuts}: the lowest card deals, so {dealer}.", "")
        if isinstance(event, Dealt):
            if event.dealer == LEARNER:
                whose = "You deal: the crib is yours."
            elif rules.partnerships and rules.side_of(event.dealer) == rules.side_of(LEARNER):
                whose = "Your partner deals: the crib is your side's."
            else:
                whose = f"{seat_name(rules, event.dealer)} deals: the crib is {_lower(seat_name(rules, event.dealer))}'s."
            if event.deal_number == 1:
                first = "you" if event.dealer == LEARNER else _lower(seat_name(rules, event.dealer))
                whose = f"{whose} ({first[0].upper() + first[1:]} cut the lowest card for the deal.)"
            return Happening(f"Deal {event.deal_number}. {whose}", "")
        if isinstance(event, Discarded):
            if event.player == LEARNER:
                return Happening(f"You laid {' '.join(c.pretty for c in event.cards)} away to the crib.", actor)
            return Happening(f"{who} laid {'its card' if rules.discards == 1 else 'its cards'} away to the crib.", actor)
        if isinstance(event, StarterCut):
            return Happening(f"The starter is turned: {event.starter.pretty}.", "")
        if isinstance(event, Played):
            return Happening(f"{who} played {event.card.pretty}: count {event.count}.", actor)
        if isinstance(event, Go):
            if event.player == LEARNER:
                return Happening(f"No card of yours fits under 31 (count {event.count}): Go.", actor, sound="go")
            return Happening(f"{who} has no card that fits under 31 (count {event.count}): Go.", actor, sound="go")
        if isinstance(event, CountReset):
            return Happening("The count starts again from 0.", "")
        if isinstance(event, PlayEnded):
            return Happening("The play is over: now the show.", "")
        if isinstance(event, Shown):
            what = "crib" if event.is_crib else "hand"
            verb = "show" if event.player == LEARNER else "shows"
            return Happening(f"{who} {verb} {_whose(rules, event.player)} {what}.", actor)
        if isinstance(event, Claimed):
            self.claim, self.pegged = event, 0
            return Happening(
                f"{_verb(who, 'claim')} {event.points} for {_whose(rules, event.player)} {_claim_what(event.what)}.", actor
            )
        if isinstance(event, Points):
            return self._points(event, who, actor)
        if isinstance(event, MugginsCalled):
            if event.points == 0:
                return Happening(f"{who} called muggins, but nothing was missed.", actor)
            victim = _lower(seat_name(rules, event.claimant))
            return Happening(f"Muggins! {_verb(who, 'take')} {event.points} that {victim} missed.", actor, sound="muggins")
        if isinstance(event, MugginsPassed):
            claim = self.claim
            if claim is not None and self.pegged is not None and self.pegged < claim.points:
                return None  # an over-claim: there was nothing to call, and the line above said so
            if event.player == LEARNER:
                return Happening(f"You let {_lower(seat_name(rules, event.claimant))}'s claim stand.", actor)
            victim = "your" if event.claimant == LEARNER else f"{_lower(seat_name(rules, event.claimant))}'s"
            return Happening(f"{who} lets {victim} claim stand.", actor)
        if isinstance(event, TrueCount):
            return self._true_count(event)
        if isinstance(event, GameOver):
            outcome = event.winner
            if rules.partnerships:
                won = rules.side_of(LEARNER) == outcome
                return Happening("Your side wins the game!" if won else "The bots win the game.", "")
            if outcome == LEARNER:
                return Happening("You win the game!", "")
            return Happening(f"{seat_name(rules, outcome)} wins the game.", "")
        return None

    def _points(self, event: Points, who: str, actor: str) -> Happening:
        if event.reason is Award.CLAIM and self.claim is not None:
            claim = self.claim
            self.pegged = event.points
            what = _claim_what(claim.what)
            if event.points < claim.points:
                # Over-claimed: the claimant pegs the true count, no more.
                text = f"{who} claimed {claim.points}; the {what} is worth {event.points}: {event.points} pegged."
                return Happening(text, actor, event.points, sound="peg")
            return Happening(f"{_verb(who, 'peg')} {event.points} as claimed.", actor, event.points, sound="peg")
        return Happening(f"{_verb(who, 'peg')} {event.points} {_points_text(event)}.", actor, event.points, sound="peg")

    def _true_count(self, event: TrueCount) -> Happening | None:
        what = _claim_what(event.what)
        self.claim = None
        if event.claimed > event.total:
            if event.total == 0:
                who = seat_name(self.rules, event.player)
                return Happening(f"{who} claimed {event.claimed}; the {what} is worth nothing: 0 pegged.", "")
            return None  # said when the true count was pegged
        if event.claimed < event.total:
            return Happening(f"The true count was {event.total} (claimed {event.claimed}).", "")
        return Happening(f"The true count was {event.total}: exact.", "")


# ---------------------------------------------------------------- the table


def _pegs(rules: Rules, state: TableState) -> tuple[tuple[int, int], ...]:
    """Each side's (front, back) peg holes: a side that pegged out stands in the game hole."""
    return tuple((rules.peg_hole(front), rules.peg_hole(back)) for front, back in zip(state.scores, state.backs))


def table_of(row: SavedGame, game: Game) -> Table:
    """The table of a saved game at its reveal cursor, from the learner's own log.

    The engine folds the log (:func:`engine.table.fold`); this only narrates it
    and numbers the steps revealed since ``row.mark`` for the page's animation."""
    rules = game.rules
    log = game.log_seen_by(LEARNER)
    seen = min(row.seen, len(log))
    mark = min(row.mark, seen)
    state = fold(rules, LEARNER, log[:mark])
    pegs_before, count_before = _pegs(rules, state), state.count
    # Only this deal's story: the cards of an earlier deal (or of the cut for deal) are back in the pack.
    deal_start = max((i for i in range(seen) if isinstance(log[i], Dealt)), default=0)
    narrator = _Narrator(rules)
    earlier = []
    for index in range(deal_start, mark):
        happening = narrator.line(log[index])
        if happening is not None:
            earlier.append(happening)
    lines: list[Happening] = []
    card_steps: list[tuple[Card, int]] = []
    point_steps: list[int] = []
    for index in range(mark, seen):
        event = log[index]
        state = state.after(event)
        happening = narrator.line(event) if index >= deal_start else None
        if happening is None:
            continue
        step = len(lines)
        count = state.count if isinstance(event, (Played, CountReset, PlayEnded)) else None
        lines.append(replace(happening, latest=True, step=step, pegs=_pegs(rules, state), count=count))
        if isinstance(event, Played):
            card_steps.append((event.card, step))
        elif isinstance(event, StarterCut):
            card_steps.append((event.starter, step))
        elif isinstance(event, Points) and isinstance(event.reason, ScoreKind) and state.phase is Phase.SHOW:
            point_steps.append(step)
    context = earlier[-max(0, CONTEXT_LINES - len(lines)):] if len(lines) < CONTEXT_LINES else []
    show = None
    item_steps: tuple[int | None, ...] = ()
    if state.show is not None:
        values = {f.name: getattr(state.show, f.name) for f in fields(ShowState)}
        whose = "Your" if state.show.owner == LEARNER else f"{seat_name(rules, state.show.owner)}'s"
        show = ShowPanel(**values, title=f"{whose} {'crib' if state.show.is_crib else 'hand'}")
        new = len(point_steps)
        item_steps = (None,) * (len(show.items) - new) + tuple(point_steps[-new:] if new else ())
        item_steps = item_steps[-len(show.items):] if show.items else ()
    waiting = seen < len(log)
    next_is_deal = waiting and isinstance(log[seen], Dealt)
    decision: Decision | None
    if at_learners_go(log, seen):
        decision = Decision("go", hand=tuple(sorted(state.hand)))
    else:
        decision = None if waiting else _decision(game)
    turn = _turn_text(game, state, log, seen, decision)
    pegs = _pegs(rules, state)
    others = tuple(
        SeatView(seat, seat_name(rules, seat), state.hand_sizes[seat], rules.side_of(seat))
        for seat in range(1, rules.players)
    )
    return Table(
        game_id=row.id,
        version=row.version,
        rules=rules,
        level=row.level,
        phase=state.phase,
        deal_number=state.deal_number,
        dealer=state.dealer,
        scores=tuple(front for front, _ in pegs),
        backs=tuple(back for _, back in pegs),
        hand=tuple(sorted(state.hand)),
        others=others,
        crib_cards=state.crib_cards,
        starter=state.starter,
        pile=state.pile,
        count=state.count,
        earlier=state.earlier,
        show=show,
        happenings=tuple(context) + tuple(lines),
        waiting=waiting,
        next_is_deal=next_is_deal,
        decision=decision,
        turn=turn,
        board=board_layout(rules.target, pegs),
        narrow_board=board_layout(rules.target, pegs, row_holes=30),
        match_id=row.match_id,
        pegs_before=pegs_before,
        count_before=count_before,
        card_steps=tuple(card_steps),
        item_steps=item_steps,
        side_names=tuple(side_name(rules, side) for side in range(rules.sides)),
    )


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
                        claim_starter=window.claim.starter, bot_claimed=window.claimed,
                        claimant=seat_name(game.rules, window.claim.player))
    return None


def _turn_text(game: Game, state: TableState, log: Sequence[Event], seen: int, decision: Decision | None) -> str:
    rules = game.rules
    if decision is not None and decision.kind == "go":
        return f"No card of yours fits under 31 (the count is {state.count}): say Go."
    if seen < len(log):
        following = log[seen]
        if isinstance(following, Dealt):
            return "The deal is over: press Next deal when you are ready."
        if isinstance(following, Shown) and state.show is not None:
            whose = "your" if state.show.owner == LEARNER else f"{_lower(seat_name(rules, state.show.owner))}'s"
            return f"That was {whose} {'crib' if state.show.is_crib else 'hand'}: press Next for the next count."
        return "Press Continue to see what happened next."
    if decision is None:
        return "The bots are thinking." if rules.players > 2 else "The bot is thinking."
    crib_owner = "your" if game.dealer == LEARNER else f"{_lower(seat_name(rules, game.dealer or 0))}'s"
    if rules.partnerships and game.dealer == 2:
        crib_owner = "your partner's"
    return {
        "over": "The game is over.",
        "discard": f"Your turn: choose {decision.discards} card{'s' if decision.discards != 1 else ''} for {crib_owner} crib.",
        "cut": f"{seat_name(rules, game.dealer or 0)} dealt: cut the pack for the starter.",
        "play": "Your turn to play a card.",
        "claim": f"Count your {decision.claim_what}" + (" points for that card." if decision.claim_what == "play" else "."),
        "muggins": f"{decision.claimant} has claimed: call muggins if anything was missed.",
    }[decision.kind]
