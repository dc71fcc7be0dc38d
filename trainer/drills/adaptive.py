"""Adaptive drills: deal more of what a learner gets wrong.

A pure function of the learner's record (a :class:`~trainer.record.stats.LearnerStats`
read from the running tallies), so it can be tested without a database:
:func:`focus_weights` gives each :class:`FocusKind` a weight that grows with the
learner's error rate on the combo types it trains; a kind never tried gets a
middling weight so that it is explored.  When a missed deal comes back is
FSRS's (:mod:`trainer.rating.memory`), and which of the candidates this
dealer draws is dealt, the rating's (:mod:`trainer.rating.dealing`).

>>> from trainer.record.stats import ComboStats, LearnerStats
>>> stats = LearnerStats(10, 5, 4, None, (ComboStats(ComboType.NOBS, 4, 0, 4),), ())
>>> weights = focus_weights(stats)
>>> max(weights, key=weights.get)
<FocusKind.NOBS: 'nobs'>
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence, TypeVar

from trainer.drills.deal import FocusKind, PegTag
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


def error_rate(stats: LearnerStats, types: Sequence[ComboType]) -> float:
    """The learner's share of wrong answers over deals holding these combo types
    (:data:`UNTRIED_ERROR` when none was met yet)."""
    seen = sum(stats.of(t).seen for t in types)
    if not seen:
        return UNTRIED_ERROR
    right = sum(stats.of(t).right for t in types)
    return 1 - right / seen


def focus_weights(stats: LearnerStats) -> dict[FocusKind, float]:
    """How often to deal each focus kind: the weakest kinds weigh most."""
    weights: dict[FocusKind, float] = {FocusKind.ANY: BASE_WEIGHT}
    for focus, types in FOCUS_TYPES.items():
        weights[focus] = ERROR_BOOST * error_rate(stats, types)
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
        weights[tag] = ERROR_BOOST * error_rate(stats, (combo_type,))
    return _draw(weights, rng)


K = TypeVar("K")


def _draw(weights: Mapping[K, float], rng: random.Random) -> K:
    """One key of ``weights``, drawn with the chance its weight gives it."""
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]
