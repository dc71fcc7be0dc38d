"""The drills' workflow, for any front end: deal the learner's next drill and
answer it.

Dealing brings back a missed deal that is due for review before anything new
(:func:`trainer.drills.adaptive.review_deal`), otherwise deals afresh where the
learner is weakest, and stores the deal as the learner's one pending drill
row.  Answering closes that drill, grades the answer with :mod:`trainer.drills.grading`
and records it, all in one commit, so a double submit records once and a crash
records nothing half-way.  The web views only read the request into values,
call one of these and render.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable

from trainer import database
from trainer.drills import adaptive
from trainer.drills.deal import Deal, FocusKind, best_play_question, deal_discard, deal_show, pegging_moment, replay
from trainer.language.i18n import gettext as _
from trainer.record import attempts, history, pending_drills, stats
from trainer.record.attempts import DrillKind, NewAttempt


@dataclass(frozen=True, slots=True)
class Dealt:
    """A drill dealt to the learner: its kind, its id, and whether it is a missed deal brought back."""

    kind: DrillKind
    drill_id: str
    brought_back: bool


class CannotRetry(ValueError):
    """A retry the learner asked for that cannot be dealt; the message says why."""


def _deal(
    learner_id: int,
    kind: DrillKind,
    spacing: int | None,
    new_deal: Callable[[], Deal],
    payload: Callable[[Deal], dict[str, Any]],
) -> Dealt:
    """A review due (unless ``spacing`` is None) or ``new_deal()``, stored and committed."""
    due = adaptive.review_deal(learner_id, kind, spacing) if spacing is not None else None
    retry_of, deal = due if due is not None else (None, new_deal())
    drill_id = pending_drills.open_drill(learner_id, kind, payload(deal), retry_of=retry_of)
    database.commit()
    return Dealt(kind, drill_id, retry_of is not None)


def next_show(
    learner_id: int,
    rng: random.Random,
    *,
    crib: bool,
    focus: FocusKind | None,
    spacing: int,
    options: dict[str, Any],
) -> Dealt:
    """The next hand to count.  With no ``focus`` the adaptive dealer chooses
    one (after any review due); a chosen focus deals that kind straight away."""

    def new_deal() -> Deal:
        chosen = focus or adaptive.choose_focus(stats.learner_totals(learner_id, DrillKind.SHOW), rng)
        return deal_show(rng, crib=crib, focus=chosen)

    return _deal(
        learner_id, DrillKind.SHOW, spacing if focus is None else None, new_deal,
        lambda deal: {"deal": deal.to_dict(), "options": options, "claims": []},
    )


def next_pegging(learner_id: int, rng: random.Random, *, spacing: int) -> Dealt:
    """The next pegging moment to score, of the kind the learner misses most."""

    def new_deal() -> Deal:
        tag = adaptive.choose_peg_tag(stats.learner_totals(learner_id, DrillKind.PEGGING), rng)
        return pegging_moment(rng, tag)

    return _deal(learner_id, DrillKind.PEGGING, spacing, new_deal, lambda moment: {"moment": moment.to_dict()})


def next_discard(learner_id: int, rng: random.Random, *, dealer: bool | None, spacing: int) -> Dealt:
    """Six cards to discard from; a chosen seat (``dealer`` True or False) skips the review."""
    return _deal(
        learner_id, DrillKind.DISCARD, spacing if dealer is None else None,
        lambda: deal_discard(rng, dealer=dealer), lambda deal: {"deal": deal.to_dict()},
    )


def next_best_play(learner_id: int, rng: random.Random) -> Dealt:
    """A "which card is best?" question from a real deal played out."""
    return _deal(
        learner_id, DrillKind.BEST_PLAY, None, lambda: best_play_question(rng),
        lambda question: {"question": question.to_dict()},
    )


class ClaimsChange(StrEnum):
    """What became of a change to a count drill's claims."""

    SAVED = "saved"
    #: the drill was answered meanwhile (or is not the learner's)
    GONE = "gone"
    #: other changes kept landing first
    BUSY = "busy"


#: Tries at writing a claim while other claims of the same drill keep landing first.
CLAIM_TRIES = 5


def change_claims(learner_id: int, drill_id: str, change: Callable[[list[Any]], list[Any]]) -> ClaimsChange:
    """Write ``change(claims)`` over the count drill's claims as last read: when
    another change of the same drill lands first (two posts at once), read the
    drill again and apply the change to the claims as they now are, so neither
    is lost.  ``change`` may raise to refuse; nothing is then written."""
    for _try in range(CLAIM_TRIES):
        pending = pending_drills.pending_drill(drill_id, learner_id, DrillKind.SHOW)
        if pending is None:
            return ClaimsChange.GONE
        claims = change(list(pending.payload.get("claims", [])))
        if pending_drills.update_drill(pending.id, {**pending.payload, "claims": claims}, pending.version):
            database.commit()
            return ClaimsChange.SAVED
        database.rollback()
    return ClaimsChange.BUSY


def answer_drill(learner_id: int, drill_id: str, grade: Callable[[], NewAttempt]) -> int | None:
    """Close the learner's drill, grade the answer (``grade()``) and record it, in
    one commit: the attempt's id, or None, with nothing recorded, when the drill
    was answered already (another tab, a double submit: the first answer wins)."""
    if not pending_drills.close_drill(drill_id, learner_id):
        database.rollback()
        return None
    attempt_id = attempts.record_attempts(learner_id, [grade()])[0]
    database.commit()
    return attempt_id


def retry(learner_id: int, attempt_id: int) -> Dealt:
    """Deal one of the learner's attempts again, as a new drill linked to it
    (so answering it shows in the review as a retry).  Raises
    :class:`CannotRetry` for an attempt that is not theirs or cannot be dealt again."""
    attempt = history.attempt_by_id(attempt_id, learner_id)
    if attempt is None:
        raise CannotRetry(_("There is no such mistake of yours to retry."))
    if replay(attempt.kind, attempt.dealt) is None:
        raise CannotRetry(_("That one cannot be dealt again."))
    payload = dict(attempt.dealt)
    if attempt.kind is DrillKind.SHOW:
        payload["claims"] = []
    drill_id = pending_drills.open_drill(learner_id, attempt.kind, payload, retry_of=attempt.id)
    database.commit()
    return Dealt(attempt.kind, drill_id, True)
