"""The progress page: each skill's rating and its likely range week by week (a
chart per skill), accuracy and median time per skill and combo type by week,
what is due for review, the placement and the streak.

Everything is read from the learner's aggregates (:func:`trainer.rating.progress.learner_progress`),
so the page costs the same however long the record is.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import Blueprint, flash, g, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from trainer.charts import ChartPoint
from trainer.language import i18n
from trainer.language.i18n import NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.rating.glicko2 import Rating
from trainer.rating.placement import placement_for
from trainer.rating.progress import SkillProgress, WeekLine, learner_progress
from trainer.rating.skills import Skill
from trainer.record.attempts import DrillKind
from trainer.web import daily
from trainer.web.learners import learner_required
from trainer.web.review import TrendChart

bp = Blueprint("progress", __name__, url_prefix="/progress")
NAV = ("progress.index", NC_("nav", "Progress"))

#: Weeks shown in the table (the chart shows all the progress keeps).
TABLE_WEEKS = 6


@dataclass(frozen=True, slots=True)
class RatingChart(TrendChart):
    """A skill's rating by week, with its likely range (two deviations either
    side) as a band, laid out for the inline SVG in ``progress/index.html``."""

    #: the ratings at the plot's bottom and top
    floor: int = 0
    ceiling: int = 0
    band: str = ""

    def y_of_rating(self, rating: float) -> float:
        return self.top + self.plot_height * (1 - (rating - self.floor) / (self.ceiling - self.floor))

    @property
    def gridlines(self) -> tuple[int, ...]:
        """The ratings ruled across the plot: every 200 within its range, every 400 over a wide one."""
        step = 200 if self.ceiling - self.floor <= 800 else 400
        return tuple(range(self.floor, self.ceiling + 1, step))


def rating_chart(weeks: tuple[tuple[date, Rating], ...], width: int = 560, height: int = 220) -> RatingChart:
    """Lay out a rating by week: the line at the rating, the band over its 95% range.

    >>> chart = rating_chart(((date(2026, 11, 2), Rating(1500, 100)), (date(2026, 11, 9), Rating(1600, 50))))
    >>> chart.floor, chart.ceiling, [p.label for p in chart.points]
    (1200, 1800, ['2 Nov', '9 Nov'])
    """
    floor = int(min(r.low for _, r in weeks) // 200 * 200)
    ceiling = int(-(-max(r.high for _, r in weeks) // 200) * 200)
    span = max(ceiling - floor, 200)
    ceiling = floor + span
    points = [
        ChartPoint(i18n.format_date(week, "d MMM"), (rating.rating - floor) / span, attempts=round(rating.rating))
        for week, rating in weeks
    ]
    chart = RatingChart.lay_out(points, width, height)
    chart = RatingChart(chart.width, chart.height, chart.left, chart.top, chart.plot_width, chart.plot_height,
                        chart.points, floor, ceiling)
    upper = [f"{p.x:.1f},{chart.y_of_rating(r.high):.1f}" for p, (_, r) in zip(chart.points, weeks)]
    lower = [f"{p.x:.1f},{chart.y_of_rating(r.low):.1f}" for p, (_, r) in zip(chart.points, weeks)]
    if len(chart.points) == 1:  # a single week: a band a little wide, so it shows
        (x, y_high), (_, y_low) = upper[0].split(","), lower[0].split(",")
        upper = [f"{float(x) - 12:.1f},{y_high}", f"{float(x) + 12:.1f},{y_high}"]
        lower = [f"{float(x) - 12:.1f},{y_low}", f"{float(x) + 12:.1f},{y_low}"]
    return RatingChart(chart.width, chart.height, chart.left, chart.top, chart.plot_width, chart.plot_height,
                       chart.points, floor, ceiling, " ".join(upper + lower[::-1]))


def rating_text(rating: Rating) -> str:
    """A rating as the page says it: "1540 (likely 1380 to 1700)"."""
    return _("%(rating)s (likely %(low)s to %(high)s)", rating=round(rating.rating), low=round(rating.low),
             high=round(rating.high))


def seconds_text(seconds: float | None) -> str:
    """A median time ("8.5 s"), or a dash when nothing was timed."""
    if seconds is None:
        return "–"
    return i18n.format_decimal(seconds, 1) + " " + pgettext("seconds", "s")


#: The drill that deals each kind's due misses first: each with no focus and no
#: seat chosen, as a choice skips the review (:mod:`trainer.practice`).
DUE_DRILLS: dict[DrillKind, str] = {
    DrillKind.SHOW: "show.drill",
    DrillKind.PEGGING: "pegging.quiz",
    DrillKind.DISCARD: "discard.drill",
    DrillKind.BEST_PLAY: "pegging.best",
}


@dataclass(frozen=True, slots=True)
class DueLink:
    """What is due of one drill, as the page says it ("2 deals to count"), and the drill that deals it."""

    kind: DrillKind
    text: str
    url: str


def due_text(deals: dict[DrillKind, int]) -> list[str]:
    """What is due, one phrase per drill ("2 deals to count")."""
    phrases = {
        DrillKind.SHOW: lambda n: ngettext("%(num)d deal to count", "%(num)d deals to count", n),
        DrillKind.PEGGING: lambda n: ngettext("%(num)d pegging moment", "%(num)d pegging moments", n),
        DrillKind.DISCARD: lambda n: ngettext("%(num)d discard", "%(num)d discards", n),
        DrillKind.BEST_PLAY: lambda n: ngettext("%(num)d best-card question", "%(num)d best-card questions", n),
    }
    return [phrases[kind](n) for kind, n in deals.items() if n]


def due_links(deals: dict[DrillKind, int]) -> list[DueLink]:
    """What is due, one link per drill, to the drill that deals it first (:data:`DUE_DRILLS`)."""
    due = [kind for kind, n in deals.items() if n]
    return [DueLink(kind, text, url_for(DUE_DRILLS[kind])) for kind, text in zip(due, due_text(deals))]


def line_label(line: WeekLine) -> str:
    return line.combo_type.label if line.combo_type is not None else line.skill.label


@bp.get("/")
@learner_required
def index() -> ResponseReturnValue:
    progress = learner_progress(g.learner.id, daily.now())  # the daily deal's clock, whose days the streak counts
    rated: list[SkillProgress] = [s for s in progress.skills if s.now.rated]
    charts = {s.skill: rating_chart(s.weeks) for s in rated if s.weeks}
    weeks = progress.weeks[-TABLE_WEEKS:]
    next_due = progress.due.next_due
    lines = [line for line in progress.lines if any(line.cell(w) for w in weeks)]
    return render_template(
        "progress/index.html",
        progress=progress,
        rated=rated,
        charts=charts,
        weeks=weeks,
        week_labels={week: i18n.format_date(week, "d MMM") for week in weeks},
        lines=lines,
        too_high_shown=any(line.counted_too_high(weeks) for line in lines),
        line_label=line_label,
        rating_text=rating_text,
        seconds_text=seconds_text,
        due_links=due_links(progress.due.deals),
        next_due=None if next_due is None else i18n.format_date(next_due.date(), "d MMM") + f" {next_due:%H:%M}",
    )


#: Where each skill's next placement deal is dealt: the drill's page and its query.
PLACEMENT_DRILLS: dict[Skill, tuple[str, dict[str, Any]]] = {
    Skill.COUNT_HAND: ("show.drill", {}),
    Skill.COUNT_CRIB: ("show.drill", {"crib": "1"}),
    Skill.PEGGING: ("pegging.quiz", {}),
    Skill.BEST_CARD: ("pegging.best", {}),
    Skill.DISCARD: ("discard.drill", {}),
}


@bp.get("/placement")
@learner_required
def placement() -> ResponseReturnValue:
    """The placement's next deal (its skill's drill, dealt at an even chance), or, once placed, the progress page."""
    next_skill = placement_for(g.learner.id).next_skill
    if next_skill is None:
        flash(_("You are placed: the drills now deal at your level."), "success")
        return redirect(url_for("progress.index"))
    endpoint, query = PLACEMENT_DRILLS[next_skill]
    return redirect(url_for(endpoint, **query))
