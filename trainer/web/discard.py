"""The discard drill: six cards, as dealer or pone; pick two for the crib and
see the full analysis (every discard's expected hand, crib and net) and the
expected points your pick gave away."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for

from engine.analysis.discard import analyse_discards
from engine.cards import parse_cards
from engine.errors import InvalidCardError
from trainer.drills import grading, practice
from trainer.drills.deal import DiscardDeal
from trainer.language.i18n import NC_
from trainer.language.i18n import gettext as _
from trainer.record.attempts import DrillKind
from trainer.web import drill_pages
from trainer.web.forms import PostForm
from trainer.web.learners import learner_required

bp = Blueprint("discard", __name__, url_prefix="/discard")
NAV = ("discard.drill", NC_("nav", "Discard"))


@bp.get("/")
@learner_required
def drill():
    """Deal six cards (a poor discard due for review first) and go to them."""
    role = request.args.get("as")
    dealt = practice.next_discard(
        g.learner.id, drill_pages.drill_rng(), dealer={"dealer": True, "pone": False}.get(role or ""),
        spacing=current_app.config["REVIEW_SPACING"],
    )
    if dealt.brought_back:
        flash(_("A deal you discarded poorly earlier is back: try it again."), "info")
    return redirect(url_for("discard.answer", drill_id=dealt.drill_id))


@bp.route("/<drill_id>", methods=["GET", "POST"])
@learner_required
def answer(drill_id: str):
    pending = drill_pages.open_drill(drill_id, DrillKind.DISCARD)
    if pending is None:
        return redirect(url_for("discard.drill"))
    deal = DiscardDeal.from_dict(pending.payload["deal"])
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            picked = parse_cards(request.form.getlist("card"))
        except InvalidCardError:
            picked = ()
        if len(picked) != 2 or not set(picked) <= set(deal.cards):
            flash(_("Pick exactly two of your six cards for the crib."), "error")
            return redirect(url_for("discard.answer", drill_id=drill_id))
        attempt_id = drill_pages.answer(
            drill_id, DrillKind.DISCARD, lambda: grading.grade_discard(deal, picked, retry_of=pending.retry_of)[1]
        )
        if attempt_id is None:
            return redirect(url_for("discard.drill"))
        return redirect(url_for("discard.result", attempt_id=attempt_id))
    return render_template("discard/drill.html", drill_id=drill_id, deal=deal, form=form)


@bp.get("/result/<id:attempt_id>")
@learner_required
def result(attempt_id: int):
    attempt = drill_pages.own_result(attempt_id, DrillKind.DISCARD)
    if attempt is None:
        return redirect(url_for("discard.drill"))
    try:
        deal = DiscardDeal.from_dict(attempt.dealt["deal"])
        picked = set(parse_cards(attempt.answer["discard"]))
        options = analyse_discards(deal.cards, dealer=deal.dealer)
        float(attempt.answer["given_away"])
    except drill_pages.UNREADABLE:  # an attempt another feature recorded in its own shape
        drill_pages.unreadable_result()
        return redirect(url_for("discard.drill"))
    return render_template(
        "discard/result.html", deal=deal, options=options, picked=picked, attempt=attempt,
    )
