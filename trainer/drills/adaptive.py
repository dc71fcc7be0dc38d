"""Adaptive drills: deal more of what a learner gets wrong, and bring missed
deals back after a spacing interval.

Both decisions are pure functions of the learner's record (a
:class:`~trainer.record.stats.LearnerStats` read from the running tallies, and the
attempt history), so they can be tested without a database; on the deal path
:func:`review_deal` asks :func:`trainer.record.history.review_candidates`, which applies
the rule of :func:`due_for_review` as indexed queries instead of reading the
history.

* :func:`focus_weights` gives each :class:`FocusKind` a weight that grows with
  the learner's error rate on the combo types it trains; a kind never tried
  gets a middling weight so that it is explored.
* :func:`due_for_review` finds the oldest missed attempt that has not been
  retried yet and has at least ``spacing`` other attempts after it.

>>> from trainer.record.stats import ComboStats, LearnerStats
>>> stats = LearnerStats(10, 5, 4, None, (ComboStats(ComboType.NOBS, 4, 0, 4),), ())
>>> weights = focus_weights(stats)
>>> max(weights, key=weights.get)
<FocusKind.NOBS: 'nobs'>
"""

from __future__ import annotations

import random
from typing import Callable, Mapping, Sequence, TypeVar

from trainer.drills.deal import Deal, FocusKind, PegTag, replay
from trainer.record import history
from trainer.record.attempts import AttemptInfo, DrillKind
from trainer.record.combos import ComboType
from trainer.record.stats import LearnerStats

#: The combo types each focus kind trains.
FOCUS_TYPES: dict[FocusKind, tuple[ComboType, ...]] = {
    FocusKind.DOUBLE_RUNS: (ComboType.MULTIPLE_RUNS,),
    FocusKind.FIVE_CARD_FIFTEENS: (ComboType.FIFTEEN_4, ComboType.FIFTEEN_5),
    FocusKind.FLUSH_TRAPS: (ComboType.HAND_FLUSH, ComboType.CRIB_FLUSH),
    FocusKind.NOBS: (ComboType.NOBS,),
}

#: The pegging moments each pegging combo type is trained by.
PEG_TAGS: dict[ComboType, PegTag] = {
    ComboType.PEG_FIFTEEN: PegTag.FIFTEEN,
    ComboType.PEG_THIRTY_ONE: PegTag.THIRTY_ONE,
    ComboType.PEG_PAIR: PegTag.PAIR,
    ComboType.PEG_RUN: PegTag.OUT_OF_ORDER_RUN,
    ComboType.PEG_GO: PegTag.GO,
    ComboType.PEG_LAST_CARD: PegTag.LAST_CARD,
}

#: Plain random hands keep this weight, so the learner still sees ordinary deals.
BASE_WEIGHT = 1.0
#: The weight of a kind not tried yet (as if half were wrong).
UNTRIED_ERROR = 0.5
#: How much a kind's error rate (0..1) adds to its weight.
ERROR_BOOST = 3.0


def _error_rate(stats: LearnerStats, types: Sequence[ComboType]) -> float:
    seen = sum(stats.of(t).seen for t in types)
    if not seen:
        return UNTRIED_ERROR
    right = sum(stats.of(t).right for t in types)
    return 1 - right / seen


def focus_weights(stats: LearnerStats) -> dict[FocusKind, float]:
    """How often to deal each focus kind: the weakest kinds weigh most."""
    weights: dict[FocusKind, float] = {FocusKind.ANY: BASE_WEIGHT}
    for focus, types in FOCUS_TYPES.items():
        weights[focus] = ERROR_BOOST * _error_rate(stats, types)
    # A nineteen hand trains the whole count: weigh it by the overall error rate.
    overall = 1 - stats.accuracy if stats.attempts else UNTRIED_ERROR
    weights[FocusKind.NINETEEN] = ERROR_BOOST * overall / 3
    return weights


def choose_focus(stats: LearnerStats, rng: random.Random) -> FocusKind:
    """A focus kind drawn by :func:`focus_weights`."""
    return _draw(focus_weights(stats), rng)


def choose_peg_tag(stats: LearnerStats, rng: random.Random) -> PegTag | None:
    """A pegging moment kind to ask about, the weakest weighing most (None: any moment)."""
    weights: dict[PegTag | None, float] = {None: BASE_WEIGHT, PegTag.BROKEN_PAIR: 0.5, PegTag.AFTER_RESET: 0.5}
    for combo_type, tag in PEG_TAGS.items():
        weights[tag] = ERROR_BOOST * _error_rate(stats, (combo_type,))
    return _draw(weights, rng)


K = TypeVar("K")


def _draw(weights: Mapping[K, float], rng: random.Random) -> K:
    """One key of ``weights``, drawn with the chance its weight gives it."""
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def due_for_review(
    recent: Sequence[AttemptInfo],
    kind: DrillKind,
    spacing: int,
    can_replay: Callable[[AttemptInfo], bool] = lambda attempt: True,
) -> AttemptInfo | None:
    """The oldest missed attempt of ``kind`` not yet retried, with at least
    ``spacing`` attempts (of any kind) made since; ``recent`` is newest first.
    ``can_replay`` skips attempts whose deal cannot be dealt again.

    A retry answered wrong is itself a missed attempt, so a deal keeps coming
    back until the learner gets it right.
    """
    retried = {a.retry_of for a in recent if a.retry_of is not None}
    for position in range(len(recent) - 1, -1, -1):  # oldest first
        attempt = recent[position]
        if attempt.kind is not kind or attempt.correct or attempt.id in retried or position < spacing:
            continue
        if can_replay(attempt):
            return attempt
    return None


def review_deal(learner_id: int, kind: DrillKind, spacing: int) -> tuple[int, Deal] | None:
    """The learner's missed attempt of ``kind`` due again (the rule of
    :func:`due_for_review`, asked of the database) as its id and its deal
    rebuilt, or None; attempts whose record cannot be dealt again are skipped."""
    for attempt_id, dealt in history.review_candidates(learner_id, kind, spacing):
        deal = replay(kind, dealt)
        if deal is not None:
            return attempt_id, deal
    return None
