"""Cribbage solitaire in the browser: Arnold's and Hoyle's, the learner counting
every hand and crib, with each learner's best scores.  ``SOLITAIRE_SEED``
fixes new games' deals (tests)."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, url_for

from trainer import solitaires
from trainer.games import GameActionError, StaleAction
from trainer.solitaires import SolitaireKind
from trainer.web.forms import PostForm
from trainer.web.learners import learner_required

bp = Blueprint("solitaire", __name__, url_prefix="/solitaire")
NAV = ("solitaire.index", "Solitaire")


@bp.get("/")
@learner_required
def index():
    best = {kind: solitaires.best_scores(g.learner.id, kind) for kind in SolitaireKind}
    return render_template(
        "solitaire/index.html", form=PostForm(), kinds=tuple(SolitaireKind), best=best,
        unfinished=solitaires.unfinished(g.learner.id),
    )


@bp.post("/new")
@learner_required
def new():
    if not PostForm().validate_on_submit():
        return redirect(url_for("solitaire.index"))
    try:
        game_id = solitaires.new_solitaire(
            g.learner.id, request.form.get("kind", ""), seed=current_app.config.get("SOLITAIRE_SEED")
        )
    except GameActionError as error:
        flash(str(error), "error")
        return redirect(url_for("solitaire.index"))
    return redirect(url_for("solitaire.table", game_id=game_id))


@bp.route("/<id:game_id>", methods=["GET", "POST"])
@learner_required
def table(game_id: int):
    if request.method == "POST":
        if solitaires.load(g.learner.id, game_id) is None:
            abort(404)
        if PostForm().validate_on_submit():
            try:
                solitaires.act(g.learner.id, game_id, request.form, request.form.getlist("first"),
                               request.form.getlist("second"))
            except StaleAction as error:
                flash(str(error), "info")
            except GameActionError as error:
                flash(str(error), "error")
        return redirect(url_for("solitaire.table", game_id=game_id))
    view = solitaires.load(g.learner.id, game_id)
    if view is None:
        abort(404)
    best = solitaires.best_scores(g.learner.id, view.kind) if view.over else ()
    return render_template("solitaire/table.html", s=view, form=PostForm(), best=best)
