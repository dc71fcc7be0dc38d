"""The computer opponents: easy, medium, hard, insane and expert (RULES.md §6).

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
expert    insane's, but near the end the best    insane's, but near the end each card  0
          chance to win the game                played out for the game (who pegs
                                                out first, then the show order)
========  =====================================  ====================================  ===========

The expert plays for the game, not for points: within ``endgame`` points of
the target (either player; two-player six-card games to 121 or 61) it values
every choice by its win probability from :mod:`engine.analysis.winprob` (the table of
P(win) by score, whose crib and target).  A discard is valued by its kept
hand's exact show over every starter, the crib's (the table's crib
distribution moved to the option's exact expected crib) and the table's play
and opponent's show, counted in the show order (the pone first), so near the
end it keeps a hand that surely counts out rather than a richer gamble.  A
card in the play is valued by playing out sampled deals until someone pegs
out (the first to reach the target wins there and then), then the shows by
the table.  Early in the game win probability is linear in points, so it
plays as insane does; ties go to insane's choice.

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

import numpy as np

from engine.analysis.discard import CribModel, DiscardOption, analyse_discards, keep_scores_as_they_stand
from engine.analysis.keepmodel import likely_holdings
from engine.analysis.play import (
    PeggingView,
    expected_nets,
    greedy_rank,
    play_out,
    play_points,
    rank_value,
    sample_holdings,
)
from engine.analysis.winprob import WinTable, shifted, table_for
from engine.cards import DECK, Card
from engine.game import MugginsWindow, PendingClaim
from engine.pegging import MAX_COUNT, score_play
from engine.players import PlayerView
from engine.scoring import score_show


class Level(StrEnum):
    """The five levels; values read as plain text."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    INSANE = "insane"
    EXPERT = "expert"


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
    #: Play for the game (win probability) when either player is within this
    #: many points of the target; 0: always for points.
    endgame: int = 0
    #: In the play, weigh the opponent's possible holdings by how likely a good
    #: player is to have kept them (:mod:`engine.analysis.keepmodel`; two-player six-card deals).
    opponent_model: bool = False


PROFILES: dict[Level, BotProfile] = {
    Level.EASY: BotProfile(
        Level.EASY, DiscardStyle.AS_THEY_STAND, PlayStyle.GREEDY,
        random_discard_rate=0.25, random_play_rate=0.5, miss_rate=0.30,
    ),
    Level.MEDIUM: BotProfile(Level.MEDIUM, DiscardStyle.AS_THEY_STAND, PlayStyle.GREEDY, miss_rate=0.10),
    Level.HARD: BotProfile(Level.HARD, DiscardStyle.HAND_AVERAGE, PlayStyle.ONE_REPLY, samples=40),
    Level.INSANE: BotProfile(Level.INSANE, DiscardStyle.HAND_AND_CRIB, PlayStyle.PLAY_OUT, samples=300),
    Level.EXPERT: BotProfile(
        Level.EXPERT, DiscardStyle.HAND_AND_CRIB, PlayStyle.PLAY_OUT, samples=300, endgame=40, opponent_model=True,
    ),
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
        crib_size = view.rules.crib_size
        profile = self.profile
        if profile.random_discard_rate and self.rng.random() < profile.random_discard_rate:
            return tuple(self.rng.sample(hand, discards))
        if profile.discard is DiscardStyle.AS_THEY_STAND:
            return self._discard_as_they_stand(hand, discards)
        model = profile.crib_model
        if model is CribModel.TABLE and (len(hand) != 6 or discards != 2):
            model = CribModel.UNIFORM
        options = analyse_discards(hand, dealer=crib_is_mine(view), discards=discards, crib_model=model,
                                   crib_size=crib_size)
        if profile.discard is DiscardStyle.HAND_AVERAGE:
            return max(options, key=lambda o: (o.hand_ev, o.net_ev)).discard
        table = self._endgame_table(view)
        if table is not None and len(hand) == 6 and discards == 2:
            chances = discard_win_chances(view, options, table)
            return max(zip(options, chances), key=lambda oc: (round(oc[1], 9), oc[0].net_ev))[0].discard
        return options[0].discard

    def _endgame_table(self, view: PlayerView) -> WinTable | None:
        """The win table when this bot plays for the game in this position."""
        endgame = self.profile.endgame
        if not endgame or max(view.scores) < view.rules.target - endgame:
            return None
        return table_for(view.rules)

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
            table = self._endgame_table(view)
            greedy = greedy_rank(ranks, pile, view.count)
            peg = pegging_view(view)
            holdings = self._likely_holdings(view, peg)
            if table is not None:
                chances, nets = play_win_chances(view, ranks, table, profile.samples, self.rng, holdings=holdings)
                rank = max(ranks, key=lambda r: (round(chances[r], 9), round(nets[r], 9), r == greedy))
            else:
                nets = expected_nets(peg, ranks, profile.samples, self.rng, holdings=holdings)
                rank = max(ranks, key=lambda r: (round(nets[r], 9), r == greedy))
        return next(c for c in legal if int(c.rank) == rank)

    def _likely_holdings(self, view: PlayerView, peg: PeggingView) -> list[list[list[int]]] | None:
        """The opponent model's holdings for a play decision, or None to draw them all alike."""
        rules = view.rules
        if not self.profile.opponent_model or rules.players != 2 or rules.hand_size != 6 or view.dealer is None:
            return None
        played_by: list[list[int]] = [[], []]
        for seat, card in view.played:
            played_by[seat].append(int(card.rank))
        return likely_holdings(peg, self.profile.samples, self.rng, played_by=played_by, dealer=view.dealer)

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


# ------------------------------------------------------------ for the game


class GiveawayBot:
    """A bot for giveaway (lowball), where the first to reach the target loses.

    It lays away the discard worth the *least* to it by expected points (the
    engine's analysis, so what it gives to the other side's crib counts in its
    favour) and plays the card that pegs the fewest points, the lowest rank of
    those.  Claims and muggins are left to the wrapped :class:`Bot` (giveaway
    is offered with automatic counting, where they do not arise).

    >>> from engine.game import Game
    >>> from engine.rules import STANDARD
    >>> game = Game.from_hands(STANDARD.with_options(giveaway=True), ["5H 5D 10S JC", "4C 6C 9H KH"], starter="2S")
    >>> GiveawayBot(Bot(Level.MEDIUM, seed=1)).choose_play(PlayerView.of(game, 1))  # a lead scores nothing: the lowest card
    Card.parse('4C')
    """

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        options = analyse_discards(view.hand, dealer=crib_is_mine(view), discards=view.rules.discards,
                                   crib_size=view.rules.crib_size)
        return options[-1].discard

    def choose_play(self, view: PlayerView) -> Card:
        pile = list(view.pile)
        return min(view.legal_plays, key=lambda c: (score_play(pile + [c]).points, c.rank, c.suit))

    def claim_show(self, view: PlayerView, claim: PendingClaim) -> int:
        return self.bot.claim_show(view, claim)

    def choose_muggins(self, view: PlayerView, window: MugginsWindow) -> bool:
        return self.bot.choose_muggins(view, window)


def discard_win_chances(view: PlayerView, options: Sequence[DiscardOption], table: WinTable) -> list[float]:
    """P(win) for each discard option of a two-player six-card deal, from a view
    (see :func:`discard_chances`)."""
    seat = view.seat
    return discard_chances(view.hand, options, view.scores[seat], view.scores[1 - seat], crib_is_mine(view), table)


def discard_chances(
    hand: Sequence[Card], options: Sequence[DiscardOption], mine: int, theirs: int, i_deal: bool, table: WinTable
) -> list[float]:
    """P(win) for each discard option of ``hand`` at scores ``mine`` to ``theirs``.

    The kept hand's show is exact over the unseen starters; the crib is the
    table's crib distribution moved so its mean is the option's exact expected
    crib; the play and the other player's show come from the table."""
    crib_mean = float(np.arange(len(table.crib)) @ table.crib)
    held = set(hand)
    starters = [c for c in DECK if c not in held]
    chances = []
    for option in options:
        shows = np.bincount([score_show(option.keep, starter).total for starter in starters], minlength=1)
        hand_pmf = shows / len(starters)
        crib_pmf = shifted(table.crib, round(option.crib_ev - crib_mean))
        if i_deal:
            chances.append(table.deal(mine, theirs, True, np.convolve(hand_pmf, crib_pmf)))
        else:
            their = shifted(table.dealer_show, round(option.crib_ev - crib_mean))
            chances.append(table.deal(mine, theirs, False, hand_pmf, their_show=their))
    return chances


def race_play_out(
    hands: list[list[int]], current: int, count: int, pile: list[int], last: int | None,
    points: list[int], needs: Sequence[int],
) -> int | None:
    """Play the rest of a two-player play greedily (:func:`play_out`),
    stopping when a seat's points reach its ``needs``: that seat's index, or
    ``None`` when the play ends first.  ``points`` is updated in place."""
    play_out(hands, current, count, pile, last, points, needs=needs)
    return next((seat for seat in (0, 1) if points[seat] >= needs[seat]), None)


def play_win_chances(
    view: PlayerView,
    ranks: Sequence[int],
    table: WinTable,
    samples: int,
    rng: random.Random,
    *,
    holdings: Sequence[list[list[int]]] | None = None,
) -> tuple[dict[int, float], dict[int, float]]:
    """P(win) and the mean net play points for laying each of ``ranks``, from a
    view (see :func:`pegging_chances`); this seat's hand counts exactly."""
    seat = view.seat
    hand_points = score_show(view.kept, view.starter).total if view.starter and len(view.kept) == 4 else None
    return pegging_chances(
        pegging_view(view), ranks, table, samples, rng,
        mine=view.scores[seat], theirs=view.scores[1 - seat], i_deal=crib_is_mine(view), hand_points=hand_points,
        holdings=holdings,
    )


def pegging_chances(
    peg: PeggingView,
    ranks: Sequence[int],
    table: WinTable,
    samples: int,
    rng: random.Random,
    *,
    mine: int,
    theirs: int,
    i_deal: bool,
    hand_points: int | None = None,
    holdings: Sequence[list[list[int]]] | None = None,
) -> tuple[dict[int, float], dict[int, float]]:
    """P(win) and the mean net play points for laying each of ``ranks`` in a
    two-player play, over ``samples`` sampled holdings of the opponent (the
    same for every rank), each played out greedily until someone pegs out (the
    first to reach the target wins there and then) or the play ends; then the
    shows in their order: this seat's hand ``hand_points`` (the table's
    distribution when ``None``), the crib and the opponent's show by the table.
    The holdings are drawn by :func:`sample_holdings` unless given (an opponent
    model's)."""
    seat = peg.seat
    target = table.target
    if hand_points is None:
        show: list[float] = list(table.dealer_show if i_deal else table.pone_hand)
    else:
        exact = [0.0] * hand_points + [1.0]
        show = list(np.convolve(exact, table.crib)) if i_deal else exact
    after: dict[tuple[int, int], float] = {}

    def chance_after(gained: int, lost: int) -> float:
        key = (gained, lost)
        if key not in after:
            if i_deal:
                after[key] = table.dealer_after_play(mine + gained, theirs + lost, show)
            else:
                after[key] = table.pone_after_play(mine + gained, theirs + lost, show)
        return after[key]

    needs = [0, 0]
    needs[seat], needs[1 - seat] = target - mine, target - theirs
    pile = [int(c.rank) for c in peg.pile]
    count = peg.count
    chances = dict.fromkeys(ranks, 0.0)
    nets = dict.fromkeys(ranks, 0.0)
    deals = holdings if holdings is not None else [sample_holdings(peg, rng) for _ in range(samples)]
    samples = len(deals)
    for dealt in deals:
        for rank in ranks:
            hands = [list(h) for h in dealt]
            hands[seat].remove(rank)
            points = [0, 0]
            points[seat] = play_points(pile, count, rank)
            new_count = count + rank_value(rank)
            new_pile = pile + [rank]
            if new_count != MAX_COUNT and not any(hands):
                points[seat] += 1  # the last card
            if points[seat] >= needs[seat]:
                winner: int | None = seat
            elif not any(hands):
                winner = None
            else:
                if new_count == MAX_COUNT:
                    new_count, new_pile = 0, []
                winner = race_play_out(hands, 1 - seat, new_count, new_pile, seat, points, needs)
            if winner is None:
                chances[rank] += chance_after(points[seat], points[1 - seat])
            elif winner == seat:
                chances[rank] += 1.0
            nets[rank] += points[seat] - points[1 - seat]
    return (
        {rank: total / samples for rank, total in chances.items()},
        {rank: total / samples for rank, total in nets.items()},
    )


def _profile_fields(profile: BotProfile) -> dict[str, Any]:
    return {name: getattr(profile, name) for name in BotProfile.__slots__}


LEVEL_NAMES = tuple(level.value for level in Level)


def make_player(name: str, seed: int | None = None) -> Bot:
    """A bot by level name (``easy``, ``medium``, ``hard``, ``insane``, ``expert``)."""
    try:
        level = Level(name.strip().lower())
    except ValueError:
        raise ValueError(f"{name!r} is not a bot level: choose from {', '.join(LEVEL_NAMES)}") from None
    return Bot(level, seed)


__all__ = [
    "Bot",
    "BotProfile",
    "Level",
    "LEVEL_NAMES",
    "PROFILES",
    "discard_chances",
    "discard_win_chances",
    "make_player",
    "pegging_view",
    "pegging_chances",
    "play_win_chances",
    "race_play_out",
]
