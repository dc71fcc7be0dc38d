"""Cribbage solitaire in the browser: Arnold's and Hoyle's, the learner counting
every hand and crib, with each learner's best scores.  ``SOLITAIRE_SEED``
fixes new games' deals (tests)."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from engine.cards import Card
from engine.errors import InvalidCardError
from trainer.language.i18n import NC_
from trainer.language.i18n import gettext as _
from trainer.play import solitaire
from trainer.play.moves import GameActionError, StaleAction
from trainer.play.solitaire import SolitaireKind
from trainer.web.forms import PostForm
from trainer.web.learners import learner_required

bp = Blueprint("solitaire", __name__, url_prefix="/solitaire")
NAV = ("solitaire.index", NC_("nav", "Solitaire"))


@bp.get("/")
@learner_required
def index() -> ResponseReturnValue:
    best = {kind: solitaire.best_scores(g.learner.id, kind) for kind in SolitaireKind}
    return render_template(
        "solitaire/index.html", form=PostForm(), kinds=tuple(SolitaireKind), best=best,
        unfinished=solitaire.unfinished(g.learner.id),
    )


@bp.post("/new")
@learner_required
def new() -> ResponseReturnValue:
    if not PostForm().validate_on_submit():
        return redirect(url_for("solitaire.index"))
    try:
        kind = read_kind(request.form)
        game_id = solitaire.new_solitaire(
            g.learner.id, kind, seed=current_app.config.get("SOLITAIRE_SEED"),
            target=read_target(request.form) if kind is SolitaireKind.ARNOLD else None,
        )
    except GameActionError as error:
        flash(str(error), "error")
        return redirect(url_for("solitaire.index"))
    return redirect(url_for("solitaire.table", game_id=game_id))


def read_kind(form: MultiDict[str, str]) -> SolitaireKind:
    """The solitaire chosen on the index page; a clear :class:`trainer.play.moves.GameActionError` for another."""
    try:
        return SolitaireKind(form.get("kind", ""))
    except ValueError:
        raise GameActionError(_("Choose Arnold's or Hoyle's solitaire.")) from None


def read_target(form: MultiDict[str, str]) -> int | None:
    """Arnold's winning total as chosen on the index page (None: not chosen, the
    default 121); a clear :class:`trainer.play.moves.GameActionError` for a non-number."""
    text = form.get("target", "").strip()
    if not text:
        return None
    if not text.isdecimal():
        raise GameActionError(_("Choose a winning total from 101 to 121 for Arnold's solitaire."))
    return int(text)


#: The prefix of each count's field; the rest of the name is the count line's index.
COUNT = "count-"


def read_move(form: MultiDict[str, str]) -> tuple[int, solitaire.SolitaireMove]:
    """The table form as the version it was drawn at and the learner's move;
    a clear :class:`trainer.play.moves.GameActionError` for anything else."""
    try:
        version = int(form.get("version", ""))
    except ValueError:
        raise GameActionError(_("That form is missing its version; please use the buttons on the page.")) from None
    action = form.get("action", "")
    if action == "discard":
        return version, solitaire.LayAway(_cards(form.getlist("card")))
    if action == "count":
        typed = {int(name[len(COUNT) :]): text for name, text in form.items()
                 if name.startswith(COUNT) and name[len(COUNT) :].isdecimal()}
        return version, solitaire.CountDeal(typed)
    raise GameActionError(_("That is not something you can do in solitaire."))


def _cards(values: list[str]) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(v) for v in values)
    except InvalidCardError:
        raise GameActionError(_("Pick cards from the hand dealt.")) from None


@bp.route("/<id:game_id>", methods=["GET", "POST"])
@learner_required
def table(game_id: int) -> ResponseReturnValue:
    if request.method == "POST":
        if solitaire.load(g.learner.id, game_id) is None:
            abort(404)
        if PostForm().validate_on_submit():
            try:
                said = solitaire.act(g.learner.id, game_id, *read_move(request.form))
            except StaleAction as error:
                flash(str(error), "info")
            except GameActionError as error:
                flash(str(error), "error")
            else:
                if said:
                    flash(said, "info")
        return redirect(url_for("solitaire.table", game_id=game_id))
    view = solitaire.load(g.learner.id, game_id)
    if view is None:
        abort(404)
    best = solitaire.best_scores(g.learner.id, view.kind) if view.over else ()
    return render_template("solitaire/table.html", s=view, form=PostForm(), best=best)
