"""The simulated learner models of ``bench/learners/`` keep the plain-data
protocol the practice-policy harness drives them by: the replies' keys and
types, a check-up that changes nothing, a seed that fixes every answer,
practice that teaches, and time that makes them forget.

The models are loaded by their file path, as the harness loads
``--model FILE.py:FACTORY`` (``bench`` is not an installed package).  The
drills are dealt from seeded decks and itemised by the engine and the drills'
own combo types, the choices' losses are made up (the models only read them).
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pickle
import random
import sys
from datetime import timedelta
from pathlib import Path
from statistics import mean

import pytest

from engine.cards import shuffled_deck
from engine.pegging import score_play
from engine.scoring import score_show
from trainer.drills.checking import PEG_TYPES, combos_of
from trainer.rating.learner_model import SimulatedLearner
from trainer.record.combos import ComboType

ROOT = Path(__file__).resolve().parents[2]
MODELS = ("today", "transfer", "rules")
START = "2026-01-05T19:00:00"


def load(name: str):
    """A model module loaded by its path, as the harness loads it."""
    module_name = f"learner_model_{name}"
    if module_name not in sys.modules:
        spec = importlib.util.spec_from_file_location(module_name, ROOT / "bench" / "learners" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # a dataclass looks its module up while it is made
        spec.loader.exec_module(module)
    return sys.modules[module_name]


MODULES = {name: load(name) for name in MODELS}
protocol = importlib.import_module("bench.learners.protocol")  # importable once a model has put the root on the path


def at(day: float, seconds: int = 0) -> str:
    """The ISO time ``day`` days and ``seconds`` seconds after START."""
    return (protocol.parse_now(START) + timedelta(days=day, seconds=seconds)).isoformat()


def show_drill(hand, starter, *, crib: bool = False, key: str | None = None, now: str = START) -> dict:
    """A hand or crib drill itemised by the engine, the combos typed as the drills type them."""
    score = score_show(hand, starter, crib=crib)
    items = [{"combo": combo.type.value, "cards": [str(c) for c in combo.cards], "points": combo.points}
             for combo in combos_of(score)]
    cards = [str(c) for c in score.hand]
    return {"skill": "crib" if crib else "hand", "now": now, "key": key or " ".join([*cards, str(starter), str(crib)]),
            "hand": cards, "starter": str(score.starter), "crib": crib, "items": items}


def pegging_drill(pile, *, key: str = "peg", now: str = START) -> dict:
    """The points for the last card of a pile, itemised by the engine."""
    play = score_play(pile)
    items = [{"combo": PEG_TYPES[item.kind].value, "cards": [str(c) for c in item.cards], "points": item.points}
             for item in play.items]
    return {"skill": "pegging", "now": now, "key": key, "pile": [str(c) for c in play.pile], "items": items}


def discard_drill(seed: int, *, now: str = START) -> dict:
    """Six cards from a seeded deck and every lay-away, one losing nothing and the rest made-up losses."""
    rng = random.Random(seed)
    cards = [str(c) for c in shuffled_deck(rng)[:6]]
    pairs = [[a, b] for i, a in enumerate(cards) for b in cards[i + 1:]]
    best = rng.randrange(len(pairs))
    choices = [{"lay_away": pair, "loss": 0.0 if i == best else round(rng.uniform(0.1, 3.0), 2)}
               for i, pair in enumerate(pairs)]
    return {"skill": "discard", "now": now, "key": f"discard {seed}", "cards": cards, "dealer": seed % 2 == 0,
            "choices": choices}


def best_card_drill(*, now: str = START) -> dict:
    return {"skill": "best card", "now": now, "key": "best", "hand": ["5H", "6H", "KD"], "pile": ["4S"],
            "choices": [{"card": "5H", "loss": 0.0}, {"card": "6H", "loss": 0.4}, {"card": "KD", "loss": 1.2}]}


def hands_holding(combo: ComboType, count: int, seed: int, *, crib: bool = False, without=()) -> list[tuple]:
    """``count`` hands (four cards and a starter) from a seeded deck holding ``combo``, none of ``without``."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        deck = shuffled_deck(rng)
        types = {c.type for c in combos_of(score_show(deck[:4], deck[4], crib=crib))}
        if combo in types and not types & set(without):
            found.append((deck[:4], deck[4]))
    return found


def snapshot(model) -> bytes:
    """Everything in the model, random stream included."""
    return pickle.dumps(model)


def practise(model, drills) -> list[dict]:
    """Practice answers with feedback, as the harness gives them; the replies."""
    replies = []
    for drill in drills:
        reply = model.answer(drill)
        model.feedback(drill, protocol.is_right(drill, reply))
        replies.append(reply)
    return replies


def right_share(model, drills) -> float:
    """The share of check-up answers right."""
    return mean(protocol.is_right(drill, model.answer(drill, learn=False)) for drill in drills)


def every_kind(now: str = START) -> list[dict]:
    return [show_drill("5H 5D JS 2C", "9S", now=now), show_drill("4H 5H 6H 9H", "KS", crib=True, now=now),
            pegging_drill("7S 8D", now=now), best_card_drill(now=now), discard_drill(1, now=now)]


# ---------------------------------------------------------------- the protocol


def test_the_protocols_examples_hold():
    assert doctest.testmod(protocol).failed == 0


@pytest.mark.parametrize("name", MODELS)
def test_each_reply_has_the_protocols_keys_and_types(name):
    model = MODULES[name].make(1)
    expected = {"hand": "total", "crib": "total", "pegging": "points", "best card": "card", "discard": "lay_away"}
    for drill in every_kind() * 5:
        reply = model.answer(drill)
        model.feedback(drill, protocol.is_right(drill, reply))
        key = expected[drill["skill"]]
        assert set(reply) == {key, "seconds"}, (drill["skill"], reply)
        assert type(reply["seconds"]) is float and reply["seconds"] > 0
        if key in ("total", "points"):
            assert type(reply[key]) is int and reply[key] >= 0
        elif key == "card":
            assert reply["card"] in [choice["card"] for choice in drill["choices"]]
        else:
            assert reply["lay_away"] in [choice["lay_away"] for choice in drill["choices"]]


@pytest.mark.parametrize("name", MODELS)
def test_a_checkup_changes_nothing_in_the_model(name):
    model = MODULES[name].make(2)
    practise(model, every_kind() + [show_drill("5H 5D JS 2C", "9S", now=at(1))])
    before = snapshot(model)
    for drill in every_kind(at(2)):  # the first is a deal already practised: a retried key
        first = model.answer(drill, learn=False)
        assert model.answer(drill, learn=False) == first
    assert snapshot(model) == before


@pytest.mark.parametrize("name", MODELS)
def test_checkups_between_practice_answers_leave_the_practice_as_it_was(name):
    plain, checked = MODULES[name].make(3), MODULES[name].make(3)
    drills = [drill for day in range(4) for drill in every_kind(at(day))]
    replies = []
    for drill in drills:
        for checkup in every_kind(at(9)):
            checked.answer(checkup, learn=False)
        reply = checked.answer(drill)
        checked.feedback(drill, protocol.is_right(drill, reply))
        replies.append(reply)
    assert practise(plain, drills) == replies


@pytest.mark.parametrize("name", MODELS)
def test_the_same_seed_gives_the_same_answers_and_another_seed_others(name):
    drills = [drill for day in range(6) for drill in every_kind(at(day))]
    first, again, other = (practise(MODULES[name].make(seed), drills) for seed in (4, 4, 5))
    assert first == again
    assert first != other


# ---------------------------------------------------------------- learning and forgetting


def _fifteens_of_4(count: int, seed: int, *, start_day: float = 0.0, spacing: float = 0.0) -> list[dict]:
    return [show_drill(hand, starter, key=f"f4 {seed} {i}", now=at(start_day + i * spacing, 40 * i))
            for i, (hand, starter) in enumerate(hands_holding(ComboType.FIFTEEN_4, count, seed))]


LEARNERS = range(12)


@pytest.mark.parametrize("name", MODELS)
def test_practice_with_feedback_raises_the_accuracy_on_a_type(name):
    checkups = _fifteens_of_4(30, seed=100)
    before = after = 0.0
    for seed in LEARNERS:
        model = MODULES[name].make(seed)
        before += right_share(model, checkups)
        practise(model, _fifteens_of_4(80, seed=200 + seed))
        after += right_share(model, [{**drill, "now": at(0, 4000)} for drill in checkups])
    assert after > before + 0.15 * len(LEARNERS), (before, after)


@pytest.mark.parametrize("name", MODELS)
def test_practice_with_feedback_raises_the_discard(name):
    checkups = [discard_drill(1000 + i) for i in range(20)]
    before = after = 0.0
    for seed in LEARNERS:
        model = MODULES[name].make(seed)
        before += right_share(model, checkups)
        practise(model, [discard_drill(i, now=at(i / 10)) for i in range(150)])
        after += right_share(model, [{**drill, "now": at(15)} for drill in checkups])
    assert after > before + 0.1 * len(LEARNERS), (before, after)


@pytest.mark.parametrize("name", MODELS)
def test_what_was_learnt_fades_without_practice(name):
    checkups = _fifteens_of_4(30, seed=100)
    soon = later = 0.0
    for seed in LEARNERS:
        model = MODULES[name].make(seed)
        practise(model, _fifteens_of_4(60, seed=200 + seed))
        soon += right_share(model, [{**drill, "now": at(0, 4000)} for drill in checkups])
        later += right_share(model, [{**drill, "now": at(90)} for drill in checkups])
    assert later < soon - 0.1 * len(LEARNERS), (soon, later)


@pytest.mark.parametrize("name", MODELS)
def test_a_type_never_practised_gains_nothing(name):
    model = MODULES[name].make(6)
    hands = hands_holding(ComboType.FIFTEEN_2, 60, seed=7, without=[ComboType.NOBS])
    before = model.hidden_accuracy(ComboType.NOBS.value, at(0))
    practise(model, [show_drill(hand, starter, key=str(i), now=at(i / 4)) for i, (hand, starter) in enumerate(hands)])
    assert model.hidden_accuracy(ComboType.NOBS.value, at(15)) == pytest.approx(before)


# ---------------------------------------------------------------- each model's own


def test_today_is_the_products_learner_model_practised_as_the_bench_practises_it():
    model = MODULES["today"].make(8)
    replica = SimulatedLearner.newcomer(random.Random(8))
    drill = show_drill("5H 5D JS 2C", "9S", now=at(3))
    model.answer(drill)
    seen = model.pending[drill["key"]].seen
    model.feedback(drill, False)
    for combo, was_seen in seen.items():
        replica.last[combo] = 3.0  # a first meeting starts the type's memory clock
        replica.practise([combo], right=was_seen, day=3.0)
    for combo in ComboType:
        assert model.hidden_accuracy(combo.value, at(10)) == pytest.approx(replica.accuracy(combo, 10.0))


def test_transfer_practice_on_fifteens_of_two_lends_fifteens_of_four_a_part():
    model = MODULES["transfer"].make(9)
    before = model.hidden_accuracy(ComboType.FIFTEEN_4.value, at(0))
    hands = hands_holding(ComboType.FIFTEEN_2, 60, seed=11, without=[ComboType.FIFTEEN_4])
    practise(model, [show_drill(hand, starter, key=str(i), now=at(0, 40 * i)) for i, (hand, starter) in enumerate(hands)])
    assert model.hidden_accuracy(ComboType.FIFTEEN_4.value, at(0, 4000)) > before + 0.03


def test_transfer_over_counts_a_crib_of_one_suit_that_the_starter_breaks():
    crib = show_drill("5H 4H 8H TH", "KS", crib=True)  # a flush in a hand, none in a crib: two fifteens
    assert protocol.total_of(crib["items"]) == 4
    answers = [MODULES["transfer"].make(seed).answer(crib, learn=False)["total"] for seed in range(40)]
    assert max(answers) >= 4 + 4


def test_transfer_a_retried_deal_teaches_less_than_fresh_ones():
    hands = hands_holding(ComboType.FIFTEEN_4, 40, seed=12)
    fresh, retried = MODULES["transfer"].make(13), MODULES["transfer"].make(13)
    one = show_drill(*hands[0], key="the same deal")
    for i, hand in enumerate(hands):
        fresh.feedback(show_drill(*hand, key=str(i), now=at(0, 40 * i)), False)
        retried.feedback({**one, "now": at(0, 40 * i)}, False)
    now = at(0, 4000)
    assert fresh.hidden_accuracy("fifteen of 4 cards", now) > retried.hidden_accuracy("fifteen of 4 cards", now) + 0.02


def test_rules_a_rule_is_learnt_only_from_a_missed_breakdown():
    rules = MODULES["rules"]
    learners = [rules.make(seed) for seed in range(40)]
    unknown = [l for l in learners if not l.rules[ComboType.FIFTEEN_4.value].known]
    assert unknown
    drills = _fifteens_of_4(30, seed=14)
    for learner in unknown:
        for drill in drills:
            learner.answer(drill)
            learner.feedback(drill, True)
    assert not any(l.rules[ComboType.FIFTEEN_4.value].known for l in unknown)
    for learner in unknown:
        for drill in drills:
            learner.answer(drill)
            learner.feedback(drill, False)
    assert all(l.rules[ComboType.FIFTEEN_4.value].known for l in unknown)


def test_rules_retrieval_gets_faster_with_practice():
    model = MODULES["rules"].make(15)
    for rule in model.rules.values():
        rule.known = True  # every rule known, none at risk: only the speed moves
    drills = _fifteens_of_4(20, seed=16)
    before = mean(model.answer(drill, learn=False)["seconds"] for drill in drills)
    practise(model, _fifteens_of_4(100, seed=17, spacing=0.001))
    after = mean(model.answer({**drill, "now": at(0.2)}, learn=False)["seconds"] for drill in drills)
    assert after < 0.8 * before, (before, after)


def test_rules_slips_grow_with_the_items_in_the_count():
    model = MODULES["rules"].make(18)
    for rule in model.rules.values():
        rule.known = True
    few = show_drill("2H 3D 9C KS", "QD")  # two fifteens of 3 cards
    many = show_drill("5H 5D 5S JC", "5C")  # eight fifteens, the four fives, nobs: ten items
    assert len(many["items"]) > 3 * max(1, len(few["items"]))
    wrong = {name: sum(not protocol.is_right(drill, model.answer({**drill, "key": str(i)}, learn=False))
                       for i in range(400))
             for name, drill in (("few", few), ("many", many))}
    assert wrong["many"] > wrong["few"]


def test_the_readmes_minimal_model_keeps_the_protocol_and_is_always_right(tmp_path):
    readme = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Learner models (the plain-data protocol)")[1]
    code = section.split("```python\n")[1].split("```")[0]
    (tmp_path / "perfect.py").write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("learner_model_perfect", tmp_path / "perfect.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model = module.make(1)
    for drill in every_kind():
        reply = model.answer(drill)
        model.feedback(drill, True)
        assert protocol.is_right(drill, reply), (drill["skill"], reply)
