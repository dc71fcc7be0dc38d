"""Review (being built)."""

from __future__ import annotations

from flask import Blueprint, render_template

from trainer.web.learners import learner_required

bp = Blueprint("review", __name__, url_prefix="/review")
NAV = ("review.index", "Review")


@bp.get("/")
@learner_required
def index():
    return render_template("error.html", title="Review", message="Coming soon.")
