"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating,
its deviation (how unsure it is) and its volatility (how erratic), for a
learner and for a deal alike, each a :class:`Rating` value.

No well-kept package does this job (the ``glicko2`` on PyPI is an unmaintained
port of the paper's code with mutable players and no fractional periods), and
the algorithm is a page long, so it lives here, checked against the paper's
worked example: a player of 1500 (deviation 200, volatility 0.06) who beats a
1400 and loses to a 1550 and a 1700 in one rating period.

>>> player = Rating(1500, 200, 0.06)
>>> new = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)

Two things go beyond the paper, both as lichess does them for its puzzles: a
period may be a fraction (:func:`update`'s ``periods``: one answer every few
minutes is not a month of games), and an update may be damped or amplified
(:meth:`Rating.toward`: a weight of 0.2 moves a fifth of the way to the new
value).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

#: The rating scale's constant: Glicko-2 works on ``(r - 1500) / SCALE``.
SCALE = 173.7178
#: A newcomer: rating, deviation and volatility (the paper's suggested start).
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant τ, how much volatility may change (the paper suggests 0.3 to 1.2).
TAU = 0.5
#: Deviations are kept within these bounds: never surer than 45 (lichess's floor), never
#: less sure than a newcomer.
MIN_DEVIATION = 45.0
MAX_DEVIATION = DEFAULT_DEVIATION
#: Volatility is kept within these bounds (a damped update may not push it to nonsense).
MIN_VOLATILITY = 0.01
MAX_VOLATILITY = 0.15
#: The convergence tolerance of the volatility iteration (the paper's ε).
EPSILON = 0.000001


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating: the estimate, its deviation (about 68% within one) and its volatility."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def low(self) -> float:
        """The bottom of the 95% interval (two deviations below)."""
        return self.rating - 2 * self.deviation

    @property
    def high(self) -> float:
        """The top of the 95% interval (two deviations above)."""
        return self.rating + 2 * self.deviation

    def toward(self, other: "Rating", weight: float) -> "Rating":
        """Part of the way from this rating to ``other``: 0 stays, 1 arrives, more goes
        further; each of the three numbers alike (lichess's ``Glicko.average``).

        >>> Rating(1500, 200, 0.06).toward(Rating(1600, 100, 0.06), 0.5)
        Rating(rating=1550.0, deviation=150.0, volatility=0.06)
        """
        return _bounded(
            self.rating + weight * (other.rating - self.rating),
            self.deviation + weight * (other.deviation - self.deviation),
            self.volatility + weight * (other.volatility - self.volatility),
        )

    def aged(self, periods: float) -> "Rating":
        """The rating after ``periods`` rating periods with no game: as sure as it
        was less the volatility's drift (the paper's step 6 alone).

        >>> round(Rating(1500, 50, 0.06).aged(10).deviation, 1)
        59.9
        """
        if periods <= 0:
            return self
        phi = math.sqrt((self.deviation / SCALE) ** 2 + periods * self.volatility**2)
        return _bounded(self.rating, phi * SCALE, self.volatility)


def _bounded(rating: float, deviation: float, volatility: float) -> Rating:
    return Rating(
        rating,
        min(MAX_DEVIATION, max(MIN_DEVIATION, deviation)),
        min(MAX_VOLATILITY, max(MIN_VOLATILITY, volatility)),
    )


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def expected_score(player: Rating, opponent: Rating) -> float:
    """The player's chance against the opponent (a deal: of answering it right),
    counting the opponent's uncertainty, as the paper's E.

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    >>> expected_score(Rating(1500, 50), Rating(1500, 50))
    0.5
    """
    mu, mu_j = (player.rating - DEFAULT_RATING) / SCALE, (opponent.rating - DEFAULT_RATING) / SCALE
    return 1 / (1 + math.exp(-_g(opponent.deviation / SCALE) * (mu - mu_j)))


def rating_for_chance(player: Rating, chance: float, deviation: float = MIN_DEVIATION) -> float:
    """The rating of an opponent (a deal) of this ``deviation`` against which the
    player's chance is ``chance``: :func:`expected_score` solved for its rating.

    >>> learner = Rating(1500, 120)
    >>> round(expected_score(learner, Rating(rating_for_chance(learner, 0.75), MIN_DEVIATION)), 6)
    0.75
    >>> rating_for_chance(learner, 0.5)
    1500.0
    """
    mu = (player.rating - DEFAULT_RATING) / SCALE
    mu_j = mu - math.log(chance / (1 - chance)) / _g(deviation / SCALE)
    return DEFAULT_RATING + SCALE * mu_j


def update(player: Rating, results: Iterable[tuple[Rating, float]], periods: float = 1.0, tau: float = TAU) -> Rating:
    """The player's rating after one rating period's ``results`` (each an opponent
    and the player's score: 1 a win, 0 a loss, between for partial credit);
    ``periods`` is how long the period was, in periods (a fraction for an answer
    a few minutes after the last).  With no results only the deviation grows.
    """
    games = list(results)
    if not games:
        return player.aged(periods)
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - DEFAULT_RATING) / SCALE, opponent.deviation / SCALE
        g = _g(phi_j)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        v_inverse += g**2 * e * (1 - e)
        improvement += g * (score - e)
    v = 1 / v_inverse
    delta = v * improvement
    sigma_new = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi**2 + max(periods, 0.0) * sigma_new**2)
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = mu + phi_new**2 * improvement
    return _bounded(DEFAULT_RATING + SCALE * mu_new, SCALE * phi_new, sigma_new)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """The paper's step 5: the volatility solving f(x) = 0 by the Illinois algorithm."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
