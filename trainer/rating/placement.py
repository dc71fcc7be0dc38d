"""The placement: a newcomer's first ten rated deals set their starting ratings.

Ten deals across the skills (:data:`PLACEMENT`), each dealt where the learner's
chance is even (:data:`PLACEMENT_CHANCE`: the answer then tells the most), and
rated in full: a newcomer's deviation of 350 lets each answer move the rating
far, so ten answers place a learner within a couple of hundred points.  After
that the drills deal at the usual target chance (:data:`TARGET_CHANCE`).

>>> from trainer.rating.ratings import SkillRating, NEWCOMER
>>> placement_of({s: SkillRating(s, NEWCOMER, 0) for s in Skill}).next_skill
<Skill.COUNT_HAND: 'count a hand'>
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping

from trainer.rating.ratings import SkillRating, learner_ratings
from trainer.rating.skills import Skill

#: The placement's deals, in the order they are dealt.
PLACEMENT = (
    Skill.COUNT_HAND, Skill.PEGGING, Skill.DISCARD, Skill.COUNT_CRIB, Skill.BEST_CARD,
    Skill.COUNT_HAND, Skill.PEGGING, Skill.DISCARD, Skill.COUNT_CRIB, Skill.COUNT_HAND,
)
PLACEMENT_COUNTS = Counter(PLACEMENT)
#: The chance a placement deal is chosen for.
PLACEMENT_CHANCE = 0.5
#: The chance the drills deal for after placement (the app's setting ``RATING_TARGET`` may change it).
TARGET_CHANCE = 0.75


@dataclass(frozen=True, slots=True)
class Placement:
    """How far a learner is through the placement."""

    done: int
    total: int
    #: the next placement deal's skill; None once placed
    next_skill: Skill | None

    @property
    def placed(self) -> bool:
        return self.next_skill is None


def placement_of(current: Mapping[Skill, SkillRating]) -> Placement:
    """The learner's placement, from their ratings' counts of rated answers."""
    done = sum(min(current[skill].rated, n) for skill, n in PLACEMENT_COUNTS.items())
    met: Counter[Skill] = Counter()
    next_skill = None
    for skill in PLACEMENT:
        met[skill] += 1
        if current[skill].rated < met[skill]:
            next_skill = skill
            break
    return Placement(done, len(PLACEMENT), next_skill)


def placement_for(learner_id: int) -> Placement:
    """The learner's placement as their ratings stand (one read of their five rows)."""
    return placement_of(learner_ratings(learner_id))


def placement_deal(learner_id: int, skill: Skill) -> Placement | None:
    """The learner's placement when their next first try on ``skill`` is one of
    its deals (the page says "deal 3 of 10" as it goes); None once placed, or
    when ``skill`` has had its placement deals."""
    current = learner_ratings(learner_id)
    placing = placement_of(current)
    return None if placing.placed or not in_placement(current, skill) else placing


def in_placement(current: Mapping[Skill, SkillRating], skill: Skill) -> bool:
    """Whether the learner's next answer on ``skill`` is still a placement deal."""
    return current[skill].rated < PLACEMENT_COUNTS[skill]


def target_for(current: Mapping[Skill, SkillRating], skill: Skill, target: float = TARGET_CHANCE) -> float:
    """The chance to deal ``skill`` at: even while placing, ``target`` after."""
    return PLACEMENT_CHANCE if in_placement(current, skill) else target
