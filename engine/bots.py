"""The computer opponents: easy, medium, hard and insane (RULES.md §6).

Every level is a :class:`Bot` playing through the same
:class:`~engine.players.Player` interface as the web, and sees only its
:class:`~engine.players.PlayerView`.  What distinguishes the levels is data,
a :class:`BotProfile`:

========  =====================================  ====================================  ===========
level     discard                                play                                  misses
========  =====================================  ====================================  ===========
easy      best four as they stand, ties at       a random legal card half the time,    30 %
          random; a random discard 1 deal in 4   otherwise medium's card
medium    best four as they stand (without the   most points now; avoids leaving 5,    10 %
          starter), ties at random               21 or another easy 15/31; leads low
hard      best average hand over every starter   points now minus the opponent's best  0
          (the crib ignored)                     reply, averaged over 40 likely hands
insane    best average of hand and crib (crib    every card played out to the end of   0
          +/- by who deals), exact              the play over 300 likely deals
========  =====================================  ====================================  ===========

"Misses" is the documented under-count rate under muggins: the share of its
own claims (hands, cribs and, with pegging muggins, cards played) in which
the bot leaves out one scoring item, so a learner has something to mug.
Every level calls muggins whenever a claim against it is short.

>>> from engine.rules import STANDARD
>>> from engine.players import play_game
>>> game = play_game(STANDARD, [Bot("insane", seed=1), Bot("easy", seed=2)], seed=7)
>>> game.is_over
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum, StrEnum
from itertools import combinations
from typing import Any, Sequence

from engine.cards import Card
from engine.discard import CribModel, analyse_discards, keep_scores_as_they_stand
from engine.game import MugginsWindow, PendingClaim
from engine.peganalysis import (
    PeggingView,
    expected_nets,
    greedy_rank,
    play_points,
    rank_value,
    sample_holdings,
)
from engine.pegging import MAX_COUNT
from engine.players import PlayerView


class Level(StrEnum):
    """The four levels; values read as plain text."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    INSANE = "insane"


class DiscardStyle(Enum):
    AS_THEY_STAND = "best four as they stand"
    HAND_AVERAGE = "best average hand over the starters"
    HAND_AND_CRIB = "best average hand and crib"


class PlayStyle(Enum):
    GREEDY = "most points now, safe counts, low leads"
    ONE_REPLY = "points now minus the likely reply"
    PLAY_OUT = "each card played out over likely deals"


@dataclass(frozen=True, slots=True)
class BotProfile:
    """Everything that makes one level play as it does."""

    level: Level
    discard: DiscardStyle
    play: PlayStyle
    #: Chance of laying away at random (before looking at the cards).
    random_discard_rate: float = 0.0
    #: Chance of playing a random legal card.
    random_play_rate: float = 0.0
    #: Under muggins: chance of leaving one scoring item out of its own claim.
    miss_rate: float = 0.0
    #: Sampled opponent holdings per decision (ONE_REPLY and PLAY_OUT).
    samples: int = 0
    #: How HAND_AND_CRIB values the crib (the table only for six-card deals).
    crib_model: CribModel = CribModel.UNIFORM


PROFILES: dict[Level, BotProfile] = {
    Level.EASY: BotProfile(
        Level.EASY, DiscardStyle.AS_THEY_STAND, PlayStyle.GREEDY,
        random_discard_rate=0.25, random_play_rate=0.5, miss_rate=0.30,
    ),
    Level.MEDIUM: BotProfile(Level.MEDIUM, DiscardStyle.AS_THEY_STAND, PlayStyle.GREEDY, miss_rate=0.10),
    Level.HARD: BotProfile(Level.HARD, DiscardStyle.HAND_AVERAGE, PlayStyle.ONE_REPLY, samples=40),
    Level.INSANE: BotProfile(Level.INSANE, DiscardStyle.HAND_AND_CRIB, PlayStyle.PLAY_OUT, samples=300),
}


def crib_is_mine(view: PlayerView) -> bool:
    """Whether the crib this deal counts for this seat's side."""
    return view.dealer is not None and view.rules.side_of(view.dealer) == view.my_side


def pegging_view(view: PlayerView) -> PeggingView:
    """The pegging facts of a player view (see :meth:`PeggingView.of`)."""
    return PeggingView.of(view)


class Bot:
    """A computer player of one :class:`Level` (or a custom :class:`BotProfile`).

    ``samples`` overrides the level's number of sampled deals per play decision.
    """

    def __init__(
        self,
        level: Level | str | BotProfile = Level.MEDIUM,
        seed: int | random.Random | None = None,
        *,
        samples: int | None = None,
    ) -> None:
        if isinstance(level, BotProfile):
            profile = level
        else:
            profile = PROFILES[Level(level)]
        if samples is not None:
            profile = BotProfile(**{**_profile_fields(profile), "samples": samples})
        self.profile = profile
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    @property
    def level(self) -> Level:
        return self.profile.level

    @property
    def name(self) -> str:
        return self.profile.level.value

    def __repr__(self) -> str:
        return f"Bot({self.name!r})"

    # ---------------------------------------------------------------- discard

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        hand = view.hand
        discards = view.rules.discards
        profile = self.profile
        if profile.random_discard_rate and self.rng.random() < profile.random_discard_rate:
            return tuple(self.rng.sample(hand, discards))
        if profile.discard is DiscardStyle.AS_THEY_STAND:
            return self._discard_as_they_stand(hand, discards)
        model = profile.crib_model
        if model is CribModel.TABLE and (len(hand) != 6 or discards != 2):
            model = CribModel.UNIFORM
        options = analyse_discards(hand, dealer=crib_is_mine(view), discards=discards, crib_model=model)
        if profile.discard is DiscardStyle.HAND_AVERAGE:
            return max(options, key=lambda o: (o.hand_ev, o.net_ev)).discard
        return options[0].discard

    def _discard_as_they_stand(self, hand: Sequence[Card], discards: int) -> tuple[Card, ...]:
        keeps = list(combinations(hand, len(hand) - discards))
        scores = keep_scores_as_they_stand(keeps)
        best = scores.max()
        tied = [keep for keep, score in zip(keeps, scores) if score == best]
        keep = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        return tuple(c for c in hand if c not in keep)

    # ---------------------------------------------------------------- play

    def choose_play(self, view: PlayerView) -> Card:
        legal = view.legal_plays
        profile = self.profile
        if len(legal) == 1:
            return legal[0]
        if profile.random_play_rate and self.rng.random() < profile.random_play_rate:
            return self.rng.choice(legal)
        ranks = sorted({int(c.rank) for c in legal})
        pile = [int(c.rank) for c in view.pile]
        rank: int | None  # greedy_rank's None never happens here: some card is legal
        if len(ranks) == 1:
            rank = ranks[0]
        elif profile.play is PlayStyle.GREEDY:
            rank = greedy_rank([int(c.rank) for c in legal], pile, view.count)
        elif profile.play is PlayStyle.ONE_REPLY:
            rank = self._rank_by_reply(view, ranks, pile)
        else:
            nets = expected_nets(pegging_view(view), ranks, profile.samples, self.rng)
            greedy = greedy_rank(ranks, pile, view.count)
            rank = max(ranks, key=lambda r: (round(nets[r], 9), r == greedy))
        return next(c for c in legal if int(c.rank) == rank)

    def _rank_by_reply(self, view: PlayerView, ranks: list[int], pile: list[int]) -> int:
        """Points now minus the next player's best reply, over sampled holdings."""
        peg = pegging_view(view)
        count = view.count
        players = view.rules.players
        nxt = (view.seat + 1) % players
        replies = dict.fromkeys(ranks, 0.0)
        for _ in range(self.profile.samples):
            held = sample_holdings(peg, self.rng)[nxt]
            for rank in ranks:
                new_count = count + rank_value(rank)
                if new_count == MAX_COUNT:
                    continue
                room = MAX_COUNT - new_count
                new_pile = pile + [rank]
                best = 0
                for reply in set(held):
                    if rank_value(reply) <= room:
                        best = max(best, play_points(new_pile, new_count, reply))
                replies[rank] += best
        if peg.side_of(nxt) == peg.side_of(view.seat):
            sign = 1.0  # a partner's reply is good news
        else:
            sign = -1.0
        greedy = greedy_rank(ranks, pile, count)

        def value(rank: int) -> tuple[float, bool]:
            expected = play_points(pile, count, rank) + sign * replies[rank] / self.profile.samples
            return (round(expected, 9), rank == greedy)

        return max(ranks, key=value)

    # ---------------------------------------------------------------- muggins

    def claim_show(self, view: PlayerView, claim: PendingClaim) -> int:
        items = claim.true_items()
        total = sum(item.points for item in items)
        if items and self.profile.miss_rate and self.rng.random() < self.profile.miss_rate:
            return total - self.rng.choice(items).points
        return total

    def choose_muggins(self, view: PlayerView, window: MugginsWindow) -> bool:
        true = sum(item.points for item in window.claim.true_items())
        return window.claimed < true


def _profile_fields(profile: BotProfile) -> dict[str, Any]:
    return {name: getattr(profile, name) for name in BotProfile.__slots__}


LEVEL_NAMES = tuple(level.value for level in Level)


def make_player(name: str, seed: int | None = None) -> Bot:
    """A bot by level name (``easy``, ``medium``, ``hard``, ``insane``)."""
    try:
        level = Level(name.strip().lower())
    except ValueError:
        raise ValueError(f"{name!r} is not a bot level: choose from {', '.join(LEVEL_NAMES)}") from None
    return Bot(level, seed)


__all__ = ["Bot", "BotProfile", "Level", "LEVEL_NAMES", "PROFILES", "make_player", "pegging_view"]
