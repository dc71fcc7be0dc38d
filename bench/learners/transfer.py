"""A learner whose skills transfer between related combo types, who forgets
as a power law, guesses lucky, over-counts, and learns less from a deal seen
before.  A different kind of model from today's (:mod:`bench.learners.today`),
to see whether a dealing policy's verdict holds when the learner is not the
one the product assumes.

The model, stated:

* **Skill as shared parts.** The skill on a combo type t is
  ``θ_t = own_t + LOADING[t] * factor_g(t)``: a part of its own plus a factor
  it shares with related types (:data:`FACTORS`): the fifteens of 2, 3, 4 and 5
  cards and pegging's 15 share "fifteens"; pair, pair royal and pegging's pairs
  share "pairs"; run, multiple runs and pegging's runs share "runs"; the two
  flushes share "flushes"; 31, go and last card share "pegging ends"; the
  discard and the best card share "play".  Nobs has only its own part.  A
  newcomer's own parts are drawn from N(0, :data:`OWN_SPREAD`), the factors
  from N(0, :data:`FACTOR_SPREAD`) (so related skills start correlated).
* **Seeing, with a ceiling.** One combination of type t is seen with chance
  ``CEILING[t] * sigmoid(θ_t - DIFFICULTY[t])``, each item on its own: a
  ceiling below 100% per type, however much practice.
* **Over-counting.** A crib whose four cards share a suit the starter lacks
  is claimed as a crib flush of 4 with chance
  ``PHANTOM_FLUSH * (1 - accuracy on crib flushes)``; a single run is counted
  twice with chance ``DOUBLE_RUN * (1 - accuracy on multiple runs)``; a deal
  with nothing gets a phantom fifteen with chance
  ``PHANTOM_FIFTEEN * (1 - accuracy on fifteens of 2)``.
* **Adding.** The total is the sum of what was counted, off by one or two
  (:data:`SLIP_OFFSETS`) with chance ``SLIP_PER_ITEM`` per item (at most
  :data:`MAX_SLIP`).  Misses, phantoms and slips can cancel: a count wrong in
  its parts can land on the right total by luck.
* **A discard or a best card**: the learner knows the best with chance
  ``CHOICE_CEILING * sigmoid(θ - b_deal)``, b_deal fixed by the deal's key,
  N(0, :data:`DEAL_SPREAD`); otherwise it guesses among every choice with
  weight ``exp(-loss / GUESS_SCALE)``, best ones included: a lucky guess is
  likelier when many choices lose little.
* **A deal seen before.** A retried deal (its key shown in a practice
  breakdown before) is recalled whole, answered right at once, with chance
  ``RECALL * (1 + days / RECALL_TAU) ** -DECAY``.
* **Learning** (``feedback``, the breakdown shown): each type met moves its own
  part toward :data:`OWN_TOP` by a share of the gap, :data:`LEARN_MISSED` when
  one of its items was missed or over-claimed, :data:`LEARN_SEEN` when seen;
  its factor moves by :data:`FACTOR_SHARE` of that toward :data:`FACTOR_TOP`
  (what transfers).  A count right by luck is looked at less:
  :data:`LUCKY_ATTENTION` of the learning on what was missed.  A retried deal
  teaches :data:`RETRY_LEARNING` of a fresh one.  A choice learns the same way
  with the answer's right.
* **Power-law forgetting.** What a part has learnt above its start fades as
  ``(1 + days / τ) ** -DECAY`` since it was last practised.  Each practice
  stretches τ by ``1 + SPACING_GAIN * (1 - retained)`` (spaced practice, after
  more was forgotten, stretches it more), from :data:`START_TAU` up to
  :data:`MAX_TAU` days.
* **Time**: the skill's :data:`USUAL_SECONDS` times ``exp(N(0, TIME_NOISE))``
  times ``1.5 - 0.5 * p`` (p the mean chance of seeing the items: slower when
  unsure); :data:`RECALL_SPEED` of it when recalled.
* A check-up answer (``learn=False``) draws from its own stream made from (seed,
  key, now) and records nothing.
"""

from __future__ import annotations

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
    Item,
    Reply,
    best_choices,
    card_of,
    checkup_rng,
    choice_reply,
    count_reply,
    day_number,
    deal_normal,
    is_count,
    total_of,
)
from trainer.record.combos import ComboType as C  # noqa: E402

#: Day 0 of every learner's memory clock (only differences of days matter).
EPOCH = datetime(2000, 1, 1)
#: The skills beside the combo types.
DISCARD = "discard"
BEST_CARD = "best card"
#: The factors and the loadings of their members: what practice on one type lends the others.
FACTORS: dict[str, dict[str, float]] = {
    "fifteens": {C.FIFTEEN_2: 1.0, C.FIFTEEN_3: 1.0, C.FIFTEEN_4: 1.0, C.FIFTEEN_5: 1.0, C.PEG_FIFTEEN: 0.7},
    "pairs": {C.PAIR: 1.0, C.PAIR_ROYAL: 1.0, C.PEG_PAIR: 0.7},
    "runs": {C.RUN: 1.0, C.MULTIPLE_RUNS: 1.0, C.PEG_RUN: 0.7},
    "flushes": {C.HAND_FLUSH: 1.0, C.CRIB_FLUSH: 1.0},
    "pegging ends": {C.PEG_THIRTY_ONE: 1.0, C.PEG_GO: 1.0, C.PEG_LAST_CARD: 1.0},
    "play": {DISCARD: 1.0, BEST_CARD: 1.0},
}
#: Each trait's factor and loading (nobs has none).
FACTOR_OF: dict[str, tuple[str, float]] = {
    trait: (factor, loading) for factor, members in FACTORS.items() for trait, loading in members.items()
}
TRAITS: tuple[str, ...] = (*(str(t) for t in C), DISCARD, BEST_CARD)
#: Each combo type's difficulty (logits), and for the choices a deal's mean difficulty.
DIFFICULTY: dict[str, float] = {
    C.FIFTEEN_2: -1.5, C.FIFTEEN_3: -0.5, C.FIFTEEN_4: 0.5, C.FIFTEEN_5: 1.0,
    C.PAIR: -2.5, C.PAIR_ROYAL: -0.5, C.RUN: -1.5, C.MULTIPLE_RUNS: 1.0,
    C.HAND_FLUSH: 0.0, C.CRIB_FLUSH: 1.0, C.NOBS: 0.5,
    C.PEG_FIFTEEN: -2.0, C.PEG_THIRTY_ONE: -1.5, C.PEG_PAIR: -1.5, C.PEG_RUN: 1.0,
    C.PEG_GO: 0.0, C.PEG_LAST_CARD: 0.0,
    DISCARD: 0.0, BEST_CARD: 0.3,
}
#: The best accuracy each type can reach (all above the harness's 90% "mastered", slowly reached for the hardest).
CEILING: dict[str, float] = {
    C.FIFTEEN_2: 0.98, C.FIFTEEN_3: 0.97, C.FIFTEEN_4: 0.95, C.FIFTEEN_5: 0.94,
    C.PAIR: 0.99, C.PAIR_ROYAL: 0.97, C.RUN: 0.98, C.MULTIPLE_RUNS: 0.94,
    C.HAND_FLUSH: 0.96, C.CRIB_FLUSH: 0.94, C.NOBS: 0.94,
    C.PEG_FIFTEEN: 0.99, C.PEG_THIRTY_ONE: 0.99, C.PEG_PAIR: 0.98, C.PEG_RUN: 0.94,
    C.PEG_GO: 0.96, C.PEG_LAST_CARD: 0.96,
    DISCARD: 0.90, BEST_CARD: 0.90,
}
#: A newcomer's parts: spread of the own parts and of the factors (logits, mean 0).
OWN_SPREAD = 0.5
FACTOR_SPREAD = 0.7
#: Where practice leads each kind of part.
OWN_TOP = 2.5
FACTOR_TOP = 2.5
#: The share of the gap to the top one practice closes: an item missed (or over-claimed), an item seen.
LEARN_MISSED = 0.10
LEARN_SEEN = 0.03
#: A factor learns this share of what its member's own part learns.
FACTOR_SHARE = 0.5
#: A count right by luck: the share of the learning on what was missed (the breakdown is looked at less).
LUCKY_ATTENTION = 0.3
#: A retried deal teaches this share of a fresh one.
RETRY_LEARNING = 0.4
#: Power-law forgetting: exponent, time scale at the start and its cap (days), its stretch per spaced practice.
DECAY = 0.6
START_TAU = 1.0
MAX_TAU = 120.0
SPACING_GAIN = 1.5
#: Over-counting: a crib flush of 4 claimed, a single run counted twice, a fifteen seen in nothing.
PHANTOM_FLUSH = 0.6
DOUBLE_RUN = 0.3
PHANTOM_FIFTEEN = 0.3
#: Adding: the chance of a slip per item (and its cap), and the slips.
SLIP_PER_ITEM = 0.01
MAX_SLIP = 0.08
SLIP_OFFSETS = (-2, -1, 1, 2)
#: A discard's or best card's difficulty spread (logits) and the guess's temperature (points).
DEAL_SPREAD = 0.8
GUESS_SCALE = 1.5
#: Recalling a deal seen before: the chance just after, its time scale (days); the time it takes (share).
RECALL = 0.5
RECALL_TAU = 2.0
RECALL_SPEED = 0.5
#: The usual seconds per skill, and the spread (log scale) of the time taken.
USUAL_SECONDS = {"hand": 18.0, "crib": 22.0, "pegging": 8.0, "best card": 12.0, "discard": 20.0}
TIME_NOISE = 0.35
#: The points of an over-claimed crib flush, a phantom fifteen.
FLUSH_OF_FOUR = 4
FIFTEEN_POINTS = 2


@dataclass(slots=True)
class Part:
    """One part of the skill (a type's own, or a factor): its start, what is learnt
    above it as of the last practice, then, and the memory's time scale."""

    start: float
    learnt: float = 0.0
    last: float | None = None
    tau: float = START_TAU

    def value(self, day: float) -> float:
        """The part at ``day``, faded since the last practice."""
        if self.last is None:
            return self.start
        return self.start + self.learnt * _retained(day - self.last, self.tau)

    def practise(self, rate: float, top: float, day: float) -> None:
        """Fade, stretch the memory's time scale by how much was forgotten, then close ``rate`` of the gap to ``top``."""
        value = self.value(day)
        if self.last is not None:
            retained = _retained(day - self.last, self.tau)
            self.tau = min(MAX_TAU, self.tau * (1 + SPACING_GAIN * (1 - retained)))
        self.learnt = value + rate * (top - value) - self.start
        self.last = day


@dataclass(frozen=True)
class Counted:
    """What a practice count leaves for its feedback: the types missed and over-claimed."""

    missed: frozenset[str]
    over: frozenset[str]


@dataclass
class TransferLearner:
    """One learner of the transfer model (see the module's model)."""

    seed: int
    rng: random.Random
    own: dict[str, Part]
    factors: dict[str, Part]
    #: the day each deal's breakdown was last shown, by key
    shown: dict[str, float] = field(default_factory=dict)
    #: the last practice count per key, for its feedback
    pending: dict[str, Counted] = field(default_factory=dict)

    @classmethod
    def newcomer(cls, seed: int) -> "TransferLearner":
        """A newcomer, every part drawn from ``random.Random(seed)``."""
        rng = random.Random(seed)
        own = {trait: Part(rng.gauss(0.0, OWN_SPREAD)) for trait in TRAITS}
        factors = {name: Part(rng.gauss(0.0, FACTOR_SPREAD)) for name in FACTORS}
        return cls(seed, rng, own, factors)

    def answer(self, drill: Drill, learn: bool = True) -> Reply:
        """The learner's answer; with ``learn=False`` nothing in the model changes."""
        rng = self.rng if learn else checkup_rng(self.seed, drill)
        day = day_number(drill["now"], EPOCH)
        skill = drill["skill"]
        usual = USUAL_SECONDS[skill] * math.exp(rng.gauss(0, TIME_NOISE))
        recalled = self._recalls(drill["key"], day, rng)
        if is_count(drill):
            items = drill["items"]
            if recalled:
                number, counted, p = total_of(items), Counted(frozenset(), frozenset()), 1.0
            else:
                number, counted, p = self._count(drill, items, day, rng)
            if learn:
                self.pending[drill["key"]] = counted
            return count_reply(drill, number, self._seconds(usual, p, recalled))
        if recalled:
            return choice_reply(drill, rng.choice(best_choices(drill)), self._seconds(usual, 1.0, True))
        p = self.knows_best(skill, drill["key"], day)
        choice = rng.choice(best_choices(drill)) if rng.random() < p else _guess(drill["choices"], rng)
        return choice_reply(drill, choice, self._seconds(usual, p, False))

    def feedback(self, drill: Drill, right: bool) -> None:
        """Learn from the breakdown shown after a practice answer."""
        day = day_number(drill["now"], EPOCH)
        key = drill["key"]
        fresh = 1.0 if key not in self.shown else RETRY_LEARNING
        self.shown[key] = day
        if not is_count(drill):
            self._practise(drill["skill"], (LEARN_SEEN if right else LEARN_MISSED) * fresh, day)
            return
        counted = self.pending.pop(key, None) or Counted(frozenset(), frozenset())
        for combo in dict.fromkeys([*(item["combo"] for item in drill["items"]), *counted.over]):
            if combo in counted.missed or combo in counted.over:
                rate = LEARN_MISSED * (LUCKY_ATTENTION if right else 1.0)
            else:
                rate = LEARN_SEEN
            self._practise(combo, rate * fresh, day)

    def theta(self, trait: str, day: float) -> float:
        """The skill on a trait at ``day``: its own part plus its loading on its factor."""
        theta = self.own[trait].value(day)
        if trait in FACTOR_OF:
            factor, loading = FACTOR_OF[trait]
            theta += loading * self.factors[factor].value(day)
        return theta

    def hidden_accuracy(self, combo: str, now: str) -> float:
        """The chance of seeing one combination of this type at ``now`` (for
        "discard" or "best card": of knowing the best on a deal of middling difficulty)."""
        return self._accuracy(combo, day_number(now, EPOCH))

    def knows_best(self, skill: str, key: str, day: float) -> float:
        """The chance of knowing a choice drill's best answer (the deal's difficulty fixed by its key)."""
        difficulty = deal_normal(key, DIFFICULTY[skill], DEAL_SPREAD, skill)
        return CEILING[skill] * _sigmoid(self.theta(skill, day) - difficulty)

    def _accuracy(self, trait: str, day: float) -> float:
        return CEILING[trait] * _sigmoid(self.theta(trait, day) - DIFFICULTY[trait])

    def _practise(self, trait: str, rate: float, day: float) -> None:
        self.own[trait].practise(rate, OWN_TOP, day)
        if trait in FACTOR_OF:
            factor, _ = FACTOR_OF[trait]
            self.factors[factor].practise(rate * FACTOR_SHARE, FACTOR_TOP, day)

    def _recalls(self, key: str, day: float, rng: random.Random) -> bool:
        if key not in self.shown:
            return False
        return rng.random() < RECALL * _retained(day - self.shown[key], RECALL_TAU)

    def _count(self, drill: Drill, items: list[Item], day: float,
               rng: random.Random) -> tuple[int, Counted, float]:
        """The number answered, what was missed and over-claimed, and the mean chance of seeing an item."""
        number = 0
        missed: set[str] = set()
        over: set[str] = set()
        chances = []
        for item in items:
            combo = item["combo"]
            chance = self._accuracy(combo, day)
            chances.append(chance)
            if rng.random() < chance:
                number += item["points"]
            else:
                missed.add(combo)
            if combo == C.RUN and rng.random() < DOUBLE_RUN * (1 - self._accuracy(C.MULTIPLE_RUNS, day)):
                number += item["points"]
                over.add(C.MULTIPLE_RUNS)
        if drill["skill"] == "crib" and _flush_only_in_hand(drill) and \
                rng.random() < PHANTOM_FLUSH * (1 - self._accuracy(C.CRIB_FLUSH, day)):
            number += FLUSH_OF_FOUR
            over.add(C.CRIB_FLUSH)
        if not items and drill["skill"] != "pegging" and \
                rng.random() < PHANTOM_FIFTEEN * (1 - self._accuracy(C.FIFTEEN_2, day)):
            number += FIFTEEN_POINTS
            over.add(C.FIFTEEN_2)
        if rng.random() < min(MAX_SLIP, SLIP_PER_ITEM * len(items)):
            number = max(0, number + rng.choice(SLIP_OFFSETS))
        p = sum(chances) / len(chances) if chances else 1.0
        return number, Counted(frozenset(missed), frozenset(over)), p

    def _seconds(self, usual: float, p: float, recalled: bool) -> float:
        return usual * (RECALL_SPEED if recalled else 1.5 - 0.5 * p)


def _retained(days: float, tau: float) -> float:
    """The share of a memory left after ``days`` (power-law forgetting, time scale ``tau``)."""
    return float((1 + max(0.0, days) / tau) ** -DECAY)


def _flush_only_in_hand(drill: Drill) -> bool:
    """Whether the four cards share a suit the starter lacks (no flush in a crib)."""
    suits = {card_of(card).suit for card in drill["hand"]}
    return len(suits) == 1 and card_of(drill["starter"]).suit not in suits


def _guess(choices: list[Choice], rng: random.Random) -> Choice:
    """A guess among every choice, the ones that lose little likelier (the best ones too)."""
    return rng.choices(choices, [math.exp(-choice["loss"] / GUESS_SCALE) for choice in choices])[0]


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def make(seed: int) -> TransferLearner:
    """A newcomer of the transfer model (the factory: ``--model bench/learners/transfer.py:make``)."""
    return TransferLearner.newcomer(seed)
