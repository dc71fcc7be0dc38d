"""The weekly check-up in the browser: what it is, ten deals one page each (no
hints, no verdict until the end), the result, and the learner's check-ups over
time.  The views read the form into the drills' answer values
(:mod:`trainer.web.forms`) and call :mod:`trainer.checkup.service`, by the
app's clock (:func:`trainer.web.daily.now`).

The home page and the progress page show the check-up through two partials,
``checkup/_offer.html`` and ``checkup/_progress.html``, fed by the template
globals :func:`checkup_offer` and :func:`checkup_history` (so no other view
passes them anything).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from trainer.charts import LinesChart
from trainer.checkup import service
from trainer.checkup.bank import CheckupDeal
from trainer.drills.answers import DrillAnswer, Total
from trainer.drills.deal import BestPlayQuestion, DiscardDeal, PeggingMoment, ShowDeal
from trainer.drills.grading import best_play_view
from trainer.language import i18n
from trainer.language.i18n import N_, pgettext
from trainer.language.i18n import gettext as _
from trainer.web.daily import now
from trainer.web.forms import (
    YOUR_TOTAL,
    BadAnswer,
    Fields,
    PostForm,
    read_best_card,
    read_laid_away,
    read_peg_points,
    read_points,
)
from trainer.web.learners import learner_required

bp = Blueprint("checkup", __name__, url_prefix="/checkup")
# No NAV entry (the bar is full at phone width): the home and progress pages offer it.

#: What the learner reads of each refusal.
REFUSED = {
    service.Refusal.NOT_OPEN: N_("That check-up is not open any more: here are your check-ups."),
    service.Refusal.NO_SUCH_DEAL: N_("That check-up has no such deal: here is the next one."),
    service.Refusal.BAD_ANSWER: N_("That answer does not fit this deal: try again."),
}


@dataclass(frozen=True)
class OfferLine:
    """What the home page's line says: the offer, and the days since the last check-up."""

    offer: service.Offer
    days_ago: int | None


@bp.app_template_global()
def checkup_offer() -> OfferLine | None:
    """The signed-in learner's check-up offer for ``checkup/_offer.html`` (None: nobody signed in)."""
    learner = g.get("learner")
    if learner is None:
        return None
    moment = now()
    offer = service.offer(learner.id, moment)
    days = None if offer.last is None else max(0, (moment - offer.last.finished_at).days)
    return OfferLine(offer, days)


@bp.app_template_global()
def checkup_history() -> tuple[service.Finished, ...]:
    """The signed-in learner's finished check-ups for ``checkup/_progress.html``, oldest first."""
    learner = g.get("learner")
    return () if learner is None else service.history(learner.id)


@bp.app_template_global()
def checkup_chart(checkups: tuple[service.Finished, ...]) -> LinesChart | None:
    """The check-ups' points left per deal, oldest first, laid out for an inline SVG (None: fewer than two)."""
    if len(checkups) < 2:
        return None
    labels = [i18n.format_date(c.finished_at.date(), "d MMM") for c in checkups]
    return LinesChart.lay_out({pgettext("column", "Points left per deal"): [c.score for c in checkups]}, labels,
                              width=560, height=220)


@bp.get("/")
@learner_required
def index() -> ResponseReturnValue:
    """What a check-up is, whether one is offered, and the learner's check-ups so far."""
    return render_template("checkup/index.html", offer=service.offer(g.learner.id, now()),
                           done=service.history(g.learner.id), form=PostForm())


@bp.post("/start")
@learner_required
def start() -> ResponseReturnValue:
    """Start the learner's next check-up (or go back to the one under way)."""
    if not PostForm().validate_on_submit():
        return redirect(url_for("checkup.index"))
    started = service.start_checkup(g.learner.id, now())
    if started is None:
        flash(_("You took this week's check-up already: the next one is ready a week after it."), "info")
        return redirect(url_for("checkup.index"))
    return redirect(url_for("checkup.page", checkup_id=started.id))


@bp.get("/<id:checkup_id>")
@learner_required
def page(checkup_id: int) -> ResponseReturnValue:
    """The check-up's next deal, or its result once every deal is answered."""
    checkup = service.checkup_of(g.learner.id, checkup_id)
    if checkup is None:
        abort(404)
    position = checkup.next_position
    if checkup.finished or position is None:
        return render_template("checkup/result.html", checkup=checkup, lines=service.result_lines(checkup))
    item = checkup.deals[position]
    view = best_play_view(item.deal) if isinstance(item.deal, BestPlayQuestion) else None
    return render_template("checkup/deal.html", checkup=checkup, position=position, item=item, deal=item.deal,
                           legal=view.legal_cards() if view else (), count=view.count if view else None,
                           form=PostForm())


def read_answer(item: CheckupDeal, form: Fields) -> DrillAnswer:
    """The answer to a bank deal as its drill's form gives it (:class:`BadAnswer` with the learner's message)."""
    deal = item.deal
    if isinstance(deal, ShowDeal):
        return Total(read_points(form.get("total"), YOUR_TOTAL))
    if isinstance(deal, PeggingMoment):
        return read_peg_points(form)
    if isinstance(deal, DiscardDeal):
        return read_laid_away(form, deal)
    return read_best_card(form, best_play_view(deal).legal_cards())


@bp.post("/<id:checkup_id>/<int:position>")
@learner_required
def answer(checkup_id: int, position: int) -> ResponseReturnValue:
    """Answer one deal; a bad answer is said and changes nothing."""
    here = url_for("checkup.page", checkup_id=checkup_id)
    checkup = service.checkup_of(g.learner.id, checkup_id)
    if checkup is None:
        abort(404)
    if not PostForm().validate_on_submit():
        return redirect(here)
    if not 0 <= position < len(checkup.deals):
        flash(_(REFUSED[service.Refusal.NO_SUCH_DEAL]), "error")
        return redirect(here)
    if checkup.finished or position in {a.position for a in checkup.answers}:
        flash(_("That deal was answered already: the first answer counts."), "info")
        return redirect(here)
    try:
        given = read_answer(checkup.deals[position], request.form)
        _after, counted = service.answer(g.learner.id, checkup_id, position, given, now())
    except BadAnswer as bad:
        flash(str(bad), "error")
        return redirect(here)
    except service.CheckupRefused as refused:
        flash(_(REFUSED[refused.reason]), "error")
        return redirect(here if refused.reason is not service.Refusal.NOT_OPEN else url_for("checkup.index"))
    if not counted:
        flash(_("That deal was answered already: the first answer counts."), "info")
    return redirect(here)
