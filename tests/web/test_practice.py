"""The drills' workflow service (trainer.practice), against a real database:
what the drill views call, without a request."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from sqlalchemy import select

from engine.cards import Card
from trainer import database, practice
from trainer.database import db
from trainer.drills import grading
from trainer.drills.answers import BestCard, Claims, LaidAway, PegPoints, ShowOptions, Total
from trainer.drills.checking import AnswerMode, Claim
from trainer.drills.deal import DiscardDeal, FocusKind, PeggingMoment, ShowDeal, deal_discard, pegging_moment
from trainer.rating import dealing, ratings
from trainer.rating.glicko2 import rating_for_chance
from trainer.rating.models import DealMet, DealRating, LearnerRating, ReviewCard
from trainer.rating.placement import TARGET_CHANCE
from trainer.rating.skills import Skill, combo_types_of, deal_key, deal_payload
from trainer.record import history, learners, pending_drills, stats
from trainer.record.attempts import DrillKind


def pending_of(learner_id: int, dealt: practice.Dealt) -> pending_drills.PendingDrill:
    pending = pending_drills.pending_drill(dealt.drill_id, learner_id, dealt.kind)
    assert pending is not None
    return pending


def wrong_answer(pending: pending_drills.PendingDrill) -> PegPoints:
    """An answer off by one point: always wrong, whatever the moment is worth."""
    moment = PeggingMoment.from_dict(pending.payload["moment"])
    return PegPoints(moment.points + 1, moment.play().count)


@pytest.fixture
def ann(app):
    with app.app_context():
        learner = learners.learner_by_name("Ann", create=True)
        database.commit()
        yield learner.id


def test_a_drill_answered_twice_is_recorded_once(app, ann):
    dealt = practice.next_pegging(ann, random.Random(1))
    pending = pending_of(ann, dealt)
    assert not dealt.brought_back
    first = practice.answer_drill(ann, pending, wrong_answer(pending))
    second = practice.answer_drill(ann, pending, wrong_answer(pending))
    assert first is not None and second is None
    assert len(history.history(ann, limit=10)) == 1


def time_passes(learner_id: int, minutes: int) -> None:
    """Move the learner's FSRS cards ``minutes`` nearer their due dates, as if that time had passed."""
    for card in db.session.scalars(select(ReviewCard).where(ReviewCard.learner_id == learner_id)):
        card.due -= timedelta(minutes=minutes)
    database.commit()


def test_a_missed_deal_comes_back_when_fsrs_says_it_is_due_before_a_new_one(app, ann):
    dealt = practice.next_pegging(ann, random.Random(2))
    pending = pending_of(ann, dealt)
    missed = practice.answer_drill(ann, pending, wrong_answer(pending))
    assert not practice.next_pegging(ann, random.Random(3)).brought_back  # not due for minutes yet
    time_passes(ann, 11)
    again = practice.next_pegging(ann, random.Random(3))
    assert again.brought_back
    brought = pending_of(ann, again)
    assert brought.retry_of == missed and brought.payload["moment"] == pending.payload["moment"]


def right_answer(pending: pending_drills.PendingDrill) -> PegPoints:
    moment = PeggingMoment.from_dict(pending.payload["moment"])
    return PegPoints(moment.points, moment.play().count)


def test_reviews_keep_to_their_budget_interleaved_with_new_deals(app, ann):
    """Four misses all due: they come back one answer in REVIEW_EVERY, not all first."""
    for seed in range(4):
        pending = pending_of(ann, practice.next_pegging(ann, random.Random(seed)))
        practice.answer_drill(ann, pending, wrong_answer(pending))
    time_passes(ann, 60)
    brought_back = []
    for seed in range(10, 19):
        dealt = practice.next_pegging(ann, random.Random(seed))
        brought_back.append(dealt.brought_back)
        practice.answer_drill(ann, pending_of(ann, dealt), right_answer(pending_of(ann, dealt)))
    assert brought_back == [i % practice.REVIEW_EVERY == 0 for i in range(9)]


def test_a_chosen_seat_skips_the_review(app, ann):
    dealt = practice.next_discard(ann, random.Random(4), dealer=None)
    pending = pending_of(ann, dealt)
    deal = DiscardDeal.from_dict(pending.payload["deal"])
    worst = grading.judge_discard(deal, LaidAway(deal.cards[:2])).options[-1]
    assert practice.answer_drill(ann, pending, LaidAway(worst.discard))
    time_passes(ann, 60 * 24)
    assert not practice.next_discard(ann, random.Random(5), dealer=True).brought_back


@pytest.mark.parametrize("given", [Total(3), PegPoints(0, 5), LaidAway(()), BestCard(Card.parse("5H"))])
def test_an_answer_of_another_drill_is_refused_and_changes_nothing(app, ann, given):
    """The service grades an answer by its type against the drill's kind: a count
    answer to a discard (or a pick of no cards) records nothing and leaves the drill open."""
    dealt = practice.next_discard(ann, random.Random(7), dealer=True)
    with pytest.raises(ValueError):
        practice.answer_drill(ann, pending_of(ann, dealt), given)
    assert history.history(ann) == () and pending_of(ann, dealt) is not None


def test_a_timed_count_records_the_seconds_taken_and_an_untimed_one_none(app, ann):
    recorded = []
    for timed in (True, False):
        options = ShowOptions(AnswerMode.TOTAL, focus=None, timed=timed)
        dealt = practice.next_show(ann, random.Random(8), options=options)
        attempt_id = practice.answer_drill(ann, pending_of(ann, dealt), Total(0))
        recorded.append(history.attempt_by_id(attempt_id, ann))
    timed, untimed = recorded
    assert timed.seconds is not None and timed.seconds >= 0 and untimed.seconds is None
    assert timed.dealt["options"] == ShowOptions(timed=True).to_dict() and timed.mode == "total"


def test_retry_refuses_what_is_not_the_learners(app, ann):
    with pytest.raises(practice.CannotRetry, match="no such mistake"):
        practice.retry(ann, 123456)


def test_claims_change_applies_over_a_change_that_landed_first(app, ann, monkeypatch):
    dealt = practice.next_show(ann, random.Random(6), options=ShowOptions())
    update = pending_drills.update_drill
    pair = Claims((Claim.parse("pair", "5H 5D"),)).stored()
    landed_first = []

    def another_request_writes_first(drill_id, payload, version):
        if not landed_first:  # another request writes between this read and this write
            pending = pending_drills.pending_drill(dealt.drill_id, ann, DrillKind.SHOW)
            update(pending.id, {**pending.payload, "claims": pair}, pending.version)
            database.commit()
            landed_first.append(True)
        return update(drill_id, payload, version)

    monkeypatch.setattr(pending_drills, "update_drill", another_request_writes_first)
    change = practice.AddClaim(Claim.parse("nobs", "JS"))
    assert practice.change_claims(ann, dealt.drill_id, change) is practice.ClaimsChange.SAVED
    claims = pending_drills.pending_drill(dealt.drill_id, ann, DrillKind.SHOW).payload["claims"]
    assert landed_first and claims == pair + [["nobs", "JS"]]


def test_claims_of_an_answered_drill_are_gone(app, ann):
    assert practice.change_claims(ann, "0" * 32, practice.RemoveClaim(0)) is practice.ClaimsChange.GONE


def test_a_refused_claims_change_writes_nothing(app, ann):
    dealt = practice.next_show(ann, random.Random(9), options=ShowOptions(AnswerMode.CLAIMS))
    assert practice.change_claims(ann, dealt.drill_id, practice.RemoveClaim(0)) is practice.ClaimsChange.NO_SUCH_CLAIM
    nobs = practice.AddClaim(Claim.parse("nobs", "JS"))
    for _ in range(practice.MAX_CLAIMS):
        assert practice.change_claims(ann, dealt.drill_id, nobs) is practice.ClaimsChange.SAVED
    assert practice.change_claims(ann, dealt.drill_id, nobs) is practice.ClaimsChange.TOO_MANY
    pending = pending_of(ann, dealt)
    assert len(pending.payload["claims"]) == practice.MAX_CLAIMS and pending.version == practice.MAX_CLAIMS
    assert practice.show_drill(pending).claims == Claims((nobs.claim,) * practice.MAX_CLAIMS)


def test_an_answer_is_rated_and_moves_the_learners_rating(app, ann):
    """issue 23: a first attempt is rated; a retry of it is not."""
    from_before = ratings.learner_rating(ann, Skill.PEGGING, database.utcnow())
    dealt = practice.next_pegging(ann, random.Random(11))
    pending = pending_of(ann, dealt)
    missed = practice.answer_drill(ann, pending, wrong_answer(pending))
    after_miss = ratings.learner_rating(ann, Skill.PEGGING, database.utcnow())
    assert after_miss.rating < from_before.rating
    again = practice.retry(ann, missed)
    retried = pending_of(ann, again)
    practice.answer_drill(ann, retried, wrong_answer(retried))
    assert ratings.learner_rating(ann, Skill.PEGGING, database.utcnow()).rating == after_miss.rating


def test_new_deals_are_picked_near_the_learners_level(app, ann, monkeypatch):
    """Each fresh deal is the rating's pick among several the adaptive dealer drew."""
    picks = []
    pick = practice.dealing.pick_deal

    def watched(learner_id, skill, deals, rng, **options):
        picked = pick(learner_id, skill, deals, rng, **options)
        picks.append((skill, len(deals), picked.deal, options["target"]))
        return picked

    monkeypatch.setattr(practice.dealing, "pick_deal", watched)
    monkeypatch.setattr(practice, "FOCUS_SHARE", 0.0)  # every candidate offered, none kept for a weak type
    dealt = practice.next_show(ann, random.Random(12), options=ShowOptions(crib=True), target=0.6)
    skill, candidates, deal, target = picks[-1]
    assert (skill, candidates, target) == (Skill.COUNT_CRIB, practice.CANDIDATES, 0.6)
    assert pending_of(ann, dealt).payload["deal"] == deal.to_dict()
    practice.next_show(ann, random.Random(13), options=ShowOptions(focus=FocusKind.NOBS))
    assert len(picks) == 1  # a focus the learner chose is dealt as asked


def test_a_weak_combo_type_is_dealt_at_its_own_level(app, ann, monkeypatch):
    """With the focus share taken, the rating picks among the candidates holding the
    learner's weakest type only (one never tried counts as half wrong)."""
    offered = []
    pick = practice.dealing.pick_deal

    def watched(learner_id, skill, deals, rng, **options):
        offered.append(list(deals))
        return pick(learner_id, skill, deals, rng, **options)

    monkeypatch.setattr(practice.dealing, "pick_deal", watched)
    monkeypatch.setattr(practice, "FOCUS_SHARE", 1.0)
    practice.next_pegging(ann, random.Random(3))
    weakest = dealing.weakest_type(offered[-1], stats.learner_totals(ann, DrillKind.PEGGING))
    assert weakest is not None and all(weakest in combo_types_of(deal) for deal in offered[-1])


def rate_deals(skill: Skill, rated: dict[float, object]) -> dict[float, str]:
    """Deals others have met, at these ratings (as the answers of others leave them); their keys."""
    keys = {}
    for rating, deal in rated.items():
        keys[rating] = deal_key(deal)
        db.session.add(DealRating(skill=skill.value, deal_key=keys[rating], kind=skill.kind.value,
                                  payload=json.dumps(deal_payload(skill.kind, deal)), rating=rating,
                                  deviation=60.0, volatility=0.06))
    database.commit()
    return keys


def test_the_shared_pool_offers_the_deals_rated_nearest_that_the_learner_has_not_met(app, ann):
    rng = random.Random(21)
    moments = {rating: pegging_moment(rng, None) for rating in (1000, 1400, 1480, 1520, 1600, 2000)}
    keys = rate_deals(Skill.PEGGING, moments)
    rate_deals(Skill.DISCARD, {1500: deal_discard(rng)})  # another skill's pool is not this one's
    near = ratings.rated_deals_near(Skill.PEGGING, 1500, ann, 2)
    assert sorted(rating.rating for _, rating in near) == [1400, 1480, 1520, 1600]
    db.session.add(DealMet(learner_id=ann, skill=Skill.PEGGING.value, deal_key=keys[1520]))
    database.commit()
    assert sorted(rating.rating for _, rating in ratings.rated_deals_near(Skill.PEGGING, 1500, ann, 2)) == \
        [1400, 1480, 1600, 2000]
    # A newcomer's target chance is even while placing: the pool's deals around their own rating are offered.
    offered = dealing.pool_deals(ann, DrillKind.PEGGING, Skill.PEGGING, dealing.aim_for(ann, Skill.PEGGING))
    assert [deal_key(deal) for deal in offered] == [keys[1600], keys[2000], keys[1480], keys[1400]]


def test_the_pool_is_read_in_a_bounded_window_however_many_deals_the_learner_has_met(app, ann, monkeypatch):
    """A learner who has met every deal of the window nearest their aim is offered none
    from that side, rather than a read that walks past everything they have met."""
    rng = random.Random(22)
    keys = rate_deals(Skill.PEGGING, {1500.0 + step: pegging_moment(rng, None) for step in range(1, 8)})
    for rating in (1501.0, 1502.0, 1503.0):
        db.session.add(DealMet(learner_id=ann, skill=Skill.PEGGING.value, deal_key=keys[rating]))
    database.commit()
    assert [r.rating for _, r in ratings.rated_deals_near(Skill.PEGGING, 1500, ann, 2)] == [1504, 1505]
    monkeypatch.setattr(ratings, "POOL_WINDOW", 4)
    assert [r.rating for _, r in ratings.rated_deals_near(Skill.PEGGING, 1500, ann, 2)] == [1504]
    monkeypatch.setattr(ratings, "POOL_WINDOW", 3)
    assert ratings.rated_deals_near(Skill.PEGGING, 1500, ann, 2) == []


def test_a_deal_from_the_pool_at_the_learners_target_is_the_one_dealt(app, ann, monkeypatch):
    """A placed learner rated far above the fresh deals' priors: beside them (each a
    near-certain right answer) the pool's deal rated at their target chance is picked."""
    monkeypatch.setattr(practice, "FOCUS_SHARE", 0.0)  # every candidate offered
    db.session.add(LearnerRating(learner_id=ann, skill=Skill.PEGGING.value, rating=2300.0, deviation=50.0,
                                 volatility=0.06, rated=50, updated_at=database.utcnow()))
    database.commit()
    learner = ratings.learner_rating(ann, Skill.PEGGING, database.utcnow())
    at_target = pegging_moment(random.Random(22), None)
    rate_deals(Skill.PEGGING, {rating_for_chance(learner, TARGET_CHANCE, 60.0): at_target})
    dealt = practice.next_pegging(ann, random.Random(23))
    assert pending_of(ann, dealt).payload["moment"] == at_target.to_dict()


def test_a_placed_learners_discards_and_best_cards_are_dealt_as_a_game_deals_them(app, ann, monkeypatch):
    """Once placed on them, the level picks no discard or best card (simulated learners
    learnt the discard slower when it did): the pool's deal at the target is not preferred."""
    for skill in (Skill.DISCARD, Skill.BEST_CARD):
        db.session.add(LearnerRating(learner_id=ann, skill=skill.value, rating=2300.0, deviation=50.0,
                                     volatility=0.06, rated=50, updated_at=database.utcnow()))
    database.commit()
    learner = ratings.learner_rating(ann, Skill.DISCARD, database.utcnow())
    at_target = deal_discard(random.Random(22))
    rate_deals(Skill.DISCARD, {rating_for_chance(learner, TARGET_CHANCE, 60.0): at_target})
    dealt = practice.next_discard(ann, random.Random(23), dealer=None)
    assert pending_of(ann, dealt).payload["deal"] == deal_discard(random.Random(23)).to_dict()


def test_a_deal_the_check_up_reserves_is_never_dealt_in_practice(app, ann, monkeypatch):
    first = pending_of(ann, practice.next_pegging(ann, random.Random(5), policy=practice.Policy.RANDOM))
    reserved = deal_key(PeggingMoment.from_dict(first.payload["moment"]))
    monkeypatch.setattr(practice.bank, "is_reserved", lambda key: key == reserved)
    again = pending_of(ann, practice.next_pegging(ann, random.Random(5), policy=practice.Policy.RANDOM))
    assert deal_key(PeggingMoment.from_dict(again.payload["moment"])) != reserved


def test_a_crib_brought_back_to_a_hand_drill_is_dealt_as_a_crib(app, ann):
    crib = pending_of(ann, practice.next_show(ann, random.Random(9), options=ShowOptions(crib=True)))
    practice.answer_drill(ann, crib, Total(ShowDeal.from_dict(crib.payload["deal"]).score().total + 1))
    time_passes(ann, 60)
    again = pending_of(ann, practice.next_show(ann, random.Random(10), options=ShowOptions(crib=False)))
    assert again.retry_of is not None and again.payload["deal"] == crib.payload["deal"]
    assert ShowOptions.from_dict(again.payload["options"]).crib  # its page is headed "Count the crib"
