"""Demo learners with realistic histories, for benchmarks, load tests and demos.

Learners ``demo-1`` … ``demo-L`` each get attempts of every drill kind, spread
over past days, graded by :mod:`trainer.drills.grading` and recorded by
:func:`trainer.record.attempts.record_attempts`: the same functions the drills use, so
the tallies, the review and the adaptive dealer see what real practice leaves.

The deals come from the drills' own dealers.  To record a million attempts in
minutes, each run deals a pool of deals per kind, grades a few answers to each
(the right one and typical mistakes: a combination overlooked, a pegging point
missed, a weaker discard or card) and draws every attempt from that pool, right
or wrong by the learner's skill.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy import select

from engine.analysis.discard import analyse_discards
from engine.pegging import pile_count
from engine.scoring import ScoreKind
from trainer.database import db, utcnow
from trainer.drills import grading
from trainer.drills.answers import BestCard, ByCategory, Claims, LaidAway, PegPoints, ShowAnswer, ShowOptions, Total
from trainer.drills.checking import AnswerMode, Claim, ClaimKind, combos_of
from trainer.drills.deal import best_play_question, deal_discard, deal_show, pegging_moment
from trainer.record import accounts
from trainer.record.attempts import DrillKind, NewAttempt, record_attempts
from trainer.record.learners import learner_by_name
from trainer.record.models import Learner

#: The password of every demo learner in server mode.
DEMO_PASSWORD = "demo-password"
#: The prefix of demo learners' names.
PREFIX = "demo-"
#: Attempts recorded per transaction.
BATCH = 1_000
#: How often each kind of drill is practised, as a share of attempts.
KIND_SHARES = {DrillKind.SHOW: 0.6, DrillKind.PEGGING: 0.2, DrillKind.DISCARD: 0.12, DrillKind.BEST_PLAY: 0.08}
#: A learner practises about this many drills a day, so N attempts span N / 30 days (a year at most).
PER_DAY = 30


class DemoRefused(ValueError):
    """The database holds learners who are not demo learners (pass ``force`` to add demo data anyway)."""


@dataclass(frozen=True, slots=True)
class PoolEntry:
    """One pool entry: the right answer's attempt and some typical wrong ones."""

    right: NewAttempt
    wrong: tuple[NewAttempt, ...]


def _show_entry(rng: random.Random) -> PoolEntry:
    deal = deal_show(rng, crib=rng.random() < 0.3)
    combos = combos_of(deal.score())
    answers = []
    for leave_out in [None] + list(range(len(combos)))[:3]:
        kept = [c for i, c in enumerate(combos) if i != leave_out]
        mode = rng.choice(list(AnswerMode))
        given: ShowAnswer
        match mode:
            case AnswerMode.CLAIMS:
                given = Claims(tuple(Claim(ClaimKind(item.kind.value), tuple(sorted(item.cards)))
                                     for combo in kept for item in combo.items))
            case AnswerMode.CATEGORY:
                points: dict[ScoreKind, int] = {}
                for combo in kept:
                    kind = combo.items[0].kind
                    points[kind] = points.get(kind, 0) + combo.points
                given = ByCategory.of(points)
            case AnswerMode.TOTAL:
                given = Total(sum(c.points for c in kept))
        graded = grading.grade_show(deal, ShowOptions(mode, crib=deal.crib), given,
                                    seconds=round(rng.uniform(4, 40), 1) if rng.random() < 0.2 else None)
        answers.append(graded.attempt)
    return PoolEntry(answers[0], tuple(answers[1:]) or (answers[0],))


def _pegging_entry(rng: random.Random) -> PoolEntry:
    moment = pegging_moment(rng)
    count = pile_count(moment.cards)
    answers = [moment.points, max(0, moment.points - 1), moment.points + 2] + ([0] if moment.points else [])
    right, *wrong = (grading.grade_pegging(moment, PegPoints(points, count)).attempt for points in answers)
    return PoolEntry(right, tuple(wrong))


def _discard_entry(rng: random.Random) -> PoolEntry:
    deal = deal_discard(rng)
    options = tuple(analyse_discards(deal.cards, dealer=deal.dealer))
    right, *wrong = (grading.grade_discard(deal, LaidAway(option.discard), options=options).attempt
                     for option in options[:4])
    return PoolEntry(right, tuple(wrong))


def _best_play_entry(rng: random.Random) -> PoolEntry:
    question = best_play_question(rng)
    options = grading.best_play_options(question)
    right, *wrong = (grading.grade_best_play(question, BestCard(option.card), options=options).attempt
                     for option in options)
    return PoolEntry(right, tuple(wrong) or (right,))


#: How each kind's pool is dealt, and how many deals it holds.
POOLS: dict[DrillKind, tuple[Callable[[random.Random], PoolEntry], int]] = {
    DrillKind.SHOW: (_show_entry, 3_000),
    DrillKind.PEGGING: (_pegging_entry, 1_000),
    DrillKind.DISCARD: (_discard_entry, 400),
    DrillKind.BEST_PLAY: (_best_play_entry, 40),
}


def deal_pools(rng: random.Random, scale: float = 1.0) -> dict[DrillKind, tuple[PoolEntry, ...]]:
    """A pool of graded deals per drill kind (``scale`` shrinks them, for tests)."""
    return {kind: tuple(make(rng) for _ in range(max(2, int(size * scale)))) for kind, (make, size) in POOLS.items()}


def practice(rng: random.Random, pools: dict[DrillKind, tuple[PoolEntry, ...]], attempts: int,
             now: datetime) -> Iterator[NewAttempt]:
    """``attempts`` answers of one learner, oldest first, ending now: their skill
    grows over their history, from about 60% right to about 90%."""
    days = max(1, min(365, attempts // PER_DAY))
    start = now - timedelta(days=days)
    span = (now - start).total_seconds()
    moments = sorted(rng.random() for _ in range(attempts))
    kinds = list(KIND_SHARES)
    shares = list(KIND_SHARES.values())
    base = rng.uniform(0.5, 0.7)
    for position, moment in enumerate(moments):
        entry = rng.choice(pools[rng.choices(kinds, shares)[0]])
        skill = base + (0.92 - base) * position / max(1, attempts - 1)
        answer = entry.right if rng.random() < skill else rng.choice(entry.wrong)
        yield replace(answer, created_at=start + timedelta(seconds=span * moment))


def populate(learners: int, attempts: int, *, first_attempts: int | None = None, accounts_mode: bool = False,
             force: bool = False, seed: int = 1, pools: dict[DrillKind, tuple[PoolEntry, ...]] | None = None,
             progress: Callable[[str], None] = lambda line: None) -> int:
    """Create ``demo-1`` … ``demo-<learners>`` (existing ones are kept) and record
    ``attempts`` each (``first_attempts`` for demo-1); returns the attempts recorded.
    Needs an app context.  Raises :class:`DemoRefused` when other learners exist
    and ``force`` is not given."""
    others = db.session.scalar(select(Learner.name).where(~Learner.name.startswith(PREFIX)).limit(1))
    if others is not None and not force:
        raise DemoRefused(
            "this database holds learners who are not demo learners; pass --force to add demo learners beside them"
        )
    rng = random.Random(seed)
    pools = deal_pools(rng) if pools is None else pools
    password_hash = accounts.hash_password(DEMO_PASSWORD) if accounts_mode else None
    now = utcnow()
    recorded = 0
    for number in range(1, learners + 1):
        name = f"{PREFIX}{number}"
        learner = learner_by_name(name) or accounts.create_learner(name, password_hash=password_hash)
        count = first_attempts if number == 1 and first_attempts is not None else attempts
        batch: list[NewAttempt] = []
        for attempt in practice(rng, pools, count, now):
            batch.append(attempt)
            if len(batch) == BATCH:
                record_attempts(learner.id, batch)
                db.session.commit()
                batch.clear()
        if batch:
            record_attempts(learner.id, batch)
            db.session.commit()
        recorded += count
        progress(f"{name}: {count:,} attempts")
    return recorded
