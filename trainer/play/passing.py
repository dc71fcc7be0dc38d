"""Pass and play (issue 22 §7): people take turns at one screen in personal mode.

A pass-and-play game is an ordinary game (:mod:`trainer.play.games`) with a
person in several seats and no live stream: its host and the other profiles
chosen sit in the first seats, bots of the set-up's level in the rest.  Nothing
marks it in the database; :func:`is_pass_and_play` tells it from the table's
view (several people, not a playroom's live table).  Each person moves through
:func:`trainer.play.games.act` as themselves, so their records go to their own
profile, and each sees the table from their own chair.

Who is in front of the screen is the web layer's to keep; this module says,
from the table of the one in front, whom the device goes to next
(:func:`passed_to`: nobody while they have something to see or decide), and
what the screen between two turns shows (:func:`pass_screen`): the people and
the scores, never a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.rules import Rules
from trainer.language.i18n import gettext as _
from trainer.language.i18n import ngettext
from trainer.play.choices import GameSetup
from trainer.play.games import TableView, new_game
from trainer.play.moves import GameActionError
from trainer.play.seats import Sitter, bot_label
from trainer.record import learners


@dataclass(frozen=True, slots=True)
class Person:
    """A profile seated at a pass-and-play game."""

    learner_id: int
    name: str


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's score as the pass screen lists it: who sits in it, by name, and its score."""

    names: str
    score: int


@dataclass(frozen=True, slots=True)
class PassScreen:
    """The screen between two people's turns: whom to pass the device to, and
    the scores, from nobody's chair (no card of anyone is in it)."""

    game_id: int
    to: Person
    people: tuple[Person, ...]
    sides: tuple[SideScore, ...]
    target: int
    deal_number: int


def start(host_id: int, setup: GameSetup, others: Sequence[int], *, partner: int | None = None,
          seed: int | None = None, coached: bool = False, say_go: bool = False) -> int:
    """Start a pass-and-play game hosted by the learner and return its id: the
    host in seat 0, the ``others`` (profiles without a password) round the table
    in the order given, bots of the set-up's level in the seats left.  In a game
    of teams the ``partner`` (one of the others, or another profile) sits on the
    host's team, and the others against it while it has seats to fill.
    :class:`GameActionError` (a message for the learner) for no other profile,
    too many for the game, an unknown or protected profile, or a practice game."""
    chosen = tuple(dict.fromkeys(other for other in (*others, *([partner] if partner is not None else ()))
                                 if other != host_id))
    if not chosen:
        raise GameActionError(_("Choose at least one other profile to play at this device."))
    if setup.practice:
        raise GameActionError(_("A practice game is played against bots: pass and play is rated for everyone."))
    rules = setup.rules()
    if len(chosen) + 1 > rules.players:
        raise GameActionError(ngettext("That game seats %(num)d player: choose fewer people.",
                                       "That game seats %(num)d players: choose fewer people.", rules.players))
    for other in chosen:
        info = learners.learner_by_id(other)
        if info is None or info.has_password:
            raise GameActionError(_("That profile does not exist any more; pick another or type a name."))
    seated = _seats(rules, host_id, chosen, partner if rules.partnerships else None)
    sitters = tuple(Sitter.bot(setup.level) if person is None else Sitter.person(person) for person in seated)
    return new_game(host_id, setup, seed=seed, sitters=sitters, coached=coached, say_go=say_go)


def _seats(rules: Rules, host_id: int, chosen: Sequence[int], partner: int | None) -> tuple[int | None, ...]:
    """Who sits in each seat (None: a bot): the host in seat 0; with a partner,
    the partner in the next seat of their team (opposite, at four) and the rest on the other
    teams first.

    >>> from engine.rules import FOUR_PLAYER
    >>> _seats(FOUR_PLAYER, 1, (2, 3), partner=3)
    (1, 2, 3, None)
    >>> _seats(FOUR_PLAYER, 1, (2, 3), partner=None)
    (1, 2, 3, None)
    >>> _seats(FOUR_PLAYER, 1, (2, 3, 4), partner=2)
    (1, 3, 2, 4)
    """
    seats: list[int | None] = [host_id] + [None] * (rules.players - 1)
    if partner is None:
        for seat, person in enumerate(chosen, start=1):
            seats[seat] = person
        return tuple(seats)
    team = rules.seats_of(rules.side_of(0))[1:]
    seats[team[0]] = partner
    others = [seat for seat in range(1, rules.players) if seat not in team] + list(team[1:])
    for seat, person in zip(others, (person for person in chosen if person != partner)):
        seats[seat] = person
    return tuple(seats)


def is_pass_and_play(view: TableView) -> bool:
    """Whether a table is a pass-and-play game: several people at it, and not a playroom's live table."""
    return view.live is None and len(view.people) > 1


def viewer_of(view: TableView) -> int | None:
    """The learner whose chair the table is drawn from."""
    seating = view.table.seating
    return seating.sitters[seating.viewer].learner_id


def passed_to(view: TableView) -> int | None:
    """Whom the device goes to from the one whose table this is: None while they
    have something to see (a Next) or to decide, or the game is over; else the
    first other person whose decision the game awaits."""
    table = view.table
    if table.over or table.waiting or table.decision is not None:
        return None
    viewer = viewer_of(view)
    return next((person for person in view.awaited if person != viewer), None)


def people_of(view: TableView) -> tuple[Person, ...]:
    """The people seated at the game, in seat order, by their profiles' names."""
    named = []
    for learner_id in view.people:
        info = learners.learner_by_id(learner_id)
        named.append(Person(learner_id, info.name if info is not None else ""))
    return tuple(named)


def pass_screen(view: TableView, to: int) -> PassScreen:
    """What the screen passing the device to the learner ``to`` shows: the people
    at the game and each side's score (people by name, bots by level), drawn
    from the table of the one in front but from nobody's chair."""
    table = view.table
    seating, rules = table.seating, table.rules
    people = people_of(view)
    names = {person.learner_id: person.name for person in people}
    seat_names = []
    for sitter in seating.sitters:
        if sitter.learner_id is not None:
            seat_names.append(names.get(sitter.learner_id, ""))
        else:
            seat_names.append(bot_label(sitter.level.value if sitter.level is not None else ""))
    # The table lists the sides from the viewer's; the screen lists them as the game seats them.
    scores = {(seating.my_side + step) % rules.sides: score for step, score in enumerate(table.scores)}
    sides = tuple(SideScore(" + ".join(seat_names[seat] for seat in rules.seats_of(side)), scores[side])
                  for side in range(rules.sides))
    receiver = next((person for person in people if person.learner_id == to), Person(to, ""))
    return PassScreen(table.game_id, receiver, people, sides, rules.target, table.deal_number)
