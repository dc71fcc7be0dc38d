"""The ratings at scale: the migration's replay of an existing history, the
progress page, dealing at the learner's level and answering, for a learner of
100,000 attempts among 1,000 learners.

Fills a database with ``crib demo-data`` (demo-1 with ``--heavy`` attempts, the
others ``--attempts`` each), then:

1. times the migration's replay (:func:`trainer.rating.replay.replay_history`,
   the data step of ``0010_ratings``) on every learner, and on demo-1 alone;
2. times, in process, as demo-1: answering (recording an attempt and
   :func:`trainer.rating.answers.rate_attempt`, one commit), dealing at the
   learner's level (:func:`trainer.rating.dealing.pick_deal` among 8 candidates),
   the shared pool's deals near their level (:func:`trainer.rating.dealing.pool_deals`)
   and what is due (:func:`trainer.rating.memory.due_deals`); then the pool's deals
   again once ``--pool`` more deals are rated around demo-1's level and demo-1 has met
   the ``--met`` nearest it (the worst case);
3. starts ``crib serve`` and times ``GET /progress/`` and ``GET /daily/`` as demo-1.

Prints the median and 99th percentile of each.

    python bench/bench_ratings.py                                  # SQLite in a temporary folder
    python bench/bench_ratings.py --database postgresql+psycopg://user:pw@127.0.0.1/bench
    python bench/bench_ratings.py --learners 20 --attempts 200 --heavy 5000 --rounds 30   # a quick look

Target (issue 23): each under 50 ms median at 100,000 attempts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from servers import demo_arguments, demo_database, serving  # noqa: E402
from webclient import Learner, Timings, percentile, report  # noqa: E402

from trainer import database as trainer_database  # noqa: E402
from trainer.database import db  # noqa: E402
from trainer.drills import grading  # noqa: E402
from trainer.drills.answers import Total  # noqa: E402
from trainer.drills.deal import deal_show  # noqa: E402
from trainer.rating import answers, dealing, memory, models, replay  # noqa: E402
from trainer.rating.glicko2 import rating_for_chance  # noqa: E402
from trainer.rating.skills import Skill, deal_payload  # noqa: E402
from trainer.record import attempts, history, learners  # noqa: E402
from trainer.record.attempts import DrillKind  # noqa: E402
from trainer.web import create_app  # noqa: E402

RATING_TABLES = (models.LearnerRating, models.RatingWeek, models.DealRating, models.ReviewCard,
                 models.ProgressWeek, models.Streak)


def _clear(connection) -> None:
    for model in RATING_TABLES:
        connection.execute(model.__table__.delete())


def time_replay(app) -> None:
    """The migration's data step on demo-1 alone, then on every learner (as the migration leaves it)."""
    with app.app_context():
        engine = db.engine
        demo1 = learners.learner_by_name("demo-1").id
        total = history.attempt_count(demo1)
        with engine.begin() as connection:
            _clear(connection)
        started = time.perf_counter()
        with engine.begin() as connection:
            rated = replay.replay_learner(connection, demo1)
        one = time.perf_counter() - started
        print(f"migration replay, demo-1 alone: {total:,} attempts ({rated:,} replayed into ratings) in {one:.1f} s")
        with engine.begin() as connection:
            _clear(connection)
        started = time.perf_counter()
        with engine.begin() as connection:
            rated = replay.replay_history(connection)
        every = time.perf_counter() - started
        count = db.session.scalar(db.select(db.func.count()).select_from(db.text("learner")))
        print(f"migration replay, every learner: {count:,} learners, {rated:,} attempts replayed into ratings,"
              f" in {every:.1f} s")


def time_services(app, rounds: int) -> Timings:
    """Answering, dealing at level and what is due, in process, as demo-1."""
    timings = Timings()
    rng = random.Random(5)
    with app.app_context():
        demo1 = learners.learner_by_name("demo-1").id
        met = db.session.scalar(db.select(db.func.count()).select_from(models.DealMet).where(
            models.DealMet.learner_id == demo1, models.DealMet.skill == Skill.COUNT_HAND.value))
        pool = db.session.scalar(db.select(db.func.count()).select_from(models.DealRating).where(
            models.DealRating.skill == Skill.COUNT_HAND.value))
        # pool_deals skips what the learner has met: the more they met, the further its index reads go
        print(f"the shared pool of {Skill.COUNT_HAND.value}: {pool:,} rated deals, {met:,} of them met by demo-1")
        for n in range(rounds + 3):
            deal = deal_show(rng)
            attempt = grading.grade_show(deal, grading.total_options(False),
                                         Total(deal.score().total + (n % 4 == 0)), seconds=12.0).attempt
            started = time.perf_counter()
            attempt_id = attempts.record_attempts(demo1, [attempt])[0]
            answers.rate_attempt(demo1, attempt, attempt_id)
            trainer_database.commit()
            answered = time.perf_counter() - started
            candidates = [deal_show(rng) for _ in range(8)]
            started = time.perf_counter()
            dealing.pick_deal(demo1, Skill.COUNT_HAND, candidates, rng)
            picked = time.perf_counter() - started
            started = time.perf_counter()
            dealing.pool_deals(demo1, DrillKind.SHOW, Skill.COUNT_HAND, dealing.aim_for(demo1, Skill.COUNT_HAND))
            pooled = time.perf_counter() - started
            started = time.perf_counter()
            memory.due_deals(demo1, DrillKind.SHOW, trainer_database.utcnow())
            due = time.perf_counter() - started
            trainer_database.rollback()
            if n >= 3:  # the first few warm the caches
                timings.seconds["answer + rate_attempt"].append(answered)
                timings.seconds["pick_deal (8 candidates)"].append(picked)
                timings.seconds["pool_deals (4 from the shared pool)"].append(pooled)
                timings.seconds["due_deals"].append(due)
    return timings


def time_pool_met(app, rounds: int, met: int, pool: int) -> Timings:
    """pool_deals once the pool holds ``pool`` more deals rated around demo-1's aim and
    demo-1 has met the ``met`` rated nearest it, on each side (the worst case for a read
    that skips what the learner has met)."""
    timings = Timings()
    rng = random.Random(8)
    with app.app_context():
        demo1 = learners.learner_by_name("demo-1").id
        aim = dealing.aim_for(demo1, Skill.COUNT_HAND)
        middle = rating_for_chance(aim.learner, aim.chance)
        dealt = [deal_show(rng) for _ in range(pool)]
        db.session.execute(db.insert(models.DealRating), [
            {"skill": Skill.COUNT_HAND.value, "deal_key": f"bench-{n}", "kind": DrillKind.SHOW.value,
             "payload": json.dumps(deal_payload(DrillKind.SHOW, deal)), "rating": rng.gauss(middle, 300),
             "deviation": 80.0, "volatility": 0.06, "updated_at": trainer_database.utcnow()}
            for n, deal in enumerate(dealt)])
        trainer_database.commit()
        print(f"the shared pool grown by {pool:,} deals rated around demo-1's aim ({middle:.0f})")
        already = db.select(models.DealMet.deal_key).where(models.DealMet.learner_id == demo1,
                                                           models.DealMet.skill == Skill.COUNT_HAND.value)
        rated = db.select(models.DealRating.deal_key).where(models.DealRating.skill == Skill.COUNT_HAND.value,
                                                             models.DealRating.deal_key.not_in(already))
        nearest = [*db.session.scalars(rated.where(models.DealRating.rating >= middle)
                                       .order_by(models.DealRating.rating).limit(met // 2)),
                   *db.session.scalars(rated.where(models.DealRating.rating < middle)
                                       .order_by(models.DealRating.rating.desc()).limit(met - met // 2))]
        db.session.execute(db.insert(models.DealMet), [
            {"learner_id": demo1, "skill": Skill.COUNT_HAND.value, "deal_key": key} for key in nearest])
        trainer_database.commit()
        if db.engine.dialect.name == "postgresql":  # as autovacuum would after a bulk load: plans by true sizes
            with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
                connection.execute(db.text("ANALYZE deal_rating")), connection.execute(db.text("ANALYZE deal_met"))
        print(f"demo-1 now has met the {len(nearest):,} pool deals nearest its aim")
        for n in range(rounds + 3):
            started = time.perf_counter()
            dealing.pool_deals(demo1, DrillKind.SHOW, Skill.COUNT_HAND, aim)
            if n >= 3:
                timings.seconds[f"pool_deals, {len(nearest):,} nearest met"].append(time.perf_counter() - started)
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    demo_arguments(parser, "service and page")
    parser.add_argument("--pool", type=int, default=100_000,
                        help="deals added to the shared pool, rated around demo-1's aim, for the last timing")
    parser.add_argument("--met", type=int, default=20_000,
                        help="pool deals demo-1 is made to have met, nearest its aim, for the last timing")
    args = parser.parse_args()
    with demo_database(args) as database:
        return measure(args, database)


def measure(args: argparse.Namespace, database: str) -> int:
    app = create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "benchmark"})
    time_replay(app)
    services = time_services(app, args.rounds)
    services.seconds.update(time_pool_met(app, args.rounds, args.met, args.pool).seconds)
    with app.app_context():
        db.engine.dispose()
    print(f"\nservices as demo-1, {args.rounds} rounds, in process:\n")
    print(report(services))

    timings = Timings()
    with serving(database) as url:
        learner = Learner(url, timings, random.Random(1))
        learner.sign_in("demo-1")
        for _ in range(3):
            learner.request("progress", "/progress/"), learner.request("daily", "/daily/")
        timings.seconds.clear()
        for _ in range(args.rounds):
            learner.request("GET /progress/", "/progress/")
            learner.request("GET /daily/", "/daily/")
            learner.request("GET /review/ (for comparison)", "/review/")
    print(f"\npages as demo-1, {args.rounds} rounds, one client:\n")
    print(report(timings))
    worst = max(percentile(v, 0.5) for v in [*services.seconds.values(), *timings.seconds.values()])
    print(f"\nslowest median: {1000 * worst:.1f} ms (target: under 50 ms)")
    return 1 if timings.errors else 0


if __name__ == "__main__":
    sys.exit(main())
