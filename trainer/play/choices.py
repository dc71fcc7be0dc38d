"""What the host of a game chooses: the game (a :class:`Variant` and its rules),
its length, the way the show is counted, and at a table of people the clock
(:class:`TableClock`); a :class:`GameSetup` holds one choice of each, and every
label the set-up form and the list of games show.

>>> GameSetup(Level.EASY, length="61").rules().target
61
>>> GameSetup(variant="three-player").rules().players
3
>>> GameSetup(variant="nine-card")
Traceback (most recent call last):
...
trainer.play.moves.GameActionError: Choose one of the games offered: six-, five- or seven-card, or three to six players.
>>> [GameSetup(variant="six-3-teams", length=length).rules().skunk_lines for length in ("91", "241")]
[(61, 31), (211, 181, 151)]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence

from engine.bots.levels import Level
from engine.game import Action
from engine.rules import (
    FIVE_CARD,
    FIVE_PLAYER,
    FOUR_PLAYER,
    FOUR_PLAYER_SOLO,
    FREE_PLAY,
    SEVEN_CARD,
    SIX_PLAYER,
    SIX_PLAYER_THREE_TEAMS,
    SIX_PLAYER_TWO_TEAMS,
    STANDARD,
    THREE_PLAYER,
    Counting,
    Rules,
)
from trainer.language.i18n import N_, NC_, ngettext, translated_name
from trainer.language.i18n import gettext as _
from trainer.play.moves import GameActionError

#: Match points that win a match (free-play convention: 1 a game, 2 a skunk).
MATCH_POINTS = 3


class Variant(StrEnum):
    """A game the set-up form offers, by its name (saved in ``saved_game.variant``,
    twelve characters; "four-player" keeps its name: saved games read it back).

    >>> Variant("six-3-teams") is Variant.SIX_THREE_TEAMS and Variant.SIX_CARD == "six-card"
    True
    """

    SIX_CARD = "six-card"
    FIVE_CARD = "five-card"
    SEVEN_CARD = "seven-card"
    THREE_PLAYER = "three-player"
    FOUR_PLAYER = "four-player"
    FOUR_EACH = "four-each"
    FIVE_PLAYER = "five-player"
    SIX_PLAYER = "six-player"
    SIX_TWO_TEAMS = "six-2-teams"
    SIX_THREE_TEAMS = "six-3-teams"


#: The rules of each game offered: every table of RULES.md §4, the learner in
#: one seat and bots or people in the others.  Three players: each for
#: themselves (five cards each, one to the crib from the deck, to 61); four
#: players: partners sitting opposite (to 121), or each for themselves; five
#: and six players (seed 004's playroom) each for themselves, and six as two
#: teams of three or three teams of two, seated so the teams alternate.
VARIANTS: dict[str, Rules] = {
    Variant.SIX_CARD: STANDARD, Variant.FIVE_CARD: FIVE_CARD, Variant.SEVEN_CARD: SEVEN_CARD,
    Variant.THREE_PLAYER: THREE_PLAYER, Variant.FOUR_PLAYER: FOUR_PLAYER, Variant.FOUR_EACH: FOUR_PLAYER_SOLO,
    Variant.FIVE_PLAYER: FIVE_PLAYER, Variant.SIX_PLAYER: SIX_PLAYER, Variant.SIX_TWO_TEAMS: SIX_PLAYER_TWO_TEAMS,
    Variant.SIX_THREE_TEAMS: SIX_PLAYER_THREE_TEAMS,
}


class Length(StrEnum):
    """A length the set-up form offers (seed 004's playroom: 61, 91, 121 and 241
    for every table), or the game's own (121; three players' 61; seven-card's 181).

    >>> [Length(text).target(VARIANTS[Variant.SEVEN_CARD]) for text in ("own", "61")]
    [181, 61]
    """

    OWN = "own"
    TO_61 = "61"
    TO_91 = "91"
    TO_121 = "121"
    TO_241 = "241"

    def target(self, rules: Rules) -> int:
        """The points a game of ``rules`` is played to at this length."""
        return rules.target if self is Length.OWN else int(self.value)


#: The lengths in the order the set-up form offers them.
LENGTHS = tuple(Length)

#: Each game as the set-up form offers it, and as a list of games names it.
VARIANT_WORDS: dict[str, tuple[str, str]] = {
    Variant.SIX_CARD: (NC_("variant", "Six-card"), NC_("variant name", "six-card")),
    Variant.FIVE_CARD: (NC_("variant", "Five-card"), NC_("variant name", "five-card")),
    Variant.SEVEN_CARD: (NC_("variant", "Seven-card"), NC_("variant name", "seven-card")),
    Variant.THREE_PLAYER: (NC_("variant", "Three players"), NC_("variant name", "three-player")),
    Variant.FOUR_PLAYER: (NC_("variant", "Four players (partners)"), NC_("variant name", "four-player")),
    Variant.FOUR_EACH: (NC_("variant", "Four players, each for themselves"),
                        NC_("variant name", "four-player (each for themselves)")),
    Variant.FIVE_PLAYER: (NC_("variant", "Five players"), NC_("variant name", "five-player")),
    Variant.SIX_PLAYER: (NC_("variant", "Six players, each for themselves"), NC_("variant name", "six-player")),
    Variant.SIX_TWO_TEAMS: (NC_("variant", "Six players, two teams of three"),
                            NC_("variant name", "six-player (two teams)")),
    Variant.SIX_THREE_TEAMS: (NC_("variant", "Six players, three teams of two"),
                              NC_("variant name", "six-player (three teams)")),
}
VARIANT_LABELS = {variant: label for variant, (label, _name) in VARIANT_WORDS.items()}
VARIANT_NAMES = {variant: name for variant, (_label, name) in VARIANT_WORDS.items()}
#: Each way of counting the show, as the set-up form offers it and as a list of games names it.
COUNTING_LABELS = {
    Counting.AUTOMATIC.value: NC_("counting", "Automatic"), Counting.MUGGINS.value: NC_("counting", "Muggins"),
    Counting.STRICT_MUGGINS.value: NC_("counting", "Strict muggins"),
}
COUNTING_NAMES = {
    Counting.AUTOMATIC.value: NC_("counting name", "automatic"), Counting.MUGGINS.value: NC_("counting name", "muggins"),
    Counting.STRICT_MUGGINS.value: NC_("counting name", "strict muggins"),
}


def variant_label(variant: str) -> str:
    """A game as the set-up form offers it ("Six-card", "Three players")."""
    return translated_name("variant", VARIANT_LABELS, variant, variant.capitalize())


def variant_name(variant: str) -> str:
    """A game as a list of games names it ("six-card", "three-player")."""
    return translated_name("variant name", VARIANT_NAMES, variant, variant)


#: Each length as the set-up form offers it.
LENGTH_LABELS: dict[str, str] = {
    Length.OWN: N_("The game’s own"), Length.TO_61: N_("61 (one lap)"), Length.TO_91: N_("91 (a lap and a half)"),
    Length.TO_121: N_("121 (two laps)"), Length.TO_241: N_("241 (four laps)"),
}


def length_label(length: str) -> str:
    """A length as the set-up form offers it ("121 (two laps)")."""
    english = LENGTH_LABELS.get(length)
    return _(english) if english else length


def counting_label(counting: str) -> str:
    """A way of counting as the set-up form offers it ("Automatic", "Strict muggins")."""
    return translated_name("counting", COUNTING_LABELS, counting, counting.capitalize())


def counting_name(counting: str) -> str:
    """A way of counting as a list of games names it ("automatic", "strict muggins")."""
    return translated_name("counting name", COUNTING_NAMES, counting, counting)


def limit_label(seconds: int | None) -> str:
    """A limit of the host's clock in words ("2 minutes", "30 seconds", "no limit")."""
    if seconds is None:
        return _("No limit")
    if seconds % 60 == 0:
        return ngettext("%(num)d minute", "%(num)d minutes", seconds // 60)
    return ngettext("%(num)d second", "%(num)d seconds", seconds)


def read_limit(raw: str | None, offered: Sequence[int | None], default: int | None) -> int | None:
    """One of the ``offered`` limits from a form ("none": no limit; missing: ``default``);
    :class:`GameActionError` for any other."""
    if raw is None or raw == "":
        return default
    for limit in offered:
        if raw == ("none" if limit is None else str(limit)):
            return limit
    raise GameActionError(_("Choose one of the time limits offered."))





def variant_of(name: str) -> Variant:
    """The game a set-up names; a clear :class:`GameActionError` for one not offered."""
    try:
        return Variant(name)
    except ValueError:
        raise GameActionError(
            _("Choose one of the games offered: six-, five- or seven-card, or three to six players.")
        ) from None


def length_of(name: str) -> Length:
    """The length a set-up names; a clear :class:`GameActionError` for one not offered."""
    try:
        return Length(name)
    except ValueError:
        raise GameActionError(_("Choose a game to 61, 91, 121 or 241, or the game's own length.")) from None


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything chosen on the set-up form; a clear :class:`GameActionError`
    for a variant or length the trainer does not offer."""

    level: Level = Level.EASY
    variant: Variant = Variant.SIX_CARD
    length: Length = Length.OWN
    counting: Counting = Counting.AUTOMATIC
    pegging_muggins: bool = False
    skunks: bool = True
    match: bool = False
    #: Lowball: the first to reach the target loses (two players, automatic counting).
    giveaway: bool = False
    #: A practice game: the learner may take a move back (:class:`TakeBack`), so it
    #: is *unrated*: none of it goes to their record (no attempts) or to the
    #: statistics of their games.  A single game against bots (not in a match).
    practice: bool = False

    def __post_init__(self) -> None:
        # A name given as text (a saved game's, a test's) becomes its value, or a message.
        object.__setattr__(self, "variant", variant_of(self.variant))
        object.__setattr__(self, "length", length_of(self.length))
        if self.giveaway and VARIANTS[self.variant].players != 2:
            raise GameActionError(_("Giveaway is a two-player game: choose six-, five- or seven-card for it."))
        if self.giveaway and self.counting.is_muggins:
            # Nobody claims a point they are trying to avoid, and nobody calls
            # muggins to take points: giveaway is played with the hands counted.
            raise GameActionError(
                _("Giveaway is played with automatic counting: under muggins nobody would claim a point.")
            )
        if self.practice and self.match:
            raise GameActionError(_("A practice game is a single game: a match keeps its score."))

    def rules(self) -> Rules:
        base = VARIANTS[self.variant]
        target = self.length.target(base)
        return base.to_target(target, skunks=self.skunks).with_options(
            counting=self.counting,
            pegging_muggins=self.pegging_muggins,
            convention=FREE_PLAY,
            giveaway=self.giveaway,
        )


@dataclass(frozen=True, slots=True)
class TableClock:
    """The host's clock at a table of people, in seconds (None: no limit).

    ``away_after``: when the table has waited that long on a person (no move
    since the last one anyone made), a bot of :data:`STAND_IN` plays for them,
    and goes on playing for them until they come back (:func:`come_back`).
    ``call_within``: under muggins, how long the people who may call it have
    before the count stands (each of them passes; RULES.md §8).

    >>> TableClock().waits_for(Action.MUGGINS), TableClock().waits_for(Action.PLAY)
    (30, 120)
    >>> TableClock(call_within=None).waits_for(Action.MUGGINS)
    120
    """

    away_after: int | None = 120
    call_within: int | None = 30

    def waits_for(self, action: Action) -> int | None:
        """How long the table waits on a person to take ``action`` (None: for ever)."""
        if action is Action.MUGGINS and self.call_within is not None:
            return self.call_within
        return self.away_after


#: The limits a host may choose (seconds; None: none); :class:`TableClock`'s are the defaults.
AWAY_LIMITS: tuple[int | None, ...] = (60, 120, 300, 900, None)
CALL_LIMITS: tuple[int | None, ...] = (15, 30, 60, None)
#: The level of the bot that plays for a person who is away.
STAND_IN = Level.MEDIUM
