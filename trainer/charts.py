"""Line charts of percentages laid out on the server for an inline SVG: the
pages' content security policy allows no script and no inline style, so the
templates draw what these values place.  The review's accuracy trend and the
game review's chance to win are both one.

>>> chart = PercentChart.lay_out([ChartPoint("Mon", 0.25), ChartPoint("Tue", 1.0)], width=300, height=140)
>>> [(p.label, p.percent, p.y) for p in chart.points]
[('Mon', 25, 78.75), ('Tue', 100, 15.0)]
>>> chart.polyline
'66.0,78.8 264.0,15.0'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence, TypeVar

#: Room around the plot for the axis labels: left, top, right, bottom.
MARGINS = (66, 15, 36, 40)

_Chart = TypeVar("_Chart", bound="PercentChart")


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """One point of a chart: what it says and, once laid out, where it is drawn."""

    label: str
    #: the value, from 0 to 1
    fraction: float
    #: the answers behind it (the review's trend)
    attempts: int = 0
    #: the first point of a deal (the game's chance to win)
    deal_start: bool = False
    x: float = 0.0
    y: float = 0.0

    @property
    def percent(self) -> int:
        return round(100 * self.fraction)


@dataclass(frozen=True, slots=True)
class PercentChart:
    """Percentages from 0 to 100 along a line, left to right, one point per value."""

    width: int
    height: int
    left: int
    top: int
    plot_width: int
    plot_height: int
    points: tuple[ChartPoint, ...]

    @classmethod
    def lay_out(
        cls: type[_Chart], points: Sequence[ChartPoint], width: int, height: int,
        margins: tuple[int, int, int, int] = MARGINS,
    ) -> _Chart:
        """Place the points evenly across the plot; a single point sits in the middle."""
        left, top, right, bottom = margins
        plot_width, plot_height = width - left - right, height - top - bottom
        step = plot_width / max(len(points) - 1, 1)
        placed = tuple(
            replace(
                point,
                x=left + (i * step if len(points) > 1 else plot_width / 2),
                y=top + plot_height * (1 - point.fraction),
            )
            for i, point in enumerate(points)
        )
        return cls(width, height, left, top, plot_width, plot_height, placed)

    @property
    def polyline(self) -> str:
        """The points as an SVG polyline's ``points`` attribute."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    def y_of(self, percent: int) -> float:
        """Where a gridline at ``percent`` is drawn."""
        return self.top + self.plot_height * (1 - percent / 100)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a :class:`LinesChart`: its name (for the legend) and its points, laid out."""

    name: str
    points: tuple[ChartPoint, ...]
    #: Which of the page's line styles draws it (0, 1, 2...).
    style: int = 0

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


@dataclass(frozen=True, slots=True)
class LinesChart:
    """Several lines of values from 0 to ``top`` over the same steps, left to right
    (the long-term points per deal: hands, cribs, pegging).

    >>> chart = LinesChart.lay_out({"hand": [4.0, 8.0], "crib": [2.0, 4.0]}, ("1", "2"), width=300, height=140)
    >>> chart.top, [p.y for p in chart.lines[0].points], chart.ticks
    (8, [57.5, 15.0], (0, 4, 8))
    """

    width: int
    height: int
    left: int
    top_margin: int
    plot_width: int
    plot_height: int
    #: The value at the top of the plot (a whole number, even).
    top: int
    lines: tuple[Line, ...]

    @classmethod
    def lay_out(cls, series: Mapping[str, Sequence[float]], labels: Sequence[str], width: int, height: int,
                margins: tuple[int, int, int, int] = MARGINS) -> "LinesChart":
        """Place each series (all as long as ``labels``) on one scale, from 0 to the largest value rounded up."""
        largest = max((value for values in series.values() for value in values), default=0.0)
        top = max(2, int(-(-largest // 2) * 2))
        lines = []
        for style, (name, values) in enumerate(series.items()):
            points = [ChartPoint(label, value / top) for label, value in zip(labels, values)]
            laid = PercentChart.lay_out(points, width, height, margins)
            lines.append(Line(name, laid.points, style))
        left, top_margin, right, bottom = margins
        return cls(width, height, left, top_margin, width - left - right, height - top_margin - bottom, top,
                   tuple(lines))

    @property
    def ticks(self) -> tuple[int, ...]:
        """The values the gridlines mark: 0, half way and the top."""
        return (0, self.top // 2, self.top)

    def y_of(self, value: float) -> float:
        return self.top_margin + self.plot_height * (1 - value / self.top)
