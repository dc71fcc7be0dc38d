"""``/healthz``: whether this process can serve, for a load balancer or a monitor.

200 ``ok`` once the database answers a ``SELECT 1``, 503 when it does not.
No page, no session cookie, no sign-in and no CSRF token: a probe is not a learner.
"""

from __future__ import annotations

from flask import Blueprint, Response
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from trainer.database import db

bp = Blueprint("health", __name__)


@bp.route("/healthz", methods=["GET", "HEAD"])
def healthz() -> Response:
    """200 ``ok`` when the database answers, else 503."""
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return _plain("database unreachable", 503)
    return _plain("ok", 200)


def _plain(body: str, status: int) -> Response:
    response = Response(body, status=status, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response
