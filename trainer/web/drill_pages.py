"""Steps the drill pages share: the random source for dealing, answering a
drill (through :mod:`trainer.practice`, with the learner's message), and the
look-ups of the current learner's open drills and answered attempts, each
flashing the learner's message when there is nothing to show (or, for a result,
nothing it can show).

A drill's page, its answer and its result page all go through these, so every
drill says the same thing for a drill answered twice, someone else's drill or
result, or a result recorded in a shape the page cannot show.
"""

from __future__ import annotations

import random
import threading
from typing import Any, Callable

from flask import current_app, flash, g, redirect, url_for
from werkzeug.wrappers.response import Response

from trainer import practice
from trainer.drills.answers import DrillAnswer
from trainer.drills.deal import Deal
from trainer.language.i18n import N_
from trainer.language.i18n import gettext as _
from trainer.rating.placement import Placement, placement_deal, placement_for
from trainer.rating.skills import skill_of
from trainer.record import history, pending_drills
from trainer.record.attempts import AttemptInfo, DrillKind
from trainer.record.pending_drills import PendingDrill
from trainer.web.forms import BadAnswer

#: What reading an attempt recorded by another feature, in its own shape, raises.
UNREADABLE = (KeyError, TypeError, ValueError)

_HAND_NOT_OPEN = N_("That hand is not open any more (it was answered, or it is not yours). Here is a new one.")
_DEAL_NOT_OPEN = N_("That deal is not open any more (it was answered, or it is not yours). Here is a new one.")
_QUESTION_NOT_OPEN = N_("That question is not open any more (it was answered, or it is not yours). Here is a new one.")
#: What each kind of drill says of a drill that is not open any more (each a
#: whole sentence, as the catalog translates it: a hand, a deal, a question).
NOT_OPEN = {
    DrillKind.SHOW: _HAND_NOT_OPEN, DrillKind.DISCARD: _DEAL_NOT_OPEN,
    DrillKind.PEGGING: _QUESTION_NOT_OPEN, DrillKind.BEST_PLAY: _QUESTION_NOT_OPEN,
}
_QUESTION_ANSWERED = N_("That question was already answered.")
#: What each kind of drill says of a drill answered already.
ANSWERED = {
    DrillKind.SHOW: N_("That hand was already answered."), DrillKind.DISCARD: N_("That deal was already answered."),
    DrillKind.PEGGING: _QUESTION_ANSWERED, DrillKind.BEST_PLAY: _QUESTION_ANSWERED,
}


#: Where an app with ``DRILL_SEED`` keeps the generator its drills' seeds are drawn from.
_SEEDS = "crib_drill_seeds"
_SEEDS_LOCK = threading.Lock()


def drill_rng() -> random.Random:
    """The random source for dealing a drill: unseeded, or with ``DRILL_SEED`` set (tests)
    the next of a sequence that seed fixes.

    Each deal draws its own seed from one generator the app keeps for the
    ``DRILL_SEED`` it was made from, so the same requests deal the same drills
    every run, and a second drill is another deal (seeding every drill with
    ``DRILL_SEED`` itself dealt one deal over and over)."""
    seed = current_app.config.get("DRILL_SEED")
    if seed is None:
        return random.Random()
    with _SEEDS_LOCK:  # two requests dealing at once each draw a seed of their own
        kept = current_app.extensions.get(_SEEDS)
        if kept is None or kept[0] != seed:  # a test may set another seed on the same app
            kept = current_app.extensions[_SEEDS] = (seed, random.Random(seed))
        return random.Random(kept[1].getrandbits(64))


def placement_step(pending: PendingDrill, deal: Deal) -> Placement | None:
    """The placement, when answering this drill will be one of its deals (a first
    try, not a miss brought back, on a skill still placing): its page says which."""
    if pending.retry_of is not None:
        return None
    return placement_deal(g.learner.id, skill_of(pending.kind, deal))


def open_drill(drill_id: str, kind: DrillKind) -> PendingDrill | None:
    """The learner's unanswered drill of this kind, or None with a message
    (:data:`NOT_OPEN`: a hand, a deal or a question, as the kind names it)."""
    pending = pending_drills.pending_drill(drill_id, g.learner.id, kind)
    if pending is None:
        flash(_(NOT_OPEN[kind]), "error")
    return pending


def answered(pending: PendingDrill, given: DrillAnswer, *, result: str, again: str) -> Response:
    """Grade and record the learner's answer to ``pending`` in one commit
    (:func:`trainer.practice.answer_drill`) and go to its ``result`` page
    (an endpoint); or, when the drill was answered already (another tab, a
    double submit), say so (:data:`ANSWERED`) and go to ``again`` (a new drill's URL)."""
    attempt_id = practice.answer_drill(g.learner.id, pending, given)
    if attempt_id is None:
        flash(_(ANSWERED[pending.kind]), "info")
        return redirect(again)
    return redirect(url_for(result, attempt_id=attempt_id))


def refused(error: BadAnswer, back: str) -> Response:
    """Say what is wrong with an answer read from a form, and go ``back`` to the drill."""
    flash(str(error), "error")
    return redirect(back)


def own_result(attempt_id: int, kind: DrillKind) -> AttemptInfo | None:
    """The learner's attempt of this kind, or None with a message."""
    attempt = history.attempt_by_id(attempt_id, g.learner.id)
    if attempt is None or attempt.kind is not kind:
        flash(_("There is no such result of yours."), "error")
        return None
    return attempt


def result_page(attempt_id: int, kind: DrillKind, read: Callable[[AttemptInfo], dict[str, Any]]) -> dict[str, Any] | None:
    """What a result page shows of the learner's attempt of this kind: the
    ``attempt`` and what ``read`` gives from it (the deal, the verdict); or None
    with a message: no such result of theirs, or one recorded in a shape
    ``read`` cannot read (another feature's: ``read`` raises one of :data:`UNREADABLE`)."""
    attempt = own_result(attempt_id, kind)
    if attempt is None:
        return None
    try:
        return {"attempt": attempt, "placement": placement_for(g.learner.id)} | read(attempt)
    except UNREADABLE:
        flash(_("That result was recorded in a form this page cannot show."), "error")
        return None
