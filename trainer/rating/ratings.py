"""Ratings per skill, for learners and deals: one answer's update (pure), a new
deal's calibrated prior, and reading and writing the rows.

An answer is a game between the learner and the deal: the learner scores the
answer's score (see :func:`trainer.rating.skills.speed_score`), the deal the
rest.  Each side's rating is updated by Glicko-2 for a rating period as long
as the time since its last update (:data:`PERIOD_DAYS` a period), then moved
the answer's weight of the way (lichess's damping).  A deal's update is
further halved while the learner's own rating is provisional (deviation over
:data:`PROVISIONAL_DEVIATION`: a newcomer's answers say little about the deal),
and its row is locked while it is updated, so answers to one deal from many
learners are applied one after another.

A deal nobody has answered yet starts from a prior: for a count, the rating at
which a newcomer (rating 1500) has the chance the simulated newcomers of
:mod:`trainer.rating.learner_model` have of counting it; for a discard or a
best card, which the model cannot tell apart, :data:`UNCALIBRATED`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, Sequence

from sqlalchemy import Float, Select, String, bindparam, exists, select

from trainer.database import db, utcnow
from trainer.rating import learner_model, tables
from trainer.rating.glicko2 import DEFAULT_RATING, SCALE, Rating, expected_score, update
from trainer.rating.models import DealMet, DealRating, LearnerRating, RatingWeek
from trainer.rating.skills import (
    MIN_TIMED_FOR_DEAL,
    USUAL_SECONDS,
    Deal,
    RatedResult,
    Skill,
    UsualTime,
    combo_types_of,
    deal_key,
    deal_payload,
)

#: A rating period lasts a day: a rating left alone for a month grows as unsure as 30 periods make it.
PERIOD_DAYS = 1.0
#: A learner whose deviation is above this is provisional (lichess's line).
PROVISIONAL_DEVIATION = 110.0
#: A provisional learner's answer moves the deal's rating this share of its weight.
PROVISIONAL_DEAL_WEIGHT = 0.5
#: How sure a calibrated prior is.
PRIOR_DEVIATION = 150.0
#: The prior of a deal the learner model cannot calibrate (a discard, a best card).
UNCALIBRATED = Rating(DEFAULT_RATING, 250.0)
#: A prior is kept within these bounds (a chance of 0.3% to 99.7% for a newcomer).
PRIOR_RANGE = (500.0, 2500.0)
#: A newcomer, on any skill.
NEWCOMER = Rating()


def periods_between(earlier: datetime | None, later: datetime) -> float:
    """Rating periods from ``earlier`` to ``later`` (0 when there is no earlier)."""
    if earlier is None:
        return 0.0
    return max(0.0, (later - earlier) / timedelta(days=PERIOD_DAYS))


def rate(
    learner: Rating, deal: Rating, score: float, weight: float, *, learner_periods: float = 0.0,
    deal_periods: float = 0.0,
) -> tuple[Rating, Rating]:
    """The learner's and the deal's ratings after one answer of ``score`` (0 to 1)
    counting ``weight`` (0: not at all, 1: fully, more: a fast answer's bonus).

    >>> learner, deal = rate(Rating(1500, 200), Rating(1500, 100), 1.0, 1.0)
    >>> learner.rating > 1500 > deal.rating, round(learner.rating), round(deal.rating)
    (True, 1584, 1489)
    >>> damped, _ = rate(Rating(1500, 200), Rating(1500, 100), 1.0, 0.2)
    >>> round(damped.rating)
    1517
    """
    if weight <= 0:
        return learner, deal
    learner_new = learner.toward(update(learner, [(deal, score)], periods=learner_periods), weight)
    deal_weight = weight * (PROVISIONAL_DEAL_WEIGHT if learner.deviation > PROVISIONAL_DEVIATION else 1.0)
    deal_new = deal.toward(update(deal, [(learner, 1.0 - score)], periods=deal_periods), deal_weight)
    return learner_new, deal_new


def rate_answer(
    result: RatedResult, learner: Rating, learner_rated: int, learner_updated: datetime | None, deal: Rating,
    deal_updated: datetime | None, when: datetime,
) -> tuple[Rating, Rating, float]:
    """One rated answer at ``when``: the learner's and the deal's ratings after it,
    and the chance the learner had (each rating aged since its last update; a
    learner's first answer ages nothing)."""
    learner_periods = periods_between(learner_updated, when) if learner_rated else 0.0
    chance = expected_score(learner.aged(learner_periods), deal)
    after, deal_after = rate(learner, deal, result.score, result.weight, learner_periods=learner_periods,
                             deal_periods=periods_between(deal_updated, when))
    return after, deal_after, chance


def rating_for_chance(chance: float, deviation: float = PRIOR_DEVIATION) -> float:
    """The deal rating at which a newcomer (1500) answers right with ``chance``
    (the inverse of :func:`trainer.rating.glicko2.expected_score`).

    >>> rating_for_chance(0.5), round(rating_for_chance(0.75))
    (1500.0, 1289)
    """
    chance = min(max(chance, 1e-6), 1 - 1e-6)
    g = 1 / math.sqrt(1 + 3 * (deviation / SCALE) ** 2 / math.pi**2)
    rating = DEFAULT_RATING + SCALE * math.log((1 - chance) / chance) / g
    return min(PRIOR_RANGE[1], max(PRIOR_RANGE[0], rating))


def prior_rating(skill: Skill, deal: Deal) -> Rating:
    """A new deal's rating, calibrated from the simulated newcomers for a count.

    >>> from engine.cards import Card, parse_cards
    >>> from trainer.drills.deal import ShowDeal
    >>> easy = ShowDeal(tuple(parse_cards("AH 3D 7S 9C")), Card.parse("9D"), False)
    >>> hard = ShowDeal(tuple(parse_cards("3H 3D 4S 5C")), Card.parse("5D"), False)
    >>> prior_rating(Skill.COUNT_HAND, easy).rating < prior_rating(Skill.COUNT_HAND, hard).rating
    True
    """
    if skill in (Skill.DISCARD, Skill.BEST_CARD):
        return UNCALIBRATED
    chance = learner_model.newcomer_chance(combo_types_of(deal))
    return Rating(rating_for_chance(chance), PRIOR_DEVIATION)


def usual_time(skill: Skill, timed: int, seconds: float, seconds_squared: float) -> UsualTime:
    """A deal's usual time from its right answers' sums, once it has enough of them; else the skill's.

    >>> usual_time(Skill.PEGGING, 0, 0.0, 0.0) == USUAL_SECONDS[Skill.PEGGING]
    True
    >>> usual_time(Skill.PEGGING, 5, 50.0, 520.0)
    UsualTime(mean=10.0, spread=2.0)
    """
    if timed < MIN_TIMED_FOR_DEAL:
        return USUAL_SECONDS[skill]
    mean = seconds / timed
    return UsualTime(mean, math.sqrt(max(0.0, seconds_squared / timed - mean**2)))


# ---------------------------------------------------------------- rows


@dataclass(frozen=True, slots=True)
class SkillRating:
    """A learner's rating on one skill, and how many answers it rests on."""

    skill: Skill
    rating: Rating
    rated: int
    updated_at: datetime | None = None

    def at(self, moment: datetime) -> Rating:
        """The rating at ``moment``: its deviation grown since it was last updated (a newcomer's as it is)."""
        return self.rating if self.updated_at is None else self.rating.aged(periods_between(self.updated_at, moment))


def monday(moment: datetime) -> datetime:
    """The start (Monday, 00:00) of the week holding ``moment``."""
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    return day - timedelta(days=day.weekday())


def learner_ratings(learner_id: int) -> dict[Skill, SkillRating]:
    """The learner's rating on every skill (a newcomer's where none is kept yet)."""
    rows = db.session.scalars(select(LearnerRating).where(LearnerRating.learner_id == learner_id))
    kept = {Skill(row.skill): row for row in rows if row.skill in Skill._value2member_map_}
    return {
        skill: SkillRating(skill, Rating(row.rating, row.deviation, row.volatility), row.rated, row.updated_at)
        if (row := kept.get(skill)) is not None else SkillRating(skill, NEWCOMER, 0)
        for skill in Skill
    }


def learner_rating(learner_id: int, skill: Skill, now: datetime | None = None) -> Rating:
    """The learner's rating on ``skill`` now (its deviation grown since it was last updated)."""
    row = db.session.get(LearnerRating, (learner_id, skill.value))
    if row is None:
        return NEWCOMER
    return SkillRating(skill, Rating(row.rating, row.deviation, row.volatility), row.rated, row.updated_at).at(
        now or utcnow())


def deal_ratings(skill: Skill, deals: Sequence[Deal]) -> list[Rating]:
    """The ratings of ``deals`` on ``skill``: each deal's own, or its prior if none met it yet (one query)."""
    keys = [deal_key(deal) for deal in deals]
    rows = {
        row.deal_key: Rating(row.rating, row.deviation, row.volatility)
        for row in db.session.scalars(
            select(DealRating).where(DealRating.skill == skill.value, DealRating.deal_key.in_(set(keys)))
        )
    } if keys else {}
    return [rows.get(key) or prior_rating(skill, deal) for key, deal in zip(keys, deals)]


#: How many of the pool's deals rated nearest an aim are looked at on each side, met or
#: not: the read stays this long however many deals the learner has met.
POOL_WINDOW = 64


def _nearest_unmet(upwards: bool) -> Select[str, float, float, float]:
    """One side of the pool as a statement with its values bound at each call
    (``skill``, ``rating``, ``learner_id``, ``window``, ``count``): built once,
    since building it costs more than running it."""
    skill, rating = bindparam("skill", type_=String), bindparam("rating", type_=Float)
    nearest_first = DealRating.rating.asc() if upwards else DealRating.rating.desc()
    window = (select(DealRating.deal_key, DealRating.rating)
              .where(DealRating.skill == skill, DealRating.rating >= rating if upwards else DealRating.rating < rating)
              .order_by(nearest_first).limit(bindparam("window")).subquery())
    met = exists().where(DealMet.learner_id == bindparam("learner_id"), DealMet.skill == skill,
                         DealMet.deal_key == window.c.deal_key)
    unmet = (select(window.c.deal_key).where(~met)
             .order_by(window.c.rating.asc() if upwards else window.c.rating.desc())
             .limit(bindparam("count")).subquery())
    return (select(DealRating.payload, DealRating.rating, DealRating.deviation, DealRating.volatility)
            .join(unmet, DealRating.deal_key == unmet.c.deal_key).where(DealRating.skill == skill)
            .order_by(nearest_first))


_POOL_SIDES = (_nearest_unmet(upwards=True), _nearest_unmet(upwards=False))


def rated_deals_near(skill: Skill, rating: float, learner_id: int, count: int = 2) -> list[tuple[dict[str, Any], Rating]]:
    """The deals others have met on ``skill`` rated nearest ``rating`` (``count``
    at or above it and ``count`` below), which the learner has not met yet, as
    (their ``dealt`` payload, rating): the shared pool a drill deals from beside
    its fresh deals.  Each side is one range read of the (skill, rating) index
    bounded by :data:`POOL_WINDOW`, its deals looked up among the learner's met
    by their keys: a learner who has met every deal of a window is offered none
    from that side (their drill deals fresh ones)."""
    values = {"skill": skill.value, "rating": rating, "learner_id": learner_id, "window": POOL_WINDOW, "count": count}
    return [(json.loads(payload), Rating(r, d, v))
            for side in _POOL_SIDES for payload, r, d, v in db.session.execute(side, values)]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated answer did: the learner's rating before and after, and the
    chance they had of answering right."""

    skill: Skill
    before: Rating
    after: Rating
    chance: float


def apply_result(learner_id: int, result: RatedResult, now: datetime) -> RatingChange:
    """Rate one answer: update and write the learner's rating (and its week) and,
    for a deal others may meet, the deal's (with its time, if timed and right).
    Flushes only; the caller commits."""
    deal_row = None
    if result.shared:
        prior = prior_rating(result.skill, result.deal)
        deal_row = tables.locked_row(
            DealRating, {"skill": result.skill.value, "deal_key": result.key},
            {"kind": result.skill.kind.value, "payload": json.dumps(deal_payload(result.skill.kind, result.deal)),
             "rating": prior.rating, "deviation": prior.deviation, "volatility": prior.volatility,
             "updated_at": now},
        )
        deal, deal_updated = Rating(deal_row.rating, deal_row.deviation, deal_row.volatility), deal_row.updated_at
    else:
        deal, deal_updated = prior_rating(result.skill, result.deal), None
    learner_row = tables.locked_row(
        LearnerRating, {"learner_id": learner_id, "skill": result.skill.value},
        {"rating": NEWCOMER.rating, "deviation": NEWCOMER.deviation, "volatility": NEWCOMER.volatility,
         "rated": 0, "updated_at": now},
    )
    before = Rating(learner_row.rating, learner_row.deviation, learner_row.volatility)
    after, deal_after, chance = rate_answer(result, before, learner_row.rated, learner_row.updated_at, deal,
                                            deal_updated, now)
    learner_row.rating, learner_row.deviation, learner_row.volatility = after.rating, after.deviation, after.volatility
    learner_row.rated += 1
    learner_row.updated_at = now
    if deal_row is not None:
        deal_row.rating, deal_row.deviation, deal_row.volatility = (
            deal_after.rating, deal_after.deviation, deal_after.volatility)
        deal_row.rated += 1
        deal_row.updated_at = now
        if result.correct and result.seconds is not None:
            deal_row.timed += 1
            deal_row.seconds += result.seconds
            deal_row.seconds_squared += result.seconds**2
    tables.add_to(
        RatingWeek, ("rated",),
        [{"learner_id": learner_id, "skill": result.skill.value, "week": monday(now).date(), "rating": after.rating,
          "deviation": after.deviation, "rated": 1}],
        latest=("rating", "deviation"),
    )
    db.session.flush()
    return RatingChange(result.skill, before, after, chance)


def deal_usual_time(result_skill: Skill, key: str) -> UsualTime:
    """The usual time of a deal's right answers (the skill's until it has enough)."""
    row = db.session.get(DealRating, (result_skill.value, key))
    if row is None:
        return USUAL_SECONDS[result_skill]
    return usual_time(result_skill, row.timed, row.seconds, row.seconds_squared)


def rating_weeks(learner_id: int, weeks: int) -> dict[Skill, list[tuple[date, Rating]]]:
    """The learner's rating at the end of each of the latest ``weeks`` weeks they
    were rated in, per skill, oldest first (a few rows per skill)."""
    rows = db.session.execute(
        select(RatingWeek.skill, RatingWeek.week, RatingWeek.rating, RatingWeek.deviation)
        .where(RatingWeek.learner_id == learner_id)
        .order_by(RatingWeek.skill, RatingWeek.week.desc())
    )
    found: dict[Skill, list[tuple[date, Rating]]] = {}
    for skill, week, rating, deviation in rows:
        if skill not in Skill._value2member_map_:
            continue
        points = found.setdefault(Skill(skill), [])
        if len(points) < weeks:
            points.append((week, Rating(rating, deviation)))
    return {skill: points[::-1] for skill, points in found.items()}
