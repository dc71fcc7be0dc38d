"""Today's learner model behind the plain-data protocol: an adapter over the
product's :class:`trainer.rating.learner_model.SimulatedLearner` (the model
``bench/bench_learning.py`` runs; stated in full in its docstring).

The model, stated:

* **Hidden skill** θ per combo type (17), one for the discard and one for the
  best card, on a logit scale, a newcomer's drawn from
  N(:data:`~trainer.rating.learner_model.START_MEAN`,
  :data:`~trainer.rating.learner_model.START_SPREAD`) (``SimulatedLearner.newcomer``).
* **A count** (hand, crib, pegging moment).  Each combo type in the items, met
  k times, is seen with chance ``sigmoid(θ - b) ** (1 + REPEAT_EASE * (k - 1))``
  (the product's per-type trial, as ``bench_learning.answer`` draws it).  A type
  not seen loses some of its items: each with chance :data:`MISS_SHARE`, at
  least one, so the total answered is the points of the items seen (a miss
  under-counts).  Every type seen, the learner still slips with chance
  :data:`~trainer.rating.learner_model.SLIP` and is off by one or two
  (:data:`SLIP_OFFSETS`).  A deal with nothing to count is answered 0 with
  chance ``sigmoid(mean show skill - NOTHING_DIFFICULTY)``, else with a phantom
  :data:`PHANTOM_POINTS`.
* **A discard or a best card** is one trial, ``sigmoid(θ - b_deal)``, the deal's
  difficulty b_deal fixed by its key, N(0, :data:`DEAL_SPREAD`) for the discard
  and N(:data:`BEST_CARD_MEAN`, :data:`DEAL_SPREAD`) for the best card (as
  ``bench_learning`` draws it per deal).  Right: a choice that loses nothing;
  wrong: another, with weight ``exp(-loss / WRONG_LOSS_SCALE)`` (small losses likelier).
* **Learning** (``feedback``): every combo type met is practised
  (``SimulatedLearner.practise``) with ``right`` = whether it was seen in the
  answer (a type seen in a wrong count is practised as right, as
  ``bench_learning`` does); the discard or best card with the answer's right.
  Growth toward the ceiling, fading ``exp(-days / S)`` and the spacing effect
  are the product's model.  A type's first meeting counts as day 0 of its
  memory (no spacing gain for the time before it).
* **Time**: the skill's usual mean seconds (:data:`trainer.rating.skills.USUAL_SECONDS`)
  times ``exp(N(0, TIME_NOISE))`` times ``2 - p``, p the chance of being right
  (slower when unsure).
* A check-up answer (``learn=False``) draws from its own stream made from (seed,
  key, now) and records nothing.
"""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # loaded by its path (--model FILE.py:FACTORY): bench is not installed

from bench.learners.protocol import (  # noqa: E402
    Choice,
    Drill,
    Reply,
    checkup_rng,
    choice_reply,
    count_reply,
    day_number,
    deal_normal,
    is_count,
)
from trainer.rating import learner_model  # noqa: E402
from trainer.rating.learner_model import BEST_CARD, DISCARD, SimulatedLearner, Trait  # noqa: E402
from trainer.rating.skills import USUAL_SECONDS, Skill  # noqa: E402
from trainer.record.combos import ComboType  # noqa: E402

#: Day 0 of every learner's memory clock (only differences of days matter).
EPOCH = datetime(2000, 1, 1)
#: A type not seen: the share of its items missed (at least one is).
MISS_SHARE = 0.5
#: A slip having seen everything: off by one of these.
SLIP_OFFSETS = (-2, -1, 1, 2)
#: A deal with nothing to count, not seen as nothing: the points claimed.
PHANTOM_POINTS = 2
#: A discard's or a best card's hidden difficulty (logits): spread, and the best card's mean.
DEAL_SPREAD = 0.8
BEST_CARD_MEAN = 0.3
#: A wrong choice: weight exp(-loss / this) among the choices that lose something.
WRONG_LOSS_SCALE = 1.0
#: The spread (log scale) of the time taken around the usual.
TIME_NOISE = 0.35
#: The protocol's skill names, as the product's skills (for the usual time).
SKILL_OF = {"hand": Skill.COUNT_HAND, "crib": Skill.COUNT_CRIB, "pegging": Skill.PEGGING,
            "best card": Skill.BEST_CARD, "discard": Skill.DISCARD}
#: The protocol's choice skills, as the product model's traits.
CHOICE_TRAIT: dict[str, Trait] = {"discard": DISCARD, "best card": BEST_CARD}


@dataclass(frozen=True)
class Answered:
    """What a practice answer leaves for its feedback: each combo type seen or not."""

    seen: dict[ComboType, bool]


class TodayLearner:
    """One learner of the product's model, answering drills (see the module's model)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.learner = SimulatedLearner.newcomer(self.rng)
        #: the traits met at least once (a first meeting starts the trait's memory clock)
        self.met: set[Trait] = set()
        #: the last practice answer per key, for its feedback
        self.pending: dict[str, Answered] = {}

    def answer(self, drill: Drill, learn: bool = True) -> Reply:
        """The learner's answer; with ``learn=False`` nothing in the model changes."""
        rng = self.rng if learn else checkup_rng(self.seed, drill)
        day = day_number(drill["now"], EPOCH)
        if is_count(drill):
            number, seen, p = self._count(drill, day, rng)
            if learn:
                self.pending[drill["key"]] = Answered(seen)
            return count_reply(drill, number, self._seconds(drill, p, rng))
        choice, p = self._choose(drill, day, rng)
        return choice_reply(drill, choice, self._seconds(drill, p, rng))

    def feedback(self, drill: Drill, right: bool) -> None:
        """Practise what the drill met, having seen its breakdown."""
        day = day_number(drill["now"], EPOCH)
        if not is_count(drill):
            self._practise(CHOICE_TRAIT[drill["skill"]], right, day)
            return
        answered = self.pending.pop(drill["key"], None)
        for combo in dict.fromkeys(ComboType(item["combo"]) for item in drill["items"]):
            seen = answered.seen.get(combo, right) if answered else right
            self._practise(combo, seen, day)

    def hidden_accuracy(self, combo: str, now: str) -> float:
        """The chance of seeing one combination of this type at ``now`` (for
        "discard" or "best card": of a right answer on a deal of middling difficulty)."""
        day = day_number(now, EPOCH)
        if combo in CHOICE_TRAIT:
            return self.learner.chance_single(CHOICE_TRAIT[combo], 0.0, day)
        return self.learner.accuracy(ComboType(combo), day)

    def _practise(self, trait: Trait, right: bool, day: float) -> None:
        if trait not in self.met:
            self.met.add(trait)
            self.learner.last[trait] = day
        self.learner.practise([trait], right=right, day=day)

    def _count(self, drill: Drill, day: float, rng: random.Random) -> tuple[int, dict[ComboType, bool], float]:
        """The number answered, each type seen or not, and the chance of being right."""
        items = drill["items"]
        if not items:
            p = self.learner.chance_count((), day)
            return (0 if rng.random() < p else PHANTOM_POINTS), {}, p
        by_type: dict[ComboType, list[int]] = {}
        for item in items:
            by_type.setdefault(ComboType(item["combo"]), []).append(item["points"])
        counts = Counter({combo: len(points) for combo, points in by_type.items()})
        p = self.learner.chance_count(list(counts.elements()), day)
        seen: dict[ComboType, bool] = {}
        number = 0
        for combo, points in by_type.items():
            chance = self.learner.accuracy(combo, day) ** (1 + learner_model.REPEAT_EASE * (len(points) - 1))
            seen[combo] = rng.random() < chance
            number += sum(points) if seen[combo] else _some_missed(points, rng)
        if all(seen.values()) and rng.random() < learner_model.SLIP:
            number = max(0, number + rng.choice(SLIP_OFFSETS))
        return number, seen, p

    def _choose(self, drill: Drill, day: float, rng: random.Random) -> tuple[Choice, float]:
        """The choice picked and the chance of picking a best one."""
        skill = drill["skill"]
        mean = BEST_CARD_MEAN if skill == "best card" else 0.0
        difficulty = deal_normal(drill["key"], mean, DEAL_SPREAD, skill)
        p = self.learner.chance_single(CHOICE_TRAIT[skill], difficulty, day)
        choices = drill["choices"]
        worse = [choice for choice in choices if choice["loss"] > 0]
        if rng.random() < p or not worse:
            return rng.choice([choice for choice in choices if choice["loss"] <= 0]), p
        weights = [math.exp(-choice["loss"] / WRONG_LOSS_SCALE) for choice in worse]
        return rng.choices(worse, weights)[0], p

    def _seconds(self, drill: Drill, p: float, rng: random.Random) -> float:
        usual = USUAL_SECONDS[SKILL_OF[drill["skill"]]]
        return usual.mean * math.exp(rng.gauss(0, TIME_NOISE)) * (2 - p)


def _some_missed(points: list[int], rng: random.Random) -> int:
    """The points counted of a type not seen: each item missed with chance MISS_SHARE, one surely."""
    surely = rng.randrange(len(points))
    return sum(p for i, p in enumerate(points) if i != surely and rng.random() >= MISS_SHARE)


def make(seed: int) -> TodayLearner:
    """A newcomer of today's model (the factory: ``--model bench/learners/today.py:make``)."""
    return TodayLearner(seed)
