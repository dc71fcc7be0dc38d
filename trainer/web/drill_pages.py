"""Steps the drill pages share: the random source for dealing, answering a
drill (through :mod:`trainer.practice`, with the learner's message), and the
look-ups of the current learner's open drills and answered attempts, each
flashing the learner's message when there is nothing to show.

A drill's page, its answer and its result page all go through these, so every
drill says the same thing for a drill answered twice, someone else's drill or
result, or a result recorded in a shape the page cannot show.
"""

from __future__ import annotations

import random
from typing import Callable

from flask import current_app, flash, g

from trainer import practice, record
from trainer.record import AttemptInfo, DrillKind, NewAttempt, PendingDrill

#: What reading an attempt recorded by another feature, in its own shape, raises.
UNREADABLE = (KeyError, TypeError, ValueError)


def drill_rng() -> random.Random:
    """The random source for dealing a drill: seeded by ``DRILL_SEED`` when set (tests)."""
    seed = current_app.config.get("DRILL_SEED")
    return random.Random(seed) if seed is not None else random.Random()


def open_drill(drill_id: str, kind: DrillKind, what: str) -> PendingDrill | None:
    """The learner's unanswered drill of this kind (``what``: "hand", "deal",
    "question", as the message names it), or None with a message."""
    pending = record.pending_drill(drill_id, g.learner.id, kind)
    if pending is None:
        flash(f"That {what} is not open any more (it was answered, or it is not yours). Here is a new one.", "error")
    return pending


def answer(drill_id: str, what: str, grade: Callable[[], NewAttempt]) -> int | None:
    """Close the drill, grade and record the learner's answer in one commit
    (:func:`trainer.practice.answer_drill`): the attempt's id, or None with a
    message when the drill was answered already (another tab, a double submit)."""
    attempt_id = practice.answer_drill(g.learner.id, drill_id, grade)
    if attempt_id is None:
        flash(f"That {what} was already answered.", "info")
    return attempt_id


def own_result(attempt_id: int, kind: DrillKind) -> AttemptInfo | None:
    """The learner's attempt of this kind, or None with a message."""
    attempt = record.attempt_by_id(attempt_id, g.learner.id)
    if attempt is None or attempt.kind is not kind:
        flash("There is no such result of yours.", "error")
        return None
    return attempt


def unreadable_result() -> None:
    """Tell the learner that a result (caught as :data:`UNREADABLE`) cannot be shown here."""
    flash("That result was recorded in a form this page cannot show.", "error")
