"""Simulated learners for 60 days under three dealing policies: how well the
fitted ratings track the hidden skill, and how fast each policy teaches.

The learner model is :mod:`trainer.rating.learner_model` (stated in full in its
docstring): a hidden skill per combo type (and one for the discard, one for
the best card) on a logit scale; a count is right when every combination in it
is seen (each with chance ``sigmoid(skill - difficulty)``) and no slip; every
meeting with a type moves its skill toward a ceiling (more after a miss);
what was learnt fades as ``exp(-days / stability)``, and stability grows when a
type is met again after a gap (the spacing effect).  Beside it, here:

* each learner practises on 80% of days, one sitting of 10-30 answers, 40 s
  apart, starting at a random hour; the drills are drawn 35% hands, 15% cribs,
  30% pegging moments, 10% discards, 10% best cards;
* a right answer's time is the skill's usual time times ``exp(N(0, 0.35))``
  times ``2 - p`` (slower when unsure, p the chance of being right);
* a flush trap also meets its flush type (it trains the flush rule);
* deals come from pools dealt by the drills' own functions (count hands and
  cribs of every focus kind, pegging moments of every tag), each holding its
  combo types as the drills attribute them; a discard or a best card has a
  hidden difficulty drawn from N(0, 0.8) (N(0.3, 0.8) for the best card);
* the trainer sees only what it records: tallies per combo type, the missed
  deals, ratings (Glicko-2, first attempts only, shared deal ratings as in
  server mode, priors calibrated by the model's newcomers) and, for policy (c),
  FSRS cards.  Every policy fits the same ratings, so their correlations compare.

The policies: (a) random deals; (b) today's adaptive dealer (focus kinds and peg
tags drawn by :func:`trainer.drills.adaptive.focus_weights` and
:func:`~trainer.drills.adaptive.choose_peg_tag`, a missed deal back after 5 other
answers, as :func:`~trainer.drills.adaptive.due_for_review` rules); (c) ratings +
FSRS: due deal cards first, else 8 candidates drawn as (b) draws them (the focus
kinds of due combo-type cards weighing 3 times more; only those holding a due
combo type, when any does), the one nearest a 75% chance picked by
:func:`trainer.rating.dealing.choose_near` (50% while placing), each weighted by
:func:`~trainer.rating.dealing.weak_type_weight` (the learner's weak combo types).

Reported per policy, with 95% intervals: the correlation at day 60 of each
skill's fitted rating with the learner's hidden skill on it (the logit of
their mean chance over the skill's pool; Fisher z interval), and the days to a
hidden accuracy of 90% on each combo type and on every one (median over the
learners, bootstrap interval; a learner who never gets there counts as "after
day 60", so a median past 60 reads "> 60").

    python bench/bench_learning.py                       # 200 learners x 60 days x 3 policies, 2 processes
    python bench/bench_learning.py --learners 40 --days 20   # a quick look
"""

from __future__ import annotations

import argparse
import heapq
import math
import random
import sys
import time
from collections import defaultdict, deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np

from trainer.drills import adaptive
from trainer.drills.deal import FocusKind, PegTag, deal_show, matches_focus, pegging_moment
from trainer.rating import learner_model, memory, placement
from trainer.rating.dealing import Candidate, choose_near, weak_type_weight
from trainer.rating.glicko2 import Rating
from trainer.rating.learner_model import BEST_CARD, DISCARD, SimulatedLearner
from trainer.rating.ratings import NEWCOMER, PRIOR_DEVIATION, UNCALIBRATED, rate, rating_for_chance
from trainer.rating.skills import USUAL_SECONDS, Skill, combo_types_of, grade_of, speed_score
from trainer.record.combos import ComboType
from trainer.record.stats import ComboStats, LearnerStats

POLICIES = ("random", "adaptive", "ratings+fsrs")
MIX = ((Skill.COUNT_HAND, 0.35), (Skill.COUNT_CRIB, 0.15), (Skill.PEGGING, 0.30), (Skill.DISCARD, 0.10),
       (Skill.BEST_CARD, 0.10))
PRACTICE_DAYS = 0.8
SITTING = (10, 30)
GAP_SECONDS = 40
REVIEW_SPACING = 5
REVIEW_WINDOW = 200
CANDIDATES = 8
DUE_BOOST = 3.0
TARGET = 0.9
START = datetime(2026, 1, 5)
TRAPS = {Skill.COUNT_HAND: ComboType.HAND_FLUSH, Skill.COUNT_CRIB: ComboType.CRIB_FLUSH}


@dataclass(frozen=True)
class PoolDeal:
    key: int
    skill: Skill
    types: tuple[ComboType, ...]
    traits: tuple
    prior: Rating
    difficulty: float = 0.0


@dataclass
class Pools:
    """The deals each policy draws from: per skill, per focus kind or peg tag (None: any)."""

    by: dict[tuple[Skill, object], list[PoolDeal]] = field(default_factory=dict)

    def any(self, skill: Skill) -> list[PoolDeal]:
        return self.by[skill, None]


def make_pools(seed: int, size: int) -> Pools:
    rng = random.Random(seed)
    pools = Pools()
    key = 0

    def add(skill, kind, deal_types, trap=False, difficulty=0.0):
        nonlocal key
        key += 1
        if skill in (Skill.DISCARD, Skill.BEST_CARD):
            prior = UNCALIBRATED
        else:
            prior = Rating(rating_for_chance(learner_model.newcomer_chance(deal_types)), PRIOR_DEVIATION)
        traits = tuple(deal_types) + ((TRAPS[skill],) if trap else ())
        pools.by.setdefault((skill, kind), []).append(PoolDeal(key, skill, tuple(deal_types), traits, prior, difficulty))

    for skill in (Skill.COUNT_HAND, Skill.COUNT_CRIB):
        crib = skill is Skill.COUNT_CRIB
        for focus in FocusKind:
            count = size if focus is FocusKind.ANY else max(20, size // 8)
            for _ in range(count):
                deal = deal_show(rng, crib=crib, focus=focus)
                trap = matches_focus(deal.score(), FocusKind.FLUSH_TRAPS)
                add(skill, None if focus is FocusKind.ANY else focus, combo_types_of(deal), trap)
    for tag in [None, *adaptive.PEG_TAGS.values(), PegTag.BROKEN_PAIR, PegTag.AFTER_RESET]:
        for _ in range(size if tag is None else max(20, size // 8)):
            add(Skill.PEGGING, tag, combo_types_of(pegging_moment(rng, tag)))
    for skill, mean in ((Skill.DISCARD, 0.0), (Skill.BEST_CARD, 0.3)):
        for _ in range(size):
            add(skill, None, (), difficulty=rng.gauss(mean, 0.8))
    return pools


# ---------------------------------------------------------------- the trainer's view of one learner


@dataclass
class Record:
    """What the trainer knows of one simulated learner."""

    tallies: dict[ComboType, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    attempts: int = 0
    correct: int = 0
    ratings: dict[Skill, Rating] = field(default_factory=dict)
    rated: dict[Skill, int] = field(default_factory=lambda: defaultdict(int))
    updated: dict[Skill, float] = field(default_factory=dict)
    #: (b): missed deals waiting for review: (attempt number, deal)
    missed: deque = field(default_factory=deque)
    #: (c): FSRS cards by key, and a heap of (due, key) per skill
    cards: dict = field(default_factory=dict)
    due_heap: dict = field(default_factory=lambda: defaultdict(list))
    met: set = field(default_factory=set)

    def stats(self, types) -> LearnerStats:
        by_type = tuple(ComboStats(t, seen, right, 0) for t, (seen, right) in self.tallies.items() if t in types)
        return LearnerStats(self.attempts, self.correct, 0, None, by_type, ())


SHOW_TYPES = frozenset(t for t in ComboType if not t.is_pegging)
PEG_TYPES = frozenset(t for t in ComboType if t.is_pegging)


def _skill_types(skill: Skill) -> frozenset[ComboType]:
    return PEG_TYPES if skill is Skill.PEGGING else SHOW_TYPES


def _adaptive_drawer(skill: Skill, record: Record, pools: Pools, rng: random.Random, boost: set):
    """A function drawing deals as today's adaptive dealer would (the focus kinds of
    ``boost``'s combo types weighing :data:`DUE_BOOST` times more), weights worked out once."""
    if skill in (Skill.COUNT_HAND, Skill.COUNT_CRIB):
        weights = adaptive.focus_weights(record.stats(SHOW_TYPES))
        for kind, types in adaptive.FOCUS_TYPES.items():
            if boost & set(types):
                weights[kind] *= DUE_BOOST
        kinds, values = list(weights), list(weights.values())

        def show() -> PoolDeal:
            focus = rng.choices(kinds, weights=values)[0]
            return rng.choice(pools.by[skill, None if focus is FocusKind.ANY else focus])
        return show
    if skill is Skill.PEGGING:
        stats = record.stats(PEG_TYPES)
        due_tags = [adaptive.PEG_TAGS[t] for t in boost if t in adaptive.PEG_TAGS]

        def pegging() -> PoolDeal:
            tag = rng.choice(due_tags) if due_tags and rng.random() < 0.5 else adaptive.choose_peg_tag(stats, rng)
            return rng.choice(pools.by[skill, tag])
        return pegging
    return lambda: rng.choice(pools.any(skill))


def _combo_key(combo_type: ComboType) -> tuple:
    return ("combo", combo_type)


def _due(record: Record, heap_name, now: float):
    """The longest-due card of a heap whose due time has come (lazy deletion of stale entries)."""
    heap = record.due_heap[heap_name]
    while heap:
        due, key = heap[0]
        card = record.cards.get(key)
        if card is None or card[0].due != due:
            heapq.heappop(heap)
            continue
        return key if due <= _at(now) else None
    return None


def _at(t: float) -> datetime:
    return START + timedelta(days=t)


def choose(policy: str, skill: Skill, record: Record, pools: Pools, rng: random.Random, now: float
           ) -> tuple[PoolDeal, bool]:
    """The deal the policy deals next, and whether it is a review (a retry: unrated)."""
    if policy == "random":
        return rng.choice(pools.any(skill)), False
    if policy == "adaptive":
        while record.missed and record.missed[0][0] < record.attempts - REVIEW_WINDOW:
            record.missed.popleft()
        for i, (number, deal) in enumerate(record.missed):
            if deal.skill is skill and number <= record.attempts - REVIEW_SPACING:
                del record.missed[i]
                return deal, True
        return _adaptive_drawer(skill, record, pools, rng, set())(), False
    due_deal = _due(record, ("deal", skill), now)
    if due_deal is not None:
        return record.cards[due_deal][1], True
    due_types = set()
    for combo_type in _skill_types(skill):
        card = record.cards.get(_combo_key(combo_type))
        if card is not None and card[0].due <= _at(now):
            due_types.add(combo_type)
    draw = _adaptive_drawer(skill, record, pools, rng, due_types)
    candidates = [draw() for _ in range(CANDIDATES)]
    holding_due = [d for d in candidates if due_types & set(d.traits)]
    candidates = holding_due or candidates  # what is due comes first: a due combo type is practised now
    learner = record.ratings.get(skill, NEWCOMER)
    target = placement.PLACEMENT_CHANCE if record.rated[skill] < placement.PLACEMENT_COUNTS[skill] else 0.75
    stats = record.stats(_skill_types(skill))
    options = [Candidate(d, deal_ratings.get(d.key, d.prior), weak_type_weight(d.traits, stats)) for d in candidates]
    return choose_near(options, learner, target, rng).item, False


#: Shared deal ratings of the running policy (server mode: every learner meets the same deals).
deal_ratings: dict[int, Rating] = {}
deal_updated: dict[int, float] = {}


def answer(learner: SimulatedLearner, deal: PoolDeal, day: float, rng: random.Random):
    """The learner's answer: right or not, each type seen or not, the seconds."""
    if deal.skill in (Skill.DISCARD, Skill.BEST_CARD):
        trait = DISCARD if deal.skill is Skill.DISCARD else BEST_CARD
        p = learner.chance_single(trait, deal.difficulty, day)
        right = rng.random() < p
        per_type = {}
    else:
        per_type = {}
        counts = defaultdict(int)
        for t in deal.traits:
            counts[t] += 1
        for t, k in counts.items():
            per_type[t] = rng.random() < learner.accuracy(t, day) ** (1 + learner_model.REPEAT_EASE * (k - 1))
        p = learner.chance_count(deal.types, day)
        if deal.types:
            right = all(per_type.values()) and rng.random() > learner_model.SLIP
        else:
            right = rng.random() < p
    usual = USUAL_SECONDS[deal.skill]
    seconds = usual.mean * math.exp(rng.gauss(0, 0.35)) * (2 - p)
    return right, per_type, seconds


def run_policy(policy: str, learners: int, days: int, seed: int, pools: Pools) -> dict:
    """One policy's 60 days for every learner; the results as plain numbers."""
    rng = random.Random(seed * 7 + POLICIES.index(policy))
    population = [SimulatedLearner.newcomer(random.Random(seed * 1000 + i)) for i in range(learners)]
    records = [Record() for _ in population]
    deal_ratings.clear()
    deal_updated.clear()
    reached = np.full((learners, len(ComboType) + 1), np.inf)
    answers_total = 0
    started = time.perf_counter()
    for day in range(days):
        order = list(range(learners))
        rng.shuffle(order)
        for i in order:
            if rng.random() > PRACTICE_DAYS:
                continue
            learner, record = population[i], records[i]
            now = day + rng.uniform(8, 20) / 24
            for _ in range(rng.randint(*SITTING)):
                skill = rng.choices([s for s, _ in MIX], weights=[w for _, w in MIX])[0]
                deal, review = choose(policy, skill, record, pools, rng, now)
                right, per_type, seconds = answer(learner, deal, now, rng)
                if skill is Skill.DISCARD or skill is Skill.BEST_CARD:
                    learner.practise([DISCARD if skill is Skill.DISCARD else BEST_CARD], right=right, day=now)
                for combo_type, seen in per_type.items():
                    learner.practise([combo_type], right=seen, day=now)
                _record(policy, record, deal, review, right, per_type, seconds, now)
                answers_total += 1
                now += GAP_SECONDS / 86400
        for i, learner in enumerate(population):
            accuracies = [learner.accuracy(t, day + 1.0) for t in ComboType]
            for j, accuracy in enumerate(accuracies):
                if accuracy >= TARGET and reached[i, j] == np.inf:
                    reached[i, j] = day + 1
            if min(accuracies) >= TARGET and reached[i, -1] == np.inf:
                reached[i, -1] = day + 1
    correlation = {}
    for skill in Skill:
        fitted, hidden = [], []
        sample = pools.any(skill)[:200]
        for learner, record in zip(population, records):
            if skill not in record.ratings:
                continue
            chances = []
            for deal in sample:
                if deal.skill in (Skill.DISCARD, Skill.BEST_CARD):
                    trait = DISCARD if deal.skill is Skill.DISCARD else BEST_CARD
                    chances.append(learner.chance_single(trait, deal.difficulty, days))
                else:
                    chances.append(learner.chance_count(deal.types, days))
            mean = min(max(float(np.mean(chances)), 1e-4), 1 - 1e-4)
            hidden.append(math.log(mean / (1 - mean)))
            fitted.append(record.ratings[skill].rating)
        correlation[skill.value] = _pearson(fitted, hidden)
    return {"policy": policy, "reached": reached.tolist(), "correlation": correlation, "answers": answers_total,
            "seconds": time.perf_counter() - started}


def _record(policy, record: Record, deal: PoolDeal, review: bool, right: bool, per_type: dict, seconds: float,
            now: float) -> None:
    record.attempts += 1
    record.correct += right
    for t, seen in per_type.items():
        tally = record.tallies[t]
        tally[0] += 1
        tally[1] += seen
    rated = not review and deal.key not in record.met
    if rated:
        record.met.add(deal.key)
        usual = USUAL_SECONDS[deal.skill]
        score, speed = speed_score(right, seconds, usual)
        learner = record.ratings.get(deal.skill, NEWCOMER)
        learner_periods = now - record.updated.get(deal.skill, now)
        deal_rating = deal_ratings.get(deal.key, deal.prior)
        deal_periods = now - deal_updated.get(deal.key, now)
        new_learner, new_deal = rate(learner, deal_rating, score, speed, learner_periods=learner_periods,
                                     deal_periods=deal_periods)
        record.ratings[deal.skill], record.updated[deal.skill] = new_learner, now
        record.rated[deal.skill] += 1
        deal_ratings[deal.key], deal_updated[deal.key] = new_deal, now
    if policy == "adaptive" and not right:
        record.missed.append((record.attempts, deal))
    if policy == "ratings+fsrs":
        usual = USUAL_SECONDS[deal.skill]
        when = _at(now)
        key = ("deal", deal.key)
        if key in record.cards or not right:
            old = record.cards.get(key)
            card = memory.review(old[0] if old else None, grade_of(right, seconds, usual), when)
            record.cards[key] = (card, deal)
            heapq.heappush(record.due_heap["deal", deal.skill], (card.due, key))
        for t, seen in per_type.items():
            key = _combo_key(t)
            if key in record.cards or not seen:
                old = record.cards.get(key)
                card = memory.review(old[0] if old else None, grade_of(seen, seconds, usual), when)
                record.cards[key] = (card, None)


def _pearson(x, y) -> tuple[float, float, float, int]:
    """Pearson's r with its 95% interval (Fisher z) and n."""
    n = len(x)
    if n < 4:
        return (float("nan"),) * 3 + (n,)
    r = float(np.corrcoef(x, y)[0, 1])
    z, half = math.atanh(max(min(r, 0.999999), -0.999999)), 1.96 / math.sqrt(n - 3)
    return r, math.tanh(z - half), math.tanh(z + half), n


def _median_interval(days: np.ndarray, rng: np.random.Generator, horizon: int) -> str:
    """The median days (inf: not by the horizon) with a bootstrap 95% interval."""
    def median(values):
        return float(np.median(values))
    point = median(days)
    boots = [median(rng.choice(days, size=len(days))) for _ in range(1000)]
    low, high = np.percentile(boots, [2.5, 97.5], method="nearest")  # no interpolation across "never"

    def text(value):
        return f"> {horizon}" if not math.isfinite(value) else f"{value:.0f}"
    return f"{text(point)} [{text(low)}, {text(high)}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pool", type=int, default=800, help="deals of each pool of any kind")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--policies", default=",".join(POLICIES), help="a comma-separated subset, for a quick look")
    args = parser.parse_args()
    started = time.perf_counter()
    pools = make_pools(args.seed, args.pool)
    print(f"pools dealt by the drills' functions in {time.perf_counter() - started:.0f} s: "
          + ", ".join(f"{skill.value} {sum(len(v) for (s, _), v in pools.by.items() if s is skill)}" for skill in Skill))
    policies = [p for p in args.policies.split(",") if p in POLICIES]
    n = len(policies)
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(run_policy, policies, [args.learners] * n, [args.days] * n, [args.seed] * n,
                                [pools] * n))
    print(f"{args.learners} simulated learners x {args.days} days x {n} policies "
          f"in {time.perf_counter() - started:.0f} s ({args.jobs} processes)\n")
    for result in results:
        print(f"{result['policy']}: {result['answers']:,} answers simulated in {result['seconds']:.0f} s")
    print("\nCorrelation of the fitted rating with the hidden skill at the last day (r [95% interval], n):")
    print(f"{'skill':<16}" + "".join(f"{r['policy']:>28}" for r in results))
    for skill in Skill:
        cells = []
        for r in results:
            value, low, high, n = r["correlation"][skill.value]
            cells.append(f"{value:.2f} [{low:.2f}, {high:.2f}] n={n}")
        print(f"{skill.value:<16}" + "".join(f"{c:>28}" for c in cells))
    rng = np.random.default_rng(args.seed)
    print(f"\nDays to a hidden accuracy of {TARGET:.0%} (median over the learners [bootstrap 95% interval]; "
          f"share reached by day {args.days}):")
    print(f"{'combo type':<22}" + "".join(f"{r['policy']:>26}" for r in results))
    names = [t.value for t in ComboType] + ["every combo type"]
    for j, name in enumerate(names):
        cells = []
        for r in results:
            days = np.array([row[j] for row in r["reached"]])
            share = np.isfinite(days).mean()
            cells.append(f"{_median_interval(days, rng, args.days)} {share:.0%}")
        print(f"{name:<22}" + "".join(f"{c:>26}" for c in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
