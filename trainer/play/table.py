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
    Played,
    PlayEnded,
    Points,
    Shown,
    StarterCut,
    TrueCount,
)
from engine.game import MIN_CUT, Action, Game, Phase
from engine.rules import Rules
from engine.scoring import ScoreItem, ScoreKind
from engine.table import ShowState, TableState, fold
from trainer.language import words
from trainer.language.i18n import N_, NC_, ngettext, pgettext, translated_name
from trainer.language.i18n import gettext as _
from trainer.play.board import BoardLayout, board_layout
from trainer.play.models import SavedGame

#: The learner always sits in seat 0; the bot (with two players) in seat 1.
LEARNER = 0
BOT = 1

#: Lines of "what just happened" kept from before the latest reveal.
CONTEXT_LINES = 6


# ---------------------------------------------------------------- seats and their names

#: How the table names each kind of seat (see :func:`seat_kind`), capitalised.
_SEAT_NAMES = {
    "you": NC_("seat", "You"), "bot": NC_("seat", "The bot"), "partner": NC_("seat", "Your partner"),
    "left": NC_("seat", "The left bot"), "right": NC_("seat", "The right bot"),
}
#: Whose: a seat's name as an owner inside a sentence ("the crib is the bot's"; Russian: the genitive).
_SEAT_OF = {
    "bot": NC_("of seat", "the bot's"), "partner": NC_("of seat", "your partner's"),
    "left": NC_("of seat", "the left bot's"), "right": NC_("of seat", "the right bot's"),
}
#: A seat under the card it played.
_SHORT_NAMES = {
    "you": NC_("under a card", "you"), "bot": NC_("under a card", "bot"), "partner": NC_("under a card", "partner"),
    "left": NC_("under a card", "left"), "right": NC_("under a card", "right"),
}
#: Another seat as its place at the table is labelled.
_SEAT_LABELS = {
    "bot": NC_("seat label", "Bot"), "partner": NC_("seat label", "Partner"),
    "left": NC_("seat label", "Left bot"), "right": NC_("seat label", "Right bot"),
}
#: The crib on the table, by its owner.
_CRIBS = {
    "you": N_("Your crib"), "bot": N_("bot’s crib"), "partner": N_("Your partner’s crib"),
    "left": N_("left bot’s crib"), "right": N_("right bot’s crib"),
}

#: The bot levels as the set-up form, the lists and the results name them.
_LEVELS = {
    "easy": NC_("level", "Easy"), "medium": NC_("level", "Medium"), "hard": NC_("level", "Hard"),
    "insane": NC_("level", "Insane"), "expert": NC_("level", "Expert"),
}
#: A two-player game's bot by its level, as the score line names it.
_LEVEL_BOTS = {
    "easy": N_("Easy bot"), "medium": N_("Medium bot"), "hard": N_("Hard bot"), "insane": N_("Insane bot"),
    "expert": N_("Expert bot"),
}
#: A level inside "at ... level" (Russian: the prepositional case).
_AT_LEVELS = {
    "easy": NC_("at level", "easy"), "medium": NC_("at level", "medium"), "hard": NC_("at level", "hard"),
    "insane": NC_("at level", "insane"), "expert": NC_("at level", "expert"),
}
#: A level inside "against the ... bot" (Russian: the genitive).
_AGAINST_LEVELS = {
    "easy": NC_("against level", "easy"), "medium": NC_("against level", "medium"),
    "hard": NC_("against level", "hard"), "insane": NC_("against level", "insane"),
    "expert": NC_("against level", "expert"),
}


def level_label(level: str) -> str:
    """A bot level's name ("Easy"; Russian «Лёгкий»); an unknown one as it is, capitalised."""
    return translated_name("level", _LEVELS, level, level.capitalize())


def bot_label(level: str) -> str:
    """The bot of a two-player game by its level ("Easy bot")."""
    english = _LEVEL_BOTS.get(level)
    return _(english) if english else f"{level.capitalize()} bot"


def at_level(level: str) -> str:
    """A level as "at ... level" needs it ("easy")."""
    return translated_name("at level", _AT_LEVELS, level, level)


def against_level(level: str) -> str:
    """A level as "against the ... bot" needs it ("easy")."""
    return translated_name("against level", _AGAINST_LEVELS, level, level)


def seat_kind(rules: Rules, seat: int) -> str:
    """Which seat this is for the learner: "you", "bot" (two players), "partner",
    "left" or "right".

    Play moves left, so with three or four players seat 1 sits on the
    learner's left and the last seat on their right; with four, seat 2 is
    the learner's partner."""
    if seat == LEARNER:
        return "you"
    if rules.players == 2:
        return "bot"
    if rules.partnerships and seat == 2:
        return "partner"
    return "left" if seat == 1 else "right"


def seat_name(rules: Rules, seat: int) -> str:
    """How the table names a seat, capitalised ("You", "The bot", "The left bot", "Your partner").

    >>> from engine.rules import FOUR_PLAYER, STANDARD
    >>> seat_name(STANDARD, 1), [seat_name(FOUR_PLAYER, s) for s in range(4)]
    ('The bot', ['You', 'The left bot', 'Your partner', 'The right bot'])
    """
    return pgettext("seat", _SEAT_NAMES[seat_kind(rules, seat)])


def seat_of(rules: Rules, seat: int) -> str:
    """Another seat as the owner of something, inside a sentence ("the bot's";
    Russian «бота»).  Not for the learner's seat: sentences say "your" themselves."""
    return pgettext("of seat", _SEAT_OF[seat_kind(rules, seat)])


def side_name(rules: Rules, side: int) -> str:
    """The name of a side's score: a seat's, or a partnership's."""
    if rules.partnerships:
        return _("You and your partner") if side == rules.side_of(LEARNER) else _("The bots")
    return seat_name(rules, side)


def _lower(name: str) -> str:
    """A seat's name inside a sentence ("you", "the bot")."""
    return name[0].lower() + name[1:]


def _cap(text: str) -> str:
    """A sentence with its first letter capitalised (after an opening bracket),
    for sentences that may begin with a seat's name told in lower case."""
    start = 1 if text.startswith("(") else 0
    return text[:start] + text[start:start + 1].upper() + text[start + 1:]


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
    #: Its place at the table as labelled there ("Bot"; "Left bot", "Partner", "Right bot").
    label: str = ""


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
        return pgettext("under a card", _SHORT_NAMES[seat_kind(self.rules, seat)])

    @property
    def discard_legend(self) -> str:
        """What the learner's discard is for ("Choose 2 for your crib")."""
        n = self.decision.discards if self.decision is not None else self.rules.discards
        if self.dealer is None or self.dealer == LEARNER:
            return ngettext("Choose %(num)d for your crib", "Choose %(num)d for your crib", n)
        whose = seat_of(self.rules, self.dealer).replace("'", "’")
        return ngettext("Choose %(num)d for %(whose)s crib", "Choose %(num)d for %(whose)s crib", n, whose=whose)

    @property
    def crib_label(self) -> str:
        """Whose crib lies on the table ("Your crib", "bot’s crib"; "Crib" before the deal)."""
        if self.dealer is None:
            return _("Crib")
        return _(_CRIBS[seat_kind(self.rules, self.dealer)])

    @property
    def title(self) -> str:
        """The page's title."""
        return _("Game %(number)d against the %(level)s bot", number=self.game_id, level=against_level(self.level))

    @property
    def side_labels(self) -> tuple[str, ...]:
        """Each side as the score line names it."""
        return side_labels(self.rules, self.level)


def side_labels(rules: Rules, level: str) -> tuple[str, ...]:
    """Each side as a score line names it ("You", "Easy bot"; "You + partner", "Bots")."""
    if rules.players == 2:
        return (pgettext("side", "You"), bot_label(level))
    if rules.partnerships:
        return (_("You + partner"), pgettext("side", "Bots"))
    return (pgettext("side", "You"), pgettext("side", "Left bot"), pgettext("side", "Right bot"))


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
_WORTH = {"play": NC_("is worth", "card"), "hand": NC_("is worth", "hand"), "crib": NC_("is worth", "crib")}


def _points_text(event: Points) -> str:
    english = _REASONS.get(event.reason)
    if english is not None:
        return _(english)
    if isinstance(event.reason, ScoreKind):
        return _("for %(reason)s", reason=words.kind_name(event.reason))
    return _("for the claim")


def _worth(what: str) -> str:
    return pgettext("is worth", _WORTH.get(what, "hand"))


def _actor(rules: Rules, seat: int | None) -> str:
    if seat is None:
        return ""
    if seat == LEARNER:
        return "you"
    if rules.partnerships:
        return "partner" if seat == 2 else "bot"
    return "bot2" if seat == 2 else "bot"  # the right bot of three, in its peg's colour


def _cut_for_deal(rules: Rules, event: CutForDeal) -> Happening:
    cuts = ", ".join(
        _("you cut %(card)s", card=words.face(c)) if s == LEARNER
        else _("%(who)s cut %(card)s", who=_lower(seat_name(rules, s)), card=words.face(c))
        for s, c in enumerate(event.cuts)
    )
    if event.dealer is None:
        return Happening(_cap(_("%(cuts)s: a tie, cut again.", cuts=cuts)), "")
    if event.dealer == LEARNER:
        return Happening(_cap(_("%(cuts)s: the lowest card deals, so you deal.", cuts=cuts)), "")
    dealer = _lower(seat_name(rules, event.dealer))
    return Happening(_cap(_("%(cuts)s: the lowest card deals, so %(dealer)s deals.", cuts=cuts, dealer=dealer)), "")


def _dealt(rules: Rules, event: Dealt) -> Happening:
    if event.dealer == LEARNER:
        whose = _("You deal: the crib is yours.")
    elif rules.partnerships and rules.side_of(event.dealer) == rules.side_of(LEARNER):
        whose = _("Your partner deals: the crib is your side's.")
    else:
        whose = _cap(_("%(who)s deals: the crib is %(whose)s.", who=_lower(seat_name(rules, event.dealer)),
                       whose=seat_of(rules, event.dealer)))
    if event.deal_number == 1:
        first = _("(You cut the lowest card for the deal.)") if event.dealer == LEARNER else \
            _("(%(who)s cut the lowest card for the deal.)", who=seat_name(rules, event.dealer))
        whose = f"{whose} {first}"
    return Happening(_("Deal %(number)d. %(whose)s", number=event.deal_number, whose=whose), "")


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
        mine = seat == LEARNER
        if isinstance(event, CutForDeal):
            return _cut_for_deal(rules, event)
        if isinstance(event, Dealt):
            return _dealt(rules, event)
        if isinstance(event, Discarded):
            if mine:
                return Happening(_("You laid %(cards)s away to the crib.", cards=words.faces(event.cards)), actor)
            return Happening(ngettext("%(who)s laid its card away to the crib.", "%(who)s laid its cards away to the crib.",
                                      rules.discards, who=who), actor)
        if isinstance(event, StarterCut):
            return Happening(_("The starter is turned: %(card)s.", card=words.face(event.starter)), "")
        if isinstance(event, Played):
            if mine:
                return Happening(_("You played %(card)s: count %(count)d.", card=words.face(event.card),
                                   count=event.count), actor)
            return Happening(_("%(who)s played %(card)s: count %(count)d.", who=who, card=words.face(event.card),
                               count=event.count), actor)
        if isinstance(event, Go):
            if mine:
                return Happening(_("No card of yours fits under 31 (count %(count)d): Go.", count=event.count), actor,
                                 sound="go")
            return Happening(_("%(who)s has no card that fits under 31 (count %(count)d): Go.", who=who,
                               count=event.count), actor, sound="go")
        if isinstance(event, CountReset):
            return Happening(_("The count starts again from 0."), "")
        if isinstance(event, PlayEnded):
            return Happening(_("The play is over: now the show."), "")
        if isinstance(event, Shown):
            if mine:
                text = _("You show your crib.") if event.is_crib else _("You show your hand.")
            else:
                text = _("%(who)s shows its crib.", who=who) if event.is_crib else _("%(who)s shows its hand.", who=who)
            return Happening(text, actor)
        if isinstance(event, Claimed):
            self.claim, self.pegged = event, 0
            return Happening(self._claimed(event, who), actor)
        if isinstance(event, Points):
            return self._points(event, who, actor)
        if isinstance(event, MugginsCalled):
            return self._muggins(event, who, actor)
        if isinstance(event, MugginsPassed):
            claim = self.claim
            if claim is not None and self.pegged is not None and self.pegged < claim.points:
                return None  # an over-claim: there was nothing to call, and the line above said so
            if mine:
                return Happening(_("You let %(whose)s claim stand.", whose=seat_of(rules, event.claimant)), actor)
            if event.claimant == LEARNER:
                return Happening(_("%(who)s lets your claim stand.", who=who), actor)
            return Happening(_("%(who)s lets %(whose)s claim stand.", who=who, whose=seat_of(rules, event.claimant)),
                             actor)
        if isinstance(event, TrueCount):
            return self._true_count(event)
        if isinstance(event, GameOver):
            outcome = event.winner
            if rules.partnerships:
                won = rules.side_of(LEARNER) == outcome
                return Happening(_("Your side wins the game!") if won else _("The bots win the game."), "")
            if outcome == LEARNER:
                return Happening(_("You win the game!"), "")
            return Happening(_("%(who)s wins the game.", who=seat_name(rules, outcome)), "")
        return None

    @staticmethod
    def _claimed(event: Claimed, who: str) -> str:
        n = event.points
        if event.player == LEARNER:
            if event.what == "play":
                return ngettext("You claim %(num)d for your card.", "You claim %(num)d for your card.", n)
            if event.what == "crib":
                return ngettext("You claim %(num)d for your crib.", "You claim %(num)d for your crib.", n)
            return ngettext("You claim %(num)d for your hand.", "You claim %(num)d for your hand.", n)
        if event.what == "play":
            return ngettext("%(who)s claims %(num)d for its card.", "%(who)s claims %(num)d for its card.", n, who=who)
        if event.what == "crib":
            return ngettext("%(who)s claims %(num)d for its crib.", "%(who)s claims %(num)d for its crib.", n, who=who)
        return ngettext("%(who)s claims %(num)d for its hand.", "%(who)s claims %(num)d for its hand.", n, who=who)

    def _muggins(self, event: MugginsCalled, who: str, actor: str) -> Happening:
        if event.points == 0:
            if event.player == LEARNER:
                return Happening(_("You called muggins, but nothing was missed."), actor)
            return Happening(_("%(who)s called muggins, but nothing was missed.", who=who), actor)
        n = event.points
        victim = _lower(seat_name(self.rules, event.claimant))
        if event.player == LEARNER:
            text = ngettext("Muggins! You take %(num)d that %(victim)s missed.",
                            "Muggins! You take %(num)d that %(victim)s missed.", n, victim=victim)
        elif event.claimant == LEARNER:
            text = ngettext("Muggins! %(who)s takes %(num)d that you missed.",
                            "Muggins! %(who)s takes %(num)d that you missed.", n, who=who)
        else:
            text = ngettext("Muggins! %(who)s takes %(num)d that %(victim)s missed.",
                            "Muggins! %(who)s takes %(num)d that %(victim)s missed.", n, who=who, victim=victim)
        return Happening(text, actor, sound="muggins")

    def _points(self, event: Points, who: str, actor: str) -> Happening:
        mine = event.player == LEARNER
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
                return Happening(text, actor, n, sound="peg")
            if mine:
                text = ngettext("You peg %(num)d as claimed.", "You peg %(num)d as claimed.", n)
            else:
                text = ngettext("%(who)s pegs %(num)d as claimed.", "%(who)s pegs %(num)d as claimed.", n, who=who)
            return Happening(text, actor, n, sound="peg")
        reason = _points_text(event)
        if mine:
            text = ngettext("You peg %(num)d %(reason)s.", "You peg %(num)d %(reason)s.", n, reason=reason)
        else:
            text = ngettext("%(who)s pegs %(num)d %(reason)s.", "%(who)s pegs %(num)d %(reason)s.", n, who=who,
                            reason=reason)
        return Happening(text, actor, n, sound="peg")

    def _true_count(self, event: TrueCount) -> Happening | None:
        self.claim = None
        if event.claimed > event.total:
            if event.total == 0:
                worth = _worth(event.what)
                if event.player == LEARNER:
                    text = _("You claimed %(claimed)d; the %(what)s is worth nothing: 0 pegged.",
                             claimed=event.claimed, what=worth)
                else:
                    text = _("%(who)s claimed %(claimed)d; the %(what)s is worth nothing: 0 pegged.",
                             who=seat_name(self.rules, event.player), claimed=event.claimed, what=worth)
                return Happening(text, "")
            return None  # said when the true count was pegged
        if event.claimed < event.total:
            return Happening(_("The true count was %(total)d (claimed %(claimed)d).", total=event.total,
                               claimed=event.claimed), "")
        return Happening(_("The true count was %(total)d: exact.", total=event.total), "")


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
        show = ShowPanel(**values, title=_show_title(rules, state.show.owner, state.show.is_crib),
                         muggins_text=_muggins_taken(rules, state.show))
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
        SeatView(seat, seat_name(rules, seat), state.hand_sizes[seat], rules.side_of(seat),
                 pgettext("seat label", _SEAT_LABELS[seat_kind(rules, seat)]))
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


def _show_title(rules: Rules, owner: int, is_crib: bool) -> str:
    """The title of a hand or crib in the show ("Your hand", "The bot's crib")."""
    if owner == LEARNER:
        return _("Your crib") if is_crib else _("Your hand")
    whose = seat_of(rules, owner)
    return _cap(_("%(whose)s crib", whose=whose) if is_crib else _("%(whose)s hand", whose=whose))


def _muggins_taken(rules: Rules, show: ShowState) -> str:
    """What muggins took from a count, as the show panel says it."""
    n = show.muggins_taken
    if not n or show.muggins_by is None:
        return ""
    if show.muggins_by == LEARNER:
        return ngettext("Muggins! You take %(num)d point.", "Muggins! You take %(num)d points.", n)
    return ngettext("Muggins! %(who)s takes %(num)d point.", "Muggins! %(who)s takes %(num)d points.", n,
                    who=seat_name(rules, show.muggins_by))


def _turn_text(game: Game, state: TableState, log: Sequence[Event], seen: int, decision: Decision | None) -> str:
    rules = game.rules
    if decision is not None and decision.kind == "go":
        return _("No card of yours fits under 31 (the count is %(count)d): say Go.", count=state.count)
    if seen < len(log):
        following = log[seen]
        if isinstance(following, Dealt):
            return _("The deal is over: press Next deal when you are ready.")
        if isinstance(following, Shown) and state.show is not None:
            owner, crib = state.show.owner, state.show.is_crib
            if owner == LEARNER:
                return _("That was your crib: press Next for the next count.") if crib else \
                    _("That was your hand: press Next for the next count.")
            whose = seat_of(rules, owner)
            return _("That was %(whose)s crib: press Next for the next count.", whose=whose) if crib else \
                _("That was %(whose)s hand: press Next for the next count.", whose=whose)
        return _("Press Continue to see what happened next.")
    if decision is None:
        return _("The bots are thinking.") if rules.players > 2 else _("The bot is thinking.")
    dealer = game.dealer or 0
    kind = decision.kind
    if kind == "over":
        return _("The game is over.")
    if kind == "discard":
        n = decision.discards
        if dealer == LEARNER:
            return ngettext("Your turn: choose %(num)d card for your crib.",
                            "Your turn: choose %(num)d cards for your crib.", n)
        return ngettext("Your turn: choose %(num)d card for %(whose)s crib.",
                        "Your turn: choose %(num)d cards for %(whose)s crib.", n, whose=seat_of(rules, dealer))
    if kind == "cut":
        return _cap(_("%(who)s dealt: cut the pack for the starter.", who=_lower(seat_name(rules, dealer))))
    if kind == "play":
        return _("Your turn to play a card.")
    if kind == "claim":
        if decision.claim_what == "play":
            return _("Count your play points for that card.")
        return _("Count your crib.") if decision.claim_what == "crib" else _("Count your hand.")
    return _("%(who)s has claimed: call muggins if anything was missed.", who=decision.claimant)
