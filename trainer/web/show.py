"""Count (being built)."""

from __future__ import annotations

from flask import Blueprint, render_template

from trainer.web.learners import learner_required

bp = Blueprint("show", __name__, url_prefix="/show")
NAV = ("show.drill", "Count")


@bp.get("/")
@learner_required
def drill():
    return render_template("error.html", title="Count", message="Coming soon.")
