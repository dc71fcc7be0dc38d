"""Measures what :mod:`engine.analysis.winprob` needs, by self-play: the points of a deal,
and the outcomes of whole games to check the table against.

A module of its own because it plays bots, and :mod:`engine.bots.levels` reads the
win table (the same reason as :mod:`engine.analysis.build_cribtable`).  ``crib winprob
--build`` runs :func:`measure_deals` and writes the data file.

Deals are measured in games played to a target no one reaches (5,000), so
every deal is complete and none is cut short by the end of a game; the bots
do not look at the score, so their play is the same as in a real game.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Callable, Iterator, Sequence

from engine.analysis.winprob import DealDistributions
from engine.bots.levels import make_player
from engine.bots.selfplay import rules_for
from engine.events import Dealt, Played, Points, Shown
from engine.game import Automation, Game
from engine.players import take_turn
from engine.rules import STANDARD, Rules
from engine.scoring import ScoreKind

#: Far beyond any game's length, so no deal is cut short.
_FAR = 5000


@dataclass(frozen=True, slots=True)
class DealPoints:
    """One complete deal's points by part."""

    dealer_pegging: int  # his heels included
    pone_pegging: int
    pone_hand: int
    dealer_hand: int
    crib: int


def deals_of(game: Game) -> list[DealPoints]:
    """The complete deals in a game's log (a deal cut short by the end is left out)."""
    out: list[DealPoints] = []
    dealer: int | None = None
    parts: dict[str, int] = {}
    context = ""
    crib_done = False
    for event in game.log:
        if isinstance(event, Dealt):
            if dealer is not None and crib_done:
                out.append(DealPoints(**parts))
            dealer = event.dealer
            parts = dict.fromkeys(("dealer_pegging", "pone_pegging", "pone_hand", "dealer_hand", "crib"), 0)
            context = "cut"
            crib_done = False
        elif dealer is None:
            continue
        elif isinstance(event, Played):
            context = "play"
        elif isinstance(event, Shown):
            context = "crib" if event.is_crib else ("dealer_hand" if event.player == dealer else "pone_hand")
            crib_done = crib_done or event.is_crib
        elif isinstance(event, Points):
            mine = event.player == dealer
            if event.reason is ScoreKind.HEELS or context in ("cut", "play"):
                parts["dealer_pegging" if mine else "pone_pegging"] += event.points
            elif context in ("pone_hand", "dealer_hand", "crib"):
                parts[context] += event.points
    if dealer is not None and crib_done and not game.is_over:
        out.append(DealPoints(**parts))
    return out


def _measure_chunk(args: tuple[str, int, int, int]) -> list[DealPoints]:
    level, seed, games, deals_per_game = args
    rules = rules_for("standard", target=_FAR)
    out: list[DealPoints] = []
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        players = [make_player(level, seed=game_seed * 8 + seat) for seat in range(2)]
        game = Game(rules, game_seed, dealer=g % 2, automate=Automation.CHANCE)
        started, seen = 0, 0
        while not game.is_over and started <= deals_per_game:
            take_turn(game, players)
            log = game.log
            started += sum(isinstance(e, Dealt) for e in log[seen:])
            seen = len(log)
        out.extend(deals_of(game)[:deals_per_game])
    return out


def measure_deals(
    deals: int,
    *,
    level: str = "insane",
    seed: int = 1,
    jobs: int = 1,
    deals_per_game: int = 20,
    progress: Callable[[int, int], None] | None = None,
) -> list[DealPoints]:
    """``deals`` complete deals of ``level`` against itself."""
    games = -(-deals // deals_per_game)
    per_chunk = 2
    work = [
        (level, seed * 10_007 + start, min(per_chunk, games - start), deals_per_game)
        for start in range(0, games, per_chunk)
    ]
    out: list[DealPoints] = []
    if jobs == 1:
        for item in work:
            out.extend(_measure_chunk(item))
            if progress:
                progress(min(len(out), deals), deals)
    else:
        with get_context("fork").Pool(jobs) as pool:
            for done in pool.imap_unordered(_measure_chunk, work):
                out.extend(done)
                if progress:
                    progress(min(len(out), deals), deals)
    return out[:deals]


def distributions(measured: Sequence[DealPoints], *, source: str = "") -> DealDistributions:
    """The deal distributions of measured deals."""
    pegging = Counter((d.dealer_pegging, d.pone_pegging) for d in measured)

    def counts(values: Iterator[int]) -> list[int]:
        tally = Counter(values)
        return [tally.get(i, 0) for i in range(max(tally) + 1)]

    return DealDistributions.from_counts(
        pegging,
        counts(d.pone_hand for d in measured),
        counts(d.dealer_hand + d.crib for d in measured),
        counts(d.crib for d in measured),
        source=source,
    )


# ------------------------------------------------------------------ outcomes


@dataclass(frozen=True, slots=True)
class Position:
    """The start of a deal in a real game, and whether seat 0 went on to win."""

    seat0: int
    seat1: int
    seat0_deals: bool
    seat0_won: bool


def positions_of(game: Game) -> list[Position]:
    """Every deal's starting scores in a finished two-player game."""
    outcome = game.outcome
    assert outcome is not None
    won = game.rules.seats_of(outcome.winner)[0] == 0
    scores = [0, 0]
    out: list[Position] = []
    for event in game.log:
        if isinstance(event, Dealt):
            out.append(Position(scores[0], scores[1], event.dealer == 0, won))
        elif isinstance(event, Points):
            scores[event.player] += event.points
    return out


def _outcome_chunk(args: tuple[tuple[str, str], int, int, int, int]) -> list[Position]:
    (first, second), target, seed, start, games = args
    rules: Rules = STANDARD if target == STANDARD.target else rules_for("standard", target=target)
    out: list[Position] = []
    for g in range(start, start + games):
        game_seed = seed * 1_000_003 + g
        names = (first, second) if g % 2 == 0 else (second, first)
        players = [make_player(names[seat], seed=game_seed * 8 + seat) for seat in range(2)]
        game = Game(rules, game_seed, dealer=random.Random(game_seed).randrange(2), automate=Automation.CHANCE)
        while not game.is_over:
            take_turn(game, players)
        out.extend(positions_of(game))
    return out


def play_positions(
    games: int,
    *,
    levels: tuple[str, str] = ("insane", "insane"),
    target: int = 121,
    seed: int = 1,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[Position]:
    """The deal-start positions of ``games`` games, with who won each."""
    per_chunk = 5
    work = [(levels, target, seed, start, min(per_chunk, games - start)) for start in range(0, games, per_chunk)]
    out: list[Position] = []
    done_games = 0
    if jobs == 1:
        results: Iterator[list[Position]] = map(_outcome_chunk, work)
        for item, chunk in zip(work, results):
            out.extend(chunk)
            done_games += item[4]
            if progress:
                progress(done_games, games)
        return out
    with get_context("fork").Pool(jobs) as pool:
        for item, chunk in zip(work, pool.imap(_outcome_chunk, work)):
            out.extend(chunk)
            done_games += item[4]
            if progress:
                progress(done_games, games)
    return out
