"""Does the practice policy teach?  Simulated learners practise for weeks through
the product's own practice code, and a delayed check-up on unseen deals says
how much each learned under each policy.

**The product's code, not a copy.**  Each simulated answer goes the way a
browser's does: :func:`trainer.practice.next_show` (``next_pegging``,
``next_discard``, ``next_best_play``) deals the drill and stores it, the
learner model answers what was dealt, and :func:`trainer.practice.answer_drill`
grades, records and rates the answer, against a real SQLite database in a
temporary folder (one per model and policy; the learners of a run share it,
as the learners of a server share deal ratings).  The clock is the
database's (:func:`trainer.database.clock_at`), moved along each learner's
schedule.  The policies are :class:`trainer.practice.Policy`: ``random``,
``adaptive`` (the dealer before ratings) and ``current`` (what the product
ships); the bench holds no dealing logic of its own.

**Paired schedules.**  Learner *i* of a run (seed ``S``) practises on the same
days, in the same sittings at the same hours, on the same drills in the same
order under every policy, and its model is made from the same seed
(:func:`schedule`, :func:`model_seed`): differences between policies are
paired per learner.  Each learner practises on 80% of days, one sitting of
6-16 answers starting between 8:00 and 22:00, 20 s between answers besides
the answer's own time; the drills are drawn 35% hands, 15% cribs, 30% pegging
moments, 10% discards, 10% best cards.

**The check-up.**  A fixed set of deals per skill at fixed difficulties
(:func:`trainer.checkup.bank.harness_set`), never dealt in practice, answered
with ``learn=False`` on day 0, every 15th day and the last day.  Its headline
per learner is **points left on the table per check-up deal**
(:func:`trainer.checkup.scoring.points_left`: count points missed or
over-counted, pegging points missed, expected points lost in a discard or a
best card), averaged over the set.  Also reported: each skill's figure, the
share of learners at 90% hidden accuracy on every combo type (where the
model tells), and the weakest combo type's check-up accuracy.

**Learner models** plug in through the plain-data protocol of ``bench/README.md``
(``--model FILE.py:FACTORY``; the shipped ones are in ``bench/learners/``).

    python bench/simulated_learners.py --quick                  # every shipped model, 6 learners x 15 days
    python bench/simulated_learners.py --learners 200 --days 60 --json /tmp/run.json
    python bench/simulated_learners.py --model bench/learners/rules.py:make --policies random,current
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import math
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import Card  # noqa: E402
from trainer import database, practice  # noqa: E402
from trainer.checkup import bank, scoring  # noqa: E402
from trainer.database import db  # noqa: E402
from trainer.drills.answers import BestCard, DrillAnswer, LaidAway, PegPoints, ShowOptions, Total  # noqa: E402
from trainer.drills.deal import DiscardDeal, PeggingMoment, ShowDeal, replay  # noqa: E402
from trainer.rating.skills import Deal, Skill, deal_key  # noqa: E402
from trainer.record import history, learners, pending_drills  # noqa: E402
from trainer.record.combos import ComboType  # noqa: E402
from trainer.web import create_app  # noqa: E402

HERE = Path(__file__).resolve().parent
#: The models shipped, run when no ``--model`` is given.
SHIPPED_MODELS = ("learners/today.py:make", "learners/transfer.py:make", "learners/rules.py:make")
POLICIES = tuple(policy.value for policy in practice.Policy)
#: What a sitting's drills are drawn from, and how often.
MIX = (("hand", 0.35), ("crib", 0.15), ("pegging", 0.30), ("discard", 0.10), ("best card", 0.10))
PRACTICE_DAYS = 0.8
SITTING = (6, 16)
GAP_SECONDS = 20
FIRST_DAY = datetime(2026, 1, 5)
#: The check-up's cadence (and the last day is always one).
CHECKUP_EVERY = 15
#: Hidden accuracy that counts as having learnt a combo type.
MASTERED = 0.9


@dataclass(frozen=True, slots=True)
class Sitting:
    """One practice sitting: the day (from 0), when it starts and the drills it asks for, in order."""

    day: int
    start: datetime
    drills: tuple[str, ...]


def _stream(seed: int, learner: int, purpose: str) -> random.Random:
    """A random stream of its own for one learner and one purpose, the same under every policy."""
    return random.Random(f"{seed}:{learner}:{purpose}")


def model_seed(seed: int, learner: int) -> int:
    """The seed learner ``learner``'s model is made from (the same under every policy)."""
    return _stream(seed, learner, "model").randrange(2**31)


def schedule(seed: int, learner: int, days: int) -> tuple[Sitting, ...]:
    """Learner ``learner``'s practice over ``days`` days: which days, when, and which drills.

    >>> schedule(1, 0, 10) == schedule(1, 0, 10), schedule(1, 0, 10) == schedule(1, 1, 10)
    (True, False)
    """
    rng = _stream(seed, learner, "schedule")
    skills = [skill for skill, _share in MIX]
    weights = [share for _skill, share in MIX]
    sittings = []
    for day in range(days):
        if rng.random() >= PRACTICE_DAYS:
            continue
        start = FIRST_DAY + timedelta(days=day, hours=rng.uniform(8, 22))
        count = rng.randint(*SITTING)
        sittings.append(Sitting(day, start, tuple(rng.choices(skills, weights=weights, k=count))))
    return tuple(sittings)


def checkup_days(days: int) -> tuple[int, ...]:
    """The days a check-up falls on: day 0, every :data:`CHECKUP_EVERY`th, and the last.

    >>> checkup_days(60), checkup_days(20)
    ((0, 15, 30, 45, 60), (0, 15, 20))
    """
    return tuple(sorted(set(range(0, days + 1, CHECKUP_EVERY)) | {days}))


# ---------------------------------------------------------------- the protocol


def load_model(spec: str) -> Callable[[int], Any]:
    """The factory ``FILE.py:FACTORY`` names (a path relative to bench/ or absolute)."""
    file, _, name = spec.partition(":")
    path = Path(file) if Path(file).is_absolute() or Path(file).exists() else HERE / file
    module_spec = importlib.util.spec_from_file_location(f"learner_model_{path.stem}", path)
    if module_spec is None or module_spec.loader is None:
        raise SystemExit(f"cannot load a learner model from {file}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_spec.name] = module  # a dataclass looks its module up while it is made
    module_spec.loader.exec_module(module)
    return getattr(module, name or "make")


@functools.lru_cache(maxsize=8192)
def _truth(deal: Deal) -> scoring.Truth:
    # a best card's analysis takes milliseconds, and the check-up's deals come back every check-up
    return scoring.truth_of(deal)


def truth_of(deal: Deal) -> dict[str, Any]:
    """A deal as the protocol shows it: its cards in the product's notation, and the
    truth a simulated learner needs to simulate missing it (the check-up's
    :func:`trainer.checkup.scoring.truth_of`: the items, or every choice with the
    expected points it loses against the best)."""
    truth = _truth(deal)
    items = [{"combo": item.name, "cards": [str(c) for c in item.cards], "points": item.points}
             for item in truth.items]
    match deal:
        case ShowDeal():
            return {"hand": [str(c) for c in deal.hand], "starter": str(deal.starter), "crib": deal.crib, "items": items}
        case PeggingMoment():
            return {"pile": [str(c) for c in deal.cards], "items": items}
        case DiscardDeal():
            return {"cards": [str(c) for c in deal.cards], "dealer": deal.dealer,
                    "choices": [{"lay_away": [str(c) for c in choice.cards], "loss": choice.loss}
                                for choice in truth.choices]}
    return {"hand": [str(c) for c in deal.hand], "pile": [str(c) for c in deal.pile],
            "choices": [{"card": str(choice.cards[0]), "loss": choice.loss} for choice in truth.choices]}


def drill_of(skill: str, deal: Deal, now: datetime) -> dict[str, Any]:
    """What a learner model is shown of a deal: the protocol's plain data, the truth included."""
    return {"skill": skill, "now": now.isoformat(timespec="seconds"), "key": deal_key(deal), **truth_of(deal)}


#: The protocol's name of each skill.
SKILL_NAMES = {Skill.COUNT_HAND: "hand", Skill.COUNT_CRIB: "crib", Skill.PEGGING: "pegging",
               Skill.BEST_CARD: "best card", Skill.DISCARD: "discard"}


def answer_of(skill: str, deal: Any, reply: dict[str, Any]) -> DrillAnswer:
    """The product's answer value for a model's reply."""
    if skill in ("hand", "crib"):
        return Total(int(reply["total"]))
    if skill == "pegging":
        return PegPoints(int(reply["points"]), deal.play().count)
    if skill == "best card":
        return BestCard(Card.parse(reply["card"]))
    return LaidAway(tuple(Card.parse(card) for card in reply["lay_away"]))


# ---------------------------------------------------------------- one run


@dataclass
class LearnerRun:
    """What one simulated learner did and scored under one policy."""

    checkups: dict[int, float] = field(default_factory=dict)
    by_skill: dict[int, dict[str, float]] = field(default_factory=dict)
    weakest_type: dict[int, float] = field(default_factory=dict)
    mastered_all: dict[int, bool] = field(default_factory=dict)
    answers: int = 0
    reviews: int = 0
    right: int = 0
    weakest_type_dealt: int = 0


def _deal_next(learner_id: int, skill: str, rng: random.Random, policy: practice.Policy) -> practice.Dealt:
    match skill:
        case "hand" | "crib":
            return practice.next_show(learner_id, rng, options=ShowOptions(crib=skill == "crib"), policy=policy)
        case "pegging":
            return practice.next_pegging(learner_id, rng, policy=policy)
        case "discard":
            return practice.next_discard(learner_id, rng, dealer=None, policy=policy)
    return practice.next_best_play(learner_id, rng, policy=policy)


def take_checkup(model: Any, items: Sequence[Any], now: datetime) -> tuple[float, dict[str, float], dict[str, float]]:
    """The model's check-up (``learn=False``): points left per deal, per skill, and
    each combo type's share of check-up items answered without missing it."""
    left_by_skill: dict[str, list[float]] = defaultdict(list)
    type_right: Counter[str] = Counter()
    type_seen: Counter[str] = Counter()
    for item in items:
        skill = SKILL_NAMES[item.skill]
        drill = drill_of(skill, item.deal, now)
        reply = model.answer(drill, learn=False)
        left = scoring.points_left(item, answer_of(skill, item.deal, reply))
        left_by_skill[skill].append(left)
        for combo in {entry["combo"] for entry in drill.get("items", ())}:
            type_seen[combo] += 1
            type_right[combo] += left == 0
    every = [left for lefts in left_by_skill.values() for left in lefts]
    return (statistics.fmean(every), {s: statistics.fmean(v) for s, v in left_by_skill.items()},
            {combo: type_right[combo] / type_seen[combo] for combo in type_seen})


@dataclass(frozen=True, slots=True)
class Job:
    """One model under one policy, every learner."""

    model: str
    policy: str
    learners: int
    days: int
    seed: int
    keep: str | None = None


@dataclass(frozen=True, slots=True)
class Simulated:
    """A job's outcome: each learner's run and model (in learner order) and the database it used."""

    runs: list[LearnerRun]
    models: list[Any]
    database: str
    seconds: float


def simulate(job: Job) -> Simulated:
    """Every learner of ``job`` through its days, on a database of its own."""
    factory = load_model(job.model)
    policy = practice.Policy(job.policy)
    folder = tempfile.mkdtemp(prefix="crib-sim-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None)
    url = job.keep or f"sqlite:///{folder}/practice.db"
    app = create_app({"SECRET_KEY": "simulation", "SQLALCHEMY_DATABASE_URI": url, "ACCOUNTS": False})
    items = bank.harness_set()
    checkups = checkup_days(job.days)
    started = time.perf_counter()
    runs = [LearnerRun() for _ in range(job.learners)]
    models = [factory(model_seed(job.seed, i)) for i in range(job.learners)]
    plans = [schedule(job.seed, i, job.days) for i in range(job.learners)]
    dealer_rngs = [_stream(job.seed, i, "dealer") for i in range(job.learners)]
    with app.app_context():
        ids = [_new_learner(f"learner {i}") for i in range(job.learners)]
        database.commit()
        by_day: dict[int, list[tuple[int, Sitting]]] = defaultdict(list)
        for i, plan in enumerate(plans):
            for sitting in plan:
                by_day[sitting.day].append((i, sitting))
        for day in range(job.days + 1):
            if day in checkups:
                moment = FIRST_DAY + timedelta(days=day, hours=7)
                for run, model in zip(runs, models):
                    _check_up(model, items, moment, day, run)
            if day < job.days:
                for i, sitting in by_day[day]:
                    _practise(ids[i], models[i], sitting, dealer_rngs[i], policy, runs[i])
        db.engine.dispose()
    return Simulated(runs, models, url, time.perf_counter() - started)


def _new_learner(name: str) -> int:
    learner = learners.learner_by_name(name, create=True)
    assert learner is not None
    return learner.id


def _check_up(model: Any, items: Sequence[Any], moment: datetime, day: int, run: LearnerRun) -> None:
    """Day ``day``'s check-up, its figures kept in ``run``."""
    mean, per_skill, per_type = take_checkup(model, items, moment)
    run.checkups[day] = mean
    run.by_skill[day] = per_skill
    run.weakest_type[day] = min(per_type.values()) if per_type else math.nan
    hidden = getattr(model, "hidden_accuracy", None)
    if hidden is not None:
        run.mastered_all[day] = all(hidden(combo.value, moment.isoformat()) >= MASTERED for combo in ComboType)


def run_job(job: Job) -> dict[str, Any]:
    """:func:`simulate`, as plain data a worker process can send back."""
    done = simulate(job)
    return {"model": job.model, "policy": job.policy, "seconds": done.seconds,
            "learners": [run.__dict__ for run in done.runs], "database": done.database}


def _practise(learner_id: int, model: Any, sitting: Sitting, rng: random.Random, policy: practice.Policy,
              run: LearnerRun) -> None:
    """One sitting: each drill dealt, answered and recorded through the product."""
    now = sitting.start
    for skill in sitting.drills:
        with database.clock_at(now):
            dealt = _deal_next(learner_id, skill, rng, policy)
            pending = pending_drills.pending_drill(dealt.drill_id, learner_id, dealt.kind)
        deal = replay(dealt.kind, pending.payload) if pending is not None else None
        assert pending is not None and deal is not None, "the product stored a drill it cannot deal again"
        drill = drill_of(skill, deal, now)
        reply = model.answer(drill, learn=True)
        now += timedelta(seconds=float(reply.get("seconds", 10.0)))
        with database.clock_at(now):
            attempt_id = practice.answer_drill(learner_id, pending, answer_of(skill, deal, reply))
            attempt = history.attempt_by_id(attempt_id, learner_id)
        assert attempt is not None
        right = attempt.correct  # the product's verdict, shown to the learner as its breakdown
        model.feedback(drill, right)
        run.answers += 1
        run.reviews += dealt.brought_back
        run.right += right
        now += timedelta(seconds=GAP_SECONDS)


# ---------------------------------------------------------------- the report


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation).

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 0.868, 3.132)
    """
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return mean, round(mean - half, 3), round(mean + half, 3)


def report(results: list[dict[str, Any]], days: int) -> dict[str, Any]:
    """Per model: each policy's check-up figures, and the paired differences of current against the others."""
    out: dict[str, Any] = {}
    for model in dict.fromkeys(r["model"] for r in results):
        policies = {r["policy"]: r for r in results if r["model"] == model}
        entry: dict[str, Any] = {"policies": {}}
        for name, result in policies.items():
            runs = result["learners"]
            entry["policies"][name] = {
                "checkups": {str(day): [run["checkups"][day] for run in runs] for day in runs[0]["checkups"]},
                "weakest_type": {str(day): [run["weakest_type"][day] for run in runs] for day in runs[0]["weakest_type"]},
                "by_skill": {str(day): {skill: statistics.fmean(run["by_skill"][day][skill] for run in runs)
                                        for skill in runs[0]["by_skill"][day]} for day in runs[0]["by_skill"]},
                "mastered_all": {str(day): statistics.fmean(run["mastered_all"][day] for run in runs)
                                 for day in runs[0]["mastered_all"]},
                "answers": sum(run["answers"] for run in runs),
                "reviews": sum(run["reviews"] for run in runs),
                "right": sum(run["right"] for run in runs),
                "seconds": result["seconds"],
            }
        last = str(days)
        paired = {}
        if "current" in policies:
            for other in (p for p in policies if p != "current"):
                here = entry["policies"]["current"]
                there = entry["policies"][other]
                paired[f"current - {other}"] = {
                    "points left": mean_interval([a - b for a, b in zip(here["checkups"][last], there["checkups"][last])]),
                    "weakest type": mean_interval([a - b for a, b in zip(here["weakest_type"][last],
                                                                         there["weakest_type"][last])]),
                }
        entry["paired"] = paired
        out[model] = entry
    return out


def print_report(summary: dict[str, Any], days: int) -> None:
    for model, entry in summary.items():
        print(f"\n== {model}")
        print(f"{'policy':<10} {'answers':>8} {'reviews':>8} {'right':>6} " +
              " ".join(f"{'day ' + d:>8}" for d in map(str, checkup_days(days))) + f" {'weakest':>8} {'all 90%':>8}")
        for name, figures in entry["policies"].items():
            cells = " ".join(f"{statistics.fmean(figures['checkups'][str(d)]):8.3f}" for d in checkup_days(days))
            weakest = statistics.fmean(figures["weakest_type"][str(days)])
            mastered = figures["mastered_all"].get(str(days), math.nan)
            print(f"{name:<10} {figures['answers']:8d} {figures['reviews'] / max(1, figures['answers']):8.1%} "
                  f"{figures['right'] / max(1, figures['answers']):6.1%} {cells} {weakest:8.3f} {mastered:8.1%}"
                  f" ({1000 * figures['seconds'] / max(1, figures['answers']):.1f} ms an answer)")
        last = entry["policies"][next(iter(entry["policies"]))]["by_skill"][str(days)]
        print("day", days, "points left per skill: " + "; ".join(
            f"{name}: " + ", ".join(f"{skill} {entry['policies'][name]['by_skill'][str(days)][skill]:.3f}" for skill in last)
            for name in entry["policies"]))
        for name, diff in entry["paired"].items():
            mean, low, high = diff["points left"]
            wmean, wlow, whigh = diff["weakest type"]
            print(f"{name}: points left per deal {mean:+.3f} [{low:+.3f}, {high:+.3f}]; "
                  f"weakest type's accuracy {wmean:+.3f} [{wlow:+.3f}, {whigh:+.3f}]")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", action="append", help="FILE.py:FACTORY (repeatable; default: every shipped model)")
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--json", help="write the figures here")
    parser.add_argument("--quick", action="store_true", help="6 learners x 15 days: a look in a few minutes")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--with", dest="earlier", action="append", default=[],
                        help="a --json file of an earlier run (same learners, days and seed): its policies not run "
                             "now join the report, paired as if run now (the random and adaptive policies do not "
                             "change when only the current one does)")
    parser.add_argument("--keep", help="a folder to keep each run's SQLite database in (for bench/calibration.py)")
    args = parser.parse_args(argv)
    if args.quick:
        args.learners, args.days = 6, 15
    models = args.model or list(SHIPPED_MODELS)
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    for policy in policies:
        practice.Policy(policy)  # refuse a misspelt policy before minutes of work
    keep = Path(args.keep) if args.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    jobs = [Job(model, policy, args.learners, args.days, args.seed,
                f"sqlite:///{keep.resolve()}/{Path(model.split(':')[0]).stem}-{policy}.db" if keep else None)
            for model in models for policy in policies]
    started = time.perf_counter()
    if args.workers == 1:
        results = [run_job(job) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            results = list(pool.map(run_job, jobs))
    ran = {(r["model"], r["policy"]) for r in results}
    for earlier_file in args.earlier:
        earlier = json.loads(Path(earlier_file).read_text())
        if (earlier["learners"], earlier["days"], earlier["seed"]) != (args.learners, args.days, args.seed):
            raise SystemExit(f"{earlier_file} is of another size or seed: its learners would not be these")
        results += [r for r in earlier["raw"] if r["model"] in models and (r["model"], r["policy"]) not in ran]
    summary = report(results, args.days)
    print(f"{args.learners} learners x {args.days} days, seed {args.seed}, "
          f"{time.perf_counter() - started:.0f} s on {args.workers} processes")
    print_report(summary, args.days)
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"learners": args.learners, "days": args.days, "seed": args.seed,
             "models": summary, "raw": results,
             # the shape, for the first model: {"policies": {NAME: {"checkups": {DAY: [...]}}}}
             "policies": {name: {"checkups": figures["checkups"]}
                          for name, figures in summary[models[0]]["policies"].items()}},
            indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
