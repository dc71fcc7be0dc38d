"""A learner who knows each scoring rule or does not: discrete knowledge,
learnt by insight, forgotten by a hazard, with retrieval that speeds up with
practice, slips that grow with the size of the count, and discard and
best-card play by heuristics learnt in steps.  A third kind of model beside
today's (:mod:`bench.learners.today`) and the transfer model
(:mod:`bench.learners.transfer`): nothing in it grows smoothly.

The model, stated:

* **Knowledge state.** Each combo type is a rule known or not.  A newcomer
  knows type t with chance :data:`START_KNOWN` [t].  A rule known before the
  learner's first meeting with it is safe until that meeting.
* **Seeing.** An item of a known rule is seen unless attention lapses
  (:data:`LAPSE`); an item of an unknown rule is still noticed with chance
  :data:`NOTICE` [t] (a pair is hard to miss even untaught).  The total is the
  points of the items seen.
* **Slips.** Adding n items, the learner slips with chance
  ``1 - (1 - SLIP_PER_ITEM) ** n`` (a big hand is harder to add) and is off by
  one or two (:data:`SLIP_OFFSETS`).  A deal with nothing to count is answered 0.
* **Insight.** Shown the breakdown of a wrong count (``feedback`` with
  right=False), each unknown rule whose item was missed becomes known with
  chance :data:`INSIGHT` [t].  A right answer, or a rule already known, teaches
  no rule.
* **Forgetting.** A known rule is lost after a time drawn from an exponential
  with hazard ``BASE_HAZARD / (1 + HAZARD_DROP * spaced)`` per day, where
  ``spaced`` counts the successful retrievals (an item of the rule seen, known)
  at least :data:`SPACED_GAP` days after the one before; each such retrieval
  draws the time anew (the hazard is memoryless) with the lower hazard.  A
  rule lost is unknown from then on, until insight brings it back (its
  spaced count kept: relearning is quicker to hold).
* **Speed.** The time of a count is :data:`READ_SECONDS` plus, per item of a
  known rule, ``ITEM_FLOOR + ITEM_SPAN * (1 + uses) ** -SPEED_POWER`` (the
  power law of practice; ``uses`` its retrievals so far), plus
  :data:`SEARCH_SECONDS` per unknown rule met, times ``exp(N(0, TIME_NOISE))``.
* **Discard and best card: heuristics in steps.** Each has a level, a
  newcomer's drawn from :data:`START_LEVEL`.  The discard at level 0 keeps
  any four; 1 keeps the most points in hand (the four cards scored by the
  engine); 2 also weighs the crib (the two laid away, scored: added as dealer,
  taken off as pone) and keeps fives (:data:`FIVE_BONUS` each); 3 knows the
  table (a best choice with chance :data:`MASTERY`, else level 2).  The best
  card at level 0 plays any card; 1 takes the most points now (the engine's
  score of the play); 2 also avoids leaving a count of 5 or 21
  (:data:`DANGER_COUNTS`, a ten card from there scores); 3 knows the analysis
  (:data:`MASTERY`).  Ties go by chance; with chance :data:`ERRATIC` any level
  plays at random.  A wrong answer shown its best choice moves the level up one
  with chance :data:`STEP_INSIGHT`; levels are never lost.  The time is the
  skill's :data:`USUAL_SECONDS` times ``LEVEL_PACE ** level`` and the noise.
* A check-up answer (``learn=False``) draws from its own stream made from (seed,
  key, now) and records nothing; a rule whose time has passed is unknown in it.
"""

from __future__ import annotations

import functools
import math
import random
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # loaded by its path (--model FILE.py:FACTORY): bench is not installed

from bench.learners.protocol import (  # noqa: E402
    Choice,
    Drill,
    Reply,
    best_choices,
    cards_of,
    checkup_rng,
    choice_reply,
    count_reply,
    day_number,
    is_count,
)
from engine.cards import Rank  # noqa: E402
from engine.pegging import score_play  # noqa: E402
from engine.scoring import score_show  # noqa: E402
from trainer.record.combos import ComboType as C  # noqa: E402

#: Day 0 of every learner's clock (only differences of days matter).
EPOCH = datetime(2000, 1, 1)
#: A newcomer's chance of knowing each rule.
START_KNOWN: dict[str, float] = {
    C.FIFTEEN_2: 0.9, C.FIFTEEN_3: 0.6, C.FIFTEEN_4: 0.35, C.FIFTEEN_5: 0.2,
    C.PAIR: 0.95, C.PAIR_ROYAL: 0.6, C.RUN: 0.8, C.MULTIPLE_RUNS: 0.3,
    C.HAND_FLUSH: 0.6, C.CRIB_FLUSH: 0.25, C.NOBS: 0.4,
    C.PEG_FIFTEEN: 0.9, C.PEG_THIRTY_ONE: 0.85, C.PEG_PAIR: 0.85, C.PEG_RUN: 0.35,
    C.PEG_GO: 0.6, C.PEG_LAST_CARD: 0.6,
}
#: The chance of noticing an item of a rule not known.
NOTICE: dict[str, float] = {
    C.FIFTEEN_2: 0.4, C.FIFTEEN_3: 0.2, C.FIFTEEN_4: 0.1, C.FIFTEEN_5: 0.05,
    C.PAIR: 0.6, C.PAIR_ROYAL: 0.2, C.RUN: 0.4, C.MULTIPLE_RUNS: 0.1,
    C.HAND_FLUSH: 0.2, C.CRIB_FLUSH: 0.05, C.NOBS: 0.1,
    C.PEG_FIFTEEN: 0.5, C.PEG_THIRTY_ONE: 0.5, C.PEG_PAIR: 0.5, C.PEG_RUN: 0.15,
    C.PEG_GO: 0.3, C.PEG_LAST_CARD: 0.3,
}
#: The chance that seeing a missed item's breakdown teaches its rule.
INSIGHT: dict[str, float] = {
    C.FIFTEEN_2: 0.5, C.FIFTEEN_3: 0.35, C.FIFTEEN_4: 0.25, C.FIFTEEN_5: 0.2,
    C.PAIR: 0.6, C.PAIR_ROYAL: 0.4, C.RUN: 0.5, C.MULTIPLE_RUNS: 0.2,
    C.HAND_FLUSH: 0.4, C.CRIB_FLUSH: 0.25, C.NOBS: 0.4,
    C.PEG_FIFTEEN: 0.5, C.PEG_THIRTY_ONE: 0.5, C.PEG_PAIR: 0.5, C.PEG_RUN: 0.2,
    C.PEG_GO: 0.35, C.PEG_LAST_CARD: 0.35,
}
#: An item of a known rule missed all the same.
LAPSE = 0.02
#: Adding: the chance of a slip per item, and the slips.
SLIP_PER_ITEM = 0.015
SLIP_OFFSETS = (-2, -1, 1, 2)
#: Forgetting a known rule: the hazard per day, its drop per spaced retrieval, the gap (days) that makes one spaced.
BASE_HAZARD = 0.08
HAZARD_DROP = 1.0
SPACED_GAP = 0.5
#: The time of a count (seconds): reading the deal, each item (floor, span, power of practice), each unknown rule.
READ_SECONDS = {"hand": 4.0, "crib": 5.0, "pegging": 2.0}
ITEM_FLOOR = 1.0
ITEM_SPAN = 5.0
SPEED_POWER = 0.4
SEARCH_SECONDS = 3.0
TIME_NOISE = 0.3
#: The choice skills' levels: a newcomer's chances of each, the top, the chance a wrong answer moves one up.
START_LEVEL = (0.3, 0.5, 0.2)
TOP_LEVEL = 3
STEP_INSIGHT = 0.1
#: The top level picks a best choice with this chance; any level plays at random with ERRATIC.
MASTERY = 0.85
ERRATIC = 0.05
#: Discard heuristics: the worth of a five kept; best-card heuristics: the counts not to leave, the penalty.
FIVE_BONUS = 1.0
DANGER_COUNTS = frozenset({5, 21})
DANGER_PENALTY = 1.5
#: The choice skills' usual seconds, and the share of it each level up takes (a surer player is quicker).
USUAL_SECONDS = {"best card": 12.0, "discard": 20.0}
LEVEL_PACE = 0.85
#: Each level's share of right answers, roughly (for reports only: the answers come from the heuristics).
LEVEL_ACCURACY = (0.15, 0.35, 0.5, 0.85)


@dataclass(slots=True)
class Rule:
    """One combo type's rule in the learner's head."""

    known: bool
    #: the day the rule will be lost (None: known from before and not yet met, so safe)
    lost_at: float | None = None
    #: successful retrievals, and those spaced
    uses: int = 0
    spaced: int = 0
    last_use: float | None = None

    def known_at(self, day: float) -> bool:
        """Whether the rule is known at ``day`` (its time to be lost not passed)."""
        return self.known and (self.lost_at is None or day < self.lost_at)

    def hazard(self) -> float:
        """The chance per day of losing it, lower for each spaced retrieval."""
        return BASE_HAZARD / (1 + HAZARD_DROP * self.spaced)


@dataclass(frozen=True)
class Looked:
    """What a practice count leaves for its feedback: the rules used to see an
    item, and the rules unknown whose item was missed."""

    used: frozenset[str]
    missed_unknown: frozenset[str]


@dataclass
class RulesLearner:
    """One learner of the rules model (see the module's model)."""

    seed: int
    rng: random.Random
    rules: dict[str, Rule]
    levels: dict[str, int]
    pending: dict[str, Looked] = field(default_factory=dict)

    @classmethod
    def newcomer(cls, seed: int) -> "RulesLearner":
        """A newcomer, everything drawn from ``random.Random(seed)``."""
        rng = random.Random(seed)
        rules = {str(t): Rule(rng.random() < START_KNOWN[t]) for t in C}
        levels = {skill: rng.choices(range(len(START_LEVEL)), START_LEVEL)[0] for skill in USUAL_SECONDS}
        return cls(seed, rng, rules, levels)

    def answer(self, drill: Drill, learn: bool = True) -> Reply:
        """The learner's answer; with ``learn=False`` nothing in the model changes."""
        rng = self.rng if learn else checkup_rng(self.seed, drill)
        day = day_number(drill["now"], EPOCH)
        noise = math.exp(rng.gauss(0, TIME_NOISE))
        if not is_count(drill):
            skill = drill["skill"]
            choice = self._choose(drill, self.levels[skill], rng)
            return choice_reply(drill, choice, USUAL_SECONDS[skill] * LEVEL_PACE ** self.levels[skill] * noise)
        number, seconds = 0, READ_SECONDS[drill["skill"]]
        used: set[str] = set()
        missed_unknown: set[str] = set()
        for item in drill["items"]:
            combo = item["combo"]
            rule = self.rules[combo]
            if rule.known_at(day):
                seconds += ITEM_FLOOR + ITEM_SPAN * (1 + rule.uses) ** -SPEED_POWER
                if rng.random() >= LAPSE:
                    number += item["points"]
                    used.add(combo)
                continue
            if combo not in missed_unknown:
                seconds += SEARCH_SECONDS
            if rng.random() < NOTICE[combo]:
                number += item["points"]
            else:
                missed_unknown.add(combo)
        if rng.random() < 1 - (1 - SLIP_PER_ITEM) ** len(drill["items"]):
            number = max(0, number + rng.choice(SLIP_OFFSETS))
        if learn:
            self.pending[drill["key"]] = Looked(frozenset(used), frozenset(missed_unknown))
        return count_reply(drill, number, seconds * noise)

    def feedback(self, drill: Drill, right: bool) -> None:
        """Learn from the breakdown: rules lost by now are lost, rules used are
        strengthened, and a wrong answer may teach a missed rule by insight."""
        day = day_number(drill["now"], EPOCH)
        if not is_count(drill):
            skill = drill["skill"]
            if not right and self.levels[skill] < TOP_LEVEL and self.rng.random() < STEP_INSIGHT:
                self.levels[skill] += 1
            return
        looked = self.pending.pop(drill["key"], None) or Looked(frozenset(), frozenset())
        for combo in dict.fromkeys(item["combo"] for item in drill["items"]):
            rule = self.rules[combo]
            if rule.known and not rule.known_at(day):
                rule.known = False
            if combo in looked.used and rule.known:
                self._retrieved(rule, day)
            elif not right and combo in looked.missed_unknown and not rule.known and \
                    self.rng.random() < INSIGHT[combo]:
                rule.known = True
                rule.lost_at = day + self.rng.expovariate(rule.hazard())

    def hidden_accuracy(self, combo: str, now: str) -> float:
        """The chance of seeing one combination of this type at ``now`` (for
        "discard" or "best card": the level's rough share of right answers)."""
        if combo in self.levels:
            return LEVEL_ACCURACY[self.levels[combo]]
        return 1 - LAPSE if self.rules[combo].known_at(day_number(now, EPOCH)) else NOTICE[combo]

    def _retrieved(self, rule: Rule, day: float) -> None:
        """A successful retrieval: one use more; spaced after a gap, it lowers the hazard and draws the time anew."""
        rule.uses += 1
        if rule.lost_at is None or rule.last_use is None or day - rule.last_use >= SPACED_GAP:
            if rule.last_use is not None:
                rule.spaced += 1
            rule.lost_at = day + self.rng.expovariate(rule.hazard())
        rule.last_use = day

    def _choose(self, drill: Drill, level: int, rng: random.Random) -> Choice:
        choices = drill["choices"]
        if level == 0 or rng.random() < ERRATIC:
            return rng.choice(choices)
        if level >= TOP_LEVEL and rng.random() < MASTERY:
            return rng.choice(best_choices(drill))
        if drill["skill"] == "discard":
            worth = [_discard_worth(drill, choice, level) for choice in choices]
        else:
            worth = [_play_worth(drill, choice, level) for choice in choices]
        top = max(worth)
        return rng.choice([choice for choice, w in zip(choices, worth) if w == top])


def _discard_worth(drill: Drill, choice: Choice, level: int) -> float:
    """What the discard heuristics of this level make of a lay-away."""
    laid = choice["lay_away"]
    kept = tuple(sorted(card for card in drill["cards"] if card not in laid))
    worth = float(_points_of(kept))
    if level >= 2:
        laid_points = _points_of(tuple(sorted(laid)))
        worth += laid_points if drill["dealer"] else -laid_points
        worth += FIVE_BONUS * sum(1 for card in cards_of(kept) if card.rank is Rank.FIVE)
    return worth


def _play_worth(drill: Drill, choice: Choice, level: int) -> float:
    """What the best-card heuristics of this level make of a card."""
    play = score_play(cards_of([*drill["pile"], choice["card"]]))
    worth = float(play.points)
    if level >= 2 and play.count in DANGER_COUNTS:
        worth -= DANGER_PENALTY
    return worth


@functools.lru_cache(maxsize=65536)
def _points_of(cards: tuple[str, ...]) -> int:
    """The engine's show score of these cards, no starter (cached: the same fours come back)."""
    return score_show(cards_of(cards)).total


def make(seed: int) -> RulesLearner:
    """A newcomer of the rules model (the factory: ``--model bench/learners/rules.py:make``)."""
    return RulesLearner.newcomer(seed)
