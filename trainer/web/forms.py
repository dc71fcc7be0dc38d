"""Form helpers shared by the drill blueprints: reading numbers a learner typed.

Every form is a :class:`flask_wtf.FlaskForm`, so it carries a CSRF token;
numbers are read by :func:`read_points`, which turns bad input into a
message for the learner instead of an error.

>>> read_points(" 12 ", "your total")
12
>>> read_points("twelve", "your total")
Traceback (most recent call last):
...
trainer.web.forms.BadAnswer: Type your total as a number, like 12.
"""

from __future__ import annotations

from flask_wtf import FlaskForm

#: No hand or crib scores more than 29; no card in the play more than 12 + 2 + 5.
MAX_POINTS = 29


class BadAnswer(ValueError):
    """An answer that is not a usable number; the message is for the learner."""


def read_points(raw: object, what: str, *, maximum: int = MAX_POINTS, blank: int | None = None) -> int:
    """A whole number from 0 to ``maximum``; ``blank`` is used for an empty field if given."""
    text = str(raw if raw is not None else "").strip()
    if not text:
        if blank is not None:
            return blank
        raise BadAnswer(f"Type {what} as a number, like 12.")
    sign = text[0] in "+-"
    if not (text[1:] if sign else text).isdecimal() or len(text) > 12:
        raise BadAnswer(f"Type {what} as a number, like 12.")
    value = int(text)
    if value < 0:
        raise BadAnswer(f"{what[0].upper()}{what[1:]} cannot be negative.")
    if value > maximum:
        raise BadAnswer(f"{what[0].upper()}{what[1:]} cannot be more than {maximum}: check your count.")
    return value


class PostForm(FlaskForm):
    """A form with nothing but its CSRF token: the fields are read by hand."""
