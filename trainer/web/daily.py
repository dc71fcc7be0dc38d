"""The daily deal: one deal a day for everyone (a count, a pegging moment and a
discard), each part answered once and rated; the streak; in server mode the
day's table of the learners who chose to appear on it.

``GET /daily/`` shows the day's three parts (a form for each one not answered
yet, the verdict for the others); each form posts to its own address and
comes back.  The views read the form into values and call
:mod:`trainer.rating.daily`, which grades with the drills' standard.

The day is the app's clock's (:func:`now`): ``CLOCK`` in the app's config, a
callable giving the moment (naive UTC), when set (tests fix it, so a test
never meets another day's deal than the page's across midnight); the real
time otherwise.  The services take the day and the moment from here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable, TypeVar

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from trainer.database import utcnow
from trainer.drills.answers import DrillAnswer, Total
from trainer.language.i18n import gettext as _
from trainer.rating import daily, streaks
from trainer.web.forms import YOUR_TOTAL, BadAnswer, PostForm, read_laid_away, read_peg_points, read_points
from trainer.web.learners import accounts_mode, learner_required

bp = Blueprint("daily", __name__, url_prefix="/daily")
# No NAV entry (the bar is full at phone width): the progress page links today's deal.

#: The drill result page each part's answer is shown on in full.
RESULT_ENDPOINT = {
    daily.DailyPart.COUNT: "show.result",
    daily.DailyPart.PEGGING: "pegging.result",
    daily.DailyPart.DISCARD: "discard.result",
}


def now() -> datetime:
    """The moment by the app's clock (naive UTC): ``CLOCK`` when set, else the real time."""
    clock = current_app.config.get("CLOCK")
    moment: datetime = clock() if clock is not None else utcnow()
    return moment


@bp.get("/")
@learner_required
def index() -> ResponseReturnValue:
    day = daily.today(now())
    deal = daily.daily_deal(day)
    streak = streaks.streak_of(g.learner.id)
    return render_template(
        "daily/index.html",
        day=day,
        deal=deal,
        done=daily.answered(g.learner.id, day),
        parts=daily.DailyPart,
        result_endpoint=RESULT_ENDPOINT,
        streak=streaks.shown(streak, day),
        freeze_available=streaks.freeze_available(streak, day),
        board=daily.board(day) if accounts_mode() else (),
        on_board=daily.on_board(g.learner.id),
        server=accounts_mode(),
        form=PostForm(),
    )


def _done(answered: daily.DailyAnswerInfo | None) -> ResponseReturnValue:
    if answered is None:
        flash(_("You have answered that part of today's deal already: the first answer counts."), "info")
    else:
        flash(_("Right!") if answered.correct else _("Not this time: see below what it was."),
              "success" if answered.correct else "info")
    return redirect(url_for("daily.index"))


Answer = TypeVar("Answer", bound=DrillAnswer)


def _answered(read: Callable[[], Answer], answer: Callable[[Answer], daily.DailyAnswerInfo | None]) -> ResponseReturnValue:
    """Read a part's answer from the form (the drills' readers) and answer it; a bad one is said."""
    if not PostForm().validate_on_submit():
        return redirect(url_for("daily.index"))
    try:
        given = read()
    except BadAnswer as bad:
        flash(str(bad), "error")
        return redirect(url_for("daily.index"))
    return _done(answer(given))


@bp.post("/count")
@learner_required
def count() -> ResponseReturnValue:
    moment = now()
    return _answered(lambda: Total(read_points(request.form.get("total"), YOUR_TOTAL)),
                     lambda given: daily.answer_count(g.learner.id, daily.today(moment), given, moment))


@bp.post("/pegging")
@learner_required
def pegging() -> ResponseReturnValue:
    moment = now()
    return _answered(lambda: read_peg_points(request.form),
                     lambda given: daily.answer_pegging(g.learner.id, daily.today(moment), given, moment))


@bp.post("/discard")
@learner_required
def discard() -> ResponseReturnValue:
    moment = now()
    day = daily.today(moment)
    return _answered(lambda: read_laid_away(request.form, daily.daily_deal(day).discard),
                     lambda given: daily.answer_discard(g.learner.id, day, given, moment))


@bp.post("/table")
@learner_required
def table() -> ResponseReturnValue:
    """Appear on the day's table, or leave it."""
    if PostForm().validate_on_submit() and accounts_mode():
        shown = request.form.get("shown") == "1"
        daily.set_on_board(g.learner.id, shown)
        flash(_("You are on the daily table.") if shown else _("You are off the daily table."), "success")
    return redirect(url_for("daily.index"))
