"""Discard (being built)."""

from __future__ import annotations

from flask import Blueprint, render_template

from trainer.web.learners import learner_required

bp = Blueprint("discard", __name__, url_prefix="/discard")
NAV = ("discard.drill", "Discard")


@bp.get("/")
@learner_required
def drill():
    return render_template("error.html", title="Discard", message="Coming soon.")
