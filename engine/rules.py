"""The rules a game is played under, as one immutable value (RULES.md §3-§4).

Every variant is the same state machine driven by a :class:`Rules` value; the
presets are just values.  Where RULES.md is silent the American Cribbage
Congress (ACC) rules apply, and the docstrings say so.

>>> STANDARD.target, STANDARD.kept, STANDARD.crib_size
(121, 4, 4)
>>> FIVE_CARD.kept, FIVE_CARD.pone_start_bonus, FIVE_CARD.play_stops_at_first_reset
(3, 3, True)
>>> THREE_PLAYER.players, THREE_PLAYER.cards_to_crib, THREE_PLAYER.target
(3, 1, 61)
>>> [FOUR_PLAYER.side_of(seat) for seat in range(4)], [SIX_PLAYER_THREE_TEAMS.side_of(seat) for seat in range(6)]
([0, 1, 0, 1], [0, 1, 2, 0, 1, 2])
>>> SIX_PLAYER.hand_size_of(seat=0, dealer=0), SIX_PLAYER.hand_size_of(seat=1, dealer=0), SIX_PLAYER.crib_size
(5, 6, 5)
>>> STANDARD.skunk_level(90), STANDARD.skunk_level(60), STANDARD.skunk_level(30), STANDARD.skunk_level(91)
(<Skunk.SKUNK: 1>, <Skunk.DOUBLE: 2>, <Skunk.TRIPLE: 3>, <Skunk.NONE: 0>)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import IntEnum, StrEnum
from typing import Any


class Counting(StrEnum):
    """Who counts the show (RULES.md §3)."""

    AUTOMATIC = "automatic"
    #: Players claim their own counts; missed points may be taken by an opponent
    #: who calls muggins; an over-claim is corrected to the true count.
    MUGGINS = "muggins"
    #: Every point over- or under-claimed goes to the opponent at once.
    STRICT_MUGGINS = "strict muggins"

    @property
    def is_muggins(self) -> bool:
        return self is not Counting.AUTOMATIC


class Skunk(IntEnum):
    """How badly the game was lost: none, skunk (lurch), double, triple."""

    NONE = 0
    SKUNK = 1
    DOUBLE = 2
    TRIPLE = 3

    def __str__(self) -> str:
        return _SKUNK_NAMES[self]


_SKUNK_NAMES = {Skunk.NONE: "no skunk", Skunk.SKUNK: "skunk", Skunk.DOUBLE: "double skunk", Skunk.TRIPLE: "triple skunk"}


@dataclass(frozen=True, slots=True)
class MatchConvention:
    """Match points for a game won plainly or by each skunk level (RULES.md §3 table).

    >>> TOURNAMENT.points(Skunk.DOUBLE), FREE_PLAY_TRIPLE.points(Skunk.DOUBLE)
    (3, 4)
    """

    name: str
    win: int
    skunk: int
    double_skunk: int
    triple_skunk: int
    triple_skunk_wins_match: bool = False

    def points(self, skunk: Skunk) -> int:
        """The match points the winner earns for a game with this skunk level."""
        return (self.win, self.skunk, self.double_skunk, self.triple_skunk)[skunk]

    def __str__(self) -> str:
        return self.name


#: The American Cribbage Congress tournament convention: 2 a game, 3 for any skunk.
TOURNAMENT = MatchConvention("tournament", 2, 3, 3, 3)
LONG_MATCH = MatchConvention("long match", 3, 4, 4, 4)
#: RULES.md allows 3 or 4 for a double skunk in free play; this preset takes 3
#: (build your own :class:`MatchConvention` for 4).
FREE_PLAY = MatchConvention("free play", 1, 2, 3, 3)
FREE_PLAY_TRIPLE = MatchConvention("free play with triple skunk", 1, 2, 4, 4, triple_skunk_wins_match=True)
CONVENTIONS = {c.name: c for c in (TOURNAMENT, LONG_MATCH, FREE_PLAY, FREE_PLAY_TRIPLE)}


def skunk_lines_for(target: int) -> tuple[int, ...]:
    """The skunk lines of a game to ``target`` (RULES.md §3): 30, 60 and 90 points
    below it, as far as a line is above one point (losing with none is no line).

    >>> skunk_lines_for(61), skunk_lines_for(91), skunk_lines_for(121), skunk_lines_for(241)
    ((31,), (61, 31), (91, 61, 31), (211, 181, 151))
    """
    return tuple(line for line in (target - 30, target - 60, target - 90) if line > 1)


#: The targets the sources name (RULES.md §3: 61, 91, 121, 241; 181 for the seven-card game).
TARGETS = (61, 91, 121, 181, 241)
#: The skunk lines of a game to each target the sources name.
SKUNK_LINES: dict[int, tuple[int, ...]] = {target: skunk_lines_for(target) for target in TARGETS}


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that distinguishes one variant or house rule from another.

    ``skunk_lines`` are the scores the loser must stay below for a skunk,
    double and triple skunk, highest first (fewer lines, fewer levels).
    """

    name: str = "standard"
    players: int = 2
    hand_size: int = 6
    discards: int = 2
    #: Cards dealt from the pack straight into the crib (three players: one).
    cards_to_crib: int = 0
    #: Five and six players (seed 004): the dealer is dealt one card fewer and
    #: lays nothing away, so only the others' cards make the crib.
    dealer_keeps_dealt: bool = False
    #: Teams seated so they alternate: seat ``s`` plays for team ``s % teams``
    #: (0: each for themselves).  Four players as two teams are partners.
    teams: int = 0
    target: int = 121
    skunk_lines: tuple[int, ...] = SKUNK_LINES[121]
    convention: MatchConvention = TOURNAMENT
    counting: Counting = Counting.AUTOMATIC
    #: Under muggins, whether players also claim their points for each card played
    #: (ignored under automatic counting, where nothing is claimed).
    pegging_muggins: bool = False
    #: Lowball: the first to reach the target loses.
    giveaway: bool = False
    #: Points the pone pegs at the start of the game (five-card: 3).
    pone_start_bonus: int = 0
    #: Five-card: the play ends at the first 31 or go; the rest is not played.
    play_stops_at_first_reset: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise ValueError(f"players must be 2 to 6, not {self.players}")
        if not 0 < self.discards < self.hand_size:
            raise ValueError("each player must lay away at least one card and keep at least one")
        if self.crib_size not in (4, 5):
            raise ValueError(f"the crib must have four or five cards, these rules give it {self.crib_size}")
        if self.teams and (self.teams < 2 or self.players % self.teams or self.players // self.teams < 2):
            raise ValueError(f"{self.players} players cannot sit as {self.teams} teams of two or more")
        dealt = sum(self.hand_size_of(seat, 0) for seat in range(self.players))
        if dealt + self.cards_to_crib + 1 > 52:
            raise ValueError("not enough cards in one deck for this deal")
        if self.target < 1:
            raise ValueError("the target must be positive")
        if list(self.skunk_lines) != sorted(self.skunk_lines, reverse=True) or len(self.skunk_lines) > 3:
            raise ValueError("skunk lines go highest first, at most three of them")

    @property
    def kept(self) -> int:
        """Cards each player keeps for the play and the show."""
        return self.hand_size - self.discards

    @property
    def crib_size(self) -> int:
        laying_away = self.players - 1 if self.dealer_keeps_dealt else self.players
        return laying_away * self.discards + self.cards_to_crib

    def hand_size_of(self, seat: int, dealer: int) -> int:
        """The cards dealt to ``seat`` when ``dealer`` deals."""
        return self.kept if self.dealer_keeps_dealt and seat == dealer else self.hand_size

    def discards_of(self, seat: int, dealer: int) -> int:
        """The cards ``seat`` lays away to the crib when ``dealer`` deals (the dealer of five or six: none)."""
        return 0 if self.dealer_keeps_dealt and seat == dealer else self.discards

    @property
    def partnerships(self) -> bool:
        """Whether players sit in teams (partners with four) whose points add up."""
        return self.teams > 0

    @property
    def sides(self) -> int:
        """How many scores are kept: one per player, or one per team."""
        return self.teams or self.players

    def side_of(self, seat: int) -> int:
        """The score a seat's points go to (a team shares one; teams alternate round the table)."""
        return seat % self.teams if self.teams else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    def pone_of(self, dealer: int) -> int:
        """The player on the dealer's left: leads the play and shows first."""
        return (dealer + 1) % self.players

    def cutter_of(self, dealer: int) -> int:
        """Who cuts the starter: the pone with two players; with three or more the
        player on the dealer's left (seed 004, RULES.md §4), which is the pone too."""
        return self.pone_of(dealer)

    def peg_hole(self, score: int) -> int:
        """The hole a side's front peg stands in for ``score``.

        ACC: the game ends the moment a side reaches the target ("pegging
        out"), so a peg never goes past the game hole, although the log keeps
        every point counted (a 12-point hand pegged from 115 is still 12).

        >>> STANDARD.peg_hole(126), STANDARD.peg_hole(80)
        (121, 80)
        """
        return min(score, self.target)

    def skunk_level(self, loser_score: int) -> Skunk:
        """The skunk level for a game lost with this score."""
        level = sum(1 for line in self.skunk_lines if loser_score < line)
        return Skunk(level)

    def with_options(self, **changes: Any) -> "Rules":
        """A copy with some options changed, e.g. ``STANDARD.with_options(counting=Counting.MUGGINS)``."""
        return replace(self, **changes)

    def to_target(self, target: int, *, skunks: bool = True) -> "Rules":
        """A copy played to ``target``, with that target's skunk lines (none without skunks).

        >>> FIVE_PLAYER.to_target(241).skunk_lines
        (211, 181, 151)
        """
        return replace(self, target=target, skunk_lines=skunk_lines_for(target) if skunks else ())

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["skunk_lines"] = list(self.skunk_lines)
        data["convention"] = asdict(self.convention)
        data["counting"] = self.counting.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        data = dict(data)
        if "teams" not in data:  # saved before teams were data: four players were always partners
            data["teams"] = 2 if data["players"] == 4 else 0
        data["skunk_lines"] = tuple(data["skunk_lines"])
        data["convention"] = MatchConvention(**data["convention"])
        data["counting"] = Counting(data["counting"])
        return cls(**data)


STANDARD = Rules()
SHORT = Rules(name="short", target=61, skunk_lines=SKUNK_LINES[61])
FIVE_CARD = Rules(
    name="five-card",
    hand_size=5,
    target=61,
    skunk_lines=SKUNK_LINES[61],
    pone_start_bonus=3,
    play_stops_at_first_reset=True,
)
SEVEN_CARD = Rules(name="seven-card", hand_size=7, target=181, skunk_lines=SKUNK_LINES[181])
THREE_PLAYER = Rules(
    name="three players", players=3, hand_size=5, discards=1, cards_to_crib=1, target=61, skunk_lines=SKUNK_LINES[61]
)
FOUR_PLAYER = Rules(name="four players", players=4, hand_size=5, discards=1, teams=2)
#: Seed 004's playroom: four, five or six each for themselves, six in teams (RULES.md §4).
FOUR_PLAYER_SOLO = Rules(name="four players each", players=4, hand_size=5, discards=1)
FIVE_PLAYER = Rules(name="five players", players=5, hand_size=5, discards=1, dealer_keeps_dealt=True)
SIX_PLAYER = Rules(name="six players", players=6, hand_size=6, discards=1, dealer_keeps_dealt=True)
SIX_PLAYER_TWO_TEAMS = replace(SIX_PLAYER, name="six players, two teams", teams=2)
SIX_PLAYER_THREE_TEAMS = replace(SIX_PLAYER, name="six players, three teams", teams=3)

PRESETS: dict[str, Rules] = {
    r.name: r
    for r in (
        STANDARD, SHORT, FIVE_CARD, SEVEN_CARD, THREE_PLAYER, FOUR_PLAYER, FOUR_PLAYER_SOLO, FIVE_PLAYER,
        SIX_PLAYER, SIX_PLAYER_TWO_TEAMS, SIX_PLAYER_THREE_TEAMS,
    )
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning side, final scores, skunk level, match points.

    ``winner`` and ``scores`` are by side (a seat, or a partnership with four
    players).  ``reached`` is the side that reached the target: the winner,
    except in giveaway, where reaching it loses.
    """

    winner: int
    reached: int
    scores: tuple[int, ...]
    skunk: Skunk
    match_points: int
    wins_match: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "reached": self.reached,
            "scores": list(self.scores),
            "skunk": int(self.skunk),
            "skunk_name": str(self.skunk),
            "match_points": self.match_points,
            "wins_match": self.wins_match,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Outcome":
        return cls(
            winner=data["winner"],
            reached=data["reached"],
            scores=tuple(data["scores"]),
            skunk=Skunk(data["skunk"]),
            match_points=data["match_points"],
            wins_match=data["wins_match"],
        )


def decide_outcome(rules: Rules, scores: tuple[int, ...], reached: int) -> Outcome:
    """The outcome once side ``reached`` has reached the target.

    Normally that side wins and the skunk is judged on the best of the other
    scores (every opponent must be below the line, RULES.md §3).  In giveaway
    it loses; the winner is the lowest other score (ties to the lower side
    number), and there is no skunk: no source defines one in giveaway.

    >>> decide_outcome(STANDARD, (121, 80), reached=0)
    Outcome(winner=0, reached=0, scores=(121, 80), skunk=<Skunk.SKUNK: 1>, match_points=3, wins_match=False)
    >>> decide_outcome(STANDARD.with_options(giveaway=True), (95, 121), reached=1).winner
    0
    """
    others = [side for side in range(len(scores)) if side != reached]
    if rules.giveaway:
        winner = min(others, key=lambda side: (scores[side], side))
        skunk = Skunk.NONE
    else:
        winner = reached
        skunk = rules.skunk_level(max(scores[side] for side in others))
    wins_match = skunk is Skunk.TRIPLE and rules.convention.triple_skunk_wins_match
    return Outcome(winner, reached, tuple(scores), skunk, rules.convention.points(skunk), wins_match)


__all__ = [
    "CONVENTIONS",
    "Counting",
    "FIVE_CARD",
    "FIVE_PLAYER",
    "FOUR_PLAYER",
    "FOUR_PLAYER_SOLO",
    "FREE_PLAY",
    "FREE_PLAY_TRIPLE",
    "LONG_MATCH",
    "MatchConvention",
    "Outcome",
    "PRESETS",
    "Rules",
    "SEVEN_CARD",
    "SHORT",
    "SIX_PLAYER",
    "SIX_PLAYER_THREE_TEAMS",
    "SIX_PLAYER_TWO_TEAMS",
    "SKUNK_LINES",
    "STANDARD",
    "TARGETS",
    "Skunk",
    "THREE_PLAYER",
    "TOURNAMENT",
    "decide_outcome",
    "skunk_lines_for",
]
