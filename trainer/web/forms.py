"""Form helpers shared by the drill blueprints: reading numbers a learner typed.

Every form is a :class:`flask_wtf.FlaskForm`, so it carries a CSRF token;
numbers are read by :func:`read_points`, which turns bad input into a
message for the learner instead of an error.  Each number a drill asks for
is a :class:`NumberField`: its messages are whole sentences, so each is
translated as one (Russian words "your total" and "the count" differently
in each sentence).

>>> read_points(" 12 ", YOUR_TOTAL)
12
>>> read_points("twelve", YOUR_TOTAL)
Traceback (most recent call last):
...
trainer.web.forms.BadAnswer: Type your total as a number, like 12.
>>> read_points("40", THE_COUNT, maximum=31)
Traceback (most recent call last):
...
trainer.web.forms.BadAnswer: The count cannot be more than 31: check your count.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_wtf import FlaskForm

from engine.scoring import ScoreKind
from trainer.language.i18n import N_, gettext

#: No hand or crib scores more than 29; no card in the play more than 12 + 2 + 5.
MAX_POINTS = 29


class BadAnswer(ValueError):
    """An answer that is not a usable number; the message is for the learner."""


@dataclass(frozen=True, slots=True)
class NumberField:
    """A number a learner types, as the messages for each way it can be wrong
    name it (marked for the catalog, translated when one is raised):
    ``too_many`` has the placeholder ``%(maximum)d``."""

    not_a_number: str
    negative: str
    too_many: str


YOUR_TOTAL = NumberField(
    N_("Type your total as a number, like 12."),
    N_("Your total cannot be negative."),
    N_("Your total cannot be more than %(maximum)d: check your count."),
)
THE_COUNT = NumberField(
    N_("Type the count as a number, like 12."),
    N_("The count cannot be negative."),
    N_("The count cannot be more than %(maximum)d: check your count."),
)
THE_POINTS = NumberField(
    N_("Type the points as a number, like 12."),
    N_("The points cannot be negative."),
    N_("The points cannot be more than %(maximum)d: check your count."),
)
#: The points for each category of the show, answered per category.
CATEGORY_POINTS = {
    ScoreKind.FIFTEEN: NumberField(
        N_("Type the points for fifteens as a number, like 12."),
        N_("The points for fifteens cannot be negative."),
        N_("The points for fifteens cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.PAIR: NumberField(
        N_("Type the points for pairs as a number, like 12."),
        N_("The points for pairs cannot be negative."),
        N_("The points for pairs cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.RUN: NumberField(
        N_("Type the points for runs as a number, like 12."),
        N_("The points for runs cannot be negative."),
        N_("The points for runs cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.FLUSH: NumberField(
        N_("Type the points for the flush as a number, like 12."),
        N_("The points for the flush cannot be negative."),
        N_("The points for the flush cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.NOBS: NumberField(
        N_("Type the points for nobs as a number, like 12."),
        N_("The points for nobs cannot be negative."),
        N_("The points for nobs cannot be more than %(maximum)d: check your count."),
    ),
}


def read_points(raw: object, field: NumberField, *, maximum: int = MAX_POINTS, blank: int | None = None) -> int:
    """A whole number from 0 to ``maximum``; ``blank`` is used for an empty field if given.
    :class:`BadAnswer` with ``field``'s message, in the learner's language, otherwise."""
    text = str(raw if raw is not None else "").strip()
    if not text:
        if blank is not None:
            return blank
        raise BadAnswer(gettext(field.not_a_number))
    sign = text[0] in "+-"
    if not (text[1:] if sign else text).isdecimal() or len(text) > 12:
        raise BadAnswer(gettext(field.not_a_number))
    value = int(text)
    if value < 0:
        raise BadAnswer(gettext(field.negative))
    if value > maximum:
        raise BadAnswer(gettext(field.too_many, maximum=maximum))
    return value


class PostForm(FlaskForm):
    """A form with nothing but its CSRF token: the fields are read by hand."""
