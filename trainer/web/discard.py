"""The discard drill: six cards, as dealer or pone; pick two for the crib and
see the full analysis (every discard's expected hand, crib and net) and the
expected points your pick gave away."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from trainer import practice
from trainer.drills import explain, grading
from trainer.drills.answers import LaidAway
from trainer.drills.deal import DiscardDeal
from trainer.language.i18n import NC_
from trainer.language.i18n import gettext as _
from trainer.record.attempts import AttemptInfo, DrillKind
from trainer.web import drill_pages, forms
from trainer.web.forms import BadAnswer, PostForm
from trainer.web.learners import learner_required

bp = Blueprint("discard", __name__, url_prefix="/discard")
NAV = ("discard.drill", NC_("nav", "Discard"))
#: The seat a learner can ask to discard from (``?as=dealer``), as a deal takes it: dealer or not.
SEATS = {"dealer": True, "pone": False}


@bp.get("/")
@learner_required
def drill() -> ResponseReturnValue:
    """Deal six cards (a poor discard due for review first) and go to them."""
    dealt = practice.next_discard(
        g.learner.id, drill_pages.drill_rng(), dealer=SEATS.get(request.args.get("as") or ""),
        target=current_app.config["RATING_TARGET"],
    )
    if dealt.brought_back:
        flash(_("A deal you discarded poorly earlier is back: try it again."), "info")
    return redirect(url_for("discard.answer", drill_id=dealt.drill_id))


@bp.route("/<drill_id>", methods=["GET", "POST"])
@learner_required
def answer(drill_id: str) -> ResponseReturnValue:
    pending = drill_pages.open_drill(drill_id, DrillKind.DISCARD)
    if pending is None:
        return redirect(url_for("discard.drill"))
    deal = DiscardDeal.from_dict(pending.payload["deal"])
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            given = forms.read_laid_away(request.form, deal)
        except BadAnswer as error:
            return drill_pages.refused(error, url_for("discard.answer", drill_id=drill_id))
        return drill_pages.answered(pending, given, result="discard.result", again=url_for("discard.drill"))
    return render_template("discard/drill.html", drill_id=drill_id, deal=deal, form=form,
                           placement_step=drill_pages.placement_step(pending, deal))


def _result(attempt: AttemptInfo) -> dict[str, Any]:
    deal = DiscardDeal.from_dict(attempt.dealt["deal"])
    given = LaidAway.from_dict(attempt.answer)
    verdict = grading.judge_discard(deal, given)
    mine = explain.read_discard(deal, verdict.picked)
    best = None if verdict.best else explain.read_discard(deal, verdict.options[0])
    return {
        "deal": deal, "options": verdict.options, "picked": set(given.cards),
        "given_away": float(attempt.answer["given_away"]),  # the figure recorded, as the progress page shows it
        # each row's loss rounded as a pick's is recorded, so the pick's row shows the headline's figure
        "lost": tuple(grading.discard_given_away(verdict.options, option.discard) for option in verdict.options),
        "why_best": None if best is None else explain.discard_words(best),
        "why_mine": explain.discard_words(mine) + ("" if best is None else " " + explain.where_lost(best, mine)),
    }


@bp.get("/result/<id:attempt_id>")
@learner_required
def result(attempt_id: int) -> ResponseReturnValue:
    shown = drill_pages.result_page(attempt_id, DrillKind.DISCARD, _result)
    if shown is None:
        return redirect(url_for("discard.drill"))
    return render_template("discard/result.html", **shown)
