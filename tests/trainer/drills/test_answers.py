"""Drill answers as values: each keeps the shape attempts have always been stored
in, and every stored shape reads back, so old attempts stay readable."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import DECK, Card, parse_cards
from engine.scoring import SHOW_KINDS, ScoreKind
from trainer.drills.answers import (
    AUTO,
    BestCard,
    ByCategory,
    Claims,
    LaidAway,
    PegPoints,
    ShowOptions,
    Total,
    focus_named,
    show_answer_from_dict,
)
from trainer.drills.checking import AnswerMode, Claim, ClaimKind
from trainer.drills.deal import FocusKind

#: Count answers exactly as the drill stored them before answers were values.
STORED_COUNTS = [
    ({"total": 28}, Total(28)),
    (
        {"categories": {"fifteen": 8, "pair": 2, "run": 6, "flush": 0, "nobs": 1}},
        ByCategory.of({ScoreKind.FIFTEEN: 8, ScoreKind.PAIR: 2, ScoreKind.RUN: 6, ScoreKind.NOBS: 1}),
    ),
    ({"claims": [["pair", "5H 5D"], ["nobs", "JC"]]}, Claims((Claim.parse("pair", "5H 5D"), Claim.parse("nobs", "JC")))),
    ({"claims": []}, Claims()),
]


@pytest.mark.parametrize("stored, answer", STORED_COUNTS, ids=["total", "by category", "claims", "no claims"])
def test_a_stored_count_reads_back_as_the_answer_and_is_stored_again_as_it_was(stored, answer):
    assert show_answer_from_dict(stored) == answer
    assert answer.to_dict() == stored


def test_each_count_answer_names_its_mode():
    assert [type(answer).mode for _, answer in STORED_COUNTS[:3]] == list(AnswerMode)


def test_a_category_left_out_of_a_stored_answer_counts_none():
    answer = show_answer_from_dict({"categories": {"fifteen": 4}})
    assert answer == ByCategory.of({ScoreKind.FIFTEEN: 4})
    assert [kind for kind, _ in answer.points] == list(SHOW_KINDS) and answer.by_kind[ScoreKind.NOBS] == 0


@pytest.mark.parametrize("stored", [{}, {"total": "many"}, {"categories": {"nibs": 2}}, {"claims": [["fifteen"]]},
                                    {"claims": [["sequence", "3H 4H 5H"]]}, {"claims": [["run", "3H 3H 4H"]]}])
def test_a_stored_count_in_another_shape_is_refused(stored):
    with pytest.raises((KeyError, TypeError, ValueError)):
        show_answer_from_dict(stored)


def test_claims_are_added_and_taken_back_in_order():
    pair, nobs, run = Claim.parse("pair", "5H 5D"), Claim.parse("nobs", "JC"), Claim.parse("run", "3H 4D 5S")
    claims = Claims().added(pair).added(nobs).added(run)
    assert claims.claims == (pair, nobs, run)
    assert claims.removed(1).claims == (pair, run) and claims.removed(0).removed(0).claims == (run,)
    assert Claims.from_stored(claims.stored()) == claims


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True), st.sampled_from(list(ClaimKind)))
def test_any_claim_survives_the_stored_round_trip(cards, kind):
    claims = Claims((Claim(kind, tuple(sorted(cards))),))
    assert Claims.from_stored(claims.stored()) == claims


def test_the_other_answers_are_stored_as_before():
    assert PegPoints(points=2, count=15).to_dict() == {"count": 15, "points": 2}
    assert PegPoints.from_dict({"count": 15, "points": 2, "extra": "ignored"}) == PegPoints(2, 15)
    # the pick is stored sorted, whatever order the cards were ticked in
    assert LaidAway(tuple(parse_cards("KS 5H"))).to_dict() == {"discard": "5H KS"}
    assert LaidAway.from_dict({"discard": "5H KS", "given_away": 1.5}) == LaidAway(tuple(parse_cards("5H KS")))
    assert BestCard(Card.parse("10D")).to_dict() == {"card": "10D"}
    assert BestCard.from_dict({"card": "TD", "given_away": 0.0}) == BestCard(Card.parse("10D"))


def test_options_round_trip_and_the_adaptive_focus_is_stored_as_auto():
    for options in (ShowOptions(), ShowOptions(AnswerMode.CATEGORY, crib=True, focus=FocusKind.ANY, timed=True)):
        assert ShowOptions.from_dict(options.to_dict()) == options
    assert ShowOptions().to_dict() == {"mode": "total", "crib": False, "focus": AUTO, "timed": False}
    assert ShowOptions(focus=FocusKind.NOBS).args(mode="claims") == {"mode": "claims", "focus": "nobs"}


@pytest.mark.parametrize("stored", [None, [], "total", {"mode": "guess", "focus": "jokers", "crib": 1}])
def test_options_another_feature_stored_take_the_defaults(stored):
    options = ShowOptions.from_dict(stored)
    assert options.mode is AnswerMode.TOTAL and options.focus is None and not options.timed


def test_a_focus_is_named_by_its_value_and_anything_else_is_adaptive():
    assert [focus_named(focus.value) for focus in FocusKind] == list(FocusKind)
    assert focus_named(AUTO) is None and focus_named("jokers") is None
