"""Learners: pick or create a profile by name; the choice is kept in the session cookie.

Other blueprints use :func:`learner_required` on their views and read the
current learner as ``g.learner`` (a :class:`trainer.record.LearnerInfo`).
"""

from __future__ import annotations

from functools import wraps
from typing import Callable

from flask import Blueprint, flash, g, redirect, render_template, request, session, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.validators import DataRequired, Length

from trainer import record

bp = Blueprint("learners", __name__)
NAV = ("learners.home", "Home")


class NameForm(FlaskForm):
    name = StringField(
        "Your name",
        validators=[
            DataRequired("Please type a name."),
            Length(max=record.MAX_NAME_LENGTH, message=f"A name can have at most {record.MAX_NAME_LENGTH} characters."),
        ],
    )


class SwitchForm(FlaskForm):
    learner_id = HiddenField()


@bp.before_app_request
def load_learner() -> None:
    g.learner = record.learner_by_id(session.get("learner_id"))


def learner_required(view: Callable) -> Callable:
    """Send a visitor with no profile to the home page to pick one first."""

    @wraps(view)
    def wrapped(*args, **kwargs):
        if g.get("learner") is None:
            flash("First tell the trainer who is practising.", "info")
            return redirect(url_for("learners.home", next=request.path))
        return view(*args, **kwargs)

    return wrapped


def _sign_in(learner: record.LearnerInfo) -> None:
    session.permanent = True
    session["learner_id"] = learner.id


def _next_page() -> str:
    target = request.args.get("next", "")
    # Only a local path: never send the learner off-site.
    if target.startswith("/") and not target.startswith("//"):
        return target
    return url_for("show.drill")


@bp.route("/", methods=["GET", "POST"])
def home():
    form = NameForm()
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                learner = record.learner_by_name(form.name.data, create=True)
            except ValueError as error:
                flash(str(error), "error")
            else:
                _sign_in(learner)
                flash(f"Welcome, {learner.name}!", "success")
                return redirect(_next_page())
        else:
            for errors in form.errors.values():
                for message in errors:
                    flash(message, "error")
        return redirect(url_for("learners.home"))
    return render_template(
        "learners/home.html", form=form, switch=SwitchForm(), learners=record.all_learners()
    )


@bp.post("/learners/switch")
def switch():
    form = SwitchForm()
    learner = record.learner_by_id(form.learner_id.data) if form.validate_on_submit() else None
    if learner is None:
        flash("That profile does not exist any more; pick another or type a name.", "error")
        return redirect(url_for("learners.home"))
    _sign_in(learner)
    flash(f"Now practising as {learner.name}.", "success")
    return redirect(url_for("show.drill"))


@bp.post("/learners/leave")
def leave():
    form = SwitchForm()
    if form.validate_on_submit():
        session.pop("learner_id", None)
        flash("Signed out. Pick a profile to carry on.", "info")
    return redirect(url_for("learners.home"))
