"""A simulated learner: the model that calibrates a new deal's rating and that
``bench/bench_learning.py`` runs for 60 days under three dealing policies.

The model, stated:

* **Hidden skill.** A learner has a skill θ per combo type (17: the show's 11,
  pegging's 6), plus one for the discard and one for the best card, on a
  logit scale.  A newcomer's skills are drawn from N(:data:`START_MEAN`,
  :data:`START_SPREAD`) each.
* **Answering.** Each combo type has a difficulty b (:data:`DIFFICULTY`).  A
  count (hand, crib, pegging moment) is right when the learner sees every
  combination in it and adds without a slip: the chance is
  ``(1 - SLIP) * prod over types of sigmoid(θ - b) ** (1 + REPEAT_EASE * (k - 1))``
  for k combinations of a type (a second fifteen of two is easier to see
  than the first); a deal with no combination is a trap of difficulty
  :data:`NOTHING_DIFFICULTY` on the learner's mean show skill.  A discard or a
  best card is one trial, ``sigmoid(θ - b_deal)``, with the deal's own
  difficulty.  The hidden accuracy on a type is ``sigmoid(θ - b)``.
* **Growth with practice.** Each time a type is met and the breakdown shown,
  θ moves toward the ceiling :data:`CEILING` by :data:`LEARN_RIGHT` of the gap
  after a right answer, :data:`LEARN_WRONG` after a wrong one (a mistake
  shown teaches more).
* **Fading with time.** What was learnt above the starting skill decays,
  ``θ(t) = θ0 + (θ - θ0) * exp(-days / S)``, with a memory stability S per type
  (:data:`START_STABILITY` days).  Practice after a gap strengthens memory
  more than massed practice (the spacing effect): each meeting multiplies S
  by ``1 + SPACING_GAIN * (1 - exp(-days / S))``, up to :data:`MAX_STABILITY`.

>>> learner = SimulatedLearner.newcomer(random.Random(1))
>>> before = learner.accuracy(ComboType.NOBS, 0.0)
>>> for _ in range(20):
...     learner.practise([ComboType.NOBS], right=False, day=0.0)
>>> learner.accuracy(ComboType.NOBS, 0.0) > before, learner.accuracy(ComboType.NOBS, 0.0) > learner.accuracy(ComboType.NOBS, 30.0)
(True, True)
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import numpy as np

from trainer.record.combos import ComboType

#: Each combo type's difficulty (logits): a newcomer of skill 0 sees it with chance sigmoid(-b).
DIFFICULTY: dict[ComboType, float] = {
    ComboType.FIFTEEN_2: -2.0,
    ComboType.FIFTEEN_3: -1.0,
    ComboType.FIFTEEN_4: 0.0,
    ComboType.FIFTEEN_5: 0.5,
    ComboType.PAIR: -3.0,
    ComboType.PAIR_ROYAL: -1.0,
    ComboType.RUN: -2.0,
    ComboType.MULTIPLE_RUNS: 0.5,
    ComboType.HAND_FLUSH: -0.5,
    ComboType.CRIB_FLUSH: 0.5,
    ComboType.NOBS: 0.0,
    ComboType.PEG_FIFTEEN: -2.5,
    ComboType.PEG_THIRTY_ONE: -2.0,
    ComboType.PEG_PAIR: -2.0,
    ComboType.PEG_RUN: 0.5,
    ComboType.PEG_GO: -0.5,
    ComboType.PEG_LAST_CARD: -0.5,
}
#: A deal with nothing to count (a "19" hand, a card that pegs nothing): a trap of this difficulty.
NOTHING_DIFFICULTY = -1.0
#: The chance of adding wrong having seen every combination.
SLIP = 0.03
#: Each further combination of a type in one deal weighs this share of a trial.
REPEAT_EASE = 0.25
#: A newcomer's skills: mean and spread (logits).
START_MEAN = 0.0
START_SPREAD = 0.8
#: Where practice leads, and how far each meeting moves toward it.
CEILING = 4.0
LEARN_RIGHT = 0.05
LEARN_WRONG = 0.10
#: Memory stability in days: at the start, its growth per spaced meeting, its cap.
START_STABILITY = 2.0
SPACING_GAIN = 1.5
MAX_STABILITY = 180.0
#: The skills beside the combo types.
DISCARD = "discard"
BEST_CARD = "best card"

Trait = ComboType | str


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


@dataclass
class SimulatedLearner:
    """One simulated learner's hidden state (see the module's model)."""

    start: dict[Trait, float]
    skill: dict[Trait, float]
    stability: dict[Trait, float] = field(default_factory=dict)
    #: the day each trait was last practised
    last: dict[Trait, float] = field(default_factory=dict)

    @classmethod
    def newcomer(cls, rng: random.Random) -> "SimulatedLearner":
        traits: list[Trait] = [*ComboType, DISCARD, BEST_CARD]
        start = {t: rng.gauss(START_MEAN, START_SPREAD) for t in traits}
        return cls(start, dict(start), {t: START_STABILITY for t in traits}, {t: 0.0 for t in traits})

    def theta(self, trait: Trait, day: float) -> float:
        """The skill on ``trait`` at ``day``, faded since it was last practised."""
        gap = max(0.0, day - self.last[trait])
        return self.start[trait] + (self.skill[trait] - self.start[trait]) * math.exp(-gap / self.stability[trait])

    def accuracy(self, combo_type: ComboType, day: float) -> float:
        """The hidden accuracy on a combo type: the chance of seeing one."""
        return sigmoid(self.theta(combo_type, day) - DIFFICULTY[combo_type])

    def chance_count(self, types: Sequence[ComboType], day: float) -> float:
        """The chance of counting a deal holding these combinations right."""
        if not types:
            return (1 - SLIP) * sigmoid(self._show_mean(day) - NOTHING_DIFFICULTY)
        return (1 - SLIP) * _chance_of(types, lambda t: self.theta(t, day), 0.0)

    def chance_single(self, trait: Trait, difficulty: float, day: float) -> float:
        """The chance of a discard's or a best card's one trial."""
        return sigmoid(self.theta(trait, day) - difficulty)

    def _show_mean(self, day: float) -> float:
        show = [t for t in ComboType if not t.is_pegging]
        return sum(self.theta(t, day) for t in show) / len(show)

    def practise(self, traits: Iterable[Trait], *, right: bool, day: float) -> None:
        """Meet these traits at ``day`` and see the breakdown: fade, then learn."""
        for trait in set(traits):
            gap = max(0.0, day - self.last[trait])
            theta = self.theta(trait, day)
            retained = math.exp(-gap / self.stability[trait])
            self.stability[trait] = min(MAX_STABILITY, self.stability[trait] * (1 + SPACING_GAIN * (1 - retained)))
            self.skill[trait] = theta + (LEARN_RIGHT if right else LEARN_WRONG) * (CEILING - theta)
            self.last[trait] = day


def _chance_of(types: Sequence[ComboType], theta: Callable[[ComboType], float], show_mean: float) -> float:
    if not types:
        return sigmoid(show_mean - NOTHING_DIFFICULTY)
    chance = 1.0
    for combo_type, count in Counter(types).items():
        chance *= sigmoid(theta(combo_type) - DIFFICULTY[combo_type]) ** (1 + REPEAT_EASE * (count - 1))
    return chance


#: Newcomers in the calibration population.
POPULATION_SIZE = 256
#: Its seed: the population, and so every prior, is the same on every run.
POPULATION_SEED = 20261201
_TYPES = tuple(ComboType)
_SHOW = np.array([not t.is_pegging for t in _TYPES])


def _population() -> tuple[np.ndarray, np.ndarray]:
    """The newcomers' log chance of seeing each type (learners by types), and
    their chance on a deal with nothing to count."""
    rng = np.random.default_rng(POPULATION_SEED)
    skills = rng.normal(START_MEAN, START_SPREAD, size=(POPULATION_SIZE, len(_TYPES)))
    difficulty = np.array([DIFFICULTY[t] for t in _TYPES])
    log_seen = -np.log1p(np.exp(-(skills - difficulty)))
    nothing = 1 / (1 + np.exp(-(skills[:, _SHOW].mean(axis=1) - NOTHING_DIFFICULTY)))
    return log_seen, nothing


_LOG_SEEN, _NOTHING = _population()


def newcomer_chance(types: Sequence[ComboType]) -> float:
    """The share of newcomers (a seeded population of :data:`POPULATION_SIZE`)
    who count a deal holding these combinations right.

    >>> round(newcomer_chance([ComboType.PAIR]), 2), round(newcomer_chance([ComboType.FIFTEEN_5]), 2)
    (0.92, 0.39)
    """
    return _chance_of_counts(tuple(sorted(Counter(t.value for t in types).items())))


@functools.lru_cache(maxsize=4096)
def _chance_of_counts(counts: tuple[tuple[str, int], ...]) -> float:
    if not counts:
        return (1 - SLIP) * float(_NOTHING.mean())
    weights = np.zeros(len(_TYPES))
    for value, count in counts:
        weights[_TYPES.index(ComboType(value))] = 1 + REPEAT_EASE * (count - 1)
    return (1 - SLIP) * float(np.exp(_LOG_SEEN @ weights).mean())
