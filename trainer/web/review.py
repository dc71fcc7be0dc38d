"""The review: accuracy and points missed per combo type, the trend as a
chart, and recent mistakes with a button to retry each."""

from __future__ import annotations

import pygal
from flask import Blueprint, flash, g, redirect, render_template, url_for
from markupsafe import Markup
from pygal.style import Style

from engine.cards import parse_cards
from trainer import record
from trainer.checking import PEGGING_COMBO_TYPES, SHOW_COMBO_TYPES
from trainer.drills import DiscardDeal, PeggingMoment, ShowDeal
from trainer.record import DrillKind, TrendPoint
from trainer.web.forms import PostForm
from trainer.web.learners import learner_required

bp = Blueprint("review", __name__, url_prefix="/review")
NAV = ("review.index", "Review")

#: The drill page each kind of attempt is retried on.
RETRY_ENDPOINT = {
    DrillKind.SHOW: "show.answer",
    DrillKind.PEGGING: "pegging.answer",
    DrillKind.DISCARD: "discard.answer",
    DrillKind.BEST_PLAY: "pegging.best_answer",
}

_CHART_STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="#1d2327",
    foreground_strong="#1d2327",
    foreground_subtle="#d9d4ca",
    colors=("#0f5132", "#c1121f"),
    font_family="system-ui, sans-serif",
    label_font_size=13,
    major_label_font_size=13,
    value_font_size=12,
)


def trend_chart(trend: tuple[TrendPoint, ...]) -> Markup:
    """Accuracy per day as an inline SVG line chart (no script, no network)."""
    chart = pygal.Line(
        height=280,
        width=720,
        style=_CHART_STYLE,
        show_legend=False,
        range=(0, 100),
        js=[],
        disable_xml_declaration=True,
        x_label_rotation=0,
        show_minor_x_labels=False,
        dots_size=4,
        title=None,
        y_title="% right",
    )
    chart.x_labels = [point.label[5:] for point in trend]
    chart.x_labels_major = chart.x_labels[:: max(1, len(trend) // 6)]
    chart.add("accuracy", [round(100 * point.accuracy) for point in trend])
    return Markup(chart.render(is_unicode=True))


def _describe(attempt: record.AttemptInfo) -> dict:
    """What the review shows of a mistake: the cards and the answer, as text."""
    if attempt.kind is DrillKind.SHOW:
        deal = ShowDeal.from_dict(attempt.dealt["deal"])
        return {"cards": deal.hand, "starter": deal.starter, "what": "crib" if deal.crib else "hand"}
    if attempt.kind is DrillKind.PEGGING:
        moment = PeggingMoment.from_dict(attempt.dealt["moment"])
        return {"cards": moment.cards, "starter": None, "what": "pegging"}
    if attempt.kind is DrillKind.DISCARD:
        deal = DiscardDeal.from_dict(attempt.dealt["deal"])
        return {"cards": deal.cards, "starter": None, "what": "discard"}
    question = attempt.dealt["question"]
    return {"cards": parse_cards(question["hand"]), "starter": None, "what": "best card"}


@bp.get("/")
@learner_required
def index():
    learner_id = g.learner.id
    stats = record.learner_stats(learner_id)
    show_rows = [stats.of(t) for t in SHOW_COMBO_TYPES if stats.of(t).seen]
    peg_rows = [stats.of(t) for t in PEGGING_COMBO_TYPES if stats.of(t).seen]
    mistakes = [(m, _describe(m)) for m in record.recent_mistakes(learner_id, limit=10)]
    return render_template(
        "review/index.html",
        stats=stats,
        show_rows=show_rows,
        peg_rows=peg_rows,
        mistakes=mistakes,
        chart=trend_chart(stats.trend) if len(stats.trend) >= 1 else None,
        form=PostForm(),
    )


@bp.post("/retry/<int:attempt_id>")
@learner_required
def retry(attempt_id: int):
    """Deal a missed attempt again, as a new drill linked to it."""
    if not PostForm().validate_on_submit():
        return redirect(url_for("review.index"))
    attempt = record.attempt_by_id(attempt_id, g.learner.id)
    if attempt is None:
        flash("There is no such mistake of yours to retry.", "error")
        return redirect(url_for("review.index"))
    payload = dict(attempt.dealt)
    if attempt.kind is DrillKind.SHOW:
        payload["claims"] = []
    drill_id = record.open_drill(g.learner.id, attempt.kind, payload, retry_of=attempt.id)
    return redirect(url_for(RETRY_ENDPOINT[attempt.kind], drill_id=drill_id))
