"""Pegging (being built)."""

from __future__ import annotations

from flask import Blueprint, render_template

from trainer.web.learners import learner_required

bp = Blueprint("pegging", __name__, url_prefix="/pegging")
NAV = ("pegging.quiz", "Pegging")


@bp.get("/")
@learner_required
def quiz():
    return render_template("error.html", title="Pegging", message="Coming soon.")
