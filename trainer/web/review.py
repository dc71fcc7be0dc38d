"""The review: accuracy and points missed per combo type, each kind of drill's
trend as a chart of its own, and recent mistakes with a button to retry each; and the learner's
whole history, a page at a time (``/review/history``, then ``?before=<id>``).

Everything here is read from the learner's running tallies and a bounded
number of attempts, so the pages cost the same however long the record is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from engine.cards import Card
from trainer import practice
from trainer.charts import ChartPoint, PercentChart
from trainer.drills.checking import TOTAL_RULE
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


#: Room under a chart's axis for each label named (a block's "1031-1040" at the axis' size).
LABEL_ROOM = 90


@dataclass(frozen=True, slots=True)
class TrendChart(PercentChart):
    """Accuracy per day or per block laid out for the inline SVG in ``review/index.html``."""

    @property
    def x_labels(self) -> tuple[ChartPoint, ...]:
        """The points named under the axis: as many as there is room for (at least two)."""
        room = max(2, self.plot_width // LABEL_ROOM + 1)
        every = max(1, -(-len(self.points) // room))
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


#: The drills whose answer is right when it is the best choice (what their chart measures).
BEST_CHOICE = frozenset({DrillKind.BEST_PLAY, DrillKind.DISCARD})


@dataclass(frozen=True, slots=True)
class KindChart:
    """One kind of drill's trend as the review draws it: by day once it has been
    practised on two days or more, by blocks of ten answers until then."""

    kind: DrillKind
    by_day: bool
    chart: TrendChart

    @property
    def measure(self) -> str:
        """What the chart's line is, in the learner's language."""
        if self.kind in BEST_CHOICE:
            return _("Share of best choices, by day") if self.by_day else _("Share of best choices, by ten answers")
        return _("Share of answers right, by day") if self.by_day else _("Share of answers right, by ten answers")


#: A chart's size: two fit side by side on a desktop, one fills a phone.
CHART_SIZE = (440, 230)


def kind_charts(stats: LearnerStats) -> tuple[KindChart, ...]:
    """A chart for each kind of drill the learner has answered, in :class:`DrillKind` order.

    >>> from trainer.record.stats import KindTrend
    >>> trend = KindTrend(DrillKind.DISCARD, (TrendPoint("1 Jan", 4, 1),), (TrendPoint("1-4", 4, 1),))
    >>> [(c.kind.value, c.by_day, [p.label for p in c.chart.points]) for c in kind_charts(LearnerStats(4, 1, 0, None, (), (trend,)))]
    [('discard', False, ['1-4'])]
    """
    charts = []
    for trend in stats.trends:
        by_day = len(trend.days) >= 2
        points = trend.days if by_day else trend.blocks
        if points:
            charts.append(KindChart(trend.kind, by_day, trend_chart(points, *CHART_SIZE)))
    return tuple(charts)


def _describe(attempt: attempts.AttemptInfo) -> dict[str, Any]:
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


def _seen(cards: tuple[Card, ...], what: str, starter: Card | None = None) -> dict[str, Any]:
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
def index() -> ResponseReturnValue:
    learner_id = g.learner.id
    stats = learner_stats(learner_id)
    show_rows = [stats.of(t) for t in SHOW_COMBO_TYPES if stats.of(t).seen]
    peg_rows = [stats.of(t) for t in PEGGING_COMBO_TYPES if stats.of(t).seen]
    mistakes = [(m, _describe(m)) for m in recent_mistakes(learner_id, limit=10)]
    return render_template(
        "review/index.html",
        stats=stats,
        show_rows=show_rows,
        peg_rows=peg_rows,
        mistakes=mistakes,
        charts=kind_charts(stats),
        total_rule=_(TOTAL_RULE),
        form=PostForm(),
        summary=record_summary(stats),
        result_endpoint=RESULT_ENDPOINT,
    )


@bp.get("/history")
@learner_required
def history() -> ResponseReturnValue:
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
def retry(attempt_id: int) -> ResponseReturnValue:
    """Deal a missed attempt again, as a new drill linked to it."""
    if not PostForm().validate_on_submit():
        return redirect(url_for("review.index"))
    try:
        dealt = practice.retry(g.learner.id, attempt_id)
    except practice.CannotRetry as refused:
        flash(str(refused), "error")
        return redirect(url_for("review.index"))
    return redirect(url_for(RETRY_ENDPOINT[dealt.kind], drill_id=dealt.drill_id))
