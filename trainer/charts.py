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
from typing import Sequence, TypeVar

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
