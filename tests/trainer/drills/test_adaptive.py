"""Adaptive dealing and spaced review: the pure rules, and the database queries that apply them."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime

from trainer.drills.adaptive import choose_focus, focus_weights
from trainer.drills.deal import FocusKind
from trainer.record.attempts import AttemptInfo, DrillKind
from trainer.record.combos import ComboType
from trainer.record.stats import ComboStats, LearnerStats


def stats_with(*rows: ComboStats, attempts: int = 20, correct: int = 10) -> LearnerStats:
    return LearnerStats(attempts, correct, 0, None, rows, ())


def attempt(id: int, correct: bool, retry_of: int | None = None, kind=DrillKind.SHOW) -> AttemptInfo:
    return AttemptInfo(id, 1, datetime(2026, 1, 1), kind, "total", {}, {}, 0, 0, 0, correct, None, retry_of, ())


def test_the_weakest_kind_weighs_most():
    stats = stats_with(
        ComboStats(ComboType.MULTIPLE_RUNS, 10, 2, 20),
        ComboStats(ComboType.NOBS, 10, 10, 0),
        ComboStats(ComboType.FIFTEEN_5, 10, 9, 2),
        ComboStats(ComboType.HAND_FLUSH, 10, 9, 1),
    )
    weights = focus_weights(stats)
    assert max(weights, key=weights.get) is FocusKind.DOUBLE_RUNS
    assert weights[FocusKind.NOBS] == 0


def test_weak_kinds_are_dealt_more_often():
    stats = stats_with(ComboStats(ComboType.NOBS, 10, 0, 10), ComboStats(ComboType.MULTIPLE_RUNS, 10, 10, 0))
    rng = random.Random(4)
    dealt = Counter(choose_focus(stats, rng) for _ in range(2000))
    assert dealt[FocusKind.NOBS] > 2 * dealt[FocusKind.ANY]
    assert dealt[FocusKind.DOUBLE_RUNS] == 0


def test_weak_pegging_kinds_are_asked_more_often():
    from trainer.drills.adaptive import choose_peg_tag
    from trainer.drills.deal import PegTag

    stats = stats_with(ComboStats(ComboType.PEG_GO, 10, 0, 10), ComboStats(ComboType.PEG_RUN, 10, 10, 0))
    rng = random.Random(8)
    asked = Counter(choose_peg_tag(stats, rng) for _ in range(2000))
    assert asked[PegTag.GO] > 2 * asked[None]
    assert asked[PegTag.OUT_OF_ORDER_RUN] == 0
