"""Dealing at the learner's level: among candidate deals, one whose rating gives
the learner a chance of answering right near a target (about 75%, or even
while placing), still weighted toward what the drills would favour (weak combo
types: the candidate's ``weight``).

A drill deals a handful of candidates as it does today (the adaptive dealer's
focus kinds and peg tags), then asks :func:`pick_deal` which to deal.

>>> easy, hard = Candidate("easy", Rating(1200, 60)), Candidate("hard", Rating(1900, 60))
>>> choose_near([easy, hard], Rating(1500, 60), 0.75).item, choose_near([easy, hard], Rating(1500, 60), 0.2).item
('easy', 'hard')
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, Iterable, Sequence, TypeVar

from trainer.database import utcnow
from trainer.drills.adaptive import ERROR_BOOST, error_rate
from trainer.drills.deal import replay
from trainer.rating import placement, ratings
from trainer.rating.glicko2 import Rating, expected_score, rating_for_chance
from trainer.rating.skills import Deal, Skill, combo_types_of
from trainer.record.attempts import DrillKind
from trainer.record.combos import ComboType
from trainer.record.stats import LearnerStats

T = TypeVar("T")

#: How fast a candidate's appeal falls off with its chance's distance from the
#: target: at 0.1 away it is e^-1 as likely, at 0.2 away e^-4.
CHANCE_WIDTH = 0.1


@dataclass(frozen=True, slots=True)
class Candidate(Generic[T]):
    """A deal that could be dealt, its rating, and how much the drills favour it."""

    item: T
    rating: Rating
    weight: float = 1.0


def appeal(chance: float, target: float, weight: float = 1.0) -> float:
    """How likely a candidate with this ``chance`` is to be picked (before normalising).

    >>> appeal(0.75, 0.75), round(appeal(0.65, 0.75), 3), round(appeal(0.65, 0.75, 2.0), 3)
    (1.0, 0.368, 0.736)
    """
    return weight * math.exp(-(((chance - target) / CHANCE_WIDTH) ** 2))


def choose_near(
    candidates: Sequence[Candidate[T]], learner: Rating, target: float, rng: random.Random | None = None
) -> Candidate[T]:
    """The candidate to deal: drawn by :func:`appeal` (with ``rng``), or the most
    appealing (without).  ``ValueError`` on no candidates."""
    if not candidates:
        raise ValueError("no candidate deals to choose from")
    appeals = [appeal(expected_score(learner, c.rating), target, c.weight) for c in candidates]
    if rng is None or sum(appeals) <= 0:
        return candidates[max(range(len(candidates)), key=appeals.__getitem__)]
    return rng.choices(list(candidates), weights=appeals)[0]


def weak_type_weight(types: Iterable[ComboType], stats: LearnerStats) -> float:
    """How much a deal holding these combo types is favoured: 1 plus the adaptive
    dealer's boost times the learner's worst error rate among them (a type not
    tried yet counts as half wrong, as the adaptive dealer counts it).

    >>> from trainer.record.stats import ComboStats
    >>> stats = LearnerStats(10, 5, 0, None, (ComboStats(ComboType.NOBS, 4, 1, 0), ComboStats(ComboType.PAIR, 4, 4, 0)), ())
    >>> weak_type_weight([ComboType.PAIR], stats), weak_type_weight([ComboType.PAIR, ComboType.NOBS], stats), weak_type_weight([], stats)
    (1.0, 3.25, 1.0)
    """
    worst = max((error_rate(stats, (combo_type,)) for combo_type in set(types)), default=0.0)
    return 1.0 + ERROR_BOOST * worst


#: The points each combo type is worth in an average random deal of its drill
#: (4,000 hands, cribs and pegging moments dealt by the drills' own functions,
#: ``tests/trainer/rating/test_placement_and_dealing.py`` deals them again):
#: what missing it costs a learner over the deals they will meet.
POINTS_PER_DEAL: dict[ComboType, float] = {
    ComboType.FIFTEEN_2: 1.48, ComboType.FIFTEEN_3: 1.01, ComboType.FIFTEEN_4: 0.14, ComboType.FIFTEEN_5: 0.01,
    ComboType.PAIR: 1.04, ComboType.PAIR_ROYAL: 0.14, ComboType.RUN: 0.55, ComboType.MULTIPLE_RUNS: 0.30,
    ComboType.HAND_FLUSH: 0.04, ComboType.CRIB_FLUSH: 0.01, ComboType.NOBS: 0.07,
    ComboType.PEG_PAIR: 0.31, ComboType.PEG_LAST_CARD: 0.29, ComboType.PEG_GO: 0.24, ComboType.PEG_THIRTY_ONE: 0.23,
    ComboType.PEG_FIFTEEN: 0.19, ComboType.PEG_RUN: 0.17,
}
#: Added to a type's points per deal when weighing what is at stake: a rare type
#: the learner keeps missing (nobs, a flush) is still worth dealing now and then.
RARE_TYPE_FLOOR = 0.3


def points_at_stake(combo_type: ComboType, stats: LearnerStats) -> float:
    """What the learner's misses of a combo type cost: their error rate on it (an
    untried type counting as :data:`~trainer.drills.adaptive.UNTRIED_ERROR`)
    times its points per deal (:data:`POINTS_PER_DEAL`, plus :data:`RARE_TYPE_FLOOR`).

    >>> from trainer.record.stats import ComboStats
    >>> stats = LearnerStats(10, 5, 0, None, (ComboStats(ComboType.NOBS, 4, 1, 0), ComboStats(ComboType.PAIR, 4, 3, 0)), ())
    >>> round(points_at_stake(ComboType.NOBS, stats), 3), round(points_at_stake(ComboType.PAIR, stats), 3)
    (0.277, 0.335)
    """
    return error_rate(stats, (combo_type,)) * (POINTS_PER_DEAL.get(combo_type, 0.0) + RARE_TYPE_FLOOR)


def weakest_type(deals: Sequence[Deal], stats: LearnerStats, due: Iterable[ComboType] = ()) -> ComboType | None:
    """The combo type, among those ``deals`` hold, whose misses cost the learner
    most: a type FSRS says is due first (the one due longest, ``due`` in that
    order), else the most :func:`points_at_stake`; None when no deal holds a
    type the learner has missed or not tried.

    >>> from trainer.record.stats import ComboStats
    >>> stats = LearnerStats(10, 5, 0, None, (ComboStats(ComboType.NOBS, 4, 1, 0), ComboStats(ComboType.PAIR, 4, 4, 0)), ())
    >>> weakest_type([], stats), weakest_type([], stats, [ComboType.RUN])
    (None, None)
    """
    held = {combo_type for deal in deals for combo_type in combo_types_of(deal)}
    due_held = [combo_type for combo_type in due if combo_type in held]
    if due_held:
        return due_held[0]
    stakes = {combo_type: points_at_stake(combo_type, stats) for combo_type in held}
    worst = max(sorted(stakes), key=stakes.__getitem__, default=None)
    return worst if worst is not None and stakes[worst] > 0 else None


def deal_weights(deals: Sequence[Deal], stats: LearnerStats) -> list[float]:
    """:func:`weak_type_weight` of each deal (from the combo types it holds)."""
    return [weak_type_weight(combo_types_of(deal), stats) for deal in deals]


#: Deals rated near the learner's target taken from the shared pool, on each side of it.
POOL_EACH_SIDE = 2


@dataclass(frozen=True, slots=True)
class Aim:
    """Where a drill deals a learner on a skill: their rating now and the chance
    to aim at (even while placing, the target after)."""

    learner: Rating
    chance: float


def aim_for(learner_id: int, skill: Skill, target: float = placement.TARGET_CHANCE,
            now: datetime | None = None) -> Aim:
    """The learner's :class:`Aim` on ``skill``, read once for a drill's whole choice."""
    current = ratings.learner_ratings(learner_id)
    return Aim(current[skill].at(now or utcnow()), placement.target_for(current, skill, target))


def pool_deals(learner_id: int, kind: DrillKind, skill: Skill, aim: Aim) -> list[Deal]:
    """Deals others have met on ``skill``, the learner not yet, rated nearest the
    one the learner would answer right with the aimed chance: candidates of a
    known difficulty beside the drill's fresh ones (whose ratings are priors)."""
    near = ratings.rated_deals_near(skill, rating_for_chance(aim.learner, aim.chance), learner_id, POOL_EACH_SIDE)
    return [deal for deal in (replay(kind, payload) for payload, _rating in near) if deal is not None]


@dataclass(frozen=True, slots=True)
class Picked:
    """The deal picked, its place among the candidates, and the learner's chance on it."""

    deal: Deal
    index: int
    chance: float


def pick_deal(
    learner_id: int,
    skill: Skill,
    deals: Sequence[Deal],
    rng: random.Random,
    *,
    weights: Sequence[float] | None = None,
    target: float = placement.TARGET_CHANCE,
    now: datetime | None = None,
    aim: Aim | None = None,
) -> Picked:
    """Which of ``deals`` (candidates the drill dealt) to deal to the learner on
    ``skill``: the learner's rating and the deals' (their own or calibrated
    priors) read in two queries, the target even while placing (``aim``: the
    learner's rating and chance, when the caller has read them for ``target``);
    ``weights`` favour some candidates (:func:`deal_weights`: those holding the
    learner's weak combo types)."""
    aim = aim or aim_for(learner_id, skill, target, now)
    deal_ratings = ratings.deal_ratings(skill, deals)
    weights = weights or [1.0] * len(deals)
    candidates = [Candidate(i, r, w) for i, (r, w) in enumerate(zip(deal_ratings, weights))]
    chosen = choose_near(candidates, aim.learner, aim.chance, rng)
    return Picked(deals[chosen.item], chosen.item, expected_score(aim.learner, chosen.rating))
