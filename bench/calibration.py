"""How well the learner model's predictions came true on a recorded history:
``crib calibration``'s report (:mod:`trainer.rating.calibration`) for a database
given, or for a small simulated history this script records itself.

* ``--database URL``: a database holding a history (``sqlite:///path.db``, or a
  PostgreSQL URL), e.g. the SQLite file ``bench/simulated_learners.py`` leaves;
* ``--simulate N``: first record ``--learners`` demo learners of N attempts each
  (``crib demo-data``'s generator, :func:`trainer.demo.populate`, seeded) into
  that database, or into a new SQLite file in a temporary folder without one.

The demo learners' answers are drawn right or wrong by a skill that grows over
their history whatever the deal, so a predictor can hardly beat the constant
there; histories from simulated learners who find some deals harder than others
say more.  Prints the figures and how long the replay took; asserts nothing.

    python bench/calibration.py --simulate 1000                      # 10 demo learners x 1,000 attempts
    python bench/calibration.py --simulate 3000 --learners 30 --json
    python bench/calibration.py --database sqlite:////tmp/simulated.sqlite3
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import tempfile
import time
from pathlib import Path

from trainer import demo
from trainer.commands.calibration import render
from trainer.database import db
from trainer.rating import calibration
from trainer.web import create_app


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", metavar="URL", help="the database (default with --simulate: a new SQLite file)")
    parser.add_argument("--simulate", type=int, metavar="N", help="record demo learners of N attempts each first")
    parser.add_argument("--learners", type=int, default=10, help="demo learners --simulate records (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="the demo data's seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args()
    if args.database is None and args.simulate is None:
        parser.error("name a --database, or --simulate a history")
    if args.simulate is not None and (args.simulate < 1 or args.learners < 1):
        parser.error("--simulate and --learners must be at least 1")
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'calibration.sqlite3'}"
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": secrets.token_hex(16)})
        with app.app_context():
            try:
                if args.simulate is not None:
                    started = time.perf_counter()
                    recorded = demo.populate(args.learners, args.simulate, seed=args.seed)
                    print(f"recorded {recorded:,} demo attempts ({args.learners:,} learners, seed {args.seed}) "
                          f"in {time.perf_counter() - started:.1f} s", file=sys.stderr)
                started = time.perf_counter()
                report = calibration.calibrate(db.session.connection()).to_dict()
                print(f"replayed {report['answers']:,} answers in {time.perf_counter() - started:.1f} s",
                      file=sys.stderr)
            finally:
                db.session.rollback()
                db.session.remove()
                db.engine.dispose()
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(render(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
