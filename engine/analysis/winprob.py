"""Win probability from the position in the standard two-player game.

``win_probability(mine, theirs, i_deal, target)`` is P(win) for the player
whose score is ``mine``, at the start of a deal (``i_deal``: whose crib it is),
playing to ``target`` (121 or 61; six-card two-player rules).  It comes from a
dynamic programme over the points a deal brings, measured by self-play of the
insane level (:mod:`engine.bots.winprob_build`, ``crib winprob --build``) and kept
in ``engine/data/winprob-v1.json``:

* ``pegging``: the joint distribution of (dealer, pone) points in the play,
  the dealer's his heels included (it is pegged at the cut, before the play);
* ``pone_hand``: the pone's show;  ``dealer_show``: the dealer's hand and crib
  together;  ``crib`` alone (for a dealer who knows their own hand).

The three parts are taken as independent.  Within a deal the order of counting
decides who wins when both would pass the target: the play comes first, then
the pone's hand, then the dealer's hand and crib (RULES.md; ACC rules), so the
pone can count out before the dealer shows.  Within the play the order of the
points is not kept: if only one player's play points reach the target they
win; if both players' do, each is taken to win half the time (both pegging
out in one play is rare, and who gets there first depends on cards the table
does not know).  The game ends at the target (skunks are not valued here).

The table ``V[x, y]`` = P(dealer wins | dealer has x, pone has y, a deal
about to start) satisfies ``V = T(V)``, where T plays one deal and hands the
deal over (the next deal's dealer is the pone).  Every deal pegs at least one
point (the last card), so the recursion is finite; it is solved by iterating
T over the whole grid until nothing changes by more than 1e-12.

>>> round(win_probability(0, 0, True), 3) > 0.5  # the first crib is worth having
True
>>> win_probability(121, 100, False), win_probability(100, 121, True)
(1.0, 0.0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from engine.rules import Rules

#: Bumped when the data file's meaning changes; the file name carries it.
VERSION = 1
DATA_FILE = f"winprob-v{VERSION}.json"
#: The targets the table is made for (six-card two-player rules).
TARGETS = (121, 61)

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class DealDistributions:
    """The points one deal brings, as probability mass functions (index = points)."""

    #: (dealer points, pone points, probability) of the play, heels included.
    pegging: tuple[tuple[int, int, float], ...]
    pone_hand: tuple[float, ...]
    dealer_show: tuple[float, ...]
    crib: tuple[float, ...]
    deals: int = 0
    source: str = ""

    @classmethod
    def from_counts(
        cls,
        pegging: Mapping[tuple[int, int], int],
        pone_hand: Sequence[int],
        dealer_show: Sequence[int],
        crib: Sequence[int],
        *,
        source: str = "",
    ) -> "DealDistributions":
        """Distributions from counts of measured deals."""
        deals = sum(pegging.values())
        if deals == 0:
            raise ValueError("no deals measured")

        def pmf(counts: Sequence[int]) -> tuple[float, ...]:
            total = sum(counts)
            return tuple(c / total for c in counts)

        peg = tuple((d, p, n / deals) for (d, p), n in sorted(pegging.items()))
        return cls(peg, pmf(pone_hand), pmf(dealer_show), pmf(crib), deals, source)

    def means(self) -> dict[str, float]:
        """Mean points of each part (for reports and tests)."""

        def mean(pmf: Sequence[float]) -> float:
            return float(sum(i * p for i, p in enumerate(pmf)))

        return {
            "dealer_pegging": sum(d * p for d, _, p in self.pegging),
            "pone_pegging": sum(q * p for _, q, p in self.pegging),
            "pone_hand": mean(self.pone_hand),
            "dealer_show": mean(self.dealer_show),
            "crib": mean(self.crib),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "source": self.source,
            "deals": self.deals,
            "pegging": [[d, p, round(q, 9)] for d, p, q in self.pegging],
            "pone_hand": [round(q, 9) for q in self.pone_hand],
            "dealer_show": [round(q, 9) for q in self.dealer_show],
            "crib": [round(q, 9) for q in self.crib],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "DealDistributions":
        if data.get("version") != VERSION:
            raise ValueError(f"win probability data of version {data.get('version')!r}, expected {VERSION}")
        return cls(
            pegging=tuple((int(d), int(p), float(q)) for d, p, q in data["pegging"]),
            pone_hand=tuple(float(q) for q in data["pone_hand"]),
            dealer_show=tuple(float(q) for q in data["dealer_show"]),
            crib=tuple(float(q) for q in data["crib"]),
            deals=int(data.get("deals", 0)),
            source=str(data.get("source", "")),
        )


@cache
def load_distributions() -> DealDistributions:
    """The distributions shipped with the engine (``engine/data/winprob-v1.json``)."""
    text = resources.files("engine").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    return DealDistributions.from_dict(json.loads(text))


def _check_target(target: int) -> None:
    if target < 2:
        raise ValueError("the target must be at least 2")


class WinTable:
    """The solved table for one target, with the steps of a deal exposed so a
    player who knows part of a deal (its own hand, the play so far) can value it."""

    def __init__(self, dist: DealDistributions, target: int) -> None:
        _check_target(target)
        self.dist = dist
        self.target = target
        self.pone_hand = np.asarray(dist.pone_hand, dtype=np.float64)
        self.dealer_show = np.asarray(dist.dealer_show, dtype=np.float64)
        self.crib = np.asarray(dist.crib, dtype=np.float64)
        self.peg_dealer = np.asarray([d for d, _, _ in dist.pegging], dtype=np.int64)
        self.peg_pone = np.asarray([p for _, p, _ in dist.pegging], dtype=np.int64)
        self.peg_prob = np.asarray([q for _, _, q in dist.pegging], dtype=np.float64)
        self.V = self._solve()

    # ------------------------------------------------------------ the steps

    def _dealer_after_pone(self, V: FloatArray) -> FloatArray:
        """A[a, b]: P(dealer wins) with dealer a and pone b (both short of the
        target) when only the dealer's hand and crib are left to count."""
        T = self.target
        pad = np.zeros((T + len(self.dealer_show), T))
        pad[:T] = 1.0 - V.T  # pad[a', b] = 1 - V[b, a']: the pone deals next
        pad[T:] = 1.0  # the dealer counts out
        A = np.zeros((T, T))
        for t, p in enumerate(self.dealer_show):
            if p:
                A += p * pad[t:t + T]
        return A

    def _dealer_after_play(self, A: FloatArray) -> FloatArray:
        """U[a, b]: P(dealer wins) after the play, both short of the target."""
        T = self.target
        pad = np.zeros((T, T + len(self.pone_hand)))
        pad[:, :T] = A  # the pone counting out leaves zero
        U = np.zeros((T, T))
        for h, p in enumerate(self.pone_hand):
            if p:
                U += p * pad[:, h:h + T]
        return U

    def _play(self, U: FloatArray) -> FloatArray:
        """P(dealer wins) before the play, from U after it."""
        T = self.target
        top = int(max(self.peg_dealer.max(), self.peg_pone.max())) + 1
        pad = np.empty((T + top, T + top))
        pad[:T, :T] = U
        pad[T:, :T] = 1.0  # only the dealer pegged out
        pad[:T, T:] = 0.0  # only the pone pegged out
        pad[T:, T:] = 0.5  # both: who was first is not known (see the module doc)
        V = np.zeros((T, T))
        for d, q, p in zip(self.peg_dealer, self.peg_pone, self.peg_prob):
            V += p * pad[d:d + T, q:q + T]
        return V

    def _solve(self) -> FloatArray:
        V = np.full((self.target, self.target), 0.5)
        for _ in range(10 * self.target):
            new = self._play(self._dealer_after_play(self._dealer_after_pone(V)))
            done = float(np.abs(new - V).max()) < 1e-12
            V = new
            if done:
                break
        clipped: FloatArray = np.clip(V, 0.0, 1.0)  # sums of probabilities may stray by rounding
        return clipped

    # ------------------------------------------------------------ queries

    def start(self, mine: int, theirs: int, i_deal: bool) -> float:
        """P(win) at the start of a deal."""
        T = self.target
        if mine >= T:
            return 1.0
        if theirs >= T:
            return 0.0
        mine, theirs = max(mine, 0), max(theirs, 0)
        return float(self.V[mine, theirs]) if i_deal else 1.0 - float(self.V[theirs, mine])

    def pone_after_play(self, mine: int, theirs: int, show: int | Sequence[float] | FloatArray) -> float:
        """P(win) for the pone after the play, whose own hand counts ``show``
        (points, or a pmf of them; the dealer's hand and crib drawn from the
        table's distribution)."""
        T = self.target
        pmf = np.asarray([0.0] * show + [1.0] if isinstance(show, int) else show, dtype=np.float64)
        if theirs >= T:
            return 0.0
        mt = mine + np.arange(len(pmf))
        left = theirs + np.arange(len(self.dealer_show))
        # rows: my show s, columns: the dealer's t
        values = np.where(
            left[None, :] >= T, 0.0, self.V[np.minimum(mt, T - 1)[:, None], np.minimum(left, T - 1)[None, :]]
        )
        values = np.where(mt[:, None] >= T, 1.0, values)
        return float(pmf @ values @ self.dealer_show)

    def dealer_after_play(self, mine: int, theirs: int, show: Sequence[float] | FloatArray) -> float:
        """P(win) for the dealer after the play, whose hand and crib count by
        the pmf ``show`` (the pone's hand drawn from the table's distribution)."""
        T = self.target
        show = np.asarray(show, dtype=np.float64)
        if theirs >= T:
            return 0.0
        totals = mine + np.arange(len(show))
        pone_totals = theirs + np.arange(len(self.pone_hand))
        # rows: pone hand h, columns: dealer show t
        ph = np.minimum(pone_totals, T - 1)[:, None]
        dt = np.minimum(totals, T - 1)[None, :]
        after = np.where(totals[None, :] >= T, 1.0, 1.0 - self.V[ph, dt])
        after = np.where(pone_totals[:, None] >= T, 0.0, after)
        return float(self.pone_hand @ after @ show)

    def deal(
        self,
        mine: int,
        theirs: int,
        i_deal: bool,
        show: Sequence[float] | FloatArray,
        *,
        their_show: Sequence[float] | FloatArray | None = None,
    ) -> float:
        """P(win) at the start of a deal when this player's show (hand, and the
        crib when dealing) counts by the pmf ``show``; the play and the other
        player's show from the table (``their_show`` overrides the latter)."""
        T = self.target
        if mine >= T:
            return 1.0
        if theirs >= T:
            return 0.0
        show = np.asarray(show, dtype=np.float64)
        other = np.asarray(
            their_show if their_show is not None else (self.pone_hand if i_deal else self.dealer_show),
            dtype=np.float64,
        )
        d = np.where(i_deal, mine + self.peg_dealer, mine + self.peg_pone)  # my score after the play
        e = np.where(i_deal, theirs + self.peg_pone, theirs + self.peg_dealer)
        race = np.where((d >= T) & (e >= T), 0.5, np.where(d >= T, 1.0, 0.0))
        going = (d < T) & (e < T)
        # k: a play's outcome; s: my show; o: their show
        mt = d[:, None] + np.arange(len(show))[None, :]
        tt = e[:, None] + np.arange(len(other))[None, :]
        mi, ti = np.minimum(mt, T - 1), np.minimum(tt, T - 1)
        if i_deal:  # the pone (them) counts first, then my hand and crib
            grid = np.where(mt[:, None, :] >= T, 1.0, 1.0 - self.V[ti[:, :, None], mi[:, None, :]])
            grid = np.where(tt[:, :, None] >= T, 0.0, grid)  # [k, o, s]
            after = np.einsum("o,kos,s->k", other, grid, show)
        else:  # I count first; then the dealer, and I deal next
            grid = np.where(tt[:, None, :] >= T, 0.0, self.V[mi[:, :, None], ti[:, None, :]])
            grid = np.where(mt[:, :, None] >= T, 1.0, grid)  # [k, s, o]
            after = np.einsum("s,kso,o->k", show, grid, other)
        return float(self.peg_prob @ np.where(going, after, race))


@cache
def win_table(target: int = 121) -> WinTable:
    """The solved table for ``target`` from the shipped distributions (cached)."""
    return WinTable(load_distributions(), target)


def table_for(rules: Rules) -> WinTable | None:
    """The win table for a game of these rules, or None where it does not apply.

    The table is measured on the two-player six-card game to 121 or 61.  Three
    or four players, the five- and seven-card games and giveaway (where the
    first to the target loses, the opposite of what the table values) get none.

    >>> from engine.rules import STANDARD, THREE_PLAYER
    >>> table_for(STANDARD) is not None, table_for(THREE_PLAYER), table_for(STANDARD.with_options(giveaway=True))
    (True, None, None)
    """
    if rules.players != 2 or rules.target not in TARGETS or rules.giveaway or rules.play_stops_at_first_reset:
        return None
    if rules.hand_size != 6 or rules.discards != 2 or rules.cards_to_crib or rules.pone_start_bonus:
        return None
    return win_table(rules.target)


def win_probability(mine: int, theirs: int, i_deal: bool, target: int = 121) -> float:
    """P(win) for the player on ``mine`` against ``theirs`` at the start of a
    deal; ``i_deal``: whether this player deals it (the crib is theirs).

    >>> round(win_probability(120, 0, False), 2)  # one to go, and the pone counts first
    1.0
    """
    _check_target(target)
    return win_table(target).start(mine, theirs, i_deal)


def shifted(pmf: Sequence[float] | FloatArray, shift: int) -> FloatArray:
    """A pmf moved by ``shift`` points (mass below zero piles up at zero)."""
    pmf = np.asarray(pmf, dtype=np.float64)
    if shift >= 0:
        return np.concatenate([np.zeros(shift), pmf])
    out = pmf[-shift:].copy()
    if len(out) == 0:
        return np.asarray([1.0])
    out[0] += pmf[:-shift].sum()
    return out


__all__ = [
    "DATA_FILE",
    "DealDistributions",
    "TARGETS",
    "table_for",
    "VERSION",
    "WinTable",
    "load_distributions",
    "shifted",
    "win_probability",
    "win_table",
]
