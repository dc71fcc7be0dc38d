"""The review: accuracy and points missed per combo type, the trend as a
chart, and recent mistakes with a button to retry each; and the learner's
whole history, a page at a time (``/review/history``, then ``?before=<id>``).

Everything here is read from the learner's running tallies and a bounded
number of attempts, so the pages cost the same however long the record is.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from markupsafe import Markup

from engine.cards import Card
from trainer.charts import ChartPoint, PercentChart
from trainer.drills import practice
from trainer.drills.deal import BestPlayQuestion, DiscardDeal, PeggingMoment, ShowDeal, replay
from trainer.language import i18n
from trainer.language.i18n import NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.record import attempts
from trainer.record.attempts import DrillKind
from trainer.record.combos import PEGGING_COMBO_TYPES, SHOW_COMBO_TYPES
from trainer.record.history import history_page, recent_mistakes
from trainer.record.stats import LearnerStats, TrendPoint, learner_stats
from trainer.web.forms import PostForm
from trainer.web.learners import learner_required

bp = Blueprint("review", __name__, url_prefix="/review")
NAV = ("review.index", NC_("nav", "Review"))

#: The drill page each kind of attempt is retried on.
RETRY_ENDPOINT = {
    DrillKind.SHOW: "show.answer",
    DrillKind.PEGGING: "pegging.answer",
    DrillKind.DISCARD: "discard.answer",
    DrillKind.BEST_PLAY: "pegging.best_answer",
}

#: The page showing each kind of attempt's result.
RESULT_ENDPOINT = {
    DrillKind.SHOW: "show.result",
    DrillKind.PEGGING: "pegging.result",
    DrillKind.DISCARD: "discard.result",
    DrillKind.BEST_PLAY: "pegging.best_result",
}

#: How a mistake in the review names what was dealt (the "dealt" context).
_WHAT = {
    "hand": NC_("dealt", "Hand"), "crib": NC_("dealt", "Crib"), "pegging": NC_("dealt", "Pegging"),
    "discard": NC_("dealt", "Discard"), "best card": NC_("dealt", "Best card"),
}


@dataclass(frozen=True, slots=True)
class TrendChart(PercentChart):
    """Accuracy per day laid out for the inline SVG in ``review/index.html``."""

    @property
    def x_labels(self) -> tuple[ChartPoint, ...]:
        """The dates named under the axis (at most six)."""
        every = max(1, -(-len(self.points) // 6))
        return self.points[::every]


def trend_chart(trend: tuple[TrendPoint, ...], width: int = 560, height: int = 240) -> TrendChart:
    """Lay out accuracy per day as a line chart: an SVG drawn by the template,
    so the page needs no script and nothing from the network.

    >>> chart = trend_chart((TrendPoint("1 Jan", 4, 1), TrendPoint("2 Jan", 2, 2)))
    >>> [(p.percent, p.y) for p in chart.points]
    [(25, 153.75), (100, 15.0)]
    """
    return TrendChart.lay_out(
        [ChartPoint(point.label, point.accuracy, attempts=point.attempts) for point in trend], width, height
    )


def _describe(attempt: attempts.AttemptInfo) -> dict:
    """What the review shows of an attempt: its cards, what they were (``what``,
    in the learner's language), when it was answered (``when``; ``when_in_year``
    with the year) and whether it can be retried."""
    deal = replay(attempt.kind, attempt.dealt)
    time = f" {attempt.created_at:%H:%M}"
    when = {"when": i18n.format_date(attempt.created_at, "dd MMM") + time,
            "when_in_year": i18n.format_date(attempt.created_at, "dd MMM y") + time}
    if isinstance(deal, ShowDeal):
        return when | _seen(deal.hand, "crib" if deal.crib else "hand", deal.starter)
    if isinstance(deal, PeggingMoment):
        return when | _seen(deal.cards, "pegging")
    if isinstance(deal, DiscardDeal):
        return when | _seen(deal.cards, "discard")
    if isinstance(deal, BestPlayQuestion):
        return when | _seen(deal.hand, "best card")
    return when | {"cards": (), "starter": None, "what": attempt.kind.label, "retry": False}


def _seen(cards: tuple[Card, ...], what: str, starter: Card | None = None) -> dict:
    return {"cards": cards, "starter": starter, "what": pgettext("dealt", _WHAT[what]), "retry": True}


def _strong(text: object) -> Markup:
    return Markup("<strong>%s</strong>") % text


def record_summary(stats: LearnerStats) -> Markup:
    """The review's first line: answers, share right, points missed and the time a
    timed hand takes, each number in bold ("2 answers, 50% right, 6 points missed")."""
    parts = [
        ngettext("%(answers)s answer", "%(answers)s answers", stats.attempts, answers=_strong(stats.attempts)),
        _("%(share)s right", share=_strong(i18n.format_percent(stats.accuracy))),
        ngettext("%(points)s point missed", "%(points)s points missed", stats.points_missed,
                 points=_strong(stats.points_missed)),
    ]
    if stats.mean_seconds is not None:
        seconds = i18n.format_decimal(stats.mean_seconds, 1) + " " + pgettext("seconds", "s")
        parts.append(_("%(seconds)s a timed hand", seconds=_strong(seconds)))
    return Markup(", ".join(parts) + ".")


def history_summary(total: int) -> Markup:
    """The history's first line: how many answers it lists."""
    if total == 1:
        return Markup(_("Your one answer so far."))
    if total:
        return Markup(ngettext("All %(answers)s answers, newest first.", "All %(answers)s answers, newest first.",
                               total, answers=_strong(i18n.format_decimal(total, 0))))
    return Markup(_("Nothing answered yet."))


@bp.get("/")
@learner_required
def index():
    learner_id = g.learner.id
    stats = learner_stats(learner_id)
    show_rows = [stats.of(t) for t in SHOW_COMBO_TYPES if stats.of(t).seen]
    peg_rows = [stats.of(t) for t in PEGGING_COMBO_TYPES if stats.of(t).seen]
    mistakes = [(m, _describe(m)) for m in recent_mistakes(learner_id, limit=10)]
    # Days once there are several of them; until then, blocks of answers show the trend.
    by_day = len(stats.trend) >= 2
    trend = stats.trend if by_day else stats.blocks
    return render_template(
        "review/index.html",
        stats=stats,
        show_rows=show_rows,
        peg_rows=peg_rows,
        mistakes=mistakes,
        chart=trend_chart(trend) if trend else None,
        chart_by_day=by_day,
        form=PostForm(),
        summary=record_summary(stats),
        result_endpoint=RESULT_ENDPOINT,
    )


@bp.get("/history")
@learner_required
def history():
    """Every attempt of the learner, newest first, a page at a time (``before``
    or ``after`` an attempt's id), each with its result and a Retry for the
    mistakes."""
    page = history_page(
        g.learner.id, before=request.args.get("before") or None, after=request.args.get("after") or None
    )
    if page is None:
        abort(404)
    return render_template(
        "review/history.html",
        page=page,
        rows=[(a, _describe(a)) for a in page.attempts],
        form=PostForm(),
        summary=history_summary(page.total),
        result_endpoint=RESULT_ENDPOINT,
    )


@bp.post("/retry/<id:attempt_id>")
@learner_required
def retry(attempt_id: int):
    """Deal a missed attempt again, as a new drill linked to it."""
    if not PostForm().validate_on_submit():
        return redirect(url_for("review.index"))
    try:
        dealt = practice.retry(g.learner.id, attempt_id)
    except practice.CannotRetry as refused:
        flash(str(refused), "error")
        return redirect(url_for("review.index"))
    return redirect(url_for(RETRY_ENDPOINT[dealt.kind], drill_id=dealt.drill_id))
