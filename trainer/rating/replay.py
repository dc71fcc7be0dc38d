"""Replaying the history recorded before the ratings into ratings, FSRS cards,
the week's progress and the streak: run once, by migration ``0010_ratings``
(``crib db upgrade``), through the migration's own connection.

One pass per learner, bounded in time and memory however long a history is:

* the week by week progress and the streak count every attempt, by the
  database's own aggregates (two GROUP BY queries over the learner's
  attempts, one over their day tallies);
* the ratings and the FSRS cards replay the learner's latest
  :data:`RATED_REPLAY` attempts in the order they were made (read a chunk of
  :data:`CHUNK` at a time with their combo results), each through the same
  rules as a live answer (:mod:`trainer.rating.answers`).  A rating settles
  within a few dozen answers a skill, and a miss older than that was never
  going to be offered again: the drills bring misses back from the latest 200.

Deal ratings are shared between learners: a chunk reads the ratings its deals
already have (from learners replayed before) and writes them back at its end.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Iterator

import sqlalchemy as sa

from trainer.database import table_of
from trainer.rating import memory, progress, ratings, skills, streaks, tables
from trainer.rating.glicko2 import Rating
from trainer.rating.models import DealRating, LearnerRating, ProgressWeek, RatingWeek, ReviewCard, Streak
from trainer.record.attempts import AttemptMode, DrillKind, NewAttempt
from trainer.record.combos import ComboResult, ComboType

#: Attempts read at a time.
CHUNK = 2000
#: The latest attempts of each learner replayed into ratings and cards.
RATED_REPLAY = 300

_ATTEMPT = sa.table(
    "attempt", sa.column("id", sa.Integer), sa.column("learner_id", sa.Integer),
    sa.column("created_at", sa.DateTime), sa.column("kind", sa.String), sa.column("mode", sa.String),
    sa.column("dealt", sa.Text), sa.column("answer", sa.Text), sa.column("points_expected", sa.Integer),
    sa.column("points_answered", sa.Integer), sa.column("points_missed", sa.Integer),
    sa.column("correct", sa.Boolean), sa.column("seconds", sa.Float), sa.column("retry_of", sa.Integer),
)
_RESULT = sa.table(
    "combo_result", sa.column("attempt_id", sa.Integer), sa.column("combo_type", sa.String),
    sa.column("expected_points", sa.Integer), sa.column("missed_points", sa.Integer), sa.column("right", sa.Boolean),
)
_LEARNER = sa.table("learner", sa.column("id", sa.Integer))


@dataclass
class _Deal:
    rating: Rating
    rated: int
    timed: int
    seconds: float
    seconds_squared: float
    updated_at: datetime
    kind: str
    payload: str


@dataclass
class _Card:
    state: memory.CardState
    kind: str
    combo_type: str | None
    payload: str | None
    attempt_id: int | None


@dataclass
class LearnerReplay:
    """One learner's aggregates, built answer by answer as :func:`trainer.rating.answers.rate_attempt` would."""

    learner_id: int
    ratings: dict[skills.Skill, tuple[Rating, int, datetime]] = field(default_factory=dict)
    weeks: dict[tuple[skills.Skill, date], tuple[Rating, int]] = field(default_factory=dict)
    cards: dict[str, _Card] = field(default_factory=dict)
    streak: streaks.StreakState = field(default_factory=streaks.StreakState)
    #: the (skill, deal key) pairs met so far: only a first meeting is rated
    met: set[tuple[str, str]] = field(default_factory=set)

    def rate(self, attempt: NewAttempt, attempt_id: int, deals: dict[tuple[str, str], _Deal],
             dealt: skills.Deal, key: str) -> None:
        """Rate one answer and review its cards, as a live answer would be."""
        when = attempt.created_at
        assert when is not None
        first = skills.result_of(attempt, rated=False, deal=dealt, key=key)
        if first is None or attempt.mode is AttemptMode.LESSON:
            return
        deal = deals.get((first.skill.value, first.key))
        usual = (ratings.usual_time(first.skill, deal.timed, deal.seconds, deal.seconds_squared)
                 if deal else skills.USUAL_SECONDS[first.skill])
        existing = {key: self.cards[key].state for key in memory.card_keys(attempt, first) if key in self.cards}
        met_first = (first.skill.value, first.key) not in self.met
        self.met.add((first.skill.value, first.key))
        rated = met_first and skills.is_rated(attempt) and memory.deal_card_key(first.key) not in existing
        result = skills.result_of(attempt, usual, rated=rated, deal=dealt, key=key)
        assert result is not None
        if rated and result.weight > 0:
            self._rate(result, when, deals)
        for review in memory.reviews_of(attempt, result, existing, when, usual):
            row = memory.card_row(self.learner_id, attempt.kind, review, result, attempt_id)
            self.cards[review.key] = _Card(review.card, row["kind"], row["combo_type"], row["payload"],
                                           row["attempt_id"])

    def _rate(self, result: skills.RatedResult, when: datetime, deals: dict[tuple[str, str], _Deal]) -> None:
        key = (result.skill.value, result.key)
        if result.shared:
            if key not in deals:
                prior = ratings.prior_rating(result.skill, result.deal)
                payload = json.dumps(skills.deal_payload(result.skill.kind, result.deal))
                deals[key] = _Deal(prior, 0, 0, 0.0, 0.0, when, result.skill.kind.value, payload)
            deal: _Deal | None = deals[key]
            deal_rating, deal_updated = deals[key].rating, deals[key].updated_at
        else:
            deal, deal_rating, deal_updated = None, ratings.prior_rating(result.skill, result.deal), None
        before, rated, updated_at = self.ratings.get(result.skill, (ratings.NEWCOMER, 0, when))
        after, deal_after, _chance = ratings.rate_answer(result, before, rated, updated_at, deal_rating,
                                                         deal_updated, when)
        self.ratings[result.skill] = (after, rated + 1, when)
        week = (result.skill, ratings.monday(when).date())
        self.weeks[week] = (after, self.weeks.get(week, (after, 0))[1] + 1)
        if deal is not None:
            deal.rating, deal.rated, deal.updated_at = deal_after, deal.rated + 1, when
            if result.correct and result.seconds is not None:
                deal.timed += 1
                deal.seconds += result.seconds
                deal.seconds_squared += result.seconds**2

    def write(self, connection: sa.Connection) -> None:
        """Write the learner's aggregates (a few statements)."""
        learner_id = self.learner_id
        tables.set_rows(LearnerRating, [
            {"learner_id": learner_id, "skill": skill.value, "rating": r.rating, "deviation": r.deviation,
             "volatility": r.volatility, "rated": n, "updated_at": at}
            for skill, (r, n, at) in self.ratings.items()
        ], connection)
        tables.set_rows(RatingWeek, [
            {"learner_id": learner_id, "skill": skill.value, "week": week, "rating": r.rating,
             "deviation": r.deviation, "rated": n}
            for (skill, week), (r, n) in self.weeks.items()
        ], connection)
        tables.set_rows(ReviewCard, [
            {"learner_id": learner_id, "card_key": key, "kind": c.kind, "combo_type": c.combo_type,
             "payload": c.payload, "attempt_id": c.attempt_id, "state": c.state.state.value, "step": c.state.step,
             "stability": c.state.stability, "difficulty": c.state.difficulty, "due": c.state.due,
             "last_review": c.state.last_review, "reviews": c.state.reviews, "lapses": c.state.lapses}
            for key, c in self.cards.items()
        ], connection)
        if self.streak.last_day is not None:
            s = self.streak
            tables.set_rows(Streak, [{"learner_id": learner_id, "current": s.current, "longest": s.longest,
                                      "last_day": s.last_day, "freeze_week": s.freeze_week,
                                      "frozen_days": s.frozen_days, "on_board": False}], connection)


def _attempts(connection: sa.Connection, learner_id: int, after: tuple[datetime, int] | None
              ) -> Iterator[list[tuple[int, NewAttempt]]]:
    """The learner's attempts after ``after`` (all for None), oldest first, a chunk at a
    time (keyset paging on the (learner, time) index)."""
    a = _ATTEMPT.c
    while True:
        query = sa.select(a.id, a.created_at, a.kind, a.mode, a.dealt, a.points_expected,
                          a.points_answered, a.points_missed, a.correct, a.seconds, a.retry_of
                          ).where(a.learner_id == learner_id)
        if after is not None:
            query = query.where(a.created_at >= after[0], sa.tuple_(a.created_at, a.id) > sa.tuple_(*after))
        rows = connection.execute(query.order_by(a.created_at, a.id).limit(CHUNK)).all()
        if not rows:
            return
        results: dict[int, list[ComboResult]] = defaultdict(list)
        ids = [row.id for row in rows]
        r = _RESULT.c
        for attempt_id, combo_type, expected, missed, right in connection.execute(
            sa.select(r.attempt_id, r.combo_type, r.expected_points, r.missed_points, r.right)
            .where(r.attempt_id.in_(ids))
        ):
            if combo_type in ComboType._value2member_map_:
                results[attempt_id].append(ComboResult(ComboType(combo_type), expected, missed, bool(right)))
        chunk = []
        for row in rows:
            if row.kind not in DrillKind._value2member_map_:
                continue
            try:
                dealt = json.loads(row.dealt)
            except ValueError:
                continue
            # The answer is not read back: nothing the ratings keep depends on it.
            chunk.append((row.id, NewAttempt(
                DrillKind(row.kind), dealt if isinstance(dealt, dict) else {}, {}, tuple(results[row.id]),
                row.points_expected, row.points_answered, row.points_missed, bool(row.correct), AttemptMode(row.mode or ""),
                row.seconds, row.retry_of, row.created_at,
            )))
        yield chunk
        after = (rows[-1].created_at, rows[-1].id)


def _known_deals(connection: sa.Connection, keys: set[tuple[str, str]]) -> dict[tuple[str, str], _Deal]:
    """The ratings deals already have (from the learners replayed before)."""
    found: dict[tuple[str, str], _Deal] = {}
    d = table_of(DealRating).c
    by_skill: dict[str, list[str]] = defaultdict(list)
    for skill, key in keys:
        by_skill[skill].append(key)
    for skill, deal_keys in by_skill.items():
        for start in range(0, len(deal_keys), 500):
            for row in connection.execute(sa.select(table_of(DealRating)).where(
                    d.skill == skill, d.deal_key.in_(deal_keys[start:start + 500]))):
                found[row.skill, row.deal_key] = _Deal(
                    Rating(row.rating, row.deviation, row.volatility), row.rated, row.timed, row.seconds,
                    row.seconds_squared, row.updated_at, row.kind, row.payload)
    return found


def _write_deals(connection: sa.Connection, deals: dict[tuple[str, str], _Deal]) -> None:
    tables.set_rows(DealRating, [
        {"skill": skill, "deal_key": key, "kind": d.kind, "payload": d.payload, "rating": d.rating.rating,
         "deviation": d.rating.deviation, "volatility": d.rating.volatility, "rated": d.rated, "timed": d.timed,
         "seconds": d.seconds, "seconds_squared": d.seconds_squared, "updated_at": d.updated_at}
        for (skill, key), d in deals.items()
    ], connection)


def _week(connection: sa.Connection, moment: Any) -> Any:
    """The Monday of a moment's week, in SQL (each database spells it its own way)."""
    if connection.dialect.name == "postgresql":
        return sa.cast(sa.func.date_trunc("week", moment), sa.Date)
    return sa.func.date(moment, "-6 days", "weekday 1")  # back six days, then on to a Monday


def _bucket(seconds: Any) -> Any:
    """:func:`trainer.rating.progress.bucket_of`, in SQL."""
    edges = progress.SECONDS_BUCKETS[:-1]
    return sa.case((seconds.is_(None), progress.UNTIMED),
                   *((seconds <= edge, index) for index, edge in enumerate(edges)), else_=len(edges))


#: How a count's record says it was a crib (``json.dumps``'s spacing, as :mod:`trainer.record.attempts` writes it).
CRIB_MARK = '%"crib": true%'


def _skill_value(kind: str, crib: int) -> str | None:
    if kind == DrillKind.SHOW.value:
        return (skills.Skill.COUNT_CRIB if crib else skills.Skill.COUNT_HAND).value
    skill = {DrillKind.PEGGING.value: skills.Skill.PEGGING, DrillKind.BEST_PLAY.value: skills.Skill.BEST_CARD,
             DrillKind.DISCARD.value: skills.Skill.DISCARD}.get(kind)
    return skill.value if skill else None


def _as_date(value: Any) -> date:
    if isinstance(value, str):
        return date.fromisoformat(value[:10])
    return value.date() if isinstance(value, datetime) else value


#: The lines beneath a skill its progress rows may name: the combo types and the answers counted too high.
_PROGRESS_LINES = frozenset(ComboType._value2member_map_) | {progress.COUNTED_TOO_HIGH}


def _too_high_query(connection: sa.Connection, where: Any) -> sa.Select[Any]:
    """The first attempts ``where`` picks counted too high (:func:`trainer.rating.progress.counted_too_high`),
    by week, kind and time bucket, in the shape of :func:`progress_rows`' queries."""
    a = _ATTEMPT.c
    week, bucket = _week(connection, a.created_at), _bucket(a.seconds)
    crib = sa.case((a.dealt.like(CRIB_MARK), 1), else_=0)
    return (sa.select(week, a.kind, crib, bucket, sa.literal(progress.COUNTED_TOO_HIGH), sa.func.count(),
                      sa.literal(0))
            .where(where, a.points_answered > a.points_expected).group_by(week, a.kind, crib, bucket))


def counted_too_high_rows(connection: sa.Connection, learner_id: int) -> list[dict[str, Any]]:
    """The learner's :data:`trainer.rating.progress.COUNTED_TOO_HIGH` progress rows over every first
    attempt (migration ``0017``: the rows live answers add since)."""
    a = _ATTEMPT.c
    first = sa.and_(a.learner_id == learner_id, a.retry_of.is_(None), a.mode != AttemptMode.LESSON)
    rows = []
    for day, kind, is_crib, time_bucket, combo_type, seen, _ in connection.execute(_too_high_query(connection, first)):
        skill = _skill_value(kind, is_crib)
        if skill is not None:
            rows.append({"learner_id": learner_id, "week": _as_date(day), "skill": skill, "combo_type": combo_type,
                         "bucket": int(time_bucket), "seen": int(seen), "right": 0})
    return rows


def progress_rows(connection: sa.Connection, learner_id: int) -> list[dict[str, Any]]:
    """The learner's week by week progress over every first attempt, as the live
    answers keep it (:func:`trainer.rating.progress.week_rows`), counted by the
    database: two GROUP BY queries over the learner's attempts."""
    a, r = _ATTEMPT.c, _RESULT.c
    week, bucket = _week(connection, a.created_at), _bucket(a.seconds)
    crib = sa.case((a.dealt.like(CRIB_MARK), 1), else_=0)
    first = sa.and_(a.learner_id == learner_id, a.retry_of.is_(None), a.mode != AttemptMode.LESSON)
    right = sa.func.sum(sa.case((a.correct.is_(True), 1), else_=0))
    whole = sa.select(week, a.kind, crib, bucket, sa.literal(progress.WHOLE_SKILL), sa.func.count(), right
                      ).where(first).group_by(week, a.kind, crib, bucket)
    right = sa.func.sum(sa.case((r.right.is_(True), 1), else_=0))
    by_type = (sa.select(week, a.kind, crib, bucket, r.combo_type, sa.func.count(), right)
               .select_from(_ATTEMPT.join(_RESULT, r.attempt_id == a.id))
               .where(first).group_by(week, a.kind, crib, bucket, r.combo_type))
    rows = []
    for query in (whole, by_type, _too_high_query(connection, first)):
        for day, kind, is_crib, time_bucket, combo_type, seen, n_right in connection.execute(query):
            skill = _skill_value(kind, is_crib)
            if skill is None or (combo_type and combo_type not in _PROGRESS_LINES):
                continue
            rows.append({"learner_id": learner_id, "week": _as_date(day), "skill": skill, "combo_type": combo_type,
                         "bucket": int(time_bucket), "seen": int(seen), "right": int(n_right or 0)})
    return rows


def streak_from_days(connection: sa.Connection, learner_id: int) -> streaks.StreakState:
    """The learner's streak over the days they practised (read off their day tallies)."""
    state = streaks.StreakState()
    tally = sa.table("day_tally", sa.column("learner_id", sa.Integer), sa.column("day", sa.Date))
    days = connection.execute(sa.select(tally.c.day).where(tally.c.learner_id == learner_id)
                              .distinct().order_by(tally.c.day)).scalars()
    for day in days:
        state = streaks.practised(state, _as_date(day))
    return state


def _latest_mark(connection: sa.Connection, learner_id: int, count: int) -> tuple[datetime, int] | None:
    """Where the learner's latest ``count`` attempts begin: the (time, id) just before them, None for all."""
    a = _ATTEMPT.c
    row = connection.execute(sa.select(a.created_at, a.id).where(a.learner_id == learner_id)
                             .order_by(a.created_at.desc(), a.id.desc()).offset(count).limit(1)).first()
    return None if row is None else (row.created_at, row.id)


#: Deals' ratings held by the replay before they are written (a few hundred bytes each).
HELD_DEALS = 50_000


def replay_learner(connection: sa.Connection, learner_id: int,
                   held: dict[tuple[str, str], _Deal] | None = None) -> int:
    """Replay one learner's history into their aggregates and the deals' ratings;
    the attempts rated.  Progress and streak count every attempt (by the
    database's aggregates); ratings and cards replay the latest :data:`RATED_REPLAY`.
    The deals' ratings go into ``held`` for the caller to write (see :func:`replay_history`),
    or, without it, are written at the end."""
    deals = {} if held is None else held
    learner = LearnerReplay(learner_id)
    learner.streak = streak_from_days(connection, learner_id)
    rated = 0
    for chunk in _attempts(connection, learner_id, _latest_mark(connection, learner_id, RATED_REPLAY)):
        dealt = [(attempt_id, attempt, deal, skills.deal_key(deal)) for attempt_id, attempt in chunk
                 if (deal := skills.answer_deal(attempt)) is not None]
        wanted = {(skills.skill_of(a.kind, deal).value, key) for _, a, deal, key in dealt}
        deals.update(_known_deals(connection, wanted - deals.keys()))
        for attempt_id, attempt, deal, key in dealt:
            learner.rate(attempt, attempt_id, deals, deal, key)
        rated += len(chunk)
    if held is None:
        _write_deals(connection, deals)
    learner.write(connection)
    tables.set_rows(ProgressWeek, progress_rows(connection, learner_id), connection)
    return rated


def replay_history(connection: sa.Connection) -> int:
    """Replay every learner's history (the migration's step); the attempts rated.

    The deals' ratings are held across learners and each written once (or once
    :data:`HELD_DEALS` are held): written learner by learner, a deal many learners
    met was rewritten once for each, and PostgreSQL kept every old version as a dead
    row (280,594 dead to 4,627 live after 1,000 learners) until its vacuum came round."""
    learner_ids = list(connection.execute(sa.select(_LEARNER.c.id).order_by(_LEARNER.c.id)).scalars())
    held: dict[tuple[str, str], _Deal] = {}
    rated = 0
    for learner_id in learner_ids:
        rated += replay_learner(connection, learner_id, held)
        if len(held) >= HELD_DEALS:
            _write_deals(connection, held)
            held.clear()
    _write_deals(connection, held)
    return rated
