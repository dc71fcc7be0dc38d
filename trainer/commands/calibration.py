"""``crib calibration``: how well the ratings' and the memory's predictions came
true on the recorded history (see :mod:`trainer.rating.calibration`)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from trainer.cli import emit, table


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "calibration",
        help="how well the ratings' and the memory's predictions came true on the recorded history",
        description="Replay every learner's recorded answers through the ratings (Glicko-2) and the memory "
        "(FSRS), writing nothing, and compare each prediction with what the learner then did: log loss and "
        "RMSE over probability bins, against predicting the observed mean for every answer.",
    )
    parser.add_argument("--database", metavar="URL", help="database URL (default: DATABASE_URL or the trainer's own)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from trainer.database import db  # the web stack loads only for this command
    from trainer.rating import calibration
    from trainer.web import create_app, default_config

    environ = {**os.environ, "DATABASE_URL": args.database} if args.database else os.environ
    app = create_app(default_config(environ))
    with app.app_context():
        try:
            report = calibration.calibrate(db.session.connection()).to_dict()
        finally:  # reads only: nothing to commit
            db.session.rollback()
            db.session.remove()
            db.engine.dispose()
    emit(report, args.json, render)
    return 0


def _figure(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def render(report: dict[str, Any]) -> str:
    """The report (:meth:`trainer.rating.calibration.Calibration.to_dict`) as a table and a few lines."""
    rows = [
        [row["predictor"], f"{row['count']:,}", _figure(row["mean_predicted"]), _figure(row["mean_observed"]),
         f"{_figure(row['log_loss'], 4)} / {_figure(row['baseline_log_loss'], 4)}",
         f"{_figure(row['rmse_bins'], 4)} / {_figure(row['baseline_rmse_bins'], 4)}",
         {True: "yes", False: "no", None: "-"}[row["beats_baseline"]]]
        for row in report["predictors"]
    ]
    lines = [
        f"{report['learners']:,} learner{'' if report['learners'] == 1 else 's'}, "
        f"{report['answers']:,} answer{'' if report['answers'] == 1 else 's'} replayed",
        "",
        table(rows, ["predictor", "answers", "mean predicted", "mean observed", "log loss vs constant",
                     "RMSE(bins) vs constant", "beats?"], "lrrrrrl"),
        "",
        *(f"{row['predictor']}: {row['description']}" for row in report["predictors"]),
        f"log loss: natural log, predictions clipped to [{report['clip']}, {1 - report['clip']}]; "
        f"RMSE(bins): {report['bins']} equal-width bins of the prediction, weighted by count; "
        "the constant predicts the observed mean (its RMSE(bins) is 0 by construction); beats: a lower log loss",
        "",
    ]
    fit = report["fsrs_fit"]
    if fit is None:
        lines.append(f"FSRS fit: not made (it needs {report['fsrs_fit_needs']:,} FSRS reviews)")
    else:
        lines += [
            f"FSRS fit on the earlier {fit['fitted_on']:,} reviews, judged on the later {fit['held_out']:,} "
            "(maximum likelihood in numpy; the fsrs optimizer needs torch):",
            f"  stability scale {fit['stability_scale']:.3f}: held-out log loss "
            f"{fit['log_loss']:.4f} -> {fit['log_loss_scaled']:.4f}",
            f"  recalibration sigmoid({fit['intercept']:.3f} + {fit['slope']:.3f} * logit p): held-out log loss "
            f"{fit['log_loss']:.4f} -> {fit['log_loss_recalibrated']:.4f}",
            f"  constant (the earlier reviews' mean): held-out log loss {fit['baseline_log_loss']:.4f}",
        ]
    return "\n".join(lines)
