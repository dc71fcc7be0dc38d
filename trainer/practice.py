"""The learner's practice, for any front end: deal the next drill and answer it.

It joins the drills (:mod:`trainer.drills`) to the learner's ratings and memory
(:mod:`trainer.rating`), so it stands above both.  Dealing follows a
:class:`Policy`; the product's, :attr:`Policy.CURRENT`, brings back a missed
deal that FSRS says is due (:func:`trainer.rating.memory.due_deals`) within a
budget (:data:`REVIEW_EVERY`: reviews interleaved with new material, never
all first); otherwise it deals a few candidates as the adaptive dealer would
(where the learner is weakest), half the time keeps those holding the combo
type whose misses cost the learner most
(:func:`trainer.rating.dealing.weakest_type`), and picks the one whose rating
gives the learner the target chance of success
(:func:`trainer.rating.dealing.pick_deal`; a discard or a best card only while
placing: after it they are dealt as a game deals them, as simulated learners
learnt the discard slower when the level chose it), never one the check-up reserves
(:func:`trainer.checkup.bank.is_reserved`).  It stores the deal as the
learner's one pending drill row.  Answering (:func:`answer_drill`, with an
answer of :mod:`trainer.drills.answers`) grades the answer with
:mod:`trainer.drills.grading`, closes the drill, records the attempt and
rates it (:func:`trainer.rating.answers.rate_attempt`), all in one commit, so
a double submit records once and a crash records nothing half-way.  The web
views only read the request into values, call one of these and render.
``bench/simulated_learners.py`` drives these same functions to judge the
policies on simulated learners.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Callable, Iterable

from trainer import database
from trainer.checkup import bank
from trainer.drills import adaptive, grading
from trainer.drills.answers import BestCard, ByCategory, Claims, DrillAnswer, LaidAway, PegPoints, ShowOptions, Total
from trainer.drills.checking import Claim
from trainer.drills.deal import (
    BestPlayQuestion,
    Deal,
    DiscardDeal,
    PeggingMoment,
    ShowDeal,
    best_play_question,
    deal_discard,
    deal_show,
    pegging_moment,
    replay,
)
from trainer.language.i18n import gettext as _
from trainer.rating import answers, dealing, memory, placement, ratings
from trainer.rating.skills import Skill, combo_types_of, deal_key
from trainer.record import attempts, history, pending_drills, stats
from trainer.record.attempts import DrillKind, NewAttempt
from trainer.record.pending_drills import PendingDrill
from trainer.record.stats import LearnerStats

#: Candidate deals dealt for the rating to choose among (dealing eight costs a few milliseconds).
CANDIDATES = 8
#: How much more likely a candidate holding a combo type FSRS says is due is to be dealt.
DUE_TYPE_BOOST = 2.0
#: Under the adaptive policy a missed deal comes back after this many other answers.
ADAPTIVE_SPACING = 5
#: The review budget: a missed deal due comes back only when none of the learner's
#: last ``REVIEW_EVERY - 1`` answers was one, so reviews are at most one answer in
#: four, interleaved with new material rather than all first (when they were all
#: first they made four answers in five, and a learner met little that was new).
REVIEW_EVERY = 4
#: Of the fresh candidates, how many the adaptive dealer's focus draws (the rest are
#: plain deals, as a game deals them: the kinds of hand a learner will meet, in the
#: proportions they will meet them, and far cheaper to deal than a rare focus).
FOCUSED_CANDIDATES = 2
#: How often a fresh deal is chosen among the candidates holding the learner's
#: weakest combo type (when any does), nearest the target among them: the weak
#: type is dealt at its own level, where weighting alone let the level pick
#: drown it (a deal the learner has a 35% chance on weighed e^-16 at a 75% target).
FOCUS_SHARE = 0.5


class Policy(StrEnum):
    """How the drills choose a learner's next deal.  The product deals by
    :attr:`CURRENT`; the other two are kept runnable so that
    ``bench/simulated_learners.py`` can judge it against them on the same learners."""

    #: plain random deals, nothing brought back
    RANDOM = "random"
    #: the dealer before ratings: focus kinds drawn by the learner's error rates
    #: (:mod:`trainer.drills.adaptive`), a miss back after :data:`ADAPTIVE_SPACING` other answers
    ADAPTIVE = "adaptive"
    #: ratings and memory: due misses within a budget, candidates near the learner's level
    CURRENT = "current"


@dataclass(frozen=True, slots=True)
class Dealt:
    """A drill dealt to the learner: its kind, its id, and whether it is a missed deal brought back."""

    kind: DrillKind
    drill_id: str
    brought_back: bool


class CannotRetry(ValueError):
    """A retry the learner asked for that cannot be dealt; the message says why."""


def _replayable(kind: DrillKind, due: Iterable[tuple[int | None, dict[str, Any]]]) -> tuple[int | None, Deal] | None:
    """The first of ``due`` (an attempt id and what it dealt) that can be dealt again."""
    for attempt_id, dealt in due:
        deal = replay(kind, dealt)
        if deal is not None:
            return attempt_id, deal
    return None


def _due(learner_id: int, kind: DrillKind, policy: Policy) -> tuple[int | None, Deal] | None:
    """The missed deal of ``kind`` to bring back now under ``policy``, if any: the
    FSRS card due longest (current), or the oldest miss :data:`ADAPTIVE_SPACING`
    answers back (adaptive)."""
    match policy:
        case Policy.CURRENT:
            if history.retries_among_latest(learner_id, REVIEW_EVERY - 1):
                return None
            return _replayable(kind, ((due.attempt_id, due.dealt)
                                      for due in memory.due_deals(learner_id, kind, database.utcnow())))
        case Policy.ADAPTIVE:
            return _replayable(kind, history.review_candidates(learner_id, kind, ADAPTIVE_SPACING))
    return None


def _at_level(learner_id: int, kind: DrillKind, skill: Skill, rng: random.Random,
              plain: Callable[[], Deal], target: float, focused: Callable[[LearnerStats], Deal] | None = None) -> Deal:
    """One of :data:`CANDIDATES` fresh deals and a few from the shared pool of rated
    deals (:func:`trainer.rating.dealing.pool_deals`), picked near the learner's
    level.  The fresh ones are ``plain`` deals, as a game deals them, but for
    :data:`FOCUSED_CANDIDATES` drawn by ``focused`` (the adaptive dealer's focus, given
    the learner's tallies, read once), so a rare kind the learner misses can turn up."""
    aim = dealing.aim_for(learner_id, skill, target)
    totals = stats.learner_totals(learner_id, kind)
    fresh = [focused(totals) if focused is not None and i < FOCUSED_CANDIDATES else plain() for i in range(CANDIDATES)]
    candidates = fresh + dealing.pool_deals(learner_id, kind, skill, aim)
    due_types = set(memory.due_combo_types(learner_id, kind, database.utcnow()))
    weights = [
        weight * (DUE_TYPE_BOOST if due_types & set(combo_types_of(deal)) else 1.0)
        for deal, weight in zip(candidates, dealing.deal_weights(candidates, totals))
    ]
    weakest = dealing.weakest_type(candidates, totals, due_types)
    if weakest is not None and rng.random() < FOCUS_SHARE:
        holding = [i for i, deal in enumerate(candidates) if weakest in combo_types_of(deal)]
        candidates, weights = [candidates[i] for i in holding], [weights[i] for i in holding]
    return dealing.pick_deal(learner_id, skill, candidates, rng, weights=weights, target=target, aim=aim).deal


#: Fresh deals drawn, at most, to find one the check-up has not reserved (one is almost always enough).
RESERVED_TRIES = 20


def _unreserved(new_deal: Callable[[], Deal]) -> Deal:
    """A deal from ``new_deal`` that is none of the check-up's deals
    (:func:`trainer.checkup.bank.is_reserved`): they stay unseen until the check-up."""
    deal = new_deal()
    for _try in range(RESERVED_TRIES):
        if not bank.is_reserved(deal_key(deal)):
            break
        deal = new_deal()
    return deal


def _deal(
    learner_id: int,
    kind: DrillKind,
    policy: Policy | None,
    new_deal: Callable[[], Deal],
    payload: Callable[[Deal], dict[str, Any]],
) -> Dealt:
    """A missed deal due under ``policy`` (None: nothing brought back) or ``new_deal()``, stored and committed."""
    due = _due(learner_id, kind, policy) if policy is not None else None
    retry_of, deal = due if due is not None else (None, _unreserved(new_deal))
    drill_id = pending_drills.open_drill(learner_id, kind, payload(deal), retry_of=retry_of)
    database.commit()
    return Dealt(kind, drill_id, due is not None)


def next_show(
    learner_id: int,
    rng: random.Random,
    *,
    options: ShowOptions,
    target: float = placement.TARGET_CHANCE,
    policy: Policy = Policy.CURRENT,
) -> Dealt:
    """The next hand to count, as ``options`` ask for it.  With no focus, after any
    miss due, a hand as ``policy`` deals it (current: the adaptive dealer's
    candidates near the learner's level); a chosen focus deals that kind straight away."""
    skill = Skill.COUNT_CRIB if options.crib else Skill.COUNT_HAND

    def adaptive_deal(totals: LearnerStats) -> Deal:
        return deal_show(rng, crib=options.crib, focus=adaptive.choose_focus(totals, rng))

    def new_deal() -> Deal:
        if options.focus is not None:
            return deal_show(rng, crib=options.crib, focus=options.focus)
        match policy:
            case Policy.RANDOM:
                return deal_show(rng, crib=options.crib)
            case Policy.ADAPTIVE:
                return adaptive_deal(stats.learner_totals(learner_id, DrillKind.SHOW))
        return _at_level(learner_id, DrillKind.SHOW, skill, rng, lambda: deal_show(rng, crib=options.crib), target,
                         adaptive_deal)

    def payload(deal: Deal) -> dict[str, Any]:
        # a miss brought back may be a crib when a hand was asked for: the page says which it is
        crib = deal.crib if isinstance(deal, ShowDeal) else options.crib
        return {"deal": deal.to_dict(), "options": replace(options, crib=crib).to_dict(), "claims": []}

    return _deal(learner_id, DrillKind.SHOW, policy if options.focus is None else None, new_deal, payload)


def next_pegging(learner_id: int, rng: random.Random, *, target: float = placement.TARGET_CHANCE,
                 policy: Policy = Policy.CURRENT) -> Dealt:
    """The next pegging moment to score: a miss due, or a moment as ``policy``
    deals it (current: the kinds the learner misses most, near their level)."""

    def adaptive_deal(totals: LearnerStats) -> Deal:
        return pegging_moment(rng, adaptive.choose_peg_tag(totals, rng))

    def new_deal() -> Deal:
        match policy:
            case Policy.RANDOM:
                return pegging_moment(rng, None)
            case Policy.ADAPTIVE:
                return adaptive_deal(stats.learner_totals(learner_id, DrillKind.PEGGING))
        return _at_level(learner_id, DrillKind.PEGGING, Skill.PEGGING, rng, lambda: pegging_moment(rng, None), target,
                         adaptive_deal)

    return _deal(learner_id, DrillKind.PEGGING, policy, new_deal, lambda moment: {"moment": moment.to_dict()})


def _placing(learner_id: int, skill: Skill) -> bool:
    """Whether the learner's next answer on ``skill`` is a placement deal (dealt where their chance is even)."""
    return placement.in_placement(ratings.learner_ratings(learner_id), skill)


def next_discard(
    learner_id: int, rng: random.Random, *, dealer: bool | None, target: float = placement.TARGET_CHANCE,
    policy: Policy = Policy.CURRENT,
) -> Dealt:
    """Six cards to discard from: a miss due, or six as a game deals them (near the
    learner's level while placing); a chosen seat (``dealer`` True or False) skips the review."""
    if dealer is not None:
        return _deal(learner_id, DrillKind.DISCARD, None, lambda: deal_discard(rng, dealer=dealer),
                     lambda deal: {"deal": deal.to_dict()})

    def new_deal() -> Deal:
        if policy is Policy.CURRENT and _placing(learner_id, Skill.DISCARD):
            return _at_level(learner_id, DrillKind.DISCARD, Skill.DISCARD, rng, lambda: deal_discard(rng), target)
        return deal_discard(rng)

    return _deal(learner_id, DrillKind.DISCARD, policy, new_deal, lambda deal: {"deal": deal.to_dict()})


def next_best_play(learner_id: int, rng: random.Random, *, target: float = placement.TARGET_CHANCE,
                   policy: Policy = Policy.CURRENT) -> Dealt:
    """A "which card is best?" question from a real deal played out: a miss due,
    or one from a game's deal (current: near the learner's level while placing)."""

    def new_deal() -> Deal:
        if policy is Policy.CURRENT and _placing(learner_id, Skill.BEST_CARD):
            return _at_level(learner_id, DrillKind.BEST_PLAY, Skill.BEST_CARD, rng,
                             lambda: best_play_question(rng), target)
        return best_play_question(rng)

    return _deal(learner_id, DrillKind.BEST_PLAY, policy, new_deal, lambda question: {"question": question.to_dict()})


@dataclass(frozen=True, slots=True)
class ShowDrill:
    """An open count drill as its page shows it: the deal, the options it was
    dealt with, and the claims made so far."""

    deal: ShowDeal
    options: ShowOptions
    claims: Claims


def show_drill(pending: PendingDrill) -> ShowDrill:
    """The open count drill ``pending`` read back."""
    payload = pending.payload
    return ShowDrill(
        ShowDeal.from_dict(payload["deal"]),
        ShowOptions.from_dict(payload.get("options")),
        Claims.from_stored(payload.get("claims", [])),
    )


#: Claims kept per drill: far more than any hand holds (a 29 has 14 combos).
MAX_CLAIMS = 40


@dataclass(frozen=True, slots=True)
class AddClaim:
    """A claim added to the end of a count drill's claims."""

    claim: Claim


@dataclass(frozen=True, slots=True)
class RemoveClaim:
    """The claim taken back from a count drill's claims, by its place (from 0)."""

    index: int


class ClaimsChange(StrEnum):
    """What became of a change to a count drill's claims."""

    SAVED = "saved"
    #: the drill was answered meanwhile (or is not the learner's)
    GONE = "gone"
    #: other changes kept landing first
    BUSY = "busy"
    #: the drill holds :data:`MAX_CLAIMS` claims already
    TOO_MANY = "too many"
    #: there is no claim at that place to take back
    NO_SUCH_CLAIM = "no such claim"


#: Tries at writing a claim while other claims of the same drill keep landing first.
CLAIM_TRIES = 5


def _changed(claims: Claims, change: AddClaim | RemoveClaim) -> Claims | ClaimsChange:
    """The claims with ``change`` made, or why it cannot be made."""
    match change:
        case AddClaim(claim):
            return ClaimsChange.TOO_MANY if len(claims.claims) >= MAX_CLAIMS else claims.added(claim)
        case RemoveClaim(index):
            return claims.removed(index) if 0 <= index < len(claims.claims) else ClaimsChange.NO_SUCH_CLAIM


def change_claims(learner_id: int, drill_id: str, change: AddClaim | RemoveClaim) -> ClaimsChange:
    """Make ``change`` to the count drill's claims as last read: when another
    change of the same drill lands first (two posts at once), read the drill
    again and make the change to the claims as they now are, so neither is
    lost.  A change refused (:attr:`ClaimsChange.TOO_MANY`, :attr:`ClaimsChange.NO_SUCH_CLAIM`)
    writes nothing."""
    for _try in range(CLAIM_TRIES):
        pending = pending_drills.pending_drill(drill_id, learner_id, DrillKind.SHOW)
        if pending is None:
            return ClaimsChange.GONE
        changed = _changed(Claims.from_stored(pending.payload.get("claims", [])), change)
        if isinstance(changed, ClaimsChange):
            database.rollback()
            return changed
        if pending_drills.update_drill(pending.id, {**pending.payload, "claims": changed.stored()}, pending.version):
            database.commit()
            return ClaimsChange.SAVED
        database.rollback()
    return ClaimsChange.BUSY


def _seconds(pending: PendingDrill) -> float:
    """How long the learner took over the drill, to the tenth of a second."""
    return round((database.utcnow() - pending.created_at).total_seconds(), 1)


def _graded(pending: PendingDrill, given: DrillAnswer) -> NewAttempt:
    """The attempt ``given`` makes of the open drill ``pending``; ``ValueError``
    for an answer that does not answer it."""
    retry_of = pending.retry_of
    match replay(pending.kind, pending.payload), given:
        case ShowDeal() as deal, Total() | ByCategory() | Claims():
            options = ShowOptions.from_dict(pending.payload.get("options"))
            seconds = _seconds(pending) if options.timed else None
            return grading.grade_show(deal, options, given, seconds=seconds, retry_of=retry_of).attempt
        case PeggingMoment() as moment, PegPoints():
            return grading.grade_pegging(moment, given, retry_of=retry_of).attempt
        case DiscardDeal() as deal, LaidAway():
            return grading.grade_discard(deal, given, retry_of=retry_of).attempt
        case BestPlayQuestion() as question, BestCard():
            return grading.grade_best_play(question, given, retry_of=retry_of).attempt
    raise ValueError(f"{given!r} does not answer a {pending.kind.value} drill")


def answer_drill(learner_id: int, pending: PendingDrill, given: DrillAnswer) -> int | None:
    """Grade the learner's answer to their open drill ``pending``, close the drill
    and record the attempt, in one commit: the attempt's id, or None, with
    nothing recorded, when the drill was answered already (another tab, a
    double submit: the first answer wins).  ``ValueError``, with nothing
    changed, for an answer that does not answer the drill (two cards not of the
    six, a card that may not be played).  Every answer records its time from
    dealing (``elapsed``); a timed count's ``seconds`` alone count for speed."""
    attempt = replace(_graded(pending, given), elapsed=_seconds(pending))
    if not pending_drills.close_drill(pending.id, learner_id):
        database.rollback()
        return None
    attempt_id = attempts.record_attempts(learner_id, [attempt])[0]
    answers.rate_attempt(learner_id, attempt, attempt_id)
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
