"""``crib demo-data``: demo learners with realistic histories (see :mod:`trainer.demo`)."""

from __future__ import annotations

import argparse
import os
import sys
import time


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "demo-data",
        help="create demo learners with realistic practice histories (for benchmarks and load tests)",
        description="Create learners demo-1 ... demo-L and record N realistic attempts of every drill kind for each, "
        "spread over past days. In server mode (--accounts) their password is 'demo-password'.",
    )
    parser.add_argument("--learners", type=int, default=10, metavar="L", help="how many demo learners (default 10)")
    parser.add_argument("--attempts", type=int, default=1000, metavar="N", help="attempts each (default 1000)")
    parser.add_argument("--first-attempts", type=int, metavar="N", help="attempts for demo-1 instead (a heavy learner)")
    parser.add_argument("--database", metavar="URL", help="database URL (default: DATABASE_URL or the trainer's own)")
    parser.add_argument("--accounts", action="store_true", help="give each learner the password 'demo-password'")
    parser.add_argument("--force", action="store_true", help="add demo learners beside other learners")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.learners < 1 or args.attempts < 0 or (args.first_attempts or 0) < 0:
        raise ValueError("--learners must be at least 1 and --attempts at least 0")
    from trainer import demo  # the web stack loads only for this command
    from trainer.database import db
    from trainer.web import create_app, default_config

    environ = {**os.environ, "DATABASE_URL": args.database} if args.database else os.environ
    app = create_app(default_config(environ))
    started = time.perf_counter()
    with app.app_context():
        try:
            recorded = demo.populate(
                args.learners, args.attempts, first_attempts=args.first_attempts, accounts_mode=args.accounts,
                force=args.force, seed=args.seed, progress=lambda line: print(line, file=sys.stderr, flush=True),
            )
        finally:  # a refusal too: the command may run inside a longer process (the tests)
            db.session.remove()
            db.engine.dispose()
    print(f"{args.learners:,} demo learners, {recorded:,} attempts recorded in {time.perf_counter() - started:.1f} s")
    return 0
