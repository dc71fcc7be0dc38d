"""The table as one seat sees it: a replay of that seat's own log up to its reveal cursor.

Each person's seat keeps a cursor (``seen``) into its own log
(:meth:`engine.game.Game.log_seen_by`, which redacts the other hands, the
crib and the deck).  :func:`table_of` has the engine fold that log up to the
cursor (:func:`engine.table.fold`), so the table shows the state *at that
step* and never ahead of it, and it is built from nothing the seat may not
see: the only other input is the seat's own decision (its hand, its legal
cards, its claim), which the engine gives once the reveal has caught up
(:meth:`engine.game.Game.awaits`).  This module only puts those engine
values into words; it decides no phase, count or score of its own.

The page is drawn from the viewer's chair (:class:`trainer.play.seats.Seating`):
every seat the table names is a *place* (0: the viewer, 1: on their left...)
and every per-side value is listed from the viewer's side, so the viewer is
first on the score line and in their own colour, whichever seat they hold.

The other seats' moves play themselves: after each of the person's moves the
cursor goes straight to their next *stop* (:func:`next_stop`), and the events
revealed on the way are numbered as animation steps, which the page plays
back (``static/board.js``; without JavaScript the page simply shows where the
reveal stopped).  The person is stopped only where they decide or where
there is something to learn: their own card, a claim, a muggins call (the
end of the log: the engine waits for them), a go of theirs (they say it with
the Go button), the end of each hand's show, and the end of a deal.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Sequence

from engine.cards import Card
from engine.events import (
    Award,
    Claimed,
    Counted,
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
from engine.game import Action, Game, Phase
from engine.rules import Rules
from engine.scoring import ScoreItem, ScoreKind
from engine.table import Pile, ShowState, TableState, fold
from trainer.language import words
from trainer.language.i18n import N_, NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.play.board import BoardLayout, board_layout, narrow_row_holes, stood_up
from trainer.play.seats import Actor, Seating, against_level

#: Lines of "what just happened" kept from before the latest reveal.
CONTEXT_LINES = 6


# ---------------------------------------------------------------- where the reveal stops


def next_stop(log: Sequence[Event], seen: int, seat: int) -> int:
    """Where ``seat``'s reveal goes from ``seen``: the first stop after it (a new
    deal, the end of the last one; ``seat``'s own go, which they say; the
    next hand of a show, the end of the one before), or the end of the log,
    where the engine waits for them (or the game is over).

    >>> next_stop([], 0, 0)
    0
    """
    shown = False
    for index, event in enumerate(log):
        match event:
            case Dealt(deal_number=number):
                stop = number > 1
                shown = False
            case Go(player=player):
                stop = player == seat
            case Shown():
                stop, shown = shown, True
            case _:
                stop = False
        if index > seen and stop:
            return index
    return len(log)


def skip_deal(log: Sequence[Event], seen: int) -> int:
    """The cursor at the end of this deal's story (the rest of the show at once):
    just before the next deal, which still waits for its own Next deal."""
    following = next((i for i in range(seen + 1, len(log)) if isinstance(log[i], Dealt)), None)
    return following if following is not None else len(log)


def at_own_go(log: Sequence[Event], seen: int, seat: int) -> bool:
    """Whether ``seat``'s reveal waits for them to say go."""
    following = log[seen] if seen < len(log) else None
    return isinstance(following, Go) and following.player == seat


# ---------------------------------------------------------------- values for the page


class Sound(StrEnum):
    """A sound for the page to play with a line (the value is the page's name for it)."""

    NONE = ""
    PEG = "peg"
    GO = "go"
    MUGGINS = "muggins"


@dataclass(frozen=True, slots=True)
class Happening:
    """One line of "what just happened"."""

    text: str
    actor: Actor
    points: int = 0
    #: Revealed by the latest move (shown brighter).
    latest: bool = False
    #: Its place in the animation of the latest reveal (None: told before it).
    step: int | None = None
    sound: Sound = Sound.NONE
    #: Each side's pegs once it happened, (front hole, back hole), for the animation (the viewer's side first).
    pegs: tuple[tuple[int, int], ...] = ()
    #: The running count once it happened (None: not a play line).
    count: int | None = None

    @property
    def pegs_text(self) -> str:
        """The pegs as the page's data attribute reads them: "front back" per side, sides split by ","."""
        return ",".join(f"{front} {back}" for front, back in self.pegs)


@dataclass(frozen=True, slots=True)
class ShowPanel(ShowState):
    """A hand or crib laid out in the show (the engine's :class:`ShowState`), as
    told; ``owner`` and ``muggins_by`` are places at the viewer's table."""

    title: str = ""
    #: What muggins took from this count ("Muggins! You take 2 points."; "" if nothing).
    muggins_text: str = ""

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


class DecisionKind(StrEnum):
    """What the viewer may do now; the values read as the page's form names."""

    DISCARD = "discard"
    CUT = "cut"
    PLAY = "play"
    GO = "go"
    CLAIM = "claim"
    MUGGINS = "muggins"
    OVER = "over"


#: The engine's action a person decides, as the table offers it.
_DECISIONS = {
    Action.DISCARD: DecisionKind.DISCARD, Action.CUT: DecisionKind.CUT, Action.PLAY: DecisionKind.PLAY,
    Action.CLAIM: DecisionKind.CLAIM, Action.MUGGINS: DecisionKind.MUGGINS,
}


@dataclass(frozen=True, slots=True)
class Decision:
    """What the viewer may do now (only when the reveal has caught up, or to say go)."""

    kind: DecisionKind
    hand: tuple[Card, ...] = ()
    #: For the cut: how many cards may be lifted off the pack.
    cut_range: tuple[int, int] = (0, 0)
    legal: tuple[Card, ...] = ()
    discards: int = 0
    claim_what: Counted | None = None
    claim_cards: tuple[Card, ...] = ()
    claim_starter: Card | None = None
    #: The most the claim can be (the engine's limit): the count box goes no higher.
    claim_limit: int = 0
    #: The points claimed, when the viewer may call muggins on them.
    claimed: int = 0
    #: Whose claim is asked about (muggins): a seat's name.
    claimant: str = ""
    #: Whether that claimant is a person (named "their", not "its").
    claimant_is_person: bool = False

    @property
    def sorted_claim_cards(self) -> tuple[Card, ...]:
        """The cards of a hand or crib to count, by rank (a played pile keeps its order)."""
        return self.claim_cards if self.claim_what is Counted.PLAY else tuple(sorted(self.claim_cards))


@dataclass(frozen=True, slots=True)
class SeatView:
    """Another seat at the table: its place, its name and how many cards it holds face down."""

    seat: int
    name: str
    cards: int
    side: int
    #: Its place at the table as labelled there ("Bot"; "Left bot", "Partner", "Right bot").
    label: str = ""


@dataclass(frozen=True, slots=True)
class Table:
    """The table as the viewer sees it at their reveal cursor (seats as places, sides from theirs)."""

    game_id: int
    #: The version the viewer's forms carry (their seat's).
    version: int
    rules: Rules
    level: str
    seating: Seating
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
    pile: Pile
    #: The running count of the play, as the engine keeps it.
    count: int
    earlier: tuple[Pile, ...]
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
    def upright_board(self) -> BoardLayout:
        """The phone's board stood on its end, for the column beside the table on a wide screen."""
        return stood_up(self.narrow_board)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def pegs_before_text(self) -> str:
        return ",".join(f"{front} {back}" for front, back in self.pegs_before)

    def step_of(self, card: Card) -> int | None:
        """The animation step at which ``card`` was played or turned in the latest reveal (None: before it)."""
        return next((step for c, step in self.card_steps if c == card), None)

    def seat_name(self, place: int) -> str:
        return self.seating.name(self.seating.seat_at(place))

    def short_name(self, place: int) -> str:
        """A seat under the card it played: "you", "bot", "left", "partner", "right"."""
        return self.seating.short(self.seating.seat_at(place))

    @property
    def discard_legend(self) -> str:
        """What the viewer's discard is for ("Choose 2 for your crib")."""
        n = self.decision.discards if self.decision is not None else self.rules.discards
        if self.dealer is None or self.dealer == 0:
            return ngettext("Choose %(num)d for your crib", "Choose %(num)d for your crib", n)
        whose = self.seating.owner(self.seating.seat_at(self.dealer)).replace("'", "’")
        return ngettext("Choose %(num)d for %(whose)s crib", "Choose %(num)d for %(whose)s crib", n, whose=whose)

    @property
    def crib_label(self) -> str:
        """Whose crib lies on the table ("Your crib", "bot’s crib"; "Crib" before the deal)."""
        return self.seating.crib_label(None if self.dealer is None else self.seating.seat_at(self.dealer))

    @property
    def title(self) -> str:
        """The page's title."""
        if any(self.seating.is_person(seat) for seat in range(self.seating.players) if seat != self.seating.viewer):
            return _("Game %(number)d at a table of people", number=self.game_id)
        return _("Game %(number)d against the %(level)s bot", number=self.game_id, level=against_level(self.level))

    @property
    def side_labels(self) -> tuple[str, ...]:
        """Each side as the score line names it, the viewer's first."""
        return self.seating.side_labels()

    @property
    def key_answers(self) -> tuple[tuple[TableKey, str], ...]:
        """What each of the playroom's keys answers at this table, in words (RULES.md §8:
        for players who cannot see the table well; the page speaks them through a live region)."""
        return tuple((key, _KEY_ANSWERS[key](self)) for key in TableKey)


class TableKey(StrEnum):
    """The playroom's keys at the table (seed 004); the value is the key, by its position on the keyboard."""

    COUNT = "c"
    CRIB = "b"
    STARTER = "f"
    TABLE = "v"
    SCORES = "s"
    TURN = "t"

    @property
    def label(self) -> str:
        """What the key tells, as the keyboard help lists it ("the count")."""
        return pgettext("key", _KEY_LABELS[self])


_KEY_LABELS = {
    TableKey.COUNT: NC_("key", "the count"), TableKey.CRIB: NC_("key", "whose crib"),
    TableKey.STARTER: NC_("key", "the starter"), TableKey.TABLE: NC_("key", "the cards on the table"),
    TableKey.SCORES: NC_("key", "the scores"), TableKey.TURN: NC_("key", "whose turn"),
}


def _count_answer(t: Table) -> str:
    """C: the running count in the play, or the count of the hand or crib being shown."""
    if t.show is not None:
        if t.show.true_total is not None:  # settled (under muggins), or the whole count of a hand that pegged out
            return ngettext("%(show)s: %(num)d point.", "%(show)s: %(num)d points.", t.show.true_total,
                            show=t.show.title)
        return ngettext("%(show)s: %(num)d point so far.", "%(show)s: %(num)d points so far.", t.show.running,
                        show=t.show.title)
    if t.phase is Phase.PLAY or t.pile:
        return _("The count is %(count)d.", count=t.count)
    return _("There is no count now.")


def _crib_answer(t: Table) -> str:
    """B: whose crib it is."""
    if t.dealer is None:
        return _("Nobody has dealt yet.")
    if t.dealer == 0:
        return _("The crib is yours.")
    return _("The crib is %(whose)s.", whose=t.seating.owner(t.seating.seat_at(t.dealer)))


def _starter_answer(t: Table) -> str:
    """F: the starter."""
    if t.starter is None:
        return _("The starter is not cut yet.")
    return _("The starter is the %(card)s.", card=words.name(t.starter))


def _table_answer(t: Table) -> str:
    """V: the cards on the table in the play, each with who played it."""
    if not t.pile:
        return _("No cards on the table: a new count.") if t.phase is Phase.PLAY else _("No cards on the table.")
    cards = ", ".join(_("%(card)s (%(who)s)", card=words.name(c), who=t.short_name(who)) for who, c in t.pile)
    return _("On the table: %(cards)s.", cards=cards)


def _scores_answer(t: Table) -> str:
    """S: every side's score, the viewer's first, and the target."""
    scores = "; ".join(f"{label} – {score}" for label, score in zip(t.side_labels, t.scores))
    return _("Scores: %(scores)s. The game is to %(target)d.", scores=scores, target=t.rules.target)


def _turn_answer(t: Table) -> str:
    """T: whose turn it is, as the turn line says it."""
    return t.turn


_KEY_ANSWERS = {
    TableKey.COUNT: _count_answer, TableKey.CRIB: _crib_answer, TableKey.STARTER: _starter_answer,
    TableKey.TABLE: _table_answer, TableKey.SCORES: _scores_answer, TableKey.TURN: _turn_answer,
}


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


#: What points in the play or the show were for ("You peg 2 for a fifteen.").
_REASONS = {
    ScoreKind.FIFTEEN: N_("for a fifteen"), ScoreKind.THIRTY_ONE: N_("for thirty-one"),
    ScoreKind.PAIR: N_("for a pair"), ScoreKind.RUN: N_("for a run"), ScoreKind.FLUSH: N_("for a flush"),
    ScoreKind.NOBS: N_("for nobs"), ScoreKind.HEELS: N_("for his heels"), ScoreKind.GO: N_("for the go"),
    ScoreKind.LAST_CARD: N_("for the last card"),
    Award.MUGGINS: N_("by muggins"), Award.START: N_("for the start (the pone's three in five-card)"),
}
#: What a claim counted, inside "the ... is worth" (Russian says «в руке», «в яслях», «за карту»).
_WORTH = {Counted.PLAY: NC_("is worth", "card"), Counted.HAND: NC_("is worth", "hand"),
          Counted.CRIB: NC_("is worth", "crib")}


def points_text(event: Points) -> str:
    """What points were for, in words ("for a fifteen", "by muggins", "for the claim")."""
    english = _REASONS.get(event.reason)
    if english is not None:
        return _(english)
    if isinstance(event.reason, ScoreKind):
        return _("for %(reason)s", reason=words.kind_name(event.reason))
    return _("for the claim")


def _worth(what: Counted) -> str:
    return pgettext("is worth", _WORTH[what])


def _cap(text: str) -> str:
    """A sentence with its first letter capitalised (after an opening bracket),
    for sentences that may begin with a seat's name told in lower case."""
    start = 1 if text.startswith("(") else 0
    return text[:start] + text[start:start + 1].upper() + text[start + 1:]


class _Narrator:
    """Puts a seat's log into lines, remembering the claim being settled
    (so an over-claim reads as what happened, not as points "as claimed")."""

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.rules = seating.rules
        self.claim: Claimed | None = None
        self.pegged: int | None = None

    def _mine(self, seat: int) -> bool:
        return seat == self.seating.viewer

    def line(self, event: Event) -> Happening | None:
        """The line ``event`` makes (None: it goes without saying)."""
        seating = self.seating
        match event:
            case CutForDeal():
                return self._cut_for_deal(event)
            case Dealt():
                return self._dealt(event)
            case Discarded(player=seat):
                if self._mine(seat):
                    return self._said(seat, _("You laid %(cards)s away to the crib.", cards=words.faces(event.cards)))
                # Not "its": the seat may be a person's.
                return self._said(seat, ngettext("%(who)s laid a card away to the crib.",
                                                 "%(who)s laid %(num)d cards away to the crib.", self.rules.discards,
                                                 who=seating.name(seat)))
            case StarterCut(starter=starter):
                return Happening(_("The starter is turned: %(card)s.", card=words.face(starter)), Actor.TABLE)
            case Played(player=seat, card=card, count=count):
                if self._mine(seat):
                    return self._said(seat, _("You played %(card)s: count %(count)d.", card=words.face(card),
                                              count=count))
                return self._said(seat, _("%(who)s played %(card)s: count %(count)d.", who=seating.name(seat),
                                          card=words.face(card), count=count))
            case Go(player=seat, count=count):
                if self._mine(seat):
                    return self._said(seat, _("No card of yours fits under 31 (count %(count)d): Go.", count=count),
                                      sound=Sound.GO)
                return self._said(seat, _("%(who)s has no card that fits under 31 (count %(count)d): Go.",
                                          who=seating.name(seat), count=count), sound=Sound.GO)
            case CountReset():
                return Happening(_("The count starts again from 0."), Actor.TABLE)
            case PlayEnded():
                return Happening(_("The play is over: now the show."), Actor.TABLE)
            case Shown(player=seat, is_crib=crib):
                if self._mine(seat):
                    return self._said(seat, _("You show your crib.") if crib else _("You show your hand."))
                who = seating.name(seat)
                return self._said(seat, _("%(who)s shows its crib.", who=who) if crib else
                                  _("%(who)s shows its hand.", who=who))
            case Claimed(player=seat):
                self.claim, self.pegged = event, 0
                return self._said(seat, self._claimed(event))
            case Points():
                return self._points(event)
            case MugginsCalled():
                return self._muggins(event)
            case MugginsPassed():
                return self._passed(event)
            case TrueCount():
                return self._true_count(event)
            case GameOver():
                return self._game_over(event)
        return None

    def _said(self, seat: int, text: str, points: int = 0, sound: Sound = Sound.NONE) -> Happening:
        return Happening(text, self.seating.actor(seat), points, sound=sound)

    def _cut_for_deal(self, event: CutForDeal) -> Happening:
        seating = self.seating
        cuts = ", ".join(
            _("you cut %(card)s", card=words.face(c)) if self._mine(s)
            else _("%(who)s cut %(card)s", who=seating.in_sentence(s), card=words.face(c))
            for s, c in enumerate(event.cuts)
        )
        if event.dealer is None:
            return Happening(_cap(_("%(cuts)s: a tie, cut again.", cuts=cuts)), Actor.TABLE)
        if self._mine(event.dealer):
            return Happening(_cap(_("%(cuts)s: the lowest card deals, so you deal.", cuts=cuts)), Actor.TABLE)
        dealer = seating.in_sentence(event.dealer)
        return Happening(_cap(_("%(cuts)s: the lowest card deals, so %(dealer)s deals.", cuts=cuts, dealer=dealer)),
                         Actor.TABLE)

    def _dealt(self, event: Dealt) -> Happening:
        seating, rules = self.seating, self.rules
        if self._mine(event.dealer):
            whose = _("You deal: the crib is yours.")
        elif rules.partnerships and rules.side_of(event.dealer) == seating.my_side:
            whose = _("Your partner deals: the crib is your side's.") if len(seating.team(seating.my_side)) == 2 \
                else _cap(_("%(who)s deals: the crib is your side's.", who=seating.in_sentence(event.dealer)))
        else:
            whose = _cap(_("%(who)s deals: the crib is %(whose)s.", who=seating.in_sentence(event.dealer),
                           whose=seating.owner(event.dealer)))
        if event.deal_number == 1:
            first = _("(You cut the lowest card for the deal.)") if self._mine(event.dealer) else \
                _("(%(who)s cut the lowest card for the deal.)", who=seating.name(event.dealer))
            whose = f"{whose} {first}"
        return Happening(_("Deal %(number)d. %(whose)s", number=event.deal_number, whose=whose), Actor.TABLE)

    def _claimed(self, event: Claimed) -> str:
        n = event.points
        if self._mine(event.player):
            if event.what is Counted.PLAY:
                return ngettext("You claim %(num)d for your card.", "You claim %(num)d for your card.", n)
            if event.what is Counted.CRIB:
                return ngettext("You claim %(num)d for your crib.", "You claim %(num)d for your crib.", n)
            return ngettext("You claim %(num)d for your hand.", "You claim %(num)d for your hand.", n)
        who = self.seating.name(event.player)
        if self.seating.is_person(event.player):  # a person at a playroom's table: "their", not "its"
            if event.what is Counted.PLAY:
                return ngettext("%(who)s claims %(num)d for their card.", "%(who)s claims %(num)d for their card.",
                                n, who=who)
            if event.what is Counted.CRIB:
                return ngettext("%(who)s claims %(num)d for their crib.", "%(who)s claims %(num)d for their crib.",
                                n, who=who)
            return ngettext("%(who)s claims %(num)d for their hand.", "%(who)s claims %(num)d for their hand.",
                            n, who=who)
        if event.what is Counted.PLAY:
            return ngettext("%(who)s claims %(num)d for its card.", "%(who)s claims %(num)d for its card.", n, who=who)
        if event.what is Counted.CRIB:
            return ngettext("%(who)s claims %(num)d for its crib.", "%(who)s claims %(num)d for its crib.", n, who=who)
        return ngettext("%(who)s claims %(num)d for its hand.", "%(who)s claims %(num)d for its hand.", n, who=who)

    def _muggins(self, event: MugginsCalled) -> Happening:
        seating = self.seating
        who = seating.name(event.player)
        if event.points == 0:
            if self._mine(event.player):
                return self._said(event.player, _("You called muggins, but nothing was missed."))
            return self._said(event.player, _("%(who)s called muggins, but nothing was missed.", who=who))
        n = event.points
        victim = seating.in_sentence(event.claimant)
        if self._mine(event.player):
            text = ngettext("Muggins! You take %(num)d that %(victim)s missed.",
                            "Muggins! You take %(num)d that %(victim)s missed.", n, victim=victim)
        elif self._mine(event.claimant):
            text = ngettext("Muggins! %(who)s takes %(num)d that you missed.",
                            "Muggins! %(who)s takes %(num)d that you missed.", n, who=who)
        else:
            text = ngettext("Muggins! %(who)s takes %(num)d that %(victim)s missed.",
                            "Muggins! %(who)s takes %(num)d that %(victim)s missed.", n, who=who, victim=victim)
        return self._said(event.player, text, sound=Sound.MUGGINS)

    def _passed(self, event: MugginsPassed) -> Happening | None:
        claim = self.claim
        if claim is not None and self.pegged is not None and self.pegged < claim.points:
            return None  # an over-claim: there was nothing to call, and the line above said so
        seating = self.seating
        if self._mine(event.player):
            return self._said(event.player, _("You let %(whose)s claim stand.", whose=seating.owner(event.claimant)))
        who = seating.name(event.player)
        if self._mine(event.claimant):
            return self._said(event.player, _("%(who)s lets your claim stand.", who=who))
        return self._said(event.player, _("%(who)s lets %(whose)s claim stand.", who=who,
                                          whose=seating.owner(event.claimant)))

    def _points(self, event: Points) -> Happening:
        mine = self._mine(event.player)
        who = self.seating.name(event.player)
        n = event.points
        if event.reason is Award.CLAIM and self.claim is not None:
            claim = self.claim
            self.pegged = n
            if n < claim.points:
                # Over-claimed: the claimant pegs the true count, no more.
                worth = _worth(claim.what)
                if mine:
                    text = _("You claimed %(claimed)d; the %(what)s is worth %(points)d: %(points)d pegged.",
                             claimed=claim.points, what=worth, points=n)
                else:
                    text = _("%(who)s claimed %(claimed)d; the %(what)s is worth %(points)d: %(points)d pegged.",
                             who=who, claimed=claim.points, what=worth, points=n)
                return self._said(event.player, text, n, Sound.PEG)
            if mine:
                text = ngettext("You peg %(num)d as claimed.", "You peg %(num)d as claimed.", n)
            else:
                text = ngettext("%(who)s pegs %(num)d as claimed.", "%(who)s pegs %(num)d as claimed.", n, who=who)
            return self._said(event.player, text, n, Sound.PEG)
        reason = points_text(event)
        if mine:
            text = ngettext("You peg %(num)d %(reason)s.", "You peg %(num)d %(reason)s.", n, reason=reason)
        else:
            text = ngettext("%(who)s pegs %(num)d %(reason)s.", "%(who)s pegs %(num)d %(reason)s.", n, who=who,
                            reason=reason)
        return self._said(event.player, text, n, Sound.PEG)

    def _true_count(self, event: TrueCount) -> Happening | None:
        self.claim = None
        if event.claimed > event.total:
            if event.total == 0:
                worth = _worth(event.what)
                if self._mine(event.player):
                    text = _("You claimed %(claimed)d; the %(what)s is worth nothing: 0 pegged.",
                             claimed=event.claimed, what=worth)
                else:
                    text = _("%(who)s claimed %(claimed)d; the %(what)s is worth nothing: 0 pegged.",
                             who=self.seating.name(event.player), claimed=event.claimed, what=worth)
                return Happening(text, Actor.TABLE)
            return None  # said when the true count was pegged
        if event.claimed < event.total:
            return Happening(_("The true count was %(total)d (claimed %(claimed)d).", total=event.total,
                               claimed=event.claimed), Actor.TABLE)
        return Happening(_("The true count was %(total)d: exact.", total=event.total), Actor.TABLE)

    def _game_over(self, event: GameOver) -> Happening:
        seating, rules = self.seating, self.rules
        if rules.partnerships:
            if event.winner == seating.my_side:
                return Happening(_("Your side wins the game!"), Actor.TABLE)
            if rules.sides > 2:
                return Happening(_("%(who)s win the game.", who=seating.side_name(event.winner)), Actor.TABLE)
            if seating.other_side_is_bots:
                return Happening(_("The bots win the game."), Actor.TABLE)
            return Happening(_("Your opponents win the game."), Actor.TABLE)
        if self._mine(event.winner):
            return Happening(_("You win the game!"), Actor.TABLE)
        return Happening(_("%(who)s wins the game.", who=seating.name(event.winner)), Actor.TABLE)


# ---------------------------------------------------------------- the table


def _pegs(seating: Seating, state: TableState) -> tuple[tuple[int, int], ...]:
    """Each side's (front, back) peg holes, the viewer's first: a side that pegged out stands in the game hole."""
    rules = seating.rules
    return seating.from_my_side([(rules.peg_hole(front), rules.peg_hole(back))
                                 for front, back in zip(state.scores, state.backs)])


def _placed(seating: Seating, pile: Pile) -> Pile:
    """A pile with each card's player as a place at the viewer's table."""
    return tuple((seating.place(seat), card) for seat, card in pile)


def table_of(game: Game, seating: Seating, *, seen: int, mark: int, game_id: int = 0, version: int = 0,
             level: str = "easy", match_id: int | None = None) -> Table:
    """The table of ``game`` from ``seating.viewer``'s seat at its reveal cursor
    ``seen``, from that seat's own log.

    The engine folds the log (:func:`engine.table.fold`); this only narrates it,
    numbers the steps revealed since ``mark`` for the page's animation, and
    turns seats into places at the viewer's table."""
    rules = game.rules
    seat = seating.viewer
    log = game.log_seen_by(seat)
    seen = min(seen, len(log))
    mark = min(mark, seen)
    state = fold(rules, seat, log[:mark])
    pegs_before, count_before = _pegs(seating, state), state.count
    # Only this deal's story: the cards of an earlier deal (or of the cut for deal) are back in the pack.
    deal_start = max((i for i in range(seen) if isinstance(log[i], Dealt)), default=0)
    narrator = _Narrator(seating)
    earlier = [line for line in (narrator.line(event) for event in log[deal_start:mark]) if line is not None]
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
        lines.append(replace(happening, latest=True, step=step, pegs=_pegs(seating, state), count=count))
        match event:
            case Played(card=card) | StarterCut(starter=card):
                card_steps.append((card, step))
            case Points(reason=ScoreKind()) if state.phase is Phase.SHOW:
                point_steps.append(step)
    context = earlier[-max(0, CONTEXT_LINES - len(lines)):] if len(lines) < CONTEXT_LINES else []
    show = None
    item_steps: tuple[int | None, ...] = ()
    if state.show is not None:
        values = {f.name: getattr(state.show, f.name) for f in fields(ShowState)}
        values["owner"] = seating.place(state.show.owner)
        values["muggins_by"] = None if state.show.muggins_by is None else seating.place(state.show.muggins_by)
        show = ShowPanel(**values, title=_show_title(seating, state.show.owner, state.show.is_crib),
                         muggins_text=_muggins_taken(seating, state.show))
        new = len(point_steps)
        item_steps = (None,) * (len(show.items) - new) + tuple(point_steps[-new:] if new else ())
        item_steps = item_steps[-len(show.items):] if show.items else ()
    waiting = seen < len(log)
    next_is_deal = waiting and isinstance(log[seen], Dealt)
    decision: Decision | None
    if at_own_go(log, seen, seat):
        decision = Decision(DecisionKind.GO, hand=tuple(sorted(state.hand)))
    else:
        decision = None if waiting else decision_of(game, seating)
    turn = _turn_text(game, seating, state, log, seen, decision)
    pegs = _pegs(seating, state)
    others = tuple(
        SeatView(place, seating.name(other), state.hand_sizes[other], rules.side_of(place), seating.label(other))
        for place, other in ((place, seating.seat_at(place)) for place in range(1, rules.players))
    )
    return Table(
        game_id=game_id,
        version=version,
        rules=rules,
        level=level,
        seating=seating,
        phase=state.phase,
        deal_number=state.deal_number,
        dealer=None if state.dealer is None else seating.place(state.dealer),
        scores=tuple(front for front, _ in pegs),
        backs=tuple(back for _, back in pegs),
        hand=tuple(sorted(state.hand)),
        others=others,
        crib_cards=state.crib_cards,
        starter=state.starter,
        pile=_placed(seating, state.pile),
        count=state.count,
        earlier=tuple(_placed(seating, pile) for pile in state.earlier),
        show=show,
        happenings=tuple(context) + tuple(lines),
        waiting=waiting,
        next_is_deal=next_is_deal,
        decision=decision,
        turn=turn,
        board=board_layout(rules.target, pegs),
        narrow_board=board_layout(rules.target, pegs, row_holes=narrow_row_holes(len(pegs))),
        match_id=match_id,
        pegs_before=pegs_before,
        count_before=count_before,
        card_steps=tuple(card_steps),
        item_steps=item_steps,
        side_names=seating.side_names(),
    )


def decision_of(game: Game, seating: Seating) -> Decision | None:
    """What the engine waits for the viewer to decide now (:meth:`engine.game.Game.awaits`), as the table offers it."""
    seat = seating.viewer
    if game.is_over:
        return Decision(DecisionKind.OVER)
    action = game.awaits(seat)
    kind = _DECISIONS.get(action)
    if kind is None:
        return None
    match action:
        case Action.DISCARD:
            return Decision(kind, hand=game.hand(seat), discards=game.rules.discards)
        case Action.CUT:
            return Decision(kind, cut_range=game.cut_range)
        case Action.PLAY:
            return Decision(kind, hand=game.hand(seat), legal=game.legal_plays(seat))
        case Action.CLAIM if (pending := game.pending_claim) is not None:
            return Decision(kind, claim_what=pending.what, claim_cards=pending.cards, claim_starter=pending.starter,
                            claim_limit=pending.limit)
        case Action.MUGGINS if (window := game.muggins_window) is not None:
            claim = window.claim
            return Decision(kind, claim_what=claim.what, claim_cards=claim.cards, claim_starter=claim.starter,
                            claimed=window.claimed, claimant=seating.name(claim.player),
                            claimant_is_person=seating.is_person(claim.player))
    return None


def _show_title(seating: Seating, owner: int, is_crib: bool) -> str:
    """The title of a hand or crib in the show ("Your hand", "The bot's crib")."""
    if owner == seating.viewer:
        return _("Your crib") if is_crib else _("Your hand")
    whose = seating.owner(owner)
    return _cap(_("%(whose)s crib", whose=whose) if is_crib else _("%(whose)s hand", whose=whose))


def _muggins_taken(seating: Seating, show: ShowState) -> str:
    """What muggins took from a count, as the show panel says it."""
    n = show.muggins_taken
    if not n or show.muggins_by is None:
        return ""
    if show.muggins_by == seating.viewer:
        return ngettext("Muggins! You take %(num)d point.", "Muggins! You take %(num)d points.", n)
    return ngettext("Muggins! %(who)s takes %(num)d point.", "Muggins! %(who)s takes %(num)d points.", n,
                    who=seating.name(show.muggins_by))


def _turn_text(game: Game, seating: Seating, state: TableState, log: Sequence[Event], seen: int,
               decision: Decision | None) -> str:
    seat = seating.viewer
    if decision is not None and decision.kind is DecisionKind.GO:
        return _("No card of yours fits under 31 (the count is %(count)d): say Go.", count=state.count)
    if seen < len(log):
        match log[seen]:
            case Dealt():
                return _("The deal is over: press Next deal when you are ready.")
            case Shown() if state.show is not None:
                owner, crib = state.show.owner, state.show.is_crib
                if owner == seat:
                    return _("That was your crib: press Next for the next count.") if crib else \
                        _("That was your hand: press Next for the next count.")
                whose = seating.owner(owner)
                return _("That was %(whose)s crib: press Next for the next count.", whose=whose) if crib else \
                    _("That was %(whose)s hand: press Next for the next count.", whose=whose)
        return _("Press Continue to see what happened next.")
    if decision is None:
        people = [other for other in game.to_act if other != seat and seating.is_person(other)]
        if people:
            return _("Waiting for %(who)s.", who=", ".join(seating.in_sentence(other) for other in people))
        return _("The bots are thinking.") if seating.players > 2 else _("The bot is thinking.")
    dealer = game.dealer or 0
    match decision.kind:
        case DecisionKind.OVER:
            return _("The game is over.")
        case DecisionKind.DISCARD:
            n = decision.discards
            if dealer == seat:
                return ngettext("Your turn: choose %(num)d card for your crib.",
                                "Your turn: choose %(num)d cards for your crib.", n)
            return ngettext("Your turn: choose %(num)d card for %(whose)s crib.",
                            "Your turn: choose %(num)d cards for %(whose)s crib.", n, whose=seating.owner(dealer))
        case DecisionKind.CUT:
            return _cap(_("%(who)s dealt: cut the pack for the starter.", who=seating.in_sentence(dealer)))
        case DecisionKind.PLAY:
            return _("Your turn to play a card.")
        case DecisionKind.CLAIM:
            if decision.claim_what is Counted.PLAY:
                return _("Count your play points for that card.")
            return _("Count your crib.") if decision.claim_what is Counted.CRIB else _("Count your hand.")
    return _("%(who)s has claimed: call muggins if anything was missed.", who=decision.claimant)
