"""The practice-policy harness (``bench/simulated_learners.py``) drives the
product's own practice service: scripted learners whose answers are known in
advance show that what it deals, records and checks up is what the protocol
and the product say, and that every policy meets the same learner on the same
days, sittings and drills."""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select

from trainer.checkup import bank
from trainer.drills.deal import replay
from trainer.record.attempts import DrillKind
from trainer.record.models import Attempt

from . import scripted_learners

ROOT = Path(__file__).resolve().parents[2]
SCRIPTED = Path(scripted_learners.__file__)

pytestmark = pytest.mark.slow


def _load_harness():
    spec = importlib.util.spec_from_file_location("simulated_learners", ROOT / "bench" / "simulated_learners.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["simulated_learners"] = module
    spec.loader.exec_module(module)
    return module


harness = _load_harness()


def job(factory: str, policy: str = "current", learners: int = 2, days: int = 3):
    return harness.Job(f"{SCRIPTED}:{factory}", policy, learners, days, seed=7)


def answered_in_practice(model) -> list[tuple[str, str]]:
    return [(skill, now) for skill, now, learn in model.log if learn]


def test_a_learner_who_always_answers_right_leaves_nothing_at_any_check_up():
    done = harness.simulate(job("always_right"))
    drills = [sum(len(s.drills) for s in harness.schedule(7, i, 3)) for i in range(2)]
    assert [run.answers for run in done.runs] == drills  # every drill of the schedule dealt and answered
    assert [run.right for run in done.runs] == drills
    assert all(left == 0 for run in done.runs for left in run.checkups.values())
    assert sorted(done.runs[0].checkups) == [0, 3]
    recorded = create_engine(done.database).connect().scalar(select(func.count()).select_from(Attempt))
    assert recorded == sum(drills)  # each through practice.answer_drill, recorded once
    assert all(model.feedbacks == run.answers for model, run in zip(done.models, done.runs))


def test_a_learner_who_never_sees_a_pair_leaves_exactly_the_pairs_points():
    done = harness.simulate(job("never_sees_a_pair", days=1))
    items = bank.harness_set()
    pair_points = []
    for item in items:
        drill = harness.drill_of(harness.SKILL_NAMES[item.skill], item.deal, harness.FIRST_DAY)
        pair_points.append(sum(i["points"] for i in drill.get("items", ()) if i["combo"] in scripted_learners.PAIR_TYPES))
    assert any(pair_points)  # the check-up holds pairs to miss
    for run in done.runs:
        assert run.checkups[0] == pytest.approx(statistics.fmean(pair_points))
        assert run.checkups[1] == run.checkups[0]  # it learns nothing
    # a check-up is answered without learning, and none of its deals is met in practice
    model = done.models[0]
    assert Counter(learn for _, _, learn in model.log)[False] == 2 * len(items)
    with create_engine(done.database).connect() as connection:
        practised = {harness.deal_key(replay(DrillKind(kind), json.loads(dealt)))
                     for kind, dealt in connection.execute(select(Attempt.kind, Attempt.dealt))}
    assert len(practised) > 5 and not practised & {item.key for item in items}


def test_every_policy_meets_the_same_learner_on_the_same_days_sittings_and_drills():
    under = {policy: harness.simulate(job("always_right", policy)) for policy in ("random", "current")}
    for i in range(2):
        assert answered_in_practice(under["random"].models[i]) == answered_in_practice(under["current"].models[i])
    assert answered_in_practice(under["random"].models[0]) != answered_in_practice(under["random"].models[1])


def test_the_schedule_is_the_learners_own():
    assert harness.schedule(7, 0, 20) == harness.schedule(7, 0, 20)
    assert harness.model_seed(7, 0) == harness.model_seed(7, 0) != harness.model_seed(7, 1)
    days = {sitting.day for sitting in harness.schedule(7, 0, 60)}
    assert 0.6 < len(days) / 60 < 0.95  # about four days in five
