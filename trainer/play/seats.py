"""Who sits where: each seat of a game holds a person (a learner) or a bot of a
level, and every page names the seats from the chair of the person looking.

A :class:`Sitter` is who sits in one seat; a :class:`Seating` is the table seen
from one seat, the *viewer*.  Play moves left, so from the viewer's chair the
next seat sits on their left and the last on their right; with four players
the seat opposite is their partner.  At a bigger table (four each for
themselves, five, six) the other seats are numbered round to the viewer's
left ("Bot 1" on their left), a partner too when they have two ("Partner 2");
a team of bots is named by its seats ("Bot 1 + Bot 4").  Pages are drawn from the viewer's chair:
a seat's *place* is how far round to the left of the viewer it sits (the
viewer's own place is 0), and sides are listed from the viewer's own, so the
viewer is always first on the score line, whichever seat they hold.

>>> from engine.rules import FOUR_PLAYER, THREE_PLAYER
>>> seating = Seating(THREE_PLAYER, (Sitter.bot(Level.EASY), Sitter.person(7, "Ann"), Sitter.bot(Level.EASY)), 1)
>>> [seating.name(seat) for seat in range(3)], seating.place(0), seating.seat_at(1)
(['The right bot', 'You', 'The left bot'], 2, 2)
>>> partners = Seating(FOUR_PLAYER, (Sitter.person(7, "Ann"),) + (Sitter.bot(Level.EASY),) * 3, 0)
>>> [partners.name(seat) for seat in range(4)]
['You', 'The left bot', 'Your partner', 'The right bot']
>>> from engine.rules import SIX_PLAYER_THREE_TEAMS, SIX_PLAYER_TWO_TEAMS
>>> six = Seating(SIX_PLAYER_TWO_TEAMS, (Sitter.person(7, "Ann"),) + (Sitter.bot(Level.EASY),) * 5, 0)
>>> [six.name(seat) for seat in range(6)], six.side_labels()
(['You', 'Bot 1', 'Partner 2', 'Bot 3', 'Partner 4', 'Bot 5'], ('You + partners', 'Bots'))
>>> three = Seating(SIX_PLAYER_THREE_TEAMS, (Sitter.bot(Level.EASY),) * 4 + (Sitter.person(7, "Ann"), Sitter.bot(Level.EASY)), 4)
>>> [three.name(seat) for seat in range(6)], three.side_labels()
(['Bot 2', 'Your partner', 'Bot 4', 'Bot 5', 'You', 'Bot 1'], ('You + partner', 'Bot 1 + Bot 4', 'Bot 2 + Bot 5'))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence, TypeVar

from engine.bots.levels import Level
from engine.rules import Rules
from trainer.language.i18n import N_, NC_, pgettext, translated_name
from trainer.language.i18n import gettext as _

_T = TypeVar("_T")


class SeatKind(StrEnum):
    """Where a seat sits from the viewer's chair."""

    YOU = "you"
    #: The one other seat of a two-player game.
    BOT = "bot"
    PARTNER = "partner"
    LEFT = "left"
    RIGHT = "right"
    #: Another seat of a bigger table, by its place round to the viewer's left ("Bot 3").
    NUMBERED = "numbered"
    #: One of two partners (six players as two teams of three), by its place ("Partner 2").
    NUMBERED_PARTNER = "numbered partner"


class Actor(StrEnum):
    """Whose line of "what just happened" it is, as the page colours it (the value is its class)."""

    YOU = "you"
    #: The other player of two, a seat of the other side, or the left seat of three.
    OTHER = "bot"
    PARTNER = "partner"
    #: The right seat of three, in its peg's colour.
    RIGHT = "bot2"
    #: The table itself: the deal, the starter, the count starting again.
    TABLE = ""


@dataclass(frozen=True, slots=True)
class Sitter:
    """Who sits in a seat: a learner (``learner_id``, named ``name`` to the others),
    a bot of ``level`` (``miss_rate``: its under-count rate under muggins, None for
    its level's documented one), or nobody (a person who left: the game waits)."""

    learner_id: int | None = None
    level: Level | None = None
    miss_rate: float | None = None
    name: str = ""

    @classmethod
    def person(cls, learner_id: int, name: str = "") -> "Sitter":
        return cls(learner_id=learner_id, name=name)

    @classmethod
    def bot(cls, level: Level, miss_rate: float | None = None) -> "Sitter":
        return cls(level=level, miss_rate=miss_rate)

    @property
    def is_bot(self) -> bool:
        return self.level is not None


#: How the table names each kind of seat, capitalised.
_SEAT_NAMES = {
    SeatKind.YOU: NC_("seat", "You"), SeatKind.BOT: NC_("seat", "The bot"), SeatKind.PARTNER: NC_("seat", "Your partner"),
    SeatKind.LEFT: NC_("seat", "The left bot"), SeatKind.RIGHT: NC_("seat", "The right bot"),
    SeatKind.NUMBERED: NC_("seat", "Bot %(number)d"), SeatKind.NUMBERED_PARTNER: NC_("seat", "Partner %(number)d"),
}
#: Whose: a seat's name as an owner inside a sentence ("the crib is the bot's"; Russian: the genitive).
_SEAT_OF = {
    SeatKind.BOT: NC_("of seat", "the bot's"), SeatKind.PARTNER: NC_("of seat", "your partner's"),
    SeatKind.LEFT: NC_("of seat", "the left bot's"), SeatKind.RIGHT: NC_("of seat", "the right bot's"),
    SeatKind.NUMBERED: NC_("of seat", "bot %(number)d's"), SeatKind.NUMBERED_PARTNER: NC_("of seat", "partner %(number)d's"),
}
#: A seat under the card it played.
_SHORT_NAMES = {
    SeatKind.YOU: NC_("under a card", "you"), SeatKind.BOT: NC_("under a card", "bot"),
    SeatKind.PARTNER: NC_("under a card", "partner"), SeatKind.LEFT: NC_("under a card", "left"),
    SeatKind.RIGHT: NC_("under a card", "right"), SeatKind.NUMBERED: NC_("under a card", "bot %(number)d"),
    SeatKind.NUMBERED_PARTNER: NC_("under a card", "partner %(number)d"),
}
#: Another seat as its place at the table is labelled.
_SEAT_LABELS = {
    SeatKind.BOT: NC_("seat label", "Bot"), SeatKind.PARTNER: NC_("seat label", "Partner"),
    SeatKind.LEFT: NC_("seat label", "Left bot"), SeatKind.RIGHT: NC_("seat label", "Right bot"),
    SeatKind.NUMBERED: NC_("seat label", "Bot %(number)d"), SeatKind.NUMBERED_PARTNER: NC_("seat label", "Partner %(number)d"),
}
#: The crib on the table, by its owner.
_CRIBS = {
    SeatKind.YOU: N_("Your crib"), SeatKind.BOT: N_("bot’s crib"), SeatKind.PARTNER: N_("Your partner’s crib"),
    SeatKind.LEFT: N_("left bot’s crib"), SeatKind.RIGHT: N_("right bot’s crib"),
    SeatKind.NUMBERED: N_("bot %(number)d’s crib"), SeatKind.NUMBERED_PARTNER: N_("partner %(number)d’s crib"),
}
#: The other side's bots, as a score line labels them (three players: each by its place).
_SIDE_BOTS = {SeatKind.LEFT: NC_("side", "Left bot"), SeatKind.RIGHT: NC_("side", "Right bot"),
              SeatKind.NUMBERED: NC_("side", "Bot %(number)d")}

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


def seat_kind(rules: Rules, viewer: int, seat: int) -> SeatKind:
    """Where ``seat`` sits from ``viewer``'s chair.

    >>> from engine.rules import FOUR_PLAYER_SOLO, SIX_PLAYER_THREE_TEAMS
    >>> [seat_kind(FOUR_PLAYER_SOLO, 0, seat).value for seat in range(4)]
    ['you', 'numbered', 'numbered', 'numbered']
    >>> seat_kind(SIX_PLAYER_THREE_TEAMS, 1, 4).value
    'partner'
    """
    place = (seat - viewer) % rules.players
    if place == 0:
        return SeatKind.YOU
    if rules.players == 2:
        return SeatKind.BOT
    if rules.partnerships and rules.side_of(seat) == rules.side_of(viewer):
        return SeatKind.PARTNER if len(rules.seats_of(rules.side_of(viewer))) == 2 else SeatKind.NUMBERED_PARTNER
    if rules.players > 3 and not (rules.players == 4 and rules.partnerships):
        return SeatKind.NUMBERED
    return SeatKind.LEFT if place == 1 else SeatKind.RIGHT


def default_sitters(rules: Rules, learner_id: int, level: Level, miss_rate: float | None = None,
                    seat: int = 0) -> tuple[Sitter, ...]:
    """A learner in ``seat`` and bots of ``level`` in every other seat."""
    return tuple(Sitter.person(learner_id) if other == seat else Sitter.bot(level, miss_rate)
                 for other in range(rules.players))


@dataclass(frozen=True, slots=True)
class Seating:
    """The table seen from ``viewer``'s seat: the rules, and who sits in each seat."""

    rules: Rules
    sitters: tuple[Sitter, ...]
    viewer: int

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def my_side(self) -> int:
        return self.rules.side_of(self.viewer)

    def place(self, seat: int) -> int:
        """How far round to the viewer's left ``seat`` sits (the viewer's own: 0)."""
        return (seat - self.viewer) % self.players

    def seat_at(self, place: int) -> int:
        """The seat at ``place`` from the viewer's chair."""
        return (self.viewer + place) % self.players

    def place_side(self, side: int) -> int:
        """A side counted from the viewer's own (0)."""
        return (side - self.my_side) % self.rules.sides

    def from_my_side(self, values: Sequence[_T]) -> tuple[_T, ...]:
        """Per-side values listed from the viewer's side, as the page shows them."""
        sides = self.rules.sides
        return tuple(values[(self.my_side + step) % sides] for step in range(sides))

    def kind(self, seat: int) -> SeatKind:
        return seat_kind(self.rules, self.viewer, seat)

    def is_person(self, seat: int) -> bool:
        return not self.sitters[seat].is_bot

    def _person(self, seat: int) -> str:
        """Another person's name (empty for the viewer, a bot, or a nameless seat)."""
        sitter = self.sitters[seat]
        return sitter.name if seat != self.viewer and not sitter.is_bot else ""

    def name(self, seat: int) -> str:
        """How the table names a seat, capitalised ("You", "The bot", "The left bot", "Your partner", "Bob")."""
        person = self._person(seat)
        return person or pgettext("seat", _SEAT_NAMES[self.kind(seat)], number=self.place(seat))

    def in_sentence(self, seat: int) -> str:
        """A seat's name inside a sentence ("you", "the bot", "Bob")."""
        name = self.name(seat)
        return name if self._person(seat) else name[:1].lower() + name[1:]

    def owner(self, seat: int) -> str:
        """Another seat as the owner of something, inside a sentence ("the bot's";
        Russian «бота»).  Not for the viewer's seat: sentences say "your" themselves."""
        person = self._person(seat)
        if person:
            return pgettext("of person", "%(name)s's", name=person)
        return pgettext("of seat", _SEAT_OF[self.kind(seat)], number=self.place(seat))

    def short(self, seat: int) -> str:
        """A seat under the card it played: "you", "bot", "left", "partner", "right" (or a person's name)."""
        person = self._person(seat)
        return person or pgettext("under a card", _SHORT_NAMES[self.kind(seat)], number=self.place(seat))

    def label(self, seat: int) -> str:
        """Another seat as its place at the table is labelled ("Bot", "Left bot", "Partner", "Bob";
        a person who partners the viewer "Bob (partner)")."""
        kind = self.kind(seat)
        person = self._person(seat)
        if person and kind in (SeatKind.PARTNER, SeatKind.NUMBERED_PARTNER):
            return pgettext("seat label", "%(name)s (partner)", name=person)
        return person or pgettext("seat label", _SEAT_LABELS[kind], number=self.place(seat))

    def crib_label(self, dealer: int | None) -> str:
        """Whose crib lies on the table ("Your crib", "bot’s crib"; "Crib" before the deal)."""
        if dealer is None:
            return _("Crib")
        if self._person(dealer):
            return _("%(whose)s crib", whose=self.owner(dealer))
        return _(_CRIBS[self.kind(dealer)], number=self.place(dealer))

    def actor(self, seat: int | None) -> Actor:
        """Whose colour a line of "what just happened" takes."""
        if seat is None:
            return Actor.TABLE
        kind = self.kind(seat)
        if kind is SeatKind.YOU:
            return Actor.YOU
        if kind is SeatKind.PARTNER:
            return Actor.PARTNER
        if kind is SeatKind.RIGHT and not self.rules.partnerships:
            return Actor.RIGHT
        return Actor.OTHER

    @property
    def other_side_is_bots(self) -> bool:
        """Whether every seat of the other sides holds a bot."""
        return all(self.sitters[seat].is_bot for seat in range(self.players)
                   if self.rules.side_of(seat) != self.my_side)

    def team(self, side: int) -> tuple[int, ...]:
        """A team's seats in the order they sit round to the viewer's left."""
        return tuple(sorted(self.rules.seats_of(side), key=self.place))

    def side_name(self, side: int) -> str:
        """The name of a side's score: a seat's, or a team's ("You and your partner", "The bots",
        with three teams "Bot 1 and bot 4")."""
        if self.rules.partnerships:
            if side == self.my_side:
                return _("You and your partner") if len(self.team(side)) == 2 else _("You and your partners")
            if self.rules.sides > 2:
                first, second = self.team(side)  # three teams are of two
                return _("%(first)s and %(second)s", first=self.name(first), second=self.in_sentence(second))
            return _("The bots") if self.other_side_is_bots else _("Your opponents")
        return self.name(side)

    def side_names(self) -> tuple[str, ...]:
        """Each side's name, the viewer's first."""
        return self.from_my_side([self.side_name(side) for side in range(self.rules.sides)])

    def side_labels(self) -> tuple[str, ...]:
        """Each side as a score line names it, the viewer's first ("You", "Easy bot"; "You + partner", "Bots")."""
        rules = self.rules
        if rules.partnerships:
            mine = _("You + partner") if len(self.team(self.my_side)) == 2 else _("You + partners")
            if rules.sides > 2:  # each other team by its seats ("Bot 1 + Bot 4")
                return (mine,) + tuple(" + ".join(self.label(seat) for seat in self.team(side))
                                       for side in self.from_my_side(range(rules.sides))[1:])
            others = pgettext("side", "Bots") if self.other_side_is_bots else pgettext("side", "Opponents")
            return (mine, others)
        labels = []
        for place in range(self.players):
            seat = self.seat_at(place)
            sitter = self.sitters[seat]
            if place == 0:
                labels.append(pgettext("side", "You"))
            elif self._person(seat):
                labels.append(self._person(seat))
            elif rules.players == 2:
                labels.append(bot_label(sitter.level.value if sitter.level else ""))
            else:
                labels.append(pgettext("side", _SIDE_BOTS[self.kind(seat)], number=place))
        return tuple(labels)
