"""Bots against bots: many games, fair seating, win rates with confidence intervals.

Game ``i`` of a run is fully determined by the run's seed and ``i`` (its deck
order and every bot's random choices), so a run gives the same result with
one process or several.  Seating rotates: in game ``i`` the players are moved
round the table by ``i`` places and seat 0 deals first, so with two players
each deals first in every other game.

A *duplicate* run (two players) deals each deck twice, the seats swapped:
games ``2k`` and ``2k + 1`` see the same cards in the same order, so the luck
of the cards falls to both players alike and what is left is how they play
them.  Its interval comes from the pairs (each pair's wins, 0, 1 or 2, are one
observation), which is far narrower than the games' binomial interval when
the players often make the same choices.

>>> result = run_selfplay(["medium", "easy"], games=4, seed=1)
>>> result.games, sum(result.wins.values())
(4, 4)
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Callable, Iterator, Sequence

from engine.bots.levels import LEVEL_NAMES, make_player
from engine.events import Award, Dealt, Played, Points, Shown
from engine.players import play_game
from engine.rules import (
    FIVE_CARD,
    FIVE_PLAYER,
    FOUR_PLAYER,
    FOUR_PLAYER_SOLO,
    SEVEN_CARD,
    SIX_PLAYER,
    SIX_PLAYER_THREE_TEAMS,
    SIX_PLAYER_TWO_TEAMS,
    STANDARD,
    THREE_PLAYER,
    Counting,
    Rules,
)
from engine.scoring import ScoreKind

#: The variants ``crib selfplay --variant`` accepts.
VARIANTS: dict[str, Rules] = {
    "standard": STANDARD,
    "five-card": FIVE_CARD,
    "seven-card": SEVEN_CARD,
    "three-player": THREE_PLAYER,
    "four-player": FOUR_PLAYER,
    "four-player-each": FOUR_PLAYER_SOLO,
    "five-player": FIVE_PLAYER,
    "six-player": SIX_PLAYER,
    "six-player-two-teams": SIX_PLAYER_TWO_TEAMS,
    "six-player-three-teams": SIX_PLAYER_THREE_TEAMS,
}

#: Where points come from, for points per deal.
CATEGORIES = ("pegging", "hand", "crib", "heels")
_PEGGING_KINDS = {ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE, ScoreKind.PAIR, ScoreKind.RUN, ScoreKind.GO, ScoreKind.LAST_CARD}


def rules_for(variant: str = "standard", *, target: int | None = None, counting: Counting = Counting.AUTOMATIC) -> Rules:
    """The rules of a named variant, with another target if asked.

    A changed target moves the skunk lines with it (:func:`engine.rules.skunk_lines_for`).

    >>> rules_for("standard", target=61).skunk_lines, rules_for("six-player", target=91).skunk_lines
    ((31,), (61, 31))
    """
    try:
        rules = VARIANTS[variant]
    except KeyError:
        raise ValueError(f"{variant!r} is not a variant: choose from {', '.join(VARIANTS)}") from None
    if target is not None and target != rules.target:
        if target < 2:
            raise ValueError("the target must be at least 2")
        rules = rules.to_target(target)
    if counting is not rules.counting:
        rules = rules.with_options(counting=counting)
    return rules


def player_labels(names: Sequence[str]) -> tuple[str, ...]:
    """Names to report under: a repeated level gets a number (``medium``, ``medium 2``)."""
    seen: Counter[str] = Counter()
    labels = []
    for name in names:
        seen[name] += 1
        labels.append(name if seen[name] == 1 else f"{name} {seen[name]}")
    return tuple(labels)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The facts one game contributes to a run's totals (by player index)."""

    index: int
    winner: int
    first_dealer: int
    skunk: int
    deals: int
    points: tuple[tuple[int, ...], ...]  # [player][category] per CATEGORIES, then "other"
    #: The same split by role: [player][0 as dealer, 1 as non-dealer][category].
    points_by_role: tuple[tuple[tuple[int, ...], ...], ...] = ()
    #: Deals each player's side dealt.
    deals_dealt: tuple[int, ...] = ()


def _seat_players(index: int, sides: int, rules: Rules) -> list[int]:
    """Which player (index into the names) sits in each seat in game ``index``."""
    shift = index % sides
    return [(rules.side_of(seat) + shift) % sides for seat in range(rules.players)]


def play_one(names: Sequence[str], rules: Rules, seed: int, index: int, *, duplicate: bool = False) -> GameRecord:
    """Play game ``index`` of a run (of a duplicate run: the deck of pair ``index // 2``)."""
    sides = rules.sides
    seating = _seat_players(index, sides, rules)
    game_seed = (seed * 1_000_003 + (index // sides if duplicate else index)) % (2**63)
    players = [make_player(names[player], seed=game_seed * 8 + seat) for seat, player in enumerate(seating)]
    game = play_game(rules, players, seed=game_seed, dealer=0)
    points = [[0] * (len(CATEGORIES) + 1) for _ in range(sides)]
    by_role = [[[0] * (len(CATEGORIES) + 1) for _ in range(2)] for _ in range(sides)]
    dealt = [0] * sides
    dealer_player = seating[0]
    context = "other"
    deals = 0
    for event in game.log:
        if isinstance(event, Played):
            context = "pegging"
        elif isinstance(event, Shown):
            context = "crib" if event.is_crib else "hand"
        elif isinstance(event, Points):
            reason = event.reason
            if reason is ScoreKind.HEELS:
                category = "heels"
            elif reason in _PEGGING_KINDS and context == "pegging":
                category = "pegging"
            elif reason in (Award.MUGGINS, Award.START):
                category = "other"
            else:
                category = context
            slot = CATEGORIES.index(category) if category in CATEGORIES else len(CATEGORIES)
            player = seating[event.player]
            points[player][slot] += event.points
            by_role[player][0 if player == dealer_player else 1][slot] += event.points
        elif isinstance(event, Dealt):
            deals += 1
            dealer_player = seating[event.dealer]
            dealt[dealer_player] += 1
            context = "other"
    outcome = game.outcome
    assert outcome is not None  # play_game returns a finished game
    return GameRecord(
        index=index,
        winner=seating[rules.seats_of(outcome.winner)[0]],
        first_dealer=seating[0],
        skunk=int(outcome.skunk),
        deals=deals,
        points=tuple(tuple(p) for p in points),
        points_by_role=tuple(tuple(tuple(r) for r in roles) for roles in by_role),
        deals_dealt=tuple(dealt),
    )


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 4) for x in wilson_interval(58, 100)]
    [0.4821, 0.672]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_interval(pair_wins: Sequence[int], z: float = 1.959964) -> tuple[float, float]:
    """The 95% interval of a win rate from duplicate pairs: each pair's wins (0, 1
    or 2) are one observation; the normal interval of their mean, per game.

    >>> [round(x, 4) for x in paired_interval([1] * 90 + [2] * 6 + [0] * 4)]
    [0.4789, 0.5411]
    """
    n = len(pair_wins)
    if n < 2:
        return (0.0, 1.0)
    mean = sum(pair_wins) / n
    variance = sum((w - mean) ** 2 for w in pair_wins) / (n - 1)
    half = z * math.sqrt(variance / n) / 2
    return (max(0.0, mean / 2 - half), min(1.0, mean / 2 + half))


@dataclass(frozen=True)
class SelfPlayResult:
    """A run's totals, keyed by player label."""

    labels: tuple[str, ...]
    rules: Rules
    games: int
    wins: dict[str, int]
    skunks: dict[str, int]
    first_dealer_wins: int
    points_per_deal: dict[str, dict[str, float]]
    #: {label: {"dealer": {category: points per deal dealt}, "pone": {... per deal not dealt}}}
    points_by_role: dict[str, dict[str, dict[str, float]]]
    seconds: float
    deals: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    #: Per player, its wins in each duplicate pair (empty unless the run was duplicate).
    pair_wins: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def win_rate(self) -> dict[str, float]:
        return {label: (self.wins[label] / self.games if self.games else 0.0) for label in self.labels}

    @property
    def duplicate(self) -> bool:
        return bool(self.pair_wins)

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        """Each player's 95% interval: from the pairs in a duplicate run, else Wilson's."""
        if self.pair_wins:
            return {label: paired_interval(self.pair_wins[label]) for label in self.labels}
        return {label: wilson_interval(self.wins[label], self.games) for label in self.labels}

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "duplicate": self.duplicate,
            "variant": self.rules.name,
            "target": self.rules.target,
            "wins": dict(self.wins),
            "win_rate": {k: round(v, 4) for k, v in self.win_rate.items()},
            "ci95": {k: [round(lo, 4), round(hi, 4)] for k, (lo, hi) in self.ci95.items()},
            "skunks": dict(self.skunks),
            "first_dealer_win_rate": round(self.first_dealer_wins / self.games, 4) if self.games else 0.0,
            "deals_per_game": round(self.deals / self.games, 3) if self.games else 0.0,
            "points_per_deal": {
                label: {k: round(v, 3) for k, v in cats.items()} for label, cats in self.points_per_deal.items()
            },
            "points_per_deal_by_role": {
                label: {role: {k: round(v, 3) for k, v in cats.items()} for role, cats in roles.items()}
                for label, roles in self.points_by_role.items()
            },
            "seconds": round(self.seconds, 3),
        }


def summarise(
    names: Sequence[str], rules: Rules, records: Sequence[GameRecord], seconds: float, *, duplicate: bool = False
) -> SelfPlayResult:
    """Add up the records of a run (of a duplicate run: in pairs, by index)."""
    labels = player_labels(names)
    pair_wins: dict[str, tuple[int, ...]] = {}
    if duplicate:
        by_index = {r.index: r.winner for r in records}
        pairs = [(by_index[i], by_index[i + 1]) for i in range(0, max(by_index) + 1, 2) if i + 1 in by_index]
        pair_wins = {label: tuple((a == player) + (b == player) for a, b in pairs) for player, label in enumerate(labels)}
    wins = Counter(r.winner for r in records)
    skunks = Counter(r.winner for r in records if r.skunk)
    deals = sum(r.deals for r in records)
    per_deal = {}
    by_role = {}
    for player, label in enumerate(labels):
        totals = [sum(r.points[player][k] for r in records) for k in range(len(CATEGORIES) + 1)]
        cats = {name: (totals[k] / deals if deals else 0.0) for k, name in enumerate(CATEGORIES)}
        if totals[-1]:
            cats["other"] = totals[-1] / deals
        per_deal[label] = cats
        dealt = sum(r.deals_dealt[player] for r in records)
        role_deals = {"dealer": dealt, "pone": deals - dealt}
        roles = {}
        for role_index, role in enumerate(("dealer", "pone")):
            sums = [sum(r.points_by_role[player][role_index][k] for r in records) for k in range(len(CATEGORIES))]
            n = role_deals[role]
            roles[role] = {name: (sums[k] / n if n else 0.0) for k, name in enumerate(CATEGORIES)}
            roles[role]["total"] = sum(roles[role].values())
        by_role[label] = roles
    return SelfPlayResult(
        labels=labels,
        rules=rules,
        games=len(records),
        wins={label: wins.get(i, 0) for i, label in enumerate(labels)},
        skunks={label: skunks.get(i, 0) for i, label in enumerate(labels)},
        first_dealer_wins=sum(1 for r in records if r.winner == r.first_dealer),
        points_per_deal=per_deal,
        points_by_role=by_role,
        seconds=seconds,
        deals=deals,
        pair_wins=pair_wins,
    )


def _play_chunk(args: tuple[tuple[str, ...], Rules, int, range, bool]) -> list[GameRecord]:
    names, rules, seed, indices, duplicate = args
    return [play_one(names, rules, seed, i, duplicate=duplicate) for i in indices]


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def check_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """Validate the bot levels for a variant: one per side (a player, or a team)."""
    cleaned = tuple(n.strip().lower() for n in names)
    for name in cleaned:
        if name not in LEVEL_NAMES:
            raise ValueError(f"{name!r} is not a bot level: choose from {', '.join(LEVEL_NAMES)}")
    if len(cleaned) != rules.sides:
        who = "teams" if rules.partnerships else "players"
        raise ValueError(f"{rules.name} needs {rules.sides} {who}, got {len(cleaned)}: {', '.join(cleaned)}")
    return cleaned


def run_selfplay(
    names: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    rules: Rules = STANDARD,
    jobs: int = 1,
    duplicate: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> SelfPlayResult:
    """Play ``games`` games between bot levels ``names`` (one per side) and add
    them up; ``duplicate``: each deck twice, the seats swapped (two players)."""
    names = check_names(names, rules)
    if games < 1:
        raise ValueError("play at least one game")
    if duplicate and (rules.sides != 2 or games % 2):
        raise ValueError("a duplicate run is two players and an even number of games")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    start = time.perf_counter()
    records: list[GameRecord] = []
    chunk = max(2, min(26, games // (jobs * 8) or 2) // 2 * 2)  # even: a duplicate pair stays together
    work = [(names, rules, seed, r, duplicate) for r in _chunks(games, chunk)]
    if jobs == 1:
        for item in work:
            records.extend(_play_chunk(item))
            if progress:
                progress(len(records), games)
    else:
        with get_context("fork").Pool(jobs) as pool:
            for done in pool.imap_unordered(_play_chunk, work):
                records.extend(done)
                if progress:
                    progress(len(records), games)
    records.sort(key=lambda r: r.index)
    return summarise(names, rules, records, time.perf_counter() - start, duplicate=duplicate)
